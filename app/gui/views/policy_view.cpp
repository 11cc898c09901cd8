// The policy view (Kuma 2.x policy matching and merging). It draws the document's inspection:
// the engine's PolicyModel and the kuma and madr PolicyResults for the chosen dataplane, and
// the document's profile comparison. Choosing another dataplane asks the worker for a new
// inspection (ViewContext::Ask with --dataplane); the view never evaluates.
//   Dataplane selector, then one tab per policy type:
//     Resources   ResourceRules: resource, section, merged conf, origins; select one to list its
//                 fields, click a field for its origin (policy, ruleIndex) and source lines
//     Inbound     from[] / rules[] rules per inbound
//     Items       the sorted items, every sort key a column (merge order: later wins)
//     kuma / madr where the two profiles' orders and merged confs differ
//     Schema      the type's typed fields (kind, enum) and the defaults Kuma fills in
//                 (core/policy/policy_schema.h); a generic type says it has none
//   Merged values print durations as Kuma does (Go's Duration.String, normalised at load); a field
//   whose source text differs shows it as written, and a field Kuma filled in is marked "default".
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <imgui.h>

#include "app/gui/theme.h"
#include "app/gui/views/view.h"
#include "app/gui/views/view_tabs.h"
#include "core/policy/policy_engine.h"
#include "core/policy/policy_schema.h"
#include "core/doc/utf8.h"

namespace cfgi::gui {

namespace {

namespace pol = cfgi::policy;

std::string Short(const nlohmann::json& j, size_t max = 160) {
  std::string s = j.is_null() ? "(none)" : doc::JsonText(j);
  if (s.size() > max) s = s.substr(0, max - 3) + "...";
  return s;
}

std::string ItemLabel(const pol::Item* it) {
  if (!it || !it->policy) return "?";
  return it->policy->meta.DisplayName() + " " + pol::DirectionName(it->direction) + "[" +
         std::to_string(it->rule_index) + "]";
}

std::string OriginsText(const std::vector<pol::Origin>& os) {
  std::string s;
  for (const pol::Origin& o : os) {
    if (!s.empty()) s += ", ";
    s += (o.policy ? o.policy->meta.DisplayName() : std::string("?")) + "[" + std::to_string(o.rule_index) + "]";
  }
  return s.empty() ? "-" : s;
}

std::string ResourceLabel(const pol::ResourceRule& r) {
  std::string s = r.resource.type + " " + r.resource.DisplayName();
  if (!r.section.empty()) s += " :" + r.section;
  return s;
}

class PolicyView final : public EngineView {
 public:

  // "type=MMeshRetry;tab=N;rule=N": the open policy type, its sub-tab and the selected resource.
  std::string SaveState() const override {
    std::string s = sub_tabs_.Save();
    if (!type_name_.empty()) s += ";type=" + type_name_;
    const size_t rule = pending_rule_ != SIZE_MAX ? pending_rule_ : rule_;
    if (rule != SIZE_MAX) s += ";rule=" + std::to_string(rule);
    return s;
  }
  void LoadState(std::string_view state) override {
    sub_tabs_.Load(state);
    if (auto type = StateField(state, "type")) pending_type_ = *type;
    if (auto rule = StateInt(state, "rule")) pending_rule_ = static_cast<size_t>(*rule);
  }
  void OnEvaluated(const OpenDocument& d) override {
    model_ = ModelAs<pol::PolicyModel>(d.model());
    kuma_ = madr_ = nullptr;
    for (const Report& r : d.reports())
      if (const auto* pr = ResultAs<pol::PolicyResult>(r.typed.get()))
        (pr->id == pol::Profile::kKuma ? kuma_ : madr_) = &pr->rules;
    comparison_ = &d.comparison();
    dataplane_ = -1;
    if (model_ && model_->chosen) dataplane_ = static_cast<int>(model_->chosen - model_->mesh.dataplanes.data());
    asked_.clear();
    rule_ = SIZE_MAX;
    inbound_ = SIZE_MAX;
    why_ = {};
  }

