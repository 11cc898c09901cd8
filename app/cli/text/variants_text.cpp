// app/cli/text/variants_text.cpp: `--format text` for the variants engine, drawn from its typed result
// (variants::VariantsResult; its ToJson is never read). Registered in render_text.cpp's table.
#include "app/cli/text/text_common.h"

#include <cstdio>
#include <sstream>

#include "core/variants/variants_engine.h"

namespace cfgi::cli::text {

namespace {

// ---- variants: a line per subscription, a line per resource ----
std::string Variants(const variants::VariantsResult& r, const TextStyle& st) {
  const variants::CompiledScenario& a = *r.analysis;
  const variants::Evaluation& e = r.evaluation;
  std::string out;
  if (e.subscriptions.empty()) return "no subscriptions (give --params k=v or inputs.subscriptions)\n";
  for (size_t si = 0; si < e.subscriptions.size(); ++si) {
    const variants::Subscription& sub = e.subscriptions[si];
    out += "subscription " + (sub.name.empty() ? "" : "'" + sub.name + "' ") + Params(sub.params) + "\n";
    if (si >= e.selections.size()) continue;
    for (const auto& entry : e.selections[si]) {
      const std::string& name = entry.first;
      const variants::Selection& sel = entry.second;
      const variants::ResourceVariants* res = a.final_state.Find(name);
      std::string answer;
      switch (sel.outcome) {
        case variants::MatchKind::kMatch:
          answer = Paint(st, kGreen, "variant " + (res && sel.selected ? res->variants[*sel.selected].IdText() : "?"));
          break;
        case variants::MatchKind::kNone:
          answer = Paint(st, kRed, "no variant");
          break;
        case variants::MatchKind::kAmbiguous: {
          std::string ids;
          for (size_t i : sel.matching) ids += (ids.empty() ? "" : ", ") + (res ? res->variants[i].IdText() : "?");
          answer = Paint(st, kYellow, "ambiguous: " + ids);
          break;
        }
      }
      out += "  " + doc::ValidUtf8(name) + ": " + answer + "\n";
    }
  }
  return out;
}

}  // namespace

std::string RenderVariantsText(const EngineResult& result, const TextStyle& st) {
  const auto* r = ResultAs<variants::VariantsResult>(&result);
  return r && r->evaluated && r->analysis ? Variants(*r, st) : "";
}

}  // namespace cfgi::cli::text
