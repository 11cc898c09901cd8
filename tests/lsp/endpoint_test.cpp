// tests/lsp/endpoint_test.cpp: the JSON-RPC endpoint (app/lsp/endpoint.h): the lifecycle and
// its exit codes, the error codes of JSON-RPC 2.0 and LSP 3.17, $/cancelRequest, in exact
// responses.
#include "app/lsp/endpoint.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <sstream>
#include <thread>
#include <vector>

namespace cfgi::lsp {
namespace {

std::string Req(int id, const std::string& method, const json& params = json::object()) {
  return Frame(json{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}}.dump());
}
std::string Note(const std::string& method, const json& params = json::object()) {
  return Frame(json{{"jsonrpc", "2.0"}, {"method", method}, {"params", params}}.dump());
}

// The input fed `chunk` bytes per read.
ByteSource FromString(std::string input, size_t chunk = 7) {
  auto pos = std::make_shared<size_t>(0);
  auto text = std::make_shared<std::string>(std::move(input));
  return [pos, text, chunk](char* buf, size_t n) -> long {
    size_t k = std::min({n, chunk, text->size() - *pos});
    std::copy_n(text->data() + *pos, k, buf);
    *pos += k;
    return static_cast<long>(k);
  };
}

// Every message the endpoint wrote, parsed.
std::vector<json> Output(const std::string& out) {
  FrameReader r;
  r.Feed(out);
  std::vector<json> msgs;
  while (r.Next() == FrameReader::Event::kMessage) msgs.push_back(json::parse(r.body()));
  EXPECT_TRUE(r.idle());
  return msgs;
}

json ErrorReply(const json& id, int code) { return json{{"id", id}, {"code", code}}; }
// {id, code} of an error response; {id, "result"} of a result.
json Brief(const json& m) {
  if (m.contains("error")) return ErrorReply(m["id"], m["error"]["code"].get<int>());
  if (m.contains("result")) return json{{"id", m["id"]}, {"result", m["result"]}};
  return json{{"method", m["method"]}};
}

struct Session {
  std::ostringstream out, log;
  Endpoint ep{&out, &log};
  std::vector<std::string> seen;  // notifications handled
  Session() {
    ep.OnInitialize([](const json&) { return json{{"capabilities", {{"hoverProvider", true}}}}; });
    ep.OnRequest("echo", [](const json& p, const RequestContext&) { return Reply::Result(p); });
    ep.OnRequest("throws",
                 [](const json&, const RequestContext&) -> Reply { throw std::runtime_error("boom"); });
    ep.OnNotification("note", [this](const json& p) { seen.push_back(p.dump()); });
  }
  int Run(const std::string& in, size_t chunk = 7) { return ep.Run(FromString(in, chunk)); }
  std::vector<json> Replies() {
    std::vector<json> b;
    for (const json& m : Output(out.str())) b.push_back(Brief(m));
    return b;
  }
};

TEST(EndpointTest, ShutdownThenExitIsZero) {
  Session s;
  EXPECT_EQ(s.Run(Req(1, "initialize") + Note("initialized") + Req(2, "shutdown") + Note("exit")), 0);
  EXPECT_EQ(s.Replies(),
            (std::vector<json>{{{"id", 1}, {"result", {{"capabilities", {{"hoverProvider", true}}}}}},
                               {{"id", 2}, {"result", nullptr}}}));
}

TEST(EndpointTest, ExitWithoutShutdownIsOne) {
  Session s;
  EXPECT_EQ(s.Run(Req(1, "initialize") + Note("exit") + Req(2, "echo")), 1);
  EXPECT_EQ(s.Replies().size(), 1u);  // nothing is read after exit
}

TEST(EndpointTest, EndOfInputIsOneUnlessShutDown) {
  Session a;
  EXPECT_EQ(a.Run(Req(1, "initialize")), 1);
  Session b;
  EXPECT_EQ(b.Run(Req(1, "initialize") + Req(2, "shutdown")), 0);
  Session c;  // the input ends inside a message
  EXPECT_EQ(c.Run(Req(1, "initialize") + "Content-Length: 10\r\n\r\n{"), 1);
  EXPECT_NE(c.log.str().find("the input ended inside a message"), std::string::npos);
}

TEST(EndpointTest, RequestsBeforeInitialize) {
  Session s;
  EXPECT_EQ(s.Run(Req(1, "echo") + Note("note", {{"x", 1}}) + Req(2, "shutdown") + Req(3, "initialize") +
                  Req(4, "initialize") + Note("note", {{"x", 2}})),
            1);
  EXPECT_EQ(s.Replies(),
            (std::vector<json>{ErrorReply(1, -32002),
                               ErrorReply(2, -32002),
                               {{"id", 3}, {"result", {{"capabilities", {{"hoverProvider", true}}}}}},
                               ErrorReply(4, -32600)}));
  EXPECT_EQ(s.seen, std::vector<std::string>{R"({"x":2})"});  // the one before initialize was dropped
}

TEST(EndpointTest, UnknownMethods) {
  Session s;
  s.Run(Req(1, "initialize") + Req(2, "textDocument/unknown") + Note("textDocument/unknown") +
        Note("$/setTrace", {{"value", "off"}}) + Req(3, "$/unknown") + Req(4, "echo", {{"a", 1}}));
  EXPECT_EQ(s.Replies()[1], ErrorReply(2, -32601));
  EXPECT_EQ(s.Replies()[2], ErrorReply(3, -32601));
  EXPECT_EQ(s.Replies()[3], (json{{"id", 4}, {"result", {{"a", 1}}}}));
  EXPECT_EQ(s.Replies().size(), 4u);  // the notifications got no answer
}

TEST(EndpointTest, RequestsAfterShutdownAreInvalid) {
  Session s;
  EXPECT_EQ(
      s.Run(Req(1, "initialize") + Req(2, "shutdown") + Req(3, "echo") + Req(4, "shutdown") + Note("exit")),
      0);
  EXPECT_EQ(s.Replies()[2], ErrorReply(3, -32600));
  EXPECT_EQ(s.Replies()[3], ErrorReply(4, -32600));
}

TEST(EndpointTest, ParseErrorAndInvalidRequests) {
  Session s;
  s.Run(Req(1, "initialize") + Frame("{not json") + Frame("[]") +
        Frame(R"({"jsonrpc":"1.0","id":3,"method":"echo"})") +
        Frame(R"({"jsonrpc":"2.0","id":{},"method":"echo"})") +
        Frame(R"({"jsonrpc":"2.0","id":5,"method":7})") + Frame("\xff\xfe") + Req(6, "throws") +
        Req(7, "echo", {{"still", "here"}}));
  EXPECT_EQ(s.Replies(),
            (std::vector<json>{{{"id", 1}, {"result", {{"capabilities", {{"hoverProvider", true}}}}}},
                               ErrorReply(nullptr, -32700),
                               ErrorReply(nullptr, -32600),
                               ErrorReply(3, -32600),
                               ErrorReply(nullptr, -32600),
                               ErrorReply(5, -32600),
                               ErrorReply(nullptr, -32700),
                               ErrorReply(6, -32603),
                               {{"id", 7}, {"result", {{"still", "here"}}}}}));
}

TEST(EndpointTest, ResponsesFromTheClientAreIgnored) {
  Session s;
  s.Run(Req(1, "initialize") + Frame(R"({"jsonrpc":"2.0","id":9,"result":null})") + Req(2, "echo"));
  EXPECT_EQ(s.Replies().size(), 2u);
}

TEST(EndpointTest, FramingErrorStopsWithOneAfterHandlingWhatCameBefore) {
  Session s;
  EXPECT_EQ(s.Run(Req(1, "initialize") + Req(2, "shutdown") + "Content-Length: x\r\n\r\n" + Note("exit")), 1);
  EXPECT_EQ(s.Replies().size(), 2u);
  EXPECT_NE(s.log.str().find("framing error: Content-Length \"x\" is not a decimal byte count; stopping"),
            std::string::npos);
}

TEST(EndpointTest, BodyOverTheLimitIsLoggedAndSkipped) {
  std::ostringstream out;
  FrameLimits l;
  l.max_body_bytes = 100;
  Endpoint ep(&out, nullptr, l);
  ep.OnRequest("echo", [](const json& p, const RequestContext&) { return Reply::Result(p); });
  const std::string body =
      json{{"jsonrpc", "2.0"}, {"id", 2}, {"method", "echo"}, {"params", {{"pad", std::string(200, 'x')}}}}
          .dump();
  ASSERT_EQ(body.size(), 260u);
  ep.Run(FromString(Req(1, "initialize") + Frame(body) + Req(3, "echo")));
  std::vector<json> m = Output(out.str());
  ASSERT_EQ(m.size(), 3u);
  EXPECT_EQ(m[1]["method"], "window/logMessage");
  EXPECT_EQ(m[1]["params"]["type"], 1);
  EXPECT_EQ(m[1]["params"]["message"],
            "a message of 260 bytes is over the limit of 100 bytes; it was skipped");
  EXPECT_EQ(m[2]["id"], 3);
}

TEST(EndpointTest, CancelRequest) {
  Session s;
  std::atomic<int> ran{0};
  s.ep.OnRequest("slow", [&ran](const json&, const RequestContext& ctx) {
    ++ran;
    auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!ctx.cancelled() && std::chrono::steady_clock::now() < until)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return ctx.cancelled() ? Reply::Error(error::kRequestCancelled, "cancelled") : Reply::Result("finished");
  });
  s.ep.OnRequest("count", [&ran](const json&, const RequestContext&) {
    ++ran;
    return Reply::Result(nullptr);
  });
  // 2 is cancelled while 1 runs (queued behind it: never run); 1 sees its cancellation running;
  // a cancel for an id never sent (99) cancels nothing, not even a later request 99.
  s.Run(Req(1, "initialize") + Req(10, "slow") + Req(11, "count") + Note("$/cancelRequest", {{"id", 11}}) +
        Note("$/cancelRequest", {{"id", 10}}) + Note("$/cancelRequest", {{"id", 99}}) + Req(99, "count") +
        Note("$/cancelRequest", {{"id", "no-such"}}) + Note("$/cancelRequest", json::object()));
  EXPECT_EQ(s.Replies(),
            (std::vector<json>{{{"id", 1}, {"result", {{"capabilities", {{"hoverProvider", true}}}}}},
                               ErrorReply(10, -32800),
                               ErrorReply(11, -32800),
                               {{"id", 99}, {"result", nullptr}}}));
  EXPECT_LE(ran.load(), 2);  // slow at most once (it may be cancelled before it starts) and 99; never 11
  EXPECT_GE(ran.load(), 1);
}

TEST(EndpointTest, NotifyFromAnotherThreadIsFramedWhole) {
  Session s;
  std::thread t([&s] {
    for (int i = 0; i < 200; ++i) s.ep.Notify("n", {{"i", i}});
  });
  std::string in = Req(1, "initialize");
  for (int i = 2; i < 200; ++i) in += Req(i, "echo", {{"i", i}});
  s.Run(in, 3);
  t.join();
  std::vector<json> m = Output(s.out.str());
  EXPECT_EQ(m.size(), 199u + 200u);
}

}  // namespace
}  // namespace cfgi::lsp
