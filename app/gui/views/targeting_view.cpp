// The targeting view (CppMicroServices Declarative Services dynamic targeting and LDAP filters).
// It draws the document's inspection: the engine's TargetingModel (manifest, configuration,
// registry) and its TargetingResult. Configuration values are editable here: a what-if the worker
// reads and resolves on the loaded workspace (targeting::ResolveEditedConfig, a job) when one
// changes; the view draws the outcome.
//   Configuration  one InputText per key; edits re-resolve live
//   References     component, instance, reference, method, target before -> after, effective
//                  filter, error; click for the explanation and the reference's source
//   Services       per selected reference every service with match / no match; for the selected
//                  service the LDAP tree with each node's result and reason
#include <array>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <memory>
#include <string>
#include <vector>

#include <imgui.h>

#include "app/gui/theme.h"
#include "app/gui/views/view.h"
#include "core/ldap/filter.h"
#include "core/ldap/value.h"
#include "core/targeting/model.h"
#include "core/targeting/resolve.h"
#include "core/targeting/targeting_engine.h"
#include "core/doc/utf8.h"

namespace cfgi::gui {

namespace {

namespace tg = cfgi::targeting;

// Trace ranges are offsets into the effective filter text, not into a source: point the steps at
// the service instead so the Explanation panel never highlights a wrong range.
void Relocate(doc::Step& s, const std::string& file, doc::SourceRange range) {
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
  // "ref=N": the selected reference (the view has no tabs).
  std::string SaveState() const override { return "ref=" + std::to_string(sel_ref_); }
  // The test hook: no tab labels with counts; the References table's room.
  nlohmann::ordered_json DumpState() const override {
    nlohmann::ordered_json j = EngineView::DumpState();
    j["table"] = room_.ToJson();
    // The resolution drawn: the document's, or the edited configuration's once the worker has it.
    j["config"] = {{"edited", edited_}, {"pending", edited_ && (config_job_.pending() || !shown_)}};
    nlohmann::ordered_json targets = nlohmann::ordered_json::array();
    if (res_)
      for (const tg::ResolvedReference& r : res_->references)
        targets.push_back(r.target ? nlohmann::ordered_json(*r.target) : nlohmann::ordered_json());
    j["targets"] = std::move(targets);
    return j;
  }
  // Loading also takes an edited value (the --view hook and tests): "set=KEY:TEXT", applied to
  // the configuration of the next evaluation as if typed.
  void LoadState(std::string_view state) override {
    if (auto ref = StateInt(state, "ref")) sel_ref_ = *ref;
    if (auto set = StateField(state, "set"); set && set->find(':') != std::string::npos)
      typed_.emplace_back(set->substr(0, set->find(':')), set->substr(set->find(':') + 1));
  }

  void OnEvaluated(const OpenDocument& d) override {
    const auto* model = ModelAs<tg::TargetingModel>(d.model());
    model_sp_ = model ? std::shared_ptr<const tg::TargetingModel>(d.inspection().model, model) : nullptr;
    ws_ = model ? &model->workspace : nullptr;
    doc_res_ = nullptr;
    for (const Report& r : d.reports())
      if (const auto* t = ResultAs<tg::TargetingResult>(r.typed.get())) doc_res_ = &t->resolution;
    keys_.clear();
    bufs_.clear();
    kinds_.clear();
    if (!ws_ || !doc_res_) {
      ws_ = nullptr;
      return;
    }
    edited_ = false;
    shown_.reset();
    const auto* texts = dynamic_cast<const ConfigTexts*>(d.view_rows());
    for (const tg::ConfigEntry& e : ws_->config.entries()) {
      const size_t i = keys_.size();
      keys_.push_back(e.key);
      std::array<char, 512> b{};
      const std::string& v = texts && i < texts->values.size() ? texts->values[i] : e.value.s;
      std::snprintf(b.data(), b.size(), "%s", v.c_str());
      bufs_.push_back(b);
      kinds_.push_back(e.value.kind);
    }
    kinds_.resize(keys_.size());
    Reresolve(doc_res_);
    for (const auto& [key, text] : typed_)
      for (size_t i = 0; i < keys_.size(); ++i)
        if (keys_[i] == key) {
          std::snprintf(bufs_[i].data(), bufs_[i].size(), "%s", text.c_str());
          config_dirty_ = true;
        }
    typed_.clear();
  }

  void Draw(ViewContext& ctx) override {
    room_.Reset();
    if (!ws_) {
      theme::TextMuted("Nothing loaded yet.");
      return;
    }
    if (config_dirty_) SubmitConfig(ctx);
    TakeConfigOutcome(ctx);
    if (ws_->manifest.components.empty()) {
      theme::TextMuted("No components in the manifest.");
      for (const doc::Diagnostic& d : ws_->diagnostics)
        ImGui::TextColored(theme::Pal().error, "%s %s", theme::kIconError, d.message.c_str());
      return;
    }
    // The Explanation panel always explains something of this view: the selected reference
    // (the first by default), until a service row picks one service's filter evaluation.
    if (!ctx.selected_explanation() && sel_ref_ >= 0 && sel_ref_ < static_cast<int>(res_->references.size()))
      ctx.SelectExplanation(RefStep(res_->references[static_cast<size_t>(sel_ref_)]));
    // The configuration above keeps room for the References table's 8 rows (TableHeaderArea; the
    // References line and the services' first lines count too); the references take 45% of
    // what is left, and never less than their 8 rows.
    config_head_.Begin("##config-head", 13);
    DrawConfig(ctx);
    config_head_.End();
    ImGui::Separator();
    const ImGuiStyle& st = ImGui::GetStyle();
    const float h = ImGui::GetContentRegionAvail().y;
    const float refs_min = (ImGui::GetTextLineHeight() + st.CellPadding.y * 2) * 9 + st.ScrollbarSize +
                           ImGui::GetTextLineHeightWithSpacing() + st.ItemSpacing.y * 4;
    ImGui::BeginChild("##refs", ImVec2(0, std::min(h - ImGui::GetTextLineHeightWithSpacing(), std::max(h * 0.45f, refs_min))));
    DrawReferences(ctx);
    ImGui::EndChild();
    ImGui::Separator();
    ImGui::BeginChild("##services");
    DrawServices(ctx);
    ImGui::EndChild();
  }

 private:
  // Draws `res`: the document's resolution, or the edited configuration's.
  void Reresolve(const tg::Resolution* res) {
    res_ = res;
    if (sel_ref_ >= static_cast<int>(res_->references.size())) sel_ref_ = 0;
    sel_service_ = -1;
    step_ = doc::Step{};
    // Default the service to the first one that fails (the interesting "why not"), else the first.
    if (sel_ref_ >= 0 && sel_ref_ < static_cast<int>(res_->references.size())) {
      const auto& sv = res_->references[static_cast<size_t>(sel_ref_)].services;
      for (size_t i = 0; i < sv.size() && sel_service_ < 0; ++i)
        if (!sv[i].matched) sel_service_ = static_cast<int>(i);
      if (sel_service_ < 0 && !sv.empty()) sel_service_ = 0;
    }
    BuildStep();
  }

  void BuildStep() {
    step_ = doc::Step{};
    if (sel_ref_ < 0 || sel_ref_ >= static_cast<int>(res_->references.size())) return;
    const auto& sv = res_->references[static_cast<size_t>(sel_ref_)].services;
    if (sel_service_ < 0 || sel_service_ >= static_cast<int>(sv.size())) return;
    const tg::ServiceMatch& m = sv[static_cast<size_t>(sel_service_)];
    step_ = m.trace.ToStep();
    if (m.service) Relocate(step_, m.service->file, m.service->range);
  }

  // The reference's step in the resolution's explanation (component > reference).
  const doc::Step* RefStep(const tg::ResolvedReference& rr) const {
    for (const doc::Step& c : res_->explanation.children) {
      if (c.what != "component " + rr.component->name) continue;
      for (const doc::Step& r : c.children)
        if (r.what == "reference " + rr.reference->name) return &r;
    }
    return &res_->explanation;
  }

  void DrawConfig(ViewContext& ctx) {
    ImGui::TextUnformatted("Configuration");
    ImGui::SameLine();
    theme::TextMuted("pid %s, instance %s: edit a value to re-resolve%s", ws_->options.pid.value_or("(each component's)").c_str(),
                     ws_->options.instance.c_str(),
                     !edited_ ? "" : (config_job_.pending() || !shown_) ? " (resolving the edited values...)"
                                                                         : " (edited: not the scenario's values)");
    if (keys_.empty()) {
      theme::TextMuted("(no configuration: manifest targets apply)");
      return;
    }
    bool changed = false;
    for (size_t i = 0; i < keys_.size(); ++i) {
      ImGui::PushID(static_cast<int>(i));
      ImGui::AlignTextToFramePadding();
      ImGui::TextUnformatted(keys_[i].c_str());
      ImGui::SameLine();
      ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14);
      if (ImGui::InputText("##v", bufs_[i].data(), bufs_[i].size())) changed = true;
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("loaded as %s", TypeName(i));
      if ((i % 3) != 2 && i + 1 < keys_.size()) ImGui::SameLine();
      ImGui::PopID();
    }
    if (changed) SubmitConfig(ctx);
  }

