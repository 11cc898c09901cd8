// Shadow policies (core/policy/policy_shadow.h): a policy labelled `kuma.io/effect: shadow` is not
// applied (kumahq/kuma v2.14.3 pkg/plugins/policies/core/matchers/dataplane.go MatchedPolicies
// skips it unless IncludeShadow) and is shown as the rows it would change (Kuma's
// `_config?shadow=true&include=diff`). Our own inputs in the shape of v2.14.3
// pkg/api-server/testdata/resources/inspect/dataplanes/_rules/proxyconfig_shadow-true_diff
// (a shadow MeshTimeout from[] Mesh on a dataplane's inbound).
#include <gtest/gtest.h>

#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "core/policy/policy_engine.h"

namespace cfgi::policy {
namespace {

using nlohmann::json;

Report EvalShadow(const std::string& yaml, const std::string& profile = "kuma-2.14") {
  Scenario s = LoadScenario({{"in.yaml", yaml}});
  Query q;
  q.flags.push_back({"dataplane", "web-1"});
  return RunScenario(GetPolicyEngine(), s, q, profile, true);
}

const PolicyResult& Typed(const Report& r) { return *ResultAs<PolicyResult>(r.typed.get()); }

constexpr const char* kBase = R"(type: Mesh
name: default
---
type: Dataplane
name: web-1
mesh: default
networking:
  address: 10.0.0.5
  inbound:
    - port: 9090
      tags: {kuma.io/service: web}
---
type: MeshService
name: db
mesh: default
spec:
  ports:
    - {port: 5432, appProtocol: tcp}
---
)";

TEST(PolicyShadowTest, AShadowInboundPolicyIsNotAppliedAndShowsTheRowItWouldAdd) {
  std::string yaml = std::string(kBase) + R"(type: MeshTimeout
name: idle-inbound
mesh: default
labels:
  kuma.io/effect: shadow
spec:
  targetRef: {kind: Mesh}
  from:
    - targetRef: {kind: Mesh}
      default: {idleTimeout: 95s}
)";
  Report r = EvalShadow(yaml);
  const PolicyResult& t = Typed(r);
  // Not applied: no MeshTimeout rows, and the selection says why.
  for (const TypeRules& tr : t.rules.types) {
    if (tr.type != "MeshTimeout") continue;
    EXPECT_TRUE(tr.from_rules.empty());
    ASSERT_EQ(tr.selections.size(), 1u);
    EXPECT_FALSE(tr.selections[0].selected);
    EXPECT_EQ(tr.selections[0].reason,
              "labelled kuma.io/effect: shadow, so Kuma does not apply it (matchers/dataplane.go); the result's \"shadow\" "
              "shows what it would change");
  }
  EXPECT_EQ(json::parse(r.result["shadow"].dump()), json::parse(R"([
    {"type": "MeshTimeout", "place": "inbound", "key": "9090", "before": null,
     "after": [{"idleTimeout": "1m35s"}], "policies": ["idle-inbound"]}])"));
}

TEST(PolicyShadowTest, AShadowOutboundPolicyShowsTheConfItWouldOverride) {
  std::string yaml = std::string(kBase) + R"(type: MeshTimeout
name: base
mesh: default
spec:
  to:
    - targetRef: {kind: Mesh}
      default: {connectionTimeout: 5s}
---
type: MeshTimeout
name: try-db
mesh: default
labels:
  kuma.io/effect: shadow
spec:
  to:
    - targetRef: {kind: MeshService, name: db}
      default: {connectionTimeout: 1s, idleTimeout: 10s}
)";
  Report r = EvalShadow(yaml);
  // Applied, db falls back to the mesh-wide 5s (a row of its own appears only with the shadow).
  EXPECT_EQ(json::parse(r.result["shadow"].dump()), json::parse(R"([
    {"type": "MeshTimeout", "place": "to", "key": "kri_msvc_default___db_", "before": {"connectionTimeout": "5s"},
     "after": {"connectionTimeout": "1s", "idleTimeout": "10s"}, "policies": ["try-db"]}])"));
  // kuma-2.10 keys the same rows by core key.
  Report old = EvalShadow(yaml, "kuma-2.10");
  ASSERT_EQ(old.result["shadow"].size(), 1u);
  EXPECT_EQ(old.result["shadow"][0]["key"], "meshservice:mesh/default:name/db");
}

TEST(PolicyShadowTest, AShadowPolicyThatChangesNothingAndAMeshWithoutOne) {
  std::string same = std::string(kBase) + R"(type: MeshTimeout
name: base
mesh: default
spec:
  to:
    - targetRef: {kind: Mesh}
      default: {connectionTimeout: 5s}
---
type: MeshTimeout
name: same
mesh: default
labels: {kuma.io/effect: shadow}
spec:
  to:
    - targetRef: {kind: Mesh}
      default: {connectionTimeout: 5s}
)";
  Report r = EvalShadow(same);
  EXPECT_EQ(r.result["shadow"], nlohmann::ordered_json::array());
  EXPECT_TRUE(Typed(r).has_shadow);
  // No shadow policy: no "shadow" member (the result is unchanged).
  Report none = EvalShadow(kBase);
  EXPECT_FALSE(none.result.contains("shadow"));
  // Another kuma.io/effect value is applied (only "shadow" is special, resource.go).
  std::string other = std::string(kBase) + R"(type: MeshTimeout
name: other
mesh: default
labels: {kuma.io/effect: audit}
spec:
  to:
    - targetRef: {kind: Mesh}
      default: {connectionTimeout: 2s}
)";
  EXPECT_FALSE(EvalShadow(other).result.contains("shadow"));
}

}  // namespace
}  // namespace cfgi::policy
