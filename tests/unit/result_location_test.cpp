// One location shape in the JSON (core/doc/explanation.h doc::PutLocation): every place a result
// names, as every diagnostic does, is the keys "file", "line", "column" in that order, flat
// beside what it locates. One result location of each engine, with its exact values (the
// positions are counted by hand in the inline texts below), and an explanation step's.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "core/doc/explanation.h"
#include "core/engine/engine.h"
#include "core/engine/scenario.h"

namespace cfgi {
namespace {

using nlohmann::ordered_json;

// The object's keys in order.
std::vector<std::string> Keys(const ordered_json& j) {
  std::vector<std::string> out;
  for (auto it = j.begin(); it != j.end(); ++it) out.push_back(it.key());
  return out;
}

// `j` holds "file", "line", "column" one after the other, with these values.
void ExpectLocation(const ordered_json& j, const std::string& file, int line, int column) {
  ASSERT_TRUE(j.is_object()) << j.dump();
  std::vector<std::string> k = Keys(j);
  auto at = std::find(k.begin(), k.end(), "file");
  ASSERT_NE(at, k.end()) << j.dump();
  ASSERT_LE(at + 3, k.end()) << j.dump();
  EXPECT_EQ(*(at + 1), "line") << j.dump();
  EXPECT_EQ(*(at + 2), "column") << j.dump();
  EXPECT_EQ(j["file"], file);
  EXPECT_EQ(j["line"], line);
  EXPECT_EQ(j["column"], column);
}

struct Evaluated {
  std::shared_ptr<Scenario> scenario;
  std::unique_ptr<EngineModel> model;
  std::unique_ptr<EngineResult> result;
  doc::Explanation why;
};

Evaluated Evaluate(const std::string& yaml, const std::string& profile = "") {
  Evaluated e;
  e.scenario = std::make_shared<Scenario>(LoadScenario({{"t.scenario.yaml", yaml}}));
  const Engine* engine = SelectEngine(e.scenario.get());
  e.model = engine->Load(*e.scenario, Query{}, Mode::kEvaluate);
  e.result = e.model->Evaluate(profile.empty() ? engine->profiles()[0].name : profile, &e.why);
  return e;
}

TEST(PutLocation, KeysInOrderAndNoPlaceKnown) {
  doc::Source src("a.yaml", "a: 1\n  b: 2\n");
  ordered_json j = {{"id", 1}};
  doc::PutLocation(j, &src, 7);  // "b" on line 2, column 3
  EXPECT_EQ(j.dump(), R"({"id":1,"file":"a.yaml","line":2,"column":3})");
  ordered_json none;
  doc::PutLocation(none, nullptr, 7);
  EXPECT_EQ(none.dump(), R"({"file":"","line":0,"column":0})");
  ordered_json named;
  doc::PutLocation(named, "b.zone", doc::Position{4, 9});
  EXPECT_EQ(named.dump(), R"({"file":"b.zone","line":4,"column":9})");
}

// TP2 (xRFC TP2): a variant is located at its dynamic_parameter_constraints.
TEST(ResultLocation, VariantsVariant) {
  Evaluated e = Evaluate(R"(engine: variants
sources:
  - name: r.textproto
    text: |
      # proto-message: envoy.service.discovery.v3.DeltaDiscoveryResponse
      resources {
        resource_name { name: "R" dynamic_parameter_constraints { constraint { key: "env" value: "prod" } } }
      }
inputs:
  subscriptions:
    - {env: prod}
)");
  ordered_json j = e.result->ToJson();
  // Line 3 `  resource_name { name: "R" dynamic_parameter_constraints {`: the field at column 29.
  ExpectLocation(j["resources"][0]["variants"][0], "r.textproto", 3, 29);
}

// A106 matcher_list (grpc/grpc src/core/xds/grpc/xds_matcher.cc): the step that decided, and a
// node no request reached.
TEST(ResultLocation, MatcherDecidedByAndUnreached) {
  Evaluated e = Evaluate(R"(engine: matcher
sources:
  - name: m.yaml
    text: |
      matcher_list:
        matchers:
          - predicate:
              single_predicate:
                input: {header_name: x-a}
                value_match: {exact: "1"}
            on_match: {action: one}
          - predicate:
              single_predicate:
                input: {header_name: x-b}
                value_match: {exact: "1"}
            on_match: {action: two}
      on_no_match: {action: fallback}
inputs:
  requests:
    - headers: {x-a: "1"}
)",
                         "envoy");
  ordered_json j = e.result->ToJson();
  // matchers[0] is the map at `predicate:` on line 3 (`    - predicate:`), column 7.
  ExpectLocation(j["requests"][0]["decided_by"], "m.yaml", 3, 7);
  ASSERT_EQ(j["coverage"]["unreached"].size(), 2u);
  // `on_no_match: {action: fallback}` on line 13: the value at column 14.
  ExpectLocation(j["coverage"]["unreached"][0], "m.yaml", 13, 14);
  // The trace's steps carry the same shape: the root at the matcher, matchers[0] where
  // decided_by is.
  ExpectLocation(j["requests"][0]["trace"][0], "m.yaml", 1, 1);
  ExpectLocation(j["requests"][0]["trace"][0]["children"][0], "m.yaml", 3, 7);
}

// gRFC A2 TXT records: the record and each of its strings.
TEST(ResultLocation, TxtRecordAndString) {
  Evaluated e = Evaluate(R"(engine: txt
sources:
  - name: z.zone
    text: |
      ; a zone
      _grpc_config.svc.example.com. 60 IN TXT "grpc_config=[{\"serviceConfig\":{}}]"
)");
  ordered_json j = e.result->ToJson();
  ExpectLocation(j["records"][0], "z.zone", 2, 1);
  // The string's opening quote: after `_grpc_config.svc.example.com. 60 IN TXT ` (40 bytes).
  ExpectLocation(j["records"][0]["strings"][0], "z.zone", 2, 41);
}

// Kuma MeshTimeout (kumahq/kuma pkg/plugins/policies/core/rules): a merged field's provenance.
TEST(ResultLocation, PolicyFieldProvenance) {
  Evaluated e = Evaluate(R"(engine: policy
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
inputs:
  dataplane: web-1
)");
  ordered_json j = e.result->ToJson();
  const ordered_json& field = j["rules"][0]["toResourceRules"][0]["fields"][0];
  EXPECT_EQ(field["path"], "/connectionTimeout");
  // Line 20 `    default: {connectionTimeout: 2s}`: the value `2s` at column 36.
  ExpectLocation(field, "mesh.yaml", 20, 36);
}

// CppMicroServices dynamic targeting (ComponentFactoryImpl.cpp ReplacePlaceholdersInTarget): its
// result names no place; its explanation's steps do, each in the source its `file` names (the
// CLI's --explain JSON, app/cli check_eval.cpp ExplanationJson).
TEST(ResultLocation, TargetingExplanationSteps) {
  Evaluated e = Evaluate(R"SCN(engine: targeting
sources:
  - name: manifest.json
    text: |
      {"scr": {"version": 1, "components": [
        {"implementation-class": "A", "configuration-policy": "require", "configuration-pid": ["a"],
         "factory": "a.factory",
         "references": [
           {"name": "One", "interface": "I", "target": "(k={{k}})"}]}]}}
  - name: services.json
    text: |
      {"services": [{"id": 1, "interfaces": ["I"], "properties": {"k": "v"}}]}
inputs:
  pid: a
  config: {k: v}
)SCN");
  doc::Step::JsonOptions o;
  for (const doc::Document& d : e.scenario->sources) o.sources.push_back(d.source.get());
  ordered_json j = e.why.ToJson(o);
  const ordered_json& component = j["children"][0];
  EXPECT_EQ(component["what"], "component A");
  ExpectLocation(component, "manifest.json", 2, 3);
  const ordered_json& reference = component["children"][0];
  EXPECT_EQ(reference["what"], "reference One");
  ExpectLocation(reference, "manifest.json", 5, 6);
  // The placeholder inside the target string: `{{k}}` at column 54.
  EXPECT_EQ(reference["children"][0]["what"], "{{k}}");
  ExpectLocation(reference["children"][0], "manifest.json", 5, 54);
  // Without the sources, no step is located.
  EXPECT_FALSE(e.why.ToJson()["children"][0].contains("line"));
}

}  // namespace
}  // namespace cfgi
