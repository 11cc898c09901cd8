#include "core/variants/constraint_parse.h"

#include "core/doc/suggest.h"

#include <cctype>
#include <cstdio>
#include <optional>

#include "core/doc/utf8.h"
#include "envoy/service/discovery/v3/discovery.pb.h"

namespace cfgi::variants {

namespace dv3 = envoy::service::discovery::v3;
using doc::Node;
using doc::SourceRange;

namespace {

// The fields of a DynamicParameterConstraints (TP2), for the did-you-mean.
const std::vector<std::string> kConstraintFields = {"constraint", "and_constraints", "or_constraints", "not_constraints"};


// A field of a message tree: by proto name or by its proto3 JSON (lowerCamelCase) name.
const Node::Entry* Field(const Node* tree, const char* proto_name, const char* json_name) {
  if (!tree || !tree->is_map()) return nullptr;
  if (const Node::Entry* e = tree->GetEntry(proto_name)) return e;
  return tree->GetEntry(json_name);
}

SourceRange RangeOr(const Node::Entry* e, SourceRange fallback) {
  if (!e) return fallback;
  return e->value.range().empty() ? e->key_range : e->value.range();
}

Constraint Nothing(SourceRange r) {
  Constraint c = Constraint::Or({});
  c.range = r;
  return c;
}

// A constraint's key and value are proto3 `string` fields: UTF-8 only (protobuf refuses anything
// else on the wire, and an escape such as "\377" in textproto or the shorthand can produce it).
// Reports VAR015 at `r` and returns false when `text` is not UTF-8.
bool Utf8Field(const std::string& text, const char* field, SourceRange r, doc::DiagnosticSink& sink,
               const std::string& path = {}) {
  size_t bad = doc::FirstInvalidUtf8(text);
  if (bad == std::string_view::npos) return true;
  char byte[8];
  std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned>(static_cast<unsigned char>(text[bad])));
  sink.Error("VAR015", r, std::string("the constraint's `") + field + "` is not valid UTF-8 (byte " + byte +
             " at offset " + std::to_string(bad) + " of \"" + doc::ValidUtf8(text) + "\"); xDS string fields "
             "must be UTF-8, and protobuf rejects the message on the wire; fix the escape or save the file as UTF-8",
             path);
  return false;
}

}  // namespace

