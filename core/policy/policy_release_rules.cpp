#include "core/policy/policy_release_rules.h"

#include <algorithm>
#include <map>

namespace cfgi::policy {

using nlohmann::json;

bool ListsInboundRules(Profile p) { return IsKuma(p) && ReleaseOf(p) != KumaRelease::k2_10; }
bool KeysByKri(Profile p) { return ListsInboundRules(p); }

bool BuildsLegacyRules(Profile p) { return !IsKuma(p) || ReleaseOf(p) != KumaRelease::k3_0; }

bool ReadsZoneListeners(Profile p) {
  return !IsKuma(p) || ReleaseOf(p) == KumaRelease::k2_14 || ReleaseOf(p) == KumaRelease::k3_0;
}

// resourcerules.go: v2.10.11's resolveTargetRef leaves MeshHTTPRoute a todo (no rule); v2.12.14 and
// later resolve it and isRelevant keys the rule by the route (kri.From(route) == kri.From(other)).
bool KeysRoutes(Profile p) { return p != Profile::kKuma210; }

// The ShortName of each type's ResourceTypeDescriptor at v2.14.3 (zz_generated.resource.go of
// each policy and pkg/core/resources/apis/*).
std::string_view KriShortName(std::string_view type) {
  static const std::map<std::string, std::string, std::less<>> names = {
      {"Dataplane", "dp"},
      {"Mesh", "m"},
      {"MeshGateway", "mgw"},
      {"ZoneEgress", "ze"},
      {"ZoneIngress", "zi"},
      {"Zone", "z"},
      {"HostnameGenerator", "hg"},
      {"MeshExternalService", "extsvc"},
      {"MeshIdentity", "mid"},
      {"MeshMultiZoneService", "mzsvc"},
      {"MeshOpenTelemetryBackend", "motb"},
      {"MeshService", "msvc"},
      {"MeshTrust", "mtrust"},
      {"MeshZoneAddress", "mza"},
      {"Workload", "wl"},
      {"MeshAccessLog", "mal"},
      {"MeshCircuitBreaker", "mcb"},
      {"MeshFaultInjection", "mfi"},
      {"MeshHealthCheck", "mhc"},
      {"MeshHTTPRoute", "mhttpr"},
      {"MeshLoadBalancingStrategy", "mlbs"},
      {"MeshMetric", "mm"},
      {"MeshPassthrough", "mp"},
      {"MeshProxyPatch", "mpp"},
      {"MeshRateLimit", "mrl"},
      {"MeshRetry", "mr"},
      {"MeshTCPRoute", "mtcpr"},
      {"MeshTimeout", "mt"},
      {"MeshTLS", "mtls"},
      {"MeshTrace", "mtr"},
      {"MeshTrafficPermission", "mtp"},
  };
  auto it = names.find(type);
  return it == names.end() ? std::string_view() : std::string_view(it->second);
}

KeyNames::KeyNames(const TypeRules& t, Profile p) {
  if (!KeysByKri(p)) return;
  for (const ResourceRule& rr : t.to_rules)
    if (std::string k = Kri(rr.meta(), rr.section); !k.empty()) kri_.emplace(rr.key, std::move(k));
}

void KeyNames::Add(std::string_view key, const Meta& meta, std::string_view section) {
  if (kri_.count(key)) return;
  if (std::string k = Kri(meta, section); !k.empty()) kri_.emplace(key, std::move(k));
}

KeyNames::KeyNames(const DataplaneRules& r, const ResourceSet& m, Profile p) {
  if (!KeysByKri(p) || !r.dataplane) return;
  for (const TypeRules& t : r.types)
    for (const ResourceRule& rr : t.to_rules) Add(rr.key, rr.meta(), rr.section);
  // MeshResourceKeys (policy_inspect.cpp): the keys of the mesh's resources without a rule here.
  const std::string& mesh = r.dataplane->meta.mesh;
  auto own = [&](const Meta& meta) {
    owned_.push_back(std::make_unique<std::string>(UniqueKey(meta)));
    Add(*owned_.back(), meta, {});
  };
  Meta mm;
  mm.type = "Mesh";
  mm.name = mesh;
  own(mm);
  if (auto it = m.services_by_mesh.find(mesh); it != m.services_by_mesh.end())
    for (size_t i : it->second) Add(m.service_keys[i], m.services[i].meta, {});
  for (const Resource& x : m.external_services)
    if (x.meta.mesh == mesh) own(x.meta);
  for (const MeshService& x : m.multizone_services)
    if (x.meta.mesh == mesh) own(x.meta);
}

std::string KeyNames::operator()(std::string_view key) const {
  auto it = kri_.find(key);
  return it == kri_.end() ? std::string(key) : it->second;
}

std::string Kri(const Meta& m, std::string_view section) {
  std::string_view s = KriShortName(m.type);
  if (s.empty()) return {};
  std::string out = "kri_";
  out += s;
  out += "_" + m.mesh + "_" + m.Zone() + "_" + m.Namespace() + "_" + m.DisplayName() + "_";
  out += section;
  return out;
}

std::optional<KriParts> ParseKri(std::string_view s) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    size_t u = s.find('_', start);
    parts.emplace_back(s.substr(start, u == std::string_view::npos ? std::string_view::npos : u - start));
    if (u == std::string_view::npos) break;
    start = u + 1;
  }
  if (parts.size() < 7 || parts[0] != "kri" || parts[1].empty()) return std::nullopt;
  KriParts k;
  for (const char* type : {"Dataplane", "Mesh", "MeshGateway", "ZoneEgress", "ZoneIngress", "Zone", "HostnameGenerator",
                           "MeshExternalService", "MeshIdentity", "MeshMultiZoneService", "MeshOpenTelemetryBackend",
                           "MeshService", "MeshTrust", "MeshZoneAddress", "Workload", "MeshAccessLog",
                           "MeshCircuitBreaker", "MeshFaultInjection", "MeshHealthCheck", "MeshHTTPRoute",
                           "MeshLoadBalancingStrategy", "MeshMetric", "MeshPassthrough", "MeshProxyPatch",
                           "MeshRateLimit", "MeshRetry", "MeshTCPRoute", "MeshTimeout", "MeshTLS", "MeshTrace",
                           "MeshTrafficPermission"})
    if (KriShortName(type) == parts[1]) k.type = type;
  if (k.type.empty()) return std::nullopt;
  k.mesh = parts[2];
  k.zone = parts[3];
  k.namespace_ = parts[4];
  k.name = parts[5];
  for (size_t i = 6; i < parts.size(); ++i) k.section += parts[i];  // strings.Join(parts[6:], "")
  return k;
}

