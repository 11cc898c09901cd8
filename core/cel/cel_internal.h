// core/cel/cel_internal.h: the helpers the CEL sections share (cel_value.cpp, cel_unparse.cpp,
// cel_compile.cpp, cel_eval.cpp): quoting and number formatting, civil time and the
// google.protobuf Timestamp / Duration text forms, numeric comparison and CEL equality, the
// operator tables and precedence. Internal to core/cel: include it from those files only.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <set>
#include <string>

#include "core/cel/cel.h"

namespace cfgi::cel::detail {


inline std::string Quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'' || c == '\\') out += '\\';
    if (c == '\n') { out += "\\n"; continue; }
    out += c;
  }
  return out + "'";
}

inline std::string FormatDouble(double d) {
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
inline int64_t DaysFromCivil(int64_t y, unsigned m, unsigned d) {
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const unsigned yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<int64_t>(doe) - 719468;
}

inline void CivilFromDays(int64_t z, int64_t& y, unsigned& m, unsigned& d) {
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
inline constexpr int64_t kMinTimestamp = -62135596800;
inline constexpr int64_t kMaxTimestamp = 253402300799;
// Durations are limited to about 10,000 years, as google.protobuf.Duration.
inline constexpr int64_t kMaxDurationSeconds = 315576000000;

inline std::string FormatTimestamp(int64_t sec, int32_t nanos) {
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

inline std::string FormatDuration(int64_t sec, int32_t nanos) {
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

inline bool ParseTimestamp(const std::string& s, int64_t& sec, int32_t& nanos) {
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
inline bool ParseDuration(const std::string& s, int64_t& sec, int32_t& nanos) {
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

inline int Cmp3(long double a, long double b) { return a < b ? -1 : a > b ? 1 : 0; }

inline bool IsNumber(const Value& v) {
  return v.type == Value::Type::kInt || v.type == Value::Type::kUint || v.type == Value::Type::kDouble;
}

// Numeric comparison across int / uint / double; nullopt for NaN.
inline std::optional<int> CompareNumbers(const Value& a, const Value& b) {
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

inline bool Equal(const Value& a, const Value& b);

inline bool Equal(const Value& a, const Value& b) {
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

inline size_t Utf8Length(const std::string& s) {
  size_t n = 0;
  for (unsigned char c : s)
    if ((c & 0xC0) != 0x80) ++n;
  return n;
}

inline const std::set<std::string>& Operators() {
  static const std::set<std::string> s = {"_&&_", "_||_", "!_", "-_", "_==_", "_!=_", "_<_", "_<=_", "_>_", "_>=_",
                                          "_+_", "_-_", "_*_", "_/_", "_%_", "_[_]", "@in", "_in_", "_?_:_"};
  return s;
}

inline const std::set<std::string>& TimeGetters() {
  static const std::set<std::string> s = {"getFullYear", "getMonth", "getDate", "getDayOfMonth", "getDayOfWeek",
                                          "getDayOfYear", "getHours", "getMinutes", "getSeconds", "getMilliseconds"};
  return s;
}

inline std::string OpSymbol(const std::string& fn) {
  static const std::map<std::string, std::string> m = {
      {"_&&_", "&&"}, {"_||_", "||"}, {"_==_", "=="}, {"_!=_", "!="}, {"_<_", "<"}, {"_<=_", "<="}, {"_>_", ">"},
      {"_>=_", ">="}, {"_+_", "+"}, {"_-_", "-"}, {"_*_", "*"}, {"_/_", "/"}, {"_%_", "%"}, {"@in", "in"}, {"_in_", "in"}};
  auto it = m.find(fn);
  return it == m.end() ? "" : it->second;
}

inline int Precedence(const Expr& e) {
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

}  // namespace cfgi::cel::detail
