// app/gui/views/matcher/matcher_view.cpp: the matcher view: its state, OnEvaluated, the tab bar, the Envoy matcher
// picker and the edited request's what-if (a job on the worker) (matcher_view.h).
#include "app/gui/views/matcher/matcher_view.h"

namespace cfgi::gui {

std::unique_ptr<EngineView> CreateMatcherView();

namespace matcher_view {

std::string MatcherView::SaveState() const {
  return selected_ == -1 ? tabs_.Save() : tabs_.Save() + ";req=" + std::to_string(selected_);
}

void MatcherView::LoadState(std::string_view state) {
  tabs_.Load(state);
  if (auto r = StateInt(state, "req"); r && *r >= -2) selected_ = *r;
}

nlohmann::ordered_json MatcherView::DumpState() const {
  nlohmann::ordered_json counts;
  counts["requests"] = rows_.size();
  counts["issues_tab"] = issues_count_;
  counts["profiles_tab"] = profiles_count_;
  counts["edited_request_differs"] = edit_.diverges;
  nlohmann::ordered_json edit = nullptr;
  if (edit_shown_) {
    edit = {{"request", edit_shown_->request.ToJson()}, {"pending", EditStale()}, {"differs", edit_shown_->diverges}};
    nlohmann::ordered_json per = nlohmann::ordered_json::object();
    for (size_t i = 0; i < kNumProfiles && i < edit_shown_->results.size(); ++i)
      per[mt::Profiles().entries()[i].name] = mt::OutcomeJson(edit_shown_->results[i]);
    edit["profiles"] = std::move(per);
  }
  return {{"counts", std::move(counts)}, {"table", room_.ToJson()}, {"edit", std::move(edit)}};
}

void MatcherView::OnEvaluated(const OpenDocument& d) {
  rows_.clear();
  other_divergences_.clear();
  model_ = ModelAs<mt::MatcherModel>(d.model());
  // The edit job holds the model by shared_ptr (the document may replace it meanwhile).
  model_sp_ = model_ ? std::shared_ptr<const mt::MatcherModel>(d.inspection().model, model_) : nullptr;
  sm_ = model_ ? &model_->sm : nullptr;
  if (!sm_) return;
  file_ = sm_->document && sm_->document->source ? sm_->document->source->name() : std::string();
  std::array<const mt::MatcherResult*, kNumProfiles> res{};
  for (const Report& r : d.reports())
    if (const auto* m = ResultAs<mt::MatcherResult>(r.typed.get())) res[mt::Profiles().Index(m->id)] = m;
  rows_.resize(sm_->requests.size());
  if (selected_ >= static_cast<int>(rows_.size())) selected_ = -1;  // the selection survives an edit
  for (size_t i = 0; i < sm_->requests.size(); ++i) {
    Row& row = rows_[i];
    row.request = sm_->requests[i];
    row.label = "#" + std::to_string(i);
    for (size_t p = 0; p < kNumProfiles; ++p)
      if (res[p] && i < res[p]->requests.size()) row.evals[p] = {&res[p]->requests[i].result, &res[p]->requests[i].why};
    row.diverges = d.comparison().CountUnder("/requests/" + std::to_string(i));
  }
  // The rest of the comparison: what differs outside the requests (gRPC's NACK list, coverage).
  other_divergences_.clear();
  for (const Divergence& dv : d.comparison().divergences)
    if (dv.path.rfind("/requests/", 0) != 0) other_divergences_.push_back(&dv);
  if (!edited_) {
    std::string t = sm_->requests.empty() ? std::string() : RequestEditText(sm_->requests.front());
    std::snprintf(edit_buf_, sizeof edit_buf_, "%s", t.c_str());
  }
  edit_.label = "edit";
  edit_dirty_ = true;  // the new model: the edited request is evaluated again (a job)
  if (!cel_edited_) {
    const mt::Predicate* p = sm_->matcher.root ? FirstCel(*sm_->matcher.root) : nullptr;
    if (p) SetCel(p->cel_text, "the first CEL predicate (" + p->path + ")", cel::Use::kMatcher, false);
    else if (!sm_->extracts.empty() && !sm_->extracts.front().text.empty())
      SetCel(sm_->extracts.front().text, "inputs.extract[0] (CelExtractString)", cel::Use::kExtractString, false);
    else SetCel(kCelExample, "an example", cel::Use::kMatcher, false);
  }
  CelInputChanged();
}

void MatcherView::Draw(ViewContext& ctx) {
  room_.Reset();
  if (edit_dirty_) SubmitEdit(ctx);
  TakeEditOutcome(ctx);
  if (cel_dirty_) SubmitCel(ctx);
  TakeCelOutcome();
  if (!sm_ || (!rows_.empty() && !rows_.front().evals.front().result)) {
    theme::TextMuted("Not evaluated yet.");
    return;
  }
  if (sm_->envoy_shape != mt::EnvoyShape::kNone) DrawEnvoyPicker(ctx);
  const mt::Compiled& m = sm_->matcher;
  if (!m.root) {
    theme::TextMuted("No matcher in this scenario's sources.");
    DrawIssues(ctx);
    return;
  }
  int nack = 0, warn = 0;
  for (size_t k = 0; k < m.diagnostics.size(); ++k) {
    const doc::Diagnostic& i = m.diagnostics[k];
    if (i.severity == doc::Severity::kError || m.RejectedByOf(k) != mt::RejectedBy::kAll) ++nack;
    else if (i.severity == doc::Severity::kWarning) ++warn;
  }
  ImGui::Text("%s%s, depth %d, %zu request%s", m.simplified ? "A106 notation" : "xDS Matcher",
              m.type.empty() ? "" : (" (" + m.type + ")").c_str(), m.max_depth, rows_.size(),
              rows_.size() == 1 ? "" : "s");
  ImGui::SameLine();
  if (nack) ImGui::TextColored(theme::Pal().error, "%s %d gRPC rejection reason%s", theme::kIconError, nack, nack == 1 ? "" : "s");
  else ImGui::TextColored(theme::Pal().ok, "%s gRPC accepts", theme::kIconOk);
  if (warn) {
    ImGui::SameLine();
    ImGui::TextColored(theme::Pal().warning, "%s %d warning%s", theme::kIconWarning, warn, warn == 1 ? "" : "s");
  }

  // The Explanation panel always explains a request of this view: after an evaluation or a
  // profile change, the row selected before (else the first) under the selected profile.
  if (!ctx.selected_explanation() && (!rows_.empty() || selected_ == -2))
    Select(ctx, selected_ == -2 || selected_ >= 0 ? selected_ : 0, ProfileIndex(ctx), false);
  if (!tabs_.Begin("##matcher")) return;
  if (tabs_.Item(0, "Requests")) {
    DrawRequests(ctx);
    ImGui::EndTabItem();
  }
  if (tabs_.Item(1, "Tree")) {
    DrawTree(ctx);
    ImGui::EndTabItem();
  }
  // The document's one comparison (the top bar's count), plus the edited request's.
  // The divergence badge's count (the document's comparison); the edited request's own
  // differences are named inside the tab, not added here.
  const size_t differ = profiles_count_ = ctx.document().comparison().size();
  if (tabs_.Item(2, std::string("Profiles (") + std::to_string(differ) + " differ)###div")) {
    DrawDivergences(ctx);
    ImGui::EndTabItem();
  }
  // The Problems panel's count: the tab lists the same findings.
  issues_count_ = static_cast<size_t>(ctx.document().problem_counts().total());
  if (tabs_.Item(3, "Issues (" + std::to_string(issues_count_) + ")###issues")) {
    DrawIssues(ctx);
    ImGui::EndTabItem();
  }
  std::string cel_label = std::string("CEL") + (cel_errors_.empty() ? "" : std::string(" ") + theme::kIconError);
  if (tabs_.Item(kCelTab, cel_label + "###cel")) {
    DrawCel(ctx);
    ImGui::EndTabItem();
  }
  tabs_.End();
}

void MatcherView::SubmitEdit(ViewContext& ctx) {
  edit_dirty_ = false;
  if (!model_sp_) return;
  // The text is read as a request on the worker too (matcher::RequestFromText).
  edit_job_.Submit(ctx, "edit/matcher", this, "Evaluating the edited request",
                   [model = model_sp_, text = std::string(edit_buf_)](JobProgress& p) {
                     p.Step("every profile", 0);
                     return mt::EvaluateRequestEveryProfile(model, mt::RequestFromText(text));
                   });
}

void MatcherView::TakeEditOutcome(ViewContext& ctx) {
  std::shared_ptr<const mt::RequestOutcome> taken = edit_job_.Take();
  if (!taken) return;
  edit_previous_ = std::move(edit_shown_);
  edit_shown_ = std::move(taken);
  const mt::RequestOutcome& o = *edit_shown_;
  for (size_t i = 0; i < kNumProfiles; ++i)
    edit_.evals[i] = i < o.results.size() ? Eval{&o.results[i], &o.why[i]} : Eval{};
  edit_.diverges = o.diverges;
  edit_.request = o.request;
  if (selected_ == -2 && edit_.evals[selected_profile_].why) ctx.SelectExplanation(edit_.evals[selected_profile_].why);
}

std::string MatcherView::EnvoyLabel(const mt::DiscoveredMatcher& d) const {
  int line = d.document && d.document->source ? d.document->source->Locate(d.where.key_range.begin).line : 0;
  return std::string(d.where.rejected ? "[rejected] " : "") + d.where.context +
         (d.where.resource.empty() ? "" : " in " + d.where.resource) + "  (line " + std::to_string(line) + ")";
}

void MatcherView::DrawEnvoyPicker(ViewContext& ctx) {
  const auto& ds = sm_->discovered;
  ImGui::Text("Envoy %s: %zu matcher%s", mt::EnvoyShapeName(sm_->envoy_shape), ds.size(), ds.size() == 1 ? "" : "s");
  if (ds.empty()) return;
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);
  const mt::DiscoveredMatcher& cur = ds[sm_->selected];
  if (ImGui::BeginCombo("##envoy-matcher", EnvoyLabel(cur).c_str())) {
    for (size_t i = 0; i < ds.size(); ++i) {
      ImGui::PushID(static_cast<int>(i));
      if (ImGui::Selectable(EnvoyLabel(ds[i]).c_str(), i == sm_->selected) && i != sm_->selected) {
        auto typed = std::make_shared<mt::MatcherQuery>();
        typed->matcher = ds[i].where.path;
        Query q;
        q.typed = std::move(typed);
        ctx.Ask(std::move(q));
      }
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", ds[i].where.path.c_str());
      ImGui::PopID();
    }
    ImGui::EndCombo();
  }
  if (!cur.unevaluated.empty()) {
    std::string what;
    for (const mt::UnevaluatedInput& u : cur.unevaluated) what += (what.empty() ? "" : ", ") + u.what;
    ImGui::TextColored(theme::Pal().warning, "%s not evaluated (no data): %s", theme::kIconWarning, what.c_str());
  }
}

size_t MatcherView::ProfileIndex(ViewContext& ctx) const {
  size_t i = mt::Profiles().Index(mt::Profiles().Parse(ctx.document().profile()));
  return i < kNumProfiles ? i : 0;
}

const Row* MatcherView::SelectedRow() const {
  if (selected_ == -2) return &edit_;
  if (selected_ >= 0 && static_cast<size_t>(selected_) < rows_.size()) return &rows_[static_cast<size_t>(selected_)];
  return nullptr;
}

void MatcherView::Select(ViewContext& ctx, int index, size_t profile, bool jump) {
  selected_ = index;
  selected_profile_ = profile;
  const Row* row = SelectedRow();
  if (!row) return;
  const Eval& ev = row->evals[profile];
  if (!ev.result) return;
  ctx.SelectExplanation(ev.why);
  if (!jump) return;
  // The terminal action (the last added) is where the request ended up.
  if (!ev.result->actions.empty() && ev.result->actions.back())
    ctx.JumpTo(file_, ev.result->actions.back()->range);
}

}  // namespace matcher_view

std::unique_ptr<EngineView> CreateMatcherView() { return std::make_unique<matcher_view::MatcherView>(); }

}  // namespace cfgi::gui
