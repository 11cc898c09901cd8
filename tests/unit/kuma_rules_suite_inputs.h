// The inputs of Kuma's rules suite (pkg/plugins/policies/core/rules/rules_test.go "BuildRules"
// over testdata/rules/{from,to,single}) as our own documents, with the rows of the v2.14.3
// goldens (v2.13.10: the same files). v2.10.11 has the same 21 input files; its goldens differ
// only where 2.10 merges the InboundRules (from/04, from/05, from/meshtimeout). Shared by
// policy_kuma_rules_suite_test.cpp (kuma-2.14, kuma-2.13) and policy_kuma_210_suites_test.cpp
// (kuma-2.10).
//
//   for (const RulesCase& c : RulesSuiteCasesV2143()) CheckRulesCase(c, "kuma-2.14");
#pragma once

#include <vector>

#include "kuma_suite_builders.h"

namespace cfgi::policy::kuma_suite {

inline std::vector<RulesCase> RulesSuiteCasesV2143() {
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

}  // namespace cfgi::policy::kuma_suite
