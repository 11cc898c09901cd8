// App: the menu bar (File, View, Help) with the profile selector and its divergence badge on
// the right, the keyboard shortcuts, and the Help (shortcuts) and About dialogs.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include <imgui.h>

#include "app/gui/app.h"
#include "app/gui/app_internal.h"
#include "app/gui/theme.h"

namespace cfgi::gui {

namespace {

// Key codes of letters: GLFW (also its browser emulation) uses the ASCII upper-case code, and
// ImGui 1.86 indexes io.KeysDown with the backend's codes.
bool Pressed(char letter) { return ImGui::IsKeyPressed(static_cast<int>(letter), false); }
bool PressedKey(ImGuiKey k, bool repeat = false) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(k), repeat); }
constexpr int kKeyF1 = 290, kKeyF8 = 297, kKeyF11 = 300, kKeyEnter = 257, kKeyKpEnter = 335, kKeyEqual = 61, kKeyMinus = 45, kKey0 = 48, kKeyKpAdd = 334,
              kKeyKpSub = 333;

// A pill-shaped label: "✖ 2" with a tinted background.
void Pill(const char* text, const ImVec4& color) {
  ImVec2 ts = ImGui::CalcTextSize(text);
  ImVec2 p = ImGui::GetCursorScreenPos();
  float padx = ImGui::GetFontSize() * 0.35f, pady = 1.0f;
  ImVec4 bg = color;
  bg.w = 0.18f;
  ImGui::GetWindowDrawList()->AddRectFilled(p, ImVec2(p.x + ts.x + padx * 2, p.y + ts.y + pady * 2), ImGui::GetColorU32(bg),
                                            ImGui::GetFontSize());
  ImGui::SetCursorScreenPos(ImVec2(p.x + padx, p.y + pady));
  ImGui::TextColored(color, "%s", text);
  ImGui::SetCursorScreenPos(ImVec2(p.x + ts.x + padx * 2, p.y));
  ImGui::Dummy(ImVec2(0, ts.y + pady * 2));
}

}  // namespace

// ---- shortcuts ----

void App::Shortcuts() {
  ImGuiIO& io = ImGui::GetIO();
  const bool ctrl = io.KeyCtrl, shift = io.KeyShift;
  if (ctrl && Pressed('O')) ShowOpenDialog();
  // In a browser Ctrl+W and Ctrl+PgUp/PgDn stay the browser's: Alt takes their place.
  const bool doc_mod = platform::BrowserOwnsTabShortcuts() ? io.KeyAlt : ctrl;
  if (ctrl && Pressed('E')) ExportResult();
  if (doc_mod && Pressed('W')) CloseDocument(active_);
  if (ctrl && Pressed('Q') && platform::CanQuit()) quit_ = true;
  if (ctrl && Pressed('S')) SaveSource();
  if (doc_mod && PressedKey(ImGuiKey_PageDown, true) && !docs_.empty())
    Activate((active_ + 1) % static_cast<int>(docs_.size()));
  if (doc_mod && PressedKey(ImGuiKey_PageUp, true) && !docs_.empty())
    Activate((active_ + static_cast<int>(docs_.size()) - 1) % static_cast<int>(docs_.size()));
  if (ImGui::IsKeyPressed(kKeyF8, true)) NextProblem(shift ? -1 : 1);
  if (ImGui::IsKeyPressed(kKeyF1, false)) show_help_ = true;
  // The engine view alone (every side panel folded away), and back: F11, or Ctrl+Shift+Enter
  // where the browser keeps F11 for its own full screen.
  if (ImGui::IsKeyPressed(kKeyF11, false) ||
      (ctrl && shift && (ImGui::IsKeyPressed(kKeyEnter, false) || ImGui::IsKeyPressed(kKeyKpEnter, false))))
    maximized_ = !maximized_;
  float old = ui_scale_;
  if (ctrl && (ImGui::IsKeyPressed(kKeyEqual, false) || ImGui::IsKeyPressed(kKeyKpAdd, false)))
    ui_scale_ = std::min(3.0f, ui_scale_ + 0.1f);
  if (ctrl && (ImGui::IsKeyPressed(kKeyMinus, false) || ImGui::IsKeyPressed(kKeyKpSub, false)))
    ui_scale_ = std::max(0.6f, ui_scale_ - 0.1f);
  if (ctrl && ImGui::IsKeyPressed(kKey0, false)) ui_scale_ = 1.0f;
  if (ui_scale_ != old) {
    ui_scale_ = std::round(ui_scale_ * 10) / 10;
    RequestFontRebuild();
  }
  if (ctrl && shift && Pressed('L')) {
    dark_ = !dark_;
    ApplyStyle();
  }
}

