// App: the web permalink (LinkJson: every open document with the text of its files; RestoreLink
// reopens them) and the state the test hooks read (StateJson: --dump-state, window.configInspector).
#include <algorithm>
#include <string>
#include <vector>

#include <imgui.h>

#include "app/gui/app.h"
#include "app/gui/app_internal.h"

namespace cfgi::gui {

using nlohmann::json;
using nlohmann::ordered_json;

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
    if (!o.doc->engine_request().empty()) one["engine"] = o.doc->engine_request();
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
    OpenFiles(std::move(files), SavedOpenState(o));
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
    const OpenDocument& d = *o.doc;
    ordered_json one;
    one["path"] = d.path();
    one["title"] = d.title();
    one["engine"] = d.engine().name();
    one["engine_rule"] = d.engine_rule();
    one["profile"] = d.profile();
    ordered_json files = ordered_json::array();
    for (const SourceFile& f : d.files()) files.push_back({{"name", f.name}, {"editable", f.editable}, {"dirty", f.dirty}});
    one["files"] = std::move(files);
    const ProblemCounts pc = d.problem_counts();
    one["errors"] = pc.errors;
    one["warnings"] = pc.warnings;
    one["notes"] = pc.notes;
    one["status"] = ProblemSummary(pc);  // the status bar's words
    one["divergences"] = d.comparison().ToJson();
    one["view"] = o.view_engine;
    one["view_state"] = o.view->SaveState();
    one["view_counts"] = o.view->Counts();
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
  // Which panels show (folded ones leave a strip; F11 maximises the engine view).
  j["layout"] = {{"documents", show_sidebar_ && !maximized_}, {"explanation", show_explanation_ && !maximized_},
                 {"bottom", show_bottom_ && !maximized_}, {"maximized", maximized_},
                 {"engine_view", {center_px_[0], center_px_[1]}}, {"row_height", ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2}};
  j["problem_groups"] = ProblemGroupsJson();
  j["explanation"] = ExplanationJson();
  return j;
}

}  // namespace cfgi::gui
