// app/gui/views/policy/policy_view.cpp: the policy view: its state, OnEvaluated, the dataplane bar, the mode and type tabs, and the
// questions it asks the worker (policy_view.h).
#include "app/gui/views/policy/policy_view.h"

namespace cfgi::gui {

std::unique_ptr<EngineView> CreatePolicyView();

namespace policy_view {

std::string PolicyView::SaveState() const {
  std::string s = sub_tabs_.Save();
  if (!type_name_.empty()) s += ";type=" + type_name_;
  const size_t rule = pending_rule_ != SIZE_MAX ? pending_rule_ : rule_;
  if (rule != SIZE_MAX) s += ";rule=" + std::to_string(rule);
  s += std::string(";mode=") + (mode_ == 0 ? "resource" : "types");
  const std::string& res = !pending_res_.empty() ? pending_res_ : res_key_;
  if (!res.empty()) s += ";res=" + res;
  const std::string& leaf = !pending_leaf_.empty() ? pending_leaf_ : leaf_;
  if (!leaf.empty()) s += ";leaf=" + leaf;
  const std::string dp = !pending_dp_.empty() ? pending_dp_ : !asked_.empty() ? asked_ : DataplaneName();
  if (!dp.empty()) s += ";dp=" + dp;
  if (field_filter_.IsActive()) s += std::string(";fields=") + field_filter_.InputBuf;
  if (pane_request_ == 1 || (pane_request_ < 0 && pane_ == 1)) s += ";pane=stack";
  const std::string& prow = sel_.Row("type/4");
  if (!pending_prow_.empty()) s += ";prow=" + pending_prow_;
  else if (prow.rfind("profiles:", 0) == 0) s += ";prow=" + prow.substr(9);
  return s;
}

void PolicyView::LoadState(std::string_view state) {
  sub_tabs_.Load(state);
  rules_order_.Load(state);
  if (StateInt(state, "copy") == 1) copy_request_ = true;
  if (auto type = StateField(state, "type")) pending_type_ = *type;
  if (auto rule = StateInt(state, "rule")) pending_rule_ = static_cast<size_t>(*rule);
  if (auto mode = StateField(state, "mode")) mode_request_ = *mode == "types" ? 1 : 0;
  else if (StateField(state, "type")) mode_request_ = 1;  // a state saved before the Resource tab
  if (auto res = StateField(state, "res")) pending_res_ = *res;
  if (auto leaf = StateField(state, "leaf")) pending_leaf_ = *leaf;
  if (auto dp = StateField(state, "dp")) pending_dp_ = *dp;
  if (auto prow = StateField(state, "prow")) pending_prow_ = *prow;
  if (auto inb = StateInt(state, "inb")) pending_inbound_ = static_cast<size_t>(*inb);
  if (auto pane = StateField(state, "pane")) pane_request_ = *pane == "stack" ? 1 : 0;
  if (auto f = StateField(state, "fields")) {  // the Resource tab's field filter
    std::snprintf(field_filter_.InputBuf, sizeof field_filter_.InputBuf, "%s", f->c_str());
    field_filter_.Build();
  }
}

void PolicyView::OnEvaluated(const OpenDocument& d) {
  model_ = ModelAs<pol::PolicyModel>(d.model());
  // The texts the worker made with this inspection (policy_texts.h); none for another engine's.
  const auto* texts = dynamic_cast<const PolicyTexts*>(d.view_rows());
  texts_ = texts ? texts : &kNoTexts;
  kuma_ = madr_ = nullptr;
  kuma_res_ = madr_res_ = nullptr;
  // Every profile's result, in the profile set's order (N profiles: one per Kuma release and
  // the MADR's). The Kuma side of the two-way panels is the document's profile when it is a
  // Kuma release, else the default release.
  results_.assign(pol::Profiles().size(), nullptr);
  for (const Report& r : d.reports())
    if (const auto* pr = ResultAs<pol::PolicyResult>(r.typed.get())) results_[pol::Profiles().Index(pr->id)] = pr;
  const pol::Profile asked = pol::Profiles().Parse(d.profile());
  const pol::Profile kuma = pol::IsKuma(asked) && results_[pol::Profiles().Index(asked)] ? asked : pol::Profiles().Default();
  kuma_res_ = results_[pol::Profiles().Index(kuma)];
  madr_res_ = results_[pol::Profiles().Index(pol::Profile::kMadr)];
  if (kuma_res_) kuma_ = &kuma_res_->rules;
  if (madr_res_) madr_ = &madr_res_->rules;
  asked_res_.clear();
  res_filter_dirty_ = true;
  summaries_.clear();
  filtered_rows_.clear();
  rules_order_.Reset();
  filtered_type_ = SIZE_MAX;
  leaf_.clear();
  res_key_ = kuma_res_ ? kuma_res_->inspection.key : std::string();
  // A restored resource (view state res=KEY) is a question for the worker.
  restore_res_ = !pending_res_.empty() && pending_res_ != res_key_ ? pending_res_ : std::string();
  if (restore_res_.empty()) pending_res_.clear();
  comparison_ = &d.comparison();
  dataplane_ = -1;
  if (model_ && model_->chosen) dataplane_ = static_cast<int>(model_->chosen - model_->mesh.dataplanes.data());
  asked_.clear();
  rule_ = SIZE_MAX;
  inbound_ = SIZE_MAX;
  sel_.Forget();
  field_ = SIZE_MAX;
  auto_selected_ = false;
  profiles_widths_ = {nullptr, {0.0f, 0.0f}};
  tree_need_ = stack_need_ = 0;  // measured again for the new results (StackUnderTree)
}

nlohmann::ordered_json PolicyView::DumpState() const {
  nlohmann::ordered_json j = EngineView::DumpState();
  j["table"] = room_.ToJson();
  // What the Explanation shows for the place on screen (Selections), and the rows highlighted.
  j["explains"] = sel_.ToJson();
  j["highlighted"] = {{"leaf", leaf_},
                      {"inbound", inbound_ == SIZE_MAX ? nlohmann::ordered_json() : nlohmann::ordered_json(inbound_ == SIZE_MAX - 1 ? -1 : static_cast<long>(inbound_))},
                      {"rule", rule_ == SIZE_MAX ? nlohmann::ordered_json() : nlohmann::ordered_json(rule_)},
                      {"field", field_ == SIZE_MAX ? nlohmann::ordered_json() : nlohmann::ordered_json(field_)}};
  j["overridden_values"] = {{"shown", overrides_drawn_.shown}, {"folded", overrides_drawn_.folded}};
  j["field_filter"] = {{"text", field_filter_.InputBuf}, {"hidden", fields_hidden_}};
  j["tree_scroll_y"] = tree_scroll_y_;
  j["stack_under_tree"] = layout_ != 0;  // under it, or in a tab of its own (too short for both)
  j["stack_layout"] = {{"mode", layout_ == 0 ? "beside" : layout_ == 1 ? "under" : pane_ == 1 ? "tabs:stack" : "tabs:tree"},
                       {"width", static_cast<int>(split_width_)}, {"tree_need", static_cast<int>(tree_need_)},
                       {"stack_need", static_cast<int>(stack_need_)}};
  // The Profiles tab's tree: its rows, the count it shows (the comparison's), the differing
  // answers its marked rows stand for, and those rows' keys.
  if (profiles_tree_) {
    size_t marked = 0;
    nlohmann::ordered_json keys = nlohmann::ordered_json::array();
    for (const ProfilesRow& r : profiles_tree_->rows)
      if (r.answer && r.differs) {
        marked += r.answers;
        keys.push_back(r.key);
      }
    j["profiles"] = {{"rows", profiles_tree_->rows.size()}, {"count", profiles_tree_->differing},
                     {"marked_answers", marked + profiles_tree_->differing_omitted}, {"differing_rows", std::move(keys)},
                     {"columns", profiles_tree_->profiles}, {"highlighted", profiles_highlighted_}};
  }
  return j;
}

void PolicyView::Draw(ViewContext& ctx) {
  room_.Reset();
  profiles_tree_ = nullptr;
  overrides_drawn_ = {};
  if (!model_ || !kuma_ || !madr_) {
    theme::TextMuted("Not evaluated yet.");
    return;
  }
  primary_ = pol::Profiles().Parse(ctx.document().profile());
  // Switching between Kuma releases switches the Kuma side (every profile was evaluated).
  if (pol::IsKuma(primary_) && pol::Profiles().Index(primary_) < results_.size())
    if (const pol::PolicyResult* pr = results_[pol::Profiles().Index(primary_)]; pr && pr != kuma_res_) {
      kuma_res_ = pr;
      kuma_ = &pr->rules;
    }
  const auto& dps = model_->mesh.dataplanes;
  if (dps.empty()) {
    theme::TextMuted("The scenario has no Dataplane: policies are matched per dataplane.");
    return;
  }
  // A dataplane from the saved view state (or the --step dataplane=NAME hook) that is not the
  // one shown: a question for the worker, as a click in the combo would be.
  if (!pending_dp_.empty()) {
    std::string want = std::move(pending_dp_);
    pending_dp_.clear();
    if (want != DataplaneName() && want != asked_ && model_->mesh.FindDataplane(want)) Ask(ctx, want);
  }
  // Several dataplanes and none named: show the first one (asks the worker once).
  if (dataplane_ < 0 && asked_.empty()) Ask(ctx, dps.front().meta.name);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 18);
  const std::string cur = !asked_.empty() ? asked_ : dataplane_ >= 0 ? dps[static_cast<size_t>(dataplane_)].meta.name : "(none)";
  if (ImGui::BeginCombo("Dataplane", cur.c_str())) {
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(dps.size()));
    while (clip.Step())
      for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i)
        if (ImGui::Selectable(dps[static_cast<size_t>(i)].meta.name.c_str(), i == dataplane_) && i != dataplane_)
          Ask(ctx, dps[static_cast<size_t>(i)].meta.name);
    ImGui::EndCombo();
  }
  if (!asked_.empty() || dataplane_ < 0) {
    ImGui::SameLine();
    theme::TextMuted("evaluating...");
    return;
  }
  ImGui::SameLine();
  const pol::Dataplane& dp = dps[static_cast<size_t>(dataplane_)];
  std::string inb;
  for (const pol::Inbound& in : dp.inbounds) inb += (inb.empty() ? "" : ", ") + in.Id();
  theme::TextMuted("mesh %s, inbounds %s;  profile %s: %s", dp.meta.mesh.c_str(), inb.empty() ? "-" : inb.c_str(),
                   pol::Profiles().Name(primary_), PolicyReleaseText(primary_).c_str());
  ImGui::SameLine();
  if (ImGui::SmallButton("source")) ctx.JumpTo(dp.meta.loc.file, dp.meta.loc.range);

  if (!restore_res_.empty()) {
    std::string k = std::move(restore_res_);
    restore_res_.clear();
    AskResource(ctx, k);
  }
  if (!ImGui::BeginTabBar("##policymode")) return;
  if (ImGui::BeginTabItem("Resource: everything it gets###resource", nullptr,
                          mode_request_ == 0 ? ImGuiTabItemFlags_SetSelected : 0)) {
    mode_ = 0;
    // The leaf's step is gone (another profile: the Kuma side changed): DrawResource selects the
    // same leaf of the profile shown.
    if (!sel_.Show(ctx, Place()) && !sel_.Row("resource").empty()) reselect_ = true;
    DrawResource(ctx);
    ImGui::EndTabItem();
  }
  if (ImGui::BeginTabItem("Policy types###types", nullptr, mode_request_ == 1 ? ImGuiTabItemFlags_SetSelected : 0)) {
    mode_ = 1;
    DrawTypes(ctx);
    ImGui::EndTabItem();
  }
  ImGui::EndTabBar();
  mode_request_ = -1;
}

