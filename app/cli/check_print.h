// app/cli/check_print.h: how `check` and `eval` print a report, shared by the one-scenario run
// (check_eval.cpp) and the run of several groups of files (check_groups.cpp).
#pragma once

#include <string>
#include <vector>

#include "app/cli/gate.h"
#include "app/cli/render_text.h"
#include "app/cli/subcommands.h"
#include "core/engine/engine.h"
#include "core/engine/group.h"

namespace cfgi::cli {

// `--format text`: the diagnostics, then the engine's answer drawn from its typed result
// (render_text.h), then with --explain the explanation tree.
void PrintText(const Report& r, bool evaluate, bool explain, const TextStyle& st);
// `--explain --format json`: the explanation (doc::Step::ToJson), each step located in the
// scenario's source or envelope its `file` names (a step without one: the first source).
nlohmann::ordered_json ExplanationJson(const Report& r, const Scenario& s);
// `--profile all --format text`: each profile's diagnostics (and answer), then the divergences.
void PrintAllProfilesText(const Inspection& in, bool evaluate, bool explain, const TextStyle& st, const Gate& gate);
// `--format sarif`: one SARIF log holding the diagnostics of every report (with --profile all,
// the profiles that reported each); `scenarios` resolve the files they name.
void PrintSarif(const std::vector<const Report*>& reports, const std::vector<const Scenario*>& scenarios, bool all_profiles,
                bool show_suppressed);

// The profile a group's engine runs (cli::ChooseProfile); for the document engine chosen because
// nothing recognised the files (rule "none"), its own profile: the finding is ENG001, not the
// profile. Empty with `*error` set for a name the engine lacks.
std::string GroupProfile(const Gate& g, const Engine& e, const std::string& rule, const std::string& flag,
                         const Scenario& s, std::string* error);

// `check` / `eval` of files that several engines read (GroupFiles gave more than one group):
// each group is its own scenario and report, all in one output (docs/cli.md "Several files, one
// report"). Returns the exit status.
// `--lookup` / `--admin` / `--csds` / `--kuma-cp` in text: what was asked of whom (check_eval.cpp).
void PrintLiveText(const nlohmann::ordered_json& info, const std::vector<InputFile>& inputs);

// A live source's answer read by several engines (CSDS: config_dumps and TP2 variants) passes its
// `info` (printed first, and as "live" in JSON) and its diagnostics (each in its file's group).
int RunCheckGroups(const CheckEvalArgs& a, const Gate& gate, const std::vector<FileGroup>& groups,
                   const nlohmann::ordered_json* live_info = nullptr,
                   const std::vector<doc::Diagnostic>& live_diagnostics = {});

}  // namespace cfgi::cli
