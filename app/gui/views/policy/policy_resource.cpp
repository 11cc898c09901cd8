// app/gui/views/policy/policy_resource.cpp: the Resource tab: one resource, everything it gets (the chooser, the merged
// conf tree with a chip per leaf, the merge stack of the selected type) (policy_view.h).
#include "app/gui/views/policy/policy_view.h"

namespace cfgi::gui::policy_view {

void PolicyView::SelectLeaf(ViewContext& ctx, const pol::TypeConf& t, const pol::ConfLine& l, bool jump) {
  leaf_ = t.type + ":" + l.path;
  // Not a click on the line (a restored view state, the first selection, a profile switch):
  // the tree scrolls it into view when it is drawn.
  if (!jump) scroll_to_leaf_ = true;
  stack_type_ = t.type;
  sel_.Select(ctx, "resource", &l.why, leaf_, l.key + (l.leaf ? " " + texts_->Leaf(&l.value) : std::string()));
  if (jump && l.field) ctx.JumpTo(l.field->set.loc.file, l.field->set.loc.range);
}

void PolicyView::DrawChooser(ViewContext& ctx, const pol::PolicyResult& pr) {
  // The keys the engine takes, and the labels the profile names them by (KRI under Kuma 2.12+,
  // made on the worker: PolicyTexts::ChooserLabels), in the same order.
  const std::vector<std::string>& keys = pr.resource_keys;
  const std::vector<std::string>& labels = texts_->ChooserLabels(keys);
  // The list filtered by the search text, made when the text changes; with no text the list is the
  // keys themselves (a new result, with 186,000 keys, once cost the frame it arrived in 10 ms here).
  const bool filtering = res_filter_.IsActive();
  if (res_filter_dirty_) {
    res_filtered_.clear();
    if (filtering)
      for (size_t i = 0; i < labels.size(); ++i)
        if (res_filter_.PassFilter(labels[i].c_str())) res_filtered_.push_back(static_cast<int>(i));
    res_filter_dirty_ = false;
  }
  const size_t shown = filtering ? res_filtered_.size() : labels.size();
  ImGui::SetNextItemWidth(std::min(ImGui::GetContentRegionAvail().x * 0.6f, ImGui::GetFontSize() * 36));
  const std::string cur = !asked_res_.empty()                           ? texts_->KeyName(&pr.rules, asked_res_)
                          : pr.inspection.key.empty()                   ? "(none)"
                          : !texts_->InspectedLabel(&pr.inspection).empty() ? texts_->InspectedLabel(&pr.inspection)
                                                                        : texts_->KeyName(&pr.rules, pr.inspection.key);
  if (ImGui::BeginCombo("Resource##res", cur.c_str(), ImGuiComboFlags_HeightLargest)) {
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    if (res_filter_.Draw("##resfilter", ImGui::GetFontSize() * 30)) res_filter_dirty_ = true;
    theme::TextMuted("%zu of %zu resources (type to search; \"a,b\" matches either, \"-x\" excludes)",
                     shown, keys.size());
    ImGui::BeginChild("##reslist", ImVec2(ImGui::GetFontSize() * 36, ImGui::GetTextLineHeightWithSpacing() * 14));
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(shown));
    while (clip.Step())
      for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
        const size_t at = filtering ? static_cast<size_t>(res_filtered_[static_cast<size_t>(i)]) : static_cast<size_t>(i);
        const std::string& k = keys[at];
        ImGui::PushID(i);
        if (ImGui::Selectable(labels[at].c_str(), k == pr.inspection.key)) {
          if (k != pr.inspection.key) AskResource(ctx, k);
          ImGui::CloseCurrentPopup();
        }
        ImGui::PopID();
      }
    ImGui::EndChild();
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  if (!asked_res_.empty()) {
    theme::TextMuted("evaluating...");
  } else {
    theme::TextMuted("%zu resources; %zu policy types apply, %zu fields", keys.size(), pr.inspection.types.size(),
                     pr.inspection.leaves);
  }
}

