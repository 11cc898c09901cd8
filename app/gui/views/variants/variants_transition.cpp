// The variants view's Transition tab: before -> after per subscription (and each response in
// between), the clients that become ambiguous or unmatched, and the net change delivered as one
// response vs as two (the evaluation's variants::Transition).
#include "app/gui/views/variants/variants_view.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "app/gui/theme.h"

namespace cfgi::gui::variants_view {

// One selection as a coloured cell: "✓ variant 2", "✗ none", "⚠ ambiguous: 0+2".
void VariantsView::SeenCell(const v::Seen& x) {
  if (x.sel.outcome == v::MatchKind::kMatch)
    ImGui::TextColored(OutcomeColorOf(x.sel.outcome), "%s variant %s", OutcomeIconText(x.sel.outcome), x.Text().c_str());
  else if (x.sel.outcome == v::MatchKind::kNone)
    ImGui::TextColored(OutcomeColorOf(x.sel.outcome), "%s none", OutcomeIconText(x.sel.outcome));
  else
    ImGui::TextColored(OutcomeColorOf(x.sel.outcome), "%s ambiguous %s", OutcomeIconText(x.sel.outcome),
                       x.Text().c_str());
}

std::string VariantsView::SourceName(const v::Update* u) {
  if (!u || !u->source) return "?";
  const std::string& n = u->source->name();
  return n.substr(n.rfind('/') + 1);
}

// Selects the row's resource, explains the change (the evaluation's step: before, after each
// response, after, the two-response deliveries; past the rows the evaluation explains, the change
// alone), shown in the place "transition", and jumps to the variant it gets after (else the one
// it had before, else the subscription).
void VariantsView::OpenTransitionRow(ViewContext& ctx, const v::TransitionRow& r, bool jump) {
  sel_t_row_ = static_cast<size_t>(&r - ev_->transition.rows.data());
  if (size_t ri = ResourceIndex(r.resource); ri != SIZE_MAX) selected_resource_ = ri;
  const Sub& s = subs_[r.subscription];
  doc::Step why;
  if (sel_t_row_ < ev_->transition_explanations.size()) {
    why = ev_->transition_explanations[sel_t_row_];
  } else {
    why.what = SubLabel(r.subscription) + " " + v::RenderParams(s.params) + ", " + r.resource;
    why.detail = v::ChangeName(r.change);
  }
  for (doc::Step& st : why.children) st.detail = Displayable(std::move(st.detail));
  sel_.SelectOwned(ctx, "transition", std::move(why));
  if (!jump) return;
  const v::Seen& target = !r.after.sel.matching.empty() ? r.after : r.before;
  if (target.r && !target.sel.matching.empty()) {
    const v::Variant& var = target.r->variants[target.sel.selected.value_or(target.sel.matching.front())];
    ctx.JumpTo(var.source ? var.source->name() : "", var.range);
  } else if (s.source) {
    ctx.JumpTo(s.source->name(), s.range);
  }
}

// Above the Transition table: the counts for the delivery chosen, the delivery choice and its
// verdict, the responses. Returns how many states lie between before and after as delivered.
size_t VariantsView::DrawTransitionSummary() {
  const size_t nresp = ev_->transition.responses.size();
  // One count of the table below (TransitionCounts), for the delivery chosen: the summary, the
  // sentence under it and --dump-state read it; "in between" counts the cells of the columns
  // between the responses, so the summary never says 0 above ambiguous rows.
  const TransitionCounts tc = CountTransition();
  // The summary's parts on one line while they fit, then on the next (never clipped).
  auto part = [](bool first, const ImVec4& color, const std::string& text) {
    if (!first) {
      ImGui::SameLine();
      if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(text.c_str()).x) ImGui::NewLine();
    }
    ImGui::TextColored(color, "%s", text.c_str());
  };
  char buf[160];
  std::snprintf(buf, sizeof buf, "%s %zu changed", theme::kIconOk, tc.changed);
  part(true, theme::Pal().ok, buf);
  std::snprintf(buf, sizeof buf, "  %zu unchanged", tc.same);
  part(false, theme::Pal().muted, buf);
  std::snprintf(buf, sizeof buf, "  %s %zu become ambiguous", theme::kIconWarning, tc.became_ambiguous);
  part(false, tc.became_ambiguous ? theme::Pal().error : theme::Pal().muted, buf);
  std::snprintf(buf, sizeof buf, "  %s %zu become unmatched", theme::kIconNoMatch, tc.became_unmatched);
  part(false, tc.became_unmatched ? theme::Pal().warning : theme::Pal().muted, buf);
  if (tc.between_ambiguous + tc.between_unmatched > 0) {
    std::snprintf(buf, sizeof buf, "  in between: %s %zu ambiguous, %s %zu unmatched", theme::kIconWarning,
                  tc.between_ambiguous, theme::kIconNoMatch, tc.between_unmatched);
    part(false, theme::Pal().warning, buf);
  }

