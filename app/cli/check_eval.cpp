// app/cli/check_eval.cpp: `check` and `eval`, one implementation (eval also prints the result).
#include <iostream>

#include "app/cli/common.h"
#include "app/cli/query_flags.h"
#include "app/cli/subcommands.h"
#include "core/doc/utf8.h"
#include "core/engine/scenario.h"

namespace cfgi::cli {

namespace {

using nlohmann::ordered_json;

void PrintText(const Report& r, bool evaluate, bool explain) {
  for (const auto& d : r.diagnostics) std::cout << doc::FormatDiagnostic(d) << "\n";
  if (evaluate) std::cout << doc::JsonText(r.result, 2) << "\n";
  if (explain && !r.explanation.what.empty()) std::cout << r.explanation.ToText();
}

// `--profile all --format text`: each profile's diagnostics (and result), then the divergences.
void PrintAllProfilesText(const ordered_json& j, bool evaluate, const Gate& gate) {
  for (auto& [name, one] : j["profiles"].items()) {
    std::cout << "== profile " << name << "\n";
    for (const auto& d : one["diagnostics"])
      std::cout << d["file"].get<std::string>() << ":" << d["line"] << ":" << d["column"] << ": "
                << d["severity"].get<std::string>() << ": [" << d["code"].get<std::string>() << "] "
                << d["message"].get<std::string>() << "\n";
    if (evaluate) std::cout << doc::JsonText(one["result"], 2) << "\n";
    if (one.contains("suppressed")) PrintSuppressedTextJson(one["suppressed"], gate);
  }
  std::cout << "== divergences: " << j["divergences"].size() << "\n";
  for (const auto& d : j["divergences"])
    std::cout << d["path"].get<std::string>() << " " << doc::JsonText(d["values"]) << "\n";
}

}  // namespace

bool ParseCheckEvalArgs(const std::vector<std::string>& args, CheckEvalArgs* out, std::string* error) {
  CheckEvalArgs& a = *out;
  auto fail = [&](const std::string& msg) {
    *error = msg;
    return false;
  };
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--help" || arg == "-h") {
      a.action = CheckEvalArgs::Action::kHelp;
      return true;
    }
    if (arg == "--version") {
      a.action = CheckEvalArgs::Action::kVersion;
      return true;
    }
    if (arg.rfind("--", 0) != 0 || arg.size() <= 2) {  // the command word, then files ('-' is stdin)
      if (a.command.empty()) {
        a.command = arg;
      } else {
        a.files.push_back(arg);
      }
      continue;
    }
    // `--name[=value]`; a value may also be the next argument.
    std::string name = arg.substr(2), value;
    bool has_inline = false;
    if (size_t eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
      has_inline = true;
    }
    auto take_value = [&]() -> bool {
      if (has_inline) return true;
      if (i + 1 >= args.size()) return false;
      value = args[++i];
      return true;
    };
    if (name == "profile" || name == "format" || name == "engine") {
      if (!take_value()) return fail("--" + name + " needs a value");
      (name == "profile" ? a.profile : name == "format" ? a.format : a.engine) = value;
      if (name == "engine" && !FindEngine(value)) return fail(UnknownEngine(value));
      if (name == "format" && !IsOutputFormat(value)) return fail(kFormatError);
    } else if (name == "explain") {
      a.explain = true;
    } else if (bool gate_value = false; IsGateFlag(name, &gate_value)) {  // gate.h
      if (gate_value && !take_value()) return fail("--" + name + " needs a value");
      if (!SetGateFlag(name, value, &a.gate, error)) return false;
    } else if (IsQueryFlag(name)) {
      // The arity every engine that defines the name agrees on; the engine is not known yet.
      if (QueryFlagTakesValue(name)) {
        if (!take_value()) return fail("--" + name + " needs a value " + QueryFlagPlaceholder(name));
      } else if (!has_inline) {
        value = "true";
      }
      a.query.flags.emplace_back(name, value);
    } else {
      return fail("unknown option " + arg);
    }
  }
  if (a.command != "check" && a.command != "eval")
    return fail(a.command.empty() ? "missing command" : "unknown command '" + a.command + "'");
  if (a.files.empty()) return fail("no input files");
  return true;
}

int RunCheckEval(const CheckEvalArgs& a) {
  Gate gate;  // thresholds, suppressions and the project file (gate.h)
  if (std::string error; !ResolveGate(a.gate, a.files, &gate, &error)) return UsageError(error);
  std::vector<InputFile> inputs;
  for (const std::string& f : a.files) {
    std::optional<std::string> text = ReadFile(f);
    if (!text) return CannotRead(f);
    inputs.push_back({f, std::move(*text)});
  }
  Scenario s = LoadScenario(inputs, ReadSibling);
  // The rules of docs/formats.md "How the engine is chosen"; adds ENG001 and friends to s. The
  // project file's engine for the files' path comes after --engine.
  EngineRequest request{a.engine.empty() && gate.rule ? gate.rule->engine : a.engine, a.profile};
  const Engine* e = SelectEngine(&s, request);
  if (!e) return UsageError(UnknownEngine(a.engine));
  // Phase two of the query flags: THIS engine's definitions only.
  if (std::optional<std::string> error = CheckQueryFlags(*e, a.query)) return UsageError(*error);
  size_t named = inputs.size();
  if (std::optional<std::string> unread = ReadFileValuedQueryFlags(*e, a.query, &inputs))
    return CannotRead(*unread);
  if (inputs.size() != named) {  // the same engine reads them
    s = LoadScenario(inputs, ReadSibling);
    SelectEngine(&s, EngineRequest{std::string(e->name()), a.profile});
  }
  if (gate.project)  // the project file's own problems are findings of this run
    s.diagnostics.insert(s.diagnostics.begin(), gate.project->diagnostics.begin(), gate.project->diagnostics.end());

  bool evaluate = a.command == "eval";
  std::string profile = ChooseProfile(gate, *e, a.profile, s.profile);
  if (profile != "all" && !e->HasProfile(profile)) {
    std::string names;
    for (const auto& p : e->profiles()) names += " " + p.name;
    return UsageError("unknown profile '" + profile + "' for engine " + std::string(e->name()) +
                      "; one of:" + names + " all");
  }
  bool errors = false;
  if (profile == "all") {
    ordered_json j = AllProfilesJson(*e, s, a.query, evaluate, gate.suppressions, gate.show_suppressed);
    for (auto& [name, one] : j["profiles"].items()) {
      errors |= FailsOnJson(one["diagnostics"], gate.fail_on);
      HideBelow(&one, gate.min_severity);
    }
    if (a.format == "json") {
      PrintJson(j);
    } else {
      PrintAllProfilesText(j, evaluate, gate);
    }
  } else {
    Report r = RunScenario(*e, s, a.query, profile, evaluate, gate.suppressions);
    errors = FailsOn(r.diagnostics, gate.fail_on);
    std::erase_if(r.diagnostics, [&](const doc::Diagnostic& d) { return !Shown(d.severity, gate.min_severity); });
    if (a.format == "json") {
      ordered_json j = ReportJson(*e, profile, r);
      if (!r.suppressed.empty()) {
        j["suppressed"] = SuppressedJson(r.suppressed, gate.show_suppressed);
        HideBelow(&j, gate.min_severity);
      }
      if (a.explain) j["explanation"] = r.explanation.ToJson();
      PrintJson(j);
    } else {
      PrintText(r, evaluate, a.explain);
      PrintSuppressedText(r.suppressed, gate);
    }
  }
  return errors ? kExitFindings : kExitOk;
}

}  // namespace cfgi::cli
