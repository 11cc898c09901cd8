// Conformance with Kuma 2.x (kumahq/kuma at v2.10.11, the release whose ResourceRules keys are the
// MADR's `meshservice:mesh/...`; the same code at v2.11.18 unless a test says otherwise). Each
// test is written from reading a Kuma function and its test suite, cited above it, with our own
// inputs in the shapes of Kuma's testdata; it asserts Kuma's exact output: keys, conf, origin order,
// client subsets.
#include <gtest/gtest.h>

#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "core/policy/policy_defaults.h"
#include "core/policy/policy_engine.h"
#include "core/policy/policy_merge.h"
#include "core/policy/policy_rules.h"

namespace cfgi::policy {
namespace {

using nlohmann::json;
using nlohmann::ordered_json;

Report RunKuma(const std::string& yaml, const std::string& profile = "kuma-2.10", const std::string& dataplane = "") {
  Scenario s = LoadScenario({{"in.yaml", yaml}});
  Query q;
  if (!dataplane.empty()) q.flags.push_back({"dataplane", dataplane});
  return RunScenario(GetPolicyEngine(), s, q, profile, true);
}

ordered_json TypeOf(const ordered_json& result, const std::string& type) {
  for (const auto& t : result["rules"])
    if (t["type"] == type) return t;
  return nullptr;
}

ordered_json RuleFor(const ordered_json& result, const std::string& type, const std::string& key) {
  const ordered_json t = TypeOf(result, type);  // kept alive for the loop
  if (!t.is_object()) return nullptr;
  for (const auto& r : t["toResourceRules"])
    if (r["key"] == key) return r;
  return nullptr;
}

std::vector<std::string> Keys(const ordered_json& result, const std::string& type) {
  std::vector<std::string> out;
  const ordered_json t = TypeOf(result, type);
  if (!t.is_object()) return out;
  for (const auto& r : t["toResourceRules"])
    if (!r.contains("computedFrom")) out.push_back(r["key"]);
  return out;
}

std::vector<std::string> Origins(const ordered_json& rule) {
  std::vector<std::string> out;
  for (const auto& o : rule["origin"]) out.push_back(o["policy"].get<std::string>() + "/" + std::to_string(o["ruleIndex"].get<int>()));
  return out;
}

// "env=prod,zone!=east": a legacy from-rule's subset as Kuma's subsetutils.Subset lists it.
std::string SubsetText(const ordered_json& rule) {
  std::string s;
  for (const auto& t : rule["subset"])
    s += (s.empty() ? "" : ",") + t["key"].get<std::string>() + (t["not"].get<bool>() ? "!=" : "=") + t["value"].get<std::string>();
  return s;
}

std::vector<std::string> Codes(const Report& r) {
  std::vector<std::string> out;
  for (const auto& d : r.diagnostics) out.push_back(d.code);
  return out;
}

const char* kMeshAndDp = R"(type: Mesh
name: mesh-1
---
type: Dataplane
name: dp-1
mesh: mesh-1
networking:
  address: 127.0.0.1
  inbound:
    - port: 8080
      name: main
      tags:
        kuma.io/service: web
---
type: MeshService
name: backend
mesh: mesh-1
spec:
  ports:
    - port: 80
      name: http
      appProtocol: http
    - port: 9090
      appProtocol: grpc
---
)";

// rules.go BuildToRules (v2.10.11 and v2.11.18): "we have to exclude top-level targetRef
// 'MeshHTTPRoute' as new outbound rules work with MeshHTTPRoute differently"; the inspect golden
// pkg/api-server/testdata/resources/inspect/dataplanes/_rules/meshhttproute has no
// toResourceRules for such a policy.
TEST(KumaConformance, TopLevelMeshHttpRoutePolicyBuildsNoResourceRule) {
  std::string yaml = std::string(kMeshAndDp) + R"(type: MeshHTTPRoute
name: route-1
mesh: mesh-1
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshService, name: backend}
      rules:
        - matches: [{path: {type: PathPrefix, value: /api}}]
          default: {}
---
type: MeshTimeout
name: mt-route
mesh: mesh-1
spec:
  targetRef: {kind: MeshHTTPRoute, name: route-1}
  to:
    - targetRef: {kind: Mesh}
      default: {http: {requestTimeout: 1s}}
---
type: MeshTimeout
name: mt-mesh
mesh: mesh-1
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: Mesh}
      default: {connectionTimeout: 2s}
)";
  Report k = RunKuma(yaml, "kuma-2.10");
  ordered_json mesh = RuleFor(k.result, "MeshTimeout", "mesh:name/mesh-1");
  EXPECT_EQ(mesh["conf"], ordered_json::parse(R"({"connectionTimeout":"2s"})"));
  EXPECT_EQ(Origins(mesh), (std::vector<std::string>{"mt-mesh/0"}));
  EXPECT_EQ(Keys(k.result, "MeshTimeout"), (std::vector<std::string>{"mesh:name/mesh-1"}));
  // The policy still selects the dataplane (through its route): it is listed, only not merged.
  EXPECT_EQ(TypeOf(k.result, "MeshTimeout")["policies"], ordered_json::parse(R"(["mt-route","mt-mesh"])"));
  // The MADR profile is kept as it was: there the route's policy joins the mesh rule (after
  // mt-mesh: top-level kind MeshHTTPRoute sorts after Mesh).
  Report m = RunKuma(yaml, "madr");
  EXPECT_EQ(Origins(RuleFor(m.result, "MeshTimeout", "mesh:name/mesh-1")), (std::vector<std::string>{"mt-mesh/0", "mt-route/0"}));
}

