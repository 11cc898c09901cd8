#include "core/doc/load.h"

#include "core/doc/json.h"
#include "core/doc/suggest.h"

#include "core/doc/utf8.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <istream>
#include <map>
#include <unordered_map>
#include <unordered_set>
#include <streambuf>

#include <google/protobuf/any.pb.h>
#include <google/protobuf/stubs/common.h>
#include <google/protobuf/descriptor.h>
#include <google/protobuf/dynamic_message.h>
#include <google/protobuf/empty.pb.h>
#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/text_format.h>
#include <google/protobuf/util/json_util.h>
#include <nlohmann/json.hpp>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

namespace cfgi::doc {
namespace pb = google::protobuf;

const char* FormatName(Format f) {
  switch (f) {
    case Format::kYaml: return "yaml";
    case Format::kJson: return "json";
    case Format::kTextProto: return "textproto";
    case Format::kText: return "text";
  }
  return "text";
}

namespace {

bool EndsWith(std::string_view s, std::string_view suf) {
  return s.size() >= suf.size() && s.substr(s.size() - suf.size()) == suf;
}

// True when the text has `identifier {` or `identifier:` followed by a `{` on a line, the
// shape of textproto messages (YAML would need `identifier: {`).
bool LooksLikeTextProto(std::string_view t) {
  if (t.find("[type.googleapis.com/") != std::string_view::npos) return true;
  size_t i = 0;
  while (i < t.size()) {
    size_t eol = t.find('\n', i);
    std::string_view line = t.substr(i, eol == std::string_view::npos ? std::string_view::npos : eol - i);
    i = eol == std::string_view::npos ? t.size() : eol + 1;
    size_t a = line.find_first_not_of(" \t");
    if (a == std::string_view::npos || line[a] == '#') continue;
    size_t b = a;
    while (b < line.size() && (std::isalnum(static_cast<unsigned char>(line[b])) || line[b] == '_')) ++b;
    if (b == a) return false;
    size_t c = line.find_first_not_of(" \t", b);
    if (c != std::string_view::npos && (line[c] == '{' || line[c] == '<')) return true;
    // `key: "x"` appears in both; keep looking for a decisive line.
  }
  return false;
}

bool LooksLikeText(std::string_view t) {
  return t.find(";; ANSWER SECTION") != std::string_view::npos ||
         t.find("IN TXT") != std::string_view::npos || t.find("IN\tTXT") != std::string_view::npos ||
         t.find("grpc_config=") != std::string_view::npos;
}

}  // namespace

Format DetectFormat(std::string_view name, std::string_view text) {
  std::string n = LowerAscii(name);
  if (EndsWith(n, ".yaml") || EndsWith(n, ".yml")) return Format::kYaml;
  if (EndsWith(n, ".json")) return Format::kJson;
  if (EndsWith(n, ".textproto") || EndsWith(n, ".txtpb") || EndsWith(n, ".pbtxt") ||
      EndsWith(n, ".prototxt") || EndsWith(n, ".textpb"))
    return Format::kTextProto;
  if (EndsWith(n, ".zone") || EndsWith(n, ".dig") || EndsWith(n, ".txt") || EndsWith(n, ".ldap"))
    return Format::kText;
  size_t a = text.find_first_not_of(" \t\r\n");
  if (a == std::string_view::npos) return Format::kYaml;
  if (text.find("[type.googleapis.com/") != std::string_view::npos) return Format::kTextProto;
  if (text[a] == '{' || text[a] == '[') {
    // `{and_constraints: ...}` is the TP2 spec's shorthand, not JSON; JSON keys are quoted.
    size_t b = text.find_first_not_of(" \t\r\n", a + 1);
    if (b == std::string_view::npos || text[b] == '"' || text[b] == '}' || text[b] == ']' ||
        text[a] == '[')
      return Format::kJson;
  }
  if (LooksLikeText(text)) return Format::kText;
  if (LooksLikeTextProto(text)) return Format::kTextProto;
  return Format::kYaml;
}

namespace {

constexpr uint32_t kNoPos = UINT32_MAX;

// ---- YAML (yaml-cpp) ----------------------------------------------------------------------

// Resolves a plain YAML scalar with the YAML 1.2 core schema.
Node::Kind PlainScalarKind(const std::string& s) {
  if (s.empty() || s == "~" || s == "null" || s == "Null" || s == "NULL") return Node::Kind::kNull;
  if (s == "true" || s == "True" || s == "TRUE" || s == "false" || s == "False" || s == "FALSE")
    return Node::Kind::kBool;
  size_t i = (s[0] == '-' || s[0] == '+') ? 1 : 0;
  if (i < s.size() && std::all_of(s.begin() + i, s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    return Node::Kind::kInt;
  // Floats: digits with one dot and/or exponent; .inf / .nan.
  std::string l = LowerAscii(s);
  if (l == ".inf" || l == "-.inf" || l == "+.inf" || l == ".nan") return Node::Kind::kDouble;
  bool digit = false, dot = false, exp = false;
  for (size_t k = i; k < s.size(); ++k) {
    char c = s[k];
    if (std::isdigit(static_cast<unsigned char>(c))) digit = true;
    else if (c == '.' && !dot && !exp) dot = true;
    else if ((c == 'e' || c == 'E') && digit && !exp) {
      exp = true;
      if (k + 1 < s.size() && (s[k + 1] == '+' || s[k + 1] == '-')) ++k;
    } else return Node::Kind::kString;
  }
  return digit ? Node::Kind::kDouble : Node::Kind::kString;
}

std::string BoolText(const std::string& s) { return (s[0] == 't' || s[0] == 'T') ? "true" : "false"; }


// Number of nodes in a tree (an alias copies that many).
size_t CountNodes(const Node& n) {
  size_t c = 1;
  for (const Node& i : n.items()) c += CountNodes(i);
  for (const auto& e : n.entries()) c += CountNodes(e.value);
  return c;
}

// Builds Nodes from yaml-cpp's parse events (no intermediate YAML::Node graph: half the
// memory and time on large files). Plain scalars are typed with the YAML 1.2 core schema.
class YamlBuilder : public YAML::EventHandler {
 public:
  struct TooDeep {};  // a limit was hit and reported: stop building

  YamlBuilder(const Source& src, DiagnosticSink& sink, const Limits& limits)
      : src_(src), sink_(sink), limits_(limits) {}

  std::vector<Node> roots;

  uint32_t Offset(const YAML::Mark& m) const {
    if (m.pos < 0) return 0;
    return std::min<uint32_t>(static_cast<uint32_t>(m.pos), static_cast<uint32_t>(src_.text().size()));
  }

  // The end of a scalar: past its closing quote when quoted, else its text length.
  uint32_t ScalarEnd(uint32_t begin, const std::string& value) const {
    const std::string& t = src_.text();
    if (begin < t.size() && (t[begin] == '"' || t[begin] == '\'')) {
      char q = t[begin];
      for (uint32_t i = begin + 1; i < t.size(); ++i) {
        if (q == '"' && t[i] == '\\') { ++i; continue; }
        if (t[i] == q) {
          if (q == '\'' && i + 1 < t.size() && t[i + 1] == '\'') { ++i; continue; }
          return i + 1;
        }
      }
      return static_cast<uint32_t>(t.size());
    }
    if (begin < t.size() && (t[begin] == '|' || t[begin] == '>'))
      return std::min<uint32_t>(static_cast<uint32_t>(t.size()), begin + 1);
    return std::min<uint32_t>(begin + static_cast<uint32_t>(value.size()), static_cast<uint32_t>(t.size()));
  }

  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {
    if (!doc_done_) roots.push_back(Node::Scalar(Node::Kind::kNull, "", {0, 0}));
    doc_done_ = false;
  }
  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    CountEvent(mark);
    uint32_t b = Offset(mark);
    Complete(Node::Scalar(Node::Kind::kNull, "", {b, b}), anchor);
  }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    CountEvent(mark);
    auto it = anchors_.find(anchor);
    Node n = it != anchors_.end() ? it->second.node : Node();
    alias_nodes_ += it != anchors_.end() ? it->second.size : 1;
    if (alias_nodes_ > limits_.max_alias_nodes) {  // a "billion laughs": aliases of aliases
      uint32_t b = Offset(mark);
      sink_.Error("DOC013", {b, b + 1},
                  "aliases expand to more than " + std::to_string(limits_.max_alias_nodes) +
                      " nodes; write the repeated part out or anchor a smaller part (the limit "
                      "protects against alias bombs)");
      throw TooDeep{};
    }
    Complete(std::move(n), 0);
  }
  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                const std::string& value) override {
    CountEvent(mark);
    uint32_t b = Offset(mark);
    SourceRange r{b, ScalarEnd(b, value)};
    if (tag == "?") {
      Node::Kind k = PlainScalarKind(value);
      Complete(Node::Scalar(k, k == Node::Kind::kBool ? BoolText(value) : value, r), anchor);
    } else {
      Complete(Node::Scalar(Node::Kind::kString, value, r), anchor);
    }
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    CountEvent(mark);
    Push(Node::Seq({Offset(mark), Offset(mark) + 1}), anchor, mark);
  }
  void OnSequenceEnd() override { Pop(); }
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value) override {
    CountEvent(mark);
    Push(Node::Map({Offset(mark), Offset(mark) + 1}), anchor, mark);
  }
  void OnMapEnd() override { Pop(); }

