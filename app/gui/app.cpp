// App: construction, start-up, the frame and the layout of its panels (splitters), and the
// ViewContext the engine views talk to. The rest of App is in app_*.cpp and panel_*.cpp (app.h
// lists them).
#include "app/gui/app.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include <imgui.h>

#include "app/gui/app_internal.h"
#include "app/gui/theme.h"

#ifndef CFGI_SAMPLES_DIR
#define CFGI_SAMPLES_DIR "samples"
#endif

namespace cfgi::gui {

namespace {

// A draggable splitter between two panels; `size` is the first panel's size in unscaled pixels.
void Splitter(const char* id, bool vertical, float* size, float min_size, float max_size, float scale) {
  const float thick = 5.0f * scale;
  ImVec2 pos = ImGui::GetCursorScreenPos();
  ImVec2 avail = ImGui::GetContentRegionAvail();
  ImVec2 sz = vertical ? ImVec2(thick, avail.y) : ImVec2(avail.x, thick);
  ImGui::InvisibleButton(id, sz);
  bool hovered = ImGui::IsItemHovered(), active = ImGui::IsItemActive();
  if (hovered || active) ImGui::SetMouseCursor(vertical ? ImGuiMouseCursor_ResizeEW : ImGuiMouseCursor_ResizeNS);
  if (active) {
    float d = vertical ? ImGui::GetIO().MouseDelta.x : ImGui::GetIO().MouseDelta.y;
    *size = std::clamp(*size + d / scale, min_size, std::max(min_size, max_size));
  }
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImU32 col = ImGui::GetColorU32(active ? ImGuiCol_SeparatorActive : hovered ? ImGuiCol_SeparatorHovered : ImGuiCol_Border);
  if (vertical) {
    float x = pos.x + thick * 0.5f;
    dl->AddLine(ImVec2(x, pos.y), ImVec2(x, pos.y + sz.y), col, (hovered || active) ? 2.0f * scale : 1.0f);
  } else {
    float y = pos.y + thick * 0.5f;
    dl->AddLine(ImVec2(pos.x, y), ImVec2(pos.x + sz.x, y), col, (hovered || active) ? 2.0f * scale : 1.0f);
  }
}

}  // namespace

// A folded panel's strip: a thin column (vertical) or line with one button that brings the panel
// back (and leaves a maximised engine view).
void App::ShowBottom(bool on) {
  show_bottom_ = on;
  if (on && short_window_.tight) short_window_.kept = true;  // unfolded in a short window: it stays
  maximized_ = false;
}

void App::ShowSidebar(bool on) {
  show_sidebar_ = on;
  if (on && narrow_window_.tight) narrow_window_.kept = true;
  maximized_ = false;
}

void App::FoldedStrip(const char* id, bool vertical, const char* label, const char* tip, bool* show) {
  const float strip = ImGui::GetFrameHeight();
  ImGui::PushID(id);
  ImGui::BeginChild("##strip", vertical ? ImVec2(strip, 0) : ImVec2(0, strip), false, ImGuiWindowFlags_NoScrollbar);
  ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0, 0, 0, 0));
  ImGui::PushStyleColor(ImGuiCol_Text, theme::Pal().muted);
  ImGui::PushFont(theme::GetFonts().small);
  if (ImGui::Button(label, vertical ? ImVec2(strip, strip * 2) : ImVec2(0, strip))) {
    *show = true;
    maximized_ = false;
  }
  ImGui::PopFont();
  ImGui::PopStyleColor(2);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip);
  ImGui::EndChild();
  ImGui::PopID();
}

App::App(AppOptions options) : options_(std::move(options)) {
  sample_dirs_ = {CFGI_SAMPLES_DIR, "samples"};
  // An installed app (cmake --install): PREFIX/bin/config-inspector finds the samples in
  // PREFIX/share/config-inspector/samples. No /proc on the web: nothing is added there.
  std::error_code ec;
  std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) sample_dirs_.push_back((exe.parent_path().parent_path() / "share/config-inspector/samples").string());
}

App::~App() = default;

// ---- start-up ----

