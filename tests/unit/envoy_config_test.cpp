// Unified Matchers inside Envoy configuration as written (core/matcher/envoy_config.h) and the
// schema-free textproto reader it uses (core/doc/textproto_tree.h).
//
// Shapes from envoyproxy/envoy api/: envoy/admin/v3/config_dump_shared.proto (UpdateFailureState
// error_state {failed_configuration, last_update_attempt, details, version_info};
// ListenersConfigDump.dynamic_listeners[].active_state), extensions/common/matching/v3/
// extension_matcher.proto (ExtensionWithMatcher.xds_matcher), filters/http/rbac/v3/rbac.proto
// (RBAC.matcher, shadow_matcher), filters/http/rate_limit_quota/v3/rate_limit_quota.proto
// (bucket_matchers), config/listener/v3/listener.proto (filter_chain_matcher). A Matcher with
// neither list nor tree: Envoy's source/common/matcher/matcher.h MatchTreeFactory::create
// (MATCHER_TYPE_NOT_SET -> createAnyMatcher), gRPC's xds_matcher_parse.cc NACKs it.
#include <gtest/gtest.h>

#include <string>

#include "core/doc/load.h"
#include "core/doc/textproto_tree.h"
#include "core/engine/engine.h"
#include "core/matcher/envoy_config.h"
#include "core/matcher/matcher_engine.h"

