// Coverage counting per engine (core/engine/coverage.h, EngineModel::Coverage in each engine's
// <engine>_coverage.cpp) and the expectation outcomes Inspect records (Report::expectations),
// which `config-inspector-cli test` prints. Envoy's router_check_tool is the
// model for the count (test/tools/router_check/coverage.cc: Coverage::markCovered per route a
// test reached, Coverage::report as covered / all routes).
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "core/engine/coverage.h"
#include "core/engine/engine.h"
#include "core/engine/scenario.h"

namespace cfgi {
namespace {

struct CovRun {
  Inspection in;
  std::vector<CoverageItem> items;
};

// Inspects one scenario (embedded sources only) under `profile` (empty: the engine's default).
CovRun Cover(const std::string& yaml, const std::string& profile = "") {
  auto s = std::make_shared<Scenario>(LoadScenario({{"t.scenario.yaml", yaml}}));
  const Engine* e = SelectEngine(s.get());
  InspectOptions o;
  o.profiles = {profile.empty() ? e->profiles()[0].name : profile};
  o.explain = false;
  CovRun r{Inspect(*e, s, Query{}, o), {}};
  r.items = r.in.model->Coverage(*r.in.reports[0].typed);
  return r;
}

// "kind reached|unreached line:col label" per item, in source order.
std::vector<std::string> Lines(std::vector<CoverageItem> items) {
  std::stable_sort(items.begin(), items.end(), [](const CoverageItem& a, const CoverageItem& b) {
    return std::tie(a.line, a.column) < std::tie(b.line, b.column);
  });
  std::vector<std::string> out;
  for (const CoverageItem& it : items)
    out.push_back(it.kind + " " + (it.reached ? "reached" : "unreached") + " " + std::to_string(it.line) + ":" +
                  std::to_string(it.column) + " " + it.label);
  return out;
}

const char* kMatcher = R"SCN(engine: matcher
sources:
  - name: m.yaml
    text: |
      matcher_list:
        matchers:
          - predicate:
              single_predicate:
                input: {header_name: x-a}
                value_match: {exact: "1"}
            on_match:
              matcher:
                matcher_list:
                  matchers:
                    - predicate:
                        single_predicate:
                          input: {header_name: x-b}
                          value_match: {exact: "2"}
                      on_match: {action: inner}
          - predicate:
              single_predicate:
                input: {header_name: x-a}
                value_match: {prefix: "9"}
            on_match: {action: nine}
      on_no_match: {action: fallback}
inputs:
  requests:
    - headers: {x-a: "1", x-b: "3"}
)SCN";

// The nested matcher's on_match is not reached (x-b: 3); its enclosing on_match is, and a nested
// matcher that finds nothing lets the outer list continue to on_no_match (proto comment and
// Envoy; docs/formats/matcher.md), so on_no_match is reached too; `nine` is not.
TEST(CoverageTest, MatcherCountsEveryOnMatchAtEveryLevel) {
  CovRun r = Cover(kMatcher);
  EXPECT_EQ(Lines(r.items), (std::vector<std::string>{
                                "branch reached 8:9 matchers[0] -> nested matcher",
                                "branch unreached 15:27 matchers[0] -> inner",
                                "branch unreached 20:17 matchers[1] -> nine",
                                "branch reached 21:14 on_no_match -> fallback",
                            }));
  for (const CoverageItem& it : r.items) {
    EXPECT_EQ(it.file, "m.yaml");
    EXPECT_EQ(it.reached ? "" : "no request reached it", it.why);
  }
}

TEST(CoverageTest, MatcherWithoutRequestsReachesNothing) {
  std::string yaml = kMatcher;
  yaml = yaml.substr(0, yaml.find("inputs:"));
  CovRun r = Cover(yaml);
  ASSERT_EQ(r.items.size(), 4u);
  for (const CoverageItem& it : r.items) EXPECT_FALSE(it.reached) << it.label;
}

TEST(CoverageTest, VariantsReachedOnlyBySelection) {
  CovRun r = Cover(R"SCN(engine: variants
sources:
  - name: r.textproto
    text: |
      # proto-message: envoy.service.discovery.v3.DeltaDiscoveryResponse
      resources {
        resource_name { name: "R" dynamic_parameter_constraints { constraint { key: "env" value: "prod" } } }
      }
      resources {
        resource_name { name: "R" dynamic_parameter_constraints { constraint { key: "env" exists {} } } }
      }
      resources {
        resource_name { name: "R" dynamic_parameter_constraints { constraint { key: "env" value: "dev" } } }
      }
inputs:
  subscriptions:
    - {env: prod}
    - {env: qa}
)SCN");
  // {env: prod} matches variants 0 and 1 (ambiguous: neither is reached); {env: qa} only 1.
  std::vector<std::string> lines = Lines(r.items);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(r.items[0].kind, "variant");
  EXPECT_FALSE(r.items[0].reached);
  EXPECT_TRUE(r.items[1].reached);
  EXPECT_FALSE(r.items[2].reached);
  EXPECT_EQ(r.items[0].line, 3);
  EXPECT_EQ(r.items[1].line, 6);
  EXPECT_EQ(r.items[2].line, 9);
  EXPECT_EQ(r.items[0].label, "R variant 0 constraint { key: \"env\" value: \"prod\" }");
  EXPECT_EQ(r.items[2].why, "no subscription selects it");
}

const char* kTxt = R"SCN(engine: txt
sources:
  - name: z.zone
    text: |
      _grpc_config.svc.example.com. 60 IN TXT "grpc_config=[{\"clientLanguage\":[\"java\"],\"serviceConfig\":{}},{\"clientLanguage\":[\"go\"],\"serviceConfig\":{}},{\"serviceConfig\":{}}]"
)SCN";