// rules/common/resolvetargetref.go (v2.10.11; resolve/targetref.go in v2.11.18) ResolveTargetRef
// and query.findPort: a sectionName is a port's name, or the number of a port without a name; a
// MeshService without that port resolves to nothing, so no ResourceRule is keyed by it
// (outbound resourcerules_test.go "mt_with_ms-sectionname").
TEST(KumaConformance, SectionNameNamingNoPortYieldsNoRule) {
  std::string yaml = std::string(kMeshAndDp) + R"(type: MeshTimeout
name: mt-sections
mesh: mesh-1
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshService, name: backend, sectionName: grpc}
      default: {idleTimeout: 1s}
    - targetRef: {kind: MeshService, name: backend, sectionName: "80"}
      default: {idleTimeout: 2s}
    - targetRef: {kind: MeshService, name: backend, sectionName: "9090"}
      default: {idleTimeout: 3s}
    - targetRef: {kind: MeshService, name: backend, sectionName: http}
      default: {idleTimeout: 4s}
)";
  Report k = RunKuma(yaml, "kuma-2.10");
  // "grpc" names no port; "80" is the number of a port that has a name (http): neither resolves.
  EXPECT_EQ(Keys(k.result, "MeshTimeout"), (std::vector<std::string>{"meshservice:mesh/mesh-1:name/backend:section/9090",
                                                                      "meshservice:mesh/mesh-1:name/backend:section/http"}));
  ordered_json s9090 = RuleFor(k.result, "MeshTimeout", "meshservice:mesh/mesh-1:name/backend:section/9090");
  EXPECT_EQ(s9090["conf"], ordered_json::parse(R"({"idleTimeout":"3s"})"));
  EXPECT_EQ(Origins(s9090), (std::vector<std::string>{"mt-sections/2"}));
  // Both unresolved items are reported where their targetRef is (lines 32 and 34, column 18).
  std::vector<std::pair<int, int>> at;
  for (const auto& d : k.diagnostics)
    if (d.code == "POL012") at.push_back({static_cast<int>(d.begin.line), static_cast<int>(d.begin.column)});
  EXPECT_EQ(at, (std::vector<std::pair<int, int>>{{32, 18}, {34, 18}}));
}

const char* kDp = R"(type: Mesh
name: default
---
type: Dataplane
name: dp-1
mesh: default
networking:
  address: 127.0.0.1
  inbound:
    - port: 80
      tags:
        kuma.io/service: demo-app
---
)";