namespace cfgi {
namespace {

using doc::Node;
using matcher::DiscoverEnvoyMatchers;
using matcher::EnvoyConfig;
using matcher::EnvoyShape;

doc::Position At(const doc::Document& d, uint32_t offset) { return d.source->Locate(offset); }

// ---- schema-free textproto ----

TEST(TextProtoTree, AnyRepeatedListsAndMaps) {
  const std::string text =
      "# a comment\n"
      "version_info: \"7\"\n"
      "resources {\n"
      "  [type.googleapis.com/envoy.config.listener.v3.Listener] {\n"
      "    name: 'edge' \"-1\"\n"
      "    port: 8443, enabled: true\n"
      "    tags: [\"a\", \"b\"]\n"
      "  }\n"
      "}\n"
      "resources < type_url: \"t\" value: \"\\n\\007x\" >\n";
  doc::Source src("r.textproto", text);
  doc::DiagnosticSink sink(&src);
  Node tree;
  ASSERT_TRUE(doc::ParseTextProtoTree(src, sink, &tree));
  EXPECT_TRUE(sink.list().empty());
  EXPECT_EQ(tree.GetString("version_info"), "7");
  const Node* res = tree.Get("resources");
  ASSERT_TRUE(res && res->is_seq());
  ASSERT_EQ(res->items().size(), 2u);
  const Node& l = res->items()[0];
  EXPECT_EQ(l.GetString("@type"), "type.googleapis.com/envoy.config.listener.v3.Listener");
  EXPECT_EQ(l.GetString("name"), "edge-1");  // adjacent strings joined
  EXPECT_EQ(l.Get("port")->kind(), Node::Kind::kInt);
  EXPECT_EQ(l.Get("enabled")->kind(), Node::Kind::kBool);
  ASSERT_TRUE(l.Get("tags")->is_seq());
  EXPECT_EQ(l.Get("tags")->items()[1].text(), "b");
  EXPECT_EQ(res->items()[1].GetString("value"), std::string("\n\007x"));  // escapes decoded
  // Ranges: the name's value starts at line 5, column 11.
  doc::Position p = src.Locate(l.Get("name")->range().begin);
  EXPECT_EQ(p.line, 5);
  EXPECT_EQ(p.column, 11);
  // An Any's body is merged into the Any (proto3 JSON's shape): its range is the Any's braces.
  EXPECT_EQ(src.Locate(l.range().begin).line, 3);
  EXPECT_EQ(text[l.range().end - 1], '}');
}

TEST(TextProtoTree, SyntaxErrorsArePositioned) {
  struct Case {
    const char* text;
    int line, column;
    const char* words;
  } cases[] = {
      {"a {\n  b: 1\n", 3, 1, "expected a field name or '}', got the end of the file"},
      {"a: {\n  b 1\n}\n", 2, 5, "expected ':' or '{' after the field name b, got '1'"},
      {"a: \"open\n", 1, 4, "got an unterminated string"},
      {"[type.googleapis.com/x.Y] 3\n", 1, 27, "expected '{' after the Any type URL [type.googleapis.com/x.Y], got '3'"},
      {"a: [1, 2\n", 2, 1, "expected ',' or ']' in the list a, got the end of the file"},
      {"}\n", 1, 1, "expected a field name, got '}'"},
  };
  for (const Case& c : cases) {
    doc::Source src("bad.textproto", c.text);
    doc::DiagnosticSink sink(&src);
    Node tree;
    EXPECT_FALSE(doc::ParseTextProtoTree(src, sink, &tree)) << c.text;
    ASSERT_EQ(sink.list().size(), 1u) << c.text;
    const doc::Diagnostic& d = sink.list()[0];
    EXPECT_EQ(d.code, "DOC004");
    EXPECT_EQ(d.begin.line, c.line) << c.text;
    EXPECT_EQ(d.begin.column, c.column) << c.text;
    EXPECT_NE(d.message.find(c.words), std::string::npos) << d.message;
  }
}

TEST(TextProtoTree, DepthIsLimited) {
  std::string deep;
  for (int i = 0; i < 200; ++i) deep += "a {";
  for (int i = 0; i < 200; ++i) deep += "}";
  doc::Source src("deep.textproto", deep);
  doc::DiagnosticSink sink(&src);
  Node tree;
  EXPECT_FALSE(doc::ParseTextProtoTree(src, sink, &tree));
  ASSERT_EQ(sink.list().size(), 1u);
  EXPECT_EQ(sink.list()[0].code, "DOC011");
}

// ---- shapes ----

EnvoyShape ShapeOf(const std::string& name, const std::string& text) {
  doc::Document d = doc::LoadDocument(name, text);
  return DiscoverEnvoyMatchers(d).shape;
}

TEST(EnvoyShapeTest, Detected) {
  EXPECT_EQ(ShapeOf("b.yaml", "static_resources: {listeners: []}\n"), EnvoyShape::kBootstrap);
  EXPECT_EQ(ShapeOf("d.json", R"({"configs": [{"@type": "type.googleapis.com/envoy.admin.v3.ListenersConfigDump"}]})"),
            EnvoyShape::kConfigDump);
  EXPECT_EQ(ShapeOf("r.yaml", "version_info: '1'\nresources: [{'@type': type.googleapis.com/envoy.config.cluster.v3.Cluster, name: c}]\n"),
            EnvoyShape::kDiscoveryResponse);
  EXPECT_EQ(ShapeOf("r.yaml", "system_version_info: '1'\nresources: [{name: c, resource: {'@type': type.googleapis.com/envoy.config.cluster.v3.Cluster}}]\n"),
            EnvoyShape::kDeltaDiscoveryResponse);
  EXPECT_EQ(ShapeOf("l.yaml", "name: l\nfilter_chains: []\n"), EnvoyShape::kListener);
  EXPECT_EQ(ShapeOf("f.yaml", "name: f\ntyped_config: {'@type': type.googleapis.com/envoy.extensions.filters.http.rbac.v3.RBAC}\n"),
            EnvoyShape::kResource);
  EXPECT_EQ(ShapeOf("r.textproto", "version_info: \"1\"\nresources { [type.googleapis.com/envoy.config.cluster.v3.Cluster] { name: \"c\" } }\n"),
            EnvoyShape::kDiscoveryResponse);
  // A bare Matcher, a Kuma policy: not Envoy configuration.
  EXPECT_EQ(ShapeOf("m.yaml", "matcher_list: {matchers: []}\n"), EnvoyShape::kNone);
  EXPECT_EQ(ShapeOf("p.yaml", "type: MeshTimeout\nname: t\nspec: {}\n"), EnvoyShape::kNone);
}

// ---- discovery ----

const char* kBootstrap = R"(static_resources:
  listeners:
  - name: l0
    filter_chain_matcher:
      on_no_match: {action: {name: d, typed_config: {"@type": type.googleapis.com/google.protobuf.StringValue, value: d}}}
    filter_chains:
    - filters:
      - name: hcm
        typed_config:
          "@type": type.googleapis.com/envoy.extensions.filters.network.http_connection_manager.v3.HttpConnectionManager
          http_filters:
          - name: composite
            typed_config:
              "@type": type.googleapis.com/envoy.extensions.common.matching.v3.ExtensionWithMatcher
              extension_config: {name: composite, typed_config: {"@type": type.googleapis.com/envoy.extensions.filters.http.composite.v3.Composite}}
              xds_matcher:
                matcher_list:
                  matchers:
                  - predicate: {single_predicate: {input: {typed_config: {"@type": type.googleapis.com/envoy.type.matcher.v3.HttpRequestHeaderMatchInput, header_name: x-a}}, value_match: {exact: "1"}}}
                    on_match: {action: {name: a1, typed_config: {"@type": type.googleapis.com/google.protobuf.StringValue}}}
          - name: rbac
            typed_config:
              "@type": type.googleapis.com/envoy.extensions.filters.http.rbac.v3.RBAC
              shadow_matcher: {}
          - name: rlq
            typed_config:
              "@type": type.googleapis.com/envoy.extensions.filters.http.rate_limit_quota.v3.RateLimitQuotaFilterConfig
              domain: d
              bucket_matchers:
                matcher_list:
                  matchers:
                  - predicate: {single_predicate: {input: {typed_config: {"@type": type.googleapis.com/envoy.type.matcher.v3.HttpResponseHeaderMatchInput, header_name: x-c}}, value_match: {exact: "1"}}}
                    on_match: {action: {name: b, typed_config: {"@type": type.googleapis.com/google.protobuf.StringValue}}}
)";

TEST(EnvoyDiscovery, BootstrapFindsEveryMatcherWithItsPathAndContext) {
  doc::Document d = doc::LoadDocument("envoy.yaml", kBootstrap);
  EnvoyConfig c = DiscoverEnvoyMatchers(d);
  EXPECT_EQ(c.shape, EnvoyShape::kBootstrap);
  ASSERT_EQ(c.matchers.size(), 4u);
  const std::string hf = "static_resources.listeners[0].filter_chains[0].filters[0].typed_config.http_filters";
  EXPECT_EQ(c.matchers[0].path, "static_resources.listeners[0].filter_chain_matcher");
  EXPECT_EQ(c.matchers[0].context, "listener filter_chain_matcher (chooses a filter chain by name)");
  EXPECT_EQ(c.matchers[0].resource, "Listener l0");
  EXPECT_EQ(c.matchers[1].path, hf + "[0].typed_config.xds_matcher");
  EXPECT_EQ(c.matchers[1].context, "composite filter (ExtensionWithMatcher.xds_matcher)");
  EXPECT_EQ(c.matchers[1].owner, "envoy.extensions.common.matching.v3.ExtensionWithMatcher");
  EXPECT_EQ(c.matchers[2].path, hf + "[1].typed_config.shadow_matcher");  // `{}` is a matcher
  EXPECT_EQ(c.matchers[2].context, "RBAC filter shadow_matcher (shadow mode: reported, not enforced)");
  EXPECT_EQ(c.matchers[3].path, hf + "[2].typed_config.bucket_matchers");
  EXPECT_EQ(c.matchers[3].context, "rate limit quota bucket_matchers");
  // The key's position: line 4, column 5 for filter_chain_matcher.
  EXPECT_EQ(At(d, c.matchers[0].key_range.begin).line, 4);
  EXPECT_EQ(At(d, c.matchers[0].key_range.begin).column, 5);

  // Compiled: paths carry the prefix; the response header input is named (MAT041).
  matcher::Compiled rlq = matcher::LoadFound(d, c, c.matchers[3]);
  bool named = false;
  for (const doc::Diagnostic& i : rlq.diagnostics)
    if (i.code == "MAT041") {
      named = true;
      EXPECT_EQ(i.path, hf + "[2].typed_config.bucket_matchers.matcher_list.matchers[0].predicate.input");
      EXPECT_NE(i.message.find("response headers (envoy.type.matcher.v3.HttpResponseHeaderMatchInput)"), std::string::npos);
      EXPECT_EQ(d.source->Locate(i.range.begin).line, 32);
    }
  EXPECT_TRUE(named);
  // The AnyMatcher: Envoy takes on_no_match, gRPC NACKs (MAT001, gRPC only).
  matcher::Compiled any = matcher::LoadFound(d, c, c.matchers[0]);
  EXPECT_EQ(matcher::Evaluate(any, {}, matcher::Profile::kEnvoy).actions.size(), 1u);
  bool nack = false;
  for (size_t k = 0; k < any.diagnostics.size(); ++k) {
    const doc::Diagnostic& i = any.diagnostics[k];
    nack = nack || (i.code == "MAT001" && any.RejectedByOf(k) == matcher::RejectedBy::kGrpcCore &&
                    i.path == "static_resources.listeners[0].filter_chain_matcher");
  }
  EXPECT_TRUE(nack);
}

const char* kDump = R"({"configs": [
 {"@type": "type.googleapis.com/envoy.admin.v3.ListenersConfigDump",
  "dynamic_listeners": [{
   "name": "in",
   "error_state": {
    "failed_configuration": {"@type": "type.googleapis.com/envoy.config.listener.v3.Listener", "name": "in",
      "filter_chain_matcher": {"matcher_tree": {"input": {"typed_config": {"@type": "type.googleapis.com/envoy.extensions.matching.common_inputs.network.v3.DestinationPortInput"}}, "exact_match_map": {"map": {}}}}},
    "last_update_attempt": "2026-11-20T10:02:44Z",
    "details": "map must contain at least 1 pair",
    "version_info": "v9"}}]}]}
)";

