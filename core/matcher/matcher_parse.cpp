// Matcher document tree -> compiled Matcher, with gRPC's validation (grpc/grpc
// src/core/xds/grpc/xds_matcher_parse.cc: "no matcher_list or matcher_tree specified",
// "matcher_list is empty", "map is empty", "One of action or matcher should be present",
// "predicate_list is empty", "Unsupported Input type:..."), the proto's validate rules
// (cncf/xds xds/type/matcher/v3/matcher.proto: matchers min_items 1, map min_pairs 1,
// predicate lists min_items 2; string.proto: prefix / suffix / contains min_len 1) and A106's
// NACK list (custom_match in a MatcherTree, cel_expr_string, depth over 16, keep_matching where
// unsupported). Every finding carries the field path and source range and the walker keeps
// going (gRPC's ValidationErrors::ScopedField).
#include <algorithm>
#include <functional>

#include <google/protobuf/descriptor.h>
#include <re2/re2.h>

#include "cel/expr/checked.pb.h"
#include "cel/expr/syntax.pb.h"
#include "core/doc/textproto_tree.h"
#include "core/matcher/matcher.h"
#include "core/matcher/network_inputs.h"
#include "envoy/type/matcher/v3/http_inputs.pb.h"
#include "xds/type/matcher/v3/cel.pb.h"
#include "xds/type/matcher/v3/http_inputs.pb.h"
#include "xds/type/matcher/v3/ip.pb.h"
#include "envoy/config/rbac/v3/rbac.pb.h"
#include "envoy/extensions/matching/common_inputs/network/v3/network_inputs.pb.h"
#include "envoy/extensions/matching/common_inputs/ssl/v3/ssl_inputs.pb.h"
#include "envoy/extensions/matching/input_matchers/ip/v3/ip.pb.h"
#include "xds/type/matcher/v3/matcher.pb.h"

namespace cfgi::matcher {

using doc::Node;
using doc::SourceRange;

const ProfileSet<Profile>& Profiles() {
  static const ProfileSet<Profile> s({
      {Profile::kGrpcCore, "grpc-core", "gRPC C-core (xds_matcher.cc): absent header is \"\", -bin hidden, content-type application/grpc"},
      {Profile::kEnvoy, "envoy", "Envoy (source/common/matcher): absent header is no data, prefix map resumes at shorter prefixes"},
      {Profile::kGrpcJava, "grpc-java", "grpc-java (xds/internal/matcher): absent header is no data; a tree whose key is found never falls back to on_no_match; an empty nested Matcher {} is accepted"},
      {Profile::kA106, "a106", "the gRFC A106 prose: an on_match without keep_matching is terminal even if its nested matcher finds nothing, and the match is then unsuccessful (matched false, no action)"},
  });
  return s;
}

namespace {

constexpr std::string_view kTypePrefix = "type.googleapis.com/";
constexpr std::string_view kHeaderInput = "envoy.type.matcher.v3.HttpRequestHeaderMatchInput";
constexpr std::string_view kCelInput = "xds.type.matcher.v3.HttpAttributesCelMatchInput";
constexpr std::string_view kCelMatcher = "xds.type.matcher.v3.CelMatcher";
constexpr std::string_view kIpMatcher = "xds.type.matcher.v3.IPMatcher";
constexpr std::string_view kIpInputMatcher = "envoy.extensions.matching.input_matchers.ip.v3.Ip";

// A field by its proto name or its lowerCamelCase JSON name.
const Node::Entry* Field(const Node* n, std::string_view name) { return doc::GetProtoField(n, name); }
const Node* Get(const Node* n, std::string_view name) {
  const Node::Entry* e = Field(n, name);
  return e ? &e->value : nullptr;
}

std::string TypeName(std::string_view url) {
  size_t slash = url.rfind('/');
  return std::string(slash == std::string_view::npos ? url : url.substr(slash + 1));
}

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

class Loader {
 public:
  Loader(Compiled& out, const FilterContext& filter) : out_(out), filter_(filter), sink_(out.source.get()) {}

