#include "core/engine/engine.h"

#include <algorithm>
#include <functional>
#include <atomic>
#include <set>

#include "core/doc/utf8.h"

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
  return std::any_of(ps.begin(), ps.end(), [&](const doc::Profile& x) {
    return x.name == p || std::find(x.aliases.begin(), x.aliases.end(), p) != x.aliases.end();
  });
}

std::string Engine::CanonicalProfile(std::string_view p) const {
  for (const doc::Profile& x : profiles())
    if (x.name == p || std::find(x.aliases.begin(), x.aliases.end(), p) != x.aliases.end()) return x.name;
  return std::string(p);
}

const Engine* FindEngine(std::string_view name) {
  for (const Engine* e : Engines())
    if (e->name() == name) return e;
  return nullptr;
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

// Checks the scenario's `expect` entries against one profile's result: one outcome per entry
// that applies to the profile (for `test`), and an SCN003 / SCN005 / SCN006 diagnostic per
// failure (for `check`, the app and the web hook).
std::vector<ExpectCheck> CheckExpect(const Scenario& s, const ordered_json& result, std::string_view profile,
                                       doc::DiagnosticSink& sink, const Engine* engine) {
  std::vector<ExpectCheck> out;
  if (!s.expect.is_seq()) return out;
  size_t i = 0;
  const doc::Source* src = s.envelope_source();
  doc::DiagnosticSink::ScopedField list(&sink, "expect");
  for (const doc::Node& e : s.expect.items()) {
    ExpectCheck o;
    o.index = i;
    doc::DiagnosticSink::ScopedField at(&sink, "[" + std::to_string(i++) + "]");
    if (src) o.at = src->Locate(e.range().begin);
    auto fail = [&](const char* code, doc::SourceRange r, std::string msg) {
      doc::Diagnostic& d = sink.Error(code, r, std::move(msg));
      o.passed = false;
      o.code = d.code;
      o.message = d.message;
      o.at = d.begin;
      out.push_back(o);
    };
    if (!e.is_map()) {
      o.what = "(not a map)";
      fail("SCN003", e.range(), "an expectation is a map: {input, result} or {path, equals}");
      continue;
    }
    std::string only = e.GetString("profile");
    if (!only.empty() && engine) only = engine->CanonicalProfile(only);  // `profile: kuma` is kuma-2.14's
    if (!only.empty() && only != profile) continue;
    o.only_profile = only;
    if (const doc::Node* p = e.Get("path")) {
      o.what = p->text();
      ordered_json::json_pointer ptr;
      try {
        ptr = ordered_json::json_pointer(p->text());
      } catch (const std::exception&) {
        fail("SCN005", p->range(), "'" + p->text() + "' is not a JSON pointer; write it as /a/0/b");
        continue;
      }
      const doc::Node* eq = e.Get("equals");
      if (eq) {
        o.what += " equals";
        o.expected = eq->ToOrderedJson().dump();
      } else {
        o.what += " exists";
      }
      if (!result.contains(ptr)) {
        fail("SCN006", e.range(), "expected a value at " + p->text() + " but the result has none");
        continue;
      }
      o.got = result.at(ptr).dump();
      if (eq && !SubsetAt(result.at(ptr), eq->ToOrderedJson())) {
        fail("SCN006", eq->range(), "expected " + o.expected + " at " + p->text() + " but got " + o.got);
        continue;
      }
      o.passed = true;
      out.push_back(o);
      continue;
    }
    const doc::Node* want = e.Get("result");
    if (!want) {
      o.what = "(no result or path)";
      fail("SCN003", e.range(), "an expectation needs 'result' (with optional 'input') or 'path'");
      continue;
    }
    const ordered_json* scope = &result;
    ordered_json picked;
    ordered_json w = want->ToOrderedJson();
    o.expected = w.dump();
    o.what = "result";
    if (const doc::Node* in = e.Get("input")) {
      o.what = "input " + in->text() + " result";
      const ordered_json* list = InputList(result);
      auto idx = in->as_int();
      if (!list || !idx || *idx < 0 || static_cast<size_t>(*idx) >= list->size()) {
        fail("SCN006", in->range(), "input " + in->text() + " does not exist in the result");
        continue;
      }
      picked = (*list)[static_cast<size_t>(*idx)];
      scope = &picked;
    }
    o.got = scope->dump();
    if (!ContainsDeep(*scope, w)) {
      fail("SCN006", want->range(), "expected result " + o.expected + " not found" +
           (only.empty() ? "" : " (profile " + only + ")") + "; got " + o.got);
      continue;
    }
    o.passed = true;
    out.push_back(o);
  }
  return out;
}

}  // namespace