std::optional<std::string> UniqueKeyOfKri(const ResourceSet& m, std::string_view s) {
  std::optional<KriParts> k = ParseKri(s);
  if (!k) return std::nullopt;
  const Meta* meta = nullptr;
  if (k->type == "MeshService") {
    if (const MeshService* x = m.FindService(k->mesh, k->name, k->namespace_, k->zone)) meta = &x->meta;
  } else if (k->type == "MeshMultiZoneService") {
    if (const MeshService* x = m.FindMultiZoneService(k->mesh, k->name, k->namespace_, k->zone)) meta = &x->meta;
  } else if (k->type == "MeshExternalService") {
    if (const Resource* x = m.FindExternalService(k->mesh, k->name, k->namespace_, k->zone)) meta = &x->meta;
  } else if (k->type == "MeshHTTPRoute") {
    if (const Policy* x = m.FindRoute(k->mesh, k->name, k->namespace_, k->zone)) meta = &x->meta;
  } else if (k->type == "Mesh") {
    Meta mesh;
    mesh.type = "Mesh";
    mesh.name = k->name;
    if (!m.HasMesh(k->name)) return std::nullopt;
    return UniqueKey(mesh);
  }
  if (!meta) return std::nullopt;
  return UniqueKey(*meta, k->section);
}

namespace {

const json* Field(const json& m, const char* key) {
  if (!m.is_object()) return nullptr;
  auto it = m.find(key);
  return it == m.end() || it->is_null() ? nullptr : &*it;
}

int SpiffeScore(const json& m) {
  const json* t = Field(m, "type");
  if (t && t->is_string() && *t == "Exact") return 2;
  if (t && t->is_string() && *t == "Prefix") return 1;
  return 0;
}

}  // namespace

