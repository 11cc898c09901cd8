// The policy view (Kuma 2.x policy matching and merging). It draws the document's inspection:
// the engine's PolicyModel and the kuma and madr PolicyResults for the chosen dataplane, and
// the document's profile comparison. Choosing another dataplane asks the worker for a new
// inspection (ViewContext::Ask with --dataplane); the view never evaluates.
//   Dataplane selector, then two tabs:
//   Resource      one resource, everything it gets (core/policy/policy_inspect.h, built on the
//                 worker: --inspect KEY): a searchable chooser over every resource of the mesh,
//                 the merged conf of every policy type as a YAML-like tree, each leaf with a chip
//                 naming the (policy, ruleIndex) that set it (click: its source), the values it
//                 overrode struck through beneath it, Kuma's defaults marked, leaves where kuma and
//                 madr differ marked with the other profile's value; beside it the merge stack of
//                 the selected type (the sorted items with their sort keys). Selecting a leaf shows
//                 its explanation, the deciding item first.
//   Policy types  one tab per policy type:
//     Resources   ResourceRules: resource, section, merged conf, origins; select one to list its
//                 fields, click a field for its origin (policy, ruleIndex) and source lines
//     Inbound     from[] / rules[] rules per inbound
//     Items       the sorted items, every sort key a column (merge order: later wins)
//     Profiles    where the profiles (each Kuma release, the MADR) differ, one column each, with
//                 the comparison's upgrade notes (kuma-2.10 -> kuma-2.14) for the type
//     Schema      the type's typed fields (kind, enum) and the defaults Kuma fills in
//                 (core/policy/policy_schema.h); a generic type says it has none
//   Merged values print durations as Kuma does (Go's Duration.String, normalised at load); a field
//   whose source text differs shows it as written, and a field Kuma filled in is marked "default".
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <imgui.h>

#include "app/gui/theme.h"
#include "app/gui/views/view.h"
#include "app/gui/views/view_tabs.h"
#include "core/engine/compare.h"
#include "core/policy/policy_engine.h"
#include "core/policy/policy_inspect.h"
#include "core/policy/policy_inspect_diff.h"
#include "core/policy/policy_release_rules.h"
#include "core/policy/policy_schema.h"
#include "app/gui/views/policy_view_release.h"
#include "core/doc/utf8.h"

namespace cfgi::gui {

namespace {

namespace pol = cfgi::policy;

std::string Short(const nlohmann::json& j, size_t max = 160) {
  std::string s = j.is_null() ? "(none)" : doc::JsonText(j);
  if (s.size() > max) s = s.substr(0, max - 3) + "...";
  return s;
}
std::string Short(const nlohmann::ordered_json& j, size_t max) {
  std::string s = j.is_null() ? "(none)" : doc::JsonText(j);
  if (s.size() > max) s = s.substr(0, max - 3) + "...";
  return s;
}

std::string ItemLabel(const pol::Item* it) {
  if (!it || !it->policy) return "?";
  return it->policy->meta.DisplayName() + " " + pol::DirectionName(it->direction) + "[" +
         std::to_string(it->rule_index) + "]";
}

std::string OriginsText(const std::vector<pol::Origin>& os) {
  std::string s;
  for (const pol::Origin& o : os) {
    if (!s.empty()) s += ", ";
    s += (o.policy ? o.policy->meta.DisplayName() : std::string("?")) + "[" + std::to_string(o.rule_index) + "]";
  }
  return s.empty() ? "-" : s;
}

std::string ResourceLabel(const pol::ResourceRule& r) {
  std::string s = r.meta().type + " " + r.meta().DisplayName();
  if (!r.section.empty()) s += " :" + r.section;
  return s;
}

// A merged conf as "path: value" lines (its leaves, YAML-like), for table cells.
std::vector<std::string> ConfSummary(const nlohmann::json& conf) {
  std::vector<std::string> out;
  for (const pol::ConfLine& l : pol::ConfLines(conf, {})) {
    if (!l.leaf) continue;
    std::string p = l.path.empty() ? "/" : l.path.substr(1);
    for (char& c : p)
      if (c == '/') c = '.';
    out.push_back(p + ": " + pol::LeafText(l.value));
  }
  if (out.empty()) out.push_back(conf.is_null() ? "(none)" : "{}");
  return out;
}

// Draws `text` with a line through it (an overridden value).
void StruckText(const std::string& text, const ImVec4& color) {
  ImGui::TextColored(color, "%s", text.c_str());
  ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  float y = (a.y + b.y) * 0.5f;
  ImGui::GetWindowDrawList()->AddLine(ImVec2(a.x, y), ImVec2(b.x, y), ImGui::GetColorU32(color), 1.0f);
}

// Meshes with more resources than this are evaluated a few resources at a time (--resource KEY
// with --inspect KEY), on a dataplane switch as on choosing a resource: the complete
// ResourceRules of samples/policy/large-mesh (20,000 MeshServices, 4 types) is ~350 MB typed per
// profile and 1.7 GB as JSON, against 193 MB for the CLI's whole `check --profile all`
// (docs/gui.md "Large meshes"). The CLI's `eval --dataplane` still gives the complete output.
constexpr size_t kLargeMesh = 2000;

class PolicyView final : public EngineView {
 public:

  // "type=MMeshRetry;tab=N;rule=N": the open policy type, its sub-tab and the selected resource.
  std::string SaveState() const override {
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
    return s;
  }
  void LoadState(std::string_view state) override {
    sub_tabs_.Load(state);
    if (auto type = StateField(state, "type")) pending_type_ = *type;
    if (auto rule = StateInt(state, "rule")) pending_rule_ = static_cast<size_t>(*rule);
    if (auto mode = StateField(state, "mode")) mode_request_ = *mode == "types" ? 1 : 0;
    else if (StateField(state, "type")) mode_request_ = 1;  // a state saved before the Resource tab
    if (auto res = StateField(state, "res")) pending_res_ = *res;
    if (auto leaf = StateField(state, "leaf")) pending_leaf_ = *leaf;
    if (auto dp = StateField(state, "dp")) pending_dp_ = *dp;
  }
  void OnEvaluated(const OpenDocument& d) override {
    model_ = ModelAs<pol::PolicyModel>(d.model());
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
    why_ = {};
    auto_selected_ = false;
  }

  // The test hook: the shown tab's main table (the merge stack, a type's Resources table).
  nlohmann::ordered_json DumpState() const override {
    nlohmann::ordered_json j = EngineView::DumpState();
    j["table"] = room_.ToJson();
    return j;
  }

