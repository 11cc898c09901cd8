// core/engine/project.h: the project file `.config-inspector.yaml`, the defaults a repository keeps
// for every run of config-inspector-cli in it (found from the current directory upward, or named
// with --project): a profile, the exit threshold, the output threshold, suppressions, and an engine
// (and profile) per path glob. The core reads bytes and a name; finding the file is the CLI's.
//
//   profile: grpc-java
//   fail-on: warning                 # error | warning | note | never
//   min-severity: warning            # error | warning | note
//   suppress:
//     - MAT016=legacy/**             # as --suppress, or {code, file, path, reason}
//   paths:
//     - {files: "dns/*.zone", engine: txt, profile: grpc-go}
//
//   ProjectConfig p = ParseProjectConfig(".config-inspector.yaml", text);
//   if (const ProjectPathRule* r = p.RuleFor("dns/a.zone")) request.engine = r->engine;
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/doc/diagnostic.h"
#include "core/doc/suppress.h"

namespace cfgi {

// One `paths` entry: files matching the glob (relative to the project file's directory) are read
// with this engine and profile (either may be empty).
struct ProjectPathRule {
  std::string files;
  std::string engine;
  std::string profile;
};

struct ProjectConfig {
  std::string name;          // the project file's name as given
  std::string profile;       // empty: none
  std::string fail_on;       // empty or error | warning | note | never
  std::string min_severity;  // empty or error | warning | note
  // Origin kProject; they do not report themselves unused (a project-wide default is expected to
  // match nothing in most runs). Their globs are matched against names relative to the project
  // directory: the caller sets Suppression::file_name.
  std::vector<doc::Suppression> suppressions;
  std::vector<ProjectPathRule> paths;
  // DOC0xx for YAML syntax, PRJ001..PRJ006 for the content, SUP003 / SUP004 for `suppress`.
  // An entry with a problem is skipped; the rest still apply.
  std::vector<doc::Diagnostic> diagnostics;

  // The first `paths` rule whose glob matches `file` (a name relative to the project directory);
  // null when none does.
  const ProjectPathRule* RuleFor(std::string_view file) const;
};

// Reads a project file. Never fails: problems are diagnostics (and the keys they concern are left
// at their defaults).
ProjectConfig ParseProjectConfig(std::string name, std::string text);

// True for "error", "warning", "note" and (when `allow_never`) "never".
bool IsSeverityThreshold(std::string_view s, bool allow_never);

}  // namespace cfgi
