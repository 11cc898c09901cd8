#include "core/variants/model.h"

#include "core/engine/build_count.h"

#include "core/doc/textproto_tree.h"
#include "core/doc/utf8.h"

#include <algorithm>
#include <set>

#include <google/protobuf/descriptor.h>
#include <google/protobuf/util/json_util.h>
#include <re2/re2.h>

#include "core/variants/constraint_parse.h"
#include "envoy/service/discovery/v3/discovery.pb.h"

namespace cfgi::variants {

namespace dv3 = envoy::service::discovery::v3;
namespace pb = google::protobuf;
using doc::Node;
using nlohmann::ordered_json;

ordered_json Variant::Id() const { return label.empty() ? ordered_json(ordinal) : ordered_json(label); }
std::string Variant::IdText() const { return label.empty() ? std::to_string(ordinal) : label; }

const ResourceVariants* State::Find(const std::string& name) const {
  for (const auto& r : resources)
    if (r.name == name) return &r;
  return nullptr;
}

ResourceVariants& State::Get(const std::string& name) {
  for (auto& r : resources)
    if (r.name == name) return r;
  resources.push_back({name, {}});
  return resources.back();
}

const char* MatchKindName(MatchKind o) {
  switch (o) {
    case MatchKind::kMatch: return "match";
    case MatchKind::kNone: return "none";
    case MatchKind::kAmbiguous: return "ambiguous";
  }
  return "none";
}

Selection Select(const ResourceVariants* r, const Params& p) {
  CountEvaluationWork();  // core/engine/build_count.h: never on the app's UI thread
  Selection s;
  if (!r) return s;
  for (size_t i = 0; i < r->variants.size(); ++i)
    if (Matches(r->variants[i].constraint, p)) s.matching.push_back(i);
  if (s.matching.size() == 1) {
    s.outcome = MatchKind::kMatch;
    s.selected = s.matching[0];
  } else {
    s.outcome = s.matching.empty() ? MatchKind::kNone : MatchKind::kAmbiguous;
  }
  return s;
}

std::string ParseParamsFlag(const std::string& text, Params& out) {
  out.clear();
  if (text.empty()) return "";
  size_t i = 0;
  while (i <= text.size()) {
    size_t comma = text.find(',', i);
    std::string item = text.substr(i, comma == std::string::npos ? std::string::npos : comma - i);
    size_t eq = item.find('=');
    if (eq == std::string::npos || eq == 0)
      return "'" + item + "' is not key=value; write --params env=prod,version=v1 (or --params '' for none)";
    out[item.substr(0, eq)] = item.substr(eq + 1);
    if (comma == std::string::npos) break;
    i = comma + 1;
  }
  return "";
}

// ---- applying updates ---------------------------------------------------------------------

void ApplyUpdate(State& s, const Update& u, Sinks* sinks) {
  if (u.replace) {
    std::set<std::string> done;
    for (const Variant& v : u.variants)
      if (done.insert(v.resource).second) s.Get(v.resource).variants.clear();
  }
  for (const Update::Removal& rm : u.removals) {
    ResourceVariants& r = s.Get(rm.name);
    auto it = std::find_if(r.variants.begin(), r.variants.end(),
                           [&](const Variant& v) { return v.canonical == rm.canonical; });
    if (it != r.variants.end()) {
      r.variants.erase(it);
    } else if (sinks) {
      std::string what = rm.canonical.empty() ? "the unconstrained variant" : "the variant {" + rm.canonical + "}";
      std::string fix = rm.any_constraints && !r.variants.empty()
                            ? "; this resource has constrained variants: remove them with removed_resource_names"
                            : "; check the name and constraints against the variants sent before";
      sinks->For(u.source).Warning("VAR012", rm.range, "removal of " + what + " of \"" + rm.name +
                                   "\" names no variant the client has" + fix);
    }
  }
  std::map<std::pair<std::string, std::string>, size_t> seen;
  for (size_t i = 0; i < u.variants.size(); ++i) {
    const Variant& v = u.variants[i];
    auto key = std::make_pair(v.resource, v.canonical);
    if (seen.count(key) && sinks)
      sinks->For(v.source).Warning("VAR010", v.range, "resource \"" + v.resource + "\" has two variants with the same "
                                   "constraints in one response; the later replaces the earlier; merge them");
    seen[key] = i;
    ResourceVariants& r = s.Get(v.resource);
    auto it = std::find_if(r.variants.begin(), r.variants.end(),
                           [&](const Variant& x) { return x.canonical == v.canonical; });
    if (it != r.variants.end()) *it = v;  // an update of that variant
    else r.variants.push_back(v);
  }
  // Resources with no variants left disappear.
  s.resources.erase(std::remove_if(s.resources.begin(), s.resources.end(),
                                   [](const ResourceVariants& r) { return r.variants.empty(); }),
                    s.resources.end());
}

void AssignIds(std::vector<Update>& updates, const std::map<std::string, std::vector<std::string>>& labels) {
  std::map<std::string, std::map<std::string, size_t>> ord;
  for (Update& u : updates)
    for (Variant& v : u.variants) {
      auto& m = ord[v.resource];
      auto it = m.find(v.canonical);
      if (it == m.end()) it = m.emplace(v.canonical, m.size()).first;
      v.ordinal = it->second;
      auto l = labels.find(v.resource);
      if (l != labels.end() && v.ordinal < l->second.size()) v.label = l->second[v.ordinal];
    }
}

// ---- loading sources ----------------------------------------------------------------------

namespace {

const Node* FieldNode(const Node* n, const char* proto, const char* json) {
  if (!n || !n->is_map()) return nullptr;
  if (const Node* x = n->Get(proto)) return x;
  return n->Get(json);
}

const Node* Item(const Node* seq, int i) {
  if (!seq || !seq->is_seq() || i < 0 || static_cast<size_t>(i) >= seq->items().size()) return nullptr;
  return &seq->items()[static_cast<size_t>(i)];
}

std::string ShortType(const std::string& url) { return url.substr(url.rfind('/') + 1); }

std::string Preview(const dv3::Resource& r, const std::string& json_preview) {
  std::string s = json_preview;
  if (s.empty() && r.has_resource()) {
    s = ShortType(r.resource().type_url());
    if (!r.resource().value().empty()) s += " (" + std::to_string(r.resource().value().size()) + " bytes)";
  }
  if (!r.version().empty()) s += (s.empty() ? "" : " · ") + std::string("version ") + r.version();
  return s;
}

struct Ctx {
  const doc::Document& d;
  Sources& m;
  Sinks& sinks;
  doc::DiagnosticSink& sink;
};

Variant MakeVariant(const std::string& name, Constraint c, const doc::Document& d, doc::SourceRange range,
                    std::string content) {
  Variant v;
  v.resource = name;
  v.canonical = CanonicalTextProto(c);
  v.constraint = std::move(c);
  v.source = d.source.get();
  v.range = range;
  v.content = std::move(content);
  return v;
}

// One Resource (delta entry or Any-unwrapped) as a variant; its field path is the sink's
// (the caller's ScopedFields: "resources[2]").
std::optional<Variant> ResourceVariant(const dv3::Resource& r, const Node* tree, Ctx& c, const std::string& json_preview) {
  doc::SourceRange range = tree ? tree->range() : doc::SourceRange{};
  bool has_rn = r.has_resource_name();
  if (has_rn && !r.name().empty()) {
    c.sink.Error("VAR007", range, "a Resource sets both `name` and `resource_name`; TP2 allows only one; keep "
                 "resource_name, which carries the constraints");
    return std::nullopt;
  }
  std::string name = has_rn ? r.resource_name().name() : r.name();
  if (name.empty()) {
    c.sink.Error("VAR007", range, "a Resource without a name; set resource_name.name (or name for a resource "
                 "without variants)");
    return std::nullopt;
  }
  Constraint con;
  if (has_rn && r.resource_name().has_dynamic_parameter_constraints()) {
    const Node* rn = FieldNode(tree, "resource_name", "resourceName");
    const Node* dpc = FieldNode(rn, "dynamic_parameter_constraints", "dynamicParameterConstraints");
    size_t before = c.sink.list().size();
    con = FromProto(r.resource_name().dynamic_parameter_constraints(), dpc, c.sink, ".resource_name.dynamic_parameter_constraints");
    // An invalid constraint makes the whole variant invalid (a client NACKs it): leave it out.
    for (size_t i = before; i < c.sink.list().size(); ++i)
      if (c.sink.list()[i].severity == doc::Severity::kError) return std::nullopt;
    if (dpc) range = dpc->range();
  }
  return MakeVariant(name, std::move(con), c.d, range, Preview(r, json_preview));
}

void RemovedNames(const pb::RepeatedPtrField<dv3::ResourceName>& names, const Node* tree, Ctx& c, Update& u) {
  const Node* seq = FieldNode(tree, "removed_resource_names", "removedResourceNames");
  for (int i = 0; i < names.size(); ++i) {
    const Node* item = Item(seq, i);
    Update::Removal rm;
    rm.name = names[i].name();
    rm.range = item ? item->range() : doc::SourceRange{};
    if (names[i].has_dynamic_parameter_constraints()) {
      doc::DiagnosticSink::ScopedField list(&c.sink, "removed_resource_names");
      doc::DiagnosticSink::ScopedField at(&c.sink, "[" + std::to_string(i) + "]");
      Constraint con = FromProto(names[i].dynamic_parameter_constraints(),
                                 FieldNode(item, "dynamic_parameter_constraints", "dynamicParameterConstraints"), c.sink, "");
      rm.canonical = CanonicalTextProto(con);
    }
    u.removals.push_back(rm);
  }
}

void LoadDelta(const dv3::DeltaDiscoveryResponse& msg, const Node* tree, Ctx& c,
               const std::vector<std::string>& previews) {
  Update u;
  u.source = c.d.source.get();
  const Node* res = FieldNode(tree, "resources", "resources");
  for (int i = 0; i < msg.resources_size(); ++i) {
    std::string prev = static_cast<size_t>(i) < previews.size() ? previews[static_cast<size_t>(i)] : "";
    doc::DiagnosticSink::ScopedField list(&c.sink, "resources");
    doc::DiagnosticSink::ScopedField at(&c.sink, "[" + std::to_string(i) + "]");
    if (auto v = ResourceVariant(msg.resources(i), Item(res, i), c, prev)) u.variants.push_back(std::move(*v));
  }
  RemovedNames(msg.removed_resource_names(), tree, c, u);
  const Node* plain = FieldNode(tree, "removed_resources", "removedResources");
  for (int i = 0; i < msg.removed_resources_size(); ++i) {
    const Node* item = Item(plain, i);
    u.removals.push_back({msg.removed_resources(i), "", true, item ? item->range() : doc::SourceRange{}});
  }
  c.m.updates.push_back(std::move(u));
}

void LoadSotw(const dv3::DiscoveryResponse& msg, const Node* tree, Ctx& c, const std::vector<std::string>& previews) {
  Update u;
  u.source = c.d.source.get();
  u.replace = true;
  const Node* res = FieldNode(tree, "resources", "resources");
  for (int i = 0; i < msg.resources_size(); ++i) {
    const pb::Any& any = msg.resources(i);
    doc::DiagnosticSink::ScopedField list(&c.sink, "resources");
    doc::DiagnosticSink::ScopedField at(&c.sink, "[" + std::to_string(i) + "]");
    const Node* item = Item(res, i);
    dv3::Resource r;
    if (any.type_url() != "type.googleapis.com/envoy.service.discovery.v3.Resource" || !any.UnpackTo(&r)) {
      c.sink.Error("VAR006", item ? item->range() : doc::SourceRange{},
                   "a DiscoveryResponse resource that is not a wrapped envoy.service.discovery.v3.Resource (" +
                       ShortType(any.type_url()) + ") carries no dynamic parameter constraints; wrap it in a Resource "
                       "with resource_name");
      continue;
    }
    std::string prev = static_cast<size_t>(i) < previews.size() ? previews[static_cast<size_t>(i)] : "";
    if (auto v = ResourceVariant(r, item, c, prev)) u.variants.push_back(std::move(*v));
  }
  c.m.updates.push_back(std::move(u));
}

Params MapParams(const pb::Map<std::string, std::string>& m) {
  Params p;
  for (const auto& [k, v] : m) p[k] = v;
  return p;
}

void LoadLocators(const pb::RepeatedPtrField<dv3::ResourceLocator>& locs, const Node* seq, Ctx& c) {
  for (int i = 0; i < locs.size(); ++i) {
    const Node* item = Item(seq, i);
    Subscription s;
    s.params = MapParams(locs[i].dynamic_parameters());
    s.resources = {locs[i].name()};
    s.source = c.d.source.get();
    s.range = item ? item->range() : doc::SourceRange{};
    s.origin = "request";
    c.m.subscriptions.push_back(std::move(s));
  }
}

// Plain resource names: the node's dynamic parameters for this type URL (envoy
// api/envoy/config/core/v3/base.proto Node.dynamic_parameters, keyed by resource type URL).
template <class Req>
void LoadPlainNames(const Req& req, const pb::RepeatedPtrField<std::string>& names, const Node* seq, Ctx& c) {
  if (names.empty()) return;
  Params p;
  auto it = req.node().dynamic_parameters().find(req.type_url());
  if (it != req.node().dynamic_parameters().end()) p = MapParams(it->second.params());
  for (int i = 0; i < names.size(); ++i) {
    const Node* item = Item(seq, i);
    Subscription s;
    s.params = p;
    s.resources = {names[i]};
    s.source = c.d.source.get();
    s.range = item ? item->range() : doc::SourceRange{};
    s.origin = "request";
    c.m.subscriptions.push_back(std::move(s));
  }
}

void LoadConstraintVariants(const std::vector<std::pair<Constraint, doc::SourceRange>>& cs, const std::string& name,
                            Ctx& c) {
  Update u;
  u.source = c.d.source.get();
  u.replace = true;
  for (const auto& [con, r] : cs) u.variants.push_back(MakeVariant(name, con, c.d, r, ""));
  c.m.updates.push_back(std::move(u));
}

enum class Kind { kNone, kDelta, kSotw, kRequest, kDeltaRequest, kResource, kConstraints, kConstraintList, kClient };

// Which message a YAML / JSON root is, from its field names.
Kind KindOfTree(const Node& root) {
  if (root.is_seq()) return Kind::kConstraintList;
  if (!root.is_map()) return Kind::kNone;
  std::string type = root.GetString("@type");
  if (!type.empty()) {
    std::string t = ShortType(type);
    if (t == "envoy.service.discovery.v3.DeltaDiscoveryResponse") return Kind::kDelta;
    if (t == "envoy.service.discovery.v3.DiscoveryResponse") return Kind::kSotw;
    if (t == "envoy.service.discovery.v3.DiscoveryRequest") return Kind::kRequest;
    if (t == "envoy.service.discovery.v3.DeltaDiscoveryRequest") return Kind::kDeltaRequest;
    if (t == "envoy.service.discovery.v3.Resource") return Kind::kResource;
    if (t == "envoy.service.discovery.v3.DynamicParameterConstraints") return Kind::kConstraints;
  }
  auto has = [&](std::initializer_list<const char*> ks) {
    for (const char* k : ks)
      if (root.Get(k)) return true;
    return false;
  };
  if (has({"resource_locators_subscribe", "resourceLocatorsSubscribe", "resource_names_subscribe",
           "resourceNamesSubscribe", "resource_locators_unsubscribe", "resourceLocatorsUnsubscribe"}))
    return Kind::kDeltaRequest;
  if (has({"resource_locators", "resourceLocators", "resource_names", "resourceNames"})) return Kind::kRequest;
  if (has({"xds_servers", "dynamic_parameters", "authorities", "node_metadata_as_dynamic_parameters", "subscribe"}))
    return Kind::kClient;
  if (has({"removed_resource_names", "removedResourceNames", "removed_resources", "removedResources",
           "system_version_info", "systemVersionInfo"}))
    return Kind::kDelta;
  if (has({"version_info", "versionInfo", "canary"})) return Kind::kSotw;
  if (const Node* res = FieldNode(&root, "resources", "resources")) {
    if (res->is_seq() && !res->items().empty() && res->items()[0].is_map() && res->items()[0].Get("@type"))
      return Kind::kSotw;
    return Kind::kDelta;
  }
  if (has({"resource_name", "resourceName"})) return Kind::kResource;
  if (has({"constraint", "and_constraints", "andConstraints", "or_constraints", "orConstraints", "not_constraints",
           "notConstraints"}))
    return Kind::kConstraints;
  if (has({"node"})) return Kind::kClient;
  return Kind::kNone;
}

// proto3 JSON cannot hold an Any whose type protobuf does not know (RouteConfiguration is not
// compiled in): keep its JSON as the content preview and drop it from what protobuf parses.
std::string StripUnknownAny(ordered_json& resource_holder) {
  if (!resource_holder.is_object()) return "";
  auto it = resource_holder.find("resource");
  if (it == resource_holder.end() || !it->is_object()) return "";
  std::string type = it->value("@type", "");
  if (pb::DescriptorPool::generated_pool()->FindMessageTypeByName(ShortType(type))) return "";
  ordered_json copy = *it;
  copy.erase("@type");
  std::string dump = copy.dump(-1, ' ', false, ordered_json::error_handler_t::replace);
  if (dump.size() > 80) {
    size_t cut = 77;  // not inside a UTF-8 sequence: the preview is printed as JSON
    while (cut > 0 && (static_cast<unsigned char>(dump[cut]) & 0xC0) == 0x80) --cut;
    dump = dump.substr(0, cut) + "...";
  }
  std::string prev = ShortType(type) + " " + dump;
  resource_holder.erase("resource");
  return prev;
}

template <class Msg>
bool JsonToMessage(const ordered_json& j, const Node& at, Msg* msg, doc::DiagnosticSink& sink) {
  // U+FFFD, not an exception, for invalid UTF-8 (the YAML loader rejects it; textproto bytes may hold it).
  return doc::JsonTextToMessage(doc::JsonText(j), msg, at.range(), sink);
}

bool LoadTree(const Node& root, const std::string& default_resource, Ctx& c) {
  Kind k = KindOfTree(root);
  switch (k) {
    case Kind::kNone: return false;
    case Kind::kClient: {
      std::string stem = c.d.source->name();
      stem = stem.substr(stem.rfind('/') + 1);
      auto cc = std::make_shared<ClientConfig>(ParseClientConfig(root, stem, c.sink));
      c.m.clients.push_back({cc, c.d.source.get(), root.range()});
      return true;
    }
    case Kind::kConstraintList: {
      std::vector<std::pair<Constraint, doc::SourceRange>> cs;
      int i = 0;
      for (const Node& item : root.items()) {
        dv3::DynamicParameterConstraints m;
        const std::string index = "[" + std::to_string(i++) + "]";
        if (!JsonToMessage(item.ToOrderedJson(), item, &m, c.sink)) continue;
        size_t before = c.sink.list().size();
        Constraint con = FromProto(m, &item, c.sink, index);  // pushed as a ScopedField
        bool bad = false;
        for (size_t e = before; e < c.sink.list().size(); ++e) bad |= c.sink.list()[e].severity == doc::Severity::kError;
        if (!bad) cs.emplace_back(std::move(con), item.range());
      }
      LoadConstraintVariants(cs, default_resource, c);
      return true;
    }
    case Kind::kConstraints: {
      dv3::DynamicParameterConstraints m;
      ordered_json j = root.ToOrderedJson();
      j.erase("@type");
      if (JsonToMessage(j, root, &m, c.sink)) LoadConstraintVariants({{FromProto(m, &root, c.sink, ""), root.range()}}, default_resource, c);
      return true;
    }
    case Kind::kResource: {
      dv3::Resource r;
      ordered_json j = root.ToOrderedJson();
      j.erase("@type");
      std::string prev = StripUnknownAny(j);
      if (!JsonToMessage(j, root, &r, c.sink)) return true;
      Update u;
      u.source = c.d.source.get();
      if (auto v = ResourceVariant(r, &root, c, prev)) u.variants.push_back(std::move(*v));
      c.m.updates.push_back(std::move(u));
      return true;
    }
    case Kind::kDelta:
    case Kind::kSotw: {
      ordered_json j = root.ToOrderedJson();
      j.erase("@type");
      std::vector<std::string> previews;
      if (j.contains("resources") && j["resources"].is_array())
        for (auto& r : j["resources"]) previews.push_back(StripUnknownAny(r));
      if (k == Kind::kDelta) {
        dv3::DeltaDiscoveryResponse msg;
        if (JsonToMessage(j, root, &msg, c.sink)) LoadDelta(msg, &root, c, previews);
      } else {
        dv3::DiscoveryResponse msg;
        if (JsonToMessage(j, root, &msg, c.sink)) LoadSotw(msg, &root, c, previews);
      }
      return true;
    }
    case Kind::kRequest: {
      dv3::DiscoveryRequest msg;
      ordered_json j = root.ToOrderedJson();
      j.erase("@type");
      if (!JsonToMessage(j, root, &msg, c.sink)) return true;
      LoadLocators(msg.resource_locators(), FieldNode(&root, "resource_locators", "resourceLocators"), c);
      LoadPlainNames(msg, msg.resource_names(), FieldNode(&root, "resource_names", "resourceNames"), c);
      return true;
    }
    case Kind::kDeltaRequest: {
      dv3::DeltaDiscoveryRequest msg;
      ordered_json j = root.ToOrderedJson();
      j.erase("@type");
      if (!JsonToMessage(j, root, &msg, c.sink)) return true;
      LoadLocators(msg.resource_locators_subscribe(),
                   FieldNode(&root, "resource_locators_subscribe", "resourceLocatorsSubscribe"), c);
      LoadPlainNames(msg, msg.resource_names_subscribe(),
                     FieldNode(&root, "resource_names_subscribe", "resourceNamesSubscribe"), c);
      // Unsubscribes cancel an earlier subscription with the same resource and parameters.
      for (const auto& loc : msg.resource_locators_unsubscribe()) {
        Params p = MapParams(loc.dynamic_parameters());
        auto& subs = c.m.subscriptions;
        subs.erase(std::remove_if(subs.begin(), subs.end(), [&](const Subscription& s) {
                     return s.resources == std::vector<std::string>{loc.name()} && s.params == p;
                   }), subs.end());
      }
      return true;
    }
  }
  return false;
}

// The `# proto-message: X` header comment (the textproto convention), or the type guessed from
// the first field name.
std::string TextProtoType(const std::string& text) {
  std::string type;
  if (RE2::PartialMatch(text, R"((?m)^#\s*proto-message:\s*([\w.]+))", &type)) return type;
  std::string first;
  RE2::PartialMatch(text, R"((?m)^\s*([A-Za-z_]\w*)\s*[:{<])", &first);
  static const std::map<std::string, std::string> kByField = {
      {"resources", ""},  // both responses: decided by parsing
      {"removed_resource_names", "DeltaDiscoveryResponse"}, {"removed_resources", "DeltaDiscoveryResponse"},
      {"system_version_info", "DeltaDiscoveryResponse"}, {"version_info", "DiscoveryResponse"},
      {"resource_locators", "DiscoveryRequest"}, {"resource_names", "DiscoveryRequest"},
      {"resource_locators_subscribe", "DeltaDiscoveryRequest"}, {"resource_names_subscribe", "DeltaDiscoveryRequest"},
      {"resource_name", "Resource"}, {"constraint", "DynamicParameterConstraints"},
      {"and_constraints", "DynamicParameterConstraints"}, {"or_constraints", "DynamicParameterConstraints"},
      {"not_constraints", "DynamicParameterConstraints"}};
  auto it = kByField.find(first);
  return it == kByField.end() ? "" : it->second;
}

template <class Msg>
bool ParseTp(const doc::Document& d, Msg* msg, Node* tree, doc::DiagnosticSink& sink) {
  return doc::ParseTextProto(*d.source, msg, sink, tree);
}

// A response or Resource whose Anys hold Envoy types this build has no descriptor for (TP2's
// example: Resources holding an envoy.config.listener.v3.Listener). protobuf's TextFormat cannot
// expand such an Any; it is read as the matcher engine reads Envoy configuration: the schema-free
// tree (core/doc/textproto_tree.h) shaped by the generated pool's descriptors
// (doc::ShapeByDescriptor, the matcher's textproto path), then the YAML / JSON path, which keeps
// an unknown resource as its content preview (StripUnknownAny). Nullopt when no Any is unknown.
std::optional<Node> ShapedWithUnknownAny(const doc::Document& d) {
  Node raw;
  doc::DiagnosticSink quiet(d.source.get());
  if (!doc::ParseTextProtoTree(*d.source, quiet, &raw) || !doc::HasUnknownAny(raw)) return std::nullopt;
  const google::protobuf::Descriptor* desc = nullptr;
  switch (KindOfTree(raw)) {
    case Kind::kDelta: desc = dv3::DeltaDiscoveryResponse::descriptor(); break;
    case Kind::kSotw: desc = dv3::DiscoveryResponse::descriptor(); break;
    case Kind::kResource: desc = dv3::Resource::descriptor(); break;
    default: return std::nullopt;
  }
  return doc::ShapeByDescriptor(raw, desc);
}

bool LoadTextProto(const doc::Document& d, const std::string& default_resource, Ctx& c) {
  if (std::optional<Node> shaped = ShapedWithUnknownAny(d)) return LoadTree(*shaped, default_resource, c);
  std::string type = TextProtoType(d.source->text());
  if (type.rfind("envoy.service.discovery.v3.", 0) == 0) type = type.substr(27);
  Node tree;
  auto try_parse = [&](auto* msg, bool report) {
    doc::DiagnosticSink quiet(d.source.get());
    return ParseTp(d, msg, &tree, report ? c.sink : quiet);
  };
  // Candidates in order; the first that parses cleanly wins. With a header or a decisive first
  // field only that type is tried, so its errors are the ones reported.
  std::vector<std::string> order = {"DeltaDiscoveryResponse", "DiscoveryResponse", "DiscoveryRequest",
                                    "DeltaDiscoveryRequest", "Resource", "DynamicParameterConstraints"};
  if (!type.empty()) order = {type};
  for (size_t i = 0; i < order.size(); ++i) {
    bool report = i + 1 == order.size();
    const std::string& t = order[i];
    if (t == "DeltaDiscoveryResponse") {
      dv3::DeltaDiscoveryResponse m;
      if (try_parse(&m, report)) { LoadDelta(m, &tree, c, {}); return true; }
    } else if (t == "DiscoveryResponse") {
      dv3::DiscoveryResponse m;
      if (try_parse(&m, report)) { LoadSotw(m, &tree, c, {}); return true; }
    } else if (t == "DiscoveryRequest") {
      dv3::DiscoveryRequest m;
      if (try_parse(&m, report)) {
        LoadLocators(m.resource_locators(), FieldNode(&tree, "resource_locators", ""), c);
        LoadPlainNames(m, m.resource_names(), FieldNode(&tree, "resource_names", ""), c);
        return true;
      }
    } else if (t == "DeltaDiscoveryRequest") {
      dv3::DeltaDiscoveryRequest m;
      if (try_parse(&m, report)) {
        LoadLocators(m.resource_locators_subscribe(), FieldNode(&tree, "resource_locators_subscribe", ""), c);
        LoadPlainNames(m, m.resource_names_subscribe(), FieldNode(&tree, "resource_names_subscribe", ""), c);
        return true;
      }
    } else if (t == "Resource") {
      dv3::Resource m;
      if (try_parse(&m, report)) {
        Update u;
        u.source = d.source.get();
        if (auto v = ResourceVariant(m, &tree, c, "")) u.variants.push_back(std::move(*v));
        c.m.updates.push_back(std::move(u));
        return true;
      }
    } else if (t == "DynamicParameterConstraints") {
      dv3::DynamicParameterConstraints m;
      if (try_parse(&m, report)) {
        LoadConstraintVariants({{FromProto(m, &tree, c.sink, ""), tree.range()}}, default_resource, c);
        return true;
      }
    } else {
      c.sink.Error("VAR006", {0, 0}, "proto-message '" + t + "' is not a TP2 message; use DeltaDiscoveryResponse, "
                   "DiscoveryResponse, DiscoveryRequest, DeltaDiscoveryRequest, Resource or DynamicParameterConstraints");
      return true;
    }
  }
  return true;  // the errors of the last candidate were reported
}

}  // namespace

bool LoadSource(const doc::Document& d, const std::string& default_resource, Sources& m, Sinks& sinks) {
  doc::DiagnosticSink& sink = sinks.For(d.source.get());
  Ctx c{d, m, sinks, sink};
  const std::string& text = d.source->text();
  if (LooksLikeShorthand(text)) {
    std::vector<ShorthandVariant> vs = ParseShorthand(*d.source, sink);
    std::vector<std::pair<Constraint, doc::SourceRange>> cs;
    for (const ShorthandVariant& v : vs) {
      if (!v.ok) continue;
      sink.Warning("VAR003", {v.range.begin, v.range.begin + 1},
                   "the TP2 spec's shorthand is not textproto; the canonical textproto of this variant is: " +
                       (v.constraint.kind == Constraint::Kind::kTrue ? std::string("(empty message)")
                                                                      : CanonicalTextProto(v.constraint)));
      cs.emplace_back(v.constraint, v.range);
    }
    LoadConstraintVariants(cs, default_resource, c);
    return true;
  }
  sink.Append(d.diagnostics);
  if (doc::HasErrors(d.diagnostics)) return true;
  switch (d.format) {
    case doc::Format::kTextProto: return LoadTextProto(d, default_resource, c);
    case doc::Format::kYaml:
    case doc::Format::kJson: {
      bool any = false;
      for (const Node& root : d.roots) any |= LoadTree(root, default_resource, c);
      if (!any)
        sink.Error("VAR006", d.root() ? d.root()->range() : doc::SourceRange{},
                   "not a TP2 input: expected a DeltaDiscoveryResponse / DiscoveryResponse with resources, a request "
                   "with resource_locators, DynamicParameterConstraints, or a client bootstrap; see "
                   "docs/formats/variants.md");
      return any;
    }
    case doc::Format::kText:
      sink.Error("VAR006", {0, 0}, "not a TP2 input; constraints are textproto, proto3 JSON, YAML or the spec's "
                 "shorthand `{constraint:{key:\"k\" value:\"v\"}}`");
      return false;
  }
  return false;
}

// ---- client configuration -------------------------------------------------------------------

namespace {
// `segment` is pushed as a ScopedField for the map's findings.
Params StringMap(const Node* n, std::string_view segment, doc::DiagnosticSink& sink) {
  Params p;
  if (!n) return p;
  doc::DiagnosticSink::ScopedField at(&sink, segment, doc::DiagnosticSink::Lead::kField);
  if (!n->is_map()) {
    sink.Error("VAR122", n->range(), sink.field_path() + " must be a map of parameter name to string value");
    return p;
  }
  for (const auto& e : n->entries()) {
    if (!e.value.is_scalar() || e.value.is_null()) {
      sink.Error("VAR122", e.value.range(), "dynamic parameter '" + e.key + "' must be a string; quote it", "." + e.key);
      continue;
    }
    p[e.key] = e.value.text();
  }
  return p;
}
}  // namespace

ClientConfig ParseClientConfig(const Node& n, const std::string& name, doc::DiagnosticSink& sink) {
  ClientConfig c;
  c.name = n.GetString("name", name);
  if (!n.is_map()) {
    sink.Error("VAR122", n.range(), "a client configuration is a map (node, dynamic_parameters, authorities)", "");
    return c;
  }
  c.global = StringMap(n.Get("dynamic_parameters"), ".dynamic_parameters", sink);
  if (const Node* a = n.Get("authorities")) {
    doc::DiagnosticSink::ScopedField authorities(&sink, ".authorities", doc::DiagnosticSink::Lead::kField);
    if (!a->is_map()) {
      sink.Error("VAR122", a->range(), "authorities must be a map of authority name to {dynamic_parameters}");
    } else {
      for (const auto& e : a->entries()) {
        doc::DiagnosticSink::ScopedField authority(&sink, "." + e.key);
        if (!e.value.is_map()) {
          sink.Error("VAR122", e.value.range(), "authority '" + e.key + "' must be a map with dynamic_parameters");
          continue;
        }
        if (e.value.Get("dynamic_parameters"))
          c.authorities[e.key] = StringMap(e.value.Get("dynamic_parameters"), ".dynamic_parameters", sink);
      }
    }
  }
  const Node* translate = n.Get("node_metadata_as_dynamic_parameters");
  const Node* node = n.Get("node");
  if (translate && translate->as_bool() && node && node->Get("metadata")) {
    const Node* md = node->Get("metadata");
    if (md->is_map()) {
      for (const auto& e : md->entries()) {
        if (e.value.is_string()) {
          c.from_metadata[e.key] = e.value.text();
        } else if (e.value.is_scalar() && !e.value.is_null()) {
          c.from_metadata[e.key] = e.value.text();
          sink.Note("VAR121", e.value.range(), "node metadata '" + e.key + "' is a " + e.value.kind_name() +
                    "; it is sent as the string \"" + e.value.text() + "\"; quote it to make that explicit",
                    "node.metadata." + e.key);
        } else {
          sink.Warning("VAR120", e.value.range(), "node metadata '" + e.key + "' is a " + e.value.kind_name() +
                       " and has no dynamic-parameter form (parameters are strings); it is not sent; flatten it "
                       "into string fields",
                       "node.metadata." + e.key);
        }
      }
    }
  }
  if (const Node* s = n.Get("subscribe")) {
    if (s->is_seq())
      for (const Node& x : s->items()) c.subscribe.push_back(x.text());
    else
      sink.Error("VAR122", s->range(), "subscribe must be a list of resource names", "subscribe");
  }
  return c;
}

Params ClientParams(const ClientConfig& c, const std::string& resource) {
  static const char kPrefix[] = "xdstp://";
  if (resource.rfind(kPrefix, 0) == 0) {
    size_t b = sizeof(kPrefix) - 1;
    std::string authority = resource.substr(b, resource.find('/', b) - b);
    auto it = c.authorities.find(authority);
    if (it != c.authorities.end()) return it->second;
  }
  Params p = c.from_metadata;
  for (const auto& [k, v] : c.global) p[k] = v;
  return p;
}

std::vector<Subscription> ClientSubscriptions(const ClientConfig& c, const std::vector<std::string>& all_resources,
                                              const doc::Source* src, doc::SourceRange range) {
  std::vector<std::string> names = c.subscribe.empty() ? all_resources : c.subscribe;
  std::vector<Subscription> out;
  if (names.empty()) {  // every resource, with the default parameters
    Subscription s{c.name, ClientParams(c, ""), {}, src, range, "client"};
    out.push_back(std::move(s));
    return out;
  }
  for (const std::string& n : names) {
    Params p = ClientParams(c, n);
    auto it = std::find_if(out.begin(), out.end(), [&](const Subscription& s) { return s.params == p; });
    if (it == out.end()) out.push_back({c.name, p, {n}, src, range, "client"});
    else it->resources.push_back(n);
  }
  return out;
}

}  // namespace cfgi::variants
