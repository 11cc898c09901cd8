// Kuma's outbound ResourceRules suite under the kuma-2.14 and kuma-2.13 profiles: every input of
// kumahq/kuma v2.14.3 pkg/plugins/policies/core/rules/outbound/testdata/resourcerules (the same
// inputs and goldens at v2.13.10), each under all 16 topologies of resourcerules_test.go
// ("BuildToRules": global-uni, global-k8s, zone-uni, zone-k8s, and the synced copies
// zone-*-2-global-*, global-*-2-zone-*, zone-*-2-zone-*). A topology rewrites every resource's
// name and labels (kuma.io/origin, kuma.io/zone, k8s.kuma.io/namespace, kuma.io/display-name,
// kuma.io/mesh) as the test's metaFn / syncToUni / syncToK8s do; the labels give the KRI keys
// (kri.FromResourceMeta), so the keys change with the cluster the resources were created on.
//
// Our own inputs in the shapes of the suite's *.input.yaml (kuma_resourcerules_inputs.h, shared
// with the kuma-2.10 port); each case asserts the exact keys
// (the rules built from items, not those the fallback adds), each key's conf (Kuma's Conf list:
// one conf, or one per MeshHTTPRoute hostname) and its origins in merge order (display name and
// ruleIndex). The suite builds rules from every policy named matched-for-rules-* (suite_test.go
// matchedPolicies) whatever its top-level targetRef; here a dataplane (or a builtin gateway) that
// every such policy selects stands in, transformed with the same topology.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "kuma_resourcerules_inputs.h"
#include "kuma_suite_builders.h"

namespace cfgi::policy {
namespace {

using namespace kuma_suite;  // NOLINT(google-build-using-namespace): the suite's builders

class KumaResourceRules : public testing::TestWithParam<Case> {};

TEST_P(KumaResourceRules, KeysConfsAndOriginOrderAgreeWithTheGolden) {
  CheckResourceRules(*GetParam().input, *GetParam().topology, GetParam().profile);
}

// resolve/targetref.go parseService: a legacy name with three segments (<name>_<namespace>_svc, no
// port) resolves with port 0, so the whole service matches: one key without a section (not the
// reserved port 49151 of outbound_converter.go, which no MeshService has).
TEST(KumaResourceRulesLegacyName, ThreeSegmentNameKeysTheWholeService) {
  const std::string yaml = R"(type: Mesh
name: mesh-1
---
type: Dataplane
name: dp-1
mesh: mesh-1
networking: {address: 10.0.0.1, inbound: [{port: 8080, tags: {kuma.io/service: web}}]}
---
type: MeshService
name: backend.ns-k8s
mesh: mesh-1
labels: {k8s.kuma.io/namespace: ns-k8s, kuma.io/display-name: backend}
spec: {selector: {dataplaneTags: {app: backend}}, ports: [{port: 80, targetPort: 80, appProtocol: http, name: http-port}]}
---
type: MeshTimeout
name: legacy
mesh: mesh-1
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshService, name: backend_ns-k8s_svc}
      default: {idleTimeout: 7s}
)";
  for (const char* profile : {"kuma-2.14", "kuma-2.13", "kuma-2.10"}) {
    SCOPED_TRACE(profile);
    Scenario s = LoadScenario({{"in.yaml", yaml}});
    Query q;
    q.flags.push_back({"dataplane", "dp-1"});
    Report r = RunScenario(GetPolicyEngine(), s, q, profile, true);
    std::vector<std::string> keys;
    for (const auto& t : r.result["rules"])
      if (t["type"] == "MeshTimeout")
        for (const auto& rr : t["toResourceRules"])
          if (!rr.contains("computedFrom")) keys.push_back(rr["key"]);
    const std::string want = std::string(profile) == "kuma-2.10" ? "meshservice:mesh/mesh-1:namespace/ns-k8s:name/backend"
                                                                  : "kri_msvc_mesh-1__ns-k8s_backend_";
    EXPECT_EQ(keys, std::vector<std::string>{want});
    for (const auto& d : r.diagnostics) EXPECT_NE(d.code, "POL008") << d.message;
  }
}

const std::vector<Input>& AllInputs() {
  static const std::vector<Input> kInputs = ResourceRulesInputsV2143();
  return kInputs;
}

// v2.13.10's suite has the same inputs and goldens as v2.14.3's.
INSTANTIATE_TEST_SUITE_P(V2143, KumaResourceRules, testing::ValuesIn(Cases(AllInputs(), {"kuma-2.14", "kuma-2.13"})), CaseName);

}  // namespace
}  // namespace cfgi::policy
