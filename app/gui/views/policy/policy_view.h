// app/gui/views/policy/policy_view.h: the policy view, one file per tab as Tracy splits its View
// (TracyView_*.cpp), as the variants view does:
//   policy_view.cpp          the view: state, OnEvaluated, the dataplane bar, the mode and type tabs,
//                            the questions it asks the worker (--dataplane, --inspect, --resource)
//   policy_resource.cpp      Resource: the chooser, the merged conf tree with chips, the merge stack
//   policy_resources.cpp     a type's Resources: ResourceRules, the selected rule's fields
//   policy_inbound.cpp       a type's Inbound / proxy: from[] / rules[] rules, the proxy rule
//   policy_items.cpp         a type's Items (sorted, every sort key a column) and Selection
//   policy_profiles.cpp      a type's Profiles: one tree, a column per profile, the differing rows
//                            marked (rows made on the worker: policy_profiles_rows.cpp), the upgrade notes
//   policy_schema_tab.cpp    a type's Schema: typed fields and Kuma's defaults
//   policy_view_release.cpp  the Kuma-release parts (release line, listed rules, RBAC matchers)
//   policy_texts.cpp         the worker-side step: every JSON value the view shows, as text
//
// The policy view (Kuma 2.x policy matching and merging). It draws the document's inspection:
// the engine's PolicyModel and the kuma and madr PolicyResults for the chosen dataplane, and
// the document's profile comparison. Choosing another dataplane asks the worker for a new
// inspection (ViewContext::Ask with --dataplane); the view never evaluates, and every JSON value
// it shows comes as text made on the worker with the inspection (policy_texts.h).
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
//     Profiles    every profile's rules, items and merged confs of the type as one tree with a
//                 column per profile (each Kuma release, the MADR), the rows where the profile
//                 comparison has a divergence marked ⇄ (its count: the differing answers), with
//                 the comparison's upgrade notes (kuma-2.10 -> kuma-2.14) for the type
//     Schema      the type's typed fields (kind, enum) and the defaults Kuma fills in
//                 (core/policy/policy_schema.h); a generic type says it has none
//   Merged values print durations as Kuma does (Go's Duration.String, normalised at load); a field
//   whose source text differs shows it as written, and a field Kuma filled in is marked "default".
#pragma once

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <set>
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
#include "app/gui/views/policy/policy_texts.h"
#include "app/gui/views/policy/policy_view_release.h"

