// LDAP filter parsing and matching. The grammar walk, the error kinds and the comparison rules
// follow CppMicroServices framework/src/util/LDAPExpr.cpp (ParseExpr, ParseSimple,
// ParseState::getAttributeName / getAttributeValue, Compare, CompareIntegralType,
// CompareString, FixupString, PatSubstr); the code is our own (no exceptions, positions kept,
// an iterative wildcard matcher instead of the recursive one so long patterns cannot blow up).
#include "core/ldap/filter.h"

#include "core/doc/utf8.h"

#include <cerrno>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdlib>

namespace cfgi::ldap {

using nlohmann::ordered_json;

const char* OpName(Op op) {
  switch (op) {
    case Op::kAnd: return "&";
    case Op::kOr: return "|";
    case Op::kNot: return "!";
    case Op::kEq: return "=";
    case Op::kLe: return "<=";
    case Op::kGe: return ">=";
    case Op::kApprox: return "~=";
  }
  return "?";
}

const char* ReasonName(Reason r) {
  switch (r) {
    case Reason::kMatched: return "matched";
    case Reason::kPropertyMissing: return "property missing";
    case Reason::kTypeMismatch: return "type mismatch";
    case Reason::kNotANumber: return "not a number";
    case Reason::kValueDiffers: return "value differs";
    case Reason::kChildren: return "children";
  }
  return "?";
}

namespace {

bool IsSpace(char c) {
  // std::isspace in the C locale.
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

// The value as it would appear in a filter: wildcards as '*', special bytes escaped.
std::string DisplayValue(const std::string& v) {
  std::string out;
  for (char c : v) {
    if (c == kWildcard) {
      out += '*';
    } else {
      if (c == '(' || c == ')' || c == '*' || c == '\\') out += '\\';
      out += c;
    }
  }
  return out;
}

}  // namespace

struct Parser {
  std::string_view s;
  size_t pos = 0;
  int depth = 0;
  ParseLimits limits;
  std::vector<Node>* nodes = nullptr;
  std::optional<ParseError> error;

  bool AtEnd() const { return pos >= s.size(); }

  // Records an error. `cpp_pos` is where CppMicroServices' ParseState stands when it throws
  // (its message quotes the rest of the text from there).
  void Fail(ErrorKind kind, size_t at, std::string message, size_t cpp_pos) {
    if (error) return;
    ParseError e;
    e.kind = kind;
    e.offset = static_cast<uint32_t>(std::min(at, s.size()));
    static const char* const kCodes[] = {"LDAP001", "LDAP002", "LDAP003", "LDAP004", "LDAP005", "LDAP006"};
    static const char* const kCpp[] = {"Null query", "Malformed query", "Undefined operator",
                                       "Unexpected end of query", "Trailing garbage", "Limit"};
    e.code = kCodes[static_cast<int>(kind)];
    std::string rest = cpp_pos < s.size() ? std::string(s.substr(cpp_pos)) : std::string();
    if (kind == ErrorKind::kTrailingGarbage)
      e.cpp_message = std::string(kCpp[4]) + " '" + rest + "': " + rest;
    else if (kind == ErrorKind::kLimit)
      e.cpp_message = message;
    else
      e.cpp_message = std::string(kCpp[static_cast<int>(kind)]) + ": " + rest;
    e.message = std::move(message);
    error = std::move(e);
  }
  void Eos(const char* expecting) {
    Fail(ErrorKind::kEndOfQuery, s.size(),
         std::string("the filter ends where ") + expecting + " was expected; close every '(' with ')'", pos);
  }
  // skipWhite(): like the original it needs a character after the spaces.
  bool SkipWhite(const char* expecting) {
    while (!AtEnd() && IsSpace(s[pos])) ++pos;
    if (AtEnd()) {
      Eos(expecting);
      return false;
    }
    return true;
  }
  bool Prefix(std::string_view p) {
    if (s.substr(pos, p.size()) != p) return false;
    pos += p.size();
    return true;
  }

