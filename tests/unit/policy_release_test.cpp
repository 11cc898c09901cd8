// The policy engine's Kuma release profiles: kuma-2.14 (the default, alias "kuma"),
// kuma-2.13, kuma-2.10, kuma-3.0-preview; 2.12+ inbound rules listed per rule and match, the
// MeshTrafficPermission RBAC order, KRI keys and the upgrade notes of the profile comparison.
//
// Ported as our own inputs in the shapes of kumahq/kuma v2.14.3
// pkg/plugins/policies/core/rules/inbound/testdata/inboundrules/*.input.yaml (mt-mixed,
// mt-order-by-origin, mt-order-by-role, mt-rules, mt-from, mt-to; inboundrules_test.go builds the
// rules of every policy named matched-for-rules-*) and
// .../outbound/testdata/resourcerules/mt_with_ms_and_mesh.input.yaml (zone-uni golden: KRI keys),
// with pkg/core/kri/kri_test.go's identifier format and
// pkg/plugins/policies/meshtrafficpermission/xds/rbac_configurer.go's matcher order.
#include <gtest/gtest.h>

#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "core/policy/policy_engine.h"
#include "core/policy/policy_release.h"
#include "core/policy/policy_release_rules.h"
#include "core/policy/policy_rules.h"

namespace cfgi::policy {
namespace {

using nlohmann::json;
using nlohmann::ordered_json;

constexpr const char* kMeshAndDataplane = R"(type: Mesh
name: mesh-1
---
type: Dataplane
name: web-1
mesh: mesh-1
labels:
  app: web
networking:
  address: 10.3.0.1
  inbound:
    - port: 8080
      name: main
      tags:
        kuma.io/service: web
)";

Report Eval(const std::string& policies, const std::string& profile) {
  Scenario s = LoadScenario({{"in.yaml", std::string(kMeshAndDataplane) + "---\n" + policies}});
  return RunScenario(GetPolicyEngine(), s, Query{}, profile, true);
}

const ordered_json& TypeOf(const Report& r, const std::string& type) {
  static const ordered_json kNone;
  for (const auto& t : r.result["rules"])
    if (t["type"] == type) return t;
  return kNone;
}

// The fromRules rows built from rules[] (and from[] of IsFromAsRules types), in order; the legacy
// from-rows (source "from") follow them.
std::vector<ordered_json> RuleRows(const ordered_json& t) {
  std::vector<ordered_json> out;
  for (const auto& row : t["fromRules"])
    if (row["source"] == "rules") out.push_back(row);
  return out;
}

// "policy[ruleIndex]" of each fromRules row whose source is rules, in order.
std::vector<std::string> RowOrigins(const ordered_json& t) {
  std::vector<std::string> out;
  for (const auto& row : t["fromRules"])
    if (row["source"] == "rules") {
      std::string s;
      for (const auto& o : row["origin"]) s += (s.empty() ? "" : "+") + o["policy"].get<std::string>() + "[" + std::to_string(o["ruleIndex"].get<int>()) + "]";
      out.push_back(s);
    }
  return out;
}

TEST(PolicyRelease, ProfilesNameTheirReleaseAndKumaIsTheDefaultsAlias) {
  const auto& ps = Profiles();
  ASSERT_EQ(ps.size(), 5u);
  EXPECT_STREQ(ps.Name(ps.Default()), "kuma-2.14");
  EXPECT_STREQ(ps.Name(ps.At(1)), "kuma-2.13");
  EXPECT_STREQ(ps.Name(ps.At(2)), "kuma-2.10");
  EXPECT_STREQ(ps.Name(ps.At(3)), "kuma-3.0-preview");
  EXPECT_STREQ(ps.Name(ps.At(4)), "madr");
  EXPECT_EQ(ps.Find("kuma"), Profile::kKuma214);
  EXPECT_EQ(ps.Find("kuma-2.10"), Profile::kKuma210);
  EXPECT_EQ(ps.Find("kuma-2.12"), std::nullopt);
  EXPECT_NE(std::string(ps.profiles()[0].description).find("v2.14.3"), std::string::npos);
  EXPECT_EQ(ps.profiles()[0].aliases, std::vector<std::string>{"kuma"});
  EXPECT_EQ(ReleaseOf(Profile::kKuma213), KumaRelease::k2_13);
  EXPECT_STREQ(ReleaseName(ReleaseOf(Profile::kKuma30)), "3.0-preview");
  const Engine& e = GetPolicyEngine();
  EXPECT_TRUE(e.HasProfile("kuma"));
  EXPECT_EQ(e.CanonicalProfile("kuma"), "kuma-2.14");
  EXPECT_EQ(e.CanonicalProfile("madr"), "madr");
  EXPECT_EQ(e.CanonicalProfile("nope"), "nope");
  // An alias evaluates under the canonical name.
  Report r = Eval("", "kuma");
  EXPECT_EQ(r.profile, "kuma-2.14");
  EXPECT_EQ(r.result["release"], "2.14");
  EXPECT_EQ(Eval("", "kuma-2.10").result["release"], "2.10");
}

TEST(PolicyRelease, ExpectEntryWithProfileKumaIsCheckedUnderKuma214) {
  std::string yaml =
      "engine: policy\nexpect:\n  - profile: kuma\n    path: /release\n    equals: \"2.14\"\n"
      "  - profile: kuma-2.10\n    path: /release\n    equals: \"2.10\"\nsources:\n  - name: r.yaml\n    text: |\n";
  std::string body = kMeshAndDataplane;
  size_t i = 0;
  while (i < body.size()) {
    size_t j = body.find('\n', i);
    yaml += "      " + body.substr(i, j - i) + "\n";
    i = j + 1;
  }
  Scenario s = LoadScenario({{"s.scenario.yaml", yaml}});
  ASSERT_TRUE(s.envelope);
  InspectOptions o;
  Inspection in = Inspect(GetPolicyEngine(), std::make_shared<Scenario>(std::move(s)), Query{}, o);
  const Report* k = in.Find("kuma");
  ASSERT_NE(k, nullptr);
  EXPECT_EQ(k->profile, "kuma-2.14");
  ASSERT_EQ(k->expectations.size(), 1u);
  EXPECT_TRUE(k->expectations[0].passed) << k->expectations[0].message;
  EXPECT_EQ(k->expectations[0].only_profile, "kuma-2.14");
  const Report* old = in.Find("kuma-2.10");
  ASSERT_NE(old, nullptr);
  ASSERT_EQ(old->expectations.size(), 1u);
  EXPECT_TRUE(old->expectations[0].passed);
}

// inboundrules/mt-mixed: rules[], from[] (IsFromAsRules) and rules[] again.
constexpr const char* kMixed = R"(type: MeshTimeout
name: matched-for-rules-t-one
mesh: mesh-1
spec:
  rules:
    - default:
        idleTimeout: 20s
---
type: MeshTimeout
name: matched-for-rules-t-two
mesh: mesh-1
spec:
  from:
    - targetRef:
        kind: Mesh
      default:
        idleTimeout: 200s
        connectionTimeout: 201s
---
type: MeshTimeout
name: matched-for-rules-t-three
mesh: mesh-1
spec:
  rules:
    - default:
        idleTimeout: 300s
        http:
          requestTimeout: 302s
)";

