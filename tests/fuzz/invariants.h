// tests/fuzz/invariants.h: what every fuzz target can state about any answer, checked on every
// input (libFuzzer campaigns and the seed replays `make test` runs without sanitizers alike), so a
// replay asserts more than "no crash":
//   - every diagnostic is well formed: a code of capital letters and three digits, a message, a
//     1-based position, a range inside its source's text;
//   - JSON the CLI and the app would write parses back to the same value (valid UTF-8 included);
//   - a document read without an error diagnostic has a root (JSON) and a loader that reports an
//     error always says why (a diagnostic, never a bare failure).
// A broken invariant traps (the replay exits non-zero; libFuzzer saves the input).
#pragma once

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/doc/diagnostic.h"
#include "core/doc/load.h"

namespace cfgi::fuzz {

[[noreturn]] inline void Broken(const char* what, std::string_view detail) {
  std::fprintf(stderr, "fuzz invariant broken: %s: %.*s\n", what, static_cast<int>(detail.size()), detail.data());
  __builtin_trap();
}

inline bool WellFormedCode(std::string_view c) {
  if (c.size() < 4) return false;
  size_t i = 0;
  while (i < c.size() && c[i] >= 'A' && c[i] <= 'Z') ++i;
  if (i == 0 || c.size() - i != 3) return false;
  for (; i < c.size(); ++i)
    if (c[i] < '0' || c[i] > '9') return false;
  return true;
}

// `text_size`: the size of the diagnostic's source text when known (SIZE_MAX: not checked).
inline void CheckDiagnostic(const doc::Diagnostic& d, size_t text_size = static_cast<size_t>(-1)) {
  if (!WellFormedCode(d.code)) Broken("diagnostic code", d.code);
  if (d.message.empty()) Broken("diagnostic without a message", d.code);
  if (d.begin.line < 1 || d.begin.column < 1) Broken("diagnostic position not 1-based", d.code);
  if (d.range.begin > d.range.end) Broken("diagnostic range reversed", d.code);
  if (text_size != static_cast<size_t>(-1) && d.range.end > text_size) Broken("diagnostic range past the text", d.code);
}

inline void CheckDiagnostics(const std::vector<doc::Diagnostic>& ds, size_t text_size = static_cast<size_t>(-1)) {
  for (const doc::Diagnostic& d : ds) CheckDiagnostic(d, text_size);
}

// JSON as the CLI writes it: serialises (UTF-8 replaced, as doc::JsonText does) and parses back equal.
template <typename Json>
void CheckJsonRoundTrip(const Json& j) {
  std::string text = j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  Json back = Json::parse(text, nullptr, false);
  if (back.is_discarded()) Broken("JSON that does not parse back", text.substr(0, 200));
  if (back.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) != text)
    Broken("JSON that does not round-trip", text.substr(0, 200));
}

// A loaded document: well-formed diagnostics inside the text; a JSON document without an error has
// its root.
inline void CheckDocument(const doc::Document& d) {
  size_t size = d.source ? d.source->text().size() : static_cast<size_t>(-1);
  CheckDiagnostics(d.diagnostics, size);
  bool error = false;
  for (const doc::Diagnostic& x : d.diagnostics) error = error || x.severity == doc::Severity::kError;
  if (d.format == doc::Format::kJson && !error && d.roots.empty()) Broken("a JSON document without error and without a root", "");
}

}  // namespace cfgi::fuzz
