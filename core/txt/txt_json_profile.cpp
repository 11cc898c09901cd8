// Each implementation's JSON decoding of a service config, read in its code:
//  grpc-core: src/core/util/json/json_reader.cc (numbers kept as their text, a repeated key is
//    "duplicate key ... at index"), src/core/util/json/json_object_loader.cc (LoadObject finds a
//    field by its exact name; LoadScalar takes a number or a string for a number; LoadDuration:
//    "Not a duration (not a number of seconds)" when nothing precedes the '.'), json_object_loader.h
//    (integers through absl::SimpleAtoi: "failed to parse number"), src/core/client_channel/
//    retry_service_config.cc (retryableStatusCodes is a std::vector<std::string>).
//  grpc-java: core/src/main/java/io/grpc/internal/JsonParser.java (every number a Double,
//    "Duplicate key found"), JsonUtil.java (getNumberAsInteger: a Double or a numeric String,
//    "Number expected to be integer"; parseDuration: Long.parseLong of the seconds, so ".01s"
//    fails), ServiceConfigUtil.java (status codes: a name or an integral number).
//  grpc-go: service_config.go (jsonSC, jsonMC, jsonRetryPolicy decoded by encoding/json, which
//    matches field names ignoring case and lets the last matching key win; MaxAttempts is an
//    int, BackoffMultiplier a float64), internal/serviceconfig/duration.go (Duration.UnmarshalJSON:
//    the whole or the fractional part may be empty, not both), codes/codes.go
//    (Code.UnmarshalJSON: an unsigned integer or a quoted name).
#include "core/txt/txt_json_profile.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <stdexcept>

#include <re2/re2.h>

