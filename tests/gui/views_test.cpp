// The engine contract as the app uses it (docs/architecture.md "The engine contract"): the
// worker loads each engine's model once per evaluation, and a view only draws what it receives:
// OnEvaluated builds no model (core/engine/build_count.h counts every engine's compile entry
// point: policy::ReadResources, matcher::LoadScenarioMatcher, txt::Compile, variants::CompileScenario,
// targeting::LoadWorkspace).
#include <chrono>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>

#include <gtest/gtest.h>
#include <imgui.h>

#include "app/gui/jobs.h"
#include "app/gui/open_document.h"
#include "app/gui/views/policy/policy_texts.h"
#include "app/gui/views/view.h"
#include "core/doc/utf8.h"
#include "core/engine/build_count.h"
#include "core/policy/policy_engine.h"
#include "core/targeting/targeting_engine.h"
#include "core/variants/scenario_edit.h"
#include "core/variants/variants_engine.h"
#include "tests/gui/view_test_support.h"

namespace cfgi::gui {
namespace {

struct Case {
  const char* sample;
  const char* engine;
};

class BuiltOncePerEdit : public ::testing::TestWithParam<Case> {};

TEST_P(BuiltOncePerEdit, TheWorkerBuildsTheModelOnceAndTheViewNever) {
  const Case& c = GetParam();
  ImGuiFrame frame;
  uint64_t before = ModelBuilds();
  std::unique_ptr<OpenDocument> d = OpenSample(c.sample);
  ASSERT_EQ(d->engine().name(), c.engine);
  // One model for every profile (the CLI's --profile all builds one too).
  EXPECT_EQ(ModelBuilds() - before, 1u) << c.sample;
  EXPECT_EQ(d->reports().size(), d->engine().profiles().size());
  for (const Report& r : d->reports()) EXPECT_TRUE(r.typed) << r.profile;

  std::unique_ptr<EngineView> view = CreateView(c.engine);
  before = ModelBuilds();
  view->OnEvaluated(*d);
  EXPECT_EQ(ModelBuilds() - before, 0u) << "the " << c.engine << " view built a model";

  // An edit of the scenario file: one more build, on the next evaluation only.
  const int i = 0;
  std::string text = d->files()[static_cast<size_t>(i)].text.str() + "\n";
  before = ModelBuilds();
  d->Edit(i, text, 0.0);
  EXPECT_EQ(ModelBuilds() - before, 0u);
  ASSERT_TRUE(d->EvaluateIfDue(OpenDocument::kDebounceSeconds));
  EXPECT_EQ(ModelBuilds() - before, 1u) << c.sample;
  view->OnEvaluated(*d);
  EXPECT_EQ(ModelBuilds() - before, 1u) << "the " << c.engine << " view built a model";
}

INSTANTIATE_TEST_SUITE_P(
    Samples, BuiltOncePerEdit,
    ::testing::Values(Case{"samples/variants/basic-env.scenario.yaml", "variants"},
                      Case{"samples/matcher/rbac-cel.scenario.yaml", "matcher"},
                      Case{"samples/txt/canary-50.scenario.yaml", "txt"},
                      Case{"samples/policy/realistic-mesh.scenario.yaml", "policy"},
                      Case{"samples/targeting/storage_registry.scenario.yaml", "targeting"}),
    [](const ::testing::TestParamInfo<Case>& info) { return std::string(info.param.engine); });

// A view's question goes to the worker: the policy view's dataplane choice is a query
// (ViewContext::Ask -> OpenDocument::SetQuery), evaluated on the worker over the same scenario:
// Engine::Requery shares the loaded mesh, so no model is built again.
TEST(DocumentQuery, ADataplaneChoiceIsAQueryForTheWorker) {
  std::unique_ptr<OpenDocument> d = OpenSample("samples/policy/realistic-mesh.scenario.yaml");
  ASSERT_EQ(d->engine().name(), "policy");
  // The app's worker serialises no result (its views draw the typed ones) unless the scenario's
  // `expect` entries need it (this one has some): the dataplane the worker answered for is the
  // typed result's; the CLI's JSON is made when asked (ResultJson).
  EXPECT_TRUE(d->report().result_json_built);
  auto dataplane = [&] {
    const auto* r = ResultAs<policy::PolicyResult>(d->report().typed.get());
    return r && r->rules.dataplane ? r->rules.dataplane->meta.name : std::string();
  };
  std::string first = dataplane();
  EXPECT_EQ(d->report().ResultJson()["dataplane"], first);
  uint64_t before = ModelBuilds();
  const auto* was = ModelAs<policy::PolicyModel>(d->model());
  ASSERT_TRUE(was);
  const policy::ResourceSet* mesh = was->shared_mesh.get();
  d->SetQuery(Query{{{"dataplane", "backend-5f6b7.kuma-demo"}}}, 1.0);
  ASSERT_TRUE(d->EvaluateIfDue(1.0));
  EXPECT_EQ(ModelBuilds() - before, 0u);
  const auto* now = ModelAs<policy::PolicyModel>(d->model());
  ASSERT_TRUE(now);
  EXPECT_EQ(now->shared_mesh.get(), mesh);  // the mesh read once, shared by both queries' models
  EXPECT_EQ(dataplane(), "backend-5f6b7.kuma-demo");
  EXPECT_FALSE(d->report().result_json_built);  // a query replaces the inputs: no `expect`, no JSON
  EXPECT_EQ(d->report().ResultJson()["dataplane"], "backend-5f6b7.kuma-demo");
  EXPECT_NE(first, "backend-5f6b7.kuma-demo");
}

// The variants view's "Save N added to the scenario" (ViewContext::ReplaceText with
// variants::AddSubscriptions' text): the scenario is edited in place, becomes dirty, and its next
// evaluation lists the added subscriptions after its own, each getting its variant.
TEST(SubscriptionsSavedIntoTheScenario, TheNextEvaluationHasThem) {
  std::unique_ptr<OpenDocument> d = OpenSample("samples/variants/first-look.scenario.yaml");
  ASSERT_EQ(d->engine().name(), "variants");
  const auto* before = ModelAs<variants::VariantsModel>(d->model());
  ASSERT_TRUE(before);
  ASSERT_EQ(before->analysis.subscriptions.size(), 3u);
  variants::ScenarioEdit e = variants::AddSubscriptions(
      d->files()[0].text.str(), {{{{"env", "test"}, {"zone", "us-2"}}, "", {}}, {{{"env", "dev"}}, "dev-client", {"route-config"}}});
  ASSERT_EQ(e.error, "");
  d->Edit(0, e.text, 1.0);
  EXPECT_TRUE(d->files()[0].dirty);
  ASSERT_TRUE(d->EvaluateIfDue(1.0 + OpenDocument::kDebounceSeconds));
  const auto* after = ModelAs<variants::VariantsModel>(d->model());
  ASSERT_TRUE(after);
  const variants::CompiledScenario& a = after->analysis;
  ASSERT_EQ(a.subscriptions.size(), 5u);
  const auto* result = ResultAs<variants::VariantsResult>(d->report().typed.get());
  ASSERT_TRUE(result);
  const variants::Evaluation& ev = result->evaluation;
  EXPECT_EQ(variants::RenderParams(a.subscriptions[3].params), variants::RenderParams({{"env", "test"}, {"zone", "us-2"}}));
  EXPECT_EQ(a.subscriptions[4].name, "dev-client");
  EXPECT_EQ(a.subscriptions[4].resources, std::vector<std::string>{"route-config"});
  ASSERT_EQ(ev.selections.size(), 5u);
  EXPECT_EQ(ev.selections[3][0].second.selected, std::optional<size_t>(1));  // env=test: variant 1
  EXPECT_EQ(ev.selections[4][0].second.outcome, variants::MatchKind::kNone);   // env=dev: no variant
}

// ---- jobs off the UI thread (app/gui/jobs.h) ----

// A runner that keeps what it is given, so the test decides when and on which thread it runs.
struct ManualRunner {
  std::vector<std::pair<std::function<void()>, std::function<void()>>> queued;
  Jobs::Runner runner() {
    return [this](std::function<void()> w, std::function<void()> d) { queued.emplace_back(std::move(w), std::move(d)); };
  }
};

TEST(Jobs, ANewerJobWithTheSameKeyCancelsTheOlderOne) {
  ManualRunner r;
  Jobs jobs(r.runner());
  std::vector<std::string> ran, done;
  auto job = [&](const char* key, const char* name) {
    return Job{key, name, [&ran, name](JobProgress& p) {
                 p.Step(std::string(name) + " step", 0.5f);
                 ran.push_back(name);
               },
               [&done, name] { done.push_back(name); }};
  };
  jobs.Submit(job("eval/1", "first"));
  jobs.Submit(job("eval/1", "second"));  // an edit: the first is cancelled while queued
  jobs.Submit(job("cel/1", "other"));
  ASSERT_EQ(jobs.active().size(), 2u);
  EXPECT_EQ(jobs.active()[0].title, "second");
  EXPECT_FALSE(jobs.active()[0].started);
  EXPECT_EQ(jobs.cancelled_count(), 1u);
  ASSERT_EQ(r.queued.size(), 3u);
  // The worker thread takes them in order; the cancelled one never starts.
  std::thread worker([&] {
    r.queued[0].first();
    r.queued[1].first();
  });
  worker.join();
  EXPECT_EQ(ran, (std::vector<std::string>{"second"}));
  EXPECT_EQ(jobs.active()[0].step, "second step");
  EXPECT_FLOAT_EQ(jobs.active()[0].fraction, 0.5f);
  EXPECT_TRUE(jobs.active()[0].started);
  // Back on the UI thread: only the job that was not cancelled reports.
  r.queued[0].second();
  r.queued[1].second();
  EXPECT_EQ(done, (std::vector<std::string>{"second"}));
  EXPECT_TRUE(jobs.busy("cel/"));
  EXPECT_FALSE(jobs.busy("eval/"));
  r.queued[2].first();
  r.queued[2].second();
  EXPECT_EQ(done, (std::vector<std::string>{"second", "other"}));
  EXPECT_FALSE(jobs.busy());
  EXPECT_EQ(jobs.finished_count(), 2u);
}

// A running job sees its cancellation at its next check and its result is dropped.
TEST(Jobs, ARunningJobStopsWhenANewerOneArrives) {
  ManualRunner r;
  Jobs jobs(r.runner());
  std::atomic<bool> started{false};
  std::atomic<int> checks{0};
  bool first_done = false;
  jobs.Submit({"eval/1", "long", [&](JobProgress& p) {
                 started = true;
                 auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
                 while (!p.cancelled() && std::chrono::steady_clock::now() < until) {
                   ++checks;
                   std::this_thread::sleep_for(std::chrono::milliseconds(1));
                 }
               },
               [&] { first_done = true; }});
  std::thread worker([&] { r.queued[0].first(); });
  while (!started) std::this_thread::yield();
  const auto t0 = std::chrono::steady_clock::now();
  jobs.Submit({"eval/1", "newer", [](JobProgress&) {}, {}});
  worker.join();
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5));  // stopped, not timed out
  r.queued[0].second();
  EXPECT_FALSE(first_done);
  EXPECT_EQ(jobs.active().size(), 1u);
  EXPECT_EQ(jobs.active()[0].title, "newer");
}

