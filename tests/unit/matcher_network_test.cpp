// Envoy's network inputs, IP matchers, MAT041, RBAC answers and "decided by"
// (core/matcher/network_inputs.h, matcher.cpp).
//
// Semantics from envoyproxy/envoy:
//   source/extensions/common/matcher/ip_range_matcher.h (IpRangeMatcher::match: candidates sorted
//     by prefix length, then declaration; the first always tried, later exclusive ones skipped; no
//     data or an unparsable address -> on_no_match), and cncf/xds xds/type/matcher/v3/ip.proto
//     (IPRangeMatcher.exclusive); Envoy's tests: test/extensions/common/matcher/
//     ip_range_matcher_test.cc (longest prefix, exclusive, nested no-match falls back).
//   source/extensions/matching/input_matchers/ip/matcher.cc (Ip: no data / "" / bad address false).
//   source/extensions/matching/network/common/inputs.h and inputs.cc (the value of every input:
//     addressAsString, the port in decimal, SourceTypeInput "local" or nothing,
//     ApplicationProtocolInput "'h2','http/1.1'", FilterStateInput by key).
//   api/envoy/config/rbac/v3/rbac.proto Action ("If the request cannot get matched, it will
//     fallback to DENY").
#include <gtest/gtest.h>

#include <string>

#include "core/doc/load.h"
#include "core/engine/engine.h"
#include "core/matcher/envoy_config.h"
#include "core/matcher/matcher.h"
#include "core/matcher/matcher_engine.h"
#include "core/matcher/network_inputs.h"

