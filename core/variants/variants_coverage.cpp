// The variants engine's coverage (core/engine/coverage.h): every variant of every resource (of
// the final state, after any transition) is one "variant" item, reached when some subscription
// selects it (Selection outcome match: exactly one variant matches its parameters, TP2
// "Dynamic Parameter Constraints"). An ambiguous or unmatched subscription reaches none.
#include "core/variants/variants_engine.h"

namespace cfgi::variants {

std::vector<CoverageItem> VariantsModel::Coverage(const EngineResult& r) const {
  std::vector<CoverageItem> out;
  const auto* vr = ResultAs<VariantsResult>(&r);
  if (!vr || !vr->evaluated) return out;
  const CompiledScenario& a = analysis;
  for (const ResourceVariants& rv : a.final_state.resources) {
    for (size_t i = 0; i < rv.variants.size(); ++i) {
      const Variant& v = rv.variants[i];
      std::string shown = v.canonical.empty() ? "(no constraints)" : v.canonical;
      if (shown.size() > 60) shown = shown.substr(0, 57) + "...";
      CoverageItem it = CoverageAt(v.source, v.range, "variant", rv.name + "#" + v.canonical,
                                   rv.name + " variant " + v.IdText() + " " + shown);
      for (const auto& per_sub : vr->evaluation.selections)
        for (const auto& [name, sel] : per_sub)
          if (name == rv.name && sel.outcome == MatchKind::kMatch && sel.selected == i) it.reached = true;
      if (!it.reached) it.why = "no subscription selects it";
      out.push_back(std::move(it));
    }
  }
  return out;
}

}  // namespace cfgi::variants
