// core/variants/engine_text.h: what the variants engine's files share (not a public API): the
// JSON and text forms of parameters, selections and subscriptions that the diagnostics, the
// explanation and ResultJson all word the same way.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/doc/utf8.h"
#include "core/variants/variants_engine.h"

namespace cfgi::variants::internal {

inline nlohmann::ordered_json ParamsJson(const Params& p) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  for (const auto& [k, v] : p) j[k] = v;
  return j;
}

inline std::string ParamsJsonText(const Params& p) { return doc::JsonText(ParamsJson(p)); }

inline nlohmann::ordered_json IdsJson(const ResourceVariants* r, const std::vector<size_t>& idx) {
  nlohmann::ordered_json a = nlohmann::ordered_json::array();
  for (size_t i : idx) a.push_back(r->variants[i].Id());
  return a;
}

inline nlohmann::ordered_json SelectionJson(const std::string& name, const ResourceVariants* r, const Selection& sel) {
  nlohmann::ordered_json j;
  j["resource"] = name;
  j["matching"] = r ? IdsJson(r, sel.matching) : nlohmann::ordered_json::array();
  j["selected"] = sel.selected ? r->variants[*sel.selected].Id() : nlohmann::ordered_json();
  j["outcome"] = MatchKindName(sel.outcome);
  return j;
}

inline std::string VariantRef(const Variant& v) { return "variant " + v.IdText() + " (" + Render(v.constraint) + ")"; }

inline std::string SubRef(const Subscription& s) {
  return (s.name.empty() ? std::string("subscription ") : "subscription '" + s.name + "' ") + RenderParams(s.params);
}

}  // namespace cfgi::variants::internal
