// core/policy/policy_rules_legacy.cpp: Kuma's subset rules (kumahq/kuma
// pkg/plugins/policies/core/rules/rules.go BuildRules with and without negations, v2.14.3): the
// 2.x from-rules of a clique of subsets and the legacy toRules of the types that still list them.

#include "core/policy/policy_rules_stages.h"

#include "core/policy/policy_http_matches.h"

#include <algorithm>

namespace cfgi::policy::rules {

using nlohmann::json;

namespace {

// subsetutils.go isSubset(t1, t2): t2 ⊆ t1 for one key.
bool TagSubset(const SubsetTag& t1, const SubsetTag& t2) {
  if (t1.key != t2.key) return false;
  if (t1.negated == t2.negated) return t1.value == t2.value;
  if (t1.negated) return t1.value != t2.value;
  return false;
}

// Subset.IsSubset: `other` is a subset of `ss` (every tag of ss holds for every tag of other's key).
bool IsSubsetOf(const Subset& ss, const Subset& other) {
  for (const SubsetTag& tag : ss) {
    bool any = false;
    for (const SubsetTag& o : other) {
      if (o.key != tag.key) continue;
      any = true;
      if (!TagSubset(tag, o)) return false;
    }
    if (!any) return false;
  }
  return true;
}

// Subset.Intersect: some client belongs to both (positive tags of a shared key must be equal).
bool Intersect(const Subset& a, const Subset& b) {
  if (a.empty() || b.empty()) return true;
  for (const SubsetTag& t : a) {
    if (t.negated) continue;
    for (const SubsetTag& o : b)
      if (!o.negated && o.key == t.key && !(o == t)) return false;
  }
  return true;
}

int NumPositive(const Subset& s) {
  int n = 0;
  for (const SubsetTag& t : s) n += t.negated ? 0 : 1;
  return n;
}

// gonum topo.BronKerbosch: every maximal clique (isolated nodes are cliques of one). With a
// pivot (Tomita), so a dense graph of many items stays linear; `budget` bounds the calls.
void BronKerbosch(const std::vector<std::vector<bool>>& adj, std::vector<size_t>& r, std::vector<size_t> p,
                  std::vector<size_t> x, std::vector<std::vector<size_t>>& out, size_t cap, size_t& budget) {
  if (out.size() >= cap || budget == 0) return;
  --budget;
  if (p.empty() && x.empty()) {
    out.push_back(r);
    return;
  }
  size_t pivot = p.empty() ? x.front() : p.front(), best = 0;
  for (const std::vector<size_t>* set : {&p, &x})
    for (size_t u : *set) {
      size_t n = 0;
      for (size_t v : p) n += adj[u][v] ? 1 : 0;
      if (n > best) best = n, pivot = u;
    }
  std::vector<size_t> candidates;
  for (size_t v : p)
    if (!adj[pivot][v]) candidates.push_back(v);
  for (size_t v : candidates) {
    std::vector<size_t> np, nx;
    for (size_t u : p)
      if (adj[v][u]) np.push_back(u);
    for (size_t u : x)
      if (adj[v][u]) nx.push_back(u);
    r.push_back(v);
    BronKerbosch(adj, r, np, nx, out, cap, budget);
    r.pop_back();
    p.erase(std::find(p.begin(), p.end(), v));
    x.push_back(v);
  }

}

}  // namespace

// asSubset (rules.go): the client subset of a from[] targetRef; false for kinds Kuma cannot
// represent as tags (its BuildRules then fails and the type gets no from-rules).
bool AsSubset(const TargetRef& t, Subset& out) {
  out.clear();
  if (t.kind == "Mesh") return true;
  if (t.kind == "MeshSubset") {
    for (const auto& [k, v] : t.tags) out.push_back({k, v, false});
    return true;
  }
  if (t.kind == "MeshService" || t.kind == "MeshServiceSubset") {
    out.push_back({kServiceTag, t.name, false});
    if (t.kind == "MeshServiceSubset")
      for (const auto& [k, v] : t.tags) out.push_back({k, v, false});
    return true;
  }
  return false;
}

std::string CanonicalSubset(Subset s) {
  std::stable_sort(s.begin(), s.end(), [](const SubsetTag& a, const SubsetTag& b) {
    if (a.key != b.key) return a.key < b.key;
    if (a.value != b.value) return a.value < b.value;
    return !a.negated && b.negated;
  });
  std::string out;
  for (const SubsetTag& t : s) out += t.key + '\x1f' + t.value + (t.negated ? "\x1f!" : "\x1f") + '|';
  return out;
}

// rules.go buildRulesInternal: the legacy (subset-keyed) rules of a list of items, given each
// item's subset. Without negations and with at most one tag key, one rule per distinct subset
// (subsetutils.Deduplicate), more tags first; otherwise the clique expansion with negations.
// `cut` is set when the limits stopped the expansion.
std::vector<LegacyRule> BuildLegacyRules(const std::vector<Subset>& subsets, bool with_negations, bool& cut) {
  std::vector<LegacyRule> out;
  auto create = [&](const Subset& ss) {
    LegacyRule rule;
    rule.subset = ss;
    for (size_t i = 0; i < subsets.size(); ++i)
      if (IsSubsetOf(subsets[i], ss)) rule.items.push_back(i);
    if (!rule.items.empty()) out.push_back(std::move(rule));
  };
  std::set<std::string> keys;
  for (const Subset& s : subsets)
    for (const SubsetTag& t : s) keys.insert(t.key);
  if (!with_negations && keys.size() <= 1) {
    std::set<std::string> seen;
    for (const Subset& s : subsets)
      if (seen.insert(CanonicalSubset(s)).second) create(s);
    std::stable_sort(out.begin(), out.end(),
                     [](const LegacyRule& a, const LegacyRule& b) { return a.subset.size() > b.subset.size(); });
    return out;
  }
  const size_t n = subsets.size();
  std::vector<std::vector<bool>> adj(n, std::vector<bool>(n, false));
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j) adj[i][j] = i != j && Intersect(subsets[i], subsets[j]);
  std::vector<std::vector<size_t>> groups;
  std::vector<size_t> r, p, x;
  for (size_t i = 0; i < n; ++i) p.push_back(i);
  size_t budget = 100000;
  BronKerbosch(adj, r, p, x, groups, kMaxFromCliques, budget);
  // rules.go sortComponents: ids ascending inside a group, groups by "0:1:2" descending.
  auto joined = [](const std::vector<size_t>& g) {
    std::string s;
    for (size_t id : g) s += (s.empty() ? "" : ":") + std::to_string(id);
    return s;
  };
  for (auto& g : groups) std::sort(g.begin(), g.end());
  std::stable_sort(groups.begin(), groups.end(), [&](const auto& a, const auto& b) { return joined(a) > joined(b); });
  size_t combos = 0;
  cut = groups.size() >= kMaxFromCliques || budget == 0;
  for (const auto& g : groups) {
    std::set<std::pair<std::string, std::string>> tag_set;
    for (size_t id : g)
      for (const SubsetTag& tg : subsets[id]) tag_set.insert({tg.key, tg.value});
    // subsetutils.NewSubsetIter: one dimension per key, its values in sorted order.
    std::vector<std::pair<std::string, std::vector<std::string>>> dims;
    for (const auto& [k, v] : tag_set) {
      if (dims.empty() || dims.back().first != k) dims.push_back({k, {}});
      dims.back().second.push_back(v);
    }
    std::vector<size_t> idx(dims.size(), 0);
    // SubsetIter.currentSubset: per key, idx == len(vals) is every value negated, else one value
    // counted from the back.
    auto current = [&]() {
      Subset ss;
      for (size_t i = 0; i < dims.size(); ++i) {
        const auto& vals = dims[i].second;
        if (idx[i] == vals.size()) {
          for (const std::string& v : vals) ss.push_back({dims[i].first, v, true});
        } else {
          ss.push_back({dims[i].first, vals[vals.size() - idx[i] - 1], false});
        }
      }
      return ss;
    };
    bool finished = false;
    while (!finished) {
      // SubsetIter.Next: a mixed-radix counter; the all-zero state comes last.
      bool advanced = false;
      for (size_t i = 0; i < idx.size(); ++i) {
        idx[i]++;
        if (idx[i] < dims[i].second.size() + 1) {
          advanced = true;
          break;
        }
        idx[i] = 0;
      }
      if (!advanced) finished = true;
      if (++combos > kMaxFromCombinations) {
        cut = true;
        break;
      }
      create(current());  // createRule: the items whose subset contains it, in list order
    }
    if (cut) break;
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const LegacyRule& a, const LegacyRule& b) { return NumPositive(a.subset) > NumPositive(b.subset); });
  return out;
}

