// Fuzz target: the variants engine on proto3 JSON of the TP2 messages and client configurations (JsonStringToMessage). The input is loaded as one source of a
// scenario and run through loading, matching (one subscription with no parameters and one with
// env=prod) and every analysis. No crash, no hang, no exception.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/engine/engine.h"
#include "core/variants/variants_engine.h"

#include "tests/fuzz/invariants.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 16384) return 0;  // keeps each run short; the parsers' own limits are tested in unit tests
  std::string text(reinterpret_cast<const char*>(data), size);
  cfgi::Scenario s = cfgi::LoadScenario({{"fuzz.json", text}});
  cfgi::Query q;
  q.flags = {{"params", ""}, {"params", "env=prod,version=v1"}};
  cfgi::variants::CompiledScenario a = cfgi::variants::CompileScenario(s, cfgi::variants::ParseVariantsQuery(q));
  cfgi::fuzz::CheckDiagnostics(a.diagnostics);
  cfgi::doc::Explanation why;
  cfgi::variants::Evaluation e = cfgi::variants::Evaluate(a, a.subscriptions, &why);
  cfgi::fuzz::CheckDiagnostics(e.diagnostics);
  cfgi::fuzz::CheckJsonRoundTrip(why.ToJson());
  cfgi::fuzz::CheckJsonRoundTrip(cfgi::variants::ResultJson(a, e));
  return 0;
}
