#include "core/ldap/value.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <cstdio>
#include <limits>

namespace cfgi::ldap {

using nlohmann::ordered_json;

std::string ToLowerAscii(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

Value Value::StringList(const std::vector<std::string>& v) {
  Value x;
  x.kind = Kind::kStringList;
  for (const std::string& s : v) x.list.push_back(String(s));
  return x;
}

const char* Value::type_name() const {
  switch (kind) {
    case Kind::kEmpty: return "empty";
    case Kind::kString: return "string";
    case Kind::kBool: return "bool";
    case Kind::kInt: return "int";
    case Kind::kLong: return "long";
    case Kind::kDouble: return "double";
    case Kind::kStringList: return "string list";
    case Kind::kList: return "list";
    case Kind::kMap: return "map";
  }
  return "?";
}

namespace {
std::string FormatDouble(double d) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", d);
  // Prefer the shortest form that round-trips.
  for (int prec = 1; prec <= 17; ++prec) {
    char b2[64];
    std::snprintf(b2, sizeof b2, "%.*g", prec, d);
    if (std::strtod(b2, nullptr) == d) return b2;
  }
  return buf;
}
}  // namespace

std::string Value::ToString() const {
  switch (kind) {
    case Kind::kEmpty: return "(no value)";
    case Kind::kString: return ordered_json(s).dump(-1, ' ', false, ordered_json::error_handler_t::replace);  // any bytes
    case Kind::kBool: return b ? "true" : "false";
    case Kind::kInt:
    case Kind::kLong: return std::to_string(i);
    case Kind::kDouble: return FormatDouble(d);
    case Kind::kStringList:
    case Kind::kList: {
      std::string out = "[";
      for (size_t k = 0; k < list.size(); ++k) out += (k ? ", " : "") + list[k].ToString();
      return out + "]";
    }
    case Kind::kMap: return ToJson().dump(-1, ' ', false, ordered_json::error_handler_t::replace);
  }
  return "";
}

ordered_json Value::ToJson() const {
  switch (kind) {
    case Kind::kEmpty: return nullptr;
    case Kind::kString: return s;
    case Kind::kBool: return b;
    case Kind::kInt:
    case Kind::kLong: return i;
    case Kind::kDouble: return std::isfinite(d) ? ordered_json(d) : ordered_json(FormatDouble(d));
    case Kind::kStringList:
    case Kind::kList: {
      ordered_json a = ordered_json::array();
      for (const Value& v : list) a.push_back(v.ToJson());
      return a;
    }
    case Kind::kMap: {
      ordered_json o = ordered_json::object();
      for (const auto& [k, v] : map) o[k] = v.ToJson();
      return o;
    }
  }
  return nullptr;
}

namespace {
Value IntFromInt64(int64_t v, bool* truncated) {
  // jsoncons' as<int>() on an int64 narrows like static_cast (modular since C++20).
  auto narrowed = static_cast<int32_t>(v);
  if (narrowed != v && truncated) *truncated = true;
  return Value::Int(narrowed);
}
}  // namespace

std::optional<Value> ValueFromJson(const ordered_json& j, bool* truncated) {
  switch (j.type()) {
    case ordered_json::value_t::null:
    case ordered_json::value_t::discarded: return std::nullopt;
    case ordered_json::value_t::string: return Value::String(j.get<std::string>());
    case ordered_json::value_t::boolean: return Value::Bool(j.get<bool>());
    case ordered_json::value_t::number_integer: return IntFromInt64(j.get<int64_t>(), truncated);
    case ordered_json::value_t::number_unsigned: {
      uint64_t u = j.get<uint64_t>();
      // jsoncons: neither is_int64() nor is_double(), so ParseJsonValue returns an empty Any.
      if (u > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) return std::nullopt;
      return IntFromInt64(static_cast<int64_t>(u), truncated);
    }
    case ordered_json::value_t::number_float: return Value::Double(j.get<double>());
    case ordered_json::value_t::array: {
      std::vector<Value> items;
      for (const auto& e : j)
        if (auto v = ValueFromJson(e, truncated)) items.push_back(std::move(*v));
      return Value::List(std::move(items));
    }
    case ordered_json::value_t::object: {
      Value m;
      m.kind = Value::Kind::kMap;
      for (auto it = j.begin(); it != j.end(); ++it)
        if (auto v = ValueFromJson(it.value(), truncated)) m.map.emplace_back(it.key(), std::move(*v));
      return m;
    }
    case ordered_json::value_t::binary: return std::nullopt;
  }
  return std::nullopt;
}

std::optional<Value> ValueFromNode(const doc::Node& n, bool* truncated) {
  using K = doc::Node::Kind;
  switch (n.kind()) {
    case K::kNull: return std::nullopt;
    case K::kBool: return Value::Bool(n.as_bool());
    case K::kInt: {
      if (auto v = n.as_int()) return IntFromInt64(*v, truncated);
      if (auto d = n.as_double()) return Value::Double(*d);
      return Value::String(n.text());
    }
    case K::kDouble: {
      if (auto d = n.as_double()) return Value::Double(*d);
      return Value::String(n.text());
    }
    case K::kString: return Value::String(n.text());
    case K::kSeq: {
      std::vector<Value> items;
      for (const doc::Node& e : n.items())
        if (auto v = ValueFromNode(e, truncated)) items.push_back(std::move(*v));
      return Value::List(std::move(items));
    }
    case K::kMap: {
      Value m;
      m.kind = Value::Kind::kMap;
      for (const auto& e : n.entries())
        if (auto v = ValueFromNode(e.value, truncated)) m.map.emplace_back(e.key, std::move(*v));
      return m;
    }
  }
  return std::nullopt;
}

bool Properties::Set(std::string key, Value v) {
  if (auto it = exact_.find(key); it != exact_.end()) {
    entries_[it->second].second = std::move(v);
    return false;
  }
  std::string folded = ToLowerAscii(key);
  exact_.emplace(key, entries_.size());
  folded_keys_.push_back(folded);
  folded_heads_.push_back(KeyHead::Of(folded));
  folded_.emplace(std::move(folded), entries_.size());  // keeps the first spelling
  entries_.emplace_back(std::move(key), std::move(v));
  return true;
}

const Value* Properties::Find(std::string_view key, bool match_case) const {
  if (auto it = exact_.find(std::string(key)); it != exact_.end()) return &entries_[it->second].second;
  if (match_case) return nullptr;
  if (auto it = folded_.find(ToLowerAscii(key)); it != folded_.end()) return &entries_[it->second].second;
  return nullptr;
}

KeyHead KeyHead::Of(std::string_view s) {
  KeyHead h;
  if (!s.empty()) std::memcpy(h.bytes, s.data(), std::min(s.size(), KeyHead::kBytes));
  h.size = static_cast<uint32_t>(std::min<size_t>(s.size(), UINT32_MAX));
  return h;
}

const Value* Properties::FindPrepared(const std::string& key, const std::string& folded, const KeyHead& head,
                                      bool match_case) const {
  constexpr size_t kScan = 16;  // a linear scan beats hashing for the handful of keys services have
  if (entries_.size() <= kScan) {
    if (match_case) {
      for (const auto& e : entries_)
        if (e.first == key) return &e.second;
      return nullptr;
    }
    if (folded_.size() == entries_.size()) {
      for (size_t i = 0; i < folded_heads_.size(); ++i)
        if (folded_heads_[i] == head && (head.Complete() || folded_keys_[i] == folded)) return &entries_[i].second;
      return nullptr;
    }
  }
  if (match_case || folded_.size() != entries_.size()) {
    // Exact first, as Find(); with case variants present the two orders could differ.
    if (auto it = exact_.find(key); it != exact_.end()) return &entries_[it->second].second;
    if (match_case) return nullptr;
  }
  if (auto it = folded_.find(folded); it != folded_.end()) return &entries_[it->second].second;
  return nullptr;
}

const std::string* Properties::FindKey(std::string_view key) const {
  if (auto it = exact_.find(std::string(key)); it != exact_.end()) return &entries_[it->second].first;
  if (auto it = folded_.find(ToLowerAscii(key)); it != folded_.end()) return &entries_[it->second].first;
  return nullptr;
}

std::optional<std::string> Properties::CaseVariant() const {
  if (folded_.size() == entries_.size()) return std::nullopt;
  std::unordered_map<std::string, size_t> seen;
  for (size_t k = 0; k < entries_.size(); ++k)
    if (!seen.emplace(ToLowerAscii(entries_[k].first), k).second) return entries_[seen[ToLowerAscii(entries_[k].first)]].first;
  return std::nullopt;
}

ordered_json Properties::ToJson() const {
  ordered_json o = ordered_json::object();
  for (const auto& [k, v] : entries_) o[k] = v.ToJson();
  return o;
}

}  // namespace cfgi::ldap
