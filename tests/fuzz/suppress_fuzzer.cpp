// Fuzz target: the suppression readers (core/doc/suppress.h) and the project file
// (core/engine/project.h). The first byte picks the format the text is read as (YAML, textproto,
// zone text, or a project file); the rest is the text. Any text must give suppressions and
// diagnostics without a crash or a hang, every suppression must lie inside the text and carry a
// documented code, and applying them to a finding on every line must account for each finding
// exactly once. Globs from the text are matched against a long name (the matcher is linear).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/doc/load.h"
#include "core/doc/suppress.h"
#include "core/engine/project.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1 || size > 65536) return 0;
  int which = data[0] % 4;
  std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  using namespace cfgi::doc;
  if (which == 3) {
    cfgi::ProjectConfig p = cfgi::ParseProjectConfig(".config-inspector.yaml", text);
    for (const Diagnostic& d : p.diagnostics)
      if (d.code.empty()) std::abort();
    std::string name(2000, 'a');
    for (const cfgi::ProjectPathRule& r : p.paths) (void)GlobMatch(r.files, name);
    for (const Suppression& s : p.suppressions) (void)GlobMatch(s.file_glob, name);
    return 0;
  }
  static const char* kNames[] = {"f.yaml", "f.textproto", "f.zone"};
  static const Format kFormats[] = {Format::kYaml, Format::kTextProto, Format::kText};
  Document d = LoadDocumentAs(kFormats[which], kNames[which], text);
  DiagnosticSink sink(d.source.get());
  std::vector<Suppression> sups = ReadCommentSuppressions(d, sink);
  std::vector<Diagnostic> findings;
  for (const Suppression& s : sups) {
    if (!IsKnownCode(s.code) || s.line < 1 || s.line > d.source->line_count()) std::abort();
    if (s.range.end > d.source->text().size() || s.range.begin > s.range.end) std::abort();
    Diagnostic f;
    f.code = s.code;
    f.file = kNames[which];
    f.begin = {s.line + 1, 1};
    findings.push_back(f);
  }
  SuppressionResult r = ApplySuppressions(findings, sups);
  size_t notes = 0;
  for (const Diagnostic& k : r.kept) notes += k.code == "SUP001";
  if (r.suppressed.size() + r.kept.size() - notes != findings.size()) std::abort();
  return 0;
}
