// csds_serve: a gRPC server on 127.0.0.1 that answers CSDS (envoy.service.status.v3.
// ClientStatusDiscoveryService/FetchClientStatus, gRFC A40) with a ClientStatusResponse written
// in textproto, to try `config-inspector-cli eval --csds` and File > Connect... > CSDS by hand
// (docs/live-sources.md). The resources' bodies (GenericXdsConfig.xds_config) may be written as
// expanded Anys, [type.googleapis.com/envoy.config.listener.v3.Listener] { ... }: their types
// are found in the CSDS reader's own schemas (cfgi::live::SchemaPool()) and serialized as the
// binary Any a gRPC client reports; `value: "..."` writes raw bytes (a truncated body).
//
//   csds_serve tests/live/csds-answer.textproto [PORT]   # prints "127.0.0.1:PORT", serves until killed
#include <grpcpp/grpcpp.h>
#include <google/protobuf/text_format.h>

#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "app/live/any_json.h"
#include "envoy/service/status/v3/csds.grpc.pb.h"

namespace {

namespace csds = envoy::service::status::v3;

// Expanded Anys resolved in the live schemas (the generated pool does not hold Listener...).
class SchemaFinder : public google::protobuf::TextFormat::Finder {
 public:
  const google::protobuf::Descriptor* FindAnyType(const google::protobuf::Message&, const std::string&,
                                                  const std::string& name) const override {
    const google::protobuf::Descriptor* d = cfgi::live::SchemaPool().FindMessageTypeByName(name);
    return d ? d : google::protobuf::DescriptorPool::generated_pool()->FindMessageTypeByName(name);
  }
};

class Service final : public csds::ClientStatusDiscoveryService::Service {
 public:
  explicit Service(csds::ClientStatusResponse answer) : answer_(std::move(answer)) {}
  grpc::Status FetchClientStatus(grpc::ServerContext*, const csds::ClientStatusRequest*,
                                 csds::ClientStatusResponse* out) override {
    *out = answer_;
    return grpc::Status::OK;
  }

 private:
  csds::ClientStatusResponse answer_;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || argc > 3) {
    std::cerr << "usage: csds_serve ANSWER.textproto [PORT]\n";
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  if (!in) {
    std::cerr << "csds_serve: cannot read " << argv[1] << "\n";
    return 2;
  }
  std::stringstream text;
  text << in.rdbuf();
  csds::ClientStatusResponse answer;
  SchemaFinder finder;
  google::protobuf::TextFormat::Parser parser;
  parser.SetFinder(&finder);
  if (!parser.ParseFromString(text.str(), &answer)) {
    std::cerr << "csds_serve: " << argv[1] << " is not a ClientStatusResponse in textproto (see above)\n";
    return 2;
  }
  int port = 0;
  Service service(std::move(answer));
  grpc::ServerBuilder b;
  b.AddListeningPort("127.0.0.1:" + std::string(argc == 3 ? argv[2] : "0"), grpc::InsecureServerCredentials(),
                     &port);
  b.RegisterService(&service);
  std::unique_ptr<grpc::Server> server = b.BuildAndStart();
  if (!server || port == 0) {
    std::cerr << "csds_serve: cannot listen on 127.0.0.1:" << (argc == 3 ? argv[2] : "0") << "\n";
    return 1;
  }
  std::cout << "127.0.0.1:" << port << std::endl;
  server->Wait();
  return 0;
}
