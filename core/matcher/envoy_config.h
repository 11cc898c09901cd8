// core/matcher/envoy_config.h: Unified Matchers found inside Envoy configuration as it is
// written: a bootstrap, a Listener (or another resource), an admin `/config_dump`, or an xDS
// DiscoveryResponse / DeltaDiscoveryResponse, in YAML, JSON or textproto
// (docs/formats/matcher.md, "What is discovered inside Envoy configs").
//
//   EnvoyConfig c = DiscoverEnvoyMatchers(doc);            // c.shape, c.matchers, c.diagnostics
//   for (const FoundMatcher& f : c.matchers) {
//     Compiled m = LoadFound(doc, c, f, filter);           // paths start with f.path
//     ... Evaluate(m, request, profile) ...
//   }
//
// Envoy's own messages (Listener, HttpConnectionManager, the filters) have no descriptor in this
// build: bodies are walked as written (a textproto Any is read without its schema,
// core/doc/textproto_tree.h), and only each matcher is read against xds.type.matcher.v3.Matcher.
// Where a matcher sits in Envoy's API (envoyproxy/envoy api/):
//   envoy/extensions/common/matching/v3/extension_matcher.proto  ExtensionWithMatcher.xds_matcher
//       (and the deprecated .matcher, envoy.config.common.matcher.v3.Matcher), the composite filter's
//       wrapper; ExtensionWithMatcherPerRoute.xds_matcher
//   envoy/extensions/filters/http/rbac/v3/rbac.proto       RBAC.matcher, RBAC.shadow_matcher
//   envoy/extensions/filters/network/rbac/v3/rbac.proto    the same for the network filter
//   envoy/extensions/filters/http/rate_limit_quota/v3/rate_limit_quota.proto
//       RateLimitQuotaFilterConfig.bucket_matchers, RateLimitQuotaOverride.bucket_matchers
//   envoy/config/listener/v3/listener.proto                 Listener.filter_chain_matcher
//   envoy/config/route/v3/route_components.proto            VirtualHost.matcher
// and any other field whose value is a Matcher by its shape (matcher_list / matcher_tree, or an
// @type naming the Matcher). `/config_dump` (envoy/admin/v3/config_dump_shared.proto): a NACKed
// resource's UpdateFailureState (`error_state`) becomes MAT040 with Envoy's `details`.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/doc/diagnostic.h"
#include "core/doc/load.h"
#include "core/doc/node.h"
#include "core/matcher/matcher.h"

