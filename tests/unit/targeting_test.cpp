// Dynamic targeting (CppMicroServices ComponentFactoryImpl.cpp): the spec's three examples with
// the results it states, placeholder rules, errors with exact codes and positions, registry
// matching and live re-resolution. The CLI (`eval` with --config/--services, `ldap`) is tested in
// tests/cli/targeting_cli_test.cpp.
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "core/targeting/targeting_engine.h"

namespace cfgi::targeting {
namespace {

using nlohmann::ordered_json;

// The spec's manifests (its snippets end in "}," and are not JSON on their own).
const char* kMethod1Manifest = R"J({
    "implementation-class": "sample::someService",
    "configuration-policy" : "require",
    "configuration-pid" : ["servicePid"],
    "factory" : "someService Factory",
    "references":[{
        "name": "ServiceB",
        "interface" : "test::ServiceBInt",
        "target": "(ServiceBId=serviceBIDValue)"
    }],
    "service": {
        "interfaces": ["test::ServiceAInt"]
    }
})J";

const char* kMethod2Manifest = R"J({
    "implementation-class": "sample::someService",
    "configuration-policy" : "require",
    "configuration-pid" : ["servicePid"],
    "factory" : "someService Factory",
    "references":[{
        "name": "ServiceB",
        "interface" : "test::ServiceBInt",
        "target": "(ServiceBId={{someKeyFromConfig}})"
    }],
    "service": {
        "interfaces": ["test::ServiceAInt"]
    }
})J";

struct Outcome {
  Report report;
  ordered_json result;
  std::vector<std::string> codes;
};

Outcome Eval(const std::vector<InputFile>& files, Query q = {}) {
  Scenario s = LoadScenario(files);
  Outcome r;
  r.report = RunScenario(GetTargetingEngine(), s, q, "cppmicroservices", true);
  r.result = r.report.result;
  for (const auto& d : r.report.diagnostics) r.codes.push_back(d.code);
  return r;
}

const doc::Diagnostic* FindCode(const Outcome& r, const std::string& code) {
  for (const auto& d : r.report.diagnostics)
    if (d.code == code) return &d;
  return nullptr;
}

TEST(TargetingSpecTest, Method1ConfigTargetReplacesTheManifestTarget) {
  Outcome r = Eval({{"manifest.json", kMethod1Manifest},
                {"config.json", R"J({"serviceB.target": "(totallyOtherTarget=SomeNewIDValueFromConfig)"})J"}});
  EXPECT_TRUE(r.codes.empty());
  ASSERT_EQ(r.result["references"].size(), 1u);
  const ordered_json& ref = r.result["references"][0];
  EXPECT_EQ(ref["component"], "sample::someService");
  EXPECT_EQ(ref["instance"], "sample::someService_servicePid~instance1");
  EXPECT_EQ(ref["reference"], "ServiceB");
  EXPECT_EQ(ref["method"], "config-target");
  EXPECT_EQ(ref["target"], "(totallyOtherTarget=SomeNewIDValueFromConfig)");
  EXPECT_EQ(ref["effective_filter"], "(&(objectclass=test::ServiceBInt)(totallyOtherTarget=SomeNewIDValueFromConfig))");
  EXPECT_TRUE(ref["error"].is_null());
  EXPECT_EQ(ref["target_before"], "(ServiceBId=serviceBIDValue)");
}

TEST(TargetingSpecTest, Method2PlaceholderTakesTheConfigValue) {
  Outcome r = Eval({{"manifest.json", kMethod2Manifest}, {"config.json", R"J({"someKeyFromConfig": "someValueFromConfig"})J"}});
  EXPECT_TRUE(r.codes.empty());
  const ordered_json& ref = r.result["references"][0];
  EXPECT_EQ(ref["method"], "placeholder");
  EXPECT_EQ(ref["target"], "(ServiceBId=someValueFromConfig)");
  EXPECT_EQ(ref["effective_filter"], "(&(objectclass=test::ServiceBInt)(ServiceBId=someValueFromConfig))");
  EXPECT_EQ(ref["substitutions"], ordered_json::parse(R"J([{"key": "someKeyFromConfig", "value": "someValueFromConfig"}])J"));
}

