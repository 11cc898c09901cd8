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
};

struct Inputs {
  const Manifest* manifest = nullptr;
  const Config* config = nullptr;      // may be null (no configuration)
  const Registry* registry = nullptr;  // may be null (no matching)
  // Sources for locating diagnostics (by file name); may be empty (positions then stay 1:1).
  std::vector<const doc::Source*> sources;
};

struct ResolveOptions {
  std::optional<std::string> pid;       // the factory configuration's pid; default: each
                                        // factory component's first configuration-pid
  std::string instance = "instance1";   // the part after '~'
  bool explain = true;                  // per-service LDAP traces
};

struct Resolution {
  std::vector<InstanceSummary> instances;
  std::vector<ResolvedReference> references;
  std::vector<doc::Diagnostic> diagnostics;
  doc::Step explanation;
  // {"references": [...], "instances": [...]} (docs/formats/targeting.md).
  nlohmann::ordered_json ToJson() const;
};

// Resolves every component the options select. Never throws.
Resolution Resolve(const Inputs& in, const ResolveOptions& opts);

// ReplacePlaceholdersInTarget's scan: the `{{key}}` occurrences of a target, left to right,
// found with RE2. Keys are returned as written.
std::vector<Substitution> FindPlaceholders(std::string_view target);

// The service tracker filter for an interface and a (possibly empty) target.
std::string EffectiveFilter(const std::string& interface, const std::string& target, const std::string& scope);

}  // namespace cfgi::targeting
