// core/variants/constraint.h: xRFC TP2 dynamic parameter constraints as a small AST, their
// evaluation against a client's dynamic parameters, and their renderings (compact text for
// views, canonical textproto for fixes).
//
// Semantics (TP2 "Constraints Representation" and "Unconstrained Parameters"):
//   - constraint{key, value}: the key is present with exactly this value (case-sensitive);
//   - constraint{key, exists{}}: the key is present with any value, the empty string included;
//   - and / or / not as usual; NOT of a value constraint matches when the key is absent;
//   - keys the client sends that no constraint names never stop a match;
//   - an unset DynamicParameterConstraints (no `type`) is "no constraints": it matches every
//     client (the spec's single unconstrained variant). An empty and-list matches every client,
//     an empty or-list none (VAR008 warns about both).
//
//   Constraint c = Constraint::And({Constraint::Value("env", "prod"),
//                                   Constraint::Not(Constraint::Exists("version"))});
//   Params p = {{"env", "prod"}};
//   bool ok = Matches(c, p);        // true
//   Render(c);                      // "env=prod ∧ ¬exists(version)"
//   CanonicalTextProto(c);          // "and_constraints { constraints { constraint { ... } } ... }"
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/doc/explanation.h"
#include "core/doc/source.h"

namespace envoy::service::discovery::v3 {
class DynamicParameterConstraints;
}

namespace cfgi::variants {

// A client's dynamic parameters (ResourceLocator.dynamic_parameters), sorted by key.
using Params = std::map<std::string, std::string>;

struct Constraint {
  enum class Kind : uint8_t { kTrue, kValue, kExists, kAnd, kOr, kNot };
  Kind kind = Kind::kTrue;
  std::string key;                   // kValue, kExists
  std::string value;                 // kValue
  std::vector<Constraint> children;  // kAnd / kOr: the list; kNot: exactly one
  doc::SourceRange range;            // where it was written (empty when built in code)

  static Constraint True() { return {}; }
  static Constraint Value(std::string k, std::string v);
  static Constraint Exists(std::string k);
  static Constraint And(std::vector<Constraint> c);
  static Constraint Or(std::vector<Constraint> c);
  static Constraint Not(Constraint c);
};

// True when `p` satisfies `c`. With `why` non-null, appends one explanation step per node.
bool Matches(const Constraint& c, const Params& p, doc::Step* why = nullptr);

// Every key the constraint names.
void CollectKeys(const Constraint& c, std::set<std::string>& keys);
std::set<std::string> Keys(const Constraint& c);
// Values named per key ("exists" adds the key with no value).
void CollectValues(const Constraint& c, std::map<std::string, std::set<std::string>>& values);
// Number of nodes and depth (1 for a leaf).
int NodeCount(const Constraint& c);
int Depth(const Constraint& c);

// Compact rendering: `env=prod ∧ ¬exists(version)`, `(env=prod ∨ env=test)`, `⊤` for no
// constraints. Keys and values that are not plain identifiers are quoted.
std::string Render(const Constraint& c);
// The canonical one-line textproto of a DynamicParameterConstraints message; empty for kTrue.
std::string CanonicalTextProto(const Constraint& c);
// Params as `{env=prod, version=v1}`; `{}` when empty.
std::string RenderParams(const Params& p);

// Builds the protobuf message (for round trips and for the wire forms).
void ToProto(const Constraint& c, envoy::service::discovery::v3::DynamicParameterConstraints* m);

}  // namespace cfgi::variants