Constraint FromProto(const dv3::DynamicParameterConstraints& m, const Node* tree, doc::DiagnosticSink& sink,
                     const std::string& path, int depth, bool top) {
  using Scope = doc::DiagnosticSink::ScopedField;
  Scope at(&sink, path);
  SourceRange self = tree ? tree->range() : SourceRange{};
  if (depth >= kMaxConstraintDepth) {
    sink.Error("VAR009", self, "constraints nested deeper than " + std::to_string(kMaxConstraintDepth) +
               " levels; flatten the and/or lists (this variant is treated as matching nothing)");
    return Nothing(self);
  }
  using T = dv3::DynamicParameterConstraints;
  switch (m.type_case()) {
    case T::TYPE_NOT_SET: {
      Constraint c;
      c.range = self;
      if (!top)
        sink.Warning("VAR008", self, "an empty DynamicParameterConstraints inside a list or not matches every "
                     "client; remove it or give it a constraint");
      return c;
    }
    case T::kConstraint: {
      const auto& sc = m.constraint();
      const Node::Entry* ce = Field(tree, "constraint", "constraint");
      const Node* cn = ce ? &ce->value : nullptr;
      SourceRange r = RangeOr(ce, self);
      Scope field(&sink, ".constraint");
      if (sc.key().empty()) {
        const Node::Entry* ke = Field(cn, "key", "key");
        sink.Error("VAR002", RangeOr(ke, r), "a constraint with an empty key can never name a parameter; set "
                   "`key` to the parameter's name", ".key");
        return Nothing(r);
      }
      if (!Utf8Field(sc.key(), "key", RangeOr(Field(cn, "key", "key"), r), sink, ".key")) return Nothing(r);
      if (sc.constraint_type_case() == dv3::DynamicParameterConstraints::SingleConstraint::kValue &&
          !Utf8Field(sc.value(), "value", RangeOr(Field(cn, "value", "value"), r), sink, ".value"))
        return Nothing(r);
      Constraint c;
      if (sc.constraint_type_case() == dv3::DynamicParameterConstraints::SingleConstraint::kValue) {
        c = Constraint::Value(sc.key(), sc.value());
      } else if (sc.constraint_type_case() == dv3::DynamicParameterConstraints::SingleConstraint::kExists) {
        c = Constraint::Exists(sc.key());
      } else {
        sink.Error("VAR001", r, "constraint on key \"" + sc.key() + "\" has neither `value` nor `exists`; add "
                   "`value: \"...\"` for an exact match or `exists {}` for any value");
        return Nothing(r);
      }
      c.range = r;
      return c;
    }
    case T::kAndConstraints:
    case T::kOrConstraints: {
      bool is_and = m.type_case() == T::kAndConstraints;
      const char* name = is_and ? "and_constraints" : "or_constraints";
      const Node::Entry* le = Field(tree, name, is_and ? "andConstraints" : "orConstraints");
      const Node* ln = le ? &le->value : nullptr;
      const Node::Entry* items = Field(ln, "constraints", "constraints");
      const auto& list = is_and ? m.and_constraints() : m.or_constraints();
      std::vector<Constraint> ch;
      Scope field(&sink, std::string(".") + name);
      SourceRange r = RangeOr(le, self);
      if (list.constraints_size() == 0)
        sink.Warning("VAR008", r, std::string("an empty ") + name + (is_and ? " matches every client" : " matches no client") +
                     "; list at least one constraint or remove it");
      for (int i = 0; i < list.constraints_size(); ++i) {
        const Node* item = nullptr;
        if (items && items->value.is_seq() && static_cast<size_t>(i) < items->value.items().size())
          item = &items->value.items()[static_cast<size_t>(i)];
        ch.push_back(FromProto(list.constraints(i), item, sink, ".constraints[" + std::to_string(i) + "]",
                               depth + 1, false));
      }
      Constraint c = is_and ? Constraint::And(std::move(ch)) : Constraint::Or(std::move(ch));
      c.range = r;
      return c;
    }
    case T::kNotConstraints: {
      const Node::Entry* ne = Field(tree, "not_constraints", "notConstraints");
      SourceRange r = RangeOr(ne, self);
      Constraint inner = FromProto(m.not_constraints(), ne ? &ne->value : nullptr, sink, ".not_constraints",
                                   depth + 1, false);
      Constraint c = Constraint::Not(std::move(inner));
      c.range = r;
      return c;
    }
  }
  return Nothing(self);
}

// ---- the spec's shorthand -----------------------------------------------------------------

bool LooksLikeShorthand(std::string_view t) {
  size_t i = 0;
  while (i < t.size()) {
    char c = t[i];
    if (std::isspace(static_cast<unsigned char>(c))) { ++i; continue; }
    if (c == '#' || (c == '/' && i + 1 < t.size() && t[i + 1] == '/')) {
      size_t e = t.find('\n', i);
      i = e == std::string_view::npos ? t.size() : e + 1;
      continue;
    }
    if (c != '{') return false;
    ++i;
    while (i < t.size() && std::isspace(static_cast<unsigned char>(t[i]))) ++i;
    return i < t.size() && (std::isalpha(static_cast<unsigned char>(t[i])) || t[i] == '_');
  }
  return false;
}

