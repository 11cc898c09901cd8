// app/gui/views/policy/policy_profiles.cpp: a policy type's Profiles tab: every profile's rules of
// the type as one tree with a column per profile (the rows made on the worker:
// policy_profiles_rows.h), the rows where the comparison has a divergence marked ⇄, with the
// comparison's upgrade notes (policy_view.h). Values are one line each, never broken inside a
// word; the whole value on hover.
#include "app/gui/views/policy/policy_view.h"

namespace cfgi::gui::policy_view {

namespace {

// The width, in font sizes, the tree needs to show every key (indented) and, per profile, its
// values up to 22 font sizes each (a longer one is cut, whole on hover) and its header.
float ProfilesMinWidthEm(const ProfilesTree& tree) {
  ImGui::PushFont(theme::GetFonts().mono);
  const float em = ImGui::GetFontSize();
  const ImGuiStyle& st = ImGui::GetStyle();
  float key = ImGui::CalcTextSize("Rule / field").x;
  std::vector<float> cols(tree.profiles.size(), 0.0f);
  for (size_t p = 0; p < tree.profiles.size(); ++p) cols[p] = ImGui::CalcTextSize(tree.profiles[p].c_str()).x;
  for (const ProfilesRow& r : tree.rows) {
    key = std::max(key, em * 1.2f * static_cast<float>(r.depth) + em * 2.6f + ImGui::CalcTextSize(r.key.c_str()).x);
    for (size_t p = 0; p < r.cells.size() && p < cols.size(); ++p)
      cols[p] = std::max(cols[p], std::min(em * 22.0f, ImGui::CalcTextSize(r.cells[p].c_str()).x));
  }
  ImGui::PopFont();
  float w = std::min(key, em * 30.0f) + st.CellPadding.x * 2;
  for (float c : cols) w += c + st.CellPadding.x * 2 + st.ItemSpacing.x;
  return std::min(200.0f, w / em);
}

}  // namespace

void PolicyView::SelectProfilesRow(ViewContext& ctx, const ProfilesRow& r) {
  sel_.Select(ctx, Place(), &r.why, "profiles:" + r.id, r.key);
}

void PolicyView::DrawDiffs(ViewContext& ctx, size_t t) {
  // The upgrade report's sentences about this type (Comparison::notes, policy_upgrade.cpp).
  for (const ComparisonNote& n : comparison_->notes)
    if (n.path.rfind(TypePath(t), 0) == 0) ImGui::TextWrapped("%s %s", theme::kIconDiverge, n.text.c_str());
  const ProfilesTree* tree = texts_->ProfilesOf(t);
  profiles_tree_ = tree;
  profiles_highlighted_.clear();
  if (!tree || tree->rows.empty()) {
    theme::TextMuted("No profile builds a rule or item of this type for the dataplane.");
    return;
  }
  // The count is the comparison's (the tab's title, the top bar's badge): differing answers.
  const size_t n = tree->differing;
  if (n == 0) {
    ImGui::TextColored(theme::Pal().ok, "%s Every profile agrees for this type: same items, same rules, same merged confs.",
                       theme::kIconOk);
  } else {
    ImGui::TextColored(theme::Pal().warning, "%s %zu answer%s differ%s between profiles (rules, items):", theme::kIconDiverge, n,
                       n == 1 ? "" : "s", n == 1 ? "s" : "");
    ImGui::SameLine();
    theme::TextMuted("a value in colour differs; click a rule for what each profile gives.");
  }
  if (tree->agreeing_omitted + tree->differing_omitted > 0)
    theme::TextMuted("Not listed: %zu more the same in every profile, %zu more differing (the Resources and Items tabs list "
                     "every one).", tree->agreeing_omitted, tree->differing_omitted);
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

  if (profiles_min_em_.first != tree) profiles_min_em_ = {tree, ProfilesMinWidthEm(*tree)};
  const int cols = 1 + static_cast<int>(tree->profiles.size());
  if (!theme::BeginTableMinWidth("##profiles", cols, ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_Resizable |
                                                          ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg |
                                                          ImGuiTableFlags_SizingStretchProp,
                                 profiles_min_em_.second))
    return;
  ImGui::TableSetupScrollFreeze(1, 1);
  ImGui::TableSetupColumn("Rule / field", ImGuiTableColumnFlags_WidthStretch, 1.6f);
  for (const std::string& p : tree->profiles) ImGui::TableSetupColumn(p.c_str(), ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableHeadersRow();
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
      open = ImGui::TreeNodeEx("##n", f, "%s", r.key.c_str());
      if (r.answer && ImGui::IsItemClicked() && !ImGui::IsItemToggledOpen()) SelectProfilesRow(ctx, r);
    } else {
      ImGui::TextUnformatted(r.key.c_str());
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
