#include "core/policy/policy_rules.h"

#include "core/policy/policy_defaults.h"
#include "core/policy/policy_http_matches.h"
#include "core/policy/policy_release_rules.h"
#include "core/policy/policy_rules_stages.h"

#include <algorithm>
#include <iterator>
#include <map>
#include <set>
#include <unordered_map>

namespace cfgi::policy {

using nlohmann::json;

const ProfileSet<Profile>& Profiles() {
  // The first is the default: the current Kuma release. "kuma" names it (scenarios and command
  // lines written before the per-release profiles).
  static const ProfileSet<Profile> s({
      {Profile::kKuma214, "kuma-2.14",
       "Kuma 2.14 (follows v2.14.3, the current release): inbound rules listed per rule and match, KRI keys",
       {"kuma"}},
      {Profile::kKuma213, "kuma-2.13",
       "Kuma 2.13 LTS (follows v2.13.10): inbound rules listed per rule and match, KRI keys"},
      {Profile::kKuma210, "kuma-2.10",
       "Kuma 2.10 (follows v2.10.11, end of life): inbound rules merged into one, resource keys as meshservice:mesh/..."},
      {Profile::kKuma30, "kuma-3.0-preview",
       "Kuma's main branch toward 3.0: 2.14's rule building; 3.0's removals are diagnostics"},
      {Profile::kMadr, "madr", "the MADR: sort by top-level kind, to[] kind, policy name; MeshHTTPRoute items included"},
  });
  return s;
}

namespace {

doc::Step S(std::string what, doc::Outcome o, std::string detail, doc::SourceRange r = {}, std::string file = {}) {
  doc::Step s;
  s.what = std::move(what);
  s.outcome = o;
  s.detail = std::move(detail);
  s.range = r;
  s.file = std::move(file);
  return s;
}

std::string ItemText(const Item& it) {
  return it.policy->meta.name + " " + DirectionName(it.direction) + "[" + std::to_string(it.rule_index) + "]";
}

}  // namespace

using namespace rules;

std::string SortKeysText(const Item& it, Profile p) {
  std::string s = "top-level " + it.top_kind;
  if (IsKuma(p)) {
    // No kuma.io/origin label (a standalone control plane's own policy) sorts as Kuma sorts it.
    s += (it.origin.empty() ? std::string(", no origin label") : ", origin " + it.origin) + ", role " + it.role;
  }
  if (it.direction != Direction::kRules) s += ", " + std::string(DirectionName(it.direction)) + " kind " + it.item_kind;
  if (IsKuma(p) && it.has_section) s += " with sectionName";
  return s + ", name " + it.name;
}

const ResourceRule* ComputeRule(const TypeRules& t, const std::string& key, const ResourceSet& m) {
  auto find = [&](const std::string& k) -> const ResourceRule* {
    auto it = std::lower_bound(t.to_rules.begin(), t.to_rules.end(), k,
                               [](const ResourceRule& r, const std::string& x) { return r.key < x; });
    return it != t.to_rules.end() && it->key == k && it->sparse ? &*it : nullptr;
  };
  if (const ResourceRule* r = find(key)) return r;
  // meshservice:...:section/x -> meshservice:... -> mesh:name/<mesh>
  size_t colon = key.find(':');
  std::string type = key.substr(0, colon);
  if (type != "meshservice" && type != "meshmultizoneservice" && type != "meshexternalservice") return nullptr;
  size_t sec = key.find(":section/");
  if (sec != std::string::npos) return ComputeRule(t, key.substr(0, sec), m);
  size_t mp = key.find("mesh/");
  if (mp == std::string::npos) return nullptr;
  size_t end = key.find(':', mp);
  std::string mesh = key.substr(mp + 5, end == std::string::npos ? std::string::npos : end - mp - 5);
  if (!m.HasMesh(mesh)) return nullptr;
  return find(UniqueKey(MeshMeta(m, mesh)));
}

DataplaneRules Evaluate(const ResourceSet& m, const Dataplane& dp, const EvalOptions& o) {
  DataplaneRules out;
  out.dataplane = &dp;
  out.filtered = !o.only_keys.empty();
  if (o.explain) {
    out.explanation.what = "dataplane " + dp.meta.name + " (mesh " + dp.meta.mesh + ", profile " + Profiles().Name(o.profile) + ")";
    out.explanation.outcome = doc::Outcome::kInfo;
    out.explanation.range = dp.meta.loc.range;
    out.explanation.file = dp.meta.loc.file;
  }
  for (const auto& [type, idxs] : m.policies_by_type) {
    TypeRules t;
    t.type = type;
    std::vector<PolicySelection> selected;
    for (size_t i : idxs) {
      const Policy& p = m.policies[i];
      if (p.meta.mesh != dp.meta.mesh) continue;
      PolicySelection s = SelectDataplane(m, p, dp, ReadsZoneListeners(o.profile));
      if (s.selected && !o.include_shadow && IsShadow(p)) {
        s.selected = false;
        s.inbounds.clear();
        s.reason = "labelled kuma.io/effect: shadow, so Kuma does not apply it (matchers/dataplane.go); the result's "
                   "\"shadow\" shows what it would change";
      }
      if (s.selected) selected.push_back(s);
      t.selections.push_back(std::move(s));
    }
    if (t.selections.empty()) continue;
    for (const PolicySelection& s : selected) {
      // rules.go BuildToRules: "we have to exclude top-level targetRef 'MeshHTTPRoute' as new
      // outbound rules work with MeshHTTPRoute differently": such a policy applies to its route
      // only (the legacy toRules), never to a ResourceRule. The MADR profile keeps them.
      if (IsKuma(o.profile) && s.policy->top.kind == "MeshHTTPRoute") continue;
      for (size_t j = 0; j < s.policy->to.size(); ++j) {
        t.to_items.push_back(MakeItem(*s.policy, s.policy->to[j], Direction::kTo, j));
        if (!KeysRoutes(o.profile) && s.policy->to[j].target_ref.kind == "MeshHTTPRoute") {
          const Loc& l = s.policy->to[j].target_ref.loc;
          doc::DiagnosticSink sink(l.source);
          sink.Note("POL017", l.range, "Kuma 2.10 builds no ResourceRule from a to[] item that targets a MeshHTTPRoute "
                    "(resourcerules.go resolveTargetRef); only Mesh-wide items reach the route's key. Kuma 2.12+ and the "
                    "MADR key a rule by the route: compare with --profile kuma-2.14");
          out.diagnostics.insert(out.diagnostics.end(), sink.list().begin(), sink.list().end());
        }
      }
    }
    SortItems(t.to_items, o.profile);
    for (size_t r = 0; r < t.to_items.size(); ++r) t.to_items[r].rank = r;
    MergeCache cache;
    BuildToRules(m, dp, t, o, out.diagnostics, cache);
    BuildFromRules(m, dp, t, selected, o, out.diagnostics);
    // Kuma's legacy per-service view; the MADR does not define one, so both profiles show Kuma's
    // (no profile difference to report). Kuma main (3.0-preview) builds none
    // (policy_release_rules.h BuildsLegacyRules).
    if (BuildsLegacyRules(o.profile)) BuildLegacyToRules(m, t, selected, o, cache);

    // Single-item policies (spec.default): one proxy-wide rule.
    std::vector<Item> single;
    for (const PolicySelection& s : selected)
      if (s.policy->has_default) single.push_back(MakeItem(*s.policy, s.policy->single, Direction::kRules, 0));
    SortItems(single, o.profile);
    if (!single.empty()) {
      t.has_proxy_rule = true;
      // Store the items alongside the from items so pointers stay valid.
      size_t first = t.from_items.size();
      for (Item& it : single) {
        it.rank = t.from_items.size();
        t.from_items.push_back(it);
      }
      for (size_t i = first; i < t.from_items.size(); ++i) t.proxy_rule.items.push_back(&t.from_items[i]);
    }

    if (o.explain) {
      doc::Step& ts = out.explanation.Add(S(t.type, doc::Outcome::kInfo, std::to_string(selected.size()) + " of " +
                                           std::to_string(t.selections.size()) + " policies select the dataplane"));
      doc::Step& sel = ts.Add(S("policies", doc::Outcome::kInfo, "top-level targetRef of each policy"));
      for (const PolicySelection& s : t.selections) {
        if (sel.children.size() >= 200) break;
        sel.Add(S(s.policy->meta.name, s.selected ? doc::Outcome::kMatched : doc::Outcome::kNoMatch, s.reason,
                 s.policy->top.present ? s.policy->top.loc.range : s.policy->meta.loc.range,
                 s.policy->meta.loc.file));
      }
      doc::Step& items = ts.Add(S("sorted to[] items", doc::Outcome::kInfo, "ascending; a later item wins the merge"));
      for (const Item& it : t.to_items) {
        if (items.children.size() >= 200) break;
        items.Add(S("#" + std::to_string(it.rank) + " " + ItemText(it), doc::Outcome::kInfo, SortKeysText(it, o.profile),
                   it.entry->loc.range, it.entry->loc.file));
      }
      doc::Step& rules = ts.Add(S("resource rules", doc::Outcome::kInfo, "merge order per resource"));
      for (const ResourceRule& rr : t.to_rules) {
        if (!rr.sparse || rules.children.size() >= 200) continue;
        std::string order;
        for (const Item* it : rr.items()) order += (order.empty() ? "" : ", ") + ItemText(*it);
        rules.Add(S(std::string(rr.key), doc::Outcome::kMatched, "merge(" + order + ")"));
      }
    }
    out.types.push_back(std::move(t));
  }
  // Proxy rules merge after the items vector is final (pointers into from_items are stable now).
  for (TypeRules& t : out.types) {
    if (!t.has_proxy_rule) continue;
    Merged mg = MergeItems(t.proxy_rule.items, o.provenance, IsKuma(o.profile));
    t.proxy_rule.conf = std::move(mg.conf);
    t.proxy_rule.origin = std::move(mg.origin);
    t.proxy_rule.provenance = std::move(mg.provenance);
  }
  return out;
}

}  // namespace cfgi::policy