void PolicyView::DrawTypes(ViewContext& ctx) {
  const pol::DataplaneRules& rules = Primary();
  if (rules.types.empty()) {
    theme::TextMuted("No policy selects this dataplane.");
    return;
  }
  if (rules.filtered) {
    theme::TextMuted("Filtered: these tables hold only the keys asked for (inputs.resources, or the resource "
                     "inspected in a mesh of %zu resources).", kuma_res_ ? kuma_res_->resource_keys.size() : size_t{0});
  }
  if (!ImGui::BeginTabBar("##types", ImGuiTabBarFlags_FittingPolicyScroll)) return;
  for (size_t t = 0; t < rules.types.size(); ++t) {
    const pol::TypeRules& tr = rules.types[t];
    size_t selected = 0;
    for (const auto& s : tr.selections) selected += s.selected;
    std::string label = tr.type + " (" + std::to_string(selected) + ")" + (Diffs(t) == 0 ? "" : " ⇄") +
                        "###" + tr.type;
    ImGuiTabItemFlags tf = (!pending_type_.empty() && pending_type_ == tr.type) ? ImGuiTabItemFlags_SetSelected : 0;
    if (ImGui::BeginTabItem(label.c_str(), nullptr, tf)) {
      if (type_ != t) {
        type_ = t;
        type_name_ = tr.type;
        // Another type's rows: the selections of the type's tabs go with the old ones.
        sel_.ForgetUnder(ctx, "type/");
        field_ = SIZE_MAX;
        rule_ = SIZE_MAX;
        // A restored row belongs to the restored type (the first tab opens for a frame before it).
        if (pending_type_.empty() || pending_type_ == tr.type) {
          if (pending_rule_ < tr.to_rules.size()) SelectRule(ctx, tr, pending_rule_, false);
          pending_rule_ = SIZE_MAX;
        }
      }
      DrawType(ctx, tr, t);
      ImGui::EndTabItem();
    }
  }
  ImGui::EndTabBar();
  if (pending_type_ == type_name_) pending_type_.clear();
  if (++frames_ > 3) pending_type_.clear();  // a type that no longer exists
}