namespace cfgi {
namespace {

using matcher::Compiled;
using matcher::Profile;
using matcher::Request;
using matcher::Result;

Compiled LoadYaml(const std::string& text) {
  doc::Document d = doc::LoadDocument("m.yaml", text);
  return matcher::Compile(d);
}

std::string Actions(const Result& r) {
  std::string out;
  for (const matcher::Action* a : r.actions) out += (out.empty() ? "" : ",") + a->name;
  return out;
}

std::string Action(const Compiled& m, const Request& r, Profile p = Profile::kEnvoy) { return Actions(matcher::Evaluate(m, r, p)); }

Request Dst(const std::string& ip) {
  Request r;
  r.destination_ip = ip;
  return r;
}

// ---- addresses and ranges ----

TEST(NetworkInputs, ParseIpAndCidr) {
  ASSERT_TRUE(matcher::ParseIp("10.1.2.3"));
  EXPECT_FALSE(matcher::ParseIp("10.1.2"));
  EXPECT_FALSE(matcher::ParseIp("10.1.2.3:80"));
  EXPECT_FALSE(matcher::ParseIp("example.com"));
  EXPECT_FALSE(matcher::ParseIp(""));
  EXPECT_EQ(matcher::IpText(*matcher::ParseIp("2001:DB8:0:0::1")), "2001:db8::1");
  std::optional<matcher::Cidr> c = matcher::MakeCidr("10.1.2.3", 8);  // masked like Envoy's CidrRange
  ASSERT_TRUE(c);
  EXPECT_EQ(c->Text(), "10.0.0.0/8");
  EXPECT_TRUE(c->Contains(*matcher::ParseIp("10.255.0.1")));
  EXPECT_FALSE(c->Contains(*matcher::ParseIp("11.0.0.1")));
  EXPECT_FALSE(c->Contains(*matcher::ParseIp("::ffff:10.0.0.1")));  // another family
  EXPECT_EQ(matcher::MakeCidr("10.0.0.1", 40)->Text(), "10.0.0.1/32");  // clamped
  EXPECT_EQ(matcher::MakeCidr("0.0.0.0", 0)->Contains(*matcher::ParseIp("203.0.113.9")), true);
  std::optional<matcher::Cidr> v6 = matcher::MakeCidr("2001:db8:abcd::", 36);
  EXPECT_EQ(v6->Text(), "2001:db8:a000::/36");
  EXPECT_TRUE(v6->Contains(*matcher::ParseIp("2001:db8:afff::1")));
  EXPECT_FALSE(v6->Contains(*matcher::ParseIp("2001:db8:b000::1")));
}

// Every network input's value, as Envoy's DataInput gives it; nullopt is no data.
TEST(NetworkInputs, EveryInputsValue) {
  using N = matcher::Input::Network;
  Request r;
  EXPECT_EQ(matcher::NetworkValue(r, N::kDestinationIp, ""), std::nullopt);
  EXPECT_EQ(matcher::NetworkValue(r, N::kSourceType, ""), std::nullopt);
  EXPECT_EQ(matcher::NetworkValue(r, N::kApplicationProtocol, ""), std::nullopt);
  r.destination_ip = "2001:DB8::0:7";
  r.destination_port = "15008";
  r.source_ip = "10.0.0.5";
  r.source_port = "40123";
  r.server_name = "outbound_.80_._.reviews.default.svc.cluster.local";
  r.transport_protocol = "tls";
  r.application_protocols = {"h2", "http/1.1"};
  r.filter_state = {{"io.istio.peer_principal", "spiffe://cluster.local/ns/default/sa/bookinfo"}};
  r.network_namespace = "/var/run/netns/app";
  EXPECT_EQ(matcher::NetworkValue(r, N::kDestinationIp, ""), "2001:db8::7");  // addressAsString
  EXPECT_EQ(matcher::NetworkValue(r, N::kDestinationPort, ""), "15008");
  EXPECT_EQ(matcher::NetworkValue(r, N::kSourceIp, ""), "10.0.0.5");
  EXPECT_EQ(matcher::NetworkValue(r, N::kSourcePort, ""), "40123");
  EXPECT_EQ(matcher::NetworkValue(r, N::kDirectSourceIp, ""), "10.0.0.5");  // defaults to the source
  r.direct_source_ip = "192.168.1.1";
  EXPECT_EQ(matcher::NetworkValue(r, N::kDirectSourceIp, ""), "192.168.1.1");
  EXPECT_EQ(matcher::NetworkValue(r, N::kSourceType, ""), std::nullopt);  // external: no data
  EXPECT_EQ(matcher::NetworkValue(r, N::kServerName, ""), "outbound_.80_._.reviews.default.svc.cluster.local");
  EXPECT_EQ(matcher::NetworkValue(r, N::kTransportProtocol, ""), "tls");
  EXPECT_EQ(matcher::NetworkValue(r, N::kApplicationProtocol, ""), "'h2','http/1.1'");
  EXPECT_EQ(matcher::NetworkValue(r, N::kFilterState, "io.istio.peer_principal"), "spiffe://cluster.local/ns/default/sa/bookinfo");
  EXPECT_EQ(matcher::NetworkValue(r, N::kFilterState, "other"), std::nullopt);
  EXPECT_EQ(matcher::NetworkValue(r, N::kNetworkNamespace, ""), "/var/run/netns/app");
  // The peer certificate (envoy source/common/ssl/matching/inputs.h): SANs joined with ",".
  EXPECT_EQ(matcher::NetworkValue(r, N::kUriSan, ""), std::nullopt);
  r.uri_sans = {"spiffe://cluster.local/ns/a/sa/b", "spiffe://td/x"};
  r.dns_sans = {"b.a.svc"};
  r.subject = "CN=b,O=a";
  EXPECT_EQ(matcher::NetworkValue(r, N::kUriSan, ""), "spiffe://cluster.local/ns/a/sa/b,spiffe://td/x");
  EXPECT_EQ(matcher::NetworkValue(r, N::kDnsSan, ""), "b.a.svc");
  EXPECT_EQ(matcher::NetworkValue(r, N::kSubject, ""), "CN=b,O=a");
  EXPECT_EQ(matcher::NetworkInputOf("envoy.extensions.matching.common_inputs.ssl.v3.UriSanInput"), N::kUriSan);
  // SourceTypeInput: loopback or the same address as the destination is "local".
  Request local;
  local.source_ip = "127.0.0.1";
  EXPECT_EQ(matcher::NetworkValue(local, N::kSourceType, ""), "local");
  local.source_ip = "10.0.0.9";
  local.destination_ip = "10.0.0.9";
  EXPECT_EQ(matcher::NetworkValue(local, N::kSourceType, ""), "local");
  local.source_type = "external";
  EXPECT_EQ(matcher::NetworkValue(local, N::kSourceType, ""), std::nullopt);
}

TEST(NetworkInputs, TypesAreRecognised) {
  EXPECT_EQ(matcher::NetworkInputOf("envoy.extensions.matching.common_inputs.network.v3.DestinationIPInput"),
            matcher::Input::Network::kDestinationIp);
  EXPECT_EQ(matcher::NetworkInputOf("envoy.type.matcher.v3.SourcePortInput"), matcher::Input::Network::kSourcePort);
  EXPECT_EQ(matcher::NetworkInputOf("envoy.type.matcher.v3.HttpRequestHeaderMatchInput"), std::nullopt);
  EXPECT_STREQ(matcher::NetworkInputName(matcher::Input::Network::kApplicationProtocol), "application_protocol");
}

// A list matcher on each input, read from the request as Envoy reads it.
TEST(NetworkInputs, PredicatesOnEveryInput) {
  const char* kInputs[][3] = {
      {"DestinationIPInput", "10.0.0.1", ""},     {"DestinationPortInput", "443", ""},
      {"SourceIPInput", "10.0.0.2", ""},          {"SourcePortInput", "5000", ""},
      {"DirectSourceIPInput", "10.0.0.3", ""},    {"SourceTypeInput", "local", ""},
      {"ServerNameInput", "api.example.com", ""}, {"TransportProtocolInput", "tls", ""},
      {"ApplicationProtocolInput", "'h2'", ""},   {"FilterStateInput", "v1", "k1"},
      {"NetworkNamespaceInput", "/run/netns/a", ""},
  };
  Request r;
  r.destination_ip = "10.0.0.1";
  r.destination_port = "443";
  r.source_ip = "10.0.0.2";
  r.source_port = "5000";
  r.direct_source_ip = "10.0.0.3";
  r.source_type = "local";
  r.server_name = "api.example.com";
  r.transport_protocol = "tls";
  r.application_protocols = {"h2"};
  r.filter_state = {{"k1", "v1"}};
  r.network_namespace = "/run/netns/a";
  for (const auto& in : kInputs) {
    SCOPED_TRACE(in[0]);
    std::string key = *in[2] ? std::string(",\"key\":\"") + in[2] + "\"" : "";
    Compiled m = LoadYaml(std::string(R"({"matcher_list":{"matchers":[{"predicate":{"single_predicate":{"input":{"name":"i","typed_config":{"@type":"type.googleapis.com/envoy.extensions.matching.common_inputs.network.v3.)") +
                          in[0] + "\"" + key + R"(}},"value_match":{"exact":")" + in[1] +
                          R"("}}},"on_match":{"action":{"name":"hit","typed_config":{"@type":"type.googleapis.com/google.protobuf.StringValue"}}}}]}})");
    for (size_t k = 0; k < m.diagnostics.size(); ++k)
      EXPECT_EQ(m.RejectedByOf(k), matcher::RejectedBy::kGrpc) << m.diagnostics[k].code << " " << m.diagnostics[k].message;
    EXPECT_EQ(Action(m, r), "hit");
    EXPECT_EQ(Action(m, Request{}), "");  // no data: the predicate is false
  }
}

