// App: settings.json and imgui.ini (through the platform's settings storage: a directory on the
// desktop, localStorage on the web), theme and UI scale, and the Recent list.
#include <algorithm>
#include <filesystem>
#include <string_view>

#include <imgui.h>

#include "app/gui/app.h"
#include "app/gui/theme.h"
#include "core/doc/utf8.h"

namespace cfgi::gui {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr const char* kSettingsKey = "settings.json";
constexpr const char* kIniKey = "imgui.ini";
constexpr size_t kMaxRecent = 12;

}  // namespace

// Reads imgui.ini (window layout) and settings.json (theme, scale, layout, Recent) and reopens
// the documents that were open, each with its profile and view state.
void App::LoadSettings() {
  if (auto ini = platform::LoadSetting(kIniKey)) ImGui::LoadIniSettingsFromMemory(ini->data(), ini->size());
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
    show_sidebar_ = l.value("show_documents", true);
    show_explanation_ = l.value("show_explanation", true);
    show_bottom_ = l.value("show_bottom", true);
  }
  // Before the documents open: OpenFiles applies it to each.
  if (s.contains("hide_dead_lints") && s["hide_dead_lints"].is_array())
    for (const json& p : s["hide_dead_lints"])
      if (p.is_string()) hide_dead_lints_.insert(p.get<std::string>());
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
      OpenFiles(std::move(files), SavedOpenState(o));
    }
    int a = s.value("active", 0);
    if (!docs_.empty()) Activate(std::clamp(a, 0, static_cast<int>(docs_.size()) - 1));
  }
}

// The profile and view state of a document saved in settings.json or a permalink ({"files",
// "profile", "view"}); a field that is missing or not a string stays empty.
App::OpenState App::SavedOpenState(const json& saved) {
  OpenState state;
  if (auto p = saved.find("profile"); p != saved.end() && p->is_string()) state.profile = p->get<std::string>();
  if (auto v = saved.find("view"); v != saved.end() && v->is_string()) state.view = v->get<std::string>();
  if (auto e = saved.find("engine"); e != saved.end() && e->is_string()) state.engine = e->get<std::string>();
  return state;
}

json App::SettingsJson() const {
  json s;
  s["version"] = 1;
  s["theme"] = dark_ ? "dark" : "light";
  s["ui_scale"] = ui_scale_;
  s["layout"] = {{"sidebar", sidebar_w_}, {"explanation", right_w_}, {"bottom", bottom_h_}, {"problems", problems_w_},
                 {"show_documents", show_sidebar_}, {"show_explanation", show_explanation_}, {"show_bottom", show_bottom_}};
  s["recent"] = recent_;
  s["hide_dead_lints"] = hide_dead_lints_;
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
    if (!o.doc->engine_request().empty()) v["engine"] = o.doc->engine_request();
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

std::string App::DocumentKey(const std::string& path) {
  if (!platform::HasFileSystem()) return path;
  std::error_code ec;
  std::string abs = fs::absolute(path, ec).lexically_normal().string();
  return ec ? path : abs;
}

void App::SetHideDeadLints(OpenDocument& d, bool on) {
  d.SetHideDeadLints(on, platform::Now());
  if (on) hide_dead_lints_.insert(DocumentKey(d.path()));
  else hide_dead_lints_.erase(DocumentKey(d.path()));
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

}  // namespace cfgi::gui
