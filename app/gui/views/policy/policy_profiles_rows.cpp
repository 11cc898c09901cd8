// app/gui/views/policy/policy_profiles_rows.cpp: a policy type's Profiles tree, made on the
// worker (policy_profiles_rows.h).
#include "app/gui/views/policy/policy_profiles_rows.h"

#include <algorithm>
#include <map>
#include <set>
#include <string_view>

#include "app/gui/views/policy/policy_texts.h"
#include "app/gui/views/policy/policy_view.h"
#include "core/engine/compare.h"
#include "core/policy/policy_engine.h"
#include "core/policy/policy_inspect.h"

namespace cfgi::gui {

namespace pol = cfgi::policy;

namespace {

// Rules (or items) the same in every profile listed per section, and differing ones: a mesh of
// thousands of services differs on every rule between releases that name keys differently
// (KRI against core keys); the rest are counted (the Resources tab and the CLI have them all).
constexpr size_t kMaxAgreeing = 30;
constexpr size_t kMaxDiffering = 200;

// The comparison's text for a group of agreeing profiles: its first two fields, "+N more".
std::string GroupText(const AnswerGroup& g) {
  std::string text;
  for (size_t k = 0; k < g.fields.size() && k < 2; ++k)
    text += (k ? ", " : "") + (g.fields[k].first.empty() ? g.fields[k].second : g.fields[k].first + " " + g.fields[k].second);
  if (g.fields.size() > 2) text += " +" + std::to_string(g.fields.size() - 2) + " more";
  return text;
}

std::string Join(const std::vector<std::string>& v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += (i == 0 ? "" : i + 1 == v.size() ? " and " : ", ") + v[i];
  return s;
}

class TreeBuilder {
 public:
  TreeBuilder(const Inspection& in, const PolicyTexts& texts, size_t t) : in_(in), texts_(texts) {
    prefix_ = "/rules/" + std::to_string(t);
    for (const Report& r : in.reports) {
      out_.profiles.push_back(r.profile);
      const auto* pr = ResultAs<pol::PolicyResult>(r.typed.get());
      results_.push_back(pr);
      types_.push_back(pr && t < pr->rules.types.size() ? &pr->rules.types[t] : nullptr);
      if (types_.back() && type_.empty()) type_ = types_.back()->type;
    }
    for (const Divergence& d : in.comparison.divergences)
      if (Within(d.path, prefix_)) paths_.push_back(d.path);
    std::sort(paths_.begin(), paths_.end());
    for (const DifferingAnswer& a : in.comparison.answers)
      if (Within(a.path, prefix_)) answers_.emplace(a.path, &a);
    out_.differing = in.comparison.CountUnder(prefix_);
  }

  ProfilesTree Build() {
    Resources();
    Inbound();
    Proxy();
    Items();
    Others();
    return std::move(out_);
  }

 private:
  static bool Within(std::string_view path, std::string_view prefix) {
    return path.size() >= prefix.size() && path.compare(0, prefix.size(), prefix) == 0 &&
           (path.size() == prefix.size() || path[prefix.size()] == '/');
  }
  // A divergence at `path` or below it.
  bool Under(const std::string& path) const {
    auto it = std::lower_bound(paths_.begin(), paths_.end(), path);
    return it != paths_.end() && Within(*it, path);
  }
  size_t n() const { return results_.size(); }

  // Each profile's count of one list of its type's rules (0 where the profile has no such type),
  // and the largest: the section's heading and how many rows it lists.
  template <class List>
  size_t CountsOf(const List& list_of, std::vector<size_t>& counts) const {
    counts.assign(n(), 0);
    size_t most = 0;
    for (size_t p = 0; p < n(); ++p)
      if (types_[p]) {
        counts[p] = list_of(*types_[p]).size();
        most = std::max(most, counts[p]);
      }
    return most;
  }

