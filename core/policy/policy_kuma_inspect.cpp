// Kuma's inspect API offline (policy_kuma_inspect.h), after kumahq/kuma v2.14.3
// pkg/api-server/resource_endpoints.go (rulesForResource, the dataplane `_policies` endpoint),
// api/openapi/types/common (InspectRule, Rule, FromRule, InboundRulesEntry, ResourceRule,
// ProxyRule: fields in their declaration order, which is alphabetical) and the goldens under
// pkg/api-server/testdata/resources/inspect/dataplanes/{_rules,_policies}.
#include "core/policy/policy_kuma_inspect.h"

#include <map>

#include "core/policy/policy_release_rules.h"

namespace cfgi::policy {

using nlohmann::ordered_json;

namespace {

ordered_json Conf(const nlohmann::json& j) { return ordered_json::parse(j.dump()); }

// oapi_helpers.ResourceMetaToMeta: {labels, mesh, name, type}.
ordered_json MetaJson(const Meta& m) {
  ordered_json j;
  j["labels"] = ordered_json::object();
  for (const auto& [k, v] : m.labels) j["labels"][k] = v;
  j["mesh"] = m.mesh;
  j["name"] = m.name;
  j["type"] = m.type;
  return j;
}

// Origins as a list of metas, one per policy (common.Origins without rule index).
ordered_json MetaOrigins(const std::vector<Origin>& origin) {
  ordered_json a = ordered_json::array();
  const Policy* last = nullptr;
  for (const Origin& o : origin) {
    if (o.policy == last) continue;
    last = o.policy;
    a.push_back(MetaJson(o.policy->meta));
  }
  return a;
}

// Origins with their rule index: [{resourceMeta, ruleIndex}].
ordered_json IndexedOrigins(const std::vector<Origin>& origin) {
  ordered_json a = ordered_json::array();
  for (const Origin& o : origin) a.push_back({{"resourceMeta", MetaJson(o.policy->meta)}, {"ruleIndex", o.rule_index}});
  return a;
}

// oapi_helpers.SubsetToRuleMatcher: [{key, not, value}].
ordered_json Matchers(const Subset& s) {
  ordered_json a = ordered_json::array();
  for (const SubsetTag& t : s) a.push_back({{"key", t.key}, {"not", t.negated}, {"value", t.value}});
  return a;
}

ordered_json InboundJson(const Inbound& in) {
  ordered_json j;
  if (!in.name.empty()) j["name"] = in.name;
  j["port"] = in.port;
  j["tags"] = ordered_json::object();
  for (const auto& [k, v] : in.tags) j["tags"][k] = v;
  return j;
}

ordered_json RulesEndpoint(const DataplaneRules& r, bool exclusive) {
  ordered_json j;
  j["httpMatches"] = ordered_json::array();
  j["resource"] = MetaJson(r.dataplane->meta);
  ordered_json rules = ordered_json::array();
  for (const TypeRules& t : r.types) {
    bool any_from = false;
    for (const InboundRule& ir : t.from_rules) any_from |= ir.applied || ir.listed;
    if (t.to_rules.empty() && t.legacy_to_rules.empty() && !any_from && !t.has_proxy_rule) continue;
    ordered_json e;
    // fromRules: the legacy from-rules per inbound; inboundRules: 2.12+'s listed rules (or the one
    // merged rule of 2.10) per inbound, in the inbounds' port order.
    std::map<std::pair<int, std::string>, std::pair<ordered_json, ordered_json>> from, inbound;
    for (const InboundRule& ir : t.from_rules) {
      if (!ir.inbound) continue;
      std::pair<int, std::string> key{ir.inbound->port, ir.inbound->Id()};
      if (ir.source == Direction::kFrom) {
        auto& [in, list] = from[key];
        in = InboundJson(*ir.inbound);
        list.push_back({{"conf", Conf(ir.conf)}, {"matchers", Matchers(ir.subset)}, {"origin", MetaOrigins(ir.origin)}});
      } else if (ir.applied || ir.listed) {
        auto& [in, list] = inbound[key];
        in = InboundJson(*ir.inbound);
        ordered_json conf = ordered_json::array();
        conf.push_back(Conf(ir.conf));
        list.push_back({{"conf", std::move(conf)}, {"origin", IndexedOrigins(ir.origin)}});
      }
    }
    ordered_json fj = ordered_json::array(), ij = ordered_json::array();
    for (auto& [k, v] : from) fj.push_back({{"inbound", v.first}, {"rules", v.second}});
    for (auto& [k, v] : inbound) ij.push_back({{"inbound", v.first}, {"rules", v.second}});
    e["fromRules"] = std::move(fj);
    e["inboundRules"] = std::move(ij);
    if (t.has_proxy_rule)
      e["proxyRule"] = {{"conf", Conf(t.proxy_rule.conf)}, {"origin", MetaOrigins(t.proxy_rule.origin)}};
    ordered_json to = ordered_json::array();
    for (const ResourceRule& rr : t.to_rules) {
      if (!rr.sparse) continue;  // Kuma lists the rules built from items; the fallback is Compute's
      ordered_json conf = ordered_json::array();
      conf.push_back(Conf(rr.conf()));
      to.push_back({{"conf", std::move(conf)}, {"origin", IndexedOrigins(rr.origin())}, {"resourceMeta", MetaJson(rr.meta())},
                    {"resourceSectionName", rr.section}});
    }
    e["toResourceRules"] = std::move(to);
    ordered_json legacy = ordered_json::array();
    // resource_endpoints.go: old ToRules do not affect outbounds of real resources, so they are
    // not set when the Mesh's meshServices mode is Exclusive.
    if (!exclusive)
      for (const SubsetRule& sr : t.legacy_to_rules)
        legacy.push_back({{"conf", Conf(sr.conf)}, {"matchers", Matchers(sr.subset)}, {"origin", MetaOrigins(sr.origin)}});
    e["toRules"] = std::move(legacy);
    e["type"] = t.type;
    e["warnings"] = ordered_json::array();
    rules.push_back(std::move(e));
  }
  j["rules"] = std::move(rules);
  return j;
}

// The dataplane's `_policies`: the proxy-wide (single-item) policies by kind, origins as KRIs.
ordered_json PoliciesEndpoint(const DataplaneRules& r) {
  ordered_json a = ordered_json::array();
  for (const TypeRules& t : r.types) {
    if (!t.has_proxy_rule) continue;
    ordered_json origins = ordered_json::array();
    const Policy* last = nullptr;
    for (const Origin& o : t.proxy_rule.origin) {
      if (o.policy == last) continue;
      last = o.policy;
      origins.push_back({{"kri", Kri(o.policy->meta)}});
    }
    a.push_back({{"conf", Conf(t.proxy_rule.conf)}, {"kind", t.type}, {"origins", std::move(origins)}});
  }
  return {{"policies", std::move(a)}};
}

}  // namespace

std::optional<KumaEndpoint> ParseKumaEndpoint(const std::string& s) {
  KumaEndpoint e;
  std::string rest = s;
  if (rest.rfind("/meshes/", 0) == 0) {
    // /meshes/{mesh}/dataplanes/{name}/{what}
    std::vector<std::string> parts;
    size_t i = 1;
    while (i <= rest.size()) {
      size_t j = rest.find('/', i);
      if (j == std::string::npos) j = rest.size();
      parts.push_back(rest.substr(i, j - i));
      i = j + 1;
    }
    if (parts.size() != 5 || parts[2] != "dataplanes" || parts[1].empty() || parts[3].empty()) return std::nullopt;
    e.mesh = parts[1];
    e.dataplane = parts[3];
    rest = parts[4];
  }
  if (rest != "_rules" && rest != "_policies") return std::nullopt;
  e.what = rest;
  return e;
}

ordered_json KumaInspectJson(const KumaEndpoint& e, const DataplaneRules& r, const Model& m) {
  if (!r.dataplane) return ordered_json::object();
  // The Mesh's meshServices.mode (spec.meshServices on Kubernetes), read from its loaded document.
  bool exclusive = false;
  for (const Resource& mesh : m.meshes) {
    if (mesh.meta.name != r.dataplane->meta.mesh) continue;
    for (const doc::Document& d : m.docs)
      for (const doc::Node& root : d.roots)
        if (d.source.get() == mesh.meta.loc.source && root.range().begin == mesh.meta.loc.range.begin && root.is_map()) {
          const doc::Node* spec = root.Get("spec");
          const doc::Node* ms = (spec && spec->is_map() ? spec : &root)->Get("meshServices");
          exclusive |= ms && ms->is_map() && ms->GetString("mode") == "Exclusive";
        }
  }
  return e.what == "_rules" ? RulesEndpoint(r, exclusive) : PoliciesEndpoint(r);
}

}  // namespace cfgi::policy
