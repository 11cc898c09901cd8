#include "core/doc/diagnostic.h"

#include <algorithm>
#include <tuple>

namespace cfgi::doc {

const char* SeverityName(Severity s) {
  switch (s) {
    case Severity::kError: return "error";
    case Severity::kWarning: return "warning";
    case Severity::kNote: return "note";
  }
  return "error";
}

Diagnostic& DiagnosticSink::Add(Severity sev, std::string code, SourceRange range,
                                std::string message, std::string path) {
  Diagnostic d;
  d.code = std::move(code);
  d.severity = sev;
  d.message = std::move(message);
  d.path = std::move(path);
  d.range = range;
  if (source_) {
    d.file = source_->name();
    d.begin = source_->Locate(range.begin);
  }
  list_.push_back(std::move(d));
  return list_.back();
}

bool DiagnosticSink::has_errors() const { return HasErrors(list_); }

bool HasErrors(const std::vector<Diagnostic>& d) {
  return std::any_of(d.begin(), d.end(), [](const Diagnostic& x) { return x.severity == Severity::kError; });
}

void SortDiagnostics(std::vector<Diagnostic>& d) {
  std::stable_sort(d.begin(), d.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return std::tie(a.file, a.begin.line, a.begin.column, a.code) <
           std::tie(b.file, b.begin.line, b.begin.column, b.code);
  });
}

std::string FormatDiagnostic(const Diagnostic& d) {
  return d.file + ":" + std::to_string(d.begin.line) + ":" + std::to_string(d.begin.column) + ": " +
         SeverityName(d.severity) + ": [" + d.code + "] " + d.message;
}

}  // namespace cfgi::doc