// HttpRequestQueryParamMatchInput: the first value in :path's query string, percent-decoded
// (envoy source/common/http/matching/inputs.h HttpRequestQueryParamsDataInput).
TEST(QueryParamInput, FirstDecodedValue) {
  Request r;
  r.path = "/search?q=a%20b&lang=en&q=second&flag";
  EXPECT_EQ(matcher::QueryParamValue(r, "q"), "a b");
  EXPECT_EQ(matcher::QueryParamValue(r, "lang"), "en");
  EXPECT_EQ(matcher::QueryParamValue(r, "flag"), "");
  EXPECT_EQ(matcher::QueryParamValue(r, "missing"), std::nullopt);
  Request split;
  split.path = "/search";
  split.query = "lang=de";
  EXPECT_EQ(matcher::QueryParamValue(split, "lang"), "de");
  EXPECT_EQ(matcher::QueryParamValue(Request{}, "lang"), std::nullopt);
  Compiled m = LoadYaml(R"(
matcher_tree:
  input: {name: q, typed_config: {"@type": type.googleapis.com/envoy.type.matcher.v3.HttpRequestQueryParamMatchInput, query_param: lang}}
  exact_match_map:
    map:
      en: {action: {name: english, typed_config: {"@type": type.googleapis.com/google.protobuf.StringValue}}}
on_no_match: {action: {name: other, typed_config: {"@type": type.googleapis.com/google.protobuf.StringValue}}}
)");
  EXPECT_EQ(Action(m, r), "english");
  EXPECT_EQ(Action(m, split), "other");
  EXPECT_TRUE(matcher::Evaluate(m, r, Profile::kEnvoy).unevaluated.empty());
}

