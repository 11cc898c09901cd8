#include "core/doc/json.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include <nlohmann/json.hpp>

namespace cfgi::doc {


namespace {

bool Ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Walks JSON that nlohmann accepted (or a prefix of it) and builds the Node tree with ranges.
// Defensive: any surprise returns false, never reads past the end.
class Walker {
 public:
  Walker(std::string_view t, int max_depth) : t_(t), max_depth_(max_depth) {}
  bool Value(Node& out, int depth) {
    SkipWs();
    if (p_ >= t_.size() || depth > max_depth_) return false;
    uint32_t b = static_cast<uint32_t>(p_);
    char c = t_[p_];
    if (c == '{') {
      out = Node::Map({b, b + 1});
      ++p_;
      SkipWs();
      if (p_ < t_.size() && t_[p_] == '}') {
        ++p_;
        out.set_range({b, static_cast<uint32_t>(p_)});
        return true;
      }
      while (true) {
        SkipWs();
        std::string key;
        SourceRange kr;
        if (!String(key, kr)) return false;
        for (const auto& e : out.entries())
          if (e.key == key) {
            dup_ranges.push_back(kr);
            dup_names.push_back(key);
            break;
          }
        SkipWs();
        if (p_ >= t_.size() || t_[p_] != ':') return false;
        ++p_;
        Node v;
        if (!Value(v, depth + 1)) return false;
        out.Put(key, kr, std::move(v));
        SkipWs();
        if (p_ >= t_.size()) return false;
        if (t_[p_] == ',') { ++p_; continue; }
        if (t_[p_] == '}') { ++p_; break; }
        return false;
      }
      out.set_range({b, static_cast<uint32_t>(p_)});
      return true;
    }
    if (c == '[') {
      out = Node::Seq({b, b + 1});
      ++p_;
      SkipWs();
      if (p_ < t_.size() && t_[p_] == ']') {
        ++p_;
        out.set_range({b, static_cast<uint32_t>(p_)});
        return true;
      }
      while (true) {
        Node v;
        if (!Value(v, depth + 1)) return false;
        out.Push(std::move(v));
        SkipWs();
        if (p_ >= t_.size()) return false;
        if (t_[p_] == ',') { ++p_; continue; }
        if (t_[p_] == ']') { ++p_; break; }
        return false;
      }
      out.set_range({b, static_cast<uint32_t>(p_)});
      return true;
    }
    if (c == '"') {
      std::string s;
      SourceRange r;
      if (!String(s, r)) return false;
      out = Node::Scalar(Node::Kind::kString, std::move(s), r);
      return true;
    }
    for (const char* lit : {"true", "false", "null"}) {
      std::string_view l(lit);
      if (t_.substr(p_, l.size()) == l) {
        p_ += l.size();
        out = Node::Scalar(l == "null" ? Node::Kind::kNull : Node::Kind::kBool, l == "null" ? "" : std::string(l),
                           {b, static_cast<uint32_t>(p_)});
        return true;
      }
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
      bool fractional = false;
      while (p_ < t_.size()) {
        char d = t_[p_];
        if ((d >= '0' && d <= '9') || d == '-' || d == '+') { ++p_; continue; }
        if (d == '.' || d == 'e' || d == 'E') { fractional = true; ++p_; continue; }
        break;
      }
      out = Node::Scalar(fractional ? Node::Kind::kDouble : Node::Kind::kInt, std::string(t_.substr(b, p_ - b)),
                         {b, static_cast<uint32_t>(p_)});
      return true;
    }
    return false;
  }
  void SkipWs() {
    while (p_ < t_.size() && Ws(t_[p_])) ++p_;
  }
  size_t pos() const { return p_; }
  std::vector<SourceRange> dup_ranges;
  std::vector<std::string> dup_names;

