// Which MeshTrafficPermission rule decides a request (policy_mtp_decide.h), after kumahq/kuma
// v2.14.3 meshtrafficpermission/xds/rbac_configurer.go (createMatcher, OnNoMatch deny) and
// pkg/envoy/builders/xds/matchers/matchers.go (Matches, SpiffeIDPredicate).
#include "core/policy/policy_json.h"
#include "core/policy/policy_mtp_decide.h"

namespace cfgi::policy {

using nlohmann::json;
using nlohmann::ordered_json;

bool SpiffeMatchFits(const json& match, const std::string& id) {
  if (!match.is_object() || match.contains("sni")) return false;  // an SNI predicate is ANDed in
  auto it = match.find("spiffeID");
  if (it == match.end() || !it->is_object()) return false;
  std::string type = it->value("type", ""), value = it->value("value", "");
  if (type == "Exact") return id == value;
  if (type == "Prefix") return id.rfind(value, 0) == 0;
  return false;
}

std::vector<MtpDecision> DecideMtp(const DataplaneRules& r, const std::string& id) {
  std::vector<MtpDecision> out;
  if (!r.dataplane) return out;
  const TypeRules* mtp = nullptr;
  for (const TypeRules& t : r.types)
    if (t.type == "MeshTrafficPermission") mtp = &t;
  for (const Inbound& in : r.dataplane->inbounds) {
    MtpDecision d;
    d.inbound = &in;
    if (mtp)
      for (const InboundRule& ir : mtp->from_rules) d.has_rules |= ir.listed && ir.inbound == &in;
    if (d.has_rules) {
      d.action = "Deny";  // OnNoMatch
      size_t pos = 0;
      for (const RbacMatcher& m : mtp->rbac) {
        if (m.inbound != &in) continue;
        if (SpiffeMatchFits(m.match, id)) {
          d.action = m.action;
          d.by = &m;
          d.position = pos;
          break;
        }
        ++pos;
      }
    }
    out.push_back(std::move(d));
  }
  return out;
}

ordered_json MtpDecisionsJson(const std::vector<MtpDecision>& ds, const std::string& id) {
  ordered_json a = ordered_json::array();
  for (const MtpDecision& d : ds) {
    ordered_json j;
    j["inbound"] = d.inbound->Id();
    if (!d.has_rules) {
      j["action"] = nullptr;  // no MeshTrafficPermission rules: Kuma 2.12+ configures no RBAC from rules
      a.push_back(std::move(j));
      continue;
    }
    j["action"] = d.action;
    if (d.by) {
      j["policy"] = d.by->origin.policy ? d.by->origin.policy->meta.name : "";
      j["ruleIndex"] = d.by->origin.rule_index;
      j["match"] = ToOrdered(d.by->match);
      j["matcher"] = d.position;
    } else {
      j["policy"] = "default";  // the matcher's OnNoMatch action name
    }
    a.push_back(std::move(j));
  }
  return {{"spiffeID", id}, {"decisions", std::move(a)}};
}

}  // namespace cfgi::policy
