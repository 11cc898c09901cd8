// app/lsp/endpoint.cpp: see endpoint.h.
#include "app/lsp/endpoint.h"

#include <unistd.h>

#include <cerrno>
#include <exception>
#include <thread>

namespace cfgi::lsp {

namespace {

std::string Dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

bool ValidId(const json& id) { return id.is_number_integer() || id.is_number_unsigned() || id.is_string(); }

}  // namespace

Endpoint::Endpoint(std::ostream* out, std::ostream* log, FrameLimits limits)
    : out_(out), log_(log), limits_(limits) {}

void Endpoint::Send(const json& message) {
  std::string framed = Frame(Dump(message));
  std::lock_guard<std::mutex> lock(out_mu_);
  out_->write(framed.data(), static_cast<std::streamsize>(framed.size()));
  out_->flush();
}

void Endpoint::SendError(const json& id, int code, const std::string& message) {
  Send(json{{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}});
}

void Endpoint::Notify(const std::string& method, const json& params) {
  Send(json{{"jsonrpc", "2.0"}, {"method", method}, {"params", params}});
}

void Endpoint::Log(const std::string& line) {
  if (!log_) return;
  std::lock_guard<std::mutex> lock(out_mu_);
  *log_ << "config-inspector-cli lsp: " << line << "\n";
  log_->flush();
}

void Endpoint::QueueReply(json message) {
  {
    std::lock_guard<std::mutex> lock(queue_mu_);
    Incoming in;
    in.message = std::move(message);
    in.reply = true;
    queue_.push_back(std::move(in));
  }
  queue_cv_.notify_one();
}

namespace {
json ErrorMessage(const json& id, int code, const std::string& message) {
  return json{{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}};
}
}  // namespace

bool Endpoint::Accept(const std::string& body) {
  json m = json::parse(body, nullptr, /*allow_exceptions=*/false);
  if (m.is_discarded()) {
    QueueReply(ErrorMessage(nullptr, error::kParseError, "the message is not JSON"));
    return true;
  }
  if (!m.is_object() || m.value("jsonrpc", json()) != "2.0") {
    json id = m.is_object() && m.contains("id") && ValidId(m["id"]) ? m["id"] : json();
    QueueReply(ErrorMessage(id, error::kInvalidRequest,
                            "not a JSON-RPC 2.0 message (an object with \"jsonrpc\": \"2.0\")"));
    return true;
  }
  if (!m.contains("method")) return true;  // a response to a request of ours: we send none, ignore
  if (!m["method"].is_string() || (m.contains("id") && !ValidId(m["id"]))) {
    json id = m.contains("id") && ValidId(m["id"]) ? m["id"] : json();
    QueueReply(ErrorMessage(id, error::kInvalidRequest,
                            "\"method\" must be a string and \"id\" a number or a string"));
    return true;
  }
  const std::string method = m["method"].get<std::string>();
  if (method == "$/cancelRequest" && !m.contains("id")) {
    const json& params = m.contains("params") ? m["params"] : json();
    if (params.is_object() && params.contains("id") && ValidId(params["id"])) {
      std::lock_guard<std::mutex> lock(queue_mu_);
      std::string key = Dump(params["id"]);
      if (pending_.count(key)) cancelled_.insert(key);
    }
    return true;
  }
  bool exit = method == "exit" && !m.contains("id");
  {
    std::lock_guard<std::mutex> lock(queue_mu_);
    if (m.contains("id")) pending_.insert(Dump(m["id"]));
    queue_.push_back({std::move(m), false, false});
  }
  queue_cv_.notify_one();
  return !exit;
}

void Endpoint::Dispatch(const json& m) {
  const std::string method = m["method"].get<std::string>();
  static const json kNoParams;
  const json& params = m.contains("params") ? m["params"] : kNoParams;
  if (!m.contains("id")) {  // a notification
    if (method == "exit") {
      exit_ = true;
      return;
    }
    if (!initialized_ || shutdown_) return;
    auto it = notifications_.find(method);
    if (it == notifications_.end()) return;
    try {
      it->second(params);
    } catch (const std::exception& e) {
      Log(method + ": " + e.what());
    }
    return;
  }
  const json& id = m["id"];
  const std::string key = Dump(id);
  auto is_cancelled = [this, key] {
    std::lock_guard<std::mutex> lock(queue_mu_);
    return cancelled_.count(key) > 0;
  };
  auto finish = [this, &key] {
    std::lock_guard<std::mutex> lock(queue_mu_);
    pending_.erase(key);
    cancelled_.erase(key);
  };
  Reply reply;
  if (is_cancelled()) {
    reply = Reply::Error(error::kRequestCancelled, "the request was cancelled");
  } else if (shutdown_) {
    reply = Reply::Error(error::kInvalidRequest, "the server is shut down: only `exit` is accepted");
  } else if (method == "initialize") {
    if (initialized_) {
      reply = Reply::Error(error::kInvalidRequest, "initialize was already received");
    } else {
      try {
        reply =
            Reply::Result(on_initialize_ ? on_initialize_(params) : json{{"capabilities", json::object()}});
        initialized_ = true;
      } catch (const std::exception& e) {
        reply = Reply::Error(error::kInternalError, e.what());
      }
    }
  } else if (!initialized_) {
    reply =
        Reply::Error(error::kServerNotInitialized, "the server is not initialized: send `initialize` first");
  } else if (method == "shutdown") {
    if (on_shutdown_) on_shutdown_();
    shutdown_ = true;
    reply = Reply::Result(nullptr);
  } else if (auto it = requests_.find(method); it == requests_.end()) {
    reply = Reply::Error(error::kMethodNotFound, "unknown method " + method);
  } else {
    try {
      reply = it->second(params, RequestContext(is_cancelled));
    } catch (const std::exception& e) {
      reply = Reply::Error(error::kInternalError, method + ": " + e.what());
    }
  }
  finish();
  if (reply.is_error) {
    SendError(id, reply.code, reply.message);
  } else {
    Send(json{{"jsonrpc", "2.0"}, {"id", id}, {"result", reply.result}});
  }
}

void Endpoint::DispatchLoop() {
  for (;;) {
    Incoming in;
    {
      std::unique_lock<std::mutex> lock(queue_mu_);
      queue_cv_.wait(lock, [this] { return !queue_.empty(); });
      in = std::move(queue_.front());
      queue_.pop_front();
    }
    if (in.end) return;
    if (in.reply) {
      Send(in.message);
      continue;
    }
    Dispatch(in.message);
    if (exit_) return;
  }
}

int Endpoint::Run(const ByteSource& read) {
  std::thread dispatcher([this] { DispatchLoop(); });
  FrameReader reader(limits_);
  std::string buf(64 * 1024, '\0');
  bool lost = false, more = true;
  while (more) {
    long n = read(buf.data(), buf.size());
    if (n <= 0) {
      if (!reader.idle()) Log("the input ended inside a message");
      break;
    }
    reader.Feed(std::string_view(buf.data(), static_cast<size_t>(n)));
    for (bool again = true; again && more;) {
      switch (reader.Next()) {
        case FrameReader::Event::kNone:
          again = false;
          break;
        case FrameReader::Event::kMessage:
          more = Accept(reader.body());
          break;
        case FrameReader::Event::kTooLarge:
          Log(reader.error());
          QueueReply(json{{"jsonrpc", "2.0"},
                          {"method", "window/logMessage"},
                          {"params", {{"type", 1}, {"message", reader.error()}}}});
          break;
        case FrameReader::Event::kError:
          Log("framing error: " + reader.error() + "; stopping");
          lost = true;
          more = false;
          break;
      }
    }
  }
  {
    std::lock_guard<std::mutex> lock(queue_mu_);
    queue_.push_back({json(), true, false});
  }
  queue_cv_.notify_one();
  dispatcher.join();
  if (lost) return 1;
  return shutdown_ ? 0 : 1;
}

ByteSource FdReader(int fd) {
  return [fd](char* buf, size_t n) -> long {
    for (;;) {
      ssize_t r = ::read(fd, buf, n);
      if (r < 0 && errno == EINTR) continue;
      return static_cast<long>(r);
    }
  };
}

}  // namespace cfgi::lsp
