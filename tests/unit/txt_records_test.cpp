// txt engine: reading dig / zone / raw TXT records, RFC 1035 character-string decoding, and the
// map from decoded bytes back to the original text.
#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

#include "core/doc/json.h"
#include "core/txt/txt_records.h"

namespace cfgi::txt {
namespace {

// JSON with positions lives in core/doc/json.h (shared with every JSON document); its tests
// stay here, with the grpc_config attributes that need the single-quote and trailing cases.
using doc::JsonParse;
using doc::ParseJsonPositions;

struct Parsed {
  doc::Source src;
  RecordSet rs;
  std::vector<doc::Diagnostic> diags;
};

Parsed Parse(const std::string& text) {
  Parsed p{doc::Source("in.zone", text), {}, {}};
  doc::DiagnosticSink sink(&p.src);
  p.rs = ParseRecords(p.src, sink);
  p.diags = sink.list();
  return p;
}

using Located = std::tuple<std::string, int, int>;
std::vector<Located> RecordCodes(const std::vector<doc::Diagnostic>& ds) {
  std::vector<Located> out;
  for (const auto& d : ds) out.emplace_back(d.code, d.begin.line, d.begin.column);
  return out;
}

TEST(TxtRecordsTest, DecodesEscapes) {
  Parsed p = Parse(R"(a 60 IN TXT "x\"y\\z\065\126" bare\032word)" "\n");
  ASSERT_EQ(p.rs.records.size(), 1u);
  const TxtRecord& r = p.rs.records[0];
  ASSERT_EQ(r.strings.size(), 2u);
  EXPECT_EQ(r.strings[0].text.bytes, "x\"y\\zA~");
  EXPECT_EQ(r.strings[1].text.bytes, "bare word");
  EXPECT_FALSE(r.strings[1].quoted);
  EXPECT_EQ(r.value.bytes, "x\"y\\zA~bare word");
  // Decoded byte 1 (the quote) was written as \" at offset 14; byte 5 ('A') as \065 at 20.
  EXPECT_EQ(r.value.origin[1], 14u);
  EXPECT_EQ(r.value.origin[5], 20u);
  EXPECT_EQ(r.value.origin[7], 30u);  // first byte of the second string
  EXPECT_EQ(r.ttl, 60u);
  EXPECT_EQ(r.owner, "a");
  EXPECT_TRUE(p.diags.empty());
}

TEST(TxtRecordsTest, ZoneContinuationOriginAndInheritedOwner) {
  Parsed p = Parse("$ORIGIN Example.COM.\n"
                   "_grpc_config.srv 300 IN TXT ( \"grpc_config=[\" ; first part\n"
                   "    \"]\" )\n"
                   "    IN TXT \"second\"\n"
                   "other A 192.0.2.1\n");
  EXPECT_TRUE(p.diags.empty());
  ASSERT_EQ(p.rs.records.size(), 2u);
  EXPECT_EQ(p.rs.records[0].owner_key, "_grpc_config.srv.example.com");
  EXPECT_EQ(p.rs.records[0].value.bytes, "grpc_config=[]");
  EXPECT_EQ(p.rs.records[1].owner, "_grpc_config.srv");
  EXPECT_EQ(p.rs.records[1].value.bytes, "second");
  EXPECT_EQ(p.rs.other_records, 1);
  EXPECT_EQ(p.rs.style, InputStyle::kZone);
  doc::Position second = p.src.Locate(p.rs.records[0].value.origin[13]);
  EXPECT_EQ(second, (doc::Position{3, 6}));
}

TEST(TxtRecordsTest, DigReadsOnlyTheAnswerSection) {
  Parsed p = Parse(";; QUESTION SECTION:\n;srv.example.com. IN TXT\n\n"
                   ";; ANSWER SECTION:\nsrv.example.com.\t300\tIN\tTXT\t\"grpc_config=[]\"\n\n"
                   ";; AUTHORITY SECTION:\nexample.com.\t60\tIN\tTXT\t\"not an answer\"\n");
  ASSERT_EQ(p.rs.records.size(), 1u);
  EXPECT_EQ(p.rs.style, InputStyle::kDig);
  EXPECT_EQ(p.rs.records[0].owner_key, "srv.example.com");
  EXPECT_EQ(p.rs.other_records, 1);
}

TEST(TxtRecordsTest, RawLines) {
  Parsed p = Parse("\"grpc_config=[\" \"]\"\ngrpc_config=[{\"serviceConfig\":{}}]\n");
  ASSERT_EQ(p.rs.records.size(), 2u);
  EXPECT_EQ(p.rs.style, InputStyle::kRaw);
  EXPECT_EQ(p.rs.records[0].value.bytes, "grpc_config=[]");
  EXPECT_TRUE(p.rs.records[1].raw_unquoted);
  EXPECT_EQ(p.rs.records[1].value.bytes, "grpc_config=[{\"serviceConfig\":{}}]");
  EXPECT_EQ(RecordCodes(p.diags), (std::vector<Located>{{"TXT016", 2, 1}}));
}

TEST(TxtRecordsTest, BadInputIsLocated) {
  std::string long_string = "a IN TXT \"" + std::string(256, 'x') + "\"\n";
  struct Case {
    std::string text;
    std::vector<Located> want;
  } cases[] = {
      {"a IN TXT \"open\n", {{"TXT001", 1, 10}}},
      {"a IN TXT \"x\\256\"\n", {{"TXT002", 1, 12}}},
      {"a IN TXT \"x\\12y\"\n", {{"TXT002", 1, 12}}},
      {"a IN TXT \"x\\", {{"TXT002", 1, 12}, {"TXT001", 1, 10}}},
      {long_string, {{"TXT003", 1, 10}}},
      {"a IN TXT \"caf\xC3\xA9\"\n", {{"TXT004", 1, 14}}},
      {"a IN TXT ( \"x\"\n", {{"TXT005", 1, 10}}},
      {"a IN TXT \"x\" )\n", {{"TXT005", 1, 14}}},
      {"this is not a record\n", {{"TXT006", 1, 1}}},
      {"a CH TXT \"x\"\n", {{"TXT007", 1, 3}}},
  };
  for (const Case& c : cases) {
    Parsed p = Parse(c.text);
    EXPECT_EQ(RecordCodes(p.diags), c.want) << c.text;
  }
}

// A quote right after unquoted text starts a new string (BIND lib/isc/lex.c: '"' is special in a
// master file, as '(' and ')'); TXT064 says so once per record, at the first such quote. The shape
// of gRPC's test/cpp/naming/local_dns_server_records.zone (written for twisted's BindAuthority):
// a parenthesised TXT whose data is unquoted JSON, here split over two lines.
TEST(TxtRecordsTest, QuoteAfterUnquotedText) {
  Parsed p = Parse("a 60 IN TXT (\n"
                   "    grpc_config=[{\"serviceConfig\":{}}]\n"
                   ")\n"
                   "b 60 IN TXT \"grpc_config=[{\\\"serviceConfig\\\":{}}]\"\n");
  ASSERT_EQ(p.rs.records.size(), 2u);
  // Read as BIND does: three strings, the quotes gone.
  ASSERT_EQ(p.rs.records[0].strings.size(), 3u);
  EXPECT_EQ(p.rs.records[0].value.bytes, "grpc_config=[{serviceConfig:{}}]");
  EXPECT_EQ(p.rs.records[1].value.bytes, "grpc_config=[{\"serviceConfig\":{}}]");
  EXPECT_EQ(RecordCodes(p.diags), (std::vector<Located>{{"TXT064", 2, 19}}));
}

TEST(TxtRecordsTest, MappedTextMapsRanges) {
  Parsed p = Parse("a IN TXT \"ab\" \"\\099d\"\n");
  const MappedText& v = p.rs.records[0].value;
  ASSERT_EQ(v.bytes, "abcd");
  EXPECT_EQ(v.Map(2, 3), (doc::SourceRange{15, 16}));  // \099 starts at 15
  EXPECT_EQ(v.Map(3, 4), (doc::SourceRange{19, 20}));
  EXPECT_EQ(v.Map(9, 12), (doc::SourceRange{20, 20}));  // clamps to the end
}

TEST(TxtJsonTest, RangesAndErrors) {
  JsonParse ok = ParseJsonPositions(R"( [{"a": [1, 2.5, "x\"y"], "b": null}] )");
  ASSERT_TRUE(ok.root);
  EXPECT_EQ(ok.error, JsonParse::Error::kNone);
  const doc::Node& m = ok.root->items()[0];
  EXPECT_EQ(m.range(), (doc::SourceRange{2, 36}));
  EXPECT_EQ(m.entries()[0].key_range, (doc::SourceRange{3, 6}));
  EXPECT_EQ(m.Get("a")->items()[1].kind(), doc::Node::Kind::kDouble);
  EXPECT_EQ(m.Get("a")->items()[2].text(), "x\"y");
  EXPECT_EQ(m.Get("a")->items()[2].range(), (doc::SourceRange{17, 23}));

  JsonParse sq = ParseJsonPositions("[{'a':1}]");
  EXPECT_EQ(sq.error, JsonParse::Error::kSingleQuote);
  EXPECT_EQ(sq.error_offset, 2u);
  EXPECT_FALSE(sq.root);

  JsonParse tr = ParseJsonPositions("[1] x");
  EXPECT_EQ(tr.error, JsonParse::Error::kTrailing);
  EXPECT_EQ(tr.error_offset, 4u);
  ASSERT_TRUE(tr.root);

  JsonParse dup = ParseJsonPositions(R"({"k":1,"k":2})");
  ASSERT_EQ(dup.duplicate_keys.size(), 1u);
  EXPECT_EQ(dup.duplicate_keys[0], (doc::SourceRange{7, 10}));

  JsonParse bad = ParseJsonPositions("[1,,2]");
  EXPECT_EQ(bad.error, JsonParse::Error::kSyntax);
  EXPECT_EQ(bad.error_offset, 3u);

  JsonParse deep = ParseJsonPositions(std::string(100, '[') + std::string(100, ']'));
  EXPECT_EQ(deep.error, JsonParse::Error::kTooDeep);
  EXPECT_EQ(deep.error_offset, 64u);

  EXPECT_EQ(ParseJsonPositions("  ").error, JsonParse::Error::kEmpty);

  // nlohmann throws out_of_range (no position) for 1e999: located at the number.
  JsonParse big = ParseJsonPositions("[1, 1e999]");
  EXPECT_EQ(big.error, JsonParse::Error::kSyntax);
  EXPECT_EQ(big.error_offset, 4u);
  EXPECT_EQ(big.message, "number 1e999 is too large for a double");
  EXPECT_EQ(Printable("a\xff\x01" "b"), "a\\255\\001b");
}

}  // namespace
}  // namespace cfgi::txt
