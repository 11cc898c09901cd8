// app/gui/views/txt/txt_words.cpp: see txt_words.h.
#include "app/gui/views/txt/txt_words.h"

#include "app/gui/theme.h"

namespace cfgi::gui::txt_words {

namespace tx = cfgi::txt;

const char* VerdictIcon(tx::Verdict v) {
  switch (v) {
    case tx::Verdict::kPass: return theme::kIconOk;
    case tx::Verdict::kFail: return theme::kIconNoMatch;
    case tx::Verdict::kError: return theme::kIconError;
    case tx::Verdict::kNotReached: return theme::kIconSkipped;
    case tx::Verdict::kAbsent: return "-";
  }
  return "";
}

ImVec4 VerdictColor(tx::Verdict v) {
  switch (v) {
    case tx::Verdict::kPass: return theme::Pal().ok;
    case tx::Verdict::kFail: return theme::Pal().warning;
    case tx::Verdict::kError: return theme::Pal().error;
    default: return theme::Pal().muted;
  }
}

const char* CriterionWord(tx::Criterion c) {
  switch (c) {
    case tx::Criterion::kLanguage: return "language";
    case tx::Criterion::kHostname: return "hostname";
    case tx::Criterion::kPercentage: return "percentage";
    case tx::Criterion::kServiceConfig: return "service config";
    case tx::Criterion::kKeys: return "keys";
  }
  return "";
}

const char* VerdictWord(tx::Verdict v) {
  switch (v) {
    case tx::Verdict::kPass: return "passes";
    case tx::Verdict::kFail: return "fails";
    case tx::Verdict::kError: return "is an error";
    case tx::Verdict::kNotReached: return "not reached";
    case tx::Verdict::kAbsent: return "absent";
  }
  return "";
}

std::string OutcomeWords(const std::string& outcome) {
  if (outcome == "selected") return "selected";
  if (outcome == "skipped") return "skipped";
  if (outcome == "error") return "error";
  if (outcome == "not-reached") return "not reached";
  return outcome;
}

}  // namespace cfgi::gui::txt_words
