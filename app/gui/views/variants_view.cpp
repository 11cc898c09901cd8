// The variants view (xRFC TP2 dynamic parameters). It draws the document's model (the engine's
// VariantsModel: its Analysis, made once per evaluation on the worker) and re-derives with the
// engine API only when the in-view subscription list or the matrix selection changes.
//   Resources      resource list; per resource its variants (compact constraints, key set, content)
//   Subscriptions  each subscription x resource: the variant it gets (✓ match / ✗ none / ⚠ ambiguous),
//                  plus subscriptions added in the view (keys and values offered from the known
//                  domains, the resources it asks for) or from a finding's witness; the added
//                  ones can be written into the scenario (AddSubscriptions, a text edit)
//   Findings       overlaps (ambiguity) and coverage gaps per resource, each with a witness
//   Matrix         two chosen keys of one resource: value x value, the variant selected per cell
//   Transition     before -> after per subscription (and each response in between), the clients
//                  that become ambiguous or unmatched, and the net change applied as one response
//                  vs as two (cfgi::variants::ComputeTransition)
//   Caching proxy  per resource, per variant the subscribers receiving it and the ones a change
//                  notifies (cfgi::variants::ComputeProxy; the transition's notifications)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <imgui.h>

#include "core/variants/scenario_edit.h"

#include "app/gui/theme.h"
#include "app/gui/views/view.h"
#include "app/gui/views/view_tabs.h"
#include "core/variants/variants_engine.h"

namespace cfgi::gui {

namespace {

namespace v = cfgi::variants;


const char* OutcomeIconText(v::Outcome o) {
  switch (o) {
    case v::Outcome::kMatch: return theme::kIconOk;
    case v::Outcome::kNone: return theme::kIconNoMatch;
    case v::Outcome::kAmbiguous: return theme::kIconWarning;
  }
  return "";
}

ImVec4 OutcomeColorOf(v::Outcome o) {
  switch (o) {
    case v::Outcome::kMatch: return theme::Pal().ok;
    case v::Outcome::kNone: return theme::Pal().warning;
    case v::Outcome::kAmbiguous: return theme::Pal().error;
  }
  return theme::Pal().text;
}

std::string JoinKeys(const std::set<std::string>& ks) {
  if (ks.empty()) return "{}";
  std::string s = "{";
  for (const std::string& k : ks) s += (s.size() > 1 ? ", " : "") + k;
  return s + "}";
}

// A resource's name as tables show it: an xdstp:// name's last segment (the Caching proxy tab's
// form), anything else whole; the full name goes in the hover (ShortNameHover).
std::string ShortName(const std::string& full) {
  if (full.rfind("xdstp://", 0) != 0) return full;
  size_t slash = full.rfind('/');
  return slash + 1 < full.size() ? full.substr(slash + 1) : full;
}
// The full name on hover of the last item when it was shortened.
void ShortNameHover(const std::string& full) {
  if (ShortName(full) != full && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", full.c_str());
}

// The compact rendering uses ∧ ∨ ¬ ⊤; when the UI font has no glyph for them, show & | ! true
// instead of "?" (same meaning, ASCII).
std::string Displayable(std::string text) {
  static const struct { const char* utf8; ImWchar cp; const char* ascii; } kSubst[] = {
      {"\xE2\x88\xA7", 0x2227, "&"}, {"\xE2\x88\xA8", 0x2228, "|"}, {"\xC2\xAC", 0x00AC, "!"}, {"\xE2\x8A\xA4", 0x22A4, "true"}};
  ImFont* font = ImGui::GetFont();
  for (const auto& s : kSubst) {
    if (font && font->FindGlyphNoFallback(s.cp)) continue;
    std::string from = s.utf8;
    for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at)) {
      text.replace(at, from.size(), s.ascii);
      at += std::strlen(s.ascii);
    }
  }
  return text;
}

struct VariantRow {
  std::string id, constraint, keys, content;
};

struct ResourceInfo {
  const v::ResourceVariants* r = nullptr;
  std::vector<VariantRow> rows;
  std::string keys;        // union of the variants' key sets
  bool consistent = true;  // every variant names the same keys
  size_t id_chars = 1;     // the longest variant id, to size the Id column
  std::vector<v::OverlapFinding> overlaps;
  v::CoverageReport coverage;
};

struct Sub {
  std::string name;
  v::Params params;
  std::vector<std::string> resources;  // empty: every resource
  const doc::Source* source = nullptr;
  doc::SourceRange range;
  bool added = false;  // added in the view (removable)
};

struct SubRow {
  size_t sub = 0;
  size_t resource = SIZE_MAX;  // index into resources_, SIZE_MAX when the name is unknown
  std::string resource_name;
  v::Selection sel;
  std::string variant_text;  // "v0", "none", "ambiguous: 0, 1"
};

class VariantsView final : public EngineView {
 public:
  void OnEvaluated(const OpenDocument& d) override {
    const auto* model = ModelAs<v::VariantsModel>(d.model());
    analysis_ = model ? &model->analysis : nullptr;
    resources_.clear();
    if (!analysis_) return;
    resources_.clear();
    for (const v::ResourceVariants& r : analysis_->final_state.resources) {
      ResourceInfo info;
      info.r = &r;
      std::set<std::string> all;
      std::vector<std::set<std::string>> sets;
      for (const v::Variant& var : r.variants) {
        sets.push_back(v::Keys(var.constraint));
        all.insert(sets.back().begin(), sets.back().end());
        info.rows.push_back({var.IdText(), Displayable(v::Render(var.constraint)), JoinKeys(sets.back()), var.content});
        info.id_chars = std::max(info.id_chars, info.rows.back().id.size());
      }
      for (const auto& s : sets) info.consistent &= (s == all);
      info.keys = JoinKeys(all);
      resources_.push_back(std::move(info));
    }
    // Overlaps and coverage per resource: the engine's findings (VariantsModel::analysis), in
    // the order of final_state.resources.
    overlap_count_ = 0;
    gap_count_ = 0;
    for (size_t i = 0; i < resources_.size() && i < analysis_->findings.size(); ++i) {
      ResourceInfo& info = resources_[i];
      const v::ResourceFindings& f = analysis_->findings[i];
      info.overlaps = f.overlaps;
      overlap_count_ += info.overlaps.size();
      info.coverage = f.coverage;
      gap_count_ += info.coverage.regions.size();
    }
    // Subscriptions: the scenario's, then the ones added in the view (kept across evaluations).
    std::vector<Sub> added;
    for (Sub& s : subs_)
      if (s.added) added.push_back(std::move(s));
    subs_.clear();
    for (const v::Subscription& s : analysis_->subscriptions)
      subs_.push_back({s.name.empty() ? s.origin : s.name, s.params, s.resources, s.source, s.range, false});
    for (Sub& s : added) subs_.push_back(std::move(s));
    // The keys and values the new-subscription builder offers: the declared domains and every
    // value a resource's coverage enumerates (its constraints' and the subscriptions' values).
    known_.clear();
    for (const auto& [key, values] : analysis_->domains)
      for (const auto& val : values) {
        auto& set = known_[key];
        if (val) set.insert(*val);
      }
    for (const ResourceInfo& info : resources_)
      for (const v::CoverageKey& k : info.coverage.keys) known_[k.key].insert(k.values.begin(), k.values.end());
    if (pick_.size() != known_.size()) {
      pick_.assign(known_.size(), 0);
      other_.assign(known_.size(), std::string());
    }
    if (selected_resource_ >= resources_.size()) selected_resource_ = 0;
    SelectPendingResource();
    matrix_dirty_ = true;
    matrix_resource_ = SIZE_MAX;
    RebuildSubRows();
  }

  void Draw(ViewContext& ctx) override {
    if (!analysis_) {
      theme::TextMuted("Not evaluated yet.");
      return;
    }
    // The Explanation panel always explains something of this view: after an evaluation (or a
    // profile change) the row selected before, else the first; the Transition tab's rows there.
    if (!ctx.selected_explanation()) {
      if (StateInt(tabs_.Save(), "tab") == 4 && !transition_.rows.empty())  // the tab shown (or restored)
        OpenTransitionRow(ctx, transition_.rows[std::min(sel_t_row_, transition_.rows.size() - 1)], false);
      else if (!sub_rows_.empty())
        Explain(ctx, sub_rows_[std::min(static_cast<size_t>(std::max(selected_row_, 0)), sub_rows_.size() - 1)], false);
    }
    explaining_ = ctx.selected_explanation() != &why_ ? kNothing : explaining_;
    room_.Reset();
    if (!tabs_.Begin("##variants")) return;
    char label[96];
    std::snprintf(label, sizeof label, "Resources (%zu)###res", resources_.size());
    if (tabs_.Item(0, label)) {
      DrawResources(ctx);
      ImGui::EndTabItem();
    }
    std::snprintf(label, sizeof label, "Subscriptions (%zu)###subs", subs_.size());
    if (tabs_.Item(1, label)) {
      DrawSubscriptions(ctx);
      ImGui::EndTabItem();
    }
    // The tab counts the rows the Findings table lists: overlaps and coverage gaps.
    std::snprintf(label, sizeof label, "Findings (%zu)###findings", overlap_count_ + gap_count_);
    if (tabs_.Item(2, label)) {
      DrawFindings(ctx);
      ImGui::EndTabItem();
    }
    if (tabs_.Item(3, "Coverage matrix")) {
      DrawMatrix(ctx);
      ImGui::EndTabItem();
    }
    if (!analysis_->has_transition)
      std::snprintf(label, sizeof label, "Transition###transition");
    else if (t_counts_.ambiguous + t_counts_.unmatched + split_broken_ > 0)
      std::snprintf(label, sizeof label, "Transition %s###transition", theme::kIconWarning);
    else
      std::snprintf(label, sizeof label, "Transition###transition");
    if (tabs_.Item(4, label)) {
      DrawTransition(ctx);
      ImGui::EndTabItem();
    }
    if (tabs_.Item(5, "Caching proxy###proxy")) {
      DrawProxy(ctx);
      ImGui::EndTabItem();
    }
    tabs_.End();
  }

