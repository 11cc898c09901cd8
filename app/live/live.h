// app/live/live.h: live sources (docs/live-sources.md): ask DNS for the `_grpc_config.HOST` TXT
// records a gRPC client would read, and fetch a running Envoy's `/config_dump` from its admin
// URL. Each call blocks the calling thread for at most its timeout (the CLI's main thread, the
// app's worker; never the UI thread) and returns a document the engines read as they read a file
// (the DNS answer as `dig` output for the txt engine, the config_dump JSON for the matcher
// engine) plus LIVExxx diagnostics for what went wrong on the network. Native only: the
// WebAssembly build links live_web.cpp, whose calls return LIVE015 ("a desktop/CLI feature").
//
//   live::DnsRequest q;  q.host = "example.com";  q.server = "127.0.0.1:5353";
//   live::LiveResult r = live::LookupTxt(q);        // r.document.name "dns:_grpc_config.example.com"
//   Scenario s = LoadScenario({r.document});  s.diagnostics += r.diagnostics;
//
//   live::AdminRequest a;  a.url = "http://127.0.0.1:9901";  a.include_eds = true;
//   live::LiveResult d = live::FetchConfigDump(a);  // d.document empty when nothing usable came
//
//   live::CsdsRequest c;  c.target = "127.0.0.1:50051";
//   live::LiveResult x = live::FetchClientStatus(c);  // one config_dump document per client scope
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/doc/diagnostic.h"
#include "core/engine/compare.h"
#include "core/engine/engine.h"
#include "core/engine/scenario.h"

