// core/txt/txt_config_tree.cpp: a service config as tree lines (txt_config_tree.h).
#include "core/txt/txt_config_tree.h"

#include <cstddef>
#include <cstdint>

#include "core/doc/utf8.h"

namespace cfgi::txt {

namespace {

void AddLines(const nlohmann::ordered_json& j, const std::string& key, int depth, std::vector<ConfigLine>* out) {
  ConfigLine line;
  line.depth = depth;
  line.key = key;
  if (!(j.is_object() || j.is_array()) || j.empty()) {
    line.value = j.is_object() ? "{}" : j.is_array() ? "[]" : doc::JsonText(j);
    out->push_back(std::move(line));
    return;
  }
  line.container = true;
  line.summary = j.is_object() ? "{" + std::to_string(j.size()) + (j.size() == 1 ? " key}" : " keys}")
                               : "[" + std::to_string(j.size()) + (j.size() == 1 ? " item]" : " items]");
  const size_t at = out->size();
  out->push_back(std::move(line));
  if (j.is_object())
    for (auto it = j.begin(); it != j.end(); ++it) AddLines(it.value(), it.key(), depth + 1, out);
  else
    for (size_t i = 0; i < j.size(); ++i) AddLines(j[i], "[" + std::to_string(i) + "]", depth + 1, out);
  (*out)[at].children = static_cast<int>(out->size() - at - 1);
}

}  // namespace

std::vector<ConfigLine> ConfigTree(const nlohmann::ordered_json& j, const std::string& key) {
  std::vector<ConfigLine> out;
  AddLines(j, key, 0, &out);
  return out;
}

std::vector<std::string> ConfigTreeText(const std::vector<ConfigLine>& lines) {
  std::vector<std::string> out;
  out.reserve(lines.size());
  for (const ConfigLine& l : lines)
    out.push_back(std::string(static_cast<size_t>(l.depth) * 2, ' ') + l.key + ": " + (l.container ? l.summary : l.value));
  return out;
}

std::vector<ConfigRow> MergeConfigTrees(const std::vector<const std::vector<ConfigLine>*>& trees) {
  std::vector<ConfigRow> rows;
  std::vector<std::string> paths;  // rows[i]'s path: the keys from the root, '\x1f'-joined
  for (size_t t = 0; t < trees.size(); ++t) {
    if (!trees[t]) continue;
    std::vector<std::string> stack;  // keys by depth
    size_t prev = SIZE_MAX;          // the row of this tree's previous line
    for (const ConfigLine& l : *trees[t]) {
      stack.resize(static_cast<size_t>(l.depth));
      stack.push_back(l.key);
      std::string path;
      for (const std::string& k : stack) path += k + '\x1f';
      size_t at = SIZE_MAX;
      // Near the previous line first (the common case: the same shape), else anywhere.
      if (prev != SIZE_MAX && prev + 1 < paths.size() && paths[prev + 1] == path) at = prev + 1;
      for (size_t i = 0; at == SIZE_MAX && i < paths.size(); ++i)
        if (paths[i] == path) at = i;
      if (at == SIZE_MAX) {
        at = prev == SIZE_MAX ? rows.size() : prev + 1;
        // After the previous line's whole subtree in the merged rows, so a new key does not
        // split another tree's container.
        while (prev != SIZE_MAX && at < rows.size() && rows[at].depth > l.depth) ++at;
        ConfigRow r;
        r.depth = l.depth;
        r.key = l.key;
        r.per.assign(trees.size(), nullptr);
        rows.insert(rows.begin() + static_cast<std::ptrdiff_t>(at), std::move(r));
        paths.insert(paths.begin() + static_cast<std::ptrdiff_t>(at), path);
      }
      rows[at].per[t] = &l;
      rows[at].container = rows[at].container || l.container;
      prev = at;
    }
  }
  for (size_t i = 0; i < rows.size(); ++i) {
    ConfigRow& r = rows[i];
    std::string first;
    bool seen = false;
    for (size_t t = 0; t < trees.size(); ++t) {
      if (!trees[t] || trees[t]->empty()) continue;
      const ConfigLine* l = r.per[t];
      const std::string v = !l ? std::string("\x02") : l->container ? std::string("\x01") : l->value;
      if (!seen) first = v, seen = true;
      else if (v != first) r.differs = true;
    }
    size_t j = i + 1;
    while (j < rows.size() && rows[j].depth > r.depth) ++j;
    r.children = static_cast<int>(j - i - 1);
  }
  for (size_t i = rows.size(); i-- > 0;) {
    ConfigRow& r = rows[i];
    for (size_t j = i + 1; j <= i + static_cast<size_t>(r.children); ++j)
      if (rows[j].differs) r.holds_difference = true;
  }
  return rows;
}

}  // namespace cfgi::txt
