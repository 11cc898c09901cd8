// Which dataplanes a policy affects (policy_affects.h), after kumahq/kuma v2.14.3
// pkg/plugins/policies/core/matchers/dataplane.go (the top-level targetRef) and
// pkg/core/resources/apis/core/resolve/targetref.go (to[] targetRefs); Kuma 3.0's narrowed
// top-level kinds from UPGRADE.md ("Upgrade to 3.0.0": top-level targetRef only Mesh or Dataplane).
#include "core/policy/policy_affects.h"

#include "core/policy/policy_release.h"
#include "core/policy/policy_release_rules.h"

namespace cfgi::policy {

namespace {

std::string Text(const Labels& l) {
  std::string s = "{";
  for (const auto& [k, v] : l) s += (s.size() > 1 ? ", " : "") + k + ": " + v;
  return s + "}";
}

// Why a top-level targetRef that selects no dataplane of the mesh selects none.
std::string TopNothing(const ResourceSet& m, const Policy& p, Profile profile) {
  const TargetRef& t = p.top;
  const std::string kind = t.kind.empty() ? "Mesh" : t.kind;
  if (ReleaseOf(profile) == KumaRelease::k3_0 && kind != "Mesh" && kind != "Dataplane")
    return "top-level kind " + kind + " is removed in Kuma 3.0 (the top-level targetRef is Mesh or Dataplane); "
           "select the dataplanes with kind: Dataplane and labels";
  if (kind == "MeshExternalService" || kind == "MeshMultiZoneService")
    return "kind " + kind + " is not a proxy: at the top level it selects no dataplane (the wrong kind for this "
           "place); use Mesh or Dataplane";
  size_t in_mesh = 0;
  for (const Dataplane& d : m.dataplanes) in_mesh += d.meta.mesh == p.meta.mesh;
  if (in_mesh == 0) return "mesh '" + p.meta.mesh + "' has no dataplane in the input";
  if (kind == "Dataplane") {
    std::string what;
    if (!t.name.empty()) {
      std::string ns = t.namespace_.empty() ? p.meta.Namespace() : t.namespace_;
      what = "is named '" + t.name + "'" + (ns.empty() ? "" : " in namespace '" + ns + "'");
    }
    if (t.has_labels) what += (what.empty() ? "" : " and ") + std::string("has the labels ") + Text(t.labels);
    if (!t.section_name.empty()) what += (what.empty() ? "" : " with ") + std::string("an inbound '") + t.section_name + "'";
    return "no dataplane of mesh '" + p.meta.mesh + "' " + (what.empty() ? "matches" : what);
  }
  if (kind == "MeshSubset" || kind == "MeshServiceSubset" || kind == "MeshService") {
    Labels tags = t.tags;
    if (kind != "MeshSubset") tags[kServiceTag] = t.name;
    return "no inbound of a dataplane of mesh '" + p.meta.mesh + "' has the tags " + Text(tags);
  }
  if (kind == "MeshGateway") return "no builtin gateway dataplane is served by MeshGateway '" + t.name + "'";
  if (kind == "MeshHTTPRoute") return "MeshHTTPRoute '" + t.name + "' selects no dataplane";
  if (!t.proxy_types.empty()) return "no dataplane of mesh '" + p.meta.mesh + "' is of the proxyTypes listed";
  return "no dataplane of mesh '" + p.meta.mesh + "' matches";
}

// Why a to[] targetRef resolves to no resource.
std::string ItemNothing(const ResourceSet& m, const Policy& p, const TargetRef& t, Profile profile) {
  (void)m;
  if (t.kind == "Dataplane" || t.kind == "MeshSubset")
    return "kind " + t.kind + " names proxies, not destinations: in to[] it matches no resource (the wrong kind for "
           "this place); use MeshService, MeshExternalService, MeshMultiZoneService or Mesh";
  if (ReleaseOf(profile) == KumaRelease::k3_0 && t.kind == "MeshServiceSubset")
    return "kind MeshServiceSubset is removed in Kuma 3.0; use MeshService with sectionName";
  if (t.has_labels) return "no " + t.kind + " of mesh '" + p.meta.mesh + "' has the labels " + Text(t.labels);
  std::string ns = t.namespace_.empty() ? p.meta.Namespace() : t.namespace_;
  std::string what = "no " + t.kind + " '" + t.name + "'" + (ns.empty() ? "" : " in namespace '" + ns + "'");
  if (!t.section_name.empty()) what += " with a port '" + t.section_name + "'";
  return what + " in mesh '" + p.meta.mesh + "'";
}

}  // namespace

std::vector<const Policy*> FindPolicies(const ResourceSet& m, const std::string& name) {
  std::vector<const Policy*> out;
  for (const Policy& p : m.policies)
    if (p.meta.name == name) out.push_back(&p);
  if (out.empty())
    for (const Policy& p : m.policies)
      if (p.meta.DisplayName() == name) out.push_back(&p);
  return out;
}

PolicyAffects AffectsOf(const ResourceSet& m, const Policy& p, Profile profile) {
  PolicyAffects a;
  a.policy = &p;
  doc::DiagnosticSink sink(p.top.present ? p.top.loc.source : p.meta.loc.source);
  bool any = false;
  for (const Dataplane& d : m.dataplanes) {
    if (d.meta.mesh != p.meta.mesh) continue;
    PolicySelection s = SelectDataplane(m, p, d, ReadsZoneListeners(profile));
    AffectedDataplane x;
    x.dataplane = &d;
    x.selected = s.selected;
    x.reason = s.reason;
    if (ReleaseOf(profile) == KumaRelease::k3_0 && s.selected && !p.top.kind.empty() && p.top.kind != "Mesh" &&
        p.top.kind != "Dataplane") {
      x.selected = false;
      x.reason = "kind " + p.top.kind + " at the top level is removed in Kuma 3.0";
    }
    for (const Inbound* in : s.inbounds) x.inbounds.push_back(in->Id());
    any |= x.selected;
    a.dataplanes.push_back(std::move(x));
  }
  if (!any) {
    a.nothing = TopNothing(m, p, profile);
    const Loc& l = p.top.present ? p.top.loc : p.meta.loc;
    sink.Warning("POL083", l.range,
                 p.meta.type + " '" + p.meta.name + "' affects no dataplane: " + a.nothing, "spec.targetRef");
  }
  for (size_t j = 0; j < p.to.size(); ++j) {
    const TargetRef& t = p.to[j].target_ref;
    // The item's path as its loader scopes it (DiagnosticSink::ScopedField): "spec.to[1].targetRef".
    doc::DiagnosticSink s(t.loc.source);
    doc::DiagnosticSink::ScopedField spec(&s, "spec");
    doc::DiagnosticSink::ScopedField to(&s, ".to");
    doc::DiagnosticSink::ScopedField index(&s, "[" + std::to_string(j) + "]");
    doc::DiagnosticSink::ScopedField ref(&s, ".targetRef");
    ItemTargets it;
    it.path = s.field_path();
    it.kind = t.kind;
    if (t.kind == "Dataplane" || t.kind == "MeshSubset") {
      it.nothing = ItemNothing(m, p, t, profile);
    } else {
      for (const Resolved& r : ResolveTargetRef(m, p, t, false)) it.resources.push_back(UniqueKey(r.meta(), r.section));
      if (it.resources.empty()) it.nothing = ItemNothing(m, p, t, profile);
    }
    if (!it.nothing.empty()) {
      s.Warning("POL083", t.loc.range, "to[" + std::to_string(j) + "] of " + p.meta.type + " '" + p.meta.name +
                                           "' matches nothing: " + it.nothing);
      sink.Append(s.list());
    }
    a.items.push_back(std::move(it));
  }
  a.diagnostics = sink.list();
  for (doc::Diagnostic& d : a.diagnostics)
    if (d.file.empty()) d.file = p.meta.loc.file;
  return a;
}

nlohmann::ordered_json AffectsJson(const PolicyAffects& a) {
  nlohmann::ordered_json j;
  const Policy& p = *a.policy;
  j["name"] = p.meta.name;
  j["type"] = p.meta.type;
  j["mesh"] = p.meta.mesh;
  nlohmann::ordered_json sel = nlohmann::ordered_json::array(), not_sel = nlohmann::ordered_json::array();
  for (const AffectedDataplane& d : a.dataplanes) {
    nlohmann::ordered_json x = {{"dataplane", d.dataplane->meta.name}, {"reason", d.reason}};
    if (d.selected) {
      x["inbounds"] = d.inbounds;
      sel.push_back(std::move(x));
    } else {
      not_sel.push_back(std::move(x));
    }
  }
  j["selects"] = std::move(sel);
  j["doesNotSelect"] = std::move(not_sel);
  if (!a.nothing.empty()) j["matchesNothing"] = a.nothing;
  nlohmann::ordered_json to = nlohmann::ordered_json::array();
  for (const ItemTargets& it : a.items) {
    nlohmann::ordered_json x = {{"path", it.path}, {"kind", it.kind}, {"resources", it.resources}};
    if (!it.nothing.empty()) x["matchesNothing"] = it.nothing;
    to.push_back(std::move(x));
  }
  j["to"] = std::move(to);
  return j;
}

}  // namespace cfgi::policy
