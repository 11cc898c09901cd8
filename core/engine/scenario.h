// core/engine/scenario.h: the scenario envelope (docs/formats.md): one file that bundles an
// engine's configs with the inputs to try and the results expected. A native file opened alone
// becomes a scenario with that one source and no inputs.
//
//   Scenario s = LoadScenario({{"routes.yaml", text}}, reader);
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/doc/diagnostic.h"
#include "core/doc/load.h"
#include "core/doc/node.h"
#include "core/doc/suppress.h"

namespace cfgi {

struct InputFile {
  std::string name;  // as the user named it (a path for the CLI, a file name in the app)
  std::string text;
};

// Reads a file referenced by a scenario (`sources: [{file: x}]`), relative to the scenario's
// name. Returns nullopt when it cannot be read. The core never touches the file system itself.
using FileReader = std::function<std::optional<std::string>(const std::string& scenario_name,
                                                            const std::string& relative_path)>;

struct Scenario {
  std::string engine;  // named by the scenario; empty for native files (detected)
  std::string title;
  std::string description;
  std::string profile;  // the scenario's default profile, may be empty
  std::vector<doc::Document> sources;
  doc::Node inputs;  // engine-specific map (docs/formats.md); null when absent
  doc::Node expect;  // list of expectations; null when absent
  std::optional<doc::Document> envelope;  // the scenario file itself, when there is one
  std::vector<doc::Diagnostic> diagnostics;  // from loading the envelope and its references
  // What the files themselves silence: every source's and the envelope's `config-inspector:
  // ignore` comments and the envelope's `suppress:` list (core/doc/suppress.h). Inspect applies
  // them with the caller's own (InspectOptions::suppressions).
  std::vector<doc::Suppression> suppressions;

  // The source a diagnostic or range should point to when it concerns inputs or expect.
  const doc::Source* envelope_source() const { return envelope ? envelope->source.get() : nullptr; }
  // Finds a loaded source by name; null when absent.
  const doc::Document* FindSource(std::string_view name) const;
};

// True when a parsed YAML / JSON root is a scenario envelope (has `engine` and `sources`).
bool IsScenario(const doc::Node& root);

// Builds one scenario from files: a scenario envelope expands into its sources; native files
// become sources. Several envelopes are not merged: callers pass one at a time.
// A file given beside an envelope that the envelope also reads is read once (SameInputFile).
Scenario LoadScenario(const std::vector<InputFile>& files, const FileReader& reader = {},
                      const doc::Limits& limits = {});

// The files a scenario envelope names (`sources: - file:`), relative to the envelope as it reads
// them, whether or not they can be read.
std::vector<std::string> EnvelopeFiles(const doc::Document& envelope);

// Whether two input names are the same file: equal paths (a leading "./" ignored), or equal file
// names when one of them has no directory (the web build names dropped files without one).
bool SameInputFile(const std::string& a, const std::string& b);

}  // namespace cfgi
