// The CSDS live source (app/live/csds_fetch.cpp, csds_read.cpp; docs/live-sources.md) against a
// real gRPC server on 127.0.0.1 started here with gRPC C++: ClientStatusDiscoveryService serving
// ClientStatusResponses we wrote in the shape grpc-core's XdsClient::DumpClientConfig fills
// (src/core/xds/xds_client/xds_client.cc: one ClientConfig per client scope, GenericXdsConfig per
// resource, client_status, error_state for a NACK) and grpc's own CSDS test checks
// (test/cpp/end2end/xds/xds_csds_end2end_test.cc: REQUESTED, DOES_NOT_EXIST, ACKED, NACKED with
// the error details and the rejected version). The faults: a port with nothing on it, a server
// slower than the deadline, a gRPC server without CSDS (UNIMPLEMENTED), an answer that is not a
// ClientStatusResponse.
#include <grpcpp/generic/async_generic_service.h>
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "app/live/live.h"
#include "envoy/service/status/v3/csds.grpc.pb.h"
#include "tests/cli/cli_runner.h"

namespace {

namespace csds = envoy::service::status::v3;
namespace admin = envoy::admin::v3;
using cfgi::testing::RunCli;

std::vector<std::string> Codes(const cfgi::live::LiveResult& r) {
  std::vector<std::string> out;
  for (const auto& d : r.diagnostics)
    out.push_back(d.code + " " + d.file + " " + std::to_string(d.begin.line) + ":" + std::to_string(d.begin.column));
  return out;
}

// A resource as a gRPC client holds it. `body`: the serialized resource (its name as field 1,
// as Listener, RouteConfiguration and Cluster have it); none for REQUESTED / DOES_NOT_EXIST / TIMEOUT.
void AddResource(csds::ClientConfig* c, const std::string& type, const std::string& name, admin::ClientResourceStatus st,
                 const std::string& version = "", bool body = true) {
  auto* r = c->add_generic_xds_configs();
  r->set_type_url("type.googleapis.com/" + type);
  r->set_name(name);
  r->set_version_info(version);
  r->set_client_status(st);
  if (body) {
    r->mutable_xds_config()->set_type_url("type.googleapis.com/" + type);
    r->mutable_xds_config()->set_value(std::string("\x0a", 1) + static_cast<char>(name.size()) + name);
    r->mutable_last_updated()->set_seconds(1764331200);  // 2025-11-28T12:00:00Z
  }
}

csds::ClientStatusResponse OneScope() {
  csds::ClientStatusResponse resp;
  csds::ClientConfig* c = resp.add_config();
  c->set_client_scope("xds:///api.example.com");
  c->mutable_node()->set_id("projects/1/networks/default/nodes/client-1");
  c->mutable_node()->set_user_agent_name("gRPC C++");
  c->mutable_node()->set_user_agent_version("1.51.1");
  AddResource(c, "envoy.config.listener.v3.Listener", "api.example.com", admin::ACKED, "7");
  AddResource(c, "envoy.config.route.v3.RouteConfiguration", "route-api", admin::ACKED, "3");
  AddResource(c, "envoy.config.cluster.v3.Cluster", "cluster-api", admin::REQUESTED, "", false);
  AddResource(c, "envoy.config.endpoint.v3.ClusterLoadAssignment", "eds-api", admin::DOES_NOT_EXIST, "", false);
  return resp;
}

class CsdsService final : public csds::ClientStatusDiscoveryService::Service {
 public:
  csds::ClientStatusResponse answer;
  int delay_ms = 0;
  grpc::Status FetchClientStatus(grpc::ServerContext*, const csds::ClientStatusRequest*,
                                 csds::ClientStatusResponse* out) override {
    if (delay_ms) std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
    *out = answer;
    return grpc::Status::OK;
  }
};

// Answers every method with bytes that are not a ClientStatusResponse (a truncated field).
class GarbageReactor : public grpc::ServerGenericBidiReactor {
 public:
  GarbageReactor() {
    static const char kBytes[] = "\x0a\x7f\x01";
    grpc::Slice s(kBytes, 3);
    out_ = grpc::ByteBuffer(&s, 1);
    StartRead(&in_);
  }
  void OnReadDone(bool) override { StartWriteAndFinish(&out_, grpc::WriteOptions(), grpc::Status::OK); }
  void OnDone() override { delete this; }

