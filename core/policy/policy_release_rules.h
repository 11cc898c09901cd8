// core/policy/policy_release_rules.h: what the Kuma 2.12+ profiles build differently from 2.10:
// inbound rules listed per rule and match instead of merged, MeshTrafficPermission's
// RBAC matcher order, and KRI resource identifiers as result keys.
//
//   if (ListsInboundRules(o.profile)) ListInboundRules(in, entries, merge, out);
//   Kri(service.meta, "http-port") == "kri_msvc_mesh-1_zone-1_ns-1_backend_http-port";
//
// Follows kumahq/kuma v2.14.3 pkg/plugins/policies/core/rules/inbound/inboundrules.go
// (buildRules), .../inbound/sort.go (Sort, SortRules, CompareMatch),
// pkg/plugins/policies/meshtrafficpermission/xds/rbac_configurer.go (createMatcher) and
// pkg/core/kri/kri.go (Identifier.String, FromString).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/policy/policy_release.h"
#include "core/policy/policy_rules.h"

namespace cfgi::policy {

// Kuma 2.12+ (the 2.13, 2.14 and 3.0-preview profiles): inbound rules are listed, not merged.
bool ListsInboundRules(Profile p);
// Kuma 2.12+: the results' resource keys are KRI identifiers; 2.10 and the MADR keep
// core_model's "meshservice:mesh/m:..." keys.
bool KeysByKri(Profile p);
// Kuma 2.x and the MADR build the legacy subset rules (rules.go at v2.14.3: FromRules.Rules per
// inbound from from[] items, ToRules.Rules from legacyBuildToRules) and read from[]. Kuma main (the
// 3.0-preview profile) builds neither: its rules.go FromRules holds only InboundRules (from
// spec.rules; inbound/inboundrules.go getEntries has no from[] adapter) and ToRules only
// ResourceRules, and its policy API types have no from[].
bool BuildsLegacyRules(Profile p);
// Kuma 2.14+ (and the MADR): a Dataplane's embedded zone proxy listeners (networking.listeners,
// added to dataplane.proto in 2.14) are inbounds policies select. v2.13.10 and v2.10.11 have no
// such field: their API server rejects it (POL060 under those profiles) and nothing selects them.
bool ReadsZoneListeners(Profile p);
// Kuma 2.12+ (and the MADR): a to[] item targeting a MeshHTTPRoute builds a ResourceRule keyed by
// the route; 2.10 builds none (POL017).
bool KeysRoutes(Profile p);

// The KRI short name of a resource type ("MeshService" -> "msvc"); "" when Kuma gives it none.
std::string_view KriShortName(std::string_view type);
// kri_<short>_<mesh>_<zone>_<namespace>_<display name>_<section> (kri.FromResourceMeta: the zone
// and namespace from the kuma.io/zone and k8s.kuma.io/namespace labels); "" for a type without
// a short name.
std::string Kri(const Meta& m, std::string_view section = {});
// The key a profile shows for a ResourceRule's key (its own or the one it falls back to): the
// rule's KRI under Kuma 2.12+ (KeysByKri), else the key itself. Built once per type (a map over
// its rules, so a large mesh's list costs no search per row); the result JSON and the CLI's text
// both print keys through it, so they agree.
//
// The whole-result form names every key a resource chooser lists (every rule of every type, and
// the Mesh, MeshServices, MeshExternalServices and MeshMultiZoneServices of the dataplane's mesh:
// MeshResourceKeys), for the view's chooser (built on the worker). Move-only: it owns the keys it
// made.
class KeyNames {
 public:
  KeyNames(const TypeRules& t, Profile p);
  KeyNames(const DataplaneRules& r, const ResourceSet& m, Profile p);
  KeyNames(KeyNames&&) = default;
  KeyNames& operator=(KeyNames&&) = default;
  std::string operator()(std::string_view key) const;

 private:
  void Add(std::string_view key, const Meta& meta, std::string_view section);
  std::map<std::string_view, std::string> kri_;
  std::vector<std::unique_ptr<std::string>> owned_;  // keys made here (kri_ views them)
};
struct KriParts {
  std::string type, mesh, zone, namespace_, name, section;
};
// kri.FromString: at least 7 '_'-separated parts, "kri" first, a known short name; the section
// joins the remaining parts. nullopt otherwise.
std::optional<KriParts> ParseKri(std::string_view s);

// A resource key as a person reads it: "MeshService backend :http (ns kuma-demo, zone east)", from
// a KRI (ParseKri) or a core key ("meshservice:mesh/m:namespace/ns:name/n:section/s",
// "mesh:name/m"); the key itself when it is neither.
std::string ReadableKey(std::string_view key);

// The core key (UniqueKey) of the resource a KRI names in `m`, so --inspect and --resource take
// the keys a 2.12+ result prints; nullopt when `s` is not a KRI or names nothing in the model.
std::optional<std::string> UniqueKeyOfKri(const ResourceSet& m, std::string_view s);

// inbound.CompareMatch: a spiffeID match before none, Exact before Prefix, then an sni match
// before none (the matches as written, null = none).
int CompareInboundMatch(const nlohmann::json& a, const nlohmann::json& b);

// inbound.buildRules for one inbound: `entries` already in inbound.Sort's order (policy
// attributes, then display name descending); each becomes one row per match (one row with a
// null match when it has none), stably sorted by CompareInboundMatch. `fill` merges a row's one
// item (its conf, origin and provenance).
void ListInboundRules(const Inbound& in, const std::vector<const Item*>& entries,
                      const std::function<void(InboundRule&)>& fill, std::vector<InboundRule>& out);

// createMatcher's order over an inbound's listed MeshTrafficPermission rules.
std::vector<RbacMatcher> BuildRbac(const std::vector<InboundRule>& listed);

}  // namespace cfgi::policy
