// app/cli/gate.cpp: see gate.h.
#include "app/cli/gate.h"

#include <filesystem>
#include <iostream>

#include "app/cli/common.h"

namespace cfgi::cli {

namespace fs = std::filesystem;

namespace {

constexpr const char* kProjectFileName = ".config-inspector.yaml";

// error 0, warning 1, note 2 (doc::Severity's order); never -1.
int Rank(const std::string& threshold) {
  if (threshold == "error") return 0;
  if (threshold == "warning") return 1;
  if (threshold == "note") return 2;
  return -1;
}

int Rank(doc::Severity s) { return static_cast<int>(s); }

int RankJson(const nlohmann::ordered_json& d) {
  std::string s = d.value("severity", "error");
  return Rank(s);
}

// `file` (as named on the command line, relative to the current directory) relative to `dir`.
std::string RelativeTo(const std::string& dir, const std::string& file) {
  if (file == "-" || dir.empty()) return file;
  std::error_code ec;
  fs::path abs = fs::absolute(fs::path(file), ec);
  if (ec) return file;
  fs::path rel = abs.lexically_normal().lexically_relative(fs::path(dir));
  return rel.empty() ? file : rel.generic_string();
}

// The project file: --project, else the nearest `.config-inspector.yaml` from the current
// directory upward. Empty when there is none.
std::string FindProjectFile(const GateFlags& f) {
  if (!f.project.empty()) return f.project;
  if (f.no_project) return "";
  std::error_code ec;
  fs::path dir = f.search_from.empty() ? fs::current_path(ec) : fs::absolute(fs::path(f.search_from), ec);
  if (ec) return "";
  for (;;) {
    fs::path candidate = dir / kProjectFileName;
    if (fs::is_regular_file(candidate, ec)) {
      if (!f.search_from.empty()) return candidate.lexically_normal().generic_string();
      // Named as the user would write it: relative to the current directory.
      fs::path rel = candidate.lexically_relative(fs::current_path(ec));
      return rel.empty() ? candidate.string() : rel.generic_string();
    }
    if (!dir.has_parent_path() || dir.parent_path() == dir) return "";
    dir = dir.parent_path();
  }
}

void PrintOneSuppressed(const std::string& located, const std::string& origin, const std::string& reason) {
  std::cout << "  " << located << " (suppressed by " << origin << (reason.empty() ? "" : ": " + reason) << ")\n";
}

}  // namespace

bool IsGateFlag(const std::string& name, bool* takes_value) {
  *takes_value = name != "show-suppressed" && name != "no-project";
  return name == "fail-on" || name == "min-severity" || name == "suppress" || name == "show-suppressed" ||
         name == "project" || name == "no-project";
}

bool SetGateFlag(const std::string& name, const std::string& value, GateFlags* g, std::string* error) {
  if (name == "fail-on" || name == "min-severity") {
    bool never = name == "fail-on";
    if (!IsSeverityThreshold(value, never)) {
      *error = "--" + name + " is " + (never ? "error, warning, note or never" : "error, warning or note") +
               "; got '" + value + "'";
      return false;
    }
    (never ? g->fail_on : g->min_severity) = value;
  } else if (name == "suppress") {
    if (!doc::ParseSuppressFlag(value, error)) return false;
    g->suppress.push_back(value);
  } else if (name == "show-suppressed") {
    g->show_suppressed = true;
  } else if (name == "project") {
    if (value.empty()) {
      *error = "--project needs a file name";
      return false;
    }
    g->project = value;
  } else if (name == "no-project") {
    g->no_project = true;
  }
  return true;
}

bool ResolveGate(const GateFlags& flags, const std::vector<std::string>& files, Gate* out, std::string* error) {
  Gate& g = *out;
  g.show_suppressed = flags.show_suppressed;
  for (const std::string& arg : flags.suppress) g.suppressions.push_back(*doc::ParseSuppressFlag(arg, error));
  std::string path = FindProjectFile(flags);
  if (!path.empty()) {
    std::optional<std::string> text = ReadFile(path);
    if (!text) {
      *error = path + ": cannot read the project file";
      return false;
    }
    std::error_code ec;
    g.project_dir = fs::absolute(fs::path(path), ec).lexically_normal().parent_path().generic_string();
    g.project = ParseProjectConfig(path, std::move(*text));
    std::string dir = g.project_dir;
    for (doc::Suppression s : g.project->suppressions) {
      s.file_name = [dir](const std::string& f) { return RelativeTo(dir, f); };
      g.suppressions.push_back(std::move(s));
    }
    for (const std::string& f : files) {
      if ((g.rule = g.project->RuleFor(RelativeTo(dir, f)))) break;
    }
  }
  const ProjectConfig* p = g.project ? &*g.project : nullptr;
  g.fail_on = !flags.fail_on.empty() ? flags.fail_on : p && !p->fail_on.empty() ? p->fail_on : "error";
  g.min_severity =
      !flags.min_severity.empty() ? flags.min_severity : p && !p->min_severity.empty() ? p->min_severity : "note";
  return true;
}

std::string ChooseProfile(const Gate& g, const Engine& e, const std::string& flag, const Scenario& s) {
  std::vector<std::string> configured;
  if (g.rule) configured.push_back(g.rule->profile);
  if (g.project) configured.push_back(g.project->profile);
  return cfgi::ChooseProfile(e, s, flag, configured);  // core/engine/choose.cpp: the app's rule too
}

bool FailsOn(const std::vector<doc::Diagnostic>& ds, const std::string& fail_on) {
  int limit = Rank(fail_on);
  for (const doc::Diagnostic& d : ds)
    if (Rank(d.severity) <= limit) return true;
  return false;
}

bool FailsOnJson(const nlohmann::ordered_json& diagnostics, const std::string& fail_on) {
  int limit = Rank(fail_on);
  for (const auto& d : diagnostics)
    if (RankJson(d) <= limit) return true;
  return false;
}

bool Shown(doc::Severity s, const std::string& min_severity) { return Rank(s) <= Rank(min_severity); }

void HideBelow(nlohmann::ordered_json* report, const std::string& min_severity) {
  int limit = Rank(min_severity);
  auto filter = [limit](nlohmann::ordered_json& a) {
    nlohmann::ordered_json kept = nlohmann::ordered_json::array();
    for (auto& d : a)
      if (RankJson(d) <= limit) kept.push_back(std::move(d));
    a = std::move(kept);
  };
  if (report->contains("diagnostics")) filter((*report)["diagnostics"]);
  if (report->contains("suppressed") && (*report)["suppressed"].contains("diagnostics"))
    filter((*report)["suppressed"]["diagnostics"]);
}

void PrintSuppressedText(const std::vector<doc::SuppressedDiagnostic>& s, const Gate& g) {
  if (s.empty()) return;
  std::cout << s.size() << (s.size() == 1 ? " finding" : " findings") << " suppressed"
            << (g.show_suppressed ? ":" : " (--show-suppressed lists them)") << "\n";
  if (!g.show_suppressed) return;
  for (const doc::SuppressedDiagnostic& x : s)
    if (Shown(x.diagnostic.severity, g.min_severity))
      PrintOneSuppressed(doc::FormatDiagnostic(x.diagnostic), doc::SuppressionOriginName(x.by.origin), x.by.reason);
}

void PrintSuppressedTextJson(const nlohmann::ordered_json& suppressed, const Gate& g) {
  if (suppressed.is_null()) return;
  size_t n = suppressed.value("count", size_t{0});
  if (n == 0) return;
  std::cout << n << (n == 1 ? " finding" : " findings") << " suppressed"
            << (g.show_suppressed ? ":" : " (--show-suppressed lists them)") << "\n";
  if (!suppressed.contains("diagnostics")) return;
  for (const auto& d : suppressed["diagnostics"])
    PrintOneSuppressed(d["file"].get<std::string>() + ":" + std::to_string(d["line"].get<int>()) + ":" +
                           std::to_string(d["column"].get<int>()) + ": " + d["severity"].get<std::string>() + ": [" +
                           d["code"].get<std::string>() + "] " + d["message"].get<std::string>(),
                       d["suppression"]["origin"].get<std::string>(), d["suppression"]["reason"].get<std::string>());
}

}  // namespace cfgi::cli
