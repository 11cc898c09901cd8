// Kuma's inspect API offline (policy_kuma_inspect.h), after kumahq/kuma v2.14.3
// pkg/api-server/resource_endpoints.go (rulesForResource, the dataplane `_policies` endpoint),
// api/openapi/types/common (InspectRule, Rule, FromRule, InboundRulesEntry, ResourceRule,
// ProxyRule: fields in their declaration order, which is alphabetical) and the goldens under
// pkg/api-server/testdata/resources/inspect/dataplanes/{_rules,_policies,_policies/inbounds,
// _policies/outbounds,_policies/routes,_routes} (matchedPoliciesToProxyPolicy,
// matchedPoliciesToInboundConfig, matchedPoliciesToOutboundPolicy, matchedPoliciesToRouteConfig,
// matchedPoliciesToRoutes).
#include "core/policy/policy_json.h"
#include "core/policy/policy_kuma_inspect.h"

#include <algorithm>
#include <map>

#include "core/policy/policy_http_matches.h"
#include "core/policy/policy_release_rules.h"

namespace cfgi::policy {

using nlohmann::ordered_json;

namespace {

// A ResourceRule's Conf list as Kuma marshals it: one merged conf per MeshHTTPRoute hostname
// (merge.go handleMergeValues), else the one merged conf.
ordered_json ConfList(const RuleBody& b) {
  ordered_json list = ordered_json::array();
  if (b.confs.empty()) list.push_back(ToOrdered(b.conf));
  for (const nlohmann::json& c : b.confs) list.push_back(ToOrdered(c));
  return list;
}

// oapi_helpers.ResourceMetaToMeta: {labels, mesh, name, type}.
ordered_json OapiMeta(const Meta& m) {
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
    a.push_back(OapiMeta(o.policy->meta));
  }
  return a;
}

// Origins with their rule index: [{resourceMeta, ruleIndex}].
ordered_json IndexedOrigins(const std::vector<Origin>& origin) {
  ordered_json a = ordered_json::array();
  for (const Origin& o : origin) a.push_back({{"resourceMeta", OapiMeta(o.policy->meta)}, {"ruleIndex", o.rule_index}});
  return a;
}

// oapi_helpers.SubsetToRuleMatcher: [{key, not, value}].
ordered_json Matchers(const Subset& s) {
  ordered_json a = ordered_json::array();
  for (const SubsetTag& t : s) a.push_back({{"key", t.key}, {"not", t.negated}, {"value", t.value}});
  return a;
}

// resource_endpoints.go rulesForResource: the name and tags of the networking.inbound on that
// port; an embedded listener's port has none, so no name and null tags (_rules/ze_listener).
// Kuma main (kuma-3.0-preview; api-server/resource_inspect_endpoints.go) prints no inbound's tags:
// `tags` is the gateway's tags for a delegated gateway, else null (its _rules goldens).
ordered_json InboundJson(const Inbound& in, const Dataplane& dp, bool main_shape) {
  ordered_json j;
  if (!in.name.empty() && in.listener.empty()) j["name"] = in.name;
  j["port"] = in.port;
  if (main_shape) {
    j["tags"] = nullptr;
    if (dp.gateway_type == "DELEGATED")
      for (const auto& [k, v] : dp.gateway_tags) j["tags"][k] = v;
    return j;
  }
  if (!in.listener.empty()) {
    j["tags"] = nullptr;
    return j;
  }
  j["tags"] = ordered_json::object();
  for (const auto& [k, v] : in.tags) j["tags"][k] = v;
  return j;
}

// The policy plugins in registry order (core/plugins/registry.go PolicyPlugins: sorted by each
// type's ResourceTypeDescriptor.Order, zz_generated.resource.go at v2.14.3): the order of the
// `_policies` family's lists. Types Kuma does not ship follow, by name.
std::vector<const TypeRules*> PluginOrder(const DataplaneRules& r) {
  static const std::map<std::string, int, std::less<>> order = {
      {"MeshHTTPRoute", 100},  {"MeshTCPRoute", 200},          {"MeshTLS", 300},        {"MeshLoadBalancingStrategy", 400},
      {"MeshPassthrough", 500}, {"MeshAccessLog", 600},        {"MeshTrace", 700},      {"MeshFaultInjection", 800},
      {"MeshRateLimit", 900},  {"MeshTimeout", 1000},          {"MeshTrafficPermission", 1100},
      {"MeshHealthCheck", 1200}, {"MeshCircuitBreaker", 1300}, {"MeshRetry", 1400},     {"MeshMetric", 1500},
      {"MeshProxyPatch", 9999}};
  std::vector<const TypeRules*> out;
  for (const TypeRules& t : r.types) out.push_back(&t);
  auto rank = [&](const TypeRules* t) {
    auto it = order.find(t->type);
    return it == order.end() ? 100000 : it->second;
  };
  std::stable_sort(out.begin(), out.end(), [&](const TypeRules* a, const TypeRules* b) { return rank(a) < rank(b); });
  return out;
}

// Kuma main (the 3.0-preview profile) answers without the legacy `fromRules` and `toRules` lists
// (BuildsLegacyRules false: its InspectRule has neither), v2.14.3 and earlier with both.
ordered_json RulesEndpoint(const DataplaneRules& r, bool exclusive, Profile p) {
  const bool main_shape = !BuildsLegacyRules(p);
  ordered_json j;
  j["httpMatches"] = HttpMatchesJson(r);
  j["resource"] = OapiMeta(r.dataplane->meta);
  ordered_json rules = ordered_json::array();
  // rulesForResource walks core_plugins.Plugins().PolicyPlugins(): the registry's order.
  for (const TypeRules* tp : PluginOrder(r)) {
    const TypeRules& t = *tp;
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
        in = InboundJson(*ir.inbound, *r.dataplane, main_shape);
        list.push_back({{"conf", ToOrdered(ir.conf)}, {"matchers", Matchers(ir.subset)}, {"origin", MetaOrigins(ir.origin)}});
      } else if (ir.applied || ir.listed) {
        auto& [in, list] = inbound[key];
        in = InboundJson(*ir.inbound, *r.dataplane, main_shape);
        ordered_json conf = ordered_json::array();
        conf.push_back(ToOrdered(ir.conf));
        // InboundRule.Match (`json:"match,omitempty"`): a listed rule's one match, absent for a
        // rule that matches every client (inbound/inboundrules.go).
        ordered_json row = {{"conf", std::move(conf)}};
        if (!ir.match.is_null()) row["match"] = ir.match;
        row["origin"] = IndexedOrigins(ir.origin);
        list.push_back(std::move(row));
      }
    }
    ordered_json fj = ordered_json::array(), ij = ordered_json::array();
    for (auto& [k, v] : from) fj.push_back({{"inbound", v.first}, {"rules", v.second}});
    for (auto& [k, v] : inbound) ij.push_back({{"inbound", v.first}, {"rules", v.second}});
    if (!main_shape) e["fromRules"] = std::move(fj);
    e["inboundRules"] = std::move(ij);
    if (t.has_proxy_rule)
      e["proxyRule"] = {{"conf", ToOrdered(t.proxy_rule.conf)}, {"origin", MetaOrigins(t.proxy_rule.origin)}};
    ordered_json to = ordered_json::array();
    for (const ResourceRule& rr : t.to_rules) {
      if (!rr.sparse) continue;  // Kuma lists the rules built from items; the fallback is Compute's
      ordered_json conf = ConfList(*rr.body);
      to.push_back({{"conf", std::move(conf)}, {"origin", IndexedOrigins(rr.origin())}, {"resourceMeta", OapiMeta(rr.meta())},
                    {"resourceSectionName", rr.section}});
    }
    e["toResourceRules"] = std::move(to);
    ordered_json legacy = ordered_json::array();
    // resource_endpoints.go: old ToRules do not affect outbounds of real resources, so they are
    // not set when the Mesh's meshServices mode is Exclusive.
    if (!exclusive)
      for (const SubsetRule& sr : t.legacy_to_rules)
        legacy.push_back({{"conf", ToOrdered(sr.conf)}, {"matchers", Matchers(sr.subset)}, {"origin", MetaOrigins(sr.origin)}});
    if (!main_shape) e["toRules"] = std::move(legacy);
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
  for (const TypeRules* tp : PluginOrder(r)) {
    const TypeRules& t = *tp;
    if (!t.has_proxy_rule) continue;
    ordered_json origins = ordered_json::array();
    const Policy* last = nullptr;
    for (const Origin& o : t.proxy_rule.origin) {
      if (o.policy == last) continue;
      last = o.policy;
      origins.push_back({{"kri", Kri(o.policy->meta)}});
    }
    a.push_back({{"conf", ToOrdered(t.proxy_rule.conf)}, {"kind", t.type}, {"origins", std::move(origins)}});
  }
  return {{"policies", std::move(a)}};
}

