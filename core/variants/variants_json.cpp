// core/variants/variants_json.cpp: the engine's JSON result (docs/formats/variants.md "Result"),
// rendered from the typed CompiledScenario and Evaluation; only the CLI, `expect` and exports ask for it.
#include "core/doc/explanation.h"
#include "core/variants/engine_text.h"
#include "core/variants/variants_engine.h"

namespace cfgi::variants {

using namespace internal;  // NOLINT: engine_text.h, this engine's own helpers
using nlohmann::ordered_json;

namespace {
// A subscription as the result names it: {"params", "name"?}.
ordered_json SubscriptionJson(const Subscription& sub) {
  ordered_json sj;
  sj["params"] = ParamsJson(sub.params);
  if (!sub.name.empty()) sj["name"] = sub.name;
  return sj;
}

// One resource's coverage over its keys' domains.
ordered_json CoverageJson(const ResourceFindings& f) {
  const GapReport& cov = f.coverage;
  ordered_json cj;
  cj["resource"] = f.r->name;
  ordered_json doms = ordered_json::object();
  for (const DomainKey& k : f.coverage_keys) {
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
  for (const GapRegion& g : cov.regions)
    regs.push_back({{"region", g.text}, {"witness", ParamsJson(g.witness)}, {"count", g.count}});
  cj["regions"] = regs;
  if (cov.truncated) cj["truncated"] = true;
  return cj;
}

// Per resource of the final state: its key sets and variants; `dead`, `overlaps`, `coverage`
// receive its static findings.
ordered_json ResourceJson(const ResourceFindings& f, ordered_json& dead, ordered_json& overlaps, ordered_json& coverage) {
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
    doc::PutLocation(vj, v.source, v.range.begin);
    vs.push_back(std::move(vj));
  }
  rj["variants"] = std::move(vs);
  for (const auto& [i, reason] : f.dead) dead.push_back({{"resource", r.name}, {"variant", r.variants[i].Id()}, {"reason", reason}});
  for (const OverlapFinding& o : f.overlaps)
    overlaps.push_back({{"resource", r.name}, {"variants", {r.variants[o.a].Id(), r.variants[o.b].Id()}},
                        {"witness", ParamsJson(o.witness)}});
  if (f.has_coverage) coverage.push_back(CoverageJson(f));
  return rj;
}

// Caching proxy: which variant each subscriber receives.
ordered_json ProxyJson(const std::vector<ProxyResource>& ps) {
  ordered_json proxy = ordered_json::array();
  for (const ProxyResource& p : ps) {
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
  return {{"resources", proxy}};
}

ordered_json SeenJson(const std::string& name, const Seen& x) {
  ordered_json j = SelectionJson(name, x.r, x.sel);
  j.erase("resource");
  return j;
}

// One transition row: before, after, the change, each response in between, the two-response
// alternatives.
ordered_json TransitionRowJson(const Transition& tr, const TransitionRow& t) {
  const std::string& name = t.resource;
  ordered_json rj;
  rj["resource"] = name;
  rj["before"] = SeenJson(name, t.before);
  rj["after"] = SeenJson(name, t.after);
  rj["change"] = ChangeName(t.change);
  ordered_json inter = ordered_json::array();
  for (size_t k = 0; k < t.intermediate.size(); ++k) {
    ordered_json ij = SeenJson(name, t.intermediate[k]);
    const doc::Source* us = tr.responses[k]->source;
    ij["after_response"] = us ? us->name() : "";
    inter.push_back(ij);
  }
  if (!inter.empty()) rj["intermediate"] = inter;
  // The same net change delivered as two responses, either order (TP2: it must be one).
  rj["as_two_responses"] = {{"new_first", SeenJson(name, t.adds_first)}, {"removal_first", SeenJson(name, t.removes_first)}};
  return rj;
}

// Transition: per subscription its rows, the responses and who is notified.
ordered_json TransitionJson(const Evaluation& e) {
  const Transition& tr = e.transition;
  ordered_json tj;
  ordered_json per_sub = ordered_json::array();
  ordered_json notifications = ordered_json::array();
  size_t row = 0;
  for (size_t si = 0; si < e.subscriptions.size(); ++si) {
    ordered_json sj = SubscriptionJson(e.subscriptions[si]);
    ordered_json rs = ordered_json::array();
    for (; row < tr.rows.size() && tr.rows[row].subscription == si; ++row) {
      const TransitionRow& t = tr.rows[row];
      const Variant* vb = t.before.sel.selected ? &t.before.r->variants[*t.before.sel.selected] : nullptr;
      const Variant* va = t.after.sel.selected ? &t.after.r->variants[*t.after.sel.selected] : nullptr;
      rs.push_back(TransitionRowJson(tr, t));
      if (Notifies(t.change))
        notifications.push_back({{"resource", t.resource}, {"subscriber", si}, {"from", vb ? vb->Id() : ordered_json()},
                                 {"to", va ? va->Id() : ordered_json()}, {"change", ChangeName(t.change)}});
    }
    sj["resources"] = rs;
    per_sub.push_back(sj);
  }
  tj["responses"] = ordered_json::array();
  for (const Update* u : tr.responses) tj["responses"].push_back(u->source ? u->source->name() : "");
  tj["subscriptions"] = per_sub;
  tj["notifications"] = notifications;
  return tj;
}

// Two-key coverage matrix: the selection per cell.
ordered_json MatrixJson(const MatrixFindings& mf) {
  const SelectionMatrix& m = mf.matrix;
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
      sel.outcome = c.matching.size() == 1 ? MatchKind::kMatch : c.matching.empty() ? MatchKind::kNone : MatchKind::kAmbiguous;
      if (c.matching.size() == 1) sel.selected = c.matching[0];
      ordered_json cj = SelectionJson(mf.resource, mf.r, sel);
      cj.erase("resource");
      rj.push_back(cj);
    }
    rows.push_back(rj);
  }
  mj["cells"] = rows;
  return mj;
}

}  // namespace

ordered_json ResultJson(const CompiledScenario& a, const Evaluation& e) {
  CountEvaluationWork();  // core/engine/build_count.h: never on the app's UI thread
  ordered_json result;
  // Every subscription's selection per resource.
  ordered_json subs = ordered_json::array();
  for (size_t si = 0; si < e.subscriptions.size(); ++si) {
    ordered_json sj = SubscriptionJson(e.subscriptions[si]);
    ordered_json rs = ordered_json::array();
    if (si < e.selections.size())
      for (const auto& [name, sel] : e.selections[si]) rs.push_back(SelectionJson(name, a.final_state.Find(name), sel));
    sj["resources"] = std::move(rs);
    subs.push_back(std::move(sj));
  }
  result["subscriptions"] = std::move(subs);
  // The variant sets' static findings.
  ordered_json resources = ordered_json::array(), overlaps = ordered_json::array(), coverage = ordered_json::array(),
               dead = ordered_json::array();
  for (const ResourceFindings& f : a.findings) resources.push_back(ResourceJson(f, dead, overlaps, coverage));
  result["resources"] = std::move(resources);
  result["overlaps"] = std::move(overlaps);
  result["coverage"] = std::move(coverage);
  result["dead"] = std::move(dead);
  result["proxy"] = ProxyJson(e.proxy);
  if (a.has_transition) result["transition"] = TransitionJson(e);
  if (e.matrix) result["matrix"] = MatrixJson(*e.matrix);
  return result;
}

}  // namespace cfgi::variants
