// The policy engine (Kuma 2.x matching and merging): merge semantics, keys, sort order, every
// MADR example with its stated result, provenance, the kuma/madr differences and every POL code.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "core/policy/policy_engine.h"
#include "core/policy/policy_merge.h"
#include "core/policy/policy_rules.h"

namespace cfgi::policy {
namespace {

using nlohmann::json;
using nlohmann::ordered_json;

std::string ReadFile(const std::string& rel) {
  std::ifstream in(std::filesystem::path(CFGI_SOURCE_DIR) / rel);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::optional<std::string> Reader(const std::string& scenario, const std::string& rel) {
  std::filesystem::path p = std::filesystem::path(scenario).parent_path() / rel;
  std::ifstream in(p);
  if (!in) return std::nullopt;
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

Report RunYaml(const std::string& yaml, const std::string& profile = "kuma-2.10", const std::string& dataplane = "",
               bool evaluate = true) {
  Scenario s = LoadScenario({{"in.yaml", yaml}});
  Query q;
  if (!dataplane.empty()) q.flags.push_back({"dataplane", dataplane});
  return RunScenario(GetPolicyEngine(), s, q, profile, evaluate);
}

Report RunSample(const std::string& name, const std::string& profile) {
  std::string path = std::string(CFGI_SOURCE_DIR) + "/samples/policy/" + name;
  Scenario s = LoadScenario({{path, ReadFile("samples/policy/" + name)}}, Reader);
  return RunScenario(GetPolicyEngine(), s, Query{}, profile, true);
}

// The rule of `type` for `key` in a result.
ordered_json RuleFor(const ordered_json& result, const std::string& type, const std::string& key) {
  for (const auto& t : result["rules"])
    if (t["type"] == type)
      for (const auto& r : t["toResourceRules"])
        if (r["key"] == key) return r;
  return nullptr;
}

std::vector<std::string> Origins(const ordered_json& rule) {
  std::vector<std::string> out;
  for (const auto& o : rule["origin"]) out.push_back(o["policy"].get<std::string>() + "/" + std::to_string(o["ruleIndex"].get<int>()));
  return out;
}

std::vector<std::string> Codes(const std::vector<doc::Diagnostic>& ds) {
  std::vector<std::string> out;
  for (const auto& d : ds) out.push_back(d.code);
  return out;
}

const doc::Diagnostic* Find(const std::vector<doc::Diagnostic>& ds, const std::string& code) {
  for (const auto& d : ds)
    if (d.code == code) return &d;
  return nullptr;
}

// ---- merge (merge.go: RFC 7396 via nlohmann::json::merge_patch, append* concatenation) ----

struct MergeCase {
  const char* name;
  std::vector<const char*> confs;
  const char* want;
};

TEST(PolicyMerge, Rfc7396AndAppendTable) {
  const MergeCase cases[] = {
      {"later wins", {R"({"a":1})", R"({"a":2})"}, R"({"a":2})"},
      {"objects merge", {R"({"h":{"x":1}})", R"({"h":{"y":2}})"}, R"({"h":{"x":1,"y":2}})"},
      {"null deletes", {R"({"a":1,"b":2})", R"({"a":null})"}, R"({"b":2})"},
      {"arrays replace", {R"({"l":[1,2]})", R"({"l":[3]})"}, R"({"l":[3]})"},
      {"append concatenates", {R"({"appendModifications":[1]})", R"({"appendModifications":[2,3]})"},
       R"({"appendModifications":[1,2,3]})"},
      {"nested append", {R"({"x":{"appendRules":["a"]}})", R"({"x":{"appendRules":["b"]}})"}, R"({"x":{"appendRules":["a","b"]}})"},
      {"append only through objects", {R"({"l":[{"appendX":[1]}]})", R"({"l":[{"appendX":[2]}]})"}, R"({"l":[{"appendX":[2]}]})"},
      {"scalar replaces object", {R"({"h":{"x":1}})", R"({"h":5})"}, R"({"h":5})"},
      {"nulls in a new object are pruned", {R"({})", R"({"h":{"x":null,"y":1}})"}, R"({"h":{"y":1}})"},
  };
  for (const MergeCase& c : cases) {
    std::vector<json> js;
    for (const char* s : c.confs) js.push_back(json::parse(s));
    std::vector<MergeInput> in;
    for (size_t i = 0; i < js.size(); ++i) in.push_back({&js[i], i});
    EXPECT_EQ(MergeConfs(in, true).conf, json::parse(c.want)) << c.name;
    EXPECT_EQ(MergeConfs(in, false).conf, json::parse(c.want)) << c.name;
  }
}

TEST(PolicyMerge, ProvenanceNamesWriterAndWhatItOverrode) {
  json a = json::parse(R"({"connectionTimeout":"2s","http":{"requestTimeout":"15s"}})");
  json b = json::parse(R"({"http":{"requestTimeout":"20s","idle":"1m"}})");
  json c = json::parse(R"({"http":"off"})");
  MergeResult r = MergeConfs({{&a, 7}, {&b, 8}}, true);
  ASSERT_EQ(r.fields.size(), 3u);
  EXPECT_EQ(r.fields[0].path, "/connectionTimeout");
  EXPECT_EQ(r.fields[0].id, 7u);
  EXPECT_TRUE(r.fields[0].overrode.empty());
  EXPECT_EQ(r.fields[1].path, "/http/idle");
  EXPECT_EQ(r.fields[1].id, 8u);
  EXPECT_EQ(r.fields[2].path, "/http/requestTimeout");
  EXPECT_EQ(r.fields[2].id, 8u);
  ASSERT_EQ(r.fields[2].overrode.size(), 1u);
  EXPECT_EQ(r.fields[2].overrode[0].id, 7u);
  EXPECT_EQ(r.fields[2].overrode[0].value, "15s");
  // A scalar replacing an object overrides every leaf below it.
  MergeResult r2 = MergeConfs({{&a, 0}, {&b, 1}, {&c, 2}}, true);
  ASSERT_EQ(r2.fields.size(), 2u);
  EXPECT_EQ(r2.fields[1].path, "/http");
  EXPECT_EQ(r2.fields[1].id, 2u);
  ASSERT_EQ(r2.fields[1].overrode.size(), 3u);  // 15s (by b), 1m, 20s
  // Appended elements each name their own writer.
  json p1 = json::parse(R"({"appendModifications":["x"]})"), p2 = json::parse(R"({"appendModifications":["y"]})");
  MergeResult r3 = MergeConfs({{&p1, 0}, {&p2, 1}}, true);
  ASSERT_EQ(r3.fields.size(), 2u);
  EXPECT_EQ(r3.fields[0].path, "/appendModifications/0");
  EXPECT_EQ(r3.fields[0].id, 0u);
  EXPECT_TRUE(r3.fields[0].appended);
  EXPECT_EQ(r3.fields[1].path, "/appendModifications/1");
  EXPECT_EQ(r3.fields[1].id, 1u);
}

TEST(PolicyMerge, PointerHelpers) {
  EXPECT_EQ(SplitPointer("/a/b~1c/d~0e"), (std::vector<std::string>{"a", "b/c", "d~e"}));
  EXPECT_EQ(EscapePointerToken("a/b~"), "a~1b~0");
  EXPECT_TRUE(IsAppendField("appendModifications"));
  EXPECT_FALSE(IsAppendField("append"));
  EXPECT_FALSE(IsAppendField("modifications"));
}

// ---- keys (core_model.TypedResourceIdentifier.String) ----

TEST(PolicyKeys, TypedResourceIdentifierFormat) {
  Meta ms;
  ms.type = "MeshService";
  ms.mesh = "mesh-1";
  ms.name = "backend.finance";
  ms.labels = {{kDisplayNameLabel, "backend"}, {kNamespaceLabel, "finance"}};
  EXPECT_EQ(UniqueKey(ms), "meshservice:mesh/mesh-1:namespace/finance:name/backend");
  EXPECT_EQ(UniqueKey(ms, "http-port"), "meshservice:mesh/mesh-1:namespace/finance:name/backend:section/http-port");
  ms.labels[kZoneLabel] = "east";
  EXPECT_EQ(UniqueKey(ms), "meshservice:mesh/mesh-1:zone/east:namespace/finance:name/backend");
  Meta mesh;
  mesh.type = "Mesh";
  mesh.name = "mesh-1";
  EXPECT_EQ(UniqueKey(mesh), "mesh:name/mesh-1");
  Meta uni;
  uni.type = "MeshExternalService";
  uni.mesh = "default";
  uni.name = "httpbin";
  EXPECT_EQ(UniqueKey(uni), "meshexternalservice:mesh/default:name/httpbin");
}

// ---- every MADR example, with its stated result ----

TEST(PolicyMadr, InspectApiExample) {
  for (const char* profile : {"kuma-2.10", "madr"}) {
    Report r = RunSample("madr-inspect-api.scenario.yaml", profile);
    EXPECT_EQ(Find(r.diagnostics, "SCN006"), nullptr) << profile;
    ordered_json rule = RuleFor(r.result, "MeshTimeout", "meshservice:mesh/mesh-1:namespace/finance:name/backend");
    ASSERT_FALSE(rule.is_null());
    EXPECT_EQ(rule["conf"], ordered_json::parse(R"({"connectionTimeout":"2s","http":{"requestTimeout":"20s"},"idleTimeout":"20s"})"));
    EXPECT_EQ(Origins(rule), (std::vector<std::string>{"mt-1.client-ns/0", "mt-1.client-ns/1"}));
    EXPECT_EQ(rule["resourceMeta"]["name"], "backend.finance");
    EXPECT_EQ(rule["resourceMeta"]["labels"]["k8s.kuma.io/namespace"], "finance");
  }
}

TEST(PolicyMadr, ToByNameAndNamespace) {
  Report r = RunSample("madr-to-name.scenario.yaml", "kuma-2.10");
  const auto& rules = r.result["rules"][0]["toResourceRules"];
  ASSERT_EQ(rules.size(), 1u);
  EXPECT_EQ(rules[0]["key"], "meshservice:mesh/mesh-1:namespace/finance:name/backend");
  EXPECT_EQ(rules[0]["conf"], ordered_json::parse(R"({"connectionTimeout":"3s","http":{"requestTimeout":"10s"}})"));
  EXPECT_EQ(Origins(rules[0]), (std::vector<std::string>{"timeouts.client-ns/0"}));
}

TEST(PolicyMadr, ToByLabelsExpandsToEveryMatchingService) {
  Report r = RunSample("madr-to-labels.scenario.yaml", "kuma-2.10");
  const auto& rules = r.result["rules"][0]["toResourceRules"];
  std::vector<std::string> keys;
  for (const auto& x : rules) {
    keys.push_back(x["key"]);
    EXPECT_EQ(x["conf"], ordered_json::parse(R"({"http":{"numRetries":5,"retryOn":["5xx"]}})"));
    EXPECT_EQ(Origins(x), (std::vector<std::string>{"finance-retries.client-ns/0"}));
  }
  EXPECT_EQ(keys, (std::vector<std::string>{"meshservice:mesh/mesh-1:namespace/finance:name/finance-backend",
                                            "meshservice:mesh/mesh-1:namespace/finance:name/finance-db",
                                            "meshservice:mesh/mesh-1:namespace/finance:name/finance-frontend"}));
}

TEST(PolicyMadr, ToWithSectionName) {
  Report r = RunSample("madr-to-section.scenario.yaml", "kuma-2.10");
  const auto& rules = r.result["rules"][0]["toResourceRules"];
  ASSERT_EQ(rules.size(), 1u);
  EXPECT_EQ(rules[0]["key"], "meshservice:mesh/mesh-1:namespace/finance:name/backend:section/http-port");
  EXPECT_EQ(rules[0]["resourceSectionName"], "http-port");
  EXPECT_EQ(rules[0]["conf"], ordered_json::parse(R"({"connectionLimits":{"maxConnections":100}})"));
}

TEST(PolicyMadr, MergeByKindNotIndex) {
  for (const char* profile : {"kuma-2.10", "madr"}) {
    Report r = RunSample("madr-merge-to-index.scenario.yaml", profile);
    ordered_json rule = RuleFor(r.result, "MeshTimeout", "meshservice:mesh/default:name/backend");
    EXPECT_EQ(rule["conf"], ordered_json::parse(R"({"http":{"requestTimeout":"5s"},"idleTimeout":"1h0m0s"})")) << profile;  // Go Duration.String
    EXPECT_EQ(Origins(rule), (std::vector<std::string>{"timeouts/1", "timeouts/0"})) << profile;
  }
}

TEST(PolicyMadr, KindBeatsName) {
  for (const char* profile : {"kuma-2.10", "madr"}) {
    Report r = RunSample("madr-kind-beats-name.scenario.yaml", profile);
    ordered_json rule = RuleFor(r.result, "MeshRetry", "meshservice:mesh/default:name/backend");
    EXPECT_EQ(rule["conf"], ordered_json::parse(R"({"http":{"backOff":{"baseInterval":"100ms"},"numRetries":3}})")) << profile;
    EXPECT_EQ(Origins(rule), (std::vector<std::string>{"aaa/0", "bbb/0"}));
  }
}

TEST(PolicyMadr, MigrationMeshTrafficPermissionFrom) {
  // The MADR's migration text: from[] kind as a sort key, backend gets Allow.
  Report r = RunSample("madr-migration-mtp.scenario.yaml", "madr");
  const auto& from = r.result["rules"][0]["fromRules"];
  ASSERT_EQ(from.size(), 2u);
  EXPECT_EQ(from[0]["subset"], ordered_json::array());
  EXPECT_EQ(from[0]["conf"], ordered_json::parse(R"({"action":"Deny"})"));
  EXPECT_EQ(from[1]["subset"], ordered_json::parse(R"([{"key":"kuma.io/service","value":"backend","not":false}])"));
  EXPECT_EQ(from[1]["conf"], ordered_json::parse(R"({"action":"Allow"})"));
  EXPECT_EQ(Origins(from[1]), (std::vector<std::string>{"aaa/0", "bbb/0"}));
  // Kuma 2.x (rules.go BuildFromRules): policies in SortByTargetRef order (bbb before aaa, names
  // descending), items unsorted; aaa's Deny merges last for backend too.
  Report k = RunSample("madr-migration-mtp.scenario.yaml", "kuma-2.10");
  const auto& kf = k.result["rules"][0]["fromRules"];
  ASSERT_EQ(kf.size(), 2u);
  EXPECT_EQ(kf[0]["subset"], ordered_json::parse(R"([{"key":"kuma.io/service","value":"backend","not":false}])"));
  EXPECT_EQ(kf[0]["conf"], ordered_json::parse(R"({"action":"Deny"})"));
  EXPECT_EQ(Origins(kf[0]), (std::vector<std::string>{"bbb/0", "aaa/0"}));
  EXPECT_EQ(kf[1]["subset"], ordered_json::parse(R"([{"key":"kuma.io/service","value":"backend","not":true}])"));
  EXPECT_EQ(kf[1]["conf"], ordered_json::parse(R"({"action":"Deny"})"));
}

TEST(PolicyMadr, SparseRulesAndMeshFallback) {
  Report r = RunSample("madr-sparse.scenario.yaml", "kuma-2.10");
  EXPECT_EQ(Find(r.diagnostics, "SCN006"), nullptr);
  ordered_json my = RuleFor(r.result, "MeshTimeout", "meshservice:mesh/mesh-1:name/my-service");
  EXPECT_EQ(my["conf"], ordered_json::parse(R"({"connectionTimeout":"1s","http":{"requestTimeout":"3s"},"idleTimeout":"2s"})"));
  EXPECT_EQ(Origins(my), (std::vector<std::string>{"mesh-wide/0", "labels-common/0", "by-name/0"}));
  ordered_json labeled = RuleFor(r.result, "MeshTimeout", "meshservice:mesh/mesh-1:name/labeled-service");
  EXPECT_EQ(labeled["conf"], ordered_json::parse(R"({"connectionTimeout":"1s","http":{"streamIdleTimeout":"4s"},"idleTimeout":"2s"})"));
  EXPECT_EQ(Origins(labeled), (std::vector<std::string>{"mesh-wide/0", "labels-common/0", "for-foo-bar/0"}));
  ordered_json mesh = RuleFor(r.result, "MeshTimeout", "mesh:name/mesh-1");
  EXPECT_EQ(mesh["conf"], ordered_json::parse(R"({"connectionTimeout":"1s"})"));
  ordered_json other = RuleFor(r.result, "MeshTimeout", "meshservice:mesh/mesh-1:name/other-service");
  EXPECT_EQ(other["conf"], ordered_json::parse(R"({"connectionTimeout":"1s"})"));
  EXPECT_EQ(other["computedFrom"], "mesh:name/mesh-1");
  EXPECT_FALSE(my.contains("computedFrom"));
}

// The MADR's sparse YAML as written: mis-indented conf lines and 'conf' instead of 'default'.
TEST(PolicyMadr, SparseExampleAsWrittenIsReportedWithFixes) {
  const char* yaml = R"(type: MeshService
mesh: mesh-1
name: my-service
labels:
  a-common-label: foo
---
type: Policy
mesh: mesh-1
name: p4
spec:
  targetRef:
    kind: MeshSubset
    labels:
      foo: bar
  to:
    - targetRef:
        kind: MeshService
        labels:
          another-common-label: foo
        conf: $conf4
)";
  Report r = RunYaml(yaml, "kuma-2.10", "", false);
  std::vector<std::string> codes = Codes(r.diagnostics);
  EXPECT_EQ(codes, (std::vector<std::string>{"POL020", "POL002", "POL019", "POL010", "POL015"}));
  const doc::Diagnostic* d = Find(r.diagnostics, "POL015");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->begin.line, 20);
  EXPECT_EQ(d->begin.column, 9);
  EXPECT_EQ(d->message,
            "unknown field 'conf' in targetRef; it is indented one level too deep: move it out to the level of "
            "'targetRef'");
  const doc::Diagnostic* n = Find(r.diagnostics, "POL002");
  EXPECT_EQ(n->begin.line, 7);
  EXPECT_EQ(n->severity, doc::Severity::kNote);
}

// ---- sort order: kuma vs madr ----

TEST(PolicySort, ProfilesDivergeOnSectionOriginAndRoutes) {
  Report k = RunSample("profiles-diverge.scenario.yaml", "kuma-2.10");
  Report m = RunSample("profiles-diverge.scenario.yaml", "madr");
  EXPECT_EQ(Find(k.diagnostics, "SCN006"), nullptr);
  EXPECT_EQ(Find(m.diagnostics, "SCN006"), nullptr);
  const std::string section = "meshservice:mesh/default:name/backend:section/http";
  EXPECT_EQ(RuleFor(k.result, "MeshTimeout", section)["conf"]["http"]["requestTimeout"], "1s");
  EXPECT_EQ(RuleFor(m.result, "MeshTimeout", section)["conf"]["http"]["requestTimeout"], "9s");
  EXPECT_EQ(Origins(RuleFor(k.result, "MeshTimeout", section)),
            (std::vector<std::string>{"mesh-default/0", "a-plain/0", "z-section/0"}));
  EXPECT_EQ(Origins(RuleFor(m.result, "MeshTimeout", section)),
            (std::vector<std::string>{"mesh-default/0", "z-section/0", "a-plain/0"}));
  const std::string backend = "meshservice:mesh/default:name/backend";
  EXPECT_EQ(RuleFor(k.result, "MeshRetry", backend)["conf"]["http"]["numRetries"], 2);
  EXPECT_EQ(RuleFor(m.result, "MeshRetry", backend)["conf"]["http"]["numRetries"], 7);
  const std::string route = "meshhttproute:mesh/default:name/route-1";
  EXPECT_EQ(RuleFor(k.result, "MeshTimeout", route)["conf"], ordered_json::parse(R"({"connectionTimeout":"5s"})"));
  EXPECT_EQ(RuleFor(m.result, "MeshTimeout", route)["conf"],
            ordered_json::parse(R"({"connectionTimeout":"5s","http":{"requestTimeout":"1m0s"}})"));  // 60s as Go prints it
  const doc::Diagnostic* note = Find(k.diagnostics, "POL017");
  ASSERT_NE(note, nullptr);
  EXPECT_EQ(note->begin.line, 59);
  EXPECT_EQ(Find(m.diagnostics, "POL017"), nullptr);
}

TEST(PolicySort, RoleAndDataplaneSpecificity) {
  // Kuma: system < producer < consumer < workload-owner; Dataplane by name after by labels.
  const char* yaml = R"(type: MeshService
name: api
mesh: default
---
type: Dataplane
name: web-1
mesh: default
labels: {app: web}
networking:
  address: 1.1.1.1
  inbound: [{port: 80, tags: {kuma.io/service: web}}]
---
type: MeshTimeout
name: a-consumer
mesh: default
labels: {kuma.io/policy-role: consumer}
spec:
  to: [{targetRef: {kind: MeshService, name: api}, default: {idleTimeout: 1s}}]
---
type: MeshTimeout
name: z-producer
mesh: default
labels: {kuma.io/policy-role: producer}
spec:
  to: [{targetRef: {kind: MeshService, name: api}, default: {idleTimeout: 2s}}]
---
type: MeshRetry
name: a-by-name
mesh: default
spec:
  targetRef: {kind: Dataplane, name: web-1}
  to: [{targetRef: {kind: Mesh}, default: {tcp: {maxConnectAttempt: 1}}}]
---
type: MeshRetry
name: z-by-labels
mesh: default
spec:
  targetRef: {kind: Dataplane, labels: {app: web}}
  to: [{targetRef: {kind: Mesh}, default: {tcp: {maxConnectAttempt: 2}}}]
)";
  Report k = RunYaml(yaml, "kuma-2.10");
  Report m = RunYaml(yaml, "madr");
  const std::string api = "meshservice:mesh/default:name/api";
  EXPECT_EQ(RuleFor(k.result, "MeshTimeout", api)["conf"]["idleTimeout"], "1s");  // consumer after producer
  EXPECT_EQ(RuleFor(m.result, "MeshTimeout", api)["conf"]["idleTimeout"], "1s");  // names: a after z
  EXPECT_EQ(RuleFor(k.result, "MeshRetry", "mesh:name/default")["conf"]["tcp"]["maxConnectAttempt"], 1);  // name beats labels
  EXPECT_EQ(RuleFor(m.result, "MeshRetry", "mesh:name/default")["conf"]["tcp"]["maxConnectAttempt"], 1);
  const auto& items = k.result["rules"][0]["items"];
  ASSERT_EQ(k.result["rules"][0]["type"], "MeshRetry");
  EXPECT_EQ(items[0]["policy"], "z-by-labels");
  EXPECT_EQ(items[0]["dataplaneSpecificity"], 2);
  EXPECT_EQ(items[1]["dataplaneSpecificity"], 4);
}

// ---- matching details ----

TEST(PolicyMatch, LegacyServiceNameResolvesToSection) {
  Report r = RunSample("realistic-mesh.scenario.yaml", "kuma-2.10");
  ordered_json rule = RuleFor(r.result, "MeshRetry", "meshservice:mesh/default:namespace/kuma-demo:name/backend:section/http");
  ASSERT_FALSE(rule.is_null());
  EXPECT_EQ(rule["conf"]["http"]["numRetries"], 5);
  EXPECT_EQ(rule["conf"]["http"]["retryOn"], ordered_json::parse(R"(["503"])"));
  EXPECT_EQ(Origins(rule), (std::vector<std::string>{"mesh-retries.kuma-system/0", "backend-retries.kuma-demo/0"}));
}

TEST(PolicyMatch, RealisticMeshResults) {
  Report r = RunSample("realistic-mesh.scenario.yaml", "kuma-2.10");
  EXPECT_EQ(Codes(r.diagnostics), (std::vector<std::string>{"POL011"}));
  EXPECT_EQ(r.result["dataplane"], "frontend-7d9c8.kuma-demo");
  ordered_json backend = RuleFor(r.result, "MeshTimeout", "meshservice:mesh/default:namespace/kuma-demo:name/backend");
  EXPECT_EQ(backend["conf"], ordered_json::parse(
      R"({"connectionTimeout":"5s","http":{"requestTimeout":"3s","streamIdleTimeout":"30m0s"},"idleTimeout":"1h0m0s"})"));
  ordered_json grpc = RuleFor(r.result, "MeshTimeout", "meshservice:mesh/default:namespace/kuma-demo:name/backend:section/grpc");
  EXPECT_EQ(Origins(grpc), (std::vector<std::string>{"mesh-timeouts.kuma-system/0", "backend-producer.kuma-demo/0",
                                                      "frontend-consumer.kuma-demo/0"}));
  ordered_json redis = RuleFor(r.result, "MeshTimeout", "meshservice:mesh/default:namespace/kuma-demo:name/redis");
  EXPECT_EQ(redis["conf"]["idleTimeout"], "10m0s");
  ordered_json payments = RuleFor(r.result, "MeshTimeout", "meshservice:mesh/default:namespace/payments:name/payments");
  EXPECT_EQ(payments["computedFrom"], "mesh:name/default");
  ordered_json mes = RuleFor(r.result, "MeshCircuitBreaker", "meshexternalservice:mesh/default:namespace/kuma-system:name/httpbin");
  EXPECT_EQ(mes["conf"]["connectionLimits"], ordered_json::parse(R"({"maxConnections":16,"maxPendingRequests":1024})"));
  // MeshProxyPatch: appendModifications concatenate in merge order.
  for (const auto& t : r.result["rules"]) {
    if (t["type"] != "MeshProxyPatch") continue;
    ASSERT_EQ(t["proxyRule"]["conf"]["appendModifications"].size(), 2u);
    EXPECT_EQ(t["proxyRule"]["conf"]["appendModifications"][0]["cluster"]["value"], "connectTimeout: 7s");
    EXPECT_EQ(Origins(t["proxyRule"]), (std::vector<std::string>{"platform-patch.kuma-system/0", "frontend-patch.kuma-demo/0"}));
  }
  // The role computed from the namespace (ComputePolicyRole).
  for (const auto& t : r.result["rules"])
    if (t["type"] == "MeshTimeout") {
      EXPECT_EQ(t["items"][0]["role"], "system");
      EXPECT_EQ(t["items"][1]["role"], "producer");
      EXPECT_EQ(t["items"][2]["role"], "consumer");
    }
}

TEST(PolicyMatch, FieldProvenancePointsAtTheYaml) {
  Report r = RunSample("madr-inspect-api.scenario.yaml", "kuma-2.10");
  ordered_json rule = RuleFor(r.result, "MeshTimeout", "meshservice:mesh/mesh-1:namespace/finance:name/backend");
  const auto& fields = rule["fields"];
  ASSERT_EQ(fields.size(), 3u);
  EXPECT_EQ(fields[1]["path"], "/http/requestTimeout");
  EXPECT_EQ(fields[1]["ruleIndex"], 1);
  EXPECT_EQ(fields[1]["file"], "mesh.yaml");
  EXPECT_EQ(fields[1]["line"], 51);
  EXPECT_EQ(fields[1]["column"], 27);
  ASSERT_EQ(fields[1]["overrode"].size(), 1u);
  EXPECT_EQ(fields[1]["overrode"][0]["ruleIndex"], 0);
  EXPECT_EQ(fields[1]["overrode"][0]["value"], "15s");
  EXPECT_EQ(fields[1]["overrode"][0]["line"], 44);
}

// A mid-size mesh in the large sample's shape (gen-large-mesh.py), small enough for a unit test.
std::string MidMesh() {
  std::string y = "type: Mesh\nname: default\n";
  const char* tiers[] = {"api", "web", "data"};
  for (int i = 0; i < 600; ++i)
    y += "---\ntype: MeshService\nname: svc-" + std::to_string(i) + "\nmesh: default\nlabels: {team: t" +
         std::to_string(i % 60) + ", tier: " + tiers[i % 3] + "}\nspec: {ports: [{port: 8080, name: http}]}\n";
  y += "---\ntype: Dataplane\nname: web-1\nmesh: default\nlabels: {app: web}\nnetworking:\n  address: 1.1.1.1\n"
       "  inbound: [{port: 80, tags: {kuma.io/service: web}}]\n";
  for (int i = 0; i < 120; ++i) {
    std::string ref = i % 30 == 0 ? "{kind: Mesh}"
                      : i % 3 == 0 ? "{kind: MeshService, labels: {team: t" + std::to_string((i * 13) % 60) + "}}"
                      : i % 3 == 1 ? "{kind: MeshService, labels: {team: t" + std::to_string((i * 17) % 60) + ", tier: api}}"
                                   : "{kind: MeshService, name: svc-" + std::to_string((i * 7) % 600) +
                                         (i % 2 ? ", sectionName: http}" : "}");
    std::string top = i % 5 == 0 && i % 30 ? "{kind: Dataplane, labels: {app: web}}" : "{kind: Mesh}";
    y += "---\ntype: " + std::string(i % 2 ? "MeshTimeout" : "MeshRetry") + "\nname: p-" + std::to_string(i) +
         "\nmesh: default\nspec:\n  targetRef: " + top + "\n  to:\n    - targetRef: " + ref +
         "\n      default: {idleTimeout: " + std::to_string(i) + "s, x" + std::to_string(i % 4) + ": 1}\n";
  }
  return y;
}

constexpr Profile kEveryProfile[] = {Profile::kKuma214, Profile::kKuma213, Profile::kKuma210, Profile::kKuma30, Profile::kMadr};

// The rules of `dp` under `p` by the indexed path (first) and the naive baseline (second).
std::pair<ordered_json, ordered_json> IndexedAndNaive(const PolicyModel& c, const Dataplane& dp, Profile p) {
  EvalOptions fast, slow;
  fast.profile = slow.profile = p;
  fast.provenance = slow.provenance = false;
  fast.explain = slow.explain = false;
  slow.naive = true;
  return {RulesJson(Evaluate(c.mesh, dp, fast), p), RulesJson(Evaluate(c.mesh, dp, slow), p)};
}

TEST(PolicyMatch, IndexedEqualsNaive) {
  for (const char* file : {"samples/policy/realistic-mesh.yaml", "mid"}) {
    std::string text = std::string(file) == "mid" ? MidMesh() : ReadFile(file);
    Scenario s = LoadScenario({{file, text}});
    std::unique_ptr<PolicyModel> c = LoadPolicyModel(s, Query{}, Mode::kCheck);
    ASSERT_FALSE(c->mesh.dataplanes.empty());
    for (Profile p : kEveryProfile) {
      const auto [a, naive] = IndexedAndNaive(*c, c->mesh.dataplanes[0], p);
      EXPECT_EQ(a, naive) << file;
      size_t n = 0;
      for (const auto& t : a["rules"]) n += t["toResourceRules"].size();
      EXPECT_EQ(n, std::string(file) == "mid" ? 721u : 20u) << file;
    }
  }
}

// The naive baseline (outbound.isRelevant over every pair) and the indexed path agree on every
// policy sample but the large generated one, for every dataplane and profile: the samples' to[]
// items name Mesh, MeshService (with and without a section, by labels), MeshMultiZoneService,
// MeshExternalService and MeshHTTPRoute, each kind a case of isRelevant (resourcerules.go).
TEST(PolicyMatch, IndexedEqualsNaiveOnEverySample) {
  std::set<std::string> kinds_seen;
  int compared = 0;
  for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(CFGI_SOURCE_DIR) / "samples/policy")) {
    const std::string name = e.path().filename().string();
    if (name == "large-mesh.yaml" || name.find("large-mesh") != std::string::npos) continue;
    if (e.path().extension() != ".yaml") continue;
    Scenario s = LoadScenario({{e.path().string(), ReadFile("samples/policy/" + name)}}, Reader);
    std::unique_ptr<PolicyModel> c = LoadPolicyModel(s, Query{}, Mode::kCheck);
    for (const Policy& p : c->mesh.policies)
      for (const PolicyItem& it : p.to) kinds_seen.insert(it.target_ref.kind);
    for (const Dataplane& dp : c->mesh.dataplanes)
      for (Profile p : kEveryProfile) {
        const auto [indexed, naive] = IndexedAndNaive(*c, dp, p);
        EXPECT_EQ(indexed, naive) << name << " " << dp.meta.name << " " << static_cast<int>(p);
        ++compared;
      }
  }
  EXPECT_GE(compared, 100);
  for (const char* k : {"Mesh", "MeshService", "MeshMultiZoneService", "MeshExternalService", "MeshHTTPRoute"})
    EXPECT_TRUE(kinds_seen.count(k)) << k << ": no sample's to[] names it";
}

