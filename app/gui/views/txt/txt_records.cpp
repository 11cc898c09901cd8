// app/gui/views/txt/txt_records.cpp: the txt view's Records, Attribute and Rollout tabs (txt_view.h).
#include "app/gui/views/txt/txt_view.h"

#include <cstdlib>
#include <cstring>

namespace cfgi::gui::txt_view {

std::string TxtView::RecordText(size_t r) const {
  const tx::TxtRecord& rec = analysis_->records.records[r];
  return "#" + std::to_string(r) + " " + (rec.owner.empty() ? "(raw)" : rec.owner);
}

void TxtView::ExplainRecord(ViewContext& ctx, size_t r, size_t s) {
  const std::vector<tx::TxtRecord>& recs = analysis_->records.records;
  if (r >= recs.size()) return;
  const tx::TxtRecord& rec = recs[r];
  doc::Step why;
  why.what = "record " + RecordText(r);
  why.detail = std::to_string(rec.strings.size()) + (rec.strings.size() == 1 ? " string, " : " strings, ") +
               std::to_string(rec.value.bytes.size()) + " bytes joined" +
               (rec.has_prefix() ? ", starts with grpc_config=" : ", no grpc_config= prefix");
  why.outcome = rec.has_prefix() ? doc::Outcome::kInfo : doc::Outcome::kSkipped;
  why.file = file_;
  why.range = rec.range;
  // Which profiles read it (each profile's compiled attributes name their records).
  for (size_t i = 0; i < tx::Profiles().size(); ++i) {
    const tx::Compiled& c = analysis_->of(tx::Profiles().At(i));
    int attribute = -1;
    for (size_t a = 0; a < c.attributes.size() && attribute < 0; ++a)
      for (int ri : c.attributes[a].records)
        if (ri == static_cast<int>(r)) attribute = static_cast<int>(a);
    doc::Step st;
    st.what = std::string(tx::Profiles().entries()[i].name) + (attribute >= 0 ? " reads it" : " does not read it");
    if (attribute >= 0) st.detail = "attribute " + std::to_string(attribute);
    // Info, not matched: a record's summary has no deciding step (doc::DecidingPath).
    st.outcome = attribute >= 0 ? doc::Outcome::kInfo : doc::Outcome::kSkipped;
    why.children.push_back(std::move(st));
  }
  for (size_t k = 0; k < rec.strings.size(); ++k) {
    const tx::CharString& cs = rec.strings[k];
    doc::Step st;
    st.what = "string " + std::to_string(k) + ": " + std::to_string(cs.text.bytes.size()) + " bytes";
    st.detail = cs.text.bytes.size() > tx::kMaxStringBytes ? "over the 255-byte limit of a character-string" : "within 255";
    st.outcome = cs.text.bytes.size() > tx::kMaxStringBytes ? doc::Outcome::kError : doc::Outcome::kInfo;
    st.file = file_;
    st.range = cs.range;
    why.children.push_back(std::move(st));
  }
  sel_.SelectOwned(ctx, "tab/1", std::move(why), "rec/" + std::to_string(r) + "/" + std::to_string(s), RecordText(r));
}

void TxtView::DrawRecords(ViewContext& ctx) {
  // A click on a row explains its record: its strings and which profiles read it.
  if (!sel_.Show(ctx, "tab/1")) {
    const std::string& row = sel_.Row("tab/1");
    if (row.rfind("rec/", 0) == 0) {
      const size_t r = static_cast<size_t>(std::atoi(row.c_str() + 4));
      ExplainRecord(ctx, r, static_cast<size_t>(std::atoi(std::strchr(row.c_str() + 4, '/') + 1)));
    } else if (!analysis_->records.records.empty()) {
      ExplainRecord(ctx, 0, 0);
    }
  }
  // Fixed columns as wide as their headers, the decoded text the rest; narrower than that the
  // table scrolls sideways (BeginTableFit) rather than squeeze a header.
  const float em = ImGui::GetFontSize();
  if (!theme::BeginTableFit("##records",
                            {{"Record", ImGuiTableColumnFlags_WidthFixed, em * 10},
                             {"String", ImGuiTableColumnFlags_WidthFixed, 0},
                             {"Bytes / 255", ImGuiTableColumnFlags_WidthFixed, 0},
                             {"grpc_config=", ImGuiTableColumnFlags_WidthFixed, 0},
                             {"Decoded", 0, 1}},
                            kTable, ImVec2(0, 0), 36))
    return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableHeadersRow();
  int id = 0;
  for (size_t r = 0; r < analysis_->records.records.size(); ++r) {
    const tx::TxtRecord& rec = analysis_->records.records[r];
    for (size_t s = 0; s < rec.strings.size(); ++s) {
      const tx::CharString& cs = rec.strings[s];
      ImGui::PushID(id++);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      std::string label = s == 0 ? RecordText(r) : "";
      const std::string row_id = "rec/" + std::to_string(r) + "/" + std::to_string(s);
      const bool selected = sel_.Row("tab/1") == row_id;
      if (selected) highlighted_ = RecordText(r);
      if (ImGui::Selectable((label + "##rec").c_str(), selected, ImGuiSelectableFlags_SpanAllColumns)) {
        ExplainRecord(ctx, r, s);
        ctx.JumpTo(file_, cs.range);
      }
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
  room_.Measure("records", static_cast<size_t>(id));
  ImGui::EndTable();
}

void TxtView::DrawAttribute(ViewContext& ctx) {
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

void TxtView::DrawRollout() {
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

}  // namespace cfgi::gui::txt_view
