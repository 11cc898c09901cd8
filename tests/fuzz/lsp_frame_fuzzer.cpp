// Fuzz target: the language server's framing reader (app/lsp/jsonrpc.h) and endpoint
// (app/lsp/endpoint.h). The first byte picks the read size (1..16 bytes); the rest is the byte
// stream a client sends. Any bytes must give the same events whether fed whole or in pieces,
// never a message longer than the limit, no crash or hang; the endpoint must then handle the same
// stream (the initialize, unknown methods, malformed JSON it holds) and return 0 or 1.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "app/lsp/endpoint.h"
#include "app/lsp/jsonrpc.h"

namespace {

std::vector<std::string> Events(std::string_view in, size_t chunk, cfgi::lsp::FrameLimits l) {
  using Event = cfgi::lsp::FrameReader::Event;
  cfgi::lsp::FrameReader r(l);
  std::vector<std::string> out;
  for (size_t i = 0; i < in.size(); i += chunk) {
    r.Feed(in.substr(i, chunk));
    for (Event e; (e = r.Next()) != Event::kNone;) {
      if (e == Event::kMessage && r.body().size() > l.max_body_bytes) std::abort();
      out.push_back(std::to_string(static_cast<int>(e)) + (e == Event::kMessage ? r.body() : r.error()));
      if (e == Event::kError && !r.failed()) std::abort();
    }
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1 || size > 65536) return 0;
  size_t chunk = 1 + data[0] % 16;
  std::string_view in(reinterpret_cast<const char*>(data + 1), size - 1);
  cfgi::lsp::FrameLimits l;
  l.max_header_bytes = 256;
  l.max_body_bytes = 1024;
  if (Events(in, chunk, l) != Events(in, in.size() ? in.size() : 1, l)) std::abort();

  std::ostringstream out;
  cfgi::lsp::Endpoint ep(&out, nullptr, l);
  ep.OnRequest("echo", [](const cfgi::lsp::json& p, const cfgi::lsp::RequestContext&) {
    return cfgi::lsp::Reply::Result(p);
  });
  size_t pos = 0;
  int code = ep.Run([&](char* buf, size_t n) -> long {
    size_t k = std::min({n, chunk, in.size() - pos});
    std::copy_n(in.data() + pos, k, buf);
    pos += k;
    return static_cast<long>(k);
  });
  if (code != 0 && code != 1) std::abort();
  return 0;
}
