// Check mode, decided once (core/engine/engine.h CommandMode, DecideMode): the CLI's command
// names the mode, DecideMode says what an inspection in that mode does with a scenario, and
// Inspect follows it (the engine's load mode, an empty result for `check`, `expect` checked).
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "core/engine/engine.h"
#include "core/engine/scenario.h"

namespace cfgi {
namespace {

// A TXT record (gRFC A2's grpc_config attribute), a scenario envelope, and optionally one
// `expect` entry about the chosen config.
Scenario TxtScenario(bool with_expect) {
  std::string yaml = R"(engine: txt
sources:
  - name: z.zone
    text: |
      _grpc_config.svc.example.com. 60 IN TXT "grpc_config=[{\"serviceConfig\":{\"loadBalancingPolicy\":\"round_robin\"}}]"
)";
  if (with_expect) yaml += "expect:\n  - {path: /choice, equals: 0}\n";
  return LoadScenario({{"t.scenario.yaml", yaml}});
}

TEST(CommandMode, EvalEvaluatesEverythingElseChecks) {
  EXPECT_EQ(CommandMode("eval"), Mode::kEvaluate);
  EXPECT_EQ(CommandMode("check"), Mode::kCheck);
  EXPECT_EQ(CommandMode(""), Mode::kCheck);
  EXPECT_EQ(CommandMode("Eval"), Mode::kCheck);  // the CLI's subcommands are lower case
}

// The decision table of engine.h, row by row (asked mode x `expect` x the caller's query).
TEST(DecideMode, Table) {
  const Scenario plain = TxtScenario(false), expecting = TxtScenario(true);
  Query none;
  Query asked;
  asked.flags.push_back({"name", "svc.example.com"});
  struct Row {
    Mode asked;
    const Scenario* s;
    const Query* q;
    Mode load;
    bool results, check_expect;
  };
  const Row rows[] = {
      {Mode::kEvaluate, &plain, &none, Mode::kEvaluate, true, false},
      {Mode::kEvaluate, &expecting, &none, Mode::kEvaluate, true, true},
      {Mode::kEvaluate, &expecting, &asked, Mode::kEvaluate, true, false},
      {Mode::kCheck, &plain, &none, Mode::kCheck, false, false},
      {Mode::kCheck, &plain, &asked, Mode::kCheck, false, false},
      {Mode::kCheck, &expecting, &none, Mode::kEvaluate, false, true},
      {Mode::kCheck, &expecting, &asked, Mode::kEvaluate, false, false},
  };
  for (size_t i = 0; i < std::size(rows); ++i) {
    const Row& r = rows[i];
    ModeDecision d = DecideMode(r.asked, *r.s, *r.q);
    EXPECT_EQ(d.load, r.load) << "row " << i;
    EXPECT_EQ(d.results, r.results) << "row " << i;
    EXPECT_EQ(d.check_expect, r.check_expect) << "row " << i;
  }
  // `expect` outside an envelope (a native file has none) is never checked.
  Scenario native = LoadScenario({{"z.zone", "a. 60 IN TXT \"x\"\n"}});
  EXPECT_FALSE(DecideMode(Mode::kEvaluate, native, none).check_expect);
}

// Inspect follows the decision: `check` of a scenario with `expect` loads to evaluate, checks
// the entries, and still reports the empty result `check` prints; without `expect` it loads
// in kCheck mode.
TEST(DecideMode, InspectFollowsIt) {
  InspectOptions o;
  o.mode = CommandMode("check");
  o.profiles = {"grpc-core"};
  {
    auto s = std::make_shared<Scenario>(TxtScenario(true));
    Inspection in = Inspect(*SelectEngine(s.get()), s, Query{}, o);
    ASSERT_EQ(in.reports.size(), 1u);
    EXPECT_EQ(in.model->mode, Mode::kEvaluate);
    EXPECT_EQ(in.reports[0].result, nlohmann::ordered_json::object());
    ASSERT_EQ(in.reports[0].expectations.size(), 1u);
    EXPECT_TRUE(in.reports[0].expectations[0].passed) << in.reports[0].expectations[0].got;
  }
  {
    auto s = std::make_shared<Scenario>(TxtScenario(false));
    Inspection in = Inspect(*SelectEngine(s.get()), s, Query{}, o);
    EXPECT_EQ(in.model->mode, Mode::kCheck);
    EXPECT_EQ(in.reports[0].result, nlohmann::ordered_json::object());
    EXPECT_TRUE(in.reports[0].expectations.empty());
  }
  o.mode = CommandMode("eval");
  o.result_json = true;  // the result's JSON, as the CLI asks for it (off by default)
  auto s = std::make_shared<Scenario>(TxtScenario(false));
  Inspection in = Inspect(*SelectEngine(s.get()), s, Query{}, o);
  EXPECT_EQ(in.model->mode, Mode::kEvaluate);
  EXPECT_EQ(in.reports[0].result["choice"], 0);
}

}  // namespace
}  // namespace cfgi
