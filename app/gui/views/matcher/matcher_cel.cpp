// app/gui/views/matcher/matcher_cel.cpp: the CEL tab: one CEL expression's editor, compiled and evaluated under every
// profile on the worker (matcher::EvaluateCelText) (matcher_view.h).
#include "app/gui/views/matcher/matcher_view.h"

namespace cfgi::gui::matcher_view {

void MatcherView::SetCel(const std::string& text, std::string origin, cel::Use use, bool user) {
  cel_text_ = text;
  cel_origin_ = std::move(origin);
  cel_use_ = use;
  if (user) cel_edited_ = true;
  CelTextChanged();
}

void MatcherView::CelTextChanged() {
  cel_dirty_ = true;
  cel_lines_.Build(cel_text_);
}

void MatcherView::SubmitCel(ViewContext& ctx) {
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

void MatcherView::TakeCelWhatIf() {
  std::shared_ptr<const mt::CelTextWhatIf> taken = cel_job_.Take();
  if (!taken) return;
  cel_shown_ = std::move(taken);
  const mt::CelTextWhatIf& o = *cel_shown_;
  cel_ok_ = o.compiled.ok();
  cel_errors_ = o.errors;
  cel_warning_ = o.type_warning;
  for (size_t i = 0; i < kNumProfiles; ++i) cel_evals_[i] = i < o.per_profile.size() ? o.per_profile[i] : CelEval{};
}

std::string MatcherView::LineCol(uint32_t off) const {
  off = std::min<uint32_t>(off, static_cast<uint32_t>(cel_text_.size()));
  int l = cel_lines_.LineOf(off);
  return std::to_string(l + 1) + ":" + std::to_string(off - cel_lines_.starts[static_cast<size_t>(l)] + 1);
}

void MatcherView::DrawCel(ViewContext& ctx) {
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
    room_.Measure("cel", kNumProfiles);
    ImGui::EndTable();
  }
  // Each sub-expression's value under the selected profile (computed with the outcome on the
  // worker, cel::EvaluateSubExpressions): where a long expression turned false or errored.
  if (cel_ok_ && !CelStale()) {
    const size_t sel = ProfileIndex(ctx);
    const std::vector<cel::SubExpression>& sub = cel_evals_[sel].sub;
    if (!sub.empty() && ImGui::TreeNodeEx("##celsub", ImGuiTreeNodeFlags_DefaultOpen, "Sub-expressions under %s (%zu)",
                                          mt::Profiles().entries()[sel].name, sub.size())) {
      const float rows_h = ImGui::GetTextLineHeightWithSpacing() * static_cast<float>(std::min<size_t>(sub.size(), 10) + 1.5f);
      if (theme::BeginTableMinWidth("##celsubtab", 2, kTable | ImGuiTableFlags_ScrollY, 30, ImVec2(0, rows_h))) {
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn("Expression", ImGuiTableColumnFlags_WidthStretch, 1.6f);
        ImGui::TableSetupColumn("Value (type)", ImGuiTableColumnFlags_WidthStretch, 1.0f);
        ImGui::TableHeadersRow();
        ImGui::PushFont(theme::GetFonts().mono);
        for (const cel::SubExpression& x : sub) {
          ImGui::TableNextRow();
          ImGui::TableNextColumn();
          ImGui::SetCursorPosX(ImGui::GetCursorPosX() + ImGui::GetFontSize() * 0.9f * static_cast<float>(x.depth));
          theme::CellText(x.text);
          ImGui::TableNextColumn();
          if (!x.evaluated) {
            theme::TextMuted("%s not evaluated", theme::kIconSkipped);
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("CEL did not need it: the other side of && / || / ?: decided, or an operand before it failed.");
          } else if (x.value.is_error()) {
            const ImVec4 c = theme::Pal().error;
            theme::CellText(x.value.DebugString(), &c);
          } else {
            const ImVec4 c = x.value.type == cel::Value::Type::kBool ? (x.value.b ? theme::Pal().ok : theme::Pal().muted) : theme::Pal().accent;
            theme::CellText(x.value.DebugString() + "  (" + x.value.type_name() + ")", &c);
          }
        }
        ImGui::PopFont();
        room_.MeasureAlso("cel_sub", sub.size());
        ImGui::EndTable();
      }
      ImGui::TreePop();
    }
  }
  ImGui::Spacing();
  DrawRequestEditor(ctx, 4);
}

void MatcherView::DrawCelEditor() {
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

}  // namespace cfgi::gui::matcher_view