TEST(EnvoyDiscovery, ConfigDumpErrorStateIsANack) {
  doc::Document d = doc::LoadDocument("dump.json", kDump);
  EnvoyConfig c = DiscoverEnvoyMatchers(d);
  EXPECT_EQ(c.shape, EnvoyShape::kConfigDump);
  ASSERT_EQ(c.diagnostics.size(), 1u);
  const doc::Diagnostic& e = c.diagnostics[0];
  EXPECT_EQ(e.code, "MAT040");
  EXPECT_EQ(e.severity, doc::Severity::kError);
  EXPECT_EQ(e.begin.line, 5);
  EXPECT_EQ(e.begin.column, 4);
  EXPECT_EQ(e.path, "configs[0].dynamic_listeners[0].error_state");
  EXPECT_EQ(e.message,
            "Envoy rejected (NACKed) an update of Listener in (version v9) at 2026-11-20T10:02:44Z: map must contain at "
            "least 1 pair; Envoy keeps serving the last accepted version. Fix the resource on the control plane and push it again");
  ASSERT_EQ(c.matchers.size(), 1u);
  EXPECT_TRUE(c.matchers[0].rejected);
  EXPECT_EQ(c.matchers[0].resource, "Listener in");
  EXPECT_EQ(c.matchers[0].path, "configs[0].dynamic_listeners[0].error_state.failed_configuration.filter_chain_matcher");
}

