// txt engine: choice selection under each implementation's rules, the rollout shares, the
// diagnostics located in the original text, and the engine's CLI-facing result.
#include <algorithm>

#include <gtest/gtest.h>

#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "core/engine/engine.h"
#include "core/txt/txt_engine.h"
#include "core/txt/txt_model.h"

namespace cfgi::txt {
namespace {

CompiledRecords Compile(const std::string& text, const std::string& name = "t.zone") {
  return txt::Compile(std::make_shared<doc::Source>(name, text));
}
using txt::Compile;

std::string Record(const std::string& json) {
  std::string esc;
  for (char c : json) esc += c == '"' ? std::string("\\\"") : std::string(1, c);
  return "_grpc_config.srv 60 IN TXT \"grpc_config=" + esc + "\"\n";
}

using Located = std::tuple<std::string, int, int>;
std::vector<Located> Codes(const std::vector<doc::Diagnostic>& ds) {
  std::vector<Located> out;
  for (const auto& d : ds) out.emplace_back(d.code, d.begin.line, d.begin.column);
  return out;
}

struct Want {
  ProfileId profile;
  std::optional<std::string> language;
  std::string hostname;
  int rand;
  std::optional<int> choice;
  std::optional<std::string> error;  // exact
};

void ExpectAll(const std::string& json, const std::vector<Want>& wants) {
  CompiledRecords a = Compile(Record(json));
  for (const Want& w : wants) {
    Evaluation ev = Evaluate(a, w.profile, {w.language, w.hostname, w.rand});
    EXPECT_EQ(ev.choice, w.choice) << Profiles().Name(w.profile) << " r=" << w.rand << " " << json;
    EXPECT_EQ(ev.error, w.error) << Profiles().Name(w.profile) << " r=" << w.rand << " " << json;
  }
}

constexpr auto kCore = ProfileId::kCore;
constexpr auto kJava = ProfileId::kJava;
constexpr auto kGo = ProfileId::kGo;
constexpr auto kA2 = ProfileId::kA2;
const std::nullopt_t N = std::nullopt;

TEST(TxtSelectTest, LanguageRules) {
  // grpc-core "c++" exact; grpc-java "java" ignoring case; grpc-go "GO" exact.
  const std::string j = R"([{"clientLanguage":["go","JAVA"],"serviceConfig":{}},{"clientLanguage":["c++"],"serviceConfig":{}}])";
  ExpectAll(j, {{kCore, N, "", 0, 1, N},
                {kJava, N, "", 0, 0, N},
                {kGo, N, "", 0, N, "no JSON service config provided (no choice matched; grpc-go passes \"\" to ParseServiceConfig)"},
                {kGo, "go", "", 0, 0, N},
                {kA2, "go", "", 0, 0, N},
                {kA2, "java", "", 0, N, N},
                // a2 without a language: both choices name a language, so the answer depends on
                // it (by_language, TxtSelectTest.A2WithoutALanguage); no single choice, no error.
                {kA2, N, "", 0, N, N}});
}

TEST(TxtSelectTest, PercentageBoundaries) {
  // core: skip when r > pct || pct == 0; java: skip when r >= pct; go: select when r+1 <= pct.
  const std::string j = R"([{"percentage":30,"serviceConfig":{}},{"serviceConfig":{}}])";
  ExpectAll(j, {{kCore, N, "", 30, 0, N}, {kCore, N, "", 31, 1, N},
                {kJava, N, "", 29, 0, N}, {kJava, N, "", 30, 1, N},
                {kGo, N, "", 29, 0, N}, {kGo, N, "", 30, 1, N},
                {kA2, "c++", "", 29, 0, N}, {kA2, "c++", "", 30, 1, N}});
  ExpectAll(R"([{"percentage":0,"serviceConfig":{}},{"serviceConfig":{}}])",
            {{kCore, N, "", 0, 1, N}, {kJava, N, "", 0, 1, N}, {kGo, N, "", 0, 1, N}});
  // -1 is grpc-core's "unset"; grpc-java rejects it when it reaches the choice.
  ExpectAll(R"([{"percentage":-1,"serviceConfig":{}}])",
            {{kCore, N, "", 99, 0, N},
             {kJava, N, "", 0, N, "failed to pick service config choice: Bad percentage: -1"},
             {kGo, N, "", 0, N, "no JSON service config provided (no choice matched; grpc-go passes \"\" to ParseServiceConfig)"}});
  // grpc-java truncates a fraction; grpc-core and grpc-go reject it.
  ExpectAll(R"([{"percentage":50.9,"serviceConfig":{}},{"serviceConfig":{}}])",
            {{kJava, N, "", 50, 1, N}, {kJava, N, "", 49, 0, N},
             {kCore, N, "", 0, N, "failed to parse service config: field:[0].percentage error:'50.9' is not an integer: grpc-core fails to parse the number (write e.g. 25)"}});
}

TEST(TxtSelectTest, KeysHostnamesAndEmptyLists) {
  const std::string j = R"([{"clientHostName":["h1"],"serviceConfig":{"loadBalancingPolicy":"pick_first"}},{"serviceConfig":{}}])";
  ExpectAll(j, {{kCore, N, "h2", 0, 0, N},
                {kGo, N, "h1", 0, 0, N},
                {kGo, N, "h2", 0, 1, N},
                {kJava, N, "h1", 0, N, "failed to pick service config choice: Bad key: clientHostName"}});
  ExpectAll(R"([{"clientHostname":["h1"],"serviceConfig":{}},{"serviceConfig":{}}])",
            {{kCore, N, "h1", 0, 0, N}, {kCore, N, "H1", 0, 1, N}, {kJava, N, "h1", 0, 0, N}});
  ExpectAll(R"([{"clientLanguage":[],"clientHostname":[],"serviceConfig":{}},{"serviceConfig":{}}])",
            {{kCore, N, "", 0, 0, N}, {kJava, N, "", 0, 0, N}, {kGo, N, "", 0, 1, N}, {kA2, "x", "", 0, 0, N}});
  // null is absent for grpc-core and grpc-go; grpc-java's getList rejects it.
  ExpectAll(R"([{"clientLanguage":null,"serviceConfig":{}}])",
            {{kCore, N, "", 0, 0, N}, {kGo, N, "", 0, 0, N},
             {kJava, N, "", 0, N, "failed to pick service config choice: [0].clientLanguage: value null is not a List"}});
}

TEST(TxtSelectTest, MissingServiceConfigAndErrorsOnlyWhenReached) {
  const std::string j = R"([{"clientLanguage":["java"]},{"serviceConfig":{"loadBalancingPolicy":"round_robin"}}])";
  ExpectAll(j, {{kCore, N, "", 0, N, "failed to parse service config: field:[0].serviceConfig error:field not present"},
                {kJava, N, "", 0, N, "failed to pick service config choice: key 'serviceConfig' missing in choice [0]"},
                {kJava, "c++", "", 0, 1, N},
                {kGo, "java", "", 0, 1, N},
                {kA2, "java", "", 0, 1, N}});
  // grpc-java verifies keys only for the choices it reaches.
  ExpectAll(R"([{"serviceConfig":{}},{"bogus":1,"serviceConfig":{}}])", {{kJava, N, "", 0, 0, N}});
}

TEST(TxtSelectTest, ChosenConfigIsValidated) {
  const std::string j = R"([{"serviceConfig":{"loadBalancingPolicy":"round_robbin"}}])";
  ExpectAll(j, {{kCore, N, "", 0, 0, "failed to parse service config: [0].serviceConfig.loadBalancingPolicy: 'loadBalancingPolicy' "
                                      "names unknown LB policy 'round_robbin', which rejects the whole config; did you mean 'round_robin'?"},
                {kGo, N, "", 0, 0, N}});
  CompiledRecords a = Compile(Record(j));
  EXPECT_TRUE(a.of(kGo).choices[0].lb_fallback);
  Evaluation ev = Evaluate(a, kGo, {});
  ASSERT_TRUE(ev.service_config);
  EXPECT_EQ(ev.service_config->dump(), R"({"loadBalancingPolicy":"round_robbin"})");
}

TEST(TxtSelectTest, RecordSelectionDiffers) {
  // SPF first: grpc-go concatenates every record, so its value does not start with grpc_config=.
  std::string zone = "_grpc_config.srv 60 IN TXT \"v=spf1 -all\"\n" + Record(R"([{"serviceConfig":{}}])");
  CompiledRecords a = Compile(zone);
  EXPECT_EQ(Evaluate(a, kCore, {}).choice, 0);
  EXPECT_EQ(Evaluate(a, kJava, {}).choice, 0);
  Evaluation go = Evaluate(a, kGo, {});
  EXPECT_EQ(go.choice, N);
  EXPECT_EQ(go.error, N);
  EXPECT_FALSE(a.of(kGo).found);
  // The prefix split across strings: grpc-core checks the first string only.
  CompiledRecords split = Compile("_grpc_config.srv 60 IN TXT \"grpc_\" \"config=[{\\\"serviceConfig\\\":{}}]\"\n");
  EXPECT_FALSE(split.of(kCore).found);
  EXPECT_EQ(Evaluate(split, kJava, {}).choice, 0);
  EXPECT_EQ(Codes(ProfileDiagnostics(split, kCore)), (std::vector<Located>{{"TXT011", 1, 28}}));
}

TEST(TxtSelectTest, RolloutIsAProductOfIndependentDraws) {
  CompiledRecords a = Compile(Record(R"([{"percentage":50,"serviceConfig":{}},{"percentage":50,"serviceConfig":{}},{"serviceConfig":{}}])"));
  auto shares = [&](ProfileId p) {
    std::vector<std::pair<int, double>> out;
    for (const Share& s : ComputeRollout(a, p, {}).shares) out.emplace_back(s.choice, s.percent);
    return out;
  };
  EXPECT_EQ(shares(kJava), (std::vector<std::pair<int, double>>{{0, 50}, {1, 25}, {2, 25}}));
  EXPECT_EQ(shares(kCore), (std::vector<std::pair<int, double>>{{0, 51}, {1, 24.99}, {2, 24.01}}));
  Rollout core = ComputeRollout(a, kCore, {});
  EXPECT_EQ(core.fixed[50], 0);
  EXPECT_EQ(core.fixed[51], 2);  // the same draw fails both 50% choices
  // grpc-go: no matching choice is an error share.
  CompiledRecords b = Compile(Record(R"([{"percentage":40,"serviceConfig":{}}])"));
  std::vector<std::pair<int, double>> go;
  for (const Share& s : ComputeRollout(b, kGo, {}).shares) go.emplace_back(s.choice, s.percent);
  EXPECT_EQ(go, (std::vector<std::pair<int, double>>{{0, 40}, {-2, 60}}));
}

TEST(TxtSelectTest, DiagnosticsPointIntoTheOriginalText) {
  // The spec example: single quotes at line 1 column 34 (after the quote and grpc_config=[{).
  CompiledRecords spec = Compile("myserver 3600 TXT \"grpc_config=[{'serviceConfig':{'loadBalancingPolicy':'round_robin'}}]\"\n");
  EXPECT_EQ(Codes(ProfileDiagnostics(spec, kCore)), (std::vector<Located>{{"TXT008", 1, 1}, {"TXT021", 1, 34}}));
  // A JSON error in the second string of a parenthesised record, after escapes.
  CompiledRecords split = Compile("_grpc_config.srv IN TXT ( \"grpc_config=[{\\\"serviceConfig\\\":\"\n"
                        "  \"{}},\\\"x\\\"}]\" )\n");
  EXPECT_EQ(Codes(ProfileDiagnostics(split, kGo)), (std::vector<Located>{{"TXT020", 2, 13}}));
  // Unknown keys with did-you-mean, per profile severity.
  CompiledRecords keys = Compile(Record(R"([{"parcentage":5,"serviceConfig":{}}])"));
  auto core = ProfileDiagnostics(keys, kCore);
  auto java = ProfileDiagnostics(keys, kJava);
  ASSERT_EQ(core.size(), 1u);
  ASSERT_EQ(java.size(), 1u);
  EXPECT_EQ(core[0].code, "TXT030");
  EXPECT_EQ(core[0].severity, doc::Severity::kWarning);
  EXPECT_EQ(java[0].severity, doc::Severity::kError);
  EXPECT_EQ(core[0].begin, (doc::Position{1, 43}));
  EXPECT_EQ(core[0].message,
            "grpc-core ignores unknown key 'parcentage': this choice is not limited to a percentage of clients; did you "
            "mean 'percentage'?");
}

TEST(TxtSelectTest, DeadChoiceAndDuplicates) {
  CompiledRecords a = Compile(Record(R"([{"serviceConfig":{}},{"clientLanguage":["c++"],"serviceConfig":{}}])"));
  EXPECT_EQ(Codes(ProfileDiagnostics(a, kJava)), (std::vector<Located>{{"TXT038", 1, 65}}));
  CompiledRecords d = Compile(Record(R"([{"serviceConfig":{},"serviceConfig":{"x":1}}])"));
  EXPECT_EQ(Evaluate(d, kCore, {}).error, "failed to parse service config: JSON parse error: duplicate key \"serviceConfig\"");
  // grpc-java's JsonParser fails on the repeated key (Duplicate key found); grpc-go keeps the last.
  EXPECT_EQ(Evaluate(d, kJava, {}).error, "failed to parse TXT records: Duplicate key found: serviceConfig");
  EXPECT_EQ(Evaluate(d, kGo, {}).choice, 0);
}

// Every sample's scenario states its expectations; the table repeats the key ones.
TEST(TxtSelectTest, SamplesSelectWhatTheSpecAndImplementationsSay) {
  struct Case {
    const char* file;
    std::vector<std::optional<int>> choice;  // grpc-core, grpc-java, grpc-go, a2
  } cases[] = {
      {"spec-example.scenario.yaml", {N, N, N, N}},
      {"spec-example-double-quotes.scenario.yaml", {0, 0, 0, 0}},
      {"second-language-cpp.scenario.yaml", {1, N, N, 0}},
      {"percentages.scenario.yaml", {1, 1, 1, 1}},
      {"canary-50.scenario.yaml", {0, 1, 1, 1}},
      {"wrong-types.scenario.yaml", {N, N, N, N}},
      {"percentage-string.scenario.yaml", {0, 1, N, N}},
      {"bad-json-split.scenario.yaml", {N, N, N, N}},
      {"no-config-for-cpp.scenario.yaml", {N, N, N, 0}},
      {"unknown-keys.scenario.yaml", {0, N, 1, 0}},
      {"empty-lists.scenario.yaml", {0, 0, 1, 0}},
      {"missing-service-config.scenario.yaml", {N, N, 1, 1}},
      {"dead-choice.scenario.yaml", {0, 1, 1, 1}},
      {"two-records.scenario.yaml", {N, 1, N, N}},
      {"dig-spf-mixed.scenario.yaml", {1, 0, N, 0}},
      {"split-255.scenario.yaml", {0, 0, N, 0}},
      {"dig-short.scenario.yaml", {0, 0, 0, 0}},
  };
  for (const Case& c : cases) {
    std::string path = std::string(CFGI_SOURCE_DIR) + "/samples/txt/" + c.file;
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    Scenario s = LoadScenario({{path, ss.str()}}, [](const std::string& sc, const std::string& rel) -> std::optional<std::string> {
      std::ifstream f(sc.substr(0, sc.rfind('/') + 1) + rel);
      if (!f) return std::nullopt;
      std::stringstream b;
      b << f.rdbuf();
      return b.str();
    });
    const Engine& e = GetTxtEngine();
    for (int i = 0; i < 4; ++i) {
      Report r = RunScenario(e, s, {}, Profiles().entries()[static_cast<size_t>(i)].name, true);
      nlohmann::ordered_json want = c.choice[static_cast<size_t>(i)] ? nlohmann::ordered_json(*c.choice[static_cast<size_t>(i)])
                                                                      : nlohmann::ordered_json(nullptr);
      EXPECT_EQ(r.result["choice"], want) << c.file << " " << Profiles().entries()[static_cast<size_t>(i)].name;
      for (const auto& d : r.diagnostics) EXPECT_NE(d.code, "SCN006") << c.file << ": " << d.message;
    }
  }
}

// The one profile comparison (core/engine/compare.h) over the txt engine's results: a Java
// client, an SPF record first and a choice list whose first choice has an empty language list.
// grpc-go concatenates every record of the name (dns_resolver.go), so it reads no valid
// grpc_config; the others read record 1 and select choice 0.
TEST(TxtSelectTest, TheComparisonListsTheDisagreements) {
  Scenario s = LoadScenario({{"t.zone", "_grpc_config.srv 60 IN TXT \"v=spf1 -all\"\n" +
                                             Record(R"([{"clientLanguage":[],"serviceConfig":{}},{"serviceConfig":{"loadBalancingPolicy":"grpclb"}}])")}});
  Query q;
  q.flags = {{"language", "java"}};
  nlohmann::ordered_json all = AllProfilesJson(GetTxtEngine(), s, q, true);
  const nlohmann::ordered_json& d = all["divergences"];
  auto at = [&](const std::string& path) -> nlohmann::ordered_json {
    for (const auto& x : d)
      if (x["path"] == path) return x["values"];
    return nullptr;
  };
  EXPECT_EQ(at("/choice"), (nlohmann::ordered_json{{"grpc-core", 0}, {"grpc-java", 0}, {"grpc-go", nullptr}, {"a2", 0}}));
  EXPECT_EQ(at("/records/1/read"), (nlohmann::ordered_json{{"grpc-core", true}, {"grpc-java", true}, {"grpc-go", false}, {"a2", true}}));
  EXPECT_EQ(at("/records/0/read"), nullptr);  // nobody reads the SPF record: not a divergence
}

TEST(TxtEngineTest, QueryFlagsAndErrors) {
  Scenario s = LoadScenario({{"t.zone", Record(R"([{"percentage":50,"clientHostname":["h"],"serviceConfig":{}}])")}});
  const Engine& e = GetTxtEngine();
  Query q;
  q.flags = {{"hostname", "h"}, {"rand", "50"}};
  Report core = RunScenario(e, s, q, "grpc-core", true);
  EXPECT_EQ(core.result["choice"], 0);
  Report java = RunScenario(e, s, q, "grpc-java", true);
  EXPECT_EQ(java.result["choice"], nullptr);
  EXPECT_EQ(java.result["error"], nullptr);
  // a2 without a language: the one choice has no clientLanguage, so it applies to every client.
  Report a2 = RunScenario(e, s, q, "a2", true);
  EXPECT_EQ(a2.result["error"], nullptr);
  EXPECT_EQ(a2.result["choice"], nullptr);  // r=50 is not < 50
  EXPECT_EQ(a2.result["client"]["language"], nullptr);
  EXPECT_FALSE(a2.result.contains("by_language"));
  for (const auto& d : a2.diagnostics) EXPECT_NE(d.code, "TXT040");
  Query bad;
  bad.flags = {{"rand", "100"}};
  Report r = RunScenario(e, s, bad, "grpc-core", true);
  auto rand = std::find_if(r.diagnostics.begin(), r.diagnostics.end(), [](const doc::Diagnostic& d) { return d.code == "TXT041"; });
  ASSERT_NE(rand, r.diagnostics.end());
  EXPECT_EQ(rand->message, "--rand is the random draw, an integer from 0 to 99; got '100'");
  EXPECT_EQ(rand->severity, doc::Severity::kError);
  EXPECT_EQ(e.Detect(doc::LoadDocument("x.zone", "a IN TXT \"grpc_config=[]\"")), 90);
}

// gRFC A2 (/work/shared/spec/grpc-a2-service-config-dns.md): "clientLanguage ... If unset, the
// choice applies to all clients" and choices are tried in order; the proposal names no language
// of its own, so the a2 profile answers for any client until a choice with clientLanguage is
// reached, and then lists the outcome per language the choices name and for any other language.
TEST(TxtSelectTest, A2WithoutALanguage) {
  // The canary-50 sample's shape: no clientLanguage anywhere, the answer is the same for all.
  CompiledRecords canary = Compile(Record(R"([{"percentage":50,"serviceConfig":{"loadBalancingPolicy":"round_robin"}},{"serviceConfig":{}}])"));
  Evaluation c0 = Evaluate(canary, kA2, {N, "", 10});
  EXPECT_EQ(c0.choice, 0);
  EXPECT_EQ(c0.error, N);
  EXPECT_TRUE(c0.language_unknown);
  EXPECT_TRUE(c0.by_language.empty());
  EXPECT_EQ(Evaluate(canary, kA2, {N, "", 50}).choice, 1);
  // The rollout is computed for any language: 50 % each.
  Rollout ro = ComputeRollout(canary, kA2, {N, "", 0});
  ASSERT_EQ(ro.shares.size(), 2u);
  EXPECT_EQ(ro.shares[0].choice, 0);
  EXPECT_DOUBLE_EQ(ro.shares[0].percent, 50.0);
  EXPECT_EQ(ro.shares[1].choice, 1);

  // A language-specific choice first: java gets choice 0, go gets 1, any other gets 2.
  CompiledRecords a = Compile(Record(R"([{"clientLanguage":["java"],"serviceConfig":{"loadBalancingPolicy":"pick_first"}},)"
                           R"({"clientLanguage":["go"],"serviceConfig":{}},{"serviceConfig":{"loadBalancingPolicy":"round_robin"}}])"));
  Evaluation ev = Evaluate(a, kA2, {N, "", 0});
  EXPECT_EQ(ev.choice, N);
  EXPECT_EQ(ev.error, N);
  EXPECT_EQ(ev.service_config, nullptr);
  ASSERT_EQ(ev.by_language.size(), 3u);
  EXPECT_EQ(ev.by_language[0].language, "java");
  EXPECT_EQ(ev.by_language[0].choice, 0);
  EXPECT_EQ(ev.by_language[1].language, "go");
  EXPECT_EQ(ev.by_language[1].choice, 1);
  EXPECT_TRUE(ev.by_language[2].other);
  EXPECT_EQ(ev.by_language[2].choice, 2);
  ASSERT_NE(ev.by_language[2].service_config, nullptr);
  EXPECT_EQ((*ev.by_language[2].service_config)["loadBalancingPolicy"], "round_robin");
  // With a language the answer is one choice again.
  EXPECT_EQ(Evaluate(a, kA2, {"go", "", 0}).choice, 1);

  // Through the engine: the JSON lists the outcome per language, TXT040 is a note that says so.
  Scenario s = LoadScenario({{"t.zone", Record(R"([{"clientLanguage":["java"],"serviceConfig":{}},{"serviceConfig":{}}])")}});
  Report r = RunScenario(GetTxtEngine(), s, {}, "a2", true);
  EXPECT_EQ(r.result["choice"], nullptr);
  EXPECT_EQ(r.result["by_language"], nlohmann::ordered_json::parse(R"([
    {"language":"java","choice":0,"service_config":{},"error":null},
    {"language":null,"choice":1,"service_config":{},"error":null}])"));
  auto note = std::find_if(r.diagnostics.begin(), r.diagnostics.end(), [](const doc::Diagnostic& d) { return d.code == "TXT040"; });
  ASSERT_NE(note, r.diagnostics.end());
  EXPECT_EQ(note->severity, doc::Severity::kNote);
  EXPECT_EQ(note->message, "without a client language the a2 answer depends on it: \"java\" gets choice 0, any other language "
                           "gets choice 1; set the language (--language, inputs.language, or the view's language field) for one answer");
}

// Implementation versions: the profiles follow the current releases and a
// TXT042 note names the releases that behave otherwise.
TEST(TxtSelectTest, VersionNotes) {
  // grpc-core: src/core/resolver/dns/event_engine/service_config_helper.cc (JsonObjectLoader)
  // reads "30" as 30; the hand-written ChooseServiceConfig before it rejected a string
  // percentage (test/cpp/naming/resolver_test_record_groups.yaml: ipv4-svc_cfg_bad_percentage,
  // "field:percentage error:should be of type number").
  CompiledRecords a = Compile(Record(R"([{"percentage":"30","serviceConfig":{}}])"));
  EXPECT_EQ(Evaluate(a, kCore, {N, "", 30}).choice, 0);
  std::vector<doc::Diagnostic> core = ProfileDiagnostics(a, kCore);
  auto note = std::find_if(core.begin(), core.end(), [](const doc::Diagnostic& d) { return d.code == "TXT042"; });
  ASSERT_NE(note, core.end());
  EXPECT_EQ(note->severity, doc::Severity::kNote);
  EXPECT_EQ(note->begin, (doc::Position{1, 58}));  // the string "30"
  for (const auto& d : ProfileDiagnostics(a, kJava)) EXPECT_NE(d.code, "TXT042");

  // grpc-go: service_config.go jsonName.generatePath returns errEmptyServiceNonEmptyMethod since
  // v1.31.0 (#3684); earlier releases skipped such a name (service_config_test.go covers the
  // current error).
  CompiledRecords g = Compile(Record(R"([{"serviceConfig":{"methodConfig":[{"name":[{"method":"Get"}]}]}}])"));
  std::vector<doc::Diagnostic> go = ProfileDiagnostics(g, kGo);
  std::vector<std::string> codes;
  for (const auto& d : go) codes.push_back(d.code);
  EXPECT_NE(std::find(codes.begin(), codes.end(), "TXT052"), codes.end());
  EXPECT_NE(std::find(codes.begin(), codes.end(), "TXT042"), codes.end());
  EXPECT_TRUE(Evaluate(g, kGo, {N, "", 0}).error.has_value());  // the current release rejects it
  for (const auto& d : ProfileDiagnostics(g, kCore)) EXPECT_NE(d.code, "TXT042");
}

// A zone as it is kept (SOA over several lines, NS, A, SRV, an SPF TXT at the apex) with two
// _grpc_config names: each name is its own query for a gRPC client (grpc-go dns_resolver.go
// lookupTXT and grpc-core's c-ares resolver query "_grpc_config." + host), so each is
// evaluated; --name chooses the one whose result is reported first.
const char* kZone = R"Z($ORIGIN example.com.
$TTL 3600
@ IN SOA ns1.example.com. hostmaster.example.com. (
        2024010101 ; serial
        7200 3600 1209600 3600 )
@        IN NS  ns1.example.com.
@        IN TXT "v=spf1 -all"
ns1      IN A   192.0.2.1
api      IN A   192.0.2.10
_grpclb._tcp.api IN SRV 0 0 443 lb.example.com.
_grpc_config.api IN TXT "grpc_config=[{\"serviceConfig\":{\"loadBalancingPolicy\":\"round_robin\"}}]"
_grpc_config.billing IN TXT "grpc_config=[{\"clientLanguage\":[\"go\"],\"serviceConfig\":{}},{\"percentage\":\"x\",\"serviceConfig\":{}}]"
)Z";

TEST(TxtNamesTest, EveryGrpcConfigNameIsEvaluated) {
  CompiledRecords a = Compile(kZone);
  ASSERT_EQ(a.names.size(), 2u);
  EXPECT_EQ(a.names[0].key, "_grpc_config.api.example.com");
  EXPECT_EQ(a.names[1].key, "_grpc_config.billing.example.com");
  EXPECT_EQ(a.query_owner, "_grpc_config.api.example.com");
  EXPECT_EQ(a.records.other_records, 5);  // SOA, NS, two A, SRV: skipped, no error
  // The other grpc_config name is evaluated, not "not read": the one TXT009 note is the SPF
  // record at the apex (line 7).
  int notes = 0;
  for (const auto& d : a.record_diagnostics) {
    EXPECT_NE(d.code, "TXT006") << d.message;
    if (d.code == "TXT009") {
      ++notes;
      EXPECT_EQ(d.begin.line, 7);
    }
  }
  EXPECT_EQ(notes, 1);
  EXPECT_TRUE(NameMatches("billing.example.com", "_grpc_config.billing.example.com"));
  EXPECT_TRUE(NameMatches("_GRPC_CONFIG.Billing.Example.Com.", "_grpc_config.billing.example.com"));
  EXPECT_FALSE(NameMatches("billing", "_grpc_config.billing.example.com"));

  Scenario s = LoadScenario({{"example.com.zone", kZone}});
  const Engine& e = GetTxtEngine();
  Report r = RunScenario(e, s, {}, "grpc-core", true);
  EXPECT_EQ(r.result["name"], "_grpc_config.api");
  EXPECT_EQ(r.result["choice"], 0);
  EXPECT_EQ(r.result["names"], nlohmann::ordered_json::parse(R"J([
    {"name":"_grpc_config.api","file":"example.com.zone","line":11,"column":1,"service_config":{"loadBalancingPolicy":"round_robin"},"choice":0,"error":null},
    {"name":"_grpc_config.billing","file":"example.com.zone","line":12,"column":1,"service_config":null,"choice":null,
     "error":"failed to parse service config: field:[1].percentage error:'x' is not an integer: grpc-core fails to parse the number (write e.g. 25)"}])J"));
  // The billing name's own problem is reported once, at its line.
  int txt033 = 0;
  for (const auto& d : r.diagnostics)
    if (d.code == "TXT033") {
      ++txt033;
      EXPECT_EQ(d.begin.line, 12);
    }
  EXPECT_EQ(txt033, 1);

  Query q;
  q.flags = {{"name", "billing.example.com"}};
  Report go = RunScenario(e, s, q, "grpc-go", true);
  EXPECT_EQ(go.result["name"], "_grpc_config.billing");
  EXPECT_EQ(go.result["choice"], nullptr);
  EXPECT_EQ(go.result["names"][0]["choice"], 0);

  Query bad;
  bad.flags = {{"name", "web.example.com"}};
  Report none = RunScenario(e, s, bad, "grpc-core", true);
  auto d = std::find_if(none.diagnostics.begin(), none.diagnostics.end(), [](const doc::Diagnostic& x) { return x.code == "TXT019"; });
  ASSERT_NE(d, none.diagnostics.end());
  EXPECT_EQ(d->severity, doc::Severity::kError);
  EXPECT_EQ(d->message, "no grpc_config record on 'web.example.com'; the names with one are: _grpc_config.api, "
                        "_grpc_config.billing (pass one of them with --name)");
}

// dig output for two names in one run (`dig TXT _grpc_config.a.example.com _grpc_config.b.example.com`
// prints one ANSWER section per query).
// Every name is evaluated on its own owner, the empty owner of raw strings after a zone line
// included (found by the txt_names fuzzer: the raw strings' name was re-read as "no --name" and
// evaluated the first name again, so two rows showed the same name).
TEST(TxtNamesTest, EachNameIsEvaluatedOnItsOwnOwner) {
  const std::string zone =
      "_grpc_config.a.example.com. 300 IN TXT \"grpc_config=[{\\\"serviceConfig\\\":{}}]\"\n"
      "\"grpc_config=[{\\\"serviceConfig\\\":{\\\"loadBalancingPolicy\\\":\\\"round_robin\\\"}}]\"\n";
  CompiledRecords a = Compile(zone);
  ASSERT_EQ(a.names.size(), 2u) << a.names.size();
  EXPECT_EQ(a.names[0].key, "_grpc_config.a.example.com");
  EXPECT_EQ(a.names[1].key, "");
  for (const auto& n : a.names) {
    CompiledRecords one = txt::Compile(std::make_shared<doc::Source>("z.zone", zone), n.key, /*exact_key=*/true);
    EXPECT_EQ(one.query_owner, n.key);
    for (const auto& d : one.record_diagnostics) EXPECT_NE(d.code, "TXT019") << d.message;
  }
}

TEST(TxtNamesTest, DigOutputOfTwoQueries) {
  const char* dig = R"D(; <<>> DiG 9.18.24 <<>> TXT _grpc_config.a.example.com _grpc_config.b.example.com
;; global options: +cmd
;; Got answer:
;; ->>HEADER<<- opcode: QUERY, status: NOERROR, id: 1
;; flags: qr rd ra; QUERY: 1, ANSWER: 1, AUTHORITY: 0, ADDITIONAL: 1

;; QUESTION SECTION:
;_grpc_config.a.example.com.	IN	TXT

;; ANSWER SECTION:
_grpc_config.a.example.com. 300	IN	TXT	"grpc_config=[{\"serviceConfig\":{}}]"

;; Query time: 3 msec

;; Got answer:
;; ->>HEADER<<- opcode: QUERY, status: NOERROR, id: 2
;; flags: qr rd ra; QUERY: 1, ANSWER: 1, AUTHORITY: 0, ADDITIONAL: 1

;; QUESTION SECTION:
;_grpc_config.b.example.com.	IN	TXT

;; ANSWER SECTION:
_grpc_config.b.example.com. 300	IN	TXT	"grpc_config=[{\"percentage\":0,\"serviceConfig\":{}}]"
)D";
  CompiledRecords a = Compile(dig, "two.dig");
  EXPECT_EQ(a.records.style, InputStyle::kDig);
  ASSERT_EQ(a.names.size(), 2u);
  EXPECT_EQ(a.names[1].owner, "_grpc_config.b.example.com.");
  CompiledRecords b = Compile(std::make_shared<doc::Source>("two.dig", dig), "_grpc_config.b.example.com");
  EXPECT_EQ(b.query_owner, "_grpc_config.b.example.com");
  EXPECT_EQ(Evaluate(b, kCore, {N, "", 0}).choice, N);  // percentage 0: never
  EXPECT_EQ(Evaluate(a, kCore, {N, "", 0}).choice, 0);
}

}  // namespace
}  // namespace cfgi::txt

