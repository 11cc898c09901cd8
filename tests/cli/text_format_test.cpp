// `eval --format text` (the default): each engine's compact answer drawn from its typed result
// (app/cli/render_text.cpp), the diagnostics above it, --explain's indented tree, colour only on
// a terminal and never with NO_COLOR. Inputs are written here in the engines' real shapes (a
// DeltaDiscoveryResponse, an xDS Matcher, a DNS zone, Kuma universal resources, a
// CppMicroServices manifest and registry). `--format json` is unchanged: tests/golden proves it.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "tests/cli/cli_runner.h"

namespace {

using cfgi::testing::CliOutput;
using cfgi::testing::RunCli;
using cfgi::testing::WriteTemp;

const char* kRoutes = R"(# proto-message: envoy.service.discovery.v3.DeltaDiscoveryResponse
resources {
  resource_name {
    name: "route-config"
    dynamic_parameter_constraints { constraint { key: "env" value: "prod" } }
  }
  version: "1"
}
resources {
  resource_name {
    name: "route-config"
    dynamic_parameter_constraints {
      or_constraints {
        constraints { constraint { key: "env" value: "prod" } }
        constraints { constraint { key: "env" value: "test" } }
      }
    }
  }
  version: "1"
}
)";

TEST(TextFormatTest, VariantsLinePerSubscriptionAndResource) {
  std::string f = WriteTemp("textfmt_routes.textproto", kRoutes);
  CliOutput r = RunCli("eval " + f + " --params env=test --params env=prod --params env=qa --params ''");
  EXPECT_EQ(r.exit_code, 1);  // VAR100 / VAR103: the overlap is an error
  std::string answer = r.out.substr(r.out.find("subscription env=test"));
  EXPECT_EQ(answer,
            "subscription env=test\n"
            "  route-config: variant 1\n"
            "subscription env=prod\n"
            "  route-config: ambiguous: 0, 1\n"
            "subscription env=qa\n"
            "  route-config: no variant\n"
            "subscription (no parameters)\n"
            "  route-config: no variant\n");
  // The diagnostics come first, one line each, in the contract's form.
  EXPECT_EQ(r.out.rfind("--params:2:1: error: [VAR100] subscription {env=prod} matches 2 variants of "
                        "\"route-config\" (0, 1); TP2 leaves the result undefined; make the variants mutually exclusive\n",
                        0),
            0u)
      << r.out;
  EXPECT_EQ(r.out.find('{'), r.out.find("{env=prod}"));  // no JSON document in text mode
}

const char* kMatcher = R"(matcher_list:
  matchers:
    - predicate:
        single_predicate:
          input:
            name: path
            typed_config:
              "@type": type.googleapis.com/envoy.type.matcher.v3.HttpRequestHeaderMatchInput
              header_name: ":path"
          value_match: {prefix: /admin}
      on_match:
        action:
          name: deny
          typed_config: {"@type": type.googleapis.com/google.protobuf.StringValue, value: deny}
on_no_match:
  action:
    name: allow
    typed_config: {"@type": type.googleapis.com/google.protobuf.StringValue, value: allow}
)";

TEST(TextFormatTest, MatcherLinePerRequestWithActionsAndTheDecidingPredicate) {
  WriteTemp("textfmt_m.yaml", kMatcher);
  std::string s = WriteTemp("textfmt_m.scenario.yaml", R"(engine: matcher
sources:
  - file: textfmt_m.yaml
inputs:
  requests:
    - {path: /admin/users}
    - {path: /shop}
)");
  CliOutput r = RunCli("eval " + s);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out,
            "request 0: path=/admin/users\n"
            "  actions: deny\n"
            "  decided by matchers[0] (line 3): its predicate is true: header ':path' = '/admin/users'; prefix '/admin'\n"
            "request 1: path=/shop\n"
            "  actions: allow\n"
            "  decided by on_no_match (line 16): no matcher in the list gave a match\n");
  // --explain adds the tree, two spaces per level.
  CliOutput e = RunCli("eval --explain " + s);
  EXPECT_EQ(e.exit_code, 0);
  EXPECT_NE(e.out.find("  \u2713 matcher: actions: allow\n"
                       "    \u2717 matchers[0]: predicate false, matching continues\n"
                       "      \u2717 single_predicate: header ':path' = '/shop'; prefix '/admin': false\n"
                       "    \u2713 on_no_match\n"
                       "      \u2713 action allow: added; the match is terminal\n"),
            std::string::npos)
      << e.out;
}

