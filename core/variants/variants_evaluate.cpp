// core/variants/variants_evaluate.cpp: what subscriptions select (variants_engine.h Evaluate):
// per subscription and resource the variant (TP2 "Dynamic Parameter Constraints": exactly one
// matching variant is selected), the transition before -> after, the caching proxy's fan-out, the
// matrix, the explanation when asked, and the diagnostics of those answers (VAR100, VAR101,
// VAR110-VAR114).
#include <algorithm>
#include <map>
#include <optional>

#include "core/variants/engine_text.h"
#include "core/variants/variants_engine.h"

namespace cfgi::variants {

using namespace internal;  // NOLINT: engine_text.h, this engine's own helpers

namespace {

constexpr size_t kMaxExplained = 20;  // subscriptions in the explanation tree

std::vector<std::string> SubscribedNames(const Subscription& s, const State& st) {
  if (!s.resources.empty()) return s.resources;
  std::vector<std::string> n;
  for (const auto& r : st.resources) n.push_back(r.name);
  return n;
}

}  // namespace

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
  if (b.sel.outcome == MatchKind::kMatch && a.sel.outcome == MatchKind::kMatch) {
    const Variant& vb = b.r->variants[*b.sel.selected];
    const Variant& va = a.r->variants[*a.sel.selected];
    return vb.ordinal == va.ordinal ? (vb.content == va.content ? Change::kUnchanged : Change::kUpdated) : Change::kChanged;
  }
  if (a.sel.outcome == MatchKind::kAmbiguous)
    return b.sel.outcome == MatchKind::kAmbiguous ? Change::kStillAmbiguous : Change::kBecameAmbiguous;
  if (a.sel.outcome == MatchKind::kNone)
    return b.sel.outcome == MatchKind::kNone ? Change::kStillUnmatched : Change::kBecameUnmatched;
  return Change::kFixed;
}

}  // namespace

Transition ComputeTransition(const CompiledScenario& a, const std::vector<Subscription>& subs) {
  CountEvaluationWork();
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
  CountEvaluationWork();
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
      else if (sel.outcome == MatchKind::kAmbiguous) p.ambiguous.push_back(si);
      else p.unmatched.push_back(si);
    }
    out.push_back(std::move(p));
  }
  return out;
}

std::string SelectionText(const ResourceVariants* r, const Selection& sel) {
  if (sel.outcome == MatchKind::kMatch && r) return "variant " + r->variants[*sel.selected].IdText();
  if (sel.outcome == MatchKind::kNone) return r ? "none (resource does not exist for this client)" : "none (unknown resource)";
  std::string t = "ambiguous: variants";
  if (r)
    for (size_t m : sel.matching) t += " " + r->variants[m].IdText();
  return t;
}

namespace {

doc::Outcome StepOutcome(MatchKind o) {
  return o == MatchKind::kMatch ? doc::Outcome::kMatched : o == MatchKind::kNone ? doc::Outcome::kNoMatch : doc::Outcome::kError;
}

// Every variant of `r` tested against `p`, one child step each (the explanation's leaves).
void AddVariantSteps(doc::Step& parent, const ResourceVariants& r, const Params& p) {
  for (const Variant& v : r.variants) {
    doc::Step& vs = parent.Add({"variant " + v.IdText() + ": " + Render(v.constraint), doc::Outcome::kInfo, "", v.range, v.source ? v.source->name() : "", {}});
    bool ok = Matches(v.constraint, p, &vs);
    vs.outcome = ok ? doc::Outcome::kMatched : doc::Outcome::kNoMatch;
    vs.detail = ok ? "matches" : "does not match";
  }
}

}  // namespace

SelectionMatrix MatrixOf(const ResourceVariants& r, const DomainKey& x, const DomainKey& y, const Params& base) {
  CountEvaluationWork();
  std::vector<const Constraint*> cs;
  for (const Variant& v : r.variants) cs.push_back(&v.constraint);
  return Matrix(cs, x, y, base);
}

