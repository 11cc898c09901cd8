// app/cli/text/txt_text.cpp: `--format text` for the txt engine, drawn from its typed result
// (txt::TxtResult; its ToJson is never read). Registered in render_text.cpp's table.
#include "app/cli/text/text_common.h"

#include <cstdio>
#include <sstream>

#include "core/txt/txt_engine.h"

namespace cfgi::cli::text {

namespace {

// ---- txt: the choice and the config, the rollout shares ----
std::string ShareName(int choice) {
  if (choice == -1) return "no service config";
  if (choice == -2) return "error";
  return "choice " + std::to_string(choice);
}

std::string Percent(double p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g%%", p);
  return buf;
}

std::string Txt(const txt::TxtResult& r, const TextStyle& st) {
  std::string out;
  const txt::Evaluation& ev = r.evaluation;
  out += "profile " + r.profile + (ev.language.empty() ? "" : ", language " + doc::ValidUtf8(ev.language)) +
         (r.client.hostname.empty() ? "" : ", hostname " + doc::ValidUtf8(r.client.hostname)) +
         ", draw " + std::to_string(r.client.rand) + "\n";
  // a2 without a language: by_language lists the outcomes when they differ; when they agree
  // (gRFC A2's own example: one choice without clientLanguage) the answer below holds for every
  // language and is named as the JSON names it ("choice": 0).
  if (ev.language_unknown && !ev.by_language.empty()) {
    out += "  the choice depends on the client's language (give --language):\n";
    for (const txt::LanguageEvaluation& lo : ev.by_language) {
      std::string who = lo.other ? "any other language" : doc::ValidUtf8(lo.language);
      std::string what = lo.error ? Paint(st, kRed, "error: " + doc::ValidUtf8(*lo.error))
                         : lo.choice ? "choice " + std::to_string(*lo.choice) +
                                           (lo.service_config ? " " + OneLine(*lo.service_config) : "")
                                     : "no service config";
      out += "    " + who + ": " + what + "\n";
    }
  } else if (ev.error) {
    out += "  " + Paint(st, kRed, "error: " + doc::ValidUtf8(*ev.error)) + "\n";
  } else if (ev.choice) {
    out += "  " + Paint(st, kGreen, "choice " + std::to_string(*ev.choice)) +
           (ev.language_unknown ? " (for any client language)" : "") + "\n";
    out += "  service config: " + (ev.service_config ? OneLine(*ev.service_config) : "null") + "\n";
  } else {
    out += "  " + Paint(st, kYellow, "no choice applies: no service config") + "\n";
  }
  // Beside the selected config: does this implementation query TXT at all by default? A fact
  // about the profile (not a divergence; TxtEngine::profile_settings).
  const txt::LookupDefault& lookup = txt::LookupDefaultFor(r.id);
  out += std::string("  TXT lookup: ") + (lookup.queried_by_default ? std::string(lookup.how) : Paint(st, kYellow, lookup.how)) + "\n";
  if (!r.rollout.shares.empty()) {
    std::string shares;
    for (const txt::Share& s : r.rollout.shares) shares += (shares.empty() ? "" : ", ") + ShareName(s.choice) + " " + Percent(s.percent);
    out += "  rollout: " + shares + "\n";
  }
  for (const txt::TxtResult::NameEvaluation& n : r.names) {
    std::string what = n.evaluation.error ? "error: " + doc::ValidUtf8(*n.evaluation.error)
                       : n.evaluation.choice ? "choice " + std::to_string(*n.evaluation.choice)
                                             : "no service config";
    out += "  name " + doc::ValidUtf8(n.owner) + " (line " + std::to_string(n.at.line) + "): " + what + "\n";
  }
  return out;
}

}  // namespace

std::string RenderTxtText(const EngineResult& result, const TextStyle& st) {
  const auto* r = ResultAs<txt::TxtResult>(&result);
  return r && r->evaluated && r->analysis ? Txt(*r, st) : "";
}

}  // namespace cfgi::cli::text
