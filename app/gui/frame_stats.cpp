#include "app/gui/frame_stats.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

namespace cfgi::gui {

namespace {
double Round(double ms) { return std::round(ms * 100.0) / 100.0; }
}  // namespace

void FrameStats::Begin(double cpu_ms, double wall_ms) {
  begin_cpu_ = cpu_ms;
  begin_wall_ = wall_ms;
  // The second frame begins once the first was swapped: the first frame is on screen.
  if (frames_ms_.size() == 1 && first_shown_ms_ < 0 && wall_ms > 0) first_shown_ms_ = wall_ms - start_;
}

void FrameStats::End(double cpu_ms, double wall_ms, bool results_shown, const std::string& tag) {
  frames_ms_.push_back(std::max(0.0, cpu_ms - begin_cpu_));
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
    slowest.push_back({{"frame", order[k] + 1}, {"ms", Round(after[order[k]])}, {"tag", tags_[order[k] + 1]}});
  j["slowest"] = slowest;
  // The median frame after the first: what a frame costs with nothing to do (the baseline a
  // step's frames are compared with).
  j["median_frame_ms"] = sorted.empty() ? 0.0 : Round(sorted[sorted.size() / 2]);
  std::map<std::string, std::vector<double>> by_tag;
  for (size_t i = 1; i < frames_ms_.size(); ++i)
    if (!tags_[i].empty()) by_tag[tags_[i]].push_back(frames_ms_[i]);
  nlohmann::ordered_json tags = nlohmann::ordered_json::object();
  for (auto& [name, ms] : by_tag) {
    double sum = 0;
    for (double x : ms) sum += x;
    std::sort(ms.begin(), ms.end());
    tags[name] = {{"frames", ms.size()}, {"max_ms", Round(ms.back())}, {"median_ms", Round(ms[ms.size() / 2])},
                  {"mean_ms", Round(sum / static_cast<double>(ms.size()))}};
  }
  j["tags"] = tags;
  return j;
}

}  // namespace cfgi::gui
