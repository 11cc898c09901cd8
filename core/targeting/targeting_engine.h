// core/targeting/targeting_engine.h: the "targeting" engine (CppMicroServices Declarative
// Services dynamic targeting and LDAP filters) and the loaded workspace a view works on.
//
//   const Engine& e = GetTargetingEngine();
//   Report r = e.Run(scenario, query, "cppmicroservices", /*evaluate=*/true);
//
//   // A view: load once, then edit config values and re-resolve live.
//   Workspace w = LoadWorkspace(scenario, query);
//   Resolution res = w.Resolve();
//   w.config.Set("someKeyFromConfig", ldap::Value::String("other"));
//   res = w.Resolve();   // res.references[i]: method, target_before, target, error, services
//
// Inputs (docs/formats/targeting.md): a manifest (spec form, `scr` layout or a component list),
// a configuration map, and optionally a service registry, as native files or in a scenario
// (`inputs: {config, pid, instance, services}`). Query flags: --config FILE|JSON, --pid P,
// --instance N, --services FILE|JSON.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/doc/load.h"
#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "core/targeting/model.h"
#include "core/targeting/resolve.h"

namespace cfgi {

const Engine& GetTargetingEngine();

namespace targeting {

// Everything loaded from a scenario. A Resolution points into its Workspace (components,
// references, services): keep the Workspace alive and in place while the Resolution is used.
struct Workspace {
  Manifest manifest;
  Config config;
  bool has_config = false;
  Registry registry;
  ResolveOptions options;
  std::vector<doc::Diagnostic> diagnostics;  // parse and load problems
  std::vector<doc::SourcePtr> sources;       // every source diagnostics may point into

  // Resolves with the current config (cheap; call after every edit). Never throws.
  Resolution Resolve() const;
};

// Loads manifest, config and registry from a scenario and the query flags (which override the
// scenario's inputs). Never throws; problems become diagnostics.
Workspace LoadWorkspace(const Scenario& s, const Query& q);

}  // namespace targeting
}  // namespace cfgi
