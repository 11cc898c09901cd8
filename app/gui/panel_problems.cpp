// App: the PROBLEMS panel, the active document's diagnostics with severity filters; clicking a row
// (or F8 / Shift+F8) shows its range in the Source panel.
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include <imgui.h>

#include "app/gui/app.h"
#include "app/gui/app_internal.h"
#include "app/gui/theme.h"
#include "app/platform/platform.h"

namespace cfgi::gui {

void App::DrawProblems() {
  OpenDocument* d = active_doc();
  const std::vector<doc::Diagnostic> kNone;
  const auto& diags = d ? d->report().diagnostics : kNone;
  const ProblemCounts counts = CountProblems(diags);  // the status bar shows the same (problem_groups.h)
  char extra[64];
  std::snprintf(extra, sizeof extra, "%d", counts.total());
  if (theme::PanelHeader("PROBLEMS", diags.empty() ? nullptr : extra, "\u25be",
                         "Fold the Problems and Source panels away (View menu brings them back)"))
    show_bottom_ = false;
  const theme::Palette& pal = theme::Pal();

  DrawProblemFilters(d, counts);
  ImGui::NewLine();
  ImGui::Spacing();
  ImGui::Indent(ImGui::GetStyle().WindowPadding.x * 0.5f);

  if (diags.empty()) {
    ImGui::SetCursorPosX(ImGui::GetStyle().WindowPadding.x);
    // No verdict before the first results: the worker has not answered yet.
    if (d && d->evaluating() && d->inspection().reports.empty()) theme::TextMuted("Evaluating...");
    else if (d) ImGui::TextColored(pal.ok, "%s No problems found.", theme::kIconOk);
    ImGui::Unindent(ImGui::GetStyle().WindowPadding.x * 0.5f);
    return;
  }
  ImGuiTableFlags tf = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_Resizable |
                       ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("##problems_table", 4, tf)) {
    ImGui::Unindent(ImGui::GetStyle().WindowPadding.x * 0.5f);
    return;
  }
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("Severity", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn("Code", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn("Location", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn("Message", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableHeadersRow();
  // Repeated findings of one rule in one file are one expandable row ("MAT030 x 21"); its
  // problems follow it when it is open. Rows: (group, -1) for a group's row, (group, i) for one
  // problem.
  const std::vector<ProblemGroup> groups = GroupProblems(diags, problem_filter_);
  std::vector<std::pair<size_t, int>> rows;
  for (size_t g = 0; g < groups.size(); ++g) {
    if (!groups[g].grouped()) {
      rows.push_back({g, groups[g].rows.front()});
      continue;
    }
    rows.push_back({g, -1});
    if (open_problem_groups_.count(GroupKey(groups[g])))
      for (int i : groups[g].rows) rows.push_back({g, i});
  }
  ImGuiListClipper clip;
  clip.Begin(static_cast<int>(rows.size()));
  while (clip.Step()) {
    for (int r = clip.DisplayStart; r < clip.DisplayEnd; ++r) {
      const auto [gi, i] = rows[static_cast<size_t>(r)];
      const ProblemGroup& g = groups[gi];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      if (i < 0) {  // a group's row
        DrawProblemGroupRow(g, gi, diags);
        continue;
      }
      DrawProblemRow(diags[static_cast<size_t>(i)], i, g.grouped());
    }
  }
  ImGui::EndTable();
  ImGui::Unindent(ImGui::GetStyle().WindowPadding.x * 0.5f);
}

// Filter toggles, each with icon, word and count, and the suppressed findings' switch.
void App::DrawProblemFilters(OpenDocument* d, const ProblemCounts& counts) {
  const theme::Palette& pal = theme::Pal();
  ImGui::SetCursorPosX(ImGui::GetStyle().WindowPadding.x);
  static const char* kWords[3] = {"errors", "warnings", "notes"};
  static const char* kWord[3] = {"error", "warning", "note"};
  for (int s = 0; s < 3; ++s) {
    auto sev = static_cast<doc::Severity>(s);
    char label[64];
    const int n = counts.of(sev);
    std::snprintf(label, sizeof label, "%s %d %s##f%d", theme::SeverityIcon(sev), n, n == 1 ? kWord[s] : kWords[s], s);
    ImVec4 c = theme::SeverityColor(sev);
    ImGui::PushStyleColor(ImGuiCol_Text, problem_filter_[s] ? c : pal.muted);
    ImGui::PushStyleColor(ImGuiCol_Button, problem_filter_[s] ? ImVec4(c.x, c.y, c.z, 0.14f) : ImVec4(0, 0, 0, 0));
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImVec4(c.x, c.y, c.z, 0.24f));
    if (ImGui::SmallButton(label)) problem_filter_[s] = !problem_filter_[s];
    ImGui::PopStyleColor(3);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s %s", problem_filter_[s] ? "Hide" : "Show", kWords[s]);
    ImGui::SameLine();
  }
  // Suppressed findings (comments, a scenario's list, the document's "Hide dead-configuration
  // lints"): counted here, listed in the tooltip; the switch itself is one click away.
  if (d) {
    const auto& sup = d->report().suppressed;
    char label[64];
    std::snprintf(label, sizeof label, "%zu suppressed##sup", sup.size());
    ImGui::PushStyleColor(ImGuiCol_Text, pal.muted);
    ImGui::PushStyleColor(ImGuiCol_Button, d->hide_dead_lints() ? ImVec4(pal.muted.x, pal.muted.y, pal.muted.z, 0.14f)
                                                                 : ImVec4(0, 0, 0, 0));
    if (ImGui::SmallButton(label)) SetHideDeadLints(*d, !d->hide_dead_lints());
    ImGui::PopStyleColor(2);
    if (ImGui::IsItemHovered()) {
      ImGui::BeginTooltip();
      ImGui::TextUnformatted(d->hide_dead_lints() ? "Click: show dead-configuration lints again"
                                                  : "Click: hide dead-configuration lints in this document");
      for (const doc::SuppressedDiagnostic& x : sup)
        theme::TextMuted("%s %s:%d:%d (%s)", x.diagnostic.code.c_str(), BaseName(x.diagnostic.file).c_str(),
                         x.diagnostic.begin.line, x.diagnostic.begin.column, doc::SuppressionOriginName(x.by.origin));
      ImGui::EndTooltip();
    }
  }
}

// A group's row: "MAT030 x 21", click to list or fold its problems.
void App::DrawProblemGroupRow(const ProblemGroup& g, size_t gi, const std::vector<doc::Diagnostic>& diags) {
  ImGui::PushID(static_cast<int>(gi) + 1000000);
  const std::string key = GroupKey(g);
  const bool open = open_problem_groups_.count(key) > 0;
  const doc::Diagnostic& first = diags[static_cast<size_t>(g.rows.front())];
  std::string sev = std::string(open ? "\u25be " : "\u25b8 ") + theme::SeverityIcon(g.severity) + " " +
                    doc::SeverityName(g.severity);
  ImGui::PushStyleColor(ImGuiCol_Text, theme::SeverityColor(g.severity));
  if (ImGui::Selectable(sev.c_str(), false, ImGuiSelectableFlags_SpanAllColumns)) {
    if (open) open_problem_groups_.erase(key);
    else open_problem_groups_.insert(key);
  }
  ImGui::PopStyleColor();
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%zu %s findings in %s: click to %s them", g.rows.size(), g.code.c_str(),
                      BaseName(g.file).c_str(), open ? "fold" : "list");
  ImGui::TableNextColumn();
  ImGui::PushFont(theme::GetFonts().mono);
  ImGui::Text("%s \u00d7 %zu", g.code.c_str(), g.rows.size());
  ImGui::PopFont();
  ImGui::TableNextColumn();
  theme::TextMuted("%s:%d:%d", BaseName(first.file).c_str(), first.begin.line, first.begin.column);
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(first.message.c_str());
  ImGui::SameLine();
  theme::TextMuted("(and %zu more)", g.rows.size() - 1);
  ImGui::PopID();
}

// One problem's row; click to show its range in the Source panel.
void App::DrawProblemRow(const doc::Diagnostic& x, int i, bool member) {
  ImGui::PushID(i);
  std::string sev = std::string(member ? "    " : "") + theme::SeverityIcon(x.severity) + " " + doc::SeverityName(x.severity);
  ImGui::PushStyleColor(ImGuiCol_Text, theme::SeverityColor(x.severity));
  if (ImGui::Selectable(sev.c_str(), selected_problem_ == i, ImGuiSelectableFlags_SpanAllColumns)) {
    selected_problem_ = i;
    JumpTo(x.file, x.range);
  }
  ImGui::PopStyleColor();
  ImGui::TableNextColumn();
  ImGui::PushFont(theme::GetFonts().mono);
  if (member) theme::TextMuted("%s", x.code.c_str());
  else ImGui::TextUnformatted(x.code.c_str());
  ImGui::PopFont();
  ImGui::TableNextColumn();
  theme::TextMuted("%s:%d:%d", BaseName(x.file).c_str(), x.begin.line, x.begin.column);
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(x.message.c_str());
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 40);
    ImGui::TextUnformatted(doc::FormatDiagnostic(x).c_str());
    if (!x.path.empty()) theme::TextMuted("at %s", x.path.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
  ImGui::PopID();
}

std::string App::GroupKey(const ProblemGroup& g) {
  return g.code + '\n' + g.file + '\n' + doc::SeverityName(g.severity);
}

nlohmann::ordered_json App::ProblemGroupsJson() const {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  if (active_ < 0) return out;
  const auto& diags = docs_[static_cast<size_t>(active_)].doc->report().diagnostics;
  for (const ProblemGroup& g : GroupProblems(diags, problem_filter_))
    out.push_back({{"code", g.code}, {"file", g.file}, {"severity", doc::SeverityName(g.severity)},
                   {"count", g.rows.size()}, {"open", !g.grouped() || open_problem_groups_.count(GroupKey(g)) > 0}});
  return out;
}

void App::NextProblem(int dir) {
  OpenDocument* d = active_doc();
  if (!d || d->report().diagnostics.empty()) return;
  int n = static_cast<int>(d->report().diagnostics.size());
  selected_problem_ = selected_problem_ < 0 ? (dir > 0 ? 0 : n - 1) : ((selected_problem_ + dir) % n + n) % n;
  const doc::Diagnostic& diag = d->report().diagnostics[static_cast<size_t>(selected_problem_)];
  open_problem_groups_.insert(diag.code + '\n' + diag.file);  // F8 into a folded group opens it
  JumpTo(diag.file, diag.range);
}

}  // namespace cfgi::gui
