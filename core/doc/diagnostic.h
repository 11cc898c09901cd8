// core/doc/diagnostic.h: coded, located findings. Every code is documented in
// docs/diagnostics.md (a test fails otherwise).
//
//   DiagnosticSink sink(source);
//   sink.Error("CFG001", range, "expected a map", "spec.rules[0]");
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/doc/source.h"

namespace cfgi::doc {

enum class Severity { kError, kWarning, kNote };

// "error", "warning", "note".
const char* SeverityName(Severity s);

// Another place a finding names: the earlier matcher that shadows it, the choice before it that
// matches every client, the other variant of an overlap, the item that overrides it, the first of
// a duplicate. SARIF carries these as a result's relatedLocations, the language server as a
// diagnostic's relatedInformation, `check --format json` as "related".
struct Related {
  std::string file;   // Source::name()
  SourceRange range;  // byte offsets into the file
  Position begin;     // 1-based, from range.begin
  Position end;       // 1-based, from range.end
  std::string message;  // what that place is ("matchers[0] (prefix '/a') ends the list here")
};

// One replacement in the finding's own file: the bytes of `range` become `text` (an empty range
// inserts, an empty text deletes).
struct Edit {
  SourceRange range;   // byte offsets into Diagnostic::file
  Position begin;      // 1-based, from range.begin
  Position end;        // 1-based, from range.end
  std::string text;
};

// A machine-applicable fix a finding offers: its edits, applied together, remove the finding and
// change nothing else. Offered only when the rewrite is exact (a did-you-mean word, a Kuma 3.0
// rewrite of a block-style field); otherwise the message gives the fix in words. The one
// mechanism for fixes: `check --format json` writes them as "fixes", SARIF as a result's fixes,
// the language server as quickfix code actions.
struct Fix {
  std::string title;  // "Change to 'maxAttempts'"
  std::vector<Edit> edits;  // in the order of their ranges; ranges do not overlap
};

struct Diagnostic {
  std::string code;      // e.g. "DOC001"; stable, documented
  Severity severity = Severity::kError;
  std::string message;   // one sentence, then the fix ("... ; use X")
  std::string path;      // field path in the document ("spec.to[0].targetRef"), may be empty
  std::string file;      // Source::name()
  SourceRange range;     // byte offsets into the file
  Position begin;        // 1-based, resolved from range.begin when created
  // More findings like this one that the engine did not list (it stops at kMaxRepeats + 1 when
  // a finding can repeat 100,000 times); CapRepeats counts them in its note.
  size_t also = 0;
  std::vector<Related> related;  // the other places the message names, in the order it names them
  std::vector<Fix> fixes;        // machine-applicable fixes (DiagnosticSink::Add adds the did-you-mean one)

  // Adds the other place `range` of `src` (a finding about no text: ignored) with `message`;
  // returns *this, so an engine writes sink.Warning(...).Relate(src, range, "...").
  Diagnostic& Relate(const Source* src, SourceRange range, std::string message);
  // Adds the fix `title` made of `edits` (range, replacement text) in `src`, the finding's own
  // source (null: ignored); returns *this.
  Diagnostic& Offer(const Source* src, std::string title, std::vector<std::pair<SourceRange, std::string>> edits);
};

// Collects diagnostics for one source, resolving positions as they are added. Field paths are
// built as gRPC's ValidationErrors does (src/core/util/validation_errors.h): a ScopedField
// pushes a segment for its lifetime, so no code concatenates paths.
//
//   DiagnosticSink sink(&source);
//   DiagnosticSink::ScopedField f1(&sink, "scr.components");
//   DiagnosticSink::ScopedField f2(&sink, "[" + std::to_string(i) + "]");
//   sink.Error("TGT004", range, "a component must be a map");          // path "scr.components[2]"
//   sink.Error("TGT004", range, "...", ".name");                       // path "scr.components[2].name"
class DiagnosticSink {
 public:
  explicit DiagnosticSink(const Source* source = nullptr) : source_(source) {}
  // For findings about a named input that has no text (a flag's value, "--config"): each has
  // `file` as its file and position 1:1.
  static DiagnosticSink Named(std::string file) {
    DiagnosticSink s;
    s.file_ = std::move(file);
    return s;
  }
  DiagnosticSink(const DiagnosticSink&) = delete;
  DiagnosticSink& operator=(const DiagnosticSink&) = delete;
  DiagnosticSink(DiagnosticSink&&) = default;
  DiagnosticSink& operator=(DiagnosticSink&&) = default;

