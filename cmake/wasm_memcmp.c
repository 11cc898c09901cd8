// memcmp for the WebAssembly builds, eight bytes at a time.
//
// Why (docs/web.md "Budgets", the node/native row): emscripten's libc has musl's memcmp
// (system/lib/libc/musl/src/string/memcmp.c) with a word loop only when both pointers are 4-byte
// aligned, and never in the size-optimised libc variant; a short std::string's characters sit at
// offset 1 of the object in libc++ (wasm32), so string comparisons ran the byte loop. Under node,
// memcmp was 27.6 % of BM_PolicyRulesNaive (label maps keyed by strings with long common prefixes:
// "kuma.io/...", 7 Dec profile); natively glibc's is vectorised.
//
// Unaligned 8-byte loads are valid WebAssembly and cost the same as aligned ones on the machines
// that run it. WebAssembly is little-endian, so the first differing byte of two words is the lowest
// set byte of their XOR. bcmp (which clang emits for memcmp(...) == 0) is musl's, calling this.
//
// Compiled at configure time by CMakeLists.txt with -fno-builtin (so the byte loop below is not
// turned back into a memcmp call) and linked into every WebAssembly program: an object on the link
// line defines memcmp, so the linker never pulls libc's memcmp.o. Tested by tests/wasm/
// memcmp_test.cpp (every length, offset and first difference up to 40 bytes against a byte loop).
#include <stddef.h>
#include <stdint.h>

int cfgi_wasm_memcmp_linked = 1;  // referenced by the test: the object is in the program

static inline int FirstByteDiff(uint64_t a, uint64_t b) {
  unsigned shift = (unsigned)__builtin_ctzll(a ^ b) & ~7u;
  return (int)((a >> shift) & 0xff) - (int)((b >> shift) & 0xff);
}

int memcmp(const void* vl, const void* vr, size_t n) {
  const unsigned char* l = (const unsigned char*)vl;
  const unsigned char* r = (const unsigned char*)vr;
  while (n >= 8) {
    uint64_t a, b;
    __builtin_memcpy(&a, l, 8);
    __builtin_memcpy(&b, r, 8);
    if (a != b) return FirstByteDiff(a, b);
    l += 8;
    r += 8;
    n -= 8;
  }
  if (n >= 4) {
    uint32_t a, b;
    __builtin_memcpy(&a, l, 4);
    __builtin_memcpy(&b, r, 4);
    if (a != b) return FirstByteDiff(a, b);
    l += 4;
    r += 4;
    n -= 4;
  }
  for (; n && *l == *r; n--, l++, r++) {
  }
  return n ? *l - *r : 0;
}
