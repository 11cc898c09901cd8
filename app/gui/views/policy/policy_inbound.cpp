// app/gui/views/policy/policy_inbound.cpp: a policy type's Inbound / proxy tab: from[] / rules[] rules per inbound, the
// proxy rule, the RBAC matchers (policy_view.h).
#include "app/gui/views/policy/policy_view.h"

namespace cfgi::gui::policy_view {

std::string PolicyView::InboundLabel(const pol::TypeRules& tr, size_t i) const {
  if (i >= tr.from_rules.size()) return "whole proxy (spec.default)";
  const pol::InboundRule& r = tr.from_rules[i];
  std::string subset;
  for (const pol::SubsetTag& tg : r.subset) subset += (subset.empty() ? "" : ",") + tg.key + (tg.negated ? "!=" : "=") + tg.value;
  // Kuma 2.12+: a listed rule shows its place in the inbound's list and its match.
  size_t order = 0;
  for (size_t k = 0; k < i; ++k) order += tr.from_rules[k].listed && tr.from_rules[k].inbound == r.inbound;
  return r.listed ? ListedInboundLabel(r, order + 1, *texts_)
                  : (r.inbound ? r.inbound->Id() : std::string("?")) + "  " + (subset.empty() ? "{everyone}" : "{" + subset + "}");
}

void PolicyView::SelectInbound(ViewContext& ctx, const pol::TypeRules& tr, size_t i, bool jump) {
  const bool proxy = i >= tr.from_rules.size();
  if (proxy && !tr.has_proxy_rule) return;
  inbound_ = proxy ? SIZE_MAX - 1 : i;
  field_ = SIZE_MAX;
  const std::vector<pol::FieldProvenance>& prov = proxy ? tr.proxy_rule.provenance : tr.from_rules[i].provenance;
  const std::vector<pol::Origin>& origin = proxy ? tr.proxy_rule.origin : tr.from_rules[i].origin;
  const std::string label = InboundLabel(tr, i);
  // As a Resources row: the rule, who merged into it, each field and who set it.
  doc::Step why{tr.type + " for " + (proxy ? std::string("the whole proxy") : "inbound " + label), doc::Outcome::kMatched};
  why.detail = "merged from " + OriginsText(origin);
  if (!proxy && tr.from_rules[i].inbound) {
    why.file = tr.from_rules[i].inbound->loc.file;
    why.range = tr.from_rules[i].inbound->loc.range;
  }
  for (const pol::FieldProvenance& f : prov) {
    doc::Step st{f.path + " = " + Clip(texts_->Json(&f.set.value), 160), doc::Outcome::kInfo, "set by " + ItemLabel(f.set.item)};
    st.file = f.set.loc.file;
    st.range = f.set.loc.range;
    why.Add(std::move(st));
  }
  sel_.SelectOwned(ctx, Place(), std::move(why), "inbound/" + std::to_string(proxy ? tr.from_rules.size() : i), label);
  if (jump && !proxy && tr.from_rules[i].inbound) ctx.JumpTo(tr.from_rules[i].inbound->loc.file, tr.from_rules[i].inbound->loc.range);
}

void PolicyView::DrawInbound(ViewContext& ctx, const pol::TypeRules& tr) {
  // The tab's own row (the first until a click; again after a profile switch), explained.
  const size_t rows = tr.from_rules.size() + (tr.has_proxy_rule ? 1 : 0);
  if (pending_inbound_ < rows) SelectInbound(ctx, tr, pending_inbound_, false);  // restored (as a click)
  pending_inbound_ = SIZE_MAX;
  if (rows > 0 && !sel_.Show(ctx, Place())) {
    const size_t at = inbound_ == SIZE_MAX - 1 ? tr.from_rules.size() : inbound_ < tr.from_rules.size() ? inbound_ : 0;
    SelectInbound(ctx, tr, at, false);
  }
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
      const std::string label = InboundLabel(tr, i);
      if (ImGui::Selectable(label.c_str(), inbound_ == i, ImGuiSelectableFlags_SpanAllColumns)) SelectInbound(ctx, tr, i, true);
      theme::TooltipIfClipped(label.c_str(), ImGui::GetColumnWidth());
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
        SelectInbound(ctx, tr, tr.from_rules.size(), false);
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
