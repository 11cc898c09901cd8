// The policy engine's typed profile comparison (core/policy/policy_compare.cpp): the parts of a
// toResourceRules row every profile gives alike are decided on the typed rules and not
// serialised, and the comparison is exactly the full JSON's (the count, the pointers, the values).
// EngineContract.TypedComparisonEqualsJsonComparison checks the same over every policy sample.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "core/policy/policy_engine.h"

namespace cfgi::policy {
namespace {

// One MeshService every release resolves the same way; 2.12+ names its row by KRI
// (kumahq/kuma pkg/core/kri), 2.10 and the MADR by the legacy key, so the row's key differs and
// nothing else of it does; the legacy toRules are absent from kuma-3.0-preview.
constexpr const char* kMesh = R"(type: Mesh
name: default
---
type: Dataplane
name: web-1
mesh: default
networking:
  address: 10.0.0.1
  inbound:
    - {port: 8080, tags: {kuma.io/service: web}}
---
type: MeshService
name: api
mesh: default
spec:
  selector: {dataplaneTags: {kuma.io/service: api}}
  ports: [{port: 7070, name: grpc}]
---
type: MeshTimeout
name: slow-api
mesh: default
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshService, name: api}
      default: {http: {requestTimeout: 9s}}
)";

Inspection InspectAll(bool result_json) {
  auto s = std::make_shared<Scenario>(LoadScenario({{"mesh.yaml", kMesh}}));
  Query q;
  q.flags = {{"dataplane", "web-1"}};
  InspectOptions o;
  o.result_json = result_json;
  return Inspect(GetPolicyEngine(), s, q, o);
}

TEST(PolicyCompareTyped, RowPartsEveryProfileSharesAreNotSerialised) {
  Inspection in = InspectAll(false);
  ASSERT_EQ(in.reports.size(), 5u);
  std::vector<const PolicyResult*> typed;
  for (const Report& r : in.reports) {
    EXPECT_FALSE(r.result_json_built) << r.profile;
    typed.push_back(ResultAs<PolicyResult>(r.typed.get()));
  }
  const RowMask mask = SameParts(typed);
  ASSERT_EQ(mask.parts.size(), 1u);  // MeshTimeout
  ASSERT_EQ(mask.parts[0].size(), 1u);
  // Same resource, conf, origins and provenance in every release; no Conf list (no hostnames).
  EXPECT_EQ(mask.parts[0][0], RowMask::kMeta | RowMask::kConf | RowMask::kConfs | RowMask::kOrigin | RowMask::kFields);
  const nlohmann::ordered_json row = typed[0]->Json(&mask)["rules"][0]["toResourceRules"][0];
  EXPECT_EQ(row["key"], "kri_msvc_default___api_");
  EXPECT_TRUE(row["conf"].is_null());
  EXPECT_TRUE(row["fields"].is_null());
  EXPECT_TRUE(row["origin"].is_null());
  EXPECT_TRUE(row["resourceMeta"].is_null());
  EXPECT_FALSE(row.contains("confs"));
  // ToJson is unmasked.
  EXPECT_EQ(typed[0]->ToJson()["rules"][0]["toResourceRules"][0]["conf"],
            nlohmann::ordered_json::parse(R"({"http": {"requestTimeout": "9s"}})"));
}

TEST(PolicyCompareTyped, EqualsTheJsonComparison) {
  Inspection in = InspectAll(false);
  Inspection full = InspectAll(true);
  // Two answers differ: the row (its key: legacy name vs KRI) and the type's legacy toRules,
  // which kuma-3.0-preview does not build (one divergence at the subtree's root).
  for (const Comparison* c : {&in.comparison, &full.comparison}) {
    ASSERT_EQ(c->size(), 2u);
    ASSERT_EQ(c->divergences.size(), 2u);
    EXPECT_EQ(c->divergences[0].path, "/rules/0/toResourceRules/0/key");
    EXPECT_EQ(c->divergences[0].answer, "/rules/0/toResourceRules/0");
    EXPECT_EQ(c->divergences[0].values["kuma-2.10"], "meshservice:mesh/default:name/api");
    EXPECT_EQ(c->divergences[0].values["kuma-2.14"], "kri_msvc_default___api_");
    EXPECT_EQ(c->divergences[1].path, "/rules/0/toRules");
    EXPECT_EQ(c->divergences[1].answer, "/rules/0");
    EXPECT_TRUE(c->divergences[1].values["kuma-3.0-preview"].is_null());
    EXPECT_EQ(c->divergences[1].values["madr"][0]["conf"]["http"]["requestTimeout"], "9s");
    EXPECT_EQ(c->answers[0].path, "/rules/0/toResourceRules/0");
    EXPECT_EQ(c->answers[1].path, "/rules/0");
    EXPECT_EQ(c->answers[0].title, "MeshTimeout: the rule for MeshService api");
  }
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(in.comparison.divergences[i].values, full.comparison.divergences[i].values);
    EXPECT_EQ(in.comparison.divergences[i].texts, full.comparison.divergences[i].texts);
  }
}

}  // namespace
}  // namespace cfgi::policy
