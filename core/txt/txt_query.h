// core/txt/txt_query.h: what one txt evaluation asks: the simulated client and the DNS name. The
// CLI's flags parse into it once (ParseTxtQuery, the engine's ParseQuery); the app's views and
// the tests build it directly:
//
//   auto q = std::make_shared<txt::TxtQuery>();
//   q->language = "go";
//   q->rand = 42;
//   Inspect(engine, scenario, Query{.typed = q}, options);
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/doc/diagnostic.h"
#include "core/engine/engine.h"

namespace cfgi::txt {

struct TxtQuery final : EngineQuery {
  // --language L: the client language for every profile (replaces inputs.language, also a
  // per-profile map there). Unset: inputs.language, else each profile's own.
  std::optional<std::string> language;
  // --hostname H: compared with clientHostname. Unset: inputs.hostname.
  std::optional<std::string> hostname;
  // --rand N: the random draw 0..99 used for every percentage. Unset: inputs.rand, else 50.
  std::optional<int> rand;
  // --name NAME: the DNS name to evaluate. Unset: inputs.name, else the first _grpc_config name.
  std::optional<std::string> name;
  // The flags' values that could not be read (TXT041 for a --rand that is not 0..99), each with
  // its fix. They have no file of their own: Load reports them at 1:1 of the scenario file (or
  // the DNS source when there is none), as it reports a bad inputs.rand there.
  std::vector<doc::Diagnostic> diagnostics;
};

// The flags of the txt engine (query_flags()) as a TxtQuery: the last value of each flag.
TxtQuery ParseTxtQuery(const Query& flags);

}  // namespace cfgi::txt
