// app/gui/views/txt/txt_view.cpp: the txt view's state, client bar, selection and tabs (txt_view.h).
#include "app/gui/views/txt/txt_view.h"

namespace cfgi::gui::txt_view {

std::string TxtView::SaveState() const {
  std::string s = tabs_.Save();
  if (std::string sort = order_.Save(); !sort.empty()) s += ";sort=" + sort;
  return s;
}

void TxtView::LoadState(std::string_view state) {
  tabs_.Load(state);
  order_.Load(state);
  if (auto v = StateInt(state, "choice")) pending_choice_ = *v;
  if (auto v = StateField(state, "cell")) pending_cell_ = *v;
  if (StateInt(state, "copy") == 1) copy_request_ = true;
  if (auto v = StateField(state, "language")) {
    std::snprintf(language_, sizeof language_, "%s", v->c_str());
    client_edited_ = true;
  }
  if (auto v = StateField(state, "hostname")) {
    std::snprintf(hostname_, sizeof hostname_, "%s", v->c_str());
    client_edited_ = true;
  }
  if (auto v = StateInt(state, "draw")) {
    rand_ = std::clamp(*v, 0, 99);
    client_edited_ = true;
  }
  if (client_edited_ && model_) ShowClient(*doc_);
}

void TxtView::OnEvaluated(const OpenDocument& d) {
  model_ = ModelAs<tx::TxtModel>(d.model());
  model_sp_ = model_ ? std::shared_ptr<const tx::TxtModel>(d.inspection().model, model_) : nullptr;
  analysis_ = model_ ? model_->analysis.get() : nullptr;
  doc_ = &d;
  if (!analysis_) return;
  // Several _grpc_config names: the picked one (the engine's --name / first name by default).
  if (!name_picked_ || name_ >= model_->per_name.size()) {
    name_ = model_->selected_name;
    name_picked_ = false;
  }
  if (!model_->per_name.empty()) analysis_ = model_->per_name[name_].get();
  file_ = analysis_->source->name();
  if (!client_edited_) {
    // The scenario's client, as the engine read it (TxtModel::ClientFor).
    const tx::Client& c = model_->client;
    // --language included: every tab evaluates the same client (the Profiles tab once built its
    // client without it).
    std::snprintf(language_, sizeof language_, "%s", c.language ? c.language->c_str() : "");
    std::snprintf(hostname_, sizeof hostname_, "%s", c.hostname.c_str());
    rand_ = c.rand;
  }
  ShowClient(d);
}

void TxtView::Draw(ViewContext& ctx) {
  if (!analysis_) {
    theme::TextMuted("No DNS source to read.");
    return;
  }
  TakeClientWhatIf(ctx);
  bool changed = false, name_changed = false;
  // The client bar and the records line keep room below them for the tab bar, the Choices
  // tab's summary and its table's 8 rows (TableHeaderArea); with less they scroll inside.
  client_head_.Begin("##client-head", 11);
  if (model_->per_name.size() > 1) {
    // The names of the zone / dig output that carry a grpc_config record, each its own query.
    const auto& names = model_->analysis->names;
    std::string current = names[name_].owner.empty() ? "(raw strings)" : names[name_].owner;
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Name");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14);
    if (ImGui::BeginCombo("##name", current.c_str())) {
      for (size_t i = 0; i < names.size(); ++i) {
        const tx::Name& n = names[i];
        std::string label = (n.owner.empty() ? std::string("(raw strings)") : n.owner) + "  line " +
                            std::to_string(analysis_->source->Locate(n.range.begin).line) + "##" + std::to_string(i);
        if (ImGui::Selectable(label.c_str(), i == name_) && i != name_) {
          name_ = i;
          name_picked_ = true;
          analysis_ = model_->per_name[name_].get();
          name_changed = true;
        }
      }
      ImGui::EndCombo();
    }
    ImGui::SameLine();
  }
  // The client bar, left to right, each label before its field.
  const float fs = ImGui::GetFontSize();
  auto label = [](const char* text) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(text);
    ImGui::SameLine();
  };
  auto next = [fs](float field_em) {  // wraps the bar when the next label and field do not fit
    ImGui::SameLine();
    if (ImGui::GetContentRegionAvail().x < fs * (field_em + 6)) ImGui::NewLine();
  };
  ImGui::PushFont(theme::GetFonts().bold);
  label("Client");
  ImGui::PopFont();
  label("language");
  ImGui::SetNextItemWidth(fs * 7);
  changed |= ImGui::InputTextWithHint("##language", "per profile", language_, sizeof language_);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("The client's language (c++, java, go, ...). Empty: each profile's own language.");
  next(10);
  label("hostname");
  ImGui::SetNextItemWidth(fs * 10);
  changed |= ImGui::InputTextWithHint("##hostname", "any", hostname_, sizeof hostname_);
  next(9);
  label("random draw r");
  ImGui::SetNextItemWidth(fs * 9);
  changed |= ImGui::SliderInt("##draw", &rand_, 0, 99);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("The client's random draw (0-99) that percentage is compared with. Ctrl+click to type it.");
  if (client_edited_) {
    ImGui::SameLine();
    if (ImGui::SmallButton("Scenario's client")) {
      client_edited_ = false;
      OnEvaluated(ctx.document());
      client_head_.End();
      return;
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Back to the client the scenario describes.");
  }
  if (changed) client_edited_ = true;
  if (changed || name_changed) ShowClient(ctx.document());
  if (client_dirty_) SubmitClient(ctx);
  theme::TextMuted("%s, %zu TXT record%s%s%s", tx::InputStyleName(analysis_->records.style),
                   analysis_->records.records.size(), analysis_->records.records.size() == 1 ? "" : "s",
                   client_edited_ ? "; the edited client (not the scenario's)" : "",
                   ClientPending() ? " (evaluating...)" : "");
  // Beside the selected config: would the selected profile's implementation ask DNS at all? A
  // fact about the profile (TxtEngine::profile_settings), not a divergence.
  {
    lookup_profile_ = tx::Profiles().Parse(ctx.document().profile());
    const tx::LookupDefault& lk = tx::LookupDefaultFor(lookup_profile_);
    const char* pname = tx::Profiles().Name(lookup_profile_);
    ImGui::SameLine();
    if (lk.queried_by_default) {
      theme::TextMuted("\u00b7 %s queries TXT by default", pname);
    } else {
      ImGui::TextColored(theme::Pal().warning, "%s %s does not query TXT by default", theme::kIconSkipped, pname);
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s\n(%s)", lk.how, lk.source);
  }
  client_head_.End();

  // The Explanation panel explains what the tab on screen has selected (Selections): on the
  // Choices tab the selected profile's client (which choice it gets and why) until a row or a
  // cell picks one choice; on the Config tab the profile whose column head was clicked; after
  // a profile switch the same row under the new profile; on the Records tab the record clicked
  // (the first by default). Other tabs select nothing.
  room_.Reset();
  highlighted_.clear();
  if (pending_choice_ != -2) {
    const size_t p = pending_cell_.empty() ? CurrentProfile(ctx) : tx::Profiles().Index(tx::Profiles().Parse(pending_cell_));
    SelectChoice(ctx, "tab/0", pending_choice_, p < tx::Profiles().size() ? p : CurrentProfile(ctx), false);
    pending_choice_ = -2;
    pending_cell_.clear();
  }
  if (!tabs_.Begin("##txt")) return;
  if (tabs_.Item(0, "Choices")) {
    Ensure(ctx, "tab/0");
    DrawChoices(ctx);
    ImGui::EndTabItem();
  }
  if (tabs_.Item(1, "Records")) {
    DrawRecords(ctx);
    ImGui::EndTabItem();
  }
  if (tabs_.Item(2, "Attribute")) {
    sel_.Show(ctx, "tab/2");
    DrawAttribute(ctx);
    ImGui::EndTabItem();
  }
  if (tabs_.Item(3, "Rollout")) {
    sel_.Show(ctx, "tab/3");
    DrawRollout();
    ImGui::EndTabItem();
  }
  if (tabs_.Item(4, "Profiles (" + std::to_string(comparison_->size()) + " differ)###div")) {
    sel_.Show(ctx, "tab/4");
    DrawDivergences(ctx);
    ImGui::EndTabItem();
  }
  if (tabs_.Item(5, "Encoder")) {
    sel_.Show(ctx, "tab/5");
    DrawEncoder(ctx);
    ImGui::EndTabItem();
  }
  if (tabs_.Item(6, "Config")) {
    Ensure(ctx, "tab/6");
    DrawConfig(ctx);
    ImGui::EndTabItem();
  }
  tabs_.End();
}

tx::Client TxtView::EditedClient(tx::ProfileId p) const {
  tx::Client c = model_->ClientFor(p);
  if (language_[0]) c.language = language_;
  else if (!model_->language_per_profile.count(tx::Profiles().Name(p))) c.language.reset();
  c.hostname = hostname_;
  c.rand = rand_;
  return c;
}

void TxtView::ShowClient(const OpenDocument& d) {
  what_if_ = client_edited_ || OtherName();
  if (what_if_) client_dirty_ = true;
  if (what_if_ && client_shown_) return;  // the outcome shown stays until the new one arrives
  for (size_t i = 0; i < tx::Profiles().size(); ++i) {
    results_[i] = nullptr;
    why_[i] = nullptr;
  }
  for (const Report& r : d.reports()) {
    const auto* t = ResultAs<tx::TxtResult>(r.typed.get());
    if (!t) continue;
    size_t i = tx::Profiles().Index(t->id);
    results_[i] = t;
    why_[i] = &r.explanation;
  }
  comparison_ = &d.comparison();
  client_shown_.reset();
  BuildConfigLines();
  sel_.Invalidate();  // the steps are the new results' (the rows stay selected)
  order_.Reset();
}

void TxtView::SubmitClient(ViewContext& ctx) {
  client_dirty_ = false;
  if (!model_sp_) return;
  std::vector<tx::Client> clients;
  for (size_t i = 0; i < tx::Profiles().size(); ++i) clients.push_back(EditedClient(tx::Profiles().At(i)));
  client_job_.Submit(ctx, "client", this, "Evaluating the edited client",
                     [model = model_sp_, name = OtherName() ? std::optional<size_t>(name_) : std::nullopt,
                      clients = std::move(clients)](JobProgress& p) {
                       p.Step("every profile", 0);
                       return tx::EvaluateClientEveryProfile(model, name, clients);
                     });
}

void TxtView::TakeClientWhatIf(ViewContext& ctx) {
  std::shared_ptr<const tx::ClientWhatIf> o = client_job_.Take();
  if (!o || !what_if_ || o->model != model_sp_ || o->results.size() != tx::Profiles().size()) return;
  client_previous_ = std::move(client_shown_);
  client_shown_ = std::move(o);
  for (size_t i = 0; i < tx::Profiles().size(); ++i) {
    results_[i] = client_shown_->results[i].get();
    why_[i] = &client_shown_->why[i];
  }
  comparison_ = &client_shown_->comparison;
  BuildConfigLines();
  sel_.Invalidate();  // Draw explains the selected rows again, from the new outcome
  order_.Reset();
}

std::string TxtView::RowId(int choice, size_t p) {
  return (choice < 0 ? std::string("client") : "choice " + std::to_string(choice)) + "@" + tx::Profiles().entries()[p].name;
}

std::optional<TxtView::Pick> TxtView::ParseRow(const std::string& id) {
  const size_t at = id.find('@');
  if (at == std::string::npos) return std::nullopt;
  Pick k;
  if (id.compare(0, 7, "choice ") == 0) k.choice = std::atoi(id.c_str() + 7);
  k.profile = tx::Profiles().Index(tx::Profiles().Parse(id.substr(at + 1)));
  if (k.profile >= tx::Profiles().size()) k.profile = 0;
  return k;
}

size_t TxtView::CurrentProfile(ViewContext& ctx) const {
  const size_t p = tx::Profiles().Index(tx::Profiles().Parse(ctx.document().profile()));
  return p < tx::Profiles().size() ? p : 0;
}

std::string TxtView::PickText(int choice, size_t p) const {
  const char* name = tx::Profiles().entries()[p].name;
  if (!results_[p]) return name;
  const tx::Evaluation& ev = results_[p]->evaluation;
  if (choice < 0) return std::string(name) + ": " + OutcomeLine(ev);
  for (const tx::ChoiceTrace& t : ev.trace)
    if (t.index == choice) return "choice " + std::to_string(choice) + " \u00b7 " + name + ": " + OutcomeWords(t.outcome);
  return "choice " + std::to_string(choice) + " \u00b7 " + name + ": -";
}

void TxtView::SelectChoice(ViewContext& ctx, std::string_view place, int choice, size_t p, bool jump) {
  const doc::Step* step = choice < 0 ? why_[p] : ChoiceStep(why_[p], choice);
  // The subject names the choice and the profile ("choice 1 · grpc-java: selected").
  sel_.SelectTitled(ctx, place, step, PickText(choice, p), RowId(choice, p), PickText(choice, p));
  if (jump && choice >= 0) JumpToChoice(ctx, tx::Profiles().At(p), choice);
}

void TxtView::Ensure(ViewContext& ctx, std::string_view place) {
  if (sel_.Show(ctx, place)) return;
  Pick k = ParseRow(sel_.Row(place)).value_or(Pick{-1, CurrentProfile(ctx)});
  if (sel_.ProfileOf(place) != ctx.document().profile()) k.profile = CurrentProfile(ctx);
  SelectChoice(ctx, place, place == "tab/6" ? -1 : k.choice, k.profile, false);
}

nlohmann::ordered_json TxtView::DumpState() const {
  nlohmann::ordered_json j = EngineView::DumpState();
  j["table"] = room_.ToJson();
  j["tables"] = room_.AllJson();
  if (!analysis_) return j;
  j["client"] = {{"language", language_}, {"hostname", hostname_}, {"draw", rand_}, {"edited", client_edited_},
                 {"pending", ClientPending()},
                 {"lookup", {{"profile", tx::Profiles().Name(lookup_profile_)},
                             {"queried_by_default", tx::LookupDefaultFor(lookup_profile_).queried_by_default}}}};
  nlohmann::ordered_json grid = nlohmann::ordered_json::object(), config = nlohmann::ordered_json::object();
  for (size_t i = 0; i < tx::Profiles().size(); ++i) {
    if (!results_[i]) continue;
    const char* name = tx::Profiles().entries()[i].name;
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    for (const tx::ChoiceTrace& t : results_[i]->evaluation.trace) {
      std::string cells = OutcomeWords(t.outcome);
      for (const auto& [crit, verdict] : t.criteria) cells += std::string(", ") + CriterionWord(crit) + " " + VerdictWord(verdict);
      rows.push_back(cells);
    }
    grid[name] = std::move(rows);
    config[name] = {{"outcome", OutcomeLine(results_[i]->evaluation)}, {"tree", tx::ConfigTreeText(config_[i] ? *config_[i] : kNoLines)}};
  }
  j["choices"] = std::move(grid);
  j["config"] = std::move(config);
  nlohmann::ordered_json differing = nlohmann::ordered_json::array();
  for (const tx::ConfigRow& r : config_rows_)
    if (r.differs) differing.push_back(r.key);
  j["config_rows"] = {{"rows", config_rows_.size()}, {"differing", std::move(differing)}};
  // What the Explanation explains (the tab on screen's selection), the row drawn highlighted,
  // and the Choices table's rows in the order shown.
  j["explains"] = sel_.ToJson();
  j["highlighted"] = highlighted_.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(highlighted_);
  nlohmann::ordered_json order = nlohmann::ordered_json::array();
  for (size_t i : order_.order()) order.push_back(static_cast<int>(i));
  j["order"] = std::move(order);
  return j;
}

}  // namespace cfgi::gui::txt_view

namespace cfgi::gui {

std::unique_ptr<EngineView> CreateTxtView() { return std::make_unique<txt_view::TxtView>(); }
// No worker-side rows: the view draws the typed results (views.cpp).
std::shared_ptr<const ViewRows> BuildTxtRows(const Inspection&) { return nullptr; }

}  // namespace cfgi::gui
