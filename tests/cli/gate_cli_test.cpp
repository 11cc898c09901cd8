// config-inspector-cli's gate for CI (app/cli/gate.h): --fail-on,
// --min-severity, --suppress, inline `config-inspector: ignore` comments (YAML, textproto, zone),
// a JSON scenario's `suppress:` list, --show-suppressed, the unused-suppression note (SUP001) and
// the project file `.config-inspector.yaml` (found upward, --project, --no-project). Exact output
// and exit statuses. The conventions are istioctl analyze's (--failure-threshold,
// --output-threshold, --suppress, suppression by annotation).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/cli/cli_runner.h"

namespace {

using cfgi::testing::CliOutput;

// A scratch directory of this process; files are named relative to it in the output.
std::string Dir() {
  static const std::string dir = [] {
    std::string d = ::testing::TempDir() + "cfgi_gate_" + std::to_string(getpid());
    mkdir(d.c_str(), 0755);
    return d;
  }();
  return dir;
}

void Put(const std::string& rel, const std::string& text) {
  std::string path = Dir() + "/" + rel;
  for (size_t slash = path.find('/', Dir().size() + 1); slash != std::string::npos; slash = path.find('/', slash + 1))
    mkdir(path.substr(0, slash).c_str(), 0755);
  std::ofstream(path) << text;
}

// Runs the CLI in Dir()/`sub` (so file names print as given and the project file search starts there).
CliOutput Cli(const std::string& args, const std::string& sub = "") {
  return cfgi::testing::RunShell("cd '" + Dir() + "/" + sub + "' && " + CFGI_CLI + " " + args);
}

// A matcher list whose second matcher (prefix /ab) is shadowed by the first (prefix /a): MAT016,
// a warning, at the second `- predicate`. `above` is a line put just before it.
std::string Matcher(const std::string& above = "") {
  const std::string input =
      "          input: {name: h, typed_config: {\"@type\": type.googleapis.com/envoy.type.matcher.v3.HttpRequestHeaderMatchInput, header_name: \":path\"}}\n";
  return "matcher_list:\n"
         "  matchers:\n"
         "    - predicate:\n"
         "        single_predicate:\n" +
         input +
         "          value_match: {prefix: /a}\n"
         "      on_match: {action: {name: a, typed_config: {\"@type\": type.googleapis.com/google.protobuf.StringValue, value: a}}}\n" +
         above +
         "    - predicate:\n"
         "        single_predicate:\n" +
         input +
         "          value_match: {prefix: /ab}\n"
         "      on_match: {action: {name: b, typed_config: {\"@type\": type.googleapis.com/google.protobuf.StringValue, value: b}}}\n";
}
const std::string kMat016 =
    "warning: [MAT016] matchers[1] (header ':path' prefix '/ab') can never be reached: matchers[0] (header ':path' "
    "prefix '/a') matches every request it matches and ends the list; put the more specific matcher first or remove "
    "matchers[1]\n";

// Two TXT choices, the first matching every client: TXT038 (a warning) at 3:109 under grpc-core.
std::string DeadChoiceZone(const std::string& comment_line = "; two choices\n", const std::string& trailing = "") {
  return "$ORIGIN example.com.\n" + comment_line +
         "_grpc_config 3600 IN TXT \"grpc_config=[{\\\"serviceConfig\\\":{\\\"loadBalancingConfig\\\":[{\\\"round_robin\\\":{}}]}},"
         "{\\\"clientLanguage\\\":[\\\"go\\\"],\\\"serviceConfig\\\":{}}]\"" +
         trailing + "\n";
}
const std::string kTxt038 =
    "warning: [TXT038] choice 1 is never selected by grpc-core: choice 0 before it matches every client; move it up or "
    "narrow choice 0\n";

// An empty clientLanguage list: TXT037, a note under grpc-core and a warning under grpc-go, at 2:60.
const std::string kEmptyLanguageZone =
    "$ORIGIN example.com.\n"
    "_grpc_config 3600 IN TXT \"grpc_config=[{\\\"clientLanguage\\\":[],\\\"serviceConfig\\\":{}}]\"\n";
const std::string kTxt037Note =
    "note: [TXT037] an empty clientLanguage list matches every client here, but grpc-go never selects this choice; "
    "remove the key\n";

class GateCliTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    Put("m.yaml", Matcher());
    Put("d.zone", DeadChoiceZone());
    Put("n.zone", kEmptyLanguageZone);
    Put("bad.json", "{\"a\": 1,\n \"b\": tru }\n");
  }
};

