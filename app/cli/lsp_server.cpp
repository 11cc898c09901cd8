// app/cli/lsp_server.cpp: `config-inspector-cli lsp` (lsp.h). The endpoint (app/lsp) reads
// stdin and runs the handlers on its dispatch thread; a worker thread checks the open documents
// of a directory together (check_run.h InspectGroups: exactly `check`'s findings for those files)
// after a debounce, and publishes each file's diagnostics. An edit while a check runs cancels
// it (InspectOptions::cancelled, asked between its steps), and a result is published only while
// its directory's generation is the one it was computed for, under the lock the edits take: a
// stale result is never published.
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <thread>

#include "app/cli/common.h"
#include "app/cli/lsp.h"
#include "app/cli/sarif.h"
#include "app/lsp/endpoint.h"
#include "app/lsp/position.h"
#include "core/doc/codes.h"
#include "core/doc/suggest.h"

namespace cfgi::cli {

namespace fs = std::filesystem;
using nlohmann::json;

std::string NormalPath(const std::string& path) { return fs::path(path).lexically_normal().generic_string(); }

namespace {

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string DirOf(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
}

// The comment that starts a line in a file of this format ("" when it has none: JSON).
std::string CommentLeader(doc::Format f) {
  switch (f) {
    case doc::Format::kYaml:
    case doc::Format::kTextProto:
      return "#";
    case doc::Format::kText:
      return ";";
    case doc::Format::kJson:
      return "";
  }
  return "";
}

}  // namespace

std::string UriToPath(std::string_view uri) {
  constexpr std::string_view kScheme = "file://";
  if (uri.substr(0, kScheme.size()) != kScheme) return "";
  uri.remove_prefix(kScheme.size());
  if (uri.empty() || uri.front() != '/') return "";  // file://host/... is not local
  std::string out;
  for (size_t i = 0; i < uri.size(); ++i) {
    if (uri[i] == '%' && i + 2 < uri.size() + 0 && HexValue(uri[i + 1]) >= 0 && HexValue(uri[i + 2]) >= 0) {
      out += static_cast<char>(HexValue(uri[i + 1]) * 16 + HexValue(uri[i + 2]));
      i += 2;
    } else {
      out += uri[i];
    }
  }
  return out;
}

std::string PathToUri(std::string_view path) {
  std::string out = "file://";
  for (unsigned char c : path) {
    if (std::isalnum(c) || c == '/' || c == '-' || c == '.' || c == '_' || c == '~') {
      out += static_cast<char>(c);
    } else {
      char buf[4];
      std::snprintf(buf, sizeof buf, "%%%02X", c);
      out += buf;
    }
  }
  return out;
}

json LspRange(const doc::Source& src, uint32_t begin, uint32_t end) {
  auto pos = [&src](uint32_t off) {
    doc::Position p = src.Locate(off);
    return json{{"line", p.line - 1}, {"character", lsp::Utf16Column(src.Line(p.line), p.column - 1)}};
  };
  return json{{"start", pos(begin)}, {"end", pos(std::max(begin, end))}};
}

uint32_t LspOffset(const doc::Source& src, const json& position) {
  int line = position.value("line", 0) + 1;
  size_t character = position.value("character", 0);
  if (line < 1) return 0;
  if (line > src.line_count()) return static_cast<uint32_t>(src.text().size());
  size_t col = lsp::ByteColumn(src.Line(line), character);
  return src.Offset(line, static_cast<int>(col) + 1);
}

json LspDiagnostic(const doc::Diagnostic& d, const doc::Source* src, const std::string& docs_url,
                   const SourceOf& source_of) {
  json range = {{"start", {{"line", 0}, {"character", 0}}}, {"end", {{"line", 0}, {"character", 0}}}};
  if (src && d.begin.line >= 1) {
    doc::Position end = DiagnosticEnd(d, src);
    auto at = [src](doc::Position p) {
      return json{{"line", p.line - 1}, {"character", lsp::Utf16Column(src->Line(p.line), p.column - 1)}};
    };
    range = {{"start", at(d.begin)}, {"end", at(end)}};
  }
  json j = {{"range", range},
            {"severity", d.severity == doc::Severity::kError     ? 1
                         : d.severity == doc::Severity::kWarning ? 2
                                                                 : 3},
            {"code", d.code},
            {"source", "config-inspector"},
            {"message", d.message}};
  if (doc::FindCode(d.code)) j["codeDescription"] = {{"href", docs_url + "#" + doc::CodeAnchor(d.code)}};
  j["data"] = {{"path", d.path}};
  if (!d.related.empty() && source_of) {
    json related = json::array();
    for (const doc::Related& r : d.related) {
      const doc::Source* at = source_of(r.file);
      if (!at) continue;
      related.push_back(
          json{{"location",
                {{"uri", PathToUri(fs::absolute(r.file).lexically_normal().generic_string())},
                 {"range", LspRange(*at, r.range.begin, r.range.end)}}},
               {"message", r.message}});
    }
    if (!related.empty()) j["relatedInformation"] = std::move(related);
  }
  return j;
}

namespace {

struct OpenDoc {
  std::string uri, path, text;
  int version = 0;
};

// The last complete check of a directory's open documents.
struct DirResult {
  std::vector<GroupRun> runs;
  std::map<std::string, int> versions;  // path -> version checked
  // path -> its findings; a finding of a source embedded in a scenario file (`text: |`) is
  // placed in that file (EmbeddedFindings), so its file, range and position are the scenario's.
  std::map<std::string, std::vector<doc::Diagnostic>> diagnostics;
  std::map<std::string, std::vector<doc::Format>> formats;  // the format each finding's text is in
  std::mutex eval_mu;                                       // guards evals
  std::map<size_t, std::shared_ptr<Inspection>> evals;      // run index -> `eval` of it

