// core/engine/engine.h: the engine contract every engine implements and the CLI, the app's
// worker and the tests use the same way (docs/architecture.md "The engine contract"):
//
//   Load      scenario + query  -> the engine's typed, compiled EngineModel (with its diagnostics)
//   Evaluate  EngineModel + profile   -> the engine's typed EngineResult (and, when asked, its explanation)
//   ToJson    EngineResult            -> the CLI contract's "result" (docs/architecture.md "The CLI's JSON")
//
//   const Engine* e = DetectEngine(scenario);
//   std::unique_ptr<EngineModel> m = e->Load(scenario, query, Mode::kEvaluate);   // once per edit
//   doc::Explanation why;
//   std::unique_ptr<EngineResult> r = m->Evaluate("grpc-core", &why);             // per profile
//   nlohmann::ordered_json j = r->ToJson();
//
// Each engine derives its own EngineModel and EngineResult (policy::PolicyModel, txt::TxtResult, ...) with
// typed accessors; a view casts the document's model and results to them (ModelAs / ResultAs)
// and only draws. Inspect() runs the whole pipeline (load once, evaluate each profile, compare
// the profiles) and is what the CLI and the app's worker call.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/doc/diagnostic.h"
#include "core/doc/explanation.h"
#include "core/engine/build_count.h"
#include "core/engine/compare.h"
#include "core/engine/coverage.h"
#include "core/engine/profile.h"
#include "core/engine/scenario.h"