  // The edited values are read and resolved on the loaded workspace by the worker
  // (targeting::ResolveEditedConfig, a job keyed "config/<view>"; a newer edit cancels the
  // older); the view draws the resolution it has until the new one arrives.
  void SubmitConfig(ViewContext& ctx) {
    config_dirty_ = false;
    edited_ = true;
    std::vector<tg::EditedValue> values;
    for (size_t i = 0; i < keys_.size(); ++i) values.push_back({keys_[i], bufs_[i].data(), kinds_[i]});
    config_job_.Submit(ctx, "config", this, "Resolving the edited configuration",
                       [model = model_sp_, values = std::move(values)](JobProgress& p) {
                         p.Step("resolve", 0);
                         return tg::ResolveEditedConfig(model, values);
                       });
  }

  void TakeConfigOutcome(ViewContext& ctx) {
    std::shared_ptr<const tg::ConfigOutcome> o = config_job_.Take();
    if (!o || !edited_ || o->model != model_sp_) return;
    // The old resolution's steps go away: drop the selection first; the one drawn before stays
    // alive one more outcome.
    ctx.SelectExplanation(nullptr);
    previous_ = std::move(shown_);
    shown_ = std::move(o);
    Reresolve(&shown_->resolution);
  }

  const char* TypeName(size_t i) const {
    ldap::Value v;
    v.kind = kinds_[i];
    static std::string name;
    name = v.type_name();
    return name.c_str();
  }