TEST(TargetingSpecTest, BothMethodsMethod1Wins) {
  Outcome r = Eval({{"manifest.json", kMethod2Manifest},
                {"config.json", R"J({"someKeyFromConfig": "someValueFromConfig",
 "serviceB.target": "(totallyOtherTarget=SomeNewIDValueFromConfig)"})J"}});
  const ordered_json& ref = r.result["references"][0];
  EXPECT_EQ(ref["method"], "config-target");
  EXPECT_EQ(ref["target"], "(totallyOtherTarget=SomeNewIDValueFromConfig)");
  ASSERT_EQ(r.codes, std::vector<std::string>{"TGT016"});
  EXPECT_EQ(r.report.diagnostics[0].severity, doc::Severity::kNote);
  EXPECT_EQ(r.report.diagnostics[0].file, "config.json");
  EXPECT_EQ(r.report.diagnostics[0].begin, (doc::Position{2, 2}));
}

const char* kEdgeManifest = R"J({"scr": {"version": 1, "components": [
{"implementation-class": "A", "factory": "f", "configuration-policy": "require", "configuration-pid": ["p"],
 "references": [{"name": "R", "interface": "I", "target": "(x={{key}})"}]}]}})J";

std::string Target(const std::string& manifest_target, const std::string& config) {
  std::string m = kEdgeManifest;
  m.replace(m.find("(x={{key}})"), 11, manifest_target);
  Outcome r = Eval({{"m.json", m}, {"c.json", config}});
  const ordered_json& t = r.result["references"][0]["target"];
  return t.is_null() ? "<null: " + r.result["references"][0]["error"].dump() + ">" : t.get<std::string>();
}

TEST(TargetingPlaceholderTest, RulesOfReplacePlaceholdersInTarget) {
  EXPECT_EQ(Target("(x={{}})", R"J({"": "v"})J"), "(x={{}})");                  // {{}} is literal
  EXPECT_EQ(Target("(x={{KEY}})", R"J({"key": "v"})J"), "(x=v)");               // keys case-insensitive
  EXPECT_EQ(Target("(x={{{key}}})", R"J({"key": "v"})J"), "(x={v})");           // outer braces stay
  EXPECT_EQ(Target("(&(x={{a}})(y={{b}}))", R"J({"a": "1", "b": "2"})J"), "(&(x=1)(y=2))");
  EXPECT_EQ(Target("(x={{ key }})", R"J({"key": "v"})J"), "<null: \"reference target not in configuration  key \">");
  EXPECT_EQ(Target("(x={{a}{b}})", R"J({"a": "v"})J"), "(x={{a}{b}})");         // braces inside: no match
  EXPECT_EQ(Target("(x={{key}})", R"J({"key": "a*"})J"), "(x=a*)");             // not escaped
  EXPECT_EQ(Target("(x={{key}})", R"J({"KEY.target": "(y=1)", "key": "v"})J"), "(x=v)");
}

TEST(TargetingPlaceholderTest, FindPlaceholdersPositions) {
  auto subs = FindPlaceholders("(&(a={{x}})(b={{ y }}))");
  ASSERT_EQ(subs.size(), 2u);
  EXPECT_EQ(subs[0].key, "x");
  EXPECT_EQ(subs[0].begin, 5u);
  EXPECT_EQ(subs[0].end, 10u);
  EXPECT_EQ(subs[1].key, " y ");
  EXPECT_EQ(subs[1].begin, 14u);
}

TEST(TargetingErrorTest, MissingKeyIsLocatedAtThePlaceholder) {
  Outcome r = Eval({{"m.json", kEdgeManifest}, {"c.json", R"J({"other": "v"})J"}});
  const doc::Diagnostic* d = FindCode(r, "TGT010");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->severity, doc::Severity::kError);
  EXPECT_EQ(d->file, "m.json");
  EXPECT_EQ(d->begin, (doc::Position{3, 63}));
  const ordered_json& ref = r.result["references"][0];
  EXPECT_EQ(ref["error"], "reference target not in configuration key");
  EXPECT_TRUE(ref["target"].is_null());
  EXPECT_TRUE(ref["effective_filter"].is_null());
  EXPECT_EQ(r.result["instances"][0]["created"], false);
}

