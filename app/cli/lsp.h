// app/cli/lsp.h: `config-inspector-cli lsp`, a language server (LSP 3.17) over stdio: the
// findings of `check` as the editor's diagnostics, hovers from the engines' explanations, quick
// fixes (an ignore comment, and each doc::Fix a finding carries), document symbols. The base
// protocol is app/lsp (cfgi_lsp); the findings are check_run.h InspectGroups, the one check
// pipeline (docs/editors.md).
//
//   LspArgs a;
//   if (!ParseLspArgs(args, &a, &error)) return UsageError(error);
//   return RunLsp(a);   // until `exit`: 0 after `shutdown`, else 1
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "app/cli/check_run.h"
#include "core/doc/diagnostic.h"
#include "core/doc/source.h"

namespace cfgi::cli {

inline constexpr const char* kLspUsage = R"(usage: config-inspector-cli lsp [--debounce MS]

Runs the language server on standard input and output (LSP 3.17, JSON-RPC with Content-Length
framing). An editor starts it; see docs/editors.md for VS Code, Neovim and Helix.
  --debounce MS   wait this long after the last edit before checking (default 150, 0..10000)
exit status: 0 after shutdown and exit, 1 on exit without shutdown or a broken stream, 2 usage.
)";

struct LspArgs {
  int debounce_ms = 150;
  bool help = false;
};
bool ParseLspArgs(const std::vector<std::string>& args, LspArgs* out, std::string* error);
int RunLsp(const LspArgs& a);

// "file:///a/b%20c.yaml" -> "/a/b c.yaml"; "" for a URI that is not a local file.
std::string UriToPath(std::string_view uri);

// A path as the server compares files: lexically normal, with '/' separators.
std::string NormalPath(const std::string& path);

// True when the non-empty range `r` holds byte `offset` (the place of a hover or a definition).
inline bool RangeHolds(doc::SourceRange r, uint32_t offset) { return r.end > r.begin && r.begin <= offset && offset < r.end; }
// "/a/b c.yaml" -> "file:///a/b%20c.yaml".
std::string PathToUri(std::string_view path);

// A finding as an LSP Diagnostic: range in UTF-16 columns (from `src`, the source its file
// names; 0:0 when null), severity (error 1, warning 2, note 3), code, codeDescription.href (the
// docs link SARIF's rules use: DocsUrl() + "#" + anchor), source "config-inspector",
// data.path (the field path), and relatedInformation: each of d.related whose file `source_of`
// knows (a Location in that file, UTF-16 columns, with the related place's message).
using SourceOf = std::function<const doc::Source*(const std::string& file)>;
nlohmann::json LspDiagnostic(const doc::Diagnostic& d, const doc::Source* src, const std::string& docs_url,
                             const SourceOf& source_of = {});

// The LSP range {start, end} of bytes [begin, end) of `src`.
nlohmann::json LspRange(const doc::Source& src, uint32_t begin, uint32_t end);
// The byte offset of an LSP position in `src` (clamped to the text).
uint32_t LspOffset(const doc::Source& src, const nlohmann::json& position);

// The hover's Markdown at byte `offset` of `file` in a checked group: the findings whose range
// holds it (code, severity, message, the code's documentation title and link), then, from the
// group's evaluation (`eval` of the scenario's inputs; `evaluated`: null when it could not be
// made), for a Kuma policy field the merged value for the chosen dataplane and the policy item
// that set it (or that overrode it) under the group's profile, and the explanation steps whose
// source range holds it under each profile evaluated, with the profiles that reached each.
// Empty when nothing is there.
std::string HoverMarkdown(const std::string& file, uint32_t offset,
                          const std::vector<doc::Diagnostic>& findings, const doc::Source& src,
                          const GroupRun& run, const Inspection* evaluated, const std::string& docs_url);

// Where bytes `r` of `src` (the source named `file` in a group) are in the editor: an LSP
// Location {uri, range}. The server's places a source embedded in an open scenario file
// (`sources: [{name, text: |}]`) in that file.
using Place = std::function<nlohmann::json(const std::string& file, const doc::Source& src, doc::SourceRange r)>;

// The documentSymbol outline of `file` in a checked group, from the engine's typed model: Kuma
// resources and policies (kind and name) with their to[] / from[] / rules[] items; a matcher's
// list items (the predicate in words) and map entries, nested as the matcher nests them; each TXT
// name's grpc_config choices (grpc-core's reading of the list); DS components with their
// references; TP2 resources with their variants. Ranges placed by `at`.
nlohmann::json DocumentSymbols(const std::string& file, const doc::Source& src, const GroupRun& run, const Place& at);

// Go to definition at byte `offset` of `file`: on a Kuma policy's targetRef (top level or an
// item's), the resources it selects (the policy engine's ResolveTargetRef); on a DS reference, the
// components whose `service.interfaces` provide its interface and the registered services that
// implement it; on an item of a scenario's
// `sources:` that names a `file`, that file. Location[] placed by `at`; empty elsewhere.
nlohmann::json Definitions(const std::string& file, uint32_t offset, const GroupRun& run, const Place& at);

}  // namespace cfgi::cli
