// A null `why` is the fast path for every engine (core/engine/engine.h EngineModel::Evaluate):
// evaluated with and without an explanation, each engine gives the same answer and the same
// diagnostics, and without one the result holds no explanation (the fields where an engine
// keeps its steps are empty) while with one the tree has steps. The work is measured, not
// only the result: doc::ThreadStepsBuilt (core/doc/explanation.h) counts every step built, and
// an evaluation under a null `why` builds none. cel-cpp's
// Trace(activation, listener) is the model: the listener is optional and evaluation without it
// does no tracing work.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "core/doc/explanation.h"
#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "core/matcher/matcher_engine.h"
#include "core/policy/policy_engine.h"
#include "core/targeting/targeting_engine.h"
#include "core/txt/txt_engine.h"
#include "core/variants/variants_engine.h"

namespace cfgi {
namespace {

// One scenario evaluated twice under the engine's default profile: without and with `why`.
struct WhyRun {
  std::shared_ptr<const Scenario> scenario;
  std::unique_ptr<EngineModel> model;
  std::unique_ptr<EngineResult> plain, explained;
  doc::Explanation why;
  uint64_t steps_plain = 0, steps_explained = 0;  // doc::ThreadStepsBuilt() during each Evaluate

  std::vector<std::string> Diagnostics(const EngineResult& r) const {
    std::vector<std::string> out;
    for (const doc::Diagnostic& d : r.diagnostics) out.push_back(doc::FormatDiagnostic(d) + " @" + d.path);
    return out;
  }
};

WhyRun EvaluateTwice(const std::string& yaml) {
  WhyRun r;
  auto s = std::make_shared<Scenario>(LoadScenario({{"t.scenario.yaml", yaml}}));
  const Engine* e = SelectEngine(s.get());
  r.scenario = s;
  r.model = e->Load(*s, Query{}, Mode::kEvaluate);
  const std::string profile = e->profiles()[0].name;
  uint64_t before = doc::ThreadStepsBuilt();
  r.plain = r.model->Evaluate(profile, nullptr);
  r.steps_plain = doc::ThreadStepsBuilt() - before;
  before = doc::ThreadStepsBuilt();
  r.explained = r.model->Evaluate(profile, &r.why);
  r.steps_explained = doc::ThreadStepsBuilt() - before;
  return r;
}

// The checks every engine's test makes: equal answers and diagnostics; no step built under a
// null `why`; an explanation with steps when asked, each of them counted.
void ExpectFastPath(const WhyRun& r, const nlohmann::ordered_json& plain_json, const nlohmann::ordered_json& explained_json) {
  EXPECT_EQ(plain_json.dump(2), explained_json.dump(2));
  EXPECT_EQ(r.Diagnostics(*r.plain), r.Diagnostics(*r.explained));
  EXPECT_FALSE(r.why.children.empty());
  EXPECT_EQ(r.steps_plain, 0u);
  EXPECT_GE(r.steps_explained, 1u + r.why.children.size());
}

size_t CountSteps(const doc::Step& s) {
  size_t n = 1;
  for (const doc::Step& c : s.children) n += CountSteps(c);
  return n;
}

// The counter itself: a step counts when built with its text, added, or copied with content;
// a default-constructed holder, a copy of an empty one and a move do not.
TEST(StepsBuilt, CountsStepsWithContentOnly) {
  const uint64_t start = doc::ThreadStepsBuilt();
  doc::Step holder;
  doc::Step empty_copy = holder;
  doc::Step moved = std::move(holder);
  EXPECT_EQ(doc::ThreadStepsBuilt() - start, 0u);
  doc::Step root{"root", doc::Outcome::kMatched};  // 1
  root.Add({"child", doc::Outcome::kNoMatch});     // 2 (built) + 3 (added)
  EXPECT_EQ(doc::ThreadStepsBuilt() - start, 3u);
  doc::Step copy = root;  // the root and its child: 2 more
  EXPECT_EQ(doc::ThreadStepsBuilt() - start, 5u);
  doc::Step taken = std::move(copy);
  EXPECT_EQ(doc::ThreadStepsBuilt() - start, 5u);
  EXPECT_EQ(CountSteps(taken), 2u);
  (void)empty_copy;
  (void)moved;
}

// TP2 (xRFC TP2, envoy discovery.proto Resource.resource_name): one resource, two variants.
TEST(VariantsWhy, NullWhyBuildsNoExplanation) {
  WhyRun r = EvaluateTwice(R"SCN(engine: variants
sources:
  - name: r.textproto
    text: |
      # proto-message: envoy.service.discovery.v3.DeltaDiscoveryResponse
      resources {
        resource_name { name: "R" dynamic_parameter_constraints { constraint { key: "env" value: "prod" } } }
      }
      resources {
        resource_name { name: "R" dynamic_parameter_constraints { constraint { key: "env" value: "dev" } } }
      }
inputs:
  subscriptions:
    - {env: prod}
    - {env: qa}
)SCN");
  ExpectFastPath(r, r.plain->ToJson(), r.explained->ToJson());
  EXPECT_EQ(r.plain->ToJson()["subscriptions"].size(), 2u);
  // The rows' explanations (what the app's Explanation shows for a row) only under `why`: per
  // subscription, per resource, the root and one step per variant tested.
  const auto* plain = ResultAs<variants::VariantsResult>(r.plain.get());
  const auto* explained = ResultAs<variants::VariantsResult>(r.explained.get());
  ASSERT_TRUE(plain && explained);
  EXPECT_TRUE(plain->evaluation.explanations.empty());
  EXPECT_EQ(plain->evaluation.ExplanationOf(0, 0), nullptr);
  ASSERT_EQ(explained->evaluation.explanations.size(), 2u);
  const doc::Step* qa = explained->evaluation.ExplanationOf(1, 0);
  ASSERT_NE(qa, nullptr);
  EXPECT_EQ(qa->what, "inputs {env=qa} subscribes to R");
  EXPECT_EQ(qa->detail, "none: none (resource does not exist for this client)");
  ASSERT_EQ(qa->children.size(), 2u);
  EXPECT_EQ(qa->children[0].what, "variant 0: env=prod");
  EXPECT_EQ(qa->children[0].detail, "does not match");
  EXPECT_EQ(explained->evaluation.ExplanationOf(0, 0)->children[0].detail, "matches");
  // The tree's subscription steps hold the same variant tests.
  ASSERT_EQ(r.why.children.size(), 2u);
  EXPECT_EQ(r.why.children[1].children[0].children.size(), qa->children.size());
}

// A106 matcher_list (grpc/grpc src/core/xds/grpc/xds_matcher.cc): the per-request trace is the
// explanation; without `why` no request has one and the result JSON has no "trace".
TEST(MatcherWhy, NullWhyBuildsNoExplanation) {
  WhyRun r = EvaluateTwice(R"SCN(engine: matcher
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
      on_no_match: {action: fallback}
inputs:
  requests:
    - headers: {x-a: "1"}
    - headers: {x-a: "2"}
)SCN");
  nlohmann::ordered_json plain = r.plain->ToJson(), explained = r.explained->ToJson();
  ASSERT_EQ(explained["requests"].size(), 2u);
  for (nlohmann::ordered_json& q : explained["requests"]) {
    EXPECT_TRUE(q.contains("trace"));
    q.erase("trace");
  }
  for (const nlohmann::ordered_json& q : plain["requests"]) EXPECT_FALSE(q.contains("trace"));
  ExpectFastPath(r, plain, explained);
  EXPECT_EQ(plain["requests"][0]["actions"], nlohmann::ordered_json::array({"one"}));
  EXPECT_EQ(plain["requests"][1]["actions"], nlohmann::ordered_json::array({"fallback"}));
  const auto* m = ResultAs<matcher::MatcherResult>(r.plain.get());
  ASSERT_NE(m, nullptr);
  for (const auto& q : m->requests) {
    EXPECT_TRUE(q.why.what.empty());
    EXPECT_TRUE(q.why.children.empty());
  }
}

// A2 (grpc-core service_config_helper.cc ChooseServiceConfig): the per-choice trace is part of
// the answer (the rollout view reads it); the step tree is built only with `why`.
TEST(TxtWhy, NullWhyBuildsNoExplanation) {
  WhyRun r = EvaluateTwice(R"SCN(engine: txt
sources:
  - name: z.zone
    text: |
      _grpc_config.svc.example.com. 60 IN TXT "grpc_config=[{\"clientLanguage\":[\"java\"],\"serviceConfig\":{}},{\"serviceConfig\":{\"loadBalancingPolicy\":\"round_robin\"}}]"
)SCN");
  ExpectFastPath(r, r.plain->ToJson(), r.explained->ToJson());
  EXPECT_EQ(r.plain->ToJson()["choice"], 1);
}

// Kuma MeshTimeout on a dataplane (kumahq/kuma pkg/plugins/policies/core/rules): the
// explanation (selection, sorted items, merge order) only with `why`.
TEST(PolicyWhy, NullWhyBuildsNoExplanation) {
  WhyRun r = EvaluateTwice(R"SCN(engine: policy
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
)SCN");
  ExpectFastPath(r, r.plain->ToJson(), r.explained->ToJson());
  const auto* p = ResultAs<policy::PolicyResult>(r.plain.get());
  ASSERT_NE(p, nullptr);
  EXPECT_TRUE(p->rules.explanation.children.empty());
  EXPECT_FALSE(ResultAs<policy::PolicyResult>(r.explained.get())->rules.explanation.children.empty());
}

// CppMicroServices dynamic targeting (ComponentFactoryImpl.cpp ReplacePlaceholdersInTarget): the
// per-service LDAP traces are the answer's (why a service is rejected); the step tree only with
// `why`.
TEST(TargetingWhy, NullWhyBuildsNoExplanation) {
  WhyRun r = EvaluateTwice(R"SCN(engine: targeting
sources:
  - name: manifest.json
    text: |
      {"scr": {"version": 1, "components": [
        {"implementation-class": "A", "configuration-policy": "require", "configuration-pid": ["a"],
         "factory": "a.factory",
         "references": [
           {"name": "One", "interface": "I", "target": "(k={{k}})"},
           {"name": "Two", "interface": "I", "target": "(k=none)", "cardinality": "0..1"}]}]}}
  - name: services.json
    text: |
      {"services": [{"id": 1, "interfaces": ["I"], "properties": {"k": "v"}}]}
inputs:
  pid: a
  config: {k: v}
)SCN");
  ExpectFastPath(r, r.plain->ToJson(), r.explained->ToJson());
  const auto* t = ResultAs<targeting::TargetingResult>(r.plain.get());
  ASSERT_NE(t, nullptr);
  EXPECT_TRUE(t->resolution.explanation.what.empty());
  EXPECT_TRUE(t->resolution.explanation.children.empty());
  // The rejected service's reason is the answer's, with or without `why`.
  EXPECT_NE(r.plain->ToJson().dump().find("rejected_services"), std::string::npos);
}

}  // namespace
}  // namespace cfgi
