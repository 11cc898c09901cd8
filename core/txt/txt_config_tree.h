// core/txt/txt_config_tree.h: a service config as the lines of a tree, YAML-like, for a view to
// draw without touching JSON: keys in their order, arrays by index, scalars as JSON text
// (strings quoted, so "5s" and 5 differ). Built once per choice when the profile's list is
// compiled (Choice::service_config_lines) and shared by every evaluation that selects it.
//
//   for (const txt::ConfigLine& l : *ev.service_config_lines) Draw(l.depth, l.key, l.value);
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace cfgi::txt {

// One line of the tree: a key (or "[index]") at a depth with its scalar value, or a container
// that holds the next `children` lines (every depth below it: what a collapsed node skips).
struct ConfigLine {
  int depth = 0;
  std::string key;
  std::string value;      // a scalar as JSON text; "{}" / "[]" for an empty container; empty for a container
  bool container = false;
  std::string summary;    // a container's "{3 keys}" / "[2 items]"
  int children = 0;
};

// The lines of `j` under the top key `key` (depth 0). An empty container is one line.
std::vector<ConfigLine> ConfigTree(const nlohmann::ordered_json& j, const std::string& key);

// The lines as text, two spaces per depth ("  key: value", a container's summary as its value).
std::vector<std::string> ConfigTreeText(const std::vector<ConfigLine>& lines);

// One row of several profiles' trees side by side (the app's Config tab: one tree, a column per
// profile): the line each tree has at this path (null where it has none).
struct ConfigRow {
  int depth = 0;
  std::string key;
  bool container = false;             // a container in at least one tree
  int children = 0;                   // the rows below it (what a collapsed node skips)
  std::vector<const ConfigLine*> per; // one per tree, in the trees' order
  bool differs = false;               // the trees that have a config disagree here (value, kind or presence)
  bool holds_difference = false;      // a container with a differing row below it
};

// The union of `trees` (null or empty: a profile without a service config, left out of
// `differs`) keyed by path, in the first tree's order with another tree's extra lines after
// their preceding line. The lines must outlive the rows.
std::vector<ConfigRow> MergeConfigTrees(const std::vector<const std::vector<ConfigLine>*>& trees);

}  // namespace cfgi::txt