  // The spec's rule: the same net change delivered as this scenario sends it, as one response,
  // or as two (new variants first / removal first); the "In between" column shows what each
  // subscriber sees between the responses. (The rule's sentence and the sources follow the
  // verdict: with little room the header scrolls and the counts and verdict stay in view.)
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Deliver:");
  static const char* kModes[] = {"", "one response", "two: new first", "two: removal first"};
  char labels[4][96];
  float radios_w = 0;
  for (int m = 0; m < 4; ++m) {
    std::snprintf(labels[m], sizeof labels[m], "%s", kModes[m]);
    if (m == 0) std::snprintf(labels[m], sizeof labels[m], "as sent (%zu response%s)", nresp, nresp == 1 ? "" : "s");
    radios_w += ImGui::CalcTextSize(labels[m]).x + ImGui::GetFrameHeight() * 1.5f;
  }
  ImGui::SameLine();
  if (ImGui::GetContentRegionAvail().x >= radios_w) {
    for (int m = 0; m < 4; ++m) {
      if (m > 0) ImGui::SameLine();
      ImGui::RadioButton(labels[m], &delivery_, m);
    }
  } else {
    // Too narrow for the four choices on one line (1024x700 at x1.5: the second line of radio
    // buttons was cut by the table under this scrolling header): one line, a list to choose from.
    ImGui::SetNextItemWidth(std::min(ImGui::GetContentRegionAvail().x,
                                     ImGui::CalcTextSize(labels[0]).x + ImGui::GetFrameHeight() * 2.0f));
    if (ImGui::BeginCombo("##delivery", labels[std::clamp(delivery_, 0, 3)])) {
      for (int m = 0; m < 4; ++m)
        if (ImGui::Selectable(labels[m], delivery_ == m)) delivery_ = m;
      ImGui::EndCombo();
    }
  }
  const size_t broken = tc.broken, amb = tc.between_ambiguous;
  ImGui::PushTextWrapPos(0);
  const size_t nbetween = delivery_ == 0 ? (nresp > 0 ? nresp - 1 : 0) : delivery_ == 1 ? 0 : 1;
  if (nbetween == 0)
    ImGui::TextColored(theme::Pal().ok, "%s One response: every subscriber goes from before to after directly; "
                       "nobody sees an intermediate state.", theme::kIconOk);
  else if (broken > 0)
    ImGui::TextColored(theme::Pal().warning, "%s In between, %zu subscription%s that match%s one variant before and after "
                       "%s %s. %s", theme::kIconWarning, broken, broken == 1 ? "" : "s", broken == 1 ? "es" : "",
                       broken == 1 ? "is" : "are", amb ? "ambiguous" : "unmatched",
                       delivery_ == 0 ? "The scenario breaks the rule (VAR113): send them together."
                                      : "This is why the rule exists.");
  else
    ImGui::TextColored(theme::Pal().ok, "%s In between, every subscriber that matches before and after still matches "
                       "one variant.", theme::kIconOk);
  ImGui::PopTextWrapPos();

