#include "core/engine/engine.h"

#include <algorithm>
#include <functional>
#include <set>

namespace cfgi {

using nlohmann::ordered_json;

std::vector<std::string> Query::Values(std::string_view name) const {
  std::vector<std::string> out;
  for (const auto& [k, v] : flags)
    if (k == name) out.push_back(v);
  return out;
}

std::optional<std::string> Query::Value(std::string_view name) const {
  std::optional<std::string> out;
  for (const auto& [k, v] : flags)
    if (k == name) out = v;
  return out;
}

bool Query::Has(std::string_view name) const {
  return std::any_of(flags.begin(), flags.end(), [&](const auto& kv) { return kv.first == name; });
}

bool Engine::HasProfile(std::string_view p) const {
  const auto& ps = profiles();
  return std::any_of(ps.begin(), ps.end(), [&](const doc::Profile& x) { return x.name == p; });
}

const Engine* FindEngine(std::string_view name) {
  for (const Engine* e : Engines())
    if (e->name() == name) return e;
  return nullptr;
}

const Engine* DetectEngine(const Scenario& s) {
  if (!s.engine.empty())
    if (const Engine* e = FindEngine(s.engine)) return e;
  const Engine* best = FindEngine("document");
  int best_score = 0;
  for (const doc::Document& d : s.sources) {
    for (const Engine* e : Engines()) {
      int score = e->Detect(d);
      if (score > best_score) {
        best_score = score;
        best = e;
      }
    }
  }
  return best;
}

namespace {

// True when `expected` is a subset of `actual` or of one of its descendants: objects match when
// every expected key matches, arrays element-wise by position, scalars by equality (numbers
// compare by value).
bool SubsetAt(const ordered_json& actual, const ordered_json& expected) {
  if (expected.is_object()) {
    if (!actual.is_object()) return false;
    for (auto it = expected.begin(); it != expected.end(); ++it) {
      auto f = actual.find(it.key());
      if (f == actual.end() || !SubsetAt(*f, it.value())) return false;
    }
    return true;
  }
  if (expected.is_array()) {
    if (!actual.is_array() || actual.size() != expected.size()) return false;
    for (size_t i = 0; i < expected.size(); ++i)
      if (!SubsetAt(actual[i], expected[i])) return false;
    return true;
  }
  if (expected.is_number() && actual.is_number()) return expected.get<double>() == actual.get<double>();
  return actual == expected;
}

bool ContainsDeep(const ordered_json& actual, const ordered_json& expected) {
  if (SubsetAt(actual, expected)) return true;
  if (actual.is_structured())
    for (const auto& c : actual)
      if (ContainsDeep(c, expected)) return true;
  return false;
}

// The first array member of a result: the per-input list (subscriptions, requests, ...).
const ordered_json* InputList(const ordered_json& result) {
  if (!result.is_object()) return nullptr;
  for (const auto& [k, v] : result.items())
    if (v.is_array()) return &v;
  return nullptr;
}

void CheckExpect(const Scenario& s, const ordered_json& result, std::string_view profile,
                 doc::DiagnosticSink& sink) {
  if (!s.expect.is_seq()) return;
  int i = 0;
  for (const doc::Node& e : s.expect.items()) {
    std::string path = "expect[" + std::to_string(i++) + "]";
    if (!e.is_map()) {
      sink.Error("SCN003", e.range(), "an expectation is a map: {input, result} or {path, equals}", path);
      continue;
    }
    std::string only = e.GetString("profile");
    if (!only.empty() && only != profile) continue;
    if (const doc::Node* p = e.Get("path")) {
      ordered_json::json_pointer ptr;
      try {
        ptr = ordered_json::json_pointer(p->text());
      } catch (const std::exception&) {
        sink.Error("SCN005", p->range(), "'" + p->text() + "' is not a JSON pointer; write it as /a/0/b", path);
        continue;
      }
      const doc::Node* eq = e.Get("equals");
      if (!result.contains(ptr)) {
        sink.Error("SCN006", e.range(), "expected a value at " + p->text() + " but the result has none", path);
      } else if (eq && !SubsetAt(result.at(ptr), eq->ToOrderedJson())) {
        sink.Error("SCN006", eq->range(), "expected " + eq->ToOrderedJson().dump() + " at " + p->text() +
                   " but got " + result.at(ptr).dump(), path);
      }
      continue;
    }
    const doc::Node* want = e.Get("result");
    if (!want) {
      sink.Error("SCN003", e.range(), "an expectation needs 'result' (with optional 'input') or 'path'", path);
      continue;
    }
    const ordered_json* scope = &result;
    ordered_json picked;
    if (const doc::Node* in = e.Get("input")) {
      const ordered_json* list = InputList(result);
      auto idx = in->as_int();
      if (!list || !idx || *idx < 0 || static_cast<size_t>(*idx) >= list->size()) {
        sink.Error("SCN006", in->range(), "input " + in->text() + " does not exist in the result", path);
        continue;
      }
      picked = (*list)[static_cast<size_t>(*idx)];
      scope = &picked;
    }
    ordered_json w = want->ToOrderedJson();
    if (!ContainsDeep(*scope, w))
      sink.Error("SCN006", want->range(), "expected result " + w.dump() + " not found" +
                 (only.empty() ? "" : " (profile " + only + ")") + "; got " + scope->dump(), path);
  }
}

}  // namespace

Report RunScenario(const Engine& e, const Scenario& s, const Query& q, std::string_view profile, bool evaluate) {
  Report r = e.Run(s, q, profile, evaluate || !s.expect.is_null());
  std::vector<doc::Diagnostic> all = s.diagnostics;
  all.insert(all.end(), r.diagnostics.begin(), r.diagnostics.end());
  if (!s.expect.is_null() && s.envelope && q.flags.empty()) {
    doc::DiagnosticSink sink(s.envelope_source());
    CheckExpect(s, r.result, profile, sink);
    all.insert(all.end(), sink.list().begin(), sink.list().end());
  }
  doc::SortDiagnostics(all);  // by file, then position: the same order in the CLI, the app and the web hook
  r.diagnostics = std::move(all);
  if (!evaluate) r.result = ordered_json::object();
  return r;
}

namespace {
ordered_json DiagnosticsJson(const std::vector<doc::Diagnostic>& ds) {
  ordered_json a = ordered_json::array();
  for (const doc::Diagnostic& d : ds) {
    ordered_json j;
    j["code"] = d.code;
    j["severity"] = doc::SeverityName(d.severity);
    j["message"] = d.message;
    j["file"] = d.file;
    j["line"] = d.begin.line;
    j["column"] = d.begin.column;
    if (!d.path.empty()) j["path"] = d.path;
    a.push_back(std::move(j));
  }
  return a;
}
}  // namespace

ordered_json ReportJson(const Engine& e, std::string_view profile, const Report& r) {
  ordered_json j;
  j["engine"] = e.name();
  j["profile"] = profile;
  j["diagnostics"] = DiagnosticsJson(r.diagnostics);
  j["result"] = r.result;
  return j;
}

namespace {
void CollectLeaves(const ordered_json& j, const std::string& path, std::set<std::string>& out) {
  if (j.is_object() && !j.empty()) {
    for (auto it = j.begin(); it != j.end(); ++it) {
      std::string k = it.key();
      std::string esc;
      for (char c : k) esc += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
      CollectLeaves(it.value(), path + "/" + esc, out);
    }
  } else if (j.is_array() && !j.empty()) {
    for (size_t i = 0; i < j.size(); ++i) CollectLeaves(j[i], path + "/" + std::to_string(i), out);
  } else {
    out.insert(path);
  }
}
}  // namespace

ordered_json Divergences(const std::vector<std::pair<std::string, ordered_json>>& results) {
  std::set<std::string> leaves;
  for (const auto& [name, res] : results) CollectLeaves(res, "", leaves);
  ordered_json out = ordered_json::array();
  for (const std::string& leaf : leaves) {
    if (leaf.find("/trace") != std::string::npos || leaf.find("/explanation") != std::string::npos) continue;
    ordered_json::json_pointer ptr(leaf);
    ordered_json values = ordered_json::object();
    std::optional<ordered_json> first;
    bool differ = false;
    for (const auto& [name, res] : results) {
      ordered_json v = res.contains(ptr) ? res.at(ptr) : ordered_json();
      if (!first) first = v;
      else if (*first != v) differ = true;
      values[name] = v;
    }
    if (differ) out.push_back({{"path", leaf}, {"values", values}});
  }
  return out;
}

ordered_json AllProfilesJson(const Engine& e, const Scenario& s, const Query& q, bool evaluate) {
  ordered_json j;
  j["engine"] = e.name();
  j["profiles"] = ordered_json::object();
  std::vector<std::pair<std::string, ordered_json>> results;
  for (const doc::Profile& p : e.profiles()) {
    Report r = RunScenario(e, s, q, p.name, evaluate);
    ordered_json one = ReportJson(e, p.name, r);
    one.erase("engine");
    one.erase("profile");
    results.emplace_back(p.name, one["result"]);
    j["profiles"][p.name] = std::move(one);
  }
  j["divergences"] = Divergences(results);
  return j;
}

}  // namespace cfgi
