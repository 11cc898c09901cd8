// Fuzz target: the CEL lexer, parser, checker and evaluator (A106 subset).
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/cel/cel.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  cfgi::cel::Compiled c = cfgi::cel::CompileText(text);
  if (!c.ok()) return 0;
  cfgi::cel::Request r;
  r.headers = {{"x-env", "prod"}, {"user-agent", "Mozilla/5.0"}};
  r.path = "/admin.Users/Delete";
  r.host = "api.example.com";
  r.method = "POST";
  r.time = std::make_pair(int64_t{1700000000}, int32_t{5});
  (void)cfgi::cel::Evaluate(*c.program, r).DebugString();
  (void)c.program->Unparse();
  (void)cfgi::cel::StaticType(c.program->ast());
  (void)cfgi::cel::CheckResultType(*c.program, cfgi::cel::Use::kMatcher);
  (void)cfgi::cel::CheckResultType(*c.program, cfgi::cel::Use::kExtractString);
  return 0;
}
