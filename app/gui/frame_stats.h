// app/gui/frame_stats.h: the UI thread's cost per frame, for `--frame-stats FILE.json` (written at
// exit) and the web page's `configInspector.frameStats()` (the window never freezes: a frame stays under 16 ms).
// The platform's frame hooks call Begin() before the frame's queued tasks (the worker's results
// are applied there) and End() after the draw data went to the GPU, before the buffer swap; the
// time between is the UI thread's CPU time (platform::ThreadCpuMs) for that frame.
//
//   FrameStats stats(start_ms);
//   platform::SetFrameHooks([&] { stats.Begin(cpu(), wall()); },
//                           [&](double render_ms) { stats.End(cpu(), wall(), results_shown, tag, render_ms); });
//   stats.Json();  // {"first_frame_ms", "results_ms", "frames", "max_frame_ms", "p99_frame_ms", ...}
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace cfgi::gui {

class FrameStats {
 public:
  // `start_wall_ms`: the wall clock (ms, any origin) when the program started.
  explicit FrameStats(double start_wall_ms) : start_(start_wall_ms) {}
  // A frame begins: its UI-thread CPU clock and the wall clock, both in ms; `kernel_ms`: the part
  // of the UI thread's CPU clock spent in the kernel (platform::ThreadKernelMs; 0 where unknown).
  void Begin(double cpu_ms, double wall_ms, double kernel_ms = 0);
  // The frame ends. `results_shown`: the first evaluation's results have been given to the views.
  // `tag` names what the frame did for the report (a hook step, "typing"), empty for none.
  // `render_ms`: the part of the frame's CPU spent rendering its draw data (0: not rendered).
  // `kernel_ms`: the kernel clock at the end, as Begin's.
  void End(double cpu_ms, double wall_ms, bool results_shown, const std::string& tag = {}, double render_ms = 0,
           double kernel_ms = 0);

  // {"first_frame_ms": start to the end of the first frame, "first_frame_shown_ms": start until it
  //  was swapped onto the screen (the next frame begins), "results_ms": start to the end of the
  //  frame that first showed results (null before), "frames", "max_frame_ms" and "p99_frame_ms"
  //  (UI-thread CPU of the frames after the first), "frames_over_50ms", "slowest": [{frame, ms,
  //  tag, kernel_ms, render_ms, wall_ms}] (the five longest after the first; kernel_ms: of
  //  which the kernel's: page faults, a hypervisor's exits; not the app's code; render_ms: of which
  //  rendering the draw data (software GL's vertex work under Xvfb); wall_ms: the wall clock from
  //  Begin to End, which a CPU clock past it shows inflated), "median_frame_ms", "median_build_ms" (the median
  //  frame less its rendering: the app's own work), "rendered_frames", "median_render_ms" (of the
  //  rendered frames), "tags": {tag: {frames, max_ms, median_ms, mean_ms, mean_build_ms,
  //  mean_render_ms}}}.
  nlohmann::ordered_json Json() const;
  size_t frames() const { return frames_ms_.size(); }
  // The longest UI-thread frame after the first (ms), 0 when there is none.
  double max_after_first() const;

 private:
  double start_;
  double begin_cpu_ = 0, begin_wall_ = 0, begin_kernel_ = 0;
  double first_frame_ms_ = -1, first_shown_ms_ = -1, results_ms_ = -1;
  std::vector<double> frames_ms_;   // UI-thread CPU per frame
  std::vector<double> render_ms_;   // of which rendering the draw data, per frame
  std::vector<double> kernel_ms_;   // of which in the kernel, per frame
  std::vector<double> wall_ms_;     // the wall clock from Begin to End, per frame
  std::vector<std::string> tags_;   // per frame
};

}  // namespace cfgi::gui
