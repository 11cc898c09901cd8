// core/cel/cel.h: the restricted Common Expression Language of gRPC A106, our own small
// implementation (no CEL library is packaged for this build): a lexer and recursive-descent
// parser for CEL text with located errors, a converter from `cel.expr.CheckedExpr`, a compile
// step that enforces A106's runtime restrictions (Envoy's evaluator.cc options: no
// comprehensions, no string() conversion, no string or list concatenation, RE2 program size at
// most 100) and the `request.*` variables, and a tree-walking evaluator with CEL's
// error-absorbing `&&` / `||` (cel-spec doc/langdef.md, "Logical operators").
//
//   cfgi::cel::Compiled c = cfgi::cel::CompileText("request.headers['x-env'] == 'prod'");
//   if (!c.ok()) for (auto& e : c.errors) ...;             // code, message, byte range
//   cfgi::cel::Request req;  req.headers["x-env"] = "prod";
//   cfgi::cel::Value v = cfgi::cel::Evaluate(*c.program, req);   // Value::Bool(true)
//
// Compile once, evaluate many: a Program is immutable and holds its compiled RE2 objects.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cel::expr {
class CheckedExpr;
class ParsedExpr;
class Expr;
}  // namespace cel::expr
namespace re2 {
class RE2;
}

namespace cfgi::cel {

// Explicit limits: inputs beyond them get CEL006, never a crash or a hang.
struct Limits {
  size_t max_text_bytes = 16384;  // CEL source text
  int max_depth = 48;             // nesting of sub-expressions (parser recursion)
  size_t max_nodes = 4096;        // AST size
  int max_regex_program_size = 100;  // A106 "CEL: Runtime Restrictions"
};

// ---- AST (cel.expr.Expr's shape; operators use cel-spec's function names: _&&_, _==_, ...) ----
struct Expr {
  enum class Kind { kConst, kIdent, kSelect, kCall, kList, kMap };
  Kind kind = Kind::kConst;
  uint32_t begin = 0, end = 0;  // byte range in the expression text
  // kConst
  enum class ConstKind { kNull, kBool, kInt, kUint, kDouble, kString, kBytes } const_kind = ConstKind::kNull;
  bool b = false;
  int64_t i = 0;
  uint64_t u = 0;
  double d = 0;
  std::string s;  // string / bytes constant; ident name; select field; function name
  bool test_only = false;   // kSelect from has()
  bool has_target = false;  // kCall: children[0] is the receiver
  std::vector<Expr> children;  // select: [operand]; call: [target?] + args; list; map: k,v,k,v
};

// ---- values ----
struct Value;
using ValueList = std::vector<Value>;
using ValueMap = std::vector<std::pair<Value, Value>>;

struct Value {
  enum class Type { kNull, kBool, kInt, kUint, kDouble, kString, kBytes, kList, kMap, kTimestamp, kDuration, kError };
  Type type = Type::kNull;
  bool b = false;
  int64_t i = 0;    // int; timestamp / duration seconds
  uint64_t u = 0;
  int32_t nanos = 0;  // timestamp / duration
  double d = 0;
  std::string s;   // string, bytes, error message
  std::shared_ptr<const ValueList> list;
  std::shared_ptr<const ValueMap> map;

  static Value Null() { return {}; }
  static Value Bool(bool v) { Value x; x.type = Type::kBool; x.b = v; return x; }
  static Value Int(int64_t v) { Value x; x.type = Type::kInt; x.i = v; return x; }
  static Value Uint(uint64_t v) { Value x; x.type = Type::kUint; x.u = v; return x; }
  static Value Double(double v) { Value x; x.type = Type::kDouble; x.d = v; return x; }
  static Value String(std::string v) { Value x; x.type = Type::kString; x.s = std::move(v); return x; }
  static Value Bytes(std::string v) { Value x; x.type = Type::kBytes; x.s = std::move(v); return x; }
  static Value Error(std::string m) { Value x; x.type = Type::kError; x.s = std::move(m); return x; }
  static Value Timestamp(int64_t sec, int32_t ns) { Value x; x.type = Type::kTimestamp; x.i = sec; x.nanos = ns; return x; }
  static Value Duration(int64_t sec, int32_t ns) { Value x; x.type = Type::kDuration; x.i = sec; x.nanos = ns; return x; }
  static Value List(ValueList l) { Value x; x.type = Type::kList; x.list = std::make_shared<const ValueList>(std::move(l)); return x; }
  static Value Map(ValueMap m) { Value x; x.type = Type::kMap; x.map = std::make_shared<const ValueMap>(std::move(m)); return x; }