// ---- menu bar ----

void App::DrawMenuBar() {
  if (!ImGui::BeginMenuBar()) return;
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(10, 6));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(8, 8));
  // App name as the first item, like a title.
  ImGui::SetCursorPosX(ImGui::GetCursorPosX() + ImGui::GetStyle().ItemSpacing.x);
  ImGui::PushFont(theme::GetFonts().bold);
  ImGui::TextColored(theme::Pal().accent, "Config Inspector");
  ImGui::PopFont();
  if (ImGui::BeginMenu("File")) {
    if (ImGui::MenuItem("Open...", "Ctrl+O")) ShowOpenDialog();
    if (ImGui::BeginMenu("Samples", !samples_.empty())) {
      std::string group = "\x01";
      bool open = true;
      for (const Sample& s : samples_) {
        if (s.group != group) {
          if (group != "\x01" && !group.empty() && open) ImGui::EndMenu();
          group = s.group;
          // Each engine's samples under the engine's name (the welcome page's cards name them).
          const EngineCard* card = FindEngineCard(group);
          std::string label = card ? std::string(card->name) + "###" + group : group;
          open = group.empty() ? true : ImGui::BeginMenu(label.c_str());
        }
        if (open && ImGui::MenuItem(s.title.c_str())) OpenPaths({s.path});
        if (open && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", s.path.c_str());
      }
      if (group != "\x01" && !group.empty() && open) ImGui::EndMenu();
      ImGui::EndMenu();
    }
    if (ImGui::MenuItem("Welcome page", nullptr, active_ < 0 || welcome_)) welcome_ = true;
    if (platform::HasFileSystem() && ImGui::BeginMenu("Recent", !recent_.empty())) {
      std::string open_path;
      for (const std::string& r : recent_) {
        if (ImGui::MenuItem(BaseName(r).c_str())) open_path = r;
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", r.c_str());
      }
      ImGui::Separator();
      if (ImGui::MenuItem("Clear recent")) recent_.clear();
      ImGui::EndMenu();
      if (!open_path.empty()) OpenPaths({open_path});
    }
    DrawLiveMenuItems();  // Look up DNS..., Open Envoy admin..., Refresh (app_live.cpp)
    ImGui::Separator();
    if (ImGui::MenuItem(platform::HasFileSystem() ? "Save source" : "Download source", "Ctrl+S", false,
                        active_doc() && (active_doc()->dirty() || !platform::HasFileSystem())))
      SaveSource();
    if (ImGui::MenuItem("Export result JSON...", "Ctrl+E", false, active_doc() != nullptr)) ExportResult();
    if (platform::CanCopyLink() && ImGui::MenuItem("Copy link", nullptr, false, !docs_.empty())) {
      platform::CopyLink();
      status_ = std::string(theme::kIconOk) + " link copied: it holds the open documents (nothing is uploaded)";
      status_until_ = platform::Now() + 5;
    }
    if (ImGui::MenuItem("Close document", CloseKeyLabel(), false, active_doc() != nullptr)) CloseDocument(active_);
    if (platform::CanQuit()) {
      ImGui::Separator();
      if (ImGui::MenuItem("Quit", "Ctrl+Q")) quit_ = true;
    }
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("View")) {
    if (ImGui::MenuItem("Dark theme", nullptr, dark_)) { dark_ = true; ApplyStyle(); }
    if (ImGui::MenuItem("Light theme", "Ctrl+Shift+L", !dark_)) { dark_ = false; ApplyStyle(); }
    ImGui::Separator();
    if (ImGui::BeginMenu("UI scale")) {
      for (float s : {0.8f, 0.9f, 1.0f, 1.1f, 1.25f, 1.5f, 1.75f, 2.0f}) {
        char label[16];
        std::snprintf(label, sizeof label, "%d%%", static_cast<int>(std::lround(s * 100)));
        if (ImGui::MenuItem(label, nullptr, std::fabs(ui_scale_ - s) < 0.01f)) {
          ui_scale_ = s;
          RequestFontRebuild();
        }
      }
      ImGui::Separator();
      ImGui::MenuItem("Larger", "Ctrl+=", false, false);
      ImGui::MenuItem("Smaller", "Ctrl+-", false, false);
      ImGui::MenuItem("Reset", "Ctrl+0", false, false);
      ImGui::EndMenu();
    }
    ImGui::Separator();
    // Folding a panel keeps its size for when it comes back.
    if (ImGui::MenuItem("Documents panel", nullptr, SidebarShown())) ShowSidebar(!SidebarShown());
    if (ImGui::MenuItem("Explanation panel", nullptr, show_explanation_))
      show_explanation_ = !show_explanation_, maximized_ = false;
    if (ImGui::MenuItem("Problems and Source panels", nullptr, BottomShown())) ShowBottom(!BottomShown());
    if (ImGui::MenuItem("Maximise the engine view", "F11", maximized_)) maximized_ = !maximized_;
    ImGui::Separator();
    if (ImGui::MenuItem("Reset layout")) {
      sidebar_w_ = 230, right_w_ = 330, bottom_h_ = 290, problems_w_ = 560, below_h_ = 260;
      show_sidebar_ = show_explanation_ = show_bottom_ = true;
      maximized_ = false;
    }
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Help")) {
    if (ImGui::MenuItem("Keyboard shortcuts", "F1")) show_help_ = true;
    if (ImGui::MenuItem("About Config Inspector")) show_about_ = true;
    ImGui::EndMenu();
  }
  ImGui::PopStyleVar(2);
  DrawProfileSelector();
  ImGui::EndMenuBar();
}

