// The policy engine's typed query (core/policy/policy_query.h): the CLI's flags parse into it
// once, a view or a test builds it directly, and both ask the same question.
#include <gtest/gtest.h>

#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "core/policy/policy_engine.h"

namespace cfgi::policy {
namespace {

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
type: Dataplane
name: api-1
mesh: default
networking:
  address: 10.0.0.2
  inbound:
    - {port: 7070, tags: {kuma.io/service: api}}
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

TEST(PolicyQueryTest, FlagsParseIntoTheTypedQueryOnce) {
  Query flags;
  flags.flags = {{"dataplane", "web-1"}, {"resource", "a"}, {"client", "spiffe://x"}, {"resource", "b"},
                 {"dataplane", "api-1"}};
  PolicyQuery q = ParsePolicyQuery(flags);
  EXPECT_EQ(q.dataplane, std::optional<std::string>("api-1"));  // the last one given
  EXPECT_EQ(q.resources, (std::vector<std::string>{"a", "b"}));  // every one, in order
  EXPECT_EQ(q.client, std::optional<std::string>("spiffe://x"));
  EXPECT_FALSE(q.inspect.has_value());
  EXPECT_FALSE(q.policy.has_value());
  EXPECT_FALSE(q.kuma_inspect.has_value());
  // The engine's ParseQuery gives the same typed query.
  std::shared_ptr<const EngineQuery> e = GetPolicyEngine().ParseQuery(flags);
  const auto* pq = dynamic_cast<const PolicyQuery*>(e.get());
  ASSERT_NE(pq, nullptr);
  EXPECT_EQ(pq->dataplane, q.dataplane);
  EXPECT_EQ(pq->resources, q.resources);
}

TEST(PolicyQueryTest, ATypedQueryAsksWhatItsFlagsAsk) {
  auto s = std::make_shared<const Scenario>(LoadScenario({{"in.yaml", kMesh}}));
  InspectOptions o;
  o.profiles = {"kuma-2.14", "kuma-2.10"};
  Query flags;
  flags.flags = {{"dataplane", "web-1"}, {"resource", "kri_msvc_default___api_"}};
  auto typed = std::make_shared<PolicyQuery>();
  typed->dataplane = "web-1";
  typed->resources = {"kri_msvc_default___api_"};
  Query built;
  built.typed = typed;
  Inspection a = Inspect(GetPolicyEngine(), s, flags, o);
  Inspection b = Inspect(GetPolicyEngine(), s, built, o);
  ASSERT_EQ(a.reports.size(), 2u);
  ASSERT_EQ(b.reports.size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(a.reports[i].result, b.reports[i].result) << a.reports[i].profile;
    EXPECT_EQ(a.reports[i].diagnostics.size(), b.reports[i].diagnostics.size());
  }
  // The answer is the one asked: web-1's rule for the api MeshService.
  EXPECT_EQ(a.reports[0].result["dataplane"], "web-1");
  ASSERT_FALSE(a.reports[0].result["rules"].empty());
  const auto& rules = a.reports[0].result["rules"];
  ASSERT_EQ(rules.size(), 1u);
  EXPECT_EQ(rules[0]["type"], "MeshTimeout");
  ASSERT_EQ(rules[0]["toResourceRules"].size(), 1u);
  EXPECT_EQ(rules[0]["toResourceRules"][0]["key"], "kri_msvc_default___api_");
  EXPECT_EQ(rules[0]["toResourceRules"][0]["conf"]["http"]["requestTimeout"], "9s");
  // A typed query is a query: the scenario's own `inputs` do not apply.
  EXPECT_FALSE(built.empty());
  EXPECT_TRUE(Query{}.empty());
}

TEST(PolicyQueryTest, ATypedQueryForAnUnknownDataplaneIsPol014) {
  auto s = std::make_shared<const Scenario>(LoadScenario({{"in.yaml", kMesh}}));
  auto typed = std::make_shared<PolicyQuery>();
  typed->dataplane = "nope";
  Query q;
  q.typed = typed;
  InspectOptions o;
  o.profiles = {"kuma-2.14"};
  Inspection i = Inspect(GetPolicyEngine(), s, q, o);
  ASSERT_EQ(i.reports.size(), 1u);
  std::vector<std::string> codes;
  for (const doc::Diagnostic& d : i.reports[0].diagnostics) codes.push_back(d.code);
  EXPECT_EQ(codes, std::vector<std::string>{"POL014"});
  EXPECT_EQ(i.reports[0].diagnostics[0].message, "no Dataplane named 'nope'; there are: web-1, api-1");
}

}  // namespace
}  // namespace cfgi::policy
