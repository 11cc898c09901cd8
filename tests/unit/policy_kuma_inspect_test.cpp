// `eval --kuma-inspect ENDPOINT` (core/policy/policy_kuma_inspect.h): Kuma's inspect API answers
// offline. Our own inputs in the shapes of kumahq/kuma v2.14.3
// pkg/api-server/testdata/resources/inspect/dataplanes/_rules/inboundrule_meshtimeout_section
// (a mesh-wide MeshTimeout rules[] plus Dataplane sectionName rules: listed per inbound, inbounds
// in port order, conf as a one-element list, origin {resourceMeta, ruleIndex}) and
// .../_policies/multiple_policies (proxy-wide MeshTrace and MeshPassthrough by kind, origins as KRIs),
// .../_rules/meshhttproute (httpMatches; a MeshTimeout on a MeshHTTPRoute gets one legacy to-rule
// per route rule, keyed by the rule's matches hash: rules.go buildToListWithRoutes) and
// .../_rules/meshhttproute_mzms_exclusive (httpMatches from the ResourceRules), .../_rules/meshgateway
// (a builtin gateway's rules; types in the plugin registry's order).
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

// A route with two rules on MeshService `ledger`, a MeshTimeout on the route and one on the
// service (the shape of _rules/meshhttproute; ours: two rules, a header match whose type Kuma's
// schema defaults to Exact before the route is stored, so it is in the hash).
constexpr const char* kRoute = R"(type: Dataplane
name: front-1
mesh: pay
networking:
  address: 10.2.0.7
  inbound:
    - port: 8443
      tags: {kuma.io/service: front}
---
type: MeshHTTPRoute
name: checkout
mesh: pay
spec:
  targetRef: {kind: MeshService, name: front}
  to:
    - targetRef: {kind: MeshService, name: ledger}
      rules:
        - matches:
            - method: POST
              path: {type: Exact, value: /pay}
          default:
            backendRefs:
              - {kind: MeshServiceSubset, name: ledger, tags: {track: v2}}
        - matches:
            - headers:
                - {name: x-canary, value: "1"}
          default:
            backendRefs:
              - {kind: MeshServiceSubset, name: ledger, tags: {track: canary}}
---
type: MeshTimeout
name: on-checkout
mesh: pay
spec:
  targetRef: {kind: MeshHTTPRoute, name: checkout}
  to:
    - targetRef: {kind: Mesh}
      default:
        http: {requestTimeout: 3s}
---
type: MeshTimeout
name: ledger-wide
mesh: pay
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshService, name: ledger}
      default:
        http: {requestTimeout: 30s}
)";

// base64(sha256) of Go's json.Marshal of each rule's matches (openssl over the JSON text).
constexpr const char* kPostPay = "pb2zLrY8mRMS0c8tlWGC7d73K2b3v+xjEgdzaCdrUPE=";  // [{"path":{"value":"/pay","type":"Exact"},"method":"POST"}]
constexpr const char* kCanary = "gCOaDBHud5As6Pv7v3OsGw17lolApg5K8w9NjeInnPo=";   // [{"headers":[{"type":"Exact","name":"x-canary","value":"1"}]}]

TEST(PolicyKumaInspectTest, RulesListHttpMatchesAndRouteTimeoutsByMatchesHash) {
  for (bool exclusive : {false, true}) {
    std::string mesh = std::string("type: Mesh\nname: pay\n") + (exclusive ? "meshServices: {mode: Exclusive}\n" : "") + "---\n";
    Scenario s = LoadScenario({{"in.yaml", mesh + kRoute}});
    Query q;
    q.flags.push_back({"kuma-inspect", "/meshes/pay/dataplanes/front-1/_rules"});
    Report r = RunScenario(GetPolicyEngine(), s, q, "kuma-2.14", true);
    // Sorted by hash; `match` in Go's field order (path before method).
    ordered_json want = ordered_json::array();
    want.push_back({{"hash", kCanary}, {"match", ordered_json::parse(R"([{"headers": [{"type": "Exact", "name": "x-canary", "value": "1"}]}])")}});
    want.push_back({{"hash", kPostPay}, {"match", ordered_json::parse(R"([{"path": {"value": "/pay", "type": "Exact"}, "method": "POST"}])")}});
    EXPECT_EQ(r.result["httpMatches"], want) << "exclusive " << exclusive;
    EXPECT_EQ(r.result["httpMatches"][1]["match"][0].begin().key(), "path");
    const ordered_json* mt = RuleOf(r.result, "MeshTimeout");
    ASSERT_NE(mt, nullptr);
    if (exclusive) {  // resource_endpoints.go: no old ToRules under Exclusive (httpMatches stay)
      EXPECT_EQ((*mt)["toRules"], ordered_json::array());
      continue;
    }
    // One rule per route rule with both timeouts (the route's wins), then the service's own
    // timeout for every other request (the hash negated).
    auto row = [](const char* hash, bool negated, const char* timeout, std::vector<const char*> origins) {
      ordered_json x;
      x["conf"] = {{"http", {{"requestTimeout", timeout}}}};
      x["matchers"] = ordered_json::array({{{"key", "__rule-matches-hash__"}, {"not", negated}, {"value", hash}},
                                           {{"key", "kuma.io/service"}, {"not", false}, {"value", "ledger"}}});
      x["origin"] = ordered_json::array();
      for (const char* o : origins)
        x["origin"].push_back({{"labels", ordered_json::object()}, {"mesh", "pay"}, {"name", o}, {"type", "MeshTimeout"}});
      return x;
    };
    ordered_json rows = ordered_json::array({row(kCanary, false, "3s", {"ledger-wide", "on-checkout"}),
                                             row(kPostPay, false, "3s", {"ledger-wide", "on-checkout"}),
                                             row(kCanary, true, "30s", {"ledger-wide"}),
                                             row(kPostPay, true, "30s", {"ledger-wide"})});
    EXPECT_EQ((*mt)["toRules"], rows);
  }
}

