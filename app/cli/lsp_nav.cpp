// app/cli/lsp_nav.cpp: the language server's outline (documentSymbol) and go to definition
// (lsp.h), from each engine's typed model: Kuma resources and policies with their items; the
// matchers of a matcher list or map, nested; a TXT record's grpc_config choices; DS components
// with their references; TP2 resources with their variants. Definitions: a Kuma targetRef to the
// resources it selects (ResolveTargetRef), a DS reference to the components and registered
// services that provide its interface, a scenario's `sources: [{file}]` to the file.
#include <filesystem>
#include <set>

#include "app/cli/lsp.h"
#include "core/matcher/matcher_engine.h"
#include "core/policy/policy_engine.h"
#include "core/targeting/targeting_engine.h"
#include "core/txt/txt_engine.h"
#include "core/variants/variants_engine.h"

namespace cfgi::cli {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {


// LSP SymbolKind: 2 Module, 5 Class, 11 Interface, 12 Function, 19 Object, 20 Key.
json Symbol(const std::string& name, const std::string& detail, int kind, const json& range) {
  return json{{"name", name}, {"detail", detail}, {"kind", kind}, {"range", range}, {"selectionRange", range}};
}

void PolicySymbols(const policy::PolicyModel& m, const std::string& file, const doc::Source& src, const Place& at,
                   json& out) {
  auto range = [&](const policy::Loc& loc) { return at(file, src, loc.range)["range"]; };
  auto mine = [&file](const policy::Loc& loc) { return NormalPath(loc.file) == file && loc.range.end > loc.range.begin; };
  auto resource = [&](const policy::Meta& meta, int kind) {
    if (mine(meta.loc)) out.push_back(Symbol(meta.name, meta.type, kind, range(meta.loc)));
  };
  for (const policy::Resource& r : m.mesh.meshes) resource(r.meta, 2);
  for (const policy::MeshService& s : m.mesh.services) resource(s.meta, 5);
  for (const policy::Resource& r : m.mesh.external_services) resource(r.meta, 5);
  for (const policy::MeshService& s : m.mesh.multizone_services) resource(s.meta, 5);
  for (const policy::MeshGateway& g : m.mesh.gateways) resource(g.meta, 5);
  for (const policy::Dataplane& d : m.mesh.dataplanes) resource(d.meta, 19);
  for (const policy::Policy& p : m.mesh.policies) {
    if (!mine(p.meta.loc)) continue;
    json children = json::array();
    auto items = [&](const std::vector<policy::PolicyItem>& list, const char* dir) {
      for (size_t i = 0; i < list.size(); ++i) {
        const policy::PolicyItem& it = list[i];
        if (!mine(it.loc)) continue;
        std::string target = it.target_ref.kind + (it.target_ref.name.empty() ? "" : " " + it.target_ref.name);
        children.push_back(Symbol(std::string(dir) + "[" + std::to_string(i) + "]", target, 20, range(it.loc)));
      }
    };
    items(p.to, "to");
    items(p.from, "from");
    items(p.rules, "rules");
    json s = Symbol(p.meta.name, p.meta.type, 19, range(p.meta.loc));
    s["children"] = std::move(children);
    out.push_back(std::move(s));
  }
}

// A matcher's list items ("matchers[i]", the predicate in words) or map entries ("'key'"), each
// with the matcher its on_match nests, and the on_no_match's.
json MatcherSymbols(const matcher::Matcher& m, const std::string& file, const doc::Source& src, const Place& at) {
  json out = json::array();
  auto nested = [&](const matcher::OnMatch& om, json& s) {
    if (om.kind == matcher::OnMatch::Kind::kMatcher && om.matcher) s["children"] = MatcherSymbols(*om.matcher, file, src, at);
  };
  for (size_t i = 0; i < m.list.size(); ++i) {
    const matcher::FieldMatcher& f = m.list[i];
    if (f.range.end <= f.range.begin) continue;
    json s = Symbol("matchers[" + std::to_string(i) + "]", matcher::DescribePredicate(f.predicate), 12,
                    at(file, src, f.range)["range"]);
    nested(f.on_match, s);
    out.push_back(std::move(s));
  }
  for (const matcher::MapEntry& e : m.entries) {
    doc::SourceRange r = e.key_range;
    if (e.on_match.range.end > r.end && e.on_match.range.begin >= r.begin) r.end = e.on_match.range.end;
    if (r.end <= r.begin) continue;
    json s = Symbol("'" + e.key + "'", m.kind == matcher::Matcher::Kind::kPrefixMap ? "prefix" : "exact", 20,
                    at(file, src, r)["range"]);
    nested(e.on_match, s);
    out.push_back(std::move(s));
  }
  if (m.on_no_match && m.on_no_match->range.end > m.on_no_match->range.begin) {
    json s = Symbol("on_no_match", m.on_no_match->kind == matcher::OnMatch::Kind::kAction ? "action" : "matcher", 20,
                    at(file, src, m.on_no_match->range)["range"]);
    nested(*m.on_no_match, s);
    out.push_back(std::move(s));
  }
  return out;
}

// Each name's grpc_config choices ("choice i", its criteria), under grpc-core's reading of the list.
void TxtSymbols(const txt::TxtModel& m, const std::string& file, const doc::Source& src, const Place& at, json& out) {
  std::vector<std::shared_ptr<const txt::CompiledRecords>> names = m.per_name;
  if (names.empty() && m.analysis) names.push_back(m.analysis);
  for (const auto& a : names) {
    if (!a->source || NormalPath(a->source->name()) != file) continue;
    const txt::Compiled& c = a->of(txt::ProfileId::kCore);
    json children = json::array();
    for (const txt::Choice& ch : c.choices) {
      if (!ch.node || ch.attribute < 0 || static_cast<size_t>(ch.attribute) >= c.attributes.size()) continue;
      doc::SourceRange r = c.attributes[static_cast<size_t>(ch.attribute)].json.Map(ch.node->range().begin,
                                                                                    ch.node->range().end);
      std::string criteria;
      for (const char* key : {"clientLanguage", "clientHostname", "percentage"})
        if (ch.node->Get(key)) criteria += (criteria.empty() ? "" : ", ") + std::string(key);
      children.push_back(Symbol("choice " + std::to_string(ch.index), criteria.empty() ? "every client" : criteria, 20,
                                at(file, src, r)["range"]));
    }
    doc::SourceRange whole{a->names.empty() ? 0u : a->names.front().range.begin, 0};
    for (const txt::Name& n : a->names)
      if (n.key == a->query_owner || a->names.size() == 1) whole = n.range;
    json s = Symbol(a->query_name.empty() ? "grpc_config" : a->query_name, "TXT grpc_config", 2,
                    at(file, src, whole)["range"]);
    s["children"] = std::move(children);
    out.push_back(std::move(s));
  }
}

void TargetingSymbols(const targeting::Workspace& w, const std::string& file, const doc::Source& src,
                      const Place& at, json& out) {
  for (const targeting::Component& c : w.manifest.components) {
    if (NormalPath(c.file) != file || c.range.end <= c.range.begin) continue;
    json children = json::array();
    for (const targeting::Reference& r : c.references) {
      if (r.range.end <= r.range.begin) continue;
      children.push_back(Symbol(r.name, r.interface + (r.target ? " " + *r.target : std::string()), 11,
                                at(file, src, r.range)["range"]));
    }
    std::string provides;
    for (const std::string& i : c.interfaces) provides += (provides.empty() ? "provides " : ", ") + i;
    json s = Symbol(c.name, provides.empty() ? "component" : provides, 5, at(file, src, c.range)["range"]);
    s["children"] = std::move(children);
    out.push_back(std::move(s));
  }
}

void VariantsSymbols(const variants::CompiledScenario& a, const std::string& file, const doc::Source& src, const Place& at,
                     json& out) {
  for (const variants::ResourceVariants& r : a.final_state.resources) {
    json children = json::array();
    doc::SourceRange whole{UINT32_MAX, 0};
    for (const variants::Variant& v : r.variants) {
      if (!v.source || NormalPath(v.source->name()) != file || v.range.end <= v.range.begin) continue;
      whole = {std::min(whole.begin, v.range.begin), std::max(whole.end, v.range.end)};
      children.push_back(Symbol("variant " + v.IdText(), v.canonical, 20, at(file, src, v.range)["range"]));
    }
    if (children.empty()) continue;
    json s = Symbol(r.name, "resource", 5, at(file, src, whole)["range"]);
    s["children"] = std::move(children);
    out.push_back(std::move(s));
  }
}

// The source named `file` among the scenario's (its envelope included); null when none.
const doc::Source* SourceNamed(const Scenario& s, const std::string& file) {
  if (s.envelope && s.envelope->source && NormalPath(s.envelope->source->name()) == NormalPath(file))
    return s.envelope->source.get();
  for (const doc::Document& d : s.sources)
    if (NormalPath(d.source->name()) == NormalPath(file)) return d.source.get();
  return nullptr;
}

}  // namespace

json DocumentSymbols(const std::string& file, const doc::Source& src, const GroupRun& run, const Place& at) {
  json out = json::array();
  const EngineModel* model = run.inspection.model.get();
  if (const auto* m = ModelAs<policy::PolicyModel>(model)) PolicySymbols(*m, file, src, at, out);
  if (const auto* m = ModelAs<matcher::MatcherModel>(model)) {
    const matcher::ScenarioMatcher& sm = m->sm;
    if (sm.matcher.root && sm.matcher.source && NormalPath(sm.matcher.source->name()) == file)
      out = MatcherSymbols(*sm.matcher.root, file, src, at);
  }
  if (const auto* m = ModelAs<txt::TxtModel>(model)) TxtSymbols(*m, file, src, at, out);
  if (const auto* m = ModelAs<targeting::TargetingModel>(model)) TargetingSymbols(m->workspace, file, src, at, out);
  if (const auto* m = ModelAs<variants::VariantsModel>(model)) VariantsSymbols(m->analysis, file, src, at, out);
  return out;
}

json Definitions(const std::string& file, uint32_t offset, const GroupRun& run, const Place& at) {
  json out = json::array();
  std::set<std::pair<std::string, uint32_t>> seen;
  auto add = [&](const std::string& f, const doc::Source* s, doc::SourceRange r) {
    if (!s || f.empty() || !seen.insert({NormalPath(f), r.begin}).second) return;
    out.push_back(at(f, *s, r));
  };
  const EngineModel* model = run.inspection.model.get();
  // Kuma: a targetRef (top level or an item's) -> the resources it selects.
  if (const auto* m = ModelAs<policy::PolicyModel>(model)) {
    auto here = [&](const policy::Loc& loc) { return NormalPath(loc.file) == file && RangeHolds(loc.range, offset); };
    for (const policy::Policy& p : m->mesh.policies) {
      if (!here(p.meta.loc)) continue;
      std::vector<const policy::TargetRef*> refs;
      if (p.top.present) refs.push_back(&p.top);
      for (const auto* list : {&p.to, &p.from, &p.rules})
        for (const policy::PolicyItem& it : *list) refs.push_back(&it.target_ref);
      for (const policy::TargetRef* t : refs) {
        if (!here(t->loc)) continue;
        for (const policy::Resolved& r : policy::ResolveTargetRef(m->mesh, p, *t, false))
          add(r.meta().loc.file, r.meta().loc.source, r.meta().loc.range);
      }
    }
  }
  // DS: a reference -> the components that provide its interface.
  if (const auto* m = ModelAs<targeting::TargetingModel>(model)) {
    const targeting::Workspace& w = m->workspace;
    for (const targeting::Component& c : w.manifest.components)
      for (const targeting::Reference& r : c.references) {
        if (NormalPath(r.file) != file || !RangeHolds(r.range, offset)) continue;
        for (const targeting::Component& p : w.manifest.components)
          if (std::find(p.interfaces.begin(), p.interfaces.end(), r.interface) != p.interfaces.end())
            add(p.file, SourceNamed(*run.scenario, p.file), p.range);
        // And the scenario's registered services that implement it (inputs.services, a registry file).
        for (const targeting::Service& v : w.registry.services)
          if (std::find(v.interfaces.begin(), v.interfaces.end(), r.interface) != v.interfaces.end())
            add(v.file, SourceNamed(*run.scenario, v.file), v.range);
      }
  }
  // A scenario's `sources: [{file: X}]` -> X (its first line).
  const Scenario& s = *run.scenario;
  if (s.envelope && s.envelope->source && NormalPath(s.envelope->source->name()) == file) {
    const doc::Node* root = s.envelope->root();
    const doc::Node* list = root ? root->Get("sources") : nullptr;
    for (size_t i = 0; list && list->is_seq() && i < list->items().size(); ++i) {
      const doc::Node& item = list->items()[i];
      const doc::Node* f = item.is_map() ? item.Get("file") : item.is_string() ? &item : nullptr;
      if (!f || !f->is_string() || !RangeHolds(item.range(), offset)) continue;
      std::string rel = f->text();
      std::string path = !rel.empty() && rel[0] == '/' ? rel : (fs::path(file).parent_path() / rel).generic_string();
      out.push_back(json{{"uri", PathToUri(fs::absolute(path).lexically_normal().generic_string())},
                         {"range", {{"start", {{"line", 0}, {"character", 0}}}, {"end", {{"line", 0}, {"character", 0}}}}}});
    }
  }
  return out;
}

}  // namespace cfgi::cli
