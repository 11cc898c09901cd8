// The suppression mechanism (core/doc/suppress.h) and the project file (core/engine/project.h):
// globs, the comment forms per format, the line-above rule, the unused-suppression note, the
// problems of comments and lists, and Inspect applying them (Report::suppressed). The idea is
// istioctl analyze's suppressions (flag and annotation) and SARIF 2.1.0's result.suppressions.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/doc/load.h"
#include "core/doc/suppress.h"
#include "core/engine/engine.h"
#include "core/engine/project.h"
#include "core/engine/scenario.h"

namespace cfgi::doc {
namespace {

// "CODE L:C" for each diagnostic, as the corpus .expect files write them.
std::vector<std::string> Codes(const std::vector<Diagnostic>& ds) {
  std::vector<std::string> out;
  for (const Diagnostic& d : ds) out.push_back(d.code + " " + std::to_string(d.begin.line) + ":" + std::to_string(d.begin.column));
  return out;
}

Diagnostic Finding(std::string code, std::string file, int line, std::string path = {}) {
  Diagnostic d;
  d.code = std::move(code);
  d.severity = Severity::kWarning;
  d.file = std::move(file);
  d.begin = {line, 3};
  d.path = std::move(path);
  return d;
}

struct GlobCase {
  const char* glob;
  const char* name;
  bool match;
};

TEST(SuppressTest, GlobMatch) {
  const GlobCase cases[] = {
      {"*.zone", "a.zone", true},
      {"*.zone", "dns/a.zone", true},  // no '/' in the glob: the last component matches too
      {"dns/*.zone", "dns/a.zone", true},
      {"dns/*.zone", "dns/sub/a.zone", false},  // '*' stops at '/'
      {"dns/**", "dns/sub/a.zone", true},
      {"dns/**/a.zone", "dns/a.zone", true},  // '**/' matches no directory too
      {"dns/**/a.zone", "dns/x/y/a.zone", true},
      {"dns/**/a.zone", "dnsx/a.zone", false},
      {"legacy/*", "./legacy/m.yaml", true},  // a leading ./ is not part of the name
      {"m?.yaml", "m1.yaml", true},
      {"m?.yaml", "m12.yaml", false},
      {"m[0-9].yaml", "m7.yaml", true},
      {"m[!0-9].yaml", "m7.yaml", false},
      {"m[!0-9].yaml", "mx.yaml", true},
      {"[x", "[x", true},  // no ']': a literal '['
      {"a*b*c*d*e*f*g*h*i*j*k", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", false},
      {"**", "a/b/c", true},
      {"", "", true},
      {"", "a", false},
  };
  for (const GlobCase& c : cases) EXPECT_EQ(GlobMatch(c.glob, c.name), c.match) << c.glob << " vs " << c.name;
}

TEST(SuppressTest, KnownCodesComeFromTheRegistry) {
  EXPECT_TRUE(IsKnownCode("MAT016"));
  EXPECT_TRUE(IsKnownCode("SUP001"));
  EXPECT_TRUE(IsKnownCode("PRJ006"));
  EXPECT_FALSE(IsKnownCode("MAT999"));
  EXPECT_FALSE(IsKnownCode("mat016"));
}

// Reads the comments of one file; returns the suppressions and puts the comments' problems in *problems.
std::vector<Suppression> Comments(const std::string& name, const std::string& text, std::vector<Diagnostic>* problems) {
  Document d = LoadDocument(name, text);
  DiagnosticSink sink(d.source.get());
  std::vector<Suppression> s = ReadCommentSuppressions(d, sink);
  *problems = sink.list();
  return s;
}

TEST(SuppressTest, YamlCommentOnItsOwnLineAndTrailing) {
  std::vector<Diagnostic> problems;
  std::vector<Suppression> s = Comments("m.yaml",
                                        "a: 1\n"
                                        "# config-inspector: ignore MAT016 -- kept for old clients\n"
                                        "b: 2  # config-inspector: ignore TXT038,MAT030 -- measured\n",
                                        &problems);
  EXPECT_TRUE(problems.empty());
  ASSERT_EQ(s.size(), 3u);
  EXPECT_EQ(s[0].code, "MAT016");
  EXPECT_EQ(s[0].line, 2);
  EXPECT_EQ(s[0].reason, "kept for old clients");
  EXPECT_EQ(s[0].begin, (Position{2, 28}));  // the code's own position, for the unused note
  EXPECT_EQ(s[0].origin, SuppressionOrigin::kComment);
  EXPECT_EQ(s[1].code, "TXT038");
  EXPECT_EQ(s[1].line, 3);
  EXPECT_EQ(s[1].begin, (Position{3, 34}));
  EXPECT_EQ(s[2].code, "MAT030");
  EXPECT_EQ(s[2].begin, (Position{3, 41}));
  EXPECT_EQ(s[2].reason, "measured");
}

TEST(SuppressTest, YamlHashInsideStringsAndBlockScalarsIsNoComment) {
  std::vector<Diagnostic> problems;
  std::vector<Suppression> s = Comments("m.yaml",
                                        "a: \"# config-inspector: ignore MAT016 -- no\"\n"
                                        "b: 'x # config-inspector: ignore MAT016 -- no'\n"
                                        "c: a#config-inspector: ignore MAT016 -- no\n"
                                        "text: |\n"
                                        "  # config-inspector: ignore MAT016 -- block content\n"
                                        "d: 1 # config-inspector: ignore MAT016 -- yes\n",
                                        &problems);
  EXPECT_TRUE(problems.empty());
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].line, 6);
}

TEST(SuppressTest, TextprotoComment) {
  std::vector<Diagnostic> problems;
  std::vector<Suppression> s = Comments("m.textproto",
                                        "# proto-message: xds.type.matcher.v3.Matcher\n"
                                        "matcher_list {\n"
                                        "  # config-inspector: ignore MAT016 -- legacy\n"
                                        "  matchers { on_match { action { name: \"#x\" } } }  # config-inspector: ignore MAT030 -- ok\n"
                                        "}\n",
                                        &problems);
  EXPECT_TRUE(problems.empty());
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].line, 3);
  EXPECT_EQ(s[1].line, 4);
  EXPECT_EQ(s[1].code, "MAT030");
}