void App::DrawProfileSelector() {
  OpenDocument* d = active_doc();
  if (!d) return;
  const auto& profiles = d->engine().profiles();
  const theme::Palette& pal = theme::Pal();
  const size_t n_div = d->comparison().size();
  // Right-aligned: "engine  profile [combo]  ⇄ N differ".
  std::string badge;
  if (profiles.size() > 1)
    badge = n_div ? std::string(theme::kIconDiverge) + " " + std::to_string(n_div) + (n_div == 1 ? " divergence" : " divergences")
                  : std::string(theme::kIconOk) + " profiles agree";
  const float combo_w = ImGui::GetFontSize() * 9;
  float w = ImGui::CalcTextSize("profile").x + (profiles.size() > 1 ? combo_w : ImGui::CalcTextSize(d->profile().c_str()).x) +
            ImGui::CalcTextSize(badge.c_str()).x +
            ImGui::CalcTextSize(std::string(d->engine().name()).c_str()).x + ImGui::GetFontSize() * 5.5f;
  const float engine_w = ImGui::GetFontSize() * 6.5f;
  w += engine_w;
  ImGui::SetCursorPosX(std::max(ImGui::GetCursorPosX() + 20, ImGui::GetWindowContentRegionMax().x - w));
  ImGui::PushStyleColor(ImGuiCol_Text, pal.muted);
  ImGui::TextUnformatted("engine");
  ImGui::PopStyleColor();
  ImGui::SameLine();
  // The engine switch: the document's engine, and the others to read it with.
  ImGui::SetNextItemWidth(engine_w);
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(ImGui::GetStyle().FramePadding.x, 2));
  std::string engine_label = std::string(d->engine().name()) + (d->engine_request().empty() ? "" : " *");
  if (ImGui::BeginCombo("##engine", engine_label.c_str())) {
    DrawEngineChoices(d);
    ImGui::EndCombo();
  }
  ImGui::PopStyleVar();
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", d->engine_request().empty()
                                ? ("chosen by " + d->engine_rule() + " (docs/formats.md, How the engine is chosen)").c_str()
                                : "chosen by you; pick 'automatic' to let the rules choose");
  ImGui::SameLine(0, ImGui::GetFontSize());
  ImGui::PushStyleColor(ImGuiCol_Text, pal.muted);
  ImGui::TextUnformatted("profile");
  ImGui::PopStyleColor();
  ImGui::SameLine();
  if (profiles.size() <= 1) {  // nothing to choose
    ImGui::TextUnformatted(d->profile().c_str());
    return;
  }
  ImGui::SetNextItemWidth(combo_w);
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(ImGui::GetStyle().FramePadding.x, 2));
  if (ImGui::BeginCombo("##profile", d->profile().c_str())) {
    for (const doc::Profile& p : profiles) {
      bool sel = p.name == d->profile();
      if (ImGui::Selectable(p.name.c_str(), sel)) {
        d->set_profile(p.name);
        selected_step_ = nullptr;
        selected_problem_ = -1;
      }
      if (ImGui::IsItemHovered() && !p.description.empty()) ImGui::SetTooltip("%s", p.description.c_str());
      if (sel) ImGui::SetItemDefaultFocus();
    }
    ImGui::EndCombo();
  }
  ImGui::PopStyleVar();
  if (!badge.empty()) {
    ImGui::SameLine();
    Pill(badge.c_str(), n_div ? pal.warning : pal.ok);
    if (n_div && ImGui::IsItemHovered()) {
      ImGui::BeginTooltip();
      ImGui::TextUnformatted("Result values that differ between profiles:");
      int shown = 0;
      for (const Divergence& dv : d->comparison().divergences) {
        if (++shown > 12) { ImGui::TextUnformatted("..."); break; }
        ImGui::BulletText("%s", dv.path.c_str());
      }
      ImGui::EndTooltip();
    }
  }
}

