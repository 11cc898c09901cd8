// The txt view (gRPC A2: service config in DNS TXT records). The source is parsed and compiled
// for every profile once per evaluation (OnEvaluated: cfgi::txt::Analyze); the simulated client
// (language, hostname, draw) is editable here and re-evaluates only when it changes.
//   Records      every TXT record: its character-strings with byte counts against the 255 limit
//   Attribute    per profile, the grpc_config attribute it reads, pretty-printed, errors located
//   Choices      per choice and profile: ✓/✗ per criterion and the outcome; click for the why
//   Rollout      per profile the real share of every choice
//   Profiles     where the profiles disagree for this client
//   Encoder      JSON in, TXT records out (updated as you type)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include <imgui.h>

#include "app/gui/theme.h"
#include "app/gui/views/view.h"
#include "app/gui/views/view_tabs.h"
#include "core/txt/txt_encode.h"
#include "core/txt/txt_model.h"
#include "core/doc/utf8.h"

namespace cfgi::gui {

namespace {

namespace tx = cfgi::txt;

const char* VerdictIcon(tx::Verdict v) {
  switch (v) {
    case tx::Verdict::kPass: return theme::kIconOk;
    case tx::Verdict::kFail: return theme::kIconNoMatch;
    case tx::Verdict::kError: return theme::kIconError;
    case tx::Verdict::kNotReached: return theme::kIconSkipped;
    case tx::Verdict::kAbsent: return "-";
  }
  return "";
}

ImVec4 VerdictColor(tx::Verdict v) {
  switch (v) {
    case tx::Verdict::kPass: return theme::Pal().ok;
    case tx::Verdict::kFail: return theme::Pal().warning;
    case tx::Verdict::kError: return theme::Pal().error;
    default: return theme::Pal().muted;
  }
}

const char* CriterionShort(tx::Criterion c) {
  switch (c) {
    case tx::Criterion::kLanguage: return "lang";
    case tx::Criterion::kHostname: return "host";
    case tx::Criterion::kPercentage: return "pct";
    case tx::Criterion::kServiceConfig: return "config";
    case tx::Criterion::kKeys: return "keys";
  }
  return "";
}

std::string Pretty(const std::string& json_text) {
  nlohmann::ordered_json j = nlohmann::ordered_json::parse(json_text, nullptr, false);
  if (j.is_discarded()) return json_text;
  return doc::JsonText(j, 2);
}

class TxtView final : public EngineView {
 public:

  // "tab=N": the open tab.
  std::string SaveState() const override { return tabs_.Save(); }
  void LoadState(std::string_view state) override { tabs_.Load(state); }
  void OnEvaluated(const Document& d) override {
    const Scenario& s = d.scenario();
    const doc::Document* src = nullptr;
    for (const doc::Document& dd : s.sources)
      if (dd.source && (dd.format == doc::Format::kText || !src)) {
        if (!src || src->format != doc::Format::kText) src = &dd;
        if (dd.format == doc::Format::kText) break;
      }
    analysis_.reset();
    if (!src) return;
    analysis_ = std::make_unique<tx::Analysis>(tx::Analyze(src->source));
    file_ = src->source->name();
    for (size_t i = 0; i < tx::kProfiles.size(); ++i) {
      pretty_[i].clear();
      for (const tx::Attribute& at : analysis_->of(tx::kProfiles[i]).attributes) pretty_[i].push_back(Pretty(at.json.bytes));
    }
    if (!client_edited_) {
      language_[0] = 0;
      a2_language_.clear();
      hostname_[0] = 0;
      rand_ = 0;
      if (s.inputs.is_map()) {
        if (const doc::Node* l = s.inputs.Get("language")) {
          if (l->is_map()) {
            if (const doc::Node* a2 = l->Get("a2")) a2_language_ = a2->text();
          } else {
            std::snprintf(language_, sizeof language_, "%s", l->text().c_str());
          }
        }
        std::snprintf(hostname_, sizeof hostname_, "%s", s.inputs.GetString("hostname").c_str());
        if (const doc::Node* r = s.inputs.Get("rand")) rand_ = std::atoi(r->text().c_str());
      }
    }
    EvaluateClient();
  }

