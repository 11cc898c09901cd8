// The targeting engine's profile comparison, typed (Engine::CompareResults), on the model of the
// policy engine's (core/policy/policy_compare.cpp). The engine has one profile (CppMicroServices'
// Declarative Services, ComponentFactoryImpl.cpp and LDAPExpr.cpp) and TargetingModel::Evaluate
// reads no profile, so within one Inspect every result is the same resolution of the same
// workspace; two differ only when resolved apart (a view's edited configuration, a test). Each
// answer (a reference's binding: method, target, filter, error, matching and rejected services;
// an instance's creation and registration) is compared typed; when every one is alike the
// comparison is empty and nothing is serialised. Otherwise the results are compared by the JSON
// fallback, so the comparison is the full JSON's exactly (TargetingCompareTyped in
// tests/unit/targeting_compare_test.cpp, EngineContract.TypedComparisonEqualsJsonComparison).
#include "core/targeting/targeting_engine.h"

namespace cfgi::targeting {

namespace {

bool SameFailure(const ldap::Trace* a, const ldap::Trace* b) {
  if (!a || !b) return !a && !b;
  return a->text == b->text && a->reason == b->reason && a->detail == b->detail;
}

// What Resolution::ToJson prints of a reference's services: the rejected ones and why.
bool SameServices(const std::vector<ServiceMatch>& a, const std::vector<ServiceMatch>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].service != b[i].service || a[i].matched != b[i].matched || a[i].self_excluded != b[i].self_excluded ||
        !SameFailure(a[i].trace.FirstFailure(), b[i].trace.FirstFailure()))
      return false;
  return true;
}

bool SameSubstitutions(const std::vector<Substitution>& a, const std::vector<Substitution>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].key != b[i].key || a[i].value != b[i].value || a[i].injected != b[i].injected || a[i].escaped != b[i].escaped)
      return false;
  return true;
}

}  // namespace

bool SameReference(const ResolvedReference& a, const ResolvedReference& b) {
  return a.component == b.component && a.reference == b.reference && a.instance == b.instance && a.method == b.method &&
         a.target == b.target && a.effective_filter == b.effective_filter && a.error == b.error && a.matching == b.matching &&
         a.target_before == b.target_before && a.satisfied == b.satisfied && SameSubstitutions(a.substitutions, b.substitutions) &&
         SameServices(a.services, b.services);
}

bool SameInstance(const InstanceSummary& a, const InstanceSummary& b) {
  return a.component == b.component && a.instance == b.instance && a.factory_instance == b.factory_instance &&
         a.created == b.created && a.error == b.error && a.service_id == b.service_id && a.registered == b.registered;
}

bool SameResolution(const Resolution& a, const Resolution& b) {
  if (a.references.size() != b.references.size() || a.instances.size() != b.instances.size()) return false;
  for (size_t i = 0; i < a.references.size(); ++i)
    if (!SameReference(a.references[i], b.references[i])) return false;
  for (size_t i = 0; i < a.instances.size(); ++i)
    if (!SameInstance(a.instances[i], b.instances[i])) return false;
  return true;
}

Comparison CompareTyped(const Engine& e, const std::vector<ComparedResult>& results) {
  if (results.size() < 2) return {};
  const auto* first = ResultAs<TargetingResult>(results.front().typed);
  bool alike = first != nullptr;
  for (size_t i = 1; i < results.size() && alike; ++i) {
    const auto* r = ResultAs<TargetingResult>(results[i].typed);
    alike = r && r->evaluated == first->evaluated && (!r->evaluated || SameResolution(r->resolution, first->resolution));
  }
  if (alike) return {};  // the same answers: the same JSON
  return CompareResultsJson(e, results);
}

}  // namespace cfgi::targeting
