// app/gui/source_view.h: the Source panel: an editable monospace text with line numbers, the
// document's diagnostics marked (tinted range, wavy underline, gutter icon, hover tooltip) and a
// highlighted range for jumps from Problems, the Explanation and views.
//
//   source_view.Draw(doc, now);              // edits go to doc.Edit() (debounced re-evaluation)
//   source_view.Reveal(file_index, range);   // scroll to and highlight a range
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/gui/open_document.h"
#include "core/doc/source.h"

namespace cfgi::gui {

class TextMarks;

class SourceView {
 public:
  // Draws the file tabs and the editor for `doc` into the current window.
  void Draw(OpenDocument& doc, double now);
  // Shows files()[file] with `range` highlighted and scrolled into view.
  void Reveal(int file, doc::SourceRange range);
  int file() const { return file_; }
  void set_file(int f) { file_ = f; }
  // Cursor position of the active editor ("Ln 3, Col 7"), empty when not editing.
  const std::string& cursor_text() const { return cursor_text_; }
  // Forget per-document state (another document became active).
  void Reset();
  // Test hook (--step type=N): focuses the editor of the file shown and types N characters, one
  // per frame, as a user's keys would reach it.
  void TypeForTest(int n) { type_pending_ = n; }
  bool typing_for_test() const { return type_pending_ > 0; }

 struct EditorFrame;  // one frame's layout, shared by DrawEditor's stages (source_view.cpp)

 private:
  void DrawEditor(OpenDocument& doc, int file, double now);
  void MeasureText(const OpenDocument& doc, int file, const SourceFile& f, const LineIndex* lines, float char_w);
  void MarkLines(EditorFrame& fr, int file, const TextMarks& marks);
  bool DrawText(EditorFrame& fr, OpenDocument& doc, int file, double now, const LineIndex* lines, unsigned id);
  void UpdateCursorText(const SourceFile& f, unsigned id);

  int file_ = 0;
  int select_tab_ = -1;
  bool scroll_pending_ = false;
  int reveal_file_ = -1;
  doc::SourceRange reveal_;
  double reveal_time_ = -1;
  // Cached per-text metrics (longest line width), recomputed when the text changes.
  size_t metrics_hash_ = 0;
  float max_line_w_ = 0;
  int line_count_ = 1;
  std::string cursor_text_;
  // Large files: the window of lines [win_first_, win_last_) the text widget edits (bytes
  // [win_begin_, win_end_) of the file), for the document, file and text version it was cut from.
  static constexpr size_t kWindowBytes = 256 * 1024;
  static constexpr int kWindowMargin = 200;  // lines above and below the visible ones
  std::string win_text_;
  int win_first_ = 0, win_last_ = 0;
  uint32_t win_begin_ = 0, win_end_ = 0;
  const void* win_doc_ = nullptr;
  int win_file_ = -1;
  uint64_t win_version_ = 0;
  int type_pending_ = 0;
  bool type_started_ = false;
};

}  // namespace cfgi::gui
