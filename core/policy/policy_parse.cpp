// The Kuma resource loader: YAML documents (universal or Kubernetes form) into policy::ResourceSet.
// Field names and defaults follow kumahq/kuma: api/common/v1alpha1/targetref.go (TargetRef),
// pkg/core/resources/model/resource.go (ComputeLabels, ComputePolicyRole, NewResourceIdentifier,
// TypedResourceIdentifier.String).
#include <algorithm>
#include <set>

#include "core/policy/policy_k8s.h"
#include "core/policy/policy_model.h"
#include "core/policy/policy_schema.h"

#include "core/engine/build_count.h"

namespace cfgi::policy {

using doc::Node;

namespace {

constexpr const char* kSystemNamespace = "kuma-system";

const char* kPolicyTypes[] = {
    "MeshAccessLog", "MeshCircuitBreaker", "MeshFaultInjection", "MeshHealthCheck", "MeshHTTPRoute",
    "MeshLoadBalancingStrategy", "MeshMetric", "MeshPassthrough", "MeshProxyPatch", "MeshRateLimit",
    "MeshRetry", "MeshTCPRoute", "MeshTimeout", "MeshTLS", "MeshTrace", "MeshTrafficPermission"};

const char* kTargetRefKinds[] = {"Mesh", "Dataplane", "MeshSubset", "MeshService", "MeshExternalService",
                                 "MeshMultiZoneService", "MeshServiceSubset", "MeshHTTPRoute", "MeshGateway"};

class Loader {
 public:
  Loader(ResourceSet& m, std::vector<doc::Diagnostic>& diags, const LoadLimits& limits)
      : m_(m), diags_(diags), limits_(limits) {}

  void LoadDoc(const doc::Document& d) {
    doc::DiagnosticSink sink(d.source.get());
    sink_ = &sink;
    src_ = d.source.get();
    for (const Node& root : d.roots) {
      if (root.is_null()) continue;
      LoadRoot(root);
    }
    diags_.insert(diags_.end(), sink.list().begin(), sink.list().end());
    sink_ = nullptr;
  }

  void Finish();

 private:
  Loc L(const Node& n) const { return Loc{src_ ? src_->name() : "", n.range(), src_}; }

  void Err(const char* code, const Node& at, const std::string& msg, const std::string& path = {}) {
    sink_->Error(code, at.range(), msg, path);
  }
  void Warn(const char* code, const Node& at, const std::string& msg, const std::string& path = {}) {
    sink_->Warning(code, at.range(), msg, path);
  }
  void Note(const char* code, const Node& at, const std::string& msg, const std::string& path = {}) {
    sink_->Note(code, at.range(), msg, path);
  }

  // A path segment for the scope's lifetime (gRPC's ValidationErrors::ScopedField): Err, Warn
  // and Note with a path starting with '.' or '[' append to it, with none use it.
  using Scope = doc::DiagnosticSink::ScopedField;

  // A scalar string field; reports POL006 at <scoped path>.<key> when the field is not a scalar.
  std::string Str(const Node& parent, const char* key) {
    const Node* n = parent.Get(key);
    if (!n || n->is_null()) return {};
    if (!n->is_scalar()) {
      Err("POL006", *n, "'" + std::string(key) + "' must be a string, not a " + n->kind_name() +
          "; write it as a plain value", std::string(".") + key);
      return {};
    }
    return n->text();
  }
  std::string Str(const Node& parent, const char* key, const std::string& base) {
    Scope s(sink_, base);
    return Str(parent, key);
  }

  void LoadRoot(const Node& root);
  static const Node& KindNode(const Node& root);
  bool ReadKind(const Node& root, std::string& type, const Node*& spec);
  bool ClassifyKind(const Node& root, const std::string& type, const Node* spec, bool& is_policy);
  void ReadService(const Meta& meta, const Node* spec);
  void ReadGateway(const Node& root, const Meta& meta, const Node* spec);
  void ReadDataplane(const Node& root, const Meta& meta, const Node* spec);
  void ReadZoneListeners(const Node& net, Dataplane& dp);
  void ReadPolicy(const Node& root, const Meta& meta, const Node* spec);
  bool ReadMeta(const Node& root, Meta& meta, bool mesh_scoped);
  // Each reports at the sink's scoped path (the targetRef's, the list's, the item's).
  TargetRef ReadTargetRef(const Node* n, bool top_level);
  std::vector<PolicyItem> ReadItems(const Node& spec, const char* key, Direction dir);
  PolicyItem ReadItem(const Node& item, Direction dir);
  void ComputeRole(Policy& p, const Node& root);

