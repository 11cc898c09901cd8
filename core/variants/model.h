// core/variants/model.h: the typed model of the variants engine: resource variants as a server,
// client or caching proxy holds them (keyed by name and constraints, TP2 "Constraints
// Representation"), the responses that change them, and the subscriptions that select them.
//
// Inputs (docs/formats/variants.md):
//   - DeltaDiscoveryResponse / DiscoveryResponse (textproto, proto3 JSON, YAML): each Resource
//     with `resource_name {name, dynamic_parameter_constraints}` is one variant; a delta's
//     `removed_resource_names` removes one variant; a state-of-the-world response replaces every
//     variant of the resources it names.
//   - a bare DynamicParameterConstraints, a list of them, or the spec's shorthand: the variants
//     of one resource (named by `inputs.resource`, else the file's stem).
//   - DiscoveryRequest.resource_locators / DeltaDiscoveryRequest.resource_locators_subscribe:
//     subscriptions.
//   - a bootstrap-style client configuration (dynamic parameters globally and per xdstp
//     authority, node metadata translated): the subscriptions that client sends.
//
//   Sources m;
//   LoadSource(doc, "routes", m, sinks);
//   State s = Apply(m.updates);
//   Selection sel = Select(s.Find("R"), params);
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/doc/diagnostic.h"
#include "core/doc/load.h"
#include "core/variants/constraint.h"

namespace cfgi::variants {

// One DiagnosticSink per source, so every diagnostic resolves its own line:column.
using Sinks = doc::Sinks;  // one diagnostic sink per source (core/doc/diagnostic.h)

struct Variant {
  std::string resource;
  Constraint constraint;
  std::string canonical;  // canonical textproto: the variant's identity within its resource
  size_t ordinal = 0;     // 0-based, in order of first appearance over all sources
  std::string label;      // from `inputs.labels`, may be empty
  std::string content;    // short preview of the resource contents
  const doc::Source* source = nullptr;
  doc::SourceRange range;

  // The id the CLI prints: the label when given, else the ordinal.
  nlohmann::ordered_json Id() const;
  std::string IdText() const;
};

struct ResourceVariants {
  std::string name;
  std::vector<Variant> variants;  // in file order
};

struct State {
  std::vector<ResourceVariants> resources;  // in order of first appearance
  const ResourceVariants* Find(const std::string& name) const;
  ResourceVariants& Get(const std::string& name);
};

// One response (or one variants file): applied atomically.
struct Update {
  const doc::Source* source = nullptr;
  bool replace = false;  // state of the world: replaces every variant of the named resources
  std::vector<Variant> variants;
  struct Removal {
    std::string name;
    std::string canonical;  // "" = the unconstrained variant
    bool any_constraints = false;  // removed_resources (plain names)
    doc::SourceRange range;
  };
  std::vector<Removal> removals;
};

struct Subscription {
  std::string name;                    // client / subscriber, may be empty
  Params params;
  std::vector<std::string> resources;  // empty: every resource
  const doc::Source* source = nullptr;
  doc::SourceRange range;
  std::string origin;                  // "inputs", "--params", "request", "client"
};

struct ClientConfig;

struct Sources {
  std::vector<Update> updates;
  std::vector<Subscription> subscriptions;
  struct Client {
    std::shared_ptr<ClientConfig> config;
    const doc::Source* source = nullptr;
    doc::SourceRange range;
  };
  std::vector<Client> clients;  // resolved against the final resources
};

// Reads one document as a TP2 input; returns false (with VAR006) when it is none.
// `default_resource` names the resource of bare constraints.
bool LoadSource(const doc::Document& d, const std::string& default_resource, Sources& m, Sinks& sinks);

// Client configuration (bootstrap style): the dynamic parameters it sends per resource.
struct ClientConfig {
  std::string name;
  Params global;                                 // `dynamic_parameters`
  std::map<std::string, Params> authorities;     // `authorities.<a>.dynamic_parameters`
  Params from_metadata;                          // node metadata translated
  std::vector<std::string> subscribe;            // resource names; empty = every resource
};
// Parses a bootstrap-style map (docs/formats/variants.md). Errors are VAR122, metadata notes VAR120/121.
ClientConfig ParseClientConfig(const doc::Node& n, const std::string& name, doc::DiagnosticSink& sink);
// What the client sends when subscribing to `resource`: for an xdstp name whose authority has
// parameters, that authority's set; else metadata-derived parameters overridden by the global set.
Params ClientParams(const ClientConfig& c, const std::string& resource);
// The subscriptions a client produces, one per distinct parameter set.
std::vector<Subscription> ClientSubscriptions(const ClientConfig& c, const std::vector<std::string>& all_resources,
                                              const doc::Source* src, doc::SourceRange range);

// Applies updates in order. Removals of unknown variants are VAR012; duplicates in one update VAR010.
void ApplyUpdate(State& s, const Update& u, Sinks* sinks);

// Assigns ordinals (first appearance over all updates, in order) and labels.
void AssignIds(std::vector<Update>& updates, const std::map<std::string, std::vector<std::string>>& labels);

enum class MatchKind { kMatch, kNone, kAmbiguous };
const char* MatchKindName(MatchKind o);  // "match", "none", "ambiguous"

struct Selection {
  std::vector<size_t> matching;  // indices into ResourceVariants::variants
  MatchKind outcome = MatchKind::kNone;
  std::optional<size_t> selected;
};
// Matching is the spec's: every variant's constraints against the parameters (exact).
Selection Select(const ResourceVariants* r, const Params& p);

// "a=b,c=d" -> params; error text (empty when fine). "" is no parameters.
std::string ParseParamsFlag(const std::string& text, Params& out);

}  // namespace cfgi::variants