  size_t Add(int depth, std::string key, bool container) {
    ProfilesRow r;
    r.depth = depth;
    r.key = std::move(key);
    r.container = container;
    r.cells.assign(n(), std::string());
    r.present.assign(n(), false);
    out_.rows.push_back(std::move(r));
    return out_.rows.size() - 1;
  }
  // Closes the container at `head`: the rows below it, and whether one differs.
  void Close(size_t head) {
    ProfilesRow& h = out_.rows[head];
    h.children = static_cast<int>(out_.rows.size() - head - 1);
    for (size_t k = head + 1; k < out_.rows.size(); ++k)
      if (out_.rows[k].differs) h.holds_difference = true;
  }
  // Section heads: "resources" with each profile's count.
  size_t Section(const char* key, const std::vector<size_t>& counts, const char* unit) {
    const size_t head = Add(0, key, true);
    for (size_t p = 0; p < n(); ++p)
      if (types_[p]) {
        out_.rows[head].present[p] = true;
        out_.rows[head].cells[p] = std::to_string(counts[p]) + " " + unit + (counts[p] == 1 ? "" : "s");
      }
    return head;
  }
  // Whether the answer at `path` is listed: every differing one up to kMaxDiffering, agreeing
  // ones up to kMaxAgreeing (per section; `shown` counts them).
  bool Listed(const std::string& path, std::pair<size_t, size_t>& shown) {
    const bool differs = answers_.count(path) > 0;
    if (differs) used_.insert(path);
    size_t& k = differs ? shown.first : shown.second;
    if (k >= (differs ? kMaxDiffering : kMaxAgreeing)) {
      ++(differs ? out_.differing_omitted : out_.agreeing_omitted);
      return false;
    }
    ++k;
    return true;
  }
  // An answer row's explanation: what each group of agreeing profiles gives (the comparison's
  // words), or that every profile gives the same.
  void Explain(ProfilesRow& r, const std::string& path) {
    r.answer = true;
    r.id = path;
    auto it = answers_.find(path);
    r.differs = it != answers_.end();
    r.answers = r.differs ? 1 : 0;
    r.why = doc::Step(type_ + ": " + r.key + (r.differs ? " differs between profiles" : " is the same in every profile"),
                      r.differs ? doc::Outcome::kInfo : doc::Outcome::kMatched);
    if (!r.differs) {
      r.why.detail = Join(out_.profiles) + " give the same";
      return;
    }
    const size_t k = it->second->divergences.size();
    r.why.detail = std::to_string(k) + (k == 1 ? " value differs" : " values differ") + " (" + ReadablePointer(path) + ")";
    // One step per group, its values on one line (the fields that tell the groups apart first):
    // the first group, then each that differs from it (so the panel does not fold them as a run).
    for (const AnswerGroup& g : it->second->groups) {
      const bool first = &g == &it->second->groups.front();
      std::string values;
      for (size_t f = 0; f < g.fields.size() && f < 6; ++f)
        values += (f ? ", " : "") + (g.fields[f].first.empty() ? std::string("the answer") : g.fields[f].first) + " " +
                  g.fields[f].second;
      if (g.fields.size() > 6) values += " +" + std::to_string(g.fields.size() - 6) + " more";
      r.why.Add(doc::Step(Join(g.profiles) + (g.profiles.size() == 1 ? " gives" : " give"),
                          first ? doc::Outcome::kInfo : doc::Outcome::kNoMatch, values));
    }
  }

