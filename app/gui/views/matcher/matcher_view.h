// app/gui/views/matcher/matcher_view.h: the matcher view, one file per tab as Tracy splits its View
// (TracyView_*.cpp), as the variants view does:
//   matcher_view.cpp      the view: state, OnEvaluated, the tab bar, the Envoy matcher picker, the
//                         edited request's what-if sent to the worker
//   matcher_requests.cpp  Requests: per request and profile the outcome; the request editor
//   matcher_tree.cpp      Tree: the matcher with predicates, inputs and what the request did there
//   matcher_profiles.cpp  Profiles: the requests whose results differ between the profiles
//   matcher_cel.cpp       CEL: the expression editor, compiled and evaluated on the worker
//   matcher_issues.cpp    Issues: every finding, grouped by code and file
//
// The matcher view (xDS Unified Matcher, gRPC A106). It draws the document's inspection: the
// engine's MatcherModel (the compiled tree, its issues, the requests) and one MatcherResult per
// profile, with the document's profile comparison. The editable request (headers as k=v lines)
// is a what-if: when its text (or the model) changes, a job on the worker (ViewContext::Run, key
// "edit/matcher/<view>") evaluates it on the loaded model under every profile and compares them
// (matcher::EvaluateRequestEveryProfile); the view draws the typed outcome when it arrives and
// the previous one meanwhile.
//   Requests   per request and profile: ✓ actions / ✗ no match, ↷ skipped keep_matching actions,
//              ⇄ when the profiles disagree; click a row for its trace and the matched on_match
//   Tree       matcher_list / matcher_tree with predicates, inputs, on_no_match, keep_matching;
//              gRPC rejection reasons (✖ NACK, ⚠ warning) on the node they concern
//   Profiles   the requests whose results differ between grpc-core, envoy, grpc-java and a106
//   Issues     every validation finding, click to jump to it
//   CEL        an editor for one CEL expression (prefilled from the CEL predicate selected in the
//              tree, else the matcher's first CEL expression): compiled live with core/cel as the
//              engine compiles it (A106 restrictions, CEL007), errors underlined in the text and
//              listed with line:col, and the value, CelMatcher and CelExtractString results for
//              the edited request under every profile
// The tree marks what the current request (the selected row, else the edited request) did under
// the selected profile: ✓ matched, ✗ no match, ✖ error, ↷ skipped; dim = not evaluated.
#pragma once

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/gui/text_marks.h"
#include "app/gui/theme.h"
#include "app/gui/views/view.h"
#include "app/gui/views/view_tabs.h"
#include "core/cel/cel.h"
#include "core/matcher/matcher.h"
#include "core/matcher/matcher_engine.h"