  // Returns the node index, or -1 on error.
  int64_t ParseExpr() {
    if (!SkipWhite("'('")) return -1;
    size_t open = pos;
    if (!Prefix("(")) {
      Fail(ErrorKind::kMalformed, pos,
           "expected '(' but found '" + std::string(1, s[pos]) + "'; every filter item is enclosed in parentheses, e.g. (key=value)",
           pos);
      return -1;
    }
    if (++depth > limits.max_depth) {
      Fail(ErrorKind::kLimit, open,
           "the filter nests deeper than " + std::to_string(limits.max_depth) + " levels; flatten it", open);
      return -1;
    }
    if (!SkipWhite("an operator or an attribute")) return -1;
    char c = s[pos];
    if (c != '&' && c != '|' && c != '!') {
      int64_t r = ParseSimple(open);
      --depth;
      return r;
    }
    Op op = c == '&' ? Op::kAnd : c == '|' ? Op::kOr : Op::kNot;
    ++pos;
    uint32_t self = static_cast<uint32_t>(nodes->size());
    nodes->push_back(Node{});
    (*nodes)[self].op = op;
    std::vector<uint32_t> kids;
    size_t second_child = 0;
    do {
      if (kids.size() == 1) second_child = pos;
      int64_t k = ParseExpr();
      if (k < 0) return -1;
      kids.push_back(static_cast<uint32_t>(k));
      if (!SkipWhite("')'")) return -1;
    } while (s[pos] == '(');
    if (!Prefix(")")) {
      Fail(ErrorKind::kMalformed, pos,
           "expected '(' or ')' after an operand of (" + std::string(OpName(op)) + "...) but found '" +
               std::string(1, s[pos]) + "'; operands are parenthesised filters",
           pos);
      return -1;
    }
    if (op == Op::kNot && kids.size() > 1) {
      Fail(ErrorKind::kMalformed, second_child,
           "(!...) takes exactly one filter but has " + std::to_string(kids.size()) +
               "; write (!(&F1 F2)) or (!(|F1 F2))",
           pos);
      return -1;
    }
    Node& n = (*nodes)[self];
    n.children = std::move(kids);
    n.range = {static_cast<uint32_t>(open), static_cast<uint32_t>(pos)};
    --depth;
    return self;
  }

  int64_t ParseSimple(size_t open) {
    // getAttributeName: up to one of ( ) < > = ~, trailing white space dropped.
    size_t start = pos;
    size_t last = std::string_view::npos;
    for (;; ++pos) {
      if (AtEnd()) {
        Eos("an operator (=, <=, >=, ~=)");
        return -1;
      }
      char c = s[pos];
      if (c == '(' || c == ')' || c == '<' || c == '>' || c == '=' || c == '~') break;
      if (!IsSpace(c)) last = pos;
    }
    if (last == std::string_view::npos) {
      Fail(ErrorKind::kMalformed, pos, "the attribute name is missing before '" + std::string(1, s[pos]) +
                                           "'; write (key=value)", pos);
      return -1;
    }
    Node n;
    n.attr = std::string(s.substr(start, last + 1 - start));
    n.attr_folded = ToLowerAscii(n.attr);
    n.attr_head = KeyHead::Of(n.attr_folded);
    n.attr_range = {static_cast<uint32_t>(start), static_cast<uint32_t>(last + 1)};
    size_t op_at = pos;
    if (Prefix("=")) n.op = Op::kEq;
    else if (Prefix("<=")) n.op = Op::kLe;
    else if (Prefix(">=")) n.op = Op::kGe;
    else if (Prefix("~=")) n.op = Op::kApprox;
    else {
      std::string found(1, s[pos]);
      std::string hint = found == "<" || found == ">" ? "; LDAP has no strict " + found + ": use " + found + "= (or (!(key" +
                                                            (found == "<" ? ">" : "<") + "=value)))"
                                                      : "; use =, <=, >= or ~= between the key and the value";
      Fail(ErrorKind::kUndefinedOperator, op_at, "no operator after '" + n.attr + "' (found '" + found + "')" + hint, pos);
      return -1;
    }
    // getAttributeValue: verbatim up to the unbalanced ')'.
    size_t vstart = pos;
    int parens = 0;
    for (;;) {
      if (AtEnd()) {
        Eos("')' closing the value");
        return -1;
      }
      char c = s[pos];
      if (c == '(') {
        ++parens;
        n.value += c;
      } else if (c == ')') {
        if (parens == 0) break;
        --parens;
        n.value += c;
      } else if (c == '*') {
        n.value += kWildcard;
      } else if (c == '\\') {
        if (pos + 1 >= s.size()) {
          pos = s.size();
          Eos("a character after '\\'");
          return -1;
        }
        n.value += s[++pos];
      } else {
        n.value += c;
      }
      ++pos;
    }
    n.value_range = {static_cast<uint32_t>(vstart), static_cast<uint32_t>(pos)};
    ++pos;  // ')'
    n.range = {static_cast<uint32_t>(open), static_cast<uint32_t>(pos)};
    Precompute(n);
    nodes->push_back(std::move(n));
    return static_cast<int64_t>(nodes->size() - 1);
  }

