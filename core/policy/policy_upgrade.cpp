// The policy engine's reading of a profile comparison as an upgrade report: where the
// kuma-2.10 profile and a Kuma 2.12+ profile (or the current release and Kuma main's
// 3.0-preview) build different rules for the same dataplane, one
// sentence per difference that says what each release does (Engine::ExplainComparison,
// core/engine/compare.h ComparisonNote). The sentences come from the typed results; the leaf
// divergences stay the comparison's count.
#include <map>
#include <string>

#include "core/policy/policy_engine.h"
#include "core/policy/policy_release_rules.h"

namespace cfgi::policy {

namespace {

std::string Plural(size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string ItemNames(const std::vector<const Item*>& items) {
  std::string s;
  for (const Item* it : items) {
    if (!s.empty()) s += ", ";
    s += it->policy->meta.name + " " + DirectionName(it->direction) + "[" + std::to_string(it->rule_index) + "]";
  }
  return s;
}

const TypeRules* FindType(const DataplaneRules& r, const std::string& type, size_t* index) {
  for (size_t i = 0; i < r.types.size(); ++i)
    if (r.types[i].type == type) {
      *index = i;
      return &r.types[i];
    }
  return nullptr;
}

// One release pair: `old_name` (2.10's rule building) against `new_name` (2.12+).
void Explain(const std::string& old_name, const PolicyResult& old_r, const std::string& new_name, const PolicyResult& new_r,
             std::vector<ComparisonNote>& out) {
  const std::vector<std::string> pair = {old_name, new_name};
  size_t keyed = 0;
  std::string example_old, example_new;
  for (size_t ti = 0; ti < new_r.rules.types.size(); ++ti) {
    const TypeRules& nt = new_r.rules.types[ti];
    size_t oi = 0;
    const TypeRules* ot = FindType(old_r.rules, nt.type, &oi);
    if (!ot) continue;
    const std::string base = "/rules/" + std::to_string(ti);
    for (const ResourceRule& rr : nt.to_rules)
      if (std::string k = Kri(rr.meta(), rr.section); !k.empty() && k != rr.key) {
        if (keyed++ == 0) {
          example_old = std::string(rr.key);
          example_new = k;
        }
      }
    // Inbound rules per inbound: 2.10's one merged rules[] row against 2.12+'s listed rows.
    std::map<std::string, std::vector<const InboundRule*>> listed;
    for (const InboundRule& ir : nt.from_rules)
      if (ir.listed) listed[ir.inbound->Id()].push_back(&ir);
    for (const InboundRule& merged : ot->from_rules) {
      if (merged.source != Direction::kRules || merged.listed) continue;
      auto it = listed.find(merged.inbound->Id());
      if (it == listed.end()) continue;
      const std::vector<const InboundRule*>& rows = it->second;
      size_t with_match = 0;
      for (const InboundRule* r : rows) with_match += !r->match.is_null();
      std::string text = nt.type + " on inbound '" + merged.inbound->Id() + "': " + old_name + " merges " +
                         (merged.items.size() == 1 ? std::string("the rules[] item (") : "these " + Plural(merged.items.size(), "item", "items") + " (") +
                         ItemNames(merged.items) + ") into one inbound rule; " + new_name + " lists " +
                         Plural(rows.size(), "rule", "rules") + " unmerged, in Kuma's order";
      if (nt.type == "MeshTrafficPermission") {
        size_t deny = 0;
        for (const RbacMatcher& m : nt.rbac) deny += m.inbound == merged.inbound && m.action == "Deny";
        text += ", and evaluates every matching rule: any Deny wins (" + Plural(deny, "deny matcher", "deny matchers") +
                " placed before the allows)";
      } else if (with_match > 0) {
        text += "; the first rule whose match fits the client applies (" + Plural(with_match, "rule has", "rules have") +
                " a match), the catch-all rules merge";
      } else {
        text += " and merges the catch-all rules when it applies them, so the applied conf is the same";
      }
      out.push_back({base + "/fromRules", pair, text + "."});
    }
    // A legacy from-rule that one applies and the other does not (2.12+: rules[] win over from[]).
    size_t flipped = 0;
    for (const InboundRule& o : ot->from_rules) {
      if (o.source != Direction::kFrom || !o.applied) continue;
      for (const InboundRule& n : nt.from_rules)
        if (n.source == Direction::kFrom && n.inbound->Id() == o.inbound->Id() && n.subset == o.subset && !n.applied) {
          ++flipped;
          break;
        }
    }
    if (flipped)
      out.push_back({base + "/fromRules", pair,
                     nt.type + ": " + Plural(flipped, "legacy from[] rule", "legacy from[] rules") + " that " + old_name +
                         " applies " + (flipped == 1 ? "is" : "are") + " not applied by " + new_name +
                         ", because rules[] items select the same inbound and " +
                         new_name + " applies those instead."});
  }
  if (keyed)
    out.push_back({"/rules", pair,
                   new_name + " keys the " + Plural(keyed, "ResourceRule", "ResourceRules") + " by KRI (e.g. " + example_new +
                       ") where " + old_name + " keys them as " + example_old + "."});
}

// The current release (`cur_name`) against Kuma main (`main_name`, 3.0-preview): the legacy rows
// main no longer builds (policy_release_rules.h BuildsLegacyRules).
void ExplainMain(const std::string& cur_name, const PolicyResult& cur, const std::string& main_name, const PolicyResult& main_r,
                 std::vector<ComparisonNote>& out) {
  const std::vector<std::string> pair = {cur_name, main_name};
  for (size_t ti = 0; ti < cur.rules.types.size(); ++ti) {
    const TypeRules& ct = cur.rules.types[ti];
    size_t mi = 0;
    if (!FindType(main_r.rules, ct.type, &mi)) continue;
    size_t from_rows = 0, from_items = 0;
    for (const InboundRule& ir : ct.from_rules) {
      if (ir.source == Direction::kFrom) {
        ++from_rows;
        continue;
      }
      for (const Item* it : ir.items)
        if (it->direction == Direction::kFrom) {
          ++from_items;
          break;
        }
    }
    const std::string base = "/rules/" + std::to_string(ti);
    if (!ct.legacy_to_rules.empty())
      out.push_back({base + "/toRules", pair,
                     ct.type + ": " + main_name + " builds no legacy to-rules (Kuma main's rules.go keeps only the " +
                         "ResourceRules), so " + cur_name + "'s " + Plural(ct.legacy_to_rules.size(), "toRules row", "toRules rows") +
                         " per kuma.io/service subset " + (ct.legacy_to_rules.size() == 1 ? "is" : "are") + " gone."});
    if (from_rows + from_items > 0)
      out.push_back({base + "/fromRules", pair,
                     ct.type + ": " + main_name + " reads no from[] (Kuma main's policy types have none; " +
                         "inbound/inboundrules.go takes only spec.rules) and builds no legacy from-rules, so " + cur_name +
                         "'s " + Plural(from_rows + from_items, "row", "rows") + " built from from[] items " +
                         (from_rows + from_items == 1 ? "is" : "are") + " gone: move them to spec.rules."});
  }
}

}  // namespace

std::vector<ComparisonNote> UpgradeNotes(const std::vector<std::pair<std::string, const EngineResult*>>& results) {
  std::vector<ComparisonNote> out;
  const PolicyResult* old_r = nullptr;
  std::string old_name;
  for (const auto& [name, r] : results)
    if (const auto* pr = dynamic_cast<const PolicyResult*>(r); pr && pr->id == Profile::kKuma210 && pr->evaluated) {
      old_r = pr;
      old_name = name;
    }
  // Against the default (current) release; kuma-2.13 builds the same rules.
  if (old_r && old_r->rules.dataplane)
    for (const auto& [name, r] : results)
      if (const auto* pr = dynamic_cast<const PolicyResult*>(r); pr && pr->id == Profiles().Default() && pr->rules.dataplane)
        Explain(old_name, *old_r, name, *pr, out);
  // The current release against Kuma main, whatever else is compared.
  const PolicyResult* cur = nullptr;
  std::string cur_name;
  for (const auto& [name, r] : results)
    if (const auto* pr = dynamic_cast<const PolicyResult*>(r); pr && pr->id == Profiles().Default() && pr->rules.dataplane) {
      cur = pr;
      cur_name = name;
    }
  if (cur)
    for (const auto& [name, r] : results)
      if (const auto* pr = dynamic_cast<const PolicyResult*>(r); pr && pr->rules.dataplane && !BuildsLegacyRules(pr->id))
        ExplainMain(cur_name, *cur, name, *pr, out);
  return out;
}

}  // namespace cfgi::policy