 private:
  grpc::ByteBuffer in_, out_;
};
// Answers every method UNIMPLEMENTED, as a gRPC server does for a method it does not serve.
class UnimplementedReactor : public grpc::ServerGenericBidiReactor {
 public:
  UnimplementedReactor() { Finish(grpc::Status(grpc::StatusCode::UNIMPLEMENTED, "")); }
  void OnDone() override { delete this; }
};
class GenericService : public grpc::CallbackGenericService {
 public:
  explicit GenericService(bool garbage) : garbage_(garbage) {}
  grpc::ServerGenericBidiReactor* CreateReactor(grpc::GenericCallbackServerContext*) override {
    if (garbage_) return new GarbageReactor;
    return new UnimplementedReactor;
  }

 private:
  bool garbage_;
};

// A gRPC server on 127.0.0.1 and a free port: CSDS, nothing (UNIMPLEMENTED), or garbage.
class Server {
 public:
  enum class What { kCsds, kNothing, kGarbage };
  explicit Server(What what = What::kCsds) {
    grpc::ServerBuilder b;
    b.AddListeningPort("127.0.0.1:0", grpc::InsecureServerCredentials(), &port_);
    if (what == What::kCsds) b.RegisterService(&csds_);
    if (what == What::kGarbage) b.RegisterCallbackGenericService(&garbage_);
    if (what == What::kNothing) b.RegisterCallbackGenericService(&unimplemented_);
    server_ = b.BuildAndStart();
  }
  ~Server() { server_->Shutdown(std::chrono::system_clock::now() + std::chrono::milliseconds(100)); }
  std::string target() const { return "127.0.0.1:" + std::to_string(port_); }
  CsdsService& csds() { return csds_; }