  // CompareIntegralType / the double branch of Compare: strtol / strtod on the value's
  // c_str() (so it stops at an embedded NUL), with the same failure tests. `long` is 64 bits
  // (LP64), so strtoll is the same function on the platforms CppMicroServices ships on.
  static void Precompute(Node& n) {
    n.wildcard = n.value.find(kWildcard) != std::string::npos;
    const char* c = n.value.c_str();
    char* end = nullptr;
    errno = 0;
    long long l = std::strtoll(c, &end, 10);
    n.long_ok = !((errno == ERANGE && (l == LLONG_MAX || l == LLONG_MIN)) || (errno != 0 && l == 0) || end == c);
    n.long_value = l;
    n.long_chars = static_cast<size_t>(end - c);
    errno = 0;
    double d = std::strtod(c, &end);
    n.double_ok = !((errno == ERANGE && (d == 0 || d == HUGE_VAL || d == -HUGE_VAL)) || (errno != 0 && d == 0) || end == c);
    n.double_value = d;
    n.double_chars = static_cast<size_t>(end - c);
    errno = 0;
  }
};

ParseResult Parse(std::string_view text, const ParseLimits& limits) {
  ParseResult r;
  Parser p;
  p.s = text;
  p.limits = limits;
  if (text.empty()) {
    p.Fail(ErrorKind::kNullQuery, 0, "the filter is empty; write a filter such as (key=value) or leave the target out", 0);
    r.error = p.error;
    return r;
  }
  if (text.size() > limits.max_bytes) {
    p.Fail(ErrorKind::kLimit, 0, "the filter is longer than " + std::to_string(limits.max_bytes) + " bytes; shorten it", 0);
    r.error = p.error;
    return r;
  }
  Filter f;
  f.text_ = std::string(text);
  p.nodes = &f.nodes_;
  int64_t root = p.ParseExpr();
  if (root >= 0) {
    // Trim(rest()): only ' ' is trimmed, unlike skipWhite.
    size_t k = p.pos;
    while (k < text.size() && text[k] == ' ') ++k;
    if (k < text.size())
      p.Fail(ErrorKind::kTrailingGarbage, k,
             "text after the end of the filter: '" + std::string(text.substr(p.pos)) +
                 "'; combine several filters with (&...) or (|...) and remove anything after the last ')'",
             p.pos);
  }
  if (p.error) {
    r.error = p.error;
    return r;
  }
  // A composite node is pushed before its operands and a simple root is the only node, so
  // the root is always node 0.
  r.filter = std::move(f);
  return r;
}

// ---- matching ----

namespace {

// PatSubstr: `*` (kWildcard) matches any run of bytes, every other byte itself. Iterative
// backtracking over the last star gives the same answers as the recursive original.
bool WildcardMatch(std::string_view s, std::string_view pat) {
  size_t si = 0, pi = 0, star = std::string_view::npos, star_s = 0;
  while (si < s.size()) {
    if (pi < pat.size() && pat[pi] == kWildcard) {
      star = pi++;
      star_s = si;
    } else if (pi < pat.size() && pat[pi] == s[si]) {
      ++pi;
      ++si;
    } else if (star != std::string_view::npos) {
      pi = star + 1;
      si = ++star_s;
    } else {
      return false;
    }
  }
  while (pi < pat.size() && pat[pi] == kWildcard) ++pi;
  return pi == pat.size();
}

// FixupString: drop white space, lower-case ASCII.
std::string Fixup(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    if (IsSpace(c)) continue;
    out += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  }
  return out;
}

bool CompareString(std::string_view prop, const Node& n) {
  std::string_view v = n.value;
  switch (n.op) {
    case Op::kLe: return prop.compare(v) <= 0;
    case Op::kGe: return prop.compare(v) >= 0;
    // PatSubstr without a `*` is byte equality (its loop walks both to their ends).
    case Op::kEq: return n.wildcard ? WildcardMatch(prop, v) : prop == v;
    case Op::kApprox: return Fixup(v) == Fixup(prop);
    default: return false;
  }
}

// Quotes a filter value for a message; bytes that are not UTF-8 (CppMicroServices accepts any)
// become U+FFFD so the explanation still serialises as JSON.
std::string Q(std::string_view s) { return ordered_json(std::string(s)).dump(-1, ' ', false, ordered_json::error_handler_t::replace); }

void Set(Reason* r, std::string* d, Reason reason, std::string detail) {
  if (r) *r = reason;
  if (d) *d = std::move(detail);
}

// The explaining comparisons below are called by CompareValue when a reason or words are asked
// for; Matches answers without them.
bool CompareStringExplained(std::string_view prop, const Node& n, Reason* r, std::string* d, const char* type) {
  bool ok = CompareString(prop, n);
  std::string shown = Q(DisplayValue(n.value));
  std::string what;
  switch (n.op) {
    case Op::kEq:
      what = n.has_wildcard() ? std::string(ok ? "matches" : "does not match") + " the pattern " + shown
                              : std::string(ok ? "equals " : "differs from ") + shown + " (case-sensitive)";
      break;
    case Op::kApprox:
      what = std::string(ok ? "approximately equals " : "differs from ") + shown +
             " (case and white space ignored)";
      break;
    case Op::kLe: what = std::string(ok ? "sorts at or before " : "sorts after ") + shown; break;
    case Op::kGe: what = std::string(ok ? "sorts at or after " : "sorts before ") + shown; break;
    default: break;
  }
  Set(r, d, ok ? Reason::kMatched : Reason::kValueDiffers,
      std::string(type) + " " + Q(prop) + " " + what);
  return ok;
}

// CompareIntegralType: the filter value as the property's type reads it (`filter_value`; an int
// property narrows it as static_cast<int>(long), `narrowed` when that changed it), compared.
// Requires n.long_ok.
bool IntegralMatches(const Value& v, const Node& n, int64_t* filter_value_out = nullptr, bool* narrowed_out = nullptr) {
  int64_t filter_value = n.long_value;
  if (v.kind == Value::Kind::kInt) {  // static_cast<int>(long)
    int64_t cast = static_cast<int32_t>(filter_value);
    if (narrowed_out) *narrowed_out = cast != filter_value;
    filter_value = cast;
  }
  if (filter_value_out) *filter_value_out = filter_value;
  switch (n.op) {
    case Op::kLe: return v.i <= filter_value;
    case Op::kGe: return v.i >= filter_value;
    default: return v.i == filter_value;
  }
}

// The double branch of Compare: ordered, or equal within DBL_EPSILON. Requires n.double_ok.
bool DoubleMatches(const Value& v, const Node& n) {
  const double f = n.double_value;
  switch (n.op) {
    case Op::kLe: return v.d <= f;
    case Op::kGe: return v.d >= f;
    default: {
      double diff = v.d - f;
      return diff < DBL_EPSILON && diff > -DBL_EPSILON;
    }
  }
}

// std::equal(s.begin(), s.end(), boolVal.begin(), stricomp): the filter value is compared over its
// own length, so any case-insensitive prefix matches ("t", "TR", ""). A longer value reads past
// "true"/"false" (undefined behaviour there); no match here. Only = and ~= (the caller tests).
bool BoolMatches(bool b, std::string_view s) {
  std::string_view word = b ? "true" : "false";
  if (s.size() > word.size()) return false;
  for (size_t k = 0; k < s.size(); ++k) {
    char c = s[k];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != word[k]) return false;
  }
  return true;
}

bool CompareIntegral(const Value& v, const Node& n, Reason* r, std::string* d) {
  if (!n.long_ok) {
    Set(r, d, Reason::kNotANumber,
        std::string(v.type_name()) + " " + std::to_string(v.i) + " cannot compare with " + Q(DisplayValue(n.value)) +
            ": strtol finds no integer in it (type mismatch)");
    return false;
  }
  int64_t filter_value = 0;
  bool narrowed = false;
  const bool ok = IntegralMatches(v, n, &filter_value, &narrowed);
  std::string sym = n.op == Op::kLe ? "<=" : n.op == Op::kGe ? ">=" : "==";
  std::string detail = std::string(v.type_name()) + " " + std::to_string(v.i) + " " + sym + " " +
                       std::to_string(filter_value) + " is " + (ok ? "true" : "false");
  if (n.long_chars < n.value.size())
    detail += " (strtol read " + std::to_string(n.long_value) + " from " + Q(DisplayValue(n.value)) +
              " and ignored the rest)";
  if (narrowed)
    detail += " (" + std::to_string(n.long_value) + " does not fit in int and wraps to " +
              std::to_string(filter_value) + ")";
  Set(r, d, ok ? Reason::kMatched : Reason::kValueDiffers, detail);
  return ok;
}

bool CompareDouble(const Value& v, const Node& n, Reason* r, std::string* d) {
  if (!n.double_ok) {
    Set(r, d, Reason::kNotANumber,
        "double " + v.ToString() + " cannot compare with " + Q(DisplayValue(n.value)) +
            ": strtod finds no number in it (type mismatch)");
    return false;
  }
  const bool ok = DoubleMatches(v, n);
  Value fv = Value::Double(n.double_value);
  std::string sym = n.op == Op::kLe ? "<=" : n.op == Op::kGe ? ">=" : "==";
  std::string detail = "double " + v.ToString() + " " + sym + " " + fv.ToString() + " is " + (ok ? "true" : "false");
  if (sym == "==") detail += " (equal within DBL_EPSILON)";
  if (n.double_chars < n.value.size())
    detail += " (strtod read " + fv.ToString() + " from " + Q(DisplayValue(n.value)) + " and ignored the rest)";
  Set(r, d, ok ? Reason::kMatched : Reason::kValueDiffers, detail);
  return ok;
}

// CompareValue without words (Filter::Match): the same tests as below, through the same
// helpers, with no string made or alive. Kept apart from the explaining path because under
// node a function holding strings pays for their clean-up paths on every call: a presence
// test's words (the value serialised) were a third of BM_Compiled's time, and the list case's
// locals another 8 % after that (7 Dec).
bool Matches(const Value& v, const Node& n) {
  if (v.kind == Value::Kind::kEmpty) return false;
  if (n.is_presence()) return true;
  switch (v.kind) {
    case Value::Kind::kString: return CompareString(v.s, n);
    case Value::Kind::kStringList:
    case Value::Kind::kList:
      // A string element (every element of a kStringList) is compared here, without a call.
      for (const Value& e : v.list)
        if (e.kind == Value::Kind::kString ? CompareString(e.s, n) : Matches(e, n)) return true;
      return false;
    case Value::Kind::kBool: return n.op != Op::kLe && n.op != Op::kGe && BoolMatches(v.b, n.value);
    case Value::Kind::kInt:
    case Value::Kind::kLong: return n.long_ok && IntegralMatches(v, n);
    case Value::Kind::kDouble: return n.double_ok && DoubleMatches(v, n);
    case Value::Kind::kMap:
    case Value::Kind::kEmpty: return false;
  }
  return false;
}

}  // namespace

