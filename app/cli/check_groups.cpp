// app/cli/check_groups.cpp: `check` / `eval` of files that several engines read
// (DESIGN.md "Many files, one report"): core/engine/group.h splits them by engine; each group is
// its own scenario, inspected on its own, and every group is in the one report: text (a header
// per group), JSON ({"groups": [...]}), SARIF (one run holding every group's results).
#include <algorithm>
#include <iostream>
#include <memory>

#include "app/cli/check_print.h"
#include "app/cli/check_run.h"
#include "app/cli/common.h"
#include "app/cli/query_flags.h"
#include "app/cli/sarif.h"
#include "core/doc/utf8.h"

namespace cfgi::cli {

namespace {

using nlohmann::ordered_json;

std::string Join(const std::vector<InputFile>& files) {
  std::string out;
  for (const InputFile& f : files) out += (out.empty() ? "" : ", ") + f.name;
  return out;
}

}  // namespace

int CheckFailure::Exit() const { return kind == Kind::kCannotRead ? CannotRead(what) : UsageError(what); }

bool InspectGroups(const CheckEvalArgs& a, const Gate& gate, const std::vector<FileGroup>& groups,
                   const FileReader& reader, const std::function<bool()>& cancelled, std::vector<GroupRun>* out,
                   CheckFailure* failure, const std::vector<doc::Diagnostic>& live_diagnostics) {
  std::vector<GroupRun>& runs = *out;
  auto fail = [failure](CheckFailure::Kind k, std::string what) {
    failure->kind = k;
    failure->what = std::move(what);
    return false;
  };
  bool profile_used = a.profile.empty() || a.profile == "all";
  for (const FileGroup& g : groups) {
    GroupRun run;
    run.inputs = g.files;
    run.scenario = std::make_shared<Scenario>(LoadScenario(run.inputs, reader));
    std::string rule;
    run.engine = SelectEngine(run.scenario.get(), g.request, &rule);
    if (!run.engine) return fail(CheckFailure::Kind::kUsage, UnknownEngine(g.request.engine));
    // The query flags (phase two, query_flags.h): checked after the loop against every group.
    size_t named = run.inputs.size();
    if (std::optional<std::string> unread = ReadFileValuedQueryFlags(*run.engine, a.query, &run.inputs))
      return fail(CheckFailure::Kind::kCannotRead, *unread);
    if (run.inputs.size() != named) {
      *run.scenario = LoadScenario(run.inputs, reader);
      SelectEngine(run.scenario.get(), EngineRequest{std::string(run.engine->name()), a.profile});
    }
    for (const doc::Diagnostic& d : live_diagnostics)
      for (const InputFile& f : g.files)
        if (f.name == d.file) {
          run.scenario->diagnostics.push_back(d);
          break;
        }
    if (gate.project && runs.empty())  // the project file's own problems: once, in the first group
      run.scenario->diagnostics.insert(run.scenario->diagnostics.begin(), gate.project->diagnostics.begin(),
                                       gate.project->diagnostics.end());
    // --profile P runs the groups whose engine has P; the others run the profile that fits them.
    std::string flag = a.profile;
    if (!flag.empty() && flag != "all" && !run.engine->HasProfile(flag)) flag.clear();
    profile_used = profile_used || !flag.empty();
    std::string error;
    run.profile = GroupProfile(gate, *run.engine, rule, flag, *run.scenario, &error);
    if (run.profile.empty()) return fail(CheckFailure::Kind::kUsage, error);
    runs.push_back(std::move(run));
  }
  // A flag no group's engine owns is a usage error, said as the first group's engine sees it; a
  // group runs with the flags its engine owns (below), so --header reaches the matcher group of a
  // CSDS answer that also holds TP2 variants.
  for (const auto& flag : a.query.flags) {
    Query one;
    one.flags.push_back(flag);
    if (!runs.empty() && std::all_of(runs.begin(), runs.end(),
                                     [&](const GroupRun& r) { return CheckQueryFlags(*r.engine, one).has_value(); }))
      return fail(CheckFailure::Kind::kUsage, *CheckQueryFlags(*runs.front().engine, one));
  }
  if (!profile_used) {
    std::string engines;
    for (const GroupRun& r : runs) engines += (engines.empty() ? "" : ", ") + std::string(r.engine->name());
    return fail(CheckFailure::Kind::kUsage,
                "unknown profile '" + a.profile + "' for the engines of these files (" + engines + ")");
  }

  for (GroupRun& run : runs) {
    InspectOptions o;
    o.mode = CommandMode(a.command);  // core/engine DecideMode does the rest
    o.suppressions = gate.suppressions;
    o.cancelled = cancelled;
    if (run.profile != "all") o.profiles = {run.profile};
    Query query = a.query;  // the flags this group's engine owns (all of them, but with several engines)
    std::erase_if(query.flags, [&](const std::pair<std::string, std::string>& f) {
      Query one;
      one.flags.push_back(f);
      return CheckQueryFlags(*run.engine, one).has_value();
    });
    run.inspection = Inspect(*run.engine, run.scenario, query, o);
    if (run.inspection.cancelled) return fail(CheckFailure::Kind::kCancelled, "cancelled");
    for (Report& r : run.inspection.reports) {
      run.fails |= FailsOn(r.diagnostics, gate.fail_on);
      std::erase_if(r.diagnostics, [&](const doc::Diagnostic& d) { return !Shown(d.severity, gate.min_severity); });
    }
  }
  return true;
}

int RunCheckGroups(const CheckEvalArgs& a, const Gate& gate, const std::vector<FileGroup>& groups,
                   const nlohmann::ordered_json* live_info, const std::vector<doc::Diagnostic>& live_diagnostics) {
  std::vector<GroupRun> runs;
  CheckFailure failure;
  if (!InspectGroups(a, gate, groups, ReadSibling, {}, &runs, &failure, live_diagnostics)) return failure.Exit();
  const bool evaluate = CommandMode(a.command) == Mode::kEvaluate;
  bool errors = false;
  for (const GroupRun& run : runs) errors |= run.fails;

  TextStyle style{ShouldColour()};
  if (a.format == "json") {
    ordered_json j;
    j["groups"] = ordered_json::array();
    for (const GroupRun& run : runs) {
      ordered_json g;
      g["files"] = ordered_json::array();
      for (const InputFile& f : run.inputs) g["files"].push_back(doc::ValidUtf8(f.name));
      if (run.profile == "all") {
        g["engine"] = run.engine->name();
        g["profiles"] = ordered_json::object();
        for (const Report& r : run.inspection.reports) {
          ordered_json one = ReportJson(*run.engine, r.profile, r);
          one.erase("engine");
          one.erase("profile");
          if (!r.suppressed.empty()) one["suppressed"] = SuppressedJson(r.suppressed, gate.show_suppressed);
          g["profiles"][r.profile] = std::move(one);
        }
        AddComparisonJson(run.inspection.comparison, g);
      } else {
        const Report& r = run.inspection.reports.front();
        ordered_json one = ReportJson(*run.engine, run.profile, r);
        for (auto& [k, v] : one.items()) g[k] = v;
        if (!r.suppressed.empty()) g["suppressed"] = SuppressedJson(r.suppressed, gate.show_suppressed);
        if (a.explain) g["explanation"] = ExplanationJson(r, *run.scenario);
      }
      j["groups"].push_back(std::move(g));
    }
    if (live_info) j["live"] = *live_info;
    PrintJson(j);
  } else if (a.format == "sarif") {
    std::vector<const Report*> reports;
    std::vector<const Scenario*> scenarios;
    for (const GroupRun& run : runs) {
      scenarios.push_back(run.scenario.get());
      for (const Report& r : run.inspection.reports) reports.push_back(&r);
    }
    PrintSarif(reports, scenarios, a.profile == "all", gate.show_suppressed);
  } else {
    if (live_info) {
      std::vector<InputFile> all;
      for (const FileGroup& g : groups) all.insert(all.end(), g.files.begin(), g.files.end());
      PrintLiveText(*live_info, all);
    }
    for (const GroupRun& run : runs) {
      std::cout << "== files: " << Join(run.inputs) << " (engine " << run.engine->name();
      if (run.profile != "all") std::cout << ", profile " << run.profile;
      std::cout << ")\n";
      if (run.profile == "all") {
        PrintAllProfilesText(run.inspection, evaluate, a.explain, style, gate);
      } else {
        const Report& r = run.inspection.reports.front();
        PrintText(r, evaluate, a.explain, style);
        PrintSuppressedText(r.suppressed, gate);
      }
    }
  }
  return errors ? kExitFindings : kExitOk;
}

}  // namespace cfgi::cli
