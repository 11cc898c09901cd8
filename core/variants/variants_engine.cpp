#include "core/variants/variants_engine.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "core/doc/utf8.h"
#include "core/variants/constraint_parse.h"
#include "core/variants/engine_text.h"

namespace cfgi::variants {

using namespace internal;  // NOLINT: engine_text.h, this engine's own helpers
using doc::Node;
using nlohmann::ordered_json;

namespace {

constexpr size_t kMaxOverlapReports = 50;   // per resource
constexpr size_t kDeadCheckLimit = 256;     // variants per resource checked for never-selected

std::string Stem(const std::string& name) {
  std::string s = name.substr(name.rfind('/') + 1);
  size_t dot = s.find('.');
  return dot == std::string::npos || dot == 0 ? s : s.substr(0, dot);
}

std::string Base(const std::string& name) { return name.substr(name.rfind('/') + 1); }


struct Inputs {
  std::vector<Subscription> subscriptions;
  std::vector<std::pair<ClientConfig, doc::SourceRange>> clients;
  std::map<std::string, std::vector<std::optional<std::string>>> domains;
  std::map<std::string, std::vector<std::string>> labels;
  std::vector<std::string> before;
  std::string resource;
  const Node* matrix = nullptr;
};

// The parameters at the sink's scoped field path.
Params ParamsFrom(const Node& n, doc::DiagnosticSink& sink, bool& ok) {
  Params p;
  ok = true;
  if (!n.is_map()) {
    sink.Error("VAR011", n.range(), "a subscription is a map of dynamic parameters ({env: prod}) or {params: {...}, "
               "name: N, resources: [R]}");
    ok = false;
    return p;
  }
  for (const auto& e : n.entries()) {
    if (!e.value.is_scalar() || e.value.is_null()) {
      sink.Error("VAR011", e.value.range(), "dynamic parameter '" + e.key + "' must be a string value", "." + e.key);
      ok = false;
      continue;
    }
    p[e.key] = e.value.text();
  }
  return p;
}

Inputs ParseInputs(const Scenario& s, doc::DiagnosticSink& sink) {
  Inputs in;
  const Node& n = s.inputs;
  if (!n.is_map()) return in;
  static const std::set<std::string> kKnown = {"subscriptions", "clients", "domains", "labels", "before", "resource", "matrix"};
  using Scope = doc::DiagnosticSink::ScopedField;
  for (const auto& e : n.entries())
    if (!kKnown.count(e.key)) {
      Scope at(&sink, "inputs");
      sink.Warning("VAR013", e.key_range, "unknown variants input '" + e.key + "'; the inputs are subscriptions, "
                   "clients, domains, labels, before, resource, matrix", "." + e.key);
    }
  if (const Node* subs = n.Get("subscriptions")) {
    Scope at(&sink, "inputs.subscriptions");
    if (!subs->is_seq()) {
      sink.Error("VAR011", subs->range(), "inputs.subscriptions must be a list");
    } else {
      int i = 0;
      for (const Node& item : subs->items()) {
        Scope at(&sink, "[" + std::to_string(i++) + "]");
        Subscription sub;
        sub.source = s.envelope_source();
        sub.range = item.range();
        sub.origin = "inputs";
        bool ok = true;
        const Node* params = item.is_map() ? item.Get("params") : nullptr;
        if (params && params->is_map()) {
          {
            doc::DiagnosticSink::ScopedField field(&sink, ".params");
            sub.params = ParamsFrom(*params, sink, ok);
          }
          sub.name = item.GetString("name");
          if (const Node* rs = item.Get("resources")) {
            if (rs->is_seq())
              for (const Node& r : rs->items()) sub.resources.push_back(r.text());
            else
              sink.Error("VAR011", rs->range(), "resources must be a list of resource names", ".resources");
          }
        } else if (item.is_null()) {
          // `- {}` or `- ~`: a subscription with no parameters.
        } else {
          sub.params = ParamsFrom(item, sink, ok);
        }
        if (ok) in.subscriptions.push_back(std::move(sub));
      }
    }
  }
  if (const Node* cl = n.Get("clients")) {
    if (!cl->is_seq()) {
      sink.Error("VAR122", cl->range(), "inputs.clients must be a list of client configurations", "inputs.clients");
    } else {
      int i = 0;
      for (const Node& item : cl->items()) {
        std::string def = "client-" + std::to_string(i++);
        const Node* boot = item.is_map() && item.Get("bootstrap") ? item.Get("bootstrap") : &item;
        ClientConfig c = ParseClientConfig(*boot, item.is_map() ? item.GetString("name", def) : def, sink);
        if (boot != &item && item.Get("subscribe") && item.Get("subscribe")->is_seq())
          for (const Node& x : item.Get("subscribe")->items()) c.subscribe.push_back(x.text());
        in.clients.emplace_back(std::move(c), item.range());
      }
    }
  }
  if (const Node* d = n.Get("domains")) {
    Scope at(&sink, "inputs.domains");
    if (!d->is_map()) {
      sink.Error("VAR014", d->range(), "inputs.domains must map each key to the list of values clients send (~ for "
                 "clients that leave the key out)");
    } else {
      for (const auto& e : d->entries()) {
        Scope key(&sink, "." + e.key);
        if (!e.value.is_seq()) {
          sink.Error("VAR014", e.value.range(), "domain of '" + e.key + "' must be a list of values");
          continue;
        }
        auto& vs = in.domains[e.key];
        for (const Node& v : e.value.items()) {
          if (v.is_null()) vs.push_back(std::nullopt);
          else if (v.is_scalar()) vs.push_back(v.text());
          else sink.Error("VAR014", v.range(), "a domain value must be a string or ~ (absent)");
        }
      }
    }
  }
  if (const Node* l = n.Get("labels")) {
    Scope at(&sink, "inputs.labels");
    if (!l->is_map()) {
      sink.Error("VAR013", l->range(), "inputs.labels must map a resource name to its variants' labels in file order");
    } else {
      for (const auto& e : l->entries()) {
        if (!e.value.is_seq()) {
          sink.Error("VAR013", e.value.range(), "labels of '" + e.key + "' must be a list", "." + e.key);
          continue;
        }
        for (const Node& v : e.value.items()) in.labels[e.key].push_back(v.text());
      }
    }
  }
  if (const Node* b = n.Get("before")) {
    if (b->is_seq())
      for (const Node& x : b->items()) in.before.push_back(x.text());
    else if (b->is_scalar())
      in.before.push_back(b->text());
  }
  in.resource = n.GetString("resource");
  if (const Node* m = n.Get("matrix")) in.matrix = m;
  return in;
}

}  // namespace

std::vector<DomainKey> DomainKeys(const ResourceVariants& r, const Domain& d, const CompiledScenario& a) {
  std::vector<DomainKey> keys;
  for (size_t k = 0; k < d.key_count(); ++k) {
    DomainKey ck;
    ck.key = d.key(k);
    auto it = a.domains.find(ck.key);
    if (it != a.domains.end()) {
      ck.declared = true;
      ck.absent = false;
      ck.another = false;
      for (const auto& v : it->second) {
        if (!v) ck.absent = true;
        else if (std::find(ck.values.begin(), ck.values.end(), *v) == ck.values.end()) ck.values.push_back(*v);
      }
    } else {
      std::set<std::string> vals(d.values(k).begin(), d.values(k).end());
      for (const Subscription& s : a.subscriptions) {
        auto p = s.params.find(ck.key);
        if (p != s.params.end()) vals.insert(p->second);
      }
      ck.values.assign(vals.begin(), vals.end());
    }
    keys.push_back(std::move(ck));
  }
  (void)r;
  return keys;
}

namespace {

// The static findings of one variant set, and their diagnostics.
ResourceFindings AnalyzeResource(const ResourceVariants& r, const CompiledScenario& a, Sinks& sinks) {
  ResourceFindings f;
  f.r = &r;
  std::vector<const Constraint*> cs;
  for (const Variant& v : r.variants) cs.push_back(&v.constraint);
  Domain d = Domain::ForConstraints(cs);
  ResetSearchBudget();
  struct BudgetCheck {
    const ResourceVariants& r;
    Sinks& sinks;
    ~BudgetCheck() {
      if (SearchBudgetExceeded() && !r.variants.empty())
        sinks.For(r.variants[0].source).Note("VAR108", r.variants[0].range, "the analysis of \"" + r.name +
            "\" reached its search limit (constraints whose normal form has more than 4096 terms); overlap, "
            "dead-variant and coverage findings for it may be incomplete; simplify the constraints");
    }
  } budget_check{r, sinks};

  // Key sets.
  std::set<std::string>& all_keys = f.all_keys;
  std::vector<std::set<std::string>>& key_sets = f.key_sets;
  for (const Variant& v : r.variants) {
    key_sets.push_back(Keys(v.constraint));
    all_keys.insert(key_sets.back().begin(), key_sets.back().end());
  }
  bool consistent = true;
  for (const auto& ks : key_sets) consistent &= ks == all_keys;
  f.consistent = consistent;

  // Different key sets (TP2 "Matching Behavior and Best Practices"): the exists-based fix.
  if (!consistent && r.variants.size() >= 2) {
    for (size_t i = 0; i < r.variants.size(); ++i) {
      const Variant& v = r.variants[i];
      std::vector<std::string> missing;
      for (const std::string& k : all_keys)
        if (!key_sets[i].count(k)) missing.push_back(k);
      if (missing.empty()) continue;
      std::vector<Constraint> parts;
      if (v.constraint.kind == Constraint::Kind::kAnd) parts = v.constraint.children;
      else if (v.constraint.kind != Constraint::Kind::kTrue) parts.push_back(v.constraint);
      std::string list;
      for (const std::string& k : missing) {
        parts.push_back(Constraint::Not(Constraint::Exists(k)));
        list += (list.empty() ? "" : ", ") + k;
      }
      Constraint fixed = parts.size() == 1 ? parts[0] : Constraint::And(parts);
      sinks.For(v.source).Warning(
          "VAR102", v.range,
          "variant " + v.IdText() + " of \"" + r.name + "\" does not constrain " + list +
              ", which other variants of the resource constrain; TP2 asks every variant to constrain the same keys. "
              "If it is the default for clients that do not send " + list + ", say so with exists: " + Render(fixed) +
              " (textproto: " + CanonicalTextProto(fixed) + ")");
    }
  }

  // Dead variants: unsatisfiable, or every parameter set matching it also matches another.
  for (size_t i = 0; i < r.variants.size() && i < kDeadCheckLimit; ++i) {
    const Variant& v = r.variants[i];
    if (!SatisfyingWitness(v.constraint, d)) {
      sinks.For(v.source).Warning("VAR106", v.range, "variant " + v.IdText() + " of \"" + r.name + "\" (" +
                                  Render(v.constraint) + ") can never match: no parameter set satisfies it; fix or "
                                  "remove it");
      f.dead.push_back({i, "unsatisfiable"});
      continue;
    }
    if (r.variants.size() < 2) continue;
    std::vector<const Constraint*> others;
    for (size_t j = 0; j < r.variants.size(); ++j)
      if (j != i) others.push_back(&r.variants[j].constraint);
    if (!SelectableWitness(v.constraint, others, d)) {
      sinks.For(v.source).Warning("VAR107", v.range, "variant " + v.IdText() + " of \"" + r.name + "\" (" +
                                  Render(v.constraint) + ") is never selected: every parameter set it matches also "
                                  "matches another variant, so those clients are ambiguous; narrow the other variants "
                                  "or remove this one");
      f.dead.push_back({i, "never-selected"});
    }
  }

  // Overlaps, each with a witness.
  std::vector<OverlapFinding> ov = FindOverlaps(cs, d, kMaxOverlapReports + 1);
  for (size_t n = 0; n < ov.size(); ++n) {
    const OverlapFinding& o = ov[n];
    const Variant& va = r.variants[o.a];
    const Variant& vb = r.variants[o.b];
    if (n == kMaxOverlapReports) {
      sinks.For(vb.source).Note("VAR103", vb.range, "more overlapping pairs in \"" + r.name + "\" are not listed (limit " +
                                std::to_string(kMaxOverlapReports) + ")");
      break;
    }
    f.overlaps.push_back(o);
    sinks.For(vb.source).Error(
        "VAR103", vb.range,
        "variants " + va.IdText() + " and " + vb.IdText() + " of \"" + r.name + "\" overlap: the parameters " +
            ParamsJsonText(o.witness) + " match both (" + Render(va.constraint) + " and " + Render(vb.constraint) +
            "), and TP2 leaves the choice undefined; make their constraints mutually exclusive")
        .Relate(va.source, va.range, "variant " + va.IdText() + " matches " + ParamsJsonText(o.witness) + " too");
  }

  // Coverage over the key domains.
  if (d.key_count() == 0) return f;
  f.has_coverage = true;
  f.coverage_keys = DomainKeys(r, d, a);
  f.coverage = FindGaps(cs, d, f.coverage_keys);
  const GapReport& cov = f.coverage;
  const bool declared = f.declared = std::all_of(f.coverage_keys.begin(), f.coverage_keys.end(),
                                                 [](const DomainKey& k) { return k.declared; });
  if (!cov.regions.empty() && !r.variants.empty()) {
    const Variant& v0 = r.variants[0];
    std::string list;
    for (size_t i = 0; i < cov.regions.size() && i < 3; ++i)
      list += (i ? "; " : "") + cov.regions[i].text + " (e.g. " + ParamsJsonText(cov.regions[i].witness) + ")";
    if (cov.regions.size() > 3) list += "; and " + std::to_string(cov.regions.size() - 3) + " more regions";
    std::string how_many = cov.by_search ? std::string("some") : std::to_string(cov.uncovered) + " of " + std::to_string(cov.total);
    std::string msg = "\"" + r.name + "\" has no variant for " + how_many + " parameter combinations: " + list +
                      "; those clients are told the resource does not exist; add a variant for them";
    if (declared) sinks.For(v0.source).Warning("VAR104", v0.range, msg);
    else sinks.For(v0.source).Note("VAR105", v0.range, msg + " (over inferred domains; declare inputs.domains to "
                                   "state what clients send)");
  }
  return f;
}

// The question's subscriptions: --params when given, else the scenario's (inputs.subscriptions),
// the DiscoveryRequests' and the clients' (each client's subscribe list over the final state).
std::vector<Subscription> Subscriptions(const Scenario& s, const VariantsQuery& q, const Inputs& in, CompiledScenario& a,
                                        Sinks& sinks) {
  if (q.subscriptions) {
    if (q.params_source) a.owned.push_back(q.params_source);
    if (!q.diagnostics.empty()) sinks.For(q.params_source.get()).Append(q.diagnostics);
    return *q.subscriptions;
  }
  std::vector<std::string> all_names;
  for (const auto& r : a.final_state.resources) all_names.push_back(r.name);
  std::vector<Subscription> out = in.subscriptions;
  for (const Subscription& sub : a.model.subscriptions) out.push_back(sub);
  for (const auto& [cfg, range] : in.clients)
    for (Subscription& sub : ClientSubscriptions(cfg, all_names, s.envelope_source(), range)) out.push_back(std::move(sub));
  for (const auto& c : a.model.clients)
    for (Subscription& sub : ClientSubscriptions(*c.config, all_names, c.source, c.range)) out.push_back(std::move(sub));
  return out;
}

// inputs.matrix as a request Evaluate computes (VAR014 when it names no existing resource or
// lacks a key).
std::optional<MatrixRequest> MatrixRequestOf(const Inputs& in, const CompiledScenario& a, doc::DiagnosticSink& esink) {
  if (!in.matrix || !in.matrix->is_map()) return std::nullopt;
  std::string rn = in.matrix->GetString("resource"), kx = in.matrix->GetString("x"), ky = in.matrix->GetString("y");
  if (!a.final_state.Find(rn) || kx.empty() || ky.empty()) {
    esink.Error("VAR014", in.matrix->range(), "matrix needs an existing resource and two keys: {resource: R, x: KEY, "
                "y: KEY, base: {...}}", "inputs.matrix");
    return std::nullopt;
  }
  bool ok = true;
  doc::DiagnosticSink::ScopedField at(&esink, "inputs.matrix.base");
  Params base = in.matrix->Get("base") ? ParamsFrom(*in.matrix->Get("base"), esink, ok) : Params{};
  return MatrixRequest{rn, kx, ky, std::move(base)};
}

}  // namespace

const ProfileSet<Profile>& Profiles() {
  static const ProfileSet<Profile> s({
      {Profile::kTp2, "tp2", "xRFC TP2 dynamic parameter constraints (cncf/xds proposals TP2; envoy discovery.proto)"},
  });
  return s;
}

std::unique_ptr<EngineResult> VariantsModel::Evaluate(std::string_view, doc::Explanation* why) const {
  auto r = std::make_unique<VariantsResult>();
  r->analysis = &analysis;
  r->evaluated = mode == Mode::kEvaluate;
  // Evaluated in kCheck mode too: the answers' diagnostics (VAR100, VAR101, VAR110-VAR114) are
  // findings `check` reports.
  r->evaluation = variants::Evaluate(analysis, analysis.subscriptions, why);
  r->diagnostics = r->evaluation.diagnostics;
  return r;
}

nlohmann::ordered_json VariantsResult::ToJson() const {
  return evaluated ? ResultJson(*analysis, evaluation) : nlohmann::ordered_json::object();
}

CompiledScenario CompileScenario(const Scenario& s, const VariantsQuery& q) {
  CountModelBuild();
  CompiledScenario a;
  // Variants and subscriptions point at their sources: keep them alive with the analysis, so
  // ResultJson can run after the Scenario is gone.
  for (const doc::Document& d : s.sources) a.owned.push_back(d.source);
  if (s.envelope) a.owned.push_back(s.envelope->source);
  Sinks sinks;
  doc::DiagnosticSink& esink = sinks.For(s.envelope_source());
  Inputs in = ParseInputs(s, esink);
  a.domains = in.domains;
  std::vector<std::string> before = in.before;
  for (const std::string& b : q.before) before.push_back(b);
  std::string default_res = q.resource.value_or(in.resource);

  // Load every source; remember which updates come from "before" sources.
  std::vector<Update> before_updates, after_updates;
  std::set<std::string> used_before;
  for (const doc::Document& d : s.sources) {
    Sources one;
    LoadSource(d, default_res.empty() ? Stem(d.source->name()) : default_res, one, sinks);
    bool is_before = false;
    for (const std::string& b : before)
      if (b == d.source->name() || b == Base(d.source->name())) {
        is_before = true;
        used_before.insert(b);
      }
    for (Update& u : one.updates) (is_before ? before_updates : after_updates).push_back(std::move(u));
    for (Subscription& sub : one.subscriptions) a.model.subscriptions.push_back(std::move(sub));
    for (auto& c : one.clients) a.model.clients.push_back(std::move(c));
  }
  for (const std::string& b : before)
    if (!used_before.count(b))
      esink.Error("VAR013", {0, 0}, "before names '" + b + "', which is not one of the scenario's sources; use a "
                  "source's name or file name");
  a.has_transition = !before.empty();
  {
    std::vector<Update> all = std::move(before_updates);
    size_t nb = all.size();
    for (Update& u : after_updates) all.push_back(std::move(u));
    AssignIds(all, in.labels);
    for (size_t i = 0; i < all.size(); ++i) {
      if (i < nb) {
        ApplyUpdate(a.before, all[i], &sinks);
        if (i + 1 == nb) a.final_state = a.before;
        continue;
      }
      ApplyUpdate(a.final_state, all[i], &sinks);
      a.steps.push_back(a.final_state);
    }
    a.model.updates = std::move(all);
  }

  a.subscriptions = Subscriptions(s, q, in, a, sinks);
  // Analyses over the variant set itself (what subscriptions select is Evaluate's).
  for (const ResourceVariants& r : a.final_state.resources) a.findings.push_back(AnalyzeResource(r, a, sinks));

  a.matrix = MatrixRequestOf(in, a, esink);
  // The final variant sets compiled once for Evaluate's selections.
  a.index = std::make_shared<const VariantIndex>(VariantIndex::Build(a.final_state.resources));
  a.diagnostics = sinks.All();
  doc::SortDiagnostics(a.diagnostics);
  return a;
}

}  // namespace cfgi::variants

