#include "core/policy/policy_defaults.h"

#include <deque>

#include "core/policy/policy_merge.h"

namespace cfgi::policy {

using nlohmann::json;

namespace {

// The defaults of Kuma 2.x (v2.11) API types that this engine fills. Each cites its marker.
std::deque<FieldDefault>& Table() {  // deque: RegisterDefault keeps earlier pointers valid
  static std::deque<FieldDefault> t = {
      // pkg/plugins/policies/meshtrace/api/v1alpha1/meshtrace.go ZipkinBackend (+kubebuilder:default);
      // the inspect golden pkg/api-server/testdata/resources/inspect/dataplanes/_rules/overriding_meshtrace
      // shows all three in the proxyRule conf.
      {"MeshTrace", "/backends/*/zipkin/traceId128bit", false, "meshtrace.go ZipkinBackend.TraceId128Bit"},
      {"MeshTrace", "/backends/*/zipkin/apiVersion", "httpJson", "meshtrace.go ZipkinBackend.ApiVersion"},
      {"MeshTrace", "/backends/*/zipkin/sharedSpanContext", true, "meshtrace.go ZipkinBackend.SharedSpanContext"},
      {"MeshTrace", "/backends/*/datadog/splitService", false, "meshtrace.go DatadogBackend.SplitService"},
      // api/common/v1alpha1/targetref.go BackendRef.Weight (+kubebuilder:default=1), used by
      // MeshHTTPRoute's rules[].default.backendRefs[].
      {"MeshHTTPRoute", "/rules/*/default/backendRefs/*/weight", 1, "targetref.go BackendRef.Weight"},
      // meshhttproute.go RequestRedirect.StatusCode (+kubebuilder:default=302).
      {"MeshHTTPRoute", "/rules/*/default/filters/*/requestRedirect/statusCode", 302,
       "meshhttproute.go RequestRedirect.StatusCode"},
      // api/common/v1alpha1/header.go HeaderMatch.Type (+kubebuilder:default=Exact).
      {"MeshHTTPRoute", "/rules/*/matches/*/headers/*/type", "Exact", "header.go HeaderMatch.Type"},
  };
  return t;
}

void Fill(json& node, const std::vector<std::string>& toks, size_t i, const std::string& at, const FieldDefault& d,
          std::vector<FilledDefault>* filled) {
  if (i + 1 == toks.size()) {
    if (node.is_object() && !node.contains(toks[i])) {
      node[toks[i]] = d.value;
      if (filled) filled->push_back({at + "/" + EscapePointerToken(toks[i]), d.value, &d});
    }
    return;
  }
  if (toks[i] == "*") {
    if (!node.is_array()) return;
    for (size_t k = 0; k < node.size(); ++k) Fill(node[k], toks, i + 1, at + "/" + std::to_string(k), d, filled);
    return;
  }
  if (!node.is_object()) return;
  auto it = node.find(toks[i]);
  if (it == node.end()) return;
  Fill(*it, toks, i + 1, at + "/" + EscapePointerToken(toks[i]), d, filled);
}

}  // namespace

std::vector<const FieldDefault*> DefaultsFor(const std::string& policy_type) {
  std::vector<const FieldDefault*> out;
  for (const FieldDefault& d : Table())
    if (d.policy_type == policy_type) out.push_back(&d);
  return out;
}

void RegisterDefault(FieldDefault d) { Table().push_back(std::move(d)); }

json ApplyDefaults(const std::string& policy_type, const json& conf, std::vector<FilledDefault>* filled) {
  json out = conf;
  if (!out.is_object()) return out;
  for (const FieldDefault* d : DefaultsFor(policy_type)) {
    std::vector<std::string> toks = SplitPointer(d->pattern);
    if (!toks.empty()) Fill(out, toks, 0, "", *d, filled);
  }
  return out;
}

}  // namespace cfgi::policy
