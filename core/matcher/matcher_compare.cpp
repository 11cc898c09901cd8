// The matcher engine's profile comparison, typed (Engine::CompareResults), on the model of the
// policy engine's (core/policy/policy_compare.cpp): each request's outcome (its actions, skipped
// actions, match, abort, deciding step, unevaluated inputs, extracts) and each discovered
// matcher's outcome for it are compared on the typed results, and only the ones some profile
// gives differently are serialised. An outcome every profile gives alike is serialised as one
// placeholder (an empty outcome of an empty request), the same in every profile, so it adds no
// leaf to the comparison; so is each request itself (the model's, not a profile's answer). The
// comparison's divergences, values and answers are exactly those of the results' full JSON
// (EngineContract.TypedComparisonEqualsJsonComparison, MatcherCompareTyped in
// tests/unit/matcher_compare_test.cpp). What a profile can make differ is the evaluation of
// Envoy's and gRPC's matchers (envoy source/common/matcher/matcher.h, grpc
// src/core/xds/grpc/xds_matcher.cc): the outcome, the NACK and the coverage; the request, the
// tree's depth and the Envoy shape are the model's.
#include <algorithm>
#include <utility>

#include "core/matcher/matcher_engine.h"

namespace cfgi::matcher {

namespace {

bool SameDecision(const Result::Decision& a, const Result::Decision& b) {
  // DecisionJson prints what, detail, path and the line of range.begin.
  return a.what == b.what && a.detail == b.detail && a.path == b.path && a.range.begin == b.range.begin;
}

// RequestResultJson's fields (an action is printed by its name and type: the same Action is the same).
bool SameOutcome(const Result& a, const Result& b) {
  return a.actions == b.actions && a.skipped == b.skipped && a.matched == b.matched;
}

// MatcherResult::ToJson's fields of one request but the request and its trace (the comparison
// leaves traces out); "rbac" follows from the actions and the unevaluated inputs.
bool SameRequestOutcome(const MatcherResult::RequestResult& a, const MatcherResult::RequestResult& b) {
  return SameOutcome(a.result, b.result) && a.result.aborted == b.result.aborted &&
         SameDecision(a.result.decided_by(), b.result.decided_by()) && a.result.unevaluated == b.result.unevaluated &&
         a.extracts == b.extracts;
}

// The placeholder request: what every profile's copy holds instead of a request, or of an outcome
// every profile gives alike.
const Request& NoRequest() {
  static const Request r;
  return r;
}

}  // namespace

SameOutcomes FindSameOutcomes(const std::vector<const MatcherResult*>& results) {
  SameOutcomes same;
  if (results.size() < 2) return same;
  for (const MatcherResult* r : results)
    if (!r || !r->evaluated || r->model != results.front()->model || r->requests.size() != results.front()->requests.size())
      return same;
  const MatcherResult& first = *results.front();
  same.comparable = true;
  same.requests.assign(first.requests.size(), true);
  for (size_t j = 0; j < first.requests.size(); ++j)
    for (size_t k = 1; k < results.size() && same.requests[j]; ++k)
      same.requests[j] = SameRequestOutcome(first.requests[j], results[k]->requests[j]);
  same.discovered.resize(first.discovered.size());
  for (size_t i = 0; i < first.discovered.size(); ++i) {
    size_t n = first.discovered[i].size();
    for (const MatcherResult* r : results) n = std::min(n, i < r->discovered.size() ? r->discovered[i].size() : 0);
    same.discovered[i].assign(n, true);
    for (size_t j = 0; j < n; ++j)
      for (size_t k = 1; k < results.size() && same.discovered[i][j]; ++k)
        same.discovered[i][j] = SameOutcome(first.discovered[i][j], results[k]->discovered[i][j]);
  }
  return same;
}

Comparison CompareTyped(const Engine& e, const std::vector<ComparedResult>& results) {
  std::vector<const MatcherResult*> typed;
  for (const ComparedResult& r : results) typed.push_back(ResultAs<MatcherResult>(r.typed));
  const SameOutcomes same = FindSameOutcomes(typed);
  if (!same.comparable) return CompareResultsJson(e, results);
  // Each profile's copy: what ToJson prints of it, with the placeholder where every profile agrees.
  std::vector<nlohmann::ordered_json> json;
  json.reserve(results.size());
  for (const MatcherResult* r : typed) {
    MatcherResult copy;
    copy.id = r->id;
    copy.model = r->model;
    copy.evaluated = true;
    copy.explained = false;  // traces are not compared
    copy.requests.resize(r->requests.size());
    for (size_t j = 0; j < r->requests.size(); ++j) {
      MatcherResult::RequestResult& c = copy.requests[j];
      c.request = &NoRequest();
      if (same.requests[j]) continue;
      c.result = r->requests[j].result;
      c.extracts = r->requests[j].extracts;
    }
    copy.discovered.resize(r->discovered.size());
    for (size_t i = 0; i < r->discovered.size(); ++i) {
      copy.discovered[i].resize(r->discovered[i].size());
      for (size_t j = 0; j < r->discovered[i].size(); ++j)
        if (i >= same.discovered.size() || j >= same.discovered[i].size() || !same.discovered[i][j])
          copy.discovered[i][j] = r->discovered[i][j];
    }
    copy.nack = r->nack;
    copy.reached = r->reached;
    copy.unreached_count = r->unreached_count;
    json.push_back(copy.ToJson());
  }
  std::vector<std::pair<std::string, const nlohmann::ordered_json*>> in;
  for (size_t i = 0; i < results.size(); ++i) in.emplace_back(results[i].profile, &json[i]);
  return Compare(in, e.profile_settings(), e.answer_units());
}

}  // namespace cfgi::matcher
