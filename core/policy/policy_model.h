// core/policy/policy_model.h: the typed model of a Kuma 2.x mesh, loaded from YAML resources in
// universal form (`type`, `name`, `mesh`) or Kubernetes form (`apiVersion: kuma.io/v1alpha1`,
// `kind`, `metadata`), several per file. Resources: Mesh, MeshService (labels, named ports),
// MeshExternalService, MeshHTTPRoute, Dataplane (labels, inbounds) and policies (`spec.targetRef`,
// `to[]`, `from[]`, `rules[]`, `default`), MeshMultiZoneService (ports). Unknown policy types are kept generically: their
// `default` is merged as JSON.
//
//   std::vector<doc::Diagnostic> diags;
//   policy::ResourceSet m = policy::ReadResources(scenario.sources, diags);   // once per scenario (PolicyModel)
//   for (const policy::Policy& p : m.policies) ...;
//
// Every element keeps the file and source range it came from, so diagnostics and the provenance
// of a merged field point at the YAML that set it. Bad input yields located POL diagnostics, never
// an exception.
#pragma once

#include <array>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/doc/diagnostic.h"
#include "core/doc/load.h"
#include "core/doc/node.h"

namespace cfgi::policy {

using Labels = std::map<std::string, std::string>;

// Where something came from: a file name and a byte range in it.
struct Loc {
  std::string file;
  doc::SourceRange range;
  const doc::Source* source = nullptr;  // for line:column; owned by the Document
};

// Well-known labels (kumahq/kuma api/mesh/v1alpha1 constants).
inline constexpr const char* kDisplayNameLabel = "kuma.io/display-name";
inline constexpr const char* kNamespaceLabel = "k8s.kuma.io/namespace";
inline constexpr const char* kZoneLabel = "kuma.io/zone";
inline constexpr const char* kOriginLabel = "kuma.io/origin";
inline constexpr const char* kRoleLabel = "kuma.io/policy-role";
inline constexpr const char* kMeshLabel = "kuma.io/mesh";
inline constexpr const char* kServiceTag = "kuma.io/service";
inline constexpr const char* kEffectLabel = "kuma.io/effect";  // "shadow": inspected, not applied

// The meta of any resource, as Kuma's core_model.ResourceMeta sees it.
struct Meta {
  std::string type;          // "MeshService", "MeshTimeout", ...
  std::string mesh;          // empty for Mesh itself
  std::string name;          // core name: "backend" (universal), "backend.finance" (k8s)
  Labels labels;             // includes the computed k8s labels (display name, namespace, role)
  bool k8s = false;
  Loc loc;                   // the whole resource document

  // kuma.io/display-name label, else the core name (core_model.GetDisplayName).
  std::string DisplayName() const;
  std::string Namespace() const;  // k8s.kuma.io/namespace label or ""
  std::string Zone() const;
  std::string Label(const char* k) const;
};

// A targetRef, top-level or in to[] / from[].
struct TargetRef {
  std::string kind;  // empty when absent (top-level defaults to Mesh)
  std::string name, namespace_, section_name, mesh;
  Labels tags, labels;
  bool has_labels = false, has_tags = false;
  std::vector<std::string> proxy_types;
  Loc loc;
  bool present = false;
};

// One to[] / from[] / rules[] item, or a single-item policy's spec.default.
struct PolicyItem {
  TargetRef target_ref;
  nlohmann::json conf;          // the item's `default` (or MADR-notation `conf`)
  // A rules[] item's `matches` (common_api.Match: spiffeID / sni), as written; null when absent
  // (MeshFaultInjection 2.13; MeshTrafficPermission's matches are inside its default).
  nlohmann::json matches;
  const doc::Node* conf_node = nullptr;  // for per-field source ranges (owned by ResourceSet::docs)
  Loc loc;
};

enum class Direction { kTo, kFrom, kRules };
// "to", "from", "rules"
const char* DirectionName(Direction d);

struct Policy {
  Meta meta;
  TargetRef top;  // kind "Mesh" when absent (Kuma's syntactic sugar)
  std::vector<PolicyItem> to, from, rules;
  bool has_default = false;
  PolicyItem single;  // spec.default of a single-item policy (MeshTrace, ...)
  size_t index = 0;   // position in ResourceSet::policies (file order)