namespace cfgi {

// An engine's typed query: what one evaluation asks of a loaded scenario (policy::Query: the
// dataplane, the resources, the client). Each engine that has query flags defines one and parses
// it once from the flags (Engine::ParseQuery); views and tests build it directly.
class EngineQuery {
 public:
  virtual ~EngineQuery() = default;
};

// A query as it arrives: the CLI's engine-specific flags (`--params k=v`, `--language java`),
// values in command-line order, or an engine's typed query built by a view or a test. When
// `typed` is set it is the whole question and `flags` are not read.
struct Query {
  std::vector<std::pair<std::string, std::string>> flags;
  std::shared_ptr<const EngineQuery> typed;
  std::vector<std::string> Values(std::string_view name) const;
  std::optional<std::string> Value(std::string_view name) const;  // the last one given
  bool Has(std::string_view name) const;
  bool empty() const { return flags.empty() && !typed; }
};

// Returns the typed query of engine type T: `q.typed` when it is a T, else T parsed from the flags
// by `parse` (T's ParseQuery). Held by `storage` when parsed.
template <typename T, typename Parse>
const T& TypedQuery(const Query& q, std::optional<T>& storage, Parse parse) {
  if (const auto* t = dynamic_cast<const T*>(q.typed.get())) return *t;
  storage.emplace(parse(q));
  return *storage;
}

// What a flag's value is. kFileOrJson: a path the CLI reads (the engine finds it as a source by
// that name) or inline JSON (first character '{' or '[').
enum class FlagValue { kNone, kText, kFileOrJson };

struct QueryFlag {
  std::string name;   // without dashes
  std::string value;  // value placeholder for --help ("k=v,..."); empty = the flag takes no value
  std::string help;
  bool repeatable = false;
  FlagValue kind() const { return value.empty() ? FlagValue::kNone : file_or_json ? FlagValue::kFileOrJson : FlagValue::kText; }
  bool file_or_json = false;  // set by the engine: the value names a file or holds inline JSON
};

// What the caller wants from a load: kCheck (`check`: the diagnostics) or kEvaluate (`eval`, the
// app: the result for the scenario's inputs, or for the query's when it has input flags). Some
// findings exist only in one mode (a check of a mesh looks at every dataplane; coverage notes
// need evaluated requests).
enum class Mode { kCheck, kEvaluate };

// Check mode, decided here and nowhere else: every caller (the CLI's subcommands, RunScenario,
// AllProfilesJson, Inspect) asks these two, and an engine receives the answer as its Load's mode.
// The mode a CLI command asks for: "eval" is kEvaluate; "check" (and any other name) kCheck.
Mode CommandMode(std::string_view command);
// What an inspection asked for in `asked` mode does with scenario `s` under query `q`:
//   asked      s has `expect`   load        results
//   kEvaluate  either           kEvaluate   yes
//   kCheck     no               kCheck      no (each result is the empty object)
//   kCheck     yes              kEvaluate   no
// `expect` entries are checked against results, so a check of a scenario that has them still
// loads to evaluate. They are checked (check_expect), in either mode, when they come from a
// scenario envelope and the caller's query is empty (a query asks another question than the
// one the entries answer).
struct ModeDecision {
  Mode load = Mode::kEvaluate;  // the engine's Load (EngineModel::mode)
  bool results = true;          // reports carry the engine's results and profiles are compared;
                                // false: each report's result is the empty object
  bool check_expect = false;    // the scenario's `expect` entries are checked (CheckExpect)
};
ModeDecision DecideMode(Mode asked, const Scenario& s, const Query& q);

// The engine's typed result of one evaluation under one profile.
class EngineResult {
 public:
  virtual ~EngineResult() = default;
  // The CLI contract's "result" for this profile (an empty object in kCheck mode).
  virtual nlohmann::ordered_json ToJson() const = 0;
  std::string profile;
  std::vector<doc::Diagnostic> diagnostics;  // what this profile's evaluation found
};

class Engine;

// One profile's result as the profile comparison receives it (Engine::CompareResults).
struct ComparedResult {
  std::string profile;
  const EngineResult* typed = nullptr;          // never null
  const nlohmann::ordered_json* json = nullptr;  // typed->ToJson() when the caller built it, else null
};

// The shared JSON fallback of Engine::CompareResults: each result's JSON (the given one, else
// typed->ToJson(), made here and dropped on return) compared leaf by leaf by Compare (compare.h)
// with the engine's profile_settings() and answer_units(). What a typed comparison must equal.
Comparison CompareResultsJson(const Engine& e, const std::vector<ComparedResult>& results);

// The engine's typed, compiled model of one scenario and query. It may point into the
// Scenario's sources: keep the Scenario alive and in place while the EngineModel lives.
class EngineModel {
 public:
  virtual ~EngineModel() = default;
  // Evaluates under `profile` (one of the engine's profiles; unknown names mean the default).
  // `why` receives the explanation; null is the fast path. Never throws; thread-compatible (a
  // const EngineModel may be evaluated from one thread at a time).
  virtual std::unique_ptr<EngineResult> Evaluate(std::string_view profile, doc::Explanation* why = nullptr) const = 0;
  // Every item of the configuration the scenario's inputs can reach, marked reached or not by
  // `r` (one of this model's results): core/engine/coverage.h lists each engine's kinds. Empty
  // in kCheck mode and for engines without a notion of coverage (`test` counts it).
  virtual std::vector<CoverageItem> Coverage(const EngineResult& r) const {
    (void)r;
    return {};
  }

