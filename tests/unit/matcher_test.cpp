// The Unified Matcher: the four A106 examples with the results the spec states, gRPC's
// rejection reasons with positions, the profile differences (grpc-core, envoy, grpc-java, a106), the
// StringMatcher rules, dead matchers, and every sample scenario's expectations.
#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <fstream>
#include <sstream>
#include <cstring>

#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "core/matcher/matcher_engine.h"

namespace cfgi::matcher {
namespace {

Compiled Compile(const std::string& name, const std::string& text, const FilterContext& f = {}) {
  doc::Document d = doc::LoadDocument(name, text);
  EXPECT_FALSE(doc::HasErrors(d.diagnostics)) << name;
  return matcher::Compile(d, f);
}

Request Headers(std::vector<std::pair<std::string, std::string>> h) {
  Request r;
  r.headers = std::move(h);
  return r;
}

std::vector<std::string> Names(const std::vector<const Action*>& a) {
  std::vector<std::string> out;
  for (const Action* x : a) out.push_back(x->name);
  return out;
}

std::vector<std::string> Actions(const Compiled& m, const Request& r, Profile p = Profile::kGrpcCore) {
  return Names(Evaluate(m, r, p).actions);
}

using V = std::vector<std::string>;

const char* kExample1 = R"({
  "matcher_list": {
    "matchers": [
      {
        "predicate": {
          "single_predicate": {
            "input": { "header_name": "x-user-segment" },
            "value_match": { "exact": "premium" }
          }
        },
        "on_match": { "action": "route_to_premium_cluster" }
      },
      {
        "predicate": {
          "single_predicate": {
            "input": { "header_name": "x-user-segment" },
            "value_match": { "prefix": "standard-" }
          }
        },
        "on_match": { "action": "route_to_standard_cluster" }
      }
    ]
  },
  "on_no_match": { "action": "route_to_default_cluster" }
})";

// The A106 examples give the same results under every profile; grpc-java has them as tests too
// (UnifiedMatcherTest matcherList_example1_simpleLinearMatch, matcherList_example2_keepMatching,
// matcherList_example3_nestedMatcher; MatcherTreeTest matcherTree_example4_prefixMap).
TEST(MatcherA106, Example1SimpleLinearMatch) {
  Compiled m = Compile("e1.json", kExample1);
  ASSERT_TRUE(m.root);
  EXPECT_TRUE(m.simplified);
  for (Profile p : {Profile::kGrpcCore, Profile::kEnvoy, Profile::kGrpcJava, Profile::kA106}) {
    Result r1 = Evaluate(m, Headers({{"x-user-segment", "standard-user-1"}}), p);
    EXPECT_EQ(Names(r1.actions), V{"route_to_standard_cluster"});
    EXPECT_TRUE(r1.matched);
    Result r2 = Evaluate(m, Headers({{"x-user-segment", "guest"}}), p);
    EXPECT_EQ(Names(r2.actions), V{"route_to_default_cluster"});
    EXPECT_TRUE(r2.matched);
  }
  EXPECT_EQ(Actions(m, Headers({{"x-user-segment", "premium"}})), V{"route_to_premium_cluster"});
  // The simplified notation is a note, once, with the canonical form.
  ASSERT_EQ(m.diagnostics.size(), 1u);
  EXPECT_EQ(m.diagnostics[0].code, "MAT013");
  EXPECT_EQ(m.diagnostics[0].severity, doc::Severity::kNote);
  EXPECT_TRUE(m.rejected_by.empty());
}

TEST(MatcherA106, Example1Explanation) {
  Compiled m = Compile("e1.json", kExample1);
  doc::Step why;
  Evaluate(m, Headers({{"x-user-segment", "standard-user-1"}}), Profile::kGrpcCore, &why);
  ASSERT_EQ(why.children.size(), 2u);
  EXPECT_EQ(why.children[0].what, "matchers[0]");
  EXPECT_EQ(why.children[0].outcome, doc::Outcome::kNoMatch);
  EXPECT_EQ(why.children[0].children[0].detail, "header 'x-user-segment' = 'standard-user-1'; exact 'premium': false");
  EXPECT_EQ(why.children[1].outcome, doc::Outcome::kMatched);
  EXPECT_EQ(why.children[1].children[0].detail, "header 'x-user-segment' = 'standard-user-1'; prefix 'standard-': true");
  EXPECT_EQ(why.children[1].children[1].what, "action route_to_standard_cluster");
  EXPECT_EQ(m.source->Locate(why.children[1].range.begin).line, 13);
}

TEST(MatcherA106, Example2KeepMatching) {
  Compiled m = Compile("e2.yaml", R"(matcher_list:
  matchers:
    - predicate: {single_predicate: {custom_match: true}}
      on_match: {action: action_1, keep_matching: true}
    - predicate: {single_predicate: {custom_match: false}}
      on_match: {action: action_2}
    - predicate: {single_predicate: {custom_match: true}}
      on_match: {action: action_3}
    - predicate: {single_predicate: {custom_match: false}}
      on_match: {action: action_4}
)");
  for (Profile p : {Profile::kGrpcCore, Profile::kEnvoy, Profile::kGrpcJava, Profile::kA106}) {
    Result r = Evaluate(m, Request{}, p);
    EXPECT_EQ(Names(r.actions), (V{"action_1", "action_3"}));
    EXPECT_EQ(Names(r.skipped), V{"action_1"});
    EXPECT_TRUE(r.matched);
    // Matcher 4 is not evaluated: it is never reached.
    EXPECT_EQ(r.reached, (std::vector<int>{0, 2}));
  }
}

TEST(MatcherA106, Example3NestedMatcher) {
  Compiled m = Compile("e3.json", R"({"matcher_list": {"matchers": [{
    "predicate": {"single_predicate": {"custom_match": true}},
    "on_match": {"matcher": {"matcher_list": {"matchers": [
      {"predicate": {"single_predicate": {"custom_match": false}}, "on_match": {"action": "inner_matcher_1"}},
      {"predicate": {"single_predicate": {"custom_match": true}}, "on_match": {"action": "inner_matcher_2"}}]}}}}]}})");
  for (Profile p : {Profile::kGrpcCore, Profile::kEnvoy, Profile::kGrpcJava, Profile::kA106}) EXPECT_EQ(Actions(m, Request{}, p), V{"inner_matcher_2"});
  EXPECT_EQ(m.max_depth, 2);
}

TEST(MatcherA106, Example4PrefixMap) {
  Compiled m = Compile("e4.json", R"({"matcher_prefix_map": {
    "input": {"header_name": "x-user-segment"},
    "map": {"grpc": {"action": "shorter_prefix"}, "grpc.channelz": {"action": "longer_prefix"}}}})");
  for (Profile p : {Profile::kGrpcCore, Profile::kEnvoy, Profile::kGrpcJava, Profile::kA106})
    EXPECT_EQ(Actions(m, Headers({{"x-user-segment", "grpc.channelz.v1.Channelz/GetTopChannels"}}), p), V{"longer_prefix"});
  EXPECT_EQ(Actions(m, Headers({{"x-user-segment", "grpc.health.v1.Health/Check"}})), V{"shorter_prefix"});
  Result none = Evaluate(m, Headers({{"x-user-segment", "other"}}), Profile::kGrpcCore);
  EXPECT_TRUE(none.actions.empty());
  EXPECT_FALSE(none.matched);
}

// ---- profiles ----

std::string HeaderMatcher(const std::string& header, const std::string& string_matcher) {
  return R"({"matcher_list": {"matchers": [{"predicate": {"single_predicate": {"input": {"typed_config": {
    "@type": "type.googleapis.com/envoy.type.matcher.v3.HttpRequestHeaderMatchInput", "header_name": ")" +
         header + R"("}}, "value_match": )" + string_matcher + R"(}}, "on_match": {"action": {"name": "hit", "typed_config": {
    "@type": "type.googleapis.com/google.protobuf.StringValue", "value": "x"}}}}]}})";
}

struct ProfileCase {
  std::string header;
  std::string matcher;
  std::vector<std::pair<std::string, std::string>> headers;
  bool grpc, envoy;
};