  void Draw(ViewContext& ctx) override {
    room_.Reset();
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

 private:
  void DrawTypes(ViewContext& ctx) {
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
          rule_ = pending_rule_;
          pending_rule_ = SIZE_MAX;
        }
        DrawType(ctx, tr, t);
        ImGui::EndTabItem();
      }
    }
    ImGui::EndTabBar();
    if (pending_type_ == type_name_) pending_type_.clear();
    if (++frames_ > 3) pending_type_.clear();  // a type that no longer exists
  }


  // ---- Resource: one resource, everything it gets ----

  const pol::PolicyResult* PrimaryResult() const { return pol::IsKuma(primary_) ? kuma_res_ : madr_res_; }
  const char* OtherName() const {
    return pol::IsKuma(primary_) ? "madr" : (kuma_res_ ? pol::Profiles().Name(kuma_res_->id) : "kuma");
  }

  // The inspection is a question for the worker (--inspect KEY; in a large mesh with --resource
  // KEY too, so the worker keeps one ResourceRule per type instead of every MeshService's).
  void AskResource(ViewContext& ctx, const std::string& key) {
    if (dataplane_ < 0 || !model_) return;
    const std::string& dp = model_->mesh.dataplanes[static_cast<size_t>(dataplane_)].meta.name;
    asked_res_ = key;
    ctx.Ask(DataplaneQuery(dp, key));
  }

  // The one question the view asks the worker: a dataplane, the resource to inspect (empty: the
  // default one) and, in a large mesh, the resources to evaluate: that one, or the ones asked
  // before (the scenario's inputs.resources carried over to another dataplane), else the mesh.
  Query DataplaneQuery(const std::string& dp, const std::string& inspect) const {
    Query q{{{"dataplane", dp}}};
    if (!inspect.empty()) q.flags.push_back({"inspect", inspect});
    if (!LargeMesh()) return q;
    std::vector<std::string> keys;
    if (!inspect.empty()) keys.push_back(inspect);
    else if (model_ && !model_->only_keys.empty()) keys = model_->only_keys;
    else if (!res_key_.empty()) keys.push_back(res_key_);
    else if (const pol::Dataplane* d = model_ ? model_->mesh.FindDataplane(dp) : nullptr) keys.push_back(pol::MeshKey(model_->mesh, d->meta.mesh));
    for (std::string& k : keys) q.flags.push_back({"resource", std::move(k)});
    return q;
  }
  bool LargeMesh() const {
    return model_ && model_->mesh.services.size() + model_->mesh.external_services.size() > kLargeMesh;
  }
  std::string DataplaneName() const {
    return model_ && dataplane_ >= 0 ? model_->mesh.dataplanes[static_cast<size_t>(dataplane_)].meta.name : std::string();
  }

  // kuma vs madr for the inspected resource: the engine's typed detail of the profile comparison
  // (policy::InspectionDiffs, made on the worker with it), for the profile shown against the other.
  const pol::InspectionDiff* InspectDiff() const {
    const auto* all = comparison_ ? dynamic_cast<const pol::InspectionDiffs*>(comparison_->detail.get()) : nullptr;
    const pol::PolicyResult* pr = PrimaryResult();
    return all && pr ? all->Find(pol::Profiles().Name(pr->id), OtherName()) : nullptr;
  }

  void SelectLeaf(ViewContext& ctx, const pol::TypeInspection& t, const pol::ConfLine& l, bool jump) {
    leaf_ = t.type + ":" + l.path;
    stack_type_ = t.type;
    ctx.SelectExplanation(&l.why);
    if (jump && l.field) ctx.JumpTo(l.field->set.loc.file, l.field->set.loc.range);
  }

