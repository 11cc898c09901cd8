// `--format sarif` (app/cli/sarif.cpp): SARIF 2.1.0 with one run, the rules of the one code
// registry, one result per diagnostic, `results: []` when clean, nothing else on stdout; and every
// log validated against the SARIF 2.1.0 JSON schema that the npm package @microsoft/jest-sarif
// ships (tests/sarif/validate.mjs, installed by scripts/setup.sh).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "app/cli/sarif.h"
#include "core/doc/codes.h"
#include "tests/cli/cli_runner.h"

namespace {

using cfgi::testing::CliOutput;
using cfgi::testing::RunCli;
using cfgi::testing::WriteTemp;
using nlohmann::ordered_json;

const std::string kSamples = std::string(CFGI_SOURCE_DIR) + "/samples/";

// Runs tests/sarif/validate.mjs on `log`; returns its output ("ok FILE" or the schema errors).
std::string Validate(const std::string& name, const std::string& log, int* status) {
  std::string dir = std::string(CFGI_SOURCE_DIR) + "/tests/sarif/";
  if (!std::filesystem::exists(dir + "node_modules/ajv-draft-04")) {
    *status = -1;
    return "tests/sarif/node_modules is missing: run scripts/setup.sh";
  }
  std::string file = WriteTemp(name, log);
  std::string cmd = "node " + dir + "validate.mjs " + file + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  std::string out;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  int st = pclose(p);
  *status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return out;
}

TEST(SarifTest, OneResultPerDiagnosticWithLocationsAndRules) {
  setenv("CONFIG_INSPECTOR_DOCS_URL", "https://example.test/config-inspector/docs/diagnostics.md", 1);
  CliOutput r = RunCli("check --format sarif " + kSamples + "variants/invalid-constraints.scenario.yaml");
  unsetenv("CONFIG_INSPECTOR_DOCS_URL");
  EXPECT_EQ(r.exit_code, 1);  // VAR001 and VAR002 are errors: the same exit status in every format
  ordered_json j = ordered_json::parse(r.out);  // stdout is the log and nothing else
  EXPECT_EQ(j["version"], "2.1.0");
  EXPECT_EQ(j["$schema"], "https://json.schemastore.org/sarif-2.1.0.json");
  ASSERT_EQ(j["runs"].size(), 1u);
  const ordered_json& run = j["runs"][0];
  EXPECT_EQ(run["tool"]["driver"]["name"], "config-inspector-cli");
  const ordered_json& rules = run["tool"]["driver"]["rules"];
  ASSERT_EQ(rules.size(), cfgi::doc::Codes().size());
  EXPECT_EQ(rules[0].dump(),
            R"({"id":"DOC001","shortDescription":{"text":"YAML syntax error, reported by yaml-cpp at its line and column"},)"
            R"("defaultConfiguration":{"level":"error"},"helpUri":"https://example.test/config-inspector/docs/diagnostics.md#doc001",)"
            R"("properties":{"engine":"all"}})");
  const ordered_json& results = run["results"];
  ASSERT_EQ(results.size(), 4u) << results.dump(1);
  const ordered_json& first = results[0];
  EXPECT_EQ(first["ruleId"], "VAR001");
  EXPECT_EQ(rules[first["ruleIndex"].get<size_t>()]["id"], "VAR001");
  EXPECT_EQ(first["level"], "error");
  EXPECT_EQ(first["message"]["text"],
            "constraint on key \"env\" has neither `value` nor `exists`; add `value: \"...\"` for an exact match or "
            "`exists {}` for any value");
  EXPECT_EQ(first["locations"][0]["physicalLocation"].dump(),
            R"({"artifactLocation":{"uri":"bad-delta.yaml"},"region":{"startLine":6,"startColumn":21,"endLine":6,"endColumn":30}})");
  EXPECT_EQ(first["locations"][0]["logicalLocations"].dump(),
            R"([{"fullyQualifiedName":"resources[0].resource_name.dynamic_parameter_constraints.constraint","kind":"member"}])");
  EXPECT_EQ(results[1]["ruleId"], "VAR002");
  EXPECT_EQ(results[2]["ruleId"], "VAR105");
  EXPECT_EQ(results[2]["level"], "note");
  EXPECT_EQ(results[3]["ruleId"], "VAR106");
  EXPECT_EQ(results[3]["level"], "warning");
  // Fingerprints: 16 hex digits, distinct, and the same on the next run.
  CliOutput again = RunCli("check --format sarif " + kSamples + "variants/invalid-constraints.scenario.yaml");
  ordered_json j2 = ordered_json::parse(again.out);
  for (size_t i = 0; i < results.size(); ++i) {
    std::string fp = results[i]["partialFingerprints"]["configInspector/v1"];
    EXPECT_EQ(fp.size(), 16u);
    EXPECT_EQ(fp, j2["runs"][0]["results"][i]["partialFingerprints"]["configInspector/v1"]);
    for (size_t k = 0; k < i; ++k) EXPECT_NE(fp, results[k]["partialFingerprints"]["configInspector/v1"]);
  }
  int status = 0;
  std::string v = Validate("sarif_invalid_constraints.sarif", r.out, &status);
  EXPECT_EQ(status, 0) << v;
}

TEST(SarifTest, CleanRunHasEmptyResultsAndExitsZero) {
  CliOutput r = RunCli("eval --format sarif " + kSamples + "matcher/rbac-cel.scenario.yaml");
  EXPECT_EQ(r.exit_code, 0);
  ordered_json j = ordered_json::parse(r.out);
  EXPECT_EQ(j["runs"][0]["results"].dump(), "[]");
  EXPECT_EQ(r.err, "");
  int status = 0;
  std::string v = Validate("sarif_clean.sarif", r.out, &status);
  EXPECT_EQ(status, 0) << v;
}

// A finding that names another place (TXT038: the choice before it that matches every client)
// carries it as relatedLocations (SARIF 2.1.0 3.27.22), and `--format json` as "related".
TEST(SarifTest, RelatedLocationsForTheOtherPlaceAFindingNames) {
  CliOutput r = RunCli("check --format sarif " + kSamples + "txt/dead-choice.zone");
  ordered_json j = ordered_json::parse(r.out);
  const ordered_json* dead = nullptr;
  for (const ordered_json& x : j["runs"][0]["results"])
    if (x["ruleId"] == "TXT038") dead = &x;
  ASSERT_NE(dead, nullptr) << r.out;
  EXPECT_EQ((*dead)["locations"][0]["physicalLocation"]["region"].dump(),
            R"({"startLine":2,"startColumn":181,"endLine":2,"endColumn":299})");
  // The same file as the result's own location (its URI depends on the current directory).
  const std::string uri = (*dead)["locations"][0]["physicalLocation"]["artifactLocation"].dump();
  EXPECT_EQ((*dead)["relatedLocations"].dump(),
            R"([{"id":0,"physicalLocation":{"artifactLocation":)" + uri +
                R"(,"region":{"startLine":2,"startColumn":44,"endLine":2,"endColumn":180}},)"
                R"("message":{"text":"choice 0 matches every client"}}])");
  int status = 0;
  std::string v = Validate("sarif_related.sarif", r.out, &status);
  EXPECT_EQ(status, 0) << v;
  CliOutput js = RunCli("check --format json " + kSamples + "txt/dead-choice.zone");
  ordered_json k = ordered_json::parse(js.out);
  for (const ordered_json& d : k["diagnostics"]) {
    if (d["code"] != "TXT038") continue;
    EXPECT_EQ(d["related"].dump(), R"([{"message":"choice 0 matches every client","file":")" + kSamples +
                                       R"(txt/dead-choice.zone","line":2,"column":44}])");
  }
}

