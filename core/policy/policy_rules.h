// core/policy/policy_rules.h: Kuma 2.x policy matching for one dataplane: which policies select
// it, the sorted items, ResourceRules per real resource (MeshService, its sections,
// MeshExternalService, MeshHTTPRoute, the Mesh), inbound (from[] / rules[]) rules, the merged conf
// of each and the provenance of every field. Everything a view needs is here; the engine only
// turns it into JSON.
//
//   policy::ResourceSet m = policy::ReadResources(docs, diags);          // once
//   policy::EvalOptions o;  o.profile = policy::Profile::kKuma214;
//   policy::DataplaneRules r = policy::Evaluate(m, *m.FindDataplane("web-1"), o);
//   for (const policy::TypeRules& t : r.types)
//     for (const policy::ResourceRule& rr : t.to_rules) rr.key, rr.conf(), rr.origin();
//
// Follows kumahq/kuma pkg/plugins/policies/core/rules/outbound/resourcerules.go (BuildRules,
// resolveTargetRef, isRelevant, ResourceRules.Compute), .../outbound/sort.go and .../sort/sort.go
// (the order), .../inbound/ (rules[]), .../common/origin.go (origins) and
// pkg/plugins/policies/core/matchers/dataplane.go (which policies select a dataplane).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/doc/diagnostic.h"
#include "core/doc/explanation.h"
#include "core/engine/profile.h"
#include "core/policy/policy_merge.h"
#include "core/policy/policy_model.h"

namespace cfgi::policy {

// One profile per Kuma release (core/policy/policy_release.h says which release each follows),
// beside the MADR's:
// kuma-2.14 (default; "kuma" is an alias), kuma-2.13 (LTS), kuma-2.10, kuma-3.0-preview (Kuma's
// main): Kuma's comparator (top-level kind, Dataplane specificity, kuma.io/origin,
// kuma.io/policy-role, to[] kind, MeshService section, name descending); 2.10 merges inbound
// rules[] into one rule, 2.12+ list them one per rule and match, keyed by KRI.
// madr: the MADR's three keys (top-level kind, to[] kind, policy name).
enum class Profile { kKuma214, kKuma213, kKuma210, kKuma30, kMadr };
// The engine's one profile set ("kuma-2.14" default, ..., "madr"), core/engine/profile.h.
const ProfileSet<Profile>& Profiles();
// Every Kuma release profile (not madr): Kuma's sort keys, merge defaults, legacy rules.
inline bool IsKuma(Profile p) { return p != Profile::kMadr; }

// One to[] / from[] / rules[] entry with its policy's attributes (common.WithPolicyAttributes),
// and every sort key as a column so the order explains itself.
struct Item {
  const Policy* policy = nullptr;
  const PolicyItem* entry = nullptr;
  Direction direction = Direction::kTo;
  size_t rule_index = 0;  // index in the policy's to[] / from[] / rules[]
  size_t rank = 0;        // position after sorting (merge order: later wins)
  // Sort key columns.
  std::string top_kind;
  int top_kind_order = 0;
  int dataplane_specificity = 0;  // 0 Mesh/other; Dataplane: 1 labels, 2 name; +1 with sectionName
  std::string origin;             // kuma.io/origin ("" unknown)
  int origin_order = 0;           // global 1 < unknown 2 < zone 3
  std::string role;
  int role_order = 0;             // system 1 < producer 2 < consumer 3 < workload-owner 4
  std::string item_kind;          // to[] / from[] targetRef kind ("" for rules[])
  int item_kind_order = 0;
  bool has_section = false;       // to[] MeshService with sectionName
  std::string name;               // display name (sorted descending)
  std::string inbound;            // from[] / rules[]: the inbound's id
};

struct Origin {
  const Policy* policy = nullptr;
  size_t rule_index = 0;
};

// Provenance of one leaf of a merged conf, resolved to policies and source positions.
struct FieldProvenance {
  struct Write {
    const Item* item = nullptr;
    std::string path;
    nlohmann::json value;
    Loc loc;  // the YAML that holds the value
    // Origin kind "default": Kuma filled this value in (policy_defaults.h) into the object `item`
    // wrote; `loc` is then that object.
    bool is_default = false;
  };
  std::string path;  // JSON pointer into conf
  Write set;
  std::vector<Write> overrode;
  bool appended = false;
};

// The merged result of one ResourceRule's relevant items. Immutable once built and shared: keys
// whose relevant items are the same share one body (a labels targetRef fans one item out to
// thousands of MeshServices), and every row the Inspect list adds through the fallback shares the
// body of the rule it falls back to, so such a row costs its key (the policy index).
struct RuleBody {
  nlohmann::json conf;
  // Kuma's Conf list when it has more than the one merged conf: a MeshHTTPRoute whose items list
  // `hostnames` merges once per hostname (merge.go handleMergeValues, MergeConfsByValues), in
  // order of first appearance. Empty otherwise (Kuma's list is then [conf]).
  std::vector<nlohmann::json> confs;
  std::vector<Origin> origin;           // deduplicated by (policy, ruleIndex), in merge order
  std::vector<const Item*> items;       // the relevant items, in merge order
  std::vector<FieldProvenance> provenance;
};

struct ResourceRule {
  // "meshservice:mesh/m:namespace/ns:name/n:section/s": a view of `key_text`, or of the model's
  // ResourceSet::service_keys for a row the Inspect list adds through the fallback (no copy per row).
  std::string_view key;
  std::shared_ptr<const std::string> key_text;
  // The resource's meta: the model's own (not owned here: a rule never outlives its ResourceSet), or,
  // for the Mesh of a mesh without a Mesh resource, a copy owned here.
  std::shared_ptr<const Meta> resource;
  std::string section;        // resourceSectionName
  std::shared_ptr<const RuleBody> body;  // never null
  bool sparse = true;                   // built from items naming it; false = computed by fallback
  // The key whose rule this one falls back to (null when sparse), shared by every row that falls
  // back to it.
  std::shared_ptr<const std::string> computed_from;

