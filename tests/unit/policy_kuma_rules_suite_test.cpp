// Kuma's rules suite at v2.14.3 under kuma-2.14 (and kuma-2.13: v2.13.10 has the same inputs and
// goldens): pkg/plugins/policies/core/rules/rules_test.go "BuildRules" over
// testdata/rules/from (BuildFromRules: the legacy subset Rules of an inbound and its listed
// InboundRules), testdata/rules/to (BuildToRules: the legacy subset Rules) and
// testdata/rules/single (BuildSingleItemRules). Their goldens differ from v2.10.11's by field
// names, `kri` in origins and the listed InboundRules; the 2.10 port is
// policy_kuma_conformance_test.cpp.
//
// Our own inputs in the shapes of the suite's *.input.yaml (each policy's spec as one flow map);
// each case asserts every row in order: the client subset ("key=value", "key!=value" for Kuma's
// Not), the conf and the origins (policy names; "name/ruleIndex" for InboundRules). The suite
// calls the builders with every policy of the file; here a dataplane in the policies' mesh with
// inbound 127.0.0.1:80 and the tags their top-level targetRefs name stands in.
//
// Differences, named (docs/formats/policy.md "Agreement with Kuma's own suites"):
// - from/mtp-overrides, from/multiple-mtp: the suite passes the policies in file order; the control
//   plane passes them as matchers/dataplane.go SortByTargetRef orders them (display name
//   descending for equal kinds, origins and roles), which the engine follows, so the origins come
//   reversed and the last-merged action differs. These cases assert the engine's order.
// to/to-with-mesh-http-route: a policy whose top-level targetRef is a MeshHTTPRoute gets one
// legacy row per route rule, keyed by `__rule-matches-hash__` (policy_http_matches.h); the route
// targets a MeshGateway, so a builtin gateway stands in.
// to/meshtcproute: a MeshTCPRoute item's conf is its first rule (meshtcproute/api/v1alpha1/
// helpers.go To.GetDefault), so the merged conf is {default: {backendRefs}}.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "core/policy/policy_engine.h"
#include "core/doc/sha256.h"
#include "core/policy/policy_http_matches.h"
#include "kuma_suite_builders.h"

