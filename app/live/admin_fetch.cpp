// app/live/admin_fetch.cpp: the Envoy admin live source (live.h) with libcurl (Debian's
// libcurl4-openssl-dev: http, https, and the Unix domain socket a sidecar's admin listens on,
// CURLOPT_UNIX_SOCKET_PATH, as `curl --unix-socket` does). GET `<url>/config_dump` with the
// query parameters Envoy's admin takes (Envoy docs: operations/admin "GET /config_dump":
// resource=, mask=, name_regex=, include_eds); the JSON body is the document the matcher engine
// reads as it reads a saved config_dump (core/matcher/envoy_config.cpp: every embedded matcher,
// error_state as MAT040, the ECDS sections).
//
// Where the sockets are: Envoy's bootstrap `admin.address.pipe.path`; Kuma's data plane puts its
// admin on `<workdir>/kuma-envoy-admin.sock` (kumahq/kuma AdminSocketName, e.g.
// /tmp/kuma-dp/kuma-envoy-admin.sock in pkg/xds/generator's "admin with Unix socket" cases).
#include <curl/curl.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/live/http_get.h"
#include "app/live/live.h"
#include "core/doc/source.h"

namespace cfgi::live {

namespace {

// Envoy's /config_dump parameters (admin docs); anything else is refused before a request.
constexpr const char* kAdminParams[] = {"resource", "mask", "name_regex", "include_eds"};

struct Url {
  std::string scheme, host, base;  // base: the path before /config_dump, no trailing '/'
  int port = 80;
  std::string socket;  // scheme "unix": the socket's path
  std::vector<std::pair<std::string, std::string>> params;  // the query, in order (no value: "")
  bool HasParam(std::string_view k) const {
    return std::any_of(params.begin(), params.end(), [&](const auto& p) { return p.first == k; });
  }
};

std::string HostPort(const Url& u) {
  return (u.host.find(':') != std::string::npos ? "[" + u.host + "]" : u.host) + ":" + std::to_string(u.port);
}

// "a=b&c" -> [(a, b), (c, "")]; every name must be one of kAdminParams.
bool ParseQuery(const std::string& q, Url* out, std::string* why) {
  for (size_t i = 0; i < q.size();) {
    size_t amp = std::min(q.find('&', i), q.size());
    std::string item = q.substr(i, amp - i);
    i = amp + 1;
    if (item.empty()) continue;
    size_t eq = item.find('=');
    std::string k = item.substr(0, eq), v = eq == std::string::npos ? "" : item.substr(eq + 1);
    if (std::find_if(std::begin(kAdminParams), std::end(kAdminParams), [&](const char* p) { return k == p; }) ==
        std::end(kAdminParams)) {
      *why = "'" + k + "' is not a /config_dump parameter; Envoy's admin takes resource=, mask=, name_regex= and include_eds";
      return false;
    }
    if (k != "include_eds" && v.empty()) {
      *why = k + "= needs a value (e.g. resource=dynamic_active_clusters, mask=dynamic_listeners, name_regex=.*inbound.*)";
      return false;
    }
    out->params.emplace_back(k, v);
  }
  return true;
}

std::optional<Url> ParseUrl(std::string u, std::string* why) {
  Url out;
  std::string query;
  if (size_t q = u.find('?'); q != std::string::npos) {
    query = u.substr(q + 1);
    u.resize(q);
  }
  if (!ParseQuery(query, &out, why)) return std::nullopt;
  const std::string kDump = "/config_dump";
  auto strip_dump = [&](std::string& path) {
    while (!path.empty() && path.back() == '/') path.pop_back();
    if (path.size() >= kDump.size() && path.compare(path.size() - kDump.size(), kDump.size(), kDump) == 0)
      path.resize(path.size() - kDump.size());
  };
  // unix:PATH or unix://PATH (unix:///run/envoy/admin.sock): Envoy's admin on a pipe.
  if (u.rfind("unix:", 0) == 0) {
    out.scheme = "unix";
    out.socket = u.substr(5);
    if (out.socket.rfind("//", 0) == 0) out.socket = out.socket.substr(2);
    // A path that goes on after the socket file (".../admin.sock/config_dump") names the request.
    if (size_t s = out.socket.find(".sock/"); s != std::string::npos) {
      out.base = out.socket.substr(s + 5);
      out.socket.resize(s + 5);
      strip_dump(out.base);
    }
    if (out.socket.empty()) {
      *why = "no socket path after 'unix:'; give unix:/PATH/TO/admin.sock (Kuma: <workdir>/kuma-envoy-admin.sock)";
      return std::nullopt;
    }
    out.host = "localhost";
    return out;
  }
  size_t sep = u.find("://");
  if (sep == std::string::npos) {
    out.scheme = "http";  // "127.0.0.1:9901" as kubectl port-forward prints it
  } else {
    out.scheme = u.substr(0, sep);
    u = u.substr(sep + 3);
  }
  for (char& c : out.scheme) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (out.scheme != "http" && out.scheme != "https") {
    *why = "the scheme '" + out.scheme + "' is not http, https or unix; give http://HOST:PORT of Envoy's admin listener "
           "or unix:PATH of its socket";
    return std::nullopt;
  }
  if (out.scheme == "https") out.port = 443;
  size_t slash = u.find('/');
  std::string hostport = u.substr(0, slash);
  out.base = slash == std::string::npos ? "" : u.substr(slash);
  strip_dump(out.base);
  size_t colon = hostport.rfind(':');
  if (!hostport.empty() && hostport[0] == '[') {  // [::1]:9901
    size_t close = hostport.find(']');
    if (close == std::string::npos) {
      *why = "unbalanced '[' in the host";
      return std::nullopt;
    }
    out.host = hostport.substr(1, close - 1);
    colon = hostport.find(':', close);
  } else {
    out.host = hostport.substr(0, colon);
  }
  if (colon != std::string::npos) {
    std::string p = hostport.substr(colon + 1);
    char* end = nullptr;
    long v = std::strtol(p.c_str(), &end, 10);
    if (p.empty() || *end || v <= 0 || v > 65535) {
      *why = "the port '" + p + "' is not a number from 1 to 65535";
      return std::nullopt;
    }
    out.port = static_cast<int>(v);
  }
  if (out.host.empty()) {
    *why = "no host in the URL; give http://HOST:PORT (Envoy's admin address, e.g. http://127.0.0.1:9901)";
    return std::nullopt;
  }
  return out;
}

}  // namespace

LiveResult FetchConfigDump(const AdminRequest& req) {
  LiveResult out;
  int timeout = req.timeout_ms > 0 ? req.timeout_ms : kDefaultAdminTimeoutMs;
  out.info["source"] = "envoy-admin";
  out.info["timeout_ms"] = timeout;
  // A diagnostic about the URL, at line 1 of the URL as a one-line "file".
  auto fail = [&](const std::string& code, const std::string& msg) {
    doc::Source src(req.url, req.url);
    doc::DiagnosticSink sink(&src);
    sink.Error(code, {0, static_cast<uint32_t>(req.url.size())}, msg);
    out.diagnostics.insert(out.diagnostics.end(), sink.list().begin(), sink.list().end());
    return out;
  };
  std::string why;
  std::optional<Url> u = ParseUrl(req.url, &why);
  if (!u) return fail("LIVE014", "'" + req.url + "' is not an Envoy admin URL: " + why);
  if (req.include_eds && !u->HasParam("include_eds")) u->params.emplace_back("include_eds", "");
  std::string path = u->base + "/config_dump";
  for (size_t i = 0; i < u->params.size(); ++i)  // only include_eds has no value (ParseQuery)
    path += (i ? "&" : "?") + u->params[i].first + (u->params[i].second.empty() ? "" : "=" + u->params[i].second);
  const bool unix_socket = u->scheme == "unix";
  std::string shown = unix_socket ? "unix:" + u->socket + path : u->scheme + "://" + HostPort(*u) + path;
  std::string where = unix_socket ? "the socket " + u->socket : HostPort(*u);
  out.info["url"] = shown;
  out.info["include_eds"] = u->HasParam("include_eds");
  if (!u->params.empty()) {
    nlohmann::ordered_json q = nlohmann::ordered_json::object();
    for (const auto& [k, v] : u->params) q[k] = v;
    out.info["query"] = q;
  }

  std::string curl_url = unix_socket ? "http://localhost" + path : u->scheme + "://" + HostPort(*u) + path;
  HttpAnswer got = HttpGet({curl_url, unix_socket ? u->socket : "", timeout, kMaxAdminBody, ""});
  const CURLcode rc = got.rc;
  out.info["elapsed_ms"] = got.elapsed_ms;
  const std::string& detail = got.detail;
  if (got.too_big)
    return fail("LIVE012", shown + " sent more than " + std::to_string(kMaxAdminBody >> 20) +
                               " MiB; ask for less (?resource=dynamic_active_clusters, a mask=, or without include_eds)");
  switch (rc) {
    case CURLE_OK:
      break;
    case CURLE_OPERATION_TIMEDOUT:
      return fail("LIVE011", "no complete answer from " + shown + " within " + std::to_string(timeout) + " ms (" + detail +
                                 "); check that it is Envoy's admin port, or raise --timeout MS");
    case CURLE_COULDNT_CONNECT:
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_FAILED_INIT:
      if (unix_socket)
        return fail("LIVE010", "cannot connect to " + where + " (" + detail +
                                   "): is Envoy running with its admin on this pipe (admin.address.pipe.path in the "
                                   "bootstrap)? A Kuma sidecar's is <workdir>/kuma-envoy-admin.sock, e.g. "
                                   "/tmp/kuma-dp/kuma-envoy-admin.sock inside the sidecar's container");
      return fail("LIVE010", "cannot reach " + where + " (" + detail +
                                 "); is Envoy running with its admin listener there (admin.address in the bootstrap)? "
                                 "For a pod: kubectl port-forward POD 9901, then --admin http://127.0.0.1:9901");
    case CURLE_URL_MALFORMAT:
      return fail("LIVE014", "'" + req.url + "' is not an Envoy admin URL (" + detail + ")");
    case CURLE_UNSUPPORTED_PROTOCOL:   // an HTTP/0.9-looking answer: not an HTTP server
    case CURLE_WEIRD_SERVER_REPLY:
    case CURLE_GOT_NOTHING:
    case CURLE_SSL_CONNECT_ERROR:      // https:// to a plain-HTTP port, or the other way round
    case CURLE_PEER_FAILED_VERIFICATION:
      return fail("LIVE016", where + " did not answer as an HTTP server (" + detail + "): " +
                                 (rc == CURLE_SSL_CONNECT_ERROR || rc == CURLE_PEER_FAILED_VERIFICATION
                                      ? "the TLS handshake failed; Envoy's admin speaks plain HTTP, so use http:// unless a "
                                        "TLS proxy is in front"
                                      : "is it Envoy's admin listener, not a listener port speaking another protocol?"));
    default:
      return fail("LIVE011", "no complete answer from " + shown + " (" + detail +
                                 "); check that it is Envoy's admin port, or raise --timeout MS");
  }
  const long status = got.status;
  const std::string& ctype = got.content_type;
  std::string body = std::move(got.body);
  out.info["status"] = status;
  out.info["size"] = body.size();
  if (status != 200) {
    std::string hint = status == 404 ? "this server has no /config_dump: is it Envoy's admin port (not a listener port)?"
                                          : "Envoy's admin answered an error; the body says why";
    return fail("LIVE012", "GET " + shown + " answered HTTP " + std::to_string(status) +
                               (body.empty() ? "" : " (\"" + Snippet(body) + "\")") + ": " + hint);
  }
  // The body must be JSON: the matcher engine reads it; anything else is LIVE013 at the place
  // the JSON parser stopped, in the body as received.
  size_t byte = 0;
  std::string reason;
  try {
    // accept() builds no tree; parse() only to find where a bad body goes wrong.
    if (!nlohmann::json::accept(body)) {
      nlohmann::json bad = nlohmann::json::parse(body);
      (void)bad;
      reason = "not JSON";
    }
  } catch (const nlohmann::json::parse_error& e) {
    byte = e.byte;
    reason = e.what();
  } catch (const std::exception& e) {
    reason = e.what();
  }
  out.document.name = "envoy-admin:" + (unix_socket ? "unix:" + u->socket : u->host + ":" + std::to_string(u->port)) + path;
  if (!reason.empty()) {
    doc::Source src(out.document.name, body);
    doc::DiagnosticSink sink(&src);
    uint32_t at = static_cast<uint32_t>(byte > 0 ? std::min(byte - 1, body.size()) : 0);
    sink.Error("LIVE013", {at, at},
               "the body of " + shown + " is not JSON (Content-Type: " + (ctype.empty() ? "none" : ctype) +
                   ", starts \"" + Snippet(body) + "\"): is this Envoy's admin port? Envoy answers /config_dump "
                   "with JSON");
    out.diagnostics = sink.list();
    out.rejected = {out.document.name, std::move(body)};
    out.document = {};
    return out;
  }
  out.document.text = std::move(body);
  return out;
}

}  // namespace cfgi::live
