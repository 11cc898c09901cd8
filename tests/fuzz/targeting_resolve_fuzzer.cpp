// Fuzz target: the manifest / configuration / registry loaders and placeholder substitution
// (core/targeting). The input is up to three documents separated by a line "----": a manifest,
// a configuration and a registry. The engine must report diagnostics, never crash or hang.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "core/targeting/resolve.h"
#include "core/targeting/targeting_engine.h"

#include "tests/fuzz/invariants.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  std::vector<std::string> parts;
  size_t start = 0;
  while (parts.size() < 2) {
    size_t sep = text.find("\n----\n", start);
    if (sep == std::string::npos) break;
    parts.push_back(text.substr(start, sep - start));
    start = sep + 6;
  }
  parts.push_back(text.substr(start));
  static const char* kNames[] = {"manifest.json", "config.json", "services.json"};
  std::vector<cfgi::InputFile> files;
  for (size_t i = 0; i < parts.size(); ++i) files.push_back({kNames[i], parts[i]});
  cfgi::Scenario s = cfgi::LoadScenario(files);
  cfgi::Report r = cfgi::RunScenario(cfgi::GetTargetingEngine(), s, {}, "cppmicroservices", true);
  cfgi::fuzz::CheckDiagnostics(r.diagnostics);
  cfgi::fuzz::CheckJsonRoundTrip(r.result);
  // Placeholder scanning on the raw text as a target.
  for (const auto& sub : cfgi::targeting::FindPlaceholders(parts[0]))
    if (sub.end > parts[0].size() || sub.begin >= sub.end) __builtin_trap();
  return 0;
}
