// core/doc/suggest.h: the one did-you-mean helper. An unknown name is compared with the names a
// reader knows; the closest within edit distance 2 (or one equal ignoring case) is the
// suggestion the diagnostic offers ("did you mean 'not_constraints'?").
//
//   std::string s = doc::Suggest("not_constraint", {"constraint", "not_constraints"});  // "not_constraints"
//   std::string fix = doc::DidYouMean("MaxAttempts", {"maxAttempts"});  // "did you mean 'maxAttempts'?"
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace cfgi::doc {

// The candidate equal to `word` ignoring case, else the nearest within edit distance 2 (case
// ignored); "" when none is that close.
std::string Suggest(std::string_view word, const std::vector<std::string>& candidates);

// "did you mean 'X'?" for Suggest's answer; "" when there is none.
std::string DidYouMean(std::string_view word, const std::vector<std::string>& candidates);

// ASCII lower case (the C locale's tolower), as the comparisons above ignore case.
std::string LowerAscii(std::string_view s);

// Levenshtein distance of two byte strings.
size_t EditDistance(std::string_view a, std::string_view b);

}  // namespace cfgi::doc