namespace cfgi {

namespace {

class VariantsEngine final : public Engine {
 public:
  std::string_view name() const override { return "variants"; }
  const std::vector<doc::Profile>& profiles() const override { return variants::Profiles().profiles(); }
  // Typed: results of one analysis compare without serialising (variants_compare.cpp).
  Comparison CompareResults(const std::vector<ComparedResult>& results) const override {
    return variants::CompareTyped(*this, results);
  }
  // True when `key` occurs in the text as a whole field name, not inside a longer one: gRPC's xDS
  // bootstrap has "server_listener_resource_name_template" (grpc-core src/core/xds/grpc/
  // xds_bootstrap_grpc.cc), which is no TP2 Resource.resource_name.
  static bool HasKey(const std::string& t, std::string_view key) {
    auto ident = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    for (size_t at = t.find(key); at != std::string::npos; at = t.find(key, at + 1)) {
      bool before = at == 0 || !ident(t[at - 1]);
      bool after = at + key.size() >= t.size() || !ident(t[at + key.size()]);
      if (before && after) return true;
    }
    return false;
  }

  int Detect(const doc::Document& d) const override {
    const std::string& t = d.source->text();
    if (variants::LooksLikeShorthand(t)) return 80;
    for (const char* k : {"dynamic_parameter_constraints", "dynamicParameterConstraints", "resource_locators",
                          "resourceLocators", "removed_resource_names", "removedResourceNames"})
      if (HasKey(t, k)) return 90;
    if (d.format == doc::Format::kTextProto)
      for (const char* k : {"and_constraints", "or_constraints", "not_constraints"})
        if (HasKey(t, k)) return 80;
    // A response whose variants have no constraints (each matches every subscription) still is
    // a TP2 response: Resource.resource_name exists only in TP2's wire messages. A client's
    // DiscoveryRequest / DeltaDiscoveryRequest names its subscriptions (resource_names,
    // resource_names_subscribe: envoy/service/discovery/v3/discovery.proto).
    for (const char* k : {"resource_name", "resourceName", "resource_names", "resourceNames", "resource_names_subscribe",
                          "resourceNamesSubscribe"})
      if (HasKey(t, k)) return 70;
    // A DiscoveryResponse / DeltaDiscoveryResponse of plain resources (one variant each, no
    // constraints).
    bool resources = HasKey(t, "resources");
    bool type_url = HasKey(t, "type_url") || HasKey(t, "typeUrl");
    if (resources && (HasKey(t, "system_version_info") || HasKey(t, "systemVersionInfo") ||
                      (type_url && HasKey(t, "nonce"))))
      return 50;
    return 0;
  }
  std::vector<std::string> proto_messages() const override {
    // The types variants' textproto loader reads (model.cpp LoadTextProto).
    return {"envoy.service.discovery.v3.DeltaDiscoveryResponse", "envoy.service.discovery.v3.DiscoveryResponse",
            "envoy.service.discovery.v3.DiscoveryRequest", "envoy.service.discovery.v3.DeltaDiscoveryRequest",
            "envoy.service.discovery.v3.Resource", "envoy.service.discovery.v3.DynamicParameterConstraints"};
  }
  std::vector<QueryFlag> query_flags() const override {
    return {{"params", "k=v,...", "one subscription with these dynamic parameters ('' for none)", true},
            {"before", "NAME", "a source that forms the 'before' variant set of a transition", true},
            {"resource", "NAME", "the resource that bare constraints belong to (default: the file's stem)", false}};
  }
  std::shared_ptr<const EngineQuery> ParseQuery(const Query& flags) const override {
    return std::make_shared<variants::VariantsQuery>(variants::ParseVariantsQuery(flags));
  }
  std::unique_ptr<EngineModel> Load(const Scenario& s, const Query& q, Mode mode) const override {
    std::optional<variants::VariantsQuery> parsed;
    auto m = std::make_unique<variants::VariantsModel>();
    m->analysis = variants::CompileScenario(s, TypedQuery<variants::VariantsQuery>(q, parsed, variants::ParseVariantsQuery));
    m->diagnostics = m->analysis.diagnostics;
    return m;
  }
};

}  // namespace

const Engine& GetVariantsEngine() {
  static const VariantsEngine e;
  return e;
}

}  // namespace cfgi
