// Kuma v2.10.11's rule-building suites under the kuma-2.10 profile, each case our own input in the
// shapes of the suite's testdata (kumahq/kuma tag v2.10.11):
//
// - pkg/plugins/policies/core/rules/outbound/testdata/resourcerules: 9 inputs (mhr_backendrefs,
//   mhr_with_ms_and_hostnames, mretry_with_mes, mt_with_ms-kumaioservice,
//   mt_with_ms-labels-sectionname, mt_with_ms-labels, mt_with_ms-sectionname, mt_with_ms,
//   mt_with_ms_and_mesh), each under the 16 topologies of resourcerules_test.go ("BuildToRules":
//   the same metaFn, syncToUni and syncToK8s as at v2.14.3). The nine input files are identical to
//   v2.14.3's of the same names, and every one of the 144 goldens lists the same keys, Conf and
//   Origin (display name, RuleIndex, order) as v2.14.3's golden for that input and topology, the
//   keys written as core_model.TypedResourceIdentifier.String
//   ("meshservice:mesh/mesh-1:zone/zone-k8s:namespace/ns-k8s:name/backend:section/http-port",
//   pkg/core/resources/model/resource.go) instead of KRI. So the inputs and rows are the 2.14 port's
//   (kuma_resourcerules_inputs.h), each KRI key rewritten by CoreKey below.
// - pkg/plugins/policies/core/rules/inbound/testdata/inboundrules: all six cases
//   (inboundrules_test.go "should build a rule-based view for policies": inbound.BuildRules over
//   the policies named matched-for-rules-*). At v2.10.11 buildRules merges every entry into ONE
//   rule (inbound/inboundrules.go: Sort, then merge.Entries, origins in the sorted order;
//   inbound/sort.go: sort.CompareByPolicyAttributes (top-level kind, Dataplane kind, origin,
//   policy role), then display name descending). policy_release_test.cpp also
//   compares mt-mixed, mt-rules and mt-order-by-origin with the 2.14 listing.
// - pkg/plugins/policies/core/rules/testdata/rules/{from,to,single} (rules_test.go "BuildRules":
//   BuildFromRules, BuildToRules, BuildSingleItemRules): the 21 input files equal v2.14.3's, and
//   the goldens equal v2.14.3's but for the field names, `kri` in origins, BackendRefOriginIndex
//   (2.14: OriginByMatches) and the InboundRules of from/04, from/05 and from/meshtimeout, which
//   2.10 merges into one rule. So the cases are the 2.14 port's (kuma_rules_suite_inputs.h) with
//   those three cases' InboundRules rows replaced by v2.10.11's merged row.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/policy/policy_http_matches.h"
#include "kuma_resourcerules_inputs.h"
#include "kuma_rules_suite_inputs.h"
#include "kuma_suite_builders.h"

