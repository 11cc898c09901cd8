// app/gui/open_document.h: one open document of the app: the files it was opened from (a scenario and
// the files it references, or native files), the scenario the core built from them, and the
// inspection the worker made of it (cfgi::Inspect: the engine's typed model, one report per
// profile, the profile comparison). UI-free: views read it, the shell edits it.
//
//   auto d = OpenDocument::Open({{"samples/variants/basic.scenario.yaml", text}}, read_file);
//   d->Edit(0, new_text, platform::Now());    // re-evaluates after the debounce delay
//   if (d->EvaluateIfDue(platform::Now())) ...;
//   const cfgi::Report& r = d->report();       // the selected profile's report
//   d->model();  r.typed;  d->comparison();    // what views draw (never re-evaluated by them)
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "app/gui/line_index.h"
#include "app/gui/problem_groups.h"

namespace cfgi::gui {

// A source's text, held once and shared (copy on write) by the document and the evaluations
// running on it: starting an evaluation takes a reference, not a copy (a 30 MB file's copy on the
// UI thread took 130-140 ms, frozen frames). Only the UI thread writes, through Mutable(), which
// copies first when an evaluation still holds the text.
class SharedText {
 public:
  SharedText() = default;
  SharedText(std::string s) : p_(std::make_shared<std::string>(std::move(s))) {}  // NOLINT: implicit
  SharedText(const char* s) : SharedText(std::string(s)) {}                       // NOLINT: implicit
  const std::string& str() const { return p_ ? *p_ : Empty(); }
  operator const std::string&() const { return str(); }  // NOLINT: reads as the string
  size_t size() const { return str().size(); }
  bool empty() const { return str().empty(); }
  // The text to edit in place; copied first when anything else still holds it.
  std::string& Mutable() {
    if (!p_) p_ = std::make_shared<std::string>();
    else if (p_.use_count() > 1) {  // an evaluation holds it: copy, with room for the next keys
      auto copy = std::make_shared<std::string>();
      copy->reserve(p_->size() + p_->size() / 8 + 4096);
      copy->append(*p_);
      p_ = std::move(copy);
    }
    lines_.reset();
    return *p_;
  }
  // The text's line index, built by the evaluation on the worker (IndexLines), so the frame that
  // shows its results does not index a large file again; null until then and after an edit.
  const LineIndex* lines() const { return lines_.get(); }
  // The same, held: it outlives an edit made while a frame still reads it.
  std::shared_ptr<const LineIndex> shared_lines() const { return lines_; }
  void IndexLines() {
    if (lines_) return;
    auto l = std::make_shared<LineIndex>();
    l->Build(str());
    lines_ = std::move(l);
  }
  // True when both hold the same buffer (a snapshot that was not copied).
  bool SharesWith(const SharedText& o) const { return p_ && p_ == o.p_; }
  friend bool operator==(const SharedText& a, std::string_view b) { return a.str() == b; }
  friend bool operator!=(const SharedText& a, std::string_view b) { return a.str() != b; }
  friend std::ostream& operator<<(std::ostream& o, const SharedText& t) { return o << t.str(); }

 private:
  static const std::string& Empty() {
    static const std::string kEmpty;
    return kEmpty;
  }
  std::shared_ptr<std::string> p_;
  std::shared_ptr<const LineIndex> lines_;  // of *p_, immutable while shared
};

// One text shown in the Source panel.
struct SourceFile {
  std::string name;       // the name the core knows it by (diagnostics' `file`): a path or an embedded name
  SharedText text;
  bool editable = true;   // false for sources embedded in a scenario envelope
  bool dirty = false;     // edited since opened or saved
  // How the file's bytes were written (a BOM, CRLF): `text` holds neither, saving gives them back.
  doc::TextEncoding encoding;
  // The bytes to write when saving: `text` with its BOM and line breaks as the file had them.
  std::string SavedText() const { return doc::EncodeText(text.str(), encoding); }
};

// What a view draws that the worker prepares with the inspection (the views' worker-side step,
// app/gui/views/views.cpp BuildViewRows, per engine): rows whose text needs serialising (JSON
// values as text), so OnEvaluated and Draw only copy and draw. A view casts it to its own type.
struct ViewRows {
  virtual ~ViewRows() = default;
};
// Runs the view's worker-side step for the inspection's engine; null when its view has none.
std::shared_ptr<const ViewRows> BuildViewRows(const Inspection& in);
// Whether the engine's view draws the results' JSON (the generic view of the document engine and
// of an engine without a view): the worker then asks Inspect for it (InspectOptions::result_json);
// the other views draw the typed results, and no result is serialised for them.
bool ViewDrawsResultJson(std::string_view engine);

class OpenDocument {
 public:
  using Reader = std::function<std::optional<std::string>(const std::string& path)>;
  static constexpr double kDebounceSeconds = 0.35;

