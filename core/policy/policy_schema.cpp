// The typed schemas of Kuma's built-in policy types, Go's duration parsing and printing, and the
// validation Kuma's API applies at `kumactl apply` / the Kubernetes admission webhook.
//
// Tables: each row is one field of the type's conf, transcribed from the Go API type (field names,
// metav1.Duration fields, intstr.IntOrString, +kubebuilder:validation:Enum and +kubebuilder:default
// markers) and checked against the generated schema.yaml next to it, at kumahq/kuma v2.11.18:
// pkg/plugins/policies/<type>/api/v1alpha1/{<type>.go,schema.yaml}; the shared types (TargetRef as
// a backendRef, HeaderMatch, BackendRef.weight default 1) come from api/common/v1alpha1.
// Durations: Go src/time/format.go (ParseDuration, Duration.String) and its tests
// src/time/time_test.go (durationTests, parseDurationTests).
#include "core/policy/policy_schema.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <map>
#include <set>

namespace cfgi::policy {

namespace {

// clang-format off
// MeshAccessLog: pkg/plugins/policies/meshaccesslog/api/v1alpha1/meshaccesslog.go
constexpr FieldSpec kAccessLog[] = {
    {"backends", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"backends[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"backends[].file", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"backends[].file.format", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"backends[].file.format.json", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"backends[].file.format.json[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"backends[].file.format.json[].key", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"backends[].file.format.json[].value", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"backends[].file.format.omitEmptyValues", FieldKind::kBool, "", "false", false, kNoMin, kNoMax},
    {"backends[].file.format.plain", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"backends[].file.format.type", FieldKind::kString, "Plain;Json", "", true, kNoMin, kNoMax},
    {"backends[].file.path", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"backends[].openTelemetry", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"backends[].openTelemetry.attributes", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"backends[].openTelemetry.attributes[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"backends[].openTelemetry.attributes[].key", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"backends[].openTelemetry.attributes[].value", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"backends[].openTelemetry.body", FieldKind::kAny, "", "", false, kNoMin, kNoMax},
    {"backends[].openTelemetry.endpoint", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"backends[].tcp", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"backends[].tcp.address", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"backends[].tcp.format", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"backends[].tcp.format.json", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"backends[].tcp.format.json[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"backends[].tcp.format.json[].key", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"backends[].tcp.format.json[].value", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"backends[].tcp.format.omitEmptyValues", FieldKind::kBool, "", "false", false, kNoMin, kNoMax},
    {"backends[].tcp.format.plain", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"backends[].tcp.format.type", FieldKind::kString, "Plain;Json", "", true, kNoMin, kNoMax},
    {"backends[].type", FieldKind::kString, "Tcp;File;OpenTelemetry", "", true, kNoMin, kNoMax},
};
// MeshCircuitBreaker: pkg/plugins/policies/meshcircuitbreaker/api/v1alpha1/meshcircuitbreaker.go
constexpr FieldSpec kCircuitBreaker[] = {
    {"connectionLimits", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"connectionLimits.maxConnectionPools", FieldKind::kInt, "", "", false, INT32_MIN, INT32_MAX},
    {"connectionLimits.maxConnections", FieldKind::kInt, "", "", false, INT32_MIN, INT32_MAX},
    {"connectionLimits.maxPendingRequests", FieldKind::kInt, "", "", false, INT32_MIN, INT32_MAX},
    {"connectionLimits.maxRequests", FieldKind::kInt, "", "", false, INT32_MIN, INT32_MAX},
    {"connectionLimits.maxRetries", FieldKind::kInt, "", "", false, INT32_MIN, INT32_MAX},
    {"outlierDetection", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"outlierDetection.baseEjectionTime", FieldKind::kDuration, "", "", false, kNoMin, kNoMax},
    {"outlierDetection.detectors", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"outlierDetection.detectors.failurePercentage", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"outlierDetection.detectors.failurePercentage.minimumHosts", FieldKind::kInt, "", "", false, INT32_MIN, INT32_MAX},
    {"outlierDetection.detectors.failurePercentage.requestVolume", FieldKind::kInt, "", "", false, INT32_MIN, INT32_MAX},
    {"outlierDetection.detectors.failurePercentage.threshold", FieldKind::kInt, "", "", false, INT32_MIN, INT32_MAX},
    {"outlierDetection.detectors.gatewayFailures", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"outlierDetection.detectors.gatewayFailures.consecutive", FieldKind::kInt, "", "", false, INT32_MIN, INT32_MAX},
    {"outlierDetection.detectors.localOriginFailures", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"outlierDetection.detectors.localOriginFailures.consecutive", FieldKind::kInt, "", "", false, INT32_MIN, INT32_MAX},
    {"outlierDetection.detectors.successRate", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"outlierDetection.detectors.successRate.minimumHosts", FieldKind::kInt, "", "", false, INT32_MIN, INT32_MAX},
    {"outlierDetection.detectors.successRate.requestVolume", FieldKind::kInt, "", "", false, INT32_MIN, INT32_MAX},
    {"outlierDetection.detectors.successRate.standardDeviationFactor", FieldKind::kIntOrString, "", "", false, kNoMin, kNoMax},
    {"outlierDetection.detectors.totalFailures", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"outlierDetection.detectors.totalFailures.consecutive", FieldKind::kInt, "", "", false, INT32_MIN, INT32_MAX},
    {"outlierDetection.disabled", FieldKind::kBool, "", "", false, kNoMin, kNoMax},
    {"outlierDetection.healthyPanicThreshold", FieldKind::kIntOrString, "", "", false, kNoMin, kNoMax},
    {"outlierDetection.interval", FieldKind::kDuration, "", "", false, kNoMin, kNoMax},
    {"outlierDetection.maxEjectionPercent", FieldKind::kInt, "", "", false, INT32_MIN, INT32_MAX},
    {"outlierDetection.splitExternalAndLocalErrors", FieldKind::kBool, "", "", false, kNoMin, kNoMax},
};
// MeshFaultInjection: pkg/plugins/policies/meshfaultinjection/api/v1alpha1/meshfaultinjection.go
constexpr FieldSpec kFaultInjection[] = {
    {"http", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"http[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"http[].abort", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"http[].abort.httpStatus", FieldKind::kInt, "", "", true, INT32_MIN, INT32_MAX},
    {"http[].abort.percentage", FieldKind::kIntOrString, "", "", true, kNoMin, kNoMax},
    {"http[].delay", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"http[].delay.percentage", FieldKind::kIntOrString, "", "", true, kNoMin, kNoMax},
    {"http[].delay.value", FieldKind::kDuration, "", "", true, kNoMin, kNoMax},
    {"http[].responseBandwidth", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"http[].responseBandwidth.limit", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"http[].responseBandwidth.percentage", FieldKind::kIntOrString, "", "", true, kNoMin, kNoMax},
};
// MeshHealthCheck: pkg/plugins/policies/meshhealthcheck/api/v1alpha1/meshhealthcheck.go
constexpr FieldSpec kHealthCheck[] = {
    {"alwaysLogHealthCheckFailures", FieldKind::kBool, "", "", false, kNoMin, kNoMax},
    {"eventLogPath", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"failTrafficOnPanic", FieldKind::kBool, "", "", false, kNoMin, kNoMax},
    {"grpc", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"grpc.authority", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"grpc.disabled", FieldKind::kBool, "", "", false, kNoMin, kNoMax},
    {"grpc.serviceName", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"healthyPanicThreshold", FieldKind::kIntOrString, "", "", false, kNoMin, kNoMax},
    {"healthyThreshold", FieldKind::kInt, "", "", false, INT32_MIN, INT32_MAX},
    {"http", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"http.disabled", FieldKind::kBool, "", "", false, kNoMin, kNoMax},
    {"http.expectedStatuses", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"http.expectedStatuses[]", FieldKind::kInt, "", "", false, INT32_MIN, INT32_MAX},
    {"http.path", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"http.requestHeadersToAdd", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"http.requestHeadersToAdd.add", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"http.requestHeadersToAdd.add[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"http.requestHeadersToAdd.add[].name", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"http.requestHeadersToAdd.add[].value", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"http.requestHeadersToAdd.set", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"http.requestHeadersToAdd.set[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"http.requestHeadersToAdd.set[].name", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"http.requestHeadersToAdd.set[].value", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"initialJitter", FieldKind::kDuration, "", "", false, kNoMin, kNoMax},
    {"interval", FieldKind::kDuration, "", "", false, kNoMin, kNoMax},
    {"intervalJitter", FieldKind::kDuration, "", "", false, kNoMin, kNoMax},
    {"intervalJitterPercent", FieldKind::kInt, "", "", false, INT32_MIN, INT32_MAX},
    {"noTrafficInterval", FieldKind::kDuration, "", "", false, kNoMin, kNoMax},
    {"reuseConnection", FieldKind::kBool, "", "", false, kNoMin, kNoMax},
    {"tcp", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"tcp.disabled", FieldKind::kBool, "", "", false, kNoMin, kNoMax},
    {"tcp.receive", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"tcp.receive[]", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"tcp.send", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"timeout", FieldKind::kDuration, "", "", false, kNoMin, kNoMax},
    {"unhealthyThreshold", FieldKind::kInt, "", "", false, INT32_MIN, INT32_MAX},
};
// MeshHTTPRoute: pkg/plugins/policies/meshhttproute/api/v1alpha1/meshhttproute.go
constexpr FieldSpec kHTTPRoute[] = {
    {"hostnames", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"hostnames[]", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"rules", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"rules[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"rules[].default", FieldKind::kObject, "", "", true, kNoMin, kNoMax},
    {"rules[].default.backendRefs", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"rules[].default.backendRefs[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"rules[].default.backendRefs[].kind", FieldKind::kString, "Mesh;MeshSubset;MeshGateway;MeshService;MeshExternalService;MeshMultiZoneService;MeshServiceSubset;MeshHTTPRoute;Dataplane", "", true, kNoMin, kNoMax},
    {"rules[].default.backendRefs[].labels", FieldKind::kMap, "", "", false, kNoMin, kNoMax},
    {"rules[].default.backendRefs[].labels{}", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"rules[].default.backendRefs[].mesh", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"rules[].default.backendRefs[].name", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"rules[].default.backendRefs[].namespace", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"rules[].default.backendRefs[].port", FieldKind::kInt, "", "", false, INT32_MIN, INT32_MAX},
    {"rules[].default.backendRefs[].proxyTypes", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"rules[].default.backendRefs[].proxyTypes[]", FieldKind::kString, "Sidecar;Gateway", "", false, kNoMin, kNoMax},
    {"rules[].default.backendRefs[].sectionName", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"rules[].default.backendRefs[].tags", FieldKind::kMap, "", "", false, kNoMin, kNoMax},
    {"rules[].default.backendRefs[].tags{}", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"rules[].default.backendRefs[].weight", FieldKind::kInt, "", "1", false, 0, INT32_MAX},
    {"rules[].default.filters", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].requestHeaderModifier", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].requestHeaderModifier.add", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].requestHeaderModifier.add[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].requestHeaderModifier.add[].name", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"rules[].default.filters[].requestHeaderModifier.add[].value", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"rules[].default.filters[].requestHeaderModifier.remove", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].requestHeaderModifier.remove[]", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].requestHeaderModifier.set", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].requestHeaderModifier.set[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].requestHeaderModifier.set[].name", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"rules[].default.filters[].requestHeaderModifier.set[].value", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"rules[].default.filters[].requestMirror", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].requestMirror.backendRef", FieldKind::kObject, "", "", true, kNoMin, kNoMax},
    {"rules[].default.filters[].requestMirror.backendRef.kind", FieldKind::kString, "Mesh;MeshSubset;MeshGateway;MeshService;MeshExternalService;MeshMultiZoneService;MeshServiceSubset;MeshHTTPRoute;Dataplane", "", true, kNoMin, kNoMax},
    {"rules[].default.filters[].requestMirror.backendRef.labels", FieldKind::kMap, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].requestMirror.backendRef.labels{}", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].requestMirror.backendRef.mesh", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].requestMirror.backendRef.name", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].requestMirror.backendRef.namespace", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].requestMirror.backendRef.port", FieldKind::kInt, "", "", false, INT32_MIN, INT32_MAX},
    {"rules[].default.filters[].requestMirror.backendRef.proxyTypes", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].requestMirror.backendRef.proxyTypes[]", FieldKind::kString, "Sidecar;Gateway", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].requestMirror.backendRef.sectionName", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].requestMirror.backendRef.tags", FieldKind::kMap, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].requestMirror.backendRef.tags{}", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].requestMirror.backendRef.weight", FieldKind::kInt, "", "1", false, 0, INT32_MAX},
    {"rules[].default.filters[].requestMirror.percentage", FieldKind::kIntOrString, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].requestRedirect", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].requestRedirect.hostname", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].requestRedirect.path", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].requestRedirect.path.replaceFullPath", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].requestRedirect.path.replacePrefixMatch", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].requestRedirect.path.type", FieldKind::kString, "ReplaceFullPath;ReplacePrefixMatch", "", true, kNoMin, kNoMax},
    {"rules[].default.filters[].requestRedirect.port", FieldKind::kInt, "", "", false, 1, 65535},
    {"rules[].default.filters[].requestRedirect.scheme", FieldKind::kString, "http;https", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].requestRedirect.statusCode", FieldKind::kInt, "301;302;303;307;308", "302", false, INT32_MIN, INT32_MAX},
    {"rules[].default.filters[].responseHeaderModifier", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].responseHeaderModifier.add", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].responseHeaderModifier.add[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].responseHeaderModifier.add[].name", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"rules[].default.filters[].responseHeaderModifier.add[].value", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"rules[].default.filters[].responseHeaderModifier.remove", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].responseHeaderModifier.remove[]", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].responseHeaderModifier.set", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].responseHeaderModifier.set[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].responseHeaderModifier.set[].name", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"rules[].default.filters[].responseHeaderModifier.set[].value", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"rules[].default.filters[].type", FieldKind::kString, "RequestHeaderModifier;ResponseHeaderModifier;RequestRedirect;URLRewrite;RequestMirror", "", true, kNoMin, kNoMax},
    {"rules[].default.filters[].urlRewrite", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].urlRewrite.hostToBackendHostname", FieldKind::kBool, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].urlRewrite.hostname", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].urlRewrite.path", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].urlRewrite.path.replaceFullPath", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].urlRewrite.path.replacePrefixMatch", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"rules[].default.filters[].urlRewrite.path.type", FieldKind::kString, "ReplaceFullPath;ReplacePrefixMatch", "", true, kNoMin, kNoMax},
    {"rules[].matches", FieldKind::kArray, "", "", true, kNoMin, kNoMax},
    {"rules[].matches[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"rules[].matches[].headers", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"rules[].matches[].headers[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"rules[].matches[].headers[].name", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"rules[].matches[].headers[].type", FieldKind::kString, "Exact;Present;RegularExpression;Absent;Prefix", "\"Exact\"", false, kNoMin, kNoMax},
    {"rules[].matches[].headers[].value", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"rules[].matches[].method", FieldKind::kString, "CONNECT;DELETE;GET;HEAD;OPTIONS;PATCH;POST;PUT;TRACE", "", false, kNoMin, kNoMax},
    {"rules[].matches[].path", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"rules[].matches[].path.type", FieldKind::kString, "Exact;PathPrefix;RegularExpression", "", true, kNoMin, kNoMax},
    {"rules[].matches[].path.value", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"rules[].matches[].queryParams", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"rules[].matches[].queryParams[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"rules[].matches[].queryParams[].name", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"rules[].matches[].queryParams[].type", FieldKind::kString, "Exact;RegularExpression", "", true, kNoMin, kNoMax},
    {"rules[].matches[].queryParams[].value", FieldKind::kString, "", "", true, kNoMin, kNoMax},
};
// MeshLoadBalancingStrategy: pkg/plugins/policies/meshloadbalancingstrategy/api/v1alpha1/meshloadbalancingstrategy.go
constexpr FieldSpec kLoadBalancingStrategy[] = {
    {"loadBalancer", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"loadBalancer.leastRequest", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"loadBalancer.leastRequest.activeRequestBias", FieldKind::kIntOrString, "", "", false, kNoMin, kNoMax},
    {"loadBalancer.leastRequest.choiceCount", FieldKind::kInt, "", "", false, 2, INT32_MAX},
    {"loadBalancer.maglev", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"loadBalancer.maglev.hashPolicies", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"loadBalancer.maglev.hashPolicies[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"loadBalancer.maglev.hashPolicies[].connection", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"loadBalancer.maglev.hashPolicies[].connection.sourceIP", FieldKind::kBool, "", "", false, kNoMin, kNoMax},
    {"loadBalancer.maglev.hashPolicies[].cookie", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"loadBalancer.maglev.hashPolicies[].cookie.name", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"loadBalancer.maglev.hashPolicies[].cookie.path", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"loadBalancer.maglev.hashPolicies[].cookie.ttl", FieldKind::kDuration, "", "", false, kNoMin, kNoMax},
    {"loadBalancer.maglev.hashPolicies[].filterState", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"loadBalancer.maglev.hashPolicies[].filterState.key", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"loadBalancer.maglev.hashPolicies[].header", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"loadBalancer.maglev.hashPolicies[].header.name", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"loadBalancer.maglev.hashPolicies[].queryParameter", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"loadBalancer.maglev.hashPolicies[].queryParameter.name", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"loadBalancer.maglev.hashPolicies[].terminal", FieldKind::kBool, "", "", false, kNoMin, kNoMax},
    {"loadBalancer.maglev.hashPolicies[].type", FieldKind::kString, "Header;Cookie;Connection;SourceIP;QueryParameter;FilterState", "", true, kNoMin, kNoMax},
    {"loadBalancer.maglev.tableSize", FieldKind::kInt, "", "", false, 1, 5000011},
    {"loadBalancer.random", FieldKind::kAny, "", "", false, kNoMin, kNoMax},
    {"loadBalancer.ringHash", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"loadBalancer.ringHash.hashFunction", FieldKind::kString, "XXHash;MurmurHash2", "", false, kNoMin, kNoMax},
    {"loadBalancer.ringHash.hashPolicies", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"loadBalancer.ringHash.hashPolicies[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"loadBalancer.ringHash.hashPolicies[].connection", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"loadBalancer.ringHash.hashPolicies[].connection.sourceIP", FieldKind::kBool, "", "", false, kNoMin, kNoMax},
    {"loadBalancer.ringHash.hashPolicies[].cookie", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"loadBalancer.ringHash.hashPolicies[].cookie.name", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"loadBalancer.ringHash.hashPolicies[].cookie.path", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"loadBalancer.ringHash.hashPolicies[].cookie.ttl", FieldKind::kDuration, "", "", false, kNoMin, kNoMax},
    {"loadBalancer.ringHash.hashPolicies[].filterState", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"loadBalancer.ringHash.hashPolicies[].filterState.key", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"loadBalancer.ringHash.hashPolicies[].header", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"loadBalancer.ringHash.hashPolicies[].header.name", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"loadBalancer.ringHash.hashPolicies[].queryParameter", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"loadBalancer.ringHash.hashPolicies[].queryParameter.name", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"loadBalancer.ringHash.hashPolicies[].terminal", FieldKind::kBool, "", "", false, kNoMin, kNoMax},
    {"loadBalancer.ringHash.hashPolicies[].type", FieldKind::kString, "Header;Cookie;Connection;SourceIP;QueryParameter;FilterState", "", true, kNoMin, kNoMax},
    {"loadBalancer.ringHash.maxRingSize", FieldKind::kInt, "", "", false, 1, 8000000},
    {"loadBalancer.ringHash.minRingSize", FieldKind::kInt, "", "", false, 1, 8000000},
    {"loadBalancer.roundRobin", FieldKind::kAny, "", "", false, kNoMin, kNoMax},
    {"loadBalancer.type", FieldKind::kString, "RoundRobin;LeastRequest;RingHash;Random;Maglev", "", true, kNoMin, kNoMax},
    {"localityAwareness", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"localityAwareness.crossZone", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"localityAwareness.crossZone.failover", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"localityAwareness.crossZone.failover[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"localityAwareness.crossZone.failover[].from", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"localityAwareness.crossZone.failover[].from.zones", FieldKind::kArray, "", "", true, kNoMin, kNoMax},
    {"localityAwareness.crossZone.failover[].from.zones[]", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"localityAwareness.crossZone.failover[].to", FieldKind::kObject, "", "", true, kNoMin, kNoMax},
    {"localityAwareness.crossZone.failover[].to.type", FieldKind::kString, "None;Only;Any;AnyExcept", "", true, kNoMin, kNoMax},
    {"localityAwareness.crossZone.failover[].to.zones", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"localityAwareness.crossZone.failover[].to.zones[]", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"localityAwareness.crossZone.failoverThreshold", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"localityAwareness.crossZone.failoverThreshold.percentage", FieldKind::kIntOrString, "", "", true, kNoMin, kNoMax},
    {"localityAwareness.disabled", FieldKind::kBool, "", "", false, kNoMin, kNoMax},
    {"localityAwareness.localZone", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"localityAwareness.localZone.affinityTags", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"localityAwareness.localZone.affinityTags[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"localityAwareness.localZone.affinityTags[].key", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"localityAwareness.localZone.affinityTags[].weight", FieldKind::kInt, "", "", false, INT32_MIN, INT32_MAX},
};
// MeshMetric: pkg/plugins/policies/meshmetric/api/v1alpha1/meshmetric.go
constexpr FieldSpec kMetric[] = {
    {"applications", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"applications[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"applications[].address", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"applications[].name", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"applications[].path", FieldKind::kString, "", "\"/metrics\"", false, kNoMin, kNoMax},
    {"applications[].port", FieldKind::kInt, "", "", true, INT32_MIN, INT32_MAX},
    {"backends", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"backends[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"backends[].openTelemetry", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"backends[].openTelemetry.endpoint", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"backends[].openTelemetry.refreshInterval", FieldKind::kDuration, "", "", false, kNoMin, kNoMax},
    {"backends[].prometheus", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"backends[].prometheus.clientId", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"backends[].prometheus.path", FieldKind::kString, "", "\"/metrics\"", false, kNoMin, kNoMax},
    {"backends[].prometheus.port", FieldKind::kInt, "", "5670", false, INT32_MIN, INT32_MAX},
    {"backends[].prometheus.tls", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"backends[].prometheus.tls.mode", FieldKind::kString, "Disabled;ProvidedTLS;ActiveMTLSBackend", "\"Disabled\"", false, kNoMin, kNoMax},
    {"backends[].type", FieldKind::kString, "Prometheus;OpenTelemetry", "", true, kNoMin, kNoMax},
    {"sidecar", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"sidecar.includeUnused", FieldKind::kBool, "", "", false, kNoMin, kNoMax},
    {"sidecar.profiles", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"sidecar.profiles.appendProfiles", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"sidecar.profiles.appendProfiles[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"sidecar.profiles.appendProfiles[].name", FieldKind::kString, "All;Basic;None", "", true, kNoMin, kNoMax},
    {"sidecar.profiles.exclude", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"sidecar.profiles.exclude[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"sidecar.profiles.exclude[].match", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"sidecar.profiles.exclude[].type", FieldKind::kString, "Prefix;Regex;Exact;Contains", "", true, kNoMin, kNoMax},
    {"sidecar.profiles.include", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"sidecar.profiles.include[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"sidecar.profiles.include[].match", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"sidecar.profiles.include[].type", FieldKind::kString, "Prefix;Regex;Exact;Contains", "", true, kNoMin, kNoMax},
};
// MeshPassthrough: pkg/plugins/policies/meshpassthrough/api/v1alpha1/meshpassthrough.go
constexpr FieldSpec kPassthrough[] = {
    {"appendMatch", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"appendMatch[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"appendMatch[].port", FieldKind::kInt, "", "", false, INT32_MIN, INT32_MAX},
    {"appendMatch[].protocol", FieldKind::kString, "tcp;tls;grpc;http;http2;mysql", "\"tcp\"", false, kNoMin, kNoMax},
    {"appendMatch[].type", FieldKind::kString, "Domain;IP;CIDR", "", true, kNoMin, kNoMax},
    {"appendMatch[].value", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"passthroughMode", FieldKind::kString, "All;Matched;None", "", false, kNoMin, kNoMax},
};
// MeshProxyPatch: pkg/plugins/policies/meshproxypatch/api/v1alpha1/meshproxypatch.go
constexpr FieldSpec kProxyPatch[] = {
    {"appendModifications", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"appendModifications[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].cluster", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].cluster.jsonPatches", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].cluster.jsonPatches[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].cluster.jsonPatches[].from", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].cluster.jsonPatches[].op", FieldKind::kString, "add;remove;replace;move;copy", "", true, kNoMin, kNoMax},
    {"appendModifications[].cluster.jsonPatches[].path", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"appendModifications[].cluster.jsonPatches[].value", FieldKind::kAny, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].cluster.match", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].cluster.match.name", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].cluster.match.origin", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].cluster.operation", FieldKind::kString, "Add;Remove;Patch", "", true, kNoMin, kNoMax},
    {"appendModifications[].cluster.value", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].httpFilter", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].httpFilter.jsonPatches", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].httpFilter.jsonPatches[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].httpFilter.jsonPatches[].from", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].httpFilter.jsonPatches[].op", FieldKind::kString, "add;remove;replace;move;copy", "", true, kNoMin, kNoMax},
    {"appendModifications[].httpFilter.jsonPatches[].path", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"appendModifications[].httpFilter.jsonPatches[].value", FieldKind::kAny, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].httpFilter.match", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].httpFilter.match.listenerName", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].httpFilter.match.listenerTags", FieldKind::kMap, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].httpFilter.match.listenerTags{}", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].httpFilter.match.name", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].httpFilter.match.origin", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].httpFilter.operation", FieldKind::kString, "Remove;Patch;AddFirst;AddBefore;AddAfter;AddLast", "", true, kNoMin, kNoMax},
    {"appendModifications[].httpFilter.value", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].listener", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].listener.jsonPatches", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].listener.jsonPatches[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].listener.jsonPatches[].from", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].listener.jsonPatches[].op", FieldKind::kString, "add;remove;replace;move;copy", "", true, kNoMin, kNoMax},
    {"appendModifications[].listener.jsonPatches[].path", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"appendModifications[].listener.jsonPatches[].value", FieldKind::kAny, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].listener.match", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].listener.match.name", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].listener.match.origin", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].listener.match.tags", FieldKind::kMap, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].listener.match.tags{}", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].listener.operation", FieldKind::kString, "Add;Remove;Patch", "", true, kNoMin, kNoMax},
    {"appendModifications[].listener.value", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].networkFilter", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].networkFilter.jsonPatches", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].networkFilter.jsonPatches[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].networkFilter.jsonPatches[].from", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].networkFilter.jsonPatches[].op", FieldKind::kString, "add;remove;replace;move;copy", "", true, kNoMin, kNoMax},
    {"appendModifications[].networkFilter.jsonPatches[].path", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"appendModifications[].networkFilter.jsonPatches[].value", FieldKind::kAny, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].networkFilter.match", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].networkFilter.match.listenerName", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].networkFilter.match.listenerTags", FieldKind::kMap, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].networkFilter.match.listenerTags{}", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].networkFilter.match.name", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].networkFilter.match.origin", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].networkFilter.operation", FieldKind::kString, "Remove;Patch;AddFirst;AddBefore;AddAfter;AddLast", "", true, kNoMin, kNoMax},
    {"appendModifications[].networkFilter.value", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].virtualHost", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].virtualHost.jsonPatches", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].virtualHost.jsonPatches[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].virtualHost.jsonPatches[].from", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].virtualHost.jsonPatches[].op", FieldKind::kString, "add;remove;replace;move;copy", "", true, kNoMin, kNoMax},
    {"appendModifications[].virtualHost.jsonPatches[].path", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"appendModifications[].virtualHost.jsonPatches[].value", FieldKind::kAny, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].virtualHost.match", FieldKind::kObject, "", "", true, kNoMin, kNoMax},
    {"appendModifications[].virtualHost.match.name", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].virtualHost.match.origin", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].virtualHost.match.routeConfigurationName", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"appendModifications[].virtualHost.operation", FieldKind::kString, "Add;Remove;Patch", "", true, kNoMin, kNoMax},
    {"appendModifications[].virtualHost.value", FieldKind::kString, "", "", false, kNoMin, kNoMax},
};
// MeshRateLimit: pkg/plugins/policies/meshratelimit/api/v1alpha1/meshratelimit.go
constexpr FieldSpec kRateLimit[] = {
    {"local", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"local.http", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"local.http.disabled", FieldKind::kBool, "", "", false, kNoMin, kNoMax},
    {"local.http.onRateLimit", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"local.http.onRateLimit.headers", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"local.http.onRateLimit.headers.add", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"local.http.onRateLimit.headers.add[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"local.http.onRateLimit.headers.add[].name", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"local.http.onRateLimit.headers.add[].value", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"local.http.onRateLimit.headers.set", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"local.http.onRateLimit.headers.set[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"local.http.onRateLimit.headers.set[].name", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"local.http.onRateLimit.headers.set[].value", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"local.http.onRateLimit.status", FieldKind::kInt, "", "", false, INT32_MIN, INT32_MAX},
    {"local.http.requestRate", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"local.http.requestRate.interval", FieldKind::kDuration, "", "", true, kNoMin, kNoMax},
    {"local.http.requestRate.num", FieldKind::kInt, "", "", true, INT32_MIN, INT32_MAX},
    {"local.tcp", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"local.tcp.connectionRate", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"local.tcp.connectionRate.interval", FieldKind::kDuration, "", "", true, kNoMin, kNoMax},
    {"local.tcp.connectionRate.num", FieldKind::kInt, "", "", true, INT32_MIN, INT32_MAX},
    {"local.tcp.disabled", FieldKind::kBool, "", "", false, kNoMin, kNoMax},
};
// MeshRetry: pkg/plugins/policies/meshretry/api/v1alpha1/meshretry.go
constexpr FieldSpec kRetry[] = {
    {"grpc", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"grpc.backOff", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"grpc.backOff.baseInterval", FieldKind::kDuration, "", "", false, kNoMin, kNoMax},
    {"grpc.backOff.maxInterval", FieldKind::kDuration, "", "", false, kNoMin, kNoMax},
    {"grpc.numRetries", FieldKind::kInt, "", "", false, INT32_MIN, INT32_MAX},
    {"grpc.perTryTimeout", FieldKind::kDuration, "", "", false, kNoMin, kNoMax},
    {"grpc.rateLimitedBackOff", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"grpc.rateLimitedBackOff.maxInterval", FieldKind::kDuration, "", "", false, kNoMin, kNoMax},
    {"grpc.rateLimitedBackOff.resetHeaders", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"grpc.rateLimitedBackOff.resetHeaders[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"grpc.rateLimitedBackOff.resetHeaders[].format", FieldKind::kString, "Seconds;UnixTimestamp", "", true, kNoMin, kNoMax},
    {"grpc.rateLimitedBackOff.resetHeaders[].name", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"grpc.retryOn", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"grpc.retryOn[]", FieldKind::kString, "Canceled;DeadlineExceeded;Internal;ResourceExhausted;Unavailable", "", false, kNoMin, kNoMax},
    {"http", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"http.backOff", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"http.backOff.baseInterval", FieldKind::kDuration, "", "", false, kNoMin, kNoMax},
    {"http.backOff.maxInterval", FieldKind::kDuration, "", "", false, kNoMin, kNoMax},
    {"http.hostSelection", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"http.hostSelection[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"http.hostSelection[].predicate", FieldKind::kString, "OmitPreviousHosts;OmitHostsWithTags;OmitPreviousPriorities", "", true, kNoMin, kNoMax},
    {"http.hostSelection[].tags", FieldKind::kMap, "", "", false, kNoMin, kNoMax},
    {"http.hostSelection[].tags{}", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"http.hostSelection[].updateFrequency", FieldKind::kInt, "", "2", false, INT32_MIN, INT32_MAX},
    {"http.hostSelectionMaxAttempts", FieldKind::kInt, "", "", false, INT64_MIN, INT64_MAX},
    {"http.numRetries", FieldKind::kInt, "", "", false, INT32_MIN, INT32_MAX},
    {"http.perTryTimeout", FieldKind::kDuration, "", "", false, kNoMin, kNoMax},
    {"http.rateLimitedBackOff", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"http.rateLimitedBackOff.maxInterval", FieldKind::kDuration, "", "", false, kNoMin, kNoMax},
    {"http.rateLimitedBackOff.resetHeaders", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"http.rateLimitedBackOff.resetHeaders[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"http.rateLimitedBackOff.resetHeaders[].format", FieldKind::kString, "Seconds;UnixTimestamp", "", true, kNoMin, kNoMax},
    {"http.rateLimitedBackOff.resetHeaders[].name", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"http.retriableRequestHeaders", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"http.retriableRequestHeaders[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"http.retriableRequestHeaders[].name", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"http.retriableRequestHeaders[].type", FieldKind::kString, "Exact;Present;RegularExpression;Absent;Prefix", "\"Exact\"", false, kNoMin, kNoMax},
    {"http.retriableRequestHeaders[].value", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"http.retriableResponseHeaders", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"http.retriableResponseHeaders[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"http.retriableResponseHeaders[].name", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"http.retriableResponseHeaders[].type", FieldKind::kString, "Exact;Present;RegularExpression;Absent;Prefix", "\"Exact\"", false, kNoMin, kNoMax},
    {"http.retriableResponseHeaders[].value", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"http.retryOn", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"http.retryOn[]", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"tcp", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"tcp.maxConnectAttempt", FieldKind::kInt, "", "", false, INT32_MIN, INT32_MAX},
};
// MeshTCPRoute: pkg/plugins/policies/meshtcproute/api/v1alpha1/meshtcproute.go
constexpr FieldSpec kTCPRoute[] = {
    {"rules", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"rules[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"rules[].default", FieldKind::kObject, "", "", true, kNoMin, kNoMax},
    {"rules[].default.backendRefs", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"rules[].default.backendRefs[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"rules[].default.backendRefs[].kind", FieldKind::kString, "Mesh;MeshSubset;MeshGateway;MeshService;MeshExternalService;MeshMultiZoneService;MeshServiceSubset;MeshHTTPRoute;Dataplane", "", true, kNoMin, kNoMax},
    {"rules[].default.backendRefs[].labels", FieldKind::kMap, "", "", false, kNoMin, kNoMax},
    {"rules[].default.backendRefs[].labels{}", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"rules[].default.backendRefs[].mesh", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"rules[].default.backendRefs[].name", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"rules[].default.backendRefs[].namespace", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"rules[].default.backendRefs[].port", FieldKind::kInt, "", "", false, INT32_MIN, INT32_MAX},
    {"rules[].default.backendRefs[].proxyTypes", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"rules[].default.backendRefs[].proxyTypes[]", FieldKind::kString, "Sidecar;Gateway", "", false, kNoMin, kNoMax},
    {"rules[].default.backendRefs[].sectionName", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"rules[].default.backendRefs[].tags", FieldKind::kMap, "", "", false, kNoMin, kNoMax},
    {"rules[].default.backendRefs[].tags{}", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"rules[].default.backendRefs[].weight", FieldKind::kInt, "", "1", false, 0, INT32_MAX},
};
// MeshTimeout: pkg/plugins/policies/meshtimeout/api/v1alpha1/meshtimeout.go
constexpr FieldSpec kTimeout[] = {
    {"connectionTimeout", FieldKind::kDuration, "", "", false, kNoMin, kNoMax},
    {"http", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"http.maxConnectionDuration", FieldKind::kDuration, "", "", false, kNoMin, kNoMax},
    {"http.maxStreamDuration", FieldKind::kDuration, "", "", false, kNoMin, kNoMax},
    {"http.requestHeadersTimeout", FieldKind::kDuration, "", "", false, kNoMin, kNoMax},
    {"http.requestTimeout", FieldKind::kDuration, "", "", false, kNoMin, kNoMax},
    {"http.streamIdleTimeout", FieldKind::kDuration, "", "", false, kNoMin, kNoMax},
    {"idleTimeout", FieldKind::kDuration, "", "", false, kNoMin, kNoMax},
};
// MeshTLS: pkg/plugins/policies/meshtls/api/v1alpha1/meshtls.go
constexpr FieldSpec kTLS[] = {
    {"mode", FieldKind::kString, "Permissive;Strict", "", false, kNoMin, kNoMax},
    {"tlsCiphers", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"tlsCiphers[]", FieldKind::kString, "ECDHE-ECDSA-AES128-GCM-SHA256;ECDHE-ECDSA-AES256-GCM-SHA384;ECDHE-ECDSA-CHACHA20-POLY1305;ECDHE-RSA-AES128-GCM-SHA256;ECDHE-RSA-AES256-GCM-SHA384;ECDHE-RSA-CHACHA20-POLY1305", "", false, kNoMin, kNoMax},
    {"tlsVersion", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"tlsVersion.max", FieldKind::kString, "TLSAuto;TLS10;TLS11;TLS12;TLS13", "\"TLSAuto\"", false, kNoMin, kNoMax},
    {"tlsVersion.min", FieldKind::kString, "TLSAuto;TLS10;TLS11;TLS12;TLS13", "\"TLSAuto\"", false, kNoMin, kNoMax},
};
// MeshTrace: pkg/plugins/policies/meshtrace/api/v1alpha1/meshtrace.go
constexpr FieldSpec kTrace[] = {
    {"backends", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"backends[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"backends[].datadog", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"backends[].datadog.splitService", FieldKind::kBool, "", "false", false, kNoMin, kNoMax},
    {"backends[].datadog.url", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"backends[].openTelemetry", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"backends[].openTelemetry.endpoint", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"backends[].type", FieldKind::kString, "Zipkin;Datadog;OpenTelemetry", "", true, kNoMin, kNoMax},
    {"backends[].zipkin", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"backends[].zipkin.apiVersion", FieldKind::kString, "httpJson;httpProto", "\"httpJson\"", false, kNoMin, kNoMax},
    {"backends[].zipkin.sharedSpanContext", FieldKind::kBool, "", "true", false, kNoMin, kNoMax},
    {"backends[].zipkin.traceId128bit", FieldKind::kBool, "", "false", false, kNoMin, kNoMax},
    {"backends[].zipkin.url", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"sampling", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"sampling.client", FieldKind::kIntOrString, "", "", false, kNoMin, kNoMax},
    {"sampling.overall", FieldKind::kIntOrString, "", "", false, kNoMin, kNoMax},
    {"sampling.random", FieldKind::kIntOrString, "", "", false, kNoMin, kNoMax},
    {"tags", FieldKind::kArray, "", "", false, kNoMin, kNoMax},
    {"tags[]", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"tags[].header", FieldKind::kObject, "", "", false, kNoMin, kNoMax},
    {"tags[].header.default", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"tags[].header.name", FieldKind::kString, "", "", true, kNoMin, kNoMax},
    {"tags[].literal", FieldKind::kString, "", "", false, kNoMin, kNoMax},
    {"tags[].name", FieldKind::kString, "", "", true, kNoMin, kNoMax},
};
// MeshTrafficPermission: pkg/plugins/policies/meshtrafficpermission/api/v1alpha1/meshtrafficpermission.go
constexpr FieldSpec kTrafficPermission[] = {
    {"action", FieldKind::kString, "Allow;Deny;AllowWithShadowDeny", "", false, kNoMin, kNoMax},
};
// clang-format on

#define CFGI_SCHEMA(T, file, table, to, from, rules, single, route) \
  TypeSchema{T, file, table, sizeof(table) / sizeof(table[0]), to, from, rules, single, route}

const TypeSchema kSchemas[] = {
    CFGI_SCHEMA("MeshAccessLog", "pkg/plugins/policies/meshaccesslog/api/v1alpha1/meshaccesslog.go", kAccessLog, true, true, true, false, false),
    CFGI_SCHEMA("MeshCircuitBreaker", "pkg/plugins/policies/meshcircuitbreaker/api/v1alpha1/meshcircuitbreaker.go", kCircuitBreaker, true, true, true, false, false),
    CFGI_SCHEMA("MeshFaultInjection", "pkg/plugins/policies/meshfaultinjection/api/v1alpha1/meshfaultinjection.go", kFaultInjection, true, true, false, false, false),
    CFGI_SCHEMA("MeshHTTPRoute", "pkg/plugins/policies/meshhttproute/api/v1alpha1/meshhttproute.go", kHTTPRoute, true, false, false, false, true),
    CFGI_SCHEMA("MeshHealthCheck", "pkg/plugins/policies/meshhealthcheck/api/v1alpha1/meshhealthcheck.go", kHealthCheck, true, false, false, false, false),
    CFGI_SCHEMA("MeshLoadBalancingStrategy", "pkg/plugins/policies/meshloadbalancingstrategy/api/v1alpha1/meshloadbalancingstrategy.go", kLoadBalancingStrategy, true, false, false, false, false),
    CFGI_SCHEMA("MeshMetric", "pkg/plugins/policies/meshmetric/api/v1alpha1/meshmetric.go", kMetric, false, false, false, true, false),
    CFGI_SCHEMA("MeshPassthrough", "pkg/plugins/policies/meshpassthrough/api/v1alpha1/meshpassthrough.go", kPassthrough, false, false, false, true, false),
    CFGI_SCHEMA("MeshProxyPatch", "pkg/plugins/policies/meshproxypatch/api/v1alpha1/meshproxypatch.go", kProxyPatch, false, false, false, true, false),
    CFGI_SCHEMA("MeshRateLimit", "pkg/plugins/policies/meshratelimit/api/v1alpha1/meshratelimit.go", kRateLimit, true, true, true, false, false),
    CFGI_SCHEMA("MeshRetry", "pkg/plugins/policies/meshretry/api/v1alpha1/meshretry.go", kRetry, true, false, false, false, false),
    CFGI_SCHEMA("MeshTCPRoute", "pkg/plugins/policies/meshtcproute/api/v1alpha1/meshtcproute.go", kTCPRoute, true, false, false, false, true),
    CFGI_SCHEMA("MeshTLS", "pkg/plugins/policies/meshtls/api/v1alpha1/meshtls.go", kTLS, false, true, true, false, false),
    CFGI_SCHEMA("MeshTimeout", "pkg/plugins/policies/meshtimeout/api/v1alpha1/meshtimeout.go", kTimeout, true, true, true, false, false),
    CFGI_SCHEMA("MeshTrace", "pkg/plugins/policies/meshtrace/api/v1alpha1/meshtrace.go", kTrace, false, false, false, true, false),
    CFGI_SCHEMA("MeshTrafficPermission", "pkg/plugins/policies/meshtrafficpermission/api/v1alpha1/meshtrafficpermission.go", kTrafficPermission, false, true, false, false, false),
};
#undef CFGI_SCHEMA

// The tables indexed once: path -> row, and the child names of every object path.
struct Index {
  const TypeSchema* schema = nullptr;
  std::map<std::string, const FieldSpec*, std::less<>> by_path;
  std::map<std::string, std::vector<std::string>, std::less<>> children;  // object path -> keys
};

std::string ParentPath(const std::string& path, std::string* key) {
  size_t dot = path.rfind('.');
  if (dot == std::string::npos) {
    if (key) *key = path;
    return {};
  }
  if (key) *key = path.substr(dot + 1);
  return path.substr(0, dot);
}

const std::map<std::string, Index, std::less<>>& Indexes() {
  static const std::map<std::string, Index, std::less<>> kIndexes = [] {
    std::map<std::string, Index, std::less<>> out;
    for (const TypeSchema& s : kSchemas) {
      Index& ix = out[s.type];
      ix.schema = &s;
      for (size_t i = 0; i < s.field_count; ++i) {
        const FieldSpec& f = s.fields[i];
        ix.by_path[f.path] = &f;
        std::string path = f.path;
        if (path.size() >= 2 && (path.compare(path.size() - 2, 2, "[]") == 0 || path.compare(path.size() - 2, 2, "{}") == 0))
          continue;  // an element, not a named field
        std::string key;
        std::string parent = ParentPath(path, &key);
        ix.children[parent].push_back(key);
      }
    }
    return out;
  }();
  return kIndexes;
}

const Index* FindIndex(std::string_view type) {
  const auto& ix = Indexes();
  auto it = ix.find(type);
  return it == ix.end() ? nullptr : &it->second;
}

std::string Join(const std::string& path, const std::string& key) { return path.empty() ? key : path + "." + key; }

bool InEnum(const char* enums, const std::string& v) {
  std::string_view e(enums);
  while (!e.empty()) {
    size_t semi = e.find(';');
    std::string_view one = e.substr(0, semi);
    if (one == v) return true;
    if (semi == std::string_view::npos) break;
    e.remove_prefix(semi + 1);
  }
  return false;
}

std::string EnumList(const char* enums) {
  std::string s(enums);
  std::string out;
  size_t start = 0;
  while (start <= s.size()) {
    size_t semi = s.find(';', start);
    std::string one = s.substr(start, semi == std::string::npos ? std::string::npos : semi - start);
    if (!out.empty()) out += ", ";
    out += one;
    if (semi == std::string::npos) break;
    start = semi + 1;
  }
  return out;
}

size_t EditDistance(const std::string& a, const std::string& b) {
  std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t sub = prev[j - 1] + (std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                                          std::tolower(static_cast<unsigned char>(b[j - 1])) ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, sub});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

// "did you mean 'idleTimeout'?" when a known name is close, else the list of known names.
std::string UnknownFieldFix(const std::string& key, const std::vector<std::string>& known) {
  std::string best;
  size_t best_d = SIZE_MAX;
  for (const std::string& k : known) {
    size_t d = EditDistance(key, k);
    if (d < best_d) {
      best_d = d;
      best = k;
    }
  }
  if (!best.empty() && best_d <= std::max<size_t>(2, key.size() / 4)) return "; did you mean '" + best + "'?";
  std::string list;
  for (const std::string& k : known) list += (list.empty() ? "" : ", ") + k;
  return list.empty() ? "; this object has no fields" : "; the known fields are " + list;
}

class Validator {
 public:
  Validator(const Index& ix, doc::DiagnosticSink& sink) : ix_(ix), sink_(sink) {}

  // Validates `n` as the field at schema path `path` ("" is the conf root, an object).
  void Field(const doc::Node& n, const std::string& path, const char* skip = nullptr) {
    if (n.is_null()) return;  // null deletes in a merge patch; Go leaves the pointer nil
    const FieldSpec* f = nullptr;
    if (!path.empty()) {
      auto it = ix_.by_path.find(path);
      if (it == ix_.by_path.end()) return;
      f = it->second;
    }
    FieldKind kind = f ? f->kind : FieldKind::kObject;
    switch (kind) {
      case FieldKind::kObject: Object(n, path, skip); return;
      case FieldKind::kArray:
        if (!n.is_seq()) return WrongType(n, kind, "");
        for (size_t i = 0; i < n.items().size(); ++i) {
          doc::DiagnosticSink::ScopedField s(&sink_, "[" + std::to_string(i) + "]");
          Field(n.items()[i], path + "[]");
        }
        return;
      case FieldKind::kMap:
        if (!n.is_map()) return WrongType(n, kind, "");
        for (const auto& e : n.entries()) {
          doc::DiagnosticSink::ScopedField s(&sink_, "." + e.key);
          Field(e.value, path + "{}");
        }
        return;
      case FieldKind::kString:
        if (!n.is_string()) return WrongType(n, kind, "; quote it: \"" + n.text() + "\"");
        return Enum(n, *f);
      case FieldKind::kInt: {
        if (n.kind() != doc::Node::Kind::kInt) return WrongType(n, kind, "");
        std::optional<int64_t> v = n.as_int();
        if (!v || *v < f->min || *v > f->max) {
          sink_.Error("POL041", n.range(), "'" + n.text() + "' is out of range for this integer field (" +
                                               std::to_string(f->min) + " to " + std::to_string(f->max) +
                                               "); use a value in that range");
          return;
        }
        return Enum(n, *f);
      }
      case FieldKind::kBool:
        if (n.kind() != doc::Node::Kind::kBool) return WrongType(n, kind, "; write true or false");
        return;
      case FieldKind::kNumber:
        if (!n.is_number()) return WrongType(n, kind, "");
        return;
      case FieldKind::kIntOrString:
        if (n.kind() != doc::Node::Kind::kInt && !n.is_string())
          return WrongType(n, kind, n.kind() == doc::Node::Kind::kDouble ? "; quote a decimal: \"" + n.text() + "\"" : "");
        return;
      case FieldKind::kDuration: {
        if (!n.is_string()) {
          std::string fix = n.is_number() ? "; give it a unit, e.g. \"" + n.text() + "s\"" : "";
          return WrongType(n, kind, fix);
        }
        std::string err;
        if (!ParseGoDuration(n.text(), &err)) {
          sink_.Error("POL043", n.range(), "'" + n.text() + "' is not a duration (" + err +
                                               "); write a number with a unit: ns, us, ms, s, m, h (e.g. 1m30s)");
        }
        return;
      }
      case FieldKind::kAny: return;
    }
  }

 private:
  void Object(const doc::Node& n, const std::string& path, const char* skip) {
    if (!n.is_map()) return WrongType(n, FieldKind::kObject, "");
    static const std::vector<std::string> kNone;
    auto ch = ix_.children.find(path);
    const std::vector<std::string>& known = ch == ix_.children.end() ? kNone : ch->second;
    for (const auto& e : n.entries()) {
      if (skip && e.key == skip) continue;
      std::string child = Join(path, e.key);
      if (!ix_.by_path.count(child)) {
        sink_.Error("POL040", e.key_range, "unknown field '" + e.key + "' in " + ix_.schema->type +
                                               (path.empty() ? "" : " " + path) + UnknownFieldFix(e.key, known),
                    "." + e.key);
        continue;
      }
      doc::DiagnosticSink::ScopedField s(&sink_, "." + e.key);
      Field(e.value, child);
    }
    for (const std::string& k : known) {
      const FieldSpec* f = ix_.by_path.find(Join(path, k))->second;
      if (f->required && !n.Get(k)) {
        sink_.Error("POL044", n.range(), std::string(ix_.schema->type) + " requires '" + k + "' here; add it",
                    "." + k);
      }
    }
  }

  static std::string A(const std::string& noun) {
    return (noun.find_first_of("aeiou") == 0 ? "an " : "a ") + noun;
  }
  void WrongType(const doc::Node& n, FieldKind want, const std::string& fix) {
    std::string got = n.kind() == doc::Node::Kind::kInt ? "integer" : n.kind_name();
    sink_.Error("POL041", n.range(), "expected " + A(FieldKindName(want)) + ", not " + A(got) +
                                         (n.is_scalar() ? " ('" + n.text() + "')" : std::string()) + fix);
  }

  void Enum(const doc::Node& n, const FieldSpec& f) {
    if (!*f.enums || InEnum(f.enums, n.text())) return;
    std::string best;
    size_t best_d = SIZE_MAX;
    std::string all(f.enums);
    for (size_t start = 0; start <= all.size();) {
      size_t semi = all.find(';', start);
      std::string one = all.substr(start, semi == std::string::npos ? std::string::npos : semi - start);
      size_t d = EditDistance(n.text(), one);
      if (d < best_d) best_d = d, best = one;
      if (semi == std::string::npos) break;
      start = semi + 1;
    }
    std::string fix = best_d <= 2 ? "; did you mean '" + best + "'?" : "; use one of " + EnumList(f.enums);
    sink_.Error("POL042", n.range(), "'" + n.text() + "' is not a valid value here (one of " + EnumList(f.enums) +
                                         ")" + fix);
  }

  const Index& ix_;
  doc::DiagnosticSink& sink_;
};

// JSON walk shared by NormalizeDurations and ApplyDefaults.
template <class Fn>
void WalkJson(const Index& ix, nlohmann::json& j, const std::string& path, const std::string& pointer, Fn&& fn) {
  fn(j, path, pointer);
  if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) {
      std::string child = Join(path, it.key());
      auto f = ix.by_path.find(child);
      if (f == ix.by_path.end() || f->second->kind == FieldKind::kAny) continue;
      std::string key = it.key();
      std::string esc;
      for (char c : key) esc += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
      WalkJson(ix, it.value(), child, pointer + "/" + esc, fn);
    }
  } else if (j.is_array()) {
    auto f = ix.by_path.find(path);
    if (!path.empty() && (f == ix.by_path.end() || f->second->kind != FieldKind::kArray)) return;
    for (size_t i = 0; i < j.size(); ++i) WalkJson(ix, j[i], path + "[]", pointer + "/" + std::to_string(i), fn);
  }
}

}  // namespace

const char* FieldKindName(FieldKind k) {
  switch (k) {
    case FieldKind::kObject: return "map";
    case FieldKind::kArray: return "list";
    case FieldKind::kMap: return "map";
    case FieldKind::kString: return "string";
    case FieldKind::kInt: return "integer";
    case FieldKind::kBool: return "bool";
    case FieldKind::kNumber: return "number";
    case FieldKind::kDuration: return "duration string";
    case FieldKind::kIntOrString: return "integer or string";
    case FieldKind::kAny: return "value";
  }
  return "value";
}

// ---- Go durations (src/time/format.go) ----

std::optional<int64_t> ParseGoDuration(std::string_view s, std::string* error) {
  const std::string quoted = "\"" + std::string(s) + "\"";
  auto fail = [&](const std::string& why) -> std::optional<int64_t> {
    if (error) *error = "time: " + why + " " + quoted;
    return std::nullopt;
  };
  constexpr uint64_t kMax = uint64_t{1} << 63;
  uint64_t d = 0;
  bool neg = false;
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
    neg = s[0] == '-';
    s.remove_prefix(1);
  }
  if (s == "0") return 0;
  if (s.empty()) return fail("invalid duration");
  while (!s.empty()) {
    uint64_t v = 0, f = 0;
    double scale = 1;
    if (!(s[0] == '.' || (s[0] >= '0' && s[0] <= '9'))) return fail("invalid duration");
    // leadingInt
    size_t pl = s.size();
    size_t i = 0;
    for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) {
      if (v > (kMax - 1) / 10) return fail("invalid duration");  // overflow
      v = v * 10 + static_cast<uint64_t>(s[i] - '0');
      if (v > kMax) return fail("invalid duration");
    }
    s.remove_prefix(i);
    bool pre = pl != s.size();
    bool post = false;
    if (!s.empty() && s[0] == '.') {
      s.remove_prefix(1);
      size_t pl2 = s.size();
      // leadingFraction: digits past int64 precision are consumed and ignored
      bool overflow = false;
      size_t k = 0;
      for (; k < s.size() && s[k] >= '0' && s[k] <= '9'; ++k) {
        if (overflow) continue;
        if (f > (kMax - 1) / 10) {
          overflow = true;
          continue;
        }
        uint64_t y = f * 10 + static_cast<uint64_t>(s[k] - '0');
        if (y > kMax) {
          overflow = true;
          continue;
        }
        f = y;
        scale *= 10;
      }
      s.remove_prefix(k);
      post = pl2 != s.size();
    }
    if (!pre && !post) return fail("invalid duration");
    size_t u = 0;
    while (u < s.size() && s[u] != '.' && !(s[u] >= '0' && s[u] <= '9')) ++u;
    if (u == 0) return fail("missing unit in duration");
    std::string_view unit_text = s.substr(0, u);
    s.remove_prefix(u);
    uint64_t unit = 0;
    if (unit_text == "ns") unit = 1;
    else if (unit_text == "us" || unit_text == "\xC2\xB5s" || unit_text == "\xCE\xBCs") unit = 1000;
    else if (unit_text == "ms") unit = 1000000;
    else if (unit_text == "s") unit = 1000000000;
    else if (unit_text == "m") unit = 60ull * 1000000000;
    else if (unit_text == "h") unit = 3600ull * 1000000000;
    else return fail("unknown unit \"" + std::string(unit_text) + "\" in duration");
    if (v > kMax / unit) return fail("invalid duration");
    v *= unit;
    if (f > 0) {
      v += static_cast<uint64_t>(static_cast<double>(f) * (static_cast<double>(unit) / scale));
      if (v > kMax) return fail("invalid duration");
    }
    d += v;
    if (d > kMax) return fail("invalid duration");
  }
  if (neg) return static_cast<int64_t>(0 - d);
  if (d > kMax - 1) return fail("invalid duration");
  return static_cast<int64_t>(d);
}

namespace {
// fmtFrac: the fraction of v/10^prec without trailing zeros (and no '.' when it is zero).
std::string FmtFrac(uint64_t& v, int prec) {
  std::string out;
  bool print = false;
  for (int i = 0; i < prec; ++i) {
    uint64_t digit = v % 10;
    print = print || digit != 0;
    if (print) out.insert(out.begin(), static_cast<char>('0' + digit));
    v /= 10;
  }
  if (print) out.insert(out.begin(), '.');
  return out;
}
}  // namespace

std::string FormatGoDuration(int64_t d) {
  bool neg = d < 0;
  uint64_t u = neg ? 0 - static_cast<uint64_t>(d) : static_cast<uint64_t>(d);
  std::string out;
  if (u < 1000000000ull) {
    if (u == 0) return "0s";
    std::string unit;
    int prec;
    if (u < 1000) {
      prec = 0;
      unit = "ns";
    } else if (u < 1000000) {
      prec = 3;
      unit = "\xC2\xB5s";  // Go prints U+00B5
    } else {
      prec = 6;
      unit = "ms";
    }
    std::string frac = FmtFrac(u, prec);
    out = std::to_string(u) + frac + unit;
  } else {
    std::string frac = FmtFrac(u, 9);
    out = std::to_string(u % 60) + frac + "s";
    u /= 60;
    if (u > 0) {
      out = std::to_string(u % 60) + "m" + out;
      u /= 60;
      if (u > 0) out = std::to_string(u) + "h" + out;
    }
  }
  return neg ? "-" + out : out;
}

// ---- schemas ----

const TypeSchema* FindTypeSchema(std::string_view type) {
  const Index* ix = FindIndex(type);
  return ix ? ix->schema : nullptr;
}

const std::vector<const TypeSchema*>& AllTypeSchemas() {
  static const std::vector<const TypeSchema*> kAll = [] {
    std::vector<const TypeSchema*> v;
    for (const TypeSchema& s : kSchemas) v.push_back(&s);
    return v;
  }();
  return kAll;
}

std::vector<SchemaDefault> TypeDefaults(std::string_view type) {
  std::vector<SchemaDefault> out;
  const TypeSchema* s = FindTypeSchema(type);
  if (!s) return out;
  for (size_t i = 0; i < s->field_count; ++i) {
    const FieldSpec& f = s->fields[i];
    if (*f.default_json) out.push_back({f.path, nlohmann::json::parse(f.default_json)});
  }
  return out;
}

size_t NormalizeDurations(std::string_view type, nlohmann::json& conf) {
  const Index* ix = FindIndex(type);
  if (!ix) return 0;
  size_t n = 0;
  WalkJson(*ix, conf, "", "", [&](nlohmann::json& j, const std::string& path, const std::string&) {
    if (!j.is_string() || path.empty()) return;
    auto f = ix->by_path.find(path);
    if (f == ix->by_path.end() || f->second->kind != FieldKind::kDuration) return;
    std::optional<int64_t> d = ParseGoDuration(j.get<std::string>());
    if (!d) return;
    std::string printed = FormatGoDuration(*d);
    if (printed != j.get<std::string>()) {
      j = printed;
      ++n;
    }
  });
  return n;
}

size_t PruneUnknownFields(std::string_view type, nlohmann::json& conf) {
  const Index* ix = FindIndex(type);
  if (!ix) return 0;
  size_t n = 0;
  WalkJson(*ix, conf, "", "", [&](nlohmann::json& j, const std::string& path, const std::string&) {
    if (!j.is_object()) return;
    if (!path.empty()) {
      auto f = ix->by_path.find(path);
      if (f == ix->by_path.end() || f->second->kind != FieldKind::kObject) return;
    }
    for (auto it = j.begin(); it != j.end();) {
      if (ix->by_path.count(Join(path, it.key()))) {
        ++it;
      } else {
        it = j.erase(it);
        ++n;
      }
    }
  });
  return n;
}

void ValidatePolicySpec(std::string_view type, const doc::Node& spec, doc::DiagnosticSink& sink) {
  const Index* ix = FindIndex(type);
  if (!ix || !spec.is_map()) return;
  const TypeSchema& s = *ix->schema;
  Validator v(*ix, sink);
  doc::DiagnosticSink::ScopedField scope(&sink, "spec");
  std::vector<std::string> known = {"targetRef"};
  if (s.to) known.push_back("to");
  if (s.from) known.push_back("from");
  if (s.rules) known.push_back("rules");
  if (s.single) known.push_back("default");
  for (const auto& e : spec.entries()) {
    if (std::find(known.begin(), known.end(), e.key) != known.end()) continue;
    sink.Error("POL040", e.key_range, std::string("unknown field '") + e.key + "' in the spec of " + s.type +
                                          UnknownFieldFix(e.key, known),
               "." + e.key);
  }
  for (const char* list : {"to", "from", "rules"}) {
    bool has = (list[0] == 't' && s.to) || (list[0] == 'f' && s.from) || (list[0] == 'r' && s.rules);
    const doc::Node* items = spec.Get(list);
    if (!has || !items || !items->is_seq()) continue;  // shapes are the loader's POL006
    bool is_rules = list[0] == 'r';
    std::vector<std::string> item_keys;
    if (!is_rules) item_keys.push_back("targetRef");
    if (s.route) {
      auto ch = ix->children.find("");
      if (ch != ix->children.end()) item_keys.insert(item_keys.end(), ch->second.begin(), ch->second.end());
    } else {
      item_keys.push_back("default");
    }
    doc::DiagnosticSink::ScopedField ls(&sink, std::string(".") + list);
    for (size_t i = 0; i < items->items().size(); ++i) {
      const doc::Node& item = items->items()[i];
      if (!item.is_map()) continue;
      doc::DiagnosticSink::ScopedField is(&sink, "[" + std::to_string(i) + "]");
      if (s.route) {
        // The route's to[] item is its conf (rules, hostnames) beside the targetRef.
        v.Field(item, "", "targetRef");
        continue;
      }
      for (const auto& e : item.entries()) {
        if (e.key == "conf") continue;  // the MADR's notation, POL013 from the loader
        if (std::find(item_keys.begin(), item_keys.end(), e.key) != item_keys.end()) continue;
        sink.Error("POL040", e.key_range, std::string("unknown field '") + e.key + "' in a " + list + "[] item of " +
                                              s.type + UnknownFieldFix(e.key, item_keys),
                   "." + e.key);
      }
      const doc::Node* def = item.Get("default");
      if (!def) def = item.Get("conf");
      if (def && def->is_map()) {
        doc::DiagnosticSink::ScopedField ds(&sink, item.Get("default") ? ".default" : ".conf");
        v.Field(*def, "");
      }
    }
  }
  if (s.single) {
    if (const doc::Node* def = spec.Get("default")) {
      doc::DiagnosticSink::ScopedField ds(&sink, ".default");
      v.Field(*def, "");
    }
  }
}

void ValidatePolicyLabels(const doc::Node& labels, bool k8s, bool policy, doc::DiagnosticSink& sink) {
  if (!labels.is_map()) return;
  for (const auto& e : labels.entries()) {
    const std::string& v = e.value.text();
    if (e.key == "kuma.io/origin") {
      if (v != "global" && v != "zone") {
        sink.Error("POL045", e.value.range(), "unknown resource origin \"" + v + "\" in label kuma.io/origin; "
                                                  "use global or zone (or remove the label)",
                   "." + e.key);
      }
    } else if (e.key == "kuma.io/policy-role" && policy) {
      if (v != "system" && v != "producer" && v != "consumer" && v != "workload-owner") {
        sink.Error("POL046", e.value.range(), "unknown policy role \"" + v + "\" in label kuma.io/policy-role; "
                                                  "use system, producer, consumer or workload-owner (or remove the "
                                                  "label: Kuma computes it on Kubernetes)",
                   "." + e.key);
      } else if (!k8s && v != "system") {
        sink.Warning("POL047", e.value.range(), "kuma.io/policy-role label should have system value on universal, "
                                                    "got " + v + " (Kuma's API server refuses it); remove the label",
                     "." + e.key);
      }
    }
  }
}

}  // namespace cfgi::policy