TEST_F(GateCliTest, FailOnSetsTheThresholdInEveryFormat) {
  // A warning only.
  EXPECT_EQ(Cli("check m.yaml").exit_code, 0);
  EXPECT_EQ(Cli("check --fail-on error m.yaml").exit_code, 0);
  EXPECT_EQ(Cli("check --fail-on warning m.yaml").exit_code, 1);
  EXPECT_EQ(Cli("check --fail-on note m.yaml").exit_code, 1);
  EXPECT_EQ(Cli("check --fail-on=warning --format json m.yaml").exit_code, 1);
  EXPECT_EQ(Cli("eval --fail-on warning --format json m.yaml").exit_code, 1);
  CliOutput w = Cli("check --fail-on warning m.yaml");
  EXPECT_EQ(w.out, "m.yaml:8:7: " + kMat016);
  // A note only.
  EXPECT_EQ(Cli("check --fail-on warning n.zone").exit_code, 0);
  EXPECT_EQ(Cli("check --fail-on note n.zone").exit_code, 1);
  // Under --profile all, grpc-go's warning counts.
  EXPECT_EQ(Cli("check --profile all --fail-on warning n.zone").exit_code, 1);
  EXPECT_EQ(Cli("check --profile all --fail-on warning --format json n.zone").exit_code, 1);
  EXPECT_EQ(Cli("check --profile all --fail-on error n.zone").exit_code, 0);
  // An error; never never fails.
  EXPECT_EQ(Cli("check --engine document bad.json").exit_code, 1);
  CliOutput never = Cli("check --engine document --fail-on never bad.json");
  EXPECT_EQ(never.exit_code, 0);
  EXPECT_EQ(never.out.rfind("bad.json:2:7: error: [DOC002] JSON: ", 0), 0u) << never.out;
  EXPECT_EQ(Cli("check --engine document --fail-on never --format json bad.json").exit_code, 0);
}

TEST_F(GateCliTest, BadThresholdsAreUsageErrors) {
  CliOutput r = Cli("check --fail-on warnings m.yaml");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "config-inspector-cli: --fail-on is error, warning, note or never; got 'warnings'\n(try --help)\n");
  r = Cli("check --min-severity never m.yaml");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "config-inspector-cli: --min-severity is error, warning or note; got 'never'\n(try --help)\n");
  r = Cli("check m.yaml --fail-on");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "config-inspector-cli: --fail-on needs a value\n(try --help)\n");
}

TEST_F(GateCliTest, MinSeverityHidesLowerOnesButNotFromTheExitStatus) {
  CliOutput r = Cli("check --profile all --min-severity warning n.zone");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out,
            "== profile grpc-core\n"
            "== profile grpc-java\n"
            "== profile grpc-go\n"
            "n.zone:2:60: warning: [TXT037] an empty clientLanguage list: grpc-go never selects this choice (a non-nil "
            "empty list contains nothing), grpc-core and grpc-java treat it as absent; remove the key to match every client\n"
            "== profile a2\n"
            "== divergences: 0\n");
  r = Cli("check --min-severity error --fail-on warning m.yaml");
  EXPECT_EQ(r.exit_code, 1);  // hidden from the output, still over the threshold
  EXPECT_EQ(r.out, "");
  r = Cli("check --min-severity error --format json m.yaml");
  EXPECT_EQ(r.exit_code, 0);
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["diagnostics"], nlohmann::json::array());
  EXPECT_EQ(Cli("check --min-severity note n.zone").out, "n.zone:2:60: " + kTxt037Note);
}

