// The variants engine through the CLI: --params (one subscription each), --before, and the text
// form of an overlap diagnostic.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "tests/cli/cli_runner.h"

namespace {

using cfgi::testing::CliOutput;
using cfgi::testing::RunCli;
using nlohmann::ordered_json;

TEST(VariantsCliTest, ParamsAndBefore) {
  std::string dir = std::string(CFGI_SOURCE_DIR) + "/samples/variants/";
  CliOutput r =
      RunCli("eval --format json " + dir + "transition-before.textproto " + dir +
             "transition-after-one-response.textproto --before transition-before.textproto --params "
             "env=prod,version=v2 --params ''");
  EXPECT_EQ(r.exit_code, 0);  // {} matching nothing and the mixed key sets are warnings, not errors
  ordered_json j = ordered_json::parse(r.out);
  EXPECT_EQ(j["engine"], "variants");
  EXPECT_EQ(j["result"]["subscriptions"][0]["resources"][0]["selected"], 3);
  EXPECT_EQ(j["result"]["subscriptions"][1]["params"].dump(), "{}");
  EXPECT_EQ(j["result"]["transition"]["subscriptions"][0]["resources"][0]["change"], "changed");
  CliOutput c = RunCli("check " + dir + "overlapping-or-values.scenario.yaml");
  EXPECT_EQ(c.exit_code, 1);
  EXPECT_NE(c.out.find(
                "overlapping-or.shorthand:8:1: error: [VAR103] variants 0 and 1 of \"route-config\" overlap: "
                "the parameters {\"env\":\"test\"} match both (env=prod ∨ env=test and env=qa ∨ env=test), "
                "and TP2 leaves the choice undefined; make their constraints mutually exclusive\n"),
            std::string::npos)
      << c.out;
}

}  // namespace