// The explaining comparison (Filter::Explain, the targeting views): the same tests as Matches,
// with the reason and the words of each.
bool CompareValue(const Value& v, const Node& n, Reason* r, std::string* d) {
  if (v.kind == Value::Kind::kEmpty) {
    Set(r, d, Reason::kPropertyMissing, "the property has no value");
    return false;
  }
  if (n.is_presence()) {
    Set(r, d, Reason::kMatched, std::string("present (") + v.type_name() + " " + v.ToString() + ")");
    return true;
  }
  switch (v.kind) {
    case Value::Kind::kString: return CompareStringExplained(v.s, n, r, d, "string");
    case Value::Kind::kStringList:
    case Value::Kind::kList: {
      std::vector<std::string> parts;
      for (size_t k = 0; k < v.list.size(); ++k) {
        std::string part;
        Reason pr = Reason::kValueDiffers;
        if (CompareValue(v.list[k], n, &pr, &part)) {
          Set(r, d, Reason::kMatched, "element " + std::to_string(k) + " of " + v.ToString() + ": " + part);
          return true;
        }
        parts.push_back(part);
      }
      std::string detail = v.list.empty() ? "the list " + v.ToString() + " is empty"
                                          : "no element of " + v.ToString() + " matches";
      if (v.list.size() == 1) detail += ": " + parts[0];
      Set(r, d, Reason::kValueDiffers, detail);
      return false;
    }
    case Value::Kind::kBool: {
      if (n.op == Op::kLe || n.op == Op::kGe) {
        Set(r, d, Reason::kTypeMismatch, std::string("bool ") + v.ToString() + " cannot be ordered: " + OpName(n.op) +
                                           " never matches a boolean (type mismatch)");
        return false;
      }
      std::string word = v.b ? "true" : "false";
      const std::string& s = n.value;
      const bool ok = BoolMatches(v.b, s);
      std::string detail = "bool " + word + (ok ? " matches " : " does not match ") + Q(DisplayValue(s));
      if (ok && s.size() < word.size()) detail += " (CppMicroServices compares only the filter value's length: a prefix of \"" + word + "\" matches)";
      else if (!ok && s.size() > word.size()) detail += " (longer than \"" + word + "\")";
      else detail += " (case-insensitive)";
      Set(r, d, ok ? Reason::kMatched : Reason::kValueDiffers, detail);
      return ok;
    }
    case Value::Kind::kInt:
    case Value::Kind::kLong: return CompareIntegral(v, n, r, d);
    case Value::Kind::kDouble: return CompareDouble(v, n, r, d);
    case Value::Kind::kMap:
      Set(r, d, Reason::kTypeMismatch, "a map value is never compared, only (key=*) matches it (type mismatch)");
      return false;
    case Value::Kind::kEmpty: break;
  }
  return false;
}