TEST_F(GateCliTest, SuppressFlag) {
  CliOutput r = Cli("check --fail-on warning --suppress MAT016 m.yaml");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "1 finding suppressed (--show-suppressed lists them)\n");
  r = Cli("check --suppress MAT016=m.yaml --show-suppressed m.yaml");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "1 finding suppressed:\n  m.yaml:8:7: " + kMat016.substr(0, kMat016.size() - 1) + " (suppressed by flag)\n");
  // A glob that matches no file: the finding stays, and the suppression is a note of its own.
  r = Cli("check --suppress 'MAT016=legacy/**' m.yaml");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out,
            "note: [SUP001] the suppression '--suppress MAT016=legacy/**' matches no finding; remove it (or fix its "
            "code, or its glob)\n"
            "m.yaml:8:7: " + kMat016);
  r = Cli("check --suppress NOPE001 m.yaml");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err,
            "config-inspector-cli: --suppress: unknown diagnostic code 'NOPE001' (docs/diagnostics.md lists them)\n"
            "(try --help)\n");
}

TEST_F(GateCliTest, SuppressedInJson) {
  CliOutput r = Cli("check --format json --suppress MAT016 m.yaml");
  EXPECT_EQ(r.exit_code, 0);
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["diagnostics"], nlohmann::json::array());
  EXPECT_EQ(j["suppressed"], nlohmann::json::parse(R"({"count": 1})"));
  r = Cli("check --format json --suppress MAT016 --show-suppressed m.yaml");
  j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["suppressed"]["diagnostics"].size(), 1u);
  nlohmann::json d = j["suppressed"]["diagnostics"][0];
  EXPECT_EQ(d["code"], "MAT016");
  EXPECT_EQ(d["line"], 8);
  EXPECT_EQ(d["column"], 7);
  EXPECT_EQ(d["suppression"], nlohmann::json::parse(R"({"origin": "flag", "kind": "external", "reason": ""})"));
  // Nothing suppressed: the JSON is exactly as before (no "suppressed" key).
  j = nlohmann::json::parse(Cli("check --format json m.yaml").out);
  EXPECT_FALSE(j.contains("suppressed"));
  // --profile all: per profile.
  j = nlohmann::json::parse(Cli("check --format json --profile all --suppress TXT037 n.zone").out);
  EXPECT_EQ(j["profiles"]["grpc-go"]["suppressed"]["count"], 1);
  EXPECT_EQ(j["profiles"]["grpc-go"]["diagnostics"], nlohmann::json::array());
}

TEST_F(GateCliTest, YamlCommentOnTheLineAbove) {
  Put("c/m.yaml", Matcher("    # config-inspector: ignore MAT016 -- kept for clients older than 1.4\n"));
  CliOutput r = Cli("check --fail-on warning --show-suppressed c/m.yaml");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "1 finding suppressed:\n  c/m.yaml:9:7: " + kMat016.substr(0, kMat016.size() - 1) +
                       " (suppressed by comment: kept for clients older than 1.4)\n");
  // Two lines above is not the line above: the finding stays and the comment is unused.
  Put("c/far.yaml", Matcher("    # config-inspector: ignore MAT016 -- too far\n    # another comment\n"));
  r = Cli("check c/far.yaml");
  EXPECT_EQ(r.out,
            "c/far.yaml:8:32: note: [SUP001] the suppression 'ignore MAT016' matches no finding; remove it (or fix its "
            "code, or move it onto the finding's line or the line above)\n"
            "c/far.yaml:10:7: " + kMat016);
}

TEST_F(GateCliTest, CommentProblemsAreDiagnostics) {
  Put("c/noreason.yaml", Matcher("    # config-inspector: ignore MAT016\n"));
  CliOutput r = Cli("check c/noreason.yaml");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out,
            "c/noreason.yaml:8:7: warning: [SUP002] a suppression without a reason; add one after ' -- ' "
            "(config-inspector: ignore CODE -- why)\n"
            "1 finding suppressed (--show-suppressed lists them)\n");
  Put("c/unknown.yaml", Matcher("    # config-inspector: ignore MAT0166 -- typo\n"));
  r = Cli("check c/unknown.yaml");
  EXPECT_EQ(r.out,
            "c/unknown.yaml:8:32: warning: [SUP003] unknown diagnostic code 'MAT0166' in a suppression; use a code from "
            "docs/diagnostics.md (config-inspector-cli codes)\n"
            "c/unknown.yaml:9:7: " + kMat016);
}

