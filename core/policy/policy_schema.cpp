// The typed schemas of Kuma's built-in policy types, Go's duration parsing and printing, and the
// validation Kuma's API applies at `kumactl apply` / the Kubernetes admission webhook.
//
// Tables: the conf tables (defaults, the view's field list) are core/policy/policy_conf_table.cpp;
// the per-release spec tables that validation reads are generated (core/policy/
// policy_crd_table.h); the release-aware validation is policy_schema_release.cpp.
// Durations: Go src/time/format.go (ParseDuration, Duration.String) and its tests
// src/time/time_test.go (durationTests, parseDurationTests).
#include "core/policy/policy_schema.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <map>
#include <set>

namespace cfgi::policy {

// The conf tables: core/policy/policy_conf_table.cpp.
extern const TypeSchema kConfSchemas[];
extern const size_t kConfSchemaCount;

namespace {

// The tables indexed once: path -> row, and the child names of every object path.
struct Index {
  const TypeSchema* schema = nullptr;
  std::map<std::string, const FieldSpec*, std::less<>> by_path;
  std::map<std::string, std::vector<std::string>, std::less<>> children;  // object path -> keys
};

std::string ParentPath(const std::string& path, std::string* key) {
  size_t dot = path.rfind('.');
  if (dot == std::string::npos) {
    if (key) *key = path;
    return {};
  }
  if (key) *key = path.substr(dot + 1);
  return path.substr(0, dot);
}

const std::map<std::string, Index, std::less<>>& Indexes() {
  static const std::map<std::string, Index, std::less<>> kIndexes = [] {
    std::map<std::string, Index, std::less<>> out;
    for (size_t si = 0; si < kConfSchemaCount; ++si) {
      const TypeSchema& s = kConfSchemas[si];
      Index& ix = out[s.type];
      ix.schema = &s;
      for (size_t i = 0; i < s.field_count; ++i) {
        const FieldSpec& f = s.fields[i];
        ix.by_path[f.path] = &f;
        std::string path = f.path;
        if (path.size() >= 2 && (path.compare(path.size() - 2, 2, "[]") == 0 || path.compare(path.size() - 2, 2, "{}") == 0))
          continue;  // an element, not a named field
        std::string key;
        std::string parent = ParentPath(path, &key);
        ix.children[parent].push_back(key);
      }
    }
    return out;
  }();
  return kIndexes;
}

const Index* FindIndex(std::string_view type) {
  const auto& ix = Indexes();
  auto it = ix.find(type);
  return it == ix.end() ? nullptr : &it->second;
}


}  // namespace

const char* FieldKindName(FieldKind k) {
  switch (k) {
    case FieldKind::kObject: return "map";
    case FieldKind::kArray: return "list";
    case FieldKind::kMap: return "map";
    case FieldKind::kString: return "string";
    case FieldKind::kInt: return "integer";
    case FieldKind::kBool: return "bool";
    case FieldKind::kNumber: return "number";
    case FieldKind::kDuration: return "duration string";
    case FieldKind::kIntOrString: return "integer or string";
    case FieldKind::kAny: return "value";
  }
  return "value";
}

// ---- Go durations (src/time/format.go) ----

std::optional<int64_t> ParseGoDuration(std::string_view s, std::string* error) {
  const std::string quoted = "\"" + std::string(s) + "\"";
  auto fail = [&](const std::string& why) -> std::optional<int64_t> {
    if (error) *error = "time: " + why + " " + quoted;
    return std::nullopt;
  };
  constexpr uint64_t kMax = uint64_t{1} << 63;
  uint64_t d = 0;
  bool neg = false;
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
    neg = s[0] == '-';
    s.remove_prefix(1);
  }
  if (s == "0") return 0;
  if (s.empty()) return fail("invalid duration");
  while (!s.empty()) {
    uint64_t v = 0, f = 0;
    double scale = 1;
    if (!(s[0] == '.' || (s[0] >= '0' && s[0] <= '9'))) return fail("invalid duration");
    // leadingInt
    size_t pl = s.size();
    size_t i = 0;
    for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) {
      if (v > (kMax - 1) / 10) return fail("invalid duration");  // overflow
      v = v * 10 + static_cast<uint64_t>(s[i] - '0');
      if (v > kMax) return fail("invalid duration");
    }
    s.remove_prefix(i);
    bool pre = pl != s.size();
    bool post = false;
    if (!s.empty() && s[0] == '.') {
      s.remove_prefix(1);
      size_t pl2 = s.size();
      // leadingFraction: digits past int64 precision are consumed and ignored
      bool overflow = false;
      size_t k = 0;
      for (; k < s.size() && s[k] >= '0' && s[k] <= '9'; ++k) {
        if (overflow) continue;
        if (f > (kMax - 1) / 10) {
          overflow = true;
          continue;
        }
        uint64_t y = f * 10 + static_cast<uint64_t>(s[k] - '0');
        if (y > kMax) {
          overflow = true;
          continue;
        }
        f = y;
        scale *= 10;
      }
      s.remove_prefix(k);
      post = pl2 != s.size();
    }
    if (!pre && !post) return fail("invalid duration");
    size_t u = 0;
    while (u < s.size() && s[u] != '.' && !(s[u] >= '0' && s[u] <= '9')) ++u;
    if (u == 0) return fail("missing unit in duration");
    std::string_view unit_text = s.substr(0, u);
    s.remove_prefix(u);
    uint64_t unit = 0;
    if (unit_text == "ns") unit = 1;
    else if (unit_text == "us" || unit_text == "\xC2\xB5s" || unit_text == "\xCE\xBCs") unit = 1000;
    else if (unit_text == "ms") unit = 1000000;
    else if (unit_text == "s") unit = 1000000000;
    else if (unit_text == "m") unit = 60ull * 1000000000;
    else if (unit_text == "h") unit = 3600ull * 1000000000;
    else return fail("unknown unit \"" + std::string(unit_text) + "\" in duration");
    if (v > kMax / unit) return fail("invalid duration");
    v *= unit;
    if (f > 0) {
      v += static_cast<uint64_t>(static_cast<double>(f) * (static_cast<double>(unit) / scale));
      if (v > kMax) return fail("invalid duration");
    }
    d += v;
    if (d > kMax) return fail("invalid duration");
  }
  if (neg) return static_cast<int64_t>(0 - d);
  if (d > kMax - 1) return fail("invalid duration");
  return static_cast<int64_t>(d);
}