TEST(PolicyRelease, InboundMixedListedIn214MergedIn210) {
  // 2.14: one row per entry, unmerged, display name descending (two > three > one).
  Report r = Eval(kMixed, "kuma-2.14");
  const ordered_json& t = TypeOf(r, "MeshTimeout");
  EXPECT_EQ(RowOrigins(t), (std::vector<std::string>{"matched-for-rules-t-two[0]", "matched-for-rules-t-three[0]",
                                                     "matched-for-rules-t-one[0]"}));
  std::vector<ordered_json> rows = RuleRows(t);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0]["conf"], ordered_json::parse(R"({"connectionTimeout":"3m21s","idleTimeout":"3m20s"})"));
  EXPECT_EQ(rows[1]["conf"], ordered_json::parse(R"({"http":{"requestTimeout":"5m2s"},"idleTimeout":"5m0s"})"));
  EXPECT_EQ(rows[2]["conf"], ordered_json::parse(R"({"idleTimeout":"20s"})"));
  for (const auto& row : rows) {
    EXPECT_TRUE(row["match"].is_null());
    EXPECT_EQ(row["applied"], true);
    EXPECT_EQ(row["inbound"], "main");
  }
  // 2.10: the same three merged into one rule (inboundrules/mt-mixed at v2.10.11).
  Report o = Eval(kMixed, "kuma-2.10");
  const ordered_json& ot = TypeOf(o, "MeshTimeout");
  std::vector<ordered_json> orows = RuleRows(ot);
  ASSERT_EQ(orows.size(), 1u);
  EXPECT_FALSE(orows[0].contains("match"));
  EXPECT_EQ(orows[0]["conf"],
            ordered_json::parse(R"({"connectionTimeout":"3m21s","http":{"requestTimeout":"5m2s"},"idleTimeout":"20s"})"));
  EXPECT_EQ(RowOrigins(ot), (std::vector<std::string>{
                                "matched-for-rules-t-two[0]+matched-for-rules-t-three[0]+matched-for-rules-t-one[0]"}));
  // kuma-2.13 builds 2.14's list; 3.0-preview (Kuma main: inbound/inboundrules.go getEntries reads
  // spec.rules only, main dropped this case) lists the rules[] entries and drops t-two's from[].
  EXPECT_EQ(RowOrigins(TypeOf(Eval(kMixed, "kuma-2.13"), "MeshTimeout")), RowOrigins(t));
  EXPECT_EQ(RowOrigins(TypeOf(Eval(kMixed, "kuma-3.0-preview"), "MeshTimeout")),
            (std::vector<std::string>{"matched-for-rules-t-three[0]", "matched-for-rules-t-one[0]"}));
}

