// Dataplanes derived from Kubernetes Pods and Services (core/policy/policy_k8s.h), as Kuma's
// controller builds them. Our own inputs in the shapes of kumahq/kuma v2.14.3
// pkg/plugins/runtime/k8s/controllers/pod_converter_test.go and its testdata (01: numbered and
// named targetPorts, appProtocol, ports across two Services; 03: a delegated gateway takes the
// first inbound's tags; the serviceless case: port 49151 with kuma.io/instance), with the labels
// of pkg/core/resources/labels/compute.go and util.MeshOfByLabelOrAnnotation.
#include <gtest/gtest.h>

#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "core/policy/policy_engine.h"

namespace cfgi::policy {
namespace {

using nlohmann::ordered_json;

Report EvalK8s(const std::string& yaml, const std::string& dataplane, const std::string& profile = "kuma-2.14") {
  Scenario s = LoadScenario({{"pods.yaml", yaml}});
  Query q;
  if (!dataplane.empty()) q.flags.push_back({"dataplane", dataplane});
  return RunScenario(GetPolicyEngine(), s, q, profile, true);
}

std::vector<std::string> K8sCodes(const Report& r) {
  std::vector<std::string> out;
  for (const doc::Diagnostic& d : r.diagnostics) out.push_back(d.code);
  return out;
}

// testdata 01 in our own words: a pod with labels and two container ports; Service `web` (port
// 80 -> numbered targetPort 8080 no container lists, appProtocol http; port 443 -> 8443) and
// Service `api` in the same namespace (appProtocol MONGO -> tcp; named targetPort `metrics`).
constexpr const char* kTwoServices = R"(apiVersion: v1
kind: Pod
metadata:
  name: web-0
  namespace: shop
  labels: {app: web, version: "0.2", kuma.io/sidecar-injection: enabled, empty: ""}
  annotations: {kuma.io/sidecar-injected: "true"}
spec:
  serviceAccountName: web-sa
  containers:
    - name: app
      ports: [{containerPort: 7070}, {containerPort: 6060, name: metrics}]
status:
  podIP: 10.0.0.5
  containerStatuses: [{name: app, ready: true}]
---
apiVersion: v1
kind: Service
metadata: {name: web, namespace: shop}
spec:
  selector: {app: web}
  ports:
    - {appProtocol: http, port: 80, targetPort: 8080}
    - {protocol: TCP, port: 443, targetPort: 8443}
    - {protocol: UDP, port: 53, targetPort: 53}
---
apiVersion: v1
kind: Service
metadata: {name: api, namespace: shop}
spec:
  selector: {app: web}
  ports:
    - {protocol: TCP, appProtocol: MONGO, port: 7071, targetPort: 7070}
    - {protocol: TCP, port: 6061, targetPort: metrics}
---
apiVersion: v1
kind: Service
metadata: {name: other, namespace: elsewhere}
spec:
  selector: {app: web}
  ports: [{port: 1, targetPort: 1}]
)";

TEST(PolicyK8sTest, InboundsPerServicePortInServiceNameOrder) {
  Report r = EvalK8s(kTwoServices, "web-0.shop");
  EXPECT_EQ(K8sCodes(r), std::vector<std::string>{});
  EXPECT_EQ(r.result["dataplane"], "web-0.shop");
  const ordered_json& pod = r.result["pod"];
  EXPECT_EQ(pod["name"], "web-0");
  EXPECT_EQ(pod["namespace"], "shop");
  EXPECT_EQ(pod["address"], "10.0.0.5");
  EXPECT_EQ(pod["services"], ordered_json::parse(R"(["api", "web"])"));
  // api (7071 -> container port 7070, 6061 -> metrics 6060), then web (8080, 8443); UDP 53 skipped.
  ASSERT_EQ(pod["inbounds"].size(), 4u);
  EXPECT_EQ(pod["inbounds"][0], ordered_json::parse(R"({"port": 7070, "protocol": "tcp", "state": "Ready", "tags": {
    "app": "web", "k8s.kuma.io/namespace": "shop", "k8s.kuma.io/service-name": "api",
    "k8s.kuma.io/service-port": "7071", "kuma.io/protocol": "tcp", "kuma.io/service": "api_shop_svc_7071",
    "kuma.io/zone": "default", "version": "0.2"}})"));
  EXPECT_EQ(pod["inbounds"][1]["name"], "metrics");
  EXPECT_EQ(pod["inbounds"][1]["port"], 6060);
  EXPECT_EQ(pod["inbounds"][1]["tags"]["kuma.io/service"], "api_shop_svc_6061");
  EXPECT_EQ(pod["inbounds"][2]["port"], 8080);
  EXPECT_EQ(pod["inbounds"][2]["protocol"], "http");
  EXPECT_EQ(pod["inbounds"][2]["tags"]["kuma.io/protocol"], "http");
  EXPECT_EQ(pod["inbounds"][2]["tags"]["kuma.io/service"], "web_shop_svc_80");
  EXPECT_EQ(pod["inbounds"][3]["port"], 8443);
  EXPECT_EQ(pod["inbounds"][3]["tags"]["k8s.kuma.io/service-port"], "443");
  // resource_labels.Compute: the pod's labels (kuma.io/ ones and empty ones included) and the
  // computed ones (zone mode, Kubernetes, service account as the workload).
  EXPECT_EQ(pod["labels"], ordered_json::parse(R"({"app": "web", "empty": "", "k8s.kuma.io/namespace": "shop",
    "k8s.kuma.io/service-account": "web-sa", "kuma.io/display-name": "web-0", "kuma.io/env": "kubernetes",
    "kuma.io/mesh": "default", "kuma.io/origin": "zone", "kuma.io/proxy-type": "sidecar",
    "kuma.io/sidecar-injection": "enabled", "kuma.io/workload": "web-sa", "kuma.io/zone": "default", "version": "0.2"})"));
}