namespace {

struct Tok {
  enum Kind { kEnd, kPunct, kIdent, kString, kBad } kind = kEnd;
  char punct = 0;
  std::string text;
  SourceRange range;
};

// A generic value of the shorthand: message, list or scalar.
struct SVal {
  enum Kind { kMsg, kList, kString, kIdent } kind = kMsg;
  std::string text;
  SourceRange range;
  struct Entry { std::string key; SourceRange key_range; SVal* value; };
  std::vector<Entry> entries;
  std::vector<SVal*> items;
};

class ShorthandParser {
 public:
  ShorthandParser(const doc::Source& src, doc::DiagnosticSink& sink) : src_(src), t_(src.text()), sink_(sink) {}

  std::vector<ShorthandVariant> Run() {
    std::vector<ShorthandVariant> out;
    Next();
    while (tok_.kind != Tok::kEnd && out.size() < 10000) {
      if (!(tok_.kind == Tok::kPunct && tok_.punct == '{')) {
        sink_.Error("VAR005", tok_.range, "expected `{` to start a constraint block, got " + Describe(tok_) +
                    "; each variant is one `{...}` block");
        SkipToTopLevelBrace();
        continue;
      }
      uint32_t begin = tok_.range.begin;
      failed_ = false;
      pool_.clear();
      SVal* v = ParseMessage(0);
      ShorthandVariant sv;
      sv.range = {begin, last_end_};
      if (failed_ || !v) {
        sv.ok = false;
        SkipToTopLevelBrace();
      } else {
        sv.constraint = ToConstraint(*v, "", 0, true);
        sv.ok = !failed_;
        depth_ = (tok_.kind == Tok::kPunct && (tok_.punct == '{' || tok_.punct == '[')) ? 1 : 0;
      }
      out.push_back(std::move(sv));
    }
    return out;
  }

 private:
  static std::string Describe(const Tok& t) {
    switch (t.kind) {
      case Tok::kEnd: return "the end of the text";
      case Tok::kPunct: return std::string("`") + t.punct + "`";
      case Tok::kIdent: return "`" + t.text + "`";
      case Tok::kString: return "a string";
      case Tok::kBad: return "`" + t.text + "`";
    }
    return "?";
  }

  void Next() {
    last_end_ = tok_.range.end;
    while (pos_ < t_.size()) {
      char c = t_[pos_];
      if (std::isspace(static_cast<unsigned char>(c))) { ++pos_; continue; }
      if (c == '#') { SkipLine(); continue; }
      if (c == '/' && pos_ + 1 < t_.size() && t_[pos_ + 1] == '/') {
        if (!slash_comment_reported_) {
          slash_comment_reported_ = true;
          sink_.Warning("VAR004", {static_cast<uint32_t>(pos_), static_cast<uint32_t>(pos_ + 2)},
                        "the spec's slip: `//` starts a comment in C++ but not in textproto; write `#` comments");
        }
        SkipLine();
        continue;
      }
      break;
    }
    uint32_t b = static_cast<uint32_t>(pos_);
    tok_ = Tok{};
    if (pos_ >= t_.size()) {
      tok_.range = {b, b};
      return;
    }
    char c = t_[pos_];
    if (c == '{' || c == '}' || c == '[' || c == ']' || c == ':' || c == ',' || c == ';') {
      tok_.kind = Tok::kPunct;
      tok_.punct = c;
      ++pos_;
    } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      tok_.kind = Tok::kIdent;
      while (pos_ < t_.size() && (std::isalnum(static_cast<unsigned char>(t_[pos_])) || t_[pos_] == '_')) ++pos_;
      tok_.text = std::string(t_.substr(b, pos_ - b));
    } else if (c == '"' || c == '\'') {
      char q = c;
      ++pos_;
      std::string s;
      bool closed = false;
      while (pos_ < t_.size()) {
        char d = t_[pos_];
        if (d == '\n') break;
        if (d == q) { closed = true; ++pos_; break; }
        if (d == '\\' && pos_ + 1 < t_.size()) {
          char e = t_[pos_ + 1];
          pos_ += 2;
          if (e == 'n') s += '\n';
          else if (e == 't') s += '\t';
          else if (e >= '0' && e <= '7') {
            int v = e - '0';
            for (int k = 0; k < 2 && pos_ < t_.size() && t_[pos_] >= '0' && t_[pos_] <= '7'; ++k) v = v * 8 + (t_[pos_++] - '0');
            s += static_cast<char>(v & 0xff);
          } else s += e;
          continue;
        }
        s += d;
        ++pos_;
      }
      if (!closed) {
        tok_.kind = Tok::kBad;
        tok_.text = "unterminated string";
      } else {
        tok_.kind = Tok::kString;
        tok_.text = std::move(s);
      }
    } else {
      tok_.kind = Tok::kBad;
      ++pos_;
      while (pos_ < t_.size() && (static_cast<unsigned char>(t_[pos_]) & 0xC0) == 0x80) ++pos_;  // whole UTF-8 char
      tok_.text = std::string(t_.substr(b, pos_ - b));
    }
    tok_.range = {b, static_cast<uint32_t>(pos_)};
    if (tok_.kind == Tok::kPunct && (c == '{' || c == '[')) ++depth_;
    if (tok_.kind == Tok::kPunct && (c == '}' || c == ']') && depth_ > 0) --depth_;
  }

