// png_check: asserts that a screenshot is a real picture, not a blank or single-colour frame.
//   png_check FILE.png MIN_COLOURS [MIN_WIDTH MIN_HEIGHT]
// Exit 0 when the image has at least MIN_COLOURS distinct RGB colours and no colour covers more
// than 90% of the pixels; 1 otherwise (with the reason on stderr).
#include <cstdio>
#include <cstdlib>
#include <unordered_map>

#include <stb_image.h>

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: png_check FILE.png MIN_COLOURS [MIN_WIDTH MIN_HEIGHT]\n");
    return 2;
  }
  int w = 0, h = 0, n = 0;
  unsigned char* px = stbi_load(argv[1], &w, &h, &n, 3);
  if (!px) {
    std::fprintf(stderr, "png_check: cannot read %s: %s\n", argv[1], stbi_failure_reason());
    return 1;
  }
  int min_colours = std::atoi(argv[2]);
  int min_w = argc > 3 ? std::atoi(argv[3]) : 1, min_h = argc > 4 ? std::atoi(argv[4]) : 1;
  std::unordered_map<unsigned, long> counts;
  long total = static_cast<long>(w) * h;
  for (long i = 0; i < total; ++i) {
    unsigned rgb = (px[i * 3] << 16) | (px[i * 3 + 1] << 8) | px[i * 3 + 2];
    ++counts[rgb];
  }
  stbi_image_free(px);
  long top = 0;
  for (const auto& [c, k] : counts) top = k > top ? k : top;
  std::printf("%s: %dx%d, %zu distinct colours, the most common covers %.1f%%\n", argv[1], w, h, counts.size(),
              100.0 * top / total);
  if (w < min_w || h < min_h) {
    std::fprintf(stderr, "png_check: %dx%d is smaller than %dx%d\n", w, h, min_w, min_h);
    return 1;
  }
  if (static_cast<int>(counts.size()) < min_colours) {
    std::fprintf(stderr, "png_check: only %zu colours (want %d): the frame looks blank\n", counts.size(), min_colours);
    return 1;
  }
  if (top > total * 9 / 10) {
    std::fprintf(stderr, "png_check: one colour covers more than 90%% of the frame\n");
    return 1;
  }
  return 0;
}
