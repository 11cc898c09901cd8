// The command line's query flags (app/cli/query_flags.h, app/cli/check_eval.cpp): phase one splits
// `--name[=value]` with an arity that every engine agrees on; phase two checks the flags against
// the detected engine only and reads file-valued flags.
#include "app/cli/query_flags.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "app/cli/common.h"
#include "app/cli/subcommands.h"
#include "core/engine/engine.h"
#include "tests/cli/cli_runner.h"

namespace cfgi::cli {
namespace {

// The one long-flag tokeniser of the subcommands (common.h ArgReader): `--name`, `--name=value`,
// `--name value`; anything else, a lone `--` and `-` included, is positional. check, eval, test,
// encode and ldap all read their arguments with it.
TEST(ArgReaderTest, FlagsInlineValuesNextValuesAndPositionals) {
  std::vector<std::string> args = {"eval", "--format=json", "--profile", "all", "-", "--", "--explain", "--timeout"};
  ArgReader r(args);
  std::vector<std::string> seen;
  while (r.Next()) {
    if (!r.is_flag()) {
      seen.push_back("pos:" + r.arg());
      continue;
    }
    bool got = r.name() == "explain" ? true : r.TakeValue();
    seen.push_back(r.name() + (r.has_inline() ? "=" : " ") + (got ? r.value() : "<none>"));
  }
  EXPECT_EQ(seen, (std::vector<std::string>{"pos:eval", "format=json", "profile all", "pos:-", "pos:--", "explain ",
                                            "timeout <none>"}));
  // An empty inline value is a value.
  std::vector<std::string> empty = {"--params="};
  ArgReader e(empty);
  ASSERT_TRUE(e.Next());
  EXPECT_TRUE(e.TakeValue());
  EXPECT_EQ(e.value(), "");
  EXPECT_FALSE(e.Next());
}

// Every subcommand takes `--name=value` as it takes `--name value` (they share ArgReader).
TEST(ArgReaderTest, EverySubcommandReadsBothForms) {
  using cfgi::testing::CliOutput;
  using cfgi::testing::RunCli;
  const std::string sc = std::string(CFGI_SOURCE_DIR) + "/samples/txt/canary-50.scenario.yaml";
  EXPECT_EQ(RunCli("eval --format=json --profile=grpc-go " + sc).out, RunCli("eval --format json --profile grpc-go " + sc).out);
  EXPECT_EQ(RunCli("ldap '(a=1)' --props='{\"a\": 1}'").out, RunCli("ldap '(a=1)' --props '{\"a\": 1}'").out);
  EXPECT_EQ(RunCli("ldap '(a=1)' --props '{}' --format text").exit_code, 2);
  const std::string json = ::testing::TempDir() + "argreader-sc.json";
  std::ofstream(json) << R"({"loadBalancingPolicy":"round_robin"})";
  CliOutput inline_form = RunCli("encode --name=_grpc_config.s. --ttl=60 " + json);
  EXPECT_EQ(inline_form.exit_code, 0);
  EXPECT_EQ(inline_form.out, RunCli("encode --name _grpc_config.s. --ttl 60 " + json).out);
  EXPECT_EQ(RunCli("encode --ttl").exit_code, 2);
  EXPECT_EQ(RunCli("test --fail-under=50 " + sc).exit_code, RunCli("test --fail-under 50 " + sc).exit_code);
  EXPECT_EQ(RunCli("ldap '(a=1)' --props '{}' --format=json").exit_code, 0);  // no match, no error
}


// The tokeniser runs before the engine is known, so a flag name must take a value in every engine
// that defines it or in none (e.g. --resource: variants' NAME and policy's KEY both take one).
TEST(CliQueryFlagsTest, SameNameSameArityInEveryEngine) {
  std::map<std::string, std::map<std::string, bool>> takes_value;  // flag -> engine -> takes a value
  for (const Engine* e : Engines())
    for (const QueryFlag& f : e->query_flags())
      takes_value[f.name][std::string(e->name())] = !f.value.empty();
  ASSERT_GE(takes_value["resource"].size(), 2u);  // the shared name this test is about
  for (const auto& [flag, engines] : takes_value)
    for (const auto& [engine, value] : engines)
      EXPECT_EQ(value, engines.begin()->second)
          << "--" << flag << ": " << engine << " and " << engines.begin()->first << " disagree on its arity";
}

TEST(CliQueryFlagsTest, OwnersArityAndPlaceholder) {
  std::vector<std::string> owners;
  for (const Engine* e : QueryFlagOwners("resource")) owners.emplace_back(e->name());
  EXPECT_EQ(owners, (std::vector<std::string>{"variants", "policy"}));
  EXPECT_TRUE(IsQueryFlag("header"));
  EXPECT_FALSE(IsQueryFlag("no-such-flag"));
  EXPECT_TRUE(QueryFlagTakesValue("params"));
  EXPECT_FALSE(QueryFlagTakesValue("no-such-flag"));
  EXPECT_EQ(QueryFlagPlaceholder("params"), "k=v,...");
  EXPECT_EQ(QueryFlagPlaceholder("resource"), "NAME (variants) or KEY (policy)");
}

TEST(CliQueryFlagsTest, FlagOfAnotherEngineNamesItsOwner) {
  const Engine& policy = *FindEngine("policy");
  EXPECT_EQ(CheckQueryFlags(policy, Query{{{"dataplane", "dp"}, {"resource", "mesh:name/default"}}}),
            std::nullopt);
  EXPECT_EQ(CheckQueryFlags(policy, Query{{{"dataplane", "dp"}, {"header", "x=1"}}}),
            "--header belongs to the matcher engine; these files were read as policy; choose the engine with "
            "--engine matcher");
  EXPECT_EQ(CheckQueryFlags(*FindEngine("matcher"), Query{{{"resource", "r"}}}),
            "--resource belongs to the variants and policy engines; these files were read as matcher; choose the "
            "engine with --engine variants or policy");
  EXPECT_EQ(CheckQueryFlags(*FindEngine("document"), Query{{{"pid", "p"}}}),
            "--pid belongs to the targeting engine; these files were read as plain documents (no engine "
            "claims them); choose the engine with --engine targeting");
}

TEST(CliQueryFlagsTest, TokeniserSplitsNameAndValue) {
  CheckEvalArgs a;
  std::string error;
  ASSERT_TRUE(ParseCheckEvalArgs({"--format=json", "eval", "a.yaml", "--params", "k=v", "--resource=r",
                                  "b.yaml", "--params", "", "--explain"},
                                 &a, &error))
      << error;
  EXPECT_EQ(a.command, "eval");
  EXPECT_EQ(a.format, "json");
  EXPECT_TRUE(a.explain);
  EXPECT_EQ(a.files, (std::vector<std::string>{"a.yaml", "b.yaml"}));
  EXPECT_EQ(a.query.flags, (std::vector<std::pair<std::string, std::string>>{
                               {"params", "k=v"}, {"resource", "r"}, {"params", ""}}));
}

TEST(CliQueryFlagsTest, TokeniserUsageErrors) {
  auto error_of = [](std::vector<std::string> args) {
    CheckEvalArgs a;
    std::string error;
    return ParseCheckEvalArgs(args, &a, &error) ? std::string("(parsed)") : error;
  };
  EXPECT_EQ(error_of({"eval", "a.yaml", "--params"}), "--params needs a value k=v,...");
  EXPECT_EQ(error_of({"eval", "a.yaml", "--resource"}),
            "--resource needs a value NAME (variants) or KEY (policy)");
  EXPECT_EQ(error_of({"eval", "a.yaml", "--bogus"}), "unknown option --bogus");
  EXPECT_EQ(error_of({"eval", "--format", "xml", "a.yaml"}), "--format is 'text', 'json' or 'sarif'");
  EXPECT_EQ(error_of({"a.yaml"}), "unknown command 'a.yaml'");
  EXPECT_EQ(error_of({"--profile", "all"}), "missing command");
  EXPECT_EQ(error_of({"check"}), "no input files");
  CheckEvalArgs help;
  std::string error;
  ASSERT_TRUE(ParseCheckEvalArgs({"check", "--help", "--bogus"}, &help, &error));
  EXPECT_EQ(help.action, CheckEvalArgs::Action::kHelp);
}

TEST(CliQueryFlagsTest, FileValuedFlagsAreReadForTheirEngineOnly) {
  std::string config = cfgi::testing::WriteTemp("qf_config.json", R"({"k": "v"})");
  std::string services = cfgi::testing::WriteTemp("qf_services.json", R"({"services": []})");
  const Engine& targeting = *FindEngine("targeting");
  EXPECT_TRUE(IsFileValued(QueryFlag{"config", "FILE|JSON", "", false, true}));
  EXPECT_FALSE(IsFileValued(QueryFlag{"pid", "P", "", false}));
  // The meaning is declared, not read from the help placeholder.
  EXPECT_FALSE(IsFileValued(QueryFlag{"name", "FILE-NAME", "", false}));
  EXPECT_EQ(QueryFlag({"switch", "", "", false}).kind(), FlagValue::kNone);

  std::vector<InputFile> inputs = {{"m.json", "{}"}, {services, "{}"}};
  Query q{{{"config", config}, {"services", services}, {"config", "{\"inline\": 1}"}, {"pid", config}}};
  EXPECT_EQ(ReadFileValuedQueryFlags(targeting, q, &inputs), std::nullopt);
  ASSERT_EQ(inputs.size(), 3u);  // services was listed already; inline JSON and --pid are not files
  EXPECT_EQ(inputs[2].name, config);
  EXPECT_EQ(inputs[2].text, R"({"k": "v"})");

  // The same value under another engine's flag of the same name is not read.
  std::vector<InputFile> policy_inputs;
  EXPECT_EQ(ReadFileValuedQueryFlags(*FindEngine("policy"), Query{{{"resource", config}}}, &policy_inputs),
            std::nullopt);
  EXPECT_TRUE(policy_inputs.empty());
}

}  // namespace
}  // namespace cfgi::cli
