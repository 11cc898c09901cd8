// Requests: what the inputs read (headers, the CEL attributes, the query string, the
// connection), how a scenario or the command line writes them, and what an RBAC action decides.
#include <cctype>

#include "core/doc/utf8.h"
#include "core/matcher/matcher.h"
#include "core/matcher/network_inputs.h"

namespace cfgi::matcher {

namespace {
std::string LowerAscii(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}
}  // namespace

// ---- requests ----
// The value is a view into the request (one header, or its path / host / method / scheme), into
// a literal, or into `joined` when several headers give it: an evaluation reads an input once per
// predicate, and a copy per read was most of what the matcher benchmarks allocated (a wasm32
// std::string holds 10 characters inline, libstdc++'s 15).
std::optional<std::string_view> HeaderView(const Request& r, std::string_view name, Profile p, std::string& joined) {
  // Several headers of that name: their values joined with "," into `joined`.
  auto find = [&]() -> std::optional<std::string_view> {
    const std::string* first = nullptr;
    bool several = false;
    for (const auto& [k, v] : r.headers) {
      if (k != name) continue;
      if (!first) {
        first = &v;
        continue;
      }
      if (!several) joined = *first;
      several = true;
      joined += ',';
      joined += v;
    }
    if (several) return std::string_view(joined);
    if (first) return std::string_view(*first);
    return std::nullopt;
  };
  if (p == Profile::kGrpcJava) {
    // grpc-java HeaderMatchInput.java apply(): "te" is never visible; other headers come from
    // the call's Metadata (no pseudo-headers there), several values joined with ","; an absent
    // header is null, which a StringMatcher does not match and a MatcherTree sends to on_no_match
    // (UnifiedMatcherTest matchInput_headerName_te_returnsNull, MatcherTreeTest
    // matcherTree_nonStringInput_fallsBack). -bin headers are visible, base64-encoded: give their
    // value as base64.
    if (name == "te") return std::nullopt;
    return find();
  }
  bool grpc = p != Profile::kEnvoy;
  if (grpc) {
    // grpc/grpc src/core/xds/grpc/xds_matcher_context.cc RpcMatchContext::GetHeaderValue.
    if (name.size() >= 4 && name.substr(name.size() - 4) == "-bin") return std::string_view();
    if (name == "content-type") return std::string_view("application/grpc");
  }
  std::optional<std::string_view> out = find();
  if (!out) {
    if (name == ":path" && r.path) out = *r.path;
    else if (name == ":authority" && r.host) out = *r.host;
    else if (name == ":method" && grpc) out = std::string_view("POST");
    else if (name == ":method" && r.method) out = *r.method;
    else if (name == ":scheme" && r.scheme) out = *r.scheme;
  }
  if (!out && grpc) return std::string_view();  // XdsMatcherList::StringInputMatcher: input.value_or("")
  return out;
}

std::optional<std::string> HeaderValue(const Request& r, std::string_view name, Profile p) {
  std::string joined;
  std::optional<std::string_view> v = HeaderView(r, name, p, joined);
  if (!v) return std::nullopt;
  return std::string(*v);
}

namespace {
std::string PercentDecode(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(s[i + 2]))) {
      out += static_cast<char>(std::stoi(std::string(s.substr(i + 1, 2)), nullptr, 16));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}
}  // namespace

std::optional<std::string> QueryParamValue(const Request& r, std::string_view name) {
  std::optional<std::string> path;
  for (const auto& [k, v] : r.headers)
    if (k == ":path") path = v;
  if (!path && r.path) path = *r.path;
  if (!path) return std::nullopt;
  std::string full = *path;
  if (full.find('?') == std::string::npos && r.query && !r.query->empty()) full += "?" + *r.query;
  size_t q = full.find('?');
  if (q == std::string::npos) return std::nullopt;
  std::string_view rest = std::string_view(full).substr(q + 1);
  while (!rest.empty()) {
    size_t amp = rest.find('&');
    std::string_view pair = rest.substr(0, amp);
    size_t eq = pair.find('=');
    std::string key = PercentDecode(pair.substr(0, eq));
    if (key == name) return eq == std::string_view::npos ? std::string() : PercentDecode(pair.substr(eq + 1));
    if (amp == std::string_view::npos) break;
    rest = rest.substr(amp + 1);
  }
  return std::nullopt;
}

