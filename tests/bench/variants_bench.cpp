// Benchmarks of the variants engine (issue: "Benchmarks"), each fast path against the naive
// baseline in the same run, with the ratio as a counter:
//   - matching 100,000 subscriptions against 10,000 resources x 16 variants over 6 keys: the
//     compiled index against the spec's naive scan (every variant's constraints per subscriber).
//     Both sides resolve the subscribed resource at subscribe time; the index also compiles the
//     subscriber's parameters then (a leaf client's parameters are fixed for its lifetime, TP2
//     "Where Dynamic Parameter Matching is Performed"). `speedup_with_compile` repeats the
//     comparison compiling the parameters on every match;
//   - exact overlap analysis of 1,000 resources x 64 variants over 8 keys against enumerating
//     the parameter space (the enumeration is timed on a few resources and scaled per resource);
//   - memory per variant of the index and of the constraint model.
#include <benchmark/benchmark.h>

#include <chrono>

#include "core/variants/analysis.h"
#include "core/variants/index.h"

namespace {

using namespace cfgi::variants;
using Clock = std::chrono::steady_clock;

constexpr size_t kResources = 10000, kVariants = 16, kKeys = 6, kSubscriptions = 100000;
constexpr size_t kOverlapResources = 1000, kEnumeratedResources = 3;

// A subscription as each side keeps it after subscribe time: the resource resolved once, and the
// parameters as the spec's naive Subscriber holds them (a map) or compiled by the index.
struct MatchData {
  std::vector<ResourceVariants> snapshot = GenerateSnapshot(kResources, kVariants, kKeys);
  std::vector<std::pair<std::string, Params>> subs = GenerateSubscriptions(snapshot, kSubscriptions, kKeys);
  std::vector<size_t> resource_of;             // per subscription
  std::vector<CompiledParams> compiled;        // per subscription
  VariantIndex index;
  MatchData() {
    index = VariantIndex::Build(snapshot);
    for (const auto& [name, params] : subs) {
      resource_of.push_back(static_cast<size_t>(index.ResourceIndex(name)));
      compiled.push_back(index.Compile(params));
    }
  }
};
const MatchData& Data() {
  static const MatchData d;
  return d;
}

// The spec's naive scan: every variant's constraints against the subscriber's parameters.
uint64_t RunNaive(const MatchData& d) {
  uint64_t acc = 0;
  for (size_t i = 0; i < d.subs.size(); ++i) acc += NaiveMatch(d.snapshot[d.resource_of[i]], d.subs[i].second);
  return acc;
}

// The index with parameters compiled at subscribe time.
uint64_t RunIndexed(const MatchData& d) {
  uint64_t acc = 0;
  for (size_t i = 0; i < d.subs.size(); ++i) acc += d.index.Match(d.resource_of[i], d.compiled[i]);
  return acc;
}

// The index compiling the parameters on every match (no per-subscriber state at all).
uint64_t RunIndexedWithCompile(const MatchData& d) {
  uint64_t acc = 0;
  for (size_t i = 0; i < d.subs.size(); ++i) acc += d.index.Match(d.resource_of[i], d.index.Compile(d.subs[i].second));
  return acc;
}

template <class F>
double Seconds(F&& f, int reps) {
  double best = 1e9;
  for (int i = 0; i < reps; ++i) {
    auto t0 = Clock::now();
    benchmark::DoNotOptimize(f());
    best = std::min(best, std::chrono::duration<double>(Clock::now() - t0).count());
  }
  return best;
}

size_t ConstraintBytes(const Constraint& c) {
  size_t b = sizeof(Constraint) + (c.key.size() > 15 ? c.key.capacity() : 0) + (c.value.size() > 15 ? c.value.capacity() : 0);
  for (const Constraint& ch : c.children) b += ConstraintBytes(ch) - sizeof(Constraint);
  return b + c.children.capacity() * sizeof(Constraint);
}

void BM_Match_Naive_100k_x_10k_x_16(benchmark::State& state) {
  const MatchData& d = Data();
  for (auto _ : state) benchmark::DoNotOptimize(RunNaive(d));
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kSubscriptions));
}
BENCHMARK(BM_Match_Naive_100k_x_10k_x_16)->Unit(benchmark::kMillisecond);

void BM_Match_Indexed_100k_x_10k_x_16(benchmark::State& state) {
  const MatchData& d = Data();
  for (auto _ : state) benchmark::DoNotOptimize(RunIndexed(d));
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kSubscriptions));
}
BENCHMARK(BM_Match_Indexed_100k_x_10k_x_16)->Unit(benchmark::kMillisecond);