namespace cfgi::gui::matcher_view {

namespace mt = cfgi::matcher;


inline constexpr const char* kCelExample = "request.headers['x-user'] == 'admin' && request.path.startsWith('/api')";
inline constexpr int kCelTab = 4;

// The first CEL predicate of a matcher tree (document order), or null.
inline const mt::Predicate* FirstCel(const mt::Predicate& p) {
  if (p.kind == mt::Predicate::Kind::kSingle) return p.test == mt::Predicate::Test::kCel && !p.cel_text.empty() ? &p : nullptr;
  for (const mt::Predicate& c : p.children)
    if (const mt::Predicate* f = FirstCel(c)) return f;
  return nullptr;
}
inline const mt::Predicate* FirstCel(const mt::Matcher& m);
inline const mt::Predicate* FirstCel(const mt::OnMatch& om) {
  return om.kind == mt::OnMatch::Kind::kMatcher && om.matcher ? FirstCel(*om.matcher) : nullptr;
}
inline const mt::Predicate* FirstCel(const mt::Matcher& m) {
  for (const mt::FieldMatcher& f : m.list) {
    if (const mt::Predicate* p = FirstCel(f.predicate)) return p;
    if (const mt::Predicate* p = FirstCel(f.on_match)) return p;
  }
  for (const mt::MapEntry& e : m.entries)
    if (const mt::Predicate* p = FirstCel(e.on_match)) return p;
  return m.on_no_match ? FirstCel(*m.on_no_match) : nullptr;
}

// A diagnostic message is "what is wrong; how to fix it" (or "... . Fix it ..."): the split
// point is the first "; " or ". " outside parentheses and quotes; npos when there is none.
inline size_t FixSplit(const std::string& m) {
  int depth = 0;
  char quote = 0;
  for (size_t i = 0; i + 1 < m.size(); ++i) {
    char c = m[i];
    if (quote) {
      if (c == quote) quote = 0;
      continue;
    }
    if (c == '\'' || c == '"') quote = c;
    else if (c == '(') ++depth;
    else if (c == ')') depth = std::max(0, depth - 1);
    else if (depth == 0 && (c == ';' || c == '.') && m[i + 1] == ' ') return i;
  }
  return std::string::npos;
}

// The CEL editor's result for one profile.
using CelEval = mt::CelEvaluation;

inline constexpr size_t kNumProfiles = 4;  // mt::Profiles().size(), in its order (matcher_test MatcherProfiles.ProfileSet checks it)

struct Eval {
  const mt::Result* result = nullptr;
  const doc::Step* why = nullptr;
};

struct Row {
  mt::Request request;
  std::string label;
  std::string text;  // the request on one line (matcher::RequestText, made on the worker: MatcherTexts)
  std::array<Eval, kNumProfiles> evals;  // per profile: into the document's results (owned for the edit row)
  size_t diverges = 0;                   // the comparison's differing answers about this request (0 or 1)
};

inline std::string Join(const std::vector<const mt::Action*>& v) {
  std::string s;
  for (const mt::Action* a : v) {
    if (!s.empty()) s += ", ";
    s += a ? a->name : "?";
  }
  return s;
}

// Each request on one line (matcher::RequestText, which prints dynamic metadata as JSON text),
// made on the worker with the inspection (the view's ViewRows), in the scenario's order.
struct MatcherTexts final : ViewRows {
  std::vector<std::string> requests;
};

inline std::string RequestEditText(const mt::Request& r) {
  std::string s;
  if (r.method) s += ":method=" + *r.method + "\n";
  if (r.path) s += ":path=" + *r.path + "\n";
  if (r.host) s += ":authority=" + *r.host + "\n";
  for (const auto& [k, v] : r.headers) s += k + "=" + v + "\n";
  return s;
}

inline std::string DescribeInput(const mt::Input& in) {
  switch (in.kind) {
    case mt::Input::Kind::kHeader: return "header '" + in.header + "'";
    case mt::Input::Kind::kCel: return "CEL input";
    case mt::Input::Kind::kDynamicMetadata: return "dynamic metadata '" + in.key + "'";
    case mt::Input::Kind::kQueryParam: return "query parameter '" + in.key + "'";
    case mt::Input::Kind::kNetwork: return "network input " + in.type.substr(in.type.rfind('.') + 1);
    case mt::Input::Kind::kUnsupported: return "unsupported input " + in.type;
    case mt::Input::Kind::kNone: return "no input";
  }
  return "";
}

class MatcherView final : public EngineView {
 public:
  // "tab=N[;req=R][;sort=C]": the open tab, the Requests tab's selected request (its row; -2 the
  // edited request) and the Requests table's sort column ("-C": descending). Loading also takes
  // "copy=1" (the --view hook and tests): the Requests table is copied as text at the next Draw,
  // as its context menu's "Copy as text" does.
  std::string SaveState() const override;
  void LoadState(std::string_view state) override;
  // The test hook: the tab labels' counts, the Requests table's room, and the edited request's
  // outcome as the "edit" row draws it (null while its first job runs).
  nlohmann::ordered_json DumpState() const override;

  void OnEvaluated(const OpenDocument& d) override;

  void Draw(ViewContext& ctx) override;

 private:
  // The edited request changed (or the model did): the next Draw asks the worker (ViewContext::Run,
  // key "edit/matcher/<view>") to evaluate it on the loaded model under every profile and compare
  // the outcomes (matcher::EvaluateRequestEveryProfile, the one comparison cfgi::Compare); a newer
  // edit cancels an older job. Until the outcome arrives the "edit" row shows the previous one.
  void SubmitEdit(ViewContext& ctx);

  // Takes the edited request's outcome the worker delivered into the "edit" row. The one drawn
  // before stays alive one more outcome (the Explanation panel may still point into it this frame).
  void TakeEditWhatIf(ViewContext& ctx);
  // True while the edit row shows the outcome of another text or model than the current ones.
  bool EditStale() const { return edit_dirty_ || !edit_shown_ || edit_job_.pending(); }

  // Envoy configuration: every matcher found (core/matcher/envoy_config.h); choosing one asks
  // the worker for the inspection with --matcher PATH, as the CLI does.
  std::string EnvoyLabel(const mt::DiscoveredMatcher& d) const;

