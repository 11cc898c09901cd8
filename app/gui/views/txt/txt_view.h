// app/gui/views/txt/txt_view.h: the txt view (gRPC A2: service config in DNS TXT records), one file per tab:
//   txt_view.cpp (state, the client bar, selection), txt_choices.cpp, txt_records.cpp (Records,
//   Attribute, Rollout), txt_profiles.cpp (Profiles, Config), txt_encoder.cpp.
// It draws the document's inspection:
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
#pragma once

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <imgui.h>

#include "app/gui/theme.h"
#include "app/gui/views/txt/txt_config.h"
#include "app/gui/views/txt/txt_words.h"
#include "app/gui/views/view.h"
#include "app/gui/views/view_tabs.h"
#include "core/txt/txt_encode.h"
#include "core/txt/txt_engine.h"
#include "core/txt/txt_model.h"

namespace cfgi::gui::txt_view {

namespace tx = cfgi::txt;
using namespace txt_words;  // VerdictIcon, CriterionWord, ... (txt_words.h)

class TxtView final : public EngineView {
 public:

  // "tab=N[;sort=C]": the open tab and the Choices table's sort column ("-C": descending).
  // Loading also takes an edited client (the --view hook and tests): "language=L",
  // "hostname=H", "draw=R", each optional; any of them makes the client edited; "choice=N" (and
  // "cell=PROFILE") selects a row of the Choices table as a click does, "copy=1" copies the
  // Choices table as text at the next Draw, as its context menu's "Copy as text" does.
  std::string SaveState() const override;
  void LoadState(std::string_view state) override;
  void OnEvaluated(const OpenDocument& d) override;

  void Draw(ViewContext& ctx) override;

 private:
  // The edited client for profile p: the typed language, else the scenario's language for p.
  tx::Client EditedClient(tx::ProfileId p) const;

  // The document's results for the scenario's client. The edited client, or another name of the
  // source, is a what-if the worker evaluates (tx::EvaluateClientEveryProfile, a job keyed
  // "client/<view>"; a newer edit cancels the older): until its outcome arrives the view draws
  // what it has, marked pending. Pointers go into the document's reports or into the outcome
  // shown, which holds its model.
  void ShowClient(const OpenDocument& d);

  // The user picked a _grpc_config name other than the one the engine evaluated.
  bool OtherName() const { return model_->per_name.size() > 1 && name_ != model_->selected_name; }

  bool ClientPending() const { return what_if_ && (client_dirty_ || client_job_.pending() || !client_shown_); }

  void SubmitClient(ViewContext& ctx);

  // Takes the what-if's outcome the worker delivered; the one drawn before stays alive one more
  // outcome (the Explanation panel may still point into it this frame).
  void TakeClientWhatIf(ViewContext& ctx);

  // ---- what is selected (Selections: "tab/0" Choices, "tab/1" Records ("rec/R/S"), "tab/6" Config) ----
  // Row ids: "client@PROFILE" (the profile's whole evaluation: a summary head, a Config column
  // head), "choice N@PROFILE" (choice N under that profile: a row, or a cell of that column).
  struct Pick {
    int choice = -1;  // -1: the client's whole evaluation
    size_t profile = 0;
  };
  static std::string RowId(int choice, size_t p);
  static std::optional<Pick> ParseRow(const std::string& id);
  Pick Picked(std::string_view place) const { return ParseRow(sel_.Row(place)).value_or(Pick{-2, 0}); }
  size_t CurrentProfile(ViewContext& ctx) const;
  // The text of the row the subject names: "grpc-core (language c++)", "choice 1 · grpc-java: selected".
  std::string PickText(int choice, size_t p) const;
  void SelectChoice(ViewContext& ctx, std::string_view place, int choice, size_t p, bool jump);
  // Shows `place`'s selection; when its step is gone (a profile switch, an evaluation, the edited
  // client's outcome) the same row again, under the selected profile if that changed; nothing
  // selected yet: the selected profile's client.
  void Ensure(ViewContext& ctx, std::string_view place);

  // Sort comparison of two rows of the Choices table (choice positions): by position, or by a
  // profile's outcome for the choice (selected, skipped, error, not reached, none).
  int CompareChoices(size_t a, size_t b, int column) const;
  // A Choices cell as drawn: the outcome, then each criterion's verdict ("✓ selected ✓ language").
  std::string ChoiceCell(size_t p, size_t row) const;
  // The Choices table as it shows it, in the order shown (Copy as text).
  std::string ChoicesText() const;

  static constexpr ImGuiTableFlags kTable = ImGuiTableFlags_BordersV | ImGuiTableFlags_BordersOuterH |
                                            ImGuiTableFlags_Resizable | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY;

  // One choice's step in a profile's explanation ("choice N"), else the whole evaluation.
  static const doc::Step* ChoiceStep(const doc::Step* why, int index);

  void DrawChoices(ViewContext& ctx);

  void JumpToChoice(ViewContext& ctx, tx::ProfileId p, int index);

  void DrawRecords(ViewContext& ctx);
  // The Records tab's place "tab/1": record `r` (its row of string `s` clicked): its strings and
  // which profiles read it (each profile's compiled attributes), from the typed records.
  void ExplainRecord(ViewContext& ctx, size_t r, size_t s);
  std::string RecordText(size_t r) const;  // "#0 _grpc_config.example.com."

  void DrawAttribute(ViewContext& ctx);

  void DrawRollout();

  // The one comparison (the document's for the scenario's client, cfgi::Compare for an edited one).
  void DrawDivergences(ViewContext& ctx);

  // Config: the service config the client ends up with, one tree with a column per profile (the
  // rows the engine's trees merged into, txt_config.h), the rows where they differ marked ⇄; the
  // first row each profile's outcome (click: its explanation).
  void DrawConfig(ViewContext& ctx);

  // A profile's outcome in one line: "choice 1", "no service config", "error: ...", "depends on
  // the language".
  static std::string OutcomeLine(const tx::Evaluation& ev);

  // The tree lines the engine built with each profile's service config (txt_config_tree.h).
  // The Config tab's rows: the trees merged by path, the differing rows marked (a service
  // config is a few dozen lines; merged once per result, not per frame).
  void BuildConfigLines();

 public:
  // The test hook: the client bar, the Choices grid's words and each profile's config tree.
  nlohmann::ordered_json DumpState() const override;

 private:
  // The text is read and encoded on the worker (tx::Encode, a job keyed "encode/<view>"); the
  // tab draws the last outcome until the newer one arrives.
  void DrawEncoder(ViewContext& ctx);

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
  const tx::CompiledRecords* analysis_ = nullptr;  // the model's
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
  WorkerWhatIf<tx::ClientWhatIf> client_job_;
  std::shared_ptr<const tx::ClientWhatIf> client_shown_, client_previous_;
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
  WorkerWhatIf<tx::EncodeResult> encode_job_;
  std::shared_ptr<const tx::EncodeResult> encoded_;
};

}  // namespace cfgi::gui::txt_view
