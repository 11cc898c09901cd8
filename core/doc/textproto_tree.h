// core/doc/textproto_tree.h: textproto read without a schema, into a Node tree with the source
// range of every field. For messages whose types this build has no descriptor for: an Envoy
// Listener or Bootstrap, a DiscoveryResponse whose resources are Anys of Envoy types. protobuf's
// TextFormat needs the descriptor of every Any it expands; this reader needs none, so an Any's
// body is read as written and its type URL kept.
//
//   Node tree;
//   if (ParseTextProtoTree(src, sink, &tree)) ... tree.Get("resources") ...
//
// The shape follows proto3 JSON, so engines walk YAML, JSON and textproto alike:
//   field { ... } / field: { ... } / field < ... >   a map
//   field: scalar                                     a scalar (strings unescaped, adjacent strings joined)
//   field: [a, b] / field { } field { }               a list (a field written twice becomes a list)
//   [type.googleapis.com/T] { ... } inside an Any     {"@type": "type.googleapis.com/T", ...fields}
// Without a schema a repeated field written once reads as one value: callers that need lists
// walk "one or many" (ForEachValue).
#pragma once

#include <functional>

#include "core/doc/diagnostic.h"
#include "core/doc/load.h"
#include "core/doc/node.h"
#include "core/doc/source.h"

namespace google::protobuf {
class Descriptor;
}

namespace cfgi::doc {

// Parses `src` as textproto without a schema. On a syntax error returns false with one DOC004
// error at its position (and DOC011 past limits.max_depth); never throws.
bool ParseTextProtoTree(const Source& src, DiagnosticSink& sink, Node* tree, const Limits& limits = {});

// Calls `f` for `n` itself, or for each item when `n` is a list: a field that may be repeated.
void ForEachValue(const Node& n, const std::function<void(const Node&, int index)>& f);

// A message's field by its proto name or, when absent, its lowerCamelCase JSON name (protobuf's
// JSON printer writes "prefixLen" for prefix_len; both parse): the entry, or null.
const Node::Entry* GetProtoField(const Node* n, std::string_view proto_name);
inline const Node* GetProtoValue(const Node* n, std::string_view proto_name) {
  const Node::Entry* e = GetProtoField(n, proto_name);
  return e ? &e->value : nullptr;
}

// A schema-free tree made into the proto3 JSON shape of message `d` (descriptors from protobuf's
// generated pool, the one every engine parses with): a repeated field written once becomes a list,
// a map field written as {key, value} entries becomes a map, and an Any of a known type is shaped
// by that type. An Any whose type the pool does not know (an Envoy Listener) is kept as written.
Node ShapeByDescriptor(const Node& tree, const google::protobuf::Descriptor* d);

// True when `tree` holds an Any ({"@type": ...}) whose type protobuf's generated pool does not
// know: protobuf's TextFormat cannot expand it, the schema-free tree can.
bool HasUnknownAny(const Node& tree);

}  // namespace cfgi::doc