  void DrawEnvoyPicker(ViewContext& ctx);

  size_t ProfileIndex(ViewContext& ctx) const;

  // ---- what is selected (Selections: one per tab) ----
  // A selected row: its index (-2 the edited request, -1 none) and the profile whose outcome is
  // explained (a row click: the selected profile; a cell click: that cell's).
  struct Pick {
    int index = -1;
    size_t profile = 0;
  };
  // The Selections row id "<index>@<profile>" ("edit@envoy" for the edited request) and back.
  static std::string RowId(int index, size_t profile);
  static Pick ParseRow(const std::string& id);
  Pick Picked(std::string_view place) const { return ParseRow(sel_.Row(place)); }
  const Row* RowAt(int index) const;
  // The row text the Explanation's subject names: "#2  method=GET path=/api x-env: prod".
  static std::string RowText(const Row& row) { return row.label + "  " + row.text; }
  // The row `place` should explain now: its own (under the selected profile when the profile
  // changed since), else the view's default (Requests: the first request; Profiles: the first
  // request the profiles disagree on).
  Pick Wanted(ViewContext& ctx, std::string_view place) const;
  // Shows `place`'s selection, selecting Wanted again when its step is gone (Selections::Show).
  void Ensure(ViewContext& ctx, std::string_view place);
  // The Tree explains and marks the Requests tab's row.
  void EnsureTree(ViewContext& ctx);
  void Select(ViewContext& ctx, std::string_view place, int index, size_t profile, bool jump = true);

  static constexpr ImGuiTableFlags kTable = ImGuiTableFlags_BordersV | ImGuiTableFlags_BordersOuterH |
                                            ImGuiTableFlags_Resizable | ImGuiTableFlags_RowBg;

  // One profile's outcome in one line: "✓ a, b", "✗ no match", "✗ no terminal match; a", with
  // "  ↷ c" for skipped keep_matching actions and "  ✖ depth limit" (colour and icon together).
  static std::string CellLine(const mt::Result& r, ImVec4* color);

  // A row is one line high (8 rows fit at 1024x700): each profile's cell is a one-line
  // selectable (click: that profile's trace) whose hover shows the outcome whole.
  void DrawCell(ViewContext& ctx, std::string_view place, const Eval& ev, int index, size_t profile);

  void DrawRow(ViewContext& ctx, std::string_view place, Row& row, int index);
  // The Requests table's rows as it shows them (Copy as text), in the order shown.
  std::string RequestsText() const;
  // Sort comparison of two requests by a Requests column: index, request text, then each
  // profile's outcome (matched first, then the actions' names).
  int CompareRows(size_t a, size_t b, int column) const;

  void DrawRequests(ViewContext& ctx);

  // The edited request ("edit" row, the tree's marks when no row is selected, the CEL tab's input).
  void DrawRequestEditor(ViewContext& ctx, int lines, bool label = true);

  // ---- Tree ----

  // Issues at `path` (exact), or also under it; `children` are sub-paths drawn elsewhere.
  void IssueMarks(ViewContext& ctx, const std::string& path, bool exact, const std::vector<std::string>& children = {});

  bool Leaf(ViewContext& ctx, const std::string& text, doc::SourceRange range, const ImVec4* col = nullptr);

  // What the current request did at a node (by the node's source range), from its explanation.
  std::optional<doc::Outcome> At(doc::SourceRange r) const;
  void CollectOutcomes(const doc::Step& s);
  // A node's label with its outcome's icon, and its colour (dim when the request never got there).
  static std::string Marked(std::optional<doc::Outcome> o, const std::string& label);
  static ImVec4 MarkColor(std::optional<doc::Outcome> o);
  // `neutral`: a node without a step of its own (a list: its parent's step says whether it ran).
  bool MarkedNode(const std::string& label, const char* id, std::optional<doc::Outcome> o, bool neutral = false);

  void DrawPredicate(ViewContext& ctx, const mt::Predicate& p);

  // `key` is a map entry's key range (its step says whether a shorter prefix was skipped).
  void DrawOnMatch(ViewContext& ctx, const char* label, const mt::OnMatch& om, const doc::SourceRange* key = nullptr);

  void DrawMatcher(ViewContext& ctx, const mt::Matcher& m);

  void DrawTree(ViewContext& ctx);

  // ---- Profiles ----

