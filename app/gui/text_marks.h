// app/gui/text_marks.h: marks over a monospace text shown by an InputTextMultiline, shared by the
// Source panel and the matcher view's CEL editor: byte offset -> screen position, tinted ranges
// with a wavy underline (diagnostics), the byte under the mouse. Draw the marks into the window's
// draw list before the text widget and give the widget a transparent frame (ImGuiCol_FrameBg
// alpha 0) so they show through: the widget's own child window is drawn on top.
//
//   LineIndex lines;  lines.Build(text);                  // once per text change
//   TextMarks marks(text, lines, mono, text_origin);      // text_origin: widget min + FramePadding
//   marks.Fill(ImGui::GetWindowDrawList(), {4, 9}, tint, /*underline=*/true, red);
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <imgui.h>

#include "core/doc/source.h"
#include "app/gui/line_index.h"

namespace cfgi::gui {

// A wavy underline from x0 to x1 at y (a diagnostic's squiggle).
void WavyLine(ImDrawList* dl, float x0, float x1, float y, ImU32 col, float scale);

class TextMarks {
 public:
  // `text` and `lines` must outlive the marks; `origin` is the screen position of the text's
  // first character (the widget's top-left corner plus FramePadding, minus its scroll).
  TextMarks(const std::string& text, const LineIndex& lines, ImFont* font, ImVec2 origin);
  float line_height() const { return line_h_; }
  // Screen position of the top-left corner of byte `offset` (clamped to the text).
  ImVec2 Pos(uint32_t offset) const;
  // Tints [range.begin, range.end) line by line with `fill` (0 = none) and, when `underline`,
  // draws a wavy line in `line_col` under its first line. An empty range marks one character.
  void Fill(ImDrawList* dl, doc::SourceRange range, ImU32 fill, bool underline, ImU32 line_col) const;
  // The byte offset under screen point `p`, or -1 when `p` is above or below the text.
  int64_t OffsetAt(ImVec2 p) const;

 private:
  const std::string& text_;
  const LineIndex& lines_;
  ImFont* font_;
  ImVec2 origin_;
  float line_h_, char_w_, scale_;
};

}  // namespace cfgi::gui
