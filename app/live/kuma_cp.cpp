// app/live/kuma_cp.cpp: the Kuma control plane live source (live.h FetchKumaCp). Everything
// through Kuma's REST API (kumahq/kuma v2.14.3 pkg/api-server), with the live sources' one HTTP
// client (http_get.h), each request bounded by what is left of the timeout:
//   GET /                                   the index: {"hostname", "product", "version",
//                                           "instanceId", "clusterId", "gui", "basedOnKuma"?}
//                                           (index_endpoints.go, api/openapi types.Index)
//   GET /meshes/{mesh}                      the Mesh, universal format
//   GET /meshes/{mesh}/dataplanes/{name}    the Dataplane
//   GET /meshes/{mesh}/{path}?size=1000     each mesh-scoped type's list: {"total", "items", "next"}
//                                           (the WsPath of the types' zz_generated.resource.go)
//   GET /meshes/{mesh}/dataplanes/{name}/_rules   the control plane's rules for that dataplane
//                                           (resource_endpoints.go rulesForResource)
//   GET /meshes/{mesh}/dataplanes/{name}/_policies   the policies that apply to the dataplane
//                                           itself (resource_endpoints.go getPoliciesConf,
//                                           matchedPoliciesToProxyPolicy)
// Errors are Kuma's {"type", "status", "title", "detail"} (rest_errors; _rules' dp_not_found golden).
// The resources become one document, a YAML stream of the items as Kuma printed them, which the
// policy engine reads as it reads `kumactl get ... -o yaml` output.
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "app/live/http_get.h"
#include "app/live/live.h"
#include "core/doc/source.h"
#include "core/engine/engine.h"

namespace cfgi::live {

namespace {

using nlohmann::ordered_json;

// The mesh-scoped resource types the policy engine reads, by their API path (WsPath in kumahq/kuma
// v2.14.3 pkg/plugins/policies/*/api/v1alpha1/zz_generated.resource.go and
// pkg/core/resources/apis/*/api/v1alpha1/zz_generated.resource.go).
constexpr const char* kTypePaths[] = {
    "meshservices",         "meshexternalservices",   "meshmultizoneservices",  "meshaccesslogs",
    "meshcircuitbreakers",  "meshfaultinjections",    "meshhealthchecks",       "meshhttproutes",
    "meshloadbalancingstrategies", "meshmetrics",     "meshpassthroughs",       "meshproxypatches",
    "meshratelimits",       "meshretries",            "meshtcproutes",          "meshtimeouts",
    "meshtlses",            "meshtraces",             "meshtrafficpermissions",
};

struct Base {
  std::string scheme, hostport, prefix;  // prefix: a path before the API's, no trailing '/'
  std::string Url(const std::string& path) const { return scheme + "://" + hostport + prefix + path; }
};

std::optional<Base> ParseBase(std::string u, std::string* why) {
  Base b;
  size_t sep = u.find("://");
  if (sep == std::string::npos) {
    b.scheme = "http";
  } else {
    b.scheme = u.substr(0, sep);
    u = u.substr(sep + 3);
  }
  if (b.scheme != "http" && b.scheme != "https") {
    *why = "the scheme '" + b.scheme + "' is not http or https";
    return std::nullopt;
  }
  if (u.find_first_of(" \t\"?#") != std::string::npos) {
    *why = "it has a space, a quote, a query or a fragment";
    return std::nullopt;
  }
  size_t slash = u.find('/');
  b.hostport = u.substr(0, slash);
  b.prefix = slash == std::string::npos ? "" : u.substr(slash);
  while (!b.prefix.empty() && b.prefix.back() == '/') b.prefix.pop_back();
  if (b.hostport.empty() || b.hostport[0] == ':') {
    *why = "no host";
    return std::nullopt;
  }
  return b;
}

// A mesh or dataplane name as Kuma allows it (DNS-1123-like, plus '.' and '_' for universal names).
bool GoodName(const std::string& s) {
  if (s.empty() || s.size() > 253) return false;
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.' || c == '_')) return false;
  return true;
}

// "2.14.3" -> (2, 14); nullopt for anything else ("0.0.0-preview.v8e9c8a0", "dev").
std::optional<std::pair<int, int>> MajorMinor(const std::string& v) {
  std::string s = v.rfind('v', 0) == 0 ? v.substr(1) : v;
  int major = 0, minor = 0;
  char dot1 = 0, dot2 = 0;
  if (std::sscanf(s.c_str(), "%d%c%d%c", &major, &dot1, &minor, &dot2) < 3 || dot1 != '.') return std::nullopt;
  return std::make_pair(major, minor);
}

}  // namespace

KumaProfileChoice KumaProfileForVersion(const std::string& version) {
  KumaProfileChoice c;
  const Engine* policy = FindEngine("policy");
  std::vector<std::string> releases;  // "kuma-2.14", ... in the engine's order (newest first)
  std::string preview;                // "kuma-3.0-preview": Kuma's main branch
  if (policy)
    for (const auto& p : policy->profiles()) {
      if (p.name.rfind("kuma-", 0) != 0) continue;
      (p.name.find("preview") == std::string::npos ? releases.push_back(p.name) : void(preview = p.name));
    }
  c.profile = releases.empty() ? "kuma" : releases.front();
  std::optional<std::pair<int, int>> mm = MajorMinor(version);
  // A build of Kuma's main branch ("0.0.0-preview.v8e9c8a0", "dev") or a release after the
  // profiles' (3.x): the main branch's profile.
  if (!mm || mm->first == 0 || mm->first >= 3) {
    if (!preview.empty()) c.profile = preview;
    return c;
  }
  std::string exact = "kuma-" + std::to_string(mm->first) + "." + std::to_string(mm->second);
  for (const std::string& r : releases)
    if (r == exact) {
      c.profile = r;
      c.exact = true;
      return c;
    }
  // Another 2.x release: the newest profile not newer than it, else the oldest.
  for (const std::string& r : releases) {
    std::optional<std::pair<int, int>> rm = MajorMinor(r.substr(5));
    if (rm && *rm <= *mm) {
      c.profile = r;
      return c;
    }
  }
  if (!releases.empty()) c.profile = releases.back();
  return c;
}

namespace {

// Reports `code` on the URL and drops the document: the answer is this failure.
LiveResult Fail(LiveResult& out, const std::string& what, const std::string& code, const std::string& msg) {
  doc::Source src(what, what);
  doc::DiagnosticSink sink(&src);
  sink.Error(code, {0, static_cast<uint32_t>(what.size())}, msg);
  out.diagnostics.insert(out.diagnostics.end(), sink.list().begin(), sink.list().end());
  out.document = {};
  return out;
}

// The exchange with one control plane: every GET within what is left of the one timeout, each
// failure reported once on the answer (LIVE030..LIVE033).
class KumaSession {
 public:
  KumaSession(LiveResult& out, std::string what, const Base& base, int timeout)
      : out_(out), what_(std::move(what)), base_(base), timeout_(timeout), started_(std::chrono::steady_clock::now()) {}