  ResourceSet& m_;
  std::vector<doc::Diagnostic>& diags_;
  const LoadLimits& limits_;
  doc::DiagnosticSink* sink_ = nullptr;
  const doc::Source* src_ = nullptr;
  size_t count_ = 0;
  bool limit_reported_ = false;
  std::set<std::string> used_meshes_;
  std::set<std::string> seen_;  // "type\x1fmesh\x1fname"
  std::vector<KubeObject> kube_;  // Pods, Services, Namespaces (policy_k8s.h)
};

}  // namespace

// ---- small helpers shared with the rest of the engine ----

std::string Meta::Label(const char* k) const {
  // The lookup key in a reused buffer: `labels` is a std::map<std::string, ...>, so find(k) made
  // a std::string per call, an allocation for every well-known label in WebAssembly (libc++'s
  // inline buffer holds 10 bytes there: "kuma.io/zone" is 12).
  thread_local std::string key;
  key.assign(k);
  auto it = labels.find(key);
  return it == labels.end() ? std::string() : it->second;
}
std::string Meta::DisplayName() const {
  std::string d = Label(kDisplayNameLabel);
  return d.empty() ? name : d;
}
std::string Meta::Namespace() const { return Label(kNamespaceLabel); }
std::string Meta::Zone() const { return Label(kZoneLabel); }

std::string Policy::Role() const {
  std::string r = meta.Label(kRoleLabel);
  return r.empty() ? "system" : r;
}

const char* DirectionName(Direction d) {
  switch (d) {
    case Direction::kTo: return "to";
    case Direction::kFrom: return "from";
    case Direction::kRules: return "rules";
  }
  return "to";
}

bool IsKnownTargetRefKind(const std::string& kind) {
  return std::any_of(std::begin(kTargetRefKinds), std::end(kTargetRefKinds), [&](const char* k) { return kind == k; });
}
bool IsKnownPolicyType(const std::string& type) {
  return std::any_of(std::begin(kPolicyTypes), std::end(kPolicyTypes), [&](const char* k) { return type == k; });
}

// pkg/core/resources/model/resource.go: ResourceIdentifier.String joins the non-empty parts.
std::string ResourceIdentifier(const std::string& mesh, const std::string& zone, const std::string& ns,
                               const std::string& name) {
  std::string out;
  auto add = [&](const char* k, const std::string& v) {
    if (v.empty()) return;
    if (!out.empty()) out += ':';
    out += k;
    out += '/';
    out += v;
  };
  add("mesh", mesh);
  add("zone", zone);
  add("namespace", ns);
  add("name", name);
  return out;
}

// TypedResourceIdentifier.String: lower-cased type, the identifier, then "section/<s>".
// NewResourceIdentifier uses the display name, the namespace and zone labels.
std::string UniqueKey(const Meta& m, const std::string& section) {
  std::string t = m.type;
  std::transform(t.begin(), t.end(), t.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  std::string out = t + ":" + ResourceIdentifier(m.mesh, m.Zone(), m.Namespace(), m.DisplayName());
  if (!section.empty()) out += ":section/" + section;
  return out;
}

bool ResourceSet::HasMesh(const std::string& name) const {
  for (const Resource& r : meshes)
    if (r.meta.name == name) return true;
  return std::find(implicit_meshes.begin(), implicit_meshes.end(), name) != implicit_meshes.end();
}

const Dataplane* ResourceSet::FindDataplane(const std::string& name) const {
  for (const Dataplane& d : dataplanes)
    if (d.meta.name == name) return &d;
  const Dataplane* found = nullptr;
  for (const Dataplane& d : dataplanes) {
    if (d.meta.DisplayName() == name) {
      if (found) return nullptr;  // ambiguous display name
      found = &d;
    }
  }
  return found;
}

namespace {
std::string ServiceId(const std::string& mesh, const std::string& zone, const std::string& ns, const std::string& name) {
  return mesh + '\x1f' + zone + '\x1f' + ns + '\x1f' + name;
}
}  // namespace

const MeshService* ResourceSet::FindService(const std::string& mesh, const std::string& name, const std::string& ns,
                                      const std::string& zone) const {
  auto it = service_by_id.find(ServiceId(mesh, zone, ns, name));
  return it == service_by_id.end() ? nullptr : &services[it->second];
}

const Resource* ResourceSet::FindExternalService(const std::string& mesh, const std::string& name, const std::string& ns,
                                           const std::string& zone) const {
  for (const Resource& r : external_services)
    if (r.meta.mesh == mesh && r.meta.DisplayName() == name && r.meta.Namespace() == ns && r.meta.Zone() == zone)
      return &r;
  return nullptr;
}

const MeshService* ResourceSet::FindMultiZoneService(const std::string& mesh, const std::string& name, const std::string& ns,
                                               const std::string& zone) const {
  for (const MeshService& r : multizone_services)
    if (r.meta.mesh == mesh && r.meta.DisplayName() == name && r.meta.Namespace() == ns && r.meta.Zone() == zone)
      return &r;
  return nullptr;
}

const Policy* ResourceSet::FindRoute(const std::string& mesh, const std::string& name, const std::string& ns,
                               const std::string& zone) const {
  auto it = policies_by_type.find("MeshHTTPRoute");
  if (it == policies_by_type.end()) return nullptr;
  for (size_t i : it->second) {
    const Policy& p = policies[i];
    if (p.meta.mesh == mesh && p.meta.DisplayName() == name && p.meta.Namespace() == ns && p.meta.Zone() == zone)
      return &p;
  }
  return nullptr;
}

namespace {

bool Loader::ReadMeta(const Node& root, Meta& meta, bool mesh_scoped) {
  const Node* md = root.Get("metadata");
  meta.k8s = md != nullptr;
  meta.loc = L(root);
  if (md) {
    if (!md->is_map()) {
      Err("POL006", *md, "'metadata' must be a map with name, namespace and labels", "metadata");
      return false;
    }
    std::string name = Str(*md, "name", "metadata");
    std::string ns = Str(*md, "namespace", "metadata");
    if (const Node* l = md->Get("labels")) {
      if (!l->is_map()) {
        Err("POL006", *l, "'metadata.labels' must be a map of strings", "metadata.labels");
      } else {
        for (const auto& e : l->entries()) meta.labels[e.key] = e.value.text();
      }
    }
    if (name.empty()) {
      Err("POL004", *md, "the resource has no metadata.name; every Kuma resource needs a name", "metadata.name");
      return false;
    }
    // ComputeLabels (resource.go): k8s resources carry their namespace and display name as labels;
    // the core name is <name>.<namespace>.
    if (!ns.empty()) {
      meta.labels.emplace(kNamespaceLabel, ns);
      meta.labels.emplace(kDisplayNameLabel, name);
      meta.name = name + "." + ns;
    } else {
      meta.name = name;
    }
    if (mesh_scoped) {
      meta.mesh = meta.Label(kMeshLabel);
      // Kuma's own Kubernetes objects of mesh-scoped legacy types (Dataplane) carry a top-level `mesh`.
      if (meta.mesh.empty()) meta.mesh = Str(root, "mesh", "");
      if (meta.mesh.empty()) meta.mesh = "default";
    }
    return true;
  }
  meta.name = Str(root, "name", "");
  if (const Node* l = root.Get("labels")) {
    if (!l->is_map()) {
      Err("POL006", *l, "'labels' must be a map of strings", "labels");
    } else {
      for (const auto& e : l->entries()) meta.labels[e.key] = e.value.text();
    }
  }
  if (mesh_scoped) {
    meta.mesh = Str(root, "mesh", "");
    if (meta.mesh.empty()) meta.mesh = "default";
  }
  if (meta.name.empty()) {
    Err("POL004", root, "the " + meta.type + " has no name; add 'name: <name>' (universal) or metadata.name (Kubernetes)", "name");
    return false;
  }
  return true;
}

TargetRef Loader::ReadTargetRef(const Node* n, bool top_level) {
  TargetRef t;
  if (!n || n->is_null()) {
    if (top_level) t.kind = "Mesh";  // TopLevelTargetRef.ToTargetRef: absent means Mesh
    return t;
  }
  t.present = true;
  t.loc = L(*n);
  if (!n->is_map()) {
    Err("POL006", *n, "'targetRef' must be a map with 'kind'");
    return t;
  }
  static const char* kFields[] = {"kind", "name", "namespace", "sectionName", "mesh", "tags", "labels", "proxyTypes"};
  for (const auto& e : n->entries()) {
    bool known = std::any_of(std::begin(kFields), std::end(kFields), [&](const char* f) { return e.key == f; });
    if (!known) {
      std::string fix = (e.key == "default" || e.key == "conf")
                            ? "; it is indented one level too deep: move it out to the level of 'targetRef'"
                            : "; a targetRef has kind, name, namespace, sectionName, labels, tags, mesh, proxyTypes";
      Err("POL015", Node::Scalar(Node::Kind::kString, e.key, e.key_range), "unknown field '" + e.key + "' in targetRef" + fix,
          "." + e.key);
    }
  }
  t.kind = Str(*n, "kind");
  t.name = Str(*n, "name");
  t.namespace_ = Str(*n, "namespace");
  t.section_name = Str(*n, "sectionName");
  t.mesh = Str(*n, "mesh");
  if (const Node* tags = n->Get("tags")) {
    t.has_tags = true;
    if (tags->is_map())
      for (const auto& e : tags->entries()) t.tags[e.key] = e.value.text();
    else
      Err("POL006", *tags, "'tags' must be a map of strings", ".tags");
  }
  if (const Node* labels = n->Get("labels")) {
    t.has_labels = true;
    if (labels->is_map())
      for (const auto& e : labels->entries()) t.labels[e.key] = e.value.text();
    else
      Err("POL006", *labels, "'labels' must be a map of strings", ".labels");
  }
  if (const Node* pt = n->Get("proxyTypes"); pt && pt->is_seq())
    for (const Node& x : pt->items()) t.proxy_types.push_back(x.text());
  if (t.kind.empty()) {
    Err("POL007", *n, "targetRef has no 'kind'; use one of Mesh, Dataplane, MeshSubset, MeshService, "
        "MeshExternalService, MeshHTTPRoute", ".kind");
  } else if (!IsKnownTargetRefKind(t.kind)) {
    Err("POL007", *n->Get("kind"), "unknown targetRef kind '" + t.kind + "'; use one of Mesh, Dataplane, MeshSubset, "
        "MeshService, MeshExternalService, MeshMultiZoneService, MeshServiceSubset, MeshHTTPRoute", ".kind");
  }
  // Field/kind compatibility (the validators of api/common/v1alpha1 and each policy).
  if (t.kind == "MeshSubset" && t.has_labels && !t.has_tags) {
    Err("POL019", *n, "MeshSubset selects proxies by 'tags', not 'labels'; use kind: Dataplane with labels, "
        "or MeshSubset with tags", ".labels");
  }
  if (t.kind == "Dataplane" && t.has_tags) {
    Err("POL019", *n, "kind Dataplane selects by name, namespace and labels, not 'tags'; use labels", ".tags");
  }
  if (!t.section_name.empty() && t.kind != "MeshService" && t.kind != "Dataplane" && t.kind != "MeshMultiZoneService") {
    Err("POL009", *n->Get("sectionName"), "sectionName is not supported on kind " + t.kind +
        "; only MeshService (a port) and Dataplane (an inbound) have sections: remove it", ".sectionName");
  }
  if (!t.name.empty() && t.has_labels) {
    Err("POL019", *n, "a targetRef uses either 'name' or 'labels', not both; remove one");
  }
  return t;
}

PolicyItem Loader::ReadItem(const Node& item, Direction dir) {
  PolicyItem it;
  it.loc = L(item);
  if (!item.is_map()) {
    Err("POL006", item, "each item must be a map with 'targetRef' and 'default'");
    return it;
  }
  if (dir != Direction::kRules) {
    const Node* tr = item.Get("targetRef");
    if (!tr) Err("POL007", item, "the item has no targetRef; add 'targetRef: {kind: Mesh}' to apply it to everything");
    Scope s(sink_, ".targetRef");
    it.target_ref = ReadTargetRef(tr, false);
  }
  if (dir == Direction::kRules)
    if (const Node* m = item.Get("matches"); m && m->is_seq()) it.matches = m->ToJson();
  const Node* def = item.Get("default");
  if (!def) {
    if (const Node* conf = item.Get("conf")) {
      Warn("POL013", *conf, "'conf' is the MADR's notation; Kuma resources call it 'default': rename the key", ".conf");
      def = conf;
    }
  }
  if (def && !def->is_map() && !def->is_null()) {
    std::string got = def->kind() == Node::Kind::kInt ? "an integer" : def->kind() == Node::Kind::kDouble ? "a number"
                                                                                                     : std::string("a ") + def->kind_name();
    Err("POL006", *def, "'default' must be a map of the policy's fields, not " + got + "; e.g. default: {connectionTimeout: 2s}",
        ".default");
    def = nullptr;
  }
  if (def) {
    it.conf = def->is_null() ? nlohmann::json::object() : def->ToJson();
    it.conf_node = def;
  } else if (item.Get("rules") || item.Get("hostnames")) {
    // MeshHTTPRoute / MeshTCPRoute to-items carry rules (and hostnames) instead of a default; Kuma's
    // GetDefault returns them as the item's conf.
    it.conf = nlohmann::json::object();
    for (const auto& e : item.entries())
      if (e.key != "targetRef") it.conf[e.key] = e.value.ToJson();
    it.conf_node = &item;
  } else {
    it.conf = nlohmann::json::object();
  }
  return it;
}

// meshtcproute/api/v1alpha1/helpers.go To.GetDefault (the same at v2.10.11, v2.13.10, v2.14.3 and
// main): an item's conf is its first rule ({default: {backendRefs}}); an item without rules
// routes to its own targetRef with weight 1. Later rules of an item are never merged.
void TcpRouteConfs(Policy& p) {
  for (PolicyItem& it : p.to) {
    const nlohmann::json* rules = it.conf.is_object() && it.conf.contains("rules") ? &it.conf["rules"] : nullptr;
    if (rules && rules->is_array() && !rules->empty()) {
      nlohmann::json first = (*rules)[0];
      if (it.conf_node)
        if (const Node* r = it.conf_node->Get("rules"); r && r->is_seq() && !r->items().empty()) it.conf_node = &r->items()[0];
      it.conf = std::move(first);
      continue;
    }
    nlohmann::json ref = nlohmann::json::object();
    const TargetRef& t = it.target_ref;
    if (!t.kind.empty()) ref["kind"] = t.kind;
    if (!t.name.empty()) ref["name"] = t.name;
    if (!t.namespace_.empty()) ref["namespace"] = t.namespace_;
    if (!t.section_name.empty()) ref["sectionName"] = t.section_name;
    if (t.has_labels) ref["labels"] = t.labels;
    if (t.has_tags) ref["tags"] = t.tags;
    ref["weight"] = 1;
    it.conf = {{"default", {{"backendRefs", nlohmann::json::array({std::move(ref)})}}}};
  }
}

std::vector<PolicyItem> Loader::ReadItems(const Node& spec, const char* key, Direction dir) {
  std::vector<PolicyItem> out;
  const Node* list = spec.Get(key);
  if (!list || list->is_null()) return out;
  if (!list->is_seq()) {
    Err("POL006", *list, "'" + std::string(key) + "' must be a list of items");
    return out;
  }
  size_t i = 0;
  for (const Node& item : list->items()) {
    if (i >= limits_.max_items_per_policy) {
      Err("POL021", item, "more than " + std::to_string(limits_.max_items_per_policy) +
          " items in one list; split the policy");
      break;
    }
    Scope s(sink_, "[" + std::to_string(i) + "]");
    out.push_back(ReadItem(item, dir));
    ++i;
  }
  return out;
}

// ComputePolicyRole (resource.go): on Kubernetes, a policy outside the system namespace is a
// workload-owner policy when it has from[] (or no list), a producer policy when every to[] item
// targets a MeshService by name in its own namespace, a consumer policy when none does.
void Loader::ComputeRole(Policy& p, const Node& root) {
  if (!p.meta.Label(kRoleLabel).empty()) return;
  std::string ns = p.meta.Namespace();
  if (!p.meta.k8s || ns.empty() || ns == kSystemNamespace) return;  // system
  if (!p.to.empty() && !p.from.empty()) {
    Err("POL016", root, "a policy cannot mix 'to' and 'from' arrays (Kuma rejects it); split it into two policies", "spec");
    return;
  }
  if (p.to.empty()) {
    p.meta.labels[kRoleLabel] = "workload-owner";
    return;
  }
  size_t producer = 0;
  for (const PolicyItem& it : p.to) {
    const TargetRef& t = it.target_ref;
    if (t.kind == "MeshService" && !t.name.empty() && (t.namespace_.empty() || t.namespace_ == ns)) ++producer;
  }
  if (producer == p.to.size()) {
    p.meta.labels[kRoleLabel] = "producer";
  } else if (producer == 0) {
    p.meta.labels[kRoleLabel] = "consumer";
  } else {
    Err("POL016", root, "a policy cannot mix producer items (MeshService by name in its own namespace) with consumer "
        "items (Kuma rejects it); split it into a producer and a consumer policy", "spec.to");
  }
}

// One document: what it is (ReadKind, ClassifyKind), its metadata, then the reader of its kind.
void Loader::LoadRoot(const Node& root) {
  std::string type;
  const Node* spec = nullptr;
  if (!ReadKind(root, type, spec)) return;
  bool is_policy = false;
  if (!ClassifyKind(root, type, spec, is_policy)) return;
  Meta meta;
  meta.type = type;
  if (!ReadMeta(root, meta, type != "Mesh")) return;
  {
    // Label values Kuma validates (policy_schema.h: POL045..POL047).
    const Node* md = root.Get("metadata");
    const Node* labels = md ? md->Get("labels") : root.Get("labels");
    Scope s(sink_, md ? "metadata.labels" : "labels");
    if (labels) ValidatePolicyLabels(*labels, meta.k8s, is_policy, *sink_);
  }

  std::string dup_key = type + '\x1f' + meta.mesh + '\x1f' + meta.name;
  if (!seen_.insert(dup_key).second) {
    Err("POL005", root, "duplicate " + type + " '" + meta.name + "' in mesh '" + meta.mesh +
        "'; names are unique per type and mesh: rename one of them");
    return;
  }
  if (type != "Mesh") used_meshes_.insert(meta.mesh);

  if (type == "Mesh") {
    m_.meshes.push_back({meta});
    return;
  }
  if (type == "MeshExternalService") {
    m_.external_services.push_back({meta});
    return;
  }
  if (type == "MeshService" || type == "MeshMultiZoneService") return ReadService(meta, spec);
  if (type == "MeshGateway") return ReadGateway(root, meta, spec);
  if (type == "Dataplane") return ReadDataplane(root, meta, spec);
  ReadPolicy(root, meta, spec);
}

// The node naming the kind: 'type' (universal) or 'kind' (Kubernetes).
const Node& Loader::KindNode(const Node& root) { return *root.Get(root.Get("type") ? "type" : "kind"); }

// The document's type and spec; false (reported) when it is not a Kuma resource this reads, or is
// a Kubernetes object converted later (Finish).
bool Loader::ReadKind(const Node& root, std::string& type, const Node*& spec) {
  if (!root.is_map()) {
    Warn("POL001", root, "this document is not a Kuma resource (expected a map with 'type' or 'kind'); it is ignored");
    return false;
  }
  if (++count_ > limits_.max_resources) {
    if (!limit_reported_)
      Err("POL021", root, "more than " + std::to_string(limits_.max_resources) + " resources; split the input");
    limit_reported_ = true;
    return false;
  }
  type = Str(root, "type", "");
  if (type.empty()) type = Str(root, "kind", "");
  if (type.empty()) {
    Warn("POL001", root, "this document is not a Kuma resource: it has neither 'type' (universal) nor 'kind' "
         "(Kubernetes); add one, or remove the document");
    return false;
  }
  const Node* api = root.Get("apiVersion");
  if (api && IsConvertedKubeObject(api->text(), type)) {
    kube_.push_back({type, &root, src_});  // Dataplanes from Pods (Finish)
    return false;
  }
  if (api && api->text() != "kuma.io/v1alpha1") {
    Warn("POL003", *api, "apiVersion '" + api->text() + "' is not kuma.io/v1alpha1; the resource is ignored");
    return false;
  }
  spec = root.Get("spec");
  if (spec && !spec->is_map()) {
    Err("POL006", *spec, "'spec' must be a map", "spec");
    return false;
  }
  return true;
}

// Known resources and Kuma kinds the rules do not read are checked against their schema; an
// unknown type with a policy's shape is a policy. False when the document stops here.
bool Loader::ClassifyKind(const Node& root, const std::string& type, const Node* spec, bool& is_policy) {
  bool known_resource = type == "Mesh" || type == "MeshService" || type == "MeshExternalService" || type == "Dataplane" ||
                        type == "MeshMultiZoneService" || type == "MeshGateway";
  is_policy = IsKnownPolicyType(type);
  const Node& kind_node = KindNode(root);
  if (!known_resource && !is_policy && IsKumaKind(type)) {
    // A kind Kuma ships that the rules do not read (MeshGatewayInstance, MeshIdentity, MeshTrust,
    // MeshOpenTelemetryBackend, the legacy policies, ...): its spec is checked against the CRD of
    // each release (policy_schema.h), nothing else.
    ValidateResourceAllReleases(type, kind_node, spec, *sink_, m_.release_diagnostics);
    return false;
  }
  if (known_resource) ValidateResourceAllReleases(type, kind_node, spec, *sink_, m_.release_diagnostics);
  if (!known_resource && !is_policy) {
    bool looks_like_policy = spec && (spec->Get("targetRef") || spec->Get("to") || spec->Get("from") ||
                                      spec->Get("rules") || spec->Get("default"));
    if (!looks_like_policy) {
      Warn("POL003", kind_node, "unknown resource type '" + type +
           "' without a policy spec (targetRef, to, from, rules, default); it is ignored");
      return false;
    }
    Note("POL002", kind_node, "'" + type + "' is not a Kuma 2.x policy type; "
         "it is matched and merged generically (its 'default' as JSON merge patch)");
    is_policy = true;
  }
  return true;
}

void Loader::ReadService(const Meta& meta, const Node* spec) {
  const std::string& type = meta.type;
  MeshService s;
  s.meta = meta;
  if (spec) {
    if (const Node* ports = spec->Get("ports")) {
      if (!ports->is_seq()) {
        Err("POL006", *ports, "'spec.ports' must be a list of {port, name, appProtocol}", "spec.ports");
      } else {
        for (const Node& p : ports->items()) {
          if (!p.is_map()) continue;
          Port port;
          port.name = Str(p, "name", "spec.ports");
          port.port = static_cast<int>(p.Get("port") ? p.Get("port")->as_int().value_or(0) : 0);
          port.app_protocol = Str(p, "appProtocol", "spec.ports");
          s.ports.push_back(port);
        }
      }
    }
  }
  if (type == "MeshMultiZoneService") {
    s.index = m_.multizone_services.size();
    m_.multizone_services.push_back(std::move(s));
    return;
  }
  s.index = m_.services.size();
  m_.services.push_back(std::move(s));
}

void Loader::ReadGateway(const Node& root, const Meta& meta, const Node* spec) {
  MeshGateway g;
  g.meta = meta;
  const Node* base = spec ? spec : &root;
  auto tags_of = [&](const Node* n, Labels& out) {
    if (n && n->is_map())
      for (const auto& e : n->entries()) out[e.key] = e.value.text();
  };
  if (const Node* sel = base->Get("selectors"); sel && sel->is_seq()) {
    for (const Node& x : sel->items()) {
      Labels l;
      if (x.is_map()) tags_of(x.Get("match"), l);
      g.selectors.push_back(std::move(l));
    }
  } else if (sel) {
    Err("POL006", *sel, "'selectors' must be a list of {match: {tag: value}}", "selectors");
  }
  tags_of(base->Get("tags"), g.tags);
  const Node* conf = base->Get("conf");
  if (const Node* ls = conf && conf->is_map() ? conf->Get("listeners") : nullptr; ls && ls->is_seq()) {
    for (const Node& x : ls->items()) {
      if (!x.is_map()) continue;
      Listener l;
      l.loc = L(x);
      l.port = static_cast<int>(x.Get("port") ? x.Get("port")->as_int().value_or(0) : 0);
      l.protocol = Str(x, "protocol", "conf.listeners");
      l.hostname = Str(x, "hostname", "conf.listeners");
      tags_of(x.Get("tags"), l.tags);
      g.listeners.push_back(std::move(l));
    }
  } else {
    Warn("POL031", root, "MeshGateway '" + meta.name + "' has no 'conf.listeners'; policies can select no listener of it. "
         "Add conf.listeners: [{port, protocol}]");
  }
  m_.gateways.push_back(std::move(g));
}

void Loader::ReadDataplane(const Node& root, const Meta& meta, const Node* spec) {
  Dataplane dp;
  dp.meta = meta;
  const Node* net = spec ? spec->Get("networking") : root.Get("networking");
  if (const Node* gw = net && net->is_map() ? net->Get("gateway") : nullptr; gw && gw->is_map()) {
    dp.gateway_type = Str(*gw, "type", "networking.gateway");
    if (dp.gateway_type.empty()) dp.gateway_type = "DELEGATED";  // mesh_proto: the default gateway type
    if (const Node* tags = gw->Get("tags"); tags && tags->is_map())
      for (const auto& e : tags->entries()) dp.gateway_tags[e.key] = e.value.text();
  }
  if (net && net->is_map()) {
    if (const Node* inb = net->Get("inbound"); inb && inb->is_seq()) {
      for (const Node& i : inb->items()) {
        if (!i.is_map()) continue;
        Inbound in;
        in.loc = L(i);
        in.name = Str(i, "name", "networking.inbound");
        in.port = static_cast<int>(i.Get("port") ? i.Get("port")->as_int().value_or(0) : 0);
        if (const Node* tags = i.Get("tags"); tags && tags->is_map())
          for (const auto& e : tags->entries()) in.tags[e.key] = e.value.text();
        dp.inbounds.push_back(std::move(in));
      }
    }
    ReadZoneListeners(*net, dp);
  }
  m_.dataplanes.push_back(std::move(dp));
}

void Loader::ReadZoneListeners(const Node& net, Dataplane& dp) {
// Embedded zone proxy listeners (v2.14.3 dataplane.proto Networking.listeners): after the
// inbounds, as matchers/dataplane.go DppSelectedByPolicy appends them (kind Mesh: every one;
// kind Dataplane: by sectionName, Listener.GetSectionName = name, else port) and as
// resource_endpoints.go matchedPoliciesToInboundConfig finds one by its section when no
// inbound has it.
if (const Node* ls = net.Get("listeners"); ls && ls->is_seq()) {
  // v2.13.10 and v2.10.11 dataplane.proto have no Networking.listeners: their API server
  // rejects the Dataplane as an unknown field, so those profiles report it (POL060) and
  // select nothing by it (policy_release_rules.h ReadsZoneListeners).
  for (const auto& e : net.entries()) {
    if (e.key != "listeners") continue;
    for (KumaRelease r : {KumaRelease::k2_10, KumaRelease::k2_13}) {
      doc::DiagnosticSink s(sink_->source());
      s.Error("POL060", e.key_range,
              std::string("'listeners' (Dataplane networking.listeners, embedded zone proxy listeners) was added in "
                          "Kuma 2.14; kuma-") + ReleaseName(r) + " rejects it (Kuma " + ReleaseName(r) +
                  "'s dataplane.proto has no such field) and no policy selects these listeners: remove it, or "
                  "run Kuma 2.14 or later",
              "networking.listeners");
      for (doc::Diagnostic& d : s.list()) m_.release_diagnostics[ReleaseIndex(r)].push_back(std::move(d));
    }
  }
  for (const Node& l : ls->items()) {
    if (!l.is_map()) continue;
    Inbound in;
    in.loc = L(l);
    in.name = Str(l, "name", "networking.listeners");
    in.port = static_cast<int>(l.Get("port") ? l.Get("port")->as_int().value_or(0) : 0);
    in.listener = Str(l, "type", "networking.listeners");
    if (in.listener.empty()) in.listener = "Unspecified";  // the proto zero value
    dp.inbounds.push_back(std::move(in));
  }
}
}

void Loader::ReadPolicy(const Node& root, const Meta& meta, const Node* spec) {
  Policy p;
  p.meta = meta;
  const std::string& type = meta.type;
  if (!spec) {
    Err("POL006", root, "the policy has no 'spec'; add spec.targetRef and spec.to / spec.from / spec.default", "spec");
    return;
  }
  {
    Scope s(sink_, "spec.targetRef");
    p.top = ReadTargetRef(spec->Get("targetRef"), true);
  }
  {
    Scope s(sink_, "spec.to");
    p.to = ReadItems(*spec, "to", Direction::kTo);
  }
  {
    Scope s(sink_, "spec.from");
    p.from = ReadItems(*spec, "from", Direction::kFrom);
  }
  {
    Scope s(sink_, "spec.rules");
    p.rules = ReadItems(*spec, "rules", Direction::kRules);
  }
  if (const Node* def = spec->Get("default")) {
    p.has_default = true;
    p.single.conf = def->ToJson();
    p.single.conf_node = def;
    p.single.loc = L(*def);
    p.single.target_ref = p.top;
  }
  // The type's schema (policy_schema.h): unknown fields, types, enums, durations at their position;
  // unknown fields are then dropped from every item's conf (Kuma's typed structs have no place for
  // them) and durations are printed as Kuma prints them (Go's Duration.String).
  // Where its name-based targetRefs resolve (the 3.0 rewrite into labels, POL061): the policy's
  // namespace and zone; a Kubernetes policy without metadata.namespace lands in kubectl's.
  RefOwner owner;
  owner.known = !p.meta.k8s || !p.meta.Namespace().empty();
  owner.ns = p.meta.Namespace();
  owner.zone = p.meta.Zone();
  ValidateResourceAllReleases(type, KindNode(root), spec, *sink_, m_.release_diagnostics, owner);
  for (auto* items : {&p.to, &p.from, &p.rules})
    for (PolicyItem& it : *items) {
      // MeshTrafficPermission rules[] carry a RuleConf ({allow, deny, allowWithShadowDeny}, Kuma
      // 2.12+), not from[]'s {action}: kept as written until the per-release schema types it.
      if (items == &p.rules && type == "MeshTrafficPermission") continue;
      PruneUnknownFields(type, it.conf);
      NormalizeDurations(type, it.conf);
    }
  if (p.has_default) {
    PruneUnknownFields(type, p.single.conf);
    NormalizeDurations(type, p.single.conf);
  }
  if (type == "MeshTCPRoute") TcpRouteConfs(p);
  ComputeRole(p, root);
  p.index = m_.policies.size();
  m_.policies.push_back(std::move(p));
}

// pkg/xds/topology/gateway.go SelectGateway (core_policy.SelectDataplanePolicyWithMatcher): of the
// MeshGateways of the mesh whose selector matches the Dataplane's gateway tags, the most specific
// selector wins (more exact tags, then more tags), then the name.
const MeshGateway* SelectGateway(const ResourceSet& m, const Dataplane& dp) {
  const MeshGateway* best = nullptr;
  std::pair<int, int> best_rank{-1, -1};
  for (const MeshGateway& g : m.gateways) {
    if (g.meta.mesh != dp.meta.mesh) continue;
    for (const Labels& sel : g.selectors) {
      bool match = true;
      int exact = 0;
      for (const auto& [k, v] : sel) {
        auto it = dp.gateway_tags.find(k);
        if (it == dp.gateway_tags.end() || (v != "*" && v != it->second)) match = false;
        exact += v != "*" ? 1 : 0;
      }
      if (!match) continue;
      std::pair<int, int> rank{exact, static_cast<int>(sel.size())};
      if (rank > best_rank || (rank == best_rank && best && g.meta.name < best->meta.name)) {
        best = &g;
        best_rank = rank;
      }
    }
  }
  return best;
}

void Loader::Finish() {
  // Kubernetes: a Dataplane per pod in the mesh, as Kuma's controller builds it (policy_k8s.h).
  DataplanesFromPods(kube_, m_, diags_);
  // Builtin gateways: the MeshGateway serving each, and its listeners as the inbounds policies
  // select (matchers/dataplane.go inboundsSelectedByTags: one InboundListener per listener port,
  // tags = Merge(dataplane gateway tags, gateway tags, listener tags)).
  for (Dataplane& dp : m_.dataplanes) {
    if (dp.gateway_type != "BUILTIN") continue;
    dp.gateway = SelectGateway(m_, dp);
    if (!dp.gateway) continue;
    for (const Listener& l : dp.gateway->listeners) {
      bool seen = false;
      for (const Inbound& in : dp.inbounds) seen |= in.port == l.port;
      if (seen) continue;
      Inbound in;
      in.name = "listener-" + std::to_string(l.port);
      in.port = l.port;
      in.tags = dp.gateway_tags;
      for (const auto& [k, v] : dp.gateway->tags) in.tags[k] = v;
      for (const auto& [k, v] : l.tags) in.tags[k] = v;
      in.loc = l.loc;
      dp.inbounds.push_back(std::move(in));
    }
  }
  for (const std::string& mesh : used_meshes_) {
    bool declared = false;
    for (const Resource& r : m_.meshes) declared |= r.meta.name == mesh;
    if (!declared) m_.implicit_meshes.push_back(mesh);
  }
  for (const MeshService& s : m_.services) {
    m_.service_keys.push_back(UniqueKey(s.meta));
    m_.service_by_id[ServiceId(s.meta.mesh, s.meta.Zone(), s.meta.Namespace(), s.meta.DisplayName())] = s.index;
    m_.services_by_mesh[s.meta.mesh].push_back(s.index);
    for (const auto& [k, v] : s.meta.labels)
      m_.service_label_index[s.meta.mesh + '\x1f' + k + '\x1f' + v].push_back(s.index);
  }
  for (const auto& [mesh, list] : m_.services_by_mesh) {
    std::vector<size_t>& sorted = m_.services_by_mesh_key_order[mesh];
    sorted = list;
    std::sort(sorted.begin(), sorted.end(), [&](size_t a, size_t b) { return m_.service_keys[a] < m_.service_keys[b]; });
  }
  for (const Policy& p : m_.policies) m_.policies_by_type[p.meta.type].push_back(p.index);
}

}  // namespace

ResourceSet ReadResources(std::vector<doc::Document> docs, std::vector<doc::Diagnostic>& diags, const LoadLimits& limits) {
  CountModelBuild();
  ResourceSet m;
  m.docs = std::move(docs);
  Loader loader(m, diags, limits);
  for (const doc::Document& d : m.docs) {
    if (d.format != doc::Format::kYaml && d.format != doc::Format::kJson) continue;
    loader.LoadDoc(d);
  }
  loader.Finish();
  return m;
}

}  // namespace cfgi::policy
