// core/txt/txt_config_tree.cpp: a service config as tree lines (txt_config_tree.h).
#include "core/txt/txt_config_tree.h"

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

}  // namespace cfgi::txt