// rules.go BuildFromRules -> BuildRules(fromList, withNegations=true) over the policies in
// matchers/dataplane.go SortByTargetRef order (top-level kind, origin, role, name descending),
// each policy's from[] in index order: no sort by the from[] item's kind. testdata
// rules/from/mtp-overrides.input.yaml ("first policy is most specific it doesn't take precedence
// #8484"). mtp-b (sorted first) allows the client, mtp-a's Mesh item then denies it: Kuma says
// Deny (the engine used to sort the Mesh item first and answer Allow).
TEST(KumaConformance, MeshTrafficPermissionFromOrderIsPolicyThenItem) {
  std::string yaml = std::string(kDp) + R"(type: MeshTrafficPermission
name: mtp-b
mesh: default
spec:
  targetRef: {kind: Mesh}
  from:
    - targetRef: {kind: MeshService, name: client}
      default: {action: Allow}
---
type: MeshTrafficPermission
name: mtp-a
mesh: default
spec:
  targetRef: {kind: Mesh}
  from:
    - targetRef: {kind: Mesh}
      default: {action: Deny}
)";
  Report k = RunKuma(yaml, "kuma-2.10");
  const ordered_json from = TypeOf(k.result, "MeshTrafficPermission")["fromRules"];
  ASSERT_EQ(from.size(), 2u);
  EXPECT_EQ(SubsetText(from[0]), "kuma.io/service=client");
  EXPECT_EQ(from[0]["conf"], ordered_json::parse(R"({"action":"Deny"})"));
  EXPECT_EQ(Origins(from[0]), (std::vector<std::string>{"mtp-b/0", "mtp-a/0"}));
  EXPECT_EQ(SubsetText(from[1]), "kuma.io/service!=client");
  EXPECT_EQ(from[1]["conf"], ordered_json::parse(R"({"action":"Deny"})"));
  EXPECT_EQ(Origins(from[1]), (std::vector<std::string>{"mtp-a/0"}));
  EXPECT_TRUE(from[0]["applied"].get<bool>());
}

// rules.go buildRulesInternal with negations: subsets that intersect form cliques
// (topo.BronKerbosch, sortComponents), every combination of a clique's tags with negations
// (subsetutils.NewSubsetIter) gets the merge of the items whose subset contains it (createRule,
// Subset.IsSubset), sorted by the number of positive tags; origins once per policy
// (common.Origins withRuleIndex=false). testdata rules/from/multiple-mtp.input.yaml / .golden.yaml
// (rules_test.go "should build a rule-based view for the policy with a from list"), with our own
// names and tags: the order and actions below are that golden's.
TEST(KumaConformance, LegacyFromRulesIntersectionsAndNegations) {
  std::string yaml = std::string(kDp) + R"(type: MeshTrafficPermission
name: perm-b
mesh: default
spec:
  targetRef: {kind: Mesh}
  from:
    - targetRef: {kind: Mesh}
      default: {action: Allow}
---
type: MeshTrafficPermission
name: perm-a
mesh: default
spec:
  targetRef: {kind: Mesh}
  from:
    - targetRef: {kind: MeshSubset, tags: {zone: east}}
      default: {action: Deny}
    - targetRef: {kind: MeshSubset, tags: {env: dev}}
      default: {action: Allow}
    - targetRef: {kind: MeshSubset, tags: {env: prod}}
      default: {action: Allow}
)";
  Report k = RunKuma(yaml, "kuma-2.10");
  const ordered_json from = TypeOf(k.result, "MeshTrafficPermission")["fromRules"];
  std::vector<std::string> got;
  for (const auto& r : from) got.push_back(SubsetText(r) + " " + r["conf"]["action"].get<std::string>());
  EXPECT_EQ(got, (std::vector<std::string>{
                     "env=prod,zone=east Allow",
                     "env=dev,zone=east Allow",
                     "env!=prod,zone=east Deny",
                     "env=prod,zone!=east Allow",
                     "env!=dev,zone=east Deny",
                     "env=dev,zone!=east Allow",
                     "env!=prod,zone!=east Allow",
                     "env!=dev,zone!=east Allow",
                 }));
  ASSERT_EQ(from.size(), 8u);
  EXPECT_EQ(Origins(from[0]), (std::vector<std::string>{"perm-b/0", "perm-a/0"}));
  EXPECT_EQ(Origins(from[6]), (std::vector<std::string>{"perm-b/0"}));
}

