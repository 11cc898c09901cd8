// core/doc/sha256.h: SHA-256 (FIPS 180-4) and standard base64 (RFC 4648 section 4, with padding),
// for identifiers that other tools derive from a digest, e.g. Kuma's MeshHTTPRoute matches hash
// (kumahq/kuma pkg/xds/cache/sha256/hash.go: base64.StdEncoding of sha256 over the bytes).
//
//   std::string h = doc::Base64(doc::Sha256("abc"));   // "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0="
#pragma once

#include <string>
#include <string_view>

namespace cfgi::doc {

// The 32-byte digest of `data`.
std::string Sha256(std::string_view data);

// `bytes` in base64's standard alphabet, padded with '='.
std::string Base64(std::string_view bytes);

}  // namespace cfgi::doc
