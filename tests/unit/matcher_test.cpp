// The Unified Matcher: the four A106 examples with the results the spec states, gRPC's
// rejection reasons with positions, the profile differences (grpc-core, envoy, a106), the
// StringMatcher rules, dead matchers, and every sample scenario's expectations.
#include <gtest/gtest.h>

#include <filesystem>
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
  return Load(d, f);
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

TEST(MatcherA106, Example1SimpleLinearMatch) {
  Compiled m = Compile("e1.json", kExample1);
  ASSERT_TRUE(m.root);
  EXPECT_TRUE(m.simplified);
  for (Profile p : {Profile::kGrpcCore, Profile::kEnvoy, Profile::kA106}) {
    Result r1 = Evaluate(m, Headers({{"x-user-segment", "standard-user-1"}}), p);
    EXPECT_EQ(Names(r1.actions), V{"route_to_standard_cluster"});
    EXPECT_TRUE(r1.matched);
    Result r2 = Evaluate(m, Headers({{"x-user-segment", "guest"}}), p);
    EXPECT_EQ(Names(r2.actions), V{"route_to_default_cluster"});
    EXPECT_TRUE(r2.matched);
  }
  EXPECT_EQ(Actions(m, Headers({{"x-user-segment", "premium"}})), V{"route_to_premium_cluster"});
  // The simplified notation is a note, once, with the canonical form.
  ASSERT_EQ(m.issues.size(), 1u);
  EXPECT_EQ(m.issues[0].code, "MAT013");
  EXPECT_EQ(m.issues[0].severity, doc::Severity::kNote);
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
  for (Profile p : {Profile::kGrpcCore, Profile::kEnvoy, Profile::kA106}) {
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
  for (Profile p : {Profile::kGrpcCore, Profile::kEnvoy, Profile::kA106}) EXPECT_EQ(Actions(m, Request{}, p), V{"inner_matcher_2"});
  EXPECT_EQ(m.max_depth, 2);
}

TEST(MatcherA106, Example4PrefixMap) {
  Compiled m = Compile("e4.json", R"({"matcher_prefix_map": {
    "input": {"header_name": "x-user-segment"},
    "map": {"grpc": {"action": "shorter_prefix"}, "grpc.channelz": {"action": "longer_prefix"}}}})");
  for (Profile p : {Profile::kGrpcCore, Profile::kEnvoy, Profile::kA106})
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
  }
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
  Result a = Evaluate(m, r, Profile::kA106);
  EXPECT_TRUE(a.actions.empty());
  EXPECT_TRUE(a.matched);  // the on_match was terminal
  EXPECT_EQ(Actions(m, Headers({{"x-env", "prod"}, {"x-canary", "1"}}), Profile::kA106), V{"canary"});
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
  for (Profile p : {Profile::kGrpcCore, Profile::kEnvoy, Profile::kA106}) EXPECT_EQ(Actions(m, admin, p), V{"admin"});
  // keep_matching on the longest prefix: every profile continues to the shorter one.
  Request log = Headers({{"x-path", "/svc/logs"}});
  for (Profile p : {Profile::kGrpcCore, Profile::kEnvoy, Profile::kA106}) {
    Result r = Evaluate(m, log, p);
    EXPECT_EQ(Names(r.actions), (V{"audit", "svc"}));
    EXPECT_EQ(Names(r.skipped), V{"audit"});
  }
}

