// Fuzz target: the Kuma resource loader and the rules for every dataplane (core/policy). Any input
// must yield diagnostics, never a crash or a hang; both profiles and the naive path run.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/engine/scenario.h"
#include "core/policy/policy_engine.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 64 * 1024) return 0;
  std::string text(reinterpret_cast<const char*>(data), size);
  cfgi::Scenario s = cfgi::LoadScenario({{"fuzz.yaml", text}});
  std::unique_ptr<cfgi::policy::PolicyModel> c = cfgi::policy::LoadPolicyModel(s, cfgi::Query{}, cfgi::Mode::kCheck);
  size_t n = 0;
  for (const cfgi::policy::Dataplane& dp : c->mesh.dataplanes) {
    if (++n > 4) break;
    for (auto p : {cfgi::policy::Profile::kKuma214, cfgi::policy::Profile::kKuma210, cfgi::policy::Profile::kMadr}) {
      cfgi::policy::EvalOptions o;
      o.profile = p;
      cfgi::policy::DataplaneRules r = cfgi::policy::Evaluate(c->mesh, dp, o);
      (void)cfgi::policy::RulesJson(r, p).dump();
      o.naive = true;
      o.provenance = false;
      (void)cfgi::policy::Evaluate(c->mesh, dp, o);
    }
  }
  return 0;
}
