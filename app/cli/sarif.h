// app/cli/sarif.h: `--format sarif`, the diagnostics of a check / eval as a SARIF 2.1.0 log
// (OASIS SARIF v2.1.0; the shape kube-linter and kubeconform print): one run, the tool's rules
// from the one code registry (core/doc/codes.h), one result per diagnostic, `results: []` when
// clean. tests/cli/sarif_test.cpp validates the output against the SARIF 2.1.0 JSON schema of an
// npm package (tests/sarif/).
//
//   SarifOptions o;
//   o.docs_url = DocsUrl();
//   std::cout << doc::JsonText(SarifLog(diagnostics, FindSourceIn(scenario), o), 2) << "\n";
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/doc/diagnostic.h"
#include "core/doc/source.h"
#include "core/doc/suppress.h"

namespace cfgi::cli {

struct SarifOptions {
  // The absolute URI of docs/diagnostics.md; each rule's helpUri is this + "#" + its anchor.
  std::string docs_url;
  // The directory the result URIs are relative to (the current directory); absolute file names
  // under it become relative, others stay absolute `file://` URIs.
  std::string base_dir;
};

// The source a diagnostic's `file` names, to resolve the end of its range; null when unknown.
using SourceLookup = std::function<const doc::Source*(const std::string& file)>;

// One result of the log: a diagnostic and the profiles that reported it (empty: one profile).
struct SarifFinding {
  doc::Diagnostic diagnostic;
  std::vector<std::string> profiles;
  // Set for a finding a suppression hid (listed with --show-suppressed): the result carries
  // `suppressions: [{kind, status: "accepted", justification}]`, kind from
  // doc::SarifSuppressionKind (the JSON's "suppressed" list uses the same), so SARIF viewers show
  // it as suppressed rather than as an open finding.
  std::optional<doc::Suppression> suppressed_by;
};

// The SARIF 2.1.0 log of `findings`. Levels: error, warning, note. partialFingerprints
// "configInspector/v1" hashes the code, file, field path and message (not the line, so a
// finding keeps its fingerprint when lines above it move) and the occurrence index of equal keys.
nlohmann::ordered_json SarifLog(const std::vector<SarifFinding>& findings, const SourceLookup& sources,
                                const SarifOptions& o);

// Where a finding ends: the end of its range in `src` (the source its `file` names) when the
// range is not empty and `src` places its start at d.begin; else d.begin. SARIF's region end and
// the language server's range end (lsp_server.cpp).
doc::Position DiagnosticEnd(const doc::Diagnostic& d, const doc::Source* src);

// $CONFIG_INSPECTOR_DOCS_URL when set, else the file:// URI of this checkout's
// docs/diagnostics.md (the build's source directory).
std::string DocsUrl();

// `p` as a SARIF artifact URI relative to `base_dir` (percent-encoded, '/' separators);
// "file://" + the absolute path when it is not under base_dir.
std::string ArtifactUri(const std::string& p, const std::string& base_dir);

}  // namespace cfgi::cli