TEST(PolicyRelease, InboundOrderByOriginThenRole) {
  // inboundrules/mt-order-by-origin: global < unknown < zone.
  Report r = Eval(R"(type: MeshTimeout
name: matched-for-rules-c
mesh: mesh-1
labels:
  kuma.io/origin: zone
spec:
  rules:
    - default:
        connectionTimeout: 5s
---
type: MeshTimeout
name: matched-for-rules-b
mesh: mesh-1
spec:
  rules:
    - default:
        connectionTimeout: 6s
---
type: MeshTimeout
name: matched-for-rules-a
mesh: mesh-1
labels:
  kuma.io/origin: global
spec:
  rules:
    - default:
        connectionTimeout: 7s
)", "kuma-2.14");
  EXPECT_EQ(RowOrigins(TypeOf(r, "MeshTimeout")),
            (std::vector<std::string>{"matched-for-rules-a[0]", "matched-for-rules-b[0]", "matched-for-rules-c[0]"}));
  // inboundrules/mt-order-by-role: system < producer < consumer.
  Report q = Eval(R"(type: MeshTimeout
name: matched-for-rules-c
mesh: mesh-1
labels:
  kuma.io/policy-role: consumer
spec:
  rules:
    - default:
        connectionTimeout: 5s
---
type: MeshTimeout
name: matched-for-rules-b
mesh: mesh-1
labels:
  kuma.io/policy-role: producer
spec:
  rules:
    - default:
        connectionTimeout: 6s
---
type: MeshTimeout
name: matched-for-rules-a
mesh: mesh-1
labels:
  kuma.io/policy-role: system
spec:
  rules:
    - default:
        connectionTimeout: 7s
)", "kuma-2.14");
  EXPECT_EQ(RowOrigins(TypeOf(q, "MeshTimeout")),
            (std::vector<std::string>{"matched-for-rules-a[0]", "matched-for-rules-b[0]", "matched-for-rules-c[0]"}));
}

