// core/policy/policy_query.h: what one policy evaluation asks of a loaded mesh. The CLI's flags
// parse into it once (ParsePolicyQuery, the engine's ParseQuery); the app's views and the tests
// build it directly:
//
//   auto q = std::make_shared<policy::PolicyQuery>();
//   q->dataplane = "web-1";
//   q->resources = {"kri_msvc_default_zone-1_kuma-demo_backend_http"};
//   Inspect(engine, scenario, Query{.typed = q}, options);
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/engine/engine.h"

namespace cfgi::policy {

struct PolicyQuery final : EngineQuery {
  // --dataplane NAME: the Dataplane to evaluate. Unset: inputs.dataplane, else the only one.
  std::optional<std::string> dataplane;
  // --resource KEY (repeatable): keep only these ResourceRules keys (a KRI or a core key).
  std::vector<std::string> resources;
  // --inspect KEY: everything this resource gets, across policy types, with each field's origin.
  std::optional<std::string> inspect;
  // --policy NAME: which dataplanes this policy affects (every dataplane of its mesh).
  std::optional<std::string> policy;
  // --client SPIFFE-ID: per inbound, the MeshTrafficPermission rule that decides.
  std::optional<std::string> client;
  // --kuma-inspect ENDPOINT: Kuma's inspect API answer for this path.
  std::optional<std::string> kuma_inspect;
};

// The flags of the policy engine (query_flags()) as a PolicyQuery: the last value of a single
// flag, every value of --resource in order. Values are checked where they are used (Load: an
// unknown dataplane is POL014, an endpoint Kuma does not have POL085).
PolicyQuery ParsePolicyQuery(const Query& flags);

}  // namespace cfgi::policy
