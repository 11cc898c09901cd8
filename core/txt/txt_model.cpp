// core/txt/txt_model.cpp: the txt engine's profile table (grpc-core, grpc-java, grpc-go, a2: each
// one implementation's choice selection, read from the sources txt_compile.cpp names), each
// profile's TXT lookup default and language, and the names of verdicts and criteria.
// The stages: txt_compile.cpp (records read, every profile's choice list compiled: Load),
// txt_select.cpp (one client's choice: Evaluate), txt_rollout.cpp (the real share of every
// choice: ComputeRollout).
#include "core/txt/txt_model.h"

#include "core/doc/suggest.h"

namespace cfgi::txt {

const ProfileSet<ProfileId>& Profiles() {
  static const ProfileSet<ProfileId> s({
      {ProfileId::kCore, "grpc-core", "grpc-core c-ares resolver: first record with the prefix, language \"c++\", r <= percentage"},
      {ProfileId::kJava, "grpc-java", "grpc-java DnsNameResolver: every grpc_config record, language java ignoring case, r < percentage, unknown keys fail"},
      {ProfileId::kGo, "grpc-go", "grpc-go dns resolver: all records concatenated, language \"GO\", r+1 <= percentage, keys ignore case"},
      {ProfileId::kA2, "a2", "the gRFC A2 text: first matching choice, r < percentage; needs --language"},
  });
  return s;
}

// Read in each implementation's current code (TxtLookupDefaultTest in tests/unit/txt_select_test.cpp):
// - grpc-core: the c-ares resolver (src/core/resolver/dns/c_ares/dns_resolver_ares.cc) and the
//   EventEngine resolver (src/core/resolver/dns/event_engine/event_engine_client_channel_resolver.cc)
//   both set request_service_config_ = !GetBool(GRPC_ARG_SERVICE_CONFIG_DISABLE_RESOLUTION)
//   .value_or(true): off unless the channel argument "grpc.service_config_disable_resolution" is
//   0. The native resolver (src/core/resolver/dns/native/dns_resolver.cc, chosen by
//   GRPC_DNS_RESOLVER=native, src/core/resolver/dns/dns_resolver_plugin.cc) only calls
//   LookupHostname: it never queries TXT.
// - grpc-java: core/src/main/java/io/grpc/internal/DnsNameResolver.java, JNDI_TXT_PROPERTY =
//   System.getProperty("io.grpc.internal.DnsNameResolverProvider.enable_service_config", "false");
//   resolveServiceConfig() runs only `if (enableTxt)`, through JNDI (enable_jndi, default true).
// - grpc-go: internal/envconfig/envconfig.go, EnableTXTServiceConfig =
//   boolFromEnv("GRPC_ENABLE_TXT_SERVICE_CONFIG", true); internal/resolver/dns/dns_resolver.go,
//   enableServiceConfig = envconfig.EnableTXTServiceConfig && !opts.DisableServiceConfig
//   (grpc.WithDisableServiceConfig()).
const LookupDefault& LookupDefaultFor(ProfileId p) {
  static const LookupDefault kCoreLookup{
      false,
      "off by default: set the channel argument grpc.service_config_disable_resolution "
      "(GRPC_ARG_SERVICE_CONFIG_DISABLE_RESOLUTION) to 0 to query TXT (c-ares and EventEngine resolvers); "
      "the native resolver (GRPC_DNS_RESOLVER=native) never queries TXT",
      "grpc src/core/resolver/dns/c_ares/dns_resolver_ares.cc, event_engine/event_engine_client_channel_resolver.cc, "
      "native/dns_resolver.cc"};
  static const LookupDefault kJavaLookup{
      false,
      "off by default: start the JVM with -Dio.grpc.internal.DnsNameResolverProvider.enable_service_config=true "
      "(and JNDI available: enable_jndi, default true; not on Android)",
      "grpc-java core/src/main/java/io/grpc/internal/DnsNameResolver.java"};
  static const LookupDefault kGoLookup{
      true,
      "on by default: GRPC_ENABLE_TXT_SERVICE_CONFIG=false in the environment turns it off for the process, "
      "grpc.WithDisableServiceConfig() for one channel",
      "grpc-go internal/envconfig/envconfig.go, internal/resolver/dns/dns_resolver.go"};
  static const LookupDefault kA2Lookup{
      true, "gRFC A2 describes the TXT lookup as part of DNS resolution, with no switch",
      "gRFC A2 (A2-service-configs-in-dns.md)"};
  switch (p) {
    case ProfileId::kCore: return kCoreLookup;
    case ProfileId::kJava: return kJavaLookup;
    case ProfileId::kGo: return kGoLookup;
    case ProfileId::kA2: return kA2Lookup;
  }
  return kCoreLookup;
}

const char* DefaultLanguage(ProfileId p) {
  switch (p) {
    case ProfileId::kCore: return "c++";
    case ProfileId::kJava: return "java";
    case ProfileId::kGo: return "GO";
    case ProfileId::kA2: return nullptr;
  }
  return nullptr;
}

const char* VerdictName(Verdict v) {
  switch (v) {
    case Verdict::kAbsent: return "absent";
    case Verdict::kPass: return "pass";
    case Verdict::kFail: return "fail";
    case Verdict::kError: return "error";
    case Verdict::kNotReached: return "not-reached";
  }
  return "absent";
}

const char* CriterionName(Criterion c) {
  switch (c) {
    case Criterion::kLanguage: return "clientLanguage";
    case Criterion::kHostname: return "clientHostname";
    case Criterion::kPercentage: return "percentage";
    case Criterion::kServiceConfig: return "serviceConfig";
    case Criterion::kKeys: return "keys";
  }
  return "keys";
}

std::string Suggest(std::string_view word, const std::vector<std::string>& candidates) {
  return doc::Suggest(word, candidates);
}

bool NameMatches(std::string_view wanted, std::string_view key) {
  std::string w = NormalizeName(wanted);
  if (w == key) return true;
  return std::string(kQueryPrefix) + w == key;
}

}  // namespace cfgi::txt