cel::Request CelRequest(const Request& r, Profile p) {
  cel::Request c;
  if (p == Profile::kGrpcJava) {
    // grpc-java GrpcCelEnvironment.java getRequestField and HeadersWrapper.java: headers without
    // "te" (-bin ones visible), host / path / url_path "" when unset, method POST unless the
    // context names one, query / scheme / protocol "", time unset, id / referer / useragent from
    // their headers ("" when absent).
    for (const auto& [k, v] : r.headers) {
      if (k == "te") continue;
      auto it = c.headers.find(k);
      if (it == c.headers.end()) c.headers.emplace(k, v);
      else it->second += "," + v;
    }
    auto header = [&](const char* n) {
      auto it = c.headers.find(n);
      return it == c.headers.end() ? std::string() : it->second;
    };
    c.host = r.host.value_or("");
    c.path = r.path.value_or("");
    c.url_path = c.path;
    c.method = r.method.value_or("POST");
    c.query = c.scheme = c.protocol = std::string();
    c.id = header("x-request-id");
    c.referer = header("referer");
    c.useragent = header("user-agent");
    return c;
  }
  bool grpc = p != Profile::kEnvoy;
  for (const auto& [k, v] : r.headers) {
    if (grpc && k.size() >= 4 && k.compare(k.size() - 4, 4, "-bin") == 0) continue;
    auto it = c.headers.find(k);
    if (it == c.headers.end()) c.headers.emplace(k, v);
    else it->second += "," + v;
  }
  if (grpc) c.headers["content-type"] = "application/grpc";
  auto header = [&](const char* n) -> std::optional<std::string> {
    auto it = c.headers.find(n);
    if (it == c.headers.end()) return std::nullopt;
    return it->second;
  };
  c.referer = header("referer");
  c.useragent = header("user-agent");
  c.id = header("x-request-id");
  c.host = r.host ? r.host : header(":authority");
  if (grpc) {
    // A106 "CEL: Supported Variables": path and url_path are the full method name, method is
    // POST, query is "", and scheme, time and protocol are not set.
    c.path = r.path;
    c.url_path = r.path;
    c.method = "POST";
    c.query = "";
  } else {
    c.path = r.path;
    if (r.path && r.query && !r.query->empty()) c.path = *r.path + "?" + *r.query;
    c.url_path = r.path;
    c.method = r.method;
    c.scheme = r.scheme;
    c.protocol = r.protocol;
    c.query = r.query ? r.query : std::optional<std::string>(std::string());
    if (r.time) {
      cel::Compiled t = cel::CompileText("timestamp('" + *r.time + "')");
      if (t.ok()) {
        cel::Value v = cel::Evaluate(*t.program, cel::Request{});
        if (v.type == cel::Value::Type::kTimestamp) c.time = std::make_pair(v.i, v.nanos);
      }
    }
  }
  return c;
}


nlohmann::ordered_json Request::ToJson() const {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  nlohmann::ordered_json h = nlohmann::ordered_json::object();
  for (const auto& [key, value] : headers) {
    std::string k = doc::ValidUtf8(key), v = doc::ValidUtf8(value);
    if (!h.contains(k)) h[k] = v;
    else if (h[k].is_array()) h[k].push_back(v);
    else h[k] = nlohmann::ordered_json::array({h[k], v});
  }
  j["headers"] = h;
  auto put = [&](const char* n, const std::optional<std::string>& v) {
    if (v) j[n] = doc::ValidUtf8(*v);
  };
  put("path", path);
  put("host", host);
  put("method", method);
  put("scheme", scheme);
  put("query", query);
  put("protocol", protocol);
  put("time", time);
  put("destination_ip", destination_ip);
  put("destination_port", destination_port);
  put("source_ip", source_ip);
  put("source_port", source_port);
  put("direct_source_ip", direct_source_ip);
  put("source_type", source_type);
  put("server_name", server_name);
  put("transport_protocol", transport_protocol);
  put("network_namespace", network_namespace);
  if (!application_protocols.empty()) {
    j["application_protocols"] = nlohmann::ordered_json::array();
    for (const std::string& a : application_protocols) j["application_protocols"].push_back(doc::ValidUtf8(a));
  }
  auto list = [&](const char* n, const std::vector<std::string>& v) {
    if (v.empty()) return;
    j[n] = nlohmann::ordered_json::array();
    for (const std::string& a : v) j[n].push_back(doc::ValidUtf8(a));
  };
  list("uri_sans", uri_sans);
  list("dns_sans", dns_sans);
  put("subject", subject);
  if (!filter_state.empty()) {
    j["filter_state"] = nlohmann::ordered_json::object();
    for (const auto& [k, v] : filter_state) j["filter_state"][doc::ValidUtf8(k)] = doc::ValidUtf8(v);
  }
  if (dynamic_metadata.is_object() && !dynamic_metadata.empty()) j["dynamic_metadata"] = dynamic_metadata;
  return j;
}

