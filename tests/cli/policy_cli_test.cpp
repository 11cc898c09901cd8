// The policy engine through the CLI: --dataplane and --resource, the JSON shape, --profile all,
// and `check` of every dataplane.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "tests/cli/cli_runner.h"

namespace {

using cfgi::testing::CliOutput;
using cfgi::testing::RunCli;
using nlohmann::ordered_json;

TEST(PolicyCli, DataplaneFlagAndJsonShape) {
  std::string file = std::string(CFGI_SOURCE_DIR) + "/samples/policy/realistic-mesh.yaml";
  CliOutput r =
      RunCli("eval --format json --dataplane backend-5f6b7.kuma-demo --resource mesh:name/default " + file);
  EXPECT_EQ(r.exit_code, 0);
  ordered_json j = ordered_json::parse(r.out);
  EXPECT_EQ(j["engine"], "policy");
  EXPECT_EQ(j["profile"], "kuma-2.14");  // the default; `kuma` names it
  EXPECT_EQ(j["result"]["dataplane"], "backend-5f6b7.kuma-demo");
  const auto& first = j["result"]["rules"][0];
  EXPECT_EQ(first["type"], "MeshCircuitBreaker");
  ASSERT_EQ(first["toResourceRules"].size(), 1u);
  EXPECT_EQ(first["toResourceRules"][0]["key"], "kri_m____default_");  // 2.12+ keys are KRIs (pkg/core/kri)
  EXPECT_EQ(first["toResourceRules"][0]["origin"][0]["policy"], "mesh-circuit-breaker.kuma-system");
  // Several dataplanes and none named: POL014, exit 1.
  CliOutput none = RunCli("eval --format json " + file);
  EXPECT_EQ(none.exit_code, 1);
  EXPECT_NE(none.out.find("\"POL014\""), std::string::npos);
  // --profile all compares the Kuma releases and madr; kuma-3.0-preview reports fields 3.0 removes
  // (POL061) as errors, so the run exits 1: the upgrade plan.
  CliOutput all_run = RunCli("eval --format json --profile all " + std::string(CFGI_SOURCE_DIR) +
                             "/samples/policy/profiles-diverge.scenario.yaml");
  EXPECT_EQ(all_run.exit_code, 1);
  ordered_json all = ordered_json::parse(all_run.out);
  EXPECT_TRUE(all["profiles"].contains("kuma-2.14"));
  EXPECT_TRUE(all["profiles"].contains("madr"));
  bool numretries = false;
  for (const auto& d : all["divergences"])
    if (d["path"] == "/rules/1/toResourceRules/0/conf/http/numRetries") {
      numretries = true;
      EXPECT_EQ(d["values"]["kuma-2.14"], 2);
      EXPECT_EQ(d["values"]["madr"], 7);
    }
  EXPECT_TRUE(numretries);
  // `check` without a chosen dataplane checks every dataplane and exits 0 on warnings only.
  CliOutput check = RunCli("check " + file);
  EXPECT_EQ(check.exit_code, 0);
  EXPECT_NE(check.out.find("warning: [POL011]"), std::string::npos);
}

}  // namespace