// A builtin gateway served by a universal MeshGateway, and policies from a Kubernetes namespace
// naming it (core_model.IsReferenced: mesh and display name, no namespace): its `_rules` hold a
// MeshTimeout (the Mesh's ResourceRule and a legacy to-rule for every destination) and a
// MeshProxyPatch proxy rule, in the plugin registry's order (MeshTimeout 1000, MeshProxyPatch
// 9999), not by name.
// kumahq/kuma pkg/plugins/policies/core/rules/testdata/rules/to/to-with-mesh-http-route (v2.10.11
// and v2.14.3, same subset and conf): a route whose to[] is kind Mesh gives the policy on it one
// rule whose subset is the matches hash alone (no kuma.io/service), under every Kuma profile.
TEST(PolicyKumaInspectTest, PolicyOnAMeshWideRouteIsKeyedByTheHashAlone) {
  Scenario s = LoadScenario({{"in.yaml", R"(type: Mesh
name: m1
---
type: Dataplane
name: web-1
mesh: m1
networking:
  address: 10.0.0.3
  inbound:
    - {port: 80, tags: {kuma.io/service: web}}
---
type: MeshHTTPRoute
name: root-only
mesh: m1
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: Mesh}
      rules:
        - matches:
            - path: {value: /, type: Exact}
          default:
            backendRefs:
              - {kind: MeshService, name: home}
---
type: MeshTimeout
name: root-timeout
mesh: m1
spec:
  targetRef: {kind: MeshHTTPRoute, name: root-only}
  to:
    - targetRef: {kind: Mesh}
      default:
        http: {requestTimeout: 15s}
)"}});
  for (const char* profile : {"kuma-2.14", "kuma-2.10"}) {
    Query q;
    q.flags.push_back({"kuma-inspect", "/meshes/m1/dataplanes/web-1/_rules"});
    Report r = RunScenario(GetPolicyEngine(), s, q, profile, true);
    const ordered_json* mt = RuleOf(r.result, "MeshTimeout");
    ASSERT_NE(mt, nullptr) << profile;
    ordered_json want = ordered_json::array();
    want.push_back({{"conf", {{"http", {{"requestTimeout", "15s"}}}}},
                    {"matchers", ordered_json::array({{{"key", "__rule-matches-hash__"}, {"not", false},
                                                       {"value", "JNNc6//C3P17nUsOJm5f4kqG+U3v8pXhS0od9C3+oss="}}})},
                    {"origin", ordered_json::array({{{"labels", ordered_json::object()}, {"mesh", "m1"}, {"name", "root-timeout"},
                                                     {"type", "MeshTimeout"}}})}});
    EXPECT_EQ((*mt)["toRules"], want) << profile;
    EXPECT_EQ(r.result["httpMatches"][0]["hash"], "JNNc6//C3P17nUsOJm5f4kqG+U3v8pXhS0od9C3+oss=") << profile;
  }
}

TEST(PolicyKumaInspectTest, BuiltinGatewayRulesInPluginOrder) {
  Scenario s = LoadScenario({{"in.yaml", R"(type: Mesh
name: edge
---
type: MeshGateway
name: public
mesh: edge
selectors:
  - match: {kuma.io/service: ingress-gw}
conf:
  listeners:
    - {port: 443, protocol: HTTP}
---
type: Dataplane
name: ingress-1
mesh: edge
networking:
  address: 10.9.0.2
  gateway:
    type: BUILTIN
    tags: {kuma.io/service: ingress-gw}
---
type: MeshTimeout
name: gw-timeouts
mesh: edge
labels: {k8s.kuma.io/namespace: platform}
spec:
  targetRef: {kind: MeshGateway, name: public}
  to:
    - targetRef: {kind: Mesh}
      default: {idleTimeout: 45s}
---
type: MeshProxyPatch
name: gw-patch
mesh: edge
labels: {k8s.kuma.io/namespace: platform}
spec:
  targetRef: {kind: MeshGateway, name: public}
  default:
    appendModifications:
      - cluster: {operation: Remove, match: {name: unused}}
)"}});
  Query q;
  q.flags.push_back({"kuma-inspect", "/meshes/edge/dataplanes/ingress-1/_rules"});
  Report r = RunScenario(GetPolicyEngine(), s, q, "kuma-2.14", true);
  ASSERT_EQ(r.result["rules"].size(), 2u) << r.result.dump();
  EXPECT_EQ(r.result["rules"][0]["type"], "MeshTimeout");
  EXPECT_EQ(r.result["rules"][1]["type"], "MeshProxyPatch");
  ordered_json origin = {{"labels", {{"k8s.kuma.io/namespace", "platform"}}}, {"mesh", "edge"}, {"name", "gw-timeouts"},
                         {"type", "MeshTimeout"}};
  const ordered_json& mt = r.result["rules"][0];
  ordered_json want_rr = ordered_json::array();
  want_rr.push_back({{"conf", ordered_json::array({{{"idleTimeout", "45s"}}})},
                     {"origin", ordered_json::array({{{"resourceMeta", origin}, {"ruleIndex", 0}}})},
                     {"resourceMeta", {{"labels", ordered_json::object()}, {"mesh", ""}, {"name", "edge"}, {"type", "Mesh"}}},
                     {"resourceSectionName", ""}});
  EXPECT_EQ(mt["toResourceRules"], want_rr);
  ordered_json want_to = ordered_json::array();
  want_to.push_back({{"conf", {{"idleTimeout", "45s"}}}, {"matchers", ordered_json::array()}, {"origin", ordered_json::array({origin})}});
  EXPECT_EQ(mt["toRules"], want_to);
  const ordered_json& mpp = r.result["rules"][1];
  EXPECT_EQ(mpp["proxyRule"]["conf"], ordered_json::parse(R"({"appendModifications": [{"cluster": {"match": {"name": "unused"}, "operation": "Remove"}}]})"));
  EXPECT_EQ(mpp["proxyRule"]["origin"][0]["name"], "gw-patch");
  EXPECT_EQ(mpp["toResourceRules"], ordered_json::array());
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
            "--kuma-inspect: Kuma answers 404 'Failed to retrieve Mesh: Not found'; dataplane 'shop-1' is in mesh 'm1': use "
            "/meshes/m1/dataplanes/shop-1/...");
  EXPECT_EQ(mesh.result, ordered_json::object());
}

// _rules/dp_not_found and _rules/mesh_doesnt_exist_not_found (Kuma v2.14.3): a 404 whose title
// names what was not found (resource_endpoints.go rulesForResource: meshFromRequest, then
// resManager.Get), in POL085 instead of POL014; `_layout` (dataplane_layout_endpoint.go getLayout)
// builds the mesh context first and checks meshServices before the dataplane.
TEST(PolicyKumaInspectTest, MissingMeshOrDataplaneIsKumas404) {
  Report dp = Eval("/meshes/m1/dataplanes/shop-2/_rules");
  ASSERT_EQ(dp.diagnostics.size(), 1u);
  EXPECT_EQ(dp.diagnostics[0].code, "POL085");
  EXPECT_EQ(dp.diagnostics[0].message,
            "--kuma-inspect: Kuma answers 404 'Could not retrieve Dataplane: Not found'; no Dataplane named 'shop-2' in "
            "mesh 'm1'; there are: shop-1");
  EXPECT_EQ(dp.result, ordered_json::object());
  Report mesh = Eval("/meshes/nowhere/dataplanes/shop-2/_policies");
  ASSERT_EQ(mesh.diagnostics.size(), 1u);
  EXPECT_EQ(mesh.diagnostics[0].message,
            "--kuma-inspect: Kuma answers 404 'Failed to retrieve Mesh: Not found'; no mesh 'nowhere'; the meshes are: m1");
  Report layout = Eval("/meshes/m1/dataplanes/shop-2/_layout");
  ASSERT_EQ(layout.diagnostics.size(), 1u);
  EXPECT_EQ(layout.diagnostics[0].message,
            "--kuma-inspect: Kuma answers 404 'Failed to retrieve Dataplane: Not found'; no Dataplane named 'shop-2' in "
            "mesh 'm1'; there are: shop-1");
  Report no_mesh = Eval("/meshes/nowhere/dataplanes/shop-1/_layout");
  ASSERT_EQ(no_mesh.diagnostics.size(), 1u);
  EXPECT_EQ(no_mesh.diagnostics[0].message,
            "--kuma-inspect: Kuma answers 404 'Failed to build MeshContext: Not found'; dataplane 'shop-1' is in mesh 'm1': "
            "use /meshes/m1/dataplanes/shop-1/...");
  // Given alone, the endpoint means the --dataplane: a name the input has not is POL014 as ever.
  Report alone = Eval("_rules", "shop-2");
  ASSERT_EQ(alone.diagnostics.size(), 1u);
  EXPECT_EQ(alone.diagnostics[0].code, "POL014");
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
