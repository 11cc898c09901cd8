// Compile-time checks and the evaluator of the A106 CEL subset.
//
// Semantics follow cel-spec doc/langdef.md: `&&` / `||` absorb errors when the other side
// decides the result ("Logical operators"); equality across unrelated types is false and numbers
// compare by value across int / uint / double ("Equality", "Numbers"); int and uint arithmetic
// errors on overflow and division by zero. The disabled features and the regex program size
// follow Envoy's source/extensions/filters/common/expr/evaluator.cc options, which A106 adopts
// ("CEL: Runtime Restrictions"); `matches()` is RE2 partial matching as cel-cpp's
// `RegexMatches` (RE2::PartialMatch).
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <set>

#include <re2/re2.h>

#include "cel/expr/checked.pb.h"
#include "cel/expr/syntax.pb.h"
#include "core/cel/cel.h"

namespace cfgi::cel {

const char* TypeName(Value::Type t) {
  switch (t) {
    case Value::Type::kNull: return "null_type";
    case Value::Type::kBool: return "bool";
    case Value::Type::kInt: return "int";
    case Value::Type::kUint: return "uint";
    case Value::Type::kDouble: return "double";
    case Value::Type::kString: return "string";
    case Value::Type::kBytes: return "bytes";
    case Value::Type::kList: return "list";
    case Value::Type::kMap: return "map";
    case Value::Type::kTimestamp: return "google.protobuf.Timestamp";
    case Value::Type::kDuration: return "google.protobuf.Duration";
    case Value::Type::kError: return "error";
  }
  return "?";
}

const char* Value::type_name() const { return TypeName(type); }

namespace {

std::string Quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'' || c == '\\') out += '\\';
    if (c == '\n') { out += "\\n"; continue; }
    out += c;
  }
  return out + "'";
}

std::string FormatDouble(double d) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", d);
  std::string s = buf;
  // Shortest form that round-trips.
  for (int prec = 1; prec <= 17; ++prec) {
    std::snprintf(buf, sizeof buf, "%.*g", prec, d);
    if (std::strtod(buf, nullptr) == d) {
      s = buf;
      break;
    }
  }
  if (s.find_first_of(".eEn") == std::string::npos) s += ".0";
  return s;
}

// ---- civil time (days since 1970-01-01 <-> y/m/d), proleptic Gregorian ----
int64_t DaysFromCivil(int64_t y, unsigned m, unsigned d) {
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const unsigned yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<int64_t>(doe) - 719468;
}

void CivilFromDays(int64_t z, int64_t& y, unsigned& m, unsigned& d) {
  z += 719468;
  const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const unsigned doe = static_cast<unsigned>(z - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  y = static_cast<int64_t>(yoe) + era * 400;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  d = doy - (153 * mp + 2) / 5 + 1;
  m = mp < 10 ? mp + 3 : mp - 9;
  y += m <= 2;
}

// Timestamps are valid from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z.
constexpr int64_t kMinTimestamp = -62135596800;
constexpr int64_t kMaxTimestamp = 253402300799;
// Durations are limited to about 10,000 years, as google.protobuf.Duration.
constexpr int64_t kMaxDurationSeconds = 315576000000;

std::string FormatTimestamp(int64_t sec, int32_t nanos) {
  int64_t days = sec >= 0 ? sec / 86400 : -((-sec + 86399) / 86400);
  int64_t rem = sec - days * 86400;
  int64_t y;
  unsigned m, d;
  CivilFromDays(days, y, m, d);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04lld-%02u-%02uT%02lld:%02lld:%02lld", static_cast<long long>(y), m, d,
                static_cast<long long>(rem / 3600), static_cast<long long>(rem / 60 % 60), static_cast<long long>(rem % 60));
  std::string s = buf;
  if (nanos) {
    std::snprintf(buf, sizeof buf, ".%09d", nanos);
    std::string f = buf;
    while (f.back() == '0') f.pop_back();
    s += f;
  }
  return s + "Z";
}

std::string FormatDuration(int64_t sec, int32_t nanos) {
  std::string s = std::to_string(sec);
  if (nanos) {
    char buf[16];
    std::snprintf(buf, sizeof buf, ".%09d", nanos < 0 ? -nanos : nanos);
    std::string f = buf;
    while (f.back() == '0') f.pop_back();
    if (sec == 0 && nanos < 0) s = "-0";
    s += f;
  }
  return s + "s";
}