TEST(MatcherProfiles, HeaderInputs) {
  const ProfileCase cases[] = {
      // An absent header is "" for gRPC (value_or("")) and no data for Envoy.
      {"x-tenant", R"({"exact": ""})", {}, true, false},
      {"x-tenant", R"({"exact": ""})", {{"x-tenant", ""}}, true, true},
      // gRPC hides -bin headers.
      {"x-trace-bin", R"({"contains": "debug"})", {{"x-trace-bin", "debug-on"}}, false, true},
      {"x-trace-bin", R"({"exact": ""})", {{"x-trace-bin", "debug-on"}}, true, false},
      // gRPC reads content-type as application/grpc.
      {"content-type", R"({"exact": "application/grpc"})", {}, true, false},
      {"content-type", R"({"prefix": "application/json"})", {{"content-type", "application/json"}}, false, true},
      // Several values are joined with ",".
      {"x-multi", R"({"exact": "a,b"})", {{"x-multi", "a"}, {"x-multi", "b"}}, true, true},
      // ignore_case is ASCII only; safe_regex is a full match and ignores ignore_case.
      {"x-h", R"({"exact": "PROD", "ignore_case": true})", {{"x-h", "prod"}}, true, true},
      {"x-h", R"({"exact": "\u00c9T\u00c9", "ignore_case": true})", {{"x-h", "\u00e9t\u00e9"}}, false, false},
      {"x-h", R"({"suffix": ".COM", "ignore_case": true})", {{"x-h", "a.example.com"}}, true, true},
      {"x-h", R"({"contains": "Mid", "ignore_case": true})", {{"x-h", "amidst"}}, true, true},
      {"x-h", R"({"safe_regex": {"regex": "pro"}})", {{"x-h", "prod"}}, false, false},
      {"x-h", R"({"safe_regex": {"regex": "pro."}})", {{"x-h", "prod"}}, true, true},
      {"x-h", R"({"safe_regex": {"regex": "prod"}, "ignore_case": true})", {{"x-h", "PROD"}}, false, false},
  };
  for (const ProfileCase& c : cases) {
    Compiled m = Compile("p.json", HeaderMatcher(c.header, c.matcher));
    Request r = Headers(c.headers);
    EXPECT_EQ(!Actions(m, r, Profile::kGrpcCore).empty(), c.grpc) << c.header << " " << c.matcher;
    EXPECT_EQ(!Actions(m, r, Profile::kA106).empty(), c.grpc) << c.header << " " << c.matcher;
    EXPECT_EQ(!Actions(m, r, Profile::kEnvoy).empty(), c.envoy) << c.header << " " << c.matcher;
    // grpc-java reads headers as Envoy does here: absent is null, -bin and content-type visible
    // (HeaderMatchInput.java).
    EXPECT_EQ(!Actions(m, r, Profile::kGrpcJava).empty(), c.envoy) << c.header << " " << c.matcher;
  }
}

// An evaluation remembers the last header it read (Eval::InputValue): predicates alternating
// between headers, a joined value (never remembered: it lives in the caller's buffer) and an
// absent header each read their own value, under every profile.
TEST(MatcherProfiles, HeaderReadsInOneEvaluationStayApart) {
  const char* list = R"({"matcher_list": {"matchers": [
    {"predicate": {"and_matcher": {"predicate": [
       {"single_predicate": {"input": {"header_name": "x-a"}, "value_match": {"exact": "1"}}},
       {"single_predicate": {"input": {"header_name": "x-b"}, "value_match": {"exact": "2"}}},
       {"single_predicate": {"input": {"header_name": "x-a"}, "value_match": {"exact": "2"}}}]}},
     "on_match": {"action": "a-is-1-and-2"}},
    {"predicate": {"single_predicate": {"input": {"header_name": "x-m"}, "value_match": {"exact": "p,q"}}},
     "on_match": {"action": "m-joined", "keep_matching": true}},
    {"predicate": {"single_predicate": {"input": {"header_name": "x-m"}, "value_match": {"exact": "p,q"}}},
     "on_match": {"action": "m-joined-again", "keep_matching": true}},
    {"predicate": {"single_predicate": {"input": {"header_name": "x-b"}, "value_match": {"exact": "2"}}},
     "on_match": {"action": "b-is-2", "keep_matching": true}},
    {"predicate": {"single_predicate": {"input": {"header_name": "x-a"}, "value_match": {"exact": "1"}}},
     "on_match": {"action": "a-is-1"}}]}})";
  Compiled m = Compile("h.json", list);
  Request r = Headers({{"x-a", "1"}, {"x-b", "2"}, {"x-m", "p"}, {"x-m", "q"}});
  for (Profile p : {Profile::kGrpcCore, Profile::kA106, Profile::kEnvoy, Profile::kGrpcJava})
    EXPECT_EQ(Actions(m, r, p), (V{"m-joined", "m-joined-again", "b-is-2", "a-is-1"})) << static_cast<int>(p);
  // x-b absent: gRPC reads "" and Envoy no data, after x-a was read and remembered.
  Request no_b = Headers({{"x-a", "1"}, {"x-m", "p,q"}});
  EXPECT_EQ(Actions(m, no_b, Profile::kGrpcCore), (V{"m-joined", "m-joined-again", "a-is-1"}));
  EXPECT_EQ(Actions(m, no_b, Profile::kEnvoy), (V{"m-joined", "m-joined-again", "a-is-1"}));
}

TEST(MatcherProfiles, ExactMapAbsentHeader) {
  Compiled m = Compile("m.yaml", R"(matcher_exact_map:
  input: {header_name: x-k}
  map:
    "": {action: empty-key}
    a: {action: a}
on_no_match: {action: default}
)");
  EXPECT_EQ(Actions(m, Request{}, Profile::kGrpcCore), V{"empty-key"});
  EXPECT_EQ(Actions(m, Request{}, Profile::kEnvoy), V{"default"});
  EXPECT_EQ(Actions(m, Headers({{"x-k", "a"}}), Profile::kEnvoy), V{"a"});
  EXPECT_EQ(Actions(m, Headers({{"x-k", "b"}}), Profile::kGrpcCore), V{"default"});
}

const char* kNested = R"(matcher_list:
  matchers:
    - predicate: {single_predicate: {input: {header_name: x-env}, value_match: {exact: prod}}}
      on_match:
        matcher:
          matcher_list:
            matchers:
              - predicate: {single_predicate: {input: {header_name: x-canary}, value_match: {exact: "1"}}}
                on_match: {action: canary}
    - predicate: {single_predicate: {input: {header_name: x-env}, value_match: {exact: prod}}}
      on_match: {action: stable}
on_no_match: {action: default}
)";

TEST(MatcherProfiles, NestedMatcherThatFindsNothing) {
  Compiled m = Compile("n.yaml", kNested);
  Request r = Headers({{"x-env", "prod"}});
  EXPECT_EQ(Actions(m, r, Profile::kGrpcCore), V{"stable"});
  EXPECT_EQ(Actions(m, r, Profile::kEnvoy), V{"stable"});
  EXPECT_EQ(Actions(m, r, Profile::kGrpcJava), V{"stable"});  // MatcherList.java: the list continues
  // A106 prose: the on_match is terminal, so matchers[1] and on_no_match are not tried; and by
  // "Behavior for Unsuccessful Matches" the match is then unsuccessful: no action, matched false.
  Result a = Evaluate(m, r, Profile::kA106);
  EXPECT_TRUE(a.actions.empty());
  EXPECT_FALSE(a.matched);
  // Only matchers[0]'s on_match was reached: neither matchers[1] (stable) nor on_no_match.
  ASSERT_EQ(a.reached.size(), 1u);
  EXPECT_EQ(m.nodes[static_cast<size_t>(a.reached[0])].path, "matcher_list.matchers[0].on_match");
  Result canary = Evaluate(m, Headers({{"x-env", "prod"}, {"x-canary", "1"}}), Profile::kA106);
  EXPECT_EQ(Names(canary.actions), V{"canary"});
  EXPECT_TRUE(canary.matched);
}

