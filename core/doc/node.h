// core/doc/node.h: a format-neutral document tree where every node keeps its source range.
// YAML, JSON and textproto all load into it (core/doc/load.h), so engines read one shape and
// point diagnostics at the exact key or value.
//
//   const Node* to = root.Get("spec") ? root.Get("spec")->Get("to") : nullptr;
//   if (to && to->is_seq()) for (const Node& item : to->items()) ...
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/doc/source.h"

namespace cfgi::doc {

class Node {
 public:
  enum class Kind { kNull, kBool, kInt, kDouble, kString, kSeq, kMap };
  struct Entry;  // a map entry: key text, key range, value

  Node() = default;
  static Node Scalar(Kind k, std::string text, SourceRange r);
  static Node Seq(SourceRange r);
  static Node Map(SourceRange r);

  Kind kind() const { return kind_; }
  bool is_null() const { return kind_ == Kind::kNull; }
  bool is_map() const { return kind_ == Kind::kMap; }
  bool is_seq() const { return kind_ == Kind::kSeq; }
  bool is_string() const { return kind_ == Kind::kString; }
  bool is_scalar() const { return kind_ != Kind::kSeq && kind_ != Kind::kMap; }
  bool is_number() const { return kind_ == Kind::kInt || kind_ == Kind::kDouble; }
  // "null", "bool", "int", "number", "string", "list", "map"
  const char* kind_name() const;

  // Scalar text as written (without quotes); "true"/"false" for bools; numbers verbatim.
  const std::string& text() const { return text_; }
  bool as_bool() const { return text_ == "true"; }
  std::optional<int64_t> as_int() const;
  std::optional<double> as_double() const;

  SourceRange range() const { return range_; }
  void set_range(SourceRange r) { range_ = r; }

  // Sequences.
  const std::vector<Node>& items() const { return items_; }
  Node& Push(Node n);
  // Maps, in document order.
  const std::vector<Entry>& entries() const { return entries_; }
  Node& Put(std::string key, SourceRange key_range, Node value);
  // First entry with this key, or null.
  const Node* Get(std::string_view key) const;
  const Entry* GetEntry(std::string_view key) const;
  // Scalar text of a key when present and scalar, else fallback.
  std::string GetString(std::string_view key, std::string fallback = {}) const;
  size_t size() const;

  // The tree as JSON with typed scalars. nlohmann::json sorts keys; ToOrderedJson keeps
  // document order.
  nlohmann::json ToJson() const;
  nlohmann::ordered_json ToOrderedJson() const;

 private:
  Kind kind_ = Kind::kNull;
  std::string text_;
  SourceRange range_;
  std::vector<Node> items_;
  std::vector<Entry> entries_;
};

struct Node::Entry {
  std::string key;
  SourceRange key_range;
  Node value;
};

// Defined here, where Entry is complete (clang requires it for vector<Entry>).
inline Node Node::Scalar(Kind k, std::string text, SourceRange r) {
  Node n;
  n.kind_ = k;
  n.text_ = std::move(text);
  n.range_ = r;
  return n;
}
inline Node Node::Seq(SourceRange r) { Node n; n.kind_ = Kind::kSeq; n.range_ = r; return n; }
inline Node Node::Map(SourceRange r) { Node n; n.kind_ = Kind::kMap; n.range_ = r; return n; }
inline Node& Node::Push(Node n) {
  items_.push_back(std::move(n));
  return items_.back();
}
inline size_t Node::size() const { return kind_ == Kind::kMap ? entries_.size() : items_.size(); }

}  // namespace cfgi::doc