 private:
  // yaml-cpp 0.7 loops on a ',' outside any flow collection (`,` or `{},` at the top level),
  // emitting null events forever without consuming input. Every real node takes at least one byte of text (aliases are
  // counted by DOC013), so more events than 2 per byte means it stopped making progress.
  void CountEvent(const YAML::Mark& mark) {
    if (++events_ <= 2 * src_.text().size() + 16) return;
    uint32_t b = Offset(mark);
    sink_.Error("DOC014", {b, b + 1},
                "YAML: the parser stopped making progress here (yaml-cpp loops on a ',' outside "
                "[ ] and { }); remove the stray comma or fix the brackets at this position");
    throw TooDeep{};
  }

  struct Frame {
    Node node;
    YAML::anchor_t anchor = 0;
    bool have_key = false;
    std::string key;
    SourceRange key_range;
    std::unordered_set<std::string> keys;  // for the duplicate-key check, linear in map size
  };

  void Push(Node n, YAML::anchor_t anchor, const YAML::Mark& mark) {
    if (static_cast<int>(stack_.size()) >= limits_.max_depth) {
      uint32_t b = Offset(mark);
      sink_.Error("DOC011", {b, b + 1},
                  "nesting deeper than " + std::to_string(limits_.max_depth) +
                      " levels; flatten the document (the limit protects against runaway input)");
      throw TooDeep{};
    }
    Frame f;
    f.node = std::move(n);
    f.anchor = anchor;
    stack_.push_back(std::move(f));
  }