TEST(EnvoyDiscovery, ErrorStateDetailsOnOneLine) {
  // Envoy's details quote the rejected proto in text form, over several lines.
  doc::Document d = doc::LoadDocument("dump.yaml",
                                      "configs:\n- '@type': type.googleapis.com/envoy.admin.v3.ClustersConfigDump\n"
                                      "  dynamic_active_clusters:\n  - cluster: {'@type': type.googleapis.com/envoy.config.cluster.v3.Cluster, name: pay}\n"
                                      "    error_state: {details: \"bad value: map {\\n}\\n\"}\n");
  EnvoyConfig c = DiscoverEnvoyMatchers(d);
  ASSERT_EQ(c.diagnostics.size(), 1u);
  EXPECT_EQ(c.diagnostics[0].message.rfind("Envoy rejected (NACKed) an update of Cluster pay: bad value: map { }; Envoy keeps", 0), 0u)
      << c.diagnostics[0].message;
  EXPECT_EQ(c.diagnostics[0].begin.line, 5);
  EXPECT_EQ(c.diagnostics[0].begin.column, 5);
}

const char* kDrTextproto = R"(version_info: "1"
resources {
  [type.googleapis.com/envoy.config.listener.v3.Listener] {
    name: "edge"
    filter_chains {
      filters {
        typed_config {
          [type.googleapis.com/envoy.extensions.filters.http.rbac.v3.RBAC] {
            matcher {
              matcher_list {
                matchers {
                  predicate { single_predicate {
                    input { typed_config { [type.googleapis.com/envoy.type.matcher.v3.HttpRequestHeaderMatchInput] { header_name: "x-a" } } }
                    value_match { prefix: "" } } }
                  on_match { action { name: "allow" typed_config { [type.googleapis.com/envoy.config.rbac.v3.Action] { name: "allow" } } } }
                }
              }
              on_no_match { action { name: "deny" typed_config { [type.googleapis.com/envoy.config.rbac.v3.Action] { name: "deny" action: DENY } } } }
            }
          }
        }
      }
    }
  }
}
resources { type_url: "type.googleapis.com/envoy.config.cluster.v3.Cluster" value: "\n\001c" }
)";

