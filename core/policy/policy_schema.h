// core/policy/policy_schema.h: the typed schemas of Kuma's kinds. Two sets of tables:
//  - per release, generated from Kuma's CRDs at each tag (core/policy/policy_crd_table.h,
//    scripts/kuma_schema_gen.py): every kind's spec, read by validation (ValidatePolicySpec,
//    ValidateResourceAllReleases) and by the conf walks (NormalizeDurations, PruneUnknownFields,
//    over the union of the releases);
//  - the conf-level TypeSchema of the 16 built-in policy types (core/policy/policy_conf_table.cpp,
//    written from the Go API types at Kuma v2.11.18): the defaults Kuma fills in (TypeDefaults)
//    and the policy view's field list.
//
//   const policy::TypeSchema* s = policy::FindTypeSchema("MeshTimeout");   // null: generic type
//   policy::ValidatePolicySpec("MeshTimeout", spec_node, sink, KumaRelease::k2_10);  // POL040..POL075
//   policy::NormalizeDurations("MeshTimeout", conf);                      // "111s" -> "1m51s"
//   for (const policy::SchemaDefault& d : policy::TypeDefaults("MeshTrace")) ...
//
// Durations follow Go's time package (metav1.Duration wraps time.Duration): ParseGoDuration is
// time.ParseDuration, FormatGoDuration is Duration.String, so the merged conf prints them as Kuma
// prints them while the source keeps the text as written. Unknown policy types have no schema and
// every function here leaves them alone (their generic handling, POL002).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/doc/diagnostic.h"
#include "core/doc/node.h"
#include "core/policy/policy_release.h"

