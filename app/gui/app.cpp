#include "app/gui/app.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>

#include <imgui.h>
#include <imgui_internal.h>

#include "app/gui/theme.h"
#include "core/doc/load.h"
#include "core/doc/utf8.h"

#ifndef CFGI_SAMPLES_DIR
#define CFGI_SAMPLES_DIR "samples"
#endif
#ifndef CFGI_VERSION
#define CFGI_VERSION "0"
#endif

namespace cfgi::gui {

namespace fs = std::filesystem;
using nlohmann::json;
using nlohmann::ordered_json;

namespace {

constexpr const char* kSettingsKey = "settings.json";
constexpr const char* kIniKey = "imgui.ini";
constexpr size_t kMaxRecent = 12;
constexpr const char* kDefaultSample = "variants/basic-env.scenario.yaml";

std::string BaseName(const std::string& p) {
  size_t slash = p.rfind('/');
  return slash == std::string::npos ? p : p.substr(slash + 1);
}

std::string DirName(const std::string& p) {
  size_t slash = p.rfind('/');
  return slash == std::string::npos ? std::string() : p.substr(0, slash);
}

// Key codes of letters: GLFW (also its browser emulation) uses the ASCII upper-case code, and
// ImGui 1.86 indexes io.KeysDown with the backend's codes.
bool Pressed(char letter) { return ImGui::IsKeyPressed(static_cast<int>(letter), false); }
bool PressedKey(ImGuiKey k, bool repeat = false) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(k), repeat); }
// The browser keeps Ctrl+W (web: Alt+W).
const char* CloseKeyLabel() { return platform::BrowserOwnsTabShortcuts() ? "Alt+W" : "Ctrl+W"; }
constexpr int kKeyF1 = 290, kKeyF8 = 297, kKeyEqual = 61, kKeyMinus = 45, kKey0 = 48, kKeyKpAdd = 334,
              kKeyKpSub = 333;

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

App::App(AppOptions options) : options_(std::move(options)) {
  sample_dirs_ = {CFGI_SAMPLES_DIR, "samples"};
}

App::~App() = default;

// ---- settings ----

void App::LoadSettings() {
  auto text = platform::LoadSetting(kSettingsKey);
  if (!text) return;
  json s = json::parse(*text, nullptr, /*allow_exceptions=*/false);
  if (!s.is_object()) return;
  first_start_ = false;
  dark_ = s.value("theme", std::string("dark")) != "light";
  ui_scale_ = std::clamp(s.value("ui_scale", 1.0f), 0.5f, 3.0f);
  if (s.contains("layout") && s["layout"].is_object()) {
    const json& l = s["layout"];
    sidebar_w_ = l.value("sidebar", sidebar_w_);
    right_w_ = l.value("explanation", right_w_);
    bottom_h_ = l.value("bottom", bottom_h_);
    problems_w_ = l.value("problems", problems_w_);
  }
  if (s.contains("recent") && s["recent"].is_array())
    for (const json& r : s["recent"])
      if (r.is_string()) recent_.push_back(r.get<std::string>());
  if (s.contains("open") && s["open"].is_array()) {
    for (const json& o : s["open"]) {
      if (!o.is_object() || !o.contains("files")) continue;
      std::vector<platform::File> files;
      for (const json& f : o["files"]) {
        if (!f.is_object()) continue;
        std::string path = f.value("path", std::string());
        if (f.contains("text") && f["text"].is_string()) {
          files.push_back({path, f["text"].get<std::string>()});
        } else if (auto t = platform::ReadFile(path)) {
          files.push_back({path, std::move(*t)});
        }
      }
      OpenRestored(std::move(files), o);
    }
    int a = s.value("active", 0);
    if (!docs_.empty()) Activate(std::clamp(a, 0, static_cast<int>(docs_.size()) - 1));
  }
}

// Reopens one document saved in the settings or a permalink, with its profile and view state.
void App::OpenRestored(std::vector<platform::File> files, const json& saved) {
  if (files.empty()) return;
  OpenFiles(std::move(files));
  if (Document* d = active_doc()) {
    d->set_profile(saved.value("profile", std::string()));
    docs_.back().restored_view = saved.value("view", std::string());
    docs_.back().view->LoadState(docs_.back().restored_view);
  }
}