TEST(SuppressTest, ZoneAndDigComments) {
  std::vector<Diagnostic> problems;
  std::vector<Suppression> s = Comments("d.zone",
                                        "$ORIGIN example.com.\n"
                                        "; config-inspector: ignore TXT038 -- the go choice is a placeholder\n"
                                        "_grpc_config 3600 IN TXT \"grpc_config=[];x\" ; config-inspector: ignore TXT037 -- ok\n",
                                        &problems);
  EXPECT_TRUE(problems.empty());
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].line, 2);
  EXPECT_EQ(s[0].code, "TXT038");
  EXPECT_EQ(s[1].line, 3);
  EXPECT_EQ(s[1].begin, (Position{3, 72}));
}

TEST(SuppressTest, JsonHasNoComments) {
  std::vector<Diagnostic> problems;
  EXPECT_TRUE(Comments("m.json", "{\"a\": \"# config-inspector: ignore MAT016 -- x\"}\n", &problems).empty());
  EXPECT_TRUE(problems.empty());
}

TEST(SuppressTest, CommentProblems) {
  std::vector<Diagnostic> problems;
  std::vector<Suppression> s = Comments("m.yaml",
                                        "a: 1 # config-inspector: ignore MAT016\n"          // no reason: SUP002, still applies
                                        "b: 2 # config-inspector: ignore NOPE001 -- why\n"  // unknown code: SUP003
                                        "c: 3 # config-inspector: ignore -- why\n"          // no code: SUP004
                                        "d: 4 # config-inspector: disable MAT016 -- why\n", // not 'ignore': SUP004
                                        &problems);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].code, "MAT016");
  EXPECT_EQ(s[0].reason, "");
  EXPECT_EQ(Codes(problems), (std::vector<std::string>{"SUP002 1:8", "SUP003 2:33", "SUP004 3:8", "SUP004 4:8"}));
  EXPECT_EQ(problems[0].severity, Severity::kWarning);
  EXPECT_EQ(problems[1].message,
            "unknown diagnostic code 'NOPE001' in a suppression; use a code from docs/diagnostics.md (config-inspector-cli codes)");
  EXPECT_EQ(problems[3].message,
            "a 'config-inspector:' comment must read 'config-inspector: ignore CODE[,CODE] -- reason'; got 'disable'");
}

