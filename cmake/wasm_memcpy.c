// The out-of-line memcpy and memmove of the WebAssembly builds (cmake/wasm_memcpy.h says why and
// how calls reach them): up to 16 bytes with two overlapping loads and stores, memcpy up to 128
// bytes in 16-byte steps, and everything larger with memory.copy (one call into the engine, cheap
// next to that many bytes). Unaligned 8-byte loads are valid WebAssembly and cost the same as
// aligned ones on the machines that run it.
//
// Compiled at configure time by CMakeLists.txt with -fno-builtin (so the loops are not turned back
// into memcpy calls; __builtin_memcpy of a size known here is still inline) and linked into every
// WebAssembly program. Tested by tests/wasm/memcpy_test.cpp (every length up to 300 bytes, every
// offset, overlaps both ways for memmove, against a byte loop).
#include <stddef.h>
#include <stdint.h>

int cfgi_wasm_memcpy_linked = 1;  // referenced by the test: the object is in the program

// n <= 16. Every load is done before the first store, so source and destination may overlap
// (memmove).
static inline void CopyUpTo16(unsigned char* d, const unsigned char* s, size_t n) {
  if (n >= 8) {
    uint64_t a, b;
    __builtin_memcpy(&a, s, 8);
    __builtin_memcpy(&b, s + n - 8, 8);
    __builtin_memcpy(d, &a, 8);
    __builtin_memcpy(d + n - 8, &b, 8);
  } else if (n >= 4) {
    uint32_t a, b;
    __builtin_memcpy(&a, s, 4);
    __builtin_memcpy(&b, s + n - 4, 4);
    __builtin_memcpy(d, &a, 4);
    __builtin_memcpy(d + n - 4, &b, 4);
  } else if (n) {
    unsigned char a = s[0], b = s[n >> 1], c = s[n - 1];
    d[0] = a;
    d[n >> 1] = b;
    d[n - 1] = c;
  }
}

void* cfgi_wasm_memcpy(void* restrict dest, const void* restrict src, size_t n) {
  unsigned char* d = (unsigned char*)dest;
  const unsigned char* s = (const unsigned char*)src;
  if (n <= 16) {
    CopyUpTo16(d, s, n);
  } else if (n <= 128) {
    uint64_t t0, t1;
    __builtin_memcpy(&t0, s + n - 16, 8);
    __builtin_memcpy(&t1, s + n - 8, 8);
    for (size_t i = 0; i + 16 <= n; i += 16) {
      uint64_t a, b;
      __builtin_memcpy(&a, s + i, 8);
      __builtin_memcpy(&b, s + i + 8, 8);
      __builtin_memcpy(d + i, &a, 8);
      __builtin_memcpy(d + i + 8, &b, 8);
    }
    __builtin_memcpy(d + n - 16, &t0, 8);
    __builtin_memcpy(d + n - 8, &t1, 8);
  } else {
    __builtin_memcpy(d, s, n);  // memory.copy (with bulk memory; libc's memcpy without)
  }
  return dest;
}

void* cfgi_wasm_memmove(void* dest, const void* src, size_t n) {
  if (n <= 16) CopyUpTo16((unsigned char*)dest, (const unsigned char*)src, n);
  else __builtin_memmove(dest, src, n);  // memory.copy copies overlapping ranges correctly
  return dest;
}