TEST(PolicyK8sTest, ServicelessPodGetsTheReservedPortAndItsWorkloadName) {
  Report r = EvalK8s(R"(apiVersion: v1
kind: Pod
metadata:
  name: batch-6d4cf56db6-abcde
  namespace: jobs
  labels: {app: batch, pod-template-hash: 6d4cf56db6}
  annotations: {kuma.io/sidecar-injected: enabled}
  ownerReferences: [{kind: ReplicaSet, name: batch-6d4cf56db6}]
spec: {containers: [{name: batch}, {name: kuma-sidecar}]}
status:
  podIP: 10.0.0.9
  containerStatuses: [{name: batch, ready: false}, {name: kuma-sidecar, ready: true}]
)", "");
  EXPECT_EQ(K8sCodes(r), std::vector<std::string>{});
  EXPECT_EQ(r.result["dataplane"], "batch-6d4cf56db6-abcde.jobs");
  EXPECT_EQ(r.result["pod"]["inbounds"], ordered_json::parse(R"([{"port": 49151, "protocol": "tcp", "state": "NotReady",
    "tags": {"app": "batch", "k8s.kuma.io/namespace": "jobs", "kuma.io/instance": "batch-6d4cf56db6-abcde",
    "kuma.io/protocol": "tcp", "kuma.io/service": "batch_jobs_svc", "kuma.io/zone": "default",
    "pod-template-hash": "6d4cf56db6"}}])"));
}

