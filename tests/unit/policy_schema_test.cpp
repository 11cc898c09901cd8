// Typed Kuma policies (core/policy/policy_schema.*): Go's duration parsing and printing, the schema
// of every built-in policy type (a valid and an invalid case per type, with exact codes, lines and
// columns), label values, defaults and the durations of the merged conf.
//
// Sources: Go src/time/time_test.go (durationTests, parseDurationTests: the expected strings below
// are Go's documented outputs); kumahq/kuma v2.11.18 pkg/plugins/policies/<type>/api/v1alpha1/
// <type>.go and schema.yaml (field names, enums, defaults); api/mesh/v1alpha1/dataplane_helpers.go
// (ResourceOrigin.IsValid, PolicyRole); pkg/plugins/runtime/k8s/webhooks/validation.go
// (validateLabels); pkg/api-server/resource_endpoints.go (validatePolicyRole);
// pkg/core/resources/model/rest/unmarshaller.go (schema validation and defaulting at apply).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "core/policy/policy_engine.h"
#include "core/policy/policy_defaults.h"
#include "core/policy/policy_schema.h"

namespace cfgi::policy {
namespace {

using nlohmann::json;

// ---- durations: Go's Duration.String and time.ParseDuration ----

TEST(GoDuration, FormatMatchesGoDurationTests) {
  // time_test.go durationTests.
  struct {
    int64_t d;
    const char* s;
  } cases[] = {
      {0, "0s"},
      {1, "1ns"},
      {1100, "1.1\xC2\xB5s"},
      {2200 * 1000, "2.2ms"},
      {3300 * int64_t{1000000}, "3.3s"},
      {(4 * 60 + 5) * int64_t{1000000000}, "4m5s"},
      {4 * 60 * int64_t{1000000000} + 5001 * int64_t{1000000}, "4m5.001s"},
      {(5 * 3600 + 6 * 60) * int64_t{1000000000} + 7001 * int64_t{1000000}, "5h6m7.001s"},
      {8 * 60 * int64_t{1000000000} + 1, "8m0.000000001s"},
      {INT64_MAX, "2562047h47m16.854775807s"},
      {INT64_MIN, "-2562047h47m16.854775808s"},
  };
  for (const auto& c : cases) EXPECT_EQ(FormatGoDuration(c.d), c.s) << c.d;
}

TEST(GoDuration, KumaPrintsMetav1Durations) {
  // What Kuma prints in the inspect API for a metav1.Duration (Go's time.Duration.String).
  struct {
    const char* in;
    const char* out;
  } cases[] = {{"111s", "1m51s"}, {"1h", "1h0m0s"}, {"20m", "20m0s"}, {"0.5s", "500ms"},
               {"90m", "1h30m0s"}, {"0", "0s"},     {"1500ms", "1.5s"}, {"3600s", "1h0m0s"}};
  for (const auto& c : cases) {
    std::optional<int64_t> d = ParseGoDuration(c.in);
    ASSERT_TRUE(d) << c.in;
    EXPECT_EQ(FormatGoDuration(*d), c.out) << c.in;
  }
}

TEST(GoDuration, ParseMatchesGoParseDurationTests) {
  constexpr int64_t kNs = 1, kUs = 1000, kMs = 1000000, kS = 1000000000, kM = 60 * kS, kH = 60 * kM;
  struct {
    const char* in;
    int64_t want;
  } cases[] = {
      {"0", 0},
      {"5s", 5 * kS},
      {"30s", 30 * kS},
      {"1478s", 1478 * kS},
      {"-5s", -5 * kS},
      {"+5s", 5 * kS},
      {"-0", 0},
      {"+0", 0},
      {"5.0s", 5 * kS},
      {"5.6s", 5 * kS + 600 * kMs},
      {"5.s", 5 * kS},
      {".5s", 500 * kMs},
      {"1.0s", 1 * kS},
      {"1.00s", 1 * kS},
      {"1.004s", 1 * kS + 4 * kMs},
      {"1.0040s", 1 * kS + 4 * kMs},
      {"100.00100s", 100 * kS + 1 * kMs},
      {"10ns", 10 * kNs},
      {"11us", 11 * kUs},
      {"12\xC2\xB5s", 12 * kUs},
      {"12\xCE\xBCs", 12 * kUs},
      {"13ms", 13 * kMs},
      {"14s", 14 * kS},
      {"15m", 15 * kM},
      {"16h", 16 * kH},
      {"3h30m", 3 * kH + 30 * kM},
      {"10.5s4m", 4 * kM + 10 * kS + 500 * kMs},
      {"-2m3.4s", -(2 * kM + 3 * kS + 400 * kMs)},
      {"1h2m3s4ms5us6ns", 1 * kH + 2 * kM + 3 * kS + 4 * kMs + 5 * kUs + 6 * kNs},
      {"39h9m14.425s", 39 * kH + 9 * kM + 14 * kS + 425 * kMs},
      {"52763797000ns", 52763797000 * kNs},
      {"0.3333333333333333333h", 20 * kM},
      {"9007199254740993ns", (int64_t{1} << 53) + 1},
      {"9223372036854775807ns", INT64_MAX},
      {"9223372036854775.807us", INT64_MAX},
      {"9223372036s854ms775us807ns", INT64_MAX},
      {"-9223372036854775808ns", INT64_MIN},
      {"0.100000000000000000000h", 6 * kM},
      {"0.830103483285477580700h", 49 * kM + 48 * kS + 372539827 * kNs},
  };
  for (const auto& c : cases) {
    std::string err;
    std::optional<int64_t> d = ParseGoDuration(c.in, &err);
    ASSERT_TRUE(d) << c.in << ": " << err;
    EXPECT_EQ(*d, c.want) << c.in;
  }
  const char* bad[] = {"",  "3",  "-",   "s",  ".",  "-.",   ".s",  "+.s",  "1d", "\x85\x85", "\xff" "ff",
                       "hello \xff" "ff world", "9223372036854775808ns", "9223372036854775.808us",
                       "9223372036s854ms775us808ns", "-9223372036854775809ns", "5 s", "1h 30m"};
  for (const char* b : bad) EXPECT_FALSE(ParseGoDuration(b)) << b;
  std::string err;
  ParseGoDuration("3", &err);
  EXPECT_EQ(err, "time: missing unit in duration \"3\"");
  ParseGoDuration("1d", &err);
  EXPECT_EQ(err, "time: unknown unit \"d\" in duration \"1d\"");
}

// ---- schema validation through the engine (check mode) ----

// "CODE line:col path" for every schema and label diagnostic (POL040..POL047).
std::vector<std::string> SchemaDiags(const std::string& yaml) {
  Scenario s = LoadScenario({{"in.yaml", yaml}});
  Report r = RunScenario(GetPolicyEngine(), s, Query{}, "kuma", false);
  std::vector<std::string> out;
  for (const doc::Diagnostic& d : r.diagnostics) {
    if (d.code < "POL040" || d.code > "POL049") continue;
    out.push_back(d.code + " " + std::to_string(d.begin.line) + ":" + std::to_string(d.begin.column) + " " + d.path);
  }
  return out;
}

std::string PolicyYaml(const std::string& type, const std::string& spec_body) {
  return "type: " + type + "\nname: p\nmesh: default\nspec:\n" + spec_body;
}

using V = std::vector<std::string>;

struct SchemaCase {
  const char* name;
  const char* type;
  const char* spec;  // lines under `spec:` (the spec starts at line 5)
  V want;
};

class PolicySchema : public testing::TestWithParam<SchemaCase> {};

TEST_P(PolicySchema, ExactDiagnostics) {
  const SchemaCase& c = GetParam();
  EXPECT_EQ(SchemaDiags(PolicyYaml(c.type, c.spec)), c.want);
}

// Valid cases: every field kind of the type, as Kuma's docs and tests write them; no diagnostic.
INSTANTIATE_TEST_SUITE_P(Valid, PolicySchema, testing::Values(
    SchemaCase{"MeshTimeout", "MeshTimeout",
               "  targetRef: {kind: Mesh}\n"
               "  to:\n"
               "    - targetRef: {kind: Mesh}\n"
               "      default:\n"
               "        idleTimeout: 20m\n"
               "        connectionTimeout: 2s\n"
               "        http: {requestTimeout: 0.5s, streamIdleTimeout: 1h, maxStreamDuration: 0s}\n"
               "  from:\n"
               "    - targetRef: {kind: Mesh}\n"
               "      default: {idleTimeout: 111s}\n"
               "  rules:\n"
               "    - default: {http: {requestHeadersTimeout: 500ms}}\n",
               {}},
    SchemaCase{"MeshRetry", "MeshRetry",
               "  to:\n"
               "    - targetRef: {kind: MeshService, name: backend}\n"
               "      default:\n"
               "        tcp: {maxConnectAttempt: 5}\n"
               "        http:\n"
               "          numRetries: 10\n"
               "          perTryTimeout: 16s\n"
               "          backOff: {baseInterval: 15s, maxInterval: 20m}\n"
               "          retryOn: [5xx, GatewayError, HttpMethodGet]\n"
               "          retriableResponseHeaders: [{name: x-retry, type: Exact, value: 'true'}]\n"
               "          hostSelection: [{predicate: OmitPreviousHosts}]\n"
               "          rateLimitedBackOff: {resetHeaders: [{name: retry-after, format: Seconds}]}\n"
               "        grpc: {numRetries: 3, retryOn: [Canceled, Unavailable]}\n",
               {}},
    SchemaCase{"MeshCircuitBreaker", "MeshCircuitBreaker",
               "  to:\n"
               "    - targetRef: {kind: Mesh}\n"
               "      default:\n"
               "        connectionLimits: {maxConnections: 2, maxPendingRequests: 8, maxRequests: 2, maxRetries: 2}\n"
               "        outlierDetection:\n"
               "          disabled: false\n"
               "          interval: 5s\n"
               "          baseEjectionTime: 30s\n"
               "          maxEjectionPercent: 20\n"
               "          healthyPanicThreshold: '50.5'\n"
               "          detectors:\n"
               "            totalFailures: {consecutive: 10}\n"
               "            successRate: {minimumHosts: 5, requestVolume: 10, standardDeviationFactor: 1900}\n",
               {}},
    SchemaCase{"MeshHealthCheck", "MeshHealthCheck",
               "  to:\n"
               "    - targetRef: {kind: Mesh}\n"
               "      default:\n"
               "        interval: 10s\n"
               "        timeout: 2s\n"
               "        unhealthyThreshold: 3\n"
               "        healthyThreshold: 1\n"
               "        healthyPanicThreshold: 60\n"
               "        http:\n"
               "          path: /health\n"
               "          expectedStatuses: [200, 201]\n"
               "          requestHeadersToAdd: {set: [{name: x-check, value: 'yes'}]}\n"
               "        tcp: {send: Zm9v, receive: [YmFy]}\n",
               {}},
    SchemaCase{"MeshRateLimit", "MeshRateLimit",
               "  rules:\n"
               "    - default:\n"
               "        local:\n"
               "          http:\n"
               "            requestRate: {num: 100, interval: 1m}\n"
               "            onRateLimit: {status: 429, headers: {add: [{name: x-limited, value: 'true'}]}}\n"
               "          tcp: {connectionRate: {num: 5, interval: 10s}}\n",
               {}},
    SchemaCase{"MeshFaultInjection", "MeshFaultInjection",
               "  from:\n"
               "    - targetRef: {kind: Mesh}\n"
               "      default:\n"
               "        http:\n"
               "          - abort: {httpStatus: 500, percentage: '2.5'}\n"
               "          - delay: {value: 5s, percentage: 5}\n"
               "          - responseBandwidth: {limit: 50 mbps, percentage: 50}\n",
               {}},
    SchemaCase{"MeshAccessLog", "MeshAccessLog",
               "  to:\n"
               "    - targetRef: {kind: Mesh}\n"
               "      default:\n"
               "        backends:\n"
               "          - type: File\n"
               "            file: {path: /tmp/access.log, format: {type: Plain, plain: '[%START_TIME%]'}}\n"
               "          - type: Tcp\n"
               "            tcp: {address: 127.0.0.1:5000, format: {type: Json, json: [{key: start, value: '%START_TIME%'}]}}\n"
               "          - type: OpenTelemetry\n"
               "            openTelemetry: {endpoint: otel:4317, body: {kvlistValue: {values: []}}}\n",
               {}},
    SchemaCase{"MeshTrace", "MeshTrace",
               "  default:\n"
               "    backends:\n"
               "      - type: Zipkin\n"
               "        zipkin: {url: http://jaeger:9411/api/v2/spans, apiVersion: httpProto, traceId128bit: true}\n"
               "    sampling: {overall: 80, client: '50.5'}\n"
               "    tags:\n"
               "      - {name: team, literal: core}\n"
               "      - {name: env, header: {name: x-env, default: prod}}\n",
               {}},
    SchemaCase{"MeshMetric", "MeshMetric",
               "  default:\n"
               "    sidecar:\n"
               "      includeUnused: false\n"
               "      profiles:\n"
               "        appendProfiles: [{name: Basic}]\n"
               "        exclude: [{type: Regex, match: 'envoy_cluster_.*'}]\n"
               "    applications: [{name: app, path: /metrics, port: 8888}]\n"
               "    backends:\n"
               "      - type: Prometheus\n"
               "        prometheus: {port: 5670, path: /metrics, tls: {mode: ProvidedTLS}}\n"
               "      - type: OpenTelemetry\n"
               "        openTelemetry: {endpoint: otel:4317, refreshInterval: 30s}\n",
               {}},
    SchemaCase{"MeshLoadBalancingStrategy", "MeshLoadBalancingStrategy",
               "  to:\n"
               "    - targetRef: {kind: MeshService, name: backend}\n"
               "      default:\n"
               "        localityAwareness:\n"
               "          localZone: {affinityTags: [{key: k8s.io/node, weight: 9000}]}\n"
               "          crossZone: {failover: [{to: {type: Any}}], failoverThreshold: {percentage: 70}}\n"
               "        loadBalancer:\n"
               "          type: RingHash\n"
               "          ringHash:\n"
               "            hashFunction: MurmurHash2\n"
               "            minRingSize: 64\n"
               "            hashPolicies: [{type: Cookie, cookie: {name: session, ttl: 1h}}]\n",
               {}},
    SchemaCase{"MeshHTTPRoute", "MeshHTTPRoute",
               "  targetRef: {kind: Mesh}\n"
               "  to:\n"
               "    - targetRef: {kind: MeshService, name: backend}\n"
               "      hostnames: [example.com]\n"
               "      rules:\n"
               "        - matches: [{path: {type: PathPrefix, value: /v2}, method: GET, headers: [{name: x-v, value: '2'}]}]\n"
               "          default:\n"
               "            filters:\n"
               "              - type: RequestRedirect\n"
               "                requestRedirect: {scheme: https, statusCode: 301, port: 8443}\n"
               "              - type: URLRewrite\n"
               "                urlRewrite: {path: {type: ReplacePrefixMatch, replacePrefixMatch: /}}\n"
               "            backendRefs: [{kind: MeshService, name: backend-v2, port: 80, weight: 90}]\n",
               {}},
    SchemaCase{"MeshTCPRoute", "MeshTCPRoute",
               "  to:\n"
               "    - targetRef: {kind: MeshService, name: backend}\n"
               "      rules:\n"
               "        - default: {backendRefs: [{kind: MeshService, name: backend-v2, weight: 1}]}\n",
               {}},
    SchemaCase{"MeshTrafficPermission", "MeshTrafficPermission",
               "  targetRef: {kind: Dataplane, labels: {app: backend}}\n"
               "  from:\n"
               "    - targetRef: {kind: MeshSubset, tags: {kuma.io/service: web}}\n"
               "      default: {action: AllowWithShadowDeny}\n",
               {}},
    SchemaCase{"MeshProxyPatch", "MeshProxyPatch",
               "  default:\n"
               "    appendModifications:\n"
               "      - cluster:\n"
               "          operation: Patch\n"
               "          match: {name: backend, origin: outbound}\n"
               "          jsonPatches: [{op: add, path: /connectTimeout, value: 5s}]\n"
               "      - httpFilter: {operation: AddBefore, match: {name: envoy.filters.http.router}, value: 'name: x'}\n",
               {}},
    SchemaCase{"MeshTLS", "MeshTLS",
               "  from:\n"
               "    - targetRef: {kind: Mesh}\n"
               "      default:\n"
               "        mode: Strict\n"
               "        tlsVersion: {min: TLS12, max: TLS13}\n"
               "        tlsCiphers: [ECDHE-RSA-AES128-GCM-SHA256]\n",
               {}},
    SchemaCase{"MeshPassthrough", "MeshPassthrough",
               "  default:\n"
               "    passthroughMode: Matched\n"
               "    appendMatch:\n"
               "      - {type: Domain, value: httpbin.org, port: 443, protocol: tls}\n"
               "      - {type: CIDR, value: 10.0.0.0/8}\n",
               {}}),
    [](const testing::TestParamInfo<SchemaCase>& i) { return std::string(i.param.name); });

// Invalid cases: what Kuma's API rejects, with the exact code, line:column and field path.
INSTANTIATE_TEST_SUITE_P(Invalid, PolicySchema, testing::Values(
    SchemaCase{"MeshTimeout", "MeshTimeout",
               "  to:\n"
               "    - targetRef: {kind: Mesh}\n"
               "      default:\n"
               "        idleTimout: 20m\n"
               "        connectionTimeout: 5\n"
               "        http: {requestTimeout: 5 s}\n",
               V{"POL040 8:9 spec.to[0].default.idleTimout",
                 "POL041 9:28 spec.to[0].default.connectionTimeout",
                 "POL043 10:32 spec.to[0].default.http.requestTimeout"}},
    SchemaCase{"MeshRetry", "MeshRetry",
               "  from: []\n"
               "  to:\n"
               "    - targetRef: {kind: Mesh}\n"
               "      default:\n"
               "        http: {numRetries: '3'}\n"
               "        grpc: {retryOn: [Unavaliable]}\n",
               V{"POL040 5:3 spec.from",
                 "POL041 9:28 spec.to[0].default.http.numRetries",
                 "POL042 10:26 spec.to[0].default.grpc.retryOn[0]"}},
    SchemaCase{"MeshCircuitBreaker", "MeshCircuitBreaker",
               "  to:\n"
               "    - targetRef: {kind: Mesh}\n"
               "      default:\n"
               "        outlierDetection: {maxEjectionPercent: 1.5, interval: 10}\n",
               V{"POL041 8:48 spec.to[0].default.outlierDetection.maxEjectionPercent",
                 "POL041 8:63 spec.to[0].default.outlierDetection.interval"}},
    SchemaCase{"MeshHealthCheck", "MeshHealthCheck",
               "  to:\n"
               "    - targetRef: {kind: Mesh}\n"
               "      default:\n"
               "        healthyThreshold: two\n"
               "        tcp: {send: Zm9v, recieve: [YmFy]}\n",
               V{"POL041 8:27 spec.to[0].default.healthyThreshold",
                 "POL040 9:27 spec.to[0].default.tcp.recieve"}},
    SchemaCase{"MeshRateLimit", "MeshRateLimit",
               "  rules:\n"
               "    - default:\n"
               "        local:\n"
               "          http: {requestRate: {interval: 1x}}\n",
               V{"POL044 8:31 spec.rules[0].default.local.http.requestRate.num",
                 "POL043 8:42 spec.rules[0].default.local.http.requestRate.interval"}},
    SchemaCase{"MeshFaultInjection", "MeshFaultInjection",
               "  from:\n"
               "    - targetRef: {kind: Mesh}\n"
               "      default:\n"
               "        http:\n"
               "          - abort: {httpStatus: 500, percentage: 50.5}\n"
               "          - delay: {percentage: 5}\n",
               V{"POL041 9:50 spec.from[0].default.http[0].abort.percentage",
                 "POL044 10:20 spec.from[0].default.http[1].delay.value"}},
    SchemaCase{"MeshAccessLog", "MeshAccessLog",
               "  to:\n"
               "    - targetRef: {kind: Mesh}\n"
               "      default:\n"
               "        backends:\n"
               "          - type: Fil\n"
               "            file: {format: {type: Plain}}\n",
               V{"POL042 9:19 spec.to[0].default.backends[0].type",
                 "POL044 10:19 spec.to[0].default.backends[0].file.path"}},
    SchemaCase{"MeshTrace", "MeshTrace",
               "  default:\n"
               "    backends:\n"
               "      - type: Zipkin\n"
               "        zipkin: {url: http://z:9411, apiVersion: httpXml}\n"
               "    sampling: {overall: true}\n",
               V{"POL042 8:50 spec.default.backends[0].zipkin.apiVersion",
                 "POL041 9:25 spec.default.sampling.overall"}},
    SchemaCase{"MeshMetric", "MeshMetric",
               "  default:\n"
               "    sidecar: {profiles: {appendProfiles: [{name: Full}]}}\n"
               "    backends:\n"
               "      - type: Prometheus\n"
               "        prometheus: {tls: {mode: Strict}}\n",
               V{"POL042 6:50 spec.default.sidecar.profiles.appendProfiles[0].name",
                 "POL042 9:34 spec.default.backends[0].prometheus.tls.mode"}},
    SchemaCase{"MeshLoadBalancingStrategy", "MeshLoadBalancingStrategy",
               "  to:\n"
               "    - targetRef: {kind: Mesh}\n"
               "      default:\n"
               "        loadBalancer: {type: RoundRobbin, maglev: {tableSize: 0}}\n",
               V{"POL042 8:30 spec.to[0].default.loadBalancer.type",
                 "POL041 8:63 spec.to[0].default.loadBalancer.maglev.tableSize"}},
    SchemaCase{"MeshHTTPRoute", "MeshHTTPRoute",
               "  to:\n"
               "    - targetRef: {kind: MeshService, name: backend}\n"
               "      rules:\n"
               "        - matches: [{path: {type: Prefix, value: /v2}}]\n"
               "          default:\n"
               "            filters: [{type: RequestRedirect, requestRedirect: {statusCode: 300}}]\n"
               "            backendRefs: [{kind: MeshService, name: b, weight: -1}]\n",
               V{"POL042 8:35 spec.to[0].rules[0].matches[0].path.type",
                 "POL042 10:77 spec.to[0].rules[0].default.filters[0].requestRedirect.statusCode",
                 "POL041 11:64 spec.to[0].rules[0].default.backendRefs[0].weight"}},
    SchemaCase{"MeshTCPRoute", "MeshTCPRoute",
               "  to:\n"
               "    - targetRef: {kind: MeshService, name: backend}\n"
               "      rules:\n"
               "        - default: {backendRefs: [{kind: Service, name: b}]}\n"
               "        - {}\n",
               V{"POL042 8:42 spec.to[0].rules[0].default.backendRefs[0].kind",
                 "POL044 9:11 spec.to[0].rules[1].default"}},
    SchemaCase{"MeshTrafficPermission", "MeshTrafficPermission",
               "  from:\n"
               "    - targetRef: {kind: Mesh}\n"
               "      default: {action: allow}\n"
               "      defaults: {}\n",
               V{"POL042 7:25 spec.from[0].default.action",
                 "POL040 8:7 spec.from[0].defaults"}},
    SchemaCase{"MeshProxyPatch", "MeshProxyPatch",
               "  default:\n"
               "    appendModifications:\n"
               "      - cluster:\n"
               "          operation: Append\n"
               "          jsonPatches: [{op: ADD, path: /x}]\n",
               V{"POL042 8:22 spec.default.appendModifications[0].cluster.operation",
                 "POL042 9:30 spec.default.appendModifications[0].cluster.jsonPatches[0].op"}},
    SchemaCase{"MeshTLS", "MeshTLS",
               "  rules:\n"
               "    - default: {mode: strict, tlsVersion: {min: TLS1.2}}\n",
               V{"POL042 6:23 spec.rules[0].default.mode",
                 "POL042 6:49 spec.rules[0].default.tlsVersion.min"}},
    SchemaCase{"MeshPassthrough", "MeshPassthrough",
               "  default:\n"
               "    passthroughMode: Some\n"
               "    appendMatch:\n"
               "      - {value: x.org, protocol: udp}\n",
               V{"POL042 6:22 spec.default.passthroughMode",
                 "POL044 8:9 spec.default.appendMatch[0].type",
                 "POL042 8:34 spec.default.appendMatch[0].protocol"}}),
    [](const testing::TestParamInfo<SchemaCase>& i) { return std::string(i.param.name); });

TEST(PolicySchemaTables, EveryBuiltInTypeHasASchema) {
  const char* types[] = {"MeshAccessLog", "MeshCircuitBreaker", "MeshFaultInjection", "MeshHealthCheck",
                         "MeshHTTPRoute", "MeshLoadBalancingStrategy", "MeshMetric", "MeshPassthrough",
                         "MeshProxyPatch", "MeshRateLimit", "MeshRetry", "MeshTCPRoute", "MeshTimeout",
                         "MeshTLS", "MeshTrace", "MeshTrafficPermission"};
  for (const char* t : types) {
    EXPECT_TRUE(IsKnownPolicyType(t)) << t;
    ASSERT_NE(FindTypeSchema(t), nullptr) << t;
  }
  EXPECT_EQ(AllTypeSchemas().size(), 16u);
  EXPECT_EQ(FindTypeSchema("Policy"), nullptr);
  const TypeSchema* tp = FindTypeSchema("MeshTrafficPermission");
  EXPECT_TRUE(tp->from);
  EXPECT_FALSE(tp->to);
}

TEST(PolicySchemaTables, UnknownFieldSuggestsTheNearestName) {
  Scenario s = LoadScenario({{"in.yaml", PolicyYaml("MeshTimeout",
                                                "  to:\n"
                                                "    - targetRef: {kind: Mesh}\n"
                                                "      default: {idleTimout: 20m}\n")}});
  Report r = RunScenario(GetPolicyEngine(), s, Query{}, "kuma", false);
  const doc::Diagnostic* d = nullptr;
  for (const auto& x : r.diagnostics)
    if (x.code == "POL040") d = &x;
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->severity, doc::Severity::kError);
  EXPECT_EQ(d->message, "unknown field 'idleTimout' in MeshTimeout to[].default; did you mean 'idleTimeout'?");
}

TEST(PolicySchemaTables, UnknownPolicyTypesKeepGenericHandling) {
  // POL002: a type Kuma does not ship is merged generically; no schema, so no POL04x.
  std::string yaml = "type: MyPolicy\nname: p\nmesh: default\nspec:\n  to:\n    - targetRef: {kind: Mesh}\n"
                     "      default: {anything: 5, idleTimeout: 111s}\n";
  EXPECT_EQ(SchemaDiags(yaml), V{});
  json conf = {{"idleTimeout", "111s"}};
  EXPECT_EQ(NormalizeDurations("MyPolicy", conf), 0u);
  EXPECT_EQ(conf["idleTimeout"], "111s");
}

TEST(PolicyLabels, OriginAndRoleValues) {
  // validation.go validateLabels: ResourceOrigin.IsValid accepts global and zone only.
  EXPECT_EQ(SchemaDiags("type: MeshTimeout\nname: p\nmesh: default\nlabels:\n  kuma.io/origin: Global\n"
                        "  kuma.io/policy-role: owner\nspec:\n  to: []\n"),
            (V{"POL045 5:19 labels.kuma.io/origin", "POL046 6:24 labels.kuma.io/policy-role"}));
  // resource_endpoints.go validatePolicyRole: universal policies are system.
  EXPECT_EQ(SchemaDiags("type: MeshTimeout\nname: p\nmesh: default\nlabels: {kuma.io/policy-role: producer}\n"
                        "spec:\n  to: []\n"),
            (V{"POL047 4:31 labels.kuma.io/policy-role"}));
  // Kubernetes: roles are Kuma's own values; the origin is checked as well.
  EXPECT_EQ(SchemaDiags("apiVersion: kuma.io/v1alpha1\nkind: MeshTimeout\nmetadata:\n  name: p\n  namespace: kuma-demo\n"
                        "  labels: {kuma.io/policy-role: consumer, kuma.io/origin: zone}\nspec:\n  to: []\n"),
            V{});
  EXPECT_EQ(SchemaDiags("apiVersion: kuma.io/v1alpha1\nkind: MeshTimeout\nmetadata:\n  name: p\n"
                        "  labels: {kuma.io/origin: remote}\nspec:\n  to: []\n"),
            (V{"POL045 5:28 metadata.labels.kuma.io/origin"}));
}

// ---- defaults and normalised durations ----

TEST(PolicyDefaults, TypeDefaultsListKumasMarkers) {
  std::vector<std::string> got;
  for (const SchemaDefault& d : TypeDefaults("MeshTrace")) got.push_back(d.path + "=" + d.value.dump());
  EXPECT_EQ(got, (V{"backends[].datadog.splitService=false", "backends[].zipkin.apiVersion=\"httpJson\"",
                    "backends[].zipkin.sharedSpanContext=true", "backends[].zipkin.traceId128bit=false"}));
  EXPECT_TRUE(TypeDefaults("MeshTimeout").empty());
  EXPECT_TRUE(TypeDefaults("MyPolicy").empty());
}

TEST(PolicyDefaults, ApplyFillsWhereTheParentExists) {
  json trace = json::parse(R"({"backends":[{"type":"Zipkin","zipkin":{"url":"http://z","traceId128bit":true}},
                                           {"type":"OpenTelemetry","openTelemetry":{"endpoint":"o:4317"}}]})");
  std::vector<FilledDefault> f;
  trace = ApplyDefaults("MeshTrace", trace, &f);
  V filled;
  for (const FilledDefault& d : f) filled.push_back(d.path);
  std::sort(filled.begin(), filled.end());
  EXPECT_EQ(filled, (V{"/backends/0/zipkin/apiVersion", "/backends/0/zipkin/sharedSpanContext"}));
  EXPECT_EQ(trace["backends"][0]["zipkin"],
            json::parse(R"({"url":"http://z","traceId128bit":true,"apiVersion":"httpJson","sharedSpanContext":true})"));
  EXPECT_FALSE(trace["backends"][1].contains("zipkin"));
  // api/common/v1alpha1 BackendRef.weight: +kubebuilder:default=1.
  json route = json::parse(R"({"rules":[{"matches":[{"path":{"type":"PathPrefix","value":"/"}}],
                                         "default":{"backendRefs":[{"kind":"MeshService","name":"a"},
                                                                   {"kind":"MeshService","name":"b","weight":3}]}}]})");
  f.clear();
  route = ApplyDefaults("MeshHTTPRoute", route, &f);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].path, "/rules/0/default/backendRefs/0/weight");
  EXPECT_EQ(route["rules"][0]["default"]["backendRefs"][0]["weight"], 1);
  EXPECT_EQ(route["rules"][0]["default"]["backendRefs"][1]["weight"], 3);
}

