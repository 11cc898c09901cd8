// core/doc/utf8.h: UTF-8 validity, in one place. Documents must be UTF-8 (DOC012), xDS string
// fields must be UTF-8 (VAR015), and every result is JSON, which cannot carry other bytes; but
// some inputs legitimately hold any bytes (an LDAP filter, a header value), so those are shown
// with U+FFFD in place of each bad byte.
//
//   if (size_t bad = FirstInvalidUtf8(text); bad != std::string_view::npos) { ... }
//   j["detail"] = ValidUtf8(detail);
//   std::cout << JsonText(result, 2);
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace cfgi::doc {

// Offset of the first byte that does not start or continue a well-formed UTF-8 sequence (RFC
// 3629: no overlong forms, no surrogates, nothing past U+10FFFF), or npos when `s` is valid.
size_t FirstInvalidUtf8(std::string_view s);

// `s` with each byte that is not part of a well-formed sequence replaced by U+FFFD.
std::string ValidUtf8(std::string_view s);

// j.dump(indent), with U+FFFD for bytes that are not UTF-8 instead of an exception: every JSON
// the CLI prints or the app saves goes through here, so no input can make them throw.
std::string JsonText(const nlohmann::json& j, int indent = -1);
std::string JsonText(const nlohmann::ordered_json& j, int indent = -1);

// How many JsonText calls the calling thread has made (a thread-local count). Part of
// cfgi::ThreadEvaluationWork (core/engine/build_count.h): the app's test asserts that a view's
// OnEvaluated and Draw serialise no JSON on the UI thread (the worker pre-formats what they show).
uint64_t ThreadJsonTexts();

}  // namespace cfgi::doc
