// The variants view's Subscriptions tab: each subscription x resource and the variant it gets
// (✓ match / ✗ none / ⚠ ambiguous), the new-subscription builder (keys and values from the known
// domains) and "Save N added to the scenario" (variants::AddSubscriptions, a text edit).
#include "app/gui/views/variants/variants_view.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "app/gui/theme.h"
#include "core/variants/scenario_edit.h"

namespace cfgi::gui::variants_view {

// The new-subscription builder: one field per known key (a value from its domain, "other..."
// to type one, or not sent), more key=value pairs, the resources it asks for and a name.
void VariantsView::DrawBuilder(ViewContext& ctx) {
  const float fs = ImGui::GetFontSize();
  auto wrap = [fs](float em) {
    ImGui::SameLine();
    if (ImGui::GetContentRegionAvail().x < fs * em) ImGui::NewLine();
  };
  ImGui::PushFont(theme::GetFonts().bold);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("New subscription");
  ImGui::PopFont();
  size_t k = 0;
  for (const auto& [key, values] : known_) {
    ImGui::PushID(static_cast<int>(k));
    wrap(14);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(key.c_str());
    ImGui::SameLine();
    const int n = static_cast<int>(values.size());
    std::string preview = pick_[k] == 0 ? "(not sent)" : pick_[k] == n + 1 ? "other..." : *std::next(values.begin(), pick_[k] - 1);
    ImGui::SetNextItemWidth(fs * 7);
    if (ImGui::BeginCombo("##v", preview.c_str())) {
      if (ImGui::Selectable("(not sent)", pick_[k] == 0)) pick_[k] = 0;
      int i = 1;
      for (const std::string& val : values) {
        if (ImGui::Selectable(val.c_str(), pick_[k] == i)) pick_[k] = i;
        ++i;
      }
      if (ImGui::Selectable("other...", pick_[k] == n + 1)) pick_[k] = n + 1;
      ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("The values of %s that the domains and the variants name; \"other...\" to type one.", key.c_str());
    if (pick_[k] == n + 1) {
      ImGui::SameLine();
      char buf[128];
      std::snprintf(buf, sizeof buf, "%s", other_[k].c_str());
      ImGui::SetNextItemWidth(fs * 6);
      if (ImGui::InputTextWithHint("##o", "value", buf, sizeof buf)) other_[k] = buf;
    }
    ImGui::PopID();
    ++k;
  }
  wrap(18);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(known_.empty() ? "parameters" : "more");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(fs * 10);
  bool enter = ImGui::InputTextWithHint("##params", "key=value, key=value", new_params_, sizeof new_params_,
                                        ImGuiInputTextFlags_EnterReturnsTrue);
  wrap(16);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("resources");
  ImGui::SameLine();
  std::string rpreview;
  for (const std::string& r : pick_resources_) rpreview += (rpreview.empty() ? "" : ", ") + ShortName(r);
  if (rpreview.empty()) rpreview = "all";
  ImGui::SetNextItemWidth(fs * 9);
  if (ImGui::BeginCombo("##res", rpreview.c_str())) {
    bool all = pick_resources_.empty();
    if (ImGui::Checkbox("all resources", &all) && all) pick_resources_.clear();
    for (const ResourceInfo& info : resources_) {
      bool on = pick_resources_.count(info.r->name) > 0;
      if (ImGui::Checkbox(ShortName(info.r->name).c_str(), &on)) {
        if (on) pick_resources_.insert(info.r->name);
        else pick_resources_.erase(info.r->name);
      }
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", info.r->name.c_str());
    }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The resources this subscription asks for (all when none is ticked).");
  wrap(14);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("name");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(fs * 6);
  ImGui::InputTextWithHint("##name", "added", sub_name_, sizeof sub_name_);
  ImGui::SameLine();
  if (ImGui::Button("Add") || enter) {
    v::Params p;
    add_error_.clear();
    k = 0;
    for (const auto& [key, values] : known_) {
      const int n = static_cast<int>(values.size());
      if (pick_[k] >= 1 && pick_[k] <= n) p[key] = *std::next(values.begin(), pick_[k] - 1);
      else if (pick_[k] == n + 1) {
        if (other_[k].empty()) add_error_ = "type a value for " + key + " (or choose one, or \"(not sent)\")";
        else p[key] = other_[k];
      }
      ++k;
    }
    // The "more" field: key=value pairs separated by commas.
    std::string more = new_params_;
    for (size_t at = 0; add_error_.empty() && at < more.size();) {
      size_t comma = more.find(',', at);
      std::string item = more.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
      while (!item.empty() && item.front() == ' ') item.erase(item.begin());
      while (!item.empty() && item.back() == ' ') item.pop_back();
      size_t eq = item.find('=');
      if (!item.empty() && (eq == std::string::npos || eq == 0))
        add_error_ = "\"" + item + "\" in the field \"" + std::string(known_.empty() ? "parameters" : "more") +
                     "\" is not key=value; type pairs like env=prod, version=v1";
      else if (!item.empty())
        p[item.substr(0, eq)] = item.substr(eq + 1);
      if (comma == std::string::npos) break;
      at = comma + 1;
    }
    if (add_error_.empty()) {
      AddSubscription(sub_name_[0] ? sub_name_ : "added", std::move(p),
                      std::vector<std::string>(pick_resources_.begin(), pick_resources_.end()));
      new_params_[0] = 0;
      save_message_.clear();
      // Its rows come with the worker's evaluation (TakeWhatIfs), which explains the first.
    }
  }
  if (!add_error_.empty()) ImGui::TextColored(theme::Pal().error, "%s %s", theme::kIconError, add_error_.c_str());
}

// Writes the subscriptions added in the view into the scenario (inputs.subscriptions) as an
// edit of its text; the evaluation that follows lists them as the scenario's own.
void VariantsView::SaveAdded(ViewContext& ctx) {
  const OpenDocument& d = ctx.document();
  std::vector<v::NewSubscription> added;
  for (const Sub& s : subs_)
    if (s.added) added.push_back({s.params, s.name == "added" ? std::string() : s.name, s.resources});
  if (added.empty() || d.files().empty()) return;
  const SourceFile& scenario = d.files().front();
  v::ScenarioEdit e = v::AddSubscriptions(scenario.text.str(), added);
  if (!e.error.empty()) {
    save_message_ = std::string(theme::kIconError) + " Cannot add them to " + scenario.name + ": " + e.error + ".";
    return;
  }
  if (!ctx.ReplaceText(scenario.name, std::move(e.text))) {
    save_message_ = std::string(theme::kIconError) + " " + scenario.name + " is read-only here.";
    return;
  }
  // The evaluation that follows the edit lists them as the scenario's own.
  added_.clear();
  subs_dirty_ = true;
  selected_row_ = -1;
  save_message_ = std::string(theme::kIconOk) + " " + std::to_string(added.size()) + " subscription" +
                  (added.size() == 1 ? "" : "s") + " added to inputs.subscriptions of " + scenario.name +
                  " (File > Save source, Ctrl+S, writes the file).";
}

void VariantsView::DrawSubscriptions(ViewContext& ctx) {
  subs_head_.Begin("##subs-head");  // the table below keeps its 8 rows (TableHeaderArea)
  // Folded by default so the table keeps its rows at 1024x700 and scale 1.5.
  if (ImGui::CollapsingHeader("Add a subscription (keys and values from the known domains)")) DrawBuilder(ctx);
  size_t n_added = 0;
  for (const Sub& s : subs_) n_added += s.added;
  const size_t* counts = ev_->outcome_counts;
  ImGui::TextColored(theme::Pal().ok, "%s %zu match", theme::kIconOk, counts[0]);
  ImGui::SameLine();
  ImGui::TextColored(theme::Pal().warning, "%s %zu none", theme::kIconNoMatch, counts[1]);
  ImGui::SameLine();
  ImGui::TextColored(theme::Pal().error, "%s %zu ambiguous", theme::kIconWarning, counts[2]);
  if (n_added > 0) {
    ImGui::SameLine();
    const bool scenario = ctx.document().scenario().envelope.has_value();
    std::string label = "Save " + std::to_string(n_added) + " added to the scenario";
    if (!scenario) ImGui::BeginDisabled();
    if (ImGui::SmallButton(label.c_str())) SaveAdded(ctx);
    if (!scenario) ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip(scenario ? "Adds them to inputs.subscriptions of the scenario (the Source panel shows the edit)."
                                 : "Only a .scenario.yaml holds subscriptions: open the scenario to save them.");
  }
  if (!save_message_.empty()) {
    ImGui::PushTextWrapPos(0);
    theme::TextMuted("%s", save_message_.c_str());
    ImGui::PopTextWrapPos();
  }
  subs_head_.End();

  ImGuiTableFlags tf = ImGuiTableFlags_BordersV | ImGuiTableFlags_BordersOuterH | ImGuiTableFlags_Resizable |
                       ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY;
  if (!theme::BeginTableMinWidth("##subs", 5, tf, 40)) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("Subscriber", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 8);
  ImGui::TableSetupColumn("Parameters", ImGuiTableColumnFlags_WidthStretch, 2);
  ImGui::TableSetupColumn("Resource", ImGuiTableColumnFlags_WidthStretch, 2);
  ImGui::TableSetupColumn("Variant", ImGuiTableColumnFlags_WidthStretch, 2);
  ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 4);
  ImGui::TableHeadersRow();
  int remove = -1;
  ImGuiListClipper clip;
  clip.Begin(static_cast<int>(sub_rows_.size()));
  while (clip.Step()) {
    for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
      const SubRow& row = sub_rows_[static_cast<size_t>(i)];
      const Sub& s = subs_[row.sub];
      ImGui::PushID(i);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      if (ImGui::Selectable(s.name.c_str(), sel_.Of("subscriptions") && selected_row_ == i,
                            ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowItemOverlap))
        Explain(ctx, row);
      ImGui::TableNextColumn();
      ImGui::PushFont(theme::GetFonts().mono);
      theme::CellText(v::RenderParams(s.params));
      ImGui::PopFont();
      ImGui::TableNextColumn();
      theme::CellText(ShortName(row.resource_name));
      ShortNameHover(row.resource_name);
      ImGui::TableNextColumn();
      const ImVec4 color = OutcomeColorOf(row.sel->outcome);
      theme::CellText(std::string(OutcomeIconText(row.sel->outcome)) + " " + row.variant_text, &color);
      ImGui::TableNextColumn();
      if (s.added && ImGui::SmallButton("remove")) remove = static_cast<int>(row.sub);
      ImGui::PopID();
    }
  }
  room_.Measure("subscriptions", sub_rows_.size());
  ImGui::EndTable();
  if (remove >= 0) RemoveAdded(static_cast<size_t>(remove));
}

}  // namespace cfgi::gui::variants_view