TEST_F(GateCliTest, TextprotoComment) {
  const std::string input =
      "input { name: \"h\" typed_config { [type.googleapis.com/envoy.type.matcher.v3.HttpRequestHeaderMatchInput] { "
      "header_name: \":path\" } } }";
  const std::string action = "typed_config { [type.googleapis.com/google.protobuf.StringValue] { value: \"x\" } }";
  Put("c/m.textproto",
      "# proto-message: xds.type.matcher.v3.Matcher\n"
      "matcher_list {\n"
      "  matchers {\n"
      "    predicate { single_predicate { " + input + " value_match { prefix: \"/a\" } } }\n"
      "    on_match { action { name: \"a\" " + action + " } }\n"
      "  }\n"
      "  matchers {  # config-inspector: ignore MAT016 -- the /ab route is served by the /a backend\n"
      "    predicate { single_predicate { " + input + " value_match { prefix: \"/ab\" } } }\n"
      "    on_match { action { name: \"b\" " + action + " } }\n"
      "  }\n"
      "}\n");
  CliOutput r = Cli("check --fail-on warning --show-suppressed c/m.textproto");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "1 finding suppressed:\n  c/m.textproto:7:3: " + kMat016.substr(0, kMat016.size() - 1) +
                       " (suppressed by comment: the /ab route is served by the /a backend)\n");
}

TEST_F(GateCliTest, ZoneComments) {
  Put("c/above.zone", DeadChoiceZone("; config-inspector: ignore TXT038 -- go clients are migrated by hand\n"));
  CliOutput r = Cli("check --fail-on warning c/above.zone");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "1 finding suppressed (--show-suppressed lists them)\n");
  Put("c/trailing.zone", DeadChoiceZone("; nothing here\n", " ; config-inspector: ignore TXT038 -- trailing"));
  r = Cli("check --fail-on warning c/trailing.zone");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "1 finding suppressed (--show-suppressed lists them)\n");
  // Without the comment, the same zone fails the warning threshold.
  r = Cli("check --fail-on warning d.zone");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "d.zone:3:109: " + kTxt038);
}

TEST_F(GateCliTest, JsonScenarioSuppressList) {
  Put("s/m.json",
      "{\"matcher_list\": {\"matchers\": [\n"
      " {\"predicate\": {\"single_predicate\": {\"input\": {\"name\": \"h\", \"typed_config\": {\"@type\": "
      "\"type.googleapis.com/envoy.type.matcher.v3.HttpRequestHeaderMatchInput\", \"header_name\": \":path\"}}, "
      "\"value_match\": {\"prefix\": \"/a\"}}}, \"on_match\": {\"action\": {\"name\": \"a\", \"typed_config\": "
      "{\"@type\": \"type.googleapis.com/google.protobuf.StringValue\", \"value\": \"a\"}}}},\n"
      " {\"predicate\": {\"single_predicate\": {\"input\": {\"name\": \"h\", \"typed_config\": {\"@type\": "
      "\"type.googleapis.com/envoy.type.matcher.v3.HttpRequestHeaderMatchInput\", \"header_name\": \":path\"}}, "
      "\"value_match\": {\"prefix\": \"/ab\"}}}, \"on_match\": {\"action\": {\"name\": \"b\", \"typed_config\": "
      "{\"@type\": \"type.googleapis.com/google.protobuf.StringValue\", \"value\": \"b\"}}}}\n"
      "]}}\n");
  Put("s/routes.scenario.json",
      "{\"engine\": \"matcher\",\n"
      " \"sources\": [{\"file\": \"m.json\"}],\n"
      " \"suppress\": [{\"code\": \"MAT016\", \"file\": \"m.json\", \"reason\": \"kept for old clients\"},\n"
      "              \"TXT038\"]}\n");
  CliOutput r = Cli("check --fail-on warning --show-suppressed s/routes.scenario.json");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out,
            "s/routes.scenario.json:4:15: note: [SUP001] the suppression 'TXT038' matches no finding; remove it (or fix "
            "its code, or its glob)\n"
            "1 finding suppressed:\n"
            "  s/m.json:3:2: " + kMat016.substr(0, kMat016.size() - 1) + " (suppressed by scenario: kept for old clients)\n");
}