void App::DrawEngineChoices(OpenDocument* d) {
  if (!d) return;
  if (ImGui::MenuItem("automatic", nullptr, d->engine_request().empty())) {
    d->SetEngine("", platform::Now());
    selected_step_ = nullptr;
    selected_problem_ = -1;
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("the rules of docs/formats.md: scenario engine:, proto-message header, content");
  for (const Engine* e : Engines()) {
    std::string name(e->name());
    if (ImGui::MenuItem(name.c_str(), nullptr, d->engine_request() == name)) {
      d->SetEngine(name, platform::Now());
      selected_step_ = nullptr;
      selected_problem_ = -1;
    }
  }
}

// ---- dialogs ----

void App::DrawHelp() {
  if (!theme::BeginCenteredModal("Keyboard shortcuts", &show_help_)) return;
  const bool web = platform::BrowserOwnsTabShortcuts();
  std::vector<std::pair<const char*, const char*>> keys = {
      {"Ctrl+O", "Open files (several files form one scenario)"},
      {"Ctrl+S", platform::HasFileSystem() ? "Save the file shown in the Source panel"
                                           : "Download the file shown in the Source panel"},
      {"Ctrl+E", "Export the result as JSON (the CLI's format)"},
      {CloseKeyLabel(), "Close the document"},
      {web ? "Alt+PgDn / Alt+PgUp" : "Ctrl+PgDn / Ctrl+PgUp", "Next / previous document"},
      {"F8 / Shift+F8", "Next / previous problem (jumps to the source)"},
      {web ? "Ctrl+Shift+Enter" : "F11 / Ctrl+Shift+Enter", "Maximise the engine view (fold every side panel), and back"},
      {"Ctrl+= / Ctrl+- / Ctrl+0", "Larger / smaller / default UI scale"},
      {"Ctrl+Shift+L", "Switch between dark and light themes"},
      {"Arrows, Space, Enter, Esc", "Move between and inside panels, activate, leave"},
  };
  // The browser keeps Ctrl+Tab for its own tabs.
  if (!web) keys.push_back({"Ctrl+Tab", "Switch between the main window and open dialogs"});
  if (platform::CanQuit()) keys.push_back({"Ctrl+Q", "Quit"});
  keys.push_back({"F1", "This list"});
  if (ImGui::BeginTable("##keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
    for (const auto& [key, what] : keys) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::PushFont(theme::GetFonts().mono);
      ImGui::TextUnformatted(key);
      ImGui::PopFont();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(what);
    }
    ImGui::EndTable();
  }
  ImGui::Spacing();
  theme::TextMuted("Edits in the Source panel re-evaluate %.0f ms after you stop typing.", OpenDocument::kDebounceSeconds * 1000);
  if (ImGui::Button("Close", ImVec2(ImGui::GetFontSize() * 6, 0)) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
    ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

void App::DrawAbout() {
  if (!theme::BeginCenteredModal("About Config Inspector", &show_about_)) return;
  ImGui::PushFont(theme::GetFonts().bold);
  ImGui::Text("Config Inspector %s", CFGI_VERSION);
  ImGui::PopFont();
  ImGui::TextUnformatted("Inspects xDS dynamic parameter variants (TP2), unified matchers (A106),");
  ImGui::TextUnformatted("gRPC service config in DNS TXT (A2), Kuma policies and CppMicroServices targets.");
  ImGui::Spacing();
  theme::TextMuted("Engines:");
  for (const Engine* e : Engines()) {
    std::string ps;
    for (const auto& p : e->profiles()) ps += (ps.empty() ? "" : ", ") + p.name;
    ImGui::BulletText("%s  (%s)", std::string(e->name()).c_str(), ps.c_str());
  }
  ImGui::Spacing();
  theme::TextMuted("Dear ImGui %s. Everything runs locally; nothing is sent anywhere.", ImGui::GetVersion());
  if (ImGui::Button("Close", ImVec2(ImGui::GetFontSize() * 6, 0)) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
    ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

}  // namespace cfgi::gui