namespace cfgi::txt {
namespace {

// "Is lookup even on?": each profile says whether its implementation queries
// _grpc_config TXT at all by default, and how to switch it, beside the selected config. Read in
// grpc src/core/resolver/dns/c_ares/dns_resolver_ares.cc and event_engine/
// event_engine_client_channel_resolver.cc (request_service_config_ =
// !GetBool(GRPC_ARG_SERVICE_CONFIG_DISABLE_RESOLUTION).value_or(true)), native/dns_resolver.cc (no
// TXT query at all); grpc-java DnsNameResolver.java (enable_service_config, default "false");
// grpc-go internal/envconfig/envconfig.go (GRPC_ENABLE_TXT_SERVICE_CONFIG, default true).
TEST(TxtLookupDefaultTest, EachProfileSaysWhetherItQueriesTxt) {
  Scenario s = LoadScenario({{"t.zone", "_grpc_config.srv 60 IN TXT \"grpc_config=[{\\\"serviceConfig\\\":{}}]\"\n"}});
  nlohmann::ordered_json all = AllProfilesJson(GetTxtEngine(), s, Query{}, true);
  const auto& p = all["profiles"];
  EXPECT_EQ(p["grpc-core"]["result"]["lookup"]["queried_by_default"], false);
  EXPECT_EQ(p["grpc-java"]["result"]["lookup"]["queried_by_default"], false);
  EXPECT_EQ(p["grpc-go"]["result"]["lookup"]["queried_by_default"], true);
  EXPECT_EQ(p["a2"]["result"]["lookup"]["queried_by_default"], true);
  auto has = [&](const char* profile, const char* text) {
    return p[profile]["result"]["lookup"]["explanation"].get<std::string>().find(text) != std::string::npos;
  };
  EXPECT_TRUE(has("grpc-core", "grpc.service_config_disable_resolution"));
  EXPECT_TRUE(has("grpc-core", "GRPC_DNS_RESOLVER=native"));
  EXPECT_TRUE(has("grpc-java", "-Dio.grpc.internal.DnsNameResolverProvider.enable_service_config=true"));
  EXPECT_TRUE(has("grpc-go", "GRPC_ENABLE_TXT_SERVICE_CONFIG=false"));
  // A fact about each profile, not a divergence (TxtEngine::profile_settings): the flag differs
  // and is listed apart as a profile setting; the divergences name nothing under /lookup, and a
  // record every profile reads alike has no divergence at all.
  // The client's language, each implementation's own by default, is a profile setting too.
  for (const auto& d : all["divergences"]) EXPECT_NE(d["path"].get<std::string>().rfind("/lookup", 0), 0u) << d;
  EXPECT_EQ(all["profile_settings"], nlohmann::ordered_json::parse(R"([
      {"path": "/client/language", "values": {"grpc-core": "c++", "grpc-java": "java", "grpc-go": "GO", "a2": null}},
      {"path": "/lookup/queried_by_default", "values": {"grpc-core": false, "grpc-java": false, "grpc-go": true, "a2": true}}])"));
  Scenario one = LoadScenario({{"t.zone", "_grpc_config.srv 60 IN TXT \"grpc_config=[{\\\"serviceConfig\\\":{\\\"loadBalancingPolicy\\\":\\\"round_robin\\\"}}]\"\n"}});
  Inspection in = Inspect(GetTxtEngine(), std::make_shared<Scenario>(std::move(one)), Query{}, InspectOptions{});
  EXPECT_EQ(in.comparison.size(), 0u) << in.comparison.ToJson();
  ASSERT_EQ(in.comparison.settings.size(), 2u);
  EXPECT_EQ(in.comparison.settings[1].path, "/lookup/queried_by_default");
  EXPECT_FALSE(LookupDefaultFor(ProfileId::kCore).queried_by_default);
  EXPECT_TRUE(LookupDefaultFor(ProfileId::kGo).queried_by_default);
}

}  // namespace
}  // namespace cfgi::txt
