#include "core/policy/policy_rules.h"

#include "core/policy/policy_defaults.h"
#include "core/policy/policy_http_matches.h"
#include "core/policy/policy_release_rules.h"

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

// api/common/v1alpha1/targetref.go: `order` (kinds not in the map compare as 0), the same at
// v2.10.11, v2.13.10 and v2.14.3; Kuma's main drops MeshSubset, MeshGateway and MeshServiceSubset,
// which kuma-3.0-preview rejects at the top level anyway (POL063).
int KindOrder(const std::string& k) {
  static const std::map<std::string, int> order = {
      {"Mesh", 1},        {"Dataplane", 2},           {"MeshSubset", 3},        {"MeshGateway", 4}, {"MeshService", 5},
      {"MeshExternalService", 6}, {"MeshMultiZoneService", 7}, {"MeshServiceSubset", 8}, {"MeshHTTPRoute", 9}};
  auto it = order.find(k);
  return it == order.end() ? 0 : it->second;
}

// api/mesh/v1alpha1: originOrder (global 1, unknown "" 2, zone 3) and roleOrder.
int OriginOrder(const std::string& o) {
  if (o == "global") return 1;
  if (o.empty()) return 2;
  if (o == "zone") return 3;
  return 0;
}
int RoleOrder(const std::string& r) {
  if (r == "system") return 1;
  if (r == "producer") return 2;
  if (r == "consumer") return 3;
  if (r == "workload-owner") return 4;
  return 0;
}

// mesh_proto.TagSelector.Matches: every selector tag present, equal or '*'.
bool TagsMatch(const Labels& selector, const Labels& tags) {
  for (const auto& [k, v] : selector) {
    auto it = tags.find(k);
    if (it == tags.end()) return false;
    if (v != "*" && v != it->second) return false;
  }
  return true;
}

// subsetutils.IsSubset for labels: every selector label present with the same value.
bool LabelsSubset(const Labels& selector, const Labels& labels) {
  for (const auto& [k, v] : selector) {
    auto it = labels.find(k);
    if (it == labels.end() || it->second != v) return false;
  }
  return true;
}

std::string LabelsText(const Labels& l) {
  std::string s = "{";
  for (const auto& [k, v] : l) s += (s.size() > 1 ? ", " : "") + k + ": " + v;
  return s + "}";
}

Item MakeItem(const Policy& p, const PolicyItem& e, Direction d, size_t idx) {
  Item it;
  it.policy = &p;
  it.entry = &e;
  it.direction = d;
  it.rule_index = idx;
  it.top_kind = p.top.kind;
  it.top_kind_order = KindOrder(p.top.kind);
  if (p.top.kind == "Dataplane") {
    int sel = !p.top.name.empty() ? 2 : (p.top.has_labels ? 1 : 0);
    it.dataplane_specificity = sel * 2 + (p.top.section_name.empty() ? 0 : 1);
  }
  it.origin = p.Origin();
  it.origin_order = OriginOrder(it.origin);
  it.role = p.Role();
  it.role_order = RoleOrder(it.role);
  if (d != Direction::kRules) {
    it.item_kind = e.target_ref.kind;
    it.item_kind_order = KindOrder(e.target_ref.kind);
    it.has_section = e.target_ref.kind == "MeshService" && !e.target_ref.section_name.empty();
  }
  it.name = p.meta.DisplayName();
  return it;
}

// TargetRef.CompareDataplaneKind (targetref.go).
int CompareDataplaneKind(const Policy& a, const Policy& b) {
  const TargetRef& t = a.top;
  const TargetRef& o = b.top;
  if (t.kind != "Dataplane" || o.kind != "Dataplane") return 0;
  if (!t.name.empty() && o.has_labels) return 1;
  if (t.has_labels && !o.name.empty()) return -1;
  if (!t.section_name.empty() && o.section_name.empty()) return 1;
  if (t.section_name.empty() && !o.section_name.empty()) return -1;
  return 0;
}

int Sign(int x) { return x < 0 ? -1 : (x > 0 ? 1 : 0); }

// Kuma: sort.CompareByPolicyAttributes, then outbound.CompareByToEntry (to[]) or the from[]
// kind (MADR migration), then sort.CompareByDisplayName (names descending).
// MADR: topLevelTargetRefKind, toTargetRefKind, policyName.
int Compare(const Item& a, const Item& b, Profile profile) {
  if (int c = a.top_kind_order - b.top_kind_order) return Sign(c);
  if (IsKuma(profile)) {
    if (int c = CompareDataplaneKind(*a.policy, *b.policy)) return c;
    if (int c = a.origin_order - b.origin_order) return Sign(c);
    if (int c = a.role_order - b.role_order) return Sign(c);
  }
  if (a.direction != Direction::kRules) {
    if (int c = a.item_kind_order - b.item_kind_order) return Sign(c);
    if (IsKuma(profile) && a.direction == Direction::kTo && a.item_kind == "MeshService") {
      if (int c = int(a.has_section) - int(b.has_section)) return c;
    }
  }
  if (b.name != a.name) return b.name < a.name ? -1 : 1;
  return 0;
}

void SortItems(std::vector<Item>& items, Profile profile) {
  std::stable_sort(items.begin(), items.end(), [&](const Item& a, const Item& b) { return Compare(a, b, profile) < 0; });
}

// Locates the YAML node of a JSON pointer inside an item's `default`.
Loc LocateField(const PolicyItem& e, const std::string& path) {
  Loc loc = e.loc;
  const doc::Node* n = e.conf_node;
  if (!n) return loc;
  loc.range = n->range();
  for (const std::string& tok : SplitPointer(path)) {
    const doc::Node* next = nullptr;
    if (n->is_map()) {
      next = n->Get(tok);
    } else if (n->is_seq()) {
      size_t idx = 0;
      bool ok = !tok.empty();
      for (char c : tok) {
        if (c < '0' || c > '9') ok = false;
        else idx = idx * 10 + static_cast<size_t>(c - '0');
      }
      if (ok && idx < n->items().size()) next = &n->items()[idx];
    }
    if (!next) break;
    n = next;
    loc.range = n->range();
  }
  return loc;
}

struct Merged {
  json conf;
  std::vector<json> confs;  // RuleBody::confs
  std::vector<Origin> origin;
  std::vector<FieldProvenance> provenance;
};

// Work one Evaluate shares between its merges of one policy type: each item's conf with Kuma's
// defaults filled in, once (the mesh-wide items merge into every service's rule and every legacy
// toRules row), and the legacy toRules' merges per item set (rows with the same items share one).
struct MergeCache {
  struct Filled {
    json conf;
    std::set<std::string> paths;  // the fields the defaults filled
  };
  std::unordered_map<const PolicyItem*, Filled> filled;  // node-based: references stay valid
  std::map<std::vector<const Item*>, Merged> legacy;
};