  // What happens: before -> responses -> after.
  std::string before_names;
  for (const v::Update& u : analysis_->model.updates) {
    if (&u == (nresp ? ev_->transition.responses[0] : nullptr)) break;
    std::string n = SourceName(&u);
    if (before_names.find(n) == std::string::npos) before_names += (before_names.empty() ? "" : ", ") + n;
  }
  std::string after_names;
  for (size_t k = 0; k < nresp; ++k)
    after_names += (k ? "  then  " : "") + std::to_string(k + 1) + ". " + SourceName(ev_->transition.responses[k]);
  ImGui::PushTextWrapPos(0);
  theme::TextMuted("before: %s   ->   after %zu response%s: %s", before_names.c_str(), nresp, nresp == 1 ? "" : "s",
                   after_names.c_str());
  ImGui::PopTextWrapPos();
  ImGui::PushTextWrapPos(0);
  theme::TextMuted("TP2: the deletion of a replaced variant and the creation of its replacements must arrive in a "
                   "single response, so that no subscriber sees the state in between.");
  ImGui::PopTextWrapPos();

  return nbetween;
}

void VariantsView::DrawTransition(ViewContext& ctx) {
  if (!analysis_->has_transition) {
    DocHint("This scenario has no transition.",
            "A transition compares the variants clients have now (before) with the variants after one or more "
            "responses. Name the sources that form the \"before\" set in inputs.before (CLI: --before NAME); the "
            "other sources are applied after them, in order, each as one response. Examples: the samples \"TP2: "
            "transition to a second key (one response)\" and \"... split over two responses\".",
            "inputs:\n  before: [transition-before.textproto]   # the variants clients have now\n"
            "sources:\n  - file: transition-before.textproto\n  - file: transition-after.textproto    # one response");
    return;
  }
  transition_head_.Begin("##transition-head");  // the table below keeps its 8 rows (TableHeaderArea)
  const size_t nbetween = DrawTransitionSummary();
  auto between = [this](const v::TransitionRow& r) { return Between(r); };
  // Columns: subscriber, params, [resource], before, in between (one per intermediate state), after, change.
  bool one_resource = true;
  for (const v::TransitionRow& r : ev_->transition.rows) one_resource &= r.resource == ev_->transition.rows[0].resource;
  const int ninter = static_cast<int>(std::min<size_t>(std::max<size_t>(nbetween, 1), 4));
  const int cols = 5 + ninter + (one_resource ? 0 : 1);
  ImGuiTableFlags tf = ImGuiTableFlags_BordersV | ImGuiTableFlags_BordersOuterH | ImGuiTableFlags_Resizable |
                       ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_ScrollX |
                       ImGuiTableFlags_SizingFixedFit;
  if (one_resource && !ev_->transition.rows.empty()) {
    theme::TextMuted("Resource: %s", ShortName(ev_->transition.rows[0].resource).c_str());
    ShortNameHover(ev_->transition.rows[0].resource);
  }
  transition_head_.End();
  if (!ImGui::BeginTable("##transition", cols, tf)) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  ImGui::TableSetupColumn("Sub.");
  ImGui::TableSetupColumn("Parameters");
  if (!one_resource) ImGui::TableSetupColumn("Resource");
  ImGui::TableSetupColumn("Before");
  std::vector<std::string> inter_labels;
  for (int k = 0; k < ninter; ++k)
    inter_labels.push_back(nbetween <= 1 ? std::string("In between") : "After response " + std::to_string(k + 1));
  for (int k = 0; k < ninter; ++k) ImGui::TableSetupColumn(inter_labels[static_cast<size_t>(k)].c_str());
  ImGui::TableSetupColumn("After");
  ImGui::TableSetupColumn("Change");
  ImGui::TableHeadersRow();
  const theme::Palette& pal = theme::Pal();
  ImGuiListClipper clip;
  clip.Begin(static_cast<int>(ev_->transition.rows.size()));
  const v::TransitionRow* open = nullptr;
  while (clip.Step()) {
    for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
      const v::TransitionRow& r = ev_->transition.rows[static_cast<size_t>(i)];
      const Sub& s = subs_[r.subscription];
      ImGui::PushID(i);
      ImGui::TableNextRow();
      if (r.change == v::Change::kBecameAmbiguous || r.change == v::Change::kBecameUnmatched) {
        ImVec4 bg = r.change == v::Change::kBecameAmbiguous ? pal.error : pal.warning;
        bg.w = 0.18f;
        ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, ImGui::GetColorU32(bg));
      }
      ImGui::TableNextColumn();
      if (ImGui::Selectable(SubLabel(r.subscription).c_str(), sel_.Of("transition") && sel_t_row_ == static_cast<size_t>(i),
                            ImGuiSelectableFlags_SpanAllColumns))
        open = &r;
      ImGui::TableNextColumn();
      ImGui::PushFont(theme::GetFonts().mono);
      ImGui::TextUnformatted(v::RenderParams(s.params).c_str());
      ImGui::PopFont();
      if (!one_resource) {
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(ShortName(r.resource).c_str());
        ShortNameHover(r.resource);
      }
      ImGui::TableNextColumn();
      SeenCell(r.before);
      const bool replaced_row = r.before.sel.outcome == v::MatchKind::kMatch && r.after.sel.outcome == v::MatchKind::kMatch;
      std::vector<const v::Seen*> mid = between(r);
      for (int k = 0; k < ninter; ++k) {
        ImGui::TableNextColumn();
        if (static_cast<size_t>(k) >= mid.size()) {
          theme::TextMuted("(atomic)");
          continue;
        }
        const v::Seen& x = *mid[static_cast<size_t>(k)];
        if (replaced_row && x.sel.outcome != v::MatchKind::kMatch) {
          ImVec4 bg = OutcomeColorOf(x.sel.outcome);
          bg.w = 0.25f;
          ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, ImGui::GetColorU32(bg));
        }
        SeenCell(x);
      }
      ImGui::TableNextColumn();
      SeenCell(r.after);
      ImGui::TableNextColumn();
      switch (r.change) {
        case v::Change::kBecameAmbiguous:
          ImGui::TextColored(pal.error, "%s became ambiguous", theme::kIconWarning);
          break;
        case v::Change::kBecameUnmatched:
          ImGui::TextColored(pal.warning, "%s became unmatched", theme::kIconNoMatch);
          break;
        case v::Change::kChanged:
        case v::Change::kUpdated:
        case v::Change::kFixed:
          ImGui::TextColored(pal.accent, "%s %s", theme::kIconDiverge, v::ChangeName(r.change));
          break;
        default:
          theme::TextMuted("%s", v::ChangeName(r.change));
      }
      ImGui::PopID();
    }
  }
  room_.Measure("transition", ev_->transition.rows.size());
  ImGui::EndTable();
  if (open) OpenTransitionRow(ctx, *open);
}

