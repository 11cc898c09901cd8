// core/policy/policy_engine.h: the "policy" engine (Kuma 2.x policy matching and merging,
// ResourceRules, origins). Profiles: "kuma" (default; Kuma 2.x's sort order) and "madr" (the
// MADR's three sort keys and its 'includes' for MeshHTTPRoute items).
//
//   const cfgi::Engine& e = cfgi::GetPolicyEngine();
//   cfgi::Report r = e.Run(scenario, query /* --dataplane NAME */, "kuma", /*evaluate=*/true);
//   r.result["rules"][0]["toResourceRules"];
//
// For a view: compile once, evaluate per dataplane and profile, and read the typed result
// (policy_rules.h) for per-field provenance and the sorted item table:
//
//   cfgi::policy::Compiled c = cfgi::policy::Compile(scenario);
//   auto rules = cfgi::policy::Evaluate(c.model, c.model.dataplanes[0], {});
//   nlohmann::ordered_json j = cfgi::policy::RulesJson(rules, cfgi::policy::Profile::kKuma);
#pragma once

#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/engine/engine.h"
#include "core/policy/policy_rules.h"

namespace cfgi {

const Engine& GetPolicyEngine();

namespace policy {

struct Compiled {
  Model model;
  std::vector<doc::Diagnostic> diagnostics;  // loader + Analyze
};

// Loads the scenario's sources and runs the dataplane-independent analyses. Never throws.
Compiled Compile(const Scenario& s);

// "kuma" / "madr"; nullopt for other names.
std::optional<Profile> ParseProfile(std::string_view name);

// The dataplane a query means: --dataplane, else inputs.dataplane, else the only Dataplane.
// Null with a POL014 diagnostic in `diags` when none can be chosen.
const Dataplane* ChooseDataplane(const Model& m, const Scenario& s, const Query& q, std::vector<doc::Diagnostic>& diags);

// The engine's JSON result ({"dataplane", "rules": [...]}), per DESIGN.md.
nlohmann::ordered_json RulesJson(const DataplaneRules& r, Profile p);

}  // namespace policy
}  // namespace cfgi
