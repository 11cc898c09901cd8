// The engine registry. Each engine adds one include and one line here, in DESIGN.md's order.
#include "core/engine/document_engine.h"
#include "core/engine/engine.h"
#include "core/targeting/targeting_engine.h"

namespace cfgi {

const std::vector<const Engine*>& Engines() {
  static const std::vector<const Engine*> engines = {
      // engines: variants, matcher, txt, policy, targeting
      &GetTargetingEngine(),
      &GetDocumentEngine(),
  };
  return engines;
}

}  // namespace cfgi
