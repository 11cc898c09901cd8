// The targeting engine's coverage (core/engine/coverage.h): every reference of every component
// in the manifests is one "reference" item, reached when a resolved configuration of its
// component gave it a target without an error and some service of the registry satisfies the
// effective filter (ResolvedReference::matching, the service ids CppMicroServices' service
// tracker would bind: CppMicroServices DeclarativeServices ReferenceManagerImpl.cpp opens its
// ServiceTracker on GetReferenceLDAPFilter, the objectclass and the reference's target, and
// AddingService leaves out the instance's own service). A reference whose target no service satisfies,
// or whose resolution fails (a missing {{key}}, an invalid filter), stays unreached with the reason.
#include <map>

#include "core/targeting/targeting_engine.h"

namespace cfgi::targeting {

std::vector<CoverageItem> TargetingModel::Coverage(const EngineResult& r) const {
  std::vector<CoverageItem> out;
  const auto* tr = ResultAs<TargetingResult>(&r);
  if (!tr || !tr->evaluated) return out;
  // What the evaluation says of each reference (it may be resolved once per instance).
  std::map<const Reference*, std::string> why;
  std::map<const Reference*, bool> reached;
  for (const ResolvedReference& rr : tr->resolution.references) {
    if (!rr.reference) continue;
    if (!rr.error && !rr.matching.empty()) {
      reached[rr.reference] = true;
    } else if (!why.count(rr.reference)) {
      why[rr.reference] = rr.error ? "resolution fails: " + *rr.error
                          : tr->resolution.registry ? "no service satisfies " + rr.effective_filter.value_or("the target")
                                                    : "no registry to match against";
    }
  }
  for (const Component& c : workspace.manifest.components) {
    const doc::Source* src = nullptr;
    for (const doc::SourcePtr& s : workspace.sources)
      if (s && s->name() == c.file) src = s.get();
    for (const Reference& ref : c.references) {
      const doc::Source* rsrc = src;
      if (ref.file != c.file)
        for (const doc::SourcePtr& s : workspace.sources)
          if (s && s->name() == ref.file) rsrc = s.get();
      CoverageItem it = CoverageAt(rsrc, ref.range, "reference", c.name + "/" + ref.name,
                                   c.name + " reference " + ref.name + " (" + ref.interface + ")");
      it.reached = reached.count(&ref) > 0;
      if (!it.reached) it.why = why.count(&ref) ? why[&ref] : "not resolved (no configuration selects the component)";
      out.push_back(std::move(it));
    }
  }
  return out;
}

}  // namespace cfgi::targeting