const char* kPrefixResume = R"(matcher_prefix_map:
  input: {header_name: x-path}
  map:
    /svc: {action: svc}
    /svc/admin:
      matcher:
        matcher_list:
          matchers:
            - predicate: {single_predicate: {input: {header_name: x-role}, value_match: {exact: admin}}}
              on_match: {action: admin}
    /svc/log: {action: audit, keep_matching: true}
on_no_match: {action: deny}
)";

TEST(MatcherProfiles, PrefixMapResume) {
  Compiled m = Compile("p.yaml", kPrefixResume);
  Request miss = Headers({{"x-path", "/svc/admin/x"}});
  EXPECT_EQ(Actions(m, miss, Profile::kGrpcCore), V{"deny"});
  EXPECT_EQ(Actions(m, miss, Profile::kEnvoy), V{"svc"});
  EXPECT_EQ(Actions(m, miss, Profile::kA106), V{});
  Request admin = Headers({{"x-path", "/svc/admin/x"}, {"x-role", "admin"}});
  for (Profile p : {Profile::kGrpcCore, Profile::kEnvoy, Profile::kGrpcJava, Profile::kA106}) EXPECT_EQ(Actions(m, admin, p), V{"admin"});
  // keep_matching on the longest prefix: every profile continues to the shorter one.
  Request log = Headers({{"x-path", "/svc/logs"}});
  for (Profile p : {Profile::kGrpcCore, Profile::kEnvoy, Profile::kGrpcJava, Profile::kA106}) {
    Result r = Evaluate(m, log, p);
    EXPECT_EQ(Names(r.actions), (V{"audit", "svc"}));
    EXPECT_EQ(Names(r.skipped), V{"audit"});
  }
}

// decided_by() writes its words when read, from what Evaluate recorded (the key, the input's value,
// longest or shorter prefix); the result keeps the evaluated tree alive, so it can be read after
// the Compiled is gone. Envoy resumes at the shorter prefix (envoy
// source/common/matcher/prefix_map_matcher.h; test/common/matcher/prefix_map_matcher_test.cc).
TEST(MatcherDecision, WrittenWhenReadAfterTheMatcherIsGone) {
  Result r = Evaluate(Compile("p.yaml", kPrefixResume), Headers({{"x-path", "/svc/admin/x"}}), Profile::kEnvoy);
  ASSERT_EQ(Names(r.actions), V{"svc"});
  const Result::Decision d = r.decided_by();
  EXPECT_EQ(d.what, "key '/svc'");
  EXPECT_EQ(d.detail, "input header 'x-path' = '/svc/admin/x': shorter matching prefix");
  EXPECT_EQ(d.path, "matcher_prefix_map.map['/svc']");  // the simplified notation's map value is the on_match
  Result admin = Evaluate(Compile("p.yaml", kPrefixResume), Headers({{"x-path", "/svc/admin/x"}, {"x-role", "admin"}}), Profile::kEnvoy);
  EXPECT_EQ(admin.decided_by().what, "matchers[0]");
  EXPECT_EQ(admin.decided_by().detail, "its predicate is true: header 'x-role' = 'admin'; exact 'admin'");
  // The decision's path is the node the request reached last, as the compiled matcher names it.
  Compiled m = Compile("p.yaml", kPrefixResume);
  Result log = Evaluate(m, Headers({{"x-path", "/svc/logs"}}), Profile::kGrpcCore);
  ASSERT_FALSE(log.reached.empty());
  EXPECT_EQ(log.decided_by().path, m.nodes[static_cast<size_t>(log.reached.back())].path);
  EXPECT_EQ(log.decided_by().detail, "input header 'x-path' = '/svc/logs': shorter matching prefix");
  EXPECT_EQ(Evaluate(m, Headers({{"x-path", "/other"}}), Profile::kGrpcCore).decided_by().what, "on_no_match");
  EXPECT_EQ(Result{}.decided_by().what, "");
}

// The view's badge for an edited request is the one comparison (cfgi::Compare) over each
// profile's RequestResultJson: Envoy's prefix map resumes at the shorter prefix "/svc" (Envoy
// source/common/matcher/prefix_map_matcher.h) and so does grpc-java (MatcherTree.java), gRPC C-core
// does not, and a106 keeps the nested no-match.
TEST(MatcherProfiles, OutcomesCompareAcrossProfiles) {
  Compiled m = Compile("p.yaml", kPrefixResume);
  auto compare = [&](const Request& r) {
    std::vector<nlohmann::ordered_json> j;
    for (Profile p : {Profile::kGrpcCore, Profile::kEnvoy, Profile::kGrpcJava, Profile::kA106}) j.push_back(RequestResultJson(Evaluate(m, r, p)));
    return Compare({{"grpc-core", &j[0]}, {"envoy", &j[1]}, {"grpc-java", &j[2]}, {"a106", &j[3]}});
  };
  Comparison c = compare(Headers({{"x-path", "/svc/admin/x"}}));
  ASSERT_FALSE(c.empty());
  const std::vector<const Divergence*> first = c.Under("/actions/0");
  ASSERT_EQ(first.size(), 1u);
  EXPECT_EQ(first[0]->values,
            (nlohmann::ordered_json{{"grpc-core", "deny"}, {"envoy", "svc"}, {"grpc-java", "svc"}, {"a106", nullptr}}));
  EXPECT_TRUE(compare(Headers({{"x-path", "/svc/x"}})).empty());
}

// The CEL playground's compile and evaluation are the engine's (CompileCelText, EvaluateCel): the
// same CEL007 type check as inputs.extract, and gRPC's CelMatcher / CelExtractString outcomes.
TEST(MatcherCel, PlaygroundCompilesAndEvaluatesAsTheEngine) {
  CelText ok = CompileCelText("request.path.startsWith('/pkg')", cel::Use::kMatcher);
  ASSERT_TRUE(ok.compiled.ok());
  EXPECT_FALSE(ok.type_error.has_value());
  CelText str = CompileCelText("request.path", cel::Use::kMatcher);
  ASSERT_TRUE(str.compiled.ok());
  ASSERT_TRUE(str.type_error.has_value());
  EXPECT_EQ(str.type_error->code, "CEL007");
  Request r;
  r.path = "/pkg.Svc/Get";
  CelEvaluation m = EvaluateCel(*ok.compiled.program, r, Profile::kGrpcCore);
  EXPECT_TRUE(m.match);
  CelEvaluation e = EvaluateCel(*str.compiled.program, r, Profile::kGrpcCore);
  EXPECT_FALSE(e.match);  // a string is not a bool: no match
  EXPECT_EQ(e.extracted, std::optional<std::string>("/pkg.Svc/Get"));
}

// The CEL tab's whole answer, as the app's worker computes it for the matcher view (the
// view no longer compiles on the UI thread): the same errors as CompileCelText with their byte
// ranges, CEL007 a warning only for CelExtractString, and one outcome per profile (grpc-core
// hides -bin headers from CEL, core/matcher/matcher.cpp CelRequest: no match there; Envoy sees it).
TEST(MatcherCel, EvaluateCelTextGivesErrorsAndEveryProfilesOutcome) {
  Request r;
  r.path = "/pkg.Svc/Get";
  r.headers = {{"x-token-bin", "abc"}};
  CelTextWhatIf bad = EvaluateCelText("request.path.matches('a{101}')", cel::Use::kMatcher, r);
  ASSERT_EQ(bad.errors.size(), 1u);
  EXPECT_EQ(bad.errors[0].code, "CEL005");
  EXPECT_EQ(bad.errors[0].begin, 21u);  // the pattern's literal
  EXPECT_TRUE(bad.per_profile.empty());
  EXPECT_EQ(bad.text, "request.path.matches('a{101}')");

  CelTextWhatIf str = EvaluateCelText("request.path", cel::Use::kMatcher, r);
  ASSERT_EQ(str.errors.size(), 1u);
  EXPECT_EQ(str.errors[0].code, "CEL007");
  EXPECT_FALSE(str.type_warning);  // a CelMatcher that is not a bool: gRPC NACKs it
  CelTextWhatIf extract = EvaluateCelText("request.path", cel::Use::kExtractString, r);
  EXPECT_TRUE(extract.errors.empty());
  ASSERT_EQ(extract.per_profile.size(), Profiles().entries().size());
  for (const CelEvaluation& o : extract.per_profile) EXPECT_EQ(o.extracted, std::optional<std::string>("/pkg.Svc/Get"));

  CelTextWhatIf bin = EvaluateCelText("request.headers['x-token-bin'] == 'abc'", cel::Use::kMatcher, r);
  ASSERT_TRUE(bin.errors.empty()) << bin.errors[0].message;
  ASSERT_EQ(bin.per_profile.size(), 4u);
  EXPECT_FALSE(bin.per_profile[Profiles().Index(Profile::kGrpcCore)].match);
  EXPECT_TRUE(bin.per_profile[Profiles().Index(Profile::kEnvoy)].match);
  EXPECT_TRUE(bin.per_profile[Profiles().Index(Profile::kGrpcJava)].match);  // HeadersWrapper keeps -bin
}

