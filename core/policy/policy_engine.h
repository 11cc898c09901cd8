// core/policy/policy_engine.h: the "policy" engine (Kuma 2.x policy matching and merging,
// ResourceRules, origins). Profiles: one per Kuma release ("kuma-2.14" the default, "kuma" its
// alias; "kuma-2.13", "kuma-2.10", "kuma-3.0-preview") and "madr" (the MADR's three sort keys
// and its 'includes' for MeshHTTPRoute items). policy_rules.h Profiles().
//
//   auto m = cfgi::GetPolicyEngine().Load(scenario, query /* --dataplane NAME */, cfgi::Mode::kEvaluate);
//   auto r = m->Evaluate("kuma");
//   const auto* rules = cfgi::ResultAs<cfgi::policy::PolicyResult>(r.get());
//   rules->rules.types[0].to_rules;    // typed: ResourceRules with per-field provenance
//   r->ToJson()["rules"][0]["toResourceRules"];   // the CLI contract (RulesJson)
#pragma once

#include <memory>
#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/engine/engine.h"
#include "core/policy/policy_affects.h"
#include "core/policy/policy_inspect.h"
#include "core/policy/policy_kuma_inspect.h"
#include "core/policy/policy_rules.h"
#include "core/policy/policy_mtp_decide.h"
#include "core/policy/policy_query.h"
#include "core/policy/policy_shadow.h"

namespace cfgi {

const Engine& GetPolicyEngine();

namespace policy {

// The engine's model: the mesh's resources and policies loaded once, their
// dataplane-independent findings, and what the scenario and query ask (which dataplane, which
// keys). Evaluate() is cheap next to Load (rules for one dataplane); a view evaluates other
// dataplanes with EvaluateDataplane on this model.
class PolicyModel final : public EngineModel {
 public:
  std::unique_ptr<EngineResult> Evaluate(std::string_view profile, doc::Explanation* why = nullptr) const override;
  // "policy-item" items: every to[] / from[] / rules[] item and default (policy_coverage.cpp).
  std::vector<CoverageItem> Coverage(const EngineResult& r) const override;
  // The rules of `dp` under `p` (the same options the engine's own evaluation uses).
  DataplaneRules EvaluateDataplane(const Dataplane& dp, Profile p, bool explain = true) const;

