// App: the open documents. Opening (files, paths, restored documents), closing and activating
// them, the samples found under samples/, evaluation on the worker thread and the swap of views
// when it reports, and File > Export result.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>

#include <imgui.h>

#include "app/gui/app.h"
#include "app/gui/app_internal.h"
#include "app/gui/theme.h"
#include "core/doc/load.h"
#include "core/doc/utf8.h"
#include "core/engine/group.h"

namespace cfgi::gui {

namespace fs = std::filesystem;

// ---- documents ----

// File > Open..., Ctrl+O and the Open buttons of the sidebar and the welcome screen: the
// platform's picker where it has one (web), else the in-app browser, starting in the active
// document's directory.
void App::ShowOpenDialog() {
  if (platform::OpenFilePicker([this](std::vector<platform::File> files) { OpenDropped(std::move(files)); })) return;
  browser_.OpenForOpen(active_doc() ? DirName(active_doc()->path()) : browser_.dir(),
                       [this](std::vector<std::string> paths) { OpenPaths(paths); });
}

void App::OpenPaths(const std::vector<std::string>& paths, const OpenState& state) {
  // A large sample the page did not bundle is fetched first (web); opened once it is in.
  if (platform::FetchBeforeOpen(paths, [this, paths, state](bool ok) {
        if (ok) OpenPaths(paths, state);
      }))
    return;
  // Reading is I/O and, for a 30 MB file, ~150 ms of page faults; grouping parses every file
  // (GroupFiles: 1.6 s for large-mesh in the browser). After start-up both run off the UI thread
  // (a job of its own thread: never queued behind an evaluation), the window keeps drawing with
  // the status bar's progress, and the documents open when the groups are made. At start-up
  // (before the first frame) the files named on the command line are read and grouped at once.
  struct Read {
    std::vector<std::vector<platform::File>> groups;
    std::vector<std::string> unreadable;
  };
  auto read = [paths, state] {
    auto r = std::make_shared<Read>();
    std::vector<platform::File> files;
    for (const std::string& path : paths) {
      if (auto text = platform::ReadFile(path)) files.push_back({path, std::move(*text)});
      else r->unreadable.push_back(path);
    }
    r->groups = GroupedForOpening(std::move(files), state);
    return r;
  };
  auto open = [this, state](Read& r) {
    for (const std::string& path : r.unreadable) {
      status_ = std::string(theme::kIconError) + " cannot read " + path;
      status_until_ = platform::Now() + 6;
      recent_.erase(std::remove(recent_.begin(), recent_.end(), path), recent_.end());
    }
    for (std::vector<platform::File>& group : r.groups) OpenGroup(std::move(group), state);
  };
  if (!started_) {
    auto r = read();
    open(*r);
    return;
  }
  auto result = std::make_shared<std::shared_ptr<Read>>();
  Job job;
  job.key = "open/" + (paths.empty() ? std::string() : paths.front());
  job.title = "Reading " + (paths.empty() ? std::string() : paths.front());
  job.own_thread = true;
  job.work = [read, result](JobProgress&) { *result = read(); };
  job.done = [open, result] {
    if (*result) open(**result);
  };
  jobs_.Submit(std::move(job));
}

// Files opened or dropped together that different engines read: one document per group, as the
// CLI makes one report per group (core/engine/group.h; DESIGN.md "Many files, one report"). Files
// no engine recognises are one document of their own, with ENG001 on each. One file, or an engine
// already chosen (a restored session), is one group as it is. Parses every file: callers run it
// on a worker where the UI is up (OpenPaths, OpenDropped).
std::vector<std::vector<platform::File>> App::GroupedForOpening(std::vector<platform::File> files, const OpenState& state) {
  std::vector<std::vector<platform::File>> out;
  if (files.empty()) return out;
  if (files.size() > 1 && state.engine.empty()) {
    std::vector<InputFile> inputs;
    for (const platform::File& f : files) inputs.push_back({f.path, f.text});
    std::vector<FileGroup> groups = GroupFiles(inputs, EngineRequest{});
    if (groups.size() > 1) {
      for (FileGroup& g : groups) {
        std::vector<platform::File>& part = out.emplace_back();
        for (InputFile& f : g.files) part.push_back({f.name, std::move(f.text)});
      }
      return out;
    }
  }
  out.push_back(std::move(files));
  return out;
}

void App::OpenDropped(std::vector<platform::File> files) {
  if (files.size() < 2) {
    OpenFiles(std::move(files));
    return;
  }
  auto in = std::make_shared<std::vector<platform::File>>(std::move(files));
  auto groups = std::make_shared<std::vector<std::vector<platform::File>>>();
  static uint64_t serial = 0;
  jobs_.Submit({"open/" + std::to_string(++serial), "Opening " + std::to_string(in->size()) + " files",
                [in, groups](JobProgress& progress) {
                  progress.Step("group", 0);
                  *groups = GroupedForOpening(std::move(*in), {});
                },
                [this, groups] {
                  for (std::vector<platform::File>& part : *groups) OpenGroup(std::move(part), {});
                }});
}

void App::OpenFiles(std::vector<platform::File> files, const OpenState& state) {
  for (std::vector<platform::File>& group : GroupedForOpening(std::move(files), state)) OpenGroup(std::move(group), state);
}

void App::OpenGroup(std::vector<platform::File> files, const OpenState& state) {
  int i = -1;
  // Re-opening a file that is already open activates it (and reloads it when unchanged here).
  if (files.size() == 1) {
    for (size_t k = 0; k < docs_.size() && i < 0; ++k) {
      if (docs_[k].doc->path() != files[0].path) continue;
      if (!docs_[k].doc->dirty()) {
        doc::DecodeText(&files[0].text);  // as OpenDocument::Open keeps it: no BOM, no CRLF
        docs_[k].doc->Edit(0, files[0].text, platform::Now() - 1);
        docs_[k].doc->MarkSaved(0);
      }
      i = static_cast<int>(k);
    }
  }
  if (i < 0) {
    std::vector<InputFile> inputs;
    for (platform::File& f : files) inputs.push_back({f.path, std::move(f.text)});
    for (const InputFile& f : inputs) AddRecent(f.name);
    Open o;
    // Evaluated off the UI thread from the next frame on (large files must not freeze the window).
    o.doc = OpenDocument::Open(std::move(inputs), [](const std::string& p) { return platform::ReadFile(p); },
                           /*evaluate_now=*/false);
    // The document's saved "Hide dead-configuration lints" (settings.json), before its first evaluation.
    if (hide_dead_lints_.count(DocumentKey(o.doc->path()))) o.doc->SetHideDeadLints(true, platform::Now());
    o.view_engine = std::string(o.doc->engine().name());
    o.view = CreateView(o.view_engine);
    o.seen_generation = o.doc->generation();
    for (const OpenState::RestoredFile& r : state.restored) o.doc->RestoreText(r.path, r.text, r.edited);
    docs_.push_back(std::move(o));
    i = static_cast<int>(docs_.size()) - 1;
  }
  welcome_ = false;  // what was opened replaces the welcome page
  Open& o = docs_[static_cast<size_t>(i)];
  if (!state.profile.empty() && state.profile != o.doc->profile()) {
    o.doc->set_profile(state.profile);  // before the first evaluation: checked when it arrives
    selected_step_ = nullptr;
    selected_problem_ = -1;
  }
  if (!state.engine.empty()) o.doc->SetEngine(state.engine, platform::Now());
  if (!state.view.empty()) {
    // Applied again if the first evaluation replaces the generic view with the engine's.
    o.restored_view = state.view;
    o.view->LoadState(state.view);
  }
  Activate(i);
}

void App::CloseDocument(int i) {
  if (i < 0 || i >= static_cast<int>(docs_.size())) return;
  jobs_.Cancel(EvaluationKey(*docs_[static_cast<size_t>(i)].doc));
  docs_.erase(docs_.begin() + i);
  if (docs_.empty()) {
    active_ = -1;
    selected_step_ = nullptr;
    source_view_.Reset();
    return;
  }
  Activate(std::min(i, static_cast<int>(docs_.size()) - 1));
}

void App::Activate(int i) {
  welcome_ = false;  // choosing a document leaves the welcome page
  if (i == active_) return;
  active_ = i;
  selected_step_ = nullptr;
  selected_problem_ = -1;
  source_view_.Reset();
  if (OpenDocument* d = active_doc()) platform::SetWindowTitle(d->title() + " - Config Inspector");
}

void App::SyncViews() {
  for (Open& o : docs_) {
    if (o.seen_generation == o.doc->generation()) continue;
    const bool first = o.seen_generation == 0;
    o.seen_generation = o.doc->generation();
    if (o.view_engine != o.doc->engine().name()) {  // an edit changed which engine reads it
      o.view_engine = std::string(o.doc->engine().name());
      o.view = CreateView(o.view_engine);
      if (first && !o.restored_view.empty()) o.view->LoadState(o.restored_view);
    }
    o.view->OnEvaluated(*o.doc);
    ++results_applied_;
    if (o.doc.get() == active_doc()) {
      selected_step_ = nullptr;
      selected_problem_ = -1;
      if (first) platform::SetWindowTitle(o.doc->title() + " - Config Inspector");
      // After the first evaluation, show the worst problem's file in the Source panel.
      const auto& diags = o.doc->report().diagnostics;
      if (first && !diags.empty()) {
        const doc::Diagnostic* worst = &diags.front();
        for (const doc::Diagnostic& x : diags)
          if (x.severity < worst->severity) worst = &x;
        JumpTo(worst->file, worst->range);
      }
    }
  }
}

// The document's evaluation is a job (jobs.h) keyed by the document: a newer one (an edit, a
// query, an engine switch) cancels it. Its outcome is applied at the start of a frame; the
// inspection it replaces is released on the worker (freeing a large mesh's model takes long).
std::string App::EvaluationKey(const OpenDocument& d) { return "eval/" + std::to_string(reinterpret_cast<uintptr_t>(&d)); }

void App::StartEvaluation(Open& o) {
  auto work = o.doc->StartEvaluation();
  auto outcome = std::make_shared<std::shared_ptr<OpenDocument::Evaluated>>();
  std::weak_ptr<OpenDocument> weak = o.doc;
  Job job;
  job.key = EvaluationKey(*o.doc);
  job.title = "Evaluating " + o.doc->title();
  job.work = [work = std::move(work), outcome](JobProgress& p) mutable {
    OpenDocument::Hooks hooks{[&p](std::string_view step, float f) { p.Step(step, f); }, [&p] { return p.cancelled(); }};
    *outcome = work(hooks);
  };
  job.done = [weak, outcome] {
    std::shared_ptr<void> old;
    if (auto d = weak.lock()) old = d->FinishEvaluation(std::move(*outcome));
    outcome->reset();
    // No malloc_trim after it: trimming locks every malloc arena, the UI thread's included, and
    // stalled frames by 20-50 ms while typing in a 3.5 MB file; freed memory is reused by the
    // next evaluation (the peak RSS the scale test measures did not change without it).
    if (old) platform::RunAsync([old = std::move(old)]() mutable { old.reset(); }, nullptr);
  };
  jobs_.Submit(std::move(job));
}

bool App::Busy() const {
  for (const Open& o : docs_)
    if (o.doc->evaluating() || o.doc->PendingIn(platform::Now())) return true;
  return jobs_.busy();
}

// ---- samples ----

namespace {

// A scenario's top-level `title:` line, read from its first 64 lines only (a scenario starts with
// its title; a large one is not read whole at start-up); "" when there is none.
std::string TitleLine(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  for (int n = 0; n < 64 && std::getline(in, line); ++n)
    if (line.rfind("title:", 0) == 0) return line;
  return "";
}

}  // namespace

void App::ScanSamples() {
  samples_.clear();
  for (const std::string& dir : sample_dirs_) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) continue;
    for (fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec), end;
         !ec && it != end; it.increment(ec)) {
      std::string name = it->path().filename().string();
      const std::string suffix = ".scenario.yaml";
      if (!it->is_regular_file() || name.size() < suffix.size() ||
          name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
        continue;
      Sample s;
      s.path = it->path().string();
      // The group is the path below `dir`, cut as text: fs::relative canonicalises both paths
      // (a readlink per component, slow in the browser's file system: 38 ms of the web app's start).
      const std::string parent = it->path().parent_path().string();
      s.group = parent.size() > dir.size() && parent.compare(0, dir.size(), dir) == 0
                    ? parent.substr(dir.size() + (dir.back() == '/' ? 0 : 1))
                    : std::string();
      s.title = name.substr(0, name.size() - suffix.size());
      // Only the top-level `title:` line is read (by yaml-cpp, so quoting is YAML's), from the
      // file's first lines: the whole scenario is parsed when it is opened, not at start-up for
      // every sample (the first frame).
      if (std::string line = TitleLine(s.path); !line.empty()) {
        doc::Document d = doc::LoadDocument(s.path, line);
        if (const doc::Node* r = d.root(); r && r->is_map()) {
          std::string t = r->GetString("title");
          if (!t.empty()) s.title = t;
        }
      }
      samples_.push_back(std::move(s));
    }
    if (!samples_.empty()) break;
  }
  // Engines in the welcome page's order (EngineCards), other directories after them by name;
  // titles alphabetically within each.
  auto rank = [](const std::string& group) {
    const auto& cards = EngineCards();
    for (size_t i = 0; i < cards.size(); ++i)
      if (group == cards[i].engine) return i;
    return cards.size();
  };
  std::sort(samples_.begin(), samples_.end(), [&rank](const Sample& a, const Sample& b) {
    if (a.group != b.group) {
      size_t ra = rank(a.group), rb = rank(b.group);
      return ra != rb ? ra < rb : a.group < b.group;
    }
    return a.title < b.title;
  });
}

