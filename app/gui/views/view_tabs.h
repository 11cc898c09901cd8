// app/gui/views/view_tabs.h: an engine view's tab bar and the tab it keeps in its saved state.
// Every tab has a fixed number (the N of `--view tab=N`, listed per view in docs/gui.md), so a
// tab that is shown only sometimes does not renumber the others. A restored state (settings, a
// permalink, --view) or a link from one tab to another requests a tab; the request selects it
// the next time the bar is drawn.
//
//   ViewTabs tabs_;
//   void Draw(ViewContext& ctx) override {
//     if (!tabs_.Begin("##txt")) return;
//     if (tabs_.Item(0, "Choices")) { DrawChoices(ctx); ImGui::EndTabItem(); }
//     if (tabs_.Item(1, "Records")) { DrawRecords(ctx); ImGui::EndTabItem(); }
//     tabs_.End();
//   }
//   std::string SaveState() const override { return tabs_.Save(); }   // "tab=1"
//   void LoadState(std::string_view state) override { tabs_.Load(state); }
#pragma once

#include <iterator>
#include <map>
#include <string>
#include <string_view>
#include <utility>

#include <imgui.h>

#include "app/gui/views/view.h"

namespace cfgi::gui {

class ViewTabs {
 public:
  // Begins the tab bar `id` (scrolling when the tabs do not fit). False when the bar is not
  // drawn; then call neither Item nor End. With `serve_request` false a requested tab waits for
  // a later bar (the policy view keeps it until the requested policy type is open).
  bool Begin(const char* id, bool serve_request = true) {
    serving_ = serve_request;
    return ImGui::BeginTabBar(id, ImGuiTabBarFlags_FittingPolicyScroll);
  }
  // Submits tab `n` labelled `label` ("Findings (3)###findings": the part after ### keeps the
  // tab when its count changes) and selects it when requested. True when it is the open tab:
  // draw its contents, then call ImGui::EndTabItem().
  bool Item(int n, const char* label) {
    const ImGuiTabItemFlags flags = serving_ && requested_ == n ? ImGuiTabItemFlags_SetSelected : 0;
    if (!ImGui::BeginTabItem(label, nullptr, flags)) return false;
    current_ = n;
    return true;
  }
  bool Item(int n, const std::string& label) { return Item(n, label.c_str()); }
  // Ends the bar. A request it served is done (one for a tab the bar does not have is dropped).
  void End() {
    ImGui::EndTabBar();
    if (serving_) requested_ = -1;
  }

  // Opens tab `n` the next time the bar is drawn (a button on one tab that shows another).
  void Request(int n) { requested_ = n; }
  // The open tab (0 until the bar has been drawn).
  int current() const { return current_; }

  // "tab=N": the requested tab while it waits to be shown, else the open one.
  std::string Save() const { return "tab=" + std::to_string(requested_ >= 0 ? requested_ : current_); }
  // Requests the tab of a saved view state ("tab=N;key=value;..."); a state without `tab`
  // changes nothing. The view reads its other keys itself.
  void Load(std::string_view state) {
    if (std::optional<int> n = StateInt(state, "tab")) requested_ = *n;
  }

 private:
  int current_ = 0;
  int requested_ = -1;
  bool serving_ = true;
};

// One selection model per view: what each place of the view (a tab; the policy view's tab of one
// policy type) last explained. A view calls Select when a row is clicked (or a restored state
// selects one) and Show once a frame for the place on screen: on a switch of place the Explanation
// shows that place's own selection again, or the report's explanation when it has none, never a
// row of a tab that is no longer on screen. Forget in OnEvaluated (the steps were the old
// reports'); ForgetUnder when a place's rows change (another policy type's table).
//
//   if (sel_.Show(ctx, "tab/2") == nullptr && !rows_.empty()) sel_.Select(ctx, "tab/2", &rows_[0].why);
//   if (ImGui::Selectable(...)) sel_.Select(ctx, "tab/2", &row.why);
class Selections {
 public:
  void Select(ViewContext& ctx, std::string_view place, const doc::Step* step) {
    by_place_[std::string(place)] = step;
    shown_ = place;
    ctx.SelectExplanation(step);
  }
  // Select, the Selections keeping `step` (one the view made, not a node of the reports).
  void SelectOwned(ViewContext& ctx, std::string_view place, doc::Step step) {
    doc::Step& kept = owned_[std::string(place)];
    kept = std::move(step);
    Select(ctx, place, &kept);
  }
  // The place on screen: when it is not the one shown last, its selection is shown. Returns its
  // selection (null: none yet, the view may select its first row).
  const doc::Step* Show(ViewContext& ctx, std::string_view place) {
    const doc::Step* s = Of(place);
    if (place != shown_) {
      shown_ = place;
      ctx.SelectExplanation(s);
    }
    return s;
  }
  // Show, and the place's selection again when the shell cleared the Explanation while the place
  // stayed on screen (a profile switch or the document shown again select nothing).
  const doc::Step* ShowKept(ViewContext& ctx, std::string_view place) {
    const doc::Step* s = Show(ctx, place);
    if (s && ctx.selected_explanation() == nullptr) ctx.SelectExplanation(s);
    return s;
  }
  const doc::Step* Of(std::string_view place) const {
    auto it = by_place_.find(place);
    return it == by_place_.end() ? nullptr : it->second;
  }
  const std::string& shown() const { return shown_; }
  void Forget() {
    by_place_.clear();
    owned_.clear();
    shown_.clear();
  }
  // Forgets the places whose name starts with `prefix` ("type/"); when one of them is shown, the
  // Explanation goes back to the report's (its step may be gone).
  void ForgetUnder(ViewContext& ctx, std::string_view prefix) {
    if (shown_.compare(0, prefix.size(), prefix) == 0 && !shown_.empty()) {
      shown_.clear();
      ctx.SelectExplanation(nullptr);
    }
    for (auto it = by_place_.begin(); it != by_place_.end();)
      it = it->first.compare(0, prefix.size(), prefix) == 0 ? by_place_.erase(it) : std::next(it);
    for (auto it = owned_.begin(); it != owned_.end();)
      it = it->first.compare(0, prefix.size(), prefix) == 0 ? owned_.erase(it) : std::next(it);
  }

 private:
  std::map<std::string, const doc::Step*, std::less<>> by_place_;
  std::map<std::string, doc::Step, std::less<>> owned_;  // SelectOwned's steps, per place
  std::string shown_;
};

}  // namespace cfgi::gui
