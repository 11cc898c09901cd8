// core/targeting/model.h: the typed inputs of the targeting engine, loaded from document trees
// with their source ranges: a Declarative Services manifest (components and references), the
// configuration injected for a factory instance, and a service registry.
//
//   doc::DiagnosticSink sink(doc.source.get());
//   Manifest m = LoadManifest(doc, sink);          // spec form, `scr` layout, or a list
//   Config c = LoadConfig(*config_node, *src, sink);
//   Registry r = LoadRegistry(*services_node, *src, sink);
//
// Manifest fields and their allowed values follow CppMicroServices
// compendium/DeclarativeServices/src/metadata/MetadataParserImpl.cpp and ReferenceMetadata.cpp
// (cardinality 0..1 | 1..1 | 0..n | 1..n, default 1..1; policy static | dynamic; policy-option
// reluctant | greedy; scope bundle | prototype | prototype-required; a component's name
// defaults to its implementation-class). Those values are checked as util::ObjectValidator's
// ThrowIfValueAbsentInChoices checks them (Util.cpp): lower-cased, so "Dynamic" is valid; the
// value is kept as written, and the code that uses it later compares exactly (see Choice in
// model.cpp).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/doc/diagnostic.h"
#include "core/doc/load.h"
#include "core/doc/node.h"
#include "core/ldap/filter.h"
#include "core/ldap/value.h"

namespace cfgi::targeting {

// Where a string value sits in its source: lets diagnostics point inside a target filter.
struct StringLoc {
  std::string file;
  doc::SourceRange range;   // the whole token (quotes included)
  uint32_t text_begin = 0;  // offset of the value's first byte when it is written verbatim
  bool verbatim = false;    // false when escapes make offsets inside the string unreliable
  // Source offset of byte `k` of the string's value (the token start when not verbatim).
  uint32_t At(size_t k) const { return verbatim ? text_begin + static_cast<uint32_t>(k) : range.begin; }
  doc::SourceRange Span(size_t b, size_t e) const {
    return verbatim ? doc::SourceRange{At(b), At(e)} : range;
  }
};

struct Reference {
  std::string name;
  std::string interface;
  std::optional<std::string> target;  // absent = no target
  std::string cardinality = "1..1";
  std::string policy = "static";
  std::string policy_option = "reluctant";
  std::string scope = "bundle";
  size_t min_cardinality = 1;
  size_t max_cardinality = 1;  // SIZE_MAX for ..n
  doc::SourceRange range;      // the reference object
  doc::SourceRange name_range;
  StringLoc target_loc;        // valid when target is set
  std::string file;
};

struct Component {
  std::string name;  // `name`, else implementation-class
  std::string implementation_class;
  std::string configuration_policy;  // as written; empty when absent
  std::vector<std::string> configuration_pids;
  std::string factory;  // factory id; a factory component when non-empty
  std::vector<std::string> interfaces;
  std::string service_scope = "singleton";  // service.scope (ServiceMetadata::Scopes)
  ldap::Properties properties;              // the manifest's "properties" (component properties)
  std::vector<Reference> references;
  int index = 0;  // position in the manifest's component list
  doc::SourceRange range;
  doc::SourceRange name_range;  // implementation-class value
  std::string file;
  bool is_factory() const { return !factory.empty(); }
};

struct Manifest {
  std::vector<Component> components;
  std::string file;
  int bundles = 0;  // manifest documents given together (each a bundle)
};

// A configuration property with its location.
struct ConfigEntry {
  std::string key;
  ldap::Value value;
  doc::SourceRange key_range;
  StringLoc value_loc;
};

// The configuration injected for a factory instance (a Configuration Admin AnyMap with
// case-insensitive keys, UNORDERED_MAP_CASEINSENSITIVE_KEYS).
class Config {
 public:
  // Adds a property; a key equal up to case to an earlier one is ignored (returns false): the
  // manifest parser's emplace keeps the first (BundleManifest.cpp ParseJsonObject).
  bool Add(ConfigEntry e);
  // Replaces or adds a value (live edits in the view). Null value = remove.
  void Set(const std::string& key, std::optional<ldap::Value> value);
  // Case-insensitive lookup; null when absent.
  const ConfigEntry* Find(std::string_view key) const;
  const std::vector<ConfigEntry>& entries() const { return entries_; }
  std::string file;
  doc::SourceRange range;  // the config map

 private:
  std::vector<ConfigEntry> entries_;
};

struct Service {
  int64_t id = 0;         // service.id
  std::string name;       // optional label for display
  std::vector<std::string> interfaces;
  ldap::Properties properties;  // includes objectclass, service.id, service.scope
  doc::SourceRange range;
  std::string file;
};

struct Registry {
  std::vector<Service> services;
  bool present = false;  // a registry was given (an empty one included)
};

// What a document root looks like to this engine.
enum class Role { kNone, kManifest, kConfig, kRegistry };
Role ClassifyRoot(const doc::Node& root);

// Loads components from a manifest root: {"scr": {"components": [...]}}, {"components": [...]},
// a list of components, or one component object (the spec's form). Collects every problem.
Manifest LoadManifest(const doc::Node& root, const doc::Source& src, doc::DiagnosticSink& sink);
// Loads a configuration map (typed values). Null values are dropped.
Config LoadConfig(const doc::Node& root, const doc::Source& src, doc::DiagnosticSink& sink);
// Loads a registry: {"services": [...]} or a list of {id?, name?, interfaces, properties}.
// Appends to `reg` (ids continue from the last one).
void LoadRegistry(const doc::Node& root, const doc::Source& src, doc::DiagnosticSink& sink, Registry& reg);

// The string location of a scalar node.
StringLoc LocOf(const doc::Node& n, const doc::Source& src);

}  // namespace cfgi::targeting