TEST(PolicyMatch, ComputeRuleFallsBackSectionServiceMesh) {
  Report r = RunSample("realistic-mesh.scenario.yaml", "kuma-2.10");
  Scenario s = LoadScenario({{"m.yaml", ReadFile("samples/policy/realistic-mesh.yaml")}});
  std::unique_ptr<PolicyModel> c = LoadPolicyModel(s, Query{}, Mode::kCheck);
  DataplaneRules dr = Evaluate(c->mesh, *c->mesh.FindDataplane("frontend-7d9c8.kuma-demo"), {});
  const TypeRules* mt = nullptr;
  for (const TypeRules& t : dr.types)
    if (t.type == "MeshTimeout") mt = &t;
  ASSERT_NE(mt, nullptr);
  const ResourceRule* a = ComputeRule(*mt, "meshservice:mesh/default:namespace/kuma-demo:name/backend:section/http", c->mesh);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->key, "meshservice:mesh/default:namespace/kuma-demo:name/backend");
  const ResourceRule* b = ComputeRule(*mt, "meshservice:mesh/default:namespace/kuma-demo:name/nope:section/x", c->mesh);
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->key, "mesh:name/default");
  EXPECT_EQ(ComputeRule(*mt, "meshhttproute:mesh/default:name/x", c->mesh), nullptr);
}

