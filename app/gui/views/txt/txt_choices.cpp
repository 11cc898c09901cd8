// app/gui/views/txt/txt_choices.cpp: the txt view's Choices tab: per choice and profile, each criterion and the outcome (txt_view.h).
#include "app/gui/views/txt/txt_view.h"

namespace cfgi::gui::txt_view {

int TxtView::CompareChoices(size_t a, size_t b, int column) const {
  if (column == 0) return TableOrder::Cmp(a, b);
  const size_t p = static_cast<size_t>(column - 1);
  if (p >= tx::Profiles().size() || !results_[p]) return 0;
  const auto& trace = results_[p]->evaluation.trace;
  auto rank = [&trace](size_t i) {
    if (i >= trace.size()) return 5;
    const std::string& o = trace[i].outcome;
    return o == "selected" ? 0 : o == "skipped" ? 1 : o == "error" ? 2 : o == "not-reached" ? 3 : 4;
  };
  return TableOrder::Cmp(rank(a), rank(b));
}

std::string TxtView::ChoiceCell(size_t p, size_t row) const {
  const auto& trace = results_[p]->evaluation.trace;
  if (row >= trace.size()) return "-";
  const tx::ChoiceTrace& t = trace[row];
  std::string cell = (t.outcome == "selected" ? std::string(theme::kIconOk) + " " : "") + OutcomeWords(t.outcome);
  for (const auto& [crit, verdict] : t.criteria) cell += std::string("  ") + VerdictIcon(verdict) + " " + CriterionWord(crit);
  return cell;
}

std::string TxtView::ChoicesText() const {
  std::vector<std::string> header = {"Choice"};
  for (const auto& e : tx::Profiles().entries()) header.push_back(e.name);
  std::vector<std::vector<std::string>> rows;
  for (size_t row : order_.order()) {
    std::vector<std::string> cells = {"choice " + std::to_string(row)};
    for (size_t i = 0; i < tx::Profiles().size(); ++i) cells.push_back(results_[i] ? ChoiceCell(i, row) : "-");
    rows.push_back(std::move(cells));
  }
  return theme::TableText(header, rows);
}

const doc::Step* TxtView::ChoiceStep(const doc::Step* why, int index) {
  if (!why) return why;
  const std::string name = "choice " + std::to_string(index);
  for (const doc::Step& c : why->children)
    if (c.what == name) return &c;
  return why;
}

void TxtView::DrawChoices(ViewContext& ctx) {
  size_t n = 0;
  for (const tx::TxtResult* r : results_) n = std::max(n, r->evaluation.trace.size());
  // The table below keeps its 8 rows; an empty one leaves the room to the heads and to why.
  choices_head_.Begin("##choices-head", n == 0 ? 1.0f : 8.0f);
  // Summary per profile.
  if (ImGui::BeginTable("##summary", 4, ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchSame)) {
    for (size_t i = 0; i < tx::Profiles().size(); ++i) {
      ImGui::TableNextColumn();
      const tx::Evaluation& ev = results_[i]->evaluation;
      ImGui::PushID(static_cast<int>(i));
      // The profile's name on the head, its language under it (a narrow column cuts neither).
      std::string head = tx::Profiles().entries()[i].name;
      const Pick picked = Picked("tab/0");
      const bool head_sel = picked.choice == -1 && picked.profile == i;
      if (head_sel) highlighted_ = PickText(-1, i);
      if (ImGui::Selectable(head.c_str(), head_sel)) SelectChoice(ctx, "tab/0", -1, i, false);
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("Click for this profile's whole evaluation.");
      // Every line under the head wraps in its column: at --scale 1.5 a 1440-pixel window cut "TXT
      // lookup off by default" and the language lines at the column's edge.
      ImGui::PushTextWrapPos(0.0f);
      theme::TextMuted("%s", ev.language_unknown ? "any language" : ("language " + ev.language).c_str());
      if (!ev.by_language.empty()) {
        // a2 without a language, and the answer depends on it: the outcome per language.
        ImGui::TextColored(theme::Pal().warning, "%s depends on the language:", theme::kIconSkipped);
        for (const tx::LanguageEvaluation& o : ev.by_language) {
          std::string who = o.other ? "any other" : o.language;
          if (o.error) ImGui::TextWrapped("  %s: %s error", who.c_str(), theme::kIconError);
          else if (o.choice) ImGui::Text("  %s: %s choice %d", who.c_str(), theme::kIconOk, *o.choice);
          else ImGui::Text("  %s: %s no service config", who.c_str(), theme::kIconNoMatch);
        }
      } else if (ev.error)
      {
        ImGui::PushStyleColor(ImGuiCol_Text, theme::Pal().error);
        ImGui::TextWrapped("%s error: %s", theme::kIconError, ev.error->c_str());
        ImGui::PopStyleColor();
      }
      else if (ev.choice)
        ImGui::TextColored(theme::Pal().ok, "%s choice %d", theme::kIconOk, *ev.choice);
      else
        ImGui::TextColored(theme::Pal().warning, "%s no service config", theme::kIconNoMatch);
      // Beside the selected config: would this implementation have asked DNS at all?
      const tx::LookupDefault& lookup = tx::LookupDefaultFor(tx::Profiles().At(i));
      if (lookup.queried_by_default) {
        theme::TextMuted("TXT lookup on by default");
      } else {
        ImGui::TextColored(theme::Pal().warning, "%s TXT lookup off by default", theme::kIconSkipped);
      }
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s\n(%s)", lookup.how, lookup.source);
      ImGui::PopTextWrapPos();
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  ImGui::PushTextWrapPos(0);
  if (n == 0)  // an empty table says why
    theme::TextMuted("No choices to compare: no profile read a list of choices from the records (its error or "
                     "\"no service config\" above; Problems says where).");
  else
    theme::TextMuted("Each choice's criteria: %s passes, %s fails, %s is an error, %s not reached. Click a cell for "
                     "the profile's explanation.", theme::kIconOk, theme::kIconNoMatch, theme::kIconError, theme::kIconSkipped);
  ImGui::PopTextWrapPos();
  choices_head_.End();
  std::vector<theme::FitColumn> cols = {{"Choice", ImGuiTableColumnFlags_WidthFixed | ImGuiTableColumnFlags_DefaultSort, 0}};
  for (const auto& e : tx::Profiles().entries()) cols.push_back({e.name, 0, 1.0f});
  // Each profile's column holds its longest criterion word whole ("✓ service config"): below
  // that width the table scrolls sideways rather than cut the words.
  const float word = ImGui::CalcTextSize((std::string(theme::kIconOk) + " service config").c_str()).x +
                     ImGui::GetStyle().CellPadding.x * 2;
  const float min_em = (ImGui::CalcTextSize("choice 00").x + word * static_cast<float>(tx::Profiles().size())) /
                       ImGui::GetFontSize();
  if (!theme::BeginTableFit("##choices", cols, kTable | ImGuiTableFlags_Sortable, ImVec2(0, 0), min_em)) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  order_.Update(n, [this](size_t a, size_t b, int column) { return CompareChoices(a, b, column); });
  ImGui::TableHeadersRow();
  const Pick picked = Picked("tab/0");
  const size_t current = CurrentProfile(ctx);
  ImGuiListClipper clip;
  clip.Begin(static_cast<int>(n));
  while (clip.Step()) {
    for (int shown = clip.DisplayStart; shown < clip.DisplayEnd; ++shown) {
      const int row = static_cast<int>(order_.order()[static_cast<size_t>(shown)]);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::PushID(row);
      // The row: choice N under the selected profile (its cell is highlighted with it).
      const bool row_sel = picked.choice == row;
      if (row_sel) highlighted_ = PickText(row, picked.profile);
      if (ImGui::Selectable(("choice " + std::to_string(row) + "##row").c_str(), row_sel))
        SelectChoice(ctx, "tab/0", row, current, true);
      ImGui::PopID();
      for (size_t i = 0; i < tx::Profiles().size(); ++i) {
        ImGui::TableNextColumn();
        const tx::Evaluation& ev = results_[i]->evaluation;
        if (static_cast<size_t>(row) >= ev.trace.size()) {
          theme::TextMuted("-");
          continue;
        }
        const tx::ChoiceTrace& t = ev.trace[static_cast<size_t>(row)];
        ImGui::PushID(row * 8 + static_cast<int>(i));
        ImVec4 oc = t.outcome == "selected" ? theme::Pal().ok
                    : t.outcome == "error"  ? theme::Pal().error
                                            : theme::Pal().muted;
        ImGui::PushStyleColor(ImGuiCol_Text, oc);
        std::string label = (t.outcome == "selected" ? std::string(theme::kIconOk) + " " : "") + OutcomeWords(t.outcome);
        bool click = ImGui::Selectable(label.c_str(), picked.choice == t.index && picked.profile == i);
        ImGui::PopStyleColor();
        if (click) SelectChoice(ctx, "tab/0", t.index, i, true);
        for (const auto& [crit, verdict] : t.criteria) {
          // Wrap inside the cell rather than overflow into the next profile's column; the
          // verdict first, so a column too narrow for the word still shows it.
          char cell[48];
          std::snprintf(cell, sizeof cell, "%s %s", VerdictIcon(verdict), CriterionWord(crit));
          ImGui::SameLine();
          if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(cell).x) ImGui::NewLine();
          ImGui::TextColored(VerdictColor(verdict), "%s", cell);
          if (ImGui::IsItemHovered())
            ImGui::SetTooltip("%s (%s) %s", CriterionWord(crit), tx::CriterionName(crit), VerdictWord(verdict));
        }
        ImGui::PopID();
      }
    }
  }
  if (theme::TableCopyMenu(ctx.selected_explanation()) || copy_request_) ImGui::SetClipboardText(ChoicesText().c_str());
  copy_request_ = false;
  room_.Measure("choices", n);
  ImGui::EndTable();
}

void TxtView::JumpToChoice(ViewContext& ctx, tx::ProfileId p, int index) {
  const tx::Compiled& c = analysis_->of(p);
  for (const tx::Choice& ch : c.choices) {
    if (ch.index != index || !ch.node) continue;
    if (ch.attribute < 0 || static_cast<size_t>(ch.attribute) >= c.attributes.size()) return;
    const tx::MappedText& m = c.attributes[static_cast<size_t>(ch.attribute)].json;
    ctx.JumpTo(file_, m.Map(ch.node->range().begin, ch.node->range().end));
    return;
  }
}

}  // namespace cfgi::gui::txt_view
