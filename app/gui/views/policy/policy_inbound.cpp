// app/gui/views/policy/policy_inbound.cpp: a policy type's Inbound / proxy tab: from[] / rules[] rules per inbound, the
// proxy rule, the RBAC matchers (policy_view.h).
#include "app/gui/views/policy/policy_view.h"

namespace cfgi::gui::policy_view {

void PolicyView::DrawInbound(ViewContext& ctx, const pol::TypeRules& tr) {
  // Columns never narrower than their headers (the table scrolls sideways below that).
  const std::vector<theme::FitColumn> cols = {
      {"Inbound / clients", 0, 2},
      {pol::ListsInboundRules(primary_) ? "Conf (listed: not merged)" : "Merged conf", 0, 4},
      {"Origin", 0, 2},
      {"From", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 4}};
  if (theme::BeginTableFit("##inbound", cols, kTable, ImVec2(0, ImGui::GetContentRegionAvail().y * 0.5f))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableHeadersRow();
    for (size_t i = 0; i < tr.from_rules.size(); ++i) {
      const pol::InboundRule& r = tr.from_rules[i];
      ImGui::PushID(static_cast<int>(i));
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      std::string subset;
      for (const pol::SubsetTag& tg : r.subset)
        subset += (subset.empty() ? "" : ",") + tg.key + (tg.negated ? "!=" : "=") + tg.value;
      // Kuma 2.12+: a listed rule shows its place in the inbound's list and its match.
      size_t order = 0;
      for (size_t k = 0; k < i; ++k) order += tr.from_rules[k].listed && tr.from_rules[k].inbound == r.inbound;
      std::string label = r.listed ? ListedInboundLabel(r, order + 1, *texts_)
                                   : (r.inbound ? r.inbound->Id() : std::string("?")) + "  " + (subset.empty() ? "{everyone}" : "{" + subset + "}");
      if (ImGui::Selectable(label.c_str(), inbound_ == i, ImGuiSelectableFlags_SpanAllColumns)) {
        inbound_ = i;
        if (r.inbound) ctx.JumpTo(r.inbound->loc.file, r.inbound->loc.range);
      }
      ImGui::TableNextColumn();
      ImGui::PushFont(theme::GetFonts().mono);
      for (const std::string& line : texts_->Summary(&r.conf)) ImGui::TextUnformatted(line.c_str());
      ImGui::PopFont();
      ImGui::TableNextColumn();
      OriginsCell(r.origin);
      ImGui::TableNextColumn();
      // A row Kuma computes but the type's plugin does not apply (legacy from-rules of an
      // IsFromAsRules type) is marked, so the applied answer is unambiguous.
      ImGui::TextUnformatted((std::string(pol::DirectionName(r.source)) + (r.applied ? "" : " (unused)")).c_str());
      ImGui::PopID();
    }
    if (tr.has_proxy_rule) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      if (ImGui::Selectable("whole proxy (spec.default)", inbound_ == SIZE_MAX - 1, ImGuiSelectableFlags_SpanAllColumns))
        inbound_ = SIZE_MAX - 1;
      ImGui::TableNextColumn();
      for (const std::string& line : texts_->Summary(&tr.proxy_rule.conf)) ImGui::TextUnformatted(line.c_str());
      ImGui::TableNextColumn();
      OriginsCell(tr.proxy_rule.origin);
      ImGui::TableNextColumn();
    }
    room_.Measure("inbound", tr.from_rules.size() + (tr.has_proxy_rule ? 1 : 0));
    ImGui::EndTable();
  }
  DrawRbacMatchers(tr, *texts_);
  if (inbound_ < tr.from_rules.size())
    DrawFields(ctx, tr.from_rules[inbound_].provenance);
  else if (inbound_ == SIZE_MAX - 1 && tr.has_proxy_rule)
    DrawFields(ctx, tr.proxy_rule.provenance);
}

}  // namespace cfgi::gui::policy_view
