// core/matcher/matcher_engine.h: the "matcher" engine (xDS Unified Matcher with RE2 and CEL,
// gRPC A106) behind the common Engine interface: profiles grpc-core (default), envoy, a106.
//
//   const cfgi::Engine& e = cfgi::GetMatcherEngine();
//   cfgi::Report r = e.Run(scenario, query, "grpc-core", /*evaluate=*/true);
//   // r.result: {"requests": [{"request", "actions", "skipped", "matched", "trace"}], "nack", "coverage"}
//
// The GUI's view uses LoadScenarioMatcher() and matcher::Evaluate() directly: the compiled tree
// keeps every node's source range, Evaluate() fills the explanation, Issues carry the gRPC
// rejection reasons.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/engine/engine.h"
#include "core/matcher/matcher.h"

namespace cfgi {

const Engine& GetMatcherEngine();

namespace matcher {

// A scenario's matcher, its requests and its options, compiled once.
struct ScenarioMatcher {
  Compiled matcher;
  const doc::Document* document = nullptr;  // the source the matcher came from
  FilterContext filter;
  std::vector<Request> requests;
  struct Extract {  // inputs.extract: A106 CelExtractString
    std::shared_ptr<const cel::Program> program;
    std::optional<std::string> default_value;
    std::string text;
  };
  std::vector<Extract> extracts;
  std::vector<doc::Diagnostic> diagnostics;  // inputs and query problems (MAT020, CEL*)
};

// Loads the first matcher of a scenario, and its requests: from the query flags (--header,
// --path, --host, --method, --request) when any is given, else from inputs.requests.
ScenarioMatcher LoadScenarioMatcher(const Scenario& s, const Query& q);

// Converts issues to diagnostics under a profile: grpc_only issues are errors for grpc-core and
// a106 (gRPC NACKs) and notes for envoy.
std::vector<doc::Diagnostic> IssueDiagnostics(const Compiled& m, Profile p);

// Dead configuration (MAT016): matchers in a list that an earlier terminal matcher on the same
// input always pre-empts (prefix "/a" before "/ab", or a predicate that is always true).
std::vector<Issue> FindShadowed(const Compiled& m);

// The explanation as JSON, with the 1-based line of each step.
nlohmann::ordered_json TraceJson(const doc::Step& s, const doc::Source* src);

}  // namespace matcher
}  // namespace cfgi
