// core/matcher/matcher_query.h: what one matcher evaluation asks. The CLI's flags parse into it
// once (ParseMatcherQuery, the engine's ParseQuery); the app's views and the tests build it
// directly:
//
//   auto q = std::make_shared<matcher::MatcherQuery>();
//   q->request = matcher::Request{.headers = {{"x-user-segment", "premium"}}, .path = "/pay"};
//   q->matcher = "static_resources.listeners[0]...";  // one of an Envoy configuration's matchers
//   Inspect(engine, scenario, Query{.typed = q}, options);
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/doc/diagnostic.h"
#include "core/engine/engine.h"
#include "core/matcher/matcher.h"

namespace cfgi::matcher {

struct MatcherQuery final : EngineQuery {
  // The request to evaluate (--header, --path, --host, --method, --request, the connection's
  // --destination-ip ..., --uri-san ...). Unset: the scenario's inputs.requests.
  std::optional<Request> request;
  // True when request flags were given, even when none of their values could be read (then
  // `request` may be unset): the result still says the requests came from the query.
  bool request_flags = false;
  // --matcher PATH or INDEX: which matcher of an Envoy configuration is evaluated in full.
  // Unset: inputs.matcher, else the first.
  std::optional<std::string> matcher;
  // The flags' values that could not be read (MAT020 at the "(command line)", a --request's JSON
  // errors at "--request"), each with its fix; Load reports them. Empty for a built query.
  std::vector<doc::Diagnostic> diagnostics;
};

// The flags of the matcher engine (query_flags()) as a MatcherQuery: the last value of a single
// flag, every value of a repeatable one in order (--application-protocol h2,http/1.1 splits at
// commas); header names lower-cased. A value that is not name=value, key=value, filter={JSON
// object} or a valid connection field is MAT020 and left out.
MatcherQuery ParseMatcherQuery(const Query& flags);

}  // namespace cfgi::matcher
