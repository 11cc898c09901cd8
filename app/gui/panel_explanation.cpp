// App: the EXPLANATION panel, the step tree of the selected result (or of the report), each step
// with its outcome icon and detail; clicking a step shows its range in the Source panel.
#include <imgui.h>

#include "app/gui/app.h"
#include "app/gui/theme.h"

namespace cfgi::gui {

void App::DrawStep(const doc::Step& s, int depth) {
  ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_SpanAvailWidth | ImGuiTreeNodeFlags_OpenOnArrow |
                             ImGuiTreeNodeFlags_OpenOnDoubleClick;
  if (s.children.empty()) flags |= ImGuiTreeNodeFlags_Leaf | ImGuiTreeNodeFlags_NoTreePushOnOpen;
  if (depth < 4) flags |= ImGuiTreeNodeFlags_DefaultOpen;
  ImGui::PushID(&s);
  ImVec4 col = theme::OutcomeColor(s.outcome);
  // The outcome icon is the node's label (coloured); the words follow in the normal colour.
  ImGui::PushStyleColor(ImGuiCol_Text, col);
  bool open = ImGui::TreeNodeEx("##step", flags, "%s", theme::OutcomeIcon(s.outcome));
  ImGui::PopStyleColor();
  bool clicked = ImGui::IsItemClicked() && !ImGui::IsItemToggledOpen();
  ImGui::SameLine();
  ImGui::TextUnformatted(s.what.c_str());
  if (!s.detail.empty()) {
    ImGui::SameLine();
    theme::TextMuted("%s", s.detail.c_str());
  }
  if (ImGui::IsItemHovered() || clicked) {
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s: %s%s%s", doc::OutcomeName(s.outcome), s.what.c_str(), s.detail.empty() ? "" : "\n",
                        s.detail.c_str());
  }
  if (clicked && !s.range.empty()) JumpTo(s.file, s.range);
  if (open && !s.children.empty()) {
    for (const doc::Step& c : s.children) DrawStep(c, depth + 1);
    ImGui::TreePop();
  }
  ImGui::PopID();
}

void App::DrawExplanation() {
  theme::PanelHeader("EXPLANATION");
  OpenDocument* d = active_doc();
  ImGui::BeginChild("##expl_body", ImVec2(0, 0), false, ImGuiWindowFlags_AlwaysUseWindowPadding | ImGuiWindowFlags_HorizontalScrollbar);
  if (!d) {
    theme::TextMuted("Open a document to see why it evaluates as it does.");
  } else {
    const doc::Step* s = selected_step_ ? selected_step_ : &d->report().explanation;
    if (s->what.empty() && s->children.empty()) {
      ImGui::PushTextWrapPos(0);
      theme::TextMuted("No explanation for this result. Select a result in the view to see the steps that decided it.");
      ImGui::PopTextWrapPos();
    } else {
      ImGui::PushStyleVar(ImGuiStyleVar_IndentSpacing, ImGui::GetFontSize() * 1.1f);
      DrawStep(*s, 0);
      ImGui::PopStyleVar();
    }
  }
  ImGui::EndChild();
}

}  // namespace cfgi::gui
