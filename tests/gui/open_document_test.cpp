// The app's document model (app/gui/open_document.h): debounced re-evaluation after edits, referenced
// files read through the reader and editable, diagnostics that follow the text, profiles.
#include "app/gui/app.h"
#include "app/gui/frame_stats.h"
#include "app/gui/open_document.h"
#include "app/gui/problem_groups.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

#include <gtest/gtest.h>

namespace cfgi::gui {
namespace {

OpenDocument::Reader MapReader(std::map<std::string, std::string> files) {
  return [files](const std::string& p) -> std::optional<std::string> {
    auto it = files.find(p);
    if (it == files.end()) return std::nullopt;
    return it->second;
  };
}

TEST(DocumentTest, OpensNativeFileAndReportsParseErrors) {
  auto d = OpenDocument::Open({{"dir/bad.json", "{\"a\": 1,\n \"b\": tru }\n"}}, {});
  EXPECT_EQ(d->engine().name(), "document");
  // No engine recognises it, but it did not parse: the syntax error is the reason (no ENG001).
  EXPECT_EQ(d->engine_rule(), "none");
  EXPECT_EQ(d->title(), "bad.json");
  ASSERT_EQ(d->report().diagnostics.size(), 1u);
  EXPECT_EQ(d->report().diagnostics[0].code, "DOC002");
  EXPECT_EQ(d->report().diagnostics[0].begin.line, 2);
  EXPECT_EQ(d->report().diagnostics[0].begin.column, 7);
  EXPECT_EQ(d->error_count(), 1);
  EXPECT_EQ(d->ReportJson()["diagnostics"][0]["code"], "DOC002");
}

// A live DNS answer without records (NXDOMAIN) opened as the app opens it (app_live.cpp: the
// dig-style text, the txt engine, the LIVE diagnostics as source diagnostics): LIVE003 only, no
// ENG002 "the file is empty" nor TXT015 "no TXT record found" beside it. The core decides it
// (EmptySourceExplained), for the CLI too (LiveDnsTest.NxdomainAndNoTxt).
TEST(DocumentTest, LiveAnswerWithoutRecordsHasItsLiveDiagnosticOnly) {
  const std::string name = "dns:_grpc_config.missing.test";
  const std::string text =
      "; <<>> config-inspector-cli --lookup (c-ares 1.18.1) <<>> _grpc_config.missing.test TXT @127.0.0.1:5353\n"
      ";; Got answer:\n;; ->>HEADER<<- opcode: QUERY, status: NXDOMAIN, id: 7\n"
      ";; flags: qr rd ra; QUERY: 1, ANSWER: 0, AUTHORITY: 0, ADDITIONAL: 0\n\n"
      ";; QUESTION SECTION:\n;_grpc_config.missing.test.\t\tIN\tTXT\n";
  auto d = OpenDocument::Open({{name, text}}, {}, /*evaluate_now=*/false);
  d->SetEngine("txt", 0.0);
  doc::Diagnostic live;
  live.code = "LIVE003";
  live.severity = doc::Severity::kWarning;
  live.file = name;
  live.begin = {3, 1};
  live.message = "NXDOMAIN";
  d->SetSourceDiagnostics({live}, 0.0);
  d->Evaluate();
  std::vector<std::string> codes;
  for (const doc::Diagnostic& x : d->report().diagnostics) codes.push_back(x.code);
  EXPECT_EQ(codes, std::vector<std::string>{"LIVE003"});
  // Without the live diagnostic the same text is an empty file (ENG002).
  d->SetSourceDiagnostics({}, 0.0);
  d->Evaluate();
  codes.clear();
  for (const doc::Diagnostic& x : d->report().diagnostics) codes.push_back(x.code);
  EXPECT_NE(std::find(codes.begin(), codes.end(), "ENG002"), codes.end());
  EXPECT_EQ(std::find(codes.begin(), codes.end(), "LIVE003"), codes.end());
}

TEST(DocumentTest, EditsReEvaluateOnlyAfterTheDebounce) {
  auto d = OpenDocument::Open({{"a.json", "{\"a\": tru}"}}, {});
  d->SetEngine("document", 0.0);  // the syntax check only (no ENG001)
  d->Evaluate();
  ASSERT_EQ(d->error_count(), 1);
  uint64_t gen = d->generation();
  d->Edit(0, "{\"a\": true}", /*now=*/10.0);
  EXPECT_TRUE(d->dirty());
  ASSERT_TRUE(d->PendingIn(10.0).has_value());
  EXPECT_NEAR(*d->PendingIn(10.0), OpenDocument::kDebounceSeconds, 1e-9);
  EXPECT_FALSE(d->EvaluateIfDue(10.1));  // still typing: no evaluation
  EXPECT_EQ(d->generation(), gen);
  EXPECT_EQ(d->error_count(), 1);
  d->Edit(0, "{\"a\": true }", 10.2);  // another keystroke moves the deadline
  EXPECT_FALSE(d->EvaluateIfDue(10.2 + OpenDocument::kDebounceSeconds - 0.01));
  EXPECT_TRUE(d->EvaluateIfDue(10.2 + OpenDocument::kDebounceSeconds));
  EXPECT_EQ(d->generation(), gen + 1);
  EXPECT_EQ(d->error_count(), 0);
  EXPECT_FALSE(d->PendingIn(20.0).has_value());
}

TEST(DocumentTest, ScenarioReferencesBecomeEditableFilesAndEmbeddedOnesReadOnly) {
  const std::string scenario =
      "engine: document\ntitle: Two sources\nsources:\n  - file: routes.yaml\n"
      "  - name: extra.json\n    text: |\n      {\"x\": 1}\n";
  auto d = OpenDocument::Open({{"s/demo.scenario.yaml", scenario}},
                          MapReader({{"s/routes.yaml", "a: 1\na: 2\n"}}));
  EXPECT_EQ(d->title(), "Two sources");
  ASSERT_EQ(d->files().size(), 3u);
  EXPECT_EQ(d->files()[1].name, "s/routes.yaml");
  EXPECT_TRUE(d->files()[1].editable);
  EXPECT_EQ(d->files()[2].name, "extra.json");
  EXPECT_FALSE(d->files()[2].editable);
  EXPECT_EQ(d->EditableText(2), nullptr);
  // The duplicate key warning points into the referenced file.
  ASSERT_EQ(d->report().diagnostics.size(), 1u);
  EXPECT_EQ(d->report().diagnostics[0].code, "DOC003");
  EXPECT_EQ(d->FileIndex(d->report().diagnostics[0].file), 1);
  // Editing the referenced file re-evaluates with the edited text, not the one on disk.
  d->Edit(1, "a: 1\nb: 2\n", 0.0);
  d->Evaluate();
  EXPECT_TRUE(d->report().diagnostics.empty());
  EXPECT_EQ(d->files()[1].text, "a: 1\nb: 2\n");
}

TEST(DocumentTest, MissingReferenceIsADiagnosticNotAFailure) {
  auto d = OpenDocument::Open({{"x.scenario.yaml", "engine: document\nsources:\n  - file: gone.yaml\n"}}, MapReader({}));
  ASSERT_EQ(d->report().diagnostics.size(), 1u);
  EXPECT_EQ(d->report().diagnostics[0].code, "SCN002");
  EXPECT_EQ(d->report().diagnostics[0].begin.line, 3);
}

TEST(DocumentTest, BackgroundEvaluationKeepsEditsMadeMeanwhile) {
  auto d = OpenDocument::Open({{"a.json", "{\"a\": tru}"}}, {}, /*evaluate_now=*/false);
  d->SetEngine("document", 0.0);  // the syntax check only (no ENG001)
  EXPECT_EQ(d->generation(), 0u);
  EXPECT_TRUE(d->EvaluationDue(0.0));
  auto work = d->StartEvaluation();
  EXPECT_TRUE(d->evaluating());
  EXPECT_FALSE(d->EvaluationDue(100.0));
  d->Edit(0, "{\"a\": true}", 1.0);  // typed while the worker runs
  auto outcome = work({});            // what the worker thread does
  d->FinishEvaluation(outcome);
  EXPECT_FALSE(d->evaluating());
  EXPECT_EQ(d->generation(), 1u);
  EXPECT_EQ(d->files()[0].text, "{\"a\": true}");  // the edit survives
  EXPECT_EQ(d->error_count(), 1);                    // the report is of the old text...
  EXPECT_TRUE(d->EvaluationDue(1.0));                 // ...so another evaluation is due
  d->FinishEvaluation(d->StartEvaluation()({}));
  EXPECT_EQ(d->error_count(), 0);
  EXPECT_FALSE(d->PendingIn(2.0).has_value());
}

// "The app holds each source once": starting an evaluation takes a reference to
// each text, not a copy (a 30 MB file's copy on the UI thread was a 130-140 ms frame); the
// evaluation hands the same buffer back. An edit in place (the Source panel's EditableText) while
// an evaluation holds the text copies it once, so the running evaluation still reads what it
// started with; later keys edit that copy.
TEST(DocumentTest, AnEvaluationSharesTheTextsAndAnEditWhileItRunsCopiesOnce) {
  auto d = OpenDocument::Open({{"a.json", "{\"a\": tru}"}}, {}, /*evaluate_now=*/false);
  d->SetEngine("document", 0.0);
  const std::string* held = &d->files()[0].text.str();
  d->FinishEvaluation(d->StartEvaluation()({}));
  EXPECT_EQ(&d->files()[0].text.str(), held);  // no copy made on the way there and back
  EXPECT_EQ(d->error_count(), 1);
  // The evaluation indexed the text's lines on its thread: the Source panel does not.
  ASSERT_NE(d->files()[0].text.lines(), nullptr);
  EXPECT_EQ(d->files()[0].text.lines()->starts, std::vector<uint32_t>{0});

  auto work = d->StartEvaluation();
  std::string* edit = d->EditableText(0);  // the worker holds the text: this is a copy
  ASSERT_NE(edit, nullptr);
  EXPECT_NE(edit, held);
  edit->replace(6, 3, "true");  // {"a": true}
  d->Edited(0, 1.0);
  EXPECT_EQ(d->EditableText(0), edit);  // the copy is the document's own now: no second copy
  EXPECT_EQ(d->files()[0].text.lines(), nullptr);  // edited: the old index no longer holds
  d->FinishEvaluation(work({}));
  EXPECT_EQ(d->files()[0].text, "{\"a\": true}");
  EXPECT_EQ(d->error_count(), 1);  // the evaluation read the text it started with
  d->FinishEvaluation(d->StartEvaluation()({}));
  EXPECT_EQ(d->error_count(), 0);
}

// LineIndex (app/gui/line_index.h): the start of every line and the longest line's bytes.
TEST(LineIndexTest, StartsAndLongestLine) {
  LineIndex l;
  l.Build("a\nbcd\n\ne");
  EXPECT_EQ(l.starts, (std::vector<uint32_t>{0, 2, 6, 7}));
  EXPECT_EQ(l.longest, 3u);
  EXPECT_EQ(l.LineOf(3), 1);
  EXPECT_EQ(l.LineEnd(1, 8), 5u);
  EXPECT_EQ(l.LineEnd(3, 8), 8u);
  l.Build("");
  EXPECT_EQ(l.starts, std::vector<uint32_t>{0});
  EXPECT_EQ(l.longest, 0u);
  l.Build("x\n");
  EXPECT_EQ(l.starts, (std::vector<uint32_t>{0, 2}));
}

// The Source editor's per-key update (source_view.cpp): the lines of the edited window spliced in
// give the index a full Build gives, for every kind of window edit (typed, a line added, lines
// joined, a window emptied, at the start, in the middle and at the end of the text).
TEST(LineIndexTest, SpliceEqualsBuildAfterEveryWindowEdit) {
  const std::string text = "alpha\nbeta\n\ngamma delta\nlast";
  LineIndex base;
  base.Build(text);
  ASSERT_EQ(base.count(), 5);
  struct Case {
    int first, last;
    std::string window;
  };
  // Windows are whole lines: [first, last) from its start to the start of `last` (or the end).
  const Case cases[] = {
      {0, 1, "#alpha\n"},            // a key typed at the start
      {0, 1, "al\npha\n"},          // a line broken in two
      {0, 2, "alphabeta\n"},         // two lines joined
      {1, 3, "beta\n"},              // a line deleted
      {1, 2, "beta"},                 // the window's last newline deleted: joins the next line
      {1, 3, ""},                     // the window emptied
      {3, 5, "gamma delta\nlast!"},  // typed at the end of the text
      {3, 5, "gamma\ndelta\nlast\n"},  // a line ending added at the end
      {4, 5, ""},                     // the last line emptied
      {0, 5, "x"},                    // everything replaced
      {2, 3, "a much longer line than any other\n"},
  };
  for (const Case& c : cases) {
    const uint32_t begin = base.starts[static_cast<size_t>(c.first)];
    const uint32_t end = c.last < base.count() ? base.starts[static_cast<size_t>(c.last)] : static_cast<uint32_t>(text.size());
    std::string edited = text;
    edited.replace(begin, end - begin, c.window);
    LineIndex spliced = base;
    spliced.Splice(c.first, c.last, c.window, edited.size());
    LineIndex built;
    built.Build(edited);
    SCOPED_TRACE(::testing::Message() << "[" << c.first << "," << c.last << ") -> \"" << c.window << "\"");
    EXPECT_EQ(spliced.starts, built.starts);
    EXPECT_EQ(spliced.longest, std::max(base.longest, built.longest));  // an upper bound until the next Build
  }
  // Shortening the longest line keeps its width (the bound), lengthening one grows it exactly.
  LineIndex l = base;
  l.Splice(3, 4, "g\n", text.size() - 10);
  EXPECT_EQ(l.longest, 11u);
  l.Splice(0, 1, std::string(20, 'a') + "\n", text.size() - 10 + 15);
  EXPECT_EQ(l.longest, 20u);
}

// --frame-stats (the scale test's figures): a frame's rendering is reported apart from the app's
// own work, so a typed key's frame (rendered) compares with an idle one (not rendered) by work.
TEST(FrameStatsTest, RenderingIsApartFromTheAppsWork) {
  FrameStats st(0);
  // cpu ms at begin and end, render ms of that frame, tag.
  struct F {
    double begin, end, render;
    const char* tag;
  };
  const F frames[] = {{0, 50, 10, ""},          // the first frame: start-up, not counted below
                      {100, 101, 0, ""},        // idle frames, not rendered
                      {200, 201.2, 0, ""},
                      {300, 301, 0, ""},
                      {400, 403.5, 2, "type=2 keys"},  // keys: 1.5 ms of work + 2 ms rendering
                      {500, 504.5, 2.5, "type=2 keys"}};
  for (const F& f : frames) {
    st.Begin(f.begin, f.begin);
    st.End(f.end, f.end, false, f.tag, f.render);
  }
  const nlohmann::ordered_json j = st.Json();
  EXPECT_EQ(j["frames"], 6);
  EXPECT_EQ(j["max_frame_ms"], 4.5);
  EXPECT_EQ(j["median_frame_ms"], 1.2);  // of 1, 1.2, 1, 3.5, 4.5
  EXPECT_EQ(j["median_build_ms"], 1.2);  // of 1, 1.2, 1, 1.5, 2
  EXPECT_EQ(j["rendered_frames"], 2);
  EXPECT_EQ(j["median_render_ms"], 2.5);
  const auto& keys = j["tags"]["type=2 keys"];
  EXPECT_EQ(keys["frames"], 2);
  EXPECT_EQ(keys["mean_ms"], 4.0);
  EXPECT_EQ(keys["mean_build_ms"], 1.75);
  EXPECT_EQ(keys["mean_render_ms"], 2.25);
  // A render time past the frame's own (clock skew) is clamped to the frame.
  st.Begin(600, 600);
  st.End(601, 601, false, "x", 5);
  EXPECT_EQ(st.Json()["tags"]["x"]["mean_build_ms"], 0.0);
}

// The slowest frames say how much of each the kernel took (page faults, a hypervisor's exits), how
// much rendering took and the wall clock, so a failing scale run tells the machine's time from the
// app's; a kernel clock past the frame's own is clamped to the frame.
TEST(FrameStatsTest, TheSlowestFramesSayTheKernelsRenderingsAndWallClocksPart) {
  FrameStats st(0);
  st.Begin(0, 0, 0);
  st.End(5, 5, false, "", 0, 1);  // the first frame
  st.Begin(10, 10, 1);
  st.End(70, 75, false, "dataplane=api-1", 12, 46);  // 60 ms, 45 of them in the kernel, 12 rendering; 65 ms of wall clock
  st.Begin(100, 100, 46);
  st.End(102, 102, false, "", 0, 50);  // 2 ms, the kernel's clock 4 ms on: clamped to 2
  const nlohmann::ordered_json slowest = st.Json()["slowest"];
  ASSERT_EQ(slowest.size(), 2u);
  EXPECT_EQ(slowest[0]["frame"], 1);
  EXPECT_EQ(slowest[0]["ms"], 60.0);
  EXPECT_EQ(slowest[0]["tag"], "dataplane=api-1");
  EXPECT_EQ(slowest[0]["kernel_ms"], 45.0);
  EXPECT_EQ(slowest[0]["render_ms"], 12.0);
  EXPECT_EQ(slowest[0]["wall_ms"], 65.0);
  EXPECT_EQ(slowest[1]["kernel_ms"], 2.0);
}

// A newer edit cancels older work: the evaluation started before the edit is
// superseded by the one started after it; the first reports its steps (cfgi::Inspect's
// InspectOptions::progress) and stops at its next step once cancelled, returning nothing.
TEST(DocumentTest, ANewerEditCancelsTheRunningEvaluation) {
  auto d = OpenDocument::Open({{"a.json", "{\"a\": tru}"}}, {}, /*evaluate_now=*/false);
  d->SetEngine("document", 0.0);
  auto first = d->StartEvaluation();
  d->Edit(0, "{\"a\": true}", 1.0);
  EXPECT_FALSE(d->EvaluationDue(1.0));  // debounced
  EXPECT_TRUE(d->EvaluationDue(1.0 + OpenDocument::kDebounceSeconds));  // due although one runs
  auto second = d->StartEvaluation();
  // The first, cancelled: the worker sees it at its first step and returns nothing.
  std::vector<std::string> steps;
  bool cancelled = false;
  OpenDocument::Hooks hooks{[&](std::string_view s, float) {
                              steps.emplace_back(s);
                              cancelled = steps.size() >= 2;  // cancelled after "read"
                            },
                            [&] { return cancelled; }};
  EXPECT_EQ(first(hooks), nullptr);
  EXPECT_EQ(steps, (std::vector<std::string>{"read", "load"}));
  // The second runs to the end and is applied: the report is of the edited text.
  steps.clear();
  OpenDocument::Hooks record{[&](std::string_view s, float) { steps.emplace_back(s); }, {}};
  d->FinishEvaluation(second(record));
  EXPECT_EQ(steps, (std::vector<std::string>{"read", "load", "evaluate document"}));
  EXPECT_FALSE(d->evaluating());
  EXPECT_EQ(d->generation(), 1u);
  EXPECT_EQ(d->error_count(), 0);
  EXPECT_FALSE(d->PendingIn(2.0).has_value());
}

// A query change over unchanged texts (the policy view's dataplane switch) evaluates the same
// scenario object again through Engine::Requery; an edit reads the texts again.
TEST(DocumentTest, AQueryChangeReusesTheScenarioAnEditReadsItAgain) {
  const std::string mesh =
      "type: Mesh\nname: default\n---\n"
      "type: Dataplane\nmesh: default\nname: web-1\nnetworking:\n  address: 10.0.0.1\n  inbound:\n"
      "    - port: 8080\n      tags: {kuma.io/service: web}\n---\n"
      "type: Dataplane\nmesh: default\nname: api-1\nnetworking:\n  address: 10.0.0.2\n  inbound:\n"
      "    - port: 8080\n      tags: {kuma.io/service: api}\n";
  auto d = OpenDocument::Open({{"mesh.yaml", mesh}}, {});
  ASSERT_EQ(d->engine().name(), "policy");
  const Scenario* first = &d->scenario();
  ASSERT_EQ(d->report().diagnostics.size(), 1u);
  EXPECT_EQ(d->report().diagnostics[0].code, "POL014");  // two dataplanes, none chosen

  d->SetQuery(Query{{{"dataplane", "api-1"}}}, 1.0);
  ASSERT_TRUE(d->EvaluateIfDue(1.0));
  EXPECT_EQ(&d->scenario(), first);  // not read again
  EXPECT_TRUE(d->report().diagnostics.empty());
  EXPECT_EQ(d->report().ResultJson()["dataplane"], "api-1");  // the worker made no JSON: made here

  d->Edit(0, mesh + "\n", 2.0);
  ASSERT_TRUE(d->EvaluateIfDue(2.0 + OpenDocument::kDebounceSeconds));
  EXPECT_NE(&d->scenario(), first);  // the edited text was read
  EXPECT_EQ(d->report().ResultJson()["dataplane"], "api-1");  // the worker made no JSON: made here
}

// problem_counts() is counted once per report and generation (the Documents list asks every
// frame): a profile switch and a new evaluation each give the new report's counts.
// missing-service-config.zone: a choice with no serviceConfig is grpc-core's error, the others'
// warning (txt engine, TXT goldens).
TEST(DocumentTest, ProblemCountsFollowTheProfileAndTheEvaluation) {
  const std::string text =
      "_grpc_config.srv 3600 IN TXT \"grpc_config=[{\\\"clientLanguage\\\":[\\\"java\\\"]},"
      "{\\\"serviceConfig\\\":{}}]\"\n";
  auto d = OpenDocument::Open({{"a.zone", text}}, {});
  d->Evaluate();
  ASSERT_EQ(d->engine().name(), "txt");
  d->set_profile("grpc-core");
  EXPECT_EQ(d->problem_counts().errors, 1);
  EXPECT_EQ(d->problem_counts().warnings, 0);
  d->set_profile("grpc-java");
  EXPECT_EQ(d->problem_counts().errors, 0);
  EXPECT_EQ(d->problem_counts().warnings, 1);
  d->set_profile("grpc-core");
  EXPECT_EQ(d->error_count(), 1);
  // Edited to a config every profile takes: the next evaluation's counts.
  d->Edit(0, "_grpc_config.srv 3600 IN TXT \"grpc_config=[{\\\"serviceConfig\\\":{}}]\"\n", 1.0);
  ASSERT_TRUE(d->EvaluateIfDue(1.0 + OpenDocument::kDebounceSeconds));
  EXPECT_EQ(d->error_count(), 0);
  EXPECT_EQ(d->warning_count(), 0);
}

TEST(DocumentTest, UnknownProfileIsIgnored) {
  auto d = OpenDocument::Open({{"a.yaml", "a: 1\n"}}, {});
  std::string p = d->profile();
  d->set_profile("no-such-profile");
  EXPECT_EQ(d->profile(), p);
  EXPECT_EQ(d->reports().size(), d->engine().profiles().size());
}

TEST(DocumentTest, UnrecognisedFileIsAnErrorUntilReadAsDocument) {
  auto d = OpenDocument::Open({{"app.json", "{\"port\": 8080}\n"}}, {});
  ASSERT_EQ(d->report().diagnostics.size(), 1u);
  EXPECT_EQ(d->report().diagnostics[0].code, "ENG001");
  EXPECT_EQ(d->error_count(), 1);
  d->SetEngine("document", 0.0);  // the Documents list's "Read as" > document
  d->Evaluate();
  EXPECT_EQ(d->engine_rule(), "request");
  EXPECT_EQ(d->error_count(), 0);
}

TEST(DocumentTest, EngineSwitchAndEncodings) {
  // A matcher with only on_no_match is a matcher (Envoy's AnyMatcher; MAT001 under gRPC), so
  // content detection claims it; "Read as" document switches to the syntax-only check and back.
  std::string text = "\xEF\xBB\xBFon_no_match:\r\n  action: {name: d}\r\n";
  auto d = OpenDocument::Open({{"m.yaml", text}}, {});
  EXPECT_EQ(d->engine().name(), "matcher");
  d->SetEngine("document", 1.0);
  EXPECT_TRUE(d->EvaluateIfDue(1.0));
  EXPECT_EQ(d->engine().name(), "document");
  EXPECT_EQ(d->engine_request(), "document");
  // The editor's text has neither the BOM nor CR; saving gives both back, new lines included.
  EXPECT_EQ(d->files()[0].text, "on_no_match:\n  action: {name: d}\n");
  d->Edit(0, d->files()[0].text.str() + "# added\n", 2.0);
  EXPECT_EQ(d->files()[0].SavedText(), text + "# added\r\n");
  d->SetEngine("", 3.0);
  EXPECT_TRUE(d->EvaluateIfDue(3.0));
  EXPECT_EQ(d->engine().name(), "matcher");
}

}  // namespace
}  // namespace cfgi::gui

