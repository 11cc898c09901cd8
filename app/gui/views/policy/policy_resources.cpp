// app/gui/views/policy/policy_resources.cpp: a policy type's Resources tab: its ResourceRules, the selected rule's fields
// and their origins (policy_view.h).
#include "app/gui/views/policy/policy_view.h"

namespace cfgi::gui::policy_view {

void PolicyView::SelectRule(ViewContext& ctx, const pol::TypeRules& tr, size_t i, bool jump) {
  const pol::ResourceRule& r = tr.to_rules[i];
  rule_ = i;
  field_ = SIZE_MAX;
  doc::Step why{tr.type + " for " + ResourceLabel(r), doc::Outcome::kMatched};
  why.detail = r.sparse ? "merged from " + OriginsText(r.origin()) + " (items naming it)"
                        : "no item names it: computed from " + pol::ReadableKey(r.fallback_of()) + " (ResourceRules.Compute)";
  why.file = r.meta().loc.file;
  why.range = r.meta().loc.range;
  for (const pol::FieldProvenance& f : r.provenance()) {
    doc::Step s{f.path + " = " + Clip(texts_->Json(&f.set.value), 160), doc::Outcome::kInfo,
                "set by " + ItemLabel(f.set.item)};
    s.file = f.set.loc.file;
    s.range = f.set.loc.range;
    why.Add(std::move(s));
  }
  sel_.SelectOwned(ctx, "type/0", std::move(why), "rule/" + std::to_string(i), ResourceLabel(r));  // the Resources tab's
  if (jump) ctx.JumpTo(r.meta().loc.file, r.meta().loc.range);
}

void PolicyView::SelectField(ViewContext& ctx, const pol::FieldProvenance& f, bool jump) {
  doc::Step why_;
  why_.what = f.path + " = " + Clip(texts_->Json(&f.set.value), 160);
  why_.outcome = doc::Outcome::kMatched;
  why_.detail = "set by " + (f.set.item && f.set.item->policy ? f.set.item->policy->meta.type + " " : "") +
                ItemLabel(f.set.item) + (f.appended ? " (appended)" : "");
  why_.file = f.set.loc.file;
  why_.range = f.set.loc.range;
  for (const auto& w : f.overrode) {
    doc::Step s;
    s.what = "overrode " + ItemLabel(w.item) + ": " + w.path + " = " + Clip(texts_->Json(&w.value), 160);
    s.outcome = doc::Outcome::kSkipped;
    s.file = w.loc.file;
    s.range = w.loc.range;
    why_.Add(std::move(s));
  }
  // The tab on screen's (Resources, or Inbound / proxy: their fields tables).
  sel_.SelectOwned(ctx, Place(), std::move(why_), "rule/" + std::to_string(rule_) + "/field/" + std::to_string(field_), f.path);
  if (jump) ctx.JumpTo(f.set.loc.file, f.set.loc.range);
}

std::string PolicyView::AsWritten(const pol::FieldProvenance::Write& w) {
  if (!w.value.is_string() || !w.loc.source) return {};
  const std::string& text = w.loc.source->text();
  if (w.loc.range.end <= w.loc.range.begin || w.loc.range.end > text.size()) return {};
  std::string src = text.substr(w.loc.range.begin, w.loc.range.end - w.loc.range.begin);
  if (src.size() >= 2 && (src.front() == '"' || src.front() == '\'') && src.back() == src.front())
    src = src.substr(1, src.size() - 2);
  return src == w.value.get<std::string>() ? std::string() : src;
}

const std::vector<std::vector<std::string>>& PolicyView::Summaries(const pol::TypeRules& tr) {
  auto& v = summaries_[type_];
  if (v.size() != tr.to_rules.size()) {
    v.clear();
    v.reserve(tr.to_rules.size());
    // Rows that share a body (the fallback rows, keys with the same items) share its summary.
    const pol::RuleBody* last = nullptr;
    for (const pol::ResourceRule& r : tr.to_rules) {
      if (last && (last == r.body.get() || last->conf == r.conf())) {
        v.push_back(v.back());
      } else {
        v.push_back(texts_->Summary(&r.conf()));
      }
      last = r.body.get();
    }
  }
  return v;
}

void PolicyView::DrawResourceRules(ViewContext& ctx, const pol::TypeRules& tr) {
  const auto& sums = Summaries(tr);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 22);
  bool changed = rule_filter_.Draw("Filter##rules");
  if (changed || filtered_type_ != type_ || filtered_rows_.size() > tr.to_rules.size()) {
    filtered_type_ = type_;
    filtered_rows_.clear();
    for (size_t i = 0; i < tr.to_rules.size(); ++i) {
      bool pass = !rule_filter_.IsActive() || rule_filter_.PassFilter(tr.to_rules[i].key.data(), tr.to_rules[i].key.data() + tr.to_rules[i].key.size()) ||
                  rule_filter_.PassFilter(OriginsText(tr.to_rules[i].origin()).c_str());
      for (size_t k = 0; !pass && k < sums[i].size(); ++k) pass = rule_filter_.PassFilter(sums[i][k].c_str());
      if (pass) filtered_rows_.push_back(i);
    }
    rules_order_.Reset();
  }
  ImGui::SameLine();
  theme::TextMuted("%zu of %zu resources (key, conf or origin; \"a,b\" either, \"-x\" excludes)", filtered_rows_.size(),
                   tr.to_rules.size());
  // An empty table says why: no rule at all for this dataplane, or the filter hides them all.
  if (tr.to_rules.empty()) {
    ImGui::PushTextWrapPos(0);
    if (tr.to_items.empty() && tr.from_items.empty())
      theme::TextMuted("No %s applies to dataplane %s: no policy of this type selects it (Selection says why each "
                       "did not, when the mesh has any).", tr.type.c_str(), DataplaneName().c_str());
    else
      theme::TextMuted("No to-rule of %s for dataplane %s: the policies that select it set only from/rules (the Items "
                       "tab lists them).", tr.type.c_str(), DataplaneName().c_str());
    ImGui::PopTextWrapPos();
  } else if (filtered_rows_.empty()) {
    theme::TextMuted("The filter hides every resource: clear it to see the %zu.", tr.to_rules.size());
  }
  float avail = ImGui::GetContentRegionAvail().y;
  bool has_sel = rule_ < tr.to_rules.size();
  // With a row selected the fields table shares the height; the resources keep 8 rows.
  // (and a sideways scrollbar, when the view is narrower than the columns' headers)
  const float table_min = (ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2) * 9 +
                          ImGui::GetStyle().ScrollbarSize * 2 + ImGui::GetStyle().ItemSpacing.y;
  float top_h = has_sel ? std::max(avail * 0.55f, std::min(table_min, avail)) : 0;
  constexpr int kConfLines = 3;  // a cell shows up to three fields; the rest on hover and below
  const float row_h = ImGui::GetTextLineHeight() * kConfLines + ImGui::GetStyle().ItemSpacing.y * (kConfLines - 1);
  // Columns never narrower than their headers (sideways scroll below that); sortable on the
  // typed rows (resource type and name, conf, origins, own items or fallback); right click:
  // Copy as text.
  // "Origin": the (policy[ruleIndex]) that merged into the row, in merge order (the cell's hover).
  const std::vector<theme::FitColumn> cols = {{"Resource", 0, 2}, {"Merged conf", 0, 4}, {"Origin", 0, 2},
                                              {"Rule", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("own items").x}};
  // Unsorted until a header is clicked (SortTristate): the engine's order first.
  if (theme::BeginTableFit("##rules", cols, kTable | ImGuiTableFlags_Sortable | ImGuiTableFlags_SortTristate, ImVec2(0, top_h))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    rules_order_.Update(filtered_rows_.size(), [&](size_t a, size_t b, int column) {
      return CompareRules(tr, sums, filtered_rows_[a], filtered_rows_[b], column);
    });
    ImGui::TableHeadersRow();
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(filtered_rows_.size()));
    while (clip.Step()) {
      for (int row = clip.DisplayStart; row < clip.DisplayEnd; ++row) {
        const size_t idx = filtered_rows_[rules_order_.order()[static_cast<size_t>(row)]];
        const int i = static_cast<int>(idx);
        const pol::ResourceRule& r = tr.to_rules[idx];
        ImGui::PushID(i);
        ImGui::TableNextRow(0, row_h);
        ImGui::TableNextColumn();
        if (ImGui::Selectable(ResourceLabel(r).c_str(), rule_ == idx, ImGuiSelectableFlags_SpanAllColumns, ImVec2(0, row_h)))
          SelectRule(ctx, tr, idx, true);
        // The key as the profile keys it (a KRI under 2.12+), and the core key it stands for.
        if (ImGui::IsItemHovered())
          ImGui::SetTooltip("%s\n%.*s", texts_->KeyName(&Primary(), r.key).c_str(), static_cast<int>(r.key.size()), r.key.data());
        ImGui::TableNextColumn();
        ImGui::PushFont(theme::GetFonts().mono);
        const std::vector<std::string>& lines = sums[idx];
        // A line wider than the column, or more lines than the cell shows: the hover lists them all.
        const float conf_room = ImGui::GetContentRegionAvail().x;
        bool clipped = lines.size() > kConfLines;
        ImGui::BeginGroup();
        for (size_t k = 0; k < lines.size() && k < kConfLines; ++k) {
          if (k + 1 == kConfLines && lines.size() > kConfLines) {
            theme::TextMuted("... %zu more fields (hover; select the row)", lines.size() - k);
            break;
          }
          ImGui::TextUnformatted(lines[k].c_str());
          clipped |= ImGui::CalcTextSize(lines[k].c_str()).x > conf_room;
        }
        ImGui::EndGroup();
        ImGui::PopFont();
        if (clipped && ImGui::IsItemHovered()) {
          std::string all;
          for (const std::string& x : lines) all += x + "\n";
          ImGui::SetTooltip("%s", all.c_str());
        }
        ImGui::TableNextColumn();
        OriginsCell(r.origin());  // one line: a generated mesh merges 20 items into one row
        ImGui::TableNextColumn();
        if (r.sparse)
          ImGui::TextUnformatted("own items");
        else
          theme::TextMuted("fallback");
        if (!r.sparse && ImGui::IsItemHovered()) ImGui::SetTooltip("computed from %s", r.fallback_of().c_str());
        ImGui::PopID();
      }
    }
    room_.Measure("resources", filtered_rows_.size());
    if (theme::TableCopyMenu(ctx.selected_explanation()) || copy_request_) {
      std::vector<std::vector<std::string>> rows;
      for (size_t k : rules_order_.order()) {
        const pol::ResourceRule& r = tr.to_rules[filtered_rows_[k]];
        std::string conf;
        for (const std::string& line : sums[filtered_rows_[k]]) conf += (conf.empty() ? "" : "; ") + line;
        rows.push_back({ResourceLabel(r), conf, OriginsText(r.origin()), r.sparse ? "own items" : "fallback"});
      }
      ImGui::SetClipboardText(theme::TableText({"Resource", "Merged conf", "Origin", "Rule"}, rows).c_str());
    }
    copy_request_ = false;
    ImGui::EndTable();
  }
  if (!has_sel) {
    theme::TextMuted("Select a resource to see each field of its merged conf and where it came from.");
    return;
  }
  const pol::ResourceRule& r = tr.to_rules[rule_];
  ImGui::Text("Fields of %s", ResourceLabel(r).c_str());
  ImGui::SameLine();
  theme::TextMuted("(click a field: its origin in Explanation and Source)");
  DrawFields(ctx, r.provenance());
}