// DynamicMetadataInput with the Metadata input matcher (envoy
// source/extensions/matching/http/metadata_input/meta_input.h, input_matchers/metadata/matcher.cc,
// source/common/common/matchers.cc ValueMatcher: present_match false matches nothing, a double
// range is [start, end), list_match one_of any element).
TEST(MetadataInput, ValueMatchersAndInvert) {
  auto matcher = [](const std::string& value, bool invert, const std::string& key = "sub") {
    return LoadYaml(R"(
matcher_list:
  matchers:
  - predicate:
      single_predicate:
        input:
          name: jwt
          typed_config:
            "@type": type.googleapis.com/envoy.extensions.matching.common_inputs.network.v3.DynamicMetadataInput
            filter: envoy.filters.http.jwt_authn
            path: [{key: payload}, {key: )" + key + R"(}]
        custom_match:
          name: md
          typed_config:
            "@type": type.googleapis.com/envoy.extensions.matching.input_matchers.metadata.v3.Metadata
            value: )" + value + R"(
            invert: )" + (invert ? "true" : "false") + R"(
    on_match: {action: {name: hit, typed_config: {"@type": type.googleapis.com/google.protobuf.StringValue}}}
)");
  };
  Request r;
  r.dynamic_metadata = nlohmann::ordered_json::parse(R"({"envoy.filters.http.jwt_authn": {"payload": {"sub": "alice", "level": 3, "groups": ["dev", "ops"]}}})");
  EXPECT_EQ(Action(matcher("{string_match: {exact: alice}}", false), r), "hit");
  EXPECT_EQ(Action(matcher("{string_match: {exact: bob}}", false), r), "");
  EXPECT_EQ(Action(matcher("{string_match: {exact: bob}}", true), r), "hit");
  EXPECT_EQ(Action(matcher("{present_match: true}", false), r), "hit");
  EXPECT_EQ(Action(matcher("{present_match: false}", false), r), "");  // matches nothing
  EXPECT_EQ(Action(matcher("{present_match: true}", false), Request{}), "");
  EXPECT_EQ(Action(matcher("{double_match: {range: {start: 1, end: 3}}}", false, "level"), r), "");  // [1, 3): 3 is out
  EXPECT_EQ(Action(matcher("{double_match: {exact: 3}}", false, "level"), r), "hit");
  EXPECT_EQ(Action(matcher("{list_match: {one_of: {string_match: {exact: ops}}}}", false, "groups"), r), "hit");
  EXPECT_EQ(matcher::MetadataValue(r, "envoy.filters.http.jwt_authn", {"payload", "sub", "deeper"}), nullptr);
  // value_match on a metadata input is what Envoy rejects: MAT014.
  Compiled bad = LoadYaml(R"(
matcher_list:
  matchers:
  - predicate:
      single_predicate:
        input: {name: m, typed_config: {"@type": type.googleapis.com/envoy.extensions.matching.common_inputs.network.v3.DynamicMetadataInput, filter: f, path: [{key: k}]}}
        value_match: {exact: v}
    on_match: {action: {name: a, typed_config: {"@type": type.googleapis.com/google.protobuf.StringValue}}}
)");
  bool mat014 = false;
  for (size_t k = 0; k < bad.diagnostics.size(); ++k)
    mat014 = mat014 || (bad.diagnostics[k].code == "MAT014" && bad.RejectedByOf(k) == matcher::RejectedBy::kAll);
  EXPECT_TRUE(mat014);
}

// The app's typed request carries the connection too.
TEST(NetworkRequest, FromText) {
  Request r = matcher::RequestFromText("destination_ip = 10.0.0.1\ndestination_port: 443\napplication_protocol=h2\nx-a=1\n");
  EXPECT_EQ(r.destination_ip, "10.0.0.1");
  EXPECT_EQ(r.destination_port, "443");
  EXPECT_EQ(r.application_protocols, (std::vector<std::string>{"h2"}));
  ASSERT_EQ(r.headers.size(), 1u);
  EXPECT_EQ(r.headers[0].first, "x-a");
}

// ---- IPMatcher (matcher_tree.custom_match) ----

const char* kIpTree = R"(
matcher_tree:
  input:
    name: ip
    typed_config: {"@type": type.googleapis.com/envoy.extensions.matching.common_inputs.network.v3.DestinationIPInput}
  custom_match:
    name: ip-matcher
    typed_config:
      "@type": type.googleapis.com/xds.type.matcher.v3.IPMatcher
      range_matchers:
      - ranges: [{address_prefix: 10.0.0.0, prefix_len: 8}]
        on_match: {action: {name: wide, typed_config: {"@type": type.googleapis.com/google.protobuf.StringValue}}}
      - ranges: [{address_prefix: 10.1.0.0, prefix_len: 16}, {address_prefix: 192.168.0.0, prefix_len: 16}]
        on_match: {action: {name: narrow, typed_config: {"@type": type.googleapis.com/google.protobuf.StringValue}}}
      - ranges: [{address_prefix: "2001:db8::", prefix_len: 32}]
        on_match: {action: {name: v6, typed_config: {"@type": type.googleapis.com/google.protobuf.StringValue}}}
on_no_match: {action: {name: none, typed_config: {"@type": type.googleapis.com/google.protobuf.StringValue}}}
)";

