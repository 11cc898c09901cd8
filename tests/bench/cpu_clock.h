// The clock the benchmarks' same-run ratios are computed with.
//
// Natively: CPU seconds of this process, so other load on a shared machine does not skew a
// ratio. WebAssembly has no CPU clock (clock_gettime(CLOCK_PROCESS_CPUTIME_ID) and the thread
// clock read 0 under node), so there the ratio uses wall time.
#pragma once

#include <chrono>
#include <ctime>

namespace cfgi::bench {

inline double CpuSeconds() {
#ifdef __EMSCRIPTEN__
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
#else
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
#endif
}

}  // namespace cfgi::bench
