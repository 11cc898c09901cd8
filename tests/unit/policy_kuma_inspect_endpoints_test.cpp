// `eval --kuma-inspect`: the `_layout`, `_inbounds/KRI/_policies`, `_outbounds/KRI/_policies`,
// `_outbounds/KRI/_routes` and `_outbounds/KRI/_routes/ROUTE/_policies` endpoints
// (core/policy/policy_kuma_inspect.cpp, policy_kuma_inspect_layout.cpp). Our own inputs in the
// shapes of kumahq/kuma v2.14.3 pkg/api-server/testdata/resources/inspect/dataplanes/:
// _layout/{multiple_mixed_destinations,with_mesh_identity,zone_proxy_listeners,
// missing_reachable_backend,single_universal_outbound}, _policies/inbounds/{merged_mtp,
// mtp_multi_rule,invalid_inbound_kri}, _policies/outbounds/{merged_outbound_policies,
// multiple_outbound_polices}, _policies/routes/{single_policy,fallback_route_conf_to_mesh},
// _routes/meshservice_mixed_routes, _policies/meshservice_disabled; each answer compared as JSON
// (object key order aside) with what Kuma's handlers (resource_endpoints.go,
// dataplane_layout_endpoint.go) build for it.
#include <gtest/gtest.h>

#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "core/policy/policy_engine.h"
#include "core/policy/policy_kuma_inspect.h"

namespace cfgi::policy {
namespace {

using nlohmann::json;

constexpr const char* kMesh = R"(type: Mesh
name: shop
meshServices:
  mode: Exclusive
---
)";

Report Eval(const std::string& yaml, const std::string& endpoint) {
  Scenario s = LoadScenario({{"in.yaml", yaml}});
  Query q;
  q.flags.push_back({"kuma-inspect", endpoint});
  return RunScenario(GetPolicyEngine(), s, q, "kuma-2.14", true);
}

// Kuma's JSON as an unordered value (Go's encoder writes struct fields in declaration order; the
// comparison is of the values).
json Result(const Report& r) { return json::parse(r.result.dump()); }

constexpr const char* kDp = R"(type: Dataplane
name: cart-1
mesh: shop
labels:
  kuma.io/zone: east
  kuma.io/workload: cart
networking:
  address: 10.1.0.4
  inbound:
    - port: 7070
      name: api
      tags: {kuma.io/service: cart, kuma.io/protocol: http}
    - port: 7071
      tags: {kuma.io/service: cart, kuma.io/protocol: grpc}
---
)";

TEST(PolicyKumaInspectEndpointsTest, LayoutListsInboundsAndEveryDestinationPortByKri) {
  // _layout/multiple_mixed_destinations + with_mesh_identity: without reachableBackends every
  // MeshService, MeshMultiZoneService and MeshExternalService port is an outbound, sorted by KRI.
  std::string yaml = std::string(kMesh) + kDp + R"(type: MeshService
name: pay-x7
mesh: shop
labels: {kuma.io/display-name: pay, kuma.io/zone: east}
spec:
  selector: {dataplaneTags: {kuma.io/service: pay}}
  ports:
    - {port: 80, targetPort: 8080, appProtocol: http, name: web}
    - {port: 9000, targetPort: 9000}
---
type: MeshMultiZoneService
name: pay-all
mesh: shop
spec:
  selector: {meshService: {matchLabels: {kuma.io/display-name: pay}}}
  ports:
    - {port: 80, appProtocol: http}
---
type: MeshExternalService
name: bank
mesh: shop
spec:
  match: {type: HostnameGenerator, port: 443, protocol: tcp}
  endpoints:
    - {address: bank.example.com, port: 443}
---
type: MeshIdentity
name: ids
mesh: shop
spec:
  selector: {dataplane: {matchLabels: {kuma.io/zone: east}}}
  provider: {type: Bundled, bundled: {autogenerate: {enabled: true}}}
status:
  conditions:
    - {type: Ready, status: "True", reason: Ready}
)";
  Report r = Eval(yaml, "/meshes/shop/dataplanes/cart-1/_layout");
  EXPECT_TRUE(r.diagnostics.empty());
  EXPECT_EQ(Result(r), json::parse(R"({
    "inbounds": [
      {"kri": "kri_dp_shop_east__cart-1_api", "port": 7070, "protocol": "http", "proxyResourceName": "self_inbound_dp_api"},
      {"kri": "kri_dp_shop_east__cart-1_7071", "port": 7071, "protocol": "grpc", "proxyResourceName": "self_inbound_dp_7071"}],
    "kri": "kri_dp_shop_east__cart-1_",
    "labels": {"kuma.io/workload": "cart", "kuma.io/zone": "east"},
    "listeners": [],
    "outbounds": [
      {"kri": "kri_extsvc_shop___bank_443", "port": 443, "protocol": "tcp", "proxyResourceName": "kri_extsvc_shop___bank_443"},
      {"kri": "kri_msvc_shop_east__pay_9000", "port": 9000, "protocol": "tcp", "proxyResourceName": "kri_msvc_shop_east__pay_9000"},
      {"kri": "kri_msvc_shop_east__pay_web", "port": 80, "protocol": "http", "proxyResourceName": "kri_msvc_shop_east__pay_web"},
      {"kri": "kri_mzsvc_shop___pay-all_80", "port": 80, "protocol": "http", "proxyResourceName": "kri_mzsvc_shop___pay-all_80"}],
    "spiffeId": "spiffe://shop.east.mesh.local/workload/cart"})"));
}