namespace cfgi::policy {
namespace {

using namespace kuma_suite;  // NOLINT(google-build-using-namespace): the suite's builders

// The v2.10.11 key of a resource a KRI names: TypedResourceIdentifier.String at v2.10.11
// (pkg/core/resources/model/resource.go): the lower-cased type, then ResourceIdentifier.String
// ("mesh/<m>", "zone/<z>", "namespace/<n>", "name/<display name>", each only when set, ':'
// joined), then "section/<s>" when set. The Mesh has no mesh: "mesh:name/mesh-1".
std::string CoreKey(const std::string& kri) {
  std::vector<std::string> p;
  for (size_t i = 0;;) {
    size_t j = kri.find('_', i);
    p.push_back(kri.substr(i, j == std::string::npos ? std::string::npos : j - i));
    if (j == std::string::npos) break;
    i = j + 1;
  }
  EXPECT_EQ(p.size(), 7u) << kri;  // kri_<short>_<mesh>_<zone>_<namespace>_<name>_<section>
  if (p.size() != 7) return kri;
  const std::string type = p[1] == "m"        ? "mesh"
                           : p[1] == "msvc"   ? "meshservice"
                           : p[1] == "extsvc" ? "meshexternalservice"
                                              : "?" + p[1];
  std::string id;
  for (const auto& [k, v] : {std::pair<const char*, std::string>{"mesh", p[2]}, {"zone", p[3]}, {"namespace", p[4]}, {"name", p[5]}})
    if (!v.empty()) id += (id.empty() ? "" : ":") + std::string(k) + "/" + v;
  return type + ":" + id + (p[6].empty() ? "" : ":section/" + p[6]);
}

TEST(Kuma210ResourceRules, CoreKeyWritesTypedResourceIdentifier) {
  EXPECT_EQ(CoreKey("kri_m____mesh-1_"), "mesh:name/mesh-1");
  EXPECT_EQ(CoreKey("kri_msvc_mesh-1___backend_"), "meshservice:mesh/mesh-1:name/backend");
  EXPECT_EQ(CoreKey("kri_msvc_mesh-1_zone-k8s_ns-k8s_backend_http-port"),
            "meshservice:mesh/mesh-1:zone/zone-k8s:namespace/ns-k8s:name/backend:section/http-port");
  EXPECT_EQ(CoreKey("kri_extsvc_mesh-1__ns-k8s_external_"), "meshexternalservice:mesh/mesh-1:namespace/ns-k8s:name/external");
}

// v2.10.11's testdata/resourcerules: the 9 of v2.14.3's 13 inputs it has (v2.14.3 added
// mt_with_different_order, mt_with_mhr, mt_with_mixed_targetrefs, mt_with_multiple_policies).
const std::vector<Input>& Inputs210() {
  static const std::vector<Input> kInputs = [] {
    const std::vector<std::string> names = {"mhr_backendrefs",
                                            "mhr_with_ms_and_hostnames",
                                            "mretry_with_mes",
                                            "mt_with_ms-kumaioservice",
                                            "mt_with_ms-labels-sectionname",
                                            "mt_with_ms-labels",
                                            "mt_with_ms-sectionname",
                                            "mt_with_ms",
                                            "mt_with_ms_and_mesh"};
    std::vector<Input> out;
    for (const Input& in : ResourceRulesInputsV2143())
      if (std::find(names.begin(), names.end(), in.name) != names.end()) out.push_back(in);
    return out;
  }();
  return kInputs;
}

TEST(Kuma210ResourceRules, NineInputs) { EXPECT_EQ(Inputs210().size(), 9u); }

class Kuma210ResourceRules : public testing::TestWithParam<Case> {};

TEST_P(Kuma210ResourceRules, KeysConfsAndOriginOrderAgreeWithTheGolden) {
  CheckResourceRules(*GetParam().input, *GetParam().topology, GetParam().profile, GetParam().key_form);
}

INSTANTIATE_TEST_SUITE_P(V21011, Kuma210ResourceRules, testing::ValuesIn(Cases(Inputs210(), {"kuma-2.10"}, CoreKey)), CaseName);

// The goldens' third field, BackendRefOriginIndex (resourcerules.go ResourceRule: a rule's
// matches hash -> the index in Origin of the policy that contributed its backendRefs;
// common.Origins), is not part of the engine's result; it follows from the asserted Conf and
// Origin: every MeshHTTPRoute golden (the same under all 16 topologies) keys it by HashMatches
// of a conf rule's matches (meshhttproute/api/v1alpha1/meshhttproute.go at v2.10.11), and the
// index names the origin whose route carries those matches: mhr_backendrefs {/all-to-v1: 0
// (http-route-2), /split-ninety-ten: 1 (http-route-1)}, mhr_with_ms_and_hostnames {/: 0}.
TEST(Kuma210ResourceRules, BackendRefOriginIndexFollowsFromConfAndOrigin) {
  const nlohmann::json all_to_v1 = nlohmann::json::parse(R"([{"path":{"type":"PathPrefix","value":"/all-to-v1"}}])");
  const nlohmann::json split = nlohmann::json::parse(R"([{"path":{"type":"PathPrefix","value":"/split-ninety-ten"}}])");
  const nlohmann::json root = nlohmann::json::parse(R"([{"path":{"type":"PathPrefix","value":"/"}}])");
  EXPECT_EQ(HashMatches(all_to_v1), "INA9CySpV6H/9i+YojV8runPQRKlTJorpk2wpmoIjeE=");
  EXPECT_EQ(HashMatches(split), "m/d6a7kr6DZ0HbBOC3YodqX1i0E37roUTfqZ3p3j8Jo=");
  EXPECT_EQ(HashMatches(root), "9Zuf5Tg79OuZcQITwBbQykxAk2u4fRKrwYn3//AL4Yo=");
  // The asserted origins (policy/ruleIndex, merge order) and which policy's rule holds which matches.
  for (const Input& in : Inputs210()) {
    if (in.policy_type != "MeshHTTPRoute") continue;
    ASSERT_EQ(in.rows.size(), 1u) << in.name;
    const std::string& origin = in.rows[0].origin;
    if (in.name == "mhr_backendrefs") {
      EXPECT_EQ(origin, "matched-for-rules-http-route-2/0,matched-for-rules-http-route-1/0");
      EXPECT_NE(in.docs[1].rest.find("/all-to-v1"), std::string::npos);         // origin 0: http-route-2
      EXPECT_NE(in.docs[0].rest.find("/split-ninety-ten"), std::string::npos);  // origin 1: http-route-1
    } else {
      EXPECT_EQ(origin, "matched-for-rules-http-route-1/0");
      EXPECT_NE(in.docs[0].rest.find("value: /}"), std::string::npos);  // origin 0
    }
  }
}

// inbound/testdata/inboundrules at v2.10.11: the one merged inbound rule (source "rules") and,
// asserted with it so each case pins the whole type, what rules.go BuildRules at v2.10.11 builds
// beside it for the same dataplane: the legacy from-rule of the from[] items (FromRules.Rules,
// subset {}) and the legacy to-rule of the to[] items (ToRules.Rules).
std::vector<RulesCase> Inbound210Cases() {
  const std::string web = R"({"kuma.io/service": "web"})";
  return {
      // mt-from: from[] of an IsFromAsRules type (MeshTimeout) read as rules; the entries sorted
      // b, a (display name descending) and merged: a's idleTimeout and requestTimeout win, b's
      // connectionTimeout stays.
      {"inboundrules/mt-from", "mesh-1", web,
       R"(type: MeshTimeout
name: matched-for-rules-mt-aaaaaa
mesh: mesh-1
spec: {from: [{targetRef: {kind: Mesh}, default: {idleTimeout: 10s, http: {requestTimeout: 12s}}}]}
---
type: MeshTimeout
name: matched-for-rules-mt-bbbbbb
mesh: mesh-1
spec: {from: [{targetRef: {kind: Mesh}, default: {idleTimeout: 100s, connectionTimeout: 101s, http: {requestTimeout: 102s}}}]}
)",
       {{"from", "", R"({"connectionTimeout":"1m41s","http":{"requestTimeout":"12s"},"idleTimeout":"10s"})",
         "matched-for-rules-mt-bbbbbb,matched-for-rules-mt-aaaaaa"},
        {"rules", "", R"({"connectionTimeout":"1m41s","http":{"requestTimeout":"12s"},"idleTimeout":"10s"})",
         "matched-for-rules-mt-bbbbbb/0,matched-for-rules-mt-aaaaaa/0"}}},
      // mt-order-by-role: system < producer < consumer (core_model.PolicyRole), whatever the
      // names; merged in that order, so consumer ccc's values win.
      {"inboundrules/mt-order-by-role", "mesh-1", web,
       R"(type: MeshTimeout
name: matched-for-rules-ccc
mesh: mesh-1
labels: {kuma.io/policy-role: consumer}
spec: {rules: [{default: {connectionTimeout: 111s, idleTimeout: 109s}}]}
---
type: MeshTimeout
name: matched-for-rules-bbb
mesh: mesh-1
labels: {kuma.io/policy-role: producer}
spec: {rules: [{default: {connectionTimeout: 211s, http: {requestTimeout: 209s}}}]}
---
type: MeshTimeout
name: matched-for-rules-aaa
mesh: mesh-1
labels: {kuma.io/policy-role: system}
spec: {rules: [{default: {connectionTimeout: 11s, http: {requestTimeout: 12s}}}]}
)",
       {{"rules", "", R"({"connectionTimeout":"1m51s","http":{"requestTimeout":"3m29s"},"idleTimeout":"1m49s"})",
         "matched-for-rules-aaa/0,matched-for-rules-bbb/0,matched-for-rules-ccc/0"}}},
      // mt-mixed: rules[], from[] (IsFromAsRules) and rules[] in one rule, sorted c, b, a; b's
      // from[] item also builds its legacy from-rule.
      {"inboundrules/mt-mixed", "mesh-1", web,
       R"(type: MeshTimeout
name: matched-for-rules-mt-aaaaaa
mesh: mesh-1
spec: {rules: [{default: {idleTimeout: 10s}}]}
---
type: MeshTimeout
name: matched-for-rules-mt-bbbbbb
mesh: mesh-1
spec: {from: [{targetRef: {kind: Mesh}, default: {idleTimeout: 100s, connectionTimeout: 101s}}]}
---
type: MeshTimeout
name: matched-for-rules-mt-cccccc
mesh: mesh-1
spec: {rules: [{default: {idleTimeout: 200s, http: {requestTimeout: 202s}}}]}
)",
       {{"from", "", R"({"connectionTimeout":"1m41s","idleTimeout":"1m40s"})", "matched-for-rules-mt-bbbbbb"},
        {"rules", "", R"({"connectionTimeout":"1m41s","http":{"requestTimeout":"3m22s"},"idleTimeout":"10s"})",
         "matched-for-rules-mt-cccccc/0,matched-for-rules-mt-bbbbbb/0,matched-for-rules-mt-aaaaaa/0"}}},
      // mt-rules: two policies' rules[] merged b then a.
      {"inboundrules/mt-rules", "mesh-1", web,
       R"(type: MeshTimeout
name: matched-for-rules-mt-aaaaaa
mesh: mesh-1
spec: {rules: [{default: {idleTimeout: 10s, http: {requestTimeout: 12s}}}]}
---
type: MeshTimeout
name: matched-for-rules-mt-bbbbbb
mesh: mesh-1
spec: {rules: [{default: {idleTimeout: 100s, connectionTimeout: 101s, http: {requestTimeout: 102s}}}]}
)",
       {{"rules", "", R"({"connectionTimeout":"1m41s","http":{"requestTimeout":"12s"},"idleTimeout":"10s"})",
         "matched-for-rules-mt-bbbbbb/0,matched-for-rules-mt-aaaaaa/0"}}},
      // mt-order-by-origin: global < no origin < zone, whatever the names.
      {"inboundrules/mt-order-by-origin", "mesh-1", web,
       R"(type: MeshTimeout
name: matched-for-rules-ccc
mesh: mesh-1
labels: {kuma.io/origin: zone}
spec: {rules: [{default: {connectionTimeout: 111s, idleTimeout: 109s}}]}
---
type: MeshTimeout
name: matched-for-rules-bbb
mesh: mesh-1
spec: {rules: [{default: {connectionTimeout: 211s, http: {requestTimeout: 209s}}}]}
---
type: MeshTimeout
name: matched-for-rules-aaa
mesh: mesh-1
labels: {kuma.io/origin: global}
spec: {rules: [{default: {connectionTimeout: 11s, http: {requestTimeout: 12s}}}]}
)",
       {{"rules", "", R"({"connectionTimeout":"1m51s","http":{"requestTimeout":"3m29s"},"idleTimeout":"1m49s"})",
         "matched-for-rules-aaa/0,matched-for-rules-bbb/0,matched-for-rules-ccc/0"}}},
      // mt-to: only to[]: no inbound rule (golden `rules: []`); the to[] item's legacy to-rule.
      {"inboundrules/mt-to", "mesh-1", web,
       R"(type: MeshTimeout
name: matched-for-rules-mt-aaaaaa
mesh: mesh-1
spec: {to: [{targetRef: {kind: Mesh}, default: {idleTimeout: 10s, http: {requestTimeout: 12s}}}]}
)",
       {{"to", "", R"({"http":{"requestTimeout":"12s"},"idleTimeout":"10s"})", "matched-for-rules-mt-aaaaaa"}}},
  };
}