TEST(PolicyMatch, DataplaneChoiceAndResourceFilter) {
  std::string path = std::string(CFGI_SOURCE_DIR) + "/samples/policy/realistic-mesh.yaml";
  Scenario s = LoadScenario({{path, ReadFile("samples/policy/realistic-mesh.yaml")}});
  Query q;
  Report none = RunScenario(GetPolicyEngine(), s, q, "kuma-2.10", true);  // two dataplanes, none chosen
  const doc::Diagnostic* d = Find(none.diagnostics, "POL014");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->message,
            "several Dataplanes (frontend-7d9c8.kuma-demo, backend-5f6b7.kuma-demo); choose one with --dataplane NAME "
            "or inputs.dataplane");
  EXPECT_TRUE(none.result["dataplane"].is_null());
  q.flags = {{"dataplane", "backend-5f6b7.kuma-demo"}, {"resource", "mesh:name/default"}};
  Report one = RunScenario(GetPolicyEngine(), s, q, "kuma-2.10", true);
  EXPECT_EQ(one.result["dataplane"], "backend-5f6b7.kuma-demo");
  for (const auto& t : one.result["rules"])
    for (const auto& rr : t["toResourceRules"]) EXPECT_EQ(rr["key"], "mesh:name/default");
  // The backend dataplane gets the MTP from[] rule for frontend on both inbounds.
  for (const auto& t : one.result["rules"])
    if (t["type"] == "MeshTrafficPermission") {
      // Kuma's legacy rows per inbound (rules.go BuildRules): {frontend} Allow, then everyone else
      // ({!frontend}) Deny.
      ASSERT_EQ(t["fromRules"].size(), 4u);
      EXPECT_EQ(t["fromRules"][0]["inbound"], "http");
      EXPECT_EQ(t["fromRules"][0]["conf"], ordered_json::parse(R"({"action":"Allow"})"));
      EXPECT_EQ(t["fromRules"][1]["subset"][0]["not"], true);
      EXPECT_EQ(t["fromRules"][1]["conf"], ordered_json::parse(R"({"action":"Deny"})"));
      EXPECT_EQ(t["fromRules"][3]["inbound"], "grpc");
    }
  q.flags = {{"dataplane", "nope"}};
  Report bad = RunScenario(GetPolicyEngine(), s, q, "kuma-2.10", true);
  EXPECT_NE(Find(bad.diagnostics, "POL014"), nullptr);
}