TEST(PolicyKumaInspectEndpointsTest, LayoutReachableBackendsAndZoneProxyListeners) {
  // _layout/missing_reachable_backend + zone_proxy_listeners + with_mesh_identity_not_ready: only
  // the refs that exist (a port picks one), listeners by type, no spiffeId before Ready.
  std::string yaml = std::string(kMesh) + R"(type: Dataplane
name: edge-1
mesh: shop
labels: {kuma.io/zone: east}
networking:
  address: 10.1.0.9
  listeners:
    - {address: 10.1.0.9, name: zi, port: 10001, type: ZoneIngress}
    - {address: 10.1.0.9, port: 10002, type: ZoneEgress}
  transparentProxying:
    redirectPortInbound: 15006
    redirectPortOutbound: 15001
    reachableBackends:
      refs:
        - {kind: MeshService, name: pay, port: 80}
        - {kind: MeshService, name: gone}
---
type: MeshService
name: pay-x7
mesh: shop
labels: {kuma.io/display-name: pay, kuma.io/zone: east}
spec:
  ports:
    - {port: 80, targetPort: 8080, appProtocol: http, name: web}
    - {port: 9000, targetPort: 9000}
---
type: MeshIdentity
name: ids
mesh: shop
spec:
  selector: {dataplane: {matchLabels: {kuma.io/zone: east}}}
status:
  conditions:
    - {type: Ready, status: "False", reason: NotReady}
)";
  Report r = Eval(yaml, "/meshes/shop/dataplanes/edge-1/_layout");
  EXPECT_TRUE(r.diagnostics.empty());
  EXPECT_EQ(Result(r), json::parse(R"({
    "inbounds": [],
    "kri": "kri_dp_shop_east__edge-1_",
    "labels": {"kuma.io/zone": "east"},
    "listeners": [
      {"kri": "kri_dp_shop_east__edge-1_zi", "port": 10001, "proxyResourceName": "self_zoneingress_dp_zi", "type": "ZoneIngress"},
      {"kri": "kri_dp_shop_east__edge-1_10002", "port": 10002, "proxyResourceName": "self_zoneegress_dp_10002", "type": "ZoneEgress"}],
    "outbounds": [
      {"kri": "kri_msvc_shop_east__pay_web", "port": 80, "protocol": "http", "proxyResourceName": "kri_msvc_shop_east__pay_web"}]})"));
}

constexpr const char* kMtp = R"(type: MeshTrafficPermission
name: deny-v1
mesh: shop
spec:
  rules:
    - default:
        deny:
          - spiffeID: {type: Exact, value: "spiffe://shop.mesh/ns/web/v1"}
---
type: MeshTrafficPermission
name: allow-web
mesh: shop
spec:
  rules:
    - default:
        allow:
          - spiffeID: {type: Prefix, value: "spiffe://shop.mesh/ns/web"}
    - default:
        allow:
          - spiffeID: {type: Exact, value: "spiffe://shop.mesh/ns/ops"}
)";

