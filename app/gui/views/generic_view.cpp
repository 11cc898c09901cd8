// The generic engine view: works for any engine through Report.result (the CLI's JSON contract),
// the documents' trees and the per-profile results, so every engine is usable in the app before
// its dedicated view exists.
//   Result    the result JSON as a tree table (key, value, type)
//   Documents every source's tree with positions; click a node to see it in the Source panel
//   Profiles  the leaves where profiles disagree (cfgi::Divergences), one column per profile
//   JSON      the CLI's JSON output for the selected profile, copyable
#include <cstdio>
#include <algorithm>
#include <string>

#include <imgui.h>

#include "app/gui/theme.h"
#include "app/gui/views/view.h"
#include "app/gui/views/view_tabs.h"
#include "app/platform/platform.h"
#include "core/engine/compare.h"
#include "core/doc/utf8.h"

namespace cfgi::gui {

namespace {

using nlohmann::ordered_json;

// Children shown per list or map before a "more" row: the tree is drawn every frame, so huge
// results (a 10 MB document) stay fluid; the JSON tab has everything.
constexpr int kMaxChildren = 400;

void MoreRow(size_t total) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  theme::TextMuted("... %zu more", total - kMaxChildren);
  ImGui::TableNextColumn();
  theme::TextMuted("(the JSON tab shows everything)");
  ImGui::TableNextColumn();
}

const char* JsonTypeName(const ordered_json& j) {
  switch (j.type()) {
    case ordered_json::value_t::null: return "null";
    case ordered_json::value_t::boolean: return "bool";
    case ordered_json::value_t::number_integer:
    case ordered_json::value_t::number_unsigned: return "int";
    case ordered_json::value_t::number_float: return "number";
    case ordered_json::value_t::string: return "string";
    case ordered_json::value_t::array: return "list";
    case ordered_json::value_t::object: return "map";
    default: return "";
  }
}

ImVec4 ValueColor(const ordered_json& j) {
  const theme::Palette& p = theme::Pal();
  if (j.is_string()) return theme::IsDark() ? ImVec4(0.80f, 0.70f, 0.52f, 1) : ImVec4(0.60f, 0.36f, 0.10f, 1);
  if (j.is_number()) return theme::IsDark() ? ImVec4(0.62f, 0.80f, 0.95f, 1) : ImVec4(0.10f, 0.38f, 0.66f, 1);
  if (j.is_boolean()) return j.get<bool>() ? p.ok : p.error;
  if (j.is_null()) return p.muted;
  return p.text;
}

std::string Preview(const ordered_json& j) { return ValueText(j); }

void JsonRows(const char* key, const ordered_json& j, int depth) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_SpanFullWidth;
  bool leaf = !j.is_structured() || j.empty();
  if (leaf) flags |= ImGuiTreeNodeFlags_Leaf | ImGuiTreeNodeFlags_NoTreePushOnOpen | ImGuiTreeNodeFlags_Bullet;
  if (depth < 3) flags |= ImGuiTreeNodeFlags_DefaultOpen;
  bool open = ImGui::TreeNodeEx(key, flags);
  if (leaf && ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(0)) ImGui::SetClipboardText(doc::JsonText(j).c_str());
  ImGui::TableNextColumn();
  ImGui::PushStyleColor(ImGuiCol_Text, j.is_structured() ? theme::Pal().muted : ValueColor(j));
  std::string v = Preview(j);
  // Booleans also get a word-carrying icon, so colour is not the only signal.
  if (j.is_boolean()) v = std::string(j.get<bool>() ? theme::kIconOk : theme::kIconNoMatch) + " " + v;
  ImGui::TextUnformatted(v.c_str());
  ImGui::PopStyleColor();
  ImGui::TableNextColumn();
  theme::TextMuted("%s", JsonTypeName(j));
  if (open && !leaf) {
    if (j.is_object()) {
      int n = 0;
      for (auto it = j.begin(); it != j.end(); ++it) {
        if (n++ == kMaxChildren) { MoreRow(j.size()); break; }
        JsonRows(it.key().c_str(), it.value(), depth + 1);
      }
    } else {
      int i = 0;
      for (const auto& c : j) {
        if (i == kMaxChildren) { MoreRow(j.size()); break; }
        char k[24];
        std::snprintf(k, sizeof k, "[%d]", i++);
        ImGui::PushID(i);
        JsonRows(k, c, depth + 1);
        ImGui::PopID();
      }
    }
    ImGui::TreePop();
  }
}

