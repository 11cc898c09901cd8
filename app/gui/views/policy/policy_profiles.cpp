// app/gui/views/policy/policy_profiles.cpp: a policy type's Profiles tab: the answers the profiles' results differ in,
// one row each and a column per profile, with the comparison's upgrade notes (policy_view.h).
#include "app/gui/views/policy/policy_view.h"

namespace cfgi::gui::policy_view {

void PolicyView::DrawDiffs(ViewContext& ctx, size_t t) {
  // The upgrade report's sentences about this type (Comparison::notes, policy_upgrade.cpp).
  for (const ComparisonNote& n : comparison_->notes)
    if (n.path.rfind(TypePath(t), 0) == 0) ImGui::TextWrapped("%s %s", theme::kIconDiverge, n.text.c_str());
  std::vector<const DifferingAnswer*> answers = comparison_->AnswersUnder(TypePath(t));
  if (answers.empty()) {
    ImGui::TextColored(theme::Pal().ok, "%s every profile agrees for this type: same items, same rules, same merged confs.",
                       theme::kIconOk);
    return;
  }
  // One row per differing answer (an item, a rule, the rules list), a column per evaluated
  // profile (the Kuma releases and the MADR), the shared comparison table.
  DrawComparison("##diffs", ctx.document(), *comparison_, answers, std::string(Primary().types[t].type) + ": ");
}

}  // namespace cfgi::gui::policy_view
