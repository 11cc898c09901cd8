// app/live/any_json.h: a binary google.protobuf.Any opened as the proto3 JSON Envoy's admin
// /config_dump prints (proto field names, "@type" for every expanded Any), so the matcher engine's
// file discovery (core/matcher/envoy_config.h) reads a resource a gRPC client sent over CSDS as it
// reads a saved config_dump. Types are resolved in SchemaPool(), a DescriptorPool of its own built
// from the FileDescriptorSet app/live/CMakeLists.txt compiles (app/live/proto's subsets and
// core/proto) and parsed as dynamic messages: never protobuf's generated pool, in which the offline
// engines resolve every "@type" (a Listener there would change how they read one). An Any inside
// whose type the pool lacks, or whose bytes do not parse, is kept as {"type_url", "value"
// (base64)}, the binary-Any shape the engine reports as MAT042; protobuf's own JSON printer would
// fail the whole body instead. Fields our subsets leave out are dropped.
//
//   AnyJson j = OpenAny(generic_xds_config.xds_config());
//   if (j.opened) ... j.json ...            // {"@type": "type.googleapis.com/...Listener", "name": ...}
#pragma once

#include <set>
#include <string>

#include <google/protobuf/any.pb.h>
#include <google/protobuf/descriptor.h>
#include <nlohmann/json.hpp>

namespace cfgi::live {

struct AnyJson {
  bool known = false;   // SchemaPool() has the Any's type
  bool opened = false;  // known and its bytes parsed: `json` is the body
  nlohmann::ordered_json json;
  std::set<std::string> opaque;  // type URLs of Anys inside kept binary (not in the pool, or unparsable)
};

// Never throws; a depth over 64 nested messages is cut (kept binary).
AnyJson OpenAny(const google::protobuf::Any& any);

// The schemas OpenAny reads bodies with (built once, thread-safe, lives as long as the process).
const google::protobuf::DescriptorPool& SchemaPool();

}  // namespace cfgi::live
