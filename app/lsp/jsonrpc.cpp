// app/lsp/jsonrpc.cpp: see jsonrpc.h.
#include "app/lsp/jsonrpc.h"

#include <algorithm>
#include <cctype>

namespace cfgi::lsp {

namespace {

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

void FrameReader::Feed(std::string_view bytes) {
  if (state_ == State::kFailed) return;
  buffer_.append(bytes);
}

bool FrameReader::idle() const { return state_ == State::kHeader && pos_ == buffer_.size(); }

FrameReader::Event FrameReader::Fail(std::string why) {
  state_ = State::kFailed;
  error_ = std::move(why);
  buffer_.clear();
  pos_ = 0;
  return Event::kError;
}

void FrameReader::Compact() {
  if (pos_ == buffer_.size()) {
    buffer_.clear();
    pos_ = 0;
  } else if (pos_ > 64 * 1024 && pos_ > buffer_.size() / 2) {
    buffer_.erase(0, pos_);
    pos_ = 0;
  }
}

FrameReader::Event FrameReader::ParseHeader(std::string_view header) {
  // `header` is every line with its "\r\n", the empty line excluded.
  bool have_length = false;
  size_t length = 0;
  while (!header.empty()) {
    size_t eol = header.find("\r\n");
    std::string_view line = header.substr(0, eol);
    header.remove_prefix(eol + 2);
    if (line.find('\n') != std::string_view::npos)
      return Fail("a header line ends in a bare \"\\n\" (\"\\r\\n\" is required)");
    size_t colon = line.find(':');
    if (colon == std::string_view::npos || colon == 0)
      return Fail("malformed header line \"" + std::string(line.substr(0, 80)) +
                  "\" (expected \"Name: value\")");
    std::string_view name = Trim(line.substr(0, colon));
    std::string_view value = Trim(line.substr(colon + 1));
    if (!EqualsIgnoreCase(name, "Content-Length")) continue;
    if (value.empty() || value.size() > 18 ||
        !std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; }))
      return Fail("Content-Length \"" + std::string(value.substr(0, 40)) + "\" is not a decimal byte count");
    size_t n = 0;
    for (char c : value) n = n * 10 + static_cast<size_t>(c - '0');
    if (have_length && n != length) return Fail("Content-Length given twice with different values");
    have_length = true;
    length = n;
  }
  if (!have_length) return Fail("a header part without Content-Length");
  length_ = length;
  if (length > limits_.max_body_bytes) {
    state_ = State::kSkip;
    error_ = "a message of " + std::to_string(length) + " bytes is over the limit of " +
             std::to_string(limits_.max_body_bytes) + " bytes; it was skipped";
    return Event::kNone;  // reported when the skip is done (or at once: see Next)
  }
  state_ = State::kBody;
  return Event::kNone;
}

FrameReader::Event FrameReader::Next() {
  for (;;) {
    switch (state_) {
      case State::kFailed:
        return Event::kNone;
      case State::kHeader: {
        size_t end = buffer_.find("\r\n\r\n", pos_);
        // A header part that is only "\r\n" (an empty line with no header at all).
        if (buffer_.compare(pos_, 2, "\r\n") == 0) return Fail("a header part without Content-Length");
        if (end == std::string::npos) {
          if (buffer_.size() - pos_ > limits_.max_header_bytes)
            return Fail("a header part longer than " + std::to_string(limits_.max_header_bytes) + " bytes");
          return Event::kNone;
        }
        if (end + 4 - pos_ > limits_.max_header_bytes)
          return Fail("a header part longer than " + std::to_string(limits_.max_header_bytes) + " bytes");
        std::string_view header(buffer_.data() + pos_, end + 2 - pos_);
        size_t next = end + 4;
        if (ParseHeader(header) == Event::kError) return Event::kError;
        pos_ = next;
        if (state_ == State::kSkip) {
          // The size is known now: say so at once, then skip the body as it arrives.
          Compact();
          return Event::kTooLarge;
        }
        break;
      }
      case State::kBody: {
        if (buffer_.size() - pos_ < length_) return Event::kNone;
        body_.assign(buffer_, pos_, length_);
        pos_ += length_;
        length_ = 0;
        state_ = State::kHeader;
        Compact();
        return Event::kMessage;
      }
      case State::kSkip: {
        size_t n = std::min(length_, buffer_.size() - pos_);
        pos_ += n;
        length_ -= n;
        Compact();
        if (length_ > 0) return Event::kNone;
        state_ = State::kHeader;
        break;
      }
    }
  }
}

std::string Frame(std::string_view body) {
  std::string out = "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n";
  out.append(body);
  return out;
}

}  // namespace cfgi::lsp