  const Engine* engine = nullptr;
  Mode mode = Mode::kEvaluate;
  std::vector<doc::Diagnostic> diagnostics;  // loading and profile-independent analysis
};

class Engine {
 public:
  virtual ~Engine() = default;
  // "variants", "matcher", "txt", "policy", "targeting", "document".
  virtual std::string_view name() const = 0;
  // First is the default (the engine's ProfileSet, profile.h).
  virtual const std::vector<doc::Profile>& profiles() const = 0;
  // How sure the engine is that a native document is its input: 0 = not mine, 100 = certain.
  virtual int Detect(const doc::Document& d) const = 0;
  virtual std::vector<QueryFlag> query_flags() const { return {}; }
  // The engine's typed query parsed from the CLI's flags (each value read once, here); null when
  // the engine has no typed query and reads `flags` itself. Load and Requery take either form.
  virtual std::shared_ptr<const EngineQuery> ParseQuery(const Query& flags) const {
    (void)flags;
    return nullptr;
  }
  // The textproto message types the engine reads, full names ("xds.type.matcher.v3.Matcher"): a
  // `# proto-message:` header naming one of them chooses this engine (docs/formats.md "How the
  // engine is chosen"). A bare name in a header matches the last component.
  virtual std::vector<std::string> proto_messages() const { return {}; }
  // For a Kubernetes object (a root with `apiVersion` and `kind`): false when the engine has no
  // use for this kind, so it is skipped with one summary note (ENG004) instead of a finding per
  // object (`kubectl get all -o yaml`, Kustomize output). The default uses every object.
  virtual bool UsesKubernetesObject(std::string_view api_version, std::string_view kind) const {
    (void)api_version;
    (void)kind;
    return true;
  }
  // JSON pointers of result fields that state a fact about each profile rather than its answer
  // for the input (the txt engine's "/lookup": whether that implementation queries TXT at all by
  // default). The profile comparison keeps them apart (Comparison::settings): they are shown
  // beside each profile's result and never counted as divergences.
  virtual std::vector<std::string> profile_settings() const { return {}; }
  // JSON pointers of the result's answers ("*" matches one segment): the comparison counts one
  // divergence per differing answer, the leaves under it are its detail (compare.h AnswerOf).
  // Default: none, so a leaf's answer is its first segment and the array index after it
  // ("/requests/3", "/choice", "/coverage").
  virtual std::vector<std::string> answer_units() const { return {}; }
  // Loads, compiles and analyses the scenario (the query's input flags replace the scenario's
  // inputs). Never throws and never returns null; problems are the model's diagnostics.
  virtual std::unique_ptr<EngineModel> Load(const Scenario& s, const Query& q, Mode mode) const = 0;
  // A model for another query over the same scenario (the same object, unchanged), sharing what
  // the query does not change with `previous` (one of this engine's models of `s`): the app's
  // dataplane switch on a large mesh re-parses and re-indexes nothing. The result equals
  // Load(s, q, mode)'s. Null (the default) when the engine cannot: the caller then calls Load.
  virtual std::unique_ptr<EngineModel> Requery(const EngineModel& previous, const Scenario& s, const Query& q,
                                               Mode mode) const {
    (void)previous;
    (void)s;
    (void)q;
    (void)mode;
    return nullptr;
  }

  // A differing answer's name as a person reads it ("request 0 (GET /api)", "MeshTimeout: the rule
  // for MeshService backend"), from `r`, one of the results compared (the first profile's): the
  // CLI's text heads each differing answer with it. Default: ReadablePointer(answer).
  virtual std::string AnswerTitle(std::string_view answer, const EngineResult& r) const {
    (void)r;
    return ReadablePointer(answer);
  }

  // Sentences about where the profiles' typed results differ (Comparison::notes), given the
  // results in profile order and their comparison; an engine whose profiles are releases of one
  // product reads them as an upgrade report. Default: none.
  virtual std::vector<ComparisonNote> ExplainComparison(
      const std::vector<std::pair<std::string, const EngineResult*>>& results, const Comparison& c) const {
    (void)results;
    (void)c;
    return {};
  }

  // The profile comparison of this engine's results (Inspect's one call; Comparison, compare.h):
  // `results` in profile order, each with its typed result and, when the caller asked Inspect for
  // JSON (InspectOptions::result_json, or `expect` needed it), that result's ToJson(), else null.
  // The outcome is exactly CompareResultsJson's (the same divergences, paths, values and answers:
  // EngineContract.TypedComparisonEqualsJsonComparison checks it over every engine's samples).
  // Default: CompareResultsJson, the shared JSON fallback. An engine whose results are large
  // overrides it to decide typed what is the same in every profile and serialise only the rest
  // (the policy engine: policy::CompareTyped, policy_compare.cpp).
  virtual Comparison CompareResults(const std::vector<ComparedResult>& results) const;

