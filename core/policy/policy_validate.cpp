// Kuma's semantic validation per policy: each function ports the rules of the policy's
// validator.go at kumahq/kuma v2.14.3 (pkg/plugins/policies/<type>/api/v1alpha1/validator.go; the
// shared checks of pkg/core/validators/common_validators.go and
// pkg/core/resources/apis/mesh/validators.go ValidateMatch), whose expected violations are in the
// policy's validator_test.go and testdata/*.output.yaml. The 3.0 rules come from Kuma main
// (pkg/plugins/policies/meshhttproute/api/v1alpha1/validation.go) and UPGRADE.md "Upgrade to 3.0.0".
// Test inputs in our own words: tests/unit/policy_schema_release_test.cpp.
#include "core/policy/policy_validate.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>

#include "core/policy/policy_schema.h"
#include "core/policy/policy_crd_table.h"

namespace cfgi::policy {

namespace {

using doc::Node;
using Scoped = doc::DiagnosticSink::ScopedField;

std::string Quote(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) out += (i ? (i + 1 == names.size() ? " or " : ", ") : "") + ("'" + names[i] + "'");
  return out;
}

class Semantics {
 public:
  Semantics(std::string_view type, const Node& spec, KumaRelease r, doc::DiagnosticSink& sink)
      : type_(type), spec_(spec), r_(r), sink_(sink) {
    const Node* top = spec.Get("targetRef");
    const Node* kind = top && top->is_map() ? top->Get("kind") : nullptr;
    top_kind_ = kind && kind->is_scalar() ? kind->text() : "Mesh";
  }

  void Run() {
    if (type_ == "MeshTimeout") return Timeout();
    if (type_ == "MeshRetry") return Retry();
    if (type_ == "MeshTLS") return Tls();
    if (type_ == "MeshTrafficPermission") return TrafficPermission();
    if (type_ == "MeshCircuitBreaker") return CircuitBreaker();
    if (type_ == "MeshHealthCheck") return HealthCheck();
    if (type_ == "MeshPassthrough") return Passthrough();
    if (type_ == "MeshHTTPRoute") return HttpRoute();
    if (type_ == "MeshFaultInjection") return FaultInjection();
  }

 private:
  // ---- helpers (pkg/core/validators/common_validators.go) ----
  static const Node* Map(const Node* n) { return n && n->is_map() ? n : nullptr; }
  static const Node* Seq(const Node* n) { return n && n->is_seq() ? n : nullptr; }
  static bool Has(const Node* n, const char* key) {
    const Node* v = n ? n->Get(key) : nullptr;
    return v && !v->is_null();
  }
  static size_t Len(const Node* n) { return n && n->is_seq() ? n->items().size() : 0; }

  // ValidateDurationGreaterThanZeroOrNil / ValidateDurationNotNegativeOrNil.
  void Duration(const Node* conf, const char* key, bool zero_ok) {
    const Node* v = conf ? conf->Get(key) : nullptr;
    if (!v || !v->is_string()) return;
    std::optional<int64_t> d = ParseGoDuration(v->text());
    if (!d) return;  // POL043
    if (*d < 0 || (!zero_ok && *d == 0)) {
      sink_.Error("POL070", v->range(),
                  std::string("'") + key + ": " + v->text() + "' " +
                      (zero_ok ? "must not be negative" : "must be greater than 0") + " (" + std::string(type_) +
                      "'s validator); " + (zero_ok ? "use 0 to disable it, or a positive duration" : "use a positive duration, e.g. 5s"),
                  std::string(".") + key);
    }
  }
  // ValidateIntegerGreaterThanZeroOrNil / ValidateValueGreaterThanZeroOrNil.
  void Positive(const Node* conf, const char* key) {
    const Node* v = conf ? conf->Get(key) : nullptr;
    if (!v || v->kind() != Node::Kind::kInt) return;
    std::optional<int64_t> i = v->as_int();
    if (i && *i <= 0)
      sink_.Error("POL071", v->range(), std::string("'") + key + ": " + v->text() + "' must be greater than 0 (" +
                                            std::string(type_) + "'s validator); use 1 or more",
                  std::string(".") + key);
  }
  // ValidateIntPercentageOrNil / ValidateUInt32PercentageOrNil / ValidatePercentageOrNil (0..100).
  void Percentage(const Node* conf, const char* key) {
    const Node* v = conf ? conf->Get(key) : nullptr;
    if (!v || !v->is_scalar()) return;
    double x = 0;
    if (v->kind() == Node::Kind::kInt) {
      x = static_cast<double>(v->as_int().value_or(0));
    } else if (v->is_string()) {
      try {
        size_t used = 0;
        x = std::stod(v->text(), &used);
        if (used != v->text().size()) throw std::invalid_argument("trailing");
      } catch (...) {
        sink_.Error("POL073", v->range(), std::string("'") + key + ": " + v->text() + "' is not a number (" +
                                              std::string(type_) + "'s validator); write a percentage such as 50 or '50.5'",
                    std::string(".") + key);
        return;
      }
    } else {
      return;
    }
    if (x < 0 || x > 100)
      sink_.Error("POL071", v->range(), std::string("'") + key + ": " + v->text() + "' must be in the inclusive range 0 to 100 (" +
                                            std::string(type_) + "'s validator)",
                  std::string(".") + key);
  }
  // "at least one of ..." (MustHaveAtLeastOne and the policies' own wording).
  void AtLeastOne(const Node& conf, const std::vector<std::string>& keys, const std::string& what) {
    for (const std::string& k : keys)
      if (Has(&conf, k.c_str())) return;
    sink_.Error("POL072", conf.range(), what + ": at least one of " + Quote(keys) + " has to be defined (" +
                                            std::string(type_) + "'s validator); add one");
  }
  void NotAllowed(const Node* conf, const char* key, const std::string& why) {
    const Node* v = conf ? conf->Get(key) : nullptr;
    if (!v || v->is_null()) return;
    sink_.Error("POL074", v->range(), std::string("'") + key + "' " + why, std::string(".") + key);
  }
  // The kinds a targetRef may have at this place (validator.go SupportedKinds; the system-role list
  // where it is wider, since the role is not known here).
  void Kinds(const Node* item, const std::vector<std::string>& allowed, const std::string& where) {
    const Node* tr = Map(item ? item->Get("targetRef") : nullptr);
    const Node* kind = tr ? tr->Get("kind") : nullptr;
    if (!kind || !kind->is_scalar() || kind->text().empty()) return;
    if (std::find(allowed.begin(), allowed.end(), kind->text()) != allowed.end()) return;
    // A value the release's CRD enum already rejects is the schema's finding (POL042 / POL063).
    if (const schema::CrdKind* k = schema::FindCrdKind(type_)) {
      std::string list_path = where + ".kind";  // "to[].targetRef.kind"
      const schema::CrdRow* row = schema::FindRow(*k, list_path, r_);
      if (row && *row->enums) {
        std::string e = std::string(";") + row->enums + ";";
        if (e.find(";" + kind->text() + ";") == std::string::npos) return;
      }
    }
    std::string list;
    for (const std::string& a : allowed) list += (list.empty() ? "" : ", ") + a;
    Scoped s(&sink_, ".targetRef");
    sink_.Error("POL075", kind->range(), "value '" + kind->text() + "' is not supported in " + where + " of " +
                                             std::string(type_) + " (its validator accepts " + list + "); use one of those",
                 ".kind");
  }