bool ParseTimestamp(const std::string& s, int64_t& sec, int32_t& nanos) {
  int y, mo, d, h, mi, se;
  if (s.size() < 20 || std::sscanf(s.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d", &y, &mo, &d, &h, &mi, &se) != 6) return false;
  if (s[4] != '-' || s[7] != '-' || (s[10] != 'T' && s[10] != 't') || s[13] != ':' || s[16] != ':') return false;
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || se > 59 || y < 1) return false;
  size_t p = 19;
  nanos = 0;
  if (p < s.size() && s[p] == '.') {
    ++p;
    int digits = 0;
    while (p < s.size() && s[p] >= '0' && s[p] <= '9') {
      if (digits < 9) nanos = nanos * 10 + (s[p] - '0');
      ++digits;
      ++p;
    }
    if (digits == 0) return false;
    for (int i = std::min(digits, 9); i < 9; ++i) nanos *= 10;
  }
  int offset = 0;
  if (p < s.size() && (s[p] == 'Z' || s[p] == 'z')) {
    ++p;
  } else if (p + 6 == s.size() && (s[p] == '+' || s[p] == '-') && s[p + 3] == ':') {
    int oh = (s[p + 1] - '0') * 10 + (s[p + 2] - '0'), om = (s[p + 4] - '0') * 10 + (s[p + 5] - '0');
    if (oh > 23 || om > 59) return false;
    offset = (oh * 3600 + om * 60) * (s[p] == '-' ? -1 : 1);
    p += 6;
  } else {
    return false;
  }
  if (p != s.size()) return false;
  static const int kDays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
  if (d > kDays[mo - 1] || (mo == 2 && d == 29 && !leap)) return false;
  sec = DaysFromCivil(y, static_cast<unsigned>(mo), static_cast<unsigned>(d)) * 86400 + h * 3600 + mi * 60 + se - offset;
  return sec >= kMinTimestamp && sec <= kMaxTimestamp;
}

// Go-style durations as cel-spec uses: "1h30m", "-1.5s", "100ms", "2us", "3ns".
bool ParseDuration(const std::string& s, int64_t& sec, int32_t& nanos) {
  size_t p = 0;
  bool neg = false;
  if (p < s.size() && (s[p] == '-' || s[p] == '+')) neg = s[p++] == '-';
  if (p >= s.size()) return false;
  long double total_ns = 0;
  if (s.substr(p) == "0") {
    sec = 0;
    nanos = 0;
    return true;
  }
  while (p < s.size()) {
    size_t start = p;
    while (p < s.size() && ((s[p] >= '0' && s[p] <= '9') || s[p] == '.')) ++p;
    if (p == start) return false;
    long double v = std::strtold(s.substr(start, p - start).c_str(), nullptr);
    size_t us = p;
    while (p < s.size() && !((s[p] >= '0' && s[p] <= '9') || s[p] == '.')) ++p;
    std::string unit = s.substr(us, p - us);
    long double mul;
    if (unit == "h") mul = 3600e9L;
    else if (unit == "m") mul = 60e9L;
    else if (unit == "s") mul = 1e9L;
    else if (unit == "ms") mul = 1e6L;
    else if (unit == "us" || unit == "\xC2\xB5s") mul = 1e3L;
    else if (unit == "ns") mul = 1;
    else return false;
    total_ns += v * mul;
  }
  if (total_ns > static_cast<long double>(kMaxDurationSeconds) * 1e9L) return false;
  int64_t ns = static_cast<int64_t>(std::llroundl(total_ns));
  sec = ns / 1000000000;
  nanos = static_cast<int32_t>(ns % 1000000000);
  if (neg) {
    sec = -sec;
    nanos = -nanos;
  }
  return true;
}

int Cmp3(long double a, long double b) { return a < b ? -1 : a > b ? 1 : 0; }

bool IsNumber(const Value& v) {
  return v.type == Value::Type::kInt || v.type == Value::Type::kUint || v.type == Value::Type::kDouble;
}

// Numeric comparison across int / uint / double; nullopt for NaN.
std::optional<int> CompareNumbers(const Value& a, const Value& b) {
  if (a.type == Value::Type::kInt && b.type == Value::Type::kInt) return a.i < b.i ? -1 : a.i > b.i;
  if (a.type == Value::Type::kUint && b.type == Value::Type::kUint) return a.u < b.u ? -1 : a.u > b.u;
  if (a.type == Value::Type::kInt && b.type == Value::Type::kUint) return a.i < 0 ? -1 : Cmp3(static_cast<long double>(a.i), static_cast<long double>(b.u));
  if (a.type == Value::Type::kUint && b.type == Value::Type::kInt) return b.i < 0 ? 1 : Cmp3(static_cast<long double>(a.u), static_cast<long double>(b.i));
  auto as_ld = [](const Value& v) -> long double {
    return v.type == Value::Type::kInt ? v.i : v.type == Value::Type::kUint ? static_cast<long double>(v.u) : v.d;
  };
  long double x = as_ld(a), y = as_ld(b);
  if (std::isnan(static_cast<double>(x)) || std::isnan(static_cast<double>(y))) return std::nullopt;
  return Cmp3(x, y);
}

bool Equal(const Value& a, const Value& b);

bool Equal(const Value& a, const Value& b) {
  if (IsNumber(a) && IsNumber(b)) {
    auto c = CompareNumbers(a, b);
    return c && *c == 0;
  }
  if (a.type != b.type) return false;
  switch (a.type) {
    case Value::Type::kNull: return true;
    case Value::Type::kBool: return a.b == b.b;
    case Value::Type::kString: case Value::Type::kBytes: return a.s == b.s;
    case Value::Type::kTimestamp: case Value::Type::kDuration: return a.i == b.i && a.nanos == b.nanos;
    case Value::Type::kList:
      if (a.list->size() != b.list->size()) return false;
      for (size_t i = 0; i < a.list->size(); ++i)
        if (!Equal((*a.list)[i], (*b.list)[i])) return false;
      return true;
    case Value::Type::kMap:
      if (a.map->size() != b.map->size()) return false;
      for (const auto& [k, v] : *a.map) {
        bool found = false;
        for (const auto& [k2, v2] : *b.map)
          if (Equal(k, k2)) {
            if (!Equal(v, v2)) return false;
            found = true;
            break;
          }
        if (!found) return false;
      }
      return true;
    default: return false;
  }
}

size_t Utf8Length(const std::string& s) {
  size_t n = 0;
  for (unsigned char c : s)
    if ((c & 0xC0) != 0x80) ++n;
  return n;
}

const std::set<std::string>& Operators() {
  static const std::set<std::string> s = {"_&&_", "_||_", "!_", "-_", "_==_", "_!=_", "_<_", "_<=_", "_>_", "_>=_",
                                          "_+_", "_-_", "_*_", "_/_", "_%_", "_[_]", "@in", "_in_", "_?_:_"};
  return s;
}

const std::set<std::string>& TimeGetters() {
  static const std::set<std::string> s = {"getFullYear", "getMonth", "getDate", "getDayOfMonth", "getDayOfWeek",
                                          "getDayOfYear", "getHours", "getMinutes", "getSeconds", "getMilliseconds"};
  return s;
}

std::string OpSymbol(const std::string& fn) {
  static const std::map<std::string, std::string> m = {
      {"_&&_", "&&"}, {"_||_", "||"}, {"_==_", "=="}, {"_!=_", "!="}, {"_<_", "<"}, {"_<=_", "<="}, {"_>_", ">"},
      {"_>=_", ">="}, {"_+_", "+"}, {"_-_", "-"}, {"_*_", "*"}, {"_/_", "/"}, {"_%_", "%"}, {"@in", "in"}, {"_in_", "in"}};
  auto it = m.find(fn);
  return it == m.end() ? "" : it->second;
}

int Precedence(const Expr& e) {
  if (e.kind != Expr::Kind::kCall) return 9;
  const std::string& f = e.s;
  if (f == "_?_:_") return 1;
  if (f == "_||_") return 2;
  if (f == "_&&_") return 3;
  if (f == "_==_" || f == "_!=_" || f == "_<_" || f == "_<=_" || f == "_>_" || f == "_>=_" || f == "@in" || f == "_in_") return 4;
  if (f == "_+_" || f == "_-_") return 5;
  if (f == "_*_" || f == "_/_" || f == "_%_") return 6;
  if (f == "!_" || f == "-_") return 7;
  return 9;
}

}  // namespace

std::string Value::DebugString() const {
  switch (type) {
    case Type::kNull: return "null";
    case Type::kBool: return b ? "true" : "false";
    case Type::kInt: return std::to_string(i);
    case Type::kUint: return std::to_string(u) + "u";
    case Type::kDouble: return FormatDouble(d);
    case Type::kString: return Quote(s);
    case Type::kBytes: return "b" + Quote(s);
    case Type::kTimestamp: return "timestamp('" + FormatTimestamp(i, nanos) + "')";
    case Type::kDuration: return "duration('" + FormatDuration(i, nanos) + "')";
    case Type::kError: return "error: " + s;
    case Type::kList: {
      std::string out = "[";
      for (size_t k = 0; k < list->size(); ++k) out += (k ? ", " : "") + (*list)[k].DebugString();
      return out + "]";
    }
    case Type::kMap: {
      std::string out = "{";
      for (size_t k = 0; k < map->size(); ++k)
        out += (k ? ", " : "") + (*map)[k].first.DebugString() + ": " + (*map)[k].second.DebugString();
      return out + "}";
    }
  }
  return "?";
}