std::string Nest(int levels) {
  std::string m = R"({"matcher_list": {"matchers": [{"predicate": {"single_predicate": {"custom_match": true}}, "on_match": {"action": "deep"}}]}})";
  for (int i = 1; i < levels; ++i)
    m = R"({"matcher_list": {"matchers": [{"predicate": {"single_predicate": {"custom_match": true}}, "on_match": {"matcher": )" + m + "}}]}}";
  return m;
}

TEST(MatcherDepth, TopLevelPlusSixteenNestedIsRejected) {
  Compiled ok = Compile("d16.json", Nest(16));
  EXPECT_EQ(ok.max_depth, 16);
  for (const doc::Diagnostic& i : ok.diagnostics) EXPECT_NE(i.code, "MAT005");
  EXPECT_EQ(Actions(ok, Request{}, Profile::kGrpcCore), V{"deep"});

  Compiled deep = Compile("d17.json", Nest(17));
  EXPECT_EQ(deep.max_depth, 17);
  int found = 0;
  for (size_t k = 0; k < deep.diagnostics.size(); ++k)
    if (const doc::Diagnostic& i = deep.diagnostics[k]; i.code == "MAT005") {
      ++found;
      EXPECT_EQ(deep.RejectedByOf(k), RejectedBy::kGrpcCore);  // grpc-java's limit is one deeper
      EXPECT_EQ(deep.source->Locate(i.range.begin).column, 1 + static_cast<int>(Nest(17).find(Nest(1))));
    }
  EXPECT_EQ(found, 1);
  Result g = Evaluate(deep, Request{}, Profile::kGrpcCore);
  EXPECT_TRUE(g.aborted);
  EXPECT_FALSE(g.matched);
  EXPECT_TRUE(g.actions.empty());
  EXPECT_EQ(Actions(deep, Request{}, Profile::kEnvoy), V{"deep"});
  // grpc-java accepts one level more (UnifiedMatcher.java checkRecursionDepth counts the top as
  // 0 and rejects > 16): 17 levels are evaluated, 18 are rejected
  // (UnifiedMatcherValidationTest checkRecursionDepth_nestedInTree_throws builds 18).
  Result j = Evaluate(deep, Request{}, Profile::kGrpcJava);
  EXPECT_FALSE(j.aborted);
  EXPECT_EQ(Names(j.actions), V{"deep"});
  for (const doc::Diagnostic& d : ProfileDiagnostics(deep, Profile::kGrpcJava))
    if (d.code == "MAT005") EXPECT_EQ(d.severity, doc::Severity::kNote);
  Compiled deeper = Compile("d18.json", Nest(18));
  auto mat005 = [&](Profile p) {
    std::vector<std::pair<int, doc::Severity>> out;
    for (const doc::Diagnostic& d : ProfileDiagnostics(deeper, p))
      if (d.code == "MAT005") out.emplace_back(d.begin.column, d.severity);
    return out;
  };
  const int col17 = 1 + static_cast<int>(Nest(18).find(Nest(2))), col18 = 1 + static_cast<int>(Nest(18).find(Nest(1)));
  EXPECT_EQ(mat005(Profile::kGrpcJava), (std::vector<std::pair<int, doc::Severity>>{{col17, doc::Severity::kNote},
                                                                                    {col18, doc::Severity::kError}}));
  EXPECT_EQ(mat005(Profile::kGrpcCore), (std::vector<std::pair<int, doc::Severity>>{{col17, doc::Severity::kError}}));
  Result j18 = Evaluate(deeper, Request{}, Profile::kGrpcJava);
  EXPECT_TRUE(j18.aborted);
}

// ---- validation: gRPC's rejection reasons ----

// `anchor`: the diagnostic's column is the column of the anchor's last character on `line`.
struct RejectCase {
  const char* name;
  std::string yaml;
  const char* code;
  int line;
  const char* anchor;
  bool grpc_only;
  const char* message;  // whole: gRPC's words first, then the fix
};