// What a subscriber sees between the responses under the delivery chosen (delivery_): the
// scenario's intermediate states (as sent), none (one response), or the state after the first
// of two responses.
std::vector<const v::Seen*> VariantsView::Between(const v::TransitionRow& r) const {
  switch (delivery_) {
    case 0: {
      std::vector<const v::Seen*> out;
      for (const v::Seen& x : r.intermediate) out.push_back(&x);
      return out;
    }
    case 2: return {&r.adds_first};
    case 3: return {&r.removes_first};
    default: return {};
  }
}

VariantsView::TransitionCounts VariantsView::CountTransition() const {
  TransitionCounts c;
  for (const v::TransitionRow& r : ev_->transition.rows) {
    ++c.rows;
    switch (r.change) {
      case v::Change::kChanged: case v::Change::kUpdated: case v::Change::kFixed: c.changed++; break;
      case v::Change::kBecameAmbiguous: c.became_ambiguous++; break;
      case v::Change::kBecameUnmatched: c.became_unmatched++; break;
      default: c.same++; break;
    }
    bool amb = false, none = false;
    for (const v::Seen* x : Between(r)) {
      amb |= x->sel.outcome == v::MatchKind::kAmbiguous;
      none |= x->sel.outcome == v::MatchKind::kNone;
    }
    c.between_ambiguous += amb;
    c.between_unmatched += none;
    if (r.before.sel.outcome == v::MatchKind::kMatch && r.after.sel.outcome == v::MatchKind::kMatch && (amb || none))
      c.broken++;
  }
  return c;
}

}  // namespace cfgi::gui::variants_view
