// core/cel/cel_eval.cpp: the evaluator of the A106 CEL subset (the checks are cel_compile.cpp).
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

#include "core/cel/cel.h"
#include "core/cel/cel_internal.h"

namespace cfgi::cel {

using namespace detail;

// ---- evaluation ----
class Evaluator {
 public:
  Evaluator(const Program& p, const Request& r) : p_(p), r_(r) {}

  // Every node's value, when asked (EvaluateSubExpressions): the last one computed per node.
  std::map<const Expr*, Value>* values = nullptr;

  Value Eval(const Expr& e) {
    if (!values) return EvalNode(e);
    Value v = EvalNode(e);
    (*values)[&e] = v;
    return v;
  }

  Value EvalNode(const Expr& e) {
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

std::vector<SubExpression> EvaluateSubExpressions(const Program& p, const Request& r) {
  std::map<const Expr*, Value> values;
  Evaluator ev(p, r);
  ev.values = &values;
  ev.Eval(p.ast());
  std::vector<SubExpression> out;
  struct Walk {
    const std::map<const Expr*, Value>& values;
    std::vector<SubExpression>& out;
    void operator()(const Expr& e, int depth, const Expr* parent = nullptr) {
      // The variable of an attribute path (`request` in request.path) is no row of its own: the
      // evaluator reads the attribute whole and the select's row shows its value.
      if (parent && parent->kind == Expr::Kind::kSelect && e.kind == Expr::Kind::kIdent) return;
      SubExpression s;
      s.depth = depth;
      s.text = Unparse(e);
      if (auto it = values.find(&e); it != values.end()) s.evaluated = true, s.value = it->second;
      out.push_back(std::move(s));
      for (const Expr& c : e.children) (*this)(c, depth + 1, &e);
    }
  };
  Walk{values, out}(p.ast(), 0);
  return out;
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
