#include "app/gui/source_view.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>

#include <imgui.h>
#include <imgui_internal.h>
#include <imgui_stdlib.h>

#include "app/gui/text_marks.h"
#include "app/gui/theme.h"
#include "app/platform/platform.h"

namespace cfgi::gui {

namespace {

std::string BaseName(const std::string& p) {
  size_t slash = p.rfind('/');
  return slash == std::string::npos ? p : p.substr(slash + 1);
}

// A file this large, opened and not yet evaluated, is not indexed by the frame (DrawEditor): its
// first evaluation indexes it on the worker. (Natively 1 MB indexes in about 1 ms; in the
// browser several times that.)
constexpr size_t kIndexOnWorkerBytes = size_t{1} << 20;

// Line starts of the text being edited (the Source of the last evaluation may be stale while
// the user types).
LineIndex g_lines;

// What the line count and width were measured on: a text version of a file of a document, and
// whether the evaluation's index or g_lines.
size_t MetricsKey(const OpenDocument& doc, int file, const LineIndex* lines) {
  return (doc.text_version() * 1000003u) ^ (static_cast<size_t>(file) << 1) ^ reinterpret_cast<uintptr_t>(&doc) ^
         (lines ? 0x9e3779b9u : 0u);
}

}  // namespace

void SourceView::Reset() {
  file_ = 0;
  reveal_file_ = -1;
  scroll_pending_ = false;
  metrics_hash_ = 0;
}

void SourceView::Reveal(int file, doc::SourceRange range) {
  if (file < 0) return;
  if (file != file_) select_tab_ = file;
  file_ = file;
  reveal_file_ = file;
  reveal_ = range;
  reveal_time_ = ImGui::GetTime();
  scroll_pending_ = true;
}

void SourceView::Draw(OpenDocument& doc, double now) {
  const auto& files = doc.files();
  if (file_ < 0 || static_cast<size_t>(file_) >= files.size()) file_ = 0;
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(ImGui::GetStyle().FramePadding.x * 1.2f, ImGui::GetStyle().FramePadding.y));
  ImGui::SetCursorPosX(ImGui::GetCursorPosX() + ImGui::GetStyle().WindowPadding.x * 0.5f);
  if (ImGui::BeginTabBar("##files", ImGuiTabBarFlags_FittingPolicyScroll)) {
    for (size_t i = 0; i < files.size(); ++i) {
      const SourceFile& f = files[i];
      std::string label = BaseName(f.name);
      if (f.dirty) label += std::string(" ") + theme::kIconDirty;
      if (!f.editable) label += " (embedded)";
      label += "###f" + std::to_string(i);
      ImGuiTabItemFlags flags = select_tab_ == static_cast<int>(i) ? ImGuiTabItemFlags_SetSelected : 0;
      bool open = ImGui::BeginTabItem(label.c_str(), nullptr, flags);
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s%s%s", f.name.c_str(), f.editable ? "" : "\nembedded in the scenario file: edit it there",
                          f.dirty ? "\nmodified (Ctrl+S saves)" : "");
      if (open) {
        if (select_tab_ < 0 || select_tab_ == static_cast<int>(i)) file_ = static_cast<int>(i);
        ImGui::EndTabItem();
      }
    }
    select_tab_ = -1;
    ImGui::EndTabBar();
  }
  ImGui::PopStyleVar();
  DrawEditor(doc, file_, now);
}

// What one frame of the editor laid out, shared by its stages.
struct SourceView::EditorFrame {
  const SourceFile& f;
  ImFont* mono;
  const LineIndex& line_index;
  float line_h, char_w, icon_w, gutter_w;
  int digits;
  std::vector<const doc::Diagnostic*> diags;  // this file's, under the selected profile
  ImVec2 origin, win_pos, win_size, text_origin;
  int first, last;  // the visible lines
  // Per visible line: the most severe diagnostic (3: none) and the diagnostics.
  std::vector<int> line_sev;
  std::vector<std::vector<const doc::Diagnostic*>> line_diags;
};

