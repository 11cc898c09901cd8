// app/live/live_web.cpp: the WebAssembly build's live sources (live.h): none. The web build
// sends nothing anywhere (docs/web.md); each call returns LIVE015 saying that live sources are a
// desktop/CLI feature.
#include "app/live/live.h"

namespace cfgi::live {

namespace {

LiveResult Unavailable(const std::string& what) {
  LiveResult out;
  doc::Source src(what, what);
  doc::DiagnosticSink sink(&src);
  sink.Error("LIVE015", {0, static_cast<uint32_t>(what.size())},
             "live sources (DNS lookup, Envoy admin, CSDS, Kuma control plane) are a desktop/CLI feature: the web build "
             "sends nothing anywhere; run config-inspector-cli eval --lookup HOST, --admin URL, --csds HOST:PORT or "
             "--kuma-cp URL, or open a saved file");
  out.diagnostics = sink.list();
  return out;
}

}  // namespace

bool Available() { return false; }
LiveResult LookupTxt(const DnsRequest& r) { return Unavailable("_grpc_config." + r.host); }
LiveResult FetchConfigDump(const AdminRequest& r) { return Unavailable(r.url); }
LiveResult FetchClientStatus(const CsdsRequest& r) { return Unavailable(r.target); }
LiveResult FetchKumaCp(const KumaCpRequest& r) { return Unavailable(r.url); }
KumaProfileChoice KumaProfileForVersion(const std::string&) { return {}; }
Comparison CompareKumaLive(const std::string&, const nlohmann::ordered_json&, const nlohmann::ordered_json&,
                           const nlohmann::ordered_json*, const nlohmann::ordered_json*) {
  return {};
}
std::optional<nlohmann::ordered_json> OurKumaPolicies(const Scenario&, const Query&, const std::string&, const std::string&,
                                                      const std::string&) {
  return std::nullopt;
}
std::vector<doc::Diagnostic> KumaDivergenceNotes(const Comparison&, const std::string&, const InputFile&) { return {}; }

}  // namespace cfgi::live
