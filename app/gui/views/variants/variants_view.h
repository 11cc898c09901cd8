// app/gui/views/variants/variants_view.h: the variants view (xRFC TP2 dynamic parameters), one
// file per tab as Tracy splits its View (TracyView_*.cpp):
//   variants_view.cpp          the view: rows built from the typed result, the state, the test hook,
//                              the what-ifs it sends to the worker
//   variants_resources.cpp     Resources: per resource its variants (constraints, key set, content)
//   variants_subscriptions.cpp Subscriptions: each subscription x resource and the variant it gets,
//                              the new-subscription builder, "Save N added to the scenario"
//   variants_findings.cpp      Findings: overlaps (ambiguity) and coverage gaps, each with a witness
//   variants_matrix.cpp        Coverage matrix: two keys of one resource, the variant per cell
//   variants_transition.cpp    Transition: before -> after per subscription, each response between
//   variants_proxy.cpp         Caching proxy: per variant its subscribers and who a change notifies
//
// The view draws typed data only (docs/architecture.md "The engine contract"): the model's
// variants::CompiledScenario (variant sets, static findings) and a variants::Evaluation (selections,
// transition, proxy fan-out), the document's (VariantsResult::evaluation, made on the worker).
// What the user adds is a what-if for the worker, through WorkerWhatIf: the subscriptions added
// in the view (variants::Evaluate over the scenario's and the added ones, with their explanations,
// key "subs/variants") and the matrix of the chosen resource and keys (variants::MatrixOf,
// "matrix/variants"). A row's explanation is the evaluation's (Evaluation::explanations,
// transition_explanations), shown through the view's Selections (view_tabs.h): the Transition tab
// explains its selected row, every other tab the selected Subscriptions row. OnEvaluated and
// Draw never select, match, compare or serialise (tests/gui/views_test.cpp counts it).
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <imgui.h>

#include "app/gui/views/view.h"
#include "app/gui/views/view_tabs.h"
#include "core/variants/variants_engine.h"

namespace cfgi::gui::variants_view {

namespace v = cfgi::variants;

const char* OutcomeIconText(v::MatchKind o);
ImVec4 OutcomeColorOf(v::MatchKind o);
// A resource's name as tables show it: an xdstp:// name's last segment, anything else whole.
std::string ShortName(const std::string& full);
// The full name on hover of the last item when it was shortened.
void ShortNameHover(const std::string& full);
// ∧ ∨ ¬ ⊤ as & | ! true when the UI font has no glyph for them (same meaning, ASCII).
std::string Displayable(std::string text);
// What a tab shows when the scenario lacks what it needs: the sentence, how, a snippet.
void DocHint(const char* what, const char* how, const char* snippet);

struct VariantRow {
  std::string id, constraint, keys, content;
};

struct ResourceInfo {
  const v::ResourceVariants* r = nullptr;
  const v::ResourceFindings* findings = nullptr;  // the analysis's, for r
  std::vector<VariantRow> rows;
  std::string keys;        // union of the variants' key sets
  bool consistent = true;  // every variant names the same keys
  size_t id_chars = 1;     // the longest variant id, to size the Id column
};

// A subscription as the view lists it (the evaluation's, labelled).
struct Sub {
  std::string name;
  v::Params params;
  std::vector<std::string> resources;  // empty: every resource
  const doc::Source* source = nullptr;
  doc::SourceRange range;
  bool added = false;  // added in the view (removable)
};

struct SubRow {
  size_t sub = 0;
  size_t k = 0;                // index into the evaluation's selections[sub] (and explanations[sub])
  size_t resource = SIZE_MAX;  // index into resources_, SIZE_MAX when the name is unknown
  std::string resource_name;
  const v::Selection* sel = nullptr;  // the evaluation's
  std::string variant_text;           // variants::SelectionText
};

// A what-if's evaluation, with the model it points into.
struct SubscriptionsWhatIf {
  std::shared_ptr<const v::VariantsModel> model;
  v::Evaluation evaluation;
};
// The chosen matrix, for the resource and keys it was asked for.
struct MatrixWhatIf {
  std::shared_ptr<const v::VariantsModel> model;
  size_t resource = SIZE_MAX;
  std::string x, y;
  v::SelectionMatrix matrix;
};

class VariantsView final : public EngineView {
 public:
  void OnEvaluated(const OpenDocument& d) override;
  void Draw(ViewContext& ctx) override;
  std::string SaveState() const override;
  void LoadState(std::string_view state) override;
  nlohmann::ordered_json DumpState() const override;

