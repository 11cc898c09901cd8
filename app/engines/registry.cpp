// The engine registry: the list of every engine, linked where the apps link them (app/engines). Each engine adds one include and one line, in the engines' order.
#include "core/engine/document_engine.h"
#include "core/engine/engine.h"
#include "core/matcher/matcher_engine.h"
#include "core/policy/policy_engine.h"
#include "core/targeting/targeting_engine.h"
#include "core/txt/txt_engine.h"
#include "core/variants/variants_engine.h"

namespace cfgi {

const std::vector<const Engine*>& Engines() {
  static const std::vector<const Engine*> engines = {
      &GetVariantsEngine(), &GetMatcherEngine(), &GetTxtEngine(), &GetPolicyEngine(), &GetTargetingEngine(),
      &GetDocumentEngine(),
  };
  return engines;
}

}  // namespace cfgi
