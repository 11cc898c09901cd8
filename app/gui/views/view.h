// app/gui/views/view.h: the interface an engine's view implements. The shell owns one view per
// open document and calls Draw() every frame inside the central area; the view reads the
// document's inspection (the engine's typed model, one typed result per profile, the profile
// comparison), made on the worker thread, and only draws it: a view never loads, compiles or
// evaluates a scenario. It talks back through ViewContext: select an explanation to show, jump
// to a source range, ask the worker for another question (Ask).
//
// Adding a view for an engine:
//   1. app/gui/views/<engine>_view.cpp: a class deriving from EngineView and a factory
//        std::unique_ptr<EngineView> CreateVariantsView();
//   2. one line in the table of app/gui/views/views.cpp: {"variants", &CreateVariantsView}.
// Until then the generic view (result JSON, document tree, profile comparison) serves the engine.
//
//   class VariantsView final : public EngineView {
//    public:
//     void OnEvaluated(const OpenDocument& d) override {
//       model_ = ModelAs<variants::VariantsModel>(d.model());   // typed; built by the worker
//     }
//     void Draw(ViewContext& ctx) override {
//       if (!tabs_.Begin("##variants")) return;                  // view_tabs.h: tab + saved state
//       if (tabs_.Item(0, "Subscriptions")) { ... ctx.SelectExplanation(&step); ImGui::EndTabItem(); }
//       tabs_.End();
//     }
//     std::string SaveState() const override { return tabs_.Save(); }
//     void LoadState(std::string_view s) override { tabs_.Load(s); }
//    private:
//     ViewTabs tabs_;
//     const variants::VariantsModel* model_ = nullptr;
//   };
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <imgui.h>

#include "app/gui/jobs.h"
#include "app/gui/open_document.h"
#include "app/gui/theme.h"
#include "core/doc/explanation.h"
#include "core/doc/source.h"