  // The Matcher at the scoped field path (empty for the document's root).
  std::shared_ptr<const Matcher> LoadMatcher(const Node& n, int depth) {
    auto m = std::make_shared<Matcher>();
    m->depth = depth;
    m->range = n.range();
    m->path = sink_.field_path();
    out_.max_depth = std::max(out_.max_depth, depth);
    if (!n.is_map()) {
      Add("MAT019", n.range(), "", std::string("a Matcher is a map with matcher_list or matcher_tree, not a ") + n.kind_name());
      return m;
    }
    if (depth == kMaxDepth + 1 && !depth_reported_) {
      depth_reported_ = true;
      Add("MAT005", n.range(), "",
          "the matcher tree is deeper than " + std::to_string(kMaxDepth) +
              " levels (a top level plus 16 nested matchers); gRPC NACKs it. Flatten the tree, e.g. merge nested "
              "lists with and_matcher",
          RejectedBy::kGrpcCore);
    }
    if (depth == kMaxDepthGrpcJava + 1 && !java_depth_reported_) {
      java_depth_reported_ = true;
      Add("MAT005", n.range(), "",
                     "the matcher tree is deeper than " + std::to_string(kMaxDepthGrpcJava) +
                         " levels (a top level plus 17 nested matchers); grpc-java NACKs it (\"Matcher tree depth exceeds "
                         "limit of 16\"). Flatten the tree, e.g. merge nested lists with and_matcher",
                     RejectedBy::kGrpcJava);
    }
    if (depth > kHardMaxDepth) {
      Add("MAT005", n.range(), "", "the matcher tree is deeper than " + std::to_string(kHardMaxDepth) +
                                         " levels, the limit of this tool; flatten the tree");
      return m;
    }
    const Node* list = Get(&n, "matcher_list");
    const Node* tree = Get(&n, "matcher_tree");
    const Node* spx = n.Get("matcher_prefix_map");
    const Node* sex = n.Get("matcher_exact_map");
    if (spx || sex) Simplified(spx ? n.GetEntry("matcher_prefix_map")->key_range : n.GetEntry("matcher_exact_map")->key_range,
                               spx ? "matcher_prefix_map" : "matcher_exact_map",
                               "matcher_tree: {input: ..., prefix_match_map: {map: {...}}}");
    int kinds = (list != nullptr) + (tree != nullptr) + (spx != nullptr) + (sex != nullptr);
    if (kinds == 0) {
      // Envoy (source/common/matcher/matcher.h, MatchTreeFactory::create, MATCHER_TYPE_NOT_SET ->
      // createAnyMatcher; test/common/matcher/matcher_test.cc) and grpc-java (UnifiedMatcher.java
      // NoOpMatcher) accept a Matcher without a type and evaluate its on_no_match; gRPC C-core's
      // xds_matcher_parse.cc NACKs it.
      m->kind = Matcher::Kind::kNone;
      Add("MAT001", n.range(), "",
          "no matcher_list or matcher_tree specified; gRPC NACKs it (Envoy reads it as a matcher that always takes "
          "on_no_match). Add matcher_list or matcher_tree",
          RejectedBy::kGrpcCore);
    } else if (kinds > 1) {
      Add("MAT001", n.range(), "", "both matcher_list and matcher_tree are set (matcher_type is a oneof); keep one");
    }
    if (const Node::Entry* onm = Field(&n, "on_no_match")) {
      Scope f(&sink_, ".on_no_match", kField);
      m->on_no_match = LoadOnMatch(onm->value, depth, "on_no_match");
    }
    if (list) {
      m->kind = Matcher::Kind::kList;
      Scope f(&sink_, ".matcher_list", kField);
      LoadList(*m, *list, depth);
    } else if (tree) {
      Scope f(&sink_, ".matcher_tree", kField);
      LoadTree(*m, *tree, depth, false);
    } else if (spx || sex) {
      Scope f(&sink_, spx ? ".matcher_prefix_map" : ".matcher_exact_map", kField);
      LoadTree(*m, spx ? *spx : *sex, depth, true, spx != nullptr);
    }
    return m;
  }

  bool simplified() const { return simplified_; }
  bool structural_errors() const { return structural_errors_; }
  // The one builder of the loading findings; Finish moves them into the Compiled.
  doc::DiagnosticSink& sink() { return sink_; }
  void Finish() { out_.diagnostics = std::move(sink_.list()); }

 private:
  // A field path segment for the scope's lifetime; every finding and every model path below it
  // reads the sink's path (doc::DiagnosticSink::ScopedField).
  using Scope = doc::DiagnosticSink::ScopedField;
  static constexpr doc::DiagnosticSink::Lead kField = doc::DiagnosticSink::Lead::kField;

  // `path`: empty for the scoped path, ".x" / "[i]" below it (doc::DiagnosticSink::Add).
  void Add(const char* code, SourceRange r, const std::string& path, std::string msg, RejectedBy who = RejectedBy::kAll,
           doc::Severity sev = doc::Severity::kError) {
    if (sev == doc::Severity::kError && who == RejectedBy::kAll) structural_errors_ = true;
    if (who != RejectedBy::kAll) out_.rejected_by[sink_.list().size()] = who;
    sink_.Add(sev, code, r, std::move(msg), path);
  }

  void Simplified(SourceRange r, const std::string& what, const std::string& canonical) {
    simplified_ = true;
    if (simplified_noted_) return;
    simplified_noted_ = true;
    // A note about the document's notation as a whole, not about the field where it was first seen.
    sink_.Note("MAT013", r,
               "A106's simplified example notation (" + what + "); read as the spec describes it. The canonical "
               "xDS form is " + canonical + "; gRPC and Envoy accept only the canonical form")
        .path.clear();
  }

  int NewNode(const std::string& label, SourceRange r) {
    out_.nodes.push_back({sink_.field_path(), label, r});
    return static_cast<int>(out_.nodes.size()) - 1;
  }