namespace cfgi::matcher {

// kKumaXdsConfig: Kuma's DataplaneXDSConfig, what `kumactl inspect dataplane --type config` and the
// API's GET /meshes/{mesh}/dataplanes/{name}/_config return (kumahq/kuma api/openapi/specs/api.yaml
// DataplaneXDSConfig: {xds: {TYPE_URL: {NAME: resource}}, diff: [JSON Patch]}).
enum class EnvoyShape { kNone, kBootstrap, kListener, kConfigDump, kDiscoveryResponse, kDeltaDiscoveryResponse, kResource,
                        kKumaXdsConfig };
// "bootstrap", "listener", "config_dump", "DiscoveryResponse", "DeltaDiscoveryResponse", "resource",
// "kuma_xds_config" ("" for kNone).
const char* EnvoyShapeName(EnvoyShape s);

struct FoundMatcher {
  std::string path;      // where it is: "static_resources.listeners[0].filter_chains[0]...xds_matcher"
  std::string field;     // the field holding it: "xds_matcher", "bucket_matchers", ...
  std::string owner;     // the @type of the message holding it, when written ("" for a bootstrap's listener)
  std::string context;   // what it is for: "composite filter (ExtensionWithMatcher.xds_matcher)"
  std::string resource;  // the enclosing resource: "Listener listener_0" ("" when none)
  bool rejected = false; // inside a NACKed resource's error_state.failed_configuration
  // True where a gRPC implementation reads a Unified Matcher (GrpcReadsMatcher): only there do a
  // gRPC profile's NACK reasons apply; elsewhere gRPC never parses the field.
  bool grpc_reads = false;
  const doc::Node* node = nullptr;  // the Matcher (into the document, or into EnvoyConfig::tree)
  doc::SourceRange key_range;       // the field's key
};

// An Any written in binary form (type_url + value bytes): kept opaque, its name and type shown.
struct OpaqueAny {
  std::string path, type_url, name;
  doc::SourceRange range;
};

struct EnvoyConfig {
  EnvoyShape shape = EnvoyShape::kNone;
  std::vector<FoundMatcher> matchers;
  std::vector<OpaqueAny> opaque;
  std::vector<doc::Diagnostic> diagnostics;  // MAT040 (NACKed error_state), MAT042 (opaque Any)
  std::shared_ptr<const doc::Node> tree;     // textproto: the schema-free tree `node`s point into
};

// True for the fields gRPC reads a Unified Matcher from, by the message holding them (`owner`,
// a full type name) and the field's proto name. Per implementation:
//   grpc-core src/core/xds/grpc/xds_http_composite_filter.cc: the composite filter's
//     ExtensionWithMatcher.xds_matcher and ExtensionWithMatcherPerRoute.xds_matcher (not the
//     deprecated `matcher`); src/core/xds/grpc/xds_matcher_parse.cc also parses the rate limit
//     quota filter's bucket_matchers (gRFC A77).
//   grpc-core src/core/xds/grpc/xds_http_rbac_filter.cc reads RBAC `rules` (and shadow_rules),
//     never RBAC.matcher / shadow_matcher; grpc-go internal/xds/rbac and
//     xds/internal/httpfilter/rbac read `rules` too; grpc-java RbacFilter.java reads `rules`.
//   gRPC servers choose a filter chain by FilterChain.filter_chain_match (grpc-core
//     xds_listener_parser.cc, gRFC A36), never Listener.filter_chain_matcher.
//   VirtualHost.matcher, custom_response_matcher, the UDP proxy's and generic proxy's matchers and
//     every other place are Envoy's alone.
bool GrpcReadsMatcher(const std::string& owner, const std::string& field);

// What an Envoy configuration root looks like; kNone for a bare Matcher and anything else. An
// admin /config_dump, or one of its per-type messages printed alone (BootstrapConfigDump as
// `istioctl proxy-config bootstrap -o json` prints it, ListenersConfigDump, ClustersConfigDump,
// RoutesConfigDump, ScopedRoutesConfigDump, SecretsConfigDump, EndpointsConfigDump,
// EcdsConfigDump: envoy/admin/v3/config_dump.proto, config_dump_shared.proto), is kConfigDump.
EnvoyShape DetectEnvoyShape(const doc::Node& root);

// Reads the document (a textproto without its schema) and finds every embedded matcher in
// document order. A document that is not an Envoy configuration gives shape kNone and nothing
// else; a textproto with a syntax error gives kNone (LoadDocument already reported DOC004).
EnvoyConfig DiscoverEnvoyMatchers(const doc::Document& d);

// Compiles one found matcher as Compile() does (gRPC's reasons, the proto schema check, dead
// matchers), every path prefixed with f.path, plus one MAT041 per input type the evaluator does
// not evaluate (response headers, dynamic metadata, network inputs, ...). A textproto matcher
// is first shaped by xds.type.matcher.v3.Matcher's descriptor (repeated fields, maps).
Compiled LoadFound(const doc::Document& d, const EnvoyConfig& c, const FoundMatcher& f, const FilterContext& filter = {});

// The input and custom_match types of a compiled matcher that evaluation treats as no data,
// each once, in document order, with a plain-words name ("response headers").
// An input or a custom matcher: `custom_matcher` says which, so the message names the input and
// the matcher the right way round.
struct UnevaluatedInput {
  std::string type;  // the input's type, or the custom matcher's type
  std::string what;  // "response headers", or "custom matcher Foo"
  doc::SourceRange range;
  std::string path;
  bool custom_matcher = false;
  std::string input_label;  // custom_matcher: the input it reads, "destination_ip (envoy....DestinationIPInput)"
  // "input response headers (envoy....HttpResponseHeaderMatchInput)", or
  // "custom matcher Foo (x.Foo) on input destination_ip (envoy....DestinationIPInput)".
  std::string Label() const;
};
std::vector<UnevaluatedInput> UnevaluatedInputs(const Compiled& m);
// MAT041's message for one of them.
std::string UnevaluatedMessage(const UnevaluatedInput& u);

}  // namespace cfgi::matcher
