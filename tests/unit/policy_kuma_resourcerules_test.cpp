// Kuma's outbound ResourceRules suite under the kuma-2.14 and kuma-2.13 profiles: every input of
// kumahq/kuma v2.14.3 pkg/plugins/policies/core/rules/outbound/testdata/resourcerules (the same
// inputs and goldens at v2.13.10), each under all 16 topologies of resourcerules_test.go
// ("BuildToRules": global-uni, global-k8s, zone-uni, zone-k8s, and the synced copies
// zone-*-2-global-*, global-*-2-zone-*, zone-*-2-zone-*). A topology rewrites every resource's
// name and labels (kuma.io/origin, kuma.io/zone, k8s.kuma.io/namespace, kuma.io/display-name,
// kuma.io/mesh) as the test's metaFn / syncToUni / syncToK8s do; the labels give the KRI keys
// (kri.FromResourceMeta), so the keys change with the cluster the resources were created on.
//
// Our own inputs in the shapes of the suite's *.input.yaml; each case asserts the exact keys
// (the rules built from items, not those the fallback adds), each key's conf (Kuma's Conf list:
// one conf, or one per MeshHTTPRoute hostname) and its origins in merge order (display name and
// ruleIndex). The suite builds rules from every policy named matched-for-rules-* (suite_test.go
// matchedPolicies) whatever its top-level targetRef; here a dataplane (or a builtin gateway) that
// every such policy selects stands in, transformed with the same topology.
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "core/policy/policy_engine.h"

namespace cfgi::policy {
namespace {

using nlohmann::ordered_json;

// One resource: its type line, name, labels of its own (a flow map body, "" for none) and the
// rest of the document.
struct Doc {
  std::string type, name, labels, rest;
};

struct Row {
  std::string key;     // {Z} and {N}: the zone and namespace of the cluster the resources come from
  std::string conf;    // JSON: one conf, or a list (one per hostname)
  std::string origin;  // "display-name/ruleIndex,..."
  bool k8s_namespace_only = false;  // built only when the resources live in namespace ns-k8s
};

struct Input {
  std::string name;
  std::string policy_type;
  std::vector<Doc> docs;
  std::vector<Row> rows;
  bool gateway = false;  // a top-level MeshGateway targetRef: the stand-in is a builtin gateway
};

const char* kService = "spec: {selector: {dataplaneTags: {app: backend}}, ports: [{port: 80, targetPort: 80, appProtocol: http}]}\n";
const char* kServiceNamedPort =
    "spec: {selector: {dataplaneTags: {app: backend}}, ports: [{port: 80, targetPort: 80, appProtocol: http, name: http-port}]}\n";

std::vector<Input> Inputs() {
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
                 {"MeshService", "backend", "", kService},
                 {"MeshService", "backend-v1", "", kService}},
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
                 {"MeshService", "backend", "", kService},
                 {"MeshService", "backend-v1", "", kService}},
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
    - targetRef: {kind: MeshHTTPRoute, name: http-route-1}
      default: {http: {requestTimeout: 19s}}
)"},
                 {"MeshService", "backend", "", kService}},
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
                 {"MeshService", "backend", "", kService},
                 {"MeshService", "backend-admin", "", kService}},
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
                 {"MeshService", "backend", "", kServiceNamedPort}},
                {{"kri_msvc_mesh-1_{Z}_{N}_backend_", R"({"connectionTimeout":"1m51s","idleTimeout":"9s"})", "matched-for-rules-mt-1/0"},
                 {"kri_msvc_mesh-1_{Z}_{N}_backend_http-port", R"({"connectionTimeout":"1m51s","idleTimeout":"9s"})",
                  "matched-for-rules-mt-1/0,matched-for-rules-mt-1/1", true}}});
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
    - targetRef: {kind: MeshService, name: backend}
      default: {idleTimeout: 9s, connectionTimeout: 111s}
    - targetRef: {kind: MeshService, name: backend, sectionName: http-port}
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
    - targetRef: {kind: MeshService, name: backend}
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
    - targetRef: {kind: MeshService, name: backend}
      default: {connectionTimeout: 11s, http: {requestTimeout: 12s}}
    - targetRef: {kind: Mesh}
      default: {connectionTimeout: 21s}
)"},
                 {"MeshService", "backend", "", kService}},
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
                 {"MeshService", "backend", "", kService}},
                {{"kri_mhttpr_mesh-1_{Z}_{N}_http-route-1_",
                  R"({"connectionTimeout":"2s","http":{"maxStreamDuration":"1m0s","requestTimeout":"20s"},"idleTimeout":"30s"})",
                  "matched-for-rules-third/0,matched-for-rules-first/0,matched-for-rules-second/0"},
                 {"kri_msvc_mesh-1_{Z}_{N}_backend_", R"({"connectionTimeout":"5s","http":{"requestTimeout":"10s"}})",
                  "matched-for-rules-forth/0"}}});
  return in;
}

