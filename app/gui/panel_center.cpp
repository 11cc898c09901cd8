// App: the central panel, the active document's title and description above its engine view, a
// spinner while its first evaluation runs, or the welcome screen when nothing is open.
#include <algorithm>
#include <string>
#include <vector>

#include <imgui.h>

#include "app/gui/app.h"
#include "app/gui/app_internal.h"
#include "app/gui/theme.h"

namespace cfgi::gui {

void App::DrawCenter() {
  OpenDocument* d = active_doc();
  if (!d || welcome_) {
    DrawWelcome();
    return;
  }
  Open& o = docs_[static_cast<size_t>(active_)];
  if (d->generation() == 0) {  // first evaluation still running (a large file)
    ImVec2 avail = ImGui::GetContentRegionAvail();
    ImGui::SetCursorPos(ImVec2(avail.x * 0.5f - ImGui::GetFontSize() * 6, avail.y * 0.4f));
    const char* spin = "|/-\\";
    ImGui::Text("%c  Evaluating %s ...", spin[static_cast<int>(ImGui::GetTime() / kProgressRedrawSeconds) & 3], BaseName(d->path()).c_str());
    platform::WakeUpIn(kProgressRedrawSeconds);
    return;
  }
  // Title block: scenario title, description, engine and timing.
  const ImGuiStyle& st = ImGui::GetStyle();
  // The engine view alone and back (F11), visible where the view starts: every side panel
  // folds away (the strips bring them back).
  const char* max_label = maximized_ ? "\u2750##maximise" : "\u25a1##maximise";
  const float max_w = ImGui::CalcTextSize(max_label, nullptr, true).x + st.FramePadding.x * 2 + st.ItemSpacing.x;
  ImGui::SetCursorPos(ImVec2(ImGui::GetWindowWidth() - max_w - st.WindowPadding.x, st.WindowPadding.y * 1.2f));
  ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0, 0, 0, 0));
  ImGui::PushStyleColor(ImGuiCol_Text, theme::Pal().muted);
  if (ImGui::SmallButton(max_label)) maximized_ = !maximized_;
  ImGui::PopStyleColor(2);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(maximized_ ? "Show the side panels again (F11)" : "Maximise the engine view: fold the side panels (F11)");
  ImGui::SetCursorPos(ImVec2(st.WindowPadding.x * 1.5f, st.WindowPadding.y * 1.2f));
  ImGui::BeginGroup();
  const float full = ImGui::GetContentRegionAvail().x - st.WindowPadding.x - max_w;
  ImGui::PushFont(theme::GetFonts().bold);
  // A title wider than its room stops before the maximise control ("…", the whole on hover).
  const std::string& title = d->title();
  if (ImGui::CalcTextSize(title.c_str()).x <= full) {
    ImGui::TextUnformatted(title.c_str());
  } else {
    const float ell = ImGui::CalcTextSize(" \u2026").x;
    size_t cut = title.size();
    while (cut > 0 && ImGui::CalcTextSize(title.data(), title.data() + cut).x > full - ell) {
      --cut;
      while (cut > 0 && (static_cast<unsigned char>(title[cut]) & 0xC0) == 0x80) --cut;
    }
    ImGui::Text("%.*s \u2026", static_cast<int>(cut), title.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", title.c_str());
  }
  ImGui::PopFont();
  const std::string& desc = d->scenario().description;
  // The description follows the title on its line (one line for both, so the engine view keeps
  // its rows at 1024x700 and scale 1.5); opened ("more"), it wraps under the title.
  // Only when the title leaves no room for "... more" does the description go under it.
  const float more_w = ImGui::CalcTextSize(" \u2026 more").x + st.FramePadding.x * 4;
  if (!desc.empty() && !description_open_ && full - ImGui::GetItemRectSize().x >= more_w + ImGui::GetFontSize() * 1.5f)
    ImGui::SameLine(0, ImGui::GetFontSize());
  const float room = description_open_ ? full : ImGui::GetContentRegionAvail().x - st.WindowPadding.x - max_w;
  if (!desc.empty() && (description_open_ || ImGui::CalcTextSize(desc.c_str()).x <= room)) {
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + room);
    theme::TextMuted("%s", desc.c_str());
    ImGui::PopTextWrapPos();
    if (description_open_ && ImGui::SmallButton("less")) description_open_ = false;
  } else if (!desc.empty()) {
    // A long description takes one line (cut at a word, the whole text on hover, "more" opens
    // it), so the engine view keeps its rows in a small window.
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

// The welcome page (docs/gui.md, "Welcome page"): what the app is, Open, and one card per engine
// saying what it answers; a click anywhere on a card (or its button, for the keyboard) opens the
// engine's best sample. Cards flow into as many columns as fit, so 1024x700 and scale 1.5 keep
// every card whole.
void App::DrawWelcome() {
  const ImGuiStyle& st = ImGui::GetStyle();
  const float fs = ImGui::GetFontSize();
  ImGui::BeginChild("##welcome", ImVec2(0, 0), false, ImGuiWindowFlags_AlwaysUseWindowPadding);
  ImGui::SetCursorPosY(ImGui::GetCursorPosY() + fs * 0.5f);
  ImGui::PushFont(theme::GetFonts().bold);
  ImGui::TextUnformatted("Config Inspector");
  ImGui::PopFont();
  ImGui::PushTextWrapPos(0.0f);
  theme::TextMuted("What does this configuration get, why, what is wrong with it, and do the implementations agree?");
  ImGui::PopTextWrapPos();
  ImGui::Spacing();
  if (ImGui::Button("Open files...")) ShowOpenDialog();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Ctrl+O");
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  theme::TextMuted("or drop configuration files onto the window. Or start from a sample:");
  if (!docs_.empty()) {
    ImGui::SameLine();
    if (ImGui::SmallButton("Back to the open documents")) welcome_ = false;
  }
  ImGui::Spacing();

  const std::vector<EngineCard>& cards = EngineCards();
  const float avail = ImGui::GetContentRegionAvail().x;
  const float gap = st.ItemSpacing.x * 1.5f;
  const int cols = std::max(1, std::min(static_cast<int>(cards.size()), static_cast<int>((avail + gap) / (fs * 17 + gap))));
  const float card_w = (avail - gap * static_cast<float>(cols - 1)) / static_cast<float>(cols);
  // The tallest card's text sets the row height: the question wraps to more lines in narrow cards.
  float text_h = 0;
  for (const EngineCard& c : cards)
    text_h = std::max(text_h, ImGui::CalcTextSize(c.answers, nullptr, false, card_w - fs * 1.4f).y);
  const float card_h = fs * 2.4f + text_h + ImGui::GetFrameHeightWithSpacing() * 2.2f + fs * 1.0f;
  welcome_cards_.clear();
  const theme::Palette& pal = theme::Pal();
  std::string open_path;
  for (size_t i = 0; i < cards.size(); ++i) {
    const EngineCard& c = cards[i];
    const Sample* sample = FindSample(c.sample);
    if (i % static_cast<size_t>(cols) != 0) ImGui::SameLine(0, gap);
    ImGui::PushID(c.engine);
    ImGui::PushStyleVar(ImGuiStyleVar_ChildRounding, 6.0f);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(fs * 0.7f, fs * 0.5f));
    ImGui::PushStyleColor(ImGuiCol_ChildBg, ImGui::GetStyleColorVec4(ImGuiCol_FrameBg));
    ImGui::BeginChild("##card", ImVec2(card_w, card_h), true,
                      ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_AlwaysUseWindowPadding);
    ImGui::PushFont(theme::GetFonts().bold);
    ImGui::TextUnformatted(c.name);
    ImGui::PopFont();
    theme::TextMuted("%s", c.spec);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(c.answers);
    ImGui::PopTextWrapPos();
    ImGui::SetCursorPosY(card_h - fs * 0.5f - ImGui::GetFrameHeightWithSpacing() * 2.0f);
    if (sample) {
      // The sample's title, shortened to the card (the full title on hover).
      std::string title = sample->title;
      const float room = ImGui::GetContentRegionAvail().x;
      while (title.size() > 4 && ImGui::CalcTextSize(title.c_str()).x > room) title = title.substr(0, title.size() - 4) + "...";
      ImGui::TextColored(pal.accent, "%s", title.c_str());
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s\n%s", sample->title.c_str(), sample->path.c_str());
      if (ImGui::Button("Open this sample")) open_path = sample->path;
    } else {
      theme::TextMuted("(its sample %s is not installed)", c.sample);
    }
    const bool hovered = ImGui::IsWindowHovered(ImGuiHoveredFlags_ChildWindows | ImGuiHoveredFlags_AllowWhenBlockedByActiveItem);
    if (sample && hovered && ImGui::IsMouseReleased(ImGuiMouseButton_Left) && !ImGui::IsMouseDragging(ImGuiMouseButton_Left))
      open_path = sample->path;
    ImGui::EndChild();
    if (hovered && sample) {
      ImGui::GetWindowDrawList()->AddRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax(),
                                          ImGui::GetColorU32(pal.accent), 6.0f, 0, 1.5f);
      ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
    }
    ImGui::PopStyleColor();
    ImGui::PopStyleVar(2);
    WelcomeCard wc;
    wc.engine = c.engine;
    wc.sample = sample ? sample->path : std::string();
    wc.sample_title = sample ? sample->title : std::string();
    wc.x = ImGui::GetItemRectMin().x;
    wc.y = ImGui::GetItemRectMin().y;
    wc.w = ImGui::GetItemRectSize().x;
    wc.h = ImGui::GetItemRectSize().y;
    welcome_cards_.push_back(std::move(wc));
    ImGui::PopID();
  }
  ImGui::Spacing();
  ImGui::PushTextWrapPos(0.0f);
  theme::TextMuted("Every sample is under File > Samples, by engine. F1 lists the shortcuts.");
  ImGui::PopTextWrapPos();
  ImGui::EndChild();
  if (!open_path.empty()) OpenPaths({open_path});
}

}  // namespace cfgi::gui