namespace cfgi::gui {

// What a view may ask of the shell while drawing.
class ViewContext {
 public:
  virtual ~ViewContext() = default;
  // The document being shown; its report() is the selected profile's.
  virtual const OpenDocument& document() const = 0;
  // Shows `step` (a node of one of the document's reports, or nullptr for the report's root) in
  // the Explanation panel. The pointer must stay valid until the document's generation changes;
  // the shell clears the selection itself when it does.
  virtual void SelectExplanation(const doc::Step* step) = 0;
  virtual const doc::Step* selected_explanation() const = 0;
  // Opens `file` (a source name; empty = the scenario's first source) in the Source panel and
  // highlights `range`, scrolled into view.
  virtual void JumpTo(const std::string& file, doc::SourceRange range) = 0;
  // Asks the worker for a new inspection of the document with this query: the engine's typed
  // query built by the view (`Query::typed`: a policy::PolicyQuery, a matcher::MatcherQuery).
  // The view's OnEvaluated follows when it arrives.
  virtual void Ask(Query q) = 0;
  // Runs `job` off the UI thread (app/gui/jobs.h): a view's own heavy work, such as the matcher
  // view's CEL compile. A newer job with the same key cancels it; its `done` runs on the UI
  // thread at the start of a frame, only when not cancelled, and must check the view still
  // wants the result (hold the view's state by shared_ptr / weak_ptr, never `this` alone: the
  // view may be gone). The shell shows a progress bar with the job's title and step meanwhile.
  virtual void Run(Job job) = 0;
  // Fonts and colours shared by every view (see theme.h for the palette).
  virtual bool dark_theme() const = 0;
  // Replaces the text of one of the document's files (the variants view writes the subscriptions
  // added in it into the scenario), as an edit in the Source panel would: the document becomes
  // dirty, is evaluated again, and Ctrl+S writes it. False when the file is not open or is
  // read-only.
  virtual bool ReplaceText(const std::string& file, std::string text) = 0;
};

class EngineView {
 public:
  virtual ~EngineView() = default;
  // Draws the view into the current ImGui window (the central area, full size available).
  virtual void Draw(ViewContext& ctx) = 0;
  // Called once after each evaluation of the document (generation changed), before Draw, so a
  // view can rebuild what it caches from the reports. Pointers into old reports are invalid.
  virtual void OnEvaluated(const OpenDocument& doc) {}
  // Serialisable view state (selected tab, row) for the settings file; empty by default.
  virtual std::string SaveState() const { return {}; }
  virtual void LoadState(std::string_view state) {}
  // The view's one test hook (--dump-state "view_shows"): what it shows, as typed things (rows,
  // labels, a tree's lines), so a test asserts them without reading pixels. An object; every view
  // gives "counts" (the numbers its tab labels and summaries show, each computed once where its
  // rows are built; a test compares them with the rows) and "table" (its main table as last
  // drawn, TableRoom), then what is its own.
  virtual nlohmann::ordered_json DumpState() const {
    return {{"counts", nlohmann::ordered_json::object()}, {"table", nullptr}};
  }
};

// A view's what-if, worked out on the worker (the engine contract: a view never evaluates in
// Draw): the matcher view's edited request and CEL text, the txt view's edited client and encoder,
// the targeting view's edited configuration. Submit runs `work` as a job (ViewContext::Run, key
// "<use>/<view>": a newer one cancels the older); an older job's outcome that still arrives is
// dropped. Take hands Draw the newest outcome once; until then the view keeps drawing the one it
// has, marked pending.
//
//   if (edited_) what_if_.Submit(ctx, "edit/txt", this, "Evaluating the edited client",
//                                [m = model_sp_, c = client_](JobProgress& p) { return Evaluate(m, c); });
//   if (auto o = what_if_.Take()) shown_ = std::move(o);
template <class T>
class WorkerWhatIf {
 public:
  template <class Work>
  void Submit(ViewContext& ctx, std::string_view use, const void* view, std::string title, Work work) {
    const uint64_t id = ++slot_->wanted;
    auto out = std::make_shared<std::shared_ptr<const T>>();
    Job job;
    job.key = std::string(use) + "/" + std::to_string(reinterpret_cast<uintptr_t>(view));
    job.title = std::move(title);
    job.work = [out, work = std::move(work)](JobProgress& p) mutable { *out = std::make_shared<const T>(work(p)); };
    std::weak_ptr<Slot> slot = slot_;
    job.done = [slot, id, out] {
      if (auto s = slot.lock(); s && s->wanted == id) {
        s->outcome = std::move(*out);
        s->delivered = id;
      }
    };
    ctx.Run(std::move(job));
  }
  // The newest outcome delivered since the last Take, else null.
  std::shared_ptr<const T> Take() { return std::exchange(slot_->outcome, nullptr); }
  // A submitted job has not delivered yet.
  bool pending() const { return slot_->delivered != slot_->wanted; }

