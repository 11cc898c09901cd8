// app/cli/check_eval.cpp: `check` and `eval`, one implementation (eval also prints the result).
#include <algorithm>
#include <filesystem>
#include <iostream>

#include "app/cli/check_print.h"
#include "app/cli/common.h"
#include "app/cli/live_flags.h"
#include "app/cli/query_flags.h"
#include "app/cli/render_text.h"
#include "app/cli/sarif.h"
#include "app/live/live.h"
#include "app/cli/subcommands.h"
#include "core/doc/utf8.h"
#include "core/engine/group.h"
#include "core/engine/scenario.h"

namespace cfgi::cli {

namespace {

using nlohmann::ordered_json;


// `--csds` in text: each client scope, then one line per resource: type, name, version, status,
// last update, and a rejected update's version, time and reason.
void PrintCsdsText(const ordered_json& info) {
  std::cout << "; CSDS FetchClientStatus at " << info.value("target", "");
  if (info.contains("status")) std::cout << ": " << info["status"].get<std::string>();
  if (info.contains("scopes")) {
    size_t n = info["scopes"].size();
    std::cout << ", " << n << (n == 1 ? " client scope" : " client scopes");
  }
  std::cout << "\n";
  if (!info.contains("scopes")) return;
  for (const ordered_json& s : info["scopes"]) {
    std::cout << "; scope " << (s.value("scope", "").empty() ? "(none)" : s.value("scope", ""));
    if (s.contains("node")) {
      const ordered_json& n = s["node"];
      std::cout << ", node " << n.value("id", "");
      if (n.contains("user_agent_name")) std::cout << " (" << n.value("user_agent_name", "") << " " << n.value("user_agent_version", "") << ")";
    }
    std::cout << ": " << s["resources"].size() << " resources, document " << s.value("document", "") << "\n";
    for (const ordered_json& r : s["resources"]) {
      std::cout << ";   " << r.value("client_status", "") << " " << r.value("type", "") << " " << r.value("name", "");
      if (!r.value("version", "").empty()) std::cout << " version " << r.value("version", "");
      if (r.contains("last_updated")) std::cout << " updated " << r.value("last_updated", "");
      if (r.contains("error_state")) {
        const ordered_json& e = r["error_state"];
        std::cout << "; rejected";
        if (e.contains("version_info")) std::cout << " version " << e.value("version_info", "");
        if (e.contains("last_update_attempt")) std::cout << " at " << e.value("last_update_attempt", "");
        std::cout << ": " << e.value("details", "");
      }
      std::cout << "\n";
    }
  }
}


// A live source that gave nothing to load (a refused connection, an HTTP error, a body that is
// not JSON): its diagnostics alone; exit 1.
int PrintLiveFailure(const ordered_json& info, const std::vector<doc::Diagnostic>& ds, const std::string& format) {
  if (format == "json") {
    ordered_json j;
    j["diagnostics"] = DiagnosticsJson(ds);
    j["result"] = ordered_json::object();
    j["live"] = info;
    PrintJson(j);
  } else {
    PrintLiveText(info, {});
    for (const auto& d : ds) std::cout << doc::FormatDiagnostic(d) << "\n";
  }
  return doc::HasErrors(ds) ? kExitFindings : kExitOk;
}

}  // namespace

// `--lookup` / `--admin` / `--csds` in text: what was asked of whom, then (DNS) the answer as dig prints it.
void PrintLiveText(const ordered_json& info, const std::vector<InputFile>& inputs) {
  if (info.is_null() || info.empty()) return;
  if (info.value("source", "") == "dns") {
    std::cout << "; query " << info.value("query", "") << " TXT at "
              << (info["server"].is_string() ? info["server"].get<std::string>() : "the system resolver") << "\n";
    for (const InputFile& f : inputs)
      if (f.name.rfind("dns:", 0) == 0) std::cout << f.text << "\n";
  } else if (info.value("source", "") == "kuma-cp") {
    std::cout << "; Kuma control plane " << info.value("url", "") << ": " << info.value("product", "Kuma") << " "
              << info.value("version", "") << ", profile " << info.value("profile", "") << "; mesh "
              << info.value("mesh", "") << ", " << info.value("resources", 0) << " resources, _rules "
              << (info.contains("policies") ? "and _policies " : "") << "of dataplane " << info.value("dataplane", "")
              << "\n";
    if (info.contains("policies_skipped"))
      std::cout << "; _policies not compared: HTTP " << info["policies_skipped"].value("status", 0) << " "
                << info["policies_skipped"].value("said", "") << "\n";
  } else if (info.value("source", "") == "csds") {
    PrintCsdsText(info);
  } else if (info.contains("url")) {
    std::cout << "; GET " << info["url"].get<std::string>();
    if (info.contains("status")) std::cout << ": HTTP " << info["status"] << ", " << info["size"] << " bytes";
    std::cout << "\n";
  }
}

// `--format text`: the diagnostics, then the engine's answer drawn from its typed result
// (render_text.h), then with --explain the explanation tree.
void PrintText(const Report& r, bool evaluate, bool explain, const TextStyle& st) {
  std::cout << RenderDiagnostics(r.diagnostics, st);
  if (evaluate && r.typed && r.model && r.model->engine) std::cout << RenderResult(r.model->engine->name(), *r.typed, st);
  if (explain) std::cout << RenderExplanation(r.explanation, st);
}

nlohmann::ordered_json ExplanationJson(const Report& r, const Scenario& s) {
  doc::Step::JsonOptions o;
  for (const doc::Document& d : s.sources) o.sources.push_back(d.source.get());
  if (s.envelope_source()) o.sources.push_back(s.envelope_source());
  return r.explanation.ToJson(o);
}

namespace {

// "grpc-core and a106 give actions[0] \"deny\", decided_by.what \"matchers[0]\" and 3 more fields".
std::string GroupSentence(const AnswerGroup& g) {
  constexpr size_t kFields = 2, kText = 60;
  std::string who;
  for (size_t i = 0; i < g.profiles.size(); ++i)
    who += (i == 0 ? "" : i + 1 == g.profiles.size() ? " and " : ", ") + g.profiles[i];
  std::string out = who + (g.profiles.size() == 1 ? " gives " : " give ");
  for (size_t i = 0; i < g.fields.size() && i < kFields; ++i) {
    const auto& [name, text] = g.fields[i];
    std::string t = text.size() > kText ? doc::ValidUtf8(text.substr(0, kText)) + "...\"" : text;
    if (text.size() > kText && text.front() != '"') t.pop_back();
    out += (i == 0 ? "" : ", ") + (name.empty() ? t : name + " " + t);
  }
  if (g.fields.size() > kFields) {
    size_t more = g.fields.size() - kFields;
    out += " and " + std::to_string(more) + (more == 1 ? " more field" : " more fields");
  }
  return out;
}

}  // namespace

namespace {

// "== divergences: N (M fields)", then one heading per differing answer (the engine's name for
// it, read from `typed`, the first profile's result) and one sentence per group of profiles that
// agree. `--profile all` and `--kuma-cp` (its profile against "kuma (live)").
void PrintDivergencesText(const Comparison& c) {
  std::cout << "== divergences: " << c.size();
  if (!c.empty()) std::cout << " (" << c.divergences.size() << (c.divergences.size() == 1 ? " field)" : " fields)");
  std::cout << "\n";
  for (const DifferingAnswer& a : c.answers) {
    std::cout << a.title << " differs:\n";
    for (const AnswerGroup& g : a.groups) std::cout << "  " << GroupSentence(g) << "\n";
  }
}

}  // namespace

// `--profile all --format text`: each profile's diagnostics (and answer), then the divergences.
void PrintAllProfilesText(const Inspection& in, bool evaluate, bool explain, const TextStyle& st, const Gate& gate) {
  for (const Report& r : in.reports) {
    std::cout << "== profile " << r.profile << "\n";
    PrintText(r, evaluate, explain, st);
    PrintSuppressedText(r.suppressed, gate);
  }
  // One heading per differing answer (the engine's name for it), then one sentence per group of
  // profiles that agree: what they give, the first fields and how many more (`--format json`
  // lists every field by its JSON pointer).
  PrintDivergencesText(in.comparison);
  if (!in.comparison.notes.empty()) {
    std::cout << "== what differs: " << in.comparison.notes.size() << "\n";
    for (const ComparisonNote& n : in.comparison.notes) std::cout << "- " << n.text << "\n";
  }
}

// `--format sarif`: the diagnostics of every report, one result per distinct diagnostic (with
// --profile all, the profiles that reported it); nothing else on stdout.
// With --show-suppressed, the findings a suppression hid are results too, each with its
// `suppressions` entry (sarif.h).
void PrintSarif(const std::vector<const Report*>& reports, const std::vector<const Scenario*>& scenarios, bool all_profiles,
                bool show_suppressed) {
  std::vector<SarifFinding> findings;
  auto add = [&](const Report* r, const doc::Diagnostic& d, const doc::Suppression* by) {
    auto same = [&d, by](const SarifFinding& f) {
      const doc::Diagnostic& e = f.diagnostic;
      return e.code == d.code && e.file == d.file && e.range == d.range && e.begin == d.begin &&
             e.severity == d.severity && e.message == d.message && e.path == d.path &&
             f.suppressed_by.has_value() == (by != nullptr);
    };
    auto it = std::find_if(findings.begin(), findings.end(), same);
    if (it == findings.end()) {
      findings.push_back({d, {}, by ? std::optional<doc::Suppression>(*by) : std::nullopt});
      it = findings.end() - 1;
    }
    if (all_profiles) it->profiles.push_back(r->profile);
  };
  for (const Report* r : reports) {
    for (const doc::Diagnostic& d : r->diagnostics) add(r, d, nullptr);
    if (show_suppressed)
      for (const doc::SuppressedDiagnostic& x : r->suppressed) add(r, x.diagnostic, &x.by);
  }
  SourceLookup lookup = [&scenarios](const std::string& file) -> const doc::Source* {
    for (const Scenario* s : scenarios) {
      if (const doc::Document* d = s->FindSource(file)) return d->source.get();
      if (s->envelope && s->envelope->source && s->envelope->source->name() == file) return s->envelope->source.get();
    }
    return nullptr;
  };
  SarifOptions o;
  o.docs_url = DocsUrl();
  std::error_code ec;
  o.base_dir = std::filesystem::current_path(ec).string();
  PrintJson(SarifLog(findings, lookup, o));
}

std::string GroupProfile(const Gate& g, const Engine& e, const std::string& rule, const std::string& flag,
                         const Scenario& s, std::string* error) {
  // Nothing recognised the files (ENG001, whose message names a profile several engines have):
  // the document engine's syntax check, under its own profile. A name no engine has is still
  // a usage error.
  if (rule == "none" && !flag.empty() && flag != "all") {
    for (const Engine* x : Engines())
      if (x->HasProfile(flag)) return e.profiles().front().name;
  }
  std::string profile = ChooseProfile(g, e, flag, s);
  if (profile == "all" || e.HasProfile(profile)) return profile;
  std::string names;
  if (rule == "none") {  // no engine read the files: every engine's profiles
    for (const Engine* x : Engines()) {
      if (x->name() == "document") continue;
      names += std::string(names.empty() ? " " : "; ") + std::string(x->name()) + ":";
      for (const auto& p : x->profiles()) names += " " + p.name;
    }
    *error = "unknown profile '" + profile + "'; the engines' profiles are" + names + " (or all)";
    return "";
  }
  for (const auto& p : e.profiles()) names += " " + p.name;
  *error = "unknown profile '" + profile + "' for engine " + std::string(e.name()) + "; one of:" + names + " all";
  return "";
}

bool ParseCheckEvalArgs(const std::vector<std::string>& args, CheckEvalArgs* out, std::string* error) {
  CheckEvalArgs& a = *out;
  ArgReader r(args);  // common.h: `--name`, `--name=value`, `--name value`
  while (r.Next()) {
    const std::string arg = r.arg();
    if (r.is_help()) {
      a.action = CheckEvalArgs::Action::kHelp;
      return true;
    }
    if (arg == "--version") {
      a.action = CheckEvalArgs::Action::kVersion;
      return true;
    }
    if (!r.is_flag()) {  // the command word, then files ('-' is stdin)
      if (a.command.empty()) {
        a.command = arg;
      } else {
        a.files.push_back(arg);
      }
      continue;
    }
    const std::string& name = r.name();
    const std::string& value = r.value();
    const bool has_inline = r.has_inline();
    auto take_value = [&r]() -> bool { return r.TakeValue(); };
    if (name == "profile" || name == "format" || name == "engine") {
      if (!take_value()) return Refuse(error, "--" + name + " needs a value");
      (name == "profile" ? a.profile : name == "format" ? a.format : a.engine) = value;
      if (name == "engine" && !FindEngine(value)) return Refuse(error, UnknownEngine(value));
      if (name == "format" && !IsOutputFormat(value) && value != "sarif")
        return Refuse(error, "--format is 'text', 'json' or 'sarif'");
    } else if (LiveFlag lf = ParseLiveFlag(name, take_value, &value, &a.live, error); lf != LiveFlag::kNotMine) {
      if (lf == LiveFlag::kError) return false;
    } else if (name == "explain") {
      a.explain = true;
    } else if (bool gate_value = false; IsGateFlag(name, &gate_value)) {  // gate.h
      if (gate_value && !take_value()) return Refuse(error, "--" + name + " needs a value");
      if (!SetGateFlag(name, value, &a.gate, error)) return false;
    } else if (IsQueryFlag(name)) {
      // The arity every engine that defines the name agrees on; the engine is not known yet.
      if (QueryFlagTakesValue(name)) {
        if (!take_value()) return Refuse(error, "--" + name + " needs a value " + QueryFlagPlaceholder(name));
      }
      a.query.flags.emplace_back(name, has_inline || QueryFlagTakesValue(name) ? value : std::string("true"));
    } else {
      return Refuse(error, "unknown option " + arg);
    }
  }
  if (a.command != "check" && a.command != "eval")
    return Refuse(error, a.command.empty() ? "missing command" : "unknown command '" + a.command + "'");
  for (const auto& [k, v] : a.query.flags)  // --dataplane is the policy engine's query flag; --kuma-cp asks about it too
    if (k == "dataplane") a.live.dataplane = v;
  if (std::string live_error = CheckLiveArgs(a.live); !live_error.empty()) return Refuse(error, live_error);
  if (a.files.empty() && !a.live.any()) return Refuse(error, "no input files");
  return true;
}

int RunCheckEval(const CheckEvalArgs& a) {
  Query query = a.query;          // --kuma-cp adds the _rules endpoint to it
  std::string profile_flag = a.profile;  // --kuma-cp: the control plane's release unless --profile
  Gate gate;  // thresholds, suppressions and the project file (gate.h)
  if (std::string error; !ResolveGate(a.gate, a.files, &gate, &error)) return UsageError(error);
  std::vector<InputFile> inputs;
  for (const std::string& f : a.files) {
    std::optional<std::string> text = ReadFile(f);
    if (!text) return CannotRead(f);
    inputs.push_back({f, std::move(*text)});
  }
  // Live sources (live_flags.h): the fetched documents are more sources, read by the txt engine
  // (--lookup) or the matcher engine (--admin, --csds: config_dump documents) unless --engine says
  // otherwise.
  std::vector<doc::Diagnostic> live_diagnostics;
  ordered_json live_info;
  std::string engine = a.engine;
  if (a.live.any()) {
    if (std::string unread; !RunLive(a.live, &inputs, &live_diagnostics, &live_info, &unread)) return CannotRead(unread);
    if (engine.empty()) engine = a.live.engine();
    if (inputs.empty()) return PrintLiveFailure(live_info, live_diagnostics, a.format);
    if (!a.live.kuma_cp.empty()) {  // our own answer to the same question: Kuma's _rules endpoint
      query.flags.emplace_back("kuma-inspect", "/meshes/" + a.live.mesh + "/dataplanes/" + a.live.dataplane + "/_rules");
      if (profile_flag.empty()) profile_flag = live_info.value("profile", "");
    }
  }
  Scenario s = LoadScenario(inputs, ReadSibling);
  s.diagnostics.insert(s.diagnostics.end(), live_diagnostics.begin(), live_diagnostics.end());
  // The rules of docs/formats.md "How the engine is chosen"; adds ENG001 and friends to s (not
  // ENG002 for an answer without records: the live diagnostics above say why, EmptySourceExplained). The
  // project file's engine for the files' path comes after --engine (and a live source's engine).
  EngineRequest request{a.engine.empty() && gate.rule ? gate.rule->engine : engine, profile_flag};
  // Files that different engines read: one scenario and one report per group (core/engine/group.h).
  if (!a.live.any() && inputs.size() > 1) {
    std::vector<FileGroup> groups = GroupFiles(inputs, request, ReadSibling);
    if (groups.size() > 1) return RunCheckGroups(a, gate, groups);
  }
  // CSDS with TP2 variants: the scopes' config_dumps are the matcher engine's, the variants and
  // the client's subscription the variants engine's (csds_read.cpp), one report per group.
  if (!a.live.csds.empty() && a.engine.empty() &&
      std::any_of(inputs.begin(), inputs.end(), [](const InputFile& f) { return f.name.ends_with("#variants"); })) {
    std::vector<FileGroup> groups = GroupFiles(inputs, EngineRequest{"", profile_flag}, ReadSibling);
    if (groups.size() > 1) return RunCheckGroups(a, gate, groups, &live_info, live_diagnostics);
  }
  std::string rule;
  const Engine* e = SelectEngine(&s, request, &rule);
  if (!e) return UsageError(UnknownEngine(a.engine));
  // Phase two of the query flags: THIS engine's definitions only.
  if (std::optional<std::string> error = CheckQueryFlags(*e, query)) return UsageError(*error);
  size_t named = inputs.size();
  if (std::optional<std::string> unread = ReadFileValuedQueryFlags(*e, query, &inputs))
    return CannotRead(*unread);
  if (inputs.size() != named) {  // the same engine reads them
    s = LoadScenario(inputs, ReadSibling);
    s.diagnostics.insert(s.diagnostics.end(), live_diagnostics.begin(), live_diagnostics.end());
    SelectEngine(&s, EngineRequest{std::string(e->name()), profile_flag});
  }
  if (gate.project)  // the project file's own problems are findings of this run
    s.diagnostics.insert(s.diagnostics.begin(), gate.project->diagnostics.begin(), gate.project->diagnostics.end());

  const Mode mode = CommandMode(a.command);  // core/engine DecideMode does the rest
  const bool evaluate = mode == Mode::kEvaluate;
  std::string profile_error;
  std::string profile = GroupProfile(gate, *e, rule, profile_flag, s, &profile_error);
  if (profile.empty()) return UsageError(profile_error);
  if (profile == "all" && !a.live.kuma_cp.empty())
    return UsageError("--kuma-cp compares one profile with the control plane's answer; give --profile P or none");
  if (profile != "all") profile = e->CanonicalProfile(profile);  // an alias names its profile
  bool errors = false;
  TextStyle style{ShouldColour()};
  if (profile == "all") {
    if (a.format == "json") {
      ordered_json j = AllProfilesJson(*e, s, query, evaluate, gate.suppressions, gate.show_suppressed);
      for (auto& [name, one] : j["profiles"].items()) {
        errors |= FailsOnJson(one["diagnostics"], gate.fail_on);
        HideBelow(&one, gate.min_severity);
      }
      if (a.live.any()) j["live"] = live_info;
      PrintJson(j);
    } else {
      InspectOptions o;
      o.mode = mode;
      o.suppressions = gate.suppressions;
      o.result_json = false;  // text and SARIF print the typed results and the comparison
      Inspection in = Inspect(*e, std::shared_ptr<const Scenario>(&s, [](const Scenario*) {}), query, o);
      std::vector<const Report*> reports;
      for (Report& r : in.reports) {
        errors |= FailsOn(r.diagnostics, gate.fail_on);
        std::erase_if(r.diagnostics, [&](const doc::Diagnostic& d) { return !Shown(d.severity, gate.min_severity); });
        reports.push_back(&r);
      }
      if (a.format == "sarif") {
        PrintSarif(reports, {&s}, true, gate.show_suppressed);
      } else {
        PrintLiveText(live_info, inputs);
        PrintAllProfilesText(in, evaluate, a.explain, style, gate);
      }
    }
  } else {
    // RunScenario's Inspect of one profile, serialising the result only for the JSON output and
    // the --kuma-cp comparison (text and SARIF print the typed result).
    InspectOptions one;
    one.mode = mode;
    one.suppressions = gate.suppressions;
    one.profiles = {profile};
    one.result_json = a.format == "json" || !a.live.kuma_cp.empty();
    Report r = std::move(Inspect(*e, std::shared_ptr<const Scenario>(&s, [](const Scenario*) {}), query, one).reports.front());
    errors = FailsOn(r.diagnostics, gate.fail_on);
    // --kuma-cp: the control plane's _rules answer is one more profile, "kuma (live)", in the one
    // profile comparison (core/engine/compare.h).
    std::optional<Comparison> live_cmp;
    if (!a.live.kuma_cp.empty() && live_info.contains("rules")) {
      std::optional<ordered_json> ours_policies;
      if (live_info.contains("policies"))
        ours_policies = live::OurKumaPolicies(s, query, profile, a.live.mesh, a.live.dataplane);
      live_cmp = live::CompareKumaLive(profile, r.result, live_info["rules"], ours_policies ? &*ours_policies : nullptr,
                                       ours_policies ? &live_info["policies"] : nullptr);
      DescribeAnswers(e, r.typed.get(), {profile, std::string(live::kKumaLiveProfile)}, *live_cmp);
      for (doc::Diagnostic& d : live::KumaDivergenceNotes(*live_cmp, profile, inputs.front()))
        if (Shown(d.severity, gate.min_severity)) r.diagnostics.push_back(std::move(d));
    }
    std::erase_if(r.diagnostics, [&](const doc::Diagnostic& d) { return !Shown(d.severity, gate.min_severity); });
    if (a.format == "json") {
      ordered_json j = ReportJson(*e, profile, r);
      if (!r.suppressed.empty()) {
        j["suppressed"] = SuppressedJson(r.suppressed, gate.show_suppressed);
        HideBelow(&j, gate.min_severity);
      }
      if (a.explain) j["explanation"] = ExplanationJson(r, s);
      if (a.live.any()) j["live"] = live_info;
      if (live_cmp) {
        j["divergences"] = live_cmp->ToJson();
        j["differing_answers"] = live_cmp->AnswersJson();
      }
      PrintJson(j);
    } else if (a.format == "sarif") {
      PrintSarif({&r}, {&s}, false, gate.show_suppressed);
    } else {
      PrintLiveText(live_info, inputs);
      PrintText(r, evaluate, a.explain, style);
      PrintSuppressedText(r.suppressed, gate);
      if (live_cmp) PrintDivergencesText(*live_cmp);
    }
  }
  return errors ? kExitFindings : kExitOk;
}

}  // namespace cfgi::cli