TEST(TargetingErrorTest, InvalidConfiguredFilterPointsIntoTheConfigValue) {
  Outcome r = Eval({{"m.json", kEdgeManifest}, {"c.json", "{\n  \"R.target\": \"(y=1\"\n}"}});
  const doc::Diagnostic* d = FindCode(r, "TGT011");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->file, "c.json");
  EXPECT_EQ(d->begin, (doc::Position{2, 20}));  // just after "(y=1": the end of the value
  EXPECT_EQ(r.result["references"][0]["error"], "Unexpected end of query: ");
  EXPECT_EQ(r.result["references"][0]["target"], "(y=1");
}

TEST(TargetingErrorTest, NonStringValuesAreBadAnyCasts) {
  Outcome r = Eval({{"m.json", kEdgeManifest}, {"c.json", "{\"key\": 5}"}});
  const doc::Diagnostic* d = FindCode(r, "TGT012");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->begin, (doc::Position{1, 9}));
  EXPECT_EQ(r.result["references"][0]["error"],
            "cppmicroservices::BadAnyCastException: ref_any_cast<std::string> on 'key', whose value is int 5");
  Outcome r2 = Eval({{"m.json", kEdgeManifest}, {"c.json", "{\"r.TARGET\": true}"}});
  EXPECT_NE(FindCode(r2, "TGT012"), nullptr);
  EXPECT_EQ(r2.result["references"][0]["method"], "config-target");
}

TEST(TargetingErrorTest, EmptyConfiguredTargetClearsTheTarget) {
  Outcome r = Eval({{"m.json", kEdgeManifest}, {"c.json", R"J({"R.target": ""})J"}});
  const ordered_json& ref = r.result["references"][0];
  EXPECT_EQ(ref["method"], "config-target");
  EXPECT_EQ(ref["target"], "");
  EXPECT_EQ(ref["effective_filter"], "(objectclass=I)");
  // Sorted by file, then position, as the CLI prints them: c.json's TGT016 before m.json's TGT021.
  EXPECT_EQ(r.codes, (std::vector<std::string>{"TGT016", "TGT021"}));
}

TEST(TargetingNonFactoryTest, DotTargetIsIgnoredWithANotice) {
  const char* m = R"J({"scr": {"version": 1, "components": [
{"implementation-class": "Plain", "configuration-policy": "optional", "configuration-pid": ["p"],
 "references": [{"name": "R", "interface": "I", "target": "(x={{k}})"}]}]}})J";
  Outcome r = Eval({{"m.json", m}, {"c.json", R"J({"R.target": "(y=1)", "k": "v"})J"}});
  const ordered_json& ref = r.result["references"][0];
  EXPECT_EQ(ref["instance"], "Plain");
  EXPECT_EQ(ref["method"], "manifest");
  EXPECT_EQ(ref["target"], "(x={{k}})");
  EXPECT_EQ(r.codes, (std::vector<std::string>{"TGT013", "TGT014"}));
  EXPECT_EQ(r.report.diagnostics[0].severity, doc::Severity::kNote);
}

TEST(TargetingNonFactoryTest, UnknownDotTargetKeyIsAWarning) {
  Outcome r = Eval({{"m.json", kEdgeManifest}, {"c.json", R"J({"key": "v", "Rr.target": "(y=1)"})J"}});
  const doc::Diagnostic* d = FindCode(r, "TGT017");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->message, "'Rr.target' names no reference, so it retargets nothing; reference names are: R");
}

