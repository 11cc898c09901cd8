// app/gui/views/matcher/matcher_profiles.cpp: the Profiles tab: the requests whose results differ between the profiles (matcher_view.h).
#include "app/gui/views/matcher/matcher_view.h"

namespace cfgi::gui::matcher_view {

void MatcherView::DrawDivergences(ViewContext& ctx) {
  theme::TextMuted("Requests whose actions or match differ between profiles (%zu differing answers, the badge's count). "
                   "Click for the trace.", ctx.document().comparison().size());
  if (edit_.diverges)
    ImGui::TextColored(theme::Pal().warning, "%s The edited request's outcome differs too (its row is the last; not "
                       "in the scenario, so not in the count).", theme::kIconDiverge);
  const std::vector<const DifferingAnswer*>& rest = other_answers_;
  if (!rest.empty()) {
    // Sized to its rows (at most 8), so the requests below stay in view.
    const float h = ImGui::GetTextLineHeightWithSpacing() * static_cast<float>(std::min<size_t>(rest.size(), 8) + 3);
    ImGui::BeginChild("##div-rest", ImVec2(0, h));
    DrawComparison("##div-rest-table", ctx.document(), ctx.document().comparison(), rest);
    ImGui::EndChild();
  }
  if (!theme::BeginTableMinWidth("##div", static_cast<int>(2 + kNumProfiles), kTable | ImGuiTableFlags_ScrollY, 42)) return;
  ImGui::TableSetupColumn("Request", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 4);
  ImGui::TableSetupColumn("Headers", ImGuiTableColumnFlags_WidthStretch, 1.2f);
  for (const auto& e : mt::Profiles().entries()) ImGui::TableSetupColumn(e.name, ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableHeadersRow();
  int shown = 0;
  for (size_t i = 0; i < rows_.size(); ++i)
    if (rows_[i].diverges) {
      DrawRow(ctx, "tab/2", rows_[i], static_cast<int>(i));
      ++shown;
    }
  if (edit_.diverges) {
    DrawRow(ctx, "tab/2", edit_, -2);
    ++shown;
  }
  room_.Measure("profiles", static_cast<size_t>(shown));
  ImGui::EndTable();
  if (!shown) ImGui::TextColored(theme::Pal().ok, "%s all profiles agree on every request", theme::kIconOk);
}

}  // namespace cfgi::gui::matcher_view
