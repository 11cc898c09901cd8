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

namespace cfgi::gui {

namespace {

namespace mt = cfgi::matcher;

constexpr const char* kCelExample = "request.headers['x-user'] == 'admin' && request.path.startsWith('/api')";
constexpr int kCelTab = 4;

// The first CEL predicate of a matcher tree (document order), or null.
const mt::Predicate* FirstCel(const mt::Predicate& p) {
  if (p.kind == mt::Predicate::Kind::kSingle) return p.test == mt::Predicate::Test::kCel && !p.cel_text.empty() ? &p : nullptr;
  for (const mt::Predicate& c : p.children)
    if (const mt::Predicate* f = FirstCel(c)) return f;
  return nullptr;
}
const mt::Predicate* FirstCel(const mt::Matcher& m);
const mt::Predicate* FirstCel(const mt::OnMatch& om) {
  return om.kind == mt::OnMatch::Kind::kMatcher && om.matcher ? FirstCel(*om.matcher) : nullptr;
}
const mt::Predicate* FirstCel(const mt::Matcher& m) {
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
size_t FixSplit(const std::string& m) {
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
using CelEval = mt::CelOutcome;

constexpr size_t kNumProfiles = 4;  // mt::Profiles().size(), in its order (matcher_test MatcherProfiles.ProfileSet checks it)

struct Eval {
  const mt::Result* result = nullptr;
  const doc::Step* why = nullptr;
};

struct Row {
  mt::Request request;
  std::string label;
  std::array<Eval, kNumProfiles> evals;  // per profile: into the document's results (owned for the edit row)
  size_t diverges = 0;                   // the comparison's leaves about this request
};

std::string Join(const std::vector<const mt::Action*>& v) {
  std::string s;
  for (const mt::Action* a : v) {
    if (!s.empty()) s += ", ";
    s += a ? a->name : "?";
  }
  return s;
}

std::string DescribeRequest(const mt::Request& r) {
  std::string s;
  auto add = [&](const std::string& k, const std::string& v) {
    if (!s.empty()) s += " ";
    s += k + "=" + v;
  };
  if (r.method) add(":method", *r.method);
  if (r.path) add(":path", *r.path);
  if (r.host) add(":authority", *r.host);
  for (const auto& [k, v] : r.headers) add(k, v);
  if (s.empty()) s = "(no headers)";
  if (s.size() > 400) s = s.substr(0, 397) + "...";
  return s;
}

std::string RequestText(const mt::Request& r) {
  std::string s;
  if (r.method) s += ":method=" + *r.method + "\n";
  if (r.path) s += ":path=" + *r.path + "\n";
  if (r.host) s += ":authority=" + *r.host + "\n";
  for (const auto& [k, v] : r.headers) s += k + "=" + v + "\n";
  return s;
}

std::string DescribeInput(const mt::Input& in) {
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
  // "tab=N[;req=R]": the open tab and the selected request (its row; -2 the edited request).
  std::string SaveState() const override {
    return selected_ == -1 ? tabs_.Save() : tabs_.Save() + ";req=" + std::to_string(selected_);
  }
  void LoadState(std::string_view state) override {
    tabs_.Load(state);
    if (auto r = StateInt(state, "req"); r && *r >= -2) selected_ = *r;
  }
  // The test hook: the tab labels' counts, the Requests table's room, and the edited request's
  // outcome as the "edit" row draws it (null while its first job runs).
  nlohmann::ordered_json DumpState() const override {
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

  void OnEvaluated(const OpenDocument& d) override {
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
      std::string t = sm_->requests.empty() ? std::string() : RequestText(sm_->requests.front());
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

  void Draw(ViewContext& ctx) override {
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
    for (const mt::Issue& i : m.issues) {
      if (i.severity == doc::Severity::kError || i.grpc_only) ++nack;
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

 private:
  // The edited request changed (or the model did): the next Draw asks the worker (ViewContext::Run,
  // key "edit/matcher/<view>") to evaluate it on the loaded model under every profile and compare
  // the outcomes (matcher::EvaluateRequestEveryProfile, the one comparison cfgi::Compare); a newer
  // edit cancels an older job. Until the outcome arrives the "edit" row shows the previous one.
  void SubmitEdit(ViewContext& ctx) {
    edit_dirty_ = false;
    if (!model_sp_) return;
    // The text is read as a request on the worker too (matcher::RequestFromText).
    edit_job_.Submit(ctx, "edit/matcher", this, "Evaluating the edited request",
                     [model = model_sp_, text = std::string(edit_buf_)](JobProgress& p) {
                       p.Step("every profile", 0);
                       return mt::EvaluateRequestEveryProfile(model, mt::RequestFromText(text));
                     });
  }

  // Takes the edited request's outcome the worker delivered into the "edit" row. The one drawn
  // before stays alive one more outcome (the Explanation panel may still point into it this frame).
  void TakeEditOutcome(ViewContext& ctx) {
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
  // True while the edit row shows the outcome of another text or model than the current ones.
  bool EditStale() const { return edit_dirty_ || !edit_shown_ || edit_job_.pending(); }

  // Envoy configuration: every matcher found (core/matcher/envoy_config.h); choosing one asks
  // the worker for the inspection with --matcher PATH, as the CLI does.
  std::string EnvoyLabel(const mt::DiscoveredMatcher& d) const {
    int line = d.document && d.document->source ? d.document->source->Locate(d.where.key_range.begin).line : 0;
    return std::string(d.where.rejected ? "[rejected] " : "") + d.where.context +
           (d.where.resource.empty() ? "" : " in " + d.where.resource) + "  (line " + std::to_string(line) + ")";
  }

  void DrawEnvoyPicker(ViewContext& ctx) {
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
          Query q;
          q.flags = {{"matcher", ds[i].where.path}};
          ctx.Ask(q);
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

  size_t ProfileIndex(ViewContext& ctx) const {
    size_t i = mt::Profiles().Index(mt::Profiles().Parse(ctx.document().profile()));
    return i < kNumProfiles ? i : 0;
  }

  const Row* SelectedRow() const {
    if (selected_ == -2) return &edit_;
    if (selected_ >= 0 && static_cast<size_t>(selected_) < rows_.size()) return &rows_[static_cast<size_t>(selected_)];
    return nullptr;
  }

  void Select(ViewContext& ctx, int index, size_t profile, bool jump = true) {
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

  static constexpr ImGuiTableFlags kTable = ImGuiTableFlags_BordersV | ImGuiTableFlags_BordersOuterH |
                                            ImGuiTableFlags_Resizable | ImGuiTableFlags_RowBg;

  // One profile's outcome in one line: "✓ a, b", "✗ no match", "✗ no terminal match; a", with
  // "  ↷ c" for skipped keep_matching actions and "  ✖ depth limit" (colour and icon together).
  static std::string CellLine(const mt::Result& r, ImVec4* color) {
    std::string t;
    // A successful match has an action in every profile; grpc-java can end unsuccessful with the
    // actions a found key gave (MatcherTree.java), shown as "no terminal match".
    if (r.matched) {
      *color = theme::Pal().ok;
      t = std::string(theme::kIconOk) + " " + (r.actions.empty() ? "matched, no action" : Join(r.actions));
    } else if (!r.actions.empty()) {
      *color = theme::Pal().warning;
      t = std::string(theme::kIconNoMatch) + " no terminal match; " + Join(r.actions);
    } else {
      *color = theme::Pal().muted;
      t = std::string(theme::kIconNoMatch) + " no match";
    }
    if (!r.skipped.empty()) t += std::string("  ") + theme::kIconSkipped + " skipped: " + Join(r.skipped);
    if (r.aborted) {
      *color = theme::Pal().error;
      t += std::string("  ") + theme::kIconError + " depth limit hit";
    }
    return t;
  }

  // A row is one line high (8 rows fit at 1024x700): each profile's cell is a one-line
  // selectable (click: that profile's trace) whose hover shows the outcome whole.
  void DrawCell(ViewContext& ctx, const Eval& ev, int index, size_t profile) {
    if (!ev.result) {
      theme::TextMuted("evaluating...");
      return;
    }
    ImVec4 color;
    const std::string t = CellLine(*ev.result, &color);
    const float room = ImGui::GetContentRegionAvail().x;
    ImGui::PushStyleColor(ImGuiCol_Text, color);
    if (ImGui::Selectable((t + "##cell").c_str(), selected_ == index && selected_profile_ == profile)) Select(ctx, index, profile);
    ImGui::PopStyleColor();
    if (ImGui::IsItemHovered()) {
      ImGui::BeginTooltip();
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
      if (ImGui::CalcTextSize(t.c_str()).x > room) ImGui::TextColored(color, "%s", t.c_str());
      theme::TextMuted("%s: click for this profile's trace", mt::Profiles().entries()[profile].name);
      ImGui::PopTextWrapPos();
      ImGui::EndTooltip();
    }
  }

  void DrawRow(ViewContext& ctx, Row& row, int index) {
    ImGui::PushID(index);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    bool sel = selected_ == index;
    std::string lab = row.label + (row.diverges ? std::string(" ") + theme::kIconDiverge : std::string());
    if (index == -2 && EditStale()) lab += " ...";
    if (ImGui::Selectable(lab.c_str(), sel, ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowItemOverlap)) {
      Select(ctx, index, ProfileIndex(ctx));
      if (index == -2) editor_open_ = true;  // the edited request: show its editor
    }
    if (ImGui::IsItemHovered()) {
      if (index == -2 && EditStale()) ImGui::SetTooltip("evaluating the edited request (the cells show the previous outcome)");
      else if (row.diverges) ImGui::SetTooltip("%s the profiles disagree on this request", theme::kIconDiverge);
    }
    ImGui::TableNextColumn();
    ImGui::PushFont(theme::GetFonts().mono);
    theme::CellText(DescribeRequest(row.request));
    ImGui::PopFont();
    for (size_t i = 0; i < kNumProfiles; ++i) {
      ImGui::TableNextColumn();
      ImGui::PushID(static_cast<int>(i));
      DrawCell(ctx, row.evals[i], index, i);
      ImGui::PopID();
    }
    ImGui::PopID();
  }

  void DrawRequests(ViewContext& ctx) {
    ImGui::PushTextWrapPos(0);
    theme::TextMuted("%s actions  %s no match  %s skipped (keep_matching)  %s profiles differ.  Click a row for the "
                     "selected profile's trace, a cell for that profile's.",
                     theme::kIconOk, theme::kIconNoMatch, theme::kIconSkipped, theme::kIconDiverge);
    ImGui::PopTextWrapPos();
    // The table keeps room for its header and 8 one-line rows (and a sideways scrollbar); the
    // edited request's editor folds under it (open at first only when both fit).
    const ImGuiStyle& st = ImGui::GetStyle();
    const float row_h = ImGui::GetTextLineHeight() + st.CellPadding.y * 2;
    const float min_table = row_h * 9 + st.ScrollbarSize + st.ItemSpacing.y;
    const float header_h = ImGui::GetFrameHeightWithSpacing();
    const float editor_h = ImGui::GetTextLineHeightWithSpacing() * 5 + st.FramePadding.y * 2 + st.ItemSpacing.y;
    const float avail = ImGui::GetContentRegionAvail().y;
    if (!editor_decided_) {
      editor_open_ = avail - header_h - editor_h >= min_table;
      editor_decided_ = true;
    }
    const float h = std::max(min_table, avail - header_h - (editor_open_ ? editor_h : 0));
    if (theme::BeginTableMinWidth("##requests", static_cast<int>(2 + kNumProfiles), kTable | ImGuiTableFlags_ScrollY, 30, ImVec2(0, h))) {
      ImGui::TableSetupScrollFreeze(1, 1);
      ImGui::TableSetupColumn("Request", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 3.5f);
      ImGui::TableSetupColumn("Headers", ImGuiTableColumnFlags_WidthStretch, 1.2f);
      for (const auto& e : mt::Profiles().entries()) ImGui::TableSetupColumn(e.name, ImGuiTableColumnFlags_WidthStretch, 1.0f);
      ImGui::TableHeadersRow();
      ImGuiListClipper clip;  // one-line rows: 100,000 requests stay fluid
      clip.Begin(static_cast<int>(rows_.size()) + 1);
      while (clip.Step())
        for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
          if (static_cast<size_t>(i) < rows_.size()) DrawRow(ctx, rows_[static_cast<size_t>(i)], i);
          else DrawRow(ctx, edit_, -2);
        }
      room_.Measure("requests", rows_.size() + 1);
      ImGui::EndTable();
    }
    ImGui::SetNextItemOpen(editor_open_, ImGuiCond_Always);
    editor_open_ = ImGui::CollapsingHeader("Edited request (the \"edit\" row)");
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("One header per line, k=v; :path, :method and :authority too. Evaluated under every profile as you type.");
    if (editor_open_) DrawRequestEditor(ctx, 5, false);
  }

  // The edited request ("edit" row, the tree's marks when no row is selected, the CEL tab's input).
  void DrawRequestEditor(ViewContext& ctx, int lines, bool label = true) {
    if (label) ImGui::TextUnformatted("Edited request (one header per line, k=v; :path, :method, :authority too):");
    if (ImGui::InputTextMultiline("##edit", edit_buf_, sizeof edit_buf_,
                                  ImVec2(-1, ImGui::GetTextLineHeightWithSpacing() * static_cast<float>(lines)))) {
      edited_ = true;
      edit_dirty_ = true;
      CelInputChanged();
    }
  }

  // ---- Tree ----

  // Issues at `path` (exact), or also under it; `children` are sub-paths drawn elsewhere.
  void IssueMarks(ViewContext& ctx, const std::string& path, bool exact, const std::vector<std::string>& children = {}) {
    if (path.empty()) return;
    auto show = [&](const mt::Issue& is) {
      bool hit = exact ? is.path == path : (is.path == path || is.path.rfind(path + ".", 0) == 0);
      for (const std::string& c : children)
        if (!c.empty() && (is.path == c || is.path.rfind(c + ".", 0) == 0 || is.path.rfind(c + "[", 0) == 0)) hit = false;
      if (!hit) return;
      bool nack = is.severity == doc::Severity::kError || is.grpc_only;
      ImVec4 col = nack ? theme::Pal().error : theme::SeverityColor(is.severity);
      const char* icon = nack ? theme::kIconError : theme::SeverityIcon(is.severity);
      ImGui::Indent();
      ImGui::PushStyleColor(ImGuiCol_Text, col);
      std::string t = std::string(icon) + " " + is.code + (is.grpc_only ? " (gRPC NACK)" : "") + ": " + is.message +
                      "##" + is.path + is.code;
      if (ImGui::Selectable(t.c_str())) ctx.JumpTo(file_, is.range);
      ImGui::PopStyleColor();
      ImGui::Unindent();
    };
    for (const mt::Issue& is : sm_->matcher.issues) show(is);
  }

  bool Leaf(ViewContext& ctx, const std::string& text, doc::SourceRange range, const ImVec4* col = nullptr) {
    ImGuiTreeNodeFlags f = ImGuiTreeNodeFlags_Leaf | ImGuiTreeNodeFlags_NoTreePushOnOpen | ImGuiTreeNodeFlags_SpanAvailWidth;
    if (col) ImGui::PushStyleColor(ImGuiCol_Text, *col);
    ImGui::TreeNodeEx(text.c_str(), f);
    if (col) ImGui::PopStyleColor();
    bool clicked = ImGui::IsItemClicked();
    if (clicked) ctx.JumpTo(file_, range);
    return clicked;
  }

  // What the current request did at a node (by the node's source range), from its explanation.
  std::optional<doc::Outcome> At(doc::SourceRange r) const {
    auto it = outcome_.find({r.begin, r.end});
    if (it == outcome_.end()) return std::nullopt;
    return it->second;
  }
  void CollectOutcomes(const doc::Step& s) {
    if (!s.range.empty()) outcome_.emplace(std::make_pair(s.range.begin, s.range.end), s.outcome);
    for (const doc::Step& c : s.children) CollectOutcomes(c);
  }
  // A node's label with its outcome's icon, and its colour (dim when the request never got there).
  static std::string Marked(std::optional<doc::Outcome> o, const std::string& label) {
    return o ? std::string(theme::OutcomeIcon(*o)) + " " + label : label;
  }
  static ImVec4 MarkColor(std::optional<doc::Outcome> o) {
    if (!o) {
      ImVec4 c = theme::Pal().muted;
      c.w *= 0.6f;
      return c;
    }
    return *o == doc::Outcome::kNoMatch ? theme::Pal().text : theme::OutcomeColor(*o);
  }
  // `neutral`: a node without a step of its own (a list: its parent's step says whether it ran).
  bool MarkedNode(const std::string& label, const char* id, std::optional<doc::Outcome> o, bool neutral = false) {
    ImGui::PushStyleColor(ImGuiCol_Text, neutral ? theme::Pal().text : MarkColor(o));
    bool open = ImGui::TreeNodeEx((Marked(o, label) + "###" + id).c_str(), ImGuiTreeNodeFlags_DefaultOpen | ImGuiTreeNodeFlags_SpanAvailWidth);
    ImGui::PopStyleColor();
    return open;
  }

  void DrawPredicate(ViewContext& ctx, const mt::Predicate& p) {
    ImGui::PushID(&p);
    std::optional<doc::Outcome> o = At(p.range);
    switch (p.kind) {
      case mt::Predicate::Kind::kSingle: {
        std::string t = "single_predicate: ";
        switch (p.test) {
          case mt::Predicate::Test::kValue: t += DescribeInput(p.input) + " " + p.value.Describe(); break;
          case mt::Predicate::Test::kCel: t += DescribeInput(p.input) + " CEL: " + p.cel_text; break;
          case mt::Predicate::Test::kConstant: t += std::string("custom_match: ") + (p.constant ? "true" : "false"); break;
          case mt::Predicate::Test::kIp: t += DescribeInput(p.input) + " in IP ranges"; break;
          case mt::Predicate::Test::kMetadata: t += DescribeInput(p.input) + " metadata value matcher"; break;
          case mt::Predicate::Test::kUnsupported: t += DescribeInput(p.input) + " custom_match " + p.custom_type; break;
        }
        ImVec4 c = MarkColor(o);
        bool cel = p.test == mt::Predicate::Test::kCel && !p.cel_text.empty();
        if (cel) {  // first on the line: the expression can be long
          if (ImGui::SmallButton("edit")) {
            SetCel(p.cel_text, "the CEL predicate selected in the tree (" + p.path + ")", cel::Use::kMatcher, true);
            tabs_.Request(kCelTab);
          }
          if (ImGui::IsItemHovered()) ImGui::SetTooltip("Open this expression in the CEL tab");
          ImGui::SameLine();
        }
        if (Leaf(ctx, Marked(o, t), p.range, &c) && cel)
          SetCel(p.cel_text, "the CEL predicate selected in the tree (" + p.path + ")", cel::Use::kMatcher, true);
        if (cel && ImGui::IsItemHovered()) ImGui::SetTooltip("Click: show its source and load it into the CEL tab");
        IssueMarks(ctx, p.path, false);
        break;
      }
      case mt::Predicate::Kind::kOr:
      case mt::Predicate::Kind::kAnd:
      case mt::Predicate::Kind::kNot: {
        const char* n = p.kind == mt::Predicate::Kind::kOr ? "or_matcher" : p.kind == mt::Predicate::Kind::kAnd ? "and_matcher" : "not_matcher";
        bool open = MarkedNode(n, n, o);
        if (ImGui::IsItemClicked()) ctx.JumpTo(file_, p.range);
        std::vector<std::string> kids;
        for (const mt::Predicate& c : p.children) kids.push_back(c.path);
        IssueMarks(ctx, p.path, false, kids);
        if (open) {
          for (const mt::Predicate& c : p.children) DrawPredicate(ctx, c);
          ImGui::TreePop();
        }
        break;
      }
      case mt::Predicate::Kind::kInvalid: {
        ImVec4 c = theme::Pal().error;
        Leaf(ctx, std::string(theme::kIconError) + " invalid predicate", p.range, &c);
        IssueMarks(ctx, p.path, false);
        break;
      }
    }
    ImGui::PopID();
  }

  // `key` is a map entry's key range (its step says whether a shorter prefix was skipped).
  void DrawOnMatch(ViewContext& ctx, const char* label, const mt::OnMatch& om, const doc::SourceRange* key = nullptr) {
    ImGui::PushID(&om);
    std::optional<doc::Outcome> o;
    if (om.kind == mt::OnMatch::Kind::kAction) o = At(om.action.range);
    else if (om.kind == mt::OnMatch::Kind::kMatcher && om.matcher) o = At(om.matcher->range);
    if (!o && key) o = At(*key);
    // An action added with keep_matching is what Envoy reports as skipped.
    if (o == doc::Outcome::kMatched && om.kind == mt::OnMatch::Kind::kAction && om.keep_matching) o = doc::Outcome::kSkipped;
    std::string km = om.keep_matching ? std::string("  (keep_matching)") : std::string();
    if (om.kind == mt::OnMatch::Kind::kAction) {
      std::string t = std::string(label) + ": action " + om.action.name + (om.action.type.empty() ? "" : " (" + om.action.type + ")") + km;
      ImVec4 c = MarkColor(o);
      Leaf(ctx, Marked(o, t), om.range, &c);
      if (o && ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", o == doc::Outcome::kSkipped
                                    ? (om.keep_matching ? "added with keep_matching: matching continues (Envoy's skipped_match_cb)"
                                       : key ? "skipped: a longer prefix without keep_matching takes precedence, or an "
                                               "enclosing on_match has keep_matching"
                                             : "skipped: an enclosing on_match has keep_matching (Envoy's skipped_match_cb)")
                                    : "added for the current request: the match is terminal");
      IssueMarks(ctx, om.path, false);
    } else if (om.kind == mt::OnMatch::Kind::kMatcher && om.matcher) {
      bool open = MarkedNode(std::string(label) + ": matcher" + km, "om", o);
      if (ImGui::IsItemClicked()) ctx.JumpTo(file_, om.range);
      IssueMarks(ctx, om.path, true);
      if (open) {
        DrawMatcher(ctx, *om.matcher);
        ImGui::TreePop();
      }
    } else {
      ImVec4 c = theme::Pal().error;
      Leaf(ctx, std::string(theme::kIconError) + " " + label + ": invalid on_match", om.range, &c);
      IssueMarks(ctx, om.path, false);
    }
    ImGui::PopID();
  }

  void DrawMatcher(ViewContext& ctx, const mt::Matcher& m) {
    ImGui::PushID(&m);
    std::string head;
    switch (m.kind) {
      case mt::Matcher::Kind::kList: head = "matcher_list (" + std::to_string(m.list.size()) + " matchers)"; break;
      case mt::Matcher::Kind::kExactMap: head = "matcher_tree exact_match_map on " + DescribeInput(m.input); break;
      case mt::Matcher::Kind::kPrefixMap: head = "matcher_tree prefix_match_map on " + DescribeInput(m.input); break;
      case mt::Matcher::Kind::kIpMap: head = "matcher_tree IPMatcher on " + DescribeInput(m.input); break;
      case mt::Matcher::Kind::kCustomTree: head = "matcher_tree custom_match " + m.custom_type + " (not evaluated)"; break;
      case mt::Matcher::Kind::kInvalid: head = std::string(theme::kIconError) + " invalid matcher"; break;
      case mt::Matcher::Kind::kNone: head = "no matcher type (on_no_match only; gRPC C-core rejects it)"; break;
    }
    head += "  depth " + std::to_string(m.depth);
    // A list's own step is its parent's; a map's step carries the map's outcome.
    bool list = m.kind == mt::Matcher::Kind::kList;
    bool open = MarkedNode(head, "m", list ? std::optional<doc::Outcome>() : At(m.range), list);
    if (ImGui::IsItemClicked()) ctx.JumpTo(file_, m.range);
    IssueMarks(ctx, m.path, true);
    if (open) {
      if (m.kind == mt::Matcher::Kind::kList) {
        for (size_t i = 0; i < m.list.size(); ++i) {
          const mt::FieldMatcher& fm = m.list[i];
          ImGui::PushID(static_cast<int>(i));
          bool o = MarkedNode("matchers[" + std::to_string(i) + "]", "fm", At(fm.range));
          if (ImGui::IsItemClicked()) ctx.JumpTo(file_, fm.range);
          if (o) {
            DrawPredicate(ctx, fm.predicate);
            DrawOnMatch(ctx, "on_match", fm.on_match);
            ImGui::TreePop();
          }
          ImGui::PopID();
        }
      } else {
        // A prefix map of 100,000 keys: only the first entries and the ones the request reached.
        size_t shown = 0;
        for (const mt::MapEntry& e : m.entries) {
          bool hit = At(e.key_range).has_value();
          if (shown >= kMaxMapEntries && !hit) continue;
          std::string t = "'" + e.key + "'";
          DrawOnMatch(ctx, t.c_str(), e.on_match, &e.key_range);
          ++shown;
        }
        if (m.entries.size() > shown) theme::TextMuted("  ... %zu more keys", m.entries.size() - shown);
      }
      if (m.on_no_match) DrawOnMatch(ctx, "on_no_match", *m.on_no_match);
      else theme::TextMuted("  (no on_no_match)");
      ImGui::TreePop();
    }
    ImGui::PopID();
  }

  void DrawTree(ViewContext& ctx) {
    // The current request: the selected row, else the edited request under the selected profile.
    const Row* row = SelectedRow();
    size_t prof = selected_profile_;
    if (!row) {
      row = &edit_;
      prof = ProfileIndex(ctx);
    }
    outcome_.clear();
    if (!row->evals[prof].result) {
      theme::TextMuted("Evaluating the edited request...");
      return;
    }
    CollectOutcomes(*row->evals[prof].why);
    const mt::Result& r = *row->evals[prof].result;
    theme::TextMuted("%s matched, %s no match, %s error, %s skipped (keep_matching), dim: not evaluated. Click a node for "
                     "its source.",
                     theme::OutcomeIcon(doc::Outcome::kMatched), theme::OutcomeIcon(doc::Outcome::kNoMatch),
                     theme::OutcomeIcon(doc::Outcome::kError), theme::OutcomeIcon(doc::Outcome::kSkipped));
    ImGui::Text("Request %s under %s:", row == &edit_ ? "edit (the edited request)" : row->label.c_str(),
                mt::Profiles().entries()[prof].name);
    ImGui::SameLine();
    if (r.matched)
      ImGui::TextColored(theme::Pal().ok, "%s %s", theme::kIconOk, r.actions.empty() ? "matched, no action" : Join(r.actions).c_str());
    else ImGui::TextColored(theme::Pal().muted, "%s no match%s%s", theme::kIconNoMatch, r.actions.empty() ? "" : "; ",
                            Join(r.actions).c_str());
    ImGui::BeginChild("##tree");
    DrawMatcher(ctx, *sm_->matcher.root);
    // Findings about the document as a whole (no field path).
    for (const mt::Issue& is : sm_->matcher.issues)
      if (is.path.empty()) {
        bool nack = is.severity == doc::Severity::kError || is.grpc_only;
        ImGui::TextColored(nack ? theme::Pal().error : theme::SeverityColor(is.severity), "%s %s: %s",
                           nack ? theme::kIconError : theme::SeverityIcon(is.severity), is.code.c_str(), is.message.c_str());
      }
    ImGui::EndChild();
  }

  // ---- Profiles ----

  void DrawDivergences(ViewContext& ctx) {
    theme::TextMuted("Requests whose actions or match differ between profiles (%zu differences, the badge's count). "
                     "Click for the trace.", ctx.document().comparison().size());
    if (edit_.diverges)
      ImGui::TextColored(theme::Pal().warning, "%s The edited request differs in %zu place%s too (its row is the last; not "
                         "in the scenario, so not in the count).", theme::kIconDiverge, edit_.diverges,
                         edit_.diverges == 1 ? "" : "s");
    const std::vector<const Divergence*>& rest = other_divergences_;
    if (!rest.empty()) {
      // Sized to its rows (at most 8), so the requests below stay in view.
      const float h = ImGui::GetTextLineHeightWithSpacing() * static_cast<float>(std::min<size_t>(rest.size(), 8) + 3);
      ImGui::BeginChild("##div-rest", ImVec2(0, h));
      DrawComparison("##div-rest-table", ctx.document(), rest, "");
      ImGui::EndChild();
    }
    if (!theme::BeginTableMinWidth("##div", static_cast<int>(2 + kNumProfiles), kTable | ImGuiTableFlags_ScrollY, 42)) return;
    ImGui::TableSetupColumn("Request", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 4);
    ImGui::TableSetupColumn("Headers", ImGuiTableColumnFlags_WidthStretch, 1.2f);
    for (const auto& e : mt::Profiles().entries()) ImGui::TableSetupColumn(e.name, ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableHeadersRow();
    int shown = 0;
    for (size_t i = 0; i < rows_.size(); ++i)
      if (rows_[i].diverges) {
        DrawRow(ctx, rows_[i], static_cast<int>(i));
        ++shown;
      }
    if (edit_.diverges) {
      DrawRow(ctx, edit_, -2);
      ++shown;
    }
    ImGui::EndTable();
    if (!shown) ImGui::TextColored(theme::Pal().ok, "%s all profiles agree on every request", theme::kIconOk);
  }

  // ---- CEL editor ----

  // Loads `text` into the editor; `user` marks an explicit choice that later evaluations keep.
  void SetCel(const std::string& text, std::string origin, cel::Use use, bool user) {
    cel_text_ = text;
    cel_origin_ = std::move(origin);
    cel_use_ = use;
    if (user) cel_edited_ = true;
    CelTextChanged();
  }

  // The editor's text, its use or the edited request changed (nothing is compiled here): the next Draw asks the worker
  // (ViewContext::Run, key "cel/<view>") to compile it with the engine's own CEL compile and
  // evaluate it under every profile (matcher::EvaluateCelText); a newer change cancels an older
  // job. Until the outcome arrives the view draws the previous one.
  void CelTextChanged() {
    cel_dirty_ = true;
    cel_lines_.Build(cel_text_);
  }
  void CelInputChanged() { cel_dirty_ = true; }

  void SubmitCel(ViewContext& ctx) {
    cel_dirty_ = false;
    // Nothing changed since the last job (a new evaluation of the scenario keeps the expression
    // and the edited request): its outcome stands.
    std::string key = cel_text_ + '\0' + (cel_use_ == cel::Use::kMatcher ? "m" : "x") + '\0' + edit_buf_;
    if (key == cel_submitted_) return;
    cel_submitted_ = std::move(key);
    cel_job_.Submit(ctx, "cel", this, "Compiling CEL",
                    [text = cel_text_, use = cel_use_, request_text = std::string(edit_buf_)](JobProgress& p) {
                      p.Step("compile and evaluate", 0);
                      return mt::EvaluateCelText(text, use, mt::RequestFromText(request_text));
                    });
  }

  // Takes a CEL outcome the worker delivered (typed: matcher::CelTextOutcome) into what Draw shows.
  void TakeCelOutcome() {
    std::shared_ptr<const mt::CelTextOutcome> taken = cel_job_.Take();
    if (!taken) return;
    cel_shown_ = std::move(taken);
    const mt::CelTextOutcome& o = *cel_shown_;
    cel_ok_ = o.compiled.ok();
    cel_errors_ = o.errors;
    cel_warning_ = o.type_warning;
    for (size_t i = 0; i < kNumProfiles; ++i) cel_evals_[i] = i < o.per_profile.size() ? o.per_profile[i] : CelEval{};
  }
  // True while the outcome drawn is not of the editor's current text and use.
  bool CelStale() const { return !cel_shown_ || cel_shown_->text != cel_text_ || cel_shown_->use != cel_use_; }

  // 1-based line:col (bytes) of an offset in the editor's text.
  std::string LineCol(uint32_t off) const {
    off = std::min<uint32_t>(off, static_cast<uint32_t>(cel_text_.size()));
    int l = cel_lines_.LineOf(off);
    return std::to_string(l + 1) + ":" + std::to_string(off - cel_lines_.starts[static_cast<size_t>(l)] + 1);
  }

  void DrawCel(ViewContext& ctx) {
    ImGui::PushStyleColor(ImGuiCol_Text, theme::Pal().muted);
    ImGui::TextWrapped("Compiled as the engine compiles cel_expr_string (A106 subset, RE2 program size <= 100) and evaluated "
                       "against the edited request below. Loaded from %s; click a CEL predicate in the Tree to load it.",
                       cel_origin_.c_str());
    ImGui::PopStyleColor();
    ImGui::TextUnformatted("Use:");
    ImGui::SameLine();
    int use = cel_use_ == cel::Use::kMatcher ? 0 : 1;
    bool changed = ImGui::RadioButton("CelMatcher (must be a bool)", &use, 0);
    ImGui::SameLine();
    changed |= ImGui::RadioButton("CelExtractString (must be a string)", &use, 1);
    if (changed) {
      cel_use_ = use == 0 ? cel::Use::kMatcher : cel::Use::kExtractString;
      CelTextChanged();
    }
    DrawCelEditor();
    if (CelStale()) theme::TextMuted("compiling...");

    // Errors: code, line:col, what and the fix.
    if (cel_shown_ && cel_errors_.empty()) {
      ImGui::TextColored(theme::Pal().ok, "%s compiles with no A106 error", theme::kIconOk);
      ImGui::SameLine();
      theme::TextMuted("(gRPC takes it as cel_expr_checked; cel_expr_string is NACKed, MAT012)");
    }
    for (size_t i = 0; i < cel_errors_.size(); ++i) {
      const cel::Error& e = cel_errors_[i];
      bool warn = cel_warning_ && e.code == "CEL007";
      ImVec4 col = warn ? theme::Pal().warning : theme::Pal().error;
      std::string what = e.message, fix;
      if (size_t k = FixSplit(e.message); k != std::string::npos) {
        what = e.message.substr(0, k);
        fix = e.message.substr(k + 2);
      }
      ImGui::PushID(static_cast<int>(i));
      ImGui::TextColored(col, "%s %s %s", warn ? theme::kIconWarning : theme::kIconError, e.code.c_str(), LineCol(e.begin).c_str());
      ImGui::SameLine();
      ImGui::PushTextWrapPos(0);
      ImGui::TextWrapped("%s", what.c_str());
      if (!fix.empty()) {
        ImGui::Indent();
        ImGui::PushStyleColor(ImGuiCol_Text, theme::Pal().muted);
        ImGui::TextWrapped("fix: %s", fix.c_str());
        ImGui::PopStyleColor();
        ImGui::Unindent();
      }
      ImGui::PopTextWrapPos();
      ImGui::PopID();
    }
    ImGui::Spacing();

    // Results under every profile (their CEL requests differ: -bin headers, content-type).
    if (cel_ok_ && theme::BeginTableMinWidth("##celres", 4, kTable, 36)) {
      ImGui::TableSetupColumn("Profile", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 5.5f);
      ImGui::TableSetupColumn("Value (type)", ImGuiTableColumnFlags_WidthStretch, 1.2f);
      ImGui::TableSetupColumn("As a CelMatcher predicate", ImGuiTableColumnFlags_WidthStretch, 1.0f);
      ImGui::TableSetupColumn("As CelExtractString", ImGuiTableColumnFlags_WidthStretch, 1.0f);
      ImGui::TableHeadersRow();
      size_t sel = ProfileIndex(ctx);
      for (size_t i = 0; i < kNumProfiles; ++i) {
        const CelEval& e = cel_evals_[i];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        if (i == sel) ImGui::TextColored(theme::Pal().accent, "%s %s", mt::Profiles().entries()[i].name, theme::kIconDirty);
        else ImGui::TextUnformatted(mt::Profiles().entries()[i].name);
        ImGui::TableNextColumn();
        ImGui::PushFont(theme::GetFonts().mono);
        if (e.value.is_error()) ImGui::TextColored(theme::Pal().error, "%s", e.value.DebugString().c_str());
        else ImGui::TextWrapped("%s  (%s)", e.value.DebugString().c_str(), e.value.type_name());
        ImGui::PopFont();
        ImGui::TableNextColumn();
        auto wrapped = [](const ImVec4& c, const std::string& t) {
          ImGui::PushStyleColor(ImGuiCol_Text, c);
          ImGui::TextWrapped("%s", t.c_str());
          ImGui::PopStyleColor();
        };
        if (e.match) wrapped(theme::Pal().ok, std::string(theme::kIconOk) + " match (bool true)");
        else
          wrapped(theme::Pal().muted, std::string(theme::kIconNoMatch) + " no match (" +
                                          (e.value.is_error() ? "an error" : e.value.type == cel::Value::Type::kBool ? "false" : "not a bool") + ")");
        ImGui::TableNextColumn();
        if (e.extracted) wrapped(theme::Pal().ok, std::string(theme::kIconOk) + " " + cel::Value::String(*e.extracted).DebugString());
        else wrapped(theme::Pal().muted, std::string(theme::kIconNoMatch) + " no string: default_value");
      }
      ImGui::EndTable();
    }
    ImGui::Spacing();
    DrawRequestEditor(ctx, 4);
  }

  // The expression's editor: the Source panel's approach (text_marks.h): the error ranges are
  // tinted and underlined in the draw list under a transparent InputTextMultiline.
  void DrawCelEditor() {
    ImFont* mono = theme::GetFonts().mono ? theme::GetFonts().mono : ImGui::GetFont();
    const ImGuiStyle& style = ImGui::GetStyle();
    ImGui::PushFont(mono);
    const float line_h = ImGui::GetFontSize();
    float max_w = 0;
    for (int l = 0; l < cel_lines_.count(); ++l) {
      uint32_t b = cel_lines_.starts[static_cast<size_t>(l)], e = cel_lines_.LineEnd(l, cel_text_.size());
      max_w = std::max(max_w, ImGui::CalcTextSize(cel_text_.data() + b, cel_text_.data() + e).x);
    }
    int rows = std::clamp(cel_lines_.count() + 1, 3, 10);
    float h = rows * line_h + style.FramePadding.y * 2 + style.ScrollbarSize;
    ImGui::PushStyleColor(ImGuiCol_ChildBg, ImGui::GetStyleColorVec4(ImGuiCol_FrameBg));
    ImGui::BeginChild("##celeditor", ImVec2(0, h), true, ImGuiWindowFlags_HorizontalScrollbar | ImGuiWindowFlags_NoNav);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const TextMarks marks(cel_text_, cel_lines_, mono, ImVec2(origin.x + style.FramePadding.x, origin.y + style.FramePadding.y));
    for (const cel::Error& e : CelStale() ? std::vector<cel::Error>{} : cel_errors_) {
      ImVec4 c = cel_warning_ && e.code == "CEL007" ? theme::Pal().warning : theme::Pal().error;
      ImVec4 bg = c;
      bg.w = 0.16f;
      marks.Fill(dl, {e.begin, e.end}, ImGui::GetColorU32(bg), true, ImGui::GetColorU32(c));
    }
    ImVec2 size(std::max(ImGui::GetContentRegionAvail().x, max_w + style.FramePadding.x * 2 + line_h * 2),
                std::max(ImGui::GetContentRegionAvail().y, (cel_lines_.count() + 1) * line_h + style.FramePadding.y * 2));
    ImGui::PushStyleColor(ImGuiCol_FrameBg, ImVec4(0, 0, 0, 0));
    if (ImGui::InputTextMultiline("##cel", &cel_text_, size, ImGuiInputTextFlags_AllowTabInput)) {
      cel_edited_ = true;
      cel_origin_ = "your edit";
      CelTextChanged();
    }
    ImGui::PopStyleColor();
    // Hover: the errors under the mouse.
    if (ImGui::IsItemHovered() && !cel_errors_.empty()) {
      if (int64_t at = marks.OffsetAt(ImGui::GetIO().MousePos); at >= 0) {
        std::vector<const cel::Error*> hits;
        for (const cel::Error& e : cel_errors_)
          if (at >= e.begin && at < std::max(e.end, e.begin + 1)) hits.push_back(&e);
        if (!hits.empty()) {
          ImGui::PopFont();
          ImGui::BeginTooltip();
          ImGui::PushTextWrapPos(ImGui::GetFontSize() * 36);
          for (const cel::Error* e : hits) {
            ImGui::TextColored(theme::Pal().error, "%s [%s] %s", theme::kIconError, e->code.c_str(), LineCol(e->begin).c_str());
            ImGui::TextWrapped("%s", e->message.c_str());
          }
          ImGui::PopTextWrapPos();
          ImGui::EndTooltip();
          ImGui::PushFont(mono);
        }
      }
    }
    ImGui::EndChild();
    ImGui::PopStyleColor();
    ImGui::PopFont();
  }

  // ---- Issues ----

  // Every finding of the selected profile's report, the Problems panel's list and count
  // (problem_groups.h), with what gRPC does about each: repeated findings of one code and file
  // are one row that opens ("MAT030 x 21").
  void DrawIssues(ViewContext& ctx) {
    const std::vector<doc::Diagnostic>& diags = ctx.document().report().diagnostics;
    if (diags.empty()) {
      ImGui::TextColored(theme::Pal().ok, "%s no issues: gRPC accepts this matcher", theme::kIconOk);
      return;
    }
    auto row = [&](const doc::Diagnostic& d, int id) {
      // gRPC rejects (NACKs) a matcher with an error; a grpc_only issue is a note under Envoy.
      const mt::Issue* is = nullptr;
      for (const mt::Issue& i : sm_->matcher.issues)
        if (i.code == d.code && i.range.begin == d.range.begin) is = &i;
      const bool nack = d.severity == doc::Severity::kError || (is && is->grpc_only);
      ImGui::PushID(id);
      ImGui::PushStyleColor(ImGuiCol_Text, nack ? theme::Pal().error : theme::SeverityColor(d.severity));
      std::string t = std::string(nack ? theme::kIconError : theme::SeverityIcon(d.severity)) + " " + d.code +
                      (is && is->grpc_only ? " [gRPC NACK, Envoy note]" : "") + "  " + d.message;
      if (ImGui::Selectable(t.c_str())) ctx.JumpTo(d.file, d.range);
      ImGui::PopStyleColor();
      if (!d.path.empty()) {
        ImGui::SameLine();
        theme::TextMuted("%s", d.path.c_str());
      }
      ImGui::PopID();
    };
    ImGui::BeginChild("##issues");
    for (const ProblemGroup& g : GroupProblems(diags)) {
      if (!g.grouped()) {
        row(diags[static_cast<size_t>(g.rows.front())], g.rows.front());
        continue;
      }
      ImGui::PushID(g.rows.front());
      ImGui::PushStyleColor(ImGuiCol_Text, theme::SeverityColor(g.severity));
      bool open = ImGui::TreeNodeEx("##group", ImGuiTreeNodeFlags_SpanAvailWidth, "%s %s \u00d7 %zu  %s (and %zu more)",
                                    theme::SeverityIcon(g.severity), g.code.c_str(), g.rows.size(),
                                    diags[static_cast<size_t>(g.rows.front())].message.c_str(), g.rows.size() - 1);
      ImGui::PopStyleColor();
      if (open) {
        for (int i : g.rows) row(diags[static_cast<size_t>(i)], i);
        ImGui::TreePop();
      }
      ImGui::PopID();
    }
    ImGui::EndChild();
  }

  const mt::MatcherModel* model_ = nullptr;
  TableRoom room_;  // the Requests table (DumpState "table")
  size_t issues_count_ = 0, profiles_count_ = 0;  // what the tab labels show (Counts)
  std::vector<const Divergence*> other_divergences_;  // the document's, outside /requests
  const mt::ScenarioMatcher* sm_ = nullptr;  // the model's
  std::string file_;
  std::vector<Row> rows_;
  Row edit_;  // its evals point into edit_shown_
  std::shared_ptr<const mt::MatcherModel> model_sp_;  // model_, shared with the edit job
  // The edited request's outcome: the worker delivers it (SubmitEdit), the view takes it
  // (TakeEditOutcome); an older job's outcome is dropped.
  WorkerOutcome<mt::RequestOutcome> edit_job_;
  std::shared_ptr<const mt::RequestOutcome> edit_shown_, edit_previous_;
  bool edit_dirty_ = false;
  bool editor_open_ = true, editor_decided_ = false;  // the Requests tab's editor header
  char edit_buf_[4096] = {};
  bool edited_ = false;
  int selected_ = -1;  // row index, -2 = the edited request
  size_t selected_profile_ = 0;
  std::map<std::pair<uint32_t, uint32_t>, doc::Outcome> outcome_;  // the tree's marks, by source range
  static constexpr size_t kMaxMapEntries = 200;
  ViewTabs tabs_;
  // CEL editor
  std::string cel_text_;
  std::string cel_origin_;
  bool cel_edited_ = false;  // the user typed or picked an expression: evaluations keep it
  cel::Use cel_use_ = cel::Use::kMatcher;
  // The outcome the worker delivers (SubmitCel) and the one drawn (TakeCelOutcome).
  WorkerOutcome<mt::CelTextOutcome> cel_job_;
  std::shared_ptr<const mt::CelTextOutcome> cel_shown_;
  bool cel_dirty_ = false;
  std::string cel_submitted_;  // text, use and request of the last job
  bool cel_ok_ = false;
  std::vector<cel::Error> cel_errors_;  // compile errors and CEL007
  bool cel_warning_ = false;            // CEL007 is a warning (CelExtractString)
  LineIndex cel_lines_;
  std::array<CelEval, kNumProfiles> cel_evals_;
};

}  // namespace

std::unique_ptr<EngineView> CreateMatcherView() { return std::make_unique<MatcherView>(); }

}  // namespace cfgi::gui