  // The run whose scenario has `path` as a source (or as its envelope); null when none.
  const GroupRun* RunOf(const std::string& path, size_t* index) const {
    for (size_t i = 0; i < runs.size(); ++i) {
      const Scenario& s = *runs[i].scenario;
      bool has = (s.envelope && s.envelope->source && NormalPath(s.envelope->source->name()) == path);
      for (const doc::Document& d : s.sources) has = has || NormalPath(d.source->name()) == path;
      if (has) {
        *index = i;
        return &runs[i];
      }
    }
    return nullptr;
  }
  // The source named `file` in any group (a finding's related place); null when none.
  const doc::Source* SourceOf(const std::string& file) const {
    for (const GroupRun& run : runs)
      if (const doc::Document* d = DocumentOf(*run.scenario, NormalPath(file))) return d->source.get();
    return nullptr;
  }
  static const doc::Document* DocumentOf(const Scenario& s, const std::string& path) {
    if (s.envelope && s.envelope->source && NormalPath(s.envelope->source->name()) == path) return &*s.envelope;
    for (const doc::Document& d : s.sources)
      if (NormalPath(d.source->name()) == path) return &d;
    return nullptr;
  }
};

// A source written inside a scenario file as a literal block (`sources: [{name, text: |}]`): its
// lines are the scenario's lines from `first_line` on, each indented by `indent` bytes (YAML's
// literal block keeps every line as written, after the indentation). Folded (`>`), quoted and
// plain scalars do not keep lines: their findings stay unplaced (docs/editors.md).
struct Embedded {
  std::string host;  // the scenario file's path
  const doc::Source* host_src = nullptr;
  const doc::Source* src = nullptr;  // the embedded source
  int first_line = 0;
  int indent = 0;
  doc::Position Map(doc::Position p) const { return {first_line + p.line - 1, p.column + indent}; }
  // `d` with its file, range and position in the scenario file.
  doc::Diagnostic Place(const doc::Diagnostic& d) const {
    doc::Diagnostic out = d;
    out.file = host;
    doc::Position b = Map(d.begin);
    doc::Position e = Map(DiagnosticEnd(d, src));
    out.range = {host_src->Offset(b.line, b.column), host_src->Offset(e.line, e.column)};
    out.begin = host_src->Locate(out.range.begin);
    // A fix's edits move with it; each new line of an inserted text gets the block's indentation.
    for (doc::Fix& f : out.fixes)
      for (doc::Edit& x : f.edits) {
        doc::Position xb = Map(x.begin), xe = Map(x.end);
        x.range = {host_src->Offset(xb.line, xb.column), host_src->Offset(xe.line, xe.column)};
        x.begin = host_src->Locate(x.range.begin);
        x.end = host_src->Locate(x.range.end);
        for (size_t i = 0; (i = x.text.find('\n', i)) != std::string::npos; i += 1 + indent)
          x.text.insert(i + 1, std::string(indent, ' '));
      }
    return out;
  }
  // A related place of the embedded source, in the scenario file.
  void Place(doc::Related& r) const {
    doc::Position b = Map(r.begin), e = Map(r.end);
    r.file = host;
    r.range = {host_src->Offset(b.line, b.column), host_src->Offset(e.line, e.column)};
    r.begin = host_src->Locate(r.range.begin);
    r.end = host_src->Locate(r.range.end);
  }
};

// The embedded literal-block sources of `s` whose scenario file is open, by source name.
std::map<std::string, Embedded> EmbeddedSources(const Scenario& s, const std::set<std::string>& open) {
  std::map<std::string, Embedded> out;
  if (!s.envelope || !s.envelope->source || !open.count(NormalPath(s.envelope->source->name()))) return out;
  const doc::Source& host = *s.envelope->source;
  const doc::Node* root = s.envelope->root();
  const doc::Node* list = root ? root->Get("sources") : nullptr;
  if (!list || !list->is_seq()) return out;
  for (size_t i = 0; i < list->items().size(); ++i) {
    const doc::Node& item = list->items()[i];
    const doc::Node* text = item.is_map() ? item.Get("text") : nullptr;
    if (!text) continue;
    std::string name = item.GetString("name", "source" + std::to_string(i) + ".yaml");
    const doc::Document* d = s.FindSource(name);
    if (!d || host.text().compare(text->range().begin, 1, "|") != 0) continue;
    int line = host.Locate(text->range().begin).line + 1;
    while (line <= host.line_count() && host.Line(line).find_first_not_of(" \t") == std::string_view::npos)
      ++line;
    if (line > host.line_count()) continue;
    std::string_view first = host.Line(line);
    Embedded e;
    e.host = NormalPath(host.name());
    e.host_src = &host;
    e.src = d->source.get();
    // Blank lines the block starts with are part of the text: the embedded line 1 is the first
    // line after the indicator.
    e.first_line = host.Locate(text->range().begin).line + 1;
    e.indent = static_cast<int>(first.find_first_not_of(' '));
    out[name] = e;
  }
  return out;
}

class LspServer {
 public:
  LspServer(lsp::Endpoint* ep, int debounce_ms) : ep_(ep), debounce_(debounce_ms), docs_url_(DocsUrl()) {}
  ~LspServer() { Stop(); }

