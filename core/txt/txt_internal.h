// core/txt/txt_internal.h: what the txt model's stages share (txt_compile.cpp, txt_select.cpp,
// txt_rollout.cpp). Internal to core/txt: include it from those files only.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/txt/txt_model.h"

namespace cfgi::txt::detail {

// ASCII lower case (clientLanguage and hostname comparisons, grpc-go's case-insensitive keys).
std::string Lower(std::string_view s);
// A list as the explanation prints it: ["a", "b"].
std::string Quote(const std::vector<std::string>& v);

// The outcome of one choice for one draw r: 0 skip, 1 select, 2 error (message in *err). With
// `tr` null no detail text is built (the many-clients fast path). txt_select.cpp.
int StageChoice(ProfileId p, const Choice& ch, const std::string& lang, const std::string& host, int r,
                 ChoiceTrace* tr, std::string* err);
// The language the profile compares: the client's, else the profile's own (DefaultLanguage);
// *missing when neither (a2 without a language).
std::string ProfileLanguage(ProfileId p, const Client& c, bool* missing);
// The languages the choices of this profile name, in order of first appearance.
std::vector<std::string> NamedLanguages(const Compiled& c);
// A language no choice names (what "any other language" is compared as).
std::string OtherLanguage(const std::vector<std::string>& named);

}  // namespace cfgi::txt::detail