namespace {
std::atomic<uint64_t> g_model_builds{0};
}  // namespace

uint64_t ModelBuilds() { return g_model_builds.load(); }
void CountModelBuild() { g_model_builds.fetch_add(1); }
namespace {
std::atomic<uint64_t> g_cel_text_compiles{0};
}  // namespace
uint64_t CelTextCompiles() { return g_cel_text_compiles.load(); }
void CountCelTextCompile() { g_cel_text_compiles.fetch_add(1); }
namespace {
std::atomic<uint64_t> g_what_if_evaluations{0};
}  // namespace
uint64_t WhatIfEvaluations() { return g_what_if_evaluations.load(); }
void CountWhatIfEvaluation() { g_what_if_evaluations.fetch_add(1); }
namespace {
thread_local uint64_t t_evaluation_work = 0;
}  // namespace
uint64_t ThreadEvaluationWork() { return t_evaluation_work + doc::ThreadJsonTexts(); }
void CountEvaluationWork() { ++t_evaluation_work; }

const Report* Inspection::Find(std::string_view profile) const {
  std::string name = engine ? engine->CanonicalProfile(profile) : std::string(profile);
  for (const Report& r : reports)
    if (r.profile == name) return &r;
  return nullptr;
}

Mode CommandMode(std::string_view command) { return command == "eval" ? Mode::kEvaluate : Mode::kCheck; }

ModeDecision DecideMode(Mode asked, const Scenario& s, const Query& q) {
  ModeDecision d;
  d.results = asked == Mode::kEvaluate;
  d.load = d.results || !s.expect.is_null() ? Mode::kEvaluate : Mode::kCheck;
  d.check_expect = !s.expect.is_null() && s.envelope && q.empty();
  return d;
}