  // A spec list the release's schema has (another release's list is POL060 / POL061 / POL062).
  bool HasList(const char* list) const {
    const schema::CrdKind* k = schema::FindCrdKind(type_);
    return k && schema::FindRow(*k, list, r_);
  }
  template <class Fn>
  void Items(const char* list, Fn&& fn) {
    const Node* items = HasList(list) ? Seq(spec_.Get(list)) : nullptr;
    if (!items) return;
    Scoped ls(&sink_, std::string(".") + list);
    for (size_t i = 0; i < items->items().size(); ++i) {
      const Node& item = items->items()[i];
      if (!item.is_map()) continue;
      Scoped is(&sink_, "[" + std::to_string(i) + "]");
      fn(item);
    }
  }
  // The item's default (or the MADR's `conf`), scoped.
  template <class Fn>
  void Default(const Node& item, Fn&& fn) {
    const char* key = item.Get("default") ? "default" : "conf";
    const Node* d = Map(item.Get(key));
    if (!d) return;
    Scoped s(&sink_, std::string(".") + key);
    fn(*d);
  }

  // `from` beside `rules` (MeshTimeout, MeshTLS, MeshTrafficPermission validate()).
  void FromWithRules(bool to_too) {
    const Node* rules = spec_.Get("rules");
    if (Len(rules) == 0 || !HasList("rules")) return;
    for (const char* k : {"from", "to"}) {
      if ((!to_too && k[0] == 't') || !HasList(k)) continue;
      const Node* v = spec_.Get(k);
      if (Len(v) == 0) continue;
      const auto* e = Entry(k);
      sink_.Error("POL074", e ? e->key_range : v->range(),
                  std::string("field '") + k + "' must be empty when 'rules' is defined (" + std::string(type_) +
                      "'s validator); move its items into rules",
                  std::string(".") + k);
    }
  }
  const Node::Entry* Entry(const char* key) const {
    for (const auto& e : spec_.entries())
      if (e.key == key) return &e;
    return nullptr;
  }
  void NeedsOneList(const std::vector<std::string>& lists) {
    for (const std::string& l : lists) {
      if (Len(spec_.Get(l)) > 0) return;
      // Written but not a list: the loader's POL006 is that problem's one diagnostic (the API
      // server rejects the type before Kuma's validator runs).
      if (const Node* v = spec_.Get(l); v && !v->is_seq() && !v->is_null()) return;
    }
    // A 3.0 spec that had only `from` is POL062's case (from is pruned): not repeated here.
    if (r_ == KumaRelease::k3_0 && Len(spec_.Get("from")) > 0) return;
    sink_.Error("POL072", spec_.range(), "at least one of " + Quote(lists) + " has to be defined (" + std::string(type_) +
                                             "'s validator); add one");
  }

