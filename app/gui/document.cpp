#include "app/gui/document.h"

#include <chrono>

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

std::unique_ptr<Document> Document::Open(std::vector<InputFile> files, Reader read) {
  std::unique_ptr<Document> d(new Document());
  for (InputFile& f : files) d->files_.push_back({std::move(f.name), std::move(f.text), true, false});
  if (d->files_.empty()) d->files_.push_back({"untitled.yaml", "", true, false});
  d->n_opened_ = d->files_.size();
  d->read_ = std::move(read);
  d->Evaluate();
  return d;
}

std::string Document::title() const {
  if (!scenario_.title.empty()) return scenario_.title;
  return BaseName(path());
}

int Document::FileIndex(const std::string& name) const {
  std::string want = name;
  if (want.empty() && !scenario_.sources.empty()) want = scenario_.sources.front().source->name();
  for (size_t i = 0; i < files_.size(); ++i)
    if (files_[i].name == want) return static_cast<int>(i);
  return -1;
}

void Document::set_profile(const std::string& p) {
  if (engine_ && engine_->HasProfile(p)) profile_ = p;
}

const Report& Document::report() const {
  for (const auto& [name, r] : reports_)
    if (name == profile_) return r;
  static const Report kEmpty;
  return reports_.empty() ? kEmpty : reports_.front().second;
}

nlohmann::ordered_json Document::ReportJson() const {
  for (const auto& [name, j] : report_jsons_)
    if (name == profile_) return j;
  return cfgi::ReportJson(*engine_, profile_, report());
}

bool Document::dirty() const {
  for (const SourceFile& f : files_)
    if (f.dirty) return true;
  return false;
}

void Document::Edit(int i, std::string text, double now) {
  SourceFile& f = files_[static_cast<size_t>(i)];
  if (!f.editable || f.text == text) return;
  f.text = std::move(text);
  Edited(i, now);
}

std::string* Document::EditableText(int i) {
  if (i < 0 || static_cast<size_t>(i) >= files_.size() || !files_[static_cast<size_t>(i)].editable) return nullptr;
  return &files_[static_cast<size_t>(i)].text;
}

void Document::Edited(int i, double now) {
  files_[static_cast<size_t>(i)].dirty = true;
  due_ = now + kDebounceSeconds;
  ++text_version_;
}

std::optional<double> Document::PendingIn(double now) const {
  if (!due_) return std::nullopt;
  return *due_ > now ? *due_ - now : 0.0;
}

bool Document::EvaluateIfDue(double now) {
  if (!due_ || *due_ > now) return false;
  Evaluate();
  return true;
}

std::optional<std::string> Document::ReadReferenced(const std::string& scenario, const std::string& rel) {
  std::string full = Sibling(scenario, rel);
  for (const SourceFile& f : files_)
    if (f.name == full && f.editable) return f.text;
  std::optional<std::string> text = read_ ? read_(full) : std::nullopt;
  if (text) files_.push_back({full, *text, true, false});
  return text;
}

void Document::Evaluate() {
  auto t0 = std::chrono::steady_clock::now();
  due_.reset();
  // Keep the opened files and edited referenced files; embedded sources are rebuilt.
  std::vector<SourceFile> keep;
  for (size_t i = 0; i < files_.size(); ++i)
    if (i < n_opened_ || files_[i].editable) keep.push_back(std::move(files_[i]));
  files_ = std::move(keep);

  std::vector<InputFile> inputs;
  for (size_t i = 0; i < n_opened_; ++i) inputs.push_back({files_[i].name, files_[i].text});
  // Referenced files are read through ReadReferenced, which prefers the edited text.
  std::vector<std::string> referenced;
  scenario_ = LoadScenario(inputs, [&](const std::string& s, const std::string& rel) {
    referenced.push_back(Sibling(s, rel));
    return ReadReferenced(s, rel);
  });
  // Drop referenced files the scenario no longer names (unless edited).
  std::vector<SourceFile> kept;
  for (size_t i = 0; i < files_.size(); ++i) {
    bool named = i < n_opened_ || files_[i].dirty;
    for (const std::string& r : referenced) named |= r == files_[i].name;
    if (named) kept.push_back(std::move(files_[i]));
  }
  files_ = std::move(kept);
  // Sources embedded in the envelope are shown read-only.
  for (const doc::Document& src : scenario_.sources) {
    if (FileIndex(src.source->name()) >= 0) continue;
    files_.push_back({src.source->name(), src.source->text(), false, false});
  }

  engine_ = DetectEngine(scenario_);
  if (profile_.empty() || !engine_->HasProfile(profile_))
    profile_ = engine_->HasProfile(scenario_.profile) ? scenario_.profile : engine_->profiles().front().name;

  reports_.clear();
  report_jsons_.clear();
  std::vector<std::pair<std::string, nlohmann::ordered_json>> results;
  Query q;
  for (const doc::Profile& p : engine_->profiles()) {
    Report r = RunScenario(*engine_, scenario_, q, p.name, /*evaluate=*/true);
    report_jsons_.emplace_back(p.name, cfgi::ReportJson(*engine_, p.name, r));
    doc::SortDiagnostics(r.diagnostics);
    results.emplace_back(p.name, r.result);
    reports_.emplace_back(p.name, std::move(r));
  }
  divergences_ = results.size() > 1 ? Divergences(results) : nlohmann::ordered_json::array();
  errors_ = warnings_ = 0;
  for (const doc::Diagnostic& d : report().diagnostics) {
    errors_ += d.severity == doc::Severity::kError;
    warnings_ += d.severity == doc::Severity::kWarning;
  }
  ++generation_;
  ++text_version_;
  eval_ms_ = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace cfgi::gui
