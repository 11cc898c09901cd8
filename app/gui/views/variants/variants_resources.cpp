// The variants view's Resources tab: the resource list and, per resource, its variants
// (compact constraints, key set, content) with the engine's key-set and overlap findings.
#include "app/gui/views/variants/variants_view.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "app/gui/theme.h"

namespace cfgi::gui::variants_view {

// ---- tabs ----
void VariantsView::DrawResources(ViewContext& ctx) {
  float list_w = ImGui::GetFontSize() * 11;
  ImGui::BeginChild("##reslist", ImVec2(list_w, 0), true);
  ImGuiListClipper clip;
  clip.Begin(static_cast<int>(resources_.size()));
  while (clip.Step()) {
    for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
      const ResourceInfo& info = resources_[static_cast<size_t>(i)];
      char buf[512];
      std::snprintf(buf, sizeof buf, "%s%s  (%zu)##r%d", info.findings->overlaps.empty() ? "" : "⚠ ", ShortName(info.r->name).c_str(),
                    info.r->variants.size(), i);
      if (ImGui::Selectable(buf, selected_resource_ == static_cast<size_t>(i))) {
        selected_resource_ = static_cast<size_t>(i);
        ExplainResource(ctx, selected_resource_);
      }
      if (ShortName(info.r->name) != info.r->name) ShortNameHover(info.r->name);  // a long xdstp:// name
      else theme::TooltipIfClipped(buf, ImGui::GetItemRectSize().x);
    }
  }
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("##resdetail", ImVec2(0, 0), false);
  if (resources_.empty()) {
    theme::TextMuted("No resources.");
    ImGui::EndChild();
    return;
  }
  ResourceInfo& info = resources_[selected_resource_];
  ImGui::PushFont(theme::GetFonts().bold);
  ImGui::TextUnformatted(ShortName(info.r->name).c_str());  // an xdstp:// name: its last segment
  ImGui::PopFont();
  ShortNameHover(info.r->name);
  ImGui::SameLine();
  theme::TextMuted("%zu variant%s, keys %s", info.r->variants.size(), info.r->variants.size() == 1 ? "" : "s",
                   info.keys.c_str());
  if (!info.consistent && info.r->variants.size() > 1) {
    ImGui::TextColored(theme::Pal().warning, "%s variants constrain different key sets: add ¬exists(key) to the "
                       "variants that leave a key out", theme::kIconWarning);
  }
  if (!info.findings->overlaps.empty())
    ImGui::TextColored(theme::Pal().error, "%s %zu overlapping pair%s (Findings tab)", theme::kIconWarning,
                       info.findings->overlaps.size(), info.findings->overlaps.size() == 1 ? "" : "s");
  ImGuiTableFlags tf = ImGuiTableFlags_BordersV | ImGuiTableFlags_BordersOuterH | ImGuiTableFlags_Resizable |
                       ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY;
  if (theme::BeginTableMinWidth("##variants", 4, tf, 26)) {
    ImGui::TableSetupScrollFreeze(0, 1);
    // Wide enough for the longest id (labels such as "prod-canary"), at most 12 em.
    const float id_w = std::min(12.0f, 1.0f + 0.55f * static_cast<float>(info.id_chars));
    ImGui::TableSetupColumn("Id", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * std::max(3.0f, id_w));
    ImGui::TableSetupColumn("Constraints", ImGuiTableColumnFlags_WidthStretch, 4);
    ImGui::TableSetupColumn("Key set", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 7);
    ImGui::TableSetupColumn("Content", ImGuiTableColumnFlags_WidthStretch, 2);
    ImGui::TableHeadersRow();
    ImGuiListClipper clip2;
    clip2.Begin(static_cast<int>(info.rows.size()));
    while (clip2.Step()) {
      for (int i = clip2.DisplayStart; i < clip2.DisplayEnd; ++i) {
        const VariantRow& row = info.rows[static_cast<size_t>(i)];
        const v::Variant& var = info.r->variants[static_cast<size_t>(i)];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::PushID(i);
        const std::string row_id = "res:" + std::to_string(selected_resource_) + ":" + std::to_string(i);
        if (ImGui::Selectable(row.id.c_str(), sel_.Row("resources") == row_id, ImGuiSelectableFlags_SpanAllColumns)) {
          ExplainResource(ctx, selected_resource_, i);
          ctx.JumpTo(var.source ? var.source->name() : "", var.range);
        }
        // The row clips long constraints and content: hovering it shows them whole.
        if (ImGui::IsItemHovered())
          ImGui::SetTooltip("variant %s\n%s\nkeys %s%s%s", row.id.c_str(), row.constraint.c_str(), row.keys.c_str(),
                            row.content.empty() ? "" : "\n", row.content.c_str());
        ImGui::PopID();
        ImGui::TableNextColumn();
        ImGui::PushFont(theme::GetFonts().mono);
        ImGui::TextUnformatted(row.constraint.c_str());
        ImGui::PopFont();
        ImGui::TableNextColumn();
        if (row.keys != info.keys && info.r->variants.size() > 1)
          ImGui::TextColored(theme::Pal().warning, "%s %s", theme::kIconWarning, row.keys.c_str());
        else
          ImGui::TextUnformatted(row.keys.c_str());
        ImGui::TableNextColumn();
        theme::TextMuted("%s", row.content.c_str());
      }
    }
    room_.Measure("variants", info.rows.size());
    ImGui::EndTable();
  }
  ImGui::EndChild();
}

}  // namespace cfgi::gui::variants_view
