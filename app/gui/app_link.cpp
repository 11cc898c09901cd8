// App: the web permalink (LinkJson: every open document with the text of its files; RestoreLink
// reopens them) and the state the test hooks read (StateJson: --dump-state, window.configInspector).
#include <algorithm>
#include <cstdlib>
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
    for (const SourceFile& f : o.doc->files()) {
      files.push_back({{"path", f.name}, {"text", f.text.str()}});
      if (f.dirty) files.back()["edited"] = true;
    }
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
  // The link's documents open beside those already open (the restored session is not closed: a
  // link never costs the user work); a file already open is activated (OpenFiles).
  const int before = static_cast<int>(docs_.size());
  for (const json& o : s["open"]) ReopenSaved(o, 1);
  int a = s.value("active", 0);
  if (static_cast<int>(docs_.size()) > before) Activate(std::clamp(before + a, before, static_cast<int>(docs_.size()) - 1));
}

// ---- test hook ----

int App::PendingWork() const {
  int n = static_cast<int>(jobs_.active().size());
  // A document whose edit waits out its debounce has work coming: the test hook's settled() and
  // step() must not resolve before its evaluation starts (scale.mjs's typing step saw no frame
  // of the evaluation after the keys when it resolved in the debounce).
  for (const Open& o : docs_) n += o.doc->evaluating() || o.doc->evaluation_scheduled() ? 1 : 0;
  return n;
}

ordered_json App::StateJson(bool reports) const {
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
    one["suppressed"] = d.report().suppressed.size();
    one["hide_dead_lints"] = d.hide_dead_lints();
    if (reports) one["divergences"] = d.comparison().ToJson();
    one["differing_answers"] = d.comparison().AnswersJson();  // the badge's count
    one["view"] = o.view_engine;
    one["view_state"] = o.view->SaveState();
    one["view_shows"] = o.view->DumpState();  // the view's one test hook: counts, table, its own
    if (reports) one["report"] = d.ReportJson();
    one["evaluating"] = d.evaluating();  // a job on the worker thread is making its next report
    docs.push_back(std::move(one));
  }
  j["documents"] = std::move(docs);
  j["jobs"] = jobs_.active().size();  // unfinished jobs off the UI thread (0: every result is in)
  // What the Problems panel lists for the active document (after its filters).
  ordered_json problems = ordered_json::array();
  if (active_ >= 0 && reports) {
    for (const doc::Diagnostic& x : docs_[static_cast<size_t>(active_)].doc->report().diagnostics) {
      if (!problem_filter_[static_cast<int>(x.severity)]) continue;
      ordered_json p = {{"code", x.code}, {"severity", doc::SeverityName(x.severity)}};
      doc::PutLocation(p, x.file, x.begin);
      p["message"] = x.message;
      problems.push_back(std::move(p));
    }
  }
  j["problems"] = std::move(problems);
  // Which panels show (folded ones leave a strip; F11 maximises the engine view; with nothing
  // open none of them is drawn).
  const bool any = !docs_.empty();
  j["layout"] = {{"documents", any && SidebarShown()}, {"documents_folded_narrow_window", sidebar_auto_folded_},
                 {"explanation", any && show_explanation_ && !maximized_}, {"explanation_below", any && explanation_below_}, {"bottom", any && BottomShown()}, {"bottom_folded_short_window", bottom_auto_folded_}, {"maximized", maximized_},
                 {"engine_view", {center_px_[0], center_px_[1]}}, {"row_height", ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2}};
  j["problem_groups"] = ProblemGroupsJson();
  j["explanation"] = ExplanationJson();
  // The welcome page (panel_center.cpp): shown or not, and its cards as last drawn, with the
  // sample each opens and its rectangle in window pixels (the browser test clicks one).
  ordered_json cards = ordered_json::array();
  for (const WelcomeCard& c : welcome_cards_) {
    const EngineCard* e = FindEngineCard(c.engine);
    cards.push_back({{"engine", c.engine}, {"name", e ? e->name : ""}, {"answers", e ? e->answers : ""},
                     {"sample", c.sample}, {"sample_title", c.sample_title},
                     {"rect", {c.x, c.y, c.w, c.h}}});
  }
  j["welcome"] = {{"shown", active_ < 0 || welcome_}, {"cards", std::move(cards)}};
  j["open_dialog"] = browser_.StateJson();
  // File > Samples: the groups (engines) and titles it lists, in its order.
  ordered_json samples = ordered_json::array();
  for (const Sample& s : samples_) samples.push_back({{"group", s.group}, {"title", s.title}, {"path", s.path}});
  j["samples"] = std::move(samples);
  j["live"] = LiveStateJson();  // app_live.cpp
  return j;
}

}  // namespace cfgi::gui

