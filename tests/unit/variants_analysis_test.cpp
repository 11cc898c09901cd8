// Exactness of the variants analyses: overlap, selectability and coverage against brute-force
// enumeration of every parameter set on small domains (random constraint trees).
#include <gtest/gtest.h>

#include <random>

#include "core/variants/analysis.h"

namespace cfgi::variants {
namespace {

using C = Constraint;

// Random trees over keys a, b, c with values x, y (and exists), depth <= 3.
Constraint RandomConstraint(std::mt19937& rng, int depth) {
  static const char* kKeys[] = {"a", "b", "c"};
  static const char* kVals[] = {"x", "y"};
  int pick = static_cast<int>(rng() % (depth >= 3 ? 2 : 6));
  std::string k = kKeys[rng() % 3];
  switch (pick) {
    case 0: return C::Value(k, kVals[rng() % 2]);
    case 1: return C::Exists(k);
    case 2: return C::Not(RandomConstraint(rng, depth + 1));
    case 3:
    case 4: {
      std::vector<Constraint> ch;
      int n = 1 + static_cast<int>(rng() % 3);
      for (int i = 0; i < n; ++i) ch.push_back(RandomConstraint(rng, depth + 1));
      return pick == 3 ? C::And(std::move(ch)) : C::Or(std::move(ch));
    }
    default: return C::True();
  }
}

// Every parameter set over keys a, b, c: absent, x, y, or "z" (a value no constraint names).
std::vector<Params> AllParams() {
  std::vector<Params> out;
  const char* vals[] = {nullptr, "x", "y", "z"};
  for (auto* a : vals)
    for (auto* b : vals)
      for (auto* c : vals) {
        Params p;
        if (a) p["a"] = a;
        if (b) p["b"] = b;
        if (c) p["c"] = c;
        out.push_back(p);
      }
  return out;
}

Domain AbcDomain(const std::vector<const Constraint*>& cs) {
  Domain d = Domain::ForConstraints(cs);
  for (const char* k : {"a", "b", "c"}) d.AddKey(k);
  d.Finalize();
  return d;
}

TEST(VariantsAnalysisTest, OverlapIsExactAgainstBruteForce) {
  std::mt19937 rng(12345);
  std::vector<Params> space = AllParams();
  int overlapping = 0;
  for (int iter = 0; iter < 3000; ++iter) {
    Constraint a = RandomConstraint(rng, 0), b = RandomConstraint(rng, 0);
    Domain d = AbcDomain({&a, &b});
    bool brute = false;
    for (const Params& p : space) brute |= Matches(a, p) && Matches(b, p);
    std::optional<Params> w = OverlapWitness(a, b, d);
    ASSERT_EQ(w.has_value(), brute) << Render(a) << " vs " << Render(b);
    if (w) {
      ++overlapping;
      EXPECT_TRUE(Matches(a, *w) && Matches(b, *w)) << "witness " << RenderParams(*w);
    }
    EXPECT_EQ(OverlapByEnumeration(a, b, d).has_value(), brute);
  }
  // The generator produces both outcomes in quantity (the test would be vacuous otherwise).
  EXPECT_GT(overlapping, 500);
  EXPECT_LT(overlapping, 2900);
}

TEST(VariantsAnalysisTest, SelectableAndSatisfiableAreExact) {
  std::mt19937 rng(777);
  std::vector<Params> space = AllParams();
  int dead = 0;
  for (int iter = 0; iter < 1500; ++iter) {
    Constraint v = RandomConstraint(rng, 0);
    std::vector<Constraint> others;
    for (int i = 0; i < 3; ++i) others.push_back(RandomConstraint(rng, 1));
    std::vector<const Constraint*> ops;
    for (const Constraint& o : others) ops.push_back(&o);
    std::vector<const Constraint*> all = ops;
    all.push_back(&v);
    Domain d = AbcDomain(all);
    bool sat = false, sel = false;
    for (const Params& p : space) {
      if (!Matches(v, p)) continue;
      sat = true;
      bool other = false;
      for (const Constraint& o : others) other |= Matches(o, p);
      sel |= !other;
    }
    ASSERT_EQ(SatisfyingWitness(v, d).has_value(), sat) << Render(v);
    std::optional<Params> w = SelectableWitness(v, ops, d);
    ASSERT_EQ(w.has_value(), sel) << Render(v);
    if (w) {
      EXPECT_TRUE(Matches(v, *w));
      for (const Constraint& o : others) EXPECT_FALSE(Matches(o, *w));
    } else {
      ++dead;
    }
  }
  EXPECT_GT(dead, 100);
}

TEST(VariantsAnalysisTest, CoverageCountsAndWitnessesAreExact) {
  std::mt19937 rng(4242);
  for (int iter = 0; iter < 800; ++iter) {
    std::vector<Constraint> vs;
    int n = 1 + static_cast<int>(rng() % 4);
    for (int i = 0; i < n; ++i) vs.push_back(RandomConstraint(rng, 0));
    std::vector<const Constraint*> ps;
    for (const Constraint& v : vs) ps.push_back(&v);
    Domain d = AbcDomain(ps);
    std::vector<DomainKey> keys;
    for (const char* k : {"a", "b", "c"}) keys.push_back({k, {"x", "y"}, true, true, false});
    GapReport rep = FindGaps(ps, d, keys);
    ASSERT_FALSE(rep.by_search);
    uint64_t brute = 0;
    for (const Params& p : AllParams()) {
      bool any = false;
      for (const Constraint& v : vs) any |= Matches(v, p);
      brute += any ? 0 : 1;
    }
    EXPECT_EQ(rep.total, 64u);
    ASSERT_EQ(rep.uncovered, brute);
    uint64_t sum = 0;
    for (const GapRegion& r : rep.regions) {
      sum += r.count;
      for (const Constraint& v : vs) EXPECT_FALSE(Matches(v, r.witness)) << r.text << " " << RenderParams(r.witness);
    }
    EXPECT_EQ(sum, brute);
  }
}

TEST(VariantsAnalysisTest, GapRegionsOfTheSpecExample) {
  // {env=prod}, {env=test} over the inferred domain: the gap is "absent or another value".
  C a = C::Value("env", "prod"), b = C::Value("env", "test");
  Domain d = Domain::ForConstraints({&a, &b});
  GapReport rep = FindGaps({&a, &b}, d, {{"env", {"prod", "test"}, true, true, false}});
  EXPECT_EQ(rep.total, 4u);
  EXPECT_EQ(rep.uncovered, 2u);
  ASSERT_EQ(rep.regions.size(), 1u);
  EXPECT_EQ(rep.regions[0].text, "(env=<another value> ∨ ¬exists(env))");
  EXPECT_EQ(rep.regions[0].witness, Params{});
  // Declared domain {prod, test, qa}: only qa is missing.
  rep = FindGaps({&a, &b}, d, {{"env", {"prod", "test", "qa"}, false, false, true}});
  EXPECT_EQ(rep.total, 3u);
  EXPECT_EQ(rep.uncovered, 1u);
  ASSERT_EQ(rep.regions.size(), 1u);
  EXPECT_EQ(rep.regions[0].text, "env=qa");
  EXPECT_EQ(rep.regions[0].witness, (Params{{"env", "qa"}}));
}

// A formula whose DNF exceeds kMaxCubes goes through the search; answers stay exact.
TEST(VariantsAnalysisTest, SearchFallbackForLargeFormulas) {
  std::vector<Constraint> ors;
  for (int i = 0; i < 13; ++i) {
    std::string k = "k" + std::to_string(i);
    ors.push_back(C::Or({C::Value(k, "a"), C::Value(k, "b")}));
  }
  C big = C::And(ors);
  C other = C::And({C::Value("k0", "b"), C::Value("k12", "a")});
  C disjoint = C::Not(C::Exists("k5"));
  Domain d = Domain::ForConstraints({&big, &other, &disjoint});
  EXPECT_TRUE(ToDnf(big, d).overflow);
  std::optional<Params> w = OverlapWitness(big, other, d);
  ASSERT_TRUE(w.has_value());
  EXPECT_TRUE(Matches(big, *w) && Matches(other, *w));
  EXPECT_EQ(w->at("k0"), "b");
  EXPECT_FALSE(OverlapWitness(big, disjoint, d).has_value());
  EXPECT_TRUE(SatisfyingWitness(big, d).has_value());
  std::optional<Params> s = SelectableWitness(big, {&other}, d);
  ASSERT_TRUE(s.has_value());
  EXPECT_TRUE(Matches(big, *s));
  EXPECT_FALSE(Matches(other, *s));
}

TEST(VariantsAnalysisTest, FindOverlapsListsEveryPair) {
  C v0 = C::Or({C::Value("env", "prod"), C::Value("env", "test")});
  C v1 = C::Or({C::Value("env", "qa"), C::Value("env", "test")});
  C v2 = C::Value("env", "dev");
  C v3 = C::Exists("env");
  Domain d = Domain::ForConstraints({&v0, &v1, &v2, &v3});
  std::vector<OverlapFinding> f = FindOverlaps({&v0, &v1, &v2, &v3}, d);
  ASSERT_EQ(f.size(), 4u);
  EXPECT_EQ(f[0].a, 0u);
  EXPECT_EQ(f[0].b, 1u);
  EXPECT_EQ(f[0].witness, (Params{{"env", "test"}}));
  EXPECT_EQ(f[1].a, 0u);
  EXPECT_EQ(f[1].b, 3u);
  EXPECT_EQ(f[1].witness, (Params{{"env", "prod"}}));
  EXPECT_EQ(f[2].a, 1u);
  EXPECT_EQ(f[2].b, 3u);
  EXPECT_EQ(f[3].a, 2u);
  EXPECT_EQ(f[3].b, 3u);
  EXPECT_EQ(f[3].witness, (Params{{"env", "dev"}}));
}

TEST(VariantsAnalysisTest, MatrixOfTheFourVariantTable) {
  C none = C::And({C::Not(C::Value("env", "prod")), C::Not(C::Value("version", "v1"))});
  C prod = C::And({C::Value("env", "prod"), C::Not(C::Value("version", "v1"))});
  C v1 = C::And({C::Not(C::Value("env", "prod")), C::Value("version", "v1")});
  C both = C::And({C::Value("env", "prod"), C::Value("version", "v1")});
  SelectionMatrix m = Matrix({&none, &prod, &v1, &both}, {"env", {"prod", "canary", "test"}, false, false, true},
                            {"version", {"v1", "v2", "v3"}, true, false, true}, {});
  ASSERT_EQ(m.xs.size(), 3u);
  ASSERT_EQ(m.ys, (std::vector<std::string>{"v1", "v2", "v3", "<absent>"}));
  const std::vector<std::vector<size_t>> want = {{3, 1, 1, 1}, {2, 0, 0, 0}, {2, 0, 0, 0}};
  for (size_t x = 0; x < 3; ++x)
    for (size_t y = 0; y < 4; ++y) EXPECT_EQ(m.cells[x][y].matching, std::vector<size_t>{want[x][y]}) << x << "," << y;
}

}  // namespace
}  // namespace cfgi::variants
