// app/gui/views/targeting/targeting_view.cpp: the targeting view's state, selection and configuration editor (targeting_view.h).
#include "app/gui/views/targeting/targeting_view.h"

namespace cfgi::gui::targeting_view {

std::string TargetingView::SaveState() const {
  std::string s = "ref=" + std::to_string(sel_ref_);
  if (std::string sort = order_.Save(); !sort.empty()) s += ";sort=" + sort;
  return s;
}

nlohmann::ordered_json TargetingView::DumpState() const {
  nlohmann::ordered_json j = EngineView::DumpState();
  j["table"] = room_.ToJson();
  j["tables"] = room_.AllJson();
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

void TargetingView::LoadState(std::string_view state) {
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

void TargetingView::OnEvaluated(const OpenDocument& d) {
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

void TargetingView::Draw(ViewContext& ctx) {
  room_.Reset();
  if (!ws_) {
    theme::TextMuted("Nothing loaded yet.");
    return;
  }
  if (config_dirty_) SubmitConfig(ctx);
  TakeConfigWhatIf(ctx);
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

void TargetingView::Reresolve(const tg::Resolution* res) {
  res_ = res;
  if (sel_ref_ >= static_cast<int>(res_->references.size())) sel_ref_ = 0;
  step_ = doc::Step{};
  DefaultService();
}

void TargetingView::BuildStep() {
  step_ = doc::Step{};
  if (sel_ref_ < 0 || sel_ref_ >= static_cast<int>(res_->references.size())) return;
  const auto& sv = res_->references[static_cast<size_t>(sel_ref_)].services;
  if (sel_service_ < 0 || sel_service_ >= static_cast<int>(sv.size())) return;
  const tg::ServiceMatch& m = sv[static_cast<size_t>(sel_service_)];
  step_ = m.trace.ToStep();
  if (m.service) Relocate(step_, m.service->file, m.service->range);
}

const doc::Step* TargetingView::RefStep(const tg::ResolvedReference& rr) const {
  for (const doc::Step& c : res_->explanation.children) {
    if (c.what != "component " + rr.component->name) continue;
    for (const doc::Step& r : c.children)
      if (r.what == "reference " + rr.reference->name) return &r;
  }
  return &res_->explanation;
}

void TargetingView::SelectRow(ViewContext& ctx, const std::string& id) {
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

void TargetingView::DrawConfig(ViewContext& ctx) {
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

void TargetingView::SubmitConfig(ViewContext& ctx) {
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

void TargetingView::TakeConfigWhatIf(ViewContext& ctx) {
  std::shared_ptr<const tg::ConfigWhatIf> o = config_job_.Take();
  if (!o || !edited_ || o->model != model_sp_) return;
  // The old resolution's steps go away: the selection is made again from the new one (the
  // rows stay selected); the one drawn before stays alive one more outcome.
  sel_.Invalidate();
  order_.Reset();
  previous_ = std::move(shown_);
  shown_ = std::move(o);
  Reresolve(&shown_->resolution);
}

const char* TargetingView::TypeName(size_t i) const {
  ldap::Value v;
  v.kind = kinds_[i];
  static std::string name;
  name = v.type_name();
  return name.c_str();
}

}  // namespace cfgi::gui::targeting_view

namespace cfgi::gui {
std::unique_ptr<EngineView> CreateTargetingView() { return std::make_unique<targeting_view::TargetingView>(); }

std::shared_ptr<const ViewRows> BuildTargetingRows(const Inspection& in) {
  const auto* model = ModelAs<targeting::TargetingModel>(in.model.get());
  if (!model) return nullptr;
  auto t = std::make_shared<targeting_view::ConfigTexts>();
  for (const targeting::ConfigEntry& e : model->workspace.config.entries())
    t->values.push_back(e.value.kind == ldap::Value::Kind::kString ? e.value.s : doc::JsonText(e.value.ToJson()));
  return t;
}

}  // namespace cfgi::gui
