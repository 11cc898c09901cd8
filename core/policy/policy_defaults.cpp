#include "core/policy/policy_defaults.h"

#include <deque>

#include "core/policy/policy_merge.h"
#include "core/policy/policy_schema.h"

namespace cfgi::policy {

using nlohmann::json;

namespace {

// The defaults of Kuma 2.x API types: one table, the typed schemas' `+kubebuilder:default=`
// markers (core/policy/policy_schema.cpp, from pkg/plugins/policies/<type>/api/v1alpha1/*.go;
// e.g. meshtrace.go ZipkinBackend.ApiVersion, api/common/v1alpha1 BackendRef.Weight; the inspect
// golden pkg/api-server/testdata/resources/inspect/dataplanes/_rules/overriding_meshtrace shows
// MeshTrace's three in the proxyRule conf). A schema path "backends[].zipkin.apiVersion" becomes
// the pattern "/backends/*/zipkin/apiVersion"; map-valued paths ("{}") are not filled.
std::string PatternOf(const std::string& schema_path) {
  std::string out;
  size_t i = 0;
  while (i < schema_path.size()) {
    size_t dot = schema_path.find('.', i);
    std::string seg = schema_path.substr(i, dot == std::string::npos ? std::string::npos : dot - i);
    bool each = seg.size() > 2 && seg.compare(seg.size() - 2, 2, "[]") == 0;
    if (each) seg.resize(seg.size() - 2);
    out += "/" + EscapePointerToken(seg);
    if (each) out += "/*";
    if (dot == std::string::npos) break;
    i = dot + 1;
  }
  return out;
}

std::deque<FieldDefault>& Table() {  // deque: RegisterDefault keeps earlier pointers valid
  static std::deque<FieldDefault> t = [] {
    std::deque<FieldDefault> d;
    for (const TypeSchema* s : AllTypeSchemas())
      for (const SchemaDefault& def : TypeDefaults(s->type)) {
        if (def.path.find("{}") != std::string::npos) continue;
        d.push_back({std::string(s->type), PatternOf(def.path), def.value,
                     std::string(s->type) + " " + def.path + " (+kubebuilder:default)"});
      }
    return d;
  }();
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