  void Register() {
    ep_->OnInitialize([this](const json& params) { return Initialize(params); });
    ep_->OnShutdown([this] { Stop(); });
    ep_->OnNotification("initialized", [](const json&) {});
    ep_->OnNotification("textDocument/didOpen", [this](const json& p) { DidOpen(p); });
    ep_->OnNotification("textDocument/didChange", [this](const json& p) { DidChange(p); });
    ep_->OnNotification("textDocument/didClose", [this](const json& p) { DidClose(p); });
    ep_->OnNotification("textDocument/didSave", [](const json&) {});
    ep_->OnRequest("textDocument/hover",
                   [this](const json& p, const lsp::RequestContext&) { return Hover(p); });
    ep_->OnRequest("textDocument/codeAction",
                   [this](const json& p, const lsp::RequestContext&) { return CodeActions(p); });
    ep_->OnRequest("textDocument/documentSymbol",
                   [this](const json& p, const lsp::RequestContext&) { return Symbols(p); });
    ep_->OnRequest("textDocument/definition",
                   [this](const json& p, const lsp::RequestContext&) { return Definition(p); });
  }

  void Stop() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stop_ = true;
    }
    cv_.notify_all();
    if (worker_.joinable()) worker_.join();
  }

 private:
  json Initialize(const json& params) {
    if (params.is_object() && params.contains("initializationOptions") &&
        params["initializationOptions"].is_object()) {
      const json& o = params["initializationOptions"];
      if (o.contains("debounceMs") && o["debounceMs"].is_number_integer())
        debounce_ = std::clamp(o["debounceMs"].get<int>(), 0, 10000);
    }
    worker_ = std::thread([this] { WorkerLoop(); });
    return json{{"capabilities",
                 {{"positionEncoding", "utf-16"},
                  {"textDocumentSync", {{"openClose", true}, {"change", 1}, {"save", false}}},
                  {"hoverProvider", true},
                  {"codeActionProvider", {{"codeActionKinds", json::array({"quickfix"})}}},
                  {"documentSymbolProvider", true},
                  {"definitionProvider", true}}},
                {"serverInfo", {{"name", "config-inspector"}, {"version", CFGI_VERSION}}}};
  }