  std::string Origin() const { return meta.Label(kOriginLabel); }
  // kuma.io/policy-role label, "system" when absent (core_model.PolicyRole).
  std::string Role() const;
};

// core_model.IsShadowedResource: labelled kuma.io/effect: shadow (not applied; inspectable).
inline bool IsShadow(const Policy& p) { return p.meta.Label(kEffectLabel) == "shadow"; }

struct Port {
  std::string name;  // may be empty
  int port = 0;
  std::string app_protocol;
  // The section name Kuma uses for this port: its name, else the port number.
  std::string SectionName() const { return name.empty() ? std::to_string(port) : name; }
};

struct MeshService {
  Meta meta;
  std::vector<Port> ports;
  size_t index = 0;
};

struct Inbound {
  std::string name;  // may be empty
  int port = 0;
  Labels tags;
  Loc loc;
  // Derived from a Pod (policy_k8s.h): "Ready", "NotReady" or "Ignored" (a Service whose selector
  // does not match the pod), and the inbound's protocol; empty for a Dataplane as written.
  std::string state, protocol;
  // "ZoneIngress" / "ZoneEgress": an embedded zone proxy listener (networking.listeners[], Kuma
  // 2.14+), which policies select as an inbound of its own (matchers/dataplane.go
  // embeddedListenersAsInboundListeners); no tags, named by its sectionName (name, else port).
  std::string listener;
  std::string Id() const { return name.empty() ? std::to_string(port) : name; }
};

// A MeshGateway (builtin gateway): `selectors[].match` pick the gateway Dataplanes by their
// gateway tags; `conf.listeners[]` are what policies select (universal: top-level `selectors`,
// `conf`, `tags`; Kubernetes: under `spec`).
struct Listener {
  int port = 0;
  std::string protocol, hostname;
  Labels tags;
  Loc loc;
};
struct MeshGateway {
  Meta meta;
  std::vector<Labels> selectors;
  Labels tags;
  std::vector<Listener> listeners;
};

struct Dataplane {
  Meta meta;
  // For a builtin gateway: one per distinct listener port of its MeshGateway, named
  // "listener-<port>", its tags the merge of the Dataplane's gateway tags, the MeshGateway's tags
  // and the listener's (matchers/dataplane.go inboundsSelectedByTags).
  std::vector<Inbound> inbounds;
  std::string gateway_type;  // "BUILTIN" / "DELEGATED" when networking.gateway is set, else ""
  Labels gateway_tags;
  const MeshGateway* gateway = nullptr;  // the MeshGateway serving a builtin gateway (SelectGateway)
  // Derived from a Kubernetes Pod (policy_k8s.h): the pod "name.namespace", its IP and the
  // Services it was built from (by name); empty for a Dataplane as written.
  std::string pod, address;
  std::vector<std::string> pod_services;
  bool IsGateway() const { return !gateway_type.empty(); }
};

// A plain referencable resource: Mesh, MeshExternalService, MeshHTTPRoute's resource side.
struct Resource {
  Meta meta;
};

struct ResourceSet {
  std::vector<Resource> meshes;                 // declared Mesh resources
  std::vector<std::string> implicit_meshes;     // meshes used but not declared (POL020)
  std::vector<MeshService> services;
  std::vector<Resource> external_services;      // MeshExternalService
  // MeshMultiZoneService (spec.ports like a MeshService's; spec.selector is not evaluated: the
  // zones' MeshServices it groups are not needed to key rules).
  std::vector<MeshService> multizone_services;
  std::vector<MeshGateway> gateways;
  std::vector<Dataplane> dataplanes;
  std::vector<Policy> policies;                 // every policy, MeshHTTPRoute included

  // Indexes built once by ReadResources.
  // MeshService by (mesh, display name, namespace) -> index into services.
  std::map<std::string, size_t> service_by_id;
  // Inverted label index over services: "mesh\x1fkey\x1fvalue" -> ascending service indexes.
  std::unordered_map<std::string, std::vector<size_t>> service_label_index;
  // UniqueKey of every service (no section), by service index.
  std::vector<std::string> service_keys;
  // Services per mesh, ascending.
  std::map<std::string, std::vector<size_t>> services_by_mesh;
  // The same, in the order of their keys (service_keys): the complete ResourceRules list adds
  // every service of the mesh in key order without sorting 20,000 keys per evaluation.
  std::map<std::string, std::vector<size_t>> services_by_mesh_key_order;
  // Policy types in name order, each with its policies' indexes in file order.
  std::map<std::string, std::vector<size_t>> policies_by_type;

  // The schema findings that depend on the Kuma release (policy_schema.h
  // ValidateResourceAllReleases), by ReleaseIndex: 2.10, 2.13, 2.14, 3.0. Each profile's
  // evaluation reports its release's list (policy_engine.cpp).
  std::array<std::vector<doc::Diagnostic>, 4> release_diagnostics;

  std::vector<doc::Document> docs;  // kept alive: Nodes and Sources are referenced by pointer

  bool HasMesh(const std::string& name) const;
  const Dataplane* FindDataplane(const std::string& name) const;
  // Lookups by Kuma's ResourceIdentifier (mesh, zone, namespace, display name).
  const MeshService* FindService(const std::string& mesh, const std::string& name, const std::string& ns,
                                 const std::string& zone = {}) const;
  const Resource* FindExternalService(const std::string& mesh, const std::string& name, const std::string& ns,
                                      const std::string& zone = {}) const;
  const MeshService* FindMultiZoneService(const std::string& mesh, const std::string& name, const std::string& ns,
                                          const std::string& zone = {}) const;
  const Policy* FindRoute(const std::string& mesh, const std::string& name, const std::string& ns,
                          const std::string& zone = {}) const;
};

// Explicit limits of the loader.
struct LoadLimits {
  size_t max_resources = 200000;
  size_t max_items_per_policy = 10000;
};

// Loads every Kuma resource of every document. Never throws; problems become POL diagnostics
// in `diags` (each with its file, position and a fix).
ResourceSet ReadResources(std::vector<doc::Document> docs, std::vector<doc::Diagnostic>& diags,
                const LoadLimits& limits = {});

// Kinds Kuma knows for targetRef (api/common/v1alpha1/targetref.go).
bool IsKnownTargetRefKind(const std::string& kind);
// True for the policy types Kuma 2.x ships (MeshTimeout, MeshRetry, ...).
bool IsKnownPolicyType(const std::string& type);

// "mesh/x:zone/z:namespace/n:name/y" (core_model.ResourceIdentifier.String).
std::string ResourceIdentifier(const std::string& mesh, const std::string& zone, const std::string& ns,
                               const std::string& name);
// The unique key of a resource with an optional section:
// "meshservice:mesh/m:namespace/ns:name/n:section/s" (core_model.TypedResourceIdentifier.String).
std::string UniqueKey(const Meta& m, const std::string& section = {});

}  // namespace cfgi::policy
