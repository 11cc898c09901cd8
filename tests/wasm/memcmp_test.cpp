// cmake/wasm_memcmp.c: memcmp eight bytes at a time in the WebAssembly programs. Every length up
// to 40 bytes, every offset of either side (the word loads are unaligned), every first differing
// byte and both signs, against the byte loop the C standard describes (the sign of the first
// differing pair of bytes read as unsigned char). std::string and std::string_view comparisons go
// through it.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <string_view>

extern "C" int cfgi_wasm_memcmp_linked;

namespace {

int Sign(int v) { return (v > 0) - (v < 0); }

int Reference(const unsigned char* a, const unsigned char* b, size_t n) {
  for (size_t i = 0; i < n; ++i)
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

// Calls memcmp through a volatile pointer, so the compiler cannot fold or inline it.
int (*volatile g_memcmp)(const void*, const void*, size_t) = &std::memcmp;

TEST(WasmMemcmp, IsTheProgramsMemcmp) { EXPECT_EQ(cfgi_wasm_memcmp_linked, 1); }

TEST(WasmMemcmp, EveryLengthOffsetAndFirstDifference) {
  unsigned char a[64], b[64];
  int checked = 0;
  for (size_t n = 0; n <= 40; ++n)
    for (size_t oa = 0; oa < 8; ++oa)
      for (size_t ob = 0; ob < 8; ob += 3) {
        for (size_t i = 0; i < n; ++i) a[oa + i] = b[ob + i] = static_cast<unsigned char>('a' + i % 23);
        ASSERT_EQ(g_memcmp(a + oa, b + ob, n), 0) << n << " " << oa << " " << ob;
        for (size_t d = 0; d < n; ++d) {
          // A high byte against a low one: unsigned comparison (0xf0 > 0x10).
          for (unsigned char hi : {static_cast<unsigned char>(0xf0), static_cast<unsigned char>('z' + 1)}) {
            const unsigned char keep = b[ob + d];
            b[ob + d] = hi;
            // Bytes after the first difference that differ the other way must not count.
            if (d + 1 < n) a[oa + d + 1] = 0xff;
            EXPECT_EQ(Sign(g_memcmp(a + oa, b + ob, n)), Reference(a + oa, b + ob, n)) << n << " " << oa << " " << ob << " " << d;
            EXPECT_EQ(Sign(g_memcmp(b + ob, a + oa, n)), Reference(b + ob, a + oa, n)) << n << " " << oa << " " << ob << " " << d;
            EXPECT_EQ(Reference(a + oa, b + ob, n), -1);
            b[ob + d] = keep;
            if (d + 1 < n) a[oa + d + 1] = static_cast<unsigned char>('a' + (d + 1) % 23);
            ++checked;
          }
        }
      }
  EXPECT_EQ(checked, 2 * 8 * 3 * (40 * 41 / 2));
}

TEST(WasmMemcmp, StringsCompareAsBefore) {
  EXPECT_LT(std::string("kuma.io/service"), std::string("kuma.io/zone"));
  EXPECT_GT(std::string_view("kuma.io/zone-b"), std::string_view("kuma.io/zone-a"));
  EXPECT_EQ(std::string("k8s.kuma.io/namespace").compare("k8s.kuma.io/namespace"), 0);
  EXPECT_LT(std::string("abcdefgh"), std::string("abcdefghi"));  // equal words, then the length
  EXPECT_GT(std::string("\xff" "bcdefgh"), std::string("abcdefgh"));
}

}  // namespace