TEST(PolicyDurations, NormalizeRewritesOnlyDurationFields) {
  json conf = json::parse(R"({"idleTimeout":"111s","connectionTimeout":"bogus",
                              "http":{"requestTimeout":"0.5s","streamIdleTimeout":"1h","maxStreamDuration":"20m0s"}})");
  EXPECT_EQ(NormalizeDurations("MeshTimeout", conf), 3u);
  EXPECT_EQ(conf, json::parse(R"({"idleTimeout":"1m51s","connectionTimeout":"bogus",
                                  "http":{"requestTimeout":"500ms","streamIdleTimeout":"1h0m0s","maxStreamDuration":"20m0s"}})"));
  // Inside arrays (MeshFaultInjection http[].delay.value) and not in strings that are not durations.
  json fi = json::parse(R"({"http":[{"delay":{"value":"90s","percentage":"5"}},{"responseBandwidth":{"limit":"10s"}}]})");
  EXPECT_EQ(NormalizeDurations("MeshFaultInjection", fi), 1u);
  EXPECT_EQ(fi["http"][0]["delay"]["value"], "1m30s");
  EXPECT_EQ(fi["http"][1]["responseBandwidth"]["limit"], "10s");
}

TEST(PolicySchemaTables, AMisspelledFieldIsNotMerged) {
  json conf = json::parse(R"({"idleTimout":"20m","connectionTimeout":"2s","http":{"requestTimout":"1s"}})");
  EXPECT_EQ(PruneUnknownFields("MeshTimeout", conf), 2u);
  EXPECT_EQ(conf, json::parse(R"({"connectionTimeout":"2s","http":{}})"));
  // Free-form values (a JSON patch's value) keep every key.
  json patch = json::parse(R"({"appendModifications":[{"cluster":{"operation":"Patch","jsonPatches":
                                 [{"op":"add","path":"/x","value":{"anything":1}}]}}]})");
  EXPECT_EQ(PruneUnknownFields("MeshProxyPatch", patch), 0u);
  json generic = {{"whatever", 1}};
  EXPECT_EQ(PruneUnknownFields("MyPolicy", generic), 0u);
}