  // How a segment starting with '.' joins an empty path: kAsWritten keeps the '.', kField drops
  // it, so ".on_no_match" is "on_no_match" at the top and "matcher_list.on_no_match" below it
  // (gRPC's ValidationErrors::PushField: "Skip leading '.' for top-level field names").
  enum class Lead { kAsWritten, kField };
  // A path segment (".name", "[3]", or a first segment "spec") for the scope's lifetime.
  class ScopedField {
   public:
    ScopedField(DiagnosticSink* sink, std::string_view segment, Lead lead = Lead::kAsWritten);
    ~ScopedField();
    ScopedField(const ScopedField&) = delete;
    ScopedField& operator=(const ScopedField&) = delete;

   private:
    DiagnosticSink* sink_;
    size_t restore_;
  };
  // The path the open ScopedFields make ("" outside any).
  const std::string& field_path() const { return field_path_; }
  void set_source(const Source* s) { source_ = s; }
  const Source* source() const { return source_; }

  // `path`: empty means the scoped path; one starting with '.' or '[' is appended to it; any
  // other is used as given. A message with "did you mean 'X'?" (doc::DidYouMean) about a range
  // that covers one word (a key or a bare or quoted scalar on one line) gets the fix that
  // replaces the word with X.
  Diagnostic& Add(Severity sev, std::string code, SourceRange range, std::string message,
                  std::string path = {});
  Diagnostic& Error(std::string code, SourceRange r, std::string m, std::string path = {}) {
    return Add(Severity::kError, std::move(code), r, std::move(m), std::move(path));
  }
  Diagnostic& Warning(std::string code, SourceRange r, std::string m, std::string path = {}) {
    return Add(Severity::kWarning, std::move(code), r, std::move(m), std::move(path));
  }
  Diagnostic& Note(std::string code, SourceRange r, std::string m, std::string path = {}) {
    return Add(Severity::kNote, std::move(code), r, std::move(m), std::move(path));
  }
  void Append(const std::vector<Diagnostic>& more) { list_.insert(list_.end(), more.begin(), more.end()); }

  const std::vector<Diagnostic>& list() const { return list_; }
  std::vector<Diagnostic>& list() { return list_; }
  bool has_errors() const;

 private:
  const Source* source_;
  std::string file_;  // Named: the file of findings without a source
  std::vector<Diagnostic> list_;
  std::string field_path_;
};

// Several sources per scenario: one sink per source, made on first use, in order.
class Sinks {
 public:
  DiagnosticSink& For(const Source* s);
  std::vector<Diagnostic> All() const;

 private:
  std::vector<std::unique_ptr<DiagnosticSink>> sinks_;
};

// The one cap on repeated findings: at most `cap` diagnostics of one code per file are kept (in
// order); the rest become one note at the last of them that says how many were left out. Run
// once, by Inspect, on every report; engines report every finding.
inline constexpr size_t kMaxRepeats = 20;
void CapRepeats(std::vector<Diagnostic>& d, size_t cap = kMaxRepeats);

bool HasErrors(const std::vector<Diagnostic>& d);
// Sorts by file, then position, then code; stable for equal keys.
void SortDiagnostics(std::vector<Diagnostic>& d);
// "file:line:col: severity: [CODE] message"; "severity: [CODE] message" for a finding about no
// file (empty file, line 0: an unused --suppress flag).
std::string FormatDiagnostic(const Diagnostic& d);

}  // namespace cfgi::doc