void App::Start(const std::vector<std::string>& paths) {
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // imgui.ini goes through platform settings storage
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  io.ConfigWindowsMoveFromTitleBarOnly = true;
  LoadSettings();
  if (options_.dark) dark_ = *options_.dark;
  if (options_.scale) ui_scale_ = *options_.scale;
  applied_scale_ = ui_scale_ * platform::ContentScale();
  theme::LoadFonts(applied_scale_);
  ApplyStyle();
  ScanSamples();
  platform::SetDropHandler([this](std::vector<platform::File> files) {
    // Files dropped together form one scenario per engine that reads them (a mesh and its
    // policies are one; an Envoy config beside them is another): grouped on the worker.
    OpenDropped(std::move(files));
  });
  OpenState given;  // the files named on the command line open in the --view state
  given.view = options_.view;
  given.engine = options_.engine;
  for (const std::string& p : paths) OpenPaths({p}, given);
  if (options_.show == "help") show_help_ = true;
  if (options_.show == "about") show_about_ = true;
  if (options_.show == "open") ShowOpenDialog();
  if (options_.show.rfind("connect", 0) == 0) {  // connect, connect=csds (the kind: dns, admin, csds, kuma)
    live_form_.show = true;
    static const char* kKinds[] = {"connect=dns", "connect=admin", "connect=csds", "connect=kuma"};
    for (int k = 0; k < 4; ++k)
      if (options_.show == kKinds[k]) live_form_.kind = k;
  }
  // The first start (and any start with nothing to restore) shows the welcome page: nothing is
  // open, so DrawCenter draws it; --show welcome shows it over restored documents too.
  if (options_.show == "welcome") welcome_ = true;
  started_ = true;
}

// ---- ViewContext ----

void App::SelectExplanation(const doc::Step* step) { selected_step_ = step; }

void App::Run(Job job) { jobs_.Submit(std::move(job)); }

void App::Ask(Query q) {
  if (OpenDocument* d = active_doc()) d->SetQuery(std::move(q), platform::Now());
}

void App::JumpTo(const std::string& file, doc::SourceRange range) {
  OpenDocument* d = active_doc();
  if (!d) return;
  int idx = d->FileIndex(file);
  if (idx < 0) return;
  source_view_.Reveal(idx, range);
}

bool App::ReplaceText(const std::string& file, std::string text) {
  OpenDocument* d = active_doc();
  if (!d) return false;
  int idx = d->FileIndex(file);
  if (idx < 0 || !d->files()[static_cast<size_t>(idx)].editable) return false;
  d->Edit(idx, std::move(text), platform::Now());
  return true;
}

// ---- frame ----

// The panels' sizes and which are shown, computed once per frame (App::LayOut).
struct App::FrameLayout {
  float scale = 1, split = 0, strip = 0, top_h = 0, max_bottom = 0;
  bool nothing_open = false, sidebar_on = false, explanation_on = false, bottom_on = false;
};

// The stages: the work due this frame, the main window with its top and bottom rows and status
// bar, the dialogs, and a wake-up for evaluations still pending.
bool App::Frame() {
  BeginFrame();
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->WorkPos);
  ImGui::SetNextWindowSize(vp->WorkSize);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0);
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(0, 0));
  ImGuiWindowFlags wf = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                        ImGuiWindowFlags_MenuBar | ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoNavFocus;
  ImGui::Begin("##main", nullptr, wf);
  ImGui::PopStyleVar(3);
  DrawMenuBar();

  const FrameLayout L = LayOut();
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(0, 0));
  DrawTopRow(L);
  DrawBottomRow(L);
  ImGui::PopStyleVar();
  DrawStatusBar();
  ImGui::End();

  browser_.Draw();
  DrawHelp();
  DrawAbout();
  DrawLiveDialogs();
  // Evaluations pending after this frame (a debounced edit, or one asked for while drawing: the
  // policy view's dataplane and resource query) start in a later frame's loop above; wake the loop
  // for them, or an idle app waits for input with an evaluation due (the scale test's 30 MB mesh
  // stalled so in CI).
  for (const Open& o : docs_)
    if (auto in = o.doc->PendingIn(platform::Now())) platform::WakeUpIn(*in + 0.001);
  return !quit_;
}

// Debounced evaluations, view sync, a font rebuild, the periodic save and the shortcuts.
void App::BeginFrame() {
  const double now = platform::Now();
  // Debounced re-evaluation: edits schedule it, the loop wakes up for it.
  // (The loop wakes for evaluations still pending at the end of the frame: App::Frame.)
  for (Open& o : docs_)
    if (o.doc->EvaluationDue(now)) StartEvaluation(o);
  SyncViews();
  // The window moved to a monitor with another content scale: rebuild fonts for crisp text.
  if (std::fabs(ui_scale_ * platform::ContentScale() - applied_scale_) > 0.001f) RequestFontRebuild();
  if (ImGui::GetIO().WantSaveIniSettings || now - last_save_ > 2.0) {  // writes only what changed
    last_save_ = now;
    Save();
  }
  Shortcuts();
}