void PolicyView::DrawResource(ViewContext& ctx) {
  const pol::PolicyResult* pr = PrimaryResult();
  if (!pr) return;
  DrawChooser(ctx, *pr);
  const pol::ResourceConf& in = pr->inspection;
  if (in.key.empty()) {
    theme::TextMuted("No policy applies to a resource of this dataplane's mesh.");
    return;
  }
  if (in.types.empty()) {
    theme::TextMuted("No policy type has a rule for %s (nor for the service or mesh it falls back to).", in.key.c_str());
    return;
  }
  // A restored leaf (view state leaf=TYPE:/path) selects its explanation once.
  if (!pending_leaf_.empty()) {
    for (const pol::TypeConf& t : in.types)
      for (const pol::ConfLine& l : t.lines)
        if (l.field && t.type + ":" + l.path == pending_leaf_) SelectLeaf(ctx, t, l, false);
    if (asked_res_.empty() && restore_res_.empty()) pending_leaf_.clear();
  }
  if (stack_type_.empty() || std::none_of(in.types.begin(), in.types.end(),
                                          [&](const pol::TypeConf& t) { return t.type == stack_type_; }))
    stack_type_ = in.types.front().type;
  // Nothing selected yet (a new evaluation): the first value a policy set is selected, so the
  // Explanation shows at once which policy and rule set it (the deciding step), as every view
  // starts with its first row's explanation; else the first type's.
  if (leaf_.empty() && pending_leaf_.empty() && !auto_selected_) {
    auto_selected_ = true;
    const pol::TypeConf& first = in.types.front();
    for (const pol::ConfLine& l : first.lines)
      if (l.field) {
        SelectLeaf(ctx, first, l, false);
        break;
      }
    if (leaf_.empty()) {
      stack_type_ = first.type;
      sel_.Select(ctx, "resource", &first.why, "head:" + first.type, first.type);
    }
  }
  // The selected row again, from the inspection of the profile shown (its step was another's).
  if (reselect_) {
    reselect_ = false;
    const std::string row = sel_.Row("resource");
    for (const pol::TypeConf& t : in.types) {
      if (row == "head:" + t.type) sel_.Select(ctx, "resource", &t.why, row, t.type);
      for (const pol::ConfLine& l : t.lines)
        if (l.field && t.type + ":" + l.path == row) SelectLeaf(ctx, t, l, false);
    }
  }
  // The merged tree and, for the selected field's type, its merge stack: side by side (a
  // resizable split), or the stack under the tree when the view is too narrow for two columns of
  // values (under 34 em) and tall enough for both to keep 8 rows (22 rows' height), as the
  // Explanation moves under the view in a narrow, tall window.
  auto draw_tree = [&] {
    ImGui::BeginChild("##tree", ImVec2(0, stacked_ ? tree_h_ : 0.0f));
    // The filter over the merged fields, atop the tree (the merge stack beside it keeps its rows
    // at 1024x700).
    ImGui::SetNextItemWidth(-FLT_MIN);
    if (ImGui::InputTextWithHint("##fieldfilter", "filter fields (key, value or policy)", field_filter_.InputBuf,
                                 IM_ARRAYSIZE(field_filter_.InputBuf)))
      field_filter_.Build();
    if (ImGui::IsItemHovered() && field_filter_.IsActive())
      ImGui::SetTooltip("%zu lines hidden: the fields shown match, or hold a field that does", fields_hidden_);
    fields_hidden_ = 0;
    tree_extent_ = 0;
    leaf_drawn_ = false;
    first_field_ = {};
    for (const pol::TypeConf& t : in.types) DrawTypeTree(ctx, t);
    // The filter hid the selected leaf: the first field it shows is selected and explained, so
    // the Explanation never explains a line that is not on screen.
    if (field_filter_.IsActive() && !leaf_drawn_ && first_field_.first)
      SelectLeaf(ctx, *first_field_.first, *first_field_.second, false);
    tree_scroll_y_ = ImGui::GetScrollY();
    // Its widest line and the padding, up to 40 font sizes (a longer value is cut either way).
    tree_need_ = std::max(tree_need_, std::min(tree_extent_ + ImGui::GetStyle().WindowPadding.x + ImGui::GetStyle().ScrollbarSize,
                                               ImGui::GetFontSize() * 40.0f));
    ImGui::EndChild();
  };
  auto draw_stack = [&] {
    ImGui::BeginChild("##stack", ImVec2(0, 0));
    for (const pol::TypeConf& t : in.types)
      if (t.type == stack_type_) DrawStack(ctx, t);
    ImGui::EndChild();
  };
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const ImGuiStyle& st = ImGui::GetStyle();
  split_width_ = avail.x;
  const int was = layout_;
  // Under the tree the stack keeps its title line and 8 rows (and a sideways scrollbar); the tree
  // has the rest. When that leaves the tree under 6 lines (a short window: 1024x700 at scale
  // 1.5), the two fold into tabs of the whole height instead ("pane=stack" shows the stack's).
  const float row_h = ImGui::GetTextLineHeight() + st.CellPadding.y * 2;
  const float stack_h = ImGui::GetTextLineHeightWithSpacing() + row_h * 10 + st.ScrollbarSize + st.ItemSpacing.y * 4 + 2;  // a row to spare
  const float tree_min = ImGui::GetFrameHeightWithSpacing() * 6;
  layout_ = !StackUnderTree(avail.x, tree_need_, stack_need_, st.CellPadding.x * 4 + st.ItemSpacing.x) ? 0
            : avail.y - stack_h >= tree_min                                                             ? 1
                                                                                                        : 2;
  stacked_ = layout_ == 1;
  // The tree is another window in the other layout: the selected leaf is scrolled into it again.
  if (layout_ != was && !leaf_.empty()) scroll_to_leaf_ = true;
  if (layout_ == 1) {
    tree_h_ = avail.y - stack_h;
    draw_tree();
    ImGui::Separator();
    draw_stack();
    return;
  }
  if (layout_ == 2) {
    // Which of the two fills the tab: a switch the view state sets too ("pane=stack").
    if (pane_request_ >= 0) pane_ = pane_request_;
    pane_request_ = -1;
    if (ImGui::RadioButton("Merged conf", pane_ == 0)) pane_ = 0;
    ImGui::SameLine();
    const std::string stack_label = "Merge stack: " + stack_type_;
    if (ImGui::RadioButton(stack_label.c_str(), pane_ == 1)) pane_ = 1;
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("The items merged into the selected field's rule, sorted ascending by the %s profile's keys; later "
                        "items win. (Too short for the stack under the tree, too narrow beside it: one at a time.)",
                        pol::Profiles().Name(primary_));
    pane_ == 0 ? draw_tree() : draw_stack();
    return;
  }
  const ImGuiTableFlags split = ImGuiTableFlags_Resizable | ImGuiTableFlags_BordersInnerV;
  if (!ImGui::BeginTable("##inspect", 2, split, ImVec2(0, avail.y))) return;
  // Each side its share of what both need (the tree's widest line, the stack's columns).
  const float tw = tree_need_ > 0 ? tree_need_ : 3.0f, sw = stack_need_ > 0 ? stack_need_ : 2.0f;
  ImGui::TableSetupColumn("Merged conf", ImGuiTableColumnFlags_WidthStretch, tw / (tw + sw) * 5.0f);
  ImGui::TableSetupColumn("Merge stack", ImGuiTableColumnFlags_WidthStretch, sw / (tw + sw) * 5.0f);
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  draw_tree();
  ImGui::TableNextColumn();
  draw_stack();
  ImGui::EndTable();
}

