// core/doc/explanation.h: the "why" of a result, a tree of steps (cel-cpp's trace listener and
// Envoy's three-way match result). The GUI shows it with source highlighting; golden tests and
// the CLI's JSON carry it.
//
//   Step root{"subscription env=prod", Outcome::kMatched};
//   root.Add({"variant 0: env=prod", Outcome::kMatched, "key env equals prod", range});
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/doc/source.h"

namespace cfgi::doc {

// The one JSON form of a place in an input, the one every diagnostic has: the keys "file", "line",
// "column" (1-based; the column counts bytes, as doc::Position does), added to `j` in that order.
// Every result JSON that names a place uses it, flat beside the thing it locates:
//
//   ordered_json v = {{"id", "v0"}};
//   doc::PutLocation(v, source, range.begin);  // {"id": "v0", "file": "a.yaml", "line": 3, "column": 5}
void PutLocation(nlohmann::ordered_json& j, std::string_view file, Position p);
// From a byte offset into `src` (Source::Locate); a null `src` gives file "", line 0, column 0:
// no place known.
void PutLocation(nlohmann::ordered_json& j, const Source* src, uint32_t offset);

enum class Outcome { kMatched, kNoMatch, kError, kSkipped, kInfo };
// "matched", "no-match", "error", "skipped", "info"
const char* OutcomeName(Outcome o);
// The mark Step::ToText and the editor's hover put before a step: "✓" matched, "✗" no match,
// "!" error, "-" skipped, "·" info.
const char* OutcomeMark(Outcome o);

// Test hook, always compiled: how many explanation steps the calling thread has built (a
// thread-local count, as cfgi::ThreadEvaluationWork counts evaluation work). A step counts when
// it is constructed with its text (Step{what, ...}), added to a tree (Step::Add), or copied
// with content (each step of a copied tree); a default-constructed Step (an empty holder an
// explanation may later fill), a copy of an empty one and a move do not. "A null `why` is the
// fast path" is measured with it: each engine's Evaluate under a null `why` leaves it unchanged
// (tests/unit/engine_why_test.cpp).
uint64_t ThreadStepsBuilt();

namespace internal {
void CountStep();
}  // namespace internal

struct Step {
  std::string what;
  Outcome outcome = Outcome::kInfo;
  std::string detail;
  SourceRange range;
  std::string file;  // source name the range points into; empty = the scenario's first source
  std::vector<Step> children;

  Step() = default;
  Step(std::string what_, Outcome outcome_ = Outcome::kInfo, std::string detail_ = {}, SourceRange range_ = {},
       std::string file_ = {}, std::vector<Step> children_ = {})
      : what(std::move(what_)),
        outcome(outcome_),
        detail(std::move(detail_)),
        range(range_),
        file(std::move(file_)),
        children(std::move(children_)) {
    internal::CountStep();
  }
  // Copies count (ThreadStepsBuilt) when they copy a step with content; every field is copied.
  Step(const Step& o)
      : what(o.what), outcome(o.outcome), detail(o.detail), range(o.range), file(o.file), children(o.children) {
    if (!o.empty()) internal::CountStep();
  }
  Step& operator=(const Step& o) {
    if (this == &o) return *this;
    what = o.what;
    outcome = o.outcome;
    detail = o.detail;
    range = o.range;
    file = o.file;
    children = o.children;
    if (!o.empty()) internal::CountStep();
    return *this;
  }
  Step(Step&&) noexcept = default;
  Step& operator=(Step&&) noexcept = default;
  // No text and no children: a holder nothing was explained into.
  bool empty() const { return what.empty() && detail.empty() && children.empty(); }

  Step& Add(Step s) {
    internal::CountStep();
    children.push_back(std::move(s));
    return children.back();
  }
  // The one JSON form of a step tree (the CLI's --explain, the matcher's per-request trace):
  // {"what", "outcome", "detail"?, "file"?, "line"?, "column"?, "children"?}, strings made valid
  // UTF-8 (they quote the user's text). The location (PutLocation) is there when the step has a
  // range and its source is known: `source` for a step with no `file` or with that source's
  // name, else the one of `sources` with the step's `file` as its name.
  struct JsonOptions {
    const Source* source = nullptr;
    std::vector<const Source*> sources;
    size_t max_children = 0;  // when set, a longer list keeps its first and last halves
                              // and one "..." step counting the rest
  };
  nlohmann::ordered_json ToJson() const { return ToJson(JsonOptions{}); }
  nlohmann::ordered_json ToJson(const JsonOptions& o) const;
  // Indented text, one step per line: "✓ what: detail".
  std::string ToText(int indent = 0) const;
};

using Explanation = Step;

// The chain of steps that decided `root`'s outcome, `root` first: at each level the first child
// whose outcome is its parent's (an info parent: the first matched or error child), so it ends
// at the predicate that matched, the variant chosen, the failing sub-filter. The chain stops at
// a leaf or where no child shares the outcome; a root alone when nothing below decided it.
std::vector<const Step*> DecidingPath(const Step& root);

// A run of consecutive sibling steps, [begin, end) of a children list, with the same outcome:
// the Explanation panel shows a run of at least `min_run` steps as one expandable row.
struct StepRun {
  size_t begin = 0, end = 0;
  std::string label;  // folded runs: "matchers[0..499]: no match"; single steps: empty
  size_t size() const { return end - begin; }
  bool folded() const { return !label.empty(); }
};
// Splits `steps` into runs in order (every step in exactly one run): runs of at least `min_run`
// steps with one outcome are folded and labelled with the
// numbered span of their first and last `what` ("matchers[0..499]", "variant 0..3") and the
// outcome; every other step is a run of its own. Empty input gives no runs.
std::vector<StepRun> FoldRuns(const std::vector<Step>& steps, size_t min_run = 3);

// Profiles: a named reading of a spec by one implementation ("grpc-core", "envoy", "a106"...).
struct Profile {
  std::string name;
  std::string description;  // one line, shown in the selector's tooltip and --help
  std::vector<std::string> aliases;  // other names accepted for it (ProfileSet::Entry::aliases)
};

}  // namespace cfgi::doc
