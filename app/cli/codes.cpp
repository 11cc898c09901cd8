// app/cli/codes.cpp: `codes [--format text|json]`, every diagnostic code of the one registry
// (core/doc/codes.h) with its default severity, engine, title and documentation anchor (as
// istioctl's `analyze -L` lists its analyzers and IST codes).
#include <iostream>

#include "app/cli/common.h"
#include "app/cli/subcommands.h"
#include "core/doc/codes.h"

namespace cfgi::cli {

namespace {
std::string Anchor(std::string_view code) { return "docs/diagnostics.md#" + doc::CodeAnchor(code); }
}  // namespace

int RunCodes(const std::vector<std::string>& args) {
  std::string format = "text";
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--format" && i + 1 < args.size()) {
      format = args[++i];
    } else if (a.rfind("--format=", 0) == 0) {
      format = a.substr(9);
    } else if (a == "--format") {
      return UsageError("--format needs a value");
    } else {
      return UsageError("codes takes no argument but --format; unexpected '" + a + "'");
    }
    if (!IsOutputFormat(format)) return UsageError(kFormatError);
  }
  if (format == "json") {
    nlohmann::ordered_json j = nlohmann::ordered_json::array();
    for (const doc::CodeInfo& c : doc::Codes())
      j.push_back({{"code", c.code},
                   {"severity", doc::SeverityName(c.severity)},
                   {"engine", c.engine},
                   {"title", c.title},
                   {"documentation", Anchor(c.code)}});
    PrintJson(j);
    return kExitOk;
  }
  // CODE, severity, engine padded to columns; then the title and the anchor.
  for (const doc::CodeInfo& c : doc::Codes()) {
    std::string code(c.code), sev = doc::SeverityName(c.severity), engine(c.engine);
    code.resize(8, ' ');
    sev.resize(8, ' ');
    engine.resize(10, ' ');
    std::cout << code << sev << engine << c.title << "  (" << Anchor(c.code) << ")\n";
  }
  return kExitOk;
}

}  // namespace cfgi::cli
