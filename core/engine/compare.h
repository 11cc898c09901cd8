// core/engine/compare.h: the one profile comparison (RE2's TestInstance idea: run every
// implementation on the same input, compare the results in one place). It compares the
// profiles' results leaf by leaf and groups the leaves that differ by the answer they belong to
// (a request's actions, a resource's variant, a client's choice, one merged rule): its count is
// the number of answers that differ, the number the top bar, the view tabs and the CLI's
// "divergences" all show; the leaves (JSON pointers) are the detail. Traces and explanations are
// not compared (they describe how, not what). Inspect calls it through the engine
// (Engine::CompareResults, engine.h): with each result's full JSON by default, or with the parts
// an engine found alike in every profile on its typed results left null (the policy engine), which
// gives the same comparison while serialising only what may differ.
//
//   Comparison c = Compare({{"grpc-core", &core_json}, {"envoy", &envoy_json}});
//   c.size();                 // answers that differ ("/requests/0", "/coverage")
//   c.divergences.size();     // leaves that differ ("/requests/0/actions/0", ...)
//   c.Under("/requests/2");   // the leaves about request 2
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
  // The answer it belongs to: AnswerOf, or an ancestor of that which is itself an answer (a list
  // empty in one profile, "/choices", holds the others' "/choices/0").
  std::string answer;
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
// policy::ResourceConfDiffs (each Kuma release's inspected resource against the MADR's, per line).
struct ComparisonDetail {
  virtual ~ComparisonDetail() = default;
};

// One differing answer in words (the CLI's text, the app's Profiles tab): the profiles grouped by
// what they answer, in profile order of each group's first member; each group with its values of
// the answer's leaves, named relative to the answer (ReadablePointer; "" is the answer itself),
// the leaves on which the groups give the most different values first (then in path order); a
// group after the first names first the leaves where it differs from the first group.
// A value absent (or null) in a profile is "none".
struct AnswerGroup {
  std::vector<std::string> profiles;
  std::vector<std::pair<std::string, std::string>> fields;  // (leaf name, value text)
};

// One answer that differs between profiles: the leaves of `Comparison::divergences` under it.
struct DifferingAnswer {
  std::string path;                  // "/requests/0", "/rules/0/fromRules/2", "/choice"
  std::vector<size_t> divergences;   // indices into Comparison::divergences, in path order
  // Made on the worker with the comparison (DescribeAnswers, engine.h), so the CLI's text and the
  // app's Profiles tables read them and compute nothing: the engine's name for the answer
  // ("MeshTimeout: the rule for MeshService backend"; Engine::AnswerTitle) and the profiles
  // grouped by what they answer (GroupByAgreement). Empty until described.
  std::string title;
  std::vector<AnswerGroup> groups;
};

// The answer a result leaf belongs to: the longest of `units` (JSON pointers whose "*" segment
// matches any one segment, Engine::answer_units()) that is a prefix of `leaf`; with none, the
// leaf's first segment and, when the second is an array index, that too ("/requests/3/actions/0"
// -> "/requests/3", "/coverage/unreached/1/line" -> "/coverage", "/choice" -> "/choice").
std::string AnswerOf(std::string_view leaf, const std::vector<std::string>& units);

struct Comparison {
  std::vector<Divergence> divergences;  // the leaves that differ, by path
  std::vector<DifferingAnswer> answers; // the answers they belong to, in the order of their first leaf
  // Profile settings that differ: fields that state a fact about each profile rather than its
  // answer for this input (Engine::profile_settings(); the txt profiles' "lookup", whether the
  // implementation queries TXT at all by default). Shown beside each profile's result, never
  // counted: size(), Under() and ToJson() are the divergences only.
  std::vector<Divergence> settings;
  // What the divergences mean, in sentences (empty when the engine has nothing to say).
  std::vector<ComparisonNote> notes;
  // The engine's typed detail (Engine::CompareDetail); null when it has none.
  std::shared_ptr<const ComparisonDetail> detail;

  // The count every surface shows: differing answers, not leaves.
  size_t size() const { return answers.size(); }
  bool empty() const { return divergences.empty(); }
  // The leaves whose path is `prefix` or below it ("/requests/2" matches "/requests/2/x",
  // not "/requests/20").
  std::vector<const Divergence*> Under(std::string_view prefix) const;
  // The differing answers with a leaf at or below `prefix` (a tab's or a row's count).
  size_t CountUnder(std::string_view prefix) const;
  // Those answers, in order (a tab's Profiles table: one row each).
  std::vector<const DifferingAnswer*> AnswersUnder(std::string_view prefix) const;
  // [{"path", "values"}]: the CLI's "divergences" (the leaves; Divergence::answer groups them).
  nlohmann::ordered_json ToJson() const;
  // [{"path", "leaves"}]: the CLI's "differing_answers" (its length is the count).
  nlohmann::ordered_json AnswersJson() const;
  // [{"path", "values"}] of `settings`, the CLI's "profile_settings" (with --profile all).
  nlohmann::ordered_json SettingsJson() const;
  // [{"path", "profiles", "text"}], the CLI's "notes" (with --profile all).
  nlohmann::ordered_json NotesJson() const;
};

// A JSON pointer as a person reads it: "/requests/0/decided_by/what" -> "requests[0].decided_by.what"
// ("~1" and "~0" decoded; "" -> "the result").
std::string ReadablePointer(std::string_view pointer);

std::vector<AnswerGroup> GroupByAgreement(const Comparison& c, const DifferingAnswer& a,
                                          const std::vector<std::string>& profiles);

// Compares results given as (profile, result JSON) in profile order. A leaf at or below one of
// `settings` (JSON pointers, Engine::profile_settings()) that differs goes to
// Comparison::settings, not to the divergences. `answers` are the engine's answer units
// (Engine::answer_units(), AnswerOf).
Comparison Compare(const std::vector<std::pair<std::string, const nlohmann::ordered_json*>>& results,
                   const std::vector<std::string>& settings = {}, const std::vector<std::string>& answers = {});

}  // namespace cfgi