// keep_matching (A106 example 2): the action kept by keep_matching is listed as skipped, and the
// deciding predicate is the one before the terminal action, not the first one that matched.
TEST(TextFormatTest, MatcherKeepMatchingDecidedByTheTerminalActionsPredicate) {
  CliOutput r = RunCli("eval " + std::string(CFGI_SOURCE_DIR) + "/samples/matcher/a106-example2-keep-matching.scenario.yaml");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("request 0: (empty request)\n"
                       "  actions: action_1, action_3\n"
                       "  skipped (keep_matching): action_1\n"
                       "  decided by matchers[2] (line 10): its predicate is true: custom_match: true\n"),
            std::string::npos)
      << r.out;
}

TEST(TextFormatTest, PolicyLegacyFromRulesNameTheirClients) {
  CliOutput r = RunCli("eval " + std::string(CFGI_SOURCE_DIR) + "/samples/policy/kuma-legacy-from-rules.scenario.yaml");
  EXPECT_EQ(r.exit_code, 0);
  // After the two POL065 notes (kuma-2.14 deprecates `from`), the legacy rules as 2.14 still builds them.
  EXPECT_NE(r.out.find("dataplane api-1\n"
                        "MeshTrafficPermission\n"
                        "  from inbound 9000, clients region=eu, tier=internal\n"
                        "    action: Allow  # by-region from[1]\n"
                        "  from inbound 9000, clients region!=eu, tier=internal\n"
                        "    action: Allow  # by-region from[1]\n"
                        "  from inbound 9000, clients region=eu, tier!=internal\n"
                        "    action: Deny  # by-region from[0]\n"
                        "  from inbound 9000, clients region!=eu, tier!=internal\n"
                        "    action: Allow  # default-allow from[0]\n"),
            std::string::npos)
      << r.out;
}

TEST(TextFormatTest, TxtChoiceConfigAndRolloutPerProfile) {
  std::string z = WriteTemp("textfmt_canary.zone", R"($ORIGIN example.org.
_grpc_config.api 300 IN TXT "grpc_config=[{\"percentage\":20,\"serviceConfig\":{\"loadBalancingPolicy\":\"round_robin\"}},{\"serviceConfig\":{\"loadBalancingPolicy\":\"pick_first\"}}]"
)");
  CliOutput core = RunCli("eval " + z + " --rand 5");
  EXPECT_EQ(core.exit_code, 0);
  EXPECT_EQ(core.out,
            z + ":2:59: note: [TXT039] grpc-core selects this choice when rand()%100 <= 20, for 21 of 100 draws "
                "(grpc-java and grpc-go: 20)\n"
                "profile grpc-core, language c++, draw 5\n"
                "  choice 0\n"
                "  service config: {\"loadBalancingPolicy\":\"round_robin\"}\n"
                // Beside the selected config: does grpc-core query TXT at all by default?
                "  TXT lookup: off by default: set the channel argument grpc.service_config_disable_resolution "
                "(GRPC_ARG_SERVICE_CONFIG_DISABLE_RESOLUTION) to 0 to query TXT (c-ares and EventEngine resolvers); "
                "the native resolver (GRPC_DNS_RESOLVER=native) never queries TXT\n"
                "  rollout: choice 0 21%, choice 1 79%\n");
  CliOutput java = RunCli("eval " + z + " --rand 50 --profile grpc-java");
  EXPECT_EQ(java.exit_code, 0);
  EXPECT_EQ(java.out,
            "profile grpc-java, language java, draw 50\n"
            "  choice 1\n"
            "  service config: {\"loadBalancingPolicy\":\"pick_first\"}\n"
            "  TXT lookup: off by default: start the JVM with "
            "-Dio.grpc.internal.DnsNameResolverProvider.enable_service_config=true (and JNDI available: "
            "enable_jndi, default true; not on Android)\n"
            "  rollout: choice 0 20%, choice 1 80%\n");
  // grpc-go queries TXT by default (GRPC_ENABLE_TXT_SERVICE_CONFIG, default true).
  CliOutput go = RunCli("eval " + z + " --rand 50 --profile grpc-go");
  EXPECT_NE(go.out.find("\n  TXT lookup: on by default: GRPC_ENABLE_TXT_SERVICE_CONFIG=false in the environment turns it "
                        "off for the process, grpc.WithDisableServiceConfig() for one channel\n"),
            std::string::npos)
      << go.out;
}