const std::vector<std::string>& RequestAttributes() {
  static const std::vector<std::string> v = {"path", "url_path", "host", "scheme", "method", "headers",
                                             "referer", "useragent", "time", "id", "protocol", "query"};
  return v;
}

// ---- unparse ----
std::string Unparse(const Expr& e) {
  switch (e.kind) {
    case Expr::Kind::kConst: {
      Value v;
      switch (e.const_kind) {
        case Expr::ConstKind::kNull: return "null";
        case Expr::ConstKind::kBool: return e.b ? "true" : "false";
        case Expr::ConstKind::kInt: return std::to_string(e.i);
        case Expr::ConstKind::kUint: return std::to_string(e.u) + "u";
        case Expr::ConstKind::kDouble: return Value::Double(e.d).DebugString();
        case Expr::ConstKind::kString: return Value::String(e.s).DebugString();
        case Expr::ConstKind::kBytes: return Value::Bytes(e.s).DebugString();
      }
      return "?";
    }
    case Expr::Kind::kIdent: return e.s;
    case Expr::Kind::kSelect: {
      std::string inner = e.children.empty() ? "?" : Unparse(e.children[0]);
      if (!e.children.empty() && Precedence(e.children[0]) < 9) inner = "(" + inner + ")";
      return e.test_only ? "has(" + inner + "." + e.s + ")" : inner + "." + e.s;
    }
    case Expr::Kind::kList: {
      std::string out = "[";
      for (size_t i = 0; i < e.children.size(); ++i) out += (i ? ", " : "") + Unparse(e.children[i]);
      return out + "]";
    }
    case Expr::Kind::kMap: {
      std::string out = "{";
      for (size_t i = 0; i + 1 < e.children.size(); i += 2)
        out += (i ? ", " : "") + Unparse(e.children[i]) + ": " + Unparse(e.children[i + 1]);
      return out + "}";
    }
    case Expr::Kind::kCall: {
      int prec = Precedence(e);
      auto sub = [&](const Expr& c, bool right) {
        std::string s = Unparse(c);
        int cp = Precedence(c);
        return (cp < prec || (right && cp == prec && prec < 9)) ? "(" + s + ")" : s;
      };
      std::string sym = OpSymbol(e.s);
      if (!sym.empty() && e.children.size() == 2) return sub(e.children[0], false) + " " + sym + " " + sub(e.children[1], true);
      if ((e.s == "!_" || e.s == "-_") && e.children.size() == 1) return e.s.substr(0, 1) + sub(e.children[0], false);
      if (e.s == "_[_]" && e.children.size() == 2) return sub(e.children[0], false) + "[" + Unparse(e.children[1]) + "]";
      if (e.s == "_?_:_" && e.children.size() == 3)
        return sub(e.children[0], true) + " ? " + sub(e.children[1], true) + " : " + Unparse(e.children[2]);
      std::string out;
      size_t first = 0;
      if (e.has_target && !e.children.empty()) {
        out = sub(e.children[0], false) + ".";
        first = 1;
      }
      out += e.s + "(";
      for (size_t i = first; i < e.children.size(); ++i) out += (i > first ? ", " : "") + Unparse(e.children[i]);
      return out + ")";
    }
  }
  return "?";
}

namespace {

// CEL type names as the checker prints them: "list(string)", "map(string, string)".
std::string ListOf(const std::string& t) { return "list(" + t + ")"; }
std::string MapOf(const std::string& k, const std::string& v) { return "map(" + k + ", " + v + ")"; }
// The element type of "list(T)", the value type of "map(K, V)"; "dyn" for anything else.
std::string ElementType(const std::string& t) {
  if (t.rfind("list(", 0) == 0 && t.back() == ')') return t.substr(5, t.size() - 6);
  if (t.rfind("map(", 0) == 0 && t.back() == ')') {
    // map(K, V): K is a primitive type name (no comma inside).
    size_t comma = t.find(", ");
    if (comma != std::string::npos) return t.substr(comma + 2, t.size() - comma - 3);
  }
  return "dyn";
}
// One type for several expressions (a literal's elements, a conditional's branches): theirs
// when they agree, else dyn (cel-spec doc/langdef.md "Gradual Type Checking").
std::string Join(const std::vector<std::string>& ts) {
  if (ts.empty()) return "dyn";
  for (const std::string& t : ts)
    if (t != ts.front()) return "dyn";
  return ts.front();
}
bool IsNumeric(const std::string& t) { return t == "int" || t == "uint" || t == "double"; }

}  // namespace

// The declared types of A106's variables, as gRPC declares them for its checker: `request` is a
// message whose `headers` is map(string, string), `time` a google.protobuf.Timestamp and every
// other attribute a string (A106 "CEL: Supported Variables"; Envoy's attributes).
std::string StaticType(const Expr& e) {
  switch (e.kind) {
    case Expr::Kind::kConst:
      switch (e.const_kind) {
        case Expr::ConstKind::kNull: return "null_type";
        case Expr::ConstKind::kBool: return "bool";
        case Expr::ConstKind::kInt: return "int";
        case Expr::ConstKind::kUint: return "uint";
        case Expr::ConstKind::kDouble: return "double";
        case Expr::ConstKind::kString: return "string";
        case Expr::ConstKind::kBytes: return "bytes";
      }
      return "dyn";
    case Expr::Kind::kIdent: return e.s == "request" ? "request" : "dyn";
    case Expr::Kind::kList: {
      std::vector<std::string> ts;
      for (const Expr& c : e.children) ts.push_back(StaticType(c));
      return ListOf(Join(ts));
    }
    case Expr::Kind::kMap: {
      std::vector<std::string> ks, vs;
      for (size_t i = 0; i + 1 < e.children.size(); i += 2) {
        ks.push_back(StaticType(e.children[i]));
        vs.push_back(StaticType(e.children[i + 1]));
      }
      return MapOf(Join(ks), Join(vs));
    }
    case Expr::Kind::kSelect: {
      if (e.test_only) return "bool";
      if (e.children.empty()) return "dyn";
      std::string operand = StaticType(e.children[0]);
      if (operand == "request") {
        if (e.s == "headers") return MapOf("string", "string");
        if (e.s == "time") return "google.protobuf.Timestamp";
        return "string";
      }
      return ElementType(operand);  // a field of a map: its value type
    }
    case Expr::Kind::kCall: {
      static const std::set<std::string> kBool = {"_&&_", "_||_", "!_", "_==_", "_!=_", "_<_", "_<=_", "_>_", "_>=_",
                                                  "@in", "_in_", "matches", "contains", "startsWith", "endsWith", "bool"};
      if (kBool.count(e.s)) return "bool";
      if (e.s == "size" || TimeGetters().count(e.s) || e.s == "int") return "int";
      if (e.s == "uint" || e.s == "double" || e.s == "bytes") return e.s;
      if (e.s == "timestamp") return "google.protobuf.Timestamp";
      if (e.s == "duration") return "google.protobuf.Duration";
      if (e.s == "dyn") return "dyn";
      if (e.s == "_[_]" && e.children.size() == 2) return ElementType(StaticType(e.children[0]));
      if (e.s == "-_" && e.children.size() == 1) {
        std::string t = StaticType(e.children[0]);
        return IsNumeric(t) || t == "google.protobuf.Duration" ? t : "dyn";
      }
      if ((e.s == "_+_" || e.s == "_-_" || e.s == "_*_" || e.s == "_/_" || e.s == "_%_") && e.children.size() == 2) {
        std::string a = StaticType(e.children[0]), b = StaticType(e.children[1]);
        if (IsNumeric(a) && a == b) return a;
        const std::string ts = "google.protobuf.Timestamp", du = "google.protobuf.Duration";
        if (e.s == "_-_" && a == ts && b == ts) return du;
        if ((e.s == "_+_" || e.s == "_-_") && a == ts && b == du) return ts;
        if (e.s == "_+_" && a == du && b == ts) return ts;
        if ((e.s == "_+_" || e.s == "_-_") && a == du && b == du) return du;
        return "dyn";
      }
      if (e.s == "_?_:_" && e.children.size() == 3) return Join({StaticType(e.children[1]), StaticType(e.children[2])});
      return "dyn";
    }
  }
  return "dyn";
}