  nlohmann::ordered_json Counts() const {
    nlohmann::ordered_json j;
    j["resources"] = resources_.size();
    j["subscriptions"] = subs_.size();
    j["subscription_rows"] = {{"match", counts_[0]}, {"none", counts_[1]}, {"ambiguous", counts_[2]}};
    j["findings"] = {{"tab", overlap_count_ + gap_count_}, {"overlaps", overlap_count_}, {"gaps", gap_count_}};
    if (analysis_ && analysis_->has_transition) {
      const TransitionCounts tc = CountTransition();
      j["transition"] = {{"rows", tc.rows}, {"changed", tc.changed}, {"same", tc.same},
                         {"became_ambiguous", tc.became_ambiguous}, {"became_unmatched", tc.became_unmatched},
                         {"between_ambiguous", tc.between_ambiguous}, {"between_unmatched", tc.between_unmatched},
                         {"broken", tc.broken}};
    }
    return j;
  }

  // "tab=N;resource=NAME[;delivery=D]": the open tab, the selected resource and, on the
  // Transition tab, how the change is delivered (0 as sent, 1 one response, 2 new variants
  // first, 3 removal first).
  std::string SaveState() const override {
    std::string s = tabs_.Save();
    if (selected_row_ >= 0) s += ";sub=" + std::to_string(selected_row_);
    if (selected_resource_ < resources_.size()) s += ";resource=" + resources_[selected_resource_].r->name;
    if (delivery_ != 0) s += ";delivery=" + std::to_string(delivery_);
    return s;
  }
  void LoadState(std::string_view state) override {
    tabs_.Load(state);
    if (auto r = StateField(state, "resource")) pending_resource_ = *r;
    if (auto d = StateInt(state, "delivery"); d && *d >= 0 && *d <= 3) delivery_ = *d;
    // sub=N: the Subscriptions tab's row N is selected and explained at the next frame.
    if (auto r = StateInt(state, "sub"); r && *r >= 0) pending_row_ = *r;
    SelectPendingResource();
  }

  // The test hook: the tab labels' counts (Counts), the shown tab's main table, the builder's known keys and values, the Subscriptions rows (each with the
  // variant it gets), the selected row and the explanation it shows.
  nlohmann::ordered_json DumpState() const override {
    if (!analysis_) return EngineView::DumpState();
    nlohmann::ordered_json known = nlohmann::ordered_json::object();
    for (const auto& [key, values] : known_) known[key] = std::vector<std::string>(values.begin(), values.end());
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    for (const SubRow& r : sub_rows_) {
      const Sub& s = subs_[r.sub];
      rows.push_back({{"subscriber", s.name}, {"params", v::RenderParams(s.params)}, {"resource", r.resource_name},
                      {"variant", std::string(v::OutcomeName(r.sel.outcome)) + ": " + r.variant_text}, {"added", s.added}});
    }
    nlohmann::ordered_json j = {{"counts", Counts()},          {"table", room_.ToJson()},
                                {"known", std::move(known)}, {"subscriptions", std::move(rows)},
                                {"selected", selected_row_}};
    if (selected_row_ >= 0) {
      nlohmann::ordered_json steps = nlohmann::ordered_json::array();
      for (const doc::Step& st : why_.children) steps.push_back(st.what);
      j["explanation"] = {{"what", why_.what}, {"detail", why_.detail}, {"steps", std::move(steps)}};
    }
    return j;
  }

 private:
  // ---- derived data ----
  void RebuildSubRows() {
    sub_rows_.clear();
    std::map<std::string, size_t> by_name;
    for (size_t i = 0; i < resources_.size(); ++i) by_name[resources_[i].r->name] = i;
    for (size_t s = 0; s < subs_.size(); ++s) {
      auto add = [&](size_t ri, const std::string& name) {
        SubRow row;
        row.sub = s;
        row.resource = ri;
        row.resource_name = name;
        row.sel = v::Select(ri == SIZE_MAX ? nullptr : resources_[ri].r, subs_[s].params);
        const v::ResourceVariants* r = ri == SIZE_MAX ? nullptr : resources_[ri].r;
        if (row.sel.outcome == v::Outcome::kMatch && r) {
          row.variant_text = "variant " + r->variants[*row.sel.selected].IdText();
        } else if (row.sel.outcome == v::Outcome::kNone) {
          row.variant_text = r ? "none (resource does not exist for this client)" : "none (unknown resource)";
        } else {
          row.variant_text = "ambiguous: variants";
          for (size_t m : row.sel.matching) row.variant_text += " " + r->variants[m].IdText();
        }
        sub_rows_.push_back(std::move(row));
      };
      if (subs_[s].resources.empty()) {
        for (size_t i = 0; i < resources_.size(); ++i) add(i, resources_[i].r->name);
      } else {
        for (const std::string& n : subs_[s].resources) {
          auto it = by_name.find(n);
          add(it == by_name.end() ? SIZE_MAX : it->second, n);
        }
      }
    }
    counts_[0] = counts_[1] = counts_[2] = 0;
    for (const SubRow& r : sub_rows_) counts_[static_cast<int>(r.sel.outcome)]++;
    RebuildTransitionAndProxy();
  }

  // The core's subscriptions for the list shown (the scenario's plus the ones added in the view).
  std::vector<v::Subscription> CoreSubs() const {
    std::vector<v::Subscription> out;
    for (const Sub& s : subs_) {
      v::Subscription c;
      c.name = s.name;
      c.params = s.params;
      c.resources = s.resources;
      c.source = s.source;
      c.range = s.range;
      out.push_back(std::move(c));
    }
    return out;
  }

  void RebuildTransitionAndProxy() {
    std::vector<v::Subscription> subs = CoreSubs();
    transition_ = v::ComputeTransition(*analysis_, subs);
    t_counts_ = {};
    split_broken_ = 0;
    for (const v::TransitionRow& r : transition_.rows) {
      switch (r.change) {
        case v::Change::kChanged: case v::Change::kUpdated: case v::Change::kFixed: t_counts_.changed++; break;
        case v::Change::kBecameAmbiguous: t_counts_.ambiguous++; break;
        case v::Change::kBecameUnmatched: t_counts_.unmatched++; break;
        default: t_counts_.same++; break;
      }
      if (r.before.sel.outcome == v::Outcome::kMatch && r.after.sel.outcome == v::Outcome::kMatch)
        for (const v::Seen& x : r.intermediate)
          if (x.sel.outcome != v::Outcome::kMatch) {
            split_broken_++;
            break;
          }
    }
    // Proxy rows: per resource a header, per variant its subscribers, then ambiguous / unmatched.
    proxy_ = v::ComputeProxy(analysis_->final_state, subs);
    proxy_rows_.clear();
    notified_.clear();
    for (const v::TransitionRow& r : transition_.rows)
      if (v::Notifies(r.change)) notified_[{r.resource, r.subscription}] = &r;
    for (size_t p = 0; p < proxy_.size(); ++p) {
      proxy_rows_.push_back({p, ProxyRow::kHeader, 0});
      for (size_t i = 0; i < proxy_[p].per_variant.size(); ++i) proxy_rows_.push_back({p, ProxyRow::kVariant, i});
      if (!proxy_[p].ambiguous.empty()) proxy_rows_.push_back({p, ProxyRow::kAmbiguous, 0});
      if (!proxy_[p].unmatched.empty()) proxy_rows_.push_back({p, ProxyRow::kUnmatched, 0});
    }
  }

  void SelectPendingResource() {
    if (pending_resource_.empty()) return;
    for (size_t i = 0; i < resources_.size(); ++i)
      if (resources_[i].r->name == pending_resource_) {
        selected_resource_ = i;
        pending_resource_.clear();
        return;
      }
  }

  void AddSubscription(const std::string& name, v::Params p, std::vector<std::string> resources) {
    Sub s;
    s.name = name;
    s.params = std::move(p);
    s.resources = std::move(resources);
    s.added = true;
    subs_.push_back(std::move(s));
    RebuildSubRows();
  }

