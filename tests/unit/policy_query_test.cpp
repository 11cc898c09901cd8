// The policy engine's typed query (core/policy/policy_query.h): the CLI's flags parse into it
// once, a view or a test builds it directly, and both ask the same question.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "core/policy/policy_engine.h"

namespace cfgi::policy {
namespace {

constexpr const char* kQueryMesh = R"(type: Mesh
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

// The diagnostics of a report as "CODE@file:line:column", in order.
std::vector<std::string> Places(const Report& r) {
  std::vector<std::string> out;
  for (const doc::Diagnostic& d : r.diagnostics)
    out.push_back(d.code + "@" + d.file + ":" + std::to_string(d.begin.line) + ":" + std::to_string(d.begin.column));
  return out;
}

// Asks `flags` and the typed `typed` of the same question under kuma-2.14 and kuma-2.10; expects
// the same result and the same diagnostics at the same places from both, and returns the flags'.
Inspection AskBothWays(const std::shared_ptr<const Scenario>& s, std::vector<std::pair<std::string, std::string>> flags,
                       std::shared_ptr<PolicyQuery> typed) {
  InspectOptions o;
  o.result_json = true;  // reads Report::result
  o.profiles = {"kuma-2.14", "kuma-2.10"};
  Query by_flags;
  for (auto& [k, v] : flags) by_flags.flags.push_back({k, v});
  Query built;
  built.typed = std::move(typed);
  EXPECT_FALSE(built.empty());  // a typed query is a query: the scenario's own `inputs` do not apply
  Inspection a = Inspect(GetPolicyEngine(), s, by_flags, o);
  Inspection b = Inspect(GetPolicyEngine(), s, built, o);
  EXPECT_EQ(a.reports.size(), 2u);
  EXPECT_EQ(b.reports.size(), 2u);
  for (size_t i = 0; i < std::min(a.reports.size(), b.reports.size()); ++i) {
    EXPECT_EQ(a.reports[i].result, b.reports[i].result) << a.reports[i].profile;
    EXPECT_EQ(Places(a.reports[i]), Places(b.reports[i])) << a.reports[i].profile;
  }
  return a;
}

TEST(PolicyQueryTest, ATypedQueryAsksWhatItsFlagsAsk) {
  auto s = std::make_shared<const Scenario>(LoadScenario({{"in.yaml", kQueryMesh}}));
  auto typed = std::make_shared<PolicyQuery>();
  typed->dataplane = "web-1";
  typed->resources = {"kri_msvc_default___api_"};
  Inspection a = AskBothWays(s, {{"dataplane", "web-1"}, {"resource", "kri_msvc_default___api_"}}, typed);
  ASSERT_EQ(a.reports.size(), 2u);
  EXPECT_TRUE(a.reports[0].diagnostics.empty());
  EXPECT_TRUE(a.reports[1].diagnostics.empty());
  // A question with a finding: the same code at the same place, whichever form asked it.
  auto bad = std::make_shared<PolicyQuery>();
  bad->dataplane = "web-1";
  bad->inspect = "kri_msvc_default___nope_";
  Inspection c = AskBothWays(s, {{"dataplane", "web-1"}, {"inspect", "kri_msvc_default___nope_"}}, bad);
  ASSERT_EQ(c.reports.size(), 2u);
  for (const Report& r : c.reports) EXPECT_EQ(Places(r), (std::vector<std::string>{"POL048@in.yaml:1:1"})) << r.profile;
  // The answer is the one asked: web-1's rule for the api MeshService.
  EXPECT_EQ(a.reports[0].result["dataplane"], "web-1");
  ASSERT_FALSE(a.reports[0].result["rules"].empty());
  const auto& rules = a.reports[0].result["rules"];
  ASSERT_EQ(rules.size(), 1u);
  EXPECT_EQ(rules[0]["type"], "MeshTimeout");
  ASSERT_EQ(rules[0]["toResourceRules"].size(), 1u);
  EXPECT_EQ(rules[0]["toResourceRules"][0]["key"], "kri_msvc_default___api_");
  EXPECT_EQ(rules[0]["toResourceRules"][0]["conf"]["http"]["requestTimeout"], "9s");
  EXPECT_TRUE(Query{}.empty());
}

TEST(PolicyQueryTest, ATypedQueryForAnUnknownDataplaneIsPol014) {
  auto s = std::make_shared<const Scenario>(LoadScenario({{"in.yaml", kQueryMesh}}));
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