TEST(PolicyKumaInspectEndpointsTest, InboundPoliciesListEachRuleWithItsPolicyKri) {
  // _policies/inbounds/merged_mtp + mtp_multi_rule: rules unmerged in Kuma's order (display name
  // descending: deny-v1 before allow-web), origins the distinct policies in that order.
  std::string yaml = std::string(kMesh) + kDp + kMtp;
  Report r = Eval(yaml, "/meshes/shop/dataplanes/cart-1/_inbounds/kri_dp_shop_east__cart-1_api/_policies");
  EXPECT_TRUE(r.diagnostics.empty());
  EXPECT_EQ(Result(r), json::parse(R"({"policies": [{
    "kind": "MeshTrafficPermission",
    "origins": [{"kri": "kri_mtp_shop___deny-v1_"}, {"kri": "kri_mtp_shop___allow-web_"}],
    "rules": [
      {"conf": {"deny": [{"spiffeID": {"type": "Exact", "value": "spiffe://shop.mesh/ns/web/v1"}}]}, "kri": "kri_mtp_shop___deny-v1_"},
      {"conf": {"allow": [{"spiffeID": {"type": "Prefix", "value": "spiffe://shop.mesh/ns/web"}}]}, "kri": "kri_mtp_shop___allow-web_"},
      {"conf": {"allow": [{"spiffeID": {"type": "Exact", "value": "spiffe://shop.mesh/ns/ops"}}]}, "kri": "kri_mtp_shop___allow-web_"}]}]})"));
  // The inbound by port (an inbound without a name); the KRI's zone is not checked, as Kuma's
  // handler reads only its section.
  Report by_port = Eval(yaml, "/meshes/shop/dataplanes/cart-1/_inbounds/kri_dp_shop___cart-1_7071/_policies");
  EXPECT_EQ(Result(by_port)["policies"][0]["rules"].size(), 3u);
}

constexpr const char* kPay = R"(type: MeshService
name: pay-x7
mesh: shop
labels: {kuma.io/display-name: pay, kuma.io/zone: east}
spec:
  ports:
    - {port: 80, targetPort: 8080, appProtocol: http, name: web}
    - {port: 9000, targetPort: 9000}
---
)";

TEST(PolicyKumaInspectEndpointsTest, OutboundPoliciesMergeInKumaOrderAndListInPluginOrder) {
  // _policies/outbounds/merged_outbound_policies + multiple_outbound_polices: one merged conf per
  // kind (a list of one), origins in merge order (t-b before t-a), kinds in the plugins' registry
  // order (MeshTimeout 1000 before MeshCircuitBreaker 1300).
  std::string yaml = std::string(kMesh) + kDp + kPay + R"(type: MeshTimeout
name: t-a
mesh: shop
spec:
  to:
    - targetRef: {kind: MeshService, labels: {kuma.io/display-name: pay}}
      default: {idleTimeout: 30s, connectionTimeout: 3s}
---
type: MeshTimeout
name: t-b
mesh: shop
spec:
  to:
    - targetRef: {kind: MeshService, labels: {kuma.io/display-name: pay}}
      default: {http: {requestTimeout: 4s}}
---
type: MeshCircuitBreaker
name: cb
mesh: shop
spec:
  to:
    - targetRef: {kind: MeshService, labels: {kuma.io/display-name: pay}, sectionName: web}
      default: {connectionLimits: {maxConnections: 3}}
)";
  Report r = Eval(yaml, "/meshes/shop/dataplanes/cart-1/_outbounds/kri_msvc_shop_east__pay_web/_policies");
  EXPECT_TRUE(r.diagnostics.empty());
  EXPECT_EQ(Result(r), json::parse(R"({"policies": [
    {"conf": [{"connectionTimeout": "3s", "idleTimeout": "30s", "http": {"requestTimeout": "4s"}}], "kind": "MeshTimeout",
     "origins": [{"kri": "kri_mt_shop___t-b_"}, {"kri": "kri_mt_shop___t-a_"}]},
    {"conf": [{"connectionLimits": {"maxConnections": 3}}], "kind": "MeshCircuitBreaker",
     "origins": [{"kri": "kri_mcb_shop___cb_"}]}]})"));
  // The other port: the circuit breaker's section does not reach it.
  Report other = Eval(yaml, "/meshes/shop/dataplanes/cart-1/_outbounds/kri_msvc_shop_east__pay_9000/_policies");
  ASSERT_EQ(Result(other)["policies"].size(), 1u);
  EXPECT_EQ(Result(other)["policies"][0]["kind"], "MeshTimeout");
}

