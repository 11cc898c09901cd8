// core/doc: positions, format detection, and library errors as located diagnostics.
#include <gtest/gtest.h>

#include <google/protobuf/empty.pb.h>

#include "core/doc/load.h"

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
