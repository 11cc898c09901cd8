// The engine contract (core/engine/engine.h), checked over every engine of the registry
// (Engines()) with each engine's own samples (samples/<engine>/*.scenario.yaml, loaded as the
// CLI loads them: LoadScenario with a reader relative to the scenario, then SelectEngine). A new
// engine is covered without editing this file. What engine.h promises and this suite asserts:
//  - Load: "Never throws and never returns null; problems are the model's diagnostics."
//  - EngineModel::Evaluate: "`why` receives the explanation; null is the fast path" (no step
//    built, counted by doc::ThreadStepsBuilt; with one, the tree has steps for at least one
//    sample) and the same JSON each time.
//  - Inspect / RunScenario: "Load once, evaluate each profile": each Report::result equals a
//    fresh Evaluate's ToJson().
//  - Requery: "The result equals Load(s, q, mode)'s. Null (the default) when the engine cannot."
//  - InspectOptions::cancelled: "when it returns true Inspect stops and returns what it has with
//    Inspection::cancelled set (the caller drops it)".
//  - EngineModel::Coverage (coverage.h): the same items on every run, located in the sources.
//  - Diagnostics: every code is in the one table (core/doc/codes.h FindCode), every location is
//    a source of the scenario (or its envelope), line and column >= 1; every fix (doc::Fix)
//    edits the finding's own file, its edits in order and inside the text.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <fstream>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/doc/codes.h"
#include "core/doc/explanation.h"
#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "tests/unit/compare_test_util.h"