// ---- diagnostics: exact code, line and column ----

struct DiagCase {
  const char* name;
  const char* yaml;
  const char* code;
  int line, column;
};

TEST(PolicyDiagnostics, CodesAndPositions) {
  const DiagCase cases[] = {
      {"not a resource", "- a\n- b\n", "POL001", 1, 1},
      {"no type", "foo: bar\n", "POL001", 1, 1},
      {"unknown kind without spec", "type: Frobnicator\nname: x\n", "POL003", 1, 7},
      {"missing name", "type: MeshService\nmesh: default\n", "POL004", 1, 1},
      {"duplicate", "type: MeshService\nname: a\n---\ntype: MeshService\nname: a\n", "POL005", 4, 1},
      {"bad spec shape", "type: MeshTimeout\nname: t\nspec:\n  to: 5\n", "POL006", 4, 7},
      {"default not a map", "type: MeshTimeout\nname: t\nspec:\n  to:\n    - targetRef: {kind: Mesh}\n      default: 5\n",
       "POL006", 6, 16},
      {"unknown targetRef kind", "type: MeshTimeout\nname: t\nspec:\n  targetRef: {kind: Meshh}\n", "POL007", 4, 21},
      {"missing service", "type: MeshTimeout\nname: t\nspec:\n  to:\n    - targetRef: {kind: MeshService, name: nope}\n      default: {}\n",
       "POL008", 5, 18},
      {"section on Mesh", "type: MeshTimeout\nname: t\nspec:\n  targetRef: {kind: Mesh, sectionName: x}\n", "POL009", 4, 40},
      {"labels match nothing",
       "type: MeshTimeout\nname: t\nspec:\n  to:\n    - targetRef: {kind: MeshService, labels: {a: b}}\n      default: {}\n",
       "POL010", 5, 18},
      {"no port", "type: MeshService\nname: s\nspec: {ports: [{port: 80, name: http}]}\n---\ntype: MeshTimeout\nname: t\n"
                  "spec:\n  to:\n    - targetRef: {kind: MeshService, name: s, sectionName: grpc}\n      default: {}\n",
       "POL012", 9, 18},
      {"conf alias", "type: MeshTimeout\nname: t\nspec:\n  to:\n    - targetRef: {kind: Mesh}\n      conf: {idleTimeout: 1s}\n",
       "POL013", 6, 13},
      {"unknown targetRef field", "type: MeshTimeout\nname: t\nspec:\n  targetRef: {kind: Mesh, nam: x}\n", "POL015", 4, 27},
      {"mixed roles", "apiVersion: kuma.io/v1alpha1\nkind: MeshTimeout\nmetadata: {name: t, namespace: app}\nspec:\n"
                      "  to:\n    - targetRef: {kind: MeshService, name: a}\n      default: {}\n"
                      "    - targetRef: {kind: Mesh}\n      default: {}\n",
       "POL016", 1, 1},
      {"MeshSubset with labels", "type: MeshTimeout\nname: t\nspec:\n  targetRef: {kind: MeshSubset, labels: {a: b}}\n", "POL019", 4, 14},
      {"generic type", "type: MeshFancy\nname: t\nspec:\n  targetRef: {kind: Mesh}\n", "POL002", 1, 7},
      {"implicit mesh", "type: MeshService\nname: s\nmesh: m1\n", "POL020", 1, 1},
  };
  for (const DiagCase& c : cases) {
    Report r = RunYaml(c.yaml, "kuma-2.10", "", false);
    const doc::Diagnostic* d = Find(r.diagnostics, c.code);
    ASSERT_NE(d, nullptr) << c.name << ": got " << ::testing::PrintToString(Codes(r.diagnostics));
    EXPECT_EQ(d->begin.line, c.line) << c.name << ": " << d->message;
    EXPECT_EQ(d->begin.column, c.column) << c.name << ": " << d->message;
    EXPECT_EQ(d->file, "in.yaml") << c.name;
  }
}

