/* cmake/wasm_lpad_context.h: forced into emscripten's own libunwind source (Unwind-wasm.c) when
 * the threaded WebAssembly build compiles its copy of it (CMakeLists.txt, CFGI_WASM_THREADS).
 *
 * With -fwasm-exceptions, every catch's landing pad writes the handler's index and LSDA into
 * __wasm_lpad_context and calls _Unwind_CallPersonality, which reads them back. Debian's clang 14
 * (LLVM's WasmEHPrepare) writes an ordinary global; emscripten 3.1.6's Unwind-wasm.c, and the
 * prebuilt libunwind-mt-except.a Debian ships with it, declare it thread_local (LLVM 15 made the
 * compiler's side thread-local too). Built with -pthread, the personality read a different copy
 * than the landing pad wrote, matched no handler, and every C++ exception escaped its catch
 * ("exiting due to exception: [object WebAssembly.Exception]").
 *
 * Compiled with this header first, the context is the ordinary global clang 14 writes. As with
 * clang 14's own code generation, two threads inside a landing pad at the same instant share it. */
#include <stdbool.h> /* libunwind's config.h uses bool before Unwind-wasm.c includes it */
#include <threads.h>
#undef thread_local
#define thread_local