  void Pop() {
    Frame f = std::move(stack_.back());
    stack_.pop_back();
    if (f.have_key)  // a key without a value (cannot happen with yaml-cpp's events)
      f.node.Put(f.key, f.key_range, Node::Scalar(Node::Kind::kNull, "", f.key_range));
    Complete(std::move(f.node), f.anchor);
  }

  void Complete(Node n, YAML::anchor_t anchor) {
    if (anchor) anchors_[anchor] = {n, CountNodes(n)};
    if (stack_.empty()) {
      roots.push_back(std::move(n));
      doc_done_ = true;
      return;
    }
    Frame& parent = stack_.back();
    SourceRange pr = parent.node.range();
    if (parent.node.is_seq()) {
      pr.end = std::max(pr.end, n.range().end);
      parent.node.Push(std::move(n));
    } else if (!parent.have_key) {
      if (!n.is_scalar())
        sink_.Error("DOC006", n.range(), "map keys must be scalars; write the key as a string");
      parent.have_key = true;
      parent.key = n.text();
      parent.key_range = n.range();
      pr.end = std::max(pr.end, n.range().end);
    } else {
      if (!parent.keys.insert(parent.key).second)
        sink_.Warning("DOC003", parent.key_range,
                      "duplicate key '" + parent.key + "'; the first value is used, remove one of them");
      pr.end = std::max(pr.end, n.range().end);
      parent.node.Put(std::move(parent.key), parent.key_range, std::move(n));
      parent.have_key = false;
    }
    parent.node.set_range(pr);
  }

  const Source& src_;
  DiagnosticSink& sink_;
  const Limits& limits_;
  std::vector<Frame> stack_;
  struct Anchored {
    Node node;
    size_t size = 1;  // CountNodes(node)
  };
  std::map<YAML::anchor_t, Anchored> anchors_;
  size_t alias_nodes_ = 0;  // nodes copied by aliases so far
  size_t events_ = 0;       // nodes yaml-cpp reported, for CountEvent
  bool doc_done_ = false;
};

// A read-only streambuf over the source text (yaml-cpp reads from std::istream).
struct ViewBuf : std::streambuf {
  explicit ViewBuf(const std::string& s) {
    char* p = const_cast<char*>(s.data());
    setg(p, p, p + s.size());
  }
};

// Parses YAML text into roots; on a syntax error reports DOC001 and returns nothing.
std::vector<Node> BuildYaml(const Source& src, DiagnosticSink& sink, const Limits& limits) {
  YamlBuilder builder(src, sink, limits);
  try {
    ViewBuf buf(src.text());
    std::istream in(&buf);
    YAML::Parser parser(in);
    while (parser.HandleNextDocument(builder)) {
    }
  } catch (const YamlBuilder::TooDeep&) {
    return {};
  } catch (const YAML::Exception& e) {
    uint32_t off = e.mark.pos >= 0 ? static_cast<uint32_t>(e.mark.pos) : 0;
    if (e.mark.line >= 0) off = src.Offset(e.mark.line + 1, e.mark.column + 1);
    std::string msg = e.msg;
    if (msg.find("tab") != std::string::npos || msg.find("illegal") != std::string::npos)
      msg += "; YAML indentation must use spaces";
    else if (msg.find("end of map not found") != std::string::npos || msg.find("end of sequence") != std::string::npos)
      msg += "; close the flow collection with } or ]";
    else
      msg += "; check indentation and quoting at this position";
    sink.Error("DOC001", {off, off + 1}, "YAML: " + msg);  // the sink keeps it inside the text
    return {};
  }
  return std::move(builder.roots);
}

