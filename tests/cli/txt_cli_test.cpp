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
  // One record format per run: the zone file by default, dig's ANSWER line with --format dig.
  EXPECT_EQ(text.out,
            "_grpc_config.s. 60 IN TXT "
            "\"grpc_config=[{\\\"serviceConfig\\\":{\\\"loadBalancingPolicy\\\":"
            "\\\"round_robin\\\"}}]\"\n");
  EXPECT_EQ(RunCli("encode --format zone --name _grpc_config.s. --ttl 60 " + sc).out, text.out);
  EXPECT_EQ(RunCli("encode --format dig --name _grpc_config.s. --ttl 60 " + sc).out,
            ";; ANSWER SECTION:\n_grpc_config.s.\t60\tIN\tTXT\t\"grpc_config=[{\\\""
            "serviceConfig\\\":{\\\"loadBalancingPolicy\\\":\\\"round_robin\\\"}}]\"\n");
  EXPECT_EQ(RunCli("encode --format sarif " + sc).exit_code, 2);
  auto e = nlohmann::json::parse(RunCli("encode --format json " + sc).out);
  EXPECT_EQ(e["strings"][0], R"(grpc_config=[{"serviceConfig":{"loadBalancingPolicy":"round_robin"}}])");
  EXPECT_EQ(e["name"], "_grpc_config.example.com.");
  EXPECT_EQ(RunCli("encode --ttl x " + sc).exit_code, 2);
  std::ofstream(sc) << "[1]";
  EXPECT_EQ(RunCli("encode " + sc).exit_code, 1);
}

// Round trip through the CLI: what `encode` prints (either format) is read back by `eval` as the
// same service config, with no finding, under every profile.
TEST(TxtCliTest, EncodeThenEvalGivesTheConfigBack) {
  std::string sc = ::testing::TempDir() + "rt.json";
  const std::string config =
      R"({"loadBalancingConfig":[{"round_robin":{}}],"methodConfig":[{"name":[{"service":"helloworld.Greeter"}],)"
      R"("timeout":"2.5s","retryPolicy":{"maxAttempts":3,"initialBackoff":"0.1s","maxBackoff":"1s","backoffMultiplier":2,)"
      R"("retryableStatusCodes":["UNAVAILABLE"]}}]})";
  std::ofstream(sc) << config;
  for (const char* format : {"zone", "dig"}) {
    SCOPED_TRACE(format);
    CliOutput enc = RunCli(std::string("encode --format ") + format + " --name _grpc_config.greeter.example.com. " + sc);
    ASSERT_EQ(enc.exit_code, 0);
    std::string rec = ::testing::TempDir() + "rt." + format;
    std::ofstream(rec) << enc.out;
    CliOutput ev = RunCli("eval --format json --profile all " + rec);
    EXPECT_EQ(ev.exit_code, 0) << ev.out;
    auto j = nlohmann::json::parse(ev.out);
    ASSERT_EQ(j["profiles"].size(), 4u) << ev.out;
    for (auto it = j["profiles"].begin(); it != j["profiles"].end(); ++it) {
      const std::string name = it.key();
      const nlohmann::json& r = it.value();
      EXPECT_EQ(r["result"]["choice"], 0) << name;
      EXPECT_EQ(r["result"]["service_config"], nlohmann::json::parse(config)) << name;
      EXPECT_EQ(r["diagnostics"], nlohmann::json::array()) << name << ": " << r["diagnostics"].dump();
    }
  }
}

}  // namespace