  void DrawChooser(ViewContext& ctx, const pol::PolicyResult& pr) {
    const std::vector<std::string>& keys = pr.resource_keys;
    if (res_filter_dirty_) {
      res_filtered_.clear();
      for (size_t i = 0; i < keys.size(); ++i)
        if (res_filter_.PassFilter(keys[i].c_str())) res_filtered_.push_back(static_cast<int>(i));
      res_filter_dirty_ = false;
    }
    ImGui::SetNextItemWidth(std::min(ImGui::GetContentRegionAvail().x * 0.6f, ImGui::GetFontSize() * 36));
    const std::string cur = !asked_res_.empty() ? asked_res_ : pr.inspection.key.empty() ? "(none)" : pr.inspection.key;
    if (ImGui::BeginCombo("Resource##res", cur.c_str(), ImGuiComboFlags_HeightLargest)) {
      if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
      if (res_filter_.Draw("##resfilter", ImGui::GetFontSize() * 30)) res_filter_dirty_ = true;
      theme::TextMuted("%zu of %zu resources (type to search; \"a,b\" matches either, \"-x\" excludes)",
                       res_filtered_.size(), keys.size());
      ImGui::BeginChild("##reslist", ImVec2(ImGui::GetFontSize() * 36, ImGui::GetTextLineHeightWithSpacing() * 14));
      ImGuiListClipper clip;
      clip.Begin(static_cast<int>(res_filtered_.size()));
      while (clip.Step())
        for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
          const std::string& k = keys[static_cast<size_t>(res_filtered_[static_cast<size_t>(i)])];
          ImGui::PushID(i);
          if (ImGui::Selectable(k.c_str(), k == pr.inspection.key)) {
            if (k != pr.inspection.key) AskResource(ctx, k);
            ImGui::CloseCurrentPopup();
          }
          ImGui::PopID();
        }
      ImGui::EndChild();
      ImGui::EndCombo();
    }
    ImGui::SameLine();
    if (!asked_res_.empty()) {
      theme::TextMuted("evaluating...");
    } else {
      theme::TextMuted("%zu resources; %zu policy types apply, %zu fields", keys.size(), pr.inspection.types.size(),
                       pr.inspection.leaves);
    }
  }

  void DrawResource(ViewContext& ctx) {
    const pol::PolicyResult* pr = PrimaryResult();
    if (!pr) return;
    DrawChooser(ctx, *pr);
    const pol::ResourceInspection& in = pr->inspection;
    if (in.key.empty()) {
      theme::TextMuted("No policy applies to a resource of this dataplane's mesh.");
      return;
    }
    if (in.types.empty()) {
      theme::TextMuted("No policy type has a rule for %s (nor for the service or mesh it falls back to).", in.key.c_str());
      return;
    }
    // A restored leaf (view state leaf=TYPE:/path) selects its explanation once.
    if (!pending_leaf_.empty()) {
      for (const pol::TypeInspection& t : in.types)
        for (const pol::ConfLine& l : t.lines)
          if (l.field && t.type + ":" + l.path == pending_leaf_) SelectLeaf(ctx, t, l, false);
      if (asked_res_.empty() && restore_res_.empty()) pending_leaf_.clear();
    }
    if (stack_type_.empty() || std::none_of(in.types.begin(), in.types.end(),
                                            [&](const pol::TypeInspection& t) { return t.type == stack_type_; }))
      stack_type_ = in.types.front().type;
    // Nothing selected yet (a new evaluation): the first value a policy set is selected, so the
    // Explanation shows at once which policy and rule set it (the deciding step), as every view
    // starts with its first row's explanation; else the first type's.
    if (leaf_.empty() && pending_leaf_.empty() && !auto_selected_) {
      auto_selected_ = true;
      const pol::TypeInspection& first = in.types.front();
      for (const pol::ConfLine& l : first.lines)
        if (l.field) {
          SelectLeaf(ctx, first, l, false);
          break;
        }
      if (leaf_.empty()) {
        stack_type_ = first.type;
        ctx.SelectExplanation(&first.why);
      }
    }
    const ImGuiTableFlags split = ImGuiTableFlags_Resizable | ImGuiTableFlags_BordersInnerV;
    if (!ImGui::BeginTable("##inspect", 2, split, ImVec2(0, ImGui::GetContentRegionAvail().y))) return;
    ImGui::TableSetupColumn("Merged conf", ImGuiTableColumnFlags_WidthStretch, 3);
    ImGui::TableSetupColumn("Merge stack", ImGuiTableColumnFlags_WidthStretch, 2);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::BeginChild("##tree", ImVec2(0, 0));
    for (const pol::TypeInspection& t : in.types) DrawTypeTree(ctx, t);
    ImGui::EndChild();
    ImGui::TableNextColumn();
    ImGui::BeginChild("##stack", ImVec2(0, 0));
    for (const pol::TypeInspection& t : in.types)
      if (t.type == stack_type_) DrawStack(ctx, t);
    ImGui::EndChild();
    ImGui::EndTable();
  }

  // One chip: a small button naming what set a value; click jumps to its source.
  static bool Chip(const char* id, const std::string& text, const ImVec4& color) {
    ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(color.x, color.y, color.z, 0.22f));
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImVec4(color.x, color.y, color.z, 0.40f));
    ImGui::PushStyleColor(ImGuiCol_ButtonActive, ImVec4(color.x, color.y, color.z, 0.55f));
    bool clicked = ImGui::SmallButton((text + "##" + id).c_str());
    ImGui::PopStyleColor(3);
    return clicked;
  }

  void DrawTypeTree(ViewContext& ctx, const pol::TypeInspection& t) {
    ImGui::PushID(t.type.c_str());
    const pol::InspectionDiff* idiff = InspectDiff();
    const size_t ti = static_cast<size_t>(&t - PrimaryResult()->inspection.types.data());
    size_t diffs = idiff && idiff->type_diffs.count(t.type) ? idiff->type_diffs.at(t.type) : 0;
    std::string head = t.type + "  " + (t.fallback ? "falls back to " + (t.rule->sparse ? std::string(t.rule->key) : t.rule->fallback_of())
                                                   : "own rule") +
                       ", " + std::to_string(t.rule->items().size()) + " items" +
                       (diffs ? "   " + std::string(theme::kIconDiverge) + " " + std::to_string(diffs) + " differ in " + OtherName()
                        : idiff && idiff->other_merge.count(t.type) ? "   " + std::string(theme::kIconDiverge) + " same conf, other origins in " + OtherName()
                                                     : "") +
                       "###head";
    bool open = ImGui::CollapsingHeader(head.c_str(), ImGuiTreeNodeFlags_DefaultOpen);
    if (ImGui::IsItemClicked()) {
      stack_type_ = t.type;
      ctx.SelectExplanation(&t.why);
    }
    if (!open) {
      ImGui::PopID();
      return;
    }
    const float indent = ImGui::GetFontSize() * 1.2f;
    const float x0 = ImGui::GetCursorPosX();
    for (size_t i = 0; i < t.lines.size(); ++i) {
      const pol::ConfLine& l = t.lines[i];
      ImGui::PushID(static_cast<int>(i));
      ImGui::SetCursorPosX(x0 + indent * static_cast<float>(l.depth + 1));
      std::string text = l.key == "-" ? "-" : l.key + ":";
      if (l.leaf) text += " " + pol::LeafText(l.value);
      const bool selected = leaf_ == t.type + ":" + l.path;
      ImGui::PushFont(theme::GetFonts().mono);
      const ImVec2 size = ImGui::CalcTextSize(text.c_str());
      if (ImGui::Selectable(text.c_str(), selected, ImGuiSelectableFlags_AllowItemOverlap, size) && l.field)
        SelectLeaf(ctx, t, l, true);
      ImGui::PopFont();
      if (l.field) {
        const pol::FieldProvenance& f = *l.field;
        ImGui::SameLine();
        std::string who = f.set.item && f.set.item->policy
                              ? f.set.item->policy->meta.name + " " + pol::DirectionName(f.set.item->direction) + "[" +
                                    std::to_string(f.set.item->rule_index) + "]"
                              : "?";
        if (Chip("set", who, theme::Pal().accent)) SelectLeaf(ctx, t, l, true);
        if (ImGui::IsItemHovered())
          ImGui::SetTooltip("set by %s %s (policy, ruleIndex); click: its source", f.set.item && f.set.item->policy ? f.set.item->policy->meta.type.c_str() : "", who.c_str());
        if (f.set.is_default) {
          ImGui::SameLine();
          ImGui::TextColored(theme::Pal().note, "%s Kuma default", theme::kIconNote);
          if (ImGui::IsItemHovered()) ImGui::SetTooltip("Kuma fills this value in (+kubebuilder:default) where the item leaves it out");
        }
        if (f.appended) {
          ImGui::SameLine();
          theme::TextMuted("appended");
        }
      }
      if (auto d = idiff ? idiff->line_diffs.find({ti, i}) : std::map<std::pair<size_t, size_t>, std::string>::const_iterator();
          idiff && d != idiff->line_diffs.end()) {
        ImGui::SameLine();
        ImGui::TextColored(theme::Pal().warning, "%s %s: %s", theme::kIconDiverge, OtherName(), d->second.c_str());
      }
      if (l.field) {
        for (size_t w = 0; w < l.field->overrode.size(); ++w) {
          const pol::FieldProvenance::Write& o = l.field->overrode[w];
          ImGui::PushID(static_cast<int>(w) + 1000);
          ImGui::SetCursorPosX(x0 + indent * static_cast<float>(l.depth + 2));
          ImGui::PushFont(theme::GetFonts().mono);
          std::string ov = (o.path == l.field->set.path || o.path.empty() ? std::string() : o.path + " = ") + pol::LeafText(o.value);
          StruckText(ov, theme::Pal().muted);
          ImGui::PopFont();
          ImGui::SameLine();
          std::string who = o.item && o.item->policy ? o.item->policy->meta.name + " " + pol::DirectionName(o.item->direction) +
                                                           "[" + std::to_string(o.item->rule_index) + "]"
                                                     : "?";
          if (Chip("over", who, theme::Pal().muted)) ctx.JumpTo(o.loc.file, o.loc.range);
          if (ImGui::IsItemHovered()) ImGui::SetTooltip("overridden: %s comes earlier in the merge stack", who.c_str());
          ImGui::PopID();
        }
      }
      ImGui::PopID();
    }
    ImGui::PopID();
  }

  // The merge stack of the selected type's rule: its items in merge order with every sort key;
  // the item that set the selected leaf and the ones it overrode are marked.
  void DrawStack(ViewContext& ctx, const pol::TypeInspection& t) {
    stack_head_.Begin("##stack-head");  // the table below keeps its 8 rows
    ImGui::Text("Merge stack: %s", t.type.c_str());
    ImGui::PushTextWrapPos(0);
    theme::TextMuted("sorted ascending by the %s profile's keys; later items win", pol::Profiles().Name(primary_));
    ImGui::PopTextWrapPos();
    stack_head_.End();
    const pol::ConfLine* sel = nullptr;
    for (const pol::ConfLine& l : t.lines)
      if (l.field && leaf_ == t.type + ":" + l.path) sel = &l;
    const bool madr = primary_ == pol::Profile::kMadr;
    // The stack shares the view's width with the conf tree: its columns fit their values (never
    // clipped: a key such as "workload-owner (3)" is what the user came for) and the table
    // scrolls sideways when they do not all fit.
    if (!ImGui::BeginTable("##stacktab", madr ? 5 : 8, kTable | ImGuiTableFlags_ScrollX | ImGuiTableFlags_SizingFixedFit))
      return;
    ImGui::TableSetupScrollFreeze(1, 1);
    for (const char* c : {"#", "Item", "Top kind", "Origin", "Role", "to[] kind", "Section", "Name"})
      if (!madr || (std::string_view(c) != "Origin" && std::string_view(c) != "Role" && std::string_view(c) != "Section"))
        ImGui::TableSetupColumn(c);
    ImGui::TableHeadersRow();
    for (size_t i = 0; i < t.rule->items().size(); ++i) {
      const pol::Item& it = *t.rule->items()[i];
      ImGui::PushID(static_cast<int>(i));
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      bool sets = sel && sel->field->set.item == &it;
      bool lost = false;
      if (sel)
        for (const auto& w : sel->field->overrode) lost |= w.item == &it;
      std::string rank = std::to_string(i);
      if (ImGui::Selectable(rank.c_str(), sets, ImGuiSelectableFlags_SpanAllColumns) && it.entry)
        ctx.JumpTo(it.entry->loc.file, it.entry->loc.range);
      ImGui::TableNextColumn();
      std::string label = ItemLabel(&it);
      if (sets) ImGui::TextColored(theme::Pal().ok, "%s %s (sets it)", theme::kIconOk, label.c_str());
      else if (lost) ImGui::TextColored(theme::Pal().muted, "%s %s (overridden)", theme::kIconSkipped, label.c_str());
      else ImGui::TextUnformatted(label.c_str());
      SortKeyCells(it, madr, false);
      ImGui::PopID();
    }
    room_.Measure("stack", t.rule->items().size());
    ImGui::EndTable();
  }

  // An item's sort keys as table cells, in the order the merge sorts by (the merge stack and the
  // Items tab): top-level kind, [the dataplane's specificity,] origin and role (kuma only), to[]
  // kind, section (kuma only), then the name; each with its rank in parentheses.
  static void SortKeyCells(const pol::Item& it, bool madr, bool specificity) {
    ImGui::TableNextColumn();
    ImGui::Text("%s (%d)", it.top_kind.c_str(), it.top_kind_order);
    if (!madr) {
      if (specificity) {
        ImGui::TableNextColumn();
        ImGui::Text("%d", it.dataplane_specificity);
      }
      ImGui::TableNextColumn();
      ImGui::Text("%s (%d)", it.origin.empty() ? "unknown" : it.origin.c_str(), it.origin_order);
      ImGui::TableNextColumn();
      ImGui::Text("%s (%d)", it.role.c_str(), it.role_order);
    }
    ImGui::TableNextColumn();
    ImGui::Text("%s (%d)", it.item_kind.empty() ? "-" : it.item_kind.c_str(), it.item_kind_order);
    if (!madr) {
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(it.has_section ? "yes" : "no");
    }
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(it.name.c_str());
  }

  const pol::DataplaneRules& Primary() const { return pol::IsKuma(primary_) ? *kuma_ : *madr_; }

  // The dataplane is part of the question: the worker re-inspects with --dataplane NAME.
  void Ask(ViewContext& ctx, const std::string& dataplane) {
    asked_ = dataplane;
    ctx.Ask(DataplaneQuery(dataplane, ""));
  }

  // The document's profile comparison, for policy type t (RulesJson's "rules"[t]).
  std::string TypePath(size_t t) const { return "/rules/" + std::to_string(t); }
  size_t Diffs(size_t t) const { return comparison_ ? comparison_->CountUnder(TypePath(t)) : 0; }

  void SelectField(ViewContext& ctx, const pol::FieldProvenance& f) {
    why_ = doc::Step{};
    why_.what = f.path + " = " + Short(f.set.value);
    why_.outcome = doc::Outcome::kMatched;
    why_.detail = "set by " + (f.set.item && f.set.item->policy ? f.set.item->policy->meta.type + " " : "") +
                  ItemLabel(f.set.item) + (f.appended ? " (appended)" : "");
    why_.file = f.set.loc.file;
    why_.range = f.set.loc.range;
    for (const auto& w : f.overrode) {
      doc::Step s;
      s.what = "overrode " + ItemLabel(w.item) + ": " + w.path + " = " + Short(w.value);
      s.outcome = doc::Outcome::kSkipped;
      s.file = w.loc.file;
      s.range = w.loc.range;
      why_.Add(std::move(s));
    }
    ctx.SelectExplanation(&why_);
    ctx.JumpTo(f.set.loc.file, f.set.loc.range);
  }

  void DrawType(ViewContext& ctx, const pol::TypeRules& tr, size_t t) {
    // A restored sub-tab waits until the restored policy type is the open one.
    if (!sub_tabs_.Begin("##typetabs", pending_type_.empty() || pending_type_ == type_name_)) return;
    std::string l = "Resources (" + std::to_string(tr.to_rules.size()) + ")###res";
    if (sub_tabs_.Item(0, l)) {
      DrawResourceRules(ctx, tr);
      ImGui::EndTabItem();
    }
    if (!tr.from_rules.empty() || tr.has_proxy_rule) {
      l = "Inbound / proxy (" + std::to_string(tr.from_rules.size() + (tr.has_proxy_rule ? 1 : 0)) + ")###inb";
      if (sub_tabs_.Item(1, l)) {
        DrawInbound(ctx, tr);
        ImGui::EndTabItem();
      }
    }
    l = "Items (" + std::to_string(tr.to_items.size() + tr.from_items.size()) + ")###items";
    if (sub_tabs_.Item(2, l)) {
      DrawItems(ctx, tr);
      ImGui::EndTabItem();
    }
    l = "Selection###sel";
    if (sub_tabs_.Item(3, l)) {
      DrawSelections(ctx, tr);
      ImGui::EndTabItem();
    }
    l = std::string("Profiles") + (Diffs(t) == 0 ? " (same)" : " (" + std::to_string(Diffs(t)) + " ⇄)") +
        "###diff";
    if (sub_tabs_.Item(4, l)) {
      DrawDiffs(t);
      ImGui::EndTabItem();
    }
    if (sub_tabs_.Item(5, "Schema###schema")) {
      DrawSchema(tr.type);
      ImGui::EndTabItem();
    }
    sub_tabs_.End();
  }

  // The type's typed schema: static tables of the core (policy_schema.h), not the input.
  void DrawSchema(const std::string& type) {
    const pol::TypeSchema* s = pol::FindTypeSchema(type);
    if (!s) {
      theme::TextMuted("%s is not a built-in Kuma policy type: its default is merged as written (POL002).",
                       type.c_str());
      return;
    }
    theme::TextMuted("Kuma v2.11 %s; lists: %s%s%s%s", s->go_file, s->to ? "to " : "", s->from ? "from " : "",
                     s->rules ? "rules " : "", s->single ? "spec.default" : "");
    if (!ImGui::BeginTable("##schema", 4, kTable)) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("Field", ImGuiTableColumnFlags_WidthStretch, 3);
    ImGui::TableSetupColumn("Type", ImGuiTableColumnFlags_WidthStretch, 1);
    ImGui::TableSetupColumn("Values", ImGuiTableColumnFlags_WidthStretch, 3);
    ImGui::TableSetupColumn("Default (Kuma fills in)", ImGuiTableColumnFlags_WidthStretch, 1);
    ImGui::TableHeadersRow();
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(s->field_count));
    while (clip.Step()) {
      for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
        const pol::FieldSpec& f = s->fields[static_cast<size_t>(i)];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::PushFont(theme::GetFonts().mono);
        ImGui::Text("%s%s", f.path, f.required ? " (required)" : "");
        ImGui::PopFont();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(pol::FieldKindName(f.kind));
        ImGui::TableNextColumn();
        if (*f.enums) {
          std::string values = f.enums;  // the table's "A;B;C", shown as "A, B, C"
          for (size_t at = values.find(';'); at != std::string::npos; at = values.find(';', at + 2))
            values.replace(at, 1, ", ");
          ImGui::TextWrapped("%s", values.c_str());
        } else {
          theme::TextMuted("-");
        }
        ImGui::TableNextColumn();
        if (*f.default_json) ImGui::Text("default %s", f.default_json); else theme::TextMuted("-");
      }
    }
    ImGui::EndTable();
  }

  // The text a value had in its source, when it differs from the value Kuma prints (durations).
  static std::string AsWritten(const pol::FieldProvenance::Write& w) {
    if (!w.value.is_string() || !w.loc.source) return {};
    const std::string& text = w.loc.source->text();
    if (w.loc.range.end <= w.loc.range.begin || w.loc.range.end > text.size()) return {};
    std::string src = text.substr(w.loc.range.begin, w.loc.range.end - w.loc.range.begin);
    if (src.size() >= 2 && (src.front() == '"' || src.front() == '\'') && src.back() == src.front())
      src = src.substr(1, src.size() - 2);
    return src == w.value.get<std::string>() ? std::string() : src;
  }

  static constexpr ImGuiTableFlags kTable = ImGuiTableFlags_BordersV | ImGuiTableFlags_BordersOuterH |
                                            ImGuiTableFlags_Resizable | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY;

  // Each rule's conf as "path: value" lines, built once per evaluation and type (the filter
  // searches them with the keys).
  const std::vector<std::vector<std::string>>& Summaries(const pol::TypeRules& tr) {
    auto& v = summaries_[type_];
    if (v.size() != tr.to_rules.size()) {
      v.clear();
      v.reserve(tr.to_rules.size());
      // Rows that share a body (the fallback rows, keys with the same items) share its summary.
      const pol::RuleBody* last = nullptr;
      for (const pol::ResourceRule& r : tr.to_rules) {
        if (last && (last == r.body.get() || last->conf == r.conf())) {
          v.push_back(v.back());
        } else {
          v.push_back(ConfSummary(r.conf()));
        }
        last = r.body.get();
      }
    }
    return v;
  }

  void DrawResourceRules(ViewContext& ctx, const pol::TypeRules& tr) {
    const auto& sums = Summaries(tr);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 22);
    bool changed = rule_filter_.Draw("Filter##rules");
    if (changed || filtered_type_ != type_ || filtered_rows_.size() > tr.to_rules.size()) {
      filtered_type_ = type_;
      filtered_rows_.clear();
      for (size_t i = 0; i < tr.to_rules.size(); ++i) {
        bool pass = !rule_filter_.IsActive() || rule_filter_.PassFilter(tr.to_rules[i].key.data(), tr.to_rules[i].key.data() + tr.to_rules[i].key.size()) ||
                    rule_filter_.PassFilter(OriginsText(tr.to_rules[i].origin()).c_str());
        for (size_t k = 0; !pass && k < sums[i].size(); ++k) pass = rule_filter_.PassFilter(sums[i][k].c_str());
        if (pass) filtered_rows_.push_back(i);
      }
    }
    ImGui::SameLine();
    theme::TextMuted("%zu of %zu resources (key, conf or origin; \"a,b\" either, \"-x\" excludes)", filtered_rows_.size(),
                     tr.to_rules.size());
    float avail = ImGui::GetContentRegionAvail().y;
    bool has_sel = rule_ < tr.to_rules.size();
    // With a row selected the fields table shares the height; the resources keep 8 rows.
    const float table_min = (ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2) * 9 +
                            ImGui::GetStyle().ScrollbarSize + ImGui::GetStyle().ItemSpacing.y;
    float top_h = has_sel ? std::max(avail * 0.55f, std::min(table_min, avail)) : 0;
    constexpr int kConfLines = 3;  // a cell shows up to three fields; the rest on hover and below
    const float row_h = ImGui::GetTextLineHeight() * kConfLines + ImGui::GetStyle().ItemSpacing.y * (kConfLines - 1);
    if (ImGui::BeginTable("##rules", 4, kTable, ImVec2(0, top_h))) {
      ImGui::TableSetupScrollFreeze(0, 1);
      ImGui::TableSetupColumn("Resource", ImGuiTableColumnFlags_WidthStretch, 2);
      ImGui::TableSetupColumn("Merged conf", ImGuiTableColumnFlags_WidthStretch, 4);
      ImGui::TableSetupColumn("Origin (policy[ruleIndex])", ImGuiTableColumnFlags_WidthStretch, 2);
      ImGui::TableSetupColumn("Rule", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 7);
      ImGui::TableHeadersRow();
      ImGuiListClipper clip;
      clip.Begin(static_cast<int>(filtered_rows_.size()));
      while (clip.Step()) {
        for (int row = clip.DisplayStart; row < clip.DisplayEnd; ++row) {
          const size_t idx = filtered_rows_[static_cast<size_t>(row)];
          const int i = static_cast<int>(idx);
          const pol::ResourceRule& r = tr.to_rules[idx];
          ImGui::PushID(i);
          ImGui::TableNextRow(0, row_h);
          ImGui::TableNextColumn();
          if (ImGui::Selectable(ResourceLabel(r).c_str(), rule_ == idx, ImGuiSelectableFlags_SpanAllColumns, ImVec2(0, row_h))) {
            rule_ = idx;
            ctx.JumpTo(r.meta().loc.file, r.meta().loc.range);
          }
          // The key as the profile keys it (a KRI under 2.12+), and the core key it stands for.
          if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s\n%.*s", ProfileKey(r, primary_).c_str(), static_cast<int>(r.key.size()), r.key.data());
          ImGui::TableNextColumn();
          ImGui::PushFont(theme::GetFonts().mono);
          const std::vector<std::string>& lines = sums[idx];
          // A line wider than the column, or more lines than the cell shows: the hover lists them all.
          const float conf_room = ImGui::GetContentRegionAvail().x;
          bool clipped = lines.size() > kConfLines;
          ImGui::BeginGroup();
          for (size_t k = 0; k < lines.size() && k < kConfLines; ++k) {
            if (k + 1 == kConfLines && lines.size() > kConfLines) {
              theme::TextMuted("... %zu more fields (hover; select the row)", lines.size() - k);
              break;
            }
            ImGui::TextUnformatted(lines[k].c_str());
            clipped |= ImGui::CalcTextSize(lines[k].c_str()).x > conf_room;
          }
          ImGui::EndGroup();
          ImGui::PopFont();
          if (clipped && ImGui::IsItemHovered()) {
            std::string all;
            for (const std::string& x : lines) all += x + "\n";
            ImGui::SetTooltip("%s", all.c_str());
          }
          ImGui::TableNextColumn();
          ImGui::TextWrapped("%s", OriginsText(r.origin()).c_str());
          ImGui::TableNextColumn();
          if (r.sparse)
            ImGui::TextUnformatted("own items");
          else
            theme::TextMuted("fallback");
          if (!r.sparse && ImGui::IsItemHovered()) ImGui::SetTooltip("computed from %s", r.fallback_of().c_str());
          ImGui::PopID();
        }
      }
      room_.Measure("resources", filtered_rows_.size());
      ImGui::EndTable();
    }
    if (!has_sel) {
      theme::TextMuted("Select a resource to see each field of its merged conf and where it came from.");
      return;
    }
    const pol::ResourceRule& r = tr.to_rules[rule_];
    ImGui::Text("Fields of %s", ResourceLabel(r).c_str());
    ImGui::SameLine();
    theme::TextMuted("(click a field: its origin in Explanation and Source)");
    DrawFields(ctx, r.provenance());
  }

  void DrawFields(ViewContext& ctx, const std::vector<pol::FieldProvenance>& prov) {
    if (!ImGui::BeginTable("##fields", 4, kTable)) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("Field", ImGuiTableColumnFlags_WidthStretch, 2);
    ImGui::TableSetupColumn("Value", ImGuiTableColumnFlags_WidthStretch, 2);
    ImGui::TableSetupColumn("Set by (policy, ruleIndex)", ImGuiTableColumnFlags_WidthStretch, 2);
    ImGui::TableSetupColumn("Overrode", ImGuiTableColumnFlags_WidthStretch, 2);
    ImGui::TableHeadersRow();
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(prov.size()));
    while (clip.Step()) {
      for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
        const pol::FieldProvenance& f = prov[static_cast<size_t>(i)];
        ImGui::PushID(i);
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        if (ImGui::Selectable(f.path.c_str(), false, ImGuiSelectableFlags_SpanAllColumns)) SelectField(ctx, f);
        ImGui::TableNextColumn();
        ImGui::PushFont(theme::GetFonts().mono);
        ImGui::TextUnformatted(Short(f.set.value).c_str());
        ImGui::PopFont();
        if (std::string w = AsWritten(f.set); !w.empty()) {
          ImGui::SameLine();
          theme::TextMuted("(written %s)", w.c_str());
        }
        ImGui::TableNextColumn();
        // Origin kind "default": Kuma's default filled into this item's object (policy_defaults.h).
        ImGui::Text("%s%s%s", f.set.is_default ? "default, in " : "", ItemLabel(f.set.item).c_str(),
                    f.appended ? " (appended)" : "");
        ImGui::TableNextColumn();
        std::string o;
        for (const auto& w : f.overrode) o += (o.empty() ? "" : ", ") + ItemLabel(w.item) + "=" + Short(w.value, 40);
        theme::TextMuted("%s", o.empty() ? "-" : o.c_str());
        ImGui::PopID();
      }
    }
    ImGui::EndTable();
  }

  void DrawInbound(ViewContext& ctx, const pol::TypeRules& tr) {
    if (ImGui::BeginTable("##inbound", 4, kTable, ImVec2(0, ImGui::GetContentRegionAvail().y * 0.5f))) {
      ImGui::TableSetupScrollFreeze(0, 1);
      ImGui::TableSetupColumn("Inbound / clients", ImGuiTableColumnFlags_WidthStretch, 2);
      ImGui::TableSetupColumn(pol::ListsInboundRules(primary_) ? "Conf (listed: not merged)" : "Merged conf",
                              ImGuiTableColumnFlags_WidthStretch, 4);
      ImGui::TableSetupColumn("Origin", ImGuiTableColumnFlags_WidthStretch, 2);
      ImGui::TableSetupColumn("From", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 4);
      ImGui::TableHeadersRow();
      for (size_t i = 0; i < tr.from_rules.size(); ++i) {
        const pol::InboundRule& r = tr.from_rules[i];
        ImGui::PushID(static_cast<int>(i));
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        std::string subset;
        for (const pol::SubsetTag& tg : r.subset)
          subset += (subset.empty() ? "" : ",") + tg.key + (tg.negated ? "!=" : "=") + tg.value;
        // Kuma 2.12+: a listed rule shows its place in the inbound's list and its match.
        size_t order = 0;
        for (size_t k = 0; k < i; ++k) order += tr.from_rules[k].listed && tr.from_rules[k].inbound == r.inbound;
        std::string label = r.listed ? ListedInboundLabel(r, order + 1)
                                     : (r.inbound ? r.inbound->Id() : std::string("?")) + "  " + (subset.empty() ? "{everyone}" : "{" + subset + "}");
        if (ImGui::Selectable(label.c_str(), inbound_ == i, ImGuiSelectableFlags_SpanAllColumns)) {
          inbound_ = i;
          if (r.inbound) ctx.JumpTo(r.inbound->loc.file, r.inbound->loc.range);
        }
        ImGui::TableNextColumn();
        ImGui::PushFont(theme::GetFonts().mono);
        for (const std::string& line : ConfSummary(r.conf)) ImGui::TextUnformatted(line.c_str());
        ImGui::PopFont();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(OriginsText(r.origin).c_str());
        ImGui::TableNextColumn();
        // A row Kuma computes but the type's plugin does not apply (legacy from-rules of an
        // IsFromAsRules type) is marked, so the applied answer is unambiguous.
        ImGui::TextUnformatted((std::string(pol::DirectionName(r.source)) + (r.applied ? "" : " (unused)")).c_str());
        ImGui::PopID();
      }
      if (tr.has_proxy_rule) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        if (ImGui::Selectable("whole proxy (spec.default)", inbound_ == SIZE_MAX - 1, ImGuiSelectableFlags_SpanAllColumns))
          inbound_ = SIZE_MAX - 1;
        ImGui::TableNextColumn();
        for (const std::string& line : ConfSummary(tr.proxy_rule.conf)) ImGui::TextUnformatted(line.c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(OriginsText(tr.proxy_rule.origin).c_str());
        ImGui::TableNextColumn();
      }
      ImGui::EndTable();
    }
    DrawRbacMatchers(tr);
    if (inbound_ < tr.from_rules.size())
      DrawFields(ctx, tr.from_rules[inbound_].provenance);
    else if (inbound_ == SIZE_MAX - 1 && tr.has_proxy_rule)
      DrawFields(ctx, tr.proxy_rule.provenance);
  }

  void DrawItems(ViewContext& ctx, const pol::TypeRules& tr) {
    theme::TextMuted("Sorted by the %s profile's keys, left to right; merged in this order, later items win.",
                     pol::Profiles().Name(primary_));
    const bool madr = primary_ == pol::Profile::kMadr;
    const int ncols = madr ? 6 : 12;
    if (!ImGui::BeginTable("##items", ncols, kTable | ImGuiTableFlags_ScrollX)) return;
    ImGui::TableSetupScrollFreeze(2, 1);
    ImGui::TableSetupColumn("Rank", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("Policy item", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("1 top kind", ImGuiTableColumnFlags_WidthFixed);
    if (!madr) {
      ImGui::TableSetupColumn("2 DP specificity", ImGuiTableColumnFlags_WidthFixed);
      ImGui::TableSetupColumn("3 origin", ImGuiTableColumnFlags_WidthFixed);
      ImGui::TableSetupColumn("4 role", ImGuiTableColumnFlags_WidthFixed);
      ImGui::TableSetupColumn("5 to[] kind", ImGuiTableColumnFlags_WidthFixed);
      ImGui::TableSetupColumn("6 section", ImGuiTableColumnFlags_WidthFixed);
      ImGui::TableSetupColumn("7 name (desc)", ImGuiTableColumnFlags_WidthFixed);
    } else {
      ImGui::TableSetupColumn("2 to[] kind", ImGuiTableColumnFlags_WidthFixed);
      ImGui::TableSetupColumn("3 name", ImGuiTableColumnFlags_WidthFixed);
    }
    ImGui::TableSetupColumn("Inbound", ImGuiTableColumnFlags_WidthFixed);
    if (!madr) {
      ImGui::TableSetupColumn("Target", ImGuiTableColumnFlags_WidthFixed);
      ImGui::TableSetupColumn("Conf", ImGuiTableColumnFlags_WidthStretch);
    }
    ImGui::TableHeadersRow();
    std::vector<const pol::Item*> items;
    items.reserve(tr.to_items.size() + tr.from_items.size());
    for (const auto& it : tr.to_items) items.push_back(&it);
    for (const auto& it : tr.from_items) items.push_back(&it);
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(items.size()));
    while (clip.Step()) {
      for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
        const pol::Item& it = *items[static_cast<size_t>(i)];
        ImGui::PushID(i);
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        char rank[32];
        std::snprintf(rank, sizeof rank, "%zu", it.rank);
        if (ImGui::Selectable(rank, false, ImGuiSelectableFlags_SpanAllColumns) && it.entry)
          ctx.JumpTo(it.entry->loc.file, it.entry->loc.range);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(ItemLabel(&it).c_str());
        SortKeyCells(it, madr, true);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(it.inbound.empty() ? "-" : it.inbound.c_str());
        if (!madr) {
          ImGui::TableNextColumn();
          const pol::TargetRef& t = it.entry ? it.entry->target_ref : pol::TargetRef{};
          ImGui::Text("%s %s%s%s", t.kind.c_str(), t.name.c_str(), t.section_name.empty() ? "" : ":",
                      t.section_name.c_str());
          ImGui::TableNextColumn();
          ImGui::PushFont(theme::GetFonts().mono);
          ImGui::TextUnformatted(it.entry ? Short(it.entry->conf, 120).c_str() : "");
          ImGui::PopFont();
        }
        ImGui::PopID();
      }
    }
    ImGui::EndTable();
  }

  void DrawSelections(ViewContext& ctx, const pol::TypeRules& tr) {
    if (!ImGui::BeginTable("##sel", 3, kTable)) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("Policy", ImGuiTableColumnFlags_WidthStretch, 2);
    ImGui::TableSetupColumn("Selects this dataplane", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 10);
    ImGui::TableSetupColumn("Why", ImGuiTableColumnFlags_WidthStretch, 4);
    ImGui::TableHeadersRow();
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(tr.selections.size()));
    while (clip.Step()) {
      for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
        const pol::PolicySelection& s = tr.selections[static_cast<size_t>(i)];
        ImGui::PushID(i);
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        if (ImGui::Selectable(s.policy ? s.policy->meta.DisplayName().c_str() : "?", false,
                              ImGuiSelectableFlags_SpanAllColumns) && s.policy)
          ctx.JumpTo(s.policy->meta.loc.file, s.policy->meta.loc.range);
        ImGui::TableNextColumn();
        if (s.selected)
          ImGui::TextColored(theme::Pal().ok, "%s yes", theme::kIconOk);
        else
          ImGui::TextColored(theme::Pal().muted, "%s no", theme::kIconNoMatch);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(s.reason.c_str());
        ImGui::PopID();
      }
    }
    ImGui::EndTable();
  }

  // The document's comparison of the two profiles' results, for this type: the same leaves (and
  // the same count) as the top bar's badge and the CLI's --profile all "divergences".
  void DrawDiffs(size_t t) {
    std::vector<const Divergence*> diffs = comparison_->Under(TypePath(t));
    // The upgrade report's sentences about this type (Comparison::notes, policy_upgrade.cpp).
    for (const ComparisonNote& n : comparison_->notes)
      if (n.path.rfind(TypePath(t), 0) == 0) ImGui::TextWrapped("%s %s", theme::kIconDiverge, n.text.c_str());
    if (diffs.empty()) {
      ImGui::TextColored(theme::Pal().ok, "%s every profile agrees for this type: same items, same rules, same merged confs.",
                         theme::kIconOk);
      return;
    }
    const pol::TypeRules& tr = Primary().types[t];
    // One column per evaluated profile (the Kuma releases and the MADR), in the profile set's order.
    std::vector<std::string> names;
    for (const pol::PolicyResult* r : results_)
      if (r) names.push_back(pol::Profiles().Name(r->id));
    if (!ImGui::BeginTable("##diffs", static_cast<int>(names.size()) + 1, kTable | ImGuiTableFlags_ScrollX)) return;
    ImGui::TableSetupScrollFreeze(1, 1);
    ImGui::TableSetupColumn("Differs", ImGuiTableColumnFlags_WidthStretch, 2);
    for (const std::string& n : names) ImGui::TableSetupColumn(n.c_str(), ImGuiTableColumnFlags_WidthStretch, 3);
    ImGui::TableHeadersRow();
    const size_t prefix = TypePath(t).size();
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(diffs.size()));
    while (clip.Step()) {
      for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
        const Divergence& d = *diffs[static_cast<size_t>(i)];
        std::string what = d.path.substr(prefix);
        // "/toResourceRules/3/conf/x" reads better with the rule's key.
        static constexpr std::string_view kRules = "/toResourceRules/";
        if (what.compare(0, kRules.size(), kRules) == 0) {
          size_t n = static_cast<size_t>(std::atoi(what.c_str() + kRules.size()));
          if (n < tr.to_rules.size()) what = std::string(tr.to_rules[n].key) + "  " + what;
        }
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextColored(theme::Pal().warning, "%s", theme::kIconDiverge);
        ImGui::SameLine();
        ImGui::TextWrapped("%s", what.c_str());
        ImGui::PushFont(theme::GetFonts().mono);
        for (const std::string& p : names) {
          ImGui::TableNextColumn();
          auto v = d.values.find(p);
          ImGui::TextWrapped("%s", v == d.values.end() ? "(none)" : Short(*v, 400).c_str());
        }
        ImGui::PopFont();
      }
    }
    ImGui::EndTable();
  }

  const pol::PolicyModel* model_ = nullptr;
  const pol::DataplaneRules* kuma_ = nullptr;  // the document's results
  const pol::DataplaneRules* madr_ = nullptr;
  const Comparison* comparison_ = nullptr;
  pol::Profile primary_ = pol::Profile::kKuma214;
  std::vector<const pol::PolicyResult*> results_;  // per profile, Profiles() order (null: not evaluated)
  std::string asked_;  // the dataplane asked of the worker, until its inspection arrives
  std::string pending_dp_;  // a dataplane from LoadState ("dp=NAME"), asked at the next Draw
  int dataplane_ = -1;
  size_t type_ = SIZE_MAX;
  size_t rule_ = SIZE_MAX;
  size_t inbound_ = SIZE_MAX;
  doc::Step why_;
  std::string type_name_, pending_type_;
  ViewTabs sub_tabs_;  // a policy type's tabs: Resources, Inbound / proxy, Items, Selection, kuma vs madr
  int frames_ = 0;
  size_t pending_rule_ = SIZE_MAX;
  // Resource tab.
  const pol::PolicyResult* kuma_res_ = nullptr;
  const pol::PolicyResult* madr_res_ = nullptr;
  int mode_ = 0;           // 0 Resource, 1 Policy types
  TableRoom room_;         // DumpState "table"
  TableHeaderArea stack_head_;  // the merge stack's title above its table
  int mode_request_ = -1;  // a restored mode, served on the next frame
  std::string res_key_, asked_res_, pending_res_, restore_res_;
  std::string leaf_, pending_leaf_;  // "TYPE:/json/pointer" of the selected leaf
  bool auto_selected_ = false;        // the first leaf was selected for this evaluation
  std::string stack_type_;           // the type whose merge stack is shown
  ImGuiTextFilter res_filter_;
  bool res_filter_dirty_ = true;
  std::vector<int> res_filtered_;
  std::map<size_t, std::vector<std::vector<std::string>>> summaries_;  // per type index: each rule's ConfSummary
  ImGuiTextFilter rule_filter_;
  size_t filtered_type_ = SIZE_MAX;
  std::vector<size_t> filtered_rows_;
};

}  // namespace

std::unique_ptr<EngineView> CreatePolicyView() { return std::make_unique<PolicyView>(); }

}  // namespace cfgi::gui
