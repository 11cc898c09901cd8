// The order of to[] items: kumahq/kuma v2.14.3 pkg/plugins/policies/core/rules/outbound/sort.go
// (Sort = sort.CompareByPolicyAttributes, then CompareByToEntry, then sort.CompareByDisplayName)
// and .../rules/sort/sort.go, checked by .../outbound/sort_test.go ("should sort to-items") over
// .../outbound/testdata/sort/{by-name, by-origin, by-role, by-section-name, by-to-target-ref,
// by-top-level, full}. The suite's inputs and goldens are the same at v2.13.10 and v2.10.11 apart
// from the goldens' `kri` lines (2.10 has no KRI), so every Kuma release profile must give the
// same order. Each case below is our own input in the shape of the suite's: every policy selects
// the dataplane, and the assertion is the items' order, lowest priority first (merge order: the
// last one wins), as the golden lists them.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/doc/load.h"
#include "core/policy/policy_model.h"
#include "core/policy/policy_rules.h"

namespace cfgi::policy {
namespace {

// A mesh, a MeshService with two ports and one dataplane that every top-level targetRef in the
// cases selects (MeshSubset app: api matches its inbound tags, Dataplane app: api its labels).
constexpr const char* kWorld = R"(type: Mesh
name: orders
---
type: MeshService
name: billing
mesh: orders
spec:
  ports:
    - port: 9000
      name: grpc-port
      appProtocol: grpc
    - port: 9001
      name: admin
---
type: Dataplane
name: api-1
mesh: orders
labels: {app: api}
networking:
  address: 10.0.0.5
  inbound:
    - port: 7070
      tags:
        kuma.io/service: api
        app: api
)";

// "name[ruleIndex]" of each MeshTimeout to[] item, in sorted order, under `profile`.
std::vector<std::string> SortedItems(const std::string& policies, Profile profile) {
  // The narrower top-level targetRef: MeshSubset in 2.x (as the suite at v2.14.3), a Dataplane by
  // labels on Kuma's main, whose suite rewrote these inputs so (3.0 drops MeshSubset).
  std::string text = policies;
  const std::string narrow = profile == Profile::kKuma30 ? "{kind: Dataplane, labels: {app: api}}"
                                                         : "{kind: MeshSubset, tags: {app: api}}";
  for (size_t at; (at = text.find("@NARROW@")) != std::string::npos;) text.replace(at, 8, narrow);
  std::vector<doc::Diagnostic> diags;
  std::vector<doc::Document> docs;
  docs.push_back(doc::LoadDocument("sort.yaml", std::string(kWorld) + "---\n" + text));
  ResourceSet m = ReadResources(std::move(docs), diags);
  const Dataplane* dp = m.FindDataplane("api-1");
  EXPECT_NE(dp, nullptr);
  if (!dp) return {};
  EvalOptions o;
  o.profile = profile;
  DataplaneRules r = Evaluate(m, *dp, o);
  std::vector<std::string> out;
  for (const TypeRules& t : r.types)
    if (t.type == "MeshTimeout")
      for (const Item& it : t.to_items)
        out.push_back(it.policy->meta.name + "[" + std::to_string(it.rule_index) + "]");
  return out;
}

class KumaSort : public ::testing::TestWithParam<Profile> {};

// by-name: same attributes and to[] kind: the display name decides, descending (the
// lexicographically smallest name is last and wins).
TEST_P(KumaSort, ByNameDescending) {
  EXPECT_EQ(SortedItems(R"(type: MeshTimeout
name: timeouts-alpha
mesh: orders
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshService, name: billing}
      default: {connectionTimeout: 20s}
---
type: MeshTimeout
name: timeouts-beta
mesh: orders
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshService, name: billing}
      default: {connectionTimeout: 4s}
)",
                        GetParam()),
            (std::vector<std::string>{"timeouts-beta[0]", "timeouts-alpha[0]"}));
}

