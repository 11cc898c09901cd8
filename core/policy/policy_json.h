// core/policy/policy_json.h: a merged conf (nlohmann::json, keys sorted) as the ordered JSON the
// results are built in, converted value by value (not printed and parsed again): keys keep the
// sorted order dump() would print, numbers keep their kind.
//
//   ordered_json j = policy::ToOrdered(rule.conf);
#pragma once

#include <nlohmann/json.hpp>

namespace cfgi::policy {

inline nlohmann::ordered_json ToOrdered(const nlohmann::json& j) {
  switch (j.type()) {
    case nlohmann::json::value_t::object: {
      nlohmann::ordered_json o = nlohmann::ordered_json::object();
      for (auto it = j.begin(); it != j.end(); ++it) o.emplace(it.key(), ToOrdered(it.value()));
      return o;
    }
    case nlohmann::json::value_t::array: {
      nlohmann::ordered_json a = nlohmann::ordered_json::array();
      for (const nlohmann::json& v : j) a.push_back(ToOrdered(v));
      return a;
    }
    case nlohmann::json::value_t::string: return j.get_ref<const std::string&>();
    case nlohmann::json::value_t::boolean: return j.get<bool>();
    case nlohmann::json::value_t::number_integer: return j.get<int64_t>();
    case nlohmann::json::value_t::number_unsigned: return j.get<uint64_t>();
    case nlohmann::json::value_t::number_float: return j.get<double>();
    case nlohmann::json::value_t::binary: return nlohmann::ordered_json::binary(j.get_binary());
    case nlohmann::json::value_t::discarded: return nlohmann::ordered_json(nlohmann::ordered_json::value_t::discarded);
    case nlohmann::json::value_t::null: return nullptr;
  }
  return nullptr;
}

}  // namespace cfgi::policy
