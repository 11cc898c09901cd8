// Dataplanes from Kubernetes Pods and Services (policy_k8s.h), after kumahq/kuma v2.14.3
// pkg/plugins/runtime/k8s/controllers/{pod_controller,pod_converter,inbound_converter,
// gateway_converter,serviceless_name_extractor}.go and pkg/plugins/runtime/k8s/util/util.go;
// their tests: pod_converter_test.go with testdata/NN.{pod,services-for-pod,dataplane}.yaml.
#include "core/policy/policy_k8s.h"

#include <algorithm>
#include <map>
#include <optional>

#include <nlohmann/json.hpp>

namespace cfgi::policy {

using doc::Node;

namespace {

constexpr int kTCPPortReserved = 49151;  // mesh_proto.TCPPortReserved: the serviceless inbound
constexpr const char* kSidecarContainer = "kuma-sidecar";

// metadata.Annotations.GetBooleanWithDefault with "enabled" support (annotations.go).
std::optional<bool> ParseEnabled(const std::string& v) {
  if (v == "true" || v == "yes" || v == "enabled") return true;
  if (v == "false" || v == "no" || v == "disabled") return false;
  return std::nullopt;
}

Labels MapOf(const Node* n) {
  Labels out;
  if (n && n->is_map())
    for (const auto& e : n->entries())
      if (e.value.is_scalar()) out[e.key] = e.value.is_null() ? std::string() : e.value.text();
  return out;
}

const Node* Path(const Node* n, std::initializer_list<const char*> keys) {
  for (const char* k : keys) {
    if (!n || !n->is_map()) return nullptr;
    n = n->Get(k);
  }
  return n;
}

std::string Text(const Node* n) { return n && n->is_scalar() && !n->is_null() ? n->text() : std::string(); }

struct ContainerPort {
  std::string name, protocol;
  int port = 0;
};
struct Container {
  std::string name;
  std::vector<ContainerPort> ports;
};

struct Pod {
  const KubeObject* obj = nullptr;
  std::string name, ns, service_account, ip, phase, reason;
  Labels labels, annotations;
  bool deleting = false;
  std::vector<Container> containers;
  std::vector<std::pair<std::string, bool>> statuses, init_statuses;  // container name, ready
  std::vector<std::pair<std::string, std::string>> owners;           // kind, name
  std::string Key() const { return name + "." + ns; }
  const Node* Annotation(const char* k) const { return Path(obj->root, {"metadata", "annotations", k}); }
};

struct ServicePort {
  std::string name, protocol;
  int port = 0;
  bool target_named = false;
  int target_port = 0;
  std::string target_name;
  std::optional<std::string> app_protocol;
  const Node* node = nullptr;
};
struct Service {
  const KubeObject* obj = nullptr;
  std::string name, ns, type, cluster_ip;
  Labels labels, annotations, selector;
  std::vector<ServicePort> ports;
};

Pod ReadPod(const KubeObject& o) {
  Pod p;
  p.obj = &o;
  const Node* md = o.root->Get("metadata");
  p.name = Text(Path(md, {"name"}));
  p.ns = Text(Path(md, {"namespace"}));
  p.labels = MapOf(Path(md, {"labels"}));
  p.annotations = MapOf(Path(md, {"annotations"}));
  p.deleting = Path(md, {"deletionTimestamp"}) && !Path(md, {"deletionTimestamp"})->is_null();
  if (const Node* own = Path(md, {"ownerReferences"}); own && own->is_seq())
    for (const Node& x : own->items()) p.owners.emplace_back(Text(Path(&x, {"kind"})), Text(Path(&x, {"name"})));
  const Node* spec = o.root->Get("spec");
  p.service_account = Text(Path(spec, {"serviceAccountName"}));
  if (const Node* cs = Path(spec, {"containers"}); cs && cs->is_seq())
    for (const Node& c : cs->items()) {
      Container k;
      k.name = Text(Path(&c, {"name"}));
      if (const Node* ps = Path(&c, {"ports"}); ps && ps->is_seq())
        for (const Node& x : ps->items()) {
          ContainerPort cp;
          cp.name = Text(Path(&x, {"name"}));
          cp.protocol = Text(Path(&x, {"protocol"}));
          if (cp.protocol.empty()) cp.protocol = "TCP";
          const Node* n = Path(&x, {"containerPort"});
          cp.port = n ? static_cast<int>(n->as_int().value_or(0)) : 0;
          k.ports.push_back(cp);
        }
      p.containers.push_back(std::move(k));
    }
  const Node* st = o.root->Get("status");
  p.ip = Text(Path(st, {"podIP"}));
  p.phase = Text(Path(st, {"phase"}));
  p.reason = Text(Path(st, {"reason"}));
  auto statuses = [&](const char* key, std::vector<std::pair<std::string, bool>>& out) {
    if (const Node* cs = Path(st, {key}); cs && cs->is_seq())
      for (const Node& c : cs->items()) out.emplace_back(Text(Path(&c, {"name"})), Text(Path(&c, {"ready"})) == "true");
  };
  statuses("containerStatuses", p.statuses);
  statuses("initContainerStatuses", p.init_statuses);
  return p;
}

Service ReadService(const KubeObject& o) {
  Service s;
  s.obj = &o;
  const Node* md = o.root->Get("metadata");
  s.name = Text(Path(md, {"name"}));
  s.ns = Text(Path(md, {"namespace"}));
  s.labels = MapOf(Path(md, {"labels"}));
  s.annotations = MapOf(Path(md, {"annotations"}));
  const Node* spec = o.root->Get("spec");
  s.type = Text(Path(spec, {"type"}));
  s.cluster_ip = Text(Path(spec, {"clusterIP"}));
  s.selector = MapOf(Path(spec, {"selector"}));
  if (const Node* ps = Path(spec, {"ports"}); ps && ps->is_seq())
    for (const Node& x : ps->items()) {
      ServicePort sp;
      sp.node = &x;
      sp.name = Text(Path(&x, {"name"}));
      sp.protocol = Text(Path(&x, {"protocol"}));
      if (const Node* n = Path(&x, {"port"})) sp.port = static_cast<int>(n->as_int().value_or(0));
      if (const Node* ap = Path(&x, {"appProtocol"}); ap && !ap->is_null()) sp.app_protocol = ap->text();
      // The API server defaults targetPort to port.
      if (const Node* t = Path(&x, {"targetPort"}); t && !t->is_null()) {
        if (std::optional<int64_t> i = t->is_string() ? std::nullopt : t->as_int()) {
          sp.target_port = static_cast<int>(*i);
        } else {
          sp.target_named = true;
          sp.target_name = t->text();
        }
      } else {
        sp.target_port = sp.port;
      }
      s.ports.push_back(std::move(sp));
    }
  return s;
}

// kube_labels.SelectorFromSet(selector).Matches(labels).
bool SelectorMatches(const Labels& selector, const Labels& labels) {
  for (const auto& [k, v] : selector) {
    auto it = labels.find(k);
    if (it == labels.end() || it->second != v) return false;
  }
  return true;
}

std::optional<bool> StatusReady(const std::vector<std::pair<std::string, bool>>& list, const std::string& name) {
  for (const auto& [n, ready] : list)
    if (n == name) return ready;
  return std::nullopt;
}

// inbound_converter.go podReady: the container (if any) and kuma-sidecar (container or init
// container) are ready, and the pod is not terminating.
bool PodReady(const Pod& p, const Container* c) {
  if (c)
    if (std::optional<bool> r = StatusReady(p.statuses, c->name); r && !*r) return false;
  std::optional<bool> side = StatusReady(p.statuses, kSidecarContainer);
  if (!side) side = StatusReady(p.init_statuses, kSidecarContainer);
  if (side && !*side) return false;
  return !p.deleting;
}

// util.FindPort: a named targetPort must name a container port of the same protocol; a numbered
// one matches a container port or stands as it is (no container need list it).
bool FindPort(const Pod& p, const ServicePort& sp, int* port, std::string* name, const Container** container) {
  std::string proto = sp.protocol.empty() ? "TCP" : sp.protocol;
  for (const Container& c : p.containers)
    for (const ContainerPort& cp : c.ports) {
      bool hit = sp.target_named ? cp.name == sp.target_name : cp.port == sp.target_port;
      if (hit && cp.protocol == proto) {
        *port = cp.port;
        *name = cp.name;
        *container = &c;
        return true;
      }
    }
  if (sp.target_named) return false;
  *port = sp.target_port;
  name->clear();
  *container = nullptr;
  return true;
}

// core_meta.ParseProtocol: the protocols Kuma knows.
bool KnownProtocol(std::string p) {
  std::transform(p.begin(), p.end(), p.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return p == "http" || p == "http2" || p == "tcp" || p == "tls" || p == "grpc" || p == "kafka" || p == "mysql";
}

// inbound_converter.go ProtocolTagFor: appProtocol when Kuma knows it, else the Service's
// `<port>.service.kuma.io/protocol` annotation, else tcp; lower-cased.
std::string ProtocolTagFor(const Service& s, const ServicePort& sp) {
  std::string v;
  if (sp.app_protocol && KnownProtocol(*sp.app_protocol)) v = *sp.app_protocol;
  if (v.empty()) {
    auto it = s.annotations.find(std::to_string(sp.port) + ".service.kuma.io/protocol");
    if (it != s.annotations.end()) v = it->second;
  }
  if (v.empty()) v = "tcp";
  std::transform(v.begin(), v.end(), v.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return v;
}

class Converter {
 public:
  Converter(ResourceSet& m, std::vector<doc::Diagnostic>& diags) : m_(m), diags_(diags) {}

  void Run(const std::vector<KubeObject>& objects);

 private:
  doc::DiagnosticSink& Sink(const doc::Source* s) { return sinks_.For(s); }
  std::string Zone() const;
  std::string MeshOf(const Pod& p) const;
  // serviceless_name_extractor.go: the workload's name (a ReplicaSet's Deployment: the ReplicaSet
  // name without its pod-template-hash suffix) and its kind.
  std::pair<std::string, std::string> WorkloadName(const Pod& p) const;
  std::vector<Inbound> InboundsFor(const Pod& p, const std::vector<const Service*>& services);
  Inbound ServicelessInbound(const Pod& p);
  Labels ServiceTags(const Pod& p, const Service& s, const ServicePort& sp) const;
  void Convert(const Pod& p);
  bool Enabled(const Pod& p, const char* key, bool* value);

  ResourceSet& m_;
  std::vector<doc::Diagnostic>& diags_;
  doc::Sinks sinks_;
  std::string zone_;
  std::vector<Service> services_;
  std::map<std::string, Labels> ns_labels_, ns_annotations_;
  std::vector<std::string> outside_;  // "name.ns (reason)"
  const Node* first_outside_ = nullptr;
  const doc::Source* first_outside_src_ = nullptr;
};

// The zone the pods run in: the kuma.io/zone label of a zone-originated Kuma resource of the
// input, else "default" (kuma-cp's multizone.zone.name default).
std::string Converter::Zone() const {
  auto of = [](const Meta& meta) -> std::string {
    return meta.Label(kOriginLabel) == "zone" ? meta.Label(kZoneLabel) : std::string();
  };
  for (const MeshService& s : m_.services)
    if (std::string z = of(s.meta); !z.empty()) return z;
  for (const Dataplane& d : m_.dataplanes)
    if (std::string z = of(d.meta); !z.empty()) return z;
  for (const Policy& p : m_.policies)
    if (std::string z = of(p.meta); !z.empty()) return z;
  return "default";
}

// util.MeshOfByLabelOrAnnotation: the pod's kuma.io/mesh label, its (deprecated) annotation, the
// namespace's label, its annotation, else "default".
std::string Converter::MeshOf(const Pod& p) const {
  auto get = [](const Labels& l) {
    auto it = l.find(kMeshLabel);
    return it == l.end() ? std::string() : it->second;
  };
  if (std::string v = get(p.labels); !v.empty()) return v;
  if (std::string v = get(p.annotations); !v.empty()) return v;
  if (auto it = ns_labels_.find(p.ns); it != ns_labels_.end())
    if (std::string v = get(it->second); !v.empty()) return v;
  if (auto it = ns_annotations_.find(p.ns); it != ns_annotations_.end())
    if (std::string v = get(it->second); !v.empty()) return v;
  return "default";
}

std::pair<std::string, std::string> Converter::WorkloadName(const Pod& p) const {
  for (const auto& [kind, name] : p.owners) {
    if (kind == "ReplicaSet") {
      auto h = p.labels.find("pod-template-hash");
      std::string suffix = h == p.labels.end() ? std::string() : "-" + h->second;
      if (!suffix.empty() && name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
        return {name.substr(0, name.size() - suffix.size()), "Deployment"};
      return {name, "ReplicaSet"};
    }
    return {name, kind};
  }
  return {p.name, "Pod"};
}

// inbound_converter.go InboundTagsForService.
Labels Converter::ServiceTags(const Pod& p, const Service& s, const ServicePort& sp) const {
  Labels tags;
  for (const auto& [k, v] : p.labels)
    if (!v.empty() && k.find("kuma.io/") == std::string::npos) tags[k] = v;
  tags["k8s.kuma.io/namespace"] = p.ns;
  tags["k8s.kuma.io/service-name"] = s.name;
  tags["k8s.kuma.io/service-port"] = std::to_string(sp.port);
  tags[kServiceTag] = s.name + "_" + s.ns + "_svc_" + std::to_string(sp.port);
  if (!zone_.empty()) tags[kZoneLabel] = zone_;
  std::string protocol = ProtocolTagFor(s, sp);
  auto gw = p.annotations.find("kuma.io/gateway");
  bool gateway_enabled = gw != p.annotations.end() && ParseEnabled(gw->second).value_or(false);
  if (!(gateway_enabled && protocol != "tcp")) tags["kuma.io/protocol"] = protocol;
  if (s.cluster_ip == "None") tags["kuma.io/instance"] = p.name;  // a headless Service
  return tags;
}

// inbound_converter.go inboundInterfacesFor (the legacy path: inbound tags enabled, no
// deduplication): one inbound per TCP port of each non-ExternalName Service whose target the pod
// has; none at all gives the serviceless inbound.
std::vector<Inbound> Converter::InboundsFor(const Pod& p, const std::vector<const Service*>& services) {
  std::vector<Inbound> out;
  for (const Service* s : services) {
    if (s->type == "ExternalName") continue;
    for (const ServicePort& sp : s->ports) {
      if (!sp.protocol.empty() && sp.protocol != "TCP") continue;  // non-TCP ports are ignored
      int port = 0;
      std::string name;
      const Container* c = nullptr;
      if (!FindPort(p, sp, &port, &name, &c)) {
        Sink(s->obj->source)
            .Warning("POL081", sp.node->range(),
                     "Service '" + s->name + "' port " + std::to_string(sp.port) + " targets port '" + sp.target_name +
                         "', which no container of pod '" + p.Key() + "' names (protocol " +
                         (sp.protocol.empty() ? "TCP" : sp.protocol) +
                         "); Kuma gives the pod no inbound for it. Name the container port '" + sp.target_name +
                         "' or use a port number as targetPort",
                     "spec.ports");
        continue;
      }
      Inbound in;
      in.name = name;
      in.port = port;
      in.tags = ServiceTags(p, *s, sp);
      in.protocol = ProtocolTagFor(*s, sp);
      in.state = PodReady(p, c) ? "Ready" : "NotReady";
      if (!SelectorMatches(s->selector, p.labels)) in.state = "Ignored";
      in.loc = Loc{s->obj->source ? s->obj->source->name() : "", sp.node->range(), s->obj->source};
      out.push_back(std::move(in));
    }
  }
  if (out.empty()) out.push_back(ServicelessInbound(p));
  return out;
}

// inbound_converter.go inboundForServiceless / InboundTagsForPod.
Inbound Converter::ServicelessInbound(const Pod& p) {
  Inbound in;
  in.port = kTCPPortReserved;
  for (const auto& [k, v] : p.labels)
    if (!v.empty()) in.tags[k] = v;
  in.tags["k8s.kuma.io/namespace"] = p.ns;
  in.tags[kServiceTag] = WorkloadName(p).first + "_" + p.ns + "_svc";
  if (!zone_.empty()) in.tags[kZoneLabel] = zone_;
  in.tags["kuma.io/protocol"] = "tcp";
  in.tags["kuma.io/instance"] = p.name;
  in.protocol = "tcp";
  bool ready = true;
  for (const Container& c : p.containers)
    if (c.name != kSidecarContainer)
      if (std::optional<bool> r = StatusReady(p.statuses, c.name); r && !*r) ready = false;
  std::optional<bool> side = StatusReady(p.statuses, kSidecarContainer);
  if (!side) side = StatusReady(p.init_statuses, kSidecarContainer);
  if (side && !*side) ready = false;
  in.state = ready ? "Ready" : "NotReady";
  in.loc = Loc{p.obj->source ? p.obj->source->name() : "", p.obj->root->range(), p.obj->source};
  return in;
}

// An annotation Kuma reads with GetEnabled: false with POL080 when its value is none of
// true/false/yes/no/enabled/disabled (Kuma's reconcile fails: the pod gets no Dataplane).
bool Converter::Enabled(const Pod& p, const char* key, bool* value) {
  *value = false;
  const Node* n = p.Annotation(key);
  if (!n) return true;
  std::optional<bool> v = ParseEnabled(Text(n));
  if (!v) {
    Sink(p.obj->source)
        .Error("POL080", n->range(),
               "annotation \"" + std::string(key) + "\" has wrong value \"" + Text(n) + "\" (Kuma's controller rejects pod '" +
                   p.Key() + "' and creates no Dataplane); write enabled, disabled, true, false, yes or no",
               std::string("metadata.annotations.") + key);
    return false;
  }
  *value = *v;
  return true;
}

void Converter::Convert(const Pod& p) {
  auto outside = [&](const std::string& why) {
    if (outside_.empty()) {
      first_outside_ = p.obj->root->Get("kind");
      first_outside_src_ = p.obj->source;
    }
    outside_.push_back(p.Key() + " (" + why + ")");
  };
  if (p.name.empty()) return;
  bool ingress = false, egress = false;
  if (!Enabled(p, "kuma.io/ingress", &ingress) || !Enabled(p, "kuma.io/egress", &egress)) return;
  if (ingress || egress) return outside(ingress ? "a zone ingress" : "a zone egress");
  const std::string gw = p.annotations.count("kuma.io/gateway") ? p.annotations.at("kuma.io/gateway") : std::string();
  const bool builtin = gw == "builtin";
  if (!builtin) {
    bool injected = false;
    if (!Enabled(p, "kuma.io/sidecar-injected", &injected)) return;
    if (!injected) return outside("no kuma.io/sidecar-injected annotation");
    if (p.phase == "Succeeded") return outside("phase Succeeded");
    if (p.ip.empty()) return outside("no status.podIP");
    if (p.reason == "Evicted") return outside("evicted");
  }
  for (const Dataplane& d : m_.dataplanes)
    if (d.meta.name == p.Key()) return;  // the input has Kuma's own Dataplane for it (kubectl get dataplanes)

  Dataplane dp;
  dp.meta.type = "Dataplane";
  dp.meta.k8s = true;
  dp.meta.name = p.Key();
  dp.meta.mesh = MeshOf(p);
  dp.meta.loc = Loc{p.obj->source ? p.obj->source->name() : "", p.obj->root->range(), p.obj->source};
  dp.pod = p.Key();
  dp.address = p.ip;

  if (builtin) {
    // gateway_converter.go createOrUpdateBuiltinGatewayDataplane: tags from the kuma.io/tags JSON.
    const Node* t = p.Annotation("kuma.io/tags");
    nlohmann::json tags = t ? nlohmann::json::parse(Text(t), nullptr, false) : nlohmann::json();
    if (!tags.is_object()) {
      Sink(p.obj->source)
          .Error("POL080", (t ? t : p.obj->root)->range(),
                   std::string(t ? "Invalid" : "Missing") + " kuma.io/tags annotation on pod '" + p.Key() +
                       "' serving a builtin gateway: Kuma creates no Dataplane for it; add kuma.io/tags: "
                       "'{\"kuma.io/service\": \"<gateway>\"}'",
                   t ? "metadata.annotations.kuma.io/tags" : "metadata.annotations");
      return;
    }
    for (const auto& [k, v] : tags.items())
      if (v.is_string()) dp.gateway_tags[k] = v.get<std::string>();
    if (!zone_.empty()) dp.gateway_tags[kZoneLabel] = zone_;
    dp.gateway_type = "BUILTIN";
  } else {
    // pod_controller.go findMatchingServices: the Services of the pod's namespace, without
    // kuma.io/ignore, whose selector matches the pod (selector-less Services match through
    // EndpointSlices, which the input does not have), by name.
    std::vector<const Service*> services;
    for (const Service& s : services_) {
      if (s.ns != p.ns || s.selector.empty() || !SelectorMatches(s.selector, p.labels)) continue;
      auto ig = s.annotations.find("kuma.io/ignore");
      if (ig != s.annotations.end() && ParseEnabled(ig->second).value_or(false)) continue;
      services.push_back(&s);
    }
    std::sort(services.begin(), services.end(), [](const Service* a, const Service* b) { return a->name < b->name; });
    for (const Service* s : services) dp.pod_services.push_back(s->name);
    if (!gw.empty()) {
      // dataplaneFor: a delegated gateway takes its tags from the first inbound (enabled) or the
      // Deployment (provided).
      if (gw == "enabled" || gw == "provided") {
        std::pair<std::string, std::string> w = WorkloadName(p);
        if (gw == "provided" && w.second == "Deployment") {
          dp.gateway_tags["kuma.io/service-name"] = w.first + "_" + p.ns + "_svc";
        } else {
          dp.gateway_tags = InboundsFor(p, services).front().tags;
        }
        dp.gateway_type = "DELEGATED";
      } else {
        const Node* n = p.Annotation("kuma.io/gateway");
        Sink(p.obj->source)
            .Error("POL080", n->range(),
                   "invalid delegated gateway type '" + gw + "' (Kuma's controller rejects pod '" + p.Key() +
                       "'); kuma.io/gateway takes enabled, provided or builtin",
                   "metadata.annotations.kuma.io/gateway");
        return;
      }
    } else {
      std::vector<const Service*> regular;
      size_t zone_proxy = 0;
      for (const Service* s : services) {
        if (s->labels.count("k8s.kuma.io/zone-proxy-type")) {
          ++zone_proxy;
        } else {
          regular.push_back(s);
        }
      }
      if (!regular.empty() || zone_proxy == 0) dp.inbounds = InboundsFor(p, regular);
    }
  }
  // resource_labels.Compute (zone mode, Kubernetes): the pod's labels, then the computed ones.
  Labels& l = dp.meta.labels;
  l = p.labels;
  l.emplace(kMeshLabel, dp.meta.mesh);
  l.emplace(kOriginLabel, "zone");
  if (l[kOriginLabel] != "global") {
    l.emplace(kZoneLabel, zone_);
    l.emplace("kuma.io/env", "kubernetes");
  }
  l.emplace(kNamespaceLabel, p.ns);
  l["kuma.io/proxy-type"] = dp.IsGateway() ? "gateway" : "sidecar";
  if (!p.service_account.empty()) {
    l["k8s.kuma.io/service-account"] = p.service_account;
    if (!builtin) l["kuma.io/workload"] = p.service_account;  // computeWorkloadName: no workload labels configured
  }
  l.emplace(kDisplayNameLabel, p.name);
  m_.dataplanes.push_back(std::move(dp));
}

void Converter::Run(const std::vector<KubeObject>& objects) {
  zone_ = Zone();
  std::vector<Pod> pods;
  for (const KubeObject& o : objects) {
    if (o.kind == "Service") {
      services_.push_back(ReadService(o));
    } else if (o.kind == "Namespace") {
      const Node* md = o.root->Get("metadata");
      std::string name = Text(Path(md, {"name"}));
      ns_labels_[name] = MapOf(Path(md, {"labels"}));
      ns_annotations_[name] = MapOf(Path(md, {"annotations"}));
    } else if (o.kind == "Pod") {
      pods.push_back(ReadPod(o));
    }
  }
  for (const Pod& p : pods) Convert(p);
  if (!outside_.empty()) {
    std::string list;
    for (size_t i = 0; i < outside_.size() && i < 5; ++i) list += (i ? ", " : "") + outside_[i];
    if (outside_.size() > 5) list += ", and " + std::to_string(outside_.size() - 5) + " more";
    Sink(first_outside_src_)
        .Note("POL082", first_outside_ ? first_outside_->range() : doc::SourceRange{},
              std::to_string(outside_.size()) + " pod" + (outside_.size() == 1 ? "" : "s") +
                  " get no Dataplane from Kuma's controller: " + list +
                  "; only pods with the sidecar injected (annotation kuma.io/sidecar-injected: true, set by the "
                  "injector when the namespace has kuma.io/sidecar-injection: enabled) are in the mesh");
  }
  std::vector<doc::Diagnostic> all = sinks_.All();
  diags_.insert(diags_.end(), all.begin(), all.end());
}

}  // namespace

bool IsConvertedKubeObject(std::string_view api_version, std::string_view kind) {
  return api_version == "v1" && (kind == "Pod" || kind == "Service" || kind == "Namespace");
}

void DataplanesFromPods(const std::vector<KubeObject>& objects, ResourceSet& m, std::vector<doc::Diagnostic>& diags) {
  if (objects.empty()) return;
  Converter(m, diags).Run(objects);
}

}  // namespace cfgi::policy
