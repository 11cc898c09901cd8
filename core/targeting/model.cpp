// Loading manifests, configurations and registries. Field names, defaults and allowed values
// follow CppMicroServices compendium/DeclarativeServices/src/metadata/MetadataParserImpl.cpp
// (CreateComponentMetadata, CreateReferenceMetadata) and ReferenceMetadata.cpp.
#include "core/targeting/model.h"

#include <algorithm>
#include <cstdint>
#include <limits>

namespace cfgi::targeting {

namespace {

using doc::Node;

const std::vector<std::string> kCardinalities = {"0..1", "1..1", "0..n", "1..n"};
const std::vector<std::string> kPolicies = {"static", "dynamic"};
const std::vector<std::string> kPolicyOptions = {"greedy", "reluctant"};
const std::vector<std::string> kScopes = {"bundle", "prototype", "prototype-required"};
const std::vector<std::string> kConfigPolicies = {"ignore", "optional", "require"};

std::string Join(const std::vector<std::string>& v) {
  std::string out;
  for (size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + v[i];
  return out;
}

bool IsComponentMap(const Node& n) { return n.is_map() && n.Get("implementation-class"); }

// A string field; reports TGT004 when present with another type. BundleManifest.cpp drops a
// leading '%' from every manifest string (attribute localization is not supported).
// Reports at the sink's scoped path (the map's).
std::optional<std::string> StringField(const Node& map, std::string_view key, doc::DiagnosticSink& sink,
                                       const Node** out = nullptr) {
  const Node* n = map.Get(key);
  if (out) *out = n;
  if (!n || n->is_null()) return std::nullopt;
  if (!n->is_string()) {
    sink.Error("TGT004", n->range(),
               "'" + std::string(key) + "' must be a string, not " + n->kind_name() + "; quote the value");
    return std::nullopt;
  }
  std::string v = n->text();
  if (!v.empty() && v[0] == '%') v.erase(0, 1);
  return v;
}

// A value from a fixed set. CppMicroServices' ObjectValidator::AssignValueTo checks it with
// util::ThrowIfValueAbsentInChoices (compendium/DeclarativeServices/src/metadata/Util.cpp), which
// lower-cases a copy before the membership test and then stores the value AS WRITTEN. The code
// that reads the stored value compares exactly: ReferenceManagerImpl.cpp CreateBindingPolicy
// (`policy == "static"`, `policyOption == "reluctant"`, anything else is dynamic / greedy),
// ReferenceMetadata.cpp GetReferenceCardinalityExtents (throws for "0..N"), and
// ReferenceManagerImpl.cpp's `scope == REFERENCE_SCOPE_PROTOTYPE_REQUIRED`. So "Dynamic" and
// "Greedy" behave as written, "Static" binds dynamically, "Reluctant" greedily, "1..N" rejects
// the component, and "Prototype-Required" does not ask for prototype services (TGT033, TGT034).
void Choice(const Node& map, std::string_view key, const std::vector<std::string>& allowed, std::string& into,
            doc::DiagnosticSink& sink) {
  const Node* n = nullptr;
  auto v = StringField(map, key, sink, &n);
  if (!v) return;
  std::string folded = ldap::ToLowerAscii(*v);
  if (folded != *v && std::find(allowed.begin(), allowed.end(), folded) != allowed.end()) {
    into = *v;
    if (key == "cardinality") {
      sink.Error("TGT034", n->range(),
                 "'" + *v + "' passes CppMicroServices' check (it lower-cases the value) but GetReferenceCardinalityExtents "
                 "compares it exactly and throws \"" + *v + " is not a valid ReferenceCardinality string\": the component is "
                 "not loaded; write '" + folded + "'",
                 "." + std::string(key));
    } else if ((key == "policy" && folded == "static") || (key == "policy-option" && folded == "reluctant") ||
               (key == "scope" && folded == "prototype-required")) {
      std::string effect = key == "policy" ? "the reference binds dynamically (CreateBindingPolicy compares with \"static\")"
                         : key == "policy-option" ? "the reference binds greedily (CreateBindingPolicy compares with \"reluctant\")"
                         : "the service tracker does not add (service.scope=prototype) (the scope is compared with \"prototype-required\")";
      sink.Warning("TGT033", n->range(),
                   "'" + *v + "' is accepted (CppMicroServices lower-cases it to check it) but kept as written, so " + effect +
                       "; write '" + folded + "'",
                   "." + std::string(key));
    }
    return;
  }
  if (std::find(allowed.begin(), allowed.end(), *v) == allowed.end()) {
    sink.Error("TGT005", n->range(),
               "'" + *v + "' is not a valid " + std::string(key) + "; use one of: " + Join(allowed) +
                   " (CppMicroServices rejects the component)",
               "." + std::string(key));
    return;
  }
  into = *v;
}

// Reports at the sink's scoped path (the list's).
std::vector<std::string> StringList(const Node* n, const std::string& what, doc::DiagnosticSink& sink) {
  std::vector<std::string> out;
  if (!n || n->is_null()) return out;
  if (n->is_string()) {
    sink.Error("TGT004", n->range(), what + " must be a list of strings; write [\"" + n->text() + "\"]");
    return out;
  }
  if (!n->is_seq()) {
    sink.Error("TGT004", n->range(), what + " must be a list of strings, not " + std::string(n->kind_name()));
    return out;
  }
  for (const Node& e : n->items()) {
    if (!e.is_string()) {
      sink.Error("TGT004", e.range(), what + " entries must be strings, not " + std::string(e.kind_name()));
      continue;
    }
    out.push_back(e.text());
  }
  return out;
}

// Reports at the sink's scoped path (the reference's, "...references[i]").
Reference LoadReference(const Node& r, const doc::Source& src, doc::DiagnosticSink& sink) {
  Reference ref;
  ref.range = r.range();
  ref.file = src.name();
  const Node* name_node = nullptr;
  if (auto v = StringField(r, "name", sink, &name_node)) {
    ref.name = *v;
    ref.name_range = name_node->range();
  } else if (!name_node) {
    sink.Error("TGT003", r.range(), "a reference needs a 'name' (mandatory in CppMicroServices); add \"name\": \"...\"");
  }
  const Node* iface_node = nullptr;
  if (auto v = StringField(r, "interface", sink, &iface_node)) ref.interface = *v;
  else if (!iface_node)
    sink.Error("TGT003", r.range(),
               "reference '" + ref.name + "' needs an 'interface' (mandatory); add \"interface\": \"ns::IService\"");
  Choice(r, "cardinality", kCardinalities, ref.cardinality, sink);
  Choice(r, "policy", kPolicies, ref.policy, sink);
  Choice(r, "policy-option", kPolicyOptions, ref.policy_option, sink);
  Choice(r, "scope", kScopes, ref.scope, sink);
  ref.min_cardinality = ref.cardinality[0] == '0' ? 0 : 1;
  ref.max_cardinality = ref.cardinality.back() == 'n' ? std::numeric_limits<size_t>::max() : 1;
  const Node* target_node = nullptr;
  if (auto t = StringField(r, "target", sink, &target_node)) {
    ref.target = *t;
    ref.target_loc = LocOf(*target_node, src);
    if (!target_node->text().empty() && target_node->text()[0] == '%') {
      // The stripped '%' shifts every offset by one.
      ref.target_loc.text_begin += 1;
      sink.Warning("TGT008", target_node->range(),
                   "the target starts with '%', which CppMicroServices strips from manifest strings; remove it", ".target");
    }
  }
  return ref;
}

// The configuration rules of MetadataParserImpl.cpp CreateComponentMetadata (the runtime) and of
// SCRCodeGen's ManifestParserImpl.cpp (the code generator every DS bundle's build runs; its
// cases are compendium/tools/SCRCodeGen/test/TestCodeGenerator.cpp, e.g.
// manifest_duplicate_configuration_pid, manifest_configuration_policy_but_no_pid,
// manifest_too_many_configuration_pids), applied to `comp` as the runtime applies them:
//  - with a configuration-policy, a "$" pid is the component name, and a pid listed twice throws
//    "configuration-pid error in the manifest. Duplicate pid detected." (TGT035): the component
//    is not loaded ("Could not load the component with index: i");
//  - a configuration-policy without configuration-pid, or the reverse, is logged as a warning and
//    the policy becomes "ignore" (TGT036; the code generator rejects it; ComponentConfigurationImpl
//    and ConfigurationManager then read no configuration, for factory components too);
//  - a factory component's configuration-pid holds exactly one pid (TGT037, code generator);
//  - "immediate": false without a "service" throws "Invalid value specified for the name
//    'immediate'." (TGT038), a non-boolean "immediate" fails GetValue<bool> (TGT004).
void ConfigurationRules(const Node& c, int index, Component& comp, doc::DiagnosticSink& sink, bool* ok) {
  const Node* policy = c.Get("configuration-policy");
  const Node* pids = c.Get("configuration-pid");
  const std::string skipped = " (CppMicroServices does not load the component: \"Could not load the component with index: " +
                              std::to_string(index) + "\")";
  if (policy && pids && pids->is_seq()) {
    std::vector<std::string> seen;
    std::vector<const Node*> seen_at;
    int i = 0;
    for (const Node& e : pids->items()) {
      int at = i++;
      if (!e.is_string()) continue;
      std::string pid = e.text() == "$" ? comp.name : e.text();
      if (auto first = std::find(seen.begin(), seen.end(), pid); first != seen.end()) {
        const Node& earlier = *seen_at[static_cast<size_t>(first - seen.begin())];
        sink.Error("TGT035", e.range(),
                   "configuration-pid '" + pid + "' is listed twice" +
                       (e.text() == "$" ? std::string(" ('$' stands for the component name)") : std::string()) +
                       ": \"configuration-pid error in the manifest. Duplicate pid detected.\"" + skipped + "; remove the duplicate",
                   ".configuration-pid[" + std::to_string(at) + "]")
            .Relate(sink.source(), earlier.range(), "configuration-pid '" + pid + "' first listed here");
        *ok = false;
      }
      seen.push_back(pid);
      seen_at.push_back(&e);
    }
    for (std::string& p : comp.configuration_pids)
      if (p == "$") p = comp.name;
  }
  if ((policy != nullptr) != (pids != nullptr)) {
    const Node* present = policy ? policy : pids;
    std::string fix = policy ? "add \"configuration-pid\": [\"" + comp.name + "\"]"
                             : "add \"configuration-policy\": \"optional\" (or \"require\")";
    sink.Warning("TGT036", present->range(),
                 std::string(policy ? "configuration-policy without configuration-pid" : "configuration-pid without configuration-policy") +
                     ": CppMicroServices sets the policy to 'ignore' (\"Both configuration-policy and configuration-pid must be "
                     "present to participate in Configuration Admin\"), so no configuration reaches the component, and "
                     "SCRCodeGen rejects the manifest; " + fix,
                 policy ? ".configuration-policy" : ".configuration-pid");
    // The engine keeps evaluating the component with its pids (so a scenario's --pid still
    // selects it and its configuration is shown); the warning says what the runtime does.
  }
  if (!comp.factory.empty() && pids && pids->is_seq() && pids->size() != 1)
    sink.Warning("TGT037", pids->range(),
                 "factory component '" + comp.name + "' lists " + std::to_string(pids->size()) +
                     " configuration pids: SCRCodeGen rejects it (\"For factory components, the configuration-pid array may only "
                     "contain one entry\"); keep one pid, the factory's",
                 ".configuration-pid");
  if (const Node* imm = c.Get("immediate")) {
    if (imm->kind() != Node::Kind::kBool) {
      sink.Error("TGT004", imm->range(), "'immediate' must be true or false, not " + std::string(imm->kind_name()) + skipped,
                 ".immediate");
      *ok = false;
    } else if (!imm->as_bool() && !c.Get("service")) {
      sink.Error("TGT038", imm->range(),
                 "'immediate': false on a component without a 'service': \"Invalid value specified for the name 'immediate'.\"" +
                     skipped + "; remove 'immediate' (a component without a service is always immediate) or add a 'service'",
                 ".immediate");
      *ok = false;
    }
  }
}

// Reports at the sink's scoped path (the component's, "scr.components[i]").
Component LoadComponent(const Node& c, int index, const doc::Source& src, doc::DiagnosticSink& sink, bool* ok) {
  Component comp;
  comp.index = index;
  comp.range = c.range();
  comp.file = src.name();
  *ok = true;
  const Node* impl = nullptr;
  if (auto v = StringField(c, "implementation-class", sink, &impl)) {
    comp.implementation_class = *v;
    comp.name_range = impl->range();
  } else {
    if (!impl)
      sink.Error("TGT002", c.range(),
                 "component " + std::to_string(index) +
                     " has no 'implementation-class' (mandatory); CppMicroServices skips it (\"Could not load the component with index: " +
                     std::to_string(index) + "\")");
    *ok = false;
  }
  comp.name = comp.implementation_class;
  if (auto v = StringField(c, "name", sink)) comp.name = *v;
  Choice(c, "configuration-policy", kConfigPolicies, comp.configuration_policy, sink);
  {
    doc::DiagnosticSink::ScopedField f(&sink, ".configuration-pid");
    comp.configuration_pids = StringList(c.Get("configuration-pid"), "'configuration-pid'", sink);
  }
  if (auto v = StringField(c, "factory", sink)) comp.factory = *v;
  ConfigurationRules(c, index, comp, sink, ok);
  if (const Node* s = c.Get("service")) {
    doc::DiagnosticSink::ScopedField f(&sink, ".service");
    if (s->is_map()) {
      {
        doc::DiagnosticSink::ScopedField g(&sink, ".interfaces");
        comp.interfaces = StringList(s->Get("interfaces"), "'service.interfaces'", sink);
      }
      // ServiceMetadata::Scopes, checked like the reference values (lower-cased).
      static const std::vector<std::string> kServiceScopes = {"singleton", "bundle", "prototype"};
      Choice(*s, "scope", kServiceScopes, comp.service_scope, sink);
    } else {
      sink.Error("TGT004", s->range(), "'service' must be a map with 'interfaces'");
    }
  }
  // component.properties (MetadataParserImpl.cpp CreateComponentMetadata): the properties the
  // component's service is registered with (with the configuration's, for a configured instance).
  if (const Node* props = c.Get("properties")) {
    doc::DiagnosticSink::ScopedField f(&sink, ".properties");
    if (!props->is_map()) {
      sink.Error("TGT004", props->range(), "'properties' must be a map of typed values");
    } else {
      for (const auto& e : props->entries()) {
        std::optional<ldap::Value> v = ldap::ValueFromNode(e.value);
        if (v) comp.properties.Set(e.key, std::move(*v));
      }
    }
  }
  if (const Node* refs = c.Get("references")) {
    doc::DiagnosticSink::ScopedField f(&sink, ".references");
    if (!refs->is_seq()) {
      sink.Error("TGT004", refs->range(), "'references' must be a list of reference maps");
    } else {
      int i = 0;
      for (const Node& r : refs->items()) {
        doc::DiagnosticSink::ScopedField item(&sink, "[" + std::to_string(i++) + "]");
        if (!r.is_map()) {
          sink.Error("TGT004", r.range(), "a reference must be a map with name, interface and target");
          continue;
        }
        Reference ref = LoadReference(r, src, sink);
        for (const Reference& other : comp.references)
          if (!ref.name.empty() && other.name == ref.name)
            sink.Warning("TGT007", ref.name_range,
                         "component '" + comp.name + "' has two references named '" + ref.name +
                             "'; '" + ref.name + ".target' in a configuration would retarget both: rename one",
                         ".name");
        comp.references.push_back(std::move(ref));
      }
    }
  }
  return comp;
}

}  // namespace

StringLoc LocOf(const Node& n, const doc::Source& src) {
  StringLoc loc;
  loc.file = src.name();
  loc.range = n.range();
  const std::string& t = src.text();
  uint32_t b = n.range().begin, e = n.range().end;
  if (b < t.size() && e <= t.size() && b <= e) {
    uint32_t q = (t[b] == '"' || t[b] == '\'') ? 1 : 0;
    if (e >= b + 2 * q && t.compare(b + q, e - b - 2 * q, n.text()) == 0) {
      loc.text_begin = b + q;
      loc.verbatim = true;
    }
  }
  return loc;
}

Role ClassifyRoot(const Node& root) {
  if (root.is_map()) {
    if (root.Get("scr") || IsComponentMap(root)) return Role::kManifest;
    if (const Node* c = root.Get("components"); c && c->is_seq()) return Role::kManifest;
    if (const Node* s = root.Get("services"); s && s->is_seq()) return Role::kRegistry;
    return Role::kConfig;
  }
  if (root.is_seq() && root.size() > 0 && root.items()[0].is_map()) {
    const Node& first = root.items()[0];
    if (IsComponentMap(first)) return Role::kManifest;
    if (first.Get("interfaces") || first.Get("objectclass")) return Role::kRegistry;
  }
  return Role::kNone;
}

Manifest LoadManifest(const Node& root, const doc::Source& src, doc::DiagnosticSink& sink) {
  Manifest m;
  m.file = src.name();
  const Node* list = nullptr;
  std::string base;
  if (root.is_map() && root.Get("scr")) {
    const Node* scr = root.Get("scr");
    if (!scr->is_map()) {
      sink.Error("TGT004", scr->range(), "'scr' must be a map with 'version' and 'components'", "scr");
      return m;
    }
    list = scr->Get("components");
    base = "scr.components";
    if (!list) {
      sink.Error("TGT001", scr->range(), "the 'scr' section has no 'components'; add \"components\": [...]", "scr");
      return m;
    }
  } else if (root.is_map() && root.Get("components")) {
    list = root.Get("components");
    base = "components";
  } else if (root.is_seq()) {
    list = &root;
  } else if (IsComponentMap(root)) {
    bool ok = true;
    Component c = LoadComponent(root, 0, src, sink, &ok);
    if (ok) m.components.push_back(std::move(c));
    return m;
  } else {
    sink.Error("TGT001", root.range(),
               "no components found; a manifest has {\"scr\": {\"version\": 1, \"components\": [...]}} or is a component object",
               "");
    return m;
  }
  if (!list->is_seq()) {
    sink.Error("TGT004", list->range(), "'components' must be a list of component maps", base);
    return m;
  }
  doc::DiagnosticSink::ScopedField list_field(&sink, base);
  int i = 0;
  for (const Node& c : list->items()) {
    doc::DiagnosticSink::ScopedField item(&sink, "[" + std::to_string(i) + "]");
    if (!c.is_map()) {
      sink.Error("TGT004", c.range(), "a component must be a map with 'implementation-class'");
      ++i;
      continue;
    }
    bool ok = true;
    Component comp = LoadComponent(c, i, src, sink, &ok);
    if (ok) m.components.push_back(std::move(comp));
    ++i;
  }
  return m;
}

bool Config::Add(ConfigEntry e) {
  if (Find(e.key)) return false;
  entries_.push_back(std::move(e));
  return true;
}

void Config::Set(const std::string& key, std::optional<ldap::Value> value) {
  std::string folded = ldap::ToLowerAscii(key);
  for (size_t i = 0; i < entries_.size(); ++i) {
    if (ldap::ToLowerAscii(entries_[i].key) != folded) continue;
    if (value) entries_[i].value = std::move(*value);
    else entries_.erase(entries_.begin() + static_cast<long>(i));
    return;
  }
  if (value) {
    ConfigEntry e;
    e.key = key;
    e.value = std::move(*value);
    entries_.push_back(std::move(e));
  }
}

const ConfigEntry* Config::Find(std::string_view key) const {
  std::string folded = ldap::ToLowerAscii(key);
  for (const ConfigEntry& e : entries_)
    if (e.key.size() == key.size() && ldap::ToLowerAscii(e.key) == folded) return &e;
  return nullptr;
}

Config LoadConfig(const Node& root, const doc::Source& src, doc::DiagnosticSink& sink) {
  Config c;
  c.file = src.name();
  c.range = root.range();
  doc::DiagnosticSink::ScopedField at(&sink, "config");
  if (!root.is_map()) {
    sink.Error("TGT018", root.range(),
               "the configuration must be a map of properties, e.g. {\"serviceB.target\": \"(id=1)\"}");
    return c;
  }
  for (const auto& e : root.entries()) {
    doc::DiagnosticSink::ScopedField key(&sink, "." + e.key);
    bool truncated = false;
    std::optional<ldap::Value> v = ldap::ValueFromNode(e.value, &truncated);
    if (!v) continue;  // null: no property
    if (truncated)
      sink.Warning("TGT032", e.value.range(),
                   "'" + e.key + "' does not fit in int; CppMicroServices stores JSON integers as int and it wraps; use a string or a smaller number");
    ConfigEntry ce;
    ce.key = e.key;
    ce.value = std::move(*v);
    ce.key_range = e.key_range;
    ce.value_loc = LocOf(e.value, src);
    if (const ConfigEntry* prev = c.Find(e.key)) {
      sink.Warning("TGT015", e.key_range,
                   "'" + e.key + "' repeats '" + prev->key +
                       "' up to case; configuration keys are case-insensitive and the first one is used: remove one");
      continue;
    }
    c.Add(std::move(ce));
  }
  return c;
}

void LoadRegistry(const Node& root, const doc::Source& src, doc::DiagnosticSink& sink, Registry& reg) {
  reg.present = true;
  const Node* list = &root;
  std::string base;
  if (root.is_map()) {
    list = root.Get("services");
    base = "services";
    if (!list) {
      sink.Error("TGT030", root.range(), "a registry is {\"services\": [{\"interfaces\": [...], \"properties\": {...}}]}", "");
      return;
    }
  }
  if (!list->is_seq()) {
    sink.Error("TGT030", list->range(), "'services' must be a list of services", base);
    return;
  }
  doc::DiagnosticSink::ScopedField list_field(&sink, base);
  int i = 0;
  for (const Node& s : list->items()) {
    doc::DiagnosticSink::ScopedField item(&sink, "[" + std::to_string(i++) + "]");
    if (!s.is_map()) {
      sink.Error("TGT030", s.range(), "a service is a map with 'interfaces' and 'properties'");
      continue;
    }
    Service svc;
    svc.range = s.range();
    svc.file = src.name();
    svc.id = reg.services.empty() ? 1 : reg.services.back().id + 1;
    if (const Node* id = s.Get("id")) {
      if (auto v = id->as_int()) svc.id = *v;
      else sink.Error("TGT030", id->range(), "'id' must be an integer (the service.id)", ".id");
    }
    svc.name = s.GetString("name");
    const Node* ifaces = s.Get("interfaces");
    if (!ifaces) ifaces = s.Get("objectclass");
    {
      doc::DiagnosticSink::ScopedField f(&sink, ".interfaces");
      svc.interfaces = StringList(ifaces, "'interfaces'", sink);
    }
    if (svc.interfaces.empty())
      sink.Error("TGT030", s.range(),
                 "service " + std::to_string(svc.id) + " has no interfaces; add \"interfaces\": [\"ns::IService\"]");
    // What the framework sets at registration: objectclass (std::vector<std::string>),
    // service.id (long), service.scope (std::string, "singleton" by default).
    svc.properties.Set("objectclass", ldap::Value::StringList(svc.interfaces));
    svc.properties.Set("service.id", ldap::Value::Long(svc.id));
    svc.properties.Set("service.scope", ldap::Value::String("singleton"));
    if (const Node* props = s.Get("properties")) {
      if (!props->is_map()) {
        sink.Error("TGT030", props->range(), "'properties' must be a map of typed values", ".properties");
      } else {
        for (const auto& e : props->entries()) {
          bool truncated = false;
          std::optional<ldap::Value> v = ldap::ValueFromNode(e.value, &truncated);
          if (!v) continue;
          if (truncated)
            sink.Warning("TGT032", e.value.range(),
                         "'" + e.key + "' does not fit in int and wraps (JSON integers become int); use a smaller number or a string",
                         ".properties." + e.key);
          std::string folded = ldap::ToLowerAscii(e.key);
          if (folded == "objectclass" || folded == "service.id") {
            sink.Warning("TGT031", e.key_range,
                         "'" + e.key + "' is set by the framework at registration and cannot be overridden; remove it",
                         ".properties." + e.key);
            continue;
          }
          if (const std::string* prev = svc.properties.FindKey(e.key); prev && *prev != e.key && folded != "service.scope") {
            sink.Warning("TGT031", e.key_range,
                         "'" + e.key + "' and '" + *prev +
                             "' differ only in case; CppMicroServices refuses to register such properties (\"Properties contain case variants of the key\"): keep one",
                         ".properties." + e.key);
            continue;
          }
          if (folded == "service.scope") svc.properties.Set("service.scope", std::move(*v));
          else svc.properties.Set(e.key, std::move(*v));
        }
      }
    }
    reg.services.push_back(std::move(svc));
  }
}

}  // namespace cfgi::targeting