// A finding's machine-applicable fix (doc::Fix; VAR004 "did you mean 'not_constraints'?") is a
// result's fixes (SARIF 2.1.0 3.27.30, 3.55 fix, 3.56 artifactChange, 3.57 replacement), and
// `--format json`'s "fixes".
TEST(SarifTest, FixesOfADidYouMeanFinding) {
  CliOutput r = RunCli("check --format sarif " + kSamples + "variants/exists-default.scenario.yaml");
  ordered_json j = ordered_json::parse(r.out);
  const ordered_json* found = nullptr;
  for (const ordered_json& x : j["runs"][0]["results"])
    if (x["ruleId"] == "VAR004") found = &x;
  ASSERT_NE(found, nullptr) << r.out;
  const std::string uri = (*found)["locations"][0]["physicalLocation"]["artifactLocation"].dump();
  EXPECT_EQ((*found)["fixes"].dump(),
            R"([{"description":{"text":"Change to 'not_constraints'"},"artifactChanges":[{"artifactLocation":)" + uri +
                R"(,"replacements":[{"deletedRegion":{"startLine":5,"startColumn":4,"endLine":5,"endColumn":18},)"
                R"("insertedContent":{"text":"not_constraints"}}]}]}])");
  int status = 0;
  std::string v = Validate("sarif_fixes.sarif", r.out, &status);
  EXPECT_EQ(status, 0) << v;
  CliOutput js = RunCli("check --format json " + kSamples + "variants/exists-default.scenario.yaml");
  ordered_json k = ordered_json::parse(js.out);
  int fixes = 0;
  for (const ordered_json& d : k["diagnostics"]) {
    if (!d.contains("fixes")) continue;
    ++fixes;
    EXPECT_EQ(d["fixes"].dump(), R"([{"title":"Change to 'not_constraints'","edits":[{"line":5,"column":4,)"
                                 R"("end_line":5,"end_column":18,"text":"not_constraints"}]}])");
  }
  EXPECT_EQ(fixes, 1);
}