TEST(TargetingPidTest, PidSelectsComponentsAndNamesTheInstance) {
  const char* m = R"J({"scr": {"version": 1, "components": [
{"implementation-class": "A", "name": "comp.a", "factory": "fa", "configuration-policy": "require", "configuration-pid": ["pa"],
 "references": [{"name": "R", "interface": "I"}]},
{"implementation-class": "B", "factory": "fb", "configuration-policy": "require", "configuration-pid": ["pb"],
 "references": [{"name": "R", "interface": "I", "scope": "prototype-required"}]}]}})J";
  Query q;
  q.flags = {{"pid", "pb"}, {"instance", "x7"}};
  Outcome r = Eval({{"m.json", m}, {"c.json", "{}"}}, q);
  ASSERT_EQ(r.result["references"].size(), 1u);
  EXPECT_EQ(r.result["references"][0]["instance"], "B_pb~x7");
  EXPECT_EQ(r.result["references"][0]["effective_filter"], "(&(objectclass=I)(service.scope=prototype))");
  Outcome all = Eval({{"m.json", m}, {"c.json", "{}"}});
  ASSERT_EQ(all.result["references"].size(), 2u);
  EXPECT_EQ(all.result["references"][0]["instance"], "comp.a_pa~instance1");
  q.flags = {{"pid", "nope"}};
  Outcome none = Eval({{"m.json", m}, {"c.json", "{}"}}, q);
  EXPECT_EQ(none.codes, std::vector<std::string>{"TGT019"});
}

TEST(TargetingManifestTest, ValidationDiagnostics) {
  const char* m = R"J({"scr": {"version": 1, "components": [
{"factory": "f"},
{"implementation-class": "A", "references": [{"interface": "I", "cardinality": "2..n"}, {"name": "R"}]}]}})J";
  Outcome r = Eval({{"m.json", m}});
  EXPECT_EQ(r.codes, (std::vector<std::string>{"TGT002", "TGT003", "TGT005", "TGT003"}));
  EXPECT_EQ(r.report.diagnostics[0].begin, (doc::Position{2, 1}));
  EXPECT_EQ(r.report.diagnostics[2].begin, (doc::Position{3, 80}));
  Outcome none = Eval({{"c.json", R"J({"a": "b"})J"}});
  EXPECT_EQ(none.codes, std::vector<std::string>{"TGT001"});
}

TEST(TargetingManifestTest, InvalidManifestTargetUsesTheLdapCode) {
  std::string m = kEdgeManifest;
  m.replace(m.find("(x={{key}})"), 11, "(x=1)(y=2)");
  Outcome r = Eval({{"m.json", m}});
  const doc::Diagnostic* d = FindCode(r, "LDAP005");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->begin, (doc::Position{3, 65}));
  EXPECT_EQ(r.result["references"][0]["error"], "Trailing garbage '(y=2)': (y=2)");
}

const char* kRegistry = R"J({"services": [
 {"id": 1, "interfaces": ["I"], "properties": {"x": "v", "port": 80}},
 {"id": 2, "interfaces": ["I"], "properties": {"X": "v", "port": 8080}},
 {"id": 3, "interfaces": ["J"], "properties": {"x": "v"}},
 {"id": 4, "interfaces": ["I"], "properties": {"x": "w", "component.name": "A_p~instance1"}}
]})J";

TEST(TargetingRegistryTest, MatchingServicesAndWhyOthersFail) {
  Outcome r = Eval({{"m.json", kEdgeManifest}, {"c.json", R"J({"key": "v"})J"}, {"s.json", kRegistry}});
  const ordered_json& ref = r.result["references"][0];
  EXPECT_EQ(ref["matching_services"], ordered_json::parse("[1, 2]"));
  EXPECT_EQ(ref["satisfied"], true);
  EXPECT_EQ(ref["rejected_services"],
            ordered_json::parse(R"J([{"service": 4, "why": "(x=v): value differs: x: string \"w\" differs from \"v\" (case-sensitive)"}])J"));
}

TEST(TargetingRegistryTest, OwnServiceNeverSatisfiesItsReference) {
  Outcome r = Eval({{"m.json", kEdgeManifest}, {"c.json", R"J({"key": "w"})J"}, {"s.json", kRegistry}});
  const ordered_json& ref = r.result["references"][0];
  EXPECT_EQ(ref["matching_services"], ordered_json::array());
  EXPECT_EQ(ref["satisfied"], false);
  const doc::Diagnostic* d = FindCode(r, "TGT022");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->severity, doc::Severity::kWarning);
}

TEST(TargetingRegistryTest, ValueInjectionWidensTheMatch) {
  Outcome r = Eval({{"m.json", kEdgeManifest}, {"c.json", R"J({"key": "*"})J"}, {"s.json", kRegistry}});
  EXPECT_EQ(r.result["references"][0]["matching_services"], ordered_json::parse("[1, 2]"));
  const doc::Diagnostic* d = FindCode(r, "TGT020");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->file, "c.json");
  EXPECT_EQ(d->begin, (doc::Position{1, 9}));
  EXPECT_EQ(r.result["references"][0]["substitutions"][0]["escaped"], "\\*");
}

