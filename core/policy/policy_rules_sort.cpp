// core/policy/policy_rules_sort.cpp: the order of a type's items and of the policies that select
// an inbound (kumahq/kuma pkg/plugins/policies/core/rules/sort/sort.go and
// matchers/dataplane.go SortByTargetRef, v2.14.3), and an item built from a policy's to[] / from[] /
// rules[] entry.

#include "core/policy/policy_rules_stages.h"

#include <algorithm>
#include <iterator>
#include <string_view>

namespace cfgi::policy::rules {

using nlohmann::json;

// api/common/v1alpha1/targetref.go: `order` (kinds not in the map compare as 0), the same at
// v2.10.11, v2.13.10 and v2.14.3; Kuma's main drops MeshSubset, MeshGateway and MeshServiceSubset,
// which kuma-3.0-preview rejects at the top level anyway (POL063).
// Nine kinds: compared in place (a std::map<std::string, int> walked a tree of string
// comparisons per call, and items and policies are compared this way in every sort).
int KindOrder(const std::string& k) {
  static constexpr std::string_view kOrder[] = {"Mesh", "Dataplane", "MeshSubset", "MeshGateway", "MeshService",
                                                "MeshExternalService", "MeshMultiZoneService", "MeshServiceSubset",
                                                "MeshHTTPRoute"};
  for (size_t i = 0; i < std::size(kOrder); ++i)
    if (k == kOrder[i]) return static_cast<int>(i) + 1;
  return 0;
}

// api/mesh/v1alpha1: originOrder (global 1, unknown "" 2, zone 3) and roleOrder.
int OriginOrder(const std::string& o) {
  if (o == "global") return 1;
  if (o.empty()) return 2;
  if (o == "zone") return 3;
  return 0;
}
int RoleOrder(const std::string& r) {
  if (r == "system") return 1;
  if (r == "producer") return 2;
  if (r == "consumer") return 3;
  if (r == "workload-owner") return 4;
  return 0;
}

// mesh_proto.TagSelector.Matches: every selector tag present, equal or '*'.
bool TagsMatch(const Labels& selector, const Labels& tags) {
  for (const auto& [k, v] : selector) {
    auto it = tags.find(k);
    if (it == tags.end()) return false;
    if (v != "*" && v != it->second) return false;
  }
  return true;
}

// subsetutils.IsSubset for labels: every selector label present with the same value.
bool LabelsSubset(const Labels& selector, const Labels& labels) {
  for (const auto& [k, v] : selector) {
    auto it = labels.find(k);
    if (it == labels.end() || it->second != v) return false;
  }
  return true;
}

std::string LabelsText(const Labels& l) {
  std::string s = "{";
  for (const auto& [k, v] : l) s += (s.size() > 1 ? ", " : "") + k + ": " + v;
  return s + "}";
}

Item MakeItem(const Policy& p, const PolicyItem& e, Direction d, size_t idx) {
  Item it;
  it.policy = &p;
  it.entry = &e;
  it.direction = d;
  it.rule_index = idx;
  it.top_kind = p.top.kind;
  it.top_kind_order = KindOrder(p.top.kind);
  if (p.top.kind == "Dataplane") {
    int sel = !p.top.name.empty() ? 2 : (p.top.has_labels ? 1 : 0);
    it.dataplane_specificity = sel * 2 + (p.top.section_name.empty() ? 0 : 1);
  }
  it.origin = p.Origin();
  it.origin_order = OriginOrder(it.origin);
  it.role = p.Role();
  it.role_order = RoleOrder(it.role);
  if (d != Direction::kRules) {
    it.item_kind = e.target_ref.kind;
    it.item_kind_order = KindOrder(e.target_ref.kind);
    it.has_section = e.target_ref.kind == "MeshService" && !e.target_ref.section_name.empty();
  }
  it.name = p.meta.DisplayName();
  return it;
}

// TargetRef.CompareDataplaneKind (targetref.go), for two top-level targetRefs of kind Dataplane.
static int CompareDataplaneTargets(const TargetRef& t, const TargetRef& o) {
  if (!t.name.empty() && o.has_labels) return 1;
  if (t.has_labels && !o.name.empty()) return -1;
  if (!t.section_name.empty() && o.section_name.empty()) return 1;
  if (t.section_name.empty() && !o.section_name.empty()) return -1;
  return 0;
}

int CompareDataplaneKind(const Policy& a, const Policy& b) {
  if (a.top.kind != "Dataplane" || b.top.kind != "Dataplane") return 0;
  return CompareDataplaneTargets(a.top, b.top);
}

int Sign(int x) { return x < 0 ? -1 : (x > 0 ? 1 : 0); }

// Kuma: sort.CompareByPolicyAttributes, then outbound.CompareByToEntry (to[]) or the from[]
// kind (MADR migration), then sort.CompareByDisplayName (names descending).
// MADR: topLevelTargetRefKind, toTargetRefKind, policyName.
int Compare(const Item& a, const Item& b, Profile profile) {
  if (int c = a.top_kind_order - b.top_kind_order) return Sign(c);
  if (IsKuma(profile)) {
    if (int c = CompareDataplaneKind(*a.policy, *b.policy)) return c;
    if (int c = a.origin_order - b.origin_order) return Sign(c);
    if (int c = a.role_order - b.role_order) return Sign(c);
  }
  if (a.direction != Direction::kRules) {
    if (int c = a.item_kind_order - b.item_kind_order) return Sign(c);
    if (IsKuma(profile) && a.direction == Direction::kTo && a.item_kind == "MeshService") {
      if (int c = int(a.has_section) - int(b.has_section)) return c;
    }
  }
  if (b.name != a.name) return b.name < a.name ? -1 : 1;
  return 0;
}

void SortItems(std::vector<Item>& items, Profile profile) {
  std::stable_sort(items.begin(), items.end(), [&](const Item& a, const Item& b) { return Compare(a, b, profile) < 0; });
}

// The policies that select an inbound, in matchers/dataplane.go SortByTargetRef's order: top-level
// kind, Dataplane specificity, kuma.io/origin, kuma.io/policy-role, display name descending.
// Policy::Origin(), Role() and Meta::DisplayName() without their copies: a sort compares the same
// policies many times, and each copy of a label longer than the string's inline buffer (10 bytes
// in WebAssembly's libc++, 15 in libstdc++) was an allocation.
static const std::string& LabelOr(const Meta& m, const std::string& key, const std::string& fallback) {
  auto it = m.labels.find(key);
  return it == m.labels.end() || it->second.empty() ? fallback : it->second;
}

// SortPolicies' fields of one policy, read once: a sort compares each policy about log n times,
// and reading them in every comparison (label-map lookups and string comparisons) was a fifth of
// BM_PolicyRulesIndexed's evaluation under node. `top` and `name` point into the policy.
struct PolicyKey {
  int kind = 0, origin = 0, role = 0;
  bool dataplane = false;
  const TargetRef* top = nullptr;
  const std::string* name = nullptr;
};

static PolicyKey KeyOf(const Policy& p) {
  static const std::string origin_key(kOriginLabel), role_key(kRoleLabel), display_key(kDisplayNameLabel);
  static const std::string none, system("system");
  PolicyKey k;
  k.kind = KindOrder(p.top.kind);
  k.dataplane = p.top.kind == "Dataplane";
  k.top = &p.top;
  k.origin = OriginOrder(LabelOr(p.meta, origin_key, none));
  k.role = RoleOrder(LabelOr(p.meta, role_key, system));
  k.name = &LabelOr(p.meta, display_key, p.meta.name);
  return k;
}

static int CompareKeys(const PolicyKey& a, const PolicyKey& b) {  // <0: a first
  if (int c = a.kind - b.kind) return Sign(c);
  if (a.dataplane && b.dataplane)
    if (int c = CompareDataplaneTargets(*a.top, *b.top)) return c;
  if (int c = a.origin - b.origin) return Sign(c);
  if (int c = a.role - b.role) return Sign(c);
  if (*a.name != *b.name) return *b.name < *a.name ? -1 : 1;
  return 0;
}

void SortPolicies(std::vector<const Policy*>& policies) {
  std::vector<std::pair<PolicyKey, const Policy*>> keyed;
  keyed.reserve(policies.size());
  for (const Policy* p : policies) keyed.emplace_back(KeyOf(*p), p);
  std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return CompareKeys(a.first, b.first) < 0; });
  for (size_t i = 0; i < keyed.size(); ++i) policies[i] = keyed[i].second;
}

}  // namespace cfgi::policy::rules
