// core/policy/policy_rules_to.cpp: the outbound ResourceRules of one policy type (to[] items keyed
// by the real resource they name: kumahq/kuma pkg/plugins/policies/core/rules/outbound/
// resourcerules.go BuildRules, isRelevant, v2.14.3).

#include "core/policy/policy_rules_stages.h"

#include "core/policy/policy_http_matches.h"
#include "core/policy/policy_release_rules.h"

#include <algorithm>
#include <iterator>

namespace cfgi::policy::rules {

using nlohmann::json;

namespace {

// A ResourceRule's view of a Meta the model holds: no copy, no ownership (rules never outlive
// their ResourceSet), no allocation.
std::shared_ptr<const Meta> InModel(const Meta& m) { return std::shared_ptr<const Meta>(std::shared_ptr<const Meta>(), &m); }

// The resource kinds isRelevant (and the indexed path's buckets) tell apart, read from a Meta's
// type once per resolved item and per key rather than compared as text in the all-pairs loop (the naive baseline's every
// (key, item) pair compared the types with literals: a strlen and a memcmp each, 40 % of
// BM_PolicyRulesNaive under node, 7 Dec).
enum class RefKind : unsigned char { kMesh, kMeshService, kMeshMultiZoneService, kMeshExternalService, kMeshHTTPRoute, kOther };

RefKind KindOf(const std::string& type) {
  if (type == "Mesh") return RefKind::kMesh;
  if (type == "MeshService") return RefKind::kMeshService;
  if (type == "MeshMultiZoneService") return RefKind::kMeshMultiZoneService;
  if (type == "MeshExternalService") return RefKind::kMeshExternalService;
  if (type == "MeshHTTPRoute") return RefKind::kMeshHTTPRoute;
  return RefKind::kOther;
}

struct KeyEntry {
  std::string_view key;       // the item's UniqueKey with its section (held by BuildToRules' `resolved`)
  const Meta* meta = nullptr;  // the resolved resource's (held by the model or by `resolved`)
  bool meta_in_model = true;   // false: `meta` is held by `resolved` (ResourceRule copies it)
  std::string_view section;
  std::string_view base_key;  // key without section
  int service = -1;           // index into ResourceSet::services when a MeshService (Resolved::service)
  RefKind kind = RefKind::kOther;  // KindOf(meta->type)
};

// outbound.isRelevant for the naive path; `key` / `base` are the item's UniqueKey with and without
// its section and `kind` its type's, computed once per resolved item.
bool IsRelevant(const Resolved& item, RefKind kind, std::string_view key, std::string_view base, const KeyEntry& k,
                Profile profile) {
  const Meta& im = item.meta();
  const Meta& km = *k.meta;
  switch (kind) {
    case RefKind::kMesh: return k.kind == RefKind::kMesh ? im.name == km.name : im.name == km.mesh;
    case RefKind::kMeshService:
    case RefKind::kMeshMultiZoneService:
      if (k.kind != kind) return false;
      if (key == k.key) return true;
      return base == k.base_key && item.section.empty() && !k.section.empty();
    case RefKind::kMeshExternalService: return k.kind == kind && base == k.base_key;
    case RefKind::kMeshHTTPRoute: return KeysRoutes(profile) && k.kind == kind && base == k.base_key;
    case RefKind::kOther: return false;
  }
  return false;
}


// A to[] item resolved to one resource, with its UniqueKey with and without the section.
struct ResolvedItem {
  size_t rank;
  Resolved r;
  std::string_view key, base;     // UniqueKey with and without the section
  std::string own_key, own_base;  // what they view unless the model holds it (a MeshService's key)
  RefKind kind = RefKind::kOther;  // KindOf(r.meta().type)
};

// Every resolved item, its key and base key: the strings the maps below view (`resolved` is
// complete before any of them is built, so nothing they point to moves). Resources are the
// model's own Meta, never copied until a ResourceRule is made.
std::vector<ResolvedItem> ResolveItems(const ResourceSet& m, const TypeRules& t, const EvalOptions& o) {
  std::vector<ResolvedItem> resolved;
  for (const Item& it : t.to_items)
    for (Resolved& r : ResolveTargetRef(m, *it.policy, it.entry->target_ref, o.naive))
      resolved.push_back({it.rank, std::move(r), {}, {}, {}, {}, RefKind::kOther});
  // The keys, once `resolved` no longer grows (the views point into its elements).
  for (ResolvedItem& ri : resolved) {
    const Resolved& r = ri.r;
    ri.kind = KindOf(r.meta().type);
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
  return resolved;
}

// The keys, each once. The indexed path finds a MeshService's key without a section by the
// service's index (`service_key`) instead of hashing the key's text; every other key (a
// section, another kind, any key of the naive path) goes by its text (`key_index`).
struct KeyTable {
  std::vector<KeyEntry> keys;
  std::unordered_map<std::string_view, size_t> key_index;
  std::vector<int> service_key;  // index into `keys`, per MeshService (the indexed path)
};

KeyTable BuildKeys(const ResourceSet& m, const std::vector<ResolvedItem>& resolved, const EvalOptions& o) {
  KeyTable kt;
  kt.service_key.assign(o.naive ? 0 : m.services.size(), -1);
  kt.key_index.reserve(resolved.size());
  for (const ResolvedItem& ri : resolved) {
    if (!o.naive && ri.r.service >= 0 && ri.r.section.empty()) {
      int& slot = kt.service_key[static_cast<size_t>(ri.r.service)];
      if (slot >= 0) continue;
      slot = static_cast<int>(kt.keys.size());
    } else if (!kt.key_index.emplace(ri.key, kt.keys.size()).second) {
      continue;
    }
    kt.keys.push_back({ri.key, &ri.r.meta(), ri.r.in_model != nullptr, ri.r.section, ri.base, ri.r.service, ri.kind});
  }
  return kt;
}

// Indexed buckets: mesh-wide items, items per MeshService (by index) and per other resource
// (by key without section), each ascending by rank.
using Bucket = std::vector<std::pair<size_t, std::string_view>>;  // rank, section
struct ItemIndex {
  std::vector<size_t> mesh_ranks;
  std::unordered_map<size_t, Bucket> by_service;
  std::unordered_map<std::string_view, Bucket> by_resource;
};

ItemIndex IndexItems(const std::vector<ResolvedItem>& resolved, const EvalOptions& o) {
  ItemIndex ix;
  if (!o.naive) {
    for (const ResolvedItem& ri : resolved) {
      if (ri.kind == RefKind::kMesh)
        ix.mesh_ranks.push_back(ri.rank);
      else if (ri.r.service >= 0)
        ix.by_service[static_cast<size_t>(ri.r.service)].push_back({ri.rank, ri.r.section});
      else
        ix.by_resource[ri.base].push_back({ri.rank, ri.r.section});
    }
  }
  return ix;
}

// The ranks of the items relevant to key `k`, ascending and unique (`own` is scratch space).
void RelevantRanks(const KeyEntry& k, const std::vector<ResolvedItem>& resolved, const ItemIndex& ix,
                   const EvalOptions& o, std::vector<size_t>& own, std::vector<size_t>& ranks) {
  const Meta& km = *k.meta;
  if (o.naive) {
    for (const ResolvedItem& ri : resolved)
      if (IsRelevant(ri.r, ri.kind, ri.key, ri.base, k, o.profile)) ranks.push_back(ri.rank);
  } else {
    // Ascending without a sort: `resolved` follows the items' ranks, so the mesh's ranks and
    // each resource's are ascending, and the key's are the merge of the two.
    if (k.kind == RefKind::kMesh) {
      for (const ResolvedItem& ri : resolved)
        if (ri.kind == RefKind::kMesh && ri.r.meta().name == km.name) ranks.push_back(ri.rank);
    } else {
      own.clear();
      if (k.kind != RefKind::kMeshHTTPRoute || KeysRoutes(o.profile)) {
        const Bucket* bucket = nullptr;
        if (k.service >= 0) {
          auto it = ix.by_service.find(static_cast<size_t>(k.service));
          bucket = it == ix.by_service.end() ? nullptr : &it->second;
        } else {
          auto it = ix.by_resource.find(k.base_key);
          bucket = it == ix.by_resource.end() ? nullptr : &it->second;
        }
        if (bucket)
          for (const auto& [rank, section] : *bucket)
            if ((k.kind != RefKind::kMeshService && k.kind != RefKind::kMeshMultiZoneService) || section == k.section ||
                (section.empty() && !k.section.empty()))
              own.push_back(rank);
      }
      // Every resource of the mesh includes the mesh's items.
      ranks.resize(ix.mesh_ranks.size() + own.size());
      std::merge(ix.mesh_ranks.begin(), ix.mesh_ranks.end(), own.begin(), own.end(), ranks.begin());
    }
  }
  ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
}

struct RanksHash {
  size_t operator()(const std::vector<size_t>& v) const {
    size_t h = v.size();
    for (size_t x : v) h = h * 1000003u ^ x;
    return h;
  }
};

// One ResourceRule per key with relevant items, sorted by key.
void MergeKeys(const std::vector<ResolvedItem>& resolved, const KeyTable& kt, TypeRules& t,
               const EvalOptions& o, MergeCache& cache) {
  const ItemIndex ix = IndexItems(resolved, o);
  std::unordered_map<std::vector<size_t>, size_t, RanksHash> merged_by_ranks;
  t.to_rules.reserve(kt.keys.size());
  std::vector<size_t> own;  // a resource's own ranks (reused)
  for (const KeyEntry& k : kt.keys) {
    const Meta& km = *k.meta;
    std::vector<size_t> ranks;
    RelevantRanks(k, resolved, ix, o, own, ranks);
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
  std::sort(t.to_rules.begin(), t.to_rules.end(),
            [](const ResourceRule& a, const ResourceRule& b) { return a.key < b.key; });
}

// Dead items (o.provenance): relevant somewhere, yet every field they set is overridden
// (DESIGN: dead configuration).
void ReportDeadItems(const Dataplane& dp, const TypeRules& t, std::vector<doc::Diagnostic>& diags) {
  std::vector<int> relevant(t.to_items.size(), 0), live(t.to_items.size(), 0);
  std::vector<std::string> example(t.to_items.size());
  std::vector<const Item*> overrider(t.to_items.size(), nullptr);  // the first item that overrides it
  for (const ResourceRule& rr : t.to_rules) {
    for (const Item* it : rr.items()) {
      relevant[it->rank]++;
      if (example[it->rank].empty()) example[it->rank] = rr.key;
    }
    for (const FieldProvenance& f : rr.provenance()) {
      live[f.set.item->rank]++;
      for (const FieldProvenance::Write& w : f.overrode)
        if (w.item && !overrider[w.item->rank] && f.set.item->entry) overrider[w.item->rank] = f.set.item;
    }
  }
  // Every dead item is reported; Inspect's one cap (doc::CapRepeats) lists 20 per file.
  for (const Item& it : t.to_items) {
    if (!relevant[it.rank] || live[it.rank] || it.entry->conf.empty()) continue;
    const Loc& l = it.entry->loc;
    doc::DiagnosticSink sink(l.source);
    sink.Warning("POL018", l.range,
                 "to[" + std::to_string(it.rule_index) + "] of " + it.policy->meta.type + " '" +
                     it.policy->meta.name + "' never takes effect on dataplane '" + dp.meta.name +
                     "': later items override every field it sets (e.g. in " + example[it.rank] +
                     "); remove it or target it more specifically");
    if (const Item* by = overrider[it.rank])
      sink.list().back().Relate(by->entry->loc.source, by->entry->loc.range,
                                std::string(DirectionName(by->direction)) + "[" +
                                    std::to_string(by->rule_index) + "] of " + by->policy->meta.type + " '" +
                                    by->policy->meta.name + "' overrides it (later in the merge order)");
    diags.insert(diags.end(), sink.list().begin(), sink.list().end());
  }
}

// Completeness (o.complete): every MeshService and MeshExternalService of the mesh, through the fallback
// (ResourceRules.Compute), so a client can look up any resource by key.
void CompleteRules(const ResourceSet& m, const Dataplane& dp, TypeRules& t, const EvalOptions& o,
                   const KeyTable& kt, const std::set<std::string, std::less<>>& only) {
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
  // `key`: the model's ResourceSet::service_keys[service], or (service -1) a string of the caller's.
  auto add = [&](const Meta& meta, const std::string& key, int service) {
    if (service >= 0 && !o.naive ? kt.service_key[static_cast<size_t>(service)] >= 0
                                 : kt.key_index.count(key) != 0)
      return;
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
  // The indexed path walks the services in key order (ResourceSet::services_by_mesh_key_order), so
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

}  // namespace

// The stages: resolve each to[] item, key the resources once, merge each key's relevant items,
// report dead items, complete the table with every resource of the mesh, keep the asked keys.
void BuildToRules(const ResourceSet& m, const Dataplane& dp, TypeRules& t, const EvalOptions& o,
                  std::vector<doc::Diagnostic>& diags, MergeCache& cache) {
  const std::vector<ResolvedItem> resolved = ResolveItems(m, t, o);
  const KeyTable kt = BuildKeys(m, resolved, o);
  std::set<std::string, std::less<>> only(o.only_keys.begin(), o.only_keys.end());
  MergeKeys(resolved, kt, t, o, cache);
  if (o.provenance) ReportDeadItems(dp, t, diags);
  if (o.complete) CompleteRules(m, dp, t, o, kt, only);
  if (!only.empty()) {
    t.to_rules.erase(std::remove_if(t.to_rules.begin(), t.to_rules.end(),
                                    [&](const ResourceRule& r) { return !only.count(r.key); }),
                     t.to_rules.end());
  }
}

}  // namespace cfgi::policy::rules
