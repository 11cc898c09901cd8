// Parsing of Envoy's IP matchers, network inputs and query parameter input
// (core/matcher/network_inputs.h); matcher_parse.cpp's Loader calls these.
#include <algorithm>

#include "core/doc/textproto_tree.h"
#include "core/matcher/network_inputs.h"

namespace cfgi::matcher {

using doc::Node;

namespace {

void Add(const ParseSink& s, const char* code, doc::SourceRange r, const std::string& path, std::string msg,
         RejectedBy who = RejectedBy::kAll, doc::Severity sev = doc::Severity::kError) {
  s.add(code, r, path, std::move(msg), who, sev);
}

// A field path segment below the loader's scoped path for the scope's lifetime.
using Scope = doc::DiagnosticSink::ScopedField;

}  // namespace

std::shared_ptr<const Cidr> ParseCidr(const Node& n, const ParseSink& sink) {
  const Node* a = doc::GetProtoValue(&n, "address_prefix");
  const Node* l = doc::GetProtoValue(&n, "prefix_len");
  if (l && l->is_map()) l = doc::GetProtoValue(l, "value");
  std::string addr = a ? a->text() : "";
  long long len = 0;
  if (l) {
    const std::string t = l->text();
    if (t.empty() || t.size() > 10 || t.find_first_not_of("0123456789") != std::string::npos) {
      Add(sink, "MAT045", l->range(), ".prefix_len", "prefix_len '" + t + "' is not a number of bits (0 to 128)");
      return nullptr;
    }
    len = std::stoll(t);
  }
  std::optional<Cidr> c = MakeCidr(addr, static_cast<uint32_t>(std::min<long long>(len, 1000)));
  if (!c) {
    Add(sink, "MAT045", a ? a->range() : n.range(), ".address_prefix",
        a ? "address_prefix '" + addr + "' is not an IPv4 or IPv6 address; Envoy rejects the range (write e.g. 10.0.0.0 with prefix_len 8)"
          : "field not present: a CIDR range needs address_prefix (and prefix_len)");
    return nullptr;
  }
  if (len > c->prefix.bits())
    Add(sink, "MAT045", l->range(), ".prefix_len",
        "prefix_len " + std::to_string(len) + " is longer than the address (" + std::to_string(c->prefix.bits()) +
            " bits); Envoy reads it as /" + std::to_string(c->prefix.bits()) + ". Write at most " + std::to_string(c->prefix.bits()),
        RejectedBy::kAll, doc::Severity::kWarning);
  return std::make_shared<const Cidr>(*c);
}

void ParseIpMatcher(Matcher& m, const Node& cfg, const ParseSink& sink,
                    const std::function<OnMatch(const Node&, const std::string&)>& on_match) {
  m.kind = Matcher::Kind::kIpMap;
  const Node* rms = doc::GetProtoValue(&cfg, "range_matchers");
  int count = 0;
  if (rms)
    doc::ForEachValue(*rms, [&](const Node& rm, int i) {
      ++count;
      Scope item(sink.scope, ".range_matchers[" + std::to_string(i) + "]");
      MapEntry e;
      e.key_range = rm.range();
      const int idx = static_cast<int>(m.entries.size());
      const Node* ex = doc::GetProtoValue(&rm, "exclusive");
      const bool exclusive = ex && ex->text() == "true";
      int ranges = 0;
      if (const Node* rs = doc::GetProtoValue(&rm, "ranges"))
        doc::ForEachValue(*rs, [&](const Node& r, int j) {
          ++ranges;
          Scope range(sink.scope, ".ranges[" + std::to_string(j) + "]");
          if (auto c = ParseCidr(r, sink)) {
            e.key += (e.key.empty() ? "" : ", ") + c->Text();
            m.ip_nodes.push_back({c, idx, exclusive});
          }
        });
      if (ranges == 0)
        Add(sink, "MAT045", rm.range(), ".ranges", "ranges is empty; a range matcher needs at least one CIDR range (ip.proto: min_items 1)");
      if (const Node* om = doc::GetProtoValue(&rm, "on_match")) {
        Scope field(sink.scope, ".on_match");
        e.on_match = on_match(*om, "range_matchers[" + std::to_string(i) + "]");
      } else {
        Add(sink, "MAT003", rm.range(), ".on_match", "field not present: a range matcher needs on_match with an action or a matcher");
      }
      m.entries.push_back(std::move(e));
    });
  if (count == 0)
    Add(sink, "MAT002", cfg.range(), ".range_matchers", "range_matchers is empty; the IPMatcher matches nothing and always takes on_no_match");
}

bool ParseEnvoyInput(Input& in, const Node& n, const Node* cfg, const ParseSink& sink) {
  if (in.type == "envoy.type.matcher.v3.HttpRequestQueryParamMatchInput") {
    // Envoy's query parameter input (envoy api/envoy/type/matcher/v3/http_inputs.proto,
    // query_param min_len 1): the first value in the :path's query string.
    in.kind = Input::Kind::kQueryParam;
    const Node* k = doc::GetProtoValue(cfg, "query_param");
    in.key = k ? k->text() : "";
    if (in.key.empty())
      Add(sink, "MAT009", cfg ? cfg->range() : n.range(), ".query_param",
          "HttpRequestQueryParamMatchInput needs query_param (min_len 1): the parameter to read");
    Add(sink, "MAT009", n.range(), "",
        "Unsupported Input type:" + in.type + "; gRPC supports envoy.type.matcher.v3.HttpRequestHeaderMatchInput and "
            "xds.type.matcher.v3.HttpAttributesCelMatchInput (Envoy reads the query string of :path)",
        RejectedBy::kGrpc);
    return true;
  }
  if (in.type == "envoy.extensions.matching.common_inputs.network.v3.DynamicMetadataInput") {
    // envoy source/extensions/matching/http/metadata_input/meta_input.h: the value at filter and
    // path (min_items 1), for the Metadata input matcher only.
    in.kind = Input::Kind::kDynamicMetadata;
    const Node* f = doc::GetProtoValue(cfg, "filter");
    in.key = f ? f->text() : "";
    if (const Node* ps = doc::GetProtoValue(cfg, "path"))
      doc::ForEachValue(*ps, [&](const Node& seg, int) {
        const Node* k = doc::GetProtoValue(&seg, "key");
        in.metadata_path.push_back(k ? k->text() : "");
      });
    if (in.key.empty() || in.metadata_path.empty())
      Add(sink, "MAT009", cfg ? cfg->range() : n.range(), "",
          "DynamicMetadataInput needs filter and at least one path segment ({key: ...}): the metadata value to read");
    Add(sink, "MAT009", n.range(), "",
        "Unsupported Input type:" + in.type + "; gRPC supports envoy.type.matcher.v3.HttpRequestHeaderMatchInput and "
            "xds.type.matcher.v3.HttpAttributesCelMatchInput (Envoy reads the stream's dynamic metadata)",
        RejectedBy::kGrpc);
    return true;
  }
  std::optional<Input::Network> net = NetworkInputOf(in.type);
  if (!net) return false;
  // Envoy's network inputs, read from the request's connection.
  in.kind = Input::Kind::kNetwork;
  in.network = *net;
  if (in.network == Input::Network::kFilterState) {
    const Node* k = doc::GetProtoValue(cfg, "key");
    in.key = k ? k->text() : "";
    if (in.key.empty())
      Add(sink, "MAT009", cfg ? cfg->range() : n.range(), ".key", "FilterStateInput needs a key (min_len 1): the filter state object to read");
  }
  Add(sink, "MAT009", n.range(), "",
      "Unsupported Input type:" + in.type + "; gRPC supports envoy.type.matcher.v3.HttpRequestHeaderMatchInput and "
          "xds.type.matcher.v3.HttpAttributesCelMatchInput (Envoy reads it from the connection: give it with --" +
          [](std::string s) {
            std::replace(s.begin(), s.end(), '_', '-');
            return s;
          }(NetworkInputName(in.network)) +
          " or the request's " + NetworkInputName(in.network) + ")",
      RejectedBy::kGrpc);
  return true;
}

void ParseIpInputMatcher(Predicate& p, const Node& tc, const Node& cm, const ParseSink& sink) {
  p.test = Predicate::Test::kIp;
  p.custom_type = "envoy.extensions.matching.input_matchers.ip.v3.Ip";
  p.custom_range = cm.range();
  int n = 0;
  if (const Node* rs = doc::GetProtoValue(&tc, "cidr_ranges"))
    doc::ForEachValue(*rs, [&](const Node& r, int j) {
      ++n;
      Scope range(sink.scope, ".custom_match.typed_config.cidr_ranges[" + std::to_string(j) + "]");
      if (auto c = ParseCidr(r, sink)) p.cidrs.push_back(c);
    });
  if (n == 0)
    Add(sink, "MAT045", tc.range(), ".custom_match.typed_config.cidr_ranges", "cidr_ranges is empty; the Ip matcher needs at least one CIDR range");
  Add(sink, "MAT010", cm.range(), ".custom_match",
      "custom_match " + p.custom_type + " is not supported by gRPC (only xds.type.matcher.v3.CelMatcher) and is NACKed", RejectedBy::kGrpc);
}

namespace {
// The ValueMatcher at the scoped field path.
ValueMatch ParseValueMatch(const Node& n, const ParseSink& sink, const std::function<StringMatch(const Node&)>& string_match,
                           int depth) {
  ValueMatch v;
  if (depth > 32 || !n.is_map()) {
    Add(sink, "MAT019", n.range(), "", "a ValueMatcher is a map with one of null_match, double_match, string_match, bool_match, present_match, list_match, or_match");
    return v;
  }
  int set = 0;
  if (doc::GetProtoValue(&n, "null_match")) ++set, v.kind = ValueMatch::Kind::kNull;
  if (const Node* b = doc::GetProtoValue(&n, "bool_match")) ++set, v.kind = ValueMatch::Kind::kBool, v.flag = b->text() == "true";
  if (const Node* p = doc::GetProtoValue(&n, "present_match")) ++set, v.kind = ValueMatch::Kind::kPresent, v.flag = p->text() == "true";
  if (const Node* s = doc::GetProtoValue(&n, "string_match")) {
    ++set;
    v.kind = ValueMatch::Kind::kString;
    Scope field(sink.scope, ".string_match");
    v.str = string_match(*s);
  }
  if (const Node* d = doc::GetProtoValue(&n, "double_match")) {
    ++set;
    v.kind = ValueMatch::Kind::kDouble;
    auto number = [&](const Node* x, const std::string& p) {
      char* end = nullptr;
      std::string t = x ? x->text() : "";
      double out = std::strtod(t.c_str(), &end);
      if (!x || t.empty() || *end != '\0') Add(sink, "MAT019", x ? x->range() : d->range(), p, "'" + t + "' is not a number");
      return out;
    };
    if (const Node* r = doc::GetProtoValue(d, "range")) {
      v.range = true;
      v.start = number(doc::GetProtoValue(r, "start"), ".double_match.range.start");
      v.end = number(doc::GetProtoValue(r, "end"), ".double_match.range.end");
    } else {
      v.exact = number(doc::GetProtoValue(d, "exact"), ".double_match.exact");
    }
  }
  if (const Node* l = doc::GetProtoValue(&n, "list_match")) {
    ++set;
    v.kind = ValueMatch::Kind::kList;
    if (const Node* one = doc::GetProtoValue(l, "one_of")) {
      Scope field(sink.scope, ".list_match.one_of");
      v.children.push_back(ParseValueMatch(*one, sink, string_match, depth + 1));
    } else {
      Add(sink, "MAT019", l->range(), ".list_match", "list_match needs one_of, the ValueMatcher some element must match");
    }
  }
  if (const Node* o = doc::GetProtoValue(&n, "or_match")) {
    ++set;
    v.kind = ValueMatch::Kind::kOr;
    if (const Node* vms = doc::GetProtoValue(o, "value_matchers"))
      doc::ForEachValue(*vms, [&](const Node& c, int i) {
        Scope item(sink.scope, ".or_match.value_matchers[" + std::to_string(i) + "]");
        v.children.push_back(ParseValueMatch(c, sink, string_match, depth + 1));
      });
  }
  if (set != 1) {
    v.kind = ValueMatch::Kind::kInvalid;
    Add(sink, "MAT019", n.range(), "",
        set == 0 ? "a ValueMatcher needs one of null_match, double_match, string_match, bool_match, present_match, list_match, or_match"
                 : "several value matchers are set (match_pattern is a oneof); keep one");
  }
  return v;
}
}  // namespace

void ParseMetadataInputMatcher(Predicate& p, const Node& tc, const Node& cm, const ParseSink& sink,
                               const std::function<StringMatch(const Node&)>& string_match) {
  p.test = Predicate::Test::kMetadata;
  p.custom_type = "envoy.extensions.matching.input_matchers.metadata.v3.Metadata";
  p.custom_range = cm.range();
  if (const Node* v = doc::GetProtoValue(&tc, "value")) {
    Scope field(sink.scope, ".custom_match.typed_config.value");
    p.value_matcher = std::make_shared<const ValueMatch>(ParseValueMatch(*v, sink, string_match, 0));
  } else {
    Add(sink, "MAT019", tc.range(), ".custom_match.typed_config.value", "field not present: the Metadata matcher needs value, a ValueMatcher");
  }
  const Node* inv = doc::GetProtoValue(&tc, "invert");
  p.invert = inv && inv->text() == "true";
  if (p.input.kind != Input::Kind::kDynamicMetadata)
    Add(sink, "MAT014", cm.range(), ".custom_match",
        "the Metadata matcher reads a DynamicMetadataInput; on another input it never matches (envoy "
        "input_matchers/metadata/matcher.cc). Use envoy.extensions.matching.common_inputs.network.v3.DynamicMetadataInput");
  Add(sink, "MAT010", cm.range(), ".custom_match",
      "custom_match " + p.custom_type + " is not supported by gRPC (only xds.type.matcher.v3.CelMatcher) and is NACKed", RejectedBy::kGrpc);
}

}  // namespace cfgi::matcher