// The line count and the longest line's width, measured once per text version.
void SourceView::MeasureText(const OpenDocument& doc, int file, const SourceFile& f, const LineIndex* lines,
                             float char_w) {
  const size_t key = MetricsKey(doc, file, lines);
  if (key == metrics_hash_) return;
  {
    metrics_hash_ = key;
    // Per key on a 3.5 MB file this must stay far under 4 ms of UI thread (a keystroke's budget): one
    // memchr pass for the line starts and the longest line's byte count, whose width in the
    // monospace font bounds the text's (a multi-byte character is one glyph of several bytes).
    // Measuring every line with CalcTextSizeA took 15-30 ms per key.
    if (!lines) g_lines.Build(f.text);
    const LineIndex& li = lines ? *lines : g_lines;
    line_count_ = li.count();
    max_line_w_ = static_cast<float>(li.longest) * char_w;
  }
}

// The gutter's per-line severities, the revealed range and the diagnostics' marks under the text.
void SourceView::MarkLines(EditorFrame& fr, int file, const TextMarks& marks) {
  const std::vector<const doc::Diagnostic*>& diags = fr.diags;
  const LineIndex& line_index = fr.line_index;
  const std::string& text = fr.f.text;
  const int first = fr.first, last = fr.last;
  std::vector<int>& line_sev = fr.line_sev;
  std::vector<std::vector<const doc::Diagnostic*>>& line_diags = fr.line_diags;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  auto fill_range = [&](doc::SourceRange r, ImU32 col, bool underline, ImU32 line_col) {
    marks.Fill(dl, r, col, underline, line_col);
  };
  const theme::Palette& pal = theme::Pal();
  // The gutter's line numbers and severity icons, per visible line (drawn after the editor, over
  // its left edge, so they stay in place when the text scrolls sideways).
  line_sev.assign(static_cast<size_t>(last - first + 1), 3);
  line_diags.assign(static_cast<size_t>(last - first + 1), {});
  for (const doc::Diagnostic* d : diags) {
    int l = line_index.LineOf(std::min<uint32_t>(d->range.begin, static_cast<uint32_t>(text.size())));
    if (l >= first && l <= last) {
      int& s = line_sev[static_cast<size_t>(l - first)];
      s = std::min(s, static_cast<int>(d->severity));
      line_diags[static_cast<size_t>(l - first)].push_back(d);
    }
  }
  // Revealed range (from Problems, Explanation, views) and diagnostics, under the text.
  if (reveal_file_ == file) {
    float age = static_cast<float>(ImGui::GetTime() - reveal_time_);
    ImVec4 c = pal.highlight;
    if (age < 0.6f) c.w = std::min(0.9f, c.w * (1.0f + 2.0f * (0.6f - age) / 0.6f));
    fill_range(reveal_, ImGui::GetColorU32(c), false, 0);
    if (age < 0.6f) platform::WakeUpIn(1.0 / 60);  // keep the fade animating
  }
  for (const doc::Diagnostic* d : diags) {
    ImVec4 c = theme::SeverityColor(d->severity);
    ImVec4 bg = c;
    bg.w = 0.16f;
    fill_range(d->range, ImGui::GetColorU32(bg), true, ImGui::GetColorU32(c));
  }

}

