// core/policy/policy_rules_inbound.cpp: the inbound rules of one policy type: Kuma 2.x from[] /
// rules[] (kumahq/kuma pkg/plugins/policies/core/rules/inbound/, v2.14.3; 2.10 merges them, see
// policy_release_rules.h) and the MADR's from-rules.

#include "core/policy/policy_rules_stages.h"

#include "core/policy/policy_release_rules.h"

#include <algorithm>

namespace cfgi::policy::rules {

using nlohmann::json;

namespace {

Labels FromSubset(const TargetRef& t) {
  if (t.kind == "MeshSubset") return t.tags;
  if (t.kind == "MeshService") return {{kServiceTag, t.name}};
  if (t.kind == "MeshServiceSubset") {
    Labels l = t.tags;
    l[kServiceTag] = t.name;
    return l;
  }
  return {};
}

void BuildFromRulesMadr(const Dataplane& dp, TypeRules& t, const std::vector<PolicySelection>& selected, const EvalOptions& o) {
  // Rules keep pointers into from_items: reserve the upper bound so it never reallocates.
  size_t bound = selected.size();
  for (const PolicySelection& s : selected) bound += s.inbounds.size() * (s.policy->from.size() + s.policy->rules.size());
  t.from_items.reserve(bound);
  for (const Inbound& in : dp.inbounds) {
    std::vector<Item> from, rules;
    for (const PolicySelection& s : selected) {
      if (std::find(s.inbounds.begin(), s.inbounds.end(), &in) == s.inbounds.end()) continue;
      for (size_t j = 0; j < s.policy->from.size(); ++j) from.push_back(MakeItem(*s.policy, s.policy->from[j], Direction::kFrom, j));
      for (size_t j = 0; j < s.policy->rules.size(); ++j) rules.push_back(MakeItem(*s.policy, s.policy->rules[j], Direction::kRules, j));
    }
    SortItems(from, o.profile);
    SortItems(rules, o.profile);
    size_t first_from = t.from_items.size();
    for (Item& it : from) {
      it.inbound = in.Id();
      it.rank = t.from_items.size();
      t.from_items.push_back(it);
    }
    size_t first_rules = t.from_items.size();
    for (Item& it : rules) {
      it.inbound = in.Id();
      it.rank = t.from_items.size();
      t.from_items.push_back(it);
    }
    (void)first_rules;
    // rules[]: one rule per inbound, every entry merged in order (inbound/inboundrules.go).
    if (!rules.empty()) {
      InboundRule r;
      r.inbound = &in;
      r.source = Direction::kRules;
      for (size_t i = first_rules; i < t.from_items.size(); ++i) r.items.push_back(&t.from_items[i]);
      Merged mg = MergeItems(r.items, o.provenance, false);
      r.conf = std::move(mg.conf);
      r.origin = std::move(mg.origin);
      r.provenance = std::move(mg.provenance);
      t.from_rules.push_back(std::move(r));
    }
    if (from.empty()) continue;
    // from[]: one rule per distinct client subset, most general first; a rule takes every item
    // whose subset contains it (a Mesh item applies to every client).
    std::vector<Labels> subsets;
    for (size_t i = first_from; i < first_from + from.size(); ++i) {
      Labels s = FromSubset(t.from_items[i].entry->target_ref);
      if (std::find(subsets.begin(), subsets.end(), s) == subsets.end()) subsets.push_back(s);
    }
    std::stable_sort(subsets.begin(), subsets.end(), [](const Labels& a, const Labels& b) {
      return a.size() != b.size() ? a.size() < b.size() : a < b;
    });
    for (const Labels& s : subsets) {
      InboundRule r;
      r.inbound = &in;
      r.source = Direction::kFrom;
      for (const auto& [k, v] : s) r.subset.push_back({k, v, false});
      for (size_t i = first_from; i < first_from + from.size(); ++i)
        if (LabelsSubset(FromSubset(t.from_items[i].entry->target_ref), s)) r.items.push_back(&t.from_items[i]);
      Merged mg = MergeItems(r.items, o.provenance, false);
      r.conf = std::move(mg.conf);
      r.origin = std::move(mg.origin);
      r.provenance = std::move(mg.provenance);
      t.from_rules.push_back(std::move(r));
    }
  }
}

}  // namespace

void BuildFromRulesKuma(const ResourceSet& m, const Dataplane& dp, TypeRules& t, const std::vector<PolicySelection>& selected,
                        const EvalOptions& o, std::vector<doc::Diagnostic>& diags) {
  (void)m;
  size_t bound = selected.size();
  for (const PolicySelection& s : selected) bound += s.inbounds.size() * (s.policy->from.size() + s.policy->rules.size());
  t.from_items.reserve(bound);
  const bool from_as_rules = IsFromAsRules(t.type);
  for (const Inbound& in : dp.inbounds) {
    std::vector<const Policy*> policies;
    for (const PolicySelection& s : selected)
      if (std::find(s.inbounds.begin(), s.inbounds.end(), &in) != s.inbounds.end()) policies.push_back(s.policy);
    SortPolicies(policies);

    // rules.go BuildFromRules -> BuildRules(fromList, withNegations=true): by policy, then item.
    // Kuma main (BuildsLegacyRules false) reads no from[] at all: its FromRules holds only the
    // InboundRules of spec.rules (inbound/inboundrules.go getEntries has no from[] adapter), so
    // neither the items list nor any row shows a from[] item under kuma-3.0-preview.
    const bool reads_from = BuildsLegacyRules(o.profile);
    size_t first_from = t.from_items.size();
    for (const Policy* p : reads_from ? policies : std::vector<const Policy*>{})
      for (size_t j = 0; j < p->from.size(); ++j) {
        Item it = MakeItem(*p, p->from[j], Direction::kFrom, j);
        it.inbound = in.Id();
        it.rank = t.from_items.size();
        t.from_items.push_back(it);
      }
    size_t end_from = t.from_items.size();

    // inbound/inboundrules.go getEntries: a policy's rules[], else (IsFromAsRules) its from[].
    std::vector<Item> entries;
    for (const Policy* p : policies) {
      if (!p->rules.empty()) {
        for (size_t j = 0; j < p->rules.size(); ++j) entries.push_back(MakeItem(*p, p->rules[j], Direction::kRules, j));
      } else if (from_as_rules && reads_from) {
        for (size_t j = 0; j < p->from.size(); ++j) entries.push_back(MakeItem(*p, p->from[j], Direction::kFrom, j));
      }
    }
    // inbound/sort.go: CompareByPolicyAttributes, then display name (no item kind): the order of
    // `policies` (SortPolicies above), in which the entries were made, so they are in it already.
    size_t first_entry = t.from_items.size();
    for (Item& it : entries) {
      it.inbound = in.Id();
      it.rank = t.from_items.size();
      t.from_items.push_back(it);
    }

    bool has_legacy = false;
    // Legacy from-rules: asSubset per item; IsOldKind only (Mesh, MeshSubset, MeshService, MeshServiceSubset).
    std::vector<const Item*> old_items;
    std::vector<Subset> subsets;
    bool failed = false;
    for (size_t i = first_from; i < end_from; ++i) {
      const TargetRef& tr = t.from_items[i].entry->target_ref;
      if (tr.kind != "Mesh" && tr.kind != "MeshSubset" && tr.kind != "MeshService" && tr.kind != "MeshServiceSubset" &&
          tr.kind != "MeshGateway" && tr.kind != "MeshHTTPRoute")
        continue;
      Subset ss;
      if (!AsSubset(tr, ss)) failed = true;
      old_items.push_back(&t.from_items[i]);
      subsets.push_back(std::move(ss));
    }
    std::vector<InboundRule> legacy;
    if (!old_items.empty() && !failed) {
      bool cut = false;
      for (LegacyRule& lr : BuildLegacyRules(subsets, /*with_negations=*/true, cut)) {
        InboundRule rule;
        rule.inbound = &in;
        rule.source = Direction::kFrom;
        rule.subset = std::move(lr.subset);
        for (size_t i : lr.items) rule.items.push_back(old_items[i]);
        legacy.push_back(std::move(rule));
      }
      if (cut) {
        const Loc& l = old_items[0]->entry->loc;
        doc::DiagnosticSink sink(l.source);
        sink.Warning("POL030", l.range, "the from[] items of " + t.type + " on inbound '" + in.Id() + "' make more than " +
                     std::to_string(kMaxFromCombinations) + " client subsets (Kuma enumerates every combination of their "
                     "tags with negations); the list is cut there. Use fewer distinct tags in from[] targetRefs");
        diags.insert(diags.end(), sink.list().begin(), sink.list().end());
      }
    }
    has_legacy = !legacy.empty();
    // Kuma 2.12+ (inbound/inboundrules.go buildRules at v2.14.3): the rules[] entries are listed
    // one row per entry and match, unmerged; the plugins apply them when there are any and fall
    // back to the legacy from-rules otherwise (meshtrafficpermission, meshfaultinjection plugin.go).
    const bool listed = ListsInboundRules(o.profile) && t.from_items.size() > first_entry;
    for (InboundRule& rule : legacy) {
      Merged mg = MergeItems(rule.items, o.provenance, true);
      rule.conf = std::move(mg.conf);
      // createRule: common.Origins(relevant, withRuleIndex=false): one origin per policy.
      std::set<const Policy*> seen;
      for (const Item* it : rule.items)
        if (seen.insert(it->policy).second) rule.origin.push_back({it->policy, it->rule_index});
      rule.provenance = std::move(mg.provenance);
      rule.applied = !from_as_rules && !listed;
    }
    if (listed) {
      std::vector<const Item*> entries;
      for (size_t i = first_entry; i < t.from_items.size(); ++i) entries.push_back(&t.from_items[i]);
      std::vector<InboundRule> rows;
      ListInboundRules(in, entries, [&](InboundRule& r) {
        Merged mg = MergeItems(r.items, o.provenance, true);
        r.conf = std::move(mg.conf);
        r.origin = std::move(mg.origin);
        r.provenance = std::move(mg.provenance);
      }, rows);
      if (t.type == "MeshTrafficPermission") {
        std::vector<RbacMatcher> rbac = BuildRbac(rows);
        t.rbac.insert(t.rbac.end(), rbac.begin(), rbac.end());
      }
      for (InboundRule& r : rows) t.from_rules.push_back(std::move(r));
    } else if (t.from_items.size() > first_entry) {
      InboundRule r;
      r.inbound = &in;
      r.source = Direction::kRules;
      for (size_t i = first_entry; i < t.from_items.size(); ++i) r.items.push_back(&t.from_items[i]);
      Merged mg = MergeItems(r.items, o.provenance, true);
      r.conf = std::move(mg.conf);
      r.origin = std::move(mg.origin);
      r.provenance = std::move(mg.provenance);
      r.applied = from_as_rules || !has_legacy;
      t.from_rules.push_back(std::move(r));
    }
    for (InboundRule& rule : legacy) t.from_rules.push_back(std::move(rule));
  }
}

void BuildFromRules(const ResourceSet& m, const Dataplane& dp, TypeRules& t, const std::vector<PolicySelection>& selected,
                    const EvalOptions& o, std::vector<doc::Diagnostic>& diags) {
  // Kuma 2.14 deprecates `from`: POL065, a note per policy at load (policy_validate.cpp).
  if (IsKuma(o.profile)) BuildFromRulesKuma(m, dp, t, selected, o, diags);
  else BuildFromRulesMadr(dp, t, selected, o);
}

}  // namespace cfgi::policy::rules
