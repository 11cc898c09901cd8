// The policy engine's coverage (core/engine/coverage.h): every to[] / from[] / rules[] item of
// every policy, and the spec.default of a single-item policy, is one "policy-item", reached when
// it is one of the items merged into a rule of the evaluated dataplane (a to-rule, an inbound
// rule, a legacy to-rule or the proxy rule). These are the entries whose (policy, ruleIndex) a
// rule's origin lists (kumahq/kuma pkg/plugins/policies/core/rules/common/origin.go
// common.Origins with withRuleIndex=true; the inspect API's `origins`). A policy that selects no dataplane of any scenario, or whose items every
// rule leaves out, stays unreached.
#include <set>

#include "core/policy/policy_engine.h"

namespace cfgi::policy {

namespace {

void Collect(const std::vector<const Item*>& items, std::set<const PolicyItem*>& into) {
  for (const Item* i : items)
    if (i && i->entry) into.insert(i->entry);
}

}  // namespace

std::vector<CoverageItem> PolicyModel::Coverage(const EngineResult& r) const {
  std::vector<CoverageItem> out;
  const auto* pr = ResultAs<PolicyResult>(&r);
  if (!pr || !pr->evaluated) return out;
  std::set<const PolicyItem*> reached;
  for (const TypeRules& t : pr->rules.types) {
    for (const ResourceRule& rr : t.to_rules) Collect(rr.items(), reached);
    for (const InboundRule& ir : t.from_rules) Collect(ir.items, reached);
    for (const SubsetRule& sr : t.legacy_to_rules) Collect(sr.items, reached);
    if (t.has_proxy_rule) Collect(t.proxy_rule.items, reached);
  }
  const std::string dp = pr->rules.dataplane ? pr->rules.dataplane->meta.name : "";
  for (const Policy& p : mesh.policies) {
    const std::string name = p.meta.type + " " + p.meta.name;
    auto add = [&](const PolicyItem& item, const std::string& where) {
      CoverageItem it = CoverageAt(item.loc.source, item.loc.range, "policy-item", name + " " + where, name + " " + where);
      it.reached = reached.count(&item) > 0;
      if (!it.reached) it.why = dp.empty() ? "no dataplane evaluated" : "no rule of the dataplanes evaluated uses it";
      out.push_back(std::move(it));
    };
    for (size_t i = 0; i < p.to.size(); ++i) add(p.to[i], "to[" + std::to_string(i) + "]");
    for (size_t i = 0; i < p.from.size(); ++i) add(p.from[i], "from[" + std::to_string(i) + "]");
    for (size_t i = 0; i < p.rules.size(); ++i) add(p.rules[i], "rules[" + std::to_string(i) + "]");
    if (p.has_default) add(p.single, "default");
  }
  return out;
}

}  // namespace cfgi::policy
