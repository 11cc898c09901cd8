// The variants engine end to end: every TP2 example as a sample with the result the spec states,
// wire formats, diagnostics with positions, transitions, the caching-proxy view and client
// configuration. The CLI flags are tested in tests/cli/variants_cli_test.cpp.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "core/engine/engine.h"
#include "core/variants/variants_engine.h"

namespace cfgi::variants {
namespace {

using nlohmann::ordered_json;

std::optional<std::string> ReadAt(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

Scenario LoadSample(const std::string& name) {
  std::string path = std::string(CFGI_SOURCE_DIR) + "/samples/variants/" + name;
  auto text = ReadAt(path);
  EXPECT_TRUE(text.has_value()) << path;
  return LoadScenario({{path, text.value_or("")}}, [](const std::string& scen, const std::string& rel) {
    return ReadAt(scen.substr(0, scen.rfind('/') + 1) + rel);
  });
}

std::string Base(const std::string& f) { return f.substr(f.rfind('/') + 1); }

// Load, then Evaluate the question's subscriptions, as VariantsModel does; `diagnostics` holds
// both stages' (sorted, as Inspect reports them).
struct Evaluated : CompiledScenario {
  Evaluation e;
};
Evaluated RunSample(const Scenario& s, Query q = {}) {
  Evaluated r;
  static_cast<CompiledScenario&>(r) = CompileScenario(s, ParseVariantsQuery(q));
  r.e = Evaluate(r, r.subscriptions);
  r.diagnostics.insert(r.diagnostics.end(), r.e.diagnostics.begin(), r.e.diagnostics.end());
  doc::SortDiagnostics(r.diagnostics);
  return r;
}
nlohmann::ordered_json ResultJson(const Evaluated& r) { return variants::ResultJson(r, r.e); }

// "resource -> selected/outcome" per subscription, e.g. "route-config:0:match".
std::vector<std::string> Outcomes(const Evaluated& a) {
  std::vector<std::string> out;
  const nlohmann::ordered_json result = ResultJson(a);
  for (const auto& s : result["subscriptions"]) {
    std::string line;
    for (const auto& r : s["resources"]) {
      std::string m;
      for (const auto& id : r["matching"]) m += (m.empty() ? "" : "+") + (id.is_string() ? id.get<std::string>() : id.dump());
      line += (line.empty() ? "" : " ") + r["resource"].get<std::string>() + ":[" + m + "]:" +
              r["outcome"].get<std::string>();
    }
    out.push_back(line);
  }
  return out;
}

std::vector<std::string> Codes(const Evaluated& a) {
  std::vector<std::string> out;
  for (const auto& d : a.diagnostics)
    out.push_back(d.code + "@" + Base(d.file) + ":" + std::to_string(d.begin.line) + ":" + std::to_string(d.begin.column));
  return out;
}

TEST(VariantsEngineTest, SpecBasicEnv) {
  Evaluated a = RunSample(LoadSample("basic-env.scenario.yaml"));
  EXPECT_EQ(Outcomes(a), (std::vector<std::string>{"route-config:[0]:match", "route-config:[1]:match"}));
  EXPECT_EQ(ResultJson(a)["subscriptions"][0]["resources"][0]["selected"], 0);
  EXPECT_EQ(ResultJson(a)["subscriptions"][1]["resources"][0]["selected"], 1);
  EXPECT_EQ(ResultJson(a)["coverage"][0]["complete"], true);
  EXPECT_EQ(Codes(a), (std::vector<std::string>{"VAR004@basic-env.shorthand:1:1", "VAR003@basic-env.shorthand:2:1",
                                                "VAR003@basic-env.shorthand:5:1"}));
}

TEST(VariantsEngineTest, SpecUnconstrainedParameters) {
  Evaluated a = RunSample(LoadSample("unconstrained-parameters.scenario.yaml"));
  EXPECT_EQ(Outcomes(a), (std::vector<std::string>{"shared-cluster:[0]:match route-config:[0]:match",
                                                   "shared-cluster:[0]:match route-config:[1]:match",
                                                   "shared-cluster:[0]:match route-config:[0]:match"}));
  EXPECT_EQ(ResultJson(a)["resources"][0]["variants"][0]["constraints"], "⊤");
  EXPECT_EQ(ResultJson(a)["resources"][0]["variants"][0]["content"], "version 7");
}

TEST(VariantsEngineTest, SpecNewKeyOnServerFirst) {
  Evaluated a = RunSample(LoadSample("new-key-on-server-first.scenario.yaml"));
  EXPECT_EQ(Outcomes(a), (std::vector<std::string>{"route-config:[0]:match", "route-config:[0+1]:ambiguous"}));
  EXPECT_EQ(ResultJson(a)["overlaps"].dump(),
            R"([{"resource":"route-config","variants":[0,1],"witness":{"env":"prod","version":"v1"}}])");
  EXPECT_EQ(ResultJson(a)["resources"][0]["consistent_keys"], false);
  EXPECT_EQ(Codes(a), (std::vector<std::string>{
                          "VAR100@new-key-on-server-first.scenario.yaml:25:7", "VAR004@new-key.shorthand:1:1", "VAR003@new-key.shorthand:3:1", "VAR102@new-key.shorthand:3:1",
                          "VAR105@new-key.shorthand:3:1", "VAR003@new-key.shorthand:6:1", "VAR103@new-key.shorthand:6:1",
                          "VAR107@new-key.shorthand:6:1"}));
  // The key-set finding carries the exists-based fix in both notations.
  for (const auto& d : a.diagnostics)
    if (d.code == "VAR102") {
      EXPECT_EQ(d.message,
                "variant 0 of \"route-config\" does not constrain version, which other variants of the resource "
                "constrain; TP2 asks every variant to constrain the same keys. If it is the default for clients "
                "that do not send version, say so with exists: env=prod ∧ ¬exists(version) (textproto: "
                "and_constraints { constraints { constraint { key: \"env\" value: \"prod\" } } constraints { "
                "not_constraints { constraint { key: \"version\" exists {} } } } })");
    }
}

TEST(VariantsEngineTest, SpecExistsDefault) {
  Evaluated a = RunSample(LoadSample("exists-default.scenario.yaml"));
  EXPECT_EQ(Outcomes(a), (std::vector<std::string>{"route-config:[0]:match", "route-config:[1]:match",
                                                   "route-config:[]:none", "route-config:[]:none"}));
  EXPECT_EQ(ResultJson(a)["overlaps"].size(), 0u);
  EXPECT_EQ(ResultJson(a)["resources"][0]["variants"][0]["constraints"], "env=prod ∧ ¬exists(version)");
  int slips = 0;
  for (const auto& d : a.diagnostics)
    if (d.code == "VAR004" && d.begin.line == 5) {
      ++slips;
      EXPECT_EQ(d.begin, (doc::Position{5, 4}));
      EXPECT_EQ(d.message,
                "`not_constraint` is not a DynamicParameterConstraints field (the spec's slip); did you mean "
                "'not_constraints'? It is read as `not_constraints` here; write the plural");
    }
  EXPECT_EQ(slips, 1);
}

TEST(VariantsEngineTest, SpecOverlappingOrValues) {
  Evaluated a = RunSample(LoadSample("overlapping-or-values.scenario.yaml"));
  EXPECT_EQ(Outcomes(a), (std::vector<std::string>{"route-config:[0+1]:ambiguous", "route-config:[0]:match",
                                                   "route-config:[1]:match"}));
  EXPECT_EQ(ResultJson(a)["overlaps"][0]["witness"].dump(), R"({"env":"test"})");
  EXPECT_EQ(ResultJson(a)["coverage"][0]["complete"], true);
}

TEST(VariantsEngineTest, SpecFourVariantsInsteadOfNine) {
  Evaluated a = RunSample(LoadSample("four-variants-instead-of-nine.scenario.yaml"));
  EXPECT_EQ(Outcomes(a), (std::vector<std::string>{
                             "route-config:[both-routes]:match", "route-config:[prod-route]:match",
                             "route-config:[prod-route]:match", "route-config:[v1-route]:match",
                             "route-config:[no-routes]:match", "route-config:[no-routes]:match",
                             "route-config:[v1-route]:match", "route-config:[no-routes]:match",
                             "route-config:[no-routes]:match"}));
  EXPECT_EQ(ResultJson(a)["coverage"][0]["total"], 9);
  EXPECT_EQ(ResultJson(a)["coverage"][0]["uncovered"], 0);
  EXPECT_EQ(ResultJson(a)["overlaps"].size(), 0u);
  EXPECT_EQ(ResultJson(a)["dead"].size(), 0u);
  EXPECT_EQ(ResultJson(a)["matrix"]["cells"][0][0]["selected"], "both-routes");
  EXPECT_EQ(ResultJson(a)["matrix"]["cells"][2][2]["selected"], "no-routes");
  EXPECT_EQ(Codes(a), (std::vector<std::string>{"VAR003@four-variants.shorthand:1:1", "VAR003@four-variants.shorthand:9:1",
                                                "VAR004@four-variants.shorthand:14:1", "VAR003@four-variants.shorthand:15:1",
                                                "VAR003@four-variants.shorthand:21:1"}));
}

TEST(VariantsEngineTest, SpecTransitionInOneResponse) {
  Evaluated a = RunSample(LoadSample("transition-steps.scenario.yaml"));
  EXPECT_EQ(Outcomes(a), (std::vector<std::string>{"route-config:[2]:match", "route-config:[3]:match",
                                                   "route-config:[1]:match", "route-config:[1]:match"}));
  const nlohmann::ordered_json t = ResultJson(a)["transition"];
  std::vector<std::string> changes;
  for (const auto& s : t["subscriptions"])
    changes.push_back(s["resources"][0]["before"]["selected"].dump() + "->" + s["resources"][0]["after"]["selected"].dump() +
                      " " + s["resources"][0]["change"].get<std::string>());
  EXPECT_EQ(changes, (std::vector<std::string>{"0->2 changed", "0->3 changed", "1->1 unchanged", "1->1 unchanged"}));
  EXPECT_EQ(t["notifications"].dump(),
            R"([{"resource":"route-config","subscriber":0,"from":0,"to":2,"change":"changed"},)"
            R"({"resource":"route-config","subscriber":1,"from":0,"to":3,"change":"changed"}])");
  for (const auto& d : a.diagnostics) EXPECT_NE(d.code, "VAR113");
  // The CLI shows the same change applied as two responses, and check says why it must not be.
  EXPECT_EQ(t["subscriptions"][0]["resources"][0]["as_two_responses"].dump(),
            R"({"new_first":{"matching":[0,2],"selected":null,"outcome":"ambiguous"},)"
            R"("removal_first":{"matching":[],"selected":null,"outcome":"none"}})");
  EXPECT_EQ(t["subscriptions"][2]["resources"][0]["as_two_responses"]["new_first"]["outcome"], "match");
  std::vector<const doc::Diagnostic*> split;
  for (const auto& d : a.diagnostics)
    if (d.code == "VAR114") split.push_back(&d);
  ASSERT_EQ(split.size(), 1u);
  EXPECT_EQ(Base(split[0]->file), "transition-after-one-response.textproto");
  EXPECT_EQ(split[0]->begin.line, 12);
  EXPECT_EQ(split[0]->begin.column, 5);
  EXPECT_EQ(split[0]->message,
            "the change of \"route-config\" arrives in one response, as TP2 requires; split into two, 2 subscriptions "
            "would be ambiguous in between (new variants first) and 2 subscriptions would match nothing in between "
            "(removal first); keep the deletion and its replacements in one response");
}

TEST(VariantsEngineTest, SpecTransitionInTwoResponsesIsAmbiguousInBetween) {
  Evaluated a = RunSample(LoadSample("transition-two-responses.scenario.yaml"));
  const nlohmann::ordered_json subs = ResultJson(a)["transition"]["subscriptions"];
  EXPECT_EQ(subs[0]["resources"][0]["intermediate"][0]["outcome"], "ambiguous");
  EXPECT_EQ(subs[0]["resources"][0]["intermediate"][0]["matching"].dump(), "[0,2]");
  EXPECT_EQ(subs[1]["resources"][0]["intermediate"][0]["matching"].dump(), "[0,3]");
  EXPECT_EQ(subs[2]["resources"][0]["intermediate"][0]["outcome"], "match");
  int n = 0;
  for (const auto& d : a.diagnostics)
    if (d.code == "VAR113") {
      ++n;
      EXPECT_EQ(Base(d.file), "transition-after-add.textproto");
    }
  EXPECT_EQ(n, 2);
  for (const auto& d : a.diagnostics) EXPECT_NE(d.code, "VAR114");  // VAR113 already says it
}

// The typed transition the view shows: the same rows as the JSON, plus the net change applied
// as two responses (new variants first: ambiguous; removal first: unmatched).
std::vector<std::string> TransitionRows(const Transition& t) {
  std::vector<std::string> out;
  for (const TransitionRow& r : t.rows) {
    std::string inter;
    for (const Seen& s : r.intermediate) inter += " [" + s.Text() + "]";
    out.push_back(std::to_string(r.subscription) + " " + r.resource + " " + r.before.Text() + "->" + r.after.Text() +
                  " " + ChangeName(r.change) + inter + " adds-first:" + r.adds_first.Text() + "/" +
                  MatchKindName(r.adds_first.sel.outcome) + " removes-first:" + r.removes_first.Text() + "/" +
                  MatchKindName(r.removes_first.sel.outcome));
  }
  return out;
}

TEST(VariantsEngineTest, TypedTransitionInOneResponseAndAsTwo) {
  Scenario s = LoadSample("transition-steps.scenario.yaml");
  Evaluated a = RunSample(s);
  Transition t = ComputeTransition(a, a.subscriptions);
  ASSERT_EQ(t.responses.size(), 1u);
  EXPECT_EQ(Base(t.responses[0]->source->name()), "transition-after-one-response.textproto");
  EXPECT_EQ(TransitionRows(t),
            (std::vector<std::string>{
                "0 route-config 0->2 changed adds-first:0+2/ambiguous removes-first:none/none",
                "1 route-config 0->3 changed adds-first:0+3/ambiguous removes-first:none/none",
                "2 route-config 1->1 unchanged adds-first:1/match removes-first:1/match",
                "3 route-config 1->1 unchanged adds-first:1/match removes-first:1/match"}));
  // The net change: {prod} removed, {prod, v1} and {prod, v2} added.
  ASSERT_NE(t.adds_first.Find("route-config"), nullptr);
  EXPECT_EQ(t.adds_first.Find("route-config")->variants.size(), 4u);
  EXPECT_EQ(t.removes_first.Find("route-config")->variants.size(), 1u);
  std::vector<bool> notified;
  for (const TransitionRow& r : t.rows) notified.push_back(Notifies(r.change));
  EXPECT_EQ(notified, (std::vector<bool>{true, true, false, false}));
}

TEST(VariantsEngineTest, TypedTransitionInTwoResponsesShowsTheIntermediateState) {
  Evaluated a = RunSample(LoadSample("transition-two-responses.scenario.yaml"));
  Transition t = ComputeTransition(a, a.subscriptions);
  ASSERT_EQ(t.responses.size(), 2u);
  EXPECT_EQ(TransitionRows(t),
            (std::vector<std::string>{
                "0 route-config 0->2 changed [0+2] adds-first:0+2/ambiguous removes-first:none/none",
                "1 route-config 0->3 changed [0+3] adds-first:0+3/ambiguous removes-first:none/none",
                "2 route-config 1->1 unchanged [1] adds-first:1/match removes-first:1/match"}));
}

TEST(VariantsEngineTest, NoTransitionWithoutBefore) {
  Evaluated a = RunSample(LoadSample("basic-env.scenario.yaml"));
  Transition t = ComputeTransition(a, a.subscriptions);
  EXPECT_TRUE(t.rows.empty());
  EXPECT_TRUE(t.responses.empty());
}

TEST(VariantsEngineTest, AmbiguousBeforeAndUnmatchedAfter) {
  // Before, {env: prod} matches two variants; the after response removes both.
  Scenario s = LoadScenario({{"t.scenario.yaml", R"(engine: variants
sources:
  - name: before.textproto
    text: |
      # proto-message: envoy.service.discovery.v3.DeltaDiscoveryResponse
      resources { resource_name { name: "R" dynamic_parameter_constraints { constraint { key: "env" value: "prod" } } } }
      resources { resource_name { name: "R" dynamic_parameter_constraints { constraint { key: "env" exists {} } } } }
  - name: after.textproto
    text: |
      # proto-message: envoy.service.discovery.v3.DeltaDiscoveryResponse
      removed_resource_names { name: "R" dynamic_parameter_constraints { constraint { key: "env" value: "prod" } } }
      removed_resource_names { name: "R" dynamic_parameter_constraints { constraint { key: "env" exists {} } } }
inputs:
  before: [before.textproto]
  subscriptions: [{env: prod}]
)"}},
                            {});
  Evaluated a = RunSample(s, {});
  Transition t = ComputeTransition(a, a.subscriptions);
  EXPECT_EQ(TransitionRows(t), (std::vector<std::string>{
                                   "0 R 0+1->none became-unmatched adds-first:0+1/ambiguous removes-first:none/none"}));
  int n = 0;
  for (const auto& d : a.diagnostics)
    if (d.code == "VAR112") {
      ++n;
      EXPECT_EQ(d.message,
                "after the change subscription {env=prod} matches no variant of \"R\" (it had several variants, "
                "ambiguous); the resource disappears for it; add a variant for it");
    }
  EXPECT_EQ(n, 1);
}

TEST(VariantsEngineTest, ProxyFanOut) {
  Evaluated a = RunSample(LoadSample("transition-steps.scenario.yaml"));
  std::vector<ProxyResource> p = ComputeProxy(a.final_state, a.subscriptions);
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0].r->name, "route-config");
  std::vector<std::string> ids;
  for (const Variant& v : p[0].r->variants) ids.push_back(v.IdText());
  EXPECT_EQ(ids, (std::vector<std::string>{"1", "2", "3"}));
  EXPECT_EQ(p[0].per_variant, (std::vector<std::vector<size_t>>{{2, 3}, {0}, {1}}));
  EXPECT_TRUE(p[0].ambiguous.empty());
  EXPECT_TRUE(p[0].unmatched.empty());
  // Before the change every prod subscriber shares variant 0: a change of it reaches both.
  std::vector<ProxyResource> b = ComputeProxy(a.before, a.subscriptions);
  EXPECT_EQ(b[0].per_variant, (std::vector<std::vector<size_t>>{{0, 1}, {2, 3}}));
  // Subscriptions to other resources do not count.
  std::vector<Subscription> subs = a.subscriptions;
  subs[0].resources = {"elsewhere"};
  EXPECT_EQ(ComputeProxy(a.final_state, subs)[0].per_variant, (std::vector<std::vector<size_t>>{{2, 3}, {}, {1}}));
}

TEST(VariantsEngineTest, RealisticSnapshot) {
  Evaluated a = RunSample(LoadSample("realistic-snapshot.scenario.yaml"));
  const std::string fe = "xdstp://xds.example.com/envoy.config.route.v3.RouteConfiguration/frontend";
  EXPECT_EQ(Outcomes(a), (std::vector<std::string>{
                             fe + ":[prod-stable]:match", fe + ":[prod-canary]:match", fe + ":[preprod]:match",
                             "backend:[]:none", fe + ":[prod-stable]:match",
                             "backend:[eu]:match shared-listener:[0]:match"}));
  EXPECT_EQ(ResultJson(a)["subscriptions"][5]["params"].dump(), R"({"env":"prod","region":"europe-west1","shard":"3"})");
  EXPECT_EQ(ResultJson(a)["coverage"][1]["regions"].dump(),
            R"([{"region":"region=asia-east1","witness":{"region":"asia-east1"},"count":1}])");
  EXPECT_EQ(ResultJson(a)["proxy"]["resources"][0]["variants"][0]["subscribers"].dump(), "[0,4]");
  EXPECT_EQ(ResultJson(a)["resources"][1]["variants"][0]["content"], R"(envoy.config.cluster.v3.Cluster {"name":"backend-us"} · version 9)");
  EXPECT_EQ(Codes(a), (std::vector<std::string>{"VAR121@snapshot-client.yaml:8:12", "VAR120@snapshot-client.yaml:9:13",
                                                "VAR101@snapshot-proxy-request.yaml:11:5",
                                                "VAR104@snapshot-response.json:67:40"}));
}

TEST(VariantsEngineTest, InvalidConstraintsArePositionedAndLeftOut) {
  Evaluated a = RunSample(LoadSample("invalid-constraints.scenario.yaml"));
  EXPECT_EQ(Codes(a), (std::vector<std::string>{"VAR001@bad-delta.yaml:6:21", "VAR002@bad-delta.yaml:10:27",
                                                "VAR105@bad-delta.yaml:14:9", "VAR106@bad-delta.yaml:14:9"}));
  EXPECT_EQ(ResultJson(a)["resources"][0]["variants"].size(), 2u);
  EXPECT_EQ(Outcomes(a), (std::vector<std::string>{"listener:[1]:match"}));
}

TEST(VariantsEngineTest, ClientConfiguration) {
  Evaluated a = RunSample(LoadSample("client-config.scenario.yaml"));
  const std::string shop = "xdstp://mesh.example.com/envoy.config.route.v3.RouteConfiguration/shop";
  EXPECT_EQ(Outcomes(a), (std::vector<std::string>{"legacy-routes:[1]:match " + shop + ":[0]:match",
                                                   "legacy-routes:[0]:match", shop + ":[0]:match"}));
  EXPECT_EQ(ResultJson(a)["subscriptions"][0]["params"].dump(), R"({"env":"test","tier":"gold"})");
  EXPECT_EQ(ResultJson(a)["subscriptions"][2]["params"].dump(), R"({"tier":"gold"})");
}

TEST(VariantsEngineTest, ClientParamsPrecedence) {
  ClientConfig c;
  c.global = {{"env", "prod"}};
  c.from_metadata = {{"env", "test"}, {"zone", "a"}};
  c.authorities["auth.example"] = {{"tier", "gold"}};
  EXPECT_EQ(ClientParams(c, "legacy"), (Params{{"env", "prod"}, {"zone", "a"}}));
  EXPECT_EQ(ClientParams(c, "xdstp://auth.example/type/name"), (Params{{"tier", "gold"}}));
  EXPECT_EQ(ClientParams(c, "xdstp://other.example/type/name"), (Params{{"env", "prod"}, {"zone", "a"}}));
}

Scenario Inline(const std::vector<InputFile>& files) { return LoadScenario(files); }

TEST(VariantsEngineTest, ParamsFlagIsOneSubscriptionEach) {
  Scenario s = Inline({{"r.textproto", "constraint { key: \"env\" value: \"prod\" }\n"}});
  Query q;
  q.flags = {{"params", "env=prod"}, {"params", ""}, {"params", "env=prod,version=v1"}, {"params", "bad"}};
  Evaluated a = RunSample(s, q);
  EXPECT_EQ(Outcomes(a), (std::vector<std::string>{"r:[0]:match", "r:[]:none", "r:[0]:match"}));
  EXPECT_EQ(ResultJson(a)["subscriptions"][1]["params"].dump(), "{}");
  std::vector<std::string> codes = Codes(a);
  EXPECT_EQ(codes, (std::vector<std::string>{"VAR101@--params:2:1", "VAR011@--params:4:1", "VAR105@r.textproto:1:1"}));
}

TEST(VariantsEngineTest, WireFormatsAgree) {
  const char* tp =
      "resources { resource_name { name: \"R\" dynamic_parameter_constraints { or_constraints {\n"
      "  constraints { constraint { key: \"env\" value: \"a\" } } constraints { constraint { key: \"env\" exists {} } } } } } }\n";
  const char* json =
      R"({"resources": [{"resourceName": {"name": "R", "dynamicParameterConstraints": {"orConstraints": {"constraints": [)"
      R"({"constraint": {"key": "env", "value": "a"}}, {"constraint": {"key": "env", "exists": {}}}]}}}}]})";
  const char* yaml =
      "resources:\n- resource_name:\n    name: R\n    dynamic_parameter_constraints:\n      or_constraints:\n"
      "        constraints:\n        - constraint: {key: env, value: a}\n        - constraint: {key: env, exists: {}}\n";
  const char* sotw =
      "resources { [type.googleapis.com/envoy.service.discovery.v3.Resource] { resource_name { name: \"R\"\n"
      "  dynamic_parameter_constraints { or_constraints { constraints { constraint { key: \"env\" value: \"a\" } }\n"
      "  constraints { constraint { key: \"env\" exists {} } } } } } } }\n";
  for (auto [name, text] : std::vector<std::pair<const char*, const char*>>{
           {"d.textproto", tp}, {"d.json", json}, {"d.yaml", yaml}, {"s.textproto", sotw}}) {
    Evaluated a = RunSample(Inline({{name, text}}), Query{{{"params", "env=b"}}});
    EXPECT_EQ(ResultJson(a)["resources"][0]["variants"][0]["constraints"], "env=a ∨ exists(env)") << name;
    EXPECT_EQ(Outcomes(a), (std::vector<std::string>{"R:[0]:match"})) << name;
  }
}

TEST(VariantsEngineTest, RequestsAreSubscriptions) {
  Scenario s = Inline({{"v.textproto", "resources { resource_name { name: \"R\" dynamic_parameter_constraints { "
                                       "constraint { key: \"env\" value: \"prod\" } } } }\n"},
                       {"req.textproto", "# proto-message: envoy.service.discovery.v3.DiscoveryRequest\n"
                                         "type_url: \"t\"\nresource_locators { name: \"R\" dynamic_parameters { key: "
                                         "\"env\" value: \"prod\" } }\nresource_locators { name: \"R\" }\n"}});
  Evaluated a = RunSample(s, {});
  EXPECT_EQ(Outcomes(a), (std::vector<std::string>{"R:[0]:match", "R:[]:none"}));
  EXPECT_EQ(Codes(a), (std::vector<std::string>{"VAR101@req.textproto:4:1", "VAR105@v.textproto:1:39"}));
}

TEST(VariantsEngineTest, RemovalOfAnUnknownVariantWarns) {
  Scenario s = Inline({{"a.textproto", "resources { resource_name { name: \"R\" } }\n"},
                       {"b.textproto", "removed_resource_names { name: \"R\" dynamic_parameter_constraints { constraint "
                                       "{ key: \"x\" value: \"y\" } } }\n"}});
  Evaluated a = RunSample(s, {});
  EXPECT_EQ(Codes(a), (std::vector<std::string>{"VAR012@b.textproto:1:1"}));
  EXPECT_EQ(ResultJson(a)["resources"][0]["variants"].size(), 1u);
}

TEST(VariantsEngineTest, EngineContract) {
  const Engine& e = GetVariantsEngine();
  EXPECT_EQ(e.name(), "variants");
  EXPECT_EQ(e.profiles()[0].name, "tp2");
  EXPECT_EQ(FindEngine("variants"), &e);
  Scenario s = Inline({{"x.txt", "{constraint:{key:\"a\" value:\"b\"}}"}});
  EXPECT_EQ(DetectEngine(s), &e);
  Report r = RunScenario(e, s, Query{{{"params", "a=b"}}}, "tp2", true);
  EXPECT_EQ(r.result["subscriptions"][0]["resources"][0].dump(),
            R"({"resource":"x","matching":[0],"selected":0,"outcome":"match"})");
  EXPECT_EQ(r.explanation.children.size(), 1u);
}

}  // namespace
}  // namespace cfgi::variants