TEST(PolicyK8sTest, DelegatedGatewayTakesTheFirstInboundsTags) {
  Report r = EvalK8s(R"(apiVersion: v1
kind: Pod
metadata:
  name: edge-0
  namespace: gw
  labels: {app: edge}
  annotations: {kuma.io/sidecar-injected: "true", kuma.io/gateway: enabled}
spec: {containers: [{name: edge}]}
status: {podIP: 10.0.0.7}
---
apiVersion: v1
kind: Service
metadata: {name: edge, namespace: gw}
spec:
  selector: {app: edge}
  ports: [{port: 80, targetPort: 8080, appProtocol: http}, {port: 443, targetPort: 8443}]
)", "edge-0.gw");
  EXPECT_EQ(K8sCodes(r), std::vector<std::string>{});
  // InboundTagsForService: a gateway pod (kuma.io/gateway enabled) drops a non-tcp protocol tag.
  EXPECT_EQ(r.result["gateway"]["type"], "DELEGATED");
  EXPECT_EQ(r.result["gateway"]["tags"], ordered_json::parse(R"({"app": "edge", "k8s.kuma.io/namespace": "gw",
    "k8s.kuma.io/service-name": "edge", "k8s.kuma.io/service-port": "80", "kuma.io/service": "edge_gw_svc_80",
    "kuma.io/zone": "default"})"));
  EXPECT_EQ(r.result["pod"]["inbounds"], ordered_json::array());
  EXPECT_EQ(r.result["pod"]["labels"]["kuma.io/proxy-type"], "gateway");
}

// Mesh: the pod's kuma.io/mesh label, else its namespace's; the zone: a zone-originated Kuma
// resource's kuma.io/zone label; the protocol from the Service's <port>.service.kuma.io/protocol
// annotation; a headless Service adds kuma.io/instance.
TEST(PolicyK8sTest, MeshFromTheNamespaceZoneFromKumaResourcesProtocolAnnotation) {
  Report r = EvalK8s(R"(apiVersion: v1
kind: Namespace
metadata: {name: pay, labels: {kuma.io/mesh: payments}}
---
apiVersion: kuma.io/v1alpha1
kind: MeshService
metadata:
  name: ledger
  namespace: pay
  labels: {kuma.io/mesh: payments, kuma.io/origin: zone, kuma.io/zone: eu-1}
spec:
  ports: [{port: 9000, name: grpc, appProtocol: grpc}]
---
apiVersion: v1
kind: Pod
metadata:
  name: ledger-0
  namespace: pay
  labels: {app: ledger}
  annotations: {kuma.io/sidecar-injected: "yes"}
spec: {containers: [{name: ledger, ports: [{containerPort: 9000, name: grpc}]}]}
status: {podIP: 10.1.0.3}
---
apiVersion: v1
kind: Service
metadata:
  name: ledger
  namespace: pay
  annotations: {9000.service.kuma.io/protocol: GRPC}
spec:
  clusterIP: None
  selector: {app: ledger}
  ports: [{port: 9000, targetPort: grpc}]
)", "ledger-0.pay");
  // Mesh 'payments' is used but not declared: the usual note.
  EXPECT_EQ(K8sCodes(r), std::vector<std::string>{"POL020"});
  const ordered_json& in = r.result["pod"]["inbounds"][0];
  EXPECT_EQ(in["name"], "grpc");
  EXPECT_EQ(in["protocol"], "grpc");
  EXPECT_EQ(in["tags"]["kuma.io/protocol"], "grpc");
  EXPECT_EQ(in["tags"]["kuma.io/instance"], "ledger-0");
  EXPECT_EQ(in["tags"]["kuma.io/zone"], "eu-1");
  EXPECT_EQ(r.result["pod"]["labels"]["kuma.io/mesh"], "payments");
}

