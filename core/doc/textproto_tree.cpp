// Schema-free textproto (core/doc/textproto_tree.h). The grammar is protobuf's text format
// (google/protobuf/text_format.cc, TextFormat::Parser::ParserImpl: ConsumeField, ConsumeAnyTypeUrl,
// the optional ':' before a message, '<' '>' as message delimiters, ',' or ';' after a field,
// adjacent string literals concatenated); string escapes are decoded by protobuf's own
// io::Tokenizer::ParseStringAppend.
#include "core/doc/textproto_tree.h"

#include <cctype>
#include <string>
#include <utility>
#include <vector>

#include <google/protobuf/descriptor.h>
#include <google/protobuf/io/tokenizer.h>

namespace cfgi::doc {

namespace {

struct Token {
  enum class Kind { kEnd, kIdent, kString, kPunct, kBad };
  Kind kind = Kind::kEnd;
  uint32_t begin = 0, end = 0;
  char punct = 0;
};

bool IdentChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-' || c == '+';
}

class Parser {
 public:
  Parser(const Source& src, DiagnosticSink& sink, const Limits& limits)
      : t_(src.text()), sink_(sink), limits_(limits) {}

  bool Run(Node* out) {
    Next();
    Node root = Node::Map({0, static_cast<uint32_t>(t_.size())});
    if (!Fields(root, 0, 0)) return false;
    *out = std::move(root);
    return true;
  }

 private:
  // ---- lexer ----
  void SkipSpace() {
    while (pos_ < t_.size()) {
      char c = t_[pos_];
      if (c == '#') {
        while (pos_ < t_.size() && t_[pos_] != '\n') ++pos_;
      } else if (std::isspace(static_cast<unsigned char>(c))) {
        ++pos_;
      } else {
        break;
      }
    }
  }

  void Next() {
    SkipSpace();
    tok_ = {};
    tok_.begin = tok_.end = static_cast<uint32_t>(pos_);
    if (pos_ >= t_.size()) return;
    char c = t_[pos_];
    if (c == '"' || c == '\'') {
      size_t i = pos_ + 1;
      while (i < t_.size() && t_[i] != c && t_[i] != '\n') i += t_[i] == '\\' ? 2 : 1;
      if (i >= t_.size() || t_[i] != c) {
        tok_.kind = Token::Kind::kBad;
        tok_.end = static_cast<uint32_t>(std::min(i, t_.size()));
        return;
      }
      tok_.kind = Token::Kind::kString;
      pos_ = i + 1;
    } else if (IdentChar(c)) {
      while (pos_ < t_.size() && IdentChar(t_[pos_])) ++pos_;
      tok_.kind = Token::Kind::kIdent;
    } else if (std::string_view("{}<>[]:,;/").find(c) != std::string_view::npos) {
      tok_.kind = Token::Kind::kPunct;
      tok_.punct = c;
      ++pos_;
    } else {
      tok_.kind = Token::Kind::kBad;
      ++pos_;
    }
    tok_.end = static_cast<uint32_t>(pos_);
  }

  std::string Text(const Token& k) const { return t_.substr(k.begin, k.end - k.begin); }
  bool Is(char p) const { return tok_.kind == Token::Kind::kPunct && tok_.punct == p; }

  bool Fail(const std::string& expected) {
    std::string got = tok_.kind == Token::Kind::kEnd ? "the end of the file"
                      : tok_.kind == Token::Kind::kBad && tok_.end > tok_.begin + 1 ? "an unterminated string"
                                                                                    : "'" + Text(tok_) + "'";
    uint32_t at = tok_.begin;
    sink_.Error("DOC004", {at, at + 1}, "textproto: expected " + expected + ", got " + got + "; check the syntax at this position");
    return false;
  }

  // ---- grammar ----
  struct Field {
    std::string key;
    SourceRange key_range;
    std::vector<Node> values;
    bool list = false;  // written as [a, b] or more than once
  };

  static Field& Slot(std::vector<Field>& fields, const std::string& key, SourceRange key_range) {
    for (Field& f : fields)
      if (f.key == key) return f;
    fields.push_back({key, key_range, {}, false});
    return fields.back();
  }

  static void Build(Node& map, std::vector<Field>& fields) {
    for (Field& f : fields) {
      if (!f.list && f.values.size() == 1) {
        map.Put(f.key, f.key_range, std::move(f.values.front()));
        continue;
      }
      SourceRange r = f.key_range;
      if (!f.values.empty()) r = {f.values.front().range().begin, f.values.back().range().end};
      Node seq = Node::Seq(r);
      for (Node& v : f.values) seq.Push(std::move(v));
      map.Put(f.key, f.key_range, std::move(seq));
    }
  }

