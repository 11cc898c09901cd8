// Kuma's semantic validation per policy: each function ports the rules of the policy's
// validator.go at kumahq/kuma v2.14.3 (pkg/plugins/policies/<type>/api/v1alpha1/validator.go; the
// shared checks of pkg/core/validators/common_validators.go and
// pkg/core/resources/apis/mesh/validators.go ValidateMatch), whose expected violations are in the
// policy's validator_test.go and testdata/*.output.yaml. The 3.0 rules come from Kuma main
// (pkg/plugins/policies/meshhttproute/api/v1alpha1/validation.go) and UPGRADE.md "Upgrade to 3.0.0".
// Test inputs in our own words: tests/unit/policy_schema_release_test.cpp.
#include "core/policy/policy_validate.h"

#include "core/policy/policy_validate_semantics.h"

namespace cfgi::policy {
namespace semantics {

void Semantics::Run() {
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

bool Semantics::Has(const Node* n, const char* key) {
  const Node* v = n ? n->Get(key) : nullptr;
  return v && !v->is_null();
}

// ValidateDurationGreaterThanZeroOrNil / ValidateDurationNotNegativeOrNil.
void Semantics::Duration(const Node* conf, const char* key, bool zero_ok) {
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
void Semantics::Positive(const Node* conf, const char* key) {
  const Node* v = conf ? conf->Get(key) : nullptr;
  if (!v || v->kind() != Node::Kind::kInt) return;
  std::optional<int64_t> i = v->as_int();
  if (i && *i <= 0)
    sink_.Error("POL071", v->range(), std::string("'") + key + ": " + v->text() + "' must be greater than 0 (" +
                                          std::string(type_) + "'s validator); use 1 or more",
                std::string(".") + key);
}

// ValidateIntPercentageOrNil / ValidateUInt32PercentageOrNil / ValidatePercentageOrNil (0..100).
void Semantics::Percentage(const Node* conf, const char* key) {
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
void Semantics::AtLeastOne(const Node& conf, const std::vector<std::string>& keys, const std::string& what) {
  for (const std::string& k : keys)
    if (Has(&conf, k.c_str())) return;
  sink_.Error("POL072", conf.range(), what + ": at least one of " + Quote(keys) + " has to be defined (" +
                                          std::string(type_) + "'s validator); add one");
}

void Semantics::NotAllowed(const Node* conf, const char* key, const std::string& why) {
  const Node* v = conf ? conf->Get(key) : nullptr;
  if (!v || v->is_null()) return;
  sink_.Error("POL074", v->range(), std::string("'") + key + "' " + why, std::string(".") + key);
}

// The kinds a targetRef may have at this place (validator.go SupportedKinds; the system-role list
// where it is wider, since the role is not known here).
void Semantics::Kinds(const Node* item, const std::vector<std::string>& allowed, const std::string& where) {
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

// `from` beside `rules` (MeshTimeout, MeshTLS, MeshTrafficPermission validate()).
void Semantics::FromWithRules(bool to_too) {
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

void Semantics::NeedsOneList(const std::vector<std::string>& lists) {
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

// rules[].matches (mesh.ValidateMatch and the policies' spiffeID/sni checks). True when a match
// has a spiffeID.
bool Semantics::Matches(const Node& item) {
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
void Semantics::Match(const Node& m) {
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

std::string Semantics::SpiffeIdError(const std::string& id) {
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

bool Semantics::IsDns1123Subdomain(const std::string& s) {
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

}  // namespace semantics

void ValidateSemantics(std::string_view type, const doc::Node& spec, KumaRelease release, doc::DiagnosticSink& sink) {
  if (!spec.is_map()) return;
  semantics::Semantics(type, spec, release, sink).Run();
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