std::string Program::Unparse() const { return cel::Unparse(ast_); }

// ---- compile ----
namespace {

class Checker {
 public:
  Checker(std::vector<Error>& errors, const Limits& limits, std::map<std::string, std::shared_ptr<const re2::RE2>>& regexes)
      : errors_(errors), limits_(limits), regexes_(regexes) {}

  void Check(const Expr& e) {
    switch (e.kind) {
      case Expr::Kind::kConst: return;
      case Expr::Kind::kIdent:
        if (e.s != "request")
          Err("CEL003", e, "unknown variable '" + e.s + "'; A106 expressions may only use request.* attributes");
        return;
      case Expr::Kind::kSelect:
        if (!e.children.empty() && e.children[0].kind == Expr::Kind::kIdent && e.children[0].s == "request") {
          const auto& attrs = RequestAttributes();
          if (std::find(attrs.begin(), attrs.end(), e.s) == attrs.end())
            Err("CEL003", e, "request." + e.s + " is not an A106 request attribute; use one of path, url_path, host, "
                             "scheme, method, headers, referer, useragent, time, id, protocol, query");
          return;
        }
        for (const Expr& c : e.children) Check(c);
        return;
      case Expr::Kind::kList:
      case Expr::Kind::kMap:
        for (const Expr& c : e.children) Check(c);
        return;
      case Expr::Kind::kCall: CheckCall(e); return;
    }
  }

 private:
  void Err(const char* code, const Expr& e, std::string m) { errors_.push_back({code, std::move(m), e.begin, e.end}); }

  static bool IsStringLiteral(const Expr& e) { return e.kind == Expr::Kind::kConst && e.const_kind == Expr::ConstKind::kString; }

  void CheckCall(const Expr& e) {
    for (const Expr& c : e.children) Check(c);
    const std::string& f = e.s;
    size_t argc = e.children.size() - (e.has_target ? 1 : 0);
    auto arity = [&](size_t want, bool member) {
      if (e.has_target != member || argc != want) {
        Err("CEL004", e, "no overload " + f + " with " + std::to_string(argc) + " argument(s)" +
                             (e.has_target ? " on a receiver" : "") + "; see A106 \"CEL: Supported Functions\"");
        return false;
      }
      return true;
    };
    if (Operators().count(f)) {
      if (f == "_+_" && e.children.size() == 2) {
        if (IsStringLiteral(e.children[0]) || IsStringLiteral(e.children[1]))
          Err("CEL004", e, "string concatenation is disabled in gRPC and Envoy (enable_string_concat = false); "
                           "compare the parts separately, e.g. x.startsWith('a') && x.endsWith('b')");
        else if (e.children[0].kind == Expr::Kind::kList || e.children[1].kind == Expr::Kind::kList)
          Err("CEL004", e, "list concatenation is disabled in gRPC and Envoy (enable_list_concat = false); test the lists separately");
      }
      return;
    }
    if (f == "string") {
      Err("CEL004", e, "string() conversions are disabled in gRPC and Envoy (enable_string_conversion = false); "
                       "compare values of their own type instead");
      return;
    }
    if (f == "size") {
      if (!(e.has_target ? argc == 0 : argc == 1)) arity(1, false);
      return;
    }
    if (f == "matches") {
      if (!(e.has_target ? argc == 1 : argc == 2)) {
        arity(1, true);
        return;
      }
      const Expr& pat = e.children.back();
      if (IsStringLiteral(pat)) CompileRegex(pat);
      return;
    }
    if (f == "contains" || f == "startsWith" || f == "endsWith") {
      arity(1, true);
      return;
    }
    if (f == "int" || f == "uint" || f == "double" || f == "bytes" || f == "bool" || f == "dyn" || f == "duration" || f == "timestamp") {
      if (arity(1, false) && (f == "timestamp" || f == "duration") && IsStringLiteral(e.children[0])) {
        int64_t s;
        int32_t n;
        bool ok = f == "timestamp" ? ParseTimestamp(e.children[0].s, s, n) : ParseDuration(e.children[0].s, s, n);
        if (!ok)
          Err("CEL004", e.children[0], f == "timestamp"
                                           ? "'" + e.children[0].s + "' is not an RFC 3339 timestamp; write e.g. '2024-01-02T03:04:05Z'"
                                           : "'" + e.children[0].s + "' is not a duration; write e.g. '1h30m', '1.5s' or '100ms'");
      }
      return;
    }
    if (TimeGetters().count(f)) {
      if (!e.has_target || argc > 1) arity(0, true);
      return;
    }
    if (f == "all" || f == "exists" || f == "exists_one" || f == "map" || f == "filter") {
      Err("CEL002", e, f + "() is a comprehension, and comprehensions are disabled in gRPC and Envoy "
                           "(enable_comprehension = false); test the elements explicitly");
      return;
    }
    Err("CEL004", e, "unknown function '" + f + "'; A106 supports size, matches, contains, startsWith, endsWith, "
                     "timestamp, duration, the timestamp getters and the int/uint/double/bytes/bool conversions");
  }

  void CompileRegex(const Expr& pat) {
    if (regexes_.count(pat.s)) return;
    RE2::Options o;
    o.set_log_errors(false);
    auto re = std::make_shared<const re2::RE2>(pat.s, o);
    if (!re->ok()) {
      Err("CEL005", pat, "invalid RE2 pattern: " + re->error() + "; see https://github.com/google/re2/wiki/Syntax");
      return;
    }
    if (re->ProgramSize() > limits_.max_regex_program_size) {
      Err("CEL005", pat, "the regex program size is " + std::to_string(re->ProgramSize()) + ", over the limit of " +
                             std::to_string(limits_.max_regex_program_size) +
                             " (regex_max_program_size); simplify the pattern or use startsWith / endsWith / contains");
      return;
    }
    regexes_[pat.s] = std::move(re);
  }

  std::vector<Error>& errors_;
  const Limits& limits_;
  std::map<std::string, std::shared_ptr<const re2::RE2>>& regexes_;
};

}  // namespace

