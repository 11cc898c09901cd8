// app/live/csds_read.cpp: the reader of a CSDS answer (live.h DescribeClientStatus). The bytes
// are an envoy.service.status.v3.ClientStatusResponse (app/live/proto, data-plane-api
// envoy/service/status/v3/csds.proto); each ClientConfig is one xDS client of the process (gRPC:
// one per channel target plus "#server", its client_scope) and lists its resources as
// GenericXdsConfig {type_url, name, version_info, xds_config, last_updated, client_status,
// error_state}. grpc-core fills them in XdsClient::DumpClientConfig (src/core/xds/xds_client/
// xds_client.cc) and serves them from src/cpp/server/csds/csds.cc (gRFC A40; A38 registers it
// with the admin services); A88 adds RECEIVED_ERROR and TIMEOUT.
//
// Each scope becomes a document in the shape Envoy's own /config_dump has
// (envoy/admin/v3/config_dump_shared.proto: DynamicListener {name, active_state, error_state,
// client_status}, DynamicRouteConfig / DynamicCluster / DynamicEndpointConfig {version_info, the
// resource, last_updated, error_state, client_status}), so the matcher engine reads it as it reads
// a saved config_dump: matchers found in the resources, a NACK's error_state as MAT040.
#include <google/protobuf/descriptor.h>
#include <google/protobuf/util/json_util.h>
#include <google/protobuf/util/time_util.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "app/live/any_json.h"
#include "app/live/live.h"
#include "core/doc/source.h"
#include "envoy/service/discovery/v3/discovery.pb.h"
#include "envoy/service/status/v3/csds.pb.h"

