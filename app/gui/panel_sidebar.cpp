// App: the DOCUMENTS panel, one row per open document (title, dirty dot, engine and file, error
// and warning badges; right-click to close, reload, copy the path or choose the engine: Read as), then the drop hint.
#include <cstdio>
#include <string>

#include <imgui.h>

#include "app/gui/app.h"
#include "app/gui/app_internal.h"
#include "app/gui/theme.h"

namespace cfgi::gui {

void App::DrawSidebar() {
  char extra[16];
  std::snprintf(extra, sizeof extra, "%zu", docs_.size());
  if (theme::PanelHeader("DOCUMENTS", docs_.empty() ? nullptr : extra, "\u00ab", "Fold the Documents panel away (View menu brings it back)"))
    show_sidebar_ = false;
  const theme::Palette& pal = theme::Pal();
  ImGui::Indent(ImGui::GetStyle().WindowPadding.x * 0.5f);
  int close = -1;
  for (size_t i = 0; i < docs_.size(); ++i) {
    const OpenDocument& d = *docs_[i].doc;
    ImGui::PushID(static_cast<int>(i));
    const float row_h = ImGui::GetTextLineHeight() * 2 + ImGui::GetStyle().ItemSpacing.y * 2.5f;
    ImVec2 p = ImGui::GetCursorScreenPos();
    float avail = ImGui::GetContentRegionAvail().x - ImGui::GetStyle().WindowPadding.x * 0.5f;
    if (ImGui::Selectable("##doc", active_ == static_cast<int>(i), ImGuiSelectableFlags_AllowItemOverlap, ImVec2(avail, row_h)))
      Activate(static_cast<int>(i));
    if (ImGui::BeginPopupContextItem()) {
      if (ImGui::MenuItem("Close", CloseKeyLabel())) close = static_cast<int>(i);
      if (ImGui::MenuItem("Reload from disk")) {
        if (auto t = platform::ReadFile(d.path())) {
          doc::DecodeText(&*t);  // the editor's text has no BOM and no CRLF (saving restores them)
          docs_[i].doc->Edit(0, *t, platform::Now() - 1), docs_[i].doc->MarkSaved(0);
        }
      }
      if (ImGui::BeginMenu("Read as")) {
        DrawEngineChoices(docs_[i].doc.get());
        ImGui::EndMenu();
      }
      if (ImGui::MenuItem("Copy path")) platform::SetClipboard(d.path());
      ImGui::Separator();
      // The core's suppression of the dead-configuration codes (core/engine/dead_config.h).
      if (ImGui::MenuItem("Hide dead-configuration lints", nullptr, d.hide_dead_lints()))
        SetHideDeadLints(*docs_[i].doc, !d.hide_dead_lints());
      ImGui::EndPopup();
    }
    if (ImGui::IsItemHovered()) {
      ImGui::BeginTooltip();
      ImGui::TextUnformatted(d.path().c_str());
      if (!d.scenario().description.empty()) {
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
        theme::TextMuted("%s", d.scenario().description.c_str());
        ImGui::PopTextWrapPos();
      }
      ImGui::EndTooltip();
    }
    ImDrawList* dl = ImGui::GetWindowDrawList();
    float pad = ImGui::GetStyle().ItemSpacing.y;
    // Title (with a dirty dot) and, below, engine · file.
    std::string title = d.title();
    if (d.dirty()) title += std::string(" ") + theme::kIconDirty;
    // Badges on the right: ✖ n  ⚠ n, or ✓ when clean.
    std::string b_err = d.error_count() ? std::string(theme::kIconError) + " " + std::to_string(d.error_count()) : "";
    std::string b_warn = d.warning_count() ? std::string(theme::kIconWarning) + " " + std::to_string(d.warning_count()) : "";
    float bx = p.x + avail - pad;
    auto badge_at = [&](const std::string& s, const ImVec4& c) {
      if (s.empty()) return;
      float w = ImGui::CalcTextSize(s.c_str()).x;
      bx -= w;
      dl->AddText(ImVec2(bx, p.y + pad), ImGui::GetColorU32(c), s.c_str());
      bx -= ImGui::GetFontSize() * 0.6f;
    };
    badge_at(b_warn, pal.warning);
    badge_at(b_err, pal.error);
    if (b_err.empty() && b_warn.empty()) badge_at(theme::kIconOk, pal.ok);
    dl->PushClipRect(ImVec2(p.x, p.y), ImVec2(bx, p.y + row_h), true);
    dl->AddText(theme::GetFonts().ui, ImGui::GetFontSize(), ImVec2(p.x + pad * 1.5f, p.y + pad), ImGui::GetColorU32(pal.text),
                title.c_str());
    dl->PopClipRect();
    std::string sub = std::string(d.engine().name()) + "  " + BaseName(d.path());
    dl->PushClipRect(ImVec2(p.x, p.y), ImVec2(p.x + avail, p.y + row_h), true);
    ImFont* small = theme::GetFonts().small;
    dl->AddText(small, small->FontSize, ImVec2(p.x + pad * 1.5f, p.y + pad + ImGui::GetTextLineHeight() + pad * 0.3f),
                ImGui::GetColorU32(pal.muted), sub.c_str());
    dl->PopClipRect();
    ImGui::PopID();
  }
  if (close >= 0) CloseDocument(close);
  ImGui::Unindent(ImGui::GetStyle().WindowPadding.x * 0.5f);

  // Drop hint and quick actions below the list.
  ImGui::Spacing();
  ImGui::Spacing();
  ImGui::Indent(ImGui::GetStyle().WindowPadding.x);
  ImGui::PushFont(theme::GetFonts().small);
  theme::TextMuted("Drop files here, or");
  ImGui::PopFont();
  if (ImGui::SmallButton("Open...")) ShowOpenDialog();
  ImGui::Unindent(ImGui::GetStyle().WindowPadding.x);
}

}  // namespace cfgi::gui