namespace cfgi::policy {
namespace {

using nlohmann::ordered_json;
using namespace kuma_suite;  // NOLINT(google-build-using-namespace): the suite's builders

std::vector<RulesCase> RulesCases() {
  return {
      {"from/01", "mesh-1", R"({"kuma.io/service": "web"})",
       R"(type: MeshTrafficPermission
name: mtp-1
mesh: mesh-1
spec: {"targetRef": {"kind": "Mesh"}, "from": [{"targetRef": {"kind": "Mesh"}, "default": {"action": "Allow"}}, {"targetRef": {"kind": "MeshSubset", "tags": {"zone": "us-east"}}, "default": {"action": "Deny"}}, {"targetRef": {"kind": "MeshSubset", "tags": {"env": "dev"}}, "default": {"action": "Allow"}}, {"targetRef": {"kind": "MeshSubset", "tags": {"env": "prod"}}, "default": {"action": "Allow"}}]}
)",
       {
           {"from", "env=prod,zone=us-east", R"({"action":"Allow"})", "mtp-1"},
           {"from", "env=dev,zone=us-east", R"({"action":"Allow"})", "mtp-1"},
           {"from", "env!=prod,zone=us-east", R"({"action":"Deny"})", "mtp-1"},
           {"from", "env=prod,zone!=us-east", R"({"action":"Allow"})", "mtp-1"},
           {"from", "env!=dev,zone=us-east", R"({"action":"Deny"})", "mtp-1"},
           {"from", "env=dev,zone!=us-east", R"({"action":"Allow"})", "mtp-1"},
           {"from", "env!=prod,zone!=us-east", R"({"action":"Allow"})", "mtp-1"},
           {"from", "env!=dev,zone!=us-east", R"({"action":"Allow"})", "mtp-1"},
       }},
      {"from/02", "mesh-1", R"({"kuma.io/service": "web"})",
       R"(type: MeshTrafficPermission
name: mtp-1
mesh: mesh-1
spec: {"targetRef": {"kind": "Mesh"}, "from": [{"targetRef": {"kind": "MeshSubset", "tags": {"version": "v1"}}, "default": {"action": "Allow"}}, {"targetRef": {"kind": "MeshSubset", "tags": {"zone": "us-east"}}, "default": {"action": "Deny"}}, {"targetRef": {"kind": "MeshSubset", "tags": {"env": "dev"}}, "default": {"action": "Allow"}}]}
)",
       {
           {"from", "env=dev,version=v1,zone=us-east", R"({"action":"Allow"})", "mtp-1"},
           {"from", "env!=dev,version=v1,zone=us-east", R"({"action":"Deny"})", "mtp-1"},
           {"from", "env=dev,version!=v1,zone=us-east", R"({"action":"Allow"})", "mtp-1"},
           {"from", "env=dev,version=v1,zone!=us-east", R"({"action":"Allow"})", "mtp-1"},
           {"from", "env!=dev,version!=v1,zone=us-east", R"({"action":"Deny"})", "mtp-1"},
           {"from", "env!=dev,version=v1,zone!=us-east", R"({"action":"Allow"})", "mtp-1"},
           {"from", "env=dev,version!=v1,zone!=us-east", R"({"action":"Allow"})", "mtp-1"},
       }},
      {"from/03", "mesh-1", R"({"kuma.io/service": "web"})",
       R"(type: MeshTrafficPermission
name: mtp-1
mesh: mesh-1
spec: {"targetRef": {"kind": "Mesh"}, "from": [{"targetRef": {"kind": "MeshService", "name": "backend"}, "default": {"action": "Allow"}}, {"targetRef": {"kind": "MeshService", "name": "web"}, "default": {"action": "Deny"}}, {"targetRef": {"kind": "MeshService", "name": "api"}, "default": {"action": "AllowWithShadowDeny"}}, {"targetRef": {"kind": "MeshService", "name": "orders"}, "default": {"action": "Deny"}}]}
)",
       {
           {"from", "kuma.io/service=orders", R"({"action":"Deny"})", "mtp-1"},
           {"from", "kuma.io/service=api", R"({"action":"AllowWithShadowDeny"})", "mtp-1"},
           {"from", "kuma.io/service=web", R"({"action":"Deny"})", "mtp-1"},
           {"from", "kuma.io/service=backend", R"({"action":"Allow"})", "mtp-1"},
       }},
      {"from/04", "mesh-1", R"({"kuma.io/service": "web"})",
       R"(type: MeshAccessLog
name: mal-1
mesh: mesh-1
spec: {"targetRef": {"kind": "Mesh"}, "from": [{"targetRef": {"kind": "Mesh"}, "default": {"backends": [{"type": "File", "file": {"path": "/tmp/log/1"}}, {"type": "File", "file": {"path": "/tmp/log/2"}}]}}, {"targetRef": {"kind": "Mesh"}, "default": {"backends": []}}]}
)",
       {
           {"from", "", R"({"backends":[]})", "mal-1"},
           {"rules", "", R"({"backends":[{"file":{"path":"/tmp/log/1"},"type":"File"},{"file":{"path":"/tmp/log/2"},"type":"File"}]})", "mal-1/0"},
           {"rules", "", R"({"backends":[]})", "mal-1/1"},
       }},
      {"from/05", "mesh-1", R"({"kuma.io/service": "web"})",
       R"(type: MeshAccessLog
name: mal-1
mesh: mesh-1
spec: {"targetRef": {"kind": "Mesh"}, "from": [{"targetRef": {"kind": "Mesh"}, "default": {"backends": [{"type": "File", "file": {"path": "/tmp/log/1"}}, {"type": "File", "file": {"path": "/tmp/log/2"}}]}}, {"targetRef": {"kind": "Mesh"}, "default": {"backends": [{"type": "Tcp", "tcp": {"address": "logging:8080"}}]}}]}
)",
       {
           {"from", "", R"({"backends":[{"tcp":{"address":"logging:8080"},"type":"Tcp"}]})", "mal-1"},
           {"rules", "", R"({"backends":[{"file":{"path":"/tmp/log/1"},"type":"File"},{"file":{"path":"/tmp/log/2"},"type":"File"}]})", "mal-1/0"},
           {"rules", "", R"({"backends":[{"tcp":{"address":"logging:8080"},"type":"Tcp"}]})", "mal-1/1"},
       }},
      {"from/06", "default", R"({"kuma.io/service": "web"})",
       R"(type: MeshTrafficPermission
name: mtp-allow-kuma-one
mesh: default
spec: {"targetRef": {"kind": "Mesh"}, "from": [{"targetRef": {"kind": "MeshSubset", "tags": {"k8s.kuma.io/namespace": "kuma-one"}}, "default": {"action": "Allow"}}]}
---
type: MeshTrafficPermission
name: mtp-allow-kuma-other-ns-and-tag
mesh: default
spec: {"targetRef": {"kind": "Mesh"}, "from": [{"targetRef": {"kind": "MeshSubset", "tags": {"abcd": "abcd", "k8s.kuma.io/namespace": "kuma-other"}}, "default": {"action": "Allow"}}]}
)",
       {
           {"from", "abcd=abcd,k8s.kuma.io/namespace=kuma-other", R"({"action":"Allow"})", "mtp-allow-kuma-other-ns-and-tag"},
           {"from", "k8s.kuma.io/namespace=kuma-one", R"({"action":"Allow"})", "mtp-allow-kuma-one"},
       }},
      {"from/07", "default", R"({"kuma.io/service": "web"})",
       R"(type: MeshTrafficPermission
name: mtp-allow-kuma-one
mesh: default
spec: {"targetRef": {"kind": "Mesh"}, "from": [{"targetRef": {"kind": "MeshSubset", "tags": {"k8s.kuma.io/namespace": "kuma-one"}}, "default": {"action": "Allow"}}, {"targetRef": {"kind": "MeshSubset", "tags": {"app": "demo", "k8s.kuma.io/namespace": "kuma-one"}}, "default": {"action": "Deny"}}]}
)",
       {
           {"from", "app=demo,k8s.kuma.io/namespace=kuma-one", R"({"action":"Deny"})", "mtp-allow-kuma-one"},
           {"from", "app!=demo,k8s.kuma.io/namespace=kuma-one", R"({"action":"Allow"})", "mtp-allow-kuma-one"},
       }},
      {"from/meshtimeout", "default", R"({"kuma.io/service": "foo"})",
       R"(type: MeshTimeout
name: default
mesh: default
spec: {"targetRef": {"kind": "Mesh"}, "from": [{"targetRef": {"kind": "Mesh"}, "default": {"idleTimeout": "20s", "connectionTimeout": "2s", "http": {"requestTimeout": "5s"}}}]}
---
type: MeshTimeout
name: override
mesh: default
spec: {"targetRef": {"kind": "MeshService", "name": "foo"}, "from": [{"targetRef": {"kind": "Mesh"}, "default": {"connectionTimeout": "20s"}}]}
)",
       {
           {"from", "", R"({"connectionTimeout":"20s","http":{"requestTimeout":"5s"},"idleTimeout":"20s"})", "default,override"},
           {"rules", "", R"({"connectionTimeout":"2s","http":{"requestTimeout":"5s"},"idleTimeout":"20s"})", "default/0"},
           {"rules", "", R"({"connectionTimeout":"20s"})", "override/0"},
       }},
      {"from/mtp-long", "default", R"({"kuma.io/service": "web"})",
       R"(type: MeshTrafficPermission
name: mtp-allow-kuma-one
mesh: default
spec: {"targetRef": {"kind": "Mesh"}, "from": [{"targetRef": {"kind": "Mesh"}, "default": {"action": "AllowWithShadowDeny"}}, {"targetRef": {"kind": "MeshSubset", "tags": {"app": "app-1", "namespace": "ns-1"}}, "default": {"action": "Allow"}}, {"targetRef": {"kind": "MeshSubset", "tags": {"app": "app-2", "namespace": "ns-2"}}, "default": {"action": "Allow"}}, {"targetRef": {"kind": "MeshSubset", "tags": {"app": "app-3", "namespace": "ns-3"}}, "default": {"action": "Allow"}}, {"targetRef": {"kind": "MeshSubset", "tags": {"app": "app-4", "namespace": "ns-4"}}, "default": {"action": "Allow"}}, {"targetRef": {"kind": "MeshSubset", "tags": {"app": "app-5", "namespace": "ns-5"}}, "default": {"action": "Allow"}}, {"targetRef": {"kind": "MeshSubset", "tags": {"app": "app-6", "namespace": "ns-6"}}, "default": {"action": "Allow"}}, {"targetRef": {"kind": "MeshSubset", "tags": {"app": "app-7", "namespace": "ns-7"}}, "default": {"action": "Allow"}}, {"targetRef": {"kind": "MeshSubset", "tags": {"app": "app-8", "namespace": "ns-8"}}, "default": {"action": "Allow"}}, {"targetRef": {"kind": "MeshSubset", "tags": {"app": "app-9", "namespace": "ns-9"}}, "default": {"action": "Allow"}}, {"targetRef": {"kind": "MeshSubset", "tags": {"app": "app-10", "namespace": "ns-10"}}, "default": {"action": "Allow"}}]}
)",
       {
           {"from", "app=app-9,namespace=ns-9", R"({"action":"Allow"})", "mtp-allow-kuma-one"},
           {"from", "app=app-8,namespace=ns-8", R"({"action":"Allow"})", "mtp-allow-kuma-one"},
           {"from", "app=app-7,namespace=ns-7", R"({"action":"Allow"})", "mtp-allow-kuma-one"},
           {"from", "app=app-6,namespace=ns-6", R"({"action":"Allow"})", "mtp-allow-kuma-one"},
           {"from", "app=app-5,namespace=ns-5", R"({"action":"Allow"})", "mtp-allow-kuma-one"},
           {"from", "app=app-4,namespace=ns-4", R"({"action":"Allow"})", "mtp-allow-kuma-one"},
           {"from", "app=app-3,namespace=ns-3", R"({"action":"Allow"})", "mtp-allow-kuma-one"},
           {"from", "app=app-2,namespace=ns-2", R"({"action":"Allow"})", "mtp-allow-kuma-one"},
           {"from", "app=app-10,namespace=ns-10", R"({"action":"Allow"})", "mtp-allow-kuma-one"},
           {"from", "app=app-1,namespace=ns-1", R"({"action":"Allow"})", "mtp-allow-kuma-one"},
           {"from", "app!=app-9,namespace=ns-9", R"({"action":"AllowWithShadowDeny"})", "mtp-allow-kuma-one"},
           {"from", "app=app-9,namespace!=ns-9", R"({"action":"AllowWithShadowDeny"})", "mtp-allow-kuma-one"},
           {"from", "app!=app-8,namespace=ns-8", R"({"action":"AllowWithShadowDeny"})", "mtp-allow-kuma-one"},
           {"from", "app=app-8,namespace!=ns-8", R"({"action":"AllowWithShadowDeny"})", "mtp-allow-kuma-one"},
           {"from", "app!=app-7,namespace=ns-7", R"({"action":"AllowWithShadowDeny"})", "mtp-allow-kuma-one"},
           {"from", "app=app-7,namespace!=ns-7", R"({"action":"AllowWithShadowDeny"})", "mtp-allow-kuma-one"},
           {"from", "app!=app-6,namespace=ns-6", R"({"action":"AllowWithShadowDeny"})", "mtp-allow-kuma-one"},
           {"from", "app=app-6,namespace!=ns-6", R"({"action":"AllowWithShadowDeny"})", "mtp-allow-kuma-one"},
           {"from", "app!=app-5,namespace=ns-5", R"({"action":"AllowWithShadowDeny"})", "mtp-allow-kuma-one"},
           {"from", "app=app-5,namespace!=ns-5", R"({"action":"AllowWithShadowDeny"})", "mtp-allow-kuma-one"},
           {"from", "app!=app-4,namespace=ns-4", R"({"action":"AllowWithShadowDeny"})", "mtp-allow-kuma-one"},
           {"from", "app=app-4,namespace!=ns-4", R"({"action":"AllowWithShadowDeny"})", "mtp-allow-kuma-one"},
           {"from", "app!=app-3,namespace=ns-3", R"({"action":"AllowWithShadowDeny"})", "mtp-allow-kuma-one"},
           {"from", "app=app-3,namespace!=ns-3", R"({"action":"AllowWithShadowDeny"})", "mtp-allow-kuma-one"},
           {"from", "app!=app-2,namespace=ns-2", R"({"action":"AllowWithShadowDeny"})", "mtp-allow-kuma-one"},
           {"from", "app=app-2,namespace!=ns-2", R"({"action":"AllowWithShadowDeny"})", "mtp-allow-kuma-one"},
           {"from", "app!=app-10,namespace=ns-10", R"({"action":"AllowWithShadowDeny"})", "mtp-allow-kuma-one"},
           {"from", "app=app-10,namespace!=ns-10", R"({"action":"AllowWithShadowDeny"})", "mtp-allow-kuma-one"},
           {"from", "app!=app-1,namespace=ns-1", R"({"action":"AllowWithShadowDeny"})", "mtp-allow-kuma-one"},
           {"from", "app=app-1,namespace!=ns-1", R"({"action":"AllowWithShadowDeny"})", "mtp-allow-kuma-one"},
           {"from", "app!=app-9,namespace!=ns-9", R"({"action":"AllowWithShadowDeny"})", "mtp-allow-kuma-one"},
           {"from", "app!=app-8,namespace!=ns-8", R"({"action":"AllowWithShadowDeny"})", "mtp-allow-kuma-one"},
           {"from", "app!=app-7,namespace!=ns-7", R"({"action":"AllowWithShadowDeny"})", "mtp-allow-kuma-one"},
           {"from", "app!=app-6,namespace!=ns-6", R"({"action":"AllowWithShadowDeny"})", "mtp-allow-kuma-one"},
           {"from", "app!=app-5,namespace!=ns-5", R"({"action":"AllowWithShadowDeny"})", "mtp-allow-kuma-one"},
           {"from", "app!=app-4,namespace!=ns-4", R"({"action":"AllowWithShadowDeny"})", "mtp-allow-kuma-one"},
           {"from", "app!=app-3,namespace!=ns-3", R"({"action":"AllowWithShadowDeny"})", "mtp-allow-kuma-one"},
           {"from", "app!=app-2,namespace!=ns-2", R"({"action":"AllowWithShadowDeny"})", "mtp-allow-kuma-one"},
           {"from", "app!=app-10,namespace!=ns-10", R"({"action":"AllowWithShadowDeny"})", "mtp-allow-kuma-one"},
           {"from", "app!=app-1,namespace!=ns-1", R"({"action":"AllowWithShadowDeny"})", "mtp-allow-kuma-one"},
       }},
      {"from/mtp-mix-ms-and-mss", "mesh-1", R"({"kuma.io/service": "web"})",
       R"(type: MeshTrafficPermission
name: mtp-1
mesh: mesh-1
spec: {"targetRef": {"kind": "Mesh"}, "from": [{"targetRef": {"kind": "MeshService", "name": "backend"}, "default": {"action": "Allow"}}, {"targetRef": {"kind": "MeshServiceSubset", "name": "web", "tags": {"version": "v1"}}, "default": {"action": "Deny"}}]}
)",
       {
           {"from", "kuma.io/service=web,version=v1", R"({"action":"Deny"})", "mtp-1"},
           {"from", "kuma.io/service=backend", R"({"action":"Allow"})", "mtp-1"},
       }},
      {"from/mtp-overrides-faulty", "default", R"({"kuma.io/service": "web", "k8s.kuma.io/service-name": "demo-app"})",
       R"(type: MeshTrafficPermission
name: default-demo-app-a
mesh: default
spec: {"targetRef": {"kind": "MeshSubset", "tags": {"k8s.kuma.io/service-name": "demo-app"}}, "from": [{"default": {"action": "Allow"}, "targetRef": {"kind": "MeshSubset", "tags": {"app.kubernetes.io/name": "ui"}}}, {"default": {"action": "Allow"}, "targetRef": {"kind": "MeshSubset", "tags": {"app.kubernetes.io/name": "service-order"}}}, {"default": {"action": "Allow"}, "targetRef": {"kind": "MeshSubset", "tags": {"app.kubernetes.io/name": "service-payment"}}}]}
---
type: MeshTrafficPermission
name: default-demo-app
mesh: default
spec: {"targetRef": {"kind": "MeshSubset", "tags": {"k8s.kuma.io/service-name": "demo-app"}}, "from": [{"default": {"action": "Deny"}, "targetRef": {"kind": "Mesh"}}]}
)",
       {
           {"from", "app.kubernetes.io/name=service-payment", R"({"action":"Deny"})", "default-demo-app-a,default-demo-app"},
           {"from", "app.kubernetes.io/name=service-order", R"({"action":"Deny"})", "default-demo-app-a,default-demo-app"},
           {"from", "app.kubernetes.io/name=ui", R"({"action":"Deny"})", "default-demo-app-a,default-demo-app"},
           {"from", "app.kubernetes.io/name!=service-payment", R"({"action":"Deny"})", "default-demo-app"},
           {"from", "app.kubernetes.io/name!=service-order", R"({"action":"Deny"})", "default-demo-app"},
           {"from", "app.kubernetes.io/name!=ui", R"({"action":"Deny"})", "default-demo-app"},
       }},
      {"from/mtp-overrides", "default", R"({"kuma.io/service": "web", "k8s.kuma.io/service-name": "demo-app"})",
       R"(type: MeshTrafficPermission
name: default-demo-app
mesh: default
spec: {"targetRef": {"kind": "MeshSubset", "tags": {"k8s.kuma.io/service-name": "demo-app"}}, "from": [{"default": {"action": "Deny"}, "targetRef": {"kind": "Mesh"}}]}
---
type: MeshTrafficPermission
name: default-demo-app-a
mesh: default
spec: {"targetRef": {"kind": "MeshSubset", "tags": {"k8s.kuma.io/service-name": "demo-app"}}, "from": [{"default": {"action": "Allow"}, "targetRef": {"kind": "MeshSubset", "tags": {"app.kubernetes.io/name": "ui"}}}, {"default": {"action": "Allow"}, "targetRef": {"kind": "MeshSubset", "tags": {"app.kubernetes.io/name": "service-order"}}}, {"default": {"action": "Allow"}, "targetRef": {"kind": "MeshSubset", "tags": {"app.kubernetes.io/name": "service-payment"}}}]}
)",
       {
           {"from", "app.kubernetes.io/name=service-payment", R"({"action":"Deny"})", "default-demo-app-a,default-demo-app"},
           {"from", "app.kubernetes.io/name=service-order", R"({"action":"Deny"})", "default-demo-app-a,default-demo-app"},
           {"from", "app.kubernetes.io/name=ui", R"({"action":"Deny"})", "default-demo-app-a,default-demo-app"},
           {"from", "app.kubernetes.io/name!=service-payment", R"({"action":"Deny"})", "default-demo-app"},
           {"from", "app.kubernetes.io/name!=service-order", R"({"action":"Deny"})", "default-demo-app"},
           {"from", "app.kubernetes.io/name!=ui", R"({"action":"Deny"})", "default-demo-app"},
       }},
      {"from/mtp-single-shadow-deny", "default", R"({"kuma.io/service": "web"})",
       R"(type: MeshTrafficPermission
name: mtp
mesh: default
spec: {"targetRef": {"kind": "Mesh"}, "from": [{"targetRef": {"kind": "Mesh"}, "default": {"action": "AllowWithShadowDeny"}}, {"targetRef": {"kind": "MeshService", "name": "a"}, "default": {"action": "Deny"}}, {"targetRef": {"kind": "MeshService", "name": "b"}, "default": {"action": "Deny"}}, {"targetRef": {"kind": "MeshService", "name": "c"}, "default": {"action": "Allow"}}]}
)",
       {
           {"from", "kuma.io/service=c", R"({"action":"Allow"})", "mtp"},
           {"from", "kuma.io/service=b", R"({"action":"Deny"})", "mtp"},
           {"from", "kuma.io/service=a", R"({"action":"Deny"})", "mtp"},
           {"from", "kuma.io/service!=c", R"({"action":"AllowWithShadowDeny"})", "mtp"},
           {"from", "kuma.io/service!=b", R"({"action":"AllowWithShadowDeny"})", "mtp"},
           {"from", "kuma.io/service!=a", R"({"action":"AllowWithShadowDeny"})", "mtp"},
       }},
      {"from/multiple-mtp", "mesh-1", R"({"kuma.io/service": "web"})",
       R"(type: MeshTrafficPermission
name: mtp-1
mesh: mesh-1
spec: {"targetRef": {"kind": "Mesh"}, "from": [{"targetRef": {"kind": "Mesh"}, "default": {"action": "Allow"}}]}
---
type: MeshTrafficPermission
name: mtp-2
mesh: mesh-1
spec: {"targetRef": {"kind": "Mesh"}, "from": [{"targetRef": {"kind": "MeshSubset", "tags": {"zone": "us-east"}}, "default": {"action": "Deny"}}, {"targetRef": {"kind": "MeshSubset", "tags": {"env": "dev"}}, "default": {"action": "Allow"}}, {"targetRef": {"kind": "MeshSubset", "tags": {"env": "prod"}}, "default": {"action": "Allow"}}]}
)",
       {
           {"from", "env=prod,zone=us-east", R"({"action":"Allow"})", "mtp-2,mtp-1"},
           {"from", "env=dev,zone=us-east", R"({"action":"Allow"})", "mtp-2,mtp-1"},
           {"from", "env!=prod,zone=us-east", R"({"action":"Allow"})", "mtp-2,mtp-1"},
           {"from", "env=prod,zone!=us-east", R"({"action":"Allow"})", "mtp-2,mtp-1"},
           {"from", "env!=dev,zone=us-east", R"({"action":"Allow"})", "mtp-2,mtp-1"},
           {"from", "env=dev,zone!=us-east", R"({"action":"Allow"})", "mtp-2,mtp-1"},
           {"from", "env!=prod,zone!=us-east", R"({"action":"Allow"})", "mtp-1"},
           {"from", "env!=dev,zone!=us-east", R"({"action":"Allow"})", "mtp-1"},
       }},
      {"from/single-mtp-from-overiding-one-another", "default", R"({"kuma.io/service": "web", "k8s.kuma.io/service-name": "demo-app"})",
       R"(type: MeshTrafficPermission
name: default-demo-app
mesh: default
spec: {"targetRef": {"kind": "MeshSubset", "tags": {"k8s.kuma.io/service-name": "demo-app"}}, "from": [{"default": {"action": "Deny"}, "targetRef": {"kind": "Mesh"}}, {"default": {"action": "Allow"}, "targetRef": {"kind": "MeshSubset", "tags": {"app.kubernetes.io/name": "ui"}}}, {"default": {"action": "Allow"}, "targetRef": {"kind": "MeshSubset", "tags": {"app.kubernetes.io/name": "service-order"}}}, {"default": {"action": "Allow"}, "targetRef": {"kind": "MeshSubset", "tags": {"app.kubernetes.io/name": "service-payment"}}}]}
)",
       {
           {"from", "app.kubernetes.io/name=service-payment", R"({"action":"Allow"})", "default-demo-app"},
           {"from", "app.kubernetes.io/name=service-order", R"({"action":"Allow"})", "default-demo-app"},
           {"from", "app.kubernetes.io/name=ui", R"({"action":"Allow"})", "default-demo-app"},
           {"from", "app.kubernetes.io/name!=service-payment", R"({"action":"Deny"})", "default-demo-app"},
           {"from", "app.kubernetes.io/name!=service-order", R"({"action":"Deny"})", "default-demo-app"},
           {"from", "app.kubernetes.io/name!=ui", R"({"action":"Deny"})", "default-demo-app"},
       }},
      {"to/meshtcproute", "default", R"({"kuma.io/service": "web", "team": "mesh"})",
       R"(type: MeshTCPRoute
name: split-90-10
mesh: default
spec: {"targetRef": {"kind": "Mesh"}, "to": [{"targetRef": {"kind": "MeshService", "name": "backend_kuma-demo_svc_8080"}, "rules": [{"default": {"backendRefs": [{"kind": "MeshService", "name": "backend-v1", "weight": 90}, {"kind": "MeshService", "name": "backend-v2", "weight": 10}]}}]}]}
---
type: MeshTCPRoute
name: split-40-40-20
mesh: default
spec: {"targetRef": {"kind": "MeshSubset", "tags": {"team": "mesh"}}, "to": [{"targetRef": {"kind": "MeshService", "name": "backend_kuma-demo_svc_8080"}, "rules": [{"default": {"backendRefs": [{"kind": "MeshService", "name": "backend-v1", "weight": 40}, {"kind": "MeshService", "name": "backend-v2", "weight": 40}, {"kind": "MeshService", "name": "backend-v3", "weight": 20}]}}]}]}
)",
       {
           {"to", "kuma.io/service=backend_kuma-demo_svc_8080", R"({"default":{"backendRefs":[{"kind":"MeshService","name":"backend-v1","weight":40},{"kind":"MeshService","name":"backend-v2","weight":40},{"kind":"MeshService","name":"backend-v3","weight":20}]}})", "split-90-10,split-40-40-20"},
       }},
      {"to/meshtimeout", "default", R"({"kuma.io/service": "foo"})",
       R"(type: MeshTimeout
name: default
mesh: default
spec: {"targetRef": {"kind": "Mesh"}, "to": [{"targetRef": {"kind": "Mesh"}, "default": {"idleTimeout": "20s", "connectionTimeout": "2s", "http": {"requestTimeout": "10s"}}}]}
---
type: MeshTimeout
name: override
mesh: default
spec: {"targetRef": {"kind": "MeshService", "name": "foo"}, "to": [{"targetRef": {"kind": "MeshService", "name": "foo"}, "default": {"http": {"requestTimeout": "15s"}}}, {"targetRef": {"kind": "MeshService", "name": "bar"}, "default": {"http": {"requestTimeout": "20s"}}}]}
)",
       {
           {"to", "kuma.io/service=foo", R"({"connectionTimeout":"2s","http":{"requestTimeout":"15s"},"idleTimeout":"20s"})", "default,override"},
           {"to", "kuma.io/service=bar", R"({"connectionTimeout":"2s","http":{"requestTimeout":"20s"},"idleTimeout":"20s"})", "default,override"},
           {"to", "", R"({"connectionTimeout":"2s","http":{"requestTimeout":"10s"},"idleTimeout":"20s"})", "default"},
       }},
      {"to/single-to", "mesh-1", R"({"kuma.io/service": "web"})",
       R"(type: MeshRetry
name: retry-1
mesh: mesh-1
spec: {"targetRef": {"kind": "Mesh"}, "to": [{"targetRef": {"kind": "Mesh"}, "default": {"tcp": {"maxConnectAttempt": 5}, "http": {"perTryTimeout": "20s"}}}, {"targetRef": {"kind": "MeshService", "name": "backend"}, "default": {"tcp": {"maxConnectAttempt": 5}, "http": {"numRetries": 10}}}]}
)",
       {
           {"to", "kuma.io/service=backend", R"({"http":{"numRetries":10,"perTryTimeout":"20s"},"tcp":{"maxConnectAttempt":5}})", "retry-1"},
           {"to", "", R"({"http":{"perTryTimeout":"20s"},"tcp":{"maxConnectAttempt":5}})", "retry-1"},
       }},
      {"to/to-with-mesh-http-route", "default", R"({"kuma.io/service": "web"})",
       R"(type: MeshTimeout
name: override
mesh: default
spec: {"targetRef": {"kind": "MeshHTTPRoute", "name": "http-route-1"}, "to": [{"targetRef": {"kind": "Mesh"}, "default": {"http": {"requestTimeout": "15s"}}}]}
---
type: MeshHTTPRoute
name: http-route-1
mesh: default
spec: {"targetRef": {"kind": "MeshGateway", "name": "sample-gateway"}, "to": [{"targetRef": {"kind": "Mesh"}, "rules": [{"matches": [{"path": {"type": "Exact", "value": "/"}}], "default": {"backendRefs": [{"kind": "MeshService", "name": "test-service"}]}}]}]}
)",
       {
           {"to", "__rule-matches-hash__=JNNc6//C3P17nUsOJm5f4kqG+U3v8pXhS0od9C3+oss=", R"({"http":{"requestTimeout":"15s"}})", "override"},
       },
       R"(type: MeshGateway