// inbound/inboundrules.go getEntries: for IsFromAsRules types (zz_generated.resource.go of
// MeshTimeout, MeshAccessLog, MeshCircuitBreaker, MeshRateLimit, MeshTLS) a policy's from[] items
// join the rules[] items of the others in ONE inbound rule, sorted by inbound/sort.go
// (CompareByPolicyAttributes, then display name descending). testdata
// inbound/testdata/inboundrules/mt-mixed.input.yaml / .golden.yaml (inboundrules_test.go "should
// build a rule-based view for policies"): the origin order c, b, a and the merged conf are that golden's.
TEST(KumaConformance, FromAsRulesMergeIntoOneInboundRule) {
  std::string yaml = std::string(kDp) + R"(type: MeshTimeout
name: mt-aaa
mesh: default
spec:
  rules:
    - default: {idleTimeout: 10s}
---
type: MeshTimeout
name: mt-bbb
mesh: default
spec:
  from:
    - targetRef: {kind: Mesh}
      default: {idleTimeout: 100s, connectionTimeout: 101s}
---
type: MeshTimeout
name: mt-ccc
mesh: default
spec:
  rules:
    - default: {idleTimeout: 200s, http: {requestTimeout: 202s}}
)";
  Report k = RunKuma(yaml, "kuma-2.10");
  const ordered_json from = TypeOf(k.result, "MeshTimeout")["fromRules"];
  std::vector<ordered_json> applied;
  for (const auto& r : from)
    if (r["applied"].get<bool>()) applied.push_back(r);
  ASSERT_EQ(applied.size(), 1u);
  EXPECT_EQ(applied[0]["source"], "rules");
  EXPECT_EQ(applied[0]["conf"], ordered_json::parse(R"({"connectionTimeout":"1m41s","http":{"requestTimeout":"3m22s"},"idleTimeout":"10s"})"));
  // (written 101s and 202s: Kuma's metav1.Duration prints Go's Duration.String, policy_schema.h)
  EXPECT_EQ(Origins(applied[0]), (std::vector<std::string>{"mt-ccc/0", "mt-bbb/0", "mt-aaa/0"}));
  // The legacy from-rule Kuma also computes for mt-bbb is shown, marked as not applied.
  ASSERT_EQ(from.size(), 2u);
  EXPECT_EQ(from[1]["source"], "from");
  EXPECT_FALSE(from[1]["applied"].get<bool>());
}

// meshhttproute/api/v1alpha1/helpers.go To.GetDefault (rules reversed) + PolicyDefault.Transform
// (reversed back) around merge.go mergeByKey: within a route the rules keep their order, and a
// later route's rule with equal matches takes the place of the earlier one; BackendRef.Weight
// defaults to 1 (api/common/v1alpha1/targetref.go +kubebuilder:default=1).
TEST(KumaConformance, MeshHttpRouteRulesOrderAndWeightDefault) {
  std::string yaml = std::string(kMeshAndDp) + R"(type: MeshHTTPRoute
name: route-b
mesh: mesh-1
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshService, name: backend}
      rules:
        - matches: [{path: {type: PathPrefix, value: /a}}]
          default:
            backendRefs: [{kind: MeshService, name: backend, port: 80}]
        - matches: [{path: {type: PathPrefix, value: /b}}]
          default:
            backendRefs: [{kind: MeshService, name: backend, port: 80, weight: 5}]
---
type: MeshHTTPRoute
name: route-a
mesh: mesh-1
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshService, name: backend}
      rules:
        - matches: [{path: {type: PathPrefix, value: /a}}]
          default:
            filters: [{type: RequestHeaderModifier, requestHeaderModifier: {set: [{name: x, value: y}]}}]
)";
  Report k = RunKuma(yaml, "kuma-2.10");
  ordered_json r = RuleFor(k.result, "MeshHTTPRoute", "meshservice:mesh/mesh-1:name/backend");
  ASSERT_FALSE(r.is_null());
  EXPECT_EQ(r["conf"], ordered_json::parse(R"({"rules":[
    {"default":{"backendRefs":[{"kind":"MeshService","name":"backend","port":80,"weight":1}],
                "filters":[{"requestHeaderModifier":{"set":[{"name":"x","value":"y"}]},"type":"RequestHeaderModifier"}]},
     "matches":[{"path":{"type":"PathPrefix","value":"/a"}}]},
    {"default":{"backendRefs":[{"kind":"MeshService","name":"backend","port":80,"weight":5}]},
     "matches":[{"path":{"type":"PathPrefix","value":"/b"}}]}]})"));
  EXPECT_EQ(Origins(r), (std::vector<std::string>{"route-b/0", "route-a/0"}));
  // The provenance marks the filled weight as a default, in route-b's backendRef.
  bool seen = false;
  for (const auto& f : r["fields"])
    if (f["path"] == "/rules/0/default/backendRefs/0/weight") {
      seen = true;
      EXPECT_EQ(f["kind"], "default");
      EXPECT_EQ(f["policy"], "route-b");
    }
  EXPECT_TRUE(seen);
}

