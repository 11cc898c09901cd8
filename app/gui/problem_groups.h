// app/gui/problem_groups.h: the one place the app counts and groups a document's problems, so
// the Problems panel, its filter buttons, the status bar, the Documents badges and --dump-state
// show the same numbers. UI-free (tested in gui_open_document_test).
//
//   ProblemCounts c = CountProblems(doc.report().diagnostics);   // c.errors, c.warnings, c.notes
//   for (const ProblemGroup& g : GroupProblems(diags, filter)) ...  // "MAT030 x 20" rows
#pragma once

#include <string>
#include <vector>

#include "core/doc/diagnostic.h"

namespace cfgi::gui {

struct ProblemCounts {
  int errors = 0, warnings = 0, notes = 0;
  int total() const { return errors + warnings + notes; }
  // By doc::Severity (0 error, 1 warning, 2 note); 0 for anything else.
  int of(doc::Severity s) const;
};
ProblemCounts CountProblems(const std::vector<doc::Diagnostic>& diags);
// The status bar's words for `c`: "1 error, 2 warnings, 22 notes" (zero counts left out), or
// "no problems" when there is none at all.
std::string ProblemSummary(const ProblemCounts& c);

// Problems of one code and severity in one file, in the order of their first row: the Problems panel shows a
// group of two or more as one expandable row ("MAT030 x 20"). `rows` index `diags`.
struct ProblemGroup {
  std::string code, file;
  doc::Severity severity = doc::Severity::kNote;  // every row's
  std::vector<int> rows;
  bool grouped() const { return rows.size() > 1; }
};
// Groups the problems `shown` lets through (indexed by severity; null shows every one) by code,
// file and severity, in the order of each group's first problem.
std::vector<ProblemGroup> GroupProblems(const std::vector<doc::Diagnostic>& diags, const bool* shown = nullptr);

}  // namespace cfgi::gui