Compiled Compile(Expr ast, std::string text, const Limits& limits) {
  Compiled out;
  auto p = std::shared_ptr<Program>(new Program());
  p->limits_ = limits;
  Checker c(out.errors, limits, p->regexes_);
  c.Check(ast);
  p->ast_ = std::move(ast);
  p->text_ = std::move(text);
  if (out.errors.empty()) out.program = std::move(p);
  return out;
}

Compiled CompileText(std::string_view text, const Limits& limits) {
  Compiled out;
  Expr e = Parse(text, out.errors, limits);
  if (!out.errors.empty()) return out;
  return Compile(std::move(e), std::string(text), limits);
}

namespace {
Compiled CompileExprProto(const ::cel::expr::Expr* e, const ::cel::expr::SourceInfo* info, const Limits& limits) {
  Compiled out;
  if (!e) {
    out.errors.push_back({"CEL008", "the expression message has no expr; set expr (a cel.expr.Expr)", 0, 0});
    return out;
  }
  Expr ast = FromProto(*e, out.errors, limits);
  if (!out.errors.empty()) return out;
  (void)info;
  std::string text = Unparse(ast);
  return Compile(std::move(ast), std::move(text), limits);
}
}  // namespace

Compiled CompileChecked(const ::cel::expr::CheckedExpr& checked, const Limits& limits) {
  return CompileExprProto(checked.has_expr() ? &checked.expr() : nullptr, &checked.source_info(), limits);
}

Compiled CompileParsed(const ::cel::expr::ParsedExpr& parsed, const Limits& limits) {
  return CompileExprProto(parsed.has_expr() ? &parsed.expr() : nullptr, &parsed.source_info(), limits);
}

// ---- evaluation ----
class Evaluator {
 public:
  Evaluator(const Program& p, const Request& r) : p_(p), r_(r) {}

  Value Eval(const Expr& e) {
    switch (e.kind) {
      case Expr::Kind::kConst:
        switch (e.const_kind) {
          case Expr::ConstKind::kNull: return Value::Null();
          case Expr::ConstKind::kBool: return Value::Bool(e.b);
          case Expr::ConstKind::kInt: return Value::Int(e.i);
          case Expr::ConstKind::kUint: return Value::Uint(e.u);
          case Expr::ConstKind::kDouble: return Value::Double(e.d);
          case Expr::ConstKind::kString: return Value::String(e.s);
          case Expr::ConstKind::kBytes: return Value::Bytes(e.s);
        }
        return Value::Null();
      case Expr::Kind::kIdent:
        if (e.s == "request") return RequestMap();
        return Value::Error("undeclared reference to '" + e.s + "'");
      case Expr::Kind::kSelect: return Select(e);
      case Expr::Kind::kList: {
        ValueList l;
        for (const Expr& c : e.children) {
          Value v = Eval(c);
          if (v.is_error()) return v;
          l.push_back(std::move(v));
        }
        return Value::List(std::move(l));
      }
      case Expr::Kind::kMap: {
        ValueMap m;
        for (size_t i = 0; i + 1 < e.children.size(); i += 2) {
          Value k = Eval(e.children[i]);
          if (k.is_error()) return k;
          Value v = Eval(e.children[i + 1]);
          if (v.is_error()) return v;
          for (const auto& kv : m)
            if (Equal(kv.first, k)) return Value::Error("duplicate map key " + k.DebugString());
          m.emplace_back(std::move(k), std::move(v));
        }
        return Value::Map(std::move(m));
      }
      case Expr::Kind::kCall: return Call(e);
    }
    return Value::Error("unknown expression");
  }

 private:
  std::optional<Value> Attribute(const std::string& name) const {
    auto str = [](const std::optional<std::string>& s) -> std::optional<Value> {
      if (!s) return std::nullopt;
      return Value::String(*s);
    };
    if (name == "path") return str(r_.path);
    if (name == "url_path") return str(r_.url_path);
    if (name == "host") return str(r_.host);
    if (name == "scheme") return str(r_.scheme);
    if (name == "method") return str(r_.method);
    if (name == "referer") return str(r_.referer);
    if (name == "useragent") return str(r_.useragent);
    if (name == "id") return str(r_.id);
    if (name == "protocol") return str(r_.protocol);
    if (name == "query") return str(r_.query);
    if (name == "time") {
      if (!r_.time) return std::nullopt;
      return Value::Timestamp(r_.time->first, r_.time->second);
    }
    if (name == "headers") {
      ValueMap m;
      m.reserve(r_.headers.size());
      for (const auto& [k, v] : r_.headers) m.emplace_back(Value::String(k), Value::String(v));
      return Value::Map(std::move(m));
    }
    return std::nullopt;
  }

  Value RequestMap() const {
    ValueMap m;
    for (const std::string& a : RequestAttributes())
      if (auto v = Attribute(a)) m.emplace_back(Value::String(a), std::move(*v));
    return Value::Map(std::move(m));
  }

  Value Select(const Expr& e) {
    if (e.children.empty()) return Value::Error("malformed select");
    const Expr& op = e.children[0];
    if (op.kind == Expr::Kind::kIdent && op.s == "request") {
      // Resolved on demand (A106 "CEL: Variable Implementation Details").
      if (e.test_only) {
        if (e.s == "headers") return Value::Bool(true);
        return Value::Bool(Attribute(e.s).has_value());
      }
      if (auto v = Attribute(e.s)) return *v;
      return Value::Error("request." + e.s + " is not set for this request");
    }
    // request.headers.name: look up the header directly instead of building the map.
    if (op.kind == Expr::Kind::kSelect && op.s == "headers" && !op.test_only && !op.children.empty() &&
        op.children[0].kind == Expr::Kind::kIdent && op.children[0].s == "request") {
      auto it = r_.headers.find(e.s);
      if (e.test_only) return Value::Bool(it != r_.headers.end());
      if (it == r_.headers.end()) return Value::Error("no such key: '" + e.s + "'");
      return Value::String(it->second);
    }
    Value base = Eval(op);
    if (base.is_error()) return base;
    if (base.type != Value::Type::kMap)
      return Value::Error("type '" + std::string(base.type_name()) + "' does not support field selection");
    for (const auto& [k, v] : *base.map)
      if (k.type == Value::Type::kString && k.s == e.s) return e.test_only ? Value::Bool(true) : v;
    if (e.test_only) return Value::Bool(false);
    return Value::Error("no such key: '" + e.s + "'");
  }

  static Value NoOverload(const std::string& fn, const std::vector<Value>& args) {
    std::string sig;
    for (size_t i = 0; i < args.size(); ++i) sig += (i ? ", " : "") + std::string(args[i].type_name());
    return Value::Error("no matching overload for '" + fn + "' applied to (" + sig + ")");
  }

