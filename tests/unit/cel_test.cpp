// The A106 CEL subset: parsing with located errors, the disabled features, the evaluator's
// semantics (cel-spec langdef), RE2 partial matching with the program size limit.
#include <gtest/gtest.h>

#include "cel/expr/checked.pb.h"
#include "core/cel/cel.h"

namespace cfgi::cel {
namespace {

Request SampleRequest() {
  Request r;
  r.headers = {{"x-env", "prod"}, {"x-user", "alice"}, {"user-agent", "Mozilla/5.0 (iPhone)"}};
  r.path = "/admin.Users/Delete";
  r.url_path = r.path;
  r.host = "api.example.com";
  r.method = "POST";
  r.useragent = "Mozilla/5.0 (iPhone)";
  r.query = "";
  return r;
}

std::string Eval(const std::string& text, const Request& r = SampleRequest()) {
  Compiled c = CompileText(text);
  if (!c.ok()) return "compile: " + c.errors.front().code + " " + c.errors.front().message;
  return Evaluate(*c.program, r).DebugString();
}

struct EvalCase {
  const char* expr;
  const char* want;
};

TEST(CelEval, Table) {
  const EvalCase cases[] = {
      {"request.path", "'/admin.Users/Delete'"},
      {"request.headers['x-env'] == 'prod'", "true"},
      {"request.headers['x-env'] != 'prod'", "false"},
      {"request.path.startsWith('/admin.') && request.headers['x-env'] == 'prod'", "true"},
      {"request.host.endsWith('.example.com')", "true"},
      {"request.useragent.contains('iPhone')", "true"},
      {"request.path.matches('Users')", "true"},          // partial match
      {"request.path.matches('^Users$')", "false"},
      {"matches(request.host, 'example')", "true"},
      {"size(request.path)", "19"},
      {"request.path.size()", "19"},
      {"size('héllo')", "5"},                             // code points
      {"size(b'h\\xffllo')", "5"},
      {"size(request.headers)", "3"},
      {"'x-env' in request.headers", "true"},
      {"'x-nope' in request.headers", "false"},
      {"has(request.headers.x)", "false"},
      {"has(request.host)", "true"},
      {"has(request.scheme)", "false"},
      {"2 in [1, 2, 3]", "true"},
      {"[1, 2, 3][1]", "2"},
      {"{'a': 1}['a']", "1"},
      {"1 + 2 * 3 - 4 / 2 % 3", "5"},
      {"7 / 2", "3"},
      {"-7 % 3", "-1"},
      {"7u / 2u", "3u"},
      {"1.5 * 2.0", "3.0"},
      {"1 == 1.0", "true"},                              // heterogeneous numeric equality
      {"1 < 1.5", "true"},
      {"1u == 1", "true"},
      {"'a' == 1", "false"},                             // equality across types is false
      {"'abc' < 'abd'", "true"},
      {"true ? 'y' : 'n'", "'y'"},
      {"!false", "true"},
      {"-(-3)", "3"},
      {"int('42') + 1", "43"},
      {"uint(3)", "3u"},
      {"double(2)", "2.0"},
      {"int(2.9)", "2"},
      {"bool('true')", "true"},
      {"bytes('ab') == b'ab'", "true"},
      {"dyn(3) == 3", "true"},
      {"r'\\d+'", "'\\\\d+'"},
      {"'''multi\nline'''.size()", "10"},
      {"'\\x41\\u00e9\\101'", "'Aé" "A'"},
      {"0x10 + 1", "17"},
      {"-9223372036854775808", "-9223372036854775808"},
      {"timestamp('2024-03-01T10:20:30.5Z').getFullYear()", "2024"},
      {"timestamp('2024-03-01T10:20:30.5Z').getMonth()", "2"},
      {"timestamp('2024-03-01T10:20:30.5Z').getDate()", "1"},
      {"timestamp('2024-03-01T10:20:30.5Z').getDayOfMonth()", "0"},
      {"timestamp('2024-03-01T10:20:30.5Z').getDayOfWeek()", "5"},   // a Friday
      {"timestamp('2024-03-01T10:20:30.5Z').getDayOfYear()", "60"},
      {"timestamp('2024-03-01T10:20:30.5Z').getHours()", "10"},
      {"timestamp('2024-03-01T10:20:30.5Z').getHours('+02:00')", "12"},
      {"timestamp('2024-03-01T10:20:30.5Z').getMilliseconds()", "500"},
      {"timestamp('2024-03-01T00:00:00+01:00')", "timestamp('2024-02-29T23:00:00Z')"},
      {"duration('1h30m').getMinutes()", "90"},
      {"duration('1.5s') + duration('500ms') == duration('2s')", "true"},
      {"timestamp('2024-01-02T00:00:00Z') - timestamp('2024-01-01T00:00:00Z')", "duration('86400s')"},
      {"timestamp('2024-01-01T00:00:00Z') + duration('36h')", "timestamp('2024-01-02T12:00:00Z')"},
      {"timestamp('2024-01-01T00:00:00Z') < timestamp('2024-01-01T00:00:01Z')", "true"},
  };
  for (const EvalCase& c : cases) EXPECT_EQ(Eval(c.expr), c.want) << c.expr;
}

TEST(CelEval, Errors) {
  const EvalCase cases[] = {
      {"request.headers['x-missing']", "error: no such key: 'x-missing'"},
      {"request.headers.x_missing", "error: no such key: 'x_missing'"},
      {"request.scheme", "error: request.scheme is not set for this request"},
      {"1 / 0", "error: division by zero"},
      {"5 % 0", "error: modulus by zero"},
      {"9223372036854775807 + 1", "error: integer overflow"},
      {"-9223372036854775808 - 1", "error: integer overflow"},
      {"0u - 1u", "error: unsigned integer overflow"},
      {"[1][3]", "error: index out of range: 3 (size 1)"},
      {"1 + request.path", "error: no matching overload for '_+_' applied to (int, string)"},
      {"int('x')", "error: cannot convert 'x' to int"},
      {"{'a': 1, 'a': 2}", "error: duplicate map key 'a'"},
      {"request.path < 1", "error: no matching overload for '_<_' applied to (string, int)"},
      {"!1", "error: no matching overload for '!_' applied to (int)"},
      {"timestamp('2024-01-01T00:00:00Z').getHours('Europe/Paris')",
       "error: time zone 'Europe/Paris' is not supported here; use 'UTC' or a fixed offset such as '+02:00'"},
  };
  for (const EvalCase& c : cases) EXPECT_EQ(Eval(c.expr), c.want) << c.expr;
}

// cel-spec "Logical operators": && and || are commutative and absorb errors when the other
// side decides the result.
TEST(CelEval, ErrorAbsorbingLogic) {
  const EvalCase cases[] = {
      {"false && (1 / 0 == 1)", "false"},
      {"(1 / 0 == 1) && false", "false"},
      {"true || (1 / 0 == 1)", "true"},
      {"(1 / 0 == 1) || true", "true"},
      {"(1 / 0 == 1) && true", "error: division by zero"},
      {"(1 / 0 == 1) || false", "error: division by zero"},
      {"request.headers['x-missing'] == 'a' || request.headers['x-env'] == 'prod'", "true"},
      {"1 && true", "error: no matching overload for '_&&_' applied to (int, bool)"},
      {"1 && false", "false"},
  };
  for (const EvalCase& c : cases) EXPECT_EQ(Eval(c.expr), c.want) << c.expr;
}

struct ErrorCase {
  const char* expr;
  const char* code;
  uint32_t begin;
  const char* message;  // whole, with the fix
};

TEST(CelCompile, LocatedErrors) {
  const ErrorCase cases[] = {
      {"request.path = '/x'", "CEL001", 13,
       "unexpected character '=' (assignment); compare with '=='"},
      {"request.path == '/x", "CEL001", 16,
       "unterminated string literal; close it with '"},
      {"request.path ==", "CEL001", 15, "expected an expression but found end of expression"},
      {"(request.path", "CEL001", 13,
       "expected ')' but found end of expression"},
      {"request.path == 'a' b", "CEL001", 20,
       "unexpected 'b' after the expression; remove it or join with && / ||"},
      {"", "CEL001", 0,
       "the expression is empty; write a boolean expression such as request.path == '/x'"},
      {"'\\q'", "CEL001", 1,
       "invalid escape sequence \\q; write \\\\ for a backslash"},
      {"99999999999999999999", "CEL001", 0,
       "integer literal 99999999999999999999 is out of range; int is 64-bit signed, uint 64-bit unsigned"},
      {"has(request)", "CEL001", 0,
       "has() takes one field selection such as has(request.headers.x); for a key with dashes use 'key' in request.headers"},
      {"Foo{a: 1}", "CEL001", 3,
       "message construction Foo{...} is not supported in A106 expressions; use a map literal {...}"},
      {"request.headers.exists(k, k == 'x')", "CEL002", 16,
       "the macro exists() is a comprehension, and comprehensions are disabled in gRPC and Envoy (enable_comprehension = false); test the elements explicitly"},
      {"[1, 2].all(x, x > 0)", "CEL002", 7,
       "the macro all() is a comprehension, and comprehensions are disabled in gRPC and Envoy (enable_comprehension = false); test the elements explicitly"},
      {"foo == 1", "CEL003", 0,
       "unknown variable 'foo'; A106 expressions may only use request.* attributes"},
      {"request.cookie == 'x'", "CEL003", 0,
       "request.cookie is not an A106 request attribute; use one of path, url_path, host, scheme, method, headers, referer, useragent, time, id, protocol, query"},
      {"string(1) == '1'", "CEL004", 0,
       "string() conversions are disabled in gRPC and Envoy (enable_string_conversion = false); compare values of their own type instead"},
      {"request.host + '.x' == 'a.x'", "CEL004", 0,
       "string concatenation is disabled in gRPC and Envoy (enable_string_concat = false); compare the parts separately, e.g. x.startsWith('a') && x.endsWith('b')"},
      {"[1] + [2] == [1, 2]", "CEL004", 0,
       "list concatenation is disabled in gRPC and Envoy (enable_list_concat = false); test the lists separately"},
      {"request.path.lowerAscii() == 'x'", "CEL004", 0,
       "unknown function 'lowerAscii'; A106 supports size, matches, contains, startsWith, endsWith, timestamp, duration, the timestamp getters and the int/uint/double/bytes/bool conversions"},
      {"request.path.startsWith()", "CEL004", 0,
       "no overload startsWith with 0 argument(s) on a receiver; see A106 \"CEL: Supported Functions\""},
      {"timestamp('yesterday') < request.time", "CEL004", 10,
       "'yesterday' is not an RFC 3339 timestamp; write e.g. '2024-01-02T03:04:05Z'"},
      {"request.path.matches('(')", "CEL005", 21,
       "invalid RE2 pattern: missing ): (; see https://github.com/google/re2/wiki/Syntax"},
      {"request.path.matches('a{101}')", "CEL005", 21,
       "the regex program size is 105, over the limit of 100 (regex_max_program_size); simplify the pattern or use startsWith / endsWith / contains"},
  };
  for (const ErrorCase& c : cases) {
    Compiled r = CompileText(c.expr);
    ASSERT_FALSE(r.errors.empty()) << "no error for: " << c.expr;
    EXPECT_EQ(r.errors[0].code, c.code) << c.expr;
    EXPECT_EQ(r.errors[0].begin, c.begin) << c.expr << ": " << r.errors[0].message;
    EXPECT_EQ(r.errors[0].message, c.message) << c.expr;
    EXPECT_FALSE(r.ok());
  }
}

TEST(CelCompile, Limits) {
  std::string deep(200, '(');
  deep += "1";
  deep += std::string(200, ')');
  Compiled d = CompileText(deep);
  ASSERT_FALSE(d.errors.empty());
  EXPECT_EQ(d.errors[0].code, "CEL006");
  EXPECT_EQ(d.errors[0].message, "the expression nests deeper than 48 levels; flatten it");

  std::string wide = "1";
  for (int i = 0; i < 3000; ++i) wide += " + 1";
  Compiled w = CompileText(wide);
  ASSERT_FALSE(w.errors.empty());
  EXPECT_EQ(w.errors[0].code, "CEL006");
  EXPECT_EQ(w.errors[0].message, "the expression has more than 4096 nodes; split it into several matchers");

  Compiled big = CompileText(std::string(20000, ' '));
  ASSERT_EQ(big.errors.size(), 1u);
  EXPECT_EQ(big.errors[0].code, "CEL006");

  // 48 levels are fine.
  std::string ok(40, '(');
  ok += "true";
  ok += std::string(40, ')');
  EXPECT_TRUE(CompileText(ok).ok());
}

TEST(CelCompile, StaticType) {
  EXPECT_EQ(StaticType(CompileText("size(request.path)").program->ast()), "int");
  EXPECT_EQ(StaticType(CompileText("request.path == 'x'").program->ast()), "bool");
  EXPECT_EQ(StaticType(CompileText("request.host").program->ast()), "string");
  EXPECT_EQ(StaticType(CompileText("true ? 1 : 2").program->ast()), "int");
  // The declared types: request.headers is map(string, string), so an index into it is a string
  // (A106 "CEL: Supported Variables"), and request.time a Timestamp.
  const std::pair<const char*, const char*> cases[] = {
      {"request.headers", "map(string, string)"},
      {"request.headers['x']", "string"},
      {"request.headers.x", "string"},
      {"request.headers['x'].startsWith('a')", "bool"},
      {"size(request.headers)", "int"},
      {"request.time", "google.protobuf.Timestamp"},
      {"request.time - timestamp('2024-01-01T00:00:00Z')", "google.protobuf.Duration"},
      {"request.time.getHours()", "int"},
      {"[1, 2][0]", "int"},
      {"[1, 'a']", "list(dyn)"},
      {"{'a': 1}['a']", "int"},
      {"true ? 1 : 'a'", "dyn"},
      {"dyn(request.path)", "dyn"},
      {"-size(request.path)", "int"},
      {"1.5 * 2.0", "double"},
  };
  for (const auto& [text, type] : cases) {
    Compiled c = CompileText(text);
    ASSERT_TRUE(c.ok()) << text << ": " << (c.errors.empty() ? "" : c.errors[0].message);
    EXPECT_EQ(StaticType(c.program->ast()), type) << text;
  }
}

// gRPC checks the output type at config time (grpc-java CelMatcher.java: the checked AST's result
// type must be BOOL, dyn included in the rejection; CelStringExtractor.java: STRING or DYN;
// CelStateMatcherTest celMatcher_throwsIfReturnsString, celStringExtractor_throwsIfReturnsBool).
TEST(CelCompile, OutputTypesAsGrpcChecks) {
  struct Case {
    const char* text;
    bool matcher_ok, extract_ok;
  };
  const Case cases[] = {
      {"request.headers['x']", false, true},
      {"request.headers['x'] == 'a'", true, false},
      {"'should be bool'", false, true},
      {"true", true, false},
      {"dyn(request.path)", false, true},
      {"request.headers", false, false},
      {"size(request.path) > 0", true, false},
      {"request.path", false, true},
      {"true ? 'a' : 'b'", false, true},
  };
  for (const Case& c : cases) {
    Compiled p = CompileText(c.text);
    ASSERT_TRUE(p.ok()) << c.text;
    EXPECT_EQ(!CheckResultType(*p.program, Use::kMatcher).has_value(), c.matcher_ok) << c.text;
    EXPECT_EQ(!CheckResultType(*p.program, Use::kExtractString).has_value(), c.extract_ok) << c.text;
  }
  Compiled d = CompileText("dyn(request.path)");
  EXPECT_EQ(CheckResultType(*d.program, Use::kMatcher)->message,
            "the expression yields a value of type dyn, not a bool: a CelMatcher's output type must be bool and dyn is not (gRPC "
            "NACKs it). Compare the value, e.g. x == 'a'");
  Compiled h = CompileText("request.headers");
  EXPECT_EQ(CheckResultType(*h.program, Use::kExtractString)->message,
            "the expression yields a value of type map(string, string), not a string: CelExtractString always falls back to "
            "default_value. Extract a string attribute");
}

// The CEL007 check the matcher engine runs (CelMatcher: bool; CelExtractString: string), shared
// with the view's CEL editor: exact message and the whole expression's range.
TEST(CelCompile, CheckResultType) {
  Compiled size = CompileText("size(request.path)");
  ASSERT_TRUE(size.ok());
  std::optional<Error> e = CheckResultType(*size.program, Use::kMatcher);
  ASSERT_TRUE(e.has_value());
  EXPECT_EQ(e->code, "CEL007");
  EXPECT_EQ(e->message,
            "the expression yields a value of type int, not a bool: a CelMatcher's output type must be bool (gRPC NACKs it; "
            "at run time it never matches). Compare the value, e.g. size(x) > 0");
  EXPECT_EQ(e->begin, 0u);
  EXPECT_EQ(e->end, 18u);
  e = CheckResultType(*size.program, Use::kExtractString);
  ASSERT_TRUE(e.has_value());
  EXPECT_EQ(e->message,
            "the expression yields a value of type int, not a string: CelExtractString always falls back to default_value. "
            "Extract a string attribute");

  Compiled host = CompileText("  request.host");
  ASSERT_TRUE(host.ok());
  EXPECT_FALSE(CheckResultType(*host.program, Use::kExtractString).has_value());
  e = CheckResultType(*host.program, Use::kMatcher);
  ASSERT_TRUE(e.has_value());
  EXPECT_EQ(e->begin, 2u);
  EXPECT_EQ(e->end, 14u);

  Compiled cmp = CompileText("request.path == '/x'");
  ASSERT_TRUE(cmp.ok());
  EXPECT_FALSE(CheckResultType(*cmp.program, Use::kMatcher).has_value());
  // request.headers is map(string, string): an index into it is a string, not a predicate.
  Compiled header = CompileText("request.headers['x']");
  ASSERT_TRUE(header.ok());
  EXPECT_TRUE(CheckResultType(*header.program, Use::kMatcher).has_value());
  EXPECT_FALSE(CheckResultType(*header.program, Use::kExtractString).has_value());
}

TEST(CelMatch, NonBoolAndErrorAreNoMatch) {
  Request r = SampleRequest();
  std::string detail;
  EXPECT_TRUE(Matches(*CompileText("request.headers['x-env'] == 'prod'").program, r, &detail));
  EXPECT_EQ(detail, "true");
  EXPECT_FALSE(Matches(*CompileText("size(request.path)").program, r, &detail));
  EXPECT_EQ(detail, "19 (a int, not a bool: no match)");
  EXPECT_FALSE(Matches(*CompileText("request.headers['nope'] == 'x'").program, r, &detail));
  EXPECT_EQ(detail, "error: no such key: 'nope'");
}

TEST(CelMatch, ExtractString) {
  Request r = SampleRequest();
  auto user = CompileText("request.headers['x-user']");
  EXPECT_EQ(ExtractString(*user.program, r, std::string("anon")), std::optional<std::string>("alice"));
  auto missing = CompileText("request.headers['x-nobody']");
  std::string detail;
  EXPECT_EQ(ExtractString(*missing.program, r, std::string("anon"), &detail), std::optional<std::string>("anon"));
  EXPECT_EQ(detail, "error: no such key: 'x-nobody'; default_value used");
  auto number = CompileText("size(request.path)");
  EXPECT_EQ(ExtractString(*number.program, r, std::nullopt), std::nullopt);
}

TEST(CelChecked, FromProto) {
  // request.headers['x-env'] == 'prod'
  ::cel::expr::CheckedExpr c;
  auto* call = c.mutable_expr()->mutable_call_expr();
  call->set_function("_==_");
  auto* idx = call->add_args()->mutable_call_expr();
  idx->set_function("_[_]");
  auto* sel = idx->add_args()->mutable_select_expr();
  sel->mutable_operand()->mutable_ident_expr()->set_name("request");
  sel->set_field("headers");
  idx->add_args()->mutable_const_expr()->set_string_value("x-env");
  call->add_args()->mutable_const_expr()->set_string_value("prod");
  Compiled p = CompileChecked(c);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p.program->text(), "request.headers['x-env'] == 'prod'");
  EXPECT_TRUE(Matches(*p.program, SampleRequest()));

