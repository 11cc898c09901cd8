// core/matcher/matcher.h: the xDS Unified Matcher (xds.type.matcher.v3.Matcher, and
// envoy.config.common.matcher.v3.Matcher, the same shape) as gRPC A106 and Envoy evaluate it.
// Compile() compiles a document tree (YAML / JSON in proto3 JSON form with `@type`, or textproto
// with `[type.googleapis.com/...]` expansion, or A106's simplified example notation) into an
// immutable tree that keeps the source range of every node; Evaluate() runs one request under
// one profile and, when asked, explains every step.
//
//   cfgi::matcher::Compiled m = cfgi::matcher::Compile(doc);        // doc: a loaded doc::Document
//   for (const doc::Diagnostic& d : m.diagnostics) ...;            // gRPC NACK reasons, lints
//   cfgi::matcher::Request req;  req.headers = {{"x-user-segment", "premium"}};
//   doc::Step why;
//   Result r = cfgi::matcher::Evaluate(m, req, Profile::kGrpcCore, &why);   // null = fast path
//   // r.actions: names in order; r.skipped: keep_matching actions; r.matched
//
// Profiles (docs/formats/matcher.md): kGrpcCore follows grpc/grpc src/core/xds/grpc/xds_matcher.cc,
// kEnvoy follows envoy source/common/matcher/ (list_matcher.h, exact_map_matcher.h,
// prefix_map_matcher.h, map_matcher.h), kGrpcJava follows grpc-java
// xds/src/main/java/io/grpc/xds/internal/matcher/ (MatcherList.java, MatcherTree.java,
// OnMatch.java, UnifiedMatcher.java), kA106 reads the gRFC's prose literally.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/cel/cel.h"
#include "core/doc/diagnostic.h"
#include "core/doc/explanation.h"
#include "core/doc/load.h"

#include "core/engine/profile.h"

namespace re2 {
class RE2;
}

