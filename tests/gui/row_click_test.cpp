// A row click in any table explains that row (one selection model per view and tab, Selections in
// app/gui/views/view_tabs.h): the txt, targeting, matcher and variants views, clicked as a user
// clicks (the mouse pressed and released on the row where the table drew it, ClickRow), the
// Explanation's subject checked after the click, after a switch to another tab and back (each tab
// restores its own selection) and after a profile switch (the shell drops the Explanation; the
// view explains the same row under the new profile). Expected answers are the samples' goldens
// (tests/golden/<engine>/<sample>.scenario.json).
#include <string>

#include <gtest/gtest.h>
#include <imgui.h>

#include "app/gui/views/view.h"
#include "tests/gui/view_test_support.h"

namespace cfgi::gui {
namespace {

nlohmann::ordered_json Explains(const ViewOnSample& v) { return v.view->DumpState()["explains"]; }

// samples/matcher/profiles-diverge: request 2 ({x-tenant: acme, x-env: prod} ...); the Requests
// table's columns are Request, Headers, then one per profile (grpc-core, envoy, grpc-java, a106).
TEST(RowClick, MatcherRequestsAndProfilesTables) {
  ImGuiFrame frame;
  ViewOnSample v("samples/matcher/profiles-diverge.scenario.yaml");
  v.view->OnEvaluated(*v.doc);
  Frames(v, 3);
  ASSERT_EQ(Explains(v)["row"], "0@grpc-core");
  ClickRow(v, "requests", 2);
  nlohmann::ordered_json st = v.view->DumpState();
  EXPECT_EQ(st["explains"]["row"], "2@grpc-core");
  EXPECT_EQ(st["highlighted"], st["explains"]["text"]);
  const std::string row2 = st["explains"]["text"].get<std::string>();
  EXPECT_EQ(row2.rfind("#2  ", 0), 0u) << row2;
  EXPECT_EQ(Shown(v.ctx), "request " + row2 + " \u00b7 grpc-core");
  // A cell: that profile's explanation of the request (column 3: envoy).
  ClickRow(v, "requests", 1, 3);
  st = v.view->DumpState();
  EXPECT_EQ(st["explains"]["row"], "1@envoy");
  const std::string row1 = st["explains"]["text"].get<std::string>();
  EXPECT_EQ(Shown(v.ctx), "request " + row1 + " \u00b7 envoy");
  // Another tab (Issues: nothing to select) and back: the row clicked.
  v.view->LoadState("tab=3");
  Frames(v, 2);
  EXPECT_EQ(v.ctx.selected_explanation(), nullptr) << Shown(v.ctx);
  v.view->LoadState("tab=0");
  Frames(v, 2);
  EXPECT_EQ(Shown(v.ctx), "request " + row1 + " \u00b7 envoy");
  // A profile switch: the same request under a106 (the cell's profile was envoy: the row stays,
  // the selected profile explains it).
  SwitchProfile(v, "a106");
  Frames(v, 2);
  EXPECT_EQ(Explains(v)["row"], "1@a106");
  EXPECT_EQ(Shown(v.ctx), "request " + row1 + " \u00b7 a106");

  // The Profiles tab's table: the requests the profiles disagree on; its second row.
  v.view->LoadState("tab=2");
  Frames(v, 3);
  const std::string first = Explains(v)["row"].get<std::string>();
  ClickRow(v, "profiles", 1);
  st = v.view->DumpState();
  EXPECT_NE(st["explains"]["row"], first);
  EXPECT_EQ(st["explains"]["place"], "tab/2");
  EXPECT_EQ(st["highlighted"], st["explains"]["text"]);
  const std::string prow = st["explains"]["text"].get<std::string>();
  EXPECT_EQ(Shown(v.ctx), "request " + prow + " \u00b7 a106");
  v.view->LoadState("tab=0");
  Frames(v, 2);
  EXPECT_EQ(Shown(v.ctx), "request " + row1 + " \u00b7 a106") << "the Requests tab keeps its own row";
  v.view->LoadState("tab=2");
  Frames(v, 2);
  EXPECT_EQ(Shown(v.ctx), "request " + prow + " \u00b7 a106");
}

// samples/txt/canary-50 (draw r=50): grpc-core selects choice 0, grpc-java and grpc-go skip it
// (r < 50 fails) and take choice 1. The Choices table: Choice, then a column per profile.
TEST(RowClick, TxtChoicesRecordsAndConfigTables) {
  ImGuiFrame frame;
  ViewOnSample v("samples/txt/canary-50.scenario.yaml");
  v.view->OnEvaluated(*v.doc);
  Frames(v, 3);
  ASSERT_EQ(Explains(v)["row"], "client@grpc-core");
  ClickRow(v, "choices", 0, 2);  // choice 0's grpc-java cell
  nlohmann::ordered_json st = v.view->DumpState();
  EXPECT_EQ(st["explains"]["row"], "choice 0@grpc-java");
  EXPECT_EQ(st["highlighted"], "choice 0 \u00b7 grpc-java: skipped");
  EXPECT_EQ(Shown(v.ctx), "choice 0 \u00b7 grpc-java: skipped");
  ClickRow(v, "choices", 0);  // the row: choice 0 under the selected profile
  EXPECT_EQ(Explains(v)["row"], "choice 0@grpc-core");
  EXPECT_EQ(Shown(v.ctx), "choice 0 \u00b7 grpc-core: selected");

  // Records: a click on a record's row explains the record (its strings, who reads it).
  v.view->LoadState("tab=1");
  Frames(v, 3);
  ClickRow(v, "records", 0);
  st = v.view->DumpState();
  EXPECT_EQ(st["explains"]["place"], "tab/1");
  EXPECT_EQ(st["explains"]["row"], "rec/0/0");
  EXPECT_EQ(st["highlighted"], st["explains"]["text"]);
  ASSERT_NE(v.ctx.selected_explanation(), nullptr);
  const std::string record = Shown(v.ctx);
  EXPECT_EQ(record, "record " + st["explains"]["text"].get<std::string>());
  const doc::Step& why = *v.ctx.selected_explanation();
  ASSERT_GE(why.children.size(), 4u);
  EXPECT_EQ(why.children[0].what, "grpc-core reads it");

  // Config: the outcome row's grpc-go head.
  v.view->LoadState("tab=6");
  Frames(v, 3);
  ClickRow(v, "config", 0, 3);
  EXPECT_EQ(Explains(v)["row"], "client@grpc-go");
  EXPECT_EQ(Shown(v.ctx), "grpc-go: \u2713 choice 1");

  // Each tab comes back with its own row.
  v.view->LoadState("tab=0");
  Frames(v, 2);
  EXPECT_EQ(Shown(v.ctx), "choice 0 \u00b7 grpc-core: selected");
  v.view->LoadState("tab=1");
  Frames(v, 2);
  EXPECT_EQ(Shown(v.ctx), record);
  v.view->LoadState("tab=6");
  Frames(v, 2);
  EXPECT_EQ(Shown(v.ctx), "grpc-go: \u2713 choice 1");

  // A profile switch: each tab's row under grpc-java (the Config tab's head is grpc-java's now,
  // highlighted with it), the record as it was.
  SwitchProfile(v, "grpc-java");
  Frames(v, 2);
  EXPECT_EQ(Explains(v)["row"], "client@grpc-java");
  EXPECT_EQ(v.view->DumpState()["highlighted"], "grpc-java: \u2713 choice 1");
  EXPECT_EQ(Shown(v.ctx), "grpc-java: \u2713 choice 1");
  v.view->LoadState("tab=0");
  Frames(v, 2);
  EXPECT_EQ(Explains(v)["row"], "choice 0@grpc-java");
  EXPECT_EQ(Shown(v.ctx), "choice 0 \u00b7 grpc-java: skipped");
  v.view->LoadState("tab=1");
  Frames(v, 2);
  EXPECT_EQ(Shown(v.ctx), record);
}

// samples/targeting/storage_registry: reference 1 is ReplicatedStore.Replicas.
TEST(RowClick, TargetingReferencesTable) {
  ImGuiFrame frame;
  ViewOnSample v("samples/targeting/storage_registry.scenario.yaml");
  v.view->OnEvaluated(*v.doc);
  Frames(v, 3);
  ASSERT_EQ(Explains(v)["row"], "ref/0");
  ClickRow(v, "references", 1);
  nlohmann::ordered_json st = v.view->DumpState();
  EXPECT_EQ(st["explains"]["row"], "ref/1");
  EXPECT_EQ(st["highlighted"]["reference"], st["explains"]["text"]);
  EXPECT_EQ(st["explains"]["text"], "storage::ReplicatedStore.Replicas (storage::ReplicatedStore_storage.replica~eu1)");
  EXPECT_EQ(Shown(v.ctx), "reference Replicas");
  // The reference is explained: no service of it is drawn highlighted (its tree shows one).
  EXPECT_TRUE(st["highlighted"]["service"].is_null()) << st["highlighted"].dump();
  // The one profile chosen again (the shell drops the Explanation): the row comes back.
  SwitchProfile(v, v.doc->profile());
  Frames(v, 2);
  EXPECT_EQ(Explains(v)["row"], "ref/1");
  EXPECT_EQ(Shown(v.ctx), "reference Replicas");
}

// samples/variants/overlapping-or-values (tests/golden/variants): variants whose OR values
// overlap, and the subscriptions of the scenario.
TEST(RowClick, VariantsEveryTabsTable) {
  ImGuiFrame frame;
  ViewOnSample v("samples/variants/overlapping-or-values.scenario.yaml");
  v.view->OnEvaluated(*v.doc);
  Frames(v, 3);
  auto row = [&] { return v.view->DumpState()["explains_row"]; };
  // Resources: a variant's row.
  ClickRow(v, "variants", 1);
  EXPECT_EQ(row()["place"], "resources");
  EXPECT_EQ(row()["row"], "res:0:1");
  const std::string variant1 = Shown(v.ctx);
  EXPECT_EQ(variant1.rfind("variant ", 0), 0u) << variant1;
  // Subscriptions: the second row.
  v.view->LoadState("tab=1");
  Frames(v, 3);
  ClickRow(v, "subscriptions", 1);
  EXPECT_EQ(v.view->DumpState()["selected"], 1);
  const std::string sub1 = Shown(v.ctx);
  EXPECT_NE(sub1.find(" subscribes to "), std::string::npos) << sub1;
  // Findings: the first finding, an overlap, explained as one.
  v.view->LoadState("tab=2");
  Frames(v, 3);
  ClickRow(v, "findings", 0, 1);
  EXPECT_EQ(row()["place"], "findings");
  EXPECT_EQ(row()["row"], "finding:0");
  const std::string finding = Shown(v.ctx);
  EXPECT_EQ(finding.rfind("overlap in ", 0), 0u) << finding;
  ASSERT_NE(v.ctx.selected_explanation(), nullptr);
  EXPECT_EQ(v.ctx.selected_explanation()->children.size(), 2u);
  // Caching proxy: the resource's header row, then a variant's row.
  v.view->LoadState("tab=5");
  Frames(v, 3);
  ClickRow(v, "proxy", 1);
  EXPECT_EQ(row()["place"], "proxy");
  EXPECT_EQ(row()["row"], "res:0:0");
  const std::string proxy = Shown(v.ctx);
  EXPECT_EQ(proxy.rfind("variant ", 0), 0u) << proxy;
  // Back and forth: each tab its own row.
  for (auto [state, want] : {std::pair<const char*, std::string>{"tab=0", variant1}, {"tab=1", sub1}, {"tab=2", finding},
                             {"tab=5", proxy}}) {
    v.view->LoadState(state);
    Frames(v, 2);
    EXPECT_EQ(Shown(v.ctx), want) << state;
  }
  // A profile switch (the one profile again): the row on screen comes back.
  SwitchProfile(v, v.doc->profile());
  Frames(v, 2);
  EXPECT_EQ(Shown(v.ctx), proxy);
}

// The coverage matrix: a cell (its what-if computed by the worker, as in the app) explains the
// variants matching that cell's parameters. samples/variants/basic-env.
TEST(RowClick, VariantsMatrixCell) {
  ImGuiFrame frame;
  ViewOnSample v("samples/variants/basic-env.scenario.yaml");
  v.view->OnEvaluated(*v.doc);
  v.view->LoadState("tab=3");
  Frames(v, 2);
  auto jobs = v.ctx.JobsWithKey("matrix/");
  ASSERT_FALSE(jobs.empty());
  JobProgress p;
  RunOnWorker(*jobs.back(), p);
  jobs.back()->done();
  Frames(v, 3);
  ClickRow(v, "matrix", 0, 1);
  const nlohmann::ordered_json row = v.view->DumpState()["explains_row"];
  EXPECT_EQ(row["place"], "matrix");
  EXPECT_EQ(row["row"], "cell:0:0");
  ASSERT_NE(v.ctx.selected_explanation(), nullptr);
  EXPECT_NE(Shown(v.ctx).find(" for "), std::string::npos) << Shown(v.ctx);
}

}  // namespace
}  // namespace cfgi::gui