  // ---- documents (dispatch thread) ----
  void Changed(const std::string& dir) {  // with mu_ held
    dirty_.insert(dir);
    ++generation_[dir];
    last_change_ = std::chrono::steady_clock::now();
  }
  void DidOpen(const json& p) {
    const json& td = p.at("textDocument");
    OpenDoc d;
    d.uri = td.at("uri").get<std::string>();
    d.path = UriToPath(d.uri);
    if (d.path.empty()) return;  // untitled:, or a remote file: nothing to check against
    d.path = NormalPath(d.path);
    d.text = td.at("text").get<std::string>();
    d.version = td.value("version", 0);
    {
      std::lock_guard<std::mutex> lock(mu_);
      std::string dir = DirOf(d.path);
      docs_[d.uri] = std::move(d);
      Changed(dir);
    }
    cv_.notify_all();
  }
  void DidChange(const json& p) {
    const json& td = p.at("textDocument");
    std::string uri = td.at("uri").get<std::string>();
    const json& changes = p.at("contentChanges");
    if (!changes.is_array() || changes.empty()) return;
    {
      std::lock_guard<std::mutex> lock(mu_);
      auto it = docs_.find(uri);
      if (it == docs_.end()) return;
      // Full synchronisation (textDocumentSync.change 1): the last change holds the whole text.
      it->second.text = changes.back().at("text").get<std::string>();
      it->second.version = td.value("version", it->second.version + 1);
      Changed(DirOf(it->second.path));
    }
    cv_.notify_all();
  }
  void DidClose(const json& p) {
    std::string uri = p.at("textDocument").at("uri").get<std::string>();
    {
      std::lock_guard<std::mutex> lock(mu_);
      auto it = docs_.find(uri);
      if (it == docs_.end()) return;
      std::string dir = DirOf(it->second.path);
      docs_.erase(it);
      Changed(dir);
      ep_->Notify("textDocument/publishDiagnostics", json{{"uri", uri}, {"diagnostics", json::array()}});
    }
    cv_.notify_all();
  }

