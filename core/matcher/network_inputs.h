// core/matcher/network_inputs.h: the connection-level inputs Envoy ships
// (`envoy.matching.inputs.*`, envoy api/envoy/extensions/matching/common_inputs/network/v3/
// network_inputs.proto) and the IP matchers that read them: xds.type.matcher.v3.IPMatcher (the
// custom_match of a matcher_tree, Envoy's `envoy.matching.custom_matchers.ip_range_matcher` /
// `trie_matcher`) and envoy.extensions.matching.input_matchers.ip.v3.Ip (a single predicate's
// custom_match).
//
//   std::optional<IpAddress> a = ParseIp("10.1.2.3");            // nullopt: not an IP literal
//   std::optional<Cidr> c = MakeCidr("10.0.0.0", 8);             // masked like Envoy's CidrRange
//   bool in = c && a && c->Contains(*a);
//   std::optional<std::string> v = NetworkValue(request, Input::Network::kDestinationIp, "");
//
// The values are the strings Envoy's DataInputs return (envoy source/extensions/matching/network/
// common/inputs.h and inputs.cc): an IP as addressAsString (canonical text), a port in decimal,
// SourceTypeInput "local" or no data, ApplicationProtocolInput "'h2','http/1.1'", and no data
// (nullopt) for anything the request does not carry.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/doc/node.h"
#include "core/matcher/matcher.h"

namespace cfgi::matcher {

struct IpAddress {
  bool v6 = false;
  std::array<uint8_t, 16> bytes{};  // v4: the first 4 bytes
  int bits() const { return v6 ? 128 : 32; }
};

// An IPv4 or IPv6 literal as inet_pton reads it (Envoy's Utility::parseInternetAddressNoThrow);
// nullopt for anything else (a host name, a port suffix, an empty string).
std::optional<IpAddress> ParseIp(std::string_view text);
// The canonical text (inet_ntop), as Envoy's Address::Ip::addressAsString gives it.
std::string IpText(const IpAddress& a);

struct Cidr {
  IpAddress prefix;  // masked to `length` bits (Envoy's CidrRange truncates the address)
  uint32_t length = 0;
  bool Contains(const IpAddress& a) const;
  std::string Text() const;  // "10.0.0.0/8"
};
// A CIDR range; the length is clamped to the family's bits, as Envoy's CidrRange does. Nullopt
// when `address` is not an IP literal.
std::optional<Cidr> MakeCidr(std::string_view address, uint32_t length);

// The value Envoy's network DataInput `n` reads from the request's connection; nullopt is "no
// data" (monostate). `key` is FilterStateInput's key.
std::optional<std::string> NetworkValue(const Request& r, Input::Network n, const std::string& key);

// The network input named by an extension type ("envoy.extensions.matching.common_inputs.
// network.v3.DestinationIPInput"), or nullopt when it is not one.
std::optional<Input::Network> NetworkInputOf(std::string_view type);
// "destination_ip", "filter_state", ... (the `envoy.matching.inputs.` names).
const char* NetworkInputName(Input::Network n);

// envoy.type.matcher.v3.ValueMatcher (envoy source/common/common/matchers.cc): null_match,
// double_match (exact, or range [start, end)), string_match, bool_match, present_match (true
// matches any set value; false matches nothing), list_match.one_of (some element), or_match.
struct ValueMatch {
  enum class Kind { kNull, kDouble, kString, kBool, kPresent, kList, kOr, kInvalid };
  Kind kind = Kind::kInvalid;
  bool range = false;
  double exact = 0, start = 0, end = 0;  // kDouble
  StringMatch str;                        // kString
  bool flag = false;                      // kBool, kPresent
  std::vector<ValueMatch> children;       // kList (one), kOr
  // `v` null: the value is not set (Envoy's KIND_NOT_SET).
  bool Match(const nlohmann::ordered_json* v) const;
  std::string Describe() const;
};

// The value at `filter` then `path` in the request's dynamic metadata (Envoy's
// Config::Metadata::metadataValue); null when any step is missing or not a struct.
const nlohmann::ordered_json* MetadataValue(const Request& r, const std::string& filter, const std::vector<std::string>& path);

// ---- parsing (core/matcher/matcher_parse_net.cpp, called by the matcher loader) ----

// How the loader records a finding (code, range, field path, message, who rejects it, severity)
// in the Compiled's diagnostics and its RejectedBy record. Field paths are the loader's scoped
// ones: a parser pushes a DiagnosticSink::ScopedField on `scope` for a field it descends into and
// gives `add` a path relative to it ("" for the scoped field itself, ".prefix_len" below it).
struct ParseSink {
  doc::DiagnosticSink* scope;
  std::function<void(const char* code, doc::SourceRange range, const std::string& path, std::string message,
                     RejectedBy who, doc::Severity severity)>
      add;
};

// A CidrRange (xds.core.v3.CidrRange / envoy.config.core.v3.CidrRange): address_prefix and
// prefix_len (a UInt32Value: a number in JSON, {value: N} in textproto). Null and MAT045 when the
// address is not an IP literal (Envoy rejects the config: CidrRange::create fails); a length
// longer than the address is a MAT045 warning and is clamped.
std::shared_ptr<const Cidr> ParseCidr(const doc::Node& n, const ParseSink& sink);

// xds.type.matcher.v3.IPMatcher (cncf/xds xds/type/matcher/v3/ip.proto) as the custom_match of a
// matcher_tree into `m` (kind kIpMap): each range_matcher an entry keyed by its ranges, each range
// a node (Envoy source/extensions/common/matcher/ip_range_matcher.h IpRangeMatcherFactoryBase).
// `on_match` loads a range matcher's on_match (at the scoped field path; its label).
void ParseIpMatcher(Matcher& m, const doc::Node& cfg, const ParseSink& sink,
                    const std::function<OnMatch(const doc::Node&, const std::string&)>& on_match);

// Envoy's inputs beyond request headers and CEL, into `in`: the query parameter input and the
// network inputs (each a gRPC-only MAT009, since gRPC supports neither). `n` is the input
// (TypedExtensionConfig), `cfg` its typed_config. False when in.type is none of them.
bool ParseEnvoyInput(Input& in, const doc::Node& n, const doc::Node* cfg, const ParseSink& sink);

// envoy.extensions.matching.input_matchers.ip.v3.Ip (`tc`, the custom_match `cm`'s typed_config)
// into `p` (test kIp): cidr_ranges, min_items 1.
void ParseIpInputMatcher(Predicate& p, const doc::Node& tc, const doc::Node& cm, const ParseSink& sink);

// envoy.extensions.matching.input_matchers.metadata.v3.Metadata (`value` a ValueMatcher,
// `invert`) into `p` (test kMetadata); `string_match` reads a StringMatcher at the scoped path.
void ParseMetadataInputMatcher(Predicate& p, const doc::Node& tc, const doc::Node& cm, const ParseSink& sink,
                               const std::function<StringMatch(const doc::Node&)>& string_match);

}  // namespace cfgi::matcher
