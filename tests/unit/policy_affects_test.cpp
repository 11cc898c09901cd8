// `eval --policy NAME` (core/policy/policy_affects.h): which dataplanes a policy affects and why,
// and POL083 for a targetRef that matches nothing. Our own inputs in the shapes of kumahq/kuma
// v2.14.3 pkg/plugins/policies/core/matchers/testdata (a policy per top-level kind against a set
// of dataplanes; matchers/dataplane_test.go) and UPGRADE.md's 3.0 top-level kinds.
#include <gtest/gtest.h>

#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "core/policy/policy_engine.h"

namespace cfgi::policy {
namespace {

using nlohmann::ordered_json;

constexpr const char* kMesh = R"(type: Mesh
name: default
---
type: Dataplane
name: web-1
mesh: default
labels: {app: web, team: a}
networking:
  address: 10.0.0.1
  inbound:
    - {port: 8080, name: http, tags: {kuma.io/service: web, version: v1}}
    - {port: 9090, name: admin, tags: {kuma.io/service: web-admin}}
---
type: Dataplane
name: api-1
mesh: default
labels: {app: api, team: a}
networking:
  address: 10.0.0.2
  inbound:
    - {port: 7070, tags: {kuma.io/service: api}}
---
type: MeshService
name: api
mesh: default
labels: {team: a}
spec:
  ports: [{port: 7070, name: grpc}]
)";

Report Eval(const std::string& policies, const std::string& policy, const std::string& profile = "kuma-2.14") {
  Scenario s = LoadScenario({{"in.yaml", std::string(kMesh) + "---\n" + policies}});
  Query q;
  q.flags.push_back({"policy", policy});
  return RunScenario(GetPolicyEngine(), s, q, profile, true);
}

std::vector<std::string> Codes(const Report& r) {
  std::vector<std::string> out;
  for (const doc::Diagnostic& d : r.diagnostics) out.push_back(d.code);
  return out;
}

TEST(PolicyAffectsTest, ListsSelectedDataplanesWithTheirInboundsAndTheRest) {
  Report r = Eval(R"(type: MeshTimeout
name: web-only
mesh: default
spec:
  targetRef: {kind: Dataplane, labels: {app: web}, sectionName: http}
  to:
    - targetRef: {kind: MeshService, labels: {team: a}}
      default: {connectionTimeout: 2s}
)", "web-only");
  EXPECT_EQ(Codes(r), std::vector<std::string>{});
  EXPECT_FALSE(r.result.contains("rules"));
  EXPECT_EQ(r.result["release"], "2.14");
  ASSERT_EQ(r.result["affects"].size(), 1u);
  EXPECT_EQ(r.result["affects"][0], ordered_json::parse(R"({
    "name": "web-only", "type": "MeshTimeout", "mesh": "default",
    "selects": [{"dataplane": "web-1", "reason": "Dataplane labels {app: web} sectionName 'http' matches", "inbounds": ["http"]}],
    "doesNotSelect": [{"dataplane": "api-1", "reason": "Dataplane labels {app: web} does not match this dataplane"}],
    "to": [{"path": "spec.to[0].targetRef", "kind": "MeshService", "resources": ["meshservice:mesh/default:name/api"]}]})"));
}

TEST(PolicyAffectsTest, NoDataplaneHasTheLabels) {
  Report r = Eval(R"(type: MeshRetry
name: ghost
mesh: default
spec:
  targetRef: {kind: Dataplane, labels: {app: ghost}}
  to:
    - targetRef: {kind: MeshService, name: nope}
      default: {tcp: {maxConnectAttempt: 3}}
)", "ghost");
  // POL011 (Analyze, at load) and POL008 stay; POL083 says why, once per targetRef.
  ASSERT_EQ(r.result["affects"].size(), 1u);
  EXPECT_EQ(r.result["affects"][0]["matchesNothing"], "no dataplane of mesh 'default' has the labels {app: ghost}");
  EXPECT_EQ(r.result["affects"][0]["to"][0]["matchesNothing"], "no MeshService 'nope' in mesh 'default'");
  std::vector<const doc::Diagnostic*> pol083;
  for (const doc::Diagnostic& d : r.diagnostics)
    if (d.code == "POL083") pol083.push_back(&d);
  ASSERT_EQ(pol083.size(), 2u);
  EXPECT_EQ(pol083[0]->message, "MeshRetry 'ghost' affects no dataplane: no dataplane of mesh 'default' has the labels {app: ghost}");
  EXPECT_EQ(pol083[0]->begin.line, 34);
  EXPECT_EQ(pol083[0]->begin.column, 14);
  EXPECT_EQ(pol083[0]->path, "spec.targetRef");
  EXPECT_EQ(pol083[1]->message, "to[0] of MeshRetry 'ghost' matches nothing: no MeshService 'nope' in mesh 'default'");
  EXPECT_EQ(pol083[1]->begin.line, 36);
  EXPECT_EQ(pol083[1]->begin.column, 18);
  EXPECT_EQ(pol083[1]->path, "spec.to[0].targetRef");
}

TEST(PolicyAffectsTest, WrongKindForThePlaceAndRemovedInThree) {
  const std::string subset = R"(type: MeshTimeout
name: by-tags
mesh: default
spec:
  targetRef: {kind: MeshSubset, tags: {version: v1}}
  to:
    - targetRef: {kind: Mesh}
      default: {connectionTimeout: 2s}
)";
  Report r214 = Eval(subset, "by-tags", "kuma-2.14");
  EXPECT_EQ(r214.result["affects"][0]["selects"][0]["dataplane"], "web-1");
  EXPECT_EQ(r214.result["affects"][0]["selects"][0]["inbounds"], ordered_json::parse(R"(["http"])"));
  Report r30 = Eval(subset, "by-tags", "kuma-3.0-preview");
  EXPECT_EQ(r30.result["affects"][0]["selects"], ordered_json::array());
  EXPECT_EQ(r30.result["affects"][0]["matchesNothing"],
            "top-level kind MeshSubset is removed in Kuma 3.0 (the top-level targetRef is Mesh or Dataplane); select the "
            "dataplanes with kind: Dataplane and labels");
  EXPECT_EQ(r30.result["affects"][0]["doesNotSelect"][0]["reason"], "kind MeshSubset at the top level is removed in Kuma 3.0");
}

TEST(PolicyAffectsTest, UnknownPolicyNameIsPol084) {
  Report r = Eval("", "nope");
  EXPECT_EQ(Codes(r), std::vector<std::string>{"POL084"});
  EXPECT_EQ(r.diagnostics[0].message,
            "--policy 'nope' names no policy of the input (it has none); give a policy's name (name.namespace on "
            "Kubernetes, or its display name)");
  EXPECT_EQ(r.result["affects"], ordered_json::array());
}

}  // namespace
}  // namespace cfgi::policy