constexpr const char* kRoute = R"(type: MeshHTTPRoute
name: pay-route
mesh: shop
spec:
  to:
    - targetRef: {kind: MeshService, labels: {kuma.io/display-name: pay}}
      rules:
        - matches:
            - path: {type: PathPrefix, value: /charge}
          default:
            backendRefs:
              - {kind: MeshService, labels: {kuma.io/display-name: pay}, port: 80}
---
)";

TEST(PolicyKumaInspectEndpointsTest, RoutePoliciesUseTheRouteRuleElseTheOutboundChain) {
  // _policies/routes/single_policy: a to[] item naming the route keys a rule by it (Kuma 2.12+
  // resourcerules.go isRelevant); fallback_route_conf_to_mesh: without one, the mesh's rule.
  std::string yaml = std::string(kMesh) + kDp + kPay + kRoute + R"(type: MeshTimeout
name: on-route
mesh: shop
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshHTTPRoute, name: pay-route}
      default: {http: {requestTimeout: 25s}}
---
type: MeshRetry
name: everywhere
mesh: shop
spec:
  to:
    - targetRef: {kind: Mesh}
      default: {http: {numRetries: 4}}
)";
  Report r = Eval(yaml, "/meshes/shop/dataplanes/cart-1/_outbounds/kri_msvc_shop_east__pay_web/_routes/kri_mhttpr_shop___pay-route_/_policies");
  EXPECT_TRUE(r.diagnostics.empty());
  EXPECT_EQ(Result(r), json::parse(R"({"policies": [
    {"conf": [{"http": {"requestTimeout": "25s"}}], "kind": "MeshTimeout", "origins": [{"kri": "kri_mt_shop___on-route_"}]},
    {"conf": [{"http": {"numRetries": 4}}], "kind": "MeshRetry", "origins": [{"kri": "kri_mr_shop___everywhere_"}]}]})"));
  // The outbound itself: the route's rule is not the service's.
  Report out = Eval(yaml, "/meshes/shop/dataplanes/cart-1/_outbounds/kri_msvc_shop_east__pay_web/_policies");
  EXPECT_EQ(Result(out)["policies"].size(), 2u);  // MeshHTTPRoute, MeshRetry
  EXPECT_EQ(Result(out)["policies"][0]["kind"], "MeshHTTPRoute");
  EXPECT_EQ(Result(out)["policies"][1]["kind"], "MeshRetry");
}

TEST(PolicyKumaInspectEndpointsTest, RoutesListHttpRulesWithMatchesAndTcpRulesWithout) {
  // _routes/meshservice_mixed_routes: MeshHTTPRoute rules with their matches and the KRI of the
  // route that set them, MeshTCPRoute rules with "kri": "" and "matches": null; the route's
  // backendRef weight defaulted to 1.
  std::string yaml = std::string(kMesh) + kDp + kPay + kRoute + R"(type: MeshTCPRoute
name: pay-tcp
mesh: shop
spec:
  to:
    - targetRef: {kind: MeshService, labels: {kuma.io/display-name: pay}}
      rules:
        - default:
            backendRefs:
              - {kind: MeshService, labels: {kuma.io/display-name: pay}, port: 80, weight: 70}
              - {kind: MeshService, labels: {kuma.io/display-name: pay}, port: 9000, weight: 30}
)";
  Report r = Eval(yaml, "/meshes/shop/dataplanes/cart-1/_outbounds/kri_msvc_shop_east__pay_web/_routes");
  EXPECT_TRUE(r.diagnostics.empty());
  EXPECT_EQ(Result(r), json::parse(R"({"routes": [
    {"kind": "MeshHTTPRoute", "origins": [{"kri": "kri_mhttpr_shop___pay-route_"}],
     "rules": [{"conf": {"backendRefs": [{"kind": "MeshService", "labels": {"kuma.io/display-name": "pay"}, "port": 80, "weight": 1}]},
                "kri": "kri_mhttpr_shop___pay-route_", "matches": [{"path": {"type": "PathPrefix", "value": "/charge"}}]}]},
    {"kind": "MeshTCPRoute", "origins": [{"kri": "kri_mtcpr_shop___pay-tcp_"}],
     "rules": [{"conf": {"backendRefs": [
                 {"kind": "MeshService", "labels": {"kuma.io/display-name": "pay"}, "port": 80, "weight": 70},
                 {"kind": "MeshService", "labels": {"kuma.io/display-name": "pay"}, "port": 9000, "weight": 30}]},
                "kri": "", "matches": null}]}]})"));
}

