#include "core/engine/compare.h"

#include "core/doc/utf8.h"

#include "core/engine/build_count.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace cfgi {

using nlohmann::ordered_json;

namespace {

void CollectLeaves(const ordered_json& j, const std::string& path, std::set<std::string>& out) {
  if (j.is_object() && !j.empty()) {
    // A place in the input (doc::PutLocation: "file", "line", "column") is compared by its line:
    // the file is the one input both profiles read and the column moves with the line, so they
    // would only repeat the line's difference as two more fields of the same answer.
    const bool place = j.contains("line") && j.contains("column") && j.contains("file");
    for (auto it = j.begin(); it != j.end(); ++it) {
      if (place && (it.key() == "file" || it.key() == "column")) continue;
      std::string esc;
      for (char c : it.key()) esc += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
      CollectLeaves(it.value(), path + "/" + esc, out);
    }
  } else if (j.is_array() && !j.empty()) {
    for (size_t i = 0; i < j.size(); ++i) CollectLeaves(j[i], path + "/" + std::to_string(i), out);
  } else {
    out.insert(path);
  }
}

bool IsUnder(std::string_view path, std::string_view prefix) {
  if (path.substr(0, prefix.size()) != prefix) return false;
  return path.size() == prefix.size() || path[prefix.size()] == '/' || prefix.empty();
}

// "/a/b/0" -> {"a", "b", "0"} (escapes kept: segments are compared, not decoded).
std::vector<std::string_view> Segments(std::string_view p) {
  std::vector<std::string_view> out;
  while (!p.empty() && p[0] == '/') {
    p.remove_prefix(1);
    size_t n = p.find('/');
    out.push_back(p.substr(0, n));
    p = n == std::string_view::npos ? std::string_view() : p.substr(n);
  }
  return out;
}

bool IsIndex(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

std::string AnswerOf(std::string_view leaf, const std::vector<std::string>& units) {
  const std::vector<std::string_view> segs = Segments(leaf);
  size_t best = 0;
  for (const std::string& u : units) {
    std::vector<std::string_view> pat = Segments(u);
    if (pat.size() <= best || pat.size() > segs.size()) continue;
    bool fits = true;
    for (size_t i = 0; i < pat.size() && fits; ++i) fits = pat[i] == "*" || pat[i] == segs[i];
    if (fits) best = pat.size();
  }
  if (best == 0) best = std::min<size_t>(segs.size(), segs.size() > 1 && IsIndex(segs[1]) ? 2 : 1);
  std::string out;
  for (size_t i = 0; i < best; ++i) out.append("/").append(segs[i]);
  return out;
}

std::vector<const Divergence*> Comparison::Under(std::string_view prefix) const {
  std::vector<const Divergence*> out;
  for (const Divergence& d : divergences)
    if (IsUnder(d.path, prefix)) out.push_back(&d);
  return out;
}

size_t Comparison::CountUnder(std::string_view prefix) const {
  size_t n = 0;
  for (const DifferingAnswer& a : answers)
    n += std::any_of(a.divergences.begin(), a.divergences.end(),
                     [&](size_t i) { return IsUnder(divergences[i].path, prefix); });
  return n;
}

std::vector<const DifferingAnswer*> Comparison::AnswersUnder(std::string_view prefix) const {
  std::vector<const DifferingAnswer*> out;
  for (const DifferingAnswer& a : answers)
    if (std::any_of(a.divergences.begin(), a.divergences.end(),
                    [&](size_t i) { return IsUnder(divergences[i].path, prefix); }))
      out.push_back(&a);
  return out;
}

ordered_json Comparison::ToJson() const {
  ordered_json out = ordered_json::array();
  for (const Divergence& d : divergences) out.push_back({{"path", d.path}, {"values", d.values}});
  return out;
}

ordered_json Comparison::AnswersJson() const {
  ordered_json out = ordered_json::array();
  // Each answer as the app's Profiles tables and the CLI's text show it: its name and the
  // profiles grouped by what they answer (DescribeAnswers; empty title and groups before it ran).
  for (const DifferingAnswer& a : answers) {
    ordered_json groups = ordered_json::array();
    for (const AnswerGroup& g : a.groups) {
      ordered_json fields = ordered_json::array();
      for (const auto& [leaf, value] : g.fields) fields.push_back({{"field", leaf}, {"text", value}});
      groups.push_back({{"profiles", g.profiles}, {"fields", std::move(fields)}});
    }
    out.push_back({{"path", a.path}, {"leaves", a.divergences.size()}, {"title", a.title}, {"groups", std::move(groups)}});
  }
  return out;
}

ordered_json Comparison::SettingsJson() const {
  ordered_json out = ordered_json::array();
  for (const Divergence& d : settings) out.push_back({{"path", d.path}, {"values", d.values}});
  return out;
}

ordered_json Comparison::NotesJson() const {
  ordered_json out = ordered_json::array();
  for (const ComparisonNote& n : notes) out.push_back({{"path", n.path}, {"profiles", n.profiles}, {"text", n.text}});
  return out;
}

std::string ValueText(const ordered_json& j) {
  if (j.is_object()) return "{" + std::to_string(j.size()) + (j.size() == 1 ? " key}" : " keys}");
  if (j.is_array()) return "[" + std::to_string(j.size()) + (j.size() == 1 ? " item]" : " items]");
  std::string s = j.is_string() ? "\"" + j.get<std::string>() + "\"" : doc::JsonText(j);
  if (s.size() > 200) s = s.substr(0, 197) + "...";
  return s;
}

Comparison Compare(const std::vector<std::pair<std::string, const ordered_json*>>& results,
                   const std::vector<std::string>& settings, const std::vector<std::string>& answers) {
  CountEvaluationWork();
  Comparison c;
  if (results.size() < 2) return c;
  std::set<std::string> leaves;
  for (const auto& [name, res] : results) CollectLeaves(*res, "", leaves);
  // A subtree that some profile's result lacks altogether (an item only one release lists, a
  // rule another does not build) is one divergence at its root, its values the whole subtree or
  // null, not one per leaf below it: `folded` is the last such root (leaves are sorted, so the
  // ones below it follow it), `emitted` the last divergence's path.
  std::string folded, emitted;
  auto outermost_absent = [&](const std::string& leaf) -> std::string {
    for (size_t cut = leaf.find('/', 1); cut != std::string::npos; cut = leaf.find('/', cut + 1)) {
      ordered_json::json_pointer ptr(leaf.substr(0, cut));
      size_t have = 0;
      for (const auto& r : results) have += r.second->contains(ptr) ? 1 : 0;
      if (have < results.size()) return have ? leaf.substr(0, cut) : std::string();
    }
    return {};
  };
  for (const std::string& leaf_path : leaves) {
    if (leaf_path.find("/trace") != std::string::npos || leaf_path.find("/explanation") != std::string::npos) continue;
    if (!folded.empty() && IsUnder(leaf_path, folded)) continue;
    std::string leaf = leaf_path;
    ordered_json::json_pointer ptr(leaf);
    ordered_json values = ordered_json::object();
    std::optional<ordered_json> first;
    bool differ = false;
    for (const auto& [name, res] : results) {
      ordered_json v = res->contains(ptr) ? res->at(ptr) : ordered_json();
      if (!first) first = v;
      else if (*first != v) differ = true;
      values[name] = std::move(v);
    }
    if (!differ) continue;
    if (std::string root = outermost_absent(leaf); !root.empty()) {
      folded = root;
      if (root == emitted) continue;  // a list empty in one profile, absent in another: listed once
      leaf = root;
      ordered_json::json_pointer at(root);
      for (const auto& [name, res] : results) values[name] = res->contains(at) ? res->at(at) : ordered_json();
    }
    emitted = leaf;
    bool setting = false;
    for (const std::string& s : settings) setting |= IsUnder(leaf, s);
    std::map<std::string, std::string> texts;
    for (auto it = values.begin(); it != values.end(); ++it) texts[it.key()] = ValueText(it.value());
    (setting ? c.settings : c.divergences).push_back({leaf, AnswerOf(leaf, answers), std::move(values), std::move(texts)});
  }
  std::map<std::string, size_t> at;  // answer path -> index in c.answers
  for (size_t i = 0; i < c.divergences.size(); ++i) {
    // A list or object that is empty in one profile is a leaf itself ("/choices" = []): the
    // answers below it in the others ("/choices/0") are the same answer. Leaves are sorted, so
    // such an ancestor is seen first.
    std::string& answer = c.divergences[i].answer;
    for (size_t cut = answer.find('/', 1); cut != std::string::npos; cut = answer.find('/', cut + 1))
      if (at.count(answer.substr(0, cut))) {
        answer.resize(cut);
        break;
      }
    auto [it, added] = at.emplace(c.divergences[i].answer, c.answers.size());
    if (added) c.answers.push_back({c.divergences[i].answer, {}});
    c.answers[it->second].divergences.push_back(i);
  }
  return c;
}

std::string ReadablePointer(std::string_view pointer) {
  std::string out;
  for (std::string_view seg : Segments(pointer)) {
    if (IsIndex(seg)) {
      out += "[" + std::string(seg) + "]";
      continue;
    }
    if (!out.empty()) out += ".";
    for (size_t i = 0; i < seg.size(); ++i) {
      if (seg[i] == '~' && i + 1 < seg.size()) {
        out += seg[i + 1] == '1' ? '/' : '~';
        ++i;
      } else {
        out += seg[i];
      }
    }
  }
  return out.empty() ? "the result" : out;
}

std::vector<AnswerGroup> GroupByAgreement(const Comparison& c, const DifferingAnswer& a,
                                          const std::vector<std::string>& profiles) {
  std::vector<AnswerGroup> groups;
  std::vector<std::vector<const ordered_json*>> keys;  // per group: its values, leaf by leaf
  static const ordered_json kNull;
  for (const std::string& p : profiles) {
    std::vector<const ordered_json*> mine;
    for (size_t i : a.divergences) {
      const ordered_json& v = c.divergences[i].values;
      auto it = v.find(p);
      mine.push_back(it == v.end() ? &kNull : &*it);
    }
    size_t g = 0;
    for (; g < keys.size(); ++g) {
      bool same = true;
      for (size_t k = 0; k < mine.size() && same; ++k) same = *mine[k] == *keys[g][k];
      if (same) break;
    }
    if (g == keys.size()) {
      keys.push_back(mine);
      AnswerGroup ag;
      for (size_t k = 0; k < mine.size(); ++k) {
        const Divergence& d = c.divergences[a.divergences[k]];
        std::string rel = d.path.size() > a.path.size() ? ReadablePointer(d.path.substr(a.path.size())) : "";
        auto t = d.texts.find(p);
        std::string text = mine[k]->is_null() ? "none" : t != d.texts.end() ? t->second : ValueText(*mine[k]);
        ag.fields.emplace_back(std::move(rel), std::move(text));
      }
      groups.push_back(std::move(ag));
    }
    groups[g].profiles.push_back(p);
  }
  // The fields that tell the groups apart first: by how many different values the groups give
  // (most first), then in leaf order; the same order in every group.
  std::vector<size_t> order(a.divergences.size()), distinct(a.divergences.size());
  for (size_t k = 0; k < order.size(); ++k) {
    order[k] = k;
    std::vector<const ordered_json*> seen;
    for (const auto& key : keys)
      if (std::none_of(seen.begin(), seen.end(), [&](const ordered_json* v) { return *v == *key[k]; })) seen.push_back(key[k]);
    distinct[k] = seen.size();
  }
  std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) { return distinct[x] > distinct[y]; });
  for (size_t g = 0; g < groups.size(); ++g) {
    // A later group names first where it differs from the first group.
    std::vector<size_t> mine = order;
    if (g > 0)
      std::stable_partition(mine.begin(), mine.end(), [&](size_t k) { return !(*keys[g][k] == *keys[0][k]); });
    std::vector<std::pair<std::string, std::string>> sorted;
    for (size_t k : mine) sorted.push_back(std::move(groups[g].fields[k]));
    groups[g].fields = std::move(sorted);
  }
  return groups;
}

}  // namespace cfgi
