#!/usr/bin/env python3
"""Writes the malformed corpus cases for input discovery and engine choice:
tests/corpus/malformed/<engine>/ec-*. Each case is written by hand here, in the shapes the
real systems use; the .expect files (exit status, code and position) are reviewed and committed
next to them. Run from the repository root; it only (re)writes the inputs."""
import os

BOM = b"\xef\xbb\xbf"
ROOT = "tests/corpus/malformed"
cases = {}


def case(engine, name, text, args=None):
    data = text if isinstance(text, bytes) else text.encode()
    cases[(engine, name)] = (data, args)


def crlf(t):
    return t.replace("\n", "\r\n")


# ---- pieces in the real shapes --------------------------------------------------------------
MATCHER_JSON = '''{
  "matcher_list": {
    "matchers": [
      {
        "predicate": {"single_predicate": {
          "input": {"name": "h", "typed_config": {"@type": "type.googleapis.com/envoy.type.matcher.v3.HttpRequestHeaderMatchInput", "header_name": "x-tenant"}},
          "value_match": {"exact": "acme"}}},
        "on_match": {"action": {"name": "a", "typed_config": {"@type": "type.googleapis.com/google.protobuf.StringValue", "value": "acme"}}}
      }
    ]
  }
}
'''
MATCHER_YAML = '''matcher_list:
  matchers:
    - predicate:
        single_predicate:
          input:
            name: h
            typed_config:
              "@type": type.googleapis.com/envoy.type.matcher.v3.HttpRequestHeaderMatchInput
              header_name: x-tenant
          value_match: {exact: acme}
      on_match:
        action:
          name: a
          typed_config:
            "@type": type.googleapis.com/google.protobuf.StringValue
            value: acme
'''
MATCHER_TP = '''matcher_list {
  matchers {
    predicate {
      single_predicate {
        input {
          name: "h"
          typed_config {
            [type.googleapis.com/envoy.type.matcher.v3.HttpRequestHeaderMatchInput] { header_name: "x-tenant" }
          }
        }
        value_match { exact: "acme" }
      }
    }
    on_match { action { name: "a" } }
  }
}
'''
DELTA_TP = '''system_version_info: "v3"
type_url: "type.googleapis.com/envoy.config.cluster.v3.Cluster"
resources {
  name: "payments"
  resource_name {
    name: "payments"
    dynamic_parameter_constraints {
      constraint { key: "env" value: "prod" }
    }
  }
}
'''
DELTA_YAML = '''system_version_info: v3
resources:
  - name: payments
    resource_name:
      name: payments
      dynamic_parameter_constraints:
        constraint: {key: env, value: prod}
'''
ZONE = '''$ORIGIN shop.example.
_grpc_config.payments 300 IN TXT "grpc_config=[{\\"serviceConfig\\":{\\"loadBalancingPolicy\\":\\"round_robin\\"}}]"
'''
DIG = ''';; ANSWER SECTION:
_grpc_config.payments.shop.example. 300 IN TXT "grpc_config=[{\\"serviceConfig\\":{}}]"
'''
KUMA = '''apiVersion: kuma.io/v1alpha1
kind: MeshTimeout
metadata:
  name: t1
  namespace: kuma-system
  labels: {kuma.io/mesh: default}
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: Mesh}
      default: {connectionTimeout: 2s}
'''
MANIFEST = '''{
  "bundle.symbolic_name": "payments",
  "scr": {
    "version": 1,
    "components": [
      {
        "implementation-class": "shop::PaymentsImpl",
        "service": {"interfaces": ["shop::Payments"]},
        "references": [{"name": "Ledger", "interface": "shop::Ledger"}]
      }
    ]
  }
}
'''