// The text widget over a window of the file's lines, an edit spliced back into the file. Returns
// whether the text is hovered.
bool SourceView::DrawText(EditorFrame& fr, OpenDocument& doc, int file, double now, const LineIndex* lines,
                          ImGuiID id) {
  const SourceFile& f = fr.f;
  const ImGuiStyle& style = ImGui::GetStyle();
  const LineIndex& line_index = fr.line_index;
  const ImVec2 origin = fr.origin;
  const float gutter_w = fr.gutter_w, line_h = fr.line_h, char_w = fr.char_w;
  const int first = fr.first, last = fr.last;
  // The text itself, transparent so the marks above show through.
  ImGui::SetCursorScreenPos(ImVec2(origin.x + gutter_w, origin.y));
  ImVec2 size(std::max(ImGui::GetContentRegionAvail().x, max_line_w_ + style.FramePadding.x * 2 + char_w * 4),
              std::max(ImGui::GetContentRegionAvail().y, (line_count_ + 2) * line_h + style.FramePadding.y * 2));
  const ImVec2 full_size = size;
  ImGui::PushStyleColor(ImGuiCol_FrameBg, ImVec4(0, 0, 0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_FrameRounding, 0.0f);
  const bool editable = doc.Editable(file);
  ImGuiInputTextFlags flags = ImGuiInputTextFlags_AllowTabInput | (editable ? 0 : ImGuiInputTextFlags_ReadOnly);
  // The widget edits a copy of lines [win_first_, win_last_) (win_text_), never the file's text
  // itself: the text is shared with the evaluation running on it (SharedText), and asking for it
  // to write would copy it every frame; an edit is spliced back into the file's text, which is
  // copied at most once per evaluation. Small files: the window is the whole file. Large files:
  // ImGui 1.86's InputTextMultiline converts its whole buffer to UTF-16 and back and scans it for
  // line breaks every frame it is active, and counts its lines every frame it is drawn
  // (imgui_widgets.cpp InputTextEx: "CPU waste to do this every time the widget is active"):
  // 15-30 ms per key on a 3.5 MB file. It edits a window of lines around the visible ones
  // instead, placed where those lines are.
  const bool windowed = f.text.size() > kWindowBytes;
  {
    const bool active = ImGui::GetActiveID() == id;
    const bool valid = win_doc_ == &doc && win_file_ == file && win_version_ == doc.text_version();
    const bool covers = !windowed || (first >= win_first_ && last < win_last_);
    bool keep_lines = false;
    if (active && !covers && valid) ImGui::ClearActiveID();  // scrolled away: the next click edits there
    else if (active && !valid) keep_lines = true;  // a new evaluation: the widget keeps its lines' text
    if (!valid || !covers) {
      if (!windowed) {
        win_first_ = 0;
        win_last_ = line_count_;
      } else if (!keep_lines) {
        win_first_ = std::max(0, first - kWindowMargin);
        win_last_ = last + 1 + kWindowMargin;
      }
      win_first_ = std::min(win_first_, line_count_ - 1);
      win_last_ = std::clamp(win_last_, win_first_ + 1, line_count_);
      win_begin_ = line_index.starts[static_cast<size_t>(win_first_)];
      win_end_ = win_last_ < line_count_ ? line_index.starts[static_cast<size_t>(win_last_)] : static_cast<uint32_t>(f.text.size());
      win_text_.assign(f.text.str(), win_begin_, win_end_ - win_begin_);
      win_doc_ = &doc;
      win_file_ = file;
      win_version_ = doc.text_version();
    }
    if (windowed) {
      ImGui::SetCursorScreenPos(ImVec2(origin.x + gutter_w, origin.y + static_cast<float>(win_first_) * line_h));
      size.y = static_cast<float>(win_last_ - win_first_ + 1) * line_h + style.FramePadding.y * 2;
    }
  }
  std::string* target = &win_text_;
  if (type_pending_ > 0) {  // TypeForTest: focus first, then one key per frame
    if (ImGui::GetActiveID() != id || !editable) {
      ImGui::SetKeyboardFocusHere();
      if (!editable) type_pending_ = 0;
    } else {
      // A comment line typed at the cursor (the file's start): "#xx...x\n", so the document
      // still reads the same once the typing ends.
      ImGui::GetIO().AddInputCharacter(type_pending_ == 1 ? '\n' : type_started_ ? 'x' : '#');
      type_started_ = true;
      if (--type_pending_ == 0) type_started_ = false;
    }
  }
  if (ImGui::InputTextMultiline("##text", target, size, flags | (windowed ? ImGuiInputTextFlags_NoHorizontalScroll : 0)) &&
      editable) {
    // Splice the window's text back into the file's (copied first if an evaluation holds it),
    // and its lines into the line index (rebuilding that per key cost 3-4 ms on a 3.5 MB file).
    if (lines) g_lines = *lines;  // the evaluation's index is dropped with the text it indexed
    std::string& edited = *doc.EditableText(file);
    edited.replace(win_begin_, win_end_ - win_begin_, win_text_);
    g_lines.Splice(win_first_, win_last_, win_text_, edited.size());
    win_end_ = win_begin_ + static_cast<uint32_t>(win_text_.size());
    win_last_ = win_first_ + static_cast<int>(std::count(win_text_.begin(), win_text_.end(), '\n'));
    doc.Edited(file, now);
    metrics_hash_ = MetricsKey(doc, file, nullptr);
    line_count_ = g_lines.count();
    max_line_w_ = static_cast<float>(g_lines.longest) * char_w;
    win_version_ = doc.text_version();
  }
  const bool text_hovered = ImGui::IsItemHovered();
  if (windowed) {  // the editor's full height, for the scrollbar
    ImGui::SetCursorScreenPos(origin);
    ImGui::Dummy(ImVec2(gutter_w + full_size.x, full_size.y));
  }
  ImGui::PopStyleVar();
  ImGui::PopStyleColor();

  return text_hovered;
}

// Cursor position, for the status bar.
void SourceView::UpdateCursorText(const SourceFile& f, ImGuiID id) {
  const bool windowed = f.text.size() > kWindowBytes;
  cursor_text_.clear();
  if (ImGuiInputTextState* st = ImGui::GetInputTextState(id); st && (windowed || f.text.size() < (2u << 20))) {
    int line = windowed ? win_first_ + 1 : 1, col = 1;
    for (int i = 0; i < st->Stb.cursor && i < st->TextW.Size; ++i) {
      if (st->TextW[i] == '\n') ++line, col = 1;
      else ++col;
    }
    char buf[64];
    std::snprintf(buf, sizeof buf, "Ln %d, Col %d", line, col);
    cursor_text_ = buf;
  }

}

namespace {

// Hover: the diagnostics under the mouse.
void DrawHoverDiagnostics(const SourceView::EditorFrame& fr, const TextMarks& marks) {
  const std::vector<const doc::Diagnostic*>& diags = fr.diags;
  const LineIndex& line_index = fr.line_index;
  const std::string& text = fr.f.text;
  ImFont* mono = fr.mono;
  if (!diags.empty()) {
    if (int64_t at = marks.OffsetAt(ImGui::GetIO().MousePos); at >= 0) {
      auto off = static_cast<uint32_t>(at);
      int l = line_index.LineOf(off);
      uint32_t e = line_index.LineEnd(l, text.size());
      std::vector<const doc::Diagnostic*> hits;
      for (const doc::Diagnostic* d : diags) {
        uint32_t db = d->range.begin, de = std::max(d->range.end, d->range.begin + 1);
        if ((off >= db && off < de) || (line_index.LineOf(db) == l && db >= e && off + 1 >= e)) hits.push_back(d);
      }
      if (!hits.empty()) {
        ImGui::PopFont();
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 36);
        for (const doc::Diagnostic* d : hits) {
          ImGui::TextColored(theme::SeverityColor(d->severity), "%s %s [%s]", theme::SeverityIcon(d->severity),
                             doc::SeverityName(d->severity), d->code.c_str());
          ImGui::TextWrapped("%s", d->message.c_str());
        }
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
        ImGui::PushFont(mono);
      }
    }
  }

}

  // The gutter: a child over the editor's left edge, drawn after it (so above the text when it
  // scrolls sideways), taking no input (the wheel and clicks reach the editor under it).
void DrawGutter(const SourceView::EditorFrame& fr, bool editor_hovered, float gutter_h) {
  const ImVec2 win_pos = fr.win_pos, text_origin = fr.text_origin;
  const float gutter_w = fr.gutter_w, line_h = fr.line_h, char_w = fr.char_w, icon_w = fr.icon_w;
  const int first = fr.first, last = fr.last, digits = fr.digits;
  const std::vector<int>& line_sev = fr.line_sev;
  const std::vector<std::vector<const doc::Diagnostic*>>& line_diags = fr.line_diags;
  ImFont* mono = fr.mono;
  const theme::Palette& pal = theme::Pal();
  ImGui::SetCursorScreenPos(win_pos);
  ImGui::BeginChild("##gutter", ImVec2(gutter_w, gutter_h), false,
                    ImGuiWindowFlags_NoInputs | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoNav |
                        ImGuiWindowFlags_NoScrollWithMouse);
  {
    ImDrawList* gdl = ImGui::GetWindowDrawList();
    const float gx = win_pos.x;
    gdl->AddRectFilled(ImVec2(gx, win_pos.y), ImVec2(gx + gutter_w, win_pos.y + gutter_h),
                       ImGui::GetColorU32(theme::IsDark() ? ImVec4(0.11f, 0.115f, 0.13f, 1) : ImVec4(0.965f, 0.97f, 0.975f, 1)));
    // Hovering the gutter lists the line's problems, repeated codes counted (a generated file can
    // carry several on one line): "MAT030 x 3  no request reached ...".
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    if (editor_hovered && mouse.x >= gx && mouse.x < gx + gutter_w) {
      int l = static_cast<int>((mouse.y - text_origin.y) / line_h);
      if (l >= first && l <= last && !line_diags[static_cast<size_t>(l - first)].empty()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 40);
        for (const ProblemGroup& g : GroupProblems([&] {
               std::vector<doc::Diagnostic> v;
               for (const doc::Diagnostic* d : line_diags[static_cast<size_t>(l - first)]) v.push_back(*d);
               return v;
             }())) {
          ImGui::TextColored(theme::SeverityColor(g.severity), "%s %s%s", theme::SeverityIcon(g.severity), g.code.c_str(),
                             g.grouped() ? (" \u00d7 " + std::to_string(g.rows.size())).c_str() : "");
          ImGui::SameLine();
          ImGui::TextWrapped("%s", line_diags[static_cast<size_t>(l - first)][static_cast<size_t>(g.rows.front())]->message.c_str());
        }
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
      }
    }
    for (int l = first; l <= last; ++l) {
      char num[24];
      std::snprintf(num, sizeof num, "%*d", std::min(digits, 9), l + 1);
      float y = text_origin.y + l * line_h;
      int sev = line_sev[static_cast<size_t>(l - first)];
      ImU32 numcol = ImGui::GetColorU32(sev < 3 ? theme::SeverityColor(static_cast<doc::Severity>(sev)) : pal.gutter_text);
      gdl->AddText(mono, mono->FontSize, ImVec2(gx + icon_w, y), numcol, num);
      if (sev < 3) {
        auto s = static_cast<doc::Severity>(sev);
        gdl->AddText(mono, mono->FontSize, ImVec2(gx + char_w * 0.4f, y), ImGui::GetColorU32(theme::SeverityColor(s)),
                    theme::SeverityIcon(s));
        // More than one problem on the line: their count, small, under the icon's corner.
        const size_t n = line_diags[static_cast<size_t>(l - first)].size();
        if (n > 1) {
          char cnt[8];
          std::snprintf(cnt, sizeof cnt, "%zu", std::min<size_t>(n, 99));
          const float fs = mono->FontSize * 0.62f;
          gdl->AddText(mono, fs, ImVec2(gx + char_w * 1.25f, y + line_h - fs), ImGui::GetColorU32(theme::SeverityColor(s)), cnt);
        }
      }
    }
  }
  ImGui::EndChild();
}

}  // namespace