// meshtrace/api/v1alpha1/meshtrace.go ZipkinBackend (+kubebuilder:default traceId128bit=false,
// apiVersion=httpJson, sharedSpanContext=true), and the inspect golden
// pkg/api-server/testdata/resources/inspect/dataplanes/_rules/overriding_meshtrace.golden.json:
// the later policy's backends replace the earlier ones, the earlier tags stay, and the proxyRule's
// zipkin backend carries the three defaults.
TEST(KumaConformance, MeshTraceDefaultsInTheProxyRule) {
  std::string yaml = R"(type: Mesh
name: default
---
type: Dataplane
name: dp-1
mesh: default
networking:
  address: 127.0.0.1
  inbound:
    - port: 8080
      tags:
        kuma.io/service: foo
---
type: MeshTrace
name: default
mesh: default
spec:
  targetRef: {kind: Mesh}
  default:
    backends:
      - type: Zipkin
        zipkin: {url: "http://zipkin-a:9411/api/v2/spans", sharedSpanContext: false}
    tags:
      - name: team
        literal: core
---
type: MeshTrace
name: override
mesh: default
spec:
  targetRef: {kind: MeshService, name: foo}
  default:
    backends:
      - type: Zipkin
        zipkin: {url: "http://zipkin-b:9411/api/v2/spans"}
)";
  Report k = RunKuma(yaml, "kuma-2.10");
  ordered_json proxy = TypeOf(k.result, "MeshTrace")["proxyRule"];
  EXPECT_EQ(proxy["conf"], ordered_json::parse(R"({"backends":[{"type":"Zipkin","zipkin":{
      "apiVersion":"httpJson","sharedSpanContext":true,"traceId128bit":false,"url":"http://zipkin-b:9411/api/v2/spans"}}],
      "tags":[{"literal":"core","name":"team"}]})"));
  EXPECT_EQ(Origins(proxy), (std::vector<std::string>{"default/0", "override/0"}));
  std::map<std::string, std::string> kind;
  for (const auto& f : proxy["fields"]) kind[f["path"]] = f.value("kind", std::string("policy")) + ":" + f["policy"].get<std::string>();
  EXPECT_EQ(kind["/backends/0/zipkin/apiVersion"], "default:override");
  EXPECT_EQ(kind["/backends/0/zipkin/sharedSpanContext"], "default:override");
  EXPECT_EQ(kind["/backends/0/zipkin/traceId128bit"], "default:override");
  // Arrays merge as a whole (RFC 7396): /backends is one leaf set by override, /tags by default;
  // the defaults filled inside override's backend have entries of their own.
  EXPECT_EQ(kind["/backends"], "policy:override");
  EXPECT_EQ(kind["/tags"], "policy:default");
  // The MADR profile merges what is written, without Kuma's defaults.
  Report m = RunKuma(yaml, "madr");
  EXPECT_FALSE(TypeOf(m.result, "MeshTrace")["proxyRule"]["conf"]["backends"][0]["zipkin"].contains("apiVersion"));
}

