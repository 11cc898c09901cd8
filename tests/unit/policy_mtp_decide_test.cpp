// `eval --client SPIFFE-ID` (core/policy/policy_mtp_decide.h): which MeshTrafficPermission rule
// decides a client's request on each inbound, Kuma 2.12+ (MADR 080). Our own input in the shape of
// kumahq/kuma v2.14.3 pkg/api-server/testdata/resources/inspect/dataplanes/_policies/inbounds/
// merged_mtp (two policies' rules, an Exact deny and a Prefix allow); the matcher order is
// meshtrafficpermission/xds/rbac_configurer.go createMatcher's (every deny first, OnNoMatch deny).
#include <gtest/gtest.h>

#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "core/policy/policy_engine.h"

namespace cfgi::policy {
namespace {

using nlohmann::json;

// zz-allow sorts before aa-deny (display name descending), yet the deny is tried first.
constexpr const char* kMesh = R"(type: Mesh
name: shop
---
type: Dataplane
name: cart-1
mesh: shop
networking:
  address: 10.1.0.4
  inbound:
    - {port: 7070, name: api, tags: {kuma.io/service: cart}}
    - {port: 7071, name: admin, tags: {kuma.io/service: cart-admin}}
---
type: MeshTrafficPermission
name: zz-allow
mesh: shop
spec:
  targetRef: {kind: Dataplane, sectionName: api}
  rules:
    - default:
        allow:
          - spiffeID: {type: Prefix, value: "spiffe://shop.mesh/ns/web"}
    - default:
        allowWithShadowDeny:
          - spiffeID: {type: Exact, value: "spiffe://shop.mesh/ns/ops"}
---
type: MeshTrafficPermission
name: aa-deny
mesh: shop
spec:
  targetRef: {kind: Dataplane, sectionName: api}
  rules:
    - default:
        deny:
          - spiffeID: {type: Exact, value: "spiffe://shop.mesh/ns/web/v1"}
          - sni: {type: Exact, value: "cart.shop"}
)";

json Client(const std::string& id) {
  Scenario s = LoadScenario({{"in.yaml", kMesh}});
  Query q;
  q.flags.push_back({"client", id});
  Report r = RunScenario(GetPolicyEngine(), s, q, "kuma-2.14", true);
  EXPECT_TRUE(r.diagnostics.empty());
  return json::parse(r.result["client"].dump());
}

TEST(PolicyMtpDecideTest, ADenyInAnyMatchingRuleWinsOverAnEarlierSortedAllow) {
  EXPECT_EQ(Client("spiffe://shop.mesh/ns/web/v1"), json::parse(R"({"spiffeID": "spiffe://shop.mesh/ns/web/v1", "decisions": [
    {"inbound": "api", "action": "Deny", "policy": "aa-deny", "ruleIndex": 0,
     "match": {"spiffeID": {"type": "Exact", "value": "spiffe://shop.mesh/ns/web/v1"}}, "matcher": 0},
    {"inbound": "admin", "action": null}]})"));
}

TEST(PolicyMtpDecideTest, TheFirstFittingAllowElseTheDefaultDeny) {
  // The sni-only deny does not fit a SPIFFE ID alone; the Prefix allow does.
  json web = Client("spiffe://shop.mesh/ns/web/v2");
  EXPECT_EQ(web["decisions"][0], json::parse(R"({"inbound": "api", "action": "Allow", "policy": "zz-allow", "ruleIndex": 0,
    "match": {"spiffeID": {"type": "Prefix", "value": "spiffe://shop.mesh/ns/web"}}, "matcher": 2})"));
  json ops = Client("spiffe://shop.mesh/ns/ops");
  EXPECT_EQ(ops["decisions"][0]["action"], "AllowWithShadowDeny");
  EXPECT_EQ(ops["decisions"][0]["ruleIndex"], 1);
  json other = Client("spiffe://shop.mesh/ns/webhook");  // a string prefix, as Envoy's StringMatcher
  EXPECT_EQ(other["decisions"][0]["action"], "Allow");
  json none = Client("spiffe://elsewhere/ns/x");
  EXPECT_EQ(none["decisions"][0], json::parse(R"({"inbound": "api", "action": "Deny", "policy": "default"})"));
}

TEST(PolicyMtpDecideTest, SpiffeMatchFits) {
  EXPECT_TRUE(SpiffeMatchFits(json::parse(R"({"spiffeID": {"type": "Exact", "value": "a"}})"), "a"));
  EXPECT_FALSE(SpiffeMatchFits(json::parse(R"({"spiffeID": {"type": "Exact", "value": "a"}})"), "ab"));
  EXPECT_TRUE(SpiffeMatchFits(json::parse(R"({"spiffeID": {"type": "Prefix", "value": "a"}})"), "ab"));
  EXPECT_FALSE(SpiffeMatchFits(json::parse(R"({"spiffeID": {"type": "Prefix", "value": "a"}, "sni": {"type": "Exact", "value": "x"}})"), "ab"));
  EXPECT_FALSE(SpiffeMatchFits(json::parse(R"({"sni": {"type": "Exact", "value": "x"}})"), "x"));
}

}  // namespace
}  // namespace cfgi::policy
