// core/policy/policy_k8s.h: Dataplanes derived from Kubernetes Pods, Services and Namespaces the
// way Kuma's Kubernetes controller builds them, so `kubectl get pods,services,meshes,<policies> -A
// -o yaml` evaluates per pod without a hand-written Dataplane.
//
// Follows kumahq/kuma v2.14.3 pkg/plugins/runtime/k8s/controllers: pod_controller.go (which pods
// get a Dataplane: `kuma.io/sidecar-injected`, a builtin gateway; findMatchingServices: the
// Services of the pod's namespace whose selector matches its labels, by name, without
// `kuma.io/ignore`), pod_converter.go (PodToDataplane, dataplaneFor: delegated gateways, the
// labels of resource_labels.Compute), inbound_converter.go (one inbound per TCP Service port whose
// targetPort the pod has, InboundTagsForService, ProtocolTagFor, the serviceless inbound on port
// 49151), gateway_converter.go (BuiltinGatewayDataplane: tags from `kuma.io/tags`), util.go
// (MeshOfByLabelOrAnnotation, FindPort, ServiceTag), serviceless_name_extractor.go. The
// control plane's settings are Kuma's defaults: zone mode, inbound tags enabled, no workload
// labels (kuma.io/workload = the service account); the zone is "default" unless a zone-originated
// Kuma resource of the input names one (its kuma.io/zone label).
//
//   std::vector<KubeObject> objs = ...;          // the loader collects apiVersion v1 Pods, Services, Namespaces
//   DataplanesFromPods(objs, model, diags);      // appends one Dataplane per pod in the mesh
#pragma once

#include <string>
#include <vector>

#include "core/doc/diagnostic.h"
#include "core/doc/node.h"
#include "core/policy/policy_model.h"

namespace cfgi::policy {

// A Kubernetes object of the input that Kuma's controller reads (kind Pod, Service or Namespace,
// apiVersion v1). Points into ResourceSet::docs.
struct KubeObject {
  std::string kind;
  const doc::Node* root = nullptr;
  const doc::Source* source = nullptr;
};

// True for the core objects the converter reads: apiVersion "v1", kind Pod, Service or Namespace.
bool IsConvertedKubeObject(std::string_view api_version, std::string_view kind);

// Appends to m.dataplanes one Dataplane per pod Kuma's controller gives one (each with
// Dataplane::pod set), and reports pods it would reject (POL080), Service ports the pod does not
// have (POL081) and, once, the pods outside the mesh (POL082). Call before the loader's Finish.
void DataplanesFromPods(const std::vector<KubeObject>& objects, ResourceSet& m, std::vector<doc::Diagnostic>& diags);

}  // namespace cfgi::policy
