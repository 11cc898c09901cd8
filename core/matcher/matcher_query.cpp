// core/matcher/matcher_query.cpp: see matcher_query.h.
#include "core/matcher/matcher_query.h"

#include <cctype>

#include "core/doc/load.h"

namespace cfgi::matcher {

MatcherQuery ParseMatcherQuery(const Query& q) {
  MatcherQuery out;
  out.matcher = q.Value("matcher");
  std::vector<doc::Diagnostic>& diags = out.diagnostics;
  bool any = false;
  bool read = true;  // false when --request could not be read: no request from the flags
  Request r;
  doc::Source none("(command line)", "");
  doc::DiagnosticSink sink(&none);
  if (auto j = q.Value("request")) {
    any = true;
    auto src = std::make_shared<doc::Source>("--request", *j);
    doc::DiagnosticSink js(src.get());
    std::vector<doc::Node> roots = doc::ParseJson(*src, js);
    diags.insert(diags.end(), js.list().begin(), js.list().end());
    if (roots.empty() || js.has_errors()) {
      read = false;
    } else {
      auto parsed = ParseRequest(roots[0], js, "--request");
      diags.insert(diags.end(), js.list().begin(), js.list().end());
      if (parsed) r = *parsed;
      else read = false;
    }
  }
  if (!read) {
    out.request_flags = true;
    return out;
  }
  for (const std::string& h : q.Values("header")) {
    any = true;
    size_t eq = h.find('=');
    if (eq == std::string::npos || eq == 0) {
      sink.Error("MAT020", {}, "--header " + h + " is not name=value; write --header x-user-segment=premium");
      continue;
    }
    std::string name = h.substr(0, eq);
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    r.headers.emplace_back(name, h.substr(eq + 1));
  }
  if (auto v = q.Value("path")) any = true, r.path = *v;
  if (auto v = q.Value("host")) any = true, r.host = *v;
  if (auto v = q.Value("method")) any = true, r.method = *v;
  // The connection (Envoy's network inputs): --destination-ip, --source-port, ...
  const std::pair<const char*, std::optional<std::string>*> conn[] = {
      {"destination-ip", &r.destination_ip}, {"destination-port", &r.destination_port}, {"source-ip", &r.source_ip},
      {"source-port", &r.source_port},       {"direct-source-ip", &r.direct_source_ip}, {"source-type", &r.source_type},
      {"server-name", &r.server_name},       {"transport-protocol", &r.transport_protocol},
      {"network-namespace", &r.network_namespace}, {"subject", &r.subject}};
  for (const auto& [flag, field] : conn) {
    auto v = q.Value(flag);
    if (!v) continue;
    any = true;
    std::string key(flag);
    for (char& c : key)
      if (c == '-') c = '_';
    if (std::optional<std::string> bad = CheckConnectionField(key, *v)) {
      sink.Error("MAT020", {}, "--" + std::string(flag) + ": " + *bad);
      continue;
    }
    *field = *v;
  }
  for (const std::string& a : q.Values("uri-san")) any = true, r.uri_sans.push_back(a);
  for (const std::string& a : q.Values("dns-san")) any = true, r.dns_sans.push_back(a);
  for (const std::string& a : q.Values("application-protocol")) {
    any = true;
    size_t start = 0;
    while (start <= a.size()) {  // "h2,http/1.1" or one per flag
      size_t comma = a.find(',', start);
      if (comma == std::string::npos) comma = a.size();
      if (comma > start) r.application_protocols.push_back(a.substr(start, comma - start));
      start = comma + 1;
    }
  }
  for (const std::string& f : q.Values("filter-state")) {
    any = true;
    size_t eq = f.find('=');
    if (eq == std::string::npos || eq == 0) {
      sink.Error("MAT020", {}, "--filter-state " + f + " is not key=value; write --filter-state envoy.network.upstream_server_name=example.com");
      continue;
    }
    r.filter_state.emplace_back(f.substr(0, eq), f.substr(eq + 1));
  }
  for (const std::string& f : q.Values("dynamic-metadata")) {
    any = true;
    size_t eq = f.find('=');
    nlohmann::ordered_json v = eq == std::string::npos ? nlohmann::ordered_json() : nlohmann::ordered_json::parse(f.substr(eq + 1), nullptr, false);
    if (eq == std::string::npos || eq == 0 || v.is_discarded() || !v.is_object()) {
      sink.Error("MAT020", {}, "--dynamic-metadata " + f + " is not filter={JSON object}; write --dynamic-metadata "
                               "'envoy.filters.http.jwt_authn={\"payload\": {\"sub\": \"alice\"}}'");
      continue;
    }
    r.dynamic_metadata[f.substr(0, eq)] = std::move(v);
  }
  diags.insert(diags.end(), sink.list().begin(), sink.list().end());
  out.request_flags = any;
  if (any) out.request = std::move(r);
  return out;
}

}  // namespace cfgi::matcher