TEST(PolicyKumaInspectEndpointsTest, KumasBadRequestsArePol085WithKumasText) {
  // _policies/inbounds/invalid_inbound_kri, almost_valid_inbound_kri, _policies/meshservice_disabled.
  std::string yaml = std::string(kMesh) + kDp + kMtp;
  Report bad = Eval(yaml, "/meshes/shop/dataplanes/cart-1/_inbounds/not-a-kri/_policies");
  ASSERT_EQ(bad.diagnostics.size(), 1u);
  EXPECT_EQ(bad.diagnostics[0].code, "POL085");
  EXPECT_EQ(bad.diagnostics[0].message,
            "--kuma-inspect: Kuma answers 400 'bad request: invalid identifier string: \"not-a-kri\"'; give a KRI the "
            "dataplane has (eval --kuma-inspect _layout lists them)");
  EXPECT_EQ(bad.result, nlohmann::ordered_json::object());
  Report id = Eval(yaml, "/meshes/shop/dataplanes/cart-1/_outbounds/id_msvc_shop_east__pay_web/_policies");
  ASSERT_EQ(id.diagnostics.size(), 1u);
  EXPECT_EQ(id.diagnostics[0].message,
            "--kuma-inspect: Kuma answers 400 'bad request: identifier must start with 'kri': \"id_msvc_shop_east__pay_web\"'; "
            "give a KRI the dataplane has (eval --kuma-inspect _layout lists them)");
  Report missing = Eval(yaml, "/meshes/shop/dataplanes/cart-1/_inbounds/kri_dp_shop_east__cart-1_nope/_policies");
  ASSERT_EQ(missing.diagnostics.size(), 1u);
  EXPECT_EQ(missing.diagnostics[0].message,
            "--kuma-inspect: Kuma answers 500 'inbound not found'; give a KRI the dataplane has (eval --kuma-inspect "
            "_layout lists them)");
  std::string legacy = std::string("type: Mesh\nname: shop\n---\n") + kDp;
  Report off = Eval(legacy, "/meshes/shop/dataplanes/cart-1/_layout");
  ASSERT_EQ(off.diagnostics.size(), 1u);
  EXPECT_EQ(off.diagnostics[0].message,
            "--kuma-inspect: Kuma answers 400 'bad request: can't use _layout endpoint without meshService enabled'; set "
            "the Mesh's meshServices.mode: Exclusive");
  // `_rules` needs no MeshService mode.
  EXPECT_TRUE(Eval(legacy, "/meshes/shop/dataplanes/cart-1/_rules").diagnostics.empty());
  Report unknown = Eval(legacy, "/meshes/shop/dataplanes/cart-1/_config");
  ASSERT_EQ(unknown.diagnostics.size(), 1u);
  EXPECT_EQ(unknown.diagnostics[0].code, "POL085");
  EXPECT_EQ(unknown.diagnostics[0].message,
            std::string("--kuma-inspect '/meshes/shop/dataplanes/cart-1/_config' is not an inspect endpoint this tool "
                        "answers; give ") + kKumaEndpoints);
}

TEST(PolicyKumaInspectEndpointsTest, ParsesEveryEndpointForm) {
  std::optional<KumaEndpoint> e = ParseKumaEndpoint("/meshes/m/dataplanes/d/_outbounds/kri_msvc_m___s_p/_routes/kri_mhttpr_m___r_/_policies");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->what, "_routes/_policies");
  EXPECT_EQ(e->kri, "kri_msvc_m___s_p");
  EXPECT_EQ(e->route_kri, "kri_mhttpr_m___r_");
  EXPECT_EQ(ParseKumaEndpoint("_inbounds/api/_policies")->what, "_inbounds/_policies");
  EXPECT_EQ(ParseKumaEndpoint("_outbounds/kri_msvc_m___s_p/_routes")->what, "_outbounds/_routes");
  EXPECT_EQ(ParseKumaEndpoint("/meshes/m/dataplanes/d/_layout")->dataplane, "d");
  EXPECT_FALSE(ParseKumaEndpoint("_outbounds//_policies"));
  EXPECT_FALSE(ParseKumaEndpoint("_inbounds/x/_routes"));
  EXPECT_FALSE(ParseKumaEndpoint("/meshes/m/dataplanes/d/_config"));
}

}  // namespace
}  // namespace cfgi::policy