bool Filter::MatchNode(uint32_t i, const Properties& p, bool match_case) const {
  const Node& n = nodes_[i];
  switch (n.op) {
    case Op::kAnd:
      for (uint32_t c : n.children)
        if (!MatchNode(c, p, match_case)) return false;
      return true;
    case Op::kOr:
      for (uint32_t c : n.children)
        if (MatchNode(c, p, match_case)) return true;
      return false;
    case Op::kNot: return !MatchNode(n.children[0], p, match_case);
    default: {
      const Value* v = p.FindPrepared(n.attr, n.attr_folded, n.attr_head, match_case);
      return v && Matches(*v, n);
    }
  }
}

bool Filter::Match(const Properties& p, bool match_case) const { return MatchNode(0, p, match_case); }

void Filter::ExplainNode(uint32_t i, const Properties& p, bool match_case, Trace* out) const {
  const Node& n = nodes_[i];
  out->node = i;
  out->range = n.range;
  out->text = text_.substr(n.range.begin, n.range.end - n.range.begin);
  if (!n.is_simple()) {
    out->reason = Reason::kChildren;
    int matched = 0;
    for (uint32_t c : n.children) {
      Trace t;
      ExplainNode(c, p, match_case, &t);
      matched += t.matched;
      out->children.push_back(std::move(t));
    }
    size_t total = n.children.size();
    if (n.op == Op::kAnd) {
      out->matched = matched == static_cast<int>(total);
      out->detail = out->matched ? "all " + std::to_string(total) + " operands match"
                                 : std::to_string(total - matched) + " of " + std::to_string(total) + " operands fail";
    } else if (n.op == Op::kOr) {
      out->matched = matched > 0;
      out->detail = out->matched ? std::to_string(matched) + " of " + std::to_string(total) + " operands match"
                                 : "none of " + std::to_string(total) + " operands match";
    } else {
      out->matched = matched == 0;
      out->detail = out->matched ? "the operand does not match, so (!...) matches" : "the operand matches, so (!...) fails";
    }
    return;
  }
  const Value* v = p.Find(n.attr, match_case);
  if (!v) {
    out->matched = false;
    out->reason = Reason::kPropertyMissing;
    out->detail = "no property '" + n.attr + "'";
    if (match_case)
      if (const std::string* k = p.FindKey(n.attr)) out->detail += " (there is '" + *k + "': keys are case-sensitive here)";
    return;
  }
  std::string detail;
  Reason reason = Reason::kValueDiffers;
  out->matched = CompareValue(*v, n, &reason, &detail);
  out->reason = reason;
  const std::string* key = p.FindKey(n.attr);
  std::string name = key ? *key : n.attr;
  out->detail = name + (key && *key != n.attr ? " (keys are case-insensitive)" : "") + ": " + detail;
}