name: sample-gateway
mesh: default
selectors: [{match: {kuma.io/service: gw}}]
conf: {listeners: [{port: 80, protocol: HTTP}]}
---
type: Dataplane
name: dp-1
mesh: default
networking: {address: 127.0.0.1, gateway: {type: BUILTIN, tags: {kuma.io/service: gw}}}
)"},
      {"single/06", "mesh-1", R"({"kuma.io/service": "web"})",
       R"(type: MeshTrace
name: mt-1
mesh: mesh-1
spec: {"targetRef": {"kind": "Mesh"}, "default": {"tags": [{"name": "team", "literal": "core"}], "backends": [{"type": "Zipkin", "zipkin": {"url": "http://jaeger-collector.mesh-observability:9411/api/v2/spans"}}]}}
)",
       {
           {"proxy", "", R"({"backends":[{"type":"Zipkin","zipkin":{"apiVersion":"httpJson","sharedSpanContext":true,"traceId128bit":false,"url":"http://jaeger-collector.mesh-observability:9411/api/v2/spans"}}],"tags":[{"literal":"core","name":"team"}]})", "mt-1"},
       }},
      {"single/07", "mesh-1", R"({"kuma.io/service": "backend"})",
       R"(type: MeshTrace
name: mt-1
mesh: mesh-1
spec: {"targetRef": {"kind": "Mesh"}, "default": {"tags": [{"name": "team", "literal": "core"}], "backends": [{"type": "Zipkin", "zipkin": {"url": "http://jaeger-collector.mesh-observability:9411/api/v2/spans"}}]}}
---
type: MeshTrace
name: mt-2
mesh: mesh-1
spec: {"targetRef": {"kind": "MeshService", "name": "backend"}, "default": {"tags": [{"name": "team", "literal": "support"}], "backends": [{"type": "Datadog", "datadog": {"url": "http://ingest.datadoghq.eu:8126"}}]}}
)",
       {
           {"proxy", "", R"({"backends":[{"datadog":{"splitService":false,"url":"http://ingest.datadoghq.eu:8126"},"type":"Datadog"}],"tags":[{"literal":"support","name":"team"}]})", "mt-1,mt-2"},
       }},
  };
}