  // Explanation for one subscription x resource: every variant's constraints against the params.
  void Explain(ViewContext& ctx, const SubRow& row, bool jump = true) {
    selected_row_ = static_cast<int>(&row - sub_rows_.data());
    explaining_ = kSubRow;
    const Sub& s = subs_[row.sub];
    why_ = doc::Step{};
    why_.what = s.name + " " + v::RenderParams(s.params) + " subscribes to " + row.resource_name;
    why_.detail = std::string(v::OutcomeName(row.sel.outcome)) + ": " + row.variant_text;
    why_.outcome = row.sel.outcome == v::Outcome::kMatch  ? doc::Outcome::kMatched
                   : row.sel.outcome == v::Outcome::kNone ? doc::Outcome::kNoMatch
                                                          : doc::Outcome::kError;
    const v::ResourceVariants* r = row.resource == SIZE_MAX ? nullptr : resources_[row.resource].r;
    if (r) {
      for (const v::Variant& var : r->variants) {
        doc::Step st;
        st.what = "variant " + var.IdText() + ": " + Displayable(v::Render(var.constraint));
        bool m = v::Matches(var.constraint, s.params, &st);
        st.outcome = m ? doc::Outcome::kMatched : doc::Outcome::kNoMatch;
        st.range = var.range;
        if (var.source) st.file = var.source->name();
        why_.Add(std::move(st));
      }
    }
    ctx.SelectExplanation(&why_);
    if (!jump) return;
    // Jump to the variant it gets (or the first matching one), else to the subscription.
    if (r && !row.sel.matching.empty()) {
      const v::Variant& var = r->variants[row.sel.selected.value_or(row.sel.matching.front())];
      ctx.JumpTo(var.source ? var.source->name() : "", var.range);
    } else if (s.source) {
      ctx.JumpTo(s.source->name(), s.range);
    }
  }


