// app/gui/views/txt/txt_words.h: how the txt view says a choice's criteria, verdicts and outcomes:
// words ("language", "passes", "not reached") for the Choices grid, its hovers and the test hook,
// and the icon and colour of a verdict. Words only: the verdicts are the engine's (core/txt).
#pragma once

#include <string>

#include <imgui.h>

#include "core/txt/txt_model.h"

namespace cfgi::gui::txt_words {

const char* VerdictIcon(txt::Verdict v);
ImVec4 VerdictColor(txt::Verdict v);
// A criterion in the Choices grid, in words (the JSON key is in the hover).
const char* CriterionWord(txt::Criterion c);
// A verdict in words, for the hover and the test hook.
const char* VerdictWord(txt::Verdict v);
// A choice's outcome in words ("selected", "skipped", "not reached", ...).
std::string OutcomeWords(const std::string& outcome);

}  // namespace cfgi::gui::txt_words