namespace cfgi::variants {
namespace {

// xRFC TP2 (/work/shared/spec/xds-tp2-dynamic-parameters.md): a resource's
// dynamic_parameter_constraints are optional, and a variant without them matches every
// subscription (the xds DynamicParameterConstraints comment: "an empty message matches all").
// The same response in textproto, proto3 JSON and YAML is detected as variants and each
// subscription, with or without parameters, selects that variant.
TEST(VariantsEngineTest, AVariantWithoutConstraintsMatchesEverySubscription) {
  const std::vector<InputFile> forms = {
      {"resp.textproto",
       "type_url: \"type.googleapis.com/envoy.config.route.v3.RouteConfiguration\"\n"
       "system_version_info: \"7\"\n"
       "resources {\n  resource_name { name: \"routes\" }\n  version: \"1\"\n}\n"},
      {"resp.json",
       R"({"typeUrl": "type.googleapis.com/envoy.config.route.v3.RouteConfiguration", "systemVersionInfo": "7",
 "resources": [{"resourceName": {"name": "routes"}, "version": "1"}]})"},
      {"resp.yaml",
       "type_url: type.googleapis.com/envoy.config.route.v3.RouteConfiguration\n"
       "system_version_info: '7'\n"
       "resources:\n- resource_name: {name: routes}\n  version: '1'\n"}};
  for (const InputFile& f : forms) {
    Scenario s = LoadScenario({f});
    const Engine* e = DetectEngine(s);
    ASSERT_NE(e, nullptr) << f.name;
    EXPECT_EQ(e->name(), "variants") << f.name;
    Query q;
    q.flags = {{"params", "env=prod,version=v2"}, {"params", ""}};
    Report r = RunScenario(GetVariantsEngine(), s, q, "tp2", true);
    ASSERT_EQ(r.result["subscriptions"].size(), 2u) << f.name;
    for (const auto& sub : r.result["subscriptions"]) {
      ASSERT_EQ(sub["resources"].size(), 1u) << f.name;
      EXPECT_EQ(sub["resources"][0]["resource"], "routes") << f.name;
      EXPECT_EQ(sub["resources"][0]["matching"], ordered_json::parse("[0]")) << f.name;
      EXPECT_EQ(sub["resources"][0]["selected"], 0) << f.name;
      EXPECT_EQ(sub["resources"][0]["outcome"], "match") << f.name;
    }
    for (const auto& d : r.diagnostics) EXPECT_NE(d.severity, doc::Severity::kError) << f.name << ": " << d.code << " " << d.message;
  }
}

}  // namespace
}  // namespace cfgi::variants