  LiveResult Fail(const std::string& code, const std::string& msg) { return live::Fail(out_, what_, code, msg); }
  // One GET within what is left of the timeout; nullopt after a failure (already reported).
  // missing_ok: a 404 is an empty object (a type this control plane does not have). soft: a 404 or
  // 400 is {"status", "said"} (an endpoint this control plane does not answer for this mesh).
  std::optional<ordered_json> Get(const std::string& path, bool missing_ok = false, bool soft = false) {
    long spent = static_cast<long>(
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started_).count());
    int left = static_cast<int>(std::max<long>(1, timeout_ - spent));
    std::string url = base_.Url(path);
    ++requests_;
    HttpAnswer a = HttpGet({url, "", left, kMaxAdminBody, "application/json"});
    switch (a.rc) {
      case CURLE_OK:
        break;
      case CURLE_OPERATION_TIMEDOUT:
        Fail("LIVE031", "no complete answer from " + url + " within the " + std::to_string(timeout_) +
                            " ms the whole exchange may take (" + a.detail + "); raise --timeout MS");
        return std::nullopt;
      case CURLE_COULDNT_CONNECT:
      case CURLE_COULDNT_RESOLVE_HOST:
      case CURLE_FAILED_INIT:
        Fail("LIVE030", "cannot reach " + base_.hostport + " (" + a.detail +
                            "); is the control plane's API server there? It listens on 5681 (http) and 5682 "
                            "(https); for Kubernetes: kubectl port-forward -n kuma-system svc/kuma-control-plane 5681");
        return std::nullopt;
      default:
        Fail("LIVE033", base_.hostport + " did not answer " + url + " as an HTTP server (" + a.detail +
                            "): is it the control plane's API port (5681), not another service?");
        return std::nullopt;
    }
    if (a.too_big) {
      Fail("LIVE032", url + " sent more than " + std::to_string(kMaxAdminBody >> 20) + " MiB");
      return std::nullopt;
    }
    if (a.status == 404 && missing_ok) return ordered_json::object();
    ordered_json j = ordered_json::parse(a.body, nullptr, false);
    if (a.status != 200) {
      // Kuma's error answer: {"type", "status", "title", "detail"}.
      const std::string said = j.is_object() && j.contains("title") && j["title"].is_string()
                             ? "\"" + j["title"].get<std::string>() + "\"" +
                                   (j.contains("detail") && j["detail"].is_string()
                                        ? ": \"" + j["detail"].get<std::string>() + "\""
                                        : "")
                             : "\"" + Snippet(a.body) + "\"";
      if (soft && (a.status == 404 || a.status == 400)) {
        ordered_json skipped = ordered_json::object();
        skipped["status"] = a.status;
        skipped["said"] = said;
        return skipped;
      }
      std::string hint = a.status == 404 ? "check --mesh and --dataplane (kumactl get dataplanes --mesh MESH lists them)"
                         : a.status == 401 || a.status == 403
                             ? "the API needs credentials this tool does not send; use the control plane's "
                               "admin port from inside its network, or port-forward it"
                             : "the control plane failed; its log says why";
      Fail("LIVE032", "GET " + url + " answered HTTP " + std::to_string(a.status) + " (" + said + "): " + hint);
      return std::nullopt;
    }
    if (j.is_discarded() || !j.is_object()) {
      Fail("LIVE033", "the answer of " + url + " is not a JSON object (Content-Type: " +
                          (a.content_type.empty() ? "none" : a.content_type) + ", starts \"" + Snippet(a.body) +
                          "\"): is this a Kuma control plane's API server?");
      return std::nullopt;
    }
    return j;
}

