#include "app/gui/jobs.h"

#include <algorithm>

#include "app/platform/platform.h"

namespace cfgi::gui {

void JobProgress::Step(std::string_view name, float fraction) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    step_.assign(name);
  }
  fraction_.store(std::clamp(fraction, 0.0f, 1.0f), std::memory_order_relaxed);
}

std::string JobProgress::step() const {
  std::lock_guard<std::mutex> lock(mu_);
  return step_;
}

Jobs::Jobs(Runner runner) : runner_(std::move(runner)) {
  if (runner_) {
    thread_runner_ = runner_;
  } else {
    runner_ = [](std::function<void()> work, std::function<void()> done) { platform::RunAsync(std::move(work), std::move(done)); };
    thread_runner_ = [](std::function<void()> work, std::function<void()> done) {
      platform::RunOnThread(std::move(work), std::move(done));
    };
  }
}

std::shared_ptr<JobProgress> Jobs::Submit(Job job) {
  Cancel(job.key);
  auto progress = std::make_shared<JobProgress>();
  const uint64_t id = next_id_++;
  entries_.push_back({id, job.key, job.title, progress});
  std::weak_ptr<bool> alive = alive_;
  auto work = std::move(job.work);
  auto done = std::move(job.done);
  (job.own_thread ? thread_runner_ : runner_)(
      [progress, work = std::move(work)] {
        if (progress->cancelled()) return;  // superseded while queued: never starts
        progress->MarkStarted();
        work(*progress);
      },
      [this, alive, id, progress, done = std::move(done)]() mutable {
        if (alive.expired()) return;  // the shell is gone
        Finished(id);
        if (!progress->cancelled()) {
          if (done) done();
          return;
        }
        // Cancelled after its work finished: what `done` holds (a superseded evaluation's
        // outcome: a large mesh's scenario and model) is freed on the worker, not in this frame.
        if (done) runner_([d = std::move(done)]() mutable { d = nullptr; }, nullptr);
      });
  return progress;
}

void Jobs::Finished(uint64_t id) {
  auto it = std::find_if(entries_.begin(), entries_.end(), [id](const Entry& e) { return e.id == id; });
  if (it == entries_.end()) return;  // cancelled earlier (counted then)
  entries_.erase(it);
  ++finished_count_;
}

void Jobs::Cancel(std::string_view key) {
  for (auto it = entries_.begin(); it != entries_.end();) {
    if (it->key == key) {
      it->progress->Cancel();
      ++cancelled_count_;
      it = entries_.erase(it);
    } else {
      ++it;
    }
  }
}

void Jobs::CancelPrefix(std::string_view prefix) {
  for (auto it = entries_.begin(); it != entries_.end();) {
    if (std::string_view(it->key).substr(0, prefix.size()) == prefix) {
      it->progress->Cancel();
      ++cancelled_count_;
      it = entries_.erase(it);
    } else {
      ++it;
    }
  }
}

std::vector<Jobs::Active> Jobs::active() const {
  std::vector<Active> out;
  for (const Entry& e : entries_) out.push_back({e.key, e.title, e.progress->step(), e.progress->fraction(), e.progress->started()});
  return out;
}

bool Jobs::busy(std::string_view key_prefix) const {
  for (const Entry& e : entries_)
    if (std::string_view(e.key).substr(0, key_prefix.size()) == key_prefix) return true;
  return false;
}

}  // namespace cfgi::gui