bool CheckSize(const Source& src, DiagnosticSink& sink, const Limits& limits) {
  if (src.text().size() <= limits.max_bytes) return true;
  sink.Error("DOC010", {0, 0},
             "file is " + std::to_string(src.text().size()) + " bytes, over the limit of " +
                 std::to_string(limits.max_bytes) + "; split it into smaller files");
  return false;
}

// YAML and textproto text must be UTF-8: every result is JSON, and protobuf's string fields and
// nlohmann's dump() need valid UTF-8. Reports DOC012 at the first bad byte.
bool CheckUtf8(const Source& src, DiagnosticSink& sink) {
  size_t bad = FirstInvalidUtf8(src.text());
  if (bad == std::string_view::npos) return true;
  char hex[8];
  std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned char>(src.text()[bad]));
  sink.Error("DOC012", {static_cast<uint32_t>(bad), static_cast<uint32_t>(bad) + 1},
             std::string("byte ") + hex + " is not valid UTF-8; save the file as UTF-8 (put binary "
             "data in a base64 string)");
  return false;
}

// Nesting depth of brackets outside strings: guards recursive parsers before they run.
bool CheckBracketDepth(const Source& src, DiagnosticSink& sink, const Limits& limits) {
  const std::string& t = src.text();
  int depth = 0;
  char quote = 0;
  for (uint32_t i = 0; i < t.size(); ++i) {
    char c = t[i];
    if (quote) {
      if (c == '\\') ++i;
      else if (c == quote) quote = 0;
      continue;
    }
    if (c == '"') quote = c;
    else if (c == '{' || c == '[') {
      if (++depth > limits.max_depth) {
        sink.Error("DOC011", {i, i + 1},
                   "nesting deeper than " + std::to_string(limits.max_depth) +
                       " levels; flatten the document (the limit protects against runaway input)");
        return false;
      }
    } else if (c == '}' || c == ']') depth = std::max(0, depth - 1);
  }
  return true;
}

}  // namespace

std::vector<Node> ParseYaml(const Source& src, DiagnosticSink& sink, const Limits& limits) {
  if (!CheckSize(src, sink, limits) || !CheckUtf8(src, sink)) return {};
  return BuildYaml(src, sink, limits);
}

namespace {

// Builds a Node from nlohmann's value (authoritative for JSON), taking ranges from the YAML
// parse of the same text where the structure agrees (JSON is YAML 1.2 flow syntax).
Node FromJson(const nlohmann::ordered_json& j, const Node* y, uint32_t fallback) {
  SourceRange r = y ? y->range() : SourceRange{fallback, fallback};
  switch (j.type()) {
    case nlohmann::json::value_t::null: return Node::Scalar(Node::Kind::kNull, "", r);
    case nlohmann::json::value_t::boolean: return Node::Scalar(Node::Kind::kBool, j.get<bool>() ? "true" : "false", r);
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned: return Node::Scalar(Node::Kind::kInt, j.dump(), r);
    case nlohmann::json::value_t::number_float:
      return Node::Scalar(Node::Kind::kDouble, y && y->is_scalar() ? y->text() : j.dump(), r);
    case nlohmann::json::value_t::string: return Node::Scalar(Node::Kind::kString, j.get<std::string>(), r);
    case nlohmann::json::value_t::array: {
      Node n = Node::Seq(r);
      bool aligned = y && y->is_seq() && y->size() == j.size();
      for (size_t i = 0; i < j.size(); ++i) n.Push(FromJson(j[i], aligned ? &y->items()[i] : nullptr, r.begin));
      return n;
    }
    case nlohmann::json::value_t::object: {
      Node n = Node::Map(r);
      // Duplicate keys: nlohmann keeps the last value, so index the last entry of each key.
      std::unordered_map<std::string_view, const Node::Entry*> by_key;
      if (y && y->is_map())
        for (const Node::Entry& x : y->entries()) by_key[x.key] = &x;
      for (auto it = j.begin(); it != j.end(); ++it) {
        auto found = by_key.find(it.key());
        const Node::Entry* e = found == by_key.end() ? nullptr : found->second;
        SourceRange kr = e ? e->key_range : SourceRange{r.begin, r.begin};
        n.Put(it.key(), kr, FromJson(it.value(), e ? &e->value : nullptr, kr.begin));
      }
      return n;
    }
    default: return Node::Scalar(Node::Kind::kNull, "", r);
  }
}

// DOC003 for a key that appears twice in one JSON object (nlohmann_json, like protobuf's JSON
// parser, keeps the last value), at the later key.
void WarnDuplicateJsonKeys(const Node& n, DiagnosticSink& sink) {
  if (n.is_seq())
    for (const Node& i : n.items()) WarnDuplicateJsonKeys(i, sink);
  if (!n.is_map()) return;
  std::unordered_set<std::string_view> seen;
  for (const Node::Entry& e : n.entries()) {
    if (!seen.insert(e.key).second)
      sink.Warning("DOC003", e.key_range,
                   "duplicate key '" + ValidUtf8(e.key) + "'; the last value is used, remove one of them");
    WarnDuplicateJsonKeys(e.value, sink);
  }
}

}  // namespace