// The same order, merged into one rule, at v2.10.11 (inboundrules/mt-order-by-origin golden).
TEST(PolicyRelease, InboundOrderMergedIn210) {
  Report r = Eval(R"(type: MeshTimeout
name: matched-for-rules-c
mesh: mesh-1
labels:
  kuma.io/origin: zone
spec:
  rules:
    - default:
        connectionTimeout: 111s
        idleTimeout: 109s
---
type: MeshTimeout
name: matched-for-rules-b
mesh: mesh-1
spec:
  rules:
    - default:
        connectionTimeout: 211s
        http:
          requestTimeout: 209s
---
type: MeshTimeout
name: matched-for-rules-a
mesh: mesh-1
labels:
  kuma.io/origin: global
spec:
  rules:
    - default:
        connectionTimeout: 11s
        http:
          requestTimeout: 12s
)", "kuma-2.10");
  const ordered_json& t = TypeOf(r, "MeshTimeout");
  EXPECT_EQ(RowOrigins(t), (std::vector<std::string>{"matched-for-rules-a[0]+matched-for-rules-b[0]+matched-for-rules-c[0]"}));
  EXPECT_EQ(RuleRows(t)[0]["conf"],
            ordered_json::parse(R"({"connectionTimeout":"1m51s","http":{"requestTimeout":"3m29s"},"idleTimeout":"1m49s"})"));
}

TEST(PolicyRelease, InboundFromOnlyAndToOnly) {
  // inboundrules/mt-from: from[] of an IsFromAsRules type lists like rules[] (b before a).
  Report r = Eval(R"(type: MeshTimeout
name: matched-for-rules-a
mesh: mesh-1
spec:
  from:
    - targetRef:
        kind: Mesh
      default:
        idleTimeout: 11s
---
type: MeshTimeout
name: matched-for-rules-b
mesh: mesh-1
spec:
  from:
    - targetRef:
        kind: Mesh
      default:
        idleTimeout: 22s
)", "kuma-2.14");
  EXPECT_EQ(RowOrigins(TypeOf(r, "MeshTimeout")),
            (std::vector<std::string>{"matched-for-rules-b[0]", "matched-for-rules-a[0]"}));
  // inboundrules/mt-to: only to[]: no inbound rule.
  Report q = Eval(R"(type: MeshTimeout
name: matched-for-rules-a
mesh: mesh-1
spec:
  to:
    - targetRef:
        kind: Mesh
      default:
        idleTimeout: 11s
)", "kuma-2.14");
  EXPECT_TRUE(RowOrigins(TypeOf(q, "MeshTimeout")).empty());
}

// inboundrules/mt-rules: two policies with rules[] (v2.14.3: listed b, a; v2.10.11: one rule
// merging b then a, a's values winning).
TEST(PolicyRelease, InboundRulesOnlyListedAndMerged) {
  const std::string yaml = R"(type: MeshTimeout
name: matched-for-rules-a
mesh: mesh-1
spec:
  rules:
    - default:
        idleTimeout: 10s
        http:
          requestTimeout: 12s
---
type: MeshTimeout
name: matched-for-rules-b
mesh: mesh-1
spec:
  rules:
    - default:
        idleTimeout: 100s
        connectionTimeout: 101s
        http:
          requestTimeout: 102s
)";
  Report r = Eval(yaml, "kuma-2.14");
  const ordered_json& t = TypeOf(r, "MeshTimeout");
  EXPECT_EQ(RowOrigins(t), (std::vector<std::string>{"matched-for-rules-b[0]", "matched-for-rules-a[0]"}));
  EXPECT_EQ(RuleRows(t)[0]["conf"],
            ordered_json::parse(R"({"connectionTimeout":"1m41s","http":{"requestTimeout":"1m42s"},"idleTimeout":"1m40s"})"));
  EXPECT_EQ(RuleRows(t)[1]["conf"], ordered_json::parse(R"({"http":{"requestTimeout":"12s"},"idleTimeout":"10s"})"));
  Report o = Eval(yaml, "kuma-2.10");
  const ordered_json& ot = TypeOf(o, "MeshTimeout");
  EXPECT_EQ(RowOrigins(ot), (std::vector<std::string>{"matched-for-rules-b[0]+matched-for-rules-a[0]"}));
  EXPECT_EQ(RuleRows(ot)[0]["conf"],
            ordered_json::parse(R"({"connectionTimeout":"1m41s","http":{"requestTimeout":"12s"},"idleTimeout":"10s"})"));
}