TEST(CoverageTest, TxtReachesTheChosenChoiceOnly) {
  CovRun java = Cover(kTxt, "grpc-java");
  EXPECT_EQ(Lines(java.items), (std::vector<std::string>{
                                   "choice reached 1:55 choice 0 of _grpc_config.svc.example.com.",
                                   "choice unreached 1:108 choice 1 of _grpc_config.svc.example.com.",
                                   "choice unreached 1:159 choice 2 of _grpc_config.svc.example.com.",
                               }));
  CovRun core = Cover(kTxt, "grpc-core");  // language c++: the catch-all
  ASSERT_EQ(core.items.size(), 3u);
  EXPECT_FALSE(core.items[0].reached);
  EXPECT_TRUE(core.items[2].reached);
  // The two scenarios over the same zone add up: choices 0 and 2 of 3.
  CoverageSet set;
  set.Add("txt", java.items);
  set.Add("txt", core.items);
  EXPECT_EQ(set.total(), 3u);
  EXPECT_EQ(set.reached(), 2u);
  std::vector<CoverageTally> t = set.Tallies();
  ASSERT_EQ(t.size(), 1u);
  EXPECT_EQ(t[0].kind, "choice");
  ASSERT_EQ(t[0].unreached.size(), 1u);
  EXPECT_EQ(t[0].unreached[0].label, "choice 1 of _grpc_config.svc.example.com.");
}

TEST(CoverageTest, PolicyItemsReachedThroughTheDataplanesRules) {
  CovRun r = Cover(R"SCN(engine: policy
sources:
  - name: mesh.yaml
    text: |
      type: Mesh
      name: default
      ---
      type: Dataplane
      mesh: default
      name: web-1
      networking:
        address: 10.0.0.1
        inbound:
          - port: 80
            tags: {kuma.io/service: web}
      ---
      type: MeshTimeout
      mesh: default
      name: for-web
      spec:
        targetRef: {kind: Mesh}
        to:
          - targetRef: {kind: Mesh}
            default: {connectionTimeout: 2s}
      ---
      type: MeshRetry
      mesh: default
      name: for-batch
      spec:
        targetRef:
          kind: Dataplane
          labels: {app: batch}
        to:
          - targetRef: {kind: Mesh}
            default: {http: {numRetries: 3}}
inputs:
  dataplane: web-1
)SCN");
  EXPECT_EQ(Lines(r.items), (std::vector<std::string>{
                                "policy-item reached 19:7 MeshTimeout for-web to[0]",
                                "policy-item unreached 30:7 MeshRetry for-batch to[0]",
                            }));
  EXPECT_EQ(r.items[1].why, "no rule of the dataplanes evaluated uses it");
}

