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

void MatcherView::DrawCell(ViewContext& ctx, std::string_view place, const Eval& ev, int index, size_t profile) {
  if (!ev.result) {
    theme::TextMuted("evaluating...");
    return;
  }
  ImVec4 color;
  const std::string t = CellLine(*ev.result, &color);
  const float room = ImGui::GetContentRegionAvail().x;
  ImGui::PushStyleColor(ImGuiCol_Text, color);
  const Pick picked = Picked(place);
  if (ImGui::Selectable((t + "##cell").c_str(), picked.index == index && picked.profile == profile)) Select(ctx, place, index, profile);
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

void MatcherView::DrawRow(ViewContext& ctx, std::string_view place, Row& row, int index) {
  ImGui::PushID(index);
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  const bool sel = Picked(place).index == index;
  if (sel) highlighted_ = RowText(row);
  std::string lab = row.label + (row.diverges ? std::string(" ") + theme::kIconDiverge : std::string());
  if (index == -2 && EditStale()) lab += " ...";
  if (ImGui::Selectable(lab.c_str(), sel, ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowItemOverlap)) {
    Select(ctx, place, index, ProfileIndex(ctx));
    if (index == -2) editor_open_ = true;  // the edited request: show its editor
  }
  if (ImGui::IsItemHovered()) {
    if (index == -2 && EditStale()) ImGui::SetTooltip("evaluating the edited request (the cells show the previous outcome)");
    else if (row.diverges) ImGui::SetTooltip("%s the profiles disagree on this request", theme::kIconDiverge);
  }
  ImGui::TableNextColumn();
  ImGui::PushFont(theme::GetFonts().mono);
  theme::CellText(row.text);
  ImGui::PopFont();
  for (size_t i = 0; i < kNumProfiles; ++i) {
    ImGui::TableNextColumn();
    ImGui::PushID(static_cast<int>(i));
    DrawCell(ctx, place, row.evals[i], index, i);
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
  // Columns as wide as their headers at least (BeginTableFit: sideways scroll below that); sortable
  // by any column (the edited request stays last); right click: Copy as text.
  std::vector<theme::FitColumn> cols = {{"Request", ImGuiTableColumnFlags_WidthFixed | ImGuiTableColumnFlags_DefaultSort, 0},
                                        {"Headers", 0, 1.2f}};
  for (const auto& e : mt::Profiles().entries()) cols.push_back({e.name, 0, 1.0f});
  if (theme::BeginTableFit("##requests", cols, kTable | ImGuiTableFlags_ScrollY | ImGuiTableFlags_Sortable, ImVec2(0, h), 30)) {
    ImGui::TableSetupScrollFreeze(1, 1);
    order_.Update(rows_.size(), [this](size_t a, size_t b, int column) { return CompareRows(a, b, column); });
    ImGui::TableHeadersRow();
    ImGuiListClipper clip;  // one-line rows: 100,000 requests stay fluid
    clip.Begin(static_cast<int>(rows_.size()) + 1);
    const std::vector<size_t>& order = order_.order();
    while (clip.Step())
      for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
        if (static_cast<size_t>(i) < order.size()) DrawRow(ctx, "tab/0", rows_[order[static_cast<size_t>(i)]], static_cast<int>(order[static_cast<size_t>(i)]));
        else DrawRow(ctx, "tab/0", edit_, -2);
      }
    room_.Measure("requests", rows_.size() + 1);
    if (theme::TableCopyMenu(ctx.selected_explanation()) || copy_request_) ImGui::SetClipboardText(RequestsText().c_str());
    copy_request_ = false;
    ImGui::EndTable();
  }
  ImGui::SetNextItemOpen(editor_open_, ImGuiCond_Always);
  editor_open_ = ImGui::CollapsingHeader("Edited request (the \"edit\" row)");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("One header per line, k=v; :path, :method and :authority too. Evaluated under every profile as you type.");
  if (editor_open_) DrawRequestEditor(ctx, 5, false);
}

int MatcherView::CompareRows(size_t a, size_t b, int column) const {
  const Row& x = rows_[a];
  const Row& y = rows_[b];
  if (column == 0) return TableOrder::Cmp(a, b);
  if (column == 1) return TableOrder::Cmp(x.text, y.text);
  const size_t p = static_cast<size_t>(column - 2);
  if (p >= kNumProfiles || !x.evals[p].result || !y.evals[p].result) return 0;
  const mt::Result& rx = *x.evals[p].result;
  const mt::Result& ry = *y.evals[p].result;
  // Matched first, then by the actions' names in the order they were added.
  if (int c = TableOrder::Cmp(!rx.matched, !ry.matched)) return c;
  auto names = [](const mt::Result& r) {
    std::vector<std::string> n;
    for (const mt::Action* act : r.actions) n.push_back(act ? act->name : std::string());
    return n;
  };
  return TableOrder::Cmp(names(rx), names(ry));
}

std::string MatcherView::RequestsText() const {
  std::vector<std::string> header = {"Request", "Headers"};
  for (const auto& e : mt::Profiles().entries()) header.push_back(e.name);
  std::vector<std::vector<std::string>> rows;
  auto add = [&rows](const Row& r) {
    std::vector<std::string> cells = {r.label, r.text};
    ImVec4 color;
    for (size_t i = 0; i < kNumProfiles; ++i) cells.push_back(r.evals[i].result ? CellLine(*r.evals[i].result, &color) : "evaluating...");
    rows.push_back(std::move(cells));
  };
  for (size_t i : order_.order())
    if (i < rows_.size()) add(rows_[i]);
  add(edit_);
  return theme::TableText(header, rows);
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
