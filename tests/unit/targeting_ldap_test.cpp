// LDAP filters under CppMicroServices' rules (framework/src/util/LDAPExpr.cpp): parse errors
// with their codes, offsets and CppMicroServices' own messages; typed matching; explanations.
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "core/ldap/filter.h"
#include "core/ldap/value.h"

namespace cfgi::ldap {
namespace {

struct ParseErrorCase {
  std::string filter;
  std::string code;
  uint32_t offset;
  std::string cpp_message;
};

class LdapParseErrorTest : public ::testing::TestWithParam<ParseErrorCase> {};

TEST_P(LdapParseErrorTest, ReportsCodeOffsetAndCppMessage) {
  const ParseErrorCase& c = GetParam();
  ParseResult r = Parse(c.filter);
  ASSERT_FALSE(r.filter.has_value()) << c.filter;
  ASSERT_TRUE(r.error.has_value());
  EXPECT_EQ(r.error->code, c.code) << c.filter;
  EXPECT_EQ(r.error->offset, c.offset) << c.filter;
  EXPECT_EQ(r.error->cpp_message, c.cpp_message) << c.filter;
  EXPECT_FALSE(r.error->message.empty());
}

INSTANTIATE_TEST_SUITE_P(
    Table, LdapParseErrorTest,
    ::testing::Values(ParseErrorCase{"", "LDAP001", 0, "Null query: "},
                      ParseErrorCase{"a=b", "LDAP002", 0, "Malformed query: a=b"},
                      ParseErrorCase{"(a=b", "LDAP004", 4, "Unexpected end of query: "},
                      ParseErrorCase{"(a=b))", "LDAP005", 5, "Trailing garbage ')': )"},
                      // Trim() only strips ' ', so a trailing tab is garbage.
                      ParseErrorCase{"(a=b)\t", "LDAP005", 5, "Trailing garbage '\t': \t"},
                      ParseErrorCase{"(=b)", "LDAP002", 1, "Malformed query: =b)"},
                      ParseErrorCase{"(a<b)", "LDAP003", 2, "Undefined operator: <b)"},
                      ParseErrorCase{"(a~b)", "LDAP003", 2, "Undefined operator: ~b)"},
                      ParseErrorCase{"(a)", "LDAP003", 2, "Undefined operator: )"},
                      ParseErrorCase{"(!(a=1)(b=2))", "LDAP002", 7, "Malformed query: "},
                      ParseErrorCase{"(&)", "LDAP002", 2, "Malformed query: )"},
                      ParseErrorCase{"(&(a=1) x)", "LDAP002", 8, "Malformed query: x)"},
                      ParseErrorCase{"(a=b\\", "LDAP004", 5, "Unexpected end of query: "},
                      ParseErrorCase{"   ", "LDAP004", 3, "Unexpected end of query: "},
                      ParseErrorCase{"(|(a=1)", "LDAP004", 7, "Unexpected end of query: "}));

TEST(LdapParseTest, ValuesKeepBalancedParensSpacesAndEscapes) {
  struct Case {
    std::string filter, canonical;
  } cases[] = {
      {"(a=b(c))", "(a=b\\(c\\))"},
      {"( a b = c )", "(a b= c )"},
      {"(a=\\*\\)x)", "(a=\\*\\)x)"},
      {"  (&(a=1)  (|(b=2)(c<=3)) (!(d~=x)))  ", "(&(a=1)(|(b=2)(c<=3))(!(d~=x)))"},
      {"(objectclass=test::ServiceBInt)", "(objectclass=test::ServiceBInt)"},
  };
  for (const Case& c : cases) {
    ParseResult r = Parse(c.filter);
    ASSERT_TRUE(r.filter) << c.filter << ": " << (r.error ? r.error->message : "");
    EXPECT_EQ(r.filter->ToString(), c.canonical);
  }
}

TEST(LdapParseTest, NodeRangesPointIntoTheText) {
  ParseResult r = Parse("(&(a=1)(bb>=22))");
  ASSERT_TRUE(r.filter);
  const auto& n = r.filter->nodes();
  ASSERT_EQ(n.size(), 3u);
  EXPECT_EQ(n[0].op, Op::kAnd);
  EXPECT_EQ(n[0].range, (doc::SourceRange{0, 16}));
  EXPECT_EQ(n[2].op, Op::kGe);
  EXPECT_EQ(n[2].attr, "bb");
  EXPECT_EQ(n[2].range, (doc::SourceRange{7, 15}));
  EXPECT_EQ(n[2].attr_range, (doc::SourceRange{8, 10}));
  EXPECT_EQ(n[2].value_range, (doc::SourceRange{12, 14}));
  EXPECT_TRUE(n[2].long_ok);
  EXPECT_EQ(n[2].long_value, 22);
}

TEST(LdapParseTest, DepthLimitIsAnErrorNotACrash) {
  std::string deep;
  for (int i = 0; i < 300; ++i) deep += "(!";
  deep += "(a=1)";
  for (int i = 0; i < 300; ++i) deep += ")";
  ParseResult r = Parse(deep);
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->code, "LDAP006");
  EXPECT_EQ(r.error->offset, 512u);  // the 257th '(' opens level 257
}

Properties Props(const std::string& json) {
  Properties p;
  auto j = nlohmann::ordered_json::parse(json);
  for (auto it = j.begin(); it != j.end(); ++it) {
    auto v = ValueFromJson(it.value());
    p.Set(it.key(), v ? *v : Value{});
  }
  return p;
}

struct MatchCase {
  std::string filter;
  std::string props;
  bool match_case;
  bool expected;
};

class LdapMatchTest : public ::testing::TestWithParam<MatchCase> {};

TEST_P(LdapMatchTest, MatchesLikeCppMicroServices) {
  const MatchCase& c = GetParam();
  ParseResult r = Parse(c.filter);
  ASSERT_TRUE(r.filter) << c.filter;
  Properties p = Props(c.props);
  EXPECT_EQ(r.filter->Match(p, c.match_case), c.expected) << c.filter << " on " << c.props;
  Trace t;
  EXPECT_EQ(r.filter->Explain(p, c.match_case, &t), c.expected) << "Explain disagrees with Match: " << c.filter;
}

INSTANTIATE_TEST_SUITE_P(
    Table, LdapMatchTest,
    ::testing::Values(
        // integers: strtol, trailing text ignored, leading space allowed, wrap to int
        MatchCase{"(port>=8080)", R"({"port": 8080})", false, true},
        MatchCase{"(port>=8080)", R"({"port": 80})", false, false},
        MatchCase{"(port<=80)", R"({"port": 80})", false, true},
        MatchCase{"(port=80abc)", R"({"port": 80})", false, true},
        MatchCase{"(port= 80)", R"({"port": 80})", false, true},
        MatchCase{"(port=abc)", R"({"port": 80})", false, false},
        MatchCase{"(port~=80)", R"({"port": 80})", false, true},
        MatchCase{"(n=4294967297)", R"({"n": 1})", false, true},
        MatchCase{"(n=9223372036854775808)", R"({"n": 5})", false, false},
        // doubles: strtod, equality within DBL_EPSILON (absolute)
        MatchCase{"(d=1.5)", R"({"d": 1.5})", false, true},
        MatchCase{"(d<=2)", R"({"d": 1.5})", false, true},
        MatchCase{"(d>=2)", R"({"d": 1.5})", false, false},
        MatchCase{"(d=1e-20)", R"({"d": 2e-20})", false, true},
        MatchCase{"(d=x)", R"({"d": 1.5})", false, false},
        // booleans: case-insensitive prefix of "true"/"false", never ordered
        MatchCase{"(flag=true)", R"({"flag": true})", false, true},
        MatchCase{"(flag=TRUE)", R"({"flag": true})", false, true},
        MatchCase{"(flag=t)", R"({"flag": true})", false, true},
        MatchCase{"(flag=)", R"({"flag": false})", false, true},
        MatchCase{"(flag=truex)", R"({"flag": true})", false, false},
        MatchCase{"(flag=false)", R"({"flag": true})", false, false},
        MatchCase{"(flag>=true)", R"({"flag": true})", false, false},
        // strings: wildcards, case-sensitive =, ~= ignores case and spaces, byte order
        MatchCase{"(name=ab*)", R"({"name": "abc"})", false, true},
        MatchCase{"(name=*b*)", R"({"name": "abc"})", false, true},
        MatchCase{"(name=A*)", R"({"name": "abc"})", false, false},
        MatchCase{"(name=a*c*e)", R"({"name": "abcde"})", false, true},
        MatchCase{"(name=a*c*e)", R"({"name": "abcdef"})", false, false},
        MatchCase{"(name~=A B C)", R"({"name": "abc"})", false, true},
        MatchCase{"(name=\\*)", R"({"name": "*"})", false, true},
        MatchCase{"(name=\\*)", R"({"name": "x"})", false, false},
        MatchCase{"(s<=b)", R"({"s": "abc"})", false, true},
        MatchCase{"(s>=b)", R"({"s": "abc"})", false, false},
        MatchCase{"(a=x\x7f)", R"({"a": "xyz"})", false, true},
        // presence: any type, but not a null value
        MatchCase{"(name=*)", R"({"name": ""})", false, true},
        MatchCase{"(name=*)", R"({"other": 1})", false, false},
        MatchCase{"(m=*)", R"({"m": {"a": 1}})", false, true},
        MatchCase{"(m=x)", R"({"m": {"a": 1}})", false, false},
        MatchCase{"(n=*)", R"({"n": null})", false, false},
        // lists: any element
        MatchCase{"(tags=ssd)", R"({"tags": ["hdd", "ssd"]})", false, true},
        MatchCase{"(tags=nvme)", R"({"tags": ["hdd", "ssd"]})", false, false},
        MatchCase{"(ports>=8000)", R"({"ports": [80, 8080]})", false, true},
        // keys: case-insensitive unless match_case
        MatchCase{"(NAME=abc)", R"({"name": "abc"})", false, true},
        MatchCase{"(NAME=abc)", R"({"name": "abc"})", true, false},
        // keys past a lookup key's 16-byte head (KeyHead, value.h): same length, same first 16
        // bytes, told apart by the rest; exactly 16 bytes against 17
        MatchCase{"(service.exported.configs=b)", R"({"service.exported.intents": "a", "service.exported.configs": "b"})", false, true},
        MatchCase{"(SERVICE.Exported.CONFIGS=b)", R"({"service.exported.intents": "a", "service.exported.configs": "b"})", false, true},
        MatchCase{"(service.exported.intents=b)", R"({"service.exported.intents": "a", "service.exported.configs": "b"})", false, false},
        MatchCase{"(service.exported.configx=*)", R"({"service.exported.intents": "a", "service.exported.configs": "b"})", false, false},
        MatchCase{"(abcdefghijklmnop=*)", R"({"abcdefghijklmnopq": 1})", false, false},
        MatchCase{"(ABCDEFGHIJKLMNOP=1)", R"({"abcdefghijklmnop": 1})", false, true},
        // composites
        MatchCase{"(|(a=1)(b=2))", R"({"b": 2})", false, true},
        MatchCase{"(!(a=1))", R"({})", false, true},
        MatchCase{"(&(a=1)(!(b=2)))", R"({"a": 1, "b": 3})", false, true},
        MatchCase{"(&(a=1)(!(b=2)))", R"({"a": 1, "b": 2})", false, false}));

TEST(LdapExplainTest, ReasonsAndDetails) {
  struct Case {
    std::string filter, props;
    Reason reason;
    std::string detail;
  } cases[] = {
      {"(port>=8080)", R"({"port": 80})", Reason::kValueDiffers, "port: int 80 >= 8080 is false"},
      {"(port>=abc)", R"({"port": 80})", Reason::kNotANumber,
       "port: int 80 cannot compare with \"abc\": strtol finds no integer in it (type mismatch)"},
      {"(port=80abc)", R"({"port": 80})", Reason::kMatched,
       "port: int 80 == 80 is true (strtol read 80 from \"80abc\" and ignored the rest)"},
      {"(missing=1)", R"({"port": 80})", Reason::kPropertyMissing, "no property 'missing'"},
      {"(flag<=true)", R"({"flag": true})", Reason::kTypeMismatch,
       "flag: bool true cannot be ordered: <= never matches a boolean (type mismatch)"},
      {"(m=1)", R"({"m": {"k": 1}})", Reason::kTypeMismatch,
       "m: a map value is never compared, only (key=*) matches it (type mismatch)"},
      {"(Env=prod)", R"({"env": "dev"})", Reason::kValueDiffers,
       "env (keys are case-insensitive): string \"dev\" differs from \"prod\" (case-sensitive)"},
      {"(n=4294967297)", R"({"n": 2})", Reason::kValueDiffers,
       "n: int 2 == 1 is false (4294967297 does not fit in int and wraps to 1)"},
  };
  for (const Case& c : cases) {
    ParseResult r = Parse(c.filter);
    ASSERT_TRUE(r.filter);
    Trace t;
    r.filter->Explain(Props(c.props), false, &t);
    EXPECT_EQ(t.reason, c.reason) << c.filter;
    EXPECT_EQ(t.detail, c.detail) << c.filter;
    EXPECT_EQ(t.text, c.filter);
  }
}

// Found by targeting_ldap_fuzzer: CppMicroServices accepts any bytes in a value; quoting one
// that is not UTF-8 in the explanation threw nlohmann type_error 316 out of Explain.
TEST(LdapExplainTest, ValueThatIsNotUtf8IsQuotedWithReplacement) {
  ParseResult r = Parse("(port~=800a\xed" "c)");
  ASSERT_TRUE(r.filter);
  Properties p;
  p.Set("port", Value::Int(8080));
  Trace t;
  EXPECT_EQ(r.filter->Explain(p, false, &t), r.filter->Match(p, false));
  EXPECT_EQ(t.detail, "port: int 8080 == 800 is false (strtol read 800 from \"800a\xEF\xBF\xBD" "c\" and ignored the rest)");
  EXPECT_EQ(t.ToStep().ToJson()["what"], "(port~=800a\xEF\xBF\xBD" "c)");
}

TEST(LdapExplainTest, TreeHasEveryNodeAndTheFirstFailure) {
  ParseResult r = Parse("(&(objectclass=a::B)(port>=8080)(!(env=prod)))");
  ASSERT_TRUE(r.filter);
  Properties p;
  p.Set("objectclass", Value::StringList({"a::B"}));
  p.Set("port", Value::Int(80));
  p.Set("env", Value::String("dev"));
  Trace t;
  EXPECT_FALSE(r.filter->Explain(p, false, &t));
  ASSERT_EQ(t.children.size(), 3u);
  EXPECT_TRUE(t.children[0].matched);
  EXPECT_FALSE(t.children[1].matched);
  EXPECT_TRUE(t.children[2].matched);
  EXPECT_EQ(t.detail, "1 of 3 operands fail");
  const Trace* f = t.FirstFailure();
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->text, "(port>=8080)");
  EXPECT_EQ(f->range, (doc::SourceRange{20, 32}));
  doc::Step s = t.ToStep();
  EXPECT_EQ(s.outcome, doc::Outcome::kNoMatch);
  EXPECT_EQ(s.children[1].detail, "value differs: port: int 80 >= 8080 is false");
}

