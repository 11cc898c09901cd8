// app/gui/views/targeting/targeting_services.cpp: the targeting view's services of the selected reference and the LDAP trace of one (targeting_view.h).
#include "app/gui/views/targeting/targeting_view.h"

namespace cfgi::gui::targeting_view {

std::string TargetingView::SvcText(const tg::ServiceMatch& m) {
  return "#" + std::to_string(m.service->id) + (m.service->name.empty() ? "" : " " + m.service->name) +
         (m.self_excluded ? ": own service" : m.matched ? ": matches" : ": does not match");
}

void TargetingView::DefaultService() {
  sel_service_ = -1;
  if (sel_ref_ < 0 || sel_ref_ >= static_cast<int>(res_->references.size())) return;
  const auto& sv = res_->references[static_cast<size_t>(sel_ref_)].services;
  for (size_t k = 0; k < sv.size() && sel_service_ < 0; ++k)
    if (!sv[k].matched) sel_service_ = static_cast<int>(k);
  if (sel_service_ < 0 && !sv.empty()) sel_service_ = 0;
  BuildStep();
}

void TargetingView::DrawTrace(ViewContext& ctx, const ldap::Trace& t, const doc::Step& step, const std::string& path) {
  ImGuiTreeNodeFlags f = ImGuiTreeNodeFlags_DefaultOpen | ImGuiTreeNodeFlags_SpanAvailWidth |
                         ImGuiTreeNodeFlags_OpenOnArrow;
  if (t.children.empty()) f |= ImGuiTreeNodeFlags_Leaf;
  const std::string id = "node/" + std::to_string(sel_ref_) + "/" + std::to_string(sel_service_) + "/" + path;
  if (sel_.Row(kPlace) == id) f |= ImGuiTreeNodeFlags_Selected;
  std::string label = std::string(t.matched ? theme::kIconOk : theme::kIconNoMatch) + " " + t.text;
  if (t.reason != ldap::Reason::kChildren) label += std::string("  [") + ldap::ReasonName(t.reason) + "]";
  ImGui::PushStyleColor(ImGuiCol_Text, t.matched ? theme::Pal().ok : theme::Pal().warning);
  ImGui::PushFont(theme::GetFonts().mono);
  bool open = ImGui::TreeNodeEx(&t, f, "%s", label.c_str());
  ImGui::PopFont();
  ImGui::PopStyleColor();
  if (ImGui::IsItemClicked() && !ImGui::IsItemToggledOpen()) {
    sel_.SelectOwned(ctx, kPlace, step, id, t.text);
    if (!step.file.empty() || step.range.end > step.range.begin) ctx.JumpTo(step.file, step.range);
  }
  if (!t.detail.empty()) {
    ImGui::SameLine();
    theme::TextMuted("%s", t.detail.c_str());
  }
  if (open) {
    for (size_t i = 0; i < t.children.size() && i < step.children.size(); ++i)
      DrawTrace(ctx, t.children[i], step.children[i], path + (path.empty() ? "" : ".") + std::to_string(i));
    ImGui::TreePop();
  }
}

void TargetingView::DrawServices(ViewContext& ctx) {
  if (sel_ref_ < 0 || sel_ref_ >= static_cast<int>(res_->references.size())) {
    theme::TextMuted("Select a reference.");
    return;
  }
  const tg::ResolvedReference& rr = res_->references[static_cast<size_t>(sel_ref_)];
  ImGui::Text("Services for %s.%s", rr.component->name.c_str(), rr.reference->name.c_str());
  if (!ws_->registry.present) {
    theme::TextMuted("No service registry given: nothing to match against.");
    return;
  }
  if (!rr.filter) {
    ImGui::TextColored(theme::Pal().error, "%s no filter to match (the instance is not created)", theme::kIconError);
    return;
  }
  ImGui::SameLine();
  theme::TextMuted("%s matches, %s does not; click a service for its LDAP tree", theme::kIconOk, theme::kIconNoMatch);
  float w = ImGui::GetFontSize() * 16;
  ImGui::BeginChild("##svclist", ImVec2(w, 0), true);
  for (size_t i = 0; i < rr.services.size(); ++i) {
    const tg::ServiceMatch& m = rr.services[i];
    if (!m.service) continue;
    ImGui::PushID(static_cast<int>(i));
    const char* icon = m.self_excluded ? theme::kIconSkipped : m.matched ? theme::kIconOk : theme::kIconNoMatch;
    std::string label = std::string(icon) + " #" + std::to_string(m.service->id) +
                        (m.service->name.empty() ? "" : " " + m.service->name) +
                        (m.self_excluded ? " (own service)" : "");
    ImGui::PushStyleColor(ImGuiCol_Text, m.self_excluded ? theme::Pal().muted
                                         : m.matched      ? theme::Pal().ok
                                                          : theme::Pal().warning);
    // Highlighted when the Explanation explains it (the service or a node of its tree); while the
    // reference is explained, the service whose tree is shown is not (its tree's title names it).
    const std::string svc_row = SvcId(sel_ref_, static_cast<int>(i));
    const std::string& row = sel_.Row(kPlace);
    const bool explained = sel_service_ == static_cast<int>(i) &&
                           (row == svc_row || row.rfind("node/" + svc_row.substr(4) + "/", 0) == 0);
    if (explained) highlighted_svc_ = SvcText(m);
    if (ImGui::Selectable(label.c_str(), explained)) {
      sel_service_ = static_cast<int>(i);
      BuildStep();
      sel_.SelectOwned(ctx, kPlace, step_, SvcId(sel_ref_, sel_service_), SvcText(m));
      ctx.JumpTo(m.service->file, m.service->range);
    }
    ImGui::PopStyleColor();
    ImGui::PopID();
  }
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("##tree", ImVec2(0, 0), true);
  if (sel_service_ >= 0 && sel_service_ < static_cast<int>(rr.services.size())) {
    const tg::ServiceMatch& m = rr.services[static_cast<size_t>(sel_service_)];
    ImGui::Text("Service #%lld %s: %s", static_cast<long long>(m.service->id), m.service->name.c_str(),
                m.matched ? "matches" : "does not match");
    std::string ifs;
    for (const std::string& s : m.service->interfaces) ifs += (ifs.empty() ? "" : ", ") + s;
    theme::TextMuted("interfaces: %s", ifs.c_str());
    if (const ldap::Trace* f = m.trace.FirstFailure())
      ImGui::TextColored(theme::Pal().warning, "%s why not: %s [%s] %s", theme::kIconNoMatch, f->text.c_str(),
                         ldap::ReasonName(f->reason), f->detail.c_str());
    ImGui::Separator();
    if (m.trace.text.empty())
      theme::TextMuted("(no trace)");
    else
      DrawTrace(ctx, m.trace, step_, "");
    ImGui::Separator();
    theme::TextMuted("properties:");
    ImGui::PushFont(theme::GetFonts().mono);
    for (const auto& [k, v] : m.service->properties.entries())
      ImGui::Text("  %s = %s  (%s)", k.c_str(), v.ToString().c_str(), v.type_name());
    ImGui::PopFont();
  }
  ImGui::EndChild();
}

}  // namespace cfgi::gui::targeting_view