// merge.Entries + common.Origins(withRuleIndex=true). With `defaults` (the kuma profile) each
// item's conf first gets Kuma's defaults (policy_defaults.h), and every field they fill is marked
// as a default in the provenance.
Merged MergeItems(const std::vector<const Item*>& items, bool provenance, bool defaults, MergeCache* cache = nullptr) {
  Merged m;
  std::vector<MergeInput> in;
  in.reserve(items.size());
  const std::string type = items.empty() ? std::string() : items[0]->policy->meta.type;
  // A type Kuma fills nothing into merges the written confs as they are (no copy per item: the
  // legacy toRules merge the mesh-wide items again for each of hundreds of services).
  if (defaults && DefaultsFor(type).empty()) defaults = false;
  MergeCache local;
  if (!cache) cache = &local;
  std::vector<const MergeCache::Filled*> filled(defaults ? items.size() : 0);
  static const std::set<std::string> kNone;
  for (size_t i = 0; i < items.size(); ++i) {
    if (defaults) {
      auto [at, fresh] = cache->filled.try_emplace(items[i]->entry);
      if (fresh) {
        std::vector<FilledDefault> f;
        at->second.conf = ApplyDefaults(type, items[i]->entry->conf, &f);
        for (const FilledDefault& x : f) at->second.paths.insert(x.path);
      }
      filled[i] = &at->second;
      in.push_back({&at->second.conf, i});
    } else {
      in.push_back({&items[i]->entry->conf, i});
    }
  }
  auto filled_paths = [&](size_t i) -> const std::set<std::string>& { return defaults ? filled[i]->paths : kNone; };
  const MergeOptions opt = items.empty() ? MergeOptions{} : MergeOptionsFor(type);
  MergeResult r = MergeConfs(in, provenance, opt);
  m.conf = std::move(r.conf);
  m.confs = MergeConfsByValues(in, opt);
  // One origin per (policy, ruleIndex), in merge order: a scan of the few so far, a set for many.
  m.origin.reserve(items.size());
  if (items.size() <= 32) {
    for (const Item* it : items)
      if (std::none_of(m.origin.begin(), m.origin.end(),
                       [&](const Origin& o) { return o.policy == it->policy && o.rule_index == it->rule_index; }))
        m.origin.push_back({it->policy, it->rule_index});
  } else {
    std::set<std::pair<const Policy*, size_t>> seen;
    for (const Item* it : items)
      if (seen.insert({it->policy, it->rule_index}).second) m.origin.push_back({it->policy, it->rule_index});
  }
  if (provenance) {
    auto write = [&](size_t id, const std::string& path, const json& v) {
      FieldProvenance::Write w;
      w.item = items[id];
      w.path = path;
      w.value = v;
      w.loc = LocateField(*items[id]->entry, path);
      w.is_default = filled_paths(id).count(path) > 0;
      return w;
    };
    for (const FieldOrigin& f : r.fields) {
      FieldProvenance p;
      p.path = f.path;
      p.appended = f.appended;
      p.set = write(f.id, f.source_path, f.value);
      for (const Contribution& c : f.overrode) p.overrode.push_back(write(c.id, c.path, c.value));
      // A default filled inside a value that is a leaf here (an array, which merges as a whole:
      // MeshTrace's backends, MeshHTTPRoute's backendRefs) gets its own entry, so the default is
      // marked where it sits.
      if (defaults) {
        const std::string& src = f.source_path;
        for (const std::string& dpath : filled_paths(f.id)) {
          if (dpath.size() <= src.size() || dpath.compare(0, src.size(), src) != 0 || dpath[src.size()] != '/') continue;
          FieldProvenance d;
          d.path = f.path + dpath.substr(src.size());
          const json* v = nullptr;
          try {
            v = &filled[f.id]->conf.at(json::json_pointer(dpath));
          } catch (const std::exception&) {
            continue;
          }
          d.set = write(f.id, dpath, *v);
          m.provenance.push_back(std::move(d));
        }
      }
      m.provenance.push_back(std::move(p));
    }
    std::stable_sort(m.provenance.begin(), m.provenance.end(),
                     [](const FieldProvenance& a, const FieldProvenance& b) { return a.path < b.path; });
  }
  return m;
}

Meta MeshMeta(const Model& m, const std::string& mesh) {
  for (const Resource& r : m.meshes)
    if (r.meta.name == mesh) return r.meta;
  Meta meta;
  meta.type = "Mesh";
  meta.name = mesh;
  return meta;
}

}  // namespace

std::string MeshKey(const Model& m, const std::string& mesh) { return UniqueKey(MeshMeta(m, mesh)); }

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

