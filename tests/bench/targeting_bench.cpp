// Benchmark: LDAP target filters against a service registry, compiled once (ldap::Parse, then
// Filter::Match per service) versus the naive baseline that re-parses the filter text for every
// evaluation. The size: 1,000 filters x 10,000 services (10 million evaluations each
// way), measured in the same run; the `speedup` counter is baseline time / compiled time.
//
//   cmake --preset bench && cmake --build build/bench -j2 --target targeting_bench
//   build/bench/tests/bench/targeting_bench
#include <benchmark/benchmark.h>

#include <chrono>

#include <ctime>
#include <cstdio>
#include <string>
#include <vector>

#include "core/ldap/filter.h"
#include "core/ldap/value.h"
#include "tests/bench/cpu_clock.h"

namespace {

using cfgi::ldap::Filter;
using cfgi::ldap::Parse;
using cfgi::ldap::Properties;
using cfgi::ldap::Value;

// Targets shaped like real Declarative Services references: an objectclass clause (the service
// tracker's), string equality, an integer bound, a substring and a list membership.
std::vector<std::string> MakeFilters(int n) {
  std::vector<std::string> out;
  out.reserve(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    out.push_back("(&(objectclass=svc::IBackend" + std::to_string(i % 8) + ")(&(region=eu-" +
                  std::to_string(i % 5) + ")(capacityGb>=" + std::to_string((i * 37) % 900) +
                  ")(|(tier=gold)(tags=t" + std::to_string(i % 7) + "))(!(name=*-canary))))");
  }
  return out;
}

std::vector<Properties> MakeServices(int n) {
  std::vector<Properties> out;
  out.reserve(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    Properties p;
    p.Set("objectclass", Value::StringList({"svc::IBackend" + std::to_string(i % 8)}));
    p.Set("service.id", Value::Long(i + 1));
    p.Set("Region", Value::String("eu-" + std::to_string(i % 6)));
    p.Set("capacityGb", Value::Int((i * 13) % 1000));
    p.Set("tier", Value::String(i % 3 == 0 ? "gold" : "silver"));
    p.Set("tags", Value::List({Value::String("t" + std::to_string(i % 7)), Value::String("ssd")}));
    p.Set("name", Value::String("backend-" + std::to_string(i) + (i % 10 == 0 ? "-canary" : "")));
    out.push_back(std::move(p));
  }
  return out;
}

struct Workload {
  std::vector<std::string> texts;
  std::vector<Properties> services;
};

const Workload& GetWorkload(int filters, int services) {
  static Workload w;
  if (static_cast<int>(w.texts.size()) != filters || static_cast<int>(w.services.size()) != services) {
    w.texts = MakeFilters(filters);
    w.services = MakeServices(services);
  }
  return w;
}

// Compiled: parse each filter once, then match every service against all of them (service-major,
// as a registry evaluates the open references when a service registers).
size_t RunCompiled(const Workload& w) {
  std::vector<Filter> compiled;
  compiled.reserve(w.texts.size());
  for (const std::string& t : w.texts) compiled.push_back(*Parse(t).filter);
  size_t matches = 0;
  for (const Properties& s : w.services)
    for (const Filter& f : compiled) matches += f.Match(s);
  return matches;
}

// Naive baseline: the same loop, but the text is parsed again for every single evaluation.
size_t RunReparse(const Workload& w) {
  size_t matches = 0;
  for (const Properties& s : w.services)
    for (const std::string& t : w.texts) matches += Parse(t).filter->Match(s);
  return matches;
}

void BM_Compiled(benchmark::State& state) {
  const Workload& w = GetWorkload(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)));
  for (auto _ : state) benchmark::DoNotOptimize(RunCompiled(w));
  state.SetItemsProcessed(state.iterations() * state.range(0) * state.range(1));
}

void BM_Reparse(benchmark::State& state) {
  const Workload& w = GetWorkload(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)));
  for (auto _ : state) benchmark::DoNotOptimize(RunReparse(w));
  state.SetItemsProcessed(state.iterations() * state.range(0) * state.range(1));
}

// Both at the size in one run, with the ratio as a counter (and printed). Times are CPU
// seconds of this process, so other load on the machine does not skew the ratio.
void BM_CompiledVsReparse(benchmark::State& state) {
  const Workload& w = GetWorkload(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)));
  double compiled_s = 0, reparse_s = 0;
  size_t a = 0, b = 0;
  for (auto _ : state) {
    double t0 = cfgi::bench::CpuSeconds();
    a = RunCompiled(w);
    double t1 = cfgi::bench::CpuSeconds();
    b = RunReparse(w);
    double t2 = cfgi::bench::CpuSeconds();
    compiled_s += t1 - t0;
    reparse_s += t2 - t1;
  }
  if (a != b) state.SkipWithError("compiled and re-parsed results differ");
  state.counters["matches"] = static_cast<double>(a);
  state.counters["compiled_s"] = compiled_s / static_cast<double>(state.iterations());
  state.counters["reparse_s"] = reparse_s / static_cast<double>(state.iterations());
  state.counters["speedup"] = reparse_s / compiled_s;
  std::fprintf(stderr, "targeting: %lld filters x %lld services: compiled %.3f s, re-parse %.3f s (CPU), speedup %.1fx (%zu matches)\n",
              static_cast<long long>(state.range(0)), static_cast<long long>(state.range(1)),
              compiled_s / static_cast<double>(state.iterations()), reparse_s / static_cast<double>(state.iterations()),
              reparse_s / compiled_s, a);
}

}  // namespace

BENCHMARK(BM_Compiled)->Args({100, 1000})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Reparse)->Args({100, 1000})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CompiledVsReparse)->Args({1000, 10000})->Iterations(1)->Unit(benchmark::kSecond);
