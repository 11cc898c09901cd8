// core/doc/suppress.h: suppressions, the one mechanism that silences a known finding, for the CLI
// (`--suppress CODE[=GLOB]`, the project file's `suppress:`), scenarios (`suppress:`), comments in
// the files themselves (`config-inspector: ignore CODE[,CODE] -- reason`) and the app (a
// document's "Hide dead-configuration lints"). Modelled on istioctl analyze's suppressions (by flag
// and by annotation) and on SARIF 2.1.0's result.suppressions (kind inSource / external).
//
//   std::vector<Suppression> sups = ReadCommentSuppressions(doc, sink);  // from the file's comments
//   sups.push_back(*ParseSuppressFlag("MAT016=legacy/**", &error));     // from the command line
//   SuppressionResult r = ApplySuppressions(std::move(diagnostics), sups);
//   r.kept;        // what is shown and gates the exit status, SUP001 notes for unused ones included
//   r.suppressed;  // what was silenced, each with the suppression that did it
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/doc/diagnostic.h"
#include "core/doc/load.h"
#include "core/doc/node.h"

namespace cfgi::doc {

// Where a suppression was written.
enum class SuppressionOrigin { kFlag, kProject, kComment, kScenario, kApp };
// "flag", "project", "comment", "scenario", "app".
const char* SuppressionOriginName(SuppressionOrigin o);
// SARIF 2.1.0 `suppression.kind`: "inSource" for a comment or a scenario's list (written in the
// inspected files), "external" for the command line, the project file and the app.
const char* SarifSuppressionKind(SuppressionOrigin o);

struct Suppression {
  std::string code;       // a diagnostic code, exact ("MAT016")
  std::string file_glob;  // empty: any file; else a glob (GlobMatch) over the finding's file name
  std::string path_glob;  // empty: any field path; else a glob over Diagnostic::path
  int line = 0;           // 0: any line; a comment's line L: findings that begin on L or L + 1
  std::string reason;     // the justification ("-- reason"), may be empty
  SuppressionOrigin origin = SuppressionOrigin::kFlag;
  // When it matches nothing: a SUP001 note at `file`/`range` (or naming `label` for a flag).
  bool report_unused = true;
  std::string label;      // how the note names it: "--suppress MAT016=legacy/**", "ignore MAT016"
  std::string file;       // where it was written (comment, list entry); empty for a flag
  SourceRange range;
  Position begin;
  // Maps a finding's file name to the name `file_glob` is written against (a project file's
  // globs are relative to its directory, a scenario's to the scenario's). Null: the name as is.
  std::function<std::string(const std::string&)> file_name;

  // True when this suppression silences `d`.
  bool Matches(const Diagnostic& d) const;
};

// A finding that a suppression silenced, with that suppression.
struct SuppressedDiagnostic {
  Diagnostic diagnostic;
  Suppression by;
};

struct SuppressionResult {
  std::vector<Diagnostic> kept;                   // input order, then the SUP001 notes
  std::vector<SuppressedDiagnostic> suppressed;   // input order
};

// Silences each diagnostic that a suppression matches (the first one that does is recorded).
// Every suppression with report_unused that matched nothing becomes a SUP001 note appended to
// `kept`; those notes are themselves matched against the suppressions without a line (so
// `--suppress SUP001` silences them). Never fails.
SuppressionResult ApplySuppressions(std::vector<Diagnostic> diagnostics, const std::vector<Suppression>& sups);

// Glob over names: `*` any run of characters except '/', `**` any run including '/', `?` one
// character except '/', `[abc]` / `[a-z]` / `[!a]` a class; anything else literally. A glob without
// '/' matches a name with directories by its last component too ("*.zone" matches "dns/a.zone").
// A malformed class ('[' without ']') is a literal '['.
bool GlobMatch(std::string_view glob, std::string_view name);

// True for a code of the registry (core/doc/codes.h: every `### CODE` of docs/diagnostics.md).
bool IsKnownCode(std::string_view code);

// The suppressions written as comments in a document: `config-inspector: ignore CODE[,CODE] --
// reason` in a YAML or textproto `#` comment or a zone-file / dig `;` comment (JSON has none: use a
// scenario's `suppress:`). Each code is one Suppression at the code's position, covering the
// comment's line and the next. Problems go to `sink` (whose source must be d's): SUP002 (no
// reason), SUP003 (an unknown code, which is skipped), SUP004 (no code, or a word other than
// `ignore` after `config-inspector:`).
std::vector<Suppression> ReadCommentSuppressions(const Document& d, DiagnosticSink& sink);

// A `suppress:` list (a scenario's, a project file's): each item is "CODE", "CODE=FILE_GLOB" or
// a map {code, file (glob), path (glob over the field path), reason}. Problems go to `sink`
// (SUP003 unknown code, SUP004 a malformed item), and those items are skipped.
std::vector<Suppression> ReadSuppressList(const Node& list, SuppressionOrigin origin, DiagnosticSink& sink);

// `--suppress ARG`: "CODE" or "CODE=FILE_GLOB". Nullopt with `*error` set when the code is empty
// or not a documented one, or the glob is empty.
std::optional<Suppression> ParseSuppressFlag(std::string_view arg, std::string* error);

}  // namespace cfgi::doc