  // ---- the worker ----
  void WorkerLoop() {
    std::unique_lock<std::mutex> lock(mu_);
    for (;;) {
      cv_.wait(lock, [this] { return stop_ || !dirty_.empty(); });
      if (stop_) return;
      // Debounce: until `debounce_` has passed since the last edit.
      for (;;) {
        auto until = last_change_ + std::chrono::milliseconds(debounce_);
        if (stop_ || std::chrono::steady_clock::now() >= until) break;
        cv_.wait_until(lock, until);
      }
      if (stop_) return;
      std::string dir = *dirty_.begin();
      uint64_t generation = generation_[dir];
      std::vector<OpenDoc> files;
      for (const auto& [uri, d] : docs_)
        if (DirOf(d.path) == dir) files.push_back(d);
      lock.unlock();
      std::shared_ptr<DirResult> result = CheckDirectory(dir, files, generation);
      lock.lock();
      if (stop_) return;
      if (!result || generation_[dir] != generation) continue;  // superseded: checked again
      dirty_.erase(dir);
      results_[dir] = result;
      // Published under the lock the edits take: no edit can come between the check above and
      // these notifications.
      for (const OpenDoc& f : files) {
        if (!docs_.count(f.uri)) continue;
        const doc::Source* src = nullptr;
        size_t index = 0;
        if (const GroupRun* run = result->RunOf(f.path, &index))
          if (const doc::Document* d = DirResult::DocumentOf(*run->scenario, f.path)) src = d->source.get();
        json list = json::array();
        SourceOf source_of = [&result](const std::string& file) { return result->SourceOf(file); };
        for (const doc::Diagnostic& d : result->diagnostics[f.path])
          list.push_back(LspDiagnostic(d, src, docs_url_, source_of));
        ep_->Notify("textDocument/publishDiagnostics",
                    json{{"uri", f.uri}, {"version", f.version}, {"diagnostics", std::move(list)}});
      }
    }
  }

  bool Superseded(const std::string& dir, uint64_t generation) {
    std::lock_guard<std::mutex> lock(mu_);
    return stop_ || generation_[dir] != generation;
  }

  // `check` of the open documents of `dir` (their editor texts; a file a scenario references is
  // read from the editor when open, else from disk). Null when cancelled; no runs after a usage
  // error (logged).
  std::shared_ptr<DirResult> CheckDirectory(const std::string& dir, const std::vector<OpenDoc>& files,
                                            uint64_t generation) {
    auto texts = std::make_shared<std::map<std::string, std::string>>();
    std::vector<InputFile> inputs;
    std::vector<std::string> paths;
    for (const OpenDoc& f : files) {
      (*texts)[f.path] = f.text;
      inputs.push_back({f.path, f.text});
      paths.push_back(f.path);
    }
    auto result = std::make_shared<DirResult>();
    for (const OpenDoc& f : files) result->versions[f.path] = f.version;
    if (inputs.empty()) return result;
    FileReader reader = [texts](const std::string& scenario,
                                const std::string& rel) -> std::optional<std::string> {
      std::string p = !rel.empty() && rel[0] == '/' ? rel : DirOf(scenario) + "/" + rel;
      if (auto it = texts->find(NormalPath(p)); it != texts->end()) return it->second;
      return ReadSibling(scenario, rel);
    };
    CheckEvalArgs a;
    a.command = "check";
    a.gate.search_from = dir;
    Gate gate;
    std::string error;
    if (!ResolveGate(a.gate, paths, &gate, &error)) {
      ep_->Notify("window/logMessage", json{{"type", 1}, {"message", error}});
      gate = Gate();
    }
    EngineRequest request{gate.rule ? gate.rule->engine : "", ""};
    // One file is one scenario, as `check FILE` reads it (RunCheckEval groups only several files):
    // GroupFiles would parse it once more to name the engine that InspectGroups chooses anyway.
    std::vector<FileGroup> groups;
    if (inputs.size() == 1) {
      FileGroup g;
      g.files = inputs;
      g.request = request;
      groups.push_back(std::move(g));
    } else {
      groups = GroupFiles(inputs, request, reader);
    }
    CheckFailure failure;
    auto cancelled = [this, dir, generation] { return Superseded(dir, generation); };
    if (!InspectGroups(a, gate, groups, reader, cancelled, &result->runs, &failure)) {
      if (failure.kind == CheckFailure::Kind::kCancelled) return nullptr;
      // What `check` would refuse with exit 2 (a project file naming a profile no engine has):
      // said once in the client's log; the files get no findings until the next edit.
      ep_->Notify("window/logMessage", json{{"type", 1}, {"message", "check: " + failure.what}});
      result->runs.clear();
      return result;
    }
    std::set<std::string> open(paths.begin(), paths.end());
    for (const GroupRun& run : result->runs) {
      std::map<std::string, Embedded> embedded = EmbeddedSources(*run.scenario, open);
      for (const doc::Diagnostic& d : run.inspection.reports.front().diagnostics) {
        std::string file = NormalPath(d.file);
        const doc::Document* from = DirResult::DocumentOf(*run.scenario, file);
        doc::Format format = from ? from->format : doc::Format::kText;
        auto e = embedded.find(d.file);
        bool placed = !open.count(file) && e != embedded.end();
        doc::Diagnostic out = placed ? e->second.Place(d) : d;
        for (doc::Related& r : out.related) {
          auto in = embedded.find(r.file);
          if (!open.count(NormalPath(r.file)) && in != embedded.end()) in->second.Place(r);
        }
        const std::string& to = placed ? e->second.host : file;
        result->diagnostics[to].push_back(std::move(out));
        result->formats[to].push_back(format);
      }
    }
    // A file two groups read (a mesh file alone and as a scenario's source) is reported by both,
    // as `check` of both prints it in each group: the editor shows each finding once.
    for (auto& [file, list] : result->diagnostics) {
      std::vector<doc::Format>& formats = result->formats[file];
      std::vector<doc::Diagnostic> kept;
      std::vector<doc::Format> kept_formats;
      for (size_t i = 0; i < list.size(); ++i) {
        const doc::Diagnostic& d = list[i];
        bool dup = std::any_of(kept.begin(), kept.end(), [&d](const doc::Diagnostic& e) {
          return e.code == d.code && e.range == d.range && e.severity == d.severity && e.message == d.message;
        });
        if (dup) continue;
        kept.push_back(d);
        kept_formats.push_back(formats[i]);
      }
      list = std::move(kept);
      formats = std::move(kept_formats);
    }
    return result;
  }