TEST(TargetingWorkspaceTest, LiveReResolutionAfterAConfigEdit) {
  Scenario s = LoadScenario({{"m.json", kEdgeManifest}, {"c.json", R"J({"key": "v"})J"}, {"s.json", kRegistry}});
  Workspace w = LoadWorkspace(s, {});
  Resolution a = w.Resolve();
  ASSERT_EQ(a.references.size(), 1u);
  EXPECT_EQ(a.references[0].target, "(x=v)");
  EXPECT_EQ(a.references[0].matching, (std::vector<int64_t>{1, 2}));
  ASSERT_EQ(a.references[0].services.size(), 4u);
  EXPECT_EQ(a.references[0].services[2].trace.FirstFailure()->text, "(objectclass=I)");
  w.config.Set("KEY", ldap::Value::String("w"));
  Resolution b = w.Resolve();
  EXPECT_EQ(b.references[0].target, "(x=w)");
  EXPECT_EQ(b.references[0].matching, std::vector<int64_t>{});
  w.config.Set("R.target", ldap::Value::String("(port>=8000)"));
  Resolution c = w.Resolve();
  EXPECT_EQ(c.references[0].method, Method::kConfigTarget);
  EXPECT_EQ(c.references[0].matching, std::vector<int64_t>{2});
}

// Field paths come from DiagnosticSink::ScopedField (core/doc/diagnostic.h), as gRPC's
// ValidationErrors builds them: the component, its reference and the field.
TEST(TargetingPathTest, DiagnosticsCarryTheFieldPath) {
  const char* manifest = R"J({"scr": {"version": 1, "components": [
    {"implementation-class": "A", "references": [
      {"name": "R", "interface": "I"},
      {"name": "S", "interface": "I", "cardinality": "2..n", "target": 7}]}]}})J";
  const char* registry = R"J({"services": [{"interfaces": ["I"], "properties": {"port": 99999999999, "id": "x"}}]})J";
  Outcome r = Eval({{"m.json", manifest}, {"s.json", registry}});
  const doc::Diagnostic* card = FindCode(r, "TGT005");
  ASSERT_NE(card, nullptr);
  EXPECT_EQ(card->path, "scr.components[0].references[1].cardinality");
  const doc::Diagnostic* target = FindCode(r, "TGT004");
  ASSERT_NE(target, nullptr);
  EXPECT_EQ(target->path, "scr.components[0].references[1]");
  EXPECT_EQ(target->message, "'target' must be a string, not int; quote the value");
  const doc::Diagnostic* wraps = FindCode(r, "TGT032");
  ASSERT_NE(wraps, nullptr);
  EXPECT_EQ(wraps->path, "services[0].properties.port");
}

}  // namespace
}  // namespace cfgi::targeting

namespace cfgi::targeting {
namespace {

// ---------------------------------------------------------------------------------------------
// Bundles given together form the registry.

// The shape of CppMicroServices' compendium/test_bundles/TestBundleDSFAC1/resources/manifest.json
// (our own names): two factory components on the same configuration pid, one providing the
// interface the other references with a {{placeholder}} target.
const char* kSharedConfigManifest = R"J({
  "bundle.symbolic_name": "OrdersBundle",
  "scr": {"version": 1, "components": [
    {"implementation-class": "shop::OrderRouter",
     "configuration-policy": "require", "configuration-pid": ["shared"], "factory": "Router Factory",
     "references": [{"name": "Store", "interface": "shop::IStore",
                     "target": "(tenant={{tenant}})"}],
     "service": {"interfaces": ["shop::IRouter"]}},
    {"implementation-class": "shop::SqlStore",
     "configuration-policy": "require", "configuration-pid": ["shared"], "factory": "Store Factory",
     "service": {"interfaces": ["shop::IStore"], "scope": "singleton"}}
  ]}})J";