namespace cfgi::gui {

// ---- state hooks for tests (--step) ----

// One step of a scripted session on the active document, as a user would do it: the profile
// selector, a view's state (its tab), the policy view's dataplane (a query for the worker), or
// N keys typed in the Source panel. Returns false with `error` set for a step it does not know.
bool App::ApplyHookStep(const std::string& step, std::string* error) {
  OpenDocument* d = active_doc();
  size_t eq = step.find('=');
  const std::string key = step.substr(0, eq), value = eq == std::string::npos ? "" : step.substr(eq + 1);
  bool live_step = false;  // app_live.cpp: lookup=, admin=, refresh, cancel (no document needed)
  if (bool ok = ApplyLiveStep(key, value, &live_step, error); live_step) return ok;
  if (key == "mark") return true;  // changes nothing: the frames after it carry its tag (a test's window)
  if (key == "open") {  // File > Open... of a path: read off the UI thread, as after start-up
    if (value.empty()) {
      *error = "open needs a path";
      return false;
    }
    OpenPaths({value});
    return true;
  }
  if (!d) {
    *error = "no document is open";
    return false;
  }
  Open& o = docs_[static_cast<size_t>(active_)];
  if (key == "profile") {
    if (!d->engine().HasProfile(value)) {
      *error = "the " + std::string(d->engine().name()) + " engine has no profile " + value;
      return false;
    }
    d->set_profile(value);
    selected_step_ = nullptr;
    selected_problem_ = -1;
  } else if (key == "view") {
    o.view->LoadState(value);
  } else if (key == "edit") {  // "edit=FILE\nTEXT": FILE's whole text replaced, as typing would
    size_t nl = value.find('\n');
    if (nl == std::string::npos || !ReplaceText(value.substr(0, nl), value.substr(nl + 1))) {
      *error = "edit needs FILE, a newline and the text, FILE an editable file of the document";
      return false;
    }
  } else if (key == "dead_lints") {
    if (value != "hide" && value != "show") {
      *error = "dead_lints is hide or show";
      return false;
    }
    SetHideDeadLints(*d, value == "hide");
  } else if (key == "dataplane") {
    // Through the view, as the Dataplane combo would: the policy view builds the question
    // (PolicyView::DataplaneQuery).
    o.view->LoadState("dp=" + value);
  } else if (key == "type") {
    int n = std::atoi(value.c_str());
    if (n <= 0) {
      *error = "type needs a positive number of keys";
      return false;
    }
    source_view_.TypeForTest(n);
  } else {
    *error = "unknown step " + step +
             " (mark=NAME, open=PATH, profile=P, view=STATE, dataplane=NAME, type=N, edit=FILE\nTEXT, dead_lints=hide|show, lookup=HOST[,server=IP:PORT][,timeout=MS], "
             "admin=URL[,include_eds][,timeout=MS], refresh, cancel)";
    return false;
  }
  return true;
}

bool App::HookStepRunning() const { return source_view_.typing_for_test(); }

}  // namespace cfgi::gui