TEST(PolicyDiagnostics, SelectsNoDataplaneAndDeadItems) {
  const char* yaml = R"(type: Mesh
name: default
---
type: MeshService
name: api
mesh: default
---
type: Dataplane
name: web-1
mesh: default
networking:
  address: 1.1.1.1
  inbound: [{port: 80, tags: {kuma.io/service: web}}]
---
type: MeshTimeout
name: b-first
mesh: default
spec:
  to:
    - targetRef: {kind: MeshService, name: api}
      default: {idleTimeout: 1s}
---
type: MeshTimeout
name: a-second
mesh: default
spec:
  to:
    - targetRef: {kind: MeshService, name: api}
      default: {idleTimeout: 2s}
---
type: MeshRetry
name: for-db
mesh: default
spec:
  targetRef: {kind: MeshSubset, tags: {kuma.io/service: db}}
  to:
    - targetRef: {kind: Mesh}
      default: {tcp: {maxConnectAttempt: 1}}
)";
  Report r = RunYaml(yaml, "kuma-2.10", "", false);
  EXPECT_EQ(Codes(r.diagnostics), (std::vector<std::string>{"POL018", "POL011"}));
  const doc::Diagnostic* dead = Find(r.diagnostics, "POL018");
  EXPECT_EQ(dead->begin.line, 20);
  EXPECT_EQ(dead->begin.column, 7);
  EXPECT_EQ(dead->message,
            "to[0] of MeshTimeout 'b-first' never takes effect on dataplane 'web-1': later items override every field it "
            "sets (e.g. in meshservice:mesh/default:name/api); remove it or target it more specifically");
  const doc::Diagnostic* none = Find(r.diagnostics, "POL011");
  EXPECT_EQ(none->begin.line, 35);
  EXPECT_EQ(none->severity, doc::Severity::kWarning);
}

