// app/gui/views/matcher/matcher_issues.cpp: the Issues tab: every finding of the selected profile's report, grouped
// by code and file, with what gRPC does about each (matcher_view.h).
#include "app/gui/views/matcher/matcher_view.h"

namespace cfgi::gui::matcher_view {

void MatcherView::DrawIssues(ViewContext& ctx) {
  const std::vector<doc::Diagnostic>& diags = ctx.document().report().diagnostics;
  if (diags.empty()) {
    ImGui::TextColored(theme::Pal().ok, "%s no issues: gRPC accepts this matcher", theme::kIconOk);
    return;
  }
  auto row = [&](const doc::Diagnostic& d, int id) {
    // gRPC rejects (NACKs) a matcher with an error; a finding only gRPC rejects is a note under Envoy.
    bool grpc_only = false;
    const mt::Compiled& m = sm_->matcher;
    for (size_t i = 0; i < m.diagnostics.size(); ++i)
      if (m.diagnostics[i].code == d.code && m.diagnostics[i].range.begin == d.range.begin)
        grpc_only = m.RejectedByOf(i) != mt::RejectedBy::kAll;
    const bool nack = d.severity == doc::Severity::kError || grpc_only;
    ImGui::PushID(id);
    ImGui::PushStyleColor(ImGuiCol_Text, nack ? theme::Pal().error : theme::SeverityColor(d.severity));
    std::string t = std::string(nack ? theme::kIconError : theme::SeverityIcon(d.severity)) + " " + d.code +
                    (grpc_only ? " [gRPC NACK, Envoy note]" : "") + "  " + d.message;
    if (ImGui::Selectable(t.c_str())) ctx.JumpTo(d.file, d.range);
    ImGui::PopStyleColor();
    if (!d.path.empty()) {
      ImGui::SameLine();
      theme::TextMuted("%s", d.path.c_str());
    }
    ImGui::PopID();
  };
  ImGui::BeginChild("##issues");
  for (const ProblemGroup& g : GroupProblems(diags)) {
    if (!g.grouped()) {
      row(diags[static_cast<size_t>(g.rows.front())], g.rows.front());
      continue;
    }
    ImGui::PushID(g.rows.front());
    ImGui::PushStyleColor(ImGuiCol_Text, theme::SeverityColor(g.severity));
    bool open = ImGui::TreeNodeEx("##group", ImGuiTreeNodeFlags_SpanAvailWidth, "%s %s \u00d7 %zu  %s (and %zu more)",
                                  theme::SeverityIcon(g.severity), g.code.c_str(), g.rows.size(),
                                  diags[static_cast<size_t>(g.rows.front())].message.c_str(), g.rows.size() - 1);
    ImGui::PopStyleColor();
    if (open) {
      for (int i : g.rows) row(diags[static_cast<size_t>(i)], i);
      ImGui::TreePop();
    }
    ImGui::PopID();
  }
  ImGui::EndChild();
}

}  // namespace cfgi::gui::matcher_view