  // Builds a document from files opened together (the first names it) and evaluates it. `read`
  // resolves files a scenario references. Never fails: unreadable input becomes diagnostics.
  static std::unique_ptr<OpenDocument> Open(std::vector<InputFile> files, Reader read, bool evaluate_now = true);

  // The scenario title, else the first file's base name.
  std::string title() const;
  // Path of the file the document was opened from (the scenario or the first native file).
  const std::string& path() const { return files_.front().name; }
  const std::vector<SourceFile>& files() const { return files_; }
  // Index into files() of the file a diagnostic or explanation step names; -1 when unknown.
  // Empty names mean the scenario's first source.
  int FileIndex(const std::string& name) const;

  const Scenario& scenario() const { return *inspection_.scenario; }
  const Engine& engine() const { return *inspection_.engine; }
  // The engine's typed model, loaded once per evaluation on the worker (views cast it with
  // cfgi::ModelAs<T>); never null after Open.
  const EngineModel* model() const { return inspection_.model.get(); }
  const Inspection& inspection() const { return inspection_; }
  // The view's rows for this inspection, built on the worker with it (ViewRows); may be null.
  const ViewRows* view_rows() const { return view_rows_.get(); }
  const std::string& profile() const { return profile_; }
  // Selects the profile whose report report() returns; ignores names the engine does not know
  // (before the first evaluation, the name is kept and checked when the engine is known).
  void set_profile(const std::string& p);
  const Report& report() const;
  // One report per profile of the engine, in the engine's order.
  const std::vector<Report>& reports() const { return inspection_.reports; }
  // Where the profiles' results differ (cfgi::Compare): the one count every panel shows.
  const Comparison& comparison() const { return inspection_.comparison; }
  // The CLI's JSON (cfgi::ReportJson) for the selected profile.
  nlohmann::ordered_json ReportJson() const;

  // Errors / warnings / notes in the selected profile's report: the one count the Problems panel,
  // the status bar, the Documents badges and --dump-state show (problem_groups.h).
  // Counted once per report and generation: the Documents list asks for each document's counts
  // every frame, and a large mesh's report holds thousands of diagnostics (8.7 ms of the web
  // page's frame, 4 scans a frame, before).
  ProblemCounts problem_counts() const;
  int error_count() const { return problem_counts().errors; }
  int warning_count() const { return problem_counts().warnings; }
  bool dirty() const;
  // Increments on every evaluation so views can cache what they derive from a report.
  uint64_t generation() const { return generation_; }
  double eval_ms() const { return eval_ms_; }

  // The engine the user chose for this document (the Documents list's and the top bar's engine
  // switch; the CLI's --engine); empty: chosen by the rules of docs/formats.md.
  const std::string& engine_request() const { return engine_request_; }
  // Changes the engine choice and schedules an evaluation at `now`.
  void SetEngine(std::string name, double now);
  // By which rule the engine was chosen ("request", "scenario", "proto-message", "content", "none").
  const std::string& engine_rule() const { return engine_rule_; }

  // The document's "Hide dead-configuration lints" switch (the Documents list's context menu):
  // when on, the dead-configuration codes (core/engine/dead_config.h) are suppressed through the
  // core's one mechanism; report().suppressed holds them. Changing it schedules an evaluation.
  bool hide_dead_lints() const { return hide_dead_lints_; }
  void SetHideDeadLints(bool on, double now);
  // Diagnostics that came with the files rather than from reading them (a live source's LIVExxx:
  // a timeout, NXDOMAIN, the TCP fallback); every evaluation adds them to the scenario's.
  const std::vector<doc::Diagnostic>& source_diagnostics() const { return source_diagnostics_; }
  void SetSourceDiagnostics(std::vector<doc::Diagnostic> d, double now) {
    source_diagnostics_ = std::move(d);
    reload_ = true;
    due_ = now;
  }