// CppMicroServices compendium/DeclarativeServices/test/gtest/TestFactoryTarget.cpp,
// dynamicTargetingThroughConfigToOtherFactory: one configuration `sharedConfiguration~1`
// creates an instance of every factory component with that pid; the ServiceBImpl3 instance
// registers test::ServiceBInt with the configuration's properties, which satisfies
// ServiceAImpl5's `(sharedConfigurationKey={{sharedConfigurationKey}})`, so ServiceA is
// registered (ASSERT_TRUE(service)). Properties: ComponentConfigurationImpl::GetProperties.
TEST(TargetingBundlesTest, FactoryInstancesFromOneConfigurationSatisfyEachOther) {
  Query q;
  q.flags = {{"pid", "shared"}, {"instance", "1"}};
  Outcome r = Eval({{"manifest.json", kSharedConfigManifest}, {"config.json", R"J({"tenant": "acme"})J"}}, q);
  ASSERT_EQ(r.result["references"].size(), 1u);
  const ordered_json& ref = r.result["references"][0];
  EXPECT_EQ(ref["instance"], "shop::OrderRouter_shared~1");
  EXPECT_EQ(ref["target"], "(tenant=acme)");
  EXPECT_EQ(ref["matching_services"], ordered_json::parse("[2]"));
  EXPECT_EQ(ref["satisfied"], true);
  EXPECT_EQ(r.result["instances"], ordered_json::parse(R"([
    {"component":"shop::OrderRouter","instance":"shop::OrderRouter_shared~1","factory_instance":true,"created":true,"error":null,
     "provides":["shop::IRouter"],"service_id":1,"registered":true},
    {"component":"shop::SqlStore","instance":"shop::SqlStore_shared~1","factory_instance":true,"created":true,"error":null,
     "provides":["shop::IStore"],"service_id":2,"registered":true}])"));
  for (const auto& c : r.codes) EXPECT_NE(c, "TGT022");

  // Another tenant in the configuration: the store still carries it, so it still matches.
  Outcome other = Eval({{"manifest.json", kSharedConfigManifest}, {"config.json", R"J({"tenant": "globex"})J"}}, q);
  EXPECT_EQ(other.result["references"][0]["matching_services"], ordered_json::parse("[2]"));
}

// Two bundles (two manifest.json files) given together: the second bundle's component provides
// the interface the first references; its manifest "properties" are the service's properties
// (MetadataParserImpl.cpp "properties"), and a component whose mandatory reference is not
// satisfied registers nothing, so what depends on it stays unsatisfied too.
TEST(TargetingBundlesTest, SeveralManifestsFormTheRegistry) {
  const char* billing = R"J({"bundle.symbolic_name": "Billing", "scr": {"version": 1, "components": [
    {"implementation-class": "billing::Invoicer",
     "references": [{"name": "Ledger", "interface": "ledger::ILedger", "target": "(region=eu)"}],
     "service": {"interfaces": ["billing::IInvoicer"]}}]}})J";
  const char* ledger = R"J({"bundle.symbolic_name": "Ledger", "scr": {"version": 1, "components": [
    {"implementation-class": "ledger::EuLedger", "properties": {"region": "eu", "shards": 4},
     "service": {"interfaces": ["ledger::ILedger"]}},
    {"implementation-class": "ledger::UsLedger", "properties": {"region": "us"},
     "service": {"interfaces": ["ledger::ILedger"]}}]}})J";
  Outcome r = Eval({{"billing/manifest.json", billing}, {"ledger/manifest.json", ledger}});
  const ordered_json& ref = r.result["references"][0];
  EXPECT_EQ(ref["effective_filter"], "(&(objectclass=ledger::ILedger)(region=eu))");
  EXPECT_EQ(ref["matching_services"], ordered_json::parse("[2]"));
  EXPECT_EQ(ref["satisfied"], true);
  EXPECT_EQ(ref["rejected_services"], ordered_json::parse(R"J([{"service":3,"why":"(region=eu): value differs: region: string \"us\" differs from \"eu\" (case-sensitive)"}])J"));
  EXPECT_EQ(r.result["instances"][0]["registered"], true);

  // Without the EU ledger the invoicer is unsatisfied and registers nothing.
  std::string us_only = ledger;
  us_only.replace(us_only.find("\"region\": \"eu\""), 14, "\"region\": \"apac\"");
  Outcome u = Eval({{"billing/manifest.json", billing}, {"ledger/manifest.json", us_only}});
  EXPECT_EQ(u.result["references"][0]["satisfied"], false);
  EXPECT_EQ(u.result["instances"][0]["registered"], false);
  const doc::Diagnostic* d = FindCode(u, "TGT022");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->file, "billing/manifest.json");

  // A reference whose interface no bundle provides and no registry lists stays unknown.
  Outcome alone = Eval({{"billing/manifest.json", billing}});
  EXPECT_EQ(alone.result["references"][0]["satisfied"], nullptr);
  EXPECT_EQ(FindCode(alone, "TGT022"), nullptr);
}