int CompareInboundMatch(const json& a, const json& b) {
  const json* sa = Field(a, "spiffeID");
  const json* sb = Field(b, "spiffeID");
  if (sa && !sb) return -1;
  if (!sa && sb) return 1;
  if (sa && sb) {
    int x = SpiffeScore(*sa), y = SpiffeScore(*sb);
    if (x != y) return x > y ? -1 : 1;  // cmp.Compare(score(b), score(a))
  }
  const json* na = Field(a, "sni");
  const json* nb = Field(b, "sni");
  if (na && !nb) return -1;
  if (!na && nb) return 1;
  return 0;
}

void ListInboundRules(const Inbound& in, const std::vector<const Item*>& entries,
                      const std::function<void(InboundRule&)>& fill, std::vector<InboundRule>& out) {
  std::vector<InboundRule> rows;
  for (const Item* it : entries) {
    InboundRule base;
    base.inbound = &in;
    base.source = Direction::kRules;
    base.listed = true;
    base.items = {it};
    fill(base);
    const json& matches = it->entry->matches;
    if (!matches.is_array() || matches.empty()) {
      rows.push_back(std::move(base));
      continue;
    }
    for (const json& m : matches) {
      InboundRule r = base;
      r.match = m;
      rows.push_back(std::move(r));
    }
  }
  std::stable_sort(rows.begin(), rows.end(),
                   [](const InboundRule& a, const InboundRule& b) { return CompareInboundMatch(a.match, b.match) < 0; });
  for (InboundRule& r : rows) out.push_back(std::move(r));
}

std::vector<RbacMatcher> BuildRbac(const std::vector<InboundRule>& listed) {
  std::vector<RbacMatcher> out;
  auto add = [&](const InboundRule& r, const char* field, const char* action) {
    const json* list = Field(r.conf, field);
    if (!list || !list->is_array()) return;
    Origin o = r.origin.empty() ? Origin{} : r.origin.front();
    for (const json& m : *list) out.push_back({r.inbound, action, m, o});
  };
  for (const InboundRule& r : listed)
    if (r.listed) add(r, "deny", "Deny");
  for (const InboundRule& r : listed)
    if (r.listed) {
      add(r, "allow", "Allow");
      add(r, "allowWithShadowDeny", "AllowWithShadowDeny");
    }
  return out;
}

std::string ReadableKey(std::string_view key) {
  std::string type, name, ns, zone, section;
  if (std::optional<KriParts> k = ParseKri(key)) {
    type = k->type;
    name = k->type == "Mesh" && k->name.empty() ? k->mesh : k->name;
    ns = k->namespace_;
    zone = k->zone;
    section = k->section;
  } else {
    // core_model's key: TYPE:mesh/M[:zone/Z][:namespace/NS]:name/N[:section/S].
    static const std::map<std::string, std::string, std::less<>> kTypes = {
        {"mesh", "Mesh"}, {"meshservice", "MeshService"}, {"meshexternalservice", "MeshExternalService"},
        {"meshmultizoneservice", "MeshMultiZoneService"}, {"meshhttproute", "MeshHTTPRoute"},
        {"meshtcproute", "MeshTCPRoute"}};
    size_t colon = key.find(':');
    auto t = kTypes.find(key.substr(0, colon));
    if (colon == std::string_view::npos || t == kTypes.end()) return std::string(key);
    type = t->second;
    std::string_view rest = key.substr(colon + 1);
    while (!rest.empty()) {
      size_t next = rest.find(':');
      std::string_view seg = rest.substr(0, next);
      size_t slash = seg.find('/');
      if (slash != std::string_view::npos) {
        std::string_view k = seg.substr(0, slash), v = seg.substr(slash + 1);
        if (k == "name") name = v;
        else if (k == "namespace") ns = v;
        else if (k == "zone") zone = v;
        else if (k == "section") section = v;
      }
      if (next == std::string_view::npos) break;
      rest = rest.substr(next + 1);
    }
    if (name.empty()) return std::string(key);
  }
  std::string out = type + " " + name;
  if (!section.empty()) out += " :" + section;
  std::string where;
  if (!ns.empty()) where = "ns " + ns;
  if (!zone.empty()) where += (where.empty() ? "" : ", ") + std::string("zone ") + zone;
  if (!where.empty()) out += " (" + where + ")";
  return out;
}

}  // namespace cfgi::policy