TEST(MatcherValidation, RejectionReasons) {
  const std::string in = "{typed_config: {\"@type\": type.googleapis.com/envoy.type.matcher.v3.HttpRequestHeaderMatchInput, header_name: x-a}}";
  const std::string act = "{action: {name: a, typed_config: {\"@type\": type.googleapis.com/google.protobuf.StringValue}}}";
  const RejectCase cases[] = {
      {"neither", "on_no_match: " + act + "\n", "MAT001", 1, "o", true,
       "no matcher_list or matcher_tree specified; gRPC NACKs it (Envoy reads it as a matcher that always takes "
       "on_no_match). Add matcher_list or matcher_tree"},
      {"empty list", "matcher_list: {matchers: []}\n", "MAT002", 1, "matcher_list: {", false, 
       "matcher_list is empty; it needs at least one matcher in matchers"},
      {"empty map", "matcher_tree:\n  input: " + in + "\n  exact_match_map: {map: {}}\n", "MAT002", 3, "{map: {", false, 
       "map is empty; it needs at least one key"},
      {"on_match neither", "matcher_list:\n  matchers:\n    - predicate: {single_predicate: {input: " + in +
                               ", value_match: {exact: a}}}\n      on_match: {}\n",
       "MAT003", 4, "on_match: {", false, 
       "One of action or matcher should be present in on_match"},
      {"on_match both", "matcher_list:\n  matchers:\n    - predicate: {single_predicate: {input: " + in +
                            ", value_match: {exact: a}}}\n      on_match: {action: {name: a}, matcher: {}}\n",
       "MAT003", 4, "on_match: {", false, 
       "on_match has both action and matcher (on_match is a oneof); keep one"},
      {"regex", "matcher_list:\n  matchers:\n    - predicate: {single_predicate: {input: " + in +
                    ", value_match: {safe_regex: {regex: 'a('}}}}\n      on_match: " + act + "\n",
       "MAT004", 3, "regex: '", false, 
       "invalid regex 'a(': missing ): a(; see https://github.com/google/re2/wiki/Syntax"},
      {"or of one", "matcher_list:\n  matchers:\n    - predicate: {or_matcher: {predicate: [{single_predicate: {input: " + in +
                        ", value_match: {exact: a}}}]}}\n      on_match: " + act + "\n",
       "MAT006", 3, "{or_matcher: {", false, 
       "the predicate list has 1 item; or_matcher and and_matcher need at least 2 predicates (use the predicate itself instead)"},
      {"empty prefix", "matcher_list:\n  matchers:\n    - predicate: {single_predicate: {input: " + in +
                           ", value_match: {prefix: ''}}}\n      on_match: " + act + "\n",
       "MAT007", 3, "prefix: '", false, 
       "prefix must be non-empty; use exact: \"\" to match an empty value"},
      {"upper header", "matcher_list:\n  matchers:\n    - predicate: {single_predicate: {input: {typed_config: {\"@type\": "
                       "type.googleapis.com/envoy.type.matcher.v3.HttpRequestHeaderMatchInput, header_name: X-A}}, value_match: {exact: a}}}\n"
                       "      on_match: " + act + "\n",
       "MAT008", 3, "header_name: X", true, 
       "'X-A' is not a valid HTTP/2 header name (lower-case token characters only); gRPC NACKs it. Write it as 'x-a'"},
      {"unsupported input", "matcher_list:\n  matchers:\n    - predicate: {single_predicate: {input: {typed_config: {\"@type\": "
                            "type.googleapis.com/envoy.type.matcher.v3.HttpRequestTrailerMatchInput}}, value_match: {exact: a}}}\n"
                            "      on_match: " + act + "\n",
       "MAT009", 3, "input: {", true, 
       "Unsupported Input type:envoy.type.matcher.v3.HttpRequestTrailerMatchInput; gRPC supports envoy.type.matcher.v3.HttpRequestHeaderMatchInput and xds.type.matcher.v3.HttpAttributesCelMatchInput (this tool does not evaluate it: MAT041)"},
      {"custom matcher", "matcher_list:\n  matchers:\n    - predicate: {single_predicate: {input: " + in +
                             ", custom_match: {typed_config: {\"@type\": type.googleapis.com/xds.type.matcher.v3.IPMatcher}}}}\n      on_match: " + act + "\n",
       "MAT010", 3, "custom_match: {", true, 
       "custom_match xds.type.matcher.v3.IPMatcher is not supported by gRPC (only xds.type.matcher.v3.CelMatcher) and is NACKed; this tool does not evaluate it (MAT041)"},
      {"tree custom", "matcher_tree:\n  input: " + in + "\n  custom_match: {name: x}\n", "MAT010", 3, "custom_match: {", true,
       
       "custom_match in a matcher_tree is not supported by gRPC and is NACKed; use exact_match_map or prefix_match_map"},
      {"cel string", "matcher_list:\n  matchers:\n    - predicate: {single_predicate: {input: {typed_config: {\"@type\": "
                     "type.googleapis.com/xds.type.matcher.v3.HttpAttributesCelMatchInput}}, custom_match: {typed_config: {\"@type\": "
                     "type.googleapis.com/xds.type.matcher.v3.CelMatcher, expr_match: {cel_expr_string: \"request.path == '/a'\"}}}}}\n"
                     "      on_match: " + act + "\n",
       "MAT012", 3, "cel_expr_string: \"", true, 
       "cel_expr_string is not supported by gRPC and is NACKed; evaluated here from its text for authoring. Send cel_expr_checked (the type-checked AST) instead"},
      {"value on cel input", "matcher_list:\n  matchers:\n    - predicate: {single_predicate: {input: {typed_config: {\"@type\": "
                             "type.googleapis.com/xds.type.matcher.v3.HttpAttributesCelMatchInput}}, value_match: {exact: a}}}\n"
                             "      on_match: " + act + "\n",
       "MAT014", 3, "value_match: {", false, 
       "value_match needs an input that returns a string, but HttpAttributesCelMatchInput returns the CEL attributes; use a CelMatcher in custom_match or an HttpRequestHeaderMatchInput"},
  };
  for (const RejectCase& c : cases) {
    Compiled m = Compile(std::string(c.name) + ".yaml", c.yaml);
    bool found = false;
    for (size_t k = 0; k < m.diagnostics.size(); ++k) {
      const doc::Diagnostic& i = m.diagnostics[k];
      if (i.code != c.code) continue;
      found = true;
      doc::Position pos = m.source->Locate(i.range.begin);
      EXPECT_EQ(pos.line, c.line) << c.name << ": " << i.message;
      std::string_view text = m.source->Line(c.line);
      size_t at = text.find(c.anchor);
      ASSERT_NE(at, std::string_view::npos) << c.name;
      EXPECT_EQ(pos.column, static_cast<int>(at + std::strlen(c.anchor))) << c.name << ": " << i.message;
      EXPECT_EQ(m.RejectedByOf(k) != RejectedBy::kAll, c.grpc_only) << c.name;
      EXPECT_EQ(i.message, c.message) << c.name;
      break;
    }
    EXPECT_TRUE(found) << c.name << " did not report " << c.code;
  }
}

TEST(MatcherValidation, KeepMatchingUnsupportedByTheFilter) {
  FilterContext f;
  f.keep_matching_supported = false;
  Compiled m = Compile("k.yaml", "matcher_list:\n  matchers:\n    - predicate: {single_predicate: {custom_match: true}}\n"
                                 "      on_match: {action: a, keep_matching: true}\n", f);
  ASSERT_EQ(m.diagnostics.size(), 2u);
  EXPECT_EQ(m.diagnostics[1].code, "MAT011");
  EXPECT_EQ(m.diagnostics[1].begin, (doc::Position{4, 44}));
  EXPECT_EQ(m.RejectedByOf(1), RejectedBy::kGrpc);
  // Under envoy it is a note, under grpc-core an error.
  auto g = ProfileDiagnostics(m, Profile::kGrpcCore);
  auto e = ProfileDiagnostics(m, Profile::kEnvoy);
  EXPECT_EQ(g[1].severity, doc::Severity::kError);
  EXPECT_EQ(e[1].severity, doc::Severity::kNote);
  EXPECT_EQ(e[1].message.rfind("gRPC only: ", 0), 0u);
}

TEST(MatcherValidation, SchemaErrorsPointAtTheKey) {
  Compiled m = Compile("s.yaml", "matcher_list:\n  matchers:\n    - predicate: {single_predicate: {input: {typed_config: {\"@type\": "
                                 "type.googleapis.com/envoy.type.matcher.v3.HttpRequestHeaderMatchInput, header_name: x}}, value_match: "
                                 "{exact: a}}}\n      on_match: {action: {name: a, typed_config: {\"@type\": "
                                 "type.googleapis.com/google.protobuf.StringValue}}}\n  bogus_field: 1\n");
  ASSERT_EQ(m.diagnostics.size(), 1u);
  EXPECT_EQ(m.diagnostics[0].code, "DOC005");
  EXPECT_EQ(m.source->Locate(m.diagnostics[0].range.begin).line, 5);
  EXPECT_EQ(m.source->Locate(m.diagnostics[0].range.begin).column, 3);
}

// An ExtensionWithMatcher with the Matcher's matcher_tree at its top level (the shape of Envoy's
// docs example matching/_include/complicated.yaml): ExtensionWithMatcher has no such field
// (envoy/extensions/common/matching/v3/extension_matcher.proto: matcher, xds_matcher,
// extension_config), so Envoy rejects it; one MAT019 at the key, and the value read as the
// Matcher it was meant to be (no MAT001 / MAT009 about the extra level), which still evaluates.
TEST(MatcherValidation, MisplacedMatcherInExtensionWithMatcher) {
  Compiled m = Compile("ewm.yaml",
                       "\"@type\": type.googleapis.com/envoy.extensions.common.matching.v3.ExtensionWithMatcher\n"
                       "extension_config: {name: f, typed_config: {\"@type\": type.googleapis.com/google.protobuf.Empty}}\n"
                       "matcher_tree:\n"
                       "  matcher_tree:\n"
                       "    input: {name: h, typed_config: {\"@type\": "
                       "type.googleapis.com/envoy.type.matcher.v3.HttpRequestHeaderMatchInput, header_name: x}}\n"
                       "    exact_match_map:\n"
                       "      map:\n"
                       "        a: {action: {name: skip, typed_config: {\"@type\": type.googleapis.com/google.protobuf.Empty}}}\n");
  ASSERT_EQ(m.diagnostics.size(), 1u);
  EXPECT_EQ(m.diagnostics[0].code, "MAT019");
  EXPECT_EQ(m.source->Locate(m.diagnostics[0].range.begin).line, 3);
  EXPECT_EQ(m.source->Locate(m.diagnostics[0].range.begin).column, 1);
  EXPECT_NE(m.diagnostics[0].message.find("ExtensionWithMatcher has no field matcher_tree"), std::string::npos);
  EXPECT_EQ(Actions(m, Headers({{"x", "a"}}), Profile::kEnvoy), (std::vector<std::string>{"skip"}));
}