// CppMicroServices compendium/DeclarativeServices/src/metadata/Util.cpp
// ThrowIfValueAbsentInChoices lower-cases the value before checking it, so "Dynamic" is valid;
// the value is stored as written and compared exactly later: ReferenceManagerImpl.cpp
// CreateBindingPolicy (`policy == "static"`), ReferenceMetadata.cpp
// GetReferenceCardinalityExtents (throws "1..N is not a valid ReferenceCardinality string").
TEST(TargetingManifestTest, EnumValuesAreCheckedIgnoringCase) {
  const char* m = R"J({"scr": {"version": 1, "components": [
{"implementation-class": "A", "references": [
 {"name": "R1", "interface": "I", "policy": "Dynamic", "policy-option": "Greedy", "cardinality": "0..n", "scope": "Bundle"},
 {"name": "R2", "interface": "I", "policy": "Static", "policy-option": "Reluctant"},
 {"name": "R3", "interface": "I", "cardinality": "1..N"},
 {"name": "R4", "interface": "I", "policy": "sometimes"}]}]}})J";
  Outcome r = Eval({{"m.json", m}});
  EXPECT_EQ(r.codes, (std::vector<std::string>{"TGT033", "TGT033", "TGT034", "TGT005"}));
  EXPECT_EQ(r.report.diagnostics[0].begin, (doc::Position{4, 45}));  // "Static"
  EXPECT_EQ(r.report.diagnostics[0].message,
            "'Static' is accepted (CppMicroServices lower-cases it to check it) but kept as written, so the reference "
            "binds dynamically (CreateBindingPolicy compares with \"static\"); write 'static'");
  EXPECT_EQ(r.report.diagnostics[2].severity, doc::Severity::kError);
  EXPECT_EQ(r.report.diagnostics[2].begin, (doc::Position{5, 50}));  // "1..N"
  EXPECT_EQ(r.result["references"][0]["cardinality"], "0..n");
}

// The app's edited configuration values: read as the type each was loaded as (a JSON literal for
// numbers, booleans and lists; the text itself when it does not parse or for a string).
TEST(TargetingEditedConfig, ValuesAreReadAsTheTypeTheyWereLoadedAs) {
  using K = ldap::Value::Kind;
  EXPECT_EQ(ValueFromEditedText("42", K::kInt).kind, K::kInt);
  EXPECT_EQ(ValueFromEditedText("42", K::kInt).ToString(), "42");
  EXPECT_EQ(ValueFromEditedText("42", K::kString).kind, K::kString);
  EXPECT_EQ(ValueFromEditedText("42", K::kString).s, "42");
  ldap::Value b = ValueFromEditedText("true", K::kBool);
  EXPECT_EQ(b.kind, K::kBool);
  EXPECT_TRUE(b.b);
  ldap::Value list = ValueFromEditedText("[1, 2]", K::kList);
  EXPECT_EQ(list.kind, K::kList);
  ASSERT_EQ(list.list.size(), 2u);
  EXPECT_EQ(list.list[0].kind, K::kInt);
  EXPECT_EQ(list.list[1].ToString(), "2");
  ldap::Value broken = ValueFromEditedText("4 2", K::kInt);
  EXPECT_EQ(broken.kind, K::kString);
  EXPECT_EQ(broken.s, "4 2");
  EXPECT_EQ(ValueFromEditedText("(a=b)", K::kString).s, "(a=b)");
}

}  // namespace
}  // namespace cfgi::targeting
