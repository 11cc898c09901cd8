// core/engine/project.cpp: see project.h.
#include "core/engine/project.h"

#include "core/doc/load.h"
#include "core/engine/engine.h"

namespace cfgi {

using doc::Node;

bool IsSeverityThreshold(std::string_view s, bool allow_never) {
  return s == "error" || s == "warning" || s == "note" || (allow_never && s == "never");
}

const ProjectPathRule* ProjectConfig::RuleFor(std::string_view file) const {
  for (const ProjectPathRule& r : paths)
    if (doc::GlobMatch(r.files, file)) return &r;
  return nullptr;
}

namespace {

// Profile names of every engine: "tp2 grpc-core envoy ...".
bool AnyEngineHasProfile(std::string_view p) {
  for (const Engine* e : Engines())
    if (e->HasProfile(p)) return true;
  return false;
}

// The string value of `key`, or "" with PRJ001 when it is not a scalar.
std::string StringValue(const Node& v, const std::string& key, doc::DiagnosticSink& sink) {
  if (v.is_scalar() && !v.is_null()) return v.text();
  sink.Error("PRJ001", v.range(), "'" + key + "' must be a string; got a " + std::string(v.kind_name()), key);
  return "";
}

}  // namespace

ProjectConfig ParseProjectConfig(std::string name, std::string text) {
  ProjectConfig p;
  p.name = name;
  doc::Document d = doc::LoadDocumentAs(doc::Format::kYaml, std::move(name), std::move(text));
  p.diagnostics = d.diagnostics;
  doc::DiagnosticSink sink(d.source.get());
  const Node* root = d.root();
  if (!root || root->is_null() || doc::HasErrors(d.diagnostics)) return p;
  if (!root->is_map()) {
    sink.Error("PRJ001", root->range(),
               "a project file is a map of profile, fail-on, min-severity, suppress, paths; got a " +
                   std::string(root->kind_name()));
    p.diagnostics.insert(p.diagnostics.end(), sink.list().begin(), sink.list().end());
    return p;
  }
  for (const auto& e : root->entries()) {
    const Node& v = e.value;
    if (e.key == "profile") {
      std::string s = StringValue(v, e.key, sink);
      if (!s.empty() && !AnyEngineHasProfile(s)) {
        sink.Error("PRJ006", v.range(), "no engine has the profile '" + s + "'; config-inspector-cli --help lists them",
                   e.key);
      } else {
        p.profile = s;
      }
    } else if (e.key == "fail-on" || e.key == "min-severity") {
      bool never = e.key == "fail-on";
      std::string s = StringValue(v, e.key, sink);
      if (!s.empty() && !IsSeverityThreshold(s, never)) {
        sink.Error("PRJ003", v.range(), "'" + e.key + "' is " + (never ? "error, warning, note or never" : "error, warning or note") +
                                            "; got '" + s + "'", e.key);
      } else {
        (never ? p.fail_on : p.min_severity) = s;
      }
    } else if (e.key == "suppress") {
      p.suppressions = doc::ReadSuppressList(v, doc::SuppressionOrigin::kProject, sink);
      for (doc::Suppression& s : p.suppressions) s.report_unused = false;
    } else if (e.key == "paths") {
      doc::DiagnosticSink::ScopedField f(&sink, "paths");
      if (!v.is_seq()) {
        sink.Error("PRJ001", v.range(), "'paths' must be a list of {files: GLOB, engine: E, profile: P}");
        continue;
      }
      int i = 0;
      for (const Node& item : v.items()) {
        doc::DiagnosticSink::ScopedField at(&sink, "[" + std::to_string(i++) + "]");
        if (!item.is_map() || !item.Get("files")) {
          sink.Error("PRJ005", item.range(), "a 'paths' entry is {files: GLOB, engine: E, profile: P} and needs 'files'");
          continue;
        }
        ProjectPathRule r;
        bool ok = true;
        for (const auto& k : item.entries()) {
          if (k.key != "files" && k.key != "engine" && k.key != "profile") {
            sink.Warning("PRJ002", k.key_range, "unknown key '" + k.key + "' in a 'paths' entry; it has files, engine, profile");
            continue;
          }
          if (!k.value.is_scalar() || k.value.is_null()) {
            sink.Error("PRJ001", k.value.range(), "'" + k.key + "' must be a string; got a " + std::string(k.value.kind_name()),
                       "." + k.key);
            ok = false;
            continue;
          }
          (k.key == "files" ? r.files : k.key == "engine" ? r.engine : r.profile) = k.value.text();
        }
        if (!ok) continue;
        if (r.files.empty()) {
          sink.Error("PRJ005", item.Get("files")->range(), "'files' of a 'paths' entry is an empty glob", ".files");
          continue;
        }
        const Engine* eng = r.engine.empty() ? nullptr : FindEngine(r.engine);
        if (!r.engine.empty() && !eng) {
          std::string names;
          for (const Engine* x : Engines()) names += " " + std::string(x->name());
          sink.Error("PRJ004", item.Get("engine")->range(), "unknown engine '" + r.engine + "'; one of:" + names, ".engine");
          continue;
        }
        if (!r.profile.empty() && (eng ? !eng->HasProfile(r.profile) : !AnyEngineHasProfile(r.profile))) {
          sink.Error("PRJ006", item.Get("profile")->range(),
                     "the profile '" + r.profile + "' is not one of " + (eng ? "the " + r.engine + " engine's" : "any engine's") +
                         "; config-inspector-cli --help lists them",
                     ".profile");
          continue;
        }
        p.paths.push_back(std::move(r));
      }
    } else {
      sink.Warning("PRJ002", e.key_range,
                   "unknown key '" + e.key + "' in the project file; it has profile, fail-on, min-severity, suppress, paths");
    }
  }
  p.diagnostics.insert(p.diagnostics.end(), sink.list().begin(), sink.list().end());
  return p;
}

}  // namespace cfgi
