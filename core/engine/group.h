// core/engine/group.h: files checked together, split by the engine that reads each (DESIGN.md
// "Many files, one report"; docs/cli.md "Several files, one report"). The one grouping for the
// CLI (`check configs/*.yaml`) and the app (files opened or dropped together).
//
//   for (const FileGroup& g : GroupFiles(files, request, reader)) {
//     Scenario s = LoadScenario(g.files, reader);
//     const Engine* e = SelectEngine(&s, g.request);     // g.engine, with its diagnostics
//     ... Inspect(*e, s, ...) ...                          // one report per group
//   }
#pragma once

#include <string>
#include <vector>

#include "core/doc/load.h"
#include "core/engine/engine.h"
#include "core/engine/scenario.h"

namespace cfgi {

struct FileGroup {
  std::vector<InputFile> files;    // in the order they were given
  const Engine* engine = nullptr;  // the engine that reads them; the document engine: none does
  // What to ask SelectEngine for this group's scenario: the engine by name for an engine's group
  // of several (so every file of it is that engine's), the caller's request otherwise (a lone
  // group, and the files no engine reads, which get ENG001 each).
  EngineRequest request;
  std::vector<std::string> names() const;
};

// One group holding every file when the request names an engine (--engine, a live source), when
// there is one file, or when every file alone is chosen for the same engine (the files are then
// one scenario, as they always were: a mesh and its policies). Otherwise each file is chosen for
// as its own scenario (ChooseEngine, by the rules of docs/formats.md "How the engine is chosen";
// a scenario envelope with its sources), and the files are grouped by that engine in the order of
// each group's first file. A scenario envelope is a group of its own. The files no engine
// recognises form one last group for the document engine: its scenario has ENG001 on each of
// them (or their own syntax error), so no file is silently left out. Never fails; empty `files`
// give no group.
std::vector<FileGroup> GroupFiles(const std::vector<InputFile>& files, const EngineRequest& r,
                                  const FileReader& reader = {}, const doc::Limits& limits = {});

}  // namespace cfgi
