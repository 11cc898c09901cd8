// app/lsp/position.cpp: see position.h.
#include "app/lsp/position.h"

#include <cstdint>

namespace cfgi::lsp {

namespace {

// The length of the well-formed UTF-8 sequence at `s[i]` (RFC 3629), 0 when there is none.
size_t SequenceLength(std::string_view s, size_t i) {
  auto b = [&](size_t k) { return static_cast<uint8_t>(s[k]); };
  uint8_t c = b(i);
  size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
  if (n == 0 || (n == 2 && c < 0xC2) || i + n > s.size()) return n == 1 ? 1 : 0;
  for (size_t k = 1; k < n; ++k)
    if ((b(i + k) & 0xC0) != 0x80) return 0;
  if (n == 3) {
    uint32_t cp = ((c & 0x0F) << 12) | ((b(i + 1) & 0x3F) << 6) | (b(i + 2) & 0x3F);
    if (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  }
  if (n == 4) {
    uint32_t cp =
        ((c & 0x07) << 18) | ((b(i + 1) & 0x3F) << 12) | ((b(i + 2) & 0x3F) << 6) | (b(i + 3) & 0x3F);
    if (cp < 0x10000 || cp > 0x10FFFF) return 0;
  }
  return n;
}

}  // namespace

size_t Utf16Column(std::string_view line, size_t byte_col) {
  if (byte_col > line.size()) byte_col = line.size();
  size_t units = 0;
  for (size_t i = 0; i < byte_col;) {
    size_t n = SequenceLength(line, i);
    if (n == 0) n = 1;  // a bad byte: one U+FFFD
    units += n == 4 ? 2 : 1;
    i += n;
  }
  return units;
}

size_t ByteColumn(std::string_view line, size_t utf16_col) {
  size_t units = 0, i = 0;
  while (i < line.size()) {
    size_t n = SequenceLength(line, i);
    if (n == 0) n = 1;
    size_t w = n == 4 ? 2 : 1;
    if (units + w > utf16_col) return i;
    units += w;
    i += n;
  }
  return line.size();
}

}  // namespace cfgi::lsp
