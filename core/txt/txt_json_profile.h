// core/txt/txt_json_profile.h: how each gRPC implementation decodes the JSON of a service config,
// value by value, read in its code (the .cpp cites the files). The service config checks
// (txt_service_config.cpp) ask these functions, so one JSON text gives each profile the answer
// its implementation gives, and the profiles' differences come out as divergences:
//
//  - field names: grpc-go's encoding/json matches a struct field ignoring case ("MaxAttempts" is
//    maxAttempts), and when several keys match one field the last one wins; grpc-core's
//    JsonObjectLoader and grpc-java's JsonUtil look a key up exactly.
//  - integers: grpc-core parses the number's text (or a string's) with absl::SimpleAtoi, so 4.0
//    and 1e1 fail; grpc-java reads every number as a Double and accepts integral ones (4.0) and
//    numeric strings; grpc-go unmarshals a JSON integer only (no string, no 4.0).
//  - durations: grpc-core and grpc-java need digits before the '.' (".01s" fails); grpc-go's
//    internal/serviceconfig Duration accepts ".01s" and "1.s".
//  - status codes: grpc-core reads names only; grpc-java and grpc-go names or numbers.
//
//   const doc::Node* v = txt::JsonField(p, retry, "maxAttempts", &e);   // e: the entry it came from
//   txt::NumberRead r = txt::ReadInteger(p, *v);                          // r.error: the implementation's words
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/doc/node.h"
#include "core/txt/txt_model.h"

namespace cfgi::txt {

// The entry a profile reads for `key` in map `m` (null: absent). grpc-go: the last entry whose
// key equals `key` ignoring case; the others: the last entry with exactly that key (a repeated
// key is an error in grpc-core and grpc-java, TXT023). `matches` (optional) receives every entry the profile
// binds to the field, in order.
const doc::Node::Entry* JsonField(ProfileId p, const doc::Node& m, std::string_view key,
                                  std::vector<const doc::Node::Entry*>* matches = nullptr);

// True when the profile binds `key` (as written in the file) to one of `known`.
bool IsKnownKey(ProfileId p, std::string_view key, const std::vector<std::string>& known);

struct NumberRead {
  std::optional<double> value;  // the value the implementation reads
  std::string error;            // non-empty: the implementation rejects it, in its words
};

// An integer field (maxAttempts, maxRequestMessageBytes): what the profile's decoder makes of `n`.
NumberRead ReadInteger(ProfileId p, const doc::Node& n);
// A floating-point field (backoffMultiplier, tokenRatio).
NumberRead ReadDouble(ProfileId p, const doc::Node& n);

// A protobuf JSON duration as the profile parses it ("1.5s"; grpc-go also ".5s" and "1.s").
// Returns the seconds, or nullopt with `error` set.
std::optional<double> ReadDuration(ProfileId p, const std::string& text, std::string* error);

// A retryableStatusCodes element: "" when the profile accepts it, else the reason.
std::string StatusCodeError(ProfileId p, const doc::Node& n);

}  // namespace cfgi::txt