Inspection Inspect(const Engine& e, std::shared_ptr<const Scenario> s, const Query& q, const InspectOptions& o) {
  Inspection in;
  in.scenario = s;
  in.engine = &e;
  const ModeDecision mode = DecideMode(o.mode, *s, q);
  const bool evaluate = mode.results;
  const Mode load_mode = mode.load;
  auto step = [&](std::string_view name, float fraction) {
    if (o.progress) o.progress(name, fraction);
    return !(o.cancelled && o.cancelled());
  };
  std::vector<std::string> names;
  for (const std::string& n : o.profiles) {  // aliases evaluate once, under the canonical name
    std::string c = e.CanonicalProfile(n);
    if (std::find(names.begin(), names.end(), c) == names.end()) names.push_back(std::move(c));
  }
  if (names.empty())
    for (const doc::Profile& p : e.profiles()) names.push_back(p.name);
  // Steps: load, each profile, compare; the load counts as much as all profiles together.
  const float total = static_cast<float>(2 * names.size() + 1);
  if (!step("load", 0)) {
    in.cancelled = true;
    return in;
  }
  std::unique_ptr<EngineModel> model;
  if (o.previous && o.previous->engine == &e) model = e.Requery(*o.previous, *s, q, load_mode);
  if (!model) model = e.Load(*s, q, load_mode);
  model->engine = &e;
  model->mode = load_mode;
  in.model = std::move(model);
  for (const std::string& name : names) {
    if (!step("evaluate " + name, static_cast<float>(names.size() + in.reports.size()) / total)) {
      in.cancelled = true;
      return in;
    }
    Report r;
    r.profile = name;
    std::unique_ptr<EngineResult> typed = in.model->Evaluate(name, o.explain ? &r.explanation : nullptr);
    typed->profile = name;
    std::vector<doc::Diagnostic> all = s->diagnostics;
    all.insert(all.end(), in.model->diagnostics.begin(), in.model->diagnostics.end());
    all.insert(all.end(), typed->diagnostics.begin(), typed->diagnostics.end());
    const bool check_expect = mode.check_expect;
    if (load_mode == Mode::kEvaluate && (o.result_json || check_expect)) {
      r.result = typed->ToJson();
      r.result_json_built = true;
    }
    if (check_expect) {
      doc::DiagnosticSink sink(s->envelope_source());
      r.expectations = CheckExpect(*s, r.result, name, sink, &e);
      all.insert(all.end(), sink.list().begin(), sink.list().end());
    }
    // The one suppression mechanism (core/doc/suppress.h): the files' own, then the caller's.
    std::vector<doc::Suppression> sups = s->suppressions;
    sups.insert(sups.end(), o.suppressions.begin(), o.suppressions.end());
    if (!sups.empty()) {
      doc::SuppressionResult sr = doc::ApplySuppressions(std::move(all), sups);
      all = std::move(sr.kept);
      r.suppressed = std::move(sr.suppressed);
    }
    doc::SortDiagnostics(all);  // by file, then position: the same order in the CLI, the app and the web hook
    doc::CapRepeats(all);       // the one cap on repeated findings (diagnostic.h)
    r.diagnostics = std::move(all);
    if (!evaluate) {
      r.result = ordered_json::object();
      r.result_json_built = true;
    }
    r.typed = std::move(typed);
    r.model = in.model;
    in.reports.push_back(std::move(r));
  }
  if (evaluate && in.reports.size() > 1) {
    if (!step("compare profiles", static_cast<float>(2 * names.size()) / total)) {
      in.cancelled = true;
      return in;
    }
    std::vector<ComparedResult> results;
    for (const Report& r : in.reports)
      results.push_back({r.profile, r.typed.get(), r.result_json_built ? &r.result : nullptr});
    in.comparison = e.CompareResults(results);
    std::vector<std::pair<std::string, const EngineResult*>> typed;
    for (const Report& r : in.reports) typed.emplace_back(r.profile, r.typed.get());
    in.comparison.notes = e.ExplainComparison(typed, in.comparison);
    in.comparison.detail = e.CompareDetail(typed, in.comparison);
    std::vector<std::string> profiles;
    for (const Report& r : in.reports) profiles.push_back(r.profile);
    DescribeAnswers(&e, in.reports.front().typed.get(), profiles, in.comparison);
  }
  return in;
}

Comparison CompareResultsJson(const Engine& e, const std::vector<ComparedResult>& results) {
  std::vector<ordered_json> made(results.size());
  std::vector<std::pair<std::string, const ordered_json*>> json;
  for (size_t i = 0; i < results.size(); ++i) {
    const ordered_json* j = results[i].json;
    if (!j) {
      made[i] = results[i].typed->ToJson();
      j = &made[i];
    }
    json.emplace_back(results[i].profile, j);
  }
  return Compare(json, e.profile_settings(), e.answer_units());
}

Comparison Engine::CompareResults(const std::vector<ComparedResult>& results) const {
  return CompareResultsJson(*this, results);
}

ordered_json Report::ResultJson() const {
  if (result_json_built || !typed) return result;
  return typed->ToJson();
}

void DescribeAnswers(const Engine* e, const EngineResult* first, const std::vector<std::string>& profiles, Comparison& c) {
  for (DifferingAnswer& a : c.answers) {
    a.title = e && first ? e->AnswerTitle(a.path, *first) : ReadablePointer(a.path);
    a.groups = GroupByAgreement(c, a, profiles);
  }
}

Report RunScenario(const Engine& e, const Scenario& s, const Query& q, std::string_view profile, bool evaluate,
                   const std::vector<doc::Suppression>& suppressions) {
  InspectOptions o;
  o.suppressions = suppressions;
  o.mode = CommandMode(evaluate ? "eval" : "check");
  o.profiles = {std::string(profile)};
  o.result_json = true;  // the one profile's JSON report
  // The caller keeps `s` alive for the call; the Report's typed result may point into it.
  Inspection in = Inspect(e, std::shared_ptr<const Scenario>(&s, [](const Scenario*) {}), q, o);
  return std::move(in.reports.front());
}

