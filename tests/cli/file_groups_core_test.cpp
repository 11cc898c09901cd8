// Files checked together, grouped by engine (core/engine/group.h), the profile
// that fits the file (Engine::DefaultProfileFor, cfgi::ChooseProfile; item 2) and where gRPC reads
// a matcher (core/matcher/envoy_config.h GrpcReadsMatcher; item 2).
//   grpc-core src/core/xds/grpc/xds_http_composite_filter.cc: ExtensionWithMatcher(PerRoute).xds_matcher
//   grpc-core src/core/xds/grpc/xds_http_rbac_filter.cc, grpc-go internal/xds/rbac: RBAC `rules`
//   grpc-core src/core/xds/grpc/xds_listener_parser.cc: FilterChain.filter_chain_match
// The core calls, in process; beside the CLI tests of the same behaviour (file_groups_cli_test.cpp).
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "core/engine/engine.h"
#include "core/engine/group.h"
#include "core/engine/scenario.h"
#include "core/matcher/envoy_config.h"
#include "core/matcher/matcher_engine.h"

namespace cfgi {
namespace {

const char* kEnvoyListener = R"(name: l
filter_chains: [{name: a, filters: []}]
filter_chain_matcher:
  matcher_tree:
    input: {name: sni, typed_config: {"@type": type.googleapis.com/envoy.extensions.matching.common_inputs.network.v3.ServerNameInput}}
    exact_match_map:
      map:
        a.example: {action: {name: a, typed_config: {"@type": type.googleapis.com/google.protobuf.StringValue, value: a}}}
)";
const char* kKuma = "type: Mesh\nname: default\n";
const char* kManifest = R"({"scr": {"version": 1, "components": [{"implementation-class": "A"}]}})";
const char* kConfigMap = R"({"tenant": "acme"})";
const char* kNotes = "owner: platform\n";
const char* kBareMatcher = R"({"matcher_list": {"matchers": [{"predicate": {"single_predicate": {"input": {"typed_config": {"@type": "type.googleapis.com/envoy.type.matcher.v3.HttpRequestHeaderMatchInput", "header_name": "x"}}, "value_match": {"exact": "1"}}}, "on_match": {"action": {"name": "a", "typed_config": {"@type": "type.googleapis.com/google.protobuf.StringValue", "value": "a"}}}}]}})";

// "engine: file, file" per group.
std::vector<std::string> Describe(const std::vector<FileGroup>& gs) {
  std::vector<std::string> out;
  for (const FileGroup& g : gs) {
    std::string s = g.engine ? std::string(g.engine->name()) : "null";
    s += ":";
    for (const InputFile& f : g.files) s += " " + f.name;
    out.push_back(s);
  }
  return out;
}

TEST(FileGroupsTest, DifferentEnginesAreDifferentGroups) {
  auto gs = GroupFiles({{"envoy.yaml", kEnvoyListener}, {"kuma.yaml", kKuma}, {"more-envoy.yaml", kEnvoyListener}}, {});
  EXPECT_EQ(Describe(gs), (std::vector<std::string>{"matcher: envoy.yaml more-envoy.yaml", "policy: kuma.yaml"}));
  // Each engine's group names its engine, so SelectEngine on its scenario gives that engine.
  EXPECT_EQ(gs[0].request.engine, "matcher");
  EXPECT_EQ(gs[1].request.engine, "policy");
}

TEST(FileGroupsTest, OneEngineIsOneGroupAsBefore) {
  auto gs = GroupFiles({{"mesh.yaml", kKuma}, {"more.yaml", kKuma}}, {});
  EXPECT_EQ(Describe(gs), (std::vector<std::string>{"policy: mesh.yaml more.yaml"}));
  EXPECT_EQ(gs[0].request.engine, "");  // the caller's request: the same choice as one scenario
  // A configuration map (any JSON object) is read beside a manifest: still one group.
  auto t = GroupFiles({{"manifest.json", kManifest}, {"config.json", kConfigMap}}, {});
  EXPECT_EQ(Describe(t), (std::vector<std::string>{"targeting: manifest.json config.json"}));
}

TEST(FileGroupsTest, AFileNoEngineReadsIsAGroupOfItsOwnWithEng001) {
  auto gs = GroupFiles({{"envoy.yaml", kEnvoyListener}, {"notes.yaml", kNotes}}, {});
  EXPECT_EQ(Describe(gs), (std::vector<std::string>{"matcher: envoy.yaml", "document: notes.yaml"}));
  Scenario s = LoadScenario(gs[1].files);
  std::string rule;
  const Engine* e = SelectEngine(&s, gs[1].request, &rule);
  EXPECT_EQ(e->name(), "document");
  EXPECT_EQ(rule, "none");
  ASSERT_EQ(s.diagnostics.size(), 1u);
  EXPECT_EQ(s.diagnostics[0].code, "ENG001");
  EXPECT_EQ(s.diagnostics[0].file, "notes.yaml");
  EXPECT_EQ(s.diagnostics[0].begin.line, 1);
  EXPECT_EQ(s.diagnostics[0].begin.column, 1);
}

TEST(FileGroupsTest, EngineRequestKeepsOneGroup) {
  auto gs = GroupFiles({{"envoy.yaml", kEnvoyListener}, {"kuma.yaml", kKuma}}, EngineRequest{"document", ""});
  EXPECT_EQ(Describe(gs), (std::vector<std::string>{"document: envoy.yaml kuma.yaml"}));
  // A profile decides only the files whose content no engine recognises.
  auto p = GroupFiles({{"envoy.yaml", kEnvoyListener}, {"kuma.yaml", kKuma}}, EngineRequest{"", "envoy"});
  EXPECT_EQ(Describe(p), (std::vector<std::string>{"matcher: envoy.yaml", "policy: kuma.yaml"}));
  EXPECT_EQ(p[0].request.profile, "envoy");
}

TEST(ProfileChoiceTest, EnvoyShapedInputIsJudgedAsEnvoy) {
  const Engine& m = GetMatcherEngine();
  Scenario envoy = LoadScenario({{"listener.yaml", kEnvoyListener}});
  EXPECT_EQ(m.DefaultProfileFor(envoy), "envoy");
  EXPECT_EQ(ChooseProfile(m, envoy, ""), "envoy");
  Scenario bare = LoadScenario({{"matcher.json", kBareMatcher}});
  EXPECT_EQ(ChooseProfile(m, bare, ""), "grpc-core");
  // Named profiles win, in order: the request, the scenario's, the configured ones the engine has.
  EXPECT_EQ(ChooseProfile(m, envoy, "grpc-java"), "grpc-java");
  EXPECT_EQ(ChooseProfile(m, envoy, "", {"kuma", "a106"}), "a106");
  envoy.profile = "grpc-core";
  EXPECT_EQ(ChooseProfile(m, envoy, ""), "grpc-core");
}

TEST(ProfileChoiceTest, SharedProfileWithoutContentIsEng001WithTheHint) {
  Scenario s = LoadScenario({{"file.json", R"({"a": 1})"}});
  EngineChoice c = ChooseEngine(s, EngineRequest{"", "grpc-core"});
  EXPECT_EQ(c.engine->name(), "document");
  EXPECT_EQ(c.rule, "none");
  ASSERT_EQ(c.diagnostics.size(), 1u);
  EXPECT_EQ(c.diagnostics[0].message,
            "no engine recognises this json file as its input (--profile grpc-core is a profile of matcher and txt, "
            "and none of them recognises it); choose the engine with --engine NAME (variants, matcher, txt, policy, "
            "targeting; document checks the syntax only) or with `engine:` in a scenario file");
  // Content among the profile's engines: a matcher is read as matcher.
  Scenario m = LoadScenario({{"m.json", kBareMatcher}});
  EngineChoice cm = ChooseEngine(m, EngineRequest{"", "grpc-core"});
  EXPECT_EQ(cm.engine->name(), "matcher");
  EXPECT_EQ(cm.rule, "content");
}

TEST(GrpcReadsMatcherTest, OnlyTheFieldsGrpcParses) {
  using matcher::GrpcReadsMatcher;
  EXPECT_TRUE(GrpcReadsMatcher("envoy.extensions.common.matching.v3.ExtensionWithMatcher", "xds_matcher"));
  EXPECT_TRUE(GrpcReadsMatcher("envoy.extensions.common.matching.v3.ExtensionWithMatcherPerRoute", "xds_matcher"));
  EXPECT_TRUE(GrpcReadsMatcher("envoy.extensions.filters.http.rate_limit_quota.v3.RateLimitQuotaFilterConfig",
                               "bucket_matchers"));
  EXPECT_FALSE(GrpcReadsMatcher("envoy.extensions.common.matching.v3.ExtensionWithMatcher", "matcher"));
  EXPECT_FALSE(GrpcReadsMatcher("envoy.extensions.filters.http.rbac.v3.RBAC", "matcher"));
  EXPECT_FALSE(GrpcReadsMatcher("envoy.extensions.filters.http.rbac.v3.RBAC", "shadow_matcher"));
  EXPECT_FALSE(GrpcReadsMatcher("envoy.config.listener.v3.Listener", "filter_chain_matcher"));
  EXPECT_FALSE(GrpcReadsMatcher("", "filter_chain_matcher"));
  EXPECT_FALSE(GrpcReadsMatcher("envoy.extensions.filters.udp.udp_proxy.v3.UdpProxyConfig", "matcher"));
}

}  // namespace
}  // namespace cfgi

