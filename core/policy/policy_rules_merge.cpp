// core/policy/policy_rules_merge.cpp: the merge of a rule's items (merge.Entries with
// common.Origins, kumahq/kuma pkg/plugins/policies/core/rules/merge/), the provenance of every
// merged field and where it is written, Kuma's defaults filled once per item (MergeCache).

#include "core/policy/policy_rules_stages.h"

#include "core/policy/policy_defaults.h"

#include <algorithm>
#include <iterator>

namespace cfgi::policy::rules {

using nlohmann::json;

namespace {

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

}  // namespace

// merge.Entries + common.Origins(withRuleIndex=true). With `defaults` (the kuma profile) each
// item's conf first gets Kuma's defaults (policy_defaults.h), and every field they fill is marked
// as a default in the provenance.
Merged MergeItems(const std::vector<const Item*>& items, bool provenance, bool defaults, MergeCache* cache) {
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

Meta MeshMeta(const ResourceSet& m, const std::string& mesh) {
  for (const Resource& r : m.meshes)
    if (r.meta.name == mesh) return r.meta;
  Meta meta;
  meta.type = "Mesh";
  meta.name = mesh;
  return meta;
}

}  // namespace cfgi::policy::rules
