#include "core/engine/coverage.h"

#include "core/engine/engine.h"

#include <algorithm>
#include <functional>

namespace cfgi {

CoverageItem CoverageAt(const doc::Source* src, doc::SourceRange range, std::string kind, std::string key,
                        std::string label) {
  CoverageItem it;
  it.kind = std::move(kind);
  it.key = std::move(key);
  it.label = std::move(label);
  if (src) {
    it.file = src->name();
    doc::Position p = src->Locate(range.begin);
    it.line = p.line;
    it.column = p.column;
    it.source_id = std::hash<std::string>{}(src->text());
  }
  return it;
}

void CoverageSet::Add(std::string_view engine, const std::vector<CoverageItem>& items) {
  for (const CoverageItem& it : items) {
    // The file's name is not part of the identity: `a/../b/x.yaml` and `b/x.yaml` are one file.
    Key k{std::string(engine), it.kind, it.source_id, it.key};
    auto [pos, fresh] = index_.emplace(std::move(k), items_.size());
    if (fresh) {
      items_.emplace_back(std::string(engine), it);
      continue;
    }
    CoverageItem& have = items_[pos->second].second;
    if (it.reached && !have.reached) {
      have.reached = true;
      have.why.clear();
    }
  }
}

size_t CoverageSet::reached() const {
  return static_cast<size_t>(std::count_if(items_.begin(), items_.end(), [](const auto& p) { return p.second.reached; }));
}

double CoverageSet::Percent() const {
  return items_.empty() ? 100.0 : 100.0 * static_cast<double>(reached()) / static_cast<double>(items_.size());
}

namespace {
// The engines' order: Engines()'s (app/engines/engine_list.h); an engine not registered last.
int EngineRank(const std::string& e) {
  const std::vector<const Engine*>& all = Engines();
  for (size_t i = 0; i < all.size(); ++i)
    if (all[i]->name() == e) return static_cast<int>(i);
  return static_cast<int>(all.size());
}
}  // namespace

std::vector<CoverageTally> CoverageSet::Tallies() const {
  std::vector<CoverageTally> out;
  for (const auto& entry : items_) {
    // No lambda capture of structured bindings: emscripten's clang 14 rejects it.
    const auto& engine = entry.first;
    const auto& it = entry.second;
    auto t = std::find_if(out.begin(), out.end(), [&](const CoverageTally& x) { return x.engine == engine && x.kind == it.kind; });
    if (t == out.end()) {
      out.push_back({engine, it.kind, 0, 0, {}});
      t = out.end() - 1;
    }
    ++t->total;
    if (it.reached)
      ++t->reached;
    else
      t->unreached.push_back(it);
  }
  std::stable_sort(out.begin(), out.end(), [](const CoverageTally& a, const CoverageTally& b) {
    return EngineRank(a.engine) < EngineRank(b.engine);
  });
  for (CoverageTally& t : out)
    std::stable_sort(t.unreached.begin(), t.unreached.end(), [](const CoverageItem& a, const CoverageItem& b) {
      return std::tie(a.file, a.line, a.column) < std::tie(b.file, b.line, b.column);
    });
  return out;
}

}  // namespace cfgi
