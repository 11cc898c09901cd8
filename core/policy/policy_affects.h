// core/policy/policy_affects.h: which dataplanes one policy affects, and why (`eval --policy NAME`;
// kumahq/kuma#3486, #5142: "which dataplanes does this policy select?"). For every Dataplane of
// the policy's mesh: whether the top-level targetRef selects it (matchers/dataplane.go, the
// engine's SelectDataplane), the reason in words and the inbounds it selects; for every to[]
// item: the resources its targetRef resolves to (resolve/targetref.go, ResolveTargetRef). A
// targetRef that matches nothing says why, as a POL083 warning at the targetRef: no dataplane (or
// resource) has those labels / that name, a kind that never matches at that place, or a kind Kuma
// 3.0 removed there (under kuma-3.0-preview).
//
//   policy::PolicyAffects a = policy::AffectsOf(model, *policy, policy::Profile::kKuma214);
//   for (const auto& d : a.dataplanes) d.dataplane->meta.name, d.selected, d.reason;
//
// Evaluated only when asked (the --policy query), never on the engine's default path.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/doc/diagnostic.h"
#include "core/policy/policy_rules.h"

namespace cfgi::policy {

struct AffectedDataplane {
  const Dataplane* dataplane = nullptr;
  bool selected = false;
  std::string reason;                    // SelectDataplane's words
  std::vector<std::string> inbounds;     // ids of the inbounds the targetRef selects
};

struct ItemTargets {
  std::string path;                      // "spec.to[0].targetRef"
  std::string kind;
  std::vector<std::string> resources;    // UniqueKeys (with section) the targetRef resolves to
  std::string nothing;                   // why it resolves to nothing ("" when it resolves)
};

struct PolicyAffects {
  const Policy* policy = nullptr;
  std::vector<AffectedDataplane> dataplanes;  // the mesh's dataplanes in input order
  std::vector<ItemTargets> items;             // to[] items (rules[] / from[] apply to the selected inbounds)
  std::string nothing;                        // why the top-level targetRef selects no dataplane ("" otherwise)
  std::vector<doc::Diagnostic> diagnostics;   // POL083
};

// The policies whose core name or display name is `name` (several: one per mesh / namespace).
std::vector<const Policy*> FindPolicies(const ResourceSet& m, const std::string& name);

// What `p` affects under profile `profile`. Never throws.
PolicyAffects AffectsOf(const ResourceSet& m, const Policy& p, Profile profile);

// {"name", "type", "mesh", "selects": [{"dataplane", "reason", "inbounds"}], "doesNotSelect":
// [{"dataplane", "reason"}], "to": [{"path", "kind", "resources"} | {..., "matchesNothing"}],
// "matchesNothing"?}: the result's "policy" (docs/formats/policy.md).
nlohmann::ordered_json AffectsJson(const PolicyAffects& a);

}  // namespace cfgi::policy