  const Meta& meta() const { return *resource; }
  const std::string& fallback_of() const {
    static const std::string kNone;
    return computed_from ? *computed_from : kNone;
  }
  const nlohmann::json& conf() const { return body->conf; }
  const std::vector<Origin>& origin() const { return body->origin; }
  const std::vector<const Item*>& items() const { return body->items; }
  const std::vector<FieldProvenance>& provenance() const { return body->provenance; }
};

// One tag of a client subset; `negated` is Kuma's `Not` (key != value).
struct SubsetTag {
  std::string key, value;
  bool negated = false;
  bool operator==(const SubsetTag& o) const { return key == o.key && value == o.value && negated == o.negated; }
};
using Subset = std::vector<SubsetTag>;  // subsetutils.Subset: every tag must hold ({} = every client)

// kumahq/kuma zz_generated.resource.go `IsFromAsRules: true`: from[] items merge with rules[] into
// one inbound rule (inbound/inboundrules.go getEntries): MeshAccessLog, MeshCircuitBreaker,
// MeshRateLimit, MeshTimeout, MeshTLS.
bool IsFromAsRules(const std::string& policy_type);

struct InboundRule {
  const Inbound* inbound = nullptr;
  // kFrom: a legacy from-rule (rules.go BuildRules with negations), one per client subset, first
  // match wins; kRules: the one merged inbound rule (inbound.BuildRules) of rules[] items (and of
  // from[] items for IsFromAsRules types), in the kuma profile.
  Direction source = Direction::kFrom;
  Subset subset;                        // kFrom: the clients the rule is for ({} = everyone)
  bool applied = true;                  // the row the type's plugin applies (InboundRules for IsFromAsRules types)
  nlohmann::json conf;
  std::vector<Origin> origin;
  std::vector<const Item*> items;
  std::vector<FieldProvenance> provenance;
  // Kuma 2.12+ (policy_release_rules.h ListsInboundRules): one row per rules[] item and match,
  // unmerged, in inbound/sort.go's order; `match` is the row's one common_api.Match ({spiffeID}
  // or {sni}), null for a rule that matches every client.
  bool listed = false;
  nlohmann::json match;
};

// MeshTrafficPermission under Kuma 2.12+: one Envoy RBAC matcher of an inbound
// (meshtrafficpermission/xds/rbac_configurer.go createMatcher): every rule's deny matches first,
// then every rule's allow and allowWithShadowDeny, so a Deny in any matching rule wins.
struct RbacMatcher {
  const Inbound* inbound = nullptr;
  std::string action;  // "Deny", "Allow", "AllowWithShadowDeny"
  nlohmann::json match;
  Origin origin;
};

// A legacy to-rule of the inspect API's `toRules` (rules.go legacyBuildToRules): the conf for the
// destinations in `subset` (`kuma.io/service` and tags), first match wins; kuma profile only.
struct SubsetRule {
  Subset subset;
  nlohmann::json conf;
  std::vector<Origin> origin;  // one per policy (common.Origins withRuleIndex=false)
  std::vector<const Item*> items;
  std::vector<FieldProvenance> provenance;  // empty: merged on the fast path (many rows)
};

struct ProxyRule {
  nlohmann::json conf;
  std::vector<Origin> origin;
  std::vector<const Item*> items;
  std::vector<FieldProvenance> provenance;
};

struct PolicySelection {
  const Policy* policy = nullptr;
  bool selected = false;
  std::vector<const Inbound*> inbounds;  // inbounds the top-level targetRef selects
  std::string reason;
};

struct TypeRules {
  std::string type;
  std::vector<PolicySelection> selections;  // every policy of the type in the dataplane's mesh
  std::vector<Item> to_items;               // sorted
  std::vector<Item> from_items;             // sorted per inbound, inbounds in order
  std::vector<ResourceRule> to_rules;       // sorted by key
  std::vector<InboundRule> from_rules;
  std::vector<Item> legacy_to_items;        // to[] items by policy then index (kuma profile)
  std::vector<SubsetRule> legacy_to_rules;  // rules.go legacyBuildToRules
  bool has_proxy_rule = false;
  ProxyRule proxy_rule;
  std::vector<RbacMatcher> rbac;            // MeshTrafficPermission, Kuma 2.12+ (listed rules)
};

struct EvalOptions {
  Profile profile = Profile::kKuma214;
  bool provenance = true;   // per-field provenance (the view and the CLI); off for the fast path
  bool naive = false;       // the all-pairs baseline: scan every MeshService per labels, every item per key
  bool complete = true;     // add every MeshService / MeshExternalService through the fallback
  std::vector<std::string> only_keys;  // when non-empty, to_rules keeps only these keys
  bool explain = true;
  // Policies labelled kuma.io/effect: shadow select nothing unless set (matchers/dataplane.go
  // MatchedPolicies: `!mpOpts.IncludeShadow && IsShadowedResource(policy)`), as the inspect API's
  // `_config?shadow=true` sets it (policy_shadow.h).
  bool include_shadow = false;
};

struct DataplaneRules {
  const Dataplane* dataplane = nullptr;
  std::vector<TypeRules> types;  // by type name
  std::vector<doc::Diagnostic> diagnostics;  // dataplane-specific (dead items, POL017)
  bool filtered = false;  // EvalOptions::only_keys was set: views show only the items of kept rules
  doc::Step explanation;
};

// Evaluates every policy type for one dataplane. Never throws.
DataplaneRules Evaluate(const ResourceSet& m, const Dataplane& dp, const EvalOptions& o);

// DP-independent analyses: targetRefs to missing resources, labels matching nothing,
// sectionName naming no port, policies selecting no dataplane, implicit meshes.
std::vector<doc::Diagnostic> Analyze(const ResourceSet& m);

// ResourceRules.Compute: the rule for `key`, else section -> service -> mesh. Null when none.
const ResourceRule* ComputeRule(const TypeRules& t, const std::string& key, const ResourceSet& m);

// Resources a to[] targetRef names (resolveTargetRef); section names per resource.
struct Resolved {
  // The resource: the model's own Meta (`in_model`, never copied: a labels targetRef resolves to
  // thousands of MeshServices), or, for the Mesh of a mesh with no Mesh resource, `own`.
  const Meta* in_model = nullptr;
  std::string section;
  int service = -1;  // index into ResourceSet::services, when a MeshService
  const MeshService* ported = nullptr;  // the MeshService or MeshMultiZoneService (its ports)
  Meta own;
  const Meta& meta() const { return in_model ? *in_model : own; }
};
std::vector<Resolved> ResolveTargetRef(const ResourceSet& m, const Policy& p, const TargetRef& t, bool naive);

// The sort keys of an item under profile `p`, as one line ("top-level Mesh, origin zone, role
// consumer, to kind MeshService, name a"): the explanation's and the merge stack's text.
std::string SortKeysText(const Item& it, Profile p);

// Whether the top-level targetRef selects the dataplane, and which inbounds.
// `zone_listeners`: whether the dataplane's embedded zone listeners are inbounds a policy can
// select (ReadsZoneListeners of the profile: Kuma 2.14+).
PolicySelection SelectDataplane(const ResourceSet& m, const Policy& p, const Dataplane& dp, bool zone_listeners = true);

}  // namespace cfgi::policy
