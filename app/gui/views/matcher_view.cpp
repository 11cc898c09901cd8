// The matcher view (xDS Unified Matcher, gRPC A106). The scenario's matcher and requests are
// compiled and evaluated under every profile once per evaluation (OnEvaluated); the editable
// request (headers as k=v lines) is re-evaluated only when its text changes.
//   Requests   per request and profile: ✓ actions / ✗ no match, ↷ skipped keep_matching actions,
//              ⇄ when the profiles disagree; click a row for its trace and the matched on_match
//   Tree       matcher_list / matcher_tree with predicates, inputs, on_no_match, keep_matching;
//              gRPC rejection reasons (✖ NACK, ⚠ warning) on the node they concern
//   Profiles   the requests whose results differ between grpc-core, envoy and a106
//   Issues     every validation finding, click to jump to it
#include <array>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <imgui.h>

#include "app/gui/theme.h"
#include "app/gui/views/view.h"
#include "core/matcher/matcher.h"
#include "core/matcher/matcher_engine.h"

namespace cfgi::gui {

namespace {

namespace mt = cfgi::matcher;

constexpr std::array<mt::Profile, 3> kProfiles = {mt::Profile::kGrpcCore, mt::Profile::kEnvoy, mt::Profile::kA106};

struct Eval {
  mt::Result result;
  doc::Step why;
};

struct Row {
  mt::Request request;
  std::string label;
  std::array<Eval, 3> evals;
  mt::ProfileComparison cmp;
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
  if (s.size() > 120) s = s.substr(0, 117) + "...";
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

std::string Trim(std::string s) {
  size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return {};
  size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

// "k=v" (or "k: v") per line; :path / :method / :authority (or host) set the pseudo-headers.
mt::Request ParseRequestText(const std::string& text) {
  mt::Request r;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) nl = text.size();
    std::string line = Trim(text.substr(pos, nl - pos));
    pos = nl + 1;
    if (line.empty() || line[0] == '#') continue;
    size_t eq = line.find('=');
    if (eq == std::string::npos) eq = line.find(':', 1);
    std::string k = Trim(line.substr(0, eq));
    std::string v = eq == std::string::npos ? std::string() : Trim(line.substr(eq + 1));
    for (char& c : k) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (k == ":path") r.path = v;
    else if (k == ":method") r.method = v;
    else if (k == ":authority" || k == "host") r.host = v;
    else if (k == ":scheme") r.scheme = v;
    else r.headers.emplace_back(k, v);
  }
  return r;
}

std::string DescribeInput(const mt::Input& in) {
  switch (in.kind) {
    case mt::Input::Kind::kHeader: return "header '" + in.header + "'";
    case mt::Input::Kind::kCel: return "CEL input";
    case mt::Input::Kind::kUnsupported: return "unsupported input " + in.type;
    case mt::Input::Kind::kNone: return "no input";
  }
  return "";
}

class MatcherView final : public EngineView {
 public:
  std::string SaveState() const override { return "tab=" + std::to_string(pending_tab_ >= 0 ? pending_tab_ : tab_); }
  void LoadState(std::string_view state) override {
    if (auto tab = StateInt(state, "tab")) pending_tab_ = *tab;
  }

  void OnEvaluated(const Document& d) override {
    rows_.clear();
    sm_.reset();
    selected_ = -1;
    sm_ = std::make_unique<mt::ScenarioMatcher>(mt::LoadScenarioMatcher(d.scenario(), Query{}));
    file_ = sm_->document && sm_->document->source ? sm_->document->source->name() : std::string();
    rows_.reserve(sm_->requests.size());
    for (size_t i = 0; i < sm_->requests.size(); ++i) {
      Row row;
      row.request = sm_->requests[i];
      row.label = "#" + std::to_string(i);
      rows_.push_back(std::move(row));
    }
    for (Row& row : rows_) EvaluateRow(row);
    if (!edited_) {
      std::string t = sm_->requests.empty() ? std::string() : RequestText(sm_->requests.front());
      std::snprintf(edit_buf_, sizeof edit_buf_, "%s", t.c_str());
    }
    edit_.request = ParseRequestText(edit_buf_);
    edit_.label = "edit";
    EvaluateRow(edit_);
    shadowed_ = sm_->matcher.root ? mt::FindShadowed(sm_->matcher) : std::vector<mt::Issue>{};
  }

