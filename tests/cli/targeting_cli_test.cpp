// The targeting engine through the CLI: `eval` with --config / --services as files and as inline
// JSON, `ldap`, and every sample's `expect` checks.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/cli/cli_runner.h"

namespace {

using cfgi::testing::CliOutput;
using cfgi::testing::RunCli;
using cfgi::testing::WriteTemp;
using nlohmann::ordered_json;

// samples/targeting/<name>; spec_method1_manifest.json and spec_method2_manifest.json are the
// manifests of the spec's methods 1 and 2.
std::string Sample(const std::string& name) {
  return std::string(CFGI_SOURCE_DIR) + "/samples/targeting/" + name;
}

TEST(TargetingCliTest, EvalWithConfigAndServicesFiles) {
  std::string c = WriteTemp("tgt_config.json", R"J({"someKeyFromConfig": "b1"})J");
  std::string s = WriteTemp(
      "tgt_services.json",
      R"J({"services": [{"id": 7, "interfaces": ["test::ServiceBInt"], "properties": {"ServiceBId": "b1"}}]})J");
  CliOutput r = RunCli("eval --format json " + Sample("spec_method2_manifest.json") + " --config " + c +
                       " --pid servicePid --instance i2 --services " + s);
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  auto j = ordered_json::parse(r.out);
  EXPECT_EQ(j["engine"], "targeting");
  EXPECT_EQ(j["profile"], "cppmicroservices");
  const ordered_json& ref = j["result"]["references"][0];
  EXPECT_EQ(ref["instance"], "sample::someService_servicePid~i2");
  EXPECT_EQ(ref["target"], "(ServiceBId=b1)");
  EXPECT_EQ(ref["matching_services"], ordered_json::parse("[7]"));
}

TEST(TargetingCliTest, EvalWithInlineConfigJson) {
  CliOutput r = RunCli("eval --format json " + Sample("spec_method1_manifest.json") +
                       " --config '{\"ServiceB.target\": \"(a=1\"}'");
  EXPECT_EQ(r.exit_code, 1);
  auto j = ordered_json::parse(r.out);
  ASSERT_EQ(j["diagnostics"].size(), 1u);
  EXPECT_EQ(j["diagnostics"][0]["code"], "TGT011");
  EXPECT_EQ(j["diagnostics"][0]["file"], "--config");
  EXPECT_EQ(j["diagnostics"][0]["line"], 1);
  EXPECT_EQ(j["diagnostics"][0]["column"], 26);
  EXPECT_EQ(j["result"]["references"][0]["error"], "Unexpected end of query: ");
}

TEST(TargetingCliTest, ConfigThatIsNeitherFileNorJson) {
  CliOutput r =
      RunCli("eval --format json " + Sample("spec_method2_manifest.json") + " --config /nonexistent/c.json");
  EXPECT_EQ(r.exit_code, 1);
  std::vector<std::string> codes;
  ordered_json j = ordered_json::parse(r.out);
  for (const auto& d : j["diagnostics"]) codes.push_back(d["code"]);
  EXPECT_NE(std::find(codes.begin(), codes.end(), "TGT018"), codes.end()) << r.out;
}

TEST(TargetingCliTest, LdapCommand) {
  CliOutput r = RunCli("ldap '(&(port>=8080)(env=prod))' --props '{\"port\": 9000, \"ENV\": \"prod\"}'");
  EXPECT_EQ(r.exit_code, 0);
  auto j = ordered_json::parse(r.out);
  EXPECT_EQ(j["matched"], true);
  EXPECT_TRUE(j["error"].is_null());
  EXPECT_EQ(j["explanation"]["children"][1]["detail"],
            "ENV (keys are case-insensitive): string \"prod\" equals \"prod\" (case-sensitive)");
  CliOutput mc = RunCli("ldap '(env=prod)' --props '{\"ENV\": \"prod\"}' --match-case");
  EXPECT_EQ(ordered_json::parse(mc.out)["matched"], false);
  CliOutput bad = RunCli("ldap '(env=prod' --props '{}'");
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_FALSE(ordered_json::parse(bad.out)["error"].is_null());
  EXPECT_EQ(RunCli("ldap").exit_code, 2);
  EXPECT_EQ(RunCli("ldap '(a=1)' --bogus").exit_code, 2);
}

TEST(TargetingCliTest, EverySampleMeetsItsExpectations) {
  int checked = 0;
  for (const char* name : {"spec_method1", "spec_method2", "spec_both_methods", "storage_registry",
                           "placeholder_edges", "value_injection", "errors"}) {
    CliOutput r = RunCli("check --format json " + Sample(std::string(name) + ".scenario.yaml"));
    auto j = ordered_json::parse(r.out);
    EXPECT_EQ(j["engine"], "targeting") << name;
    for (const auto& d : j["diagnostics"]) EXPECT_NE(d["code"], "SCN006") << name << ": " << d["message"];
    ++checked;
  }
  EXPECT_EQ(checked, 7);
}

}  // namespace
