// The txt engine's profile comparison, typed (Engine::CompareResults), on the model of the policy
// engine's (core/policy/policy_compare.cpp). A zone or dig output is read once (CompiledRecords); each
// profile reads its records its own way (gRPC C-core the first grpc_config record, grpc-java
// every one, grpc-go all of them concatenated: grpc src/core/resolver/dns/c_ares,
// grpc-java core/.../DnsNameResolver.java, grpc-go internal/resolver/dns/dns_resolver.go), so of
// a record only whether the profile reads it can differ. FindSameAnswers decides on the typed
// results which records, choice traces, names and rollouts every profile gives alike; a record
// alike is written null and the other answers alike as one placeholder (an empty trace, name or
// rollout), the same in every profile, so they add no leaf. The comparison's divergences, values
// and answers are exactly those of the results' full JSON (TxtCompareTyped in
// tests/unit/txt_compare_test.cpp, EngineContract.TypedComparisonEqualsJsonComparison).
#include <algorithm>
#include <set>
#include <utility>

#include "core/txt/txt_engine.h"

namespace cfgi::txt {

namespace {

// The records the profile's attributes read (ResultJson's "read").
std::set<int> ReadRecords(const TxtResult& r) {
  std::set<int> read;
  for (const Attribute& at : r.analysis->of(r.id).attributes) read.insert(at.records.begin(), at.records.end());
  return read;
}

bool SameJson(const std::shared_ptr<const nlohmann::ordered_json>& a, const std::shared_ptr<const nlohmann::ordered_json>& b) {
  return a == b || (a && b && *a == *b);
}

bool SameTrace(const ChoiceTrace& a, const ChoiceTrace& b) {
  return a.index == b.index && a.outcome == b.outcome && a.criteria == b.criteria && a.details == b.details;
}

// The fields TxtResult::ToJson prints of a name.
bool SameName(const TxtResult::NameEvaluation& a, const TxtResult::NameEvaluation& b) {
  const Evaluation& x = a.evaluation;
  const Evaluation& y = b.evaluation;
  return a.owner == b.owner && a.file == b.file && a.at.line == b.at.line && a.at.column == b.at.column && SameJson(x.service_config, y.service_config) && x.choice == y.choice &&
         x.error == y.error && x.by_language.empty() == y.by_language.empty();
}

bool SameRollout(const Rollout& a, const Rollout& b) {
  if (a.fixed != b.fixed || a.shares.size() != b.shares.size()) return false;
  for (size_t i = 0; i < a.shares.size(); ++i)
    if (a.shares[i].choice != b.shares[i].choice || a.shares[i].percent != b.shares[i].percent) return false;
  return true;
}

}  // namespace

SameAnswers FindSameAnswers(const std::vector<const TxtResult*>& results) {
  SameAnswers same;
  if (results.size() < 2) return same;
  for (const TxtResult* r : results)
    if (!r || !r->evaluated || !r->analysis || r->analysis != results.front()->analysis) return same;
  const TxtResult& first = *results.front();
  same.comparable = true;
  const size_t records = first.analysis->records.records.size();
  same.records.assign(records, true);
  const std::set<int> read = ReadRecords(first);
  for (size_t k = 1; k < results.size(); ++k) {
    const std::set<int> other = ReadRecords(*results[k]);
    for (size_t i = 0; i < records; ++i)
      if (read.count(static_cast<int>(i)) != other.count(static_cast<int>(i))) same.records[i] = false;
  }
  auto alike = [&](auto size_of, auto same_at) {
    size_t n = size_of(first);
    for (const TxtResult* r : results) n = std::min(n, size_of(*r));
    std::vector<bool> out(n, true);
    for (size_t i = 0; i < n; ++i)
      for (size_t k = 1; k < results.size() && out[i]; ++k) out[i] = same_at(first, *results[k], i);
    return out;
  };
  same.choices = alike([](const TxtResult& r) { return r.evaluation.trace.size(); },
                       [](const TxtResult& a, const TxtResult& b, size_t i) { return SameTrace(a.evaluation.trace[i], b.evaluation.trace[i]); });
  same.names = alike([](const TxtResult& r) { return r.names.size(); },
                     [](const TxtResult& a, const TxtResult& b, size_t i) { return SameName(a.names[i], b.names[i]); });
  same.rollout = true;
  for (size_t k = 1; k < results.size(); ++k) same.rollout = same.rollout && SameRollout(first.rollout, results[k]->rollout);
  return same;
}

Comparison CompareTyped(const Engine& e, const std::vector<ComparedResult>& results) {
  std::vector<const TxtResult*> typed;
  for (const ComparedResult& r : results) typed.push_back(ResultAs<TxtResult>(r.typed));
  const SameAnswers same = FindSameAnswers(typed);
  if (!same.comparable) return CompareResultsJson(e, results);
  std::vector<nlohmann::ordered_json> json;
  json.reserve(results.size());
  for (const TxtResult* r : typed) {
    // The answers every profile gives alike as one placeholder; the rest as the profile gives them.
    TxtResult copy;
    copy.id = r->id;
    copy.analysis = r->analysis;
    copy.evaluated = true;
    copy.client = r->client;
    copy.evaluation = r->evaluation;
    for (size_t i = 0; i < same.choices.size(); ++i)
      if (same.choices[i]) copy.evaluation.trace[i] = ChoiceTrace{};
    if (!same.rollout) copy.rollout = r->rollout;
    copy.names.resize(r->names.size());
    for (size_t i = 0; i < r->names.size(); ++i)
      if (i >= same.names.size() || !same.names[i]) copy.names[i] = r->names[i];
    json.push_back(copy.Json(&same.records));
  }
  std::vector<std::pair<std::string, const nlohmann::ordered_json*>> in;
  for (size_t i = 0; i < results.size(); ++i) in.emplace_back(results[i].profile, &json[i]);
  return Compare(in, e.profile_settings(), e.answer_units());
}

}  // namespace cfgi::txt
