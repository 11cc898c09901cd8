// app/lsp/endpoint.h: a language server's side of JSON-RPC 2.0 over the LSP base protocol
// (jsonrpc.h): requests, notifications and responses, the lifecycle of LSP 3.17 and
// `$/cancelRequest`. The server's features are handlers registered by method name.
//
//   Endpoint ep(&std::cout);
//   ep.OnInitialize([](const json& params) { return json{{"capabilities", {...}}}; });
//   ep.OnRequest("textDocument/hover", [](const json& params, const RequestContext& ctx) -> Reply {
//     if (ctx.cancelled()) return Reply::Error(error::kRequestCancelled, "cancelled");
//     return Reply::Result(json{{"contents", "..."}});
//   });
//   ep.OnNotification("textDocument/didOpen", [](const json& params) { ... });
//   int code = ep.Run(StdinReader());   // until `exit`: 0 after `shutdown`, else 1
//
// Threads: Run() reads on the calling thread and answers `$/cancelRequest` there, at once;
// every other message is handled in arrival order on one dispatch thread that Run() starts and
// joins. Notify() may be called from any thread (a worker publishing diagnostics).
//
// What the endpoint answers by itself (LSP 3.17 "Lifecycle Messages", JSON-RPC 2.0 section 5):
//   - content that is not JSON: ParseError (-32700), id null;
//   - JSON that is not a request or notification (not an object, no "jsonrpc": "2.0", a method
//     that is not a string, an id that is neither number nor string): InvalidRequest (-32600);
//   - a request before `initialize`: ServerNotInitialized (-32002); a notification then: dropped
//     (`exit` excepted);
//   - a second `initialize`, or any request after `shutdown`: InvalidRequest;
//   - a request for a method nobody registered: MethodNotFound (-32601); a notification for one
//     (`$/` ones included): ignored;
//   - a request cancelled by `$/cancelRequest` before its handler ran: RequestCancelled (-32800);
//     a running handler sees RequestContext::cancelled() and may answer the same way;
//   - a handler that throws: InternalError (-32603).
// Run() returns 0 when `exit` follows `shutdown`, 1 when `exit` comes without it, when the input
// ends without `exit` (the client went away: 0 after `shutdown`), and when the framing is lost
// (jsonrpc.h FrameReader kError, logged on `log`).
#pragma once

#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <ostream>
#include <set>
#include <string>

#include "app/lsp/jsonrpc.h"

namespace cfgi::lsp {

using json = nlohmann::json;

// A handler's answer: a result or an error.
struct Reply {
  json result;
  bool is_error = false;
  int code = 0;
  std::string message;
  static Reply Result(json r) {
    Reply x;
    x.result = std::move(r);
    return x;
  }
  static Reply Error(int code, std::string message) {
    Reply x;
    x.is_error = true;
    x.code = code;
    x.message = std::move(message);
    return x;
  }
};

class RequestContext {
 public:
  explicit RequestContext(std::function<bool()> cancelled) : cancelled_(std::move(cancelled)) {}
  // True once the client cancelled this request (`$/cancelRequest` with its id).
  bool cancelled() const { return cancelled_ && cancelled_(); }

 private:
  std::function<bool()> cancelled_;
};

using RequestHandler = std::function<Reply(const json& params, const RequestContext& ctx)>;
using NotificationHandler = std::function<void(const json& params)>;
// Reads up to `n` bytes into `buf`: the count, 0 at the end of the input, negative on an error.
using ByteSource = std::function<long(char* buf, size_t n)>;

class Endpoint {
 public:
  // `out` receives every framed message (under a lock); `log` (may be null) the endpoint's own
  // problems, one line each.
  explicit Endpoint(std::ostream* out, std::ostream* log = nullptr, FrameLimits limits = {});
  Endpoint(const Endpoint&) = delete;
  Endpoint& operator=(const Endpoint&) = delete;

  // `initialize`'s result (InitializeResult: capabilities, serverInfo) from its params.
  void OnInitialize(std::function<json(const json& params)> f) { on_initialize_ = std::move(f); }
  // Called on `shutdown` before it is answered (stop workers here).
  void OnShutdown(std::function<void()> f) { on_shutdown_ = std::move(f); }
  void OnRequest(const std::string& method, RequestHandler h) { requests_[method] = std::move(h); }
  void OnNotification(const std::string& method, NotificationHandler h) {
    notifications_[method] = std::move(h);
  }

  // Sends a notification; any thread.
  void Notify(const std::string& method, const json& params);

  // Reads and handles messages until `exit`, the end of the input or a framing error. Returns
  // the exit code (see the header comment).
  int Run(const ByteSource& read);

  bool initialized() const { return initialized_; }
  bool shut_down() const { return shutdown_; }

 private:
  struct Incoming {
    json message;
    bool end = false;    // no more messages
    bool reply = false;  // `message` is an answer the reader made (an error): sent in its turn
  };
  void Send(const json& message);
  void SendError(const json& id, int code, const std::string& message);
  void Log(const std::string& line);
  // Reader thread: queues an answer of its own, so every answer leaves in the order of arrival.
  void QueueReply(json message);
  // Reader thread: answers what needs no handler, queues the rest. False after `exit`.
  bool Accept(const std::string& body);
  void Dispatch(const json& m);
  void DispatchLoop();

  std::ostream* out_;
  std::ostream* log_;
  FrameLimits limits_;
  std::mutex out_mu_;
  std::function<json(const json&)> on_initialize_;
  std::function<void()> on_shutdown_;
  std::map<std::string, RequestHandler> requests_;
  std::map<std::string, NotificationHandler> notifications_;

  std::mutex queue_mu_;
  std::condition_variable queue_cv_;
  std::deque<Incoming> queue_;
  std::set<std::string> pending_;    // ids (their JSON text) of requests queued or running
  std::set<std::string> cancelled_;  // those of them the client cancelled
  std::atomic<bool> initialized_{false}, shutdown_{false}, exit_{false};
};

// A ByteSource over a file descriptor (0: standard input), retrying on EINTR.
ByteSource FdReader(int fd);

}  // namespace cfgi::lsp