  bool is_error() const { return type == Type::kError; }
  bool is_true() const { return type == Type::kBool && b; }
  // CEL type name: "bool", "int", "string", "map", "google.protobuf.Timestamp", ...
  const char* type_name() const;
  // A CEL-like rendering for explanations: "'prod'", "3", "[1, 2]", "error: no such key: 'x'".
  std::string DebugString() const;
};
const char* TypeName(Value::Type t);

// ---- the request (A106 "CEL: Supported Variables") ----
// Unset optional attributes (gRPC leaves scheme, time and protocol unset) make `request.X` an
// error and `has(request.X)` false.
struct Request {
  std::map<std::string, std::string> headers;  // lower-cased names; several values joined with ","
  std::optional<std::string> path, url_path, host, scheme, method, referer, useragent, id, protocol, query;
  std::optional<std::pair<int64_t, int32_t>> time;  // seconds, nanos since the epoch (UTC)
};

// ---- diagnostics of parsing / compiling ----
struct Error {
  std::string code;     // CEL001..CEL009
  std::string message;  // one sentence and the fix
  uint32_t begin = 0, end = 0;  // byte range in the expression text (0,0 for CheckedExpr input)
};

class Program;

struct Compiled {
  std::shared_ptr<const Program> program;  // null when there are errors
  std::vector<Error> errors;
  bool ok() const { return program != nullptr; }
};

// The attribute names of `request` A106 supports.
const std::vector<std::string>& RequestAttributes();

// Parses CEL text into an AST. Syntax errors (CEL001), disabled macros (CEL002) and limits
// (CEL006) are returned in `errors` with their byte ranges; the AST is only meaningful when no
// error was reported.
Expr Parse(std::string_view text, std::vector<Error>& errors, const Limits& limits = {});

// Converts a cel.expr.Expr (the `expr` of a CheckedExpr or ParsedExpr) to our AST. Comprehensions
// give CEL002, unsupported shapes CEL008; ranges come from source_info positions when present.
Expr FromProto(const ::cel::expr::Expr& e, std::vector<Error>& errors, const Limits& limits = {});

// Compiles an AST: checks variables (CEL003), functions and disabled overloads (CEL004), regex
// literals (CEL005: RE2 syntax, program size at most limits.max_regex_program_size), and literal
// result types (CEL007, a warning in `errors` that does not stop compilation).
Compiled Compile(Expr ast, std::string text, const Limits& limits = {});
Compiled CompileText(std::string_view text, const Limits& limits = {});
Compiled CompileChecked(const ::cel::expr::CheckedExpr& checked, const Limits& limits = {});
Compiled CompileParsed(const ::cel::expr::ParsedExpr& parsed, const Limits& limits = {});

// Evaluates against a request. Never throws: evaluation errors are Value::Error.
Value Evaluate(const Program& p, const Request& r);

// One sub-expression of a program and its value in one evaluation (the CEL playground's
// per-node values, as regex101 explains each token): the AST in pre-order with its depth, the
// node as CEL text (Unparse), and its value, or not evaluated (the other side of a `&&` / `||`
// / `?:` that decided without it, or an operand after an error).
struct SubExpression {
  int depth = 0;
  std::string text;
  bool evaluated = false;
  Value value;
};
std::vector<SubExpression> EvaluateSubExpressions(const Program& p, const Request& r);

// A106 CelMatcher: true only when the result is the bool `true`; an error or another type is no
// match. `detail` (optional) receives the result's rendering for an explanation.
bool Matches(const Program& p, const Request& r, std::string* detail = nullptr);

// A106 CelExtractString: the string result, or `default_value` when the expression errors or
// yields another type; nullopt when there is no default and no string.
std::optional<std::string> ExtractString(const Program& p, const Request& r,
                                         const std::optional<std::string>& default_value,
                                         std::string* detail = nullptr);

class Program {
 public:
  const Expr& ast() const { return ast_; }
  const std::string& text() const { return text_; }
  // Renders the AST back as CEL text (for CheckedExpr inputs, which have no text).
  std::string Unparse() const;

 private:
  friend Compiled Compile(Expr, std::string, const Limits&);
  friend Value Evaluate(const Program&, const Request&);
  friend class Evaluator;
  Expr ast_;
  std::string text_;
  Limits limits_;
  // Compiled constant regexes, keyed by pattern.
  std::map<std::string, std::shared_ptr<const re2::RE2>> regexes_;
};

// The AST's static type as a CEL checker gives it with A106's declared variables (request.headers
// is map(string, string), request.time a google.protobuf.Timestamp, every other request.*
// attribute a string): "bool", "int", "string", "list(int)", "map(string, string)",
// "google.protobuf.Timestamp", ...; "dyn" when only the run time knows (dyn(), a literal or a
// conditional of mixed types); "request" for the bare variable.
std::string StaticType(const Expr& e);

// Unparses an AST (operators with minimal parentheses).
std::string Unparse(const Expr& e);

// What an expression is for (A106): a CelMatcher predicate must yield a bool, a CelExtractString
// a string.
enum class Use { kMatcher, kExtractString };
// CEL007 when the program's static type (StaticType) is not what `use` needs, over the whole
// expression's range: a CelMatcher needs bool (dyn is rejected, as grpc-java CelMatcher.java
// does), a CelExtractString string or dyn (CelStringExtractor.java); nullopt when it fits. The
// matcher engine reports it as a gRPC NACK for kMatcher and as a warning for kExtractString.
std::optional<Error> CheckResultType(const Program& p, Use use);

}  // namespace cfgi::cel