TEST(IpMatcher, LongestPrefixWinsIPv4AndIPv6) {
  Compiled m = LoadYaml(kIpTree);
  EXPECT_EQ(Action(m, Dst("10.1.2.3")), "narrow");
  EXPECT_EQ(Action(m, Dst("10.2.0.1")), "wide");
  EXPECT_EQ(Action(m, Dst("192.168.7.7")), "narrow");
  EXPECT_EQ(Action(m, Dst("172.16.0.1")), "none");
  EXPECT_EQ(Action(m, Dst("2001:db8:1::5")), "v6");
  EXPECT_EQ(Action(m, Dst("2001:db9::5")), "none");
  EXPECT_EQ(Action(m, Request{}), "none");  // no data: on_no_match
  // The explanation names the range that decided; decided_by says the same.
  doc::Step why;
  Result r = matcher::Evaluate(m, Dst("10.1.2.3"), Profile::kEnvoy, &why);
  EXPECT_EQ(r.decided_by().what, "range 10.1.0.0/16");
  EXPECT_EQ(r.decided_by().detail, "input destination_ip = '10.1.2.3' is in 10.1.0.0/16");
  EXPECT_EQ(r.decided_by().path, "matcher_tree.custom_match.typed_config.range_matchers[1].on_match");
  ASSERT_EQ(why.children.size(), 1u);
  EXPECT_EQ(why.children[0].what, "IPMatcher");
  EXPECT_EQ(why.children[0].detail, "input destination_ip = '10.1.2.3'");
  Result none = matcher::Evaluate(m, Dst("172.16.0.1"), Profile::kEnvoy);
  EXPECT_EQ(none.decided_by().what, "on_no_match");
  EXPECT_EQ(none.decided_by().detail, "no key of the tree on input destination_ip gave a match");
  // gRPC NACKs the network input (MAT009) and a custom_match in a tree (MAT010), gRPC only; no
  // other finding.
  ASSERT_EQ(m.diagnostics.size(), 2u);
  EXPECT_EQ(m.diagnostics[0].code, "MAT009");
  EXPECT_EQ(m.diagnostics[1].code, "MAT010");
  EXPECT_EQ(m.RejectedByOf(0), matcher::RejectedBy::kGrpc);
  EXPECT_EQ(m.RejectedByOf(1), matcher::RejectedBy::kGrpc);
}

// exclusive: a less specific exclusive range is not tried after a more specific one gave no match;
// a non-exclusive one is (ip.proto IPRangeMatcher.exclusive's example).
TEST(IpMatcher, ExclusiveAndNestedFallBack) {
  auto tree = [](const char* exclusive) {
    return std::string(R"(
matcher_tree:
  input: {name: ip, typed_config: {"@type": type.googleapis.com/envoy.extensions.matching.common_inputs.network.v3.SourceIPInput}}
  custom_match:
    name: ip
    typed_config:
      "@type": type.googleapis.com/xds.type.matcher.v3.IPMatcher
      range_matchers:
      - ranges: [{address_prefix: 0.0.0.0, prefix_len: 0}]
        exclusive: )") + exclusive + R"(
        on_match: {action: {name: x, typed_config: {"@type": type.googleapis.com/google.protobuf.StringValue}}}
      - ranges: [{address_prefix: 192.0.0.0, prefix_len: 2}]
        on_match:
          matcher:
            matcher_list:
              matchers:
              - predicate:
                  single_predicate:
                    input: {name: h, typed_config: {"@type": type.googleapis.com/envoy.type.matcher.v3.HttpRequestHeaderMatchInput, header_name: x-z}}
                    value_match: {exact: "yes"}
                on_match: {action: {name: z, typed_config: {"@type": type.googleapis.com/google.protobuf.StringValue}}}
on_no_match: {action: {name: default, typed_config: {"@type": type.googleapis.com/google.protobuf.StringValue}}}
)";
  };
  Request in;
  in.source_ip = "192.168.0.1";
  Request with_z = in;
  with_z.headers = {{"x-z", "yes"}};
  Compiled excl = LoadYaml(tree("true"));
  EXPECT_EQ(Action(excl, with_z), "z");
  EXPECT_EQ(Action(excl, in), "default");  // Y's nested Z fails; X is exclusive: on_no_match
  doc::Step why;
  matcher::Evaluate(excl, in, Profile::kEnvoy, &why);
  ASSERT_EQ(why.children[0].children.size(), 2u);
  EXPECT_EQ(why.children[0].children[1].what, "range 0.0.0.0/0");
  EXPECT_EQ(why.children[0].children[1].outcome, doc::Outcome::kSkipped);
  Compiled open = LoadYaml(tree("false"));
  EXPECT_EQ(Action(open, in), "x");  // not exclusive: X applies when Y rejects
  Request outside;
  outside.source_ip = "10.0.0.1";
  EXPECT_EQ(Action(excl, outside), "x");  // X is the first (only) candidate: always tried
  Request bad;
  bad.source_ip = "not-an-ip";  // Envoy: an address that does not parse goes to on_no_match
  EXPECT_EQ(Action(excl, bad), "default");
}