bool PolicyView::Chip(const char* id, const std::string& text, const ImVec4& color) {
  ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(color.x, color.y, color.z, 0.22f));
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImVec4(color.x, color.y, color.z, 0.40f));
  ImGui::PushStyleColor(ImGuiCol_ButtonActive, ImVec4(color.x, color.y, color.z, 0.55f));
  bool clicked = ImGui::SmallButton((text + "##" + id).c_str());
  ImGui::PopStyleColor(3);
  return clicked;
}

std::vector<bool> PolicyView::FieldsShown(const pol::TypeConf& t) const {
  std::vector<bool> shown(t.lines.size(), true);
  if (!field_filter_.IsActive()) return shown;
  // From the last line up: a line shows when it matches or a line below it (deeper, before the
  // next line at its depth or above) shows; `below[d]` holds that for the lines at depth d.
  std::vector<bool> below;
  for (size_t i = t.lines.size(); i-- > 0;) {
    const pol::ConfLine& l = t.lines[i];
    const size_t d = static_cast<size_t>(std::max(0, l.depth));
    if (below.size() < d + 2) below.resize(d + 2, false);
    std::string text = l.key + ": " + (l.leaf ? texts_->Leaf(&l.value) : std::string());
    if (l.field && l.field->set.item && l.field->set.item->policy) text += " " + l.field->set.item->policy->meta.name;
    const bool keep = field_filter_.PassFilter(text.c_str()) || below[d + 1];
    for (size_t k = d + 1; k < below.size(); ++k) below[k] = false;  // its subtree is done
    below[d] = below[d] || keep;
    shown[i] = keep;
  }
  return shown;
}

