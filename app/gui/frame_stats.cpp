#include "app/gui/frame_stats.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

namespace cfgi::gui {

namespace {
double Round(double ms) { return std::round(ms * 100.0) / 100.0; }
}  // namespace

void FrameStats::Begin(double cpu_ms, double wall_ms, double kernel_ms) {
  begin_cpu_ = cpu_ms;
  begin_kernel_ = kernel_ms;
  begin_wall_ = wall_ms;
  // The second frame begins once the first was swapped: the first frame is on screen.
  if (frames_ms_.size() == 1 && first_shown_ms_ < 0 && wall_ms > 0) first_shown_ms_ = wall_ms - start_;
}

void FrameStats::End(double cpu_ms, double wall_ms, bool results_shown, const std::string& tag, double render_ms,
                     double kernel_ms) {
  frames_ms_.push_back(std::max(0.0, cpu_ms - begin_cpu_));
  wall_ms_.push_back(std::max(0.0, wall_ms - begin_wall_));
  kernel_ms_.push_back(std::clamp(kernel_ms - begin_kernel_, 0.0, frames_ms_.back()));
  render_ms_.push_back(std::clamp(render_ms, 0.0, frames_ms_.back()));
  tags_.push_back(tag);
  if (first_frame_ms_ < 0) first_frame_ms_ = wall_ms - start_;
  if (results_shown && results_ms_ < 0) results_ms_ = wall_ms - start_;
}

double FrameStats::max_after_first() const {
  double m = 0;
  for (size_t i = 1; i < frames_ms_.size(); ++i) m = std::max(m, frames_ms_[i]);
  return m;
}

nlohmann::ordered_json FrameStats::Json() const {
  nlohmann::ordered_json j;
  j["first_frame_ms"] = first_frame_ms_ < 0 ? nlohmann::ordered_json() : nlohmann::ordered_json(Round(first_frame_ms_));
  j["first_frame_shown_ms"] =
      first_shown_ms_ < 0 ? nlohmann::ordered_json() : nlohmann::ordered_json(Round(first_shown_ms_));
  j["results_ms"] = results_ms_ < 0 ? nlohmann::ordered_json() : nlohmann::ordered_json(Round(results_ms_));
  j["frames"] = frames_ms_.size();
  std::vector<double> after(frames_ms_.begin() + (frames_ms_.empty() ? 0 : 1), frames_ms_.end());
  std::vector<double> sorted = after;
  std::sort(sorted.begin(), sorted.end());
  j["max_frame_ms"] = sorted.empty() ? 0.0 : Round(sorted.back());
  // The 99th percentile by the nearest-rank method.
  double p99 = 0;
  if (!sorted.empty()) p99 = sorted[static_cast<size_t>(std::ceil(0.99 * static_cast<double>(sorted.size()))) - 1];
  j["p99_frame_ms"] = Round(p99);
  j["frames_over_50ms"] = std::count_if(after.begin(), after.end(), [](double ms) { return ms > 50.0; });
  std::vector<size_t> order(after.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return after[a] > after[b]; });
  nlohmann::ordered_json slowest = nlohmann::ordered_json::array();
  for (size_t k = 0; k < order.size() && k < 5; ++k)
    slowest.push_back({{"frame", order[k] + 1}, {"ms", Round(after[order[k]])}, {"tag", tags_[order[k] + 1]},
                       {"kernel_ms", Round(kernel_ms_[order[k] + 1])}, {"render_ms", Round(render_ms_[order[k] + 1])},
                       {"wall_ms", Round(wall_ms_[order[k] + 1])}});
  j["slowest"] = slowest;
  // The median frame after the first: what a frame costs with nothing to do (the baseline a
  // step's frames are compared with).
  j["median_frame_ms"] = sorted.empty() ? 0.0 : Round(sorted[sorted.size() / 2]);
  // The same less the rendering of the draw data: the app's own work per frame. Under software GL
  // (Xvfb's llvmpipe) rendering a 1440x900 frame is 1-3 ms of the UI thread that a GPU does not
  // cost, and a frame that draws what the screen shows is not rendered at all: a typed key's
  // frame renders, the idle frame it is compared with does not.
  std::vector<double> build, render;
  for (size_t i = 1; i < frames_ms_.size(); ++i) {
    build.push_back(frames_ms_[i] - render_ms_[i]);
    if (render_ms_[i] > 0) render.push_back(render_ms_[i]);
  }
  std::sort(build.begin(), build.end());
  std::sort(render.begin(), render.end());
  j["median_build_ms"] = build.empty() ? 0.0 : Round(build[build.size() / 2]);
  j["rendered_frames"] = render.size();
  j["median_render_ms"] = render.empty() ? 0.0 : Round(render[render.size() / 2]);
  struct TagFrames {
    std::vector<double> ms;
    double render = 0;
  };
  std::map<std::string, TagFrames> by_tag;
  for (size_t i = 1; i < frames_ms_.size(); ++i)
    if (!tags_[i].empty()) {
      by_tag[tags_[i]].ms.push_back(frames_ms_[i]);
      by_tag[tags_[i]].render += render_ms_[i];
    }
  nlohmann::ordered_json tags = nlohmann::ordered_json::object();
  for (auto& [name, t] : by_tag) {
    std::vector<double>& ms = t.ms;
    double sum = 0;
    for (double x : ms) sum += x;
    std::sort(ms.begin(), ms.end());
    const double n = static_cast<double>(ms.size());
    tags[name] = {{"frames", ms.size()}, {"max_ms", Round(ms.back())}, {"median_ms", Round(ms[ms.size() / 2])},
                  {"mean_ms", Round(sum / n)}, {"mean_build_ms", Round((sum - t.render) / n)},
                  {"mean_render_ms", Round(t.render / n)}};
  }
  j["tags"] = tags;
  return j;
}

}  // namespace cfgi::gui
