// Fuzz target: the txt engine's readers (dig / zone / raw TXT records, RFC 1035 escapes), the
// JSON-with-positions path, choice compilation for every profile, evaluation, the rollout and
// the encoder. Bad input must give diagnostics, never a crash, a hang or a sanitizer report.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "core/txt/txt_encode.h"
#include "core/txt/txt_engine.h"
#include "core/txt/txt_model.h"

#include "tests/fuzz/invariants.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  auto src = std::make_shared<cfgi::doc::Source>("fuzz.zone", text);
  cfgi::txt::CompiledRecords a = cfgi::txt::Compile(src);
  for (const auto& entry : cfgi::txt::Profiles().entries()) {
    const cfgi::txt::ProfileId p = entry.id;
    (void)cfgi::txt::ProfileDiagnostics(a, p);
    cfgi::txt::Client c{"c++", "h", static_cast<int>(size % 100)};
    cfgi::doc::Explanation why;
    cfgi::txt::Evaluation ev = cfgi::txt::Evaluate(a, p, c, &why);
    // The CLI prints these: they must serialise (valid UTF-8) whatever the input held.
    cfgi::fuzz::CheckJsonRoundTrip(cfgi::txt::ResultJson(a, p, c, ev, cfgi::txt::ComputeRollout(a, p, c)));
    cfgi::fuzz::CheckJsonRoundTrip(why.ToJson());
    for (const auto& d : cfgi::txt::ProfileDiagnostics(a, p)) {
      cfgi::fuzz::CheckDiagnostic(d);
      (void)nlohmann::json(d.message).dump();
    }
    (void)cfgi::txt::ComputeRollout(a, p, c);
  }
  (void)cfgi::txt::ParseJsonPositions(text);
  (void)cfgi::txt::Encode(*src);
  return 0;
}
