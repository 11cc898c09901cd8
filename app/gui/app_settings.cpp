// App: settings.json and imgui.ini (through the platform's settings storage: a directory on the
// desktop, IndexedDB on the web), theme and UI scale, and the Recent list.
#include <mutex>
#include <algorithm>
#include <filesystem>
#include <string_view>

#include <imgui.h>

#include "app/gui/app.h"
#include "app/gui/theme.h"
#include "core/doc/source.h"
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
    below_h_ = l.value("explanation_below", below_h_);
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
    // Settings of earlier versions have no "opened": they listed only opened files.
    for (const json& o : s["open"]) ReopenSaved(o, -1);
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

void App::ReopenSaved(const json& saved, long default_opened, bool fetch) {
  if (!saved.is_object() || !saved.contains("files") || !saved["files"].is_array()) return;
  const long opened = saved.value("opened", default_opened);
  // Files saved without their text are read again where they are; a large sample the page did not
  // bundle is fetched first (web). If that fails the page says so and the others open without it.
  std::vector<std::string> unsaved;
  for (const json& f : saved["files"])
    if (f.is_object() && !(f.contains("text") && f["text"].is_string()) && f.contains("path") && f["path"].is_string())
      unsaved.push_back(f["path"].get<std::string>());
  if (fetch && !unsaved.empty() && platform::FetchBeforeOpen(unsaved, [this, saved, default_opened](bool) {
        --reopening_;
        ReopenSaved(saved, default_opened, false);
      })) {
    ++reopening_;
    return;
  }
  OpenState state = SavedOpenState(saved);
  std::vector<platform::File> files;
  long k = 0;
  for (const json& f : saved["files"]) {
    if (!f.is_object()) continue;
    const bool is_opened = opened < 0 || k++ < opened;
    std::string path = f.value("path", std::string(is_opened ? "untitled" : ""));
    std::optional<std::string> text;
    if (f.contains("text") && f["text"].is_string()) text = f["text"].get<std::string>();
    // Edited: marked so, or different from the file this platform reads (a link made elsewhere).
    bool edited = f.value("edited", false);
    if (text && !edited) {
      if (auto now = platform::ReadFile(path)) {
        std::string a = *now, b = *text;
        doc::DecodeText(&a);
        doc::DecodeText(&b);
        edited = a != b;
      }
    }
    if (is_opened) {
      if (!text) text = platform::ReadFile(path);
      if (!text) continue;  // gone: OpenFiles opens the others
      files.push_back({path, std::move(*text)});
      if (edited) state.restored.push_back({path, std::nullopt, true});
    } else if (text && !path.empty()) {
      state.restored.push_back({path, std::move(text), edited});
    }
  }
  OpenFiles(std::move(files), state);
}

namespace {
// Puts the texts SettingsJson set aside into their places ("text" of each file that has one, in
// document and file order), on the worker.
void FillSettingsTexts(json& settings, const std::vector<SharedText>& texts) {
  size_t k = 0;
  for (json& o : settings["open"])
    for (json& f : o["files"])
      if (f.contains("text") && k < texts.size()) f["text"] = texts[k++].str();
}
}  // namespace

json App::SettingsJson(std::vector<SharedText>* texts) const {
  json s;
  s["version"] = 1;
  s["theme"] = dark_ ? "dark" : "light";
  s["ui_scale"] = ui_scale_;
  s["layout"] = {{"sidebar", sidebar_w_}, {"explanation", right_w_}, {"explanation_below", below_h_}, {"bottom", bottom_h_}, {"problems", problems_w_},
                 {"show_documents", show_sidebar_}, {"show_explanation", show_explanation_}, {"show_bottom", show_bottom_}};
  s["recent"] = recent_;
  s["hide_dead_lints"] = hide_dead_lints_;
  json open = json::array();
  for (const Open& o : docs_) {
    json files = json::array();
    // Every editable file: the opened ones first (a scenario's own file, or the native files),
    // then the files a scenario references. A file keeps its text when it has unsaved edits or
    // the platform cannot read it back on the next start (the web's opened and dropped files);
    // a referenced file that has neither is left out (the scenario reads it again).
    const bool scenario = o.doc->scenario().envelope.has_value();
    long opened = 0, k = 0;
    for (const SourceFile& f : o.doc->files()) {
      if (!f.editable) continue;
      const bool is_opened = !scenario || k++ == 0;
      opened += is_opened;
      json one = {{"path", f.name}};
      if (f.dirty) one["edited"] = true;
      if (f.dirty || !platform::FilePersists(f.name)) {
        one["text"] = std::string();
        if (texts) texts->push_back(f.text);  // shared, not copied
      } else if (!is_opened) {
        continue;
      }
      files.push_back(std::move(one));
    }
    json v = {{"files", files}, {"opened", opened}, {"profile", o.doc->profile()}};
    if (!o.doc->engine_request().empty()) v["engine"] = o.doc->engine_request();
    std::string vs = o.view->SaveState();
    if (!vs.empty()) v["view"] = vs;
    open.push_back(std::move(v));
  }
  s["open"] = std::move(open);
  s["active"] = active_;
  return s;
}

void App::Save(bool wait) {
  if (!options_.save_settings || reopening_ > 0) return;
  // Unsaved texts go into the settings (nothing typed is lost), but serialising a 3.5 MB text
  // every two seconds while typing cost ~50 ms of UI thread per save, past a frame's budget: the UI
  // thread only builds a signature (the settings without texts, and each text's version) and,
  // when it changed, copies the texts; the worker serialises and writes them. At exit (`wait`)
  // it is written here.
  // While the user types (an evaluation is still due after an edit) the texts wait until the
  // typing pauses, or at most 30 s.
  const double now = platform::Now();
  bool typing = false;
  for (const Open& o : docs_) typing |= o.doc->PendingIn(now).has_value();
  std::vector<SharedText> texts;
  json settings = SettingsJson(&texts);
  std::string sig = doc::JsonText(settings, 2);
  if (!typing || wait || now - last_text_save_ > 30.0)
    for (const Open& o : docs_) sig += "\x1f" + std::to_string(reinterpret_cast<uintptr_t>(o.doc.get())) + ":" + std::to_string(o.doc->text_version());
  else
    sig = last_saved_settings_.substr(0, last_saved_settings_.find('\x1f')) == sig ? last_saved_settings_ : sig;
  if (sig != last_saved_settings_) {
    last_text_save_ = now;
    last_saved_settings_ = std::move(sig);
    // Writes happen in the order of the saves: one that arrives after a newer one (an older
    // save still queued on the worker when the exit's save ran) writes nothing.
    static std::mutex mu;
    static uint64_t next = 0, written = 0;
    const uint64_t seq = ++next;
    auto write = [settings = std::move(settings), texts = std::move(texts), seq]() mutable {
      FillSettingsTexts(settings, texts);
      texts.clear();
      std::string text = doc::JsonText(settings, 2);
      std::lock_guard<std::mutex> lock(mu);
      if (seq < written) return;
      written = seq;
      platform::SaveSetting(kSettingsKey, text);
    };
    if (wait) write();
    else platform::RunAsync(std::move(write), nullptr);
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
