#include "core/policy/policy_inspect.h"

#include <algorithm>
#include <iterator>
#include <unordered_map>

#include "core/doc/utf8.h"
#include "core/policy/policy_merge.h"

namespace cfgi::policy {

using nlohmann::json;

namespace {

std::string ItemName(const Item* it) {
  if (!it || !it->policy) return "?";
  return it->policy->meta.name + " " + DirectionName(it->direction) + "[" + std::to_string(it->rule_index) + "]";
}

doc::Step MakeStep(std::string what, doc::Outcome o, std::string detail, const Loc& loc) {
  doc::Step s;
  s.what = std::move(what);
  s.outcome = o;
  s.detail = std::move(detail);
  s.range = loc.range;
  s.file = loc.file;
  return s;
}

// The merge stack of `rule`: its items in merge order, each with its sort keys; `setter` (when
// given) is the item that decided the value being explained.
doc::Step StackStep(const ResourceRule& rule, Profile p, const Item* setter) {
  doc::Step s;
  s.what = "merge stack (" + std::to_string(rule.items().size()) + (rule.items().size() == 1 ? " item" : " items") +
           ", ascending: later wins)";
  s.outcome = doc::Outcome::kInfo;
  for (size_t i = 0; i < rule.items().size(); ++i) {
    const Item* it = rule.items()[i];
    s.Add(MakeStep("#" + std::to_string(i) + " " + ItemName(it), it == setter ? doc::Outcome::kMatched : doc::Outcome::kInfo,
                   SortKeysText(*it, p), it->entry ? it->entry->loc : Loc{}));
  }
  return s;
}

size_t StackPosition(const ResourceRule& rule, const Item* it) {
  for (size_t i = 0; i < rule.items().size(); ++i)
    if (rule.items()[i] == it) return i;
  return rule.items().size();
}

void Walk(const json& v, const std::string& key, const std::string& path, int depth,
          const std::unordered_map<std::string, const FieldProvenance*>& by_path, std::vector<ConfLine>& out) {
  ConfLine l;
  l.depth = depth;
  l.key = key;
  l.path = path;
  auto f = by_path.find(path);
  if (f != by_path.end()) l.field = f->second;
  const bool container = (v.is_object() || v.is_array()) && !v.empty();
  l.leaf = !container;
  if (!container) l.value = v;
  if (depth >= 0) out.push_back(std::move(l));
  if (!container) return;
  if (v.is_object()) {
    for (auto it = v.begin(); it != v.end(); ++it)
      Walk(it.value(), it.key(), path + "/" + EscapePointerToken(it.key()), depth + 1, by_path, out);
  } else {
    for (size_t i = 0; i < v.size(); ++i) Walk(v[i], "-", path + "/" + std::to_string(i), depth + 1, by_path, out);
  }
}

// The deciding step of one leaf, then what it overrode, then the stack.
doc::Step LeafStep(const std::string& type, const ConfLine& l, const ResourceRule& rule, Profile p) {
  const FieldProvenance& f = *l.field;
  const Item* it = f.set.item;
  const size_t pos = StackPosition(rule, it);
  std::string detail;
  if (f.set.is_default) {
    detail = "Kuma's default (+kubebuilder:default), filled into the object " + ItemName(it) + " wrote";
  } else {
    detail = "set by " + ItemName(it) + (f.appended ? " (appended: append* lists concatenate)" : "");
  }
  if (pos < rule.items().size())
    detail += "; #" + std::to_string(pos) + " of " + std::to_string(rule.items().size()) + " in the merge stack";
  if (!f.overrode.empty()) detail += ", overriding " + std::to_string(f.overrode.size()) + " earlier value(s)";
  doc::Step s = MakeStep(type + " " + (l.path.empty() ? "/" : l.path) + " = " + LeafText(f.set.value),
                         doc::Outcome::kMatched, std::move(detail), f.set.loc);
  // The deciding item's sort keys: why it comes after the ones it overrode.
  if (it) s.Add(MakeStep("decided by " + ItemName(it), doc::Outcome::kMatched, SortKeysText(*it, p),
                         it->entry ? it->entry->loc : f.set.loc));
  for (const FieldProvenance::Write& w : f.overrode)
    s.Add(MakeStep("overrode " + ItemName(w.item) + ": " + (w.path.empty() ? "/" : w.path) + " = " + LeafText(w.value),
                   doc::Outcome::kSkipped,
                   w.item ? "#" + std::to_string(StackPosition(rule, w.item)) + " in the merge stack: earlier, so it loses" : "",
                   w.loc));
  s.Add(StackStep(rule, p, it));
  return s;
}

}  // namespace

std::string LeafText(const json& v) {
  if (v.is_string()) {
    const std::string& s = v.get_ref<const std::string&>();
    // Bare unless it would read as another YAML type or is empty / padded.
    bool quote = s.empty() || s == "true" || s == "false" || s == "null" || s == "~" || s.front() == ' ' ||
                 s.back() == ' ' || s.find(": ") != std::string::npos || s.front() == '{' || s.front() == '[' ||
                 s.front() == '"' || s.front() == '\'' || s.front() == '#' || s.front() == '-' ||
                 s.find('\n') != std::string::npos ||
                 (!s.empty() && s.find_first_not_of("0123456789.+-eE") == std::string::npos);
    return quote ? doc::JsonText(v) : s;
  }
  if (v.is_object() && v.empty()) return "{}";
  if (v.is_array() && v.empty()) return "[]";
  return doc::JsonText(v);
}

std::vector<ConfLine> ConfLines(const json& conf, const std::vector<FieldProvenance>& provenance) {
  std::unordered_map<std::string, const FieldProvenance*> by_path;
  for (const FieldProvenance& f : provenance) by_path.emplace(f.path, &f);
  std::vector<ConfLine> out;
  if ((conf.is_object() || conf.is_array()) && !conf.empty()) {
    Walk(conf, "", "", -1, by_path, out);
  } else if (!conf.is_null() && !(conf.is_object() && conf.empty())) {
    Walk(conf, "", "", 0, by_path, out);  // a conf that is not an object (RFC 7396 replaced it)
  }
  return out;
}

std::vector<std::string> ResourceKeys(const DataplaneRules& r) {
  std::vector<std::string> keys;
  size_t n = 0;
  for (const TypeRules& t : r.types) n += t.to_rules.size();
  keys.reserve(n);
  for (const TypeRules& t : r.types)
    for (const ResourceRule& rr : t.to_rules) keys.emplace_back(rr.key);
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  return keys;
}

std::vector<std::string> MeshResourceKeys(const ResourceSet& m, const std::string& mesh) {
  std::vector<std::string> keys;
  if (!m.HasMesh(mesh)) return keys;
  Meta mm;
  mm.type = "Mesh";
  mm.name = mesh;
  keys.push_back(UniqueKey(mm));
  auto it = m.services_by_mesh.find(mesh);
  if (it != m.services_by_mesh.end()) {
    keys.reserve(it->second.size() + 1);
    for (size_t i : it->second) keys.push_back(m.service_keys[i]);
  }
  for (const Resource& r : m.external_services)
    if (r.meta.mesh == mesh) keys.push_back(UniqueKey(r.meta));
  for (const MeshService& r : m.multizone_services)
    if (r.meta.mesh == mesh) keys.push_back(UniqueKey(r.meta));
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  return keys;
}

std::string DefaultResourceKey(const DataplaneRules& r) {
  // What the dataplane calls first: a MeshService (an outbound of every dataplane of the mesh in
  // Kuma 2.x), then a MeshMultiZoneService, a MeshExternalService, a route; by key within each.
  auto rank = [](const std::string& type) {
    static const char* kOrder[] = {"MeshService", "MeshMultiZoneService", "MeshExternalService", "MeshHTTPRoute", "MeshTCPRoute"};
    for (size_t i = 0; i < std::size(kOrder); ++i)
      if (type == kOrder[i]) return i;
    return std::size(kOrder);
  };
  std::string best;
  size_t best_rank = 0;
  for (const TypeRules& t : r.types)
    for (const ResourceRule& rr : t.to_rules) {
      if (!rr.sparse || rr.meta().type == "Mesh") continue;
      const size_t k = rank(rr.meta().type);
      if (best.empty() || k < best_rank || (k == best_rank && rr.key < best)) {
        best = std::string(rr.key);
        best_rank = k;
      }
    }
  if (!best.empty()) return best;
  for (const TypeRules& t : r.types)
    if (!t.to_rules.empty() && (best.empty() || t.to_rules.front().key < best)) best = t.to_rules.front().key;
  return best;
}

ResourceConf ResourceConfOf(const DataplaneRules& r, const ResourceSet& m, const std::string& key, Profile p,
                                   bool explain) {
  ResourceConf out;
  out.key = key;
  bool have_meta = false;
  for (const TypeRules& t : r.types) {
    TypeConf ti;
    ti.type = t.type;
    ti.rules = &t;
    auto at = std::lower_bound(t.to_rules.begin(), t.to_rules.end(), key,
                               [](const ResourceRule& x, const std::string& k) { return x.key < k; });
    if (at != t.to_rules.end() && at->key == key) {
      ti.rule = &*at;
      ti.fallback = !at->sparse;
      if (!have_meta) {
        out.resource = at->meta();
        have_meta = true;
      }
    } else if (const ResourceRule* fb = ComputeRule(t, key, m)) {
      // ResourceRules.Compute: a section without a rule of its own takes its service's, a
      // service the mesh's (resourcerules.go Compute).
      ti.rule = fb;
      ti.fallback = true;
    }
    if (!ti.rule) continue;
    ti.lines = ConfLines(ti.rule->conf(), ti.rule->provenance());
    for (ConfLine& l : ti.lines) {
      if (!l.field) continue;
      if (explain) l.why = LeafStep(t.type, l, *ti.rule, p);
      ++out.leaves;
    }
    if (!explain) {
      out.types.push_back(std::move(ti));
      continue;
    }
    ti.why.what = t.type + " for " + key;
    ti.why.outcome = doc::Outcome::kInfo;
    ti.why.detail = ti.fallback ? "no rule of its own: falls back to " + std::string(ti.rule->key)
                                : "merge of " + std::to_string(ti.rule->items().size()) + (ti.rule->items().size() == 1 ? " item" : " items");
    ti.why.Add(StackStep(*ti.rule, p, nullptr));
    out.types.push_back(std::move(ti));
  }
  return out;
}

}  // namespace cfgi::policy
