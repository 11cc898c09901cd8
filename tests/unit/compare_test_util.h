// Helpers of the per-engine typed comparison tests (*_compare_test.cpp): a sample loaded as the CLI
// loads it, inspected under every profile with or without the results' JSON, and a comparison
// written out whole (each leaf's path, answer, values and texts; each answer's leaves) so two
// comparisons are checked equal in one assertion.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>

#include "core/engine/engine.h"
#include "core/engine/scenario.h"

namespace cfgi::compare_test {

inline std::optional<std::string> ReadAt(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// samples/<engine>/<name>, its references read relative to it, as the CLI reads it.
inline std::shared_ptr<Scenario> LoadSample(const std::string& engine, const std::string& name) {
  const std::string path = std::string(CFGI_SOURCE_DIR) + "/samples/" + engine + "/" + name;
  std::optional<std::string> text = ReadAt(path);
  EXPECT_TRUE(text.has_value()) << path;
  auto s = std::make_shared<Scenario>(LoadScenario({{path, text.value_or("")}}, [](const std::string& scen, const std::string& rel) {
    return ReadAt(scen.substr(0, scen.rfind('/') + 1) + rel);
  }));
  SelectEngine(s.get(), EngineRequest{engine, ""});
  return s;
}

inline Inspection InspectSample(const Engine& e, std::shared_ptr<const Scenario> s, bool result_json) {
  InspectOptions o;
  o.result_json = result_json;
  return Inspect(e, std::move(s), Query{}, o);
}

inline std::string ComparisonText(const Comparison& c) {
  std::string out;
  auto put = [&](const char* what, const Divergence& d) {
    out += std::string(what) + " " + d.path + " -> " + d.answer + " " + d.values.dump() + " |";
    for (const auto& [p, t] : d.texts) out += " " + p + "=" + t;
    out += "\n";
  };
  for (const Divergence& d : c.divergences) put("leaf", d);
  for (const Divergence& d : c.settings) put("setting", d);
  for (const DifferingAnswer& a : c.answers) {
    out += "answer " + a.path + ":";
    for (size_t i : a.divergences) out += " " + std::to_string(i);
    out += "\n";
  }
  return out;
}

// The JSON fallback's comparison of the inspection's results (each serialised whole).
inline Comparison JsonComparison(const Engine& e, const Inspection& in) {
  std::vector<ComparedResult> all;
  for (const Report& r : in.reports) all.push_back({r.profile, r.typed.get(), nullptr});
  return CompareResultsJson(e, all);
}

}  // namespace cfgi::compare_test