TEST(SuppressTest, LineAboveRule) {
  Suppression s;
  s.code = "MAT016";
  s.line = 7;
  s.file = "m.yaml";
  EXPECT_FALSE(s.Matches(Finding("MAT016", "m.yaml", 6)));
  EXPECT_TRUE(s.Matches(Finding("MAT016", "m.yaml", 7)));  // the comment's own line
  EXPECT_TRUE(s.Matches(Finding("MAT016", "m.yaml", 8)));  // the line below the comment
  EXPECT_FALSE(s.Matches(Finding("MAT016", "m.yaml", 9)));
  EXPECT_FALSE(s.Matches(Finding("MAT016", "other.yaml", 8)));  // another file's line 8
  EXPECT_FALSE(s.Matches(Finding("TXT038", "m.yaml", 8)));      // another code
}

TEST(SuppressTest, FlagWithGlobAndPath) {
  std::string error;
  std::optional<Suppression> s = ParseSuppressFlag("MAT016=legacy/**", &error);
  ASSERT_TRUE(s) << error;
  EXPECT_EQ(s->label, "--suppress MAT016=legacy/**");
  EXPECT_TRUE(s->Matches(Finding("MAT016", "legacy/a/m.yaml", 3)));
  EXPECT_FALSE(s->Matches(Finding("MAT016", "new/m.yaml", 3)));
  EXPECT_FALSE(ParseSuppressFlag("NOPE001", &error));
  EXPECT_EQ(error, "--suppress: unknown diagnostic code 'NOPE001' (docs/diagnostics.md lists them)");
  EXPECT_FALSE(ParseSuppressFlag("MAT016=", &error));
  EXPECT_EQ(error, "--suppress MAT016=: the glob after '=' is empty");
  EXPECT_FALSE(ParseSuppressFlag("", &error));
  Suppression p;
  p.code = "POL018";
  p.path_glob = "spec.to[[]1]*";  // a literal [ is the class [[]
  EXPECT_TRUE(p.Matches(Finding("POL018", "a.yaml", 1, "spec.to[1].default")));
  EXPECT_FALSE(p.Matches(Finding("POL018", "a.yaml", 1, "spec.to[0].default")));
}

TEST(SuppressTest, ApplyKeepsSuppressesAndNotesTheUnused) {
  std::vector<Diagnostic> problems;
  std::vector<Suppression> sups = Comments("m.yaml",
                                           "a: 1\n"
                                           "# config-inspector: ignore MAT016 -- old clients\n"
                                           "b: 2\n"
                                           "# config-inspector: ignore TXT038 -- nothing here\n",
                                           &problems);
  std::string error;
  sups.push_back(*ParseSuppressFlag("VAR106", &error));
  std::vector<Diagnostic> in = {Finding("MAT016", "m.yaml", 3), Finding("MAT016", "m.yaml", 5), Finding("POL018", "m.yaml", 1)};
  SuppressionResult r = ApplySuppressions(in, sups);
  ASSERT_EQ(r.suppressed.size(), 1u);
  EXPECT_EQ(r.suppressed[0].diagnostic.begin.line, 3);
  EXPECT_EQ(r.suppressed[0].by.reason, "old clients");
  EXPECT_EQ(std::string(SarifSuppressionKind(r.suppressed[0].by.origin)), "inSource");
  // The MAT016 on line 5 is two lines below the comment: kept. Then one SUP001 per unused one.
  EXPECT_EQ(Codes(r.kept), (std::vector<std::string>{"MAT016 5:3", "POL018 1:3", "SUP001 4:28", "SUP001 0:0"}));
  EXPECT_EQ(r.kept[2].severity, Severity::kNote);
  EXPECT_EQ(r.kept[2].file, "m.yaml");
  EXPECT_EQ(r.kept[2].message,
            "the suppression 'ignore TXT038' matches no finding; remove it (or fix its code, or move it onto the "
            "finding's line or the line above)");
  EXPECT_EQ(r.kept[3].file, "");
  EXPECT_EQ(FormatDiagnostic(r.kept[3]),
            "note: [SUP001] the suppression '--suppress VAR106' matches no finding; remove it (or fix its code, or its glob)");
}