const char* PolicyView::OtherName() const {
  return pol::IsKuma(primary_) ? "madr" : (kuma_res_ ? pol::Profiles().Name(kuma_res_->id) : "kuma");
}

void PolicyView::AskResource(ViewContext& ctx, const std::string& key) {
  if (dataplane_ < 0 || !model_) return;
  const std::string& dp = model_->mesh.dataplanes[static_cast<size_t>(dataplane_)].meta.name;
  asked_res_ = key;
  ctx.Ask(DataplaneQuery(dp, key));
}

Query PolicyView::DataplaneQuery(const std::string& dp, const std::string& inspect) const {
  auto q = std::make_shared<pol::PolicyQuery>();
  q->dataplane = dp;
  if (!inspect.empty()) q->inspect = inspect;
  Query out;
  out.typed = std::move(q);
  return out;
}

std::string PolicyView::DataplaneName() const {
  return model_ && dataplane_ >= 0 ? model_->mesh.dataplanes[static_cast<size_t>(dataplane_)].meta.name : std::string();
}

const pol::ResourceConfDiff* PolicyView::InspectDiff() const {
  const auto* all = comparison_ ? dynamic_cast<const pol::ResourceConfDiffs*>(comparison_->detail.get()) : nullptr;
  const pol::PolicyResult* pr = PrimaryResult();
  return all && pr ? all->Find(pol::Profiles().Name(pr->id), OtherName()) : nullptr;
}