 private:
  CsdsService csds_;
  GenericService garbage_{true}, unimplemented_{false};
  int port_ = 0;
  std::unique_ptr<grpc::Server> server_;
};

cfgi::live::LiveResult Fetch(const std::string& target, int timeout_ms = 3000) {
  cfgi::live::CsdsRequest q;
  q.target = target;
  q.timeout_ms = timeout_ms;
  return cfgi::live::FetchClientStatus(q);
}

TEST(LiveCsdsTest, OneScopeListsEveryResourceWithItsStatus) {
  Server s;
  s.csds().answer = OneScope();
  cfgi::live::LiveResult r = Fetch(s.target());
  const std::string doc = "csds:" + s.target() + "/xds:///api.example.com";
  EXPECT_EQ(r.document.name, doc);
  EXPECT_TRUE(r.more_documents.empty());
  // REQUESTED is a note, DOES_NOT_EXIST a warning, each on its entry; the bodies' schemas
  // (Listener, RouteConfiguration) are not compiled in: one note.
  EXPECT_EQ(Codes(r), (std::vector<std::string>{"LIVE027 " + doc + " 38:9", "LIVE026 " + doc + " 51:9",
                                                "LIVE029 " + doc + " 1:1"}))
      << r.document.text;
  EXPECT_NE(r.diagnostics[1].message.find("ClusterLoadAssignment 'eds-api' does not exist on the control plane"),
            std::string::npos);
  EXPECT_EQ(r.info["status"], "OK");
  const auto& scope = r.info["scopes"][0];
  EXPECT_EQ(scope["scope"], "xds:///api.example.com");
  EXPECT_EQ(scope["node"]["user_agent_name"], "gRPC C++");
  ASSERT_EQ(scope["resources"].size(), 4u);
  EXPECT_EQ(scope["resources"][0].dump(),
            R"({"type":"envoy.config.listener.v3.Listener","name":"api.example.com","version":"7","client_status":"ACKED","last_updated":"2025-11-28T12:00:00Z","size":17})");
  EXPECT_EQ(scope["resources"][2]["client_status"], "REQUESTED");
  EXPECT_EQ(scope["resources"][3]["client_status"], "DOES_NOT_EXIST");
  // The document is Envoy's config_dump shape: the listener as a DynamicListener.
  auto j = nlohmann::json::parse(r.document.text);
  EXPECT_EQ(j["configs"][0]["@type"], "type.googleapis.com/envoy.admin.v3.ListenersConfigDump");
  EXPECT_EQ(j["configs"][0]["dynamic_listeners"][0]["name"], "api.example.com");
  EXPECT_EQ(j["configs"][0]["dynamic_listeners"][0]["active_state"]["version_info"], "7");
  EXPECT_EQ(j["configs"][2]["dynamic_active_clusters"][0]["client_status"], "REQUESTED");

  // The CLI: the matcher engine reads it; the text lists each resource.
  auto cli = RunCli("eval --csds " + s.target());
  EXPECT_EQ(cli.exit_code, 0) << cli.out << cli.err;
  EXPECT_NE(cli.out.find("; CSDS FetchClientStatus at " + s.target() + ": OK, 1 client scope\n"), std::string::npos)
      << cli.out;
  EXPECT_NE(cli.out.find(";   ACKED envoy.config.listener.v3.Listener api.example.com version 7 updated "
                         "2025-11-28T12:00:00Z\n"),
            std::string::npos)
      << cli.out;
  EXPECT_NE(cli.out.find(";   DOES_NOT_EXIST envoy.config.endpoint.v3.ClusterLoadAssignment eds-api\n"), std::string::npos);
  auto js = RunCli("check --format json --csds " + s.target());
  auto jj = nlohmann::json::parse(js.out);
  EXPECT_EQ(jj["engine"], "matcher");
  EXPECT_EQ(jj["live"]["source"], "csds");
}

TEST(LiveCsdsTest, TwoScopesAreTwoDocuments) {
  Server s;
  s.csds().answer = OneScope();
  csds::ClientConfig* server = s.csds().answer.add_config();
  server->set_client_scope("#server");
  AddResource(server, "envoy.config.listener.v3.Listener",
              "grpc/server?xds.resource.listening_address=0.0.0.0:50051", admin::TIMEOUT, "", false);
  AddResource(server, "envoy.config.route.v3.RouteConfiguration", "inbound-routes", admin::RECEIVED_ERROR, "2");
  server->mutable_generic_xds_configs(1)->mutable_error_state()->set_details("resource temporarily unavailable");
  cfgi::live::LiveResult r = Fetch(s.target());
  ASSERT_EQ(r.more_documents.size(), 1u);
  const std::string second = "csds:" + s.target() + "/#server";
  EXPECT_EQ(r.more_documents[0].name, second);
  EXPECT_EQ(r.info["scopes"].size(), 2u);
  std::vector<std::string> codes = Codes(r);
  ASSERT_EQ(codes.size(), 6u);
  EXPECT_EQ(codes[3], "LIVE026 " + second + " 7:9");
  EXPECT_EQ(codes[4], "LIVE026 " + second + " 16:9");
  EXPECT_NE(r.diagnostics[3].message.find("(TIMEOUT, gRFC A88)"), std::string::npos);
  EXPECT_NE(r.diagnostics[4].message.find("(\"resource temporarily unavailable\") (RECEIVED_ERROR, gRFC A88): the "
                                          "client keeps its last accepted version (2)"),
            std::string::npos)
      << r.diagnostics[4].message;
  auto cli = RunCli("check --format json --csds " + s.target());
  auto j = nlohmann::json::parse(cli.out);
  EXPECT_EQ(j["live"]["scopes"][1]["scope"], "#server");
  EXPECT_EQ(j["live"]["scopes"][1]["resources"][0]["client_status"], "TIMEOUT");
}

TEST(LiveCsdsTest, NackIsMat040WithTheClientsReason) {
  Server s;
  csds::ClientConfig* c = s.csds().answer.add_config();
  c->set_client_scope("xds:///api.example.com");
  AddResource(c, "envoy.config.listener.v3.Listener", "api.example.com", admin::NACKED, "7");
  auto* e = c->mutable_generic_xds_configs(0)->mutable_error_state();
  e->set_details("xDS response validation errors: [resource index 0: api.example.com: INVALID_ARGUMENT: errors "
                 "validating ApiListener: field:api_listener error:field not present]");
  e->set_version_info("8");
  e->mutable_last_update_attempt()->set_seconds(1764331260);
  auto cli = RunCli("check --format json --csds " + s.target());
  EXPECT_EQ(cli.exit_code, 1) << cli.out;
  auto j = nlohmann::json::parse(cli.out);
  bool nack = false;
  for (const auto& d : j["diagnostics"])
    if (d["code"] == "MAT040") {
      nack = true;
      EXPECT_EQ(d["file"], "csds:" + s.target() + "/xds:///api.example.com");
      EXPECT_NE(d["message"].get<std::string>().find("field:api_listener error:field not present"), std::string::npos)
          << d["message"];
    }
  EXPECT_TRUE(nack) << cli.out;
  const auto& es = j["live"]["scopes"][0]["resources"][0]["error_state"];
  EXPECT_EQ(es["last_update_attempt"], "2025-11-28T12:01:00Z");
  EXPECT_EQ(es["version_info"], "8");
  EXPECT_EQ(es["details"].get<std::string>().substr(0, 39), "xDS response validation errors: [resour");
  auto text = RunCli("eval --csds " + s.target());
  EXPECT_NE(text.out.find(";   NACKED envoy.config.listener.v3.Listener api.example.com version 7 updated "
                          "2025-11-28T12:00:00Z; rejected version 8 at 2025-11-28T12:01:00Z: xDS response"),
            std::string::npos)
      << text.out;
}

TEST(LiveCsdsTest, EmptyStateIsANote) {
  Server s;  // no ClientConfig: the process has no xDS client yet
  cfgi::live::LiveResult r = Fetch(s.target());
  EXPECT_EQ(r.document.name, "csds:" + s.target());
  EXPECT_EQ(Codes(r), std::vector<std::string>{"LIVE028 csds:" + s.target() + " 1:1"});
  auto cli = RunCli("check --format json --csds " + s.target());
  EXPECT_EQ(cli.exit_code, 0) << cli.out;
  auto j = nlohmann::json::parse(cli.out);
  std::vector<std::string> codes;
  for (const auto& d : j["diagnostics"]) codes.push_back(d["code"]);
  // MAT044: the matcher engine found no matcher in the empty dump (a note, said, not an error).
  EXPECT_EQ(codes, (std::vector<std::string>{"LIVE028", "MAT044"})) << cli.out;
}

TEST(LiveCsdsTest, UnreachableDeadlineNotCsdsAndMalformed) {
  // Refused: a port the kernel just gave us and nobody listens on any more.
  std::string closed;
  {
    Server gone(Server::What::kNothing);
    closed = gone.target();
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(150));
  cfgi::live::LiveResult r = Fetch(closed);
  EXPECT_EQ(Codes(r), std::vector<std::string>{"LIVE020 " + closed + " 1:1"});
  EXPECT_NE(r.diagnostics[0].message.find("Connection refused"), std::string::npos) << r.diagnostics[0].message;

  // Slower than the deadline: LIVE021, bounded by the timeout.
  Server slow;
  slow.csds().delay_ms = 1500;
  auto t0 = std::chrono::steady_clock::now();
  r = Fetch(slow.target(), 300);
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_EQ(Codes(r), std::vector<std::string>{"LIVE021 " + slow.target() + " 1:1"});
  EXPECT_LT(ms, 1200);
  EXPECT_NE(r.diagnostics[0].message.find("within 300 ms (DEADLINE_EXCEEDED"), std::string::npos);

  // A gRPC server without the admin services.
  Server none(Server::What::kNothing);
  r = Fetch(none.target());
  EXPECT_EQ(Codes(r), std::vector<std::string>{"LIVE022 " + none.target() + " 1:1"});
  EXPECT_NE(r.diagnostics[0].message.find("speaks gRPC but has no CSDS (UNIMPLEMENTED"), std::string::npos);

  // An answer that is not a ClientStatusResponse.
  Server garbage(Server::What::kGarbage);
  r = Fetch(garbage.target());
  EXPECT_EQ(Codes(r), std::vector<std::string>{"LIVE023 " + garbage.target() + " 1:1"});
  EXPECT_NE(r.diagnostics[0].message.find("(3 bytes) is not a ClientStatusResponse"), std::string::npos);

  // The CLI: no document, the diagnostic, exit 1; a bad target before any call.
  auto cli = RunCli("check --csds " + none.target());
  EXPECT_EQ(cli.exit_code, 1);
  EXPECT_NE(cli.out.find("[LIVE022]"), std::string::npos) << cli.out;
  cli = RunCli("check --csds localhost");
  EXPECT_NE(cli.out.find("[LIVE025] 'localhost' is not a gRPC target: no port"), std::string::npos) << cli.out;
  cli = RunCli("check --csds 127.0.0.1:1 --include-eds");
  EXPECT_EQ(cli.exit_code, 2);
  EXPECT_NE(cli.err.find("--include-eds needs --admin URL"), std::string::npos) << cli.err;
  cli = RunCli("check --tls --lookup x");
  EXPECT_NE(cli.err.find("--tls and --tls-ca need --csds HOST:PORT"), std::string::npos) << cli.err;
}

}  // namespace
