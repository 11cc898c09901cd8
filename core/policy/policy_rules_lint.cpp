// core/policy/policy_rules_lint.cpp: the findings of a whole model that no single dataplane's
// rules show (Analyze: policies that select nothing, targetRefs that name nothing).

#include "core/policy/policy_rules_stages.h"

#include <algorithm>

namespace cfgi::policy {

using nlohmann::json;
using rules::LabelsText;

std::vector<doc::Diagnostic> Analyze(const ResourceSet& m) {
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
    // The policy's findings, their field paths scoped as its loader scopes them (gRPC
    // ValidationErrors::ScopedField): "spec.to[2].targetRef.labels".
    doc::DiagnosticSink sink;
    auto emit_at = [&](doc::Severity sev, const char* code, const Loc& l, const std::string& msg, const std::string& rel) {
      sink.set_source(l.source);
      sink.Add(sev, code, l.range, msg, rel);
    };
    doc::DiagnosticSink::ScopedField spec(&sink, "spec");
    for (size_t j = 0; j < p.to.size(); ++j) {
      const TargetRef& t = p.to[j].target_ref;
      doc::DiagnosticSink::ScopedField to(&sink, ".to");
      doc::DiagnosticSink::ScopedField item(&sink, "[" + std::to_string(j) + "]");
      doc::DiagnosticSink::ScopedField ref(&sink, ".targetRef");
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
          emit_at(doc::Severity::kWarning, "POL010", t.loc, "labels " + LabelsText(t.labels) + " match no " + t.kind +
                  " in mesh '" + p.meta.mesh + "', so this item applies to nothing; check the labels", ".labels");
        } else if (!t.name.empty()) {
          std::string ns = t.namespace_.empty() ? p.meta.Namespace() : t.namespace_;
          emit_at(doc::Severity::kWarning, "POL008", t.loc, t.kind + " '" + t.name + "'" +
                  (ns.empty() ? "" : " in namespace '" + ns + "'") + " does not exist in mesh '" + p.meta.mesh +
                  "'; check the name and namespace (it defaults to the policy's namespace)", ".name");
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
            emit_at(doc::Severity::kWarning, "POL012", t.loc, s.meta.type + " '" + s.meta.name + "' has no port named '" +
                    t.section_name + "' (ports: " + (names.empty() ? "none" : names) + "), so Kuma builds no rule from this "
                    "item for it (resolve/targetref.go); use a port's name, or the number of an unnamed port",
                    ".sectionName");
          }
        }
      }
    }
    if (p.top.kind == "MeshHTTPRoute") {
      std::string ns = p.top.namespace_.empty() ? p.meta.Namespace() : p.top.namespace_;
      if (!m.FindRoute(p.meta.mesh, p.top.name, ns, p.meta.Zone()))
        emit_at(doc::Severity::kWarning, "POL008", p.top.loc, "MeshHTTPRoute '" + p.top.name + "' does not exist in mesh '" +
                p.meta.mesh + "'; the policy selects nothing", ".targetRef.name");
    }
    diags.insert(diags.end(), sink.list().begin(), sink.list().end());
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
    if (!any) {
      doc::DiagnosticSink sink;
      doc::DiagnosticSink::ScopedField spec(&sink, "spec");
      const Loc& l = p.top.present ? p.top.loc : p.meta.loc;
      sink.set_source(l.source);
      sink.Warning("POL011", l.range, p.meta.type + " '" + p.meta.name + "' selects no dataplane of mesh '" + p.meta.mesh +
                   "'; check its top-level targetRef", ".targetRef");
      diags.insert(diags.end(), sink.list().begin(), sink.list().end());
    }
  }
  return diags;
}

}  // namespace cfgi::policy