  // Fields until `close` ('}' or '>'), or the end of the file when close is 0.
  bool Fields(Node& map, char close, int depth) {
    std::vector<Field> fields;
    while (true) {
      if (close == 0 && tok_.kind == Token::Kind::kEnd) break;
      if (close != 0 && Is(close)) break;
      if (tok_.kind == Token::Kind::kIdent) {
        Token name = tok_;
        Next();
        Field& f = Slot(fields, Text(name), {name.begin, name.end});
        std::string key = f.key;
        if (!Value(fields, key, depth)) return false;
      } else if (Is('[')) {
        // An extension or an Any's type URL: "[type.googleapis.com/envoy.config.listener.v3.Listener]".
        uint32_t open = tok_.begin;
        size_t close_at = t_.find(']', open);
        size_t nl = t_.find('\n', open);
        if (close_at == std::string::npos || (nl != std::string::npos && nl < close_at)) return Fail("']' after the type URL");
        std::string inner = t_.substr(open + 1, close_at - open - 1);
        // Whitespace inside the brackets is allowed ("[type.googleapis.com / T]").
        std::string url;
        for (char c : inner)
          if (!std::isspace(static_cast<unsigned char>(c))) url += c;
        pos_ = close_at + 1;
        Next();
        SourceRange key_range{open, static_cast<uint32_t>(close_at + 1)};
        if (url.find('/') != std::string::npos) {
          if (Is(':')) Next();
          if (!Is('{') && !Is('<')) return Fail("'{' after the Any type URL [" + url + "]");
          Node body = Node::Map({tok_.begin, tok_.begin});
          if (!Message(body, depth)) return false;
          auto add = [&fields](const std::string& k, SourceRange kr, Node v) {
            Field& f = Slot(fields, k, kr);
            f.list = f.list || !f.values.empty();
            f.values.push_back(std::move(v));
          };
          add("@type", key_range, Node::Scalar(Node::Kind::kString, url, key_range));
          for (const Node::Entry& e : body.entries()) add(e.key, e.key_range, e.value);
        } else {
          std::string key = "[" + url + "]";
          Slot(fields, key, key_range);
          if (!Value(fields, key, depth)) return false;
        }
      } else {
        return Fail(close ? std::string("a field name or '") + close + "'" : std::string("a field name"));
      }
      if (Is(',') || Is(';')) Next();
    }
    Build(map, fields);
    return true;
  }

  // A message body from '{' / '<' to its close; `map`'s range becomes the braces.
  bool Message(Node& map, int depth) {
    if (depth + 1 > limits_.max_depth) {
      sink_.Error("DOC011", {tok_.begin, tok_.begin + 1},
                  "nesting deeper than " + std::to_string(limits_.max_depth) +
                      " levels; flatten the document (the limit protects against runaway input)");
      return false;
    }
    char close = Is('{') ? '}' : '>';
    uint32_t begin = tok_.begin;
    Next();
    if (!Fields(map, close, depth + 1)) return false;
    map.set_range({begin, tok_.end});
    Next();
    return true;
  }

  // After a field name: [':'] then a message, a list or a scalar.
  bool Value(std::vector<Field>& fields, const std::string& key, int depth) {
    bool colon = Is(':');
    if (colon) Next();
    auto slot = [&]() -> Field& { return Slot(fields, key, {}); };
    if (Is('{') || Is('<')) {
      Node m = Node::Map({tok_.begin, tok_.begin});
      if (!Message(m, depth)) return false;
      Field& f = slot();
      f.list = f.list || !f.values.empty();
      f.values.push_back(std::move(m));
      return true;
    }
    if (!colon) return Fail("':' or '{' after the field name " + key);
    if (Is('[')) {
      Next();
      Field& f0 = slot();
      f0.list = true;
      while (!Is(']')) {
        Node v;
        if (Is('{') || Is('<')) {
          v = Node::Map({tok_.begin, tok_.begin});
          if (!Message(v, depth)) return false;
        } else if (!Scalar(&v)) {
          return false;
        }
        slot().values.push_back(std::move(v));
        if (Is(',')) {
          Next();
        } else if (!Is(']')) {
          return Fail("',' or ']' in the list " + key);
        }
      }
      Next();
      return true;
    }
    Node v;
    if (!Scalar(&v)) return false;
    Field& f = slot();
    f.list = f.list || !f.values.empty();
    f.values.push_back(std::move(v));
    return true;
  }

  bool Scalar(Node* out) {
    if (tok_.kind == Token::Kind::kString) {
      uint32_t begin = tok_.begin, end = tok_.end;
      std::string value;
      while (tok_.kind == Token::Kind::kString) {
        google::protobuf::io::Tokenizer::ParseStringAppend(Text(tok_), &value);
        end = tok_.end;
        Next();
      }
      *out = Node::Scalar(Node::Kind::kString, std::move(value), {begin, end});
      return true;
    }
    if (tok_.kind != Token::Kind::kIdent) return Fail("a value");
    std::string s = Text(tok_);
    SourceRange r{tok_.begin, tok_.end};
    Next();
    Node::Kind k = Node::Kind::kString;
    if (s == "true" || s == "True" || s == "t") {
      k = Node::Kind::kBool;
      s = "true";
    } else if (s == "false" || s == "False" || s == "f") {
      k = Node::Kind::kBool;
      s = "false";
    } else if (!s.empty() && (std::isdigit(static_cast<unsigned char>(s[0])) || s[0] == '-' || s[0] == '.')) {
      bool integer = s.find_first_of(".eE") == std::string::npos || s.rfind("0x", 0) == 0;
      k = integer ? Node::Kind::kInt : Node::Kind::kDouble;
    }
    *out = Node::Scalar(k, std::move(s), r);
    return true;
  }

