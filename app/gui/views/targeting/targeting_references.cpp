// app/gui/views/targeting/targeting_references.cpp: the targeting view's References table (sortable, folded when narrow, copied as text) (targeting_view.h).
#include "app/gui/views/targeting/targeting_view.h"

namespace cfgi::gui::targeting_view {

int TargetingView::CompareRefs(size_t a, size_t b, int column) const {
  const tg::ResolvedReference& x = res_->references[a];
  const tg::ResolvedReference& y = res_->references[b];
  switch (column) {
    case 0: return TableOrder::Cmp(x.component->name, y.component->name);
    case 1: return TableOrder::Cmp(x.instance, y.instance);
    case 2: return TableOrder::Cmp(x.reference->name, y.reference->name);
    case 3: return TableOrder::Cmp(static_cast<int>(x.method), static_cast<int>(y.method));
    case 4: return TableOrder::Cmp(x.target, y.target);
    case 5: return TableOrder::Cmp(x.effective_filter, y.effective_filter);
    case 6: return TableOrder::Cmp(std::make_pair(x.satisfied, x.matching.size()), std::make_pair(y.satisfied, y.matching.size()));
    case 7: return TableOrder::Cmp(std::make_pair(x.error.has_value(), x.error_code), std::make_pair(y.error.has_value(), y.error_code));
    default: return 0;
  }
}

std::vector<std::string> TargetingView::RefCells(const tg::ResolvedReference& rr) {
  const std::string before = rr.target_before ? *rr.target_before : "(none)";
  const std::string after = rr.target ? *rr.target : (rr.error ? "(error)" : "(none)");
  std::string bound = "-";
  if (rr.satisfied) bound = *rr.satisfied ? std::string(theme::kIconOk) + " " + std::to_string(rr.matching.size()) + " svc"
                                          : std::string(theme::kIconNoMatch) + " unsatisfied";
  return {rr.component->name,
          rr.instance + (rr.factory_instance ? "" : " (not a factory)"),
          rr.reference->name,
          tg::MethodName(rr.method),
          before == after ? before + " (unchanged)" : before + " -> " + after,
          rr.effective_filter ? *rr.effective_filter : "-",
          bound,
          rr.error ? std::string(theme::kIconError) + " " + rr.error_code + " " + *rr.error : std::string()};
}

std::string TargetingView::ReferencesText() const {
  std::vector<std::vector<std::string>> rows;
  for (size_t i : order_.order()) rows.push_back(RefCells(res_->references[i]));
  return theme::TableText(kRefColumns, rows);
}

void TargetingView::DrawReferences(ViewContext& ctx) {
  int errors = 0;
  for (const auto& rr : res_->references) errors += rr.error ? 1 : 0;
  ImGui::Text("References: %zu", res_->references.size());
  ImGui::SameLine();
  if (errors)
    ImGui::TextColored(theme::Pal().error, "%s %d error%s", theme::kIconError, errors, errors == 1 ? "" : "s");
  else
    ImGui::TextColored(theme::Pal().ok, "%s no errors", theme::kIconOk);
  // Narrower than the whole table, columns the selected row's Explanation also shows fold away
  // so the answer's columns stay in view without a sideways scroll: under kReferencesFullEm
  // Instance, Method and the target's before/after (the effective filter stays); under
  // kReferencesMidEm the effective filter too (the Explanation wraps it between its parts), so
  // Component, Reference, Bound and Error remain. A header's right click shows them again; only
  // a change of width class changes them (a user's choice then stays).
  const float room = ImGui::GetContentRegionAvail().x / ImGui::GetFontSize();
  const int fold = room >= kReferencesFullEm ? 0 : room >= kReferencesMidEm ? 1 : 2;
  if (fold) {
    ImGui::SameLine();
    theme::TextMuted("(%d columns folded: right-click a header)", fold == 1 ? 3 : 4);
  }
  const bool f1 = fold >= 1, f2 = fold >= 2;
  const std::vector<theme::FitColumn> cols = {
      {"Component", 0, 1.2f}, {"Instance", 0, 1.4f, f1}, {"Reference", 0, f1 ? 1.2f : 0.7f},
      {"Method", 0, 0.7f, f1}, {"Target before -> after", 0, 2.0f, f1}, {"Effective filter", 0, 2.0f, f2},
      {"Bound", 0, f1 ? 1.0f : 0.7f}, {"Error", 0, f1 ? 1.0f : 1.5f}};
  // Unsorted until a header is clicked (SortTristate): the resolution's order first.
  if (!theme::BeginTableFit("##refs", cols, kTable | ImGuiTableFlags_Sortable | ImGuiTableFlags_SortTristate | ImGuiTableFlags_Hideable,
                            ImVec2(0, 0), fold == 0 ? kReferencesFullEm : fold == 1 ? kReferencesMidEm : kReferencesCompactEm))
    return;
  if (fold != refs_fold_) {
    refs_fold_ = fold;
    for (int c : {1, 3, 4}) ImGui::TableSetColumnEnabled(c, !f1);
    ImGui::TableSetColumnEnabled(5, !f2);
  }
  ImGui::TableSetupScrollFreeze(0, 1);
  order_.Update(res_->references.size(), [this](size_t a, size_t b, int column) { return CompareRefs(a, b, column); });
  ImGui::TableHeadersRow();
  for (size_t i : order_.order()) {
    const tg::ResolvedReference& rr = res_->references[i];
    ImGui::PushID(static_cast<int>(i));
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    bool sel = sel_ref_ == static_cast<int>(i);
    if (sel) highlighted_ref_ = RefText(rr);
    // Components of one namespace differ at their end: a narrow column shows the end
    // ("…ServiceAImpl3"), the whole name on hover.
    const float room = ImGui::GetContentRegionAvail().x;
    const std::string shown = theme::ElideFront(rr.component->name, room, [](std::string_view t) {
                                return ImGui::CalcTextSize(t.data(), t.data() + t.size()).x;
                              }) + "##ref";
    if (ImGui::Selectable(shown.c_str(), sel, ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowItemOverlap)) {
      sel_ref_ = static_cast<int>(i);
      DefaultService();
      sel_.Select(ctx, kPlace, RefStep(rr), RefId(static_cast<int>(i)), RefText(rr));
      ctx.JumpTo(rr.reference->file, rr.reference->range);
    }
    theme::TooltipIfClipped(rr.component->name.c_str(), room);
    ImGui::TableNextColumn();
    theme::CellText(rr.instance + (rr.factory_instance ? "" : " (not a factory)"));
    ImGui::TableNextColumn();
    theme::CellText(rr.reference->name);
    ImGui::TableNextColumn();
    ImVec4 mc = rr.method == tg::Method::kManifest ? theme::Pal().muted : theme::Pal().accent;
    theme::CellText(tg::MethodName(rr.method), &mc);
    ImGui::TableNextColumn();
    std::string before = rr.target_before ? *rr.target_before : "(none)";
    std::string after = rr.target ? *rr.target : (rr.error ? "(error)" : "(none)");
    ImGui::PushFont(theme::GetFonts().mono);
    if (before == after)
      ImGui::Text("%s (unchanged)", before.c_str());
    else
      ImGui::Text("%s -> %s", before.c_str(), after.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("before: %s\nafter:  %s", before.c_str(), after.c_str());
    for (const tg::Substitution& s : rr.substitutions) {
      if (s.injected)
        ImGui::TextColored(theme::Pal().warning, "%s {{%s}} injects filter syntax; escaped: %s", theme::kIconWarning,
                           s.key.c_str(), s.escaped.c_str());
    }
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(rr.effective_filter ? rr.effective_filter->c_str() : "-");
    if (rr.effective_filter && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", rr.effective_filter->c_str());
    ImGui::PopFont();
    ImGui::TableNextColumn();
    if (rr.satisfied) {
      if (*rr.satisfied)
        ImGui::TextColored(theme::Pal().ok, "%s %zu svc", theme::kIconOk, rr.matching.size());
      else
        ImGui::TextColored(theme::Pal().warning, "%s unsatisfied", theme::kIconNoMatch);
    } else {
      theme::TextMuted("-");
    }
    ImGui::TableNextColumn();
    if (rr.error) {
      ImGui::PushStyleColor(ImGuiCol_Text, theme::Pal().error);
      ImGui::Text("%s %s %s", theme::kIconError, rr.error_code.c_str(), rr.error->c_str());
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", rr.error->c_str());
      ImGui::PopStyleColor();
    }
    ImGui::PopID();
  }
  room_.Measure("references", res_->references.size());
  if (theme::TableCopyMenu(ctx.selected_explanation()) || copy_request_) ImGui::SetClipboardText(ReferencesText().c_str());
  copy_request_ = false;
  ImGui::EndTable();
}

}  // namespace cfgi::gui::targeting_view