  Value Logic(const Expr& e, bool is_and) {
    Value l = Eval(e.children[0]);
    if (l.type == Value::Type::kBool && l.b != is_and) return l;  // short-circuit
    Value r = Eval(e.children[1]);
    if (r.type == Value::Type::kBool && r.b != is_and) return r;  // absorbs an error on the left
    if (l.is_error()) return l;
    if (r.is_error()) return r;
    if (l.type != Value::Type::kBool) return NoOverload(is_and ? "_&&_" : "_||_", {l, r});
    if (r.type != Value::Type::kBool) return NoOverload(is_and ? "_&&_" : "_||_", {l, r});
    return Value::Bool(is_and);
  }

  Value Call(const Expr& e) {
    const std::string& f = e.s;
    if ((f == "_&&_" || f == "_||_") && e.children.size() == 2) return Logic(e, f == "_&&_");
    if (f == "_?_:_" && e.children.size() == 3) {
      Value c = Eval(e.children[0]);
      if (c.is_error()) return c;
      if (c.type != Value::Type::kBool) return NoOverload(f, {c});
      return Eval(e.children[c.b ? 1 : 2]);
    }
    std::vector<Value> args;
    args.reserve(e.children.size());
    for (size_t i = 0; i < e.children.size(); ++i) {
      // matches() with a literal pattern uses the compiled RE2.
      args.push_back(Eval(e.children[i]));
      if (args.back().is_error()) return args.back();
    }
    return Apply(f, e, args);
  }

  static Value IntResult(bool overflow, int64_t v) {
    return overflow ? Value::Error("integer overflow") : Value::Int(v);
  }

  static Value NormalizeDuration(__int128 total_ns) {
    if (total_ns > static_cast<__int128>(kMaxDurationSeconds) * 1000000000 ||
        total_ns < -static_cast<__int128>(kMaxDurationSeconds) * 1000000000)
      return Value::Error("duration out of range");
    return Value::Duration(static_cast<int64_t>(total_ns / 1000000000), static_cast<int32_t>(total_ns % 1000000000));
  }

  static Value NormalizeTimestamp(__int128 total_ns) {
    __int128 sec = total_ns / 1000000000;
    __int128 ns = total_ns % 1000000000;
    if (ns < 0) {
      ns += 1000000000;
      sec -= 1;
    }
    if (sec < kMinTimestamp || sec > kMaxTimestamp) return Value::Error("timestamp out of range");
    return Value::Timestamp(static_cast<int64_t>(sec), static_cast<int32_t>(ns));
  }

  static __int128 Nanos(const Value& v) { return static_cast<__int128>(v.i) * 1000000000 + v.nanos; }

  Value Arith(const std::string& f, const Value& a, const Value& b) {
    using T = Value::Type;
    if (a.type == T::kInt && b.type == T::kInt) {
      int64_t r = 0;
      bool overflow = false;  // computed before IntResult reads r (argument order is unspecified)
      if (f == "_+_") overflow = __builtin_add_overflow(a.i, b.i, &r);
      if (f == "_-_") overflow = __builtin_sub_overflow(a.i, b.i, &r);
      if (f == "_*_") overflow = __builtin_mul_overflow(a.i, b.i, &r);
      if (f == "_+_" || f == "_-_" || f == "_*_") return IntResult(overflow, r);
      if (b.i == 0) return Value::Error(f == "_/_" ? "division by zero" : "modulus by zero");
      if (a.i == INT64_MIN && b.i == -1) return Value::Error("integer overflow");
      return Value::Int(f == "_/_" ? a.i / b.i : a.i % b.i);
    }
    if (a.type == T::kUint && b.type == T::kUint) {
      uint64_t r = 0;
      if (f == "_+_") return __builtin_add_overflow(a.u, b.u, &r) ? Value::Error("unsigned integer overflow") : Value::Uint(r);
      if (f == "_-_") return __builtin_sub_overflow(a.u, b.u, &r) ? Value::Error("unsigned integer overflow") : Value::Uint(r);
      if (f == "_*_") return __builtin_mul_overflow(a.u, b.u, &r) ? Value::Error("unsigned integer overflow") : Value::Uint(r);
      if (b.u == 0) return Value::Error(f == "_/_" ? "division by zero" : "modulus by zero");
      return Value::Uint(f == "_/_" ? a.u / b.u : a.u % b.u);
    }
    if (a.type == T::kDouble && b.type == T::kDouble && f != "_%_") {
      if (f == "_+_") return Value::Double(a.d + b.d);
      if (f == "_-_") return Value::Double(a.d - b.d);
      if (f == "_*_") return Value::Double(a.d * b.d);
      return Value::Double(a.d / b.d);
    }
    if (f == "_+_") {
      if (a.type == T::kString && b.type == T::kString)
        return Value::Error("string concatenation is disabled (enable_string_concat = false)");
      if (a.type == T::kList && b.type == T::kList) return Value::Error("list concatenation is disabled (enable_list_concat = false)");
      if (a.type == T::kDuration && b.type == T::kDuration) return NormalizeDuration(Nanos(a) + Nanos(b));
      if (a.type == T::kTimestamp && b.type == T::kDuration) return NormalizeTimestamp(Nanos(a) + Nanos(b));
      if (a.type == T::kDuration && b.type == T::kTimestamp) return NormalizeTimestamp(Nanos(a) + Nanos(b));
    }
    if (f == "_-_") {
      if (a.type == T::kDuration && b.type == T::kDuration) return NormalizeDuration(Nanos(a) - Nanos(b));
      if (a.type == T::kTimestamp && b.type == T::kDuration) return NormalizeTimestamp(Nanos(a) - Nanos(b));
      if (a.type == T::kTimestamp && b.type == T::kTimestamp) return NormalizeDuration(Nanos(a) - Nanos(b));
    }
    return NoOverload(f, {a, b});
  }

  std::optional<int> Order(const Value& a, const Value& b) {
    using T = Value::Type;
    if (IsNumber(a) && IsNumber(b)) return CompareNumbers(a, b);
    if (a.type != b.type) return std::nullopt;
    switch (a.type) {
      case T::kBool: return a.b == b.b ? 0 : a.b ? 1 : -1;
      case T::kString: case T::kBytes: return a.s < b.s ? -1 : a.s > b.s ? 1 : 0;
      case T::kTimestamp: case T::kDuration: {
        __int128 x = Nanos(a), y = Nanos(b);
        return x < y ? -1 : x > y ? 1 : 0;
      }
      default: return std::nullopt;
    }
  }

  Value Index(const Value& c, const Value& k) {
    if (c.type == Value::Type::kList) {
      int64_t idx;
      if (k.type == Value::Type::kInt) idx = k.i;
      else if (k.type == Value::Type::kUint && k.u <= static_cast<uint64_t>(INT64_MAX)) idx = static_cast<int64_t>(k.u);
      else if (k.type == Value::Type::kDouble && std::floor(k.d) == k.d && std::fabs(k.d) < 9e18) idx = static_cast<int64_t>(k.d);
      else return NoOverload("_[_]", {c, k});
      if (idx < 0 || static_cast<size_t>(idx) >= c.list->size())
        return Value::Error("index out of range: " + std::to_string(idx) + " (size " + std::to_string(c.list->size()) + ")");
      return (*c.list)[static_cast<size_t>(idx)];
    }
    if (c.type == Value::Type::kMap) {
      for (const auto& [mk, mv] : *c.map)
        if (Equal(mk, k)) return mv;
      return Value::Error("no such key: " + k.DebugString());
    }
    return NoOverload("_[_]", {c, k});
  }

