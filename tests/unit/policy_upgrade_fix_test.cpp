// Machine-applicable fixes (doc::Fix): the did-you-mean edit every diagnostic with "did you mean
// 'X'?" gets (core/doc/diagnostic.cpp), and the Kuma 3.0 rewrite of a targetRef that selects a
// real resource by name into labels (POL061, core/policy/policy_schema_release.cpp
// RewriteToLabels).
//
// Sources (kumahq/kuma): UPGRADE.md at main, "Real-resource policy selection now uses `labels`
// only"; how 2.x resolves a ref by name, v2.14.3 pkg/plugins/policies/core/rules/resolve/
// targetref.go (TargetRef: byIdentifier, the parseService fallback for kuma.io/service names) and
// backendref.go (TargetRefToKRI: the ref's namespace, else the policy's; the policy's zone);
// labels on the resources, pkg/core/resources/model/resource.go GetDisplayName and
// pkg/core/kri/kri.go FromResourceMeta. Every case asserts the edits' ranges and texts exactly,
// applies them and checks again: POL061 is gone and no other finding changed.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "core/doc/diagnostic.h"
#include "core/doc/load.h"
#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "core/policy/policy_engine.h"

namespace cfgi::policy {
namespace {

using V = std::vector<std::string>;

// "L:C-L:C 'text'" for each edit of a fix.
V Edits(const doc::Fix& f) {
  V out;
  for (const doc::Edit& e : f.edits)
    out.push_back(std::to_string(e.begin.line) + ":" + std::to_string(e.begin.column) + "-" +
                  std::to_string(e.end.line) + ":" + std::to_string(e.end.column) + " '" + e.text + "'");
  return out;
}

std::string Apply(std::string text, const doc::Fix& f) {
  std::vector<doc::Edit> edits = f.edits;
  std::sort(edits.begin(), edits.end(), [](const doc::Edit& a, const doc::Edit& b) { return a.range.begin > b.range.begin; });
  for (const doc::Edit& e : edits) text.replace(e.range.begin, e.range.end - e.range.begin, e.text);
  return text;
}

// Every finding of the file under `profile` (Load's and the profile's), as "CODE line:col path".
struct Checked {
  std::vector<doc::Diagnostic> all;
  V Brief() const {
    V out;
    for (const doc::Diagnostic& d : all)
      out.push_back(d.code + " " + std::to_string(d.begin.line) + ":" + std::to_string(d.begin.column) + " " + d.path);
    std::sort(out.begin(), out.end());
    return out;
  }
  std::vector<const doc::Diagnostic*> Of(const std::string& code) const {
    std::vector<const doc::Diagnostic*> out;
    for (const doc::Diagnostic& d : all)
      if (d.code == code) out.push_back(&d);
    return out;
  }
};

Checked Check(const std::string& yaml, std::string_view profile = "kuma-3.0-preview") {
  Scenario s = LoadScenario({{"mesh.yaml", yaml}});
  std::unique_ptr<EngineModel> m = GetPolicyEngine().Load(s, Query{}, Mode::kCheck);
  Checked c;
  c.all = m->diagnostics;
  std::unique_ptr<EngineResult> r = m->Evaluate(profile);
  c.all.insert(c.all.end(), r->diagnostics.begin(), r->diagnostics.end());
  return c;
}

// The findings other than POL061, which the rewrite must leave as they are (shifted lines aside:
// compared by code and path).
V OthersByPath(const Checked& c) {
  V out;
  for (const doc::Diagnostic& d : c.all)
    if (d.code != "POL061") out.push_back(d.code + " " + d.path);
  std::sort(out.begin(), out.end());
  return out;
}

const std::string kK8sMesh =
    "apiVersion: kuma.io/v1alpha1\nkind: Mesh\nmetadata:\n  name: default\n---\n"
    "apiVersion: kuma.io/v1alpha1\nkind: MeshService\nmetadata:\n  name: backend\n  namespace: kuma-demo\n"
    "  labels:\n    kuma.io/mesh: default\nspec:\n  selector:\n    dataplaneLabels:\n      matchLabels:\n        app: backend\n"
    "  ports:\n    - port: 8080\n      appProtocol: http\n---\n";

TEST(KumaUpgradeFix, NameAndNamespaceBecomeLabelsInTheRefsBlockStyle) {
  const std::string yaml = kK8sMesh +
                           "apiVersion: kuma.io/v1alpha1\nkind: MeshTimeout\nmetadata:\n  name: t\n"
                           "  namespace: kuma-system\n  labels:\n    kuma.io/mesh: default\nspec:\n"
                           "  targetRef:\n    kind: Mesh\n"
                           "  to:\n"
                           "    - targetRef:\n"          // line 33
                           "        kind: MeshService\n"  // 34
                           "        name: backend\n"      // 35
                           "        namespace: kuma-demo\n"  // 36
                           "      default:\n        idleTimeout: 20s\n";
  Checked before = Check(yaml);
  std::vector<const doc::Diagnostic*> removed = before.Of("POL061");
  ASSERT_EQ(removed.size(), 2u) << ::testing::PrintToString(before.Brief());
  EXPECT_EQ(removed[0]->path, "spec.to[0].targetRef.name");
  EXPECT_EQ(removed[1]->path, "spec.to[0].targetRef.namespace");
  // Both findings offer the one rewrite of the ref.
  for (const doc::Diagnostic* d : removed) {
    ASSERT_EQ(d->fixes.size(), 1u) << d->message;
    EXPECT_EQ(d->fixes[0].title,
              "Select by labels (Kuma 3.0): kuma.io/display-name: backend, k8s.kuma.io/namespace: kuma-demo");
    EXPECT_EQ(Edits(d->fixes[0]),
              (V{"35:9-35:22 'labels:\n          kuma.io/display-name: backend\n          k8s.kuma.io/namespace: kuma-demo'",
                 "36:1-37:1 ''"}));
  }
  std::string fixed = Apply(yaml, removed[0]->fixes[0]);
  EXPECT_NE(fixed.find("    - targetRef:\n        kind: MeshService\n        labels:\n"
                       "          kuma.io/display-name: backend\n          k8s.kuma.io/namespace: kuma-demo\n"
                       "      default:\n"),
            std::string::npos)
      << fixed;
  Checked after = Check(fixed);
  EXPECT_TRUE(after.Of("POL061").empty()) << ::testing::PrintToString(after.Brief());
  EXPECT_EQ(OthersByPath(after), OthersByPath(before));
  // The 2.14 profile reads the rewritten ref as it read the old one: no new finding there either.
  EXPECT_EQ(OthersByPath(Check(fixed, "kuma")), OthersByPath(Check(yaml, "kuma")));
}

TEST(KumaUpgradeFix, ANameAloneTakesThePolicysNamespaceAndZone) {
  // Universal: the policy has no namespace; its kuma.io/zone label is the identifier's zone.
  const std::string yaml =
      "type: Mesh\nname: default\n---\n"
      "type: MeshService\nname: backend\nmesh: default\nlabels:\n  kuma.io/display-name: backend\n"
      "  kuma.io/zone: east\nspec:\n  selector:\n    dataplaneLabels:\n      matchLabels:\n        app: backend\n"
      "  ports:\n    - port: 8080\n---\n"
      "type: MeshTimeout\nname: t\nmesh: default\nlabels:\n  kuma.io/zone: east\nspec:\n"
      "  targetRef:\n    kind: Mesh\n  to:\n"
      "    - targetRef:\n"              // 27
      "        kind: MeshService\n"      // 28
      "        name: backend\n"          // 29
      "      default:\n        idleTimeout: 20s";  // no final line break
  Checked before = Check(yaml);
  std::vector<const doc::Diagnostic*> removed = before.Of("POL061");
  ASSERT_EQ(removed.size(), 1u) << ::testing::PrintToString(before.Brief());
  ASSERT_EQ(removed[0]->fixes.size(), 1u);
  EXPECT_EQ(Edits(removed[0]->fixes[0]),
            (V{"29:9-29:22 'labels:\n          kuma.io/display-name: backend\n          kuma.io/zone: east'"}));
  Checked after = Check(Apply(yaml, removed[0]->fixes[0]));
  EXPECT_TRUE(after.Of("POL061").empty()) << ::testing::PrintToString(after.Brief());
  EXPECT_EQ(OthersByPath(after), OthersByPath(before));
}

TEST(KumaUpgradeFix, TheLastLineOfTheFileGoesWithTheLineBreakBeforeIt) {
  const std::string yaml =
      "type: Mesh\nname: default\n---\n"
      "type: MeshTimeout\nname: t\nmesh: default\nspec:\n  targetRef:\n    kind: Mesh\n  to:\n"
      "    - default:\n        idleTimeout: 20s\n"
      "      targetRef:\n"          // 13
      "        kind: MeshService\n"  // 14
      "        name: backend\n"      // 15
      "        namespace: demo";     // 16, the end of the file
  Checked c = Check(yaml);
  std::vector<const doc::Diagnostic*> removed = c.Of("POL061");
  ASSERT_EQ(removed.size(), 2u);
  ASSERT_EQ(removed[1]->fixes.size(), 1u);
  EXPECT_EQ(Edits(removed[1]->fixes[0]),
            (V{"15:9-15:22 'labels:\n          kuma.io/display-name: backend\n          k8s.kuma.io/namespace: demo'",
               "15:22-16:24 ''"}));
  EXPECT_EQ(Apply(yaml, removed[1]->fixes[0]).substr(yaml.find("      targetRef:")),
            "      targetRef:\n        kind: MeshService\n        labels:\n          kuma.io/display-name: backend\n"
            "          k8s.kuma.io/namespace: demo");
}

// When the edit cannot be exact: no fix, and the message says why.
TEST(KumaUpgradeFix, NoRewriteWhenItCannotBeExact) {
  auto only = [](const std::string& ref, const std::string& meta = "type: MeshTimeout\nname: t\nmesh: default\n") {
    Checked c = Check("type: Mesh\nname: default\n---\n" + meta + "spec:\n  targetRef:\n    kind: Mesh\n  to:\n" + ref +
                      "      default:\n        idleTimeout: 20s\n");
    std::vector<const doc::Diagnostic*> d = c.Of("POL061");
    EXPECT_FALSE(d.empty()) << ref;
    std::string why;
    for (const doc::Diagnostic* x : d) {
      EXPECT_TRUE(x->fixes.empty()) << x->message;
      why = x->message.substr(x->message.find("; no automatic rewrite: ") == std::string::npos
                                  ? x->message.size()
                                  : x->message.find("; no automatic rewrite: ") + 24);
    }
    return why;
  };
  const std::string kBlock = "the ref is not written as block-style 'key: value' lines of plain scalars";
  EXPECT_EQ(only("    - targetRef: {kind: MeshService, name: backend}\n").substr(0, kBlock.size()), kBlock);
  EXPECT_EQ(only("    - targetRef:\n        kind: MeshService\n        name: &n backend\n").substr(0, kBlock.size()), kBlock);
  EXPECT_EQ(only("    - targetRef:\n        kind: MeshService\n        name: \"backend\"\n").substr(0, kBlock.size()), kBlock);
  EXPECT_EQ(only("    - targetRef:\n        kind: MeshService\n        name: backend # the API\n").substr(0, kBlock.size()),
            kBlock);
  EXPECT_EQ(only("    - targetRef:\n        kind: MeshService\n        name: backend_kuma-demo_svc_8080\n"),
            "'backend_kuma-demo_svc_8080' is a kuma.io/service name, which 2.x resolves to a MeshService and port; "
            "select the MeshService by labels and sectionName by hand");
  EXPECT_EQ(only("    - targetRef:\n        kind: MeshService\n        name: backend\n        labels: {app: b}\n"),
            "the ref has labels already; remove 'name' and 'namespace' by hand");
  // A Kubernetes policy without metadata.namespace: kubectl's namespace, unknown here.
  EXPECT_EQ(only("    - targetRef:\n        kind: MeshService\n        name: backend\n",
                 "apiVersion: kuma.io/v1alpha1\nkind: MeshTimeout\nmetadata:\n  name: t\n  labels:\n"
                 "    kuma.io/mesh: default\n"),
            "without 'namespace' the ref takes its policy's namespace, which this file does not give "
            "(metadata.namespace); add labels by hand");
}

// The did-you-mean fix: made where the finding is (DiagnosticSink::Add), the word replaced.
TEST(DidYouMeanFix, TheSuggestionReplacesTheWordTheFindingCovers) {
  doc::Source src("f.yaml", "a:\n  requestTimout: 5s\n  kind: \"Mesh_\"\n  x: [a b]\n");
  doc::DiagnosticSink sink(&src);
  doc::Diagnostic& d = sink.Error("POL040", {5, 18}, "unknown field 'requestTimout'; did you mean 'requestTimeout'?");
  ASSERT_EQ(d.fixes.size(), 1u);
  EXPECT_EQ(d.fixes[0].title, "Change to 'requestTimeout'");
  EXPECT_EQ(Edits(d.fixes[0]), V{"2:3-2:16 'requestTimeout'"});
  // A quoted scalar keeps its quotes.
  doc::Diagnostic& q = sink.Error("POL042", {31, 38}, "'Mesh_' is not valid; did you mean 'Mesh'?");
  EXPECT_EQ(Edits(q.fixes.at(0)), V{"3:10-3:15 'Mesh'"});
  // More than a word (a flow sequence), no range, no suggestion: no fix.
  EXPECT_TRUE(sink.Error("X", {44, 49}, "did you mean 'b'?").fixes.empty());
  EXPECT_TRUE(sink.Error("X", {5, 5}, "did you mean 'b'?").fixes.empty());
  EXPECT_TRUE(sink.Error("X", {5, 18}, "unknown field").fixes.empty());
  // A key of a TXT record's JSON, written with escaped quotes: the word between them.
  doc::Source zone("z.zone", "_grpc_config IN TXT \"grpc_config=[{\\\"serviceConfig\\\":{\\\"lodBalancingPolicy\\\":1}}]\"\n");
  doc::DiagnosticSink zsink(&zone);
  const uint32_t at = static_cast<uint32_t>(zone.text().find("\\\"lod"));
  doc::Diagnostic& t = zsink.Error("TXT010", {at, at + 22}, "unknown key; did you mean 'loadBalancingPolicy'?");
  EXPECT_EQ(Edits(t.fixes.at(0)), V{"1:57-1:75 'loadBalancingPolicy'"});
  // One byte short of the closing escaped quote: a backslash in the word, no fix.
  EXPECT_TRUE(zsink.Error("X", {at, at + 21}, "did you mean 'b'?").fixes.empty());
}

}  // namespace
}  // namespace cfgi::policy
