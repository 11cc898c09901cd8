// core/variants/constraint_parse.h: DynamicParameterConstraints from the protobuf message (parsed
// from textproto, proto3 JSON or YAML by protobuf itself) and from the TP2 spec's shorthand.
//
// The shorthand is what the spec writes in its examples, `{and_constraints:[{constraint:{key:"env"
// value:"prod"}}, ...]}`. It is not textproto: the outer braces, the `[...]` list in place of a
// ConstraintList message and the `//` comments are not in the grammar, and the spec also writes
// `not_constraint` once and leaves a `}` out once. We accept it, warn with the canonical textproto
// (VAR003) and name each slip at its position (VAR004).
//
//   doc::DiagnosticSink sink(&source);
//   std::vector<ShorthandVariant> vs = ParseShorthand(source, sink);   // one per `{...}` block
//   Constraint c = FromProto(msg, tree, sink, "resources[0]...", 0);
#pragma once

#include <string>
#include <vector>

#include "core/doc/diagnostic.h"
#include "core/doc/node.h"
#include "core/variants/constraint.h"

namespace cfgi::variants {

// Explicit limits: deeper or larger constraints get VAR009 and are cut off.
constexpr int kMaxConstraintDepth = 32;
constexpr int kMaxConstraintNodes = 4096;

// Converts a parsed message into a Constraint. `tree` is the message as a doc::Node (textproto
// tree from doc::ParseTextProto, or the YAML / JSON node it was converted from); it only supplies
// source ranges and may be null. Reports VAR001 (neither value nor exists), VAR002 (empty key),
// VAR008 (empty list / empty nested constraint) and VAR009 (too deep) at their positions and
// keeps going; a bad single constraint becomes "matches nothing" (an empty or-list). `path` is the
// message's field path, pushed as a ScopedField below any the sink has open (a nested constraint
// is read with its segment, ".not_constraints").
Constraint FromProto(const envoy::service::discovery::v3::DynamicParameterConstraints& m,
                     const doc::Node* tree, doc::DiagnosticSink& sink, const std::string& path,
                     int depth = 0, bool top = true);

struct ShorthandVariant {
  Constraint constraint;
  doc::SourceRange range;  // the whole `{...}` block
  bool ok = true;          // false when a syntax error made it unusable
};

// True when the text looks like the spec's shorthand: after comments, it starts with `{` and an
// identifier (JSON would have a quoted key).
bool LooksLikeShorthand(std::string_view text);

// Parses every top-level `{...}` block of a shorthand text (each is one variant). Syntax errors
// are VAR005 at their position; the block is skipped and parsing resumes at the next top-level
// `{`. Never throws; stops after 10,000 blocks.
std::vector<ShorthandVariant> ParseShorthand(const doc::Source& src, doc::DiagnosticSink& sink);

}  // namespace cfgi::variants
