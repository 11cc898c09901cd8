#include "app/gui/text_marks.h"

#include <algorithm>
#include <cfloat>
#include <cstring>

namespace cfgi::gui {

void WavyLine(ImDrawList* dl, float x0, float x1, float y, ImU32 col, float scale) {
  const float step = 3.0f * scale, amp = 1.5f * scale;
  ImVec2 pts[512];
  int n = 0;
  for (float x = x0; x < x1 && n < 511; x += step, ++n) pts[n] = ImVec2(x, y + ((n & 1) ? amp : -amp));
  pts[n++] = ImVec2(x1, y);
  dl->AddPolyline(pts, n, col, 0, 1.2f * scale);
}

TextMarks::TextMarks(const std::string& text, const LineIndex& lines, ImFont* font, ImVec2 origin)
    : text_(text), lines_(lines), font_(font), origin_(origin) {
  line_h_ = font_->FontSize;
  char_w_ = font_->CalcTextSizeA(font_->FontSize, FLT_MAX, 0, "0").x;
  scale_ = font_->FontSize / 14.0f;
}

ImVec2 TextMarks::Pos(uint32_t off) const {
  off = std::min<uint32_t>(off, static_cast<uint32_t>(text_.size()));
  int l = lines_.LineOf(off);
  uint32_t b = lines_.starts[static_cast<size_t>(l)];
  float x = font_->CalcTextSizeA(font_->FontSize, FLT_MAX, 0, text_.data() + b, text_.data() + off).x;
  return ImVec2(origin_.x + x, origin_.y + l * line_h_);
}

void TextMarks::Fill(ImDrawList* dl, doc::SourceRange r, ImU32 col, bool underline, ImU32 line_col) const {
  const auto size = static_cast<uint32_t>(text_.size());
  uint32_t b = std::min<uint32_t>(r.begin, size);
  uint32_t e = std::max(b, std::min<uint32_t>(r.end, size));
  int lb = lines_.LineOf(b), le = lines_.LineOf(e);
  if (e > b && le > lb && e == lines_.starts[static_cast<size_t>(le)]) --le;  // range ends at a line start
  for (int l = lb; l <= le && l - lb < 400; ++l) {
    uint32_t s = l == lb ? b : lines_.starts[static_cast<size_t>(l)];
    uint32_t t = l == le ? std::min(e, lines_.LineEnd(l, size)) : lines_.LineEnd(l, size);
    ImVec2 p0 = Pos(s), p1 = Pos(t);
    if (p1.x - p0.x < char_w_) p1.x = p0.x + char_w_;
    if (col) dl->AddRectFilled(ImVec2(p0.x, p0.y), ImVec2(p1.x, p0.y + line_h_), col, 2.0f * scale_);
    // A range over several lines is tinted throughout and underlined on its first line only.
    if (underline && l == lb) WavyLine(dl, p0.x, p1.x, p0.y + line_h_ - 1.0f * scale_, line_col, scale_);
  }
}

int64_t TextMarks::OffsetAt(ImVec2 m) const {
  int l = static_cast<int>((m.y - origin_.y) / line_h_);
  if (m.y < origin_.y || l >= lines_.count()) return -1;
  uint32_t off = lines_.starts[static_cast<size_t>(l)], e = lines_.LineEnd(l, text_.size());
  while (off < e && Pos(off + 1).x <= m.x) ++off;
  return off;
}

}  // namespace cfgi::gui