TEST(IpMatcher, BadRangesAreMAT045) {
  Compiled m = LoadYaml(R"(
matcher_tree:
  input: {name: ip, typed_config: {"@type": type.googleapis.com/envoy.extensions.matching.common_inputs.network.v3.DestinationIPInput}}
  custom_match:
    name: ip
    typed_config:
      "@type": type.googleapis.com/xds.type.matcher.v3.IPMatcher
      range_matchers:
      - ranges: [{address_prefix: 10.0.0.0/8, prefix_len: 8}]
        on_match: {action: {name: a, typed_config: {"@type": type.googleapis.com/google.protobuf.StringValue}}}
      - ranges: [{address_prefix: 10.0.0.1, prefix_len: 33}]
        on_match: {action: {name: b, typed_config: {"@type": type.googleapis.com/google.protobuf.StringValue}}}
)");
  std::vector<std::string> got;
  for (const doc::Diagnostic& i : m.diagnostics)
    if (i.code == "MAT045") got.push_back(i.path + " | " + i.message);
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0], "matcher_tree.custom_match.typed_config.range_matchers[0].ranges[0].address_prefix | address_prefix '10.0.0.0/8' is not an IPv4 or IPv6 address; Envoy rejects the range (write e.g. 10.0.0.0 with prefix_len 8)");
  EXPECT_EQ(got[1], "matcher_tree.custom_match.typed_config.range_matchers[1].ranges[0].prefix_len | prefix_len 33 is longer than the address (32 bits); Envoy reads it as /32. Write at most 32");
  EXPECT_EQ(Action(m, Dst("10.0.0.1")), "b");
}

// The Ip input matcher (a single predicate's custom_match).
TEST(IpInputMatcher, CidrRanges) {
  Compiled m = LoadYaml(R"(
matcher_list:
  matchers:
  - predicate:
      single_predicate:
        input: {name: src, typed_config: {"@type": type.googleapis.com/envoy.extensions.matching.common_inputs.network.v3.SourceIPInput}}
        custom_match:
          name: ip
          typed_config:
            "@type": type.googleapis.com/envoy.extensions.matching.input_matchers.ip.v3.Ip
            cidr_ranges: [{address_prefix: 10.0.0.0, prefix_len: 8}, {address_prefix: "fd00::", prefix_len: 8}]
            stat_prefix: internal
    on_match: {action: {name: internal, typed_config: {"@type": type.googleapis.com/google.protobuf.StringValue}}}
)");
  Request r;
  r.source_ip = "10.9.9.9";
  EXPECT_EQ(Action(m, r), "internal");
  r.source_ip = "fd12::1";
  EXPECT_EQ(Action(m, r), "internal");
  r.source_ip = "8.8.8.8";
  EXPECT_EQ(Action(m, r), "");
  EXPECT_EQ(Action(m, Request{}), "");  // no data: false
  Result res = matcher::Evaluate(m, r, Profile::kEnvoy);
  EXPECT_TRUE(res.unevaluated.empty());
}

// ---- MAT041: custom matchers and inputs that are not evaluated ----

TEST(Mat041, NamesTheInputAndTheMatcherTheRightWayRound) {
  const std::string text = R"(name: envoy.filters.network.rbac
typed_config:
  "@type": type.googleapis.com/envoy.extensions.filters.network.rbac.v3.RBAC
  matcher:
    matcher_list:
      matchers:
      - predicate:
          single_predicate:
            input: {name: sni, typed_config: {"@type": type.googleapis.com/envoy.extensions.matching.common_inputs.network.v3.ServerNameInput}}
            custom_match: {name: rt, typed_config: {"@type": type.googleapis.com/envoy.extensions.matching.input_matchers.runtime_fraction.v3.RuntimeFraction}}
        on_match: {action: {name: allow-some, typed_config: {"@type": type.googleapis.com/envoy.config.rbac.v3.Action, name: allow-some, action: ALLOW}}}
      - predicate:
          single_predicate:
            input: {name: resp, typed_config: {"@type": type.googleapis.com/envoy.type.matcher.v3.HttpResponseHeaderMatchInput, header_name: x}}
            value_match: {exact: "1"}
        on_match: {action: {name: deny-resp, typed_config: {"@type": type.googleapis.com/envoy.config.rbac.v3.Action, name: deny-resp, action: DENY}}}
)";
  doc::Document d = doc::LoadDocument("rbac.yaml", text);
  matcher::EnvoyConfig c = matcher::DiscoverEnvoyMatchers(d);
  ASSERT_EQ(c.matchers.size(), 1u);
  Compiled m = matcher::LoadFound(d, c, c.matchers[0]);
  std::vector<const doc::Diagnostic*> mat041;
  for (const doc::Diagnostic& i : m.diagnostics)
    if (i.code == "MAT041") mat041.push_back(&i);
  ASSERT_EQ(mat041.size(), 2u);
  EXPECT_EQ(mat041[0]->message,
            "this matcher uses the custom matcher RuntimeFraction "
            "(envoy.extensions.matching.input_matchers.runtime_fraction.v3.RuntimeFraction) on the input server_name "
            "(envoy.extensions.matching.common_inputs.network.v3.ServerNameInput), and this tool does not evaluate that "
            "matcher: a request that reaches it is listed as unevaluated, not as a match or no match. Check that branch by hand");
  EXPECT_EQ(mat041[0]->path, "typed_config.matcher.matcher_list.matchers[0].predicate.custom_match");
  EXPECT_EQ(d.source->Locate(mat041[0]->range.begin).line, 10);  // the custom_match
  EXPECT_EQ(mat041[1]->message,
            "this matcher reads the input response headers (envoy.type.matcher.v3.HttpResponseHeaderMatchInput), which "
            "this tool does not evaluate: a request whose answer depends on it is listed as unevaluated, not as a match "
            "or no match. Check those branches by hand");
  EXPECT_EQ(mat041[1]->path, "typed_config.matcher.matcher_list.matchers[1].predicate.input");
  // A request that reaches them is unevaluated, never "no match"; and no RBAC DENY is claimed.
  Query q;
  q.flags = {{"server-name", "a.example.com"}};
  auto s = std::make_shared<Scenario>(LoadScenario({{"rbac.yaml", text}}));
  InspectOptions o;
  o.result_json = true;  // reads Report::result
  o.profiles = {"envoy"};
  Inspection i = Inspect(GetMatcherEngine(), s, q, o);
  const auto& req = i.reports.at(0).result["requests"][0];
  EXPECT_EQ(req["actions"], nlohmann::ordered_json::array());
  EXPECT_EQ(req["unevaluated"],
            nlohmann::ordered_json::array({"custom matcher envoy.extensions.matching.input_matchers.runtime_fraction.v3.RuntimeFraction on input server_name",
                                           "input envoy.type.matcher.v3.HttpResponseHeaderMatchInput"}));
  EXPECT_FALSE(req.contains("rbac"));
  EXPECT_EQ(req["trace"][0]["detail"], "not evaluated: the answer depends on what this tool does not evaluate");
  EXPECT_EQ(i.reports[0].result["envoy"]["matchers"][0]["unevaluated_inputs"],
            nlohmann::ordered_json::array({"custom matcher RuntimeFraction (envoy.extensions.matching.input_matchers.runtime_fraction.v3.RuntimeFraction) on input server_name (envoy.extensions.matching.common_inputs.network.v3.ServerNameInput)",
                                           "input response headers (envoy.type.matcher.v3.HttpResponseHeaderMatchInput)"}));
}

