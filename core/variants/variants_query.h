// core/variants/variants_query.h: what one variants evaluation asks: the subscriptions, the
// transition's "before" sources and the default resource. The CLI's flags parse into it once
// (ParseVariantsQuery, the engine's ParseQuery); the app's views and the tests build it directly:
//
//   auto q = std::make_shared<variants::VariantsQuery>();
//   variants::Subscription sub;
//   sub.params = {{"env", "prod"}};
//   q->subscriptions = std::vector<variants::Subscription>{sub};
//   Inspect(engine, scenario, Query{.typed = q}, options);
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/doc/diagnostic.h"
#include "core/engine/engine.h"
#include "core/variants/model.h"

namespace cfgi::variants {

struct VariantsQuery final : EngineQuery {
  // --params k=v,... (repeatable): one subscription per value, replacing the scenario's (inputs,
  // requests and clients). Unset: the scenario's.
  std::optional<std::vector<Subscription>> subscriptions;
  // --before NAME (repeatable): sources forming the 'before' variant set, after inputs.before's.
  std::vector<std::string> before;
  // --resource NAME: the resource that bare constraints belong to. Unset: inputs.resource, else
  // each file's stem.
  std::optional<std::string> resource;
  // The --params values, one per line (a source named "--params"): the parsed subscriptions and
  // the diagnostics point into it. Null for a built query.
  std::shared_ptr<const doc::Source> params_source;
  // The values that could not be read (VAR011 at their line of params_source, with the fix);
  // Load reports them. Empty for a built query.
  std::vector<doc::Diagnostic> diagnostics;
};

// The flags of the variants engine (query_flags()) as a VariantsQuery: every --params and
// --before in order, the last --resource.
VariantsQuery ParseVariantsQuery(const Query& flags);

}  // namespace cfgi::variants