// The panels' sizes; folds the bottom and the sidebar when the window is too short or narrow.
App::FrameLayout App::LayOut() {
  FrameLayout L;
  L.scale = ui_scale_ * platform::ContentScale();
  const float scale = L.scale;
  const float status_h = ImGui::GetFrameHeight();
  ImVec2 avail = ImGui::GetContentRegionAvail();
  L.split = 5.0f * scale;
  const float total_h = avail.y - status_h;
  // Folded panels (and a maximised engine view) leave a thin strip that brings them back.
  // A window too short for the engine view's 8 table rows beside the Problems and Source panels
  // (under 480 points of height at the UI scale: 1024x700 at scale 1.5) folds them to their strip
  // by itself; unfolding them there (the strip, the View menu) keeps them open until the window's
  // height crosses that line again. The user's own choice (show_bottom_) is not changed.
  // Likewise, by content width: when the engine view would fall under kMinViewPoints beside the
  // Documents and Explanation panels (1024x700, and any window at scale 1.5 under 1,900 pixels),
  // the Documents panel folds, so the view's columns keep their values.
  // With no document open (the welcome page) the panels have nothing to show: they are not drawn
  // and leave the whole window to the welcome page (no strips either; it has Open itself).
  L.nothing_open = docs_.empty();
  const bool nothing_open = L.nothing_open;
  bottom_auto_folded_ = short_window_.Update(total_h / scale < 480.0f);
  const float view_pts = avail.x / scale - sidebar_w_ - (show_explanation_ ? right_w_ : 0.0f);
  sidebar_auto_folded_ = narrow_window_.Update(view_pts < kMinViewPoints);
  L.sidebar_on = SidebarShown() && !nothing_open;
  L.explanation_on = show_explanation_ && !maximized_ && !nothing_open;
  L.bottom_on = show_bottom_ && !maximized_ && !bottom_auto_folded_ && !nothing_open;
  L.strip = ImGui::GetFrameHeight();
  // The engine view keeps at least 60% of the height and 46% of the width, so a small window
  // (1024x700) or a large UI scale (1.5) still shows 8 rows of its tables and their values; at a
  // UI scale over 1.25 it keeps 70% (its bars and tab rows grow with the scale: the policy view's
  // tables showed 5.9 rows at 1.5 with 60%).
  L.max_bottom = std::max(80.0f, total_h / scale * (scale > 1.25f ? 0.3f : 0.4f));
  bottom_h_ = std::clamp(bottom_h_, 80.0f, L.max_bottom);
  L.top_h = L.bottom_on ? total_h - bottom_h_ * scale - L.split : nothing_open ? total_h : total_h - L.strip;
  return L;
}