// ---- RBAC: ALLOW / DENY and what decided ----

const char* kRbac = R"(name: envoy.filters.http.rbac
typed_config:
  "@type": type.googleapis.com/envoy.extensions.filters.http.rbac.v3.RBAC
  matcher:
    matcher_list:
      matchers:
      - predicate:
          and_matcher:
            predicate:
            - single_predicate:
                input: {name: path, typed_config: {"@type": type.googleapis.com/envoy.type.matcher.v3.HttpRequestHeaderMatchInput, header_name: ":path"}}
                value_match: {prefix: /admin/}
            - single_predicate:
                input: {name: team, typed_config: {"@type": type.googleapis.com/envoy.type.matcher.v3.HttpRequestHeaderMatchInput, header_name: x-team}}
                value_match: {exact: platform}
        on_match:
          action: {name: allow-platform, typed_config: {"@type": type.googleapis.com/envoy.config.rbac.v3.Action, name: allow-platform, action: ALLOW}}
    on_no_match:
      action: {name: deny-all, typed_config: {"@type": type.googleapis.com/envoy.config.rbac.v3.Action, name: deny-all, action: DENY}}
)";

nlohmann::ordered_json RunRbac(const std::string& text, std::vector<std::pair<std::string, std::string>> flags) {
  Query q;
  q.flags = std::move(flags);
  auto s = std::make_shared<Scenario>(LoadScenario({{"rbac.yaml", text}}));
  InspectOptions o;
  o.result_json = true;  // reads Report::result
  o.profiles = {"envoy"};
  Inspection i = Inspect(GetMatcherEngine(), s, q, o);
  return i.reports.at(0).result["requests"][0];
}

TEST(Rbac, AllowAndItsDecider) {
  auto r = RunRbac(kRbac, {{"path", "/admin/users"}, {"header", "x-team=platform"}});
  EXPECT_EQ(r["rbac"], (nlohmann::ordered_json{{"action", "ALLOW"}, {"name", "allow-platform"}}));
  EXPECT_EQ(r["decided_by"]["what"], "matchers[0]");
  EXPECT_EQ(r["decided_by"]["detail"], "its predicate is true: and_matcher of 2 predicates");
  EXPECT_EQ(r["decided_by"]["line"], 7);
}

// The path matches, the team does not: on_no_match decided, not the inner :path predicate.
TEST(Rbac, DenyDecidedByOnNoMatch) {
  auto r = RunRbac(kRbac, {{"path", "/admin/users"}, {"header", "x-team=web"}});
  EXPECT_EQ(r["rbac"], (nlohmann::ordered_json{{"action", "DENY"}, {"name", "deny-all"}}));
  EXPECT_EQ(r["decided_by"]["what"], "on_no_match");
  EXPECT_EQ(r["decided_by"]["detail"], "no matcher in the list gave a match");
  EXPECT_EQ(r["decided_by"]["path"], "typed_config.matcher.on_no_match");
  EXPECT_EQ(r["decided_by"]["line"], 19);
}

