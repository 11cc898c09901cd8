// Kuma main's rule-building suites (the road to 3.0) under the kuma-3.0-preview profile, each
// case our own input in the shapes of main's testdata (kumahq/kuma main, commit 348b6528, Aug 2026):
//
// - pkg/plugins/policies/core/rules/outbound/testdata/resourcerules: 12 inputs (v2.14.3's 13 less
//   mhr_with_ms_and_hostnames, which main dropped with MeshGateway top-level targetRefs), each
//   under the 16 topologies of resourcerules_test.go. Main writes every targetRef and backendRef
//   by its display-name label (`labels: {kuma.io/display-name: backend}`; 3.0 drops `name`), so
//   the confs echo backendRefs by labels, and mt_with_ms-kumaioservice names the section
//   (sectionName: http-port) instead of the legacy name backend_ns-k8s_svc_80, so its section key
//   is built under every topology (v2.14.3: only where the service lives in namespace ns-k8s).
// - pkg/plugins/policies/core/rules/inbound/testdata/inboundrules: mt-order-by-origin,
//   mt-order-by-role, mt-rules, mt-to, mtls-from, mtls-mixed (main removed mt-from and mt-mixed:
//   inboundrules.go getEntries reads only spec.rules, the from[] types and their
//   ruleEntryAdapter are gone).
// - pkg/plugins/policies/core/rules/testdata/rules/single: 06, 07 (rules_test.go runs
//   BuildProxyConf: one merged conf and its origins; 07's second policy selects by Dataplane
//   labels). Main's rules.go has no legacy subset Rules: FromRules is InboundRules only and
//   ToRules is ResourceRules only, so these cases also assert that no legacy row is built.
//
// The sort suite (outbound/testdata/sort at main) runs under kuma-3.0-preview in
// policy_kuma_sort_test.cpp.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "kuma_suite_builders.h"

