// app/cli/gate.h: what decides the exit status and what the output hides, for CI:
// --fail-on, --min-severity, --suppress, --show-suppressed, --project and the project file
// `.config-inspector.yaml` (found from the current directory upward). The suppressions themselves
// are the core's one mechanism (core/doc/suppress.h, applied by cfgi::Inspect); this file turns
// flags and the project file into its input and reads its output.
//
//   if (IsGateFlag(name)) { if (!SetGateFlag(name, value, &a.gate, &error)) ...; }
//   Gate g;
//   if (!ResolveGate(a.gate, a.files, &g, &error)) return UsageError(error);
//   ... RunScenario(..., g.suppressions) ...
//   return FailsOn(diagnostics, g.fail_on) ? kExitFindings : kExitOk;
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/doc/suppress.h"
#include "core/engine/engine.h"
#include "core/engine/project.h"

namespace cfgi::cli {

// The flags as given (empty: not given).
struct GateFlags {
  std::string fail_on;       // error | warning | note | never
  std::string min_severity;  // error | warning | note
  std::vector<std::string> suppress;  // each "CODE" or "CODE=FILE_GLOB"
  bool show_suppressed = false;
  std::string project;       // --project FILE (not --config: the targeting engine's query flag)
  bool no_project = false;   // --no-project: ignore any project file
  // Where the upward search for the project file starts; empty: the current directory. The
  // language server sets the document's directory (its current directory is the editor's).
  std::string search_from;
};

// True for the names (without dashes) SetGateFlag handles; `takes_value` is false only for
// --show-suppressed and --no-project.
bool IsGateFlag(const std::string& name, bool* takes_value);
// Records one flag. False with `*error` set for a bad value (a threshold that is not one of the
// words, a --suppress with an unknown code or an empty glob).
bool SetGateFlag(const std::string& name, const std::string& value, GateFlags* g, std::string* error);

// The flags merged with the project file: flags win, then the project file, then the defaults
// (fail-on error, min-severity note).
struct Gate {
  std::string fail_on = "error";
  std::string min_severity = "note";
  bool show_suppressed = false;
  std::vector<doc::Suppression> suppressions;  // the flags', then the project file's
  std::optional<ProjectConfig> project;        // when one was found or named
  std::string project_dir;                     // its directory, absolute
  // The project file's `paths` rule for the first input file that has one; null when none.
  const ProjectPathRule* rule = nullptr;
};

// Finds the project file (--project, else `.config-inspector.yaml` from the current directory
// upward, unless --no-project), reads it and merges. False with `*error` for a --project file that
// cannot be read (exit 2); a project file's own problems are diagnostics in `project`.
bool ResolveGate(const GateFlags& flags, const std::vector<std::string>& files, Gate* out, std::string* error);

// The profile to run: the --profile flag, else the scenario's, else the path rule's, else the
// project file's, else the profile that fits the scenario (Engine::DefaultProfileFor). Project
// profiles the engine lacks are skipped. cfgi::ChooseProfile with the project file's profiles.
std::string ChooseProfile(const Gate& g, const Engine& e, const std::string& flag, const Scenario& s);

// True when a diagnostic at or above `fail_on` is among `ds` ("never": false).
bool FailsOn(const std::vector<doc::Diagnostic>& ds, const std::string& fail_on);
bool FailsOnJson(const nlohmann::ordered_json& diagnostics, const std::string& fail_on);
// True when a diagnostic of this severity is shown under `min_severity`.
bool Shown(doc::Severity s, const std::string& min_severity);
// Removes from a JSON "diagnostics" array (and a "suppressed" object's list) what --min-severity hides.
void HideBelow(nlohmann::ordered_json* report, const std::string& min_severity);

// Text mode: "N findings suppressed (--show-suppressed lists them)", or with --show-suppressed the
// line and each finding as "file:line:col: severity: [CODE] message (suppressed by ORIGIN: reason)".
// Nothing when none was suppressed.
void PrintSuppressedText(const std::vector<doc::SuppressedDiagnostic>& s, const Gate& g);
void PrintSuppressedTextJson(const nlohmann::ordered_json& suppressed, const Gate& g);

}  // namespace cfgi::cli