// The matcher view's CEL tab compiles the editor's text on the worker:
// Draw submits a job (ViewContext::Run, key "cel/...") and compiles nothing itself; the job
// compiles once (matcher::EvaluateCelText, counted by core/engine/build_count.h) on another
// thread, and the view draws its typed outcome without compiling again.
TEST(MatcherViewCel, TheCelTabCompilesOnTheWorkerNotInDraw) {
  ImGuiFrame frame;
  std::unique_ptr<OpenDocument> d = OpenSample("tests/gui/data/cel-error.scenario.yaml");
  ASSERT_EQ(d->engine().name(), "matcher");
  std::unique_ptr<EngineView> view = CreateView("matcher");
  view->LoadState("tab=4");
  FakeContext ctx(*d);
  const uint64_t before = CelTextCompiles();
  view->OnEvaluated(*d);
  DrawInWindow(*view, ctx);
  EXPECT_EQ(CelTextCompiles() - before, 0u) << "the view compiled CEL on the UI thread";
  // Its jobs: the CEL text's and the edited request's (MatcherViewEdit below).
  auto cel_jobs = [&] { return ctx.JobsWithKey("cel/"); };
  ASSERT_EQ(cel_jobs().size(), 1u);
  EXPECT_EQ(cel_jobs()[0]->title, "Compiling CEL");

  JobProgress progress;
  std::thread worker([&] { cel_jobs()[0]->work(progress); });
  worker.join();
  EXPECT_EQ(CelTextCompiles() - before, 1u);
  EXPECT_EQ(progress.step(), "compile and evaluate");
  cel_jobs()[0]->done();
  DrawInWindow(*view, ctx);  // draws the outcome: the CEL005 of the sample's regex
  DrawInWindow(*view, ctx);
  EXPECT_EQ(CelTextCompiles() - before, 1u);
  EXPECT_EQ(cel_jobs().size(), 1u) << "the same text was submitted again";

  // A new evaluation of the document keeps the expression: no new job, no compile.
  view->OnEvaluated(*d);
  DrawInWindow(*view, ctx);
  EXPECT_EQ(CelTextCompiles() - before, 1u);
}