namespace cfgi::policy {
namespace {

using namespace kuma_suite;  // NOLINT(google-build-using-namespace): the suite's builders

// Main's inputs still write `selector: {dataplaneTags: ...}`, a field main's MeshService no longer
// has (meshservice/api/v1alpha1/meshservice.go Selector: dataplaneRef, dataplaneLabels), which
// kuma-3.0-preview reports (POL061); the selector plays no part in the rules, so ours select by
// dataplaneLabels, main's shape.
const char* kService =
    "spec: {selector: {dataplaneLabels: {matchLabels: {app: backend}}}, ports: [{port: 80, targetPort: 80, appProtocol: http}]}\n";
const char* kServiceNamedPort =
    "spec: {selector: {dataplaneLabels: {matchLabels: {app: backend}}}, ports: [{port: 80, targetPort: 80, appProtocol: http, name: http-port}]}\n";

std::vector<Input> MainInputs() {
  std::vector<Input> in;
  // mhr_backendrefs: two routes' rules for one MeshService; a backendRef without weight gets 1.
  in.push_back({"mhr_backendrefs", "MeshHTTPRoute",
                {{"MeshHTTPRoute", "matched-for-rules-http-route-1", "", R"(spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshService, labels: {kuma.io/display-name: backend}}
      rules:
        - matches: [{path: {type: PathPrefix, value: /split-ninety-ten}}]
          default:
            backendRefs: [{kind: MeshService, labels: {kuma.io/display-name: backend}, weight: 90}, {kind: MeshService, labels: {kuma.io/display-name: backend-v1}, weight: 10}]
)"},
                 {"MeshHTTPRoute", "matched-for-rules-http-route-2", "", R"(spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshService, labels: {kuma.io/display-name: backend}}
      rules:
        - matches: [{path: {type: PathPrefix, value: /all-to-v1}}]
          default: {backendRefs: [{kind: MeshService, labels: {kuma.io/display-name: backend-v1}}]}
)"},
                 {"MeshService", "backend", "", kService},
                 {"MeshService", "backend-v1", "", kService}},
                {{"kri_msvc_mesh-1_{Z}_{N}_backend_",
                  R"({"rules":[{"default":{"backendRefs":[{"kind":"MeshService","labels":{"kuma.io/display-name":"backend"},"weight":90},{"kind":"MeshService","labels":{"kuma.io/display-name":"backend-v1"},"weight":10}]},"matches":[{"path":{"type":"PathPrefix","value":"/split-ninety-ten"}}]},{"default":{"backendRefs":[{"kind":"MeshService","labels":{"kuma.io/display-name":"backend-v1"},"weight":1}]},"matches":[{"path":{"type":"PathPrefix","value":"/all-to-v1"}}]}]})",
                  "matched-for-rules-http-route-2/0,matched-for-rules-http-route-1/0"}}});
  // mretry_with_mes: a MeshExternalService by its display-name label, below the Mesh's item.
  in.push_back({"mretry_with_mes", "MeshRetry",
                {{"MeshRetry", "matched-for-rules-mr-aaaaaa", "", R"(spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshExternalService, labels: {kuma.io/display-name: external}}
      default: {http: {numRetries: 10, backOff: {baseInterval: 15s, maxInterval: 20m}}}
)"},
                 {"MeshRetry", "matched-for-rules-mr-bbbbbb", "", R"(spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: Mesh}
      default: {http: {numRetries: 99, backOff: {baseInterval: 55s}, retryOn: ["5xx"]}}
)"},
                 {"MeshExternalService", "external", "",
                  "spec: {match: {type: HostnameGenerator, port: 80, protocol: http}, endpoints: [{address: external.io, port: 80}]}\n"}},
                {{"kri_extsvc_mesh-1_{Z}_{N}_external_",
                  R"({"http":{"backOff":{"baseInterval":"15s","maxInterval":"20m0s"},"numRetries":10,"retryOn":["5xx"]}})",
                  "matched-for-rules-mr-bbbbbb/0,matched-for-rules-mr-aaaaaa/0"},
                 {"kri_m____mesh-1_", R"({"http":{"backOff":{"baseInterval":"55s"},"numRetries":99,"retryOn":["5xx"]}})",
                  "matched-for-rules-mr-bbbbbb/0"}}});
  const std::string route_api = R"(spec:
  to:
    - targetRef: {kind: MeshService, labels: {kuma.io/display-name: backend}}
      rules:
        - matches: [{path: {type: PathPrefix, value: /api}}]
          default: {backendRefs: [{kind: MeshService, labels: {kuma.io/display-name: backend}, weight: 70}, {kind: MeshService, labels: {kuma.io/display-name: backend-v2}, weight: 30}]}
)";
  // mt_with_different_order: a route's item keys the route, each service keeps its own item.
  in.push_back({"mt_with_different_order", "MeshTimeout",
                {{"MeshHTTPRoute", "http-route-1", "", route_api},
                 {"MeshTimeout", "matched-for-rules-mt-1", "", R"(spec:
  to:
    - targetRef: {kind: MeshService, labels: {kuma.io/display-name: backend-v2}}
      default: {connectionTimeout: 5s}
    - targetRef: {kind: MeshHTTPRoute, labels: {kuma.io/display-name: http-route-1}}
      default: {http: {requestTimeout: 20s}}
    - targetRef: {kind: MeshService, labels: {kuma.io/display-name: backend}}
      default: {idleTimeout: 25s, http: {requestTimeout: 15s}}
)"},
                 {"MeshService", "backend", "", kService},
                 {"MeshService", "backend-v2", "", kService}},
                {{"kri_mhttpr_mesh-1_{Z}_{N}_http-route-1_", R"({"http":{"requestTimeout":"20s"}})", "matched-for-rules-mt-1/1"},
                 {"kri_msvc_mesh-1_{Z}_{N}_backend-v2_", R"({"connectionTimeout":"5s"})", "matched-for-rules-mt-1/0"},
                 {"kri_msvc_mesh-1_{Z}_{N}_backend_", R"({"http":{"requestTimeout":"15s"},"idleTimeout":"25s"})",
                  "matched-for-rules-mt-1/2"}}});
  // mt_with_mhr: only the route is keyed (no item names the service).
  in.push_back({"mt_with_mhr", "MeshTimeout",
                {{"MeshHTTPRoute", "http-route-1", "", route_api},
                 {"MeshTimeout", "matched-for-rules-mt-1", "", R"(spec:
  to:
    - targetRef: {kind: MeshHTTPRoute, labels: {kuma.io/display-name: http-route-1}}
      default: {http: {requestTimeout: 19s}}
)"},
                 {"MeshService", "backend", "", kService}},
                {{"kri_mhttpr_mesh-1_{Z}_{N}_http-route-1_", R"({"http":{"requestTimeout":"19s"}})", "matched-for-rules-mt-1/0"}}});
  // mt_with_mixed_targetrefs: the Mesh item (last in to[], first by kind) under both.
  in.push_back({"mt_with_mixed_targetrefs", "MeshTimeout",
                {{"MeshHTTPRoute", "http-route-1", "", route_api},
                 {"MeshHTTPRoute", "http-route-2", "", R"(spec:
  to:
    - targetRef: {kind: MeshService, labels: {kuma.io/display-name: backend}}
      rules:
        - matches: [{path: {type: PathPrefix, value: /admin}}]
          default: {backendRefs: [{kind: MeshService, labels: {kuma.io/display-name: backend-admin}, weight: 100}]}
)"},
                 {"MeshTimeout", "matched-for-rules-mt-1", "", R"(spec:
  to:
    - targetRef: {kind: MeshService, labels: {kuma.io/display-name: backend}}
      default: {idleTimeout: 30s, http: {requestTimeout: 25s}}
    - targetRef: {kind: MeshHTTPRoute, labels: {kuma.io/display-name: http-route-1}}
      default: {http: {requestTimeout: 15s}}
    - targetRef: {kind: Mesh}
      default: {connectionTimeout: 10s, http: {requestTimeout: 5s}}
)"},
                 {"MeshService", "backend", "", kService},
                 {"MeshService", "backend-admin", "", kService}},
                {{"kri_m____mesh-1_", R"({"connectionTimeout":"10s","http":{"requestTimeout":"5s"}})", "matched-for-rules-mt-1/2"},
                 {"kri_mhttpr_mesh-1_{Z}_{N}_http-route-1_", R"({"connectionTimeout":"10s","http":{"requestTimeout":"15s"}})",
                  "matched-for-rules-mt-1/2,matched-for-rules-mt-1/1"},
                 {"kri_msvc_mesh-1_{Z}_{N}_backend_", R"({"connectionTimeout":"10s","http":{"requestTimeout":"25s"},"idleTimeout":"30s"})",
                  "matched-for-rules-mt-1/2,matched-for-rules-mt-1/0"}}});
  // mt_with_ms-kumaioservice: main replaced the legacy name backend_ns-k8s_svc_80 by the display-name
  // label and sectionName http-port, so the section's key is built under every topology.
  in.push_back({"mt_with_ms-kumaioservice", "MeshTimeout",
                {{"MeshTimeout", "matched-for-rules-mt-1", "", R"(spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshService, labels: {kuma.io/display-name: backend}}
      default: {idleTimeout: 9s, connectionTimeout: 111s}
    - targetRef: {kind: MeshService, labels: {kuma.io/display-name: backend}, sectionName: http-port}
      default: {idleTimeout: 9s, connectionTimeout: 111s}
)"},
                 {"MeshService", "backend", "", kServiceNamedPort}},
                {{"kri_msvc_mesh-1_{Z}_{N}_backend_", R"({"connectionTimeout":"1m51s","idleTimeout":"9s"})", "matched-for-rules-mt-1/0"},
                 {"kri_msvc_mesh-1_{Z}_{N}_backend_http-port", R"({"connectionTimeout":"1m51s","idleTimeout":"9s"})",
                  "matched-for-rules-mt-1/0,matched-for-rules-mt-1/1"}}});
  // mt_with_ms-labels-sectionname: labels with a sectionName; a section no service has is dropped.
  const std::string two_ports_spec = kServiceNamedPort;
  in.push_back({"mt_with_ms-labels-sectionname", "MeshTimeout",
                {{"MeshTimeout", "matched-for-rules-mt-1", "", R"(spec:
  to:
    - targetRef: {kind: MeshService, labels: {domain: backend}, sectionName: http-port}
      default: {connectionTimeout: 31s, http: {requestTimeout: 32s}}
    - targetRef: {kind: MeshService, labels: {domain: backend}, sectionName: non-existent-section}
      default: {connectionTimeout: 41s, http: {requestTimeout: 42s}}
    - targetRef: {kind: MeshService, labels: {env: dev}, sectionName: http-port}
      default: {idleTimeout: 11s, connectionTimeout: 12s}
    - targetRef: {kind: MeshService, labels: {env: dev}, sectionName: non-existent-section}
      default: {idleTimeout: 21s, connectionTimeout: 22s}
)"},
                 {"MeshService", "backend-dev", "env: dev, domain: backend", two_ports_spec},
                 {"MeshService", "backend-prod", "env: prod, domain: backend", two_ports_spec}},
                {{"kri_msvc_mesh-1_{Z}_{N}_backend-dev_http-port", R"({"connectionTimeout":"12s","http":{"requestTimeout":"32s"},"idleTimeout":"11s"})",
                  "matched-for-rules-mt-1/0,matched-for-rules-mt-1/2"},
                 {"kri_msvc_mesh-1_{Z}_{N}_backend-prod_http-port", R"({"connectionTimeout":"31s","http":{"requestTimeout":"32s"}})",
                  "matched-for-rules-mt-1/0"}}});
  // mt_with_ms-labels: a labels targetRef keys every matching service (no Mesh resource here).
  in.push_back({"mt_with_ms-labels", "MeshTimeout",
                {{"MeshTimeout", "matched-for-rules-mt-1", "", R"(spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshService, labels: {env: dev}}
      default: {idleTimeout: 10s, connectionTimeout: 11s, http: {requestTimeout: 12s}}
)"},
                 {"MeshService", "backend-1", "env: dev", kService},
                 {"MeshService", "backend-2", "env: dev", kService},
                 {"MeshService", "backend-3", "env: prod", kService}},
                {{"kri_msvc_mesh-1_{Z}_{N}_backend-1_", R"({"connectionTimeout":"11s","http":{"requestTimeout":"12s"},"idleTimeout":"10s"})",
                  "matched-for-rules-mt-1/0"},
                 {"kri_msvc_mesh-1_{Z}_{N}_backend-2_", R"({"connectionTimeout":"11s","http":{"requestTimeout":"12s"},"idleTimeout":"10s"})",
                  "matched-for-rules-mt-1/0"}}});
  // mt_with_ms-sectionname: the section's key merges the service's item, then its own.
  in.push_back({"mt_with_ms-sectionname", "MeshTimeout",
                {{"MeshTimeout", "matched-for-rules-mt-1", "", R"(spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshService, labels: {kuma.io/display-name: backend}}
      default: {idleTimeout: 9s, connectionTimeout: 111s}
    - targetRef: {kind: MeshService, labels: {kuma.io/display-name: backend}, sectionName: http-port}
      default: {connectionTimeout: 11s, http: {requestTimeout: 12s}}
)"},
                 {"MeshService", "backend", "", kServiceNamedPort}},
                {{"kri_msvc_mesh-1_{Z}_{N}_backend_", R"({"connectionTimeout":"1m51s","idleTimeout":"9s"})", "matched-for-rules-mt-1/0"},
                 {"kri_msvc_mesh-1_{Z}_{N}_backend_http-port", R"({"connectionTimeout":"11s","http":{"requestTimeout":"12s"},"idleTimeout":"9s"})",
                  "matched-for-rules-mt-1/0,matched-for-rules-mt-1/1"}}});
  // mt_with_ms: two policies, the Mesh-wide one first (to[] kind), durations as Go prints them.
  in.push_back({"mt_with_ms", "MeshTimeout",
                {{"MeshTimeout", "matched-for-rules-mt-aaaaaa", "", R"(spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshService, labels: {kuma.io/display-name: backend}}
      default: {idleTimeout: 10s, connectionTimeout: 11s, http: {requestTimeout: 12s}}
)"},
                 {"MeshTimeout", "matched-for-rules-mt-bbbbbb", "", R"(spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: Mesh}
      default: {idleTimeout: 100s, connectionTimeout: 101s, http: {requestTimeout: 102s}}
)"},
                 {"MeshService", "backend", "", kService}},
                {{"kri_m____mesh-1_", R"({"connectionTimeout":"1m41s","http":{"requestTimeout":"1m42s"},"idleTimeout":"1m40s"})",
                  "matched-for-rules-mt-bbbbbb/0"},
                 {"kri_msvc_mesh-1_{Z}_{N}_backend_", R"({"connectionTimeout":"11s","http":{"requestTimeout":"12s"},"idleTimeout":"10s"})",
                  "matched-for-rules-mt-bbbbbb/0,matched-for-rules-mt-aaaaaa/0"}}});
  // mt_with_ms_and_mesh: one policy, Mesh items 0 and 2 before the service's item 1.
  in.push_back({"mt_with_ms_and_mesh", "MeshTimeout",
                {{"MeshTimeout", "matched-for-rules-mt-1", "", R"(spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: Mesh}
      default: {idleTimeout: 9s}
    - targetRef: {kind: MeshService, labels: {kuma.io/display-name: backend}}
      default: {connectionTimeout: 11s, http: {requestTimeout: 12s}}
    - targetRef: {kind: Mesh}
      default: {connectionTimeout: 21s}
)"},
                 {"MeshService", "backend", "", kService}},
                {{"kri_m____mesh-1_", R"({"connectionTimeout":"21s","idleTimeout":"9s"})", "matched-for-rules-mt-1/0,matched-for-rules-mt-1/2"},
                 {"kri_msvc_mesh-1_{Z}_{N}_backend_", R"({"connectionTimeout":"11s","http":{"requestTimeout":"12s"},"idleTimeout":"9s"})",
                  "matched-for-rules-mt-1/0,matched-for-rules-mt-1/2,matched-for-rules-mt-1/1"}}});
  // mt_with_multiple_policies: the route by labels in three policies; the Dataplane-targeted one last.
  in.push_back({"mt_with_multiple_policies", "MeshTimeout",
                {{"MeshHTTPRoute", "http-route-1", "kuma.io/display-name: http-route-1", R"(spec:
  to:
    - targetRef: {kind: MeshService, labels: {kuma.io/display-name: backend}}
      rules:
        - matches: [{path: {type: PathPrefix, value: /api}}]
          default: {backendRefs: [{kind: MeshService, labels: {kuma.io/display-name: backend}, weight: 100}]}
)"},
                 {"MeshTimeout", "matched-for-rules-first", "", R"(spec:
  to:
    - targetRef: {kind: MeshHTTPRoute, labels: {kuma.io/display-name: http-route-1}}
      default: {connectionTimeout: 1s, http: {requestTimeout: 20s}}
)"},
                 {"MeshTimeout", "matched-for-rules-second", "", R"(spec:
  targetRef: {kind: Dataplane, labels: {app: my-app}}
  to:
    - targetRef: {kind: MeshHTTPRoute, labels: {kuma.io/display-name: http-route-1}}
      default: {connectionTimeout: 2s, idleTimeout: 30s}
)"},
                 {"MeshTimeout", "matched-for-rules-third", "", R"(spec:
  to:
    - targetRef: {kind: MeshHTTPRoute, labels: {kuma.io/display-name: http-route-1}}
      default: {connectionTimeout: 3s, http: {maxStreamDuration: 60s}}
)"},
                 {"MeshTimeout", "matched-for-rules-forth", "", R"(spec:
  to:
    - targetRef: {kind: MeshService, labels: {kuma.io/display-name: backend}}
      default: {connectionTimeout: 5s, http: {requestTimeout: 10s}}
)"},
                 {"MeshService", "backend", "", kService}},
                {{"kri_mhttpr_mesh-1_{Z}_{N}_http-route-1_",
                  R"({"connectionTimeout":"2s","http":{"maxStreamDuration":"1m0s","requestTimeout":"20s"},"idleTimeout":"30s"})",
                  "matched-for-rules-third/0,matched-for-rules-first/0,matched-for-rules-second/0"},
                 {"kri_msvc_mesh-1_{Z}_{N}_backend_", R"({"connectionTimeout":"5s","http":{"requestTimeout":"10s"}})",
                  "matched-for-rules-forth/0"}}});
  return in;
}

const std::vector<Input>& AllMainInputs() {
  static const std::vector<Input> kInputs = MainInputs();
  return kInputs;
}

class KumaMainResourceRules : public testing::TestWithParam<Case> {};

TEST_P(KumaMainResourceRules, KeysConfsAndOriginOrderAgreeWithTheGolden) {
  CheckResourceRules(*GetParam().input, *GetParam().topology, GetParam().profile);
}

INSTANTIATE_TEST_SUITE_P(KumaMain, KumaMainResourceRules, testing::ValuesIn(Cases(AllMainInputs(), {"kuma-3.0-preview"})),
                         CaseName);

// inbound/testdata/inboundrules at main: one row per rule, unmerged, in inbound.Sort's order
// (origin global < unknown < zone, then role system < producer < consumer, then display name
// descending); no legacy row (source "from"), no to-rule, no proxy conf.
std::vector<RulesCase> MainInboundCases() {
  const std::string web = R"({"kuma.io/service": "web"})";
  return {
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
       {{"rules", "", R"({"connectionTimeout":"11s","http":{"requestTimeout":"12s"}})", "matched-for-rules-aaa/0"},
        {"rules", "", R"({"connectionTimeout":"3m31s","http":{"requestTimeout":"3m29s"}})", "matched-for-rules-bbb/0"},
        {"rules", "", R"({"connectionTimeout":"1m51s","idleTimeout":"1m49s"})", "matched-for-rules-ccc/0"}}},
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
       {{"rules", "", R"({"connectionTimeout":"11s","http":{"requestTimeout":"12s"}})", "matched-for-rules-aaa/0"},
        {"rules", "", R"({"connectionTimeout":"3m31s","http":{"requestTimeout":"3m29s"}})", "matched-for-rules-bbb/0"},
        {"rules", "", R"({"connectionTimeout":"1m51s","idleTimeout":"1m49s"})", "matched-for-rules-ccc/0"}}},
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
       {{"rules", "", R"({"connectionTimeout":"1m41s","http":{"requestTimeout":"1m42s"},"idleTimeout":"1m40s"})",
         "matched-for-rules-mt-bbbbbb/0"},
        {"rules", "", R"({"http":{"requestTimeout":"12s"},"idleTimeout":"10s"})", "matched-for-rules-mt-aaaaaa/0"}}},
      // mt-to: only to[]: no inbound rule, and (main) no legacy to-rule either.
      {"inboundrules/mt-to", "mesh-1", web,
       R"(type: MeshTimeout
name: matched-for-rules-mt-aaaaaa
mesh: mesh-1
spec: {to: [{targetRef: {kind: Mesh}, default: {idleTimeout: 10s, http: {requestTimeout: 12s}}}]}
)",
       {}},
      // mtls-from, mtls-mixed: MeshTLS with rules (main's MeshTLS has no from[]); each policy's rule
      // listed, display name descending.
      {"inboundrules/mtls-from", "mesh-1", web,
       R"(type: MeshTLS
name: matched-for-rules-mtls-aaaaaa
mesh: mesh-1
spec: {rules: [{default: {mode: Strict}}]}
---
type: MeshTLS
name: matched-for-rules-mtls-bbbbbb
mesh: mesh-1
spec: {rules: [{default: {mode: Permissive}}]}
)",
       {{"rules", "", R"({"mode":"Permissive"})", "matched-for-rules-mtls-bbbbbb/0"},
        {"rules", "", R"({"mode":"Strict"})", "matched-for-rules-mtls-aaaaaa/0"}}},
      {"inboundrules/mtls-mixed", "mesh-1", web,
       R"(type: MeshTLS
name: matched-for-rules-mtls-aaaaaa
mesh: mesh-1
spec: {rules: [{default: {mode: Strict}}]}
---
type: MeshTLS
name: matched-for-rules-mtls-bbbbbb
mesh: mesh-1
spec: {rules: [{default: {mode: Permissive}}]}
---
type: MeshTLS
name: matched-for-rules-mtls-cccccc
mesh: mesh-1
spec: {rules: [{default: {mode: Strict}}]}
)",
       {{"rules", "", R"({"mode":"Strict"})", "matched-for-rules-mtls-cccccc/0"},
        {"rules", "", R"({"mode":"Permissive"})", "matched-for-rules-mtls-bbbbbb/0"},
        {"rules", "", R"({"mode":"Strict"})", "matched-for-rules-mtls-aaaaaa/0"}}},
  };
}