TEST(LdapEscapeTest, EscapesTheFourSpecialBytes) {
  EXPECT_EQ(EscapeValue("a*(b)\\c"), "a\\*\\(b\\)\\\\c");
  EXPECT_TRUE(NeedsEscaping("x)"));
  EXPECT_FALSE(NeedsEscaping("plain-value.1"));
  // The escaped form matches the raw text literally.
  ParseResult r = Parse("(v=" + EscapeValue("ac*)(x") + ")");
  ASSERT_TRUE(r.filter);
  Properties p;
  p.Set("v", Value::String("ac*)(x"));
  EXPECT_TRUE(r.filter->Match(p));
  p.Set("v", Value::String("acme)(x"));
  EXPECT_FALSE(r.filter->Match(p));
}

TEST(LdapJsonTest, EvaluateJsonShapes) {
  auto ok = EvaluateJson("(port>=8080)", R"({"port": 9000})", false);
  EXPECT_EQ(ok["matched"], true);
  EXPECT_TRUE(ok["error"].is_null());
  // The explanation is a doc::Step like every engine's (no second serialiser, no byte offsets).
  EXPECT_EQ(ok["explanation"], nlohmann::ordered_json::parse(
                                   R"j({"what": "(port>=8080)", "outcome": "matched", "detail": "port: int 9000 >= 8080 is true"})j"))
      << ok["explanation"].dump();
  auto bad = EvaluateJson("(port>=8080", "{}", false);
  EXPECT_EQ(bad["matched"], false);
  EXPECT_EQ(bad["error"].get<std::string>().rfind("[LDAP004] at offset 11: ", 0), 0u) << bad.dump();
  auto variants = EvaluateJson("(a=1)", R"({"A": 1, "a": 2})", false);
  EXPECT_EQ(variants["error"], "Properties contain case variants of the key: A; keep one spelling of each key");
  auto notjson = EvaluateJson("(a=1)", "{", false);
  EXPECT_EQ(notjson["error"].get<std::string>().rfind("--props is not JSON: ", 0), 0u);
}

TEST(LdapValueTest, JsonMapsLikeTheBundleManifestParser) {
  bool truncated = false;
  auto big = ValueFromJson(nlohmann::ordered_json(4294967297LL), &truncated);
  ASSERT_TRUE(big);
  EXPECT_EQ(big->kind, Value::Kind::kInt);
  EXPECT_EQ(big->i, 1);
  EXPECT_TRUE(truncated);
  EXPECT_FALSE(ValueFromJson(nlohmann::ordered_json()).has_value());  // null is dropped
  auto list = ValueFromJson(nlohmann::ordered_json::parse(R"([1, null, "a"])"));
  ASSERT_TRUE(list);
  EXPECT_EQ(list->list.size(), 2u);
  EXPECT_EQ(list->ToString(), "[1, \"a\"]");
}

}  // namespace
}  // namespace cfgi::ldap