// The matcher view's edited request (the engine contract): Draw and OnEvaluated
// evaluate nothing; Draw submits a job (ViewContext::Run, key "edit/matcher/<view>", as the CEL
// tab's "cel/<view>") holding the model by shared_ptr, which evaluates the request under every
// profile and compares them on the worker (matcher::EvaluateRequestEveryProfile, counted by
// core/engine/build_count.h WhatIfEvaluations); the "edit" row draws the typed outcome when it
// arrives, keeps the previous one while a newer job runs, and drops an older job's outcome.
// samples/matcher/profiles-diverge: its first request ({x-env: staging}, no x-tenant) is the
// edited one; gRPC C-core and a106 read the absent x-tenant as "" (reject-anonymous), Envoy and
// grpc-java go on to the default (tests/golden/matcher/profiles-diverge.scenario.json).
TEST(MatcherViewEdit, TheEditedRequestIsEvaluatedOnTheWorkerNotInDraw) {
  ImGuiFrame frame;
  std::unique_ptr<OpenDocument> d = OpenSample("samples/matcher/profiles-diverge.scenario.yaml");
  ASSERT_EQ(d->engine().name(), "matcher");
  std::unique_ptr<EngineView> view = CreateView("matcher");
  FakeContext ctx(*d);
  const uint64_t before = WhatIfEvaluations();
  view->OnEvaluated(*d);
  DrawInWindow(*view, ctx);
  EXPECT_EQ(WhatIfEvaluations() - before, 0u) << "the view evaluated the edited request on the UI thread";
  auto edit_jobs = [&] { return ctx.JobsWithKey("edit/matcher/"); };
  ASSERT_EQ(edit_jobs().size(), 1u);
  EXPECT_EQ(edit_jobs()[0]->title, "Evaluating the edited request");
  EXPECT_TRUE(view->DumpState()["edit"].is_null()) << "no outcome before the job ran";

  // A new evaluation of the document before the job finished: a second job with the same key;
  // the first one's outcome, when it comes, is dropped.
  view->OnEvaluated(*d);
  DrawInWindow(*view, ctx);
  ASSERT_EQ(edit_jobs().size(), 2u);
  EXPECT_EQ(edit_jobs()[0]->key, edit_jobs()[1]->key);
  JobProgress p1, p2;
  std::thread w1([&] { edit_jobs()[0]->work(p1); });
  w1.join();
  EXPECT_EQ(WhatIfEvaluations() - before, 1u);
  edit_jobs()[0]->done();
  DrawInWindow(*view, ctx);
  EXPECT_TRUE(view->DumpState()["edit"].is_null()) << "an older job's outcome was taken";

  std::thread w2([&] { edit_jobs()[1]->work(p2); });
  w2.join();
  EXPECT_EQ(p2.step(), "every profile");
  EXPECT_EQ(WhatIfEvaluations() - before, 2u);
  edit_jobs()[1]->done();
  DrawInWindow(*view, ctx);
  nlohmann::ordered_json e = view->DumpState()["edit"];
  ASSERT_TRUE(e.is_object()) << view->DumpState().dump();
  EXPECT_EQ(e["request"], nlohmann::ordered_json::parse(R"({"headers": {"x-env": "staging"}})"));
  EXPECT_EQ(e["pending"], false);
  const auto actions = [&](const char* profile) { return e["profiles"][profile]["actions"]; };
  EXPECT_EQ(actions("grpc-core"), nlohmann::ordered_json::parse(R"(["reject-anonymous"])"));
  EXPECT_EQ(actions("a106"), nlohmann::ordered_json::parse(R"(["reject-anonymous"])"));
  EXPECT_EQ(actions("envoy"), nlohmann::ordered_json::parse(R"(["default"])"));
  EXPECT_EQ(actions("grpc-java"), nlohmann::ordered_json::parse(R"(["default"])"));
  EXPECT_EQ(e["differs"], 1) << "one answer (the request's outcome) differs between the profiles";
  EXPECT_EQ(view->DumpState()["counts"]["edited_request_differs"], 1);
  EXPECT_EQ(WhatIfEvaluations() - before, 2u) << "drawing the outcome evaluated again";

  // Another evaluation: a third job; meanwhile the row keeps the outcome it has, marked pending.
  view->OnEvaluated(*d);
  DrawInWindow(*view, ctx);
  ASSERT_EQ(edit_jobs().size(), 3u);
  e = view->DumpState()["edit"];
  ASSERT_TRUE(e.is_object());
  EXPECT_EQ(e["pending"], true);
  EXPECT_EQ(e["profiles"]["envoy"]["actions"], nlohmann::ordered_json::parse(R"(["default"])"));
  EXPECT_EQ(WhatIfEvaluations() - before, 2u);
}

// The txt view's edited client (the engine contract): Draw evaluates nothing; it submits
// a job (key "client/<view>") that evaluates the client under every profile and compares them on
// the worker (txt::EvaluateClientEveryProfile, counted by WhatIfEvaluations), and the view draws
// the typed outcome when it arrives, the scenario's results marked pending until then.
// samples/txt/canary-50: the scenario's draw r=50 gives grpc-core the canary (choice 0, as it
// tests r <= 50) and grpc-java choice 1; the edited draw r=10 gives both the canary.
TEST(TxtViewClient, TheEditedClientIsEvaluatedOnTheWorkerNotInDraw) {
  ImGuiFrame frame;
  ViewOnSample v("samples/txt/canary-50.scenario.yaml");
  ASSERT_EQ(v.doc->engine().name(), "txt");
  std::unique_ptr<OpenDocument>& d = v.doc;
  std::unique_ptr<EngineView>& view = v.view;
  FakeContext& ctx = v.ctx;
  const uint64_t before = WhatIfEvaluations();
  view->OnEvaluated(*d);
  DrawInWindow(*view, ctx);
  EXPECT_TRUE(ctx.JobsWithKey("client/").empty()) << "the scenario's client is the document's result";
  auto choice = [&](const char* profile) { return view->DumpState()["config"][profile]["outcome"]; };
  EXPECT_EQ(choice("grpc-core"), "\u2713 choice 0");
  EXPECT_EQ(choice("grpc-java"), "\u2713 choice 1");

  view->LoadState("tab=0;draw=10");  // the client bar's draw, as typed
  DrawInWindow(*view, ctx);
  EXPECT_EQ(WhatIfEvaluations() - before, 0u) << "the view evaluated the edited client on the UI thread";
  ASSERT_EQ(ctx.JobsWithKey("client/").size(), 1u);
  EXPECT_EQ(ctx.JobsWithKey("client/")[0]->title, "Evaluating the edited client");
  nlohmann::ordered_json c = view->DumpState()["client"];
  EXPECT_EQ(c["edited"], true);
  EXPECT_EQ(c["pending"], true);
  EXPECT_EQ(choice("grpc-java"), "\u2713 choice 1") << "until the outcome arrives, the results it had";

  JobProgress p;
  RunOnWorker(*ctx.JobsWithKey("client/")[0], p);
  EXPECT_EQ(p.step(), "every profile");
  EXPECT_EQ(WhatIfEvaluations() - before, 1u);
  ctx.JobsWithKey("client/")[0]->done();
  DrawInWindow(*view, ctx);
  EXPECT_EQ(view->DumpState()["client"]["pending"], false);
  EXPECT_EQ(choice("grpc-core"), "\u2713 choice 0");
  EXPECT_EQ(choice("grpc-java"), "\u2713 choice 0");
  EXPECT_EQ(WhatIfEvaluations() - before, 1u) << "drawing the outcome evaluated again";
}

