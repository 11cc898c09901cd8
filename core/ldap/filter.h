// core/ldap/filter.h: OSGi / RFC 1960 LDAP filters with CppMicroServices' exact parsing and
// matching rules (framework/src/util/LDAPExpr.cpp, LDAPFilter.cpp). Parse once into a
// compiled Filter, then match it against many property maps; Explain() gives, per node, the
// result and the reason (property missing, type mismatch, value differs).
//
//   ParseResult r = Parse("(&(objectclass=test::B)(port>=8080))");
//   if (!r.filter) Report(r.error->offset, r.error->message);
//   bool ok = r.filter->Match(service_properties);              // fast path
//   Trace why; r.filter->Explain(service_properties, false, &why);  // the tree, with reasons
//
// Semantics that matter (each follows LDAPExpr.cpp):
// - Syntax: `(&F...)`, `(|F...)`, `(!F)`, `(attr op value)` with op `=`, `<=`, `>=`, `~=`.
//   Whitespace is skipped before `(` and operators; an attribute name keeps inner spaces and
//   loses trailing ones; a value is taken verbatim up to the `)` that closes the item,
//   balanced `(`/`)` included; `\x` escapes any byte; `*` is a wildcard. After the filter only
//   spaces may follow ("Trailing garbage" otherwise, tabs included).
// - Keys: case-insensitive by default (LDAPFilter::Match), exact with match_case (MatchCase).
// - `(a=*)` is presence (any value of any type). A value that is only one `*` is presence;
//   other `*` are substring wildcards (strings only).
// - Strings: `=` is a wildcard match (case-sensitive), `~=` ignores ASCII case and all white
//   space, `<=`/`>=` compare bytes (std::string::compare).
// - Integers (`int`, `long`): the filter value is read with strtol base 10 (leading space and
//   sign allowed, trailing characters ignored: "80abc" is 80); no digits = no match. The result
//   is cast to the property's type (an `int` property compares against the value modulo 2^32).
//   `~=` is `=`.
// - Doubles: strtod, `=` and `~=` mean |a-b| < DBL_EPSILON (an absolute epsilon).
// - Booleans: `<=`/`>=` never match; `=`/`~=` match when the filter value is a
//   case-insensitive prefix of "true"/"false" ("t" and "" match true).
// - Lists match when any element matches; maps never match except for presence.
//
// Limits: filters longer than 1 MiB or nested deeper than 256 levels are rejected (LDAP006).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/doc/explanation.h"
#include "core/doc/source.h"
#include "core/ldap/value.h"

namespace cfgi::ldap {

// CppMicroServices' wildcard byte: std::numeric_limits<char>::max() (0x7F where char is signed,
// as on x86-64 Linux). A raw DEL byte in a filter value therefore acts as `*` (LDAP010).
inline constexpr char kWildcard = '\x7f';

enum class Op { kAnd, kOr, kNot, kEq, kLe, kGe, kApprox };
// "&", "|", "!", "=", "<=", ">=", "~="
const char* OpName(Op op);

struct Node {
  Op op = Op::kEq;
  std::vector<uint32_t> children;  // indices into Filter::nodes()
  std::string attr;                // as written, trailing white space removed
  std::string attr_folded;         // attr in ASCII lower case (the case-insensitive lookup key)
  KeyHead attr_head;               // KeyHead::Of(attr_folded)
  std::string value;               // unescaped; wildcards are kWildcard bytes
  doc::SourceRange range;          // '(' .. ')' inclusive-exclusive, offsets into the filter text
  doc::SourceRange attr_range;
  doc::SourceRange value_range;
  // The value read as CppMicroServices reads it for numeric properties (strtol / strtod on the
  // value text), computed once at parse time.
  bool long_ok = false;
  int64_t long_value = 0;
  size_t long_chars = 0;    // characters strtol consumed (< value size: trailing text ignored)
  bool double_ok = false;
  double double_value = 0;
  size_t double_chars = 0;
  bool wildcard = false;    // value holds a kWildcard (an `=` test is a pattern, else equality)

