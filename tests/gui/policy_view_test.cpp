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

// The Profiles tab: every profile's rules of the type as one tree with a column per profile, as
// the txt Config tab (txt::MergeConfigTrees), rows made on the worker (PolicyTexts::profiles);
// the rows marked where the one comparison has a divergence, and the marked answer rows add up
// to the tab's count (Comparison::CountUnder). samples/policy/profiles-diverge: on backend's
// http section Kuma sorts z-section (sectionName) last, so 1s wins; the MADR's name order lets
// a-plain's 9s win (the sample's description; Kuma pkg/plugins/policies/core/rules/
// resource/resource.go and the MADR's sort). Mesh-wide mesh-default's connectionTimeout 5s is the
// same everywhere.
TEST(PolicyViewProfiles, OneTreeAColumnPerProfileTheDifferingRowsMarked) {
  ImGuiFrame frame;
  ViewOnSample v("samples/policy/profiles-diverge.scenario.yaml");
  v.view->OnEvaluated(*v.doc);
  v.view->LoadState("mode=types;type=MeshTimeout;tab=4");
  Frames(v, 4);
  const nlohmann::ordered_json st = v.view->DumpState();
  ASSERT_TRUE(st.contains("profiles")) << st.dump();
  const nlohmann::ordered_json& p = st["profiles"];
  EXPECT_EQ(p["columns"], nlohmann::ordered_json::parse(R"(["kuma-2.14","kuma-2.13","kuma-2.10","kuma-3.0-preview","madr"])"));
  // The count is the comparison's: differing answers under the type's "/rules/T".
  size_t t = 0;
  for (const Report& rep : v.doc->reports())
    if (const auto* r = ResultAs<policy::PolicyResult>(rep.typed.get()); r && rep.profile == "kuma-2.14")
      for (size_t i = 0; i < r->rules.types.size(); ++i)
        if (r->rules.types[i].type == "MeshTimeout") t = i;
  const size_t count = v.doc->comparison().CountUnder("/rules/" + std::to_string(t));
  EXPECT_EQ(count, 7u);  // items 1 and 2, the four rules, the legacy toRules list (CLI: "divergences")
  EXPECT_EQ(p["count"], count);
  EXPECT_EQ(p["marked_answers"], count);
  EXPECT_EQ(p["differing_rows"], nlohmann::ordered_json::parse(R"(["Mesh default", "MeshHTTPRoute route-1",
      "MeshService backend", "MeshService backend :http", "[1]", "[2]", "toRules"])"));
  // The rows: one tree, the values per profile; the differing leaf marked, the same one not.
  const auto* texts = dynamic_cast<const PolicyTexts*>(v.doc->view_rows());
  ASSERT_NE(texts, nullptr);
  const ProfilesTree* tree = texts->ProfilesOf(t);
  ASSERT_NE(tree, nullptr);
  const ProfilesRow* head = nullptr;
  const ProfilesRow* timeout = nullptr;
  const ProfilesRow* connect = nullptr;
  for (const ProfilesRow& r : tree->rows) {
    if (r.key == "MeshService backend :http") head = &r;
    if (head && !timeout && r.key == "requestTimeout") timeout = &r;
    if (head && !connect && r.key == "connectionTimeout") connect = &r;
  }
  ASSERT_TRUE(head && timeout && connect);
  EXPECT_TRUE(head->answer && head->differs);
  EXPECT_EQ(head->id, "/rules/" + std::to_string(t) + "/toResourceRules/3");
  EXPECT_EQ(timeout->cells, (std::vector<std::string>{"1s", "1s", "1s", "1s", "9s"}));
  EXPECT_TRUE(timeout->differs);
  EXPECT_EQ(connect->cells, (std::vector<std::string>{"5s", "5s", "5s", "5s", "5s"}));
  EXPECT_FALSE(connect->differs);
  // The answer's explanation: what each group of profiles gives (the comparison's words).
  EXPECT_EQ(head->why.what, "MeshTimeout: MeshService backend :http differs between profiles");
  ASSERT_EQ(head->why.children.size(), 3u);
  EXPECT_EQ(head->why.children[2].what, "madr gives");
  EXPECT_EQ(head->why.children[2].detail.rfind("conf.http.requestTimeout \"9s\"", 0), 0u) << head->why.children[2].detail;
}