// resourcerules_test.go's metaFn: the name and labels a resource gets on a cluster.
struct Meta2 {
  std::string name;
  std::map<std::string, std::string> labels;
};
using MetaFn = std::function<Meta2(const std::string& name, const std::map<std::string, std::string>& own)>;

Meta2 Created(const std::string& name, const std::map<std::string, std::string>& own, bool global, bool k8s,
              const std::string& zone) {
  Meta2 m;
  m.name = k8s ? name + ".ns-k8s" : name;  // k8s.K8sNamespacedNameToCoreName
  m.labels["kuma.io/origin"] = global ? "global" : "zone";
  if (!zone.empty()) m.labels["kuma.io/zone"] = zone;
  if (k8s) {
    m.labels["k8s.kuma.io/namespace"] = "ns-k8s";
    m.labels["kuma.io/mesh"] = "mesh-1";
  }
  m.labels["kuma.io/display-name"] = name;
  for (const auto& [k, v] : own) m.labels[k] = v;  // maps.Copy: the resource's own labels win
  return m;
}

// syncToUni / syncToK8s: KDS renames the copy (hash.HashedName of mesh, display name, zone and
// namespace; the hash itself is not part of any result, a fixed suffix stands in) and keeps the
// labels; on Kubernetes the copy lives in kuma-system.
MetaFn Sync(MetaFn f, bool to_k8s) {
  return [f, to_k8s](const std::string& name, const std::map<std::string, std::string>& own) {
    Meta2 m = f(name, own);
    m.name = m.labels["kuma.io/display-name"] + "-synced" + (to_k8s ? ".kuma-system" : "");
    return m;
  };
}

struct Topology {
  std::string golden;
  MetaFn meta;
  std::string zone, ns;  // the KRI's zone and namespace (from the cluster the resources come from)
};

std::vector<Topology> Topologies() {
  MetaFn gu = [](const std::string& n, const auto& l) { return Created(n, l, true, false, ""); };
  MetaFn gk = [](const std::string& n, const auto& l) { return Created(n, l, true, true, ""); };
  MetaFn zu = [](const std::string& n, const auto& l) { return Created(n, l, false, false, "zone-uni"); };
  MetaFn zk = [](const std::string& n, const auto& l) { return Created(n, l, false, true, "zone-k8s"); };
  return {
      {"global-uni", gu, "", ""},
      {"global-k8s", gk, "", "ns-k8s"},
      {"zone-uni", zu, "zone-uni", ""},
      {"zone-k8s", zk, "zone-k8s", "ns-k8s"},
      {"zone-k8s-2-global-uni", Sync(zk, false), "zone-k8s", "ns-k8s"},
      {"zone-uni-2-global-uni", Sync(zu, false), "zone-uni", ""},
      {"zone-k8s-2-global-k8s", Sync(zk, true), "zone-k8s", "ns-k8s"},
      {"zone-uni-2-global-k8s", Sync(zu, true), "zone-uni", ""},
      {"global-k8s-2-zone-uni", Sync(gk, false), "", "ns-k8s"},
      {"global-uni-2-zone-uni", Sync(gu, false), "", ""},
      {"global-uni-2-zone-k8s", Sync(gu, true), "", ""},
      {"global-k8s-2-zone-k8s", Sync(gk, true), "", "ns-k8s"},
      {"zone-uni-2-zone-uni", Sync(Sync(zu, false), false), "zone-uni", ""},
      {"zone-uni-2-zone-k8s", Sync(Sync(zu, false), true), "zone-uni", ""},
      {"zone-k8s-2-zone-uni", Sync(Sync(zk, false), false), "zone-k8s", "ns-k8s"},
      {"zone-k8s-2-zone-k8s", Sync(Sync(zk, false), true), "zone-k8s", "ns-k8s"},
  };
}

std::map<std::string, std::string> ParseFlowLabels(const std::string& s) {
  std::map<std::string, std::string> out;
  size_t i = 0;
  while (i < s.size()) {
    size_t comma = s.find(',', i);
    std::string kv = s.substr(i, comma == std::string::npos ? std::string::npos : comma - i);
    size_t colon = kv.find(": ");
    auto trim = [](std::string x) {
      x.erase(0, x.find_first_not_of(' '));
      x.erase(x.find_last_not_of(' ') + 1);
      return x;
    };
    out[trim(kv.substr(0, colon))] = trim(kv.substr(colon + 2));
    if (comma == std::string::npos) break;
    i = comma + 1;
  }
  return out;
}

