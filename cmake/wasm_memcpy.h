// memcpy and memmove in the WebAssembly builds: a copy whose size the compiler knows stays inline,
// any other goes to cmake/wasm_memcpy.c. Included first in every WebAssembly translation unit
// (`-include`, with -fno-builtin-memcpy -fno-builtin-memmove and _LIBCPP_DISABLE_EXTERN_TEMPLATE:
// CMakeLists.txt, CFGI_WASM_SMALL_COPY).
//
// Why (docs/web.md, "Small copies"): with threads every object is compiled with bulk memory, so
// clang turns each memcpy of a size not known at compile time into the memory.copy instruction,
// which V8 runs as a call into C: std::string::append of a few characters took 22-45 ns under
// node against 9.6 ns natively (7 Dec micro-benchmark). libc++ copies a string's characters with
// std::memcpy (char_traits<char>::copy) and moves them with std::memmove, in basic_string members
// that are otherwise compiled once into emscripten's libc++.a (its extern templates, which
// _LIBCPP_DISABLE_EXTERN_TEMPLATE turns off so they are compiled here, with this header).
// Compiling without bulk memory instead is not possible: objects with a thread_local then fail to
// link with shared memory.
//
// The definitions are GNU inline ones: they are only ever inlined, never emitted, and memcpy and
// memmove themselves stay libc's for whoever calls them through a pointer. __builtin_constant_p
// is decided after inlining, so memcpy(&word, p, 8) is still one load.
#ifndef CFGI_WASM_MEMCPY_H_
#define CFGI_WASM_MEMCPY_H_

#include <stddef.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

void* cfgi_wasm_memcpy(void* dest, const void* src, size_t n);
void* cfgi_wasm_memmove(void* dest, const void* src, size_t n);

extern inline __attribute__((gnu_inline, always_inline)) void* memcpy(void* __restrict dest, const void* __restrict src,
                                                                      size_t n) {
  if (__builtin_constant_p(n) && n <= 64) return __builtin_memcpy(dest, src, n);
  return cfgi_wasm_memcpy(dest, src, n);
}

extern inline __attribute__((gnu_inline, always_inline)) void* memmove(void* dest, const void* src, size_t n) {
  if (__builtin_constant_p(n) && n <= 64) return __builtin_memmove(dest, src, n);
  return cfgi_wasm_memmove(dest, src, n);
}

#ifdef __cplusplus
}
#endif

#endif  // CFGI_WASM_MEMCPY_H_
