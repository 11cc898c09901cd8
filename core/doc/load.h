// core/doc/load.h: format detection and loading of YAML, JSON and textproto into Node trees
// with source ranges. Library errors (yaml-cpp, nlohmann_json, protobuf TextFormat) become
// diagnostics at their line and column; no exception leaves these functions.
//
//   Document d = LoadDocument("mesh.yaml", text);
//   for (const Node& root : d.roots) ...;   // one root per YAML document
//   if (HasErrors(d.diagnostics)) ...;
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/doc/diagnostic.h"
#include "core/doc/node.h"
#include "core/doc/source.h"

namespace google::protobuf {
class Message;
namespace io { class ErrorCollector; }
}  // namespace google::protobuf

namespace cfgi::doc {

enum class Format { kYaml, kJson, kTextProto, kText };
// "yaml", "json", "textproto", "text"
const char* FormatName(Format f);

// Explicit limits; inputs past them get a diagnostic (DOC010, DOC011, DOC013), never a crash.
// YAML must also be valid UTF-8 (DOC012).
struct Limits {
  size_t max_bytes = 64u << 20;        // 64 MiB per file
  int max_depth = 128;                 // nesting of maps / lists / messages
  size_t max_alias_nodes = 100000;     // YAML nodes copied by *alias references, per file
};

// Detects the format from the file name's extension, then from content when the extension is
// unknown or absent: JSON ({ or [ first), textproto (`ident {`, `[type.googleapis.com/`),
// text (dig output, zone files, `grpc_config=`), else YAML.
Format DetectFormat(std::string_view name, std::string_view text);

struct Document {
  SourcePtr source;
  Format format = Format::kText;
  std::vector<Node> roots;  // YAML: one per document; JSON: one; textproto / text: none
  std::vector<Diagnostic> diagnostics;
  const Node* root() const { return roots.empty() ? nullptr : &roots.front(); }
};

// The header comments of a textproto file, protobuf's own convention: `# proto-file: PATH` and
// `# proto-message: NAME` in the comment lines before the first field (protobuf's text format
// spec, "Header"; the writers emit the full name, or the bare name when the file's package is
// implied). Empty when absent; ranges cover the value.
struct TextProtoHeader {
  std::string file, message;
  SourceRange file_range, message_range;
};
TextProtoHeader ReadTextProtoHeader(const Source& src);

// Kubernetes-shaped input (`kubectl get ... -o yaml|json`): every root that is a `kind: List`
// (or `kind: XxxList`) with `items` is replaced by its items, in order, so each object is a root
// as in a multi-document stream. A List whose `items` is not a list gets DOC015, an item that is
// not a map DOC016 (both errors; the item is dropped). Nested Lists are expanded too (to the
// nesting limit). Returns the number of Lists expanded.
size_t ExpandKubernetesLists(Document* d);

// Loads a document in the detected format (or `format` when given). Textproto is checked for
// syntax only (its schema belongs to an engine: see ParseTextProto).
Document LoadDocument(std::string name, std::string text, const Limits& limits = {});
Document LoadDocumentAs(Format format, std::string name, std::string text, const Limits& limits = {});

// Parses YAML (all documents) / JSON into roots; appends diagnostics to `sink`.
std::vector<Node> ParseYaml(const Source& src, DiagnosticSink& sink, const Limits& limits = {});
std::vector<Node> ParseJson(const Source& src, DiagnosticSink& sink, const Limits& limits = {});

// Parses textproto into `msg` (its descriptor is the schema). On success returns true and, when
// `tree` is non-null, the message as a Node tree with the range of every field. Errors become
// DOC004 diagnostics at their position. Any fields are expanded when their type is known.
bool ParseTextProto(const Source& src, google::protobuf::Message* msg, DiagnosticSink& sink,
                    Node* tree = nullptr, const Limits& limits = {});
// Converts a proto3 JSON / YAML tree into `msg` with protobuf's JSON parser
// (util::JsonStringToMessage); errors become DOC005 diagnostics at `at`.
bool NodeToMessage(const Node& node, google::protobuf::Message* msg, DiagnosticSink& sink);
// The same from JSON text, errors at `at`. Never throws (protobuf's own CHECK failures included).
bool JsonTextToMessage(const std::string& json, google::protobuf::Message* msg, SourceRange at,
                       DiagnosticSink& sink);

}  // namespace cfgi::doc
