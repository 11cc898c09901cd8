// cmake/wasm_memcpy.c and .h: memcpy and memmove in the WebAssembly programs. Every length up to
// 300 bytes (the 16-byte path, the 16-byte steps up to 128, memory.copy above) at every offset of
// either side, and memmove with the ranges overlapping both ways, against a byte loop; the copies
// std::string makes go through them.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

extern "C" int cfgi_wasm_memcpy_linked;

namespace {

// Calls through volatile pointers, so the compiler cannot see the sizes.
void* (*volatile g_memcpy)(void*, const void*, size_t) = &cfgi_wasm_memcpy;
void* (*volatile g_memmove)(void*, const void*, size_t) = &cfgi_wasm_memmove;
volatile size_t g_n = 0;

unsigned char Pattern(size_t i) { return static_cast<unsigned char>(i * 37 + 11); }

TEST(WasmMemcpy, IsTheProgramsMemcpy) { EXPECT_EQ(cfgi_wasm_memcpy_linked, 1); }

TEST(WasmMemcpy, EveryLengthAndOffset) {
  std::vector<unsigned char> src(320), dst(340), want(340);
  for (size_t i = 0; i < src.size(); ++i) src[i] = Pattern(i);
  int checked = 0;
  for (size_t n = 0; n <= 300; ++n)
    for (size_t os = 0; os < 8; ++os)
      for (size_t od = 0; od < 8; od += 3) {
        for (size_t i = 0; i < dst.size(); ++i) dst[i] = want[i] = 0xAA;
        for (size_t i = 0; i < n; ++i) want[od + i] = src[os + i];
        EXPECT_EQ(g_memcpy(dst.data() + od, src.data() + os, n), dst.data() + od);
        ASSERT_EQ(dst, want) << n << " " << os << " " << od;  // nothing outside [od, od + n) written
        ++checked;
      }
  EXPECT_EQ(checked, 301 * 8 * 3);
}

TEST(WasmMemcpy, MemmoveOverlappingBothWays) {
  std::vector<unsigned char> buf(400), want(400);
  int checked = 0;
  for (size_t n = 0; n <= 300; n += (n < 40 ? 1 : 7))
    for (int shift = -20; shift <= 20; ++shift) {
      for (size_t i = 0; i < buf.size(); ++i) buf[i] = want[i] = Pattern(i);
      const size_t from = 40, to = static_cast<size_t>(40 + shift);
      for (size_t i = 0; i < n; ++i) want[to + i] = Pattern(from + i);
      EXPECT_EQ(g_memmove(buf.data() + to, buf.data() + from, n), buf.data() + to);
      ASSERT_EQ(buf, want) << n << " " << shift;
      ++checked;
    }
  EXPECT_GT(checked, 41 * 70);
}

TEST(WasmMemcpy, ThroughTheHeaderAndStrings) {
  // std::memcpy with a size the compiler cannot see reaches cfgi_wasm_memcpy through the header.
  char a[64] = "0123456789abcdefghijklmnopqrstuvwxyz", b[64] = {};
  g_n = 30;
  std::memcpy(b, a + 3, g_n);
  EXPECT_EQ(std::string(b, 30), "3456789abcdefghijklmnopqrstuvw");
  g_n = 10;
  std::memmove(a + 2, a, g_n);
  EXPECT_EQ(std::string(a, 14), "010123456789cd");
  // std::string's own copies: append, insert (memmove), erase, assign, growth.
  std::string s;
  for (int i = 0; i < 50; ++i) s.append("ab", 1 + i % 2);
  EXPECT_EQ(s.size(), 75u);
  EXPECT_EQ(s.substr(0, 6), "aabaab");
  s.insert(1, "XYZ");
  EXPECT_EQ(s.substr(0, 8), "aXYZabaa");
  s.erase(0, 4);
  EXPECT_EQ(s.substr(0, 5), "abaab");
  std::string big(1000, 'q');
  big.replace(10, 3, std::string(200, 'r'));
  EXPECT_EQ(big.size(), 1197u);
  EXPECT_EQ(big[9], 'q');
  EXPECT_EQ(big[10], 'r');
  EXPECT_EQ(big[209], 'r');
  EXPECT_EQ(big[210], 'q');
}

}  // namespace