TEST(SuppressTest, UnusedNotesCanBeSuppressedAndAppSuppressionsStayQuiet) {
  std::string error;
  std::vector<Suppression> sups = {*ParseSuppressFlag("VAR106", &error), *ParseSuppressFlag("SUP001", &error)};
  Suppression app;
  app.code = "MAT016";
  app.origin = SuppressionOrigin::kApp;
  app.report_unused = false;
  sups.push_back(app);
  SuppressionResult r = ApplySuppressions({}, sups);
  EXPECT_TRUE(r.kept.empty());
  // VAR106's note is silenced by --suppress SUP001; SUP001's own would be too (it is unused
  // until then, so its note is listed as suppressed); the app's never reports itself.
  ASSERT_EQ(r.suppressed.size(), 1u);
  EXPECT_EQ(r.suppressed[0].diagnostic.code, "SUP001");
  EXPECT_EQ(r.suppressed[0].by.label, "--suppress SUP001");
}

TEST(SuppressTest, SuppressList) {
  Document d = LoadDocument("s.yaml",
                            "suppress:\n"
                            "  - MAT016\n"
                            "  - TXT038=dns/*.zone\n"
                            "  - {code: POL018, path: 'spec.to[*', reason: measured}\n"
                            "  - {code: NOPE001}\n"
                            "  - {code: MAT016, typo: x}\n"
                            "  - 42\n"
                            "  - {reason: no code}\n");
  DiagnosticSink sink(d.source.get());
  std::vector<Suppression> s = ReadSuppressList(*d.root()->Get("suppress"), SuppressionOrigin::kScenario, sink);
  ASSERT_EQ(s.size(), 3u);
  EXPECT_EQ(s[0].label, "MAT016");
  EXPECT_EQ(s[0].begin, (Position{2, 5}));
  EXPECT_EQ(s[1].file_glob, "dns/*.zone");
  EXPECT_EQ(s[2].path_glob, "spec.to[*");
  EXPECT_EQ(s[2].reason, "measured");
  EXPECT_EQ(Codes(sink.list()), (std::vector<std::string>{"SUP003 5:12", "SUP004 6:20", "SUP004 7:5", "SUP004 8:5"}));
  EXPECT_EQ(sink.list()[0].path, "suppress[3]");
}

TEST(ProjectConfigTest, ReadsEveryKey) {
  ProjectConfig p = ParseProjectConfig(".config-inspector.yaml",
                                       "profile: grpc-java\n"
                                       "fail-on: warning\n"
                                       "min-severity: warning\n"
                                       "suppress:\n"
                                       "  - MAT016=legacy/**\n"
                                       "paths:\n"
                                       "  - {files: 'dns/*.zone', engine: txt, profile: grpc-go}\n"
                                       "  - files: 'mesh/**'\n"
                                       "    engine: policy\n");
  EXPECT_TRUE(p.diagnostics.empty()) << Codes(p.diagnostics).front();
  EXPECT_EQ(p.profile, "grpc-java");
  EXPECT_EQ(p.fail_on, "warning");
  EXPECT_EQ(p.min_severity, "warning");
  ASSERT_EQ(p.suppressions.size(), 1u);
  EXPECT_EQ(p.suppressions[0].origin, doc::SuppressionOrigin::kProject);
  EXPECT_FALSE(p.suppressions[0].report_unused);
  ASSERT_EQ(p.paths.size(), 2u);
  ASSERT_NE(p.RuleFor("dns/a.zone"), nullptr);
  EXPECT_EQ(p.RuleFor("dns/a.zone")->profile, "grpc-go");
  EXPECT_EQ(p.RuleFor("mesh/x/policies.yaml")->engine, "policy");
  EXPECT_EQ(p.RuleFor("other.yaml"), nullptr);
}

