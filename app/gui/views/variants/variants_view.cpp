// The variants view: rows built from the typed result, the view's state and test hook, and the
// what-ifs it sends to the worker (app/gui/views/variants/variants_view.h lists the tabs' files).
#include "app/gui/views/variants/variants_view.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "app/gui/theme.h"

namespace cfgi::gui {

std::unique_ptr<EngineView> CreateVariantsView();

namespace variants_view {

const char* OutcomeIconText(v::MatchKind o) {
  switch (o) {
    case v::MatchKind::kMatch: return theme::kIconOk;
    case v::MatchKind::kNone: return theme::kIconNoMatch;
    case v::MatchKind::kAmbiguous: return theme::kIconWarning;
  }
  return "";
}

ImVec4 OutcomeColorOf(v::MatchKind o) {
  switch (o) {
    case v::MatchKind::kMatch: return theme::Pal().ok;
    case v::MatchKind::kNone: return theme::Pal().warning;
    case v::MatchKind::kAmbiguous: return theme::Pal().error;
  }
  return theme::Pal().text;
}

std::string JoinKeys(const std::set<std::string>& ks) {
  if (ks.empty()) return "{}";
  std::string s = "{";
  for (const std::string& k : ks) s += (s.size() > 1 ? ", " : "") + k;
  return s + "}";
}

// A resource's name as tables show it: an xdstp:// name's last segment (the Caching proxy tab's
// form), anything else whole; the full name goes in the hover (ShortNameHover).
std::string ShortName(const std::string& full) {
  if (full.rfind("xdstp://", 0) != 0) return full;
  size_t slash = full.rfind('/');
  return slash + 1 < full.size() ? full.substr(slash + 1) : full;
}
// The full name on hover of the last item when it was shortened.
void ShortNameHover(const std::string& full) {
  if (ShortName(full) != full && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", full.c_str());
}

// The compact rendering uses ∧ ∨ ¬ ⊤; when the UI font has no glyph for them, show & | ! true
// instead of "?" (same meaning, ASCII).
std::string Displayable(std::string text) {
  static const struct { const char* utf8; ImWchar cp; const char* ascii; } kSubst[] = {
      {"\xE2\x88\xA7", 0x2227, "&"}, {"\xE2\x88\xA8", 0x2228, "|"}, {"\xC2\xAC", 0x00AC, "!"}, {"\xE2\x8A\xA4", 0x22A4, "true"}};
  ImFont* font = ImGui::GetFont();
  for (const auto& s : kSubst) {
    if (font && font->FindGlyphNoFallback(s.cp)) continue;
    std::string from = s.utf8;
    for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at)) {
      text.replace(at, from.size(), s.ascii);
      at += std::strlen(s.ascii);
    }
  }
  return text;
}

void DocHint(const char* what, const char* how, const char* snippet) {
  ImGui::Spacing();
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(what);
  ImGui::Spacing();
  theme::TextMuted("%s", how);
  ImGui::Spacing();
  ImGui::PushFont(theme::GetFonts().mono);
  ImGui::TextUnformatted(snippet);
  ImGui::PopFont();
  ImGui::Spacing();
  theme::TextMuted("Scenario keys: docs/formats/variants.md, section \"Scenario inputs\".");
  ImGui::PopTextWrapPos();
}

void VariantsView::OnEvaluated(const OpenDocument& d) {
  const auto* model = ModelAs<v::VariantsModel>(d.model());
  model_sp_ = model ? std::shared_ptr<const v::VariantsModel>(d.inspection().model, model) : nullptr;
  analysis_ = model ? &model->analysis : nullptr;
  const auto* result = ResultAs<v::VariantsResult>(d.report().typed.get());
  doc_eval_ = result ? &result->evaluation : nullptr;
  ev_ = doc_eval_;
  // An added subscriptions' what-if points into the previous model: drawn no more; asked again.
  subs_shown_.reset();
  matrix_shown_.reset();
  subs_dirty_ = !added_.empty();
  // The steps shown were the previous evaluation's (the shell clears the Explanation itself on a
  // new evaluation); the selected rows are explained again from this one at the next Draw.
  sel_.Forget();
  resources_.clear();
  if (!analysis_ || !ev_) {
    analysis_ = nullptr;
    return;
  }
  // Resources: the final state's variant sets with the engine's findings (key sets, overlaps,
  // coverage), in the order of final_state.resources.
  overlap_count_ = 0;
  gap_count_ = 0;
  for (size_t i = 0; i < analysis_->final_state.resources.size(); ++i) {
    const v::ResourceVariants& r = analysis_->final_state.resources[i];
    ResourceInfo info;
    info.r = &r;
    info.findings = i < analysis_->findings.size() ? &analysis_->findings[i] : nullptr;
    for (size_t k = 0; k < r.variants.size(); ++k) {
      const v::Variant& var = r.variants[k];
      std::set<std::string> none;
      const std::set<std::string>& keys = info.findings && k < info.findings->key_sets.size() ? info.findings->key_sets[k] : none;
      info.rows.push_back({var.IdText(), Displayable(v::Render(var.constraint)), JoinKeys(keys), var.content});
      info.id_chars = std::max(info.id_chars, info.rows.back().id.size());
    }
    if (info.findings) {
      info.consistent = info.findings->consistent;
      info.keys = JoinKeys(info.findings->all_keys);
      overlap_count_ += info.findings->overlaps.size();
      gap_count_ += info.findings->coverage.regions.size();
    }
    resources_.push_back(std::move(info));
  }
  // The keys and values the new-subscription builder offers: the declared domains and every
  // value a resource's coverage enumerates (its constraints' and the subscriptions' values).
  known_.clear();
  for (const auto& [key, values] : analysis_->domains)
    for (const auto& val : values) {
      auto& set = known_[key];
      if (val) set.insert(*val);
    }
  for (const ResourceInfo& info : resources_)
    if (info.findings)
      for (const v::DomainKey& k : info.findings->coverage.keys) known_[k.key].insert(k.values.begin(), k.values.end());
  if (pick_.size() != known_.size()) {
    pick_.assign(known_.size(), 0);
    other_.assign(known_.size(), std::string());
  }
  if (selected_resource_ >= resources_.size()) selected_resource_ = 0;
  SelectPendingResource();
  matrix_dirty_ = true;
  matrix_resource_ = SIZE_MAX;
  RebuildRows();
}

// Rows of every tab from the evaluation drawn (ev_): no selection, no comparison, no JSON.
void VariantsView::RebuildRows() {
  subs_.clear();
  sub_rows_.clear();
  proxy_rows_.clear();
  notified_.clear();
  t_counts_ = {};
  split_broken_ = 0;
  if (!analysis_ || !ev_) return;
  const size_t own = analysis_->subscriptions.size();
  for (size_t i = 0; i < ev_->subscriptions.size(); ++i) {
    const v::Subscription& s = ev_->subscriptions[i];
    subs_.push_back({s.name.empty() ? s.origin : s.name, s.params, s.resources, s.source, s.range, i >= own});
  }
  std::map<std::string, size_t> by_name;
  for (size_t i = 0; i < resources_.size(); ++i) by_name[resources_[i].r->name] = i;
  for (size_t s = 0; s < ev_->selections.size(); ++s)
    for (size_t k = 0; k < ev_->selections[s].size(); ++k) {
      const auto& [name, sel] = ev_->selections[s][k];
      SubRow row;
      row.sub = s;
      row.k = k;
      auto it = by_name.find(name);
      row.resource = it == by_name.end() ? SIZE_MAX : it->second;
      row.resource_name = name;
      row.sel = &sel;
      row.variant_text = v::SelectionText(row.resource == SIZE_MAX ? nullptr : resources_[row.resource].r, sel);
      sub_rows_.push_back(std::move(row));
    }
  for (const v::TransitionRow& r : ev_->transition.rows) {
    switch (r.change) {
      case v::Change::kChanged: case v::Change::kUpdated: case v::Change::kFixed: t_counts_.changed++; break;
      case v::Change::kBecameAmbiguous: t_counts_.ambiguous++; break;
      case v::Change::kBecameUnmatched: t_counts_.unmatched++; break;
      default: t_counts_.same++; break;
    }
    if (r.before.sel.outcome == v::MatchKind::kMatch && r.after.sel.outcome == v::MatchKind::kMatch)
      for (const v::Seen& x : r.intermediate)
        if (x.sel.outcome != v::MatchKind::kMatch) {
          split_broken_++;
          break;
        }
    if (v::Notifies(r.change)) notified_[{r.resource, r.subscription}] = &r;
  }
  // Proxy rows: per resource a header, per variant its subscribers, then ambiguous / unmatched.
  for (size_t p = 0; p < ev_->proxy.size(); ++p) {
    proxy_rows_.push_back({p, ProxyRow::kHeader, 0});
    for (size_t i = 0; i < ev_->proxy[p].per_variant.size(); ++i) proxy_rows_.push_back({p, ProxyRow::kVariant, i});
    if (!ev_->proxy[p].ambiguous.empty()) proxy_rows_.push_back({p, ProxyRow::kAmbiguous, 0});
    if (!ev_->proxy[p].unmatched.empty()) proxy_rows_.push_back({p, ProxyRow::kUnmatched, 0});
  }
  if (selected_row_ >= static_cast<int>(sub_rows_.size())) selected_row_ = -1;
  if (sel_t_row_ >= ev_->transition.rows.size()) sel_t_row_ = 0;
}

void VariantsView::SelectPendingResource() {
  if (pending_resource_.empty()) return;
  for (size_t i = 0; i < resources_.size(); ++i)
    if (resources_[i].r->name == pending_resource_) {
      selected_resource_ = i;
      pending_resource_.clear();
      return;
    }
}

// A subscription added in the view (the builder, a finding's witness, a matrix cell): a what-if
// for the worker, asked at the next Draw.
void VariantsView::AddSubscription(const std::string& name, v::Params p, std::vector<std::string> resources) {
  v::Subscription s;
  s.name = name;
  s.params = std::move(p);
  s.resources = std::move(resources);
  s.origin = "view";
  added_.push_back(std::move(s));
  subs_dirty_ = true;
  explain_sub_ = (analysis_ ? analysis_->subscriptions.size() : 0) + added_.size() - 1;
}

void VariantsView::RemoveAdded(size_t sub) {
  const size_t own = analysis_ ? analysis_->subscriptions.size() : 0;
  if (sub < own || sub - own >= added_.size()) return;
  added_.erase(added_.begin() + static_cast<std::ptrdiff_t>(sub - own));
  subs_dirty_ = true;
  selected_row_ = -1;
}

// The scenario's subscriptions and the added ones, evaluated on the worker (variants::Evaluate:
// selections, transition, proxy). Without added ones the document's evaluation is drawn.
void VariantsView::SubmitSubscriptions(ViewContext& ctx) {
  subs_dirty_ = false;
  if (!model_sp_) return;
  if (added_.empty()) {
    subs_shown_.reset();
    ev_ = doc_eval_;
    RebuildRows();
    ForgetSelections(ctx);
    return;
  }
  std::vector<v::Subscription> subs = analysis_->subscriptions;
  subs.insert(subs.end(), added_.begin(), added_.end());
  subs_job_.Submit(ctx, "subs/variants", this, "Evaluating the added subscriptions",
                   [m = model_sp_, subs = std::move(subs)](JobProgress& p) {
                     p.Step("select", 0);
                     doc::Explanation why;  // the rows' explanations come with it (Evaluation::explanations)
                     return SubscriptionsWhatIf{m, v::Evaluate(m->analysis, subs, &why)};
                   });
}

// The worker's outcomes, taken at the start of Draw: the added subscriptions' evaluation (with
// its rows' explanations), the matrix.
void VariantsView::TakeWhatIfs(ViewContext& ctx) {
  if (std::shared_ptr<const SubscriptionsWhatIf> o = subs_job_.Take(); o && o->model == model_sp_) {
    subs_shown_ = std::move(o);
    ev_ = &subs_shown_->evaluation;
    RebuildRows();
    ForgetSelections(ctx);
    if (explain_sub_ != SIZE_MAX) {
      for (const SubRow& r : sub_rows_)
        if (r.sub == explain_sub_) {
          Explain(ctx, r);
          break;
        }
      explain_sub_ = SIZE_MAX;
    }
  }
  if (std::shared_ptr<const MatrixWhatIf> o = matrix_job_.Take(); o && o->model == model_sp_) matrix_shown_ = std::move(o);
}

void VariantsView::ForgetSelections(ViewContext& ctx) { sel_.ForgetUnder(ctx, ""); }

namespace {
// A step as the UI font can show it (Displayable), with its children.
void MakeDisplayable(doc::Step& st) {
  st.what = Displayable(std::move(st.what));
  st.detail = Displayable(std::move(st.detail));
  for (doc::Step& c : st.children) MakeDisplayable(c);
}
}  // namespace

// Explains one subscription x resource: the evaluation's step for the row (every variant's
// constraints tested against the parameters, made on the worker by variants::Evaluate), shown
// in the place "subscriptions"; past the rows the evaluation explains, the row's answer alone.
void VariantsView::Explain(ViewContext& ctx, const SubRow& row, bool jump) {
  selected_row_ = static_cast<int>(&row - sub_rows_.data());
  const Sub& s = subs_[row.sub];
  doc::Step why;
  if (const doc::Step* st = ev_->ExplanationOf(row.sub, row.k)) {
    why = *st;
  } else {
    why.what = s.name + " " + v::RenderParams(s.params) + " subscribes to " + row.resource_name;
    why.detail = std::string(v::MatchKindName(row.sel->outcome)) + ": " + row.variant_text;
    why.outcome = row.sel->outcome == v::MatchKind::kMatch  ? doc::Outcome::kMatched
                  : row.sel->outcome == v::MatchKind::kNone ? doc::Outcome::kNoMatch
                                                          : doc::Outcome::kError;
  }
  MakeDisplayable(why);
  sel_.SelectOwned(ctx, "subscriptions", std::move(why));
  if (!jump) return;
  // Jump to the variant it gets (or the first matching one), else to the subscription.
  const v::ResourceVariants* r = row.resource == SIZE_MAX ? nullptr : resources_[row.resource].r;
  if (r && !row.sel->matching.empty()) {
    const v::Variant& var = r->variants[row.sel->selected.value_or(row.sel->matching.front())];
    ctx.JumpTo(var.source ? var.source->name() : "", var.range);
  } else if (s.source) {
    ctx.JumpTo(s.source->name(), s.range);
  }
}

void VariantsView::ExplainResource(ViewContext& ctx, size_t res, int variant, const char* place) {
  if (res >= resources_.size()) return;
  const ResourceInfo& info = resources_[res];
  // Who gets each variant: the Subscriptions rows of this resource (the evaluation's selections).
  auto variant_step = [&](size_t i) {
    const v::Variant& var = info.r->variants[i];
    doc::Step st;
    st.what = "variant " + info.rows[i].id + ": " + info.rows[i].constraint;
    std::string who;
    size_t n = 0;
    for (const SubRow& row : sub_rows_)
      if (row.resource == res && row.sel && row.sel->selected && *row.sel->selected == i)
        who += (n++ ? ", " : "") + subs_[row.sub].name + " " + v::RenderParams(subs_[row.sub].params);
    st.detail = n == 0 ? "no subscription gets it" : "received by " + who;
    // Info, not matched: a resource's summary has no deciding variant (doc::DecidingPath).
    st.outcome = n == 0 ? doc::Outcome::kNoMatch : doc::Outcome::kInfo;
    st.file = var.source ? var.source->name() : "";
    st.range = var.range;
    return st;
  };
  doc::Step why;
  if (variant >= 0 && static_cast<size_t>(variant) < info.r->variants.size()) {
    why = variant_step(static_cast<size_t>(variant));
    why.what += " (" + ShortName(info.r->name) + ")";
  } else {
    why.what = "resource " + ShortName(info.r->name) + ": " + std::to_string(info.r->variants.size()) +
               (info.r->variants.size() == 1 ? " variant" : " variants") + ", keys " + info.keys;
    why.detail = info.findings->overlaps.empty() ? "each subscription gets at most one variant"
                                                 : std::to_string(info.findings->overlaps.size()) + " overlapping pair(s): see Findings";
    why.outcome = info.findings->overlaps.empty() ? doc::Outcome::kInfo : doc::Outcome::kError;
    for (size_t i = 0; i < info.r->variants.size(); ++i) why.children.push_back(variant_step(i));
  }
  MakeDisplayable(why);
  sel_.SelectOwned(ctx, place, std::move(why), "res:" + std::to_string(res) + (variant >= 0 ? ":" + std::to_string(variant) : ""));
}

void VariantsView::ExplainFinding(ViewContext& ctx, size_t n) {
  size_t k = 0;
  auto variant_step = [](const v::Variant& var, doc::Outcome o, const char* verdict) {
    doc::Step st;
    st.what = "variant " + var.IdText() + ": " + Displayable(v::Render(var.constraint));
    st.detail = verdict;
    st.outcome = o;
    st.file = var.source ? var.source->name() : "";
    st.range = var.range;
    return st;
  };
  for (const ResourceInfo& info : resources_)
    for (const v::OverlapFinding& f : info.findings->overlaps)
      if (k++ == n) {
        const v::Variant& a = info.r->variants[f.a];
        const v::Variant& b = info.r->variants[f.b];
        doc::Step why;
        why.what = "overlap in " + ShortName(info.r->name) + ": variants " + a.IdText() + " and " + b.IdText();
        why.detail = "both match " + v::RenderParams(f.witness) + ": which one a client gets is undefined in TP2";
        why.outcome = doc::Outcome::kError;
        why.file = b.source ? b.source->name() : "";
        why.range = b.range;
        why.children.push_back(variant_step(a, doc::Outcome::kMatched, "matches the witness"));
        why.children.push_back(variant_step(b, doc::Outcome::kMatched, "matches the witness"));
        MakeDisplayable(why);
        sel_.SelectOwned(ctx, "findings", std::move(why), "finding:" + std::to_string(n));
        return;
      }
  for (const ResourceInfo& info : resources_)
    for (const v::GapRegion& reg : info.findings->coverage.regions)
      if (k++ == n) {
        doc::Step why;
        why.what = "uncovered in " + ShortName(info.r->name) + ": " + Displayable(reg.text);
        why.detail = "no variant matches " + v::RenderParams(reg.witness) + ": the resource is missing for that client";
        why.outcome = doc::Outcome::kNoMatch;
        for (const v::Variant& var : info.r->variants) why.children.push_back(variant_step(var, doc::Outcome::kNoMatch, "does not match"));
        if (!info.r->variants.empty()) {
          why.file = why.children[0].file;
          why.range = why.children[0].range;
        }
        MakeDisplayable(why);
        sel_.SelectOwned(ctx, "findings", std::move(why), "finding:" + std::to_string(n));
        return;
      }
  sel_.Select(ctx, "findings", nullptr);
}

void VariantsView::ExplainCell(ViewContext& ctx, size_t x, size_t y) {
  if (!matrix_shown_ || matrix_shown_->resource >= resources_.size()) return;
  const v::SelectionMatrix& m = matrix_shown_->matrix;
  if (x >= m.xs.size() || y >= m.ys.size()) return;
  const ResourceInfo& info = resources_[matrix_shown_->resource];
  const v::MatrixCell& c = m.cells[x][y];
  doc::Step why;
  why.what = ShortName(info.r->name) + " for " + m.key_x + "=" + m.xs[x] + (m.key_y != "(no other key)" ? ", " + m.key_y + "=" + m.ys[y] : "");
  why.detail = c.matching.empty() ? "no variant matches: the resource is missing for that client"
               : c.matching.size() > 1 ? std::to_string(c.matching.size()) + " variants match: ambiguous"
                                       : "variant " + info.r->variants[c.matching[0]].IdText();
  why.outcome = c.matching.size() == 1 ? doc::Outcome::kMatched : c.matching.empty() ? doc::Outcome::kNoMatch : doc::Outcome::kError;
  for (size_t i : c.matching) {
    const v::Variant& var = info.r->variants[i];
    doc::Step st;
    st.what = "variant " + var.IdText() + ": " + Displayable(v::Render(var.constraint));
    st.detail = "matches";
    st.outcome = doc::Outcome::kMatched;
    st.file = var.source ? var.source->name() : "";
    st.range = var.range;
    why.children.push_back(std::move(st));
  }
  MakeDisplayable(why);
  sel_.SelectOwned(ctx, "matrix", std::move(why), "cell:" + std::to_string(x) + ":" + std::to_string(y));
}

// Each tab explains its own rows: the Resources tab the selected resource, the Transition tab on
// a transition with rows its row; the others (and the Transition tab's hint without one) the
// Subscriptions row.
const char* VariantsView::PlaceOf(int n) const {
  if (n == 0) return "resources";
  if (n == 2) return "findings";
  if (n == 3) return "matrix";
  if (n == 5) return "proxy";
  return n == 4 && analysis_->has_transition && !ev_->transition.rows.empty() ? "transition" : "subscriptions";
}

void VariantsView::ShowPlace(ViewContext& ctx, int n) {
  const char* place = PlaceOf(n);
  if (sel_.ShowKept(ctx, place)) return;
  const std::vector<v::TransitionRow>& trows = ev_->transition.rows;
  if (std::string_view(place) == "resources") {
    // The row kept ("res:R" or "res:R:V") when it is still the resource on screen.
    const std::string& row = sel_.Row("resources");
    const std::string mine = "res:" + std::to_string(selected_resource_) + ":";
    const int variant = row.rfind(mine, 0) == 0 ? std::atoi(row.c_str() + mine.size()) : -1;
    ExplainResource(ctx, selected_resource_, variant);
  } else if (std::string_view(place) == "findings") {
    const std::string& row = sel_.Row("findings");
    ExplainFinding(ctx, row.rfind("finding:", 0) == 0 ? static_cast<size_t>(std::atoi(row.c_str() + 8)) : 0);
  } else if (std::string_view(place) == "matrix") {
    // A cell clicked (kept while the same matrix is shown), else the resource the matrix is of.
    const std::string& row = sel_.Row("matrix");
    if (row.rfind("cell:", 0) == 0 && matrix_shown_ && matrix_shown_->resource == selected_resource_) {
      const size_t x = static_cast<size_t>(std::atoi(row.c_str() + 5));
      ExplainCell(ctx, x, static_cast<size_t>(std::atoi(std::strchr(row.c_str() + 5, ':') + 1)));
    }
    if (!sel_.Of("matrix")) ExplainResource(ctx, selected_resource_, -1, "matrix");
  } else if (std::string_view(place) == "proxy") {
    const std::string& row = sel_.Row("proxy");
    const std::string mine = "res:" + std::to_string(selected_resource_) + ":";
    ExplainResource(ctx, selected_resource_, row.rfind(mine, 0) == 0 ? std::atoi(row.c_str() + mine.size()) : -1, "proxy");
  }
  else if (std::string_view(place) == "transition")
    OpenTransitionRow(ctx, trows[std::min(sel_t_row_, trows.size() - 1)], false);
  else if (!sub_rows_.empty())
    Explain(ctx, sub_rows_[std::min(static_cast<size_t>(std::max(selected_row_, 0)), sub_rows_.size() - 1)], false);
}

void VariantsView::Draw(ViewContext& ctx) {
  if (!analysis_) {
    theme::TextMuted("Not evaluated yet.");
    return;
  }
  TakeWhatIfs(ctx);
  if (subs_dirty_) SubmitSubscriptions(ctx);
  if (pending_row_ >= 0) {  // --view "sub=N" / a restored selection
    if (static_cast<size_t>(pending_row_) < sub_rows_.size()) Explain(ctx, sub_rows_[static_cast<size_t>(pending_row_)]);
    pending_row_ = -1;
  }
  if (pending_t_row_ >= 0) {
    if (static_cast<size_t>(pending_t_row_) < ev_->transition.rows.size())
      OpenTransitionRow(ctx, ev_->transition.rows[static_cast<size_t>(pending_t_row_)]);
    pending_t_row_ = -1;
  }
  room_.Reset();
  if (!tabs_.Begin("##variants")) return;
  char label[96];
  std::snprintf(label, sizeof label, "Resources (%zu)###res", resources_.size());
  if (tabs_.Item(0, label)) {
    ShowPlace(ctx, 0);
    DrawResources(ctx);
    ImGui::EndTabItem();
  }
  std::snprintf(label, sizeof label, "Subscriptions (%zu)###subs", subs_.size());
  if (tabs_.Item(1, label)) {
    ShowPlace(ctx, 1);
    DrawSubscriptions(ctx);
    ImGui::EndTabItem();
  }
  // The tab counts the rows the Findings table lists: overlaps and coverage gaps.
  std::snprintf(label, sizeof label, "Findings (%zu)###findings", overlap_count_ + gap_count_);
  if (tabs_.Item(2, label)) {
    ShowPlace(ctx, 2);
    DrawFindings(ctx);
    ImGui::EndTabItem();
  }
  if (tabs_.Item(3, "Coverage matrix")) {
    ShowPlace(ctx, 3);
    DrawMatrix(ctx);
    ImGui::EndTabItem();
  }
  if (analysis_->has_transition && t_counts_.ambiguous + t_counts_.unmatched + split_broken_ > 0)
    std::snprintf(label, sizeof label, "Transition %s###transition", theme::kIconWarning);
  else
    std::snprintf(label, sizeof label, "Transition###transition");
  if (tabs_.Item(4, label)) {
    ShowPlace(ctx, 4);
    DrawTransition(ctx);
    ImGui::EndTabItem();
  }
  if (tabs_.Item(5, "Caching proxy###proxy")) {
    ShowPlace(ctx, 5);
    DrawProxy(ctx);
    ImGui::EndTabItem();
  }
  tabs_.End();
}

nlohmann::ordered_json VariantsView::Counts() const {
  nlohmann::ordered_json j;
  j["resources"] = resources_.size();
  j["subscriptions"] = subs_.size();
  const size_t* oc = ev_ ? ev_->outcome_counts : nullptr;
  j["subscription_rows"] = {{"match", oc ? oc[0] : 0}, {"none", oc ? oc[1] : 0}, {"ambiguous", oc ? oc[2] : 0}};
  j["findings"] = {{"tab", overlap_count_ + gap_count_}, {"overlaps", overlap_count_}, {"gaps", gap_count_}};
  if (analysis_ && analysis_->has_transition) {
    const TransitionCounts tc = CountTransition();
    j["transition"] = {{"rows", tc.rows}, {"changed", tc.changed}, {"same", tc.same},
                       {"became_ambiguous", tc.became_ambiguous}, {"became_unmatched", tc.became_unmatched},
                       {"between_ambiguous", tc.between_ambiguous}, {"between_unmatched", tc.between_unmatched},
                       {"broken", tc.broken}};
  }
  return j;
}

// "tab=N[;sub=R];resource=NAME[;delivery=D][;trow=T]": the open tab, the selected Subscriptions
// row, the selected resource and, on the Transition tab, how the change is delivered (0 as sent,
// 1 one response, 2 new variants first, 3 removal first) and the selected row.
std::string VariantsView::SaveState() const {
  std::string s = tabs_.Save();
  if (selected_row_ >= 0) s += ";sub=" + std::to_string(selected_row_);
  if (selected_resource_ < resources_.size()) s += ";resource=" + resources_[selected_resource_].r->name;
  if (delivery_ != 0) s += ";delivery=" + std::to_string(delivery_);
  if (sel_t_row_ != 0) s += ";trow=" + std::to_string(sel_t_row_);
  return s;
}
void VariantsView::LoadState(std::string_view state) {
  tabs_.Load(state);
  if (auto r = StateField(state, "resource")) pending_resource_ = *r;
  if (auto d = StateInt(state, "delivery"); d && *d >= 0 && *d <= 3) delivery_ = *d;
  // sub=N: the Subscriptions tab's row N is selected and explained at the next frame.
  if (auto r = StateInt(state, "sub"); r && *r >= 0) pending_row_ = *r;
  // trow=N: the Transition tab's row N is selected and explained at the next frame.
  if (auto r = StateInt(state, "trow"); r && *r >= 0) pending_t_row_ = *r;
  SelectPendingResource();
}

// The test hook: the tab labels' counts (Counts), the shown tab's main table, the builder's
// known keys and values, the Subscriptions rows (each with the variant it gets), whether the
// added subscriptions' what-if is still on the worker, the selected row and its explanation.
nlohmann::ordered_json VariantsView::DumpState() const {
  if (!analysis_) return EngineView::DumpState();
  nlohmann::ordered_json known = nlohmann::ordered_json::object();
  for (const auto& [key, values] : known_) known[key] = std::vector<std::string>(values.begin(), values.end());
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  for (const SubRow& r : sub_rows_) {
    const Sub& s = subs_[r.sub];
    rows.push_back({{"subscriber", s.name}, {"params", v::RenderParams(s.params)}, {"resource", r.resource_name},
                    {"variant", std::string(v::MatchKindName(r.sel->outcome)) + ": " + r.variant_text}, {"added", s.added}});
  }
  nlohmann::ordered_json j = {{"counts", Counts()},          {"table", room_.ToJson()}, {"tables", room_.AllJson()},
                              {"known", std::move(known)}, {"subscriptions", std::move(rows)},
                              {"selected", selected_row_}, {"pending", subs_dirty_ || subs_job_.pending()}};
  // What the Explanation shows for the tab on screen (Selections): its place and step.
  j["explains"] = sel_.shown();
  j["explains_row"] = sel_.ToJson();  // its row (id and text) and step, as the other views give "explains"
  j["transition_row"] = sel_t_row_;
  if (const doc::Step* st = sel_.Of(sel_.shown())) {
    nlohmann::ordered_json steps = nlohmann::ordered_json::array();
    for (const doc::Step& c : st->children) steps.push_back(c.what);
    j["explanation"] = {{"what", st->what}, {"detail", st->detail}, {"steps", std::move(steps)}};
  }
  return j;
}

std::string VariantsView::SubLabel(size_t i) const {
  const Sub& s = subs_[i];
  // Unnamed subscriptions of the scenario are known by their number (and parameters).
  if (s.name == "inputs" || s.name.empty()) return "#" + std::to_string(i);
  return "#" + std::to_string(i) + " " + s.name;
}


size_t VariantsView::ResourceIndex(const std::string& name) const {
  for (size_t i = 0; i < resources_.size(); ++i)
    if (resources_[i].r->name == name) return i;
  return SIZE_MAX;
}

}  // namespace variants_view

std::unique_ptr<EngineView> CreateVariantsView() { return std::make_unique<variants_view::VariantsView>(); }
// No worker-side rows: the view draws the typed results (views.cpp).
std::shared_ptr<const ViewRows> BuildVariantsRows(const Inspection&) { return nullptr; }

}  // namespace cfgi::gui