int PolicyView::CompareRules(const pol::TypeRules& tr, const std::vector<std::vector<std::string>>& sums, size_t a,
                             size_t b, int column) {
  const pol::ResourceRule& x = tr.to_rules[a];
  const pol::ResourceRule& y = tr.to_rules[b];
  switch (column) {
    case 0:
      return TableOrder::Cmp(std::make_tuple(x.meta().type, x.meta().DisplayName(), x.section),
                             std::make_tuple(y.meta().type, y.meta().DisplayName(), y.section));
    case 1: return TableOrder::Cmp(sums[a], sums[b]);  // the conf's "path: value" lines, as the cell shows them
    case 2: {
      auto key = [](const pol::ResourceRule& r) {
        std::vector<std::pair<std::string, size_t>> k;
        for (const pol::Origin& o : r.origin()) k.emplace_back(o.policy ? o.policy->meta.DisplayName() : std::string(), o.rule_index);
        return k;
      };
      return TableOrder::Cmp(key(x), key(y));
    }
    case 3: return TableOrder::Cmp(!x.sparse, !y.sparse);
    default: return 0;
  }
}

void PolicyView::DrawFields(ViewContext& ctx, const std::vector<pol::FieldProvenance>& prov) {
  if (!ImGui::BeginTable("##fields", 4, kTable)) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("Field", ImGuiTableColumnFlags_WidthStretch, 2);
  ImGui::TableSetupColumn("Value", ImGuiTableColumnFlags_WidthStretch, 2);
  ImGui::TableSetupColumn("Set by (policy, ruleIndex)", ImGuiTableColumnFlags_WidthStretch, 2);
  ImGui::TableSetupColumn("Overrode", ImGuiTableColumnFlags_WidthStretch, 2);
  ImGui::TableHeadersRow();
  ImGuiListClipper clip;
  clip.Begin(static_cast<int>(prov.size()));
  while (clip.Step()) {
    for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
      const pol::FieldProvenance& f = prov[static_cast<size_t>(i)];
      ImGui::PushID(i);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      if (ImGui::Selectable(f.path.c_str(), field_ == static_cast<size_t>(i), ImGuiSelectableFlags_SpanAllColumns)) {
        field_ = static_cast<size_t>(i);
        SelectField(ctx, f);
      }
      ImGui::TableNextColumn();
      ImGui::PushFont(theme::GetFonts().mono);
      ImGui::TextUnformatted(Clip(texts_->Json(&f.set.value), 160).c_str());
      ImGui::PopFont();
      if (std::string w = AsWritten(f.set); !w.empty()) {
        ImGui::SameLine();
        theme::TextMuted("(written %s)", w.c_str());
      }
      ImGui::TableNextColumn();
      // Origin kind "default": Kuma's default filled into this item's object (policy_defaults.h).
      ImGui::Text("%s%s%s", f.set.is_default ? "default, in " : "", ItemLabel(f.set.item).c_str(),
                  f.appended ? " (appended)" : "");
      ImGui::TableNextColumn();
      std::string o;
      for (const auto& w : f.overrode) o += (o.empty() ? "" : ", ") + ItemLabel(w.item) + "=" + Clip(texts_->Json(&w.value), 40);
      theme::TextMuted("%s", o.empty() ? "-" : o.c_str());
      ImGui::PopID();
    }
  }
  ImGui::EndTable();
}

}  // namespace cfgi::gui::policy_view