// The stages: measure the text, lay out the gutter, mark the lines, draw the text widget, then
// the cursor position, the hover tooltip, a pending scroll and the gutter over the left edge.
void SourceView::DrawEditor(OpenDocument& doc, int file, double now) {
  const SourceFile& f = doc.files()[static_cast<size_t>(file)];
  ImFont* mono = theme::GetFonts().mono ? theme::GetFonts().mono : ImGui::GetFont();
  const ImGuiStyle& style = ImGui::GetStyle();

  // The file's line index, as the evaluation built it on the worker; else (a text edited since)
  // g_lines: built here once, then spliced per key with the edited window's lines (DrawText).
  const std::shared_ptr<const LineIndex> held_lines = f.text.shared_lines();  // alive through an edit below
  const LineIndex* lines = held_lines.get();
  // A large file just opened: its first evaluation indexes its lines on the worker. Indexing it
  // here took the frame that opened the 30 MB mesh 38-47 ms (86 ms in CI): memchr over every byte
  // and a vector of 700,000 line starts, page-faulted in. Until the index comes with the results,
  // the panel says so (an edited file is indexed here, then spliced per key: DrawText).
  if (!lines && doc.generation() == 0 && f.text.size() >= kIndexOnWorkerBytes) {
    ImGui::TextDisabled("Indexing the lines of %s (%.1f MB) with the first evaluation...", f.name.c_str(),
                        static_cast<double>(f.text.size()) / 1e6);
    return;
  }
  ImGui::PushFont(mono);
  const float line_h = ImGui::GetFontSize();
  const float char_w = mono->CalcTextSizeA(mono->FontSize, FLT_MAX, 0, "0").x;
  MeasureText(doc, file, f, lines, char_w);
  const LineIndex& line_index = lines ? *lines : g_lines;

  int digits = 1;
  for (int n = line_count_; n >= 10; n /= 10) ++digits;
  digits = std::max(digits, 3);
  const float icon_w = char_w * 2.0f;
  const float gutter_w = icon_w + digits * char_w + char_w * 1.5f;
  EditorFrame fr{f, mono, line_index, line_h, char_w, icon_w, gutter_w, digits, {}, {}, {}, {}, {}, 0, 0, {}, {}};
  for (const doc::Diagnostic& d : doc.report().diagnostics)
    if (doc.FileIndex(d.file) == file) fr.diags.push_back(&d);

  // One ImGui identity per document and file: an active text edit must never carry its buffer
  // over to another file (ImGui keeps the active widget's text by ID).
  ImGui::PushID(&doc);
  ImGui::PushID(file);
  ImGui::PushStyleColor(ImGuiCol_ChildBg, theme::IsDark() ? ImVec4(0.095f, 0.10f, 0.115f, 1) : ImVec4(1, 1, 1, 1));
  ImGui::BeginChild("##editor", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar | ImGuiWindowFlags_NoNav);
  fr.origin = ImGui::GetCursorScreenPos();
  fr.win_pos = ImGui::GetWindowPos();
  fr.win_size = ImGui::GetWindowSize();
  fr.text_origin = ImVec2(fr.origin.x + gutter_w + style.FramePadding.x, fr.origin.y + style.FramePadding.y);
  const TextMarks marks(f.text, line_index, mono, fr.text_origin);

  // Visible lines.
  fr.first = std::max(0, static_cast<int>((fr.win_pos.y - fr.text_origin.y) / line_h));
  fr.last = std::min(line_count_ - 1, static_cast<int>((fr.win_pos.y + fr.win_size.y - fr.text_origin.y) / line_h) + 1);
  MarkLines(fr, file, marks);
  const ImGuiID id = ImGui::GetID("##text");
  const bool text_hovered = DrawText(fr, doc, file, now, lines, id);
  UpdateCursorText(f, id);
  if (text_hovered) DrawHoverDiagnostics(fr, marks);

  // Scroll a revealed range into view.
  if (scroll_pending_ && reveal_file_ == file) {
    scroll_pending_ = false;
    ImVec2 p = marks.Pos(reveal_.begin);
    float y = p.y - fr.origin.y;
    float x = p.x - fr.origin.x;
    ImGui::SetScrollY(std::max(0.0f, y - fr.win_size.y * 0.35f));
    if (x > fr.win_size.x - char_w * 8) ImGui::SetScrollX(x - fr.win_size.x * 0.5f);
    else ImGui::SetScrollX(0);
  }
  const bool editor_hovered = ImGui::IsWindowHovered(ImGuiHoveredFlags_ChildWindows);
  const float gutter_h = fr.win_size.y - (ImGui::GetScrollMaxX() > 0 ? style.ScrollbarSize : 0.0f);
  ImGui::EndChild();
  DrawGutter(fr, editor_hovered, gutter_h);
  ImGui::PopStyleColor();
  ImGui::PopID();
  ImGui::PopID();
  ImGui::PopFont();
}

}  // namespace cfgi::gui