std::vector<size_t> ServicesWithLabels(const Model& m, const std::string& mesh, const Labels& labels, bool naive) {
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

std::vector<Resolved> ResolveTargetRef(const Model& m, const Policy& p, const TargetRef& t, bool naive) {
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

PolicySelection SelectDataplane(const Model& m, const Policy& p, const Dataplane& dp) {
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
    for (const Inbound& in : dp.inbounds)
      if (TagsMatch(sel, in.tags)) s.inbounds.push_back(&in);
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
    for (const Inbound& in : dp.inbounds) s.inbounds.push_back(&in);
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
      if (t->section_name.empty() || in.Id() == t->section_name || std::to_string(in.port) == t->section_name)
        s.inbounds.push_back(&in);
    s.selected = t->section_name.empty() || !s.inbounds.empty();
    s.reason = "Dataplane " + why + (t->section_name.empty() ? "" : " sectionName '" + t->section_name + "'") +
               (s.selected ? " matches" : ": no inbound has that section");
  } else {
    s.reason = "top-level kind '" + t->kind + "' is not supported for sidecar dataplanes";
  }
  return s;
}

namespace {

// A ResourceRule's view of a Meta the model holds: no copy, no ownership (rules never outlive
// their Model), no allocation.
std::shared_ptr<const Meta> InModel(const Meta& m) { return std::shared_ptr<const Meta>(std::shared_ptr<const Meta>(), &m); }

struct KeyEntry {
  std::string_view key;       // the item's UniqueKey with its section (held by BuildToRules' `resolved`)
  const Meta* meta = nullptr;  // the resolved resource's (held by the model or by `resolved`)
  bool meta_in_model = true;   // false: `meta` is held by `resolved` (ResourceRule copies it)
  std::string_view section;
  std::string_view base_key;  // key without section
  int service = -1;           // index into Model::services when a MeshService (Resolved::service)
};

// outbound.isRelevant for the naive path; `key` / `base` are the item's UniqueKey with and without
// its section, computed once per resolved item.
bool IsRelevant(const Resolved& item, std::string_view key, std::string_view base, const KeyEntry& k,
                Profile profile) {
  const Meta& im = item.meta();
  const Meta& km = *k.meta;
  const std::string& t = im.type;
  if (t == "Mesh") return km.type == "Mesh" ? im.name == km.name : im.name == km.mesh;
  if (t == "MeshService" || t == "MeshMultiZoneService") {
    if (km.type != t) return false;
    if (key == k.key) return true;
    return base == k.base_key && item.section.empty() && !k.section.empty();
  }
  if (t == "MeshExternalService") return km.type == t && base == k.base_key;
  if (t == "MeshHTTPRoute") return KeysRoutes(profile) && km.type == t && base == k.base_key;
  return false;
}

void BuildToRules(const Model& m, const Dataplane& dp, TypeRules& t, const EvalOptions& o,
                  std::vector<doc::Diagnostic>& diags, MergeCache& cache) {
  // Every resolved item, its key and base key: the strings the maps below view (`resolved` is
  // complete before any of them is built, so nothing they point to moves). Resources are the
  // model's own Meta, never copied until a ResourceRule is made.
  struct ResolvedItem {
    size_t rank;
    Resolved r;
    std::string_view key, base;  // UniqueKey with and without the section
    std::string own_key, own_base;  // what they view unless the model holds it (a MeshService's key)
  };
  std::vector<ResolvedItem> resolved;
  for (const Item& it : t.to_items)
    for (Resolved& r : ResolveTargetRef(m, *it.policy, it.entry->target_ref, o.naive))
      resolved.push_back({it.rank, std::move(r), {}, {}, {}, {}});
  // The keys, once `resolved` no longer grows (the views point into its elements).
  for (ResolvedItem& ri : resolved) {
    const Resolved& r = ri.r;
    if (r.service >= 0 && !o.naive) {
      ri.base = m.service_keys[static_cast<size_t>(r.service)];
    } else {
      ri.own_base = UniqueKey(r.meta());
      ri.base = ri.own_base;
    }
    if (r.section.empty()) {
      ri.key = ri.base;
    } else {
      ri.own_key = std::string(ri.base) + ":section/" + r.section;
      ri.key = ri.own_key;
    }
  }

  // The keys, each once. The indexed path finds a MeshService's key without a section by the
  // service's index (`service_key`) instead of hashing the key's text; every other key (a
  // section, another kind, any key of the naive path) goes by its text (`key_index`).
  std::vector<KeyEntry> keys;
  std::unordered_map<std::string_view, size_t> key_index;
  std::vector<int> service_key(o.naive ? 0 : m.services.size(), -1);  // index into `keys`
  key_index.reserve(resolved.size());
  for (const ResolvedItem& ri : resolved) {
    if (!o.naive && ri.r.service >= 0 && ri.r.section.empty()) {
      int& slot = service_key[static_cast<size_t>(ri.r.service)];
      if (slot >= 0) continue;
      slot = static_cast<int>(keys.size());
    } else if (!key_index.emplace(ri.key, keys.size()).second) {
      continue;
    }
    keys.push_back({ri.key, &ri.r.meta(), ri.r.in_model != nullptr, ri.r.section, ri.base, ri.r.service});
  }

  // Indexed buckets: mesh-wide items, items per MeshService (by index) and per other resource
  // (by key without section), each ascending by rank.
  std::vector<size_t> mesh_ranks;
  using Bucket = std::vector<std::pair<size_t, std::string_view>>;  // rank, section
  std::unordered_map<size_t, Bucket> by_service;
  std::unordered_map<std::string_view, Bucket> by_resource;
  if (!o.naive) {
    for (const ResolvedItem& ri : resolved) {
      if (ri.r.meta().type == "Mesh") mesh_ranks.push_back(ri.rank);
      else if (ri.r.service >= 0) by_service[static_cast<size_t>(ri.r.service)].push_back({ri.rank, ri.r.section});
      else by_resource[ri.base].push_back({ri.rank, ri.r.section});
    }
  }

  std::set<std::string, std::less<>> only(o.only_keys.begin(), o.only_keys.end());
  struct RanksHash {
    size_t operator()(const std::vector<size_t>& v) const {
      size_t h = v.size();
      for (size_t x : v) h = h * 1000003u ^ x;
      return h;
    }
  };
  std::unordered_map<std::vector<size_t>, size_t, RanksHash> merged_by_ranks;
  t.to_rules.reserve(keys.size());
  std::vector<size_t> own;  // a resource's own ranks (reused)
  for (const KeyEntry& k : keys) {
    const Meta& km = *k.meta;
    std::vector<size_t> ranks;
    if (o.naive) {
      for (const ResolvedItem& ri : resolved)
        if (IsRelevant(ri.r, ri.key, ri.base, k, o.profile)) ranks.push_back(ri.rank);
    } else {
      // Ascending without a sort: `resolved` follows the items' ranks, so the mesh's ranks and
      // each resource's are ascending, and the key's are the merge of the two.
      if (km.type == "Mesh") {
        for (const ResolvedItem& ri : resolved)
          if (ri.r.meta().type == "Mesh" && ri.r.meta().name == km.name) ranks.push_back(ri.rank);
      } else {
        own.clear();
        if (km.type != "MeshHTTPRoute" || KeysRoutes(o.profile)) {
          const Bucket* bucket = nullptr;
          if (k.service >= 0) {
            auto it = by_service.find(static_cast<size_t>(k.service));
            bucket = it == by_service.end() ? nullptr : &it->second;
          } else {
            auto it = by_resource.find(k.base_key);
            bucket = it == by_resource.end() ? nullptr : &it->second;
          }
          if (bucket)
            for (const auto& [rank, section] : *bucket)
              if ((km.type != "MeshService" && km.type != "MeshMultiZoneService") || section == k.section ||
                  (section.empty() && !k.section.empty()))
                own.push_back(rank);
        }
        // Every resource of the mesh includes the mesh's items.
        ranks.resize(mesh_ranks.size() + own.size());
        std::merge(mesh_ranks.begin(), mesh_ranks.end(), own.begin(), own.end(), ranks.begin());
      }
    }
    ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
    if (ranks.empty()) continue;
    ResourceRule rr;
    rr.key_text = std::make_shared<const std::string>(k.key);
    rr.key = *rr.key_text;
    rr.resource = k.meta_in_model ? InModel(km) : std::make_shared<const Meta>(km);
    rr.section = std::string(k.section);
    // Keys with the same relevant items share one body (labels fan one item out to many
    // services); the naive baseline merges every key, as buildRules does.
    auto memo = o.naive ? merged_by_ranks.end() : merged_by_ranks.find(ranks);
    if (memo != merged_by_ranks.end()) {
      rr.body = t.to_rules[memo->second].body;
    } else {
      auto body = std::make_shared<RuleBody>();
      body->items.reserve(ranks.size());
      for (size_t r : ranks) body->items.push_back(&t.to_items[r]);
      Merged mg = MergeItems(body->items, o.provenance, IsKuma(o.profile), &cache);
      body->conf = std::move(mg.conf);
      body->confs = std::move(mg.confs);
      body->origin = std::move(mg.origin);
      body->provenance = std::move(mg.provenance);
      rr.body = std::move(body);
      if (!o.naive) merged_by_ranks.emplace(std::move(ranks), t.to_rules.size());
    }
    t.to_rules.push_back(std::move(rr));
  }
  std::sort(t.to_rules.begin(), t.to_rules.end(), [](const ResourceRule& a, const ResourceRule& b) { return a.key < b.key; });

  // Dead items: relevant somewhere, yet every field they set is overridden (DESIGN: dead configuration).
  if (o.provenance) {
    std::vector<int> relevant(t.to_items.size(), 0), live(t.to_items.size(), 0);
    std::vector<std::string> example(t.to_items.size());
    for (const ResourceRule& rr : t.to_rules) {
      for (const Item* it : rr.items()) {
        relevant[it->rank]++;
        if (example[it->rank].empty()) example[it->rank] = rr.key;
      }
      for (const FieldProvenance& f : rr.provenance()) live[f.set.item->rank]++;
    }
    // Every dead item is reported; Inspect's one cap (doc::CapRepeats) lists 20 per file.
    for (const Item& it : t.to_items) {
      if (!relevant[it.rank] || live[it.rank] || it.entry->conf.empty()) continue;
      const Loc& l = it.entry->loc;
      doc::DiagnosticSink sink(l.source);
      sink.Warning("POL018", l.range, "to[" + std::to_string(it.rule_index) + "] of " + it.policy->meta.type + " '" +
                   it.policy->meta.name + "' never takes effect on dataplane '" + dp.meta.name +
                   "': later items override every field it sets (e.g. in " + example[it.rank] +
                   "); remove it or target it more specifically");
      diags.insert(diags.end(), sink.list().begin(), sink.list().end());
    }
  }

  // Completeness: every MeshService and MeshExternalService of the mesh, through the fallback
  // (ResourceRules.Compute), so a client can look up any resource by key.
  if (o.complete) {
    // The indexed path: a key of the mesh without a rule of its own has no section to drop, so
    // ResourceRules.Compute gives the mesh's rule; it is found once, not per key (20,000
    // MeshServices), and the sorted extra rows are merged into the sorted rules instead of
    // sorting everything again. The naive baseline calls ComputeRule per key, as Kuma does.
    const ResourceRule* mesh_rule = nullptr;
    if (!o.naive && m.HasMesh(dp.meta.mesh)) {
      const std::string mk = UniqueKey(MeshMeta(m, dp.meta.mesh));
      auto at = std::lower_bound(t.to_rules.begin(), t.to_rules.end(), mk,
                                 [](const ResourceRule& r, const std::string& x) { return r.key < x; });
      if (at != t.to_rules.end() && at->key == mk && at->sparse) mesh_rule = &*at;
    }
    std::vector<ResourceRule> extra;
    if (auto sm = m.services_by_mesh.find(dp.meta.mesh); sm != m.services_by_mesh.end())
      extra.reserve(only.empty() ? sm->second.size() + m.external_services.size() : only.size());
    // A service has a rule of its own when an item resolved to it without a section: the indexed
    // path asks `service_key` instead of hashing its key.
    const ResourceRule* last_base = nullptr;
    std::shared_ptr<const std::string> base_key;  // one string for every row with the same base
    // `key`: the model's Model::service_keys[service], or (service -1) a string of the caller's.
    auto add = [&](const Meta& meta, const std::string& key, int service) {
      if (service >= 0 && !o.naive ? service_key[static_cast<size_t>(service)] >= 0 : key_index.count(key) != 0) return;
      if (!only.empty() && !only.count(key)) return;
      const ResourceRule* base = o.naive ? ComputeRule(t, key, m) : mesh_rule;
      if (!base) return;
      if (base != last_base) {
        base_key = std::make_shared<const std::string>(base->key);
        last_base = base;
      }
      ResourceRule rr;
      if (service >= 0) {
        rr.key = key;
      } else {
        rr.key_text = std::make_shared<const std::string>(key);
        rr.key = *rr.key_text;
      }
      rr.resource = InModel(meta);
      rr.body = base->body;
      rr.sparse = false;
      rr.computed_from = base_key;
      extra.push_back(std::move(rr));
    };
    // The indexed path walks the services in key order (Model::services_by_mesh_key_order), so
    // their rows come sorted; the few external and multizone services are sorted and merged in.
    const auto& service_lists = o.naive ? m.services_by_mesh : m.services_by_mesh_key_order;
    auto it = service_lists.find(dp.meta.mesh);
    if (it != service_lists.end())
      for (size_t i : it->second) add(m.services[i].meta, m.service_keys[i], static_cast<int>(i));
    const auto services_end = static_cast<std::ptrdiff_t>(extra.size());
    for (const Resource& r : m.external_services)
      if (r.meta.mesh == dp.meta.mesh) add(r.meta, UniqueKey(r.meta), -1);
    for (const MeshService& r : m.multizone_services)
      if (r.meta.mesh == dp.meta.mesh) add(r.meta, UniqueKey(r.meta), -1);
    auto by_key = [](const ResourceRule& a, const ResourceRule& b) { return a.key < b.key; };
    if (o.naive) {
      for (ResourceRule& rr : extra) t.to_rules.push_back(std::move(rr));
      std::sort(t.to_rules.begin(), t.to_rules.end(), by_key);
    } else {
      std::sort(extra.begin() + services_end, extra.end(), by_key);
      std::inplace_merge(extra.begin(), extra.begin() + services_end, extra.end(), by_key);
      std::vector<ResourceRule> merged;
      merged.reserve(t.to_rules.size() + extra.size());
      std::merge(std::make_move_iterator(t.to_rules.begin()), std::make_move_iterator(t.to_rules.end()),
                 std::make_move_iterator(extra.begin()), std::make_move_iterator(extra.end()),
                 std::back_inserter(merged), by_key);
      t.to_rules = std::move(merged);
    }
  }
  if (!only.empty()) {
    t.to_rules.erase(std::remove_if(t.to_rules.begin(), t.to_rules.end(),
                                    [&](const ResourceRule& r) { return !only.count(r.key); }),
                     t.to_rules.end());
  }
}

Labels FromSubset(const TargetRef& t) {
  if (t.kind == "MeshSubset") return t.tags;
  if (t.kind == "MeshService") return {{kServiceTag, t.name}};
  if (t.kind == "MeshServiceSubset") {
    Labels l = t.tags;
    l[kServiceTag] = t.name;
    return l;
  }
  return {};
}

void BuildFromRulesMadr(const Dataplane& dp, TypeRules& t, const std::vector<PolicySelection>& selected, const EvalOptions& o) {
  // Rules keep pointers into from_items: reserve the upper bound so it never reallocates.
  size_t bound = selected.size();
  for (const PolicySelection& s : selected) bound += s.inbounds.size() * (s.policy->from.size() + s.policy->rules.size());
  t.from_items.reserve(bound);
  for (const Inbound& in : dp.inbounds) {
    std::vector<Item> from, rules;
    for (const PolicySelection& s : selected) {
      if (std::find(s.inbounds.begin(), s.inbounds.end(), &in) == s.inbounds.end()) continue;
      for (size_t j = 0; j < s.policy->from.size(); ++j) from.push_back(MakeItem(*s.policy, s.policy->from[j], Direction::kFrom, j));
      for (size_t j = 0; j < s.policy->rules.size(); ++j) rules.push_back(MakeItem(*s.policy, s.policy->rules[j], Direction::kRules, j));
    }
    SortItems(from, o.profile);
    SortItems(rules, o.profile);
    size_t first_from = t.from_items.size();
    for (Item& it : from) {
      it.inbound = in.Id();
      it.rank = t.from_items.size();
      t.from_items.push_back(it);
    }
    size_t first_rules = t.from_items.size();
    for (Item& it : rules) {
      it.inbound = in.Id();
      it.rank = t.from_items.size();
      t.from_items.push_back(it);
    }
    (void)first_rules;
    // rules[]: one rule per inbound, every entry merged in order (inbound/inboundrules.go).
    if (!rules.empty()) {
      InboundRule r;
      r.inbound = &in;
      r.source = Direction::kRules;
      for (size_t i = first_rules; i < t.from_items.size(); ++i) r.items.push_back(&t.from_items[i]);
      Merged mg = MergeItems(r.items, o.provenance, false);
      r.conf = std::move(mg.conf);
      r.origin = std::move(mg.origin);
      r.provenance = std::move(mg.provenance);
      t.from_rules.push_back(std::move(r));
    }
    if (from.empty()) continue;
    // from[]: one rule per distinct client subset, most general first; a rule takes every item
    // whose subset contains it (a Mesh item applies to every client).
    std::vector<Labels> subsets;
    for (size_t i = first_from; i < first_from + from.size(); ++i) {
      Labels s = FromSubset(t.from_items[i].entry->target_ref);
      if (std::find(subsets.begin(), subsets.end(), s) == subsets.end()) subsets.push_back(s);
    }
    std::stable_sort(subsets.begin(), subsets.end(), [](const Labels& a, const Labels& b) {
      return a.size() != b.size() ? a.size() < b.size() : a < b;
    });
    for (const Labels& s : subsets) {
      InboundRule r;
      r.inbound = &in;
      r.source = Direction::kFrom;
      for (const auto& [k, v] : s) r.subset.push_back({k, v, false});
      for (size_t i = first_from; i < first_from + from.size(); ++i)
        if (LabelsSubset(FromSubset(t.from_items[i].entry->target_ref), s)) r.items.push_back(&t.from_items[i]);
      Merged mg = MergeItems(r.items, o.provenance, false);
      r.conf = std::move(mg.conf);
      r.origin = std::move(mg.origin);
      r.provenance = std::move(mg.provenance);
      t.from_rules.push_back(std::move(r));
    }
  }
}


// ---- Kuma 2.x inbound rules (kuma profile) ----

// asSubset (rules.go): the client subset of a from[] targetRef; false for kinds Kuma cannot
// represent as tags (its BuildRules then fails and the type gets no from-rules).
bool AsSubset(const TargetRef& t, Subset& out) {
  out.clear();
  if (t.kind == "Mesh") return true;
  if (t.kind == "MeshSubset") {
    for (const auto& [k, v] : t.tags) out.push_back({k, v, false});
    return true;
  }
  if (t.kind == "MeshService" || t.kind == "MeshServiceSubset") {
    out.push_back({kServiceTag, t.name, false});
    if (t.kind == "MeshServiceSubset")
      for (const auto& [k, v] : t.tags) out.push_back({k, v, false});
    return true;
  }
  return false;
}

// subsetutils.go isSubset(t1, t2): t2 ⊆ t1 for one key.
bool TagSubset(const SubsetTag& t1, const SubsetTag& t2) {
  if (t1.key != t2.key) return false;
  if (t1.negated == t2.negated) return t1.value == t2.value;
  if (t1.negated) return t1.value != t2.value;
  return false;
}

// Subset.IsSubset: `other` is a subset of `ss` (every tag of ss holds for every tag of other's key).
bool IsSubsetOf(const Subset& ss, const Subset& other) {
  for (const SubsetTag& tag : ss) {
    bool any = false;
    for (const SubsetTag& o : other) {
      if (o.key != tag.key) continue;
      any = true;
      if (!TagSubset(tag, o)) return false;
    }
    if (!any) return false;
  }
  return true;
}

// Subset.Intersect: some client belongs to both (positive tags of a shared key must be equal).
bool Intersect(const Subset& a, const Subset& b) {
  if (a.empty() || b.empty()) return true;
  for (const SubsetTag& t : a) {
    if (t.negated) continue;
    for (const SubsetTag& o : b)
      if (!o.negated && o.key == t.key && !(o == t)) return false;
  }
  return true;
}

int NumPositive(const Subset& s) {
  int n = 0;
  for (const SubsetTag& t : s) n += t.negated ? 0 : 1;
  return n;
}

// gonum topo.BronKerbosch: every maximal clique (isolated nodes are cliques of one). With a
// pivot (Tomita), so a dense graph of many items stays linear; `budget` bounds the calls.
void BronKerbosch(const std::vector<std::vector<bool>>& adj, std::vector<size_t>& r, std::vector<size_t> p,
                  std::vector<size_t> x, std::vector<std::vector<size_t>>& out, size_t cap, size_t& budget) {
  if (out.size() >= cap || budget == 0) return;
  --budget;
  if (p.empty() && x.empty()) {
    out.push_back(r);
    return;
  }
  size_t pivot = p.empty() ? x.front() : p.front(), best = 0;
  for (const std::vector<size_t>* set : {&p, &x})
    for (size_t u : *set) {
      size_t n = 0;
      for (size_t v : p) n += adj[u][v] ? 1 : 0;
      if (n > best) best = n, pivot = u;
    }
  std::vector<size_t> candidates;
  for (size_t v : p)
    if (!adj[pivot][v]) candidates.push_back(v);
  for (size_t v : candidates) {
    std::vector<size_t> np, nx;
    for (size_t u : p)
      if (adj[v][u]) np.push_back(u);
    for (size_t u : x)
      if (adj[v][u]) nx.push_back(u);
    r.push_back(v);
    BronKerbosch(adj, r, np, nx, out, cap, budget);
    r.pop_back();
    p.erase(std::find(p.begin(), p.end(), v));
    x.push_back(v);
  }
}

// The policies that select an inbound, in matchers/dataplane.go SortByTargetRef's order: top-level
// kind, Dataplane specificity, kuma.io/origin, kuma.io/policy-role, display name descending.
int ComparePolicies(const Policy& a, const Policy& b) {
  if (int c = KindOrder(a.top.kind) - KindOrder(b.top.kind)) return Sign(c);
  if (int c = CompareDataplaneKind(a, b)) return c;
  if (int c = OriginOrder(a.Origin()) - OriginOrder(b.Origin())) return Sign(c);
  if (int c = RoleOrder(a.Role()) - RoleOrder(b.Role())) return Sign(c);
  std::string an = a.meta.DisplayName(), bn = b.meta.DisplayName();
  if (an != bn) return bn < an ? -1 : 1;
  return 0;
}

// Limits of the legacy from-rule expansion (Kuma enumerates every combination of the tags of a
// clique with negations, which grows exponentially): past these the rules are cut with POL030.
constexpr size_t kMaxFromCliques = 256;
constexpr size_t kMaxFromCombinations = 4096;

struct LegacyRule {
  Subset subset;
  std::vector<size_t> items;  // indexes into the subsets / items list, in list order
};

std::string CanonicalSubset(Subset s) {
  std::stable_sort(s.begin(), s.end(), [](const SubsetTag& a, const SubsetTag& b) {
    if (a.key != b.key) return a.key < b.key;
    if (a.value != b.value) return a.value < b.value;
    return !a.negated && b.negated;
  });
  std::string out;
  for (const SubsetTag& t : s) out += t.key + '\x1f' + t.value + (t.negated ? "\x1f!" : "\x1f") + '|';
  return out;
}

// rules.go buildRulesInternal: the legacy (subset-keyed) rules of a list of items, given each
// item's subset. Without negations and with at most one tag key, one rule per distinct subset
// (subsetutils.Deduplicate), more tags first; otherwise the clique expansion with negations.
// `cut` is set when the limits stopped the expansion.
std::vector<LegacyRule> BuildLegacyRules(const std::vector<Subset>& subsets, bool with_negations, bool& cut) {
  std::vector<LegacyRule> out;
  auto create = [&](const Subset& ss) {
    LegacyRule rule;
    rule.subset = ss;
    for (size_t i = 0; i < subsets.size(); ++i)
      if (IsSubsetOf(subsets[i], ss)) rule.items.push_back(i);
    if (!rule.items.empty()) out.push_back(std::move(rule));
  };
  std::set<std::string> keys;
  for (const Subset& s : subsets)
    for (const SubsetTag& t : s) keys.insert(t.key);
  if (!with_negations && keys.size() <= 1) {
    std::set<std::string> seen;
    for (const Subset& s : subsets)
      if (seen.insert(CanonicalSubset(s)).second) create(s);
    std::stable_sort(out.begin(), out.end(),
                     [](const LegacyRule& a, const LegacyRule& b) { return a.subset.size() > b.subset.size(); });
    return out;
  }
  const size_t n = subsets.size();
  std::vector<std::vector<bool>> adj(n, std::vector<bool>(n, false));
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j) adj[i][j] = i != j && Intersect(subsets[i], subsets[j]);
  std::vector<std::vector<size_t>> groups;
  std::vector<size_t> r, p, x;
  for (size_t i = 0; i < n; ++i) p.push_back(i);
  size_t budget = 100000;
  BronKerbosch(adj, r, p, x, groups, kMaxFromCliques, budget);
  // rules.go sortComponents: ids ascending inside a group, groups by "0:1:2" descending.
  auto joined = [](const std::vector<size_t>& g) {
    std::string s;
    for (size_t id : g) s += (s.empty() ? "" : ":") + std::to_string(id);
    return s;
  };
  for (auto& g : groups) std::sort(g.begin(), g.end());
  std::stable_sort(groups.begin(), groups.end(), [&](const auto& a, const auto& b) { return joined(a) > joined(b); });
  size_t combos = 0;
  cut = groups.size() >= kMaxFromCliques || budget == 0;
  for (const auto& g : groups) {
    std::set<std::pair<std::string, std::string>> tag_set;
    for (size_t id : g)
      for (const SubsetTag& tg : subsets[id]) tag_set.insert({tg.key, tg.value});
    // subsetutils.NewSubsetIter: one dimension per key, its values in sorted order.
    std::vector<std::pair<std::string, std::vector<std::string>>> dims;
    for (const auto& [k, v] : tag_set) {
      if (dims.empty() || dims.back().first != k) dims.push_back({k, {}});
      dims.back().second.push_back(v);
    }
    std::vector<size_t> idx(dims.size(), 0);
    // SubsetIter.currentSubset: per key, idx == len(vals) is every value negated, else one value
    // counted from the back.
    auto current = [&]() {
      Subset ss;
      for (size_t i = 0; i < dims.size(); ++i) {
        const auto& vals = dims[i].second;
        if (idx[i] == vals.size()) {
          for (const std::string& v : vals) ss.push_back({dims[i].first, v, true});
        } else {
          ss.push_back({dims[i].first, vals[vals.size() - idx[i] - 1], false});
        }
      }
      return ss;
    };
    bool finished = false;
    while (!finished) {
      // SubsetIter.Next: a mixed-radix counter; the all-zero state comes last.
      bool advanced = false;
      for (size_t i = 0; i < idx.size(); ++i) {
        idx[i]++;
        if (idx[i] < dims[i].second.size() + 1) {
          advanced = true;
          break;
        }
        idx[i] = 0;
      }
      if (!advanced) finished = true;
      if (++combos > kMaxFromCombinations) {
        cut = true;
        break;
      }
      create(current());  // createRule: the items whose subset contains it, in list order
    }
    if (cut) break;
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const LegacyRule& a, const LegacyRule& b) { return NumPositive(a.subset) > NumPositive(b.subset); });
  return out;
}