// The targeting view's edited configuration: the typed value is read (as the type it was loaded
// as) and resolved on the worker (targeting::ResolveEditedConfig, a job keyed "config/<view>").
// samples/targeting/spec_method1: serviceB.target retargets reference ServiceB.
TEST(TargetingViewConfig, TheEditedConfigurationIsResolvedOnTheWorkerNotInDraw) {
  ImGuiFrame frame;
  ViewOnSample v("samples/targeting/spec_method1.scenario.yaml");
  ASSERT_EQ(v.doc->engine().name(), "targeting");
  std::unique_ptr<OpenDocument>& d = v.doc;
  std::unique_ptr<EngineView>& view = v.view;
  FakeContext& ctx = v.ctx;
  const uint64_t before = WhatIfEvaluations();
  view->LoadState("ref=0;set=serviceB.target:(x=1)");
  view->OnEvaluated(*d);
  EXPECT_EQ(view->DumpState()["targets"][0], "(totallyOtherTarget=SomeNewIDValueFromConfig)");
  DrawInWindow(*view, ctx);
  EXPECT_EQ(WhatIfEvaluations() - before, 0u) << "the view resolved the edited configuration on the UI thread";
  ASSERT_EQ(ctx.JobsWithKey("config/").size(), 1u);
  EXPECT_EQ(view->DumpState()["config"]["pending"], true);
  EXPECT_EQ(view->DumpState()["targets"][0], "(totallyOtherTarget=SomeNewIDValueFromConfig)");

  JobProgress p;
  RunOnWorker(*ctx.JobsWithKey("config/")[0], p);
  EXPECT_EQ(WhatIfEvaluations() - before, 1u);
  ctx.JobsWithKey("config/")[0]->done();
  DrawInWindow(*view, ctx);
  EXPECT_EQ(view->DumpState()["config"]["pending"], false);
  EXPECT_EQ(view->DumpState()["targets"][0], "(x=1)");
  EXPECT_EQ(WhatIfEvaluations() - before, 1u);
}

// No view compares or serialises on the UI thread (docs/architecture.md "The engine contract"):
// every engine's evaluation and serialisation entry point counts itself per thread
// (core/engine/build_count.h ThreadEvaluationWork: EngineModel::Evaluate, EngineResult::ToJson,
// Compare, policy's ResourceConfJson, variants' Evaluate / Select / Matches / VariantIndex::Select /
// MatrixOf / ComputeTransition / ComputeProxy / ResultJson) and so does every JSON text (doc::JsonText,
// doc::ThreadJsonTexts: the txt view's Config tree and the policy view's values, matches and
// summaries are made on the worker, txt::ConfigTree with the compiled choice and the policy
// view's PolicyTexts with the inspection). Each view's OnEvaluated and a few frames of every one
// of its tabs leave this (the UI) thread's counts unchanged: what they need comes typed and
// pre-formatted from the worker, and what-ifs are jobs (FakeContext keeps them, none runs here).
struct TabsCase {
  const char* sample;
  std::vector<const char*> states;
};

class NoUiThreadWork : public ::testing::TestWithParam<TabsCase> {};

TEST_P(NoUiThreadWork, OnEvaluatedAndDrawDoNoEvaluationOrSerialisation) {
  const TabsCase& c = GetParam();
  ImGuiFrame frame;
  ViewOnSample v(c.sample);
  for (const char* state : c.states) {
    v.view->LoadState(state);
    const uint64_t before = ThreadEvaluationWork(), texts = doc::ThreadJsonTexts();
    v.view->OnEvaluated(*v.doc);
    for (int i = 0; i < 3; ++i) DrawInWindow(*v.view, v.ctx);
    EXPECT_EQ(ThreadEvaluationWork() - before, 0u) << c.sample << " " << state;
    EXPECT_EQ(doc::ThreadJsonTexts() - texts, 0u) << c.sample << " " << state << ": JSON serialised on the UI thread";
  }
}

INSTANTIATE_TEST_SUITE_P(
    Views, NoUiThreadWork,
    ::testing::Values(
        TabsCase{"samples/variants/transition-steps.scenario.yaml",
                 {"tab=0", "tab=1;sub=0", "tab=2", "tab=3", "tab=4", "tab=4;delivery=2", "tab=5"}},
        TabsCase{"samples/variants/four-variants-instead-of-nine.scenario.yaml", {"tab=1", "tab=2", "tab=3"}},
        TabsCase{"samples/variants/transition-two-responses.scenario.yaml",
                 {"tab=4;trow=1", "tab=4;delivery=3;trow=2", "tab=1;sub=1", "tab=5"}},
        TabsCase{"samples/variants/realistic-snapshot.scenario.yaml",
                 {"tab=0", "tab=1;sub=3", "tab=2", "tab=3", "tab=4", "tab=5"}},
        TabsCase{"samples/policy/inspect-one-resource.scenario.yaml",
                 {"mode=resource", "mode=types;type=MeshTimeout;tab=0", "mode=types;type=MeshTimeout;tab=1",
                  "mode=types;type=MeshTimeout;tab=2", "mode=types;type=MeshTimeout;tab=3",
                  "mode=types;type=MeshTimeout;tab=4", "mode=types;type=MeshTimeout;tab=5"}},
        // Kuma 2.14: listed MeshTrafficPermission rules (their spiffeID matches) and RBAC matchers.
        TabsCase{"samples/policy/kuma-2.14-mesh.scenario.yaml",
                 {"mode=resource", "mode=types;type=MeshTrafficPermission;tab=1", "mode=types;type=MeshTimeout;tab=1",
                  "mode=types;type=MeshTrafficPermission;tab=4"}},
        TabsCase{"samples/policy/madr-kind-beats-name.scenario.yaml", {"mode=resource", "mode=types;tab=3"}},
        // The Profiles tab's tree (rows made on the worker) and a row selected in it.
        TabsCase{"samples/policy/profiles-diverge.scenario.yaml",
                 {"mode=types;type=MeshTimeout;tab=4", "mode=types;type=MeshRetry;tab=4;prow=/rules/1/items/0"}},
        TabsCase{"samples/txt/canary-50.scenario.yaml", {"tab=0", "tab=1", "tab=2", "tab=3", "tab=4", "tab=6"}},
        TabsCase{"samples/matcher/profiles-diverge.scenario.yaml", {"tab=0", "tab=1", "tab=2", "tab=3"}},
        TabsCase{"samples/targeting/storage_registry.scenario.yaml", {"ref=0", "ref=1"}}),
    [](const ::testing::TestParamInfo<TabsCase>& info) { return "case" + std::to_string(info.index); });

// The txt view's Config tab draws the engine's tree lines (txt::ConfigTree, built once per
// compiled choice, Choice::service_config_lines) and serialises nothing itself.
// samples/txt/canary-50 (r=50): grpc-core selects choice 0 (the 1s canary), grpc-java choice 1.
TEST(TxtViewConfig, TheConfigTreeIsTheEnginesRows) {
  ImGuiFrame frame;
  ViewOnSample v("samples/txt/canary-50.scenario.yaml");
  ASSERT_EQ(v.doc->engine().name(), "txt");
  v.view->LoadState("tab=6");
  const uint64_t texts = doc::ThreadJsonTexts();
  v.view->OnEvaluated(*v.doc);
  DrawInWindow(*v.view, v.ctx);
  EXPECT_EQ(doc::ThreadJsonTexts() - texts, 0u);
  const nlohmann::ordered_json config = v.view->DumpState()["config"];
  EXPECT_EQ(config["grpc-core"]["tree"], nlohmann::ordered_json::parse(R"([
    "serviceConfig: {2 keys}",
    "  loadBalancingPolicy: \"round_robin\"",
    "  methodConfig: [1 item]",
    "    [0]: {2 keys}",
    "      name: [1 item]",
    "        [0]: {1 key}",
    "          service: \"echo.Echo\"",
    "      timeout: \"1s\""])"));
  EXPECT_EQ(config["grpc-java"]["tree"][7], "      timeout: \"5s\"");
  // One tree with a column per profile: the eight rows once, the timeout (1s against 5s) marked.
  const nlohmann::ordered_json rows = v.view->DumpState()["config_rows"];
  EXPECT_EQ(rows["rows"], 8);
  EXPECT_EQ(rows["differing"], nlohmann::ordered_json::parse(R"(["timeout"])"));
}