  void SkipLine() {
    size_t e = t_.find('\n', pos_);
    pos_ = e == std::string_view::npos ? t_.size() : e + 1;
  }

  // After an error: resume at the next `{` that opens a new top-level block.
  void SkipToTopLevelBrace() {
    if (tok_.kind == Tok::kPunct && tok_.punct == '{' && depth_ == 1 && tok_.range.begin != error_block_) return;
    while (tok_.kind != Tok::kEnd) {
      Next();
      if (tok_.kind == Tok::kPunct && tok_.punct == '{' && depth_ == 1) return;
    }
  }

  void Fail(SourceRange r, const std::string& msg) {
    if (!failed_) sink_.Error("VAR005", r, msg);
    failed_ = true;
  }

  SVal* New(SVal::Kind k, SourceRange r) {
    pool_.push_back(std::make_unique<SVal>());
    pool_.back()->kind = k;
    pool_.back()->range = r;
    return pool_.back().get();
  }

  // At `{`.
  SVal* ParseMessage(int depth) {
    SVal* m = New(SVal::kMsg, tok_.range);
    if (depth > kMaxConstraintDepth * 3) {
      Fail(tok_.range, "shorthand nested deeper than " + std::to_string(kMaxConstraintDepth) + " levels; flatten it");
      return nullptr;
    }
    error_block_ = depth == 0 ? tok_.range.begin : error_block_;
    Next();
    while (true) {
      if (tok_.kind == Tok::kPunct && tok_.punct == '}') {
        m->range.end = tok_.range.end;
        Next();
        return m;
      }
      if (tok_.kind == Tok::kPunct && tok_.punct == ']' && depth > 0) {
        // The spec's 4-variant table leaves out one `}` before `]`: close the message here.
        if (tok_.range.begin != last_slip_)
          sink_.Warning("VAR004", tok_.range, "the spec's slip: a `}` is missing before this `]`; "
                        "the open message is closed here");
        last_slip_ = tok_.range.begin;
        m->range.end = tok_.range.begin;
        return m;
      }
      if (tok_.kind != Tok::kIdent) {
        Fail(tok_.range, "expected a field name or `}`, got " + Describe(tok_) +
             "; fields are and_constraints, or_constraints, not_constraints, constraint, key, value, exists");
        return nullptr;
      }
      SVal::Entry e{tok_.text, tok_.range, nullptr};
      Next();
      if (tok_.kind == Tok::kPunct && tok_.punct == ':') Next();
      e.value = ParseValue(depth + 1);
      if (!e.value) return nullptr;
      m->entries.push_back(e);
      if (tok_.kind == Tok::kPunct && (tok_.punct == ',' || tok_.punct == ';')) Next();
    }
  }