 private:
  bool String(std::string& out, SourceRange& r) {
    if (p_ >= t_.size() || t_[p_] != '"') return false;
    size_t b = p_++;
    bool escaped = false;
    while (p_ < t_.size() && t_[p_] != '"') {
      if (t_[p_] == '\\') {
        escaped = true;
        ++p_;
      }
      ++p_;
    }
    if (p_ >= t_.size()) return false;
    ++p_;
    r = {static_cast<uint32_t>(b), static_cast<uint32_t>(p_)};
    std::string_view tok = t_.substr(b, p_ - b);
    if (!escaped) {
      out.assign(tok.substr(1, tok.size() - 2));
      return true;
    }
    try {  // nlohmann decodes the escapes (\uXXXX, surrogate pairs)
      out = nlohmann::json::parse(tok).get<std::string>();
    } catch (const std::exception&) {
      return false;
    }
    return true;
  }
  std::string_view t_;
  size_t p_ = 0;
  int max_depth_;
};

// Depth of [ and { outside strings; stops counting at the limit.
bool TooDeep(std::string_view t, int max_depth, uint32_t* at) {
  int depth = 0;
  bool in_str = false;
  for (size_t i = 0; i < t.size(); ++i) {
    char c = t[i];
    if (in_str) {
      if (c == '\\') ++i;
      else if (c == '"') in_str = false;
      continue;
    }
    if (c == '"') in_str = true;
    else if (c == '[' || c == '{') {
      if (++depth > max_depth) {
        *at = static_cast<uint32_t>(i);
        return true;
      }
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return false;
}

// nlohmann's error position (1-based byte of the character it could not use) as a 0-based
// offset, and its reason without the "[json.exception.parse_error.101] parse error at ..." head.
void FromNlohmann(const nlohmann::json::parse_error& e, std::string_view t, JsonParse& out) {
  uint32_t off = e.byte > 0 ? static_cast<uint32_t>(e.byte - 1) : 0;
  if (off > t.size()) off = static_cast<uint32_t>(t.size());
  std::string what = e.what();
  size_t cut = what.find(": ", what.find("parse error"));
  out.message = cut != std::string::npos ? what.substr(cut + 2) : what;
  // nlohmann reports the end of a bad token; point at the token's first byte.
  size_t q = off;
  if (q < t.size() && q > 0 && t[q] != '\'' ) {
    while (q > 0 && std::isalnum(static_cast<unsigned char>(t[q])) && std::isalnum(static_cast<unsigned char>(t[q - 1]))) --q;
  }
  out.error_offset = static_cast<uint32_t>(q);
  out.error = JsonParse::Error::kSyntax;
  // The first byte that is not JSON: a single quote where a string or key should start.
  for (size_t i = 0; i < t.size() && i <= off; ++i) {
    if (t[i] == '"') {  // skip double-quoted strings
      for (++i; i < t.size() && t[i] != '"'; ++i)
        if (t[i] == '\\') ++i;
      continue;
    }
    if (t[i] == '\'') {
      out.error = JsonParse::Error::kSingleQuote;
      out.error_offset = static_cast<uint32_t>(i);
      break;
    }
  }
}

// Fills `out` with why nlohmann rejects `t`: its parse_error position, or, for a number that
// overflows a double (out_of_range 406, which has no position), the offending number.
void Explain(std::string_view t, std::string_view full, JsonParse& out) {
  try {
    nlohmann::json unused = nlohmann::json::parse(t);
    (void)unused;
    out.error = JsonParse::Error::kSyntax;
    out.message = "not JSON";
  } catch (const nlohmann::json::parse_error& e) {
    FromNlohmann(e, full, out);
  } catch (const nlohmann::json::exception& e) {
    out.error = JsonParse::Error::kSyntax;
    out.message = "a number is too large for a double";
    out.error_offset = 0;
    for (size_t i = 0; i < t.size(); ++i) {
      if (t[i] == '"') {
        for (++i; i < t.size() && t[i] != '"'; ++i)
          if (t[i] == '\\') ++i;
        continue;
      }
      if ((t[i] >= '0' && t[i] <= '9') || t[i] == '-') {
        size_t j = i;
        while (j < t.size() && std::strchr("0123456789+-.eE", t[j])) ++j;
        std::string num(t.substr(i, j - i));
        errno = 0;
        double d = std::strtod(num.c_str(), nullptr);
        if (errno == ERANGE || std::isinf(d)) {
          out.error_offset = static_cast<uint32_t>(i);
          out.message = "number " + num + " is too large for a double";
          break;
        }
        i = j;
      }
    }
  }
}

}  // namespace

std::optional<Node> JsonPositions(std::string_view text, int max_depth) {
  Walker w(text, max_depth);
  Node root;
  if (!w.Value(root, 0)) return std::nullopt;
  return root;
}

JsonParse ParseJsonPositions(std::string_view text, int max_depth) {
  JsonParse out;
  size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) {
    out.error = JsonParse::Error::kEmpty;
    out.message = "the attribute value is empty";
    out.error_offset = static_cast<uint32_t>(text.size());
    return out;
  }
  uint32_t deep_at = 0;
  if (TooDeep(text, max_depth, &deep_at)) {
    out.error = JsonParse::Error::kTooDeep;
    out.message = "nesting deeper than " + std::to_string(max_depth) + " levels";
    out.error_offset = deep_at;
    return out;
  }
  Walker w(text, max_depth);
  Node root;
  bool walked = w.Value(root, 0);
  size_t end = w.pos();
  w.SkipWs();
  bool trailing = walked && w.pos() < text.size();
  // accept() validates without building a DOM; parse() again only to learn where it failed.
  std::string_view checked = trailing ? text.substr(0, end) : text;
  if (!nlohmann::json::accept(checked)) {
    if (trailing && !nlohmann::json::accept(text)) checked = text;  // report on the whole text
    Explain(checked, text, out);
    return out;
  }
  if (!walked) {  // nlohmann accepted what the walker did not: should not happen; say where
    out.error = JsonParse::Error::kSyntax;
    out.message = "unexpected text";
    out.error_offset = static_cast<uint32_t>(w.pos());
    return out;
  }
  out.root = std::move(root);
  out.value_end = static_cast<uint32_t>(end);
  out.duplicate_keys = std::move(w.dup_ranges);
  out.duplicate_names = std::move(w.dup_names);
  if (trailing) {
    out.error = JsonParse::Error::kTrailing;
    out.error_offset = static_cast<uint32_t>(w.pos());
    out.message = "text after the JSON value";
  }
  return out;
}

}  // namespace cfgi::doc
