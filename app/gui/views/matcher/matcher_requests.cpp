// app/gui/views/matcher/matcher_requests.cpp: the Requests tab: per request and profile the outcome (actions, no match,
// skipped keep_matching actions), the request editor (matcher_view.h).
#include "app/gui/views/matcher/matcher_view.h"

namespace cfgi::gui::matcher_view {

std::string MatcherView::CellLine(const mt::Result& r, ImVec4* color) {
  std::string t;
  // A successful match has an action in every profile; grpc-java can end unsuccessful with the
  // actions a found key gave (MatcherTree.java), shown as "no terminal match".
  if (r.matched) {
    *color = theme::Pal().ok;
    t = std::string(theme::kIconOk) + " " + (r.actions.empty() ? "matched, no action" : Join(r.actions));
  } else if (!r.actions.empty()) {
    *color = theme::Pal().warning;
    t = std::string(theme::kIconNoMatch) + " no terminal match; " + Join(r.actions);
  } else {
    *color = theme::Pal().muted;
    t = std::string(theme::kIconNoMatch) + " no match";
  }
  if (!r.skipped.empty()) t += std::string("  ") + theme::kIconSkipped + " skipped: " + Join(r.skipped);
  if (r.aborted) {
    *color = theme::Pal().error;
    t += std::string("  ") + theme::kIconError + " depth limit hit";
  }
  return t;
}

void MatcherView::DrawCell(ViewContext& ctx, const Eval& ev, int index, size_t profile) {
  if (!ev.result) {
    theme::TextMuted("evaluating...");
    return;
  }
  ImVec4 color;
  const std::string t = CellLine(*ev.result, &color);
  const float room = ImGui::GetContentRegionAvail().x;
  ImGui::PushStyleColor(ImGuiCol_Text, color);
  if (ImGui::Selectable((t + "##cell").c_str(), selected_ == index && selected_profile_ == profile)) Select(ctx, index, profile);
  ImGui::PopStyleColor();
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
    if (ImGui::CalcTextSize(t.c_str()).x > room) ImGui::TextColored(color, "%s", t.c_str());
    theme::TextMuted("%s: click for this profile's trace", mt::Profiles().entries()[profile].name);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

void MatcherView::DrawRow(ViewContext& ctx, Row& row, int index) {
  ImGui::PushID(index);
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  bool sel = selected_ == index;
  std::string lab = row.label + (row.diverges ? std::string(" ") + theme::kIconDiverge : std::string());
  if (index == -2 && EditStale()) lab += " ...";
  if (ImGui::Selectable(lab.c_str(), sel, ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowItemOverlap)) {
    Select(ctx, index, ProfileIndex(ctx));
    if (index == -2) editor_open_ = true;  // the edited request: show its editor
  }
  if (ImGui::IsItemHovered()) {
    if (index == -2 && EditStale()) ImGui::SetTooltip("evaluating the edited request (the cells show the previous outcome)");
    else if (row.diverges) ImGui::SetTooltip("%s the profiles disagree on this request", theme::kIconDiverge);
  }
  ImGui::TableNextColumn();
  ImGui::PushFont(theme::GetFonts().mono);
  theme::CellText(DescribeRequest(row.request));
  ImGui::PopFont();
  for (size_t i = 0; i < kNumProfiles; ++i) {
    ImGui::TableNextColumn();
    ImGui::PushID(static_cast<int>(i));
    DrawCell(ctx, row.evals[i], index, i);
    ImGui::PopID();
  }
  ImGui::PopID();
}

void MatcherView::DrawRequests(ViewContext& ctx) {
  ImGui::PushTextWrapPos(0);
  theme::TextMuted("%s actions  %s no match  %s skipped (keep_matching)  %s profiles differ.  Click a row for the "
                   "selected profile's trace, a cell for that profile's.",
                   theme::kIconOk, theme::kIconNoMatch, theme::kIconSkipped, theme::kIconDiverge);
  ImGui::PopTextWrapPos();
  // The table keeps room for its header and 8 one-line rows (and a sideways scrollbar); the
  // edited request's editor folds under it (open at first only when both fit).
  const ImGuiStyle& st = ImGui::GetStyle();
  const float row_h = ImGui::GetTextLineHeight() + st.CellPadding.y * 2;
  const float min_table = row_h * 9 + st.ScrollbarSize + st.ItemSpacing.y;
  const float header_h = ImGui::GetFrameHeightWithSpacing();
  const float editor_h = ImGui::GetTextLineHeightWithSpacing() * 5 + st.FramePadding.y * 2 + st.ItemSpacing.y;
  const float avail = ImGui::GetContentRegionAvail().y;
  if (!editor_decided_) {
    editor_open_ = avail - header_h - editor_h >= min_table;
    editor_decided_ = true;
  }
  const float h = std::max(min_table, avail - header_h - (editor_open_ ? editor_h : 0));
  if (theme::BeginTableMinWidth("##requests", static_cast<int>(2 + kNumProfiles), kTable | ImGuiTableFlags_ScrollY, 30, ImVec2(0, h))) {
    ImGui::TableSetupScrollFreeze(1, 1);
    ImGui::TableSetupColumn("Request", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 3.5f);
    ImGui::TableSetupColumn("Headers", ImGuiTableColumnFlags_WidthStretch, 1.2f);
    for (const auto& e : mt::Profiles().entries()) ImGui::TableSetupColumn(e.name, ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableHeadersRow();
    ImGuiListClipper clip;  // one-line rows: 100,000 requests stay fluid
    clip.Begin(static_cast<int>(rows_.size()) + 1);
    while (clip.Step())
      for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
        if (static_cast<size_t>(i) < rows_.size()) DrawRow(ctx, rows_[static_cast<size_t>(i)], i);
        else DrawRow(ctx, edit_, -2);
      }
    room_.Measure("requests", rows_.size() + 1);
    ImGui::EndTable();
  }
  ImGui::SetNextItemOpen(editor_open_, ImGuiCond_Always);
  editor_open_ = ImGui::CollapsingHeader("Edited request (the \"edit\" row)");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("One header per line, k=v; :path, :method and :authority too. Evaluated under every profile as you type.");
  if (editor_open_) DrawRequestEditor(ctx, 5, false);
}

void MatcherView::DrawRequestEditor(ViewContext& ctx, int lines, bool label) {
  if (label) ImGui::TextUnformatted("Edited request (one header per line, k=v; :path, :method, :authority too):");
  if (ImGui::InputTextMultiline("##edit", edit_buf_, sizeof edit_buf_,
                                ImVec2(-1, ImGui::GetTextLineHeightWithSpacing() * static_cast<float>(lines)))) {
    edited_ = true;
    edit_dirty_ = true;
    CelInputChanged();
  }
}

}  // namespace cfgi::gui::matcher_view
