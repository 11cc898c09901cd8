// AddSubscriptions (core/variants/scenario_edit.h): the subscriptions added in the app's
// Subscriptions tab written back into the scenario's YAML. Each case checks the exact text, and
// that the result loads through the variants engine with the new subscriptions at the end.
#include "core/variants/scenario_edit.h"

#include <gtest/gtest.h>

#include "core/doc/load.h"

namespace cfgi::variants {
namespace {

// The parameters of every item of inputs.subscriptions, as the loader reads them back.
std::vector<std::string> ReadBack(const std::string& text) {
  doc::Document d = doc::LoadDocument("s.yaml", text);
  std::vector<std::string> out;
  for (const doc::Diagnostic& x : d.diagnostics) out.push_back("diag " + x.code);
  const doc::Node* subs = d.root() && d.root()->Get("inputs") ? d.root()->Get("inputs")->Get("subscriptions") : nullptr;
  if (!subs) return out;
  for (const doc::Node& s : subs->items()) out.push_back(s.ToOrderedJson().dump());
  return out;
}

TEST(VariantsScenarioEditTest, AppendsAfterTheLastBlockItemWithItsIndentation) {
  const std::string text =
      "engine: variants\n"
      "inputs:\n"
      "  resource: r\n"
      "  subscriptions:\n"
      "    - {env: prod}\n"
      "    - {env: test}   # the second\n"
      "expect:\n"
      "  - input: 1\n";
  ScenarioEdit e = AddSubscriptions(text, {{{{"env", "prod"}, {"zone", "eu-1"}}, "", {}},
                                           {{{"env", "true"}}, "client-c", {"route-config", "c1"}}});
  ASSERT_EQ(e.error, "");
  EXPECT_EQ(e.text,
            "engine: variants\n"
            "inputs:\n"
            "  resource: r\n"
            "  subscriptions:\n"
            "    - {env: prod}\n"
            "    - {env: test}   # the second\n"
            "    - {env: prod, zone: eu-1}\n"
            "    - {params: {env: \"true\"}, name: client-c, resources: [route-config, c1]}\n"
            "expect:\n"
            "  - input: 1\n");
  EXPECT_EQ(ReadBack(e.text), (std::vector<std::string>{
                                  R"({"env":"prod"})", R"({"env":"test"})", R"({"env":"prod","zone":"eu-1"})",
                                  R"({"params":{"env":"true"},"name":"client-c","resources":["route-config","c1"]})"}));
}

TEST(VariantsScenarioEditTest, AddsSubscriptionsToInputsWithoutThem) {
  const std::string text = "engine: variants\ninputs:\n   resource: r\n   domains:\n     env: [prod, test]\n";
  ScenarioEdit e = AddSubscriptions(text, {{{{"env", "1.5"}}, "", {}}});
  ASSERT_EQ(e.error, "");
  EXPECT_EQ(e.text, "engine: variants\ninputs:\n   resource: r\n   domains:\n     env: [prod, test]\n"
                    "   subscriptions:\n     - {env: \"1.5\"}\n");
  EXPECT_EQ(ReadBack(e.text), (std::vector<std::string>{R"({"env":"1.5"})"}));
}

TEST(VariantsScenarioEditTest, AddsInputsAtTheEndWithoutATrailingNewline) {
  ScenarioEdit e = AddSubscriptions("engine: variants\ntitle: t", {{{}, "", {}}});
  ASSERT_EQ(e.error, "");
  EXPECT_EQ(e.text, "engine: variants\ntitle: t\ninputs:\n  subscriptions:\n    - {}\n");
}

TEST(VariantsScenarioEditTest, ReplacesAnEmptyFlowList) {
  ScenarioEdit e = AddSubscriptions("inputs:\n  subscriptions: []\n  resource: r\n", {{{{"a", "b c"}}, "", {}}});
  ASSERT_EQ(e.error, "");
  EXPECT_EQ(e.text, "inputs:\n  subscriptions:\n    - {a: \"b c\"}\n  resource: r\n");
}

TEST(VariantsScenarioEditTest, RefusesWhatItCannotEditInPlace) {
  EXPECT_EQ(AddSubscriptions("inputs:\n  subscriptions: [{env: prod}]\n", {{{}, "", {}}}).error,
            "inputs.subscriptions is a flow list ([...]); write it as a block list (one \"- \" item per line) to add to it");
  EXPECT_EQ(AddSubscriptions("{\"engine\": \"variants\"}", {{{}, "", {}}}).error,
            "the scenario is written as JSON; add the subscriptions to inputs.subscriptions by hand");
  ScenarioEdit bad = AddSubscriptions("inputs:\n  subscriptions: [\n", {{{}, "", {}}});
  EXPECT_EQ(bad.error.rfind("the scenario does not parse (DOC", 0), 0u) << bad.error;
  EXPECT_EQ(bad.text, "");
  EXPECT_EQ(AddSubscriptions("inputs: {resource: r}\n", {{{}, "", {}}}).error,
            "inputs is a flow map ({...}); write it as a block map (one key per line) to add subscriptions");
}

TEST(VariantsScenarioEditTest, QuotesValuesYamlWouldReadAsAnotherType) {
  EXPECT_EQ(SubscriptionYaml({{{"a", "yes"}, {"b", "~"}, {"c", "007"}, {"d", "v1.2"}, {"e", "x:y"}}, "", {}}),
            "{a: \"yes\", b: \"~\", c: \"007\", d: v1.2, e: \"x:y\"}");
}

}  // namespace
}  // namespace cfgi::variants