  // ---- MeshTimeout (meshtimeout/api/v1alpha1/validator.go) ----
  void Timeout() {
    FromWithRules(true);
    NeedsOneList(r_ == KumaRelease::k3_0 ? std::vector<std::string>{"to", "rules"}
                                          : std::vector<std::string>{"from", "to", "rules"});
    bool route_top = top_kind_ == "MeshHTTPRoute" || top_kind_ == "MeshGateway";
    auto conf = [&](const Node& d) {
      if (!Has(&d, "connectionTimeout") && !Has(&d, "idleTimeout") && !Has(&d, "http")) {
        sink_.Error("POL072", d.range(), "at least one timeout should be configured (MeshTimeout's validator); add "
                                         "connectionTimeout, idleTimeout or http");
        return;
      }
      if (top_kind_ == "MeshHTTPRoute") {
        const std::string why = "can't be specified when top-level TargetRef is referencing MeshHTTPRoute; remove it";
        NotAllowed(&d, "connectionTimeout", why);
        NotAllowed(&d, "idleTimeout", why);
        if (const Node* h = Map(d.Get("http"))) {
          Scoped s(&sink_, ".http");
          NotAllowed(h, "maxStreamDuration", why);
          NotAllowed(h, "maxConnectionDuration", why);
        }
      }
      Duration(&d, "connectionTimeout", false);
      Duration(&d, "idleTimeout", true);
      if (const Node* h = Map(d.Get("http"))) {
        Scoped s(&sink_, ".http");
        if (!Has(h, "requestTimeout") && !Has(h, "streamIdleTimeout") && !Has(h, "maxStreamDuration") &&
            !Has(h, "maxConnectionDuration"))
          sink_.Error("POL072", h->range(), "at least one timeout in this section should be configured (MeshTimeout's "
                                            "validator); add requestTimeout, streamIdleTimeout, maxStreamDuration or "
                                            "maxConnectionDuration");
        for (const char* k : {"requestTimeout", "streamIdleTimeout", "maxStreamDuration", "maxConnectionDuration",
                              "requestHeadersTimeout"})
          Duration(h, k, true);
      }
    };
    if (!route_top) {
      Items("from", [&](const Node& item) {
        Kinds(&item, {"Mesh"}, "from[].targetRef");
        Default(item, conf);
      });
    } else if (const auto* e = Entry("from"); e && Len(&e->value) > 0 && HasList("from")) {
      sink_.Error("POL074", e->key_range, "'from' must not be defined when the top-level targetRef is " + top_kind_ +
                                              " (MeshTimeout's validator); remove it", ".from");
    }
    Items("to", [&](const Node& item) {
      Kinds(&item, route_top ? std::vector<std::string>{"Mesh", "MeshExternalService"}
                             : std::vector<std::string>{"Mesh", "MeshService", "MeshExternalService",
                                                        "MeshMultiZoneService", "MeshHTTPRoute"},
            "to[].targetRef");
      Default(item, conf);
    });
    Items("rules", [&](const Node& item) {
      bool spiffe = Matches(item);
      Default(item, [&](const Node& d) {
        conf(d);
        if (!spiffe) return;
        const std::string why = "can't be specified when matches contain spiffeID because this field cannot be "
                                "conditioned on source identity; move it to a rule without matches";
        NotAllowed(&d, "connectionTimeout", why);
        NotAllowed(&d, "idleTimeout", why);
        if (const Node* h = Map(d.Get("http"))) {
          Scoped s(&sink_, ".http");
          for (const char* k : {"requestHeadersTimeout", "maxStreamDuration", "maxConnectionDuration"}) NotAllowed(h, k, why);
        }
      });
    });
  }

  // rules[].matches (mesh.ValidateMatch and the policies' spiffeID/sni checks). True when a match
  // has a spiffeID.
  bool Matches(const Node& item) {
    const Node* ms = Seq(item.Get("matches"));
    if (!ms) return false;
    bool spiffe = false;
    Scoped s(&sink_, ".matches");
    for (size_t i = 0; i < ms->items().size(); ++i) {
      const Node& m = ms->items()[i];
      if (!m.is_map()) continue;
      Scoped is(&sink_, "[" + std::to_string(i) + "]");
      if (!Has(&m, "spiffeID") && !Has(&m, "sni")) {
        sink_.Error("POL072", m.range(), "must specify at least one of 'spiffeID' or 'sni' (" + std::string(type_) +
                                             "'s validator)");
        continue;
      }
      Match(m);
      spiffe = spiffe || Has(&m, "spiffeID");
    }
    return spiffe;
  }

  // pkg/core/resources/apis/mesh/validators.go ValidateMatch: a SPIFFE ID go-spiffe's
  // spiffeid.FromString accepts; an SNI that is a DNS-1123 subdomain.
  void Match(const Node& m) {
    if (const Node* sp = Map(m.Get("spiffeID"))) {
      const Node* v = sp->Get("value");
      std::string why = v && v->is_scalar() ? SpiffeIdError(v->text()) : "";
      if (!why.empty()) {
        Scoped s(&sink_, ".spiffeID");
        sink_.Error("POL073", v->range(), "must be a valid Spiffe ID: " + why +
                                              " (spiffe://<trust-domain>/<path>, e.g. spiffe://example.org/ns/default/sa/web)",
                    ".value");
      }
    }
    if (const Node* sni = Map(m.Get("sni"))) {
      const Node* v = sni->Get("value");
      if (v && v->is_scalar() && !v->text().empty() && !IsDns1123Subdomain(v->text())) {
        Scoped s(&sink_, ".sni");
        sink_.Error("POL073", v->range(), "'" + v->text() + "' is not a DNS-1123 subdomain (lower case alphanumerics, '-' "
                                              "and '.', at most 253 characters); write the SNI as a host name",
                    ".value");
      }
    }
  }