TEST(ProjectConfigTest, BadFileGetsCodedDiagnostics) {
  ProjectConfig p = ParseProjectConfig(".config-inspector.yaml",
                                       "profile: grpc-javaa\n"
                                       "fail-on: warnings\n"
                                       "min-severity: never\n"
                                       "failon: error\n"
                                       "suppress: [NOPE001]\n"
                                       "paths:\n"
                                       "  - {engine: txt}\n"
                                       "  - {files: '*.zone', engine: dns}\n"
                                       "  - {files: '*.zone', engine: txt, profile: kuma}\n"
                                       "  - {files: [a], engine: txt}\n");
  EXPECT_EQ(Codes(p.diagnostics), (std::vector<std::string>{"PRJ006 1:10", "PRJ003 2:10", "PRJ003 3:15", "PRJ002 4:1",
                                                              "SUP003 5:12", "PRJ005 7:5", "PRJ004 8:31", "PRJ006 9:45",
                                                              "PRJ001 10:13"}));
  EXPECT_EQ(p.diagnostics[1].message, "'fail-on' is error, warning, note or never; got 'warnings'");
  EXPECT_EQ(p.diagnostics[6].path, "paths[1].engine");
  EXPECT_EQ(p.profile, "");
  EXPECT_EQ(p.fail_on, "");
  EXPECT_TRUE(p.paths.empty());
}

TEST(ProjectConfigTest, SyntaxErrorIsPositioned) {
  ProjectConfig p = ParseProjectConfig("p.yaml", "fail-on: [warning\n");
  ASSERT_FALSE(p.diagnostics.empty());
  EXPECT_EQ(p.diagnostics[0].code.substr(0, 3), "DOC");
  EXPECT_EQ(p.diagnostics[0].begin.line, 2);
  ProjectConfig list = ParseProjectConfig("p.yaml", "- a\n");
  EXPECT_EQ(Codes(list.diagnostics), (std::vector<std::string>{"PRJ001 1:1"}));
}

// Inspect applies the files' own suppressions and the caller's, per profile: the zone's comment
// silences TXT038 (the same finding as the CLI test in tests/cli/gate_cli_test.cpp).
TEST(SuppressTest, InspectAppliesCommentAndCallerSuppressions) {
  const std::string zone =
      "$ORIGIN example.com.\n"
      "; config-inspector: ignore TXT038 -- the go choice is a placeholder\n"
      "_grpc_config 3600 IN TXT "
      "\"grpc_config=[{\\\"serviceConfig\\\":{}},{\\\"clientLanguage\\\":[\\\"go\\\"],\\\"serviceConfig\\\":{}}]\"\n";
  Scenario s = LoadScenario({{"d.zone", zone}});
  ASSERT_EQ(s.suppressions.size(), 1u);
  const Engine* e = SelectEngine(&s);
  ASSERT_EQ(e->name(), "txt");
  Report r = RunScenario(*e, s, {}, "grpc-core", false);
  EXPECT_EQ(Codes(r.diagnostics), std::vector<std::string>{});
  ASSERT_EQ(r.suppressed.size(), 1u);
  EXPECT_EQ(r.suppressed[0].diagnostic.code, "TXT038");
  EXPECT_EQ(r.suppressed[0].diagnostic.begin, (Position{3, 63}));
  std::string error;
  Report flagged = RunScenario(*e, s, {}, "grpc-core", false, {*ParseSuppressFlag("TXT037", &error)});
  EXPECT_EQ(Codes(flagged.diagnostics), std::vector<std::string>{"SUP001 0:0"});
  nlohmann::ordered_json j = SuppressedJson(r.suppressed, true);
  EXPECT_EQ(j["count"], 1);
  EXPECT_EQ(j["diagnostics"][0]["suppression"]["origin"], "comment");
  EXPECT_EQ(j["diagnostics"][0]["suppression"]["kind"], "inSource");
  EXPECT_EQ(j["diagnostics"][0]["suppression"]["reason"], "the go choice is a placeholder");
}

}  // namespace
}  // namespace cfgi::doc