std::vector<Node> ParseJson(const Source& src, DiagnosticSink& sink, const Limits& limits) {
  std::vector<Node> roots;
  if (!CheckSize(src, sink, limits) || !CheckBracketDepth(src, sink, limits)) return roots;
  nlohmann::ordered_json j;
  try {
    j = nlohmann::ordered_json::parse(src.text());
  } catch (const nlohmann::json::parse_error& e) {
    // e.byte is 1-based: the position of the character that could not be read.
    // nlohmann stops after the offending token; point at the token's first byte instead.
    const std::string& t = src.text();
    uint32_t off = e.byte > 0 ? static_cast<uint32_t>(e.byte - 1) : 0;
    off = std::min<uint32_t>(off, static_cast<uint32_t>(t.size()));
    if (off < t.size() && off > 0 && std::isspace(static_cast<unsigned char>(t[off]))) --off;
    if (off < t.size() && t[off] == '"' && off > 0) {
      uint32_t q = off - 1;
      while (q > 0 && !(t[q] == '"' && t[q - 1] != '\\')) --q;
      off = q;
    } else {
      auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '+' || c == '-'; };
      while (off > 0 && off <= t.size() && off < t.size() && word(t[off]) && word(t[off - 1])) --off;
    }
    std::string what = e.what();
    size_t cut = what.find(": ", what.find("parse error"));
    std::string detail = cut != std::string::npos ? what.substr(cut + 2) : what;
    std::string fix = "; check for a missing comma, quote or bracket here";
    if (detail.find("end of input") != std::string::npos) fix = "; the document ends early: close every { and [";
    // The range stays inside the text: at the end of input it is the empty range at the end.
    sink.Error("DOC002", {off, std::min<uint32_t>(off + 1, static_cast<uint32_t>(t.size()))}, "JSON: " + detail + fix);
    return roots;
  } catch (const nlohmann::json::exception& e) {  // e.g. out_of_range.406 for 1e999
    sink.Error("DOC002", {0, std::min<uint32_t>(1, static_cast<uint32_t>(src.text().size()))},
               std::string("JSON: ") + e.what() + "; write the number within the range of a double");
    return roots;
  }
  // Positions: the one JSON-with-positions walker (json.h) over the text nlohmann accepted;
  // nlohmann's values are kept (it decides numbers, escapes and which duplicate key wins).
  std::optional<Node> shape = JsonPositions(src.text(), limits.max_depth);
  if (shape) WarnDuplicateJsonKeys(*shape, sink);
  roots.push_back(FromJson(j, shape ? &*shape : nullptr, 0));
  return roots;
}

// ---- textproto (protobuf TextFormat) ---------------------------------------------------------

namespace {

// protobuf's tokenizer counts a tab as advancing to the next multiple of 8 columns; map its
// 0-based (line, column) back to a byte offset.
uint32_t TokenizerOffset(const Source& src, int line0, int col0) {
  std::string_view l = src.Line(line0 + 1);
  int col = 0;
  size_t i = 0;
  for (; i < l.size() && col < col0; ++i) col = l[i] == '\t' ? (col / 8 + 1) * 8 : col + 1;
  return src.Offset(line0 + 1, static_cast<int>(i) + 1);
}

class SinkErrorCollector : public pb::io::ErrorCollector {
 public:
  SinkErrorCollector(const Source& src, DiagnosticSink& sink, bool warnings)
      : src_(src), sink_(sink), warnings_(warnings) {}
  void AddError(int line, pb::io::ColumnNumber column, const std::string& message) override {
    Report(line, column, message, true);
  }
  void AddWarning(int line, pb::io::ColumnNumber column, const std::string& message) override {
    Report(line, column, message, false);
  }
  int errors = 0;

