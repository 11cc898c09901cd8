// The typed query of the matcher, txt, targeting and variants engines (core/<engine>/*_query.h):
// the CLI's flags parse into it once (the engine's ParseQuery), a view or a test builds it
// directly, and both ask the same question: the same result and the same diagnostics at the same
// places (as PolicyQueryTest does for policy::PolicyQuery).
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "core/matcher/matcher_engine.h"
#include "core/targeting/targeting_engine.h"
#include "core/txt/txt_engine.h"
#include "core/variants/variants_engine.h"

namespace cfgi {
namespace {

using Flags = std::vector<std::pair<std::string, std::string>>;

// The diagnostics of a report as "CODE@file:line:column", in order.
std::vector<std::string> Places(const Report& r) {
  std::vector<std::string> out;
  for (const doc::Diagnostic& d : r.diagnostics)
    out.push_back(d.code + "@" + d.file + ":" + std::to_string(d.begin.line) + ":" + std::to_string(d.begin.column));
  return out;
}

// Asks `e` the question of `flags` and of the built `typed` under every profile; expects the same
// result and the same diagnostics at the same places from both, and returns the flags' answer.
Inspection AskBothWays(const Engine& e, const std::shared_ptr<const Scenario>& s, const Flags& flags,
                       std::shared_ptr<const EngineQuery> typed) {
  InspectOptions o;
  o.result_json = true;  // reads Report::result
  for (const doc::Profile& p : e.profiles()) o.profiles.push_back(p.name);
  Query by_flags;
  by_flags.flags = flags;
  Query built;
  built.typed = std::move(typed);
  Inspection a = Inspect(e, s, by_flags, o);
  Inspection b = Inspect(e, s, built, o);
  EXPECT_EQ(a.reports.size(), e.profiles().size());
  EXPECT_EQ(b.reports.size(), a.reports.size());
  for (size_t i = 0; i < std::min(a.reports.size(), b.reports.size()); ++i) {
    EXPECT_EQ(a.reports[i].result, b.reports[i].result) << a.reports[i].profile;
    EXPECT_EQ(Places(a.reports[i]), Places(b.reports[i])) << a.reports[i].profile;
  }
  return a;
}

// The places of `code` in report `r`.
std::vector<std::string> PlacesOf(const Report& r, const std::string& code) {
  std::vector<std::string> out;
  for (const std::string& p : Places(r))
    if (p.rfind(code + "@", 0) == 0) out.push_back(p);
  return out;
}

// --- matcher -----------------------------------------------------------------------------------

// A gRFC A106 matcher_list in YAML: premium users go to one route, the rest to another.
constexpr const char* kRouteMatcher = R"(matcher_list:
  matchers:
    - predicate:
        single_predicate:
          input: {name: segment, typed_config: {"@type": type.googleapis.com/envoy.type.matcher.v3.HttpRequestHeaderMatchInput, header_name: x-user-segment}}
          value_match: {exact: premium}
      on_match:
        action: {name: premium, typed_config: {"@type": type.googleapis.com/google.protobuf.StringValue, value: premium_payments}}
on_no_match:
  action: {name: default, typed_config: {"@type": type.googleapis.com/google.protobuf.StringValue, value: default_route}}
)";

TEST(EngineTypedQueryTest, MatcherFlagsParseIntoTheTypedQueryOnce) {
  Query flags;
  flags.flags = {{"header", "X-User-Segment=premium"}, {"path", "/pay/now"}, {"application-protocol", "h2,http/1.1"},
                 {"matcher", "0"}, {"header", "nope"}};
  auto e = GetMatcherEngine().ParseQuery(flags);
  const auto* q = dynamic_cast<const matcher::MatcherQuery*>(e.get());
  ASSERT_NE(q, nullptr);
  ASSERT_TRUE(q->request.has_value());
  EXPECT_EQ(q->request->headers, (Flags{{"x-user-segment", "premium"}}));  // the name lower-cased
  EXPECT_EQ(q->request->path, std::optional<std::string>("/pay/now"));
  EXPECT_EQ(q->request->application_protocols, (std::vector<std::string>{"h2", "http/1.1"}));
  EXPECT_EQ(q->matcher, std::optional<std::string>("0"));
  EXPECT_TRUE(q->request_flags);
  ASSERT_EQ(q->diagnostics.size(), 1u);
  EXPECT_EQ(q->diagnostics[0].code, "MAT020");
  EXPECT_EQ(q->diagnostics[0].message, "--header nope is not name=value; write --header x-user-segment=premium");
  // No request flag: no request, the scenario's inputs.requests apply.
  matcher::MatcherQuery none = matcher::ParseMatcherQuery(Query{{{"matcher", "1"}}});
  EXPECT_FALSE(none.request.has_value());
  EXPECT_FALSE(none.request_flags);
}

TEST(EngineTypedQueryTest, MatcherATypedQueryAsksWhatItsFlagsAsk) {
  auto s = std::make_shared<const Scenario>(LoadScenario({{"route.yaml", kRouteMatcher}}));
  auto typed = std::make_shared<matcher::MatcherQuery>();
  typed->request.emplace();
  typed->request->headers = {{"x-user-segment", "premium"}};
  typed->request->path = "/pay/now";
  Inspection a = AskBothWays(GetMatcherEngine(), s, {{"header", "x-user-segment=premium"}, {"path", "/pay/now"}}, typed);
  ASSERT_FALSE(a.reports.empty());
  for (const Report& r : a.reports) {
    EXPECT_TRUE(r.diagnostics.empty()) << r.profile;
    ASSERT_EQ(r.result["requests"].size(), 1u) << r.profile;
    EXPECT_EQ(r.result["requests"][0]["actions"], nlohmann::ordered_json::array({"premium"})) << r.profile;
  }
  // A bad value: MAT020 at the command line, and the well-formed flags still make the request.
  Flags bad = {{"header", "x-user-segment"}, {"path", "/pay/now"}};
  auto parsed = GetMatcherEngine().ParseQuery(Query{bad});
  Inspection b = AskBothWays(GetMatcherEngine(), s, bad, parsed);
  for (const Report& r : b.reports) {
    EXPECT_EQ(Places(r), (std::vector<std::string>{"MAT020@(command line):1:1"})) << r.profile;
    EXPECT_EQ(r.result["requests"][0]["actions"], nlohmann::ordered_json::array({"default"})) << r.profile;
  }
}

// --- txt ---------------------------------------------------------------------------------------

// A 30% canary (gRFC A2's grpc_config TXT record): one choice with "percentage", one without.
constexpr const char* kZone = R"($ORIGIN example.com.
_grpc_config.pay 300 IN TXT "grpc_config=[{\"percentage\":30,\"serviceConfig\":{\"loadBalancingPolicy\":\"round_robin\"}},{\"serviceConfig\":{\"loadBalancingPolicy\":\"pick_first\"}}]"
)";