// A value the user wrote is never replaced by a default; a pattern that does not reach an
// object fills nothing (policy_defaults.h).
TEST(KumaConformance, DefaultsFillOnlyAbsentFields) {
  std::vector<FilledDefault> filled;
  json c = ApplyDefaults("MeshTrace", json::parse(R"({"backends":[{"zipkin":{"url":"u","apiVersion":"httpProto"}},{"type":"OpenTelemetry"}]})"), &filled);
  EXPECT_EQ(c, json::parse(R"({"backends":[{"zipkin":{"url":"u","apiVersion":"httpProto","traceId128bit":false,"sharedSpanContext":true}},{"type":"OpenTelemetry"}]})"));
  std::vector<std::string> paths;
  for (const auto& f : filled) paths.push_back(f.path);
  EXPECT_EQ(paths, (std::vector<std::string>{"/backends/0/zipkin/sharedSpanContext", "/backends/0/zipkin/traceId128bit"}));
  EXPECT_EQ(ApplyDefaults("MeshTimeout", json::parse(R"({"idleTimeout":"1s"})")), json::parse(R"({"idleTimeout":"1s"})"));
  EXPECT_EQ(ApplyDefaults("MeshTrace", json("x")), json("x"));
}

// inboundrule_meshtimeout_section (the inspect golden
// pkg/api-server/testdata/resources/inspect/dataplanes/_rules/inboundrule_meshtimeout_section):
// rules[] per inbound, Dataplane-with-sectionName policies after the Mesh one.
TEST(KumaConformance, InboundRulesPerSection) {
  std::string yaml = R"(type: Mesh
name: mesh-1
---
type: Dataplane
name: dp-1
mesh: mesh-1
labels: {app: demo-app}
networking:
  address: 127.0.0.1
  inbound:
    - {port: 8080, name: main-port, tags: {kuma.io/service: foo}}
    - {port: 9090, name: secondary-port, tags: {kuma.io/service: bar}}
---
type: MeshTimeout
name: global
mesh: mesh-1
spec:
  rules:
    - default: {idleTimeout: 7s, connectionTimeout: 7s, http: {requestTimeout: 7s}}
---
type: MeshTimeout
name: select-main-port
mesh: mesh-1
spec:
  targetRef: {kind: Dataplane, labels: {app: demo-app}, sectionName: main-port}
  rules:
    - default: {http: {requestTimeout: 2s}}
)";
  Report k = RunKuma(yaml, "kuma-2.10");
  const ordered_json from = TypeOf(k.result, "MeshTimeout")["fromRules"];
  ASSERT_EQ(from.size(), 2u);
  EXPECT_EQ(from[0]["inbound"], "main-port");
  EXPECT_EQ(from[0]["conf"], ordered_json::parse(R"({"connectionTimeout":"7s","http":{"requestTimeout":"2s"},"idleTimeout":"7s"})"));
  EXPECT_EQ(Origins(from[0]), (std::vector<std::string>{"global/0", "select-main-port/0"}));
  EXPECT_EQ(from[1]["inbound"], "secondary-port");
  EXPECT_EQ(Origins(from[1]), (std::vector<std::string>{"global/0"}));
}

// rules.go legacyBuildToRules -> BuildRules(toList, withNegations=false): with at most one tag key
// the distinct subsets (subsetutils.Deduplicate) each get the items containing them, more tags
// first, origins one per policy. testdata rules/to/meshtimeout.input.yaml / .golden.yaml
// (rules_test.go "should build a rule-based view for the policy with a to list"): the rows foo,
// bar, {} and their confs below are that golden's, with our own values.
TEST(KumaConformance, LegacyToRulesPerService) {
  std::string yaml = R"(type: Mesh
name: default
---
type: Dataplane
name: dp-1
mesh: default
networking:
  address: 127.0.0.1
  inbound:
    - port: 80
      tags:
        kuma.io/service: foo
---
type: MeshTimeout
name: base
mesh: default
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: Mesh}
      default: {idleTimeout: 20s, http: {requestTimeout: 10s}}
