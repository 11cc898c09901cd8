// The txt view (gRPC A2: service config in DNS TXT records). It draws the document's inspection:
// the engine's TxtModel (records and every profile's compiled choices) and one TxtResult per
// profile for the scenario's client, compared by the document's comparison. The simulated client
// (language, hostname, draw) is editable here: a what-if the worker evaluates on the loaded model
// under every profile and compares (txt::EvaluateClientEveryProfile, a job), as the Encoder tab's
// text is encoded on the worker (txt::Encode): the view only draws their outcomes.
//   Records      every TXT record: its character-strings with byte counts against the 255 limit
//   Attribute    per profile, the grpc_config attribute it reads, pretty-printed, errors located
//   Choices      per choice and profile: ✓/✗ per criterion and the outcome; click for the why
//   Rollout      per profile the real share of every choice
//   Profiles     where the profiles disagree for this client
//   Encoder      JSON in, TXT records out (updated as you type)
//   Config       per profile, the service config this client ends up with, as a tree
// The client bar reads left to right, each label before its field (Client: language [..]
// hostname [..] random draw r [..]); the Choices grid says words ("language ✓"), not tokens.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <imgui.h>

#include "app/gui/theme.h"
#include "app/gui/views/view.h"
#include "app/gui/views/txt_config.h"
#include "app/gui/views/txt_words.h"
#include "app/gui/views/view_tabs.h"
#include "core/txt/txt_encode.h"
#include "core/txt/txt_engine.h"
#include "core/txt/txt_model.h"

namespace cfgi::gui {

namespace {

namespace tx = cfgi::txt;
using namespace txt_words;  // VerdictIcon, CriterionWord, ... (txt_words.h)

class TxtView final : public EngineView {
 public:

