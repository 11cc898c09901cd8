// core/doc: positions, format detection, and library errors as located diagnostics.
#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

#include <google/protobuf/any.pb.h>
#include <google/protobuf/empty.pb.h>

#include "core/doc/explanation.h"
#include "core/doc/load.h"
#include "core/doc/utf8.h"

namespace cfgi::doc {
namespace {

TEST(SourceTest, LocatesOffsetsAsOneBasedLineColumn) {
  Source s("a.yaml", "ab\ncd\n\nx");
  EXPECT_EQ(s.Locate(0), (Position{1, 1}));
  EXPECT_EQ(s.Locate(1), (Position{1, 2}));
  EXPECT_EQ(s.Locate(3), (Position{2, 1}));
  EXPECT_EQ(s.Locate(6), (Position{3, 1}));
  EXPECT_EQ(s.Locate(7), (Position{4, 1}));
  EXPECT_EQ(s.Locate(999), (Position{4, 2}));  // clamps to the end
  EXPECT_EQ(s.Offset(2, 2), 4u);
  EXPECT_EQ(s.Line(2), "cd");
  EXPECT_EQ(s.Line(9), "");
}

struct DetectCase {
  const char* name;
  const char* text;
  Format want;
};

TEST(DetectFormatTest, ByExtensionThenContent) {
  const DetectCase cases[] = {
      {"x.yaml", "{}", Format::kYaml},
      {"x.json", "a: 1", Format::kJson},
      {"x.textproto", "a: 1", Format::kTextProto},
      {"x.zone", "", Format::kText},
      {"x", "  {\"a\": 1}", Format::kJson},
      {"x", "[1, 2]", Format::kJson},
      {"x", "{and_constraints: {}}", Format::kYaml},  // TP2 shorthand is not JSON
      {"x", "resource_name {\n  name: \"r\"\n}\n", Format::kTextProto},
      {"x", "[type.googleapis.com/x.Y] {}", Format::kTextProto},
      {"x", ";; ANSWER SECTION:\nfoo. 300 IN TXT \"a\"", Format::kText},
      {"x", "type: Mesh\nname: default\n", Format::kYaml},
  };
  for (const auto& c : cases) EXPECT_EQ(DetectFormat(c.name, c.text), c.want) << c.name << ": " << c.text;
}

TEST(YamlTest, TreeKeepsTypesAndRanges) {
  Document d = LoadDocument("a.yaml", "a: 1\nb:\n  - x: \"7\"\n    y: 2.5\n    z: true\n    n: ~\n");
  ASSERT_TRUE(d.diagnostics.empty());
  ASSERT_EQ(d.roots.size(), 1u);
  const Node& r = d.roots[0];
  EXPECT_EQ(r.Get("a")->kind(), Node::Kind::kInt);
  const Node& item = r.Get("b")->items()[0];
  EXPECT_EQ(item.Get("x")->kind(), Node::Kind::kString);
  EXPECT_EQ(item.Get("x")->text(), "7");
  EXPECT_EQ(item.Get("y")->kind(), Node::Kind::kDouble);
  EXPECT_EQ(item.Get("z")->kind(), Node::Kind::kBool);
  EXPECT_EQ(item.Get("n")->kind(), Node::Kind::kNull);
  EXPECT_EQ(d.source->Locate(item.Get("x")->range().begin), (Position{3, 8}));
  EXPECT_EQ(item.Get("x")->range().end - item.Get("x")->range().begin, 3u);  // "7" with quotes
  EXPECT_EQ(d.source->Locate(item.GetEntry("y")->key_range.begin), (Position{4, 5}));
}

TEST(YamlTest, SyntaxErrorIsLocated) {
  Document d = LoadDocument("bad.yaml", "a: 1\nb: [1, 2\nc: 3\n");
  ASSERT_EQ(d.diagnostics.size(), 1u);
  EXPECT_EQ(d.diagnostics[0].code, "DOC001");
  EXPECT_EQ(d.diagnostics[0].begin, (Position{3, 2}));
  EXPECT_TRUE(d.roots.empty());
}

// yaml-cpp marks an unclosed quote at the end of the input one past the last byte; the diagnostic
// sink keeps every range inside the text (found by the matcher fuzz target: seed
// unclosed-string-at-eof; protobuf's TextFormat does the same: seed textproto-error-at-eof).
TEST(YamlTest, SyntaxErrorAtTheEndStaysInsideTheText) {
  const std::string text = "{\"a\": {\"b\": \"x-user-se";
  Document d = LoadDocument("cut.json.yaml", text);
  ASSERT_EQ(d.diagnostics.size(), 1u);
  EXPECT_EQ(d.diagnostics[0].code, "DOC001");
  EXPECT_LE(d.diagnostics[0].range.end, text.size());
  EXPECT_LE(d.diagnostics[0].range.begin, d.diagnostics[0].range.end);
  EXPECT_EQ(d.diagnostics[0].begin.line, 1);
}

TEST(DiagnosticSinkTest, RangesStayInsideTheSourceText) {
  Source src("t.txt", "abc");
  DiagnosticSink sink(&src);
  sink.Error("DOC004", {3, 4}, "past the end");
  sink.Error("DOC004", {7, 2}, "reversed and past the end");
  ASSERT_EQ(sink.list().size(), 2u);
  EXPECT_EQ(sink.list()[0].range.begin, 3u);
  EXPECT_EQ(sink.list()[0].range.end, 3u);
  EXPECT_EQ(sink.list()[1].range.begin, 3u);
  EXPECT_EQ(sink.list()[1].range.end, 3u);
  EXPECT_EQ(sink.list()[0].begin, (Position{1, 4}));
}

TEST(YamlTest, BadIndentationIsLocated) {
  Document d = LoadDocument("bad.yaml", "a:\n  b: 1\n c: 2\n");
  ASSERT_EQ(d.diagnostics.size(), 1u);
  EXPECT_EQ(d.diagnostics[0].code, "DOC001");
  EXPECT_EQ(d.diagnostics[0].begin.line, 3);
}

TEST(YamlTest, DuplicateKeyWarns) {
  Document d = LoadDocument("dup.yaml", "name: a\nname: b\n");
  ASSERT_EQ(d.diagnostics.size(), 1u);
  EXPECT_EQ(d.diagnostics[0].code, "DOC003");
  EXPECT_EQ(d.diagnostics[0].severity, Severity::kWarning);
  EXPECT_EQ(d.diagnostics[0].begin, (Position{2, 1}));
  EXPECT_EQ(d.roots[0].Get("name")->text(), "a");
}

TEST(YamlTest, MultipleDocuments) {
  Document d = LoadDocument("m.yaml", "a: 1\n---\nb: 2\n");
  ASSERT_EQ(d.roots.size(), 2u);
  EXPECT_EQ(d.source->Locate(d.roots[1].range().begin), (Position{3, 1}));
}

TEST(JsonTest, TreeKeepsPositions) {
  Document d = LoadDocument("a.json", "{\n  \"a\": [1, {\"b\": \"c\"}],\n  \"d\": null\n}");
  ASSERT_TRUE(d.diagnostics.empty());
  const Node& r = d.roots[0];
  const Node& b = *r.Get("a")->items()[1].Get("b");
  EXPECT_EQ(b.text(), "c");
  EXPECT_EQ(d.source->Locate(b.range().begin), (Position{2, 18}));
  EXPECT_EQ(d.source->Locate(r.GetEntry("d")->key_range.begin), (Position{3, 3}));
  EXPECT_TRUE(r.Get("d")->is_null());
}

TEST(JsonTest, SyntaxErrorIsLocated) {
  Document d = LoadDocument("bad.json", "{\"a\": 1,\n \"b\": tru }\n");
  ASSERT_EQ(d.diagnostics.size(), 1u);
  EXPECT_EQ(d.diagnostics[0].code, "DOC002");
  EXPECT_EQ(d.diagnostics[0].begin, (Position{2, 7}));
}

TEST(JsonTest, MissingCommaIsLocated) {
  Document d = LoadDocument("bad.json", "{\n  \"a\": 1\n  \"b\": 2\n}\n");
  ASSERT_EQ(d.diagnostics.size(), 1u);
  EXPECT_EQ(d.diagnostics[0].code, "DOC002");
  EXPECT_EQ(d.diagnostics[0].begin, (Position{3, 3}));
}

TEST(TextProtoTest, SyntaxErrorIsLocated) {
  Document d = LoadDocument("bad.textproto", "foo {\n  bar: 1\n  baz: {\n    q: \"x\"\n  }\n  zz: ]\n}\n");
  ASSERT_EQ(d.diagnostics.size(), 1u);
  EXPECT_EQ(d.diagnostics[0].code, "DOC004");
  EXPECT_EQ(d.diagnostics[0].begin, (Position{6, 7}));
}

TEST(TextProtoTest, TabsCountAsBytes) {
  Document d = LoadDocument("tab.textproto", "a {\n\tb: ]\n}\n");
  ASSERT_EQ(d.diagnostics.size(), 1u);
  EXPECT_EQ(d.diagnostics[0].begin, (Position{2, 5}));
}

TEST(LimitsTest, SizeAndDepth) {
  Limits l;
  l.max_bytes = 10;
  Document big = LoadDocument("big.yaml", "a: 12345678901234567890", l);
  ASSERT_EQ(big.diagnostics.size(), 1u);
  EXPECT_EQ(big.diagnostics[0].code, "DOC010");

  std::string deep(200, '[');
  deep += std::string(200, ']');
  Document dj = LoadDocument("deep.json", deep);
  ASSERT_EQ(dj.diagnostics.size(), 1u);
  EXPECT_EQ(dj.diagnostics[0].code, "DOC011");
  EXPECT_EQ(dj.diagnostics[0].begin, (Position{1, 129}));

  Document dy = LoadDocument("deep.yaml", "a: " + deep);
  ASSERT_FALSE(dy.diagnostics.empty());
  EXPECT_EQ(dy.diagnostics[0].code, "DOC011");
}

// Found by variants_yaml_fuzzer: a 0xFF byte in YAML reached nlohmann's dump() and threw
// type_error 316 out of the core.
TEST(LimitsTest, YamlMustBeUtf8) {
  Document d = LoadDocument("bad.yaml", "a: ok\nb: {c\xff\xff" "d: 1}\n");
  ASSERT_EQ(d.diagnostics.size(), 1u);
  EXPECT_EQ(d.diagnostics[0].code, "DOC012");
  EXPECT_EQ(d.diagnostics[0].message,
            "byte 0xFF is not valid UTF-8; save the file as UTF-8 (put binary data in a base64 string)");
  EXPECT_EQ(d.diagnostics[0].begin, (Position{2, 6}));
  EXPECT_TRUE(d.roots.empty());

  for (const char* bad : {"a: \xc0\x80\n", "a: \xed\xa0\x80\n", "a: \xf4\x90\x80\x80\n", "a: \xe2\x82\n"}) {
    Document b = LoadDocument("bad.yaml", bad);
    ASSERT_EQ(b.diagnostics.size(), 1u) << bad;
    EXPECT_EQ(b.diagnostics[0].code, "DOC012") << bad;
    EXPECT_EQ(b.diagnostics[0].begin, (Position{1, 4})) << bad;
  }
  Document ok = LoadDocument("ok.yaml", "\xef\xbb\xbf" "a: \"h\xc3\xa9 \xe2\x82\xac \xf0\x9f\x99\x82\"\n");
  EXPECT_TRUE(ok.diagnostics.empty());
  ASSERT_EQ(ok.roots.size(), 1u);
  EXPECT_EQ(ok.roots[0].GetString("a"), "h\xc3\xa9 \xe2\x82\xac \xf0\x9f\x99\x82");
}

// Found by variants_textproto_fuzzer: protobuf's TextFormat accepted raw 0xF8 bytes in a string
// field, and the variants engine's JSON output threw type_error 316.
TEST(LimitsTest, TextProtoMustBeUtf8) {
  Document d = LoadDocument("bad.textproto", "a {\n  key: \"t\xf8\xf8" "x\"\n}\n");
  ASSERT_EQ(d.diagnostics.size(), 1u);
  EXPECT_EQ(d.diagnostics[0].code, "DOC012");
  EXPECT_EQ(d.diagnostics[0].begin, (Position{2, 10}));
}

TEST(LimitsTest, YamlEscapeOfASurrogateIsASyntaxError) {
  // yaml-cpp itself refuses escapes that give no character, so no invalid UTF-8 gets through.
  Document d = LoadDocument("esc.yaml", "a: 1\nb: \"x\\uD800y\"\n");
  ASSERT_EQ(d.diagnostics.size(), 1u);
  EXPECT_EQ(d.diagnostics[0].code, "DOC001");
  EXPECT_EQ(d.diagnostics[0].begin, (Position{2, 12}));
}

// Found by the matcher, document and variants_shorthand fuzzers: yaml-cpp 0.7 never returns on
// a ',' outside a flow collection (it emits null events without consuming input).
TEST(LimitsTest, YamlParserThatStopsMakingProgress) {
  for (auto [text, line, column] : std::vector<std::tuple<std::string, int, int>>{
           {"{},", 1, 3}, {",\na: 1\n", 1, 1}, {",", 1, 1}, {"{\"a\": {\"b\": 1}},", 1, 16}}) {
    Document d = LoadDocument("loop.yaml", text);
    ASSERT_EQ(d.diagnostics.size(), 1u) << text;
    EXPECT_EQ(d.diagnostics[0].code, "DOC014") << text;
    EXPECT_EQ(d.diagnostics[0].begin, (Position{line, column})) << text;
    EXPECT_TRUE(d.roots.empty()) << text;
  }
  Document d = LoadDocument("loop.yaml", "{},");
  EXPECT_EQ(d.diagnostics[0].message,
            "YAML: the parser stopped making progress here (yaml-cpp loops on a ',' outside [ ] and { }); "
            "remove the stray comma or fix the brackets at this position");
  Document ok = LoadDocument("ok.yaml", "a: [1, 2]\nb: {c: d}\n");
  EXPECT_TRUE(ok.diagnostics.empty());
}

TEST(LimitsTest, YamlAliasExpansion) {
  // Nine levels of nine aliases: 9^9 nodes if expanded.
  std::string y = "a0: &a0 [x, x, x, x, x, x, x, x, x]\n";
  for (int i = 1; i < 9; ++i) {
    std::string p = "*a" + std::to_string(i - 1);
    y += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [" + p;
    for (int k = 1; k < 9; ++k) y += ", " + p;
    y += "]\n";
  }
  Document d = LoadDocument("bomb.yaml", y);
  ASSERT_EQ(d.diagnostics.size(), 1u);
  EXPECT_EQ(d.diagnostics[0].code, "DOC013");
  EXPECT_EQ(d.diagnostics[0].begin.line, 6);
  EXPECT_TRUE(d.roots.empty());

  Limits l;
  l.max_alias_nodes = 20;
  Document ok = LoadDocument("a.yaml", "a: &a [1, 2]\nb: *a\nc: *a\n", l);
  EXPECT_TRUE(ok.diagnostics.empty());
  EXPECT_EQ(ok.roots[0].Get("c")->items().size(), 2u);
}

TEST(NodeTest, ToJsonIsTyped) {
  Document d = LoadDocument("a.yaml", "i: 3\nf: 1.5\ns: '3'\nb: false\nl: [a]\n");
  EXPECT_EQ(d.roots[0].ToJson().dump(), R"({"b":false,"f":1.5,"i":3,"l":["a"],"s":"3"})");
  EXPECT_EQ(d.roots[0].ToOrderedJson().dump(), R"({"i":3,"f":1.5,"s":"3","b":false,"l":["a"]})");
}

}  // namespace
}  // namespace cfgi::doc

namespace cfgi::doc {
namespace {

TEST(YamlTest, AnchorsAndAliasesExpand) {
  Document d = LoadDocument("a.yaml", "base: &b {x: 1}\nuse: *b\n");
  ASSERT_TRUE(d.diagnostics.empty());
  EXPECT_EQ(d.roots[0].Get("use")->Get("x")->text(), "1");
}

TEST(YamlTest, EmptyDocumentIsNullRoot) {
  Document d = LoadDocument("e.yaml", "# only a comment\n");
  ASSERT_TRUE(d.diagnostics.empty());
  ASSERT_EQ(d.roots.size(), 0u);
}

TEST(YamlTest, QuotedScalarsAreStrings) {
  Document d = LoadDocument("q.yaml", "a: 'true'\nb: \"1\"\nc: true\nd: 0x1F\n");
  EXPECT_EQ(d.roots[0].Get("a")->kind(), Node::Kind::kString);
  EXPECT_EQ(d.roots[0].Get("b")->kind(), Node::Kind::kString);
  EXPECT_EQ(d.roots[0].Get("c")->kind(), Node::Kind::kBool);
  EXPECT_EQ(d.roots[0].Get("d")->kind(), Node::Kind::kString);  // core schema ints are decimal here
}

}  // namespace
}  // namespace cfgi::doc

namespace cfgi::doc {
namespace {

// One UTF-8 check for the whole core (DOC012, VAR015, the JSON of every result).
TEST(Utf8Test, FirstInvalidAndReplacement) {
  EXPECT_EQ(FirstInvalidUtf8("plain caf\xc3\xa9 \xf0\x9f\x99\x82"), std::string_view::npos);
  EXPECT_EQ(FirstInvalidUtf8("ab\xff"), 2u);
  EXPECT_EQ(FirstInvalidUtf8("\xc0\xaf"), 0u);          // overlong '/'
  EXPECT_EQ(FirstInvalidUtf8("x\xed\xa0\x80"), 1u);     // a surrogate
  EXPECT_EQ(FirstInvalidUtf8("x\xf4\x90\x80\x80"), 1u); // past U+10FFFF
  // The eight-byte ASCII steps: a bad byte at every offset of a long ASCII run is found there.
  for (size_t at = 0; at < 40; ++at) {
    std::string t(40, 'a');
    t[at] = '\xff';
    EXPECT_EQ(FirstInvalidUtf8(t), at) << at;
    t[at] = 'b';
    EXPECT_EQ(FirstInvalidUtf8(t), std::string_view::npos) << at;
  }
  EXPECT_EQ(FirstInvalidUtf8(std::string(17, 'a') + "caf\xc3\xa9" + std::string(9, 'z') + "\xc3"), 31u);  // truncated at the end
  EXPECT_EQ(FirstInvalidUtf8("xy\xe2\x82"), 2u);        // truncated
  EXPECT_EQ(ValidUtf8("a\xff" "b\xfe\xfd" "c"), "a\xEF\xBF\xBD" "b\xEF\xBF\xBD\xEF\xBF\xBD" "c");
  EXPECT_EQ(ValidUtf8("caf\xc3\xa9"), "caf\xc3\xa9");
  nlohmann::ordered_json j = {{"k", std::string("v\xff")}};
  EXPECT_THROW((void)j.dump(), nlohmann::json::type_error);
  EXPECT_EQ(JsonText(j), "{\"k\":\"v\xEF\xBF\xBD\"}");
  EXPECT_EQ(JsonText(j, 2), "{\n  \"k\": \"v\xEF\xBF\xBD\"\n}");
}

}  // namespace
}  // namespace cfgi::doc

namespace cfgi::doc {
namespace {

// protobuf 3.21's JSON parser CHECK-fails (throws FatalException) on an Any of a well-known type
// with a field beside "value"; found by matcher_fuzzer. It must be a diagnostic, not a crash.
TEST(NodeToMessageTest, ProtobufCheckFailureIsADiagnostic) {
  Document d = LoadDocumentAs(Format::kYaml, "a.yaml",
                              "\"@type\": type.googleapis.com/google.protobuf.StringValue\nx: ~\nvalue: beta\n");
  ASSERT_TRUE(d.root());
  google::protobuf::Any any;
  DiagnosticSink sink(d.source.get());
  EXPECT_FALSE(NodeToMessage(*d.root(), &any, sink));
  ASSERT_EQ(sink.list().size(), 1u);
  EXPECT_EQ(sink.list()[0].code, "DOC005");
  EXPECT_EQ(sink.list()[0].begin, (Position{1, 1}));
  // Debian's libprotobuf is built with its debug checks on (the CHECK fires: our wording); the
  // WebAssembly build of the same source has NDEBUG, so the parser itself reports the error.
  const std::string& m = sink.list()[0].message;
  EXPECT_EQ(m.rfind("does not convert to google.protobuf.Any: ", 0), 0u) << m;
  EXPECT_TRUE(m.find("takes only \"@type\" and \"value\"") != std::string::npos ||
              m.find("Expect a \"value\" field for well-known types") != std::string::npos)
      << m;
  // The same Any without the stray field converts.
  Document ok = LoadDocumentAs(Format::kYaml, "b.yaml", "\"@type\": type.googleapis.com/google.protobuf.StringValue\nvalue: beta\n");
  DiagnosticSink sink2(ok.source.get());
  EXPECT_TRUE(NodeToMessage(*ok.root(), &any, sink2));
}

// Field paths as gRPC's ValidationErrors::ScopedField builds them (src/core/util/validation_errors.h,
// test/core/util/validation_errors_test.cc): segments pushed for a scope, ".x" and "[i]" joined,
// popped on exit; an explicit path is appended when it starts with '.' or '['.
TEST(DiagnosticSinkTest, ScopedFieldsBuildThePath) {
  Source src("m.json", "{\"scr\": {\"components\": [{}, {}]}}");
  DiagnosticSink sink(&src);
  {
    DiagnosticSink::ScopedField top(&sink, "scr.components");
    DiagnosticSink::ScopedField item(&sink, "[1]");
    sink.Error("TGT004", {30, 32}, "a component must be a map");
    sink.Error("TGT002", {30, 32}, "needs a name", ".name");
    {
      DiagnosticSink::ScopedField refs(&sink, ".references");
      EXPECT_EQ(sink.field_path(), "scr.components[1].references");
    }
    EXPECT_EQ(sink.field_path(), "scr.components[1]");
  }
  EXPECT_EQ(sink.field_path(), "");
  sink.Warning("TGT009", {0, 1}, "outside any scope", "inputs.config");
  {
    DiagnosticSink::ScopedField lead(&sink, ".spec");  // segments are joined as written
    sink.Note("X", {0, 1}, "in spec");
  }
  ASSERT_EQ(sink.list().size(), 4u);
  EXPECT_EQ(sink.list()[0].path, "scr.components[1]");
  EXPECT_EQ(sink.list()[0].begin, (Position{1, 31}));
  EXPECT_EQ(sink.list()[1].path, "scr.components[1].name");
  EXPECT_EQ(sink.list()[2].path, "inputs.config");
  EXPECT_EQ(sink.list()[3].path, ".spec");
}

// The one cap on repeated findings: 20 per code per file, then one note with the count, where
// the left-out findings end; an engine's "also" (findings it did not list) is counted too.
TEST(DiagnosticSinkTest, CapRepeatsKeepsTwentyPerCodeAndFileAndCountsTheRest) {
  Source a("a.yaml", std::string(100, '\n'));
  Source b("b.yaml", std::string(100, '\n'));
  DiagnosticSink sa(&a), sb(&b);
  for (uint32_t i = 0; i < 25; ++i) sa.Warning("POL018", {i, i}, "dead " + std::to_string(i));
  for (uint32_t i = 0; i < 3; ++i) sb.Warning("POL018", {i, i}, "dead");
  for (uint32_t i = 0; i < 21; ++i) sb.Note("MAT030", {50 + i, 50 + i}, "unreached");
  sb.list().back().also = 1000;
  std::vector<Diagnostic> all = sa.list();
  all.insert(all.end(), sb.list().begin(), sb.list().end());
  CapRepeats(all);
  ASSERT_EQ(all.size(), 21u + 3u + 21u);
  EXPECT_EQ(all[19].message, "dead 19");
  EXPECT_EQ(all[20].severity, Severity::kNote);
  EXPECT_EQ(all[20].code, "POL018");
  EXPECT_EQ(all[20].begin.line, 25);  // the last left out: line 25 (offset 24)
  EXPECT_EQ(all[20].message, "and 5 more [POL018] findings in this file, not listed (the first 20 of each code per file are)");
  EXPECT_EQ(all[23].file, "b.yaml");
  EXPECT_EQ(all[44].code, "MAT030");
  EXPECT_EQ(all[44].message, "and 1001 more [MAT030] findings in this file, not listed (the first 20 of each code per file are)");
}

}  // namespace
}  // namespace cfgi::doc

// ---- Explanation: the deciding step and folded runs (the Explanation panel, docs/gui.md) ----

namespace {
cfgi::doc::Step S(std::string what, cfgi::doc::Outcome o, std::vector<cfgi::doc::Step> children = {}) {
  cfgi::doc::Step s;
  s.what = std::move(what);
  s.outcome = o;
  s.children = std::move(children);
  return s;
}
}  // namespace

TEST(ExplanationTest, DecidingPathFollowsTheFirstChildWithTheParentsOutcome) {
  using cfgi::doc::Outcome;
  // A first-match list: two misses, then the matcher whose header predicate matched.
  cfgi::doc::Step root = S("request #0", Outcome::kMatched,
                           {S("matchers[0]", Outcome::kNoMatch), S("matchers[1]", Outcome::kNoMatch),
                            S("matchers[2]", Outcome::kMatched, {S("header x-env exact prod", Outcome::kMatched)}),
                            S("matchers[3]", Outcome::kSkipped)});
  std::vector<const cfgi::doc::Step*> path = cfgi::doc::DecidingPath(root);
  ASSERT_EQ(path.size(), 3u);
  EXPECT_EQ(path[0], &root);
  EXPECT_EQ(path[1]->what, "matchers[2]");
  EXPECT_EQ(path[2]->what, "header x-env exact prod");
  // An LDAP AND that failed: the first failing sub-filter decides.
  cfgi::doc::Step ldap = S("(&(a=1)(b=2))", Outcome::kNoMatch,
                           {S("(a=1)", Outcome::kMatched), S("(b=2)", Outcome::kNoMatch)});
  path = cfgi::doc::DecidingPath(ldap);
  ASSERT_EQ(path.size(), 2u);
  EXPECT_EQ(path[1]->what, "(b=2)");
  // An info root descends to its first matched or error child; nothing below: the root alone.
  cfgi::doc::Step info = S("report", Outcome::kInfo, {S("note", Outcome::kInfo), S("choice 1", Outcome::kMatched)});
  path = cfgi::doc::DecidingPath(info);
  ASSERT_EQ(path.size(), 2u);
  EXPECT_EQ(path[1]->what, "choice 1");
  EXPECT_EQ(cfgi::doc::DecidingPath(S("lone", Outcome::kNoMatch, {S("x", Outcome::kMatched)})).size(), 1u);
}

TEST(ExplanationTest, FoldRunsLabelsNumberedSpansAndKeepsShortRuns) {
  using cfgi::doc::Outcome;
  std::vector<cfgi::doc::Step> steps;
  for (int i = 0; i < 500; ++i) steps.push_back(S("matchers[" + std::to_string(i) + "]", Outcome::kNoMatch));
  steps.push_back(S("matchers[500]", Outcome::kMatched));
  steps.push_back(S("variant 7: a", Outcome::kSkipped));
  steps.push_back(S("variant 8: b", Outcome::kSkipped));
  std::vector<cfgi::doc::StepRun> runs = cfgi::doc::FoldRuns(steps);
  ASSERT_EQ(runs.size(), 4u);
  EXPECT_EQ(runs[0].begin, 0u);
  EXPECT_EQ(runs[0].end, 500u);
  EXPECT_EQ(runs[0].label, "matchers[0..499]: no match");
  EXPECT_FALSE(runs[1].folded());
  EXPECT_EQ(runs[1].begin, 500u);
  EXPECT_FALSE(runs[2].folded());  // two skipped steps stay two rows (min_run 3)
  EXPECT_FALSE(runs[3].folded());
  // Numbers that share leading digits, different tails, and whats without numbers.
  runs = cfgi::doc::FoldRuns({S("matchers[10]", Outcome::kNoMatch), S("matchers[11]", Outcome::kNoMatch),
                              S("matchers[19]", Outcome::kNoMatch)});
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].label, "matchers[10..19]: no match");
  runs = cfgi::doc::FoldRuns({S("variant 0: env=prod", Outcome::kNoMatch), S("variant 1: env=qa", Outcome::kNoMatch),
                              S("variant 3: env=dev", Outcome::kNoMatch)});
  EXPECT_EQ(runs[0].label, "variant 0..3: no match");
  runs = cfgi::doc::FoldRuns({S("alpha", Outcome::kError), S("beta", Outcome::kError), S("gamma", Outcome::kError)}, 2);
  EXPECT_EQ(runs[0].label, "alpha \u2026 gamma: error");
  EXPECT_TRUE(cfgi::doc::FoldRuns({}).empty());
}
