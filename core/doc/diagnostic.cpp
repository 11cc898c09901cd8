#include "core/doc/diagnostic.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace cfgi::doc {
namespace {

// The did-you-mean fix (suggest.h DidYouMean's words in the message): the suggestion replaces the
// word the finding covers, when that is one word on one line (a quoted scalar keeps its quotes;
// a key inside a TXT record's escaped JSON keeps its \"; any other word with quotes or backslashes
// in it gets none).
void OfferDidYouMean(const Source& src, Diagnostic& d) {
  static constexpr std::string_view kDym = "did you mean '";
  size_t k = d.message.find(kDym);
  if (k == std::string::npos || d.range.end <= d.range.begin) return;
  size_t q = d.message.find('\'', k + kDym.size());
  if (q == std::string::npos) return;
  std::string suggestion = d.message.substr(k + kDym.size(), q - k - kDym.size());
  std::string_view covered = std::string_view(src.text()).substr(d.range.begin, d.range.end - d.range.begin);
  std::string_view word = covered;
  if (word.size() >= 2 && (word.front() == '"' || word.front() == '\'') && word.back() == word.front())
    word = word.substr(1, word.size() - 2);
  else if (word.size() >= 4 && word.starts_with("\\\"") && word.ends_with("\\\""))  // \"key\" in a TXT record
    word = word.substr(2, word.size() - 4);
  if (suggestion.empty() || word.empty() || word.find_first_of("\n:{}[], \"'\\") != std::string_view::npos ||
      word == suggestion)
    return;
  uint32_t wb = d.range.begin + static_cast<uint32_t>(word.data() - covered.data());
  d.Offer(&src, "Change to '" + suggestion + "'", {{{wb, wb + static_cast<uint32_t>(word.size())}, suggestion}});
}

}  // namespace
}  // namespace cfgi::doc

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
  if (path.empty()) d.path = field_path_;
  else if (path[0] == '.' || path[0] == '[') d.path = field_path_ + path;
  else d.path = std::move(path);
  d.range = range;
  if (source_) {
    // Every range stays inside the text: parsers mark an error at the end of the input one past
    // its last byte (yaml-cpp, protobuf's TextFormat), and "the character after" may not exist.
    const uint32_t size = static_cast<uint32_t>(source_->text().size());
    d.range.begin = std::min(d.range.begin, size);
    d.range.end = std::min(std::max(d.range.end, d.range.begin), size);
    d.file = source_->name();
    d.begin = source_->Locate(range.begin);
    OfferDidYouMean(*source_, d);
  } else {
    d.file = file_;
  }
  list_.push_back(std::move(d));
  return list_.back();
}

Diagnostic& Diagnostic::Offer(const Source* src, std::string title,
                              std::vector<std::pair<SourceRange, std::string>> edits) {
  if (!src || edits.empty()) return *this;
  const uint32_t size = static_cast<uint32_t>(src->text().size());
  Fix f;
  f.title = std::move(title);
  for (auto& [range, text] : edits) {
    Edit e;
    e.range.begin = std::min(range.begin, size);
    e.range.end = std::min(std::max(range.end, e.range.begin), size);
    e.begin = src->Locate(e.range.begin);
    e.end = src->Locate(e.range.end);
    e.text = std::move(text);
    f.edits.push_back(std::move(e));
  }
  std::sort(f.edits.begin(), f.edits.end(), [](const Edit& a, const Edit& b) { return a.range.begin < b.range.begin; });
  fixes.push_back(std::move(f));
  return *this;
}

Diagnostic& Diagnostic::Relate(const Source* src, SourceRange range, std::string message) {
  if (!src) return *this;
  const uint32_t size = static_cast<uint32_t>(src->text().size());
  Related r;
  r.file = src->name();
  r.range.begin = std::min(range.begin, size);
  r.range.end = std::min(std::max(range.end, r.range.begin), size);
  r.begin = src->Locate(r.range.begin);
  r.end = src->Locate(r.range.end);
  r.message = std::move(message);
  related.push_back(std::move(r));
  return *this;
}

bool DiagnosticSink::has_errors() const { return HasErrors(list_); }

DiagnosticSink::ScopedField::ScopedField(DiagnosticSink* sink, std::string_view segment, Lead lead)
    : sink_(sink), restore_(sink->field_path_.size()) {
  if (lead == Lead::kField && sink_->field_path_.empty() && !segment.empty() && segment[0] == '.') segment.remove_prefix(1);
  sink_->field_path_ += segment;
}

DiagnosticSink::ScopedField::~ScopedField() { sink_->field_path_.resize(restore_); }

DiagnosticSink& Sinks::For(const Source* s) {
  for (auto& k : sinks_)
    if (k->source() == s) return *k;
  sinks_.push_back(std::make_unique<DiagnosticSink>(s));
  return *sinks_.back();
}

std::vector<Diagnostic> Sinks::All() const {
  std::vector<Diagnostic> out;
  for (const auto& k : sinks_) out.insert(out.end(), k->list().begin(), k->list().end());
  return out;
}

void CapRepeats(std::vector<Diagnostic>& d, size_t cap) {
  using Key = std::pair<std::string, std::string>;
  std::map<Key, size_t> objects, seen, left_out;
  for (const Diagnostic& x : d) ++objects[{x.file, x.code}];
  std::vector<Diagnostic> out;
  out.reserve(d.size());
  for (Diagnostic& x : d) {
    Key key{x.file, x.code};
    size_t n = ++seen[key];
    size_t& left = left_out[key];
    left += x.also;
    x.also = 0;
    if (n > cap) ++left;
    if (n <= cap) out.push_back(std::move(x));
    if (n == objects[key] && left > 0) {
      // At the last of them, so the note sits where the findings end.
      Diagnostic note = n <= cap ? out.back() : std::move(x);
      note.severity = Severity::kNote;
      note.message = "and " + std::to_string(left) + " more [" + note.code + "] findings in this file, not listed " +
                     "(the first " + std::to_string(cap) + " of each code per file are)";
      out.push_back(std::move(note));
    }
  }
  d = std::move(out);
}

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
  // A finding about no file (an unused --suppress flag: line 0) has no location to print.
  if (d.file.empty() && d.begin.line == 0)
    return std::string(SeverityName(d.severity)) + ": [" + d.code + "] " + d.message;
  return d.file + ":" + std::to_string(d.begin.line) + ":" + std::to_string(d.begin.column) + ": " +
         SeverityName(d.severity) + ": [" + d.code + "] " + d.message;
}

}  // namespace cfgi::doc