std::optional<RbacDecision> RbacActionOf(const Action& a) {
  if (a.type != "envoy.config.rbac.v3.Action") return std::nullopt;
  RbacDecision d;
  // proto3: an unset enum is its first value, RBAC.Action ALLOW (envoy api/envoy/config/rbac/v3/rbac.proto).
  d.action = "ALLOW";
  if (a.config.is_object()) {
    auto it = a.config.find("action");
    if (it != a.config.end()) {
      if (it->is_string()) d.action = it->get<std::string>();
      else if (it->is_number_integer()) d.action = it->get<int>() == 1 ? "DENY" : it->get<int>() == 2 ? "LOG" : "ALLOW";
    }
    auto n = a.config.find("name");
    if (n != a.config.end() && n->is_string()) d.name = n->get<std::string>();
  }
  if (d.name.empty()) d.name = a.name;
  return d;
}

std::optional<std::string> CheckConnectionField(std::string_view key, const std::string& v) {
  if (key == "destination_ip" || key == "source_ip" || key == "direct_source_ip") {
    if (!ParseIp(v)) return std::string(key) + " '" + v + "' is not an IPv4 or IPv6 address (write e.g. 10.0.0.1 or 2001:db8::1, without a port)";
  } else if (key == "destination_port" || key == "source_port") {
    if (v.empty() || v.size() > 5 || v.find_first_not_of("0123456789") != std::string::npos || std::stoi(v) > 65535)
      return std::string(key) + " '" + v + "' is not a port number (0 to 65535)";
  } else if (key == "source_type") {
    if (v != "local" && v != "external") return "source_type '" + v + "' is not local or external";
  }
  return std::nullopt;
}

