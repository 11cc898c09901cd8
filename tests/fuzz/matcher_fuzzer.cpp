// Fuzz target: the matcher loader (YAML / JSON / textproto, canonical and simplified notation,
// CEL inside CelMatchers) and the evaluator under every profile. Bad input must give
// diagnostics, never a crash or a hang.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/doc/load.h"
#include "core/matcher/matcher.h"

#include "tests/fuzz/invariants.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  cfgi::matcher::Request req;
  req.headers = {{"x-user-segment", "premium"}, {"x-env", "prod"}, {"content-type", "application/json"}};
  req.path = "/pkg.Service/Method";
  req.host = "example.com";
  for (auto f : {cfgi::doc::Format::kYaml, cfgi::doc::Format::kJson, cfgi::doc::Format::kTextProto}) {
    cfgi::doc::Document d = cfgi::doc::LoadDocumentAs(f, "fuzz", text);
    cfgi::fuzz::CheckDocument(d);
    cfgi::matcher::Compiled m = cfgi::matcher::Compile(d);
    for (auto p : {cfgi::matcher::Profile::kGrpcCore, cfgi::matcher::Profile::kEnvoy, cfgi::matcher::Profile::kGrpcJava,
                   cfgi::matcher::Profile::kA106}) {
      cfgi::doc::Step why;
      (void)cfgi::matcher::Evaluate(m, req, p, &why);
    }
  }
  return 0;
}
