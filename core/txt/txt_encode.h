// core/txt/txt_encode.h: the other direction. A service config (or a list of choices) becomes
// the TXT strings that carry it: `grpc_config=` + compact JSON, split into character-strings of
// at most 255 bytes (RFC 1035 3.3) and escaped for the presentation format, written as a
// zone-file record and as dig prints it. Sizes are checked against the 512-byte UDP answer
// (larger answers fall back to TCP) and the 65,535-byte DNS message (A2 "Open issues").
//
//   txt::EncodeResult e = txt::Encode(doc::Source("sc.json", json), {"_grpc_config.myserver.", 3600});
//   std::cout << e.zone;
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/doc/diagnostic.h"
#include "core/doc/source.h"

namespace cfgi::txt {

struct EncodeOptions {
  std::string name = "_grpc_config.example.com.";
  uint32_t ttl = 3600;
};

struct EncodeResult {
  bool ok = false;
  std::string json;                 // the compact choice list
  std::vector<std::string> strings; // decoded character-strings, each <= 255 bytes
  std::vector<std::string> quoted;  // the same, quoted and escaped
  std::string zone;                 // a zone-file record (parenthesised when split)
  std::string dig;                  // dig's ANSWER section line
  size_t rdata_bytes = 0;           // the TXT RDATA (length byte + bytes per string)
  size_t message_bytes = 0;         // the DNS response without EDNS
  std::vector<doc::Diagnostic> diagnostics;
};

// Encodes a JSON document: a list of choices, one choice (an object with serviceConfig), or a
// bare service config (wrapped as [{"serviceConfig": ...}]). Bad input gives ok=false and a
// located TXT062 diagnostic; never throws.
EncodeResult Encode(const doc::Source& src, const EncodeOptions& options = {});

// Escapes one character-string for the presentation format: " and \ with a backslash, bytes
// outside printable ASCII as \DDD.
std::string EscapeCharString(std::string_view bytes);

}  // namespace cfgi::txt