TEST(PolicyDurations, MergedConfPrintsGoDurationsAndTheSourceKeepsItsText) {
  std::string yaml =
      "type: Mesh\nname: default\n---\n"
      "type: MeshService\nname: backend\nmesh: default\nspec:\n  ports: [{port: 80, name: http}]\n---\n"
      "type: Dataplane\nname: web-1\nmesh: default\nnetworking:\n  inbound: [{port: 8080, tags: {kuma.io/service: web}}]\n---\n"
      "type: MeshTimeout\nname: mesh-wide\nmesh: default\nspec:\n  to:\n    - targetRef: {kind: Mesh}\n"
      "      default: {idleTimeout: 1h, http: {requestTimeout: 111s}}\n---\n"
      "type: MeshTimeout\nname: backend\nmesh: default\nspec:\n  to:\n    - targetRef: {kind: MeshService, name: backend}\n"
      "      default: {http: {requestTimeout: 0.5s}, idleTimout: 5s}\n";
  Scenario s = LoadScenario({{"in.yaml", yaml}});
  Query q;
  q.flags.push_back({"dataplane", "web-1"});
  // kuma-2.10: the keys this test names are that release's (2.12+ profiles key rules by KRI).
  Report r = RunScenario(GetPolicyEngine(), s, q, "kuma-2.10", true);
  nlohmann::ordered_json mesh, backend;
  for (const auto& t : r.result["rules"])
    for (const auto& rule : t["toResourceRules"]) {
      if (rule["key"] == "mesh:name/default") mesh = rule;
      if (rule["key"] == "meshservice:mesh/default:name/backend") backend = rule;
    }
  ASSERT_FALSE(mesh.is_null()) << r.result.dump();
  ASSERT_FALSE(backend.is_null()) << r.result.dump();
  EXPECT_EQ(mesh["conf"].dump(), R"({"http":{"requestTimeout":"1m51s"},"idleTimeout":"1h0m0s"})");
  // The misspelled idleTimout is reported and not merged: the mesh-wide 1h stays.
  EXPECT_EQ(backend["conf"].dump(), R"({"http":{"requestTimeout":"500ms"},"idleTimeout":"1h0m0s"})");
  size_t pol040 = 0;
  for (const auto& d : r.diagnostics) pol040 += d.code == "POL040" && d.begin.line == 30 && d.begin.column == 47;
  EXPECT_EQ(pol040, 1u);
  // The source text stays as written: the document the provenance points at still reads 111s.
  EXPECT_NE(s.sources[0].source->text().find("requestTimeout: 111s"), std::string::npos);
}

