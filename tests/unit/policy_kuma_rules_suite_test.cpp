// Kuma's rules suite at v2.14.3 under kuma-2.14 (and kuma-2.13: v2.13.10 has the same inputs and
// goldens): pkg/plugins/policies/core/rules/rules_test.go "BuildRules" over
// testdata/rules/from (BuildFromRules: the legacy subset Rules of an inbound and its listed
// InboundRules), testdata/rules/to (BuildToRules: the legacy subset Rules) and
// testdata/rules/single (BuildSingleItemRules). Their goldens differ from v2.10.11's by field
// names, `kri` in origins and the listed InboundRules; the 2.10 port is
// policy_kuma_210_suites_test.cpp.
//
// Our own inputs in the shapes of the suite's *.input.yaml (each policy's spec as one flow map;
// kuma_rules_suite_inputs.h, shared with the kuma-2.10 port);
// each case asserts every row in order: the client subset ("key=value", "key!=value" for Kuma's
// Not), the conf and the origins (policy names; "name/ruleIndex" for InboundRules). The suite
// calls the builders with every policy of the file; here a dataplane in the policies' mesh with
// inbound 127.0.0.1:80 and the tags their top-level targetRefs name stands in.
//
// Differences, named (docs/formats/policy.md "Agreement with Kuma's own suites"):
// - from/mtp-overrides, from/multiple-mtp: the suite passes the policies in file order; the control
//   plane passes them as matchers/dataplane.go SortByTargetRef orders them (display name
//   descending for equal kinds, origins and roles), which the engine follows, so the origins come
//   reversed and the last-merged action differs. These cases assert the engine's order.
// to/to-with-mesh-http-route: a policy whose top-level targetRef is a MeshHTTPRoute gets one
// legacy row per route rule, keyed by `__rule-matches-hash__` (policy_http_matches.h); the route
// targets a MeshGateway, so a builtin gateway stands in.
// to/meshtcproute: a MeshTCPRoute item's conf is its first rule (meshtcproute/api/v1alpha1/
// helpers.go To.GetDefault), so the merged conf is {default: {backendRefs}}.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "core/policy/policy_engine.h"
#include "core/doc/sha256.h"
#include "core/policy/policy_http_matches.h"
#include "kuma_rules_suite_inputs.h"
#include "kuma_suite_builders.h"

namespace cfgi::policy {
namespace {

using nlohmann::ordered_json;
using namespace kuma_suite;  // NOLINT(google-build-using-namespace): the suite's builders

struct Param {
  RulesCase c;
  std::string profile;
};

class KumaRulesSuite : public testing::TestWithParam<Param> {};

TEST_P(KumaRulesSuite, RowsAgreeWithTheGolden) { CheckRulesCase(GetParam().c, GetParam().profile); }

std::vector<Param> Params() {
  std::vector<Param> out;
  for (const char* profile : {"kuma-2.14", "kuma-2.13"})
    for (const RulesCase& c : RulesSuiteCasesV2143()) out.push_back({c, profile});
  return out;
}

std::string ParamName(const testing::TestParamInfo<Param>& i) { return TestName(i.param.c.name + "_" + i.param.profile); }

INSTANTIATE_TEST_SUITE_P(V2143, KumaRulesSuite, testing::ValuesIn(Params()), ParamName);

// helpers.go To.GetDefault without rules: the item routes to its own targetRef with weight 1;
// with several rules only the first is the conf (our own case; the same code at v2.10.11 and main).
TEST(KumaRulesSuite, TcpRouteItemConfIsItsFirstRuleOrItsTargetRef) {
  const std::string yaml = R"(type: Mesh
name: default
---
type: Dataplane
name: dp-1
mesh: default
networking: {address: 127.0.0.1, inbound: [{port: 80, tags: {kuma.io/service: web}}]}
---
type: MeshTCPRoute
name: plain
mesh: default
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshService, name: db_shop_svc_5432}
---
type: MeshTCPRoute
name: two-rules
mesh: default
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshService, name: cache_shop_svc_6379}
      rules:
        - default: {backendRefs: [{kind: MeshService, name: cache-v2, weight: 5}]}
        - default: {backendRefs: [{kind: MeshService, name: cache-v3, weight: 7}]}
)";
  // Kuma main (3.0-preview) builds no legacy to-rules (rules.go ToRules is ResourceRules only).
  for (const char* profile : {"kuma-2.14", "kuma-2.10", "kuma-3.0-preview"}) {
    SCOPED_TRACE(profile);
    const bool main = std::string(profile) == "kuma-3.0-preview";
    Scenario s = LoadScenario({{"in.yaml", yaml}});
    Query q;
    q.flags.push_back({"dataplane", "dp-1"});
    Report r = RunScenario(GetPolicyEngine(), s, q, profile, true);
    ordered_json t;
    for (const auto& x : r.result["rules"])
      if (x["type"] == "MeshTCPRoute") t = x;
    ASSERT_TRUE(t.is_object());
    if (main) {
      EXPECT_FALSE(t.contains("toRules"));
      continue;
    }
    std::map<std::string, ordered_json> by_subset;
    for (const auto& x : t["toRules"]) by_subset[SubsetText(x["subset"])] = x["conf"];
    EXPECT_EQ(by_subset["kuma.io/service=db_shop_svc_5432"],
              ordered_json::parse(R"({"default":{"backendRefs":[{"kind":"MeshService","name":"db_shop_svc_5432","weight":1}]}})"));
    EXPECT_EQ(by_subset["kuma.io/service=cache_shop_svc_6379"],
              ordered_json::parse(R"({"default":{"backendRefs":[{"kind":"MeshService","name":"cache-v2","weight":5}]}})"));
  }
}

}  // namespace
}  // namespace cfgi::policy

namespace cfgi::policy {
namespace {

// meshhttproute.go HashMatches: SHA-256 (base64) of json.Marshal([]Match) in Go's field order and
// escaping; the first value is the key of rules/to/to-with-mesh-http-route's golden, the others
// computed from the bytes Go would marshal (path value before type, header type omitted when
// unset, "&" as \u0026).
TEST(KumaRouteHash, HashesMatchesAsGoMarshalsThem) {
  EXPECT_EQ(doc::Base64(doc::Sha256("")), "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=");
  EXPECT_EQ(HashMatches(nlohmann::json::parse(R"([{"path":{"type":"Exact","value":"/"}}])")),
            "JNNc6//C3P17nUsOJm5f4kqG+U3v8pXhS0od9C3+oss=");
  EXPECT_EQ(HashMatches(nlohmann::json::parse(
                R"([{"headers":[{"value":"dev","name":"x-env"},{"name":"x-id","type":"Present"}],"method":"GET",
                     "queryParams":[{"value":"1","name":"q","type":"Exact"}],"path":{"type":"PathPrefix","value":"/a&b"}}])")),
            "Of/Xjhbbo6MdWgShTBTcRRSn8+0NBm72NLfEYz8j/Gw=");
  EXPECT_EQ(HashMatches(nullptr), "dCNOmK/nSY+12vHzasLXiswzlGT5UHA7jAGYkvmCuQs=");  // "null"
}

}  // namespace
}  // namespace cfgi::policy