  void Draw(ViewContext& ctx) override {
    if (!model_ || !kuma_ || !madr_) {
      theme::TextMuted("Not evaluated yet.");
      return;
    }
    primary_ = pol::Profiles().Parse(ctx.document().profile());
    const auto& dps = model_->mesh.dataplanes;
    if (dps.empty()) {
      theme::TextMuted("The scenario has no Dataplane: policies are matched per dataplane.");
      return;
    }
    // Several dataplanes and none named: show the first one (asks the worker once).
    if (dataplane_ < 0 && asked_.empty()) Ask(ctx, dps.front().meta.name);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 18);
    const std::string cur = !asked_.empty() ? asked_ : dataplane_ >= 0 ? dps[static_cast<size_t>(dataplane_)].meta.name : "(none)";
    if (ImGui::BeginCombo("Dataplane", cur.c_str())) {
      ImGuiListClipper clip;
      clip.Begin(static_cast<int>(dps.size()));
      while (clip.Step())
        for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i)
          if (ImGui::Selectable(dps[static_cast<size_t>(i)].meta.name.c_str(), i == dataplane_) && i != dataplane_)
            Ask(ctx, dps[static_cast<size_t>(i)].meta.name);
      ImGui::EndCombo();
    }
    if (!asked_.empty() || dataplane_ < 0) {
      ImGui::SameLine();
      theme::TextMuted("evaluating...");
      return;
    }
    ImGui::SameLine();
    const pol::Dataplane& dp = dps[static_cast<size_t>(dataplane_)];
    std::string inb;
    for (const pol::Inbound& in : dp.inbounds) inb += (inb.empty() ? "" : ", ") + in.Id();
    theme::TextMuted("mesh %s, inbounds %s;  profile %s", dp.meta.mesh.c_str(), inb.empty() ? "-" : inb.c_str(),
                     pol::Profiles().Name(primary_));
    ImGui::SameLine();
    if (ImGui::SmallButton("source")) ctx.JumpTo(dp.meta.loc.file, dp.meta.loc.range);

    const pol::DataplaneRules& rules = Primary();
    if (rules.types.empty()) {
      theme::TextMuted("No policy selects this dataplane.");
      return;
    }
    if (!ImGui::BeginTabBar("##types", ImGuiTabBarFlags_FittingPolicyScroll)) return;
    for (size_t t = 0; t < rules.types.size(); ++t) {
      const pol::TypeRules& tr = rules.types[t];
      size_t selected = 0;
      for (const auto& s : tr.selections) selected += s.selected;
      std::string label = tr.type + " (" + std::to_string(selected) + ")" + (Diffs(t) == 0 ? "" : " ⇄") +
                          "###" + tr.type;
      ImGuiTabItemFlags tf = (!pending_type_.empty() && pending_type_ == tr.type) ? ImGuiTabItemFlags_SetSelected : 0;
      if (ImGui::BeginTabItem(label.c_str(), nullptr, tf)) {
        if (type_ != t) {
          type_ = t;
          type_name_ = tr.type;
          rule_ = pending_rule_;
          pending_rule_ = SIZE_MAX;
        }
        DrawType(ctx, tr, t);
        ImGui::EndTabItem();
      }
    }
    ImGui::EndTabBar();
    if (pending_type_ == type_name_) pending_type_.clear();
    if (++frames_ > 3) pending_type_.clear();  // a type that no longer exists
  }

 private:
  const pol::DataplaneRules& Primary() const { return primary_ == pol::Profile::kKuma ? *kuma_ : *madr_; }

  // The dataplane is part of the question: the worker re-inspects with --dataplane NAME.
  void Ask(ViewContext& ctx, const std::string& dataplane) {
    asked_ = dataplane;
    ctx.Ask(Query{{{"dataplane", dataplane}}});
  }

  // The document's profile comparison, for policy type t (RulesJson's "rules"[t]).
  std::string TypePath(size_t t) const { return "/rules/" + std::to_string(t); }
  size_t Diffs(size_t t) const { return comparison_ ? comparison_->CountUnder(TypePath(t)) : 0; }

  void SelectField(ViewContext& ctx, const pol::FieldProvenance& f) {
    why_ = doc::Step{};
    why_.what = f.path + " = " + Short(f.set.value);
    why_.outcome = doc::Outcome::kMatched;
    why_.detail = "set by " + (f.set.item && f.set.item->policy ? f.set.item->policy->meta.type + " " : "") +
                  ItemLabel(f.set.item) + (f.appended ? " (appended)" : "");
    why_.file = f.set.loc.file;
    why_.range = f.set.loc.range;
    for (const auto& w : f.overrode) {
      doc::Step s;
      s.what = "overrode " + ItemLabel(w.item) + ": " + w.path + " = " + Short(w.value);
      s.outcome = doc::Outcome::kSkipped;
      s.file = w.loc.file;
      s.range = w.loc.range;
      why_.Add(std::move(s));
    }
    ctx.SelectExplanation(&why_);
    ctx.JumpTo(f.set.loc.file, f.set.loc.range);
  }