ordered_json KriOrigins(const std::vector<const Policy*>& policies) {
  ordered_json origins = ordered_json::array();
  for (const Policy* p : policies) origins.push_back({{"kri", Kri(p->meta)}});
  return origins;
}

// Origins as Kuma's policyOriginsToKRIOrigins maps them: one per origin entry (a policy twice when
// two of its items made the rule).
ordered_json KriOrigins(const std::vector<Origin>& origin) {
  std::vector<const Policy*> ps;
  for (const Origin& o : origin) ps.push_back(o.policy);
  return KriOrigins(ps);
}

// The inbound a KRI's section names (Dataplane_Networking.InboundsSelectedBySectionName: its name,
// else its port; an empty section selects the first).
const Inbound* InboundOfSection(const Dataplane& dp, const std::string& section) {
  for (const Inbound& in : dp.inbounds)
    if (section.empty() || in.Id() == section) return &in;
  return nullptr;
}

std::string SectionOf(const std::string& kri) {
  std::optional<KriParts> k = ParseKri(kri);
  return k ? k->section : kri;
}

// matchedPoliciesToInboundConfig: per type, the inbound's rules (2.12+: listed one per rule, in
// Kuma's order) with each rule's policy KRI; origins the distinct policies in rule order.
ordered_json InboundPoliciesEndpoint(const KumaEndpoint& e, const DataplaneRules& r) {
  ordered_json a = ordered_json::array();
  const Inbound* in = InboundOfSection(*r.dataplane, SectionOf(e.kri));
  for (const TypeRules* tp : PluginOrder(r)) {
    const TypeRules& t = *tp;
    ordered_json rules = ordered_json::array();
    std::vector<const Policy*> seen;
    for (const InboundRule& ir : t.from_rules) {
      if (!in || !ir.inbound || ir.inbound->port != in->port || ir.source == Direction::kFrom) continue;
      if (!(ir.listed || ir.applied) || ir.origin.empty()) continue;
      const Policy* p = ir.origin.front().policy;
      rules.push_back({{"conf", ToOrdered(ir.conf)}, {"kri", Kri(p->meta)}});
      if (std::find(seen.begin(), seen.end(), p) == seen.end()) seen.push_back(p);
    }
    if (rules.empty()) continue;
    a.push_back({{"kind", t.type}, {"origins", KriOrigins(seen)}, {"rules", std::move(rules)}});
  }
  return {{"policies", std::move(a)}};
}