struct Param {
  RulesCase c;
  std::string profile;
};

class KumaRulesSuite : public testing::TestWithParam<Param> {};

TEST_P(KumaRulesSuite, RowsAgreeWithTheGolden) { CheckRulesCase(GetParam().c, GetParam().profile); }

std::vector<Param> Params() {
  std::vector<Param> out;
  for (const char* profile : {"kuma-2.14", "kuma-2.13"})
    for (const RulesCase& c : RulesCases()) out.push_back({c, profile});
  return out;
}

std::string ParamName(const testing::TestParamInfo<Param>& i) { return TestName(i.param.c.name + "_" + i.param.profile); }

INSTANTIATE_TEST_SUITE_P(V2143, KumaRulesSuite, testing::ValuesIn(Params()), ParamName);

// helpers.go To.GetDefault without rules: the item routes to its own targetRef with weight 1;
// with several rules only the first is the conf (our own case; the same code at v2.10.11 and main).
TEST(KumaRulesSuite, TcpRouteItemConfIsItsFirstRuleOrItsTargetRef) {
  const std::string yaml = R"(type: Mesh
name: default
---
type: Dataplane
name: dp-1
mesh: default
networking: {address: 127.0.0.1, inbound: [{port: 80, tags: {kuma.io/service: web}}]}
---
type: MeshTCPRoute
name: plain
mesh: default
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshService, name: db_shop_svc_5432}
---
type: MeshTCPRoute
name: two-rules
mesh: default
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshService, name: cache_shop_svc_6379}
      rules:
        - default: {backendRefs: [{kind: MeshService, name: cache-v2, weight: 5}]}
        - default: {backendRefs: [{kind: MeshService, name: cache-v3, weight: 7}]}
)";
  // Kuma main (3.0-preview) builds no legacy to-rules (rules.go ToRules is ResourceRules only).
  for (const char* profile : {"kuma-2.14", "kuma-2.10", "kuma-3.0-preview"}) {
    SCOPED_TRACE(profile);
    const bool main = std::string(profile) == "kuma-3.0-preview";
    Scenario s = LoadScenario({{"in.yaml", yaml}});
    Query q;
    q.flags.push_back({"dataplane", "dp-1"});
    Report r = RunScenario(GetPolicyEngine(), s, q, profile, true);
    ordered_json t;
    for (const auto& x : r.result["rules"])
      if (x["type"] == "MeshTCPRoute") t = x;
    ASSERT_TRUE(t.is_object());
    if (main) {
      EXPECT_FALSE(t.contains("toRules"));
      continue;
    }
    std::map<std::string, ordered_json> by_subset;
    for (const auto& x : t["toRules"]) by_subset[SubsetText(x["subset"])] = x["conf"];
    EXPECT_EQ(by_subset["kuma.io/service=db_shop_svc_5432"],
              ordered_json::parse(R"({"default":{"backendRefs":[{"kind":"MeshService","name":"db_shop_svc_5432","weight":1}]}})"));
    EXPECT_EQ(by_subset["kuma.io/service=cache_shop_svc_6379"],
              ordered_json::parse(R"({"default":{"backendRefs":[{"kind":"MeshService","name":"cache-v2","weight":5}]}})"));
  }
}

}  // namespace
}  // namespace cfgi::policy

