// `config-inspector-cli test` (app/cli/test_cmd.cpp, docs/cli.md "test"): a line
// per expectation, coverage per engine, --covall, --fail-under, --junit, exit statuses. The
// scenarios are tests/cli/test_cmd/ (pass/: every expectation passes, fail/: some fail). Output
// is compared exactly; the JUnit XML is read back by a real parser (python3-junitparser,
// tests/cli/junit_summary.py) and checked well-formed by xmllint. Envoy's router_check_tool is
// the model (test/tools/router_check/router_check.cc: exit failure on a mismatch, then the
// coverage, then --fail-under).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "app/cli/subcommands.h"
#include "tests/cli/cli_runner.h"

namespace {

using cfgi::testing::CliOutput;

// Runs `sh -c CMD` in the source directory (so the paths printed are relative and stable).
CliOutput Sh(const std::string& cmd) { return cfgi::testing::RunShell("cd '" + std::string(CFGI_SOURCE_DIR) + "' && " + cmd); }

CliOutput RunTestCmd(const std::string& args) { return Sh(std::string(CFGI_CLI) + " test " + args); }

const char* kPassOut = R"(tests/cli/test_cmd/pass/matcher/fallback.scenario.yaml (matcher, grpc-core)
  pass  expect[0] /requests/0/actions equals
  pass  expect[1] /requests/0/matched equals [envoy]
tests/cli/test_cmd/pass/matcher/gold.scenario.yaml (matcher, grpc-core)
  pass  expect[0] input 0 result
tests/cli/test_cmd/pass/policy/api.scenario.yaml (policy, kuma-2.14)
  pass  expect[0] /rules/1/toResourceRules/0/conf equals
tests/cli/test_cmd/pass/policy/web.scenario.yaml (policy, kuma-2.14)
  pass  expect[0] /dataplane equals
  pass  expect[1] /rules/1/toResourceRules/1 equals
tests/cli/test_cmd/pass/targeting/eu.scenario.yaml (targeting, cppmicroservices)
  pass  expect[0] input 0 result
  pass  expect[1] input 1 result
tests/cli/test_cmd/pass/targeting/us.scenario.yaml (targeting, cppmicroservices)
  pass  expect[0] input 0 result
tests/cli/test_cmd/pass/txt/cpp.scenario.yaml (txt, grpc-core)
  pass  expect[0] /choice equals
  pass  expect[1] /service_config equals
tests/cli/test_cmd/pass/txt/java.scenario.yaml (txt, grpc-java)
  pass  expect[0] /choice equals
tests/cli/test_cmd/pass/variants/prod.scenario.yaml (variants, tp2)
  pass  expect[0] input 0 result
tests/cli/test_cmd/pass/variants/staging.scenario.yaml (variants, tp2)
  pass  expect[0] input 0 result
  pass  expect[1] /subscriptions/1/resources/0/outcome equals

expectations: 15 passed, 0 failed (10 scenarios)
coverage:
  variants   variants          2/3     66.6%
  matcher    branches          2/4     50.0%
  txt        choices           2/3     66.6%
  policy     policy-items      3/4     75.0%
  targeting  references        1/2     50.0%
  total                       10/16    62.5%
  (--covall lists the 6 unreached)
)";

const char* kFailOut = R"(tests/cli/test_cmd/fail/malformed.scenario.yaml (variants, tp2)
  FAIL  expect[0] requests (tests/cli/test_cmd/fail/malformed.scenario.yaml:9:11)
        [SCN005] 'requests' is not a JSON pointer; write it as /a/0/b
  FAIL  expect[1] (not a map) (tests/cli/test_cmd/fail/malformed.scenario.yaml:11:5)
        [SCN003] an expectation is a map: {input, result} or {path, equals}
  FAIL  expect[2] [grpc-core] (tests/cli/test_cmd/fail/malformed.scenario.yaml:12:5)
        [SCN006] 'grpc-core' is not a profile of the variants engine
tests/cli/test_cmd/fail/missing-source.scenario.yaml (txt, grpc-core)
  FAIL  scenario (tests/cli/test_cmd/fail/missing-source.scenario.yaml:4:3)
        [SCN007] the scenario has no sources, so there is nothing to check; add `- file: PATH` or `- {name: NAME, text: TEXT}` under sources
  FAIL  scenario (tests/cli/test_cmd/fail/missing-source.scenario.yaml:4:11)
        [SCN002] cannot read referenced file 'tests/cli/test_cmd/fail/nowhere.zone'; paths are relative to the scenario file
  FAIL  expect[0] /choice equals (tests/cli/test_cmd/fail/missing-source.scenario.yaml:7:13)
        expected: 0
        got:      null