json App::SettingsJson() const {
  json s;
  s["version"] = 1;
  s["theme"] = dark_ ? "dark" : "light";
  s["ui_scale"] = ui_scale_;
  s["layout"] = {{"sidebar", sidebar_w_}, {"explanation", right_w_}, {"bottom", bottom_h_}, {"problems", problems_w_}};
  s["recent"] = recent_;
  json open = json::array();
  for (const Open& o : docs_) {
    json files = json::array();
    const auto& fl = o.doc->files();
    // The opened files are the editable ones that are not referenced by a scenario; keep their
    // text when the platform cannot read them back or when they have unsaved edits.
    for (const SourceFile& f : fl) {
      if (!f.editable) continue;
      json one = {{"path", f.name}};
      if (!platform::FilesPersist() || f.dirty) one["text"] = f.text;
      files.push_back(std::move(one));
      if (o.doc->scenario().envelope) break;  // a scenario re-reads its references itself
    }
    json v = {{"files", files}, {"profile", o.doc->profile()}};
    std::string vs = o.view->SaveState();
    if (!vs.empty()) v["view"] = vs;
    open.push_back(std::move(v));
  }
  s["open"] = std::move(open);
  s["active"] = active_;
  return s;
}

void App::Save() {
  if (!options_.save_settings) return;
  std::string s = doc::JsonText(SettingsJson(), 2);
  if (s != last_saved_settings_) {
    platform::SaveSetting(kSettingsKey, s);
    last_saved_settings_ = s;
  }
  size_t n = 0;
  const char* ini = ImGui::SaveIniSettingsToMemory(&n);
  if (std::string_view(ini, n) != last_saved_ini_) {
    platform::SaveSetting(kIniKey, std::string_view(ini, n));
    last_saved_ini_.assign(ini, n);
  }
  ImGui::GetIO().WantSaveIniSettings = false;
}

void App::ApplyStyle() {
  float scale = ui_scale_ * platform::ContentScale();
  theme::Apply(dark_, scale);
}

void App::RequestFontRebuild() {
  if (fonts_pending_) return;
  fonts_pending_ = true;
  platform::Post([this] {
    fonts_pending_ = false;
    float scale = ui_scale_ * platform::ContentScale();
    if (scale == applied_scale_) return;
    applied_scale_ = scale;
    theme::LoadFonts(scale);
    ApplyStyle();
  });
}

// ---- start-up ----

void App::Start(const std::vector<std::string>& paths) {
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // imgui.ini goes through platform settings storage
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  io.ConfigWindowsMoveFromTitleBarOnly = true;
  if (auto ini = platform::LoadSetting(kIniKey)) ImGui::LoadIniSettingsFromMemory(ini->data(), ini->size());
  LoadSettings();
  if (options_.dark) dark_ = *options_.dark;
  if (options_.scale) ui_scale_ = *options_.scale;
  applied_scale_ = ui_scale_ * platform::ContentScale();
  theme::LoadFonts(applied_scale_);
  ApplyStyle();
  ScanSamples();
  platform::SetDropHandler([this](std::vector<platform::File> files) {
    // Several files dropped together form one scenario (a mesh and its policies).
    if (!files.empty()) OpenFiles(std::move(files));
  });
  for (const std::string& p : paths) {
    const size_t before = docs_.size();
    OpenPath(p);
    if (!options_.view.empty() && docs_.size() > before) {
      docs_.back().restored_view = options_.view;
      docs_.back().view->LoadState(options_.view);
    }
  }
  if (options_.show == "help") show_help_ = true;
  if (options_.show == "about") show_about_ = true;
  if (options_.show == "open") browser_.OpenForOpen(active_doc() ? DirName(active_doc()->path()) : "", [](std::vector<std::string>) {});
  if (paths.empty() && docs_.empty() && first_start_) {
    std::string pick;
    for (const Sample& s : samples_)
      if (s.path.size() >= std::string(kDefaultSample).size() &&
          s.path.compare(s.path.size() - std::string(kDefaultSample).size(), std::string::npos, kDefaultSample) == 0)
        pick = s.path;
    if (pick.empty() && !samples_.empty()) pick = samples_.front().path;
    if (!pick.empty()) OpenPath(pick);
  }
}

