// The targeting engine's typed profile comparison (core/targeting/targeting_compare.cpp): the
// engine has one profile, so results resolved alike compare empty with nothing serialised; a
// resolution with another configuration (the view's what-if, Workspace::ResolveWith) differs in
// the references it retargets, one divergence per differing reference, as the JSON fallback
// gives. The binding is CppMicroServices' (ComponentConfigurationImpl: "<refName>.target" in the
// configuration replaces the manifest's target).
#include <gtest/gtest.h>

#include "core/engine/build_count.h"
#include "core/targeting/targeting_engine.h"
#include "tests/unit/compare_test_util.h"

namespace cfgi::targeting {
namespace {

using compare_test::ComparisonText;

TEST(TargetingCompareTyped, ResultsResolvedAlikeCompareEmptyWithoutSerialising) {
  auto s = compare_test::LoadSample("targeting", "spec_method1.scenario.yaml");
  std::unique_ptr<EngineModel> m = GetTargetingEngine().Load(*s, Query{}, Mode::kEvaluate);
  std::unique_ptr<EngineResult> a = m->Evaluate("cppmicroservices"), b = m->Evaluate("cppmicroservices");
  EXPECT_TRUE(SameResolution(ResultAs<TargetingResult>(a.get())->resolution, ResultAs<TargetingResult>(b.get())->resolution));
  const uint64_t work = ThreadEvaluationWork();
  const Comparison c = GetTargetingEngine().CompareResults({{"one", a.get(), nullptr}, {"two", b.get(), nullptr}});
  EXPECT_EQ(ThreadEvaluationWork(), work) << "no result serialised, no JSON compared";
  EXPECT_TRUE(c.empty());
}

TEST(TargetingCompareTyped, AnotherConfigurationDiffersByReferenceAsTheJsonComparison) {
  auto s = compare_test::LoadSample("targeting", "spec_method1.scenario.yaml");
  std::unique_ptr<EngineModel> m = GetTargetingEngine().Load(*s, Query{}, Mode::kEvaluate);
  const auto* tm = ModelAs<TargetingModel>(m.get());
  std::unique_ptr<EngineResult> a = m->Evaluate("cppmicroservices");
  Config edited = tm->workspace.config;
  edited.Set("serviceB.target", ldap::Value::String("(otherTarget=1)"));
  TargetingResult b;
  b.evaluated = true;
  b.resolution = tm->workspace.ResolveWith(&edited, false);
  EXPECT_FALSE(SameResolution(ResultAs<TargetingResult>(a.get())->resolution, b.resolution));
  const Comparison c = GetTargetingEngine().CompareResults({{"loaded", a.get(), nullptr}, {"edited", &b, nullptr}});
  ASSERT_EQ(c.size(), 1u);
  EXPECT_EQ(c.answers[0].path, "/references/0");
  std::vector<std::string> leaves;
  for (const Divergence& d : c.divergences) leaves.push_back(d.path);
  EXPECT_EQ(leaves, (std::vector<std::string>{"/references/0/effective_filter", "/references/0/target"}));
  EXPECT_EQ(c.divergences[1].values["edited"], "(otherTarget=1)");
  EXPECT_EQ(ComparisonText(c), ComparisonText(CompareResultsJson(GetTargetingEngine(), {{"loaded", a.get(), nullptr}, {"edited", &b, nullptr}})));
}

}  // namespace
}  // namespace cfgi::targeting
