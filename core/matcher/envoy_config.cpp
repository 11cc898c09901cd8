// Discovery of Unified Matchers inside Envoy configuration (core/matcher/envoy_config.h).
#include "core/matcher/envoy_config.h"

#include <functional>
#include <set>

#include <google/protobuf/descriptor.h>

#include "core/doc/textproto_tree.h"
#include "core/matcher/matcher_engine.h"
#include "core/matcher/network_inputs.h"
#include "xds/type/matcher/v3/matcher.pb.h"

namespace cfgi::matcher {

using doc::Node;
namespace pb = google::protobuf;

const char* EnvoyShapeName(EnvoyShape s) {
  switch (s) {
    case EnvoyShape::kNone: return "";
    case EnvoyShape::kBootstrap: return "bootstrap";
    case EnvoyShape::kListener: return "listener";
    case EnvoyShape::kConfigDump: return "config_dump";
    case EnvoyShape::kDiscoveryResponse: return "DiscoveryResponse";
    case EnvoyShape::kDeltaDiscoveryResponse: return "DeltaDiscoveryResponse";
    case EnvoyShape::kResource: return "resource";
    case EnvoyShape::kKumaXdsConfig: return "kuma_xds_config";
  }
  return "";
}

namespace {

std::string TypeOf(const Node& n) {
  std::string url = n.is_map() ? n.GetString("@type") : "";
  size_t slash = url.rfind('/');
  return slash == std::string::npos ? url : url.substr(slash + 1);
}

bool EndsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// A field by its proto name or its lowerCamelCase JSON name.
const Node* Field(const Node& n, std::string_view snake) { return doc::GetProtoValue(&n, snake); }

std::string Snake(std::string_view key) {  // lowerCamelCase -> snake_case (proto3 JSON names)
  std::string out;
  for (char c : key) {
    if (std::isupper(static_cast<unsigned char>(c))) {
      out += '_';
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else {
      out += c;
    }
  }
  return out;
}

bool HasAny(const Node& n, std::initializer_list<const char*> keys) {
  for (const char* k : keys)
    if (Field(n, k)) return true;
  return false;
}

// Fields that hold an xds.type.matcher.v3.Matcher wherever they appear (their names are not
// used for anything else in Envoy's API), so `{}` and a matcher with only on_no_match count.
bool AlwaysMatcherField(const std::string& snake) {
  return snake == "xds_matcher" || snake == "filter_chain_matcher" || snake == "bucket_matchers" ||
         snake == "shadow_matcher" || snake == "custom_response_matcher";
}

// The owners whose `matcher` field is a Matcher.
bool MatcherOwner(const std::string& type) {
  return EndsWith(type, ".ExtensionWithMatcher") || EndsWith(type, ".ExtensionWithMatcherPerRoute") ||
         type == "envoy.extensions.filters.http.rbac.v3.RBAC" || type == "envoy.extensions.filters.network.rbac.v3.RBAC";
}

std::string Context(const std::string& owner, const std::string& field, const Node& parent) {
  if (EndsWith(owner, ".ExtensionWithMatcher") || EndsWith(owner, ".ExtensionWithMatcherPerRoute")) {
    std::string inner;
    if (const Node* ec = Field(parent, "extension_config"))
      if (const Node* tc = Field(*ec, "typed_config")) inner = TypeOf(*tc);
    std::string what = inner.find(".composite.") != std::string::npos ? "composite filter" : inner.empty() ? "filter" : inner;
    std::string short_owner = owner.substr(owner.rfind('.') + 1);
    return what + " (" + short_owner + "." + field + ")";
  }
  if (owner.find(".rbac.v3.RBAC") != std::string::npos)
    return field == "shadow_matcher" ? "RBAC filter shadow_matcher (shadow mode: reported, not enforced)" : "RBAC filter matcher";
  if (field == "bucket_matchers") return "rate limit quota bucket_matchers";
  if (field == "filter_chain_matcher") return "listener filter_chain_matcher (chooses a filter chain by name)";
  if (field == "custom_response_matcher") return "custom response matcher";
  if (field == "matcher" && Field(parent, "domains")) return "virtual host matcher";
  if (field == "xds_matcher") return "ExtensionWithMatcher.xds_matcher";
  std::string short_owner = owner.empty() ? "" : owner.substr(owner.rfind('.') + 1) + ".";
  return short_owner + field;
}

// The resource names Envoy reports in its own messages ("Listener listener_0").
std::string ResourceLabel(const std::string& type, const std::string& parent_key, const Node& n) {
  static const char* kTypes[] = {"Listener", "RouteConfiguration", "Cluster", "ClusterLoadAssignment",
                                 "ScopedRouteConfiguration", "VirtualHost", "TypedExtensionConfig"};
  std::string name = n.GetString("name");
  std::string short_type = type.empty() ? "" : type.substr(type.rfind('.') + 1);
  for (const char* t : kTypes)
    if (short_type == t) return name.empty() ? short_type : short_type + " " + name;
  if (type.empty() && !name.empty()) {
    if (parent_key == "listeners") return "Listener " + name;
    if (parent_key == "clusters") return "Cluster " + name;
  }
  return "";
}

class Walker {
 public:
  Walker(EnvoyConfig& out, const doc::Source* src) : out_(out), sink_(src) {}

  // Walks `n` with `segment` pushed on the field path (ScopedField; "" for none).
  void WalkUnder(std::string_view segment, const Node& n, const std::string& owner, const std::string& parent_key,
                 const std::string& resource, bool rejected, int depth) {
    doc::DiagnosticSink::ScopedField f(&sink_, segment, doc::DiagnosticSink::Lead::kField);
    Walk(n, owner, parent_key, resource, rejected, depth);
  }

 private:
  // The field path of `n` is the sink's (DiagnosticSink::ScopedField, gRPC ValidationErrors):
  // "static_resources.listeners[0].filter_chains[0]".
  void Walk(const Node& n, const std::string& owner, const std::string& parent_key, const std::string& resource,
            bool rejected, int depth) {
    if (depth > 200) return;
    if (n.is_seq()) {
      for (size_t i = 0; i < n.items().size(); ++i)
        WalkUnder("[" + std::to_string(i) + "]", n.items()[i], owner, parent_key, resource, rejected, depth + 1);
      return;
    }
    if (!n.is_map()) return;
    std::string type = TypeOf(n);
    std::string here_owner = type.empty() ? owner : type;
    std::string res = resource;
    if (std::string l = ResourceLabel(type, parent_key, n); !l.empty())
      res = !res.empty() && l.rfind("VirtualHost", 0) == 0 ? res + ", " + l : l;
    // An Any in binary form: type_url + value bytes, without an expanded body.
    if (type.empty() && Field(n, "type_url") && Field(n, "value") && Field(n, "value")->is_string() && n.size() == 2) {
      OpaqueAny a{sink_.field_path(), Field(n, "type_url")->text(), "", n.range()};
      out_.opaque.push_back(a);
      sink_.Note("MAT042", n.range(),
                 "this Any holds " + a.type_url + " in binary form (type_url and value bytes); its body is kept "
                 "opaque, so matchers inside it are not searched. Write it expanded ([" + a.type_url +
                     "] { ... } in textproto, {\"@type\": \"" + a.type_url + "\", ...} in JSON / YAML)");
      return;
    }
    for (const Node::Entry& e : n.entries()) {
      if (e.key == "@type") continue;
      const std::string key = Snake(e.key);
      doc::DiagnosticSink::ScopedField field(&sink_, "." + e.key, doc::DiagnosticSink::Lead::kField);
      const std::string p = sink_.field_path();
      if (key == "error_state" && e.value.is_map()) {
        ErrorState(e, res.empty() ? DumpEntryLabel(n, parent_key) : res);
        Walk(e.value, "", key, res, true, depth + 1);
        continue;
      }
      if (IsMatcher(here_owner, key, e.value, n)) {
        FoundMatcher f;
        f.path = p;
        f.field = key;
        f.owner = here_owner;
        f.context = Context(here_owner, key, n);
        f.resource = res;
        f.rejected = rejected;
        f.grpc_reads = GrpcReadsMatcher(here_owner, key);
        f.node = &e.value;
        f.key_range = e.key_range;
        out_.matchers.push_back(std::move(f));
        continue;  // a matcher's nested matchers belong to it
      }
      Walk(e.value, here_owner, key, res, rejected, depth + 1);
    }
  }

 public:
  std::vector<doc::Diagnostic> diagnostics() { return sink_.list(); }

 private:
  static bool IsMatcher(const std::string& owner, const std::string& key, const Node& v, const Node& parent) {
    if (key == "on_match" || key == "on_no_match") return false;
    // A field that always holds a Matcher holds one even when it is written wrong (a list, a
    // string): the loader says what is wrong with it (MAT019) instead of the file passing.
    if (AlwaysMatcherField(key) && !v.is_null()) return true;
    if (!v.is_map()) return false;
    if (LooksLikeMatcher(v)) return true;
    if (AlwaysMatcherField(key)) return true;
    if (key == "matcher" && (MatcherOwner(owner) || Field(parent, "domains"))) return true;
    // A matcher with only on_no_match (Envoy's AnyMatcher) under a field named like one.
    if (key.find("matcher") != std::string::npos && v.size() == 1 && Field(v, "on_no_match")) return true;
    return false;
  }

  // The resource a config_dump entry is about (config_dump_shared.proto): its `name`
  // (DynamicListener, DynamicScopedRouteConfigs), or the name inside its Any (DynamicCluster.cluster,
  // DynamicRouteConfig.route_config, DynamicEndpointConfig.endpoint_config, EcdsFilterConfig.ecds_filter).
  static std::string DumpEntryLabel(const Node& entry, const std::string& list_key) {
    static const std::pair<const char*, const char*> kKinds[] = {
        {"dynamic_listeners", "Listener"}, {"dynamic_active_clusters", "Cluster"}, {"dynamic_warming_clusters", "Cluster"},
        {"dynamic_route_configs", "RouteConfiguration"}, {"dynamic_scoped_route_configs", "ScopedRouteConfiguration"},
        {"dynamic_endpoint_configs", "ClusterLoadAssignment"}, {"ecds_filters", "extension config"}};
    std::string kind;
    for (const auto& [k, v] : kKinds)
      if (list_key == k) kind = v;
    std::string name = entry.GetString("name");
    if (name.empty())
      for (const Node::Entry& e : entry.entries())
        if (e.key != "error_state" && e.value.is_map() && e.value.Get("@type")) {
          name = e.value.GetString("name", e.value.GetString("cluster_name"));
          if (kind.empty()) kind = TypeOf(e.value).substr(TypeOf(e.value).rfind('.') + 1);
          if (!name.empty()) break;
        }
    if (kind.empty() && name.empty()) return "";
    return kind.empty() ? name : name.empty() ? kind : kind + " " + name;
  }

  // envoy/admin/v3/config_dump_shared.proto UpdateFailureState: failed_configuration (Any),
  // last_update_attempt, details, version_info.
  void ErrorState(const Node::Entry& e, const std::string& resource) {
    const Node& s = e.value;
    // Envoy's details often hold a proto's text form, several lines: one line here.
    std::string details;
    for (char c : s.GetString("details")) {
      bool space = c == '\n' || c == '\r' || c == '\t' || c == ' ';
      if (space) {
        if (!details.empty() && details.back() != ' ') details += ' ';
      } else {
        details += c;
      }
    }
    while (!details.empty() && details.back() == ' ') details.pop_back();
    std::string version = Field(s, "version_info") ? Field(s, "version_info")->text() : "";
    std::string when = Field(s, "last_update_attempt") ? Field(s, "last_update_attempt")->text() : "";
    std::string what = resource.empty() ? "this resource" : resource;
    std::string msg = "Envoy rejected (NACKed) an update of " + what + (version.empty() ? "" : " (version " + version + ")") +
                      (when.empty() ? "" : " at " + when) + ": " +
                      (details.empty() ? std::string("no details given") : details) +
                      "; Envoy keeps serving the last accepted version. Fix the resource on the control plane and push it again";
    sink_.Error("MAT040", e.key_range, msg);
  }

  EnvoyConfig& out_;
  doc::DiagnosticSink sink_;
};


// Plain words for the inputs Envoy has and this tool does not evaluate (envoy api/
// envoy/type/matcher/v3/http_inputs.proto, envoy/extensions/matching/common_inputs/).
std::string InputWords(const std::string& type) {
  static const std::pair<const char*, const char*> kWords[] = {
      {"HttpResponseHeaderMatchInput", "response headers"},
      {"HttpRequestTrailerMatchInput", "request trailers"},
      {"HttpResponseTrailerMatchInput", "response trailers"},
      {"HttpRequestQueryParamMatchInput", "query parameters"},
      {"DynamicMetadataInput", "dynamic metadata"},
      {"FilterStateInput", "filter state"},
      {"DestinationIPInput", "the connection's destination IP"},
      {"DestinationPortInput", "the connection's destination port"},
      {"SourceIPInput", "the connection's source IP"},
      {"SourcePortInput", "the connection's source port"},
      {"DirectSourceIPInput", "the connection's direct source IP"},
      {"SourceTypeInput", "the connection's source type (local or external)"},
      {"ServerNameInput", "the TLS server name (SNI)"},
      {"TransportProtocolInput", "the transport protocol"},
      {"ApplicationProtocolInput", "the application protocols (ALPN)"},
      {"EnvironmentVariableInput", "an environment variable"},
      {"ConsistentHashingInput", "a consistent hash"},
  };
  std::string last = type.substr(type.rfind('.') + 1);
  for (const auto& [t, w] : kWords)
    if (last == t) return w;
  return type.empty() ? "an input without @type" : "input " + last;
}

void CollectInputs(const Matcher& m, std::vector<UnevaluatedInput>& out, std::set<std::string>& seen, int depth);

std::string InputLabel(const Input& in) {
  if (in.kind == Input::Kind::kHeader) return "request header '" + in.header + "'";
  if (in.kind == Input::Kind::kCel) return "the CEL attributes (" + in.type + ")";
  if (in.kind == Input::Kind::kDynamicMetadata) return "dynamic metadata '" + in.key + "' (" + in.type + ")";
  if (in.kind == Input::Kind::kQueryParam) return "query parameter '" + in.key + "' (" + in.type + ")";
  if (in.kind == Input::Kind::kNetwork) return std::string(NetworkInputName(in.network)) + " (" + in.type + ")";
  if (in.kind == Input::Kind::kNone) return "no input";
  return InputWords(in.type) + " (" + (in.type.empty() ? "no @type" : in.type) + ")";
}

void AddInput(const Input& in, const std::string& path, std::vector<UnevaluatedInput>& out, std::set<std::string>& seen) {
  if (in.kind != Input::Kind::kUnsupported || !seen.insert("input:" + in.type).second) return;
  UnevaluatedInput u;
  u.type = in.type;
  u.what = InputWords(in.type);
  u.range = in.range;
  u.path = path;
  out.push_back(std::move(u));
}

void AddCustom(const std::string& type, const Input& in, doc::SourceRange r, const std::string& path,
               std::vector<UnevaluatedInput>& out, std::set<std::string>& seen) {
  if (!seen.insert("custom:" + type + "|" + in.type).second) return;
  UnevaluatedInput u;
  u.type = type;
  u.range = r;
  u.path = path;
  u.custom_matcher = true;
  u.input_label = InputLabel(in);
  std::string last = type.substr(type.rfind('.') + 1);
  u.what = "custom matcher " + (type.empty() ? std::string("(no @type)") : last);
  out.push_back(std::move(u));
}

void CollectPredicate(const Predicate& p, std::vector<UnevaluatedInput>& out, std::set<std::string>& seen, int depth) {
  if (depth > kHardMaxDepth + 2) return;
  if (p.kind == Predicate::Kind::kSingle) {
    AddInput(p.input, p.path + ".input", out, seen);
    if (p.test == Predicate::Test::kUnsupported) AddCustom(p.custom_type, p.input, p.custom_range, p.path + ".custom_match", out, seen);
  }
  for (const Predicate& c : p.children) CollectPredicate(c, out, seen, depth + 1);
}

void CollectOnMatch(const OnMatch& om, std::vector<UnevaluatedInput>& out, std::set<std::string>& seen, int depth) {
  if (om.kind == OnMatch::Kind::kMatcher && om.matcher) CollectInputs(*om.matcher, out, seen, depth + 1);
}

void CollectInputs(const Matcher& m, std::vector<UnevaluatedInput>& out, std::set<std::string>& seen, int depth) {
  if (depth > kHardMaxDepth + 2) return;
  if (m.kind == Matcher::Kind::kExactMap || m.kind == Matcher::Kind::kPrefixMap || m.kind == Matcher::Kind::kIpMap ||
      m.kind == Matcher::Kind::kCustomTree)
    AddInput(m.input, m.path + (m.path.empty() ? "" : ".") + "matcher_tree.input", out, seen);
  if (m.kind == Matcher::Kind::kCustomTree)
    AddCustom(m.custom_type, m.input, m.range, m.path + (m.path.empty() ? "" : ".") + "matcher_tree.custom_match", out, seen);
  for (const FieldMatcher& f : m.list) {
    CollectPredicate(f.predicate, out, seen, depth);
    CollectOnMatch(f.on_match, out, seen, depth);
  }
  for (const MapEntry& e : m.entries) CollectOnMatch(e.on_match, out, seen, depth);
  if (m.on_no_match) CollectOnMatch(*m.on_no_match, out, seen, depth);
}

}  // namespace

bool GrpcReadsMatcher(const std::string& owner, const std::string& field) {
  if (field == "xds_matcher")
    return owner == "envoy.extensions.common.matching.v3.ExtensionWithMatcher" ||
           owner == "envoy.extensions.common.matching.v3.ExtensionWithMatcherPerRoute";
  return field == "bucket_matchers" && owner.find(".rate_limit_quota.") != std::string::npos;
}

namespace {

// The fields of /config_dump's per-type messages (envoy/admin/v3/config_dump.proto and
// config_dump_shared.proto): BootstrapConfigDump {bootstrap, last_updated}, ListenersConfigDump
// {version_info, static_listeners, dynamic_listeners}, ClustersConfigDump {version_info,
// static_clusters, dynamic_active_clusters, dynamic_warming_clusters}, RoutesConfigDump,
// ScopedRoutesConfigDump, SecretsConfigDump, EndpointsConfigDump, EcdsConfigDump {ecds_filters}.
// True when every field of the root is one of them (and @type), with a list or map where the
// messages have one: istioctl prints these alone (istioctl/pkg/writer/envoy/configdump,
// testdata/bootstrapdump.json; ecds/output.json). A list of dump entries is one too.
bool IsPerTypeConfigDump(const Node& root) {
  static const char* kLists[] = {"static_listeners", "dynamic_listeners", "static_clusters", "dynamic_active_clusters",
                                 "dynamic_warming_clusters", "static_route_configs", "dynamic_route_configs",
                                 "inline_scoped_route_configs", "dynamic_scoped_route_configs", "static_secrets",
                                 "dynamic_active_secrets", "dynamic_warming_secrets", "static_endpoint_configs",
                                 "dynamic_endpoint_configs", "ecds_filters"};
  bool any = false;
  for (const Node::Entry& e : root.entries()) {
    const std::string key = Snake(e.key);
    if (key == "@type" || key == "version_info" || key == "last_updated") continue;
    if (key == "bootstrap") {
      if (!e.value.is_map()) return false;
      any = true;
      continue;
    }
    bool list = false;
    for (const char* k : kLists) list = list || key == k;
    if (!list || !(e.value.is_seq() || e.value.is_null())) return false;
    any = true;
  }
  return any;
}

// Kuma's DataplaneXDSConfig: {xds: {"type.googleapis.com/envoy...": {NAME: resource}}, diff: [...]}
// and nothing else (kumahq/kuma api/openapi/specs/api.yaml, test/e2e_env/universal/envoyconfig).
bool IsKumaXdsConfig(const Node& root) {
  const Node* xds = root.Get("xds");
  if (!xds || !xds->is_map() || xds->size() == 0) return false;
  for (const Node::Entry& e : root.entries())
    if (e.key != "xds" && e.key != "diff") return false;
  for (const Node::Entry& e : xds->entries())
    if (e.key.rfind("type.googleapis.com/envoy.", 0) != 0 || !e.value.is_map()) return false;
  return true;
}

// A list of /config_dump entries cut out of a dump (`jq '.configs[1].dynamic_active_clusters'`, as
// envoyproxy/examples dynamic-config-*/_include/response-config-active-clusters.json show them):
// each item is an Envoy message with its @type, or an entry holding one (DynamicCluster.cluster,
// DynamicListener.active_state.listener, ...).
bool IsListOfDumpEntries(const Node& root) {
  if (!root.is_seq() || root.items().empty()) return false;
  for (const Node& item : root.items()) {
    if (!item.is_map()) return false;
    bool typed = TypeOf(item).rfind("envoy.", 0) == 0;
    for (const Node::Entry& e : item.entries())
      typed = typed || (e.value.is_map() && TypeOf(e.value).rfind("envoy.", 0) == 0);
    if (!typed) return false;
  }
  return true;
}

}  // namespace

EnvoyShape DetectEnvoyShape(const Node& root) {
  if (IsListOfDumpEntries(root)) return EnvoyShape::kConfigDump;
  if (!root.is_map() || LooksLikeMatcher(root)) return EnvoyShape::kNone;
  const std::string type = TypeOf(root);
  if (EndsWith(type, "admin.v3.ConfigDump")) return EnvoyShape::kConfigDump;
  if (type.rfind("envoy.admin.v3.", 0) == 0 && EndsWith(type, "ConfigDump")) return EnvoyShape::kConfigDump;
  if (IsPerTypeConfigDump(root)) return EnvoyShape::kConfigDump;
  if (IsKumaXdsConfig(root)) return EnvoyShape::kKumaXdsConfig;
  if (const Node* configs = Field(root, "configs")) {
    bool dump = false;
    doc::ForEachValue(*configs, [&](const Node& c, int) { dump = dump || TypeOf(c).find("envoy.admin.") == 0; });
    if (dump) return EnvoyShape::kConfigDump;
  }
  if (EndsWith(type, "bootstrap.v3.Bootstrap") || HasAny(root, {"static_resources", "dynamic_resources"})) return EnvoyShape::kBootstrap;
  if (EndsWith(type, "DeltaDiscoveryResponse")) return EnvoyShape::kDeltaDiscoveryResponse;
  if (EndsWith(type, "discovery.v3.DiscoveryResponse")) return EnvoyShape::kDiscoveryResponse;
  if (const Node* res = Field(root, "resources")) {
    bool delta = HasAny(root, {"system_version_info", "removed_resources", "removed_resource_names"});
    bool envoy_any = false;
    doc::ForEachValue(*res, [&](const Node& r, int) {
      if (Field(r, "resource")) delta = true;
      if (TypeOf(r).find("envoy.") == 0 || (Field(r, "resource") && TypeOf(*Field(r, "resource")).find("envoy.") == 0) ||
          Field(r, "type_url"))
        envoy_any = true;
    });
    if (delta && (envoy_any || HasAny(root, {"system_version_info", "nonce"}))) return EnvoyShape::kDeltaDiscoveryResponse;
    if (envoy_any || HasAny(root, {"type_url", "version_info", "nonce", "control_plane"})) return EnvoyShape::kDiscoveryResponse;
  }
  if (EndsWith(type, "listener.v3.Listener") || HasAny(root, {"filter_chains", "filter_chain_matcher", "listener_filters"}))
    return EnvoyShape::kListener;
  if (type.find("envoy.") == 0 || HasAny(root, {"virtual_hosts", "http_filters"})) return EnvoyShape::kResource;
  // A filter as a TypedExtensionConfig: {name, typed_config: {"@type": envoy...}}.
  if (const Node* tc = Field(root, "typed_config"); tc && TypeOf(*tc).find("envoy.") == 0) return EnvoyShape::kResource;
  return EnvoyShape::kNone;
}

EnvoyConfig DiscoverEnvoyMatchers(const doc::Document& d) {
  EnvoyConfig out;
  const Node* root = d.root();
  if (d.format == doc::Format::kTextProto) {
    if (doc::HasErrors(d.diagnostics)) return out;
    auto tree = std::make_shared<Node>();
    doc::DiagnosticSink ignored(d.source.get());  // LoadDocument reported the syntax already
    if (!doc::ParseTextProtoTree(*d.source, ignored, tree.get())) return out;
    out.tree = tree;
    root = out.tree.get();
  }
  if (!root) return out;
  out.shape = DetectEnvoyShape(*root);
  if (out.shape == EnvoyShape::kNone) return out;
  Walker w(out, d.source.get());
  if (out.shape == EnvoyShape::kKumaXdsConfig) {
    // Only `xds`, the configuration the control plane computed: `diff` holds JSON Patch
    // fragments against the proxy's running configuration, not resources. Each resource is
    // named by its map key and typed by the type URL above it.
    for (const Node::Entry& t : root->Get("xds")->entries()) {
      const std::string full = t.key.substr(t.key.rfind('/') + 1);
      for (const Node::Entry& r : t.value.entries()) {
        const std::string short_type = full.substr(full.rfind('.') + 1);
        w.WalkUnder("xds[\"" + t.key + "\"][\"" + r.key + "\"]", r.value, full, t.key, short_type + " " + r.key, false, 1);
      }
    }
  } else {
    w.WalkUnder("", *root, "", "", "", false, 0);
  }
  out.diagnostics = w.diagnostics();
  return out;
}

std::string UnevaluatedInput::Label() const {
  if (custom_matcher) return what + " (" + (type.empty() ? "no @type" : type) + ") on input " + input_label;
  return "input " + what + " (" + (type.empty() ? "no @type" : type) + ")";
}

std::string UnevaluatedMessage(const UnevaluatedInput& u) {
  if (u.custom_matcher)
    return "this matcher uses the " + u.what + " (" + (u.type.empty() ? "no @type" : u.type) + ") on the input " + u.input_label +
           ", and this tool does not evaluate that matcher: a request that reaches it is listed as unevaluated, not as a "
           "match or no match. Check that branch by hand";
  return "this matcher reads the input " + u.what + " (" + (u.type.empty() ? "no @type" : u.type) +
         "), which this tool does not evaluate: a request whose answer depends on it is listed as unevaluated, not as a "
         "match or no match. Check those branches by hand";
}

std::vector<UnevaluatedInput> UnevaluatedInputs(const Compiled& m) {
  std::vector<UnevaluatedInput> out;
  std::set<std::string> seen;
  if (m.root) CollectInputs(*m.root, out, seen, 0);
  return out;
}

Compiled LoadFound(const doc::Document& d, const EnvoyConfig& c, const FoundMatcher& f, const FilterContext& filter) {
  (void)c;
  Compiled m;
  if (d.format == doc::Format::kTextProto) {
    Node shaped = doc::ShapeByDescriptor(*f.node, xds::type::matcher::v3::Matcher::descriptor());
    m = LoadTree(shaped, d.source, filter);
  } else {
    m = LoadTree(*f.node, d.source, filter);
  }
  FindShadowed(m);
  doc::DiagnosticSink sink(m.source.get());
  for (const UnevaluatedInput& u : UnevaluatedInputs(m)) sink.Warning("MAT041", u.range, UnevaluatedMessage(u), u.path);
  m.diagnostics.insert(m.diagnostics.end(), sink.list().begin(), sink.list().end());
  for (doc::Diagnostic& d : m.diagnostics) d.path = PrefixPath(f.path, d.path);
  for (NodeInfo& n : m.nodes) n.path = PrefixPath(f.path, n.path);
  m.path_prefix = f.path;
  return m;
}

}  // namespace cfgi::matcher