 private:
  void Report(int line, int column, const std::string& message, bool error) {
    uint32_t off = line >= 0 ? TokenizerOffset(src_, line, column) : 0;
    std::string fix = "; check the field name against the message's schema";
    if (message.find("Expected") != std::string::npos) fix = "; check the syntax at this position";
    if (error) {
      ++errors;
      if (errors > 20) return;
      sink_.Error("DOC004", {off, off + 1}, "textproto: " + message + fix);
    } else if (warnings_) {
      sink_.Warning("DOC004", {off, off + 1}, "textproto: " + message);
    }
  }
  const Source& src_;
  DiagnosticSink& sink_;
  bool warnings_;
};

SourceRange RangeOf(const Source& src, const pb::TextFormat::ParseLocationRange& r) {
  if (r.start.line < 0) return {kNoPos, kNoPos};
  return {TokenizerOffset(src, r.start.line, r.start.column), TokenizerOffset(src, r.end.line, r.end.column)};
}

Node MessageToNode(const pb::Message& m, const pb::TextFormat::ParseInfoTree* info, const Source& src,
                   SourceRange self, int depth);

Node FieldValue(const pb::Message& m, const pb::FieldDescriptor* f, int index,
                const pb::TextFormat::ParseInfoTree* info, const Source& src, SourceRange r, int depth) {
  const pb::Reflection* rf = m.GetReflection();
  bool rep = f->is_repeated();
  using CT = pb::FieldDescriptor::CppType;
  switch (f->cpp_type()) {
    case CT::CPPTYPE_INT32: return Node::Scalar(Node::Kind::kInt, std::to_string(rep ? rf->GetRepeatedInt32(m, f, index) : rf->GetInt32(m, f)), r);
    case CT::CPPTYPE_INT64: return Node::Scalar(Node::Kind::kInt, std::to_string(rep ? rf->GetRepeatedInt64(m, f, index) : rf->GetInt64(m, f)), r);
    case CT::CPPTYPE_UINT32: return Node::Scalar(Node::Kind::kInt, std::to_string(rep ? rf->GetRepeatedUInt32(m, f, index) : rf->GetUInt32(m, f)), r);
    case CT::CPPTYPE_UINT64: return Node::Scalar(Node::Kind::kInt, std::to_string(rep ? rf->GetRepeatedUInt64(m, f, index) : rf->GetUInt64(m, f)), r);
    case CT::CPPTYPE_DOUBLE: return Node::Scalar(Node::Kind::kDouble, nlohmann::json(rep ? rf->GetRepeatedDouble(m, f, index) : rf->GetDouble(m, f)).dump(), r);
    case CT::CPPTYPE_FLOAT: return Node::Scalar(Node::Kind::kDouble, nlohmann::json(rep ? rf->GetRepeatedFloat(m, f, index) : rf->GetFloat(m, f)).dump(), r);
    case CT::CPPTYPE_BOOL: return Node::Scalar(Node::Kind::kBool, (rep ? rf->GetRepeatedBool(m, f, index) : rf->GetBool(m, f)) ? "true" : "false", r);
    case CT::CPPTYPE_ENUM: return Node::Scalar(Node::Kind::kString, (rep ? rf->GetRepeatedEnum(m, f, index) : rf->GetEnum(m, f))->name(), r);
    case CT::CPPTYPE_STRING: return Node::Scalar(Node::Kind::kString, rep ? rf->GetRepeatedString(m, f, index) : rf->GetString(m, f), r);
    case CT::CPPTYPE_MESSAGE: {
      const pb::Message& sub = rep ? rf->GetRepeatedMessage(m, f, index) : rf->GetMessage(m, f);
      const pb::TextFormat::ParseInfoTree* child = info ? info->GetTreeForNested(f, rep ? index : -1) : nullptr;
      return MessageToNode(sub, child, src, r, depth + 1);
    }
  }
  return {};
}

Node MessageToNode(const pb::Message& m, const pb::TextFormat::ParseInfoTree* info, const Source& src,
                   SourceRange self, int depth) {
  Node n = Node::Map(self);
  if (depth > 64) return n;
  const pb::Descriptor* d = m.GetDescriptor();
  // Any: expand to {"@type": url, fields...} when the type is in the pool.
  if (d->full_name() == "google.protobuf.Any") {
    const auto& any = static_cast<const pb::Any&>(m);
    std::string url = m.GetReflection()->GetString(m, d->FindFieldByName("type_url"));
    n.Put("@type", self, Node::Scalar(Node::Kind::kString, url, self));
    std::string type = url.substr(url.rfind('/') + 1);
    if (const pb::Descriptor* inner = pb::DescriptorPool::generated_pool()->FindMessageTypeByName(type)) {
      pb::DynamicMessageFactory factory;
      std::unique_ptr<pb::Message> msg(factory.GetPrototype(inner)->New());
      if (msg->ParseFromString(m.GetReflection()->GetString(m, d->FindFieldByName("value")))) {
        Node body = MessageToNode(*msg, nullptr, src, self, depth + 1);
        for (const auto& e : body.entries()) n.Put(e.key, e.key_range, e.value);
      }
    }
    (void)any;
    return n;
  }
  std::vector<const pb::FieldDescriptor*> fields;
  m.GetReflection()->ListFields(m, &fields);
  uint32_t end = self.end;
  for (const pb::FieldDescriptor* f : fields) {
    if (f->is_map()) {
      Node map = Node::Map(self);
      const pb::Reflection* rf = m.GetReflection();
      int count = rf->FieldSize(m, f);
      for (int i = 0; i < count; ++i) {
        const pb::Message& entry = rf->GetRepeatedMessage(m, f, i);
        SourceRange r = info ? RangeOf(src, info->GetLocationRange(f, i)) : self;
        if (r.begin == kNoPos) r = self;
        Node kv = MessageToNode(entry, info ? info->GetTreeForNested(f, i) : nullptr, src, r, depth + 1);
        const Node* k = kv.Get("key");
        const Node* v = kv.Get("value");
        map.Put(k ? k->text() : "", r, v ? *v : Node::Scalar(Node::Kind::kString, "", r));
      }
      n.Put(f->name(), self, std::move(map));
      continue;
    }
    if (f->is_repeated()) {
      Node seq = Node::Seq(self);
      int count = m.GetReflection()->FieldSize(m, f);
      SourceRange first = self;
      for (int i = 0; i < count; ++i) {
        SourceRange r = info ? RangeOf(src, info->GetLocationRange(f, i)) : self;
        if (r.begin == kNoPos) r = self;
        if (i == 0) first = r;
        end = std::max(end, r.end);
        seq.Push(FieldValue(m, f, i, info, src, r, depth));
      }
      seq.set_range({first.begin, end});
      n.Put(f->name(), first, std::move(seq));
    } else {
      SourceRange r = info ? RangeOf(src, info->GetLocationRange(f, -1)) : self;
      if (r.begin == kNoPos) r = self;
      end = std::max(end, r.end);
      n.Put(f->name(), r, FieldValue(m, f, -1, info, src, r, depth));
    }
  }
  return n;
}

}  // namespace

