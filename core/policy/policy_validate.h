// core/policy/policy_validate.h: Kuma's semantic validation of built-in policies, the rules of each
// policy's validator.go beyond its CRD schema (durations > 0, retryOn values, MeshTLS and
// MeshPassthrough rules, ...), and the 3.0 upgrade items that are validator rules rather than
// schema changes. Called by ValidatePolicySpec (policy_schema.h) after the schema walk, per
// release; each violation is a coded diagnostic at the node (POL066, POL070..POL076, docs/diagnostics.md).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/doc/diagnostic.h"
#include "core/doc/node.h"
#include "core/policy/policy_release.h"

namespace cfgi::policy {

// `spec` is the policy's spec map; `sink` is scoped at "spec".
void ValidateSemantics(std::string_view type, const doc::Node& spec, KumaRelease release, doc::DiagnosticSink& sink);

// Shared by the schema walks: Levenshtein distance (case-insensitive), and "; did you mean 'x'?"
// or the list of known names.
size_t EditDistance(const std::string& a, const std::string& b);
std::string UnknownFieldFix(const std::string& key, const std::vector<std::string>& known);

}  // namespace cfgi::policy