TEST(PolicyK8sTest, PodsOutsideTheMeshAndPortsThePodLacksAreReported) {
  Report r = EvalK8s(R"(apiVersion: v1
kind: Pod
metadata: {name: dns-1, namespace: kube-system, labels: {k8s-app: dns}}
spec: {containers: [{name: dns}]}
status: {podIP: 10.0.0.2}
---
apiVersion: v1
kind: Pod
metadata:
  name: web-1
  namespace: shop
  labels: {app: web}
  annotations: {kuma.io/sidecar-injected: "true"}
spec: {containers: [{name: web, ports: [{containerPort: 80, name: http}]}]}
status: {podIP: 10.0.0.3}
---
apiVersion: v1
kind: Service
metadata: {name: web, namespace: shop}
spec:
  selector: {app: web}
  ports:
    - {port: 80, targetPort: http}
    - {port: 9102, targetPort: prom}
---
apiVersion: v1
kind: Pod
metadata:
  name: bad-1
  namespace: shop
  annotations: {kuma.io/sidecar-injected: "maybe"}
spec: {containers: [{name: bad}]}
status: {podIP: 10.0.0.4}
)", "web-1.shop");
  ASSERT_EQ(r.diagnostics.size(), 3u);
  EXPECT_EQ(r.diagnostics[0].code, "POL082");
  EXPECT_EQ(r.diagnostics[0].severity, doc::Severity::kNote);
  EXPECT_EQ(r.diagnostics[0].begin.line, 2);
  EXPECT_EQ(r.diagnostics[0].begin.column, 7);
  EXPECT_EQ(r.diagnostics[0].message,
            "1 pod get no Dataplane from Kuma's controller: dns-1.kube-system (no kuma.io/sidecar-injected annotation); only "
            "pods with the sidecar injected (annotation kuma.io/sidecar-injected: true, set by the injector when the "
            "namespace has kuma.io/sidecar-injection: enabled) are in the mesh");
  EXPECT_EQ(r.diagnostics[1].code, "POL081");
  EXPECT_EQ(r.diagnostics[1].severity, doc::Severity::kWarning);
  EXPECT_EQ(r.diagnostics[1].begin.line, 24);
  EXPECT_EQ(r.diagnostics[1].begin.column, 7);
  EXPECT_EQ(r.diagnostics[1].path, "spec.ports");
  EXPECT_EQ(r.diagnostics[2].code, "POL080");
  EXPECT_EQ(r.diagnostics[2].begin.line, 31);
  EXPECT_EQ(r.diagnostics[2].begin.column, 43);
  EXPECT_EQ(r.diagnostics[2].path, "metadata.annotations.kuma.io/sidecar-injected");
  ASSERT_EQ(r.result["pod"]["inbounds"].size(), 1u);
  EXPECT_EQ(r.result["pod"]["inbounds"][0]["name"], "http");
}

// A Dataplane Kuma already made for the pod (kubectl get dataplanes) is used as it is.
TEST(PolicyK8sTest, KumasOwnDataplaneForThePodWins) {
  Report r = EvalK8s(R"(apiVersion: kuma.io/v1alpha1
kind: Dataplane
mesh: other
metadata: {name: web-1, namespace: shop}
spec:
  networking:
    address: 10.0.0.3
    inbound: [{port: 80, tags: {kuma.io/service: web_shop_svc_80}}]
---
apiVersion: v1
kind: Pod
metadata:
  name: web-1
  namespace: shop
  annotations: {kuma.io/sidecar-injected: "true"}
spec: {containers: [{name: web}]}
status: {podIP: 10.0.0.3}
)", "web-1.shop");
  EXPECT_EQ(r.result["dataplane"], "web-1.shop");
  EXPECT_FALSE(r.result.contains("pod"));
}

// The policies of the List select the derived Dataplane by its labels and its inbounds' tags.
TEST(PolicyK8sTest, PoliciesSelectTheDerivedDataplane) {
  Report r = EvalK8s(std::string(kTwoServices) + R"(---
apiVersion: kuma.io/v1alpha1
kind: MeshTimeout
metadata: {name: web-inbound, namespace: kuma-system, labels: {kuma.io/mesh: default}}
spec:
  targetRef:
    kind: Dataplane
    labels: {app: web}
    sectionName: metrics
  rules:
    - default: {idleTimeout: 20s}
)", "web-0.shop");
  ASSERT_EQ(r.result["rules"].size(), 1u);
  const ordered_json& from = r.result["rules"][0]["fromRules"];
  ASSERT_EQ(from.size(), 1u);
  EXPECT_EQ(from[0]["inbound"], "metrics");
  EXPECT_EQ(from[0]["port"], 6060);
  EXPECT_EQ(from[0]["conf"]["idleTimeout"], "20s");
}

}  // namespace
}  // namespace cfgi::policy
