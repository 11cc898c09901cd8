// The inputs of Kuma's outbound ResourceRules suite as our own documents, shared by the ports
// that run them: kumahq/kuma v2.14.3 pkg/plugins/policies/core/rules/outbound/testdata/resourcerules
// (13 inputs; v2.13.10 has the same files) under kuma-2.14 and kuma-2.13
// (policy_kuma_resourcerules_test.cpp), and v2.10.11's 9 inputs, the same files as v2.14.3's of
// the same names, under kuma-2.10 (policy_kuma_210_suites_test.cpp).
//
//   for (const Input& in : ResourceRulesInputsV2143()) ...
//
// Each input's rows are v2.14.3's goldens: KRI keys with {Z}/{N} for the zone and namespace of the
// cluster the resources come from (kuma_suite_builders.h Topologies), each key's conf and origins.
#pragma once

#include <string>
#include <vector>

#include "kuma_suite_builders.h"

namespace cfgi::policy::kuma_suite {

inline const char* const kRrService = "spec: {selector: {dataplaneTags: {app: backend}}, ports: [{port: 80, targetPort: 80, appProtocol: http}]}\n";
inline const char* const kRrServiceNamedPort =
    "spec: {selector: {dataplaneTags: {app: backend}}, ports: [{port: 80, targetPort: 80, appProtocol: http, name: http-port}]}\n";

inline std::vector<Input> ResourceRulesInputsV2143() {
  std::vector<Input> in;
  // mhr_backendrefs: two routes' rules for one MeshService; a backendRef without weight gets 1.
  in.push_back({"mhr_backendrefs", "MeshHTTPRoute",
                {{"MeshHTTPRoute", "matched-for-rules-http-route-1", "", R"(spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshService, name: backend}
      rules:
        - matches: [{path: {type: PathPrefix, value: /split-ninety-ten}}]
          default:
            backendRefs: [{kind: MeshService, name: backend, weight: 90}, {kind: MeshService, name: backend-v1, weight: 10}]
)"},
                 {"MeshHTTPRoute", "matched-for-rules-http-route-2", "", R"(spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshService, name: backend}
      rules:
        - matches: [{path: {type: PathPrefix, value: /all-to-v1}}]
          default: {backendRefs: [{kind: MeshService, name: backend-v1}]}
)"},
                 {"MeshService", "backend", "", kRrService},
                 {"MeshService", "backend-v1", "", kRrService}},
                {{"kri_msvc_mesh-1_{Z}_{N}_backend_",
                  R"({"rules":[{"default":{"backendRefs":[{"kind":"MeshService","name":"backend","weight":90},{"kind":"MeshService","name":"backend-v1","weight":10}]},"matches":[{"path":{"type":"PathPrefix","value":"/split-ninety-ten"}}]},{"default":{"backendRefs":[{"kind":"MeshService","name":"backend-v1","weight":1}]},"matches":[{"path":{"type":"PathPrefix","value":"/all-to-v1"}}]}]})",
                  "matched-for-rules-http-route-2/0,matched-for-rules-http-route-1/0"}}});
  // mhr_with_ms_and_hostnames: a gateway route with two hostnames merges once per hostname
  // (merge.go handleMergeValues).
  in.push_back({"mhr_with_ms_and_hostnames", "MeshHTTPRoute",
                {{"MeshHTTPRoute", "matched-for-rules-http-route-1", "", R"(spec:
  targetRef: {kind: MeshGateway, name: gateway-1}
  to:
    - targetRef: {kind: Mesh}
      hostnames: [kuma.io, example.com]
      rules:
        - matches: [{path: {type: PathPrefix, value: /}}]
          default:
            backendRefs: [{kind: MeshService, name: backend, weight: 90}, {kind: MeshService, name: backend-v1, weight: 10}]
)"},
                 {"MeshService", "backend", "", kRrService},
                 {"MeshService", "backend-v1", "", kRrService}},
                {{"kri_m____mesh-1_",
                  R"([{"hostnames":["kuma.io"],"rules":[{"default":{"backendRefs":[{"kind":"MeshService","name":"backend","weight":90},{"kind":"MeshService","name":"backend-v1","weight":10}]},"matches":[{"path":{"type":"PathPrefix","value":"/"}}]}]},{"hostnames":["example.com"],"rules":[{"default":{"backendRefs":[{"kind":"MeshService","name":"backend","weight":90},{"kind":"MeshService","name":"backend-v1","weight":10}]},"matches":[{"path":{"type":"PathPrefix","value":"/"}}]}]}])",
                  "matched-for-rules-http-route-1/0"}},
                true});
  // mretry_with_mes: a MeshExternalService by name, below the Mesh's item.
  in.push_back({"mretry_with_mes", "MeshRetry",
                {{"MeshRetry", "matched-for-rules-mr-aaaaaa", "", R"(spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshExternalService, name: external}
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
    - targetRef: {kind: MeshService, name: backend}
      rules:
        - matches: [{path: {type: PathPrefix, value: /api}}]
          default: {backendRefs: [{kind: MeshService, name: backend, weight: 70}, {kind: MeshService, name: backend-v2, weight: 30}]}
)";
  // mt_with_different_order: a route's item keys the route, each service keeps its own item.
  in.push_back({"mt_with_different_order", "MeshTimeout",
                {{"MeshHTTPRoute", "http-route-1", "", route_api},
                 {"MeshTimeout", "matched-for-rules-mt-1", "", R"(spec:
  to:
    - targetRef: {kind: MeshService, name: backend-v2}
      default: {connectionTimeout: 5s}
    - targetRef: {kind: MeshHTTPRoute, name: http-route-1}
      default: {http: {requestTimeout: 20s}}
    - targetRef: {kind: MeshService, name: backend}
      default: {idleTimeout: 25s, http: {requestTimeout: 15s}}
)"},
                 {"MeshService", "backend", "", kRrService},
                 {"MeshService", "backend-v2", "", kRrService}},
                {{"kri_mhttpr_mesh-1_{Z}_{N}_http-route-1_", R"({"http":{"requestTimeout":"20s"}})", "matched-for-rules-mt-1/1"},
                 {"kri_msvc_mesh-1_{Z}_{N}_backend-v2_", R"({"connectionTimeout":"5s"})", "matched-for-rules-mt-1/0"},
                 {"kri_msvc_mesh-1_{Z}_{N}_backend_", R"({"http":{"requestTimeout":"15s"},"idleTimeout":"25s"})",
                  "matched-for-rules-mt-1/2"}}});
  // mt_with_mhr: only the route is keyed (no item names the service).
  in.push_back({"mt_with_mhr", "MeshTimeout",
                {{"MeshHTTPRoute", "http-route-1", "", route_api},
                 {"MeshTimeout", "matched-for-rules-mt-1", "", R"(spec:
  to:
    - targetRef: {kind: MeshHTTPRoute, name: http-route-1}
      default: {http: {requestTimeout: 19s}}
)"},
                 {"MeshService", "backend", "", kRrService}},
                {{"kri_mhttpr_mesh-1_{Z}_{N}_http-route-1_", R"({"http":{"requestTimeout":"19s"}})", "matched-for-rules-mt-1/0"}}});
  // mt_with_mixed_targetrefs: the Mesh item (last in to[], first by kind) under both.
  in.push_back({"mt_with_mixed_targetrefs", "MeshTimeout",
                {{"MeshHTTPRoute", "http-route-1", "", route_api},
                 {"MeshHTTPRoute", "http-route-2", "", R"(spec:
  to:
    - targetRef: {kind: MeshService, name: backend}
      rules:
        - matches: [{path: {type: PathPrefix, value: /admin}}]
          default: {backendRefs: [{kind: MeshService, name: backend-admin, weight: 100}]}
)"},
                 {"MeshTimeout", "matched-for-rules-mt-1", "", R"(spec:
  to:
    - targetRef: {kind: MeshService, name: backend}
      default: {idleTimeout: 30s, http: {requestTimeout: 25s}}
    - targetRef: {kind: MeshHTTPRoute, name: http-route-1}
      default: {http: {requestTimeout: 15s}}
    - targetRef: {kind: Mesh}
      default: {connectionTimeout: 10s, http: {requestTimeout: 5s}}
)"},
                 {"MeshService", "backend", "", kRrService},
                 {"MeshService", "backend-admin", "", kRrService}},
                {{"kri_m____mesh-1_", R"({"connectionTimeout":"10s","http":{"requestTimeout":"5s"}})", "matched-for-rules-mt-1/2"},
                 {"kri_mhttpr_mesh-1_{Z}_{N}_http-route-1_", R"({"connectionTimeout":"10s","http":{"requestTimeout":"15s"}})",
                  "matched-for-rules-mt-1/2,matched-for-rules-mt-1/1"},
                 {"kri_msvc_mesh-1_{Z}_{N}_backend_", R"({"connectionTimeout":"10s","http":{"requestTimeout":"25s"},"idleTimeout":"30s"})",
                  "matched-for-rules-mt-1/2,matched-for-rules-mt-1/0"}}});
  // mt_with_ms-kumaioservice: a legacy name <name>_<namespace>_svc_<port> resolves by the
  // display-name and namespace labels and the port (resolve/targetref.go parseService), so only
  // where the service lives in namespace ns-k8s.
  in.push_back({"mt_with_ms-kumaioservice", "MeshTimeout",
                {{"MeshTimeout", "matched-for-rules-mt-1", "", R"(spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshService, name: backend}
      default: {idleTimeout: 9s, connectionTimeout: 111s}
    - targetRef: {kind: MeshService, name: backend_ns-k8s_svc_80}
      default: {idleTimeout: 9s, connectionTimeout: 111s}
)"},
                 {"MeshService", "backend", "", kRrServiceNamedPort}},
                {{"kri_msvc_mesh-1_{Z}_{N}_backend_", R"({"connectionTimeout":"1m51s","idleTimeout":"9s"})", "matched-for-rules-mt-1/0"},
                 {"kri_msvc_mesh-1_{Z}_{N}_backend_http-port", R"({"connectionTimeout":"1m51s","idleTimeout":"9s"})",
                  "matched-for-rules-mt-1/0,matched-for-rules-mt-1/1", true}}});
  // mt_with_ms-labels-sectionname: labels with a sectionName; a section no service has is dropped.
  const std::string two_ports_spec = kRrServiceNamedPort;
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
                 {"MeshService", "backend-1", "env: dev", kRrService},
                 {"MeshService", "backend-2", "env: dev", kRrService},
                 {"MeshService", "backend-3", "env: prod", kRrService}},
                {{"kri_msvc_mesh-1_{Z}_{N}_backend-1_", R"({"connectionTimeout":"11s","http":{"requestTimeout":"12s"},"idleTimeout":"10s"})",
                  "matched-for-rules-mt-1/0"},
                 {"kri_msvc_mesh-1_{Z}_{N}_backend-2_", R"({"connectionTimeout":"11s","http":{"requestTimeout":"12s"},"idleTimeout":"10s"})",
                  "matched-for-rules-mt-1/0"}}});
  // mt_with_ms-sectionname: the section's key merges the service's item, then its own.
  in.push_back({"mt_with_ms-sectionname", "MeshTimeout",
                {{"MeshTimeout", "matched-for-rules-mt-1", "", R"(spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshService, name: backend}
      default: {idleTimeout: 9s, connectionTimeout: 111s}
    - targetRef: {kind: MeshService, name: backend, sectionName: http-port}
      default: {connectionTimeout: 11s, http: {requestTimeout: 12s}}
)"},
                 {"MeshService", "backend", "", kRrServiceNamedPort}},
                {{"kri_msvc_mesh-1_{Z}_{N}_backend_", R"({"connectionTimeout":"1m51s","idleTimeout":"9s"})", "matched-for-rules-mt-1/0"},
                 {"kri_msvc_mesh-1_{Z}_{N}_backend_http-port", R"({"connectionTimeout":"11s","http":{"requestTimeout":"12s"},"idleTimeout":"9s"})",
                  "matched-for-rules-mt-1/0,matched-for-rules-mt-1/1"}}});
  // mt_with_ms: two policies, the Mesh-wide one first (to[] kind), durations as Go prints them.
  in.push_back({"mt_with_ms", "MeshTimeout",
                {{"MeshTimeout", "matched-for-rules-mt-aaaaaa", "", R"(spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshService, name: backend}
      default: {idleTimeout: 10s, connectionTimeout: 11s, http: {requestTimeout: 12s}}
)"},
                 {"MeshTimeout", "matched-for-rules-mt-bbbbbb", "", R"(spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: Mesh}
      default: {idleTimeout: 100s, connectionTimeout: 101s, http: {requestTimeout: 102s}}
)"},
                 {"MeshService", "backend", "", kRrService}},
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
    - targetRef: {kind: MeshService, name: backend}
      default: {connectionTimeout: 11s, http: {requestTimeout: 12s}}
    - targetRef: {kind: Mesh}
      default: {connectionTimeout: 21s}
)"},
                 {"MeshService", "backend", "", kRrService}},
                {{"kri_m____mesh-1_", R"({"connectionTimeout":"21s","idleTimeout":"9s"})", "matched-for-rules-mt-1/0,matched-for-rules-mt-1/2"},
                 {"kri_msvc_mesh-1_{Z}_{N}_backend_", R"({"connectionTimeout":"11s","http":{"requestTimeout":"12s"},"idleTimeout":"9s"})",
                  "matched-for-rules-mt-1/0,matched-for-rules-mt-1/2,matched-for-rules-mt-1/1"}}});
  // mt_with_multiple_policies: a route by name and by labels; the Dataplane-targeted policy last.
  in.push_back({"mt_with_multiple_policies", "MeshTimeout",
                {{"MeshHTTPRoute", "http-route-1", "kuma.io/display-name: http-route-1", R"(spec:
  to:
    - targetRef: {kind: MeshService, name: backend}
      rules:
        - matches: [{path: {type: PathPrefix, value: /api}}]
          default: {backendRefs: [{kind: MeshService, name: backend, weight: 100}]}
)"},
                 {"MeshTimeout", "matched-for-rules-first", "", R"(spec:
  to:
    - targetRef: {kind: MeshHTTPRoute, name: http-route-1}
      default: {connectionTimeout: 1s, http: {requestTimeout: 20s}}
)"},
                 {"MeshTimeout", "matched-for-rules-second", "", R"(spec:
  targetRef: {kind: Dataplane, labels: {app: my-app}}
  to:
    - targetRef: {kind: MeshHTTPRoute, name: http-route-1}
      default: {connectionTimeout: 2s, idleTimeout: 30s}
)"},
                 {"MeshTimeout", "matched-for-rules-third", "", R"(spec:
  to:
    - targetRef: {kind: MeshHTTPRoute, labels: {kuma.io/display-name: http-route-1}}
      default: {connectionTimeout: 3s, http: {maxStreamDuration: 60s}}
)"},
                 {"MeshTimeout", "matched-for-rules-forth", "", R"(spec:
  to:
    - targetRef: {kind: MeshService, name: backend}
      default: {connectionTimeout: 5s, http: {requestTimeout: 10s}}
)"},
                 {"MeshService", "backend", "", kRrService}},
                {{"kri_mhttpr_mesh-1_{Z}_{N}_http-route-1_",
                  R"({"connectionTimeout":"2s","http":{"maxStreamDuration":"1m0s","requestTimeout":"20s"},"idleTimeout":"30s"})",
                  "matched-for-rules-third/0,matched-for-rules-first/0,matched-for-rules-second/0"},
                 {"kri_msvc_mesh-1_{Z}_{N}_backend_", R"({"connectionTimeout":"5s","http":{"requestTimeout":"10s"}})",
                  "matched-for-rules-forth/0"}}});
  return in;
}

}  // namespace cfgi::policy::kuma_suite