// Both in one run: the speed-up, the index build time and memory per variant.
void BM_Match_Speedup(benchmark::State& state) {
  const MatchData& d = Data();
  if (RunNaive(d) != RunIndexed(d) || RunNaive(d) != RunIndexedWithCompile(d))
    state.SkipWithError("index and naive scan disagree");
  double naive = 0, indexed = 0, with_compile = 0;
  for (auto _ : state) {
    naive = Seconds([&] { return RunNaive(d); }, 3);
    indexed = Seconds([&] { return RunIndexed(d); }, 3);
    with_compile = Seconds([&] { return RunIndexedWithCompile(d); }, 3);
  }
  double build = Seconds([&] { return VariantIndex::Build(d.snapshot).resource_count(); }, 1);
  size_t model = 0;
  for (const auto& r : d.snapshot)
    for (const auto& v : r.variants) model += sizeof(Variant) + ConstraintBytes(v.constraint) - sizeof(Constraint) + v.canonical.capacity();
  double variants = static_cast<double>(kResources * kVariants);
  state.counters["naive_ms"] = naive * 1e3;
  state.counters["indexed_ms"] = indexed * 1e3;
  state.counters["speedup"] = naive / indexed;
  state.counters["indexed_with_compile_ms"] = with_compile * 1e3;
  state.counters["speedup_with_compile"] = naive / with_compile;
  state.counters["index_build_ms"] = build * 1e3;
  state.counters["index_bytes_per_variant"] = static_cast<double>(d.index.MemoryBytes()) / variants;
  state.counters["model_bytes_per_variant"] = static_cast<double>(model) / variants;
  state.counters["fallback_resources"] = static_cast<double>(d.index.fallback_count());
}
BENCHMARK(BM_Match_Speedup)->Iterations(1)->Unit(benchmark::kMillisecond);

struct OverlapData {
  std::vector<ResourceVariants> snapshot = GenerateBitSnapshot(kOverlapResources);
};
const OverlapData& OData() {
  static const OverlapData d;
  return d;
}

size_t ExactAll(const OverlapData& d, size_t n) {
  size_t found = 0;
  for (size_t r = 0; r < n; ++r) {
    std::vector<const Constraint*> cs;
    for (const auto& v : d.snapshot[r].variants) cs.push_back(&v.constraint);
    Domain dom = Domain::ForConstraints(cs);
    found += FindOverlaps(cs, dom).size();
  }
  return found;
}

size_t EnumerateAll(const OverlapData& d, size_t n) {
  size_t found = 0;
  for (size_t r = 0; r < n; ++r) {
    std::vector<const Constraint*> cs;
    for (const auto& v : d.snapshot[r].variants) cs.push_back(&v.constraint);
    Domain dom = Domain::ForConstraints(cs);
    found += OverlapsByEnumeration(cs, dom).size();
  }
  return found;
}

void BM_Overlap_Exact_1000_x_64_over_8_keys(benchmark::State& state) {
  const OverlapData& d = OData();
  size_t found = 0;
  for (auto _ : state) found = ExactAll(d, kOverlapResources);
  state.counters["overlapping_pairs"] = static_cast<double>(found);
}
BENCHMARK(BM_Overlap_Exact_1000_x_64_over_8_keys)->Unit(benchmark::kMillisecond);

void BM_Overlap_Enumeration_per_resource(benchmark::State& state) {
  const OverlapData& d = OData();
  for (auto _ : state) benchmark::DoNotOptimize(EnumerateAll(d, 1));
}
BENCHMARK(BM_Overlap_Enumeration_per_resource)->Unit(benchmark::kMillisecond);

void BM_Overlap_Speedup(benchmark::State& state) {
  const OverlapData& d = OData();
  if (ExactAll(d, kEnumeratedResources) != EnumerateAll(d, kEnumeratedResources))
    state.SkipWithError("exact analysis and enumeration disagree");
  double exact = 0, enumerated = 0;
  for (auto _ : state) {
    exact = Seconds([&] { return ExactAll(d, kOverlapResources); }, 3);
    enumerated = Seconds([&] { return EnumerateAll(d, kEnumeratedResources); }, 1);
  }
  double exact_per = exact / kOverlapResources, enum_per = enumerated / kEnumeratedResources;
  state.counters["exact_total_ms"] = exact * 1e3;
  state.counters["enumeration_ms_per_resource"] = enum_per * 1e3;
  state.counters["exact_ms_per_resource"] = exact_per * 1e3;
  state.counters["enumeration_total_ms_extrapolated"] = enum_per * kOverlapResources * 1e3;
  state.counters["speedup"] = enum_per / exact_per;
}
BENCHMARK(BM_Overlap_Speedup)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace
