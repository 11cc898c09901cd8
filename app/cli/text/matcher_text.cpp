// app/cli/text/matcher_text.cpp: `--format text` for the matcher engine, drawn from its typed result
// (matcher::MatcherResult; its ToJson is never read). Registered in render_text.cpp's table.
#include "app/cli/text/text_common.h"

#include <cstdio>
#include <sstream>

#include "core/matcher/matcher_engine.h"

namespace cfgi::cli::text {

namespace {

// ---- matcher: a line per request with its actions and the deciding predicate ----
std::string Matcher(const matcher::MatcherResult& r, const TextStyle& st) {
  std::string out;
  const doc::Source* src = r.model ? r.model->sm.matcher.source.get() : nullptr;
  if (r.requests.empty()) return "no requests (give --path, --header, --destination-ip or inputs.requests)\n";
  for (size_t i = 0; i < r.requests.size(); ++i) {
    const matcher::MatcherResult::RequestResult& rr = r.requests[i];
    out += "request " + std::to_string(i) + ": " + matcher::RequestText(*rr.request) + "\n";
    std::string actions;
    for (const matcher::Action* a : rr.result.actions) actions += (actions.empty() ? "" : ", ") + doc::ValidUtf8(a->name);
    if (rr.result.actions.empty() && !rr.result.unevaluated.empty()) {
      out += "  " + Paint(st, kYellow, "not evaluated") + "\n";
    } else if (rr.result.actions.empty()) {
      out += "  " + Paint(st, kRed, rr.result.matched ? "matched, no action" : "no match") + "\n";
    } else {
      out += "  " + Paint(st, kGreen, "actions: " + actions) + (rr.result.matched ? "" : " (unsuccessful match)") + "\n";
    }
    if (r.model)
      if (std::optional<matcher::RbacDecision> d = matcher::RbacAnswer(r.model->sm, rr.result)) {
        const std::string answer = d->action + (d->name.empty() ? " (no matcher matched: Envoy's RBAC filter denies)" : " (" + doc::ValidUtf8(d->name) + ")");
        out += "  RBAC: " + Paint(st, d->action == "DENY" ? kRed : kGreen, answer) + "\n";
      }
    if (!rr.result.skipped.empty()) {
      std::string skipped;
      for (const matcher::Action* a : rr.result.skipped) skipped += (skipped.empty() ? "" : ", ") + doc::ValidUtf8(a->name);
      out += "  skipped (keep_matching): " + skipped + "\n";
    }
    if (rr.result.aborted) out += "  " + Paint(st, kRed, "aborted: the depth limit ended the evaluation") + "\n";
    const matcher::Result::Decision d = rr.result.decided_by();
    if (!d.what.empty()) {
      std::string line = src && !(d.range.begin == 0 && d.range.end == 0)
                             ? " (line " + std::to_string(src->Locate(d.range.begin).line) + ")"
                             : "";
      out += "  decided by " + doc::ValidUtf8(d.what) + line + (d.detail.empty() ? "" : ": " + doc::ValidUtf8(d.detail)) + "\n";
    }
    for (const std::string& u : rr.result.unevaluated) out += "  not evaluated: " + doc::ValidUtf8(u) + " (MAT041)\n";
  }
  return out;
}

}  // namespace

std::string RenderMatcherText(const EngineResult& result, const TextStyle& st) {
  const auto* r = ResultAs<matcher::MatcherResult>(&result);
  return r && r->evaluated ? Matcher(*r, st) : "";
}

}  // namespace cfgi::cli::text