namespace {
// fmtFrac: the fraction of v/10^prec without trailing zeros (and no '.' when it is zero).
std::string FmtFrac(uint64_t& v, int prec) {
  std::string out;
  bool print = false;
  for (int i = 0; i < prec; ++i) {
    uint64_t digit = v % 10;
    print = print || digit != 0;
    if (print) out.insert(out.begin(), static_cast<char>('0' + digit));
    v /= 10;
  }
  if (print) out.insert(out.begin(), '.');
  return out;
}
}  // namespace

std::string FormatGoDuration(int64_t d) {
  bool neg = d < 0;
  uint64_t u = neg ? 0 - static_cast<uint64_t>(d) : static_cast<uint64_t>(d);
  std::string out;
  if (u < 1000000000ull) {
    if (u == 0) return "0s";
    std::string unit;
    int prec;
    if (u < 1000) {
      prec = 0;
      unit = "ns";
    } else if (u < 1000000) {
      prec = 3;
      unit = "\xC2\xB5s";  // Go prints U+00B5
    } else {
      prec = 6;
      unit = "ms";
    }
    std::string frac = FmtFrac(u, prec);
    out = std::to_string(u) + frac + unit;
  } else {
    std::string frac = FmtFrac(u, 9);
    out = std::to_string(u % 60) + frac + "s";
    u /= 60;
    if (u > 0) {
      out = std::to_string(u % 60) + "m" + out;
      u /= 60;
      if (u > 0) out = std::to_string(u) + "h" + out;
    }
  }
  return neg ? "-" + out : out;
}

// ---- schemas ----

const TypeSchema* FindTypeSchema(std::string_view type) {
  const Index* ix = FindIndex(type);
  return ix ? ix->schema : nullptr;
}

const std::vector<const TypeSchema*>& AllTypeSchemas() {
  static const std::vector<const TypeSchema*> kAll = [] {
    std::vector<const TypeSchema*> v;
    for (size_t i = 0; i < kConfSchemaCount; ++i) v.push_back(&kConfSchemas[i]);
    return v;
  }();
  return kAll;
}

std::vector<SchemaDefault> TypeDefaults(std::string_view type) {
  std::vector<SchemaDefault> out;
  const TypeSchema* s = FindTypeSchema(type);
  if (!s) return out;
  for (size_t i = 0; i < s->field_count; ++i) {
    const FieldSpec& f = s->fields[i];
    if (*f.default_json) out.push_back({f.path, nlohmann::json::parse(f.default_json)});
  }
  return out;
}

void ValidatePolicyLabels(const doc::Node& labels, bool k8s, bool policy, doc::DiagnosticSink& sink) {
  if (!labels.is_map()) return;
  for (const auto& e : labels.entries()) {
    const std::string& v = e.value.text();
    if (e.key == "kuma.io/origin") {
      if (v != "global" && v != "zone") {
        sink.Error("POL045", e.value.range(), "unknown resource origin \"" + v + "\" in label kuma.io/origin; "
                                                  "use global or zone (or remove the label)",
                   "." + e.key);
      }
    } else if (e.key == "kuma.io/policy-role" && policy) {
      if (v != "system" && v != "producer" && v != "consumer" && v != "workload-owner") {
        sink.Error("POL046", e.value.range(), "unknown policy role \"" + v + "\" in label kuma.io/policy-role; "
                                                  "use system, producer, consumer or workload-owner (or remove the "
                                                  "label: Kuma computes it on Kubernetes)",
                   "." + e.key);
      } else if (!k8s && v != "system") {
        sink.Warning("POL047", e.value.range(), "kuma.io/policy-role label should have system value on universal, "
                                                    "got " + v + " (Kuma's API server refuses it); remove the label",
                     "." + e.key);
      }
    }
  }
}

}  // namespace cfgi::policy
