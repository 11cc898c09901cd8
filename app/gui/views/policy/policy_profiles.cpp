// app/gui/views/policy/policy_profiles.cpp: a policy type's Profiles tab: every profile's rules of
// the type as one tree with a column per profile (the rows made on the worker:
// policy_profiles_rows.h), the rows where the comparison has a divergence marked ⇄, with the
// comparison's upgrade notes (policy_view.h). Values are one line each, never broken inside a
// word; the whole value on hover.
#include "app/gui/views/policy/policy_view.h"

namespace cfgi::gui::policy_view {

namespace {

// The widths, in pixels, the tree needs: the key column every key (indented, with its arrow
// and ⇄ mark) up to 16 font sizes, and in all the profiles' columns each as wide as its header
// and its values up to 8 font sizes (a longer value is cut on its line, whole on hover).
std::pair<float, float> ProfilesWidths(const ProfilesTree& tree) {
  ImGui::PushFont(theme::GetFonts().mono);
  const float em = ImGui::GetFontSize();
  const ImGuiStyle& st = ImGui::GetStyle();
  float key = ImGui::CalcTextSize("Rule / field").x;
  key = std::max(key, ImGui::CalcTextSize("\xE2\x87\x84 999 answers differ").x);
  std::vector<float> cols(tree.profiles.size(), 0.0f);
  for (const ProfilesRow& r : tree.rows) {
    key = std::max(key, em * 1.2f * static_cast<float>(r.depth) + em * 2.6f + ImGui::CalcTextSize(r.key.c_str()).x);
    for (size_t p = 0; p < r.cells.size() && p < cols.size(); ++p)
      cols[p] = std::max(cols[p], std::min(em * 8.0f, ImGui::CalcTextSize(r.cells[p].c_str()).x));
  }
  ImGui::PopFont();
  for (size_t p = 0; p < tree.profiles.size(); ++p)
    cols[p] = std::max(cols[p], ImGui::CalcTextSize(tree.profiles[p].c_str()).x + em);
  key = std::min(key, em * 16.0f);
  float w = key + st.CellPadding.x * 2;
  for (float c : cols) w += c + st.CellPadding.x * 2 + st.ItemSpacing.x;
  return {key, w};
}

}  // namespace

void PolicyView::SelectProfilesRow(ViewContext& ctx, const ProfilesRow& r) {
  sel_.Select(ctx, Place(), &r.why, "profiles:" + r.id, r.key);
}

void PolicyView::DrawDiffs(ViewContext& ctx, size_t t) {
  const ProfilesTree* tree = texts_->ProfilesOf(t);
  profiles_tree_ = tree;
  profiles_highlighted_.clear();
  if (!tree || tree->rows.empty()) {
    theme::TextMuted("No profile builds a rule or item of this type for the dataplane.");
    return;
  }
  // The count is the comparison's (the tab's title, the top bar's badge): differing answers.
  const size_t n = tree->differing;
  const std::string count = n == 0 ? std::string(theme::kIconOk) + " every profile agrees"
                                   : std::string(theme::kIconDiverge) + " " + std::to_string(n) + " answer" + (n == 1 ? "" : "s") +
                                         " differ" + (n == 1 ? "s" : "");
  // What the table's head says on hover (and above it when there is room): the notes.
  std::vector<std::string> notes;
  notes.push_back(n == 0 ? "Every profile agrees for this type: same items, same rules, same merged confs."
                         : "A value in colour differs between profiles; click a rule for what each profile gives.");
  if (tree->agreeing_omitted + tree->differing_omitted > 0)
    notes.push_back("Not listed: " + std::to_string(tree->agreeing_omitted) + " more the same in every profile, " +
                    std::to_string(tree->differing_omitted) + " more differing (the Resources and Items tabs list every one).");
  // The upgrade report's sentences about this type (Comparison::notes, policy_upgrade.cpp).
  for (const ComparisonNote& note : comparison_->notes)
    if (note.path.rfind(TypePath(t), 0) == 0) notes.push_back(std::string(theme::kIconNote) + " " + note.text);
  // Above the table while it keeps its 8 rows (a sideways scrollbar) and a line more; else the
  // count heads the table's first column and the notes are its hover.
  const ImGuiStyle& st = ImGui::GetStyle();
  const float row_h = ImGui::GetTextLineHeight() + st.CellPadding.y * 2;
  const float table_min = row_h * 9 + st.ScrollbarSize + st.ItemSpacing.y * 2;
  const bool compact = ImGui::GetContentRegionAvail().y < table_min + ImGui::GetTextLineHeightWithSpacing() * 1.5f;
  if (!compact) {
    profiles_head_.Begin("##profiles-head");
    ImGui::TextColored(n == 0 ? theme::Pal().ok : theme::Pal().warning, "%s between profiles.", count.c_str());
    ImGui::PushTextWrapPos(0);
    for (size_t k = 0; k < notes.size(); ++k) (k == 0 ? theme::TextMuted("%s", notes[k].c_str()) : ImGui::TextWrapped("%s", notes[k].c_str()));
    ImGui::PopTextWrapPos();
    profiles_head_.End();
  }
  // The tab's own selection: the first differing answer (else the first rule) until a click;
  // after a profile switch the same row again.
  const ProfilesRow* selected = nullptr;
  if (!pending_prow_.empty()) {  // a restored row (a click selects the same way)
    for (const ProfilesRow& r : tree->rows)
      if (r.answer && r.id == pending_prow_) SelectProfilesRow(ctx, r);
    pending_prow_.clear();
  }
  const std::string want = sel_.Row(Place());
  for (const ProfilesRow& r : tree->rows)
    if (r.answer && "profiles:" + r.id == want) selected = &r;
  if (!selected)
    for (const ProfilesRow& r : tree->rows)
      if (r.answer && (r.differs || n == 0)) {
        selected = &r;
        break;
      }
  if (selected && (sel_.Row(Place()) != "profiles:" + selected->id || !sel_.Show(ctx, Place()))) SelectProfilesRow(ctx, *selected);

  if (profiles_widths_.first != tree) profiles_widths_ = {tree, ProfilesWidths(*tree)};
  const auto [key_w, min_w] = profiles_widths_.second;
  const int cols = 1 + static_cast<int>(tree->profiles.size());
  if (!theme::BeginTableMinWidth("##profiles", cols, ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_Resizable |
                                                          ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg |
                                                          ImGuiTableFlags_SizingStretchProp,
                                 min_w / ImGui::GetFontSize()))
    return;
  ImGui::TableSetupScrollFreeze(1, 1);
  const std::string first = compact ? count + "###key" : std::string("Rule / field###key");
  ImGui::TableSetupColumn(first.c_str(), ImGuiTableColumnFlags_WidthFixed, key_w);
  for (const std::string& p : tree->profiles) ImGui::TableSetupColumn(p.c_str(), ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  for (int c = 0; c < cols; ++c) {
    if (!ImGui::TableSetColumnIndex(c)) continue;
    if (c == 0 && compact) ImGui::PushStyleColor(ImGuiCol_Text, n == 0 ? theme::Pal().ok : theme::Pal().warning);
    ImGui::TableHeader(ImGui::TableGetColumnName(c));
    if (c == 0 && compact) {
      ImGui::PopStyleColor();
      if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32);
        for (const std::string& line : notes) ImGui::TextWrapped("%s", line.c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
      }
    }
  }
  ImGui::PushFont(theme::GetFonts().mono);
  const ImVec4 differs = theme::Pal().warning;
  size_t drawn = 0;
  for (size_t k = 0; k < tree->rows.size(); ++k) {
    const ProfilesRow& r = tree->rows[k];
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::PushID(static_cast<int>(k));
    ++drawn;
    ImGui::SetCursorPosX(ImGui::GetCursorPosX() + ImGui::GetFontSize() * 1.2f * static_cast<float>(r.depth));
    bool open = true;
    if (r.container || r.answer) {
      ImGuiTreeNodeFlags f = ImGuiTreeNodeFlags_NoTreePushOnOpen | ImGuiTreeNodeFlags_SpanAvailWidth;
      // Sections and what differs open; a rule the same in every profile folded.
      if (r.depth == 0 || r.differs || r.holds_difference) f |= ImGuiTreeNodeFlags_DefaultOpen;
      if (!r.container) f |= ImGuiTreeNodeFlags_Leaf;
      if (&r == selected) {
        f |= ImGuiTreeNodeFlags_Selected;
        profiles_highlighted_ = r.id;
      }
      const float room = ImGui::GetContentRegionAvail().x - ImGui::GetFontSize() * 1.5f;
      open = ImGui::TreeNodeEx("##n", f, "%s", r.key.c_str());
      if (r.answer && ImGui::IsItemClicked() && !ImGui::IsItemToggledOpen()) SelectProfilesRow(ctx, r);
      theme::TooltipIfClipped(r.key.c_str(), room);
    } else {
      theme::CellText(r.key);
    }
    // ⇄ where the profiles differ here, or (folded) somewhere below.
    if (r.differs || (!open && r.holds_difference)) {
      ImGui::SameLine();
      ImGui::TextColored(differs, "%s", theme::kIconDiverge);
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip(r.differs ? "The profiles differ here." : "The profiles differ below.");
    }
    for (size_t p = 0; p < r.cells.size(); ++p) {
      ImGui::TableNextColumn();
      if (!r.present[p]) {
        theme::TextMuted("-");
        continue;
      }
      if (r.cells[p].empty()) continue;
      if (r.container && !r.answer) {
        theme::TextMuted("%s", r.cells[p].c_str());
        continue;
      }
      const bool colour = r.differs && !r.container;
      theme::CellText(r.cells[p], colour ? &differs : nullptr);
    }
    ImGui::PopID();
    if (!open) k += static_cast<size_t>(r.children);
  }
  ImGui::PopFont();
  room_.Measure("##profiles", drawn);
  ImGui::EndTable();
}

}  // namespace cfgi::gui::policy_view
