// app/cli/check_run.h: the one check pipeline for groups of files: each group's scenario, engine,
// query files, profile and inspection, with the gate (project file, suppressions, thresholds)
// applied. `check` / `eval` of several groups (check_groups.cpp) and the language server
// (lsp_server.cpp) both call InspectGroups, so the editor shows exactly what `check` prints.
//
//   std::vector<FileGroup> groups = GroupFiles(inputs, request, reader);
//   std::vector<GroupRun> runs;
//   CheckFailure failure;
//   if (!InspectGroups(args, gate, groups, reader, {}, &runs, &failure)) return failure.Exit();
//   for (const GroupRun& run : runs) run.inspection.reports.front().diagnostics;  // what check shows
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "app/cli/gate.h"
#include "app/cli/subcommands.h"
#include "core/engine/engine.h"
#include "core/engine/group.h"

namespace cfgi::cli {

// One group of files as `check` inspects it.
struct GroupRun {
  std::vector<InputFile> inputs;
  std::shared_ptr<Scenario> scenario;
  const Engine* engine = nullptr;
  std::string profile;  // "all" or one of the engine's
  Inspection inspection;
  bool fails = false;  // a finding at or above the gate's fail-on threshold (the exit status)
};

// Why InspectGroups stopped: a usage error, a file a query flag names that cannot be read, or the
// caller's `cancelled`.
struct CheckFailure {
  enum class Kind { kNone, kUsage, kCannotRead, kCancelled };
  Kind kind = Kind::kNone;
  std::string what;  // the usage message, or the path that cannot be read
  // Prints the failure as the CLI does (common.h UsageError / CannotRead); returns kExitUsage.
  int Exit() const;
};

// For each group: its scenario (read with `reader`), SelectEngine, the query flags' phase two and
// the files they name, the project file's own diagnostics (in the first group only), the profile
// (--profile when the group's engine has it, else ChooseProfile: the scenario's, the project
// file's, the engine's default for it), then Inspect in `a.command`'s mode with the gate's
// suppressions; every report's diagnostics filtered by the gate's min-severity. `cancelled` (may be
// empty) is asked between the inspection's steps. False with `*failure` set; `*runs` then holds
// what was done. `live_diagnostics` (a live source's findings) go to the group holding their file.
bool InspectGroups(const CheckEvalArgs& a, const Gate& gate, const std::vector<FileGroup>& groups,
                   const FileReader& reader, const std::function<bool()>& cancelled,
                   std::vector<GroupRun>* runs, CheckFailure* failure,
                   const std::vector<doc::Diagnostic>& live_diagnostics = {});

}  // namespace cfgi::cli
