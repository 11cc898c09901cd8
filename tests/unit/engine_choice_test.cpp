// How the engine is chosen (docs/formats.md "How the engine is chosen"), never a silent pass,
// Kubernetes-shaped input and text encodings: core/engine/choose.cpp,
// core/doc/load.cpp (ReadTextProtoHeader, ExpandKubernetesLists), core/doc/source.cpp (BOM,
// DecodeText / EncodeText).
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "core/doc/load.h"
#include "core/doc/source.h"
#include "core/engine/compare.h"
#include "core/engine/engine.h"
#include "core/engine/scenario.h"

namespace cfgi {
namespace {

const std::string kBom = "\xEF\xBB\xBF";

// "CODE line:col" of every diagnostic, in order.
std::vector<std::string> Codes(const std::vector<doc::Diagnostic>& ds) {
  std::vector<std::string> out;
  for (const doc::Diagnostic& d : ds)
    out.push_back(d.code + " " + std::to_string(d.begin.line) + ":" + std::to_string(d.begin.column));
  return out;
}

std::string EngineOf(const Scenario& s, const EngineRequest& r = {}) {
  EngineChoice c = ChooseEngine(s, r);
  return c.engine ? std::string(c.engine->name()) + "/" + c.rule : "null/" + c.rule;
}

// ---- text encodings (item 8) ----

TEST(TextEncodingTest, BomIsNotPartOfTheText) {
  doc::Source with("a.yaml", kBom + "a: 1\n");
  EXPECT_TRUE(with.bom());
  EXPECT_EQ(with.text(), "a: 1\n");
  EXPECT_EQ(with.Locate(0), (doc::Position{1, 1}));
  doc::Source without("a.yaml", "a: 1\n");
  EXPECT_FALSE(without.bom());
}

TEST(TextEncodingTest, YamlAndJsonErrorsKeepTheirColumnsWithABom) {
  // The same broken files with and without a BOM: the same line and column.
  for (const char* name : {"x.yaml", "x.json"}) {
    std::string text = std::string(name) == "x.yaml" ? "a: 1\nb: [1, 2\n" : "{\"a\": 1,\n \"b\": tru }\n";
    doc::Document plain = doc::LoadDocument(name, text);
    doc::Document bom = doc::LoadDocument(name, kBom + text);
    ASSERT_EQ(plain.diagnostics.size(), 1u) << name;
    EXPECT_EQ(Codes(bom.diagnostics), Codes(plain.diagnostics)) << name;
  }
  doc::Document j = doc::LoadDocument("x.json", kBom + "{\"a\": 1,\n \"b\": tru }\n");
  EXPECT_EQ(Codes(j.diagnostics), std::vector<std::string>{"DOC002 2:7"});
}

TEST(TextEncodingTest, KeyRangesOnTheFirstLineStartAtColumnOne) {
  Scenario s = LoadScenario({{"p.yaml", kBom + "type: MeshTimeout\nname: t\nspec: {}\n"}});
  ASSERT_EQ(s.sources.size(), 1u);
  const doc::Node* root = s.sources[0].root();
  ASSERT_NE(root, nullptr);
  const doc::Node::Entry* e = root->GetEntry("type");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(s.sources[0].source->Locate(e->key_range.begin), (doc::Position{1, 1}));
  EXPECT_EQ(s.sources[0].source->Locate(e->value.range().begin), (doc::Position{1, 7}));
}

TEST(TextEncodingTest, TextprotoWithABomParses) {
  doc::Document d = doc::LoadDocument("m.textproto", kBom + "matcher_list {\n  matchers {}\n}\n");
  EXPECT_TRUE(d.diagnostics.empty()) << Codes(d.diagnostics)[0];
  doc::Document bad = doc::LoadDocument("m.textproto", kBom + "matcher_list {\n  matchers {\n}\n");
  // protobuf: unexpected end of input at the line after the last, column 1 (as without a BOM).
  doc::Document bad_plain = doc::LoadDocument("m.textproto", "matcher_list {\n  matchers {\n}\n");
  EXPECT_EQ(Codes(bad.diagnostics), Codes(bad_plain.diagnostics));
}

TEST(TextEncodingTest, ZoneFileWithABomHasNoTxtFindingAboutIt) {
  std::string zone = "_grpc_config.a 60 IN TXT \"grpc_config=[{\\\"serviceConfig\\\":{}}]\"\n";
  Scenario plain = LoadScenario({{"z.zone", zone}});
  Scenario bom = LoadScenario({{"z.zone", kBom + zone}});
  const Engine* e = DetectEngine(bom);
  ASSERT_EQ(e->name(), "txt");
  Report a = RunScenario(*e, plain, Query{}, "grpc-core", true);
  Report b = RunScenario(*e, bom, Query{}, "grpc-core", true);
  EXPECT_EQ(Codes(b.diagnostics), Codes(a.diagnostics));
  EXPECT_EQ(b.result, a.result);
  EXPECT_EQ(b.result["choice"], 0);
}

TEST(TextEncodingTest, DecodeAndEncodeGiveTheBytesBack) {
  std::string text = kBom + "a: 1\r\nb: 2\r\n";
  std::string shown = text;
  doc::TextEncoding enc = doc::DecodeText(&shown);
  EXPECT_TRUE(enc.bom);
  EXPECT_TRUE(enc.crlf);
  EXPECT_EQ(shown, "a: 1\nb: 2\n");
  EXPECT_EQ(doc::EncodeText(shown, enc), text);
  // A line added in the editor (with "\n") is saved with CRLF too.
  EXPECT_EQ(doc::EncodeText(shown + "c: 3\n", enc), kBom + "a: 1\r\nb: 2\r\nc: 3\r\n");
  // LF files stay LF; a lone "\r" is not a line break and stays.
  std::string lf = "a: 1\nb: \"x\ry\"\n";
  std::string shown_lf = lf;
  doc::TextEncoding none = doc::DecodeText(&shown_lf);
  EXPECT_FALSE(none.bom);
  EXPECT_FALSE(none.crlf);
  EXPECT_EQ(doc::EncodeText(shown_lf, none), lf);
}

// ---- textproto headers (item 1) ----

TEST(TextProtoHeaderTest, ReadsFileAndMessageWithRanges) {
  doc::Source src("r.txtpb",
                  "# proto-file: envoy/service/discovery/v3/discovery.proto\n"
                  "#proto-message:   DeltaDiscoveryResponse  # trailing\n"
                  "resources {}\n# proto-message: Ignored\n");
  doc::TextProtoHeader h = doc::ReadTextProtoHeader(src);
  EXPECT_EQ(h.file, "envoy/service/discovery/v3/discovery.proto");
  EXPECT_EQ(h.message, "DeltaDiscoveryResponse");
  EXPECT_EQ(src.Locate(h.file_range.begin), (doc::Position{1, 15}));
  EXPECT_EQ(src.Locate(h.message_range.begin), (doc::Position{2, 19}));
  EXPECT_EQ(h.message_range.end - h.message_range.begin, 22u);
  // After the first field nothing is a header.
  EXPECT_EQ(doc::ReadTextProtoHeader(doc::Source("x", "a: 1\n# proto-message: X\n")).message, "");
}

TEST(EngineChoiceTest, ProtoMessageHeaderDecidesTheEngine) {
  // No field of the body says "matcher" or "variants": the header alone decides.
  Scenario m = LoadScenario({{"m.txtpb", "# proto-message: xds.type.matcher.v3.Matcher\non_no_match {}\n"}});
  EXPECT_EQ(EngineOf(m), "matcher/proto-message");
  Scenario v = LoadScenario({{"v.txtpb", "# proto-message: DiscoveryResponse\nversion_info: \"1\"\n"}});
  EXPECT_EQ(EngineOf(v), "variants/proto-message");
  // A message no engine reads: ENG003 at the header's value, and the other rules go on.
  Scenario u = LoadScenario({{"u.txtpb", "# proto-file: a.proto\n# proto-message: acme.Widget\nname: \"x\"\n"}});
  EngineChoice c = ChooseEngine(u);
  EXPECT_EQ(c.rule, "none");
  EXPECT_EQ(Codes(c.diagnostics), (std::vector<std::string>{"ENG003 2:18", "ENG001 1:1"}));
}

// ---- the order of the rules (item 1) and no silent pass (item 2) ----

TEST(EngineChoiceTest, RulesInOrder) {
  const std::string matcher_json = R"({"matcher_list": {"matchers": []}})";
  Scenario s = LoadScenario({{"m.json", matcher_json}});
  EXPECT_EQ(EngineOf(s), "matcher/content");
  // 1. The request beats everything, the document engine included.
  EXPECT_EQ(EngineOf(s, {"policy", ""}), "policy/request");
  EXPECT_EQ(EngineOf(s, {"document", ""}), "document/request");
  EXPECT_EQ(EngineOf(s, {"nope", ""}), "null/request");
  // 2. The scenario's engine: beats the header and the content.
  Scenario sc = LoadScenario({{"s.yaml", "engine: txt\nsources:\n  - name: m.json\n    text: '" + matcher_json + "'\n"}});
  EXPECT_EQ(EngineOf(sc), "txt/scenario");
  // 4. A profile only one engine has: `unknown.yaml` is nobody's by content.
  Scenario u = LoadScenario({{"unknown.yaml", "a: 1\n"}});
  EXPECT_EQ(EngineOf(u, {"", "madr"}), "policy/profile");
  EXPECT_EQ(EngineOf(u, {"", "envoy"}), "matcher/profile");
  EXPECT_EQ(EngineOf(u, {"", "cppmicroservices"}), "targeting/profile");
  // grpc-core is both matcher's and txt's: it implies nothing.
  EXPECT_EQ(EngineOf(u, {"", "grpc-core"}), "document/none");
  EXPECT_EQ(EngineOf(u, {"", "all"}), "document/none");
  // The profile does not override what the content says.
  EXPECT_EQ(EngineOf(s, {"", "grpc-core"}), "matcher/content");
}

TEST(EngineChoiceTest, UnrecognisedFileIsAnError) {
  Scenario s = LoadScenario({{"app.yaml", "server:\n  port: 8080\n"}, {"b.json", "{\"x\": 1}"}});
  EngineChoice c = ChooseEngine(s);
  EXPECT_EQ(c.engine->name(), "document");
  EXPECT_EQ(c.rule, "none");
  ASSERT_EQ(c.diagnostics.size(), 2u);
  EXPECT_EQ(c.diagnostics[0].code, "ENG001");
  EXPECT_EQ(c.diagnostics[0].severity, doc::Severity::kError);
  EXPECT_EQ(c.diagnostics[0].file, "app.yaml");
  EXPECT_EQ(c.diagnostics[1].file, "b.json");
  EXPECT_EQ(c.diagnostics[0].message,
            "no engine recognises this yaml file as its input; choose the engine with --engine NAME (variants, "
            "matcher, txt, policy, targeting; document checks the syntax only) or with `engine:` in a scenario file");
  // Through SelectEngine the error reaches the report: check fails.
  const Engine* e = SelectEngine(&s);
  Report r = RunScenario(*e, s, Query{}, "document", false);
  EXPECT_TRUE(doc::HasErrors(r.diagnostics));
  // --engine document keeps the syntax-only check: no finding.
  Scenario s2 = LoadScenario({{"app.yaml", "server:\n  port: 8080\n"}});
  const Engine* d = SelectEngine(&s2, {"document", ""});
  EXPECT_TRUE(RunScenario(*d, s2, Query{}, "document", false).diagnostics.empty());
}

TEST(EngineChoiceTest, EmptyFilesAndScenariosWithoutSources) {
  for (const char* text : {"", "\n  \n", "# only a comment\n", "\xEF\xBB\xBF"}) {
    Scenario s = LoadScenario({{"e.yaml", text}});
    EXPECT_EQ(Codes(ChooseEngine(s).diagnostics), std::vector<std::string>{"ENG002 1:1"}) << text;
  }
  Scenario z = LoadScenario({{"e.zone", "; nothing yet\n"}});
  EXPECT_EQ(Codes(ChooseEngine(z).diagnostics), std::vector<std::string>{"ENG002 1:1"});
  // `--engine document` on an empty file: syntax only, nothing to say.
  EXPECT_TRUE(ChooseEngine(LoadScenario({{"e.yaml", ""}}), {"document", ""}).diagnostics.empty());
  // An empty file given with a recognised one: the error still points at it.
  Scenario two = LoadScenario({{"m.json", R"({"matcher_list": {"matchers": []}})"}, {"e.json", " "}});
  EngineChoice c = ChooseEngine(two);
  EXPECT_EQ(c.engine->name(), "matcher");
  ASSERT_EQ(c.diagnostics.size(), 1u);
  EXPECT_EQ(c.diagnostics[0].file, "e.json");

  Scenario none = LoadScenario({{"s.yaml", "engine: txt\ntitle: t\nsources: []\n"}});
  EXPECT_EQ(Codes(ChooseEngine(none).diagnostics), std::vector<std::string>{"SCN007 3:10"});
  Scenario bad = LoadScenario({{"s.yaml", "engine: dns\nsources:\n  - {name: a.zone, text: \"_grpc_config.a IN TXT \\\"x\\\"\"}\n"}});
  EngineChoice b = ChooseEngine(bad);
  EXPECT_EQ(Codes(b.diagnostics), std::vector<std::string>{"SCN008 1:9"});
  EXPECT_EQ(b.engine->name(), "txt");  // the content decides after the unknown name
}

// An answer without records (a live DNS lookup's NXDOMAIN or timeout: the dig-style document is
// all comments) comes with a LIVE diagnostic that says why; ChooseEngine adds no ENG002 beside it
// (EmptySourceExplained, the one rule the CLI and the app share: both put the live diagnostics
// into the scenario before SelectEngine; the txt engine asks it too before TXT015). A note does
// not explain it; another file's warning neither.
// Real files: gRPC's xDS bootstrap (grpc-core src/core/xds/grpc/xds_bootstrap_grpc.cc:
// "server_listener_resource_name_template", as Istio's pkg/istio-agent/testdata/grpc-bootstrap.json
// has it) is no TP2 input: "resource_name" inside a longer key is not Resource.resource_name. No
// engine reads it: ENG001, never the variants engine's empty pass. An Istio BootstrapConfigDump
// and a Kuma DataplaneXDSConfig are Envoy configuration: the matcher engine.
TEST(EngineChoiceTest, RealFilesGoToTheEngineThatReadsThem) {
  Scenario grpc = LoadScenario({{"grpc-bootstrap.json",
                                 R"({"xds_servers": [{"server_uri": "unix:///etc/istio/XDS", "channel_creds": [{"type": "insecure"}]}],
 "node": {"id": "sidecar~10.0.0.1~a.ns~ns.svc.cluster.local"},
 "server_listener_resource_name_template": "xds.istio.io/grpc/lds/inbound/%s"})"}});
  EXPECT_EQ(EngineOf(grpc), "document/none");
  EXPECT_EQ(Codes(ChooseEngine(grpc, {}).diagnostics), std::vector<std::string>{"ENG001 1:1"});
  Scenario dump = LoadScenario({{"bootstrapdump.json", R"({"bootstrap": {"node": {"id": "router~10.0.0.2~gw.ns~ns.svc.cluster.local"}}})"}});
  EXPECT_EQ(EngineOf(dump), "matcher/content");
  Scenario kuma = LoadScenario({{"dp.json", R"({"xds": {"type.googleapis.com/envoy.config.cluster.v3.Cluster": {"c": {"name": "c"}}}})"}});
  EXPECT_EQ(EngineOf(kuma), "matcher/content");
  // A TP2 key as a whole key still decides.
  Scenario tp2 = LoadScenario({{"r.yaml", "resources:\n- resource_name: {name: r}\n"}});
  EXPECT_EQ(EngineOf(tp2), "variants/content");
}

TEST(EngineChoiceTest, EmptySourceExplainedByItsOwnDiagnostic) {
  const std::string name = "dns:_grpc_config.missing.test";
  // The answer as LookupTxt writes it (app/live/dns_lookup.cpp): dig's comment lines only.
  const std::string text =
      "; <<>> config-inspector-cli --lookup (c-ares 1.18.1) <<>> _grpc_config.missing.test TXT @127.0.0.1:5353\n"
      ";; Got answer:\n;; ->>HEADER<<- opcode: QUERY, status: NXDOMAIN, id: 7\n"
      ";; flags: qr rd ra; QUERY: 1, ANSWER: 0, AUTHORITY: 0, ADDITIONAL: 0\n\n"
      ";; QUESTION SECTION:\n;_grpc_config.missing.test.\t\tIN\tTXT\n";
  auto with = [&](const std::string& file, doc::Severity sev) {
    Scenario s = LoadScenario({{name, text}});
    doc::Diagnostic d;
    d.code = "LIVE003";
    d.severity = sev;
    d.file = file;
    s.diagnostics.push_back(d);
    return s;
  };
  Scenario warned = with(name, doc::Severity::kWarning);
  EXPECT_TRUE(EmptySourceExplained(warned, name));
  EXPECT_TRUE(ChooseEngine(warned, {"txt", ""}).diagnostics.empty());
  Scenario errored = with(name, doc::Severity::kError);
  EXPECT_TRUE(ChooseEngine(errored, {"txt", ""}).diagnostics.empty());
  Scenario noted = with(name, doc::Severity::kNote);
  EXPECT_FALSE(EmptySourceExplained(noted, name));
  EXPECT_EQ(Codes(ChooseEngine(noted, {"txt", ""}).diagnostics), std::vector<std::string>{"ENG002 1:1"});
  Scenario elsewhere = with("other.zone", doc::Severity::kWarning);
  EXPECT_EQ(Codes(ChooseEngine(elsewhere, {"txt", ""}).diagnostics), std::vector<std::string>{"ENG002 1:1"});
  // The txt engine asks the same question: no TXT015 "no TXT record found" beside LIVE003.
  Report r = RunScenario(*FindEngine("txt"), warned, Query{}, "grpc-core", true);
  EXPECT_EQ(Codes(r.diagnostics), std::vector<std::string>{"LIVE003 1:1"});
  Report bare = RunScenario(*FindEngine("txt"), noted, Query{}, "grpc-core", true);
  EXPECT_NE(Codes(bare.diagnostics), std::vector<std::string>{"LIVE003 1:1"});
}

// ---- Kubernetes-shaped input (item 7) ----

const char* kKubectlList = R"(apiVersion: v1
items:
- apiVersion: kuma.io/v1alpha1
  kind: MeshTimeout
  metadata: {name: t1, namespace: kuma-system, labels: {kuma.io/mesh: default}}
  spec: {targetRef: {kind: Mesh}, to: [{targetRef: {kind: Mesh}, default: {connectionTimeout: 2s}}]}
- apiVersion: v1
  kind: Service
  metadata: {name: web, namespace: shop}
- apiVersion: v1
  kind: ConfigMap
  metadata: {name: c1, namespace: shop}
- apiVersion: v1
  kind: ConfigMap
  metadata: {name: c2, namespace: shop}
kind: List
metadata:
  resourceVersion: ""
)";

TEST(KubernetesTest, ListItemsBecomeRoots) {
  Scenario s = LoadScenario({{"-", kKubectlList}});
  ASSERT_EQ(s.sources.size(), 1u);
  ASSERT_EQ(s.sources[0].roots.size(), 4u);
  EXPECT_EQ(s.sources[0].roots[0].GetString("kind"), "MeshTimeout");
  EXPECT_EQ(s.sources[0].roots[3].Get("metadata")->GetString("name"), "c2");
  // Positions are those of the items in the List.
  EXPECT_EQ(s.sources[0].source->Locate(s.sources[0].roots[1].range().begin).line, 7);
  EXPECT_TRUE(s.sources[0].diagnostics.empty());
}

TEST(KubernetesTest, KindsTheEngineDoesNotUseAreSkippedWithOneNote) {
  Scenario s = LoadScenario({{"-", kKubectlList}});
  std::string rule;
  const Engine* e = SelectEngine(&s, {}, &rule);
  EXPECT_EQ(e->name(), "policy");
  EXPECT_EQ(rule, "content");
  // The Service stays: the policy engine derives Dataplanes from Pods and Services (policy_k8s.h).
  EXPECT_EQ(s.sources[0].roots.size(), 2u);
  ASSERT_EQ(Codes(s.diagnostics), std::vector<std::string>{"ENG004 11:9"});
  EXPECT_EQ(s.diagnostics[0].severity, doc::Severity::kNote);
  EXPECT_EQ(s.diagnostics[0].message,
            "skipped 2 Kubernetes objects of kinds the policy engine does not use: ConfigMap (2); "
            "nothing to do (filter them out before, e.g. kubectl get with the kinds you mean, to silence this note)");
  // The policy engine itself says nothing about them (no POL003 per object).
  Report r = RunScenario(*e, s, Query{}, "kuma", false);
  for (const doc::Diagnostic& d : r.diagnostics) EXPECT_NE(d.code, "POL003") << d.message;
  // The document engine uses every object: nothing skipped.
  Scenario d = LoadScenario({{"-", kKubectlList}});
  SelectEngine(&d, {"document", ""});
  EXPECT_EQ(d.sources[0].roots.size(), 4u);
  EXPECT_TRUE(d.diagnostics.empty());
}

TEST(KubernetesTest, MultiDocumentStreamAndTypedList) {
  Scenario s = LoadScenario({{"k.yaml",
                              "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\n---\n"
                              "apiVersion: kuma.io/v1alpha1\nkind: MeshTimeoutList\nitems:\n"
                              "- apiVersion: kuma.io/v1alpha1\n  kind: MeshTimeout\n  metadata: {name: a}\n  spec: {}\n"}});
  ASSERT_EQ(s.sources[0].roots.size(), 2u);
  EXPECT_EQ(s.sources[0].roots[1].GetString("kind"), "MeshTimeout");
  const Engine* e = SelectEngine(&s);
  EXPECT_EQ(e->name(), "policy");
  EXPECT_EQ(Codes(s.diagnostics), std::vector<std::string>{"ENG004 2:7"});
}

TEST(KubernetesTest, BadListsAreErrorsWithPositions) {
  Scenario a = LoadScenario({{"a.yaml", "apiVersion: v1\nkind: List\nitems: {a: 1}\n"}});
  EXPECT_EQ(Codes(a.sources[0].diagnostics), std::vector<std::string>{"DOC015 3:8"});
  Scenario b = LoadScenario({{"b.yaml", "apiVersion: v1\nkind: List\n"}});
  EXPECT_EQ(Codes(b.sources[0].diagnostics), std::vector<std::string>{"DOC015 2:7"});
  Scenario c = LoadScenario({{"c.json", "{\"apiVersion\": \"v1\", \"kind\": \"List\",\n \"items\": [1, {\"kind\": \"Mesh\"}]}"}});
  EXPECT_EQ(Codes(c.sources[0].diagnostics), std::vector<std::string>{"DOC016 2:12"});
  EXPECT_EQ(c.sources[0].roots.size(), 1u);
  // A List inside a List is expanded too.
  Scenario n = LoadScenario({{"n.yaml", "kind: List\nitems:\n- kind: List\n  items:\n  - {kind: Mesh, name: m}\n"}});
  ASSERT_EQ(n.sources[0].roots.size(), 1u);
  EXPECT_EQ(n.sources[0].roots[0].GetString("kind"), "Mesh");
}

// Each divergence carries its values as a Profiles table's cell shows them (Divergence::texts,
// ValueText), made by Compare on the worker so no view serialises JSON on the UI thread.
TEST(CompareTexts, EachDivergenceCarriesItsValuesAsText) {
  const nlohmann::ordered_json a = nlohmann::ordered_json::parse(R"({"t": "5s", "n": 3, "on": true, "l": [], "x": 1})");
  const nlohmann::ordered_json b = nlohmann::ordered_json::parse(R"({"t": "15s", "n": 2.5, "on": false, "l": {}, "x": 1})");
  Comparison c = Compare({{"kuma", &a}, {"madr", &b}});
  ASSERT_EQ(c.divergences.size(), 4u);  // "/x" agrees
  std::map<std::string, std::map<std::string, std::string>> texts;
  for (const Divergence& d : c.divergences) texts[d.path] = d.texts;
  EXPECT_EQ(texts["/t"], (std::map<std::string, std::string>{{"kuma", "\"5s\""}, {"madr", "\"15s\""}}));
  EXPECT_EQ(texts["/n"], (std::map<std::string, std::string>{{"kuma", "3"}, {"madr", "2.5"}}));
  EXPECT_EQ(texts["/on"], (std::map<std::string, std::string>{{"kuma", "true"}, {"madr", "false"}}));
  EXPECT_EQ(texts["/l"], (std::map<std::string, std::string>{{"kuma", "[0 items]"}, {"madr", "{0 keys}"}}));
  EXPECT_EQ(ValueText(nlohmann::ordered_json(std::string(300, 'a'))), "\"" + std::string(196, 'a') + "...");
  EXPECT_EQ(ValueText(nullptr), "null");
}

}  // namespace
}  // namespace cfgi