TEST(PolicyEngine, DetectsKumaResources) {
  Scenario s = LoadScenario({{"x.yaml", "type: MeshTimeout\nname: t\nspec: {}\n"}});
  EXPECT_EQ(DetectEngine(s)->name(), "policy");
  Scenario k = LoadScenario({{"x.yaml", "apiVersion: kuma.io/v1alpha1\nkind: Anything\nmetadata: {name: a}\n"}});
  EXPECT_EQ(DetectEngine(k)->name(), "policy");
  Scenario other = LoadScenario({{"x.yaml", "a: 1\n"}});
  EXPECT_EQ(DetectEngine(other)->name(), "document");
}

}  // namespace
}  // namespace cfgi::policy

namespace cfgi::policy {
namespace {

// merge.go mergeByKey: MeshHTTPRoute rules with equal matches merge their defaults and sit where
// the key last appeared; other rules are concatenated.
TEST(PolicyMerge, MeshHttpRouteRulesMergeByMatches) {
  json a = json::parse(R"({"rules":[{"matches":[{"path":{"value":"/a"}}],"default":{"filters":[1],"x":1}},
                                    {"matches":[{"path":{"value":"/b"}}],"default":{"x":2}}]})");
  json b = json::parse(R"({"rules":[{"matches":[{"path":{"value":"/a"}}],"default":{"x":3}}]})");
  MergeResult r = MergeConfs({{&a, 0}, {&b, 1}}, true, MergeOptionsFor("MeshHTTPRoute"));
  // Kuma's order (helpers.go GetDefault/Transform): /a merged keeps the first place, /b follows.
  EXPECT_EQ(r.conf, json::parse(R"({"rules":[{"matches":[{"path":{"value":"/a"}}],"default":{"filters":[1],"x":3}},
                                             {"matches":[{"path":{"value":"/b"}}],"default":{"x":2}}]})"));
  // /rules/0/default/x was set by conf 1 (its rules[0]) and overrode conf 0's rules[0].
  const FieldOrigin* x = nullptr;
  for (const FieldOrigin& f : r.fields)
    if (f.path == "/rules/0/default/x") x = &f;
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(x->id, 1u);
  EXPECT_EQ(x->source_path, "/rules/0/default/x");
  ASSERT_EQ(x->overrode.size(), 1u);
  EXPECT_EQ(x->overrode[0].id, 0u);
  EXPECT_EQ(x->overrode[0].path, "/rules/0/default/x");
  // Without the option the list is replaced (plain RFC 7396).
  EXPECT_EQ(MergeConfs({{&a, 0}, {&b, 1}}, false).conf, b);
}

}  // namespace
}  // namespace cfgi::policy