TEST(SarifTest, AllProfilesMergeEqualFindingsAndNameTheProfiles) {
  // grpc-rejections: the gRPC NACKs are errors under grpc-core, grpc-java and a106, notes under envoy.
  CliOutput r = RunCli("check --format sarif --profile all " + kSamples + "matcher/grpc-rejections.scenario.yaml");
  EXPECT_EQ(r.exit_code, 1);
  ordered_json j = ordered_json::parse(r.out);
  const ordered_json& results = j["runs"][0]["results"];
  ASSERT_FALSE(results.empty());
  bool error_for_grpc = false, note_for_envoy = false;
  for (const ordered_json& res : results) {
    ASSERT_TRUE(res["properties"]["profiles"].is_array());
    if (res["level"] == "error" && res["properties"]["profiles"].dump().find("grpc-core") != std::string::npos)
      error_for_grpc = true;
    if (res["level"] == "note" && res["properties"]["profiles"].dump() == R"(["envoy"])") note_for_envoy = true;
  }
  EXPECT_TRUE(error_for_grpc) << results.dump(1);
  EXPECT_TRUE(note_for_envoy) << results.dump(1);
  int status = 0;
  std::string v = Validate("sarif_all_profiles.sarif", r.out, &status);
  EXPECT_EQ(status, 0) << v;
}

