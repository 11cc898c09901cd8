// Fuzz target: reading an Envoy admin /config_dump (JSON, as the admin endpoint serves it, and
// YAML): shape detection, the error_state NACK reports (MAT040), opaque Anys (MAT042), and the
// matcher engine's full result for every profile. Bad input must give diagnostics, never a crash
// or a hang. The result is written as the CLI and app write it (doc::JsonText: a key holding bytes
// that are not UTF-8, read from a YAML file with DOC012, must not throw).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "core/doc/load.h"
#include "core/doc/utf8.h"
#include "core/engine/engine.h"
#include "core/matcher/envoy_config.h"
#include "core/matcher/matcher_engine.h"

#include "tests/fuzz/invariants.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  for (const char* name : {"config_dump.json", "config_dump.yaml"}) {
    cfgi::doc::Document d = cfgi::doc::LoadDocument(name, text);
    cfgi::fuzz::CheckDocument(d);
    cfgi::matcher::EnvoyConfig c = cfgi::matcher::DiscoverEnvoyMatchers(d);
    (void)c;
    auto s = std::make_shared<cfgi::Scenario>(cfgi::LoadScenario({{name, text}}));
    cfgi::Query q;
    q.flags = {{"header", "x-tenant=acme"}};
    cfgi::InspectOptions o;
    cfgi::Inspection i = cfgi::Inspect(cfgi::GetMatcherEngine(), s, q, o);
    for (const cfgi::Report& r : i.reports) {
      cfgi::fuzz::CheckDiagnostics(r.diagnostics);
      // as the CLI and the app write it: it parses back to the same value
      cfgi::fuzz::CheckJsonRoundTrip(cfgi::ReportJson(cfgi::GetMatcherEngine(), r.profile, r));
    }
  }
  return 0;
}