// rules/testdata/rules/single at main (BuildProxyConf): the merged conf with MeshTrace's defaults
// and the policies in merge order.
std::vector<RulesCase> MainSingleCases() {
  const std::string trace_mesh = R"(type: MeshTrace
name: mt-1
mesh: mesh-1
spec: {"targetRef": {"kind": "Mesh"}, "default": {"tags": [{"name": "team", "literal": "core"}], "backends": [{"type": "Zipkin", "zipkin": {"url": "http://jaeger-collector.mesh-observability:9411/api/v2/spans"}}]}}
)";
  return {
      {"single/06", "mesh-1", R"({"kuma.io/service": "web"})", trace_mesh,
       {{"proxy", "", R"({"backends":[{"type":"Zipkin","zipkin":{"apiVersion":"httpJson","sharedSpanContext":true,"traceId128bit":false,"url":"http://jaeger-collector.mesh-observability:9411/api/v2/spans"}}],"tags":[{"literal":"core","name":"team"}]})",
         "mt-1"}}},
      {"single/07", "mesh-1", "",
       trace_mesh + R"(---
type: MeshTrace
name: mt-2
mesh: mesh-1
spec: {"targetRef": {"kind": "Dataplane", "labels": {"app": "backend"}}, "default": {"tags": [{"name": "team", "literal": "support"}], "backends": [{"type": "Datadog", "datadog": {"url": "http://ingest.datadoghq.eu:8126"}}]}}
)",
       {{"proxy", "", R"({"backends":[{"datadog":{"splitService":false,"url":"http://ingest.datadoghq.eu:8126"},"type":"Datadog"}],"tags":[{"literal":"support","name":"team"}]})",
         "mt-1,mt-2"}},
       R"(type: Dataplane
name: dp-1
mesh: mesh-1
labels: {app: backend}
networking: {address: 127.0.0.1, inbound: [{port: 80, tags: {kuma.io/service: backend}}]}
)"},
  };
}