// by-origin: kuma.io/origin global < (none) < zone, before the name.
TEST_P(KumaSort, ByOriginGlobalThenUnknownThenZone) {
  EXPECT_EQ(SortedItems(R"(type: MeshTimeout
name: t-from-zone
mesh: orders
labels: {kuma.io/origin: zone}
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: Mesh}
      default: {idleTimeout: 30s}
---
type: MeshTimeout
name: t-no-origin
mesh: orders
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: Mesh}
      default: {idleTimeout: 20s}
---
type: MeshTimeout
name: t-from-global
mesh: orders
labels: {kuma.io/origin: global}
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: Mesh}
      default: {idleTimeout: 10s}
)",
                        GetParam()),
            (std::vector<std::string>{"t-from-global[0]", "t-no-origin[0]", "t-from-zone[0]"}));
}

// by-role: kuma.io/policy-role system < producer < consumer, before the name (the suite gives two
// policies one name; ours are named against the role order so the name cannot decide).
TEST_P(KumaSort, ByRoleSystemProducerConsumer) {
  EXPECT_EQ(SortedItems(R"(type: MeshTimeout
name: r-a-consumer
mesh: orders
labels: {kuma.io/policy-role: consumer}
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: Mesh}
      default: {connectionTimeout: 3s}
---
type: MeshTimeout
name: r-b-producer
mesh: orders
labels: {kuma.io/policy-role: producer}
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: Mesh}
      default: {connectionTimeout: 2s}
---
type: MeshTimeout
name: r-c-system
mesh: orders
labels: {kuma.io/policy-role: system}
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: Mesh}
      default: {connectionTimeout: 1s}
)",
                        GetParam()),
            (std::vector<std::string>{"r-c-system[0]", "r-b-producer[0]", "r-a-consumer[0]"}));
}

// by-section-name: a to[] MeshService with sectionName is more specific than one without
// (CompareByToEntry), before the name.
TEST_P(KumaSort, BySectionNameMoreSpecificLast) {
  EXPECT_EQ(SortedItems(R"(type: MeshTimeout
name: s-a-port
mesh: orders
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshService, name: billing, sectionName: grpc-port}
      default: {idleTimeout: 9s}
---
type: MeshTimeout
name: s-b-service
mesh: orders
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshService, name: billing}
      default: {idleTimeout: 8s}
)",
                        GetParam()),
            (std::vector<std::string>{"s-b-service[0]", "s-a-port[0]"}));
}

// by-to-target-ref: to[] kind Mesh < MeshService, before the name.
TEST_P(KumaSort, ByToTargetRefKind) {
  EXPECT_EQ(SortedItems(R"(type: MeshTimeout
name: k-a-service
mesh: orders
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshService, name: billing}
      default: {idleTimeout: 7s}
---
type: MeshTimeout
name: k-b-mesh
mesh: orders
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: Mesh}
      default: {idleTimeout: 6s}
)",
                        GetParam()),
            (std::vector<std::string>{"k-b-mesh[0]", "k-a-service[0]"}));
}

// by-top-level: top-level Mesh < MeshSubset (2.x) / Dataplane (main), before everything else.
TEST_P(KumaSort, ByTopLevelKind) {
  EXPECT_EQ(SortedItems(R"(type: MeshTimeout
name: top-a-subset
mesh: orders
spec:
  targetRef: @NARROW@
  to:
    - targetRef: {kind: Mesh}
      default: {idleTimeout: 5s}
---
type: MeshTimeout
name: top-b-mesh
mesh: orders
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: Mesh}
      default: {idleTimeout: 4s}
)",
                        GetParam()),
            (std::vector<std::string>{"top-b-mesh[0]", "top-a-subset[0]"}));
}

// full: top-level kind first (MeshSubset last whatever its origin and role), then origin (global,
// then zone), then role (system before producer), then to[] kind; the name never decides here.
TEST_P(KumaSort, AllKeysTogether) {
  EXPECT_EQ(SortedItems(R"(type: MeshTimeout
name: f-1
mesh: orders
labels: {kuma.io/policy-role: consumer}
spec:
  targetRef: @NARROW@
  to:
    - targetRef: {kind: Mesh}
      default: {connectionTimeout: 41s}
---
type: MeshTimeout
name: f-2
mesh: orders
labels: {kuma.io/policy-role: producer, kuma.io/origin: zone, kuma.io/zone: east}
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshService, name: billing}
      default: {connectionTimeout: 31s}
---
type: MeshTimeout
name: f-3
mesh: orders
labels: {kuma.io/policy-role: system, kuma.io/origin: zone}
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: Mesh}
      default: {connectionTimeout: 21s}
---
type: MeshTimeout
name: f-4
mesh: orders
labels: {kuma.io/policy-role: system, kuma.io/origin: global}
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: Mesh}
      default: {connectionTimeout: 11s}
)",
                        GetParam()),
            (std::vector<std::string>{"f-4[0]", "f-3[0]", "f-2[0]", "f-1[0]"}));
}