namespace {

// The variant `sub` gets of `name`: through the analysis's index when it holds the resource
// exactly (its tables), else by testing every variant's constraints (Select).
Selection SelectFor(const CompiledScenario& a, const std::string& name, const Params& p, const CompiledParams* compiled) {
  const ResourceVariants* r = a.final_state.Find(name);
  if (r && compiled && a.index) {
    const int ri = a.index->ResourceIndex(name);
    if (ri >= 0 && a.index->indexed(static_cast<size_t>(ri))) return a.index->Select(static_cast<size_t>(ri), *compiled);
  }
  return Select(r, p);
}

// Why `who` with parameters `p` gets `sel` of `resource` (r null: no such resource): the root
// step with one step per variant of r, each with its constraint's test (Matches).
doc::Step SelectionStep(const std::string& who, const Params& p, const std::string& resource, const ResourceVariants* r,
                        const Selection& sel) {
  doc::Step why;
  why.what = who + " " + RenderParams(p) + " subscribes to " + resource;
  why.detail = std::string(MatchKindName(sel.outcome)) + ": " + SelectionText(r, sel);
  why.outcome = StepOutcome(sel.outcome);
  if (r) AddVariantSteps(why, *r, p);
  return why;
}

// VAR100 / VAR101 for one subscription's selection of one resource.
void SelectionDiagnostic(const Subscription& sub, const std::string& name, const ResourceVariants* r,
                         const Selection& sel, doc::DiagnosticSink& ss) {
  if (sel.outcome == MatchKind::kAmbiguous) {
    std::string ids;
    for (size_t i : sel.matching) ids += (ids.empty() ? "" : ", ") + r->variants[i].IdText();
    ss.Error("VAR100", sub.range, SubRef(sub) + " matches " + std::to_string(sel.matching.size()) + " variants of \"" +
             name + "\" (" + ids + "); TP2 leaves the result undefined; make the variants mutually exclusive");
  } else if (sel.outcome == MatchKind::kNone) {
    ss.Warning("VAR101", sub.range, SubRef(sub) + " matches no variant of \"" + name + "\": for this client the "
               "resource does not exist; add a variant whose constraints it satisfies");
  }
}

// Every subscription's selection of every resource it subscribes to, its diagnostics and, under
// `why`, the rows' explanations and the tree (the first kMaxExplained subscriptions).
void SelectAll(const CompiledScenario& a, const std::vector<Subscription>& subs, Evaluation& ev, Sinks& sinks,
               doc::Explanation* why) {
  if (why)
    *why = doc::Step{"dynamic parameter matching", doc::Outcome::kInfo, std::to_string(subs.size()) + " subscriptions",
                     {}, {}, {}};
  size_t explained_rows = 0;
  for (size_t si = 0; si < subs.size(); ++si) {
    const Subscription& sub = subs[si];
    std::vector<std::pair<std::string, Selection>>& rs = ev.selections.emplace_back();
    std::vector<doc::Step>* row_steps = why ? &ev.explanations.emplace_back() : nullptr;
    doc::Step* sstep = why && si < kMaxExplained ? &why->Add({SubRef(sub), doc::Outcome::kInfo, sub.origin, sub.range,
                                                              sub.source ? sub.source->name() : "", {}})
                                                 : nullptr;
    std::optional<CompiledParams> compiled;
    if (a.index) compiled = a.index->Compile(sub.params);
    for (const std::string& name : SubscribedNames(sub, a.final_state)) {
      const ResourceVariants* r = a.final_state.Find(name);
      Selection sel = SelectFor(a, name, sub.params, compiled ? &*compiled : nullptr);
      ev.outcome_counts[static_cast<int>(sel.outcome)]++;
      if (row_steps && explained_rows < kMaxExplainedRows) {
        ++explained_rows;
        row_steps->push_back(SelectionStep(SubscriberName(sub), sub.params, name, r, sel));
      }
      if (sstep) {
        doc::Step& rstep = sstep->Add({name, StepOutcome(sel.outcome),
                                       std::string(MatchKindName(sel.outcome)) +
                                           (sel.selected ? ": variant " + r->variants[*sel.selected].IdText() : ""),
                                       {}, {}, {}});
        if (r && row_steps && row_steps->size() == rs.size() + 1) rstep.children = row_steps->back().children;
        else if (r) AddVariantSteps(rstep, *r, sub.params);
      }
      SelectionDiagnostic(sub, name, r, sel, sinks.For(sub.source));
      rs.emplace_back(name, std::move(sel));
    }
  }
}

// VAR113 (a response leaves a replaced subscription ambiguous or unmatched in between) and
// VAR110-VAR112 (what the change does to each subscription); returns per resource how many
// subscriptions matched before and after would not match in between, new variants first /
// removal first.
std::map<std::string, std::pair<size_t, size_t>> TransitionDiagnostics(const std::vector<Subscription>& subs,
                                                                       const Transition& tr, Sinks& sinks) {
  std::map<std::string, std::pair<size_t, size_t>> split_risk;
  size_t row = 0;
  for (size_t si = 0; si < subs.size(); ++si) {
    const Subscription& sub = subs[si];
    for (; row < tr.rows.size() && tr.rows[row].subscription == si; ++row) {
      const TransitionRow& t = tr.rows[row];
      const std::string& name = t.resource;
      const Variant* vb = t.before.sel.selected ? &t.before.r->variants[*t.before.sel.selected] : nullptr;
      const Variant* va = t.after.sel.selected ? &t.after.r->variants[*t.after.sel.selected] : nullptr;
      const bool replaced = t.before.sel.outcome == MatchKind::kMatch && t.after.sel.outcome == MatchKind::kMatch;
      for (size_t k = 0; k < t.intermediate.size(); ++k) {
        const Seen& sk = t.intermediate[k];
        if (sk.sel.outcome == MatchKind::kMatch || !replaced) continue;
        sinks.For(tr.responses[k]->source)
            .Warning("VAR113", {0, 0},
                     "between this response and the next, " + SubRef(sub) + " is " +
                         (sk.sel.outcome == MatchKind::kAmbiguous ? "ambiguous" : "unmatched") + " for \"" + name +
                         "\" although it matches one variant before and after; TP2 requires the deletion of the old "
                         "variant and the creation of its replacements in a single response; send them together");
      }
      if (replaced) {
        auto& risk = split_risk[name];
        risk.first += t.adds_first.sel.outcome != MatchKind::kMatch;
        risk.second += t.removes_first.sel.outcome != MatchKind::kMatch;
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
  return split_risk;
}

// Delivered in one response, the change is safe; say what splitting it would do (VAR114), at
// the first new variant (else the response), so nobody "optimises" it into two.
void SplitNotes(const CompiledScenario& a, const Transition& tr, const std::map<std::string, std::pair<size_t, size_t>>& split_risk,
                Sinks& sinks) {
  if (tr.responses.size() != 1) return;
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

// The scenario's two-key coverage matrix (inputs.matrix), when it names an existing resource.
std::optional<MatrixFindings> ScenarioMatrix(const CompiledScenario& a) {
  if (!a.matrix) return std::nullopt;
  const MatrixRequest& m = *a.matrix;
  const ResourceVariants* r = a.final_state.Find(m.resource);
  if (!r) return std::nullopt;
  std::vector<const Constraint*> cs;
  for (const Variant& v : r->variants) cs.push_back(&v.constraint);
  Domain d = Domain::ForConstraints(cs);
  d.AddKey(m.x);
  d.AddKey(m.y);
  d.Finalize();
  std::vector<DomainKey> keys = DomainKeys(*r, d, a);
  auto find = [&](const std::string& k) {
    for (const auto& c : keys)
      if (c.key == k) return c;
    return DomainKey{k, {}, true, true, false};
  };
  return MatrixFindings{m.resource, m.x, m.y, r, Matrix(cs, find(m.x), find(m.y), m.base)};
}

// One selection across the transition as a step: "before: variant 1", pointing at the variant.
doc::Step SeenStep(const std::string& what, const Seen& x) {
  doc::Step st;
  st.what = what + ": " + (x.sel.outcome == MatchKind::kMatch  ? "variant " + x.Text()
                           : x.sel.outcome == MatchKind::kNone ? std::string("none")
                                                             : "ambiguous " + x.Text());
  st.outcome = StepOutcome(x.sel.outcome);
  if (x.r && !x.sel.matching.empty()) {
    const Variant& var = x.r->variants[x.sel.matching.front()];
    st.detail = Render(var.constraint);
    st.range = var.range;
    if (var.source) st.file = var.source->name();
  }
  return st;
}

std::string ResponseName(const Update* u) {
  if (!u || !u->source) return "?";
  const std::string& n = u->source->name();
  return n.substr(n.rfind('/') + 1);
}

}  // namespace

std::string SubscriberName(const Subscription& s) { return s.name.empty() ? s.origin : s.name; }

doc::Step ExplainTransitionRow(const Transition& t, const TransitionRow& r, const Subscription& s) {
  const std::string name = SubscriberName(s);
  doc::Step why;
  // "#3 canary {env: prod}, R": unnamed subscriptions of the scenario are known by their number.
  why.what = "#" + std::to_string(r.subscription) + (name == "inputs" || name.empty() ? "" : " " + name) + " " +
             RenderParams(s.params) + ", " + r.resource;
  why.detail = ChangeName(r.change);
  why.outcome = r.change == Change::kBecameAmbiguous   ? doc::Outcome::kError
                : r.change == Change::kBecameUnmatched ? doc::Outcome::kNoMatch
                                                       : doc::Outcome::kInfo;
  why.Add(SeenStep("before", r.before));
  for (size_t k = 0; k < r.intermediate.size(); ++k)
    why.Add(SeenStep("after response " + std::to_string(k + 1) + " (" + ResponseName(t.responses[k]) + ")",
                     r.intermediate[k]));
  why.Add(SeenStep("after", r.after));
  why.Add(SeenStep("if sent as two responses, new variants first, in between", r.adds_first));
  why.Add(SeenStep("if sent as two responses, removal first, in between", r.removes_first));
  return why;
}

Evaluation Evaluate(const CompiledScenario& a, const std::vector<Subscription>& subs, doc::Explanation* why) {
  CountEvaluationWork();
  Evaluation ev;
  ev.subscriptions = subs;
  Sinks sinks;
  SelectAll(a, subs, ev, sinks, why);
  // The caching proxy: which subscribers receive which variant.
  ev.proxy = ComputeProxy(a.final_state, subs);
  // Transition: before -> after, and each response in between, with its diagnostics.
  if (a.has_transition) {
    ev.transition = ComputeTransition(a, subs);
    SplitNotes(a, ev.transition, TransitionDiagnostics(subs, ev.transition, sinks), sinks);
    if (why)
      for (size_t i = 0; i < ev.transition.rows.size() && i < kMaxExplainedRows; ++i) {
        const TransitionRow& r = ev.transition.rows[i];
        ev.transition_explanations.push_back(ExplainTransitionRow(ev.transition, r, subs[r.subscription]));
      }
  }
  ev.matrix = ScenarioMatrix(a);
  ev.diagnostics = sinks.All();
  doc::SortDiagnostics(ev.diagnostics);
  return ev;
}

}  // namespace cfgi::variants
