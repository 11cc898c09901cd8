// The matcher engine's coverage (core/engine/coverage.h): every OnMatch node of the evaluated
// matcher is one "branch" (a field_matcher's on_match, a matcher_tree entry, an on_no_match, at
// every nesting level: matcher::Compiled::nodes), reached when a request's evaluation passed
// through it (Result::reached, the nodes the MAT030 notes report). In an Envoy configuration
// every discovered matcher counts, each evaluated for every request. Envoy's router_check_tool
// counts routes the same way (test/tools/router_check/coverage.cc Coverage::markCovered for
// each route a test reached, Coverage::report as covered / all routes of the config).
#include <set>

#include "core/matcher/matcher_engine.h"

namespace cfgi::matcher {

namespace {

void AddNodes(const Compiled& m, const doc::Source* fallback, const std::string& prefix, const std::set<int>& reached,
              std::vector<CoverageItem>& out) {
  const doc::Source* src = m.source ? m.source.get() : fallback;
  for (size_t i = 0; i < m.nodes.size(); ++i) {
    const NodeInfo& n = m.nodes[i];
    CoverageItem it = CoverageAt(src, n.range, "branch", prefix + n.path + "#" + std::to_string(i),
                                 prefix.empty() ? n.label : prefix + " " + n.label);
    it.reached = reached.count(static_cast<int>(i)) > 0;
    if (!it.reached) it.why = "no request reached it";
    out.push_back(std::move(it));
  }
}

}  // namespace

std::vector<CoverageItem> MatcherModel::Coverage(const EngineResult& r) const {
  std::vector<CoverageItem> out;
  const auto* mr = ResultAs<MatcherResult>(&r);
  if (!mr || !mr->evaluated) return out;
  if (sm.discovered.empty()) {
    AddNodes(sm.matcher, sm.document ? sm.document->source.get() : nullptr, "", mr->reached, out);
    return out;
  }
  // Envoy configurations: each discovered matcher with the requests' outcomes on it.
  for (size_t d = 0; d < sm.discovered.size(); ++d) {
    const DiscoveredMatcher& dm = sm.discovered[d];
    std::set<int> reached;
    if (d < mr->discovered.size())
      for (const Result& res : mr->discovered[d]) reached.insert(res.reached.begin(), res.reached.end());
    AddNodes(dm.matcher, dm.document ? dm.document->source.get() : nullptr, dm.where.path, reached, out);
  }
  return out;
}

}  // namespace cfgi::matcher