class Kuma210InboundRules : public testing::TestWithParam<RulesCase> {};

TEST_P(Kuma210InboundRules, RowsAgreeWithTheGolden) { CheckRulesCase(GetParam(), "kuma-2.10"); }

INSTANTIATE_TEST_SUITE_P(V21011, Kuma210InboundRules, testing::ValuesIn(Inbound210Cases()),
                         [](const testing::TestParamInfo<RulesCase>& i) { return TestName(i.param.name); });

// rules/{from,to,single} at v2.10.11: v2.14.3's rows, but one merged InboundRule where 2.14
// lists them (inbound/inboundrules.go buildRules at v2.10.11: Sort, merge.Entries, origins in
// order). from/04 and from/05: MeshAccessLog's backends list is replaced by the later entry's,
// not appended (merge.go; the golden's conf). from/mtp-overrides and from/multiple-mtp keep the
// 2.14 port's named difference: the suite passes the policies in file order, the control plane
// (and the engine) in matchers/dataplane.go SortByTargetRef's order.
std::vector<RulesCase> Rules210Cases() {
  const std::map<std::string, RulesRow> merged = {
      {"from/04", {"rules", "", R"({"backends":[]})", "mal-1/0,mal-1/1"}},
      {"from/05", {"rules", "", R"({"backends":[{"tcp":{"address":"logging:8080"},"type":"Tcp"}]})", "mal-1/0,mal-1/1"}},
      {"from/meshtimeout",
       {"rules", "", R"({"connectionTimeout":"20s","http":{"requestTimeout":"5s"},"idleTimeout":"20s"})", "default/0,override/0"}},
  };
  std::vector<RulesCase> out = RulesSuiteCasesV2143();
  for (RulesCase& c : out) {
    auto it = merged.find(c.name);
    if (it == merged.end()) continue;
    std::vector<RulesRow> rows;
    for (const RulesRow& r : c.rows)
      if (r.source != "rules") rows.push_back(r);
    rows.push_back(it->second);  // InboundRules follow the legacy Rules (CheckRulesCase's order)
    c.rows = std::move(rows);
  }
  return out;
}

TEST(Kuma210RulesSuite, TwentyOneCasesThreeMerged) {
  const std::vector<RulesCase> cases = Rules210Cases();
  EXPECT_EQ(cases.size(), 21u);
  size_t merged_rows = 0;
  for (const RulesCase& c : cases)
    for (const RulesRow& r : c.rows) merged_rows += r.source == "rules";
  EXPECT_EQ(merged_rows, 3u);  // only from/04, from/05 and from/meshtimeout build InboundRules
}

class Kuma210RulesSuite : public testing::TestWithParam<RulesCase> {};

TEST_P(Kuma210RulesSuite, RowsAgreeWithTheGolden) { CheckRulesCase(GetParam(), "kuma-2.10"); }

INSTANTIATE_TEST_SUITE_P(V21011, Kuma210RulesSuite, testing::ValuesIn(Rules210Cases()),
                         [](const testing::TestParamInfo<RulesCase>& i) { return TestName(i.param.name); });

}  // namespace
}  // namespace cfgi::policy