---
type: MeshTimeout
name: per-service
mesh: default
spec:
  targetRef: {kind: MeshService, name: foo}
  to:
    - targetRef: {kind: MeshService, name: foo}
      default: {http: {requestTimeout: 15s}}
    - targetRef: {kind: MeshService, name: bar}
      default: {http: {requestTimeout: 20s}}
)";
  Report k = RunKuma(yaml, "kuma-2.10");
  const ordered_json to = TypeOf(k.result, "MeshTimeout")["toRules"];
  ASSERT_EQ(to.size(), 3u);
  EXPECT_EQ(SubsetText(to[0]), "kuma.io/service=foo");
  EXPECT_EQ(to[0]["conf"], ordered_json::parse(R"({"http":{"requestTimeout":"15s"},"idleTimeout":"20s"})"));
  EXPECT_EQ(Origins(to[0]), (std::vector<std::string>{"base/0", "per-service/0"}));
  EXPECT_EQ(SubsetText(to[1]), "kuma.io/service=bar");
  EXPECT_EQ(to[1]["conf"], ordered_json::parse(R"({"http":{"requestTimeout":"20s"},"idleTimeout":"20s"})"));
  EXPECT_EQ(Origins(to[1]), (std::vector<std::string>{"base/0", "per-service/1"}));
  EXPECT_EQ(SubsetText(to[2]), "");
  EXPECT_EQ(to[2]["conf"], ordered_json::parse(R"({"http":{"requestTimeout":"10s"},"idleTimeout":"20s"})"));
  EXPECT_EQ(Origins(to[2]), (std::vector<std::string>{"base/0"}));
  // The MADR defines no legacy view: both profiles show Kuma's, so they do not diverge on it.
  EXPECT_EQ(TypeOf(RunKuma(yaml, "madr").result, "MeshTimeout")["toRules"], to);
}

// Builtin gateways, matchers/dataplane.go DppSelectedByPolicy + inboundsSelectedByTags: a
// MeshGateway (chosen by pkg/xds/topology/gateway.go SelectGateway from the Dataplane's gateway
// tags) turns its listeners into what policies select; kind MeshGateway selects the Dataplanes it
// serves, kind Dataplane never selects a gateway, proxyTypes [Sidecar] excludes it. Shape of the
// inspect golden pkg/api-server/testdata/resources/inspect/dataplanes/_rules/meshgateway: the
// MeshTimeout on the gateway gives the mesh ResourceRule and a legacy toRules row, the
// MeshProxyPatch the proxyRule.
TEST(KumaConformance, BuiltinGatewayPolicies) {
  std::string yaml = R"(type: Mesh
name: default
---
type: MeshGateway
name: edge
mesh: default
selectors:
  - match:
      kuma.io/service: edge-gw
conf:
  listeners:
    - port: 8080
      protocol: HTTP
    - port: 8443
      protocol: HTTPS
      hostname: api.example.com
      tags: {listener: secure}
---
type: Dataplane
name: gw-1
mesh: default
networking:
  address: 127.0.0.1
  gateway:
    type: BUILTIN
    tags:
      kuma.io/service: edge-gw
---
type: MeshTimeout
name: mt-gateway
mesh: default
spec:
  targetRef: {kind: MeshGateway, name: edge}
  to:
    - targetRef: {kind: Mesh}
      default: {idleTimeout: 20s, connectionTimeout: 2s}
---
type: MeshTimeout
name: mt-sidecars
mesh: default
spec:
  targetRef: {kind: Mesh, proxyTypes: [Sidecar]}
  to:
    - targetRef: {kind: Mesh}
      default: {idleTimeout: 99s}
---
type: MeshTimeout
name: mt-dataplane
mesh: default
spec:
  targetRef: {kind: Dataplane, name: gw-1}
  to:
    - targetRef: {kind: Mesh}
      default: {idleTimeout: 98s}
---
type: MeshProxyPatch
name: mpp-gateway
mesh: default
spec:
  targetRef: {kind: MeshGateway, name: edge, tags: {listener: secure}}
  default:
    appendModifications:
      - cluster: {operation: Add, value: "name: test-cluster"}
)";
  Report k = RunKuma(yaml, "kuma-2.10");
  EXPECT_EQ(k.result["gateway"]["type"], "BUILTIN");
  EXPECT_EQ(k.result["gateway"]["meshGateway"], "edge");
  EXPECT_EQ(k.result["gateway"]["listeners"].size(), 2u);
  const ordered_json mt = TypeOf(k.result, "MeshTimeout");
  EXPECT_EQ(mt["policies"], ordered_json::parse(R"(["mt-gateway"])"));
  ordered_json mesh = RuleFor(k.result, "MeshTimeout", "mesh:name/default");
  EXPECT_EQ(mesh["conf"], ordered_json::parse(R"({"connectionTimeout":"2s","idleTimeout":"20s"})"));
  EXPECT_EQ(Origins(mesh), (std::vector<std::string>{"mt-gateway/0"}));
  ASSERT_EQ(mt["toRules"].size(), 1u);
  EXPECT_EQ(SubsetText(mt["toRules"][0]), "");
  EXPECT_EQ(mt["toRules"][0]["conf"], mesh["conf"]);
  // The listener tags: only the 8443 listener has listener: secure, and the patch selects it.
  const ordered_json mpp = TypeOf(k.result, "MeshProxyPatch");
  EXPECT_EQ(mpp["policies"], ordered_json::parse(R"(["mpp-gateway"])"));
  EXPECT_EQ(mpp["proxyRule"]["conf"], ordered_json::parse(R"({"appendModifications":[{"cluster":{"operation":"Add","value":"name: test-cluster"}}]})"));
  // The selection reasons say why the other two do not apply.
  Scenario s = LoadScenario({{"in.yaml", yaml}});
  std::unique_ptr<PolicyModel> c = LoadPolicyModel(s, Query{}, Mode::kCheck);
  const Dataplane* gw = c->mesh.FindDataplane("gw-1");
  ASSERT_NE(gw, nullptr);
  std::vector<std::string> names;
  for (const Inbound& in : gw->inbounds) names.push_back(in.Id() + " " + in.tags.at("kuma.io/service"));
  EXPECT_EQ(names, (std::vector<std::string>{"listener-8080 edge-gw", "listener-8443 edge-gw"}));
  DataplaneRules r = Evaluate(c->mesh, *gw, {});
  std::map<std::string, std::string> why;
  for (const TypeRules& t : r.types)
    for (const PolicySelection& sel : t.selections) why[sel.policy->meta.name] = sel.reason;
  EXPECT_EQ(why["mt-sidecars"], "proxyTypes does not include Gateway");
  EXPECT_EQ(why["mt-dataplane"], "kind Dataplane does not select gateways (dataplane.go: gateway != nil)");
}

