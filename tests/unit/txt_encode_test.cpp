// txt engine: the encoder (service config -> TXT strings) and the CLI's eval flags and encode.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "core/txt/txt_encode.h"
#include "core/txt/txt_model.h"

namespace cfgi::txt {
namespace {

TEST(TxtEncodeTest, SplitsAt255AndEscapes) {
  std::string methods;
  for (int i = 0; i < 12; ++i)
    methods += std::string(i ? "," : "") + R"({"name":[{"service":"pkg.Service)" + std::to_string(i) + R"("}],"timeout":"1s"})";
  std::string json = R"({"loadBalancingPolicy":"round_robin","methodConfig":[)" + methods + "]}";
  EncodeResult r = Encode(doc::Source("sc.json", json), {"_grpc_config.svc.example.com.", 300});
  ASSERT_TRUE(r.ok);
  std::string attr = "grpc_config=[{\"serviceConfig\":" + json + "}]";
  EXPECT_EQ(r.json, attr.substr(12));
  ASSERT_EQ(r.strings.size(), (attr.size() + 254) / 255);
  std::string joined;
  for (size_t i = 0; i < r.strings.size(); ++i) {
    if (i + 1 < r.strings.size()) EXPECT_EQ(r.strings[i].size(), 255u);
    joined += r.strings[i];
  }
  EXPECT_EQ(joined, attr);
  EXPECT_EQ(r.quoted[0].substr(0, 18), "\"grpc_config=[{\\\"s");
  EXPECT_EQ(r.rdata_bytes, attr.size() + r.strings.size());
  // 12 header + (1+12+1+3+1+7+1+3 + 1 = 30) name + 4 + 12 answer fixed + rdata
  EXPECT_EQ(r.message_bytes, 12u + 30u + 4u + 12u + r.rdata_bytes);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].code, "TXT060");
  // What we write reads back to the same config under every profile.
  for (const std::string& text : {r.zone, r.dig}) {
    Analysis a = Load(std::make_shared<doc::Source>("back.zone", text));
    EXPECT_TRUE(ProfileDiagnostics(a, ProfileId::kCore).empty()) << text;
    Evaluation ev = Evaluate(a, ProfileId::kCore, {});
    ASSERT_TRUE(ev.service_config);
    EXPECT_EQ(ev.service_config->dump(), nlohmann::ordered_json::parse(json).dump());
    EXPECT_EQ(a.records.records[0].owner_key, "_grpc_config.svc.example.com");
  }
}

TEST(TxtEncodeTest, InputsAndLimits) {
  EncodeResult bad = Encode(doc::Source("x.json", "[{'serviceConfig':{}}]"));
  EXPECT_FALSE(bad.ok);
  ASSERT_EQ(bad.diagnostics.size(), 1u);
  EXPECT_EQ(bad.diagnostics[0].code, "TXT062");
  EXPECT_EQ(bad.diagnostics[0].begin, (doc::Position{1, 3}));
  EncodeResult num = Encode(doc::Source("x.json", "42"));
  EXPECT_FALSE(num.ok);
  EncodeResult choice = Encode(doc::Source("x.json", R"({"percentage":5,"serviceConfig":{"timeout":"x"}})"));
  EXPECT_EQ(choice.json, R"([{"percentage":5,"serviceConfig":{"timeout":"x"}}])");
  ASSERT_EQ(choice.diagnostics.size(), 1u);
  EXPECT_EQ(choice.diagnostics[0].code, "TXT056");  // timeout belongs in methodConfig
  std::string huge = R"({"methodConfig":[{"name":[{"service":")" + std::string(70000, 'a') + R"("}]}]})";
  EncodeResult big = Encode(doc::Source("x.json", huge));
  EXPECT_FALSE(big.ok);
  EXPECT_EQ(big.diagnostics.back().code, "TXT061");
  EXPECT_EQ(EscapeCharString(std::string("a\"\\\x01\xff", 5)), "\"a\\\"\\\\\\001\\255\"");
}

std::string RunCli(const std::string& args, int* code) {
  std::string cmd = std::string(CFGI_CLI) + " " + args + " 2>/dev/null";
  FILE* p = popen(cmd.c_str(), "r");
  std::string out;
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) out.append(buf.data(), n);
  *code = WEXITSTATUS(pclose(p));
  return out;
}

TEST(TxtCliTest, EvalFlagsAndEncode) {
  std::string zone = ::testing::TempDir() + "canary.zone";
  std::ofstream(zone) << "_grpc_config.s 60 IN TXT \"grpc_config=[{\\\"percentage\\\":50,\\\"serviceConfig\\\":{}},"
                         "{\\\"clientLanguage\\\":[\\\"java\\\"],\\\"serviceConfig\\\":{\\\"loadBalancingPolicy\\\":\\\"pick_first\\\"}}]\"\n";
  int code = 0;
  auto j = nlohmann::json::parse(RunCli("eval --format json --profile grpc-java --rand 50 " + zone, &code));
  EXPECT_EQ(code, 0);
  EXPECT_EQ(j["result"]["choice"], 1);
  EXPECT_EQ(j["result"]["service_config"]["loadBalancingPolicy"], "pick_first");
  j = nlohmann::json::parse(RunCli("eval --format json --profile grpc-core --rand 50 --language java " + zone, &code));
  EXPECT_EQ(j["result"]["choice"], 0);
  j = nlohmann::json::parse(RunCli("eval --format json --profile a2 --rand 50 " + zone, &code));
  EXPECT_EQ(j["result"]["error"], "the a2 profile has no implementation language: pass --language (e.g. --language go)");
  j = nlohmann::json::parse(RunCli("eval --format json --profile a2 --rand 49 --language go " + zone, &code));
  EXPECT_EQ(j["result"]["choice"], 0);

  std::string sc = ::testing::TempDir() + "sc.json";
  std::ofstream(sc) << R"({"loadBalancingPolicy":"round_robin"})";
  std::string text = RunCli("encode --name _grpc_config.s. --ttl 60 " + sc, &code);
  EXPECT_EQ(code, 0);
  EXPECT_EQ(text, "; zone file\n_grpc_config.s. 60 IN TXT \"grpc_config=[{\\\"serviceConfig\\\":{\\\"loadBalancingPolicy\\\":"
                  "\\\"round_robin\\\"}}]\"\n\n; dig\n;; ANSWER SECTION:\n_grpc_config.s.\t60\tIN\tTXT\t\"grpc_config=[{\\\""
                  "serviceConfig\\\":{\\\"loadBalancingPolicy\\\":\\\"round_robin\\\"}}]\"\n");
  auto e = nlohmann::json::parse(RunCli("encode --format json " + sc, &code));
  EXPECT_EQ(e["strings"][0], R"(grpc_config=[{"serviceConfig":{"loadBalancingPolicy":"round_robin"}}])");
  EXPECT_EQ(e["name"], "_grpc_config.example.com.");
  RunCli("encode --ttl x " + sc, &code);
  EXPECT_EQ(code, 2);
  std::ofstream(sc) << "[1]";
  RunCli("encode " + sc, &code);
  EXPECT_EQ(code, 1);
}

}  // namespace
}  // namespace cfgi::txt
