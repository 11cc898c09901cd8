// app/gui/views/txt/txt_config.cpp: the Config tab's merged tree (txt_config.h).
#include "app/gui/views/txt/txt_config.h"

#include <algorithm>
#include <string>

#include <imgui.h>

#include "app/gui/theme.h"

namespace cfgi::gui::txt_config {

size_t DrawRows(const std::vector<txt::ConfigRow>& rows) {
  size_t drawn = 0;
  ImGui::PushFont(theme::GetFonts().mono);
  for (size_t k = 0; k < rows.size(); ++k) {
    const txt::ConfigRow& r = rows[k];
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::PushID(static_cast<int>(k));
    ++drawn;
    ImGui::SetCursorPosX(ImGui::GetCursorPosX() + ImGui::GetFontSize() * 1.2f * static_cast<float>(r.depth));
    bool open = true;
    if (r.container) {
      open = ImGui::TreeNodeEx("##c", ImGuiTreeNodeFlags_DefaultOpen | ImGuiTreeNodeFlags_NoTreePushOnOpen |
                                          ImGuiTreeNodeFlags_SpanAvailWidth, "%s", r.key.c_str());
    } else {
      ImGui::TextUnformatted(r.key.c_str());
    }
    // ⇄ where the profiles differ here, or (folded) somewhere below.
    if (r.differs || (!open && r.holds_difference)) {
      ImGui::SameLine();
      ImGui::TextColored(theme::Pal().warning, "%s", theme::kIconDiverge);
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip(r.differs ? "The profiles end with different values here." : "The profiles differ below.");
    }
    for (const txt::ConfigLine* l : r.per) {
      ImGui::TableNextColumn();
      if (!l) {
        theme::TextMuted("-");
        continue;
      }
      if (l->container) {
        theme::TextMuted("%s", l->summary.c_str());
        continue;
      }
      const ImVec4 c = r.differs ? theme::Pal().warning
                       : !l->value.empty() && l->value[0] == '"' ? theme::Pal().ok
                                                                 : theme::Pal().accent;
      theme::CellText(l->value, &c);
    }
    ImGui::PopID();
    if (!open) k += static_cast<size_t>(r.children);
  }
  ImGui::PopFont();
  return drawn;
}

float MinWidthEm(const std::vector<txt::ConfigRow>& rows) {
  ImGui::PushFont(theme::GetFonts().mono);
  const float em = ImGui::GetFontSize();
  const ImGuiStyle& st = ImGui::GetStyle();
  float field = ImGui::CalcTextSize("outcome").x;
  std::vector<float> cols;
  for (const txt::ConfigRow& r : rows) {
    // The indent, the tree arrow and the ⇄ mark beside the key.
    field = std::max(field, em * 1.2f * static_cast<float>(r.depth) + em * 2.6f + ImGui::CalcTextSize(r.key.c_str()).x);
    cols.resize(std::max(cols.size(), r.per.size()), ImGui::CalcTextSize("choice 00").x);
    for (size_t t = 0; t < r.per.size(); ++t)
      if (r.per[t]) cols[t] = std::max(cols[t], ImGui::CalcTextSize((r.per[t]->container ? r.per[t]->summary : r.per[t]->value).c_str()).x);
  }
  ImGui::PopFont();
  float w = field + st.CellPadding.x * 2;
  for (float c : cols) w += c + st.CellPadding.x * 2 + st.ItemSpacing.x;
  return std::min(160.0f, w / ImGui::GetFontSize());
}

size_t CountDiffering(const std::vector<txt::ConfigRow>& rows) {
  size_t n = 0;
  for (const txt::ConfigRow& r : rows) n += r.differs ? 1 : 0;
  return n;
}

}  // namespace cfgi::gui::txt_config