bool Filter::Explain(const Properties& p, bool match_case, Trace* out) const {
  ExplainNode(0, p, match_case, out);
  return out->matched;
}

std::string Filter::ToString() const {
  std::string out;
  std::vector<std::pair<uint32_t, bool>> stack;  // (node, closing)
  stack.emplace_back(0, false);
  while (!stack.empty()) {
    auto [i, closing] = stack.back();
    stack.pop_back();
    if (closing) {
      out += ')';
      continue;
    }
    const Node& n = nodes_[i];
    out += '(';
    if (n.is_simple()) {
      out += n.attr + OpName(n.op) + DisplayValue(n.value) + ")";
      continue;
    }
    out += OpName(n.op);
    stack.emplace_back(i, true);
    for (auto it = n.children.rbegin(); it != n.children.rend(); ++it) stack.emplace_back(*it, false);
  }
  return out;
}

// Filters may hold any bytes; JSON may not: bytes that are not UTF-8 are shown as U+FFFD.
static std::string JsonSafe(const std::string& s) { return doc::ValidUtf8(s); }

doc::Step Trace::ToStep() const {
  doc::Step s;
  s.what = JsonSafe(text);
  s.outcome = matched ? doc::Outcome::kMatched : doc::Outcome::kNoMatch;
  s.detail = JsonSafe(reason == Reason::kChildren || reason == Reason::kMatched
                          ? detail
                          : std::string(ReasonName(reason)) + ": " + detail);
  s.range = range;
  for (const Trace& c : children) s.Add(c.ToStep());
  return s;
}