namespace cfgi::policy {
namespace {

TEST(PolicyExplain, TreeShowsSelectionOrderAndMerges) {
  Scenario s = LoadScenario({{"m.yaml", ReadFile("samples/policy/realistic-mesh.yaml")}});
  std::unique_ptr<PolicyModel> c = LoadPolicyModel(s, Query{}, Mode::kCheck);
  DataplaneRules r = Evaluate(c->mesh, *c->mesh.FindDataplane("frontend-7d9c8.kuma-demo"), {});
  const doc::Step* mt = nullptr;
  for (const doc::Step& st : r.explanation.children)
    if (st.what == "MeshTimeout") mt = &st;
  ASSERT_NE(mt, nullptr);
  EXPECT_EQ(mt->detail, "3 of 4 policies select the dataplane");
  ASSERT_EQ(mt->children.size(), 3u);
  const doc::Step& sel = mt->children[0];
  EXPECT_EQ(sel.children.back().what, "admin-timeouts.kuma-demo");
  EXPECT_EQ(sel.children.back().outcome, doc::Outcome::kNoMatch);
  EXPECT_EQ(sel.children.back().detail, "Dataplane labels {app: admin} does not match this dataplane");
  const doc::Step& order = mt->children[1];
  EXPECT_EQ(order.children[0].what, "#0 mesh-timeouts.kuma-system to[0]");
  EXPECT_EQ(order.children[0].detail, "top-level Mesh, origin global, role system, to kind Mesh, name mesh-timeouts");
  const doc::Step& merges = mt->children[2];
  bool found = false;
  for (const doc::Step& m : merges.children)
    if (m.what == "meshservice:mesh/default:namespace/kuma-demo:name/backend:section/grpc") {
      found = true;
      EXPECT_EQ(m.detail, "merge(mesh-timeouts.kuma-system to[0], backend-producer.kuma-demo to[0], frontend-consumer.kuma-demo to[0])");
    }
  EXPECT_TRUE(found);
}

// Field paths come from DiagnosticSink::ScopedField (core/doc/diagnostic.h, as gRPC's
// ValidationErrors::ScopedField): the list, the item's index, the targetRef, the field.
TEST(PolicyPaths, DiagnosticsCarryTheScopedFieldPath) {
  Report r = RunYaml(
      "type: MeshTimeout\nname: t\nmesh: default\nspec:\n  targetRef: {kind: Mesh, tags: {a: b}, bogus: 1}\n"
      "  to:\n    - targetRef: {kind: Mesh}\n      default: {}\n"
      "    - targetRef: {kind: Meshh}\n      default: 7\n",
      "kuma-2.10", "", false);
  const doc::Diagnostic* kind = Find(r.diagnostics, "POL007");
  ASSERT_NE(kind, nullptr);
  EXPECT_EQ(kind->path, "spec.to[1].targetRef.kind");
  EXPECT_EQ(kind->begin.line, 9);
  const doc::Diagnostic* def = Find(r.diagnostics, "POL006");
  ASSERT_NE(def, nullptr);
  EXPECT_EQ(def->path, "spec.to[1].default");
  const doc::Diagnostic* unknown = Find(r.diagnostics, "POL015");
  ASSERT_NE(unknown, nullptr);
  EXPECT_EQ(unknown->path, "spec.targetRef.bogus");
}

}  // namespace
}  // namespace cfgi::policy

