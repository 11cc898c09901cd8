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

#include <string>
#include <string_view>

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

}  // namespace cfgi::gui