  explicit PolicyModel(std::shared_ptr<const ResourceSet> m) : shared_mesh(std::move(m)), mesh(*shared_mesh) {}
  // The resources and policies: read once per scenario, shared by the models of every query
  // over it (Engine::Requery: the app's dataplane switch).
  std::shared_ptr<const ResourceSet> shared_mesh;
  const ResourceSet& mesh;
  size_t scenario_diagnostics = 0;       // diagnostics[0..n): the documents' and the mesh's, query-independent
  const Dataplane* chosen = nullptr;     // --dataplane / inputs.dataplane / the only one (null: none)
  std::vector<std::string> only_keys;    // --resource / inputs.resources
  std::string policy_name;               // --policy NAME: which dataplanes it affects (policy_affects.h)
  std::optional<KumaEndpoint> kuma_inspect;  // --kuma-inspect ENDPOINT (policy_kuma_inspect.h)
  std::string client;                    // --client SPIFFE-ID (policy_mtp_decide.h)
  std::string inspect_key;               // --inspect KEY / inputs.inspect (empty: DefaultResourceKey, not printed)
  doc::SourceRange inspect_at;           // inputs.inspect's position (POL048)
  const doc::Source* inspect_source = nullptr;
};

// One profile's rules for the chosen dataplane (kEvaluate), or the dead items of every dataplane
// as diagnostics (kCheck).
// The parts of the toResourceRules rows that are the same in every profile compared, decided on
// the typed rules (SameParts, policy_compare.cpp): RulesJson writes each as null, so the profile
// comparison serialises only what may differ (a masked part is present and equal in every
// profile, so it holds no divergence and changes none: compare.h folds only subtrees some profile
// lacks). Indexed [type][row] as RulesJson's "/rules/T/toResourceRules/R".
struct RowMask {
  enum Part : uint8_t { kMeta = 1, kConf = 2, kConfs = 4, kOrigin = 8, kFields = 16 };
  std::vector<std::vector<uint8_t>> parts;
  bool Masked(size_t type, size_t row, Part p) const {
    return type < parts.size() && row < parts[type].size() && (parts[type][row] & p);
  }
};

class PolicyResult final : public EngineResult {
 public:
  nlohmann::ordered_json ToJson() const override { return Json(nullptr); }
  // ToJson, the rows' parts `mask` names written as null (the profile comparison's form).
  nlohmann::ordered_json Json(const RowMask* mask) const;
  Profile id = Profile::kKuma214;
  bool evaluated = false;    // false in kCheck mode: only diagnostics
  DataplaneRules rules;      // rules.dataplane is null when none could be chosen
  // One resource, everything it gets (policy_inspect.h): the key --inspect names, else
  // DefaultResourceKey. Points into `rules`. ToJson prints it as "inspect" only when asked.
  ResourceConf inspection;
  bool inspect_asked = false;
  std::vector<std::string> resource_keys;  // ResourceKeys(rules): what the view's chooser lists
  // --policy NAME: what each policy of that name affects (ToJson's "affects").
  bool policy_asked = false;
  std::vector<PolicyAffects> affects;
  // --kuma-inspect ENDPOINT: ToJson is Kuma's own answer for that endpoint, read with the mesh
  // (kept alive by the report's model).
  std::optional<KumaEndpoint> kuma_inspect;
  const ResourceSet* model = nullptr;
  // Shadow policies (policy_shadow.h): when the dataplane's mesh has any, the rows they would
  // change (ToJson's "shadow"; empty when they would change nothing).
  bool has_shadow = false;
  std::vector<ShadowChange> shadow;
  // --client SPIFFE-ID: per inbound, the MeshTrafficPermission matcher that decides (ToJson's
  // "client").
  std::string client;
  std::vector<MtpDecision> decisions;
};

// Loads the scenario's sources and runs the dataplane-independent analyses (the engine's Load).
// `q` is the query as it arrives: its typed PolicyQuery, else its flags parsed once.
std::unique_ptr<PolicyModel> LoadPolicyModel(const Scenario& s, const Query& q, Mode mode);
std::unique_ptr<PolicyModel> LoadPolicyModel(const Scenario& s, const PolicyQuery& q, Mode mode);
// The model of another query over the scenario `previous` was loaded from: shares its mesh and
// its scenario findings, then reads the query as LoadPolicyModel does (the same model).
std::unique_ptr<PolicyModel> RequeryPolicyModel(const PolicyModel& previous, const Scenario& s, const Query& q, Mode mode);

// The dataplane a query means: --dataplane, else inputs.dataplane, else the only Dataplane.
// Null with a POL014 diagnostic in `diags` when none can be chosen.
const Dataplane* ChooseDataplane(const ResourceSet& m, const Scenario& s, const PolicyQuery& q,
                                 std::vector<doc::Diagnostic>& diags);

// {"key", "resource"?, "policies": {kind: {"conf", "origins": [{"policy", "ruleIndex"}],
// "computedFrom"?, "fields": [...]}}}: the result's "inspect" (docs/formats/policy.md), Kuma's
// inspect API `_outbounds/{kri}/_policies` keyed by kind, with each leaf's provenance.
nlohmann::ordered_json ResourceConfJson(const ResourceConf& i);

// The profile comparison as an upgrade report (policy_upgrade.cpp): where kuma-2.10 and the
// default release (kuma-2.14) build different rules, one sentence each.
std::vector<ComparisonNote> UpgradeNotes(const std::vector<std::pair<std::string, const EngineResult*>>& results);

// The Dataplane Kuma's controller derives from a pod (policy_k8s.h), as the result's "pod":
// {"name", "namespace", "address", "services", "labels", "inbounds": [{name?, port, protocol,
// state, tags}]}.
nlohmann::ordered_json PodJson(const Dataplane& d);

// The engine's JSON result ({"dataplane", "rules": [...]}), per docs/formats/policy.md "Result";
// with `mask`, the comparison's form of it (RowMask).
nlohmann::ordered_json RulesJson(const DataplaneRules& r, Profile p, const RowMask* mask = nullptr);

// The parts of every toResourceRules row the results (in profile order) give alike: same body,
// else the same conf, confs, origins (policy and rule index) and field provenance (path, writing
// policy and rule index, kind, location, overridden values), same resource. Empty when any
// result does not list rules (check mode, --kuma-inspect, no dataplane).
RowMask SameParts(const std::vector<const PolicyResult*>& results);

// The policy engine's Engine::CompareResults: each result as RulesJson with SameParts masked,
// compared by the one leaf comparison (Compare). Equals CompareResultsJson's outcome.
Comparison CompareTyped(const Engine& e, const std::vector<ComparedResult>& results);

}  // namespace policy
}  // namespace cfgi
