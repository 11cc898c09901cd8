// The variants engine's typed profile comparison (core/variants/variants_compare.cpp): the engine
// has one profile, so results of one analysis evaluated alike compare empty with nothing
// serialised; results that answer differently (another subscription list, built apart) are
// compared by the JSON fallback, one divergence per differing answer.
// EngineContract.TypedComparisonEqualsJsonComparison checks the equality over every sample.
#include <gtest/gtest.h>

#include "core/engine/build_count.h"
#include "core/variants/variants_engine.h"
#include "tests/unit/compare_test_util.h"

namespace cfgi::variants {
namespace {

using compare_test::ComparisonText;

TEST(VariantsCompareTyped, ResultsOfOneAnalysisCompareEmptyWithoutSerialising) {
  auto s = compare_test::LoadSample("variants", "transition-steps.scenario.yaml");
  std::unique_ptr<EngineModel> m = GetVariantsEngine().Load(*s, Query{}, Mode::kEvaluate);
  std::unique_ptr<EngineResult> a = m->Evaluate("tp2"), b = m->Evaluate("tp2");
  const uint64_t work = ThreadEvaluationWork();
  const Comparison c = GetVariantsEngine().CompareResults({{"one", a.get(), nullptr}, {"two", b.get(), nullptr}});
  EXPECT_EQ(ThreadEvaluationWork(), work) << "no result serialised, no JSON compared";
  EXPECT_TRUE(c.empty());
  EXPECT_EQ(ComparisonText(c), ComparisonText(CompareResultsJson(GetVariantsEngine(), {{"one", a.get(), nullptr}, {"two", b.get(), nullptr}})));
}

TEST(VariantsCompareTyped, OtherSubscriptionsDifferAnswerByAnswerAsTheJsonComparison) {
  auto s = compare_test::LoadSample("variants", "basic-env.scenario.yaml");
  std::unique_ptr<EngineModel> m = GetVariantsEngine().Load(*s, Query{}, Mode::kEvaluate);
  const auto* vm = ModelAs<VariantsModel>(m.get());
  std::unique_ptr<EngineResult> a = m->Evaluate("tp2");
  // The same two subscriptions in the other order: {env=test}, {env=prod}.
  VariantsResult b;
  b.analysis = &vm->analysis;
  b.evaluated = true;
  std::vector<Subscription> swapped = vm->analysis.subscriptions;
  ASSERT_EQ(swapped.size(), 2u);
  std::swap(swapped[0], swapped[1]);
  b.evaluation = Evaluate(vm->analysis, swapped);
  EXPECT_FALSE(SameEvaluation(ResultAs<VariantsResult>(a.get())->evaluation, b.evaluation));
  const Comparison c = GetVariantsEngine().CompareResults({{"given", a.get(), nullptr}, {"swapped", &b, nullptr}});
  // Each subscription's answer and the proxy's fan-out (variant 0 goes to subscriber 0, then 1).
  std::vector<std::string> answers;
  for (const DifferingAnswer& d : c.answers) answers.push_back(d.path);
  EXPECT_EQ(answers, (std::vector<std::string>{"/proxy", "/subscriptions/0", "/subscriptions/1"}));
  EXPECT_EQ(ComparisonText(c), ComparisonText(CompareResultsJson(GetVariantsEngine(), {{"given", a.get(), nullptr}, {"swapped", &b, nullptr}})));
}

}  // namespace
}  // namespace cfgi::variants
