// Fuzz target: the CSDS body reader (app/live/any_json.cpp, OpenAny): the bytes of a resource a
// gRPC client reports over CSDS (GenericXdsConfig.xds_config, a binary Any), opened through the
// reader's own schemas (SchemaPool(), a DescriptorPool built from the embedded FileDescriptorSet
// of app/live/proto and core/proto) and written as config_dump JSON. Input: the body's message
// type on the first line (envoy.config.listener.v3.Listener, ...), then its bytes.
// Invariants: a body is opened only if its type is known; an opened body is an object whose
// "@type" is the Any's type URL; a body not opened is the binary shape {type_url, value} and its
// type URL is among `opaque`; the JSON serialises and parses back; the matcher engine reads the
// opened body as a document without a crash; protobuf's generated pool never learns the type.
#include <cstddef>
#include <cstdint>
#include <string>

#include <google/protobuf/any.pb.h>
#include <google/protobuf/descriptor.h>
#include <nlohmann/json.hpp>

#include "app/live/any_json.h"
#include "core/doc/utf8.h"
#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "core/matcher/matcher_engine.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 1 << 20) return 0;
  const std::string in(reinterpret_cast<const char*>(data), size);
  const size_t nl = in.find('\n');
  if (nl == std::string::npos || nl > 200) return 0;
  google::protobuf::Any any;
  any.set_type_url("type.googleapis.com/" + in.substr(0, nl));
  any.set_value(in.substr(nl + 1));
  const bool generated_before =
      google::protobuf::DescriptorPool::generated_pool()->FindMessageTypeByName(in.substr(0, nl)) != nullptr;

  cfgi::live::AnyJson j = cfgi::live::OpenAny(any);
  if (j.opened && !j.known) __builtin_trap();
  if (!j.json.is_object()) __builtin_trap();
  if (j.opened) {
    if (j.json.value("@type", "") != any.type_url()) __builtin_trap();
    if (j.opaque.count(any.type_url())) __builtin_trap();
  } else {
    if (j.json.size() != 2 || j.json.value("type_url", "") != any.type_url() || !j.json["value"].is_string())
      __builtin_trap();
    if (!j.opaque.count(any.type_url())) __builtin_trap();
  }
  const std::string text = j.json.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
  if (!nlohmann::json::accept(text)) __builtin_trap();
  if (j.opened) {
    cfgi::Scenario s = cfgi::LoadScenario({{"body.json", text}});
    cfgi::Report rep = cfgi::RunScenario(cfgi::GetMatcherEngine(), s, cfgi::Query{}, "grpc-core", true);
    (void)cfgi::doc::JsonText(rep.result);
  }
  const bool generated_after =
      google::protobuf::DescriptorPool::generated_pool()->FindMessageTypeByName(in.substr(0, nl)) != nullptr;
  if (generated_after != generated_before) __builtin_trap();
  return 0;
}