TEST(EnvoyDiscovery, DiscoveryResponseTextprotoWithAnysOfEnvoyTypes) {
  doc::Document d = doc::LoadDocument("lds.textproto", kDrTextproto);
  ASSERT_FALSE(doc::HasErrors(d.diagnostics));
  EnvoyConfig c = DiscoverEnvoyMatchers(d);
  EXPECT_EQ(c.shape, EnvoyShape::kDiscoveryResponse);
  ASSERT_EQ(c.matchers.size(), 1u);
  EXPECT_EQ(c.matchers[0].path, "resources[0].filter_chains.filters.typed_config.matcher");
  EXPECT_EQ(c.matchers[0].context, "RBAC filter matcher");
  EXPECT_EQ(c.matchers[0].resource, "Listener edge");
  // The binary Any: kept opaque, named.
  ASSERT_EQ(c.opaque.size(), 1u);
  EXPECT_EQ(c.opaque[0].type_url, "type.googleapis.com/envoy.config.cluster.v3.Cluster");
  ASSERT_EQ(c.diagnostics.size(), 1u);
  EXPECT_EQ(c.diagnostics[0].code, "MAT042");
  EXPECT_EQ(c.diagnostics[0].begin.line, 26);
  EXPECT_EQ(c.diagnostics[0].begin.column, 11);
  // Compiled from the textproto (a single `matchers` block is a list of one), evaluated, with
  // gRPC's reason at the exact position of the empty prefix.
  matcher::Compiled m = matcher::LoadFound(d, c, c.matchers[0]);
  ASSERT_TRUE(m.root);
  EXPECT_EQ(m.root->list.size(), 1u);
  bool mat007 = false;
  for (const doc::Diagnostic& i : m.diagnostics)
    if (i.code == "MAT007") {
      mat007 = true;
      EXPECT_EQ(d.source->Locate(i.range.begin).line, 14);
      EXPECT_EQ(d.source->Locate(i.range.begin).column, 43);  // the "" value
      EXPECT_EQ(i.path, "resources[0].filter_chains.filters.typed_config.matcher.matcher_list.matchers[0].predicate.single_predicate.value_match.prefix");
    }
  EXPECT_TRUE(mat007);
  matcher::Request r;
  r.headers = {{"x-b", "1"}};
  matcher::Result res = matcher::Evaluate(m, r, matcher::Profile::kEnvoy);
  ASSERT_EQ(res.actions.size(), 1u);
  EXPECT_EQ(res.actions[0]->name, "deny");
  EXPECT_EQ(res.actions[0]->type, "envoy.config.rbac.v3.Action");
}