namespace cfgi::policy {
namespace {

// Engine::Requery (the app's dataplane switch over unchanged texts): the model of a new query
// shares the previous model's mesh and gives what a fresh Load gives, diagnostics included.
TEST(PolicyRequery, SharesTheMeshAndEqualsAFreshLoad) {
  auto s = std::make_shared<Scenario>(LoadScenario({{"m.yaml", ReadFile("samples/policy/realistic-mesh.yaml")}}));
  const Engine* e = FindEngine("policy");
  ASSERT_NE(e, nullptr);
  InspectOptions first;
  Inspection a = Inspect(*e, s, Query{}, first);  // several dataplanes, none named: POL014
  ASSERT_NE(a.model, nullptr);
  bool pol014 = false;
  for (const doc::Diagnostic& d : a.model->diagnostics) pol014 |= d.code == "POL014";
  EXPECT_TRUE(pol014);

  const Query q{{{"dataplane", "frontend-7d9c8.kuma-demo"}, {"resource", "meshservice:mesh/default:namespace/kuma-demo:name/backend"}}};
  InspectOptions again;
  again.previous = a.model;
  again.result_json = true;  // compares Report::result
  Inspection b = Inspect(*e, s, q, again);
  InspectOptions plain;
  plain.result_json = true;
  Inspection fresh = Inspect(*e, s, q, plain);
  const auto* pa = ModelAs<PolicyModel>(a.model.get());
  const auto* pb = ModelAs<PolicyModel>(b.model.get());
  const auto* pf = ModelAs<PolicyModel>(fresh.model.get());
  ASSERT_TRUE(pa && pb && pf);
  EXPECT_EQ(pa->shared_mesh.get(), pb->shared_mesh.get());  // read once
  EXPECT_NE(pa->shared_mesh.get(), pf->shared_mesh.get());
  ASSERT_EQ(b.reports.size(), fresh.reports.size());
  for (size_t i = 0; i < b.reports.size(); ++i) {
    EXPECT_EQ(b.reports[i].result, fresh.reports[i].result) << b.reports[i].profile;
    EXPECT_EQ(DiagnosticsJson(b.reports[i].diagnostics), DiagnosticsJson(fresh.reports[i].diagnostics));
  }
  EXPECT_EQ(b.reports[0].result["dataplane"], "frontend-7d9c8.kuma-demo");
  for (const doc::Diagnostic& d : b.model->diagnostics) EXPECT_NE(d.code, "POL014");  // the query's, not the first one's
}

}  // namespace
}  // namespace cfgi::policy