  void LoadList(Matcher& m, const Node& list, int depth) {
    const Node* ms = Get(&list, "matchers");
    if (!ms || !ms->is_seq() || ms->items().empty()) {
      Add("MAT002", list.range(), "", "matcher_list is empty; it needs at least one matcher in matchers");
      return;
    }
    for (size_t i = 0; i < ms->items().size(); ++i) {
      const Node& fm = ms->items()[i];
      Scope item(&sink_, ".matchers[" + std::to_string(i) + "]");
      FieldMatcher f;
      f.range = fm.range();
      const Node* pred = Get(&fm, "predicate");
      if (!pred) {
        Add("MAT015", fm.range(), ".predicate", "field not present: every matcher needs a predicate");
      } else {
        Scope field(&sink_, ".predicate");
        f.predicate = LoadPredicate(*pred, 0);
      }
      const Node* om = Get(&fm, "on_match");
      if (!om) {
        Add("MAT003", fm.range(), ".on_match", "field not present: every matcher needs on_match with an action or a matcher");
      } else {
        Scope field(&sink_, ".on_match");
        f.on_match = LoadOnMatch(*om, depth, "matchers[" + std::to_string(i) + "]");
      }
      m.list.push_back(std::move(f));
    }
  }

  void LoadTree(Matcher& m, const Node& tree, int depth, bool simplified, bool simplified_prefix = false) {
    const Node* in = Get(&tree, "input");
    if (!in) {
      Add("MAT009", tree.range(), ".input", "field not present: a matcher_tree needs an input");
    } else {
      Scope field(&sink_, ".input");
      m.input = LoadInput(*in);
      if (m.input.kind == Input::Kind::kCel)
        Add("MAT014", in->range(), "",
            "a matcher_tree needs an input that returns a string; HttpAttributesCelMatchInput works only with a CelMatcher "
            "in a matcher_list");
      if (m.input.kind == Input::Kind::kDynamicMetadata)
        Add("MAT014", in->range(), "",
            "a matcher_tree needs an input that returns a string; DynamicMetadataInput returns a metadata value (Envoy "
            "rejects it): match it in a matcher_list with custom_match envoy.extensions.matching.input_matchers.metadata.v3.Metadata");
    }
    const Node* map = nullptr;
    std::string map_field;  // below the tree
    if (simplified) {
      map = Get(&tree, "map");
      map_field = ".map";
      m.kind = simplified_prefix ? Matcher::Kind::kPrefixMap : Matcher::Kind::kExactMap;
    } else {
      const Node* ex = Get(&tree, "exact_match_map");
      const Node* px = Get(&tree, "prefix_match_map");
      const Node* cm = Get(&tree, "custom_match");
      if (cm) {
        Add("MAT010", cm->range(), ".custom_match",
            "custom_match in a matcher_tree is not supported by gRPC and is NACKed; use exact_match_map or prefix_match_map", RejectedBy::kGrpc);
        const Node* tc = Get(cm, "typed_config");
        m.custom_type = tc ? TypeName(tc->GetString("@type")) : "";
        m.kind = Matcher::Kind::kCustomTree;
      }
      if ((ex != nullptr) + (px != nullptr) + (cm != nullptr) > 1)
        Add("MAT001", tree.range(), "", "several tree types are set (tree_type is a oneof); keep one");
      if (ex) {
        m.kind = Matcher::Kind::kExactMap;
        map = Get(ex, "map");
        map_field = ".exact_match_map.map";
        if (!map) map = ex;  // reported as empty below
      } else if (px) {
        m.kind = Matcher::Kind::kPrefixMap;
        map = Get(px, "map");
        map_field = ".prefix_match_map.map";
        if (!map) map = px;
      } else if (!cm) {
        Add("MAT001", tree.range(), "", "no known match tree type specified; add exact_match_map or prefix_match_map");
        return;
      } else {
        if (m.custom_type == kIpMatcher) {
          Scope field(&sink_, ".custom_match.typed_config");
          LoadIpMatcher(m, *Get(cm, "typed_config"), depth);
        }
        return;
      }
    }
    if (!map || !map->is_map() || map->entries().empty() || (map == Get(&tree, "exact_match_map") || map == Get(&tree, "prefix_match_map"))) {
      Add("MAT002", map ? map->range() : tree.range(), map_field, "map is empty; it needs at least one key");
      return;
    }
    Scope map_scope(&sink_, map_field);
    for (const Node::Entry& e : map->entries()) {
      MapEntry me;
      me.key = e.key;
      me.key_range = e.key_range;
      Scope key(&sink_, "['" + e.key + "']");
      me.on_match = LoadOnMatch(e.value, depth, "'" + e.key + "'");
      int idx = static_cast<int>(m.entries.size());
      if (m.kind == Matcher::Kind::kExactMap) {
        m.exact.emplace(e.key, idx);
      } else {
        m.trie.Insert(e.key, idx);
      }
      m.entries.push_back(std::move(me));
    }
  }

  // IPMatcher (core/matcher/matcher_parse_net.cpp), each range matcher's on_match loaded here.
  void LoadIpMatcher(Matcher& m, const Node& cfg, int depth) {
    ParseIpMatcher(m, cfg, Sink(), [&](const Node& om, const std::string& label) { return LoadOnMatch(om, depth, label); });
  }

  // The loader's findings as matcher_parse_net.cpp reports them.
  ParseSink Sink() {
    return ParseSink{&sink_, [this](const char* code, SourceRange r, const std::string& path, std::string msg, RejectedBy who,
                            doc::Severity sev) { Add(code, r, path, std::move(msg), who, sev); }};
  }