// outbound.RootContext(mesh, rules).WithID(NoSectionName(kri)).WithID(kri)[.WithID(route)]: the
// most specific rule of the chain mesh -> service -> section -> route that exists.
const ResourceRule* OutboundRule(const TypeRules& t, const ResourceSet& m, const std::string& mesh, const KumaEndpoint& e) {
  auto find = [&](const std::string& key) -> const ResourceRule* {
    for (const ResourceRule& rr : t.to_rules)
      if (rr.sparse && rr.key == key) return &rr;
    return nullptr;
  };
  if (!e.route_kri.empty())
    if (std::optional<std::string> rk = UniqueKeyOfKri(m, e.route_kri))
      if (const ResourceRule* rr = find(*rk)) return rr;
  if (std::optional<std::string> k = UniqueKeyOfKri(m, e.kri)) return ComputeRule(t, *k, m);
  Meta mm;
  mm.type = "Mesh";
  mm.name = mesh;
  return find(UniqueKey(mm));
}

// matchedPoliciesToOutboundPolicy / matchedPoliciesToRouteConfig (routes themselves excluded from
// the latter).
ordered_json OutboundPoliciesEndpoint(const KumaEndpoint& e, const DataplaneRules& r, const ResourceSet& m) {
  ordered_json a = ordered_json::array();
  bool route = e.what == "_routes/_policies";
  for (const TypeRules* tp : PluginOrder(r)) {
    const TypeRules& t = *tp;
    if (route && (t.type == "MeshHTTPRoute" || t.type == "MeshTCPRoute")) continue;
    const ResourceRule* rr = OutboundRule(t, m, r.dataplane->meta.mesh, e);
    if (!rr) continue;
    ordered_json conf = ConfList(*rr->body);
    a.push_back({{"conf", std::move(conf)}, {"kind", t.type}, {"origins", KriOrigins(rr->origin())}});
  }
  return {{"policies", std::move(a)}};
}

