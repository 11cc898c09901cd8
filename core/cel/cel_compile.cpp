// core/cel/cel_compile.cpp: the compile-time checks of the A106 CEL subset (unknown variables
// and functions, the disabled features, regex program size: the Envoy evaluator options A106
// adopts, source/extensions/filters/common/expr/evaluator.cc) and the entry points that compile
// text, a cel.expr.CheckedExpr or a cel.expr.ParsedExpr into a Program.
#include <algorithm>
#include <cctype>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <re2/re2.h>

#include "cel/expr/checked.pb.h"
#include "cel/expr/syntax.pb.h"
#include "core/cel/cel.h"
#include "core/cel/cel_internal.h"

namespace cfgi::cel {

using namespace detail;

// ---- compile ----
namespace {

class Checker {
 public:
  Checker(std::vector<Error>& errors, const Limits& limits, std::map<std::string, std::shared_ptr<const re2::RE2>>& regexes)
      : errors_(errors), limits_(limits), regexes_(regexes) {}

  void Check(const Expr& e) {
    switch (e.kind) {
      case Expr::Kind::kConst: return;
      case Expr::Kind::kIdent:
        if (e.s != "request")
          Err("CEL003", e, "unknown variable '" + e.s + "'; A106 expressions may only use request.* attributes");
        return;
      case Expr::Kind::kSelect:
        if (!e.children.empty() && e.children[0].kind == Expr::Kind::kIdent && e.children[0].s == "request") {
          const auto& attrs = RequestAttributes();
          if (std::find(attrs.begin(), attrs.end(), e.s) == attrs.end())
            Err("CEL003", e, "request." + e.s + " is not an A106 request attribute; use one of path, url_path, host, "
                             "scheme, method, headers, referer, useragent, time, id, protocol, query");
          return;
        }
        for (const Expr& c : e.children) Check(c);
        return;
      case Expr::Kind::kList:
      case Expr::Kind::kMap:
        for (const Expr& c : e.children) Check(c);
        return;
      case Expr::Kind::kCall: CheckCall(e); return;
    }
  }

 private:
  void Err(const char* code, const Expr& e, std::string m) { errors_.push_back({code, std::move(m), e.begin, e.end}); }

  static bool IsStringLiteral(const Expr& e) { return e.kind == Expr::Kind::kConst && e.const_kind == Expr::ConstKind::kString; }

  void CheckCall(const Expr& e) {
    for (const Expr& c : e.children) Check(c);
    const std::string& f = e.s;
    size_t argc = e.children.size() - (e.has_target ? 1 : 0);
    auto arity = [&](size_t want, bool member) {
      if (e.has_target != member || argc != want) {
        Err("CEL004", e, "no overload " + f + " with " + std::to_string(argc) + " argument(s)" +
                             (e.has_target ? " on a receiver" : "") + "; see A106 \"CEL: Supported Functions\"");
        return false;
      }
      return true;
    };
    if (Operators().count(f)) {
      if (f == "_+_" && e.children.size() == 2) {
        if (IsStringLiteral(e.children[0]) || IsStringLiteral(e.children[1]))
          Err("CEL004", e, "string concatenation is disabled in gRPC and Envoy (enable_string_concat = false); "
                           "compare the parts separately, e.g. x.startsWith('a') && x.endsWith('b')");
        else if (e.children[0].kind == Expr::Kind::kList || e.children[1].kind == Expr::Kind::kList)
          Err("CEL004", e, "list concatenation is disabled in gRPC and Envoy (enable_list_concat = false); test the lists separately");
      }
      return;
    }
    if (f == "string") {
      Err("CEL004", e, "string() conversions are disabled in gRPC and Envoy (enable_string_conversion = false); "
                       "compare values of their own type instead");
      return;
    }
    if (f == "size") {
      if (!(e.has_target ? argc == 0 : argc == 1)) arity(1, false);
      return;
    }
    if (f == "matches") {
      if (!(e.has_target ? argc == 1 : argc == 2)) {
        arity(1, true);
        return;
      }
      const Expr& pat = e.children.back();
      if (IsStringLiteral(pat)) CompileRegex(pat);
      return;
    }
    if (f == "contains" || f == "startsWith" || f == "endsWith") {
      arity(1, true);
      return;
    }
    if (f == "int" || f == "uint" || f == "double" || f == "bytes" || f == "bool" || f == "dyn" || f == "duration" || f == "timestamp") {
      if (arity(1, false) && (f == "timestamp" || f == "duration") && IsStringLiteral(e.children[0])) {
        int64_t s;
        int32_t n;
        bool ok = f == "timestamp" ? ParseTimestamp(e.children[0].s, s, n) : ParseDuration(e.children[0].s, s, n);
        if (!ok)
          Err("CEL004", e.children[0], f == "timestamp"
                                           ? "'" + e.children[0].s + "' is not an RFC 3339 timestamp; write e.g. '2024-01-02T03:04:05Z'"
                                           : "'" + e.children[0].s + "' is not a duration; write e.g. '1h30m', '1.5s' or '100ms'");
      }
      return;
    }
    if (TimeGetters().count(f)) {
      if (!e.has_target || argc > 1) arity(0, true);
      return;
    }
    if (f == "all" || f == "exists" || f == "exists_one" || f == "map" || f == "filter") {
      Err("CEL002", e, f + "() is a comprehension, and comprehensions are disabled in gRPC and Envoy "
                           "(enable_comprehension = false); test the elements explicitly");
      return;
    }
    Err("CEL004", e, "unknown function '" + f + "'; A106 supports size, matches, contains, startsWith, endsWith, "
                     "timestamp, duration, the timestamp getters and the int/uint/double/bytes/bool conversions");
  }