const Trace* Trace::FirstFailure() const {
  if (matched && reason != Reason::kChildren) return nullptr;
  if (children.empty()) return matched ? nullptr : this;
  // Under (!...) the failure is its operand matching; report the (!...) itself.
  if (!matched && text.size() > 1 && text[1] == '!') return this;
  for (const Trace& c : children)
    if (!c.matched)
      if (const Trace* f = c.FirstFailure()) return f;
  return matched ? nullptr : this;
}

std::string EscapeValue(std::string_view raw) {
  std::string out;
  for (char c : raw) {
    if (c == '\\' || c == '*' || c == '(' || c == ')') out += '\\';
    out += c;
  }
  return out;
}

bool NeedsEscaping(std::string_view raw) { return raw.find_first_of("\\*()") != std::string_view::npos; }

ordered_json EvaluateJson(std::string_view filter, std::string_view props_json, bool match_case) {
  ordered_json out;
  out["matched"] = false;
  out["error"] = nullptr;
  out["explanation"] = nullptr;
  ParseResult pr = Parse(filter);
  if (!pr.filter) {
    out["error"] = "[" + pr.error->code + "] at offset " + std::to_string(pr.error->offset) + ": " + pr.error->message +
                   " (CppMicroServices: " + pr.error->cpp_message + ")";
    return out;
  }
  ordered_json j;
  try {
    j = ordered_json::parse(props_json.begin(), props_json.end());
  } catch (const std::exception& e) {
    out["error"] = std::string("--props is not JSON: ") + e.what();
    return out;
  }
  if (!j.is_object()) {
    out["error"] = "--props must be a JSON object of properties, e.g. {\"port\": 8080}";
    return out;
  }
  Properties props;
  for (auto it = j.begin(); it != j.end(); ++it) {
    std::optional<Value> v = ValueFromJson(it.value());
    // LDAPFilter::Match(AnyMap) looks the key up and finds an empty Any for null values.
    props.Set(it.key(), v ? std::move(*v) : Value{});
  }
  if (auto variant = props.CaseVariant()) {
    // LDAPFilter::Match / MatchCase(AnyMap) refuse maps with keys equal up to case.
    out["error"] = "Properties contain case variants of the key: " + *variant + "; keep one spelling of each key";
    return out;
  }
  Trace t;
  bool m = pr.filter->Explain(props, match_case, &t);
  out["matched"] = m;
  out["explanation"] = t.ToStep().ToJson();
  return out;
}

}  // namespace cfgi::ldap