// The variants view's selected row is explained by the evaluation (variants::Evaluate under
// `why`, on the worker: Evaluation::explanations); the view copies the row's step and asks
// nothing more (no job, no selection or matching on this thread). samples/variants/first-look:
// subscription 2 ({env: prod, zone: eu-1}) gets variant 0 of route-config
// (tests/golden/variants/first-look.scenario.json).
TEST(VariantsViewWhy, TheSelectedRowIsExplainedByTheEvaluation) {
  ImGuiFrame frame;
  ViewOnSample v("samples/variants/first-look.scenario.yaml");
  ASSERT_EQ(v.doc->engine().name(), "variants");
  v.view->LoadState("tab=1;sub=2");
  const uint64_t before = ThreadEvaluationWork();
  v.view->OnEvaluated(*v.doc);
  DrawInWindow(*v.view, v.ctx);
  DrawInWindow(*v.view, v.ctx);
  EXPECT_EQ(ThreadEvaluationWork() - before, 0u);
  EXPECT_TRUE(v.ctx.jobs.empty()) << v.ctx.jobs.front().key;
  nlohmann::ordered_json st = v.view->DumpState();
  EXPECT_EQ(st["selected"], 2);
  EXPECT_EQ(st["explains"], "subscriptions");
  const nlohmann::ordered_json e = st["explanation"];
  EXPECT_EQ(e["what"], "inputs {env=prod, zone=eu-1} subscribes to route-config");
  EXPECT_EQ(e["detail"], "match: variant 0");
  ASSERT_EQ(e["steps"].size(), 2u) << e.dump();
  EXPECT_EQ(e["steps"][0].get<std::string>().rfind("variant 0: ", 0), 0u);
  EXPECT_EQ(e["steps"][1].get<std::string>().rfind("variant 1: ", 0), 0u);
  ASSERT_NE(v.ctx.selected_explanation(), nullptr);
  EXPECT_EQ(v.ctx.selected_explanation()->what, e["what"].get<std::string>());
  ASSERT_EQ(v.ctx.selected_explanation()->children.size(), 2u);
  EXPECT_EQ(v.ctx.selected_explanation()->children[0].detail, "matches");
  EXPECT_EQ(v.ctx.selected_explanation()->children[1].detail, "does not match");
}

// One selection model per view (Selections, view_tabs.h) in the variants view: the Transition tab
// explains its selected row, every other tab the selected Subscriptions row, and each comes back
// after a tab switch, a profile switch (the shell clears the Explanation) and a new evaluation.
// samples/variants/transition-steps (tests/golden/variants/transition-steps.scenario.json): after
// the change {env: test, version: v1} gets variant 1 of route-config; {env: test, version: v2}
// keeps variant 1 (unchanged), while {env: prod, version: v1} moves from variant 0 to 2.
TEST(VariantsViewSelection, TheExplanationFollowsTheTabOnScreen) {
  ImGuiFrame frame;
  ViewOnSample v("samples/variants/transition-steps.scenario.yaml");
  ASSERT_EQ(v.doc->engine().name(), "variants");
  const uint64_t work = ThreadEvaluationWork();
  v.view->OnEvaluated(*v.doc);
  auto frames = [&](int n) {
    for (int i = 0; i < n; ++i) DrawInWindow(*v.view, v.ctx);
  };
  auto shown = [&]() -> std::string { return v.ctx.selected_explanation() ? v.ctx.selected_explanation()->what : "(report)"; };
  auto steps = [&]() {
    std::vector<std::string> out;
    if (const doc::Step* s = v.ctx.selected_explanation())
      for (const doc::Step& c : s->children) out.push_back(c.what);
    return out;
  };
  // Opened on the Resources tab: the resource on screen and who gets each of its variants.
  frames(2);
  EXPECT_EQ(v.view->DumpState()["explains"], "resources");
  EXPECT_EQ(shown().rfind("resource route-config: ", 0), 0u) << shown();
  ASSERT_FALSE(steps().empty());
  EXPECT_EQ(steps()[0].rfind("variant ", 0), 0u) << steps()[0];
  // samples/variants/transition-steps: three variants of route-config, each received by its
  // subscriptions; a summary, so nothing "decided" it. (The test's default font has no "∧":
  // Displayable writes "&", as the app does with a font without it.)
  EXPECT_EQ(steps(), (std::vector<std::string>{"variant 1: env=test", "variant 2: env=prod & version=v1",
                                               "variant 3: env=prod & version=v2"}));
  EXPECT_EQ(v.ctx.selected_explanation()->children[1].detail, "received by inputs {env=prod, version=v1}");
  EXPECT_EQ(doc::DecidingPath(*v.ctx.selected_explanation()).size(), 1u);
  // A row selected (sub=2, as a click selects it).
  v.view->LoadState("tab=1;sub=2");
  frames(2);
  const std::string row2 = "inputs {env=test, version=v1} subscribes to route-config";
  EXPECT_EQ(shown(), row2);
  EXPECT_EQ(v.ctx.selected_explanation()->detail, "match: variant 1");
  EXPECT_EQ(v.view->DumpState()["selected"], 2);
  // The Transition tab: its own first row, then its row 3 (trow=3, as a click).
  v.view->LoadState("tab=4");
  frames(2);
  EXPECT_EQ(v.view->DumpState()["explains"], "transition");
  EXPECT_EQ(shown(), "#0 {env=prod, version=v1}, route-config");
  EXPECT_EQ(v.ctx.selected_explanation()->detail, "changed");
  v.view->LoadState("tab=4;trow=3");
  frames(2);
  const std::string trow3 = "#3 {env=test, version=v2}, route-config";
  EXPECT_EQ(shown(), trow3);
  EXPECT_EQ(v.ctx.selected_explanation()->detail, "unchanged");
  const std::vector<std::string> trow3_steps = {"before: variant 1",
                                                "after: variant 1",
                                                "if sent as two responses, new variants first, in between: variant 1",
                                                "if sent as two responses, removal first, in between: variant 1"};
  EXPECT_EQ(steps(), trow3_steps);
  EXPECT_EQ(v.view->DumpState()["transition_row"], 3);
  // Another tab and back: each shows its own selection again.
  v.view->LoadState("tab=2");
  frames(2);
  // The Findings tab explains its own row: its first finding (samples/variants/transition-steps:
  // a coverage gap of route-config), not the Subscriptions row that is not on screen.
  EXPECT_EQ(v.view->DumpState()["explains"], "findings");
  EXPECT_EQ(shown().rfind("uncovered in route-config: ", 0), 0u) << shown();
  v.view->LoadState("tab=4");
  frames(2);
  EXPECT_EQ(shown(), trow3) << "back on the Transition tab: its row";
  // A profile switch: the shell selects nothing (App::DrawProfileSelector); the row comes back.
  v.doc->set_profile("tp2");
  v.ctx.SelectExplanation(nullptr);
  frames(1);
  EXPECT_EQ(shown(), trow3);
  EXPECT_EQ(steps(), trow3_steps);
  // A new evaluation (an edit): the same rows, explained from the new evaluation.
  v.view->OnEvaluated(*v.doc);
  v.ctx.SelectExplanation(nullptr);
  frames(2);
  EXPECT_EQ(shown(), trow3);
  v.view->LoadState("tab=1");
  frames(2);
  EXPECT_EQ(shown(), row2);
  EXPECT_EQ(v.view->DumpState()["selected"], 2);
  EXPECT_EQ(ThreadEvaluationWork() - work, 0u) << "the view selected, matched or serialised on the UI thread";
  EXPECT_TRUE(v.ctx.jobs.empty());
}

