// The validator of MeshHTTPRoute (meshhttproute/api/v1alpha1/validator.go at kumahq/kuma v2.14.3;
// the 3.0 rules of Kuma main's validation.go); tests/unit/policy_schema_release_test.cpp.
#include "core/policy/policy_validate_semantics.h"

namespace cfgi::policy::semantics {

// ---- MeshHTTPRoute (meshhttproute/api/v1alpha1/validation.go at v2.14.3; at main for 3.0) ----
void Semantics::HttpRoute() {
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

void Semantics::RouteMatch(const Node& m) {
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

}  // namespace cfgi::policy::semantics