  // ---- requests (dispatch thread) ----
  struct Located {
    std::shared_ptr<DirResult> result;
    const GroupRun* run = nullptr;
    size_t index = 0;
    const doc::Source* src = nullptr;
    const doc::Document* document = nullptr;
    std::string path;
  };
  // The last check of the document `uri` names; run and src null when it has none yet.
  Located Locate(const json& params) {
    Located l;
    l.path = NormalPath(UriToPath(params.at("textDocument").at("uri").get<std::string>()));
    std::lock_guard<std::mutex> lock(mu_);
    auto it = results_.find(DirOf(l.path));
    if (it == results_.end()) return l;
    l.result = it->second;
    l.run = l.result->RunOf(l.path, &l.index);
    if (l.run) l.document = DirResult::DocumentOf(*l.run->scenario, l.path);
    if (l.document) l.src = l.document->source.get();
    return l;
  }

  // The group's `eval` (its scenario's inputs, its profile, explanations on), made once per check.
  std::shared_ptr<Inspection> Evaluated(const Located& l) {
    std::lock_guard<std::mutex> lock(l.result->eval_mu);
    auto& slot = l.result->evals[l.index];
    if (!slot) {
      InspectOptions o;
      o.mode = Mode::kEvaluate;
      // Every profile (which implementations pick a TXT choice, match a predicate), but for the
      // policy engine the group's own: its hover is the merged rules of one Kuma release.
      if (l.run->profile != "all" && l.run->engine->name() == "policy") o.profiles = {l.run->profile};
      slot = std::make_shared<Inspection>(Inspect(*l.run->engine, l.run->scenario, Query{}, o));
    }
    return slot;
  }

