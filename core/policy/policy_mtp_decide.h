// core/policy/policy_mtp_decide.h: which MeshTrafficPermission rule decides a client's request
// (`eval --client SPIFFE-ID`), Kuma 2.12+ (MADR 080). The inbound's RBAC matchers are tried in
// the order kumahq/kuma v2.14.3 pkg/plugins/policies/meshtrafficpermission/xds/rbac_configurer.go
// `createMatcher` emits them (TypeRules::rbac: every rule's deny first, then every rule's allow and
// allowWithShadowDeny); the first whose match fits the client decides, so a Deny in any matching
// rule wins; none fitting is the matcher's `OnNoMatch` deny ("default"). A match fits when its
// spiffeID does (pkg/envoy/builders/xds/matchers/matchers.go SpiffeIDPredicate: Exact is string
// equality, Prefix a string prefix, on the client certificate's URI SAN); a match with an `sni`
// needs the TLS server name too and is not decided from the SPIFFE ID alone (it does not fit).
//
//   for (const MtpDecision& d : DecideMtp(rules, "spiffe://default.east.mesh.local/ns/web/sa/web"))
//     d.action, d.by ? d.by->origin.policy->meta.name : "default";
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/policy/policy_rules.h"

namespace cfgi::policy {

struct MtpDecision {
  const Inbound* inbound = nullptr;
  // "Deny", "Allow", "AllowWithShadowDeny" (allowed; Kuma's shadow matcher logs a deny), or
  // "Deny" with `by` null: no matcher fits (OnNoMatch).
  std::string action;
  const RbacMatcher* by = nullptr;  // the deciding matcher (its match, policy and rule index)
  size_t position = 0;              // its index in the inbound's matcher list (0-based)
  bool has_rules = false;           // false: no MeshTrafficPermission rules on this inbound (none decides)
};

// Whether one common_api.Match fits a client SPIFFE ID.
bool SpiffeMatchFits(const nlohmann::json& match, const std::string& spiffe_id);

// One decision per inbound of the dataplane, in inbound order.
std::vector<MtpDecision> DecideMtp(const DataplaneRules& r, const std::string& spiffe_id);

// {"spiffeID", "decisions": [{"inbound", "action", "policy"?, "ruleIndex"?, "match"?, "matcher"?}]}
nlohmann::ordered_json MtpDecisionsJson(const std::vector<MtpDecision>& d, const std::string& spiffe_id);

}  // namespace cfgi::policy
