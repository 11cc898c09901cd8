// Kuma's schema per release and its semantic validation (core/policy/policy_schema_release.cpp,
// policy_validate.cpp, the generated core/policy/policy_crd_table_*.cpp).
//
// Sources (kumahq/kuma): the CRDs deployments/charts/kuma/crds/kuma.io_*.yaml at v2.10.11,
// v2.12.14, v2.13.10, v2.14.3 and main; each policy's api/v1alpha1/validator.go and
// validator_test.go at v2.14.3 (MeshTLS: testdata/full-invalid, invalid-top-level,
// invalid-rules-and-from .input.yaml / .output.yaml, whose shapes the MeshTLS cases follow in our
// own words); MeshHTTPRoute validation.go at main; UPGRADE.md "Upgrade to 3.0.0" at main.
// Every case asserts "CODE line:column path" exactly.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <string>
#include <utility>
#include <vector>

#include "core/doc/load.h"
#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "core/policy/policy_engine.h"
#include "core/policy/policy_schema.h"
#include "core/policy/policy_crd_table.h"

namespace cfgi::policy {
namespace {

using V = std::vector<std::string>;

std::string Fmt(const doc::Diagnostic& d) {
  return d.code + " " + std::to_string(d.begin.line) + ":" + std::to_string(d.begin.column) + " " + d.path;
}

// The findings of one resource document as each release's profile shows them (the shared Load
// findings and the release's own), in document order; `common` is the shared part alone.
struct Split {
  V common;
  std::array<V, 4> by_release;
};

Split Check(const std::string& yaml) {
  doc::Document d = doc::LoadDocument("in.yaml", yaml);
  EXPECT_TRUE(d.diagnostics.empty());
  Split out;
  const doc::Node* root = d.root();
  if (!root) return out;
  const doc::Node* kind = root->Get("kind") ? root->Get("kind") : root->Get("type");
  doc::DiagnosticSink sink(d.source.get());
  ReleaseDiagnostics by;
  ValidateResourceAllReleases(kind->text(), *kind, root->Get("spec"), sink, by);
  auto sorted = [](std::vector<doc::Diagnostic> v) {
    std::stable_sort(v.begin(), v.end(), [](const doc::Diagnostic& a, const doc::Diagnostic& b) {
      return std::pair(a.begin.line, a.begin.column) < std::pair(b.begin.line, b.begin.column);
    });
    V out;
    for (const doc::Diagnostic& x : v) out.push_back(Fmt(x));
    return out;
  };
  out.common = sorted(sink.list());
  for (size_t r = 0; r < 4; ++r) {
    std::vector<doc::Diagnostic> all = sink.list();
    all.insert(all.end(), by[r].begin(), by[r].end());
    out.by_release[r] = sorted(all);
  }
  return out;
}

constexpr size_t k210 = 0, k213 = 1, k214 = 2, k30 = 3;

// ---- the tables ----

TEST(KumaCrdTables, EveryKindOfEachReleaseIsKnown) {
  // Kinds Kuma ships (deployments/charts/kuma/crds): none of them is an unknown kind.
  for (const char* k : {"MeshGatewayInstance", "MeshOpenTelemetryBackend", "MeshIdentity", "MeshTrust",
                        "MeshPassthrough", "MeshExternalService", "MeshService", "MeshMultiZoneService",
                        "MeshTimeout", "MeshTrafficPermission", "Dataplane", "Mesh", "TrafficPermission"})
    EXPECT_TRUE(IsKumaKind(k)) << k;
  EXPECT_FALSE(IsKumaKind("Deployment"));
  EXPECT_TRUE(IsKumaPolicyKind("MeshTimeout"));
  EXPECT_FALSE(IsKumaPolicyKind("MeshGatewayInstance"));
  const schema::CrdKind* mi = schema::FindCrdKind("MeshIdentity");
  ASSERT_NE(mi, nullptr);
  EXPECT_FALSE(schema::InRelease(mi->releases, KumaRelease::k2_10));
  EXPECT_TRUE(schema::InRelease(mi->releases, KumaRelease::k2_14));
  const schema::CrdKind* gwi = schema::FindCrdKind("MeshGatewayInstance");
  ASSERT_NE(gwi, nullptr);
  EXPECT_TRUE(schema::InRelease(gwi->releases, KumaRelease::k2_14));
  EXPECT_FALSE(schema::InRelease(gwi->releases, KumaRelease::k3_0));  // built-in gateway CRDs removed
}

TEST(KumaCrdTables, FieldsAreDatedByRelease) {
  const schema::CrdKind* mtp = schema::FindCrdKind("MeshTrafficPermission");
  ASSERT_NE(mtp, nullptr);
  // spec.rules with SPIFFE-ID matches: 2.12; sni matches: 2.14; from: gone in 3.0.
  EXPECT_STREQ(schema::FirstReleaseName(schema::PathReleases(*mtp, "rules[].default.allow[].spiffeID.value")), "2.12");
  EXPECT_STREQ(schema::FirstReleaseName(schema::PathReleases(*mtp, "rules[].default.deny[].sni")), "2.14");
  EXPECT_EQ(schema::FindRow(*mtp, "from", KumaRelease::k3_0), nullptr);
  EXPECT_NE(schema::FindRow(*mtp, "from", KumaRelease::k2_14), nullptr);
  const schema::CrdRow* top = schema::FindRow(*mtp, "targetRef.kind", KumaRelease::k3_0);
  ASSERT_NE(top, nullptr);
  EXPECT_STREQ(top->enums, "Mesh;Dataplane");
  const schema::CrdKind* mt = schema::FindCrdKind("MeshTimeout");
  const schema::CrdRow* idle = schema::FindRow(*mt, "rules[].default.idleTimeout", KumaRelease::k2_14);
  ASSERT_NE(idle, nullptr);
  EXPECT_EQ(idle->kind, FieldKind::kDuration);  // k8s.Duration in meshtimeout.go
  const schema::CrdKind* mfi = schema::FindCrdKind("MeshFaultInjection");
  EXPECT_STREQ(schema::FirstReleaseName(schema::PathReleases(*mfi, "rules")), "2.13");
}

// ---- valid 2.14 resources in the shapes of Kuma's docs: no finding at 2.14 ----

TEST(KumaSchemaRelease, TrafficPermissionRulesAreValidFrom212) {
  Split s = Check(
      "apiVersion: kuma.io/v1alpha1\n"
      "kind: MeshTrafficPermission\n"
      "metadata: {name: allow-web, namespace: kuma-demo}\n"
      "spec:\n"
      "  targetRef:\n"
      "    kind: Dataplane\n"
      "    labels: {app: backend}\n"
      "  rules:\n"
      "    - default:\n"
      "        allow:\n"
      "          - spiffeID: {type: Prefix, value: spiffe://default.zone-1.mesh.local/ns/kuma-demo}\n"
      "        deny:\n"
      "          - spiffeID: {type: Exact, value: spiffe://default.zone-1.mesh.local/ns/kuma-demo/sa/legacy}\n");
  EXPECT_EQ(s.common, V{});
  EXPECT_EQ(s.by_release[k214], V{});
  EXPECT_EQ(s.by_release[k213], V{});
  EXPECT_EQ(s.by_release[k30], V{});
  EXPECT_EQ(s.by_release[k210], V{"POL060 8:3 spec.rules"});
}

TEST(KumaSchemaRelease, LoadBalancingHashPoliciesAndMetricBackendRef) {
  Split lb = Check(
      "apiVersion: kuma.io/v1alpha1\n"
      "kind: MeshLoadBalancingStrategy\n"
      "metadata: {name: ring, namespace: kuma-demo}\n"
      "spec:\n"
      "  to:\n"
      "    - targetRef: {kind: MeshService, name: backend}\n"
      "      default:\n"
      "        hashPolicies:\n"
      "          - type: Header\n"
      "            header: {name: x-user}\n"
      "        loadBalancer:\n"
      "          type: RingHash\n"
      "          ringHash: {minRingSize: 1024}\n");
  EXPECT_EQ(lb.common, V{});
  EXPECT_EQ(lb.by_release[k214], V{});
  EXPECT_EQ(lb.by_release[k210], V{"POL060 8:9 spec.to[0].default.hashPolicies"});
  Split mm = Check(
      "apiVersion: kuma.io/v1alpha1\n"
      "kind: MeshMetric\n"
      "metadata: {name: metrics, namespace: kuma-system}\n"
      "spec:\n"
      "  default:\n"
      "    backends:\n"
      "      - type: OpenTelemetry\n"
      "        openTelemetry:\n"
      "          backendRef: {kind: MeshOpenTelemetryBackend, labels: {kuma.io/display-name: otel}}\n"
      "          refreshInterval: 30s\n");
  EXPECT_EQ(mm.common, V{});
  EXPECT_EQ(mm.by_release[k214], V{});
  EXPECT_EQ(mm.by_release[k30], V{});
  EXPECT_EQ(mm.by_release[k210], (V{"POL060 9:11 spec.default.backends[0].openTelemetry.backendRef",
                                     "POL044 9:11 spec.default.backends[0].openTelemetry.endpoint"}));
}

TEST(KumaSchemaRelease, KindsOutsideTheRelease) {
  Split otel = Check(
      "apiVersion: kuma.io/v1alpha1\n"
      "kind: MeshOpenTelemetryBackend\n"
      "metadata: {name: otel, namespace: kuma-system}\n"
      "spec:\n"
      "  endpoint: {address: otel-collector.observability, port: 4317}\n"
      "  protocol: grpc\n");
  EXPECT_EQ(otel.common, V{});
  EXPECT_EQ(otel.by_release[k214], V{});
  EXPECT_EQ(otel.by_release[k210], V{"POL064 2:7 "});
  Split gwi = Check(
      "apiVersion: kuma.io/v1alpha1\n"
      "kind: MeshGatewayInstance\n"
      "metadata: {name: edge, namespace: kuma-demo}\n"
      "spec:\n"
      "  replicas: 1\n"
      "  serviceType: LoadBalancer\n");
  EXPECT_EQ(gwi.common, V{});
  EXPECT_EQ(gwi.by_release[k214], V{});
  EXPECT_EQ(gwi.by_release[k30], V{"POL064 2:7 "});
}

// ---- 3.0 upgrade items (UPGRADE.md "Upgrade to 3.0.0") ----

TEST(KumaSchemaRelease, Upgrade30FromOnlyIsRejectedFromBesideRulesIsDropped) {
  Split only = Check(
      "apiVersion: kuma.io/v1alpha1\n"
      "kind: MeshTimeout\n"
      "metadata: {name: inbound, namespace: kuma-demo}\n"
      "spec:\n"
      "  targetRef: {kind: Mesh}\n"
      "  from:\n"
      "    - targetRef: {kind: Mesh}\n"
      "      default: {idleTimeout: 1h}\n");
  EXPECT_EQ(only.common, V{});
  EXPECT_EQ(only.by_release[k30], V{"POL062 6:3 spec.from"});
  EXPECT_EQ(only.by_release[k214], V{"POL065 6:3 spec.from"});
  EXPECT_EQ(only.by_release[k213], V{});
  Split beside = Check(
      "apiVersion: kuma.io/v1alpha1\n"
      "kind: MeshCircuitBreaker\n"
      "metadata: {name: cb, namespace: kuma-demo}\n"
      "spec:\n"
      "  to:\n"
      "    - targetRef: {kind: Mesh}\n"
      "      default: {connectionLimits: {maxConnections: 2}}\n"
      "  from:\n"
      "    - targetRef: {kind: Mesh}\n"
      "      default: {connectionLimits: {maxConnections: 4}}\n");
  ASSERT_EQ(beside.by_release[k30].size(), 1u);
  EXPECT_EQ(beside.by_release[k30][0], "POL062 8:3 spec.from");
}

TEST(KumaSchemaRelease, Upgrade30TargetRefsNarrowed) {
  Split s = Check(
      "apiVersion: kuma.io/v1alpha1\n"
      "kind: MeshRetry\n"
      "metadata: {name: retry, namespace: kuma-demo}\n"
      "spec:\n"
      "  targetRef:\n"
      "    kind: MeshService\n"
      "    name: web\n"
      "  to:\n"
      "    - targetRef: {kind: MeshServiceSubset, name: backend, tags: {version: v1}}\n"
      "      default: {http: {numRetries: 3}}\n");
  // 2.14's validator.go already refuses a MeshServiceSubset in to[] (POL075); 3.0's CRD enum does.
  EXPECT_EQ(s.by_release[k214], V{"POL075 9:25 spec.to[0].targetRef.kind"});
  EXPECT_EQ(s.by_release[k30], (V{"POL063 6:11 spec.targetRef.kind", "POL061 7:5 spec.targetRef.name",
                                  "POL063 9:25 spec.to[0].targetRef.kind", "POL061 9:44 spec.to[0].targetRef.name",
                                  "POL061 9:59 spec.to[0].targetRef.tags"}));
}

TEST(KumaSchemaRelease, RouteHostnamesOnlyForAGatewayAndNotIn30) {
  // validation.go validateHostnames: 2.x takes to[].hostnames under a MeshGateway top level only;
  // Kuma main rejects them always.
  Split mesh = Check(
      "apiVersion: kuma.io/v1alpha1\n"
      "kind: MeshHTTPRoute\n"
      "metadata: {name: route, namespace: kuma-demo}\n"
      "spec:\n"
      "  targetRef: {kind: Mesh}\n"
      "  to:\n"
      "    - targetRef: {kind: MeshService, labels: {app: backend}}\n"
      "      hostnames: [api.example.com]\n"
      "      rules:\n"
      "        - matches: [{path: {type: PathPrefix, value: /api/}}]\n"
      "          default: {backendRefs: [{kind: MeshService, labels: {app: backend}, port: 8080}]}\n");
  EXPECT_EQ(mesh.by_release[k214], (V{"POL074 8:18 spec.to[0].hostnames",
                                      "POL073 10:54 spec.to[0].rules[0].matches[0].path.value"}));
  EXPECT_EQ(mesh.by_release[k30], (V{"POL066 8:18 spec.to[0].hostnames",
                                     "POL073 10:54 spec.to[0].rules[0].matches[0].path.value"}));
  Split gw = Check(
      "apiVersion: kuma.io/v1alpha1\n"
      "kind: MeshHTTPRoute\n"
      "metadata: {name: route, namespace: kuma-demo}\n"
      "spec:\n"
      "  targetRef: {kind: MeshGateway, name: edge}\n"
      "  to:\n"
      "    - targetRef: {kind: Mesh}\n"
      "      hostnames: [api.example.com]\n"
      "      rules:\n"
      "        - matches: [{path: {type: Exact, value: /}}]\n"
      "          default: {backendRefs: [{kind: MeshService, name: backend, port: 8080}]}\n");
  EXPECT_EQ(gw.by_release[k214], V{});
  EXPECT_EQ(gw.by_release[k30], (V{"POL063 5:21 spec.targetRef.kind", "POL061 5:34 spec.targetRef.name",
                                   "POL066 8:18 spec.to[0].hostnames",
                                   "POL061 11:55 spec.to[0].rules[0].default.backendRefs[0].name"}));
}

// ---- validator.go: MeshTLS (validator_test.go cases, in our own inputs) ----

TEST(KumaValidator, MeshTlsFullInvalid) {
  // testdata/full-invalid: a from[] kind other than Mesh, unknown mode / ciphers / versions.
  Split s = Check(
      "type: MeshTLS\n"
      "name: tls\n"
      "mesh: default\n"
      "spec:\n"
      "  targetRef: {kind: Mesh}\n"
      "  from:\n"
      "    - targetRef: {kind: MeshHTTPRoute}\n"
      "      default: {}\n"
      "    - targetRef: {kind: Mesh}\n"
      "      default:\n"
      "        tlsVersion: {min: TLS15, max: TLS16}\n"
      "        tlsCiphers: [NotAnyCipher]\n"
      "        mode: Lenient\n");
  EXPECT_EQ(s.by_release[k214], (V{"POL065 6:3 spec.from", "POL075 7:25 spec.from[0].targetRef.kind",
                                   "POL042 11:27 spec.from[1].default.tlsVersion.min",
                                   "POL042 11:39 spec.from[1].default.tlsVersion.max",
                                   "POL042 12:22 spec.from[1].default.tlsCiphers[0]",
                                   "POL042 13:15 spec.from[1].default.mode"}));
}

TEST(KumaValidator, MeshTlsVersionAndCiphersNeedAMeshTopLevel) {
  // testdata/invalid-top-level-dataplane and invalid-rules-and-from.
  Split s = Check(
      "type: MeshTLS\n"
      "name: tls\n"
      "mesh: default\n"
      "spec:\n"
      "  targetRef: {kind: Dataplane, labels: {app: demo}}\n"
      "  from:\n"
      "    - targetRef: {kind: Mesh}\n"
      "      default: {mode: Strict, tlsCiphers: [ECDHE-RSA-AES128-GCM-SHA256]}\n"
      "  rules:\n"
      "    - default:\n"
      "        mode: Strict\n"
      "        tlsVersion: {min: TLS13, max: TLS12}\n");
  EXPECT_EQ(s.by_release[k214], (V{"POL074 6:3 spec.from", "POL065 6:3 spec.from", "POL074 8:43 spec.from[0].default.tlsCiphers",
                                   "POL074 12:21 spec.rules[0].default.tlsVersion"}));
}

TEST(KumaValidator, MeshTlsVersionOrder) {
  Split s = Check(
      "type: MeshTLS\n"
      "name: tls\n"
      "mesh: default\n"
      "spec:\n"
      "  rules:\n"
      "    - default: {tlsVersion: {min: TLS13, max: TLS12}}\n");
  EXPECT_EQ(s.by_release[k214], V{"POL074 6:35 spec.rules[0].default.tlsVersion.min"});
}

// ---- validator.go: MeshTimeout, MeshRetry, MeshCircuitBreaker, MeshHealthCheck ----

TEST(KumaValidator, MeshTimeoutDurationsAndEmptySections) {
  Split s = Check(
      "type: MeshTimeout\n"
      "name: t\n"
      "mesh: default\n"
      "spec:\n"
      "  targetRef: {kind: Mesh}\n"
      "  to:\n"
      "    - targetRef: {kind: Mesh}\n"
      "      default: {connectionTimeout: 0s, idleTimeout: -1s}\n"
      "    - targetRef: {kind: MeshSubset, tags: {app: a}}\n"
      "      default: {http: {}}\n"
      "    - targetRef: {kind: Mesh}\n"
      "      default: {}\n");
  EXPECT_EQ(s.by_release[k214], (V{"POL070 8:36 spec.to[0].default.connectionTimeout",
                         "POL070 8:53 spec.to[0].default.idleTimeout",
                         "POL075 9:25 spec.to[1].targetRef.kind",
                         "POL072 10:23 spec.to[1].default.http",
                         "POL072 12:16 spec.to[2].default"}));
}

TEST(KumaValidator, MeshRetryOnValues) {
  Split s = Check(
      "type: MeshRetry\n"
      "name: r\n"
      "mesh: default\n"
      "spec:\n"
      "  targetRef: {kind: Mesh}\n"
      "  to:\n"
      "    - targetRef: {kind: Mesh}\n"
      "      default:\n"
      "        tcp: {maxConnectAttempt: 0}\n"
      "        http:\n"
      "          numRetries: 3\n"
      "          retryOn: [5xx, \"503\", \"999\", gateway-error]\n"
      "          rateLimitedBackOff: {maxInterval: 0s}\n");
  EXPECT_EQ(s.by_release[k214], (V{"POL071 9:34 spec.to[0].default.tcp.maxConnectAttempt",
                         "POL073 12:33 spec.to[0].default.http.retryOn[2]",
                         "POL073 12:40 spec.to[0].default.http.retryOn[3]",
                         "POL072 13:31 spec.to[0].default.http.rateLimitedBackOff.resetHeaders",
                         "POL070 13:45 spec.to[0].default.http.rateLimitedBackOff.maxInterval"}));
}

TEST(KumaValidator, MeshCircuitBreakerAndHealthCheckRanges) {
  Split cb = Check(
      "type: MeshCircuitBreaker\n"
      "name: cb\n"
      "mesh: default\n"
      "spec:\n"
      "  targetRef: {kind: Mesh}\n"
      "  to:\n"
      "    - targetRef: {kind: Mesh}\n"
      "      default:\n"
      "        connectionLimits: {maxConnections: 0}\n"
      "        outlierDetection:\n"
      "          interval: 0s\n"
      "          maxEjectionPercent: 150\n"
      "          detectors: {totalFailures: {consecutive: 0}}\n");
  EXPECT_EQ(cb.by_release[k214], (V{"POL071 9:44 spec.to[0].default.connectionLimits.maxConnections",
                          "POL070 11:21 spec.to[0].default.outlierDetection.interval",
                          "POL071 12:31 spec.to[0].default.outlierDetection.maxEjectionPercent",
                          "POL071 13:52 spec.to[0].default.outlierDetection.detectors.totalFailures.consecutive"}));
  Split hc = Check(
      "type: MeshHealthCheck\n"
      "name: hc\n"
      "mesh: default\n"
      "spec:\n"
      "  targetRef: {kind: Mesh}\n"
      "  to:\n"
      "    - targetRef: {kind: Mesh}\n"
      "      default:\n"
      "        interval: 0s\n"
      "        unhealthyThreshold: 0\n"
      "        http: {path: /health, expectedStatuses: [200, 99]}\n");
  EXPECT_EQ(hc.by_release[k214], (V{"POL070 9:19 spec.to[0].default.interval",
                          "POL071 10:29 spec.to[0].default.unhealthyThreshold",
                          "POL071 11:55 spec.to[0].default.http.expectedStatuses[1]"}));
}

// ---- validator.go: MeshTrafficPermission, MeshPassthrough ----

TEST(KumaValidator, TrafficPermissionRulesAndMatches) {
  Split s = Check(
      "type: MeshTrafficPermission\n"
      "name: mtp\n"
      "mesh: default\n"
      "spec:\n"
      "  targetRef: {kind: Mesh}\n"
      "  rules:\n"
      "    - default: {}\n"
      "    - default:\n"
      "        allow:\n"
      "          - spiffeID: {type: Exact, value: \"spiffe://Bad Domain/x\"}\n"
      "          - sni: {type: Exact, value: Not_A_Host}\n");
  EXPECT_EQ(s.by_release[k210], V{"POL060 6:3 spec.rules"});
  EXPECT_EQ(s.by_release[k214], (V{"POL072 7:16 spec.rules[0].default",
                                   "POL073 10:44 spec.rules[1].default.allow[0].spiffeID.value",
                                   "POL073 11:39 spec.rules[1].default.allow[1].sni.value"}));
}

TEST(KumaValidator, PassthroughMatches) {
  Split s = Check(
      "type: MeshPassthrough\n"
      "name: pt\n"
      "mesh: default\n"
      "spec:\n"
      "  targetRef: {kind: Mesh}\n"
      "  default:\n"
      "    passthroughMode: Matched\n"
      "    appendMatch:\n"
      "      - {type: CIDR, value: 10.0.0.0/33}\n"
      "      - {type: IP, value: 300.1.1.1}\n"
      "      - {type: Domain, value: \"*example.com\", protocol: tls}\n"
      "      - {type: Domain, value: api.example.com, protocol: tcp, port: 443}\n"
      "      - {type: Domain, value: \"*.example.com\", protocol: http}\n"
      "      - {type: IP, value: 10.0.0.1, protocol: mysql}\n");
  EXPECT_EQ(s.by_release[k214], (V{"POL073 9:29 spec.default.appendMatch[0].value",
                         "POL073 10:27 spec.default.appendMatch[1].value",
                         "POL073 11:31 spec.default.appendMatch[2].value",
                         "POL074 12:58 spec.default.appendMatch[3].protocol",
                         "POL074 13:9 spec.default.appendMatch[4].port",
                         "POL074 14:9 spec.default.appendMatch[5].port"}));
}

TEST(KumaValidator, FaultInjectionRanges) {
  // meshfaultinjection/api/v1alpha1/validator.go: status code, percentages, delay, bandwidth.
  Split s = Check(
      "type: MeshFaultInjection\n"
      "name: fi\n"
      "mesh: default\n"
      "spec:\n"
      "  targetRef: {kind: Mesh}\n"
      "  from:\n"
      "    - targetRef: {kind: Mesh}\n"
      "      default:\n"
      "        http:\n"
      "          - abort: {httpStatus: 700, percentage: 150}\n"
      "          - delay: {value: -1s, percentage: \"abc\"}\n"
      "          - responseBandwidth: {limit: 10mbps, percentage: 50}\n");
  EXPECT_EQ(s.by_release[k213], (V{"POL071 10:33 spec.from[0].default.http[0].abort.httpStatus",
                                   "POL071 10:50 spec.from[0].default.http[0].abort.percentage",
                                   "POL070 11:28 spec.from[0].default.http[1].delay.value",
                                   "POL073 11:45 spec.from[0].default.http[1].delay.percentage",
                                   "POL073 12:40 spec.from[0].default.http[2].responseBandwidth.limit"}));
}

// ---- through the engine: per-profile findings ----

TEST(KumaSchemaRelease, EachProfileReportsItsReleasesFindings) {
  Scenario s = LoadScenario({{"in.yaml",
                              "type: Mesh\nname: default\n---\n"
                              "type: MeshTrafficPermission\nname: mtp\nmesh: default\nspec:\n"
                              "  targetRef: {kind: Mesh}\n"
                              "  rules:\n"
                              "    - default: {allow: [{spiffeID: {type: Prefix, value: spiffe://default/ns/a}}]}\n"}});
  std::unique_ptr<EngineModel> m = GetPolicyEngine().Load(s, Query{}, Mode::kCheck);
  auto codes = [&](std::string_view profile) {
    V out;
    std::unique_ptr<EngineResult> r = m->Evaluate(profile);
    for (const doc::Diagnostic& d : r->diagnostics)
      if (d.code >= "POL060" && d.code <= "POL079") out.push_back(Fmt(d));
    return out;
  };
  EXPECT_EQ(codes("kuma-2.10"), V{"POL060 9:3 spec.rules"});
  EXPECT_EQ(codes("kuma-2.13"), V{});
  EXPECT_EQ(codes("kuma"), V{});
  EXPECT_EQ(codes("kuma-3.0-preview"), V{});
  for (const doc::Diagnostic& d : m->diagnostics) EXPECT_NE(d.code, "POL040") << d.message;
}

}  // namespace
}  // namespace cfgi::policy
