// App: the EXPLANATION panel. It shows the explanation of what is selected in the engine view
// (ViewContext::SelectExplanation: a request, a subscription, a resource row, a TXT choice, a
// service reference), never the whole report: first the selected thing and its outcome, then the
// step that decided it (doc::DecidingPath: the predicate that matched, the variant chosen, the
// failing sub-filter) with the steps that led there, then every step, with runs of one outcome
// folded into one expandable row (doc::FoldRuns: "matchers[0..499]: no match"). Text wraps to
// the panel's width; clicking a step highlights its source range.
#include <imgui.h>

#include <algorithm>
#include <string>

#include "app/gui/app.h"
#include "app/gui/theme.h"

namespace cfgi::gui {

namespace {

// `what` and `detail` on one line when they fit, else each wrapped on its own lines.
void WrappedStepText(const doc::Step& s) {
  const float avail = ImGui::GetContentRegionAvail().x;
  const float gap = ImGui::GetStyle().ItemSpacing.x + ImGui::CalcTextSize(" ").x;
  const float need = ImGui::CalcTextSize(s.what.c_str()).x + (s.detail.empty() ? 0 : gap + ImGui::CalcTextSize(s.detail.c_str()).x);
  ImGui::PushTextWrapPos(0.0f);
  if (need <= avail) {
    ImGui::TextUnformatted(s.what.c_str());
    if (!s.detail.empty()) {
      ImGui::SameLine();
      theme::TextMuted("%s", s.detail.c_str());
    }
  } else {
    theme::TextWrappedAtBreaks(s.what);
    if (!s.detail.empty()) theme::TextWrappedAtBreaks(s.detail, &theme::Pal().muted);
  }
  ImGui::PopTextWrapPos();
}

bool OnPath(const std::vector<const doc::Step*>& path, const doc::Step* s) {
  return std::find(path.begin(), path.end(), s) != path.end();
}

}  // namespace

void App::DrawStep(const doc::Step& s, int depth) {
  const bool on_path = OnPath(deciding_, &s);
  const bool decider = !deciding_.empty() && deciding_.back() == &s && deciding_.size() > 1;
  ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_SpanAvailWidth | ImGuiTreeNodeFlags_OpenOnArrow |
                             ImGuiTreeNodeFlags_OpenOnDoubleClick;
  if (s.children.empty()) flags |= ImGuiTreeNodeFlags_Leaf | ImGuiTreeNodeFlags_NoTreePushOnOpen;
  if (depth < 2) flags |= ImGuiTreeNodeFlags_DefaultOpen;
  if (decider) flags |= ImGuiTreeNodeFlags_Selected;
  // A new selection opens the way to its deciding step once; the user's folding is kept after.
  if (reveal_deciding_ && on_path && !s.children.empty()) ImGui::SetNextItemOpen(true, ImGuiCond_Always);
  ImGui::PushID(&s);
  ImGui::PushStyleColor(ImGuiCol_Text, theme::OutcomeColor(s.outcome));
  bool open = ImGui::TreeNodeEx("##step", flags, "%s", theme::OutcomeIcon(s.outcome));
  ImGui::PopStyleColor();
  bool clicked = ImGui::IsItemClicked() && !ImGui::IsItemToggledOpen();
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s: %s%s%s", doc::OutcomeName(s.outcome), s.what.c_str(), s.detail.empty() ? "" : "\n", s.detail.c_str());
  ImGui::SameLine();
  ImGui::BeginGroup();
  WrappedStepText(s);
  ImGui::EndGroup();
  if (clicked && !s.range.empty()) JumpTo(s.file, s.range);
  if (open && !s.children.empty()) {
    DrawSteps(s.children, depth + 1);
    ImGui::TreePop();
  }
  ImGui::PopID();
}

void App::DrawSteps(const std::vector<doc::Step>& steps, int depth) {
  for (const doc::StepRun& run : doc::FoldRuns(steps)) {
    if (!run.folded()) {
      DrawStep(steps[run.begin], depth);
      continue;
    }
    // One row for the run; it opens by itself only when the deciding step is inside.
    bool holds_path = false;
    for (size_t i = run.begin; i < run.end && !holds_path; ++i) holds_path = OnPath(deciding_, &steps[i]);
    if (reveal_deciding_ && holds_path) ImGui::SetNextItemOpen(true, ImGuiCond_Always);
    const doc::Outcome o = steps[run.begin].outcome;
    ImGui::PushID(&steps[run.begin]);
    ImGui::PushStyleColor(ImGuiCol_Text, theme::OutcomeColor(o));
    bool open = ImGui::TreeNodeEx("##run", ImGuiTreeNodeFlags_SpanAvailWidth, "%s", theme::OutcomeIcon(o));
    ImGui::PopStyleColor();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%zu steps with the same outcome; open to list them", run.size());
    // The count first: after a wrapped label it would sit past the panel's edge.
    ImGui::SameLine();
    theme::TextMuted("%zu \u00d7", run.size());
    ImGui::SameLine();
    ImGui::BeginGroup();
    theme::TextWrappedAtBreaks(run.label);  // a run's label names filters and paths: never cut mid-word
    ImGui::EndGroup();
    if (open) {
      for (size_t i = run.begin; i < run.end; ++i) DrawStep(steps[i], depth + 1);
      ImGui::TreePop();
    }
    ImGui::PopID();
  }
}

void App::DrawExplanation() {
  if (theme::PanelHeader("EXPLANATION", nullptr, "\u00bb", "Fold the Explanation panel away (View menu brings it back)"))
    show_explanation_ = false;
  OpenDocument* d = active_doc();
  ImGui::BeginChild("##expl_body", ImVec2(0, 0), false, ImGuiWindowFlags_AlwaysUseWindowPadding);
  const doc::Step* s = d ? selected_step_ : nullptr;
  // What decided the selection, found again every frame (a view may rebuild the step it
  // selected in place); a new selection opens the way to it once.
  deciding_ = s ? doc::DecidingPath(*s) : std::vector<const doc::Step*>{};
  std::string key = s ? s->what + '\n' + s->detail : std::string();
  if (s != explained_ || key != explained_key_) {
    explained_ = s;
    explained_key_ = std::move(key);
    reveal_deciding_ = true;
  }
  ImGui::PushTextWrapPos(0.0f);
  if (!d) {
    theme::TextMuted("Open a document to see why it evaluates as it does.");
  } else if (!s) {
    theme::TextMuted("Select a result in the view (a request, a subscription, a resource, a TXT choice, a service "
                     "reference) to see why it came out as it did.");
  }
  ImGui::PopTextWrapPos();
  if (s) {
    // The selected thing and its outcome.
    ImGui::PushStyleColor(ImGuiCol_Text, theme::OutcomeColor(s->outcome));
    ImGui::TextUnformatted(theme::OutcomeIcon(s->outcome));
    ImGui::PopStyleColor();
    ImGui::SameLine();
    ImGui::BeginGroup();
    WrappedStepText(*s);
    ImGui::EndGroup();
    if (ImGui::IsItemClicked() && !s->range.empty()) JumpTo(s->file, s->range);
    // The deciding step first, with the steps that led to it.
    if (deciding_.size() > 1) {
      const doc::Step& dec = *deciding_.back();
      ImGui::Spacing();
      theme::TextMuted("DECIDED BY");
      ImGui::PushID("##decider");
      // The outcome's icon in its colour, as on the steps below (a framed icon read as a
      // checkbox); the icon and the text are one click target that jumps to the source.
      ImGui::BeginGroup();
      ImGui::TextColored(theme::OutcomeColor(dec.outcome), "%s", theme::OutcomeIcon(dec.outcome));
      ImGui::SameLine();
      ImGui::BeginGroup();
      WrappedStepText(dec);
      ImGui::EndGroup();
      ImGui::EndGroup();
      if (!dec.range.empty() && ImGui::IsItemHovered()) ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
      if (ImGui::IsItemClicked() && !dec.range.empty()) JumpTo(dec.file, dec.range);
      ImGui::PopID();
      if (deciding_.size() > 2) {
        std::string via = "via ";
        for (size_t i = 1; i + 1 < deciding_.size(); ++i) via += (i > 1 ? " \u203a " : "") + deciding_[i]->what;
        theme::TextWrappedAtBreaks(via, &theme::Pal().muted);
      }
    }
    if (!s->children.empty()) {
      ImGui::Spacing();
      ImGui::Separator();
      theme::TextMuted("STEPS");
      ImGui::PushStyleVar(ImGuiStyleVar_IndentSpacing, ImGui::GetFontSize() * 1.1f);
      DrawSteps(s->children, 0);
      ImGui::PopStyleVar();
    }
    reveal_deciding_ = false;
  }
  // Right click: the explanation as the CLI's --explain text (doc::Step::ToText, one step per
  // line), for a ticket or a chat.
  if (s && ImGui::BeginPopupContextWindow("##explain_menu")) {
    if (ImGui::MenuItem("Copy the explanation as text")) ImGui::SetClipboardText(s->ToText().c_str());
    ImGui::EndPopup();
  }
  ImGui::EndChild();
}

nlohmann::ordered_json App::ExplanationJson() const {
  nlohmann::ordered_json j;
  const doc::Step* s = active_ >= 0 ? selected_step_ : nullptr;
  j["selected"] = s != nullptr;
  if (!s) return j;
  j["what"] = s->what;
  j["outcome"] = doc::OutcomeName(s->outcome);
  if (!s->detail.empty()) j["detail"] = s->detail;
  nlohmann::ordered_json path = nlohmann::ordered_json::array();
  std::vector<const doc::Step*> deciding = doc::DecidingPath(*s);
  for (size_t i = 1; i < deciding.size(); ++i)
    path.push_back({{"what", deciding[i]->what}, {"outcome", doc::OutcomeName(deciding[i]->outcome)}});
  j["deciding"] = std::move(path);
  // The rows under STEPS at the top level, as the panel shows them (folded runs as one row).
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  for (const doc::StepRun& run : doc::FoldRuns(s->children)) {
    const doc::Step& first = s->children[run.begin];
    rows.push_back({{"what", run.folded() ? run.label : first.what},
                    {"outcome", doc::OutcomeName(first.outcome)},
                    {"steps", run.size()}});
  }
  j["rows"] = std::move(rows);
  return j;
}

}  // namespace cfgi::gui