TEST(MatcherValidation, CelErrorsAreLocatedInsideTheString) {
  Compiled m = Compile("c.yaml", "matcher_list:\n  matchers:\n    - predicate:\n        single_predicate:\n"
                                 "          input: {typed_config: {\"@type\": type.googleapis.com/xds.type.matcher.v3.HttpAttributesCelMatchInput}}\n"
                                 "          custom_match:\n            typed_config:\n"
                                 "              \"@type\": type.googleapis.com/xds.type.matcher.v3.CelMatcher\n"
                                 "              expr_match: {cel_expr_string: \"request.pth == 'a'\"}\n"
                                 "      on_match: {action: a}\n");
  bool found = false;
  for (const doc::Diagnostic& i : m.diagnostics)
    if (i.code == "CEL003") {
      found = true;
      EXPECT_EQ(m.source->Locate(i.range.begin).line, 9);
      EXPECT_EQ(m.source->Locate(i.range.begin).column, 46);  // the 'r' of request.pth
    }
  EXPECT_TRUE(found);
}

TEST(MatcherLint, ShadowedPrefix) {
  Compiled m = Compile("sh.yaml", R"(matcher_list:
  matchers:
    - predicate: {single_predicate: {input: {header_name: ":path"}, value_match: {prefix: /a}}}
      on_match: {action: a}
    - predicate: {single_predicate: {input: {header_name: ":path"}, value_match: {prefix: /ab}}}
      on_match: {action: ab}
    - predicate: {single_predicate: {input: {header_name: ":path"}, value_match: {exact: /b}}}
      on_match: {action: b}
)");
  const size_t loaded = m.diagnostics.size();
  FindShadowed(m);
  std::vector<doc::Diagnostic> dead(m.diagnostics.begin() + static_cast<long>(loaded), m.diagnostics.end());
  ASSERT_EQ(dead.size(), 1u);
  EXPECT_EQ(dead[0].code, "MAT016");
  EXPECT_EQ(m.source->Locate(dead[0].range.begin).line, 5);
  EXPECT_EQ(dead[0].message.substr(0, 62), "matchers[1] (header ':path' prefix '/ab') can never be reached");
}

TEST(MatcherTrie, LongestPrefixAmongManyKeys) {
  PrefixTrie t;
  for (int i = 0; i < 1000; ++i) t.Insert("/k" + std::to_string(i), i);
  t.Insert("", 5000);
  std::vector<int> out;
  t.Prefixes("/k123/x", out);
  EXPECT_EQ(out, (std::vector<int>{5000, 1, 12, 123}));
  out = {7};  // appended after what `out` holds
  t.Prefixes("zzz", out);
  EXPECT_EQ(out, (std::vector<int>{7, 5000}));
}

// The trie's two node layouts (a table by byte when the children's bytes are close together,
// sorted pairs when they are not) and the switch between them as children are added: every
// lookup below, above and between the children's bytes gives the same as a plain scan of keys.
TEST(MatcherTrie, DenseAndSparseNodesAnswerAlike) {
  PrefixTrie t;
  std::vector<std::string> keys = {"a", "c", "b", "\x01", "\xfe", "z0", "z9", "z5", "z\x7f", "zz", "~"};
  for (size_t i = 0; i < keys.size(); ++i) t.Insert(keys[i], static_cast<int>(i));
  for (int c0 = 0; c0 < 256; ++c0) {
    for (int c1 : std::vector<int>{-1, 0, '0', '5', '6', '9', 'z', 0x7f, 0xff}) {
      std::string in(1, static_cast<char>(c0));
      if (c1 >= 0) in += static_cast<char>(c1);
      std::vector<int> want;
      for (size_t len = 1; len <= in.size(); ++len)
        for (size_t i = 0; i < keys.size(); ++i)
          if (keys[i] == in.substr(0, len)) want.push_back(static_cast<int>(i));
      std::vector<int> got;
      t.Prefixes(in, got);
      EXPECT_EQ(got, want) << "input bytes " << c0 << " " << c1;
    }
  }
}

TEST(MatcherCel, CheckedExprTextproto) {
  std::ifstream in(std::string(CFGI_SOURCE_DIR) + "/samples/matcher/rbac-cel.textproto");
  std::stringstream ss;
  ss << in.rdbuf();
  doc::Document d = doc::LoadDocument("rbac-cel.textproto", ss.str());
  ASSERT_EQ(d.format, doc::Format::kTextProto);
  Compiled m = matcher::Compile(d);
  EXPECT_TRUE(m.diagnostics.empty()) << m.diagnostics[0].message;
  ASSERT_TRUE(m.root);
  ASSERT_EQ(m.root->list.size(), 1u);
  EXPECT_EQ(m.root->list[0].predicate.cel_text, "request.headers['x-env'] == 'prod' && request.path.startsWith('/admin.')");
  Request r = Headers({{"x-env", "prod"}});
  r.path = "/admin.Users/Delete";
  EXPECT_EQ(Actions(m, r), V{"allow"});
  r.path = "/shop.Cart/Add";
  EXPECT_EQ(Actions(m, r), V{"deny"});
}

TEST(MatcherCel, GrpcRequestAttributes) {
  Request r = Headers({{"x-a", "1"}, {"x-b-bin", "zz"}, {"user-agent", "ua"}});
  r.path = "/p.S/M";
  r.method = "GET";
  r.query = "q=1";
  cel::Request g = CelRequest(r, Profile::kGrpcCore);
  EXPECT_EQ(g.method, std::optional<std::string>("POST"));
  EXPECT_EQ(g.query, std::optional<std::string>(""));
  EXPECT_EQ(g.path, std::optional<std::string>("/p.S/M"));
  EXPECT_FALSE(g.scheme.has_value());
  EXPECT_EQ(g.headers.count("x-b-bin"), 0u);
  EXPECT_EQ(g.headers.at("content-type"), "application/grpc");
  EXPECT_EQ(g.useragent, std::optional<std::string>("ua"));
  cel::Request e = CelRequest(r, Profile::kEnvoy);
  EXPECT_EQ(e.method, std::optional<std::string>("GET"));
  EXPECT_EQ(e.path, std::optional<std::string>("/p.S/M?q=1"));
  EXPECT_EQ(e.url_path, std::optional<std::string>("/p.S/M"));
  EXPECT_EQ(e.headers.at("x-b-bin"), "zz");
}

// ---- keep_matching on an OnMatch that holds a nested matcher (Envoy) ----

// Envoy test/common/matcher/exact_map_matcher_test.cc RecursiveMatchingWithKeepMatching, in the
// config's shape: the outer key's OnMatch has keep_matching and a nested exact map whose entry
// has keep_matching and whose on_no_match gives an action. Envoy's handleRecursionAndSkips
// (envoy/matcher/matcher.h) reports the nested keep_matching action and then the nested
// on_no_match result through skipped_match_cb, and the outer on_no_match decides.
const char* kRecursiveKeepMatching = R"(matcher_exact_map:
  input: {header_name: x-k}
  map:
    match:
      keep_matching: true
      matcher:
        matcher_exact_map:
          input: {header_name: x-k}
          map:
            match: {action: nested_match_1, keep_matching: true}
        on_no_match: {action: nested_on_no_match_1}
on_no_match:
  matcher:
    matcher_exact_map:
      input: {header_name: x-k}
      map:
        other: {action: unused}
    on_no_match: {action: top_level_no_match}
)";

