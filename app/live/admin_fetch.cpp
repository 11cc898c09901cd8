// app/live/admin_fetch.cpp: the Envoy admin live source (live.h) with cpp-httplib (Debian's
// libcpp-httplib-dev; http, and https through a TLS proxy in front of the admin port). GET
// `<url>/config_dump[?include_eds]` (Envoy docs: operations/admin "GET /config_dump",
// include_eds adds the EndpointsConfigDump); the JSON body is the document the matcher engine
// reads as it reads a saved config_dump (core/matcher/envoy_config.cpp: every embedded matcher,
// error_state as MAT040).
#include <httplib.h>

#include <string>

#include "app/live/live.h"
#include "core/doc/source.h"

namespace cfgi::live {

namespace {

struct Url {
  std::string scheme, host, base;  // base: the path before /config_dump, no trailing '/'
  int port = 80;
};

std::optional<Url> ParseUrl(std::string u, std::string* why) {
  Url out;
  size_t sep = u.find("://");
  if (sep == std::string::npos) {
    out.scheme = "http";  // "127.0.0.1:9901" as kubectl port-forward prints it
  } else {
    out.scheme = u.substr(0, sep);
    u = u.substr(sep + 3);
  }
  for (char& c : out.scheme) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (out.scheme != "http" && out.scheme != "https") {
    *why = "the scheme '" + out.scheme + "' is not http or https; give http://HOST:PORT of Envoy's admin listener";
    return std::nullopt;
  }
  if (out.scheme == "https") out.port = 443;
  size_t slash = u.find('/');
  std::string hostport = u.substr(0, slash);
  out.base = slash == std::string::npos ? "" : u.substr(slash);
  size_t q = out.base.find('?');
  if (q != std::string::npos) out.base = out.base.substr(0, q);
  while (!out.base.empty() && out.base.back() == '/') out.base.pop_back();
  const std::string kDump = "/config_dump";
  if (out.base.size() >= kDump.size() && out.base.compare(out.base.size() - kDump.size(), kDump.size(), kDump) == 0)
    out.base.resize(out.base.size() - kDump.size());
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

std::string Snippet(const std::string& body) {
  std::string s = body.substr(0, 120);
  for (char& c : s)
    if (c == '\n' || c == '\r' || c == '\t' || static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) c = ' ';
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s + (body.size() > 120 ? "..." : "");
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
  std::string path = u->base + "/config_dump" + (req.include_eds ? "?include_eds" : "");
  std::string shown = u->scheme + "://" + (u->host.find(':') != std::string::npos ? "[" + u->host + "]" : u->host) + ":" +
                      std::to_string(u->port) + path;
  out.info["url"] = shown;
  out.info["include_eds"] = req.include_eds;

  httplib::Client cli(u->scheme + "://" + (u->host.find(':') != std::string::npos ? "[" + u->host + "]" : u->host) +
                      ":" + std::to_string(u->port));
  time_t sec = timeout / 1000;
  long usec = (timeout % 1000) * 1000L;
  cli.set_connection_timeout(sec, usec);
  cli.set_read_timeout(sec, usec);
  cli.set_write_timeout(sec, usec);
  cli.set_follow_location(false);
  std::string body;
  bool too_big = false;
  auto started = std::chrono::steady_clock::now();
  httplib::Result res = cli.Get(path.c_str(), [&](const char* data, size_t n) {
    if (body.size() + n > kMaxAdminBody) {
      too_big = true;
      return false;
    }
    body.append(data, n);
    return true;
  });
  long ms = static_cast<long>(std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count());
  out.info["elapsed_ms"] = ms;
  if (too_big)
    return fail("LIVE012", shown + " sent more than " + std::to_string(kMaxAdminBody >> 20) +
                               " MiB; ask for less (/config_dump?resource=dynamic_active_clusters, or without include_eds)");
  if (!res) {
    httplib::Error e = res.error();
    if (e == httplib::Error::ConnectionTimeout || e == httplib::Error::Read)
      return fail("LIVE011", "no complete answer from " + shown + " within " + std::to_string(timeout) + " ms (" +
                                 httplib::to_string(e) + "); check that it is Envoy's admin port, or raise --timeout MS");
    return fail("LIVE010", "cannot reach " + u->host + ":" + std::to_string(u->port) + " (" + httplib::to_string(e) +
                               "); is Envoy running with its admin listener there (admin.address in the bootstrap)? "
                               "For a pod: kubectl port-forward POD 9901, then --admin http://127.0.0.1:9901");
  }
  out.info["status"] = res->status;
  out.info["size"] = body.size();
  if (res->status != 200) {
    std::string hint = res->status == 404 ? "this server has no /config_dump: is it Envoy's admin port (not a listener port)?"
                                          : "Envoy's admin answered an error; the body says why";
    return fail("LIVE012", "GET " + shown + " answered HTTP " + std::to_string(res->status) +
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
  out.document.name = "envoy-admin:" + u->host + ":" + std::to_string(u->port) + path;
  if (!reason.empty()) {
    doc::Source src(out.document.name, body);
    doc::DiagnosticSink sink(&src);
    uint32_t at = static_cast<uint32_t>(byte > 0 ? std::min(byte - 1, body.size()) : 0);
    std::string ctype = res->get_header_value("Content-Type");
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