  // "tab=N[;sort=C]": the open tab and the Choices table's sort column ("-C": descending).
  // Loading also takes an edited client (the --view hook and tests): "language=L",
  // "hostname=H", "draw=R", each optional; any of them makes the client edited; "choice=N" (and
  // "cell=PROFILE") selects a row of the Choices table as a click does, "copy=1" copies the
  // Choices table as text at the next Draw, as its context menu's "Copy as text" does.
  std::string SaveState() const override {
    std::string s = tabs_.Save();
    if (std::string sort = order_.Save(); !sort.empty()) s += ";sort=" + sort;
    return s;
  }
  void LoadState(std::string_view state) override {
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
  void OnEvaluated(const OpenDocument& d) override {
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

  void Draw(ViewContext& ctx) override {
    if (!analysis_) {
      theme::TextMuted("No DNS source to read.");
      return;
    }
    TakeClientOutcome(ctx);
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
    // a profile switch the same row under the new profile. Other tabs select nothing.
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
      sel_.Show(ctx, "tab/1");
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

 private:
  // The edited client for profile p: the typed language, else the scenario's language for p.
  tx::Client EditedClient(tx::ProfileId p) const {
    tx::Client c = model_->ClientFor(p);
    if (language_[0]) c.language = language_;
    else if (!model_->language_per_profile.count(tx::Profiles().Name(p))) c.language.reset();
    c.hostname = hostname_;
    c.rand = rand_;
    return c;
  }

  // The document's results for the scenario's client. The edited client, or another name of the
  // source, is a what-if the worker evaluates (tx::EvaluateClientEveryProfile, a job keyed
  // "client/<view>"; a newer edit cancels the older): until its outcome arrives the view draws
  // what it has, marked pending. Pointers go into the document's reports or into the outcome
  // shown, which holds its model.
  void ShowClient(const OpenDocument& d) {
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

  // The user picked a _grpc_config name other than the one the engine evaluated.
  bool OtherName() const { return model_->per_name.size() > 1 && name_ != model_->selected_name; }

  bool ClientPending() const { return what_if_ && (client_dirty_ || client_job_.pending() || !client_shown_); }

  void SubmitClient(ViewContext& ctx) {
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

  // Takes the what-if's outcome the worker delivered; the one drawn before stays alive one more
  // outcome (the Explanation panel may still point into it this frame).
  void TakeClientOutcome(ViewContext& ctx) {
    std::shared_ptr<const tx::ClientOutcome> o = client_job_.Take();
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

  // ---- what is selected (Selections: "tab/0" Choices, "tab/6" Config) ----
  // Row ids: "client@PROFILE" (the profile's whole evaluation: a summary head, a Config column
  // head), "choice N@PROFILE" (choice N under that profile: a row, or a cell of that column).
  struct Pick {
    int choice = -1;  // -1: the client's whole evaluation
    size_t profile = 0;
  };
  static std::string RowId(int choice, size_t p) {
    return (choice < 0 ? std::string("client") : "choice " + std::to_string(choice)) + "@" + tx::Profiles().entries()[p].name;
  }
  static std::optional<Pick> ParseRow(const std::string& id) {
    const size_t at = id.find('@');
    if (at == std::string::npos) return std::nullopt;
    Pick k;
    if (id.compare(0, 7, "choice ") == 0) k.choice = std::atoi(id.c_str() + 7);
    k.profile = tx::Profiles().Index(tx::Profiles().Parse(id.substr(at + 1)));
    if (k.profile >= tx::Profiles().size()) k.profile = 0;
    return k;
  }
  Pick Picked(std::string_view place) const { return ParseRow(sel_.Row(place)).value_or(Pick{-2, 0}); }
  size_t CurrentProfile(ViewContext& ctx) const {
    const size_t p = tx::Profiles().Index(tx::Profiles().Parse(ctx.document().profile()));
    return p < tx::Profiles().size() ? p : 0;
  }
  // The text of the row the subject names: "grpc-core (language c++)", "choice 1 · grpc-java: selected".
  std::string PickText(int choice, size_t p) const {
    const char* name = tx::Profiles().entries()[p].name;
    if (!results_[p]) return name;
    const tx::Evaluation& ev = results_[p]->evaluation;
    if (choice < 0) return std::string(name) + ": " + OutcomeLine(ev);
    for (const tx::ChoiceTrace& t : ev.trace)
      if (t.index == choice) return "choice " + std::to_string(choice) + " \u00b7 " + name + ": " + OutcomeWords(t.outcome);
    return "choice " + std::to_string(choice) + " \u00b7 " + name + ": -";
  }
  void SelectChoice(ViewContext& ctx, std::string_view place, int choice, size_t p, bool jump) {
    const doc::Step* step = choice < 0 ? why_[p] : ChoiceStep(why_[p], choice);
    // The subject names the choice and the profile ("choice 1 · grpc-java: selected").
    sel_.SelectTitled(ctx, place, step, PickText(choice, p), RowId(choice, p), PickText(choice, p));
    if (jump && choice >= 0) JumpToChoice(ctx, tx::Profiles().At(p), choice);
  }
  // Shows `place`'s selection; when its step is gone (a profile switch, an evaluation, the edited
  // client's outcome) the same row again, under the selected profile if that changed; nothing
  // selected yet: the selected profile's client.
  void Ensure(ViewContext& ctx, std::string_view place) {
    if (sel_.Show(ctx, place)) return;
    Pick k = ParseRow(sel_.Row(place)).value_or(Pick{-1, CurrentProfile(ctx)});
    if (sel_.ProfileOf(place) != ctx.document().profile()) k.profile = CurrentProfile(ctx);
    SelectChoice(ctx, place, place == "tab/6" ? -1 : k.choice, k.profile, false);
  }

  // Sort comparison of two rows of the Choices table (choice positions): by position, or by a
  // profile's outcome for the choice (selected, skipped, error, not reached, none).
  int CompareChoices(size_t a, size_t b, int column) const {
    if (column == 0) return TableOrder::Cmp(a, b);
    const size_t p = static_cast<size_t>(column - 1);
    if (p >= tx::Profiles().size() || !results_[p]) return 0;
    const auto& trace = results_[p]->evaluation.trace;
    auto rank = [&trace](size_t i) {
      if (i >= trace.size()) return 5;
      const std::string& o = trace[i].outcome;
      return o == "selected" ? 0 : o == "skipped" ? 1 : o == "error" ? 2 : o == "not-reached" ? 3 : 4;
    };
    return TableOrder::Cmp(rank(a), rank(b));
  }
  // A Choices cell as drawn: the outcome, then each criterion's verdict ("✓ selected ✓ language").
  std::string ChoiceCell(size_t p, size_t row) const {
    const auto& trace = results_[p]->evaluation.trace;
    if (row >= trace.size()) return "-";
    const tx::ChoiceTrace& t = trace[row];
    std::string cell = (t.outcome == "selected" ? std::string(theme::kIconOk) + " " : "") + OutcomeWords(t.outcome);
    for (const auto& [crit, verdict] : t.criteria) cell += std::string("  ") + VerdictIcon(verdict) + " " + CriterionWord(crit);
    return cell;
  }
  // The Choices table as it shows it, in the order shown (Copy as text).
  std::string ChoicesText() const {
    std::vector<std::string> header = {"Choice"};
    for (const auto& e : tx::Profiles().entries()) header.push_back(e.name);
    std::vector<std::vector<std::string>> rows;
    for (size_t row : order_.order()) {
      std::vector<std::string> cells = {"choice " + std::to_string(row)};
      for (size_t i = 0; i < tx::Profiles().size(); ++i) cells.push_back(results_[i] ? ChoiceCell(i, row) : "-");
      rows.push_back(std::move(cells));
    }
    return theme::TableText(header, rows);
  }

  static constexpr ImGuiTableFlags kTable = ImGuiTableFlags_BordersV | ImGuiTableFlags_BordersOuterH |
                                            ImGuiTableFlags_Resizable | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY;

  // One choice's step in a profile's explanation ("choice N"), else the whole evaluation.
  static const doc::Step* ChoiceStep(const doc::Step* why, int index) {
    if (!why) return why;
    const std::string name = "choice " + std::to_string(index);
    for (const doc::Step& c : why->children)
      if (c.what == name) return &c;
    return why;
  }

  void DrawChoices(ViewContext& ctx) {
    size_t n = 0;
    for (const tx::TxtResult* r : results_) n = std::max(n, r->evaluation.trace.size());
    // The table below keeps its 8 rows; an empty one leaves the room to the heads and to why.
    choices_head_.Begin("##choices-head", n == 0 ? 1.0f : 8.0f);
    // Summary per profile.
    if (ImGui::BeginTable("##summary", 4, ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchSame)) {
      for (size_t i = 0; i < tx::Profiles().size(); ++i) {
        ImGui::TableNextColumn();
        const tx::Evaluation& ev = results_[i]->evaluation;
        ImGui::PushID(static_cast<int>(i));
        // The profile's name on the head, its language under it (a narrow column cuts neither).
        std::string head = tx::Profiles().entries()[i].name;
        const Pick picked = Picked("tab/0");
        const bool head_sel = picked.choice == -1 && picked.profile == i;
        if (head_sel) highlighted_ = PickText(-1, i);
        if (ImGui::Selectable(head.c_str(), head_sel)) SelectChoice(ctx, "tab/0", -1, i, false);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Click for this profile's whole evaluation.");
        theme::TextMuted("%s", ev.language_unknown ? "any language" : ("language " + ev.language).c_str());
        if (!ev.by_language.empty()) {
          // a2 without a language, and the answer depends on it: the outcome per language.
          ImGui::TextColored(theme::Pal().warning, "%s depends on the language:", theme::kIconSkipped);
          for (const tx::LanguageOutcome& o : ev.by_language) {
            std::string who = o.other ? "any other" : o.language;
            if (o.error) ImGui::TextWrapped("  %s: %s error", who.c_str(), theme::kIconError);
            else if (o.choice) ImGui::Text("  %s: %s choice %d", who.c_str(), theme::kIconOk, *o.choice);
            else ImGui::Text("  %s: %s no service config", who.c_str(), theme::kIconNoMatch);
          }
        } else if (ev.error)
        {
          ImGui::PushStyleColor(ImGuiCol_Text, theme::Pal().error);
          ImGui::TextWrapped("%s error: %s", theme::kIconError, ev.error->c_str());
          ImGui::PopStyleColor();
        }
        else if (ev.choice)
          ImGui::TextColored(theme::Pal().ok, "%s choice %d", theme::kIconOk, *ev.choice);
        else
          ImGui::TextColored(theme::Pal().warning, "%s no service config", theme::kIconNoMatch);
        // Beside the selected config: would this implementation have asked DNS at all?
        const tx::LookupDefault& lookup = tx::LookupDefaultFor(tx::Profiles().At(i));
        if (lookup.queried_by_default) {
          theme::TextMuted("TXT lookup on by default");
        } else {
          ImGui::TextColored(theme::Pal().warning, "%s TXT lookup off by default", theme::kIconSkipped);
        }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s\n(%s)", lookup.how, lookup.source);
        ImGui::PopID();
      }
      ImGui::EndTable();
    }
    ImGui::PushTextWrapPos(0);
    if (n == 0)  // an empty table says why
      theme::TextMuted("No choices to compare: no profile read a list of choices from the records (its error or "
                       "\"no service config\" above; Problems says where).");
    else
      theme::TextMuted("Each choice's criteria: %s passes, %s fails, %s is an error, %s not reached. Click a cell for "
                       "the profile's explanation.", theme::kIconOk, theme::kIconNoMatch, theme::kIconError, theme::kIconSkipped);
    ImGui::PopTextWrapPos();
    choices_head_.End();
    std::vector<theme::FitColumn> cols = {{"Choice", ImGuiTableColumnFlags_WidthFixed | ImGuiTableColumnFlags_DefaultSort, 0}};
    for (const auto& e : tx::Profiles().entries()) cols.push_back({e.name, 0, 1.0f});
    // Each profile's column holds its longest criterion word whole ("✓ service config"): below
    // that width the table scrolls sideways rather than cut the words.
    const float word = ImGui::CalcTextSize((std::string(theme::kIconOk) + " service config").c_str()).x +
                       ImGui::GetStyle().CellPadding.x * 2;
    const float min_em = (ImGui::CalcTextSize("choice 00").x + word * static_cast<float>(tx::Profiles().size())) /
                         ImGui::GetFontSize();
    if (!theme::BeginTableFit("##choices", cols, kTable | ImGuiTableFlags_Sortable, ImVec2(0, 0), min_em)) return;
    ImGui::TableSetupScrollFreeze(1, 1);
    order_.Update(n, [this](size_t a, size_t b, int column) { return CompareChoices(a, b, column); });
    ImGui::TableHeadersRow();
    const Pick picked = Picked("tab/0");
    const size_t current = CurrentProfile(ctx);
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(n));
    while (clip.Step()) {
      for (int shown = clip.DisplayStart; shown < clip.DisplayEnd; ++shown) {
        const int row = static_cast<int>(order_.order()[static_cast<size_t>(shown)]);
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::PushID(row);
        // The row: choice N under the selected profile (its cell is highlighted with it).
        const bool row_sel = picked.choice == row;
        if (row_sel) highlighted_ = PickText(row, picked.profile);
        if (ImGui::Selectable(("choice " + std::to_string(row) + "##row").c_str(), row_sel))
          SelectChoice(ctx, "tab/0", row, current, true);
        ImGui::PopID();
        for (size_t i = 0; i < tx::Profiles().size(); ++i) {
          ImGui::TableNextColumn();
          const tx::Evaluation& ev = results_[i]->evaluation;
          if (static_cast<size_t>(row) >= ev.trace.size()) {
            theme::TextMuted("-");
            continue;
          }
          const tx::ChoiceTrace& t = ev.trace[static_cast<size_t>(row)];
          ImGui::PushID(row * 8 + static_cast<int>(i));
          ImVec4 oc = t.outcome == "selected" ? theme::Pal().ok
                      : t.outcome == "error"  ? theme::Pal().error
                                              : theme::Pal().muted;
          ImGui::PushStyleColor(ImGuiCol_Text, oc);
          std::string label = (t.outcome == "selected" ? std::string(theme::kIconOk) + " " : "") + OutcomeWords(t.outcome);
          bool click = ImGui::Selectable(label.c_str(), picked.choice == t.index && picked.profile == i);
          ImGui::PopStyleColor();
          if (click) SelectChoice(ctx, "tab/0", t.index, i, true);
          for (const auto& [crit, verdict] : t.criteria) {
            // Wrap inside the cell rather than overflow into the next profile's column; the
            // verdict first, so a column too narrow for the word still shows it.
            char cell[48];
            std::snprintf(cell, sizeof cell, "%s %s", VerdictIcon(verdict), CriterionWord(crit));
            ImGui::SameLine();
            if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(cell).x) ImGui::NewLine();
            ImGui::TextColored(VerdictColor(verdict), "%s", cell);
            if (ImGui::IsItemHovered())
              ImGui::SetTooltip("%s (%s) %s", CriterionWord(crit), tx::CriterionName(crit), VerdictWord(verdict));
          }
          ImGui::PopID();
        }
      }
    }
    if (theme::TableCopyMenu(ctx.selected_explanation()) || copy_request_) ImGui::SetClipboardText(ChoicesText().c_str());
    copy_request_ = false;
    room_.Measure("choices", n);
    ImGui::EndTable();
  }

  void JumpToChoice(ViewContext& ctx, tx::ProfileId p, int index) {
    const tx::Compiled& c = analysis_->of(p);
    for (const tx::Choice& ch : c.choices) {
      if (ch.index != index || !ch.node) continue;
      if (ch.attribute < 0 || static_cast<size_t>(ch.attribute) >= c.attributes.size()) return;
      const tx::MappedText& m = c.attributes[static_cast<size_t>(ch.attribute)].json;
      ctx.JumpTo(file_, m.Map(ch.node->range().begin, ch.node->range().end));
      return;
    }
  }

  void DrawRecords(ViewContext& ctx) {
    if (!ImGui::BeginTable("##records", 5, kTable)) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("Record", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 10);
    ImGui::TableSetupColumn("String", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 3);
    ImGui::TableSetupColumn("Bytes / 255", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 6);
    ImGui::TableSetupColumn("grpc_config=", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 6);
    ImGui::TableSetupColumn("Decoded", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    int id = 0;
    for (size_t r = 0; r < analysis_->records.records.size(); ++r) {
      const tx::TxtRecord& rec = analysis_->records.records[r];
      for (size_t s = 0; s < rec.strings.size(); ++s) {
        const tx::CharString& cs = rec.strings[s];
        ImGui::PushID(id++);
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        std::string label = s == 0 ? "#" + std::to_string(r) + " " + (rec.owner.empty() ? "(raw)" : rec.owner) : "";
        if (ImGui::Selectable((label + "##rec").c_str(), false, ImGuiSelectableFlags_SpanAllColumns))
          ctx.JumpTo(file_, cs.range);
        ImGui::TableNextColumn();
        ImGui::Text("%zu", s);
        ImGui::TableNextColumn();
        size_t b = cs.text.bytes.size();
        if (b > tx::kMaxStringBytes)
          ImGui::TextColored(theme::Pal().error, "%s %zu", theme::kIconError, b);
        else if (b > 240)
          ImGui::TextColored(theme::Pal().warning, "%zu (near)", b);
        else
          ImGui::Text("%zu", b);
        ImGui::TableNextColumn();
        if (s == 0) {
          if (rec.has_prefix()) ImGui::TextColored(theme::Pal().ok, "%s yes", theme::kIconOk);
          else theme::TextMuted("no");
        }
        ImGui::TableNextColumn();
        ImGui::PushFont(theme::GetFonts().mono);
        std::string t = cs.text.bytes.size() > 300 ? cs.text.bytes.substr(0, 297) + "..." : cs.text.bytes;
        ImGui::TextUnformatted(t.c_str());
        ImGui::PopFont();
        ImGui::PopID();
      }
    }
    ImGui::EndTable();
  }

  void DrawAttribute(ViewContext& ctx) {
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10);
    const char* names[] = {"grpc-core", "grpc-java", "grpc-go", "a2"};
    ImGui::Combo("profile", &attr_profile_, names, 4);
    const tx::Compiled& c = analysis_->of(tx::Profiles().At(static_cast<size_t>(attr_profile_)));
    if (!c.found) {
      ImGui::TextColored(theme::Pal().warning, "%s no grpc_config attribute read by this profile", theme::kIconNoMatch);
    }
    for (const std::string& note : c.notes) theme::TextMuted("%s %s", theme::kIconNote, note.c_str());
    if (!c.global_error.empty())
      ImGui::TextColored(theme::Pal().error, "%s %s", theme::kIconError, c.global_error.c_str());
    for (size_t i = 0; i < c.diagnostics.size(); ++i) {
      const doc::Diagnostic& is = c.diagnostics[i];
      ImGui::PushID(static_cast<int>(i));
      std::string t = std::string(theme::SeverityIcon(is.severity)) + " " + is.code + " " + is.message +
                      (is.path.empty() ? "" : "  at " + is.path);
      ImGui::PushStyleColor(ImGuiCol_Text, theme::SeverityColor(is.severity));
      if (ImGui::Selectable(t.c_str())) ctx.JumpTo(file_, is.range);
      ImGui::PopStyleColor();
      ImGui::PopID();
    }
    for (size_t a = 0; a < c.attributes.size(); ++a) {
      const tx::Attribute& at = c.attributes[a];
      ImGui::Separator();
      std::string recs;
      for (int r : at.records) recs += (recs.empty() ? "#" : ", #") + std::to_string(r);
      ImGui::Text("Attribute %zu (records %s), %zu bytes", a, recs.c_str(), at.json.bytes.size());
      if (at.parse.error != tx::JsonParse::Error::kNone) {
        ImGui::PushID(static_cast<int>(a));
        std::string t = std::string(theme::kIconError) + " JSON: " + at.parse.message + " (byte " +
                        std::to_string(at.parse.error_offset) + ") - click to locate";
        ImGui::PushStyleColor(ImGuiCol_Text, theme::Pal().error);
        if (ImGui::Selectable(t.c_str())) ctx.JumpTo(file_, at.json.Map(at.parse.error_offset, at.parse.error_offset + 1));
        ImGui::PopStyleColor();
        ImGui::PopID();
      }
      ImGui::PushFont(theme::GetFonts().mono);
      ImGui::TextUnformatted(at.pretty.c_str());
      ImGui::PopFont();
    }
  }

  void DrawRollout() {
    theme::TextMuted("The real share of each outcome over the draw r (this client's language and hostname).");
    for (size_t i = 0; i < tx::Profiles().size(); ++i) {
      ImGui::Separator();
      ImGui::TextUnformatted(tx::Profiles().entries()[i].name);
      for (const tx::Share& s : results_[i]->rollout.shares) {
        char label[64];
        if (s.choice >= 0) std::snprintf(label, sizeof label, "choice %d: %.1f%%", s.choice, s.percent);
        else if (s.choice == -1) std::snprintf(label, sizeof label, "no service config: %.1f%%", s.percent);
        else std::snprintf(label, sizeof label, "error: %.1f%%", s.percent);
        ImGui::ProgressBar(static_cast<float>(s.percent / 100.0), ImVec2(ImGui::GetFontSize() * 24, 0), label);
      }
    }
  }

  // The one comparison (the document's for the scenario's client, cfgi::Compare for an edited one).
  void DrawDivergences(ViewContext& ctx) {
    std::vector<const Divergence*> all;
    for (const Divergence& d : comparison_->divergences) all.push_back(&d);
    theme::TextMuted(client_edited_ ? "For the edited client." : "For the scenario's client (as `eval --profile all` prints it).");
    DrawComparison("##div", ctx.document(), all, "");
  }

  // Config: the service config the client ends up with, one tree with a column per profile (the
  // rows the engine's trees merged into, txt_config.h), the rows where they differ marked ⇄; the
  // first row each profile's outcome (click: its explanation).
  void DrawConfig(ViewContext& ctx) {
    const size_t differ = txt_config::CountDiffering(config_rows_);
    theme::TextMuted("%s %s", client_edited_ ? "What the edited client ends up with, per profile." : "What the scenario's client ends up with, per profile.",
                     differ == 0 ? "" : (std::string(theme::kIconDiverge) + " " + std::to_string(differ) + (differ == 1 ? " value differs." : " values differ.")).c_str());
    const int n = static_cast<int>(tx::Profiles().size());
    if (config_min_em_ < 0) config_min_em_ = txt_config::MinWidthEm(config_rows_);
    // Below the width its keys and values need, the table scrolls sideways instead of cutting them.
    if (!theme::BeginTableMinWidth("##config", n + 1, ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_Resizable | ImGuiTableFlags_ScrollY |
                                                      ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp,
                                   config_min_em_))
      return;
    ImGui::TableSetupScrollFreeze(1, 1);
    ImGui::TableSetupColumn("Field", ImGuiTableColumnFlags_WidthStretch, 1.6f);
    for (const auto& e : tx::Profiles().entries()) ImGui::TableSetupColumn(e.name, ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableHeadersRow();
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    theme::TextMuted("outcome");
    const Pick picked = Picked("tab/6");
    for (size_t i = 0; i < tx::Profiles().size(); ++i) {
      ImGui::TableNextColumn();
      ImGui::PushID(static_cast<int>(i));
      const tx::Evaluation& ev = results_[i]->evaluation;
      const std::string head = OutcomeLine(ev);
      ImGui::PushStyleColor(ImGuiCol_Text, ev.error ? theme::Pal().error : ev.choice ? theme::Pal().ok : theme::Pal().warning);
      if (picked.profile == i && picked.choice == -1) highlighted_ = PickText(-1, i);
      if (ImGui::Selectable(head.c_str(), picked.profile == i && picked.choice == -1)) SelectChoice(ctx, "tab/6", -1, i, false);
      ImGui::PopStyleColor();
      theme::TooltipIfClipped(head.c_str(), ImGui::GetColumnWidth());
      ImGui::PopID();
    }
    txt_config::DrawRows(config_rows_);
    ImGui::EndTable();
  }

  // A profile's outcome in one line: "choice 1", "no service config", "error: ...", "depends on
  // the language".
  static std::string OutcomeLine(const tx::Evaluation& ev) {
    if (!ev.by_language.empty()) return std::string(theme::kIconSkipped) + " depends on the language (see Choices)";
    if (ev.error) return std::string(theme::kIconError) + " error: " + *ev.error;
    if (ev.choice) return std::string(theme::kIconOk) + " choice " + std::to_string(*ev.choice);
    return std::string(theme::kIconNoMatch) + " no service config";
  }

  // The tree lines the engine built with each profile's service config (txt_config_tree.h).
  // The Config tab's rows: the trees merged by path, the differing rows marked (a service
  // config is a few dozen lines; merged once per result, not per frame).
  void BuildConfigLines() {
    std::vector<const std::vector<tx::ConfigLine>*> trees;
    for (size_t i = 0; i < tx::Profiles().size(); ++i) {
      config_[i] = results_[i] ? results_[i]->evaluation.service_config_lines : nullptr;
      trees.push_back(config_[i].get());
    }
    config_rows_ = tx::MergeConfigTrees(trees);
    config_min_em_ = -1;  // measured again at the next draw
  }

 public:
  // The test hook: the client bar, the Choices grid's words and each profile's config tree.
  nlohmann::ordered_json DumpState() const override {
    nlohmann::ordered_json j = EngineView::DumpState();
    j["table"] = room_.ToJson();
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

 private:
  // The text is read and encoded on the worker (tx::Encode, a job keyed "encode/<view>"); the
  // tab draws the last outcome until the newer one arrives.
  void DrawEncoder(ViewContext& ctx) {
    theme::TextMuted("A service config, one choice or a list of choices; the records update as you type.");
    char* buf = encoder_buf_;
    if (encoder_text_.empty()) {
      encoder_text_ = "[{\"clientLanguage\": [\"java\"], \"serviceConfig\": {\"loadBalancingConfig\": [{\"round_robin\": {}}]}}]";
      std::snprintf(buf, sizeof encoder_buf_, "%s", encoder_text_.c_str());
      encoder_dirty_ = true;
    }
    ImGui::PushFont(theme::GetFonts().mono);
    if (ImGui::InputTextMultiline("##enc", buf, sizeof encoder_buf_, ImVec2(-1, ImGui::GetFontSize() * 8))) {
      encoder_text_ = buf;
      encoder_dirty_ = true;
    }
    ImGui::PopFont();
    if (encoder_dirty_) {
      encoder_dirty_ = false;
      encode_job_.Submit(ctx, "encode", this, "Encoding the service config", [text = encoder_text_](JobProgress& p) {
        p.Step("encode", 0);
        return tx::Encode(doc::Source("encoder.json", text));
      });
    }
    if (auto o = encode_job_.Take()) encoded_ = std::move(o);
    if (!encoded_) {
      theme::TextMuted("Encoding...");
      return;
    }
    const tx::EncodeResult& enc = *encoded_;
    if (!enc.ok) {
      for (const doc::Diagnostic& d : enc.diagnostics)
        ImGui::TextColored(theme::Pal().error, "%s %s", theme::kIconError, d.message.c_str());
      return;
    }
    ImGui::Text("%zu string%s, RDATA %zu bytes, DNS answer %zu bytes %s", enc.strings.size(),
                enc.strings.size() == 1 ? "" : "s", enc.rdata_bytes, enc.message_bytes,
                enc.message_bytes > 512 ? "(over 512: TCP fallback)" : "(fits UDP 512)");
    ImGui::PushFont(theme::GetFonts().mono);
    ImGui::TextUnformatted("zone file:");
    ImGui::TextWrapped("%s", enc.zone.c_str());
    ImGui::TextUnformatted("dig:");
    ImGui::TextWrapped("%s", enc.dig.c_str());
    ImGui::PopFont();
  }

  ViewTabs tabs_;
  Selections sel_;            // per tab: "tab/0" Choices, "tab/6" Config
  TableOrder order_{true};    // the Choices table's sort (by choice ascending: the list's order)
  std::string highlighted_;   // the row drawn highlighted in the last frame (DumpState)
  int pending_choice_ = -2;   // LoadState's "choice=N" (-1: the client), selected at the next Draw
  std::string pending_cell_;  // LoadState's "cell=PROFILE" with it
  bool copy_request_ = false; // LoadState's "copy=1"
  TableRoom room_;  // the Choices table (DumpState "table")
  TableHeaderArea client_head_, choices_head_;  // above the tabs; above the Choices table
  const tx::TxtModel* model_ = nullptr;
  const tx::Analysis* analysis_ = nullptr;  // the model's
  tx::ProfileId lookup_profile_ = tx::ProfileId::kCore;  // the client bar's "queries TXT by default" (DumpState)
  const OpenDocument* doc_ = nullptr;
  std::string file_;
  char language_[64] = {};
  size_t name_ = 0;          // index into model_->per_name (the picked _grpc_config name)
  bool name_picked_ = false; // the user picked a name other than the engine's
  char hostname_[256] = {};
  int rand_ = 0;
  bool client_edited_ = false;
  // Per profile (ProfileSet order): the document's results, or the what-if's (client_shown_).
  const tx::TxtResult* results_[4] = {};
  const doc::Step* why_[4] = {};
  const Comparison* comparison_ = nullptr;
  std::shared_ptr<const tx::TxtModel> model_sp_;  // model_, shared with the what-if job
  WorkerOutcome<tx::ClientOutcome> client_job_;
  std::shared_ptr<const tx::ClientOutcome> client_shown_, client_previous_;
  bool what_if_ = false;       // the edited client or another name: results_ come from a job
  bool client_dirty_ = false;  // the next Draw submits the what-if
  int attr_profile_ = 0;
  std::string encoder_text_;
  char encoder_buf_[16384] = {};
  // Per profile: the service config it ends up with, as the engine's tree lines (null: none).
  std::shared_ptr<const std::vector<tx::ConfigLine>> config_[4];
  std::vector<tx::ConfigRow> config_rows_;  // config_ merged (BuildConfigLines)
  float config_min_em_ = -1;                // the Config table's width need (txt_config::MinWidthEm)
  static inline const std::vector<tx::ConfigLine> kNoLines;
  bool encoder_dirty_ = true;
  WorkerOutcome<tx::EncodeResult> encode_job_;
  std::shared_ptr<const tx::EncodeResult> encoded_;
};

}  // namespace

std::unique_ptr<EngineView> CreateTxtView() { return std::make_unique<TxtView>(); }

}  // namespace cfgi::gui
