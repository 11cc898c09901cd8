// core/txt/txt_records.h: reads DNS TXT records from `dig` output, zone-file lines or raw quoted
// strings, decodes RFC 1035 character-strings (\" \\ \DDD), and keeps, for every decoded byte,
// the offset in the original text where it was written, so errors found later in the JSON
// (after escapes and string splits) point at the line:column the user typed.
//
//   doc::Source src("dns.zone", text);
//   doc::DiagnosticSink sink(&src);
//   txt::RecordSet rs = txt::ParseRecords(src, sink);
//   for (const txt::TxtRecord& r : rs.records) use(r.value, r.strings[0].bytes.size());
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/doc/diagnostic.h"
#include "core/doc/source.h"

namespace cfgi::txt {

inline constexpr std::string_view kAttributePrefix = "grpc_config=";  // RFC 1464 attribute
inline constexpr std::string_view kQueryPrefix = "_grpc_config.";     // the name gRPC queries
inline constexpr size_t kMaxStringBytes = 255;                        // RFC 1035 3.3
inline constexpr size_t kMaxRecords = 100000;                         // explicit input limit

// Decoded text with, for each byte, the source offset of the character that produced it
// (the backslash of an escape). origin.size() == bytes.size() + 1; the last entry is the
// offset just past the text (the closing quote).
struct MappedText {
  std::string bytes;
  std::vector<uint32_t> origin;
  void Append(const MappedText& o);
  // The source range of decoded bytes [b, e).
  doc::SourceRange Map(uint32_t b, uint32_t e) const;
};

struct CharString {
  MappedText text;
  doc::SourceRange range;  // the token as written, quotes included
  bool quoted = true;
};

enum class InputStyle { kNone, kDig, kZone, kRaw };
const char* InputStyleName(InputStyle s);  // "none", "dig", "zone", "raw"

struct TxtRecord {
  std::string owner;        // as written; "" for raw strings
  std::string owner_key;    // absolute, lower case, no trailing dot; "" when unknown
  doc::SourceRange owner_range;
  std::optional<uint32_t> ttl;
  std::string rclass = "IN";
  doc::SourceRange range;   // the whole record
  std::vector<CharString> strings;
  MappedText value;         // the strings concatenated (RFC 4408 3.1.3)
  bool raw_unquoted = false;  // a bare `grpc_config=...` line (not a DNS presentation format)
  bool has_prefix() const { return value.bytes.compare(0, kAttributePrefix.size(), kAttributePrefix) == 0; }
  // grpc-core (c-ares) compares the prefix with the record's first string only.
  bool first_string_has_prefix() const {
    return !strings.empty() && strings[0].text.bytes.compare(0, kAttributePrefix.size(), kAttributePrefix) == 0;
  }
};

struct RecordSet {
  InputStyle style = InputStyle::kNone;
  std::vector<TxtRecord> records;  // TXT records in input order
  int other_records = 0;           // A, CNAME, ... records skipped
};

// Parses every TXT record of the text. Bad input (unterminated quotes, bad escapes, strings
// over 255 bytes, unbalanced parentheses, lines that are not records) gets TXT0xx diagnostics
// in `sink` and is skipped or kept as far as it could be read; never throws.
RecordSet ParseRecords(const doc::Source& src, doc::DiagnosticSink& sink);

// The text with every byte outside printable ASCII written as \DDD (RFC 1035 presentation), so
// it is valid UTF-8 for JSON output whatever the input held.
std::string Printable(std::string_view bytes);

// Lower-case, trailing dot removed.
std::string NormalizeName(std::string_view name);

}  // namespace cfgi::txt
