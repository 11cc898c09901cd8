// Fuzz target: the CEL lexer, parser, checker and evaluator (A106 subset).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/cel/cel.h"
#include "tests/fuzz/invariants.h"

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
  const cfgi::cel::Value whole = cfgi::cel::Evaluate(*c.program, r);
  (void)whole.DebugString();
  // The CEL tab's per-node values: the root's is the whole expression's.
  const std::vector<cfgi::cel::SubExpression> sub = cfgi::cel::EvaluateSubExpressions(*c.program, r);
  if (sub.empty() || !sub[0].evaluated || sub[0].value.DebugString() != whole.DebugString())
    cfgi::fuzz::Broken("the root sub-expression's value is not the expression's", text);
  (void)c.program->Unparse();
  (void)cfgi::cel::StaticType(c.program->ast());
  (void)cfgi::cel::CheckResultType(*c.program, cfgi::cel::Use::kMatcher);
  (void)cfgi::cel::CheckResultType(*c.program, cfgi::cel::Use::kExtractString);
  return 0;
}