TEST(MatcherKeepMatching, RecursiveMatchingWithKeepMatching) {
  Compiled m = Compile("k.yaml", kRecursiveKeepMatching);
  Request r = Headers({{"x-k", "match"}});
  Result e = Evaluate(m, r, Profile::kEnvoy);
  EXPECT_EQ(Names(e.skipped), (V{"nested_match_1", "nested_on_no_match_1"}));
  EXPECT_EQ(Names(e.actions), (V{"nested_match_1", "nested_on_no_match_1", "top_level_no_match"}));
  EXPECT_TRUE(e.matched);
  // grpc-java (MatcherTree.java matchExact): the nested tree finds its key, whose action has
  // keep_matching, so it returns that action with matched=false and never its on_no_match; the
  // outer tree found its key too, so it also stops there: the kept action only, matched=false.
  Result j = Evaluate(m, r, Profile::kGrpcJava);
  EXPECT_EQ(Names(j.actions), V{"nested_match_1"});
  EXPECT_EQ(Names(j.skipped), V{"nested_match_1"});
  EXPECT_FALSE(j.matched);
  // gRPC C-core walks Envoy's path (OnMatch::FindMatches returns the nested result &&
  // !keep_matching) and adds all three actions; a106 the same.
  for (Profile p : {Profile::kGrpcCore, Profile::kA106}) {
    Result g = Evaluate(m, r, p);
    EXPECT_EQ(Names(g.actions), (V{"nested_match_1", "nested_on_no_match_1", "top_level_no_match"})) << Profiles().Name(p);
    EXPECT_EQ(Names(g.skipped), (V{"nested_match_1", "nested_on_no_match_1"})) << Profiles().Name(p);
  }
  // The explanation says why the nested on_no_match action does not count.
  doc::Step why;
  Evaluate(m, r, Profile::kEnvoy, &why);
  std::string dump = TraceJson(why, m.source.get()).dump();
  EXPECT_NE(dump.find("an enclosing on_match has keep_matching: skipped"), std::string::npos) << dump;
  // The nested on_no_match's action step is marked skipped (the Tree view's ↷).
  std::function<const doc::Step*(const doc::Step&)> find = [&](const doc::Step& s) -> const doc::Step* {
    if (s.what == "action nested_on_no_match_1") return &s;
    for (const doc::Step& c : s.children)
      if (const doc::Step* f = find(c)) return f;
    return nullptr;
  };
  const doc::Step* nested_default = find(why);
  ASSERT_NE(nested_default, nullptr);
  EXPECT_EQ(nested_default->outcome, doc::Outcome::kSkipped);
}

// ---- grpc-java (xds/src/main/java/io/grpc/xds/internal/matcher/) ----

TEST(MatcherProfiles, ProfileSet) {
  ASSERT_EQ(Profiles().size(), 4u);  // app/gui/views/matcher_view.cpp kNumProfiles
  EXPECT_STREQ(Profiles().Name(Profiles().At(0)), "grpc-core");
  EXPECT_EQ(Profiles().Find("grpc-java"), std::optional<Profile>(Profile::kGrpcJava));
  EXPECT_EQ(GetMatcherEngine().profiles().size(), 4u);
}

// MatcherTreeTest.java matcherTree_exactMatch_keepMatching_aggregate: the found key's action has
// keep_matching and the tree has an on_no_match: grpc-java returns the kept action only with
// matched=false (MatcherTree.java matchExact never falls back to on_no_match once a key is
// found); gRPC C-core (xds_matcher.cc XdsMatcherExactMap::FindMatches) goes on to on_no_match.
TEST(MatcherGrpcJava, ExactKeyWithKeepMatchingAndOnNoMatch) {
  Compiled m = Compile("j.yaml", R"(matcher_exact_map:
  input: {header_name: x-k}
  map:
    found: {action: A1, keep_matching: true}
on_no_match: {action: fallback}
)");
  Request r = Headers({{"x-k", "found"}});
  Result j = Evaluate(m, r, Profile::kGrpcJava);
  EXPECT_EQ(Names(j.actions), V{"A1"});
  EXPECT_FALSE(j.matched);
  Result g = Evaluate(m, r, Profile::kGrpcCore);
  EXPECT_EQ(Names(g.actions), (V{"A1", "fallback"}));
  EXPECT_TRUE(g.matched);
  // A key that is not found falls back everywhere (matcherTree_noExactMatch_fallsBackToOnNoMatch).
  EXPECT_EQ(Actions(m, Headers({{"x-k", "nope"}}), Profile::kGrpcJava), V{"fallback"});
  // An absent header is null for grpc-java: no data, on_no_match (matcherTree_nonStringInput_fallsBack).
  EXPECT_EQ(Actions(m, Request{}, Profile::kGrpcJava), V{"fallback"});
}

// UnifiedMatcherTest.java matcherTree_exactMatch_shouldNotFallBackToOnNoMatch_ifKeyFound: the
// found key holds an empty nested Matcher {}, which grpc-java accepts (UnifiedMatcher.fromProto
// builds a NoOpMatcher) and which finds nothing; the tree is then matched=false with no action.
// gRPC C-core NACKs the empty matcher (MAT001); Envoy builds an AnyMatcher and falls back.
TEST(MatcherGrpcJava, FoundKeyWithEmptyNestedMatcher) {
  Compiled m = Compile("j.yaml", R"(matcher_exact_map:
  input: {header_name: key}
  map:
    found: {matcher: {}}
on_no_match: {action: tree-no-match}
)");
  Request r = Headers({{"key", "found"}});
  Result j = Evaluate(m, r, Profile::kGrpcJava);
  EXPECT_TRUE(j.actions.empty());
  EXPECT_FALSE(j.matched);
  EXPECT_EQ(Actions(m, r, Profile::kEnvoy), V{"tree-no-match"});
  // The empty matcher: an error for gRPC C-core and a106, a note for grpc-java and Envoy.
  size_t mat001 = m.diagnostics.size();
  for (size_t k = 0; k < m.diagnostics.size(); ++k)
    if (m.diagnostics[k].code == "MAT001") mat001 = k;
  ASSERT_LT(mat001, m.diagnostics.size());
  EXPECT_EQ(m.diagnostics[mat001].begin, (doc::Position{4, 22}));
  EXPECT_EQ(m.RejectedByOf(mat001), RejectedBy::kGrpcCore);
  auto severity = [&](Profile p) {
    for (const doc::Diagnostic& d : ProfileDiagnostics(m, p))
      if (d.code == "MAT001") return d.severity;
    return doc::Severity::kNote;
  };
  EXPECT_EQ(severity(Profile::kGrpcCore), doc::Severity::kError);
  EXPECT_EQ(severity(Profile::kA106), doc::Severity::kError);
  EXPECT_EQ(severity(Profile::kGrpcJava), doc::Severity::kNote);
  EXPECT_EQ(severity(Profile::kEnvoy), doc::Severity::kNote);
}

// MatcherTreeTest.java matcherTree_prefixFoundButNestedFailed_returnNoMatch_notOnNoMatch: grpc-java
// tries every matching prefix longest first (PrefixTrie.matchPrefixes) and, when none gives a
// match, returns no match without on_no_match. gRPC C-core drops the shorter prefix and falls
// back to on_no_match; Envoy resumes at the shorter prefix.
TEST(MatcherGrpcJava, PrefixFoundButNestedFailed) {
  Compiled m = Compile("p.yaml", kPrefixResume);
  Request miss = Headers({{"x-path", "/svc/admin/x"}});
  Result j = Evaluate(m, miss, Profile::kGrpcJava);
  EXPECT_EQ(Names(j.actions), V{"svc"});  // resumes at /svc, as Envoy does
  EXPECT_TRUE(j.matched);
  Compiled only = Compile("p2.yaml", R"(matcher_prefix_map:
  input: {header_name: x-path}
  map:
    /svc/admin:
      matcher:
        matcher_list:
          matchers:
            - predicate: {single_predicate: {input: {header_name: x-role}, value_match: {exact: admin}}}
              on_match: {action: admin}
on_no_match: {action: deny}
)");
  Result none = Evaluate(only, miss, Profile::kGrpcJava);
  EXPECT_TRUE(none.actions.empty());
  EXPECT_FALSE(none.matched);
  EXPECT_EQ(Actions(only, miss, Profile::kGrpcCore), V{"deny"});
  EXPECT_EQ(Actions(only, miss, Profile::kEnvoy), V{"deny"});
}

// UnifiedMatcherTest.java matcherList_proceedsToNextMatcher_ifNestedNoMatch: in a list the
// empty nested matcher finds nothing and the list goes on to the next matcher.
TEST(MatcherGrpcJava, ListProceedsAfterEmptyNestedMatcher) {
  Compiled m = Compile("l.yaml", R"(matcher_list:
  matchers:
    - predicate: {single_predicate: {input: {header_name: h}, value_match: {exact: v}}}
      on_match: {matcher: {}}
    - predicate: {single_predicate: {input: {header_name: h}, value_match: {exact: v}}}
      on_match: {action: action2}
on_no_match: {action: no-match}
)");
  Result j = Evaluate(m, Headers({{"h", "v"}}), Profile::kGrpcJava);
  EXPECT_EQ(Names(j.actions), V{"action2"});
  EXPECT_TRUE(j.matched);
}