  // A rule's rows: its head (who merged into it, per profile), its key as each profile names it,
  // then its merged conf, the profiles' lines merged by path.
  void Rule(const std::string& path, const std::string& label, const std::vector<const nlohmann::json*>& conf,
            const std::vector<const std::vector<pol::Origin>*>& origins, const std::vector<std::string>* keys) {
    const size_t head = Add(1, label, true);
    Explain(out_.rows[head], path);
    for (size_t p = 0; p < n(); ++p)
      if (conf[p]) {
        out_.rows[head].present[p] = true;
        out_.rows[head].cells[p] = origins[p] ? policy_view::ShortOriginsText(*origins[p]) : std::string();
      }
    if (keys) {
      const size_t k = Add(2, "key", false);
      for (size_t p = 0; p < n(); ++p)
        if (conf[p]) {
          out_.rows[k].present[p] = true;
          out_.rows[k].cells[p] = (*keys)[p];
        }
      out_.rows[k].differs = Under(path + "/key");
    }
    const size_t o = Add(2, "origins", false);
    for (size_t p = 0; p < n(); ++p)
      if (conf[p] && origins[p]) {
        out_.rows[o].present[p] = true;
        out_.rows[o].cells[p] = policy_view::OriginsText(*origins[p]);
      }
    out_.rows[o].differs = Under(path + "/origin") || Under(path + "/fields");
    // The merged confs' lines, one row per path in the first profile's order, another profile's
    // extra lines after the line before them in that profile.
    std::vector<std::string> order;
    std::map<std::string, size_t> at;  // path -> row
    const size_t first = out_.rows.size();
    size_t have = 0;
    for (size_t p = 0; p < n(); ++p) {
      if (!conf[p]) continue;
      ++have;
      std::string prev;
      for (const pol::ConfLine& l : pol::ConfLines(*conf[p], {})) {
        if (l.path.empty()) continue;  // the conf's root
        auto it = at.find(l.path);
        if (it == at.end()) {
          size_t pos = first;
          if (!prev.empty()) {
            // After the line before it and that line's subtree.
            pos = at[prev] + 1;
            while (pos < out_.rows.size() && out_.rows[pos].depth > 2 + l.depth) ++pos;
          }
          ProfilesRow r;
          r.depth = 2 + l.depth;
          r.key = l.key == "-" ? "[" + l.path.substr(l.path.rfind('/') + 1) + "]" : l.key;
          r.container = !l.leaf;
          r.cells.assign(n(), std::string());
          r.present.assign(n(), false);
          out_.rows.insert(out_.rows.begin() + static_cast<std::ptrdiff_t>(pos), std::move(r));
          for (auto& [q, row] : at)
            if (row >= pos) ++row;
          it = at.emplace(l.path, pos).first;
        }
        ProfilesRow& r = out_.rows[it->second];
        r.present[p] = true;
        if (l.leaf) r.cells[p] = pol::LeafText(l.value);
        prev = l.path;
      }
    }
    for (const auto& [lp, row] : at) {
      ProfilesRow& r = out_.rows[row];
      const size_t present = static_cast<size_t>(std::count(r.present.begin(), r.present.end(), true));
      r.differs = Under(path + "/conf" + lp) || (present != have && !r.container);
    }
    for (size_t k = first; k < out_.rows.size(); ++k)
      if (out_.rows[k].container) {
        size_t e = k + 1;
        while (e < out_.rows.size() && out_.rows[e].depth > out_.rows[k].depth) ++e;
        out_.rows[k].children = static_cast<int>(e - k - 1);
        for (size_t c = k + 1; c < e; ++c) out_.rows[k].holds_difference |= out_.rows[c].differs;
      }
    Close(head);
  }

  void Resources() {
    std::vector<size_t> counts;
    const size_t rules = CountsOf([](const auto& t) -> const auto& { return t.to_rules; }, counts);
    if (rules == 0) return;
    const size_t head = Section("resources", counts, "rule");
    std::pair<size_t, size_t> shown;
    for (size_t j = 0; j < rules; ++j) {
      const std::string path = prefix_ + "/toResourceRules/" + std::to_string(j);
      if (!Listed(path, shown)) continue;
      std::vector<const nlohmann::json*> conf(n(), nullptr);
      std::vector<const std::vector<pol::Origin>*> origins(n(), nullptr);
      std::vector<std::string> keys(n());
      std::string label;
      for (size_t p = 0; p < n(); ++p) {
        if (!types_[p] || j >= types_[p]->to_rules.size()) continue;
        const pol::ResourceRule& r = types_[p]->to_rules[j];
        conf[p] = &r.conf();
        origins[p] = &r.origin();
        keys[p] = texts_.KeyName(&results_[p]->rules, r.key);
        if (label.empty()) label = policy_view::ResourceLabel(r);
      }
      Rule(path, label, conf, origins, &keys);
    }
    Close(head);
  }