  lsp::Reply Hover(const json& p) {
    Located l = Locate(p);
    if (!l.src) return lsp::Reply::Result(nullptr);
    uint32_t offset = LspOffset(*l.src, p.at("position"));
    std::shared_ptr<Inspection> eval = Evaluated(l);
    std::string md =
        HoverMarkdown(l.path, offset, l.result->diagnostics[l.path], *l.src, *l.run, eval.get(), docs_url_);
    // Inside a source embedded in this scenario file: the explanation of that source, at the
    // same place in its own text.
    doc::Position at = l.src->Locate(offset);
    for (const auto& [name, e] : EmbeddedSources(*l.run->scenario, {l.path})) {
      int line = at.line - e.first_line + 1;
      if (line < 1 || line > e.src->line_count() || at.column <= e.indent) continue;
      uint32_t inner = e.src->Offset(line, at.column - e.indent);
      md += HoverMarkdown(name, inner, {}, *e.src, *l.run, eval.get(), docs_url_);
    }
    if (md.empty()) return lsp::Reply::Result(nullptr);
    return lsp::Reply::Result(json{{"contents", {{"kind", "markdown"}, {"value", md}}}});
  }

  lsp::Reply CodeActions(const json& p) {
    Located l = Locate(p);
    json actions = json::array();
    if (!l.src || !l.document) return lsp::Reply::Result(actions);
    const std::string uri = p.at("textDocument").at("uri").get<std::string>();
    uint32_t from = LspOffset(*l.src, p.at("range").at("start"));
    uint32_t to = LspOffset(*l.src, p.at("range").at("end"));
    const std::vector<doc::Diagnostic>& findings = l.result->diagnostics[l.path];
    const std::vector<doc::Format>& formats = l.result->formats[l.path];
    for (size_t i = 0; i < findings.size(); ++i) {
      const doc::Diagnostic& d = findings[i];
      const std::string leader = CommentLeader(formats[i]);
      uint32_t begin = d.range.begin, end = std::max(d.range.begin, d.range.end);
      if (d.begin.line < 1 || end < from || begin > to) continue;
      json diag = LspDiagnostic(d, l.src, docs_url_,
                                [&l](const std::string& file) { return l.result->SourceOf(file); });
      // Ignore: a comment line above the finding's line, indented as it is (core/doc/suppress.h
      // ReadCommentSuppressions: a comment covers its own line and the next).
      if (!leader.empty() && doc::FindCode(d.code)) {
        std::string_view line = l.src->Line(d.begin.line);
        std::string indent(line.substr(0, line.find_first_not_of(" \t") == std::string_view::npos
                                              ? line.size()
                                              : line.find_first_not_of(" \t")));
        std::string text = indent + leader + " config-inspector: ignore " + d.code + " -- reason\n";
        json at = {{"line", d.begin.line - 1}, {"character", 0}};
        actions.push_back(
            json{{"title", "Ignore " + d.code + " here (config-inspector: ignore comment)"},
                 {"kind", "quickfix"},
                 {"diagnostics", json::array({diag})},
                 {"edit",
                  {{"changes",
                    {{uri, json::array({{{"range", {{"start", at}, {"end", at}}}, {"newText", text}}})}}}}}});
      }
      // The finding's machine-applicable fixes (doc::Fix: did you mean, the Kuma 3.0 rewrites).
      for (const doc::Fix& f : d.fixes) {
        json edits = json::array();
        for (const doc::Edit& e : f.edits)
          edits.push_back({{"range", LspRange(*l.src, e.range.begin, e.range.end)}, {"newText", e.text}});
        actions.push_back(json{{"title", f.title},
                               {"kind", "quickfix"},
                               {"isPreferred", true},
                               {"diagnostics", json::array({diag})},
                               {"edit", {{"changes", {{uri, std::move(edits)}}}}}});
      }
    }
    return lsp::Reply::Result(actions);
  }

