// Fuzz target: the multi-manifest registry (several manifest.json files given together, their
// components providing services to each other's references, factory instances created from one
// configuration). The input is up to five documents separated by a line "----": manifests, then
// possibly a configuration or a registry (each document is sorted by its shape). The first line
// may be "pid=P" to select the configuration. Invariants: every matching service id exists in
// the resolution's registry; a registered instance has a service id; JSON serialises.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "core/targeting/resolve.h"
#include "core/targeting/targeting_engine.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  cfgi::Query q;
  if (text.rfind("pid=", 0) == 0) {
    size_t nl = text.find('\n');
    q.flags = {{"pid", text.substr(4, nl == std::string::npos ? std::string::npos : nl - 4)}};
    text = nl == std::string::npos ? "" : text.substr(nl + 1);
  }
  std::vector<cfgi::InputFile> files;
  size_t start = 0;
  while (files.size() < 4) {
    size_t sep = text.find("\n----\n", start);
    if (sep == std::string::npos) break;
    files.push_back({"b" + std::to_string(files.size()) + "/manifest.json", text.substr(start, sep - start)});
    start = sep + 6;
  }
  files.push_back({"b" + std::to_string(files.size()) + "/manifest.json", text.substr(start)});
  cfgi::Scenario s = cfgi::LoadScenario(files);
  auto model = cfgi::GetTargetingEngine().Load(s, q, cfgi::Mode::kEvaluate);
  auto r = model->Evaluate("cppmicroservices");
  (void)r->ToJson().dump();
  const auto* t = cfgi::ResultAs<cfgi::targeting::TargetingResult>(r.get());
  if (!t) return 0;
  const cfgi::targeting::Resolution& res = t->resolution;
  for (const auto& rr : res.references)
    for (int64_t id : rr.matching) {
      bool found = false;
      if (res.registry)
        for (const auto& svc : res.registry->services) found |= svc.id == id;
      if (!found) __builtin_trap();
    }
  for (const auto& inst : res.instances)
    if (inst.registered && !inst.service_id) __builtin_trap();
  return 0;
}
