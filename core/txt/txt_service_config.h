// core/txt/txt_service_config.h: the checks gRPC applies to a service config after choosing it
// (doc/service_config.md; grpc-core ServiceConfigImpl::Create and the client channel / retry
// parsers, grpc-java ManagedChannelServiceConfig, grpc-go service_config.go). Every finding is
// a diagnostic at the JSON value it concerns (in the node's coordinates: the sink's source is the
// text the node was parsed from, or none when the caller maps the ranges itself).
//
//   doc::DiagnosticSink sink(&source);
//   std::string first_error = txt::ValidateServiceConfig(node, txt::ProfileId::kCore, "[0].serviceConfig", sink);
#pragma once

#include <string>
#include <vector>

#include "core/doc/node.h"
#include "core/txt/txt_model.h"

namespace cfgi::txt {

// Validates a service config object. Returns the first error's message ("" when the config is
// accepted). `*lb_fallback` is set when grpc-go would replace an unknown LB policy by pick_first.
std::string ValidateServiceConfig(const doc::Node& sc, ProfileId p, const std::string& path,
                                  doc::DiagnosticSink& sink, bool* lb_fallback = nullptr);

// True when `s` is a protobuf JSON duration ("1.5s", "0.000000001s").
bool IsDuration(const std::string& s, double* seconds = nullptr);

}  // namespace cfgi::txt
