// core/policy/policy_validate_semantics.h: internal to the policy_validate*.cpp files. The
// validator of one policy spec: shared checks (policy_validate.cpp: durations, percentages, kinds,
// matches, SPIFFE IDs), traffic policies (policy_validate_traffic.cpp: MeshTimeout, MeshRetry,
// MeshCircuitBreaker, MeshHealthCheck, MeshFaultInjection), security (policy_validate_security.cpp:
// MeshTLS, MeshTrafficPermission, MeshPassthrough) and routes (policy_validate_route.cpp:
// MeshHTTPRoute). Each function ports the named validator.go of kumahq/kuma v2.14.3.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/doc/diagnostic.h"
#include "core/doc/node.h"
#include "core/policy/policy_crd_table.h"
#include "core/policy/policy_release.h"
#include "core/policy/policy_schema.h"

namespace cfgi::policy::semantics {

using doc::Node;
using Scoped = doc::DiagnosticSink::ScopedField;

// 'a', 'b' or 'c'
inline std::string Quote(const std::vector<std::string>& names) {
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

  // Runs the validator of `type` (none for a type without semantic rules).
  void Run();

 private:
  // ---- helpers (pkg/core/validators/common_validators.go) ----
  static const Node* Map(const Node* n) { return n && n->is_map() ? n : nullptr; }
  static const Node* Seq(const Node* n) { return n && n->is_seq() ? n : nullptr; }
  static size_t Len(const Node* n) { return n && n->is_seq() ? n->items().size() : 0; }

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

  const Node::Entry* Entry(const char* key) const {
    for (const auto& e : spec_.entries())
      if (e.key == key) return &e;
    return nullptr;
  }

  bool SchemaHasRules() const { return r_ != KumaRelease::k2_10; }

  static bool IsIp(const std::string& s) { return IsIp4(s) || IsIp6(s); }

  static bool Has(const Node* n, const char* key);
  // ValidateDurationGreaterThanZeroOrNil / ValidateDurationNotNegativeOrNil.
  void Duration(const Node* conf, const char* key, bool zero_ok);
  // ValidateIntegerGreaterThanZeroOrNil / ValidateValueGreaterThanZeroOrNil.
  void Positive(const Node* conf, const char* key);
  // ValidateIntPercentageOrNil / ValidateUInt32PercentageOrNil / ValidatePercentageOrNil (0..100).
  void Percentage(const Node* conf, const char* key);
  // "at least one of ..." (MustHaveAtLeastOne and the policies' own wording).
  void AtLeastOne(const Node& conf, const std::vector<std::string>& keys, const std::string& what);
  void NotAllowed(const Node* conf, const char* key, const std::string& why);
  // The kinds a targetRef may have at this place (validator.go SupportedKinds; the system-role list
  // where it is wider, since the role is not known here).
  void Kinds(const Node* item, const std::vector<std::string>& allowed, const std::string& where);
  // `from` beside `rules` (MeshTimeout, MeshTLS, MeshTrafficPermission validate()).
  void FromWithRules(bool to_too);
  void NeedsOneList(const std::vector<std::string>& lists);
  // ---- MeshTimeout (meshtimeout/api/v1alpha1/validator.go) ----
  void Timeout();
  // rules[].matches (mesh.ValidateMatch and the policies' spiffeID/sni checks). True when a match
  // has a spiffeID.
  bool Matches(const Node& item);
  // pkg/core/resources/apis/mesh/validators.go ValidateMatch: a SPIFFE ID go-spiffe's
  // spiffeid.FromString accepts; an SNI that is a DNS-1123 subdomain.
  void Match(const Node& m);
  static std::string SpiffeIdError(const std::string& id);
  static bool IsDns1123Subdomain(const std::string& s);
  // ---- MeshRetry (meshretry/api/v1alpha1/validator.go) ----
  void Retry();
  void BackOff(const Node* proto);
  // validateHTTPRetryOn / validateGRPCRetryOn.
  void RetryOn(const Node* proto, bool http);
  // Go's http.StatusText(code) != "": the status codes net/http names.
  static bool IsHttpStatus(const std::string& t);
  void HostSelection(const Node* h);
  // ---- MeshTLS (meshtls/api/v1alpha1/validator.go, common_tls.ValidateVersion) ----
  void Tls();
  // ---- MeshTrafficPermission (meshtrafficpermission/api/v1alpha1/validator.go) ----
  void TrafficPermission();
  // ---- MeshCircuitBreaker (meshcircuitbreaker/api/v1alpha1/validator.go) ----
  void CircuitBreaker();
  // ---- MeshHealthCheck (meshhealthcheck/api/v1alpha1/validator.go) ----
  void HealthCheck();
  // ---- MeshPassthrough (meshpassthrough/api/v1alpha1/validator.go) ----
  void Passthrough();
  static bool IsIp4(const std::string& s);
  static bool IsIp6(const std::string& s);
  static bool IsCidr(const std::string& s);
  // govalidator.IsDNSName: labels of letters, digits, '-' and '_' (not leading/trailing '-'), at
  // most 63 each, 253 in all, and not an IP address.
  static bool IsDnsName(const std::string& s);
  // ---- MeshFaultInjection (meshfaultinjection/api/v1alpha1/validator.go) ----
  void FaultInjection();
  // ---- MeshHTTPRoute (meshhttproute/api/v1alpha1/validation.go at v2.14.3; at main for 3.0) ----
  void HttpRoute();
  void RouteMatch(const Node& m);

  std::string_view type_;
  const Node& spec_;
  KumaRelease r_;
  doc::DiagnosticSink& sink_;
  std::string top_kind_;
};

}  // namespace cfgi::policy::semantics