  void CompileRegex(const Expr& pat) {
    if (regexes_.count(pat.s)) return;
    RE2::Options o;
    o.set_log_errors(false);
    auto re = std::make_shared<const re2::RE2>(pat.s, o);
    if (!re->ok()) {
      Err("CEL005", pat, "invalid RE2 pattern: " + re->error() + "; see https://github.com/google/re2/wiki/Syntax");
      return;
    }
    if (re->ProgramSize() > limits_.max_regex_program_size) {
      Err("CEL005", pat, "the regex program size is " + std::to_string(re->ProgramSize()) + ", over the limit of " +
                             std::to_string(limits_.max_regex_program_size) +
                             " (regex_max_program_size); simplify the pattern or use startsWith / endsWith / contains");
      return;
    }
    regexes_[pat.s] = std::move(re);
  }

  std::vector<Error>& errors_;
  const Limits& limits_;
  std::map<std::string, std::shared_ptr<const re2::RE2>>& regexes_;
};

}  // namespace

Compiled Compile(Expr ast, std::string text, const Limits& limits) {
  Compiled out;
  auto p = std::shared_ptr<Program>(new Program());
  p->limits_ = limits;
  Checker c(out.errors, limits, p->regexes_);
  c.Check(ast);
  p->ast_ = std::move(ast);
  p->text_ = std::move(text);
  if (out.errors.empty()) out.program = std::move(p);
  return out;
}

Compiled CompileText(std::string_view text, const Limits& limits) {
  Compiled out;
  Expr e = Parse(text, out.errors, limits);
  if (!out.errors.empty()) return out;
  return Compile(std::move(e), std::string(text), limits);
}

namespace {
Compiled CompileExprProto(const ::cel::expr::Expr* e, const ::cel::expr::SourceInfo* info, const Limits& limits) {
  Compiled out;
  if (!e) {
    out.errors.push_back({"CEL008", "the expression message has no expr; set expr (a cel.expr.Expr)", 0, 0});
    return out;
  }
  Expr ast = FromProto(*e, out.errors, limits);
  if (!out.errors.empty()) return out;
  (void)info;
  std::string text = Unparse(ast);
  return Compile(std::move(ast), std::move(text), limits);
}
}  // namespace

Compiled CompileChecked(const ::cel::expr::CheckedExpr& checked, const Limits& limits) {
  return CompileExprProto(checked.has_expr() ? &checked.expr() : nullptr, &checked.source_info(), limits);
}

Compiled CompileParsed(const ::cel::expr::ParsedExpr& parsed, const Limits& limits) {
  return CompileExprProto(parsed.has_expr() ? &parsed.expr() : nullptr, &parsed.source_info(), limits);
}
}  // namespace cfgi::cel
