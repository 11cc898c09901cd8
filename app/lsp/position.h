// app/lsp/position.h: LSP positions. LSP 3.17 counts a position's `character` in UTF-16 code
// units by default (positionEncoding "utf-16", the only one every client supports); the core
// counts columns in bytes of UTF-8 (core/doc/source.h). These convert within one line.
//
//   int ch = Utf16Column("naïve: x", 8);     // 7: 'ï' is two bytes, one UTF-16 unit
//   size_t b = ByteColumn("naïve: x", 7);    // 8
#pragma once

#include <cstddef>
#include <string_view>

namespace cfgi::lsp {

// UTF-16 code units in the first `byte_col` bytes of `line` (0-based, clamped to the line). A
// four-byte sequence counts 2 (a surrogate pair); a byte that is not part of a well-formed
// sequence counts 1 (an editor shows it as U+FFFD); a sequence cut by `byte_col` counts as a
// whole when its first byte is inside.
size_t Utf16Column(std::string_view line, size_t byte_col);

// The byte offset in `line` of UTF-16 column `utf16_col` (0-based); a column inside a surrogate
// pair gives the pair's start; a column past the end gives line.size().
size_t ByteColumn(std::string_view line, size_t utf16_col);

}  // namespace cfgi::lsp