// One diagnostic per problem: a `default` that is not a map, a to/from/rules that is not
// a list and an item that is not a map are the loader's POL006 (with its fix), never also the
// schema's POL041 at the same place. A wrong type inside default stays POL041.
TEST(PolicySchemaTables, LoaderShapesAreReportedOnce) {
  Scenario s = LoadScenario({{"in.yaml", PolicyYaml("MeshTimeout",
                                                     "  targetRef: {kind: Mesh}\n"
                                                     "  to:\n"
                                                     "    - targetRef: {kind: Mesh}\n"
                                                     "      default: 5s\n"
                                                     "    - 7\n"
                                                     "    - targetRef: {kind: Mesh}\n"
                                                     "      default: {idleTimeout: 5}\n"
                                                     "  from: {a: 1}\n")}});
  Report r = RunScenario(GetPolicyEngine(), s, Query{}, "kuma", false);
  std::vector<std::string> got;
  for (const doc::Diagnostic& d : r.diagnostics)
    if (d.severity == doc::Severity::kError)
      got.push_back(d.code + " " + std::to_string(d.begin.line) + ":" + std::to_string(d.begin.column) + " " + d.message);
  EXPECT_EQ(got, (V{"POL006 8:16 'default' must be a map of the policy's fields, not a string; e.g. default: {connectionTimeout: 2s}",
                    "POL006 9:7 each item must be a map with 'targetRef' and 'default'",
                    "POL041 11:30 expected a duration string, not an integer ('5'); give it a unit, e.g. \"5s\"",
                    "POL006 12:9 'from' must be a list of items"}));
}

}  // namespace
}  // namespace cfgi::policy
