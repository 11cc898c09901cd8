// app/cli/subcommands.h: the subcommands of config-inspector-cli, one file each (as
// PatternLanguage's cli/source/subcommands/): check_eval.cpp, encode.cpp, ldap.cpp. main.cpp
// dispatches on the first argument and prints --help / --version.
//
//   CheckEvalArgs a;
//   std::string error;
//   if (!ParseCheckEvalArgs(args, &a, &error)) return UsageError(error);
//   if (a.action == CheckEvalArgs::Action::kRun) return RunCheckEval(a);
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/cli/gate.h"
#include "app/cli/live_flags.h"
#include "core/engine/engine.h"

namespace cfgi::cli {

// `check` and `eval` (one implementation: eval also prints the result).
struct CheckEvalArgs {
  enum class Action { kRun, kHelp, kVersion };
  Action action = Action::kRun;
  std::string command;  // "check" or "eval"
  std::string profile;  // empty: the scenario's, else the engine's default
  std::string engine;   // --engine NAME; empty: chosen by the rules (docs/formats.md)
  std::string format = "text";
  bool explain = false;
  std::vector<std::string> files;
  Query query;  // every engine query flag as given, checked against the engine by RunCheckEval
  GateFlags gate;  // --fail-on, --min-severity, --suppress, --show-suppressed, --project (gate.h)
  LiveArgs live;  // --lookup / --admin (live_flags.h): a fetched document joins the files
};

// Phase one of the command line (app/cli/query_flags.h): options, the command word (which may
// follow options), files and `--name[=value]` query flags of any engine, before any file is read.
// Stops at --help / -h or --version and sets `action`. Returns false and sets `*error` on a usage
// error (unknown option, a missing value, a bad --format, no command, no files).
bool ParseCheckEvalArgs(const std::vector<std::string>& args, CheckEvalArgs* out, std::string* error);

// Reads the files, detects the engine, checks the query flags against it (phase two), runs
// `check` or `eval` and prints text or JSON. Returns the exit status (common.h).
int RunCheckEval(const CheckEvalArgs& a);

// `encode [--name NAME] [--ttl T] [--format text|json] FILE` (the arguments after "encode"): a
// service config as DNS TXT records (core/txt/txt_encode.h). Returns the exit status.
int RunEncode(const std::vector<std::string>& args);

// `ldap FILTER [--props JSON] [--match-case]` (the arguments after "ldap"): one CppMicroServices
// LDAP filter against one property map, JSON out (core/ldap/filter.h). Returns the exit status.
int RunLdap(const std::vector<std::string>& args);

// `codes [--format text|json]` (the arguments after "codes"): every diagnostic code with its
// severity, engine, title and docs/diagnostics.md anchor (core/doc/codes.h). Returns the exit status.
int RunCodes(const std::vector<std::string>& args);

// `test [--covall] [--fail-under PCT] [--junit FILE] FILE|DIR...` (the arguments after "test"):
// every scenario's `expect` entries and the coverage of its configuration (test_cmd.cpp).
struct TestArgs {
  std::vector<std::string> paths;   // scenario files and directories (searched recursively)
  bool covall = false;              // list every unreached item
  std::optional<double> fail_under; // exit 1 when the total coverage is below (percent)
  std::string junit;                // write JUnit XML here
  bool help = false;
};
inline constexpr const char* kTestUsage = R"(usage: config-inspector-cli test [--covall] [--fail-under PCT] [--junit FILE] FILE|DIR...

Runs every scenario's `expect` entries (a DIR is searched for scenario files: YAML or JSON maps
with engine and sources) and prints a line per expectation, then the coverage per engine: the
matcher branches, variants, TXT choices, policy items and targeting references that the
scenarios' inputs reached.
  --covall          list every unreached item with its file:line:col
  --fail-under PCT  exit 1 when the total coverage is below PCT percent
  --junit FILE      also write the results as JUnit XML
exit status: 0 every expectation passed, 1 a failure or coverage below --fail-under, 2 usage.
)";
bool ParseTestArgs(const std::vector<std::string>& args, TestArgs* out, std::string* error);
int RunTest(const TestArgs& a);

}  // namespace cfgi::cli
