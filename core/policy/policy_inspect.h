// core/policy/policy_inspect.h: one resource, everything it gets. For one ResourceRules key of a
// dataplane's evaluation (a MeshService, one of its sections, a MeshExternalService, the Mesh),
// across every policy type: the rule that applies (its own, or the one it falls back to: section
// -> service -> mesh), its merged conf as a YAML-like tree whose leaves carry the (policy,
// ruleIndex) that set them, the values they overrode and Kuma's defaults, and the merge stack
// (the rule's items in merge order with their sort keys). Built from the typed result
// (DataplaneRules and its FieldProvenance, policy_rules.h) on the worker; the app's policy view
// only draws it, and the CLI prints it with `eval --inspect KEY`.
//
// The JSON (ResourceConfJson) follows Kuma's own inspect API for one outbound,
// GET /meshes/{mesh}/dataplanes/{dp}/_outbounds/{kri}/_policies (kumahq/kuma
// pkg/api-server/testdata/resources/inspect/dataplanes/_policies/outbounds/*.golden.json:
// {"policies": [{"kind", "conf": [...], "origins": [...]}]}), keyed by kind here so the profile
// comparison (core/engine/compare.h) lines the kinds up, and with each leaf's provenance added
// (policy_engine.h ResourceConfJson).
//
//   policy::DataplaneRules r = policy::Evaluate(m, dp, o);
//   policy::ResourceConf i = policy::ResourceConfOf(r, m, "meshservice:mesh/default:name/backend", o.profile);
//   for (const policy::TypeConf& t : i.types)
//     for (const policy::ConfLine& l : t.lines)
//       l.depth, l.key, l.value, l.field->set.item;   // "requestTimeout: 5s" set by timeouts to[1]
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/doc/explanation.h"
#include "core/policy/policy_rules.h"

namespace cfgi::policy {

// One line of a merged conf drawn as a YAML-like tree: "key:" (an object or a list that has
// children), "key: value" (a leaf), "- value" / "-" (list elements).
struct ConfLine {
  int depth = 0;
  std::string key;         // object key; "-" for a list element
  std::string path;        // JSON pointer from the conf's root
  bool leaf = false;       // a scalar, an empty object or an empty list
  nlohmann::json value;    // the merged value (leaves)
  // The provenance entry whose path is this line's (null when the line only lies inside a value
  // set as a whole, e.g. an element of a replaced list, or provenance is off).
  const FieldProvenance* field = nullptr;
  // For a line with a field: the deciding step first (the item that set it, its rank and sort
  // keys, or Kuma's default and the item that received it), then each value it overrode, then
  // the merge stack.
  doc::Step why;
};

struct TypeConf {
  std::string type;
  const TypeRules* rules = nullptr;
  const ResourceRule* rule = nullptr;  // the rule applied to the key (sparse, or by fallback)
  bool fallback = false;               // the key has no rule of its own: `rule` is the one it falls back to
  std::vector<ConfLine> lines;
  doc::Step why;  // "<type>: merge of N items" with the merge stack as children
};

struct ResourceConf {
  std::string key;  // empty: nothing inspected
  Meta resource;    // the resource's meta, when the key names one of the evaluated rules
  std::vector<TypeConf> types;  // by type name; only types with a rule for the key
  size_t leaves = 0;                  // lines with a field, over every type
};

// The keys of every ResourceRule of `r` (any type), sorted, without repeats: what a resource
// chooser lists (every MeshService of the mesh in the complete output).
std::vector<std::string> ResourceKeys(const DataplaneRules& r);

// The keys a chooser lists for a dataplane of `mesh`: the Mesh, every MeshService,
// MeshExternalService and MeshMultiZoneService of the mesh (the complete output's keys, from the
// model, so they exist even when the evaluation kept only some keys), sorted.
std::vector<std::string> MeshResourceKeys(const ResourceSet& m, const std::string& mesh);

// The ResourceRules key of a mesh's Mesh resource ("mesh:name/default"): the key every rule of
// the mesh falls back to (ResourceRules.Compute).
std::string MeshKey(const ResourceSet& m, const std::string& mesh);

// The key a chooser opens first: of the rules built from items naming them (not the Mesh's, not
// computed by fallback) a MeshService's first, then a MeshMultiZoneService's, a
// MeshExternalService's, a route's, each by key; else the first key. Empty when `r` has no ResourceRule.
std::string DefaultResourceKey(const DataplaneRules& r);

// Everything `key` gets from `r` under profile `p`. A key with no rule in any type (unknown, or a
// mesh without policies) gives an inspection with no types. `explain`: fill each line's and each
// type's `why` (the Explanation the view shows); false leaves them empty and builds no step (an
// evaluation under a null `why`). Never throws.
ResourceConf ResourceConfOf(const DataplaneRules& r, const ResourceSet& m, const std::string& key, Profile p,
                                   bool explain = true);

// The YAML-like lines of a merged conf with the provenance of its leaves (`provenance` as in a
// ResourceRule). Exposed for the inbound and proxy rules too.
std::vector<ConfLine> ConfLines(const nlohmann::json& conf, const std::vector<FieldProvenance>& provenance);

// A leaf value as the tree prints it: strings bare unless they would read as another type,
// numbers and booleans as JSON, "{}" / "[]" for empty ones, other objects and lists as flow JSON.
std::string LeafText(const nlohmann::json& v);

}  // namespace cfgi::policy
