// app/gui/views/txt/txt_profiles.cpp: the txt view's Profiles and Config tabs: the one comparison, the config tree per profile (txt_view.h).
#include "app/gui/views/txt/txt_view.h"

namespace cfgi::gui::txt_view {

void TxtView::DrawDivergences(ViewContext& ctx) {
  theme::TextMuted(client_edited_ ? "For the edited client." : "For the scenario's client (as `eval --profile all` prints it).");
  DrawComparison("##div", ctx.document(), *comparison_, comparison_->AnswersUnder(""));
}

void TxtView::DrawConfig(ViewContext& ctx) {
  const size_t differ = txt_config::CountDiffering(config_rows_);
  theme::TextMuted("%s %s", client_edited_ ? "What the edited client ends up with, per profile." : "What the scenario's client ends up with, per profile.",
                   differ == 0 ? "" : (std::string(theme::kIconDiverge) + " " + std::to_string(differ) + (differ == 1 ? " value differs." : " values differ.")).c_str());
  const int n = static_cast<int>(tx::Profiles().size());
  if (config_min_em_ < 0) config_min_em_ = txt_config::MinWidthEm(config_rows_);
  // Below the width its keys and values need, the table scrolls sideways instead of cutting them.
  if (!theme::BeginTableMinWidth("##config", n + 1, ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_Resizable | ImGuiTableFlags_ScrollY |
                                                    ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp,
                                 config_min_em_))
    return;
  ImGui::TableSetupScrollFreeze(1, 1);
  ImGui::TableSetupColumn("Field", ImGuiTableColumnFlags_WidthStretch, 1.6f);
  for (const auto& e : tx::Profiles().entries()) ImGui::TableSetupColumn(e.name, ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableHeadersRow();
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  theme::TextMuted("outcome");
  const Pick picked = Picked("tab/6");
  for (size_t i = 0; i < tx::Profiles().size(); ++i) {
    ImGui::TableNextColumn();
    ImGui::PushID(static_cast<int>(i));
    const tx::Evaluation& ev = results_[i]->evaluation;
    const std::string head = OutcomeLine(ev);
    ImGui::PushStyleColor(ImGuiCol_Text, ev.error ? theme::Pal().error : ev.choice ? theme::Pal().ok : theme::Pal().warning);
    if (picked.profile == i && picked.choice == -1) highlighted_ = PickText(-1, i);
    if (ImGui::Selectable(head.c_str(), picked.profile == i && picked.choice == -1)) SelectChoice(ctx, "tab/6", -1, i, false);
    ImGui::PopStyleColor();
    theme::TooltipIfClipped(head.c_str(), ImGui::GetColumnWidth());
    ImGui::PopID();
  }
  txt_config::DrawRows(config_rows_);
  room_.Measure("config", config_rows_.size() + 1);
  ImGui::EndTable();
}

std::string TxtView::OutcomeLine(const tx::Evaluation& ev) {
  if (!ev.by_language.empty()) return std::string(theme::kIconSkipped) + " depends on the language (see Choices)";
  if (ev.error) return std::string(theme::kIconError) + " error: " + *ev.error;
  if (ev.choice) return std::string(theme::kIconOk) + " choice " + std::to_string(*ev.choice);
  return std::string(theme::kIconNoMatch) + " no service config";
}

void TxtView::BuildConfigLines() {
  std::vector<const std::vector<tx::ConfigLine>*> trees;
  for (size_t i = 0; i < tx::Profiles().size(); ++i) {
    config_[i] = results_[i] ? results_[i]->evaluation.service_config_lines : nullptr;
    trees.push_back(config_[i].get());
  }
  config_rows_ = tx::MergeConfigTrees(trees);
  config_min_em_ = -1;  // measured again at the next draw
}

}  // namespace cfgi::gui::txt_view