// The view's badge for an edited request is the one comparison (cfgi::Compare) over each
// profile's OutcomeJson: Envoy's prefix map resumes at the shorter prefix "/svc" (Envoy
// source/common/matcher/prefix_map_matcher.h), gRPC does not, and a106 keeps the nested no-match.
TEST(MatcherProfiles, OutcomesCompareAcrossProfiles) {
  Compiled m = Compile("p.yaml", kPrefixResume);
  auto compare = [&](const Request& r) {
    std::vector<nlohmann::ordered_json> j;
    for (Profile p : {Profile::kGrpcCore, Profile::kEnvoy, Profile::kA106}) j.push_back(OutcomeJson(Evaluate(m, r, p)));
    return Compare({{"grpc-core", &j[0]}, {"envoy", &j[1]}, {"a106", &j[2]}});
  };
  Comparison c = compare(Headers({{"x-path", "/svc/admin/x"}}));
  ASSERT_FALSE(c.empty());
  const std::vector<const Divergence*> first = c.Under("/actions/0");
  ASSERT_EQ(first.size(), 1u);
  EXPECT_EQ(first[0]->values, (nlohmann::ordered_json{{"grpc-core", "deny"}, {"envoy", "svc"}, {"a106", nullptr}}));
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
  CelOutcome m = EvaluateCel(*ok.compiled.program, r, Profile::kGrpcCore);
  EXPECT_TRUE(m.match);
  CelOutcome e = EvaluateCel(*str.compiled.program, r, Profile::kGrpcCore);
  EXPECT_FALSE(e.match);  // a string is not a bool: no match
  EXPECT_EQ(e.extracted, std::optional<std::string>("/pkg.Svc/Get"));
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
  for (const Issue& i : ok.issues) EXPECT_NE(i.code, "MAT005");
  EXPECT_EQ(Actions(ok, Request{}, Profile::kGrpcCore), V{"deep"});

  Compiled deep = Compile("d17.json", Nest(17));
  EXPECT_EQ(deep.max_depth, 17);
  int found = 0;
  for (const Issue& i : deep.issues)
    if (i.code == "MAT005") {
      ++found;
      EXPECT_TRUE(i.grpc_only);
      EXPECT_EQ(deep.source->Locate(i.range.begin).column, 1 + static_cast<int>(Nest(17).find(Nest(1))));
    }
  EXPECT_EQ(found, 1);
  Result g = Evaluate(deep, Request{}, Profile::kGrpcCore);
  EXPECT_TRUE(g.aborted);
  EXPECT_FALSE(g.matched);
  EXPECT_TRUE(g.actions.empty());
  EXPECT_EQ(Actions(deep, Request{}, Profile::kEnvoy), V{"deep"});
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
       "Unsupported Input type:envoy.type.matcher.v3.HttpRequestTrailerMatchInput; gRPC supports envoy.type.matcher.v3.HttpRequestHeaderMatchInput and xds.type.matcher.v3.HttpAttributesCelMatchInput (this tool treats it as no data)"},
      {"custom matcher", "matcher_list:\n  matchers:\n    - predicate: {single_predicate: {input: " + in +
                             ", custom_match: {typed_config: {\"@type\": type.googleapis.com/xds.type.matcher.v3.IPMatcher}}}}\n      on_match: " + act + "\n",
       "MAT010", 3, "custom_match: {", true, 
       "custom_match xds.type.matcher.v3.IPMatcher is not supported by gRPC (only xds.type.matcher.v3.CelMatcher) and is NACKed; this tool evaluates it as no match"},
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
    for (const Issue& i : m.issues) {
      if (i.code != c.code) continue;
      found = true;
      doc::Position pos = m.source->Locate(i.range.begin);
      EXPECT_EQ(pos.line, c.line) << c.name << ": " << i.message;
      std::string_view text = m.source->Line(c.line);
      size_t at = text.find(c.anchor);
      ASSERT_NE(at, std::string_view::npos) << c.name;
      EXPECT_EQ(pos.column, static_cast<int>(at + std::strlen(c.anchor))) << c.name << ": " << i.message;
      EXPECT_EQ(i.grpc_only, c.grpc_only) << c.name;
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
  ASSERT_EQ(m.issues.size(), 2u);
  EXPECT_EQ(m.issues[1].code, "MAT011");
  EXPECT_EQ(m.source->Locate(m.issues[1].range.begin).line, 4);
  EXPECT_EQ(m.source->Locate(m.issues[1].range.begin).column, 44);
  // Under envoy it is a note, under grpc-core an error.
  auto g = IssueDiagnostics(m, Profile::kGrpcCore);
  auto e = IssueDiagnostics(m, Profile::kEnvoy);
  EXPECT_EQ(g[1].severity, doc::Severity::kError);
  EXPECT_EQ(e[1].severity, doc::Severity::kNote);
  EXPECT_EQ(e[1].message.rfind("gRPC only: ", 0), 0u);
}

TEST(MatcherValidation, SchemaErrorsPointAtTheKey) {
  Compiled m = Compile("s.yaml", "matcher_list:\n  matchers:\n    - predicate: {single_predicate: {input: {typed_config: {\"@type\": "
                                 "type.googleapis.com/envoy.type.matcher.v3.HttpRequestHeaderMatchInput, header_name: x}}, value_match: "
                                 "{exact: a}}}\n      on_match: {action: {name: a, typed_config: {\"@type\": "
                                 "type.googleapis.com/google.protobuf.StringValue}}}\n  bogus_field: 1\n");
  ASSERT_EQ(m.issues.size(), 1u);
  EXPECT_EQ(m.issues[0].code, "DOC005");
  EXPECT_EQ(m.source->Locate(m.issues[0].range.begin).line, 5);
  EXPECT_EQ(m.source->Locate(m.issues[0].range.begin).column, 3);
}

TEST(MatcherValidation, CelErrorsAreLocatedInsideTheString) {
  Compiled m = Compile("c.yaml", "matcher_list:\n  matchers:\n    - predicate:\n        single_predicate:\n"
                                 "          input: {typed_config: {\"@type\": type.googleapis.com/xds.type.matcher.v3.HttpAttributesCelMatchInput}}\n"
                                 "          custom_match:\n            typed_config:\n"
                                 "              \"@type\": type.googleapis.com/xds.type.matcher.v3.CelMatcher\n"
                                 "              expr_match: {cel_expr_string: \"request.pth == 'a'\"}\n"
                                 "      on_match: {action: a}\n");
  bool found = false;
  for (const Issue& i : m.issues)
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
  std::vector<Issue> dead = FindShadowed(m);
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
  t.Prefixes("zzz", out);
  EXPECT_EQ(out, (std::vector<int>{5000}));
}

TEST(MatcherCel, CheckedExprTextproto) {
  std::ifstream in(std::string(CFGI_SOURCE_DIR) + "/samples/matcher/rbac-cel.textproto");
  std::stringstream ss;
  ss << in.rdbuf();
  doc::Document d = doc::LoadDocument("rbac-cel.textproto", ss.str());
  ASSERT_EQ(d.format, doc::Format::kTextProto);
  Compiled m = Load(d);
  EXPECT_TRUE(m.issues.empty()) << m.issues[0].message;
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
