// Benchmark: the rules of one dataplane on the large sample (20,000 MeshServices, 2,000
// policies; samples/policy/large-mesh.yaml), label-indexed against the naive all-pairs scan
// (every MeshService per labels targetRef, every resolved item per ResourceRules key, as
// resourcerules.go's buildRules loops), in the same run. Reports the speed-up as the counter
// `speedup_vs_naive` on the indexed benchmark, and memory: the label index's size and the peak
// resident set.
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "core/engine/scenario.h"
#include "core/policy/policy_engine.h"
#include "core/policy/policy_rules.h"
#include "tests/bench/cpu_clock.h"

namespace {

using namespace cfgi;

const policy::PolicyModel& Large() {
  static const std::unique_ptr<policy::PolicyModel> c = [] {
    // CFGI_SOURCE_DIR, not __FILE__: a compiler cache (ccache's base_dir) can make __FILE__ relative.
    std::ifstream in(std::filesystem::path(CFGI_SOURCE_DIR) / "samples/policy/large-mesh.yaml");
    std::stringstream ss;
    ss << in.rdbuf();
    Scenario s = LoadScenario({{"large-mesh.yaml", ss.str()}});
    return policy::LoadPolicyModel(s, Query{}, Mode::kCheck);
  }();
  return *c;
}

// Median CPU seconds per evaluation of the naive baseline, per mode (0 = complete, 1 = sparse),
// measured by the naive benchmark that runs first. CPU time, not wall time: the machine is shared;
// the median, not the mean: one evaluation slowed by the machine (or by the allocator returning
// the last result's memory) does not move the ratio.
double g_naive_seconds[2] = {0, 0};
// The naive baseline's last result per mode, as RulesJson: the indexed run must give the same
// (counter `identical` = 1; a difference stops the benchmark with an error).
nlohmann::ordered_json g_naive_json[2];

size_t IndexBytes(const policy::ResourceSet& m) {
  size_t b = 0;
  for (const auto& [k, v] : m.service_label_index) b += k.capacity() + v.capacity() * sizeof(size_t) + 64;
  for (const auto& [k, v] : m.service_by_id) b += k.capacity() + sizeof(size_t) + 48;
  return b;
}

double PeakRssMb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_maxrss) / 1024.0;
}

// The median of `seconds` (0 when empty): one evaluation slowed by the machine does not move it.
double Median(std::vector<double> seconds) {
  if (seconds.empty()) return 0;
  std::nth_element(seconds.begin(), seconds.begin() + static_cast<std::ptrdiff_t>(seconds.size() / 2), seconds.end());
  return seconds[seconds.size() / 2];
}

// complete=true: the Inspect API's complete list (every MeshService through the fallback);
// complete=false: the sparse ResourceRules of resourcerules.go's BuildRules.
void Run(benchmark::State& state, bool naive, bool complete) {
  const policy::PolicyModel& c = Large();
  const policy::Dataplane* dp = c.mesh.FindDataplane("web-1");
  if (!dp) {
    state.SkipWithError("samples/policy/large-mesh.yaml has no dataplane web-1");
    return;
  }
  policy::EvalOptions o;
  o.provenance = false;
  o.explain = false;
  o.naive = naive;
  o.complete = complete;
  size_t rules = 0;
  std::vector<double> seconds;
  int64_t n = 0;
  nlohmann::ordered_json last;
  for (auto _ : state) {
    double t0 = cfgi::bench::CpuSeconds();
    policy::DataplaneRules r = policy::Evaluate(c.mesh, *dp, o);
    seconds.push_back(cfgi::bench::CpuSeconds() - t0);
    ++n;
    rules = 0;
    for (const auto& t : r.types) rules += t.to_rules.size();
    benchmark::DoNotOptimize(rules);
    if (n == 1) {
      state.PauseTiming();
      last = policy::RulesJson(r, o.profile);
      state.ResumeTiming();
    }
  }
  const double mean = Median(std::move(seconds));  // the median (the variable's name predates it)
  state.counters["resource_rules"] = static_cast<double>(rules);
  state.counters["services"] = static_cast<double>(c.mesh.services.size());
  state.counters["policies"] = static_cast<double>(c.mesh.policies.size());
  state.counters["peak_rss_mb"] = PeakRssMb();
  state.counters["cpu_ms_per_eval"] = mean * 1e3;  // median
  if (naive) {
    g_naive_seconds[complete ? 0 : 1] = mean;
    g_naive_json[complete ? 0 : 1] = std::move(last);
  } else {
    const nlohmann::ordered_json& base_json = g_naive_json[complete ? 0 : 1];
    if (!base_json.is_null()) {
      state.counters["identical"] = base_json == last ? 1 : 0;
      if (base_json != last) state.SkipWithError("the indexed ResourceRules differ from the naive scan's");
    }
    state.counters["label_index_kb"] = static_cast<double>(IndexBytes(c.mesh)) / 1024.0;
    double base = g_naive_seconds[complete ? 0 : 1];
    if (base > 0 && mean > 0) state.counters["speedup_vs_naive"] = base / mean;
  }
}

