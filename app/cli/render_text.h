// app/cli/render_text.h: `--format text`, the compact human answer of `eval` drawn from each
// engine's TYPED result (VariantsResult, MatcherResult, TxtResult, PolicyResult,
// TargetingResult; never from their JSON), the diagnostics as "file:line:col: severity: [CODE]
// message" and, with --explain, the explanation tree (doc::Step) indented two spaces a level.
// Colour only when the caller says so (stdout is a terminal and NO_COLOR is unset or empty,
// https://no-color.org): ShouldColour().
//
//   TextStyle st{ShouldColour()};
//   std::cout << RenderDiagnostics(r.diagnostics, st) << RenderResult(r.model->engine->name(), *r.typed, st)
//             << (explain ? RenderExplanation(r.explanation, st) : "");
#pragma once

#include <string>
#include <vector>

#include "core/doc/diagnostic.h"
#include "core/doc/explanation.h"
#include "core/engine/engine.h"

namespace cfgi::cli {

struct TextStyle {
  bool colour = false;  // ANSI SGR colours around outcomes and severities
};

// True when standard output is a terminal and NO_COLOR is unset or empty.
bool ShouldColour();

// One line per diagnostic: doc::FormatDiagnostic, the severity coloured.
std::string RenderDiagnostics(const std::vector<doc::Diagnostic>& ds, const TextStyle& st);

// The answer of the engine named `engine`, drawn by that engine's renderer (app/cli/text/, one
// table in render_text.cpp; docs/formats.md "Text output"); "" for a result of kCheck mode and
// for an engine without a text rendering (the document engine).
std::string RenderResult(std::string_view engine, const EngineResult& r, const TextStyle& st);

// The explanation tree, one step per line, "✓ what: detail" indented two spaces per level (the
// form of doc::Step::ToText), the marks coloured. "" for an empty tree.
std::string RenderExplanation(const doc::Step& s, const TextStyle& st, int indent = 0);

}  // namespace cfgi::cli