  ::cel::expr::CheckedExpr comp;
  comp.mutable_expr()->mutable_comprehension_expr()->set_iter_var("x");
  Compiled bad = CompileChecked(comp);
  ASSERT_EQ(bad.errors.size(), 1u);
  EXPECT_EQ(bad.errors[0].code, "CEL002");

  ::cel::expr::CheckedExpr empty;
  Compiled none = CompileChecked(empty);
  ASSERT_EQ(none.errors.size(), 1u);
  EXPECT_EQ(none.errors[0].code, "CEL008");
}

TEST(CelUnparse, RoundTrip) {
  for (const char* t : {"request.path == '/x' && (request.host == 'a' || !has(request.headers.b))",
                        "request.path.matches('^/a') ? 1 + 2 * 3 : -4", "[1, 2u, 3.5, b'x', null, {'k': true}]",
                        "(1 + 2) * 3", "1 - (2 - 3)"}) {
    Compiled c = CompileText(t);
    ASSERT_TRUE(c.ok()) << t;
    EXPECT_EQ(Unparse(c.program->ast()), t);
  }
}

}  // namespace
}  // namespace cfgi::cel

namespace cfgi::cel {
namespace {

// The CEL tab's per-node values (EvaluateSubExpressions): the AST in pre-order with depths, each
// node's value from the one evaluation, and the right side of a `&&` that a false left side
// decided left unevaluated (cel-spec langdef.md, "Logical operators": short-circuit is allowed).
std::vector<std::string> SubRows(const std::string& text, const Request& r) {
  Compiled c = CompileText(text);
  EXPECT_TRUE(c.ok()) << text;
  std::vector<std::string> out;
  if (!c.ok()) return out;
  for (const SubExpression& s : EvaluateSubExpressions(*c.program, r))
    out.push_back(std::string(static_cast<size_t>(s.depth) * 2, ' ') + s.text + " = " +
                  (s.evaluated ? s.value.DebugString() : "(not evaluated)"));
  return out;
}

TEST(CelSubExpressions, EachNodeHasItsValueAndTheShortCircuitedSideNone) {
  Request r;
  r.headers["x-env"] = "dev";
  r.path = "/admin.Users/Delete";
  EXPECT_EQ(SubRows("request.headers['x-env'] == 'prod' && request.path.startsWith('/admin.')", r),
            (std::vector<std::string>{
                "request.headers['x-env'] == 'prod' && request.path.startsWith('/admin.') = false",
                "  request.headers['x-env'] == 'prod' = false",
                "    request.headers['x-env'] = 'dev'",
                "      request.headers = {'x-env': 'dev'}",
                "      'x-env' = 'x-env'",
                "    'prod' = 'prod'",
                "  request.path.startsWith('/admin.') = (not evaluated)",
                "    request.path = (not evaluated)",
                "    '/admin.' = (not evaluated)",
            }));
}

TEST(CelSubExpressions, AnErrorIsTheValueOfTheNodeThatFailed) {
  Request r;  // no x-env header
  const std::vector<std::string> rows = SubRows("request.headers['x-env'] == 'prod'", r);
  ASSERT_EQ(rows.size(), 5u);
  EXPECT_EQ(rows[0].rfind("request.headers['x-env'] == 'prod' = error: ", 0), 0u) << rows[0];
  EXPECT_EQ(rows[1].rfind("  request.headers['x-env'] = error: ", 0), 0u) << rows[1];
  EXPECT_EQ(rows[2], "    request.headers = {}");
}

}  // namespace
}  // namespace cfgi::cel
