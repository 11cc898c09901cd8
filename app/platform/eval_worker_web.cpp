// app/platform/eval_worker_web.cpp: the evaluation module of the web build's Web Worker
// (cmake/web_eval_worker.cmake, target config-inspector-eval; web/js/eval-worker.js runs it and
// web/js/evaluator.js gives the page its jobs). It is a second instance of the core: the core and
// the engines, no ImGui, GLFW or GL, and no threads (the page may be served without the
// cross-origin isolation that SharedArrayBuffer needs), so the page's thread keeps drawing while
// it works.
//
// One job is one inspection, as the app's worker thread makes it (app/gui/open_document.cpp
// Compute: LoadScenario with the job's files as the reader, SelectEngine, the fitting profile,
// cfgi::Inspect over every profile with its progress), and its outcome is what leaves the program
// as JSON (cfgi::ReportJson per profile, AddComparisonJson): the selected profile's report is the
// JSON `config-inspector-cli eval --format json` prints and the page's state() hook returns.
//
//   job:     {"files": [{"name", "text"}], "opened": N (the first N were opened; the others are
//             what a scenario may reference), "engine": "" (the user's choice; "" = the rules of
//             docs/formats.md), "profile": "" ("" = the one that fits), "hide_dead_lints": false}
//   outcome: {"engine", "engine_rule", "profile", "ms", "report": {...}, "reports": {profile: {...}},
//             "divergences", "differing_answers", ...} or {"error": "..."} for a job that is not JSON
#include <emscripten/emscripten.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/engine/dead_config.h"
#include "core/engine/engine.h"
#include "core/engine/scenario.h"

namespace {

// The page learns each step as it starts (InspectOptions::progress), for its progress bar.
EM_JS(void, cfgi_worker_progress, (const char* step, float fraction), {
  postMessage({type : 'progress', step : UTF8ToString(step), fraction : fraction});
});

// A referenced file's name as the app resolves it (open_document.cpp Sibling).
std::string Sibling(const std::string& scenario_name, const std::string& rel) {
  if (!rel.empty() && rel[0] == '/') return rel;
  size_t slash = scenario_name.rfind('/');
  return slash == std::string::npos ? rel : scenario_name.substr(0, slash + 1) + rel;
}

nlohmann::ordered_json Run(const nlohmann::json& job) {
  using cfgi::InputFile;
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<InputFile> all;
  for (const auto& f : job.at("files")) all.push_back({f.at("name").get<std::string>(), f.at("text").get<std::string>()});
  const size_t opened = std::min(all.size(), job.value("opened", all.size()));
  const std::vector<InputFile> inputs(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(opened));
  cfgi_worker_progress("read", 0);
  auto scenario = std::make_shared<cfgi::Scenario>();
  *scenario = cfgi::LoadScenario(inputs, [&](const std::string& s, const std::string& rel) -> std::optional<std::string> {
    const std::string full = Sibling(s, rel);
    for (const InputFile& f : all)
      if (f.name == full) return f.text;
    return std::nullopt;
  });
  std::string rule;
  const cfgi::Engine* e = cfgi::SelectEngine(scenario.get(), cfgi::EngineRequest{job.value("engine", ""), ""}, &rule);
  if (!e) e = cfgi::SelectEngine(scenario.get(), cfgi::EngineRequest{}, &rule);  // a name no engine has
  std::string profile = job.value("profile", "");
  if (profile.empty() || !e->HasProfile(profile)) {
    profile = cfgi::ChooseProfile(*e, *scenario, "");
    if (!e->HasProfile(profile)) profile = e->DefaultProfileFor(*scenario);
  }
  profile = e->CanonicalProfile(profile);
  cfgi::InspectOptions options;
  if (job.value("hide_dead_lints", false)) options.suppressions = cfgi::DeadConfigurationSuppressions();
  options.progress = [](std::string_view step, float fraction) { cfgi_worker_progress(std::string(step).c_str(), fraction); };
  options.result_json = true;  // the job's answer is every report's JSON
  const cfgi::Inspection in = cfgi::Inspect(*e, scenario, cfgi::Query{}, options);

  nlohmann::ordered_json out;
  out["engine"] = std::string(e->name());
  out["engine_rule"] = rule;
  out["profile"] = profile;
  nlohmann::ordered_json reports = nlohmann::ordered_json::object();
  for (const cfgi::Report& r : in.reports) reports[r.profile] = cfgi::ReportJson(*e, r.profile, r);
  if (const cfgi::Report* r = in.Find(profile)) out["report"] = cfgi::ReportJson(*e, profile, *r);
  out["reports"] = std::move(reports);
  cfgi::AddComparisonJson(in.comparison, out);
  out["ms"] = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace

// Runs one job (JSON text, in the module's heap) and returns its outcome as JSON text, allocated
// with malloc: the caller frees it. A job that is not JSON or lacks "files" gives {"error"}; no
// exception leaves (the core turns bad input into diagnostics).
extern "C" EMSCRIPTEN_KEEPALIVE char* cfgi_worker_eval(const char* job_text) {
  std::string out;
  try {
    out = Run(nlohmann::json::parse(job_text)).dump();
  } catch (const std::exception& e) {
    out = nlohmann::ordered_json{{"error", std::string("bad job: ") + e.what()}}.dump();
  }
  char* p = static_cast<char*>(std::malloc(out.size() + 1));
  if (p) std::memcpy(p, out.c_str(), out.size() + 1);
  return p;
}