TEST(EngineTypedQueryTest, TxtFlagsParseIntoTheTypedQueryOnce) {
  txt::TxtQuery q = txt::ParseTxtQuery(Query{{{"language", "java"}, {"rand", "7"}, {"hostname", "h1"}, {"rand", "12"}}});
  EXPECT_EQ(q.language, std::optional<std::string>("java"));
  EXPECT_EQ(q.hostname, std::optional<std::string>("h1"));
  EXPECT_EQ(q.rand, std::optional<int>(12));  // a number, the last one given
  EXPECT_FALSE(q.name.has_value());
  EXPECT_TRUE(q.diagnostics.empty());
  txt::TxtQuery bad = txt::ParseTxtQuery(Query{{{"rand", "12x"}}});
  EXPECT_FALSE(bad.rand.has_value());
  ASSERT_EQ(bad.diagnostics.size(), 1u);
  EXPECT_EQ(bad.diagnostics[0].code, "TXT041");
  EXPECT_EQ(bad.diagnostics[0].message, "--rand is the random draw, an integer from 0 to 99; got '12x'");
  EXPECT_EQ(bad.diagnostics[0].file, "");  // placed by Load
}

TEST(EngineTypedQueryTest, TxtATypedQueryAsksWhatItsFlagsAsk) {
  auto s = std::make_shared<const Scenario>(LoadScenario({{"pay.zone", kZone}}));
  for (int draw : {10, 90}) {
    auto typed = std::make_shared<txt::TxtQuery>();
    typed->rand = draw;
    typed->language = "go";
    Inspection a = AskBothWays(GetTxtEngine(), s, {{"rand", std::to_string(draw)}, {"language", "go"}}, typed);
    for (const Report& r : a.reports) {
      // grpc-core's note that it picks percentage p for p+1 draws (the percentage's column).
      std::vector<std::string> notes;
      if (r.profile == "grpc-core") notes = {"TXT039@pay.zone:2:59"};
      EXPECT_EQ(Places(r), notes) << r.profile;
      EXPECT_EQ(r.result["choice"], draw < 30 ? 0 : 1) << r.profile << " draw " << draw;
    }
  }
  // A bad value: TXT041 at 1:1 of the DNS source (there is no scenario file), default draw.
  Flags bad = {{"rand", "100"}};
  Inspection b = AskBothWays(GetTxtEngine(), s, bad, GetTxtEngine().ParseQuery(Query{bad}));
  for (const Report& r : b.reports) {
    EXPECT_EQ(Places(r)[0], "TXT041@pay.zone:1:1") << r.profile;
    EXPECT_EQ(PlacesOf(r, "TXT041").size(), 1u) << r.profile;
  }
}

