// App: the central panel, the active document's title and description above its engine view, a
// spinner while its first evaluation runs, or the welcome screen when nothing is open.
#include <string>

#include <imgui.h>

#include "app/gui/app.h"
#include "app/gui/app_internal.h"
#include "app/gui/theme.h"

namespace cfgi::gui {

void App::DrawCenter() {
  OpenDocument* d = active_doc();
  if (!d) {
    DrawWelcome();
    return;
  }
  Open& o = docs_[static_cast<size_t>(active_)];
  if (d->generation() == 0) {  // first evaluation still running (a large file)
    ImVec2 avail = ImGui::GetContentRegionAvail();
    ImGui::SetCursorPos(ImVec2(avail.x * 0.5f - ImGui::GetFontSize() * 6, avail.y * 0.4f));
    const char* spin = "|/-\\";
    ImGui::Text("%c  Evaluating %s ...", spin[static_cast<int>(ImGui::GetTime() * 8) & 3], BaseName(d->path()).c_str());
    platform::WakeUpIn(0.1);
    return;
  }
  // Title block: scenario title, description, engine and timing.
  const ImGuiStyle& st = ImGui::GetStyle();
  ImGui::SetCursorPos(ImVec2(st.WindowPadding.x * 1.5f, st.WindowPadding.y * 1.2f));
  ImGui::BeginGroup();
  ImGui::PushFont(theme::GetFonts().bold);
  ImGui::TextUnformatted(d->title().c_str());
  ImGui::PopFont();
  const std::string& desc = d->scenario().description;
  const float room = ImGui::GetContentRegionAvail().x - st.WindowPadding.x;
  if (!desc.empty() && (description_open_ || ImGui::CalcTextSize(desc.c_str()).x <= room)) {
    ImGui::PushTextWrapPos(room);
    theme::TextMuted("%s", desc.c_str());
    ImGui::PopTextWrapPos();
    if (description_open_ && ImGui::SmallButton("less")) description_open_ = false;
  } else if (!desc.empty()) {
    // A long description takes one line (cut at a word, the whole text on hover, "more" opens
    // it), so the engine view keeps its rows in a small window.
    const float more_w = ImGui::CalcTextSize(" \u2026 more").x + st.FramePadding.x * 4;
    size_t cut = desc.size();
    while (cut > 0 && ImGui::CalcTextSize(desc.data(), desc.data() + cut).x > room - more_w) {
      size_t sp = desc.rfind(' ', cut - 1);
      cut = sp == std::string::npos ? 0 : sp;
    }
    theme::TextMuted("%.*s \u2026", static_cast<int>(cut), desc.c_str());
    if (ImGui::IsItemHovered()) {
      ImGui::BeginTooltip();
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 36);
      ImGui::TextUnformatted(desc.c_str());
      ImGui::PopTextWrapPos();
      ImGui::EndTooltip();
    }
    ImGui::SameLine();
    if (ImGui::SmallButton("more")) description_open_ = true;
  }
  ImGui::EndGroup();
  ImGui::SetCursorPosX(st.WindowPadding.x);
  ImGui::Spacing();
  ImGui::BeginChild("##view", ImVec2(0, 0), false, ImGuiWindowFlags_AlwaysUseWindowPadding);
  o.view->Draw(*this);
  ImGui::EndChild();
}

void App::DrawWelcome() {
  ImVec2 avail = ImGui::GetContentRegionAvail();
  ImGui::SetCursorPos(ImVec2(avail.x * 0.18f, avail.y * 0.22f));
  ImGui::BeginGroup();
  ImGui::PushFont(theme::GetFonts().bold);
  ImGui::TextUnformatted("Config Inspector");
  ImGui::PopFont();
  theme::TextMuted("What does this config do, why, what is wrong, and do implementations agree?");
  ImGui::Spacing();
  ImGui::Spacing();
  if (ImGui::Button("Open a file...  (Ctrl+O)")) ShowOpenDialog();
  theme::TextMuted("or drop configuration files onto the window.");
  if (!samples_.empty()) {
    ImGui::Spacing();
    ImGui::TextUnformatted("Samples");
    int shown = 0;
    for (const Sample& s : samples_) {
      if (++shown > 10) break;
      std::string label = s.title + (s.group.empty() ? "" : "  (" + s.group + ")");
      if (ImGui::Selectable(label.c_str(), false, 0, ImVec2(ImGui::GetFontSize() * 24, 0))) OpenPaths({s.path});
    }
  }
  ImGui::EndGroup();
}

}  // namespace cfgi::gui
