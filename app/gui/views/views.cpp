// The registry of engine views: for each engine of app/engines/engine_list.h its view
// (Create<Name>View, in views/<name>/) and the view's worker-side step (Build<Name>Rows: the rows
// that need serialising, JSON values as text, made on the worker with the evaluation; null from a
// view whose typed results are all it draws). The document engine and any other get the generic view.
#include "app/engines/engine_list.h"
#include "app/gui/views/view.h"

namespace cfgi::gui {

#define CFGI_VIEW_DECLARATIONS(name, Name)  \
  std::unique_ptr<EngineView> Create##Name##View(); \
  std::shared_ptr<const ViewRows> Build##Name##Rows(const Inspection& in);
CFGI_FOR_EACH_ENGINE(CFGI_VIEW_DECLARATIONS)
#undef CFGI_VIEW_DECLARATIONS

namespace {
struct ViewEntry {
  std::string_view engine;
  std::unique_ptr<EngineView> (*create)();
  std::shared_ptr<const ViewRows> (*rows)(const Inspection&);
};

#define CFGI_VIEW_ENTRY(name, Name) {#name, &Create##Name##View, &Build##Name##Rows},
constexpr ViewEntry kViews[] = {CFGI_FOR_EACH_ENGINE(CFGI_VIEW_ENTRY)};
#undef CFGI_VIEW_ENTRY
}  // namespace

std::unique_ptr<EngineView> CreateView(std::string_view engine) {
  for (const ViewEntry& v : kViews)
    if (v.engine == engine) return v.create();
  return CreateGenericView();
}

std::shared_ptr<const ViewRows> BuildViewRows(const Inspection& in) {
  if (!in.engine) return nullptr;
  for (const ViewEntry& v : kViews)
    if (v.engine == in.engine->name()) return v.rows(in);
  return nullptr;
}

}  // namespace cfgi::gui