  void Draw(ViewContext& ctx) override {
    if (!analysis_) {
      theme::TextMuted("No DNS source to read.");
      return;
    }
    bool changed = false;
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
    changed |= ImGui::InputTextWithHint("language", "per profile", language_, sizeof language_);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10);
    changed |= ImGui::InputText("hostname", hostname_, sizeof hostname_);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10);
    changed |= ImGui::SliderInt("draw r", &rand_, 0, 99);
    if (changed) {
      client_edited_ = true;
      EvaluateClient();
    }
    ImGui::SameLine();
    theme::TextMuted("%s, %zu TXT record%s", tx::InputStyleName(analysis_->records.style),
                     analysis_->records.records.size(), analysis_->records.records.size() == 1 ? "" : "s");

    if (!tabs_.Begin("##txt")) return;
    if (tabs_.Item(0, "Choices")) {
      DrawChoices(ctx);
      ImGui::EndTabItem();
    }
    if (tabs_.Item(1, "Records")) {
      DrawRecords(ctx);
      ImGui::EndTabItem();
    }
    if (tabs_.Item(2, "Attribute")) {
      DrawAttribute(ctx);
      ImGui::EndTabItem();
    }
    if (tabs_.Item(3, "Rollout")) {
      DrawRollout();
      ImGui::EndTabItem();
    }
    if (tabs_.Item(4, "Profiles (" + std::to_string(divergences_.size()) + " differ)###div")) {
      DrawDivergences();
      ImGui::EndTabItem();
    }
    if (tabs_.Item(5, "Encoder")) {
      DrawEncoder();
      ImGui::EndTabItem();
    }
    tabs_.End();
  }

 private:
  tx::Client ClientFor(tx::ProfileId p) const {
    tx::Client c;
    if (language_[0]) c.language = language_;
    else if (p == tx::ProfileId::kA2 && !a2_language_.empty()) c.language = a2_language_;
    c.hostname = hostname_;
    c.rand = rand_;
    return c;
  }

  void EvaluateClient() {
    for (size_t i = 0; i < tx::kProfiles.size(); ++i) {
      tx::ProfileId p = tx::kProfiles[i];
      why_[i] = doc::Step{};
      evals_[i] = tx::Evaluate(*analysis_, p, ClientFor(p), &why_[i]);
      rollouts_[i] = tx::ComputeRollout(*analysis_, p, ClientFor(p));
    }
    tx::Client c;
    if (language_[0]) c.language = language_;
    c.hostname = hostname_;
    c.rand = rand_;
    divergences_ = tx::CompareProfiles(*analysis_, c);
  }

  static constexpr ImGuiTableFlags kTable = ImGuiTableFlags_BordersV | ImGuiTableFlags_BordersOuterH |
                                            ImGuiTableFlags_Resizable | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY;

