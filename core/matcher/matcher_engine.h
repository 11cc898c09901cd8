// core/matcher/matcher_engine.h: the "matcher" engine (xDS Unified Matcher with RE2 and CEL,
// gRPC A106) behind the common Engine interface: profiles grpc-core (default), envoy, grpc-java,
// a106.
//
//   auto m = cfgi::GetMatcherEngine().Load(scenario, query, cfgi::Mode::kEvaluate);
//   doc::Explanation why;
//   auto r = m->Evaluate("grpc-core", &why);
//   r->ToJson();  // {"requests": [{"request", "actions", "skipped", "matched", "trace"}], "nack", "coverage"}
//                 // ("trace" only when evaluated with a `why`)
//
// The view reads the typed MatcherModel (the compiled tree keeps every node's source range;
// its diagnostics and RejectedBy record carry the gRPC rejection reasons) and MatcherResult (per request the matcher::Result
// and its explanation step); it evaluates only the request the user edits, on this model.
#pragma once

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/engine/engine.h"
#include "core/matcher/envoy_config.h"
#include "core/matcher/matcher.h"
#include "core/matcher/matcher_query.h"

namespace cfgi {

const Engine& GetMatcherEngine();

namespace matcher {

// A matcher found inside an Envoy configuration (core/matcher/envoy_config.h), compiled.
struct DiscoveredMatcher {
  FoundMatcher where;
  Compiled matcher;
  const doc::Document* document = nullptr;
  std::vector<UnevaluatedInput> unevaluated;  // input types evaluation treats as no data (MAT041)
};

// A scenario's matcher, its requests and its options, compiled once.
struct ScenarioMatcher {
  Compiled matcher;  // the one evaluated in full (the selected discovered matcher, if any)
  const doc::Document* document = nullptr;  // the source the matcher came from
  // Envoy configurations: every matcher found, in document order; `selected` indexes the one
  // `matcher` holds (--matcher PATH or inputs.matcher, else the first).
  EnvoyShape envoy_shape = EnvoyShape::kNone;
  std::vector<DiscoveredMatcher> discovered;
  size_t selected = 0;
  std::vector<OpaqueAny> opaque;
  std::vector<std::shared_ptr<const doc::Node>> trees;  // keeps textproto trees alive
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

// The engine's model: the scenario's matcher compiled once, with its requests.
class MatcherModel final : public EngineModel {
 public:
  std::unique_ptr<EngineResult> Evaluate(std::string_view profile, doc::Explanation* why = nullptr) const override;
  // "branch" items: every OnMatch of every matcher evaluated (matcher_coverage.cpp).
  std::vector<CoverageItem> Coverage(const EngineResult& r) const override;
  // Evaluates another request (a view's what-if) on the compiled matcher.
  Result EvaluateRequest(const Request& r, Profile p, doc::Step* why = nullptr) const {
    return matcher::Evaluate(sm.matcher, r, p, why);
  }
  ScenarioMatcher sm;
  bool query_requests = false;  // the requests came from query flags (no coverage notes then)
};

// One profile's evaluation of every request.
class MatcherResult final : public EngineResult {
 public:
  nlohmann::ordered_json ToJson() const override;
  struct RequestResult {
    const Request* request = nullptr;  // into MatcherModel::sm.requests
    Result result;
    doc::Step why;  // the request's trace; empty unless the evaluation was asked to explain
    std::vector<std::optional<std::string>> extracts;  // per ScenarioMatcher::extracts (null: none)
  };
  Profile id = Profile::kGrpcCore;
  const MatcherModel* model = nullptr;
  bool evaluated = false;                 // false in kCheck mode or without a matcher
  // Evaluate was given a `why`: each request has its trace (RequestResult::why, the JSON's
  // "trace"); without one none is built (the fast path, `test`).
  bool explained = false;
  std::vector<RequestResult> requests;
  // Per discovered matcher (ScenarioMatcher::discovered), each request's outcome.
  std::vector<std::vector<Result>> discovered;
  std::vector<std::string> nack;          // "CODE line:col message" for every gRPC rejection
  std::set<int> reached;                  // OnMatch node ids some request reached
  size_t unreached_count = 0;
};

// The outcomes every profile gives alike, found on the typed results (matcher_compare.cpp): per
// request of the results (MatcherResult::requests) and per discovered matcher and request
// (MatcherResult::discovered). `comparable` is false when the results are not evaluations of one
// model (the comparison then serialises them whole).
struct SameOutcomes {
  bool comparable = false;
  std::vector<bool> requests;
  std::vector<std::vector<bool>> discovered;
};
SameOutcomes FindSameOutcomes(const std::vector<const MatcherResult*>& results);

// The matcher engine's Engine::CompareResults: each result as ToJson prints it, with the outcomes
// FindSameOutcomes finds alike (and every request itself) as one placeholder in every profile,
// compared by cfgi::Compare; the comparison of the full JSON exactly.
Comparison CompareTyped(const Engine& e, const std::vector<ComparedResult>& results);

// A predicate in a few words, as MAT016 and the editor's outline name it: "header 'x-user' exact
// 'a'", "CEL request.path == '/'", "custom_match: true", "or_matcher".
std::string DescribePredicate(const Predicate& p);

// A result's outcome as the engine's result prints it (each discovered matcher's outcome for a
// request): {"actions", "skipped", "matched"}.
nlohmann::ordered_json RequestResultJson(const Result& r);

// CEL text compiled as the engine compiles it (cel_expr_string, inputs.extract): the A106 subset,
// then the result type checked for its use. `type_error` is that check's finding (CEL007): a
// warning for CelExtractString, a gRPC NACK for a CelMatcher.
struct CelText {
  cel::Compiled compiled;               // compiled.errors: the syntax and subset errors
  std::optional<cel::Error> type_error;
};
CelText CompileCelText(const std::string& text, cel::Use use);

// What one compiled CEL program gives a request under a profile (the view's CEL playground):
// its value, CelMatcher's match and CelExtractString's string, each with gRPC's reason.
struct CelEvaluation {
  cel::Value value;
  bool match = false;
  std::string match_detail;
  std::optional<std::string> extracted;
  std::string extract_detail;
  // Each sub-expression's value for this request (cel::EvaluateSubExpressions), for the CEL tab.
  std::vector<cel::SubExpression> sub;
};
CelEvaluation EvaluateCel(const cel::Program& p, const Request& r, Profile profile);

// The CEL playground's whole answer for one text, made off the UI thread (the app's worker runs
// it as a job; the matcher view only draws it): the text compiled as CompileCelText compiles it,
// every error (the syntax and subset errors, then CEL007 from the type check), whether CEL007 is
// only a warning (CelExtractString), and the outcome under each profile (Profiles() order) for
// `request`. `per_profile` is empty when the text does not compile. Never fails: bad text gives
// errors with byte ranges into `text`.
struct CelTextWhatIf {
  std::string text;
  cel::Use use = cel::Use::kMatcher;
  cel::Compiled compiled;
  std::vector<cel::Error> errors;
  bool type_warning = false;
  std::vector<CelEvaluation> per_profile;
};
CelTextWhatIf EvaluateCelText(const std::string& text, cel::Use use, const Request& request);

// A what-if request (the app's edited request) on a loaded model under every profile, and whether
// the profiles' outcomes differ (the engine's CompareResults, as for the scenario's requests): the matcher view runs it as a
// job on the worker (ViewContext::Run) and only draws the outcome. `results[i].actions` point
// into `model`'s matcher, which the outcome keeps alive. Never fails.
struct RequestWhatIf {
  std::shared_ptr<const MatcherModel> model;
  Request request;
  std::vector<Result> results;  // Profiles() order
  std::vector<doc::Step> why;   // each result's explanation
  size_t diverges = 0;          // the comparison's differing answers: 1 when the profiles' outcomes differ, else 0
};
RequestWhatIf EvaluateRequestEveryProfile(std::shared_ptr<const MatcherModel> model, const Request& request);

// The app's edited request as typed: one header per line, "k=v" or "k: v" (the first '=', else the
// first ':' after the first character, so ":path: /x" works); header names are lower-cased;
// :path, :method, :authority (or host) and :scheme set the request's pseudo-headers;
// destination_ip, destination_port, source_ip, source_port, direct_source_ip, source_type,
// server_name, transport_protocol and application_protocol (one per line) set its connection
// (Envoy's network inputs); blank lines
// and lines starting with '#' are skipped. Read on the worker, with the request's evaluation.
Request RequestFromText(std::string_view text);

// Loads the first matcher of a scenario, and its requests: the query's request when it has one,
// else inputs.requests. Envoy
// configurations (a bootstrap, a listener, /config_dump, a DiscoveryResponse) are searched for
// every embedded matcher; --matcher PATH (or inputs.matcher) picks the one evaluated in full
// (a path from the result's envoy.matchers, or its index); an unknown one is MAT043.
ScenarioMatcher LoadScenarioMatcher(const Scenario& s, const MatcherQuery& q);

// The loading findings (Compiled::diagnostics) as `p` reports them, by Compiled::rejected_by:
// kGrpc findings are as found under grpc-core, grpc-java and a106 (gRPC NACKs) and notes ("gRPC
// only: ...") under envoy; kGrpcCore findings are notes under grpc-java and envoy; kGrpcJava
// findings exist under grpc-java only. For a matcher found in Envoy configuration (`where`) in a
// field gRPC does not read (FoundMatcher::grpc_reads false), every finding some implementation
// accepts is a note under every gRPC profile.
std::vector<doc::Diagnostic> ProfileDiagnostics(const Compiled& m, Profile p, const FoundMatcher* where = nullptr);

// Dead configuration (MAT016): matchers in a list that an earlier terminal matcher on the same
// input always pre-empts (prefix "/a" before "/ab", or a predicate that is always true). Appended
// to m.diagnostics (every profile reports them).
void FindShadowed(Compiled& m);

// The step that decided the request's last action (Result::decided_by) as JSON {"what", "detail",
// "path", "line"}; null when no action was added.
nlohmann::ordered_json DecisionJson(const Result& r, const doc::Source* src);

// True when the evaluated matcher is an Envoy RBAC filter's matcher or shadow_matcher.
bool IsRbacMatcher(const ScenarioMatcher& sm);
// The RBAC answer for a result: the last action's envoy.config.rbac.v3.Action (ALLOW / DENY /
// LOG and its name), or DENY without a name when an RBAC filter's matcher gave no action (Envoy
// denies; not when the result depends on an unevaluated input). Nullopt otherwise.
std::optional<RbacDecision> RbacAnswer(const ScenarioMatcher& sm, const Result& r);

// The explanation as JSON, with the 1-based line of each step.
nlohmann::ordered_json TraceJson(const doc::Step& s, const doc::Source* src);

}  // namespace matcher
}  // namespace cfgi
