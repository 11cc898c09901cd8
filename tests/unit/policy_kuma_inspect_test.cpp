// `eval --kuma-inspect ENDPOINT` (core/policy/policy_kuma_inspect.h): Kuma's inspect API answers
// offline. Our own inputs in the shapes of kumahq/kuma v2.14.3
// pkg/api-server/testdata/resources/inspect/dataplanes/_rules/inboundrule_meshtimeout_section
// (a mesh-wide MeshTimeout rules[] plus Dataplane sectionName rules: listed per inbound, inbounds
// in port order, conf as a one-element list, origin {resourceMeta, ruleIndex}) and
// .../_policies/multiple_policies (proxy-wide MeshTrace and MeshPassthrough by kind, origins as KRIs).
#include <gtest/gtest.h>

#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "core/policy/policy_engine.h"
#include "core/policy/policy_kuma_inspect.h"

namespace cfgi::policy {
namespace {

using nlohmann::ordered_json;

constexpr const char* kInbounds = R"(type: Mesh
name: m1
meshServices: {mode: Exclusive}
---
type: Dataplane
name: shop-1
mesh: m1
labels: {app: shop}
networking:
  address: 10.0.0.1
  inbound:
    - {port: 8080, name: web, tags: {kuma.io/service: shop}}
    - {port: 6060, name: ops, tags: {kuma.io/service: shop-ops}}
---
type: MeshTimeout
name: base
mesh: m1
spec:
  rules:
    - default: {connectionTimeout: 4s}
---
type: MeshTimeout
name: web-only
mesh: m1
spec:
  targetRef: {kind: Dataplane, labels: {app: shop}, sectionName: web}
  rules:
    - default: {http: {requestTimeout: 9s}}
---
type: MeshTrace
name: tracing
mesh: m1
spec:
  default:
    backends:
      - type: Zipkin
        zipkin: {url: "http://zipkin:9411/api/v2/spans"}
---
type: MeshPassthrough
name: no-passthrough
mesh: m1
spec:
  targetRef: {kind: Dataplane}
  default: {passthroughMode: None}
)";

Report Eval(const std::string& endpoint, const std::string& dataplane = "") {
  Scenario s = LoadScenario({{"in.yaml", kInbounds}});
  Query q;
  q.flags.push_back({"kuma-inspect", endpoint});
  if (!dataplane.empty()) q.flags.push_back({"dataplane", dataplane});
  return RunScenario(GetPolicyEngine(), s, q, "kuma-2.14", true);
}

const ordered_json* RuleOf(const ordered_json& j, const std::string& type) {
  for (const auto& r : j["rules"])
    if (r["type"] == type) return &r;
  return nullptr;
}

TEST(PolicyKumaInspectTest, RulesListsInboundRulesPerInboundInPortOrder) {
  Report r = Eval("/meshes/m1/dataplanes/shop-1/_rules");
  EXPECT_EQ(r.result["httpMatches"], ordered_json::array());
  EXPECT_EQ(r.result["resource"], ordered_json::parse(R"({"labels": {"app": "shop"}, "mesh": "m1", "name": "shop-1", "type": "Dataplane"})"));
  const ordered_json* mt = RuleOf(r.result, "MeshTimeout");
  ASSERT_NE(mt, nullptr);
  auto meta = [](const char* name) {
    return ordered_json{{"labels", ordered_json::object()}, {"mesh", "m1"}, {"name", name}, {"type", "MeshTimeout"}};
  };
  ordered_json want = ordered_json::parse(R"({"fromRules": [], "inboundRules": [
    {"inbound": {"name": "ops", "port": 6060, "tags": {"kuma.io/service": "shop-ops"}},
     "rules": [{"conf": [{"connectionTimeout": "4s"}], "origin": [{"resourceMeta": null, "ruleIndex": 0}]}]},
    {"inbound": {"name": "web", "port": 8080, "tags": {"kuma.io/service": "shop"}},
     "rules": [{"conf": [{"connectionTimeout": "4s"}], "origin": [{"resourceMeta": null, "ruleIndex": 0}]},
               {"conf": [{"http": {"requestTimeout": "9s"}}], "origin": [{"resourceMeta": null, "ruleIndex": 0}]}]}],
    "toResourceRules": [], "toRules": [], "type": "MeshTimeout", "warnings": []})");
  want["inboundRules"][0]["rules"][0]["origin"][0]["resourceMeta"] = meta("base");
  want["inboundRules"][1]["rules"][0]["origin"][0]["resourceMeta"] = meta("base");
  want["inboundRules"][1]["rules"][1]["origin"][0]["resourceMeta"] = meta("web-only");
  EXPECT_EQ(*mt, want);
  const ordered_json* trace = RuleOf(r.result, "MeshTrace");
  ASSERT_NE(trace, nullptr);
  EXPECT_EQ((*trace)["proxyRule"]["origin"],
            ordered_json::parse(R"([{"labels": {}, "mesh": "m1", "name": "tracing", "type": "MeshTrace"}])"));
}

TEST(PolicyKumaInspectTest, PoliciesListsProxyWidePoliciesWithKriOrigins) {
  Report r = Eval("_policies", "shop-1");
  ASSERT_EQ(r.result["policies"].size(), 2u);
  EXPECT_EQ(r.result["policies"][0], ordered_json::parse(R"({"conf": {"passthroughMode": "None"}, "kind": "MeshPassthrough",
    "origins": [{"kri": "kri_mp_m1___no-passthrough_"}]})"));
  EXPECT_EQ(r.result["policies"][1]["kind"], "MeshTrace");
  EXPECT_EQ(r.result["policies"][1]["origins"], ordered_json::parse(R"([{"kri": "kri_mtr_m1___tracing_"}])"));
  EXPECT_EQ(r.result["policies"][1]["conf"]["backends"][0]["zipkin"]["url"], "http://zipkin:9411/api/v2/spans");
}

TEST(PolicyKumaInspectTest, BadEndpointAndWrongMeshArePol085) {
  Report bad = Eval("/meshes/m1/dataplanes/shop-1/_config");
  ASSERT_EQ(bad.diagnostics.size(), 1u);
  EXPECT_EQ(bad.diagnostics[0].code, "POL085");
  Report mesh = Eval("/meshes/other/dataplanes/shop-1/_rules");
  ASSERT_EQ(mesh.diagnostics.size(), 1u);
  EXPECT_EQ(mesh.diagnostics[0].code, "POL085");
  EXPECT_EQ(mesh.diagnostics[0].message,
            "--kuma-inspect names mesh 'other', but dataplane 'shop-1' is in mesh 'm1' (Kuma answers 404); use /meshes/m1/...");
  EXPECT_EQ(mesh.result, ordered_json::object());
}

TEST(PolicyKumaInspectTest, ParsesTheEndpointForms) {
  std::optional<KumaEndpoint> e = ParseKumaEndpoint("/meshes/default/dataplanes/web-1.kuma-demo/_rules");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->mesh, "default");
  EXPECT_EQ(e->dataplane, "web-1.kuma-demo");
  EXPECT_EQ(e->what, "_rules");
  EXPECT_FALSE(ParseKumaEndpoint("/meshes/default/_rules"));
  EXPECT_FALSE(ParseKumaEndpoint("_routes"));
  EXPECT_EQ(ParseKumaEndpoint("_policies")->what, "_policies");
}

}  // namespace
}  // namespace cfgi::policy