// The matcher view's Selections: the Explanation explains the request selected on the tab on
// screen, the row drawn highlighted is that request, and the subject names it and the profile.
// samples/matcher/profiles-diverge (tests/golden/matcher/profiles-diverge.scenario.json): request
// 1 ({x-tenant: acme, content-type: application/json}) falls to on_no_match -> default under
// grpc-core (C-core reads content-type as application/grpc) and matches matchers[1] ->
// json-transcoding under envoy; request 0 is the first the profiles disagree on.
TEST(MatcherViewSelection, TheExplanationFollowsTheRowOnScreen) {
  ImGuiFrame frame;
  ViewOnSample v("samples/matcher/profiles-diverge.scenario.yaml");
  ASSERT_EQ(v.doc->profile(), "grpc-core");
  v.view->OnEvaluated(*v.doc);
  Frames(v, 2);
  nlohmann::ordered_json st = v.view->DumpState();
  EXPECT_EQ(st["explains"]["place"], "tab/0");
  EXPECT_EQ(st["explains"]["row"], "0@grpc-core") << "nothing clicked yet: the first request";
  EXPECT_EQ(st["explains"]["text"], "#0  x-env: staging");
  EXPECT_EQ(st["highlighted"], "#0  x-env: staging");
  EXPECT_EQ(Shown(v.ctx), "request #0  x-env: staging \u00b7 grpc-core");
  EXPECT_EQ(st["explains"]["what"], Shown(v.ctx));

  v.view->LoadState("req=1");  // a click on row 1 (the same Select, without the jump)
  Frames(v, 2);
  st = v.view->DumpState();
  const std::string row1 = "#1  x-tenant: acme content-type: application/json";
  EXPECT_EQ(st["explains"]["row"], "1@grpc-core");
  EXPECT_EQ(st["explains"]["text"], row1);
  EXPECT_EQ(st["highlighted"], row1);
  EXPECT_EQ(Shown(v.ctx), "request " + row1 + " \u00b7 grpc-core");
  EXPECT_EQ(st["explains"]["decided_by"], "action default") << "grpc-core: on_no_match's action";

  v.view->LoadState("tab=1");  // Tree: marks and explains the Requests tab's request
  Frames(v, 2);
  st = v.view->DumpState();
  EXPECT_EQ(st["explains"]["place"], "tab/1");
  EXPECT_EQ(st["explains"]["row"], "1@grpc-core");
  EXPECT_EQ(Shown(v.ctx), "request " + row1 + " \u00b7 grpc-core");

  v.view->LoadState("tab=2");  // Profiles: its own row, the first request the profiles disagree on
  Frames(v, 2);
  st = v.view->DumpState();
  EXPECT_EQ(st["explains"]["place"], "tab/2");
  EXPECT_EQ(st["explains"]["row"], "0@grpc-core");
  EXPECT_EQ(st["highlighted"], "#0  x-env: staging");
  EXPECT_EQ(Shown(v.ctx), "request #0  x-env: staging \u00b7 grpc-core");

  v.view->LoadState("tab=3");  // Issues: nothing to select
  Frames(v, 2);
  EXPECT_EQ(v.ctx.selected_explanation(), nullptr) << Shown(v.ctx);

  v.view->LoadState("tab=0");  // back: the Requests tab's own row
  Frames(v, 2);
  st = v.view->DumpState();
  EXPECT_EQ(st["explains"]["row"], "1@grpc-core");
  EXPECT_EQ(st["highlighted"], row1);
  EXPECT_EQ(Shown(v.ctx), "request " + row1 + " \u00b7 grpc-core");

  SwitchProfile(v, "envoy");  // the same row, explained under envoy
  Frames(v, 2);
  st = v.view->DumpState();
  EXPECT_EQ(st["explains"]["row"], "1@envoy");
  EXPECT_EQ(st["explains"]["profile"], "envoy");
  EXPECT_EQ(st["highlighted"], row1);
  EXPECT_EQ(Shown(v.ctx), "request " + row1 + " \u00b7 envoy");
  EXPECT_EQ(st["explains"]["decided_by"], "single_predicate") << "envoy: matchers[1]'s content-type prefix";

  v.view->OnEvaluated(*v.doc);  // a new evaluation (an edit): the row stays selected
  Frames(v, 2);
  EXPECT_EQ(v.view->DumpState()["explains"]["row"], "1@envoy");
  EXPECT_EQ(Shown(v.ctx), "request " + row1 + " \u00b7 envoy");
}

// The txt view's Selections: on the Choices tab the selected profile's client until a row or a
// cell picks a choice; the Config tab its own; a profile switch explains the same row under the
// new profile; the edited client's outcome keeps the row. samples/txt/canary-50 (draw r=50):
// grpc-core takes choice 0 (r <= 50), grpc-java and grpc-go choice 1 (tests/golden/txt).
TEST(TxtViewSelection, TheExplanationFollowsTheRowOnScreen) {
  ImGuiFrame frame;
  ViewOnSample v("samples/txt/canary-50.scenario.yaml");
  ASSERT_EQ(v.doc->profile(), "grpc-core");
  v.view->OnEvaluated(*v.doc);
  Frames(v, 2);
  nlohmann::ordered_json st = v.view->DumpState();
  EXPECT_EQ(st["explains"]["place"], "tab/0");
  EXPECT_EQ(st["explains"]["row"], "client@grpc-core");
  EXPECT_EQ(st["explains"]["text"], "grpc-core: \u2713 choice 0");
  EXPECT_EQ(st["highlighted"], "grpc-core: \u2713 choice 0");
  EXPECT_EQ(Shown(v.ctx), "grpc-core: \u2713 choice 0");

  v.view->LoadState("choice=1;cell=grpc-java");  // a click on grpc-java's cell of choice 1
  Frames(v, 2);
  st = v.view->DumpState();
  EXPECT_EQ(st["explains"]["row"], "choice 1@grpc-java");
  EXPECT_EQ(st["explains"]["text"], "choice 1 \u00b7 grpc-java: selected");
  EXPECT_EQ(st["highlighted"], "choice 1 \u00b7 grpc-java: selected");
  EXPECT_EQ(Shown(v.ctx), "choice 1 \u00b7 grpc-java: selected");

  v.view->LoadState("tab=6");  // Config: its own selection, the selected profile's column
  Frames(v, 2);
  st = v.view->DumpState();
  EXPECT_EQ(st["explains"]["place"], "tab/6");
  EXPECT_EQ(st["explains"]["row"], "client@grpc-core");
  EXPECT_EQ(st["highlighted"], "grpc-core: \u2713 choice 0");
  EXPECT_EQ(Shown(v.ctx), "grpc-core: \u2713 choice 0");

  v.view->LoadState("tab=1");  // Records: its own row, the first record until one is clicked
  Frames(v, 2);
  EXPECT_EQ(v.view->DumpState()["explains"]["row"], "rec/0/0");
  EXPECT_EQ(Shown(v.ctx).rfind("record #0 ", 0), 0u) << Shown(v.ctx);

  v.view->LoadState("tab=0");  // back: the cell picked there
  Frames(v, 2);
  EXPECT_EQ(v.view->DumpState()["explains"]["row"], "choice 1@grpc-java");
  EXPECT_EQ(Shown(v.ctx), "choice 1 \u00b7 grpc-java: selected");

  SwitchProfile(v, "grpc-go");  // choice 1, now under grpc-go
  Frames(v, 2);
  st = v.view->DumpState();
  EXPECT_EQ(st["explains"]["row"], "choice 1@grpc-go");
  EXPECT_EQ(st["explains"]["profile"], "grpc-go");
  EXPECT_EQ(st["highlighted"], "choice 1 \u00b7 grpc-go: selected");
  EXPECT_EQ(Shown(v.ctx), "choice 1 \u00b7 grpc-go: selected");

  // The edited client (r=10) arrives from the worker: the same row, from the new outcome.
  v.view->LoadState("draw=10");
  Frames(v, 1);
  ASSERT_EQ(v.ctx.JobsWithKey("client/").size(), 1u);
  JobProgress p;
  RunOnWorker(*v.ctx.JobsWithKey("client/")[0], p);
  v.ctx.JobsWithKey("client/")[0]->done();
  Frames(v, 2);
  st = v.view->DumpState();
  EXPECT_EQ(st["explains"]["row"], "choice 1@grpc-go");
  EXPECT_EQ(Shown(v.ctx), "choice 1 \u00b7 grpc-go: not reached") << "r=10 takes the canary, choice 0";
}