void PolicyView::Ask(ViewContext& ctx, const std::string& dataplane) {
  asked_ = dataplane;
  ctx.Ask(DataplaneQuery(dataplane, ""));
}

void PolicyView::DrawType(ViewContext& ctx, const pol::TypeRules& tr, size_t t) {
  // A restored sub-tab waits until the restored policy type is the open one.
  if (!sub_tabs_.Begin("##typetabs", pending_type_.empty() || pending_type_ == type_name_)) return;
  // The fields table highlights the field its tab explains (Resources and Inbound / proxy each
  // keep their own: "rule/R/field/F").
  auto field_of_tab = [&] {
    const std::string& row = sel_.Row(Place());
    const size_t at = row.find("/field/");
    return at == std::string::npos ? SIZE_MAX : static_cast<size_t>(std::strtoul(row.c_str() + at + 7, nullptr, 10));
  };
  std::string l = "Resources (" + std::to_string(tr.to_rules.size()) + ")###res";
  if (sub_tabs_.Item(0, l)) {
    field_ = field_of_tab();
    // The row's step is gone (another profile): the same row and field of the profile shown;
    // nothing selected yet: the first resource, so the Explanation explains a row on screen.
    if (!sel_.Show(ctx, Place()) && !tr.to_rules.empty()) {
      const size_t field = field_;
      SelectRule(ctx, tr, rule_ < tr.to_rules.size() ? rule_ : 0, false);
      if (field < tr.to_rules[rule_].provenance().size()) {
        field_ = field;
        SelectField(ctx, tr.to_rules[rule_].provenance()[field], false);
      }
    }
    DrawResourceRules(ctx, tr);
    ImGui::EndTabItem();
  }
  if (!tr.from_rules.empty() || tr.has_proxy_rule) {
    l = "Inbound / proxy (" + std::to_string(tr.from_rules.size() + (tr.has_proxy_rule ? 1 : 0)) + ")###inb";
    if (sub_tabs_.Item(1, l)) {
      field_ = field_of_tab();
      DrawInbound(ctx, tr);  // shows its own row (selecting the first when none)
      ImGui::EndTabItem();
    }
  }
  l = "Items (" + std::to_string(tr.to_items.size() + tr.from_items.size()) + ")###items";
  if (sub_tabs_.Item(2, l)) {
    sel_.Show(ctx, Place());
    DrawItems(ctx, tr);
    ImGui::EndTabItem();
  }
  l = "Selection###sel";
  if (sub_tabs_.Item(3, l)) {
    sel_.Show(ctx, Place());
    DrawSelections(ctx, tr);
    ImGui::EndTabItem();
  }
  l = std::string("Profiles") + (Diffs(t) == 0 ? " (same)" : " (" + std::to_string(Diffs(t)) + " ⇄)") +
      "###diff";
  if (sub_tabs_.Item(4, l)) {
    sel_.Show(ctx, Place());
    DrawDiffs(ctx, t);
    ImGui::EndTabItem();
  }
  if (sub_tabs_.Item(5, "Schema###schema")) {
    sel_.Show(ctx, Place());
    DrawSchema(tr.type);
    ImGui::EndTabItem();
  }
  sub_tabs_.End();
}

}  // namespace policy_view

std::unique_ptr<EngineView> CreatePolicyView() { return std::make_unique<policy_view::PolicyView>(); }

}  // namespace cfgi::gui