std::string Replace(std::string s, const std::string& from, const std::string& to) {
  for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) s.replace(at, from.size(), to);
  return s;
}

struct Case {
  const Input* input;
  const Topology* topology;
  std::string profile;
};

std::string CaseName(const testing::TestParamInfo<Case>& i) {
  std::string n = i.param.input->name + "_" + i.param.topology->golden + "_" + i.param.profile;
  for (char& c : n)
    if (!isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
}

class KumaResourceRules : public testing::TestWithParam<Case> {};

TEST_P(KumaResourceRules, KeysConfsAndOriginOrderAgreeWithTheGolden) {
  const Input& in = *GetParam().input;
  const Topology& topo = *GetParam().topology;
  // The stand-in the policies select: a sidecar labelled app: my-app, or a builtin gateway served
  // by MeshGateway gateway-1; both go through the topology like every resource of the input.
  std::vector<Doc> docs = in.docs;
  if (in.gateway) {
    docs.push_back({"MeshGateway", "gateway-1", "",
                    "selectors: [{match: {kuma.io/service: gw}}]\nconf: {listeners: [{port: 80, protocol: HTTP}]}\n"});
    docs.push_back({"Dataplane", "dp-1", "app: my-app",
                    "networking: {address: 10.0.0.1, gateway: {type: BUILTIN, tags: {kuma.io/service: gw}}}\n"});
  } else {
    docs.push_back({"Dataplane", "dp-1", "app: my-app",
                    "networking: {address: 10.0.0.1, inbound: [{port: 8080, tags: {kuma.io/service: my-app}}]}\n"});
  }
  std::string yaml = "type: Mesh\nname: mesh-1\n";
  std::map<std::string, std::string> display;  // core name -> the input's name
  std::string dp_name;
  for (const Doc& d : docs) {
    Meta2 m = topo.meta(d.name, d.labels.empty() ? std::map<std::string, std::string>{} : ParseFlowLabels(d.labels));
    display[m.name] = d.name;
    if (d.type == "Dataplane") dp_name = m.name;
    yaml += "---\ntype: " + d.type + "\nname: " + m.name + "\nmesh: mesh-1\nlabels:\n";
    for (const auto& [k, v] : m.labels) yaml += "  " + k + ": " + v + "\n";
    yaml += d.rest;
  }
  Scenario s = LoadScenario({{"in.yaml", yaml}});
  Query q;
  q.flags.push_back({"dataplane", dp_name});
  Report r = RunScenario(GetPolicyEngine(), s, q, GetParam().profile, true);
  for (const auto& d : r.diagnostics) EXPECT_NE(d.severity, doc::Severity::kError) << d.code << ": " << d.message;

  std::map<std::string, std::pair<ordered_json, std::string>> got;
  for (const auto& t : r.result["rules"]) {
    if (t["type"] != in.policy_type) continue;
    for (const auto& rr : t["toResourceRules"]) {
      if (rr.contains("computedFrom")) continue;  // added by the fallback; BuildRules has only these
      std::string origin;
      for (const auto& o : rr["origin"])
        origin += (origin.empty() ? "" : ",") + display[o["policy"].get<std::string>()] + "/" + std::to_string(o["ruleIndex"].get<int>());
      got[rr["key"].get<std::string>()] = {rr.contains("confs") ? rr["confs"] : rr["conf"], origin};
    }
  }
  std::map<std::string, std::pair<ordered_json, std::string>> want;
  for (const Row& row : in.rows) {
    if (row.k8s_namespace_only && topo.ns != "ns-k8s") continue;
    want[Replace(Replace(row.key, "{Z}", topo.zone), "{N}", topo.ns)] = {ordered_json::parse(row.conf), row.origin};
  }
  ASSERT_EQ(got.size(), want.size()) << yaml;
  for (const auto& [key, w] : want) {
    auto it = got.find(key);
    ASSERT_NE(it, got.end()) << key;
    EXPECT_EQ(it->second.first, w.first) << key;
    EXPECT_EQ(it->second.second, w.second) << key;
  }
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

std::vector<Case> Cases() {
  static const std::vector<Input> inputs = Inputs();
  static const std::vector<Topology> topologies = Topologies();
  std::vector<Case> out;
  // v2.13.10's suite has the same inputs and goldens as v2.14.3's.
  for (const char* profile : {"kuma-2.14", "kuma-2.13"})
    for (const Input& in : inputs)
      for (const Topology& t : topologies) out.push_back({&in, &t, profile});
  return out;
}

INSTANTIATE_TEST_SUITE_P(V2143, KumaResourceRules, testing::ValuesIn(Cases()), CaseName);

}  // namespace
}  // namespace cfgi::policy
