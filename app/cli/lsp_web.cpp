// app/cli/lsp_web.cpp: `lsp` in the WebAssembly build of the CLI. The language server needs
// stdio and threads (app/lsp, native only); this says so (as app/live/live_web.cpp does for live
// sources).
#include <iostream>

#include "app/cli/common.h"
#include "app/cli/lsp.h"

namespace cfgi::cli {

bool ParseLspArgs(const std::vector<std::string>& args, LspArgs* out, std::string* error) {
  (void)args;
  (void)out;
  (void)error;
  return true;
}

int RunLsp(const LspArgs& a) {
  (void)a;
  return UsageError("lsp: the language server is part of the native config-inspector-cli only");
}

}  // namespace cfgi::cli
