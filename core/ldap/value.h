// core/ldap/value.h: typed property values and property maps, the subset of CppMicroServices'
// `Any` / `AnyMap` that LDAP filters compare against.
//
// JSON maps to values as CppMicroServices' bundle manifest parser does
// (framework/src/bundle/BundleManifest.cpp, ParseJsonValue): strings stay strings, booleans
// bool, integers `int` (32 bits, wider numbers are truncated), other numbers `double`, arrays
// `std::vector<Any>`, objects nested maps, and null is no value at all (the key is dropped).
// Service registries add `long` values (service.id) and `std::vector<std::string>`
// (objectclass), which compare exactly like their C++ types.
//
//   Properties p;
//   p.Set("port", Value::Int(8080));
//   const Value* v = p.Find("PORT", /*match_case=*/false);   // finds "port"
#pragma once

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/doc/node.h"

namespace cfgi::ldap {

struct Value {
  // kInt is C++ `int` (32 bits), kLong is `long` on LP64 (64 bits), kStringList is
  // `std::vector<std::string>` (objectclass), kList is `std::vector<Any>`.
  enum class Kind { kEmpty, kString, kBool, kInt, kLong, kDouble, kStringList, kList, kMap };
  Kind kind = Kind::kEmpty;
  std::string s;
  bool b = false;
  int64_t i = 0;
  double d = 0;
  std::vector<Value> list;                            // kList, kStringList (strings)
  std::vector<std::pair<std::string, Value>> map;     // kMap (for display only)

  // Declared here, defaulted after the class: clang needs Value complete before it instantiates
  // std::pair<std::string, Value> for `map`.
  Value();
  Value(const Value&);
  Value(Value&&) noexcept;
  Value& operator=(const Value&);
  Value& operator=(Value&&) noexcept;
  ~Value();

  static Value String(std::string v);
  static Value Bool(bool v);
  static Value Int(int32_t v);
  static Value Long(int64_t v);
  static Value Double(double v);
  static Value StringList(const std::vector<std::string>& v);
  static Value List(std::vector<Value> v);

  // "string", "bool", "int", "long", "double", "string list", "list", "map", "empty"
  const char* type_name() const;
  // A short rendering for explanations: "\"abc\"", "8080", "true", "[\"a\", 2]".
  std::string ToString() const;
  nlohmann::ordered_json ToJson() const;
};

// Defined after the class: Value must be complete for vector<pair<string, Value>> (clang).
inline Value::Value() = default;
inline Value::Value(const Value&) = default;
inline Value::Value(Value&&) noexcept = default;
inline Value& Value::operator=(const Value&) = default;
inline Value& Value::operator=(Value&&) noexcept = default;
inline Value::~Value() = default;
inline Value Value::String(std::string v) { Value x; x.kind = Kind::kString; x.s = std::move(v); return x; }
inline Value Value::Bool(bool v) { Value x; x.kind = Kind::kBool; x.b = v; return x; }
inline Value Value::Int(int32_t v) { Value x; x.kind = Kind::kInt; x.i = v; return x; }
inline Value Value::Long(int64_t v) { Value x; x.kind = Kind::kLong; x.i = v; return x; }
inline Value Value::Double(double v) { Value x; x.kind = Kind::kDouble; x.d = v; return x; }
inline Value Value::List(std::vector<Value> v) { Value x; x.kind = Kind::kList; x.list = std::move(v); return x; }

// Converts a JSON value as BundleManifest.cpp does; nullopt for null (CppMicroServices drops
// the key). `truncated` is set when an integer did not fit in `int`.
std::optional<Value> ValueFromJson(const nlohmann::ordered_json& j, bool* truncated = nullptr);
std::optional<Value> ValueFromNode(const doc::Node& n, bool* truncated = nullptr);

// A lookup key's first 16 bytes (zero-padded) and its length, made once per key: two 8-byte
// comparisons decide a lookup without reading the key's characters, which a wasm32 std::string
// keeps on the heap past 10 bytes (libstdc++'s inline 15). Equal heads are equal keys up to 16
// bytes; longer keys are compared in full after their heads agree.
struct KeyHead {
  static constexpr size_t kBytes = 16;
  alignas(8) char bytes[kBytes] = {};
  uint32_t size = 0;
  static KeyHead Of(std::string_view s);
  bool operator==(const KeyHead& o) const {
    uint64_t a[2], b[2];
    std::memcpy(a, bytes, kBytes);
    std::memcpy(b, o.bytes, kBytes);
    return a[0] == b[0] && a[1] == b[1] && size == o.size;
  }
  // Equal heads are equal texts (no need to compare the characters).
  bool Complete() const { return size <= kBytes; }
};

// A property map with CppMicroServices' two lookups: exact (LDAPFilter::MatchCase) and
// case-insensitive (LDAPFilter::Match, service properties). Keys keep their insertion order.
class Properties {
 public:
  // Adds or replaces `key` (exact spelling). Returns false when it replaced a value.
  bool Set(std::string key, Value v);
  // The value for `key`; null when absent.
  const Value* Find(std::string_view key, bool match_case) const;
  // Find() without allocating: `folded` is ToLowerAscii(key), computed once by the caller
  // (compiled filters keep it per node).
  // `head` is KeyHead::Of(folded).
  const Value* FindPrepared(const std::string& key, const std::string& folded, const KeyHead& head,
                            bool match_case) const;
  // The stored spelling of `key` (case-insensitive lookup); empty when absent.
  const std::string* FindKey(std::string_view key) const;
  // The first key that another key repeats up to case ("Port" and "port"), if any:
  // CppMicroServices refuses such maps ("Properties contain case variants of the key").
  std::optional<std::string> CaseVariant() const;
  const std::vector<std::pair<std::string, Value>>& entries() const { return entries_; }
  size_t size() const { return entries_.size(); }
  nlohmann::ordered_json ToJson() const;

 private:
  std::vector<std::pair<std::string, Value>> entries_;
  std::vector<std::string> folded_keys_;  // parallel to entries_; small maps are scanned
  std::vector<KeyHead> folded_heads_;     // KeyHead::Of(folded_keys_[i])
  std::unordered_map<std::string, size_t> exact_;
  std::unordered_map<std::string, size_t> folded_;  // lower-case key -> first index
};

// ASCII lower-case, as CppMicroServices' LDAPExpr::ToLower (::tolower in the C locale).
std::string ToLowerAscii(std::string_view s);

}  // namespace cfgi::ldap
