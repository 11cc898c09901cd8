// app/gui/line_index.h: the byte offsets of a text's line starts (the Source panel's line
// numbers, marks and editing window). UI-free: the worker builds it with the evaluation
// (SharedText::IndexLines), so a frame never indexes a large file that has not changed.
//
//   LineIndex lines;  lines.Build(text);  lines.LineOf(offset);
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace cfgi::gui {

// Byte offsets of the line starts of a text.
struct LineIndex {
  std::vector<uint32_t> starts{0};
  uint32_t longest = 0;  // bytes in the longest line (a monospace editor's width, at most)
  void Build(const std::string& text) {
    // memchr, twice: count the lines, then fill a vector of exactly that size (growing it by
    // doubling copied and page-faulted ~200 ms on the first index of a 30 MB file).
    const char* b = text.data();
    const char* e = b + text.size();
    size_t n = 1;
    for (const char* p = b; p < e; ++n) {
      const char* nl = static_cast<const char*>(std::memchr(p, '\n', static_cast<size_t>(e - p)));
      if (!nl) break;
      p = nl + 1;
    }
    starts.clear();
    starts.reserve(n);
    starts.push_back(0);
    longest = 0;
    for (const char* p = b; p < e;) {
      const char* nl = static_cast<const char*>(std::memchr(p, '\n', static_cast<size_t>(e - p)));
      const char* end = nl ? nl : e;
      longest = std::max(longest, static_cast<uint32_t>(end - p));
      if (!nl) break;
      starts.push_back(static_cast<uint32_t>(nl - b + 1));
      p = nl + 1;
    }
  }
  // After the bytes of lines [first, last) (from the start of line `first` to the start of line
  // `last`, or to the text's end when `last` is count()) were replaced by `text`: the index of the
  // new text, whose size is now `text_size`, without a pass over it (a full Build of a 3.5 MB file
  // is a few ms of memchr, a key's whole budget). `longest` stays an upper bound: a shortened
  // longest line keeps its width until the next Build.
  void Splice(int first, int last, std::string_view text, size_t text_size) {
    const size_t f = static_cast<size_t>(first), l = static_cast<size_t>(last);
    const uint32_t begin = starts[f];
    // The shift of the lines after `last` (none when the text ran to the end).
    const int64_t delta = l < starts.size() ? static_cast<int64_t>(text.size()) - (starts[l] - begin) : 0;
    // A line starts after every '\n' of the new text (the old start of line `last` too when the
    // text ends with one; else that line joined the text's last).
    std::vector<uint32_t> added;
    uint32_t line_start = 0;
    for (size_t i = 0; i < text.size(); ++i) {
      if (text[i] != '\n') continue;
      longest = std::max(longest, static_cast<uint32_t>(i - line_start));
      line_start = static_cast<uint32_t>(i + 1);
      added.push_back(begin + line_start);
    }
    const size_t keep_from = std::min(l + 1, starts.size());
    for (size_t i = keep_from; i < starts.size(); ++i) starts[i] = static_cast<uint32_t>(starts[i] + delta);
    starts.erase(starts.begin() + static_cast<std::ptrdiff_t>(f + 1), starts.begin() + static_cast<std::ptrdiff_t>(keep_from));
    starts.insert(starts.begin() + static_cast<std::ptrdiff_t>(f + 1), added.begin(), added.end());
    // The text's last line, with whatever it joined.
    const int k = LineOf(begin + line_start);
    longest = std::max(longest, LineEnd(k, text_size) - starts[static_cast<size_t>(k)]);
  }
  int count() const { return static_cast<int>(starts.size()); }
  // 0-based line of a byte offset (offsets past the end are on the last line).
  int LineOf(uint32_t off) const {
    return static_cast<int>(std::upper_bound(starts.begin(), starts.end(), off) - starts.begin()) - 1;
  }
  // Offset of the end of 0-based line `l` (its '\n', or the text's end for the last line).
  uint32_t LineEnd(int l, size_t text_size) const {
    return l + 1 < count() ? starts[static_cast<size_t>(l) + 1] - 1 : static_cast<uint32_t>(text_size);
  }
};

}  // namespace cfgi::gui