  OnMatch LoadOnMatch(const Node& n, int depth, const std::string& label) {
    OnMatch om;
    om.range = n.range();
    om.path = sink_.field_path();
    if (!n.is_map()) {
      Add("MAT003", n.range(), "", std::string("on_match must be a map with action or matcher, not a ") + n.kind_name());
      return om;
    }
    const Node* action = Get(&n, "action");
    const Node* matcher = Get(&n, "matcher");
    if (const Node* km = Get(&n, "keep_matching")) {
      om.keep_matching = km->kind() == Node::Kind::kBool ? km->as_bool() : km->text() == "true";
      if (om.keep_matching && !filter_.keep_matching_supported)
        Add("MAT011", km->range(), ".keep_matching",
            "keep_matching is set, but this filter does not support it: gRPC NACKs the resource. Remove keep_matching "
            "or set inputs.filter.keep_matching: true",
            RejectedBy::kGrpc);
    }
    if (action && matcher) {
      Add("MAT003", n.range(), "", "on_match has both action and matcher (on_match is a oneof); keep one");
    } else if (!action && !matcher) {
      Add("MAT003", n.range(), "", "One of action or matcher should be present in on_match");
    }
    if (action) {
      om.kind = OnMatch::Kind::kAction;
      Scope field(&sink_, ".action");
      om.action = LoadAction(*action);
    } else if (matcher) {
      om.kind = OnMatch::Kind::kMatcher;
      Scope field(&sink_, ".matcher");
      om.matcher = LoadMatcher(*matcher, depth + 1);
    }
    std::string shown = om.kind == OnMatch::Kind::kAction ? om.action.name : om.kind == OnMatch::Kind::kMatcher ? "nested matcher" : "?";
    om.id = NewNode(label + " -> " + shown, n.range());
    return om;
  }

  Action LoadAction(const Node& n) {
    Action a;
    a.range = n.range();
    if (n.is_scalar()) {
      Simplified(n.range(), "an action written as a string", "action: {name: NAME, typed_config: {\"@type\": ..., ...}}");
      a.name = n.text();
      return a;
    }
    if (!n.is_map()) {
      Add("MAT019", n.range(), "", "an action is a TypedExtensionConfig {name, typed_config}");
      return a;
    }
    a.name = n.GetString("name");
    const Node* tc = Get(&n, "typed_config");
    if (!tc) {
      Add("MAT019", n.range(), ".typed_config", "field not present: an action needs typed_config with an @type", RejectedBy::kGrpc);
    } else {
      a.type = TypeName(tc->GetString("@type"));
      if (a.type.empty()) Add("MAT019", tc->range(), ".typed_config", "typed_config has no @type; add \"@type\": type.googleapis.com/<message>");
      nlohmann::ordered_json cfg = tc->ToOrderedJson();
      if (cfg.is_object()) cfg.erase("@type");
      a.config = std::move(cfg);
      if (!filter_.action_types.empty() && !a.type.empty() &&
          std::find(filter_.action_types.begin(), filter_.action_types.end(), a.type) == filter_.action_types.end())
        Add("MAT018", tc->range(), "", "action type " + a.type + " is not supported by this filter: gRPC NACKs the resource; "
                                       "use one of the filter's actions (inputs.filter.actions)", RejectedBy::kGrpc);
    }
    if (a.name.empty()) {
      size_t dot = a.type.rfind('.');
      a.name = dot == std::string::npos ? a.type : a.type.substr(dot + 1);
    }
    return a;
  }

  static bool ValidHeaderNameGrpc(const std::string& h) {
    // HTTP/2 (RFC 9113 8.2.1): lower-case tchar tokens; a leading ':' for pseudo-headers.
    size_t i = h.size() > 1 && h[0] == ':' ? 1 : 0;
    for (; i < h.size(); ++i) {
      unsigned char c = static_cast<unsigned char>(h[i]);
      bool tchar = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || std::string_view("!#$%&'*+-.^_`|~").find(static_cast<char>(c)) != std::string_view::npos;
      if (!tchar) return false;
    }
    return true;
  }