namespace cfgi::txt {

using doc::Node;

namespace {

bool EqualFold(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  return true;
}

// absl::SimpleAtoi: optional white space and sign, then decimal digits only.
std::optional<int64_t> SimpleAtoi(const std::string& t) {
  static const RE2 re("\\s*[-+]?[0-9]+\\s*");
  if (!RE2::FullMatch(t, re)) return std::nullopt;
  try {
    return std::stoll(t);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// Java's Double.parseDouble / absl::SimpleAtod on a decimal number.
std::optional<double> ParseDecimal(const std::string& t) {
  static const RE2 re("\\s*[-+]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][-+]?[0-9]+)?\\s*");
  if (!RE2::FullMatch(t, re)) return std::nullopt;
  try {
    return std::stod(t);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

const std::vector<std::string>& CodeNames() {
  static const std::vector<std::string> k = {
      "OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND", "ALREADY_EXISTS",
      "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE",
      "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED"};
  return k;
}

}  // namespace

const Node::Entry* JsonField(ProfileId p, const Node& m, std::string_view key,
                             std::vector<const Node::Entry*>* matches) {
  const Node::Entry* found = nullptr;
  for (const Node::Entry& e : m.entries()) {
    bool hit = p == ProfileId::kGo ? EqualFold(e.key, key) : e.key == key;
    if (!hit) continue;
    if (matches) matches->push_back(&e);
    found = &e;  // encoding/json (and the a2 text): the last key wins; core and java reject repeats
  }
  return found;
}

bool IsKnownKey(ProfileId p, std::string_view key, const std::vector<std::string>& known) {
  for (const std::string& k : known)
    if (p == ProfileId::kGo ? EqualFold(k, key) : k == key) return true;
  return false;
}

NumberRead ReadInteger(ProfileId p, const Node& n) {
  NumberRead r;
  switch (p) {
    case ProfileId::kGo:
      if (n.kind() != Node::Kind::kInt) {
        r.error = std::string("json: cannot unmarshal ") + (n.is_number() ? "number " + n.text() : n.kind_name()) +
                  " into a Go int (grpc-go reads only a JSON integer)";
        return r;
      }
      if (auto v = n.as_int()) r.value = static_cast<double>(*v);
      else r.error = "json: number " + n.text() + " overflows int";
      return r;
    case ProfileId::kJava: {
      std::optional<double> d;
      if (n.is_number()) d = n.as_double();
      else if (n.is_string()) d = ParseDecimal(n.text());
      if (!n.is_number() && !n.is_string()) {
        r.error = std::string("is a ") + n.kind_name() + ", not a number";
        return r;
      }
      if (!d) {
        r.error = "value '" + n.text() + "' is not a number (Double.parseDouble)";
        return r;
      }
      if (std::trunc(*d) != *d) {
        r.error = "Number expected to be integer: " + n.text() + " (grpc-java JsonUtil)";
        return r;
      }
      r.value = *d;
      return r;
    }
    case ProfileId::kCore:
    case ProfileId::kA2: {
      if (!n.is_number() && !n.is_string()) {
        r.error = std::string("is a ") + n.kind_name() + ", not a number";
        return r;
      }
      if (auto v = SimpleAtoi(n.text())) r.value = static_cast<double>(*v);
      else r.error = "'" + n.text() + "' failed to parse number (grpc-core reads an integer's digits only, no '.' or exponent)";
      return r;
    }
  }
  return r;
}

NumberRead ReadDouble(ProfileId p, const Node& n) {
  NumberRead r;
  if (n.is_number()) {
    r.value = n.as_double();
    if (!r.value) r.error = "'" + n.text() + "' is out of range";
    return r;
  }
  if (n.is_string() && p != ProfileId::kGo) {
    r.value = ParseDecimal(n.text());
    if (!r.value) r.error = "'" + n.text() + "' is not a number";
    return r;
  }
  r.error = p == ProfileId::kGo ? std::string("json: cannot unmarshal ") + n.kind_name() +
                                      " into a Go float64 (grpc-go reads only a JSON number)"
                                : std::string("is a ") + n.kind_name() + ", not a number";
  return r;
}

std::optional<double> ReadDuration(ProfileId p, const std::string& text, std::string* error) {
  std::string whole, frac;
  if (p == ProfileId::kGo) {
    // duration.go: an optional '-', the whole seconds and/or '.' and up to 9 fractional digits, 's'.
    static const RE2 go("(-?)([0-9]*)(?:\\.([0-9]*))?s");
    std::string sign;
    if (!RE2::FullMatch(text, go, &sign, &whole, &frac) || (whole.empty() && frac.empty()) || frac.size() > 9 ||
        whole.size() > 12) {
      if (error) *error = "is a malformed duration to grpc-go: '" + text + "'; write seconds with an 's' suffix, e.g. \"0.5s\"";
      return std::nullopt;
    }
    double s = (whole.empty() ? 0 : std::stod(whole)) + (frac.empty() ? 0 : std::stod("0." + frac));
    return sign.empty() ? s : -s;
  }
  // grpc-core LoadDuration and grpc-java parseDuration: digits before the '.', at most 9 after.
  static const RE2 strict("(-?)([0-9]+)(?:\\.([0-9]{1,9}))?s");
  std::string sign;
  if (!RE2::FullMatch(text, strict, &sign, &whole, &frac) || whole.size() > 12) {
    if (error)
      *error = "is not a duration: '" + text + "'" +
               (!text.empty() && text[0] == '.' ? std::string(" (nothing before the '.': grpc-go reads it, ") +
                                                      (p == ProfileId::kJava ? "grpc-java's Long.parseLong fails)"
                                                                             : "grpc-core's \"not a number of seconds\")")
                                                : std::string()) +
               ": write seconds with an 's' suffix and at most 9 decimals, e.g. \"0.5s\"";
    return std::nullopt;
  }
  double s = std::stod(whole) + (frac.empty() ? 0 : std::stod("0." + frac));
  return sign.empty() ? s : -s;
}

std::string StatusCodeError(ProfileId p, const Node& n) {
  if (n.is_string()) {
    if (std::find(CodeNames().begin(), CodeNames().end(), n.text()) != CodeNames().end()) return "";
    std::string s = Suggest(n.text(), CodeNames());
    return "holds '" + n.text() + "', not a status code name" + (s.empty() ? "; use e.g. UNAVAILABLE" : "; did you mean '" + s + "'?");
  }
  if (n.is_number()) {
    if (p == ProfileId::kCore || p == ProfileId::kA2)
      return "is the number " + n.text() + ": grpc-core reads status code names only (grpc-java and grpc-go accept numbers); "
             "write the name, e.g. \"UNAVAILABLE\"";
    auto x = n.kind() == Node::Kind::kInt ? n.as_int() : std::nullopt;
    if (p == ProfileId::kJava && !x) {
      auto d = n.as_double();
      if (d && std::trunc(*d) == *d) x = static_cast<int64_t>(*d);
    }
    if (!x) return "is " + n.text() + ", not an integral status code";
    if (*x < 0 || *x > 16) return "is " + n.text() + ": status code numbers are 0 to 16";
    return "";
  }
  return std::string("is a ") + n.kind_name() + "; a status code is a name (\"UNAVAILABLE\")" +
         (p == ProfileId::kCore ? "" : " or a number");
}

}  // namespace cfgi::txt