void BuildFromRulesKuma(const Model& m, const Dataplane& dp, TypeRules& t, const std::vector<PolicySelection>& selected,
                        const EvalOptions& o, std::vector<doc::Diagnostic>& diags) {
  (void)m;
  size_t bound = selected.size();
  for (const PolicySelection& s : selected) bound += s.inbounds.size() * (s.policy->from.size() + s.policy->rules.size());
  t.from_items.reserve(bound);
  const bool from_as_rules = IsFromAsRules(t.type);
  for (const Inbound& in : dp.inbounds) {
    std::vector<const Policy*> policies;
    for (const PolicySelection& s : selected)
      if (std::find(s.inbounds.begin(), s.inbounds.end(), &in) != s.inbounds.end()) policies.push_back(s.policy);
    std::stable_sort(policies.begin(), policies.end(),
                     [](const Policy* a, const Policy* b) { return ComparePolicies(*a, *b) < 0; });

    // rules.go BuildFromRules -> BuildRules(fromList, withNegations=true): by policy, then item.
    size_t first_from = t.from_items.size();
    for (const Policy* p : policies)
      for (size_t j = 0; j < p->from.size(); ++j) {
        Item it = MakeItem(*p, p->from[j], Direction::kFrom, j);
        it.inbound = in.Id();
        it.rank = t.from_items.size();
        t.from_items.push_back(it);
      }
    size_t end_from = t.from_items.size();

    // inbound/inboundrules.go getEntries: a policy's rules[], else (IsFromAsRules) its from[].
    std::vector<Item> entries;
    for (const Policy* p : policies) {
      if (!p->rules.empty()) {
        for (size_t j = 0; j < p->rules.size(); ++j) entries.push_back(MakeItem(*p, p->rules[j], Direction::kRules, j));
      } else if (from_as_rules) {
        for (size_t j = 0; j < p->from.size(); ++j) entries.push_back(MakeItem(*p, p->from[j], Direction::kFrom, j));
      }
    }
    // inbound/sort.go: CompareByPolicyAttributes, then display name (no item kind).
    std::stable_sort(entries.begin(), entries.end(), [](const Item& a, const Item& b) {
      return ComparePolicies(*a.policy, *b.policy) < 0;
    });
    size_t first_entry = t.from_items.size();
    for (Item& it : entries) {
      it.inbound = in.Id();
      it.rank = t.from_items.size();
      t.from_items.push_back(it);
    }

    bool has_legacy = false;
    // Legacy from-rules: asSubset per item; IsOldKind only (Mesh, MeshSubset, MeshService, MeshServiceSubset).
    std::vector<const Item*> old_items;
    std::vector<Subset> subsets;
    bool failed = false;
    for (size_t i = first_from; i < end_from; ++i) {
      const TargetRef& tr = t.from_items[i].entry->target_ref;
      if (tr.kind != "Mesh" && tr.kind != "MeshSubset" && tr.kind != "MeshService" && tr.kind != "MeshServiceSubset" &&
          tr.kind != "MeshGateway" && tr.kind != "MeshHTTPRoute")
        continue;
      Subset ss;
      if (!AsSubset(tr, ss)) failed = true;
      old_items.push_back(&t.from_items[i]);
      subsets.push_back(std::move(ss));
    }
    std::vector<InboundRule> legacy;
    if (!old_items.empty() && !failed) {
      bool cut = false;
      for (LegacyRule& lr : BuildLegacyRules(subsets, /*with_negations=*/true, cut)) {
        InboundRule rule;
        rule.inbound = &in;
        rule.source = Direction::kFrom;
        rule.subset = std::move(lr.subset);
        for (size_t i : lr.items) rule.items.push_back(old_items[i]);
        legacy.push_back(std::move(rule));
      }
      if (cut) {
        const Loc& l = old_items[0]->entry->loc;
        doc::DiagnosticSink sink(l.source);
        sink.Warning("POL030", l.range, "the from[] items of " + t.type + " on inbound '" + in.Id() + "' make more than " +
                     std::to_string(kMaxFromCombinations) + " client subsets (Kuma enumerates every combination of their "
                     "tags with negations); the list is cut there. Use fewer distinct tags in from[] targetRefs");
        diags.insert(diags.end(), sink.list().begin(), sink.list().end());
      }
    }
    has_legacy = !legacy.empty();
    // Kuma 2.12+ (inbound/inboundrules.go buildRules at v2.14.3): the rules[] entries are listed
    // one row per entry and match, unmerged; the plugins apply them when there are any and fall
    // back to the legacy from-rules otherwise (meshtrafficpermission, meshfaultinjection plugin.go).
    const bool listed = ListsInboundRules(o.profile) && t.from_items.size() > first_entry;
    for (InboundRule& rule : legacy) {
      Merged mg = MergeItems(rule.items, o.provenance, true);
      rule.conf = std::move(mg.conf);
      // createRule: common.Origins(relevant, withRuleIndex=false): one origin per policy.
      std::set<const Policy*> seen;
      for (const Item* it : rule.items)
        if (seen.insert(it->policy).second) rule.origin.push_back({it->policy, it->rule_index});
      rule.provenance = std::move(mg.provenance);
      rule.applied = !from_as_rules && !listed;
    }
    if (listed) {
      std::vector<const Item*> entries;
      for (size_t i = first_entry; i < t.from_items.size(); ++i) entries.push_back(&t.from_items[i]);
      std::vector<InboundRule> rows;
      ListInboundRules(in, entries, [&](InboundRule& r) {
        Merged mg = MergeItems(r.items, o.provenance, true);
        r.conf = std::move(mg.conf);
        r.origin = std::move(mg.origin);
        r.provenance = std::move(mg.provenance);
      }, rows);
      if (t.type == "MeshTrafficPermission") {
        std::vector<RbacMatcher> rbac = BuildRbac(rows);
        t.rbac.insert(t.rbac.end(), rbac.begin(), rbac.end());
      }
      for (InboundRule& r : rows) t.from_rules.push_back(std::move(r));
    } else if (t.from_items.size() > first_entry) {
      InboundRule r;
      r.inbound = &in;
      r.source = Direction::kRules;
      for (size_t i = first_entry; i < t.from_items.size(); ++i) r.items.push_back(&t.from_items[i]);
      Merged mg = MergeItems(r.items, o.provenance, true);
      r.conf = std::move(mg.conf);
      r.origin = std::move(mg.origin);
      r.provenance = std::move(mg.provenance);
      r.applied = from_as_rules || !has_legacy;
      t.from_rules.push_back(std::move(r));
    }
    for (InboundRule& rule : legacy) t.from_rules.push_back(std::move(rule));
  }
}

