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
// policy type) has selected (its row: an id the view chooses and the text the row shows) and the
// step that explains it. The Explanation panel explains the selection of the place on screen, and
// the view highlights that place's row (Row), so the two cannot disagree.
//   - Select when a row is clicked (or a restored state or the default selects one).
//   - Show once a frame for the place on screen: on a switch of place the Explanation shows that
//     place's own selection again, or the report's when it has none, never a row of a tab that is
//     no longer on screen. Show returns null when the place's step is gone while its row is kept:
//     another profile was chosen (the step explained the row under the profile it was selected
//     in), the shell dropped the selection, a new evaluation or a what-if's outcome replaced the
//     results (Invalidate). The view then selects Row(place) again from its current results, so
//     the row stays highlighted and explained after a tab switch, a profile switch and an edit.
//   - Invalidate in OnEvaluated (the steps were the old reports'; rows are kept), Forget to drop
//     the rows too; ForgetUnder when a place's rows change (another policy type's table).
//
//   const doc::Step* s = sel_.Show(ctx, "tab/0");
//   if (!s) SelectRow(ctx, sel_.Row("tab/0").empty() ? "0" : sel_.Row("tab/0"));  // the row under the current profile
//   if (ImGui::Selectable(text, sel_.Row("tab/0") == id)) sel_.Select(ctx, "tab/0", &row.why, id, text);
class Selections {
 public:
  void Select(ViewContext& ctx, std::string_view place, const doc::Step* step, std::string row = {},
              std::string text = {}) {
    Entry& e = by_place_[std::string(place)];
    if (step != &e.own) e.own = doc::Step{};
    e.step = step;
    e.row = std::move(row);
    e.text = std::move(text);
    e.profile = ctx.document().profile();
    shown_ = place;
    ctx.SelectExplanation(step);
  }
  // Select, the Selections keeping `step` (one the view made, not a node of the reports).
  void SelectOwned(ViewContext& ctx, std::string_view place, doc::Step step, std::string row = {},
                   std::string text = {}) {
    Entry& e = by_place_[std::string(place)];
    e.own = std::move(step);
    Select(ctx, place, &e.own, std::move(row), std::move(text));
  }
  // SelectOwned with a copy of `step` titled `what`: the Explanation's subject names the row
  // (a request, a choice under a profile) where the engine's step names only the evaluation.
  void SelectTitled(ViewContext& ctx, std::string_view place, const doc::Step* step, std::string what, std::string row,
                    std::string text) {
    if (!step) {
      Select(ctx, place, nullptr, std::move(row), std::move(text));
      return;
    }
    doc::Step copy = *step;
    copy.what = std::move(what);
    // The title already says the step's detail (a profile's error message): said once.
    if (!copy.detail.empty() && copy.what.find(copy.detail) != std::string::npos) copy.detail.clear();
    SelectOwned(ctx, place, std::move(copy), std::move(row), std::move(text));
  }
  // The place on screen: the Explanation shows its selection (again, when the shell dropped it).
  // Returns its step; null when it has none, or when its step was made under another profile or
  // invalidated: then select Row(place) again (the row is kept).
  const doc::Step* Show(ViewContext& ctx, std::string_view place) {
    const doc::Step* s = nullptr;
    if (auto it = by_place_.find(place); it != by_place_.end() && it->second.step) {
      if (it->second.profile == ctx.document().profile()) s = it->second.step;
      else Stale(it->second);
    }
    if (place != shown_ || ctx.selected_explanation() != s) {
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
  // The selected step of `place` (null: none, or gone).
  const doc::Step* Of(std::string_view place) const {
    auto it = by_place_.find(place);
    return it == by_place_.end() ? nullptr : it->second.step;
  }
  // The row `place` has selected (the id given to Select; empty: none), kept when its step is gone.
  const std::string& Row(std::string_view place) const {
    static const std::string kNone;
    auto it = by_place_.find(place);
    return it == by_place_.end() ? kNone : it->second.row;
  }
  // The profile `place`'s selection was made under (empty: none).
  const std::string& ProfileOf(std::string_view place) const {
    static const std::string kNone;
    auto it = by_place_.find(place);
    return it == by_place_.end() ? kNone : it->second.profile;
  }
  const std::string& shown() const { return shown_; }
  // The steps are gone (a new evaluation, a what-if's outcome); the rows stay selected. The next
  // Show of each place returns null, so the view selects its row again from the new results.
  void Invalidate() {
    for (auto& [place, e] : by_place_) Stale(e);
  }
  void Forget() {
    by_place_.clear();
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
  }
  // The test hook (DumpState "explains"): the place on screen, its row (id and text as the row
  // shows it), the step explaining it (its title) and the step that decided it (DecidingPath).
  nlohmann::ordered_json ToJson() const {
    nlohmann::ordered_json j = {{"place", shown_}};
    auto it = by_place_.find(shown_);
    const Entry* e = it == by_place_.end() ? nullptr : &it->second;
    j["row"] = e && !e->row.empty() ? nlohmann::ordered_json(e->row) : nlohmann::ordered_json();
    j["text"] = e && !e->text.empty() ? nlohmann::ordered_json(e->text) : nlohmann::ordered_json();
    const doc::Step* s = e ? e->step : nullptr;
    j["what"] = s ? nlohmann::ordered_json(s->what) : nlohmann::ordered_json();
    j["profile"] = s ? nlohmann::ordered_json(e->profile) : nlohmann::ordered_json();
    std::vector<const doc::Step*> path = s ? doc::DecidingPath(*s) : std::vector<const doc::Step*>{};
    j["decided_by"] = path.size() > 1 ? nlohmann::ordered_json(path.back()->what) : nlohmann::ordered_json();
    return j;
  }

 private:
  struct Entry {
    const doc::Step* step = nullptr;
    doc::Step own;  // SelectOwned's step
    std::string row, text, profile;
  };
  static void Stale(Entry& e) {
    e.step = nullptr;
    e.own = doc::Step{};
  }
  std::map<std::string, Entry, std::less<>> by_place_;
  std::string shown_;
};

}  // namespace cfgi::gui
