#include "core/doc/source.h"

#include <algorithm>

namespace cfgi::doc {

bool HasBom(std::string_view text) { return text.substr(0, 3) == "\xEF\xBB\xBF"; }

Source::Source(std::string name, std::string text) : name_(std::move(name)), text_(std::move(text)) {
  if (HasBom(text_)) {
    bom_ = true;
    text_.erase(0, 3);
  }
  line_starts_.push_back(0);
  for (uint32_t i = 0; i < text_.size(); ++i)
    if (text_[i] == '\n') line_starts_.push_back(i + 1);
}

Position Source::Locate(uint32_t offset) const {
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text_.size()));
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  int line = static_cast<int>(it - line_starts_.begin());
  return {line, static_cast<int>(offset - line_starts_[line - 1]) + 1};
}

uint32_t Source::Offset(int line, int column) const {
  if (line < 1) return 0;
  if (line > line_count()) return static_cast<uint32_t>(text_.size());
  uint32_t start = line_starts_[line - 1];
  std::string_view l = Line(line);
  return start + static_cast<uint32_t>(std::clamp<int>(column - 1, 0, static_cast<int>(l.size())));
}

std::string_view Source::Line(int line) const {
  if (line < 1 || line > line_count()) return {};
  uint32_t start = line_starts_[line - 1];
  uint32_t end = line < line_count() ? line_starts_[line] - 1 : static_cast<uint32_t>(text_.size());
  if (end > start && text_[end - 1] == '\r') --end;
  return std::string_view(text_).substr(start, end - start);
}

TextEncoding DecodeText(std::string* text) {
  TextEncoding enc;
  if (HasBom(*text)) {
    enc.bom = true;
    text->erase(0, 3);
  }
  size_t nl = text->find('\n');
  enc.crlf = nl != std::string::npos && nl > 0 && (*text)[nl - 1] == '\r';
  if (enc.crlf) {
    std::string out;
    out.reserve(text->size());
    for (size_t i = 0; i < text->size(); ++i)
      if (!((*text)[i] == '\r' && i + 1 < text->size() && (*text)[i + 1] == '\n')) out += (*text)[i];
    *text = std::move(out);
  }
  return enc;
}

std::string EncodeText(std::string_view text, TextEncoding enc) {
  std::string out;
  out.reserve(text.size() + 3);
  if (enc.bom) out += "\xEF\xBB\xBF";
  for (size_t i = 0; i < text.size(); ++i) {
    if (enc.crlf && text[i] == '\n' && (i == 0 || text[i - 1] != '\r')) out += '\r';
    out += text[i];
  }
  return out;
}

}  // namespace cfgi::doc