bool ParseTextProto(const Source& src, pb::Message* msg, DiagnosticSink& sink, Node* tree,
                    const Limits& limits) {
  if (!CheckSize(src, sink, limits) || !CheckUtf8(src, sink) || !CheckBracketDepth(src, sink, limits))
    return false;
  // With google.protobuf.Empty as the schema every field is unknown: check syntax only.
  bool empty_schema = msg->GetDescriptor()->full_name() == "google.protobuf.Empty";
  SinkErrorCollector errors(src, sink, !empty_schema);
  pb::TextFormat::Parser parser;
  parser.RecordErrorsTo(&errors);
  pb::TextFormat::ParseInfoTree info;
  parser.WriteLocationsTo(&info);
  if (empty_schema) {
    parser.AllowUnknownField(true);
    parser.AllowUnknownExtension(true);
  }
  bool ok = parser.ParseFromString(src.text(), msg) && errors.errors == 0;
  if (ok && tree) *tree = MessageToNode(*msg, &info, src, {0, static_cast<uint32_t>(src.text().size())}, 0);
  return ok;
}

bool NodeToMessage(const Node& node, pb::Message* msg, DiagnosticSink& sink) {
  std::string json;
  try {
    json = node.ToOrderedJson().dump();
  } catch (const nlohmann::json::exception&) {  // invalid UTF-8 in a string (yaml-cpp / textproto)
    sink.Error("DOC005", node.range(), "does not convert to " + msg->GetDescriptor()->full_name() +
                                           ": a string is not valid UTF-8; fix the text's encoding");
    return false;
  }
  return JsonTextToMessage(json, msg, node.range(), sink);
}

bool JsonTextToMessage(const std::string& json, pb::Message* msg, SourceRange at, DiagnosticSink& sink) {
  pb::util::JsonParseOptions opts;
  opts.ignore_unknown_fields = false;
  const std::string type = msg->GetDescriptor()->full_name();
  try {
    auto status = pb::util::JsonStringToMessage(json, msg, opts);
    if (status.ok()) return true;
    sink.Error("DOC005", at, "does not convert to " + type + ": " + std::string(status.message()) +
                                 "; use the proto3 JSON field names of that message");
  }
#if PROTOBUF_USE_EXCEPTIONS
  catch (const pb::FatalException& e) {
    // Debian's libprotobuf 3.21 keeps its debug checks, and its JSON converter trips one instead
    // of returning an error on some inputs, e.g. an Any of a well-known type (StringValue,
    // Struct, ...) with a field beside `value`: GOOGLE_DCHECK(!done_) in ProtoWriter::WriteRootMessage
    // (src/google/protobuf/util/internal/proto_writer.cc), which throws FatalException. Found by
    // matcher_fuzzer. (Built with NDEBUG, as our WebAssembly dependencies are, it returns an error.)
    sink.Error("DOC005", at, "does not convert to " + type + ": protobuf's JSON parser stopped on an internal check (" +
                                 ValidUtf8(e.message()) + "); an Any holding a well-known type such as "
                                 "google.protobuf.StringValue takes only \"@type\" and \"value\": remove the other fields");
  }
#endif
  return false;
}