// rules.go legacyBuildToRules: the policies that select the dataplane in SortByTargetRef order,
// each policy's to[] in index order, skipping a policy with any to[] item targeting a MeshHTTPRoute
// and items of kinds that are not "old" (IsOldKind); then BuildRules(toList, withNegations=false).
// A policy whose top-level targetRef is a MeshHTTPRoute has, per to[] item, one artificial item
// per rule of the route (buildToListWithRoutes): its subset the rule's matches hash, with the
// route's to[] service (policy_http_matches.h RouteRuleSubsets).
void BuildLegacyToRules(const Model& m, TypeRules& t, const std::vector<PolicySelection>& selected,
                        const EvalOptions& o, MergeCache& cache) {
  std::vector<const Policy*> policies;
  for (const PolicySelection& s : selected) policies.push_back(s.policy);
  std::stable_sort(policies.begin(), policies.end(),
                   [](const Policy* a, const Policy* b) { return ComparePolicies(*a, *b) < 0; });
  size_t bound = 0;
  std::map<const Policy*, std::vector<Subset>> route_rules;
  for (const Policy* p : policies)
    if (p->top.kind == "MeshHTTPRoute") route_rules[p] = RouteRuleSubsets(m, *p);
  for (const Policy* p : policies)
    bound += p->to.size() * (p->top.kind == "MeshHTTPRoute" ? route_rules[p].size() : 1);
  t.legacy_to_items.reserve(bound);  // items are pointed to: never reallocated
  std::vector<Subset> subsets;
  for (const Policy* p : policies) {
    bool routes = false;
    for (const PolicyItem& e : p->to) routes |= e.target_ref.kind == "MeshHTTPRoute";
    if (routes) continue;
    if (p->top.kind == "MeshHTTPRoute") {
      size_t index = 0;  // BuildPolicyItemsWithMeta: the index in the artificial list
      for (const Subset& rule : route_rules[p])
        for (const PolicyItem& e : p->to) {
          Item it = MakeItem(*p, e, Direction::kTo, index++);
          it.rank = t.legacy_to_items.size();
          t.legacy_to_items.push_back(it);
          subsets.push_back(rule);
        }
      continue;
    }
    for (size_t j = 0; j < p->to.size(); ++j) {
      const TargetRef& tr = p->to[j].target_ref;
      Subset ss;
      if (tr.kind == "MeshGateway") return;  // asSubset fails: Kuma builds no toRules for the type
      if (!AsSubset(tr, ss)) continue;        // MeshExternalService, MeshMultiZoneService: not old kinds
      Item it = MakeItem(*p, p->to[j], Direction::kTo, j);
      it.rank = t.legacy_to_items.size();
      t.legacy_to_items.push_back(it);
      subsets.push_back(std::move(ss));
    }
  }
  if (subsets.empty()) return;
  bool cut = false;
  for (LegacyRule& lr : BuildLegacyRules(subsets, /*with_negations=*/false, cut)) {
    SubsetRule r;
    r.subset = std::move(lr.subset);
    for (size_t i : lr.items) r.items.push_back(&t.legacy_to_items[i]);
    // Without per-field provenance: a mesh of thousands of services has thousands of rows, each
    // merging the mesh-wide items again (the JSON does not carry their fields either).
    auto memo = cache.legacy.find(r.items);
    if (memo == cache.legacy.end())
      memo = cache.legacy.emplace(r.items, MergeItems(r.items, /*provenance=*/false, true, &cache)).first;
    const Merged& mg = memo->second;
    r.conf = mg.conf;
    std::set<const Policy*> seen;
    for (const Item* it : r.items)
      if (seen.insert(it->policy).second) r.origin.push_back({it->policy, it->rule_index});
    r.provenance = mg.provenance;
    t.legacy_to_rules.push_back(std::move(r));
  }
}

