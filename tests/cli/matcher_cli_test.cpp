// The matcher engine through the CLI: `eval FILE --header name=value ...` prints, per profile,
// {"actions", "matched", "trace"}; `--profile all` lists the divergences.
#include <gtest/gtest.h>

#include "tests/cli/cli_runner.h"

#include <array>
#include <cstdio>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

namespace {

struct CliRun {
  int exit_code;
  nlohmann::json out;
};

CliRun Cli(const std::string& args) {
  cfgi::testing::CliOutput r = cfgi::testing::RunCli(args);
  return {r.exit_code, nlohmann::json::parse(r.out, nullptr, false)};
}

std::string Sample(const std::string& name) { return std::string(CFGI_SOURCE_DIR) + "/samples/matcher/" + name; }

TEST(MatcherCli, HeaderFlagsBuildOneRequest) {
  CliRun r = Cli("eval --format json " + Sample("a106-example1-linear.scenario.yaml") + " --header x-user-segment=premium");
  ASSERT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out["engine"], "matcher");
  EXPECT_EQ(r.out["profile"], "grpc-core");
  ASSERT_EQ(r.out["result"]["requests"].size(), 1u);
  const auto& q = r.out["result"]["requests"][0];
  EXPECT_EQ(q["actions"], nlohmann::json::array({"route_to_premium_cluster"}));
  EXPECT_EQ(q["matched"], true);
  EXPECT_EQ(q["trace"][0]["children"][0]["what"], "matchers[0]");
  EXPECT_EQ(q["trace"][0]["children"][0]["outcome"], "matched");
}

TEST(MatcherCli, ProfileAllListsDivergences) {
  CliRun r = Cli("eval --format json --profile all " + Sample("prefix-map-resume.scenario.yaml") +
                 " --header x-path=/svc/admin/delete");
  ASSERT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out["profiles"]["grpc-core"]["result"]["requests"][0]["actions"], nlohmann::json::array({"deny"}));
  EXPECT_EQ(r.out["profiles"]["envoy"]["result"]["requests"][0]["actions"], nlohmann::json::array({"svc-default"}));
  EXPECT_EQ(r.out["profiles"]["a106"]["result"]["requests"][0]["actions"], nlohmann::json::array());
  EXPECT_EQ(r.out["profiles"]["a106"]["result"]["requests"][0]["matched"], false);
  // grpc-java MatcherTree.java matchPrefix tries every matching prefix longest first, as Envoy
  // resumes (MatcherTreeTest matcherTree_keepMatching_longestPrefixFirst).
  EXPECT_EQ(r.out["profiles"]["grpc-java"]["result"]["requests"][0]["actions"], nlohmann::json::array({"svc-default"}));
  bool found = false;
  for (const auto& d : r.out["divergences"])
    if (d["path"] == "/requests/0/actions/0") {
      found = true;
      EXPECT_EQ(d["values"]["grpc-core"], "deny");
      EXPECT_EQ(d["values"]["envoy"], "svc-default");
      EXPECT_EQ(d["values"]["grpc-java"], "svc-default");
    }
  EXPECT_TRUE(found);
}

TEST(MatcherCli, RejectionsExitOneWithCodes) {
  CliRun r = Cli("check --format json " + Sample("grpc-rejections.scenario.yaml"));
  EXPECT_EQ(r.exit_code, 1);
  std::vector<std::string> codes;
  for (const auto& d : r.out["diagnostics"])
    if (d["severity"] == "error") codes.push_back(d["code"]);
  EXPECT_EQ(codes, (std::vector<std::string>{"MAT006", "MAT003", "MAT004", "MAT008", "MAT007", "MAT011", "MAT009",
                                             "MAT010", "MAT002", "MAT010"}));
}

TEST(MatcherCli, EnvoyMatcherTypeAndRequestJson) {
  std::string path = ::testing::TempDir() + "envoy-matcher.json";
  std::ofstream(path) << R"({"@type": "type.googleapis.com/envoy.config.common.matcher.v3.Matcher",
    "matcher_tree": {"input": {"name": "h", "typed_config": {"@type": "type.googleapis.com/envoy.type.matcher.v3.HttpRequestHeaderMatchInput", "header_name": "x-a"}},
    "exact_match_map": {"map": {"v": {"action": {"name": "hit", "typed_config": {"@type": "type.googleapis.com/google.protobuf.StringValue"}}}}}}})";
  CliRun r = Cli("eval --format json " + path + " --request '{\"headers\": {\"X-A\": \"v\"}}'");
  ASSERT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out["diagnostics"].size(), 0u);
  EXPECT_EQ(r.out["result"]["requests"][0]["actions"], nlohmann::json::array({"hit"}));
}

}  // namespace
