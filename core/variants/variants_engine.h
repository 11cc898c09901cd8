// core/variants/variants_engine.h: the "variants" engine (xRFC TP2 dynamic parameters), and
// the analysis a view needs, computed once per scenario.
//
//   auto m = GetVariantsEngine().Load(scenario, query, Mode::kEvaluate);
//   const auto* vm = ModelAs<variants::VariantsModel>(m.get());
//   vm->analysis.final_state.resources;   // typed: resources, static findings
//   auto r = m->Evaluate("tp2");           // VariantsResult: selections, transition, proxy, matrix
//   r->ToJson();                           // the CLI contract
//
// Query flags: --params k=v,k=v (repeatable; one subscription each; '' = no parameters),
// --before NAME (repeatable; sources forming the "before" variant set of a transition),
// --resource NAME (the resource bare constraints belong to).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <utility>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/engine/engine.h"
#include "core/variants/analysis.h"
#include "core/variants/index.h"
#include "core/variants/model.h"
#include "core/variants/variants_query.h"

namespace cfgi::variants {

struct CompiledScenario;

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
  const ResourceVariants* r = nullptr;       // into CompiledScenario::final_state
  std::set<std::string> all_keys;
  std::vector<std::set<std::string>> key_sets;  // per variant
  bool consistent = true;
  std::vector<std::pair<size_t, const char*>> dead;  // variant index, "unsatisfiable" | "never-selected"
  std::vector<OverlapFinding> overlaps;      // at most the report limit
  bool has_coverage = false;                 // false when the variants name no key
  std::vector<DomainKey> coverage_keys;
  GapReport coverage;
  bool declared = false;                     // every coverage key's domain was declared
};

// inputs.matrix: the variant selected for every value of two keys.
struct MatrixFindings {
  std::string resource, x, y;
  const ResourceVariants* r = nullptr;
  SelectionMatrix matrix;
};

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

// inputs.matrix as CompileScenario reads it: the resource and the two keys whose values span the matrix,
// the other keys' values from `base`. Evaluate computes the matrix (Evaluation::matrix).
struct MatrixRequest {
  std::string resource, x, y;
  Params base;
};

// What CompileScenario makes of one scenario, typed: the variant sets (before, each response, after), the
// question's subscriptions, the domains, and the static findings of every variant set (key sets,
// dead variants, overlaps, coverage), with their diagnostics. What a subscription selects is
// Evaluate's (Evaluation).
struct CompiledScenario {
  Sources model;
  State before;                       // empty unless a transition is given
  std::vector<State> steps;           // the state after each response of the "after" sequence
  State final_state;
  bool has_transition = false;
  std::vector<Subscription> subscriptions;  // the question's: --params, else the scenario's
  std::vector<ResourceFindings> findings;   // per resource of final_state, in order
  std::optional<MatrixRequest> matrix;      // inputs.matrix, when valid
  std::map<std::string, std::vector<std::optional<std::string>>> domains;  // declared; nullopt = absent
  std::vector<doc::Diagnostic> diagnostics;  // loading and the static findings (sorted)
  std::vector<std::shared_ptr<const doc::Source>> owned;  // every source it points into, --params too
  // final_state's variant sets compiled once (index.h): Evaluate selects through it, one compile
  // of a subscription's parameters for all its resources. Null: Evaluate scans every variant.
  std::shared_ptr<const VariantIndex> index;
};

// What Evaluate computes for a list of subscriptions over an CompiledScenario, typed (ResultJson renders
// it with the analysis). Points into the CompiledScenario: keep it alive.
struct Evaluation {
  std::vector<Subscription> subscriptions;  // the ones evaluated, in order
  // Per subscription, per resource it subscribes to (in order): the resource and its selection.
  std::vector<std::vector<std::pair<std::string, Selection>>> selections;
  size_t outcome_counts[3] = {0, 0, 0};  // selections by MatchKind: match, none, ambiguous
  Transition transition;                  // when the analysis has one
  std::vector<ProxyResource> proxy;       // the caching proxy's fan-out over the final state
  std::optional<MatrixFindings> matrix;   // the analysis's MatrixRequest, computed
  // VAR100 / VAR101 (a subscription ambiguous or unmatched) and VAR110-VAR114 (the transition).
  std::vector<doc::Diagnostic> diagnostics;
  // Only when Evaluate was given a `why` (else empty): per subscription, per resource it
  // subscribes to (parallel to `selections`, the first kMaxExplainedRows rows in all), why it gets
  // what it gets: the root ("<name> {k=v} subscribes to R", the outcome and SelectionText) with
  // one step per variant, its constraint tested (Matches). And per transition
  // row (parallel to transition.rows, as many), what it sees before, after each response, after,
  // and under the two-response deliveries (ExplainTransitionRow). What a view's Explanation shows.
  std::vector<std::vector<doc::Step>> explanations;
  std::vector<doc::Step> transition_explanations;
  // The row's explanation, null when none was built (no `why`, or past kMaxExplainedRows).
  const doc::Step* ExplanationOf(size_t subscription, size_t k) const {
    return subscription < explanations.size() && k < explanations[subscription].size() ? &explanations[subscription][k]
                                                                                       : nullptr;
  }
};

