// The policy view in the fake shell (view_test_support.h): texts made on the worker, the
// resource chooser's keys per release, the merged conf tree (folded overrides, the field filter,
// a restored leaf scrolled into view, one-line origins) and the Explanation following the tab on
// screen.
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <imgui.h>
#include <nlohmann/json.hpp>

#include "app/gui/views/policy/policy_texts.h"
#include "app/gui/views/policy/policy_view.h"
#include "core/policy/policy_engine.h"
#include "tests/gui/view_test_support.h"

namespace cfgi::gui {
namespace {

// The policy view's texts are made on the worker with the inspection (OpenDocument::view_rows,
// PolicyTexts): samples/policy/kuma-2.14-mesh's MeshTrafficPermission RBAC matchers of the http
// inbound under kuma-2.14, the deny first (meshtrafficpermission/xds/rbac_configurer.go).
TEST(PolicyViewTexts, MatchesAndValuesAreFormattedOnTheWorker) {
  std::unique_ptr<OpenDocument> d = OpenSample("samples/policy/kuma-2.14-mesh.scenario.yaml");
  ASSERT_EQ(d->engine().name(), "policy");
  const auto* texts = dynamic_cast<const PolicyTexts*>(d->view_rows());
  ASSERT_NE(texts, nullptr);
  const policy::PolicyResult* r = nullptr;
  for (const Report& rep : d->reports())
    if (rep.profile == "kuma-2.14") r = ResultAs<policy::PolicyResult>(rep.typed.get());
  ASSERT_NE(r, nullptr);
  const policy::TypeRules* mtp = nullptr;
  for (const policy::TypeRules& t : r->rules.types)
    if (t.type == "MeshTrafficPermission") mtp = &t;
  ASSERT_NE(mtp, nullptr);
  ASSERT_EQ(mtp->rbac.size(), 3u);
  EXPECT_EQ(texts->Match(&mtp->rbac[0].match), "spiffeID Exact spiffe://mesh-1/ns/team-a/sa/legacy-batch");
  EXPECT_EQ(texts->Match(&mtp->rbac[1].match), "spiffeID Prefix spiffe://mesh-1/ns/team-a");
  // A value the worker did not format reads "?" (the view never formats it itself).
  const nlohmann::json stray = 1;
  EXPECT_EQ(texts->Json(&stray), "?");
}

// The policy view's resource chooser names each resource as a person reads it (ReadableKey), then
// its key as the profile names it, made on the worker (PolicyTexts::ChooserLabels from
// policy::KeyNames, the one naming the JSON and the CLI use): samples/policy/kuma-2.14-mesh under
// kuma-2.14 lists KRIs (kri_msvc_mesh-1___backend_http, the Mesh as kri_m____mesh-1_), under
// kuma-2.10 core_model keys; the engine is asked with the core key either way.
TEST(PolicyViewKeys, TheChooserListsKrisUnder212AndCoreKeysUnder210) {
  std::unique_ptr<OpenDocument> d = OpenSample("samples/policy/kuma-2.14-mesh.scenario.yaml");
  const auto* texts = dynamic_cast<const PolicyTexts*>(d->view_rows());
  ASSERT_NE(texts, nullptr);
  const std::vector<std::string> core = {"mesh:name/mesh-1", "meshservice:mesh/mesh-1:name/backend",
                                         "meshservice:mesh/mesh-1:name/backend:section/http"};
  const std::vector<std::string> kri = {"Mesh mesh-1   kri_m____mesh-1_", "MeshService backend   kri_msvc_mesh-1___backend_",
                                        "MeshService backend :http   kri_msvc_mesh-1___backend_http"};
  const std::vector<std::string> core_labels = {"Mesh mesh-1   mesh:name/mesh-1",
                                                "MeshService backend   meshservice:mesh/mesh-1:name/backend",
                                                "MeshService backend :http   meshservice:mesh/mesh-1:name/backend:section/http"};
  std::map<std::string, const policy::PolicyResult*> by_profile;
  for (const Report& rep : d->reports())
    if (const auto* r = ResultAs<policy::PolicyResult>(rep.typed.get())) by_profile[rep.profile] = r;
  for (const char* p : {"kuma-2.14", "kuma-2.13", "kuma-3.0-preview"}) {
    ASSERT_TRUE(by_profile.count(p)) << p;
    const policy::PolicyResult& r = *by_profile[p];
    EXPECT_EQ(r.resource_keys, core) << p;
    EXPECT_EQ(texts->ChooserLabels(r.resource_keys), kri) << p;
    EXPECT_EQ(texts->KeyName(&r.rules, r.inspection.key), "kri_msvc_mesh-1___backend_http") << p;
    EXPECT_EQ(texts->InspectedLabel(&r.inspection), "MeshService backend :http   kri_msvc_mesh-1___backend_http") << p;
  }
  for (const char* p : {"kuma-2.10", "madr"}) {
    ASSERT_TRUE(by_profile.count(p)) << p;
    EXPECT_EQ(texts->ChooserLabels(by_profile[p]->resource_keys), core_labels) << p;
  }
  // Namespaced and zoned keys, KRIs and a key of neither form.
  EXPECT_EQ(policy::ReadableKey("meshservice:mesh/default:zone/east:namespace/kuma-demo:name/backend:section/grpc"),
            "MeshService backend :grpc (ns kuma-demo, zone east)");
  EXPECT_EQ(policy::ReadableKey("kri_extsvc_default_east_kuma-demo_httpbin_443"), "MeshExternalService httpbin :443 (ns kuma-demo, zone east)");
  EXPECT_EQ(policy::ReadableKey("something-else"), "something-else");
}

// One selection model per view (Selections, view_tabs.h): the Explanation explains what the tab on
// screen has selected and highlighted. samples/policy/realistic-mesh: the Resource tab opens on its
// first leaf; a type's Resources tab with a restored row explains that row, not the Resource tab's
// leaf; back on the Resource tab its leaf again; a tab with nothing selected shows the report's.
// A field overridden many times (a generated mesh: 20 values struck through under one field)
// shows the values nearest the winner and folds the earlier ones into one "+N earlier" line.
// tests/gui/data/overrides.scenario.yaml: six mesh-wide MeshTimeouts set connectionTimeout;
// timeouts-0 wins (Kuma orders equal items by name), five values are overridden.
TEST(PolicyViewTree, ManyOverriddenValuesFold) {
  ImGuiFrame frame;
  ViewOnSample v("tests/gui/data/overrides.scenario.yaml");
  ASSERT_EQ(v.doc->engine().name(), "policy");
  v.view->OnEvaluated(*v.doc);
  for (int i = 0; i < 3; ++i) DrawInWindow(*v.view, v.ctx);
  nlohmann::ordered_json st = v.view->DumpState();
  EXPECT_EQ(st["highlighted"]["leaf"], "MeshTimeout:/connectionTimeout");
  EXPECT_EQ(st["overridden_values"]["shown"], 3);
  EXPECT_EQ(st["overridden_values"]["folded"], 2);
}

// A leaf selected other than by a click on it (a restored view state) is scrolled into view in
// the merged conf tree; one at the top leaves the tree where it is.
// samples/policy/inspect-one-resource: MeshHTTPRoute's 14 lines, MeshRetry's 2, then MeshTimeout's
// (idleTimeout last), more than the test window's height.
TEST(PolicyViewTree, ARestoredLeafBelowTheFoldIsScrolledIntoView) {
  ImGuiFrame frame;
  ViewOnSample v("samples/policy/inspect-one-resource.scenario.yaml");
  v.view->LoadState("mode=resource;leaf=MeshTimeout:/idleTimeout");
  v.view->OnEvaluated(*v.doc);
  for (int i = 0; i < 4; ++i) {
    ImGui::SetNextWindowSize(ImVec2(900, 520));  // the tree's ~25 lines do not fit
    DrawInWindow(*v.view, v.ctx);
  }
  nlohmann::ordered_json st = v.view->DumpState();
  EXPECT_EQ(st["highlighted"]["leaf"], "MeshTimeout:/idleTimeout");
  EXPECT_GT(st["tree_scroll_y"].get<float>(), 0.0f);
}

TEST(PolicyViewTree, ARestoredLeafOnScreenLeavesTheTreeWhereItIs) {
  ImGuiFrame frame;  // a new ImGui context: no scroll kept from another test's window
  nlohmann::ordered_json st;
  ViewOnSample top("samples/policy/inspect-one-resource.scenario.yaml");
  top.view->LoadState("mode=resource;leaf=MeshHTTPRoute:/rules/0/default/backendRefs");
  top.view->OnEvaluated(*top.doc);
  for (int i = 0; i < 4; ++i) {
    ImGui::SetNextWindowSize(ImVec2(900, 520));
    DrawInWindow(*top.view, top.ctx);
  }
  st = top.view->DumpState();
  EXPECT_EQ(st["highlighted"]["leaf"], "MeshHTTPRoute:/rules/0/default/backendRefs");
  EXPECT_EQ(st["tree_scroll_y"].get<float>(), 0.0f);
}

// An Origin cell on one line: three origins in full, more as the first and last with the count
// (a generated mesh merges 20 items into one row; the cell spanned 8 lines).
TEST(PolicyViewTree, OriginsShortenPastThree) {
  namespace pol = cfgi::policy;
  std::vector<pol::Policy> ps(5);
  for (size_t i = 0; i < ps.size(); ++i) ps[i].meta.name = "p-" + std::to_string(i);
  std::vector<pol::Origin> os;
  for (size_t i = 0; i < 3; ++i) os.push_back({&ps[i], 0});
  EXPECT_EQ(policy_view::ShortOriginsText(os), "p-0[0], p-1[0], p-2[0]");
  os.push_back({&ps[3], 1});
  os.push_back({&ps[4], 0});
  EXPECT_EQ(policy_view::ShortOriginsText(os), "p-0[0] \u2026 p-4[0] (5)");
  EXPECT_EQ(policy_view::OriginsText(os), "p-0[0], p-1[0], p-2[0], p-3[1], p-4[0]");
}

// The Resource tab's filter over the merged fields (Chrome DevTools' Computed pane): a line
// shows when it or a line below it matches; a type with no match goes whole.
// samples/policy/inspect-one-resource: backend:http gets MeshTimeout (idleTimeout,
// http.requestTimeout, http.streamIdleTimeout, ...), MeshRetry and MeshHTTPRoute.
TEST(PolicyViewTree, TheFieldFilterKeepsMatchesAndTheirParents) {
  ImGuiFrame frame;
  ViewOnSample v("samples/policy/inspect-one-resource.scenario.yaml");
  v.view->OnEvaluated(*v.doc);
  for (int i = 0; i < 3; ++i) DrawInWindow(*v.view, v.ctx);
  EXPECT_EQ(v.view->DumpState()["field_filter"]["hidden"], 0);
  v.view->LoadState("mode=resource;fields=requestTimeout");
  for (int i = 0; i < 2; ++i) DrawInWindow(*v.view, v.ctx);
  const nlohmann::ordered_json st = v.view->DumpState();
  EXPECT_EQ(st["field_filter"]["text"], "requestTimeout");
  // Shown: MeshTimeout's http and http.requestTimeout; hidden: MeshHTTPRoute's 14 lines,
  // MeshRetry's 2 and MeshTimeout's other 2 (idleTimeout, http.streamIdleTimeout).
  EXPECT_EQ(st["field_filter"]["hidden"], 18);
  // The selected leaf (MeshHTTPRoute's, hidden now) gives way to the first field shown.
  EXPECT_EQ(st["highlighted"]["leaf"], "MeshTimeout:/http/requestTimeout");
  EXPECT_EQ(st["explains"]["what"], "MeshTimeout /http/requestTimeout = 2s");
  EXPECT_NE(v.view->SaveState().find(";fields=requestTimeout"), std::string::npos);
}

TEST(PolicyViewSelection, TheExplanationFollowsTheTabOnScreen) {
  ImGuiFrame frame;
  ViewOnSample v("samples/policy/realistic-mesh.scenario.yaml");
  ASSERT_EQ(v.doc->engine().name(), "policy");
  v.view->OnEvaluated(*v.doc);
  auto frames = [&](int n) {
    for (int i = 0; i < n; ++i) DrawInWindow(*v.view, v.ctx);
  };
  auto shown = [&]() -> std::string { return v.ctx.selected_explanation() ? v.ctx.selected_explanation()->what : "(report)"; };
  frames(3);
  nlohmann::ordered_json st = v.view->DumpState();
  ASSERT_EQ(st["explains"]["place"], "resource");
  const std::string leaf = st["highlighted"]["leaf"].get<std::string>();
  ASSERT_FALSE(leaf.empty());
  EXPECT_EQ(leaf, "MeshCircuitBreaker:/connectionLimits/maxConnections");
  const std::string leaf_what = shown();
  EXPECT_EQ(leaf_what, "MeshCircuitBreaker /connectionLimits/maxConnections = 1024");  // of the default resource, a MeshService
  EXPECT_EQ(st["explains"]["what"], leaf_what);

  v.view->LoadState("mode=types;type=MeshTimeout;tab=0;rule=0");
  frames(4);
  st = v.view->DumpState();
  EXPECT_EQ(st["explains"]["place"], "type/0");
  EXPECT_EQ(st["highlighted"]["rule"], 0);
  EXPECT_EQ(shown(), "MeshTimeout for Mesh default");
  EXPECT_EQ(st["explains"]["what"], shown());
  const std::string rule_what = shown();

  v.view->LoadState("mode=resource");
  frames(2);
  EXPECT_EQ(shown(), leaf_what) << "back on the Resource tab: its own leaf";
  EXPECT_EQ(v.view->DumpState()["highlighted"]["leaf"], leaf);

  v.view->LoadState("mode=types");
  frames(2);
  EXPECT_EQ(shown(), rule_what) << "back on the type: its row";

  v.view->LoadState("mode=types;tab=2");  // Items: nothing selected there
  frames(2);
  EXPECT_EQ(v.ctx.selected_explanation(), nullptr) << shown();
  EXPECT_EQ(v.view->DumpState()["explains"]["place"], "type/2");

  // A profile switch (the shell drops the selection): the same row, explained from the Kuma
  // release now shown; then the Resource tab's leaf, from that release's inspection.
  v.view->LoadState("mode=types;tab=0");
  frames(2);
  v.doc->set_profile("kuma-2.13");
  v.ctx.SelectExplanation(nullptr);
  frames(2);
  st = v.view->DumpState();
  EXPECT_EQ(st["explains"]["row"], "rule/0");
  EXPECT_EQ(st["explains"]["profile"], "kuma-2.13");
  EXPECT_EQ(shown(), rule_what);
  v.view->LoadState("mode=resource");
  frames(2);
  st = v.view->DumpState();
  EXPECT_EQ(st["explains"]["row"], leaf);
  EXPECT_EQ(st["explains"]["profile"], "kuma-2.13");
  EXPECT_EQ(shown(), leaf_what);
}

}  // namespace
}  // namespace cfgi::gui