  // The engine's typed detail of the comparison (Comparison::detail), made on the worker right
  // after it from the typed results in profile order, for a view to draw without comparing again.
  // Default: null.
  virtual std::shared_ptr<const ComparisonDetail> CompareDetail(
      const std::vector<std::pair<std::string, const EngineResult*>>& results, const Comparison& c) const {
    (void)results;
    (void)c;
    return nullptr;
  }

  // Whether the engine reads `d` beside the sources it was chosen for, though `d` alone does not
  // choose it (a targeting configuration map beside a manifest: any JSON object). GroupFiles
  // (core/engine/group.h) puts such a file in this engine's group instead of reporting it as
  // read by nobody. The default: Detect(d) > 0.
  virtual bool ReadsAlongside(const doc::Document& d) const { return Detect(d) > 0; }

  // The profile that fits the scenario when nobody named one (DESIGN.md "Profiles follow
  // releases": an Envoy config is judged as Envoy). The default: profiles()[0]. The matcher
  // engine answers "envoy" for Envoy-shaped sources (a bootstrap, a listener, a config_dump).
  // Always one of profiles(). Callers use ChooseProfile, which asks this last.
  virtual std::string DefaultProfileFor(const Scenario& s) const {
    (void)s;
    return profiles().front().name;
  }