  Value Regex(const Value& s, const Value& pat) {
    if (s.type != Value::Type::kString || pat.type != Value::Type::kString) return NoOverload("matches", {s, pat});
    auto it = p_.regexes_.find(pat.s);
    if (it != p_.regexes_.end()) return Value::Bool(RE2::PartialMatch(s.s, *it->second));
    RE2::Options o;
    o.set_log_errors(false);
    RE2 re(pat.s, o);
    if (!re.ok()) return Value::Error("invalid regex: " + re.error());
    if (re.ProgramSize() > p_.limits_.max_regex_program_size)
      return Value::Error("regex program size " + std::to_string(re.ProgramSize()) + " exceeds " +
                          std::to_string(p_.limits_.max_regex_program_size));
    return Value::Bool(RE2::PartialMatch(s.s, re));
  }

  Value Convert(const std::string& f, const Value& v) {
    using T = Value::Type;
    if (f == "dyn") return v;
    if (f == "int") {
      switch (v.type) {
        case T::kInt: return v;
        case T::kUint: return v.u > static_cast<uint64_t>(INT64_MAX) ? Value::Error("int conversion out of range") : Value::Int(static_cast<int64_t>(v.u));
        case T::kDouble:
          if (!(v.d > -9223372036854775808.0 && v.d < 9223372036854775808.0)) return Value::Error("int conversion out of range");
          return Value::Int(static_cast<int64_t>(v.d));
        case T::kString: {
          errno = 0;
          char* end = nullptr;
          long long x = std::strtoll(v.s.c_str(), &end, 10);
          if (v.s.empty() || *end || errno == ERANGE) return Value::Error("cannot convert '" + v.s + "' to int");
          return Value::Int(x);
        }
        case T::kTimestamp: return Value::Int(v.i);
        default: break;
      }
    } else if (f == "uint") {
      switch (v.type) {
        case T::kUint: return v;
        case T::kInt: return v.i < 0 ? Value::Error("uint conversion out of range") : Value::Uint(static_cast<uint64_t>(v.i));
        case T::kDouble:
          if (!(v.d > -1.0 && v.d < 18446744073709551616.0)) return Value::Error("uint conversion out of range");
          return Value::Uint(static_cast<uint64_t>(v.d));
        case T::kString: {
          errno = 0;
          char* end = nullptr;
          if (v.s.empty() || v.s[0] == '-') return Value::Error("cannot convert '" + v.s + "' to uint");
          unsigned long long x = std::strtoull(v.s.c_str(), &end, 10);
          if (*end || errno == ERANGE) return Value::Error("cannot convert '" + v.s + "' to uint");
          return Value::Uint(x);
        }
        default: break;
      }
    } else if (f == "double") {
      switch (v.type) {
        case T::kDouble: return v;
        case T::kInt: return Value::Double(static_cast<double>(v.i));
        case T::kUint: return Value::Double(static_cast<double>(v.u));
        case T::kString: {
          char* end = nullptr;
          double x = std::strtod(v.s.c_str(), &end);
          if (v.s.empty() || *end) return Value::Error("cannot convert '" + v.s + "' to double");
          return Value::Double(x);
        }
        default: break;
      }
    } else if (f == "bytes") {
      if (v.type == T::kBytes) return v;
      if (v.type == T::kString) return Value::Bytes(v.s);
    } else if (f == "bool") {
      if (v.type == T::kBool) return v;
      if (v.type == T::kString) {
        static const std::set<std::string> yes = {"1", "t", "true", "TRUE", "True"};
        static const std::set<std::string> no = {"0", "f", "false", "FALSE", "False"};
        if (yes.count(v.s)) return Value::Bool(true);
        if (no.count(v.s)) return Value::Bool(false);
        return Value::Error("cannot convert '" + v.s + "' to bool");
      }
    } else if (f == "timestamp") {
      if (v.type == T::kTimestamp) return v;
      if (v.type == T::kString) {
        int64_t s;
        int32_t n;
        if (!ParseTimestamp(v.s, s, n)) return Value::Error("cannot parse timestamp '" + v.s + "'");
        return Value::Timestamp(s, n);
      }
      if (v.type == T::kInt) {
        if (v.i < kMinTimestamp || v.i > kMaxTimestamp) return Value::Error("timestamp out of range");
        return Value::Timestamp(v.i, 0);
      }
    } else if (f == "duration") {
      if (v.type == T::kDuration) return v;
      if (v.type == T::kString) {
        int64_t s;
        int32_t n;
        if (!ParseDuration(v.s, s, n)) return Value::Error("cannot parse duration '" + v.s + "'");
        return Value::Duration(s, n);
      }
    }
    return NoOverload(f, {v});
  }

  Value TimeGetter(const std::string& f, const Value& v, const Value* tz) {
    using T = Value::Type;
    if (v.type == T::kDuration && !tz) {
      __int128 ns = Nanos(v);
      if (f == "getHours") return Value::Int(static_cast<int64_t>(ns / 3600000000000LL));
      if (f == "getMinutes") return Value::Int(static_cast<int64_t>(ns / 60000000000LL));
      if (f == "getSeconds") return Value::Int(static_cast<int64_t>(ns / 1000000000));
      if (f == "getMilliseconds") return Value::Int(static_cast<int64_t>(ns / 1000000 % 1000));
      return NoOverload(f, {v});
    }
    if (v.type != T::kTimestamp) return NoOverload(f, {v});
    int64_t offset = 0;
    if (tz) {
      if (tz->type != T::kString) return NoOverload(f, {v, *tz});
      const std::string& z = tz->s;
      if (z == "UTC" || z == "Z") {
        offset = 0;
      } else if (z.size() == 6 && (z[0] == '+' || z[0] == '-') && z[3] == ':' && std::isdigit(static_cast<unsigned char>(z[1])) &&
                 std::isdigit(static_cast<unsigned char>(z[2])) && std::isdigit(static_cast<unsigned char>(z[4])) &&
                 std::isdigit(static_cast<unsigned char>(z[5]))) {
        offset = ((z[1] - '0') * 10 + (z[2] - '0')) * 3600 + ((z[4] - '0') * 10 + (z[5] - '0')) * 60;
        if (z[0] == '-') offset = -offset;
      } else {
        return Value::Error("time zone '" + z + "' is not supported here; use 'UTC' or a fixed offset such as '+02:00'");
      }
    }
    int64_t sec = v.i + offset;
    int64_t days = sec >= 0 ? sec / 86400 : -((-sec + 86399) / 86400);
    int64_t rem = sec - days * 86400;
    int64_t y;
    unsigned m, d;
    CivilFromDays(days, y, m, d);
    if (f == "getFullYear") return Value::Int(y);
    if (f == "getMonth") return Value::Int(static_cast<int64_t>(m) - 1);
    if (f == "getDate") return Value::Int(d);
    if (f == "getDayOfMonth") return Value::Int(static_cast<int64_t>(d) - 1);
    if (f == "getDayOfWeek") return Value::Int(((days % 7) + 11) % 7);  // 1970-01-01 was a Thursday (4)
    if (f == "getDayOfYear") return Value::Int(days - DaysFromCivil(y, 1, 1));
    if (f == "getHours") return Value::Int(rem / 3600);
    if (f == "getMinutes") return Value::Int(rem / 60 % 60);
    if (f == "getSeconds") return Value::Int(rem % 60);
    if (f == "getMilliseconds") return Value::Int(v.nanos / 1000000);
    return NoOverload(f, {v});
  }