// Without on_no_match and without a match, Envoy's RBAC filter denies (rbac.proto Action).
TEST(Rbac, NoActionIsDeny) {
  std::string text = kRbac;
  text = text.substr(0, text.find("    on_no_match:"));
  auto r = RunRbac(text, {{"path", "/public"}});
  EXPECT_EQ(r["rbac"], (nlohmann::ordered_json{{"action", "DENY"}, {"name", nullptr}}));
  EXPECT_EQ(r["decided_by"], nullptr);
  // An action without `action:` is ALLOW (proto3's default RBAC.Action).
  matcher::Action a;
  a.type = "envoy.config.rbac.v3.Action";
  a.name = "n";
  a.config = {{"name", "p"}};
  EXPECT_EQ(matcher::RbacActionOf(a)->action, "ALLOW");
  EXPECT_EQ(matcher::RbacActionOf(a)->name, "p");
  a.config = {{"name", "p"}, {"action", "LOG"}};
  EXPECT_EQ(matcher::RbacActionOf(a)->action, "LOG");
  a.type = "google.protobuf.StringValue";
  EXPECT_EQ(matcher::RbacActionOf(a), std::nullopt);
}

// ---- requests: flags and scenario keys ----

TEST(NetworkRequest, FlagsAndScenarioKeys) {
  doc::Document d = doc::LoadDocument("r.yaml",
                                      "destination_ip: 10.0.0.1\ndestination_port: '15008'\nsource_type: local\n"
                                      "application_protocols: [h2, http/1.1]\nfilter_state: {k: v}\n");
  doc::DiagnosticSink sink(d.source.get());
  std::optional<Request> r = matcher::ParseRequest(*d.root(), sink, "inputs.requests[0]");
  ASSERT_TRUE(r);
  EXPECT_TRUE(sink.list().empty());
  EXPECT_EQ(r->destination_ip, "10.0.0.1");
  EXPECT_EQ(r->destination_port, "15008");
  EXPECT_EQ(r->application_protocols, (std::vector<std::string>{"h2", "http/1.1"}));
  EXPECT_EQ(r->ToJson().dump(), R"({"headers":{},"destination_ip":"10.0.0.1","destination_port":"15008","source_type":"local","application_protocols":["h2","http/1.1"],"filter_state":{"k":"v"}})");
  doc::Document bad = doc::LoadDocument("b.yaml", "source_ip: 10.0.0.1:80\ndestination_port: http\n");
  doc::DiagnosticSink bs(bad.source.get());
  EXPECT_FALSE(matcher::ParseRequest(*bad.root(), bs, "inputs.requests[0]"));
  ASSERT_EQ(bs.list().size(), 2u);
  EXPECT_EQ(bs.list()[0].code, "MAT020");
  EXPECT_EQ(bs.list()[0].message, "source_ip '10.0.0.1:80' is not an IPv4 or IPv6 address (write e.g. 10.0.0.1 or 2001:db8::1, without a port)");
  EXPECT_EQ(bs.list()[0].begin.line, 1);
  EXPECT_EQ(bs.list()[0].begin.column, 12);
  EXPECT_EQ(bs.list()[1].message, "destination_port 'http' is not a port number (0 to 65535)");
  // The query flags: --destination-ip, --application-protocol (a list), --filter-state.
  Query q;
  q.flags = {{"destination-ip", "10.1.2.3"}, {"application-protocol", "h2,http/1.1"}, {"filter-state", "k=v"}};
  auto s = std::make_shared<Scenario>(LoadScenario({{"m.yaml", kIpTree}}));
  InspectOptions o;
  o.result_json = true;  // reads Report::result
  o.profiles = {"envoy"};
  Inspection i = Inspect(GetMatcherEngine(), s, q, o);
  const auto& req = i.reports.at(0).result["requests"][0];
  EXPECT_EQ(req["request"].dump(), R"({"headers":{},"destination_ip":"10.1.2.3","application_protocols":["h2","http/1.1"],"filter_state":{"k":"v"}})");
  EXPECT_EQ(req["actions"], nlohmann::ordered_json::array({"narrow"}));
  // A bad flag value is MAT020 naming the flag.
  Query qb;
  qb.flags = {{"destination-port", "99999"}};
  Inspection ib = Inspect(GetMatcherEngine(), s, qb, o);
  bool found = false;
  for (const doc::Diagnostic& dg : ib.reports[0].diagnostics)
    if (dg.code == "MAT020") {
      found = true;
      EXPECT_EQ(dg.message, "--destination-port: destination_port '99999' is not a port number (0 to 65535)");
    }
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace cfgi
