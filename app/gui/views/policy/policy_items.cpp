// app/gui/views/policy/policy_items.cpp: a policy type's Items tab (the sorted items, every sort key a column) and
// Selection tab (every policy of the type and what it selects) (policy_view.h).
#include "app/gui/views/policy/policy_view.h"

namespace cfgi::gui::policy_view {

void PolicyView::SortKeyCells(const pol::Item& it, bool madr, bool specificity) {
  ImGui::TableNextColumn();
  ImGui::Text("%s (%d)", it.top_kind.c_str(), it.top_kind_order);
  if (!madr) {
    if (specificity) {
      ImGui::TableNextColumn();
      ImGui::Text("%d", it.dataplane_specificity);
    }
    ImGui::TableNextColumn();
    // No kuma.io/origin label (a standalone control plane's own policy): "-", said on hover.
    ImGui::Text("%s (%d)", it.origin.empty() ? "-" : it.origin.c_str(), it.origin_order);
    if (it.origin.empty() && ImGui::IsItemHovered())
      ImGui::SetTooltip("no kuma.io/origin label: sorted as Kuma sorts an unlabelled policy (order %d)", it.origin_order);
    ImGui::TableNextColumn();
    ImGui::Text("%s (%d)", it.role.c_str(), it.role_order);
  }
  ImGui::TableNextColumn();
  ImGui::Text("%s (%d)", it.item_kind.empty() ? "-" : it.item_kind.c_str(), it.item_kind_order);
  if (!madr) {
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(it.has_section ? "yes" : "no");
  }
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(it.name.c_str());
}

void PolicyView::DrawItems(ViewContext& ctx, const pol::TypeRules& tr) {
  theme::TextMuted("Sorted by the %s profile's keys, left to right; merged in this order, later items win.",
                   pol::Profiles().Name(primary_));
  const bool madr = primary_ == pol::Profile::kMadr;
  const int ncols = madr ? 6 : 12;
  if (!ImGui::BeginTable("##items", ncols, kTable | ImGuiTableFlags_ScrollX)) return;
  ImGui::TableSetupScrollFreeze(2, 1);
  ImGui::TableSetupColumn("Rank", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn("Policy item", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn("1 top kind", ImGuiTableColumnFlags_WidthFixed);
  if (!madr) {
    ImGui::TableSetupColumn("2 DP specificity", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("3 origin", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("4 role", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("5 to[] kind", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("6 section", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("7 name (desc)", ImGuiTableColumnFlags_WidthFixed);
  } else {
    ImGui::TableSetupColumn("2 to[] kind", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("3 name", ImGuiTableColumnFlags_WidthFixed);
  }
  ImGui::TableSetupColumn("Inbound", ImGuiTableColumnFlags_WidthFixed);
  if (!madr) {
    ImGui::TableSetupColumn("Target", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("Conf", ImGuiTableColumnFlags_WidthFixed);  // fits its text: the table scrolls sideways
  }
  ImGui::TableHeadersRow();
  std::vector<const pol::Item*> items;
  items.reserve(tr.to_items.size() + tr.from_items.size());
  for (const auto& it : tr.to_items) items.push_back(&it);
  for (const auto& it : tr.from_items) items.push_back(&it);
  ImGuiListClipper clip;
  clip.Begin(static_cast<int>(items.size()));
  while (clip.Step()) {
    for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
      const pol::Item& it = *items[static_cast<size_t>(i)];
      ImGui::PushID(i);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      char rank[32];
      std::snprintf(rank, sizeof rank, "%zu", it.rank);
      if (ImGui::Selectable(rank, false, ImGuiSelectableFlags_SpanAllColumns) && it.entry)
        ctx.JumpTo(it.entry->loc.file, it.entry->loc.range);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(ItemLabel(&it).c_str());
      SortKeyCells(it, madr, true);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(it.inbound.empty() ? "-" : it.inbound.c_str());
      if (!madr) {
        ImGui::TableNextColumn();
        const pol::TargetRef& t = it.entry ? it.entry->target_ref : pol::TargetRef{};
        ImGui::Text("%s %s%s%s", t.kind.c_str(), t.name.c_str(), t.section_name.empty() ? "" : ":",
                    t.section_name.c_str());
        ImGui::TableNextColumn();
        ImGui::PushFont(theme::GetFonts().mono);
        ImGui::TextUnformatted(it.entry ? Clip(texts_->Json(&it.entry->conf), 120).c_str() : "");
        ImGui::PopFont();
      }
      ImGui::PopID();
    }
  }
  room_.Measure("items", items.size());
  ImGui::EndTable();
}

void PolicyView::DrawSelections(ViewContext& ctx, const pol::TypeRules& tr) {
  const std::vector<theme::FitColumn> cols = {{"Policy", 0, 2}, {"Selects this dataplane", ImGuiTableColumnFlags_WidthFixed, 0},
                                              {"Why", 0, 4}};
  if (!theme::BeginTableFit("##sel", cols, kTable)) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableHeadersRow();
  ImGuiListClipper clip;
  clip.Begin(static_cast<int>(tr.selections.size()));
  while (clip.Step()) {
    for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
      const pol::PolicySelection& s = tr.selections[static_cast<size_t>(i)];
      ImGui::PushID(i);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      if (ImGui::Selectable(s.policy ? s.policy->meta.DisplayName().c_str() : "?", false,
                            ImGuiSelectableFlags_SpanAllColumns) && s.policy)
        ctx.JumpTo(s.policy->meta.loc.file, s.policy->meta.loc.range);
      ImGui::TableNextColumn();
      if (s.selected)
        ImGui::TextColored(theme::Pal().ok, "%s yes", theme::kIconOk);
      else
        ImGui::TextColored(theme::Pal().muted, "%s no", theme::kIconNoMatch);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(s.reason.c_str());
      ImGui::PopID();
    }
  }
  room_.Measure("selection", tr.selections.size());
  ImGui::EndTable();
}

}  // namespace cfgi::gui::policy_view
