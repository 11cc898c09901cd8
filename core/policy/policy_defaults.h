// core/policy/policy_defaults.h: the values Kuma fills into a policy item's `default` when the
// user leaves them out (the `+kubebuilder:default=` markers of Kuma's API types, applied by the
// CRD / resource schema before the policy is stored), so the merged conf is the one Kuma merges.
//
//   std::vector<FilledDefault> filled;
//   nlohmann::json conf = policy::ApplyDefaults("MeshTrace", item.conf, &filled);
//   filled[0].path;   // "/backends/0/zipkin/apiVersion", value "httpJson"
//
// A default is a path pattern inside the item's `default` (JSON pointer tokens, `*` = every
// element of an array) whose last token is the field. It is filled only where the object that
// holds the field exists and the field is absent; a value the user wrote is never replaced. The
// merge marks every filled field as a default in the provenance (FieldProvenance: origin kind
// "default"), attributed to the item whose object received it.
//
// To add defaults (e.g. from the typed schemas of core/policy/policy_schema.*), append to the
// table in policy_defaults.cpp or call RegisterDefault at start-up; nothing else changes.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace cfgi::policy {

struct FieldDefault {
  std::string policy_type;  // "MeshTrace"
  std::string pattern;      // "/backends/*/zipkin/apiVersion"
  nlohmann::json value;     // "httpJson"
  std::string source;       // where Kuma declares it: "meshtrace/api/v1alpha1/meshtrace.go ZipkinBackend.ApiVersion"
};

struct FilledDefault {
  std::string path;  // concrete JSON pointer in the item's conf
  nlohmann::json value;
  const FieldDefault* rule = nullptr;
};

// Every default known for `policy_type`, in table order (empty for unknown types).
std::vector<const FieldDefault*> DefaultsFor(const std::string& policy_type);

// Adds a default to the table (for the typed schemas). Not thread-safe: call before evaluating.
void RegisterDefault(FieldDefault d);

// Returns `conf` with Kuma's defaults filled in; each filled field is appended to `filled` when
// given. A conf that is not an object, or a pattern that does not reach an object, is left as is.
nlohmann::json ApplyDefaults(const std::string& policy_type, const nlohmann::json& conf,
                             std::vector<FilledDefault>* filled = nullptr);

}  // namespace cfgi::policy