void JsonTable(const char* id, const ordered_json& j, TableRoom* room) {
  ImGuiTableFlags tf = ImGuiTableFlags_BordersV | ImGuiTableFlags_BordersOuterH | ImGuiTableFlags_Resizable |
                       ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_NoBordersInBody;
  if (!ImGui::BeginTable(id, 3, tf)) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("Key", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 16);
  ImGui::TableSetupColumn("Value", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableSetupColumn("Type", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 4);
  ImGui::TableHeadersRow();
  if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) JsonRows(it.key().c_str(), it.value(), 0);
  } else {
    JsonRows("result", j, 0);
  }
  room->Measure("result", j.is_object() ? j.size() : 1);
  ImGui::EndTable();
}

void NodeRows(ViewContext& ctx, const std::string& file, const doc::Source& src, const char* key,
              doc::SourceRange key_range, const doc::Node& n, int depth) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_SpanFullWidth | ImGuiTreeNodeFlags_OpenOnArrow |
                             ImGuiTreeNodeFlags_OpenOnDoubleClick;
  bool leaf = n.is_scalar() || n.size() == 0;
  if (leaf) flags |= ImGuiTreeNodeFlags_Leaf | ImGuiTreeNodeFlags_NoTreePushOnOpen | ImGuiTreeNodeFlags_Bullet;
  if (depth < 2) flags |= ImGuiTreeNodeFlags_DefaultOpen;
  bool open = ImGui::TreeNodeEx(key, flags);
  if (ImGui::IsItemClicked() && !ImGui::IsItemToggledOpen()) {
    doc::SourceRange r = n.range();
    if (!key_range.empty()) r.begin = std::min(r.begin, key_range.begin);
    ctx.JumpTo(file, r);
  }
  ImGui::TableNextColumn();
  if (n.is_scalar()) {
    ImGui::PushStyleColor(ImGuiCol_Text, n.is_string()  ? ValueColor(ordered_json("s"))
                                         : n.is_number() ? ValueColor(ordered_json(1))
                                                         : theme::Pal().text);
    ImGui::TextUnformatted(n.text().c_str());
    ImGui::PopStyleColor();
  } else {
    theme::TextMuted("%s %zu", n.is_map() ? "map," : "list,", n.size());
  }
  ImGui::TableNextColumn();
  doc::Position p = src.Locate(n.range().begin);
  theme::TextMuted("%s  %d:%d", n.kind_name(), p.line, p.column);
  if (open && !leaf) {
    if (n.is_map()) {
      int i = 0;
      for (const auto& e : n.entries()) {
        if (i == kMaxChildren) { MoreRow(n.size()); break; }
        ImGui::PushID(i++);
        NodeRows(ctx, file, src, e.key.c_str(), e.key_range, e.value, depth + 1);
        ImGui::PopID();
      }
    } else {
      int i = 0;
      for (const auto& c : n.items()) {
        if (i == kMaxChildren) { MoreRow(n.size()); break; }
        char k[24];
        std::snprintf(k, sizeof k, "[%d]", i);
        ImGui::PushID(i++);
        NodeRows(ctx, file, src, k, {}, c, depth + 1);
        ImGui::PopID();
      }
    }
    ImGui::TreePop();
  }
}

}  // namespace