void BM_PolicyRulesNaive(benchmark::State& state) { Run(state, true, true); }
void BM_PolicyRulesIndexed(benchmark::State& state) { Run(state, false, true); }
void BM_PolicySparseRulesNaive(benchmark::State& state) { Run(state, true, false); }
void BM_PolicySparseRulesIndexed(benchmark::State& state) { Run(state, false, false); }

// Registration order matters: each naive baseline runs first so the indexed run can report the ratio.
BENCHMARK(BM_PolicyRulesNaive)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_PolicyRulesIndexed)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_PolicySparseRulesNaive)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_PolicySparseRulesIndexed)->Unit(benchmark::kMillisecond)->MinTime(2.0);

// The complete Inspect list of web-1 under each profile, against kuma-2.10 (the release the engine
// followed before the 2.12+ profiles) in the same run: counter `vs_kuma_2_10` (budget 1.2: the
// 2.12+ semantics, listed inbound rules and KRI keys, must not make a large mesh slower). The
// baseline runs first (registration order).
double g_kuma210_seconds = 0;
void BM_PolicyRulesPerProfile(benchmark::State& state) {
  const policy::PolicyModel& c = Large();
  const policy::Dataplane* dp = c.mesh.FindDataplane("web-1");
  if (!dp) {
    state.SkipWithError("samples/policy/large-mesh.yaml has no dataplane web-1");
    return;
  }
  policy::EvalOptions o;
  o.profile = static_cast<policy::Profile>(state.range(0));
  o.provenance = false;
  o.explain = false;
  state.SetLabel(policy::Profiles().Name(o.profile));
  std::vector<double> seconds;
  size_t rules = 0;
  for (auto _ : state) {
    double t0 = cfgi::bench::CpuSeconds();
    policy::DataplaneRules r = policy::Evaluate(c.mesh, *dp, o);
    seconds.push_back(cfgi::bench::CpuSeconds() - t0);
    rules = 0;
    for (const auto& t : r.types) rules += t.to_rules.size() + t.from_rules.size();
    benchmark::DoNotOptimize(rules);
  }
  const double median = Median(std::move(seconds));
  state.counters["rules"] = static_cast<double>(rules);
  state.counters["cpu_ms_per_eval"] = median * 1e3;
  if (o.profile == policy::Profile::kKuma210)
    g_kuma210_seconds = median;
  else if (g_kuma210_seconds > 0 && median > 0)
    state.counters["vs_kuma_2_10"] = median / g_kuma210_seconds;
}
BENCHMARK(BM_PolicyRulesPerProfile)
    ->Arg(static_cast<int>(policy::Profile::kKuma210))
    ->Arg(static_cast<int>(policy::Profile::kKuma214))
    ->Arg(static_cast<int>(policy::Profile::kKuma213))
    ->Arg(static_cast<int>(policy::Profile::kKuma30))
    ->Arg(static_cast<int>(policy::Profile::kMadr))
    ->Unit(benchmark::kMillisecond)
    ->MinTime(1.0);

// The load (parse + compile) of the large sample, for scale.
void BM_PolicyCompileLarge(benchmark::State& state) {
  std::ifstream in(std::filesystem::path(CFGI_SOURCE_DIR) / "samples/policy/large-mesh.yaml");
  std::stringstream ss;
  ss << in.rdbuf();
  std::string text = ss.str();
  if (text.empty()) {  // measuring an empty scenario would pass as a fast load
    state.SkipWithError("cannot read samples/policy/large-mesh.yaml under CFGI_SOURCE_DIR");
    return;
  }
  for (auto _ : state) {
    Scenario s = LoadScenario({{"large-mesh.yaml", text}});
    std::unique_ptr<policy::PolicyModel> c = policy::LoadPolicyModel(s, Query{}, Mode::kCheck);
    benchmark::DoNotOptimize(c->mesh.services.size());
  }
  state.counters["bytes"] = static_cast<double>(text.size());
}
BENCHMARK(BM_PolicyCompileLarge)->Unit(benchmark::kMillisecond)->Iterations(2);

}  // namespace