  // A profile's name or one of its aliases (profile.h).
  bool HasProfile(std::string_view p) const;
  // The profile's own name for `p` (an alias resolves to its profile; "kuma" -> "kuma-2.14");
  // `p` itself when the engine has no such profile. Results and reports carry this name.
  std::string CanonicalProfile(std::string_view p) const;
};

// A view's typed access: the engine's own EngineModel / EngineResult type, or null for another engine's.
template <typename T>
const T* ModelAs(const EngineModel* m) { return dynamic_cast<const T*>(m); }
template <typename T>
const T* ResultAs(const EngineResult* r) { return dynamic_cast<const T*>(r); }

// All engines (variants, matcher, txt, policy, targeting), then the plain document engine.
const std::vector<const Engine*>& Engines();
const Engine* FindEngine(std::string_view name);
// What the user asked for when the engine is chosen.
struct EngineRequest {
  std::string engine;   // `--engine NAME`, the app's engine switch; empty: choose by the rules
  std::string profile;  // `--profile P`: a profile only one engine has implies that engine
};

// The engine for a scenario, by the first rule that decides (docs/formats.md "How the engine is
// chosen"): 1. the request's engine; 2. the scenario's `engine:`; 3. a textproto source's
// `# proto-message:` header (the engine whose proto_messages() has it); 4. a profile only one
// engine has; 5. the best Detect() score over the sources (the first engine on a tie); 6. none:
// the document engine, with ENG001 on every source. The diagnostics are the choice's findings:
// ENG001 (nothing recognised), ENG002 (an empty source), ENG003 (a header naming a message no
// engine reads), SCN007 (a scenario without sources).
struct EngineChoice {
  const Engine* engine = nullptr;  // null only when the request names no engine
  std::string rule;                // "request", "scenario", "proto-message", "profile", "content", "none"
  std::vector<doc::Diagnostic> diagnostics;
};
EngineChoice ChooseEngine(const Scenario& s, const EngineRequest& r = {});

// True when the scenario already holds a warning or an error about the source `file` that came
// with it rather than from reading it: a live source's answer without records (LIVE003
// NXDOMAIN, LIVE002 timeout, LIVE001 refused) is all comments, and its LIVE diagnostic says why.
// ChooseEngine then adds no ENG002 ("the file is empty") for that source. The one rule for the
// CLI and the app: both add a live source's diagnostics to Scenario::diagnostics before
// SelectEngine (tests: EngineChoiceTest.EmptySourceExplainedByItsOwnDiagnostic,
// LiveDnsTest.NxdomainAndNoTxt, the gui_live test's NXDOMAIN step).
bool EmptySourceExplained(const Scenario& s, std::string_view file);

// ChooseEngine, then readies the scenario for that engine: the choice's diagnostics are added to
// s->diagnostics, and Kubernetes objects of kinds the engine does not use are removed from the
// sources with one ENG004 note per scenario. Null only when the request names no engine. What
// the CLI and the app's worker call before Inspect. `rule` (optional) receives EngineChoice::rule.
const Engine* SelectEngine(Scenario* s, const EngineRequest& r = {}, std::string* rule = nullptr);

// The profile to run, the one rule for the CLI and the app: `requested` (--profile, the app's
// selector; returned as given, "all" included: the caller rejects names the engine lacks), else
// the scenario's `profile:`, else the first of `configured` the engine has (the project file's
// path rule, then its `profile:`), else e.DefaultProfileFor(s).
std::string ChooseProfile(const Engine& e, const Scenario& s, std::string_view requested,
                          const std::vector<std::string>& configured = {});

// ChooseEngine(s).engine: the engine the rules choose with nothing requested.
const Engine* DetectEngine(const Scenario& s);

// The outcome of one `expect` entry under one profile (the scenario's expectations, checked by
// Inspect; a failure is also an SCN003 / SCN005 / SCN006 diagnostic). What `test` prints.
struct ExpectCheck {
  size_t index = 0;         // expect[index]
  std::string only_profile; // the entry's `profile:` ("" = none: every profile evaluated)
  bool passed = false;
  std::string what;         // "input 0 result {...}", "/requests/0/actions equals [...]"
  std::string expected;     // JSON text; empty when the entry is malformed
  std::string got;          // JSON text of what the result has there ("" when nothing)
  std::string code;         // a failure's diagnostic code (SCN003, SCN005, SCN006)
  std::string message;      // a failure's diagnostic message
  doc::Position at;         // the entry's position in the scenario file
};

// One profile of an inspection: the typed result and what the CLI and the app show of it.
struct Report {
  std::string profile;
  std::shared_ptr<const EngineModel> model;   // keeps `typed` valid (it may point into the model)
  std::shared_ptr<const EngineResult> typed;  // null only in a default-constructed Report
  // The scenario's, the model's and the result's diagnostics and the `expect` checks, sorted by
  // file and position (the same order in the CLI, the app and the web hook).
  std::vector<doc::Diagnostic> diagnostics;
  // What the suppressions silenced (core/doc/suppress.h), in the same order; not in `diagnostics`
  // and not counted by the exit status. SUP001 notes for unused suppressions are in `diagnostics`.
  std::vector<doc::SuppressedDiagnostic> suppressed;
  // typed->ToJson() when the caller asked for it (InspectOptions::result_json) or `expect`
  // needed it (result_json_built); an empty object in kCheck mode (built too). Otherwise empty:
  // ResultJson() serialises the typed result then.
  nlohmann::ordered_json result = nlohmann::ordered_json::object();
  bool result_json_built = false;
  // `result` when built, else typed->ToJson() (an export, the app's test hook: made when asked).
  nlohmann::ordered_json ResultJson() const;
  doc::Explanation explanation;
  // Every `expect` entry checked under this profile (those naming another profile are not),
  // in file order; empty when the scenario has none or query flags replaced its inputs.
  std::vector<ExpectCheck> expectations;
};

// Load once, evaluate each profile, compare them: the one pipeline behind `check`, `eval`, the
// app's worker and the web hook.
struct Inspection {
  std::shared_ptr<const Scenario> scenario;
  const Engine* engine = nullptr;
  std::shared_ptr<const EngineModel> model;
  std::vector<Report> reports;  // per profile asked, in the engine's order
  Comparison comparison;        // where the reports' results differ (empty for one profile)
  bool cancelled = false;       // InspectOptions::cancelled stopped it: incomplete, drop it

