// app/cli/live_flags.cpp: the live-source flags of check / eval (live_flags.h).
#include "app/cli/live_flags.h"

#include "app/cli/common.h"
#include "app/live/live.h"

namespace cfgi::cli {

namespace {

const char* Placeholder(const std::string& name) {
  if (name == "lookup") return "HOST";
  if (name == "dns-server") return "IP[:PORT]";
  if (name == "admin") return "URL";
  if (name == "csds") return "HOST:PORT";
  if (name == "tls-ca") return "FILE";
  if (name == "kuma-cp") return "URL";
  if (name == "mesh") return "MESH";
  return "MS";
}

}  // namespace

LiveFlag ParseLiveFlag(const std::string& name, const std::function<bool()>& take_value, const std::string* value,
                       LiveArgs* live, std::string* error) {
  if (name == "include-eds" || name == "tls") {
    (name == "tls" ? live->tls : live->include_eds) = true;
    return LiveFlag::kTaken;
  }
  if (name != "lookup" && name != "dns-server" && name != "admin" && name != "timeout" && name != "csds" &&
      name != "tls-ca" && name != "kuma-cp" && name != "mesh")
    return LiveFlag::kNotMine;
  if (!take_value()) {
    *error = "--" + name + " needs a value " + Placeholder(name);
    return LiveFlag::kError;
  }
  if (name == "lookup") live->lookup = *value;
  if (name == "dns-server") live->dns_server = *value;
  if (name == "admin") live->admin = *value;
  if (name == "csds") live->csds = *value;
  if (name == "tls-ca") live->tls_ca = *value;
  if (name == "kuma-cp") live->kuma_cp = *value;
  if (name == "mesh") live->mesh = *value;
  if (name == "timeout") {
    char* end = nullptr;
    long v = std::strtol(value->c_str(), &end, 10);
    if (value->empty() || *end || v <= 0 || v > 600000) {
      *error = "--timeout is milliseconds, 1 to 600000 (default " + std::to_string(live::kDefaultDnsTimeoutMs) +
               " for --lookup, " + std::to_string(live::kDefaultAdminTimeoutMs) + " for --admin, " +
               std::to_string(live::kDefaultCsdsTimeoutMs) + " for --csds and --kuma-cp)";
      return LiveFlag::kError;
    }
    live->timeout_ms = static_cast<int>(v);
  }
  if (name != "timeout" && value->empty()) {
    *error = "--" + name + " needs a value " + Placeholder(name);
    return LiveFlag::kError;
  }
  return LiveFlag::kTaken;
}

std::string CheckLiveArgs(const LiveArgs& live) {
  int sources = !live.lookup.empty() + !live.admin.empty() + !live.csds.empty() + !live.kuma_cp.empty();
  if (sources > 1) return "--lookup, --admin, --csds and --kuma-cp are different live sources; give one";
  if (!live.kuma_cp.empty() && (live.mesh.empty() || live.dataplane.empty()))
    return "--kuma-cp URL needs --mesh MESH and --dataplane NAME (the dataplane whose _rules to compare)";
  if (!live.mesh.empty() && live.kuma_cp.empty()) return "--mesh needs --kuma-cp URL";
  if (!live.dns_server.empty() && live.lookup.empty()) return "--dns-server needs --lookup HOST";
  if (live.include_eds && live.admin.empty()) return "--include-eds needs --admin URL";
  if ((live.tls || !live.tls_ca.empty()) && live.csds.empty()) return "--tls and --tls-ca need --csds HOST:PORT";
  if (!live.tls_ca.empty() && !live.tls) return "--tls-ca FILE needs --tls";
  if (live.timeout_ms && !live.any()) return "--timeout needs --lookup HOST, --admin URL, --csds HOST:PORT or --kuma-cp URL";
  return {};
}

bool RunLive(const LiveArgs& a, std::vector<InputFile>* inputs, std::vector<doc::Diagnostic>* diagnostics,
             nlohmann::ordered_json* info, std::string* error) {
  live::LiveResult r;
  if (!a.lookup.empty()) {
    live::DnsRequest q;
    q.host = a.lookup;
    q.server = a.dns_server;
    if (a.timeout_ms) q.timeout_ms = a.timeout_ms;
    r = live::LookupTxt(q);
  } else if (!a.admin.empty()) {
    live::AdminRequest q;
    q.url = a.admin;
    q.include_eds = a.include_eds;
    if (a.timeout_ms) q.timeout_ms = a.timeout_ms;
    r = live::FetchConfigDump(q);
  } else if (!a.kuma_cp.empty()) {
    live::KumaCpRequest q;
    q.url = a.kuma_cp;
    q.mesh = a.mesh;
    q.dataplane = a.dataplane;
    if (a.timeout_ms) q.timeout_ms = a.timeout_ms;
    r = live::FetchKumaCp(q);
  } else {
    live::CsdsRequest q;
    q.target = a.csds;
    q.tls = a.tls;
    if (!a.tls_ca.empty()) {
      std::optional<std::string> pem = ReadFile(a.tls_ca);
      if (!pem) {
        *error = a.tls_ca;
        return false;
      }
      q.ca_pem = std::move(*pem);
    }
    if (a.timeout_ms) q.timeout_ms = a.timeout_ms;
    r = live::FetchClientStatus(q);
  }
  if (!r.document.name.empty()) inputs->push_back(r.document);
  inputs->insert(inputs->end(), r.more_documents.begin(), r.more_documents.end());
  diagnostics->insert(diagnostics->end(), r.diagnostics.begin(), r.diagnostics.end());
  *info = r.info;
  return true;
}

}  // namespace cfgi::cli
