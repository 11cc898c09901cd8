// app/lsp/jsonrpc.h: the LSP base protocol's framing (LSP 3.17 "Base Protocol"): each message is
// a header part, `Content-Length: N` (and optionally `Content-Type`) lines ended by "\r\n", an
// empty line, then N bytes of JSON-RPC 2.0 content. The error codes of JSON-RPC 2.0 and LSP.
//
//   FrameReader r;                          // limits: FrameLimits (documented below)
//   r.Feed(bytes_from_stdin);               // any split: a header or body across many reads
//   for (;;) {
//     FrameReader::Event e = r.Next();
//     if (e == FrameReader::Event::kNone) break;          // needs more bytes
//     if (e == FrameReader::Event::kMessage) Handle(r.body());
//     if (e == FrameReader::Event::kTooLarge) Log(r.error());   // body skipped, stream still in step
//     if (e == FrameReader::Event::kError) return Fail(r.error());  // framing lost: stop reading
//   }
//   out << Frame(R"({"jsonrpc":"2.0","id":1,"result":null})");
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace cfgi::lsp {

// JSON-RPC 2.0 (section 5.1) and LSP 3.17 ("ErrorCodes", "LSPErrorCodes").
namespace error {
inline constexpr int kParseError = -32700;      // the content is not JSON
inline constexpr int kInvalidRequest = -32600;  // JSON, but not a request / notification
inline constexpr int kMethodNotFound = -32601;
inline constexpr int kInvalidParams = -32602;
inline constexpr int kInternalError = -32603;
inline constexpr int kServerNotInitialized = -32002;  // a request before `initialize`
inline constexpr int kRequestFailed = -32803;
inline constexpr int kRequestCancelled = -32800;  // answered after `$/cancelRequest`
}  // namespace error

// The limits of one message. A header part longer than max_header_bytes without its empty line
// is a framing error (kError); a body longer than max_body_bytes is skipped unread (kTooLarge):
// the stream stays in step because its length is known.
struct FrameLimits {
  size_t max_header_bytes = 8 * 1024;        // every header line together, the "\r\n"s included
  size_t max_body_bytes = 64 * 1024 * 1024;  // 64 MiB: a 3.5 MB config escaped in JSON fits
};

// An incremental reader of framed messages: bytes go in as they arrive, split anywhere.
// Header names are case-insensitive (as in HTTP); each line must end in "\r\n". A header part
// is malformed (kError) when a line has no ':', a line ends in a bare "\n", Content-Length is
// missing, not a decimal number (more than 18 digits included), or given twice with different
// values. Other headers (Content-Type) are read and ignored: the content is always UTF-8 JSON.
// After kError the reader stays failed: the boundary of the next message is unknown. Never
// throws, never reads past what it was fed.
class FrameReader {
 public:
  enum class Event {
    kNone,      // no complete message yet: Feed more
    kMessage,   // body() holds one message's content
    kTooLarge,  // a body over the limit was skipped; error() says how large
    kError,     // a malformed header part; error() says what; the reader is now failed
  };
  explicit FrameReader(FrameLimits limits = {}) : limits_(limits) {}

  void Feed(std::string_view bytes);
  // The next complete event, in stream order.
  Event Next();
  const std::string& body() const { return body_; }
  const std::string& error() const { return error_; }
  bool failed() const { return state_ == State::kFailed; }
  // True when no part of a message is buffered (the stream may end here cleanly).
  bool idle() const;

 private:
  enum class State { kHeader, kBody, kSkip, kFailed };
  Event Fail(std::string why);
  Event ParseHeader(std::string_view header);
  void Compact();

  FrameLimits limits_;
  State state_ = State::kHeader;
  std::string buffer_;
  size_t pos_ = 0;     // start of the unread bytes in buffer_
  size_t length_ = 0;  // kBody / kSkip: bytes of the body still to read / skip
  std::string body_, error_;
};

// "Content-Length: <size>\r\n\r\n" + body: one message ready to write.
std::string Frame(std::string_view body);

}  // namespace cfgi::lsp
