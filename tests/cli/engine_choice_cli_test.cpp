// The engine choice on the command line (docs/formats.md "How the
// engine is chosen"): --engine, a profile that implies the engine, no silent pass, standard input
// with a Kubernetes stream, BOMs.
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "tests/cli/cli_runner.h"

namespace {

using cfgi::testing::RunCli;
using cfgi::testing::WriteTemp;

TEST(EngineChoiceCliTest, UnrecognisedFileIsNotASilentPass) {
  std::string f = WriteTemp("settings.yaml", "server:\n  port: 8080\n");
  auto r = RunCli("check " + f);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, f + ":1:1: error: [ENG001] no engine recognises this yaml file as its input; choose the engine "
                       "with --engine NAME (variants, matcher, txt, policy, targeting; document checks the syntax "
                       "only) or with `engine:` in a scenario file\n");
  // --engine document keeps the syntax-only check.
  auto d = RunCli("check --engine document " + f);
  EXPECT_EQ(d.exit_code, 0);
  EXPECT_EQ(d.out, "");
}

TEST(EngineChoiceCliTest, EmptyFileAndScenarioWithoutSources) {
  std::string e = WriteTemp("empty.yaml", "");
  auto r = RunCli("check --format json " + e);
  EXPECT_EQ(r.exit_code, 1);
  auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["diagnostics"].size(), 1u) << r.out;
  EXPECT_EQ(j["diagnostics"][0]["code"], "ENG002");
  EXPECT_EQ(j["diagnostics"][0]["line"], 1);
  EXPECT_EQ(j["diagnostics"][0]["column"], 1);
  std::string s = WriteTemp("nothing.scenario.yaml", "engine: policy\nsources: []\n");
  auto n = RunCli("check " + s);
  EXPECT_EQ(n.exit_code, 1);
  EXPECT_EQ(n.out.rfind(s + ":2:10: error: [SCN007] the scenario has no sources", 0), 0u) << n.out;
}

TEST(EngineChoiceCliTest, EngineFlagReadsWhatDetectionDoesNot) {
  // A YAML file nothing recognises is ENG001; an Envoy client's DiscoveryRequest with plain names
  // and no header is read as variants (a subscription: resource_names and type_url), and
  // --engine variants reads it the same way.
  std::string y = WriteTemp("plain.yaml", "foo: 1\nbar: [2]\n");
  auto unknown = RunCli("check --format json " + y);
  EXPECT_EQ(unknown.exit_code, 1);
  EXPECT_EQ(nlohmann::json::parse(unknown.out)["diagnostics"][0]["code"], "ENG001");
  std::string f = WriteTemp("request.txtpb",
                            "node { id: \"sidecar~10.0.0.1~web-1.shop~shop.svc.cluster.local\" }\n"
                            "resource_names: \"payments\"\n"
                            "type_url: \"type.googleapis.com/envoy.config.cluster.v3.Cluster\"\n");
  auto plain = RunCli("check --format json " + f);
  EXPECT_EQ(plain.exit_code, 0);
  EXPECT_EQ(nlohmann::json::parse(plain.out)["engine"], "variants");
  auto r = RunCli("eval --engine variants --format json " + f);
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["engine"], "variants");
  // The request subscribes to payments with no parameters; the file holds no variant of it.
  EXPECT_EQ(j["result"]["subscriptions"][0]["resources"][0],
            nlohmann::json::parse(R"({"resource": "payments", "matching": [], "selected": null, "outcome": "none"})"))
      << r.out;
  ASSERT_EQ(j["diagnostics"].size(), 1u);
  EXPECT_EQ(j["diagnostics"][0]["code"], "VAR101");
  EXPECT_EQ(j["diagnostics"][0]["line"], 2);
  // An engine that does not exist: usage error.
  auto bad = RunCli("check --engine dns " + f);
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(bad.err,
            "config-inspector-cli: unknown engine 'dns' for --engine; one of: variants matcher txt policy "
            "targeting document\n(try --help)\n");
}

TEST(EngineChoiceCliTest, ProfileOnlyOneEngineHasImpliesIt) {
  std::string f = WriteTemp("default-only2.yaml",
                            "on_no_match:\n  action:\n    name: default\n    typed_config:\n"
                            "      \"@type\": type.googleapis.com/google.protobuf.StringValue\n      value: shared\n");
  auto r = RunCli("check --profile envoy --format json " + f);
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["engine"], "matcher");
  EXPECT_EQ(j["profile"], "envoy");
}

TEST(EngineChoiceCliTest, QueryFlagOfAnotherEngineNamesIt) {
  std::string f = WriteTemp("settings2.yaml", "server:\n  port: 8080\n");
  auto r = RunCli("eval " + f + " --header x-a=1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err,
            "config-inspector-cli: --header belongs to the matcher engine; these files were read as plain documents "
            "(no engine claims them); choose the engine with --engine matcher\n(try --help)\n");
}

TEST(EngineChoiceCliTest, KubectlListOnStandardInput) {
  std::string f = WriteTemp("list.yaml",
                            "apiVersion: v1\nitems:\n"
                            "- apiVersion: v1\n  kind: Service\n  metadata: {name: web, namespace: shop}\n"
                            "- apiVersion: kuma.io/v1alpha1\n  kind: Dataplane\n"
                            "  metadata: {name: web-1, namespace: shop, labels: {kuma.io/mesh: default, app: web}}\n"
                            "  spec: {networking: {address: 10.0.0.1, inbound: [{name: http, port: 8080, "
                            "tags: {kuma.io/service: web}}]}}\n"
                            "kind: List\nmetadata: {resourceVersion: \"\"}\n");
  auto r = RunCli("eval --format json - < " + f);
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["engine"], "policy");
  // The Service is read (Dataplanes from pods, policy_k8s.h; here it selects no pod): only the
  // policy engine's own POL020 (the mesh is not in the stream).
  ASSERT_EQ(j["diagnostics"].size(), 1u) << r.out;
  EXPECT_EQ(j["diagnostics"][0]["code"], "POL020");
  EXPECT_EQ(j["diagnostics"][0]["severity"], "note");
  EXPECT_EQ(j["diagnostics"][0]["file"], "-");
  EXPECT_EQ(j["result"]["dataplane"], "web-1.shop") << r.out;
}

TEST(EngineChoiceCliTest, BomKeepsColumns) {
  std::string plain = WriteTemp("nobom.json", "{\"a\": 1,\n \"b\": tru }\n");
  std::string bom = WriteTemp("bom.json", "\xEF\xBB\xBF{\"a\": 1,\n \"b\": tru }\n");
  auto a = RunCli("check --engine document " + plain);
  auto b = RunCli("check --engine document " + bom);
  EXPECT_EQ(a.exit_code, 1);
  EXPECT_EQ(b.exit_code, 1);
  EXPECT_EQ(b.out.substr(bom.size()), a.out.substr(plain.size()));
  EXPECT_EQ(b.out.rfind(bom + ":2:7: error: [DOC002]", 0), 0u) << b.out;
}

}  // namespace
