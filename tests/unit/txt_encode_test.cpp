// txt engine: the encoder (service config -> TXT strings). The CLI's eval flags and encode are
// tested in tests/cli/txt_cli_test.cpp.
#include <gtest/gtest.h>

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
    CompiledRecords a = Compile(std::make_shared<doc::Source>("back.zone", text));
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

}  // namespace
}  // namespace cfgi::txt