namespace cfgi::policy {
namespace {

// meshhttproute.go HashMatches: SHA-256 (base64) of json.Marshal([]Match) in Go's field order and
// escaping; the first value is the key of rules/to/to-with-mesh-http-route's golden, the others
// computed from the bytes Go would marshal (path value before type, header type omitted when
// unset, "&" as \u0026).
TEST(KumaRouteHash, HashesMatchesAsGoMarshalsThem) {
  EXPECT_EQ(doc::Base64(doc::Sha256("")), "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=");
  EXPECT_EQ(HashMatches(nlohmann::json::parse(R"([{"path":{"type":"Exact","value":"/"}}])")),
            "JNNc6//C3P17nUsOJm5f4kqG+U3v8pXhS0od9C3+oss=");
  EXPECT_EQ(HashMatches(nlohmann::json::parse(
                R"([{"headers":[{"value":"dev","name":"x-env"},{"name":"x-id","type":"Present"}],"method":"GET",
                     "queryParams":[{"value":"1","name":"q","type":"Exact"}],"path":{"type":"PathPrefix","value":"/a&b"}}])")),
            "Of/Xjhbbo6MdWgShTBTcRRSn8+0NBm72NLfEYz8j/Gw=");
  EXPECT_EQ(HashMatches(nullptr), "dCNOmK/nSY+12vHzasLXiswzlGT5UHA7jAGYkvmCuQs=");  // "null"
}

}  // namespace
}  // namespace cfgi::policy