  void DrawChoices(ViewContext& ctx) {
    // Summary per profile.
    if (ImGui::BeginTable("##summary", 4, ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchSame)) {
      for (size_t i = 0; i < tx::kProfiles.size(); ++i) {
        ImGui::TableNextColumn();
        const tx::Evaluation& ev = evals_[i];
        ImGui::PushID(static_cast<int>(i));
        std::string head = std::string(tx::ProfileName(tx::kProfiles[i])) + " (language " + ev.language + ")";
        if (ImGui::Selectable(head.c_str())) ctx.SelectExplanation(&why_[i]);
        if (ev.error)
        {
          ImGui::PushStyleColor(ImGuiCol_Text, theme::Pal().error);
          ImGui::TextWrapped("%s error: %s", theme::kIconError, ev.error->c_str());
          ImGui::PopStyleColor();
        }
        else if (ev.choice)
          ImGui::TextColored(theme::Pal().ok, "%s choice %d", theme::kIconOk, *ev.choice);
        else
          ImGui::TextColored(theme::Pal().warning, "%s no service config", theme::kIconNoMatch);
        ImGui::PopID();
      }
      ImGui::EndTable();
    }
    size_t n = 0;
    for (const auto& ev : evals_) n = std::max(n, ev.trace.size());
    theme::TextMuted("Per criterion: %s pass, %s fail, %s error, %s not reached, - absent. Click a cell for the "
                     "profile's explanation.", theme::kIconOk, theme::kIconNoMatch, theme::kIconError, theme::kIconSkipped);
    if (!ImGui::BeginTable("##choices", 5, kTable)) return;
    ImGui::TableSetupScrollFreeze(1, 1);
    ImGui::TableSetupColumn("Choice", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 4);
    for (tx::ProfileId p : tx::kProfiles) ImGui::TableSetupColumn(tx::ProfileName(p), ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(n));
    while (clip.Step()) {
      for (int row = clip.DisplayStart; row < clip.DisplayEnd; ++row) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::Text("[%d]", row);
        for (size_t i = 0; i < tx::kProfiles.size(); ++i) {
          ImGui::TableNextColumn();
          const tx::Evaluation& ev = evals_[i];
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
          std::string label = (t.outcome == "selected" ? std::string(theme::kIconOk) + " " : "") + t.outcome;
          bool click = ImGui::Selectable(label.c_str());
          ImGui::PopStyleColor();
          if (click) {
            ctx.SelectExplanation(&why_[i]);
            JumpToChoice(ctx, tx::kProfiles[i], t.index);
          }
          for (const auto& [crit, verdict] : t.criteria) {
            // Wrap inside the cell rather than overflow into the next profile's column.
            char cell[32];
            std::snprintf(cell, sizeof cell, "%s%s", CriterionShort(crit), VerdictIcon(verdict));
            ImGui::SameLine();
            if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(cell).x) ImGui::NewLine();
            ImGui::TextColored(VerdictColor(verdict), "%s%s", CriterionShort(crit), VerdictIcon(verdict));
            if (ImGui::IsItemHovered())
              ImGui::SetTooltip("%s: %s", tx::CriterionName(crit), tx::VerdictName(verdict));
          }
          ImGui::PopID();
        }
      }
    }
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
    const tx::Compiled& c = analysis_->of(tx::kProfiles[static_cast<size_t>(attr_profile_)]);
    if (!c.found) {
      ImGui::TextColored(theme::Pal().warning, "%s no grpc_config attribute read by this profile", theme::kIconNoMatch);
    }
    for (const std::string& note : c.notes) theme::TextMuted("%s %s", theme::kIconNote, note.c_str());
    if (!c.global_error.empty())
      ImGui::TextColored(theme::Pal().error, "%s %s", theme::kIconError, c.global_error.c_str());
    for (size_t i = 0; i < c.issues.size(); ++i) {
      const tx::Issue& is = c.issues[i];
      ImGui::PushID(static_cast<int>(i));
      std::string t = std::string(theme::SeverityIcon(is.severity)) + " " + is.code + " " + is.message +
                      (is.path.empty() ? "" : "  at " + is.path);
      ImGui::PushStyleColor(ImGuiCol_Text, theme::SeverityColor(is.severity));
      if (ImGui::Selectable(t.c_str()) && is.attribute >= 0 && static_cast<size_t>(is.attribute) < c.attributes.size())
        ctx.JumpTo(file_, c.attributes[static_cast<size_t>(is.attribute)].json.Map(is.range.begin, is.range.end));
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
      ImGui::TextUnformatted(pretty_[static_cast<size_t>(attr_profile_)][a].c_str());
      ImGui::PopFont();
    }
  }

  void DrawRollout() {
    theme::TextMuted("The real share of each outcome over the draw r (this client's language and hostname).");
    for (size_t i = 0; i < tx::kProfiles.size(); ++i) {
      ImGui::Separator();
      ImGui::TextUnformatted(tx::ProfileName(tx::kProfiles[i]));
      for (const tx::Share& s : rollouts_[i].shares) {
        char label[64];
        if (s.choice >= 0) std::snprintf(label, sizeof label, "choice %d: %.1f%%", s.choice, s.percent);
        else if (s.choice == -1) std::snprintf(label, sizeof label, "no service config: %.1f%%", s.percent);
        else std::snprintf(label, sizeof label, "error: %.1f%%", s.percent);
        ImGui::ProgressBar(static_cast<float>(s.percent / 100.0), ImVec2(ImGui::GetFontSize() * 24, 0), label);
      }
    }
  }

  void DrawDivergences() {
    if (divergences_.empty()) {
      ImGui::TextColored(theme::Pal().ok, "%s every profile gives this client the same result", theme::kIconOk);
      return;
    }
    if (!ImGui::BeginTable("##div", 5, kTable)) return;
    ImGui::TableSetupScrollFreeze(1, 1);
    ImGui::TableSetupColumn("Differs", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 8);
    for (tx::ProfileId p : tx::kProfiles) ImGui::TableSetupColumn(tx::ProfileName(p), ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    for (const tx::Divergence& d : divergences_) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextColored(theme::Pal().warning, "%s %s", theme::kIconDiverge, d.what.c_str());
      for (const std::string& v : d.values) {
        ImGui::TableNextColumn();
        ImGui::TextWrapped("%s", v.c_str());
      }
    }
    ImGui::EndTable();
  }

  void DrawEncoder() {
    theme::TextMuted("A service config, one choice or a list of choices; the records update as you type.");
    if (encoder_text_.empty()) {
      encoder_text_ = "[{\"clientLanguage\": [\"java\"], \"serviceConfig\": {\"loadBalancingConfig\": [{\"round_robin\": {}}]}}]";
      encoder_dirty_ = true;
    }
    char* buf = encoder_buf_;
    if (encoder_dirty_) std::snprintf(buf, sizeof encoder_buf_, "%s", encoder_text_.c_str());
    ImGui::PushFont(theme::GetFonts().mono);
    if (ImGui::InputTextMultiline("##enc", buf, sizeof encoder_buf_, ImVec2(-1, ImGui::GetFontSize() * 8))) {
      encoder_text_ = buf;
      encoder_dirty_ = true;
    }
    ImGui::PopFont();
    if (encoder_dirty_) {
      encoded_ = tx::Encode(doc::Source("encoder.json", encoder_text_));
      encoder_dirty_ = false;
    }
    if (!encoded_.ok) {
      for (const doc::Diagnostic& d : encoded_.diagnostics)
        ImGui::TextColored(theme::Pal().error, "%s %s", theme::kIconError, d.message.c_str());
      return;
    }
    ImGui::Text("%zu string%s, RDATA %zu bytes, DNS answer %zu bytes %s", encoded_.strings.size(),
                encoded_.strings.size() == 1 ? "" : "s", encoded_.rdata_bytes, encoded_.message_bytes,
                encoded_.message_bytes > 512 ? "(over 512: TCP fallback)" : "(fits UDP 512)");
    ImGui::PushFont(theme::GetFonts().mono);
    ImGui::TextUnformatted("zone file:");
    ImGui::TextWrapped("%s", encoded_.zone.c_str());
    ImGui::TextUnformatted("dig:");
    ImGui::TextWrapped("%s", encoded_.dig.c_str());
    ImGui::PopFont();
  }

  ViewTabs tabs_;
  std::unique_ptr<tx::Analysis> analysis_;
  std::string file_;
  char language_[64] = {};
  std::string a2_language_;
  char hostname_[256] = {};
  int rand_ = 0;
  bool client_edited_ = false;
  tx::Evaluation evals_[4];
  tx::Rollout rollouts_[4];
  doc::Step why_[4];
  std::vector<tx::Divergence> divergences_;
  int attr_profile_ = 0;
  std::string encoder_text_;
  char encoder_buf_[16384] = {};
  std::vector<std::string> pretty_[4];  // per profile, per attribute
  bool encoder_dirty_ = true;
  tx::EncodeResult encoded_;
};

}  // namespace

std::unique_ptr<EngineView> CreateTxtView() { return std::make_unique<TxtView>(); }

}  // namespace cfgi::gui