  void Inbound() {
    std::vector<size_t> counts;
    const size_t rules = CountsOf([](const auto& t) -> const auto& { return t.from_rules; }, counts);
    if (rules == 0) return;
    const size_t head = Section("inbound rules", counts, "rule");
    std::pair<size_t, size_t> shown;
    for (size_t j = 0; j < rules; ++j) {
      const std::string path = prefix_ + "/fromRules/" + std::to_string(j);
      if (!Listed(path, shown)) continue;
      std::vector<const nlohmann::json*> conf(n(), nullptr);
      std::vector<const std::vector<pol::Origin>*> origins(n(), nullptr);
      std::string label;
      for (size_t p = 0; p < n(); ++p) {
        if (!types_[p] || j >= types_[p]->from_rules.size()) continue;
        const pol::InboundRule& r = types_[p]->from_rules[j];
        conf[p] = &r.conf;
        origins[p] = &r.origin;
        if (label.empty())
          label = "inbound " + (r.inbound ? r.inbound->Id() : std::string("?")) + " " + pol::DirectionName(r.source) +
                  (r.listed ? " " + texts_.Match(&r.match) : std::string());
      }
      Rule(path, label, conf, origins, nullptr);
    }
    Close(head);
  }

  // The proxy rule: its conf, origin and fields are three answers of the comparison.
  void Proxy() {
    std::vector<const nlohmann::json*> conf(n(), nullptr);
    std::vector<const std::vector<pol::Origin>*> origins(n(), nullptr);
    bool any = false;
    for (size_t p = 0; p < n(); ++p)
      if (types_[p] && types_[p]->has_proxy_rule) {
        conf[p] = &types_[p]->proxy_rule.conf;
        origins[p] = &types_[p]->proxy_rule.origin;
        any = true;
      }
    if (!any) return;
    const std::string path = prefix_ + "/proxyRule";
    const size_t at = out_.rows.size();
    Rule(path, "proxy rule", conf, origins, nullptr);
    ProfilesRow& r = out_.rows[at];
    r.depth = 0;
    for (size_t k = at + 1; k < out_.rows.size(); ++k) --out_.rows[k].depth;
    // Its answers ("/rules/T/proxyRule/conf", ".../origin", ".../fields").
    size_t count = 0;
    for (const auto& [p, a] : answers_)
      if (Within(p, path)) {
        used_.insert(p);
        ++count;
      }
    r.answers = count;
    r.differs = count > 0;
    if (count > 0 && r.why.what.find("differs") == std::string::npos)
      r.why = doc::Step(type_ + ": proxy rule differs between profiles", doc::Outcome::kInfo);
  }

  // The sorted items (merge order): one row each, a profile's item at that rank per column. A
  // filtered result lists only some items in its JSON (RulesJson's `keep`): those go to Others.
  void Items() {
    for (size_t p = 0; p < n(); ++p)
      if (types_[p] && results_[p]->rules.filtered) return;
    std::vector<size_t> counts;
    const size_t items = CountsOf([](const auto& t) -> const auto& { return t.to_items; }, counts);
    if (items == 0) return;
    const size_t head = Section("items (merge order)", counts, "item");
    std::pair<size_t, size_t> shown;
    for (size_t j = 0; j < items; ++j) {
      const std::string path = prefix_ + "/items/" + std::to_string(j);
      if (!Listed(path, shown)) continue;
      const size_t row = Add(1, "[" + std::to_string(j) + "]", false);
      for (size_t p = 0; p < n(); ++p)
        if (types_[p] && j < types_[p]->to_items.size()) {
          out_.rows[row].present[p] = true;
          out_.rows[row].cells[p] = policy_view::ItemLabel(&types_[p]->to_items[j]);
        }
      const std::string first = [&] {
        for (size_t p = 0; p < n(); ++p)
          if (out_.rows[row].present[p]) return out_.rows[row].cells[p];
        return std::string();
      }();
      out_.rows[row].key = "[" + std::to_string(j) + "]";
      Explain(out_.rows[row], path);
      out_.rows[row].why.what = type_ + ": item " + std::to_string(j) + " (" + first + ")" +
                                (out_.rows[row].differs ? " differs between profiles" : " is the same in every profile");
    }
    Close(head);
  }