  const std::string& t_;
  DiagnosticSink& sink_;
  const Limits& limits_;
  size_t pos_ = 0;
  Token tok_;
};

}  // namespace

const Node::Entry* GetProtoField(const Node* n, std::string_view proto_name) {
  if (!n || !n->is_map()) return nullptr;
  if (const Node::Entry* e = n->GetEntry(proto_name)) return e;
  std::string camel;
  bool up = false;
  for (char c : proto_name) {
    if (c == '_') {
      up = true;
      continue;
    }
    camel += up ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    up = false;
  }
  return camel == proto_name ? nullptr : n->GetEntry(camel);
}

bool ParseTextProtoTree(const Source& src, DiagnosticSink& sink, Node* tree, const Limits& limits) {
  Parser p(src, sink, limits);
  return p.Run(tree);
}

void ForEachValue(const Node& n, const std::function<void(const Node&, int)>& f) {
  if (n.is_seq()) {
    for (size_t i = 0; i < n.items().size(); ++i) f(n.items()[i], static_cast<int>(i));
  } else {
    f(n, -1);
  }
}

// ---- a schema-free tree shaped by a descriptor (ShapeByDescriptor) ----
namespace {
namespace pb = google::protobuf;

std::string AnyTypeName(const Node& n) {
  std::string url = n.is_map() ? n.GetString("@type") : "";
  size_t slash = url.rfind('/');
  return slash == std::string::npos ? url : url.substr(slash + 1);
}

Node Shape(const Node& n, const pb::Descriptor* d, int depth);

// The wrapper types (google/protobuf/wrappers.proto) are a bare value in proto3 JSON; textproto
// writes a field of one as `prefix_len { value: 8 }`.
bool IsWrapper(const pb::Descriptor* d) {
  static const char* kWrappers[] = {"DoubleValue", "FloatValue", "Int64Value", "UInt64Value", "Int32Value",
                                    "UInt32Value", "BoolValue", "StringValue", "BytesValue"};
  if (d->file()->name() != "google/protobuf/wrappers.proto") return false;
  for (const char* w : kWrappers)
    if (d->name() == w) return true;
  return false;
}

Node ShapeValue(const Node& v, const pb::FieldDescriptor* f, int depth) {
  if (!f->message_type()) return v;
  if (IsWrapper(f->message_type()) && v.is_map()) {
    if (const Node* inner = v.Get("value")) return *inner;
  }
  return Shape(v, f->message_type(), depth + 1);
}

Node Shape(const Node& n, const pb::Descriptor* d, int depth) {
  if (!n.is_map() || !d || depth > 200) return n;
  if (d->full_name() == "google.protobuf.Any") {
    d = pb::DescriptorPool::generated_pool()->FindMessageTypeByName(AnyTypeName(n));
    if (!d) return n;  // a type this build does not know (an Envoy Listener): kept as written
  }
  Node m = Node::Map(n.range());
  for (const Node::Entry& e : n.entries()) {
    const pb::FieldDescriptor* f = d->FindFieldByName(e.key);
    if (!f) {
      m.Put(e.key, e.key_range, e.value);
      continue;
    }
    if (f->is_map()) {
      Node mm = Node::Map(e.value.range());
      const pb::FieldDescriptor* vf = f->message_type()->FindFieldByName("value");
      ForEachValue(e.value, [&](const Node& kv, int) {
        const Node* k = kv.Get("key");
        const Node* v = kv.Get("value");
        mm.Put(k ? k->text() : "", k ? k->range() : kv.range(), v ? ShapeValue(*v, vf, depth) : Node::Map(kv.range()));
      });
      m.Put(e.key, e.key_range, std::move(mm));
      continue;
    }
    if (f->is_repeated() || e.value.is_seq()) {
      Node s = Node::Seq(e.value.range());
      ForEachValue(e.value, [&](const Node& item, int) { s.Push(ShapeValue(item, f, depth)); });
      m.Put(e.key, e.key_range, std::move(s));
      continue;
    }
    m.Put(e.key, e.key_range, ShapeValue(e.value, f, depth));
  }
  return m;
}

bool HasUnknownAny(const Node& n, int depth) {
  if (depth > 200) return false;
  if (n.is_seq()) {
    for (const Node& i : n.items())
      if (HasUnknownAny(i, depth + 1)) return true;
    return false;
  }
  if (!n.is_map()) return false;
  if (n.Get("@type") && !pb::DescriptorPool::generated_pool()->FindMessageTypeByName(AnyTypeName(n))) return true;
  for (const Node::Entry& e : n.entries())
    if (HasUnknownAny(e.value, depth + 1)) return true;
  return false;
}
}  // namespace

Node ShapeByDescriptor(const Node& tree, const google::protobuf::Descriptor* d) { return Shape(tree, d, 0); }

bool HasUnknownAny(const Node& tree) { return HasUnknownAny(tree, 0); }

}  // namespace cfgi::doc
