// The engine contract as the app uses it (docs/architecture.md "The engine contract"): the
// worker loads each engine's model once per evaluation, and a view only draws what it receives:
// OnEvaluated builds no model (core/engine/build_count.h counts every engine's compile entry
// point: policy::LoadModel, matcher::LoadScenarioMatcher, txt::Load, variants::Load,
// targeting::LoadWorkspace).
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
#include <imgui.h>

#include "app/gui/open_document.h"
#include "app/gui/views/view.h"
#include "core/engine/build_count.h"
#include "core/variants/scenario_edit.h"
#include "core/variants/variants_engine.h"

namespace cfgi::gui {
namespace {

std::optional<std::string> ReadPath(const std::string& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::unique_ptr<OpenDocument> OpenSample(const std::string& rel) {
  std::string path = std::string(CFGI_SOURCE_DIR) + "/" + rel;
  std::optional<std::string> text = ReadPath(path);
  EXPECT_TRUE(text) << path;
  return OpenDocument::Open({{path, text.value_or("")}}, ReadPath);
}

// Views may measure text in OnEvaluated (which glyphs the font has): give them a frame.
struct ImGuiFrame {
  ImGuiFrame() {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(1440, 900);
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    ImGui::NewFrame();
  }
  ~ImGuiFrame() {
    ImGui::EndFrame();
    ImGui::DestroyContext();
  }
};

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
  std::string text = d->files()[static_cast<size_t>(i)].text + "\n";
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
// (ViewContext::Ask -> OpenDocument::SetQuery), evaluated with one more model build.
TEST(DocumentQuery, ADataplaneChoiceIsAQueryForTheWorker) {
  std::unique_ptr<OpenDocument> d = OpenSample("samples/policy/realistic-mesh.scenario.yaml");
  ASSERT_EQ(d->engine().name(), "policy");
  std::string first = d->report().result["dataplane"].get<std::string>();
  uint64_t before = ModelBuilds();
  d->SetQuery(Query{{{"dataplane", "backend-5f6b7.kuma-demo"}}}, 1.0);
  ASSERT_TRUE(d->EvaluateIfDue(1.0));
  EXPECT_EQ(ModelBuilds() - before, 1u);
  EXPECT_EQ(d->report().result["dataplane"], "backend-5f6b7.kuma-demo");
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
      d->files()[0].text, {{{{"env", "test"}, {"zone", "us-2"}}, "", {}}, {{{"env", "dev"}}, "dev-client", {"route-config"}}});
  ASSERT_EQ(e.error, "");
  d->Edit(0, e.text, 1.0);
  EXPECT_TRUE(d->files()[0].dirty);
  ASSERT_TRUE(d->EvaluateIfDue(1.0 + OpenDocument::kDebounceSeconds));
  const auto* after = ModelAs<variants::VariantsModel>(d->model());
  ASSERT_TRUE(after);
  const variants::Analysis& a = after->analysis;
  ASSERT_EQ(a.subscriptions.size(), 5u);
  EXPECT_EQ(variants::RenderParams(a.subscriptions[3].params), variants::RenderParams({{"env", "test"}, {"zone", "us-2"}}));
  EXPECT_EQ(a.subscriptions[4].name, "dev-client");
  EXPECT_EQ(a.subscriptions[4].resources, std::vector<std::string>{"route-config"});
  ASSERT_EQ(a.selections.size(), 5u);
  EXPECT_EQ(a.selections[3][0].second.selected, std::optional<size_t>(1));  // env=test: variant 1
  EXPECT_EQ(a.selections[4][0].second.outcome, variants::Outcome::kNone);   // env=dev: no variant
}

}  // namespace
}  // namespace cfgi::gui
