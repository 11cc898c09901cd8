// The matcher engine's typed profile comparison (core/matcher/matcher_compare.cpp): the request
// outcomes every profile gives alike are found on the typed results and not serialised, the
// comparison is exactly the full JSON's (count, pointers, values), and the app's what-if request
// is compared by the same path. EngineContract.TypedComparisonEqualsJsonComparison checks the
// equality over every matcher sample. The sample's disagreements are the ones Envoy's and gRPC's
// sources give (envoy source/common/http/matching/inputs.h: an absent header is no data; grpc
// src/core/xds/grpc/xds_matcher.cc: "" for gRPC C-core).
#include <gtest/gtest.h>

#include "core/matcher/matcher_engine.h"
#include "tests/unit/compare_test_util.h"

namespace cfgi::matcher {
namespace {

using compare_test::ComparisonText;

TEST(MatcherCompareTyped, OutcomesEveryProfileGivesAlikeAreFoundTyped) {
  auto s = compare_test::LoadSample("matcher", "profiles-diverge.scenario.yaml");
  Inspection in = compare_test::InspectSample(GetMatcherEngine(), s, false);
  ASSERT_EQ(in.reports.size(), 4u);
  std::vector<const MatcherResult*> typed;
  for (const Report& r : in.reports) typed.push_back(ResultAs<MatcherResult>(r.typed.get()));
  const SameOutcomes same = FindSameOutcomes(typed);
  ASSERT_TRUE(same.comparable);
  // Requests 0-2: gRPC C-core vs the others (absent header "", -bin hidden, content-type);
  // request 3: a106's unsuccessful nested match; request 4 (prod canary): the same everywhere.
  EXPECT_EQ(same.requests, (std::vector<bool>{false, false, false, false, true}));
  EXPECT_TRUE(same.discovered.empty());  // not an Envoy configuration
  // Results of two models are not compared typed.
  std::unique_ptr<EngineModel> other = GetMatcherEngine().Load(*s, Query{}, Mode::kEvaluate);
  std::unique_ptr<EngineResult> r = other->Evaluate("envoy");
  EXPECT_FALSE(FindSameOutcomes({typed[0], ResultAs<MatcherResult>(r.get())}).comparable);
}

TEST(MatcherCompareTyped, OneDivergencePerDifferingAnswerAsTheJsonComparison) {
  auto s = compare_test::LoadSample("matcher", "profiles-diverge.scenario.yaml");
  Inspection in = compare_test::InspectSample(GetMatcherEngine(), s, false);
  const Comparison json = compare_test::JsonComparison(GetMatcherEngine(), in);
  // The golden's count: coverage and requests 0-3 (tests/golden/matcher/profiles-diverge.scenario.json).
  ASSERT_EQ(in.comparison.size(), 5u);
  EXPECT_EQ(in.comparison.divergences.size(), 32u);
  std::vector<std::string> answers;
  for (const DifferingAnswer& a : in.comparison.answers) answers.push_back(a.path);
  EXPECT_EQ(answers, (std::vector<std::string>{"/coverage", "/requests/0", "/requests/1", "/requests/2", "/requests/3"}));
  EXPECT_EQ(in.comparison.divergences[7].path, "/requests/0/actions/0");
  EXPECT_EQ(in.comparison.divergences[7].values["grpc-core"], "reject-anonymous");
  EXPECT_EQ(in.comparison.divergences[7].values["envoy"], "default");
  EXPECT_EQ(ComparisonText(in.comparison), ComparisonText(json));
  EXPECT_EQ(in.comparison.answers[1].title, "request 0 (x-env: staging)");
}

TEST(MatcherCompareTyped, WhatIfRequestComparedAsTheScenarios) {
  auto s = compare_test::LoadSample("matcher", "profiles-diverge.scenario.yaml");
  std::shared_ptr<const EngineModel> m = GetMatcherEngine().Load(*s, Query{}, Mode::kEvaluate);
  auto model = std::shared_ptr<const MatcherModel>(m, ModelAs<MatcherModel>(m.get()));
  // Request 3's headers: a106 alone gives no action; one differing answer, as in the scenario.
  RequestWhatIf o = EvaluateRequestEveryProfile(model, RequestFromText("x-tenant=acme\nx-env=prod"));
  ASSERT_EQ(o.results.size(), 4u);
  EXPECT_TRUE(o.results[3].actions.empty());
  EXPECT_EQ(o.diverges, 1u);
  // Request 4's: every profile gives prod-canary.
  EXPECT_EQ(EvaluateRequestEveryProfile(model, RequestFromText("x-tenant=acme\nx-env=prod\nx-canary=1")).diverges, 0u);
}

}  // namespace
}  // namespace cfgi::matcher
