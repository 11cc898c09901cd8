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

#include <google/protobuf/dynamic_message.h>
#include <google/protobuf/text_format.h>

#include "app/live/any_json.h"
#include "app/live/live.h"
#include "core/doc/utf8.h"
#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "core/matcher/matcher_engine.h"
#include "envoy/service/discovery/v3/discovery.pb.h"
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
  // REQUESTED is a note, DOES_NOT_EXIST a warning, each on its entry; the Listener's and the
  // RouteConfiguration's bodies are opened (app/live/proto holds their schemas): nothing to say.
  EXPECT_EQ(Codes(r), (std::vector<std::string>{"LIVE027 " + doc + " 38:9", "LIVE026 " + doc + " 51:9"}))
      << r.document.text;
  EXPECT_NE(r.diagnostics[1].message.find("ClusterLoadAssignment 'eds-api' does not exist on the control plane"),
            std::string::npos);
  EXPECT_EQ(r.info["status"], "OK");
  const auto& scope = r.info["scopes"][0];
  EXPECT_EQ(scope["scope"], "xds:///api.example.com");
  EXPECT_EQ(scope["node"]["user_agent_name"], "gRPC C++");
  ASSERT_EQ(scope["resources"].size(), 4u);
  EXPECT_EQ(scope["resources"][0].dump(),
            R"({"type":"envoy.config.listener.v3.Listener","name":"api.example.com","version":"7","client_status":"ACKED","last_updated":"2025-11-28T12:00:00Z","size":17,"opened":true})");
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
  ASSERT_EQ(codes.size(), 4u) << ::testing::PrintToString(codes);
  EXPECT_EQ(codes[2], "LIVE026 " + second + " 7:9");
  EXPECT_EQ(codes[3], "LIVE026 " + second + " 16:9");
  EXPECT_NE(r.diagnostics[2].message.find("(TIMEOUT, gRFC A88)"), std::string::npos);
  EXPECT_NE(r.diagnostics[3].message.find("(\"resource temporarily unavailable\") (RECEIVED_ERROR, gRFC A88): the "
                                          "client keeps its last accepted version (2)"),
            std::string::npos)
      << r.diagnostics[3].message;
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