namespace cfgi::matcher {

enum class Profile { kGrpcCore, kEnvoy, kA106, kGrpcJava };
// The engine's one profile set ("grpc-core" default, "envoy", "grpc-java", "a106"),
// core/engine/profile.h.
const ProfileSet<Profile>& Profiles();

// gRPC rejects a tree deeper than this (a top level plus 16 nested levels is rejected), and
// stops evaluation at it (A106 "Unified Matcher: Evaluation Flow").
constexpr int kMaxDepth = 16;
// grpc-java counts the top level as 0 and rejects a depth above 16 (UnifiedMatcher.java
// checkRecursionDepth; UnifiedMatcherValidationTest checkRecursionDepth_nestedInTree_throws builds
// 18 levels): a top level plus 16 nested levels is accepted, one more is rejected.
constexpr int kMaxDepthGrpcJava = kMaxDepth + 1;
// Hard limit for every profile, so a hostile document cannot exhaust the stack.
constexpr int kHardMaxDepth = 100;

// Which implementations reject a loading finding, when they disagree (the matcher's own
// profile-applicability record, Compiled::rejected_by). A finding not in the record is reported
// as it is under every profile. ProfileDiagnostics (matcher_engine.h) applies it.
enum class RejectedBy : uint8_t {
  kAll,       // every profile reports it as it is (a structural error, a lint)
  kGrpc,      // gRPC rejects it (grpc-core, grpc-java, a106: a NACK); Envoy accepts it (a note)
  // gRPC C-core (and a106) reject it; grpc-java and Envoy accept it (notes), e.g. an empty nested
  // Matcher `{}` (grpc-java UnifiedMatcher.java NoOpMatcher; UnifiedMatcherTest
  // matcherTree_exactMatch_shouldNotFallBack...).
  kGrpcCore,
  kGrpcJava,  // only grpc-java rejects it (no finding under another profile), e.g. its one-deeper depth limit
};

struct Action {
  std::string name;   // TypedExtensionConfig.name, or the simplified notation's string
  std::string type;   // the typed_config's type name (without type.googleapis.com/), may be empty
  nlohmann::ordered_json config;  // the typed_config's fields
  doc::SourceRange range;
};

struct Input {
  // kNetwork: one of the connection inputs Envoy ships (core/matcher/network_inputs.h).
  // kQueryParam: envoy.type.matcher.v3.HttpRequestQueryParamMatchInput (`key` is query_param).
  // kDynamicMetadata: DynamicMetadataInput (`key` is the filter, `metadata_path` the keys): a
  // metadata value, read only by the Metadata input matcher.
  enum class Kind { kNone, kHeader, kCel, kNetwork, kQueryParam, kDynamicMetadata, kUnsupported };
  enum class Network { kDestinationIp, kDestinationPort, kSourceIp, kSourcePort, kDirectSourceIp, kSourceType,
                       kServerName, kTransportProtocol, kApplicationProtocol, kFilterState, kNetworkNamespace,
                       kUriSan, kDnsSan, kSubject };
  Kind kind = Kind::kNone;
  std::string header;  // kHeader: the header name (lower-cased lookups)
  Network network = Network::kDestinationIp;  // kNetwork
  std::string key;     // kNetwork kFilterState: FilterStateInput.key; kQueryParam: query_param; kDynamicMetadata: filter
  std::vector<std::string> metadata_path;  // kDynamicMetadata
  std::string type;    // the extension's type name
  doc::SourceRange range;
};

struct Cidr;
struct ValueMatch;

struct StringMatch {
  enum class Kind { kExact, kPrefix, kSuffix, kContains, kRegex, kNone };
  Kind kind = Kind::kNone;
  std::string pattern;
  std::string lowered;  // pattern, ASCII-lower-cased when ignore_case
  bool ignore_case = false;
  std::shared_ptr<const re2::RE2> regex;  // kRegex
  // StringMatcher semantics (docs/formats/matcher.md): exact (empty allowed), prefix / suffix / contains,
  // safe_regex as an RE2 full match (ignore_case does not apply), ignore_case ASCII only.
  bool Match(std::string_view value) const;
  std::string Describe() const;  // "exact 'premium'", "prefix 'standard-' (ignore_case)"
};

struct Predicate {
  enum class Kind { kSingle, kOr, kAnd, kNot, kInvalid };
  // kIp: envoy.extensions.matching.input_matchers.ip.v3.Ip (cidr_ranges; envoy
  // source/extensions/matching/input_matchers/ip/matcher.cc: no data, "" or an unparsable
  // address is false).
  // kMetadata: envoy.extensions.matching.input_matchers.metadata.v3.Metadata (a ValueMatcher on a
  // DynamicMetadataInput's value, `invert`; envoy source/extensions/matching/input_matchers/
  // metadata/matcher.cc).
  enum class Test { kValue, kCel, kConstant, kIp, kMetadata, kUnsupported };
  Kind kind = Kind::kInvalid;
  // kSingle
  Input input;
  Test test = Test::kValue;
  StringMatch value;
  std::shared_ptr<const cel::Program> cel;
  std::string cel_text;  // as written, or unparsed from a CheckedExpr
  bool constant = false;  // simplified notation: custom_match: true | false
  std::string custom_type;  // kUnsupported and kIp: the custom_match's type
  doc::SourceRange custom_range;  // kUnsupported and kIp: the custom_match
  std::vector<std::shared_ptr<const Cidr>> cidrs;  // kIp
  std::shared_ptr<const ValueMatch> value_matcher;  // kMetadata
  bool invert = false;                              // kMetadata
  // kOr / kAnd / kNot
  std::vector<Predicate> children;
  doc::SourceRange range;
  std::string path;
};

struct Matcher;

struct OnMatch {
  enum class Kind { kAction, kMatcher, kInvalid };
  Kind kind = Kind::kInvalid;
  Action action;
  std::shared_ptr<const Matcher> matcher;
  bool keep_matching = false;
  doc::SourceRange range;
  std::string path;
  int id = -1;  // index into Compiled::nodes (coverage)
};

struct FieldMatcher {
  Predicate predicate;
  OnMatch on_match;
  doc::SourceRange range;
};

// A byte-wise trie over the prefix map's keys (gRPC's TrieLookupTree, Envoy's TrieLookupTable).
class PrefixTrie {
 public:
  void Insert(std::string_view key, int value);
  // Appends to `out` the values of every key that is a prefix of `s`, shortest first.
  void Prefixes(std::string_view s, std::vector<int>& out) const;
  size_t node_count() const { return nodes_.size(); }

