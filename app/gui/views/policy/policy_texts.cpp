// app/gui/views/policy/policy_texts.cpp: the policy view's texts, made on the worker
// (policy_texts.h).
#include "app/gui/views/policy/policy_texts.h"

#include <map>
#include <optional>
#include <unordered_set>

#include "core/doc/utf8.h"
#include "core/engine/compare.h"
#include "core/policy/policy_engine.h"
#include "core/policy/policy_inspect.h"
#include "core/policy/policy_release_rules.h"

namespace cfgi::gui {

namespace pol = cfgi::policy;

namespace {

std::string JsonOrNone(const nlohmann::json& j) { return j.is_null() ? "(none)" : doc::JsonText(j); }
std::string JsonOrNone(const nlohmann::ordered_json& j) { return j.is_null() ? "(none)" : doc::JsonText(j); }

// A merged conf as "path: value" lines (its leaves, YAML-like).
std::vector<std::string> ConfSummary(const nlohmann::json& conf) {
  std::vector<std::string> out;
  for (const pol::ConfLine& l : pol::ConfLines(conf, {})) {
    if (!l.leaf) continue;
    std::string p = l.path.empty() ? "/" : l.path.substr(1);
    for (char& c : p)
      if (c == '/') c = '.';
    out.push_back(p + ": " + pol::LeafText(l.value));
  }
  if (out.empty()) out.push_back(conf.is_null() ? "(none)" : "{}");
  return out;
}

// A common_api.Match ({spiffeID} or {sni}) in words; null matches every client.
std::string MatchText(const nlohmann::json& m) {
  if (m.is_null()) return "{every client}";
  std::string s;
  for (const char* k : {"spiffeID", "sni"})
    if (m.is_object() && m.contains(k) && m[k].is_object()) {
      const nlohmann::json& v = m[k];
      s += (s.empty() ? "" : ", ") + std::string(k) + " " + v.value("type", std::string()) + " " + v.value("value", std::string());
    }
  return s.empty() ? doc::JsonText(m) : s;
}

class Builder {
 public:
  explicit Builder(PolicyTexts& t) : t_(t) {}

  void Json(const nlohmann::json& v) {
    if (!t_.json.count(&v)) t_.json.emplace(&v, JsonOrNone(v));
  }
  void Summary(const nlohmann::json& conf) {
    if (!t_.summary.count(&conf)) t_.summary.emplace(&conf, ConfSummary(conf));
  }
  void Provenance(const std::vector<pol::FieldProvenance>& prov) {
    for (const pol::FieldProvenance& f : prov) {
      Json(f.set.value);
      for (const pol::FieldProvenance::Write& w : f.overrode) Json(w.value);
    }
  }
  void Items(const std::vector<pol::Item>& items) {
    for (const pol::Item& it : items)
      if (it.entry) Json(it.entry->conf);
  }
  void Type(const pol::TypeRules& t) {
    Items(t.to_items);
    Items(t.from_items);
    Items(t.legacy_to_items);
    for (const pol::ResourceRule& r : t.to_rules) {
      // Rows share bodies (a labels targetRef's fan-out, the fallback rows): each once.
      if (!bodies_.insert(r.body.get()).second) continue;
      Summary(r.conf());
      Provenance(r.body->provenance);
    }
    for (const pol::InboundRule& r : t.from_rules) {
      Summary(r.conf);
      Provenance(r.provenance);
      t_.match.emplace(&r.match, MatchText(r.match));
    }
    Summary(t.proxy_rule.conf);
    Provenance(t.proxy_rule.provenance);
    for (const pol::RbacMatcher& m : t.rbac) t_.match.emplace(&m.match, MatchText(m.match));
  }
  void Inspection(const pol::ResourceConf& in) {
    for (const pol::TypeConf& t : in.types)
      for (const pol::ConfLine& l : t.lines) {
        if (l.leaf) t_.leaf.emplace(&l.value, pol::LeafText(l.value));
        if (l.field)
          for (const pol::FieldProvenance::Write& o : l.field->overrode) t_.leaf.emplace(&o.value, pol::LeafText(o.value));
      }
  }

 private:
  PolicyTexts& t_;
  std::unordered_set<const pol::RuleBody*> bodies_;
};

}  // namespace

const std::string& PolicyTexts::Find(const std::unordered_map<const void*, std::string>& m, const void* v) {
  static const std::string kUnknown = "?";
  auto it = m.find(v);
  return it == m.end() ? kUnknown : it->second;
}

const std::vector<std::string>& PolicyTexts::Summary(const void* v) const {
  static const std::vector<std::string> kUnknown = {"?"};
  auto it = summary.find(v);
  return it == summary.end() ? kUnknown : it->second;
}

std::string PolicyTexts::KeyName(const void* rules, std::string_view key) const {
  auto it = key_names.find(rules);
  return it == key_names.end() ? std::string(key) : it->second(key);
}

const std::vector<std::string>& PolicyTexts::ChooserLabels(const std::vector<std::string>& keys) const {
  auto it = chooser.find(&keys);
  return it == chooser.end() ? keys : it->second;
}

const std::string& PolicyTexts::InspectedLabel(const void* inspection) const {
  static const std::string kNone;
  auto it = inspected.find(inspection);
  return it == inspected.end() ? kNone : it->second;
}

std::shared_ptr<const ViewRows> BuildPolicyRows(const Inspection& in) {
  auto t = std::make_shared<PolicyTexts>();
  Builder b(*t);
  for (const Report& r : in.reports)
    if (const auto* pr = ResultAs<pol::PolicyResult>(r.typed.get())) {
      for (const pol::TypeRules& tr : pr->rules.types) b.Type(tr);
      b.Inspection(pr->inspection);
      // The keys as the profile names them (KRI under 2.12+), for the chooser and the tables;
      // the chooser's labels name the resource first (ReadableKey), then the key.
      std::optional<pol::KeyNames> names;
      if (pr->model && pr->rules.dataplane && pol::KeysByKri(pr->id)) names.emplace(pr->rules, *pr->model, pr->id);
      auto label = [&](const std::string& k) {
        // Read from the core key (cheap to split; a large mesh has 186,000), shown as named.
        std::string shown = names ? (*names)(k) : k;
        return pol::ReadableKey(k) + "   " + shown;
      };
      std::vector<std::string> labels;
      labels.reserve(pr->resource_keys.size());
      for (const std::string& k : pr->resource_keys) labels.push_back(label(k));
      t->chooser.emplace(&pr->resource_keys, std::move(labels));
      if (!pr->inspection.key.empty()) t->inspected.emplace(&pr->inspection, label(pr->inspection.key));
      if (names) t->key_names.emplace(&pr->rules, std::move(*names));
    }
  for (const Divergence& d : in.comparison.divergences)
    for (auto it = d.values.begin(); it != d.values.end(); ++it)
      if (!t->json.count(&it.value())) t->json.emplace(&it.value(), JsonOrNone(it.value()));
  t->profiles = BuildProfilesTrees(in, *t);
  return t;
}

std::string Clip(const std::string& text, size_t max) {
  return text.size() > max ? text.substr(0, max - 3) + "..." : text;
}

}  // namespace cfgi::gui
