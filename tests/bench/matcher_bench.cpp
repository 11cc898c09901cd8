// Matcher benchmarks, each against its naive baseline measured in the same run:
//  - prefix-map lookup over 100,000 keys: the byte trie (PrefixTrie, through Evaluate) against a
//    linear scan of every key for the longest prefix; counter `speedup` (issue: at least 100x);
//  - evaluations per second of a 1,000-predicate matcher_list (worst case: the last matches),
//    fast path against the explained evaluation; counter `evals_per_s`;
//  - a CEL predicate against the same test as a StringMatcher; counter `cel_over_string`.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "core/doc/load.h"
#include "core/matcher/matcher.h"

namespace {

using cfgi::matcher::Compiled;
using cfgi::matcher::Profile;
using cfgi::matcher::Request;

constexpr int kPrefixKeys = 100000;

std::string Key(int i) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "/s%05d", i);
  return buf;
}

Compiled Build(const std::string& name, const std::string& text) {
  cfgi::doc::Document d = cfgi::doc::LoadDocument(name, text);
  return cfgi::matcher::Compile(d);
}

const Compiled& PrefixMatcher() {
  static const Compiled m = [] {
    std::string y = "matcher_prefix_map:\n  input: {header_name: x-path}\n  map:\n";
    for (int i = 0; i < kPrefixKeys; ++i) y += "    " + Key(i) + ": {action: a" + std::to_string(i) + "}\n";
    y += "on_no_match: {action: none}\n";
    return Build("prefix.yaml", y);
  }();
  return m;
}

// The naive baseline: every key compared with the input, the longest prefix kept.
int LinearLongestPrefix(const std::vector<std::string>& keys, const std::string& input) {
  int best = -1;
  size_t best_len = 0;
  for (size_t i = 0; i < keys.size(); ++i) {
    const std::string& k = keys[i];
    if (k.size() <= input.size() && input.compare(0, k.size(), k) == 0 && (best < 0 || k.size() > best_len)) {
      best = static_cast<int>(i);
      best_len = k.size();
    }
  }
  return best;
}

template <class F>
double NanosPerOp(int n, F&& f) {
  auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < n; ++i) f(i);
  auto t1 = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::nano>(t1 - t0).count() / n;
}

void BM_PrefixMap100k_TrieVsLinear(benchmark::State& state) {
  const Compiled& m = PrefixMatcher();
  std::vector<std::string> keys;
  for (int i = 0; i < kPrefixKeys; ++i) keys.push_back(Key(i));
  std::vector<Request> reqs(64);
  for (int i = 0; i < 64; ++i) reqs[static_cast<size_t>(i)].headers = {{"x-path", Key((i * 1543) % kPrefixKeys) + "/method"}};
  size_t n = 0;
  for (auto _ : state) {
    auto r = cfgi::matcher::Evaluate(m, reqs[n++ % reqs.size()], Profile::kGrpcCore);
    benchmark::DoNotOptimize(r.actions.data());
  }
  // Same run: both paths timed over the same inputs.
  volatile int sink = 0;
  double linear = NanosPerOp(400, [&](int i) { sink = sink + LinearLongestPrefix(keys, reqs[static_cast<size_t>(i) % 64].headers[0].second); });
  double trie = NanosPerOp(200000, [&](int i) {
    auto r = cfgi::matcher::Evaluate(m, reqs[static_cast<size_t>(i) % 64], Profile::kGrpcCore);
    sink = sink + static_cast<int>(r.actions.size());
  });
  state.counters["trie_ns"] = trie;
  state.counters["linear_ns"] = linear;
  state.counters["speedup"] = linear / trie;
}
BENCHMARK(BM_PrefixMap100k_TrieVsLinear)->Unit(benchmark::kNanosecond);

const Compiled& ListMatcher() {
  static const Compiled m = [] {
    std::string y = "matcher_list:\n  matchers:\n";
    for (int i = 0; i < 1000; ++i)
      y += "    - predicate: {single_predicate: {input: {typed_config: {\"@type\": type.googleapis.com/envoy.type.matcher.v3."
           "HttpRequestHeaderMatchInput, header_name: x-key}}, value_match: {exact: k" + std::to_string(i) +
           "}}}\n      on_match: {action: {name: a" + std::to_string(i) +
           ", typed_config: {\"@type\": type.googleapis.com/google.protobuf.StringValue}}}\n";
    return Build("list.yaml", y);
  }();
  return m;
}

void BM_List1000_EvaluationsPerSecond(benchmark::State& state) {
  const Compiled& m = ListMatcher();
  Request r;
  r.headers = {{"x-key", "k999"}};  // the last predicate: every one is tested
  for (auto _ : state) {
    auto res = cfgi::matcher::Evaluate(m, r, Profile::kGrpcCore);
    benchmark::DoNotOptimize(res.actions.data());
  }
  double fast = NanosPerOp(2000, [&](int) { benchmark::DoNotOptimize(cfgi::matcher::Evaluate(m, r, Profile::kGrpcCore).matched); });
  double explained = NanosPerOp(200, [&](int) {
    cfgi::doc::Step why;
    benchmark::DoNotOptimize(cfgi::matcher::Evaluate(m, r, Profile::kGrpcCore, &why).matched);
  });
  state.counters["evals_per_s"] = 1e9 / fast;
  state.counters["explained_over_fast"] = explained / fast;
}
BENCHMARK(BM_List1000_EvaluationsPerSecond)->Unit(benchmark::kMicrosecond);

void BM_CelVersusStringMatcher(benchmark::State& state) {
  static const Compiled str = Build("s.yaml",
      "matcher_list:\n  matchers:\n    - predicate: {single_predicate: {input: {typed_config: {\"@type\": "
      "type.googleapis.com/envoy.type.matcher.v3.HttpRequestHeaderMatchInput, header_name: x-env}}, value_match: "
      "{exact: prod}}}\n      on_match: {action: {name: a, typed_config: {\"@type\": type.googleapis.com/google.protobuf.StringValue}}}\n");
  static const Compiled cel = Build("c.yaml",
      "matcher_list:\n  matchers:\n    - predicate: {single_predicate: {input: {typed_config: {\"@type\": "
      "type.googleapis.com/xds.type.matcher.v3.HttpAttributesCelMatchInput}}, custom_match: {typed_config: {\"@type\": "
      "type.googleapis.com/xds.type.matcher.v3.CelMatcher, expr_match: {cel_expr_string: \"request.headers['x-env'] == 'prod'\"}}}}}\n"
      "      on_match: {action: {name: a, typed_config: {\"@type\": type.googleapis.com/google.protobuf.StringValue}}}\n");
  Request r;
  r.headers = {{"x-env", "prod"}, {"x-a", "1"}, {"x-b", "2"}, {"user-agent", "bench"}};
  r.path = "/pkg.Svc/Method";
  for (auto _ : state) benchmark::DoNotOptimize(cfgi::matcher::Evaluate(cel, r, Profile::kGrpcCore).matched);
  double s = NanosPerOp(200000, [&](int) { benchmark::DoNotOptimize(cfgi::matcher::Evaluate(str, r, Profile::kGrpcCore).matched); });
  double c = NanosPerOp(200000, [&](int) { benchmark::DoNotOptimize(cfgi::matcher::Evaluate(cel, r, Profile::kGrpcCore).matched); });
  state.counters["string_ns"] = s;
  state.counters["cel_ns"] = c;
  state.counters["cel_over_string"] = c / s;
}
BENCHMARK(BM_CelVersusStringMatcher)->Unit(benchmark::kNanosecond);

}  // namespace
