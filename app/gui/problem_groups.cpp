#include "app/gui/problem_groups.h"

#include <map>
#include <tuple>
#include <utility>

namespace cfgi::gui {

int ProblemCounts::of(doc::Severity s) const {
  switch (s) {
    case doc::Severity::kError: return errors;
    case doc::Severity::kWarning: return warnings;
    case doc::Severity::kNote: return notes;
  }
  return 0;
}

ProblemCounts CountProblems(const std::vector<doc::Diagnostic>& diags) {
  ProblemCounts c;
  for (const doc::Diagnostic& d : diags) {
    switch (d.severity) {
      case doc::Severity::kError: ++c.errors; break;
      case doc::Severity::kWarning: ++c.warnings; break;
      case doc::Severity::kNote: ++c.notes; break;
    }
  }
  return c;
}

std::string ProblemSummary(const ProblemCounts& c) {
  std::string text;
  auto add = [&text](int n, const char* one, const char* many) {
    if (n == 0) return;
    text += (text.empty() ? "" : ", ") + std::to_string(n) + " " + (n == 1 ? one : many);
  };
  add(c.errors, "error", "errors");
  add(c.warnings, "warning", "warnings");
  add(c.notes, "note", "notes");
  return text.empty() ? "no problems" : text;
}

std::vector<ProblemGroup> GroupProblems(const std::vector<doc::Diagnostic>& diags, const bool* shown) {
  std::vector<ProblemGroup> groups;
  std::map<std::tuple<std::string, std::string, doc::Severity>, size_t> at;
  for (size_t i = 0; i < diags.size(); ++i) {
    const doc::Diagnostic& d = diags[i];
    if (shown && !shown[static_cast<int>(d.severity)]) continue;
    // By severity too: a code that is a warning in one place and a note in another (POL018) makes
    // two groups, so "warning x 21" never holds notes.
    auto [it, fresh] = at.try_emplace({d.code, d.file, d.severity}, groups.size());
    if (fresh) groups.push_back({d.code, d.file, d.severity, {}});
    groups[it->second].rows.push_back(static_cast<int>(i));
  }
  return groups;
}

}  // namespace cfgi::gui
