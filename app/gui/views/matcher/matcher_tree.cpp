// app/gui/views/matcher/matcher_tree.cpp: the Tree tab: matcher_list / matcher_tree with predicates, inputs,
// on_no_match, keep_matching and what the current request did at each node (matcher_view.h).
#include "app/gui/views/matcher/matcher_view.h"

namespace cfgi::gui::matcher_view {

void MatcherView::IssueMarks(ViewContext& ctx, const std::string& path, bool exact, const std::vector<std::string>& children) {
  if (path.empty()) return;
  const mt::Compiled& m = sm_->matcher;
  auto show = [&](const doc::Diagnostic& is, bool grpc_only) {
    bool hit = exact ? is.path == path : (is.path == path || is.path.rfind(path + ".", 0) == 0);
    for (const std::string& c : children)
      if (!c.empty() && (is.path == c || is.path.rfind(c + ".", 0) == 0 || is.path.rfind(c + "[", 0) == 0)) hit = false;
    if (!hit) return;
    bool nack = is.severity == doc::Severity::kError || grpc_only;
    ImVec4 col = nack ? theme::Pal().error : theme::SeverityColor(is.severity);
    const char* icon = nack ? theme::kIconError : theme::SeverityIcon(is.severity);
    ImGui::Indent();
    ImGui::PushStyleColor(ImGuiCol_Text, col);
    std::string t = std::string(icon) + " " + is.code + (grpc_only ? " (gRPC NACK)" : "") + ": " + is.message +
                    "##" + is.path + is.code;
    if (ImGui::Selectable(t.c_str())) ctx.JumpTo(file_, is.range);
    ImGui::PopStyleColor();
    ImGui::Unindent();
  };
  for (size_t i = 0; i < m.diagnostics.size(); ++i) show(m.diagnostics[i], m.RejectedByOf(i) != mt::RejectedBy::kAll);
}

bool MatcherView::Leaf(ViewContext& ctx, const std::string& text, doc::SourceRange range, const ImVec4* col) {
  ImGuiTreeNodeFlags f = ImGuiTreeNodeFlags_Leaf | ImGuiTreeNodeFlags_NoTreePushOnOpen | ImGuiTreeNodeFlags_SpanAvailWidth;
  if (col) ImGui::PushStyleColor(ImGuiCol_Text, *col);
  ImGui::TreeNodeEx(text.c_str(), f);
  if (col) ImGui::PopStyleColor();
  bool clicked = ImGui::IsItemClicked();
  if (clicked) ctx.JumpTo(file_, range);
  return clicked;
}

std::optional<doc::Outcome> MatcherView::At(doc::SourceRange r) const {
  auto it = outcome_.find({r.begin, r.end});
  if (it == outcome_.end()) return std::nullopt;
  return it->second;
}

void MatcherView::CollectOutcomes(const doc::Step& s) {
  if (!s.range.empty()) outcome_.emplace(std::make_pair(s.range.begin, s.range.end), s.outcome);
  for (const doc::Step& c : s.children) CollectOutcomes(c);
}

std::string MatcherView::Marked(std::optional<doc::Outcome> o, const std::string& label) {
  return o ? std::string(theme::OutcomeIcon(*o)) + " " + label : label;
}

ImVec4 MatcherView::MarkColor(std::optional<doc::Outcome> o) {
  if (!o) {
    ImVec4 c = theme::Pal().muted;
    c.w *= 0.6f;
    return c;
  }
  return *o == doc::Outcome::kNoMatch ? theme::Pal().text : theme::OutcomeColor(*o);
}

bool MatcherView::MarkedNode(const std::string& label, const char* id, std::optional<doc::Outcome> o, bool neutral) {
  ImGui::PushStyleColor(ImGuiCol_Text, neutral ? theme::Pal().text : MarkColor(o));
  bool open = ImGui::TreeNodeEx((Marked(o, label) + "###" + id).c_str(), ImGuiTreeNodeFlags_DefaultOpen | ImGuiTreeNodeFlags_SpanAvailWidth);
  ImGui::PopStyleColor();
  return open;
}

void MatcherView::DrawPredicate(ViewContext& ctx, const mt::Predicate& p) {
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

void MatcherView::DrawOnMatch(ViewContext& ctx, const char* label, const mt::OnMatch& om, const doc::SourceRange* key) {
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

void MatcherView::DrawMatcher(ViewContext& ctx, const mt::Matcher& m) {
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

void MatcherView::DrawTree(ViewContext& ctx) {
  // The current request: the Requests tab's row the Tree explains (EnsureTree), else the edited
  // request under the selected profile.
  const Pick picked = Picked("tab/1");
  const Row* row = RowAt(picked.index);
  size_t prof = picked.profile;
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
  const mt::Compiled& m = sm_->matcher;
  for (size_t i = 0; i < m.diagnostics.size(); ++i)
    if (const doc::Diagnostic& is = m.diagnostics[i]; is.path.empty()) {
      bool nack = is.severity == doc::Severity::kError || m.RejectedByOf(i) != mt::RejectedBy::kAll;
      ImGui::TextColored(nack ? theme::Pal().error : theme::SeverityColor(is.severity), "%s %s: %s",
                         nack ? theme::kIconError : theme::SeverityIcon(is.severity), is.code.c_str(), is.message.c_str());
    }
  ImGui::EndChild();
}

}  // namespace cfgi::gui::matcher_view