  SVal* ParseValue(int depth) {
    if (tok_.kind == Tok::kPunct && tok_.punct == '{') return ParseMessage(depth);
    if (tok_.kind == Tok::kPunct && tok_.punct == '[') {
      SVal* l = New(SVal::kList, tok_.range);
      Next();
      while (true) {
        if (tok_.kind == Tok::kPunct && tok_.punct == ']') {
          l->range.end = tok_.range.end;
          Next();
          return l;
        }
        if (!(tok_.kind == Tok::kPunct && tok_.punct == '{')) {
          Fail(tok_.range, "expected `{` or `]` in a list, got " + Describe(tok_) + "; list items are `{...}` messages");
          return nullptr;
        }
        SVal* item = ParseMessage(depth + 1);
        if (!item) return nullptr;
        l->items.push_back(item);
        if (tok_.kind == Tok::kPunct && tok_.punct == ',') Next();
      }
    }
    if (tok_.kind == Tok::kString || tok_.kind == Tok::kIdent) {
      SVal* s = New(tok_.kind == Tok::kString ? SVal::kString : SVal::kIdent, tok_.range);
      s->text = tok_.text;
      Next();
      return s;
    }
    Fail(tok_.range, "expected a value (`{`, `[` or a quoted string), got " + Describe(tok_));
    return nullptr;
  }

  Constraint Bad(const SVal& v, const std::string& msg) {
    Fail(v.range, msg);
    return Nothing(v.range);
  }

  // A message value as DynamicParameterConstraints.
  Constraint ToConstraint(const SVal& v, const std::string& path, int depth, bool top) {
    if (v.kind != SVal::kMsg) return Bad(v, "expected a `{...}` constraint message here");
    if (depth >= kMaxConstraintDepth) {
      sink_.Error("VAR009", v.range, "constraints nested deeper than " + std::to_string(kMaxConstraintDepth) +
                  " levels; flatten the and/or lists");
      failed_ = true;
      return Nothing(v.range);
    }
    if (v.entries.empty()) {
      if (!top)
        sink_.Warning("VAR008", v.range, "an empty constraint `{}` inside a list or not matches every client; remove it");
      Constraint c;
      c.range = v.range;
      return c;
    }
    if (v.entries.size() > 1) {
      bool all_constraints = true;
      for (const auto& e : v.entries) all_constraints &= e.key == "constraints";
      if (!all_constraints)
        return Bad(v, "a DynamicParameterConstraints sets exactly one of constraint, and_constraints, or_constraints, "
                   "not_constraints (a oneof); wrap several in and_constraints");
    }
    const SVal::Entry& e = v.entries[0];
    if (e.key == "constraint") return Single(*e.value);
    if (e.key == "and_constraints" || e.key == "or_constraints") {
      bool is_and = e.key == "and_constraints";
      std::vector<const SVal*> items;
      if (e.value->kind == SVal::kList) {
        for (const SVal* i : e.value->items) items.push_back(i);
      } else if (e.value->kind == SVal::kMsg) {
        // Canonical form: and_constraints { constraints {...} constraints {...} } or constraints: [...]
        for (const auto& ie : e.value->entries) {
          if (ie.key != "constraints") return Bad(*ie.value, "a ConstraintList has only `constraints`");
          if (ie.value->kind == SVal::kList) for (const SVal* i : ie.value->items) items.push_back(i);
          else items.push_back(ie.value);
        }
      } else {
        return Bad(*e.value, e.key + " takes a list `[{...}, ...]`");
      }
      std::vector<Constraint> ch;
      if (items.empty())
        sink_.Warning("VAR008", e.value->range, "an empty " + e.key + (is_and ? " matches every client" : " matches no client") +
                      "; list at least one constraint or remove it");
      for (const SVal* i : items) {
        ch.push_back(ToConstraint(*i, path, depth + 1, false));
        if (failed_) return Nothing(v.range);
      }
      Constraint c = is_and ? Constraint::And(std::move(ch)) : Constraint::Or(std::move(ch));
      c.range = v.range;
      return c;
    }
    if (e.key == "not_constraints" || e.key == "not_constraint") {
      if (e.key == "not_constraint")
        sink_.Warning("VAR004", e.key_range, "`not_constraint` is not a DynamicParameterConstraints field (the spec's slip); " +
                      doc::DidYouMean(e.key, kConstraintFields) + " It is read as `not_constraints` here; write the plural");
      Constraint inner = ToConstraint(*e.value, path, depth + 1, false);
      Constraint c = Constraint::Not(std::move(inner));
      c.range = v.range;
      return c;
    }
    {
      std::string dym = doc::DidYouMean(e.key, kConstraintFields);
      return Bad(v, "unknown field `" + e.key + "`; " + (dym.empty() ? "" : dym + " ") +
                 "a DynamicParameterConstraints has constraint, and_constraints, or_constraints or not_constraints");
    }
  }