// A profile whose TXT answer is an error: the Explanation's title carries the message (the row's
// words) and says it once, not again as the detail. samples/txt/bad-json-split: grpc-core fails
// to parse the joined JSON (tests/golden/txt).
TEST(TxtViewSelection, AnErrorIsSaidOnce) {
  ImGuiFrame frame;
  ViewOnSample v("samples/txt/bad-json-split.scenario.yaml");
  ASSERT_EQ(v.doc->profile(), "grpc-core");
  v.view->OnEvaluated(*v.doc);
  Frames(v, 2);
  const doc::Step* s = v.ctx.selected_explanation();
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->what, "grpc-core: \u2716 error: failed to parse service config: JSON parse error: syntax error while "
                     "parsing array - unexpected '}'; expected ']'");
  EXPECT_EQ(s->detail, "") << "the message again";
}

// The targeting view's Selections (one place: the view has no tabs; one profile, so no profile
// switch): a reference, a service of it, a node of its LDAP tree; an evaluation and the edited
// configuration's outcome keep the row. samples/targeting/storage_registry
// (tests/golden/targeting): reference 0 is ReplicatedStore.Primary, matched by service 10 only;
// its first failing service is #11 (role replica).
TEST(TargetingViewSelection, TheExplanationFollowsTheRowOnScreen) {
  ImGuiFrame frame;
  ViewOnSample v("samples/targeting/storage_registry.scenario.yaml");
  v.view->OnEvaluated(*v.doc);
  Frames(v, 2);
  nlohmann::ordered_json st = v.view->DumpState();
  const std::string ref0 = "storage::ReplicatedStore.Primary (storage::ReplicatedStore_storage.replica~eu1)";
  EXPECT_EQ(st["explains"]["row"], "ref/0");
  EXPECT_EQ(st["explains"]["text"], ref0);
  EXPECT_EQ(st["highlighted"]["reference"], ref0);
  EXPECT_EQ(Shown(v.ctx), "reference Primary");

  v.view->LoadState("ref=1");  // a click on reference 1
  Frames(v, 2);
  st = v.view->DumpState();
  const std::string ref1 = "storage::ReplicatedStore.Replicas (storage::ReplicatedStore_storage.replica~eu1)";
  EXPECT_EQ(st["explains"]["row"], "ref/1");
  EXPECT_EQ(st["highlighted"]["reference"], ref1);
  EXPECT_EQ(Shown(v.ctx), "reference Replicas");

  v.view->LoadState("ref=0;svc=0");  // a click on reference 0's first service (#10, the primary)
  Frames(v, 2);
  st = v.view->DumpState();
  EXPECT_EQ(st["explains"]["row"], "svc/0/0");
  EXPECT_EQ(st["explains"]["text"], st["highlighted"]["service"]);
  EXPECT_EQ(st["highlighted"]["reference"], ref0);
  const std::string svc = st["explains"]["text"].get<std::string>();
  EXPECT_EQ(svc.rfind("#10", 0), 0u) << svc;
  EXPECT_EQ(svc.substr(svc.size() - 9), ": matches") << svc;
  const std::string what = Shown(v.ctx);

  v.view->OnEvaluated(*v.doc);  // a new evaluation: the same service, from the new resolution
  Frames(v, 2);
  EXPECT_EQ(v.view->DumpState()["explains"]["row"], "svc/0/0");
  EXPECT_EQ(Shown(v.ctx), what);
}

