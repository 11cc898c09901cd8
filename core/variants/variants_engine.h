// core/variants/variants_engine.h: the "variants" engine (xRFC TP2 dynamic parameters), and
// the analysis a view needs, computed once per scenario.
//
//   const Engine& e = GetVariantsEngine();
//   Report r = e.Run(scenario, query, "tp2", /*evaluate=*/true);   // CLI contract
//   Analysis a = Analyze(scenario, query);   // typed: resources, findings, matrix, transition
//
// Query flags: --params k=v,k=v (repeatable; one subscription each; '' = no parameters),
// --before NAME (repeatable; sources forming the "before" variant set of a transition),
// --resource NAME (the resource bare constraints belong to).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/engine/engine.h"
#include "core/variants/analysis.h"
#include "core/variants/model.h"

namespace cfgi::variants {

// What one scenario yields; every field a view shows. Built by Analyze(), rendered to JSON by
// the engine.
struct Analysis {
  Model model;
  State before;                       // empty unless a transition is given
  std::vector<State> steps;           // the state after each response of the "after" sequence
  State final_state;
  bool has_transition = false;
  std::vector<Subscription> subscriptions;
  std::map<std::string, std::vector<std::optional<std::string>>> domains;  // declared; nullopt = absent
  nlohmann::ordered_json result;      // the CLI result
  std::vector<doc::Diagnostic> diagnostics;
  doc::Explanation explanation;
  std::vector<std::shared_ptr<const doc::Source>> owned;  // e.g. the --params text
};

// Loads, evaluates and analyses. Never throws. The result points into the scenario's sources
// (variant and subscription positions): keep the Scenario alive as long as the Analysis.
Analysis Analyze(const Scenario& s, const Query& q);

// A resource's coverage keys: declared domains where given, else the values its constraints
// and the subscriptions name, plus "absent" and "another value".
std::vector<CoverageKey> CoverageKeys(const ResourceVariants& r, const Domain& d, const Analysis& a);

}  // namespace cfgi::variants

namespace cfgi {
const Engine& GetVariantsEngine();
}  // namespace cfgi
