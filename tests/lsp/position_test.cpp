// tests/lsp/position_test.cpp: byte columns to LSP's UTF-16 columns and back (app/lsp/position.h).
#include "app/lsp/position.h"

#include <gtest/gtest.h>

namespace cfgi::lsp {
namespace {

TEST(PositionTest, Utf16Columns) {
  const std::string line =
      "a\xC3\xAF"
      "b\xE2\x82\xAC"
      "c\xF0\x9F\x98\x80"
      "d";  // aïb€c😀d
  EXPECT_EQ(Utf16Column(line, 0), 0u);
  EXPECT_EQ(Utf16Column(line, 1), 1u);   // a
  EXPECT_EQ(Utf16Column(line, 3), 2u);   // aï
  EXPECT_EQ(Utf16Column(line, 4), 3u);   // aïb
  EXPECT_EQ(Utf16Column(line, 7), 4u);   // aïb€
  EXPECT_EQ(Utf16Column(line, 8), 5u);   // aïb€c
  EXPECT_EQ(Utf16Column(line, 12), 7u);  // aïb€c😀: a surrogate pair
  EXPECT_EQ(Utf16Column(line, 13), 8u);
  EXPECT_EQ(Utf16Column(line, 99), 8u);  // clamped
  EXPECT_EQ(Utf16Column(line, 2), 2u);   // inside ï: the sequence counts whole
}

TEST(PositionTest, BadBytesCountOneEach) {
  EXPECT_EQ(Utf16Column("\xFF\xFEx", 3), 3u);
  EXPECT_EQ(Utf16Column("\xC3x", 2), 2u);          // a cut sequence
  EXPECT_EQ(Utf16Column("\xED\xA0\x80x", 4), 4u);  // an encoded surrogate: three bad bytes
  EXPECT_EQ(Utf16Column("\xE0\x80\x80", 3), 3u);   // overlong
  EXPECT_EQ(ByteColumn("\xFF\xFEx", 2), 2u);
}

TEST(PositionTest, ByteColumns) {
  const std::string line =
      "a\xC3\xAF"
      "b\xE2\x82\xAC"
      "c\xF0\x9F\x98\x80"
      "d";
  EXPECT_EQ(ByteColumn(line, 0), 0u);
  EXPECT_EQ(ByteColumn(line, 2), 3u);
  EXPECT_EQ(ByteColumn(line, 4), 7u);
  EXPECT_EQ(ByteColumn(line, 5), 8u);
  EXPECT_EQ(ByteColumn(line, 6), 8u);  // inside the pair: its start
  EXPECT_EQ(ByteColumn(line, 7), 12u);
  EXPECT_EQ(ByteColumn(line, 8), 13u);
  EXPECT_EQ(ByteColumn(line, 50), 13u);
  for (size_t b : {0u, 1u, 3u, 4u, 7u, 8u, 12u, 13u}) EXPECT_EQ(ByteColumn(line, Utf16Column(line, b)), b);
}

}  // namespace
}  // namespace cfgi::lsp