  const Report* Find(std::string_view profile) const;
};

struct InspectOptions {
  Mode mode = Mode::kEvaluate;
  std::vector<std::string> profiles;  // empty = every profile of the engine
  bool explain = true;                // fill Report::explanation
  // Fill Report::result with each result's JSON: only the edge asks (the CLI's JSON output,
  // AllProfilesJson, RunScenario, the web hook, the app's generic view). False (the default):
  // no result is serialised unless the scenario's `expect` entries need it (they are checked
  // against the JSON), and the profiles are compared typed (Engine::CompareResults): the app's
  // worker, whose views draw the typed results, the CLI's text and SARIF output, `test`, the
  // language server. Report::ResultJson() still serialises one result when asked (an export).
  bool result_json = false;
  // The caller's suppressions (--suppress, the project file's, the app's per-document switch),
  // applied with the scenario's own (Scenario::suppressions) to every report.
  std::vector<doc::Suppression> suppressions;
  // Long inspections (the app's worker): `progress` is told each step as it starts ("load",
  // "evaluate kuma", "compare profiles") with the fraction done, 0..1; `cancelled` is asked
  // between steps, and when it returns true Inspect stops and returns what it has with
  // Inspection::cancelled set (the caller drops it). Both may be empty. No threads in core: the
  // caller decides where they run.
  std::function<void(std::string_view step, float fraction)> progress;
  std::function<bool()> cancelled;
  // A model of the same scenario object under an earlier query (the app's query change with the
  // texts unchanged): Inspect asks Engine::Requery first, and Loads only when it returns null.
  std::shared_ptr<const EngineModel> previous;
};
Inspection Inspect(const Engine& e, std::shared_ptr<const Scenario> s, const Query& q, const InspectOptions& o);

// Names each differing answer of `c` (Engine::AnswerTitle over `first`, the first profile's typed
// result; ReadablePointer without one) and groups `profiles` by what they answer
// (GroupByAgreement): DifferingAnswer::title and ::groups. Inspect does it with every comparison;
// a comparison made elsewhere (the live Kuma one) calls it before it is shown.
void DescribeAnswers(const Engine* e, const EngineResult* first, const std::vector<std::string>& profiles, Comparison& c);

// `check` / `eval` of one profile (Inspect with one profile, its Report::result built: the
// result's JSON; an empty object for `check`).
Report RunScenario(const Engine& e, const Scenario& s, const Query& q, std::string_view profile, bool evaluate,
                   const std::vector<doc::Suppression>& suppressions = {});

// The CLI's diagnostics array: [{code, severity, message, file, line, column, path}] (every
// diagnostic has all seven; path is "" when it has none). The one place diagnostics become JSON.
nlohmann::ordered_json DiagnosticsJson(const std::vector<doc::Diagnostic>& ds);
// The CLI's "suppressed" object: {"count": N} and, when `list`, "diagnostics": the silenced
// findings as DiagnosticsJson writes them, each with "suppression": {"origin", "kind" (SARIF's
// inSource / external), "reason"}.
nlohmann::ordered_json SuppressedJson(const std::vector<doc::SuppressedDiagnostic>& ds, bool list);

// The JSON document the CLI prints for one profile (and the web test hook's state()).
nlohmann::ordered_json ReportJson(const Engine& e, std::string_view profile, const Report& r);
// The comparison's part of the CLI's JSON, added to `into`: "divergences" (the leaves, {"path",
// "values"}), "differing_answers" ({"path", "leaves"}: its length is the count), and when present
// "profile_settings" and "notes". The one place a comparison becomes JSON.
void AddComparisonJson(const Comparison& c, nlohmann::ordered_json& into);
// For every profile: {"engine", "profiles": {name: {...}}, ...AddComparisonJson}.
// A profile whose suppressions silenced something also has "suppressed" (SuppressedJson, listed
// when `list_suppressed`).
nlohmann::ordered_json AllProfilesJson(const Engine& e, const Scenario& s, const Query& q, bool evaluate,
                                       const std::vector<doc::Suppression>& suppressions = {},
                                       bool list_suppressed = false);

}  // namespace cfgi