  void DrawDivergences(ViewContext& ctx);

  // ---- CEL editor ----

  // Loads `text` into the editor; `user` marks an explicit choice that later evaluations keep.
  void SetCel(const std::string& text, std::string origin, cel::Use use, bool user);

  // The editor's text, its use or the edited request changed (nothing is compiled here): the next Draw asks the worker
  // (ViewContext::Run, key "cel/<view>") to compile it with the engine's own CEL compile and
  // evaluate it under every profile (matcher::EvaluateCelText); a newer change cancels an older
  // job. Until the outcome arrives the view draws the previous one.
  void CelTextChanged();
  void CelInputChanged() { cel_dirty_ = true; }

  void SubmitCel(ViewContext& ctx);

  // Takes a CEL outcome the worker delivered (typed: matcher::CelTextWhatIf) into what Draw shows.
  void TakeCelWhatIf();
  // True while the outcome drawn is not of the editor's current text and use.
  bool CelStale() const { return !cel_shown_ || cel_shown_->text != cel_text_ || cel_shown_->use != cel_use_; }

  // 1-based line:col (bytes) of an offset in the editor's text.
  std::string LineCol(uint32_t off) const;

  void DrawCel(ViewContext& ctx);

  // The expression's editor: the Source panel's approach (text_marks.h): the error ranges are
  // tinted and underlined in the draw list under a transparent InputTextMultiline.
  void DrawCelEditor();

  // ---- Issues ----

  // Every finding of the selected profile's report, the Problems panel's list and count
  // (problem_groups.h), with what gRPC does about each: repeated findings of one code and file
  // are one row that opens ("MAT030 x 21").
  void DrawIssues(ViewContext& ctx);

  const mt::MatcherModel* model_ = nullptr;
  TableRoom room_;  // the Requests table (DumpState "table")
  size_t issues_count_ = 0, profiles_count_ = 0;  // what the tab labels show (Counts)
  std::vector<const DifferingAnswer*> other_answers_;  // the document's differing answers outside /requests
  const mt::ScenarioMatcher* sm_ = nullptr;  // the model's
  std::string file_;
  std::vector<Row> rows_;
  Row edit_;  // its evals point into edit_shown_
  std::shared_ptr<const mt::MatcherModel> model_sp_;  // model_, shared with the edit job
  // The edited request's outcome: the worker delivers it (SubmitEdit), the view takes it
  // (TakeEditWhatIf); an older job's outcome is dropped.
  WorkerWhatIf<mt::RequestWhatIf> edit_job_;
  std::shared_ptr<const mt::RequestWhatIf> edit_shown_, edit_previous_;
  bool edit_dirty_ = false;
  bool editor_open_ = true, editor_decided_ = false;  // the Requests tab's editor header
  char edit_buf_[4096] = {};
  bool edited_ = false;
  Selections sel_;  // per tab: "tab/0" Requests, "tab/1" Tree, "tab/2" Profiles
  int pending_req_ = -1;  // a restored "req=R", selected at the next Draw (-1: none)
  TableOrder order_{true};  // the Requests table's sort (by #N ascending: the scenario's order)
  bool copy_request_ = false;  // "copy=1": copy the Requests table at the next Draw
  std::string highlighted_;    // the row drawn highlighted in the last frame (DumpState)
  std::map<std::pair<uint32_t, uint32_t>, doc::Outcome> outcome_;  // the tree's marks, by source range
  static constexpr size_t kMaxMapEntries = 200;
  ViewTabs tabs_;
  // CEL editor
  std::string cel_text_;
  std::string cel_origin_;
  bool cel_edited_ = false;  // the user typed or picked an expression: evaluations keep it
  cel::Use cel_use_ = cel::Use::kMatcher;
  // The outcome the worker delivers (SubmitCel) and the one drawn (TakeCelWhatIf).
  WorkerWhatIf<mt::CelTextWhatIf> cel_job_;
  std::shared_ptr<const mt::CelTextWhatIf> cel_shown_;
  bool cel_dirty_ = false;
  std::string cel_submitted_;  // text, use and request of the last job
  bool cel_ok_ = false;
  std::vector<cel::Error> cel_errors_;  // compile errors and CEL007
  bool cel_warning_ = false;            // CEL007 is a warning (CelExtractString)
  LineIndex cel_lines_;
  std::array<CelEval, kNumProfiles> cel_evals_;
};

}  // namespace cfgi::gui::matcher_view
