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
  // "ref=N[;sort=C]": the selected reference (the view has no tabs) and the References table's
  // sort column ("-C": descending). Loading also takes "svc=K" (the reference's K-th service
  // explained, as a click in the services list does) and "copy=1" (the References table copied
  // as text at the next Draw, as its context menu's "Copy as text" does).
  std::string SaveState() const override {
    std::string s = "ref=" + std::to_string(sel_ref_);
    if (std::string sort = order_.Save(); !sort.empty()) s += ";sort=" + sort;
    return s;
  }
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
    // What the Explanation explains (Selections), the rows drawn highlighted, the References
    // table's rows in the order shown.
    j["explains"] = sel_.ToJson();
    j["highlighted"] = {{"reference", highlighted_ref_.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(highlighted_ref_)},
                        {"service", highlighted_svc_.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(highlighted_svc_)}};
    nlohmann::ordered_json order = nlohmann::ordered_json::array();
    for (size_t i : order_.order()) order.push_back(static_cast<int>(i));
    j["order"] = std::move(order);
    return j;
  }
  // Loading also takes an edited value (the --view hook and tests): "set=KEY:TEXT", applied to
  // the configuration of the next evaluation as if typed.
  void LoadState(std::string_view state) override {
    if (auto ref = StateInt(state, "ref")) {
      sel_ref_ = *ref;
      pending_row_ = RefId(*ref);
    }
    if (auto svc = StateInt(state, "svc")) pending_row_ = SvcId(sel_ref_, *svc);
    order_.Load(state);
    if (StateInt(state, "copy") == 1) copy_request_ = true;
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
    sel_.Invalidate();  // the steps were the old resolution's; the rows stay selected
    order_.Reset();
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
    // The Explanation panel explains the row selected (Selections, one place: the view has no
    // tabs): the selected reference (the first by default), a service of it, or a node of that
    // service's LDAP tree; after an evaluation or an edited configuration's outcome, the same row
    // of the new resolution.
    highlighted_ref_.clear();
    highlighted_svc_.clear();
    if (!pending_row_.empty()) {
      SelectRow(ctx, pending_row_);
      pending_row_.clear();
    }
    if (!sel_.Show(ctx, kPlace)) SelectRow(ctx, sel_.Row(kPlace).empty() ? RefId(sel_ref_) : sel_.Row(kPlace));
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
    step_ = doc::Step{};
    DefaultService();
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

  // ---- what is selected (Selections, one place) ----
  // Row ids: "ref/I" (reference I of the resolution), "svc/I/K" (its K-th service's LDAP
  // evaluation), "node/I/K/a.b.c" (a node of that evaluation's tree, by child positions).
  static constexpr const char* kPlace = "references";
  static std::string RefId(int i) { return "ref/" + std::to_string(i); }
  static std::string SvcId(int i, int k) { return "svc/" + std::to_string(i) + "/" + std::to_string(k); }
  std::string RefText(const tg::ResolvedReference& rr) const { return rr.component->name + "." + rr.reference->name + " (" + rr.instance + ")"; }
  static std::string SvcText(const tg::ServiceMatch& m) {
    return "#" + std::to_string(m.service->id) + (m.service->name.empty() ? "" : " " + m.service->name) +
           (m.self_excluded ? ": own service" : m.matched ? ": matches" : ": does not match");
  }
  // Selects the row `id` of the current resolution (no jump); a row that is gone: the selected
  // reference.
  void SelectRow(ViewContext& ctx, const std::string& id) {
    const int n = static_cast<int>(res_->references.size());
    int i = -1, k = -1;
    std::string path;
    if (id.rfind("ref/", 0) == 0) i = std::atoi(id.c_str() + 4);
    else if (id.rfind("svc/", 0) == 0 || id.rfind("node/", 0) == 0) {
      const char* p = id.c_str() + (id[0] == 's' ? 4 : 5);
      i = std::atoi(p);
      const char* slash = std::strchr(p, '/');
      k = slash ? std::atoi(slash + 1) : -1;
      if (id[0] == 'n' && slash && std::strchr(slash + 1, '/')) path = std::strchr(slash + 1, '/') + 1;
    }
    if (i < 0 || i >= n) i = sel_ref_ >= 0 && sel_ref_ < n ? sel_ref_ : (n ? 0 : -1);
    if (i < 0) return;
    const tg::ResolvedReference& rr = res_->references[static_cast<size_t>(i)];
    if (sel_ref_ != i) {
      sel_ref_ = i;
      DefaultService();
    }
    if (k < 0 || k >= static_cast<int>(rr.services.size()) || !rr.services[static_cast<size_t>(k)].service) {
      sel_.Select(ctx, kPlace, RefStep(rr), RefId(i), RefText(rr));
      return;
    }
    sel_service_ = k;
    BuildStep();
    const tg::ServiceMatch& m = rr.services[static_cast<size_t>(k)];
    if (id[0] != 'n') {
      sel_.SelectOwned(ctx, kPlace, step_, SvcId(i, k), SvcText(m));
      return;
    }
    const doc::Step* s = &step_;
    const ldap::Trace* t = &m.trace;
    for (size_t at = 0; at < path.size();) {
      const size_t c = static_cast<size_t>(std::atoi(path.c_str() + at));
      if (c >= s->children.size() || c >= t->children.size()) break;
      s = &s->children[c];
      t = &t->children[c];
      at = path.find('.', at);
      if (at == std::string::npos) break;
      ++at;
    }
    sel_.SelectOwned(ctx, kPlace, *s, "node/" + std::to_string(i) + "/" + std::to_string(k) + "/" + path, t->text);
  }
  // The selected reference's service to show: the first that fails (the interesting "why not"),
  // else the first.
  void DefaultService() {
    sel_service_ = -1;
    if (sel_ref_ < 0 || sel_ref_ >= static_cast<int>(res_->references.size())) return;
    const auto& sv = res_->references[static_cast<size_t>(sel_ref_)].services;
    for (size_t k = 0; k < sv.size() && sel_service_ < 0; ++k)
      if (!sv[k].matched) sel_service_ = static_cast<int>(k);
    if (sel_service_ < 0 && !sv.empty()) sel_service_ = 0;
    BuildStep();
  }

  // Sort comparison of two references by a References column, on the typed values.
  int CompareRefs(size_t a, size_t b, int column) const {
    const tg::ResolvedReference& x = res_->references[a];
    const tg::ResolvedReference& y = res_->references[b];
    switch (column) {
      case 0: return TableOrder::Cmp(x.component->name, y.component->name);
      case 1: return TableOrder::Cmp(x.instance, y.instance);
      case 2: return TableOrder::Cmp(x.reference->name, y.reference->name);
      case 3: return TableOrder::Cmp(static_cast<int>(x.method), static_cast<int>(y.method));
      case 4: return TableOrder::Cmp(x.target, y.target);
      case 5: return TableOrder::Cmp(x.effective_filter, y.effective_filter);
      case 6: return TableOrder::Cmp(std::make_pair(x.satisfied, x.matching.size()), std::make_pair(y.satisfied, y.matching.size()));
      case 7: return TableOrder::Cmp(std::make_pair(x.error.has_value(), x.error_code), std::make_pair(y.error.has_value(), y.error_code));
      default: return 0;
    }
  }
  // A reference's cells as the References table draws them (Copy as text).
  static std::vector<std::string> RefCells(const tg::ResolvedReference& rr) {
    const std::string before = rr.target_before ? *rr.target_before : "(none)";
    const std::string after = rr.target ? *rr.target : (rr.error ? "(error)" : "(none)");
    std::string bound = "-";
    if (rr.satisfied) bound = *rr.satisfied ? std::string(theme::kIconOk) + " " + std::to_string(rr.matching.size()) + " svc"
                                            : std::string(theme::kIconNoMatch) + " unsatisfied";
    return {rr.component->name,
            rr.instance + (rr.factory_instance ? "" : " (not a factory)"),
            rr.reference->name,
            tg::MethodName(rr.method),
            before == after ? before + " (unchanged)" : before + " -> " + after,
            rr.effective_filter ? *rr.effective_filter : "-",
            bound,
            rr.error ? std::string(theme::kIconError) + " " + rr.error_code + " " + *rr.error : std::string()};
  }
  std::string ReferencesText() const {
    std::vector<std::vector<std::string>> rows;
    for (size_t i : order_.order()) rows.push_back(RefCells(res_->references[i]));
    return theme::TableText(kRefColumns, rows);
  }
  static inline const std::vector<std::string> kRefColumns = {"Component", "Instance", "Reference", "Method",
                                                              "Target before -> after", "Effective filter", "Bound", "Error"};

  void DrawConfig(ViewContext& ctx) {
    ImGui::TextUnformatted("Configuration");
    ImGui::SameLine();
    ImGui::PushTextWrapPos(0);  // wraps at the view's edge rather than running past it
    theme::TextMuted("pid %s, instance %s: edit a value to re-resolve%s", ws_->options.pid.value_or("(each component's)").c_str(),
                     ws_->options.instance.c_str(),
                     !edited_ ? "" : (config_job_.pending() || !shown_) ? " (resolving the edited values...)"
                                                                         : " (edited: not the scenario's values)");
    ImGui::PopTextWrapPos();
    if (keys_.empty()) {
      theme::TextMuted("(no configuration: manifest targets apply)");
      return;
    }
    bool changed = false;
    // As many "key [value]" pairs on a line as the view's width holds (a wrapping flow, not a
    // fixed three: at 1024x700 and scale 1.5 the third was cut off).
    const ImGuiStyle& st = ImGui::GetStyle();
    const float input_w = ImGui::GetFontSize() * 14;
    auto pair_w = [&](size_t i) { return ImGui::CalcTextSize(keys_[i].c_str()).x + st.ItemSpacing.x + input_w; };
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    for (size_t i = 0; i < keys_.size(); ++i) {
      ImGui::PushID(static_cast<int>(i));
      ImGui::AlignTextToFramePadding();
      ImGui::TextUnformatted(keys_[i].c_str());
      ImGui::SameLine();
      ImGui::SetNextItemWidth(input_w);
      if (ImGui::InputText("##v", bufs_[i].data(), bufs_[i].size())) changed = true;
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("loaded as %s", TypeName(i));
      if (i + 1 < keys_.size() && ImGui::GetItemRectMax().x + st.ItemSpacing.x * 2 + pair_w(i + 1) <= right)
        ImGui::SameLine(0, st.ItemSpacing.x * 2);
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
    // The old resolution's steps go away: the selection is made again from the new one (the
    // rows stay selected); the one drawn before stays alive one more outcome.
    sel_.Invalidate();
    order_.Reset();
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
    const std::vector<theme::FitColumn> cols = {{"Component", 0, 1.2f}, {"Instance", 0, 1.4f},
                                                {"Reference", 0, 0.7f}, {"Method", 0, 0.7f}, {"Target before -> after", 0, 2.0f},
                                                {"Effective filter", 0, 2.0f}, {"Bound", 0, 0.7f}, {"Error", 0, 1.5f}};
    // Unsorted until a header is clicked (SortTristate): the resolution's order first.
    if (!theme::BeginTableFit("##refs", cols, kTable | ImGuiTableFlags_Sortable | ImGuiTableFlags_SortTristate, ImVec2(0, 0), 60)) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    order_.Update(res_->references.size(), [this](size_t a, size_t b, int column) { return CompareRefs(a, b, column); });
    ImGui::TableHeadersRow();
    for (size_t i : order_.order()) {
      const tg::ResolvedReference& rr = res_->references[i];
      ImGui::PushID(static_cast<int>(i));
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      bool sel = sel_ref_ == static_cast<int>(i);
      if (sel) highlighted_ref_ = RefText(rr);
      if (ImGui::Selectable(rr.component->name.c_str(), sel,
                            ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowItemOverlap)) {
        sel_ref_ = static_cast<int>(i);
        DefaultService();
        sel_.Select(ctx, kPlace, RefStep(rr), RefId(static_cast<int>(i)), RefText(rr));
        ctx.JumpTo(rr.reference->file, rr.reference->range);
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
    if (theme::TableCopyMenu(ctx.selected_explanation()) || copy_request_) ImGui::SetClipboardText(ReferencesText().c_str());
    copy_request_ = false;
    ImGui::EndTable();
  }

  // `path`: the node's child positions from the root ("" the root, "0.2" ...).
  void DrawTrace(ViewContext& ctx, const ldap::Trace& t, const doc::Step& step, const std::string& path) {
    ImGuiTreeNodeFlags f = ImGuiTreeNodeFlags_DefaultOpen | ImGuiTreeNodeFlags_SpanAvailWidth |
                           ImGuiTreeNodeFlags_OpenOnArrow;
    if (t.children.empty()) f |= ImGuiTreeNodeFlags_Leaf;
    const std::string id = "node/" + std::to_string(sel_ref_) + "/" + std::to_string(sel_service_) + "/" + path;
    if (sel_.Row(kPlace) == id) f |= ImGuiTreeNodeFlags_Selected;
    std::string label = std::string(t.matched ? theme::kIconOk : theme::kIconNoMatch) + " " + t.text;
    if (t.reason != ldap::Reason::kChildren) label += std::string("  [") + ldap::ReasonName(t.reason) + "]";
    ImGui::PushStyleColor(ImGuiCol_Text, t.matched ? theme::Pal().ok : theme::Pal().warning);
    ImGui::PushFont(theme::GetFonts().mono);
    bool open = ImGui::TreeNodeEx(&t, f, "%s", label.c_str());
    ImGui::PopFont();
    ImGui::PopStyleColor();
    if (ImGui::IsItemClicked() && !ImGui::IsItemToggledOpen()) {
      sel_.SelectOwned(ctx, kPlace, step, id, t.text);
      if (!step.file.empty() || step.range.end > step.range.begin) ctx.JumpTo(step.file, step.range);
    }
    if (!t.detail.empty()) {
      ImGui::SameLine();
      theme::TextMuted("%s", t.detail.c_str());
    }
    if (open) {
      for (size_t i = 0; i < t.children.size() && i < step.children.size(); ++i)
        DrawTrace(ctx, t.children[i], step.children[i], path + (path.empty() ? "" : ".") + std::to_string(i));
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
      if (sel_service_ == static_cast<int>(i)) highlighted_svc_ = SvcText(m);
      if (ImGui::Selectable(label.c_str(), sel_service_ == static_cast<int>(i))) {
        sel_service_ = static_cast<int>(i);
        BuildStep();
        sel_.SelectOwned(ctx, kPlace, step_, SvcId(sel_ref_, sel_service_), SvcText(m));
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
        DrawTrace(ctx, m.trace, step_, "");
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
  Selections sel_;  // one place (kPlace): a reference, a service, an LDAP node
  std::string pending_row_;  // a restored "ref=N" / "svc=K", selected at the next Draw
  TableOrder order_;         // the References table's sort
  bool copy_request_ = false;  // "copy=1"
  std::string highlighted_ref_, highlighted_svc_;  // drawn highlighted in the last frame (DumpState)
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