void DrawComparison(const char* id, const OpenDocument& d, const Comparison& c,
                    const std::vector<const DifferingAnswer*>& answers, std::string_view drop) {
  if (answers.empty()) {
    ImGui::TextColored(theme::Pal().ok, "%s All %zu profiles give the same result.", theme::kIconOk, d.reports().size());
    return;
  }
  size_t leaves = 0;
  for (const DifferingAnswer* a : answers) leaves += a->divergences.size();
  ImGui::TextColored(theme::Pal().warning, "%s %zu answer%s differ%s between profiles (%zu value%s).", theme::kIconDiverge,
                     answers.size(), answers.size() == 1 ? "" : "s", answers.size() == 1 ? "s" : "", leaves,
                     leaves == 1 ? "" : "s");
  static constexpr std::string_view kHint = "A cell in colour differs from the first profile's; open an answer for its values.";
  // Beside the count where it fits; else on hovering it (the table keeps its rows).
  const ImGuiStyle& st = ImGui::GetStyle();
  if (ImGui::GetContentRegionAvail().x - ImGui::GetItemRectSize().x - st.ItemSpacing.x >=
      ImGui::CalcTextSize(kHint.data(), kHint.data() + kHint.size()).x) {
    ImGui::SameLine();
    theme::TextMuted("%.*s", static_cast<int>(kHint.size()), kHint.data());
  } else if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%.*s", static_cast<int>(kHint.size()), kHint.data());
  }
  std::vector<std::string> profiles;
  for (const Report& r : d.reports()) profiles.push_back(r.profile);
  const int cols = 1 + static_cast<int>(profiles.size());
  const ImGuiTableFlags tf = ImGuiTableFlags_Borders | ImGuiTableFlags_Resizable | ImGuiTableFlags_RowBg |
                             ImGuiTableFlags_ScrollY;
  if (!theme::BeginTableMinWidth(id, cols, tf, 16.0f + 8.0f * static_cast<float>(profiles.size()))) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  ImGui::TableSetupColumn("Answer", ImGuiTableColumnFlags_WidthStretch, 2.5f);
  for (const std::string& p : profiles) ImGui::TableSetupColumn(p.c_str(), ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableHeadersRow();
  const ImVec4 differs = theme::Pal().warning;
  static const ordered_json kAbsent;
  // One row per differing answer (its name and, per profile, what its group of agreeing profiles
  // gives: DifferingAnswer::groups, made on the worker); open, one row per value.
  for (size_t i = 0; i < answers.size(); ++i) {
    const DifferingAnswer& a = *answers[i];
    ImGui::PushID(static_cast<int>(i));
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextColored(differs, "%s", theme::kIconDiverge);
    ImGui::SameLine();
    std::string_view title = a.title.empty() ? a.path : a.title;
    if (!drop.empty() && title.size() > drop.size() && title.substr(0, drop.size()) == drop) title.remove_prefix(drop.size());
    const float room = ImGui::GetContentRegionAvail().x;
    const bool open = ImGui::TreeNodeEx("##answer", ImGuiTreeNodeFlags_SpanFullWidth, "%.*s", static_cast<int>(title.size()),
                                        title.data());
    if (ImGui::IsItemHovered() && ImGui::CalcTextSize(title.data(), title.data() + title.size()).x > room)
      ImGui::SetTooltip("%.*s", static_cast<int>(title.size()), title.data());
    for (const std::string& p : profiles) {
      ImGui::TableNextColumn();
      size_t g = 0;
      while (g < a.groups.size() &&
             std::find(a.groups[g].profiles.begin(), a.groups[g].profiles.end(), p) == a.groups[g].profiles.end())
        ++g;
      if (g == a.groups.size()) continue;
      std::string text;
      const auto& fields = a.groups[g].fields;
      for (size_t k = 0; k < fields.size() && k < 2; ++k)
        text += (k ? ", " : "") + (fields[k].first.empty() ? fields[k].second : fields[k].first + " " + fields[k].second);
      if (fields.size() > 2) text += " +" + std::to_string(fields.size() - 2) + " more";
      theme::CellText(text, g == 0 ? nullptr : &differs);
    }
    if (open) {
      for (size_t k : a.divergences) {
        const Divergence& div = c.divergences[k];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::Indent();
        const std::string rel = div.path.size() > a.path.size() ? ReadablePointer(div.path.substr(a.path.size())) : "(the answer)";
        ImGui::PushFont(theme::GetFonts().mono);
        theme::CellText(rel);
        ImGui::PopFont();
        ImGui::Unindent();
        auto first = profiles.empty() ? div.values.end() : div.values.find(profiles.front());
        for (const std::string& p : profiles) {
          ImGui::TableNextColumn();
          auto v = div.values.find(p);
          auto t = div.texts.find(p);
          const ordered_json& val = v != div.values.end() ? *v : kAbsent;
          const ordered_json& base = first != div.values.end() ? *first : kAbsent;
          ImVec4 col = val == base ? ValueColor(val) : differs;
          ImGui::PushFont(theme::GetFonts().mono);
          theme::CellText(t != div.texts.end() ? t->second : std::string("none"), &col);
          ImGui::PopFont();
        }
      }
      ImGui::TreePop();
    }
    ImGui::PopID();
  }
  ImGui::EndTable();
}

namespace {

class GenericView final : public EngineView {
 public:
  // "tab=N": the open tab (Result 0, Documents 1, Profiles 2, JSON 3).
  std::string SaveState() const override { return tabs_.Save(); }
  void LoadState(std::string_view state) override { tabs_.Load(state); }
  // The test hook: the Profiles tab's count and the shown tab's table.
  nlohmann::ordered_json DumpState() const override {
    return {{"counts", {{"profiles_tab", profiles_count_}}}, {"table", room_.ToJson()}};
  }

