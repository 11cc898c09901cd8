// App: construction, start-up, the frame and the layout of its panels (splitters), and the
// ViewContext the engine views talk to. The rest of App is in app_*.cpp and panel_*.cpp (app.h
// lists them).
#include "app/gui/app.h"

#include <algorithm>
#include <cmath>

#include <imgui.h>

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

App::App(AppOptions options) : options_(std::move(options)) {
  sample_dirs_ = {CFGI_SAMPLES_DIR, "samples"};
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
    // Several files dropped together form one scenario (a mesh and its policies).
    OpenFiles(std::move(files));
  });
  OpenState given;  // the files named on the command line open in the --view state
  given.view = options_.view;
  given.engine = options_.engine;
  for (const std::string& p : paths) OpenPaths({p}, given);
  if (options_.show == "help") show_help_ = true;
  if (options_.show == "about") show_about_ = true;
  if (options_.show == "open") ShowOpenDialog();
  if (paths.empty() && docs_.empty() && first_start_) {
    std::string pick = DefaultSample();
    if (!pick.empty()) OpenPaths({pick});
  }
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

// ---- frame ----

bool App::Frame() {
  const double now = platform::Now();
  // Debounced re-evaluation: edits schedule it, the loop wakes up for it.
  for (Open& o : docs_) {
    if (o.doc->EvaluationDue(now)) StartEvaluation(o);
    else if (auto in = o.doc->PendingIn(now)) platform::WakeUpIn(*in + 0.001);  // a newer edit cancels a running one
  }
  SyncViews();
  // The window moved to a monitor with another content scale: rebuild fonts for crisp text.
  if (std::fabs(ui_scale_ * platform::ContentScale() - applied_scale_) > 0.001f) RequestFontRebuild();
  if (ImGui::GetIO().WantSaveIniSettings || now - last_save_ > 2.0) {  // writes only what changed
    last_save_ = now;
    Save();
  }

  Shortcuts();

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

  const float scale = ui_scale_ * platform::ContentScale();
  const float status_h = ImGui::GetFrameHeight();
  ImVec2 avail = ImGui::GetContentRegionAvail();
  const float split = 5.0f * scale;
  const float total_h = avail.y - status_h;
  bottom_h_ = std::clamp(bottom_h_, 80.0f, std::max(80.0f, total_h / scale - 120.0f));
  const float top_h = total_h - bottom_h_ * scale - split;

  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(0, 0));
  // Top row: sidebar | view | explanation.
  ImGui::BeginChild("##top", ImVec2(0, top_h), false, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NavFlattened);
  {
    float w = ImGui::GetContentRegionAvail().x;
    sidebar_w_ = std::clamp(sidebar_w_, 140.0f, std::max(140.0f, w / scale * 0.4f));
    right_w_ = std::clamp(right_w_, 180.0f, std::max(180.0f, w / scale * 0.5f));
    ImGui::BeginChild("##sidebar", ImVec2(sidebar_w_ * scale, 0), false);
    ImGui::PopStyleVar();
    DrawSidebar();
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(0, 0));
    ImGui::EndChild();
    ImGui::SameLine();
    Splitter("##split_sidebar", true, &sidebar_w_, 140, w / scale * 0.4f, scale);
    ImGui::SameLine();
    float center_w = ImGui::GetContentRegionAvail().x - right_w_ * scale - split;
    ImGui::BeginChild("##center", ImVec2(center_w, 0), false, ImGuiWindowFlags_NoScrollbar);
    ImGui::PopStyleVar();
    DrawCenter();
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(0, 0));
    ImGui::EndChild();
    ImGui::SameLine();
    float right_before = right_w_;
    float inv = -right_w_;  // dragging right shrinks the right panel
    Splitter("##split_right", true, &inv, -w / scale * 0.5f, -180, scale);
    right_w_ = -inv;
    (void)right_before;
    ImGui::SameLine();
    ImGui::BeginChild("##explanation", ImVec2(0, 0), false);
    ImGui::PopStyleVar();
    DrawExplanation();
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(0, 0));
    ImGui::EndChild();
  }
  ImGui::EndChild();
  float inv_bottom = -bottom_h_;
  Splitter("##split_bottom", false, &inv_bottom, -(total_h / scale - 120.0f), -80, scale);
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
  ImGui::PopStyleVar();
  DrawStatusBar();
  ImGui::End();

  browser_.Draw();
  DrawHelp();
  DrawAbout();
  return !quit_;
}

}  // namespace cfgi::gui
