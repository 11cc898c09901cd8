// core/doc/source.h: the text of one input and the single place where byte offsets become
// 1-based line:column positions (the idea of cel-cpp common/source.h `Source::Locate`).
//
//   cfgi::doc::Source src("route.yaml", text);
//   cfgi::doc::Position p = src.Locate(42);   // {line, column}, both 1-based
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace cfgi::doc {

// A half-open byte range [begin, end) into a Source's text.
struct SourceRange {
  uint32_t begin = 0;
  uint32_t end = 0;
  bool empty() const { return begin == end; }
  friend bool operator==(const SourceRange&, const SourceRange&) = default;
};

// 1-based line and column; the column counts bytes (as gcc and clang do).
struct Position {
  int line = 1;
  int column = 1;
  friend bool operator==(const Position&, const Position&) = default;
};

class Source {
 public:
  Source() = default;
  // A leading UTF-8 byte-order mark (EF BB BF) is not part of the text: it is dropped here, in
  // the one place every format passes through, so offsets, lines and columns are those of the
  // text after it (a BOM changes no column) and every parser sees the text without it. bom()
  // says it was there.
  Source(std::string name, std::string text);

  const std::string& name() const { return name_; }
  const std::string& text() const { return text_; }

  // Position of a byte offset; offsets past the end clamp to the end of the text.
  Position Locate(uint32_t offset) const;
  // Byte offset of a 1-based line and column; clamps to the text.
  uint32_t Offset(int line, int column) const;
  // The text of a 1-based line without its line break; empty when out of range.
  std::string_view Line(int line) const;
  int line_count() const { return static_cast<int>(line_starts_.size()); }
  // True when the bytes given to the constructor began with a UTF-8 byte-order mark.
  bool bom() const { return bom_; }

 private:
  bool bom_ = false;
  std::string name_;
  std::string text_;
  std::vector<uint32_t> line_starts_;
};

using SourcePtr = std::shared_ptr<const Source>;

// How a file's bytes were written, so an editor can give them back the same way: a UTF-8
// byte-order mark and CRLF line breaks. DecodeText takes both out (every "\r\n" becomes "\n")
// and EncodeText puts them back (every "\n" becomes "\r\n", lines added in the editor too).
//
//   TextEncoding enc = DecodeText(&text);   // edit `text` ...
//   WriteFile(path, EncodeText(text, enc));
struct TextEncoding {
  bool bom = false;
  bool crlf = false;  // the first line break was "\r\n"
};
TextEncoding DecodeText(std::string* text);
std::string EncodeText(std::string_view text, TextEncoding enc);
// True when `text` starts with a UTF-8 byte-order mark.
bool HasBom(std::string_view text);

}  // namespace cfgi::doc
