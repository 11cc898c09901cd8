// core/variants/variants_engine.h: the "variants" engine (xRFC TP2 dynamic parameters), and
// the analysis a view needs, computed once per scenario.
//
//   auto m = GetVariantsEngine().Load(scenario, query, Mode::kEvaluate);
//   const auto* vm = ModelAs<variants::VariantsModel>(m.get());
//   vm->analysis.final_state.resources;   // typed: resources, findings, matrix, transition
//   m->Evaluate("tp2")->ToJson();          // the CLI contract
//
// Query flags: --params k=v,k=v (repeatable; one subscription each; '' = no parameters),
// --before NAME (repeatable; sources forming the "before" variant set of a transition),
// --resource NAME (the resource bare constraints belong to).
#pragma once

#include <memory>
#include <optional>
#include <set>
#include <utility>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/engine/engine.h"
#include "core/variants/analysis.h"
#include "core/variants/model.h"

namespace cfgi::variants {

struct Analysis;

// ---- transition (before -> after) ----
// How one subscriber's selection of one resource changes across a transition.
enum class Change { kUnchanged, kUpdated, kChanged, kBecameAmbiguous, kBecameUnmatched, kFixed, kStillAmbiguous,
                    kStillUnmatched };
// "unchanged", "updated", "changed", "became-ambiguous", "became-unmatched", "fixed", "still-ambiguous",
// "still-unmatched" (the JSON `change`).
const char* ChangeName(Change c);
// True when a caching proxy must send the subscriber an update (everything but unchanged / still-*).
bool Notifies(Change c);

// A selection together with the variant set it indexes into (r is null when the resource does
// not exist in that state).
struct Seen {
  const ResourceVariants* r = nullptr;
  Selection sel;
  // "0", "label", "none", "0+2" (the matching ids joined by '+' when ambiguous).
  std::string Text() const;
};

struct TransitionRow {
  size_t subscription = 0;  // index into the subscriptions given to ComputeTransition
  std::string resource;
  Seen before, after;
  Change change = Change::kUnchanged;
  // What the subscriber sees after each response of the "after" sequence but the last (empty
  // when the change arrives in one response). Not `match` here while `match` before and after
  // is the split replacement TP2 forbids (VAR113).
  std::vector<Seen> intermediate;
  // The same net change applied as two responses, whatever the scenario's own sequence is: the
  // new variants first (before plus the added ones), or the removals first (before minus the
  // removed ones). Applied as one response the subscriber goes from `before` to `after` directly.
  Seen adds_first, removes_first;
};

struct Transition {
  std::vector<const Update*> responses;  // the "after" sequence, in order
  std::vector<TransitionRow> rows;       // per subscription (in order), per resource it subscribes to
  // The net change per resource, by variant index: removed from before, added in after (as
  // ordinals are shared, a variant kept across the transition is neither).
  State adds_first, removes_first;
};
// One resource's static findings (the variant set itself): key sets, dead variants, overlaps
// with a witness, coverage over the key domains.
struct ResourceFindings {
  const ResourceVariants* r = nullptr;       // into Analysis::final_state
  std::set<std::string> all_keys;
  std::vector<std::set<std::string>> key_sets;  // per variant
  bool consistent = true;
  std::vector<std::pair<size_t, const char*>> dead;  // variant index, "unsatisfiable" | "never-selected"
  std::vector<OverlapFinding> overlaps;      // at most the report limit
  bool has_coverage = false;                 // false when the variants name no key
  std::vector<CoverageKey> coverage_keys;
  CoverageReport coverage;
  bool declared = false;                     // every coverage key's domain was declared
};

// inputs.matrix: the variant selected for every value of two keys.
struct MatrixFindings {
  std::string resource, x, y;
  const ResourceVariants* r = nullptr;
  CoverageMatrix matrix;
};

// What one scenario yields, typed; every field a view shows. Built by Load(); the engine's
// VariantsResult::ToJson renders it (ResultJson).
struct Analysis {
  Model model;
  State before;                       // empty unless a transition is given
  std::vector<State> steps;           // the state after each response of the "after" sequence
  State final_state;
  bool has_transition = false;
  std::vector<Subscription> subscriptions;
  // Per subscription, per resource it subscribes to (in order): the resource and its selection.
  std::vector<std::vector<std::pair<std::string, Selection>>> selections;
  std::vector<ResourceFindings> findings;  // per resource of final_state, in order
  Transition transition;                   // when has_transition
  std::optional<MatrixFindings> matrix;
  std::map<std::string, std::vector<std::optional<std::string>>> domains;  // declared; nullopt = absent
  std::vector<doc::Diagnostic> diagnostics;
  doc::Explanation explanation;
  std::vector<std::shared_ptr<const doc::Source>> owned;  // every source it points into, --params too
};

// The engine's JSON result (docs/formats/variants.md "Result").
nlohmann::ordered_json ResultJson(const Analysis& a);

// Per subscription and resource (the union of before's and after's resource names, in order),
// before, after, each intermediate state and the two-response alternatives. Empty when
// !a.has_transition. Points into `a`: keep it alive.
Transition ComputeTransition(const Analysis& a, const std::vector<Subscription>& subs);

// ---- caching proxy ----
// One resource as a caching proxy holds it: which subscribers receive which variant. A change of
// variant i is sent to exactly per_variant[i] (the fan-out).
struct ProxyResource {
  const ResourceVariants* r = nullptr;
  std::vector<std::vector<size_t>> per_variant;  // subscription indices, per variant index
  std::vector<size_t> ambiguous, unmatched;
};
// Every resource of `s`, in order; a subscriber counts for the resources it subscribes to.
std::vector<ProxyResource> ComputeProxy(const State& s, const std::vector<Subscription>& subs);

// Loads, evaluates and analyses: typed, no JSON (ResultJson renders it). Never throws. The
// analysis holds the scenario's sources it points into (Analysis::owned), not the Scenario.
Analysis Load(const Scenario& s, const Query& q);

// The engine's one profile: the TP2 text (Envoy and gRPC have no implementation of it yet).
enum class Profile { kTp2 };
const ProfileSet<Profile>& Profiles();

// The engine's model: the scenario analysed once (the variant sets, subscriptions, findings,
// transition). The analysis has a single reading (one profile), so Evaluate only exposes it.
class VariantsModel final : public EngineModel {
 public:
  std::unique_ptr<EngineResult> Evaluate(std::string_view profile, doc::Explanation* why = nullptr) const override;
  // "variant" items: every variant of every resource (variants_coverage.cpp).
  std::vector<CoverageItem> Coverage(const EngineResult& r) const override;
  Analysis analysis;
};

class VariantsResult final : public EngineResult {
 public:
  nlohmann::ordered_json ToJson() const override;
  const Analysis* analysis = nullptr;  // the model's
  bool evaluated = false;              // false in kCheck mode
};

// A resource's coverage keys: declared domains where given, else the values its constraints
// and the subscriptions name, plus "absent" and "another value".
std::vector<CoverageKey> CoverageKeys(const ResourceVariants& r, const Domain& d, const Analysis& a);

}  // namespace cfgi::variants

namespace cfgi {
const Engine& GetVariantsEngine();
}  // namespace cfgi