  Input LoadInput(const Node& n) {
    Input in;
    in.range = n.range();
    if (!n.is_map()) {
      Add("MAT009", n.range(), "", "an input is a TypedExtensionConfig {name, typed_config}");
      in.kind = Input::Kind::kUnsupported;
      return in;
    }
    const Node* cfg = nullptr;
    if (const Node* tc = Get(&n, "typed_config")) {
      in.type = TypeName(tc->GetString("@type"));
      cfg = tc;
    } else if (Get(&n, "header_name")) {
      Simplified(n.range(), "input: {header_name: ...}",
                 "input: {name: ..., typed_config: {\"@type\": type.googleapis.com/envoy.type.matcher.v3.HttpRequestHeaderMatchInput, header_name: ...}}");
      in.type = std::string(kHeaderInput);
      cfg = &n;
    } else {
      Add("MAT009", n.range(), "", "field not present: the input needs typed_config with an @type");
      in.kind = Input::Kind::kUnsupported;
      return in;
    }
    if (in.type == kHeaderInput) {
      in.kind = Input::Kind::kHeader;
      const Node* h = Get(cfg, "header_name");
      in.header = h ? h->text() : "";
      SourceRange hr = h ? h->range() : cfg->range();
      if (in.header.empty() || in.header.size() >= 16384) {
        Add("MAT008", hr, ".header_name", "header_name must be 1 to 16383 bytes long; name the header to read");
      } else if (in.header.find_first_of(std::string("\0\r\n", 3)) != std::string::npos) {
        Add("MAT008", hr, ".header_name", "header_name contains NUL, CR or LF; it is not a valid header name");
      } else if (!ValidHeaderNameGrpc(in.header)) {
        Add("MAT008", hr, ".header_name",
            "'" + in.header + "' is not a valid HTTP/2 header name (lower-case token characters only); gRPC NACKs it. "
            "Write it as '" + Lower(in.header) + "'",
            RejectedBy::kGrpc);
      } else if (in.header[0] == ':') {
        // grpc-java HeaderMatchInput.java builds Metadata.Key.of(name, ASCII_STRING_MARSHALLER),
        // whose validateName refuses ':' outside pseudo keys: "Invalid header name" at config time.
        Add("MAT008", hr, ".header_name",
            "grpc-java NACKs a header input on the pseudo-header '" + in.header +
                "' (HeaderMatchInput: \"Invalid header name\"; its matcher reads only the call's Metadata). Match "
                "request.path / request.host / request.method with a CelMatcher instead",
            RejectedBy::kGrpcJava);
      }
      in.header = Lower(in.header);
    } else if (in.type == kCelInput) {
      in.kind = Input::Kind::kCel;
    } else if (ParseEnvoyInput(in, n, cfg, Sink())) {
      // Envoy's query parameter and network inputs (core/matcher/matcher_parse_net.cpp).
    } else {
      in.kind = Input::Kind::kUnsupported;
      Add("MAT009", n.range(), "",
          "Unsupported Input type:" + (in.type.empty() ? std::string("(none)") : in.type) +
              "; gRPC supports envoy.type.matcher.v3.HttpRequestHeaderMatchInput and "
              "xds.type.matcher.v3.HttpAttributesCelMatchInput (this tool does not evaluate it: MAT041)",
          RejectedBy::kGrpc);
    }
    return in;
  }

  StringMatch LoadStringMatch(const Node& n) {
    StringMatch s;
    if (!n.is_map()) {
      Add("MAT019", n.range(), "", "value_match is a StringMatcher map such as {exact: ...}");
      return s;
    }
    const Node* ic = Get(&n, "ignore_case");
    s.ignore_case = ic && ic->text() == "true";
    int set = 0;
    auto take = [&](const char* name, StringMatch::Kind k) {
      if (const Node* v = Get(&n, name)) {
        ++set;
        s.kind = k;
        s.pattern = v->text();
        if (k != StringMatch::Kind::kExact && s.pattern.empty())
          Add("MAT007", v->range(), std::string(".") + name, std::string(name) + " must be non-empty; use exact: \"\" to match an empty value");
      }
    };
    take("exact", StringMatch::Kind::kExact);
    take("prefix", StringMatch::Kind::kPrefix);
    take("suffix", StringMatch::Kind::kSuffix);
    take("contains", StringMatch::Kind::kContains);
    if (const Node* sr = Get(&n, "safe_regex")) {
      ++set;
      s.kind = StringMatch::Kind::kRegex;
      const Node* re = Get(sr, "regex");
      s.pattern = re ? re->text() : "";
      SourceRange rr = re ? re->range() : sr->range();
      if (s.pattern.empty()) {
        Add("MAT007", rr, ".safe_regex.regex", "safe_regex.regex must be non-empty");
      } else {
        RE2::Options o;
        o.set_log_errors(false);
        auto compiled = std::make_shared<const RE2>(s.pattern, o);
        if (!compiled->ok()) {
          Add("MAT004", rr, ".safe_regex.regex", "invalid regex '" + s.pattern + "': " + compiled->error() +
                                                     "; see https://github.com/google/re2/wiki/Syntax");
        } else {
          s.regex = std::move(compiled);
        }
      }
    }
    if (const Node* c = Get(&n, "custom")) {
      ++set;
      s.kind = StringMatch::Kind::kNone;
      Add("MAT010", c->range(), ".custom", "StringMatcher.custom is not supported by gRPC and is NACKed; use exact, prefix, "
                                           "suffix, contains or safe_regex", RejectedBy::kGrpc);
    }
    if (set == 0) Add("MAT015", n.range(), "", "invalid StringMatcher specified: set one of exact, prefix, suffix, contains, safe_regex");
    if (set > 1) Add("MAT015", n.range(), "", "several match patterns are set (match_pattern is a oneof); keep one");
    s.lowered = s.ignore_case ? Lower(s.pattern) : s.pattern;
    return s;
  }