// Sortable tables sort the typed rows (stable; the first column ascending by default) and "Copy as
// text" copies what the table shows, tab-separated, in the order shown.
TEST(TableSort, MatcherRequestsSortByAProfilesOutcomeStably) {
  ImGuiFrame frame;
  ViewOnSample v("samples/matcher/profiles-diverge.scenario.yaml");
  v.view->OnEvaluated(*v.doc);
  DrawInAppWindow(*v.view, v.ctx);
  EXPECT_EQ(v.view->DumpState()["order"], nlohmann::ordered_json::parse(R"(["#0","#1","#2","#3","#4"])"));
  // a106 column (2 + profile 3), descending: the unmatched request #3 sorts first; the matched
  // ones by their actions, descending (reject-anonymous, prod-canary, default x2 in input order).
  v.view->LoadState("sort=-5");
  DrawInAppWindow(*v.view, v.ctx);
  DrawInAppWindow(*v.view, v.ctx);
  EXPECT_EQ(v.view->DumpState()["order"], nlohmann::ordered_json::parse(R"(["#3","#0","#4","#1","#2"])"));
  v.view->LoadState("sort=5");  // ascending: matched first, actions ascending, ties in input order
  DrawInAppWindow(*v.view, v.ctx);
  DrawInAppWindow(*v.view, v.ctx);
  EXPECT_EQ(v.view->DumpState()["order"], nlohmann::ordered_json::parse(R"(["#1","#2","#4","#0","#3"])"));
  EXPECT_NE(v.view->SaveState().find("sort=5"), std::string::npos) << v.view->SaveState();
  v.view->LoadState("copy=1");
  DrawInAppWindow(*v.view, v.ctx);
  const std::string copied = ImGui::GetClipboardText() ? ImGui::GetClipboardText() : "";
  std::vector<std::string> lines;
  for (size_t at = 0; at < copied.size();) {
    const size_t nl = copied.find('\n', at);
    lines.push_back(copied.substr(at, nl - at));
    at = nl == std::string::npos ? copied.size() : nl + 1;
  }
  ASSERT_EQ(lines.size(), 7u) << copied;  // the header, 5 requests, the edited request
  EXPECT_EQ(lines[0], "Request\tHeaders\tgrpc-core\tenvoy\tgrpc-java\ta106");
  EXPECT_EQ(lines[1], "#1\tx-tenant: acme content-type: application/json\t\u2713 default\t\u2713 json-transcoding\t"
                      "\u2713 json-transcoding\t\u2713 default");
  EXPECT_EQ(lines[5], "#3\tx-tenant: acme x-env: prod\t\u2713 prod-stable\t\u2713 prod-stable\t\u2713 prod-stable\t\u2717 no match");
  // The edited request's outcome comes from a job (not run here): its row says so.
  EXPECT_EQ(lines[6], "edit\t\tevaluating...\tevaluating...\tevaluating...\tevaluating...");
}

TEST(TableSort, TxtChoicesTargetingReferencesAndPolicyResourcesSort) {
  ImGuiFrame frame;
  {
    ViewOnSample v("samples/txt/canary-50.scenario.yaml");
    v.view->OnEvaluated(*v.doc);
    DrawInAppWindow(*v.view, v.ctx);
    EXPECT_EQ(v.view->DumpState()["order"], nlohmann::ordered_json::parse("[0, 1]"));
    v.view->LoadState("sort=2");  // grpc-java: choice 1 selected, choice 0 skipped
    DrawInAppWindow(*v.view, v.ctx);
    DrawInAppWindow(*v.view, v.ctx);
    EXPECT_EQ(v.view->DumpState()["order"], nlohmann::ordered_json::parse("[1, 0]"));
    v.view->LoadState("copy=1");
    DrawInAppWindow(*v.view, v.ctx);
    const std::string copied = ImGui::GetClipboardText();
    EXPECT_EQ(copied.substr(0, copied.find('\n')), "Choice\tgrpc-core\tgrpc-java\tgrpc-go\ta2");
    EXPECT_EQ(copied.substr(copied.find('\n') + 1, 9), "choice 1\t");
  }
  {
    ViewOnSample v("samples/targeting/storage_registry.scenario.yaml");
    v.view->OnEvaluated(*v.doc);
    DrawInAppWindow(*v.view, v.ctx);
    const nlohmann::ordered_json natural = v.view->DumpState()["order"];
    ASSERT_GE(natural.size(), 3u);
    for (size_t i = 0; i < natural.size(); ++i) EXPECT_EQ(natural[i], i) << "unsorted until a header is clicked";
    v.view->LoadState("sort=-2");  // Reference, descending
    DrawInAppWindow(*v.view, v.ctx);
    DrawInAppWindow(*v.view, v.ctx);
    const nlohmann::ordered_json sorted = v.view->DumpState()["order"];
    ASSERT_EQ(sorted.size(), natural.size());
    const auto* model = ModelAs<targeting::TargetingModel>(v.doc->model());
    ASSERT_NE(model, nullptr);
    const auto* res = ResultAs<targeting::TargetingResult>(v.doc->report().typed.get());
    ASSERT_NE(res, nullptr);
    for (size_t i = 1; i < sorted.size(); ++i)
      EXPECT_GE(res->resolution.references[sorted[i - 1].get<size_t>()].reference->name,
                res->resolution.references[sorted[i].get<size_t>()].reference->name);
  }
}

// Layout by content width: at 1024x700 with UI scale 1.5, and in a window half as wide, no column
// of a view's main table is narrower than its header (the label and the sort arrow): tables scroll
// sideways instead (theme::BeginTableFit), fixed columns fit their content. view_shows.table.columns
// (TableRoom) gives each column's width and the width its header needs; gui_engine_views checks the
// same in the app at 1024x700 x1.5 with its fonts.
struct ColumnsCase {
  const char* sample;
  const char* state;
  const char* table;
};
class ColumnsFitHeaders : public ::testing::TestWithParam<ColumnsCase> {};

TEST_P(ColumnsFitHeaders, NoColumnNarrowerThanItsHeader) {
  const ColumnsCase& c = GetParam();
  ImGuiFrame frame;
  ImGui::GetStyle().ScaleAllSizes(1.5f);
  ImGui::GetIO().FontGlobalScale = 1.5f;
  ViewOnSample v(c.sample);
  v.view->LoadState(c.state);
  v.view->OnEvaluated(*v.doc);
  for (float width : {1024.0f * 0.55f, 1024.0f * 0.3f}) {  // the engine view's share at 1024 px, and less
    for (int i = 0; i < 4; ++i) {
      ImGui::SetNextWindowPos(ImVec2(0, 0));
      ImGui::SetNextWindowSize(ImVec2(width, 700));
      DrawInWindow(*v.view, v.ctx);
    }
    const nlohmann::ordered_json st = v.view->DumpState();
    ASSERT_TRUE(st["table"].is_object()) << c.sample << " " << c.state;
    EXPECT_EQ(st["table"]["id"], c.table);
    // Every table the tab draws (the main one first), where the view lists them.
    const nlohmann::ordered_json tables = st.contains("tables") ? st["tables"] : nlohmann::ordered_json::array({st["table"]});
    for (const auto& t : tables) {
      ASSERT_FALSE(t["columns"].empty()) << t.dump();
      for (const auto& col : t["columns"])
        EXPECT_GE(col["width"].get<int>(), col["header"].get<int>() - 1)
            << c.sample << " " << c.state << " at " << width << " px: table " << t["id"] << " column " << col.dump();
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    Views, ColumnsFitHeaders,
    ::testing::Values(ColumnsCase{"samples/matcher/profiles-diverge.scenario.yaml", "tab=0", "requests"},
                      ColumnsCase{"samples/matcher/profiles-diverge.scenario.yaml", "tab=2", "profiles"},
                      ColumnsCase{"samples/txt/canary-50.scenario.yaml", "tab=0", "choices"},
                      ColumnsCase{"samples/txt/canary-50.scenario.yaml", "tab=1", "records"},
                      ColumnsCase{"samples/txt/canary-50.scenario.yaml", "tab=6", "config"},
                      ColumnsCase{"samples/variants/first-look.scenario.yaml", "tab=0", "variants"},
                      ColumnsCase{"samples/variants/first-look.scenario.yaml", "tab=1", "subscriptions"},
                      ColumnsCase{"samples/variants/overlapping-or-values.scenario.yaml", "tab=2", "findings"},
                      ColumnsCase{"samples/variants/transition-two-responses.scenario.yaml", "tab=4", "transition"},
                      ColumnsCase{"samples/variants/realistic-snapshot.scenario.yaml", "tab=5", "proxy"},
                      ColumnsCase{"samples/policy/inspect-one-resource.scenario.yaml", "mode=resource", "stack"},
                      ColumnsCase{"samples/policy/inspect-one-resource.scenario.yaml", "mode=types;type=MeshTimeout;tab=0", "resources"},
                      ColumnsCase{"samples/targeting/storage_registry.scenario.yaml", "ref=0", "references"}),
    [](const ::testing::TestParamInfo<ColumnsCase>& info) { return "case" + std::to_string(info.index); });
}  // namespace
}  // namespace cfgi::gui