  void DrawType(ViewContext& ctx, const pol::TypeRules& tr, size_t t) {
    // A restored sub-tab waits until the restored policy type is the open one.
    if (!sub_tabs_.Begin("##typetabs", pending_type_.empty() || pending_type_ == type_name_)) return;
    std::string l = "Resources (" + std::to_string(tr.to_rules.size()) + ")###res";
    if (sub_tabs_.Item(0, l)) {
      DrawResourceRules(ctx, tr);
      ImGui::EndTabItem();
    }
    if (!tr.from_rules.empty() || tr.has_proxy_rule) {
      l = "Inbound / proxy (" + std::to_string(tr.from_rules.size() + (tr.has_proxy_rule ? 1 : 0)) + ")###inb";
      if (sub_tabs_.Item(1, l)) {
        DrawInbound(ctx, tr);
        ImGui::EndTabItem();
      }
    }
    l = "Items (" + std::to_string(tr.to_items.size() + tr.from_items.size()) + ")###items";
    if (sub_tabs_.Item(2, l)) {
      DrawItems(ctx, tr);
      ImGui::EndTabItem();
    }
    l = "Selection###sel";
    if (sub_tabs_.Item(3, l)) {
      DrawSelections(ctx, tr);
      ImGui::EndTabItem();
    }
    l = std::string("kuma vs madr") + (Diffs(t) == 0 ? " (same)" : " (" + std::to_string(Diffs(t)) + " ⇄)") +
        "###diff";
    if (sub_tabs_.Item(4, l)) {
      DrawDiffs(t);
      ImGui::EndTabItem();
    }
    if (sub_tabs_.Item(5, "Schema###schema")) {
      DrawSchema(tr.type);
      ImGui::EndTabItem();
    }
    sub_tabs_.End();
  }

