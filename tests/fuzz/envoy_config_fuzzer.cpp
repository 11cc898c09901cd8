// Fuzz target: discovery of Unified Matchers inside Envoy configuration (core/matcher/
// envoy_config.h) in YAML, JSON and schema-free textproto (core/doc/textproto_tree.h), then
// every found matcher compiled and evaluated under every profile, and the whole matcher engine
// (detection, listing, --matcher) on the same bytes. Bad input must give diagnostics, never a
// crash or a hang.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "core/doc/load.h"
#include "core/doc/textproto_tree.h"
#include "core/engine/engine.h"
#include "core/matcher/envoy_config.h"
#include "core/matcher/matcher_engine.h"

#include "tests/fuzz/invariants.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  cfgi::matcher::Request req;
  req.headers = {{"x-fault-category", "huge fault"}, {":path", "/admin/x"}, {"x-env", "staging"}};
  req.path = "/admin/x";
  for (auto f : {cfgi::doc::Format::kYaml, cfgi::doc::Format::kJson, cfgi::doc::Format::kTextProto}) {
    cfgi::doc::Document d = cfgi::doc::LoadDocumentAs(f, "fuzz", text);
    cfgi::fuzz::CheckDocument(d);
    cfgi::matcher::EnvoyConfig c = cfgi::matcher::DiscoverEnvoyMatchers(d);
    for (const cfgi::matcher::FoundMatcher& fm : c.matchers) {
      cfgi::matcher::Compiled m = cfgi::matcher::LoadFound(d, c, fm);
      for (auto p : {cfgi::matcher::Profile::kGrpcCore, cfgi::matcher::Profile::kEnvoy, cfgi::matcher::Profile::kA106}) {
        cfgi::doc::Step why;
        (void)cfgi::matcher::Evaluate(m, req, p, &why);
      }
    }
  }
  // The schema-free reader alone, without LoadDocument's syntax check first.
  cfgi::doc::Source src("fuzz.textproto", text);
  cfgi::doc::DiagnosticSink sink(&src);
  cfgi::doc::Node tree;
  (void)cfgi::doc::ParseTextProtoTree(src, sink, &tree);
  // The engine: detection, the listing, and --matcher 1.
  auto s = std::make_shared<cfgi::Scenario>(cfgi::LoadScenario({{"fuzz.yaml", text}}));
  cfgi::Query q;
  q.flags = {{"header", "x-env=staging"}, {"matcher", "1"}};
  cfgi::InspectOptions o;
  o.result_json = true;  // round-trips Report::result
  cfgi::Inspection i = cfgi::Inspect(cfgi::GetMatcherEngine(), s, q, o);
  for (const cfgi::Report& r : i.reports) {
    cfgi::fuzz::CheckDiagnostics(r.diagnostics, text.size());
    cfgi::fuzz::CheckJsonRoundTrip(r.result);
  }
  return 0;
}