std::vector<RulesCase> MainRulesCases() {
  std::vector<RulesCase> out = MainInboundCases();
  for (RulesCase& c : MainSingleCases()) out.push_back(std::move(c));
  return out;
}

class KumaMainRules : public testing::TestWithParam<RulesCase> {};

TEST_P(KumaMainRules, RowsAgreeWithTheGolden) { CheckRulesCase(GetParam(), "kuma-3.0-preview"); }

INSTANTIATE_TEST_SUITE_P(KumaMain, KumaMainRules, testing::ValuesIn(MainRulesCases()),
                         [](const testing::TestParamInfo<RulesCase>& i) { return TestName(i.param.name); });

}  // namespace
}  // namespace cfgi::policy

namespace cfgi::policy {
namespace {

// Kuma main reads no from[] (rules.go BuildFromRules holds only spec.rules' InboundRules;
// inbound/inboundrules.go getEntries has no from[] adapter): under kuma-3.0-preview a policy's
// from[] items are neither rows nor listed items, while kuma-2.14 lists both its rules[] and
// from[] items (the from[] ones as legacy fromRules).
TEST(KumaMainFrom, FromItemsAreNotListedUnderMain) {
  const std::string yaml = R"(type: Mesh
name: mesh-1
---
type: Dataplane
name: dp-1
mesh: mesh-1
networking: {address: 127.0.0.1, inbound: [{port: 80, tags: {kuma.io/service: backend}}]}
---
type: MeshTimeout
name: both
mesh: mesh-1
spec:
  targetRef: {kind: Mesh}
  from:
    - targetRef: {kind: Mesh}
      default: {idleTimeout: 5s}
  rules:
    - default: {connectionTimeout: 2s}
)";
  auto directions = [&](const std::string& profile) {
    Scenario s = LoadScenario({{"in.yaml", yaml}});
    Query q;
    q.flags.push_back({"dataplane", "dp-1"});
    Report r = RunScenario(GetPolicyEngine(), s, q, profile, true);
    std::vector<std::string> out;
    for (const auto& t : r.result["rules"])
      for (const auto& it : t["fromItems"]) out.push_back(it["direction"].get<std::string>());
    return out;
  };
  EXPECT_EQ(directions("kuma-3.0-preview"), (std::vector<std::string>{"rules"}));
  EXPECT_EQ(directions("kuma-2.14"), (std::vector<std::string>{"from", "rules"}));
}

}  // namespace
}  // namespace cfgi::policy
