// core/targeting/resolve.h: dynamic targeting as CppMicroServices Declarative Services applies
// it when a factory configuration creates a component instance, then the matching of every
// resulting filter against a service registry.
//
//   Inputs in;  in.manifest = &m; in.config = &c; in.registry = &r;
//   Resolution res = Resolve(in, {.pid = "servicePid", .instance = "instance1"});
//   for (const ResolvedReference& rr : res.references) Show(rr.method, rr.target, rr.error);
//   // Live edit: change a config value and resolve again (cheap: filters are small).
//   c.Set("someKey", ldap::Value::String("v2"));  res = Resolve(in, opts);
//
// Rules (CppMicroServices compendium/DeclarativeServices/src/manager/ComponentFactoryImpl.cpp,
// CreateFactoryComponent and ReplacePlaceholdersInTarget):
// - The instance is named `<component name>_<pid>~<instance>` (name defaults to the
//   implementation-class).
// - Method 1: a `<refName>.target` property (keys case-insensitive) replaces the target; it must
//   be a string (ref_any_cast<std::string>); an empty string clears the target.
// - Method 2, only without method 1: every `{{key}}` (regex `\{\{([^{}]+)\}\}`, key taken as
//   written, not trimmed) is replaced by the config value, which must exist and be a string;
//   values are not escaped. `{{}}` is not a placeholder.
// - A non-empty result must parse as an LDAP filter, else the instance is not created.
// - `.target` for a non-factory component is ignored (ConfigurationNotifier logs it).
// - The service tracker's filter is `(&(objectclass=<interface>)<target>)`, or
//   `(objectclass=<interface>)` without a target, and `(service.scope=prototype)` is and-ed for
//   scope prototype-required (ReferenceManagerImpl.cpp GetReferenceLDAPFilter, LDAPProp.cpp).
// - A service whose component.name equals the instance's own name never satisfies its own
//   reference (ReferenceManagerImpl::AddingService).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/doc/diagnostic.h"
#include "core/doc/explanation.h"
#include "core/ldap/filter.h"
#include "core/targeting/model.h"

namespace cfgi::targeting {

enum class Method { kManifest, kConfigTarget, kPlaceholder };
// "manifest", "config-target", "placeholder"
const char* MethodName(Method m);

// One `{{key}}` of a manifest target.
struct Substitution {
  std::string key;                   // as written between the braces
  size_t begin = 0, end = 0;         // the `{{key}}` bytes in the manifest target
  std::optional<std::string> value;  // the config's string value, when there is one
  std::string config_key;            // the config key's own spelling (case may differ)
  bool injected = false;             // the value has `*`, `(`, `)` or `\`: it changes the filter
  std::string escaped;               // the value escaped for a filter
};

struct ServiceMatch {
  const Service* service = nullptr;
  bool matched = false;
  bool self_excluded = false;  // matched, but it is the instance's own service
  ldap::Trace trace;           // filled when explaining
};

struct ResolvedReference {
  const Component* component = nullptr;
  const Reference* reference = nullptr;
  std::string instance;  // the component configuration's name
  bool factory_instance = false;
  Method method = Method::kManifest;
  std::optional<std::string> target_before;     // the manifest's target
  std::optional<std::string> target;            // the target after resolution (nullopt: none or error)
  std::optional<std::string> effective_filter;  // what the service tracker uses
  std::optional<std::string> error;             // what CppMicroServices throws, when it does
  std::string error_code;                       // our diagnostic code for it
  std::vector<Substitution> substitutions;
  std::optional<ldap::Filter> filter;           // compiled effective filter
  std::vector<ServiceMatch> services;           // one per registry service
  std::vector<int64_t> matching;                // service ids that satisfy the reference
  std::optional<bool> satisfied;                // matching >= minimum cardinality (with a registry)
};

struct InstanceSummary {
  const Component* component = nullptr;
  std::string instance;
  bool factory_instance = false;
  bool created = true;        // false when CppMicroServices throws while creating it
  std::optional<std::string> error;  // the first error, the one CppMicroServices throws
  // The service this instance registers (its component's `service.interfaces`), when it has
  // one: its service.id in the registry the references are matched against, and whether it is
  // registered (created and every mandatory reference satisfied, ResolveRegistry).
  std::optional<int64_t> service_id;
  bool registered = false;
};

struct Inputs {
  const Manifest* manifest = nullptr;
  const Config* config = nullptr;      // may be null (no configuration)
  const Registry* registry = nullptr;  // may be null (no matching)
  // Sources for locating diagnostics (by file name); may be empty (positions then stay 1:1).
  std::vector<const doc::Source*> sources;
  // When the registry holds only the services of the manifests' components (no registry was
  // given), references whose interface no component provides are not matched (they stay
  // "unknown": satisfied null). Empty: every reference is matched against `registry`.
  std::vector<std::string> matched_interfaces;
  bool registry_is_components_only = false;
};

struct ResolveOptions {
  std::optional<std::string> pid;       // the factory configuration's pid; default: each
                                        // factory component's first configuration-pid
  std::string instance = "instance1";   // the part after '~'
  bool explain = true;                  // per-service LDAP traces (the rejected services' reasons)
  bool steps = true;                    // build Resolution::explanation; false: none is built
};

struct Resolution {
  // The registry the references were matched against: the given services, then one service per
  // registered component instance (shared: ServiceMatch points into it; null without one).
  std::shared_ptr<const Registry> registry;
  std::vector<InstanceSummary> instances;
  std::vector<ResolvedReference> references;
  std::vector<doc::Diagnostic> diagnostics;
  doc::Step explanation;  // empty unless ResolveOptions::steps
  // {"references": [...], "instances": [...]} (docs/formats/targeting.md).
  nlohmann::ordered_json ToJson() const;
};

// Resolves every component the options select. Never throws.
Resolution Resolve(const Inputs& in, const ResolveOptions& opts);

// Resolve with the components as service providers: the manifests given together form the
// registry. Every created instance whose component declares `service.interfaces` registers one
// service with its component properties, the configuration's properties (a configured instance:
// ComponentConfigurationImpl::GetProperties), component.name (the instance name), component.id,
// objectclass, service.id (after the given registry's ids) and service.scope, once every
// mandatory reference of the instance is satisfied (the least fixed point, as Declarative
// Services registers a component's service only when it is satisfied). So a factory instance
// created from a configuration satisfies the references of the other instances created from
// the same configuration (CppMicroServices TestFactoryTarget.cpp,
// dynamicTargetingThroughConfigToOtherFactory). Never throws.
Resolution ResolveRegistry(const Inputs& in, const ResolveOptions& opts);

// ReplacePlaceholdersInTarget's scan: the `{{key}}` occurrences of a target, left to right,
// found with RE2. Keys are returned as written.
std::vector<Substitution> FindPlaceholders(std::string_view target);

// The service tracker filter for an interface and a (possibly empty) target.
std::string EffectiveFilter(const std::string& interface, const std::string& target, const std::string& scope);

}  // namespace cfgi::targeting