// MeshMultiZoneService as a to[] target: outbound/resourcerules.go isRelevant treats it as a
// MeshService (its own key type, sections are ports) and ResourceRules.Compute falls back section
// -> service -> mesh for it.
TEST(KumaConformance, MeshMultiZoneServiceRules) {
  std::string yaml = std::string(kMeshAndDp) + R"(type: MeshMultiZoneService
name: backend-mz
mesh: mesh-1
labels: {team: core}
spec:
  selector:
    meshService:
      matchLabels: {app: backend}
  ports:
    - port: 80
      name: http
      appProtocol: http
---
type: MeshTimeout
name: mt-mzs
mesh: mesh-1
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: Mesh}
      default: {idleTimeout: 1s}
    - targetRef: {kind: MeshMultiZoneService, labels: {team: core}}
      default: {connectionTimeout: 2s}
    - targetRef: {kind: MeshMultiZoneService, name: backend-mz, sectionName: http}
      default: {http: {requestTimeout: 3s}}
)";
  Report k = RunKuma(yaml, "kuma-2.10");
  EXPECT_EQ(Keys(k.result, "MeshTimeout"), (std::vector<std::string>{"mesh:name/mesh-1",
                                                                      "meshmultizoneservice:mesh/mesh-1:name/backend-mz",
                                                                      "meshmultizoneservice:mesh/mesh-1:name/backend-mz:section/http"}));
  ordered_json sec = RuleFor(k.result, "MeshTimeout", "meshmultizoneservice:mesh/mesh-1:name/backend-mz:section/http");
  EXPECT_EQ(sec["conf"], ordered_json::parse(R"({"connectionTimeout":"2s","http":{"requestTimeout":"3s"},"idleTimeout":"1s"})"));
  EXPECT_EQ(Origins(sec), (std::vector<std::string>{"mt-mzs/0", "mt-mzs/1", "mt-mzs/2"}));
  EXPECT_EQ(Origins(RuleFor(k.result, "MeshTimeout", "meshmultizoneservice:mesh/mesh-1:name/backend-mz")),
            (std::vector<std::string>{"mt-mzs/0", "mt-mzs/1"}));
}

}  // namespace
}  // namespace cfgi::policy
