// The engine registry: cfgi::Engines(), every engine of app/engines/engine_list.h in its order, then
// the document engine (the fallback for any other document). Linked where the apps link them.
#include "app/engines/engine_list.h"
#include "core/engine/document_engine.h"
#include "core/engine/engine.h"
#include "core/matcher/matcher_engine.h"
#include "core/policy/policy_engine.h"
#include "core/targeting/targeting_engine.h"
#include "core/txt/txt_engine.h"
#include "core/variants/variants_engine.h"

namespace cfgi {

const std::vector<const Engine*>& Engines() {
#define CFGI_ENGINE_ENTRY(name, Name) &Get##Name##Engine(),
  static const std::vector<const Engine*> engines = {CFGI_FOR_EACH_ENGINE(CFGI_ENGINE_ENTRY) & GetDocumentEngine()};
#undef CFGI_ENGINE_ENTRY
  return engines;
}

}  // namespace cfgi
