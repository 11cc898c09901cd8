// The compiled index and the generated large snapshot (10,000 resources x 16 variants over 6
// keys): the index must agree with the spec's naive scan on every subscription.
#include <gtest/gtest.h>

#include "core/engine/engine.h"
#include "core/variants/analysis.h"
#include "core/variants/index.h"
#include "core/variants/variants_engine.h"

namespace cfgi::variants {
namespace {

TEST(VariantsIndexTest, AgreesWithNaiveScanOnTheLargeSnapshot) {
  std::vector<ResourceVariants> snap = GenerateSnapshot(10000, 16, 6);
  ASSERT_EQ(snap.size(), 10000u);
  for (const auto& r : snap) ASSERT_EQ(r.variants.size(), 16u);
  VariantIndex idx = VariantIndex::Build(snap);
  EXPECT_EQ(idx.fallback_count(), 0u);
  auto subs = GenerateSubscriptions(snap, 20000, 6);
  size_t selected = 0, none = 0, ambiguous = 0;
  for (const auto& [name, params] : subs) {
    int r = idx.ResourceIndex(name);
    ASSERT_GE(r, 0);
    uint64_t fast = idx.Match(static_cast<size_t>(r), idx.Compile(params));
    ASSERT_EQ(fast, NaiveMatch(snap[static_cast<size_t>(r)], params)) << name << " " << RenderParams(params);
    int n = __builtin_popcountll(fast);
    (n == 1 ? selected : n == 0 ? none : ambiguous)++;
  }
  // The generator yields all three outcomes (every 50th resource has an overlapping variant).
  EXPECT_GT(selected, 10000u);
  EXPECT_GT(none, 1000u);
  EXPECT_GT(ambiguous, 10u);
}

TEST(VariantsIndexTest, FallbackForLargeDnfStaysExact) {
  std::vector<ResourceVariants> rs(1);
  rs[0].name = "R";
  std::vector<Constraint> ors;
  for (int i = 0; i < 7; ++i)
    ors.push_back(Constraint::Or({Constraint::Value("k" + std::to_string(i), "a"), Constraint::Value("k" + std::to_string(i), "b")}));
  Variant v;
  v.constraint = Constraint::And(ors);  // 128 cubes: more than 64
  rs[0].variants.push_back(v);
  v.constraint = Constraint::Not(Constraint::Exists("k0"));
  rs[0].variants.push_back(v);
  VariantIndex idx = VariantIndex::Build(rs);
  EXPECT_EQ(idx.fallback_count(), 1u);
  Params all_a;
  for (int i = 0; i < 7; ++i) all_a["k" + std::to_string(i)] = "a";
  EXPECT_EQ(idx.Match(0, idx.Compile(all_a)), 1u);
  EXPECT_EQ(idx.Match(0, idx.Compile({})), 2u);
  all_a["k3"] = "zz";
  EXPECT_EQ(idx.Match(0, idx.Compile(all_a)), 0u);
}

TEST(VariantsIndexTest, ExactOverlapsEqualEnumerationOnGeneratedSets) {
  std::vector<ResourceVariants> snap = GenerateBitSnapshot(2);
  for (size_t r = 0; r < 2; ++r) {
    std::vector<const Constraint*> cs;
    for (const auto& v : snap[r].variants) cs.push_back(&v.constraint);
    Domain d = Domain::ForConstraints(cs);
    std::vector<OverlapFinding> fast = FindOverlaps(cs, d), slow = OverlapsByEnumeration(cs, d);
    ASSERT_EQ(fast.size(), slow.size()) << r;
    for (size_t i = 0; i < fast.size(); ++i) {
      EXPECT_EQ(fast[i].a, slow[i].a);
      EXPECT_EQ(fast[i].b, slow[i].b);
      EXPECT_TRUE(Matches(*cs[fast[i].a], fast[i].witness) && Matches(*cs[fast[i].b], fast[i].witness));
    }
    // Resource 0's last variant is `k0=v1`: it overlaps exactly the others that require k0=v1.
    size_t want = 0;
    if (r == 0)
      for (size_t j = 0; j + 1 < cs.size(); ++j)
        want += Render(cs[j]->children[0]) == "k0=v1" ? 1 : 0;
    EXPECT_EQ(fast.size(), want);
    if (r == 0) EXPECT_GT(want, 25u);
  }
}

// The engine path on a generated snapshot (textproto through protobuf), smaller than the bench.
TEST(VariantsIndexTest, EnginePathOnAGeneratedSnapshot) {
  std::vector<ResourceVariants> snap = GenerateSnapshot(200, 16, 6);
  Scenario s = LoadScenario({{"generated.textproto", SnapshotTextProto(snap)}});
  Query q;
  q.flags = {{"params", "k0=v1,k1=v2,k2=v0,k3=zz,k4=v3,k5=v1"}};
  CompiledScenario a = CompileScenario(s, ParseVariantsQuery(q));
  Evaluation e = Evaluate(a, a.subscriptions);
  auto ResultJson = [&e](const CompiledScenario& x) { return variants::ResultJson(x, e); };
  ASSERT_EQ(ResultJson(a)["resources"].size(), 200u);
  ASSERT_EQ(ResultJson(a)["subscriptions"][0]["resources"].size(), 200u);
  VariantIndex idx = VariantIndex::Build(snap);
  Params p = {{"k0", "v1"}, {"k1", "v2"}, {"k2", "v0"}, {"k3", "zz"}, {"k4", "v3"}, {"k5", "v1"}};
  for (size_t r = 0; r < 200; ++r) {
    Selection sel = idx.Select(r, idx.Compile(p));
    const nlohmann::ordered_json got = ResultJson(a)["subscriptions"][0]["resources"][r];
    EXPECT_EQ(got["outcome"], MatchKindName(sel.outcome)) << r;
    EXPECT_EQ(got["matching"].size(), sel.matching.size()) << r;
  }
  // Every 50th resource (0, 50, 100, 150) has a last variant `exists(k_a)`, which overlaps each
  // of its 15 others (they all require k_a to be present).
  EXPECT_EQ(ResultJson(a)["overlaps"].size(), 4u * 15u);
}

// Load compiles the final variant sets once (CompiledScenario::index) and Evaluate selects through it:
// every selection equals the spec's naive scan (Select), for resources the index holds and for
// one it cannot (70 variants, more than its 64 bits: Evaluate tests the constraints instead).
TEST(VariantsIndexTest, EvaluateSelectsThroughTheIndexAsTheNaiveScan) {
  std::vector<ResourceVariants> snap = GenerateSnapshot(60, 16, 6);
  ResourceVariants wide;
  wide.name = "wide";
  for (int i = 0; i < 70; ++i) {
    Variant v;
    v.constraint = Constraint::Value("k0", "w" + std::to_string(i % 35));  // each value twice: ambiguous
    if (i == 69) v.constraint = Constraint::Value("k1", "v2");
    // A variant's identity is its constraints: the textproto of the second "w<i>" differs by
    // a not(exists) of a key no subscription sends.
    if (i >= 35 && i < 69) v.constraint = Constraint::And({v.constraint, Constraint::Not(Constraint::Exists("zz"))});
    v.canonical = CanonicalTextProto(v.constraint);
    wide.variants.push_back(v);
  }
  snap.push_back(wide);
  Scenario s = LoadScenario({{"generated.textproto", SnapshotTextProto(snap)}});
  Query q;
  for (const auto& [name, params] : GenerateSubscriptions(snap, 40, 6)) {
    std::string flag;
    for (const auto& [k, v] : params) flag += (flag.empty() ? "" : ",") + k + "=" + v;
    q.flags.push_back({"params", flag});
  }
  q.flags.push_back({"params", "k0=w3,k1=v2"});
  q.flags.push_back({"params", ""});
  CompiledScenario a = CompileScenario(s, ParseVariantsQuery(q));
  ASSERT_TRUE(a.index);
  const int wi = a.index->ResourceIndex("wide");
  ASSERT_GE(wi, 0);
  EXPECT_FALSE(a.index->indexed(static_cast<size_t>(wi)));
  EXPECT_TRUE(a.index->indexed(0));
  ASSERT_EQ(a.subscriptions.size(), 42u);
  Evaluation e = Evaluate(a, a.subscriptions);
  ASSERT_EQ(e.selections.size(), a.subscriptions.size());
  size_t compared = 0, ambiguous = 0;
  for (size_t si = 0; si < a.subscriptions.size(); ++si) {
    ASSERT_EQ(e.selections[si].size(), a.final_state.resources.size());
    for (const auto& [name, sel] : e.selections[si]) {
      const Selection naive = Select(a.final_state.Find(name), a.subscriptions[si].params);
      EXPECT_EQ(sel.matching, naive.matching) << si << " " << name;
      EXPECT_EQ(sel.outcome, naive.outcome) << si << " " << name;
      EXPECT_EQ(sel.selected, naive.selected) << si << " " << name;
      ambiguous += sel.outcome == MatchKind::kAmbiguous;
      ++compared;
    }
  }
  EXPECT_EQ(compared, 42u * 61u);
  EXPECT_GT(ambiguous, 0u);
  // k0=w3, k1=v2 against "wide": variants 3, 38 (k0=w3) and 69 (k1=v2).
  const auto& last = e.selections[40];
  EXPECT_EQ(last.back().first, "wide");
  EXPECT_EQ(last.back().second.matching, (std::vector<size_t>{3, 38, 69}));
}

}  // namespace
}  // namespace cfgi::variants
