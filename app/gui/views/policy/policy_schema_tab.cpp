// app/gui/views/policy/policy_schema_tab.cpp: a policy type's Schema tab: its typed fields and the defaults Kuma fills in
// (core/policy/policy_schema.h) (policy_view.h).
#include "app/gui/views/policy/policy_view.h"

namespace cfgi::gui::policy_view {

void PolicyView::DrawSchema(const std::string& type) {
  const pol::TypeSchema* s = pol::FindTypeSchema(type);
  if (!s) {
    theme::TextMuted("%s is not a built-in Kuma policy type: its default is merged as written (POL002).",
                     type.c_str());
    return;
  }
  theme::TextMuted("Kuma v2.11 %s; lists: %s%s%s%s", s->go_file, s->to ? "to " : "", s->from ? "from " : "",
                   s->rules ? "rules " : "", s->single ? "spec.default" : "");
  // Columns never narrower than their headers (the table scrolls sideways below that).
  const std::vector<theme::FitColumn> cols = {
      {"Field", 0, 3}, {"Type", 0, 1}, {"Values", 0, 3}, {"Default (Kuma fills in)", 0, 1.5f}};
  if (!theme::BeginTableFit("##schema", cols, kTable)) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableHeadersRow();
  ImGuiListClipper clip;
  clip.Begin(static_cast<int>(s->field_count));
  while (clip.Step()) {
    for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
      const pol::FieldSpec& f = s->fields[static_cast<size_t>(i)];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::PushFont(theme::GetFonts().mono);
      ImGui::Text("%s%s", f.path, f.required ? " (required)" : "");
      ImGui::PopFont();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(pol::FieldKindName(f.kind));
      ImGui::TableNextColumn();
      if (*f.enums) {
        std::string values = f.enums;  // the table's "A;B;C", shown as "A, B, C"
        for (size_t at = values.find(';'); at != std::string::npos; at = values.find(';', at + 2))
          values.replace(at, 1, ", ");
        ImGui::TextWrapped("%s", values.c_str());
      } else {
        theme::TextMuted("-");
      }
      ImGui::TableNextColumn();
      if (*f.default_json) ImGui::Text("default %s", f.default_json); else theme::TextMuted("-");
    }
  }
  room_.Measure("schema", s->field_count);
  ImGui::EndTable();
}

}  // namespace cfgi::gui::policy_view