// One selection model (Selections): in every tab of the policy view the Explanation's subject is
// the row drawn selected, after a click (a view state selects the same way), after a tab switch
// and back, and after a profile switch. samples/policy/profiles-diverge.
TEST(PolicyViewSelection, TheSubjectIsTheSelectedRowInEveryTab) {
  ImGuiFrame frame;
  ViewOnSample v("samples/policy/profiles-diverge.scenario.yaml");
  v.view->OnEvaluated(*v.doc);
  auto state = [&](const char* s, int n = 3) {
    v.view->LoadState(s);
    Frames(v, n);
    return v.view->DumpState();
  };
  // The Resource tab: the leaf highlighted is the one explained.
  nlohmann::ordered_json st = state("mode=resource;leaf=MeshTimeout:/connectionTimeout");
  EXPECT_EQ(st["explains"]["place"], "resource");
  EXPECT_EQ(st["highlighted"]["leaf"], "MeshTimeout:/connectionTimeout");
  EXPECT_EQ(st["explains"]["row"], "MeshTimeout:/connectionTimeout");
  EXPECT_EQ(Shown(v.ctx).rfind("MeshTimeout /connectionTimeout = 5s", 0), 0u) << Shown(v.ctx);
  const std::string leaf_what = Shown(v.ctx);
  // Resources: a row clicked.
  st = state("mode=types;type=MeshTimeout;tab=0;rule=2", 4);
  EXPECT_EQ(st["explains"]["place"], "type/0");
  EXPECT_EQ(st["highlighted"]["rule"], 2);
  EXPECT_EQ(st["explains"]["row"], "rule/2");
  EXPECT_EQ(Shown(v.ctx), "MeshTimeout for MeshService backend");
  // Profiles: the first differing answer until a click, then the row clicked.
  st = state("tab=4");
  EXPECT_EQ(st["explains"]["place"], "type/4");
  std::string id = st["profiles"]["highlighted"];
  EXPECT_EQ(st["explains"]["row"], "profiles:" + id);
  EXPECT_EQ(Shown(v.ctx), "MeshTimeout: Mesh default differs between profiles");
  const std::string http = id.substr(0, id.rfind('/') + 1) + "3";
  st = state(("prow=" + http).c_str());
  EXPECT_EQ(st["profiles"]["highlighted"], http);
  EXPECT_EQ(st["explains"]["row"], "profiles:" + http);
  EXPECT_EQ(Shown(v.ctx), "MeshTimeout: MeshService backend :http differs between profiles");
  EXPECT_NE(v.view->SaveState().find(";prow=" + http), std::string::npos);
  // A tab switch and back: each tab its own row.
  st = state("tab=0");
  EXPECT_EQ(st["explains"]["row"], "rule/2");
  EXPECT_EQ(Shown(v.ctx), "MeshTimeout for MeshService backend");
  st = state("tab=4");
  EXPECT_EQ(st["profiles"]["highlighted"], http);
  EXPECT_EQ(Shown(v.ctx), "MeshTimeout: MeshService backend :http differs between profiles");
  st = state("mode=resource");
  EXPECT_EQ(st["highlighted"]["leaf"], "MeshTimeout:/connectionTimeout");
  EXPECT_EQ(Shown(v.ctx), leaf_what);
  // A profile switch: the same rows, explained under kuma-2.10.
  st = state("mode=types;tab=4");
  SwitchProfile(v, "kuma-2.10");
  Frames(v, 3);
  st = v.view->DumpState();
  EXPECT_EQ(st["explains"]["profile"], "kuma-2.10");
  EXPECT_EQ(st["profiles"]["highlighted"], http);
  EXPECT_EQ(Shown(v.ctx), "MeshTimeout: MeshService backend :http differs between profiles");
  st = state("tab=0");
  EXPECT_EQ(st["explains"]["profile"], "kuma-2.10");
  EXPECT_EQ(st["highlighted"]["rule"], 2);
  EXPECT_EQ(Shown(v.ctx), "MeshTimeout for MeshService backend");
  st = state("mode=resource");
  EXPECT_EQ(st["explains"]["profile"], "kuma-2.10");
  EXPECT_EQ(st["highlighted"]["leaf"], "MeshTimeout:/connectionTimeout");
  EXPECT_EQ(Shown(v.ctx), leaf_what);
}