  void LoadCelMatcher(Predicate& p, const Node& cfg) {
    const Node* em = Get(&cfg, "expr_match");
    if (!em) {
      Add("MAT017", cfg.range(), ".expr_match", "field not present: a CelMatcher needs expr_match with cel_expr_checked");
      return;
    }
    Scope field(&sink_, ".expr_match");
    cel::Compiled c;
    SourceRange base = em->range();
    bool text_positions = false;
    if (const Node* checked = Get(em, "cel_expr_checked")) {
      base = checked->range();
      ::cel::expr::CheckedExpr msg;
      doc::DiagnosticSink sink(out_.source.get());
      if (!doc::NodeToMessage(*checked, &msg, sink)) {
        for (const auto& d : sink.list()) Add("MAT017", d.range, ".cel_expr_checked", d.message);
        return;
      }
      c = cel::CompileChecked(msg);
    } else if (const Node* parsed = Get(em, "cel_expr_parsed")) {
      base = parsed->range();
      Add("MAT017", parsed->range(), ".cel_expr_parsed",
          "gRPC supports only cel_expr_checked (type-checked Canonical CEL) and ignores cel_expr_parsed: without "
          "cel_expr_checked the resource is NACKed. Check the expression with a CEL type checker and send the CheckedExpr",
          RejectedBy::kGrpc);
      ::cel::expr::ParsedExpr msg;
      doc::DiagnosticSink sink(out_.source.get());
      if (!doc::NodeToMessage(*parsed, &msg, sink)) {
        for (const auto& d : sink.list()) Add("MAT017", d.range, ".cel_expr_parsed", d.message);
        return;
      }
      c = cel::CompileParsed(msg);
    } else if (const Node* text = Get(em, "cel_expr_string")) {
      base = text->range();
      Add("MAT012", text->range(), ".cel_expr_string",
          "cel_expr_string is not supported by gRPC and is NACKed; evaluated here from its text for authoring. Send "
          "cel_expr_checked (the type-checked AST) instead",
          RejectedBy::kGrpc);
      c = cel::CompileText(text->text());
      text_positions = true;
      p.cel_text = text->text();
    } else {
      Add("MAT017", em->range(), "", "field not present: expr_match needs cel_expr_checked (parsed_expr and checked_expr are "
                                     "deprecated and ignored by gRPC)");
      return;
    }
    for (const cel::Error& e : c.errors) {
      SourceRange r = base;
      // A string literal's text starts after its opening quote when it is written on one line.
      if (text_positions && out_.source) {
        uint32_t start = base.begin;
        const std::string& t = out_.source->text();
        if (start < t.size() && (t[start] == '"' || t[start] == '\'')) ++start;
        if (start + e.end <= base.end) r = {start + e.begin, start + std::max(e.end, e.begin + 1)};
      }
      Add(e.code.c_str(), r, "", e.message);
    }
    if (c.ok()) {
      if (std::optional<cel::Error> e = cel::CheckResultType(*c.program, cel::Use::kMatcher))
        Add("CEL007", base, "", e->message, RejectedBy::kGrpc);
      p.cel = c.program;
      if (p.cel_text.empty()) p.cel_text = c.program->text();
    }
  }

  Predicate LoadPredicate(const Node& n, int depth) {
    Predicate p;
    p.range = n.range();
    p.path = sink_.field_path();
    if (depth > kHardMaxDepth) {
      Add("MAT006", n.range(), "", "predicates nest deeper than " + std::to_string(kHardMaxDepth) + " levels; flatten them");
      return p;
    }
    if (!n.is_map()) {
      Add("MAT015", n.range(), "", "a predicate is a map with single_predicate, or_matcher, and_matcher or not_matcher");
      return p;
    }
    const Node* sp = Get(&n, "single_predicate");
    const Node* orm = Get(&n, "or_matcher");
    const Node* andm = Get(&n, "and_matcher");
    const Node* notm = Get(&n, "not_matcher");
    int kinds = (sp != nullptr) + (orm != nullptr) + (andm != nullptr) + (notm != nullptr);
    if (kinds == 0) {
      Add("MAT015", n.range(), "", "unsupported predicate type: set single_predicate, or_matcher, and_matcher or not_matcher");
      return p;
    }
    if (kinds > 1) Add("MAT015", n.range(), "", "several predicate types are set (match_type is a oneof); keep one");
    if (sp) {
      p.kind = Predicate::Kind::kSingle;
      Scope field(&sink_, ".single_predicate");
      LoadSingle(p, *sp);
    } else if (orm || andm) {
      p.kind = orm ? Predicate::Kind::kOr : Predicate::Kind::kAnd;
      Scope field(&sink_, orm ? ".or_matcher" : ".and_matcher");
      const Node* list = Get(orm ? orm : andm, "predicate");
      size_t count = list && list->is_seq() ? list->items().size() : 0;
      if (count < 2)
        Add("MAT006", (orm ? orm : andm)->range(), ".predicate",
            std::string(count == 0 ? "predicate_list is empty" : "the predicate list has 1 item") +
                "; or_matcher and and_matcher need at least 2 predicates (use the predicate itself instead)");
      if (list && list->is_seq())
        for (size_t i = 0; i < list->items().size(); ++i) {
          Scope item(&sink_, ".predicate[" + std::to_string(i) + "]");
          p.children.push_back(LoadPredicate(list->items()[i], depth + 1));
        }
    } else {
      p.kind = Predicate::Kind::kNot;
      Scope field(&sink_, ".not_matcher");
      p.children.push_back(LoadPredicate(*notm, depth + 1));
    }
    return p;
  }

