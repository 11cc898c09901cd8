// core/policy/policy_http_matches.h: MeshHTTPRoute matches as Kuma identifies them: the hash of a
// rule's `matches` (kumahq/kuma v2.14.3 pkg/plugins/policies/meshhttproute/api/v1alpha1/
// meshhttproute.go HashMatches: base64 of sha256 over Go's json.Marshal of []Match), the
// `__rule-matches-hash__` subsets a policy whose top-level targetRef is a MeshHTTPRoute gets in
// the legacy to-rules (pkg/plugins/policies/core/rules/rules.go buildToListWithRoutes), and the
// inspect API's `httpMatches` list (pkg/api-server/resource_endpoints.go rulesForResource).
//
//   std::string h = HashMatches(rule["matches"]);     // "waFsoIISmZDTfFWYqxvY265/GASHYEWvHQTwMh/bpuU="
//   for (const RouteRuleSubset& r : RouteRuleSubsets(m, policy)) r.subset, r.route_to_index ...
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/policy/policy_model.h"
#include "core/policy/policy_rules.h"

namespace cfgi::policy {

// rules.go RuleMatchesHashTag.
inline constexpr const char* kRuleMatchesHashTag = "__rule-matches-hash__";

// `matches` ([]Match) as Go's encoding/json writes it: Match {path {value, type}, method,
// queryParams [{type, name, value}], headers [{type?, name, value?}]} in declaration order,
// omitempty fields left out, fields Match does not declare dropped, Go's string escaping (<, >, &
// as \u003c, \u003e, \u0026). A null or absent list is "null".
std::string GoMatchesJson(const nlohmann::json& matches);

// The same value as ordered JSON (Go's field order), for the API's `match`.
nlohmann::ordered_json GoMatches(const nlohmann::json& matches);

// HashMatches: base64(sha256(GoMatchesJson(matches))).
std::string HashMatches(const nlohmann::json& matches);

// One subset per rule of each to[] item of the MeshHTTPRoute that `p`'s top-level targetRef names,
// in the route's order (buildToListWithRoutes): {__rule-matches-hash__: H} for a to[] item of
// kind Mesh or MeshSubset, else {kuma.io/service: <to[] name>, __rule-matches-hash__: H}. Empty
// when `p`'s top-level kind is not MeshHTTPRoute or the route does not exist.
std::vector<Subset> RouteRuleSubsets(const ResourceSet& m, const Policy& p);

// rulesForResource's `httpMatches`: every MeshHTTPRoute rule's matches in the legacy to-rules and
// the ResourceRules built from items, one per hash, sorted by hash: [{"hash", "match"}].
nlohmann::ordered_json HttpMatchesJson(const DataplaneRules& r);

}  // namespace cfgi::policy
