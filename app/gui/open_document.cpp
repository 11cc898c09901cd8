#include "app/gui/open_document.h"

#include <chrono>

#include "core/engine/dead_config.h"

namespace cfgi::gui {

namespace {
std::string Sibling(const std::string& scenario_name, const std::string& rel) {
  if (!rel.empty() && rel[0] == '/') return rel;
  size_t slash = scenario_name.rfind('/');
  return slash == std::string::npos ? rel : scenario_name.substr(0, slash + 1) + rel;
}

std::string BaseName(const std::string& p) {
  size_t slash = p.rfind('/');
  return slash == std::string::npos ? p : p.substr(slash + 1);
}
}  // namespace

std::unique_ptr<OpenDocument> OpenDocument::Open(std::vector<InputFile> files, Reader read, bool evaluate_now) {
  std::unique_ptr<OpenDocument> d(new OpenDocument());
  for (InputFile& f : files) {
    doc::TextEncoding enc = doc::DecodeText(&f.text);  // a BOM and CRLF come back on saving
    d->files_.push_back({std::move(f.name), std::move(f.text), true, false, enc});
  }
  if (d->files_.empty()) d->files_.push_back({"untitled.yaml", "", true, false});
  d->n_opened_ = d->files_.size();
  d->read_ = std::move(read);
  d->inspection_.scenario = std::make_shared<const Scenario>();
  d->inspection_.engine = FindEngine("document");
  if (evaluate_now) d->Evaluate();
  else d->due_ = 0.0;
  return d;
}

std::string OpenDocument::title() const {
  if (!scenario().title.empty()) return scenario().title;
  // A live source's document is named by where it came from, not a path: all of it
  // ("envoy-admin:127.0.0.1:9901/config_dump", app_live.cpp), not "config_dump".
  if (size_t colon = path().find(':'); colon != std::string::npos && colon < path().find('/')) return path();
  return BaseName(path());
}

int OpenDocument::FileIndex(const std::string& name) const {
  std::string want = name;
  if (want.empty() && !scenario().sources.empty()) want = scenario().sources.front().source->name();
  for (size_t i = 0; i < files_.size(); ++i)
    if (files_[i].name == want) return static_cast<int>(i);
  return -1;
}

void OpenDocument::set_profile(const std::string& p) {
  // Before the first evaluation the engine is not known yet: keep the wish, checked on arrival.
  if (generation_ == 0) profile_ = p;
  else if (engine().HasProfile(p)) profile_ = engine().CanonicalProfile(p);  // "kuma" is kuma-2.14
}

const Report& OpenDocument::report() const {
  if (const Report* r = inspection_.Find(profile_)) return *r;
  static const Report kEmpty;
  return inspection_.reports.empty() ? kEmpty : inspection_.reports.front();
}

ProblemCounts OpenDocument::problem_counts() const {
  // A report is replaced only with the inspection (Apply, which bumps generation_); the profile
  // picks another report (another address).
  const Report& r = report();
  if (&r != counted_report_ || generation_ != counted_generation_) {
    counted_ = CountProblems(r.diagnostics);
    counted_report_ = &r;
    counted_generation_ = generation_;
  }
  return counted_;
}

nlohmann::ordered_json OpenDocument::ReportJson() const { return cfgi::ReportJson(engine(), profile_, report()); }

void OpenDocument::RestoreText(const std::string& name, std::optional<std::string> text, bool edited) {
  doc::TextEncoding enc;
  if (text) enc = doc::DecodeText(&*text);
  for (SourceFile& f : files_) {
    if (f.name != name || !f.editable) continue;
    if (text) {
      f.text = std::move(*text);
      f.encoding = enc;
    }
    f.dirty = edited;
    ++text_version_;
    return;
  }
  if (!text) return;
  files_.push_back({name, std::move(*text), true, edited, enc});
  ++text_version_;
}

bool OpenDocument::dirty() const {
  for (const SourceFile& f : files_)
    if (f.dirty) return true;
  return false;
}

void OpenDocument::SetEngine(std::string name, double now) {
  if (name == engine_request_) return;
  engine_request_ = std::move(name);
  reload_ = true;
  due_ = now;
}

void OpenDocument::SetHideDeadLints(bool on, double now) {
  if (on == hide_dead_lints_) return;
  hide_dead_lints_ = on;
  reload_ = true;
  due_ = now;
}

void OpenDocument::SetQuery(Query q, double now) {
  query_ = std::move(q);
  due_ = now;
}

void OpenDocument::Edit(int i, std::string text, double now) {
  SourceFile& f = files_[static_cast<size_t>(i)];
  if (!f.editable || f.text == text) return;
  f.text = std::move(text);
  Edited(i, now);
}

bool OpenDocument::Editable(int i) const {
  return i >= 0 && static_cast<size_t>(i) < files_.size() && files_[static_cast<size_t>(i)].editable;
}

std::string* OpenDocument::EditableText(int i) {
  if (!Editable(i)) return nullptr;
  return &files_[static_cast<size_t>(i)].text.Mutable();
}

void OpenDocument::Edited(int i, double now) {
  files_[static_cast<size_t>(i)].dirty = true;
  reload_ = true;
  due_ = now + kDebounceSeconds;
  ++text_version_;
}

std::optional<double> OpenDocument::PendingIn(double now) const {
  if (!due_) return std::nullopt;
  return *due_ > now ? *due_ - now : 0.0;
}

bool OpenDocument::EvaluateIfDue(double now) {
  if (evaluating_ || !due_ || *due_ > now) return false;
  Evaluate();
  return true;
}

struct OpenDocument::Evaluated {
  std::vector<SourceFile> files;
  Inspection inspection;
  std::shared_ptr<const ViewRows> view_rows;  // BuildViewRows(inspection), on the worker
  std::string profile;
  std::string engine_rule;
  double ms = 0;
};

namespace {

// A query change with the texts unchanged (a dataplane switch): the evaluation reuses the
// scenario already read and the engine's model of it (Engine::Requery), so the app never holds
// a large mesh twice nor parses it again.
struct Reuse {
  std::shared_ptr<const Scenario> scenario;
  const Engine* engine = nullptr;
  std::shared_ptr<const EngineModel> model;
  std::string rule;
};

// The profile when the user has not chosen one: the core's one rule (cfgi::ChooseProfile, as the
// CLI), with a scenario `profile:` the engine lacks ignored (the app shows the default instead).
std::string FittingProfile(const Engine& e, const Scenario& s) {
  std::string p = ChooseProfile(e, s, "");
  return e.HasProfile(p) ? p : e.DefaultProfileFor(s);
}

// The whole evaluation, on copies: safe to run on a worker thread.
std::shared_ptr<OpenDocument::Evaluated> Compute(std::vector<SourceFile> files, size_t n_opened,
                                           const OpenDocument::Reader& read, std::string profile, const Query& query,
                                           const std::string& engine_request, bool hide_dead_lints,
                                           const std::vector<doc::Diagnostic>& source_diagnostics,
                                           const Reuse& reuse, const OpenDocument::Hooks& hooks) {
  if (hooks.progress) hooks.progress("read", 0);
  auto t0 = std::chrono::steady_clock::now();
  auto out = std::make_shared<OpenDocument::Evaluated>();
  if (reuse.scenario) {
    out->files = std::move(files);
    out->engine_rule = reuse.rule;
    const Engine& e = *reuse.engine;
    if (profile.empty() || !e.HasProfile(profile)) profile = FittingProfile(e, *reuse.scenario);
    profile = e.CanonicalProfile(profile);
    out->profile = profile;
    InspectOptions options;
    if (hide_dead_lints) options.suppressions = DeadConfigurationSuppressions();
    options.progress = hooks.progress;
    options.cancelled = hooks.cancelled;
    options.previous = reuse.model;
    options.result_json = ViewDrawsResultJson(e.name());  // the views draw typed results
    out->inspection = Inspect(e, reuse.scenario, query, options);
    if (out->inspection.cancelled) return nullptr;
    out->view_rows = BuildViewRows(out->inspection);        // here, not in the frame that shows it
    for (SourceFile& f : out->files) f.text.IndexLines();  // here, not in the frame that shows it
    out->ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return out;
  }
  // Keep the opened files and the referenced ones (their edits); embedded sources are rebuilt.
  std::vector<SourceFile> keep;
  for (size_t i = 0; i < files.size(); ++i)
    if (i < n_opened || files[i].editable) keep.push_back(std::move(files[i]));
  files = std::move(keep);

  std::vector<InputFile> inputs;
  for (size_t i = 0; i < n_opened; ++i) inputs.push_back({files[i].name, files[i].text});
  // Referenced files: the edited text when we have it, else the reader's.
  std::vector<std::string> referenced;
  auto scenario = std::make_shared<Scenario>();
  *scenario = LoadScenario(inputs, [&](const std::string& s, const std::string& rel) -> std::optional<std::string> {
    std::string full = Sibling(s, rel);
    referenced.push_back(full);
    for (const SourceFile& f : files)
      if (f.name == full && f.editable) return f.text.str();
    std::optional<std::string> text = read ? read(full) : std::nullopt;
    if (text) {
      std::string shown = *text;
      doc::TextEncoding enc = doc::DecodeText(&shown);
      files.push_back({full, std::move(shown), true, false, enc});
    }
    return text;
  });
  // Drop referenced files the scenario no longer names (unless edited).
  for (size_t i = 0; i < files.size(); ++i) {
    bool named = i < n_opened || files[i].dirty;
    for (const std::string& r : referenced) named |= r == files[i].name;
    if (named) out->files.push_back(std::move(files[i]));
  }
  // Sources embedded in the envelope are shown read-only.
  for (const doc::Document& src : scenario->sources) {
    bool known = false;
    for (const SourceFile& f : out->files) known |= f.name == src.source->name();
    if (!known) out->files.push_back({src.source->name(), src.source->text(), false, false});
  }

  scenario->diagnostics.insert(scenario->diagnostics.end(), source_diagnostics.begin(), source_diagnostics.end());
  // The one pipeline (cfgi::Inspect): load the engine's model once, evaluate every profile,
  // compare them. Views draw what it returns.
  // The engine by the rules of docs/formats.md (the user's choice first); ENG diagnostics and
  // skipped Kubernetes kinds go into the scenario.
  const Engine* chosen = SelectEngine(scenario.get(), EngineRequest{engine_request, ""}, &out->engine_rule);
  if (!chosen) chosen = SelectEngine(scenario.get(), EngineRequest{}, &out->engine_rule);  // a name no engine has
  const Engine& e = *chosen;
  if (profile.empty() || !e.HasProfile(profile)) profile = FittingProfile(e, *scenario);
  profile = e.CanonicalProfile(profile);
  out->profile = profile;
  if (hooks.cancelled && hooks.cancelled()) return nullptr;
  InspectOptions options;
  if (hide_dead_lints) options.suppressions = DeadConfigurationSuppressions();  // the core's one mechanism
  options.progress = hooks.progress;
  options.cancelled = hooks.cancelled;
  options.result_json = ViewDrawsResultJson(e.name());  // the views draw typed results
  out->inspection = Inspect(e, std::move(scenario), query, options);
  if (out->inspection.cancelled) return nullptr;
  out->view_rows = BuildViewRows(out->inspection);        // here, not in the frame that shows it
  for (SourceFile& f : out->files) f.text.IndexLines();  // here, not in the frame that shows it
  out->ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace

void OpenDocument::Evaluate() {
  due_.reset();
  Reuse reuse;
  if (!reload_ && generation_ > 0)
    reuse = {inspection_.scenario, inspection_.engine, inspection_.model, engine_rule_};
  reload_ = false;
  Apply(std::move(*Compute(files_, n_opened_, read_, profile_, query_, engine_request_, hide_dead_lints_,
                            source_diagnostics_, reuse, Hooks{})),
        text_version_);
}

std::function<std::shared_ptr<OpenDocument::Evaluated>(const OpenDocument::Hooks&)> OpenDocument::StartEvaluation() {
  due_.reset();
  evaluating_ = true;
  snapshot_version_ = text_version_;
  Reuse reuse;
  if (!reload_ && generation_ > 0)
    reuse = {inspection_.scenario, inspection_.engine, inspection_.model, engine_rule_};
  snapshot_reload_ = reload_;
  reload_ = false;
  return [files = files_, n = n_opened_, read = read_, profile = profile_, query = query_, engine = engine_request_,
          hide = hide_dead_lints_, extra = source_diagnostics_, reuse = std::move(reuse)](const Hooks& hooks) mutable {
    return Compute(std::move(files), n, read, profile, query, engine, hide, extra, reuse, hooks);
  };
}

std::shared_ptr<void> OpenDocument::FinishEvaluation(std::shared_ptr<Evaluated> outcome) {
  evaluating_ = false;
  if (!outcome) {
    reload_ |= snapshot_reload_;  // the cancelled one's reason to read the texts again stands
    if (!due_) due_ = 0.0;  // cancelled with nothing newer scheduled: evaluate again
    return nullptr;
  }
  return Apply(std::move(*outcome), snapshot_version_);
}

std::shared_ptr<void> OpenDocument::Apply(Evaluated&& o, uint64_t snapshot_version) {
  // Everything this replaces goes to the caller, to be freed off the UI thread: the inspection,
  // the view's texts (a large mesh's KRI names: 186,000 keys per result took 70 ms to free on the
  // UI thread, tests/gui/scale.sh mesh-30mb), the texts the outcome replaced and whatever of the
  // outcome was not taken.
  struct Replaced {
    Inspection inspection;
    std::shared_ptr<const ViewRows> view_rows;
    std::vector<SourceFile> files;
    Evaluated rest;
  };
  auto old = std::make_shared<Replaced>();
  if (snapshot_version == text_version_) {
    old->files = std::move(files_);
    files_ = std::move(o.files);
  } else {
    // Edited while evaluating: keep the texts being edited, take any newly referenced or
    // embedded files, and evaluate again.
    for (SourceFile& f : o.files) {
      bool known = false;
      for (const SourceFile& g : files_) known |= g.name == f.name;
      if (!known) files_.push_back(std::move(f));
    }
    due_ = 0.0;
  }
  old->inspection = std::move(inspection_);
  inspection_ = std::move(o.inspection);
  old->view_rows = std::move(view_rows_);
  view_rows_ = std::move(o.view_rows);
  engine_rule_ = std::move(o.engine_rule);
  if (profile_.empty() || !engine().HasProfile(profile_)) profile_ = o.profile;
  profile_ = engine().CanonicalProfile(profile_);
  eval_ms_ = o.ms;
  ++generation_;
  ++text_version_;
  old->rest = std::move(o);
  return old;
}

}  // namespace cfgi::gui
