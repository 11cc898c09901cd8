#include "core/doc/suggest.h"

#include <algorithm>
#include <cctype>

namespace cfgi::doc {

std::string LowerAscii(std::string_view s) {
  std::string r(s);
  for (char& c : r) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return r;
}

size_t EditDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j)
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::string Suggest(std::string_view word, const std::vector<std::string>& candidates) {
  std::string best;
  size_t best_d = 3;
  std::string lw = LowerAscii(word);
  for (const std::string& c : candidates) {
    if (LowerAscii(c) == lw) return c;
    size_t d = EditDistance(lw, LowerAscii(c));
    if (d < best_d) {
      best_d = d;
      best = c;
    }
  }
  return best;
}

std::string DidYouMean(std::string_view word, const std::vector<std::string>& candidates) {
  std::string s = Suggest(word, candidates);
  return s.empty() ? "" : "did you mean '" + s + "'?";
}

}  // namespace cfgi::doc