TextProtoHeader ReadTextProtoHeader(const Source& src) {
  TextProtoHeader h;
  const std::string& t = src.text();
  size_t i = 0;
  while (i < t.size()) {
    size_t eol = t.find('\n', i);
    if (eol == std::string::npos) eol = t.size();
    std::string_view line(t.data() + i, eol - i);
    size_t a = line.find_first_not_of(" \t\r");
    if (a != std::string_view::npos) {
      if (line[a] != '#') break;  // the first field: the header is over
      size_t b = line.find_first_not_of(" \t", a + 1);
      for (const char* key : {"proto-file:", "proto-message:"}) {
        std::string_view k(key);
        if (b == std::string_view::npos || line.substr(b, k.size()) != k) continue;
        size_t v = line.find_first_not_of(" \t", b + k.size());
        if (v == std::string_view::npos) continue;
        size_t e = line.find_first_of(" \t\r#", v);
        if (e == std::string_view::npos) e = line.size();
        SourceRange r{static_cast<uint32_t>(i + v), static_cast<uint32_t>(i + e)};
        std::string value(line.substr(v, e - v));
        if (k == "proto-file:" && h.file.empty()) {
          h.file = value;
          h.file_range = r;
        } else if (k == "proto-message:" && h.message.empty()) {
          h.message = value;
          h.message_range = r;
        }
      }
    }
    i = eol + 1;
  }
  return h;
}

namespace {

bool IsKubernetesList(const Node& n) {
  if (!n.is_map()) return false;
  const Node* kind = n.Get("kind");
  if (!kind || !kind->is_string()) return false;
  const std::string& k = kind->text();
  if (k == "List") return true;  // kubectl get ... -o yaml (apiVersion v1)
  // The API server's typed lists (MeshTimeoutList): only with their items.
  return k.size() > 4 && EndsWith(k, "List") && n.Get("items") && n.Get("apiVersion");
}

void ExpandList(const Node& list, DiagnosticSink& sink, std::vector<Node>* out, int depth, size_t* count) {
  ++*count;
  const Node* items = list.Get("items");
  // "items[3]"; a List inside an item: "items[3].items[0]".
  DiagnosticSink::ScopedField at(&sink, ".items", DiagnosticSink::Lead::kField);
  if (!items || !(items->is_seq() || items->is_null())) {
    sink.Error("DOC015", items ? items->range() : list.Get("kind")->range(),
               std::string("a Kubernetes 'kind: ") + list.Get("kind")->text() + "' needs 'items', a list of objects" +
                   (items ? std::string(", not a ") + items->kind_name() : std::string(" (it has none)")) +
                   "; write `items:` followed by `- apiVersion: ...` entries, or give the objects as a "
                   "multi-document stream separated by ---");
    return;
  }
  if (items->is_null()) return;
  size_t i = 0;
  for (const Node& item : items->items()) {
    DiagnosticSink::ScopedField index(&sink, "[" + std::to_string(i++) + "]");
    if (!item.is_map()) {
      sink.Error("DOC016", item.range(),
                 std::string("an item of a Kubernetes List must be an object (a map with apiVersion and kind), not a ") +
                     item.kind_name() + "; remove it or indent it as a map");
      continue;
    }
    if (IsKubernetesList(item) && depth < 8) {
      ExpandList(item, sink, out, depth + 1, count);
      continue;
    }
    out->push_back(item);
  }
}

}  // namespace

size_t ExpandKubernetesLists(Document* d) {
  if (d->format != Format::kYaml && d->format != Format::kJson) return 0;
  bool any = false;
  for (const Node& r : d->roots) any |= IsKubernetesList(r);
  if (!any) return 0;
  DiagnosticSink sink(d->source.get());
  std::vector<Node> roots;
  size_t count = 0;
  for (Node& r : d->roots) {
    if (IsKubernetesList(r)) {
      ExpandList(r, sink, &roots, 0, &count);
    } else {
      roots.push_back(std::move(r));
    }
  }
  d->roots = std::move(roots);
  d->diagnostics.insert(d->diagnostics.end(), sink.list().begin(), sink.list().end());
  return count;
}

Document LoadDocumentAs(Format format, std::string name, std::string text, const Limits& limits) {
  Document d;
  d.format = format;
  auto src = std::make_shared<Source>(std::move(name), std::move(text));
  d.source = src;
  DiagnosticSink sink(src.get());
  switch (format) {
    case Format::kYaml: d.roots = ParseYaml(*src, sink, limits); break;
    case Format::kJson: d.roots = ParseJson(*src, sink, limits); break;
    case Format::kTextProto: {
      pb::Empty any_message;  // syntax only: every field is unknown to Empty
      ParseTextProto(*src, &any_message, sink, nullptr, limits);
      break;
    }
    case Format::kText: CheckSize(*src, sink, limits); break;
  }
  d.diagnostics = std::move(sink.list());
  return d;
}

Document LoadDocument(std::string name, std::string text, const Limits& limits) {
  Format f = DetectFormat(name, text);
  return LoadDocumentAs(f, std::move(name), std::move(text), limits);
}

}  // namespace cfgi::doc
