// Benchmarks of core/doc loading (YAML, JSON, textproto with positions) and of every sample
// scenario evaluated end to end. They have no naive baseline: they measure the work every engine
// shares, and scripts/node-vs-native.sh runs them natively and compiled to WebAssembly under node
// to report the web build's slowdown (budget: at most 2x).
//
//   build/native/tests/bench/doc_bench --benchmark_filter=Yaml
#include <benchmark/benchmark.h>

#include <filesystem>
#include <map>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/doc/load.h"
#include "core/engine/engine.h"
#include "core/engine/scenario.h"

namespace {

// A Kuma-like list of n policies: maps, lists, strings and numbers at a few levels.
std::string MakeYaml(int n) {
  std::string s = "items:\n";
  for (int i = 0; i < n; ++i) {
    s += "  - name: policy-" + std::to_string(i) + "\n";
    s += "    labels: {app: web, tier: \"" + std::to_string(i % 7) + "\"}\n";
    s += "    spec:\n      targetRef: {kind: MeshService, name: svc-" + std::to_string(i % 13) + "}\n";
    s += "      to:\n        - targetRef: {kind: Mesh}\n          default: {timeout: " +
         std::to_string(i % 30) + "s, retries: [1, 2, 3], enabled: true}\n";
  }
  return s;
}

std::string MakeJson(int n) {
  std::string s = "{\"items\": [";
  for (int i = 0; i < n; ++i) {
    if (i) s += ",";
    s += "{\"name\": \"policy-" + std::to_string(i) + "\", \"labels\": {\"app\": \"web\", \"tier\": \"" +
         std::to_string(i % 7) + "\"}, \"spec\": {\"targetRef\": {\"kind\": \"MeshService\", \"name\": \"svc-" +
         std::to_string(i % 13) + "\"}, \"to\": [{\"targetRef\": {\"kind\": \"Mesh\"}, \"default\": " +
         "{\"timeout\": 1.5, \"retries\": [1, 2, 3], \"enabled\": true}}]}}";
  }
  return s + "]}";
}

std::string MakeTextProto(int n) {
  std::string s;
  for (int i = 0; i < n; ++i) {
    s += "resources {\n  name: \"r" + std::to_string(i) + "\"\n  version: \"" + std::to_string(i % 5) +
         "\"\n  resource_name { name: \"route-" + std::to_string(i % 17) +
         "\" }\n  aliases: \"a\"\n  aliases: \"b\"\n}\n";
  }
  return s;
}

void BM_LoadYaml(benchmark::State& state) {
  std::string text = MakeYaml(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    cfgi::doc::Document d = cfgi::doc::LoadDocument("bench.yaml", text);
    benchmark::DoNotOptimize(d.roots.size());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(text.size()));
}
BENCHMARK(BM_LoadYaml)->Arg(100)->Arg(1000);

void BM_LoadJson(benchmark::State& state) {
  std::string text = MakeJson(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    cfgi::doc::Document d = cfgi::doc::LoadDocument("bench.json", text);
    benchmark::DoNotOptimize(d.roots.size());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(text.size()));
}
BENCHMARK(BM_LoadJson)->Arg(100)->Arg(1000);

void BM_LoadTextProto(benchmark::State& state) {
  std::string text = MakeTextProto(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    cfgi::doc::Document d = cfgi::doc::LoadDocument("bench.textproto", text);
    benchmark::DoNotOptimize(d.diagnostics.size());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(text.size()));
}
BENCHMARK(BM_LoadTextProto)->Arg(100)->Arg(1000);

std::optional<std::string> ReadAll(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Every sample scenario: load, detect, analyse and evaluate under the default profile.
void BM_Samples(benchmark::State& state) {
  std::vector<cfgi::InputFile> samples;
  std::filesystem::path root = std::filesystem::path(CFGI_SOURCE_DIR) / "samples";
  std::error_code ec;
  for (auto it = std::filesystem::recursive_directory_iterator(root, ec);
       !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
    std::string p = it->path().string();
    if (p.size() > 14 && p.compare(p.size() - 14, 14, ".scenario.yaml") == 0)
      if (auto t = ReadAll(p)) samples.push_back({p, std::move(*t)});
  }
  // The files the scenarios refer to, read once: the benchmark measures the engines, not the file
  // system (under node every read is a call into node's fs through emscripten's NODERAWFS, which
  // made this benchmark 1.95x native on 7 Dec while the engines' own work is not).
  std::map<std::filesystem::path, std::optional<std::string>> files;
  auto reader = [&files](const std::string& scenario, const std::string& rel) {
    const std::filesystem::path p = std::filesystem::path(scenario).parent_path() / rel;
    auto it = files.find(p);
    if (it == files.end()) it = files.emplace(p, ReadAll(p)).first;
    return it->second;
  };
  for (auto _ : state) {
    size_t n = 0;
    for (const cfgi::InputFile& f : samples) {
      cfgi::Scenario s = cfgi::LoadScenario({f}, reader);
      const cfgi::Engine* e = cfgi::DetectEngine(s);
      std::string profile = s.profile.empty() ? e->profiles()[0].name : s.profile;
      cfgi::Report r = cfgi::RunScenario(*e, s, {}, profile, /*evaluate=*/true);
      n += r.diagnostics.size() + r.result.size();
    }
    benchmark::DoNotOptimize(n);
  }
  state.counters["samples"] = static_cast<double>(samples.size());
}
BENCHMARK(BM_Samples);

}  // namespace