  const Base& base() const { return base_; }
  int requests() const { return requests_; }
  long ElapsedMs() const {
    return static_cast<long>(
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started_).count());
  }

 private:
  LiveResult& out_;
  const std::string what_;
  const Base& base_;
  const int timeout_;
  const std::chrono::steady_clock::time_point started_;
  int requests_ = 0;
};

// The index ("/"): the product, its version and the profile to compare with. False on failure
// (reported).
bool ReadIndex(KumaSession& session, LiveResult& out, std::string& version, std::string& kuma_version,
               KumaProfileChoice& choice) {
  std::optional<ordered_json> index = session.Get("/");
  if (!index) return false;
  if (!index->contains("version") || !(*index)["version"].is_string()) {
    session.Fail("LIVE033", session.base().Url("/") + " answered JSON without \"version\" (" + Snippet(index->dump()) +
                                "): a Kuma control plane's index has {\"product\", \"version\", ...}; is this its "
                                "API server?");
    return false;
  }
  version = (*index)["version"];
  out.info["product"] = index->value("product", "");
  out.info["version"] = version;
  if (index->contains("basedOnKuma") && (*index)["basedOnKuma"].is_string())
    out.info["basedOnKuma"] = (*index)["basedOnKuma"];
  // A product based on Kuma (Kong Mesh) says which Kuma it is built on: that release's profile.
  kuma_version = out.info.contains("basedOnKuma") ? out.info["basedOnKuma"].get<std::string>() : version;
  choice = KumaProfileForVersion(kuma_version);
  out.info["profile"] = choice.profile;
  return true;
}

// Every resource of the mesh the API lists, type by type, page by page, after `items` (the mesh
// and the dataplane). False on failure (reported).
bool ListResources(KumaSession& session, const std::string& mesh_path, std::vector<ordered_json>& items) {
  for (const char* type : kTypePaths) {
    std::string path = mesh_path + "/" + type + "?size=1000";
    for (int page = 0; page < 100 && !path.empty(); ++page) {
      std::optional<ordered_json> list = session.Get(path, true);
      if (!list) return false;
      if (list->empty()) break;  // 404: not a type of this control plane
      if (!list->contains("items") || !(*list)["items"].is_array()) {
        session.Fail("LIVE033", session.base().Url(path) + " answered without \"items\": not Kuma's resource list");
        return false;
      }
      for (const ordered_json& item : (*list)["items"]) items.push_back(item);
      path.clear();
      if (list->contains("next") && (*list)["next"].is_string()) {  // an absolute URL of the same server
        std::string next = (*list)["next"];
        size_t at = next.find(session.base().prefix + "/meshes/");
        if (at != std::string::npos) path = next.substr(at + session.base().prefix.size());
      }
    }
  }
  return true;
}