  Constraint Single(const SVal& v) {
    if (v.kind != SVal::kMsg) return Bad(v, "`constraint` takes a message `{key:\"k\" value:\"v\"}`");
    std::optional<std::string> key, value;
    bool exists = false;
    SourceRange key_range = v.range, value_range = v.range;
    for (const auto& e : v.entries) {
      if (e.key == "key" || e.key == "value") {
        if (e.value->kind != SVal::kString) return Bad(*e.value, "`" + e.key + "` takes a quoted string");
        if (e.key == "key") { key = e.value->text; key_range = e.value->range; }
        else { value = e.value->text; value_range = e.value->range; }
      } else if (e.key == "exists") {
        if (e.value->kind != SVal::kMsg || !e.value->entries.empty()) return Bad(*e.value, "`exists` takes an empty message `{}`");
        exists = true;
      } else {
      {
        std::string dym = doc::DidYouMean(e.key, {"key", "value", "exists"});
        return Bad(*e.value, "unknown field `" + e.key + "` in a constraint; " + (dym.empty() ? "" : dym + " ") +
                   "it has key, and value or exists");
      }
      }
    }
    if (value && exists) return Bad(v, "a constraint has `value` or `exists`, not both (a oneof)");
    if (!key || key->empty()) {
      sink_.Error("VAR002", key_range, "a constraint with an empty key can never name a parameter; set `key` to the "
                  "parameter's name");
      return Nothing(v.range);
    }
    if (!value && !exists) {
      sink_.Error("VAR001", v.range, "constraint on key \"" + *key + "\" has neither `value` nor `exists`; add `value: "
                  "\"...\"` for an exact match or `exists {}` for any value");
      return Nothing(v.range);
    }
    if (!Utf8Field(*key, "key", key_range, sink_) || (value && !Utf8Field(*value, "value", value_range, sink_)))
      return Nothing(v.range);
    Constraint c = exists ? Constraint::Exists(*key) : Constraint::Value(*key, *value);
    c.range = v.range;
    return c;
  }

  const doc::Source& src_;
  std::string_view t_;
  doc::DiagnosticSink& sink_;
  size_t pos_ = 0;
  Tok tok_;
  uint32_t last_end_ = 0;
  uint32_t error_block_ = UINT32_MAX;
  int depth_ = 0;
  uint32_t last_slip_ = UINT32_MAX;
  bool failed_ = false;
  bool slash_comment_reported_ = false;
  std::vector<std::unique_ptr<SVal>> pool_;
};

}  // namespace

std::vector<ShorthandVariant> ParseShorthand(const doc::Source& src, doc::DiagnosticSink& sink) {
  ShorthandParser p(src, sink);
  return p.Run();
}

}  // namespace cfgi::variants
