// The txt engine through the CLI: `eval` with --profile, --rand and --language, and `encode`.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/cli/cli_runner.h"

namespace {

using cfgi::testing::CliOutput;
using cfgi::testing::RunCli;

TEST(TxtCliTest, EvalFlagsAndEncode) {
  std::string zone = ::testing::TempDir() + "canary.zone";
  std::ofstream(zone)
      << "_grpc_config.s 60 IN TXT \"grpc_config=[{\\\"percentage\\\":50,\\\"serviceConfig\\\":{}},"
         "{\\\"clientLanguage\\\":[\\\"java\\\"],\\\"serviceConfig\\\":{\\\"loadBalancingPolicy\\\":\\\"pick_"
         "first\\\"}}]\"\n";
  CliOutput r = RunCli("eval --format json --profile grpc-java --rand 50 " + zone);
  EXPECT_EQ(r.exit_code, 0);
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["result"]["choice"], 1);
  EXPECT_EQ(j["result"]["service_config"]["loadBalancingPolicy"], "pick_first");
  j = nlohmann::json::parse(
      RunCli("eval --format json --profile grpc-core --rand 50 --language java " + zone).out);
  EXPECT_EQ(j["result"]["choice"], 0);
  // a2 without a language: choice 0 is not drawn (r=50), choice 1 names java, so the answer
  // depends on the language (gRFC A2: a choice without clientLanguage applies to every client).
  j = nlohmann::json::parse(RunCli("eval --format json --profile a2 --rand 50 " + zone).out);
  EXPECT_EQ(j["result"]["error"], nullptr);
  EXPECT_EQ(j["result"]["choice"], nullptr);
  EXPECT_EQ(j["result"]["by_language"],
            nlohmann::json::parse(R"([{"language":"java","choice":1,"service_config":{"loadBalancingPolicy":"pick_first"},"error":null},
                                     {"language":null,"choice":null,"service_config":null,"error":null}])"));
  j = nlohmann::json::parse(RunCli("eval --format json --profile a2 --rand 49 --language go " + zone).out);
  EXPECT_EQ(j["result"]["choice"], 0);

  // --name picks one of several _grpc_config names of a zone (SOA and A records around them).
  std::string two = ::testing::TempDir() + "two.zone";
  std::ofstream(two) << "$ORIGIN example.com.\n@ IN SOA ns1 hm ( 1 2 3 4 5 )\nwww IN A 192.0.2.1\n"
                        "_grpc_config.a IN TXT \"grpc_config=[{\\\"serviceConfig\\\":{}}]\"\n"
                        "_grpc_config.b IN TXT \"grpc_config=[{\\\"percentage\\\":0,\\\"serviceConfig\\\":{}}]\"\n";
  j = nlohmann::json::parse(RunCli("eval --format json --name b.example.com " + two).out);
  EXPECT_EQ(j["result"]["name"], "_grpc_config.b");
  EXPECT_EQ(j["result"]["choice"], nullptr);
  EXPECT_EQ(j["result"]["names"][0]["name"], "_grpc_config.a");
  EXPECT_EQ(j["result"]["names"][0]["choice"], 0);
  CliOutput missing = RunCli("check --format json --name c.example.com " + two);
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.out.find("TXT019"), std::string::npos);

  std::string sc = ::testing::TempDir() + "sc.json";
  std::ofstream(sc) << R"({"loadBalancingPolicy":"round_robin"})";
  CliOutput text = RunCli("encode --name _grpc_config.s. --ttl 60 " + sc);
  EXPECT_EQ(text.exit_code, 0);
  EXPECT_EQ(text.out,
            "; zone file\n_grpc_config.s. 60 IN TXT "
            "\"grpc_config=[{\\\"serviceConfig\\\":{\\\"loadBalancingPolicy\\\":"
            "\\\"round_robin\\\"}}]\"\n\n; dig\n;; ANSWER "
            "SECTION:\n_grpc_config.s.\t60\tIN\tTXT\t\"grpc_config=[{\\\""
            "serviceConfig\\\":{\\\"loadBalancingPolicy\\\":\\\"round_robin\\\"}}]\"\n");
  auto e = nlohmann::json::parse(RunCli("encode --format json " + sc).out);
  EXPECT_EQ(e["strings"][0], R"(grpc_config=[{"serviceConfig":{"loadBalancingPolicy":"round_robin"}}])");
  EXPECT_EQ(e["name"], "_grpc_config.example.com.");
  EXPECT_EQ(RunCli("encode --ttl x " + sc).exit_code, 2);
  std::ofstream(sc) << "[1]";
  EXPECT_EQ(RunCli("encode " + sc).exit_code, 1);
}

}  // namespace
