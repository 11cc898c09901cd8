// app/cli/check_eval.cpp: `check` and `eval`, one implementation (eval also prints the result).
#include <algorithm>
#include <iostream>

#include "app/cli/common.h"
#include "app/cli/live_flags.h"
#include "app/cli/query_flags.h"
#include "app/cli/subcommands.h"
#include "core/doc/utf8.h"
#include "core/engine/scenario.h"

namespace cfgi::cli {

namespace {

using nlohmann::ordered_json;

// `--lookup` / `--admin` in text: what was asked of whom, then (DNS) the answer as dig prints it.
void PrintLiveText(const ordered_json& info, const std::vector<InputFile>& inputs) {
  if (info.is_null() || info.empty()) return;
  if (info.value("source", "") == "dns") {
    std::cout << "; query " << info.value("query", "") << " TXT at "
              << (info["server"].is_string() ? info["server"].get<std::string>() : "the system resolver") << "\n";
    for (const InputFile& f : inputs)
      if (f.name.rfind("dns:", 0) == 0) std::cout << f.text << "\n";
  } else if (info.contains("url")) {
    std::cout << "; GET " << info["url"].get<std::string>();
    if (info.contains("status")) std::cout << ": HTTP " << info["status"] << ", " << info["size"] << " bytes";
    std::cout << "\n";
  }
}

// A DNS answer without records (NXDOMAIN, a timeout) is all comments: the LIVE diagnostic says
// why, so the engine choice's "the file is empty" (ENG002) is not repeated for it.
void DropEmptyLiveDocument(Scenario* s, const LiveArgs& live, const std::vector<doc::Diagnostic>& live_diagnostics) {
  if (live.lookup.empty() || live_diagnostics.empty()) return;
  auto& ds = s->diagnostics;
  ds.erase(std::remove_if(ds.begin(), ds.end(),
                          [](const doc::Diagnostic& d) { return d.code == "ENG002" && d.file.rfind("dns:", 0) == 0; }),
           ds.end());
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

void PrintText(const Report& r, bool evaluate, bool explain) {
  for (const auto& d : r.diagnostics) std::cout << doc::FormatDiagnostic(d) << "\n";
  if (evaluate) std::cout << doc::JsonText(r.result, 2) << "\n";
  if (explain && !r.explanation.what.empty()) std::cout << r.explanation.ToText();
}

// `--profile all --format text`: each profile's diagnostics (and result), then the divergences.
void PrintAllProfilesText(const ordered_json& j, bool evaluate) {
  for (auto& [name, one] : j["profiles"].items()) {
    std::cout << "== profile " << name << "\n";
    for (const auto& d : one["diagnostics"])
      std::cout << d["file"].get<std::string>() << ":" << d["line"] << ":" << d["column"] << ": "
                << d["severity"].get<std::string>() << ": [" << d["code"].get<std::string>() << "] "
                << d["message"].get<std::string>() << "\n";
    if (evaluate) std::cout << doc::JsonText(one["result"], 2) << "\n";
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
    } else if (LiveFlag lf = ParseLiveFlag(name, take_value, &value, &a.live, error); lf != LiveFlag::kNotMine) {
      if (lf == LiveFlag::kError) return false;
    } else if (name == "explain") {
      a.explain = true;
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
  if (std::string live_error = CheckLiveArgs(a.live); !live_error.empty()) return fail(live_error);
  if (a.files.empty() && !a.live.any()) return fail("no input files");
  return true;
}

int RunCheckEval(const CheckEvalArgs& a) {
  std::vector<InputFile> inputs;
  for (const std::string& f : a.files) {
    std::optional<std::string> text = ReadFile(f);
    if (!text) return CannotRead(f);
    inputs.push_back({f, std::move(*text)});
  }
  // Live sources (live_flags.h): the fetched document is one more source, read by the txt
  // engine (--lookup) or the matcher engine (--admin) unless --engine says otherwise.
  std::vector<doc::Diagnostic> live_diagnostics;
  ordered_json live_info;
  std::string engine = a.engine;
  if (a.live.any()) {
    live_info = RunLive(a.live, &inputs, &live_diagnostics);
    if (engine.empty()) engine = a.live.lookup.empty() ? "matcher" : "txt";
    if (inputs.empty()) return PrintLiveFailure(live_info, live_diagnostics, a.format);
  }
  Scenario s = LoadScenario(inputs, ReadSibling);
  s.diagnostics.insert(s.diagnostics.end(), live_diagnostics.begin(), live_diagnostics.end());
  // The rules of docs/formats.md "How the engine is chosen"; adds ENG001 and friends to s.
  EngineRequest request{engine, a.profile};
  const Engine* e = SelectEngine(&s, request);
  if (!e) return UsageError(UnknownEngine(a.engine));
  DropEmptyLiveDocument(&s, a.live, live_diagnostics);
  // Phase two of the query flags: THIS engine's definitions only.
  if (std::optional<std::string> error = CheckQueryFlags(*e, a.query)) return UsageError(*error);
  size_t named = inputs.size();
  if (std::optional<std::string> unread = ReadFileValuedQueryFlags(*e, a.query, &inputs))
    return CannotRead(*unread);
  if (inputs.size() != named) {  // the same engine reads them
    s = LoadScenario(inputs, ReadSibling);
    s.diagnostics.insert(s.diagnostics.end(), live_diagnostics.begin(), live_diagnostics.end());
    SelectEngine(&s, EngineRequest{std::string(e->name()), a.profile});
    DropEmptyLiveDocument(&s, a.live, live_diagnostics);
  }

  bool evaluate = a.command == "eval";
  std::string profile =
      a.profile.empty() ? (s.profile.empty() ? e->profiles()[0].name : s.profile) : a.profile;
  if (profile != "all" && !e->HasProfile(profile)) {
    std::string names;
    for (const auto& p : e->profiles()) names += " " + p.name;
    return UsageError("unknown profile '" + profile + "' for engine " + std::string(e->name()) +
                      "; one of:" + names + " all");
  }
  bool errors = false;
  if (profile == "all") {
    ordered_json j = AllProfilesJson(*e, s, a.query, evaluate);
    for (auto& [name, one] : j["profiles"].items())
      for (const auto& d : one["diagnostics"]) errors |= d["severity"] == "error";
    if (a.live.any()) j["live"] = live_info;
    if (a.format == "json") {
      PrintJson(j);
    } else {
      PrintLiveText(live_info, inputs);
      PrintAllProfilesText(j, evaluate);
    }
  } else {
    Report r = RunScenario(*e, s, a.query, profile, evaluate);
    errors = doc::HasErrors(r.diagnostics);
    if (a.format == "json") {
      ordered_json j = ReportJson(*e, profile, r);
      if (a.explain) j["explanation"] = r.explanation.ToJson();
      if (a.live.any()) j["live"] = live_info;
      PrintJson(j);
    } else {
      PrintLiveText(live_info, inputs);
      PrintText(r, evaluate, a.explain);
    }
  }
  return errors ? kExitFindings : kExitOk;
}

}  // namespace cfgi::cli