TEST_F(GateCliTest, ProjectFileFoundUpward) {
  Put("proj/.config-inspector.yaml",
      "fail-on: warning\n"
      "suppress:\n"
      "  - TXT038=dns/legacy-*.zone\n"
      "paths:\n"
      "  - {files: 'dns/go-*.zone', profile: grpc-go}\n"
      "  - {files: 'plain/**', engine: document}\n");
  Put("proj/dns/legacy-a.zone", DeadChoiceZone());
  Put("proj/dns/new.zone", DeadChoiceZone());
  Put("proj/dns/go-a.zone", kEmptyLanguageZone);
  Put("proj/plain/x.zone", DeadChoiceZone());
  // From proj/dns: the project file one directory up; its globs are relative to proj/.
  CliOutput r = Cli("check legacy-a.zone", "proj/dns");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "1 finding suppressed (--show-suppressed lists them)\n");
  r = Cli("check new.zone", "proj/dns");  // fail-on warning from the project file
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "new.zone:3:109: " + kTxt038);
  EXPECT_EQ(Cli("check --fail-on error new.zone", "proj/dns").exit_code, 0);  // the flag wins
  EXPECT_EQ(Cli("check --no-project new.zone", "proj/dns").exit_code, 0);     // no project file
  // The profile per path: grpc-go reads the empty list as a warning.
  r = Cli("check go-a.zone", "proj/dns");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out.rfind("go-a.zone:2:60: warning: [TXT037] ", 0), 0u) << r.out;
  // The engine per path: plain/** is read as a plain document (no TXT findings).
  r = Cli("check plain/x.zone", "proj");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "");
  // From the top directory, a file path with directories.
  EXPECT_EQ(Cli("check dns/legacy-a.zone", "proj").out, "1 finding suppressed (--show-suppressed lists them)\n");
}

TEST_F(GateCliTest, ProjectFileByFlag) {
  Put("named/ci.yaml", "fail-on: note\nmin-severity: warning\n");
  CliOutput r = Cli("check --project named/ci.yaml n.zone");
  EXPECT_EQ(r.exit_code, 1);  // the note fails, hidden by min-severity
  EXPECT_EQ(r.out, "");
  r = Cli("check --project named/nope.yaml n.zone");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "config-inspector-cli: named/nope.yaml: cannot read the project file\n(try --help)\n");
}

TEST_F(GateCliTest, BadProjectFileGetsCodedDiagnostics) {
  Put("badproj/.config-inspector.yaml",
      "fail-on: warnings\n"
      "paths:\n"
      "  - {files: '*.zone', engine: dns}\n"
      "suppres: [MAT016]\n");
  Put("badproj/a.zone", DeadChoiceZone());
  CliOutput r = Cli("check a.zone", "badproj");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out,
            ".config-inspector.yaml:1:10: error: [PRJ003] 'fail-on' is error, warning, note or never; got 'warnings'\n"
            ".config-inspector.yaml:3:31: error: [PRJ004] unknown engine 'dns'; one of: variants matcher txt policy "
            "targeting document\n"
            ".config-inspector.yaml:4:1: warning: [PRJ002] unknown key 'suppres' in the project file; it has profile, "
            "fail-on, min-severity, suppress, paths\n"
            "a.zone:3:109: " + kTxt038);
  nlohmann::json j = nlohmann::json::parse(Cli("check --format json a.zone", "badproj").out);
  EXPECT_EQ(j["diagnostics"][0]["code"], "PRJ003");
  EXPECT_EQ(j["diagnostics"][0]["file"], ".config-inspector.yaml");
}

}  // namespace
