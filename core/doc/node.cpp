#include "core/doc/node.h"

#include <charconv>
#include <cstdlib>

namespace cfgi::doc {

const char* Node::kind_name() const {
  switch (kind_) {
    case Kind::kNull: return "null";
    case Kind::kBool: return "bool";
    case Kind::kInt: return "int";
    case Kind::kDouble: return "number";
    case Kind::kString: return "string";
    case Kind::kSeq: return "list";
    case Kind::kMap: return "map";
  }
  return "null";
}

std::optional<int64_t> Node::as_int() const {
  if (kind_ != Kind::kInt) return std::nullopt;
  int64_t v = 0;
  auto [p, ec] = std::from_chars(text_.data(), text_.data() + text_.size(), v);
  if (ec != std::errc() || p != text_.data() + text_.size()) return std::nullopt;
  return v;
}

std::optional<double> Node::as_double() const {
  if (!is_number()) return std::nullopt;
  char* end = nullptr;
  double v = std::strtod(text_.c_str(), &end);
  if (end != text_.c_str() + text_.size()) return std::nullopt;
  return v;
}

Node& Node::Put(std::string key, SourceRange key_range, Node value) {
  entries_.push_back(Entry{std::move(key), key_range, std::move(value)});
  return entries_.back().value;
}

const Node::Entry* Node::GetEntry(std::string_view key) const {
  for (const Entry& e : entries_)
    if (e.key == key) return &e;
  return nullptr;
}

const Node* Node::Get(std::string_view key) const {
  const Entry* e = GetEntry(key);
  return e ? &e->value : nullptr;
}

std::string Node::GetString(std::string_view key, std::string fallback) const {
  const Node* n = Get(key);
  return n && n->is_scalar() && !n->is_null() ? n->text() : fallback;
}

namespace {
template <class J>
J Convert(const Node& n) {
  switch (n.kind()) {
    case Node::Kind::kNull: return nullptr;
    case Node::Kind::kBool: return n.as_bool();
    case Node::Kind::kInt:
      if (auto v = n.as_int()) return *v;
      return n.as_double().value_or(0.0);
    case Node::Kind::kDouble: return n.as_double().value_or(0.0);
    case Node::Kind::kString: return n.text();
    case Node::Kind::kSeq: {
      J a = J::array();
      for (const Node& c : n.items()) a.push_back(Convert<J>(c));
      return a;
    }
    case Node::Kind::kMap: {
      J o = J::object();
      for (const Node::Entry& e : n.entries()) o[e.key] = Convert<J>(e.value);
      return o;
    }
  }
  return nullptr;
}
}  // namespace

nlohmann::json Node::ToJson() const { return Convert<nlohmann::json>(*this); }
nlohmann::ordered_json Node::ToOrderedJson() const { return Convert<nlohmann::ordered_json>(*this); }

}  // namespace cfgi::doc
