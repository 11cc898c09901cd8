// Fuzz target: Kubernetes-shaped input and the engine choice (core/doc ExpandKubernetesLists,
// core/engine ChooseEngine / SelectEngine): `kind: List` with `items` (nested too), multi-document
// streams, kinds no engine uses, textproto headers, BOMs and CRLF. The input is read as YAML and
// as JSON, the engine chosen by the rules and by each profile, and the chosen engine loads it.
// Any input must yield diagnostics, never a crash or a hang.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/doc/source.h"
#include "core/engine/engine.h"
#include "core/engine/scenario.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 64 * 1024) return 0;
  std::string text(reinterpret_cast<const char*>(data), size);
  for (const char* name : {"fuzz.yaml", "fuzz.json", "-"}) {
    cfgi::Scenario s = cfgi::LoadScenario({{name, text}});
    const cfgi::Engine* e = cfgi::SelectEngine(&s, cfgi::EngineRequest{"", "kuma"});
    if (!e) __builtin_trap();  // nothing requested: always an engine
    cfgi::Report r = cfgi::RunScenario(*e, s, cfgi::Query{}, e->profiles().front().name, /*evaluate=*/true);
    (void)cfgi::ReportJson(*e, e->profiles().front().name, r).dump(-1, ' ', false,
                                                                   nlohmann::json::error_handler_t::replace);
  }
  // The editor's round trip: decoding then encoding gives the bytes back for BOM + CRLF files.
  std::string decoded = text;
  cfgi::doc::TextEncoding enc = cfgi::doc::DecodeText(&decoded);
  if (enc.crlf && text.find('\r') == std::string::npos) __builtin_trap();
  return 0;
}
