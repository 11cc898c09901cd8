#include "core/doc/utf8.h"

#include <cstdint>
#include <cstring>

namespace cfgi::doc {

size_t FirstInvalidUtf8(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    // ASCII eight bytes at a time: every document is checked before it is parsed, and a byte loop
    // was 2.9 % of BM_LoadTextProto under node (7 Dec profile).
    while (i + 8 <= s.size()) {
      uint64_t w;
      std::memcpy(&w, s.data() + i, 8);
      if (w & 0x8080808080808080ull) break;
      i += 8;
    }
    if (i >= s.size()) break;
    auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) { ++i; continue; }
    size_t n;
    unsigned char lo = 0x80, hi = 0xBF;  // range of the first continuation byte
    if (c >= 0xC2 && c <= 0xDF) n = 1;
    else if (c >= 0xE0 && c <= 0xEF) { n = 2; if (c == 0xE0) lo = 0xA0; if (c == 0xED) hi = 0x9F; }
    else if (c >= 0xF0 && c <= 0xF4) { n = 3; if (c == 0xF0) lo = 0x90; if (c == 0xF4) hi = 0x8F; }
    else return i;
    if (i + n >= s.size()) return i;  // truncated sequence
    for (size_t k = 1; k <= n; ++k) {
      auto d = static_cast<unsigned char>(s[i + k]);
      if (k == 1 ? (d < lo || d > hi) : (d < 0x80 || d > 0xBF)) return i;
    }
    i += n + 1;
  }
  return std::string_view::npos;
}

std::string ValidUtf8(std::string_view s) {
  size_t bad = FirstInvalidUtf8(s);
  if (bad == std::string_view::npos) return std::string(s);
  std::string out(s.substr(0, bad));
  out.reserve(s.size() + 8);
  while (bad != std::string_view::npos) {
    out += "\xEF\xBF\xBD";  // U+FFFD for the one bad byte, then go on after it
    s = s.substr(bad + 1);
    bad = FirstInvalidUtf8(s);
    out.append(s.substr(0, bad == std::string_view::npos ? s.size() : bad));
  }
  return out;
}

namespace {
thread_local uint64_t t_json_texts = 0;
}  // namespace

uint64_t ThreadJsonTexts() { return t_json_texts; }

std::string JsonText(const nlohmann::json& j, int indent) {
  ++t_json_texts;
  return j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string JsonText(const nlohmann::ordered_json& j, int indent) {
  ++t_json_texts;
  return j.dump(indent, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

}  // namespace cfgi::doc
