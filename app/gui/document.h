// app/gui/document.h: one open document of the app: the files it was opened from (a scenario and
// the files it references, or native files), the scenario the core built from them, and the
// reports of every profile of its engine. UI-free: views read it, the shell edits it.
//
//   auto d = Document::Open({{"samples/variants/basic.scenario.yaml", text}}, read_file);
//   d->Edit(0, new_text, platform::Now());    // re-evaluates after the debounce delay
//   if (d->EvaluateIfDue(platform::Now())) ...;
//   const cfgi::Report& r = d->report();       // the selected profile's report
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/engine/engine.h"
#include "core/engine/scenario.h"

namespace cfgi::gui {

// One text shown in the Source panel.
struct SourceFile {
  std::string name;       // the name the core knows it by (diagnostics' `file`): a path or an embedded name
  std::string text;
  bool editable = true;   // false for sources embedded in a scenario envelope
  bool dirty = false;     // edited since opened or saved
};

class Document {
 public:
  using Reader = std::function<std::optional<std::string>(const std::string& path)>;
  static constexpr double kDebounceSeconds = 0.35;

  // Builds a document from files opened together (the first names it) and evaluates it. `read`
  // resolves files a scenario references. Never fails: unreadable input becomes diagnostics.
  static std::unique_ptr<Document> Open(std::vector<InputFile> files, Reader read, bool evaluate_now = true);

  // The scenario title, else the first file's base name.
  std::string title() const;
  // Path of the file the document was opened from (the scenario or the first native file).
  const std::string& path() const { return files_.front().name; }
  const std::vector<SourceFile>& files() const { return files_; }
  // Index into files() of the file a diagnostic or explanation step names; -1 when unknown.
  // Empty names mean the scenario's first source.
  int FileIndex(const std::string& name) const;

  const Scenario& scenario() const { return scenario_; }
  const Engine& engine() const { return *engine_; }
  const std::string& profile() const { return profile_; }
  // Selects the profile whose report report() returns; ignores names the engine does not know
  // (before the first evaluation, the name is kept and checked when the engine is known).
  void set_profile(const std::string& p);
  const Report& report() const;
  const std::vector<std::pair<std::string, Report>>& reports() const { return reports_; }
  // Leaf paths where the profiles' results differ (cfgi::Divergences).
  const nlohmann::ordered_json& divergences() const { return divergences_; }
  // The CLI's JSON (cfgi::ReportJson) for the selected profile.
  nlohmann::ordered_json ReportJson() const;

  // Errors / warnings in the selected profile's report.
  int error_count() const;
  int warning_count() const;
  bool dirty() const;
  // Increments on every evaluation so views can cache what they derive from a report.
  uint64_t generation() const { return generation_; }
  double eval_ms() const { return eval_ms_; }

  // Replaces the text of files()[i] and schedules a re-evaluation `kDebounceSeconds` after `now`.
  void Edit(int i, std::string text, double now);
  // In-place editing for the Source panel: the text of files()[i] (null when read-only), and the
  // call that reports it changed (same scheduling as Edit).
  std::string* EditableText(int i);
  void Edited(int i, double now);
  // Changes whenever any text changes (edits, evaluation), so the editor can cache line starts.
  uint64_t text_version() const { return text_version_; }
  // Seconds until a scheduled evaluation is due (0 when due), or nullopt when none is pending.
  std::optional<double> PendingIn(double now) const;
  // Re-evaluates when a scheduled evaluation is due; true when it did.
  bool EvaluateIfDue(double now);
  // Re-loads the scenario from the current texts and runs every profile, synchronously.
  void Evaluate();

  // Evaluation off the UI thread, in two halves. StartEvaluation() snapshots the texts and returns
  // the work: a function that may run on any thread (it touches nothing of the Document) and
  // returns the outcome, which FinishEvaluation() applies on the UI thread. While one runs,
  // evaluating() is true and EvaluateIfDue() does nothing; edits made meanwhile keep their text and
  // schedule another evaluation.
  struct Outcome;
  std::function<std::shared_ptr<Outcome>()> StartEvaluation();
  void FinishEvaluation(std::shared_ptr<Outcome> outcome);
  bool evaluating() const { return evaluating_; }
  // True when an evaluation is due now and none is running.
  bool EvaluationDue(double now) const { return !evaluating_ && due_ && *due_ <= now; }
  void MarkSaved(int i) { files_[static_cast<size_t>(i)].dirty = false; }

 private:
  Document() = default;
  void Apply(Outcome&& o, uint64_t snapshot_version);

  std::vector<SourceFile> files_;  // [0..n_opened_) opened, then referenced, then embedded
  size_t n_opened_ = 0;
  Reader read_;
  Scenario scenario_;
  const Engine* engine_ = nullptr;
  std::string profile_;
  std::vector<std::pair<std::string, Report>> reports_;
  // Per profile, the CLI's JSON, made before the diagnostics are sorted for the Problems panel
  // (the CLI prints them in the order the engine reports them).
  nlohmann::ordered_json divergences_ = nlohmann::ordered_json::array();
  bool evaluating_ = false;
  uint64_t snapshot_version_ = 0;
  uint64_t generation_ = 0;
  uint64_t text_version_ = 0;
  double eval_ms_ = 0;
  std::optional<double> due_;
};

}  // namespace cfgi::gui