  // ---- tabs ----
  void DrawResources(ViewContext& ctx) {
    float list_w = ImGui::GetFontSize() * 11;
    ImGui::BeginChild("##reslist", ImVec2(list_w, 0), true);
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(resources_.size()));
    while (clip.Step()) {
      for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
        const ResourceInfo& info = resources_[static_cast<size_t>(i)];
        char buf[512];
        std::snprintf(buf, sizeof buf, "%s%s  (%zu)##r%d", info.overlaps.empty() ? "" : "⚠ ", ShortName(info.r->name).c_str(),
                      info.r->variants.size(), i);
        if (ImGui::Selectable(buf, selected_resource_ == static_cast<size_t>(i))) selected_resource_ = static_cast<size_t>(i);
        if (ShortName(info.r->name) != info.r->name) ShortNameHover(info.r->name);  // a long xdstp:// name
        else theme::TooltipIfClipped(buf, ImGui::GetItemRectSize().x);
      }
    }
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("##resdetail", ImVec2(0, 0), false);
    if (resources_.empty()) {
      theme::TextMuted("No resources.");
      ImGui::EndChild();
      return;
    }
    ResourceInfo& info = resources_[selected_resource_];
    ImGui::PushFont(theme::GetFonts().bold);
    ImGui::TextUnformatted(ShortName(info.r->name).c_str());  // an xdstp:// name: its last segment
    ImGui::PopFont();
    ShortNameHover(info.r->name);
    ImGui::SameLine();
    theme::TextMuted("%zu variant%s, keys %s", info.r->variants.size(), info.r->variants.size() == 1 ? "" : "s",
                     info.keys.c_str());
    if (!info.consistent && info.r->variants.size() > 1) {
      ImGui::TextColored(theme::Pal().warning, "%s variants constrain different key sets: add ¬exists(key) to the "
                         "variants that leave a key out", theme::kIconWarning);
    }
    if (!info.overlaps.empty())
      ImGui::TextColored(theme::Pal().error, "%s %zu overlapping pair%s (Findings tab)", theme::kIconWarning,
                         info.overlaps.size(), info.overlaps.size() == 1 ? "" : "s");
    ImGuiTableFlags tf = ImGuiTableFlags_BordersV | ImGuiTableFlags_BordersOuterH | ImGuiTableFlags_Resizable |
                         ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY;
    if (theme::BeginTableMinWidth("##variants", 4, tf, 26)) {
      ImGui::TableSetupScrollFreeze(0, 1);
      // Wide enough for the longest id (labels such as "prod-canary"), at most 12 em.
      const float id_w = std::min(12.0f, 1.0f + 0.55f * static_cast<float>(info.id_chars));
      ImGui::TableSetupColumn("Id", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * std::max(3.0f, id_w));
      ImGui::TableSetupColumn("Constraints", ImGuiTableColumnFlags_WidthStretch, 4);
      ImGui::TableSetupColumn("Key set", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 7);
      ImGui::TableSetupColumn("Content", ImGuiTableColumnFlags_WidthStretch, 2);
      ImGui::TableHeadersRow();
      ImGuiListClipper clip2;
      clip2.Begin(static_cast<int>(info.rows.size()));
      while (clip2.Step()) {
        for (int i = clip2.DisplayStart; i < clip2.DisplayEnd; ++i) {
          const VariantRow& row = info.rows[static_cast<size_t>(i)];
          const v::Variant& var = info.r->variants[static_cast<size_t>(i)];
          ImGui::TableNextRow();
          ImGui::TableNextColumn();
          ImGui::PushID(i);
          if (ImGui::Selectable(row.id.c_str(), false, ImGuiSelectableFlags_SpanAllColumns))
            ctx.JumpTo(var.source ? var.source->name() : "", var.range);
          // The row clips long constraints and content: hovering it shows them whole.
          if (ImGui::IsItemHovered())
            ImGui::SetTooltip("variant %s\n%s\nkeys %s%s%s", row.id.c_str(), row.constraint.c_str(), row.keys.c_str(),
                              row.content.empty() ? "" : "\n", row.content.c_str());
          ImGui::PopID();
          ImGui::TableNextColumn();
          ImGui::PushFont(theme::GetFonts().mono);
          ImGui::TextUnformatted(row.constraint.c_str());
          ImGui::PopFont();
          ImGui::TableNextColumn();
          if (row.keys != info.keys && info.r->variants.size() > 1)
            ImGui::TextColored(theme::Pal().warning, "%s %s", theme::kIconWarning, row.keys.c_str());
          else
            ImGui::TextUnformatted(row.keys.c_str());
          ImGui::TableNextColumn();
          theme::TextMuted("%s", row.content.c_str());
        }
      }
      room_.Measure("variants", info.rows.size());
      ImGui::EndTable();
    }
    ImGui::EndChild();
  }

  // The new-subscription builder: one field per known key (a value from its domain, "other..."
  // to type one, or not sent), more key=value pairs, the resources it asks for and a name.
  void DrawBuilder(ViewContext& ctx) {
    const float fs = ImGui::GetFontSize();
    auto wrap = [fs](float em) {
      ImGui::SameLine();
      if (ImGui::GetContentRegionAvail().x < fs * em) ImGui::NewLine();
    };
    ImGui::PushFont(theme::GetFonts().bold);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("New subscription");
    ImGui::PopFont();
    size_t k = 0;
    for (const auto& [key, values] : known_) {
      ImGui::PushID(static_cast<int>(k));
      wrap(14);
      ImGui::AlignTextToFramePadding();
      ImGui::TextUnformatted(key.c_str());
      ImGui::SameLine();
      const int n = static_cast<int>(values.size());
      std::string preview = pick_[k] == 0 ? "(not sent)" : pick_[k] == n + 1 ? "other..." : *std::next(values.begin(), pick_[k] - 1);
      ImGui::SetNextItemWidth(fs * 7);
      if (ImGui::BeginCombo("##v", preview.c_str())) {
        if (ImGui::Selectable("(not sent)", pick_[k] == 0)) pick_[k] = 0;
        int i = 1;
        for (const std::string& val : values) {
          if (ImGui::Selectable(val.c_str(), pick_[k] == i)) pick_[k] = i;
          ++i;
        }
        if (ImGui::Selectable("other...", pick_[k] == n + 1)) pick_[k] = n + 1;
        ImGui::EndCombo();
      }
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("The values of %s that the domains and the variants name; \"other...\" to type one.", key.c_str());
      if (pick_[k] == n + 1) {
        ImGui::SameLine();
        char buf[128];
        std::snprintf(buf, sizeof buf, "%s", other_[k].c_str());
        ImGui::SetNextItemWidth(fs * 6);
        if (ImGui::InputTextWithHint("##o", "value", buf, sizeof buf)) other_[k] = buf;
      }
      ImGui::PopID();
      ++k;
    }
    wrap(18);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(known_.empty() ? "parameters" : "more");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(fs * 10);
    bool enter = ImGui::InputTextWithHint("##params", "key=value, key=value", new_params_, sizeof new_params_,
                                          ImGuiInputTextFlags_EnterReturnsTrue);
    wrap(16);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("resources");
    ImGui::SameLine();
    std::string rpreview;
    for (const std::string& r : pick_resources_) rpreview += (rpreview.empty() ? "" : ", ") + ShortName(r);
    if (rpreview.empty()) rpreview = "all";
    ImGui::SetNextItemWidth(fs * 9);
    if (ImGui::BeginCombo("##res", rpreview.c_str())) {
      bool all = pick_resources_.empty();
      if (ImGui::Checkbox("all resources", &all) && all) pick_resources_.clear();
      for (const ResourceInfo& info : resources_) {
        bool on = pick_resources_.count(info.r->name) > 0;
        if (ImGui::Checkbox(ShortName(info.r->name).c_str(), &on)) {
          if (on) pick_resources_.insert(info.r->name);
          else pick_resources_.erase(info.r->name);
        }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", info.r->name.c_str());
      }
      ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("The resources this subscription asks for (all when none is ticked).");
    wrap(14);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("name");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(fs * 6);
    ImGui::InputTextWithHint("##name", "added", sub_name_, sizeof sub_name_);
    ImGui::SameLine();
    if (ImGui::Button("Add") || enter) {
      v::Params p;
      add_error_.clear();
      k = 0;
      for (const auto& [key, values] : known_) {
        const int n = static_cast<int>(values.size());
        if (pick_[k] >= 1 && pick_[k] <= n) p[key] = *std::next(values.begin(), pick_[k] - 1);
        else if (pick_[k] == n + 1) {
          if (other_[k].empty()) add_error_ = "type a value for " + key + " (or choose one, or \"(not sent)\")";
          else p[key] = other_[k];
        }
        ++k;
      }
      // The "more" field: key=value pairs separated by commas.
      std::string more = new_params_;
      for (size_t at = 0; add_error_.empty() && at < more.size();) {
        size_t comma = more.find(',', at);
        std::string item = more.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
        while (!item.empty() && item.front() == ' ') item.erase(item.begin());
        while (!item.empty() && item.back() == ' ') item.pop_back();
        size_t eq = item.find('=');
        if (!item.empty() && (eq == std::string::npos || eq == 0))
          add_error_ = "\"" + item + "\" in the field \"" + std::string(known_.empty() ? "parameters" : "more") +
                       "\" is not key=value; type pairs like env=prod, version=v1";
        else if (!item.empty())
          p[item.substr(0, eq)] = item.substr(eq + 1);
        if (comma == std::string::npos) break;
        at = comma + 1;
      }
      if (add_error_.empty()) {
        AddSubscription(sub_name_[0] ? sub_name_ : "added", std::move(p),
                        std::vector<std::string>(pick_resources_.begin(), pick_resources_.end()));
        new_params_[0] = 0;
        save_message_.clear();
        // The new rows are the last ones: select the first and explain it.
        for (size_t r = 0; r < sub_rows_.size(); ++r)
          if (sub_rows_[r].sub == subs_.size() - 1) {
            Explain(ctx, sub_rows_[r]);
            break;
          }
      }
    }
    if (!add_error_.empty()) ImGui::TextColored(theme::Pal().error, "%s %s", theme::kIconError, add_error_.c_str());
  }

  // Writes the subscriptions added in the view into the scenario (inputs.subscriptions) as an
  // edit of its text; the evaluation that follows lists them as the scenario's own.
  void SaveAdded(ViewContext& ctx) {
    const OpenDocument& d = ctx.document();
    std::vector<v::NewSubscription> added;
    for (const Sub& s : subs_)
      if (s.added) added.push_back({s.params, s.name == "added" ? std::string() : s.name, s.resources});
    if (added.empty() || d.files().empty()) return;
    const SourceFile& scenario = d.files().front();
    v::ScenarioEdit e = v::AddSubscriptions(scenario.text.str(), added);
    if (!e.error.empty()) {
      save_message_ = std::string(theme::kIconError) + " Cannot add them to " + scenario.name + ": " + e.error + ".";
      return;
    }
    if (!ctx.ReplaceText(scenario.name, std::move(e.text))) {
      save_message_ = std::string(theme::kIconError) + " " + scenario.name + " is read-only here.";
      return;
    }
    subs_.erase(std::remove_if(subs_.begin(), subs_.end(), [](const Sub& s) { return s.added; }), subs_.end());
    RebuildSubRows();
    selected_row_ = -1;
    save_message_ = std::string(theme::kIconOk) + " " + std::to_string(added.size()) + " subscription" +
                    (added.size() == 1 ? "" : "s") + " added to inputs.subscriptions of " + scenario.name +
                    " (File > Save source, Ctrl+S, writes the file).";
  }

  void DrawSubscriptions(ViewContext& ctx) {
    if (pending_row_ >= 0) {  // --view "sub=N" / a restored selection
      if (static_cast<size_t>(pending_row_) < sub_rows_.size()) {
        Explain(ctx, sub_rows_[static_cast<size_t>(pending_row_)]);
      }
      pending_row_ = -1;
    }
    subs_head_.Begin("##subs-head");  // the table below keeps its 8 rows (TableHeaderArea)
    // Folded by default so the table keeps its rows at 1024x700 and scale 1.5.
    if (ImGui::CollapsingHeader("Add a subscription (keys and values from the known domains)")) DrawBuilder(ctx);
    size_t n_added = 0;
    for (const Sub& s : subs_) n_added += s.added;
    ImGui::TextColored(theme::Pal().ok, "%s %d match", theme::kIconOk, counts_[0]);
    ImGui::SameLine();
    ImGui::TextColored(theme::Pal().warning, "%s %d none", theme::kIconNoMatch, counts_[1]);
    ImGui::SameLine();
    ImGui::TextColored(theme::Pal().error, "%s %d ambiguous", theme::kIconWarning, counts_[2]);
    if (n_added > 0) {
      ImGui::SameLine();
      const bool scenario = ctx.document().scenario().envelope.has_value();
      std::string label = "Save " + std::to_string(n_added) + " added to the scenario";
      if (!scenario) ImGui::BeginDisabled();
      if (ImGui::SmallButton(label.c_str())) SaveAdded(ctx);
      if (!scenario) ImGui::EndDisabled();
      if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip(scenario ? "Adds them to inputs.subscriptions of the scenario (the Source panel shows the edit)."
                                   : "Only a .scenario.yaml holds subscriptions: open the scenario to save them.");
    }
    if (!save_message_.empty()) {
      ImGui::PushTextWrapPos(0);
      theme::TextMuted("%s", save_message_.c_str());
      ImGui::PopTextWrapPos();
    }
    subs_head_.End();

    ImGuiTableFlags tf = ImGuiTableFlags_BordersV | ImGuiTableFlags_BordersOuterH | ImGuiTableFlags_Resizable |
                         ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY;
    if (!theme::BeginTableMinWidth("##subs", 5, tf, 40)) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("Subscriber", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 8);
    ImGui::TableSetupColumn("Parameters", ImGuiTableColumnFlags_WidthStretch, 2);
    ImGui::TableSetupColumn("Resource", ImGuiTableColumnFlags_WidthStretch, 2);
    ImGui::TableSetupColumn("Variant", ImGuiTableColumnFlags_WidthStretch, 2);
    ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 4);
    ImGui::TableHeadersRow();
    int remove = -1;
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(sub_rows_.size()));
    while (clip.Step()) {
      for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
        const SubRow& row = sub_rows_[static_cast<size_t>(i)];
        const Sub& s = subs_[row.sub];
        ImGui::PushID(i);
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        if (ImGui::Selectable(s.name.c_str(), explaining_ == kSubRow && selected_row_ == i,
                              ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowItemOverlap))
          Explain(ctx, row);
        ImGui::TableNextColumn();
        ImGui::PushFont(theme::GetFonts().mono);
        theme::CellText(v::RenderParams(s.params));
        ImGui::PopFont();
        ImGui::TableNextColumn();
        theme::CellText(ShortName(row.resource_name));
        ShortNameHover(row.resource_name);
        ImGui::TableNextColumn();
        const ImVec4 color = OutcomeColorOf(row.sel.outcome);
        theme::CellText(std::string(OutcomeIconText(row.sel.outcome)) + " " + row.variant_text, &color);
        ImGui::TableNextColumn();
        if (s.added && ImGui::SmallButton("remove")) remove = static_cast<int>(row.sub);
        ImGui::PopID();
      }
    }
    room_.Measure("subscriptions", sub_rows_.size());
    ImGui::EndTable();
    if (remove >= 0) {
      subs_.erase(subs_.begin() + remove);
      RebuildSubRows();
      selected_row_ = -1;
    }
  }

  void DrawFindings(ViewContext& ctx) {
    theme::TextMuted("Click \"+ subscribe\" to add a witness as a subscription (Subscriptions tab).");
    ImGuiTableFlags tf = ImGuiTableFlags_BordersV | ImGuiTableFlags_BordersOuterH | ImGuiTableFlags_Resizable |
                         ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY;
    if (!theme::BeginTableMinWidth("##findings", 5, tf, 44)) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("Kind", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 7);
    ImGui::TableSetupColumn("Resource", ImGuiTableColumnFlags_WidthStretch, 1);
    ImGui::TableSetupColumn("Finding", ImGuiTableColumnFlags_WidthStretch, 3);
    ImGui::TableSetupColumn("Witness", ImGuiTableColumnFlags_WidthStretch, 2);
    ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 6);
    ImGui::TableHeadersRow();
    int id = 0;
    std::vector<std::pair<v::Params, std::string>> to_add;
    auto witness_cells = [&](const v::Params& w, const std::string& res) {
      ImGui::TableNextColumn();
      ImGui::PushFont(theme::GetFonts().mono);
      ImGui::TextUnformatted(v::RenderParams(w).c_str());
      ImGui::PopFont();
      ImGui::TableNextColumn();
      ImGui::PushID(id++);
      if (ImGui::SmallButton("+ subscribe")) to_add.emplace_back(w, res);
      ImGui::PopID();
    };
    for (ResourceInfo& info : resources_) {
      for (const v::OverlapFinding& f : info.overlaps) {
        const v::Variant& a = info.r->variants[f.a];
        const v::Variant& b = info.r->variants[f.b];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextColored(theme::Pal().error, "%s overlap", theme::kIconWarning);
        ImGui::TableNextColumn();
        ImGui::PushID(id++);
        if (ImGui::Selectable(ShortName(info.r->name).c_str())) ctx.JumpTo(b.source ? b.source->name() : "", b.range);
        ShortNameHover(info.r->name);
        ImGui::PopID();
        ImGui::TableNextColumn();
        ImGui::TextWrapped("variants %s and %s both match: %s  and  %s", a.IdText().c_str(), b.IdText().c_str(),
                           Displayable(v::Render(a.constraint)).c_str(), Displayable(v::Render(b.constraint)).c_str());
        witness_cells(f.witness, info.r->name);
      }
    }
    // Coverage: the engine's, per resource.
    for (ResourceInfo& info : resources_) {
      const v::CoverageReport& cov = info.coverage;
      for (const v::CoverageRegion& reg : cov.regions) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextColored(theme::Pal().warning, "%s uncovered", theme::kIconNoMatch);
        ImGui::TableNextColumn();
        ImGui::PushID(id++);
        if (ImGui::Selectable(ShortName(info.r->name).c_str()) && !info.r->variants.empty())
          ctx.JumpTo(info.r->variants[0].source ? info.r->variants[0].source->name() : "", info.r->variants[0].range);
        ShortNameHover(info.r->name);
        ImGui::PopID();
        ImGui::TableNextColumn();
        if (cov.by_search)
          ImGui::TextWrapped("no variant matches %s", Displayable(reg.text).c_str());
        else
          ImGui::TextWrapped("no variant matches %s  (%llu of %llu combinations)", Displayable(reg.text).c_str(),
                             static_cast<unsigned long long>(reg.count), static_cast<unsigned long long>(cov.total));
        witness_cells(reg.witness, info.r->name);
      }
      if (cov.truncated) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(info.r->name.c_str());
        ImGui::TableNextColumn();
        theme::TextMuted("more uncovered regions not listed");
      }
    }
    room_.Measure("findings", overlap_count_ + gap_count_);
    ImGui::EndTable();
    for (auto& [p, res] : to_add) AddSubscription("witness", std::move(p), {res});
  }

  void DrawMatrix(ViewContext& ctx) {
    if (resources_.empty()) {
      theme::TextMuted("No resources.");
      return;
    }
    ResourceInfo& info = resources_[selected_resource_];
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14);
    if (ImGui::BeginCombo("Resource", info.r->name.c_str())) {
      ImGuiListClipper clip;
      clip.Begin(static_cast<int>(resources_.size()));
      while (clip.Step())
        for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i)
          if (ImGui::Selectable(resources_[static_cast<size_t>(i)].r->name.c_str(), static_cast<size_t>(i) == selected_resource_)) {
            selected_resource_ = static_cast<size_t>(i);
            matrix_dirty_ = true;
          }
      ImGui::EndCombo();
    }
    if (matrix_resource_ != selected_resource_) BuildMatrixKeys();
    ResourceInfo& cur = resources_[selected_resource_];
    if (matrix_keys_.size() < 1) {
      matrix_dirty_ = false;
      theme::TextMuted("This resource's variants name no keys: every client gets the same variant.");
      return;
    }
    auto key_combo = [&](const char* label, int& idx) {
      ImGui::SameLine();
      ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
      if (ImGui::BeginCombo(label, matrix_keys_[static_cast<size_t>(idx)].key.c_str())) {
        for (size_t k = 0; k < matrix_keys_.size(); ++k)
          if (ImGui::Selectable(matrix_keys_[k].key.c_str(), static_cast<int>(k) == idx)) {
            idx = static_cast<int>(k);
            matrix_dirty_ = true;
          }
        ImGui::EndCombo();
      }
    };
    key_combo("X (columns)", key_x_);
    const bool one_key = matrix_keys_.size() == 1;
    if (!one_key) key_combo("Y (rows)", key_y_);
    if (matrix_dirty_) {
      std::vector<const v::Constraint*> cs;
      for (const v::Variant& var : cur.r->variants) cs.push_back(&var.constraint);
      // With one key the matrix is a single row (no second key: "<absent>").
      v::CoverageKey none{"(no other key)", {}, true, false, false};
      matrix_ = v::Matrix(cs, matrix_keys_[static_cast<size_t>(key_x_)],
                          one_key ? none : matrix_keys_[static_cast<size_t>(key_y_)], {});
      matrix_dirty_ = false;
    }
    theme::TextMuted("Other keys absent. Cell: the variant selected; %s none = resource missing for that client, "
                     "%s = ambiguous. Click a cell to add it as a subscription.", theme::kIconNoMatch, theme::kIconWarning);
    int cols = static_cast<int>(matrix_.xs.size()) + 1;
    if (cols > 63) cols = 63;
    ImGuiTableFlags tf = ImGuiTableFlags_Borders | ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY |
                         ImGuiTableFlags_SizingFixedFit;
    if (!ImGui::BeginTable("##matrix", cols, tf)) return;
    ImGui::TableSetupScrollFreeze(1, 1);
    std::string corner = matrix_.key_y + " \\ " + matrix_.key_x;
    ImGui::TableSetupColumn(corner.c_str());
    for (int x = 0; x + 1 < cols; ++x) ImGui::TableSetupColumn(matrix_.xs[static_cast<size_t>(x)].c_str());
    ImGui::TableHeadersRow();
    const theme::Palette& pal = theme::Pal();
    for (size_t y = 0; y < matrix_.ys.size(); ++y) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(matrix_.ys[y].c_str());
      for (int x = 0; x + 1 < cols; ++x) {
        ImGui::TableNextColumn();
        const v::MatrixCell& c = matrix_.cells[static_cast<size_t>(x)][y];
        std::string text;
        ImVec4 bg;
        if (c.matching.empty()) {
          text = std::string(theme::kIconNoMatch) + " none";
          bg = pal.warning;
        } else if (c.matching.size() > 1) {
          text = std::string(theme::kIconWarning);
          for (size_t m : c.matching) text += " " + cur.r->variants[m].IdText();
          bg = pal.error;
        } else {
          text = cur.r->variants[c.matching[0]].IdText();
          bg = VariantColor(c.matching[0]);
        }
        bg.w = 0.30f;
        ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, ImGui::GetColorU32(bg));
        ImGui::PushID(static_cast<int>(y * 64 + static_cast<size_t>(x)));
        if (ImGui::Selectable(text.c_str())) {
          v::Params p;
          auto put = [&](const std::string& key, const std::string& val) {
            if (val == "<absent>") return;
            p[key] = val == "<other>" ? "other" : val;
          };
          put(matrix_.key_x, matrix_.xs[static_cast<size_t>(x)]);
          put(matrix_.key_y, matrix_.ys[y]);
          AddSubscription("matrix", std::move(p), {cur.r->name});
          if (!c.matching.empty()) {
            const v::Variant& var = cur.r->variants[c.matching[0]];
            ctx.JumpTo(var.source ? var.source->name() : "", var.range);
          }
        }
        ImGui::PopID();
      }
    }
    room_.Measure("matrix", matrix_.ys.size());
    ImGui::EndTable();
  }

  // ---- transition ----
  std::string SubLabel(size_t i) const {
    const Sub& s = subs_[i];
    // Unnamed subscriptions of the scenario are known by their number (and parameters).
    if (s.name == "inputs" || s.name.empty()) return "#" + std::to_string(i);
    return "#" + std::to_string(i) + " " + s.name;
  }

  // One selection as a coloured cell: "✓ variant 2", "✗ none", "⚠ ambiguous: 0+2".
  static void SeenCell(const v::Seen& x) {
    if (x.sel.outcome == v::Outcome::kMatch)
      ImGui::TextColored(OutcomeColorOf(x.sel.outcome), "%s variant %s", OutcomeIconText(x.sel.outcome), x.Text().c_str());
    else if (x.sel.outcome == v::Outcome::kNone)
      ImGui::TextColored(OutcomeColorOf(x.sel.outcome), "%s none", OutcomeIconText(x.sel.outcome));
    else
      ImGui::TextColored(OutcomeColorOf(x.sel.outcome), "%s ambiguous %s", OutcomeIconText(x.sel.outcome),
                         x.Text().c_str());
  }

  static std::string SourceName(const v::Update* u) {
    if (!u || !u->source) return "?";
    const std::string& n = u->source->name();
    return n.substr(n.rfind('/') + 1);
  }

  void DocHint(const char* what, const char* how, const char* snippet) {
    ImGui::Spacing();
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(what);
    ImGui::Spacing();
    theme::TextMuted("%s", how);
    ImGui::Spacing();
    ImGui::PushFont(theme::GetFonts().mono);
    ImGui::TextUnformatted(snippet);
    ImGui::PopFont();
    ImGui::Spacing();
    theme::TextMuted("Scenario keys: docs/formats/variants.md, section \"Scenario inputs\".");
    ImGui::PopTextWrapPos();
  }

  size_t ResourceIndex(const std::string& name) const {
    for (size_t i = 0; i < resources_.size(); ++i)
      if (resources_[i].r->name == name) return i;
    return SIZE_MAX;
  }

  // Selects the row's resource, explains the change and jumps to the variant it gets after (else
  // the one it had before, else the subscription).
  void OpenTransitionRow(ViewContext& ctx, const v::TransitionRow& r, bool jump = true) {
    sel_t_row_ = static_cast<size_t>(&r - transition_.rows.data());
    explaining_ = kTransitionRow;
    if (size_t ri = ResourceIndex(r.resource); ri != SIZE_MAX) selected_resource_ = ri;
    const Sub& s = subs_[r.subscription];
    auto step = [](const std::string& what, const v::Seen& x) {
      doc::Step st;
      st.what = what + ": " + (x.sel.outcome == v::Outcome::kMatch ? "variant " + x.Text()
                               : x.sel.outcome == v::Outcome::kNone ? std::string("none")
                                                                    : "ambiguous " + x.Text());
      st.outcome = x.sel.outcome == v::Outcome::kMatch  ? doc::Outcome::kMatched
                   : x.sel.outcome == v::Outcome::kNone ? doc::Outcome::kNoMatch
                                                        : doc::Outcome::kError;
      if (x.r && !x.sel.matching.empty()) {
        const v::Variant& var = x.r->variants[x.sel.matching.front()];
        st.detail = Displayable(v::Render(var.constraint));
        st.range = var.range;
        if (var.source) st.file = var.source->name();
      }
      return st;
    };
    why_ = doc::Step{};
    why_.what = SubLabel(r.subscription) + " " + v::RenderParams(s.params) + ", " + r.resource;
    why_.detail = v::ChangeName(r.change);
    why_.outcome = r.change == v::Change::kBecameAmbiguous ? doc::Outcome::kError
                   : r.change == v::Change::kBecameUnmatched ? doc::Outcome::kNoMatch
                                                              : doc::Outcome::kInfo;
    why_.Add(step("before", r.before));
    for (size_t k = 0; k < r.intermediate.size(); ++k)
      why_.Add(step("after response " + std::to_string(k + 1) + " (" + SourceName(transition_.responses[k]) + ")",
                    r.intermediate[k]));
    why_.Add(step("after", r.after));
    why_.Add(step("if sent as two responses, new variants first, in between", r.adds_first));
    why_.Add(step("if sent as two responses, removal first, in between", r.removes_first));
    ctx.SelectExplanation(&why_);
    if (!jump) return;
    const v::Seen& target = !r.after.sel.matching.empty() ? r.after : r.before;
    if (target.r && !target.sel.matching.empty()) {
      const v::Variant& var = target.r->variants[target.sel.selected.value_or(target.sel.matching.front())];
      ctx.JumpTo(var.source ? var.source->name() : "", var.range);
    } else if (s.source) {
      ctx.JumpTo(s.source->name(), s.range);
    }
  }

  void DrawTransition(ViewContext& ctx) {
    if (!analysis_->has_transition) {
      DocHint("This scenario has no transition.",
              "A transition compares the variants clients have now (before) with the variants after one or more "
              "responses. Name the sources that form the \"before\" set in inputs.before (CLI: --before NAME); the "
              "other sources are applied after them, in order, each as one response. Examples: the samples \"TP2: "
              "transition to a second key (one response)\" and \"... split over two responses\".",
              "inputs:\n  before: [transition-before.textproto]   # the variants clients have now\n"
              "sources:\n  - file: transition-before.textproto\n  - file: transition-after.textproto    # one response");
      return;
    }
    const size_t nresp = transition_.responses.size();
    transition_head_.Begin("##transition-head");  // the table below keeps its 8 rows (TableHeaderArea)
    // One count of the table below (TransitionCounts), for the delivery chosen: the summary, the
    // sentence under it and --dump-state read it; "in between" counts the cells of the columns
    // between the responses, so the summary never says 0 above ambiguous rows.
    const TransitionCounts tc = CountTransition();
    // The summary's parts on one line while they fit, then on the next (never clipped).
    auto part = [](bool first, const ImVec4& color, const std::string& text) {
      if (!first) {
        ImGui::SameLine();
        if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(text.c_str()).x) ImGui::NewLine();
      }
      ImGui::TextColored(color, "%s", text.c_str());
    };
    char buf[160];
    std::snprintf(buf, sizeof buf, "%s %zu changed", theme::kIconOk, tc.changed);
    part(true, theme::Pal().ok, buf);
    std::snprintf(buf, sizeof buf, "  %zu unchanged", tc.same);
    part(false, theme::Pal().muted, buf);
    std::snprintf(buf, sizeof buf, "  %s %zu become ambiguous", theme::kIconWarning, tc.became_ambiguous);
    part(false, tc.became_ambiguous ? theme::Pal().error : theme::Pal().muted, buf);
    std::snprintf(buf, sizeof buf, "  %s %zu become unmatched", theme::kIconNoMatch, tc.became_unmatched);
    part(false, tc.became_unmatched ? theme::Pal().warning : theme::Pal().muted, buf);
    if (tc.between_ambiguous + tc.between_unmatched > 0) {
      std::snprintf(buf, sizeof buf, "  in between: %s %zu ambiguous, %s %zu unmatched", theme::kIconWarning,
                    tc.between_ambiguous, theme::kIconNoMatch, tc.between_unmatched);
      part(false, theme::Pal().warning, buf);
    }

    // The spec's rule: the same net change delivered as this scenario sends it, as one response,
    // or as two (new variants first / removal first); the "In between" column shows what each
    // subscriber sees between the responses. (The rule's sentence and the sources follow the
    // verdict: with little room the header scrolls and the counts and verdict stay in view.)
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Deliver:");
    static const char* kModes[] = {"", "one response", "two: new first", "two: removal first"};
    for (int m = 0; m < 4; ++m) {
      ImGui::SameLine();
      char b[96];
      std::snprintf(b, sizeof b, "%s", kModes[m]);
      if (m == 0) std::snprintf(b, sizeof b, "as sent (%zu response%s)", nresp, nresp == 1 ? "" : "s");
      // The next option on the next line when it does not fit (never clipped).
      if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(b).x + ImGui::GetFrameHeight() * 1.5f) ImGui::NewLine();
      ImGui::RadioButton(b, &delivery_, m);
    }
    auto between = [this](const v::TransitionRow& r) { return Between(r); };
    const size_t broken = tc.broken, amb = tc.between_ambiguous;
    ImGui::PushTextWrapPos(0);
    const size_t nbetween = delivery_ == 0 ? (nresp > 0 ? nresp - 1 : 0) : delivery_ == 1 ? 0 : 1;
    if (nbetween == 0)
      ImGui::TextColored(theme::Pal().ok, "%s One response: every subscriber goes from before to after directly; "
                         "nobody sees an intermediate state.", theme::kIconOk);
    else if (broken > 0)
      ImGui::TextColored(theme::Pal().warning, "%s In between, %zu subscription%s that match%s one variant before and after "
                         "%s %s. %s", theme::kIconWarning, broken, broken == 1 ? "" : "s", broken == 1 ? "es" : "",
                         broken == 1 ? "is" : "are", amb ? "ambiguous" : "unmatched",
                         delivery_ == 0 ? "The scenario breaks the rule (VAR113): send them together."
                                        : "This is why the rule exists.");
    else
      ImGui::TextColored(theme::Pal().ok, "%s In between, every subscriber that matches before and after still matches "
                         "one variant.", theme::kIconOk);
    ImGui::PopTextWrapPos();

    // What happens: before -> responses -> after.
    std::string before_names;
    for (const v::Update& u : analysis_->model.updates) {
      if (&u == (nresp ? transition_.responses[0] : nullptr)) break;
      std::string n = SourceName(&u);
      if (before_names.find(n) == std::string::npos) before_names += (before_names.empty() ? "" : ", ") + n;
    }
    std::string after_names;
    for (size_t k = 0; k < nresp; ++k)
      after_names += (k ? "  then  " : "") + std::to_string(k + 1) + ". " + SourceName(transition_.responses[k]);
    ImGui::PushTextWrapPos(0);
    theme::TextMuted("before: %s   ->   after %zu response%s: %s", before_names.c_str(), nresp, nresp == 1 ? "" : "s",
                     after_names.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PushTextWrapPos(0);
    theme::TextMuted("TP2: the deletion of a replaced variant and the creation of its replacements must arrive in a "
                     "single response, so that no subscriber sees the state in between.");
    ImGui::PopTextWrapPos();

    // Columns: subscriber, params, [resource], before, in between (one per intermediate state), after, change.
    bool one_resource = true;
    for (const v::TransitionRow& r : transition_.rows) one_resource &= r.resource == transition_.rows[0].resource;
    const int ninter = static_cast<int>(std::min<size_t>(std::max<size_t>(nbetween, 1), 4));
    const int cols = 5 + ninter + (one_resource ? 0 : 1);
    ImGuiTableFlags tf = ImGuiTableFlags_BordersV | ImGuiTableFlags_BordersOuterH | ImGuiTableFlags_Resizable |
                         ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_ScrollX |
                         ImGuiTableFlags_SizingFixedFit;
    if (one_resource && !transition_.rows.empty()) {
      theme::TextMuted("Resource: %s", ShortName(transition_.rows[0].resource).c_str());
      ShortNameHover(transition_.rows[0].resource);
    }
    transition_head_.End();
    if (!ImGui::BeginTable("##transition", cols, tf)) return;
    ImGui::TableSetupScrollFreeze(1, 1);
    ImGui::TableSetupColumn("Sub.");
    ImGui::TableSetupColumn("Parameters");
    if (!one_resource) ImGui::TableSetupColumn("Resource");
    ImGui::TableSetupColumn("Before");
    std::vector<std::string> inter_labels;
    for (int k = 0; k < ninter; ++k)
      inter_labels.push_back(nbetween <= 1 ? std::string("In between") : "After response " + std::to_string(k + 1));
    for (int k = 0; k < ninter; ++k) ImGui::TableSetupColumn(inter_labels[static_cast<size_t>(k)].c_str());
    ImGui::TableSetupColumn("After");
    ImGui::TableSetupColumn("Change");
    ImGui::TableHeadersRow();
    const theme::Palette& pal = theme::Pal();
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(transition_.rows.size()));
    const v::TransitionRow* open = nullptr;
    while (clip.Step()) {
      for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
        const v::TransitionRow& r = transition_.rows[static_cast<size_t>(i)];
        const Sub& s = subs_[r.subscription];
        ImGui::PushID(i);
        ImGui::TableNextRow();
        if (r.change == v::Change::kBecameAmbiguous || r.change == v::Change::kBecameUnmatched) {
          ImVec4 bg = r.change == v::Change::kBecameAmbiguous ? pal.error : pal.warning;
          bg.w = 0.18f;
          ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, ImGui::GetColorU32(bg));
        }
        ImGui::TableNextColumn();
        if (ImGui::Selectable(SubLabel(r.subscription).c_str(), explaining_ == kTransitionRow && sel_t_row_ == static_cast<size_t>(i),
                              ImGuiSelectableFlags_SpanAllColumns))
          open = &r;
        ImGui::TableNextColumn();
        ImGui::PushFont(theme::GetFonts().mono);
        ImGui::TextUnformatted(v::RenderParams(s.params).c_str());
        ImGui::PopFont();
        if (!one_resource) {
          ImGui::TableNextColumn();
          ImGui::TextUnformatted(ShortName(r.resource).c_str());
          ShortNameHover(r.resource);
        }
        ImGui::TableNextColumn();
        SeenCell(r.before);
        const bool replaced_row = r.before.sel.outcome == v::Outcome::kMatch && r.after.sel.outcome == v::Outcome::kMatch;
        std::vector<const v::Seen*> mid = between(r);
        for (int k = 0; k < ninter; ++k) {
          ImGui::TableNextColumn();
          if (static_cast<size_t>(k) >= mid.size()) {
            theme::TextMuted("(atomic)");
            continue;
          }
          const v::Seen& x = *mid[static_cast<size_t>(k)];
          if (replaced_row && x.sel.outcome != v::Outcome::kMatch) {
            ImVec4 bg = OutcomeColorOf(x.sel.outcome);
            bg.w = 0.25f;
            ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, ImGui::GetColorU32(bg));
          }
          SeenCell(x);
        }
        ImGui::TableNextColumn();
        SeenCell(r.after);
        ImGui::TableNextColumn();
        switch (r.change) {
          case v::Change::kBecameAmbiguous:
            ImGui::TextColored(pal.error, "%s became ambiguous", theme::kIconWarning);
            break;
          case v::Change::kBecameUnmatched:
            ImGui::TextColored(pal.warning, "%s became unmatched", theme::kIconNoMatch);
            break;
          case v::Change::kChanged:
          case v::Change::kUpdated:
          case v::Change::kFixed:
            ImGui::TextColored(pal.accent, "%s %s", theme::kIconDiverge, v::ChangeName(r.change));
            break;
          default:
            theme::TextMuted("%s", v::ChangeName(r.change));
        }
        ImGui::PopID();
      }
    }
    room_.Measure("transition", transition_.rows.size());
    ImGui::EndTable();
    if (open) OpenTransitionRow(ctx, *open);
  }

  // What a subscriber sees between the responses under the delivery chosen (delivery_): the
  // scenario's intermediate states (as sent), none (one response), or the state after the first
  // of two responses.
  std::vector<const v::Seen*> Between(const v::TransitionRow& r) const {
    switch (delivery_) {
      case 0: {
        std::vector<const v::Seen*> out;
        for (const v::Seen& x : r.intermediate) out.push_back(&x);
        return out;
      }
      case 2: return {&r.adds_first};
      case 3: return {&r.removes_first};
      default: return {};
    }
  }

  // The Transition table's counts, computed once for the summary, the sentence under it and
  // --dump-state: net changes per row, rows ambiguous / unmatched in some column between the
  // responses, and rows that match one variant before and after but not in between (VAR113).
  struct TransitionCounts {
    size_t rows = 0, changed = 0, same = 0, became_ambiguous = 0, became_unmatched = 0;
    size_t between_ambiguous = 0, between_unmatched = 0, broken = 0;
  };
  TransitionCounts CountTransition() const {
    TransitionCounts c;
    for (const v::TransitionRow& r : transition_.rows) {
      ++c.rows;
      switch (r.change) {
        case v::Change::kChanged: case v::Change::kUpdated: case v::Change::kFixed: c.changed++; break;
        case v::Change::kBecameAmbiguous: c.became_ambiguous++; break;
        case v::Change::kBecameUnmatched: c.became_unmatched++; break;
        default: c.same++; break;
      }
      bool amb = false, none = false;
      for (const v::Seen* x : Between(r)) {
        amb |= x->sel.outcome == v::Outcome::kAmbiguous;
        none |= x->sel.outcome == v::Outcome::kNone;
      }
      c.between_ambiguous += amb;
      c.between_unmatched += none;
      if (r.before.sel.outcome == v::Outcome::kMatch && r.after.sel.outcome == v::Outcome::kMatch && (amb || none))
        c.broken++;
    }
    return c;
  }

  // ---- caching proxy ----
  void DrawProxy(ViewContext& ctx) {
    if (subs_.size() < 2 || resources_.empty()) {
      DocHint(subs_.empty() ? "This scenario has no subscribers." : "This scenario has one subscriber.",
              "A caching proxy holds every variant of a resource and serves several downstream subscribers: which "
              "variant each one receives, and which ones an update of a variant reaches. Add subscribers with "
              "inputs.subscriptions, inputs.clients or a DiscoveryRequest source (or in the Subscriptions tab); add "
              "inputs.before to see who a transition notifies.",
              "inputs:\n  subscriptions:\n    - {env: prod, version: v1}\n    - {env: test}\n"
              "  clients:\n    - {name: c1, bootstrap: {dynamic_parameters: {env: prod}}}");
      return;
    }
    const bool tr = analysis_->has_transition;
    proxy_head_.Begin("##proxy-head");  // the table below keeps its 8 rows (TableHeaderArea)
    ImGui::PushTextWrapPos(0);
    if (tr)
      theme::TextMuted("Per variant, the subscribers receiving it after the transition. %s marks the ones this "
                       "transition notifies (the caching proxy sends them an update; \"from\" is what they had).",
                       theme::kIconDirty);
    else
      theme::TextMuted("Per variant, the subscribers receiving it. A change of a variant notifies exactly its "
                       "subscribers (fan-out); add inputs.before to see who a transition notifies.");
    ImGui::PopTextWrapPos();
    proxy_head_.End();
    ImGuiTableFlags tf = ImGuiTableFlags_BordersV | ImGuiTableFlags_BordersOuterH | ImGuiTableFlags_Resizable |
                         ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY;
    if (!theme::BeginTableMinWidth("##proxy", 4, tf, 44)) return;
    const float em = ImGui::GetFontSize();
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("Variant", ImGuiTableColumnFlags_WidthFixed, em * 8);
    ImGui::TableSetupColumn("Constraints", ImGuiTableColumnFlags_WidthStretch, 2);
    ImGui::TableSetupColumn("Subscribers receiving it", ImGuiTableColumnFlags_WidthStretch, 3);
    ImGui::TableSetupColumn(tr ? "Notified by the transition" : "Notified on change", ImGuiTableColumnFlags_WidthStretch, 2);
    ImGui::TableHeadersRow();
    const theme::Palette& pal = theme::Pal();
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(proxy_rows_.size()));
    while (clip.Step()) {
      for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
        const ProxyRow& row = proxy_rows_[static_cast<size_t>(i)];
        const v::ProxyResource& p = proxy_[row.resource];
        ImGui::PushID(i);
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        if (row.kind == ProxyRow::kHeader) {
          ImVec4 bg = pal.accent_soft;
          ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, ImGui::GetColorU32(bg));
          size_t n = p.ambiguous.size() + p.unmatched.size();
          for (const auto& l : p.per_variant) n += l.size();
          ImGui::PushFont(theme::GetFonts().bold);
          // xdstp names are long: the last segment here, the full name in the third column.
          const std::string& full = p.r->name;
          std::string shown = ShortName(full);
          if (ImGui::Selectable(shown.c_str(), row.resource == selected_resource_, ImGuiSelectableFlags_SpanAllColumns)) {
            selected_resource_ = row.resource;
            if (!p.r->variants.empty()) {
              const v::Variant& var = p.r->variants[0];
              ctx.JumpTo(var.source ? var.source->name() : "", var.range);
            }
          }
          ImGui::PopFont();
          ImGui::TableNextColumn();
          theme::TextMuted("%zu variant%s, %zu subscriber%s", p.r->variants.size(), p.r->variants.size() == 1 ? "" : "s",
                           n, n == 1 ? "" : "s");
          if (shown != full) {
            ImGui::TableNextColumn();
            ImGui::PushTextWrapPos(0);
            theme::TextMuted("%s", full.c_str());
            ImGui::PopTextWrapPos();
          }
          ImGui::PopID();
          continue;
        }
        const std::vector<size_t>* list = nullptr;
        if (row.kind == ProxyRow::kVariant) {
          const v::Variant& var = p.r->variants[row.variant];
          list = &p.per_variant[row.variant];
          std::string label = "   " + var.IdText();
          if (ImGui::Selectable(label.c_str(), false, ImGuiSelectableFlags_SpanAllColumns)) {
            selected_resource_ = row.resource;
            ctx.JumpTo(var.source ? var.source->name() : "", var.range);
          }
          ImGui::TableNextColumn();
          ImGui::PushFont(theme::GetFonts().mono);
          ImGui::PushTextWrapPos(0);
          ImGui::TextUnformatted(resources_[row.resource].rows[row.variant].constraint.c_str());
          ImGui::PopTextWrapPos();
          ImGui::PopFont();
        } else {
          const bool amb = row.kind == ProxyRow::kAmbiguous;
          list = amb ? &p.ambiguous : &p.unmatched;
          ImGui::TextColored(amb ? pal.error : pal.warning, "   %s %s", amb ? theme::kIconWarning : theme::kIconNoMatch,
                             amb ? "ambiguous" : "none");
          ImGui::TableNextColumn();
          ImGui::PushTextWrapPos(0);
          theme::TextMuted(amb ? "several variants match: undefined in TP2" : "no variant matches: resource missing");
          ImGui::PopTextWrapPos();
        }
        ImGui::TableNextColumn();
        if (list->empty()) {
          theme::TextMuted("no subscriber");
        } else {
          ImGui::PushTextWrapPos(0);
          std::string text;
          for (size_t si : *list) text += (text.empty() ? "" : "\n") + SubLabel(si) + " " + v::RenderParams(subs_[si].params);
          ImGui::TextUnformatted(text.c_str());
          ImGui::PopTextWrapPos();
        }
        ImGui::TableNextColumn();
        if (!tr) {
          if (!list->empty() && row.kind == ProxyRow::kVariant)
            ImGui::TextColored(pal.accent, "%s %zu subscriber%s", theme::kIconDirty, list->size(), list->size() == 1 ? "" : "s");
        } else {
          std::string text;
          size_t n = 0;
          for (size_t si : *list) {
            auto it = notified_.find({p.r->name, si});
            if (it == notified_.end()) continue;
            ++n;
            text += (text.empty() ? "" : "\n") + ("#" + std::to_string(si)) + " from " + it->second->before.Text() +
                    " (" + v::ChangeName(it->second->change) + ")";
          }
          if (n) {
            ImGui::PushTextWrapPos(0);
            ImGui::TextColored(pal.accent, "%s %s", theme::kIconDirty, text.c_str());
            ImGui::PopTextWrapPos();
          } else if (!list->empty()) {
            theme::TextMuted("none (unchanged)");
          }
        }
        ImGui::PopID();
      }
    }
    room_.Measure("proxy", proxy_rows_.size());
    ImGui::EndTable();
  }

  static ImVec4 VariantColor(size_t i) {
    static const ImVec4 k[] = {{0.25f, 0.55f, 0.95f, 1}, {0.30f, 0.75f, 0.40f, 1}, {0.70f, 0.45f, 0.90f, 1},
                               {0.20f, 0.75f, 0.75f, 1}, {0.85f, 0.55f, 0.25f, 1}, {0.60f, 0.60f, 0.30f, 1}};
    return k[i % (sizeof k / sizeof k[0])];
  }

  void BuildMatrixKeys() {
    matrix_resource_ = selected_resource_;
    matrix_keys_.clear();
    const ResourceInfo& info = resources_[selected_resource_];
    std::vector<const v::Constraint*> cs;
    for (const v::Variant& var : info.r->variants) cs.push_back(&var.constraint);
    v::Domain dom = v::Domain::ForConstraints(cs);
    matrix_keys_ = v::CoverageKeys(*info.r, dom, *analysis_);
    if (key_x_ >= static_cast<int>(matrix_keys_.size())) key_x_ = 0;
    if (key_y_ >= static_cast<int>(matrix_keys_.size())) key_y_ = matrix_keys_.size() > 1 ? 1 : 0;
    if (key_x_ == key_y_ && matrix_keys_.size() > 1) key_y_ = key_x_ == 0 ? 1 : 0;
    matrix_dirty_ = true;
  }

  ViewTabs tabs_;
  TableRoom room_;  // the shown tab's main table (DumpState "table")
  // What the Subscriptions, Transition and Caching proxy tabs draw above their tables.
  TableHeaderArea subs_head_, transition_head_, proxy_head_;
  std::string pending_resource_;
  const v::Analysis* analysis_ = nullptr;  // the document's model
  std::vector<ResourceInfo> resources_;
  size_t overlap_count_ = 0;
  std::vector<Sub> subs_;
  std::vector<SubRow> sub_rows_;
  int counts_[3] = {0, 0, 0};
  doc::Step why_;
  size_t selected_resource_ = 0;
  char new_params_[256] = {};
  std::string add_error_;
  // The new-subscription builder: per known key its values; the pick per key (0 not sent, 1..n a
  // value, n+1 typed in other_); the resources ticked; the name.
  std::map<std::string, std::set<std::string>> known_;
  std::vector<int> pick_;
  std::vector<std::string> other_;
  std::set<std::string> pick_resources_;
  char sub_name_[64] = {};
  std::string save_message_;
  // The Subscriptions row selected and explained (Explain sets it; -1 none): highlighted in the
  // table, saved as sub=N, the test hook's "selected".
  int selected_row_ = -1;
  int pending_row_ = -1;   // from the state (sub=N), applied at the next Draw
  // matrix
  size_t matrix_resource_ = SIZE_MAX;
  std::vector<v::CoverageKey> matrix_keys_;
  int key_x_ = 0, key_y_ = 1;
  bool matrix_dirty_ = true;
  v::CoverageMatrix matrix_;
  // transition and proxy (rebuilt with the subscription list)
  v::Transition transition_;
  struct { size_t changed = 0, ambiguous = 0, unmatched = 0, same = 0; } t_counts_;
  size_t gap_count_ = 0;  // coverage regions listed in the Findings tab
  // What why_ explains: a Subscriptions row or a Transition row (index into sub_rows_ /
  // transition_.rows), highlighted in its table.
  enum { kNothing, kSubRow, kTransitionRow } explaining_ = kNothing;
  size_t sel_t_row_ = 0;
  size_t split_broken_ = 0;
  int delivery_ = 0;  // transition tab: 0 as sent, 1 one response, 2 new variants first, 3 removal first  // rows not `match` in between although `match` before and after
  std::vector<v::ProxyResource> proxy_;
  struct ProxyRow {
    size_t resource;
    enum Kind { kHeader, kVariant, kAmbiguous, kUnmatched } kind;
    size_t variant;
  };
  std::vector<ProxyRow> proxy_rows_;
  std::map<std::pair<std::string, size_t>, const v::TransitionRow*> notified_;  // (resource, subscription)
};

}  // namespace

std::unique_ptr<EngineView> CreateVariantsView() { return std::make_unique<VariantsView>(); }

}  // namespace cfgi::gui