// A gRPC client's Listener as grpc-core receives it (an api_listener holding the
// HttpConnectionManager; src/core/xds/grpc/xds_listener_parser.cc), whose HTTP filters are the
// composite filter wrapped in ExtensionWithMatcher (the filter grpc-core reads a Unified Matcher
// from: src/core/xds/grpc/xds_http_composite_filter.cc) and the router. Written in textproto
// with expanded Anys and sent as the binary Any a client reports.
constexpr char kListenerWithMatcher[] = R"pb(
  name: "api.example.com"
  api_listener {
    api_listener {
      [type.googleapis.com/envoy.extensions.filters.network.http_connection_manager.v3.HttpConnectionManager] {
        rds { route_config_name: "route-api" }
        http_filters {
          name: "composite"
          typed_config {
            [type.googleapis.com/envoy.extensions.common.matching.v3.ExtensionWithMatcher] {
              extension_config {
                name: "composite"
                typed_config { [type.googleapis.com/envoy.extensions.filters.http.composite.v3.Composite] {} }
              }
              xds_matcher {
                matcher_list {
                  matchers {
                    predicate {
                      single_predicate {
                        input {
                          name: "tenant"
                          typed_config {
                            [type.googleapis.com/envoy.type.matcher.v3.HttpRequestHeaderMatchInput] { header_name: "x-tenant" }
                          }
                        }
                        value_match { exact: "acme" }
                      }
                    }
                    on_match {
                      action {
                        name: "acme-filter"
                        typed_config {
                          [type.googleapis.com/envoy.extensions.filters.http.composite.v3.ExecuteFilterAction] {
                            typed_config {
                              name: "rbac-acme"
                              typed_config { [type.googleapis.com/envoy.extensions.filters.http.rbac.v3.RBAC] {} }
                            }
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
        http_filters {
          name: "router"
          typed_config { [type.googleapis.com/envoy.extensions.filters.http.router.v3.Router] {} }
        }
      }
    }
  }
)pb";

// A resource written in textproto (expanded Anys) and serialized as the binary a client sends:
// parsed as a dynamic message of the reader's own schemas (cfgi::live::SchemaPool(); the test
// links no generated C++ for Listener, RouteConfiguration...).
std::string Encode(const std::string& type, const char* text) {
  const google::protobuf::Descriptor* d = cfgi::live::SchemaPool().FindMessageTypeByName(type);
  EXPECT_NE(d, nullptr) << type;
  if (!d) return "";
  google::protobuf::DynamicMessageFactory factory(&cfgi::live::SchemaPool());
  std::unique_ptr<google::protobuf::Message> m(factory.GetPrototype(d)->New());
  EXPECT_TRUE(google::protobuf::TextFormat::ParseFromString(text, m.get())) << text;
  return m->SerializeAsString();
}

void AddBody(csds::ClientConfig* c, const std::string& type, const std::string& name, const std::string& bytes,
             const std::string& body_type = "") {
  AddResource(c, type, name, admin::ACKED, "1");
  auto* r = c->mutable_generic_xds_configs(c->generic_xds_configs_size() - 1);
  r->mutable_xds_config()->set_type_url("type.googleapis.com/" + (body_type.empty() ? type : body_type));
  r->mutable_xds_config()->set_value(bytes);
}

TEST(LiveCsdsTest, ListenerMatcherIsOpenedInTheMatcherEngine) {
  const std::string bytes = Encode("envoy.config.listener.v3.Listener", kListenerWithMatcher);
  ASSERT_FALSE(bytes.empty());
  Server s;
  csds::ClientConfig* c = s.csds().answer.add_config();
  c->set_client_scope("xds:///api.example.com");
  AddBody(c, "envoy.config.listener.v3.Listener", "api.example.com", bytes);
  cfgi::live::LiveResult r = Fetch(s.target());
  EXPECT_TRUE(Codes(r).empty()) << ::testing::PrintToString(Codes(r));
  EXPECT_EQ(r.info["scopes"][0]["resources"][0]["opened"], true);
  // The body is in the config_dump as Envoy prints it: the HttpConnectionManager and each filter expanded.
  auto j = nlohmann::json::parse(r.document.text);
  const auto& hcm = j["configs"][0]["dynamic_listeners"][0]["active_state"]["listener"]["api_listener"]["api_listener"];
  EXPECT_EQ(hcm["@type"],
            "type.googleapis.com/envoy.extensions.filters.network.http_connection_manager.v3.HttpConnectionManager");
  EXPECT_EQ(hcm["rds"]["route_config_name"], "route-api");
  EXPECT_EQ(hcm["http_filters"][1]["typed_config"]["@type"],
            "type.googleapis.com/envoy.extensions.filters.http.router.v3.Router");

  // The CLI: the matcher engine finds the composite filter's matcher and evaluates requests with it.
  const std::string doc = "csds:" + s.target() + "/xds:///api.example.com";
  auto hit = RunCli("eval --format json --csds " + s.target() + " --header x-tenant=acme");
  EXPECT_EQ(hit.exit_code, 0) << hit.out << hit.err;
  auto jj = nlohmann::json::parse(hit.out);
  EXPECT_EQ(jj["engine"], "matcher");
  const std::string path =
      "configs[0].dynamic_listeners[0].active_state.listener.api_listener.api_listener.http_filters[0].typed_config."
      "xds_matcher";
  ASSERT_EQ(jj["result"]["envoy"]["matchers"].size(), 1u) << hit.out;
  EXPECT_EQ(jj["result"]["envoy"]["matchers"][0]["path"], path) << hit.out;
  EXPECT_EQ(jj["result"]["envoy"]["matchers"][0]["context"], "composite filter (ExtensionWithMatcher.xds_matcher)");
  EXPECT_EQ(jj["result"]["envoy"]["selected"], path);
  EXPECT_EQ(jj["result"]["requests"][0]["matched"], true) << hit.out;
  EXPECT_EQ(jj["result"]["requests"][0]["actions"], nlohmann::json::array({"acme-filter"})) << hit.out;
  EXPECT_EQ(jj["result"]["requests"][0]["decided_by"]["line"], 34);
  auto miss = RunCli("eval --format json --csds " + s.target() + " --header x-tenant=other");
  auto jm = nlohmann::json::parse(miss.out);
  EXPECT_EQ(jm["result"]["requests"][0]["matched"], false) << miss.out;
  EXPECT_EQ(jm["result"]["requests"][0]["actions"], nlohmann::json::array()) << miss.out;
}

// A Listener whose HttpConnectionManager holds its route config inline, whose virtual host
// routes with a match tree instead of a route list (route_components.proto VirtualHost.matcher,
// field 21: "the match tree to use when resolving route actions", actions of type Route).
constexpr char kListenerWithRouteMatcher[] = R"pb(
  name: "edge"
  api_listener {
    api_listener {
      [type.googleapis.com/envoy.extensions.filters.network.http_connection_manager.v3.HttpConnectionManager] {
        stat_prefix: "edge"
        route_config {
          name: "edge-routes"
          virtual_hosts {
            name: "tenants"
            domains: "*"
            matcher {
              matcher_list {
                matchers {
                  predicate {
                    single_predicate {
                      input {
                        name: "tenant"
                        typed_config {
                          [type.googleapis.com/envoy.type.matcher.v3.HttpRequestHeaderMatchInput] { header_name: "x-tenant" }
                        }
                      }
                      value_match { prefix: "acme" }
                    }
                  }
                  on_match {
                    action {
                      name: "route-acme"
                      typed_config {
                        [type.googleapis.com/envoy.config.route.v3.Route] { name: "acme" match { prefix: "/" } }
                      }
                    }
                  }
                }
              }
              on_no_match {
                action {
                  name: "route-default"
                  typed_config {
                    [type.googleapis.com/envoy.config.route.v3.Route] { name: "default" match { prefix: "/" } }
                  }
                }
              }
            }
          }
        }
        http_filters {
          name: "router"
          typed_config { [type.googleapis.com/envoy.extensions.filters.http.router.v3.Router] {} }
        }
      }
    }
  }
)pb";

TEST(LiveCsdsTest, RouteConfigMatcherInsideAListenersHcmIsOpened) {
  Server s;
  csds::ClientConfig* c = s.csds().answer.add_config();
  c->set_client_scope("xds:///edge");
  AddBody(c, "envoy.config.listener.v3.Listener", "edge",
          Encode("envoy.config.listener.v3.Listener", kListenerWithRouteMatcher));
  cfgi::live::LiveResult r = Fetch(s.target());
  EXPECT_TRUE(Codes(r).empty()) << ::testing::PrintToString(Codes(r));
  auto j = nlohmann::json::parse(r.document.text);
  const auto& vh = j["configs"][0]["dynamic_listeners"][0]["active_state"]["listener"]["api_listener"]["api_listener"]
                    ["route_config"]["virtual_hosts"][0];
  EXPECT_EQ(vh["domains"], nlohmann::json::array({"*"}));
  EXPECT_EQ(vh["matcher"]["on_no_match"]["action"]["typed_config"]["@type"],
            "type.googleapis.com/envoy.config.route.v3.Route");
  EXPECT_EQ(vh["matcher"]["on_no_match"]["action"]["typed_config"]["match"]["prefix"], "/");

  const std::string path =
      "configs[0].dynamic_listeners[0].active_state.listener.api_listener.api_listener.route_config.virtual_hosts[0]."
      "matcher";
  auto hit = RunCli("eval --format json --csds " + s.target() + " --header x-tenant=acme-eu");
  EXPECT_EQ(hit.exit_code, 0) << hit.out << hit.err;
  auto jh = nlohmann::json::parse(hit.out);
  ASSERT_EQ(jh["result"]["envoy"]["matchers"].size(), 1u) << hit.out;
  EXPECT_EQ(jh["result"]["envoy"]["matchers"][0]["path"], path);
  EXPECT_EQ(jh["result"]["envoy"]["matchers"][0]["context"], "virtual host matcher");
  EXPECT_EQ(jh["result"]["requests"][0]["actions"], nlohmann::json::array({"route-acme"})) << hit.out;
  auto miss = RunCli("eval --format json --csds " + s.target() + " --header x-tenant=globex");
  auto jm = nlohmann::json::parse(miss.out);
  EXPECT_EQ(jm["result"]["requests"][0]["actions"], nlohmann::json::array({"route-default"})) << miss.out;
}

// The reader's schemas live in a pool of their own: after it has opened Listeners, HCMs, routes
// and RBAC filters, protobuf's generated pool (where the offline engines resolve every "@type")
// still has none of them, and an offline config_dump reads exactly as before.
TEST(LiveCsdsTest, TheBodyReaderLeavesTheGeneratedPoolAlone) {
  const google::protobuf::DescriptorPool* gen = google::protobuf::DescriptorPool::generated_pool();
  const char* kSubsets[] = {
      "envoy.config.listener.v3.Listener", "envoy.config.route.v3.RouteConfiguration",
      "envoy.config.route.v3.VirtualHost", "envoy.config.core.v3.TypedExtensionConfig",
      "envoy.extensions.filters.network.http_connection_manager.v3.HttpConnectionManager",
      "envoy.extensions.filters.http.rbac.v3.RBAC", "envoy.extensions.filters.network.rbac.v3.RBAC",
      "envoy.extensions.common.matching.v3.ExtensionWithMatcher",
      "envoy.extensions.filters.http.composite.v3.Composite", "envoy.extensions.filters.http.router.v3.Router"};
  const google::protobuf::Descriptor* matcher_before = gen->FindMessageTypeByName("xds.type.matcher.v3.Matcher");
  ASSERT_NE(matcher_before, nullptr);  // core/proto's: generated, the offline engines' own
  // An offline config_dump with a Listener Any (expanded JSON), evaluated before and after.
  const std::string offline = R"({"@type": "type.googleapis.com/envoy.admin.v3.ListenersConfigDump",
    "dynamic_listeners": [{"name": "edge", "active_state": {"listener": {
      "@type": "type.googleapis.com/envoy.config.listener.v3.Listener", "name": "edge",
      "filter_chain_matcher": {"matcher_tree": {
        "input": {"name": "port", "typed_config": {"@type": "type.googleapis.com/envoy.extensions.matching.common_inputs.network.v3.DestinationPortInput"}},
        "exact_match_map": {"map": {"443": {"action": {"name": "tls", "typed_config": {"@type": "type.googleapis.com/google.protobuf.StringValue", "value": "tls"}}}}}}}}}}]})";
  auto evaluate = [&] {
    cfgi::Scenario sc = cfgi::LoadScenario({{"offline.json", offline}});
    cfgi::Report rep = cfgi::RunScenario(cfgi::GetMatcherEngine(), sc, cfgi::Query{}, "envoy", true);
    return cfgi::doc::JsonText(rep.result) + "\n" + ::testing::PrintToString(rep.diagnostics.size());
  };
  const std::string before = evaluate();

  for (const char* kListener : {kListenerWithMatcher, kListenerWithRouteMatcher}) {
    google::protobuf::Any any;
    any.set_type_url("type.googleapis.com/envoy.config.listener.v3.Listener");
    any.set_value(Encode("envoy.config.listener.v3.Listener", kListener));
    cfgi::live::AnyJson opened = cfgi::live::OpenAny(any);
    EXPECT_TRUE(opened.opened);
    EXPECT_TRUE(opened.opaque.empty()) << ::testing::PrintToString(opened.opaque);
  }
  for (const char* t : kSubsets) {
    EXPECT_EQ(gen->FindMessageTypeByName(t), nullptr) << t;
    const google::protobuf::Descriptor* ours = cfgi::live::SchemaPool().FindMessageTypeByName(t);
    ASSERT_NE(ours, nullptr) << t;
    EXPECT_NE(ours->file()->pool(), gen) << t;
  }
  EXPECT_EQ(gen->FindMessageTypeByName("xds.type.matcher.v3.Matcher"), matcher_before);
  EXPECT_NE(cfgi::live::SchemaPool().FindMessageTypeByName("xds.type.matcher.v3.Matcher"), matcher_before);
  EXPECT_EQ(evaluate(), before);
  EXPECT_NE(before.find(R"("selected":"dynamic_listeners[0].active_state.listener.filter_chain_matcher")"),
            std::string::npos)
      << before;
}

TEST(LiveCsdsTest, DynamicParameterVariantsOpenInTheVariantsEngine) {
  // xRFC TP2: two variants of one RouteConfiguration, each in the Resource wrapper with its
  // constraints; the client's node sends env=prod for that type (Node.dynamic_parameters).
  const std::string rc = "envoy.config.route.v3.RouteConfiguration";
  Server s;
  csds::ClientConfig* c = s.csds().answer.add_config();
  c->set_client_scope("xds:///api.example.com");
  c->mutable_node()->set_id("client-1");
  (*c->mutable_node()->mutable_dynamic_parameters())["type.googleapis.com/" + rc].mutable_params()->insert(
      {"env", "prod"});
  for (const char* env : {"test", "prod"}) {
    envoy::service::discovery::v3::Resource w;
    w.mutable_resource_name()->set_name("route-a");
    auto* k = w.mutable_resource_name()->mutable_dynamic_parameter_constraints()->mutable_constraint();
    k->set_key("env");
    k->set_value(env);
    w.set_version(std::string("v-") + env);
    w.mutable_resource()->set_type_url("type.googleapis.com/" + rc);
    w.mutable_resource()->set_value(std::string("\x0a\x07route-a", 9));
    AddBody(c, rc, "route-a", w.SerializeAsString(), "envoy.service.discovery.v3.Resource");
  }
  cfgi::live::LiveResult r = Fetch(s.target());
  const std::string doc = "csds:" + s.target() + "/xds:///api.example.com";
  ASSERT_EQ(r.more_documents.size(), 2u);
  EXPECT_EQ(r.more_documents[0].name, doc + "#variants");
  EXPECT_EQ(r.more_documents[1].name, doc + "#client");
  EXPECT_EQ(r.info["scopes"][0]["resources"][1]["dynamic_parameter_constraints"].dump(),
            R"({"constraint":{"key":"env","value":"prod"}})");
  auto v = nlohmann::json::parse(r.more_documents[0].text);
  EXPECT_EQ(v["resources"][1]["resource_name"]["dynamic_parameter_constraints"]["constraint"]["value"], "prod");
  EXPECT_EQ(v["resources"][1]["version"], "v-prod");
  EXPECT_FALSE(v["resources"][1].contains("resource"));
  auto q = nlohmann::json::parse(r.more_documents[1].text);
  EXPECT_EQ(q["node"]["dynamic_parameters"]["type.googleapis.com/" + rc]["params"]["env"], "prod");
  EXPECT_EQ(q["resource_names"], nlohmann::json::array({"route-a"}));
  // The route body itself is opened for the matcher engine (unwrapped).
  auto j = nlohmann::json::parse(r.document.text);
  EXPECT_EQ(j["configs"][0]["dynamic_route_configs"][0]["route_config"]["name"], "route-a");

  // The CLI: the variants engine answers which variant this client gets (the second, env=prod).
  auto cli = RunCli("eval --csds " + s.target());
  EXPECT_EQ(cli.exit_code, 0) << cli.out << cli.err;
  EXPECT_NE(cli.out.find("== files: " + doc + "#variants, " + doc + "#client (engine variants, profile tp2)\n"),
            std::string::npos)
      << cli.out;
  EXPECT_NE(cli.out.find("subscription env=prod\n  route-a: variant 1\n"), std::string::npos) << cli.out;
}

// A scope holding both a Listener with a matcher and TP2 variants is two groups (matcher,
// variants): a query flag goes to the group whose engine owns it, so --header is answered by the
// matcher group while the variants group answers the subscription; a flag no group owns is still
// a usage error.
TEST(LiveCsdsTest, QueryFlagsGoToTheGroupThatOwnsThem) {
  const std::string rc = "envoy.config.route.v3.RouteConfiguration";
  Server s;
  csds::ClientConfig* c = s.csds().answer.add_config();
  c->set_client_scope("xds:///api.example.com");
  (*c->mutable_node()->mutable_dynamic_parameters())["type.googleapis.com/" + rc].mutable_params()->insert(
      {"env", "prod"});
  AddBody(c, "envoy.config.listener.v3.Listener", "api.example.com",
          Encode("envoy.config.listener.v3.Listener", kListenerWithMatcher));
  envoy::service::discovery::v3::Resource w;
  w.mutable_resource_name()->set_name("route-api");
  w.mutable_resource_name()->mutable_dynamic_parameter_constraints()->mutable_constraint()->set_key("env");
  w.mutable_resource_name()->mutable_dynamic_parameter_constraints()->mutable_constraint()->set_value("prod");
  w.mutable_resource()->set_type_url("type.googleapis.com/" + rc);
  w.mutable_resource()->set_value(Encode(rc, R"pb(name: "route-api")pb"));
  AddBody(c, rc, "route-api", w.SerializeAsString(), "envoy.service.discovery.v3.Resource");

  const std::string doc = "csds:" + s.target() + "/xds:///api.example.com";
  auto cli = RunCli("eval --csds " + s.target() + " --header x-tenant=acme");
  EXPECT_EQ(cli.exit_code, 0) << cli.out << cli.err;
  EXPECT_NE(cli.out.find("== files: " + doc + " (engine matcher, profile envoy)\nrequest 0: x-tenant: acme\n"
                         "  actions: acme-filter\n"),
            std::string::npos)
      << cli.out;
  EXPECT_NE(cli.out.find("== files: " + doc + "#variants, " + doc + "#client (engine variants, profile tp2)\n"),
            std::string::npos)
      << cli.out;
  EXPECT_NE(cli.out.find("subscription env=prod\n  route-api: variant 0\n"), std::string::npos) << cli.out;
  auto bad = RunCli("eval --csds " + s.target() + " --pid 3");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(bad.err,
            "config-inspector-cli: --pid belongs to the targeting engine; these files were read as matcher; choose the "
            "engine with --engine targeting\n(try --help)\n");
}

TEST(LiveCsdsTest, BodiesWeCannotOpenAreSaid) {
  Server s;
  csds::ClientConfig* c = s.csds().answer.add_config();
  c->set_client_scope("xds:///api.example.com");
  // A Cluster (no schema held) twice: one LIVE029 on the first entry naming the count.
  AddResource(c, "envoy.config.cluster.v3.Cluster", "cluster-a", admin::ACKED, "4");
  AddResource(c, "envoy.config.cluster.v3.Cluster", "cluster-b", admin::ACKED, "4");
  // A Listener cut short: its last field (api_listener, which holds the HttpConnectionManager)
  // ends 5 bytes early, as a body lost in transit or written by a broken encoder would.
  std::string whole = Encode("envoy.config.listener.v3.Listener", kListenerWithMatcher);
  ASSERT_GT(whole.size(), 100u);
  AddBody(c, "envoy.config.listener.v3.Listener", "api.example.com", whole.substr(0, whole.size() - 5));
  cfgi::live::LiveResult r = Fetch(s.target());
  const std::string doc = "csds:" + s.target() + "/xds:///api.example.com";
  EXPECT_EQ(Codes(r), (std::vector<std::string>{"LIVE029 " + doc + " 24:9", "LIVE037 " + doc + " 7:9"}))
      << r.document.text;
  EXPECT_NE(r.diagnostics[0].message.find(
                "the body of 'cluster-a' (and 1 more of this type) is a envoy.config.cluster.v3.Cluster, a schema "
                "Config Inspector does not hold"),
            std::string::npos)
      << r.diagnostics[0].message;
  EXPECT_NE(r.diagnostics[1].message.find("the body of 'api.example.com' (" + std::to_string(whole.size() - 5) +
                                          " bytes) does not parse as envoy.config.listener.v3.Listener"),
            std::string::npos)
      << r.diagnostics[1].message;
  EXPECT_EQ(r.info["scopes"][0]["resources"][0]["opened"], false);
  auto cli = RunCli("check --format json --csds " + s.target());
  auto j = nlohmann::json::parse(cli.out);
  std::vector<std::string> codes;
  for (const auto& d : j["diagnostics"]) codes.push_back(d["code"]);
  EXPECT_EQ(codes, (std::vector<std::string>{"MAT044", "LIVE037", "LIVE029"})) << cli.out;
}

}  // namespace