 private:
  // A lookup takes one step a byte of the input: `next` is the next node by byte from `lo`
  // (-1 for none) when the children's bytes are close together (`dense`), else (byte, node)
  // pairs sorted by byte, searched. Under node the binary search's data-dependent branches
  // made a 100k-key lookup 2.2-2.5x the native build's time (BM_PrefixMap100k_TrieVsLinear).
  struct Node {
    std::vector<int32_t> next;
    int32_t value = -1;
    unsigned char lo = 0;
    bool dense = false;
  };
  int32_t Child(int32_t n, unsigned char c) const;
  std::vector<Node> nodes_ = std::vector<Node>(1);
};

struct MapEntry {
  std::string key;
  OnMatch on_match;
  doc::SourceRange key_range;
};

// One CIDR range of an IPMatcher's range_matchers[entry] (Envoy's IpRangeNode).
struct IpRangeNode {
  std::shared_ptr<const Cidr> cidr;
  int entry = 0;  // index into Matcher::entries (the range_matcher)
  bool exclusive = false;
};

struct Matcher {
  // kNone: neither matcher_list nor matcher_tree, only (perhaps) on_no_match: Envoy's
  // AnyMatcher and grpc-java's NoOpMatcher evaluate the on_no_match; gRPC C-core NACKs it.
  // kIpMap: matcher_tree.custom_match with xds.type.matcher.v3.IPMatcher (entries: one per
  // range_matcher, key: its ranges; ip_nodes: every range).
  // kCustomTree: matcher_tree.custom_match of another type: not evaluated (MAT041).
  enum class Kind { kList, kExactMap, kPrefixMap, kIpMap, kCustomTree, kInvalid, kNone };
  Kind kind = Kind::kInvalid;
  std::vector<FieldMatcher> list;   // kList
  Input input;                      // maps
  std::vector<MapEntry> entries;    // maps, in document order
  std::unordered_map<std::string, int> exact;  // kExactMap: key -> entry
  PrefixTrie trie;                  // kPrefixMap
  std::vector<IpRangeNode> ip_nodes;  // kIpMap
  std::string custom_type;          // kIpMap, kCustomTree: the custom_match's type
  std::optional<OnMatch> on_no_match;
  int depth = 1;                    // the top level is 1
  doc::SourceRange range;
  std::string path;
};

// A node a request can reach (an OnMatch): for coverage and for the view's highlighting.
struct NodeInfo {
  std::string path;
  std::string label;  // "matchers[1] -> route_to_standard_cluster"
  doc::SourceRange range;
};

struct Compiled {
  std::shared_ptr<const Matcher> root;  // null when the document has no matcher at all
  // The loading findings (gRPC NACK reasons, lints), located, each with its field path
  // ("matcher_list.matchers[1].predicate.single_predicate.input").
  std::vector<doc::Diagnostic> diagnostics;
  // Keyed by an index into `diagnostics`: the findings some implementation accepts. Absent: kAll.
  std::map<size_t, RejectedBy> rejected_by;
  RejectedBy RejectedByOf(size_t diagnostic) const {
    auto it = rejected_by.find(diagnostic);
    return it == rejected_by.end() ? RejectedBy::kAll : it->second;
  }
  std::vector<NodeInfo> nodes;
  bool simplified = false;  // A106's example notation was used
  std::string type;         // the document's @type when it names one
  int max_depth = 0;
  doc::SourcePtr source;
  // Where the matcher sits in the Envoy configuration it was found in ("" for a matcher
  // document): LoadFound puts it before every node's and diagnostic's path (PrefixPath).
  std::string path_prefix;
};

// A field path under `base`: "base.p", "base[0]", "base" when `p` is empty.
std::string PrefixPath(const std::string& base, const std::string& p);

// What the filter integrating the matcher supports (A106 "Unified Matcher: Filter Integration").
struct FilterContext {
  bool keep_matching_supported = true;
  std::vector<std::string> action_types;  // empty = any action
};

// True when a document tree looks like a Matcher (has matcher_list / matcher_tree / on_no_match
// or the simplified matcher_prefix_map).
bool LooksLikeMatcher(const doc::Node& root);

// Compiles a matcher from a loaded document: JSON / YAML trees are read directly and checked
// against the proto schema with protobuf's JSON parser; textproto is parsed with TextFormat
// (Any expansion). Never throws; problems become Issues (MAT*, CEL*, DOC004 / DOC005).
Compiled Compile(const doc::Document& d, const FilterContext& filter = {});
// The same from a tree (the root of a Matcher) of `source`.
Compiled LoadTree(const doc::Node& root, doc::SourcePtr source, const FilterContext& filter = {});

// One request (A106 "CEL: Supported Variables"; docs/formats/matcher.md's input semantics).
struct Request {
  std::vector<std::pair<std::string, std::string>> headers;  // names lower-cased; repeats allowed
  std::optional<std::string> path, host, method, scheme, query, protocol, time;
  // The connection (Envoy's network inputs, core/matcher/network_inputs.h): unset is no data.
  // direct_source_ip defaults to source_ip; source_type ("local" / "external") defaults to
  // "local" when source_ip is a loopback address or equals destination_ip (Envoy's
  // Network::Utility::isSameIpOrLoopback).
  std::optional<std::string> destination_ip, destination_port, source_ip, source_port, direct_source_ip, source_type,
      server_name, transport_protocol, network_namespace;
  std::vector<std::string> application_protocols;  // ALPN, in order
  // The peer certificate (Envoy's SSL inputs): URI and DNS SANs, the subject; unset is no TLS data.
  std::vector<std::string> uri_sans, dns_sans;
  std::optional<std::string> subject;
  std::vector<std::pair<std::string, std::string>> filter_state;  // key -> serialized value
  // Dynamic metadata: filter name -> its Struct as JSON ({"envoy.filters.http.jwt_authn":
  // {"payload": {"sub": "alice"}}}); what DynamicMetadataInput reads.
  nlohmann::ordered_json dynamic_metadata = nlohmann::ordered_json::object();
  nlohmann::ordered_json ToJson() const;
};

// A request on one line as the CLI's text and the comparison name it: "method=GET path=/api
// x-env: prod" (the fields it sets, headers by name); "(empty request)" for none.
std::string RequestText(const Request& q);


// Parses a request from a scenario tree ({headers: {k: v|[v...]}, path, host, method, ...}).
// Returns nullopt and appends a MAT020 diagnostic when it is malformed. `path` is the request's
// field path, pushed as a ScopedField below any the sink has open ("inputs.requests[0]").
std::optional<Request> ParseRequest(const doc::Node& n, doc::DiagnosticSink& sink, const std::string& path);

struct Result {
  std::vector<const Action*> actions;  // in the order they were added
  // The ones added under keep_matching (Envoy's skipped_match_cb): an action with keep_matching,
  // and every action a nested matcher produces under an OnMatch with keep_matching, its
  // on_no_match included (envoy/matcher/matcher.h handleRecursionAndSkips; Envoy
  // test/common/matcher/exact_map_matcher_test.cc RecursiveMatchingWithKeepMatching).
  std::vector<const Action*> skipped;
  // A successful match (gRPC's FindMatches returned true; grpc-java's MatchResult.matched; under
  // a106 a terminal on_match whose nested matcher found nothing is unsuccessful, A106 "Behavior
  // for Unsuccessful Matches").
  bool matched = false;
  bool aborted = false;   // the runtime depth limit terminated evaluation
  std::vector<int> reached;  // ids of OnMatch nodes the request reached
  // The step that decided the last action added (the terminal one): the list entry whose
  // predicate was true ("matchers[1]"), the map key, the IP range, or "on_no_match" when the
  // matcher's on_no_match gave it. Empty `what` when no action was added.
  struct Decision {
    std::string what;    // "matchers[0]", "key '/api'", "range 10.0.0.0/8", "on_no_match"
    std::string detail;  // the predicate or input that decided, in words
    std::string path;    // the field path of the deciding OnMatch
    doc::SourceRange range;
  };
  // Written when asked, from `decision`: an evaluation records which step decided, not its words
  // (the words were half of an unexplained evaluation's time in BM_PrefixMap100k_TrieVsLinear).
  Decision decided_by() const;
  // Which step decided the last action added (Evaluate fills it; read it through decided_by()).
  // `root` keeps the evaluated tree, which `matcher` points into, alive.
  struct DecisionSource {
    enum class Kind { kNone, kOnNoMatch, kListEntry, kExactKey, kPrefixKey, kIpRange };
    Kind kind = Kind::kNone;
    std::shared_ptr<const Matcher> root;
    const Matcher* matcher = nullptr;
    size_t index = 0;       // kListEntry: the list's entry; kExactKey, kPrefixKey: entries; kIpRange: ip_nodes
    bool longest = true;    // kPrefixKey: the longest matching prefix (else a shorter one)
    bool has_value = false;  // `value` was read (a list entry's single predicate may have no data)
    std::string value;      // the input's value that decided (a list entry: its single predicate's)
    std::string path_prefix;  // Compiled::path_prefix
  };
  DecisionSource decision;
  // Custom matchers and inputs this tool does not evaluate that the evaluation reached: the
  // result depends on them and is not what Envoy computes ("custom matcher X on input Y").
  std::vector<std::string> unevaluated;
};

// An RBAC decision (envoy source/extensions/filters/common/rbac/engine_impl.cc
// RoleBasedAccessControlMatcherEngineImpl::handleAction): the matched action's
// envoy.config.rbac.v3.Action `action` (ALLOW, DENY or LOG; proto3 default ALLOW) and `name`. Envoy's
// RBAC filter denies when the matcher finds no action. Nullopt when `a` is not an RBAC Action.
struct RbacDecision {
  std::string action;  // "ALLOW", "DENY", "LOG"
  std::string name;
};
std::optional<RbacDecision> RbacActionOf(const Action& a);

// Checks one connection field of a request ("destination_ip", "source_port", "source_type"...):
// the message of what is wrong, or nullopt when the value is valid.
std::optional<std::string> CheckConnectionField(std::string_view key, const std::string& value);

// Evaluates one request. `why` (optional) receives the explanation tree.
Result Evaluate(const Compiled& m, const Request& r, Profile p, doc::Step* why = nullptr);

// The header value an input sees under a profile: gRPC hides `-bin` headers, reads
// `content-type` as application/grpc and turns an absent header into ""; Envoy returns no data
// (nullopt) for an absent header. Several values are joined with ",".
std::optional<std::string> HeaderValue(const Request& r, std::string_view name, Profile p);
// The same without a copy: a view into `r`, a literal, or `joined` (which must outlive the view)
// when several headers are joined.
std::optional<std::string_view> HeaderView(const Request& r, std::string_view name, Profile p, std::string& joined);

// The first value of query parameter `name` in the request's :path (its query string, or
// `query`), percent-decoded, as Envoy's HttpRequestQueryParamsDataInput reads it (envoy
// source/common/http/matching/inputs.h: Http::Utility::QueryParamsMulti::parseAndDecodeQueryString,
// getFirstValue); nullopt when there is no path or no such parameter.
std::optional<std::string> QueryParamValue(const Request& r, std::string_view name);

// The CEL request a profile builds (A106's attribute table for gRPC; Envoy's attributes).
cel::Request CelRequest(const Request& r, Profile p);

}  // namespace cfgi::matcher
