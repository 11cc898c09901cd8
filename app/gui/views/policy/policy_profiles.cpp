// app/gui/views/policy/policy_profiles.cpp: a policy type's Profiles tab: where the profiles' results differ, one column
// each, with the comparison's upgrade notes (policy_view.h).
#include "app/gui/views/policy/policy_view.h"

namespace cfgi::gui::policy_view {

void PolicyView::DrawDiffs(size_t t) {
  std::vector<const Divergence*> diffs = comparison_->Under(TypePath(t));
  // The upgrade report's sentences about this type (Comparison::notes, policy_upgrade.cpp).
  for (const ComparisonNote& n : comparison_->notes)
    if (n.path.rfind(TypePath(t), 0) == 0) ImGui::TextWrapped("%s %s", theme::kIconDiverge, n.text.c_str());
  if (diffs.empty()) {
    ImGui::TextColored(theme::Pal().ok, "%s every profile agrees for this type: same items, same rules, same merged confs.",
                       theme::kIconOk);
    return;
  }
  const pol::TypeRules& tr = Primary().types[t];
  // One column per evaluated profile (the Kuma releases and the MADR), in the profile set's order.
  std::vector<std::string> names;
  for (const pol::PolicyResult* r : results_)
    if (r) names.push_back(pol::Profiles().Name(r->id));
  if (!ImGui::BeginTable("##diffs", static_cast<int>(names.size()) + 1, kTable | ImGuiTableFlags_ScrollX)) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  ImGui::TableSetupColumn("Differs", ImGuiTableColumnFlags_WidthStretch, 2);
  for (const std::string& n : names) ImGui::TableSetupColumn(n.c_str(), ImGuiTableColumnFlags_WidthStretch, 3);
  ImGui::TableHeadersRow();
  const size_t prefix = TypePath(t).size();
  ImGuiListClipper clip;
  clip.Begin(static_cast<int>(diffs.size()));
  while (clip.Step()) {
    for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
      const Divergence& d = *diffs[static_cast<size_t>(i)];
      std::string what = d.path.substr(prefix);
      // "/toResourceRules/3/conf/x" reads better with the rule's key.
      static constexpr std::string_view kRules = "/toResourceRules/";
      if (what.compare(0, kRules.size(), kRules) == 0) {
        size_t n = static_cast<size_t>(std::atoi(what.c_str() + kRules.size()));
        if (n < tr.to_rules.size()) what = std::string(tr.to_rules[n].key) + "  " + what;
      }
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextColored(theme::Pal().warning, "%s", theme::kIconDiverge);
      ImGui::SameLine();
      ImGui::TextWrapped("%s", what.c_str());
      ImGui::PushFont(theme::GetFonts().mono);
      for (const std::string& p : names) {
        ImGui::TableNextColumn();
        auto v = d.values.find(p);
        ImGui::TextWrapped("%s", v == d.values.end() ? "(none)" : Clip(texts_->Json(&*v), 400).c_str());
      }
      ImGui::PopFont();
    }
  }
  ImGui::EndTable();
}

}  // namespace cfgi::gui::policy_view