// --- targeting ---------------------------------------------------------------------------------

// A Declarative Services factory component with one reference (CppMicroServices' manifest).
constexpr const char* kManifest = R"json({"scr": {"version": 1, "components": [{
  "implementation-class": "shop::Checkout",
  "configuration-policy": "require",
  "configuration-pid": ["checkoutPid"],
  "factory": "checkout factory",
  "references": [{"name": "Payments", "interface": "shop::PaymentsInt", "target": "(region=us)"}]
}]}})json";

constexpr const char* kConfig = R"json({"Payments.target": "(region=eu)"})json";

TEST(EngineTypedQueryTest, TargetingFlagsParseIntoTheTypedQueryOnce) {
  targeting::TargetingQuery q =
      targeting::ParseTargetingQuery(Query{{{"config", kConfig}, {"services", "registry.json"}, {"pid", "checkoutPid"}}});
  ASSERT_TRUE(q.config.has_value());
  ASSERT_NE(q.config->json, nullptr);  // inline JSON, parsed once
  EXPECT_EQ(q.config->json->source->name(), "--config");
  EXPECT_TRUE(q.config->json->diagnostics.empty());
  ASSERT_TRUE(q.services.has_value());
  EXPECT_EQ(q.services->json, nullptr);  // a file: Load finds it among the scenario's sources
  EXPECT_EQ(q.services->name, "registry.json");
  EXPECT_EQ(q.pid, std::optional<std::string>("checkoutPid"));
  EXPECT_FALSE(q.instance.has_value());
}

TEST(EngineTypedQueryTest, TargetingATypedQueryAsksWhatItsFlagsAsk) {
  auto s = std::make_shared<const Scenario>(LoadScenario({{"manifest.json", kManifest}}));
  auto typed = std::make_shared<targeting::TargetingQuery>();
  typed->config = targeting::FileOrJson::Inline("--config", kConfig);
  typed->pid = "checkoutPid";
  typed->instance = "one";
  Inspection a = AskBothWays(GetTargetingEngine(), s, {{"config", kConfig}, {"pid", "checkoutPid"}, {"instance", "one"}}, typed);
  ASSERT_EQ(a.reports.size(), 1u);
  EXPECT_TRUE(a.reports[0].diagnostics.empty());
  EXPECT_EQ(a.reports[0].result["references"][0]["target"], "(region=eu)");
  EXPECT_EQ(a.reports[0].result["references"][0]["instance"], "shop::Checkout_checkoutPid~one");
  // A file the scenario does not have: TGT018 at the flag. Inline JSON with a syntax error: the
  // JSON finding in the flag's text.
  Flags missing = {{"config", "nope.json"}};
  Inspection b = AskBothWays(GetTargetingEngine(), s, missing, GetTargetingEngine().ParseQuery(Query{missing}));
  EXPECT_EQ(PlacesOf(b.reports[0], "TGT018"), (std::vector<std::string>{"TGT018@--config:1:1"}));
  Flags broken = {{"config", "{\"Payments.target\": }"}};
  Inspection c = AskBothWays(GetTargetingEngine(), s, broken, GetTargetingEngine().ParseQuery(Query{broken}));
  ASSERT_FALSE(c.reports[0].diagnostics.empty());
  EXPECT_EQ(Places(c.reports[0])[0], "DOC002@--config:1:21");
}