  static constexpr ImGuiTableFlags kTable = ImGuiTableFlags_BordersV | ImGuiTableFlags_BordersOuterH |
                                            ImGuiTableFlags_Resizable | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY;

  void DrawReferences(ViewContext& ctx) {
    int errors = 0;
    for (const auto& rr : res_->references) errors += rr.error ? 1 : 0;
    ImGui::Text("References: %zu", res_->references.size());
    ImGui::SameLine();
    if (errors)
      ImGui::TextColored(theme::Pal().error, "%s %d error%s", theme::kIconError, errors, errors == 1 ? "" : "s");
    else
      ImGui::TextColored(theme::Pal().ok, "%s no errors", theme::kIconOk);
    if (!theme::BeginTableMinWidth("##refs", 8, kTable, 60)) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("Component", ImGuiTableColumnFlags_WidthStretch, 1.2f);
    ImGui::TableSetupColumn("Instance", ImGuiTableColumnFlags_WidthStretch, 1.4f);
    ImGui::TableSetupColumn("Reference", ImGuiTableColumnFlags_WidthStretch, 0.7f);
    ImGui::TableSetupColumn("Method", ImGuiTableColumnFlags_WidthStretch, 0.7f);
    ImGui::TableSetupColumn("Target before -> after", ImGuiTableColumnFlags_WidthStretch, 2.0f);
    ImGui::TableSetupColumn("Effective filter", ImGuiTableColumnFlags_WidthStretch, 2.0f);
    ImGui::TableSetupColumn("Bound", ImGuiTableColumnFlags_WidthStretch, 0.7f);
    ImGui::TableSetupColumn("Error", ImGuiTableColumnFlags_WidthStretch, 1.5f);
    ImGui::TableHeadersRow();
    for (size_t i = 0; i < res_->references.size(); ++i) {
      const tg::ResolvedReference& rr = res_->references[i];
      ImGui::PushID(static_cast<int>(i));
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      bool sel = sel_ref_ == static_cast<int>(i);
      if (ImGui::Selectable(rr.component->name.c_str(), sel,
                            ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowItemOverlap)) {
        sel_ref_ = static_cast<int>(i);
        ctx.SelectExplanation(RefStep(rr));
        ctx.JumpTo(rr.reference->file, rr.reference->range);
        sel_service_ = -1;
        const auto& sv = rr.services;
        for (size_t k = 0; k < sv.size() && sel_service_ < 0; ++k)
          if (!sv[k].matched) sel_service_ = static_cast<int>(k);
        if (sel_service_ < 0 && !sv.empty()) sel_service_ = 0;
        BuildStep();
      }
      theme::TooltipIfClipped(rr.component->name.c_str(), ImGui::GetColumnWidth());
      ImGui::TableNextColumn();
      theme::CellText(rr.instance + (rr.factory_instance ? "" : " (not a factory)"));
      ImGui::TableNextColumn();
      theme::CellText(rr.reference->name);
      ImGui::TableNextColumn();
      ImVec4 mc = rr.method == tg::Method::kManifest ? theme::Pal().muted : theme::Pal().accent;
      theme::CellText(tg::MethodName(rr.method), &mc);
      ImGui::TableNextColumn();
      std::string before = rr.target_before ? *rr.target_before : "(none)";
      std::string after = rr.target ? *rr.target : (rr.error ? "(error)" : "(none)");
      ImGui::PushFont(theme::GetFonts().mono);
      if (before == after)
        ImGui::Text("%s (unchanged)", before.c_str());
      else
        ImGui::Text("%s -> %s", before.c_str(), after.c_str());
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("before: %s\nafter:  %s", before.c_str(), after.c_str());
      for (const tg::Substitution& s : rr.substitutions) {
        if (s.injected)
          ImGui::TextColored(theme::Pal().warning, "%s {{%s}} injects filter syntax; escaped: %s", theme::kIconWarning,
                             s.key.c_str(), s.escaped.c_str());
      }
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(rr.effective_filter ? rr.effective_filter->c_str() : "-");
      if (rr.effective_filter && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", rr.effective_filter->c_str());
      ImGui::PopFont();
      ImGui::TableNextColumn();
      if (rr.satisfied) {
        if (*rr.satisfied)
          ImGui::TextColored(theme::Pal().ok, "%s %zu svc", theme::kIconOk, rr.matching.size());
        else
          ImGui::TextColored(theme::Pal().warning, "%s unsatisfied", theme::kIconNoMatch);
      } else {
        theme::TextMuted("-");
      }
      ImGui::TableNextColumn();
      if (rr.error) {
        ImGui::PushStyleColor(ImGuiCol_Text, theme::Pal().error);
        ImGui::Text("%s %s %s", theme::kIconError, rr.error_code.c_str(), rr.error->c_str());
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", rr.error->c_str());
        ImGui::PopStyleColor();
      }
      ImGui::PopID();
    }
    room_.Measure("references", res_->references.size());
    ImGui::EndTable();
  }

  void DrawTrace(ViewContext& ctx, const ldap::Trace& t, const doc::Step& step) {
    ImGuiTreeNodeFlags f = ImGuiTreeNodeFlags_DefaultOpen | ImGuiTreeNodeFlags_SpanAvailWidth |
                           ImGuiTreeNodeFlags_OpenOnArrow;
    if (t.children.empty()) f |= ImGuiTreeNodeFlags_Leaf;
    if (ctx.selected_explanation() == &step) f |= ImGuiTreeNodeFlags_Selected;
    std::string label = std::string(t.matched ? theme::kIconOk : theme::kIconNoMatch) + " " + t.text;
    if (t.reason != ldap::Reason::kChildren) label += std::string("  [") + ldap::ReasonName(t.reason) + "]";
    ImGui::PushStyleColor(ImGuiCol_Text, t.matched ? theme::Pal().ok : theme::Pal().warning);
    ImGui::PushFont(theme::GetFonts().mono);
    bool open = ImGui::TreeNodeEx(&t, f, "%s", label.c_str());
    ImGui::PopFont();
    ImGui::PopStyleColor();
    if (ImGui::IsItemClicked() && !ImGui::IsItemToggledOpen()) {
      ctx.SelectExplanation(&step);
      if (!step.file.empty() || step.range.end > step.range.begin) ctx.JumpTo(step.file, step.range);
    }
    if (!t.detail.empty()) {
      ImGui::SameLine();
      theme::TextMuted("%s", t.detail.c_str());
    }
    if (open) {
      for (size_t i = 0; i < t.children.size() && i < step.children.size(); ++i)
        DrawTrace(ctx, t.children[i], step.children[i]);
      ImGui::TreePop();
    }
  }

  void DrawServices(ViewContext& ctx) {
    if (sel_ref_ < 0 || sel_ref_ >= static_cast<int>(res_->references.size())) {
      theme::TextMuted("Select a reference.");
      return;
    }
    const tg::ResolvedReference& rr = res_->references[static_cast<size_t>(sel_ref_)];
    ImGui::Text("Services for %s.%s", rr.component->name.c_str(), rr.reference->name.c_str());
    if (!ws_->registry.present) {
      theme::TextMuted("No service registry given: nothing to match against.");
      return;
    }
    if (!rr.filter) {
      ImGui::TextColored(theme::Pal().error, "%s no filter to match (the instance is not created)", theme::kIconError);
      return;
    }
    ImGui::SameLine();
    theme::TextMuted("%s matches, %s does not; click a service for its LDAP tree", theme::kIconOk, theme::kIconNoMatch);
    float w = ImGui::GetFontSize() * 16;
    ImGui::BeginChild("##svclist", ImVec2(w, 0), true);
    for (size_t i = 0; i < rr.services.size(); ++i) {
      const tg::ServiceMatch& m = rr.services[i];
      if (!m.service) continue;
      ImGui::PushID(static_cast<int>(i));
      const char* icon = m.self_excluded ? theme::kIconSkipped : m.matched ? theme::kIconOk : theme::kIconNoMatch;
      std::string label = std::string(icon) + " #" + std::to_string(m.service->id) +
                          (m.service->name.empty() ? "" : " " + m.service->name) +
                          (m.self_excluded ? " (own service)" : "");
      ImGui::PushStyleColor(ImGuiCol_Text, m.self_excluded ? theme::Pal().muted
                                           : m.matched      ? theme::Pal().ok
                                                            : theme::Pal().warning);
      if (ImGui::Selectable(label.c_str(), sel_service_ == static_cast<int>(i))) {
        sel_service_ = static_cast<int>(i);
        BuildStep();
        ctx.SelectExplanation(&step_);
        ctx.JumpTo(m.service->file, m.service->range);
      }
      ImGui::PopStyleColor();
      ImGui::PopID();
    }
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("##tree", ImVec2(0, 0), true);
    if (sel_service_ >= 0 && sel_service_ < static_cast<int>(rr.services.size())) {
      const tg::ServiceMatch& m = rr.services[static_cast<size_t>(sel_service_)];
      ImGui::Text("Service #%lld %s: %s", static_cast<long long>(m.service->id), m.service->name.c_str(),
                  m.matched ? "matches" : "does not match");
      std::string ifs;
      for (const std::string& s : m.service->interfaces) ifs += (ifs.empty() ? "" : ", ") + s;
      theme::TextMuted("interfaces: %s", ifs.c_str());
      if (const ldap::Trace* f = m.trace.FirstFailure())
        ImGui::TextColored(theme::Pal().warning, "%s why not: %s [%s] %s", theme::kIconNoMatch, f->text.c_str(),
                           ldap::ReasonName(f->reason), f->detail.c_str());
      ImGui::Separator();
      if (m.trace.text.empty())
        theme::TextMuted("(no trace)");
      else
        DrawTrace(ctx, m.trace, step_);
      ImGui::Separator();
      theme::TextMuted("properties:");
      ImGui::PushFont(theme::GetFonts().mono);
      for (const auto& [k, v] : m.service->properties.entries())
        ImGui::Text("  %s = %s  (%s)", k.c_str(), v.ToString().c_str(), v.type_name());
      ImGui::PopFont();
    }
    ImGui::EndChild();
  }

  const tg::Workspace* ws_ = nullptr;         // the document's model
  const tg::Resolution* doc_res_ = nullptr;   // the document's result
  std::shared_ptr<const tg::TargetingModel> model_sp_;  // the document's model, shared with the job
  WorkerOutcome<tg::ConfigOutcome> config_job_;          // the edited values' resolution
  std::shared_ptr<const tg::ConfigOutcome> shown_, previous_;
  bool edited_ = false;                       // a value was edited since the last evaluation
  bool config_dirty_ = false;                 // the next Draw submits the edited values
  std::vector<std::pair<std::string, std::string>> typed_;  // LoadState's "set=KEY:TEXT", for OnEvaluated
  const tg::Resolution* res_ = nullptr;       // what is drawn: doc_res_ or &shown_->resolution
  std::vector<std::string> keys_;
  std::vector<std::array<char, 512>> bufs_;
  std::vector<ldap::Value::Kind> kinds_;
  int sel_ref_ = 0;
  TableRoom room_;  // the References table (DumpState "table")
  TableHeaderArea config_head_;  // the factory configuration above the references
  int sel_service_ = -1;
  doc::Step step_;  // the selected service's LDAP trace as explanation steps
};

}  // namespace

std::unique_ptr<EngineView> CreateTargetingView() { return std::make_unique<TargetingView>(); }

std::shared_ptr<const ViewRows> BuildTargetingRows(const Inspection& in) {
  const auto* model = ModelAs<tg::TargetingModel>(in.model.get());
  if (!model) return nullptr;
  auto t = std::make_shared<ConfigTexts>();
  for (const tg::ConfigEntry& e : model->workspace.config.entries())
    t->values.push_back(e.value.kind == ldap::Value::Kind::kString ? e.value.s : doc::JsonText(e.value.ToJson()));
  return t;
}

}  // namespace cfgi::gui