// ---- the engine: detection, listing, --matcher ----

Inspection InspectFile(const std::string& name, const std::string& text, Query q, std::vector<std::string> profiles = {"envoy"}) {
  auto s = std::make_shared<Scenario>(LoadScenario({{name, text}}));
  const Engine* e = DetectEngine(*s);
  InspectOptions o;
  o.result_json = true;  // reads Report::result
  o.profiles = std::move(profiles);
  return Inspect(*e, s, q, o);
}

bool HasCode(const Report& r, const std::string& code, int line = -1) {
  for (const doc::Diagnostic& d : r.diagnostics)
    if (d.code == code && (line < 0 || d.begin.line == line)) return true;
  return false;
}

TEST(EnvoyEngine, DetectedListedAndSelected) {
  Query q;
  q.flags = {{"header", "x-a=1"}};
  Inspection i = InspectFile("envoy.yaml", kBootstrap, q);
  ASSERT_EQ(i.engine->name(), "matcher");
  const Report& r = i.reports.at(0);
  const auto& env = r.result["envoy"];
  EXPECT_EQ(env["shape"], "bootstrap");
  ASSERT_EQ(env["matchers"].size(), 4u);
  EXPECT_EQ(env["selected"], "static_resources.listeners[0].filter_chain_matcher");
  EXPECT_EQ(env["matchers"][0]["requests"][0]["actions"], nlohmann::ordered_json::array({"d"}));
  EXPECT_EQ(env["matchers"][1]["requests"][0]["actions"], nlohmann::ordered_json::array({"a1"}));
  EXPECT_EQ(env["matchers"][2]["requests"][0]["matched"], false);  // `{}`: nothing, no on_no_match
  EXPECT_EQ(env["matchers"][3]["unevaluated_inputs"][0], "input response headers (envoy.type.matcher.v3.HttpResponseHeaderMatchInput)");
  EXPECT_EQ(env["matchers"][1]["line"], 16);
  EXPECT_TRUE(HasCode(r, "MAT041", 32));

  // --matcher by path and by index: the full result is that matcher's.
  q.flags.push_back({"matcher", "static_resources.listeners[0].filter_chains[0].filters[0].typed_config.http_filters[0].typed_config.xds_matcher"});
  Inspection j = InspectFile("envoy.yaml", kBootstrap, q);
  EXPECT_EQ(j.reports[0].result["requests"][0]["actions"], nlohmann::ordered_json::array({"a1"}));
  EXPECT_EQ(j.reports[0].result["envoy"]["matchers"][1]["selected"], true);
  Query qi;
  qi.flags = {{"matcher", "3"}};
  Inspection k = InspectFile("envoy.yaml", kBootstrap, qi);
  EXPECT_EQ(k.reports[0].result["envoy"]["selected"], "static_resources.listeners[0].filter_chains[0].filters[0].typed_config.http_filters[2].typed_config.bucket_matchers");

  // An unknown one is MAT043, naming the paths there are.
  Query bad;
  bad.flags = {{"matcher", "static_resources.nope"}};
  Inspection b = InspectFile("envoy.yaml", kBootstrap, bad);
  bool found = false;
  for (const doc::Diagnostic& d : b.reports[0].diagnostics)
    if (d.code == "MAT043") {
      found = true;
      EXPECT_EQ(d.severity, doc::Severity::kError);
      EXPECT_EQ(d.message.rfind("no matcher at 'static_resources.nope'; this file's matchers are: static_resources.listeners[0].filter_chain_matcher, ", 0), 0u) << d.message;
    }
  EXPECT_TRUE(found);
}

