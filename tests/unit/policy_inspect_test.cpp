// One resource, everything it gets (core/policy/policy_inspect.h): the merged conf of every
// policy type for one ResourceRules key as YAML-like lines with each leaf's provenance, the
// fallback section -> service -> mesh (kumahq/kuma pkg/plugins/policies/core/rules/outbound/
// resourcerules.go ResourceRules.Compute), Kuma's defaults marked, the deciding step first in each
// leaf's explanation, and the JSON in the shape of Kuma's inspect API for one outbound
// (pkg/api-server/testdata/resources/inspect/dataplanes/_policies/outbounds/
// merged_outbound_policies.golden.json: {"policies": [{"kind", "conf", "origins"}]}, keyed by
// kind here). The scenario is samples/policy/inspect-one-resource.scenario.yaml.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/engine/compare.h"
#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "core/policy/policy_engine.h"
#include "core/policy/policy_inspect.h"

namespace cfgi::policy {
namespace {

using nlohmann::json;
using nlohmann::ordered_json;

constexpr const char* kSection = "meshservice:mesh/default:name/backend:section/http";
constexpr const char* kService = "meshservice:mesh/default:name/backend";

std::string ReadSample(const std::string& rel) {
  std::ifstream in(std::filesystem::path(CFGI_SOURCE_DIR) / rel);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct Run {
  Scenario scenario;
  std::unique_ptr<EngineModel> model;
  std::unique_ptr<EngineResult> result;
  const PolicyResult& r() const { return *ResultAs<PolicyResult>(result.get()); }
};

std::unique_ptr<Run> Inspect(const std::string& profile, Query q = {}) {
  auto run = std::make_unique<Run>();
  run->scenario = LoadScenario({{"inspect-one-resource.scenario.yaml",
                                 ReadSample("samples/policy/inspect-one-resource.scenario.yaml")}});
  run->model = GetPolicyEngine().Load(run->scenario, q, Mode::kEvaluate);
  // The lines' and types' explanations (ConfLine::why) are built only when one is asked for.
  doc::Explanation why;
  run->result = run->model->Evaluate(profile, &why);
  return run;
}

const TypeConf* TypeOf(const ResourceConf& i, const std::string& type) {
  for (const TypeConf& t : i.types)
    if (t.type == type) return &t;
  return nullptr;
}

const ConfLine* LineOf(const TypeConf& t, const std::string& path) {
  for (const ConfLine& l : t.lines)
    if (l.path == path) return &l;
  return nullptr;
}

std::string Who(const Item* it) {
  return it ? it->policy->meta.name + " " + DirectionName(it->direction) + "[" + std::to_string(it->rule_index) + "]"
            : "?";
}

TEST(PolicyInspect, EveryTypeForOneSectionWithTheRuleItFallsBackTo) {
  auto run = Inspect("kuma-2.10");
  const ResourceConf& in = run->r().inspection;
  ASSERT_TRUE(run->r().inspect_asked);  // inputs.inspect
  EXPECT_EQ(in.key, kSection);
  std::vector<std::string> types;
  for (const TypeConf& t : in.types) types.push_back(t.type);
  EXPECT_EQ(types, (std::vector<std::string>{"MeshHTTPRoute", "MeshRetry", "MeshTimeout"}));
  // MeshTimeout has an item naming the section: its own rule. MeshRetry and MeshHTTPRoute name
  // the service only: the section falls back to the service's rule (ResourceRules.Compute).
  const TypeConf* mt = TypeOf(in, "MeshTimeout");
  ASSERT_TRUE(mt);
  EXPECT_FALSE(mt->fallback);
  EXPECT_EQ(mt->rule->key, kSection);
  const TypeConf* mr = TypeOf(in, "MeshRetry");
  ASSERT_TRUE(mr);
  EXPECT_TRUE(mr->fallback);
  EXPECT_EQ(mr->rule->key, kService);
}

TEST(PolicyInspect, TheTreeHasEachLeafWithWhoSetItAndWhatItOverrode) {
  auto run = Inspect("kuma-2.10");
  const TypeConf* mt = TypeOf(run->r().inspection, "MeshTimeout");
  ASSERT_TRUE(mt);
  // YAML-like lines in key order, depth by nesting; containers carry no value.
  std::vector<std::string> lines;
  for (const ConfLine& l : mt->lines)
    lines.push_back(std::string(static_cast<size_t>(l.depth) * 2, ' ') + l.key + ":" + (l.leaf ? " " + LeafText(l.value) : ""));
  EXPECT_EQ(lines, (std::vector<std::string>{"http:", "  requestTimeout: 2s", "  streamIdleTimeout: 30m0s",
                                              "idleTimeout: 1h0m0s"}));
  const ConfLine* rt = LineOf(*mt, "/http/requestTimeout");
  ASSERT_TRUE(rt && rt->field);
  // kuma: the item with sectionName sorts last and wins.
  EXPECT_EQ(Who(rt->field->set.item), "z-backend-http to[0]");
  ASSERT_EQ(rt->field->overrode.size(), 2u);
  EXPECT_EQ(Who(rt->field->overrode[0].item), "mesh-timeouts to[0]");
  EXPECT_EQ(rt->field->overrode[0].value, "15s");
  EXPECT_EQ(Who(rt->field->overrode[1].item), "backend-timeouts to[0]");
  EXPECT_EQ(rt->field->overrode[1].value, "5s");
  // The value's YAML: line 70 of the embedded mesh.yaml (the `requestTimeout: 2s` of z-backend-http).
  ASSERT_TRUE(rt->field->set.loc.source);
  EXPECT_EQ(rt->field->set.loc.file, "mesh.yaml");
  doc::Position p = rt->field->set.loc.source->Locate(rt->field->set.loc.range.begin);
  EXPECT_EQ(p.line, 70);
  EXPECT_EQ(p.column, 27);
  // The explanation leads with the deciding step, then the overridden values, then the stack.
  EXPECT_EQ(rt->why.what, "MeshTimeout /http/requestTimeout = 2s");
  EXPECT_EQ(rt->why.outcome, doc::Outcome::kMatched);
  EXPECT_EQ(rt->why.detail, "set by z-backend-http to[0]; #2 of 3 in the merge stack, overriding 2 earlier value(s)");
  ASSERT_EQ(rt->why.children.size(), 4u);
  EXPECT_EQ(rt->why.children[0].what, "decided by z-backend-http to[0]");
  EXPECT_EQ(rt->why.children[0].detail,
            "top-level Mesh, no origin label, role system, to kind MeshService with sectionName, name z-backend-http");
  EXPECT_EQ(rt->why.children[1].what, "overrode mesh-timeouts to[0]: /http/requestTimeout = 15s");
  EXPECT_EQ(rt->why.children[1].outcome, doc::Outcome::kSkipped);
  EXPECT_EQ(rt->why.children[2].what, "overrode backend-timeouts to[0]: /http/requestTimeout = 5s");
  EXPECT_EQ(rt->why.children[3].what, "merge stack (3 items, ascending: later wins)");
  ASSERT_EQ(rt->why.children[3].children.size(), 3u);
  EXPECT_EQ(rt->why.children[3].children[2].outcome, doc::Outcome::kMatched);
  // A leaf only one item set overrode nothing.
  const ConfLine* idle = LineOf(*mt, "/idleTimeout");
  ASSERT_TRUE(idle && idle->field);
  EXPECT_EQ(Who(idle->field->set.item), "mesh-timeouts to[0]");
  EXPECT_TRUE(idle->field->overrode.empty());
}

TEST(PolicyInspect, KumasDefaultsAreMarkedOnTheirOwnLine) {
  auto run = Inspect("kuma-2.10");
  const TypeConf* hr = TypeOf(run->r().inspection, "MeshHTTPRoute");
  ASSERT_TRUE(hr);
  const ConfLine* w = LineOf(*hr, "/rules/0/default/backendRefs/0/weight");
  ASSERT_TRUE(w && w->field);
  EXPECT_TRUE(w->field->set.is_default);
  EXPECT_EQ(w->value, 1);
  EXPECT_EQ(Who(w->field->set.item), "backend-v2 to[0]");
  EXPECT_EQ(w->key, "weight");
  // madr merges what is written: no weight.
  auto madr = Inspect("madr");
  const TypeConf* mhr = TypeOf(madr->r().inspection, "MeshHTTPRoute");
  ASSERT_TRUE(mhr);
  EXPECT_EQ(LineOf(*mhr, "/rules/0/default/backendRefs/0/weight"), nullptr);
}

TEST(PolicyInspect, KumaAndMadrDifferOnTheSectionsTimeout) {
  auto k = Inspect("kuma-2.10");
  auto m = Inspect("madr");
  ordered_json kj = ResourceConfJson(k->r().inspection);
  ordered_json mj = ResourceConfJson(m->r().inspection);
  EXPECT_EQ(kj["policies"]["MeshTimeout"]["conf"]["http"]["requestTimeout"], "2s");
  EXPECT_EQ(mj["policies"]["MeshTimeout"]["conf"]["http"]["requestTimeout"], "5s");
  Comparison c = Compare({{"kuma-2.10", &kj}, {"madr", &mj}});
  std::vector<const Divergence*> conf = c.Under("/policies/MeshTimeout/conf");
  ASSERT_EQ(conf.size(), 1u);
  EXPECT_EQ(conf[0]->path, "/policies/MeshTimeout/conf/http/requestTimeout");
  EXPECT_EQ(conf[0]->values["madr"], "5s");
  // The default weight is kuma's only.
  EXPECT_EQ(c.CountUnder("/policies/MeshHTTPRoute/conf/rules/0/default/backendRefs/0/weight"), 1u);
}

TEST(PolicyInspect, JsonFollowsKumasInspectApiKeyedByKind) {
  auto run = Inspect("kuma-2.10");
  ordered_json j = run->result->ToJson();
  ASSERT_TRUE(j.contains("inspect"));
  const ordered_json& in = j["inspect"];
  EXPECT_EQ(in["key"], kSection);
  const ordered_json& mt = in["policies"]["MeshTimeout"];
  EXPECT_EQ(mt["conf"], ordered_json::parse(R"({"http":{"requestTimeout":"2s","streamIdleTimeout":"30m0s"},"idleTimeout":"1h0m0s"})"));
  EXPECT_EQ(mt["origins"], ordered_json::parse(R"([{"policy":"mesh-timeouts","ruleIndex":0},{"policy":"backend-timeouts","ruleIndex":0},{"policy":"z-backend-http","ruleIndex":0}])"));
  EXPECT_FALSE(mt.contains("computedFrom"));
  EXPECT_EQ(in["policies"]["MeshRetry"]["computedFrom"], kService);
  // Without --inspect / inputs.inspect the result has no "inspect" (the CLI contract is unchanged).
  auto plain = Inspect("kuma-2.10", Query{{{"dataplane", "web"}}});
  EXPECT_FALSE(plain->r().inspect_asked);
  EXPECT_FALSE(plain->result->ToJson().contains("inspect"));
  // ...but the typed result inspects the default key, for the view's first screen.
  EXPECT_EQ(plain->r().inspection.key, kService);
}

TEST(PolicyInspect, TheChooserListsEveryResourceOfTheMesh) {
  auto run = Inspect("kuma-2.10");
  EXPECT_EQ(run->r().resource_keys,
            (std::vector<std::string>{"mesh:name/default", kService, kSection}));
}

TEST(PolicyInspect, AnUnknownKeyIsPol048WithAFix) {
  auto run = Inspect("kuma-2.10", Query{{{"dataplane", "web"}, {"inspect", "meshservice:mesh/default:name/nope"}}});
  ASSERT_EQ(run->r().diagnostics.size(), 1u);
  const doc::Diagnostic& d = run->r().diagnostics[0];
  EXPECT_EQ(d.code, "POL048");
  EXPECT_EQ(d.severity, doc::Severity::kError);
  EXPECT_EQ(d.message,
            "--inspect 'meshservice:mesh/default:name/nope' names no resource of dataplane 'web' (keys: e.g. "
            "mesh:name/default); pass a toResourceRules key of `eval`");
  // Kuma's Compute still falls back to the mesh's rule: the inspection shows it.
  ASSERT_EQ(run->r().inspection.types.size(), 1u);
  EXPECT_EQ(run->r().inspection.types[0].type, "MeshTimeout");
  EXPECT_EQ(run->r().inspection.types[0].rule->key, "mesh:name/default");
}

TEST(PolicyInspect, ConfLinesOfListsAndScalars) {
  json conf = json::parse(R"({"a":[1,{"b":"x"}],"e":{},"s":"true","n":"15"})");
  std::vector<ConfLine> lines = ConfLines(conf, {});
  std::vector<std::string> got;
  for (const ConfLine& l : lines) got.push_back(std::to_string(l.depth) + " " + l.key + " " + (l.leaf ? LeafText(l.value) : "") + " " + l.path);
  EXPECT_EQ(got, (std::vector<std::string>{"0 a  /a", "1 - 1 /a/0", "1 -  /a/1", "2 b x /a/1/b", "0 e {} /e",
                                           "0 n \"15\" /n", "0 s \"true\" /s"}));
}

}  // namespace
}  // namespace cfgi::policy
