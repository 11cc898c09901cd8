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
//   .../_inbounds/{inbound KRI}/_policies        {"policies": [{"kind", "origins", "rules": [{"conf", "kri"}]}]}
//                                                 (matchedPoliciesToInboundConfig: the listed rules)
//   .../_outbounds/{outbound KRI}/_policies      {"policies": [{"conf": [conf], "kind", "origins"}]}
//                                                 (matchedPoliciesToOutboundPolicy: mesh -> service -> section)
//   .../_outbounds/{outbound KRI}/_routes/{route KRI}/_policies   the same, then the route's own rule
//   .../_outbounds/{outbound KRI}/_routes        {"routes": [{"kind", "origins", "rules": [{"conf", "kri",
//                                                 "matches"}]}]} (matchedPoliciesToRoutes)
//   .../_layout                                  {"inbounds", "kri", "labels", "listeners", "outbounds",
//                                                 "spiffeId"?} (dataplane_layout_endpoint.go)
// Without the /meshes/{mesh}/dataplanes/{name}/ prefix an endpoint names the evaluated dataplane
// (--dataplane): `_rules`, `_layout`, `_outbounds/KRI/_policies`, ...
//
//   std::optional<KumaEndpoint> e = ParseKumaEndpoint("/meshes/default/dataplanes/dp-1/_rules");
//   nlohmann::ordered_json j = KumaInspectJson(*e, rules);
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/policy/policy_rules.h"

namespace cfgi::policy {

struct KumaEndpoint {
  std::string mesh, dataplane;  // empty when the endpoint is given without its path
  // "_rules", "_policies", "_layout", "_inbounds/_policies", "_outbounds/_policies",
  // "_outbounds/_routes" or "_routes/_policies" (a route's policies).
  std::string what;
  std::string kri;        // the inbound's or outbound's KRI (or, for an inbound, its section name)
  std::string route_kri;  // "_routes/_policies": the route's KRI
};

// The endpoints this tool answers, for POL085's message.
inline constexpr const char* kKumaEndpoints =
    "/meshes/MESH/dataplanes/NAME/ followed by _rules, _policies, _layout, _inbounds/KRI/_policies, "
    "_outbounds/KRI/_policies, _outbounds/KRI/_routes or _outbounds/KRI/_routes/ROUTE-KRI/_policies "
    "(or the part after NAME/ alone, for the --dataplane)";

// Parses "/meshes/M/dataplanes/D/<endpoint>" or "<endpoint>" alone. Nullopt for anything else (the
// caller reports POL085).
std::optional<KumaEndpoint> ParseKumaEndpoint(const std::string& s);

// Kuma's error answer (pkg/api-server/rest_errors: {"status", "title", "detail"}).
struct KumaError {
  int status = 0;
  std::string title, detail;
};

// The dataplane a /meshes/{mesh}/dataplanes/{name}/ endpoint names (its core name, else its
// display name, in that mesh), or Kuma's 404 when the mesh or the dataplane does not exist
// (dataplanes/_rules/{mesh_doesnt_exist_not_found,dp_not_found}): meshFromRequest's "Failed to
// retrieve Mesh", then "Could not retrieve Dataplane"; `_layout` (getLayout) builds the mesh
// context first ("Failed to build MeshContext"), answers 400 on a Mesh whose meshServices.mode is
// not Exclusive, then "Failed to retrieve Dataplane". A mesh exists when a Mesh declares it or the
// input uses it (an implicit mesh, POL020). Only for an endpoint with its path (e.mesh set).
struct KumaLookup {
  const Dataplane* dataplane = nullptr;
  std::optional<KumaError> error;
};
KumaLookup LookupKumaDataplane(const KumaEndpoint& e, const ResourceSet& m);

// Kuma's 400/500 answer for a well-formed endpoint on this dataplane (resource_endpoints.go
// getPoliciesConf, dataplane_layout_endpoint.go): an invalid KRI ("bad request: invalid identifier
// string"), a mesh whose meshServices.mode is not Exclusive, an inbound the dataplane has not;
// nullopt when Kuma answers 200.
std::optional<std::string> KumaEndpointError(const KumaEndpoint& e, const Dataplane& dp, const ResourceSet& m);

// The Mesh's meshServices.mode is Exclusive (spec.meshServices on Kubernetes).
bool MeshServicesExclusive(const ResourceSet& m, const std::string& mesh);

// The resource document `meta` was read from (its root map), or null.
const doc::Node* ResourceNode(const ResourceSet& m, const Meta& meta);

// The section names of the dataplane's networking.listeners (zone ingress / egress listeners).
std::vector<std::string> ListenerSections(const Dataplane& dp, const ResourceSet& m);

// `_layout` (policy_kuma_inspect_layout.cpp).
nlohmann::ordered_json KumaLayoutJson(const Dataplane& dp, const ResourceSet& m);

// The endpoint's answer for the evaluated dataplane `r` (r.dataplane non-null).
// `m` gives the Mesh's meshServices.mode (toRules are omitted under Exclusive); `p` the release
// whose shape it prints (`_rules` under kuma-3.0-preview: Kuma main's, with no legacy lists).
nlohmann::ordered_json KumaInspectJson(const KumaEndpoint& e, const DataplaneRules& r, const ResourceSet& m, Profile p);

}  // namespace cfgi::policy
