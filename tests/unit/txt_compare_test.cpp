// The txt engine's typed profile comparison (core/txt/txt_compare.cpp): of a record only whether a
// profile reads it can differ (gRPC C-core reads the first grpc_config record, grpc-java every
// one: grpc src/core/resolver/dns/c_ares/grpc_ares_wrapper.cc, grpc-java
// core/src/main/java/io/grpc/internal/DnsNameResolver.java), so the records every profile reads
// alike are written null; the choice traces, names and rollout alike are one placeholder; the
// comparison is exactly the full JSON's. The view's what-if client is compared by the same path.
// EngineContract.TypedComparisonEqualsJsonComparison checks the equality over every txt sample.
#include <gtest/gtest.h>

#include "core/txt/txt_engine.h"
#include "tests/unit/compare_test_util.h"

namespace cfgi::txt {
namespace {

using compare_test::ComparisonText;

std::vector<const TxtResult*> Typed(const Inspection& in) {
  std::vector<const TxtResult*> out;
  for (const Report& r : in.reports) out.push_back(ResultAs<TxtResult>(r.typed.get()));
  return out;
}

TEST(TxtCompareTyped, RecordsEveryProfileReadsAlikeAreNotSerialised) {
  auto s = compare_test::LoadSample("txt", "two-records.scenario.yaml");
  Inspection in = compare_test::InspectSample(GetTxtEngine(), s, false);
  ASSERT_EQ(in.reports.size(), 4u);
  const std::vector<const TxtResult*> typed = Typed(in);
  const SameAnswers same = FindSameAnswers(typed);
  ASSERT_TRUE(same.comparable);
  // Record 0 is read by every profile; record 1 by grpc-java and grpc-go only.
  EXPECT_EQ(same.records, (std::vector<bool>{true, false}));
  EXPECT_TRUE(same.choices.empty());  // grpc-go has no choice list (its concatenation is no JSON)
  EXPECT_FALSE(same.rollout);
  const nlohmann::ordered_json masked = typed[1]->Json(&same.records);
  EXPECT_TRUE(masked["records"][0].is_null());
  EXPECT_EQ(masked["records"][1]["read"], true);
  EXPECT_EQ(typed[1]->ToJson()["records"][0]["read"], true);  // ToJson is whole
}

TEST(TxtCompareTyped, OneDivergencePerDifferingAnswerAsTheJsonComparison) {
  auto s = compare_test::LoadSample("txt", "two-records.scenario.yaml");
  Inspection in = compare_test::InspectSample(GetTxtEngine(), s, false);
  // tests/golden/txt/two-records.scenario.json: 8 answers, 15 leaves.
  ASSERT_EQ(in.comparison.size(), 8u);
  EXPECT_EQ(in.comparison.divergences.size(), 15u);
  std::vector<std::string> answers;
  for (const DifferingAnswer& a : in.comparison.answers) answers.push_back(a.path);
  EXPECT_EQ(answers, (std::vector<std::string>{"/attributes/0", "/attributes/1", "/choice", "/choices", "/error", "/records/1",
                                               "/rollout", "/service_config"}));
  const Divergence* read = in.comparison.Under("/records/1").front();
  EXPECT_EQ(read->path, "/records/1/read");
  EXPECT_EQ(read->values, nlohmann::ordered_json::parse(R"({"grpc-core": false, "grpc-java": true, "grpc-go": true, "a2": false})"));
  EXPECT_EQ(ComparisonText(in.comparison), ComparisonText(compare_test::JsonComparison(GetTxtEngine(), in)));
  // The profile settings ("lookup", the client's language) stay apart, as in the JSON comparison.
  EXPECT_FALSE(in.comparison.settings.empty());
}

TEST(TxtCompareTyped, ChoicesAlikeArePlaceholdersAndTheComparisonIsTheSame) {
  auto s = compare_test::LoadSample("txt", "canary-50.scenario.yaml");
  Inspection in = compare_test::InspectSample(GetTxtEngine(), s, false);
  const SameAnswers same = FindSameAnswers(Typed(in));
  ASSERT_TRUE(same.comparable);
  EXPECT_EQ(in.comparison.size(), 5u);  // tests/golden/txt/canary-50.scenario.json
  EXPECT_EQ(in.comparison.divergences.size(), 15u);
  EXPECT_EQ(ComparisonText(in.comparison), ComparisonText(compare_test::JsonComparison(GetTxtEngine(), in)));
}

TEST(TxtCompareTyped, WhatIfClientComparedAsInspectCompares) {
  auto s = compare_test::LoadSample("txt", "two-records.scenario.yaml");
  Inspection in = compare_test::InspectSample(GetTxtEngine(), s, false);
  auto model = std::shared_ptr<const TxtModel>(in.model, ModelAs<TxtModel>(in.model.get()));
  std::vector<Client> clients;
  for (ProfileId p : {ProfileId::kCore, ProfileId::kJava, ProfileId::kGo, ProfileId::kA2}) clients.push_back(model->ClientFor(p));
  ClientWhatIf o = EvaluateClientEveryProfile(model, std::nullopt, clients);
  ASSERT_EQ(o.results.size(), 4u);
  EXPECT_EQ(ComparisonText(o.comparison), ComparisonText(in.comparison));
  ASSERT_EQ(o.comparison.size(), 8u);
  EXPECT_EQ(o.comparison.answers[5].title, in.comparison.answers[5].title);
}

}  // namespace
}  // namespace cfgi::txt
