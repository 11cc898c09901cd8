// app/gui/jobs.h: the app's one mechanism for work off the UI thread. A Job has a key, a title,
// a `work` function that runs on the worker (platform::RunAsync: the desktop's worker thread; at
// once on the web) and a `done` function that runs on the UI thread at the start of a frame.
// Submitting a job cancels the unfinished job with the same key: a queued one never starts, a
// running one sees JobProgress::cancelled() at its next check and its `done` is never called.
// While a job runs, the shell draws a bar with its title, step and fraction (as ImHex shows its
// long tasks) and the views keep drawing the previous state.
//
// Who uses it: the document evaluation (key "eval/<document>", cfgi::Inspect reports its steps
// through InspectOptions::progress and stops on InspectOptions::cancelled), the matcher view's CEL
// tab (key "cel/<view>": compile and evaluate the edited text) and any view or shell job
// (ViewContext::Run). A job's `work` must copy what it reads (or hold it by shared_ptr) and
// touch no ImGui, no OpenDocument and no view.
//
//   Jobs jobs;
//   jobs.Submit({"cel/1", "Compiling CEL", [out](JobProgress& p) { p.Step("compile", 0); *out = ...; },
//                [this, out] { outcome_ = *out; }});
//   for (const Jobs::Active& a : jobs.active()) ImGui::ProgressBar(a.fraction, ..., a.step.c_str());
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace cfgi::gui {

// Shared between a job's work (the worker) and the UI: the step it is at and cancellation.
class JobProgress {
 public:
  // The worker: names the step that starts and the fraction of the job done (0..1).
  void Step(std::string_view name, float fraction);
  // The worker: true once a newer job with the same key (or the shell) cancelled this one.
  bool cancelled() const { return cancelled_.load(std::memory_order_relaxed); }
  void Cancel() { cancelled_.store(true, std::memory_order_relaxed); }
  // The UI: the current step and fraction.
  std::string step() const;
  float fraction() const { return fraction_.load(std::memory_order_relaxed); }
  bool started() const { return started_.load(std::memory_order_relaxed); }
  void MarkStarted() { started_.store(true, std::memory_order_relaxed); }

 private:
  std::atomic<bool> cancelled_{false};
  std::atomic<bool> started_{false};
  std::atomic<float> fraction_{0};
  mutable std::mutex mu_;
  std::string step_;
};

struct Job {
  std::string key;    // a newer job with the same key cancels this one
  std::string title;  // what the progress bar says ("Evaluating large-mesh")
  std::function<void(JobProgress&)> work;  // off the UI thread
  std::function<void()> done;              // on the UI thread, unless cancelled
  // A job that blocks on the network (the live sources) runs on a thread of its own
  // (platform::RunOnThread), so it never holds the evaluations back; cancelling it frees the UI
  // at once (its `done` is dropped) while the call runs out its own timeout.
  bool own_thread = false;
};

class Jobs {
 public:
  // How `work` reaches the worker and `done` comes back; platform::RunAsync unless a test
  // replaces it (the test then calls the functions it was given, on any thread).
  using Runner = std::function<void(std::function<void()> work, std::function<void()> done)>;
  // A test's runner also runs the own_thread jobs.
  explicit Jobs(Runner runner = {});

  // Queues `job`, cancelling an unfinished one with the same key. Returns its progress token.
  std::shared_ptr<JobProgress> Submit(Job job);
  // Cancels the unfinished job with `key`, if any (a closed document's evaluation).
  void Cancel(std::string_view key);
  // Cancels every unfinished job whose key starts with `prefix`.
  void CancelPrefix(std::string_view prefix);

  // The jobs submitted and not yet finished nor cancelled, oldest first (the progress bar).
  struct Active {
    std::string key, title, step;
    float fraction = 0;
    bool started = false;
  };
  std::vector<Active> active() const;
  bool busy(std::string_view key_prefix = {}) const;
  // How many jobs have been cancelled before finishing, and how many finished (tests, stats).
  uint64_t cancelled_count() const { return cancelled_count_; }
  uint64_t finished_count() const { return finished_count_; }

 private:
  struct Entry {
    uint64_t id;
    std::string key, title;
    std::shared_ptr<JobProgress> progress;
  };
  void Finished(uint64_t id);

  Runner runner_, thread_runner_;
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
  std::vector<Entry> entries_;  // UI thread only
  uint64_t next_id_ = 1;
  uint64_t cancelled_count_ = 0, finished_count_ = 0;
};

}  // namespace cfgi::gui