// An Envoy bootstrap without a matcher is valid Envoy configuration (most of envoyproxy/envoy
// configs/ and examples/): MAT044 says there is nothing to evaluate as a note, and check passes
// (the error was a false verdict on every such file).
TEST(EnvoyEngine, EnvoyConfigWithoutMatcherIsANoteNotAnError) {
  Inspection i = InspectFile("plain.yaml", "static_resources:\n  clusters:\n  - name: c\n", {});
  ASSERT_EQ(i.engine->name(), "matcher");
  ASSERT_EQ(i.reports[0].diagnostics.size(), 1u);
  const doc::Diagnostic& d = i.reports[0].diagnostics[0];
  EXPECT_EQ(d.code, "MAT044");
  EXPECT_EQ(d.severity, doc::Severity::kNote);
  EXPECT_EQ(d.begin.line, 1);
  EXPECT_EQ(d.begin.column, 1);
  EXPECT_EQ(d.message.rfind("this Envoy configuration (bootstrap) has no Unified Matcher", 0), 0u) << d.message;
}

// /config_dump's per-type messages printed alone (envoy/admin/v3/config_dump.proto): Istio's
// istioctl/pkg/writer/envoy/configdump/testdata/bootstrapdump.json is a BootstrapConfigDump
// {bootstrap, last_updated}; ecds/output.json an EcdsConfigDump. Kuma's DataplaneXDSConfig
// (api/openapi/specs/api.yaml; test/e2e_env/universal/envoyconfig/testdata/*.golden.json) is
// {xds: {TYPE_URL: {NAME: resource}}, diff}.
TEST(EnvoyShapeTest, PerTypeConfigDumpsAndKumaXdsConfig) {
  EXPECT_EQ(ShapeOf("b.json", R"({"bootstrap": {"node": {"id": "sidecar~10.1.0.4~p.ns~ns.svc.cluster.local"}}, "last_updated": "2024-05-01T10:00:00Z"})"),
            EnvoyShape::kConfigDump);
  EXPECT_EQ(ShapeOf("b.json", R"({"@type": "type.googleapis.com/envoy.admin.v3.BootstrapConfigDump", "bootstrap": {}})"),
            EnvoyShape::kConfigDump);
  EXPECT_EQ(ShapeOf("l.json", R"({"versionInfo": "7", "dynamicListeners": [{"name": "l"}]})"), EnvoyShape::kConfigDump);
  EXPECT_EQ(ShapeOf("e.yaml", "ecdsFilters:\n- versionInfo: '1'\n"), EnvoyShape::kConfigDump);
  EXPECT_EQ(ShapeOf("k.json", R"({"xds": {"type.googleapis.com/envoy.config.cluster.v3.Cluster": {"c": {"name": "c"}}}, "diff": []})"),
            EnvoyShape::kKumaXdsConfig);
  // Dump entries cut out of a dump (envoyproxy/examples dynamic-config-cp/_include/*.json).
  EXPECT_EQ(ShapeOf("c.json", R"([{"version_info": "1", "cluster": {"@type": "type.googleapis.com/envoy.config.cluster.v3.Cluster", "name": "c"}}])"),
            EnvoyShape::kConfigDump);
  // Not these:
  EXPECT_EQ(ShapeOf("x.json", R"([{"name": "c"}, {"cluster": {"name": "d"}}])"), EnvoyShape::kNone);
  // a `bootstrap` that is not a map, a field no per-type dump has, an xds map keyed by something
  // other than Envoy type URLs.
  EXPECT_EQ(ShapeOf("x.json", R"({"bootstrap": "yes", "last_updated": "t"})"), EnvoyShape::kNone);
  EXPECT_EQ(ShapeOf("x.json", R"({"bootstrap": {}, "owner": "me"})"), EnvoyShape::kNone);
  EXPECT_EQ(ShapeOf("x.json", R"({"xds": {"servers": {"a": {}}}})"), EnvoyShape::kNone);
}

