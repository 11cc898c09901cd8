// Files checked together (docs/cli.md "Several files, one report"):
// grouped by the engine that reads them, one report with every group, exact exit codes and
// diagnostics with file:line:col; the profile that fits an Envoy file; ENG001 for a file nobody
// reads and for a shared profile whose engines do not recognise the file.
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "tests/cli/cli_runner.h"

namespace {

using cfgi::testing::RunCli;
using cfgi::testing::WriteTemp;

// An Envoy Listener choosing its chain by TLS server name (Envoy's matching_listener docs shape).
const char* kEnvoy = R"(name: edge
filter_chains: [{name: shop, filters: []}]
filter_chain_matcher:
  matcher_tree:
    input:
      name: sni
      typed_config:
        "@type": type.googleapis.com/envoy.extensions.matching.common_inputs.network.v3.ServerNameInput
    exact_match_map:
      map:
        shop.example.org:
          action:
            name: shop
            typed_config:
              "@type": type.googleapis.com/google.protobuf.StringValue
              value: shop
)";

// A Kuma MeshTimeout whose `default` is a number (the policy engine's POL006).
const char* kKuma = R"(type: Mesh
name: default
---
type: MeshTimeout
name: timeouts
mesh: default
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: Mesh}
      default: 5
)";

TEST(FileGroupsCli, EnvoyAndKumaPolicyAreTwoGroupsAndTheKumaErrorIsKept) {
  std::string e = WriteTemp("groups-envoy.yaml", kEnvoy);
  std::string k = WriteTemp("groups-kuma.yaml", kKuma);
  auto r = RunCli("check " + e + " " + k);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "== files: " + e + " (engine matcher, profile envoy)\n" + e +
                       ":6:7: note: [MAT009] gRPC only: Unsupported Input type:envoy.extensions.matching.common_inputs."
                       "network.v3.ServerNameInput; gRPC supports envoy.type.matcher.v3.HttpRequestHeaderMatchInput and "
                       "xds.type.matcher.v3.HttpAttributesCelMatchInput (Envoy reads it from the connection: give it "
                       "with --server-name or the request's server_name)\n"
                       "== files: " + k + " (engine policy, profile kuma-2.14)\n" + k +
                       ":11:16: error: [POL006] 'default' must be a map of the policy's fields, not an integer; e.g. default: "
                       "{connectionTimeout: 2s}\n");
  // Each alone: the Envoy file passes, the Kuma file fails with the same finding.
  EXPECT_EQ(RunCli("check " + e).exit_code, 0);
  EXPECT_EQ(RunCli("check " + k).exit_code, 1);
}
}  // namespace
