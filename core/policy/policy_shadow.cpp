// Shadow policies as the diff they would make (policy_shadow.h), after kumahq/kuma v2.14.3
// pkg/plugins/policies/core/matchers/dataplane.go (MatchedPolicies skips them) and
// pkg/api-server/resource_endpoints.go (`_config?shadow=true&include=diff`).
#include "core/policy/policy_json.h"
#include "core/policy/policy_shadow.h"

#include <algorithm>
#include <map>

#include "core/policy/policy_release_rules.h"

namespace cfgi::policy {

using nlohmann::json;
using nlohmann::ordered_json;

bool HasShadowPolicies(const ResourceSet& m, const std::string& mesh) {
  for (const Policy& p : m.policies)
    if (p.meta.mesh == mesh && IsShadow(p)) return true;
  return false;
}

namespace {

std::string RuleKey(const ResourceRule& rr, Profile p) {
  return KeysByKri(p) ? Kri(rr.meta(), rr.section) : std::string(rr.key);
}

// The rows a type applies: proxy conf, each rule built from items (not the fallback rows: a
// change there is the change of the rule they fall back to), each inbound's applied rows.
struct Rows {
  json proxy;
  std::vector<const Origin*> proxy_origin;
  std::map<std::string, const ResourceRule*> to;
  std::map<std::pair<int, std::string>, std::vector<const InboundRule*>> inbound;
};

Rows RowsOf(const TypeRules& t, Profile p) {
  Rows r;
  if (t.has_proxy_rule) r.proxy = t.proxy_rule.conf;
  for (const ResourceRule& rr : t.to_rules)
    if (rr.sparse) r.to[RuleKey(rr, p)] = &rr;
  for (const InboundRule& ir : t.from_rules)
    if (ir.inbound && ir.applied) r.inbound[{ir.inbound->port, ir.inbound->Id()}].push_back(&ir);
  return r;
}

json InboundConfs(const std::vector<const InboundRule*>& rows) {
  json a = json::array();
  for (const InboundRule* ir : rows) a.push_back(ir->conf);
  return a;
}

void AddShadow(std::vector<const Policy*>& out, const std::vector<Origin>& origin) {
  for (const Origin& o : origin)
    if (o.policy && IsShadow(*o.policy) && std::find(out.begin(), out.end(), o.policy) == out.end()) out.push_back(o.policy);
}

}  // namespace

std::vector<ShadowChange> ShadowDiff(const DataplaneRules& applied, const DataplaneRules& with_shadow, const ResourceSet& m,
                                     Profile p) {
  std::vector<ShadowChange> out;
  static const TypeRules kNone;
  for (const TypeRules& w : with_shadow.types) {
    const TypeRules* a = &kNone;
    for (const TypeRules& x : applied.types)
      if (x.type == w.type) a = &x;
    Rows before = RowsOf(*a, p), after = RowsOf(w, p);
    if (before.proxy != after.proxy) {
      ShadowChange c{w.type, "proxy", "", before.proxy, after.proxy, {}};
      AddShadow(c.shadow, w.proxy_rule.origin);
      out.push_back(std::move(c));
    }
    std::map<std::string, std::pair<const ResourceRule*, const ResourceRule*>> to;
    for (const auto& [k, rr] : before.to) to[k].first = rr;
    for (const auto& [k, rr] : after.to) to[k].second = rr;
    for (const auto& [k, ba] : to) {
      // A resource without a rule of its own gets the one it falls back to (ResourceRules.Compute:
      // section -> service -> mesh): that is what its proxy has before.
      const ResourceRule* b_rule = ba.first;
      if (!b_rule && ba.second) b_rule = ComputeRule(*a, std::string(ba.second->key), m);
      const ResourceRule* n_rule = ba.second ? ba.second : (ba.first ? ComputeRule(w, std::string(ba.first->key), m) : nullptr);
      json b = b_rule ? b_rule->conf() : json(), n = n_rule ? n_rule->conf() : json();
      if (b == n) continue;
      ShadowChange c{w.type, "to", k, b, n, {}};
      if (n_rule) AddShadow(c.shadow, n_rule->origin());
      out.push_back(std::move(c));
    }
    std::map<std::pair<int, std::string>, std::pair<json, const std::vector<const InboundRule*>*>> in;
    for (const auto& [k, rows] : before.inbound) in[k].first = InboundConfs(rows);
    for (const auto& [k, rows] : after.inbound) in[k].second = &rows;
    for (const auto& [k, bn] : in) {
      json n = bn.second ? InboundConfs(*bn.second) : json();
      if (bn.first == n) continue;
      ShadowChange c{w.type, "inbound", k.second, bn.first, n, {}};
      if (bn.second)
        for (const InboundRule* ir : *bn.second) AddShadow(c.shadow, ir->origin);
      out.push_back(std::move(c));
    }
  }
  return out;
}

ordered_json ShadowJson(const std::vector<ShadowChange>& d) {
  ordered_json a = ordered_json::array();
  for (const ShadowChange& c : d) {
    ordered_json j;
    j["type"] = c.type;
    j["place"] = c.place;
    if (!c.key.empty()) j["key"] = c.key;
    j["before"] = ToOrdered(c.before);
    j["after"] = ToOrdered(c.after);
    ordered_json names = ordered_json::array();
    for (const Policy* p : c.shadow) names.push_back(p->meta.name);
    j["policies"] = std::move(names);
    a.push_back(std::move(j));
  }
  return a;
}

}  // namespace cfgi::policy