namespace {
// A variants envelope reading a response and a client configuration, and a reader that has both.
struct Envelope {
  const char* envelope = "engine: variants\nsources:\n  - file: response.json\n  - file: client.yaml\n";
  const char* response = R"({"resources": [{"name": "a", "resource_name": {"name": "a"}}]})";
  const char* client = "node:\n  id: n1\n";
  cfgi::FileReader read = [this](const std::string&, const std::string& rel) -> std::optional<std::string> {
    if (rel == "response.json") return std::string(response);
    if (rel == "client.yaml") return std::string(client);
    return std::nullopt;
  };
};
const Envelope kEnvelope;

// A scenario envelope given with the files its `sources:` name (the web build's drop of a sample
// and its files, `check x.scenario.yaml *.json`): the files belong to the envelope, one group,
// even when one of them alone is no engine's input (a client configuration).
TEST(FileGroupsTest, FilesAScenarioReadsJoinItsGroup) {
  const Envelope& e = kEnvelope;
  const char *envelope = e.envelope, *response = e.response, *client = e.client;
  const cfgi::FileReader& read = e.read;
  auto gs = cfgi::GroupFiles({{"s.scenario.yaml", envelope}, {"response.json", response}, {"client.yaml", client}}, {}, read);
  std::vector<std::string> got;
  for (const auto& g : gs) {
    std::string line = std::string(g.engine ? g.engine->name() : "none") + ":";
    for (const auto& f : g.files) line += " " + f.name;
    got.push_back(line);
  }
  EXPECT_EQ(got, (std::vector<std::string>{"variants: s.scenario.yaml response.json client.yaml"}));
  // Without a reader (the app groups dropped files before reading anything): by the names the
  // envelope gives, the same group.
  auto unread = cfgi::GroupFiles({{"s.scenario.yaml", envelope}, {"response.json", response}, {"client.yaml", client}}, {});
  ASSERT_EQ(unread.size(), 1u);
  EXPECT_EQ(unread[0].names(), (std::vector<std::string>{"s.scenario.yaml", "response.json", "client.yaml"}));
}
// The envelope and the files it reads given together (a sample dropped on the app with all its
// files; `check x.scenario.yaml a.json`) read each file once, where the envelope puts it: a second
// copy would be one more source and shift the envelope's inputs (the web scale test's
// realistic-snapshot case answered SCN006).
TEST(FileGroupsTest, AFileGivenBesideTheEnvelopeThatReadsItIsReadOnce) {
  const Envelope& e = kEnvelope;
  const char *envelope = e.envelope, *response = e.response, *client = e.client;
  const cfgi::FileReader& read = e.read;
  // Before and after the envelope, by the same name and by a "./" name.
  cfgi::Scenario s = cfgi::LoadScenario(
      {{"./client.yaml", client}, {"s.scenario.yaml", envelope}, {"response.json", response}, {"other.yaml", "owner: platform\n"}}, read);
  std::vector<std::string> names;
  for (const auto& d : s.sources) names.push_back(d.source->name());
  EXPECT_EQ(names, (std::vector<std::string>{"response.json", "client.yaml", "other.yaml"}));
  EXPECT_TRUE(cfgi::SameInputFile("dir/a.json", "a.json"));
  EXPECT_TRUE(cfgi::SameInputFile("./dir/a.json", "dir/a.json"));
  EXPECT_FALSE(cfgi::SameInputFile("x/a.json", "y/a.json"));
}
}  // namespace
