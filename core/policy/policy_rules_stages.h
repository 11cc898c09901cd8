// core/policy/policy_rules_stages.h: internal to the policy_rules*.cpp files. policy::Evaluate
// (policy_rules.cpp) builds one dataplane's rules in stages, one file each:
//   select   policy_rules_select.cpp   which policies select the dataplane, what a targetRef names
//   sort     policy_rules_sort.cpp     the items of a type and their order (sort.go)
//   merge    policy_rules_merge.cpp    a rule's merged conf, origins and field provenance
//   to       policy_rules_to.cpp       outbound ResourceRules (resourcerules.go BuildRules)
//   legacy   policy_rules_legacy.cpp   subset rules (rules.go BuildRules): 2.x from-rules, legacy toRules
//   inbound  policy_rules_inbound.cpp  inbound rules (2.x from[] / rules[], the MADR's from-rules)
//   lint     policy_rules_lint.cpp     findings of the whole model (policy::Analyze)
// Each stage cites the kumahq/kuma source it follows at v2.14.3.
#pragma once

#include <cstddef>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/policy/policy_rules.h"

namespace cfgi::policy::rules {

// ---- sort (policy_rules_sort.cpp) ----
int KindOrder(const std::string& kind);      // api/common/v1alpha1/targetref.go `order`
int OriginOrder(const std::string& origin);  // zone before global
int RoleOrder(const std::string& role);      // kuma.io/policy-role
int Sign(int x);
bool TagsMatch(const Labels& selector, const Labels& tags);
bool LabelsSubset(const Labels& selector, const Labels& labels);
std::string LabelsText(const Labels& l);
Item MakeItem(const Policy& p, const PolicyItem& e, Direction d, size_t idx);
int CompareDataplaneKind(const Policy& a, const Policy& b);
int Compare(const Item& a, const Item& b, Profile profile);  // <0: a first
void SortItems(std::vector<Item>& items, Profile profile);     // stable
// Stable, in matchers/dataplane.go SortByTargetRef's order: top-level kind, Dataplane
// specificity, kuma.io/origin, kuma.io/policy-role, display name descending.
void SortPolicies(std::vector<const Policy*>& policies);

// ---- merge (policy_rules_merge.cpp) ----
struct Merged {
  nlohmann::json conf;
  std::vector<nlohmann::json> confs;  // RuleBody::confs
  std::vector<Origin> origin;
  std::vector<FieldProvenance> provenance;
};

// Work one Evaluate shares between its merges of one policy type: each item's conf with Kuma's
// defaults filled in, once (the mesh-wide items merge into every service's rule and every legacy
// toRules row), and the legacy toRules' merges per item set (rows with the same items share one).
struct MergeCache {
  struct Filled {
    nlohmann::json conf;
    std::set<std::string> paths;  // the fields the defaults filled
  };
  std::unordered_map<const PolicyItem*, Filled> filled;  // node-based: references stay valid
  std::map<std::vector<const Item*>, Merged> legacy;
};

Merged MergeItems(const std::vector<const Item*>& items, bool provenance, bool defaults,
                  MergeCache* cache = nullptr);
Meta MeshMeta(const ResourceSet& m, const std::string& mesh);  // the model's Mesh, or one by name

// ---- to (policy_rules_to.cpp) ----
void BuildToRules(const ResourceSet& m, const Dataplane& dp, TypeRules& t, const EvalOptions& o,
                  std::vector<doc::Diagnostic>& diags, MergeCache& cache);

// ---- legacy (policy_rules_legacy.cpp) ----
// Limits of the legacy from-rule expansion (Kuma enumerates every combination of the tags of a
// clique with negations, which grows exponentially): past these the rules are cut with POL030.
constexpr size_t kMaxFromCliques = 256;
constexpr size_t kMaxFromCombinations = 4096;

struct LegacyRule {
  Subset subset;
  std::vector<size_t> items;  // indexes into the subsets / items list, in list order
};

bool AsSubset(const TargetRef& t, Subset& out);
std::vector<LegacyRule> BuildLegacyRules(const std::vector<Subset>& subsets, bool with_negations, bool& cut);
void BuildLegacyToRules(const ResourceSet& m, TypeRules& t, const std::vector<PolicySelection>& selected,
                        const EvalOptions& o, MergeCache& cache);

// ---- inbound (policy_rules_inbound.cpp) ----
void BuildFromRules(const ResourceSet& m, const Dataplane& dp, TypeRules& t, const std::vector<PolicySelection>& selected,
                    const EvalOptions& o, std::vector<doc::Diagnostic>& diags);

}  // namespace cfgi::policy::rules
