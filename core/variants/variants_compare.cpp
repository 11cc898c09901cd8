// The variants engine's profile comparison, typed (Engine::CompareResults), on the model of the
// policy engine's (core/policy/policy_compare.cpp). The engine has one profile (the TP2 text)
// and VariantsModel::Evaluate reads no profile, so within one Inspect every result is the same
// evaluation of the same analysis; two results differ only when built apart (a test, another
// subscription list). The result's static findings (resources, overlaps, coverage, dead
// variants) are the CompiledScenario's: results of one analysis give them alike, and they are never
// compared. The evaluation's answers (each subscription's selections, the transition rows, the
// proxy's fan-out, the matrix) are compared typed; when every one is alike the comparison is
// empty and nothing is serialised. Otherwise (never within one Inspect) the results are
// compared by the JSON fallback, so the comparison is the full JSON's exactly
// (VariantsCompareTyped in tests/unit/variants_compare_test.cpp,
// EngineContract.TypedComparisonEqualsJsonComparison).
#include "core/variants/variants_engine.h"

namespace cfgi::variants {

namespace {

bool SameSelection(const Selection& a, const Selection& b) {
  return a.matching == b.matching && a.outcome == b.outcome && a.selected == b.selected;
}

// SeenJson prints the variants by id: a transition's two-response states (Transition::adds_first,
// ::removes_first) are each evaluation's own, so their variant sets are compared by the ids.
bool SameSeen(const Seen& a, const Seen& b) {
  if (a.r == b.r) return SameSelection(a.sel, b.sel);
  if (!a.r || !b.r || a.sel.outcome != b.sel.outcome || a.sel.matching.size() != b.sel.matching.size() ||
      a.sel.selected.has_value() != b.sel.selected.has_value())
    return false;
  for (size_t i = 0; i < a.sel.matching.size(); ++i)
    if (a.r->variants[a.sel.matching[i]].Id() != b.r->variants[b.sel.matching[i]].Id()) return false;
  return !a.sel.selected || a.r->variants[*a.sel.selected].Id() == b.r->variants[*b.sel.selected].Id();
}

bool SameRow(const TransitionRow& a, const TransitionRow& b) {
  if (a.subscription != b.subscription || a.resource != b.resource || a.change != b.change || !SameSeen(a.before, b.before) ||
      !SameSeen(a.after, b.after) || !SameSeen(a.adds_first, b.adds_first) || !SameSeen(a.removes_first, b.removes_first) ||
      a.intermediate.size() != b.intermediate.size())
    return false;
  for (size_t i = 0; i < a.intermediate.size(); ++i)
    if (!SameSeen(a.intermediate[i], b.intermediate[i])) return false;
  return true;
}

bool SameProxy(const ProxyResource& a, const ProxyResource& b) {
  return a.r == b.r && a.per_variant == b.per_variant && a.ambiguous == b.ambiguous && a.unmatched == b.unmatched;
}

bool SameMatrix(const std::optional<MatrixFindings>& a, const std::optional<MatrixFindings>& b) {
  if (!a || !b) return !a && !b;
  const SelectionMatrix& x = a->matrix;
  const SelectionMatrix& y = b->matrix;
  if (a->resource != b->resource || a->x != b->x || a->y != b->y || a->r != b->r || x.xs != y.xs || x.ys != y.ys ||
      x.cells.size() != y.cells.size())
    return false;
  for (size_t i = 0; i < x.cells.size(); ++i) {
    if (x.cells[i].size() != y.cells[i].size()) return false;
    for (size_t j = 0; j < x.cells[i].size(); ++j)
      if (x.cells[i][j].matching != y.cells[i][j].matching) return false;
  }
  return true;
}

template <typename T, typename Same>
bool AllSame(const std::vector<T>& a, const std::vector<T>& b, Same same) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!same(a[i], b[i])) return false;
  return true;
}

}  // namespace

bool SameEvaluation(const Evaluation& a, const Evaluation& b) {
  // ResultJson prints a subscription by its parameters and name, each selection by its resource
  // and selection, the transition's responses by their source.
  if (!AllSame(a.subscriptions, b.subscriptions,
               [](const Subscription& x, const Subscription& y) { return x.name == y.name && x.params == y.params; }))
    return false;
  if (!AllSame(a.selections, b.selections, [](const auto& x, const auto& y) {
        return AllSame(x, y, [](const auto& s, const auto& t) { return s.first == t.first && SameSelection(s.second, t.second); });
      }))
    return false;
  return a.transition.responses == b.transition.responses && AllSame(a.transition.rows, b.transition.rows, SameRow) &&
         AllSame(a.proxy, b.proxy, SameProxy) && SameMatrix(a.matrix, b.matrix);
}

Comparison CompareTyped(const Engine& e, const std::vector<ComparedResult>& results) {
  if (results.size() < 2) return {};
  const auto* first = ResultAs<VariantsResult>(results.front().typed);
  bool alike = first != nullptr;
  for (size_t i = 1; i < results.size() && alike; ++i) {
    const auto* r = ResultAs<VariantsResult>(results[i].typed);
    alike = r && r->analysis == first->analysis && r->evaluated == first->evaluated &&
            (!r->evaluated || SameEvaluation(r->evaluation, first->evaluation));
  }
  if (alike) return {};  // the same analysis, the same answers: the same JSON
  return CompareResultsJson(e, results);
}

}  // namespace cfgi::variants
