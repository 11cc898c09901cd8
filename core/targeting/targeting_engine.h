// core/targeting/targeting_engine.h: the "targeting" engine (CppMicroServices Declarative
// Services dynamic targeting and LDAP filters) and the loaded workspace a view works on.
//
//   auto m = GetTargetingEngine().Load(scenario, query, Mode::kEvaluate);
//   auto r = m->Evaluate("cppmicroservices");
//   ResultAs<targeting::TargetingResult>(r.get())->resolution.references[0].target;
//
//   // A view: what if a config value changes? Re-resolve on the loaded workspace (cheap).
//   const auto* tm = ModelAs<targeting::TargetingModel>(model);
//   Config c = tm->workspace.config;
//   c.Set("someKeyFromConfig", ldap::Value::String("other"));
//   Resolution res = tm->workspace.ResolveWith(&c);   // res.references[i]: method, target, error, services
//
// Inputs (docs/formats/targeting.md): a manifest (spec form, `scr` layout or a component list),
// a configuration map, and optionally a service registry, as native files or in a scenario
// (`inputs: {config, pid, instance, services}`). Query flags: --config FILE|JSON, --pid P,
// --instance N, --services FILE|JSON.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/doc/load.h"
#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "core/targeting/model.h"
#include "core/targeting/resolve.h"
#include "core/targeting/targeting_query.h"

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

  // Resolves with the loaded config (cheap). `steps` false: no Resolution::explanation is built
  // (the fast path). Never throws.
  Resolution Resolve(bool steps = true) const;
  // Resolves with another config (a view's edited values; null = none).
  Resolution ResolveWith(const Config* c, bool steps = true) const;
};

// One profile: the engine has one, CppMicroServices' own Declarative Services.
enum class Profile { kCppMicroServices };
const ProfileSet<Profile>& Profiles();

// The engine's model: the workspace loaded once.
class TargetingModel final : public EngineModel {
 public:
  std::unique_ptr<EngineResult> Evaluate(std::string_view profile, doc::Explanation* why = nullptr) const override;
  // "reference" items: every reference of every component (targeting_coverage.cpp).
  std::vector<CoverageItem> Coverage(const EngineResult& r) const override;
  Workspace workspace;
};

class TargetingResult final : public EngineResult {
 public:
  nlohmann::ordered_json ToJson() const override;
  bool evaluated = false;  // false in kCheck mode
  Resolution resolution;   // points into the model's workspace
};

// One value of the app's edited configuration: as typed, and the type it was loaded as.
struct EditedValue {
  std::string key, text;
  ldap::Value::Kind loaded_as = ldap::Value::Kind::kString;
};
// Reads a typed value as the type it was loaded as: a JSON literal for numbers, booleans and
// arrays (the text itself, a string, when it does not parse), the text for strings.
ldap::Value ValueFromEditedText(const std::string& text, ldap::Value::Kind loaded_as);
// The targeting view's what-if: the loaded configuration with the edited values, resolved on the
// loaded workspace (Workspace::ResolveWith), on the worker; the view only draws the outcome. The
// resolution points into `model`'s workspace and into `config`, which the outcome keeps alive.
struct ConfigWhatIf {
  std::shared_ptr<const TargetingModel> model;
  std::shared_ptr<const Config> config;
  Resolution resolution;
};
ConfigWhatIf ResolveEditedConfig(std::shared_ptr<const TargetingModel> model, const std::vector<EditedValue>& values);

// Whether two resolutions give the same answers, as Resolution::ToJson prints them: each
// reference's binding (SameReference) and each instance's creation and registration
// (SameInstance), in order (targeting_compare.cpp).
bool SameReference(const ResolvedReference& a, const ResolvedReference& b);
bool SameInstance(const InstanceSummary& a, const InstanceSummary& b);
bool SameResolution(const Resolution& a, const Resolution& b);

// The targeting engine's Engine::CompareResults: results whose resolutions are the same
// (SameResolution; always so within one Inspect: Evaluate reads no profile) compare empty, with
// nothing serialised; others by the JSON fallback (CompareResultsJson).
Comparison CompareTyped(const Engine& e, const std::vector<ComparedResult>& results);

// Loads manifest, config and registry from a scenario and the query flags (which override the
// scenario's inputs). Never throws; problems become diagnostics.
Workspace LoadWorkspace(const Scenario& s, const TargetingQuery& q);

}  // namespace targeting
}  // namespace cfgi
