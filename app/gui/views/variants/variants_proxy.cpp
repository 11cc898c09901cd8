// The variants view's Caching proxy tab: per resource, per variant the subscribers receiving it
// and the ones a change notifies (the evaluation's proxy fan-out and transition).
#include "app/gui/views/variants/variants_view.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "app/gui/theme.h"

namespace cfgi::gui::variants_view {

// ---- caching proxy ----
void VariantsView::DrawProxy(ViewContext& ctx) {
  if (subs_.size() < 2 || resources_.empty()) {
    DocHint(subs_.empty() ? "This scenario has no subscribers." : "This scenario has one subscriber.",
            "A caching proxy holds every variant of a resource and serves several downstream subscribers: which "
            "variant each one receives, and which ones an update of a variant reaches. Add subscribers with "
            "inputs.subscriptions, inputs.clients or a DiscoveryRequest source (or in the Subscriptions tab); add "
            "inputs.before to see who a transition notifies.",
            "inputs:\n  subscriptions:\n    - {env: prod, version: v1}\n    - {env: test}\n"
            "  clients:\n    - {name: c1, bootstrap: {dynamic_parameters: {env: prod}}}");
    return;
  }
  const bool tr = analysis_->has_transition;
  proxy_head_.Begin("##proxy-head");  // the table below keeps its 8 rows (TableHeaderArea)
  ImGui::PushTextWrapPos(0);
  if (tr)
    theme::TextMuted("Per variant, the subscribers receiving it after the transition. %s marks the ones this "
                     "transition notifies (the caching proxy sends them an update; \"from\" is what they had).",
                     theme::kIconDirty);
  else
    theme::TextMuted("Per variant, the subscribers receiving it. A change of a variant notifies exactly its "
                     "subscribers (fan-out); add inputs.before to see who a transition notifies.");
  ImGui::PopTextWrapPos();
  proxy_head_.End();
  ImGuiTableFlags tf = ImGuiTableFlags_BordersV | ImGuiTableFlags_BordersOuterH | ImGuiTableFlags_Resizable |
                       ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY;
  // Each column at least as wide as its header (BeginTableFit: a sideways scroll below that).
  const float em = ImGui::GetFontSize();
  if (!theme::BeginTableFit("##proxy",
                            {{"Variant", ImGuiTableColumnFlags_WidthFixed, em * 8},
                             {"Constraints", 0, 2},
                             {"Subscribers receiving it", 0, 3},
                             {tr ? "Notified by the transition" : "Notified on change", 0, 2}},
                            tf, ImVec2(0, 0), 44))
    return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableHeadersRow();
  const theme::Palette& pal = theme::Pal();
  ImGuiListClipper clip;
  clip.Begin(static_cast<int>(proxy_rows_.size()));
  while (clip.Step()) {
    for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
      const ProxyRow& row = proxy_rows_[static_cast<size_t>(i)];
      const v::ProxyResource& p = ev_->proxy[row.resource];
      ImGui::PushID(i);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      if (row.kind == ProxyRow::kHeader) {
        ImVec4 bg = pal.accent_soft;
        ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, ImGui::GetColorU32(bg));
        size_t n = p.ambiguous.size() + p.unmatched.size();
        for (const auto& l : p.per_variant) n += l.size();
        ImGui::PushFont(theme::GetFonts().bold);
        // xdstp names are long: the last segment here, the full name in the third column.
        const std::string& full = p.r->name;
        std::string shown = ShortName(full);
        if (ImGui::Selectable(shown.c_str(), sel_.Row("proxy") == "res:" + std::to_string(row.resource),
                              ImGuiSelectableFlags_SpanAllColumns)) {
          selected_resource_ = row.resource;
          ExplainResource(ctx, row.resource, -1, "proxy");
          if (!p.r->variants.empty()) {
            const v::Variant& var = p.r->variants[0];
            ctx.JumpTo(var.source ? var.source->name() : "", var.range);
          }
        }
        ImGui::PopFont();
        ImGui::TableNextColumn();
        theme::TextMuted("%zu variant%s, %zu subscriber%s", p.r->variants.size(), p.r->variants.size() == 1 ? "" : "s",
                         n, n == 1 ? "" : "s");
        if (shown != full) {
          ImGui::TableNextColumn();
          ImGui::PushTextWrapPos(0);
          theme::TextMuted("%s", full.c_str());
          ImGui::PopTextWrapPos();
        }
        ImGui::PopID();
        continue;
      }
      const std::vector<size_t>* list = nullptr;
      if (row.kind == ProxyRow::kVariant) {
        const v::Variant& var = p.r->variants[row.variant];
        list = &p.per_variant[row.variant];
        std::string label = "   " + var.IdText();
        const std::string row_id = "res:" + std::to_string(row.resource) + ":" + std::to_string(row.variant);
        if (ImGui::Selectable(label.c_str(), sel_.Row("proxy") == row_id, ImGuiSelectableFlags_SpanAllColumns)) {
          selected_resource_ = row.resource;
          ExplainResource(ctx, row.resource, static_cast<int>(row.variant), "proxy");
          ctx.JumpTo(var.source ? var.source->name() : "", var.range);
        }
        ImGui::TableNextColumn();
        ImGui::PushFont(theme::GetFonts().mono);
        ImGui::PushTextWrapPos(0);
        ImGui::TextUnformatted(resources_[row.resource].rows[row.variant].constraint.c_str());
        ImGui::PopTextWrapPos();
        ImGui::PopFont();
      } else {
        const bool amb = row.kind == ProxyRow::kAmbiguous;
        list = amb ? &p.ambiguous : &p.unmatched;
        ImGui::TextColored(amb ? pal.error : pal.warning, "   %s %s", amb ? theme::kIconWarning : theme::kIconNoMatch,
                           amb ? "ambiguous" : "none");
        ImGui::TableNextColumn();
        ImGui::PushTextWrapPos(0);
        theme::TextMuted(amb ? "several variants match: undefined in TP2" : "no variant matches: resource missing");
        ImGui::PopTextWrapPos();
      }
      ImGui::TableNextColumn();
      if (list->empty()) {
        theme::TextMuted("no subscriber");
      } else {
        ImGui::PushTextWrapPos(0);
        std::string text;
        for (size_t si : *list) text += (text.empty() ? "" : "\n") + SubLabel(si) + " " + v::RenderParams(subs_[si].params);
        ImGui::TextUnformatted(text.c_str());
        ImGui::PopTextWrapPos();
      }
      ImGui::TableNextColumn();
      if (!tr) {
        if (!list->empty() && row.kind == ProxyRow::kVariant)
          ImGui::TextColored(pal.accent, "%s %zu subscriber%s", theme::kIconDirty, list->size(), list->size() == 1 ? "" : "s");
      } else {
        std::string text;
        size_t n = 0;
        for (size_t si : *list) {
          auto it = notified_.find({p.r->name, si});
          if (it == notified_.end()) continue;
          ++n;
          text += (text.empty() ? "" : "\n") + ("#" + std::to_string(si)) + " from " + it->second->before.Text() +
                  " (" + v::ChangeName(it->second->change) + ")";
        }
        if (n) {
          ImGui::PushTextWrapPos(0);
          ImGui::TextColored(pal.accent, "%s %s", theme::kIconDirty, text.c_str());
          ImGui::PopTextWrapPos();
        } else if (!list->empty()) {
          theme::TextMuted("none (unchanged)");
        }
      }
      ImGui::PopID();
    }
  }
  room_.Measure("proxy", proxy_rows_.size());
  ImGui::EndTable();
}

}  // namespace cfgi::gui::variants_view
