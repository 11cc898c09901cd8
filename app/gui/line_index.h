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
