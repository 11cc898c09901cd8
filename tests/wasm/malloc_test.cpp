// The threaded WebAssembly build's allocator (cmake/wasm_malloc.c): a per-thread cache of small
// freed blocks in front of emscripten's dlmalloc. Run under node (ctest label wasm); native
// builds use the C library's allocator and do not build this test.
#include <malloc.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

namespace {

size_t InUse() { return static_cast<size_t>(mallinfo().uordblks); }

// Every block malloc returns holds what was asked, whichever bin it came from.
TEST(WasmMalloc, EveryBlockHoldsItsSize) {
  std::vector<void*> freed;
  for (size_t n = 1; n <= 300; ++n) freed.push_back(std::malloc(n));
  for (void* p : freed) std::free(p);  // fills the bins (at most 16 each)
  for (size_t n = 0; n <= 300; ++n) {
    void* p = std::malloc(n);
    ASSERT_NE(p, nullptr);
    EXPECT_GE(malloc_usable_size(p), n) << n;
    std::memset(p, 0x5a, n);
    std::free(p);
  }
}

// A freed small block is the next block of its size class on the same thread (the cache's LIFO),
// and a size beyond what it holds is not served from it.
TEST(WasmMalloc, FreedBlockIsReusedForItsSizeOnly) {
  void* p = std::malloc(40);
  size_t usable = malloc_usable_size(p);
  std::free(p);
  void* bigger = std::malloc(usable + 1);
  EXPECT_NE(bigger, p);
  void* same = std::malloc(usable);
  EXPECT_EQ(same, p);
  std::free(same);
  std::free(bigger);
}


// The smallest requests (0-4 bytes: a vector of one pointer or one int) are served from the
// smallest bin, as 5-12 bytes are: dlmalloc's smallest chunk holds 12. Until 7 Dec they were
// looked up in an empty bin 0 and always went to dlmalloc (the cache never served them).
TEST(WasmMalloc, TinyRequestsAreServedFromTheSmallestBin) {
  for (size_t n : {size_t{0}, size_t{1}, size_t{4}, size_t{12}}) {
    void* p = std::malloc(8);
    ASSERT_EQ(malloc_usable_size(p), 12u);
    std::free(p);
    void* tiny = std::malloc(n);
    EXPECT_EQ(tiny, p) << n;
    std::free(tiny);
  }
}
// calloc never hands out a cached block's old bytes.
TEST(WasmMalloc, CallocIsZeroAfterReuse) {
  std::vector<unsigned char*> blocks;
  for (int i = 0; i < 16; ++i) {
    auto* b = static_cast<unsigned char*>(std::malloc(64));
    std::memset(b, 0xab, 64);
    blocks.push_back(b);
  }
  for (unsigned char* b : blocks) std::free(b);
  for (int i = 0; i < 16; ++i) {
    auto* c = static_cast<unsigned char*>(std::calloc(1, 64));
    for (int k = 0; k < 64; ++k) ASSERT_EQ(c[k], 0) << i << " " << k;
    blocks[static_cast<size_t>(i)] = c;
  }
  for (unsigned char* b : blocks) std::free(b);
}

// Blocks allocated on one thread and freed on another, and a thread's cached blocks go back to
// dlmalloc when the thread exits: nothing is lost.
TEST(WasmMalloc, ThreadsFreeEachOthersBlocksAndExitEmpty) {
  std::vector<void*> made(200);
  size_t before = InUse();
  std::thread maker([&] {
    for (size_t i = 0; i < made.size(); ++i) made[i] = std::malloc(16 + (i % 20) * 8);
  });
  maker.join();
  std::thread freer([&] {
    for (void* p : made) std::free(p);
    // Warm this thread's cache with blocks of its own too.
    for (int i = 0; i < 64; ++i) std::free(std::malloc(24));
  });
  freer.join();
  EXPECT_LE(InUse(), before);  // (less: the runtime may free a thread's own data at join)
}

// At most 16 blocks of a size class stay cached per thread: the rest go back to dlmalloc.
TEST(WasmMalloc, CacheIsBounded) {
  std::thread t([] {
    std::vector<void*> blocks;
    blocks.reserve(100);
    size_t before = InUse();
    for (int i = 0; i < 100; ++i) blocks.push_back(std::malloc(100));
    size_t chunk = (InUse() - before) / 100;
    for (void* p : blocks) std::free(p);
    EXPECT_EQ(InUse() - before, 16 * chunk);
  });
  t.join();
}

}  // namespace
