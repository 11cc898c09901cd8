// core/engine/engine.h: the interface every engine implements, and the registry the CLI and
// the GUI use. An engine takes a Scenario (configs + inputs, all bytes already loaded), a query
// and a profile, and returns diagnostics, a JSON result (the CLI contract of DESIGN.md) and an
// explanation.
//
//   const Engine* e = DetectEngine(scenario);
//   Report r = e->Run(scenario, query, e->profiles()[0].name, /*evaluate=*/true);
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/doc/diagnostic.h"
#include "core/doc/explanation.h"
#include "core/engine/scenario.h"

namespace cfgi {

// Engine-specific CLI flags (`--params k=v`, `--language java`). Values in command-line order.
struct Query {
  std::vector<std::pair<std::string, std::string>> flags;
  std::vector<std::string> Values(std::string_view name) const;
  std::optional<std::string> Value(std::string_view name) const;  // the last one given
  bool Has(std::string_view name) const;
};

struct QueryFlag {
  std::string name;   // without dashes
  std::string value;  // value placeholder for --help ("k=v,...")
  std::string help;
  bool repeatable = false;
};

struct Report {
  std::vector<doc::Diagnostic> diagnostics;
  nlohmann::ordered_json result = nlohmann::ordered_json::object();
  doc::Explanation explanation;
};

class Engine {
 public:
  virtual ~Engine() = default;
  // "variants", "matcher", "txt", "policy", "targeting", "document".
  virtual std::string_view name() const = 0;
  // First is the default.
  virtual const std::vector<doc::Profile>& profiles() const = 0;
  // How sure the engine is that a native document is its input: 0 = not mine, 100 = certain.
  virtual int Detect(const doc::Document& d) const = 0;
  virtual std::vector<QueryFlag> query_flags() const { return {}; }
  // Loads and analyses the scenario. With evaluate=false only diagnostics matter (`check`);
  // with evaluate=true `result` holds the engine's result for the query, or for the scenario's
  // own inputs when the query has no input flags. Never throws.
  virtual Report Run(const Scenario& s, const Query& q, std::string_view profile, bool evaluate) const = 0;

  bool HasProfile(std::string_view p) const;
};

// All engines, in DESIGN.md order, then the plain document engine.
const std::vector<const Engine*>& Engines();
const Engine* FindEngine(std::string_view name);
// The scenario's named engine, else the best Detect() score over its sources; the document
// engine when nobody claims them.
const Engine* DetectEngine(const Scenario& s);

// Runs `check`/`eval` and appends the scenario's own diagnostics and its `expect` checks.
Report RunScenario(const Engine& e, const Scenario& s, const Query& q, std::string_view profile, bool evaluate);

// The JSON document the CLI prints for one profile (and the web test hook's state()).
nlohmann::ordered_json ReportJson(const Engine& e, std::string_view profile, const Report& r);
// For every profile: {"engine", "profiles": {name: {...}}, "divergences": [{"path", "values"}]}.
nlohmann::ordered_json AllProfilesJson(const Engine& e, const Scenario& s, const Query& q, bool evaluate);
// Leaf paths (JSON pointers) where the per-profile results differ.
nlohmann::ordered_json Divergences(const std::vector<std::pair<std::string, nlohmann::ordered_json>>& results);

}  // namespace cfgi