 private:
  // ---- rows from the typed evaluation (variants_view.cpp) ----
  nlohmann::ordered_json Counts() const;
  void RebuildRows();
  void SelectPendingResource();
  void AddSubscription(const std::string& name, v::Params p, std::vector<std::string> resources);
  void RemoveAdded(size_t sub);
  void SubmitSubscriptions(ViewContext& ctx);
  void TakeWhatIfs(ViewContext& ctx);
  void Explain(ViewContext& ctx, const SubRow& row, bool jump = true);
  // The Resources tab's place "resources": resource `res` and its variants, each with the
  // subscriptions that get it (from the evaluation's rows), or one variant of it (`variant` >= 0).
  void ExplainResource(ViewContext& ctx, size_t res, int variant = -1, const char* place = "resources");
  // The Findings tab's place "findings": finding `n` (overlaps first, then coverage gaps, in the
  // table's order), from the analysis's typed finding: the variants involved and the witness.
  void ExplainFinding(ViewContext& ctx, size_t n);
  // The Coverage matrix's place "matrix": the cell (x, y) of the matrix shown, the variants
  // that match its parameters.
  void ExplainCell(ViewContext& ctx, size_t x, size_t y);
  // The tab on screen (n) shows its place's selection (Selections): each tab its own rows (the
  // Resources tab a resource or variant, Findings a finding, the matrix a cell, the Transition tab
  // its row on a transition, the Caching proxy a resource or variant); the Subscriptions tab (and
  // the Transition tab's hint without rows) the Subscriptions row; none yet: the first row.
  void ShowPlace(ViewContext& ctx, int n);
  const char* PlaceOf(int n) const;
  // After the rows were rebuilt from another evaluation: the selections are made again from it.
  void ForgetSelections(ViewContext& ctx);
  std::string SubLabel(size_t i) const;
  size_t ResourceIndex(const std::string& name) const;
  // ---- tabs, one file each ----
  void DrawResources(ViewContext& ctx);
  void DrawBuilder(ViewContext& ctx);
  void SaveAdded(ViewContext& ctx);
  void DrawSubscriptions(ViewContext& ctx);
  void DrawFindings(ViewContext& ctx);
  void DrawMatrix(ViewContext& ctx);
  void DrawTransition(ViewContext& ctx);
  size_t DrawTransitionSummary();
  void OpenTransitionRow(ViewContext& ctx, const v::TransitionRow& r, bool jump = true);
  static void SeenCell(const v::Seen& x);
  static std::string SourceName(const v::Update* u);
  std::vector<const v::Seen*> Between(const v::TransitionRow& r) const;
  struct TransitionCounts {
    size_t rows = 0, changed = 0, same = 0, became_ambiguous = 0, became_unmatched = 0;
    size_t between_ambiguous = 0, between_unmatched = 0, broken = 0;
  };
  TransitionCounts CountTransition() const;
  void DrawProxy(ViewContext& ctx);
  static ImVec4 VariantColor(size_t i);
  void BuildMatrixKeys();

  ViewTabs tabs_;
  TableRoom room_;  // the shown tab's main table (DumpState "table")
  // What the Subscriptions, Transition and Caching proxy tabs draw above their tables.
  TableHeaderArea subs_head_, transition_head_, proxy_head_;
  std::string pending_resource_;
  std::shared_ptr<const v::VariantsModel> model_sp_;  // the document's model (what-ifs hold it)
  const v::CompiledScenario* analysis_ = nullptr;             // the document's model
  const v::Evaluation* doc_eval_ = nullptr;           // the document's evaluation (tp2's result)
  // The evaluation drawn: the document's, or the added subscriptions' what-if once it arrived.
  const v::Evaluation* ev_ = nullptr;
  std::shared_ptr<const SubscriptionsWhatIf> subs_shown_;
  WorkerWhatIf<SubscriptionsWhatIf> subs_job_;
  std::vector<v::Subscription> added_;  // the subscriptions added in the view, kept across evaluations
  bool subs_dirty_ = false;             // added_ changed: ask the worker
  size_t explain_sub_ = SIZE_MAX;       // a just-added subscription: its first row is explained on arrival
  std::vector<ResourceInfo> resources_;
  size_t overlap_count_ = 0;
  size_t gap_count_ = 0;  // coverage regions listed in the Findings tab
  std::vector<Sub> subs_;
  std::vector<SubRow> sub_rows_;
  // What the Explanation shows per place ("subscriptions", "transition"): copies of the
  // evaluation's steps, as the UI font can show them (Displayable).
  Selections sel_;
  size_t selected_resource_ = 0;
  char new_params_[256] = {};
  std::string add_error_;
  // The new-subscription builder: per known key its values; the pick per key (0 not sent, 1..n a
  // value, n+1 typed in other_); the resources ticked; the name.
  std::map<std::string, std::set<std::string>> known_;
  std::vector<int> pick_;
  std::vector<std::string> other_;
  std::set<std::string> pick_resources_;
  char sub_name_[64] = {};
  std::string save_message_;
  // The Subscriptions row selected and explained (Explain sets it; -1 none): highlighted in the
  // table, saved as sub=N, the test hook's "selected"; the place "subscriptions" explains it.
  int selected_row_ = -1;
  int pending_row_ = -1;  // from the state (sub=N), applied at the next Draw
  int pending_t_row_ = -1;  // from the state (trow=N), applied at the next Draw
  // matrix: the chosen resource's keys (its coverage keys, from the analysis) and the outcome
  size_t matrix_resource_ = SIZE_MAX;
  std::vector<v::DomainKey> matrix_keys_;
  int key_x_ = 0, key_y_ = 1;
  bool matrix_dirty_ = true;
  std::shared_ptr<const MatrixWhatIf> matrix_shown_;
  WorkerWhatIf<MatrixWhatIf> matrix_job_;
  struct { size_t changed = 0, ambiguous = 0, unmatched = 0, same = 0; } t_counts_;
  // The Transition row selected (index into ev_->transition.rows): the place "transition"
  // explains it, the table highlights it.
  size_t sel_t_row_ = 0;
  size_t split_broken_ = 0;  // rows not `match` in between although `match` before and after
  int delivery_ = 0;  // transition tab: 0 as sent, 1 one response, 2 new variants first, 3 removal first
  struct ProxyRow {
    size_t resource;
    enum Kind { kHeader, kVariant, kAmbiguous, kUnmatched } kind;
    size_t variant;
  };
  std::vector<ProxyRow> proxy_rows_;
  std::map<std::pair<std::string, size_t>, const v::TransitionRow*> notified_;  // (resource, subscription)
};

}  // namespace cfgi::gui::variants_view
