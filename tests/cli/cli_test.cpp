// The CLI contract (README "Command line", docs/architecture.md "The CLI's JSON"): exit codes, text diagnostics, JSON shape.
#include <gtest/gtest.h>

#include "tests/cli/cli_runner.h"

#include <array>
#include <cstdio>
#include <fstream>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

namespace {

using CliRun = cfgi::testing::CliOutput;
CliRun Cli(const std::string& args) { return cfgi::testing::RunCli(args); }

std::string Write(const std::string& name, const std::string& text) { return cfgi::testing::WriteTemp(name, text); }

TEST(CliTest, HelpAndVersionExitZero) {
  EXPECT_EQ(Cli("--help").exit_code, 0);
  CliRun v = Cli("--version");
  EXPECT_EQ(v.exit_code, 0);
  EXPECT_EQ(v.out.rfind("config-inspector-cli ", 0), 0u);
}

TEST(CliTest, UsageErrorsExitTwo) {
  EXPECT_EQ(Cli("").exit_code, 2);
  EXPECT_EQ(Cli("frobnicate x.yaml").exit_code, 2);
  EXPECT_EQ(Cli("check").exit_code, 2);
  EXPECT_EQ(Cli("check --format xml a.yaml").exit_code, 2);
  EXPECT_EQ(Cli("check --no-such-flag a.yaml").exit_code, 2);
  EXPECT_EQ(Cli("check /nonexistent/file.yaml").exit_code, 2);
}

TEST(CliTest, QueryFlagOfAnotherEngineIsAUsageError) {
  CliRun r = Cli("eval " + std::string(CFGI_SOURCE_DIR) + "/samples/policy/realistic-mesh.yaml --header x-a=1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            "config-inspector-cli: --header belongs to the matcher engine; these files were read as policy; "
            "choose the engine with --engine matcher\n"
            "(try --help)\n");
}

TEST(CliTest, CleanDocumentExitsZero) {
  std::string f = Write("ok.yaml", "a: 1\n");
  CliRun r = Cli("check --engine document " + f);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "");
}

TEST(CliTest, TextDiagnosticFormat) {
  std::string f = Write("bad.json", "{\"a\": 1,\n \"b\": tru }\n");
  CliRun r = Cli("check --engine document " + f);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out.rfind(f + ":2:7: error: [DOC002] JSON: ", 0), 0u) << r.out;
}

TEST(CliTest, JsonModePrintsOnlyJson) {
  std::string f = Write("bad2.yaml", "a: [1\n");
  CliRun r = Cli("eval --engine document --format json " + f);
  EXPECT_EQ(r.exit_code, 1);
  auto j = nlohmann::json::parse(r.out);  // throws (fails the test) on anything but JSON
  EXPECT_EQ(j["engine"], "document");
  EXPECT_EQ(j["profile"], "document");
  ASSERT_EQ(j["diagnostics"].size(), 1u);
  const auto& d = j["diagnostics"][0];
  EXPECT_EQ(d["code"], "DOC001");
  EXPECT_EQ(d["severity"], "error");
  EXPECT_EQ(d["file"], f);
  EXPECT_EQ(d["line"], 2);
  EXPECT_EQ(d["column"], 1);
  EXPECT_TRUE(d["message"].is_string());
  EXPECT_TRUE(j["result"].is_object());
}

TEST(CliTest, EvalOfDocumentGivesTree) {
  std::string f = Write("tree.json", R"({"x": [1, "two"]})");
  CliRun r = Cli("eval --engine document --format json " + f);
  EXPECT_EQ(r.exit_code, 0);
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["result"]["files"][0]["documents"][0], nlohmann::json::parse(R"({"x": [1, "two"]})"));
}

TEST(CliTest, ProfileAllShape) {
  std::string f = Write("all.yaml", "a: 1\n");
  CliRun r = Cli("eval --engine document --format json --profile all " + f);
  EXPECT_EQ(r.exit_code, 0);
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["engine"], "document");
  EXPECT_TRUE(j["profiles"].contains("document"));
  EXPECT_TRUE(j["divergences"].is_array());
}

TEST(CliTest, UnknownProfileIsUsageError) {
  std::string f = Write("p.yaml", "a: 1\n");
  EXPECT_EQ(Cli("check --profile nope " + f).exit_code, 2);
}

TEST(CliTest, ScenarioExpectFailureExitsOne) {
  Write("native.yaml", "a: 1\n");
  std::string s = Write("s.scenario.yaml",
                        "engine: document\nsources:\n  - file: native.yaml\nexpect:\n"
                        "  - path: /files/0/documents/0/a\n    equals: 2\n");
  CliRun r = Cli("check " + s);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find(":6:13: error: [SCN006] expected 2 at /files/0/documents/0/a but got 1"), std::string::npos) << r.out;
}

}  // namespace