// The item index breaks no tie by itself: two to[] items of one policy keep their order (the sort is
// stable, slices.SortStableFunc), and another policy's item of a lower to[] kind goes first.
TEST_P(KumaSort, ItemsOfOnePolicyKeepTheirOrder) {
  EXPECT_EQ(SortedItems(R"(type: MeshTimeout
name: multi
mesh: orders
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshService, name: billing}
      default: {idleTimeout: 2s}
    - targetRef: {kind: Mesh}
      default: {idleTimeout: 1s}
    - targetRef: {kind: MeshService, name: billing}
      default: {connectionTimeout: 2s}
)",
                        GetParam()),
            (std::vector<std::string>{"multi[1]", "multi[0]", "multi[2]"}));
}

// A top-level MeshGateway (order 4 in targetref.go) sorts after a top-level Mesh (1), so a gateway
// policy's to[] Mesh item overrides a mesh policy's MeshService item on that service's rule. (Kuma
// main drops MeshGateway: not asserted for 3.0-preview.)
TEST(KumaSortGateway, TopLevelMeshGatewayAfterMesh) {
  for (Profile profile : {Profile::kKuma214, Profile::kKuma213, Profile::kKuma210}) {
    SCOPED_TRACE(Profiles().Name(profile));
    std::vector<doc::Diagnostic> diags;
    std::vector<doc::Document> docs;
    docs.push_back(doc::LoadDocument("gw.yaml", R"(type: Mesh
name: orders
---
type: MeshGateway
name: edge
mesh: orders
selectors:
  - match: {kuma.io/service: edge-gw}
conf:
  listeners:
    - {port: 8080, protocol: HTTP}
---
type: Dataplane
name: gw-1
mesh: orders
networking:
  address: 10.0.0.9
  gateway:
    type: BUILTIN
    tags: {kuma.io/service: edge-gw}
---
type: MeshService
name: billing
mesh: orders
spec:
  ports:
    - {port: 9000, name: http}
---
type: MeshTimeout
name: a-gateway
mesh: orders
spec:
  targetRef: {kind: MeshGateway, name: edge}
  to:
    - targetRef: {kind: Mesh}
      default: {http: {requestTimeout: 10s}}
---
type: MeshTimeout
name: b-mesh
mesh: orders
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshService, name: billing}
      default: {http: {requestTimeout: 30s}}
)"));
    ResourceSet m = ReadResources(std::move(docs), diags);
    const Dataplane* dp = m.FindDataplane("gw-1");
    ASSERT_NE(dp, nullptr);
    EvalOptions o;
    o.profile = profile;
    DataplaneRules r = Evaluate(m, *dp, o);
    std::vector<std::string> order;
    std::string billing;
    for (const TypeRules& t : r.types)
      if (t.type == "MeshTimeout") {
        for (const Item& it : t.to_items) order.push_back(it.policy->meta.name);
        for (const ResourceRule& rr : t.to_rules)
          if (rr.key == "meshservice:mesh/orders:name/billing") billing = rr.conf().dump();
      }
    EXPECT_EQ(order, (std::vector<std::string>{"b-mesh", "a-gateway"}));
    EXPECT_EQ(billing, R"({"http":{"requestTimeout":"10s"}})");
  }
}

INSTANTIATE_TEST_SUITE_P(EveryKumaRelease, KumaSort,
                         ::testing::Values(Profile::kKuma214, Profile::kKuma213, Profile::kKuma210,
                                           Profile::kKuma30),
                         [](const ::testing::TestParamInfo<Profile>& i) {
                           switch (i.param) {
                             case Profile::kKuma214:
                               return std::string("Kuma214");
                             case Profile::kKuma213:
                               return std::string("Kuma213");
                             case Profile::kKuma210:
                               return std::string("Kuma210");
                             case Profile::kKuma30:
                               return std::string("Kuma30Preview");
                             default:
                               return std::string("Madr");
                           }
                         });

}  // namespace
}  // namespace cfgi::policy