// Rows (subscription x resource, transition rows) whose explanation Evaluate builds under `why`.
constexpr size_t kMaxExplainedRows = 5000;

// Selects every subscription's variant of every resource it subscribes to, the transition per
// subscription, the caching proxy's fan-out and the matrix; `why` (null: none built) receives the
// explanation tree (the first 20 subscriptions, each resource's variants tested) and the rows'
// explanations (Evaluation::explanations). Never throws.
Evaluation Evaluate(const CompiledScenario& a, const std::vector<Subscription>& subs, doc::Explanation* why = nullptr);

// How a subscription is named in a row and in an explanation: its name, else its origin
// ("inputs", "--params", "view").
std::string SubscriberName(const Subscription& s);

// Why subscription number `i` gets what it gets across the transition, for the row `r` of
// `t`: before, after each response of the "after" sequence, after, and the two-response
// deliveries (new variants first, removal first), each step pointing at the variant it gets.
doc::Step ExplainTransitionRow(const Transition& t, const TransitionRow& r, const Subscription& s);

// The selection as the views and the text output word it: "variant 2", "none (resource does not
// exist for this client)", "none (unknown resource)" (r null), "ambiguous: variants 0 2".
std::string SelectionText(const ResourceVariants* r, const Selection& sel);

// The variant selected for every value of `x` times every value of `y` over `r`'s variants, the
// other keys from `base`: a view's chosen matrix (the scenario's own is Evaluation::matrix).
SelectionMatrix MatrixOf(const ResourceVariants& r, const DomainKey& x, const DomainKey& y, const Params& base);

// The engine's JSON result (docs/formats/variants.md "Result").
nlohmann::ordered_json ResultJson(const CompiledScenario& a, const Evaluation& e);

// Per subscription and resource (the union of before's and after's resource names, in order),
// before, after, each intermediate state and the two-response alternatives. Empty when
// !a.has_transition. Points into `a`: keep it alive.
Transition ComputeTransition(const CompiledScenario& a, const std::vector<Subscription>& subs);

// Loads, indexes and analyses the variant sets (the static findings): typed, no JSON. Never
// throws. The analysis holds the scenario's sources it points into (CompiledScenario::owned), not the
// Scenario. What the subscriptions select is Evaluate's.
CompiledScenario CompileScenario(const Scenario& s, const VariantsQuery& q);

// The engine's one profile: the TP2 text (Envoy and gRPC have no implementation of it yet).
enum class Profile { kTp2 };
const ProfileSet<Profile>& Profiles();

// The engine's model: the scenario loaded and analysed once (the variant sets, the question's
// subscriptions, the static findings). Evaluate selects (variants::Evaluate), under the one
// profile.
class VariantsModel final : public EngineModel {
 public:
  std::unique_ptr<EngineResult> Evaluate(std::string_view profile, doc::Explanation* why = nullptr) const override;
  // "variant" items: every variant of every resource (variants_coverage.cpp).
  std::vector<CoverageItem> Coverage(const EngineResult& r) const override;
  CompiledScenario analysis;
};

class VariantsResult final : public EngineResult {
 public:
  nlohmann::ordered_json ToJson() const override;
  const CompiledScenario* analysis = nullptr;  // the model's
  Evaluation evaluation;               // the analysis's subscriptions evaluated
  bool evaluated = false;              // false in kCheck mode (the evaluation's diagnostics still count)
};

// Whether two evaluations give the same answers (each subscription's selections, the transition,
// the proxy's fan-out, the matrix): over one analysis, the same result JSON (variants_compare.cpp).
bool SameEvaluation(const Evaluation& a, const Evaluation& b);

// The variants engine's Engine::CompareResults: results of one analysis whose evaluations are the
// same (SameEvaluation; always so within one Inspect: Evaluate reads no profile) compare empty,
// with nothing serialised; others by the JSON fallback (CompareResultsJson).
Comparison CompareTyped(const Engine& e, const std::vector<ComparedResult>& results);

// A resource's coverage keys: declared domains where given, else the values its constraints
// and the subscriptions name, plus "absent" and "another value".
std::vector<DomainKey> DomainKeys(const ResourceVariants& r, const Domain& d, const CompiledScenario& a);

}  // namespace cfgi::variants

namespace cfgi {
const Engine& GetVariantsEngine();
}  // namespace cfgi
