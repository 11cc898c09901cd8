// Fuzz target: the multi-name zone reader (a zone file or dig output with several _grpc_config
// names among SOA, A, SRV, ... records). The first line of the input is the --name to choose
// (may be empty), the rest the zone. Every name is evaluated through the engine for every
// profile; invariants: names are distinct, each per-name analysis evaluates its own name, the
// result lists one entry per name, and the JSON serialises. Never a crash, hang or report.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "core/txt/txt_engine.h"
#include "core/txt/txt_model.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  size_t nl = text.find('\n');
  std::string name = nl == std::string::npos ? "" : text.substr(0, nl);
  std::string zone = nl == std::string::npos ? text : text.substr(nl + 1);
  cfgi::Scenario s = cfgi::LoadScenario({{"fuzz.zone", zone}});
  cfgi::Query q;
  if (!name.empty()) q.flags = {{"name", name}};
  auto model = cfgi::GetTxtEngine().Load(s, q, cfgi::Mode::kEvaluate);
  const auto* tm = cfgi::ModelAs<cfgi::txt::TxtModel>(model.get());
  if (!tm || !tm->analysis) return 0;
  const cfgi::txt::CompiledRecords& a = *tm->analysis;
  for (size_t i = 0; i < a.names.size(); ++i)
    for (size_t j = i + 1; j < a.names.size(); ++j)
      if (a.names[i].key == a.names[j].key) __builtin_trap();
  if (!tm->per_name.empty() && tm->per_name.size() != a.names.size()) __builtin_trap();
  for (size_t i = 0; i < tm->per_name.size(); ++i)
    if (tm->per_name[i]->query_owner != a.names[i].key) __builtin_trap();
  for (const auto& entry : cfgi::txt::Profiles().entries()) {
    auto r = model->Evaluate(entry.name);
    (void)r->ToJson().dump();
    const auto* t = cfgi::ResultAs<cfgi::txt::TxtResult>(r.get());
    if (t && !tm->per_name.empty() && t->names.size() != tm->per_name.size()) __builtin_trap();
    for (size_t i = 0; i < tm->per_name.size(); ++i) {
      cfgi::doc::Explanation why;
      auto one = tm->EvaluateName(i, entry.id, tm->ClientFor(entry.id), &why);
      (void)one->ToJson().dump();
      (void)why.ToJson().dump();
    }
  }
  return 0;
}