  void LoadSingle(Predicate& p, const Node& sp) {
    const Node* vm = Get(&sp, "value_match");
    const Node* cm = Get(&sp, "custom_match");
    const Node* in = Get(&sp, "input");
    // Simplified notation: custom_match: true | false stands for the predicate's result.
    if (cm && cm->kind() == Node::Kind::kBool) {
      Simplified(cm->range(), "custom_match: " + cm->text(), "single_predicate: {input: ..., value_match: ...} or a CelMatcher");
      p.test = Predicate::Test::kConstant;
      p.constant = cm->as_bool();
      return;
    }
    if (!in) {
      Add("MAT009", sp.range(), ".input", "field not present: single_predicate needs an input");
    } else {
      Scope field(&sink_, ".input");
      p.input = LoadInput(*in);
    }
    if (vm && cm) Add("MAT015", sp.range(), "", "both value_match and custom_match are set (matcher is a oneof); keep one");
    if (!vm && !cm) {
      Add("MAT015", sp.range(), "", "single_predicate needs value_match or custom_match");
      return;
    }
    if (vm) {
      p.test = Predicate::Test::kValue;
      Scope field(&sink_, ".value_match");
      p.value = LoadStringMatch(*vm);
      if (p.input.kind == Input::Kind::kCel)
        Add("MAT014", vm->range(), "",
            "value_match needs an input that returns a string, but HttpAttributesCelMatchInput returns the CEL attributes; "
            "use a CelMatcher in custom_match or an HttpRequestHeaderMatchInput");
      if (p.input.kind == Input::Kind::kDynamicMetadata)
        Add("MAT014", vm->range(), "",
            "value_match needs an input that returns a string, but DynamicMetadataInput returns a metadata value (Envoy "
            "rejects it); use custom_match envoy.extensions.matching.input_matchers.metadata.v3.Metadata with a ValueMatcher");
      return;
    }
    const Node* tc = Get(cm, "typed_config");
    std::string type = tc ? TypeName(tc->GetString("@type")) : "";
    if (type == kCelMatcher) {
      p.test = Predicate::Test::kCel;
      if (p.input.kind == Input::Kind::kHeader)
        Add("MAT014", cm->range(), ".custom_match",
            "a CelMatcher needs HttpAttributesCelMatchInput as its input, not HttpRequestHeaderMatchInput; read the header "
            "in CEL as request.headers['name']");
      Scope field(&sink_, ".custom_match.typed_config");
      LoadCelMatcher(p, *tc);
      return;
    }
    if (type == kIpInputMatcher) {
      ParseIpInputMatcher(p, *tc, *cm, Sink());
      return;
    }
    if (type == "envoy.extensions.matching.input_matchers.metadata.v3.Metadata") {
      ParseMetadataInputMatcher(p, *tc, *cm, Sink(), [&](const Node& s) { return LoadStringMatch(s); });
      return;
    }
    p.test = Predicate::Test::kUnsupported;
    p.custom_type = type;
    p.custom_range = cm->range();
    Add("MAT010", cm->range(), ".custom_match",
        "custom_match " + (type.empty() ? std::string("without @type") : type) +
            " is not supported by gRPC (only xds.type.matcher.v3.CelMatcher) and is NACKed; this tool does not evaluate it (MAT041)",
        RejectedBy::kGrpc);
  }

