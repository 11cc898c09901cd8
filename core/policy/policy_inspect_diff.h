// core/policy/policy_inspect_diff.h: where one profile's inspection of a resource (policy_inspect.h)
// differs from another profile's, read from the one profile comparison (core/engine/compare.h) of
// their ResourceConfJson and mapped onto the first one's lines. The engine makes them on the worker
// with the profile comparison (Engine::CompareDetail), so the policy view's Resource tab draws
// "⇄ madr: 5s" beside a leaf without serialising or comparing on the UI thread.
//
//   const auto* d = dynamic_cast<const ResourceConfDiffs*>(inspection.comparison.detail.get());
//   const ResourceConfDiff* kd = d->Find("kuma-2.14", "madr");
//   kd->line_diffs.at({type_index, line_index});   // "5s", "absent" or "differs"
#pragma once

#include <cstddef>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/engine/compare.h"
#include "core/engine/engine.h"
#include "core/policy/policy_engine.h"

namespace cfgi::policy {

struct ResourceConfDiff {
  std::string profile, other;  // `profile`'s inspection against `other`'s
  // Per policy type: the divergences under its merged conf; 1 for a type only one side has.
  std::map<std::string, size_t> type_diffs;
  // Types whose conf is the same but whose merge (origins, provenance) differs.
  std::set<std::string> other_merge;
  // (type index, line index) in `profile`'s inspection -> the other side's value there (LeafText),
  // "absent", or "differs" for a line above or below a differing leaf.
  std::map<std::pair<size_t, size_t>, std::string> line_diffs;
  size_t divergences = 0;  // of the two inspections' comparison
};

// Compares `of`'s inspection with `other`'s (both results of one model, the same key inspected).
ResourceConfDiff DiffResourceConfs(const PolicyResult& of, const PolicyResult& other);

// The policy engine's Comparison::detail: every Kuma release's inspection against the MADR's, and
// the MADR's against every Kuma release's.
struct ResourceConfDiffs final : ComparisonDetail {
  std::vector<ResourceConfDiff> diffs;
  // Null when the pair was not compared (a profile not evaluated).
  const ResourceConfDiff* Find(std::string_view profile, std::string_view other) const;
};

std::shared_ptr<const ResourceConfDiffs> DiffEveryResourceConf(
    const std::vector<std::pair<std::string, const EngineResult*>>& results);

}  // namespace cfgi::policy
