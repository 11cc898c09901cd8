// Kuma's `/meshes/{mesh}/dataplanes/{name}/_layout` offline (policy_kuma_inspect.h), after
// kumahq/kuma v2.14.3 pkg/api-server/dataplane_layout_endpoint.go (getLayout, computeSpiffeID),
// pkg/xds/context/destination_index.go (GetReachableBackends), pkg/core/naming/contextual.go
// (the proxy resource names) and the goldens under
// pkg/api-server/testdata/resources/inspect/dataplanes/_layout.
#include <algorithm>
#include <map>

#include "core/policy/policy_kuma_inspect.h"
#include "core/policy/policy_release_rules.h"

namespace cfgi::policy {

using nlohmann::ordered_json;

namespace {

// A Dataplane's networking (universal: top-level; Kubernetes: under spec).
const doc::Node* Networking(const ResourceSet& m, const Dataplane& dp) {
  const doc::Node* root = ResourceNode(m, dp.meta);
  if (!root) return nullptr;
  const doc::Node* spec = root->Get("spec");
  const doc::Node* n = (spec && spec->is_map() ? spec : root)->Get("networking");
  return n && n->is_map() ? n : nullptr;
}

const doc::Node* Spec(const doc::Node* root) {
  if (!root) return nullptr;
  const doc::Node* spec = root->Get("spec");
  return spec && spec->is_map() ? spec : nullptr;
}

int IntOf(const doc::Node* n) {
  std::optional<int64_t> v = n && n->is_scalar() ? n->as_int() : std::nullopt;
  return v && *v >= 0 && *v <= 65535 ? static_cast<int>(*v) : -1;
}

// One reachable destination port: core.Port (GetName: the port's name, else its number).
struct DestPort {
  std::string name;
  int port = 0;
  std::string protocol;
};

// A destination of the mesh: MeshService, MeshExternalService or MeshMultiZoneService.
struct Destination {
  const Meta* meta = nullptr;
  std::vector<DestPort> ports;
};

std::vector<Destination> Destinations(const ResourceSet& m, const std::string& mesh) {
  std::vector<Destination> out;
  auto add_ported = [&](const MeshService& s) {
    if (s.meta.mesh != mesh) return;
    Destination d{&s.meta, {}};
    for (const Port& p : s.ports) d.ports.push_back({p.SectionName(), p.port, p.app_protocol.empty() ? "tcp" : p.app_protocol});
    out.push_back(std::move(d));
  };
  for (const MeshService& s : m.services) add_ported(s);
  for (const MeshService& s : m.multizone_services) add_ported(s);
  for (const Resource& r : m.external_services) {
    if (r.meta.mesh != mesh) continue;
    // MeshExternalService.GetPorts: its one spec.match (name = the port number).
    const doc::Node* spec = Spec(ResourceNode(m, r.meta));
    const doc::Node* match = spec ? spec->Get("match") : nullptr;
    if (!match || !match->is_map()) continue;
    int port = IntOf(match->Get("port"));
    std::string proto = match->GetString("protocol");
    out.push_back({&r.meta, {{std::to_string(port), port, proto.empty() ? "tcp" : proto}}});
  }
  return out;
}

// MeshService.FindPortByName: a port's name or its number.
const DestPort* FindPort(const Destination& d, const std::string& section) {
  for (const DestPort& p : d.ports)
    if (p.name == section || std::to_string(p.port) == section) return &p;
  return nullptr;
}

// GetReachableBackends: the outbounds with backendRef, else every destination of the mesh when
// transparentProxying.reachableBackends is absent, else the reachable backends' refs.
std::map<std::string, DestPort> Reachable(const ResourceSet& m, const Dataplane& dp, const doc::Node* net) {
  std::vector<Destination> dests = Destinations(m, dp.meta.mesh);
  std::map<std::string, DestPort> out;
  auto process = [&](const doc::Node& ref, const char* port_field) {
    std::string kind = ref.GetString("kind"), name = ref.GetString("name"), ns = ref.GetString("namespace");
    Labels labels;
    if (const doc::Node* l = ref.Get("labels"); l && l->is_map())
      for (const doc::Node::Entry& e : l->entries()) labels[e.key] = e.value.text();
    int port = IntOf(ref.Get(port_field));
    std::vector<const Destination*> ids;
    if (!labels.empty())
      for (const Destination& d : dests) {
        if (d.meta->type != kind) continue;
        bool all = true;
        for (const auto& [k, v] : labels) all &= d.meta->Label(k.c_str()) == v;
        if (all) ids.push_back(&d);
      }
    if (ids.empty()) {
      // resolve.TargetRefToKRI: the dataplane's mesh and zone, the ref's namespace else the
      // dataplane's, the display name.
      if (ns.empty()) ns = dp.meta.Namespace();
      for (const Destination& d : dests)
        if (d.meta->type == kind && d.meta->DisplayName() == name && d.meta->Namespace() == ns && d.meta->Zone() == dp.meta.Zone())
          ids.push_back(&d);
    }
    for (const Destination* d : ids) {
      if (port >= 0) {
        if (const DestPort* p = FindPort(*d, std::to_string(port))) out[Kri(*d->meta, p->name)] = *p;
        return;  // processRef returns after the first resource with a port
      }
      for (const DestPort& p : d->ports) out[Kri(*d->meta, p.name)] = p;
    }
  };
  if (net)
    if (const doc::Node* obs = net->Get("outbound"); obs && obs->is_seq())
      for (const doc::Node& o : obs->items())
        if (const doc::Node* br = o.is_map() ? o.Get("backendRef") : nullptr; br && br->is_map()) process(*br, "port");
  if (!out.empty()) return out;
  const doc::Node* tp = net ? net->Get("transparentProxying") : nullptr;
  const doc::Node* rb = tp && tp->is_map() ? tp->Get("reachableBackends") : nullptr;
  if (!rb || rb->is_null()) {
    for (const Destination& d : dests)
      for (const DestPort& p : d.ports) out[Kri(*d.meta, p.name)] = p;
    return out;
  }
  if (const doc::Node* refs = rb->is_map() ? rb->Get("refs") : nullptr; refs && refs->is_seq())
    for (const doc::Node& r : refs->items())
      if (r.is_map()) process(r, "port");
  return out;
}

std::string Substitute(std::string s, const std::map<std::string, std::string>& vars) {
  for (const auto& [k, v] : vars)
    for (size_t at; (at = s.find(k)) != std::string::npos;) s.replace(at, k.size(), v);
  return s;
}

// computeSpiffeID: the best-matched MeshIdentity (meshidentity BestMatched: selector.dataplane
// matchLabels all held, the most labels wins, then the name) whose status is Ready; the trust
// domain and SPIFFE ID from its templates (defaults "{{ .Mesh }}.{{ .Zone }}.mesh.local" and
// "spiffe://{{ .TrustDomain }}/workload/{{ .Workload }}"). The zone is the dataplane's kuma.io/zone.
std::optional<std::string> SpiffeId(const ResourceSet& m, const Dataplane& dp) {
  const doc::Node* best = nullptr;
  std::string best_name;
  size_t best_count = 0;
  for (const doc::Document& d : m.docs)
    for (const doc::Node& root : d.roots) {
      if (!root.is_map()) continue;
      const doc::Node* meta = root.Get("metadata");
      bool k8s = root.GetString("kind") == "MeshIdentity";
      if (root.GetString("type") != "MeshIdentity" && !k8s) continue;
      std::string mesh = k8s ? (meta && meta->is_map() && meta->Get("labels") && meta->Get("labels")->is_map()
                                    ? meta->Get("labels")->GetString(kMeshLabel)
                                    : "")
                             : root.GetString("mesh");
      if (mesh.empty()) mesh = "default";
      if (mesh != dp.meta.mesh) continue;
      std::string name = k8s ? (meta && meta->is_map() ? meta->GetString("name") : "") : root.GetString("name");
      const doc::Node* spec = Spec(&root);
      const doc::Node* sel = spec ? spec->Get("selector") : nullptr;
      const doc::Node* dps = sel && sel->is_map() ? sel->Get("dataplane") : nullptr;
      const doc::Node* ml = dps && dps->is_map() ? dps->Get("matchLabels") : nullptr;
      size_t count = 0;
      bool all = true;
      if (ml && ml->is_map())
        for (const doc::Node::Entry& e : ml->entries()) {
          all &= dp.meta.Label(e.key.c_str()) == e.value.text();
          ++count;
        }
      if (!all || !dps) continue;
      if (!best || count > best_count || (count == best_count && name < best_name)) {
        best = &root;
        best_name = name;
        best_count = count;
      }
    }
  if (!best) return std::nullopt;
  bool ready = false;
  if (const doc::Node* st = best->Get("status"); st && st->is_map())
    if (const doc::Node* cs = st->Get("conditions"); cs && cs->is_seq())
      for (const doc::Node& c : cs->items())
        ready |= c.is_map() && c.GetString("type") == "Ready" && c.GetString("status") == "True";
  if (!ready) return std::nullopt;
  const doc::Node* spec = Spec(best);
  const doc::Node* sp = spec ? spec->Get("spiffeID") : nullptr;
  std::string td_tpl = sp && sp->is_map() ? sp->GetString("trustDomain") : "";
  std::string path_tpl = sp && sp->is_map() ? sp->GetString("path") : "";
  if (td_tpl.empty()) td_tpl = "{{ .Mesh }}.{{ .Zone }}.mesh.local";
  if (path_tpl.empty()) path_tpl = "/workload/{{ .Workload }}";
  std::string td = Substitute(td_tpl, {{"{{ .Mesh }}", dp.meta.mesh}, {"{{ .Zone }}", dp.meta.Zone()}});
  std::string path = Substitute(path_tpl, {{"{{ .Workload }}", dp.meta.Label("kuma.io/workload")},
                                           {"{{ .Namespace }}", dp.meta.Namespace()},
                                           {"{{ .Mesh }}", dp.meta.mesh}});
  return "spiffe://" + td + path;
}

}  // namespace

std::vector<std::string> ListenerSections(const Dataplane& dp, const ResourceSet& m) {
  std::vector<std::string> out;
  const doc::Node* net = Networking(m, dp);
  if (const doc::Node* ls = net ? net->Get("listeners") : nullptr; ls && ls->is_seq())
    for (const doc::Node& l : ls->items())
      if (l.is_map()) out.push_back(l.GetString("name").empty() ? std::to_string(IntOf(l.Get("port"))) : l.GetString("name"));
  return out;
}

ordered_json KumaLayoutJson(const Dataplane& dp, const ResourceSet& m) {
  const doc::Node* net = Networking(m, dp);
  ordered_json inbounds = ordered_json::array();
  for (const Inbound& in : dp.inbounds) {
    if (dp.IsGateway()) break;  // a gateway's listener-derived inbounds are not networking.inbound
    if (!in.listener.empty()) continue;  // networking.listeners: the `listeners` list below
    std::string protocol = in.protocol;
    if (protocol.empty()) {
      auto it = in.tags.find("kuma.io/protocol");
      if (it != in.tags.end()) protocol = it->second;
    }
    inbounds.push_back({{"kri", Kri(dp.meta, in.Id())},
                        {"port", in.port},
                        {"protocol", protocol},
                        {"proxyResourceName", "self_inbound_dp_" + in.Id()}});
  }
  ordered_json listeners = ordered_json::array();
  if (const doc::Node* ls = net ? net->Get("listeners") : nullptr; ls && ls->is_seq())
    for (const doc::Node& l : ls->items()) {
      if (!l.is_map()) continue;
      std::string type = l.GetString("type"), name = l.GetString("name");
      int port = IntOf(l.Get("port"));
      std::string section = name.empty() ? std::to_string(port) : name;
      std::string resource;
      if (type == "ZoneIngress") resource = "self_zoneingress_dp_" + section;
      else if (type == "ZoneEgress") resource = "self_zoneegress_dp_" + section;
      else continue;
      listeners.push_back({{"kri", Kri(dp.meta, section)}, {"port", port}, {"proxyResourceName", resource}, {"type", type}});
    }
  ordered_json outbounds = ordered_json::array();
  for (const auto& [kri, p] : Reachable(m, dp, net))  // sorted by KRI, as getLayout sorts them
    outbounds.push_back({{"kri", kri}, {"port", p.port}, {"protocol", p.protocol}, {"proxyResourceName", kri}});
  ordered_json j;
  j["inbounds"] = std::move(inbounds);
  j["kri"] = Kri(dp.meta);
  j["labels"] = ordered_json::object();
  for (const auto& [k, v] : dp.meta.labels) j["labels"][k] = v;
  j["listeners"] = std::move(listeners);
  j["outbounds"] = std::move(outbounds);
  if (std::optional<std::string> id = SpiffeId(m, dp)) j["spiffeId"] = *id;
  return j;
}

}  // namespace cfgi::policy