void PolicyView::DrawTypeTree(ViewContext& ctx, const pol::TypeConf& t) {
  const std::vector<bool> shown = FieldsShown(t);
  if (field_filter_.IsActive() && std::find(shown.begin(), shown.end(), true) == shown.end()) {
    fields_hidden_ += t.lines.size();
    return;  // nothing of this type matches: its header goes too
  }
  ImGui::PushID(t.type.c_str());
  const pol::ResourceConfDiff* idiff = InspectDiff();
  const size_t ti = static_cast<size_t>(&t - PrimaryResult()->inspection.types.data());
  size_t diffs = idiff && idiff->type_diffs.count(t.type) ? idiff->type_diffs.at(t.type) : 0;
  std::string head = t.type + "  " + (t.fallback ? "falls back to " + pol::ReadableKey(t.rule->sparse ? std::string(t.rule->key) : t.rule->fallback_of())
                                                 : "own rule") +
                     ", " + std::to_string(t.rule->items().size()) + (t.rule->items().size() == 1 ? " item" : " items") +
                     (diffs ? "   " + std::string(theme::kIconDiverge) + " " + std::to_string(diffs) + " differ in " + OtherName()
                      : idiff && idiff->other_merge.count(t.type) ? "   " + std::string(theme::kIconDiverge) + " same conf, other origins in " + OtherName()
                                                   : "") +
                     "###head";
  bool open = ImGui::CollapsingHeader(head.c_str(), ImGuiTreeNodeFlags_DefaultOpen);
  if (ImGui::IsItemClicked()) {
    stack_type_ = t.type;
    sel_.Select(ctx, "resource", &t.why, "head:" + t.type, t.type);
  }
  if (!open) {
    ImGui::PopID();
    return;
  }
  const float indent = ImGui::GetFontSize() * 1.2f;
  const float x0 = ImGui::GetCursorPosX();
  for (size_t i = 0; i < t.lines.size(); ++i) {
    const pol::ConfLine& l = t.lines[i];
    if (!shown[i]) {
      ++fields_hidden_;
      continue;
    }
    ImGui::PushID(static_cast<int>(i));
    ImGui::SetCursorPosX(x0 + indent * static_cast<float>(l.depth + 1));
    std::string text = l.key == "-" ? "-" : l.key + ":";
    if (l.leaf) text += " " + texts_->Leaf(&l.value);
    const bool selected = leaf_ == t.type + ":" + l.path;
    if (selected) leaf_drawn_ = true;
    if (l.field && !first_field_.first) first_field_ = {&t, &l};
    ImGui::PushFont(theme::GetFonts().mono);
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    if (ImGui::Selectable(text.c_str(), selected, ImGuiSelectableFlags_AllowItemOverlap, size) && l.field)
      SelectLeaf(ctx, t, l, true);
    if (selected && scroll_to_leaf_) {
      scroll_to_leaf_ = false;
      if (!ImGui::IsItemVisible()) ImGui::SetScrollHereY(0.3f);
    }
    ImGui::PopFont();
    if (l.field) {
      const pol::FieldProvenance& f = *l.field;
      ImGui::SameLine();
      std::string who = f.set.item && f.set.item->policy
                            ? f.set.item->policy->meta.name + " " + pol::DirectionName(f.set.item->direction) + "[" +
                                  std::to_string(f.set.item->rule_index) + "]"
                            : "?";
      if (Chip("set", who, theme::Pal().accent)) SelectLeaf(ctx, t, l, true);
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("set by %s %s (policy, ruleIndex); click: its source", f.set.item && f.set.item->policy ? f.set.item->policy->meta.type.c_str() : "", who.c_str());
      if (f.set.is_default) {
        ImGui::SameLine();
        ImGui::TextColored(theme::Pal().note, "%s Kuma default", theme::kIconNote);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Kuma fills this value in (+kubebuilder:default) where the item leaves it out");
      }
      if (f.appended) {
        ImGui::SameLine();
        theme::TextMuted("appended");
      }
    }
    if (auto d = idiff ? idiff->line_diffs.find({ti, i}) : std::map<std::pair<size_t, size_t>, std::string>::const_iterator();
        idiff && d != idiff->line_diffs.end()) {
      ImGui::SameLine();
      ImGui::TextColored(theme::Pal().warning, "%s %s: %s", theme::kIconDiverge, OtherName(), d->second.c_str());
    }
    if (l.field) {
      // A generated mesh overrides one field 20 times: the values nearest the winner (the last of
      // the merge stack's earlier items) show, the earlier ones fold into one line that unfolds.
      const size_t n_over = l.field->overrode.size();
      const std::string key = t.type + ":" + l.path;
      const bool unfolded = unfolded_overrides_.count(key) > 0;
      size_t first = 0;
      if (n_over > kShownOverrides + 1 && !unfolded) {
        first = n_over - kShownOverrides;
        ImGui::SetCursorPosX(x0 + indent * static_cast<float>(l.depth + 2));
        const std::string more = "+" + std::to_string(first) + " earlier overridden values##more";
        ImGui::PushStyleColor(ImGuiCol_Text, theme::Pal().muted);
        if (ImGui::Selectable(more.c_str(), false, 0, ImGui::CalcTextSize(more.c_str(), nullptr, true)))
          unfolded_overrides_.insert(key);
        ImGui::PopStyleColor();
        if (ImGui::IsItemHovered()) {
          std::string who;
          for (size_t w = 0; w < first; ++w) {
            const pol::FieldProvenance::Write& o = l.field->overrode[w];
            who += (w ? ", " : "") + (o.item && o.item->policy ? o.item->policy->meta.name : std::string("?"));
          }
          ImGui::SetTooltip("overridden earlier by %s; click to list them", who.c_str());
        }
      } else if (unfolded && n_over > kShownOverrides + 1) {
        ImGui::SetCursorPosX(x0 + indent * static_cast<float>(l.depth + 2));
        ImGui::PushStyleColor(ImGuiCol_Text, theme::Pal().muted);
        if (ImGui::Selectable("fold the earlier values##fold", false, 0, ImGui::CalcTextSize("fold the earlier values")))
          unfolded_overrides_.erase(key);
        ImGui::PopStyleColor();
      }
      overrides_drawn_.folded += first;
      overrides_drawn_.shown += n_over - first;
      for (size_t w = first; w < n_over; ++w) {
        const pol::FieldProvenance::Write& o = l.field->overrode[w];
        ImGui::PushID(static_cast<int>(w) + 1000);
        ImGui::SetCursorPosX(x0 + indent * static_cast<float>(l.depth + 2));
        ImGui::PushFont(theme::GetFonts().mono);
        std::string ov = (o.path == l.field->set.path || o.path.empty() ? std::string() : o.path + " = ") + texts_->Leaf(&o.value);
        StruckText(ov, theme::Pal().muted);
        ImGui::PopFont();
        ImGui::SameLine();
        std::string who = o.item && o.item->policy ? o.item->policy->meta.name + " " + pol::DirectionName(o.item->direction) +
                                                         "[" + std::to_string(o.item->rule_index) + "]"
                                                   : "?";
        if (Chip("over", who, theme::Pal().muted)) ctx.JumpTo(o.loc.file, o.loc.range);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("overridden: %s comes earlier in the merge stack", who.c_str());
        ImGui::PopID();
        tree_extent_ = std::max(tree_extent_, ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x);
      }
    }
    tree_extent_ = std::max(tree_extent_, ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x);
    ImGui::PopID();
  }
  ImGui::PopID();
}

