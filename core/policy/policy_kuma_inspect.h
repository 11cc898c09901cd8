// core/policy/policy_kuma_inspect.h: Kuma's inspect API, offline (`eval --kuma-inspect ENDPOINT`):
// what a control plane would answer for a dataplane, in Kuma's JSON shape, built from the engine's
// typed result (DataplaneRules) so `kumactl inspect` needs no control plane.
//
// Endpoints (kumahq/kuma v2.14.3 pkg/api-server/resource_endpoints.go and its goldens under
// pkg/api-server/testdata/resources/inspect/dataplanes/):
//   /meshes/{mesh}/dataplanes/{name}/_rules     {"httpMatches", "resource", "rules": [{"fromRules",
//                                                 "inboundRules", "proxyRule"?, "toResourceRules",
//                                                 "toRules", "type", "warnings"}]} (rulesForResource)
//   /meshes/{mesh}/dataplanes/{name}/_policies  {"policies": [{"conf", "kind", "origins": [{"kri"}]}]}:
//                                                 the proxy-wide (single-item) policies
// `_rules` and `_policies` alone name the evaluated dataplane (--dataplane).
//
//   std::optional<KumaEndpoint> e = ParseKumaEndpoint("/meshes/default/dataplanes/dp-1/_rules");
//   nlohmann::ordered_json j = KumaInspectJson(*e, rules);
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "core/policy/policy_rules.h"

namespace cfgi::policy {

struct KumaEndpoint {
  std::string mesh, dataplane;  // empty when the endpoint is given without its path
  std::string what;             // "_rules" or "_policies"
};

// Parses "/meshes/M/dataplanes/D/_rules", ".../_policies", "_rules" or "_policies". Nullopt for
// anything else (the caller reports POL085).
std::optional<KumaEndpoint> ParseKumaEndpoint(const std::string& s);

// The endpoint's answer for the evaluated dataplane `r` (r.dataplane non-null).
// `m` gives the Mesh's meshServices.mode (toRules are omitted under Exclusive).
nlohmann::ordered_json KumaInspectJson(const KumaEndpoint& e, const DataplaneRules& r, const Model& m);

}  // namespace cfgi::policy