// The dataplane's inspect endpoints: _rules, and _policies where the control plane answers it.
// False on failure (reported).
bool ReadInspect(KumaSession& session, LiveResult& out, const std::string& mesh_path, const KumaCpRequest& req) {
  std::optional<ordered_json> rules = session.Get(mesh_path + "/dataplanes/" + req.dataplane + "/_rules");
  if (!rules) return false;
  out.info["rules"] = std::move(*rules);
  // The dataplane's own policies (resource_endpoints.go getPoliciesConf with
  // matchedPoliciesToProxyPolicy: {"policies": [{"conf", "kind", "origins": [{"kri"}]}]}, one per
  // policy type with a single-item rule; testdata/resources/inspect/dataplanes/_policies/). Kuma
  // answers 400 when the mesh's meshServices mode is not Exclusive, and a release without the
  // endpoint 404: then only _rules is compared, and the text and JSON say why.
  std::optional<ordered_json> policies = session.Get(mesh_path + "/dataplanes/" + req.dataplane + "/_policies", false, true);
  if (!policies) return false;
  if (policies->contains("policies") && (*policies)["policies"].is_array()) {
    out.info["policies"] = std::move(*policies);
  } else if (policies->contains("said")) {
    out.info["policies_skipped"] = std::move(*policies);
  } else {
    session.Fail("LIVE033", session.base().Url(mesh_path + "/dataplanes/" + req.dataplane + "/_policies") +
                                " answered without \"policies\": not Kuma's inspect API");
    return false;
  }
  return true;
}

}  // namespace

// The stages: check the request, read the index, list the mesh's resources, read the
// dataplane's inspect endpoints, then write them as one YAML stream.
LiveResult FetchKumaCp(const KumaCpRequest& req) {
  LiveResult out;
  int timeout = req.timeout_ms > 0 ? req.timeout_ms : kDefaultKumaTimeoutMs;
  out.info["source"] = "kuma-cp";
  out.info["url"] = req.url;
  out.info["mesh"] = req.mesh;
  out.info["dataplane"] = req.dataplane;
  out.info["timeout_ms"] = timeout;
  const std::string what = req.url;
  auto fail = [&](const std::string& code, const std::string& msg) { return Fail(out, what, code, msg); };
  std::string why;
  std::optional<Base> base = ParseBase(req.url, &why);
  if (!base) return fail("LIVE035", "'" + req.url + "' is not a Kuma control plane URL: " + why +
                                        "; give http://HOST:5681 (the API server's port)");
  if (!GoodName(req.mesh) || !GoodName(req.dataplane))
    return fail("LIVE035", "--mesh '" + req.mesh + "' and --dataplane '" + req.dataplane +
                               "' must be Kuma resource names (letters, digits, '-', '.', '_')");

  KumaSession session(out, what, *base, timeout);
  std::string version, kuma_version;
  KumaProfileChoice choice;
  if (!ReadIndex(session, out, version, kuma_version, choice)) return out;
  std::string mesh_path = "/meshes/" + req.mesh;
  std::optional<ordered_json> mesh = session.Get(mesh_path);
  if (!mesh) return out;
  std::optional<ordered_json> dp = session.Get(mesh_path + "/dataplanes/" + req.dataplane);
  if (!dp) return out;
  std::vector<ordered_json> items = {*mesh, *dp};
  if (!ListResources(session, mesh_path, items)) return out;
  if (!ReadInspect(session, out, mesh_path, req)) return out;
  out.info["requests"] = session.requests();
  out.info["resources"] = items.size();
  out.info["elapsed_ms"] = session.ElapsedMs();
  out.document.name = "kuma-cp:" + base->hostport + mesh_path;
  std::string& t = out.document.text;
  // A YAML stream (a comment first, so it is not read as one JSON document) of the items.
  t = "# " + out.info.value("product", "Kuma") + " " + version + " at " + req.url + ": mesh " + req.mesh +
      ", the resources its API lists\n";
  for (const ordered_json& item : items) t += "---\n" + item.dump(2) + "\n";
  if (!choice.exact) {
    doc::Source src(out.document.name, t);
    doc::DiagnosticSink sink(&src);
    sink.Warning("LIVE034", {0, 1},
                 "the control plane runs " + (out.info.contains("basedOnKuma") ? "Kuma " + kuma_version + " (" +
                                                                                     version + ")"
                                                                               : "Kuma " + version) +
                     ", a release this tool has no profile for; its answer is compared with the " + choice.profile +
                     " profile's, so some differences may be that release's own; give --profile P to choose another");
    out.diagnostics.insert(out.diagnostics.end(), sink.list().begin(), sink.list().end());
  }
  return out;
}

}  // namespace cfgi::live
