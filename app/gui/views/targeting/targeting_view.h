// app/gui/views/targeting/targeting_view.h: the targeting view, a file per part: targeting_view.cpp
// (state, selection, the configuration editor), targeting_references.cpp (the References table),
// targeting_services.cpp (the services of the selected reference and its LDAP trace).
// The view (CppMicroServices Declarative Services dynamic targeting and LDAP filters).
// It draws the document's inspection: the engine's TargetingModel (manifest, configuration,
// registry) and its TargetingResult. Configuration values are editable here: a what-if the worker
// reads and resolves on the loaded workspace (targeting::ResolveEditedConfig, a job) when one
// changes; the view draws the outcome.
//   Configuration  one InputText per key; edits re-resolve live
//   References     component, instance, reference, method, target before -> after, effective
//                  filter, error; click for the explanation and the reference's source
//   Services       per selected reference every service with match / no match; for the selected
//                  service the LDAP tree with each node's result and reason
#pragma once

#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <memory>
#include <string>
#include <vector>
#include <imgui.h>

#include "app/gui/theme.h"
#include "app/gui/views/view.h"
#include "app/gui/views/view_tabs.h"
#include "core/ldap/filter.h"
#include "core/ldap/value.h"
#include "core/targeting/model.h"
#include "core/targeting/resolve.h"
#include "core/targeting/targeting_engine.h"
#include "core/doc/utf8.h"

namespace cfgi::gui::targeting_view {

namespace tg = cfgi::targeting;

// Trace ranges are offsets into the effective filter text, not into a source: point the steps at
// the service instead so the Explanation panel never highlights a wrong range.
inline void Relocate(doc::Step& s, const std::string& file, doc::SourceRange range) {
  s.file = file;
  s.range = range;
  for (doc::Step& c : s.children) Relocate(c, file, range);
}

// The configuration's values as the editor shows them (a string as it is, any other value as
// JSON text), made on the worker with the inspection (ViewRows), in the configuration's order.
struct ConfigTexts final : ViewRows {
  std::vector<std::string> values;
};

class TargetingView final : public EngineView {
 public:
  // "ref=N[;sort=C]": the selected reference (the view has no tabs) and the References table's
  // sort column ("-C": descending). Loading also takes "svc=K" (the reference's K-th service
  // explained, as a click in the services list does) and "copy=1" (the References table copied
  // as text at the next Draw, as its context menu's "Copy as text" does).
  std::string SaveState() const override;
  // The test hook: no tab labels with counts; the References table's room.
  nlohmann::ordered_json DumpState() const override;
  // Loading also takes an edited value (the --view hook and tests): "set=KEY:TEXT", applied to
  // the configuration of the next evaluation as if typed.
  void LoadState(std::string_view state) override;

  void OnEvaluated(const OpenDocument& d) override;

  void Draw(ViewContext& ctx) override;

 private:
  // Draws `res`: the document's resolution, or the edited configuration's.
  void Reresolve(const tg::Resolution* res);

  void BuildStep();

  // The reference's step in the resolution's explanation (component > reference).
  const doc::Step* RefStep(const tg::ResolvedReference& rr) const;

  // ---- what is selected (Selections, one place) ----
  // Row ids: "ref/I" (reference I of the resolution), "svc/I/K" (its K-th service's LDAP
  // evaluation), "node/I/K/a.b.c" (a node of that evaluation's tree, by child positions).
  static constexpr const char* kPlace = "references";
  static std::string RefId(int i) { return "ref/" + std::to_string(i); }
  static std::string SvcId(int i, int k) { return "svc/" + std::to_string(i) + "/" + std::to_string(k); }
  std::string RefText(const tg::ResolvedReference& rr) const { return rr.component->name + "." + rr.reference->name + " (" + rr.instance + ")"; }
  static std::string SvcText(const tg::ServiceMatch& m);
  // Selects the row `id` of the current resolution (no jump); a row that is gone: the selected
  // reference.
  void SelectRow(ViewContext& ctx, const std::string& id);
  // The selected reference's service to show: the first that fails (the interesting "why not"),
  // else the first.
  void DefaultService();

  // Sort comparison of two references by a References column, on the typed values.
  int CompareRefs(size_t a, size_t b, int column) const;
  // A reference's cells as the References table draws them (Copy as text).
  static std::vector<std::string> RefCells(const tg::ResolvedReference& rr);
  std::string ReferencesText() const;
  static inline const std::vector<std::string> kRefColumns = {"Component", "Instance", "Reference", "Method",
                                                              "Target before -> after", "Effective filter", "Bound", "Error"};

  void DrawConfig(ViewContext& ctx);

  // The edited values are read and resolved on the loaded workspace by the worker
  // (targeting::ResolveEditedConfig, a job keyed "config/<view>"; a newer edit cancels the
  // older); the view draws the resolution it has until the new one arrives.
  void SubmitConfig(ViewContext& ctx);

  void TakeConfigWhatIf(ViewContext& ctx);

  const char* TypeName(size_t i) const;

  static constexpr ImGuiTableFlags kTable = ImGuiTableFlags_BordersV | ImGuiTableFlags_BordersOuterH |
                                            ImGuiTableFlags_Resizable | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY;

  void DrawReferences(ViewContext& ctx);

  // `path`: the node's child positions from the root ("" the root, "0.2" ...).
  void DrawTrace(ViewContext& ctx, const ldap::Trace& t, const doc::Step& step, const std::string& path);

  void DrawServices(ViewContext& ctx);

  const tg::Workspace* ws_ = nullptr;         // the document's model
  const tg::Resolution* doc_res_ = nullptr;   // the document's result
  std::shared_ptr<const tg::TargetingModel> model_sp_;  // the document's model, shared with the job
  WorkerWhatIf<tg::ConfigWhatIf> config_job_;          // the edited values' resolution
  std::shared_ptr<const tg::ConfigWhatIf> shown_, previous_;
  bool edited_ = false;                       // a value was edited since the last evaluation
  bool config_dirty_ = false;                 // the next Draw submits the edited values
  std::vector<std::pair<std::string, std::string>> typed_;  // LoadState's "set=KEY:TEXT", for OnEvaluated
  const tg::Resolution* res_ = nullptr;       // what is drawn: doc_res_ or &shown_->resolution
  std::vector<std::string> keys_;
  std::vector<std::array<char, 512>> bufs_;
  std::vector<ldap::Value::Kind> kinds_;
  int sel_ref_ = 0;
  // The References table's widths (font sizes): whole at kReferencesFullEm and more; three
  // columns folded down to kReferencesMidEm, four down to kReferencesCompactEm, then a sideways
  // scroll. refs_fold_: the fold drawn (0, 1, 2).
  static constexpr float kReferencesFullEm = 60, kReferencesMidEm = 38, kReferencesCompactEm = 24;
  int refs_fold_ = 0;
  TableRoom room_;  // the References table (DumpState "table")
  TableHeaderArea config_head_;  // the factory configuration above the references
  int sel_service_ = -1;
  doc::Step step_;  // the selected service's LDAP trace as explanation steps
  Selections sel_;  // one place (kPlace): a reference, a service, an LDAP node
  std::string pending_row_;  // a restored "ref=N" / "svc=K", selected at the next Draw
  TableOrder order_;         // the References table's sort
  bool copy_request_ = false;  // "copy=1"
  std::string highlighted_ref_, highlighted_svc_;  // drawn highlighted in the last frame (DumpState)
};

}  // namespace cfgi::gui::targeting_view
