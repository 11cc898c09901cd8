// How the engine is chosen (docs/formats.md "How the engine is chosen"): ChooseEngine applies the
// rules in their order; SelectEngine also readies the scenario for the chosen engine (Kubernetes
// objects of kinds it does not use are skipped with one note).
#include <algorithm>
#include <map>

#include "core/engine/engine.h"

namespace cfgi {

namespace {

// "variants, matcher, txt, policy, targeting".
std::string EngineNames(bool with_document) {
  std::string out;
  for (const Engine* e : Engines()) {
    if (!with_document && e->name() == "document") continue;
    out += (out.empty() ? "" : ", ") + std::string(e->name());
  }
  return out;
}

// True when the source has nothing but whitespace and comment lines (`#` for YAML and textproto,
// `;` for zone files). A BOM is not part of the text (doc::Source).
bool IsEmptySource(const doc::Document& d) {
  const std::string& t = d.source->text();
  size_t i = 0;
  while (i < t.size()) {
    size_t eol = t.find('\n', i);
    if (eol == std::string::npos) eol = t.size();
    std::string_view line(t.data() + i, eol - i);
    size_t a = line.find_first_not_of(" \t\r\f\v");
    if (a != std::string_view::npos) {
      char c = line[a];
      bool comment = (c == '#' && d.format != doc::Format::kJson) || (c == ';' && d.format == doc::Format::kText);
      if (!comment) return false;
    }
    i = eol + 1;
  }
  return true;
}

// The engine whose proto_messages() has `name` (a full name, or a bare name matching the last
// component of one); null when none.
const Engine* EngineForMessage(const std::string& name) {
  for (const Engine* e : Engines())
    for (const std::string& m : e->proto_messages()) {
      if (m == name) return e;
      size_t dot = m.rfind('.');
      if (name.find('.') == std::string::npos && dot != std::string::npos && m.compare(dot + 1, std::string::npos, name) == 0)
        return e;
    }
  return nullptr;
}

std::string MessagesByEngine() {
  std::string out;
  for (const Engine* e : Engines()) {
    std::vector<std::string> ms = e->proto_messages();
    if (ms.empty()) continue;
    out += (out.empty() ? "" : "; ") + std::string(e->name()) + ":";
    for (const std::string& m : ms) out += " " + m;
  }
  return out;
}

void Add(std::vector<doc::Diagnostic>* out, const doc::Document& d, doc::Severity sev, const char* code,
         doc::SourceRange r, std::string message, std::string path = {}) {
  doc::DiagnosticSink sink(d.source.get());
  sink.Add(sev, code, r, std::move(message), std::move(path));
  out->insert(out->end(), sink.list().begin(), sink.list().end());
}

}  // namespace

bool EmptySourceExplained(const Scenario& s, std::string_view file) {
  for (const doc::Diagnostic& d : s.diagnostics)
    if (d.file == file && d.severity != doc::Severity::kNote) return true;
  return false;
}

EngineChoice ChooseEngine(const Scenario& s, const EngineRequest& r) {
  EngineChoice c;
  // 1. The request (--engine NAME, the app's switch).
  if (!r.engine.empty()) {
    c.engine = FindEngine(r.engine);
    c.rule = "request";
    if (!c.engine) return c;
  }
  // 2. The scenario's `engine:`; an unknown name is SCN008 and the other rules decide.
  if (!c.engine && !s.engine.empty()) {
    if (const Engine* e = FindEngine(s.engine)) {
      c.engine = e;
      c.rule = "scenario";
    } else if (s.envelope && s.envelope->root()) {
      const doc::Node* at = s.envelope->root()->Get("engine");
      Add(&c.diagnostics, *s.envelope, doc::Severity::kError, "SCN008", at ? at->range() : doc::SourceRange{},
          "unknown engine '" + s.engine + "'; write one of " + EngineNames(true), "engine");
    }
  }
  bool syntax_only = c.engine && c.engine->name() == "document";

  if (s.envelope && s.sources.empty() && !syntax_only) {
    const doc::Node* sources = s.envelope->root() ? s.envelope->root()->Get("sources") : nullptr;
    if (sources && sources->is_seq())
      Add(&c.diagnostics, *s.envelope, doc::Severity::kError, "SCN007", sources->range(),
          "the scenario has no sources, so there is nothing to check; add `- file: PATH` or "
          "`- {name: NAME, text: TEXT}` under sources",
          "sources");
  }
  for (const doc::Document& d : s.sources)
    if (!syntax_only && IsEmptySource(d) && !EmptySourceExplained(s, d.source->name()))
      Add(&c.diagnostics, d, doc::Severity::kError, "ENG002", {0, 0},
          "the file is empty (nothing but white space and comments); give the configuration itself, "
          "or leave the file out");

  // 3. A textproto `# proto-message:` header (protobuf's text format convention).
  for (const doc::Document& d : s.sources) {
    if (d.format != doc::Format::kTextProto) continue;
    doc::TextProtoHeader h = doc::ReadTextProtoHeader(*d.source);
    if (h.message.empty()) continue;
    const Engine* e = EngineForMessage(h.message);
    if (!e) {
      if (!syntax_only)
        Add(&c.diagnostics, d, doc::Severity::kError, "ENG003", h.message_range,
            "proto-message '" + h.message + "' is not a message any engine reads (" + MessagesByEngine() +
                "); correct the header, or choose the engine with --engine NAME");
      continue;
    }
    if (!c.engine) {
      c.engine = e;
      c.rule = "proto-message";
    }
  }
  // 4. A profile that only one engine has.
  std::vector<const Engine*> owners;  // the engines that have the requested profile
  if (!r.profile.empty() && r.profile != "all")
    for (const Engine* e : Engines())
      if (e->name() != "document" && e->HasProfile(r.profile)) owners.push_back(e);
  if (!c.engine && owners.size() == 1) {
    c.engine = owners.front();
    c.rule = "profile";
  }
  // 5. Content: the best Detect() score; when the requested profile belongs to several engines
  // (grpc-core: matcher and txt), only among them: the engine is one the profile and the
  // content both allow.
  if (!c.engine) {
    int best_score = 0;
    for (const doc::Document& d : s.sources)
      for (const Engine* e : Engines()) {
        if (!owners.empty() && std::find(owners.begin(), owners.end(), e) == owners.end()) continue;
        int score = e->Detect(d);
        if (score > best_score) {
          best_score = score;
          c.engine = e;
        }
      }
    if (c.engine) c.rule = "content";
  }
  // 6. Nothing recognised: never a silent pass.
  if (!c.engine) {
    c.engine = FindEngine("document");
    c.rule = "none";
    // With a profile several engines have, say which and that none of them reads the file.
    std::string hint;
    if (owners.size() > 1) {
      std::string names;
      for (size_t i = 0; i < owners.size(); ++i)
        names += std::string(i == 0 ? "" : i + 1 == owners.size() ? " and " : ", ") + std::string(owners[i]->name());
      hint = " (--profile " + r.profile + " is a profile of " + names + ", and none of them recognises it)";
    }
    // A source that did not parse has its own error (DOC001, DOC002, DOC004, DOC012, ...): that
    // is the reason, and check fails on it already.
    for (const doc::Document& d : s.sources)
      if (!IsEmptySource(d) && !doc::HasErrors(d.diagnostics))
        Add(&c.diagnostics, d, doc::Severity::kError, "ENG001", {0, 0},
            "no engine recognises this " + std::string(doc::FormatName(d.format)) +
                " file as its input" + hint + "; choose the engine with --engine NAME (" + EngineNames(false) +
                "; document checks the syntax only) or with `engine:` in a scenario file");
  }
  return c;
}

const Engine* SelectEngine(Scenario* s, const EngineRequest& r, std::string* rule) {
  EngineChoice c = ChooseEngine(*s, r);
  if (rule) *rule = c.rule;
  if (!c.engine) return nullptr;
  s->diagnostics.insert(s->diagnostics.end(), c.diagnostics.begin(), c.diagnostics.end());
  // Kubernetes objects of kinds the engine does not use: one summary note.
  std::map<std::string, int> skipped;  // kind -> count
  int total = 0;
  const doc::Document* first_doc = nullptr;
  doc::SourceRange first_range;
  for (doc::Document& d : s->sources) {
    std::vector<bool> drop(d.roots.size(), false);
    bool changed = false;
    for (size_t i = 0; i < d.roots.size(); ++i) {
      const doc::Node& root = d.roots[i];
      const doc::Node* api = root.is_map() ? root.Get("apiVersion") : nullptr;
      const doc::Node* kind = root.is_map() ? root.Get("kind") : nullptr;
      if (api && kind && api->is_string() && kind->is_string() &&
          !c.engine->UsesKubernetesObject(api->text(), kind->text())) {
        ++skipped[kind->text()];
        if (total++ == 0) {
          first_doc = &d;
          first_range = kind->range();
        }
        drop[i] = changed = true;
      }
    }
    if (!changed) continue;  // the roots stay as they are
    std::vector<doc::Node> keep;
    for (size_t i = 0; i < d.roots.size(); ++i)
      if (!drop[i]) keep.push_back(std::move(d.roots[i]));
    d.roots = std::move(keep);
  }
  if (total > 0) {
    std::string kinds;
    for (const auto& [kind, n] : skipped) kinds += (kinds.empty() ? "" : ", ") + kind + " (" + std::to_string(n) + ")";
    Add(&s->diagnostics, *first_doc, doc::Severity::kNote, "ENG004", first_range,
        "skipped " + std::to_string(total) + " Kubernetes object" + (total == 1 ? "" : "s") + " of kinds the " +
            std::string(c.engine->name()) + " engine does not use: " + kinds +
            "; nothing to do (filter them out before, e.g. kubectl get with the kinds you mean, to silence this note)");
  }
  return c.engine;
}

const Engine* DetectEngine(const Scenario& s) { return ChooseEngine(s).engine; }

std::string ChooseProfile(const Engine& e, const Scenario& s, std::string_view requested,
                          const std::vector<std::string>& configured) {
  if (!requested.empty()) return std::string(requested);
  if (!s.profile.empty()) return s.profile;
  for (const std::string& p : configured)
    if (!p.empty() && e.HasProfile(p)) return p;
  return e.DefaultProfileFor(s);
}

}  // namespace cfgi