void BuildFromRules(const Model& m, const Dataplane& dp, TypeRules& t, const std::vector<PolicySelection>& selected,
                    const EvalOptions& o, std::vector<doc::Diagnostic>& diags) {
  // Kuma 2.14 deprecates `from`: POL065, a note per policy at load (policy_validate.cpp).
  if (IsKuma(o.profile)) BuildFromRulesKuma(m, dp, t, selected, o, diags);
  else BuildFromRulesMadr(dp, t, selected, o);
}

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

std::string SortKeysText(const Item& it, Profile p) {
  std::string s = "top-level " + it.top_kind;
  if (IsKuma(p)) {
    s += ", origin " + (it.origin.empty() ? std::string("unknown") : it.origin) + ", role " + it.role;
  }
  if (it.direction != Direction::kRules) s += ", " + std::string(DirectionName(it.direction)) + " kind " + it.item_kind;
  if (IsKuma(p) && it.has_section) s += " with sectionName";
  return s + ", name " + it.name;
}

const ResourceRule* ComputeRule(const TypeRules& t, const std::string& key, const Model& m) {
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

DataplaneRules Evaluate(const Model& m, const Dataplane& dp, const EvalOptions& o) {
  DataplaneRules out;
  out.dataplane = &dp;
  out.filtered = !o.only_keys.empty();
  out.explanation.what = "dataplane " + dp.meta.name + " (mesh " + dp.meta.mesh + ", profile " + Profiles().Name(o.profile) + ")";
  out.explanation.outcome = doc::Outcome::kInfo;
  out.explanation.range = dp.meta.loc.range;
  out.explanation.file = dp.meta.loc.file;
  for (const auto& [type, idxs] : m.policies_by_type) {
    TypeRules t;
    t.type = type;
    std::vector<PolicySelection> selected;
    for (size_t i : idxs) {
      const Policy& p = m.policies[i];
      if (p.meta.mesh != dp.meta.mesh) continue;
      PolicySelection s = SelectDataplane(m, p, dp);
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
    // (no profile difference to report).
    BuildLegacyToRules(m, t, selected, o, cache);

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

std::vector<doc::Diagnostic> Analyze(const Model& m) {
  std::vector<doc::Diagnostic> diags;
  auto emit = [&](doc::Severity sev, const char* code, const Loc& l, const std::string& msg, const std::string& path) {
    doc::DiagnosticSink sink(l.source);
    sink.Add(sev, code, l.range, msg, path);
    diags.insert(diags.end(), sink.list().begin(), sink.list().end());
  };
  for (const std::string& mesh : m.implicit_meshes) {
    const Meta* first = nullptr;
    for (const MeshService& s : m.services)
      if (!first && s.meta.mesh == mesh) first = &s.meta;
    for (const Policy& p : m.policies)
      if (!first && p.meta.mesh == mesh) first = &p.meta;
    for (const Dataplane& d : m.dataplanes)
      if (!first && d.meta.mesh == mesh) first = &d.meta;
    if (first)
      emit(doc::Severity::kNote, "POL020", first->loc, "mesh '" + mesh + "' is not declared (no 'type: Mesh' resource); "
           "it is assumed to exist, so Mesh-wide items and the mesh fallback apply. Add the Mesh to make it explicit", "");
  }
  for (const Policy& p : m.policies) {
    for (size_t j = 0; j < p.to.size(); ++j) {
      const TargetRef& t = p.to[j].target_ref;
      std::string path = "spec.to[" + std::to_string(j) + "].targetRef";
      if (t.kind != "MeshService" && t.kind != "MeshExternalService" && t.kind != "MeshHTTPRoute" &&
          t.kind != "MeshMultiZoneService")
        continue;
      // Existence first, without the section: a sectionName naming no port is POL012, not POL008.
      TargetRef whole = t;
      whole.section_name.clear();
      const bool ported = t.kind == "MeshService" || t.kind == "MeshMultiZoneService";
      std::vector<Resolved> r = ResolveTargetRef(m, p, ported ? whole : t, false);
      if (r.empty()) {
        if (!t.labels.empty()) {
          emit(doc::Severity::kWarning, "POL010", t.loc, "labels " + LabelsText(t.labels) + " match no " + t.kind +
               " in mesh '" + p.meta.mesh + "', so this item applies to nothing; check the labels", path + ".labels");
        } else if (!t.name.empty()) {
          std::string ns = t.namespace_.empty() ? p.meta.Namespace() : t.namespace_;
          emit(doc::Severity::kWarning, "POL008", t.loc, t.kind + " '" + t.name + "'" +
               (ns.empty() ? "" : " in namespace '" + ns + "'") + " does not exist in mesh '" + p.meta.mesh +
               "'; check the name and namespace (it defaults to the policy's namespace)", path + ".name");
        }
        continue;
      }
      if (ported && !t.section_name.empty()) {
        for (const Resolved& x : r) {
          if (!x.ported) continue;
          const MeshService& s = *x.ported;
          bool found = false;  // resolve/targetref.go query.findPort
          for (const Port& port : s.ports)
            found |= port.name == t.section_name || (port.name.empty() && std::to_string(port.port) == t.section_name);
          if (!found) {
            std::string names;
            for (const Port& port : s.ports) names += (names.empty() ? "" : ", ") + port.SectionName();
            emit(doc::Severity::kWarning, "POL012", t.loc, s.meta.type + " '" + s.meta.name + "' has no port named '" +
                 t.section_name + "' (ports: " + (names.empty() ? "none" : names) + "), so Kuma builds no rule from this "
                 "item for it (resolve/targetref.go); use a port's name, or the number of an unnamed port",
                 path + ".sectionName");
          }
        }
      }
    }
    if (p.top.kind == "MeshHTTPRoute") {
      std::string ns = p.top.namespace_.empty() ? p.meta.Namespace() : p.top.namespace_;
      if (!m.FindRoute(p.meta.mesh, p.top.name, ns, p.meta.Zone()))
        emit(doc::Severity::kWarning, "POL008", p.top.loc, "MeshHTTPRoute '" + p.top.name + "' does not exist in mesh '" +
             p.meta.mesh + "'; the policy selects nothing", "spec.targetRef.name");
    }
  }
  // Policies that select no dataplane (only when the input has dataplanes of that mesh).
  std::set<std::string> dp_meshes;
  for (const Dataplane& d : m.dataplanes) dp_meshes.insert(d.meta.mesh);
  for (const Policy& p : m.policies) {
    if (!dp_meshes.count(p.meta.mesh)) continue;
    if (p.meta.type == "MeshHTTPRoute" && p.to.empty()) continue;
    bool any = false;
    for (const Dataplane& d : m.dataplanes) {
      if (d.meta.mesh != p.meta.mesh) continue;
      if (SelectDataplane(m, p, d).selected) {
        any = true;
        break;
      }
    }
    if (!any)
      emit(doc::Severity::kWarning, "POL011", p.top.present ? p.top.loc : p.meta.loc, p.meta.type + " '" + p.meta.name +
           "' selects no dataplane of mesh '" + p.meta.mesh + "'; check its top-level targetRef", "spec.targetRef");
  }
  return diags;
}

}  // namespace cfgi::policy
