// The validators of MeshTLS, MeshTrafficPermission and MeshPassthrough
// (pkg/plugins/policies/<type>/api/v1alpha1/validator.go at kumahq/kuma v2.14.3);
// tests/unit/policy_schema_release_test.cpp.
#include "core/policy/policy_validate_semantics.h"

namespace cfgi::policy::semantics {

// ---- MeshTLS (meshtls/api/v1alpha1/validator.go, common_tls.ValidateVersion) ----
void Semantics::Tls() {
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
void Semantics::TrafficPermission() {
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

// ---- MeshPassthrough (meshpassthrough/api/v1alpha1/validator.go) ----
void Semantics::Passthrough() {
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

bool Semantics::IsIp4(const std::string& s) {
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

bool Semantics::IsIp6(const std::string& s) {
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

bool Semantics::IsCidr(const std::string& s) {
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
bool Semantics::IsDnsName(const std::string& s) {
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

}  // namespace cfgi::policy::semantics
