// app/cli/query_flags.cpp: see query_flags.h.
#include "app/cli/query_flags.h"

#include <algorithm>
#include <fstream>

#include "app/cli/common.h"

namespace cfgi::cli {

namespace {

// `e`'s definition of `--name`; null when `e` does not define it.
std::optional<QueryFlag> Definition(const Engine& e, std::string_view name) {
  for (const QueryFlag& f : e.query_flags())
    if (f.name == name) return f;
  return std::nullopt;
}

// "the matcher engine", "the variants and policy engines".
std::string EngineList(const std::vector<const Engine*>& engines) {
  std::string out = "the ";
  for (size_t i = 0; i < engines.size(); ++i) {
    if (i > 0) out += i + 1 == engines.size() ? " and " : ", ";
    out += engines[i]->name();
  }
  return out + (engines.size() == 1 ? " engine" : " engines");
}

}  // namespace

std::vector<const Engine*> QueryFlagOwners(std::string_view name) {
  std::vector<const Engine*> owners;
  for (const Engine* e : Engines())
    if (Definition(*e, name)) owners.push_back(e);
  return owners;
}

bool IsQueryFlag(std::string_view name) { return !QueryFlagOwners(name).empty(); }

bool QueryFlagTakesValue(std::string_view name) {
  // Every owner agrees (tests/cli/query_flags_test.cpp), so "any owner" is "every owner".
  for (const Engine* e : QueryFlagOwners(name))
    if (!Definition(*e, name)->value.empty()) return true;
  return false;
}

std::string QueryFlagPlaceholder(std::string_view name) {
  std::vector<std::pair<std::string, std::string>> placeholders;  // (engine, placeholder)
  for (const Engine* e : QueryFlagOwners(name))
    placeholders.emplace_back(e->name(), Definition(*e, name)->value);
  if (placeholders.empty()) return "";
  bool agree = std::all_of(placeholders.begin(), placeholders.end(),
                           [&](const auto& p) { return p.second == placeholders[0].second; });
  if (agree) return placeholders[0].second;
  std::string out;
  for (const auto& [engine, placeholder] : placeholders)
    out += (out.empty() ? "" : " or ") + placeholder + " (" + engine + ")";
  return out;
}

std::optional<std::string> CheckQueryFlags(const Engine& e, const Query& q) {
  for (const auto& [name, value] : q.flags) {
    if (Definition(e, name)) continue;
    std::vector<const Engine*> owners = QueryFlagOwners(name);
    std::string read_as = e.name() == "document"
                              ? "these files were read as plain documents (no engine claims them)"
                              : "these files were read as " + std::string(e.name());
    if (owners.empty()) return "--" + name + " is not a flag of any engine; " + read_as;
    std::string choose = "; choose the engine with --engine " + std::string(owners[0]->name());
    for (size_t i = 1; i < owners.size(); ++i) choose += i + 1 == owners.size() ? " or " + std::string(owners[i]->name())
                                                                                 : ", " + std::string(owners[i]->name());
    return "--" + name + " belongs to " + EngineList(owners) + "; " + read_as + choose;
  }
  return std::nullopt;
}

bool IsFileValued(const QueryFlag& f) { return f.kind() == FlagValue::kFileOrJson; }

std::optional<std::string> ReadFileValuedQueryFlags(const Engine& e, const Query& q,
                                                    std::vector<InputFile>* inputs) {
  for (const auto& flag : q.flags) {
    // Not a structured binding: clang 14 (emscripten 3.1.6) cannot capture one in the lambda.
    const std::string& name = flag.first;
    const std::string& value = flag.second;
    std::optional<QueryFlag> f = Definition(e, name);
    if (!f || !IsFileValued(*f)) continue;
    bool listed =
        std::any_of(inputs->begin(), inputs->end(), [&](const InputFile& in) { return in.name == value; });
    if (listed || value.find_first_of("{[") == 0 || !std::ifstream(value).good()) continue;
    std::optional<std::string> text = ReadFile(value);
    if (!text) return value;
    inputs->push_back({value, std::move(*text)});
  }
  return std::nullopt;
}

}  // namespace cfgi::cli
