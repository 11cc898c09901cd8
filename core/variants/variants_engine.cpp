#include "core/variants/variants_engine.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "core/doc/utf8.h"
#include "core/variants/constraint_parse.h"

namespace cfgi::variants {

using doc::Node;
using nlohmann::ordered_json;

namespace {

constexpr size_t kMaxOverlapReports = 50;   // per resource
constexpr size_t kMaxExplained = 20;        // subscriptions in the explanation tree
constexpr size_t kDeadCheckLimit = 256;     // variants per resource checked for never-selected

std::string Stem(const std::string& name) {
  std::string s = name.substr(name.rfind('/') + 1);
  size_t dot = s.find('.');
  return dot == std::string::npos || dot == 0 ? s : s.substr(0, dot);
}

std::string Base(const std::string& name) { return name.substr(name.rfind('/') + 1); }

ordered_json ParamsJson(const Params& p) {
  ordered_json j = ordered_json::object();
  for (const auto& [k, v] : p) j[k] = v;
  return j;
}

std::string ParamsJsonText(const Params& p) { return doc::JsonText(ParamsJson(p)); }

struct Inputs {
  std::vector<Subscription> subscriptions;
  std::vector<std::pair<ClientConfig, doc::SourceRange>> clients;
  std::map<std::string, std::vector<std::optional<std::string>>> domains;
  std::map<std::string, std::vector<std::string>> labels;
  std::vector<std::string> before;
  std::string resource;
  const Node* matrix = nullptr;
};

Params ParamsFrom(const Node& n, const std::string& path, doc::DiagnosticSink& sink, bool& ok) {
  Params p;
  ok = true;
  if (!n.is_map()) {
    sink.Error("VAR011", n.range(), "a subscription is a map of dynamic parameters ({env: prod}) or {params: {...}, "
               "name: N, resources: [R]}", path);
    ok = false;
    return p;
  }
  for (const auto& e : n.entries()) {
    if (!e.value.is_scalar() || e.value.is_null()) {
      sink.Error("VAR011", e.value.range(), "dynamic parameter '" + e.key + "' must be a string value", path + "." + e.key);
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
  for (const auto& e : n.entries())
    if (!kKnown.count(e.key))
      sink.Warning("VAR013", e.key_range, "unknown variants input '" + e.key + "'; the inputs are subscriptions, "
                   "clients, domains, labels, before, resource, matrix", "inputs." + e.key);
  if (const Node* subs = n.Get("subscriptions")) {
    if (!subs->is_seq()) {
      sink.Error("VAR011", subs->range(), "inputs.subscriptions must be a list", "inputs.subscriptions");
    } else {
      int i = 0;
      for (const Node& item : subs->items()) {
        std::string path = "inputs.subscriptions[" + std::to_string(i++) + "]";
        Subscription sub;
        sub.source = s.envelope_source();
        sub.range = item.range();
        sub.origin = "inputs";
        bool ok = true;
        const Node* params = item.is_map() ? item.Get("params") : nullptr;
        if (params && params->is_map()) {
          sub.params = ParamsFrom(*params, path + ".params", sink, ok);
          sub.name = item.GetString("name");
          if (const Node* rs = item.Get("resources")) {
            if (rs->is_seq())
              for (const Node& r : rs->items()) sub.resources.push_back(r.text());
            else
              sink.Error("VAR011", rs->range(), "resources must be a list of resource names", path + ".resources");
          }
        } else if (item.is_null()) {
          // `- {}` or `- ~`: a subscription with no parameters.
        } else {
          sub.params = ParamsFrom(item, path, sink, ok);
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
    if (!d->is_map()) {
      sink.Error("VAR014", d->range(), "inputs.domains must map each key to the list of values clients send (~ for "
                 "clients that leave the key out)", "inputs.domains");
    } else {
      for (const auto& e : d->entries()) {
        if (!e.value.is_seq()) {
          sink.Error("VAR014", e.value.range(), "domain of '" + e.key + "' must be a list of values", "inputs.domains." + e.key);
          continue;
        }
        auto& vs = in.domains[e.key];
        for (const Node& v : e.value.items()) {
          if (v.is_null()) vs.push_back(std::nullopt);
          else if (v.is_scalar()) vs.push_back(v.text());
          else sink.Error("VAR014", v.range(), "a domain value must be a string or ~ (absent)", "inputs.domains." + e.key);
        }
      }
    }
  }
  if (const Node* l = n.Get("labels")) {
    if (!l->is_map()) {
      sink.Error("VAR013", l->range(), "inputs.labels must map a resource name to its variants' labels in file order",
                 "inputs.labels");
    } else {
      for (const auto& e : l->entries()) {
        if (!e.value.is_seq()) {
          sink.Error("VAR013", e.value.range(), "labels of '" + e.key + "' must be a list", "inputs.labels." + e.key);
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

ordered_json IdsJson(const ResourceVariants* r, const std::vector<size_t>& idx) {
  ordered_json a = ordered_json::array();
  for (size_t i : idx) a.push_back(r->variants[i].Id());
  return a;
}

ordered_json SelectionJson(const std::string& name, const ResourceVariants* r, const Selection& sel) {
  ordered_json j;
  j["resource"] = name;
  j["matching"] = r ? IdsJson(r, sel.matching) : ordered_json::array();
  j["selected"] = sel.selected ? r->variants[*sel.selected].Id() : ordered_json();
  j["outcome"] = OutcomeName(sel.outcome);
  return j;
}

std::vector<std::string> SubscribedNames(const Subscription& s, const State& st) {
  if (!s.resources.empty()) return s.resources;
  std::vector<std::string> n;
  for (const auto& r : st.resources) n.push_back(r.name);
  return n;
}

std::string VariantRef(const Variant& v) { return "variant " + v.IdText() + " (" + Render(v.constraint) + ")"; }

std::string SubRef(const Subscription& s) {
  return (s.name.empty() ? std::string("subscription ") : "subscription '" + s.name + "' ") + RenderParams(s.params);
}

}  // namespace

std::vector<CoverageKey> CoverageKeys(const ResourceVariants& r, const Domain& d, const Analysis& a) {
  std::vector<CoverageKey> keys;
  for (size_t k = 0; k < d.key_count(); ++k) {
    CoverageKey ck;
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

const char* ChangeName(Change c) {
  switch (c) {
    case Change::kUnchanged: return "unchanged";
    case Change::kUpdated: return "updated";
    case Change::kChanged: return "changed";
    case Change::kBecameAmbiguous: return "became-ambiguous";
    case Change::kBecameUnmatched: return "became-unmatched";
    case Change::kFixed: return "fixed";
    case Change::kStillAmbiguous: return "still-ambiguous";
    case Change::kStillUnmatched: return "still-unmatched";
  }
  return "";
}

bool Notifies(Change c) {
  return c != Change::kUnchanged && c != Change::kStillAmbiguous && c != Change::kStillUnmatched;
}

std::string Seen::Text() const {
  if (sel.matching.empty() || !r) return "none";
  std::string t;
  for (size_t i : sel.matching) t += (t.empty() ? "" : "+") + r->variants[i].IdText();
  return t;
}

namespace {

// True when `r` (may be null) holds a variant with v's constraints: a variant's identity across
// the responses of a transition is its canonical textproto.
bool HasVariant(const ResourceVariants* r, const Variant& v) {
  return r && std::any_of(r->variants.begin(), r->variants.end(),
                          [&](const Variant& x) { return x.canonical == v.canonical; });
}

Seen SeenIn(const State& s, const std::string& name, const Params& p) {
  Seen seen;
  seen.r = s.Find(name);
  seen.sel = Select(seen.r, p);
  return seen;
}

Change ChangeOf(const Seen& b, const Seen& a) {
  if (b.sel.outcome == Outcome::kMatch && a.sel.outcome == Outcome::kMatch) {
    const Variant& vb = b.r->variants[*b.sel.selected];
    const Variant& va = a.r->variants[*a.sel.selected];
    return vb.ordinal == va.ordinal ? (vb.content == va.content ? Change::kUnchanged : Change::kUpdated) : Change::kChanged;
  }
  if (a.sel.outcome == Outcome::kAmbiguous)
    return b.sel.outcome == Outcome::kAmbiguous ? Change::kStillAmbiguous : Change::kBecameAmbiguous;
  if (a.sel.outcome == Outcome::kNone)
    return b.sel.outcome == Outcome::kNone ? Change::kStillUnmatched : Change::kBecameUnmatched;
  return Change::kFixed;
}

}  // namespace

Transition ComputeTransition(const Analysis& a, const std::vector<Subscription>& subs) {
  Transition t;
  if (!a.has_transition) return t;
  for (size_t i = a.model.updates.size() - a.steps.size(); i < a.model.updates.size(); ++i)
    t.responses.push_back(&a.model.updates[i]);
  std::vector<std::string> names;
  for (const auto& r : a.before.resources) names.push_back(r.name);
  for (const auto& r : a.final_state.resources)
    if (std::find(names.begin(), names.end(), r.name) == names.end()) names.push_back(r.name);
  // The net change as two responses: a variant is identified by its canonical constraints.
  for (const std::string& name : names) {
    const ResourceVariants* rb = a.before.Find(name);
    const ResourceVariants* ra = a.final_state.Find(name);
    ResourceVariants& add = t.adds_first.Get(name);
    ResourceVariants& rem = t.removes_first.Get(name);
    if (rb) {
      add.variants = rb->variants;
      for (const Variant& v : rb->variants)
        if (HasVariant(ra, v)) rem.variants.push_back(v);
    }
    if (ra)
      for (const Variant& v : ra->variants)
        if (!HasVariant(rb, v)) add.variants.push_back(v);
  }
  for (size_t si = 0; si < subs.size(); ++si) {
    const Subscription& sub = subs[si];
    for (const std::string& name : names) {
      if (!sub.resources.empty() && std::find(sub.resources.begin(), sub.resources.end(), name) == sub.resources.end())
        continue;
      TransitionRow row;
      row.subscription = si;
      row.resource = name;
      row.before = SeenIn(a.before, name, sub.params);
      row.after = SeenIn(a.final_state, name, sub.params);
      row.change = ChangeOf(row.before, row.after);
      for (size_t k = 0; k + 1 < a.steps.size(); ++k) row.intermediate.push_back(SeenIn(a.steps[k], name, sub.params));
      row.adds_first = SeenIn(t.adds_first, name, sub.params);
      row.removes_first = SeenIn(t.removes_first, name, sub.params);
      t.rows.push_back(std::move(row));
    }
  }
  return t;
}

std::vector<ProxyResource> ComputeProxy(const State& s, const std::vector<Subscription>& subs) {
  std::vector<ProxyResource> out;
  for (const ResourceVariants& r : s.resources) {
    ProxyResource p;
    p.r = &r;
    p.per_variant.resize(r.variants.size());
    for (size_t si = 0; si < subs.size(); ++si) {
      const auto& rs = subs[si].resources;
      if (!rs.empty() && std::find(rs.begin(), rs.end(), r.name) == rs.end()) continue;
      Selection sel = Select(&r, subs[si].params);
      if (sel.selected) p.per_variant[*sel.selected].push_back(si);
      else if (sel.outcome == Outcome::kAmbiguous) p.ambiguous.push_back(si);
      else p.unmatched.push_back(si);
    }
    out.push_back(std::move(p));
  }
  return out;
}

namespace {

// The static findings of one variant set, and their diagnostics.
ResourceFindings AnalyzeResource(const ResourceVariants& r, const Analysis& a, Sinks& sinks) {
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
            "), and TP2 leaves the choice undefined; make their constraints mutually exclusive");
  }

  // Coverage over the key domains.
  if (d.key_count() == 0) return f;
  f.has_coverage = true;
  f.coverage_keys = CoverageKeys(r, d, a);
  f.coverage = Coverage(cs, d, f.coverage_keys);
  const CoverageReport& cov = f.coverage;
  const bool declared = f.declared = std::all_of(f.coverage_keys.begin(), f.coverage_keys.end(),
                                                 [](const CoverageKey& k) { return k.declared; });
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
  if (why) *why = analysis.explanation;
  return r;
}

nlohmann::ordered_json VariantsResult::ToJson() const {
  return evaluated ? ResultJson(*analysis) : nlohmann::ordered_json::object();
}

namespace {
// A subscription as the result names it: {"params", "name"?}.
ordered_json SubscriptionJson(const Subscription& sub) {
  ordered_json sj;
  sj["params"] = ParamsJson(sub.params);
  if (!sub.name.empty()) sj["name"] = sub.name;
  return sj;
}
}  // namespace

ordered_json ResultJson(const Analysis& a) {
  ordered_json result;
  // Every subscription's selection per resource.
  ordered_json subs = ordered_json::array();
  for (size_t si = 0; si < a.subscriptions.size(); ++si) {
    ordered_json sj = SubscriptionJson(a.subscriptions[si]);
    ordered_json rs = ordered_json::array();
    if (si < a.selections.size())
      for (const auto& [name, sel] : a.selections[si]) rs.push_back(SelectionJson(name, a.final_state.Find(name), sel));
    sj["resources"] = std::move(rs);
    subs.push_back(std::move(sj));
  }
  result["subscriptions"] = std::move(subs);

  // The variant sets' static findings.
  ordered_json resources = ordered_json::array(), overlaps = ordered_json::array(), coverage = ordered_json::array(),
               dead = ordered_json::array();
  for (const ResourceFindings& f : a.findings) {
    const ResourceVariants& r = *f.r;
    ordered_json rj;
    rj["resource"] = r.name;
    rj["keys"] = ordered_json(std::vector<std::string>(f.all_keys.begin(), f.all_keys.end()));
    rj["consistent_keys"] = f.consistent || r.variants.size() < 2;
    ordered_json vs = ordered_json::array();
    for (size_t i = 0; i < r.variants.size(); ++i) {
      const Variant& v = r.variants[i];
      ordered_json vj;
      vj["id"] = v.Id();
      vj["constraints"] = Render(v.constraint);
      vj["textproto"] = v.canonical;
      vj["keys"] = ordered_json(std::vector<std::string>(f.key_sets[i].begin(), f.key_sets[i].end()));
      vj["content"] = v.content;
      vj["file"] = v.source ? v.source->name() : "";
      vj["line"] = v.source ? v.source->Locate(v.range.begin).line : 0;
      vs.push_back(std::move(vj));
    }
    rj["variants"] = std::move(vs);
    resources.push_back(std::move(rj));
    for (const auto& [i, reason] : f.dead) dead.push_back({{"resource", r.name}, {"variant", r.variants[i].Id()}, {"reason", reason}});
    for (const OverlapFinding& o : f.overlaps)
      overlaps.push_back({{"resource", r.name}, {"variants", {r.variants[o.a].Id(), r.variants[o.b].Id()}},
                          {"witness", ParamsJson(o.witness)}});
    if (!f.has_coverage) continue;
    const CoverageReport& cov = f.coverage;
    ordered_json cj;
    cj["resource"] = r.name;
    ordered_json doms = ordered_json::object();
    for (const CoverageKey& k : f.coverage_keys) {
      ordered_json vals = ordered_json(k.values);
      if (k.absent) vals.push_back("<absent>");
      if (k.another) vals.push_back("<another value>");
      doms[k.key] = vals;
    }
    cj["domains"] = doms;
    cj["declared"] = f.declared;
    cj["total"] = cov.total;
    cj["uncovered"] = cov.uncovered;
    cj["complete"] = cov.regions.empty();
    ordered_json regs = ordered_json::array();
    for (const CoverageRegion& g : cov.regions)
      regs.push_back({{"region", g.text}, {"witness", ParamsJson(g.witness)}, {"count", g.count}});
    cj["regions"] = regs;
    if (cov.truncated) cj["truncated"] = true;
    coverage.push_back(cj);
  }
  result["resources"] = std::move(resources);
  result["overlaps"] = std::move(overlaps);
  result["coverage"] = std::move(coverage);
  result["dead"] = std::move(dead);

  // Caching proxy: which variant each subscriber receives.
  ordered_json proxy = ordered_json::array();
  for (const ProxyResource& p : ComputeProxy(a.final_state, a.subscriptions)) {
    ordered_json pj;
    pj["resource"] = p.r->name;
    ordered_json vj = ordered_json::array();
    for (size_t i = 0; i < p.r->variants.size(); ++i)
      vj.push_back({{"variant", p.r->variants[i].Id()}, {"subscribers", p.per_variant[i]}});
    pj["variants"] = vj;
    pj["ambiguous"] = p.ambiguous;
    pj["unmatched"] = p.unmatched;
    proxy.push_back(pj);
  }
  result["proxy"] = {{"resources", proxy}};

  // Transition: before -> after, each response in between, the two-response alternatives.
  if (a.has_transition) {
    const Transition& tr = a.transition;
    ordered_json tj;
    ordered_json per_sub = ordered_json::array();
    ordered_json notifications = ordered_json::array();
    auto seen_json = [](const std::string& name, const Seen& x) {
      ordered_json j = SelectionJson(name, x.r, x.sel);
      j.erase("resource");
      return j;
    };
    size_t row = 0;
    for (size_t si = 0; si < a.subscriptions.size(); ++si) {
      ordered_json sj = SubscriptionJson(a.subscriptions[si]);
      ordered_json rs = ordered_json::array();
      for (; row < tr.rows.size() && tr.rows[row].subscription == si; ++row) {
        const TransitionRow& t = tr.rows[row];
        const std::string& name = t.resource;
        const Variant* vb = t.before.sel.selected ? &t.before.r->variants[*t.before.sel.selected] : nullptr;
        const Variant* va = t.after.sel.selected ? &t.after.r->variants[*t.after.sel.selected] : nullptr;
        ordered_json rj;
        rj["resource"] = name;
        rj["before"] = seen_json(name, t.before);
        rj["after"] = seen_json(name, t.after);
        rj["change"] = ChangeName(t.change);
        ordered_json inter = ordered_json::array();
        for (size_t k = 0; k < t.intermediate.size(); ++k) {
          ordered_json ij = seen_json(name, t.intermediate[k]);
          const doc::Source* us = tr.responses[k]->source;
          ij["after_response"] = us ? us->name() : "";
          inter.push_back(ij);
        }
        if (!inter.empty()) rj["intermediate"] = inter;
        // The same net change delivered as two responses, either order (TP2: it must be one).
        rj["as_two_responses"] = {{"new_first", seen_json(name, t.adds_first)},
                                  {"removal_first", seen_json(name, t.removes_first)}};
        rs.push_back(rj);
        if (Notifies(t.change))
          notifications.push_back({{"resource", name}, {"subscriber", si}, {"from", vb ? vb->Id() : ordered_json()},
                                   {"to", va ? va->Id() : ordered_json()}, {"change", ChangeName(t.change)}});
      }
      sj["resources"] = rs;
      per_sub.push_back(sj);
    }
    tj["responses"] = ordered_json::array();
    for (const Update* u : tr.responses) tj["responses"].push_back(u->source ? u->source->name() : "");
    tj["subscriptions"] = per_sub;
    tj["notifications"] = notifications;
    result["transition"] = tj;
  }

  // Two-key coverage matrix.
  if (a.matrix) {
    const MatrixFindings& mf = *a.matrix;
    const CoverageMatrix& m = mf.matrix;
    ordered_json mj;
    mj["resource"] = mf.resource;
    mj["x"] = mf.x;
    mj["y"] = mf.y;
    mj["xs"] = m.xs;
    mj["ys"] = m.ys;
    ordered_json rows = ordered_json::array();
    for (const auto& row : m.cells) {
      ordered_json rj = ordered_json::array();
      for (const MatrixCell& c : row) {
        Selection sel;
        sel.matching = c.matching;
        sel.outcome = c.matching.size() == 1 ? Outcome::kMatch : c.matching.empty() ? Outcome::kNone : Outcome::kAmbiguous;
        if (c.matching.size() == 1) sel.selected = c.matching[0];
        ordered_json cj = SelectionJson(mf.resource, mf.r, sel);
        cj.erase("resource");
        rj.push_back(cj);
      }
      rows.push_back(rj);
    }
    mj["cells"] = rows;
    result["matrix"] = mj;
  }
  return result;
}

Analysis Load(const Scenario& s, const Query& q) {
  CountModelBuild();
  Analysis a;
  // Variants and subscriptions point at their sources: keep them alive with the analysis, so
  // ResultJson can run after the Scenario is gone.
  for (const doc::Document& d : s.sources) a.owned.push_back(d.source);
  if (s.envelope) a.owned.push_back(s.envelope->source);
  Sinks sinks;
  doc::DiagnosticSink& esink = sinks.For(s.envelope_source());
  Inputs in = ParseInputs(s, esink);
  a.domains = in.domains;
  std::vector<std::string> before = in.before;
  for (const std::string& b : q.Values("before")) before.push_back(b);
  std::string default_res = q.Value("resource").value_or(in.resource);

  // Load every source; remember which updates come from "before" sources.
  std::vector<Update> before_updates, after_updates;
  std::set<std::string> used_before;
  for (const doc::Document& d : s.sources) {
    Model one;
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

  // Subscriptions: --params when given, else the scenario's, the requests' and the clients'.
  std::vector<std::string> all_names;
  for (const auto& r : a.final_state.resources) all_names.push_back(r.name);
  if (q.Has("params")) {
    // The flags become one small source, one line per --params, so diagnostics point at them.
    std::string text;
    for (const std::string& v : q.Values("params")) text += v + "\n";
    auto src = std::make_shared<const doc::Source>("--params", text);
    a.owned.push_back(src);
    uint32_t off = 0;
    for (const std::string& v : q.Values("params")) {
      Subscription sub;
      sub.origin = "--params";
      sub.source = src.get();
      sub.range = {off, off + static_cast<uint32_t>(v.size())};
      off += static_cast<uint32_t>(v.size()) + 1;
      std::string err = ParseParamsFlag(v, sub.params);
      if (!err.empty()) {
        sinks.For(src.get()).Error("VAR011", sub.range, "--params " + err);
        continue;
      }
      a.subscriptions.push_back(std::move(sub));
    }
  } else {
    a.subscriptions = in.subscriptions;
    for (const Subscription& sub : a.model.subscriptions) a.subscriptions.push_back(sub);
    for (const auto& [cfg, range] : in.clients)
      for (Subscription& sub : ClientSubscriptions(cfg, all_names, s.envelope_source(), range))
        a.subscriptions.push_back(std::move(sub));
    for (const auto& c : a.model.clients)
      for (Subscription& sub : ClientSubscriptions(*c.config, all_names, c.source, c.range))
        a.subscriptions.push_back(std::move(sub));
  }

  // Evaluate every subscription.
  a.explanation = doc::Step{"dynamic parameter matching", doc::Outcome::kInfo,
                            std::to_string(a.subscriptions.size()) + " subscriptions", {}, {}, {}};
  for (size_t si = 0; si < a.subscriptions.size(); ++si) {
    const Subscription& sub = a.subscriptions[si];
    std::vector<std::pair<std::string, Selection>>& rs = a.selections.emplace_back();
    doc::Step* sstep = si < kMaxExplained ? &a.explanation.Add({SubRef(sub), doc::Outcome::kInfo, sub.origin, sub.range,
                                                                 sub.source ? sub.source->name() : "", {}})
                                          : nullptr;
    for (const std::string& name : SubscribedNames(sub, a.final_state)) {
      const ResourceVariants* r = a.final_state.Find(name);
      Selection sel = Select(r, sub.params);
      rs.emplace_back(name, sel);
      if (sstep) {
        doc::Step& rstep = sstep->Add({name, sel.outcome == Outcome::kMatch ? doc::Outcome::kMatched
                                             : sel.outcome == Outcome::kNone ? doc::Outcome::kNoMatch
                                                                               : doc::Outcome::kError,
                                       std::string(OutcomeName(sel.outcome)) +
                                           (sel.selected ? ": variant " + r->variants[*sel.selected].IdText() : ""),
                                       {}, {}, {}});
        if (r)
          for (const Variant& v : r->variants) {
            doc::Step& vs = rstep.Add({"variant " + v.IdText() + ": " + Render(v.constraint), doc::Outcome::kInfo, "",
                                       v.range, v.source ? v.source->name() : "", {}});
            bool ok = Matches(v.constraint, sub.params, &vs);
            vs.outcome = ok ? doc::Outcome::kMatched : doc::Outcome::kNoMatch;
            vs.detail = ok ? "matches" : "does not match";
          }
      }
      doc::DiagnosticSink& ss = sinks.For(sub.source);
      if (sel.outcome == Outcome::kAmbiguous) {
        std::string ids;
        for (size_t i : sel.matching) ids += (ids.empty() ? "" : ", ") + r->variants[i].IdText();
        ss.Error("VAR100", sub.range, SubRef(sub) + " matches " + std::to_string(sel.matching.size()) + " variants of \"" +
                 name + "\" (" + ids + "); TP2 leaves the result undefined; make the variants mutually exclusive");
      } else if (sel.outcome == Outcome::kNone) {
        ss.Warning("VAR101", sub.range, SubRef(sub) + " matches no variant of \"" + name + "\": for this client the "
                   "resource does not exist; add a variant whose constraints it satisfies");
      }
    }
  }

  // Analyses over the variant set itself.
  for (const ResourceVariants& r : a.final_state.resources) a.findings.push_back(AnalyzeResource(r, a, sinks));

  // Transition: before -> after, and each response in between (the typed rows; ResultJson
  // renders them). Its diagnostics are made here.
  if (a.has_transition) {
    a.transition = ComputeTransition(a, a.subscriptions);
    const Transition& tr = a.transition;
    size_t row = 0;
    // Per resource: subscriptions matched before and after that a split delivery would break,
    // new variants first / removal first.
    std::map<std::string, std::pair<size_t, size_t>> split_risk;
    for (size_t si = 0; si < a.subscriptions.size(); ++si) {
      const Subscription& sub = a.subscriptions[si];
      for (; row < tr.rows.size() && tr.rows[row].subscription == si; ++row) {
        const TransitionRow& t = tr.rows[row];
        const std::string& name = t.resource;
        const Variant* vb = t.before.sel.selected ? &t.before.r->variants[*t.before.sel.selected] : nullptr;
        const Variant* va = t.after.sel.selected ? &t.after.r->variants[*t.after.sel.selected] : nullptr;
        for (size_t k = 0; k < t.intermediate.size(); ++k) {
          const Seen& sk = t.intermediate[k];
          const doc::Source* us = tr.responses[k]->source;
          if (sk.sel.outcome != Outcome::kMatch && t.before.sel.outcome == Outcome::kMatch &&
              t.after.sel.outcome == Outcome::kMatch) {
            sinks.For(us).Warning(
                "VAR113", {0, 0},
                "between this response and the next, " + SubRef(sub) + " is " +
                    (sk.sel.outcome == Outcome::kAmbiguous ? "ambiguous" : "unmatched") + " for \"" + name +
                    "\" although it matches one variant before and after; TP2 requires the deletion of the old variant "
                    "and the creation of its replacements in a single response; send them together");
          }
        }
        if (t.before.sel.outcome == Outcome::kMatch && t.after.sel.outcome == Outcome::kMatch) {
          auto& risk = split_risk[name];
          risk.first += t.adds_first.sel.outcome != Outcome::kMatch;
          risk.second += t.removes_first.sel.outcome != Outcome::kMatch;
        }
        doc::DiagnosticSink& ss = sinks.For(sub.source);
        if (t.change == Change::kChanged)
          ss.Note("VAR110", sub.range, SubRef(sub) + " moves from " + VariantRef(*vb) + " to " + VariantRef(*va) +
                  " of \"" + name + "\"");
        else if (t.change == Change::kBecameAmbiguous)
          ss.Error("VAR111", sub.range, "after the change " + SubRef(sub) + " matches " +
                   std::to_string(t.after.sel.matching.size()) + " variants of \"" + name + "\" (it matched " +
                   (vb ? VariantRef(*vb) : std::string("none")) +
                   " before); make the new variants exclusive, e.g. with exists (TP2 'Adding a New Key on the Server First')");
        else if (t.change == Change::kBecameUnmatched)
          ss.Warning("VAR112", sub.range, "after the change " + SubRef(sub) + " matches no variant of \"" + name +
                     "\" (it had " + (vb ? VariantRef(*vb) : "several variants, ambiguous") + "); the resource disappears for it; add a variant for it");
      }
    }
    // Delivered in one response, the change is safe; say what splitting it would do (VAR114), at
    // the first new variant (else the response), so nobody "optimises" it into two.
    if (tr.responses.size() == 1) {
      for (const auto& [name, risk] : split_risk) {
        if (risk.first == 0 && risk.second == 0) continue;
        const ResourceVariants* rb = a.before.Find(name);
        const ResourceVariants* ra = a.final_state.Find(name);
        const Variant* added = nullptr;
        for (size_t i = 0; ra && !added && i < ra->variants.size(); ++i) {
          const Variant& v = ra->variants[i];
          if (!HasVariant(rb, v)) added = &v;
        }
        auto subs_text = [](size_t n) { return std::to_string(n) + (n == 1 ? " subscription" : " subscriptions"); };
        std::string msg = "the change of \"" + name + "\" arrives in one response, as TP2 requires; split into two, ";
        if (risk.first) msg += subs_text(risk.first) + " would be ambiguous in between (new variants first)";
        if (risk.first && risk.second) msg += " and ";
        if (risk.second) msg += subs_text(risk.second) + " would match nothing in between (removal first)";
        msg += "; keep the deletion and its replacements in one response";
        if (added) sinks.For(added->source).Note("VAR114", added->range, msg);
        else sinks.For(tr.responses.front()->source).Note("VAR114", {0, 0}, msg);
      }
    }
  }

  // Two-key coverage matrix.
  if (in.matrix && in.matrix->is_map()) {
    std::string rn = in.matrix->GetString("resource"), kx = in.matrix->GetString("x"), ky = in.matrix->GetString("y");
    const ResourceVariants* r = a.final_state.Find(rn);
    if (!r || kx.empty() || ky.empty()) {
      esink.Error("VAR014", in.matrix->range(), "matrix needs an existing resource and two keys: {resource: R, x: KEY, "
                  "y: KEY, base: {...}}", "inputs.matrix");
    } else {
      std::vector<const Constraint*> cs;
      for (const Variant& v : r->variants) cs.push_back(&v.constraint);
      Domain d = Domain::ForConstraints(cs);
      d.AddKey(kx);
      d.AddKey(ky);
      d.Finalize();
      std::vector<CoverageKey> keys = CoverageKeys(*r, d, a);
      auto find = [&](const std::string& k) {
        for (const auto& c : keys)
          if (c.key == k) return c;
        return CoverageKey{k, {}, true, true, false};
      };
      bool ok = true;
      Params base = in.matrix->Get("base") ? ParamsFrom(*in.matrix->Get("base"), "inputs.matrix.base", esink, ok) : Params{};
      a.matrix = MatrixFindings{rn, kx, ky, r, Matrix(cs, find(kx), find(ky), base)};
    }
  }

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
  std::unique_ptr<EngineModel> Load(const Scenario& s, const Query& q, Mode mode) const override {
    auto m = std::make_unique<variants::VariantsModel>();
    m->analysis = variants::Load(s, q);
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