TEST(TextFormatTest, PolicyMergedConfAsYamlWithEachFieldsOrigin) {
  std::string m = WriteTemp("textfmt_mesh.yaml", R"(type: Mesh
name: default
---
type: MeshService
name: orders
mesh: default
spec:
  ports:
    - port: 8080
      name: http
---
type: Dataplane
name: web-1
mesh: default
networking:
  address: 10.0.0.5
  inbound:
    - port: 80
      tags:
        kuma.io/service: web
---
type: MeshTimeout
name: mesh-wide
mesh: default
spec:
  targetRef:
    kind: Mesh
  to:
    - targetRef:
        kind: Mesh
      default:
        connectionTimeout: 5s
        http:
          requestTimeout: 15s
---
type: MeshTimeout
name: orders-slow
mesh: default
spec:
  targetRef:
    kind: Mesh
  to:
    - targetRef:
        kind: MeshService
        name: orders
      default:
        http:
          requestTimeout: 60s
)");
  // The default profile (kuma-2.14) keys ResourceRules by KRI, in the text as in the JSON.
  CliOutput r = RunCli("eval " + m);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out,
            "dataplane web-1\n"
            "MeshTimeout\n"
            "  to kri_m____default_\n"
            "    connectionTimeout: 5s  # mesh-wide to[0]\n"
            "    http:\n"
            "      requestTimeout: 15s  # mesh-wide to[0]\n"
            "  to kri_msvc_default___orders_\n"
            "    connectionTimeout: 5s  # mesh-wide to[0]\n"
            "    http:\n"
            "      requestTimeout: 1m0s  # orders-slow to[0]\n");
  // Kuma 2.10 keys them as core_model's ResourceIdentifier.
  CliOutput old = RunCli("eval --profile kuma-2.10 " + m);
  EXPECT_EQ(old.exit_code, 0);
  EXPECT_EQ(old.out,
            "dataplane web-1\n"
            "MeshTimeout\n"
            "  to mesh:name/default\n"
            "    connectionTimeout: 5s  # mesh-wide to[0]\n"
            "    http:\n"
            "      requestTimeout: 15s  # mesh-wide to[0]\n"
            "  to meshservice:mesh/default:name/orders\n"
            "    connectionTimeout: 5s  # mesh-wide to[0]\n"
            "    http:\n"
            "      requestTimeout: 1m0s  # orders-slow to[0]\n");
}

const char* kCacheScenario = R"(engine: targeting
sources:
  - file: textfmt_cache_manifest.json
  - file: textfmt_cache_services.json
inputs:
  pid: cache
  config:
    zone: a
)";

std::string WriteCache() {
  WriteTemp("textfmt_cache_manifest.json", R"j({
  "implementation-class": "shop::Cache",
  "configuration-policy": "require",
  "configuration-pid": ["cache"],
  "factory": "cache factory",
  "references": [{"name": "Store", "interface": "shop::IStore", "target": "(zone={{zone}})"}]
})j");
  WriteTemp("textfmt_cache_services.json", R"({"services": [
  {"id": 1, "name": "store-a", "interfaces": ["shop::IStore"], "properties": {"zone": "a"}},
  {"id": 2, "name": "store-b", "interfaces": ["shop::IStore"], "properties": {"zone": "b"}}
]})");
  return WriteTemp("textfmt_cache.scenario.yaml", kCacheScenario);
}

const char* kCacheAnswer =
    "shop::Cache instance shop::Cache_cache~instance1, reference Store (placeholder)\n"
    "  effective filter: (&(objectclass=shop::IStore)(zone=a))\n"
    "  \u2713 service 1 store-a\n"
    "  \u2717 service 2 store-b: (zone=a) \u2014 zone: string \"b\" differs from \"a\" (case-sensitive)\n"
    "  satisfied (1 matching, cardinality 1..1)\n";

TEST(TextFormatTest, TargetingEffectiveFilterAndPerServiceFailingSubFilter) {
  CliOutput r = RunCli("eval " + WriteCache());
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, kCacheAnswer);
}

