// core/engine/coverage.h: what a scenario's inputs reached of its configuration, per engine
// (Envoy's router_check_tool `--covall` / `--fail-under`, for all five engines). Each engine's
// EngineModel::Coverage lists the items of its configuration from the typed model and marks the
// ones the typed result reached:
//
//   matcher    "branch"       every OnMatch: a field_matcher's on_match, a tree entry, an on_no_match
//   variants   "variant"      every variant of every resource (reached: selected by a subscription)
//   txt        "choice"       every choice of the evaluated profile's list (reached: the chosen one)
//   policy     "policy-item"  every to[] / from[] / rules[] item and single-item default
//                             (reached: an item of a rule of the evaluated dataplane)
//   targeting  "reference"    every reference of every component (reached: resolved without an
//                             error to a filter that some registered service satisfies)
//
//   std::unique_ptr<EngineResult> r = model->Evaluate("grpc-core");
//   CoverageSet all;
//   all.Add(model->engine->name(), model->Coverage(*r));   // per scenario; same config: merged
//   for (const CoverageTally& t : all.Tallies()) ...       // per engine and kind
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "core/doc/source.h"

namespace cfgi {

struct CoverageItem {
  std::string kind;   // "branch", "variant", "choice", "policy-item", "reference"
  std::string key;    // identifies the item within its source (the same in every scenario)
  std::string label;  // what a person reads: "matcher_list.matchers[1].on_match -> route_b"
  std::string file;   // the source's name
  int line = 0;       // 1-based; 0 when unknown
  int column = 0;
  uint64_t source_id = 0;  // the source's text, hashed: one config used by several scenarios merges
  bool reached = false;
  std::string why;  // an unreached item: why, when the engine knows ("no service matches the filter")
};

// An item located in `src` at `range` (file, line, column and source_id filled; null src: none).
CoverageItem CoverageAt(const doc::Source* src, doc::SourceRange range, std::string kind, std::string key,
                        std::string label);

// One engine's count of one kind of item, over every scenario added.
struct CoverageTally {
  std::string engine;
  std::string kind;
  size_t total = 0;
  size_t reached = 0;
  std::vector<CoverageItem> unreached;  // in source order (file, line, column)
  double Percent() const { return total == 0 ? 100.0 : 100.0 * static_cast<double>(reached) / static_cast<double>(total); }
};

// The union of the coverage of several scenarios: an item present in several (the same engine,
// kind, source text and key, whatever path named the file) counts once, reached when any
// scenario reached it.
class CoverageSet {
 public:
  void Add(std::string_view engine, const std::vector<CoverageItem>& items);
  // Per engine (in the order of Engines()) and kind (in the order first added).
  std::vector<CoverageTally> Tallies() const;
  size_t total() const { return items_.size(); }
  size_t reached() const;
  // reached / total in percent; 100 when there is nothing to reach.
  double Percent() const;

 private:
  using Key = std::tuple<std::string, std::string, uint64_t, std::string>;  // engine, kind, source text, key
  std::map<Key, size_t> index_;
  std::vector<std::pair<std::string, CoverageItem>> items_;  // engine, item; in order of addition
};

}  // namespace cfgi
