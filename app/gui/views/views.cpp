// The registry of engine views. Each engine adds one declaration and one line, in the engines'
// order (variants, matcher, txt, policy, targeting); engines without a line get the generic view.
// A view whose rows need serialising (JSON values as text) names its worker-side step too.
#include "app/gui/views/view.h"

namespace cfgi::gui {

std::unique_ptr<EngineView> CreateVariantsView();
std::unique_ptr<EngineView> CreateMatcherView();
std::unique_ptr<EngineView> CreateTxtView();
std::unique_ptr<EngineView> CreatePolicyView();
std::unique_ptr<EngineView> CreateTargetingView();
// The views' worker-side steps (ViewRows).
std::shared_ptr<const ViewRows> BuildMatcherRows(const Inspection& in);     // matcher/matcher_view.cpp
std::shared_ptr<const ViewRows> BuildPolicyRows(const Inspection& in);      // policy/policy_texts.h
std::shared_ptr<const ViewRows> BuildTargetingRows(const Inspection& in);   // targeting_view.cpp

namespace {
struct ViewEntry {
  std::string_view engine;
  std::unique_ptr<EngineView> (*create)();
  // The view's worker-side step (OpenDocument's ViewRows), or null when the typed results are
  // all it draws.
  std::shared_ptr<const ViewRows> (*rows)(const Inspection&) = nullptr;
  bool draws_json = false;  // the view draws Report::result (ViewDrawsResultJson)
};

constexpr ViewEntry kViews[] = {
    {"variants", &CreateVariantsView},
    {"matcher", &CreateMatcherView, &BuildMatcherRows},
    {"txt", &CreateTxtView},
    {"policy", &CreatePolicyView, &BuildPolicyRows},
    {"targeting", &CreateTargetingView, &BuildTargetingRows},
    {"document", &CreateGenericView, nullptr, true},
};
}  // namespace

std::unique_ptr<EngineView> CreateView(std::string_view engine) {
  for (const ViewEntry& v : kViews)
    if (v.engine == engine) return v.create();
  return CreateGenericView();
}

std::shared_ptr<const ViewRows> BuildViewRows(const Inspection& in) {
  if (!in.engine) return nullptr;
  for (const ViewEntry& v : kViews)
    if (v.engine == in.engine->name()) return v.rows ? v.rows(in) : nullptr;
  return nullptr;
}

bool ViewDrawsResultJson(std::string_view engine) {
  for (const ViewEntry& v : kViews)
    if (v.engine == engine) return v.draws_json;
  return true;  // the generic view
}

}  // namespace cfgi::gui
