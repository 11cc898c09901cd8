// core/variants/analysis.h: exact analyses of a resource's variant set: overlap (two variants
// that one parameter set matches, with that parameter set as a witness), variants that can never
// be selected, and coverage gaps over the key domains, summarised as a few regions.
//
// Why this is exact: a constraint only compares a key with the values it names, or tests that
// the key exists. So for each key the client's choice falls into one of finitely many classes:
// absent, one of the named values, or "another value". A variant is a boolean formula over those
// classes; in disjunctive normal form it is a union of cubes (a set of classes per key). Two
// variants overlap iff two of their cubes intersect on every key, and the intersection gives a
// witness. When a formula's DNF is larger than kMaxCubes, a backtracking search over the classes
// with three-valued partial evaluation answers the same questions exactly (only slower).
//
//   Domain d = Domain::ForConstraints({&a, &b});
//   std::optional<Params> w = OverlapWitness(a, b, d);     // nullopt: disjoint
//   GapReport cov = FindGaps(variants, d, coverage_values);
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/variants/constraint.h"

namespace cfgi::variants {

constexpr size_t kMaxCubes = 4096;       // per formula, before the search fallback
constexpr size_t kMaxRegions = 256;      // coverage regions kept in a report
constexpr uint64_t kMaxSearchSteps = 2'000'000;  // backtracking budget per question

// True when a search ran out of its budget since the last reset: its "no" may be wrong (the
// engine reports VAR108). Only huge formulas (DNF over kMaxCubes) over many keys reach it.
bool SearchBudgetExceeded();
void ResetSearchBudget();

// Per key: classes 0 = absent, 1 = another value, 2 + i = values[i] (sorted).
class Domain {
 public:
  static Domain ForConstraints(const std::vector<const Constraint*>& cs);
  void AddValue(const std::string& key, const std::string& value);
  void AddKey(const std::string& key);
  void Finalize();

  size_t key_count() const { return keys_.size(); }
  const std::string& key(size_t k) const { return keys_[k]; }
  const std::vector<std::string>& values(size_t k) const { return values_[k]; }
  size_t classes(size_t k) const { return values_[k].size() + 2; }
  int KeyIndex(const std::string& key) const;       // -1 when unknown
  size_t ClassOf(size_t k, const std::string& value) const;  // 1 ("another") when not named
  // Layout of a cube: words [offset(k), offset(k) + words(k)).
  size_t offset(size_t k) const { return offsets_[k]; }
  size_t words(size_t k) const { return offsets_[k + 1] - offsets_[k]; }
  size_t total_words() const { return offsets_.empty() ? 0 : offsets_.back(); }
  // A value that no constraint names for key k ("other", "other-2", ...).
  std::string OtherValue(size_t k) const;

 private:
  std::vector<std::string> keys_;
  std::vector<std::vector<std::string>> values_;
  std::map<std::string, std::set<std::string>> pending_;
  std::unordered_map<std::string, size_t> index_;
  std::vector<size_t> offsets_;
};

using Cube = std::vector<uint64_t>;

struct Dnf {
  std::vector<Cube> cubes;  // union of disjoint-or-not cubes
  bool overflow = false;    // more than kMaxCubes: use the search
};

Cube FullCube(const Domain& d);
bool CubeEmpty(const Cube& c, const Domain& d);
bool CubesIntersect(const Cube& a, const Cube& b, const Domain& d, Cube* out = nullptr);
bool CubeHas(const Cube& c, const Domain& d, size_t k, size_t cls);
Dnf ToDnf(const Constraint& c, const Domain& d, size_t max_cubes = kMaxCubes);
// a \ b as disjoint cubes appended to out.
void Subtract(const Cube& a, const Cube& b, const Domain& d, std::vector<Cube>& out);
// A concrete parameter set inside the cube: absent where allowed, else the first named value,
// else a value no constraint names.
Params CubeWitness(const Cube& c, const Domain& d);

// Exact: a parameter set matching both, or nullopt.
std::optional<Params> OverlapWitness(const Constraint& a, const Constraint& b, const Domain& d);
// Exact: a parameter set that matches `v` and none of `others` (v would be selected), or nullopt.
std::optional<Params> SelectableWitness(const Constraint& v, const std::vector<const Constraint*>& others,
                                        const Domain& d);
// Exact: any parameter set matching `c`, or nullopt (c is unsatisfiable).
std::optional<Params> SatisfyingWitness(const Constraint& c, const Domain& d);

struct OverlapFinding {
  size_t a = 0, b = 0;  // indices, a < b
  Params witness;
};
// Every overlapping pair (a < b, in order), each DNF computed once; at most `limit` findings.
std::vector<OverlapFinding> FindOverlaps(const std::vector<const Constraint*>& vs, const Domain& d,
                                         size_t limit = SIZE_MAX);

// Reference implementation for tests and the benchmark: enumerate every class combination of
// the domain once, evaluate every variant, and report each pair matched together (first witness).
std::vector<OverlapFinding> OverlapsByEnumeration(const std::vector<const Constraint*>& vs, const Domain& d);
// The same for one pair.
std::optional<Params> OverlapByEnumeration(const Constraint& a, const Constraint& b, const Domain& d);

// ---- gaps: the parameter combinations no variant selects (the "coverage" finding) ----
// The values a gap report enumerates for one key.
struct DomainKey {
  std::string key;
  std::vector<std::string> values;  // concrete values clients send
  bool absent = true;               // clients may leave the key out
  bool another = true;              // clients may send a value not listed (inferred domains)
  bool declared = false;            // from the scenario's `domains`
};

struct GapRegion {
  std::string text;      // "env ∈ {canary, test} ∧ ¬exists(version)"
  Params witness;
  uint64_t count = 0;    // combinations in the region
};

struct GapReport {
  std::vector<DomainKey> keys;   // the keys the variants name, in order
  uint64_t total = 0;              // combinations over the domain (saturates at UINT64_MAX)
  uint64_t uncovered = 0;
  std::vector<GapRegion> regions;  // at most kMaxRegions
  bool truncated = false;
  bool by_search = false;          // DNF too large: one witness found by search, count unknown
};

GapReport FindGaps(const std::vector<const Constraint*>& variants, const Domain& d,
                        const std::vector<DomainKey>& keys);

// ---- two-key matrix (for the view's matrix) ----
struct MatrixCell {
  std::vector<size_t> matching;  // variant indices
};
struct SelectionMatrix {
  std::string key_x, key_y;
  std::vector<std::string> xs, ys;  // "<absent>" and "<other>" stand for those classes
  std::vector<std::vector<MatrixCell>> cells;  // [x][y]
};
// Every value of x times every value of y, the other keys from `base`.
SelectionMatrix Matrix(const std::vector<const Constraint*>& variants, const DomainKey& x, const DomainKey& y,
                      const Params& base);

}  // namespace cfgi::variants