ordered_json DiagnosticsJson(const std::vector<doc::Diagnostic>& ds) {
  ordered_json a = ordered_json::array();
  for (const doc::Diagnostic& d : ds) {
    ordered_json j;
    j["code"] = d.code;
    j["severity"] = doc::SeverityName(d.severity);
    j["message"] = d.message;
    doc::PutLocation(j, d.file, d.begin);
    j["path"] = d.path;
    if (!d.related.empty()) {
      ordered_json rel = ordered_json::array();
      for (const doc::Related& r : d.related) {
        ordered_json one = {{"message", r.message}};
        doc::PutLocation(one, r.file, r.begin);
        rel.push_back(std::move(one));
      }
      j["related"] = std::move(rel);
    }
    // Machine-applicable fixes (doc::Fix): each edit's 1-based start and end and its text.
    if (!d.fixes.empty()) {
      ordered_json fixes = ordered_json::array();
      for (const doc::Fix& f : d.fixes) {
        ordered_json edits = ordered_json::array();
        for (const doc::Edit& e : f.edits)
          edits.push_back({{"line", e.begin.line},
                           {"column", e.begin.column},
                           {"end_line", e.end.line},
                           {"end_column", e.end.column},
                           {"text", e.text}});
        fixes.push_back({{"title", f.title}, {"edits", std::move(edits)}});
      }
      j["fixes"] = std::move(fixes);
    }
    a.push_back(std::move(j));
  }
  return a;
}

ordered_json SuppressedJson(const std::vector<doc::SuppressedDiagnostic>& ds, bool list) {
  ordered_json j;
  j["count"] = ds.size();
  if (!list) return j;
  std::vector<doc::Diagnostic> plain;
  for (const auto& x : ds) plain.push_back(x.diagnostic);
  ordered_json a = DiagnosticsJson(plain);
  for (size_t i = 0; i < ds.size(); ++i)
    a[i]["suppression"] = {{"origin", doc::SuppressionOriginName(ds[i].by.origin)},
                           {"kind", doc::SarifSuppressionKind(ds[i].by.origin)},
                           {"reason", ds[i].by.reason}};
  j["diagnostics"] = std::move(a);
  return j;
}

ordered_json ReportJson(const Engine& e, std::string_view profile, const Report& r) {
  ordered_json j;
  j["engine"] = e.name();
  j["profile"] = profile;
  j["diagnostics"] = DiagnosticsJson(r.diagnostics);
  j["result"] = r.ResultJson();
  return j;
}

ordered_json AllProfilesJson(const Engine& e, const Scenario& s, const Query& q, bool evaluate,
                             const std::vector<doc::Suppression>& suppressions, bool list_suppressed) {
  InspectOptions o;
  o.suppressions = suppressions;
  o.mode = CommandMode(evaluate ? "eval" : "check");
  o.result_json = true;  // every profile's result is printed
  Inspection in = Inspect(e, std::shared_ptr<const Scenario>(&s, [](const Scenario*) {}), q, o);
  ordered_json j;
  j["engine"] = e.name();
  j["profiles"] = ordered_json::object();
  for (const Report& r : in.reports) {
    ordered_json one = ReportJson(e, r.profile, r);
    one.erase("engine");
    one.erase("profile");
    if (!r.suppressed.empty()) one["suppressed"] = SuppressedJson(r.suppressed, list_suppressed);
    j["profiles"][r.profile] = std::move(one);
  }
  AddComparisonJson(in.comparison, j);
  return j;
}

void AddComparisonJson(const Comparison& c, ordered_json& into) {
  into["divergences"] = c.ToJson();
  // The count: one per differing answer, each naming how many of the leaves above are its.
  into["differing_answers"] = c.AnswersJson();
  // Facts about each profile that differ (txt: whether it queries TXT by default): not divergences.
  if (!c.settings.empty()) into["profile_settings"] = c.SettingsJson();
  // What the divergences mean (the policy engine's upgrade report between Kuma releases).
  if (!c.notes.empty()) into["notes"] = c.NotesJson();
}

}  // namespace cfgi
