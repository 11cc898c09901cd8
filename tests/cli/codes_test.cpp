// `codes [--format json]` (app/cli/codes.cpp): every code of the one registry (core/doc/codes.h,
// checked against docs/diagnostics.md by DocsTest.CodeRegistryMatchesTheDocs) with its severity,
// engine, title and documentation anchor.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "core/doc/codes.h"
#include "tests/cli/cli_runner.h"

namespace {

using cfgi::testing::CliOutput;
using cfgi::testing::RunCli;
using nlohmann::ordered_json;

TEST(CodesTest, TextListsEveryCodeOnALine) {
  CliOutput r = RunCli("codes");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out.rfind("DOC001  error   all       YAML syntax error, reported by yaml-cpp at its line and column"
                        "  (docs/diagnostics.md#doc001)\n",
                        0),
            0u)
      << r.out.substr(0, 200);
  EXPECT_NE(r.out.find("\nTXT021  error   txt       Single-quoted strings are not JSON  (docs/diagnostics.md#txt021)\n"),
            std::string::npos);
  // The docs entry opens with "Warning:": that is the severity, not part of the title.
  EXPECT_NE(r.out.find("\nLDAP010 warning targeting A raw DEL byte (0x7F) in a filter value  (docs/diagnostics.md#ldap010)\n"),
            std::string::npos);
  size_t lines = 0;
  for (char c : r.out) lines += c == '\n';
  EXPECT_EQ(lines, cfgi::doc::Codes().size());
}

TEST(CodesTest, JsonHasSeverityTitleEngineAndAnchor) {
  CliOutput r = RunCli("codes --format json");
  EXPECT_EQ(r.exit_code, 0);
  ordered_json j = ordered_json::parse(r.out);
  ASSERT_EQ(j.size(), cfgi::doc::Codes().size());
  bool found = false;
  for (const ordered_json& c : j) {
    if (c["code"] != "POL013") continue;
    found = true;
    EXPECT_EQ(c.dump(),
              R"({"code":"POL013","severity":"warning","engine":"policy","title":"A to/from item uses `conf:` (the MADR's notation); it is read as `default:`","documentation":"docs/diagnostics.md#pol013"})");
  }
  EXPECT_TRUE(found);
}

TEST(CodesTest, UsageErrors) {
  CliOutput r = RunCli("codes --format sarif");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "config-inspector-cli: --format is 'text' or 'json'\n(try --help)\n");
  CliOutput x = RunCli("codes extra");
  EXPECT_EQ(x.exit_code, 2);
  EXPECT_EQ(x.err, "config-inspector-cli: codes takes no argument but --format; unexpected 'extra'\n(try --help)\n");
}

}  // namespace