namespace cfgi::live {

namespace {

namespace pb = google::protobuf;
namespace csds = envoy::service::status::v3;
namespace admin = envoy::admin::v3;
namespace discovery = envoy::service::discovery::v3;
using nlohmann::ordered_json;

// Where each resource type goes in a config_dump: the per-type dump message, its list field,
// the field holding the resource, and our word for it.
struct Kind {
  const char* type;       // the resource's message name (type_url without the prefix)
  const char* dump;       // envoy.admin.v3.<dump>
  const char* list;       // the dump's repeated field
  const char* field;      // the entry's field that holds the resource
  const char* word;       // what the text output calls it
  const char* name_key;   // the resource's own name field (a body with only its name)
};
constexpr Kind kKinds[] = {
    {"envoy.config.listener.v3.Listener", "ListenersConfigDump", "dynamic_listeners", "listener", "Listener", "name"},
    {"envoy.config.route.v3.RouteConfiguration", "RoutesConfigDump", "dynamic_route_configs", "route_config",
     "RouteConfiguration", "name"},
    {"envoy.config.cluster.v3.Cluster", "ClustersConfigDump", "dynamic_active_clusters", "cluster", "Cluster", "name"},
    {"envoy.config.endpoint.v3.ClusterLoadAssignment", "EndpointsConfigDump", "dynamic_endpoint_configs",
     "endpoint_config", "ClusterLoadAssignment", "cluster_name"},
    {"envoy.config.core.v3.TypedExtensionConfig", "EcdsConfigDump", "ecds_filters", "ecds_filter", "extension config",
     "name"},
};

std::string TypeName(const std::string& type_url) {
  size_t slash = type_url.rfind('/');
  return slash == std::string::npos ? type_url : type_url.substr(slash + 1);
}

const Kind* KindOf(const std::string& type_url) {
  std::string t = TypeName(type_url);
  for (const Kind& k : kKinds)
    if (t == k.type) return &k;
  return nullptr;
}

std::string Time(const pb::Timestamp& t) { return pb::util::TimeUtil::ToString(t); }

// The TP2 wrapper (xRFC TP2, envoy.service.discovery.v3.Resource): a client that keeps
// dynamically-parameterised variants holds each with its resource_name {name,
// dynamic_parameter_constraints}. CSDS's GenericXdsConfig has no field for the constraints, so
// such a client reports the wrapper as the resource's xds_config (our reading; upstream CSDS
// clients send the bare resource).
constexpr const char* kResourceWrapper = "envoy.service.discovery.v3.Resource";

ordered_json ErrorStateJson(const admin::UpdateFailureState& e) {
  ordered_json j = ordered_json::object();
  if (e.has_last_update_attempt()) j["last_update_attempt"] = Time(e.last_update_attempt());
  j["details"] = e.details();
  if (!e.version_info().empty()) j["version_info"] = e.version_info();
  return j;
}

// "  " * n before every line but the first.
std::string Indent(const std::string& s, int n) {
  std::string pad(static_cast<size_t>(n), ' '), out;
  for (char c : s) {
    out += c;
    if (c == '\n') out += pad;
  }
  return out;
}

// What became of a resource's body (xds_config).
enum class Body { kNone, kOpened, kNoSchema, kMalformed };

struct Entry {
  ordered_json json;
  const csds::ClientConfig::GenericXdsConfig* r;
  Body body = Body::kNone;
  std::string body_type;      // the body's message type (the wrapped one for a TP2 Resource)
  size_t begin = 0, end = 0;  // in the document, once written
};

// One scope's documents and its findings.
struct ScopeDoc {
  InputFile file;
  std::vector<InputFile> variants;  // TP2: the Resource wrappers and the client's subscription
  std::vector<doc::Diagnostic> diagnostics;
  ordered_json resources = ordered_json::array();
};

std::string Dump(const ordered_json& j, int indent) {
  return j.dump(indent, ' ', false, ordered_json::error_handler_t::replace);
}

// The variants engine's documents for a scope's TP2 resources: a DeltaDiscoveryResponse holding
// the wrappers as the client received them (docs/formats/variants.md), and, per resource type, a
// DiscoveryRequest with the client's node (its dynamic_parameters for that type) subscribing to
// those names, so the engine answers which variant this client gets.
std::vector<InputFile> VariantDocs(const std::string& name, const csds::ClientConfig& c,
                                   const std::vector<std::pair<std::string, discovery::Resource>>& wrapped) {
  std::vector<InputFile> out;
  if (wrapped.empty()) return out;
  pb::util::JsonPrintOptions o;
  o.preserve_proto_field_names = true;
  ordered_json resp = ordered_json::object();
  ordered_json list = ordered_json::array();
  std::map<std::string, std::vector<std::string>> names_by_type;
  for (const auto& [type_url, res] : wrapped) {
    std::string text;
    discovery::Resource copy = res;
    // The body is opened in the scope's config_dump for the matcher engine; here the variant is
    // its name, constraints and version only (a body here would make the file Envoy config).
    copy.clear_resource();
    if (!pb::util::MessageToJsonString(copy, &text, o).ok()) continue;
    ordered_json j = ordered_json::parse(text, nullptr, false);
    if (j.is_discarded()) continue;
    list.push_back(std::move(j));
    std::vector<std::string>& names = names_by_type[type_url];
    const std::string& n = res.has_resource_name() ? res.resource_name().name() : res.name();
    if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
  }
  // No type_url: with it the file reads as a DiscoveryResponse of Envoy config (the matcher
  // engine's); the resources' resource_name makes it the variants engine's.
  resp["resources"] = std::move(list);
  out.push_back({name + "#variants", Dump(resp, 2) + "\n"});
  for (const auto& [type_url, names] : names_by_type) {
    ordered_json req = ordered_json::object();
    ordered_json node = ordered_json::object();
    node["id"] = c.node().id();
    auto it = c.node().dynamic_parameters().find(type_url);
    if (it != c.node().dynamic_parameters().end()) {
      ordered_json params = ordered_json::object();
      std::map<std::string, std::string> sorted(it->second.params().begin(), it->second.params().end());
      for (const auto& [k, v] : sorted) params[k] = v;
      node["dynamic_parameters"][type_url]["params"] = std::move(params);
    }
    req["node"] = std::move(node);
    req["type_url"] = type_url;
    req["resource_names"] = names;
    std::string suffix = names_by_type.size() == 1 ? "" : ":" + TypeName(type_url);
    out.push_back({name + "#client" + suffix, Dump(req, 2) + "\n"});
  }
  return out;
}

// The entry of config_dump's list for resource `r` of kind `k`, `body` its contents.
ordered_json EntryJson(const csds::ClientConfig::GenericXdsConfig& r, const Kind& kind, ordered_json body) {
  const Kind* k = &kind;
  ordered_json e = ordered_json::object();
  const bool listener = std::string(k->list) == "dynamic_listeners";
  if (listener) {
    e["name"] = r.name();
    if (r.has_xds_config()) {
      ordered_json s = ordered_json::object();
      s["version_info"] = r.version_info();
      s["listener"] = std::move(body);
      if (r.has_last_updated()) s["last_updated"] = Time(r.last_updated());
      e["active_state"] = std::move(s);
    }
  } else {
    e["version_info"] = r.version_info();
    e[k->field] = std::move(body);
    if (r.has_last_updated()) e["last_updated"] = Time(r.last_updated());
  }
  if (r.has_error_state()) e["error_state"] = ErrorStateJson(r.error_state());
  e["client_status"] = admin::ClientResourceStatus_Name(r.client_status());
  return e;
}

// One resource: its row in the answer (out.resources) and, when config_dump has a place for
// its type, its entry there (by_kind); a TP2 wrapper is kept for the variants engine (wrapped).
void AddResource(const csds::ClientConfig::GenericXdsConfig& r, ScopeDoc& out, std::map<const Kind*, std::vector<Entry>>& by_kind,
                 std::set<std::string>& unlisted_types, std::vector<std::pair<std::string, discovery::Resource>>& wrapped) {
  ordered_json info = ordered_json::object();
  info["type"] = TypeName(r.type_url());
  info["name"] = r.name();
  info["version"] = r.version_info();
  info["client_status"] = admin::ClientResourceStatus_Name(r.client_status());
  if (info["client_status"].get<std::string>().empty())
    info["client_status"] = "status " + std::to_string(static_cast<int>(r.client_status()));
  if (r.has_last_updated()) info["last_updated"] = Time(r.last_updated());
  if (r.is_static_resource()) info["static"] = true;
  if (r.has_error_state()) info["error_state"] = ErrorStateJson(r.error_state());
  if (r.has_xds_config()) info["size"] = r.xds_config().value().size();

  // The body: a TP2 wrapper is unwrapped (its constraints go to the variants engine), then the
  // resource is opened through the schemas we hold.
  const pb::Any* any = r.has_xds_config() ? &r.xds_config() : nullptr;
  discovery::Resource wrapper;
  if (any && TypeName(any->type_url()) == kResourceWrapper && wrapper.ParseFromString(any->value())) {
    if (wrapper.has_resource_name() && wrapper.resource_name().has_dynamic_parameter_constraints()) {
      pb::util::JsonPrintOptions o;
      o.preserve_proto_field_names = true;
      std::string text;
      if (pb::util::MessageToJsonString(wrapper.resource_name().dynamic_parameter_constraints(), &text, o).ok())
        info["dynamic_parameter_constraints"] = ordered_json::parse(text, nullptr, false);
    }
    wrapped.emplace_back(r.type_url(), wrapper);
    any = wrapper.has_resource() ? &wrapper.resource() : nullptr;
  }
  Body state = Body::kNone;
  std::optional<ordered_json> body;
  if (any) {
    AnyJson j = OpenAny(*any);
    state = j.opened ? Body::kOpened : j.known ? Body::kMalformed : Body::kNoSchema;
    if (j.opened) body = std::move(j.json);
    info["opened"] = j.opened;
  }
  const Kind* k = KindOf(r.type_url());
  if (!k) {
    unlisted_types.insert(TypeName(r.type_url()));
    info["in_document"] = false;
    out.resources.push_back(std::move(info));
    return;
  }
  out.resources.push_back(std::move(info));
  if (!body) {  // a body with its name only: the resource is named, its contents are not here
    body = ordered_json::object();
    (*body)["@type"] = "type.googleapis.com/" + std::string(k->type);
    (*body)[k->name_key] = r.name();
  }
  ordered_json e = EntryJson(r, *k, std::move(*body));
  Entry entry{std::move(e), &r};
  entry.body = state;
  entry.body_type = any ? TypeName(any->type_url()) : "";
  by_kind[k].push_back(std::move(entry));
}

// The config_dump text, written by hand around each entry's dump, so each entry's place is known.
void WriteConfigDump(ScopeDoc& out, std::map<const Kind*, std::vector<Entry>>& by_kind) {
  std::string& t = out.file.text;
  t = "{\n  \"@type\": \"type.googleapis.com/envoy.admin.v3.ConfigDump\",\n  \"configs\": [";
  bool first_kind = true;
  for (const Kind& k : kKinds) {
    auto it = by_kind.find(&k);
    if (it == by_kind.end()) continue;
    t += first_kind ? "\n" : ",\n";
    first_kind = false;
    t += "    {\n      \"@type\": \"type.googleapis.com/envoy.admin.v3." + std::string(k.dump) + "\",\n      \"" + k.list +
         "\": [";
    for (size_t i = 0; i < it->second.size(); ++i) {
      Entry& e = it->second[i];
      t += i ? ",\n        " : "\n        ";
      e.begin = t.size();
      t += Indent(Dump(e.json, 2), 8);
      e.end = t.size();
    }
    t += "\n      ]\n    }";
  }
  t += first_kind ? "]\n}\n" : "\n  ]\n}\n";
}

// LIVE026 / LIVE027: resources the client asked for and does not hold (REQUESTED,
// DOES_NOT_EXIST, TIMEOUT, RECEIVED_ERROR), at their entry.
void ReportClientStatus(const std::map<const Kind*, std::vector<Entry>>& by_kind, doc::DiagnosticSink& sink) {
  for (const Kind& k : kKinds) {
    auto it = by_kind.find(&k);
    if (it == by_kind.end()) continue;
    for (const Entry& e : it->second) {
      const auto& r = *e.r;
      doc::SourceRange at{static_cast<uint32_t>(e.begin), static_cast<uint32_t>(e.end)};
      std::string what = std::string(k.word) + " '" + r.name() + "'";
      std::string err = r.has_error_state() && !r.error_state().details().empty()
                            ? " (\"" + r.error_state().details() + "\")"
                            : "";
      switch (r.client_status()) {
        case admin::REQUESTED:
          sink.Note("LIVE027", at,
                    "the client asked for " + what + " and has no answer yet (REQUESTED): RPCs that need it wait for "
                    "it; if this lasts, check that the control plane knows this name");
          break;
        case admin::DOES_NOT_EXIST:
          sink.Warning("LIVE026", at,
                       what + " does not exist on the control plane (DOES_NOT_EXIST: never sent, or removed): RPCs "
                       "that need it fail; check the name the client asks for against the control plane's resources");
          break;
        case admin::TIMEOUT:
          sink.Warning("LIVE026", at,
                       what + " did not come within the client's resource timer (TIMEOUT, gRFC A88): the control "
                       "plane is slow or does not send it; check the control plane's logs for this name");
          break;
        case admin::RECEIVED_ERROR:
          sink.Warning("LIVE026", at,
                       "the control plane sent an error for " + what + err +
                           " (RECEIVED_ERROR, gRFC A88): the client keeps its last accepted version" +
                           (r.version_info().empty() ? " (none)" : " (" + r.version_info() + ")") +
                           "; fix the resource on the control plane");
          break;
        default:
          break;  // ACKED; NACKED is the matcher engine's MAT040 (the entry's error_state)
      }
    }
  }
}

// LIVE029 / LIVE037: bodies not opened, one finding per body type on its first entry (the others
// counted), and types config_dump has no place for.
void ReportUnopened(const std::map<const Kind*, std::vector<Entry>>& by_kind, const std::set<std::string>& unlisted_types, doc::DiagnosticSink& sink) {
  std::map<std::string, std::pair<const Entry*, int>> no_schema, malformed;
  for (const Kind& k : kKinds) {
    auto it = by_kind.find(&k);
    if (it == by_kind.end()) continue;
    for (const Entry& e : it->second) {
      if (e.body != Body::kNoSchema && e.body != Body::kMalformed) continue;
      auto& m = e.body == Body::kNoSchema ? no_schema : malformed;
      auto [slot, fresh] = m.try_emplace(e.body_type, &e, 0);
      ++slot->second.second;
    }
  }
  auto others = [](int n) { return n > 1 ? " (and " + std::to_string(n - 1) + " more of this type)" : std::string(); };
  for (const auto& [type, first] : no_schema) {
    const Entry& e = *first.first;
    sink.Note("LIVE029", {static_cast<uint32_t>(e.begin), static_cast<uint32_t>(e.end)},
              "the body of '" + e.r->name() + "'" + others(first.second) + " is a " + type +
                  ", a schema Config Inspector does not hold: it is listed with its name, version and status, and "
                  "matchers inside it are not searched (opened: Listener, RouteConfiguration, TypedExtensionConfig "
                  "and TP2 Resource wrappers); to evaluate its contents, save it as JSON and open the file");
  }
  for (const auto& [type, first] : malformed) {
    const Entry& e = *first.first;
    sink.Warning("LIVE037", {static_cast<uint32_t>(e.begin), static_cast<uint32_t>(e.end)},
                 "the body of '" + e.r->name() + "'" + others(first.second) + " (" +
                     std::to_string(e.r->xds_config().value().size()) + " bytes) does not parse as " + type +
                     ": it is listed with its name, version and status only; the process sent bytes of another "
                     "type under this type URL, or a truncated message");
  }
  if (!unlisted_types.empty()) {
    std::string u;
    for (const std::string& s : unlisted_types) u += (u.empty() ? "" : ", ") + s;
    sink.Note("LIVE029", {0, 1},
              "resources of type " + u +
                  " have no place in a config_dump and are listed in the answer only (--format json: live.scopes)");
  }
}

ScopeDoc Describe(const std::string& name, const csds::ClientConfig& c) {
  ScopeDoc out;
  out.file.name = name;
  // Group the resources by dump message, in kKinds' order (Envoy's config_dump order).
  std::map<const Kind*, std::vector<Entry>> by_kind;
  std::set<std::string> unlisted_types;
  std::vector<std::pair<std::string, discovery::Resource>> wrapped;  // TP2 variants
  for (const auto& r : c.generic_xds_configs()) AddResource(r, out, by_kind, unlisted_types, wrapped);
  WriteConfigDump(out, by_kind);
  doc::Source src(out.file.name, out.file.text);
  doc::DiagnosticSink sink(&src);
  ReportClientStatus(by_kind, sink);
  ReportUnopened(by_kind, unlisted_types, sink);
  out.diagnostics = sink.list();
  out.variants = VariantDocs(name, c, wrapped);
  return out;
}

}  // namespace

LiveResult DescribeClientStatus(const std::string& target, const std::string& bytes) {
  LiveResult out;
  out.info["source"] = "csds";
  out.info["target"] = target;
  auto fail = [&](const std::string& code, const std::string& msg) {
    doc::Source src(target, target);
    doc::DiagnosticSink sink(&src);
    sink.Error(code, {0, static_cast<uint32_t>(target.size())}, msg);
    out.diagnostics = sink.list();
    return out;
  };
  csds::ClientStatusResponse resp;
  if (!resp.ParseFromString(bytes) ||
      (resp.config_size() == 0 && !resp.GetReflection()->GetUnknownFields(resp).empty()))
    return fail("LIVE023", "the answer of " + target + " (" + std::to_string(bytes.size()) +
                               " bytes) is not a ClientStatusResponse: is this a gRPC admin port with CSDS "
                               "(grpc::AddAdminServices), not a service that answers the method with something else?");
  out.info["size"] = bytes.size();
  ordered_json scopes = ordered_json::array();
  std::set<std::string> names;
  for (int i = 0; i < resp.config_size(); ++i) {
    const csds::ClientConfig& c = resp.config(i);
    std::string name = "csds:" + target + (c.client_scope().empty() ? "" : "/" + c.client_scope());
    if (!names.insert(name).second) name += "#" + std::to_string(i);
    ScopeDoc d = Describe(name, c);
    ordered_json s = ordered_json::object();
    s["scope"] = c.client_scope();
    if (c.has_node()) {
      ordered_json n = ordered_json::object();
      n["id"] = c.node().id();
      if (!c.node().cluster().empty()) n["cluster"] = c.node().cluster();
      if (!c.node().user_agent_name().empty()) n["user_agent_name"] = c.node().user_agent_name();
      if (!c.node().user_agent_version().empty()) n["user_agent_version"] = c.node().user_agent_version();
      s["node"] = n;
    }
    s["document"] = name;
    s["resources"] = std::move(d.resources);
    scopes.push_back(std::move(s));
    out.diagnostics.insert(out.diagnostics.end(), d.diagnostics.begin(), d.diagnostics.end());
    if (i == 0) {
      out.document = std::move(d.file);
    } else {
      out.more_documents.push_back(std::move(d.file));
    }
    for (InputFile& v : d.variants) out.more_documents.push_back(std::move(v));
  }
  out.info["scopes"] = std::move(scopes);
  if (resp.config_size() == 0) {  // an xDS-enabled process with no xDS client yet: an empty dump
    out.document = {"csds:" + target, "{\n  \"@type\": \"type.googleapis.com/envoy.admin.v3.ConfigDump\",\n  \"configs\": []\n}\n"};
    doc::Source src(out.document.name, out.document.text);
    doc::DiagnosticSink sink(&src);
    sink.Note("LIVE028", {0, 1},
              target + " answered CSDS with no xDS client: the process has not created one yet (no xds: channel or "
                       "xDS server started), so there is nothing to show");
    out.diagnostics.insert(out.diagnostics.end(), sink.list().begin(), sink.list().end());
  }
  return out;
}

}  // namespace cfgi::live
