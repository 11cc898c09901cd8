// app/cli/render_text.cpp: see render_text.h. The renderer of each engine of
// app/engines/engine_list.h (text::Render<Name>Text, app/cli/text/<engine>_text.cpp), in one table
// made from that list, as the app's views are (app/gui/views/views.cpp).
#include "app/cli/render_text.h"

#include <cstdlib>

#include <unistd.h>

#include "app/cli/text/text_common.h"
#include "app/engines/engine_list.h"

namespace cfgi::cli {

namespace text {
#define CFGI_RENDERER_DECLARATION(name, Name) std::string Render##Name##Text(const EngineResult& r, const TextStyle& st);
CFGI_FOR_EACH_ENGINE(CFGI_RENDERER_DECLARATION)
#undef CFGI_RENDERER_DECLARATION
}  // namespace text

using namespace text;

namespace {

struct RendererEntry {
  std::string_view engine;
  std::string (*render)(const EngineResult&, const TextStyle&);
};

// The document engine has none (its JSON tree is its answer).
#define CFGI_RENDERER_ENTRY(name, Name) {#name, &Render##Name##Text},
constexpr RendererEntry kRenderers[] = {CFGI_FOR_EACH_ENGINE(CFGI_RENDERER_ENTRY)};
#undef CFGI_RENDERER_ENTRY

}  // namespace

bool ShouldColour() {
  const char* no_colour = std::getenv("NO_COLOR");
  if (no_colour && *no_colour) return false;
  return isatty(STDOUT_FILENO) != 0;
}

std::string RenderDiagnostics(const std::vector<doc::Diagnostic>& ds, const TextStyle& st) {
  std::string out;
  for (const doc::Diagnostic& d : ds) {
    if (!st.colour) {
      out += doc::FormatDiagnostic(d) + "\n";
      continue;
    }
    const char* c = d.severity == doc::Severity::kError ? kRed : d.severity == doc::Severity::kWarning ? kYellow : kCyan;
    out += d.file + ":" + std::to_string(d.begin.line) + ":" + std::to_string(d.begin.column) + ": " +
           Paint(st, c, doc::SeverityName(d.severity)) + ": [" + d.code + "] " + d.message + "\n";
  }
  return out;
}

std::string RenderResult(std::string_view engine, const EngineResult& r, const TextStyle& st) {
  for (const RendererEntry& e : kRenderers)
    if (e.engine == engine) return e.render(r, st);
  return "";
}

std::string RenderExplanation(const doc::Step& s, const TextStyle& st, int indent) {
  if (s.what.empty() && s.children.empty()) return "";
  std::string out(static_cast<size_t>(indent) * 2, ' ');
  out += Paint(st, MarkColour(s.outcome), Mark(s.outcome));
  out += " " + doc::ValidUtf8(s.what);
  if (!s.detail.empty()) out += ": " + doc::ValidUtf8(s.detail);
  out += "\n";
  for (const doc::Step& c : s.children) out += RenderExplanation(c, st, indent + 1);
  return out;
}

}  // namespace cfgi::cli
