// app/cli/text/text_common.h: what every engine's text renderer (app/cli/text/*_text.cpp) shares:
// ANSI colours applied only when TextStyle::colour says so, outcome marks, one-line JSON.
#pragma once

#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "app/cli/render_text.h"
#include "core/doc/explanation.h"
#include "core/doc/utf8.h"

namespace cfgi::cli::text {

using nlohmann::json;
using nlohmann::ordered_json;

// ANSI SGR: green, red, yellow, cyan, dim.
inline constexpr const char* kGreen = "\x1b[32m";
inline constexpr const char* kRed = "\x1b[31m";
inline constexpr const char* kYellow = "\x1b[33m";
inline constexpr const char* kCyan = "\x1b[36m";
inline constexpr const char* kDim = "\x1b[2m";
inline constexpr const char* kReset = "\x1b[0m";

inline std::string Paint(const TextStyle& st, const char* colour, const std::string& s) {
  return st.colour ? std::string(colour) + s + kReset : s;
}

inline const char* Mark(doc::Outcome o) {
  switch (o) {
    case doc::Outcome::kMatched: return "\u2713";
    case doc::Outcome::kNoMatch: return "\u2717";
    case doc::Outcome::kError: return "!";
    case doc::Outcome::kSkipped: return "-";
    case doc::Outcome::kInfo: return "\u00b7";
  }
  return " ";
}

inline const char* MarkColour(doc::Outcome o) {
  switch (o) {
    case doc::Outcome::kMatched: return kGreen;
    case doc::Outcome::kNoMatch: return kRed;
    case doc::Outcome::kError: return kRed;
    case doc::Outcome::kSkipped: return kDim;
    case doc::Outcome::kInfo: return kDim;
  }
  return kReset;
}

inline std::string Ok(const TextStyle& st) { return Paint(st, kGreen, "\u2713"); }
inline std::string NotOk(const TextStyle& st) { return Paint(st, kRed, "\u2717"); }

// A JSON value on one line (a service config, a typed_config), valid UTF-8.
inline std::string OneLine(const ordered_json& v) { return doc::JsonText(v); }
inline std::string OneLine(const json& v) { return doc::JsonText(v); }

// "env=prod, version=v1"; "(no parameters)" for none.
inline std::string Params(const std::map<std::string, std::string>& p) {
  if (p.empty()) return "(no parameters)";
  std::string out;
  for (const auto& kv : p)
    out += (out.empty() ? "" : ", ") + doc::ValidUtf8(kv.first) + "=" + (kv.second.empty() ? "\"\"" : doc::ValidUtf8(kv.second));
  return out;
}

}  // namespace cfgi::cli::text