TEST(EnvoyDiscovery, KumaXdsConfigNamesResourcesByTypeAndKeyAndSkipsTheDiff) {
  const char* text = R"({
  "xds": {
    "type.googleapis.com/envoy.config.listener.v3.Listener": {
      "inbound:10.0.0.5:8080": {
        "name": "inbound:10.0.0.5:8080",
        "filterChains": [{"filters": [{"name": "envoy.filters.network.rbac", "typedConfig": {
          "@type": "type.googleapis.com/envoy.extensions.filters.network.rbac.v3.RBAC",
          "matcher": {"onNoMatch": {"action": {"name": "deny", "typedConfig": {"@type": "type.googleapis.com/envoy.config.rbac.v3.Action", "name": "deny", "action": "DENY"}}}}}}]}]
      }
    }
  },
  "diff": [{"op": "add", "path": "/x", "value": {"matcherList": {"matchers": []}}}]
})";
  doc::Document d = doc::LoadDocument("dp.json", text);
  EnvoyConfig c = DiscoverEnvoyMatchers(d);
  ASSERT_EQ(c.shape, EnvoyShape::kKumaXdsConfig);
  ASSERT_EQ(c.matchers.size(), 1u);  // the diff's fragment is not a resource
  EXPECT_EQ(c.matchers[0].path,
            "xds[\"type.googleapis.com/envoy.config.listener.v3.Listener\"][\"inbound:10.0.0.5:8080\"].filterChains[0].filters[0].typedConfig.matcher");
  EXPECT_EQ(c.matchers[0].resource, "Listener inbound:10.0.0.5:8080");
  EXPECT_EQ(c.matchers[0].context, "RBAC filter matcher");
  EXPECT_FALSE(c.matchers[0].grpc_reads);
  EXPECT_EQ(At(d, c.matchers[0].key_range.begin).line, 8);
}

TEST(EnvoyEngine, NackedConfigDumpFailsCheck) {
  Inspection i = InspectFile("dump.json", kDump, {}, {"grpc-core"});
  ASSERT_EQ(i.engine->name(), "matcher");
  EXPECT_TRUE(HasCode(i.reports[0], "MAT040", 5));
  // The rejected matcher's own reasons are reported too (map is empty: MAT002).
  EXPECT_TRUE(HasCode(i.reports[0], "MAT002", 7));
  EXPECT_EQ(i.reports[0].result["envoy"]["matchers"][0]["rejected"], true);
}

TEST(EnvoyEngine, TextprotoDiscoveryResponseIsTheMatcherEngines) {
  Query q;
  q.flags = {{"header", "x-a=yes"}};
  Inspection i = InspectFile("lds.textproto", kDrTextproto, q);
  ASSERT_EQ(i.engine->name(), "matcher");
  EXPECT_EQ(i.reports[0].result["envoy"]["shape"], "DiscoveryResponse");
  EXPECT_EQ(i.reports[0].result["envoy"]["opaque"][0]["type_url"], "type.googleapis.com/envoy.config.cluster.v3.Cluster");
  // prefix "" is invalid (MAT007); evaluated as written, it is a prefix of every value.
  EXPECT_EQ(i.reports[0].result["requests"][0]["actions"], nlohmann::ordered_json::array({"allow"}));
  EXPECT_TRUE(HasCode(i.reports[0], "MAT007", 14));
  EXPECT_TRUE(HasCode(i.reports[0], "MAT042", 26));
}

}  // namespace
}  // namespace cfgi
