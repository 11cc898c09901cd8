// The validators of the traffic policies (MeshTimeout, MeshRetry, MeshCircuitBreaker,
// MeshHealthCheck, MeshFaultInjection): pkg/plugins/policies/<type>/api/v1alpha1/validator.go at
// kumahq/kuma v2.14.3; tests/unit/policy_schema_release_test.cpp.
#include "core/policy/policy_validate_semantics.h"

namespace cfgi::policy::semantics {

// ---- MeshTimeout (meshtimeout/api/v1alpha1/validator.go) ----
void Semantics::Timeout() {
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

// ---- MeshRetry (meshretry/api/v1alpha1/validator.go) ----
void Semantics::Retry() {
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

void Semantics::BackOff(const Node* proto) {
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
void Semantics::RetryOn(const Node* proto, bool http) {
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
bool Semantics::IsHttpStatus(const std::string& t) {
  if (t.empty() || t.size() > 3 || !std::all_of(t.begin(), t.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    return false;
  static const std::set<int> kKnown = {100, 101, 102, 103, 200, 201, 202, 203, 204, 205, 206, 207, 208, 226,
                                       300, 301, 302, 303, 304, 305, 307, 308, 400, 401, 402, 403, 404, 405,
                                       406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417, 418, 421,
                                       422, 423, 424, 425, 426, 428, 429, 431, 451, 500, 501, 502, 503, 504,
                                       505, 506, 507, 508, 510, 511};
  return kKnown.count(std::stoi(t)) > 0;
}

void Semantics::HostSelection(const Node* h) {
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

// ---- MeshCircuitBreaker (meshcircuitbreaker/api/v1alpha1/validator.go) ----
void Semantics::CircuitBreaker() {
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
void Semantics::HealthCheck() {
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

// ---- MeshFaultInjection (meshfaultinjection/api/v1alpha1/validator.go) ----
void Semantics::FaultInjection() {
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

}  // namespace cfgi::policy::semantics