TEST(PolicyRelease, FaultInjectionRulesOneRowPerMatchMostSpecificFirst) {
  // MeshFaultInjection rules[] with matches (2.13): inbound/sort.go CompareMatch puts a spiffeID
  // match before none and Exact before Prefix; each match is its own row.
  Report r = Eval(R"(type: MeshFaultInjection
name: faults
mesh: mesh-1
spec:
  rules:
    - default:
        http:
          - abort:
              httpStatus: 500
              percentage: 10
    - matches:
        - spiffeID:
            type: Prefix
            value: spiffe://mesh-1/ns/team-a/
        - spiffeID:
            type: Exact
            value: spiffe://mesh-1/ns/team-b/sa/client
      default:
        http:
          - abort:
              httpStatus: 503
              percentage: 50
)", "kuma-2.14");
  const ordered_json& t = TypeOf(r, "MeshFaultInjection");
  ASSERT_EQ(t["fromRules"].size(), 3u);
  EXPECT_EQ(t["fromRules"][0]["match"]["spiffeID"]["type"], "Exact");
  EXPECT_EQ(t["fromRules"][0]["origin"][0]["ruleIndex"], 1);
  EXPECT_EQ(t["fromRules"][1]["match"]["spiffeID"]["type"], "Prefix");
  EXPECT_TRUE(t["fromRules"][2]["match"].is_null());
  EXPECT_EQ(t["fromRules"][2]["origin"][0]["ruleIndex"], 0);
  EXPECT_EQ(t["fromRules"][2]["conf"]["http"][0]["abort"]["httpStatus"], 500);
  // Not merged to {} under 2.10 either: one merged row whose conf is the later item's list.
  Report o = Eval(R"(type: MeshFaultInjection
name: faults
mesh: mesh-1
spec:
  rules:
    - default:
        http:
          - abort:
              httpStatus: 500
              percentage: 10
)", "kuma-2.10");
  EXPECT_EQ(TypeOf(o, "MeshFaultInjection")["fromRules"][0]["conf"]["http"][0]["abort"]["httpStatus"], 500);
}