# ---- generic bad input, per engine --------------------------------------------------------
generic = {
    "variants": ("textproto", DELTA_TP),
    "matcher": ("json", MATCHER_JSON),
    "txt": ("zone", ZONE),
    "policy": ("yaml", KUMA),
    "targeting": ("json", MANIFEST),
}
for eng, (ext, good) in generic.items():
    case(eng, f"ec-empty.{ext}", "")
    case(eng, f"ec-whitespace.{ext}", "\n   \n\t\n")
    case(eng, f"ec-bom-only.{ext}", BOM)
    comment = ";" if ext == "zone" else "#"
    if ext != "json":
        case(eng, f"ec-comments-only.{ext}", f"{comment} nothing here yet\n{comment} second line\n")
    # Truncated in the middle (about two thirds), the shape still recognisable.
    cut = good[: len(good) * 2 // 3]
    case(eng, f"ec-truncated.{ext}", cut)
    case(eng, f"ec-truncated-bom.{ext}", BOM + cut.encode())
    case(eng, f"ec-truncated-crlf.{ext}", crlf(cut))

# The file no engine recognises, in each format.
case("policy", "ec-unrecognised.yaml", "server:\n  port: 8080\n  tls: {enabled: true}\n")
case("matcher", "ec-unrecognised.json", '{"name": "app", "replicas": 3}\n')
case("variants", "ec-unrecognised.textproto", 'name: "app"\nreplicas: 3\nlabels { key: "a" value: "b" }\n')
case("txt", "ec-unrecognised.zone", "$ORIGIN shop.example.\nwww 300 IN A 192.0.2.1\n")
case("targeting", "ec-unrecognised.json", '[1, 2, 3]\n')
case("policy", "ec-unrecognised-bom.yaml", BOM + b"server:\n  port: 8080\n")
case("policy", "ec-unrecognised-k8s.yaml",
     "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\n---\napiVersion: v1\nkind: Service\nmetadata: {name: web}\n")

# Invalid UTF-8: YAML and textproto report the first bad byte.
case("policy", "ec-invalid-utf8.yaml", KUMA.replace("name: t1", "name: t\xff1").encode("latin-1"))
case("variants", "ec-invalid-utf8.textproto", DELTA_TP.replace('"prod"', '"pr\xe9d"').encode("latin-1"))
case("matcher", "ec-invalid-utf8.yaml", MATCHER_YAML.replace("acme}", "ac\xc3me}").encode("latin-1"))
case("policy", "ec-invalid-utf8-bom.yaml", BOM + KUMA.replace("name: t1", "name: t\xff1").encode("latin-1"))

# BOM + a syntax error: the column of the error is the one without the BOM.
case("policy", "ec-bom-yaml-error.yaml", BOM + b"apiVersion: kuma.io/v1alpha1\nkind: MeshTimeout\nmetadata: {name: [t1}\n")
case("matcher", "ec-bom-json-error.json", BOM + b'{"matcher_list": {"matchers": [}\n')
case("variants", "ec-bom-textproto-error.textproto", BOM + b'resources {\n  name: "a"\n  resource_name { name: "a" dynamic_parameter_constraints { constraint { key: "k" value: } } }\n}\n')
case("txt", "ec-bom-zone-error.zone", BOM + b'_grpc_config.a 300 IN TXT "grpc_config=[{\\"serviceConfig\\":]"\n')
case("targeting", "ec-bom-json-error.json", BOM + b'{"scr": {"version": 1, "components": [{"implementation-class": "a::B",}]}}\n')
case("policy", "ec-bom-crlf-yaml-error.yaml", BOM + crlf("type: MeshTimeout\nname: t\nspec:\n  targetRef: {kind: Mesh\n").encode())

# Duplicate keys.
case("policy", "ec-duplicate-key.yaml", KUMA.replace("  name: t1\n", "  name: t1\n  name: t2\n"))
case("matcher", "ec-duplicate-key.yaml", MATCHER_YAML.replace("          value_match: {exact: acme}\n", "          value_match: {exact: acme}\n          value_match: {prefix: a}\n"))
case("variants", "ec-duplicate-key.yaml", DELTA_YAML.replace("    resource_name:\n", "    name: again\n    resource_name:\n"))
case("targeting", "ec-duplicate-key.json", MANIFEST.replace('"version": 1,', '"version": 1,\n    "version": 2,'))

# Textproto headers: a message no engine reads; a message of one engine over another's fields.
case("variants", "ec-header-unknown.textproto", "# proto-file: acme/widget.proto\n# proto-message: acme.Widget\n" + DELTA_TP)
case("matcher", "ec-header-unknown.textproto", "# proto-message: envoy.config.route.v3.RouteConfiguration\n" + MATCHER_TP)
case("variants", "ec-header-wrong-message.textproto", "# proto-message: envoy.service.discovery.v3.DiscoveryRequest\n" + DELTA_TP)
case("matcher", "ec-header-variants-message.textproto", "# proto-message: DeltaDiscoveryResponse\n" + MATCHER_TP)
case("variants", "ec-header-matcher-message.textproto", "# proto-message: xds.type.matcher.v3.Matcher\n" + DELTA_TP)
case("variants", "ec-header-bom.textproto", BOM + b"# proto-message: Widget\n" + DELTA_TP.encode())

# Wrong types at every level (the engines' own codes, reached through the engine choice).
case("policy", "ec-wrong-type-root.yaml", "- apiVersion: kuma.io/v1alpha1\n  kind: MeshTimeout\n")
case("policy", "ec-wrong-type-spec.yaml", KUMA.split("spec:")[0] + "spec: [targetRef]\n")
case("policy", "ec-wrong-type-metadata.yaml", "apiVersion: kuma.io/v1alpha1\nkind: MeshTimeout\nmetadata: t1\nspec: {}\n")
case("policy", "ec-wrong-type-to.yaml", KUMA.split("  to:")[0] + "  to: {targetRef: {kind: Mesh}}\n")
case("policy", "ec-wrong-type-default.yaml", KUMA.replace("default: {connectionTimeout: 2s}", "default: 2s"))
case("policy", "ec-wrong-type-labels.yaml", KUMA.replace("labels: {kuma.io/mesh: default}", "labels: [kuma.io/mesh]"))
case("matcher", "ec-wrong-type-matchers.json", '{"matcher_list": {"matchers": {"predicate": {}}}}\n')
case("matcher", "ec-wrong-type-root.json", '["matcher_list"]\n', ["--engine", "matcher"])
case("matcher", "ec-wrong-type-exact.yaml", MATCHER_YAML.replace("{exact: acme}", "{exact: [acme]}"))
case("targeting", "ec-wrong-type-scr.json", '{"bundle.symbolic_name": "b", "scr": [1]}\n')
case("targeting", "ec-wrong-type-components.json", '{"scr": {"version": 1, "components": {"implementation-class": "a::B"}}}\n')
case("targeting", "ec-wrong-type-references.json", MANIFEST.replace('[{"name": "Ledger", "interface": "shop::Ledger"}]', '"Ledger"'))
case("variants", "ec-wrong-type-resources.yaml", "system_version_info: v3\nresources: {name: payments, resource_name: {name: p, dynamic_parameter_constraints: {}}}\n")
case("variants", "ec-wrong-type-constraint.yaml", DELTA_YAML.replace("{key: env, value: prod}", "[env, prod]"))
case("txt", "ec-wrong-type-choices.zone", '_grpc_config.a 300 IN TXT "grpc_config={\\"serviceConfig\\":{}}"\n')
case("txt", "ec-wrong-type-percentage.zone", '_grpc_config.a 300 IN TXT "grpc_config=[{\\"percentage\\":\\"50\\",\\"serviceConfig\\":{}}]"\n')

# Kubernetes shapes.
case("policy", "ec-list-items-map.yaml", "apiVersion: v1\nkind: List\nitems:\n  apiVersion: kuma.io/v1alpha1\n  kind: MeshTimeout\n")
case("policy", "ec-list-no-items.yaml", "apiVersion: v1\nkind: List\nmetadata: {resourceVersion: \"\"}\n")
case("policy", "ec-list-scalar-item.yaml", "apiVersion: v1\nkind: List\nitems:\n- " + KUMA.replace("\n", "\n  ").rstrip() + "\n- just-a-string\n")
case("policy", "ec-list-json-scalar-item.json", '{"apiVersion": "v1", "kind": "List",\n "items": [\n  42,\n  {"apiVersion": "kuma.io/v1alpha1", "kind": "Mesh", "metadata": {"name": "default"}}]}\n')
case("policy", "ec-list-empty.yaml", "apiVersion: v1\nitems: []\nkind: List\nmetadata: {resourceVersion: \"\"}\n")
case("policy", "ec-list-unknown-kinds.yaml",
     "apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: c}\n- " + KUMA.replace("\n", "\n  ").rstrip() + "\n")
case("policy", "ec-stream-unknown-kinds.yaml",
     "apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata: {name: web}\n---\n" + KUMA + "---\napiVersion: v1\nkind: Secret\nmetadata: {name: s}\n")
case("policy", "ec-typed-list-bad-items.yaml", "apiVersion: kuma.io/v1alpha1\nkind: MeshTimeoutList\nitems: nope\n")
case("policy", "ec-list-truncated.yaml", "apiVersion: v1\nkind: List\nitems:\n- apiVersion: kuma.io/v1alpha1\n  kind: MeshTimeout\n  metadata: {name: t1\n")
case("policy", "ec-list-kuma-bad-item.yaml", "apiVersion: v1\nkind: List\nitems:\n- apiVersion: kuma.io/v1alpha1\n  kind: MeshTimeout\n  metadata: {name: t1}\n  spec: [1]\n")

# Scenarios.
case("policy", "ec-scenario-no-sources.scenario.yaml", "engine: policy\ntitle: nothing yet\nsources: []\n")
case("matcher", "ec-scenario-no-sources.scenario.yaml", "engine: matcher\nsources: []\ninputs: {requests: [{headers: {a: b}}]}\n")
case("txt", "ec-scenario-unknown-engine.scenario.yaml", "engine: dns\nsources:\n  - name: a.zone\n    text: |\n      " + ZONE.splitlines()[1] + "\n")
case("targeting", "ec-scenario-unknown-engine.scenario.yaml", "engine: cppmicroservices\nsources:\n  - name: m.json\n    text: '{\"scr\": {\"version\": 1, \"components\": []}}'\n")
case("variants", "ec-scenario-empty-source.scenario.yaml", "engine: variants\nsources:\n  - name: r.yaml\n    text: \"\"\n")
case("txt", "ec-scenario-sources-null.scenario.yaml", "engine: txt\nsources:\n")

# Engine flags: --engine naming the wrong engine for the file, a profile implying an engine.
case("txt", "ec-engine-txt-on-yaml.yaml", KUMA, ["--engine", "txt"])
case("matcher", "ec-profile-envoy-on-settings.yaml", "server:\n  port: 8080\n", ["--profile", "envoy"])
case("targeting", "ec-engine-targeting-empty.json", "", ["--engine", "targeting"])
case("variants", "ec-engine-variants-bom-empty.yaml", BOM + b"\n", ["--engine", "variants"])

# CRLF with errors further down: lines count the same.
case("txt", "ec-crlf-broken-json.zone", crlf('$ORIGIN a.example.\n; rollout\n_grpc_config 60 IN TXT "grpc_config=[{\\"serviceConfig\\":{]"\n'))
case("matcher", "ec-crlf-yaml-error.yaml", crlf("matcher_list:\n  matchers:\n    - predicate: {single_predicate: {input: x\n"))
case("txt", "ec-dig-bom-empty-answer.dig", BOM + b";; ANSWER SECTION:\n")

for (eng, name), (data, args) in sorted(cases.items()):
    d = os.path.join(ROOT, eng)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)
    if args:
        with open(os.path.join(d, name + ".args"), "w") as f:
            f.write("\n".join(args) + "\n")
print(len(cases), "cases")
