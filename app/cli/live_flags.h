// app/cli/live_flags.h: the live-source flags of `check` / `eval` (docs/live-sources.md):
// `--lookup HOST [--dns-server IP[:PORT]]` asks DNS for _grpc_config.HOST TXT, `--admin URL
// [--include-eds]` fetches a running Envoy's /config_dump, `--csds HOST:PORT [--tls] [--tls-ca
// FILE]` asks a gRPC process for its xDS clients' state (CSDS), `--kuma-cp URL --mesh M
// --dataplane NAME` reads a Kuma control plane's resources and _rules answer for a dataplane,
// `--timeout MS` bounds each. The
// fetched documents join the files as more sources (app/live/live.h does the network).
//
//   LiveArgs live;
//   switch (ParseLiveFlag(name, take_value, &value, &live, &error)) { ... }
//   nlohmann::ordered_json info = RunLive(live, &inputs, &diagnostics);
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/doc/diagnostic.h"
#include "core/engine/scenario.h"

namespace cfgi::cli {

struct LiveArgs {
  std::string lookup;      // --lookup HOST
  std::string dns_server;  // --dns-server IP[:PORT]
  std::string admin;       // --admin URL
  bool include_eds = false;
  std::string csds;        // --csds HOST:PORT
  bool tls = false;        // --tls (CSDS over TLS)
  std::string tls_ca;      // --tls-ca FILE (read by the CLI: its PEM)
  std::string kuma_cp;     // --kuma-cp URL
  std::string mesh;        // --mesh M (with --kuma-cp)
  std::string dataplane;   // the policy engine's --dataplane NAME, copied here for --kuma-cp
  int timeout_ms = 0;      // --timeout MS; 0: each source's default (live.h)
  bool any() const { return !lookup.empty() || !admin.empty() || !csds.empty() || !kuma_cp.empty(); }
  // The engine that reads the fetched documents: txt for DNS, policy for Kuma, matcher for the others.
  const char* engine() const { return !lookup.empty() ? "txt" : !kuma_cp.empty() ? "policy" : "matcher"; }
};

enum class LiveFlag { kNotMine, kTaken, kError };

// Reads `--name` when it is a live flag: kTaken (value taken through `take_value`, which sets
// `*value`), kNotMine, or kError with `*error` set (missing value, bad --timeout, --dns-server
// without --lookup is checked by CheckLiveArgs).
LiveFlag ParseLiveFlag(const std::string& name, const std::function<bool()>& take_value, const std::string* value,
                       LiveArgs* live, std::string* error);

// The usage error for flags that need one another (--dns-server without --lookup, two sources at
// once, --tls without --csds); empty when fine.
std::string CheckLiveArgs(const LiveArgs& live);

// Runs the live sources: appends each fetched document to `inputs` and their diagnostics to
// `diagnostics`; returns the CLI's "live" JSON (live.h LiveResult::info). Blocks at most the
// timeouts. False with `*error` set when a file a flag names (--tls-ca) cannot be read.
bool RunLive(const LiveArgs& live, std::vector<InputFile>* inputs, std::vector<doc::Diagnostic>* diagnostics,
             nlohmann::ordered_json* info, std::string* error);

}  // namespace cfgi::cli