  void Draw(ViewContext& ctx) override {
    if (!sm_) {
      theme::TextMuted("Not evaluated yet.");
      return;
    }
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
    int diverging = 0;
    for (const Row& r : rows_) diverging += r.cmp.diverges ? 1 : 0;
    if (edit_.cmp.diverges) ++diverging;

    if (!ImGui::BeginTabBar("##matcher")) return;
    if (ImGui::BeginTabItem("Requests", nullptr, TabFlags(0))) {
      tab_ = 0;
      DrawRequests(ctx);
      ImGui::EndTabItem();
    }
    if (ImGui::BeginTabItem("Tree", nullptr, TabFlags(1))) {
      tab_ = 1;
      DrawTree(ctx);
      ImGui::EndTabItem();
    }
    std::string l = std::string("Profiles (") + std::to_string(diverging) + " differ)###div";
    if (ImGui::BeginTabItem(l.c_str(), nullptr, TabFlags(2))) {
      tab_ = 2;
      DrawDivergences(ctx);
      ImGui::EndTabItem();
    }
    std::string il = "Issues (" + std::to_string(m.issues.size() + shadowed_.size()) + ")###issues";
    if (ImGui::BeginTabItem(il.c_str(), nullptr, TabFlags(3))) {
      tab_ = 3;
      DrawIssues(ctx);
      ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
    pending_tab_ = -1;
  }

 private:
  ImGuiTabItemFlags TabFlags(int k) const { return pending_tab_ == k ? ImGuiTabItemFlags_SetSelected : 0; }

  void EvaluateRow(Row& row) {
    for (size_t i = 0; i < kProfiles.size(); ++i) {
      row.evals[i].why = doc::Step{};
      row.evals[i].result = mt::Evaluate(sm_->matcher, row.request, kProfiles[i], &row.evals[i].why);
    }
    row.cmp = mt::CompareProfiles(sm_->matcher, row.request);
  }

  size_t ProfileIndex(ViewContext& ctx) const {
    std::optional<mt::Profile> p = mt::ParseProfile(ctx.document().profile());
    for (size_t i = 0; i < kProfiles.size(); ++i)
      if (p && *p == kProfiles[i]) return i;
    return 0;
  }

  const Row* SelectedRow() const {
    if (selected_ == -2) return &edit_;
    if (selected_ >= 0 && static_cast<size_t>(selected_) < rows_.size()) return &rows_[static_cast<size_t>(selected_)];
    return nullptr;
  }

  void Select(ViewContext& ctx, int index, size_t profile) {
    selected_ = index;
    selected_profile_ = profile;
    const Row* row = SelectedRow();
    if (!row) return;
    const Eval& ev = row->evals[profile];
    ctx.SelectExplanation(&ev.why);
    // The terminal action (the last added) is where the request ended up.
    if (!ev.result.actions.empty() && ev.result.actions.back())
      ctx.JumpTo(file_, ev.result.actions.back()->range);
  }

  static constexpr ImGuiTableFlags kTable = ImGuiTableFlags_BordersV | ImGuiTableFlags_BordersOuterH |
                                            ImGuiTableFlags_Resizable | ImGuiTableFlags_RowBg;

  void DrawCell(const Eval& ev) {
    const mt::Result& r = ev.result;
    auto wrapped = [](const ImVec4& c, const std::string& t) {
      ImGui::PushStyleColor(ImGuiCol_Text, c);
      ImGui::TextWrapped("%s", t.c_str());
      ImGui::PopStyleColor();
    };
    if (r.matched) wrapped(theme::Pal().ok, std::string(theme::kIconOk) + " " + Join(r.actions));
    else if (!r.actions.empty())
      wrapped(theme::Pal().warning, std::string(theme::kIconNoMatch) + " no terminal match; " + Join(r.actions));
    else wrapped(theme::Pal().muted, std::string(theme::kIconNoMatch) + " no match");
    if (!r.skipped.empty()) wrapped(theme::Pal().skipped, std::string(theme::kIconSkipped) + " skipped: " + Join(r.skipped));
    if (r.aborted) wrapped(theme::Pal().error, std::string(theme::kIconError) + " depth limit hit");
  }

  void DrawRow(ViewContext& ctx, Row& row, int index) {
    ImGui::PushID(index);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    bool sel = selected_ == index;
    std::string lab = row.label + (row.cmp.diverges ? std::string(" ") + theme::kIconDiverge : std::string());
    if (ImGui::Selectable(lab.c_str(), sel, ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowItemOverlap))
      Select(ctx, index, ProfileIndex(ctx));
    if (row.cmp.diverges && ImGui::IsItemHovered()) ImGui::SetTooltip("%s the profiles disagree on this request", theme::kIconDiverge);
    ImGui::TableNextColumn();
    ImGui::PushFont(theme::GetFonts().mono);
    ImGui::TextWrapped("%s", DescribeRequest(row.request).c_str());
    ImGui::PopFont();
    for (size_t i = 0; i < kProfiles.size(); ++i) {
      ImGui::TableNextColumn();
      ImGui::PushID(static_cast<int>(i));
      DrawCell(row.evals[i]);
      if (ImGui::SmallButton("why")) Select(ctx, index, i);
      ImGui::PopID();
    }
    ImGui::PopID();
  }

  void DrawRequests(ViewContext& ctx) {
    theme::TextMuted("%s matched (actions), %s no match, %s skipped keep_matching action, %s profiles differ. Click a row "
                     "for the selected profile's trace, \"why\" for that profile's.",
                     theme::kIconOk, theme::kIconNoMatch, theme::kIconSkipped, theme::kIconDiverge);
    float h = ImGui::GetContentRegionAvail().y - ImGui::GetTextLineHeightWithSpacing() * 7;
    if (ImGui::BeginTable("##requests", 5, kTable | ImGuiTableFlags_ScrollY, ImVec2(0, h > 100 ? h : 100))) {
      ImGui::TableSetupScrollFreeze(1, 1);
      ImGui::TableSetupColumn("Request", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 4);
      ImGui::TableSetupColumn("Headers", ImGuiTableColumnFlags_WidthStretch, 1.2f);
      for (mt::Profile p : kProfiles) ImGui::TableSetupColumn(mt::ProfileName(p), ImGuiTableColumnFlags_WidthStretch, 1.0f);
      ImGui::TableHeadersRow();
      for (size_t i = 0; i < rows_.size(); ++i) DrawRow(ctx, rows_[i], static_cast<int>(i));
      DrawRow(ctx, edit_, -2);
      ImGui::EndTable();
    }
    ImGui::TextUnformatted("Edited request (one header per line, k=v; :path, :method, :authority too):");
    if (ImGui::InputTextMultiline("##edit", edit_buf_, sizeof edit_buf_,
                                  ImVec2(-1, ImGui::GetTextLineHeightWithSpacing() * 5))) {
      edited_ = true;
      edit_.request = ParseRequestText(edit_buf_);
      EvaluateRow(edit_);
      if (selected_ == -2) ctx.SelectExplanation(&edit_.evals[selected_profile_].why);
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
    for (const mt::Issue& is : shadowed_) show(is);
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

  void DrawPredicate(ViewContext& ctx, const mt::Predicate& p) {
    ImGui::PushID(&p);
    switch (p.kind) {
      case mt::Predicate::Kind::kSingle: {
        std::string t = "single_predicate: ";
        switch (p.test) {
          case mt::Predicate::Test::kValue: t += DescribeInput(p.input) + " " + p.value.Describe(); break;
          case mt::Predicate::Test::kCel: t += DescribeInput(p.input) + " CEL: " + p.cel_text; break;
          case mt::Predicate::Test::kConstant: t += std::string("custom_match: ") + (p.constant ? "true" : "false"); break;
          case mt::Predicate::Test::kUnsupported: t += DescribeInput(p.input) + " custom_match " + p.custom_type; break;
        }
        Leaf(ctx, t, p.range);
        IssueMarks(ctx, p.path, false);
        break;
      }
      case mt::Predicate::Kind::kOr:
      case mt::Predicate::Kind::kAnd:
      case mt::Predicate::Kind::kNot: {
        const char* n = p.kind == mt::Predicate::Kind::kOr ? "or_matcher" : p.kind == mt::Predicate::Kind::kAnd ? "and_matcher" : "not_matcher";
        bool open = ImGui::TreeNodeEx(n, ImGuiTreeNodeFlags_DefaultOpen | ImGuiTreeNodeFlags_SpanAvailWidth);
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

  void DrawOnMatch(ViewContext& ctx, const char* label, const mt::OnMatch& om) {
    ImGui::PushID(&om);
    bool reached = reached_.count(om.id) > 0;
    std::string mark = reached ? std::string(theme::kIconDirty) + " " : std::string();
    std::string km = om.keep_matching ? std::string("  ") + theme::kIconSkipped + " keep_matching" : std::string();
    if (om.kind == mt::OnMatch::Kind::kAction) {
      std::string t = mark + label + ": action " + om.action.name + (om.action.type.empty() ? "" : " (" + om.action.type + ")") + km;
      ImVec4 c = theme::Pal().accent;
      Leaf(ctx, t, om.range, reached ? &c : nullptr);
      if (reached && ImGui::IsItemHovered()) ImGui::SetTooltip("%s reached by the selected request", theme::kIconDirty);
      IssueMarks(ctx, om.path, false);
    } else if (om.kind == mt::OnMatch::Kind::kMatcher && om.matcher) {
      std::string t = mark + label + ": matcher" + km + "##om";
      bool open = ImGui::TreeNodeEx(t.c_str(), ImGuiTreeNodeFlags_DefaultOpen | ImGuiTreeNodeFlags_SpanAvailWidth);
      if (ImGui::IsItemClicked()) ctx.JumpTo(file_, om.range);
      IssueMarks(ctx, om.path, true);
      if (open) {
        DrawMatcher(ctx, *om.matcher);
        ImGui::TreePop();
      }
    } else {
      ImVec4 c = theme::Pal().error;
      Leaf(ctx, mark + std::string(theme::kIconError) + " " + label + ": invalid on_match", om.range, &c);
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
      case mt::Matcher::Kind::kInvalid: head = std::string(theme::kIconError) + " invalid matcher"; break;
    }
    head += "  depth " + std::to_string(m.depth);
    bool open = ImGui::TreeNodeEx(head.c_str(), ImGuiTreeNodeFlags_DefaultOpen | ImGuiTreeNodeFlags_SpanAvailWidth);
    if (ImGui::IsItemClicked()) ctx.JumpTo(file_, m.range);
    IssueMarks(ctx, m.path, true);
    if (open) {
      if (m.kind == mt::Matcher::Kind::kList) {
        for (size_t i = 0; i < m.list.size(); ++i) {
          const mt::FieldMatcher& fm = m.list[i];
          ImGui::PushID(static_cast<int>(i));
          std::string t = "matchers[" + std::to_string(i) + "]";
          bool o = ImGui::TreeNodeEx(t.c_str(), ImGuiTreeNodeFlags_DefaultOpen | ImGuiTreeNodeFlags_SpanAvailWidth);
          if (ImGui::IsItemClicked()) ctx.JumpTo(file_, fm.range);
          if (o) {
            DrawPredicate(ctx, fm.predicate);
            DrawOnMatch(ctx, "on_match", fm.on_match);
            ImGui::TreePop();
          }
          ImGui::PopID();
        }
      } else {
        for (const mt::MapEntry& e : m.entries) {
          std::string t = "'" + e.key + "'";
          DrawOnMatch(ctx, t.c_str(), e.on_match);
        }
      }
      if (m.on_no_match) DrawOnMatch(ctx, "on_no_match", *m.on_no_match);
      else theme::TextMuted("  (no on_no_match)");
      ImGui::TreePop();
    }
    ImGui::PopID();
  }

  void DrawTree(ViewContext& ctx) {
    reached_.clear();
    const Row* row = SelectedRow();
    if (row) for (int id : row->evals[selected_profile_].result.reached) reached_.insert(id);
    theme::TextMuted("%s gRPC rejects (NACK), %s warning, %s keep_matching, %s reached by the selected request%s. Click a "
                     "node to see its source.",
                     theme::kIconError, theme::kIconWarning, theme::kIconSkipped, theme::kIconDirty,
                     row ? (" (" + row->label + ", " + mt::ProfileName(kProfiles[selected_profile_]) + ")").c_str() : "");
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
    theme::TextMuted("Requests whose actions or match differ between profiles. Click for the trace.");
    if (!ImGui::BeginTable("##div", 5, kTable | ImGuiTableFlags_ScrollY)) return;
    ImGui::TableSetupColumn("Request", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 4);
    ImGui::TableSetupColumn("Headers", ImGuiTableColumnFlags_WidthStretch, 1.2f);
    for (mt::Profile p : kProfiles) ImGui::TableSetupColumn(mt::ProfileName(p), ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableHeadersRow();
    int shown = 0;
    for (size_t i = 0; i < rows_.size(); ++i)
      if (rows_[i].cmp.diverges) {
        DrawRow(ctx, rows_[i], static_cast<int>(i));
        ++shown;
      }
    if (edit_.cmp.diverges) {
      DrawRow(ctx, edit_, -2);
      ++shown;
    }
    ImGui::EndTable();
    if (!shown) ImGui::TextColored(theme::Pal().ok, "%s all profiles agree on every request", theme::kIconOk);
  }

  // ---- Issues ----

  void DrawIssues(ViewContext& ctx) {
    if (sm_->matcher.issues.empty() && shadowed_.empty() && sm_->diagnostics.empty()) {
      ImGui::TextColored(theme::Pal().ok, "%s no issues: gRPC accepts this matcher", theme::kIconOk);
      return;
    }
    int id = 0;
    auto row = [&](const mt::Issue& is) {
      bool nack = is.severity == doc::Severity::kError || is.grpc_only;
      ImGui::PushID(id++);
      ImGui::PushStyleColor(ImGuiCol_Text, nack ? theme::Pal().error : theme::SeverityColor(is.severity));
      std::string t = std::string(nack ? theme::kIconError : theme::SeverityIcon(is.severity)) + " " + is.code +
                      (is.grpc_only ? " [gRPC NACK, Envoy note]" : "") + "  " + is.message;
      if (ImGui::Selectable(t.c_str())) ctx.JumpTo(file_, is.range);
      ImGui::PopStyleColor();
      if (!is.path.empty()) {
        ImGui::SameLine();
        theme::TextMuted("%s", is.path.c_str());
      }
      ImGui::PopID();
    };
    for (const mt::Issue& is : sm_->matcher.issues) row(is);
    for (const mt::Issue& is : shadowed_) row(is);
    for (const doc::Diagnostic& d : sm_->diagnostics) {
      ImGui::TextColored(theme::SeverityColor(d.severity), "%s %s", theme::SeverityIcon(d.severity), d.message.c_str());
    }
  }

  std::unique_ptr<mt::ScenarioMatcher> sm_;
  std::string file_;
  std::vector<Row> rows_;
  Row edit_;
  char edit_buf_[4096] = {};
  bool edited_ = false;
  int selected_ = -1;  // row index, -2 = the edited request
  size_t selected_profile_ = 0;
  std::set<int> reached_;
  std::vector<mt::Issue> shadowed_;
  int tab_ = 0;
  int pending_tab_ = -1;
};

}  // namespace

std::unique_ptr<EngineView> CreateMatcherView() { return std::make_unique<MatcherView>(); }

}  // namespace cfgi::gui
