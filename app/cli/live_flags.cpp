// app/cli/live_flags.cpp: the live-source flags of check / eval (live_flags.h).
#include "app/cli/live_flags.h"

#include "app/live/live.h"

namespace cfgi::cli {

LiveFlag ParseLiveFlag(const std::string& name, const std::function<bool()>& take_value, const std::string* value,
                       LiveArgs* live, std::string* error) {
  if (name == "include-eds") {
    live->include_eds = true;
    return LiveFlag::kTaken;
  }
  if (name != "lookup" && name != "dns-server" && name != "admin" && name != "timeout") return LiveFlag::kNotMine;
  if (!take_value()) {
    *error = "--" + name + " needs a value " +
             (name == "lookup" ? "HOST" : name == "dns-server" ? "IP[:PORT]" : name == "admin" ? "URL" : "MS");
    return LiveFlag::kError;
  }
  if (name == "lookup") live->lookup = *value;
  if (name == "dns-server") live->dns_server = *value;
  if (name == "admin") live->admin = *value;
  if (name == "timeout") {
    char* end = nullptr;
    long v = std::strtol(value->c_str(), &end, 10);
    if (value->empty() || *end || v <= 0 || v > 600000) {
      *error = "--timeout is milliseconds, 1 to 600000 (default " + std::to_string(live::kDefaultDnsTimeoutMs) +
               " for --lookup, " + std::to_string(live::kDefaultAdminTimeoutMs) + " for --admin)";
      return LiveFlag::kError;
    }
    live->timeout_ms = static_cast<int>(v);
  }
  if ((name == "lookup" || name == "admin") && value->empty()) {
    *error = "--" + name + " needs a value " + (name == "lookup" ? "HOST" : "URL");
    return LiveFlag::kError;
  }
  return LiveFlag::kTaken;
}

std::string CheckLiveArgs(const LiveArgs& live) {
  if (!live.lookup.empty() && !live.admin.empty()) return "--lookup and --admin read different engines; give one";
  if (!live.dns_server.empty() && live.lookup.empty()) return "--dns-server needs --lookup HOST";
  if (live.include_eds && live.admin.empty()) return "--include-eds needs --admin URL";
  if (live.timeout_ms && !live.any()) return "--timeout needs --lookup HOST or --admin URL";
  return {};
}

nlohmann::ordered_json RunLive(const LiveArgs& a, std::vector<InputFile>* inputs,
                               std::vector<doc::Diagnostic>* diagnostics) {
  live::LiveResult r;
  if (!a.lookup.empty()) {
    live::DnsRequest q;
    q.host = a.lookup;
    q.server = a.dns_server;
    if (a.timeout_ms) q.timeout_ms = a.timeout_ms;
    r = live::LookupTxt(q);
  } else {
    live::AdminRequest q;
    q.url = a.admin;
    q.include_eds = a.include_eds;
    if (a.timeout_ms) q.timeout_ms = a.timeout_ms;
    r = live::FetchConfigDump(q);
  }
  if (!r.document.name.empty()) inputs->push_back(r.document);
  diagnostics->insert(diagnostics->end(), r.diagnostics.begin(), r.diagnostics.end());
  return r.info;
}

}  // namespace cfgi::cli
