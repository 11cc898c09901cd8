#include "core/engine/scenario.h"

namespace cfgi {

using doc::Document;
using doc::Node;

bool IsScenario(const Node& root) {
  return root.is_map() && root.Get("engine") && root.Get("sources");
}

const Document* Scenario::FindSource(std::string_view name) const {
  for (const Document& d : sources)
    if (d.source && d.source->name() == name) return &d;
  return nullptr;
}

namespace {

// "dir/scenario.yaml" + "routes.yaml" -> "dir/routes.yaml"
std::string Sibling(const std::string& scenario_name, const std::string& rel) {
  if (!rel.empty() && rel[0] == '/') return rel;
  size_t slash = scenario_name.rfind('/');
  return slash == std::string::npos ? rel : scenario_name.substr(0, slash + 1) + rel;
}

void ExpandEnvelope(Scenario& s, const Document& env, const FileReader& reader, const doc::Limits& limits) {
  const Node& root = *env.root();
  doc::DiagnosticSink sink(env.source.get());
  auto str = [&](const char* key) { return root.GetString(key); };
  s.engine = str("engine");
  s.title = str("title");
  s.description = str("description");
  s.profile = str("profile");
  static const char* kKnown[] = {"engine", "title", "description", "profile", "sources", "inputs", "expect", "suppress"};
  for (const auto& e : root.entries()) {
    bool known = false;
    for (const char* k : kKnown) known |= e.key == k;
    if (!known)
      sink.Warning("SCN004", e.key_range, "unknown scenario key '" + e.key +
                   "'; the envelope has engine, title, description, profile, sources, inputs, expect, suppress");
  }
  const Node* sources = root.Get("sources");
  if (!sources->is_seq()) {
    sink.Error("SCN001", sources->range(), "'sources' must be a list of {file: PATH} or {name: NAME, text: TEXT}", "sources");
  } else {
    int i = 0;
    for (const Node& src : sources->items()) {
      doc::DiagnosticSink::ScopedField at(&sink, "sources[" + std::to_string(i++) + "]");
      if (!src.is_map()) {
        sink.Error("SCN001", src.range(), "a source must be {file: PATH} or {name: NAME, text: TEXT}");
        continue;
      }
      if (const Node* f = src.Get("file")) {
        std::string full = Sibling(env.source->name(), f->text());
        std::optional<std::string> text = reader ? reader(env.source->name(), f->text()) : std::nullopt;
        if (!text) {
          sink.Error("SCN002", f->range(), "cannot read referenced file '" + full +
                     "'; paths are relative to the scenario file", ".file");
          continue;
        }
        s.sources.push_back(doc::LoadDocument(full, std::move(*text), limits));
        doc::ExpandKubernetesLists(&s.sources.back());
      } else if (const Node* t = src.Get("text")) {
        std::string name = src.GetString("name", "source" + std::to_string(i) + ".yaml");
        // Embedded text keeps its own line numbers, starting at 1 in the embedded block.
        s.sources.push_back(doc::LoadDocument(name, t->text(), limits));
        doc::ExpandKubernetesLists(&s.sources.back());
      } else {
        sink.Error("SCN001", src.range(), "a source needs 'file' or 'text'");
      }
    }
  }
  if (const Node* in = root.Get("inputs")) {
    if (!in->is_map() && !in->is_null())
      sink.Error("SCN003", in->range(), "'inputs' must be a map of the engine's input kinds (docs/formats.md)", "inputs");
    s.inputs = *in;
  }
  if (const Node* ex = root.Get("expect")) {
    if (!ex->is_seq() && !ex->is_null())
      sink.Error("SCN003", ex->range(), "'expect' must be a list of expectations (docs/formats.md)", "expect");
    s.expect = *ex;
  }
  if (const Node* sup = root.Get("suppress")) {
    // The scenario's own suppressions (the way to silence a finding in JSON, which has no
    // comments): file globs are relative to the scenario file, as `sources: [{file}]` are.
    std::vector<doc::Suppression> list = doc::ReadSuppressList(*sup, doc::SuppressionOrigin::kScenario, sink);
    std::string dir = env.source->name();
    dir = dir.rfind('/') == std::string::npos ? "" : dir.substr(0, dir.rfind('/') + 1);
    for (doc::Suppression& x : list) {
      if (!dir.empty())
        x.file_name = [dir](const std::string& f) { return f.rfind(dir, 0) == 0 ? f.substr(dir.size()) : f; };
      s.suppressions.push_back(std::move(x));
    }
  }
  s.diagnostics.insert(s.diagnostics.end(), sink.list().begin(), sink.list().end());
}

// The `config-inspector: ignore` comments of one document (suppress.h), its problems into `s`.
void ReadComments(Scenario& s, const Document& d) {
  doc::DiagnosticSink sink(d.source.get());
  std::vector<doc::Suppression> found = doc::ReadCommentSuppressions(d, sink);
  s.suppressions.insert(s.suppressions.end(), found.begin(), found.end());
  s.diagnostics.insert(s.diagnostics.end(), sink.list().begin(), sink.list().end());
}

}  // namespace

std::vector<std::string> EnvelopeFiles(const Document& envelope) {
  std::vector<std::string> out;
  const Node* root = envelope.root();
  if (!root || !root->is_map() || !envelope.source) return out;
  const Node* sources = root->Get("sources");
  if (!sources || !sources->is_seq()) return out;
  for (const Node& src : sources->items())
    if (src.is_map())
      if (const Node* f = src.Get("file")) out.push_back(Sibling(envelope.source->name(), f->text()));
  return out;
}

bool SameInputFile(const std::string& a, const std::string& b) {
  auto strip = [](const std::string& n) { return n.rfind("./", 0) == 0 ? n.substr(2) : n; };
  std::string x = strip(a), y = strip(b);
  if (x == y) return true;
  // A name without a directory (the web build's dropped files) is the file of that name anywhere.
  size_t sx = x.find_last_of('/'), sy = y.find_last_of('/');
  if (sx != std::string::npos && sy != std::string::npos) return false;
  return x.substr(sx == std::string::npos ? 0 : sx + 1) == y.substr(sy == std::string::npos ? 0 : sy + 1);
}

Scenario LoadScenario(const std::vector<InputFile>& files, const FileReader& reader, const doc::Limits& limits) {
  Scenario s;
  std::vector<Document> given;  // the files given beside an envelope, not through it
  for (const InputFile& f : files) {
    Document d = doc::LoadDocument(f.name, f.text, limits);
    if (!s.envelope && (d.format == doc::Format::kYaml || d.format == doc::Format::kJson) &&
        d.roots.size() == 1 && IsScenario(d.roots[0])) {
      s.diagnostics.insert(s.diagnostics.end(), d.diagnostics.begin(), d.diagnostics.end());
      ExpandEnvelope(s, d, reader, limits);
      s.envelope = std::move(d);
      continue;
    }
    doc::ExpandKubernetesLists(&d);  // `kubectl get -o yaml`: each item is an object of its own
    given.push_back(std::move(d));
  }
  // A file given together with the envelope that reads it (`check x.scenario.yaml a.json`, or all
  // of a sample's files dropped on the app) is read once, where the envelope puts it: read twice it
  // would be a second source and shift the envelope's inputs.
  size_t read_by_envelope = s.sources.size();
  for (Document& d : given) {
    bool dup = false;
    for (size_t i = 0; i < read_by_envelope && !dup; ++i)
      dup = d.source && s.sources[i].source && SameInputFile(d.source->name(), s.sources[i].source->name());
    if (!dup) s.sources.push_back(std::move(d));
  }
  if (s.envelope) ReadComments(s, *s.envelope);
  for (const Document& d : s.sources) ReadComments(s, d);
  return s;
}

}  // namespace cfgi
