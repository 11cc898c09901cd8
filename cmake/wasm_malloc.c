// The threaded WebAssembly build's allocator: emscripten's own dlmalloc (system/lib/dlmalloc.c,
// included below from the emscripten in use, never copied) with dlmalloc's spin locks instead of a
// pthread mutex, and (CFGI_MALLOC_CACHE, on by default) a small per-thread cache of freed blocks in
// front of it, as glibc's tcache (malloc/malloc.c, tcache_get / tcache_put) is in front of its
// arenas.
//
// Why (docs/web.md "Budgets"): with threads every malloc and free takes dlmalloc's lock, and a
// WebAssembly atomic on shared memory costs what a locked x86 instruction does; under node the
// matcher benchmarks' evaluations, which allocate ~10 small blocks each, spent 9 % of their time in
// dlmalloc and dlfree (6 Dec profile), natively glibc's tcache serves those without a lock.
//
// The cache: per thread, 32 bins by usable size (dlmalloc's chunks here have usable sizes 8k+4,
// 12..260 bytes), at most kBinMax blocks each, linked through their first word. free() puts a
// block of such a size in its bin; malloc(n) takes one from the bin whose blocks hold at least n
// bytes. The blocks stay allocated as far as dlmalloc knows, so a block freed on another thread
// than the one that allocated it is fine (there is one heap). A thread's bins go back to dlmalloc
// when it exits (a pthread key's destructor). calloc, realloc and the aligned allocations go to
// dlmalloc directly (free() of their blocks may cache them: a chunk is a chunk).
//
// Compiled at configure time by CMakeLists.txt (CFGI_WASM_SPIN_MALLOC) with -DUSE_DL_PREFIX, so
// dlmalloc.c defines only its dl* functions (static there) and this file the public names the
// library's dlmalloc.o would have: the linker then never pulls that object in.
//   -DCFGI_MALLOC_CACHE=1: the cache (the default: docs/web.md); 0: dlmalloc with spin locks
//   alone, and nothing of the cache compiled.
#define USE_DL_PREFIX 1
#include "dlmalloc.c"

#ifndef CFGI_MALLOC_CACHE
#define CFGI_MALLOC_CACHE 1  // as CMake's CFGI_WASM_MALLOC_CACHE (ON)
#endif

#if CFGI_MALLOC_CACHE
#include <pthread.h>

enum { kBins = 32, kBinMax = 16 };

struct ThreadCache {
  void* head[kBins];
  unsigned char count[kBins];
  int registered;
};

static _Thread_local struct ThreadCache tcache;
static pthread_key_t tcache_key;
static pthread_once_t tcache_once = PTHREAD_ONCE_INIT;

static void tcache_flush(void* arg) {
  struct ThreadCache* c = (struct ThreadCache*)arg;
  for (int b = 0; b < kBins; ++b) {
    while (c->head[b]) {
      void* p = c->head[b];
      c->head[b] = *(void**)p;
      dlfree(p);
    }
    c->count[b] = 0;
  }
}

static void tcache_make_key(void) { pthread_key_create(&tcache_key, tcache_flush); }

// The bin for a block of `usable` bytes (its blocks hold 8 * bin + 4 bytes or more), or -1.
static inline int bin_of_usable(size_t usable) {
  if (usable < 12) return -1;
  size_t b = (usable - 4) >> 3;
  return b < kBins ? (int)b : -1;
}

void* cfgi_malloc(size_t n) {
  // The first bin whose blocks hold n bytes; bin 1 at least, since dlmalloc's smallest chunk holds
  // 12 bytes (bin_of_usable never fills bin 0). Until 7 Dec requests of 0-4 bytes (a vector of one
  // pointer or one int) were looked up in bin 0 and always went to dlmalloc: 16 % of
  // BM_PrefixMap100k_TrieVsLinear's evaluations under node (the Result's one-action vector).
  size_t b = n <= 12 ? 1 : (n + 3) >> 3;
  if (b < kBins && tcache.head[b]) {
    void* p = tcache.head[b];
    tcache.head[b] = *(void**)p;
    --tcache.count[b];
    return p;
  }
  return dlmalloc(n);
}

void cfgi_free(void* p) {
  if (!p) return;
  int b = bin_of_usable(dlmalloc_usable_size(p));
  if (b >= 0 && tcache.count[b] < kBinMax) {
    if (!tcache.registered) {
      tcache.registered = 1;
      pthread_once(&tcache_once, tcache_make_key);
      pthread_setspecific(tcache_key, &tcache);
    }
    *(void**)p = tcache.head[b];
    tcache.head[b] = p;
    ++tcache.count[b];
    return;
  }
  dlfree(p);
}

#endif  // CFGI_MALLOC_CACHE

// The public names, as dlmalloc.c gives them without USE_DL_PREFIX (weak, so a program may still
// replace them), and emscripten's builtin names (strong there too).
#if CFGI_MALLOC_CACHE
#define CFGI_MALLOC "cfgi_malloc"
#define CFGI_FREE "cfgi_free"
#else
#define CFGI_MALLOC "dlmalloc"
#define CFGI_FREE "dlfree"
#endif
void* __libc_malloc(size_t) __attribute__((weak, alias(CFGI_MALLOC)));
void __libc_free(void*) __attribute__((weak, alias(CFGI_FREE)));
void* __libc_calloc(size_t, size_t) __attribute__((weak, alias("dlcalloc")));
void* __libc_realloc(void*, size_t) __attribute__((weak, alias("dlrealloc")));
void* malloc(size_t) __attribute__((weak, alias(CFGI_MALLOC)));
void free(void*) __attribute__((weak, alias(CFGI_FREE)));
void* calloc(size_t, size_t) __attribute__((weak, alias("dlcalloc")));
void* realloc(void*, size_t) __attribute__((weak, alias("dlrealloc")));
void* realloc_in_place(void*, size_t) __attribute__((weak, alias("dlrealloc_in_place")));
void* memalign(size_t, size_t) __attribute__((weak, alias("dlmemalign")));
int posix_memalign(void**, size_t, size_t) __attribute__((weak, alias("dlposix_memalign")));
void* valloc(size_t) __attribute__((weak, alias("dlvalloc")));
void* pvalloc(size_t) __attribute__((weak, alias("dlpvalloc")));
#if !NO_MALLINFO
struct mallinfo mallinfo(void) __attribute__((weak, alias("dlmallinfo")));
#endif
int mallopt(int, int) __attribute__((weak, alias("dlmallopt")));
int malloc_trim(size_t) __attribute__((weak, alias("dlmalloc_trim")));
size_t malloc_usable_size(const void*) __attribute__((weak, alias("dlmalloc_usable_size")));
size_t malloc_footprint(void) __attribute__((weak, alias("dlmalloc_footprint")));
size_t malloc_max_footprint(void) __attribute__((weak, alias("dlmalloc_max_footprint")));
size_t malloc_footprint_limit(void) __attribute__((weak, alias("dlmalloc_footprint_limit")));
size_t malloc_set_footprint_limit(size_t) __attribute__((weak, alias("dlmalloc_set_footprint_limit")));
void** independent_calloc(size_t, size_t, void**) __attribute__((weak, alias("dlindependent_calloc")));
void** independent_comalloc(size_t, size_t*, void**) __attribute__((weak, alias("dlindependent_comalloc")));
size_t bulk_free(void**, size_t) __attribute__((weak, alias("dlbulk_free")));