tests/cli/test_cmd/fail/wrong.scenario.yaml (matcher, grpc-core)
  FAIL  expect[0] input 0 result (tests/cli/test_cmd/fail/wrong.scenario.yaml:10:13)
        expected: {"actions":["gold-cluster"]}
        got:      {"actions":["silver-cluster"]}
  pass  expect[1] /requests/0/matched equals
  FAIL  expect[2] /requests/3/actions equals (tests/cli/test_cmd/fail/wrong.scenario.yaml:13:5)
        expected: []
        got:      nothing
        [SCN006] expected a value at /requests/3/actions but the result has none

expectations: 1 passed, 8 failed (3 scenarios)
coverage:
  variants   variants          1/3     33.3%
  matcher    branches          1/4     25.0%
  total                        2/7     28.5%
  (--covall lists the 5 unreached)
)";

const char* kCovallOut = R"(tests/cli/test_cmd/pass/txt/cpp.scenario.yaml (txt, grpc-core)
  pass  expect[0] /choice equals
  pass  expect[1] /service_config equals
tests/cli/test_cmd/pass/txt/java.scenario.yaml (txt, grpc-java)
  pass  expect[0] /choice equals
tests/cli/test_cmd/pass/policy/web.scenario.yaml (policy, kuma-2.14)
  pass  expect[0] /dataplane equals
  pass  expect[1] /rules/1/toResourceRules/1 equals

expectations: 5 passed, 0 failed (3 scenarios)
coverage:
  txt        choices           2/3     66.6%
    unreached: tests/cli/test_cmd/pass/txt/svc.zone:4:135 choice 1 of _grpc_config.svc (the client selects no service config from it)
  policy     policy-items      2/4     50.0%
    unreached: tests/cli/test_cmd/pass/policy/mesh.yaml:89:7 MeshTimeout api-timeouts.shop to[0] (no rule of the dataplanes evaluated uses it)
    unreached: tests/cli/test_cmd/pass/policy/mesh.yaml:107:7 MeshRetry batch-retry.shop to[0] (no rule of the dataplanes evaluated uses it)
  total                        4/7     57.1%
)";

TEST(TestCommand, PassDirectoryPrintsEveryExpectationAndCoverage) {
  CliOutput r = RunTestCmd("tests/cli/test_cmd/pass");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, kPassOut);
}

// Failures show expected and got (only the keys the expectation names), a malformed entry its
// code, a scenario that cannot load its SCN code; the envoy-only entry runs under envoy.
TEST(TestCommand, FailuresExitOneWithExpectedAndGot) {
  CliOutput r = RunTestCmd("tests/cli/test_cmd/fail");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, kFailOut);
}

TEST(TestCommand, CovallListsTheUnreachedWithPositionAndReason) {
  CliOutput r = RunTestCmd("--covall tests/cli/test_cmd/pass/txt tests/cli/test_cmd/pass/policy/web.scenario.yaml");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, kCovallOut);
}

// router_check_tool's --fail-under: below the percentage is a failure; equal is not.
TEST(TestCommand, FailUnder) {
  CliOutput at = RunTestCmd("--fail-under 62.5 tests/cli/test_cmd/pass");
  EXPECT_EQ(at.exit_code, 0);
  EXPECT_EQ(at.out, kPassOut);
  CliOutput above = RunTestCmd("--fail-under=62.6 tests/cli/test_cmd/pass");
  EXPECT_EQ(above.exit_code, 1);
  EXPECT_EQ(above.out, std::string(kPassOut) + "coverage 62.5% is under --fail-under 62.6%\n");
  CliOutput zero = RunTestCmd("--fail-under 0 tests/cli/test_cmd/fail/malformed.scenario.yaml");
  EXPECT_EQ(zero.exit_code, 1);  // the expectations still fail
}