  // Places in the editor: a source embedded in this scenario file is placed in it (Embedded::Map).
  static Place PlaceIn(const std::map<std::string, Embedded>& embedded) {
    return [embedded](const std::string& file, const doc::Source& src, doc::SourceRange r) {
      auto e = embedded.find(file);
      if (e != embedded.end() && e->second.src == &src) {
        doc::Position b = e->second.Map(src.Locate(r.begin)), end = e->second.Map(src.Locate(std::max(r.begin, r.end)));
        const doc::Source& host = *e->second.host_src;
        return json{{"uri", PathToUri(fs::absolute(e->second.host).lexically_normal().generic_string())},
                    {"range", LspRange(host, host.Offset(b.line, b.column), host.Offset(end.line, end.column))}};
      }
      return json{{"uri", PathToUri(fs::absolute(file).lexically_normal().generic_string())},
                  {"range", LspRange(src, r.begin, r.end)}};
    };
  }

  lsp::Reply Definition(const json& p) {
    Located l = Locate(p);
    if (!l.src) return lsp::Reply::Result(json::array());
    uint32_t offset = LspOffset(*l.src, p.at("position"));
    std::map<std::string, Embedded> embedded = EmbeddedSources(*l.run->scenario, {l.path});
    Place at = PlaceIn(embedded);
    json out = Definitions(l.path, offset, *l.run, at);
    // Inside a source embedded in this scenario file: the definitions at the same place in its text.
    doc::Position pos = l.src->Locate(offset);
    for (const auto& [name, e] : embedded) {
      int line = pos.line - e.first_line + 1;
      if (line < 1 || line > e.src->line_count() || pos.column <= e.indent) continue;
      for (json& d : Definitions(name, e.src->Offset(line, pos.column - e.indent), *l.run, at)) out.push_back(std::move(d));
    }
    return lsp::Reply::Result(out);
  }

  lsp::Reply Symbols(const json& p) {
    Located l = Locate(p);
    if (!l.src) return lsp::Reply::Result(json::array());
    std::map<std::string, Embedded> embedded = EmbeddedSources(*l.run->scenario, {l.path});
    Place at = PlaceIn(embedded);
    json out = DocumentSymbols(l.path, *l.src, *l.run, at);
    for (const auto& [name, e] : embedded)
      for (json& s : DocumentSymbols(name, *e.src, *l.run, at)) out.push_back(std::move(s));
    return lsp::Reply::Result(out);
  }

  lsp::Endpoint* ep_;
  int debounce_;
  std::string docs_url_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool stop_ = false;
  std::map<std::string, OpenDoc> docs_;                        // by URI
  std::set<std::string> dirty_;                                // directories to check
  std::map<std::string, uint64_t> generation_;                 // per directory: edits so far
  std::map<std::string, std::shared_ptr<DirResult>> results_;  // per directory: the last complete check
  std::chrono::steady_clock::time_point last_change_;
  std::thread worker_;
};

}  // namespace

bool ParseLspArgs(const std::vector<std::string>& args, LspArgs* out, std::string* error) {
  ArgReader r(args);
  while (r.Next()) {
    if (r.is_help()) {
      out->help = true;
      return true;
    }
    if (r.is_flag() && r.name() == "stdio")
      continue;  // what vscode-languageclient adds for TransportKind.stdio
    if (r.is_flag() && r.name() == "debounce") {
      if (!r.TakeValue()) return Refuse(error, "--debounce needs a value in milliseconds");
      const std::string& v = r.value();
      if (v.empty() || v.size() > 5 || !std::all_of(v.begin(), v.end(), ::isdigit) || std::stoi(v) > 10000)
        return Refuse(error, "--debounce is a number of milliseconds, 0..10000; got '" + v + "'");
      out->debounce_ms = std::stoi(v);
      continue;
    }
    return Refuse(error, "unknown argument " + r.arg() + " for lsp");
  }
  return true;
}

int RunLsp(const LspArgs& a) {
  if (a.help) {
    std::cout << kLspUsage;
    return kExitOk;
  }
  std::ios::sync_with_stdio(false);
  lsp::Endpoint ep(&std::cout, &std::cerr);
  LspServer server(&ep, a.debounce_ms);
  server.Register();
  int code = ep.Run(lsp::FdReader(0));
  server.Stop();
  return code;
}

}  // namespace cfgi::cli