  bool is_simple() const { return op != Op::kAnd && op != Op::kOr && op != Op::kNot; }
  bool is_presence() const { return op == Op::kEq && value.size() == 1 && value[0] == kWildcard; }
  bool has_wildcard() const { return wildcard; }
};

enum class ErrorKind { kNullQuery, kMalformed, kUndefinedOperator, kEndOfQuery, kTrailingGarbage, kLimit };

struct ParseError {
  ErrorKind kind = ErrorKind::kMalformed;
  std::string code;        // "LDAP001".."LDAP006"
  uint32_t offset = 0;     // byte offset into the filter text where parsing stopped
  std::string message;     // what is wrong and the fix
  std::string cpp_message; // the text CppMicroServices throws (std::invalid_argument::what())
};

// Why a node matched or not.
enum class Reason {
  kMatched,
  kPropertyMissing,  // no property with that key (or only a case variant under match_case)
  kTypeMismatch,     // the property's type cannot be compared this way (map, bool with <=, ...)
  kNotANumber,       // numeric property, filter value has no number (strtol/strtod failed)
  kValueDiffers,     // compared and different
  kChildren,         // & | ! : decided by the children
};
// "matched", "property missing", "type mismatch", "not a number", "value differs", "children"
const char* ReasonName(Reason r);

struct Trace {
  uint32_t node = 0;
  bool matched = false;
  Reason reason = Reason::kChildren;
  std::string text;    // the node's filter text, "(port>=8080)"
  std::string detail;  // one sentence: "port is int 80; 80 >= 8080 is false"
  doc::SourceRange range;
  std::vector<Trace> children;

  // As an explanation step (ranges stay relative to the filter text); its JSON is doc::Step's.
  doc::Step ToStep() const;
  // The first failing simple node under a non-matching trace (the "why not"), or null.
  const Trace* FirstFailure() const;
};

struct ParseResult;
struct ParseLimits;

class Filter {
 public:
  const std::string& text() const { return text_; }
  const std::vector<Node>& nodes() const { return nodes_; }
  const Node& root() const { return nodes_[0]; }

  // The fast path: no allocation, short-circuits like LDAPExpr::Evaluate.
  bool Match(const Properties& p, bool match_case = false) const;
  // Evaluates every node (no short-circuit, same result) and records why.
  bool Explain(const Properties& p, bool match_case, Trace* out) const;
  // LDAPExpr::ToString(): the canonical text (values re-escaped).
  std::string ToString() const;

 private:
  friend ParseResult Parse(std::string_view text, const ParseLimits& limits);
  bool MatchNode(uint32_t i, const Properties& p, bool match_case) const;
  void ExplainNode(uint32_t i, const Properties& p, bool match_case, Trace* out) const;
  std::string text_;
  std::vector<Node> nodes_;
};

struct ParseResult {
  std::optional<Filter> filter;
  std::optional<ParseError> error;
};

struct ParseLimits {
  size_t max_bytes = 1u << 20;
  int max_depth = 256;
};

// Parses a filter. On bad input returns an error with the offset where CppMicroServices stops
// and its message; never throws. An empty text is "Null query" (LDAP001).
ParseResult Parse(std::string_view text, const ParseLimits& limits = {});

// Compares one property value with one simple node (LDAPExpr::Compare) and says why (the
// explaining path; Filter::Match is the fast one, with no words made).
bool CompareValue(const Value& v, const Node& n, Reason* reason, std::string* detail);

// Escapes a value for use inside a filter: `\`, `*`, `(` and `)` get a backslash (the escaping
// LDAPExpr::ToString applies). Config values substituted into `{{key}}` are not escaped by
// CppMicroServices; this is the form users should write.
std::string EscapeValue(std::string_view raw);
// True when raw contains a byte EscapeValue would escape.
bool NeedsEscaping(std::string_view raw);

// The `ldap` CLI command: evaluates `filter` against a JSON object of properties. Returns
// {"matched": bool, "error": string|null, "explanation": step|null} (the explanation as every
// engine's, doc::Step::ToJson: what = the node's filter text, outcome, detail); never throws.
nlohmann::ordered_json EvaluateJson(std::string_view filter, std::string_view props_json, bool match_case);

}  // namespace cfgi::ldap
