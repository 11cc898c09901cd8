// core/policy/policy_rules_select.cpp: which policies select a dataplane and which resources a
// targetRef names (kumahq/kuma pkg/plugins/policies/core/matchers/dataplane.go,
// rules/outbound/resourcerules.go resolveTargetRef, v2.14.3).

#include "core/policy/policy_rules_stages.h"

#include <algorithm>

namespace cfgi::policy {

using nlohmann::json;
using rules::LabelsSubset;
using rules::LabelsText;
using rules::MeshMeta;
using rules::TagsMatch;

std::string MeshKey(const ResourceSet& m, const std::string& mesh) { return UniqueKey(MeshMeta(m, mesh)); }

namespace {

// Splits a legacy kuma.io/service name <name>_<namespace>_svc_<port> (resourcerules.go parseService).
bool ParseLegacyService(const std::string& host, std::string& name, std::string& ns, int& port) {
  std::vector<std::string> seg;
  size_t start = 0;
  for (size_t i = 0; i <= host.size(); ++i) {
    if (i == host.size() || host[i] == '_') {
      seg.push_back(host.substr(start, i - start));
      start = i + 1;
    }
  }
  if (seg.size() == 4) {
    if (seg[3].empty() || seg[3].size() > 9 || !std::all_of(seg[3].begin(), seg[3].end(), [](unsigned char c) { return c >= '0' && c <= '9'; })) return false;
    port = std::stoi(seg[3]);
  } else if (seg.size() == 3) {
    // resolve/targetref.go parseService (common/resolvetargetref.go at v2.10.11): port 0, not
    // outbound_converter.go's reserved 49151 (kumahq/kuma#12834), so the whole service matches.
    port = 0;
  } else {
    return false;
  }
  name = seg[0];
  ns = seg[1];
  return true;
}

std::vector<size_t> ServicesWithLabels(const ResourceSet& m, const std::string& mesh, const Labels& labels, bool naive) {
  std::vector<size_t> out;
  if (naive) {
    auto it = m.services_by_mesh.find(mesh);
    if (it == m.services_by_mesh.end()) return out;
    for (size_t i : it->second)
      if (LabelsSubset(labels, m.services[i].meta.labels)) out.push_back(i);
    return out;
  }
  // Inverted index: intersect the posting lists, smallest first.
  std::vector<const std::vector<size_t>*> lists;
  for (const auto& [k, v] : labels) {
    auto it = m.service_label_index.find(mesh + '\x1f' + k + '\x1f' + v);
    if (it == m.service_label_index.end()) return out;
    lists.push_back(&it->second);
  }
  if (lists.empty()) {
    auto it = m.services_by_mesh.find(mesh);
    return it == m.services_by_mesh.end() ? out : it->second;
  }
  std::sort(lists.begin(), lists.end(), [](auto* a, auto* b) { return a->size() < b->size(); });
  for (size_t i : *lists[0]) {
    bool all = true;
    for (size_t l = 1; l < lists.size() && all; ++l) all = std::binary_search(lists[l]->begin(), lists[l]->end(), i);
    if (all) out.push_back(i);
  }
  return out;
}

}  // namespace

bool IsFromAsRules(const std::string& type) {
  return type == "MeshAccessLog" || type == "MeshCircuitBreaker" || type == "MeshRateLimit" || type == "MeshTimeout" ||
         type == "MeshTLS";
}

std::vector<Resolved> ResolveTargetRef(const ResourceSet& m, const Policy& p, const TargetRef& t, bool naive) {
  std::vector<Resolved> out;
  const std::string& mesh = p.meta.mesh;
  if (t.kind == "Mesh") {
    if (!m.HasMesh(mesh)) return out;
    for (const Resource& r : m.meshes)
      if (r.meta.name == mesh) {
        out.push_back({&r.meta, "", -1});
        return out;
      }
    out.push_back({nullptr, "", -1, nullptr, MeshMeta(m, mesh)});
    return out;
  }
  std::string ns = t.namespace_.empty() ? p.meta.Namespace() : t.namespace_;
  std::string zone = p.meta.Zone();
  if (t.kind == "MeshService" || t.kind == "MeshMultiZoneService") {
    const bool mzs = t.kind == "MeshMultiZoneService";
    // rules/common/resolvetargetref.go ResolveTargetRef (resolve/targetref.go in v2.11): non-empty labels query by labels, else by identifier; a
    // sectionName (or the legacy name's port) keeps only the services that have that port, and the
    // section becomes port.GetNameOrStringifyPort() (query.findPort: a name, or a number matching
    // an unnamed port). A sectionName naming no port yields nothing (POL012 says so).
    Labels labels = t.labels;
    int implicit_port = 0;
    std::string lname, lns;
    if (!mzs && t.section_name.empty() && !t.name.empty() && ParseLegacyService(t.name, lname, lns, implicit_port)) {
      labels = {{kDisplayNameLabel, lname}, {kNamespaceLabel, lns}};
    }
    auto add = [&](const MeshService& s, size_t i) {
      int idx = mzs ? -1 : static_cast<int>(i);
      if (implicit_port == 0 && t.section_name.empty()) {
        out.push_back({&s.meta, "", idx, &s});
        return;
      }
      for (const Port& port : s.ports) {
        bool hit = implicit_port != 0 ? port.port == implicit_port
                                      : (port.name == t.section_name ||
                                         (port.name.empty() && std::to_string(port.port) == t.section_name));
        if (hit) {
          out.push_back({&s.meta, port.SectionName(), idx, &s});
          return;
        }
      }
    };
    if (mzs) {
      if (!labels.empty()) {
        for (const MeshService& s : m.multizone_services)
          if (s.meta.mesh == mesh && LabelsSubset(labels, s.meta.labels)) add(s, s.index);
      } else if (const MeshService* s = m.FindMultiZoneService(mesh, t.name, ns, zone)) {
        add(*s, s->index);
      }
      return out;
    }
    if (!labels.empty()) {
      for (size_t i : ServicesWithLabels(m, mesh, labels, naive)) add(m.services[i], i);
      return out;
    }
    if (const MeshService* s = m.FindService(mesh, t.name, ns, zone)) add(*s, s->index);
    return out;
  }
  if (t.kind == "MeshExternalService") {
    if (!t.labels.empty()) {  // targetref.go: empty labels query by identifier
      for (const Resource& r : m.external_services)
        if (r.meta.mesh == mesh && LabelsSubset(t.labels, r.meta.labels)) out.push_back({&r.meta, "", -1});
    } else if (const Resource* r = m.FindExternalService(mesh, t.name, ns, zone)) {
      out.push_back({&r->meta, "", -1});
    }
    return out;
  }
  if (t.kind == "MeshHTTPRoute") {
    if (!t.labels.empty()) {  // targetref.go: empty labels query by identifier
      auto it = m.policies_by_type.find("MeshHTTPRoute");
      if (it != m.policies_by_type.end())
        for (size_t i : it->second)
          if (m.policies[i].meta.mesh == mesh && LabelsSubset(t.labels, m.policies[i].meta.labels))
            out.push_back({&m.policies[i].meta, "", -1});
    } else if (const Policy* r = m.FindRoute(mesh, t.name, ns, zone)) {
      out.push_back({&r->meta, "", -1});
    }
    return out;
  }
  return out;  // MeshSubset, MeshServiceSubset: not real resources
}

PolicySelection SelectDataplane(const ResourceSet& m, const Policy& p, const Dataplane& dp, bool zone_listeners) {
  PolicySelection s;
  s.policy = &p;
  if (p.meta.mesh != dp.meta.mesh) {
    s.reason = "the policy is in mesh '" + p.meta.mesh + "', the dataplane in '" + dp.meta.mesh + "'";
    return s;
  }
  const TargetRef* t = &p.top;
  const Policy* owner = &p;
  // A top-level MeshHTTPRoute selects what the route's own targetRef selects (dataplane.go).
  for (int depth = 0; t->kind == "MeshHTTPRoute" && depth < 4; ++depth) {
    std::string ns = t->namespace_.empty() ? owner->meta.Namespace() : t->namespace_;
    const Policy* route = m.FindRoute(owner->meta.mesh, t->name, ns, owner->meta.Zone());
    if (!route) {
      s.reason = "the top-level targetRef names MeshHTTPRoute '" + t->name + "', which does not exist";
      return s;
    }
    owner = route;
    t = &route->top;
  }
  auto by_tags = [&](const Labels& sel, const std::string& what) {
    // An embedded zone listener has no tags a tag kind could select (matchers/dataplane.go
    // inboundsSelectedByTags skips it; an empty MeshSubset would otherwise match it).
    for (const Inbound& in : dp.inbounds)
      if (in.listener.empty() && TagsMatch(sel, in.tags)) s.inbounds.push_back(&in);
    s.selected = !s.inbounds.empty();
    s.reason = s.selected ? what + " matches " + std::to_string(s.inbounds.size()) + " inbound(s)"
                          : what + " matches no inbound's tags";
  };
  // matchers/dataplane.go isSupportedProxyType: proxyTypes (Mesh, MeshSubset) name Sidecar and/or
  // Gateway; none = both.
  const std::string proxy_type = dp.IsGateway() ? "Gateway" : "Sidecar";
  if ((t->kind == "Mesh" || t->kind.empty() || t->kind == "MeshSubset") && !t->proxy_types.empty() &&
      std::find(t->proxy_types.begin(), t->proxy_types.end(), proxy_type) == t->proxy_types.end()) {
    s.reason = "proxyTypes does not include " + proxy_type;
    return s;
  }
  if (dp.IsGateway() && dp.gateway_type == "BUILTIN" && !dp.gateway) {
    s.reason = "no MeshGateway selects this builtin gateway's tags " + LabelsText(dp.gateway_tags);
    return s;
  }
  if (t->kind == "Mesh" || t->kind.empty()) {
    for (const Inbound& in : dp.inbounds)
      if (zone_listeners || in.listener.empty()) s.inbounds.push_back(&in);
    s.selected = true;
    s.reason = "kind Mesh selects every dataplane of mesh '" + dp.meta.mesh + "'";
  } else if (t->kind == "MeshGateway") {
    // dataplane.go: only a builtin gateway served by the named MeshGateway; `tags` pick listeners.
    // core_model.IsReferenced: the same mesh and the gateway's display name (no namespace: a
    // MeshGateway is not namespaced), e.g. v2.14.3 pkg/api-server/testdata/resources/inspect/
    // dataplanes/_rules/meshgateway (a policy in kuma-demo naming a universal gateway).
    if (!dp.gateway || dp.gateway->meta.DisplayName() != t->name || dp.gateway->meta.mesh != owner->meta.mesh) {
      s.reason = "MeshGateway '" + t->name + "' " +
                 (dp.gateway ? "is not the gateway of this dataplane (it is '" + dp.gateway->meta.name + "')"
                             : "selects only builtin gateway dataplanes");
      return s;
    }
    by_tags(t->tags, "MeshGateway '" + t->name + "' listeners with tags " + LabelsText(t->tags));
  } else if (t->kind == "MeshSubset") {
    by_tags(t->tags, "MeshSubset tags " + LabelsText(t->tags));
  } else if (t->kind == "MeshService") {
    by_tags({{kServiceTag, t->name}}, "MeshService '" + t->name + "' (kuma.io/service tag)");
  } else if (t->kind == "MeshServiceSubset") {
    Labels tags = t->tags;
    tags[kServiceTag] = t->name;
    by_tags(tags, "MeshServiceSubset " + LabelsText(tags));
  } else if (t->kind == "Dataplane" && dp.IsGateway()) {
    s.reason = "kind Dataplane does not select gateways (dataplane.go: gateway != nil)";
  } else if (t->kind == "Dataplane") {
    bool match = true;
    std::string why;
    if (!t->name.empty()) {
      std::string ns = t->namespace_.empty() ? owner->meta.Namespace() : t->namespace_;
      match = dp.meta.DisplayName() == t->name && dp.meta.Namespace() == ns;
      why = "name '" + t->name + "'" + (ns.empty() ? "" : " in namespace '" + ns + "'");
    }
    if (t->has_labels) {
      match = match && LabelsSubset(t->labels, dp.meta.labels);
      why += (why.empty() ? "" : " and ") + std::string("labels ") + LabelsText(t->labels);
    }
    if (!match) {
      s.reason = "Dataplane " + why + " does not match this dataplane";
      return s;
    }
    for (const Inbound& in : dp.inbounds)
      if ((zone_listeners || in.listener.empty()) &&
          (t->section_name.empty() || in.Id() == t->section_name || std::to_string(in.port) == t->section_name))
        s.inbounds.push_back(&in);
    s.selected = t->section_name.empty() || !s.inbounds.empty();
    s.reason = "Dataplane " + why + (t->section_name.empty() ? "" : " sectionName '" + t->section_name + "'") +
               (s.selected ? " matches" : ": no inbound has that section");
  } else {
    s.reason = "top-level kind '" + t->kind + "' is not supported for sidecar dataplanes";
  }
  return s;
}

}  // namespace cfgi::policy