// Top row: sidebar | view | explanation; or, when the view would still fall under
// kMinViewPoints beside the Explanation and the window is tall enough for both (half of a
// 1920x1080 screen beside an editor, a portrait monitor), sidebar | view over explanation, as
// a browser's DevTools docks its panes below when narrow. A short narrow window (1024x700 at
// 1.5) keeps it beside: under it the view would lose its table rows.
void App::DrawTopRow(const FrameLayout& L) {
  const float scale = L.scale, split = L.split, strip = L.strip, top_h = L.top_h;
  const bool nothing_open = L.nothing_open, sidebar_on = L.sidebar_on, explanation_on = L.explanation_on;
  ImGui::BeginChild("##top", ImVec2(0, top_h), false, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NavFlattened);
  {
    float w = ImGui::GetContentRegionAvail().x;
    const float max_side = std::max(140.0f, w / scale * 0.22f), max_right = std::max(180.0f, w / scale * 0.32f);
    sidebar_w_ = std::clamp(sidebar_w_, 140.0f, max_side);
    right_w_ = std::clamp(right_w_, 180.0f, max_right);
    const float left_pts = sidebar_on ? sidebar_w_ + split / scale : nothing_open ? 0.0f : strip / scale;
    const float rows_below = (top_h - kExplanationBelowMin * scale - split) / ImGui::GetFrameHeightWithSpacing();
    explanation_below_ = explanation_on && ExplanationBelow(w / scale - left_pts - right_w_ - split / scale, rows_below);
    if (sidebar_on) {
      ImGui::BeginChild("##sidebar", ImVec2(sidebar_w_ * scale, 0), false);
      ImGui::PopStyleVar();
      DrawSidebar();
      ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(0, 0));
      ImGui::EndChild();
      ImGui::SameLine();
      Splitter("##split_sidebar", true, &sidebar_w_, 140, max_side, scale);
    } else if (!nothing_open) {
      bool show = false;
      FoldedStrip("##strip_sidebar", true, "\u00bb", "Show the Documents panel", &show);
      if (show) ShowSidebar(true);
    }
    ImGui::SameLine();
    const float max_below = std::max(kExplanationBelowMin, top_h / scale * 0.5f);
    below_h_ = std::clamp(below_h_, kExplanationBelowMin, max_below);
    ImVec2 center_size(ImGui::GetContentRegionAvail().x -
                           (explanation_below_ ? 0.0f : explanation_on ? right_w_ * scale + split : nothing_open ? 0.0f : strip),
                       explanation_below_ ? top_h - below_h_ * scale - split : 0.0f);
    if (explanation_below_) ImGui::BeginGroup();  // the view and the Explanation under it share a column
    ImGui::BeginChild("##center", center_size, false, ImGuiWindowFlags_NoScrollbar);
    ImGui::PopStyleVar();
    center_px_[0] = ImGui::GetWindowWidth();
    center_px_[1] = ImGui::GetWindowHeight();
    DrawCenter();
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(0, 0));
    ImGui::EndChild();
    if (explanation_below_) {
      float inv = -below_h_;  // dragging down shrinks the panel below
      Splitter("##split_below", false, &inv, -max_below, -kExplanationBelowMin, scale);
      below_h_ = -inv;
      ImGui::BeginChild("##explanation", ImVec2(center_size.x, 0), false);
      ImGui::PopStyleVar();
      DrawExplanation();
      ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(0, 0));
      ImGui::EndChild();
      ImGui::EndGroup();
    } else if (explanation_on) {
      ImGui::SameLine();
      float inv = -right_w_;  // dragging right shrinks the right panel
      Splitter("##split_right", true, &inv, -max_right, -180, scale);
      right_w_ = -inv;
      ImGui::SameLine();
      ImGui::BeginChild("##explanation", ImVec2(0, 0), false);
      ImGui::PopStyleVar();
      DrawExplanation();
      ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(0, 0));
      ImGui::EndChild();
    } else if (!nothing_open) {
      ImGui::SameLine();
      FoldedStrip("##strip_explanation", true, "\u00ab", "Show the Explanation panel", &show_explanation_);
    }
  }
  ImGui::EndChild();
}

// Bottom row: problems | source; folded, one line with the problem counts.
void App::DrawBottomRow(const FrameLayout& L) {
  const float scale = L.scale, max_bottom = L.max_bottom;
  if (L.bottom_on) {
    float inv_bottom = -bottom_h_;
    Splitter("##split_bottom", false, &inv_bottom, -max_bottom, -80, scale);
    bottom_h_ = -inv_bottom;
    // Bottom row: problems | source.
    ImGui::BeginChild("##bottom", ImVec2(0, bottom_h_ * scale), false, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NavFlattened);
    {
      float w = ImGui::GetContentRegionAvail().x;
      problems_w_ = std::clamp(problems_w_, 200.0f, std::max(200.0f, w / scale - 200.0f));
      ImGui::BeginChild("##problems", ImVec2(problems_w_ * scale, 0), false);
      ImGui::PopStyleVar();
      DrawProblems();
      ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(0, 0));
      ImGui::EndChild();
      ImGui::SameLine();
      Splitter("##split_problems", true, &problems_w_, 200, w / scale - 200.0f, scale);
      ImGui::SameLine();
      ImGui::BeginChild("##source", ImVec2(0, 0), false, ImGuiWindowFlags_NoScrollbar);
      ImGui::PopStyleVar();
      DrawSource();
      ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(0, 0));
      ImGui::EndChild();
    }
    ImGui::EndChild();
  } else if (!L.nothing_open) {
    // The folded Problems and Source panels: one line with the problem counts.
    std::string label = "\u25b4 PROBLEMS";
    if (const OpenDocument* d = active_ >= 0 ? docs_[static_cast<size_t>(active_)].doc.get() : nullptr) {
      ProblemCounts c = d->problem_counts();
      label += std::string("  ") + theme::kIconError + " " + std::to_string(c.errors) + "  " + theme::kIconWarning + " " +
               std::to_string(c.warnings) + "  " + theme::kIconNote + " " + std::to_string(c.notes);
    }
    label += "   \u00b7   SOURCE";
    bool show = false;
    FoldedStrip("##strip_bottom", false, label.c_str(), "Show the Problems and Source panels", &show);
    if (show) ShowBottom(true);
  }
}

}  // namespace cfgi::gui
