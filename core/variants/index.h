// core/variants/index.h: a compiled matcher for many subscriptions against many variants (what
// a server or caching proxy does on every subscribe), and the generator of the large synthetic
// snapshot used by the benchmark and the tests.
//
// The spec's naive implementation ("Considerations for Implementations") evaluates every
// variant's constraints for every subscriber. The index interns keys and values once; per
// resource it keeps, for each key the variants name, a bitmask over the variants' DNF cubes for
// "absent", "another value" and each named value. Matching a subscription is then one AND per
// key and a popcount. Resources whose DNF has more than 64 cubes fall back to evaluating the
// constraints (exact either way).
//
//   VariantIndex idx = VariantIndex::Build(state.resources);
//   CompiledParams p = idx.Compile({{"env", "prod"}});
//   uint64_t bits = idx.Match(idx.ResourceIndex("R"), p);   // bit i = variant i matches
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/variants/model.h"

namespace cfgi::variants {

struct CompiledParams {
  std::vector<std::pair<uint32_t, uint32_t>> kv;  // (key id, value id), sorted by key id
};

class VariantIndex {
 public:
  static constexpr uint32_t kOther = UINT32_MAX;  // a value no constraint names

  // Builds the index; `resources` must outlive it (fallback resources keep pointers).
  static VariantIndex Build(const std::vector<ResourceVariants>& resources);

  CompiledParams Compile(const Params& p) const;
  int ResourceIndex(const std::string& name) const;  // -1 when unknown
  // Bit i set when variant i matches. Resources with more than 64 variants: only the first 64.
  uint64_t Match(size_t resource, const CompiledParams& p) const;
  Selection Select(size_t resource, const CompiledParams& p) const;

  size_t resource_count() const { return res_.size(); }
  // True when `resource` is matched by its tables; false for one that falls back to evaluating
  // the constraints (more than 64 variants or DNF cubes), whose Match sees only 64 variants.
  bool indexed(size_t resource) const { return resource < res_.size() && !res_[resource].fallback; }
  size_t fallback_count() const;
  // Bytes held by the index (tables, interned strings, per-resource arrays).
  size_t MemoryBytes() const;

 private:
  struct KeyTable {
    uint32_t key = 0;
    uint64_t absent = 0, other = 0;
    std::vector<std::pair<uint32_t, uint64_t>> values;  // sorted by value id
  };
  struct Res {
    std::vector<KeyTable> keys;          // sorted by key id
    uint64_t all = 0;                    // every cube
    std::vector<uint8_t> cube_variant;   // cube bit -> variant index
    const ResourceVariants* fallback = nullptr;  // evaluate constraints instead
  };
  std::unordered_map<std::string, uint32_t> key_ids_;
  std::vector<std::unordered_map<std::string, uint32_t>> value_ids_;  // per key
  std::unordered_map<std::string, uint32_t> res_ids_;
  std::vector<Res> res_;
};

// The spec's naive scan, for comparison: every variant's constraints against the parameters.
uint64_t NaiveMatch(const ResourceVariants& r, const Params& p);

// A deterministic synthetic snapshot: `resources` resources with `variants` variants each over
// `keys` keys (k0..k{keys-1}, values v0..v3); at most 16 variants. Each resource's variants split two of the keys
// into value classes (v0, v1, v2 and "any other value, present"); every 50th resource also has
// one deliberately overlapping variant (exists on its first key) in place of the last.
std::vector<ResourceVariants> GenerateSnapshot(size_t resources, size_t variants, size_t keys, uint32_t seed = 1);
// 64 disjoint variants per resource over 8 keys (k0..k5 split by bit, k6 / k7 refined in some
// variants); every 10th resource has a last variant `k0=v1` that overlaps 32 others.
std::vector<ResourceVariants> GenerateBitSnapshot(size_t resources, uint32_t seed = 3);
// Random subscriptions: a resource name and values for each key (some keys absent).
std::vector<std::pair<std::string, Params>> GenerateSubscriptions(const std::vector<ResourceVariants>& rs, size_t n,
                                                                  size_t keys, uint32_t seed = 2);
// The snapshot as DeltaDiscoveryResponse textproto (for the engine path).
std::string SnapshotTextProto(const std::vector<ResourceVariants>& rs);

}  // namespace cfgi::variants