// --- variants ----------------------------------------------------------------------------------

// Two variants of one resource in the xDS TP2 shorthand (one constraint each).
constexpr const char* kVariants = R"(// For {env=prod}
{constraint:{key:"env" value:"prod"}}

// For {env=test}
{constraint:{key:"env" value:"test"}}
)";

TEST(EngineTypedQueryTest, VariantsFlagsParseIntoTheTypedQueryOnce) {
  variants::VariantsQuery q = variants::ParseVariantsQuery(
      Query{{{"params", "env=prod,zone=a"}, {"before", "old.textproto"}, {"params", "env"}, {"params", ""}, {"resource", "r"}}});
  ASSERT_TRUE(q.subscriptions.has_value());
  ASSERT_EQ(q.subscriptions->size(), 2u);  // "env" is not k=v: VAR011, left out
  EXPECT_EQ((*q.subscriptions)[0].params, (variants::Params{{"env", "prod"}, {"zone", "a"}}));
  EXPECT_EQ((*q.subscriptions)[1].params, variants::Params{});  // '' is no parameters
  EXPECT_EQ(q.before, std::vector<std::string>{"old.textproto"});
  EXPECT_EQ(q.resource, std::optional<std::string>("r"));
  ASSERT_EQ(q.diagnostics.size(), 1u);
  EXPECT_EQ(q.diagnostics[0].code, "VAR011");
  EXPECT_EQ(q.diagnostics[0].file, "--params");
  EXPECT_EQ(q.diagnostics[0].begin.line, 2);  // the second --params
  EXPECT_FALSE(variants::ParseVariantsQuery(Query{{{"resource", "r"}}}).subscriptions.has_value());
}

TEST(EngineTypedQueryTest, VariantsATypedQueryAsksWhatItsFlagsAsk) {
  auto s = std::make_shared<const Scenario>(LoadScenario({{"route.shorthand", kVariants}}));
  // Built as a view builds it: the subscriptions, no flag text (so a subscription has no place).
  auto typed = std::make_shared<variants::VariantsQuery>();
  variants::Subscription test;
  test.params = {{"env", "test"}};
  test.origin = "--params";
  typed->subscriptions = std::vector<variants::Subscription>{test};
  typed->resource = "route-config";
  Inspection a = AskBothWays(GetVariantsEngine(), s, {{"params", "env=test"}, {"resource", "route-config"}}, typed);
  ASSERT_EQ(a.reports.size(), 1u);
  EXPECT_TRUE(PlacesOf(a.reports[0], "VAR011").empty());
  const auto& subs = a.reports[0].result["subscriptions"];
  ASSERT_EQ(subs.size(), 1u);
  EXPECT_EQ(subs[0]["params"], (nlohmann::ordered_json{{"env", "test"}}));
  ASSERT_EQ(subs[0]["resources"].size(), 1u);
  EXPECT_EQ(subs[0]["resources"][0]["resource"], "route-config");
  EXPECT_EQ(subs[0]["resources"][0]["matching"], nlohmann::ordered_json::array({1}));
  EXPECT_EQ(subs[0]["resources"][0]["outcome"], "match");
  // A bad value: VAR011 at its line of the --params text, the good one still asked.
  Flags bad = {{"params", "env=test"}, {"params", "env"}};
  Inspection b = AskBothWays(GetVariantsEngine(), s, bad, GetVariantsEngine().ParseQuery(Query{bad}));
  EXPECT_EQ(PlacesOf(b.reports[0], "VAR011"), (std::vector<std::string>{"VAR011@--params:2:1"}));
  EXPECT_EQ(b.reports[0].result["subscriptions"].size(), 1u);
}

}  // namespace
}  // namespace cfgi