// matchedPoliciesToRoutes: MeshHTTPRoute's merged rules (one per distinct matches, the KRI of the
// policy whose rule last set them) and MeshTCPRoute's rules (no KRI, no matches).
ordered_json RoutesEndpoint(const KumaEndpoint& e, const DataplaneRules& r, const ResourceSet& m) {
  ordered_json a = ordered_json::array();
  for (const TypeRules* tp : PluginOrder(r)) {
    const TypeRules& t = *tp;
    if (t.type != "MeshHTTPRoute" && t.type != "MeshTCPRoute") continue;
    std::optional<std::string> k = UniqueKeyOfKri(m, e.kri);
    const ResourceRule* rr = k ? ComputeRule(t, *k, m) : nullptr;
    if (!rr) continue;
    ordered_json rules = ordered_json::array();
    const nlohmann::json& conf = rr->conf();
    // A MeshTCPRoute's conf is one rule (helpers.go To.GetDefault), a MeshHTTPRoute's a list.
    const nlohmann::json one = nlohmann::json::array({conf});
    const nlohmann::json* list = t.type == "MeshTCPRoute" ? &one : nullptr;
    if (!list && conf.is_object() && conf.contains("rules") && conf["rules"].is_array()) list = &conf["rules"];
    if (list)
      for (const nlohmann::json& rule : *list) {
        ordered_json x;
        x["conf"] = ToOrdered(rule.value("default", nlohmann::json::object()));
        if (t.type == "MeshHTTPRoute") {
          // OriginByMatches: the last item (merge order) whose rules carry these matches.
          std::string kri;
          for (const Item* it : rr->items())
            if (it->entry && it->entry->conf.is_object() && it->entry->conf.contains("rules"))
              for (const nlohmann::json& own : it->entry->conf["rules"])
                if (own.value("matches", nlohmann::json()) == rule.value("matches", nlohmann::json()))
                  kri = Kri(it->policy->meta);
          x["kri"] = kri;
          x["matches"] = ToOrdered(rule.value("matches", nlohmann::json()));
        } else {
          x["kri"] = "";
          x["matches"] = nullptr;
        }
        rules.push_back(std::move(x));
      }
    a.push_back({{"kind", t.type}, {"origins", KriOrigins(rr->origin())}, {"rules", std::move(rules)}});
  }
  return {{"routes", std::move(a)}};
}

}  // namespace

std::optional<KumaEndpoint> ParseKumaEndpoint(const std::string& s) {
  std::vector<std::string> parts;
  for (size_t i = 0; i <= s.size();) {
    size_t j = s.find('/', i);
    if (j == std::string::npos) j = s.size();
    parts.push_back(s.substr(i, j - i));
    i = j + 1;
  }
  if (!parts.empty() && parts.front().empty()) parts.erase(parts.begin());  // the leading '/'
  KumaEndpoint e;
  if (!parts.empty() && parts[0] == "meshes") {
    // /meshes/{mesh}/dataplanes/{name}/...
    if (parts.size() < 5 || parts[2] != "dataplanes" || parts[1].empty() || parts[3].empty()) return std::nullopt;
    e.mesh = parts[1];
    e.dataplane = parts[3];
    parts.erase(parts.begin(), parts.begin() + 4);
  }
  for (const std::string& p : parts)
    if (p.empty()) return std::nullopt;
  if (parts.size() == 1 && (parts[0] == "_rules" || parts[0] == "_policies" || parts[0] == "_layout")) {
    e.what = parts[0];
  } else if (parts.size() == 3 && parts[0] == "_inbounds" && parts[2] == "_policies") {
    e.what = "_inbounds/_policies";
    e.kri = parts[1];
  } else if (parts.size() == 3 && parts[0] == "_outbounds" && (parts[2] == "_policies" || parts[2] == "_routes")) {
    e.what = "_outbounds/" + parts[2];
    e.kri = parts[1];
  } else if (parts.size() == 5 && parts[0] == "_outbounds" && parts[2] == "_routes" && parts[4] == "_policies") {
    e.what = "_routes/_policies";
    e.kri = parts[1];
    e.route_kri = parts[3];
  } else {
    return std::nullopt;
  }
  return e;
}