TEST(PolicyRelease, TrafficPermissionRulesEveryDenyBeforeAnyAllow) {
  // MeshTrafficPermission rules[] (2.12, MADR 080): rbac_configurer.go createMatcher emits every
  // rule's deny matchers, then allows: a Deny in any matching rule wins.
  Report r = Eval(R"(type: MeshTrafficPermission
name: allow-team
mesh: mesh-1
spec:
  targetRef:
    kind: Dataplane
    labels:
      app: web
    sectionName: main
  rules:
    - default:
        allow:
          - spiffeID:
              type: Prefix
              value: spiffe://mesh-1/ns/team-a/
---
type: MeshTrafficPermission
name: deny-one
mesh: mesh-1
spec:
  rules:
    - default:
        deny:
          - spiffeID:
              type: Exact
              value: spiffe://mesh-1/ns/team-a/sa/legacy
)", "kuma-2.14");
  const ordered_json& t = TypeOf(r, "MeshTrafficPermission");
  ASSERT_TRUE(t.contains("rbac")) << t.dump();
  // Mesh before Dataplane: deny-one, then allow-team.
  EXPECT_EQ(RowOrigins(t), (std::vector<std::string>{"deny-one[0]", "allow-team[0]"}));
  EXPECT_EQ(t["fromRules"][1]["conf"]["allow"][0]["spiffeID"]["value"], "spiffe://mesh-1/ns/team-a/");
  ASSERT_EQ(t["rbac"].size(), 2u);
  EXPECT_EQ(t["rbac"][0]["action"], "Deny");
  EXPECT_EQ(t["rbac"][0]["policy"], "deny-one");
  EXPECT_EQ(t["rbac"][1]["action"], "Allow");
  EXPECT_EQ(t["rbac"][1]["policy"], "allow-team");
  EXPECT_EQ(t["rbac"][1]["match"]["spiffeID"]["type"], "Prefix");
  EXPECT_FALSE(TypeOf(Eval(R"(type: MeshTrafficPermission
name: deny-one
mesh: mesh-1
spec:
  rules:
    - default:
        deny:
          - spiffeID:
              type: Exact
              value: spiffe://mesh-1/ns/team-a/sa/legacy
)", "kuma-2.10"), "MeshTrafficPermission").contains("rbac"));
}

TEST(PolicyRelease, ResourceRulesKeyedByKriIn214) {
  // resourcerules/mt_with_ms_and_mesh, zone-uni topology: keys kri_m____mesh-1_ and
  // kri_msvc_mesh-1_zone-uni__backend_; the MeshService's conf merges Mesh items 0 and 2, then 1.
  const std::string policies = R"(type: MeshTimeout
name: matched-for-rules-mt-1
mesh: mesh-1
labels:
  kuma.io/origin: zone
  kuma.io/zone: zone-uni
spec:
  targetRef:
    kind: Mesh
  to:
    - targetRef:
        kind: Mesh
      default:
        idleTimeout: 9s
    - targetRef:
        kind: MeshService
        name: backend
      default:
        connectionTimeout: 11s
        http:
          requestTimeout: 12s
    - targetRef:
        kind: Mesh
      default:
        connectionTimeout: 21s
---
type: MeshService
name: backend
mesh: mesh-1
labels:
  kuma.io/origin: zone
  kuma.io/zone: zone-uni
spec:
  selector:
    dataplaneTags:
      app: backend
  ports:
    - port: 80
      targetPort: 80
      appProtocol: http
)";
  Report r = Eval(policies, "kuma-2.14");
  const ordered_json& t = TypeOf(r, "MeshTimeout");
  std::map<std::string, ordered_json> by_key;
  for (const auto& rr : t["toResourceRules"]) by_key[rr["key"].get<std::string>()] = rr;
  ASSERT_TRUE(by_key.count("kri_m____mesh-1_")) << t["toResourceRules"].dump();
  ASSERT_TRUE(by_key.count("kri_msvc_mesh-1_zone-uni__backend_"));
  EXPECT_EQ(by_key["kri_m____mesh-1_"]["conf"], ordered_json::parse(R"({"connectionTimeout":"21s","idleTimeout":"9s"})"));
  const ordered_json& ms = by_key["kri_msvc_mesh-1_zone-uni__backend_"];
  EXPECT_EQ(ms["conf"], ordered_json::parse(R"({"connectionTimeout":"11s","http":{"requestTimeout":"12s"},"idleTimeout":"9s"})"));
  std::vector<int> idx;
  for (const auto& o : ms["origin"]) idx.push_back(o["ruleIndex"]);
  EXPECT_EQ(idx, (std::vector<int>{0, 2, 1}));
  // 2.10 keeps core_model's keys.
  Report o = Eval(policies, "kuma-2.10");
  bool old_key = false;
  for (const auto& rr : TypeOf(o, "MeshTimeout")["toResourceRules"])
    old_key |= rr["key"].get<std::string>().rfind("meshservice:", 0) == 0;
  EXPECT_TRUE(old_key);
}

TEST(PolicyRelease, FromIsDeprecatedIn214) {
  const std::string yaml = R"(type: MeshTimeout
name: old-style
mesh: mesh-1
spec:
  from:
    - targetRef:
        kind: Mesh
      default:
        idleTimeout: 11s
)";
  // POL065 (policy_validate.cpp), once per policy at its `from` key, under kuma-2.14 only.
  Report r = Eval(yaml, "kuma-2.14");
  const doc::Diagnostic* note = nullptr;
  for (const doc::Diagnostic& d : r.diagnostics)
    if (d.code == "POL065") note = &d;
  ASSERT_NE(note, nullptr);
  EXPECT_EQ(note->severity, doc::Severity::kNote);
  EXPECT_EQ(note->begin.line, 21);  // `from:` (the policy starts at line 17 of in.yaml)
  EXPECT_EQ(note->begin.column, 3);
  // Not under the releases before 2.14 (madr checks against the current release's schema, 2.14).
  for (const char* p : {"kuma-2.10", "kuma-2.13"})
    for (const doc::Diagnostic& d : Eval(yaml, p).diagnostics) EXPECT_NE(d.code, "POL065") << p;
}

