// Embedded zone proxy listeners (Dataplane networking.listeners, Kuma 2.14+) as inbounds of their
// own: kumahq/kuma v2.14.3 pkg/plugins/policies/core/matchers/dataplane.go DppSelectedByPolicy
// (kind Mesh appends embeddedListenersAsInboundListeners; kind Dataplane picks listeners by
// sectionName; MeshSubset / MeshService select by inbound tags only) and
// pkg/api-server/resource_endpoints.go (rulesForResource: an inbound entry's name and tags come
// from the networking.inbound on its port, none for a listener; matchedPoliciesToInboundConfig:
// a KRI section names an inbound, else a listener). Our own inputs in the shapes of v2.14.3's
// pkg/api-server/testdata/resources/inspect/dataplanes/_rules/ze_listener and
// _policies/inbounds/ze_listener; each answer compared as JSON with what Kuma builds for it.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "core/policy/policy_engine.h"

namespace cfgi::policy {
namespace {

using nlohmann::json;

Report Eval(const std::string& yaml, const std::string& endpoint, const std::string& profile = "kuma-2.14") {
  Scenario s = LoadScenario({{"in.yaml", yaml}});
  Query q;
  q.flags.push_back({"kuma-inspect", endpoint});
  return RunScenario(GetPolicyEngine(), s, q, profile, true);
}

// A sidecar with one inbound and an embedded zone egress listener, and a MeshTimeout whose rules
// apply to every inbound of the mesh's dataplanes.
std::string World(const std::string& mesh_extra) {
  return "type: Mesh\nname: shop\n" + mesh_extra + R"(---
type: Dataplane
name: cart-1
mesh: shop
networking:
  address: 10.1.0.4
  inbound:
    - port: 7070
      name: api
      tags:
        kuma.io/service: cart
  listeners:
    - type: ZoneEgress
      address: 10.1.0.4
      port: 10002
      name: egress
---
type: MeshTimeout
name: timeouts
mesh: shop
spec:
  rules:
    - default:
        idleTimeout: 9s
)";
}

TEST(PolicyKumaInspectListenersTest, RulesListTheListenerAsAnInboundWithoutNameOrTags) {
  // _rules/ze_listener: the listener's port has its own inboundRules entry, after the inbound
  // (port order), with no name and null tags.
  Report r = Eval(World(""), "/meshes/shop/dataplanes/cart-1/_rules");
  for (const auto& d : r.diagnostics) EXPECT_NE(d.severity, doc::Severity::kError) << d.code << ": " << d.message;
  const json rule = json::parse(R"({"conf": [{"idleTimeout": "9s"}],
    "origin": [{"resourceMeta": {"labels": {}, "mesh": "shop", "name": "timeouts", "type": "MeshTimeout"}, "ruleIndex": 0}]})");
  json want = {{"httpMatches", json::array()},
               {"resource", {{"labels", json::object()}, {"mesh", "shop"}, {"name", "cart-1"}, {"type", "Dataplane"}}},
               {"rules",
                {{{"fromRules", json::array()},
                  {"inboundRules",
                   {{{"inbound", {{"name", "api"}, {"port", 7070}, {"tags", {{"kuma.io/service", "cart"}}}}}, {"rules", {rule}}},
                    {{"inbound", {{"port", 10002}, {"tags", nullptr}}}, {"rules", {rule}}}}},
                  {"toResourceRules", json::array()},
                  {"toRules", json::array()},
                  {"type", "MeshTimeout"},
                  {"warnings", json::array()}}}}};
  EXPECT_EQ(json::parse(r.result.dump()), want) << r.result.dump(1);
}

TEST(PolicyKumaInspectListenersTest, InboundPoliciesOfTheListenerBySection) {
  // _policies/inbounds/ze_listener: the KRI's section names no inbound, so the listener.
  Report r = Eval(World("meshServices:\n  mode: Exclusive\n"),
                  "/meshes/shop/dataplanes/cart-1/_inbounds/kri_dp_shop_east__cart-1_egress/_policies");
  for (const auto& d : r.diagnostics) EXPECT_NE(d.severity, doc::Severity::kError) << d.code << ": " << d.message;
  json want = json::parse(R"({"policies": [{"kind": "MeshTimeout", "origins": [{"kri": "kri_mt_shop___timeouts_"}],
    "rules": [{"conf": {"idleTimeout": "9s"}, "kri": "kri_mt_shop___timeouts_"}]}]})");
  EXPECT_EQ(json::parse(r.result.dump()), want) << r.result.dump(1);
}

// Which top-level targetRefs select the listener: Mesh and Dataplane (by sectionName) do, a
// MeshService (kuma.io/service tag) does not. The `_rules` inboundRules ports say which.
std::vector<int> InboundPorts(const std::string& top) {
  std::string yaml = World("");
  yaml.replace(yaml.find("spec:\n  rules:"), 14, "spec:\n  targetRef: " + top + "\n  rules:");
  Report r = Eval(yaml, "/meshes/shop/dataplanes/cart-1/_rules");
  std::vector<int> ports;
  for (const auto& t : r.result["rules"])
    for (const auto& e : t["inboundRules"]) ports.push_back(e["inbound"]["port"].get<int>());
  return ports;
}

