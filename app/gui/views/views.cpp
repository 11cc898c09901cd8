// The registry of engine views. Each engine adds one declaration and one line, in the engines'
// order (variants, matcher, txt, policy, targeting); engines without a line get the generic view.
#include "app/gui/views/view.h"

namespace cfgi::gui {

std::unique_ptr<EngineView> CreateVariantsView();
std::unique_ptr<EngineView> CreateMatcherView();
std::unique_ptr<EngineView> CreateTxtView();
std::unique_ptr<EngineView> CreatePolicyView();
std::unique_ptr<EngineView> CreateTargetingView();

namespace {
struct ViewEntry {
  std::string_view engine;
  std::unique_ptr<EngineView> (*create)();
};

constexpr ViewEntry kViews[] = {
    {"variants", &CreateVariantsView},
    {"matcher", &CreateMatcherView},
    {"txt", &CreateTxtView},
    {"policy", &CreatePolicyView},
    {"targeting", &CreateTargetingView},
    {"document", &CreateGenericView},
};
}  // namespace

std::unique_ptr<EngineView> CreateView(std::string_view engine) {
  for (const ViewEntry& v : kViews)
    if (v.engine == engine) return v.create();
  return CreateGenericView();
}

}  // namespace cfgi::gui