namespace cfgi {
namespace {

namespace fs = std::filesystem;

std::optional<std::string> ReadFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The samples of one engine, small enough for a unit test (the scale samples, whose sources
// together exceed 256 KiB, are the scale tests' business).
std::vector<fs::path> SamplesOf(std::string_view engine) {
  std::vector<fs::path> out;
  const fs::path dir = fs::path(CFGI_SOURCE_DIR) / "samples" / std::string(engine);
  if (!fs::is_directory(dir)) return out;
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string n = e.path().filename().string();
    if (n.size() > 14 && n.ends_with(".scenario.yaml")) out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// As the CLI reads a scenario: the envelope's references relative to the envelope.
std::shared_ptr<Scenario> LoadSample(const fs::path& p) {
  FileReader reader = [](const std::string& scenario_name, const std::string& rel) {
    return ReadFile(fs::path(scenario_name).parent_path() / rel);
  };
  return std::make_shared<Scenario>(LoadScenario({{p.string(), *ReadFile(p)}}, reader));
}

size_t SourceBytes(const Scenario& s) {
  size_t n = 0;
  for (const doc::Document& d : s.sources) n += d.source ? d.source->text().size() : 0;
  return n;
}

// The source named `file`, the envelope included; null when the scenario has none by that name.
const doc::Source* SourceNamed(const Scenario& s, const std::string& file) {
  for (const doc::Document& d : s.sources)
    if (d.source && d.source->name() == file) return d.source.get();
  if (s.envelope_source() && s.envelope_source()->name() == file) return s.envelope_source();
  return nullptr;
}

std::string Dump(const EngineResult& r) { return r.ToJson().dump(); }

std::string CoverageText(const std::vector<CoverageItem>& items) {
  std::string out;
  for (const CoverageItem& c : items)
    out += c.kind + "|" + c.key + "|" + c.file + ":" + std::to_string(c.line) + ":" + std::to_string(c.column) + "|" +
           (c.reached ? "1" : "0") + "\n";
  return out;
}

class EngineContract : public ::testing::TestWithParam<const Engine*> {
 protected:
  struct Sample {
    fs::path path;
    std::shared_ptr<Scenario> scenario;
  };
  // This engine's samples, each loaded and given to SelectEngine as the CLI does.
  std::vector<Sample> Samples() const {
    std::vector<Sample> out;
    const Engine& e = *GetParam();
    for (const fs::path& p : SamplesOf(e.name())) {
      auto s = LoadSample(p);
      if (SourceBytes(*s) > 256 * 1024) continue;
      EXPECT_EQ(SelectEngine(s.get(), EngineRequest{std::string(e.name()), ""}), &e) << p;
      out.push_back({p, s});
    }
    return out;
  }
  void SetUp() override {
    if (SamplesOf(GetParam()->name()).empty())
      GTEST_SKIP() << "engine " << GetParam()->name() << " has no samples/" << GetParam()->name() << "/";
  }
};

// 1. Load gives a model; every profile's result JSON is the same on a second evaluation and
// equals what Inspect and RunScenario report for that profile.
TEST_P(EngineContract, LoadEvaluateStableAndInspectAgrees) {
  const Engine& e = *GetParam();
  for (const Sample& s : Samples()) {
    SCOPED_TRACE(s.path.string());
    std::unique_ptr<EngineModel> m = e.Load(*s.scenario, Query{}, Mode::kEvaluate);
    ASSERT_NE(m, nullptr);
    InspectOptions o;
    o.result_json = true;  // compares Report::result
    Inspection in = Inspect(e, s.scenario, Query{}, o);
    EXPECT_FALSE(in.cancelled);
    ASSERT_EQ(in.reports.size(), e.profiles().size());
    for (const doc::Profile& p : e.profiles()) {
      SCOPED_TRACE(p.name);
      std::unique_ptr<EngineResult> a = m->Evaluate(p.name), b = m->Evaluate(p.name);
      ASSERT_NE(a, nullptr);
      ASSERT_NE(b, nullptr);
      const std::string ja = Dump(*a);
      EXPECT_EQ(ja, Dump(*b));
      // Inspect explains by default (InspectOptions::explain), and an explained result may carry
      // its trace in the JSON (matcher's "trace"): compare it with an explained evaluation.
      doc::Explanation why;
      const std::string jw = Dump(*m->Evaluate(p.name, &why));
      const Report* r = in.Find(p.name);
      ASSERT_NE(r, nullptr);
      EXPECT_EQ(r->result.dump(), jw);
      EXPECT_EQ(RunScenario(e, *s.scenario, Query{}, p.name, true).result.dump(), jw);
    }
  }
}

// 1b. Every differing answer of the comparison comes described (DescribeAnswers, made with the
// comparison on the worker): its title is the engine's name for it and its groups are
// GroupByAgreement's, every profile in exactly one group; what the CLI's text and the app's
// Profiles tables read without computing.
TEST_P(EngineContract, DifferingAnswersComeNamedAndGrouped) {
  const Engine& e = *GetParam();
  for (const Sample& s : Samples()) {
    SCOPED_TRACE(s.path.string());
    Inspection in = Inspect(e, s.scenario, Query{}, InspectOptions{});
    std::vector<std::string> profiles;
    for (const Report& r : in.reports) profiles.push_back(r.profile);
    for (const DifferingAnswer& a : in.comparison.answers) {
      SCOPED_TRACE(a.path);
      EXPECT_EQ(a.title, e.AnswerTitle(a.path, *in.reports.front().typed));
      EXPECT_FALSE(a.title.empty());
      const std::vector<AnswerGroup> g = GroupByAgreement(in.comparison, a, profiles);
      ASSERT_EQ(a.groups.size(), g.size());
      EXPECT_GE(a.groups.size(), 2u);  // it differs: at least two groups of profiles
      size_t members = 0;
      for (size_t i = 0; i < g.size(); ++i) {
        EXPECT_EQ(a.groups[i].profiles, g[i].profiles);
        EXPECT_EQ(a.groups[i].fields, g[i].fields);
        members += g[i].profiles.size();
      }
      EXPECT_EQ(members, profiles.size());
    }
  }
}

using compare_test::ComparisonText;  // each divergence, setting and differing answer, in order

// 1c. The profile comparison is the engine's (Engine::CompareResults: typed for policy, the
// shared JSON fallback CompareResultsJson for the others) and equals the comparison of the
// results' full JSON exactly: the same leaves with the same pointers, answers, values and texts,
// the same count. Inspect without result_json serialises no result (no sample here has `expect`
// entries that would need it... those that do keep it) and compares the same.
TEST_P(EngineContract, TypedComparisonEqualsJsonComparison) {
  const Engine& e = *GetParam();
  size_t compared = 0, differing = 0;
  for (const Sample& s : Samples()) {
    SCOPED_TRACE(s.path.string());
    InspectOptions typed_only;  // the default: no result JSON
    InspectOptions json_too;
    json_too.result_json = true;
    Inspection in = Inspect(e, s.scenario, Query{}, typed_only);
    Inspection with_json = Inspect(e, s.scenario, Query{}, json_too);
    ASSERT_EQ(in.reports.size(), with_json.reports.size());
    std::vector<ComparedResult> typed, json;
    for (size_t i = 0; i < in.reports.size(); ++i) {
      const Report& r = in.reports[i];
      // No JSON unless the scenario's `expect` needed it; ResultJson() still gives the CLI's.
      EXPECT_EQ(r.result_json_built, !s.scenario->expect.is_null()) << r.profile;
      if (!r.result_json_built) EXPECT_EQ(r.result, nlohmann::ordered_json::object()) << r.profile;
      EXPECT_EQ(r.ResultJson().dump(), with_json.reports[i].result.dump()) << r.profile;
      typed.push_back({r.profile, r.typed.get(), nullptr});
      json.push_back({r.profile, r.typed.get(), &with_json.reports[i].result});
    }
    const std::string want = ComparisonText(CompareResultsJson(e, json));
    EXPECT_EQ(ComparisonText(e.CompareResults(typed)), want);
    EXPECT_EQ(ComparisonText(in.comparison), want);
    EXPECT_EQ(ComparisonText(with_json.comparison), want);
    EXPECT_EQ(in.comparison.size(), with_json.comparison.size());
    ++compared;
    differing += in.comparison.size();
  }
  EXPECT_GT(compared, 0u);
  // Not vacuous: an engine with several profiles has a sample on which they differ.
  if (e.profiles().size() > 1) EXPECT_GT(differing, 0u) << e.name();
}

// 2. A null `why` builds no explanation and changes no answer; a non-null one gets steps for at
// least one sample. (tests/unit/engine_why_test.cpp checks each engine's explanation fields.)
TEST_P(EngineContract, ExplanationOnlyWhenAsked) {
  const Engine& e = *GetParam();
  bool some_steps = false;
  for (const Sample& s : Samples()) {
    SCOPED_TRACE(s.path.string());
    std::unique_ptr<EngineModel> m = e.Load(*s.scenario, Query{}, Mode::kEvaluate);
    for (const doc::Profile& p : e.profiles()) {
      doc::Explanation why;
      uint64_t before = doc::ThreadStepsBuilt();
      std::unique_ptr<EngineResult> plain = m->Evaluate(p.name, nullptr);
      EXPECT_EQ(doc::ThreadStepsBuilt() - before, 0u) << p.name << ": steps built under a null why";
      before = doc::ThreadStepsBuilt();
      std::unique_ptr<EngineResult> explained = m->Evaluate(p.name, &why);
      if (!why.children.empty()) {
        some_steps = true;
        EXPECT_GT(doc::ThreadStepsBuilt() - before, why.children.size()) << p.name;
      }
      EXPECT_EQ(plain->diagnostics.size(), explained->diagnostics.size()) << p.name;
    }
    // Inspect without `explain` fills no explanation and builds no step (load, every profile,
    // the comparison).
    InspectOptions o;
    o.explain = false;
    const uint64_t before = doc::ThreadStepsBuilt();
    Inspection in = Inspect(e, s.scenario, Query{}, o);
    EXPECT_EQ(doc::ThreadStepsBuilt() - before, 0u) << "steps built by an Inspect without explain";
    for (const Report& r : in.reports) {
      EXPECT_TRUE(r.explanation.children.empty()) << r.profile;
      EXPECT_TRUE(r.explanation.what.empty()) << r.profile;
    }
  }
  EXPECT_TRUE(some_steps) << "no sample of " << e.name() << " gave an explanation with steps";
}

// 3. Requery equals Load for the same query, or is null (the engine cannot; the day one
// implements it this test checks it).
TEST_P(EngineContract, RequeryEqualsLoadOrIsNull) {
  const Engine& e = *GetParam();
  for (const Sample& s : Samples()) {
    SCOPED_TRACE(s.path.string());
    std::unique_ptr<EngineModel> first = e.Load(*s.scenario, Query{}, Mode::kEvaluate);
    std::unique_ptr<EngineModel> again = e.Requery(*first, *s.scenario, Query{}, Mode::kEvaluate);
    // The engines that implement Requery today (policy: the dataplane switch on a large mesh).
    if (e.name() != "policy") {
      EXPECT_EQ(again, nullptr) << e.name() << " implements Requery now: compare it with Load here";
      continue;
    }
    ASSERT_NE(again, nullptr);
    std::unique_ptr<EngineModel> fresh = e.Load(*s.scenario, Query{}, Mode::kEvaluate);
    for (const doc::Profile& p : e.profiles())
      EXPECT_EQ(Dump(*again->Evaluate(p.name)), Dump(*fresh->Evaluate(p.name))) << p.name;
    EXPECT_EQ(again->diagnostics.size(), fresh->diagnostics.size());
  }
}

// 4. Coverage: the same on two runs, every item located in one of the scenario's sources.
TEST_P(EngineContract, CoverageStableAndInsideSources) {
  const Engine& e = *GetParam();
  for (const Sample& s : Samples()) {
    SCOPED_TRACE(s.path.string());
    std::unique_ptr<EngineModel> m1 = e.Load(*s.scenario, Query{}, Mode::kEvaluate);
    std::unique_ptr<EngineModel> m2 = e.Load(*s.scenario, Query{}, Mode::kEvaluate);
    for (const doc::Profile& p : e.profiles()) {
      std::vector<CoverageItem> c1 = m1->Coverage(*m1->Evaluate(p.name));
      EXPECT_EQ(CoverageText(c1), CoverageText(m2->Coverage(*m2->Evaluate(p.name)))) << p.name;
      for (const CoverageItem& c : c1) {
        const doc::Source* src = SourceNamed(*s.scenario, c.file);
        ASSERT_NE(src, nullptr) << c.kind << " " << c.key << " in " << c.file;
        EXPECT_GE(c.line, 0) << c.key;
        EXPECT_LE(c.line, src->line_count()) << c.key;
      }
    }
  }
}

// 5. Cancellation: asked from the start, Inspect stops with `cancelled` set; never asked to stop,
// it gives every profile's full result.
TEST_P(EngineContract, CancelledFromTheStartStops) {
  const Engine& e = *GetParam();
  for (const Sample& s : Samples()) {
    SCOPED_TRACE(s.path.string());
    InspectOptions stop;
    stop.cancelled = [] { return true; };
    Inspection c = Inspect(e, s.scenario, Query{}, stop);
    EXPECT_TRUE(c.cancelled);
    EXPECT_TRUE(c.reports.empty());  // stopped before the load: nothing to use
    EXPECT_EQ(c.model, nullptr);
    InspectOptions go;
    go.cancelled = [] { return false; };
    go.result_json = true;  // compares Report::result
    InspectOptions json;
    json.result_json = true;
    Inspection full = Inspect(e, s.scenario, Query{}, go), plain = Inspect(e, s.scenario, Query{}, json);
    EXPECT_FALSE(full.cancelled);
    ASSERT_EQ(full.reports.size(), plain.reports.size());
    for (size_t i = 0; i < full.reports.size(); ++i)
      EXPECT_EQ(full.reports[i].result.dump(), plain.reports[i].result.dump()) << full.reports[i].profile;
  }
}

// 6. Every diagnostic (check and evaluate, every profile) has a code of the one table, a file of
// the scenario, line and column >= 1 within that file.
TEST_P(EngineContract, DiagnosticsAreCodedAndLocated) {
  const Engine& e = *GetParam();
  for (const Sample& s : Samples()) {
    SCOPED_TRACE(s.path.string());
    for (Mode mode : {Mode::kCheck, Mode::kEvaluate}) {
      InspectOptions o;
      o.mode = mode;
      for (const Report& r : Inspect(e, s.scenario, Query{}, o).reports) {
        for (const doc::Diagnostic& d : r.diagnostics) {
          const std::string what = r.profile + " " + doc::FormatDiagnostic(d);
          EXPECT_NE(doc::FindCode(d.code), nullptr) << what;
          const doc::Source* src = SourceNamed(*s.scenario, d.file);
          ASSERT_NE(src, nullptr) << what;
          EXPECT_GE(d.begin.line, 1) << what;
          EXPECT_GE(d.begin.column, 1) << what;
          EXPECT_LE(d.begin.line, src->line_count()) << what;
        }
      }
    }
  }
}

// 7. Every machine-applicable fix (doc::Fix) of a finding edits the finding's own file: each
// edit's range lies in its text, begin <= end, its positions are that range's, and the edits of
// one fix are in order without overlapping (the language server and SARIF apply them together).
TEST_P(EngineContract, FixesEditTheFindingsFileInOrder) {
  const Engine& e = *GetParam();
  for (const Sample& s : Samples()) {
    SCOPED_TRACE(s.path.string());
    for (const Report& r : Inspect(e, s.scenario, Query{}, InspectOptions{}).reports) {
      for (const doc::Diagnostic& d : r.diagnostics) {
        if (d.fixes.empty()) continue;
        const std::string what = r.profile + " " + doc::FormatDiagnostic(d);
        const doc::Source* src = SourceNamed(*s.scenario, d.file);
        ASSERT_NE(src, nullptr) << what;
        for (const doc::Fix& f : d.fixes) {
          EXPECT_FALSE(f.title.empty()) << what;
          ASSERT_FALSE(f.edits.empty()) << what;
          uint32_t last = 0;
          for (const doc::Edit& x : f.edits) {
            EXPECT_LE(last, x.range.begin) << what;
            EXPECT_LE(x.range.begin, x.range.end) << what;
            EXPECT_LE(x.range.end, src->text().size()) << what;
            EXPECT_EQ(x.begin, src->Locate(x.range.begin)) << what;
            EXPECT_EQ(x.end, src->Locate(x.range.end)) << what;
            last = x.range.end;
          }
        }
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Registry, EngineContract, ::testing::ValuesIn(Engines()),
                         [](const ::testing::TestParamInfo<const Engine*>& i) { return std::string(i.param->name()); });

}  // namespace
}  // namespace cfgi
