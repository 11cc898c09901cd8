// core/doc/diagnostic.h: coded, located findings. Every code is documented in
// docs/diagnostics.md (a test fails otherwise).
//
//   DiagnosticSink sink(source);
//   sink.Error("CFG001", range, "expected a map", "spec.rules[0]");
#pragma once

#include <string>
#include <vector>

#include "core/doc/source.h"

namespace cfgi::doc {

enum class Severity { kError, kWarning, kNote };

// "error", "warning", "note".
const char* SeverityName(Severity s);

struct Diagnostic {
  std::string code;      // e.g. "DOC001"; stable, documented
  Severity severity = Severity::kError;
  std::string message;   // one sentence, then the fix ("... ; use X")
  std::string path;      // field path in the document ("spec.to[0].targetRef"), may be empty
  std::string file;      // Source::name()
  SourceRange range;     // byte offsets into the file
  Position begin;        // 1-based, resolved from range.begin when created
};

// Collects diagnostics for one source, resolving positions as they are added.
class DiagnosticSink {
 public:
  explicit DiagnosticSink(const Source* source = nullptr) : source_(source) {}
  void set_source(const Source* s) { source_ = s; }
  const Source* source() const { return source_; }

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
  std::vector<Diagnostic> list_;
};

bool HasErrors(const std::vector<Diagnostic>& d);
// Sorts by file, then position, then code; stable for equal keys.
void SortDiagnostics(std::vector<Diagnostic>& d);
// "file:line:col: severity: [CODE] message"
std::string FormatDiagnostic(const Diagnostic& d);

}  // namespace cfgi::doc
