// app/gui/views/matcher/matcher_view.cpp: the matcher view: its state, OnEvaluated, the tab bar, the Envoy matcher
// picker and the edited request's what-if (a job on the worker) (matcher_view.h).
#include "app/gui/views/matcher/matcher_view.h"

namespace cfgi::gui {

std::unique_ptr<EngineView> CreateMatcherView();

namespace matcher_view {

std::string MatcherView::SaveState() const {
  std::string s = tabs_.Save();
  const int req = pending_req_ != -1 ? pending_req_ : Picked("tab/0").index;
  if (req != -1) s += ";req=" + std::to_string(req);
  if (std::string sort = order_.Save(); !sort.empty()) s += ";sort=" + sort;
  return s;
}

void MatcherView::LoadState(std::string_view state) {
  tabs_.Load(state);
  order_.Load(state);
  if (auto r = StateInt(state, "req"); r && *r >= -2) pending_req_ = *r;
  if (StateInt(state, "copy") == 1) copy_request_ = true;
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
      per[mt::Profiles().entries()[i].name] = mt::RequestResultJson(edit_shown_->results[i]);
    edit["profiles"] = std::move(per);
  }
  // What the Explanation explains (the tab on screen's selection) and the row drawn highlighted;
  // the Requests table's rows in the order shown.
  nlohmann::ordered_json order = nlohmann::ordered_json::array();
  for (size_t i : order_.order())
    if (i < rows_.size()) order.push_back(rows_[i].label);
  // The CEL tab's sub-expressions under the selected profile's outcome, as "text = value".
  nlohmann::ordered_json cel_sub = nlohmann::ordered_json::object();
  for (size_t i = 0; i < kNumProfiles; ++i) {
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    for (const cel::SubExpression& x : cel_evals_[i].sub)
      rows.push_back(std::string(static_cast<size_t>(x.depth) * 2, ' ') + x.text + " = " + (x.evaluated ? x.value.DebugString() : "(not evaluated)"));
    if (!rows.empty()) cel_sub[mt::Profiles().entries()[i].name] = std::move(rows);
  }
  return {{"counts", std::move(counts)}, {"table", room_.ToJson()}, {"tables", room_.AllJson()}, {"edit", std::move(edit)}, {"cel_sub", std::move(cel_sub)},
          {"explains", sel_.ToJson()}, {"highlighted", highlighted_.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(highlighted_)},
          {"order", std::move(order)}};
}

void MatcherView::OnEvaluated(const OpenDocument& d) {
  rows_.clear();
  other_answers_.clear();
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
  // The selections survive an edit (their rows are kept; a row gone falls back to the default).
  sel_.Invalidate();
  order_.Reset();
  const auto* texts = dynamic_cast<const MatcherTexts*>(d.view_rows());
  for (size_t i = 0; i < sm_->requests.size(); ++i) {
    Row& row = rows_[i];
    row.request = sm_->requests[i];
    row.label = "#" + std::to_string(i);
    row.text = texts && i < texts->requests.size() ? texts->requests[i] : std::string();
    for (size_t p = 0; p < kNumProfiles; ++p)
      if (res[p] && i < res[p]->requests.size()) row.evals[p] = {&res[p]->requests[i].result, &res[p]->requests[i].why};
    row.diverges = d.comparison().CountUnder("/requests/" + std::to_string(i));
  }
  // The rest of the comparison: what differs outside the requests (gRPC's NACK list, coverage).
  other_answers_.clear();
  for (const DifferingAnswer& a : d.comparison().answers)
    if (a.path.rfind("/requests/", 0) != 0) other_answers_.push_back(&a);
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
  TakeEditWhatIf(ctx);
  if (cel_dirty_) SubmitCel(ctx);
  TakeCelWhatIf();
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

  // The Explanation panel explains the row selected on the tab on screen (Selections): after a
  // click, a tab switch and back, an evaluation or a profile change (the row under the selected
  // profile); a tab with nothing to select (Issues, CEL) shows none.
  if (pending_req_ != -1) {
    if (RowAt(pending_req_)) Select(ctx, "tab/0", pending_req_, ProfileIndex(ctx), false);
    pending_req_ = -1;
  }
  if (!tabs_.Begin("##matcher")) return;
  highlighted_.clear();
  if (tabs_.Item(0, "Requests")) {
    Ensure(ctx, "tab/0");
    DrawRequests(ctx);
    ImGui::EndTabItem();
  }
  if (tabs_.Item(1, "Tree")) {
    EnsureTree(ctx);
    DrawTree(ctx);
    ImGui::EndTabItem();
  }
  // The document's one comparison (the top bar's count), plus the edited request's.
  // The divergence badge's count (the document's comparison); the edited request's own
  // differences are named inside the tab, not added here.
  const size_t differ = profiles_count_ = ctx.document().comparison().size();
  if (tabs_.Item(2, std::string("Profiles (") + std::to_string(differ) + " differ)###div")) {
    Ensure(ctx, "tab/2");
    DrawDivergences(ctx);
    ImGui::EndTabItem();
  }
  // The Problems panel's count: the tab lists the same findings.
  issues_count_ = static_cast<size_t>(ctx.document().problem_counts().total());
  if (tabs_.Item(3, "Issues (" + std::to_string(issues_count_) + ")###issues")) {
    sel_.Show(ctx, "tab/3");
    DrawIssues(ctx);
    ImGui::EndTabItem();
  }
  std::string cel_label = std::string("CEL") + (cel_errors_.empty() ? "" : std::string(" ") + theme::kIconError);
  if (tabs_.Item(kCelTab, cel_label + "###cel")) {
    sel_.Show(ctx, "tab/4");
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

void MatcherView::TakeEditWhatIf(ViewContext& ctx) {
  std::shared_ptr<const mt::RequestWhatIf> taken = edit_job_.Take();
  if (!taken) return;
  edit_previous_ = std::move(edit_shown_);
  edit_shown_ = std::move(taken);
  const mt::RequestWhatIf& o = *edit_shown_;
  for (size_t i = 0; i < kNumProfiles; ++i)
    edit_.evals[i] = i < o.results.size() ? Eval{&o.results[i], &o.why[i]} : Eval{};
  edit_.diverges = o.diverges;
  edit_.request = o.request;
  edit_.text = mt::RequestText(o.request);  // typed headers only (RequestFromText): no JSON here
  // The edited request's steps are new: every tab selects its row again (the rows are kept).
  sel_.Invalidate();
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

std::string MatcherView::RowId(int index, size_t profile) {
  return (index == -2 ? std::string("edit") : std::to_string(index)) + "@" + mt::Profiles().entries()[profile].name;
}

MatcherView::Pick MatcherView::ParseRow(const std::string& id) {
  Pick p;
  const size_t at = id.find('@');
  if (id.empty() || at == std::string::npos) return p;
  p.index = id.compare(0, at, "edit") == 0 ? -2 : std::atoi(id.c_str());
  const size_t prof = mt::Profiles().Index(mt::Profiles().Parse(id.substr(at + 1)));
  p.profile = prof < kNumProfiles ? prof : 0;
  return p;
}

const Row* MatcherView::RowAt(int index) const {
  if (index == -2) return &edit_;
  if (index >= 0 && static_cast<size_t>(index) < rows_.size()) return &rows_[static_cast<size_t>(index)];
  return nullptr;
}

MatcherView::Pick MatcherView::Wanted(ViewContext& ctx, std::string_view place) const {
  Pick p = Picked(place);
  if (p.index != -1 && sel_.ProfileOf(place) != ctx.document().profile()) p.profile = ProfileIndex(ctx);
  if (p.index != -1 && RowAt(p.index)) return p;
  p.profile = ProfileIndex(ctx);
  p.index = -1;
  if (place == "tab/2") {
    for (size_t i = 0; i < rows_.size() && p.index == -1; ++i)
      if (rows_[i].diverges) p.index = static_cast<int>(i);
    if (p.index == -1 && edit_.diverges) p.index = -2;
  } else {
    p.index = rows_.empty() ? -2 : 0;
  }
  return p;
}

void MatcherView::Ensure(ViewContext& ctx, std::string_view place) {
  if (sel_.Show(ctx, place)) return;
  const Pick p = Wanted(ctx, place);
  if (p.index != -1) Select(ctx, place, p.index, p.profile, false);
}

void MatcherView::EnsureTree(ViewContext& ctx) {
  const Pick want = Wanted(ctx, "tab/0");
  if (sel_.Show(ctx, "tab/1") && sel_.Row("tab/1") == RowId(want.index, want.profile)) return;
  if (want.index != -1) Select(ctx, "tab/1", want.index, want.profile, false);
}

void MatcherView::Select(ViewContext& ctx, std::string_view place, int index, size_t profile, bool jump) {
  const Row* row = RowAt(index);
  if (!row) return;
  const Eval& ev = row->evals[profile];
  // The subject names the request and the profile ("request #1 x-tenant: acme · envoy"); the
  // engine's step only says "matcher".
  sel_.SelectTitled(ctx, place, ev.why, "request " + RowText(*row) + " \u00b7 " + mt::Profiles().entries()[profile].name,
                    RowId(index, profile), RowText(*row));
  if (!jump || !ev.result) return;
  // The terminal action (the last added) is where the request ended up.
  if (!ev.result->actions.empty() && ev.result->actions.back())
    ctx.JumpTo(file_, ev.result->actions.back()->range);
}

}  // namespace matcher_view

std::unique_ptr<EngineView> CreateMatcherView() { return std::make_unique<matcher_view::MatcherView>(); }

std::shared_ptr<const ViewRows> BuildMatcherRows(const Inspection& in) {
  const auto* model = ModelAs<matcher::MatcherModel>(in.model.get());
  if (!model) return nullptr;
  auto t = std::make_shared<matcher_view::MatcherTexts>();
  for (const matcher::Request& r : model->sm.requests) t->requests.push_back(matcher::RequestText(r));
  return t;
}

}  // namespace cfgi::gui