void App::ScanSamples() {
  samples_.clear();
  for (const std::string& dir : sample_dirs_) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) continue;
    for (fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec), end;
         !ec && it != end; it.increment(ec)) {
      std::string name = it->path().filename().string();
      const std::string suffix = ".scenario.yaml";
      if (!it->is_regular_file() || name.size() < suffix.size() ||
          name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
        continue;
      Sample s;
      s.path = it->path().string();
      s.group = fs::relative(it->path().parent_path(), dir, ec).string();
      if (s.group == ".") s.group.clear();
      s.title = name.substr(0, name.size() - suffix.size());
      if (auto text = platform::ReadFile(s.path)) {
        doc::Document d = doc::LoadDocument(s.path, *text);
        if (const doc::Node* r = d.root(); r && r->is_map()) {
          std::string t = r->GetString("title");
          if (!t.empty()) s.title = t;
        }
      }
      samples_.push_back(std::move(s));
    }
    if (!samples_.empty()) break;
  }
  std::sort(samples_.begin(), samples_.end(), [](const Sample& a, const Sample& b) {
    return a.group != b.group ? a.group < b.group : a.title < b.title;
  });
}

// ---- documents ----

void App::OpenPath(const std::string& path) {
  auto text = platform::ReadFile(path);
  if (!text) {
    status_ = std::string(theme::kIconError) + " cannot read " + path;
    status_until_ = platform::Now() + 6;
    recent_.erase(std::remove(recent_.begin(), recent_.end(), path), recent_.end());
    return;
  }
  OpenFiles({{path, std::move(*text)}});
}

void App::OpenFiles(std::vector<platform::File> files) {
  if (files.empty()) return;
  // Re-opening a file that is already open activates it (and reloads it when unchanged here).
  if (files.size() == 1) {
    for (size_t i = 0; i < docs_.size(); ++i) {
      if (docs_[i].doc->path() == files[0].path) {
        if (!docs_[i].doc->dirty()) {
          docs_[i].doc->Edit(0, files[0].text, platform::Now() - 1);
          docs_[i].doc->MarkSaved(0);
        }
        Activate(static_cast<int>(i));
        return;
      }
    }
  }
  std::vector<InputFile> inputs;
  for (platform::File& f : files) inputs.push_back({f.path, std::move(f.text)});
  for (const InputFile& f : inputs) AddRecent(f.name);
  Open o;
  // Evaluated off the UI thread from the next frame on (large files must not freeze the window).
  o.doc = Document::Open(std::move(inputs), [](const std::string& p) { return platform::ReadFile(p); },
                         /*evaluate_now=*/false);
  o.view_engine = std::string(o.doc->engine().name());
  o.view = CreateView(o.view_engine);
  o.seen_generation = o.doc->generation();
  docs_.push_back(std::move(o));
  Activate(static_cast<int>(docs_.size()) - 1);
}

void App::AddRecent(const std::string& path) {
  if (!platform::HasFileSystem()) return;
  std::error_code ec;
  std::string abs = fs::absolute(path, ec).lexically_normal().string();
  if (ec) abs = path;
  recent_.erase(std::remove(recent_.begin(), recent_.end(), abs), recent_.end());
  recent_.insert(recent_.begin(), abs);
  if (recent_.size() > kMaxRecent) recent_.resize(kMaxRecent);
}

void App::CloseDocument(int i) {
  if (i < 0 || i >= static_cast<int>(docs_.size())) return;
  docs_.erase(docs_.begin() + i);
  if (docs_.empty()) {
    active_ = -1;
    selected_step_ = nullptr;
    source_view_.Reset();
    return;
  }
  Activate(std::min(i, static_cast<int>(docs_.size()) - 1));
}

void App::Activate(int i) {
  if (i == active_) return;
  active_ = i;
  selected_step_ = nullptr;
  selected_problem_ = -1;
  source_view_.Reset();
  if (Document* d = active_doc()) platform::SetWindowTitle(d->title() + " - Config Inspector");
}

void App::SyncViews() {
  for (Open& o : docs_) {
    if (o.seen_generation == o.doc->generation()) continue;
    const bool first = o.seen_generation == 0;
    o.seen_generation = o.doc->generation();
    if (o.view_engine != o.doc->engine().name()) {  // an edit changed which engine reads it
      o.view_engine = std::string(o.doc->engine().name());
      o.view = CreateView(o.view_engine);
      if (first && !o.restored_view.empty()) o.view->LoadState(o.restored_view);
    }
    o.view->OnEvaluated(*o.doc);
    ++results_applied_;
    if (o.doc.get() == active_doc()) {
      selected_step_ = nullptr;
      selected_problem_ = -1;
      if (first) platform::SetWindowTitle(o.doc->title() + " - Config Inspector");
      // After the first evaluation, show the worst problem's file in the Source panel.
      const auto& diags = o.doc->report().diagnostics;
      if (first && !diags.empty()) {
        const doc::Diagnostic* worst = &diags.front();
        for (const doc::Diagnostic& x : diags)
          if (x.severity < worst->severity) worst = &x;
        JumpTo(worst->file, worst->range);
      }
    }
  }
}

