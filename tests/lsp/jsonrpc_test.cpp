// tests/lsp/jsonrpc_test.cpp: the LSP base protocol's framing (app/lsp/jsonrpc.h): whole and
// split messages, malformed header parts with the exact error, the body limit.
#include "app/lsp/jsonrpc.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace cfgi::lsp {
namespace {

using Event = FrameReader::Event;

// Every event the reader gives for `input` fed in chunks of `chunk` bytes: "M:<body>", "L:<error>"
// (too large) or "E:<error>".
std::vector<std::string> Events(const std::string& input, size_t chunk, FrameLimits limits = {}) {
  FrameReader r(limits);
  std::vector<std::string> out;
  for (size_t i = 0; i < input.size(); i += chunk) {
    r.Feed(std::string_view(input).substr(i, chunk));
    for (Event e; (e = r.Next()) != Event::kNone;) {
      if (e == Event::kMessage) out.push_back("M:" + r.body());
      if (e == Event::kTooLarge) out.push_back("L:" + r.error());
      if (e == Event::kError) out.push_back("E:" + r.error());
    }
  }
  return out;
}

TEST(FrameReaderTest, TwoMessagesWholeAndSplitAtEveryByte) {
  const std::string in = Frame(R"({"a":1})") + "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n" +
                         Frame(R"({"b":"é"})");
  const std::vector<std::string> want = {R"(M:{"a":1})", R"(M:{"b":"é"})"};
  for (size_t chunk : {size_t{1}, size_t{2}, size_t{3}, size_t{7}, size_t{16}, in.size()}) {
    SCOPED_TRACE(chunk);
    EXPECT_EQ(Events(in, chunk), want);
  }
}

TEST(FrameReaderTest, HeaderNamesAreCaseInsensitiveAndOtherHeadersIgnored) {
  EXPECT_EQ(Events("content-length:  2 \r\nX-Other: y\r\n\r\n{}", 5), std::vector<std::string>{"M:{}"});
  EXPECT_EQ(Events("Content-Length: 2\r\nContent-Length: 2\r\n\r\n{}", 100),
            std::vector<std::string>{"M:{}"});
}

TEST(FrameReaderTest, EmptyBody) {
  EXPECT_EQ(Events("Content-Length: 0\r\n\r\n", 3), std::vector<std::string>{"M:"});
}

TEST(FrameReaderTest, MalformedHeaders) {
  struct Case {
    std::string input, error;
  };
  const std::vector<Case> cases = {
      {"Content-Type: x\r\n\r\n{}", "a header part without Content-Length"},
      {"\r\n{}", "a header part without Content-Length"},
      {"Content-Length 2\r\n\r\n{}", "malformed header line \"Content-Length 2\" (expected \"Name: value\")"},
      {": 2\r\n\r\n{}", "malformed header line \": 2\" (expected \"Name: value\")"},
      {"Content-Length: two\r\n\r\n{}", "Content-Length \"two\" is not a decimal byte count"},
      {"Content-Length: -1\r\n\r\n{}", "Content-Length \"-1\" is not a decimal byte count"},
      {"Content-Length: \r\n\r\n{}", "Content-Length \"\" is not a decimal byte count"},
      {"Content-Length: 1234567890123456789\r\n\r\n",
       "Content-Length \"1234567890123456789\" is not a decimal byte count"},
      {"Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
       "Content-Length given twice with different values"},
      {"Content-Length: 2\nX: y\r\n\r\n{}", "a header line ends in a bare \"\\n\" (\"\\r\\n\" is required)"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.input);
    EXPECT_EQ(Events(c.input, 1), std::vector<std::string>{"E:" + c.error});
    EXPECT_EQ(Events(c.input, c.input.size()), std::vector<std::string>{"E:" + c.error});
  }
}

TEST(FrameReaderTest, FailedReaderStaysFailedAndIgnoresMore) {
  FrameReader r;
  r.Feed("Bad\r\n\r\n");
  EXPECT_EQ(r.Next(), Event::kError);
  EXPECT_TRUE(r.failed());
  r.Feed(Frame("{}"));
  EXPECT_EQ(r.Next(), Event::kNone);
}

TEST(FrameReaderTest, HeaderOverTheLimitWithOrWithoutItsEnd) {
  FrameLimits l;
  l.max_header_bytes = 32;
  // No end of header in sight: refused once more than the limit is buffered.
  EXPECT_EQ(Events(std::string(33, 'x'), 1, l),
            std::vector<std::string>{"E:a header part longer than 32 bytes"});
  EXPECT_EQ(Events(std::string(32, 'x'), 1, l), std::vector<std::string>{});
  // A complete header part over the limit.
  EXPECT_EQ(Events("X-Padding: 0123456789012345\r\nContent-Length: 2\r\n\r\n{}", 100, l),
            std::vector<std::string>{"E:a header part longer than 32 bytes"});
}

TEST(FrameReaderTest, BodyOverTheLimitIsSkippedAndTheNextMessageRead) {
  FrameLimits l;
  l.max_body_bytes = 10;
  const std::string in = Frame(std::string(11, 'x')) + Frame("0123456789");
  const std::vector<std::string> want = {
      "L:a message of 11 bytes is over the limit of 10 bytes; it was skipped", "M:0123456789"};
  EXPECT_EQ(Events(in, 1, l), want);
  EXPECT_EQ(Events(in, 4, l), want);
  EXPECT_EQ(Events(in, in.size(), l), want);
}

TEST(FrameReaderTest, IdleOnlyBetweenMessages) {
  FrameReader r;
  EXPECT_TRUE(r.idle());
  r.Feed("Content-Length: 2\r\n");
  EXPECT_EQ(r.Next(), Event::kNone);
  EXPECT_FALSE(r.idle());
  r.Feed("\r\n{");
  EXPECT_EQ(r.Next(), Event::kNone);
  EXPECT_FALSE(r.idle());
  r.Feed("}");
  EXPECT_EQ(r.Next(), Event::kMessage);
  EXPECT_TRUE(r.idle());
}

TEST(FrameReaderTest, LargeBodyInSmallReads) {
  std::string big(3'500'000, 'a');
  FrameReader r;
  std::string in = Frame(big);
  size_t messages = 0;
  for (size_t i = 0; i < in.size(); i += 4096) {
    r.Feed(std::string_view(in).substr(i, 4096));
    while (r.Next() == Event::kMessage) {
      ++messages;
      EXPECT_EQ(r.body().size(), big.size());
    }
  }
  EXPECT_EQ(messages, 1u);
}

TEST(FrameTest, Writes) { EXPECT_EQ(Frame("{}"), "Content-Length: 2\r\n\r\n{}"); }

}  // namespace
}  // namespace cfgi::lsp