// The Inbound / proxy tab's rows are explained as a Resources row is: the first until a click,
// the row clicked, again after a tab switch and back and after a profile switch.
// samples/policy/kuma-2.14-mesh: MeshTrafficPermission's listed rules of the http inbound.
TEST(PolicyViewSelection, AnInboundRowClickExplainsThatRow) {
  ImGuiFrame frame;
  ViewOnSample v("samples/policy/kuma-2.14-mesh.scenario.yaml");
  v.view->OnEvaluated(*v.doc);
  auto state = [&](const char* s, int n = 3) {
    v.view->LoadState(s);
    Frames(v, n);
    return v.view->DumpState();
  };
  nlohmann::ordered_json st = state("mode=types;type=MeshTrafficPermission;tab=1", 4);
  EXPECT_EQ(st["explains"]["place"], "type/1");
  EXPECT_EQ(st["explains"]["row"], "inbound/0");
  EXPECT_EQ(st["highlighted"]["inbound"], 0);
  EXPECT_EQ(Shown(v.ctx), "MeshTrafficPermission for inbound " + st["explains"]["text"].get<std::string>());
  st = state("inb=1");
  EXPECT_EQ(st["explains"]["row"], "inbound/1");
  EXPECT_EQ(st["highlighted"]["inbound"], 1);
  const std::string row1 = Shown(v.ctx);
  EXPECT_EQ(row1, "MeshTrafficPermission for inbound " + st["explains"]["text"].get<std::string>());
  EXPECT_EQ(st["explains"]["what"], row1);
  st = state("tab=2");  // Items: nothing selected there
  EXPECT_EQ(v.ctx.selected_explanation(), nullptr) << Shown(v.ctx);
  st = state("tab=1");
  EXPECT_EQ(st["explains"]["row"], "inbound/1");
  EXPECT_EQ(Shown(v.ctx), row1);
  SwitchProfile(v, "kuma-2.13");
  Frames(v, 3);
  st = v.view->DumpState();
  EXPECT_EQ(st["explains"]["profile"], "kuma-2.13");
  EXPECT_EQ(st["explains"]["row"], "inbound/1");
  EXPECT_EQ(st["highlighted"]["inbound"], 1);
  EXPECT_EQ(Shown(v.ctx), row1) << "kuma-2.13 lists the same rules";
}

// The merge stack goes under the merged tree when the two do not fit side by side by what they
// need across (the tree's widest line, the stack's columns), whatever the window's size.
// samples/policy/inspect-one-resource.
TEST(PolicyViewTree, TheStackGoesUnderTheTreeWhenBesideWouldCutEither) {
  EXPECT_FALSE(policy_view::StackUnderTree(900, 400, 450, 20));
  EXPECT_TRUE(policy_view::StackUnderTree(860, 400, 450, 20));
  ImGuiFrame frame;
  ViewOnSample v("samples/policy/inspect-one-resource.scenario.yaml");
  v.view->LoadState("mode=resource");
  v.view->OnEvaluated(*v.doc);
  auto layout = [&](float w) {
    for (int i = 0; i < 4; ++i) {
      ImGui::SetNextWindowPos(ImVec2(0, 0));
      ImGui::SetNextWindowSize(ImVec2(w, 760));
      DrawInWindow(*v.view, v.ctx);
    }
    return v.view->DumpState();
  };
  nlohmann::ordered_json wide = layout(1400);
  const int tree = wide["stack_layout"]["tree_need"], stack = wide["stack_layout"]["stack_need"];
  EXPECT_GT(tree, 200) << wide["stack_layout"].dump();
  EXPECT_GT(stack, 200) << wide["stack_layout"].dump();
  EXPECT_FALSE(wide["stack_under_tree"]);
  EXPECT_GE(wide["stack_layout"]["width"].get<int>(), tree + stack);
  // Narrower than both need: under; the needs are the content's, not the window's.
  nlohmann::ordered_json narrow = layout(static_cast<float>(tree + stack) * 0.9f);
  EXPECT_TRUE(narrow["stack_under_tree"]) << narrow["stack_layout"].dump();
  EXPECT_EQ(narrow["stack_layout"]["mode"], "under");
  EXPECT_EQ(narrow["stack_layout"]["tree_need"], tree);
  EXPECT_EQ(narrow["stack_layout"]["stack_need"], stack);
  // Stacked, the stack keeps its 8 rows.
  EXPECT_GE(narrow["table"]["room"].get<double>(), 8.0) << narrow["table"].dump();
  EXPECT_EQ(wide["stack_layout"]["mode"], "beside");
  // Too short for the tree's 6 lines above the stack's 8 rows: two tabs of the whole height.
  for (int i = 0; i < 4; ++i) {
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(static_cast<float>(tree + stack) * 0.9f, 330));
    DrawInWindow(*v.view, v.ctx);
  }
  nlohmann::ordered_json shortw = v.view->DumpState();
  EXPECT_EQ(shortw["stack_layout"]["mode"], "tabs:tree") << shortw["stack_layout"].dump();
  v.view->LoadState("pane=stack");
  for (int i = 0; i < 3; ++i) {
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(static_cast<float>(tree + stack) * 0.9f, 330));
    DrawInWindow(*v.view, v.ctx);
  }
  shortw = v.view->DumpState();
  EXPECT_EQ(shortw["stack_layout"]["mode"], "tabs:stack") << shortw["stack_layout"].dump();
  EXPECT_EQ(shortw["table"]["id"], "stack");
  EXPECT_GE(shortw["table"]["room"].get<double>(), 8.0) << shortw["table"].dump();
}

}  // namespace
}  // namespace cfgi::gui