namespace cfgi::live {

inline constexpr int kDefaultDnsTimeoutMs = 5000;     // whole lookup, TCP fallback included
inline constexpr int kDefaultAdminTimeoutMs = 10000;  // connect + read of /config_dump
inline constexpr size_t kMaxAdminBody = 256u << 20;   // a config_dump larger than 256 MiB is refused
inline constexpr int kDefaultCsdsTimeoutMs = 10000;   // the FetchClientStatus call's deadline (connect included)
inline constexpr int kDefaultKumaTimeoutMs = 10000;   // every request of one --kuma-cp exchange, together

struct DnsRequest {
  std::string host;    // the target's host; "_grpc_config." is prepended (gRFC A2)
  std::string server;  // "IP", "IP:PORT", "[IPv6]:PORT"; empty: the system's resolver (/etc/resolv.conf)
  int timeout_ms = kDefaultDnsTimeoutMs;
};

struct AdminRequest {
  std::string url;  // "http://HOST:PORT" (a trailing "/" or "/config_dump" is accepted)
  bool include_eds = false;
  int timeout_ms = kDefaultAdminTimeoutMs;
};

// A gRPC admin server (gRFC A38) asked for its xDS clients' state over CSDS (gRFC A40).
struct CsdsRequest {
  std::string target;  // HOST:PORT, [IPv6]:PORT or unix:PATH (a gRPC target, as grpcdebug takes it)
  bool tls = false;    // TLS channel credentials (the system's roots, or ca_pem); plaintext otherwise
  std::string ca_pem;  // root certificates for TLS (PEM, the contents of --tls-ca FILE); empty: the system's
  int timeout_ms = kDefaultCsdsTimeoutMs;
};

// A Kuma control plane's REST API (its API server, port 5681), asked about one dataplane.
struct KumaCpRequest {
  std::string url;        // http://HOST:PORT[/prefix]
  std::string mesh;       // --mesh
  std::string dataplane;  // --dataplane
  int timeout_ms = kDefaultKumaTimeoutMs;
};

// The policy profile a control plane's version is judged under: "kuma-2.14" for 2.14.x (exact);
// for another 2.x release, the newest profile not newer than it (else the oldest); for a build
// of Kuma's main branch ("0.0.0-preview.v...") or a 3.x release, kuma-3.0-preview.
struct KumaProfileChoice {
  std::string profile;
  bool exact = false;
};
KumaProfileChoice KumaProfileForVersion(const std::string& version);

// What the network said, for the CLI's JSON ("live") and the app's status line.
struct LiveResult {
  // The document to load; name empty when there is nothing to load (connection refused, an HTTP
  // error, a body that is not JSON). For DNS it is always set: the answer as `dig` prints it (the
  // status line, the flags, the answer section), also for NXDOMAIN and timeouts.
  InputFile document;
  // Further documents of the same answer (CSDS: one per client scope after the first), read by
  // the same engine as `document`.
  std::vector<InputFile> more_documents;
  // What came but cannot be loaded (a body that is not JSON: LIVE013 points into it), for the
  // app to show beside its diagnostic; empty otherwise.
  InputFile rejected;
  std::vector<doc::Diagnostic> diagnostics;  // LIVExxx, positioned in `document` (or line 1 of the URL)
  nlohmann::ordered_json info = nlohmann::ordered_json::object();  // query, server, rcode, ... (docs/live-sources.md)
  bool ok() const { return !doc::HasErrors(diagnostics); }
};

// Queries `_grpc_config.<host>` TXT with c-ares, as grpc-core's c-ares resolver does
// (src/core/resolver/dns/c_ares/grpc_ares_wrapper.cc, on_txt_done_locked: ares_query for
// ns_t_txt, ares_parse_txt_reply_ext, record_start marks a new record). Never throws, never
// blocks longer than timeout_ms (+ a few ms); every failure is a LIVE diagnostic.
LiveResult LookupTxt(const DnsRequest& r);

// GETs `<url>/config_dump` (`?include_eds` when asked) with cpp-httplib. Never throws, never
// blocks longer than timeout_ms; HTTP errors, non-JSON bodies and refused connections are LIVE
// diagnostics naming the host and what to try.
LiveResult FetchConfigDump(const AdminRequest& r);

// What LookupTxt makes of one DNS message as received (`tcp`: it came after the TCP fallback):
// the dig-style document and the LIVE findings for its RCODE, TC bit and answer. Any bytes are
// accepted (a message shorter than its header gives LIVE007). Native build only; the DNS-answer
// fuzzer (tests/fuzz/dns_answer_fuzzer.cpp) calls it.
LiveResult DescribeAnswer(const std::string& qname, const std::string& message, bool tcp);

// Calls envoy.service.status.v3.ClientStatusDiscoveryService/FetchClientStatus on r.target with
// gRPC C++ (a deadline of r.timeout_ms on the call, connect included) and reads the answer with
// DescribeClientStatus. Never throws; unreachable, refused, deadline, UNIMPLEMENTED (not a CSDS
// server) and malformed answers are LIVE02x diagnostics on the target (docs/live-sources.md).
LiveResult FetchClientStatus(const CsdsRequest& r);

// What FetchClientStatus makes of the bytes of a ClientStatusResponse: for each ClientConfig (a
// client scope), a document `csds:TARGET[/SCOPE]` in envoy.admin.v3.ConfigDump JSON (listeners,
// routes, clusters, endpoints as dynamic_* entries with version, last_updated, client_status and
// error_state), which the matcher engine reads as it reads a saved config_dump (NACKs as MAT040),
// plus LIVE diagnostics for resources the client lacks (REQUESTED, DOES_NOT_EXIST, TIMEOUT,
// RECEIVED_ERROR), and `info` listing every resource. Bytes that are not a ClientStatusResponse
// give LIVE023 and no document. Native build only; tests/fuzz/csds_response_fuzzer.cpp calls it.
LiveResult DescribeClientStatus(const std::string& target, const std::string& response_bytes);

// Reads the control plane's version (GET /), the mesh's resources (the Mesh, the Dataplane and
// every mesh-scoped type's list) and its `_rules` answer for the dataplane, with one timeout for
// the whole exchange. `document` is the resources as a YAML stream for the policy engine
// (`kuma-cp:HOST:PORT/meshes/MESH`); info["rules"] is Kuma's `_rules` JSON and info["profile"] the
// profile to compare it with (KumaProfileForVersion; LIVE034 when not exact). Failures are
// LIVE030-LIVE035 on the URL and no document.
LiveResult FetchKumaCp(const KumaCpRequest& r);

// The profile name of a control plane's answer in the comparison with ours.
inline constexpr const char* kKumaLiveProfile = "kuma (live)";

// Where our and the control plane's `_policies` answers sit in the compared results.
inline constexpr const char* kKumaPoliciesKey = "_policies";

// The one profile comparison (core/engine/compare.h) of our `_rules` answer under `profile` with
// the control plane's (info["rules"] of FetchKumaCp), the live one as "kuma (live)". With both
// `_policies` answers (info["policies"] and OurKumaPolicies), they are compared in the same
// comparison under "/_policies/KIND": one differing answer per policy kind.
Comparison CompareKumaLive(const std::string& profile, const nlohmann::ordered_json& ours,
                           const nlohmann::ordered_json& live, const nlohmann::ordered_json* our_policies = nullptr,
                           const nlohmann::ordered_json* live_policies = nullptr);

// Our answer to GET /meshes/MESH/dataplanes/NAME/_policies for the scenario (the policy engine's
// --kuma-inspect, with `base`'s other flags); nullopt when the engine gives none.
std::optional<nlohmann::ordered_json> OurKumaPolicies(const Scenario& s, const Query& base, const std::string& profile,
                                                      const std::string& mesh, const std::string& dataplane);

// One LIVE036 note per differing answer of `c` (its first leaves with both values), at 1:1 of
// `document` (the resources' document).
std::vector<doc::Diagnostic> KumaDivergenceNotes(const Comparison& c, const std::string& profile,
                                                 const InputFile& document);

// True in the native build; false in WebAssembly (live sources are a desktop/CLI feature).
bool Available();

}  // namespace cfgi::live