  static std::string SpiffeIdError(const std::string& id) {
    // go-spiffe v2 spiffeid.FromString: scheme, trust domain [a-z0-9.-_], path segments
    // [a-zA-Z0-9.-_] that are neither empty, "." nor "..", no trailing slash.
    const std::string scheme = "spiffe://";
    if (id.empty()) return "cannot be empty";
    if (id.compare(0, scheme.size(), scheme) != 0) return "scheme is missing or invalid";
    size_t slash = id.find('/', scheme.size());
    std::string td = id.substr(scheme.size(), slash == std::string::npos ? std::string::npos : slash - scheme.size());
    if (td.empty()) return "trust domain is missing";
    for (char c : td)
      if (!(std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '.' ||
            c == '-' || c == '_'))
        return "trust domain characters are limited to lowercase letters, numbers, dots, dashes, and underscores";
    if (slash == std::string::npos) return "";
    std::string path = id.substr(slash);
    size_t i = 0;
    while (i < path.size()) {
      size_t next = path.find('/', i + 1);
      std::string seg = path.substr(i + 1, next == std::string::npos ? std::string::npos : next - i - 1);
      if (seg.empty()) return next == std::string::npos ? "path cannot have a trailing slash" : "path cannot contain empty segments";
      if (seg == "." || seg == "..") return "path cannot contain dot segments";
      for (char c : seg)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '_'))
          return "path segment characters are limited to letters, numbers, dots, dashes, and underscores";
      if (next == std::string::npos) break;
      i = next;
    }
    return "";
  }

  static bool IsDns1123Subdomain(const std::string& s) {
    if (s.empty() || s.size() > 253) return false;
    size_t start = 0;
    while (true) {
      size_t dot = s.find('.', start);
      std::string label = s.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
      if (label.empty() || label.size() > 63) return false;
      if (!std::isalnum(static_cast<unsigned char>(label.front())) || !std::isalnum(static_cast<unsigned char>(label.back())))
        return false;
      for (char c : label)
        if (!(std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '-')) return false;
      if (dot == std::string::npos) return true;
      start = dot + 1;
    }
  }

  // ---- MeshRetry (meshretry/api/v1alpha1/validator.go) ----
  void Retry() {
    bool route_top = top_kind_ == "MeshHTTPRoute" || top_kind_ == "MeshGateway";
    Items("to", [&](const Node& item) {
      Kinds(&item, route_top ? std::vector<std::string>{"Mesh", "MeshExternalService"}
                             : std::vector<std::string>{"Mesh", "MeshService", "MeshExternalService",
                                                        "MeshMultiZoneService", "MeshHTTPRoute"},
            "to[].targetRef");
      Default(item, [&](const Node& d) {
        AtLeastOne(d, {"tcp", "http", "grpc"}, "a MeshRetry default");
        if (const Node* tcp = Map(d.Get("tcp"))) {
          Scoped s(&sink_, ".tcp");
          if (!Has(tcp, "maxConnectAttempt"))
            sink_.Error("POL072", tcp->range(), "must not be empty (MeshRetry's validator); set maxConnectAttempt");
          else
            Positive(tcp, "maxConnectAttempt");
        }
        if (const Node* h = Map(d.Get("http"))) {
          Scoped s(&sink_, ".http");
          AtLeastOne(*h, {"numRetries", "perTryTimeout", "backOff", "retryOn", "retriableRequestHeaders",
                          "retriableResponseHeaders", "rateLimitedBackOff", "hostSelection"},
                     "http");
          BackOff(h);
          RetryOn(h, true);
          HostSelection(h);
        }
        if (const Node* g = Map(d.Get("grpc"))) {
          Scoped s(&sink_, ".grpc");
          AtLeastOne(*g, {"numRetries", "perTryTimeout", "backOff", "retryOn", "rateLimitedBackOff"}, "grpc");
          BackOff(g);
          RetryOn(g, false);
        }
      });
    });
  }
  void BackOff(const Node* proto) {
    if (const Node* b = Map(proto->Get("backOff"))) {
      Scoped s(&sink_, ".backOff");
      AtLeastOne(*b, {"baseInterval", "maxInterval"}, "backOff");
    }
    if (const Node* b = Map(proto->Get("rateLimitedBackOff"))) {
      Scoped s(&sink_, ".rateLimitedBackOff");
      Duration(b, "maxInterval", false);
      if (!Has(b, "resetHeaders"))
        sink_.Error("POL072", b->range(), "'resetHeaders' must be defined (MeshRetry's validator); add resetHeaders: "
                                          "[{name: Retry-After, format: Seconds}]",
                    ".resetHeaders");
    }
  }
  // validateHTTPRetryOn / validateGRPCRetryOn.
  void RetryOn(const Node* proto, bool http) {
    const Node* ro = Seq(proto->Get("retryOn"));
    if (!ro) return;
    static const std::set<std::string> kHttp = {
        "5xx", "GatewayError", "Reset", "Retriable4xx", "ConnectFailure", "EnvoyRatelimited", "RefusedStream",
        "Http3PostConnectFailure", "HttpMethodConnect", "HttpMethodDelete", "HttpMethodGet", "HttpMethodHead",
        "HttpMethodOptions", "HttpMethodPatch", "HttpMethodPost", "HttpMethodPut", "HttpMethodTrace"};
    static const std::set<std::string> kGrpc = {"Canceled", "DeadlineExceeded", "Internal", "ResourceExhausted",
                                                "Unavailable"};
    Scoped s(&sink_, ".retryOn");
    for (size_t i = 0; i < ro->items().size(); ++i) {
      const Node& v = ro->items()[i];
      if (!v.is_scalar()) continue;
      const std::string& t = v.text();
      bool ok = http ? kHttp.count(t) || IsHttpStatus(t) : kGrpc.count(t) > 0;
      if (ok || !http) continue;  // gRPC's values are the CRD's enum: POL042
      sink_.Error("POL073", v.range(), "unknown item '" + t + "' in retryOn (MeshRetry's validator); use " +
                                           (http ? std::string("5xx, GatewayError, Reset, Retriable4xx, ConnectFailure, "
                                                               "EnvoyRatelimited, RefusedStream, Http3PostConnectFailure, "
                                                               "HttpMethod<Verb> or an HTTP status code such as 503")
                                                 : std::string("Canceled, DeadlineExceeded, Internal, ResourceExhausted "
                                                               "or Unavailable")),
                  "[" + std::to_string(i) + "]");
    }
  }
  // Go's http.StatusText(code) != "": the status codes net/http names.
  static bool IsHttpStatus(const std::string& t) {
    if (t.empty() || t.size() > 3 || !std::all_of(t.begin(), t.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
      return false;
    static const std::set<int> kKnown = {100, 101, 102, 103, 200, 201, 202, 203, 204, 205, 206, 207, 208, 226,
                                         300, 301, 302, 303, 304, 305, 307, 308, 400, 401, 402, 403, 404, 405,
                                         406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417, 418, 421,
                                         422, 423, 424, 425, 426, 428, 429, 431, 451, 500, 501, 502, 503, 504,
                                         505, 506, 507, 508, 510, 511};
    return kKnown.count(std::stoi(t)) > 0;
  }
  void HostSelection(const Node* h) {
    const Node* hs = Seq(h->Get("hostSelection"));
    if (!hs) return;
    Scoped s(&sink_, ".hostSelection");
    bool priority = false;
    for (size_t i = 0; i < hs->items().size(); ++i) {
      const Node& p = hs->items()[i];
      if (!p.is_map()) continue;
      Scoped is(&sink_, "[" + std::to_string(i) + "]");
      const Node* pred = p.Get("predicate");
      std::string t = pred && pred->is_scalar() ? pred->text() : "";
      if (t == "OmitHostsWithTags" && !Has(&p, "tags")) {
        sink_.Error("POL072", p.range(), "'tags' must be defined for OmitHostsWithTags (MeshRetry's validator)", ".tags");
      } else if (t == "OmitPreviousPriorities") {
        if (priority)
          sink_.Error("POL074", pred->range(), "OmitPreviousPriorities must only be specified once (MeshRetry's "
                                               "validator); remove this one",
                      ".predicate");
        const Node* uf = p.Get("updateFrequency");
        if (!uf || uf->as_int().value_or(0) <= 0)
          sink_.Error("POL071", uf ? uf->range() : p.range(), "'updateFrequency' must be defined and greater than 0 "
                                                              "(MeshRetry's validator)",
                      ".updateFrequency");
        priority = true;
      }
    }
  }

  // ---- MeshTLS (meshtls/api/v1alpha1/validator.go, common_tls.ValidateVersion) ----
  void Tls() {
    FromWithRules(false);
    auto conf = [&](const Node& d) {
      if (top_kind_ != "Mesh") {
        const std::string why = "can only be defined with top level targetRef kind: Mesh (MeshTLS's validator; this "
                                "one is " + top_kind_ + "); move it to a MeshTLS that targets the Mesh";
        if (Len(d.Get("tlsCiphers")) > 0) NotAllowed(&d, "tlsCiphers", why);
        NotAllowed(&d, "tlsVersion", why);
        return;
      }
      if (const Node* v = Map(d.Get("tlsVersion"))) {
        static const std::map<std::string, int> kOrder = {{"TLSAuto", 0}, {"TLS10", 1}, {"TLS11", 2}, {"TLS12", 3}, {"TLS13", 4}};
        const Node* mn = v->Get("min");
        const Node* mx = v->Get("max");
        auto specific = [&](const Node* n) { return n && kOrder.count(n->text()) && n->text() != "TLSAuto"; };
        if (specific(mn) && specific(mx) && kOrder.at(mn->text()) > kOrder.at(mx->text())) {
          Scoped s(&sink_, ".tlsVersion");
          sink_.Error("POL074", mn->range(), "min version must be lower than max (MeshTLS's validator: " + mn->text() +
                                                 " > " + mx->text() + "); swap them",
                      ".min");
        }
      }
    };
    Items("from", [&](const Node& item) {
      Kinds(&item, {"Mesh"}, "from[].targetRef");
      Default(item, conf);
    });
    Items("rules", [&](const Node& item) { Default(item, conf); });
  }

  // ---- MeshTrafficPermission (meshtrafficpermission/api/v1alpha1/validator.go) ----
  void TrafficPermission() {
    FromWithRules(false);
    if (SchemaHasRules()) {
      NeedsOneList(r_ == KumaRelease::k3_0 ? std::vector<std::string>{"rules"} : std::vector<std::string>{"from", "rules"});
    }
    Items("from", [&](const Node& item) {
      Kinds(&item, {"Mesh", "MeshSubset", "MeshService", "MeshServiceSubset"}, "from[].targetRef");
      Default(item, [&](const Node& d) {
        if (!Has(&d, "action"))
          sink_.Error("POL072", d.range(), "'action' must be defined (MeshTrafficPermission's validator); add action: "
                                           "Allow, Deny or AllowWithShadowDeny",
                      ".action");
      });
    });
    Items("rules", [&](const Node& item) {
      const Node* d = Map(item.Get("default"));
      if (!d) return;
      if (Len(d->Get("allow")) == 0 && Len(d->Get("deny")) == 0 && Len(d->Get("allowWithShadowDeny")) == 0)
        sink_.Error("POL072", d->range(), "at least one of 'allow', 'allowWithShadowDeny', 'deny' has to be defined "
                                          "(MeshTrafficPermission's validator); add one",
                    ".default");
      Scoped s(&sink_, ".default");
      for (const char* list : {"allow", "allowWithShadowDeny", "deny"}) {
        const Node* ms = Seq(d->Get(list));
        if (!ms) continue;
        Scoped ls(&sink_, std::string(".") + list);
        for (size_t i = 0; i < ms->items().size(); ++i) {
          if (!ms->items()[i].is_map()) continue;
          Scoped is(&sink_, "[" + std::to_string(i) + "]");
          Match(ms->items()[i]);
        }
      }
    });
  }
  bool SchemaHasRules() const { return r_ != KumaRelease::k2_10; }

  // ---- MeshCircuitBreaker (meshcircuitbreaker/api/v1alpha1/validator.go) ----
  void CircuitBreaker() {
    auto conf = [&](const Node& d) {
      if (!Has(&d, "connectionLimits") && !Has(&d, "outlierDetection")) {
        sink_.Error("POL072", d.range(), "at least one of: 'connectionLimits' or 'outlierDetection' should be configured "
                                         "(MeshCircuitBreaker's validator)");
        return;
      }
      if (const Node* cl = Map(d.Get("connectionLimits"))) {
        Scoped s(&sink_, ".connectionLimits");
        for (const char* k : {"maxConnections", "maxConnectionPools", "maxPendingRequests", "maxRetries", "maxRequests"})
          Positive(cl, k);
      }
      if (const Node* od = Map(d.Get("outlierDetection"))) {
        Scoped s(&sink_, ".outlierDetection");
        Duration(od, "interval", false);
        Duration(od, "baseEjectionTime", false);
        Percentage(od, "maxEjectionPercent");
        Percentage(od, "healthyPanicThreshold");
        const Node* det = Map(od->Get("detectors"));
        if (!det) {
          if (!Has(od, "disabled") || od->Get("disabled")->text() != "true")
            sink_.Error("POL072", od->range(), "'detectors' must be defined (MeshCircuitBreaker's validator); add e.g. "
                                               "detectors: {totalFailures: {consecutive: 5}}",
                        ".detectors");
          return;
        }
        Scoped ds(&sink_, ".detectors");
        if (!Has(det, "totalFailures") && !Has(det, "gatewayFailures") && !Has(det, "localOriginFailures") &&
            !Has(det, "successRate") && !Has(det, "failurePercentage")) {
          AtLeastOne(*det, {"totalFailures", "gatewayFailures", "localOriginFailures", "successRate", "failurePercentage"},
                     "detectors");
          return;
        }
        for (const char* k : {"totalFailures", "gatewayFailures", "localOriginFailures"})
          if (const Node* x = Map(det->Get(k))) {
            Scoped xs(&sink_, std::string(".") + k);
            Positive(x, "consecutive");
          }
        for (const char* k : {"successRate", "failurePercentage"})
          if (const Node* x = Map(det->Get(k))) {
            Scoped xs(&sink_, std::string(".") + k);
            Positive(x, "minimumHosts");
            Positive(x, "requestVolume");
            if (k[0] == 'f') Percentage(x, "threshold");
          }
      }
    };
    Items("to", [&](const Node& item) { Default(item, conf); });
    Items("from", [&](const Node& item) { Default(item, conf); });
    Items("rules", [&](const Node& item) { Default(item, conf); });
  }

  // ---- MeshHealthCheck (meshhealthcheck/api/v1alpha1/validator.go) ----
  void HealthCheck() {
    Items("to", [&](const Node& item) {
      Default(item, [&](const Node& d) {
        for (const char* k : {"interval", "timeout", "initialJitter", "intervalJitter", "noTrafficInterval"})
          Duration(&d, k, false);
        Positive(&d, "unhealthyThreshold");
        Positive(&d, "healthyThreshold");
        Percentage(&d, "intervalJitterPercent");
        Percentage(&d, "healthyPanicThreshold");
        if (const Node* h = Map(d.Get("http"))) {
          Scoped s(&sink_, ".http");
          if (const Node* p = h->Get("path"); p && p->is_scalar() && p->text().empty())
            sink_.Error("POL072", p->range(), "'path' must not be empty (MeshHealthCheck's validator); e.g. /health", ".path");
          if (const Node* st = Seq(h->Get("expectedStatuses"))) {
            Scoped ss(&sink_, ".expectedStatuses");
            for (size_t i = 0; i < st->items().size(); ++i) {
              std::optional<int64_t> c = st->items()[i].as_int();
              if (c && (*c < 100 || *c >= 600))
                sink_.Error("POL071", st->items()[i].range(), "status code " + st->items()[i].text() +
                                                                  " must be in the range [100, 600) (MeshHealthCheck's validator)",
                            "[" + std::to_string(i) + "]");
            }
          }
        }
        if (!Has(&d, "http") && !Has(&d, "tcp") && !Has(&d, "grpc"))
          AtLeastOne(d, {"http", "tcp", "grpc"}, "a MeshHealthCheck default");
      });
    });
  }

  // ---- MeshPassthrough (meshpassthrough/api/v1alpha1/validator.go) ----
  void Passthrough() {
    const Node* d = Map(spec_.Get("default"));
    const Node* ms = d ? Seq(d->Get("appendMatch")) : nullptr;
    if (!ms) return;
    Scoped s(&sink_, ".default");
    Scoped as(&sink_, ".appendMatch");
    static const std::set<std::string> kL7 = {"grpc", "http", "http2"};
    std::map<int64_t, std::string> port_protocol;
    std::map<std::pair<int64_t, std::string>, std::set<std::string>> values;
    for (size_t i = 0; i < ms->items().size(); ++i) {
      const Node& m = ms->items()[i];
      if (!m.is_map()) continue;
      Scoped is(&sink_, "[" + std::to_string(i) + "]");
      std::string proto = m.Get("protocol") ? m.Get("protocol")->text() : "tcp";
      std::string type = m.Get("type") ? m.Get("type")->text() : "";
      const Node* valn = m.Get("value");
      std::string value = valn ? valn->text() : "";
      const Node* portn = m.Get("port");
      std::optional<int64_t> port = portn ? portn->as_int() : std::nullopt;
      auto at = [&](const char* key) { return m.Get(key) ? m.Get(key)->range() : m.range(); };
      if (proto == "mysql" && !portn)
        sink_.Error("POL074", m.range(), "port must be defined for Mysql protocol (MeshPassthrough's validator)", ".port");
      if (portn && port && (*port == 0 || *port > 65535))
        sink_.Error("POL071", portn->range(), "port must be a valid (1-65535) (MeshPassthrough's validator)", ".port");
      if (port) {
        auto it = port_protocol.find(*port);
        if (it != port_protocol.end() && it->second != proto && kL7.count(proto))
          sink_.Error("POL074", portn->range(), "using the same port in multiple matches requires the same protocol for "
                                                "grpc, http and http2 (MeshPassthrough's validator); port " +
                                                    std::to_string(*port) + " is already " + it->second,
                      ".port");
        else
          port_protocol[*port] = proto;
        if (!values[{*port, proto}].insert(value).second)
          sink_.Error("POL074", at("value"), "value " + value + " is already defined for this port and protocol "
                                                               "(MeshPassthrough's validator); remove the duplicate",
                      ".value");
      }
      if (type == "CIDR" && !IsCidr(value)) {
        sink_.Error("POL073", at("value"), "provided CIDR has incorrect value '" + value + "' (MeshPassthrough's "
                                                                                        "validator); e.g. 10.0.0.0/8",
                    ".value");
      } else if (type == "IP" && !IsIp(value)) {
        sink_.Error("POL073", at("value"), "provided IP has incorrect value '" + value + "' (MeshPassthrough's "
                                                                                      "validator); e.g. 10.0.0.1",
                    ".value");
      } else if (type == "Domain") {
        if (proto == "tcp" || proto == "mysql")
          sink_.Error("POL074", at("protocol"), "protocol " + proto + " is not supported for a domain (MeshPassthrough's "
                                                                      "validator); use type IP/CIDR or protocol tls/http",
                      ".protocol");
        if (value.size() > 1 && value[0] == '*' && value[1] != '.')
          sink_.Error("POL073", at("value"), "provided DNS has incorrect value, partial wildcard is currently not "
                                            "supported (MeshPassthrough's validator); use *.example.com",
                      ".value");
        else if (!portn && !value.empty() && value[0] == '*' && kL7.count(proto))
          sink_.Error("POL074", m.range(), "wildcard domains doesn't work for all ports and layer 7 protocol "
                                           "(MeshPassthrough's validator); set a port",
                      ".port");
        std::string v = value.rfind("*.", 0) == 0 ? value.substr(2) : value;
        if (!(v.size() && v[0] == '*') && !IsDnsName(v))
          sink_.Error("POL073", at("value"), "provided DNS has incorrect value '" + value + "' (MeshPassthrough's "
                                                                                         "validator)",
                      ".value");
      }
    }
  }
  static bool IsIp4(const std::string& s) {
    int parts = 0;
    size_t i = 0;
    while (i <= s.size()) {
      size_t dot = s.find('.', i);
      std::string p = s.substr(i, dot == std::string::npos ? std::string::npos : dot - i);
      if (p.empty() || p.size() > 3 || !std::all_of(p.begin(), p.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }) ||
          std::stoi(p) > 255)
        return false;
      ++parts;
      if (dot == std::string::npos) break;
      i = dot + 1;
    }
    return parts == 4;
  }
  static bool IsIp6(const std::string& s) {
    if (s.find(':') == std::string::npos) return false;
    int groups = 0;
    bool dbl = s.find("::") != std::string::npos;
    if (dbl && s.find("::", s.find("::") + 1) != std::string::npos) return false;
    size_t i = 0;
    while (i <= s.size()) {
      size_t c = s.find(':', i);
      std::string g = s.substr(i, c == std::string::npos ? std::string::npos : c - i);
      if (!g.empty()) {
        if (g.find('.') != std::string::npos) {
          if (!IsIp4(g)) return false;
          groups += 2;
        } else {
          if (g.size() > 4 || !std::all_of(g.begin(), g.end(), [](char ch) { return std::isxdigit(static_cast<unsigned char>(ch)); }))
            return false;
          ++groups;
        }
      }
      if (c == std::string::npos) break;
      i = c + 1;
    }
    return dbl ? groups < 8 : groups == 8;
  }
  static bool IsIp(const std::string& s) { return IsIp4(s) || IsIp6(s); }
  static bool IsCidr(const std::string& s) {
    size_t slash = s.find('/');
    if (slash == std::string::npos) return false;
    std::string ip = s.substr(0, slash), bits = s.substr(slash + 1);
    if (bits.empty() || bits.size() > 3 || !std::all_of(bits.begin(), bits.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
      return false;
    int b = std::stoi(bits);
    return (IsIp4(ip) && b <= 32) || (IsIp6(ip) && b <= 128);
  }
  // govalidator.IsDNSName: labels of letters, digits, '-' and '_' (not leading/trailing '-'), at
  // most 63 each, 253 in all, and not an IP address.
  static bool IsDnsName(const std::string& s) {
    if (s.empty() || s.size() > 253 || IsIp(s)) return false;
    std::string t = s.back() == '.' ? s.substr(0, s.size() - 1) : s;
    size_t start = 0;
    while (true) {
      size_t dot = t.find('.', start);
      std::string l = t.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
      if (l.empty() || l.size() > 63 || l.front() == '-' || l.back() == '-') return false;
      for (char c : l)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_')) return false;
      if (dot == std::string::npos) return true;
      start = dot + 1;
    }
  }

  // ---- MeshFaultInjection (meshfaultinjection/api/v1alpha1/validator.go) ----
  void FaultInjection() {
    auto conf = [&](const Node& d) {
      const Node* http = Seq(d.Get("http"));
      if (!http) return;
      Scoped hs(&sink_, ".http");
      for (size_t i = 0; i < http->items().size(); ++i) {
        const Node& f = http->items()[i];
        if (!f.is_map()) continue;
        Scoped is(&sink_, "[" + std::to_string(i) + "]");
        if (const Node* a = Map(f.Get("abort"))) {
          Scoped as(&sink_, ".abort");
          if (const Node* st = a->Get("httpStatus"); st && st->as_int() && (*st->as_int() < 100 || *st->as_int() >= 600))
            sink_.Error("POL071", st->range(), "status code " + st->text() + " must be in the range [100, 600) "
                                                                           "(MeshFaultInjection's validator)",
                        ".httpStatus");
          Percentage(a, "percentage");
        }
        if (const Node* dl = Map(f.Get("delay"))) {
          Scoped ds(&sink_, ".delay");
          Duration(dl, "value", true);
          Percentage(dl, "percentage");
        }
        if (const Node* rb = Map(f.Get("responseBandwidth"))) {
          Scoped rs(&sink_, ".responseBandwidth");
          Percentage(rb, "percentage");
          // validators.ValidateBandwidth (common_validators.go): `^(\d*)\s?([GMk]+bps)$`.
          if (const Node* l = rb->Get("limit"); l && l->is_scalar()) {
            const std::string& t = l->text();
            size_t i = 0;
            while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i;
            if (i < t.size() && std::isspace(static_cast<unsigned char>(t[i]))) ++i;
            size_t units = i;
            while (i < t.size() && (t[i] == 'G' || t[i] == 'M' || t[i] == 'k')) ++i;
            bool ok = i > units && t.compare(i, std::string::npos, "bps") == 0;
            if (!ok)
              sink_.Error("POL073", l->range(), "'" + t + "' is not a bandwidth (MeshFaultInjection's validator); write "
                                                    "an integer with kbps, Mbps or Gbps, e.g. 10Mbps",
                          ".limit");
          }
        }
      }
    };
    Items("to", [&](const Node& item) { Default(item, conf); });
    Items("from", [&](const Node& item) { Default(item, conf); });
    Items("rules", [&](const Node& item) { Default(item, conf); });
  }

  // ---- MeshHTTPRoute (meshhttproute/api/v1alpha1/validation.go at v2.14.3; at main for 3.0) ----
  void HttpRoute() {
    Items("to", [&](const Node& item) {
      if (const Node* h = item.Get("hostnames"); Len(h) > 0) {
        // validateHostnames: only a MeshGateway top-level targetRef takes hostnames in 2.x; 3.0
        // rejects them always (the built-in gateway is gone).
        if (r_ == KumaRelease::k3_0)
          sink_.Error("POL066", h->range(), "Kuma 3.0 rejects to[].hostnames in a MeshHTTPRoute (validation.go at "
                                            "main: must not be defined); match the host with rules[].matches[].headers: "
                                            "[{type: Exact, name: :authority, value: HOST}] instead",
                      ".hostnames");
        else if (top_kind_ != "MeshGateway")
          sink_.Error("POL074", h->range(), "to[].hostnames must not be defined unless the top-level targetRef is a "
                                            "MeshGateway (MeshHTTPRoute's validation.go, this one is " + top_kind_ +
                                                "); match the host with a header match on :authority instead",
                      ".hostnames");
      }
      const Node* rules = Seq(item.Get("rules"));
      if (!rules) return;
      Scoped rs(&sink_, ".rules");
      for (size_t i = 0; i < rules->items().size(); ++i) {
        const Node* ms = Seq(rules->items()[i].is_map() ? rules->items()[i].Get("matches") : nullptr);
        if (!ms) continue;
        Scoped is(&sink_, "[" + std::to_string(i) + "]");
        Scoped mss(&sink_, ".matches");
        for (size_t j = 0; j < ms->items().size(); ++j) {
          const Node& m = ms->items()[j];
          if (!m.is_map()) continue;
          Scoped js(&sink_, "[" + std::to_string(j) + "]");
          RouteMatch(m);
        }
      }
    });
  }
  void RouteMatch(const Node& m) {
    if (const Node* p = Map(m.Get("path"))) {
      const Node* t = p->Get("type");
      const Node* v = p->Get("value");
      std::string type = t ? t->text() : "";
      if (v && v->is_scalar() && (type == "PathPrefix" || type == "Exact")) {
        Scoped ps(&sink_, ".path");
        const std::string& val = v->text();
        if (type == "PathPrefix" && val != "/" && !val.empty() && val.back() == '/')
          sink_.Error("POL073", v->range(), "'" + val + "' does not need a trailing slash because only a `/`-separated "
                                                "prefix or an entire path is matched (MeshHTTPRoute's validation.go); "
                                                "write '" + val.substr(0, val.size() - 1) + "'",
                      ".value");
        if (val.empty() || val[0] != '/')
          sink_.Error("POL073", v->range(), "'" + val + "' must be an absolute path (MeshHTTPRoute's validation.go); "
                                                "write '/" + val + "'",
                      ".value");
      }
    }
    if (const Node* hs = Seq(m.Get("headers"))) {
      Scoped hss(&sink_, ".headers");
      for (size_t i = 0; i < hs->items().size(); ++i) {
        const Node& h = hs->items()[i];
        if (!h.is_map()) continue;
        const Node* t = h.Get("type");
        const Node* v = h.Get("value");
        if (t && (t->text() == "Present" || t->text() == "Absent") && v && !v->text().empty()) {
          Scoped is(&sink_, "[" + std::to_string(i) + "]");
          sink_.Error("POL074", v->range(), "'value' must not be defined for a " + t->text() +
                                                " header match (MeshHTTPRoute's validation.go); remove it",
                      ".value");
        }
      }
    }
    if (const Node* qs = Seq(m.Get("queryParams"))) {
      Scoped qss(&sink_, ".queryParams");
      std::set<std::string> seen;
      for (size_t i = 0; i < qs->items().size(); ++i) {
        const Node& q = qs->items()[i];
        const Node* n = q.is_map() ? q.Get("name") : nullptr;
        if (!n || seen.insert(n->text()).second) continue;
        Scoped is(&sink_, "[" + std::to_string(i) + "]");
        sink_.Error("POL074", n->range(), "multiple entries for name " + n->text() +
                                              " (MeshHTTPRoute's validation.go); merge them into one match",
                    ".name");
      }
    }
  }

  std::string_view type_;
  const Node& spec_;
  KumaRelease r_;
  doc::DiagnosticSink& sink_;
  std::string top_kind_;
};

}  // namespace

void ValidateSemantics(std::string_view type, const doc::Node& spec, KumaRelease release, doc::DiagnosticSink& sink) {
  if (!spec.is_map()) return;
  Semantics(type, spec, release, sink).Run();
  // `from` is deprecated in 2.14 and removed in 3.0 for the policies that have rules
  // (UPGRADE.md "Upgrade to 3.0.0": "`from` removed from MeshTimeout", ...).
  const schema::CrdKind* k = schema::FindCrdKind(type);
  if (release == KumaRelease::k2_14 && k && schema::FindRow(*k, "rules", release) && schema::FindRow(*k, "from", release)) {
    for (const auto& e : spec.entries()) {
      if (e.key != "from" || !e.value.is_seq() || e.value.items().empty()) continue;
      sink.Note("POL065", e.key_range, std::string("spec.from is deprecated in Kuma 2.14 and removed in 3.0; write the "
                                                   "inbound configuration as rules: [{default: ...}]") +
                                           (type == "MeshTrafficPermission"
                                                ? " with default.allow/deny SPIFFE-ID matches"
                                                : "") +
                                           " (the from[] item for kind: Mesh is one rule without matches)",
                ".from");
    }
  }
}

}  // namespace cfgi::policy
