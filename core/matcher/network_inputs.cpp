// Connection inputs and IP ranges (core/matcher/network_inputs.h).
#include "core/matcher/network_inputs.h"

#include <arpa/inet.h>

#include <cstring>

namespace cfgi::matcher {

std::optional<IpAddress> ParseIp(std::string_view text) {
  if (text.empty() || text.size() > 64) return std::nullopt;
  std::string s(text);
  IpAddress a;
  unsigned char buf[16] = {};
  if (s.find(':') == std::string::npos) {
    if (inet_pton(AF_INET, s.c_str(), buf) != 1) return std::nullopt;
    std::memcpy(a.bytes.data(), buf, 4);
    return a;
  }
  if (inet_pton(AF_INET6, s.c_str(), buf) != 1) return std::nullopt;
  a.v6 = true;
  std::memcpy(a.bytes.data(), buf, 16);
  return a;
}

std::string IpText(const IpAddress& a) {
  char out[INET6_ADDRSTRLEN] = {};
  if (!inet_ntop(a.v6 ? AF_INET6 : AF_INET, a.bytes.data(), out, sizeof out)) return "";
  return out;
}

namespace {
void Mask(IpAddress& a, uint32_t length) {
  const int bytes = a.v6 ? 16 : 4;
  for (int i = 0; i < bytes; ++i) {
    const int keep = static_cast<int>(length) - i * 8;
    if (keep >= 8) continue;
    a.bytes[static_cast<size_t>(i)] &= keep <= 0 ? 0 : static_cast<uint8_t>(0xFF << (8 - keep));
  }
}
}  // namespace

std::optional<Cidr> MakeCidr(std::string_view address, uint32_t length) {
  std::optional<IpAddress> a = ParseIp(address);
  if (!a) return std::nullopt;
  Cidr c;
  // Envoy's CidrRange (source/common/network/cidr_range.cc truncateIpAddressAndLength): a length
  // longer than the family's bits is the whole address.
  c.length = std::min<uint32_t>(length, static_cast<uint32_t>(a->bits()));
  c.prefix = *a;
  Mask(c.prefix, c.length);
  return c;
}

bool Cidr::Contains(const IpAddress& a) const {
  if (a.v6 != prefix.v6) return false;
  IpAddress m = a;
  Mask(m, length);
  return m.bytes == prefix.bytes;
}

std::string Cidr::Text() const { return IpText(prefix) + "/" + std::to_string(length); }

namespace {
struct NetworkType {
  const char* type;  // the message name in envoy.extensions.matching.common_inputs.network.v3
  const char* name;  // envoy.matching.inputs.<name>
  Input::Network n;
};
constexpr NetworkType kNetworkTypes[] = {
    {"DestinationIPInput", "destination_ip", Input::Network::kDestinationIp},
    {"DestinationPortInput", "destination_port", Input::Network::kDestinationPort},
    {"SourceIPInput", "source_ip", Input::Network::kSourceIp},
    {"SourcePortInput", "source_port", Input::Network::kSourcePort},
    {"DirectSourceIPInput", "direct_source_ip", Input::Network::kDirectSourceIp},
    {"SourceTypeInput", "source_type", Input::Network::kSourceType},
    {"ServerNameInput", "server_name", Input::Network::kServerName},
    {"TransportProtocolInput", "transport_protocol", Input::Network::kTransportProtocol},
    {"ApplicationProtocolInput", "application_protocol", Input::Network::kApplicationProtocol},
    {"FilterStateInput", "filter_state", Input::Network::kFilterState},
    // network_inputs.proto NetworkNamespaceInput: the listener address's network namespace file
    // path; no data when the listener has none.
    {"NetworkNamespaceInput", "network_namespace", Input::Network::kNetworkNamespace},
};
// envoy api/envoy/extensions/matching/common_inputs/ssl/v3/ssl_inputs.proto; values from
// source/common/ssl/matching/inputs.h (SANs joined with ",", the subject as given).
constexpr NetworkType kSslTypes[] = {
    {"UriSanInput", "uri_san", Input::Network::kUriSan},
    {"DnsSanInput", "dns_san", Input::Network::kDnsSan},
    {"SubjectInput", "subject", Input::Network::kSubject},
};
constexpr std::string_view kSslPackage = "envoy.extensions.matching.common_inputs.ssl.v3.";
constexpr std::string_view kNetworkPackage = "envoy.extensions.matching.common_inputs.network.v3.";
// Envoy 1.19-1.21 named the same inputs in envoy.type.matcher.v3 (network_inputs.proto there).
constexpr std::string_view kOldNetworkPackage = "envoy.type.matcher.v3.";

bool IsLoopback(const IpAddress& a) {
  if (!a.v6) return a.bytes[0] == 127;
  for (size_t i = 0; i < 15; ++i)
    if (a.bytes[i] != 0) return false;
  return a.bytes[15] == 1;
}
}  // namespace

std::optional<Input::Network> NetworkInputOf(std::string_view type) {
  if (type.substr(0, kSslPackage.size()) == kSslPackage) {
    for (const NetworkType& t : kSslTypes)
      if (type.substr(kSslPackage.size()) == t.type) return t.n;
    return std::nullopt;
  }
  std::string_view last;
  if (type.substr(0, kNetworkPackage.size()) == kNetworkPackage) last = type.substr(kNetworkPackage.size());
  else if (type.substr(0, kOldNetworkPackage.size()) == kOldNetworkPackage) last = type.substr(kOldNetworkPackage.size());
  else return std::nullopt;
  for (const NetworkType& t : kNetworkTypes)
    if (last == t.type) return t.n;
  return std::nullopt;
}

const char* NetworkInputName(Input::Network n) {
  for (const NetworkType& t : kNetworkTypes)
    if (t.n == n) return t.name;
  for (const NetworkType& t : kSslTypes)
    if (t.n == n) return t.name;
  return "";
}

std::optional<std::string> NetworkValue(const Request& r, Input::Network n, const std::string& key) {
  // An IP as Envoy's addressAsString gives it (canonical); text that is not an IP stays as given
  // (ParseRequest already reported it).
  auto ip = [](const std::optional<std::string>& v) -> std::optional<std::string> {
    if (!v || v->empty()) return std::nullopt;
    std::optional<IpAddress> a = ParseIp(*v);
    return a ? IpText(*a) : *v;
  };
  auto text = [](const std::optional<std::string>& v) -> std::optional<std::string> {
    if (!v || v->empty()) return std::nullopt;
    return v;
  };
  switch (n) {
    case Input::Network::kDestinationIp: return ip(r.destination_ip);
    case Input::Network::kDestinationPort: return text(r.destination_port);
    case Input::Network::kSourceIp: return ip(r.source_ip);
    case Input::Network::kSourcePort: return text(r.source_port);
    case Input::Network::kDirectSourceIp: return ip(r.direct_source_ip ? r.direct_source_ip : r.source_ip);
    case Input::Network::kSourceType: {
      // SourceTypeInput: "local" when isSameIpOrLoopback, otherwise no data.
      if (r.source_type) return *r.source_type == "local" ? std::optional<std::string>("local") : std::nullopt;
      std::optional<IpAddress> src = r.source_ip ? ParseIp(*r.source_ip) : std::nullopt;
      if (!src) return std::nullopt;
      std::optional<IpAddress> dst = r.destination_ip ? ParseIp(*r.destination_ip) : std::nullopt;
      if (IsLoopback(*src) || (dst && dst->v6 == src->v6 && dst->bytes == src->bytes)) return std::string("local");
      return std::nullopt;
    }
    case Input::Network::kServerName: return text(r.server_name);
    case Input::Network::kTransportProtocol: return text(r.transport_protocol);
    case Input::Network::kApplicationProtocol: {
      // ApplicationProtocolInput: "'h2','http/1.1'", no data for none.
      if (r.application_protocols.empty()) return std::nullopt;
      std::string out;
      for (const std::string& p : r.application_protocols) out += (out.empty() ? "'" : ",'") + p + "'";
      return out;
    }
    case Input::Network::kNetworkNamespace: return text(r.network_namespace);
    case Input::Network::kUriSan:
    case Input::Network::kDnsSan: {
      const std::vector<std::string>& sans = n == Input::Network::kUriSan ? r.uri_sans : r.dns_sans;
      if (sans.empty()) return std::nullopt;
      std::string out;
      for (const std::string& s : sans) out += (out.empty() ? "" : ",") + s;
      return out;
    }
    case Input::Network::kSubject: return text(r.subject);
    case Input::Network::kFilterState:
      for (const auto& [k, v] : r.filter_state)
        if (k == key) return v;
      return std::nullopt;
  }
  return std::nullopt;
}

bool ValueMatch::Match(const nlohmann::ordered_json* v) const {
  switch (kind) {
    case Kind::kNull: return v && v->is_null();
    case Kind::kBool: return v && v->is_boolean() && v->get<bool>() == flag;
    case Kind::kPresent: return flag && v != nullptr;
    case Kind::kDouble: {
      if (!v || !v->is_number()) return false;
      const double d = v->get<double>();
      return range ? start <= d && d < end : d == exact;
    }
    case Kind::kString: return v && v->is_string() && str.Match(v->get<std::string>());
    case Kind::kList:
      if (!v || !v->is_array() || children.empty()) return false;
      for (const auto& item : *v)
        if (children[0].Match(&item)) return true;
      return false;
    case Kind::kOr:
      for (const ValueMatch& c : children)
        if (c.Match(v)) return true;
      return false;
    case Kind::kInvalid: return false;
  }
  return false;
}

std::string ValueMatch::Describe() const {
  auto num = [](double d) {
    std::string s = std::to_string(d);
    while (s.size() > 1 && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s;
  };
  switch (kind) {
    case Kind::kNull: return "null_match";
    case Kind::kBool: return std::string("bool_match ") + (flag ? "true" : "false");
    case Kind::kPresent: return std::string("present_match ") + (flag ? "true" : "false");
    case Kind::kDouble: return range ? "double_match [" + num(start) + ", " + num(end) + ")" : "double_match " + num(exact);
    case Kind::kString: return "string_match " + str.Describe();
    case Kind::kList: return "list_match one_of (" + (children.empty() ? std::string("?") : children[0].Describe()) + ")";
    case Kind::kOr: {
      std::string out;
      for (const ValueMatch& c : children) out += (out.empty() ? "" : " or ") + c.Describe();
      return "or_match (" + out + ")";
    }
    case Kind::kInvalid: return "(invalid value matcher)";
  }
  return "";
}

const nlohmann::ordered_json* MetadataValue(const Request& r, const std::string& filter, const std::vector<std::string>& path) {
  if (!r.dynamic_metadata.is_object()) return nullptr;
  auto it = r.dynamic_metadata.find(filter);
  if (it == r.dynamic_metadata.end()) return nullptr;
  const nlohmann::ordered_json* v = &*it;
  for (const std::string& k : path) {
    if (!v->is_object()) return nullptr;
    auto c = v->find(k);
    if (c == v->end()) return nullptr;
    v = &*c;
  }
  return v;
}

}  // namespace cfgi::matcher