  void Draw(ViewContext& ctx) override {
    const OpenDocument& d = ctx.document();
    // The Explanation panel explains one result of the report: its first top-level step by
    // default, another picked here (the report's root when it has no steps below).
    const doc::Step& root = d.report().explanation;
    const bool has_why = !root.what.empty() || !root.children.empty();
    if (!ctx.selected_explanation() && has_why)
      ctx.SelectExplanation(root.children.empty() ? &root : &root.children[std::min(why_index_, root.children.size() - 1)]);
    room_.Reset();
    if (!tabs_.Begin("##generic")) return;
    if (tabs_.Item(0, "Result")) {
      ImGui::Spacing();
      if (root.children.size() > 1) {
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted("Explain");
        ImGui::SameLine();
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 24);
        const size_t cur = std::min(why_index_, root.children.size() - 1);
        if (ImGui::BeginCombo("##why", root.children[cur].what.c_str())) {
          ImGuiListClipper clip;
          clip.Begin(static_cast<int>(root.children.size()));
          while (clip.Step())
            for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
              const doc::Step& c = root.children[static_cast<size_t>(i)];
              ImGui::PushID(i);
              if (ImGui::Selectable(c.what.c_str(), static_cast<size_t>(i) == cur)) {
                why_index_ = static_cast<size_t>(i);
                ctx.SelectExplanation(&c);
              }
              ImGui::PopID();
            }
          ImGui::EndCombo();
        }
      }
      JsonTable("##result", d.report().result, &room_);
      ImGui::EndTabItem();
    }
    if (tabs_.Item(1, "Documents")) {
      ImGui::Spacing();
      DrawDocuments(ctx, d);
      ImGui::EndTabItem();
    }
    if (d.reports().size() > 1) {
      std::string label = "Profiles";
      profiles_count_ = d.comparison().size();
      if (profiles_count_) label += " (" + std::to_string(profiles_count_) + " differ)";
      label += "###profiles";
      if (tabs_.Item(2, label)) {
        ImGui::Spacing();
        DrawProfiles(d);
        ImGui::EndTabItem();
      }
    }
    if (tabs_.Item(3, "JSON")) {
      if (json_generation_ != d.generation() || json_profile_ != d.profile()) {
        json_ = doc::JsonText(d.ReportJson(), 2);
        json_generation_ = d.generation();
        json_profile_ = d.profile();
      }
      if (ImGui::Button("Copy")) platform::SetClipboard(json_);
      ImGui::SameLine();
      theme::TextMuted("the CLI's output: config-inspector-cli eval --format json --profile %s", d.profile().c_str());
      ImGui::PushFont(theme::GetFonts().mono);
      ImGui::InputTextMultiline("##json", json_.data(), json_.size() + 1, ImVec2(-1, -1), ImGuiInputTextFlags_ReadOnly);
      ImGui::PopFont();
      ImGui::EndTabItem();
    }
    tabs_.End();
  }

 private:
  void DrawDocuments(ViewContext& ctx, const OpenDocument& d) {
    ImGuiTableFlags tf = ImGuiTableFlags_BordersV | ImGuiTableFlags_BordersOuterH | ImGuiTableFlags_Resizable |
                         ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_NoBordersInBody;
    if (!ImGui::BeginTable("##nodes", 3, tf)) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("Key", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 16);
    ImGui::TableSetupColumn("Value", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("Kind  line:col", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 7);
    ImGui::TableHeadersRow();
    auto one = [&](const doc::Document& dd, int idx) {
      const std::string& name = dd.source->name();
      ImGui::PushID(idx);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      bool open = ImGui::TreeNodeEx(name.c_str(), ImGuiTreeNodeFlags_SpanFullWidth | ImGuiTreeNodeFlags_DefaultOpen);
      ImGui::TableNextColumn();
      theme::TextMuted("%s, %zu document%s", doc::FormatName(dd.format), dd.roots.size(), dd.roots.size() == 1 ? "" : "s");
      ImGui::TableNextColumn();
      if (open) {
        int r = 0;
        for (const doc::Node& root : dd.roots) {
          char k[32];
          std::snprintf(k, sizeof k, "document %d", r);
          ImGui::PushID(r++);
          NodeRows(ctx, name, *dd.source, k, {}, root, 1);
          ImGui::PopID();
        }
        ImGui::TreePop();
      }
      ImGui::PopID();
    };
    int i = 0;
    if (d.scenario().envelope) one(*d.scenario().envelope, i++);
    for (const doc::Document& dd : d.scenario().sources) one(dd, i++);
    room_.Measure("documents", static_cast<size_t>(i));
    ImGui::EndTable();
  }

  void DrawProfiles(const OpenDocument& d) {
    DrawComparison("##divs", d, d.comparison(), d.comparison().AnswersUnder(""));
  }

  size_t why_index_ = 0;  // the top-level explanation step the Explanation panel shows
  ViewTabs tabs_;
  TableRoom room_;  // the Result or Documents table (DumpState "table")
  size_t profiles_count_ = 0;  // the Profiles tab's label
  std::string json_;
  uint64_t json_generation_ = 0;
  std::string json_profile_;
};

}  // namespace

std::unique_ptr<EngineView> CreateGenericView() { return std::make_unique<GenericView>(); }

}  // namespace cfgi::gui