namespace cfgi::policy {

// Go's time.ParseDuration (src/time/format.go): "[-+]?([0-9]*(\.[0-9]*)?[a-z]+)+" with the units
// ns, us, µs, μs, ms, s, m, h; "0" alone needs no unit. Returns the nanoseconds, or nullopt with
// the reason in *error (Go's wording: invalid duration, missing unit, unknown unit, overflow).
std::optional<int64_t> ParseGoDuration(std::string_view text, std::string* error = nullptr);
// Go's Duration.String: "1h0m0s", "1m51s", "500ms", "1.5µs", "0s", "-2m3.5s".
std::string FormatGoDuration(int64_t nanoseconds);

enum class FieldKind {
  kObject,       // a struct: only its listed fields are allowed
  kArray,        // a list; its elements are described by "<path>[]"
  kMap,          // map[string]X; its values are described by "<path>{}"
  kString,
  kInt,          // int32 / uint32 / int64: a YAML integer in [min, max]
  kBool,
  kNumber,
  kDuration,     // metav1.Duration: a string Go's time.ParseDuration accepts
  kIntOrString,  // intstr.IntOrString: an integer or a string
  kAny,          // free-form (x-kubernetes-preserve-unknown-fields, JSON patch values)
};
// "object", "list", "map", "string", "integer", "bool", "number", "duration", "integer or string", "any"
const char* FieldKindName(FieldKind k);

inline constexpr int64_t kNoMin = INT64_MIN;
inline constexpr int64_t kNoMax = INT64_MAX;

// One field of a type's conf. `path` is relative to the conf root: "http.requestTimeout",
// "backends[].zipkin.url" (an array element), "tags{}" (a map value).
struct FieldSpec {
  const char* path;
  FieldKind kind;
  const char* enums;         // "A;B;C" or "" (compared with the scalar's text)
  const char* default_json;  // the +kubebuilder:default as JSON ("2", "\"httpJson\"") or ""
  bool required;             // in its parent's `required` list
  int64_t min, max;          // integers only
};

struct TypeSchema {
  const char* type;          // "MeshTimeout"
  const char* go_file;       // "pkg/plugins/policies/meshtimeout/api/v1alpha1/meshtimeout.go"
  const FieldSpec* fields;
  size_t field_count;
  bool to, from, rules;      // which spec lists the type has
  bool single;               // spec.default (MeshTrace, MeshMetric, MeshProxyPatch, MeshPassthrough)
  bool route;                // to[] items carry `rules` (and `hostnames`) instead of `default`
};

// The schema of a built-in policy type, or null (unknown types keep the generic handling).
const TypeSchema* FindTypeSchema(std::string_view type);
// Every built-in type's schema, in name order.
const std::vector<const TypeSchema*>& AllTypeSchemas();

// A default Kuma fills in (the API server's structural-schema defaulting on Kubernetes, and
// `defaulting.Default` in pkg/core/resources/model/rest/unmarshaller.go on universal): when the
// parent object exists and the field is absent.
struct SchemaDefault {
  std::string path;      // the schema path: "backends[].zipkin.traceId128bit"
  nlohmann::json value;  // false
};
// The type's defaults in table order; empty for types without defaults and unknown types.
std::vector<SchemaDefault> TypeDefaults(std::string_view type);
// Kuma fills these in through one mechanism: core/policy/policy_defaults.h (ApplyDefaults), whose
// table is built from this list; the merge marks each filled field as a default.

// Rewrites every duration field of `conf` that Go parses into Duration.String's form ("111s" ->
// "1m51s"); invalid durations and other fields stay as they are. Works on an item's default or
// on a merged conf (the same shape). Unknown type: no change. Returns how many it rewrote.
size_t NormalizeDurations(std::string_view type, nlohmann::json& conf);

// Removes the fields the type does not have at any release from `conf` (an item's default), as
// Kuma's typed structs drop them, so a misspelled field (reported as POL040) never reaches a merged
// conf; a field of another release (POL060) stays. Unknown type: no change. Returns how many it
// removed.
size_t PruneUnknownFields(std::string_view type, nlohmann::json& conf);

// Validates a resource's `spec` as Kuma `release` would (policy_schema_release.cpp), against the
// kind's CRD schema at that release's tag (core/policy/policy_crd_table.h): unknown fields
// (POL040, with the nearest known name), wrong types and out-of-range integers (POL041), invalid
// enum values (POL042), invalid durations (POL043), missing required fields (POL044); a field or
// value another release has: added later (POL060) or removed in 3.0 (POL061, with the rewrite);
// the 3.0 upgrade items (POL062..POL066) and `from`'s deprecation in 2.14 (POL065); then the
// kind's semantic validator.go rules (policy_validate.cpp: POL070..POL076). Each at the node's
// position with the field path scoped on `sink`. Unknown kinds: nothing. Inside a targetRef only
// release-dependent findings are reported (its own checks stay with the loader: POL007/015/019).
//
// `owner`: where the resource's own name-based targetRefs resolve (Kuma 2.x resolve/targetref.go
// TargetRef -> TargetRefToKRI: a ref without `namespace` takes the policy's namespace, and the
// policy's zone): POL061 on targetRef.name / namespace then offers the exact 3.0 rewrite into
// `labels` (a doc::Fix). Unknown (the default): the rewrite is offered only for a ref that names
// its namespace and the message says when it cannot be offered.
struct RefOwner {
  bool known = false;
  std::string ns;    // k8s.kuma.io/namespace of the policy ("" on universal)
  std::string zone;  // kuma.io/zone of the policy ("" when it names none)
};
void ValidatePolicySpec(std::string_view type, const doc::Node& spec, doc::DiagnosticSink& sink,
                        KumaRelease release = KumaRelease::k2_14, const RefOwner& owner = {});

// True when some release the profiles follow ships a CRD of this kind (Kuma's policies, its
// resources such as MeshGatewayInstance, MeshIdentity, MeshTrust, MeshOpenTelemetryBackend, and
// the legacy kinds), so it is never called an unknown kind.
bool IsKumaKind(std::string_view kind);
// True when the kind's CRD spec has a targetRef at some release (a targetRef policy).
bool IsKumaPolicyKind(std::string_view kind);

// The findings of one resource at each release, split: those every release shares go to `sink`
// (Load diagnostics); the others to `by_release[ReleaseIndex(r)]`, attached to the result of each
// profile that follows r (policy_engine.cpp). `spec` may be null. Also reports a kind that the
// release does not ship (POL064).
using ReleaseDiagnostics = std::array<std::vector<doc::Diagnostic>, 4>;
size_t ReleaseIndex(KumaRelease r);
void ValidateResourceAllReleases(std::string_view kind, const doc::Node& kind_node, const doc::Node* spec,
                                 doc::DiagnosticSink& sink, ReleaseDiagnostics& by_release,
                                 const RefOwner& owner = {});

// Validates the well-known label values of a resource's labels map: `kuma.io/origin` must be
// `global` or `zone` (ResourceOrigin.IsValid, api/mesh/v1alpha1/dataplane_helpers.go; the
// Kubernetes webhook's validateLabels rejects others: POL045), `kuma.io/policy-role` one of system,
// producer, consumer, workload-owner (POL046); on universal a policy-role other than `system` is
// refused by the API server (resource_endpoints.go validatePolicyRole: POL047, a warning since
// the inspector still orders by it).
// `policy`: the resource is a policy (the role checks apply to policies only).
void ValidatePolicyLabels(const doc::Node& labels, bool k8s, bool policy, doc::DiagnosticSink& sink);

}  // namespace cfgi::policy
