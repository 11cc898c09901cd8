// MeshHTTPRoute matches hashes (policy_http_matches.h), after kumahq/kuma v2.14.3
// pkg/plugins/policies/meshhttproute/api/v1alpha1/meshhttproute.go (Match, PathMatch,
// QueryParamsMatch, HashMatches), api/common/v1alpha1/header.go (HeaderMatch),
// pkg/xds/cache/sha256/hash.go, pkg/plugins/policies/core/rules/rules.go (buildToListWithRoutes)
// and pkg/api-server/resource_endpoints.go (rulesForResource's matchesByHash).
#include "core/policy/policy_http_matches.h"

#include <algorithm>
#include <map>

#include "core/doc/sha256.h"
#include "core/policy/policy_defaults.h"

namespace cfgi::policy {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

// A scalar as the string Go's decoder would hold (the documents are YAML: a number is text).
std::string Text(const json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

// encoding/json encodeState.string with HTML escaping on (json.Marshal's default).
void GoString(std::string& out, const std::string& s) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += '"';
  for (size_t i = 0; i < s.size(); ++i) {
    auto c = static_cast<unsigned char>(s[i]);
    switch (c) {
      case '"': out += "\\\""; continue;
      case '\\': out += "\\\\"; continue;
      case '\b': out += "\\b"; continue;
      case '\f': out += "\\f"; continue;
      case '\n': out += "\\n"; continue;
      case '\r': out += "\\r"; continue;
      case '\t': out += "\\t"; continue;
      default: break;
    }
    if (c < 0x20 || c == '<' || c == '>' || c == '&') {
      out += "\\u00";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else if (c == 0xE2 && i + 2 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0x80 &&
               (static_cast<unsigned char>(s[i + 2]) == 0xA8 || static_cast<unsigned char>(s[i + 2]) == 0xA9)) {
      out += static_cast<unsigned char>(s[i + 2]) == 0xA8 ? "\\u2028" : "\\u2029";  // line / paragraph separator
      i += 2;
    } else {
      out += static_cast<char>(c);
    }
  }
  out += '"';
}

// Match as ordered JSON in Go's field order; pointer fields (path, method, queryParams, headers,
// HeaderMatch.type) are omitted when absent, value fields (PathMatch.value/type,
// QueryParamsMatch.*, HeaderMatch.name) always written, HeaderMatch.value omitted when empty.
ordered_json GoMatch(const json& m) {
  ordered_json o = ordered_json::object();
  if (!m.is_object()) return o;
  auto str = [](const json& obj, const char* k) { return obj.is_object() && obj.contains(k) ? Text(obj[k]) : std::string(); };
  if (m.contains("path") && !m["path"].is_null()) {
    const json& p = m["path"];
    o["path"] = ordered_json{{"value", str(p, "value")}, {"type", str(p, "type")}};
  }
  if (m.contains("method") && !m["method"].is_null()) o["method"] = Text(m["method"]);
  if (m.contains("queryParams") && !m["queryParams"].is_null()) {
    ordered_json a = ordered_json::array();
    if (m["queryParams"].is_array())
      for (const json& q : m["queryParams"])
        a.push_back(ordered_json{{"type", str(q, "type")}, {"name", str(q, "name")}, {"value", str(q, "value")}});
    o["queryParams"] = std::move(a);
  }
  if (m.contains("headers") && !m["headers"].is_null()) {
    ordered_json a = ordered_json::array();
    if (m["headers"].is_array())
      for (const json& h : m["headers"]) {
        ordered_json x = ordered_json::object();
        if (h.is_object() && h.contains("type") && !h["type"].is_null()) x["type"] = Text(h["type"]);
        x["name"] = str(h, "name");
        if (std::string v = str(h, "value"); !v.empty()) x["value"] = v;
        a.push_back(std::move(x));
      }
    o["headers"] = std::move(a);
  }
  return o;
}

// Writes ordered JSON (objects, arrays, strings only) as Go's encoder does: no spaces.
void GoWrite(std::string& out, const ordered_json& j) {
  if (j.is_object()) {
    out += '{';
    bool first = true;
    for (const auto& [k, v] : j.items()) {
      if (!first) out += ',';
      first = false;
      GoString(out, k);
      out += ':';
      GoWrite(out, v);
    }
    out += '}';
  } else if (j.is_array()) {
    out += '[';
    for (size_t i = 0; i < j.size(); ++i) {
      if (i) out += ',';
      GoWrite(out, j[i]);
    }
    out += ']';
  } else if (j.is_string()) {
    GoString(out, j.get<std::string>());
  } else {
    out += j.dump();
  }
}

}  // namespace

ordered_json GoMatches(const json& matches) {
  if (!matches.is_array()) return nullptr;
  ordered_json a = ordered_json::array();
  for (const json& m : matches) a.push_back(GoMatch(m));
  return a;
}

std::string GoMatchesJson(const json& matches) {
  std::string out;
  GoWrite(out, GoMatches(matches));
  return out;
}

std::string HashMatches(const json& matches) { return doc::Base64(doc::Sha256(GoMatchesJson(matches))); }

std::vector<Subset> RouteRuleSubsets(const ResourceSet& m, const Policy& p) {
  std::vector<Subset> out;
  if (p.top.kind != "MeshHTTPRoute") return out;
  std::string ns = p.top.namespace_.empty() ? p.meta.Namespace() : p.top.namespace_;
  const Policy* route = m.FindRoute(p.meta.mesh, p.top.name, ns, p.meta.Zone());
  if (!route) return out;
  for (const PolicyItem& to : route->to) {
    // The route as Kuma stores it: its schema's defaults filled (a header match's type Exact).
    json conf = ApplyDefaults("MeshHTTPRoute", to.conf);
    if (!conf.is_object() || !conf.contains("rules") || !conf["rules"].is_array()) continue;
    for (const json& rule : conf["rules"]) {
      json matches = rule.is_object() && rule.contains("matches") ? rule["matches"] : json();
      Subset s;
      s.push_back({kRuleMatchesHashTag, HashMatches(matches), false});
      // Mesh / MeshSubset: MeshSubset{hash}; any other kind: MeshServiceSubset{name, hash}.
      if (to.target_ref.kind != "Mesh" && to.target_ref.kind != "MeshSubset" && !to.target_ref.kind.empty())
        s.push_back({kServiceTag, to.target_ref.name, false});
      out.push_back(std::move(s));
    }
  }
  return out;
}

ordered_json HttpMatchesJson(const DataplaneRules& r) {
  std::map<std::string, ordered_json> by_hash;
  auto add = [&](const json& conf) {
    if (!conf.is_object() || !conf.contains("rules") || !conf["rules"].is_array()) return;
    for (const json& rule : conf["rules"]) {
      json matches = rule.is_object() && rule.contains("matches") ? rule["matches"] : json();
      by_hash[HashMatches(matches)] = GoMatches(matches);
    }
  };
  for (const TypeRules& t : r.types) {
    if (t.type != "MeshHTTPRoute") continue;
    for (const SubsetRule& sr : t.legacy_to_rules) add(sr.conf);
    for (const ResourceRule& rr : t.to_rules)
      if (rr.sparse) add(rr.conf());
  }
  ordered_json a = ordered_json::array();
  for (auto& [hash, match] : by_hash) a.push_back(ordered_json{{"hash", hash}, {"match", std::move(match)}});
  return a;
}

}  // namespace cfgi::policy
