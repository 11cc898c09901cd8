// core/doc/json.h: JSON with positions, the one loader of it. nlohmann_json decides whether the
// text is JSON (and where it stops being JSON); a small walker over the accepted text records
// the byte range of every value and key, so a doc::Node tree points into the text. Used by
// ParseJson (load.h: JSON documents, where nlohmann's values are kept and these ranges put on
// them) and by the txt engine for the grpc_config attribute (whose MappedText takes the ranges
// back to the dig / zone text).
//
//   doc::JsonParse p = doc::ParseJsonPositions(attr.bytes);
//   if (p.root) Visit(*p.root); else Report(p.error_offset, p.error);
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/doc/node.h"

namespace cfgi::doc {

// gRPC's JSON reader stops at this nesting (src/core/util/json/json_reader.cc kMaxDepth... the
// txt engine's limit); JSON documents pass their own (Limits::max_depth).
inline constexpr int kMaxJsonDepth = 64;

struct JsonParse {
  enum class Error { kNone, kSyntax, kSingleQuote, kTrailing, kTooDeep, kEmpty };
  std::optional<doc::Node> root;  // set when the text (or, for kTrailing, its first value) is JSON
  Error error = Error::kNone;
  std::string message;            // nlohmann's reason, or ours
  uint32_t error_offset = 0;      // byte in the parsed text
  uint32_t value_end = 0;         // end of the first JSON value (kTrailing: where the rest starts)
  // Keys that appear twice in one object: the second occurrence's key range.
  std::vector<doc::SourceRange> duplicate_keys;
  std::vector<std::string> duplicate_names;
};

// Parses `text` as one JSON value (RFC 8259). Never throws. Nesting past `max_depth` is an
// error (kTooDeep) rather than a deep recursion.
JsonParse ParseJsonPositions(std::string_view text, int max_depth = kMaxJsonDepth);

// The tree with positions of text nlohmann_json already accepted (the walker alone); nullopt
// when it nests deeper than max_depth.
std::optional<Node> JsonPositions(std::string_view text, int max_depth);

}  // namespace cfgi::doc