const Sample* App::FindSample(const std::string& rel) const {
  for (const Sample& s : samples_)
    if (s.path.size() > rel.size() && s.path.compare(s.path.size() - rel.size(), std::string::npos, rel) == 0 &&
        s.path[s.path.size() - rel.size() - 1] == '/')
      return &s;
  return nullptr;
}


// ---- export ----

void App::ExportResult() {
  OpenDocument* d = active_doc();
  if (!d) return;
  std::string name = BaseName(d->path());
  for (const char* ext : {".scenario.yaml", ".yaml", ".yml", ".json", ".textproto"}) {
    std::string e = ext;
    if (name.size() > e.size() && name.compare(name.size() - e.size(), e.size(), e) == 0) {
      name = name.substr(0, name.size() - e.size());
      break;
    }
  }
  name += "." + d->profile() + ".result.json";
  std::string data = doc::JsonText(d->ReportJson(), 2) + "\n";
  auto done = [this](bool ok, std::string where) {
    status_ = ok ? std::string(theme::kIconOk) + " exported " + where : std::string(theme::kIconError) + " cannot write " + where;
    status_until_ = platform::Now() + 5;
  };
  if (!platform::HasFileSystem()) {
    platform::SaveAs("", name, std::move(data), done);
    return;
  }
  browser_.OpenForSave(DirName(d->path()).empty() ? "." : DirName(d->path()), name,
                       [name, data, done](std::vector<std::string> paths) {
                         if (!paths.empty()) platform::SaveAs(paths[0], name, data, done);
                       });
}

}  // namespace cfgi::gui
