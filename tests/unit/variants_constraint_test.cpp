// Constraint semantics, renderings and parsers of the variants engine (TP2).
#include <gtest/gtest.h>

#include <google/protobuf/text_format.h>
#include <google/protobuf/util/message_differencer.h>

#include "core/doc/load.h"
#include "core/variants/constraint.h"
#include "core/variants/constraint_parse.h"
#include "envoy/service/discovery/v3/discovery.pb.h"

namespace cfgi::variants {
namespace {

namespace dv3 = envoy::service::discovery::v3;
using C = Constraint;

struct MatchCase {
  const char* name;
  Constraint c;
  Params p;
  bool want;
};

TEST(VariantsConstraintTest, MatchingSemantics) {
  const std::vector<MatchCase> cases = {
      {"value equal", C::Value("env", "prod"), {{"env", "prod"}}, true},
      {"value differs", C::Value("env", "prod"), {{"env", "test"}}, false},
      {"value is case-sensitive", C::Value("env", "prod"), {{"env", "Prod"}}, false},
      {"key is case-sensitive", C::Value("env", "prod"), {{"Env", "prod"}}, false},
      {"value absent", C::Value("env", "prod"), {}, false},
      {"empty value matches empty string", C::Value("env", ""), {{"env", ""}}, true},
      {"empty value needs the key", C::Value("env", ""), {}, false},
      {"exists any value", C::Exists("version"), {{"version", "v9"}}, true},
      {"exists the empty string", C::Exists("version"), {{"version", ""}}, true},
      {"exists absent", C::Exists("version"), {}, false},
      {"not value matches absent", C::Not(C::Value("env", "prod")), {}, true},
      {"not value matches other value", C::Not(C::Value("env", "prod")), {{"env", "test"}}, true},
      {"not value", C::Not(C::Value("env", "prod")), {{"env", "prod"}}, false},
      {"not exists absent", C::Not(C::Exists("version")), {{"env", "prod"}}, true},
      {"not exists present", C::Not(C::Exists("version")), {{"version", ""}}, false},
      {"unconstrained key ignored", C::Value("env", "prod"), {{"env", "prod"}, {"version", "v1"}}, true},
      {"no constraints", C::True(), {{"anything", "x"}}, true},
      {"no constraints, no params", C::True(), {}, true},
      {"empty and", C::And({}), {}, true},
      {"empty or", C::Or({}), {{"env", "prod"}}, false},
      {"and", C::And({C::Value("env", "prod"), C::Value("version", "v1")}), {{"env", "prod"}, {"version", "v1"}}, true},
      {"and one fails", C::And({C::Value("env", "prod"), C::Value("version", "v1")}), {{"env", "prod"}}, false},
      {"or", C::Or({C::Value("env", "qa"), C::Value("env", "test")}), {{"env", "test"}}, true},
      {"or none", C::Or({C::Value("env", "qa"), C::Value("env", "test")}), {{"env", "prod"}}, false},
  };
  for (const MatchCase& tc : cases) {
    EXPECT_EQ(Matches(tc.c, tc.p), tc.want) << tc.name;
    doc::Step why;
    EXPECT_EQ(Matches(tc.c, tc.p, &why), tc.want) << tc.name << " (explained)";
    EXPECT_EQ(why.children.size(), 1u) << tc.name;
  }
}

TEST(VariantsConstraintTest, CompactRendering) {
  EXPECT_EQ(Render(C::And({C::Value("env", "prod"), C::Not(C::Exists("version"))})), "env=prod ∧ ¬exists(version)");
  EXPECT_EQ(Render(C::Or({C::Value("env", "prod"), C::Value("env", "test")})), "env=prod ∨ env=test");
  EXPECT_EQ(Render(C::And({C::Or({C::Value("a", "1"), C::Value("a", "2")}), C::Value("b", "x y")})),
            "(a=1 ∨ a=2) ∧ b=\"x y\"");
  EXPECT_EQ(Render(C::Not(C::Value("env", "prod"))), "¬(env=prod)");
  EXPECT_EQ(Render(C::True()), "⊤");
  EXPECT_EQ(Render(C::Value("env", "")), "env=\"\"");
  EXPECT_EQ(RenderParams({{"env", "prod"}, {"v", ""}}), "{env=prod, v=\"\"}");
}

// The canonical textproto is real textproto: protobuf parses it back to the same message.
TEST(VariantsConstraintTest, CanonicalTextProtoRoundTrips) {
  const std::vector<Constraint> cs = {
      C::Value("env", "prod"),
      C::Exists("version"),
      C::And({C::Value("env", "prod"), C::Not(C::Exists("version"))}),
      C::Or({C::Value("env", "qa"), C::Value("env", "te\"st")}),
      C::Not(C::And({C::Value("a", "1"), C::Or({C::Exists("b"), C::Value("c", "")})})),
  };
  for (const Constraint& c : cs) {
    std::string text = CanonicalTextProto(c);
    dv3::DynamicParameterConstraints parsed, built;
    ASSERT_TRUE(google::protobuf::TextFormat::ParseFromString(text, &parsed)) << text;
    ToProto(c, &built);
    EXPECT_TRUE(google::protobuf::util::MessageDifferencer::Equals(parsed, built)) << text;
    doc::DiagnosticSink sink;
    EXPECT_EQ(Render(FromProto(parsed, nullptr, sink, "")), Render(c));
    EXPECT_TRUE(sink.list().empty());
  }
  EXPECT_EQ(CanonicalTextProto(C::And({C::Value("env", "prod"), C::Not(C::Exists("version"))})),
            "and_constraints { constraints { constraint { key: \"env\" value: \"prod\" } } constraints { "
            "not_constraints { constraint { key: \"version\" exists {} } } } }");
}

struct Parsed {
  std::vector<ShorthandVariant> vs;
  std::vector<doc::Diagnostic> diags;
};
Parsed Shorthand(const std::string& text) {
  doc::Source src("s.txt", text);
  doc::DiagnosticSink sink(&src);
  Parsed p;
  p.vs = ParseShorthand(src, sink);
  p.diags = sink.list();
  return p;
}

std::string Codes(const std::vector<doc::Diagnostic>& ds) {
  std::string s;
  for (const auto& d : ds) s += d.code + "@" + std::to_string(d.begin.line) + ":" + std::to_string(d.begin.column) + " ";
  return s;
}

TEST(VariantsShorthandTest, SpecBasicExampleWithSlashComments) {
  Parsed p = Shorthand("// For {env=prod}\n{constraint:{key:\"env\" value:\"prod\"}}\n\n// For {env=test}\n"
                       "{constraint:{key:\"env\" value:\"test\"}}\n");
  ASSERT_EQ(p.vs.size(), 2u);
  EXPECT_EQ(Render(p.vs[0].constraint), "env=prod");
  EXPECT_EQ(Render(p.vs[1].constraint), "env=test");
  EXPECT_EQ(Codes(p.diags), "VAR004@1:1 ");  // `//` comments, reported once
}

TEST(VariantsShorthandTest, NotConstraintSlipIsNamed) {
  Parsed p = Shorthand("{and_constraints:[\n  {constraint:{key:\"env\" value:\"prod\"}},\n  {not_constraint:\n"
                       "    {constraint:{key:\"version\" exists:{}}}\n  }\n]}\n");
  ASSERT_EQ(p.vs.size(), 1u);
  EXPECT_EQ(Render(p.vs[0].constraint), "env=prod ∧ ¬exists(version)");
  EXPECT_EQ(Codes(p.diags), "VAR004@3:4 ");
  EXPECT_NE(p.diags[0].message.find("not_constraints"), std::string::npos);
}

TEST(VariantsShorthandTest, MissingBraceInTheSpecTableIsRecovered) {
  Parsed p = Shorthand("{and_constraints:[\n  {constraint:{key:\"env\" value:\"prod\"}},\n  {not_constraints:\n"
                       "    {constraint:{key:\"version\" value:\"v1\"}\n  }\n]}\n{constraint:{key:\"a\" value:\"b\"}}\n");
  ASSERT_EQ(p.vs.size(), 2u);
  EXPECT_TRUE(p.vs[0].ok);
  EXPECT_EQ(Render(p.vs[0].constraint), "env=prod ∧ ¬(version=v1)");
  EXPECT_EQ(Render(p.vs[1].constraint), "a=b");
  EXPECT_EQ(Codes(p.diags), "VAR004@6:1 ");
}

TEST(VariantsShorthandTest, CanonicalListFormInsideShorthand) {
  Parsed p = Shorthand("{or_constraints { constraints { constraint { key: \"env\" value: \"a\" } } constraints: "
                       "[{constraint: {key: 'env', value: 'b'}}] }}");
  ASSERT_EQ(p.vs.size(), 1u);
  EXPECT_EQ(Render(p.vs[0].constraint), "env=a ∨ env=b");
  EXPECT_EQ(Codes(p.diags), "");
}

TEST(VariantsShorthandTest, ErrorsArePositioned) {
  struct Case {
    const char* text;
    const char* codes;
  } cases[] = {
      {"{constraint:{key:\"env\"}}", "VAR001@1:13 "},
      {"{constraint:{key:\"\" value:\"x\"}}", "VAR002@1:18 "},
      {"{constraint:{value:\"x\"}}", "VAR002@1:13 "},
      {"{frob:{}}", "VAR005@1:1 "},
      {"{constraint:{key:\"a\" value:\"b\" exists:{}}}", "VAR005@1:13 "},
      {"{constraint:{key:env value:\"b\"}}", "VAR005@1:18 "},
      {"{constraint:{key:\"a\" value:\"b\"}", "VAR005@1:32 "},
      {"{constraint:{key:\"a\n", "VAR005@1:18 "},
      {"x {constraint:{key:\"a\" value:\"b\"}}", "VAR005@1:1 "},
      {"{constraint:{key:\"a\" value:\"b\"} and_constraints:[]}", "VAR005@1:1 "},
      {"{and_constraints:[]}", "VAR008@1:18 "},
      {"{and_constraints:[{}]}", "VAR008@1:19 "},
      // Keys and values are proto3 strings: UTF-8 only, whether written raw or as an escape.
      {"{constraint:{key:\"env\" value:\"\\377\"}}", "VAR015@1:30 "},
      {"{constraint:{key:\"e\xff\" value:\"x\"}}", "VAR015@1:18 "},
      {"{constraint:{key:\"env\" value:\"caf\xc3\xa9\"}}", ""},
  };
  for (const Case& c : cases) EXPECT_EQ(Codes(Shorthand(c.text).diags), c.codes) << c.text;
}

TEST(VariantsShorthandTest, ResumesAfterABadBlock) {
  Parsed p = Shorthand("{constraint:{key:\"a\" bogus}}\n{constraint:{key:\"b\" value:\"c\"}}\n");
  ASSERT_EQ(p.vs.size(), 2u);
  EXPECT_FALSE(p.vs[0].ok);
  EXPECT_TRUE(p.vs[1].ok);
  EXPECT_EQ(Render(p.vs[1].constraint), "b=c");
  EXPECT_EQ(Codes(p.diags), "VAR005@1:27 ");  // `bogus` is read as a field; its value is missing
}

TEST(VariantsShorthandTest, DepthLimit) {
  std::string deep;
  for (int i = 0; i < 40; ++i) deep += "{not_constraints:";
  deep += "{constraint:{key:\"a\" value:\"b\"}}";
  for (int i = 0; i < 40; ++i) deep += "}";
  Parsed p = Shorthand(deep);
  ASSERT_EQ(p.vs.size(), 1u);
  EXPECT_FALSE(p.vs[0].ok);
  ASSERT_EQ(p.diags.size(), 1u);
  EXPECT_EQ(p.diags[0].code, "VAR009");
}

TEST(VariantsShorthandTest, Detection) {
  EXPECT_TRUE(LooksLikeShorthand("// c\n{constraint:{}}"));
  EXPECT_TRUE(LooksLikeShorthand("  {and_constraints:[]}"));
  EXPECT_FALSE(LooksLikeShorthand("{\"constraint\": {}}"));
  EXPECT_FALSE(LooksLikeShorthand("constraint { key: \"a\" }"));
  EXPECT_FALSE(LooksLikeShorthand(""));
}

// A constraint in textproto through the parser and FromProto, with the diagnostics they reported.
struct FromTextProto {
  explicit FromTextProto(const std::string& text) : src("c.textproto", text), sink(&src) {
    dv3::DynamicParameterConstraints m;
    doc::Node tree;
    parsed = doc::ParseTextProto(src, &m, sink, &tree);
    if (parsed) c = FromProto(m, &tree, sink, "");
  }
  doc::Source src;
  doc::DiagnosticSink sink;
  bool parsed = false;
  Constraint c;
};

// FromProto on textproto and YAML: positions of the errors come from the source.
TEST(VariantsConstraintTest, FromProtoPositions) {
  FromTextProto r("and_constraints {\n  constraints { constraint { key: \"env\" } }\n"
                  "  constraints { constraint { key: \"\" value: \"x\" } }\n}\n");
  ASSERT_TRUE(r.parsed);
  const doc::DiagnosticSink& sink = r.sink;
  const Constraint& c = r.c;
  ASSERT_EQ(sink.list().size(), 2u);
  EXPECT_EQ(sink.list()[0].code, "VAR001");
  EXPECT_EQ(sink.list()[0].begin, (doc::Position{2, 17}));
  EXPECT_EQ(sink.list()[0].path, ".and_constraints.constraints[0].constraint");
  EXPECT_EQ(sink.list()[1].code, "VAR002");
  // proto3 has no presence for an empty `key`, so the constraint itself is the position.
  EXPECT_EQ(sink.list()[1].begin, (doc::Position{3, 17}));
  EXPECT_EQ(Render(c), "or[] ∧ or[]");
}

// A textproto escape can produce bytes that are not UTF-8 (the loader's DOC012 only sees the
// raw text): VAR015 at the field, and the constraint matches nothing.
TEST(VariantsConstraintTest, FromProtoRejectsStringsThatAreNotUtf8) {
  FromTextProto r("constraint { key: \"env\" value: \"\\377\" }\n");
  ASSERT_TRUE(r.parsed);
  const doc::DiagnosticSink& sink = r.sink;
  const Constraint& c = r.c;
  ASSERT_EQ(sink.list().size(), 1u);
  EXPECT_EQ(sink.list()[0].code, "VAR015");
  EXPECT_EQ(sink.list()[0].begin, (doc::Position{1, 25}));  // the field `value`
  EXPECT_EQ(sink.list()[0].path, ".constraint.value");
  EXPECT_EQ(sink.list()[0].message,
            "the constraint's `value` is not valid UTF-8 (byte 0xFF at offset 0 of \"\xEF\xBF\xBD\"); xDS string "
            "fields must be UTF-8, and protobuf rejects the message on the wire; fix the escape or save the file as UTF-8");
  EXPECT_EQ(Render(c), "or[]");
}

}  // namespace
}  // namespace cfgi::variants