  // Differing answers of other shapes (the legacy toRules, RBAC matchers, the policies list, a
  // list some profiles lack): the engine's name for each and what each profile gives.
  void Others() {
    std::vector<const DifferingAnswer*> rest;
    for (const auto& [p, a] : answers_)
      if (!used_.count(p)) rest.push_back(a);
    if (rest.empty()) return;
    std::sort(rest.begin(), rest.end(), [](const DifferingAnswer* a, const DifferingAnswer* b) { return a->path < b->path; });
    const size_t head = Add(0, "other answers", true);
    for (const DifferingAnswer* a : rest) {
      std::string title = a->title.empty() ? ReadablePointer(a->path) : a->title;
      if (title.rfind(type_ + ": ", 0) == 0) title.erase(0, type_.size() + 2);
      // "MeshTimeout rules" (a list some profiles lack): the list's name in the result.
      else if (title.rfind(type_ + " ", 0) == 0) {
        const std::string& leaf = a->divergences.empty() ? a->path : in_.comparison.divergences[a->divergences.front()].path;
        if (leaf.size() > prefix_.size()) title = ReadablePointer(leaf.substr(prefix_.size()));
      }
      const size_t row = Add(1, title, true);
      for (size_t p = 0; p < n(); ++p)
        for (const AnswerGroup& g : a->groups)
          if (std::find(g.profiles.begin(), g.profiles.end(), out_.profiles[p]) != g.profiles.end()) {
            out_.rows[row].present[p] = true;
            out_.rows[row].cells[p] = GroupText(g);
          }
      Explain(out_.rows[row], a->path);
      out_.rows[row].key = title;
      for (size_t k : a->divergences) {
        const Divergence& d = in_.comparison.divergences[k];
        const size_t leaf = Add(2, d.path.size() > a->path.size() ? ReadablePointer(d.path.substr(a->path.size())) : "(the answer)", false);
        out_.rows[leaf].differs = true;
        for (size_t p = 0; p < n(); ++p) {
          auto t = d.texts.find(out_.profiles[p]);
          out_.rows[leaf].present[p] = true;
          out_.rows[leaf].cells[p] = t != d.texts.end() ? t->second : std::string("none");
        }
      }
      Close(row);
    }
    Close(head);
  }

  const Inspection& in_;
  const PolicyTexts& texts_;
  std::string prefix_, type_;
  std::vector<const pol::PolicyResult*> results_;
  std::vector<const pol::TypeRules*> types_;
  std::vector<std::string> paths_;  // the divergences under prefix_, sorted
  std::map<std::string, const DifferingAnswer*> answers_;
  std::set<std::string> used_;  // answers a row stands for (or counted as omitted)
  ProfilesTree out_;
};

}  // namespace

std::vector<ProfilesTree> BuildProfilesTrees(const Inspection& in, const PolicyTexts& texts) {
  size_t types = 0;
  for (const Report& r : in.reports)
    if (const auto* pr = ResultAs<pol::PolicyResult>(r.typed.get())) types = std::max(types, pr->rules.types.size());
  std::vector<ProfilesTree> out;
  out.reserve(types);
  for (size_t t = 0; t < types; ++t) out.push_back(TreeBuilder(in, texts, t).Build());
  return out;
}

}  // namespace cfgi::gui