// Colour: a pseudo-terminal (util-linux `script`) gets ANSI colours; NO_COLOR turns them off;
// a pipe (every test above) never has them.
TEST(TextFormatTest, ColourOnlyOnATerminalAndNeverWithNoColor) {
  std::string s = WriteCache();
  if (std::system("command -v script >/dev/null 2>&1") != 0) FAIL() << "script(1) is missing: install Debian's bsdutils";
  auto on_tty = [&](const std::string& env) {
    std::string cmd = env + " script -qec '" + std::string(CFGI_CLI) + " eval " + s + "' /dev/null";
    FILE* p = popen(cmd.c_str(), "r");
    std::string out;
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
    pclose(p);
    return out;
  };
  std::string coloured = on_tty("env -u NO_COLOR");
  EXPECT_NE(coloured.find("  \x1b[32m\u2713\x1b[0m service 1 store-a"), std::string::npos) << coloured;
  EXPECT_NE(coloured.find("  \x1b[31m\u2717\x1b[0m service 2 store-b"), std::string::npos) << coloured;
  std::string plain = on_tty("NO_COLOR=1");
  EXPECT_EQ(plain.find('\x1b'), std::string::npos) << plain;
  EXPECT_NE(plain.find("  \u2713 service 1 store-a"), std::string::npos) << plain;
  EXPECT_EQ(RunCli("eval " + s).out.find('\x1b'), std::string::npos);
}

TEST(TextFormatTest, AllProfilesDrawEachProfilesAnswerThenTheDivergences) {
  std::string z = WriteTemp("textfmt_all.zone", R"(_grpc_config.api.example.org. 300 IN TXT "grpc_config=[{\"percentage\":20,\"serviceConfig\":{\"loadBalancingPolicy\":\"round_robin\"}},{\"serviceConfig\":{\"loadBalancingPolicy\":\"pick_first\"}}]"
)");
  CliOutput r = RunCli("eval --profile all --language java " + z + " --rand 20");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("== profile grpc-core\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("profile grpc-core, language java, draw 20\n  choice 0\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("profile grpc-java, language java, draw 20\n  choice 1\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("== divergences: "), std::string::npos) << r.out;
}

// One divergence per differing answer, in words (check_eval.cpp): the engine's name for the answer
// (Engine::AnswerTitle: the request as its fields), then one sentence per group of profiles that
// give the same (GroupByAgreement), the fields that tell the groups apart first.
TEST(TextFormatTest, DivergencesAreSentencesPerAnswerAndGroupOfProfiles) {
  CliOutput r = RunCli("eval --profile all " + std::string(CFGI_SOURCE_DIR) + "/samples/matcher/profiles-diverge.scenario.yaml");
  EXPECT_NE(r.out.find("== divergences: 5 (32 fields)\ncoverage differs:\n"
                       "  grpc-core gives reached 5, unreached_count 2 and 5 more fields\n"
                       "  envoy and grpc-java give reached 6, unreached_count 1 and 5 more fields\n"
                       "  a106 gives reached 4, unreached_count 3 and 5 more fields\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\nrequest 0 (x-env: staging) differs:\n"
                       "  grpc-core and a106 give actions[0] \"reject-anonymous\", decided_by.detail \"its predicate is true: "
                       "header 'x-tenant' = ''; exact ''\" and 3 more fields\n"
                       "  envoy and grpc-java give actions[0] \"default\", decided_by.detail \"no matcher in the list gave a "
                       "match\" and 3 more fields\n"),
            std::string::npos)
      << r.out;
  // A value one profile lacks is "none"; no JSON pointer is printed.
  EXPECT_NE(r.out.find("  a106 gives action_types [0 items], action_types[0] none and 8 more fields\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("/requests/"), std::string::npos) << r.out;
}

// The policy engine names a rule row by its type and resource (policy::ReadableKey); a later group
// names first where it differs from the first.
TEST(TextFormatTest, PolicyDivergencesNameTheRuleAndTheResource) {
  CliOutput r = RunCli("eval --profile all " + std::string(CFGI_SOURCE_DIR) + "/samples/policy/profiles-diverge.scenario.yaml");
  EXPECT_NE(r.out.find("\nMeshHTTPRoute: the rule for MeshService backend differs:\n"
                       "  kuma-2.14, kuma-2.13 and kuma-3.0-preview give conf.rules[0].default.backendRefs[0].weight 1, "
                       "fields[1].kind \"default\" and 4 more fields\n"
                       "  kuma-2.10 gives key \"meshservice:mesh/default:name/backend\", "
                       "conf.rules[0].default.backendRefs[0].weight 1 and 4 more fields\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\nMeshRetry: item 0 differs:\n"), std::string::npos) << r.out;
}

}  // namespace
