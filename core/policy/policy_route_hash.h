// core/policy/policy_route_hash.h: the key Kuma gives a MeshHTTPRoute rule in the legacy to-rules
// of a policy whose top-level targetRef is that route (issue 26).
//
//   HashMatches(json::parse(R"([{"path":{"type":"Exact","value":"/"}}])"))
//     == "JNNc6//C3P17nUsOJm5f4kqG+U3v8pXhS0od9C3+oss="
//
// Follows kumahq/kuma v2.14.3 pkg/plugins/policies/meshhttproute/api/v1alpha1/meshhttproute.go
// (HashMatches: sha256.Hash of json.Marshal of []Match) and pkg/xds/cache/sha256/hash.go (base64
// StdEncoding of the SHA-256 digest); the same at v2.10.11 and v2.13.10.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace cfgi::policy {

// base64 (standard alphabet, padded) of the SHA-256 digest of `data`.
std::string Sha256Base64(std::string_view data);

// The rule's matches as Go's encoding/json marshals []Match (struct field order: path {value,
// type}, method, queryParams [{type, name, value}], headers [{type?, name, value?}]; "<", ">", "&"
// escaped as \u003c, \u003e, \u0026), hashed as Sha256Base64. `matches` null or absent marshals as
// "null". Never throws; fields the structs do not have are left out, as Go drops them.
std::string HashMatches(const nlohmann::json& matches);

}  // namespace cfgi::policy
