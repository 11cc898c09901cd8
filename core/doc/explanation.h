// core/doc/explanation.h: the "why" of a result, a tree of steps (cel-cpp's trace listener and
// Envoy's three-way match result). The GUI shows it with source highlighting; golden tests and
// the CLI's JSON carry it.
//
//   Step root{"subscription env=prod", Outcome::kMatched};
//   root.Add({"variant 0: env=prod", Outcome::kMatched, "key env equals prod", range});
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/doc/source.h"

namespace cfgi::doc {

enum class Outcome { kMatched, kNoMatch, kError, kSkipped, kInfo };
// "matched", "no-match", "error", "skipped", "info"
const char* OutcomeName(Outcome o);

struct Step {
  std::string what;
  Outcome outcome = Outcome::kInfo;
  std::string detail;
  SourceRange range;
  std::string file;  // source name the range points into; empty = the scenario's first source
  std::vector<Step> children;

  Step& Add(Step s) { children.push_back(std::move(s)); return children.back(); }
  // The one JSON form of a step tree (the CLI's --explain, the matcher's per-request trace): {"what", "outcome", "detail"?, "line"?, "children"?},
  // strings made valid UTF-8 (they quote the user's text).
  struct JsonOptions {
    const Source* source = nullptr;  // when set, "line": the 1-based line of the step's range
    size_t max_children = 0;         // when set, a longer list keeps its first and last halves
                                     // and one "..." step counting the rest
  };
  nlohmann::ordered_json ToJson() const { return ToJson(JsonOptions{}); }
  nlohmann::ordered_json ToJson(const JsonOptions& o) const;
  // Indented text, one step per line: "✓ what: detail".
  std::string ToText(int indent = 0) const;
};

using Explanation = Step;

// Profiles: a named reading of a spec by one implementation ("grpc-core", "envoy", "a106"...).
struct Profile {
  std::string name;
  std::string description;  // one line, shown in the selector's tooltip and --help
};

}  // namespace cfgi::doc