TEST(PolicyKumaInspectListenersTest, MeshAndDataplaneSelectTheListenerTagsDoNot) {
  EXPECT_EQ(InboundPorts("{kind: Mesh}"), (std::vector<int>{7070, 10002}));
  EXPECT_EQ(InboundPorts("{kind: Dataplane}"), (std::vector<int>{7070, 10002}));
  EXPECT_EQ(InboundPorts("{kind: Dataplane, sectionName: egress}"), (std::vector<int>{10002}));
  EXPECT_EQ(InboundPorts("{kind: Dataplane, sectionName: api}"), (std::vector<int>{7070}));
  EXPECT_EQ(InboundPorts("{kind: MeshService, name: cart}"), (std::vector<int>{7070}));
}

// Kuma main (kuma-3.0-preview): api-server/resource_inspect_endpoints.go's InspectRule has no
// fromRules / toRules, and an inbound entry's tags are null but for a delegated gateway's
// (main's _rules/inboundrule_meshtimeout_section golden).
TEST(PolicyKumaInspectListenersTest, MainAnswersWithoutLegacyListsOrInboundTags) {
  Report r = Eval(World(""), "/meshes/shop/dataplanes/cart-1/_rules", "kuma-3.0-preview");
  for (const auto& d : r.diagnostics) EXPECT_NE(d.severity, doc::Severity::kError) << d.code << ": " << d.message;
  const json rule = json::parse(R"({"conf": [{"idleTimeout": "9s"}],
    "origin": [{"resourceMeta": {"labels": {}, "mesh": "shop", "name": "timeouts", "type": "MeshTimeout"}, "ruleIndex": 0}]})");
  json want = {{"httpMatches", json::array()},
               {"resource", {{"labels", json::object()}, {"mesh", "shop"}, {"name", "cart-1"}, {"type", "Dataplane"}}},
               {"rules",
                {{{"inboundRules",
                   {{{"inbound", {{"name", "api"}, {"port", 7070}, {"tags", nullptr}}}, {"rules", {rule}}},
                    {{"inbound", {{"port", 10002}, {"tags", nullptr}}}, {"rules", {rule}}}}},
                  {"toResourceRules", json::array()},
                  {"type", "MeshTimeout"},
                  {"warnings", json::array()}}}}};
  EXPECT_EQ(json::parse(r.result.dump()), want) << r.result.dump(1);
}

// A listed inbound rule with a match carries it (v2.14.3 api/openapi/types/common InboundRule
// `Match *common_api.Match json:"match,omitempty"`, filled from inbound/inboundrules.go's row);
// a rule for every client has none. MeshAccessLog rules[].matches by SPIFFE ID.
TEST(PolicyKumaInspectListenersTest, ListedRulesCarryTheirMatch) {
  const std::string yaml = R"(type: Mesh
name: m1
---
type: Dataplane
name: shop-1
mesh: m1
networking:
  address: 10.0.0.1
  inbound:
    - {port: 8080, name: web, tags: {kuma.io/service: shop}}
---
type: MeshAccessLog
name: log-web
mesh: m1
spec:
  targetRef: {kind: Dataplane}
  rules:
    - matches:
        - spiffeID: {type: Exact, value: "spiffe://m1/web"}
      default:
        backends: [{type: File, file: {path: /tmp/web.log}}]
    - default:
        backends: [{type: File, file: {path: /tmp/all.log}}]
)";
  Report r = Eval(yaml, "/meshes/m1/dataplanes/shop-1/_rules");
  for (const auto& d : r.diagnostics) EXPECT_NE(d.severity, doc::Severity::kError) << d.code << ": " << d.message;
  const json rows = json::parse(r.result["rules"][0]["inboundRules"][0]["rules"].dump());
  ASSERT_EQ(rows.size(), 2u) << rows.dump(1);
  EXPECT_EQ(rows[0]["match"], json::parse(R"({"spiffeID": {"type": "Exact", "value": "spiffe://m1/web"}})"));
  EXPECT_EQ(rows[0]["conf"][0]["backends"][0]["file"]["path"], "/tmp/web.log");
  EXPECT_FALSE(rows[1].contains("match")) << rows[1].dump();
  EXPECT_EQ(rows[1]["origin"][0]["ruleIndex"], 1);
}

// networking.listeners is new in 2.14's dataplane.proto (v2.13.10 and v2.10.11 have no
// Networking.listeners): under kuma-2.13 and kuma-2.10 it is POL060 at the key, and no policy
// selects the listener; kuma-2.14 reads it without a word.
TEST(PolicyKumaInspectListenersTest, ReleasesBefore214RejectListenersAndSelectNone) {
  for (const char* profile : {"kuma-2.13", "kuma-2.10"}) {
    Report r = Eval(World(""), "/meshes/shop/dataplanes/cart-1/_rules", profile);
    std::vector<std::string> codes;
    for (const auto& d : r.diagnostics)
      if (d.severity == doc::Severity::kError) {
        codes.push_back(d.code);
        EXPECT_EQ(d.begin.line, 14) << profile;
        EXPECT_EQ(d.begin.column, 3) << profile;
        EXPECT_EQ(d.path, "networking.listeners") << profile;
      }
    EXPECT_EQ(codes, (std::vector<std::string>{"POL060"})) << profile;
    std::vector<int> ports;
    for (const auto& t : r.result["rules"])
      for (const auto& e : t["inboundRules"]) ports.push_back(e["inbound"]["port"].get<int>());
    EXPECT_EQ(ports, (std::vector<int>{7070})) << profile;
  }
  Report now = Eval(World(""), "/meshes/shop/dataplanes/cart-1/_rules", "kuma-2.14");
  for (const auto& d : now.diagnostics) EXPECT_NE(d.code, "POL060") << d.message;
}

}  // namespace
}  // namespace cfgi::policy