namespace cfgi::gui::policy_view {

namespace pol = cfgi::policy;

// The Resource tab puts the merge stack under the merged tree, not beside it, when the tab is
// narrower than the two need side by side (by content, not by window size): `tree_need` the
// merged tree's widest line (indent, key and value, the chip naming who set it, a difference
// mark), `stack_need` the merge stack's rank and item columns fitted to their values and headers
// (its sort keys scroll sideways), `gap` the split's padding; all in pixels, measured in the
// previous frame (0 before the first: beside).
inline bool StackUnderTree(float width, float tree_need, float stack_need, float gap) {
  return width < tree_need + stack_need + gap;
}

inline std::string ItemLabel(const pol::Item* it) {
  if (!it || !it->policy) return "?";
  return it->policy->meta.DisplayName() + " " + pol::DirectionName(it->direction) + "[" +
         std::to_string(it->rule_index) + "]";
}

inline std::string OriginsText(const std::vector<pol::Origin>& os) {
  std::string s;
  for (const pol::Origin& o : os) {
    if (!s.empty()) s += ", ";
    s += (o.policy ? o.policy->meta.DisplayName() : std::string("?")) + "[" + std::to_string(o.rule_index) + "]";
  }
  return s.empty() ? "-" : s;
}

// A table cell's origins on one line: up to three in full, else the first and last with the
// count ("p-1900[0] … p-0000[0] (20)"); the hover shows OriginsText whole.
inline std::string ShortOriginsText(const std::vector<pol::Origin>& os) {
  if (os.size() <= 3) return OriginsText(os);
  auto one = [](const pol::Origin& o) {
    return (o.policy ? o.policy->meta.DisplayName() : std::string("?")) + "[" + std::to_string(o.rule_index) + "]";
  };
  return one(os.front()) + " \u2026 " + one(os.back()) + " (" + std::to_string(os.size()) + ")";
}

// An Origin cell: ShortOriginsText on one line, the whole list in merge order on hover.
inline void OriginsCell(const std::vector<pol::Origin>& os) {
  ImGui::TextUnformatted(ShortOriginsText(os).c_str());
  if (!ImGui::IsItemHovered()) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32);
  theme::TextMuted("policy[ruleIndex] of each item merged into it, in merge order:");
  ImGui::TextWrapped("%s", OriginsText(os).c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

inline std::string ResourceLabel(const pol::ResourceRule& r) {
  std::string s = r.meta().type + " " + r.meta().DisplayName();
  if (!r.section.empty()) s += " :" + r.section;
  return s;
}

// Draws `text` with a line through it (an overridden value).
inline void StruckText(const std::string& text, const ImVec4& color) {
  ImGui::TextColored(color, "%s", text.c_str());
  ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  float y = (a.y + b.y) * 0.5f;
  ImGui::GetWindowDrawList()->AddLine(ImVec2(a.x, y), ImVec2(b.x, y), ImGui::GetColorU32(color), 1.0f);
}

class PolicyView final : public EngineView {
 public:

  // "type=MMeshRetry;tab=N;rule=N": the open policy type, its sub-tab and the selected resource;
  // "prow=/rules/T/toResourceRules/J" the Profiles tab's selected row; "inb=N" the Inbound / proxy row; "pane=stack" the merge
  // stack's tab when the Resource tab folds the tree and the stack into tabs;
  // "sort=C" / "sort=-C" sorts the Resources table, "copy=1" copies it as text at the next Draw
  // (the --view hook and tests; its context menu's "Copy as text" does the same).
  std::string SaveState() const override;
  void LoadState(std::string_view state) override;
  void OnEvaluated(const OpenDocument& d) override;

  // The test hook: the shown tab's main table (the merge stack, a type's Resources table).
  nlohmann::ordered_json DumpState() const override;

  void Draw(ViewContext& ctx) override;

 private:
  void DrawTypes(ViewContext& ctx);


  // ---- Resource: one resource, everything it gets ----

  const pol::PolicyResult* PrimaryResult() const { return pol::IsKuma(primary_) ? kuma_res_ : madr_res_; }
  const char* OtherName() const;

  // The inspection is a question for the worker (--inspect KEY), with the whole answer.
  void AskResource(ViewContext& ctx, const std::string& key);

  // The one question the view asks the worker: a dataplane and the resource to inspect (empty:
  // the default one); every resource's rules, as the CLI's `eval --dataplane` answers, whatever
  // the mesh's size (the profiles are compared typed: Engine::CompareResults).
  Query DataplaneQuery(const std::string& dp, const std::string& inspect) const;
  std::string DataplaneName() const;

  // kuma vs madr for the inspected resource: the engine's typed detail of the profile comparison
  // (policy::ResourceConfDiffs, made on the worker with it), for the profile shown against the other.
  const pol::ResourceConfDiff* InspectDiff() const;

  void SelectLeaf(ViewContext& ctx, const pol::TypeConf& t, const pol::ConfLine& l, bool jump);

  void DrawChooser(ViewContext& ctx, const pol::PolicyResult& pr);

  void DrawResource(ViewContext& ctx);

  // One chip: a small button naming what set a value; click jumps to its source.
  static bool Chip(const char* id, const std::string& text, const ImVec4& color);

  void DrawTypeTree(ViewContext& ctx, const pol::TypeConf& t);

  // The merge stack of the selected type's rule: its items in merge order with every sort key;
  // the item that set the selected leaf and the ones it overrode are marked.
  void DrawStack(ViewContext& ctx, const pol::TypeConf& t);

  // An item's sort keys as table cells, in the order the merge sorts by (the merge stack and the
  // Items tab): top-level kind, [the dataplane's specificity,] origin and role (kuma only), to[]
  // kind, section (kuma only), then the name; each with its rank in parentheses.
  static void SortKeyCells(const pol::Item& it, bool madr, bool specificity);

  const pol::DataplaneRules& Primary() const { return pol::IsKuma(primary_) ? *kuma_ : *madr_; }

  // The dataplane is part of the question: the worker re-inspects with --dataplane NAME.
  void Ask(ViewContext& ctx, const std::string& dataplane);

  // The document's profile comparison, for policy type t (RulesJson's "rules"[t]).
  std::string TypePath(size_t t) const { return "/rules/" + std::to_string(t); }
  size_t Diffs(size_t t) const { return comparison_ ? comparison_->CountUnder(TypePath(t)) : 0; }

  void SelectField(ViewContext& ctx, const pol::FieldProvenance& f, bool jump = true);
  // Selects a ResourceRules row: its explanation (the resource, its origins, its fields) and source.
  void SelectRule(ViewContext& ctx, const pol::TypeRules& tr, size_t i, bool jump);
  // The place the open tab is (Selections): "resource", "type/N".
  std::string Place() const { return mode_ == 0 ? "resource" : "type/" + std::to_string(sub_tabs_.current()); }

  void DrawType(ViewContext& ctx, const pol::TypeRules& tr, size_t t);

  // The type's typed schema: static tables of the core (policy_schema.h), not the input.
  void DrawSchema(const std::string& type);

  // The text a value had in its source, when it differs from the value Kuma prints (durations).
  static std::string AsWritten(const pol::FieldProvenance::Write& w);

  static constexpr ImGuiTableFlags kTable = ImGuiTableFlags_BordersV | ImGuiTableFlags_BordersOuterH |
                                            ImGuiTableFlags_Resizable | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY;

  // Each rule's conf as "path: value" lines, built once per evaluation and type (the filter
  // searches them with the keys).
  const std::vector<std::vector<std::string>>& Summaries(const pol::TypeRules& tr);

  void DrawResourceRules(ViewContext& ctx, const pol::TypeRules& tr);

  // Sort comparison of two ResourceRules rows (indices into tr.to_rules) by a column of the table.
  static int CompareRules(const pol::TypeRules& tr, const std::vector<std::vector<std::string>>& sums, size_t a, size_t b,
                          int column);

  void DrawFields(ViewContext& ctx, const std::vector<pol::FieldProvenance>& prov);

  void DrawInbound(ViewContext& ctx, const pol::TypeRules& tr);
  // An Inbound / proxy row (i == from_rules.size(): the proxy rule) as its label shows it, and
  // selected: explained as a Resources row is (the rule, who merged into it, each field).
  std::string InboundLabel(const pol::TypeRules& tr, size_t i) const;
  void SelectInbound(ViewContext& ctx, const pol::TypeRules& tr, size_t i, bool jump);

  void DrawItems(ViewContext& ctx, const pol::TypeRules& tr);

  void DrawSelections(ViewContext& ctx, const pol::TypeRules& tr);

  // The document's comparison of the two profiles' results, for this type: the same leaves (and
  // the same count) as the top bar's badge and the CLI's --profile all "divergences".
  void DrawDiffs(ViewContext& ctx, size_t t);
  void SelectProfilesRow(ViewContext& ctx, const ProfilesRow& r);
  const ProfilesTree* profiles_tree_ = nullptr;  // the Profiles tab's tree in the last frame (DumpState)
  TableHeaderArea profiles_head_;      // the notes and the count above its table
  std::string profiles_highlighted_;  // the row drawn selected there (its id)
  std::string pending_prow_;          // "prow=ID" (a view state; a click selects the same way)
  size_t pending_inbound_ = SIZE_MAX;  // "inb=N": the Inbound / proxy row (N = the rules' count: the proxy rule)
  // Its key column's width and the table's least width (px), measured once per tree.
  std::pair<const ProfilesTree*, std::pair<float, float>> profiles_widths_{nullptr, {0.0f, 0.0f}};

  const pol::PolicyModel* model_ = nullptr;
  static inline const PolicyTexts kNoTexts;
  const PolicyTexts* texts_ = &kNoTexts;  // the document's view_rows(): every JSON value as text
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
  Selections sel_;  // per place: "resource", "type/<tab>" (the open type's sub-tab; forgotten on a type switch)
  size_t field_ = SIZE_MAX;  // the selected row of the Resources tab's fields table
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
  bool scroll_to_leaf_ = false;      // SelectLeaf not from a click: scroll the tree to it once
  float tree_scroll_y_ = 0;          // the tree's scroll position in the last frame (DumpState)
  bool stacked_ = false;             // the merge stack under the tree in the last frame (StackUnderTree)
  // What the tree and the stack need across (px), the most measured as they were drawn since the
  // results came (StackUnderTree); the tree's measured while drawing (tree_extent_).
  float tree_need_ = 0, tree_extent_ = 0, stack_need_ = 0;
  float tree_h_ = 0;  // the tree's height when the stack is under it
  int layout_ = 0;    // the tree and stack: 0 beside, 1 the stack under the tree, 2 tabs (too short for both)
  int pane_ = 0, pane_request_ = -1;  // layout 2's tab: 0 the tree, 1 the stack ("pane=tree|stack")
  float split_width_ = 0;  // the width the two shared in the last frame (DumpState)
  // Leaves ("TYPE:/json/pointer") whose whole list of overridden values is unfolded; the others
  // show the kShownOverrides values nearest the winner and "+N earlier values".
  std::set<std::string> unfolded_overrides_;
  static constexpr size_t kShownOverrides = 3;
  struct {
    size_t shown = 0, folded = 0;  // overridden values drawn and folded in the last frame (DumpState)
  } overrides_drawn_;
  bool auto_selected_ = false;        // the first leaf was selected for this evaluation
  bool reselect_ = false;             // the Resource tab's row is selected again (its step is gone)
  std::string stack_type_;           // the type whose merge stack is shown
  ImGuiTextFilter res_filter_;
  // The Resource tab's filter over the merged fields (as Chrome DevTools' Computed pane): a line
  // shows when its key, value or setting policy matches, or a line below it does.
  ImGuiTextFilter field_filter_;
  std::vector<bool> FieldsShown(const pol::TypeConf& t) const;
  size_t fields_hidden_ = 0;  // lines the filter hid in the last frame (DumpState)
  bool leaf_drawn_ = false;   // the selected leaf was drawn this frame (not filtered out)
  std::pair<const pol::TypeConf*, const pol::ConfLine*> first_field_{};  // the first field drawn
  bool res_filter_dirty_ = true;
  std::vector<int> res_filtered_;
  std::map<size_t, std::vector<std::vector<std::string>>> summaries_;  // per type index: each rule's ConfSummary
  ImGuiTextFilter rule_filter_;
  size_t filtered_type_ = SIZE_MAX;
  std::vector<size_t> filtered_rows_;
  TableOrder rules_order_;     // the Resources table's sort, over filtered_rows_
  bool copy_request_ = false;  // "copy=1": the Resources table copied as text at the next Draw
};

}  // namespace cfgi::gui::policy_view
