// core/engine/compare.h: the one profile comparison (RE2's TestInstance idea: run every
// implementation on the same input, compare the results in one place). It compares the
// profiles' results leaf by leaf; its count is the number the top bar, the view tabs and the
// CLI's "divergences" all show. Traces and explanations are not compared (they describe how,
// not what).
//
//   Comparison c = Compare({{"grpc-core", &core_json}, {"envoy", &envoy_json}});
//   c.size();                 // leaves that differ
//   c.Under("/requests/2");   // the ones about request 2
//   Compare(results, {"/lookup"}).settings;   // profile settings apart from the divergences
#pragma once

#include <memory>
#include <string>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace cfgi {

struct Divergence {
  std::string path;               // JSON pointer to the leaf in each result ("/requests/0/actions/0")
  nlohmann::ordered_json values;  // {profile: value at path, null where absent}
  // {profile: ValueText(value)}, made with the comparison on the worker, so a view's Profiles
  // table draws text and serialises nothing (DrawComparison).
  std::map<std::string, std::string> texts;
};

// A value as a table cell shows it: a string in quotes, a number, boolean or null as JSON,
// "{N keys}" / "[N items]" for an object or array; cut to 200 bytes ("...").
std::string ValueText(const nlohmann::ordered_json& v);

// A sentence about how profiles differ, read by the engine from its typed results
// (Engine::ExplainComparison): the policy engine's upgrade report, "kuma-2.10 merges these three
// inbound rules into one; kuma-2.14 lists them". Notes explain divergences; they are not counted.
struct ComparisonNote {
  std::string path;                   // JSON pointer the note is about (a divergence's path or a parent of it)
  std::vector<std::string> profiles;  // the profiles it compares, older first
  std::string text;
};

// An engine's typed reading of the comparison, made on the worker with it (Engine::CompareDetail)
// for its view to draw without comparing or serialising again: the policy engine's
// policy::InspectionDiffs (each Kuma release's inspected resource against the MADR's, per line).
struct ComparisonDetail {
  virtual ~ComparisonDetail() = default;
};

struct Comparison {
  std::vector<Divergence> divergences;  // by path
  // Profile settings that differ: fields that state a fact about each profile rather than its
  // answer for this input (Engine::profile_settings(); the txt profiles' "lookup", whether the
  // implementation queries TXT at all by default). Shown beside each profile's result, never
  // counted: size(), Under() and ToJson() are the divergences only.
  std::vector<Divergence> settings;
  // What the divergences mean, in sentences (empty when the engine has nothing to say).
  std::vector<ComparisonNote> notes;
  // The engine's typed detail (Engine::CompareDetail); null when it has none.
  std::shared_ptr<const ComparisonDetail> detail;

  size_t size() const { return divergences.size(); }
  bool empty() const { return divergences.empty(); }
  // The divergences whose path is `prefix` or below it ("/requests/2" matches "/requests/2/x",
  // not "/requests/20").
  std::vector<const Divergence*> Under(std::string_view prefix) const;
  size_t CountUnder(std::string_view prefix) const;
  // [{"path", "values"}], the CLI's "divergences".
  nlohmann::ordered_json ToJson() const;
  // [{"path", "values"}] of `settings`, the CLI's "profile_settings" (with --profile all).
  nlohmann::ordered_json SettingsJson() const;
  // [{"path", "profiles", "text"}], the CLI's "notes" (with --profile all).
  nlohmann::ordered_json NotesJson() const;
};

// Compares results given as (profile, result JSON) in profile order. A leaf at or below one of
// `settings` (JSON pointers, Engine::profile_settings()) that differs goes to
// Comparison::settings, not to the divergences.
Comparison Compare(const std::vector<std::pair<std::string, const nlohmann::ordered_json*>>& results,
                   const std::vector<std::string>& settings = {});

}  // namespace cfgi