void PolicyView::DrawStack(ViewContext& ctx, const pol::TypeConf& t) {
  const std::string order = std::string("sorted ascending by the ") + pol::Profiles().Name(primary_) + " profile's keys; later items win";
  if (layout_ == 2) {
    // One at a time: the switch above names the stack; the order on its hover.
  } else if (stacked_) {
    // Under the tree: one line, no child (the stack's height was set for it and 8 rows); the
    // sentence on hover when cut.
    ImGui::Text("Merge stack: %s", t.type.c_str());
    ImGui::SameLine();
    const float room = ImGui::GetContentRegionAvail().x;
    theme::TextMuted("%s", order.c_str());
    theme::TooltipIfClipped(order.c_str(), room);
  } else {
    stack_head_.Begin("##stack-head");  // the table below keeps its 8 rows
    ImGui::Text("Merge stack: %s", t.type.c_str());
    ImGui::PushTextWrapPos(0);
    theme::TextMuted("%s", order.c_str());
    ImGui::PopTextWrapPos();
    stack_head_.End();
  }
  const pol::ConfLine* sel = nullptr;
  for (const pol::ConfLine& l : t.lines)
    if (l.field && leaf_ == t.type + ":" + l.path) sel = &l;
  const bool madr = primary_ == pol::Profile::kMadr;
  // The stack shares the view's width with the conf tree: its columns fit their values (never
  // clipped: a key such as "workload-owner (3)" is what the user came for) and the table
  // scrolls sideways when they do not all fit.
  if (!ImGui::BeginTable("##stacktab", madr ? 5 : 8, kTable | ImGuiTableFlags_ScrollX | ImGuiTableFlags_SizingFixedFit))
    return;
  ImGui::TableSetupScrollFreeze(1, 1);
  for (const char* c : {"#", "Item", "Top kind", "Origin", "Role", "to[] kind", "Section", "Name"})
    if (!madr || (std::string_view(c) != "Origin" && std::string_view(c) != "Role" && std::string_view(c) != "Section"))
      ImGui::TableSetupColumn(c);
  ImGui::TableHeadersRow();
  for (size_t i = 0; i < t.rule->items().size(); ++i) {
    const pol::Item& it = *t.rule->items()[i];
    ImGui::PushID(static_cast<int>(i));
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    bool sets = sel && sel->field->set.item == &it;
    bool lost = false;
    if (sel)
      for (const auto& w : sel->field->overrode) lost |= w.item == &it;
    std::string rank = std::to_string(i);
    if (ImGui::Selectable(rank.c_str(), sets, ImGuiSelectableFlags_SpanAllColumns) && it.entry)
      ctx.JumpTo(it.entry->loc.file, it.entry->loc.range);
    ImGui::TableNextColumn();
    std::string label = ItemLabel(&it);
    if (sets) ImGui::TextColored(theme::Pal().ok, "%s %s (sets it)", theme::kIconOk, label.c_str());
    else if (lost) ImGui::TextColored(theme::Pal().muted, "%s %s (overridden)", theme::kIconSkipped, label.c_str());
    else ImGui::TextUnformatted(label.c_str());
    SortKeyCells(it, madr, false);
    ImGui::PopID();
  }
  room_.Measure("stack", t.rule->items().size());
  // What the stack needs across to be read: its rank and item columns (which item sets the
  // value, which it overrode) fitted to their values and headers; the sort keys scroll sideways.
  const ImGuiStyle& st = ImGui::GetStyle();
  // The most measured since the results came (a table's first frame has not fitted its columns
  // yet; a layout never flips back and forth on a frame's measure).
  float need = st.ScrollbarSize + st.WindowPadding.x * 2;
  for (size_t c = 0; c < room_.columns.size() && c < 2; ++c)
    need += std::max(room_.columns[c].width, room_.columns[c].header) + st.CellPadding.x * 2 + 1;
  stack_need_ = std::max(stack_need_, need);
  ImGui::EndTable();
}

}  // namespace cfgi::gui::policy_view