  // The query the document is inspected with (a view's question: the engine's typed query).
  const Query& query() const { return query_; }
  // Changes the query and schedules an evaluation at `now` (no debounce: a click, not typing).
  void SetQuery(Query q, double now);

  // Replaces the text of files()[i] and schedules a re-evaluation `kDebounceSeconds` after `now`.
  void Edit(int i, std::string text, double now);
  // In-place editing for the Source panel: whether files()[i] can be edited, its text to change
  // (null when read-only; a copy is made first when an evaluation still holds the text, so ask
  // only when changing it), and the call that reports it changed (same scheduling as Edit).
  bool Editable(int i) const;
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
  // the work: a function that may run on any thread (it touches nothing of the OpenDocument) and
  // returns the outcome, which FinishEvaluation() applies on the UI thread. The work reports its
  // steps to `progress` and stops when `cancelled` returns true (then it returns null; both may be
  // empty). While one runs, evaluating() is true and EvaluateIfDue() does nothing; edits made
  // meanwhile keep their text and schedule another evaluation, which the shell starts when it is
  // due, cancelling the running one (Jobs: the newer edit wins; its outcome is the one applied).
  struct Evaluated;
  struct Hooks {
    std::function<void(std::string_view step, float fraction)> progress;
    std::function<bool()> cancelled;
  };
  std::function<std::shared_ptr<Evaluated>(const Hooks&)> StartEvaluation();
  // Applies the outcome of the latest StartEvaluation (null: it was cancelled). Returns what the
  // document held before, for the caller to release off the UI thread (a large mesh's model takes
  // a while to free); null when nothing was replaced.
  std::shared_ptr<void> FinishEvaluation(std::shared_ptr<Evaluated> outcome);
  bool evaluating() const { return evaluating_; }
  // True when an evaluation is due now (whether or not one is running: a running one is older).
  bool EvaluationDue(double now) const { return due_ && *due_ <= now; }
  // True when an evaluation is scheduled (an edit's debounce still running counts).
  bool evaluation_scheduled() const { return due_.has_value(); }
  void MarkSaved(int i) { files_[static_cast<size_t>(i)].dirty = false; }
  // Restoring a saved session or a permalink, before the first evaluation: marks the file `name`
  // edited (or not) and, with `text`, gives its text (a file a scenario references is added, and
  // the scenario reads it from here, not from the platform: an edit of a bundled sample, or an
  // uploaded file the browser cannot read again).
  void RestoreText(const std::string& name, std::optional<std::string> text, bool edited);

 private:
  OpenDocument() = default;
  // Applies `o`; returns the inspection it replaced.
  std::shared_ptr<void> Apply(Evaluated&& o, uint64_t snapshot_version);

  std::vector<SourceFile> files_;  // [0..n_opened_) opened, then referenced, then embedded
  size_t n_opened_ = 0;
  Reader read_;
  Inspection inspection_;
  std::shared_ptr<const ViewRows> view_rows_;
  Query query_;
  std::string engine_request_;
  bool hide_dead_lints_ = false;
  std::vector<doc::Diagnostic> source_diagnostics_;
  std::string engine_rule_;
  std::string profile_;
  bool evaluating_ = false;
  // The texts, the engine choice or the source diagnostics changed since the last evaluation
  // started: the next one reads the scenario again. Otherwise (a query change) it reuses the
  // scenario and the engine's model (Engine::Requery).
  bool reload_ = true;
  bool snapshot_reload_ = true;
  uint64_t snapshot_version_ = 0;
  uint64_t generation_ = 0;
  // problem_counts()'s cache: the report and generation it counted (UI thread only).
  mutable const Report* counted_report_ = nullptr;
  mutable uint64_t counted_generation_ = ~uint64_t{0};
  mutable ProblemCounts counted_;
  uint64_t text_version_ = 0;
  double eval_ms_ = 0;
  std::optional<double> due_;
};

}  // namespace cfgi::gui