// --show-suppressed: the findings a suppression hid are results too, each with `suppressions`
// (SARIF 2.1.0 3.27.23: kind, status, justification), so a SARIF viewer shows them as suppressed,
// not open. The kind is doc::SarifSuppressionKind, the same as the JSON's "suppressed" list:
// inSource for a comment in the file, external for --suppress. Without --show-suppressed the
// log lists only what is shown.
TEST(SarifTest, SuppressedFindingsCarrySuppressionsWithShowSuppressed) {
  // A matcher list whose second matcher (prefix /ab) is shadowed by the first (prefix /a): MAT016,
  // silenced by the comment above it; the first matcher's action type is not one gRPC knows.
  const std::string input =
      "          input: {name: h, typed_config: {\"@type\": type.googleapis.com/envoy.type.matcher.v3.HttpRequestHeaderMatchInput, header_name: \":path\"}}\n";
  const std::string m =
      "matcher_list:\n  matchers:\n    - predicate:\n        single_predicate:\n" + input +
      "          value_match: {prefix: /a}\n"
      "      on_match: {action: {name: a, typed_config: {\"@type\": type.googleapis.com/google.protobuf.StringValue, value: a}}}\n"
      "    # config-inspector: ignore MAT016 -- kept for clients older than 1.4\n"
      "    - predicate:\n        single_predicate:\n" + input +
      "          value_match: {prefix: /ab}\n"
      "      on_match: {action: {name: b, typed_config: {\"@type\": type.googleapis.com/google.protobuf.StringValue, value: b}}}\n";
  std::string file = WriteTemp("sarif_suppressed.yaml", m);
  CliOutput plain = RunCli("check --format sarif " + file);
  ordered_json pj = ordered_json::parse(plain.out);
  for (const ordered_json& res : pj["runs"][0]["results"]) EXPECT_NE(res["ruleId"], "MAT016") << res;

  CliOutput r = RunCli("check --format sarif --show-suppressed " + file);
  ordered_json j = ordered_json::parse(r.out);
  const ordered_json* hidden = nullptr;
  for (const ordered_json& res : j["runs"][0]["results"])
    if (res["ruleId"] == "MAT016") hidden = &res;
  ASSERT_NE(hidden, nullptr) << r.out;
  EXPECT_EQ((*hidden)["suppressions"],
            ordered_json::parse(R"([{"kind": "inSource", "status": "accepted",
                                    "justification": "kept for clients older than 1.4",
                                    "properties": {"origin": "comment"}}])"));
  EXPECT_EQ((*hidden)["locations"][0]["physicalLocation"]["region"]["startLine"], 9);
  // Everything else is as without the flag: the other results carry no suppressions.
  EXPECT_EQ(j["runs"][0]["results"].size(), pj["runs"][0]["results"].size() + 1);
  int status = 0;
  std::string v = Validate("sarif_suppressed.sarif", r.out, &status);
  EXPECT_EQ(status, 0) << v;

  // --suppress on the command line: external, no justification.
  r = RunCli("check --format sarif --show-suppressed --suppress MAT016 " + WriteTemp("sarif_flag.yaml",
             m.substr(0, m.find("    # config-inspector")) + m.substr(m.find("    - predicate", m.find("# config-inspector")))));
  j = ordered_json::parse(r.out);
  hidden = nullptr;
  for (const ordered_json& res : j["runs"][0]["results"])
    if (res["ruleId"] == "MAT016") hidden = &res;
  ASSERT_NE(hidden, nullptr) << r.out;
  EXPECT_EQ((*hidden)["suppressions"],
            ordered_json::parse(R"([{"kind": "external", "status": "accepted", "properties": {"origin": "flag"}}])"));
  v = Validate("sarif_suppressed_flag.sarif", r.out, &status);
  EXPECT_EQ(status, 0) << v;
}

TEST(SarifTest, ValidatorRejectsAnInvalidLog) {
  // The check can fail: a driver without its required name, and a relative helpUri.
  int status = 0;
  std::string v = Validate("sarif_bad.sarif",
                           R"({"version":"2.1.0","runs":[{"tool":{"driver":{"rules":[{"id":"X","helpUri":"docs/x.md"}]}},"results":[]}]})",
                           &status);
  EXPECT_EQ(status, 1) << v;
  EXPECT_NE(v.find("must have required property 'name'"), std::string::npos) << v;
  EXPECT_NE(v.find("helpUri must match format \"uri\""), std::string::npos) << v;
}

TEST(SarifTest, ArtifactUrisAreRelativeAndPercentEncoded) {
  using cfgi::cli::ArtifactUri;
  EXPECT_EQ(ArtifactUri("/repo/mesh/policies.yaml", "/repo"), "mesh/policies.yaml");
  EXPECT_EQ(ArtifactUri("/elsewhere/a.yaml", "/repo"), "file:///elsewhere/a.yaml");
  EXPECT_EQ(ArtifactUri("conf/my file#1.yaml", "/repo"), "conf/my%20file%231.yaml");
  EXPECT_EQ(ArtifactUri("./a/../b.zone", "/repo"), "b.zone");
}

TEST(SarifTest, FormatIsCheckedAtTheCommandLine) {
  CliOutput r = RunCli("check --format xml " + kSamples + "matcher/rbac-cel.scenario.yaml");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "config-inspector-cli: --format is 'text', 'json' or 'sarif'\n(try --help)\n");
}

}  // namespace