// HeaderMatchInput.java: an absent header is null (a StringMatcher does not match it, unlike
// gRPC C-core's ""), "te" is never visible, -bin headers are visible
// (UnifiedMatcherTest matchInput_headerName_te_returnsNull, matchInput_headerName_binary).
TEST(MatcherGrpcJava, HeaderInput) {
  EXPECT_EQ(HeaderValue(Request{}, "x-tenant", Profile::kGrpcJava), std::nullopt);
  EXPECT_EQ(HeaderValue(Request{}, "x-tenant", Profile::kGrpcCore), std::optional<std::string>(""));
  EXPECT_EQ(HeaderValue(Headers({{"te", "trailers"}}), "te", Profile::kGrpcJava), std::nullopt);
  EXPECT_EQ(HeaderValue(Headers({{"x-b-bin", "AQI="}}), "x-b-bin", Profile::kGrpcJava), std::optional<std::string>("AQI="));
  EXPECT_EQ(HeaderValue(Headers({{"x-m", "a"}, {"x-m", "b"}}), "x-m", Profile::kGrpcJava), std::optional<std::string>("a,b"));
  EXPECT_EQ(HeaderValue(Headers({{"x-m", "a"}, {"x-n", "z"}, {"x-m", "b"}, {"x-m", "c"}}), "x-m", Profile::kEnvoy),
            std::optional<std::string>("a,b,c"));
  EXPECT_EQ(HeaderValue(Request{}, ":method", Profile::kEnvoy), std::nullopt);
  EXPECT_EQ(HeaderValue(Request{}, ":method", Profile::kGrpcCore), std::optional<std::string>("POST"));
  // HeaderView reads one header in place and joins several into the caller's string.
  Request one = Headers({{"x-n", "z"}, {"x-m", "a-value-longer-than-inline"}});
  std::string joined;
  std::optional<std::string_view> v = HeaderView(one, "x-m", Profile::kEnvoy, joined);
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->data(), one.headers[1].second.data());
  EXPECT_TRUE(joined.empty());
  Request two = Headers({{"x-m", "a"}, {"x-m", "b"}});
  v = HeaderView(two, "x-m", Profile::kGrpcCore, joined);
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(*v, "a,b");
  EXPECT_EQ(v->data(), joined.data());
  Compiled m = Compile("p.json", HeaderMatcher("x-tenant", R"({"exact": ""})"));
  EXPECT_TRUE(Actions(m, Request{}, Profile::kGrpcJava).empty());
  EXPECT_EQ(Actions(m, Request{}, Profile::kGrpcCore), V{"hit"});
  // GrpcCelEnvironment.java: query, scheme and protocol are "", method POST, -bin visible.
  cel::Request c = CelRequest(Headers({{"x-b-bin", "AQI"}, {"te", "trailers"}}), Profile::kGrpcJava);
  EXPECT_EQ(c.scheme, std::optional<std::string>(""));
  EXPECT_EQ(c.method, std::optional<std::string>("POST"));
  EXPECT_EQ(c.path, std::optional<std::string>(""));
  EXPECT_FALSE(c.time.has_value());
  EXPECT_EQ(c.headers.count("x-b-bin"), 1u);
  EXPECT_EQ(c.headers.count("te"), 0u);
}

// ---- CEL output types at config time ----

// A CelMatcher whose expression is a string (request.headers is map(string, string), so an index
// into it is a string) is rejected at config time with CEL007 at the expression's position, as
// gRPC's checker rejects a non-bool output type (grpc-java CelMatcher.java; CelStateMatcherTest
// celMatcher_throwsIfReturnsString).
TEST(MatcherCel, HeaderIndexIsAStringNotAPredicate) {
  Compiled m = Compile("c.yaml", "matcher_list:\n  matchers:\n    - predicate:\n        single_predicate:\n"
                                 "          input: {typed_config: {\"@type\": type.googleapis.com/xds.type.matcher.v3.HttpAttributesCelMatchInput}}\n"
                                 "          custom_match:\n            typed_config:\n"
                                 "              \"@type\": type.googleapis.com/xds.type.matcher.v3.CelMatcher\n"
                                 "              expr_match: {cel_expr_string: \"request.headers['x-env']\"}\n"
                                 "      on_match: {action: {name: a, typed_config: {\"@type\": type.googleapis.com/google.protobuf.StringValue}}}\n");
  const doc::Diagnostic* cel007 = nullptr;
  for (size_t k = 0; k < m.diagnostics.size(); ++k)
    if (m.diagnostics[k].code == "CEL007") {
      cel007 = &m.diagnostics[k];
      EXPECT_EQ(m.RejectedByOf(k), RejectedBy::kGrpc);
    }
  ASSERT_NE(cel007, nullptr);
  EXPECT_EQ(cel007->severity, doc::Severity::kError);
  EXPECT_EQ(m.source->Locate(cel007->range.begin).line, 9);
  EXPECT_EQ(m.source->Locate(cel007->range.begin).column, 45);  // the whole expression string, from its quote
  EXPECT_EQ(cel007->message,
            "the expression yields a value of type string, not a bool: a CelMatcher's output type must be bool (gRPC NACKs it; at "
            "run time it never matches). Compare the value, e.g. request.headers['x'] == 'a'");
}

// Every CEL test below: Envoy test/common/matcher/ has no CEL typing; the declared types are
// A106's "CEL: Supported Variables" table.
// Every sample's `expect` holds under every profile (the golden files add the full output).
TEST(MatcherSamples, ExpectationsHold) {
  const std::filesystem::path dir = std::filesystem::path(CFGI_SOURCE_DIR) / "samples/matcher";
  int count = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    std::string name = e.path().filename().string();
    if (name.size() < 14 || name.substr(name.size() - 14) != ".scenario.yaml") continue;
    if (name.rfind("prefix-100k", 0) == 0) continue;  // checked by the golden test (slow under ASan)
    std::ifstream in(e.path());
    std::stringstream ss;
    ss << in.rdbuf();
    Scenario s = LoadScenario({{e.path().string(), ss.str()}}, [](const std::string& sc, const std::string& rel) -> std::optional<std::string> {
      std::ifstream f(std::filesystem::path(sc).parent_path() / rel);
      if (!f) return std::nullopt;
      std::stringstream b;
      b << f.rdbuf();
      return b.str();
    });
    const Engine* eng = DetectEngine(s);
    ASSERT_EQ(eng->name(), "matcher") << name;
    for (const doc::Profile& p : eng->profiles()) {
      Report r = RunScenario(*eng, s, Query{}, p.name, true);
      for (const doc::Diagnostic& d : r.diagnostics) EXPECT_NE(d.code, "SCN006") << name << " " << p.name << ": " << d.message;
    }
    ++count;
  }
  EXPECT_GE(count, 12);
}

}  // namespace
}  // namespace cfgi::matcher

// The app's edited request (the matcher view's "edit" row) is read in the core, on the worker with
// its evaluation: "k=v" or "k: v" per line, pseudo-headers, comments and blank lines skipped.
TEST(MatcherRequestText, LinesBecomeTheRequest) {
  using namespace cfgi::matcher;
  Request r = RequestFromText(" :path = /api/v1\n# a comment\n\nX-Env: Prod\n:method=POST\nhost: example.com\n"
                              ":scheme=https\nx-flag\nx-b=c=d\r\n");
  EXPECT_EQ(r.path, "/api/v1");
  EXPECT_EQ(r.method, "POST");
  EXPECT_EQ(r.host, "example.com");
  EXPECT_EQ(r.scheme, "https");
  ASSERT_EQ(r.headers.size(), 3u);
  EXPECT_EQ(r.headers[0], (std::pair<std::string, std::string>{"x-env", "Prod"}));
  EXPECT_EQ(r.headers[1], (std::pair<std::string, std::string>{"x-flag", ""}));
  EXPECT_EQ(r.headers[2], (std::pair<std::string, std::string>{"x-b", "c=d"}));
  EXPECT_TRUE(RequestFromText("").headers.empty());
  EXPECT_FALSE(RequestFromText("  \n#x\n").path.has_value());
  // ":authority" and "host" are the same pseudo-header; the last one wins.
  EXPECT_EQ(RequestFromText(":authority=a\nhost=b").host, "b");
}
