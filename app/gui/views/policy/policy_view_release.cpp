#include "app/gui/views/policy/policy_view_release.h"

#include <imgui.h>

#include "app/gui/theme.h"
#include "app/gui/views/policy/policy_texts.h"
#include "core/policy/policy_release.h"
#include "core/policy/policy_release_rules.h"

namespace cfgi::gui {

namespace pol = cfgi::policy;

std::string PolicyReleaseText(pol::Profile p) {
  if (!pol::IsKuma(p)) return "the MADR";
  return std::string("Kuma ") + pol::ReleaseName(pol::ReleaseOf(p)) +
         (pol::ListsInboundRules(p) ? " (inbound rules listed, KRI keys)" : " (inbound rules merged)");
}

std::string ListedInboundLabel(const pol::InboundRule& r, size_t order, const PolicyTexts& texts) {
  return (r.inbound ? r.inbound->Id() : std::string("?")) + " #" + std::to_string(order) + "  " + texts.Match(&r.match);
}

void DrawRbacMatchers(const pol::TypeRules& t, const PolicyTexts& texts) {
  if (t.rbac.empty()) return;
  theme::TextMuted("RBAC matchers in Envoy's order: every rule's deny first, then allows; the first that matches decides.");
  if (!ImGui::BeginTable("##rbac", 4, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp))
    return;
  ImGui::TableSetupColumn("Inbound");
  ImGui::TableSetupColumn("Action");
  ImGui::TableSetupColumn("Match");
  ImGui::TableSetupColumn("Rule");
  ImGui::TableHeadersRow();
  for (const pol::RbacMatcher& m : t.rbac) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(m.inbound ? m.inbound->Id().c_str() : "?");
    ImGui::TableNextColumn();
    if (m.action == "Deny") ImGui::TextColored(theme::Pal().error, "%s", m.action.c_str());
    else ImGui::TextUnformatted(m.action.c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(texts.Match(&m.match).c_str());
    ImGui::TableNextColumn();
    std::string o = m.origin.policy ? m.origin.policy->meta.name + " rules[" + std::to_string(m.origin.rule_index) + "]" : "?";
    ImGui::TextUnformatted(o.c_str());
  }
  ImGui::EndTable();
}

void DrawComparisonNotes(const Comparison& c) {
  if (c.notes.empty()) return;
  ImGui::Separator();
  ImGui::TextDisabled("Upgrade notes");  // ImGui 1.86 has no SeparatorText
  for (const ComparisonNote& n : c.notes) ImGui::TextWrapped("%s", n.text.c_str());
}

}  // namespace cfgi::gui