void App::StartEvaluation(Open& o) {
  auto work = o.doc->StartEvaluation();
  auto outcome = std::make_shared<std::shared_ptr<Document::Outcome>>();
  std::weak_ptr<Document> weak = o.doc;
  platform::RunAsync([work = std::move(work), outcome] { *outcome = work(); },
                     [weak, outcome] {
                       if (auto d = weak.lock()) d->FinishEvaluation(std::move(*outcome));
                     });
}

bool App::Busy() const {
  for (const Open& o : docs_)
    if (o.doc->evaluating() || o.doc->PendingIn(platform::Now())) return true;
  return false;
}

// ---- ViewContext ----

void App::SelectExplanation(const doc::Step* step) { selected_step_ = step; }

void App::Ask(Query q) {
  if (Document* d = active_doc()) d->SetQuery(std::move(q), platform::Now());
}

void App::JumpTo(const std::string& file, doc::SourceRange range) {
  Document* d = active_doc();
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
    else if (auto in = o.doc->PendingIn(now); in && !o.doc->evaluating()) platform::WakeUpIn(*in + 0.001);
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

// ---- shortcuts ----

void App::Shortcuts() {
  ImGuiIO& io = ImGui::GetIO();
  const bool ctrl = io.KeyCtrl, shift = io.KeyShift;
  if (ctrl && Pressed('O')) {
    if (!platform::OpenFilePicker([this](std::vector<platform::File> f) { OpenFiles(std::move(f)); }))
      browser_.OpenForOpen(active_doc() ? DirName(active_doc()->path()) : browser_.dir(), [this](std::vector<std::string> paths) {
        std::vector<platform::File> files;
        for (const std::string& p : paths)
          if (auto t = platform::ReadFile(p)) files.push_back({p, std::move(*t)});
        if (!files.empty()) OpenFiles(std::move(files));
      });
  }
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

void App::NextProblem(int dir) {
  Document* d = active_doc();
  if (!d || d->report().diagnostics.empty()) return;
  int n = static_cast<int>(d->report().diagnostics.size());
  selected_problem_ = selected_problem_ < 0 ? (dir > 0 ? 0 : n - 1) : ((selected_problem_ + dir) % n + n) % n;
  const doc::Diagnostic& diag = d->report().diagnostics[static_cast<size_t>(selected_problem_)];
  JumpTo(diag.file, diag.range);
}

void App::ExportResult() {
  Document* d = active_doc();
  if (!d) return;
  std::string name = BaseName(d->path());
  for (const char* ext : {".scenario.yaml", ".yaml", ".yml", ".json", ".textproto"}) {
    std::string e = ext;
    if (name.size() > e.size() && name.compare(name.size() - e.size(), e.size(), e) == 0) {
      name = name.substr(0, name.size() - e.size());
      break;
    }
  }
  name += "." + d->profile() + ".result.json";
  std::string data = doc::JsonText(d->ReportJson(), 2) + "\n";
  auto done = [this](bool ok, std::string where) {
    status_ = ok ? std::string(theme::kIconOk) + " exported " + where : std::string(theme::kIconError) + " cannot write " + where;
    status_until_ = platform::Now() + 5;
  };
  if (!platform::HasFileSystem()) {
    platform::SaveAs("", name, std::move(data), done);
    return;
  }
  browser_.OpenForSave(DirName(d->path()).empty() ? "." : DirName(d->path()), name,
                       [name, data, done](std::vector<std::string> paths) {
                         if (!paths.empty()) platform::SaveAs(paths[0], name, data, done);
                       });
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
    if (ImGui::MenuItem("Open...", "Ctrl+O")) {
      ImGuiIO& io = ImGui::GetIO();
      (void)io;
      if (!platform::OpenFilePicker([this](std::vector<platform::File> f) { OpenFiles(std::move(f)); }))
        browser_.OpenForOpen(active_doc() ? DirName(active_doc()->path()) : browser_.dir(), [this](std::vector<std::string> paths) {
          std::vector<platform::File> files;
          for (const std::string& p : paths)
            if (auto t = platform::ReadFile(p)) files.push_back({p, std::move(*t)});
          if (!files.empty()) OpenFiles(std::move(files));
        });
    }
    if (ImGui::BeginMenu("Samples", !samples_.empty())) {
      std::string group = "\x01";
      bool open = true;
      for (const Sample& s : samples_) {
        if (s.group != group) {
          if (group != "\x01" && !group.empty() && open) ImGui::EndMenu();
          group = s.group;
          open = group.empty() ? true : ImGui::BeginMenu(group.c_str());
        }
        if (open && ImGui::MenuItem(s.title.c_str())) OpenPath(s.path);
        if (open && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", s.path.c_str());
      }
      if (group != "\x01" && !group.empty() && open) ImGui::EndMenu();
      ImGui::EndMenu();
    }
    if (platform::HasFileSystem() && ImGui::BeginMenu("Recent", !recent_.empty())) {
      std::string open_path;
      for (const std::string& r : recent_) {
        if (ImGui::MenuItem(BaseName(r).c_str())) open_path = r;
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", r.c_str());
      }
      ImGui::Separator();
      if (ImGui::MenuItem("Clear recent")) recent_.clear();
      ImGui::EndMenu();
      if (!open_path.empty()) OpenPath(open_path);
    }
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
    if (ImGui::MenuItem("Reset layout")) {
      sidebar_w_ = 230, right_w_ = 330, bottom_h_ = 290, problems_w_ = 560;
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
  Document* d = active_doc();
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
  ImGui::SetCursorPosX(std::max(ImGui::GetCursorPosX() + 20, ImGui::GetWindowContentRegionMax().x - w));
  ImGui::PushStyleColor(ImGuiCol_Text, pal.muted);
  ImGui::TextUnformatted(std::string(d->engine().name()).c_str());
  ImGui::SameLine(0, ImGui::GetFontSize());
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

// ---- panels ----

void App::DrawSidebar() {
  char extra[16];
  std::snprintf(extra, sizeof extra, "%zu", docs_.size());
  theme::PanelHeader("DOCUMENTS", docs_.empty() ? nullptr : extra);
  const theme::Palette& pal = theme::Pal();
  ImGui::Indent(ImGui::GetStyle().WindowPadding.x * 0.5f);
  int close = -1;
  for (size_t i = 0; i < docs_.size(); ++i) {
    const Document& d = *docs_[i].doc;
    ImGui::PushID(static_cast<int>(i));
    const float row_h = ImGui::GetTextLineHeight() * 2 + ImGui::GetStyle().ItemSpacing.y * 2.5f;
    ImVec2 p = ImGui::GetCursorScreenPos();
    float avail = ImGui::GetContentRegionAvail().x - ImGui::GetStyle().WindowPadding.x * 0.5f;
    if (ImGui::Selectable("##doc", active_ == static_cast<int>(i), ImGuiSelectableFlags_AllowItemOverlap, ImVec2(avail, row_h)))
      Activate(static_cast<int>(i));
    if (ImGui::BeginPopupContextItem()) {
      if (ImGui::MenuItem("Close", CloseKeyLabel())) close = static_cast<int>(i);
      if (ImGui::MenuItem("Reload from disk")) {
        if (auto t = platform::ReadFile(d.path())) docs_[i].doc->Edit(0, *t, platform::Now() - 1), docs_[i].doc->MarkSaved(0);
      }
      if (ImGui::MenuItem("Copy path")) platform::SetClipboard(d.path());
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
  if (ImGui::SmallButton("Open...")) {
    if (!platform::OpenFilePicker([this](std::vector<platform::File> f) { OpenFiles(std::move(f)); }))
      browser_.OpenForOpen(active_doc() ? DirName(active_doc()->path()) : browser_.dir(), [this](std::vector<std::string> paths) {
        std::vector<platform::File> files;
        for (const std::string& p : paths)
          if (auto t = platform::ReadFile(p)) files.push_back({p, std::move(*t)});
        if (!files.empty()) OpenFiles(std::move(files));
      });
  }
  ImGui::Unindent(ImGui::GetStyle().WindowPadding.x);
}

void App::DrawCenter() {
  Document* d = active_doc();
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
  if (!d->scenario().description.empty()) {
    ImGui::PushTextWrapPos(ImGui::GetContentRegionAvail().x - st.WindowPadding.x);
    theme::TextMuted("%s", d->scenario().description.c_str());
    ImGui::PopTextWrapPos();
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
  if (ImGui::Button("Open a file...  (Ctrl+O)")) {
    if (!platform::OpenFilePicker([this](std::vector<platform::File> f) { OpenFiles(std::move(f)); }))
      browser_.OpenForOpen(browser_.dir(), [this](std::vector<std::string> paths) {
        std::vector<platform::File> files;
        for (const std::string& p : paths)
          if (auto t = platform::ReadFile(p)) files.push_back({p, std::move(*t)});
        if (!files.empty()) OpenFiles(std::move(files));
      });
  }
  theme::TextMuted("or drop configuration files onto the window.");
  if (!samples_.empty()) {
    ImGui::Spacing();
    ImGui::TextUnformatted("Samples");
    int shown = 0;
    for (const Sample& s : samples_) {
      if (++shown > 10) break;
      std::string label = s.title + (s.group.empty() ? "" : "  (" + s.group + ")");
      if (ImGui::Selectable(label.c_str(), false, 0, ImVec2(ImGui::GetFontSize() * 24, 0))) OpenPath(s.path);
    }
  }
  ImGui::EndGroup();
}

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
  Document* d = active_doc();
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

void App::DrawProblems() {
  Document* d = active_doc();
  const std::vector<doc::Diagnostic> kNone;
  const auto& diags = d ? d->report().diagnostics : kNone;
  int counts[3] = {0, 0, 0};
  for (const auto& x : diags) ++counts[static_cast<int>(x.severity)];
  char extra[64];
  std::snprintf(extra, sizeof extra, "%zu", diags.size());
  theme::PanelHeader("PROBLEMS", diags.empty() ? nullptr : extra);
  const theme::Palette& pal = theme::Pal();

  // Filter toggles, each with icon, word and count.
  ImGui::SetCursorPosX(ImGui::GetStyle().WindowPadding.x);
  static const char* kWords[3] = {"errors", "warnings", "notes"};
  static const char* kWord[3] = {"error", "warning", "note"};
  for (int s = 0; s < 3; ++s) {
    auto sev = static_cast<doc::Severity>(s);
    char label[64];
    std::snprintf(label, sizeof label, "%s %d %s##f%d", theme::SeverityIcon(sev), counts[s],
                  counts[s] == 1 ? kWord[s] : kWords[s], s);
    ImVec4 c = theme::SeverityColor(sev);
    ImGui::PushStyleColor(ImGuiCol_Text, problem_filter_[s] ? c : pal.muted);
    ImGui::PushStyleColor(ImGuiCol_Button, problem_filter_[s] ? ImVec4(c.x, c.y, c.z, 0.14f) : ImVec4(0, 0, 0, 0));
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImVec4(c.x, c.y, c.z, 0.24f));
    if (ImGui::SmallButton(label)) problem_filter_[s] = !problem_filter_[s];
    ImGui::PopStyleColor(3);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s %s", problem_filter_[s] ? "Hide" : "Show", kWords[s]);
    ImGui::SameLine();
  }
  ImGui::NewLine();
  ImGui::Spacing();
  ImGui::Indent(ImGui::GetStyle().WindowPadding.x * 0.5f);

  if (diags.empty()) {
    ImGui::SetCursorPosX(ImGui::GetStyle().WindowPadding.x);
    if (d) ImGui::TextColored(pal.ok, "%s No problems found.", theme::kIconOk);
    ImGui::Unindent(ImGui::GetStyle().WindowPadding.x * 0.5f);
    return;
  }
  ImGuiTableFlags tf = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_Resizable |
                       ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("##problems_table", 4, tf)) {
    ImGui::Unindent(ImGui::GetStyle().WindowPadding.x * 0.5f);
    return;
  }
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("Severity", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn("Code", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn("Location", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn("Message", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableHeadersRow();
  std::vector<int> rows;
  for (size_t i = 0; i < diags.size(); ++i)
    if (problem_filter_[static_cast<int>(diags[i].severity)]) rows.push_back(static_cast<int>(i));
  ImGuiListClipper clip;
  clip.Begin(static_cast<int>(rows.size()));
  while (clip.Step()) {
    for (int r = clip.DisplayStart; r < clip.DisplayEnd; ++r) {
      int i = rows[static_cast<size_t>(r)];
      const doc::Diagnostic& x = diags[static_cast<size_t>(i)];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::PushID(i);
      std::string sev = std::string(theme::SeverityIcon(x.severity)) + " " + doc::SeverityName(x.severity);
      ImGui::PushStyleColor(ImGuiCol_Text, theme::SeverityColor(x.severity));
      if (ImGui::Selectable(sev.c_str(), selected_problem_ == i, ImGuiSelectableFlags_SpanAllColumns)) {
        selected_problem_ = i;
        JumpTo(x.file, x.range);
      }
      ImGui::PopStyleColor();
      ImGui::TableNextColumn();
      ImGui::PushFont(theme::GetFonts().mono);
      ImGui::TextUnformatted(x.code.c_str());
      ImGui::PopFont();
      ImGui::TableNextColumn();
      theme::TextMuted("%s:%d:%d", BaseName(x.file).c_str(), x.begin.line, x.begin.column);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(x.message.c_str());
      if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 40);
        ImGui::TextUnformatted(doc::FormatDiagnostic(x).c_str());
        if (!x.path.empty()) theme::TextMuted("at %s", x.path.c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
      }
      ImGui::PopID();
    }
  }
  ImGui::EndTable();
  ImGui::Unindent(ImGui::GetStyle().WindowPadding.x * 0.5f);
}

void App::DrawSource() {
  Document* d = active_doc();
  theme::PanelHeader("SOURCE", d ? d->files()[std::min(static_cast<size_t>(source_view_.file()), d->files().size() - 1)].name.c_str() : nullptr);
  if (!d) return;
  source_view_.Draw(*d, platform::Now());
}

void App::DrawStatusBar() {
  const theme::Palette& pal = theme::Pal();
  ImVec2 p = ImGui::GetCursorScreenPos();
  float h = ImGui::GetFrameHeight();
  float w = ImGui::GetWindowWidth();
  ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(ImGui::GetWindowPos().x, p.y), ImVec2(ImGui::GetWindowPos().x + w, p.y + h),
                                            ImGui::GetColorU32(ImGuiCol_MenuBarBg));
  ImGui::SetCursorScreenPos(ImVec2(p.x + ImGui::GetStyle().WindowPadding.x, p.y + (h - ImGui::GetTextLineHeight()) * 0.5f));
  ImGui::PushFont(theme::GetFonts().small);
  Document* d = active_doc();
  if (!status_.empty() && platform::Now() < status_until_) {
    ImGui::TextUnformatted(status_.c_str());
    platform::WakeUpIn(status_until_ - platform::Now());
  } else if (d) {
    if (d->evaluating()) {
      theme::TextMuted("evaluating...");
      platform::WakeUpIn(0.1);
    } else if (d->PendingIn(platform::Now())) {
      theme::TextMuted("evaluating after edit...");
    }
    else if (d->error_count() || d->warning_count())
      ImGui::TextColored(d->error_count() ? pal.error : pal.warning, "%s %d error%s, %d warning%s",
                         d->error_count() ? theme::kIconError : theme::kIconWarning, d->error_count(),
                         d->error_count() == 1 ? "" : "s", d->warning_count(), d->warning_count() == 1 ? "" : "s");
    else ImGui::TextColored(pal.ok, "%s no problems", theme::kIconOk);
  } else {
    theme::TextMuted("Ready");
  }
  if (d) {
    char right[256];
    std::snprintf(right, sizeof right, "%s    engine %s    profile %s    %zu profile%s evaluated in %.1f ms",
                  source_view_.cursor_text().c_str(), std::string(d->engine().name()).c_str(), d->profile().c_str(),
                  d->reports().size(), d->reports().size() == 1 ? "" : "s", d->eval_ms());
    float tw = ImGui::CalcTextSize(right).x;
    ImGui::SameLine(w - tw - ImGui::GetStyle().WindowPadding.x * 2);
    theme::TextMuted("%s", right);
  }
  ImGui::PopFont();
}

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
  theme::TextMuted("Edits in the Source panel re-evaluate %.0f ms after you stop typing.", Document::kDebounceSeconds * 1000);
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

// Saves the file shown in the Source panel; where the app has no file system (web) it is
// downloaded instead.
void App::SaveSource() {
  Document* d = active_doc();
  if (!d) return;
  int f = source_view_.file();
  const SourceFile& sf = d->files()[static_cast<size_t>(f)];
  if (!sf.editable) return;
  if (!platform::HasFileSystem()) {
    std::string name = BaseName(sf.name);
    platform::SaveAs("", name, sf.text, [this, d, f](bool ok, std::string where) {
      if (ok) d->MarkSaved(f);
      status_ = std::string(ok ? theme::kIconOk : theme::kIconError) + (ok ? " downloaded " : " cannot download ") + where;
      status_until_ = platform::Now() + 4;
    });
    return;
  }
  if (!sf.dirty) return;
  if (platform::WriteFile(sf.name, sf.text)) {
    d->MarkSaved(f);
    status_ = std::string(theme::kIconOk) + " saved " + sf.name;
  } else {
    status_ = std::string(theme::kIconError) + " cannot write " + sf.name;
  }
  status_until_ = platform::Now() + 4;
}

// ---- web permalink ----

ordered_json App::LinkJson() const {
  ordered_json open = ordered_json::array();
  for (const Open& o : docs_) {
    // Every file with its text: the link must reopen the document in a browser that has none
    // of them (a scenario's referenced files included).
    ordered_json files = ordered_json::array();
    for (const SourceFile& f : o.doc->files()) files.push_back({{"path", f.name}, {"text", f.text}});
    ordered_json one = {{"files", std::move(files)}, {"opened", o.doc->scenario().envelope ? 1 : o.doc->files().size()},
                        {"profile", o.doc->profile()}};
    std::string vs = o.view->SaveState();
    if (!vs.empty()) one["view"] = vs;
    open.push_back(std::move(one));
  }
  return {{"open", std::move(open)}, {"active", active_}};
}

void App::RestoreLink(const std::string& link_json) {
  json s = json::parse(link_json, nullptr, /*allow_exceptions=*/false);
  if (!s.is_object() || !s.contains("open") || !s["open"].is_array()) return;
  while (!docs_.empty()) CloseDocument(static_cast<int>(docs_.size()) - 1);
  for (const json& o : s["open"]) {
    if (!o.is_object() || !o.contains("files") || !o["files"].is_array()) continue;
    size_t opened = o.value("opened", size_t{1});
    std::vector<platform::File> files;
    for (const json& f : o["files"]) {
      if (!f.is_object() || !f.contains("text") || !f["text"].is_string()) continue;
      platform::File file{f.value("path", std::string("untitled")), f["text"].get<std::string>()};
      if (files.size() < opened) {
        files.push_back(std::move(file));
      } else if (!platform::ReadFile(file.path)) {
        platform::WriteFile(file.path, file.text);  // a file a scenario references
      }
    }
    OpenRestored(std::move(files), o);
  }
  int a = s.value("active", 0);
  if (!docs_.empty()) Activate(std::clamp(a, 0, static_cast<int>(docs_.size()) - 1));
}

// ---- test hook ----

ordered_json App::StateJson() const {
  ordered_json j;
  j["app"] = "config-inspector";
  j["version"] = CFGI_VERSION;
  j["active"] = active_;
  ordered_json docs = ordered_json::array();
  for (const Open& o : docs_) {
    const Document& d = *o.doc;
    ordered_json one;
    one["path"] = d.path();
    one["title"] = d.title();
    one["engine"] = d.engine().name();
    one["profile"] = d.profile();
    ordered_json files = ordered_json::array();
    for (const SourceFile& f : d.files()) files.push_back({{"name", f.name}, {"editable", f.editable}, {"dirty", f.dirty}});
    one["files"] = std::move(files);
    one["errors"] = d.error_count();
    one["warnings"] = d.warning_count();
    one["divergences"] = d.comparison().ToJson();
    one["view"] = o.view_engine;
    one["view_state"] = o.view->SaveState();
    one["report"] = d.ReportJson();
    docs.push_back(std::move(one));
  }
  j["documents"] = std::move(docs);
  // What the Problems panel lists for the active document (after its filters).
  ordered_json problems = ordered_json::array();
  if (active_ >= 0) {
    for (const doc::Diagnostic& x : docs_[static_cast<size_t>(active_)].doc->report().diagnostics) {
      if (!problem_filter_[static_cast<int>(x.severity)]) continue;
      problems.push_back({{"code", x.code}, {"severity", doc::SeverityName(x.severity)}, {"file", x.file},
                          {"line", x.begin.line}, {"column", x.begin.column}, {"message", x.message}});
    }
  }
  j["problems"] = std::move(problems);
  return j;
}

}  // namespace cfgi::gui