std::optional<Request> ParseRequest(const doc::Node& n, doc::DiagnosticSink& sink, const std::string& path) {
  doc::DiagnosticSink::ScopedField at(&sink, path);
  if (!n.is_map()) {
    sink.Error("MAT020", n.range(), "a request is a map {headers: {name: value}, path, host, method}");
    return std::nullopt;
  }
  Request r;
  bool ok = true;
  for (const auto& e : n.entries()) {
    if (e.key == "headers") {
      if (!e.value.is_map()) {
        sink.Error("MAT020", e.value.range(), "headers is a map of name: value (or name: [values])", ".headers");
        ok = false;
        continue;
      }
      for (const auto& h : e.value.entries()) {
        std::string name = LowerAscii(h.key);
        if (h.value.is_seq()) {
          for (const auto& v : h.value.items()) r.headers.emplace_back(name, v.text());
        } else if (h.value.is_scalar() && !h.value.is_null()) {
          r.headers.emplace_back(name, h.value.text());
        } else {
          sink.Error("MAT020", h.value.range(), "header " + h.key + " needs a string value or a list of strings", ".headers." + h.key);
          ok = false;
        }
      }
    } else if (e.key == "path" || e.key == "host" || e.key == "method" || e.key == "scheme" || e.key == "query" ||
               e.key == "protocol" || e.key == "time") {
      std::optional<std::string>* f = e.key == "path" ? &r.path : e.key == "host" ? &r.host : e.key == "method" ? &r.method
                                      : e.key == "scheme" ? &r.scheme : e.key == "query" ? &r.query : e.key == "protocol" ? &r.protocol : &r.time;
      if (!e.value.is_scalar() || e.value.is_null()) {
        sink.Error("MAT020", e.value.range(), e.key + " needs a string", "." + e.key);
        ok = false;
      } else {
        *f = e.value.text();
      }
    } else if (e.key == "destination_ip" || e.key == "destination_port" || e.key == "source_ip" || e.key == "source_port" ||
               e.key == "direct_source_ip" || e.key == "source_type" || e.key == "server_name" || e.key == "transport_protocol" || e.key == "network_namespace") {
      std::optional<std::string>* f = e.key == "destination_ip" ? &r.destination_ip : e.key == "destination_port" ? &r.destination_port
                                      : e.key == "source_ip" ? &r.source_ip : e.key == "source_port" ? &r.source_port
                                      : e.key == "direct_source_ip" ? &r.direct_source_ip : e.key == "source_type" ? &r.source_type
                                      : e.key == "server_name" ? &r.server_name : e.key == "network_namespace" ? &r.network_namespace
                                                                                : &r.transport_protocol;
      std::optional<std::string> bad = e.value.is_scalar() && !e.value.is_null() ? CheckConnectionField(e.key, e.value.text())
                                                                                   : std::optional<std::string>(e.key + " needs a string");
      if (bad) {
        sink.Error("MAT020", e.value.range(), *bad, "." + e.key);
        ok = false;
      } else {
        *f = e.value.text();
      }
    } else if (e.key == "application_protocols" || e.key == "uri_sans" || e.key == "dns_sans") {
      std::vector<std::string>& out = e.key == "application_protocols" ? r.application_protocols : e.key == "uri_sans" ? r.uri_sans : r.dns_sans;
      if (e.value.is_seq()) {
        for (const auto& v : e.value.items()) out.push_back(v.text());
      } else if (e.value.is_scalar() && !e.value.is_null()) {
        out.push_back(e.value.text());
      } else {
        sink.Error("MAT020", e.value.range(), e.key + " is a list of strings, e.g. [h2, http/1.1]", "." + e.key);
        ok = false;
      }
    } else if (e.key == "subject") {
      if (!e.value.is_scalar() || e.value.is_null()) {
        sink.Error("MAT020", e.value.range(), "subject needs a string (the peer certificate's subject)", "." + e.key);
        ok = false;
      } else {
        r.subject = e.value.text();
      }
    } else if (e.key == "dynamic_metadata") {
      if (!e.value.is_map()) {
        sink.Error("MAT020", e.value.range(), "dynamic_metadata is a map of filter name: {key: value, ...} (its Struct)", "." + e.key);
        ok = false;
        continue;
      }
      for (const auto& f : e.value.entries()) r.dynamic_metadata[f.key] = f.value.ToOrderedJson();
    } else if (e.key == "filter_state") {
      if (!e.value.is_map()) {
        sink.Error("MAT020", e.value.range(), "filter_state is a map of key: value (the object's serialized string)", "." + e.key);
        ok = false;
        continue;
      }
      for (const auto& f : e.value.entries()) r.filter_state.emplace_back(f.key, f.value.text());
    } else if (e.key == "name" || e.key == "description") {
      // labels for people
    } else {
      sink.Warning("MAT020", e.key_range, "unknown request key '" + e.key + "'; use headers, path, host, method, scheme, query, protocol, time, or the "
                                          "connection's destination_ip, destination_port, source_ip, source_port, direct_source_ip, "
                                          "source_type, server_name, transport_protocol, network_namespace, application_protocols, filter_state, "
                                          "dynamic_metadata, and the peer certificate's uri_sans, dns_sans, subject");
    }
  }
  if (!ok) return std::nullopt;
  return r;
}

std::string RequestText(const Request& q) {
  std::string out;
  auto add = [&out](const std::string& k, const std::optional<std::string>& v) {
    if (v) out += (out.empty() ? "" : " ") + k + "=" + *v;
  };
  add("method", q.method);
  add("host", q.host);
  add("path", q.path);
  for (const auto& h : q.headers) out += (out.empty() ? "" : " ") + h.first + ": " + h.second;
  add("destination_ip", q.destination_ip);
  add("destination_port", q.destination_port);
  add("source_ip", q.source_ip);
  add("source_port", q.source_port);
  add("direct_source_ip", q.direct_source_ip);
  add("source_type", q.source_type);
  add("server_name", q.server_name);
  add("transport_protocol", q.transport_protocol);
  add("network_namespace", q.network_namespace);
  std::string alpn;
  for (const std::string& a : q.application_protocols) alpn += (alpn.empty() ? "" : ",") + a;
  if (!alpn.empty()) add("application_protocols", alpn);
  for (const std::string& s : q.uri_sans) out += (out.empty() ? "" : " ") + std::string("uri_san=") + s;
  for (const std::string& s : q.dns_sans) out += (out.empty() ? "" : " ") + std::string("dns_san=") + s;
  add("subject", q.subject);
  for (const auto& [k, v] : q.filter_state) out += (out.empty() ? "" : " ") + std::string("filter_state[") + k + "]=" + v;
  if (q.dynamic_metadata.is_object())
    for (const auto& [k, v] : q.dynamic_metadata.items()) out += (out.empty() ? "" : " ") + std::string("dynamic_metadata[") + k + "]=" + doc::JsonText(v);
  return out.empty() ? "(empty request)" : doc::ValidUtf8(out);
}

}  // namespace cfgi::matcher
