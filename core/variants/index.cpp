#include "core/variants/index.h"

#include <algorithm>
#include <random>

#include "core/engine/build_count.h"
#include "core/variants/analysis.h"

namespace cfgi::variants {

VariantIndex VariantIndex::Build(const std::vector<ResourceVariants>& resources) {
  VariantIndex idx;
  idx.res_.reserve(resources.size());
  for (const ResourceVariants& r : resources) {
    idx.res_ids_.emplace(r.name, static_cast<uint32_t>(idx.res_.size()));
    Res res;
    std::vector<const Constraint*> cs;
    for (const Variant& v : r.variants) cs.push_back(&v.constraint);
    Domain d = Domain::ForConstraints(cs);
    // Intern every key and value the resource names (also for fallback resources, so that
    // Compile keeps their parameters).
    for (size_t k = 0; k < d.key_count(); ++k) {
      auto [it, fresh] = idx.key_ids_.emplace(d.key(k), static_cast<uint32_t>(idx.value_ids_.size()));
      if (fresh) idx.value_ids_.emplace_back();
      auto& vals = idx.value_ids_[it->second];
      for (const std::string& v : d.values(k)) vals.emplace(v, static_cast<uint32_t>(vals.size()));
    }
    std::vector<Cube> cubes;
    bool fallback = r.variants.size() > 64;
    for (size_t i = 0; i < r.variants.size() && !fallback; ++i) {
      Dnf dnf = ToDnf(r.variants[i].constraint, d, 64);
      if (dnf.overflow || cubes.size() + dnf.cubes.size() > 64) {
        fallback = true;
        break;
      }
      for (Cube& c : dnf.cubes) {
        cubes.push_back(std::move(c));
        res.cube_variant.push_back(static_cast<uint8_t>(i));
      }
    }
    if (fallback) {
      res.fallback = &r;
      res.cube_variant.clear();
      idx.res_.push_back(std::move(res));
      continue;
    }
    res.all = cubes.size() == 64 ? ~uint64_t{0} : ((uint64_t{1} << cubes.size()) - 1);
    for (size_t k = 0; k < d.key_count(); ++k) {
      KeyTable t;
      t.key = idx.key_ids_.at(d.key(k));
      auto mask_of = [&](size_t cls) {
        uint64_t m = 0;
        for (size_t c = 0; c < cubes.size(); ++c)
          if (CubeHas(cubes[c], d, k, cls)) m |= uint64_t{1} << c;
        return m;
      };
      t.absent = mask_of(0);
      t.other = mask_of(1);
      const auto& vals = idx.value_ids_[t.key];
      for (size_t i = 0; i < d.values(k).size(); ++i) t.values.emplace_back(vals.at(d.values(k)[i]), mask_of(2 + i));
      std::sort(t.values.begin(), t.values.end());
      res.keys.push_back(std::move(t));
    }
    std::sort(res.keys.begin(), res.keys.end(), [](const KeyTable& a, const KeyTable& b) { return a.key < b.key; });
    idx.res_.push_back(std::move(res));
  }
  return idx;
}

CompiledParams VariantIndex::Compile(const Params& p) const {
  CompiledParams c;
  c.kv.reserve(p.size());
  for (const auto& [k, v] : p) {
    auto kit = key_ids_.find(k);
    if (kit == key_ids_.end()) continue;  // no constraint names this key: it never matters
    const auto& vals = value_ids_[kit->second];
    auto vit = vals.find(v);
    c.kv.emplace_back(kit->second, vit == vals.end() ? kOther : vit->second);
  }
  std::sort(c.kv.begin(), c.kv.end());
  return c;
}

int VariantIndex::ResourceIndex(const std::string& name) const {
  auto it = res_ids_.find(name);
  return it == res_ids_.end() ? -1 : static_cast<int>(it->second);
}

uint64_t VariantIndex::Match(size_t resource, const CompiledParams& p) const {
  const Res& r = res_[resource];
  if (r.fallback) {
    // Rebuild the parameters by name (rare: only resources with more than 64 cubes).
    Params named;
    for (const auto& [k, v] : p.kv) {
      std::string key, value = "\x01other";
      for (const auto& [ks, id] : key_ids_)
        if (id == k) key = ks;
      for (const auto& [vs, id] : value_ids_[k])
        if (id == v) value = vs;
      named[key] = value;
    }
    return NaiveMatch(*r.fallback, named);
  }
  uint64_t mask = r.all;
  size_t j = 0;
  for (const KeyTable& t : r.keys) {
    while (j < p.kv.size() && p.kv[j].first < t.key) ++j;
    uint64_t m;
    if (j < p.kv.size() && p.kv[j].first == t.key) {
      uint32_t v = p.kv[j].second;
      m = t.other;
      if (v != kOther) {
        auto it = std::lower_bound(t.values.begin(), t.values.end(), std::make_pair(v, uint64_t{0}));
        if (it != t.values.end() && it->first == v) m = it->second;
      }
    } else {
      m = t.absent;
    }
    mask &= m;
    if (!mask) return 0;
  }
  uint64_t out = 0;
  while (mask) {
    int bit = __builtin_ctzll(mask);
    out |= uint64_t{1} << r.cube_variant[static_cast<size_t>(bit)];
    mask &= mask - 1;
  }
  return out;
}

Selection VariantIndex::Select(size_t resource, const CompiledParams& p) const {
  CountEvaluationWork();  // core/engine/build_count.h: never on the app's UI thread
  uint64_t m = Match(resource, p);
  Selection s;
  for (uint64_t x = m; x; x &= x - 1) s.matching.push_back(static_cast<size_t>(__builtin_ctzll(x)));
  if (s.matching.size() == 1) {
    s.outcome = MatchKind::kMatch;
    s.selected = s.matching[0];
  } else {
    s.outcome = s.matching.empty() ? MatchKind::kNone : MatchKind::kAmbiguous;
  }
  return s;
}

size_t VariantIndex::fallback_count() const {
  return static_cast<size_t>(std::count_if(res_.begin(), res_.end(), [](const Res& r) { return r.fallback; }));
}

size_t VariantIndex::MemoryBytes() const {
  size_t b = sizeof(*this);
  auto str_map = [](const std::unordered_map<std::string, uint32_t>& m) {
    size_t n = m.bucket_count() * sizeof(void*);
    for (const auto& [k, v] : m) n += sizeof(std::pair<const std::string, uint32_t>) + 2 * sizeof(void*) + (k.size() > 15 ? k.capacity() : 0);
    return n;
  };
  b += str_map(key_ids_) + str_map(res_ids_);
  for (const auto& m : value_ids_) b += sizeof(m) + str_map(m);
  b += res_.capacity() * sizeof(Res);
  for (const Res& r : res_) {
    b += r.keys.capacity() * sizeof(KeyTable) + r.cube_variant.capacity();
    for (const KeyTable& t : r.keys) b += t.values.capacity() * sizeof(t.values[0]);
  }
  return b;
}

uint64_t NaiveMatch(const ResourceVariants& r, const Params& p) {
  uint64_t m = 0;
  for (size_t i = 0; i < r.variants.size() && i < 64; ++i)
    if (Matches(r.variants[i].constraint, p)) m |= uint64_t{1} << i;
  return m;
}

// ---- synthetic snapshot ---------------------------------------------------------------------

namespace {
// (Appending avoids GCC 12's false -Wrestrict on `"v" + std::to_string(i)`.)
std::string Val(size_t i) {
  std::string s = "v";
  return s += std::to_string(i);
}
std::string Key(size_t i) {
  std::string s = "k";
  return s += std::to_string(i);
}

// Class c of key k: v0, v1, v2, or "present with another value" (c = 3).
Constraint ClassOf(const std::string& k, size_t c) {
  if (c < 3) return Constraint::Value(k, Val(c));
  return Constraint::And({Constraint::Exists(k), Constraint::Not(Constraint::Or({Constraint::Value(k, Val(0)),
                                                                                 Constraint::Value(k, Val(1)),
                                                                                 Constraint::Value(k, Val(2))}))});
}
}  // namespace

std::vector<ResourceVariants> GenerateSnapshot(size_t resources, size_t variants, size_t keys, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<ResourceVariants> out;
  out.reserve(resources);
  keys = std::max<size_t>(keys, 2);
  variants = std::min<size_t>(variants, 16);  // 4 classes x 4 classes
  for (size_t r = 0; r < resources; ++r) {
    ResourceVariants rv;
    rv.name = "resource-" + std::to_string(r);
    size_t a = rng() % keys, b = (a + 1 + rng() % (keys - 1)) % keys;
    for (size_t i = 0; i < variants; ++i) {
      Variant v;
      v.resource = rv.name;
      v.constraint = Constraint::And({ClassOf(Key(a), (i / 4) % 4), ClassOf(Key(b), i % 4)});
      if (r % 50 == 0 && i + 1 == variants) v.constraint = Constraint::Exists(Key(a));
      v.canonical = CanonicalTextProto(v.constraint);
      v.ordinal = i;
      rv.variants.push_back(std::move(v));
    }
    out.push_back(std::move(rv));
  }
  return out;
}

std::vector<ResourceVariants> GenerateBitSnapshot(size_t resources, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<ResourceVariants> out;
  out.reserve(resources);
  for (size_t r = 0; r < resources; ++r) {
    ResourceVariants rv;
    rv.name = "resource-" + std::to_string(r);
    uint32_t flip = rng() % 64;  // which value each key's bit maps to, per resource
    for (size_t i = 0; i < 64; ++i) {
      std::vector<Constraint> parts;
      for (size_t j = 0; j < 6; ++j) parts.push_back(Constraint::Value(Key(j), Val(((i ^ flip) >> j) & 1)));
      if (i % 4 == 0) parts.push_back(Constraint::Not(Constraint::Exists(Key(6))));
      if (i % 4 == 1) parts.push_back(Constraint::Or({Constraint::Value(Key(7), Val(0)), Constraint::Value(Key(7), Val(1))}));
      Variant v;
      v.resource = rv.name;
      v.constraint = Constraint::And(std::move(parts));
      if (r % 10 == 0 && i == 63) v.constraint = Constraint::Value(Key(0), Val(1));  // overlaps 32 others
      v.canonical = CanonicalTextProto(v.constraint);
      v.ordinal = i;
      rv.variants.push_back(std::move(v));
    }
    out.push_back(std::move(rv));
  }
  return out;
}

std::vector<std::pair<std::string, Params>> GenerateSubscriptions(const std::vector<ResourceVariants>& rs, size_t n,
                                                                  size_t keys, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<std::pair<std::string, Params>> out;
  out.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    Params p;
    for (size_t k = 0; k < keys; ++k) {
      uint32_t x = rng() % 12;
      if (x == 0) continue;                    // absent
      p[Key(k)] = x < 10 ? Val(x % 4) : "zz";  // v0..v3 or an unnamed value
    }
    out.emplace_back(rs[rng() % rs.size()].name, std::move(p));
  }
  return out;
}

std::string SnapshotTextProto(const std::vector<ResourceVariants>& rs) {
  std::string out = "# proto-message: envoy.service.discovery.v3.DeltaDiscoveryResponse\n";
  for (const ResourceVariants& r : rs)
    for (const Variant& v : r.variants)
      out += "resources { resource_name { name: \"" + r.name + "\" dynamic_parameter_constraints { " + v.canonical +
             " } } }\n";
  return out;
}

}  // namespace cfgi::variants