#include "app/gui/views/view.h"

namespace cfgi::gui {
namespace {

TEST(ViewStateTest, FieldsAreReadExactly) {
  using cfgi::gui::StateField;
  using cfgi::gui::StateInt;
  EXPECT_EQ(StateInt("tab=2;type=MeshRetry;rule=7", "tab"), 2);
  EXPECT_EQ(StateField("tab=2;type=MeshRetry;rule=7", "type"), "MeshRetry");
  EXPECT_EQ(StateInt("tab=2;type=MeshRetry;rule=7", "rule"), 7);
  EXPECT_EQ(StateField("tab=1;resource=subtab=9", "resource"), "subtab=9");
  EXPECT_EQ(StateInt("subtab=4", "tab"), std::nullopt);  // a key inside another key is not it
  EXPECT_EQ(StateField("", "tab"), std::nullopt);
}


// The Problems panel's groups and the counts the status bar, the filter buttons and the Documents
// badges share (problem_groups.h): one row per code and file, in the order of first occurrence.
TEST(ProblemGroupsTest, GroupsByCodeAndFileAndCountsOnce) {
  auto diag = [](const char* code, doc::Severity sev, const char* file, int line) {
    doc::Diagnostic d;
    d.code = code;
    d.severity = sev;
    d.file = file;
    d.begin.line = line;
    return d;
  };
  std::vector<doc::Diagnostic> diags = {
      diag("MAT030", doc::Severity::kNote, "a.yaml", 3), diag("MAT012", doc::Severity::kError, "a.yaml", 4),
      diag("MAT030", doc::Severity::kNote, "a.yaml", 9), diag("MAT030", doc::Severity::kNote, "b.yaml", 1),
      diag("MAT030", doc::Severity::kNote, "a.yaml", 12)};
  std::vector<ProblemGroup> g = GroupProblems(diags);
  ASSERT_EQ(g.size(), 3u);
  EXPECT_EQ(g[0].code, "MAT030");
  EXPECT_EQ(g[0].file, "a.yaml");
  EXPECT_EQ(g[0].rows, (std::vector<int>{0, 2, 4}));
  EXPECT_TRUE(g[0].grouped());
  EXPECT_EQ(g[1].code, "MAT012");
  EXPECT_FALSE(g[1].grouped());
  EXPECT_EQ(g[2].file, "b.yaml");
  // The severity filter applies before grouping: notes hidden leaves the error alone.
  const bool errors_only[3] = {true, false, false};
  g = GroupProblems(diags, errors_only);
  ASSERT_EQ(g.size(), 1u);
  EXPECT_EQ(g[0].rows, (std::vector<int>{1}));
  // A code that is a warning here and a note there makes two groups, each labelled truly.
  std::vector<doc::Diagnostic> mixed = {diag("POL018", doc::Severity::kWarning, "m.yaml", 1),
                                        diag("POL018", doc::Severity::kNote, "m.yaml", 2),
                                        diag("POL018", doc::Severity::kNote, "m.yaml", 3)};
  g = GroupProblems(mixed);
  ASSERT_EQ(g.size(), 2u);
  EXPECT_EQ(g[0].severity, doc::Severity::kWarning);
  EXPECT_EQ(g[0].rows, (std::vector<int>{0}));
  EXPECT_EQ(g[1].severity, doc::Severity::kNote);
  EXPECT_EQ(g[1].rows, (std::vector<int>{1, 2}));
  ProblemCounts c = CountProblems(diags);
  EXPECT_EQ(c.errors, 1);
  EXPECT_EQ(c.warnings, 0);
  EXPECT_EQ(c.notes, 4);
  EXPECT_EQ(c.total(), 5);
  EXPECT_EQ(c.of(doc::Severity::kNote), 4);
  EXPECT_EQ(ProblemSummary(c), "1 error, 4 notes");
  EXPECT_EQ(ProblemSummary(CountProblems({diags[0]})), "1 note");
  EXPECT_EQ(ProblemSummary(ProblemCounts{}), "no problems");
}

// samples/matcher/list-1000: 1000 matchers, most never reached; MAT030 is capped at 20 per file
// plus one note counting the rest (docs/diagnostics.md MAT030), 21 rows that form one group.
TEST(ProblemGroupsTest, TheLargeMatcherSamplesCoverageNotesAreOneGroup) {
  std::string path = std::string(CFGI_SOURCE_DIR) + "/samples/matcher/list-1000.scenario.yaml";
  auto read = [](const std::string& p) -> std::optional<std::string> {
    std::ifstream in(p, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
  };
  auto d = OpenDocument::Open({{path, *read(path)}}, read);
  std::vector<ProblemGroup> g = GroupProblems(d->report().diagnostics);
  ASSERT_EQ(g.size(), 1u);
  EXPECT_EQ(g[0].code, "MAT030");
  EXPECT_EQ(g[0].rows.size(), 21u);
  EXPECT_EQ(d->problem_counts().notes, 21);
  EXPECT_EQ(d->problem_counts().total(), 21);
  EXPECT_EQ(ProblemSummary(d->problem_counts()), "21 notes");  // the status bar, not "no problems"
}

}  // namespace
}  // namespace cfgi::gui

namespace cfgi::gui {
namespace {

// The document's "Hide dead-configuration lints" switch: the
// core's suppression of the dead-configuration codes; the Problems panel counts report().suppressed.
TEST(DocumentTest, HideDeadConfigurationLints) {
  const std::string zone =
      "$ORIGIN example.com.\n"
      "_grpc_config 3600 IN TXT "
      "\"grpc_config=[{\\\"serviceConfig\\\":{}},{\\\"clientLanguage\\\":[\\\"go\\\"],\\\"serviceConfig\\\":{}}]\"\n";
  auto d = OpenDocument::Open({{"d.zone", zone}}, {});
  ASSERT_EQ(d->engine().name(), "txt");
  auto codes = [&] {
    std::string out;
    for (const doc::Diagnostic& x : d->report().diagnostics) out += x.code + " ";
    return out;
  };
  EXPECT_NE(codes().find("TXT038"), std::string::npos) << codes();
  EXPECT_TRUE(d->report().suppressed.empty());
  d->SetHideDeadLints(true, 1.0);
  EXPECT_TRUE(d->EvaluateIfDue(1.0));
  EXPECT_EQ(codes().find("TXT038"), std::string::npos) << codes();
  ASSERT_EQ(d->report().suppressed.size(), 1u);
  EXPECT_EQ(d->report().suppressed[0].diagnostic.code, "TXT038");
  EXPECT_EQ(d->report().suppressed[0].by.origin, doc::SuppressionOrigin::kApp);
  EXPECT_EQ(codes().find("SUP001"), std::string::npos);  // the app's suppressions never report themselves
  d->SetHideDeadLints(false, 2.0);
  EXPECT_TRUE(d->EvaluateIfDue(2.0));
  EXPECT_TRUE(d->report().suppressed.empty());
}

}  // namespace
}  // namespace cfgi::gui


namespace cfgi::gui {
namespace {

// Files opened together become one document per engine's group (App::GroupedForOpening, which
// OpenPaths and OpenDropped run on a worker, as the CLI groups files into reports): a DNS zone and
// a Kuma policy are two documents, in the files' order; one file, or an engine already chosen (a
// restored session), stays one document.
TEST(GroupedForOpeningTest, FilesOfTwoEnginesAreTwoDocuments) {
  const platform::File zone{"a.zone", "$ORIGIN example.com.\n_grpc_config.svc 300 IN TXT \"grpc_config=[]\"\n"};
  const platform::File policy{"p.yaml",
                              "type: MeshTimeout\nname: t\nmesh: default\nspec:\n  targetRef:\n    kind: Mesh\n"
                              "  to:\n    - targetRef:\n        kind: Mesh\n      default:\n        idleTimeout: 20s\n"};
  auto two = App::GroupedForOpening({zone, policy}, {});
  ASSERT_EQ(two.size(), 2u);
  ASSERT_EQ(two[0].size(), 1u);
  EXPECT_EQ(two[0][0].path, "a.zone");
  ASSERT_EQ(two[1].size(), 1u);
  EXPECT_EQ(two[1][0].path, "p.yaml");
  EXPECT_EQ(two[1][0].text, policy.text);  // moved, not changed

  App::OpenState chosen;
  chosen.engine = "policy";
  auto one = App::GroupedForOpening({zone, policy}, chosen);
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].size(), 2u);

  EXPECT_EQ(App::GroupedForOpening({zone}, {}).size(), 1u);
  EXPECT_TRUE(App::GroupedForOpening({}, {}).empty());
}

}  // namespace
}  // namespace cfgi::gui
