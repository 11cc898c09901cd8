// app/live/csds_fetch.cpp: the CSDS live source (live.h FetchClientStatus) with gRPC C++
// (Debian's libgrpc++-dev). One unary call of
// /envoy.service.status.v3.ClientStatusDiscoveryService/FetchClientStatus, as grpcdebug's
// `xds status` / `xds config` makes it against a process that registered the admin services
// (gRFC A38: grpc::AddAdminServices; A40: CSDS). The call is made through grpc::GenericStub so
// the answer's bytes come to our own reader (csds_read.cpp, fuzzed), which says precisely what
// is wrong with a malformed answer. Every call has a deadline (the request's timeout, connect
// included); the status codes map to LIVE020-LIVE025 (docs/diagnostics.md).
#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/grpcpp.h>

#include <chrono>
#include <condition_variable>
#include <mutex>

#include "app/live/live.h"
#include "core/doc/source.h"
#include "envoy/service/status/v3/csds.pb.h"

namespace cfgi::live {

namespace {

constexpr const char* kMethod = "/envoy.service.status.v3.ClientStatusDiscoveryService/FetchClientStatus";

const char* CodeName(grpc::StatusCode c) {
  switch (c) {
    case grpc::StatusCode::OK: return "OK";
    case grpc::StatusCode::CANCELLED: return "CANCELLED";
    case grpc::StatusCode::UNKNOWN: return "UNKNOWN";
    case grpc::StatusCode::INVALID_ARGUMENT: return "INVALID_ARGUMENT";
    case grpc::StatusCode::DEADLINE_EXCEEDED: return "DEADLINE_EXCEEDED";
    case grpc::StatusCode::NOT_FOUND: return "NOT_FOUND";
    case grpc::StatusCode::ALREADY_EXISTS: return "ALREADY_EXISTS";
    case grpc::StatusCode::PERMISSION_DENIED: return "PERMISSION_DENIED";
    case grpc::StatusCode::RESOURCE_EXHAUSTED: return "RESOURCE_EXHAUSTED";
    case grpc::StatusCode::FAILED_PRECONDITION: return "FAILED_PRECONDITION";
    case grpc::StatusCode::ABORTED: return "ABORTED";
    case grpc::StatusCode::OUT_OF_RANGE: return "OUT_OF_RANGE";
    case grpc::StatusCode::UNIMPLEMENTED: return "UNIMPLEMENTED";
    case grpc::StatusCode::INTERNAL: return "INTERNAL";
    case grpc::StatusCode::UNAVAILABLE: return "UNAVAILABLE";
    case grpc::StatusCode::DATA_LOSS: return "DATA_LOSS";
    case grpc::StatusCode::UNAUTHENTICATED: return "UNAUTHENTICATED";
    default: return "status";
  }
}

// A target gRPC's resolver takes: HOST:PORT, [IPv6]:PORT, unix:PATH, or a scheme it knows
// (dns:///, ipv4:, ipv6:, unix-abstract:). Empty when fine, else why not.
std::string CheckTarget(const std::string& t) {
  if (t.empty()) return "the target is empty";
  for (char c : t)
    if (c == ' ' || c == '\t' || c == '\n' || c == '"') return "the target has a space or a quote";
  if (t.rfind("http://", 0) == 0 || t.rfind("https://", 0) == 0)
    return "a gRPC target is HOST:PORT, not a URL (TLS is --tls)";
  for (const char* scheme : {"unix:", "unix-abstract:", "dns:", "ipv4:", "ipv6:"})
    if (t.rfind(scheme, 0) == 0) return t.size() > std::string(scheme).size() ? "" : "nothing after '" + std::string(scheme) + "'";
  size_t colon = t.rfind(':');
  size_t close = t.rfind(']');
  if (colon == std::string::npos || (close != std::string::npos && colon < close) || colon + 1 == t.size())
    return "no port: give HOST:PORT of the gRPC admin server (e.g. localhost:50051)";
  return "";
}

}  // namespace

LiveResult FetchClientStatus(const CsdsRequest& req) {
  int timeout = req.timeout_ms > 0 ? req.timeout_ms : kDefaultCsdsTimeoutMs;
  auto fail = [&](const std::string& code, const std::string& msg, LiveResult out) {
    doc::Source src(req.target, req.target);
    doc::DiagnosticSink sink(&src);
    sink.Error(code, {0, static_cast<uint32_t>(req.target.size())}, msg);
    out.diagnostics = sink.list();
    return out;
  };
  LiveResult base;
  base.info["source"] = "csds";
  base.info["target"] = req.target;
  base.info["tls"] = req.tls;
  base.info["timeout_ms"] = timeout;
  if (std::string why = CheckTarget(req.target); !why.empty())
    return fail("LIVE025", "'" + req.target + "' is not a gRPC target: " + why, base);

  std::shared_ptr<grpc::ChannelCredentials> creds;
  if (req.tls) {
    grpc::SslCredentialsOptions o;
    o.pem_root_certs = req.ca_pem;
    creds = grpc::SslCredentials(o);
  } else {
    creds = grpc::InsecureChannelCredentials();
  }
  grpc::ChannelArguments args;
  args.SetMaxReceiveMessageSize(static_cast<int>(kMaxAdminBody));
  args.SetInt(GRPC_ARG_ENABLE_RETRIES, 0);
  std::shared_ptr<grpc::Channel> channel = grpc::CreateCustomChannel(req.target, creds, args);
  grpc::GenericStub stub(channel);

  envoy::service::status::v3::ClientStatusRequest request;
  std::string request_bytes = request.SerializeAsString();
  grpc::Slice slice(request_bytes);
  grpc::ByteBuffer send(&slice, 1), got;
  grpc::ClientContext ctx;
  ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::milliseconds(timeout));
  std::mutex mu;
  std::condition_variable cv;
  bool done = false;
  grpc::Status status;
  auto started = std::chrono::steady_clock::now();
  stub.UnaryCall(&ctx, kMethod, grpc::StubOptions(), &send, &got, [&](grpc::Status s) {
    std::lock_guard<std::mutex> lock(mu);
    status = std::move(s);
    done = true;
    cv.notify_one();
  });
  {
    // The deadline ends the call; the wait only guards against a callback that never comes.
    std::unique_lock<std::mutex> lock(mu);
    if (!cv.wait_for(lock, std::chrono::milliseconds(timeout + 5000), [&] { return done; })) {
      ctx.TryCancel();
      cv.wait(lock, [&] { return done; });
    }
  }
  long ms = static_cast<long>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count());
  base.info["elapsed_ms"] = ms;
  base.info["status"] = CodeName(status.error_code());
  const std::string said = status.error_message().empty() ? "" : ": \"" + status.error_message() + "\"";
  switch (status.error_code()) {
    case grpc::StatusCode::OK:
      break;
    case grpc::StatusCode::DEADLINE_EXCEEDED:
      return fail("LIVE021", "no answer from " + req.target + " within " + std::to_string(timeout) +
                                 " ms (DEADLINE_EXCEEDED" + said + "): check that it is the process's gRPC admin port, "
                                 "or raise --timeout MS",
                  base);
    case grpc::StatusCode::UNIMPLEMENTED:
      return fail("LIVE022", req.target + " speaks gRPC but has no CSDS (UNIMPLEMENTED" + said +
                                 "): the process must register the admin services (C++ grpc::AddAdminServices, Java "
                                 "AdminInterface.getStandardServices, Go admin.Register) on this port",
                  base);
    case grpc::StatusCode::UNAVAILABLE: {
      const std::string& m = status.error_message();
      std::string hint = m.find("refused") != std::string::npos
                             ? "nothing listens there: check the admin port the process serves"
                         : m.find("ssl") != std::string::npos || m.find("SSL") != std::string::npos ||
                                 m.find("handshake") != std::string::npos || m.find("TLS") != std::string::npos
                             ? "the TLS handshake failed: use --tls only when the admin port serves TLS (and "
                               "--tls-ca FILE for its CA)"
                             : "is the process running and is this its gRPC admin port (plaintext unless --tls)?";
      return fail("LIVE020", "cannot reach " + req.target + " (UNAVAILABLE" + said + "): " + hint, base);
    }
    default:
      return fail("LIVE024", req.target + " answered FetchClientStatus with " + CodeName(status.error_code()) + said +
                                 ": the server refused or failed the call; the message says why",
                  base);
  }
  std::vector<grpc::Slice> slices;
  std::string bytes;
  if (got.Dump(&slices).ok())
    for (const grpc::Slice& s : slices) bytes.append(reinterpret_cast<const char*>(s.begin()), s.size());
  LiveResult out = DescribeClientStatus(req.target, bytes);
  // The call's facts first, then what the answer held.
  nlohmann::ordered_json info = base.info;
  for (auto& [k, v] : out.info.items()) info[k] = v;
  out.info = std::move(info);
  return out;
}

}  // namespace cfgi::live