 private:
  struct Slot {  // shared with the job's `done`, which may come after the view is gone
    uint64_t wanted = 0, delivered = 0;
    std::shared_ptr<const T> outcome;
  };
  std::shared_ptr<Slot> slot_ = std::make_shared<Slot>();
};

// A view's main table as last drawn: its id, how many rows it lists and how many one-line rows
// its visible body holds (theme::TableRoomRows), for DumpState's "table". Measure it between
// BeginTable and EndTable; Reset it at the start of Draw so a tab without one reports null.
// Measure also keeps each column's width and the width its header needs (theme::TableColumnWidths),
// so a test checks that no column is narrower than its header, and where the table's body rows
// are on screen (theme::TableBody), so a test clicks a row as a user does. A tab with more than one
// table measures the others with MeasureAlso: DumpState's "tables" lists them all, the main first.
struct TableRoom {
  std::string id;
  size_t rows = 0;
  float room = 0;
  std::vector<theme::ColumnWidth> columns;
  theme::BodyPlace body;
  std::vector<TableRoom> also;  // the tab's other tables (MeasureAlso), in the order drawn
  void Reset() {
    id.clear();
    also.clear();
  }
  void Measure(const char* table_id, size_t table_rows) {
    id = table_id;
    rows = table_rows;
    room = theme::TableRoomRows();
    columns = theme::TableColumnWidths();
    body = theme::TableBody();
  }
  void MeasureAlso(const char* table_id, size_t table_rows) {
    also.emplace_back();
    also.back().Measure(table_id, table_rows);
  }
  nlohmann::ordered_json ToJson() const {
    if (id.empty()) return nullptr;
    nlohmann::ordered_json cols = nlohmann::ordered_json::array();
    for (const theme::ColumnWidth& c : columns)
      cols.push_back({{"name", c.name}, {"width", static_cast<int>(c.width)}, {"header", static_cast<int>(c.header + 0.999f)},
                      {"x", static_cast<int>(c.center)}});
    return {{"id", id},
            {"rows", rows},
            {"room", static_cast<int>(room * 10) / 10.0},
            {"columns", std::move(cols)},
            {"body", {{"x", body.x}, {"y", body.y}, {"row", body.row}, {"bottom", body.bottom}}}};
  }
  // Every table measured (DumpState "tables"): this one, then the others.
  nlohmann::ordered_json AllJson() const {
    nlohmann::ordered_json a = nlohmann::ordered_json::array();
    if (!id.empty()) a.push_back(ToJson());
    for (const TableRoom& t : also) a.push_back(t.ToJson());
    return a;
  }
};

// A sortable table's row order (ImGuiTableFlags_Sortable): indices of the view's typed rows,
// stably sorted by the header's sort specs with a comparison of the typed values (numbers as
// numbers, never text parsed back). Call Update between the columns' setup and TableHeadersRow;
// draw rows in order(). A requested sort (the "sort=C" / "sort=-C" view state: column C,
// descending with "-") is applied at the next Update, as a header click would.
//
//   order_.Update(rows_.size(), [&](size_t a, size_t b, int column) { return RowLess(rows_[a], rows_[b], column); });
//   for (size_t i : order_.order()) DrawRow(rows_[i]);
class TableOrder {
 public:
  // `natural_first`: sorting by the first column ascending is the rows' own order (a request's
  // or a choice's number), so Save leaves it out.
  explicit TableOrder(bool natural_first = false) : natural_first_(natural_first) {}
  // `compare(a, b, column)`: <0, 0 or >0 as row a sorts before, with or after row b by `column`.
  template <class Compare>
  void Update(size_t rows, Compare compare) {
    if (request_column_ >= 0) {
      theme::TableSortBy(request_column_, request_descending_);
      request_column_ = -1;
    }
    ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs();
    const bool dirty = specs && specs->SpecsDirty;
    if (!dirty && order_.size() == rows && sorted_) return;
    order_.resize(rows);
    for (size_t i = 0; i < rows; ++i) order_[i] = i;
    spec_.clear();
    if (specs)
      for (int k = 0; k < specs->SpecsCount; ++k)
        spec_.emplace_back(specs->Specs[k].ColumnIndex, specs->Specs[k].SortDirection == ImGuiSortDirection_Descending);
    std::stable_sort(order_.begin(), order_.end(), [&](size_t a, size_t b) {
      for (const auto& [column, descending] : spec_) {
        const int c = compare(a, b, column);
        if (c != 0) return descending ? c > 0 : c < 0;
      }
      return false;
    });
    if (specs) specs->SpecsDirty = false;
    sorted_ = true;
  }
  // The rows in the order shown.
  const std::vector<size_t>& order() const { return order_; }
  // The rows changed (a new evaluation): sorted again at the next Update.
  void Reset() { sorted_ = false; }
  // "sort=2" / "sort=-2" (a view state field): sort by that column at the next Update.
  void Load(std::string_view state);
  // "C" or "-C" of the first sort column, empty when unsorted.
  std::string Save() const {
    if (spec_.empty() || (natural_first_ && spec_.front() == std::make_pair(0, false))) return {};
    return (spec_.front().second ? "-" : "") + std::to_string(spec_.front().first);
  }
  // The comparison of two typed values: <0, 0, >0.
  template <class T>
  static int Cmp(const T& a, const T& b) {
    return a < b ? -1 : b < a ? 1 : 0;
  }

