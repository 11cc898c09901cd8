// The variants view's Findings tab: overlaps (ambiguity) and coverage gaps per resource, each
// with a witness that "+ subscribe" adds as a subscription.
#include "app/gui/views/variants/variants_view.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "app/gui/theme.h"

namespace cfgi::gui::variants_view {

void VariantsView::DrawFindings(ViewContext& ctx) {
  theme::TextMuted("Click \"+ subscribe\" to add a witness as a subscription (Subscriptions tab).");
  ImGuiTableFlags tf = ImGuiTableFlags_BordersV | ImGuiTableFlags_BordersOuterH | ImGuiTableFlags_Resizable |
                       ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY;
  if (!theme::BeginTableMinWidth("##findings", 5, tf, 44)) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("Kind", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 7);
  ImGui::TableSetupColumn("Resource", ImGuiTableColumnFlags_WidthStretch, 1);
  ImGui::TableSetupColumn("Finding", ImGuiTableColumnFlags_WidthStretch, 3);
  ImGui::TableSetupColumn("Witness", ImGuiTableColumnFlags_WidthStretch, 2);
  ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 6);
  ImGui::TableHeadersRow();
  int id = 0;
  size_t n = 0;  // the finding's number in the table's order (ExplainFinding)
  std::vector<std::pair<v::Params, std::string>> to_add;
  // A click on a row's resource explains the finding and shows its variant in the source.
  auto finding_cell = [&](const v::ResourceVariants& r, const v::Variant* at) {
    ImGui::PushID(id++);
    const std::string row = "finding:" + std::to_string(n);
    if (ImGui::Selectable(ShortName(r.name).c_str(), sel_.Row("findings") == row,
                          ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowItemOverlap)) {
      ExplainFinding(ctx, n);
      if (at) ctx.JumpTo(at->source ? at->source->name() : "", at->range);
    }
    ShortNameHover(r.name);
    ImGui::PopID();
    ++n;
  };
  auto witness_cells = [&](const v::Params& w, const std::string& res) {
    ImGui::TableNextColumn();
    ImGui::PushFont(theme::GetFonts().mono);
    ImGui::TextUnformatted(v::RenderParams(w).c_str());
    ImGui::PopFont();
    ImGui::TableNextColumn();
    ImGui::PushID(id++);
    if (ImGui::SmallButton("+ subscribe")) to_add.emplace_back(w, res);
    ImGui::PopID();
  };
  for (ResourceInfo& info : resources_) {
    for (const v::OverlapFinding& f : info.findings->overlaps) {
      const v::Variant& a = info.r->variants[f.a];
      const v::Variant& b = info.r->variants[f.b];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextColored(theme::Pal().error, "%s overlap", theme::kIconWarning);
      ImGui::TableNextColumn();
      finding_cell(*info.r, &b);
      ImGui::TableNextColumn();
      ImGui::TextWrapped("variants %s and %s both match: %s  and  %s", a.IdText().c_str(), b.IdText().c_str(),
                         Displayable(v::Render(a.constraint)).c_str(), Displayable(v::Render(b.constraint)).c_str());
      witness_cells(f.witness, info.r->name);
    }
  }
  // Coverage: the engine's, per resource.
  for (ResourceInfo& info : resources_) {
    const v::GapReport& cov = info.findings->coverage;
    for (const v::GapRegion& reg : cov.regions) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextColored(theme::Pal().warning, "%s uncovered", theme::kIconNoMatch);
      ImGui::TableNextColumn();
      finding_cell(*info.r, info.r->variants.empty() ? nullptr : &info.r->variants[0]);
      ImGui::TableNextColumn();
      if (cov.by_search)
        ImGui::TextWrapped("no variant matches %s", Displayable(reg.text).c_str());
      else
        ImGui::TextWrapped("no variant matches %s  (%llu of %llu combinations)", Displayable(reg.text).c_str(),
                           static_cast<unsigned long long>(reg.count), static_cast<unsigned long long>(cov.total));
      witness_cells(reg.witness, info.r->name);
    }
    if (cov.truncated) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(info.r->name.c_str());
      ImGui::TableNextColumn();
      theme::TextMuted("more uncovered regions not listed");
    }
  }
  room_.Measure("findings", overlap_count_ + gap_count_);
  ImGui::EndTable();
  for (auto& [p, res] : to_add) AddSubscription("witness", std::move(p), {res});
}

}  // namespace cfgi::gui::variants_view