TEST(CoverageTest, TargetingReferencesNeedAMatchingService) {
  CovRun r = Cover(R"SCN(engine: targeting
sources:
  - name: manifest.json
    text: |
      {"scr": {"version": 1, "components": [
        {"implementation-class": "A", "configuration-policy": "require", "configuration-pid": ["a"],
         "factory": "a.factory",
         "references": [
           {"name": "One", "interface": "I", "target": "(k={{k}})"},
           {"name": "Two", "interface": "I", "target": "(k=none)", "cardinality": "0..1"},
           {"name": "Three", "interface": "I", "target": "(k={{missing}})", "cardinality": "0..1"}]}]}}
  - name: services.json
    text: |
      {"services": [{"id": 1, "interfaces": ["I"], "properties": {"k": "v"}}]}
inputs:
  pid: a
  config: {k: v}
)SCN");
  std::vector<std::string> lines = Lines(r.items);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0], "reference reached 5:6 A reference One (I)");
  EXPECT_EQ(lines[1], "reference unreached 6:6 A reference Two (I)");
  EXPECT_EQ(lines[2], "reference unreached 7:6 A reference Three (I)");
  EXPECT_EQ(r.items[1].why, "no service satisfies (&(objectclass=I)(k=none))");
  EXPECT_EQ(r.items[2].why.rfind("resolution fails: ", 0), 0u) << r.items[2].why;
}

TEST(CoverageTest, SetMergesTheSameSourceAndKeepsOthersApart) {
  CoverageItem a;
  a.kind = "branch";
  a.key = "k";
  a.file = "f.yaml";
  a.source_id = 1;
  CoverageItem b = a;
  b.reached = true;
  b.file = "x/../f.yaml";  // another path to the same text
  CoverageItem other = a;
  other.source_id = 2;  // the same name with another text: another file
  CoverageSet set;
  set.Add("matcher", {a});
  set.Add("matcher", {b, other});
  EXPECT_EQ(set.total(), 2u);
  EXPECT_EQ(set.reached(), 1u);
  EXPECT_DOUBLE_EQ(set.Percent(), 50.0);
  CoverageSet empty;
  EXPECT_DOUBLE_EQ(empty.Percent(), 100.0);  // nothing to reach
  std::vector<CoverageTally> t = set.Tallies();
  ASSERT_EQ(t.size(), 1u);
  EXPECT_EQ(t[0].total, 2u);
  EXPECT_EQ(t[0].reached, 1u);
}

TEST(CoverageTest, TalliesFollowTheEngineOrder) {
  CoverageItem m{"branch", "k", "", "m", 1, 1, 1, true, ""};
  CoverageItem v{"variant", "k", "", "v", 1, 1, 2, false, ""};
  CoverageSet set;
  set.Add("matcher", {m});
  set.Add("variants", {v});
  std::vector<CoverageTally> t = set.Tallies();
  ASSERT_EQ(t.size(), 2u);
  EXPECT_EQ(t[0].engine, "variants");
  EXPECT_EQ(t[1].engine, "matcher");
}

// Report::expectations: one outcome per entry under the profile it applies to, with what was
// expected and what the result has; the failures are also SCN006 diagnostics.
TEST(ExpectCheckTest, EveryEntryHasAnOutcome) {
  CovRun r = Cover(std::string(kMatcher) + R"SCN(expect:
  - input: 0
    result: {actions: [fallback]}
  - path: /requests/0/matched
    equals: false
  - {profile: envoy, path: /requests/0/matched, equals: true}
  - path: /requests/4
)SCN");
  const Report& rep = r.in.reports[0];
  ASSERT_EQ(rep.expectations.size(), 3u);  // the envoy entry is not checked under grpc-core
  const ExpectCheck& a = rep.expectations[0];
  EXPECT_TRUE(a.passed);
  EXPECT_EQ(a.what, "input 0 result");
  EXPECT_EQ(a.expected, R"SCN({"actions":["fallback"]})SCN");
  EXPECT_EQ(a.at, (doc::Position{30, 5}));
  const ExpectCheck& b = rep.expectations[1];
  EXPECT_FALSE(b.passed);
  EXPECT_EQ(b.what, "/requests/0/matched equals");
  EXPECT_EQ(b.expected, "false");
  EXPECT_EQ(b.got, "true");
  EXPECT_EQ(b.code, "SCN006");
  EXPECT_EQ(b.at, (doc::Position{33, 13}));
  const ExpectCheck& c = rep.expectations[2];
  EXPECT_EQ(c.index, 3u);
  EXPECT_FALSE(c.passed);
  EXPECT_EQ(c.what, "/requests/4 exists");
  EXPECT_EQ(c.got, "");
  EXPECT_EQ(c.message, "expected a value at /requests/4 but the result has none");
  size_t scn006 = 0;
  for (const doc::Diagnostic& d : rep.diagnostics) scn006 += d.code == "SCN006";
  EXPECT_EQ(scn006, 2u);
}

}  // namespace
}  // namespace cfgi