  Compiled& out_;
  const FilterContext& filter_;
  doc::DiagnosticSink sink_;
  bool simplified_ = false;
  bool simplified_noted_ = false;
  bool structural_errors_ = false;
  bool java_depth_reported_ = false;
  bool depth_reported_ = false;
};

// Copies a tree for protobuf's JSON parser, replacing Any payloads whose type is not in this
// build's descriptor pool by a Struct (their content is shown, not validated).
Node Sanitize(const Node& n, int depth) {
  if (n.is_seq()) {
    Node s = Node::Seq(n.range());
    for (const Node& i : n.items()) s.Push(Sanitize(i, depth + 1));
    return s;
  }
  if (!n.is_map()) return n;
  Node m = Node::Map(n.range());
  const Node* t = n.Get("@type");
  if (t && depth > 0) {
    std::string type = TypeName(t->text());
    if (!google::protobuf::DescriptorPool::generated_pool()->FindMessageTypeByName(type)) {
      m.Put("@type", t->range(), Node::Scalar(Node::Kind::kString, "type.googleapis.com/google.protobuf.Struct", t->range()));
      Node value = Node::Map(n.range());
      for (const auto& e : n.entries())
        if (e.key != "@type") value.Put(e.key, e.key_range, e.value);
      m.Put("value", n.range(), std::move(value));
      return m;
    }
  }
  for (const auto& e : n.entries()) {
    if (depth == 0 && e.key == "@type") continue;
    m.Put(e.key, e.key_range, Sanitize(e.value, depth + 1));
  }
  return m;
}

}  // namespace

namespace {
// The input and matcher extensions are only named inside Any fields: reference their
// descriptors so the static library links them into the generated pool (TextFormat's Any
// expansion and JsonStringToMessage look them up there).
void EnsureExtensionTypesLinked() {
  static const bool linked = [] {
    (void)envoy::type::matcher::v3::HttpRequestHeaderMatchInput::descriptor();
    (void)xds::type::matcher::v3::HttpAttributesCelMatchInput::descriptor();
    (void)xds::type::matcher::v3::CelMatcher::descriptor();
    (void)xds::type::matcher::v3::IPMatcher::descriptor();
    (void)envoy::extensions::matching::common_inputs::network::v3::DestinationIPInput::descriptor();
    (void)envoy::extensions::matching::common_inputs::ssl::v3::UriSanInput::descriptor();
    (void)envoy::extensions::matching::input_matchers::ip::v3::Ip::descriptor();
    (void)envoy::config::rbac::v3::Action::descriptor();
    (void)::cel::expr::CheckedExpr::descriptor();
    return true;
  }();
  (void)linked;
}
}  // namespace

bool LooksLikeMatcher(const Node& root) {
  if (!root.is_map()) return false;
  for (const char* k : {"matcher_list", "matcherList", "matcher_tree", "matcherTree", "matcher_prefix_map", "matcher_exact_map"})
    if (root.Get(k)) return true;
  // A matcher with only on_no_match is a matcher too (Envoy's AnyMatcher).
  if (root.size() == 1 && (root.Get("on_no_match") || root.Get("onNoMatch"))) return true;
  std::string type = root.GetString("@type");
  return type.find("matcher.v3.Matcher") != std::string::npos;
}

Compiled LoadTree(const Node& root, doc::SourcePtr source, const FilterContext& filter) {
  EnsureExtensionTypesLinked();
  Compiled out;
  out.source = std::move(source);
  out.type = TypeName(root.GetString("@type"));
  Loader l(out, filter);
  // An ExtensionWithMatcher (envoy/extensions/common/matching/v3/extension_matcher.proto: fields
  // matcher (deprecated), xds_matcher, extension_config) written with the Matcher's own
  // matcher_tree / matcher_list at its top level, as an older Envoy docs example does
  // (docs/root/intro/arch_overview/advanced/matching/_include/complicated.yaml): Envoy rejects the
  // unknown field. Say that once, at the key, and read its value as the Matcher it was meant to be
  // when it is one (so the requests still evaluate). tests/unit/matcher_test.cpp
  // MisplacedMatcherInExtensionWithMatcher.
  const Node* tree_root = &root;
  bool misplaced = false;
  auto ends = [&](std::string_view suffix) { return std::string_view(out.type).ends_with(suffix); };
  if (ends(".ExtensionWithMatcher") || ends(".ExtensionWithMatcherPerRoute")) {
    for (const Node::Entry& e : root.entries()) {
      if (e.key != "matcher_tree" && e.key != "matcher_list") continue;
      misplaced = true;
      const std::string owner = out.type.substr(out.type.rfind('.') + 1);
      l.sink().Error("MAT019", e.key_range,
                     owner + " has no field " + e.key + ", so Envoy rejects the filter (unknown field); the Matcher "
                     "goes under xds_matcher: `xds_matcher: {" + e.key + ": ...}`",
                     e.key);
      if (e.value.is_map() && (e.value.Get("matcher_tree") || e.value.Get("matcher_list"))) tree_root = &e.value;
      break;
    }
  }
  out.root = l.LoadMatcher(*tree_root, 1);
  out.simplified = l.simplified();
  if (misplaced) {
    // Said above; the schema check below reads the Matcher that was meant.
  } else if (!out.type.empty() && out.type != "xds.type.matcher.v3.Matcher" &&
             out.type != "envoy.config.common.matcher.v3.Matcher") {
    l.sink().Error("MAT019", root.Get("@type")->range(),
                   "@type " + out.type + " is not a Matcher; use xds.type.matcher.v3.Matcher (or "
                   "envoy.config.common.matcher.v3.Matcher, the same shape)",
                   "@type");
  }
  // Schema check with protobuf's JSON parser, when our own walker found no structural problem
  // (so one mistake is not reported twice) and the document is in canonical form.
  if (!out.simplified && !l.structural_errors()) {
    xds::type::matcher::v3::Matcher msg;
    doc::DiagnosticSink sink(out.source.get());
    if (!doc::NodeToMessage(Sanitize(*tree_root, 0), &msg, sink))
      for (const auto& d : sink.list()) {
        // Point at the offending key when protobuf names it ("...) name: Cannot find field.").
        SourceRange r = d.range;
        size_t cf = d.message.find(": Cannot find field");
        if (cf != std::string::npos) {
          size_t start = d.message.find_last_of(" )", cf - 1);
          std::string key = d.message.substr(start == std::string::npos ? 0 : start + 1, cf - (start == std::string::npos ? 0 : start + 1));
          std::function<bool(const Node&)> find = [&](const Node& n) {
            for (const auto& e : n.entries()) {
              if (e.key == key) {
                r = e.key_range;
                return true;
              }
              if (find(e.value)) return true;
            }
            for (const Node& i : n.items())
              if (find(i)) return true;
            return false;
          };
          find(root);
        }
        l.sink().Add(d.severity, d.code, r, d.message, d.path);
      }
  }
  l.Finish();
  return out;
}


Compiled Compile(const doc::Document& d, const FilterContext& filter) {
  EnsureExtensionTypesLinked();
  if (d.format == doc::Format::kTextProto) {
    xds::type::matcher::v3::Matcher msg;
    doc::DiagnosticSink sink(d.source.get());
    Node tree;
    if (!doc::ParseTextProto(*d.source, &msg, sink, &tree)) {
      Compiled out;
      out.source = d.source;
      out.diagnostics = std::move(sink.list());
      return out;
    }
    return LoadTree(tree, d.source, filter);
  }
  if (!d.root()) {
    Compiled out;
    out.source = d.source;
    return out;
  }
  return LoadTree(*d.root(), d.source, filter);
}

}  // namespace cfgi::matcher
