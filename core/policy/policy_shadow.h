// core/policy/policy_shadow.h: shadow policies (label `kuma.io/effect: shadow`), which Kuma does
// not apply but lets you inspect. Kuma v2.14.3 skips them in MatchedPolicies
// (pkg/plugins/policies/core/matchers/dataplane.go, egress.go: `!IncludeShadow &&
// IsShadowedResource`) and includes them only for `GET .../_config?shadow=true`, whose
// `include=diff` is the JSONPatch between the proxy's config and the one with them
// (pkg/api-server/resource_endpoints.go configForProxy, pkg/core/xds/inspect/config.go). Offline
// the diff is over the rules instead of the xDS: every row whose conf would change.
//
//   DataplaneRules applied = Evaluate(m, dp, o);            // o.include_shadow = false
//   o.include_shadow = true;
//   std::vector<ShadowChange> d = ShadowDiff(applied, Evaluate(m, dp, o), m, o.profile);
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/policy/policy_rules.h"

namespace cfgi::policy {

// One row that would change if the shadow policies were applied.
struct ShadowChange {
  std::string type;   // the policy type ("MeshTimeout")
  std::string place;  // "proxy", "to" (a ResourceRule) or "inbound" (an inbound's rules)
  std::string key;    // the resource's key (KRI under kuma-2.13+) or the inbound's id; "" for proxy
  nlohmann::json before, after;  // the conf (an inbound: its rows' confs, in order); null = no rule
  std::vector<const Policy*> shadow;  // the shadow policies among the new rule's origins
};

// Whether any policy of `mesh` is a shadow policy (the diff is computed only then).
bool HasShadowPolicies(const ResourceSet& m, const std::string& mesh);

// The rows of `with_shadow` (evaluated with include_shadow) that differ from `applied`, by type,
// then proxy / to (by key) / inbound (by port). A ResourceRule on one side only is compared with
// the rule it falls back to on the other (ResourceRules.Compute), so "before" is what the proxy
// has now.
std::vector<ShadowChange> ShadowDiff(const DataplaneRules& applied, const DataplaneRules& with_shadow, const ResourceSet& m,
                                     Profile p);

// [{"type", "place", "key"?, "before", "after", "policies": [names]}]
nlohmann::ordered_json ShadowJson(const std::vector<ShadowChange>& d);

}  // namespace cfgi::policy