// rules.go legacyBuildToRules: the policies that select the dataplane in SortByTargetRef order,
// each policy's to[] in index order, skipping a policy with any to[] item targeting a MeshHTTPRoute
// and items of kinds that are not "old" (IsOldKind); then BuildRules(toList, withNegations=false).
// A policy whose top-level targetRef is a MeshHTTPRoute has, per to[] item, one artificial item
// per rule of the route (buildToListWithRoutes): its subset the rule's matches hash, with the
// route's to[] service (policy_http_matches.h RouteRuleSubsets).
void BuildLegacyToRules(const ResourceSet& m, TypeRules& t, const std::vector<PolicySelection>& selected,
                        const EvalOptions& o, MergeCache& cache) {
  std::vector<const Policy*> policies;
  for (const PolicySelection& s : selected) policies.push_back(s.policy);
  SortPolicies(policies);
  size_t bound = 0;
  std::map<const Policy*, std::vector<Subset>> route_rules;
  for (const Policy* p : policies)
    if (p->top.kind == "MeshHTTPRoute") route_rules[p] = RouteRuleSubsets(m, *p);
  for (const Policy* p : policies)
    bound += p->to.size() * (p->top.kind == "MeshHTTPRoute" ? route_rules[p].size() : 1);
  t.legacy_to_items.reserve(bound);  // items are pointed to: never reallocated
  std::vector<Subset> subsets;
  for (const Policy* p : policies) {
    bool routes = false;
    for (const PolicyItem& e : p->to) routes |= e.target_ref.kind == "MeshHTTPRoute";
    if (routes) continue;
    if (p->top.kind == "MeshHTTPRoute") {
      size_t index = 0;  // BuildPolicyItemsWithMeta: the index in the artificial list
      for (const Subset& rule : route_rules[p])
        for (const PolicyItem& e : p->to) {
          Item it = MakeItem(*p, e, Direction::kTo, index++);
          it.rank = t.legacy_to_items.size();
          t.legacy_to_items.push_back(it);
          subsets.push_back(rule);
        }
      continue;
    }
    for (size_t j = 0; j < p->to.size(); ++j) {
      const TargetRef& tr = p->to[j].target_ref;
      Subset ss;
      if (tr.kind == "MeshGateway") return;  // asSubset fails: Kuma builds no toRules for the type
      if (!AsSubset(tr, ss)) continue;        // MeshExternalService, MeshMultiZoneService: not old kinds
      Item it = MakeItem(*p, p->to[j], Direction::kTo, j);
      it.rank = t.legacy_to_items.size();
      t.legacy_to_items.push_back(it);
      subsets.push_back(std::move(ss));
    }
  }
  if (subsets.empty()) return;
  bool cut = false;
  for (LegacyRule& lr : BuildLegacyRules(subsets, /*with_negations=*/false, cut)) {
    SubsetRule r;
    r.subset = std::move(lr.subset);
    for (size_t i : lr.items) r.items.push_back(&t.legacy_to_items[i]);
    // Without per-field provenance: a mesh of thousands of services has thousands of rows, each
    // merging the mesh-wide items again (the JSON does not carry their fields either).
    auto memo = cache.legacy.find(r.items);
    if (memo == cache.legacy.end())
      memo = cache.legacy.emplace(r.items, MergeItems(r.items, /*provenance=*/false, true, &cache)).first;
    const Merged& mg = memo->second;
    r.conf = mg.conf;
    std::set<const Policy*> seen;
    for (const Item* it : r.items)
      if (seen.insert(it->policy).second) r.origin.push_back({it->policy, it->rule_index});
    r.provenance = mg.provenance;
    t.legacy_to_rules.push_back(std::move(r));
  }
}

}  // namespace cfgi::policy::rules