TEST(PolicyRelease, InspectTakesAKri) {
  Scenario s = LoadScenario({{"in.yaml", std::string(kMeshAndDataplane) + R"(---
type: MeshService
name: backend
mesh: mesh-1
spec:
  ports:
    - port: 80
      name: http
---
type: MeshTimeout
name: t
mesh: mesh-1
spec:
  to:
    - targetRef:
        kind: MeshService
        name: backend
      default:
        idleTimeout: 11s
)"}});
  Query q;
  q.flags.push_back({"inspect", "kri_msvc_mesh-1___backend_"});
  Report r = RunScenario(GetPolicyEngine(), s, q, "kuma-2.14", true);
  for (const doc::Diagnostic& d : r.diagnostics) EXPECT_NE(d.code, "POL048") << d.message;
  EXPECT_EQ(r.result["inspect"]["key"], "meshservice:mesh/mesh-1:name/backend");
  EXPECT_EQ(r.result["inspect"]["policies"]["MeshTimeout"]["conf"], ordered_json::parse(R"({"idleTimeout":"11s"})"));
}

TEST(PolicyRelease, KriFormatAndParse) {
  Meta m;
  m.type = "MeshService";
  m.mesh = "mesh-1";
  m.name = "backend.ns-k8s";
  m.labels = {{kZoneLabel, "zone-k8s"}, {kNamespaceLabel, "ns-k8s"}, {kDisplayNameLabel, "backend"}};
  EXPECT_EQ(Kri(m, "http-port"), "kri_msvc_mesh-1_zone-k8s_ns-k8s_backend_http-port");
  Meta mesh;
  mesh.type = "Mesh";
  mesh.name = "mesh-1";
  EXPECT_EQ(Kri(mesh), "kri_m____mesh-1_");
  Meta unknown;
  unknown.type = "TrafficRoute";
  EXPECT_EQ(Kri(unknown), "");
  auto p = ParseKri("kri_msvc_mesh-1_zone-k8s_ns-k8s_backend_http_port");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->type, "MeshService");
  EXPECT_EQ(p->zone, "zone-k8s");
  EXPECT_EQ(p->section, "httpport");  // kri.FromString joins the remaining parts without '_'
  EXPECT_FALSE(ParseKri("kri_msvc_mesh-1_zone"));
  EXPECT_FALSE(ParseKri("kro_msvc_a_b_c_d_e"));
  EXPECT_FALSE(ParseKri("kri_nope_a_b_c_d_e"));
}

TEST(PolicyRelease, CompareMatchOrder) {
  json exact = json::parse(R"({"spiffeID":{"type":"Exact","value":"x"}})");
  json prefix = json::parse(R"({"spiffeID":{"type":"Prefix","value":"x"}})");
  json sni = json::parse(R"({"sni":{"type":"Exact","value":"x"}})");
  EXPECT_EQ(CompareInboundMatch(exact, prefix), -1);
  EXPECT_EQ(CompareInboundMatch(prefix, exact), 1);
  EXPECT_EQ(CompareInboundMatch(prefix, sni), -1);
  EXPECT_EQ(CompareInboundMatch(sni, json()), -1);
  EXPECT_EQ(CompareInboundMatch(json(), json()), 0);
}

TEST(PolicyRelease, ComparisonReadsAsAnUpgradeReport) {
  Scenario s = LoadScenario({{"in.yaml", std::string(kMeshAndDataplane) + "---\n" + kMixed}});
  InspectOptions o;
  Inspection in = Inspect(GetPolicyEngine(), std::make_shared<Scenario>(std::move(s)), Query{}, o);
  ASSERT_FALSE(in.comparison.notes.empty());
  const ComparisonNote& n = in.comparison.notes[0];
  EXPECT_EQ(n.profiles, (std::vector<std::string>{"kuma-2.10", "kuma-2.14"}));
  EXPECT_EQ(n.path, "/rules/0/fromRules");
  EXPECT_EQ(n.text,
            "MeshTimeout on inbound 'main': kuma-2.10 merges these 3 items (matched-for-rules-t-two from[0], "
            "matched-for-rules-t-three rules[0], matched-for-rules-t-one rules[0]) into one inbound rule; kuma-2.14 "
            "lists 3 rules unmerged, in Kuma's order and merges the catch-all rules when it applies them, so the "
            "applied conf is the same.");
  // The release is a profile setting, never a divergence.
  EXPECT_EQ(in.comparison.CountUnder("/release"), 0u);
}

}  // namespace
}  // namespace cfgi::policy