  // The type's typed schema: static tables of the core (policy_schema.h), not the input.
  void DrawSchema(const std::string& type) {
    const pol::TypeSchema* s = pol::FindTypeSchema(type);
    if (!s) {
      theme::TextMuted("%s is not a built-in Kuma policy type: its default is merged as written (POL002).",
                       type.c_str());
      return;
    }
    theme::TextMuted("Kuma v2.11 %s; lists: %s%s%s%s", s->go_file, s->to ? "to " : "", s->from ? "from " : "",
                     s->rules ? "rules " : "", s->single ? "spec.default" : "");
    if (!ImGui::BeginTable("##schema", 4, kTable)) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("Field", ImGuiTableColumnFlags_WidthStretch, 3);
    ImGui::TableSetupColumn("Type", ImGuiTableColumnFlags_WidthStretch, 1);
    ImGui::TableSetupColumn("Values", ImGuiTableColumnFlags_WidthStretch, 3);
    ImGui::TableSetupColumn("Default (Kuma fills in)", ImGuiTableColumnFlags_WidthStretch, 1);
    ImGui::TableHeadersRow();
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(s->field_count));
    while (clip.Step()) {
      for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
        const pol::FieldSpec& f = s->fields[static_cast<size_t>(i)];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::PushFont(theme::GetFonts().mono);
        ImGui::Text("%s%s", f.path, f.required ? " (required)" : "");
        ImGui::PopFont();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(pol::FieldKindName(f.kind));
        ImGui::TableNextColumn();
        if (*f.enums) {
          std::string values = f.enums;  // the table's "A;B;C", shown as "A, B, C"
          for (size_t at = values.find(';'); at != std::string::npos; at = values.find(';', at + 2))
            values.replace(at, 1, ", ");
          ImGui::TextWrapped("%s", values.c_str());
        } else {
          theme::TextMuted("-");
        }
        ImGui::TableNextColumn();
        if (*f.default_json) ImGui::Text("default %s", f.default_json); else theme::TextMuted("-");
      }
    }
    ImGui::EndTable();
  }

  // The text a value had in its source, when it differs from the value Kuma prints (durations).
  static std::string AsWritten(const pol::FieldProvenance::Write& w) {
    if (!w.value.is_string() || !w.loc.source) return {};
    const std::string& text = w.loc.source->text();
    if (w.loc.range.end <= w.loc.range.begin || w.loc.range.end > text.size()) return {};
    std::string src = text.substr(w.loc.range.begin, w.loc.range.end - w.loc.range.begin);
    if (src.size() >= 2 && (src.front() == '"' || src.front() == '\'') && src.back() == src.front())
      src = src.substr(1, src.size() - 2);
    return src == w.value.get<std::string>() ? std::string() : src;
  }

  static constexpr ImGuiTableFlags kTable = ImGuiTableFlags_BordersV | ImGuiTableFlags_BordersOuterH |
                                            ImGuiTableFlags_Resizable | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY;

  void DrawResourceRules(ViewContext& ctx, const pol::TypeRules& tr) {
    float avail = ImGui::GetContentRegionAvail().y;
    bool has_sel = rule_ < tr.to_rules.size();
    float top_h = has_sel ? avail * 0.55f : 0;
    if (ImGui::BeginTable("##rules", 4, kTable, ImVec2(0, top_h))) {
      ImGui::TableSetupScrollFreeze(0, 1);
      ImGui::TableSetupColumn("Resource", ImGuiTableColumnFlags_WidthStretch, 2);
      ImGui::TableSetupColumn("Merged conf", ImGuiTableColumnFlags_WidthStretch, 4);
      ImGui::TableSetupColumn("Origin (policy[ruleIndex])", ImGuiTableColumnFlags_WidthStretch, 2);
      ImGui::TableSetupColumn("Rule", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 7);
      ImGui::TableHeadersRow();
      ImGuiListClipper clip;
      clip.Begin(static_cast<int>(tr.to_rules.size()));
      while (clip.Step()) {
        for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
          const pol::ResourceRule& r = tr.to_rules[static_cast<size_t>(i)];
          ImGui::PushID(i);
          ImGui::TableNextRow();
          ImGui::TableNextColumn();
          if (ImGui::Selectable(ResourceLabel(r).c_str(), rule_ == static_cast<size_t>(i),
                                ImGuiSelectableFlags_SpanAllColumns)) {
            rule_ = static_cast<size_t>(i);
            ctx.JumpTo(r.resource.loc.file, r.resource.loc.range);
          }
          if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", r.key.c_str());
          ImGui::TableNextColumn();
          ImGui::PushFont(theme::GetFonts().mono);
          ImGui::TextUnformatted(Short(r.conf).c_str());
          ImGui::PopFont();
          ImGui::TableNextColumn();
          ImGui::TextUnformatted(OriginsText(r.origin).c_str());
          ImGui::TableNextColumn();
          if (r.sparse)
            ImGui::TextUnformatted("own items");
          else
            theme::TextMuted("fallback");
          if (!r.sparse && ImGui::IsItemHovered()) ImGui::SetTooltip("computed from %s", r.computed_from.c_str());
          ImGui::PopID();
        }
      }
      ImGui::EndTable();
    }
    if (!has_sel) {
      theme::TextMuted("Select a resource to see each field of its merged conf and where it came from.");
      return;
    }
    const pol::ResourceRule& r = tr.to_rules[rule_];
    ImGui::Text("Fields of %s", ResourceLabel(r).c_str());
    ImGui::SameLine();
    theme::TextMuted("(click a field: its origin in Explanation and Source)");
    DrawFields(ctx, r.provenance);
  }

  void DrawFields(ViewContext& ctx, const std::vector<pol::FieldProvenance>& prov) {
    if (!ImGui::BeginTable("##fields", 4, kTable)) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("Field", ImGuiTableColumnFlags_WidthStretch, 2);
    ImGui::TableSetupColumn("Value", ImGuiTableColumnFlags_WidthStretch, 2);
    ImGui::TableSetupColumn("Set by (policy, ruleIndex)", ImGuiTableColumnFlags_WidthStretch, 2);
    ImGui::TableSetupColumn("Overrode", ImGuiTableColumnFlags_WidthStretch, 2);
    ImGui::TableHeadersRow();
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(prov.size()));
    while (clip.Step()) {
      for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
        const pol::FieldProvenance& f = prov[static_cast<size_t>(i)];
        ImGui::PushID(i);
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        if (ImGui::Selectable(f.path.c_str(), false, ImGuiSelectableFlags_SpanAllColumns)) SelectField(ctx, f);
        ImGui::TableNextColumn();
        ImGui::PushFont(theme::GetFonts().mono);
        ImGui::TextUnformatted(Short(f.set.value).c_str());
        ImGui::PopFont();
        if (std::string w = AsWritten(f.set); !w.empty()) {
          ImGui::SameLine();
          theme::TextMuted("(written %s)", w.c_str());
        }
        ImGui::TableNextColumn();
        // Origin kind "default": Kuma's default filled into this item's object (policy_defaults.h).
        ImGui::Text("%s%s%s", f.set.is_default ? "default, in " : "", ItemLabel(f.set.item).c_str(),
                    f.appended ? " (appended)" : "");
        ImGui::TableNextColumn();
        std::string o;
        for (const auto& w : f.overrode) o += (o.empty() ? "" : ", ") + ItemLabel(w.item) + "=" + Short(w.value, 40);
        theme::TextMuted("%s", o.empty() ? "-" : o.c_str());
        ImGui::PopID();
      }
    }
    ImGui::EndTable();
  }

  void DrawInbound(ViewContext& ctx, const pol::TypeRules& tr) {
    if (ImGui::BeginTable("##inbound", 4, kTable, ImVec2(0, ImGui::GetContentRegionAvail().y * 0.5f))) {
      ImGui::TableSetupScrollFreeze(0, 1);
      ImGui::TableSetupColumn("Inbound / clients", ImGuiTableColumnFlags_WidthStretch, 2);
      ImGui::TableSetupColumn("Merged conf", ImGuiTableColumnFlags_WidthStretch, 4);
      ImGui::TableSetupColumn("Origin", ImGuiTableColumnFlags_WidthStretch, 2);
      ImGui::TableSetupColumn("From", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 4);
      ImGui::TableHeadersRow();
      for (size_t i = 0; i < tr.from_rules.size(); ++i) {
        const pol::InboundRule& r = tr.from_rules[i];
        ImGui::PushID(static_cast<int>(i));
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        std::string subset;
        for (const pol::SubsetTag& tg : r.subset)
          subset += (subset.empty() ? "" : ",") + tg.key + (tg.negated ? "!=" : "=") + tg.value;
        std::string label = (r.inbound ? r.inbound->Id() : std::string("?")) + "  " + (subset.empty() ? "{everyone}" : "{" + subset + "}");
        if (ImGui::Selectable(label.c_str(), inbound_ == i, ImGuiSelectableFlags_SpanAllColumns)) {
          inbound_ = i;
          if (r.inbound) ctx.JumpTo(r.inbound->loc.file, r.inbound->loc.range);
        }
        ImGui::TableNextColumn();
        ImGui::PushFont(theme::GetFonts().mono);
        ImGui::TextUnformatted(Short(r.conf).c_str());
        ImGui::PopFont();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(OriginsText(r.origin).c_str());
        ImGui::TableNextColumn();
        // A row Kuma computes but the type's plugin does not apply (legacy from-rules of an
        // IsFromAsRules type) is marked, so the applied answer is unambiguous.
        ImGui::TextUnformatted((std::string(pol::DirectionName(r.source)) + (r.applied ? "" : " (unused)")).c_str());
        ImGui::PopID();
      }
      if (tr.has_proxy_rule) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        if (ImGui::Selectable("whole proxy (spec.default)", inbound_ == SIZE_MAX - 1, ImGuiSelectableFlags_SpanAllColumns))
          inbound_ = SIZE_MAX - 1;
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(Short(tr.proxy_rule.conf).c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(OriginsText(tr.proxy_rule.origin).c_str());
        ImGui::TableNextColumn();
      }
      ImGui::EndTable();
    }
    if (inbound_ < tr.from_rules.size())
      DrawFields(ctx, tr.from_rules[inbound_].provenance);
    else if (inbound_ == SIZE_MAX - 1 && tr.has_proxy_rule)
      DrawFields(ctx, tr.proxy_rule.provenance);
  }

  void DrawItems(ViewContext& ctx, const pol::TypeRules& tr) {
    theme::TextMuted("Sorted by the %s profile's keys, left to right; merged in this order, later items win.",
                     pol::Profiles().Name(primary_));
    const bool madr = primary_ == pol::Profile::kMadr;
    const int ncols = madr ? 6 : 12;
    if (!ImGui::BeginTable("##items", ncols, kTable | ImGuiTableFlags_ScrollX)) return;
    ImGui::TableSetupScrollFreeze(2, 1);
    ImGui::TableSetupColumn("Rank", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("Policy item", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("1 top kind", ImGuiTableColumnFlags_WidthFixed);
    if (!madr) {
      ImGui::TableSetupColumn("2 DP specificity", ImGuiTableColumnFlags_WidthFixed);
      ImGui::TableSetupColumn("3 origin", ImGuiTableColumnFlags_WidthFixed);
      ImGui::TableSetupColumn("4 role", ImGuiTableColumnFlags_WidthFixed);
      ImGui::TableSetupColumn("5 to[] kind", ImGuiTableColumnFlags_WidthFixed);
      ImGui::TableSetupColumn("6 section", ImGuiTableColumnFlags_WidthFixed);
      ImGui::TableSetupColumn("7 name (desc)", ImGuiTableColumnFlags_WidthFixed);
    } else {
      ImGui::TableSetupColumn("2 to[] kind", ImGuiTableColumnFlags_WidthFixed);
      ImGui::TableSetupColumn("3 name", ImGuiTableColumnFlags_WidthFixed);
    }
    ImGui::TableSetupColumn("Inbound", ImGuiTableColumnFlags_WidthFixed);
    if (!madr) {
      ImGui::TableSetupColumn("Target", ImGuiTableColumnFlags_WidthFixed);
      ImGui::TableSetupColumn("Conf", ImGuiTableColumnFlags_WidthStretch);
    }
    ImGui::TableHeadersRow();
    std::vector<const pol::Item*> items;
    items.reserve(tr.to_items.size() + tr.from_items.size());
    for (const auto& it : tr.to_items) items.push_back(&it);
    for (const auto& it : tr.from_items) items.push_back(&it);
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(items.size()));
    while (clip.Step()) {
      for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
        const pol::Item& it = *items[static_cast<size_t>(i)];
        ImGui::PushID(i);
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        char rank[32];
        std::snprintf(rank, sizeof rank, "%zu", it.rank);
        if (ImGui::Selectable(rank, false, ImGuiSelectableFlags_SpanAllColumns) && it.entry)
          ctx.JumpTo(it.entry->loc.file, it.entry->loc.range);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(ItemLabel(&it).c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%s (%d)", it.top_kind.c_str(), it.top_kind_order);
        if (!madr) {
          ImGui::TableNextColumn();
          ImGui::Text("%d", it.dataplane_specificity);
          ImGui::TableNextColumn();
          ImGui::Text("%s (%d)", it.origin.empty() ? "unknown" : it.origin.c_str(), it.origin_order);
          ImGui::TableNextColumn();
          ImGui::Text("%s (%d)", it.role.c_str(), it.role_order);
        }
        ImGui::TableNextColumn();
        ImGui::Text("%s (%d)", it.item_kind.empty() ? "-" : it.item_kind.c_str(), it.item_kind_order);
        if (!madr) {
          ImGui::TableNextColumn();
          ImGui::TextUnformatted(it.has_section ? "yes" : "no");
        }
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(it.name.c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(it.inbound.empty() ? "-" : it.inbound.c_str());
        if (!madr) {
          ImGui::TableNextColumn();
          const pol::TargetRef& t = it.entry ? it.entry->target_ref : pol::TargetRef{};
          ImGui::Text("%s %s%s%s", t.kind.c_str(), t.name.c_str(), t.section_name.empty() ? "" : ":",
                      t.section_name.c_str());
          ImGui::TableNextColumn();
          ImGui::PushFont(theme::GetFonts().mono);
          ImGui::TextUnformatted(it.entry ? Short(it.entry->conf, 120).c_str() : "");
          ImGui::PopFont();
        }
        ImGui::PopID();
      }
    }
    ImGui::EndTable();
  }

  void DrawSelections(ViewContext& ctx, const pol::TypeRules& tr) {
    if (!ImGui::BeginTable("##sel", 3, kTable)) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("Policy", ImGuiTableColumnFlags_WidthStretch, 2);
    ImGui::TableSetupColumn("Selects this dataplane", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 10);
    ImGui::TableSetupColumn("Why", ImGuiTableColumnFlags_WidthStretch, 4);
    ImGui::TableHeadersRow();
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(tr.selections.size()));
    while (clip.Step()) {
      for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
        const pol::PolicySelection& s = tr.selections[static_cast<size_t>(i)];
        ImGui::PushID(i);
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        if (ImGui::Selectable(s.policy ? s.policy->meta.DisplayName().c_str() : "?", false,
                              ImGuiSelectableFlags_SpanAllColumns) && s.policy)
          ctx.JumpTo(s.policy->meta.loc.file, s.policy->meta.loc.range);
        ImGui::TableNextColumn();
        if (s.selected)
          ImGui::TextColored(theme::Pal().ok, "%s yes", theme::kIconOk);
        else
          ImGui::TextColored(theme::Pal().muted, "%s no", theme::kIconNoMatch);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(s.reason.c_str());
        ImGui::PopID();
      }
    }
    ImGui::EndTable();
  }

  // The document's comparison of the two profiles' results, for this type: the same leaves (and
  // the same count) as the top bar's badge and the CLI's --profile all "divergences".
  void DrawDiffs(size_t t) {
    std::vector<const Divergence*> diffs = comparison_->Under(TypePath(t));
    if (diffs.empty()) {
      ImGui::TextColored(theme::Pal().ok, "%s kuma and madr agree for this type: same items, same rules, same merged confs.",
                         theme::kIconOk);
      return;
    }
    const pol::TypeRules& tr = Primary().types[t];
    if (!ImGui::BeginTable("##diffs", 3, kTable)) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("Differs", ImGuiTableColumnFlags_WidthStretch, 2);
    ImGui::TableSetupColumn("kuma", ImGuiTableColumnFlags_WidthStretch, 3);
    ImGui::TableSetupColumn("madr", ImGuiTableColumnFlags_WidthStretch, 3);
    ImGui::TableHeadersRow();
    const size_t prefix = TypePath(t).size();
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(diffs.size()));
    while (clip.Step()) {
      for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
        const Divergence& d = *diffs[static_cast<size_t>(i)];
        std::string what = d.path.substr(prefix);
        // "/toResourceRules/3/conf/x" reads better with the rule's key.
        static constexpr std::string_view kRules = "/toResourceRules/";
        if (what.compare(0, kRules.size(), kRules) == 0) {
          size_t n = static_cast<size_t>(std::atoi(what.c_str() + kRules.size()));
          if (n < tr.to_rules.size()) what = tr.to_rules[n].key + "  " + what;
        }
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextColored(theme::Pal().warning, "%s", theme::kIconDiverge);
        ImGui::SameLine();
        ImGui::TextWrapped("%s", what.c_str());
        ImGui::PushFont(theme::GetFonts().mono);
        for (const char* p : {"kuma", "madr"}) {
          ImGui::TableNextColumn();
          auto v = d.values.find(p);
          ImGui::TextWrapped("%s", v == d.values.end() ? "(none)" : Short(nlohmann::json::parse(v->dump()), 400).c_str());
        }
        ImGui::PopFont();
      }
    }
    ImGui::EndTable();
  }

  const pol::PolicyModel* model_ = nullptr;
  const pol::DataplaneRules* kuma_ = nullptr;  // the document's results
  const pol::DataplaneRules* madr_ = nullptr;
  const Comparison* comparison_ = nullptr;
  pol::Profile primary_ = pol::Profile::kKuma;
  std::string asked_;  // the dataplane asked of the worker, until its inspection arrives
  int dataplane_ = -1;
  size_t type_ = SIZE_MAX;
  size_t rule_ = SIZE_MAX;
  size_t inbound_ = SIZE_MAX;
  doc::Step why_;
  std::string type_name_, pending_type_;
  ViewTabs sub_tabs_;  // a policy type's tabs: Resources, Inbound / proxy, Items, Selection, kuma vs madr
  int frames_ = 0;
  size_t pending_rule_ = SIZE_MAX;
};

}  // namespace

std::unique_ptr<EngineView> CreatePolicyView() { return std::make_unique<PolicyView>(); }

}  // namespace cfgi::gui