TEST(TestCommand, UsageErrorsExitTwo) {
  struct Case {
    std::string args, err;
  } cases[] = {
      {"", "config-inspector-cli: test: no scenario files or directories\n(try --help)\n"},
      {"--fail-under abc x", "config-inspector-cli: --fail-under needs a percentage (0 to 100), not 'abc'\n(try --help)\n"},
      {"--fail-under 101 x", "config-inspector-cli: --fail-under needs a percentage (0 to 100), not '101'\n(try --help)\n"},
      {"--fail-under", "config-inspector-cli: --fail-under needs a percentage (0 to 100)\n(try --help)\n"},
      {"--junit", "config-inspector-cli: --junit needs a file name\n(try --help)\n"},
      {"--bogus x", "config-inspector-cli: unknown option --bogus for test\n(try --help)\n"},
      {"README.md", "config-inspector-cli: test: README.md is not a scenario file (a YAML or JSON map with engine and sources)\n(try --help)\n"},
      {"docs", "config-inspector-cli: test: no scenario file (a map with engine and sources) under docs\n(try --help)\n"},
      {"nope.yaml", "nope.yaml: error: cannot read the file\n"},
      {"--junit /nonexistent-dir/j.xml tests/cli/test_cmd/pass/txt", "/nonexistent-dir/j.xml: error: cannot write the file\n"},
  };
  for (const Case& c : cases) {
    CliOutput r = RunTestCmd(c.args);
    EXPECT_EQ(r.exit_code, 2) << c.args;
    EXPECT_EQ(r.err, c.err) << c.args;
  }
  CliOutput help = RunTestCmd("--help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_EQ(help.out, cfgi::cli::kTestUsage);
}

// The JUnit XML is read back by python3-junitparser (tests/cli/junit_summary.py) and checked
// well-formed by xmllint: the fail scenario and the pass ones share routes.yaml (through
// ../pass/...), so its branches count once: 3 of 4 reached.
TEST(TestCommand, JunitXmlReadsBack) {
  std::string xml = ::testing::TempDir() + "test_cmd_junit_" + std::to_string(getpid()) + ".xml";
  CliOutput r = RunTestCmd("--junit " + xml + " --fail-under 90 tests/cli/test_cmd/pass/matcher tests/cli/test_cmd/fail/wrong.scenario.yaml");
  EXPECT_EQ(r.exit_code, 1);
  CliOutput lint = Sh("xmllint --noout " + xml);
  EXPECT_EQ(lint.exit_code, 0) << lint.err << " (scripts/setup.sh installs libxml2-utils)";
  CliOutput sum = Sh("/usr/bin/python3 tests/cli/junit_summary.py " + xml);
  ASSERT_EQ(sum.exit_code, 0) << sum.out << sum.err << " (scripts/setup.sh installs python3-junitparser)";
  EXPECT_EQ(sum.out, R"(suites 7 3 0
suite tests/cli/test_cmd/pass/matcher/fallback.scenario.yaml 2 0 engine=matcher profile=grpc-core
case tests/cli/test_cmd/pass/matcher/fallback.scenario.yaml | expect[0] /requests/0/actions equals | pass
case tests/cli/test_cmd/pass/matcher/fallback.scenario.yaml | expect[1] /requests/0/matched equals [envoy] | pass
suite tests/cli/test_cmd/pass/matcher/gold.scenario.yaml 1 0 engine=matcher profile=grpc-core
case tests/cli/test_cmd/pass/matcher/gold.scenario.yaml | expect[0] input 0 result | pass
suite tests/cli/test_cmd/fail/wrong.scenario.yaml 3 2 engine=matcher profile=grpc-core
case tests/cli/test_cmd/fail/wrong.scenario.yaml | expect[0] input 0 result | failure SCN006 | expected {"actions":["gold-cluster"]}, got {"actions":["silver-cluster"]} | expected: {"actions":["gold-cluster"]}\ngot: {"actions":["silver-cluster"]}
case tests/cli/test_cmd/fail/wrong.scenario.yaml | expect[1] /requests/0/matched equals | pass
case tests/cli/test_cmd/fail/wrong.scenario.yaml | expect[2] /requests/3/actions equals | failure SCN006 | expected [], got nothing | expected: []\ngot: nothing
suite coverage 1 1 matcher branches=3/4 total=3/4
case coverage | total 75.0% | failure coverage | coverage 75.0% is under --fail-under 90.0% | coverage 75.0% is under --fail-under 90.0%
)");
  std::remove(xml.c_str());
}

TEST(TestCommand, ParseTestArgs) {
  cfgi::cli::TestArgs a;
  std::string error;
  ASSERT_TRUE(cfgi::cli::ParseTestArgs({"--covall", "d1", "--fail-under=80", "--junit", "j.xml", "f.yaml"}, &a, &error)) << error;
  EXPECT_EQ(a.paths, (std::vector<std::string>{"d1", "f.yaml"}));
  EXPECT_TRUE(a.covall);
  ASSERT_TRUE(a.fail_under.has_value());
  EXPECT_DOUBLE_EQ(*a.fail_under, 80.0);
  EXPECT_EQ(a.junit, "j.xml");
  cfgi::cli::TestArgs b;
  EXPECT_FALSE(cfgi::cli::ParseTestArgs({"--fail-under", "-1", "x"}, &b, &error));
  EXPECT_EQ(error, "--fail-under needs a percentage (0 to 100), not '-1'");
}

}  // namespace