 private:
  std::vector<size_t> order_;
  std::vector<std::pair<int, bool>> spec_;  // (column, descending), as last applied
  bool sorted_ = false;
  bool natural_first_ = false;
  int request_column_ = -1;
  bool request_descending_ = false;
};

// The text and controls above a view's main table (a summary, a builder, a rule's sentence):
// drawn in a child as tall as they are, but never so tall that the table under it loses room
// for its header and 8 one-line rows (and a sideways scrollbar); beyond that they scroll
// inside. Their height is the one measured at the previous frame (the first frame takes the
// most it may). At 1024x700 and at UI scale 1.5 the table keeps its 8 rows (TableRoom).
//   header_.Begin("##transition-head");  ...summary, radio buttons...;  header_.End();
//   ImGui::BeginTable("##transition", ...);   // fills the rest
class TableHeaderArea {
 public:
  void Begin(const char* id, float table_rows = 8) {
    const ImGuiStyle& st = ImGui::GetStyle();
    const float row_h = ImGui::GetTextLineHeight() + st.CellPadding.y * 2;
    const float table_min = row_h * (table_rows + 1) + st.ScrollbarSize + st.ItemSpacing.y * 2;
    const float cap = std::max(ImGui::GetContentRegionAvail().y - table_min, ImGui::GetFrameHeightWithSpacing());
    const float h = content_h_ > 0 ? std::min(content_h_, cap) : cap;
    ImGui::BeginChild(id, ImVec2(0, h), false, ImGuiWindowFlags_NoNav);
  }
  void End() {
    content_h_ = std::max(1.0f, ImGui::GetCursorPosY() - ImGui::GetStyle().ItemSpacing.y);
    ImGui::EndChild();
  }

 private:
  float content_h_ = 0;
};

// Views save their state as "key=value;key=value" (SaveState). Returns the value of `key`, or
// nullopt when the state has no such field. Values cannot contain ';'.
inline std::optional<std::string> StateField(std::string_view state, std::string_view key) {
  while (!state.empty()) {
    size_t end = state.find(';');
    std::string_view field = state.substr(0, end);
    size_t eq = field.find('=');
    if (eq != std::string_view::npos && field.substr(0, eq) == key) return std::string(field.substr(eq + 1));
    if (end == std::string_view::npos) break;
    state.remove_prefix(end + 1);
  }
  return std::nullopt;
}
// The integer value of `key` (the saved tab, a row), or nullopt.
inline std::optional<int> StateInt(std::string_view state, std::string_view key) {
  std::optional<std::string> v = StateField(state, key);
  if (!v) return std::nullopt;
  return std::atoi(v->c_str());
}

inline void TableOrder::Load(std::string_view state) {
  if (std::optional<std::string> v = StateField(state, "sort"); v && !v->empty()) {
    request_descending_ = (*v)[0] == '-';
    request_column_ = std::atoi(v->c_str() + (request_descending_ ? 1 : 0));
  }
}

// A profile comparison as one table, a column per profile (the document's reports): one row per
// differing answer of `answers` (the engine's name for it and what each group of agreeing
// profiles gives, cells that differ from the first profile's marked), open for one row per value.
// The generic view's Profiles tab, and every engine view's, over the answers it picks
// (Comparison::AnswersUnder); `c` holds them. `drop` is left out at the start of the answers'
// names (the policy type's tab drops "MeshTimeout: ").
void DrawComparison(const char* id, const OpenDocument& d, const Comparison& c,
                    const std::vector<const DifferingAnswer*>& answers, std::string_view drop = {});

// The view for an engine by name ("variants", ...); the generic view when the engine has no
// dedicated view yet. Never null.
std::unique_ptr<EngineView> CreateView(std::string_view engine);
// The generic view: result JSON tree, document tree and profile comparison. Works for any engine.
std::unique_ptr<EngineView> CreateGenericView();

}  // namespace cfgi::gui
