// app/cli/text/targeting_text.cpp: `--format text` for the targeting engine, drawn from its typed result
// (targeting::TargetingResult; its ToJson is never read). Registered in render_text.cpp's table.
#include "app/cli/text/text_common.h"

#include <cstdio>
#include <sstream>

#include "core/targeting/targeting_engine.h"

namespace cfgi::cli::text {

namespace {

// ---- targeting: per reference the effective filter, per service ✓/✗ and the failing sub-filter ----
std::string Targeting(const targeting::TargetingResult& r, const TextStyle& st) {
  const targeting::Resolution& res = r.resolution;
  if (res.references.empty()) return "no references\n";
  std::string out;
  for (const targeting::ResolvedReference& ref : res.references) {
    out += (ref.component ? doc::ValidUtf8(ref.component->name) : std::string("?")) +
           (ref.instance.empty() ? "" : " instance " + doc::ValidUtf8(ref.instance)) + ", reference " +
           (ref.reference ? doc::ValidUtf8(ref.reference->name) : std::string("?")) + " (" +
           targeting::MethodName(ref.method) + ")\n";
    if (ref.error) {
      out += "  " + Paint(st, kRed, "error: " + doc::ValidUtf8(*ref.error)) + "\n";
      continue;
    }
    out += "  effective filter: " + (ref.effective_filter ? doc::ValidUtf8(*ref.effective_filter) : "(none)") + "\n";
    for (const targeting::ServiceMatch& m : ref.services) {
      if (!m.service) continue;
      std::string who = "service " + std::to_string(m.service->id) +
                        (m.service->name.empty() ? "" : " " + doc::ValidUtf8(m.service->name));
      if (m.matched) {
        out += "  " + Ok(st) + " " + who + (m.self_excluded ? " (the instance's own service: not used)" : "") + "\n";
      } else {
        std::string why;
        if (const ldap::Trace* f = m.trace.FirstFailure())
          why = ": " + doc::ValidUtf8(f->text) + (f->detail.empty() ? "" : " \u2014 " + doc::ValidUtf8(f->detail));
        out += "  " + NotOk(st) + " " + who + why + "\n";
      }
    }
    if (ref.satisfied)
      out += "  " + (*ref.satisfied ? Paint(st, kGreen, "satisfied") : Paint(st, kRed, "not satisfied")) + " (" +
             std::to_string(ref.matching.size()) + " matching, cardinality " +
             (ref.reference ? ref.reference->cardinality : std::string("?")) + ")\n";
  }
  return out;
}

}  // namespace

std::string RenderTargetingText(const EngineResult& result, const TextStyle& st) {
  const auto* r = ResultAs<targeting::TargetingResult>(&result);
  return r && r->evaluated ? Targeting(*r, st) : "";
}

}  // namespace cfgi::cli::text