  Value Apply(const std::string& f, const Expr& e, const std::vector<Value>& a) {
    using T = Value::Type;
    size_t n = a.size();
    if (f == "!_" && n == 1) return a[0].type == T::kBool ? Value::Bool(!a[0].b) : NoOverload(f, a);
    if (f == "-_" && n == 1) {
      if (a[0].type == T::kInt) return a[0].i == INT64_MIN ? Value::Error("integer overflow") : Value::Int(-a[0].i);
      if (a[0].type == T::kDouble) return Value::Double(-a[0].d);
      if (a[0].type == T::kDuration) return Value::Duration(-a[0].i, -a[0].nanos);
      return NoOverload(f, a);
    }
    if ((f == "_==_" || f == "_!=_") && n == 2) return Value::Bool(Equal(a[0], a[1]) == (f == "_==_"));
    if ((f == "_<_" || f == "_<=_" || f == "_>_" || f == "_>=_") && n == 2) {
      auto c = Order(a[0], a[1]);
      if (!c) {
        if (IsNumber(a[0]) && IsNumber(a[1])) return Value::Bool(false);  // NaN
        return NoOverload(f, a);
      }
      if (f == "_<_") return Value::Bool(*c < 0);
      if (f == "_<=_") return Value::Bool(*c <= 0);
      if (f == "_>_") return Value::Bool(*c > 0);
      return Value::Bool(*c >= 0);
    }
    if ((f == "_+_" || f == "_-_" || f == "_*_" || f == "_/_" || f == "_%_") && n == 2) return Arith(f, a[0], a[1]);
    if (f == "_[_]" && n == 2) return Index(a[0], a[1]);
    if ((f == "@in" || f == "_in_") && n == 2) {
      if (a[1].type == T::kList) {
        for (const Value& x : *a[1].list)
          if (Equal(x, a[0])) return Value::Bool(true);
        return Value::Bool(false);
      }
      if (a[1].type == T::kMap) {
        for (const auto& kv : *a[1].map)
          if (Equal(kv.first, a[0])) return Value::Bool(true);
        return Value::Bool(false);
      }
      return NoOverload(f, a);
    }
    if (f == "size" && n == 1) {
      switch (a[0].type) {
        case T::kString: return Value::Int(static_cast<int64_t>(Utf8Length(a[0].s)));
        case T::kBytes: return Value::Int(static_cast<int64_t>(a[0].s.size()));
        case T::kList: return Value::Int(static_cast<int64_t>(a[0].list->size()));
        case T::kMap: return Value::Int(static_cast<int64_t>(a[0].map->size()));
        default: return NoOverload(f, a);
      }
    }
    if (f == "matches" && n == 2) return Regex(a[0], a[1]);
    if ((f == "contains" || f == "startsWith" || f == "endsWith") && n == 2 && e.has_target) {
      if (a[0].type != T::kString || a[1].type != T::kString) return NoOverload(f, a);
      const std::string& s = a[0].s;
      const std::string& x = a[1].s;
      if (f == "contains") return Value::Bool(s.find(x) != std::string::npos);
      if (f == "startsWith") return Value::Bool(s.compare(0, x.size(), x) == 0 && s.size() >= x.size());
      return Value::Bool(s.size() >= x.size() && s.compare(s.size() - x.size(), x.size(), x) == 0);
    }
    if (n == 1 && !e.has_target &&
        (f == "int" || f == "uint" || f == "double" || f == "bytes" || f == "bool" || f == "dyn" || f == "timestamp" || f == "duration"))
      return Convert(f, a[0]);
    if (TimeGetters().count(f) && e.has_target && (n == 1 || n == 2)) return TimeGetter(f, a[0], n == 2 ? &a[1] : nullptr);
    return NoOverload(f, a);
  }

  const Program& p_;
  const Request& r_;
};

Value Evaluate(const Program& p, const Request& r) {
  Evaluator ev(p, r);
  return ev.Eval(p.ast_);
}

bool Matches(const Program& p, const Request& r, std::string* detail) {
  Value v = Evaluate(p, r);
  if (detail) {
    if (v.type == Value::Type::kBool || v.is_error()) *detail = v.DebugString();
    else *detail = v.DebugString() + " (a " + std::string(v.type_name()) + ", not a bool: no match)";
  }
  return v.is_true();
}

std::optional<std::string> ExtractString(const Program& p, const Request& r, const std::optional<std::string>& default_value,
                                         std::string* detail) {
  Value v = Evaluate(p, r);
  if (v.type == Value::Type::kString) {
    if (detail) *detail = v.DebugString();
    return v.s;
  }
  if (detail)
    *detail = v.DebugString() + (v.is_error() ? "" : " (a " + std::string(v.type_name()) + ", not a string)") +
              (default_value ? "; default_value used" : "; no default_value");
  return default_value;
}

std::optional<Error> CheckResultType(const Program& p, Use use) {
  // grpc-java CelMatcher.java: the checked AST's result type must be bool (dyn is rejected too);
  // CelStringExtractor.java: string or dyn (CelStateMatcherTest celMatcher_throwsIfReturnsString,
  // celStringExtractor_throwsIfReturnsBool).
  std::string t = StaticType(p.ast());
  if (t == "request") t = "map(string, dyn)";
  if (use == Use::kMatcher ? t == "bool" : (t == "string" || t == "dyn")) return std::nullopt;
  std::string m = "the expression yields a value of type " + t;
  if (use == Use::kMatcher)
    m += t == "dyn" ? ", not a bool: a CelMatcher's output type must be bool and dyn is not (gRPC NACKs it). Compare the value, "
                      "e.g. x == 'a'"
        : t == "string" ? ", not a bool: a CelMatcher's output type must be bool (gRPC NACKs it; at run time it never matches). "
                          "Compare the value, e.g. request.headers['x'] == 'a'"
                        : ", not a bool: a CelMatcher's output type must be bool (gRPC NACKs it; at run time it never matches). "
                          "Compare the value, e.g. size(x) > 0";
  else
    m += ", not a string: CelExtractString always falls back to default_value. Extract a string attribute";
  return Error{"CEL007", std::move(m), p.ast().begin, std::max(p.ast().end, p.ast().begin)};
}

}  // namespace cfgi::cel