bool MeshServicesExclusive(const ResourceSet& m, const std::string& mesh_name) {
  for (const Resource& mesh : m.meshes) {
    if (mesh.meta.name != mesh_name) continue;
    const doc::Node* root = ResourceNode(m, mesh.meta);
    if (!root) continue;
    const doc::Node* spec = root->Get("spec");
    const doc::Node* ms = (spec && spec->is_map() ? spec : root)->Get("meshServices");
    if (ms && ms->is_map() && ms->GetString("mode") == "Exclusive") return true;
  }
  return false;
}

const doc::Node* ResourceNode(const ResourceSet& m, const Meta& meta) {
  for (const doc::Document& d : m.docs)
    for (const doc::Node& root : d.roots)
      if (d.source.get() == meta.loc.source && root.range().begin == meta.loc.range.begin && root.is_map()) return &root;
  return nullptr;
}

namespace {
// kri.FromString's errors, as the API prints them ("bad request: ...").
std::optional<std::string> KriError(const std::string& s) {
  size_t parts = 1;
  for (char c : s) parts += c == '_';
  if (parts < 7) return "bad request: invalid identifier string: \"" + s + "\"";
  if (s.rfind("kri_", 0) != 0) return "bad request: identifier must start with 'kri': \"" + s + "\"";
  if (!ParseKri(s)) return "bad request: unknown short name of resource type: \"" + s.substr(4, s.find('_', 4) - 4) + "\"";
  return std::nullopt;
}
}  // namespace

std::optional<std::string> KumaEndpointError(const KumaEndpoint& e, const Dataplane& dp, const ResourceSet& m) {
  if (e.what == "_rules") return std::nullopt;
  if (!MeshServicesExclusive(m, dp.meta.mesh))
    return "bad request: can't use " + std::string(e.what == "_layout" ? "_layout" : "_policies") +
           " endpoint without meshService enabled";
  if (e.what == "_policies" || e.what == "_layout") return std::nullopt;
  if (std::optional<std::string> err = KriError(e.kri)) return err;
  if (!e.route_kri.empty())
    if (std::optional<std::string> err = KriError(e.route_kri)) return err;
  if (e.what == "_inbounds/_policies" && !InboundOfSection(dp, SectionOf(e.kri))) {
    // ListenersSelectedBySectionName: a zone proxy listener answers too (its rules are not
    // modelled: an empty list).
    std::vector<std::string> ls = ListenerSections(dp, m);
    std::string section = SectionOf(e.kri);
    if (std::find(ls.begin(), ls.end(), section) == ls.end() && !(section.empty() && !ls.empty())) return "inbound not found";
  }
  return std::nullopt;
}

KumaLookup LookupKumaDataplane(const KumaEndpoint& e, const ResourceSet& m) {
  KumaLookup out;
  bool mesh = m.HasMesh(e.mesh);
  bool layout = e.what == "_layout";
  if (!mesh) {
    out.error = KumaError{404, layout ? "Failed to build MeshContext" : "Failed to retrieve Mesh", "Not found"};
    return out;
  }
  if (layout && !MeshServicesExclusive(m, e.mesh)) {
    out.error = KumaError{400, "Bad Request", "bad request: can't use _layout endpoint without meshService enabled"};
    return out;
  }
  // store.GetByKey(name, mesh); the display name as ResourceSet::FindDataplane accepts it.
  const Dataplane* by_display = nullptr;
  int displays = 0;
  for (const Dataplane& d : m.dataplanes) {
    if (d.meta.mesh != e.mesh) continue;
    if (d.meta.name == e.dataplane) {
      out.dataplane = &d;
      return out;
    }
    if (d.meta.DisplayName() == e.dataplane) by_display = &d, ++displays;
  }
  if (displays == 1) {
    out.dataplane = by_display;
    return out;
  }
  out.error = KumaError{404, layout ? "Failed to retrieve Dataplane" : "Could not retrieve Dataplane", "Not found"};
  return out;
}

ordered_json KumaInspectJson(const KumaEndpoint& e, const DataplaneRules& r, const ResourceSet& m, Profile p) {
  if (!r.dataplane) return ordered_json::object();
  if (e.what == "_rules") return RulesEndpoint(r, MeshServicesExclusive(m, r.dataplane->meta.mesh), p);
  if (e.what == "_policies") return PoliciesEndpoint(r);
  if (e.what == "_layout") return KumaLayoutJson(*r.dataplane, m);
  if (e.what == "_inbounds/_policies") return InboundPoliciesEndpoint(e, r);
  if (e.what == "_outbounds/_routes") return RoutesEndpoint(e, r, m);
  return OutboundPoliciesEndpoint(e, r, m);
}

}  // namespace cfgi::policy
