// CEL text -> AST. The grammar is cel-spec doc/langdef.md "Syntax" (precedence from lowest:
// ?:, ||, &&, relations and `in`, + -, * / %, unary ! -, member access / index / call);
// literals and escapes as in its "Literals" table. Macros: has() becomes a test-only select;
// the comprehension macros (all, exists, exists_one, map, filter) are rejected, as A106 and
// Envoy's evaluator.cc disable comprehensions.
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <algorithm>

#include "cel/expr/syntax.pb.h"
#include "core/cel/cel.h"

namespace cfgi::cel {
namespace {

enum class Tok {
  kEnd, kIdent, kInt, kUint, kDouble, kString, kBytes, kTrue, kFalse, kNull,
  kLParen, kRParen, kLBracket, kRBracket, kLBrace, kRBrace, kDot, kComma, kColon, kQuestion,
  kPlus, kMinus, kStar, kSlash, kPercent, kBang, kEq, kNe, kLt, kLe, kGt, kGe, kAnd, kOr, kIn,
  kError
};

struct Token {
  Tok kind = Tok::kEnd;
  uint32_t begin = 0, end = 0;
  std::string text;  // identifier, decoded string / bytes
  int64_t i = 0;
  uint64_t u = 0;
  double d = 0;
};

bool IsIdentStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsHex(char c) { return IsDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
int HexVal(char c) { return IsDigit(c) ? c - '0' : (c | 0x20) - 'a' + 10; }

void AppendUtf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

class Lexer {
 public:
  Lexer(std::string_view t, std::vector<Error>& errors) : t_(t), errors_(errors) {}

  Token Next() {
    SkipSpace();
    Token k;
    k.begin = static_cast<uint32_t>(p_);
    if (p_ >= t_.size()) {
      k.kind = Tok::kEnd;
      k.end = k.begin;
      return k;
    }
    char c = t_[p_];
    auto one = [&](Tok kind, size_t n = 1) {
      p_ += n;
      k.kind = kind;
      k.end = static_cast<uint32_t>(p_);
      return k;
    };
    auto peek = [&](size_t o) { return p_ + o < t_.size() ? t_[p_ + o] : '\0'; };
    // String and bytes literals, with the r / b prefixes in either order.
    if (c == '"' || c == '\'' ||
        ((c == 'r' || c == 'R' || c == 'b' || c == 'B') && (peek(1) == '"' || peek(1) == '\'')) ||
        ((c == 'r' || c == 'R' || c == 'b' || c == 'B') && (peek(1) == 'r' || peek(1) == 'R' || peek(1) == 'b' || peek(1) == 'B') &&
         (peek(2) == '"' || peek(2) == '\''))) {
      bool raw = false, bytes = false;
      while (t_[p_] != '"' && t_[p_] != '\'') {
        char m = t_[p_] | 0x20;
        if (m == 'r') raw = true;
        if (m == 'b') bytes = true;
        ++p_;
      }
      return Quoted(k, raw, bytes);
    }
    if (IsIdentStart(c)) {
      while (p_ < t_.size() && (IsIdentStart(t_[p_]) || IsDigit(t_[p_]))) ++p_;
      k.text = std::string(t_.substr(k.begin, p_ - k.begin));
      k.end = static_cast<uint32_t>(p_);
      k.kind = k.text == "true" ? Tok::kTrue : k.text == "false" ? Tok::kFalse : k.text == "null" ? Tok::kNull
               : k.text == "in" ? Tok::kIn : Tok::kIdent;
      return k;
    }
    if (IsDigit(c) || (c == '.' && IsDigit(peek(1)))) return Number(k);
    switch (c) {
      case '(': return one(Tok::kLParen);
      case ')': return one(Tok::kRParen);
      case '[': return one(Tok::kLBracket);
      case ']': return one(Tok::kRBracket);
      case '{': return one(Tok::kLBrace);
      case '}': return one(Tok::kRBrace);
      case '.': return one(Tok::kDot);
      case ',': return one(Tok::kComma);
      case ':': return one(Tok::kColon);
      case '?': return one(Tok::kQuestion);
      case '+': return one(Tok::kPlus);
      case '-': return one(Tok::kMinus);
      case '*': return one(Tok::kStar);
      case '/': return one(Tok::kSlash);
      case '%': return one(Tok::kPercent);
      case '!': return peek(1) == '=' ? one(Tok::kNe, 2) : one(Tok::kBang);
      case '=':
        if (peek(1) == '=') return one(Tok::kEq, 2);
        break;
      case '<': return peek(1) == '=' ? one(Tok::kLe, 2) : one(Tok::kLt);
      case '>': return peek(1) == '=' ? one(Tok::kGe, 2) : one(Tok::kGt);
      case '&':
        if (peek(1) == '&') return one(Tok::kAnd, 2);
        break;
      case '|':
        if (peek(1) == '|') return one(Tok::kOr, 2);
        break;
    }
    ++p_;
    k.kind = Tok::kError;
    k.end = static_cast<uint32_t>(p_);
    std::string shown = c == '=' ? "'=' (assignment)" : "'" + std::string(1, c) + "'";
    Err(k.begin, k.end, "unexpected character " + shown +
                            (c == '=' ? "; compare with '=='" : c == '&' ? "; use '&&'" : c == '|' ? "; use '||'" : "; remove it"));
    return k;
  }

  size_t pos() const { return p_; }

 private:
  void Err(uint32_t b, uint32_t e, std::string m) { errors_.push_back({"CEL001", std::move(m), b, e}); }

  void SkipSpace() {
    while (p_ < t_.size()) {
      char c = t_[p_];
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
        ++p_;
      } else if (c == '/' && p_ + 1 < t_.size() && t_[p_ + 1] == '/') {
        while (p_ < t_.size() && t_[p_] != '\n') ++p_;
      } else {
        break;
      }
    }
  }

  Token Number(Token k) {
    size_t start = p_;
    bool is_double = false;
    if (t_[p_] == '0' && p_ + 1 < t_.size() && (t_[p_ + 1] == 'x' || t_[p_ + 1] == 'X')) {
      p_ += 2;
      size_t ds = p_;
      while (p_ < t_.size() && IsHex(t_[p_])) ++p_;
      std::string digits(t_.substr(ds, p_ - ds));
      bool is_uint = p_ < t_.size() && (t_[p_] == 'u' || t_[p_] == 'U');
      if (is_uint) ++p_;
      k.end = static_cast<uint32_t>(p_);
      errno = 0;
      unsigned long long v = digits.empty() ? 0 : std::strtoull(digits.c_str(), nullptr, 16);
      if (digits.empty() || errno == ERANGE || (!is_uint && v > static_cast<unsigned long long>(INT64_MAX))) {
        Err(k.begin, k.end, "integer literal out of range or malformed; int is 64-bit signed");
        k.kind = Tok::kError;
        return k;
      }
      k.kind = is_uint ? Tok::kUint : Tok::kInt;
      k.u = v;
      k.i = static_cast<int64_t>(v);
      return k;
    }
    while (p_ < t_.size() && IsDigit(t_[p_])) ++p_;
    if (p_ < t_.size() && t_[p_] == '.' && p_ + 1 < t_.size() && IsDigit(t_[p_ + 1])) {
      is_double = true;
      ++p_;
      while (p_ < t_.size() && IsDigit(t_[p_])) ++p_;
    }
    if (p_ < t_.size() && (t_[p_] == 'e' || t_[p_] == 'E')) {
      size_t save = p_;
      ++p_;
      if (p_ < t_.size() && (t_[p_] == '+' || t_[p_] == '-')) ++p_;
      if (p_ < t_.size() && IsDigit(t_[p_])) {
        is_double = true;
        while (p_ < t_.size() && IsDigit(t_[p_])) ++p_;
      } else {
        p_ = save;
      }
    }
    std::string lit(t_.substr(start, p_ - start));
    if (is_double) {
      k.kind = Tok::kDouble;
      k.d = std::strtod(lit.c_str(), nullptr);
      k.end = static_cast<uint32_t>(p_);
      return k;
    }
    bool is_uint = p_ < t_.size() && (t_[p_] == 'u' || t_[p_] == 'U');
    if (is_uint) ++p_;
    k.end = static_cast<uint32_t>(p_);
    errno = 0;
    unsigned long long v = std::strtoull(lit.c_str(), nullptr, 10);
    // INT64_MIN's magnitude is allowed here; the parser folds '-' into it.
    if (errno == ERANGE || (!is_uint && v > static_cast<unsigned long long>(INT64_MAX) + 1ull)) {
      Err(k.begin, k.end, "integer literal " + lit + " is out of range; int is 64-bit signed, uint 64-bit unsigned");
      k.kind = Tok::kError;
      return k;
    }
    k.kind = is_uint ? Tok::kUint : Tok::kInt;
    k.u = v;
    k.i = static_cast<int64_t>(v);
    return k;
  }

  Token Quoted(Token k, bool raw, bool bytes) {
    char q = t_[p_];
    bool triple = p_ + 2 < t_.size() && t_[p_ + 1] == q && t_[p_ + 2] == q;
    p_ += triple ? 3 : 1;
    std::string out;
    for (;;) {
      if (p_ >= t_.size()) {
        k.kind = Tok::kError;
        k.end = static_cast<uint32_t>(p_);
        Err(k.begin, k.end, std::string("unterminated string literal; close it with ") + (triple ? std::string(3, q) : std::string(1, q)));
        return k;
      }
      char c = t_[p_];
      if (!triple && (c == '\n' || c == '\r')) {
        k.kind = Tok::kError;
        k.end = static_cast<uint32_t>(p_);
        Err(k.begin, k.end, "newline in a string literal; use \\n or a triple-quoted string");
        return k;
      }
      if (c == q && (!triple || (p_ + 2 < t_.size() && t_[p_ + 1] == q && t_[p_ + 2] == q))) {
        p_ += triple ? 3 : 1;
        break;
      }
      if (c == '\\' && !raw) {
        uint32_t esc_at = static_cast<uint32_t>(p_);
        ++p_;
        if (p_ >= t_.size()) continue;
        char e = t_[p_++];
        switch (e) {
          case '\\': out += '\\'; break;
          case '"': out += '"'; break;
          case '\'': out += '\''; break;
          case '`': out += '`'; break;
          case '?': out += '?'; break;
          case 'a': out += '\a'; break;
          case 'b': out += '\b'; break;
          case 'f': out += '\f'; break;
          case 'n': out += '\n'; break;
          case 'r': out += '\r'; break;
          case 't': out += '\t'; break;
          case 'v': out += '\v'; break;
          case 'x': case 'X': case 'u': case 'U': {
            int n = (e == 'x' || e == 'X') ? 2 : e == 'u' ? 4 : 8;
            uint32_t cp = 0;
            int got = 0;
            while (got < n && p_ < t_.size() && IsHex(t_[p_])) cp = cp * 16 + HexVal(t_[p_++]), ++got;
            if (got != n || (n > 2 && (cp > 0x10FFFF || (cp >= 0xD800 && cp < 0xE000)))) {
              Err(esc_at, static_cast<uint32_t>(p_), "invalid escape \\" + std::string(1, e) + "; it needs " + std::to_string(n) + " hex digits of a valid code point");
              break;
            }
            if (n == 2 && bytes) out += static_cast<char>(cp);
            else AppendUtf8(out, cp);
            break;
          }
          default:
            if (e >= '0' && e <= '3' && p_ + 1 < t_.size() && t_[p_] >= '0' && t_[p_] <= '7' && t_[p_ + 1] >= '0' && t_[p_ + 1] <= '7') {
              uint32_t cp = (e - '0') * 64 + (t_[p_] - '0') * 8 + (t_[p_ + 1] - '0');
              p_ += 2;
              if (bytes) out += static_cast<char>(cp);
              else AppendUtf8(out, cp);
            } else {
              Err(esc_at, static_cast<uint32_t>(p_), "invalid escape sequence \\" + std::string(1, e) + "; write \\\\ for a backslash");
            }
        }
        continue;
      }
      out += c;
      ++p_;
    }
    k.kind = bytes ? Tok::kBytes : Tok::kString;
    k.text = std::move(out);
    k.end = static_cast<uint32_t>(p_);
    return k;
  }

  std::string_view t_;
  size_t p_ = 0;
  std::vector<Error>& errors_;
};

class Parser {
 public:
  Parser(std::string_view t, std::vector<Error>& errors, const Limits& limits)
      : lex_(t, errors), errors_(errors), limits_(limits), text_(t) {
    Advance();
  }

  Expr ParseAll() {
    Expr e = ParseExpr();
    if (tok_.kind != Tok::kEnd && !failed_) Fail(tok_, "unexpected " + Describe(tok_) + " after the expression; remove it or join with && / ||");
    return e;
  }

 private:
  struct DepthGuard {
    Parser* p;
    explicit DepthGuard(Parser* parser) : p(parser) { ++p->depth_; }
    ~DepthGuard() { --p->depth_; }
  };

  void Advance() {
    tok_ = lex_.Next();
    while (tok_.kind == Tok::kError) {
      failed_ = true;
      tok_ = lex_.Next();
    }
  }

  std::string Describe(const Token& t) const {
    if (t.kind == Tok::kEnd) return "end of expression";
    return "'" + std::string(text_.substr(t.begin, t.end - t.begin)) + "'";
  }

  void Fail(const Token& t, std::string m) {
    if (!failed_) errors_.push_back({"CEL001", std::move(m), t.begin, std::max(t.end, t.begin + 1)});
    failed_ = true;
  }

  bool Expect(Tok k, const char* what) {
    if (tok_.kind == k) {
      Advance();
      return true;
    }
    Fail(tok_, std::string("expected ") + what + " but found " + Describe(tok_));
    return false;
  }

  Expr Node(Expr::Kind k, uint32_t b, uint32_t e) {
    if (++nodes_ > limits_.max_nodes && !size_reported_) {
      size_reported_ = true;
      errors_.push_back({"CEL006", "the expression has more than " + std::to_string(limits_.max_nodes) +
                                       " nodes; split it into several matchers", b, e});
      failed_ = true;
    }
    Expr x;
    x.kind = k;
    x.begin = b;
    x.end = e;
    return x;
  }

  Expr Call(std::string fn, std::vector<Expr> args, uint32_t b, uint32_t e) {
    Expr x = Node(Expr::Kind::kCall, b, e);
    x.s = std::move(fn);
    x.children = std::move(args);
    return x;
  }

  Expr ParseExpr() {
    DepthGuard g(this);
    if (depth_ > limits_.max_depth) {
      if (!depth_reported_) {
        depth_reported_ = true;
        errors_.push_back({"CEL006", "the expression nests deeper than " + std::to_string(limits_.max_depth) +
                                         " levels; flatten it", tok_.begin, std::max(tok_.end, tok_.begin + 1)});
      }
      failed_ = true;
      // Skip to the end: nothing more can be trusted.
      while (tok_.kind != Tok::kEnd) Advance();
      return Node(Expr::Kind::kConst, tok_.begin, tok_.end);
    }
    Expr c = ParseOr();
    if (tok_.kind == Tok::kQuestion) {
      Advance();
      Expr a = ParseOr();
      Expect(Tok::kColon, "':' of the conditional");
      Expr b = ParseExpr();
      uint32_t begin = c.begin, end = b.end;
      return Call("_?_:_", {std::move(c), std::move(a), std::move(b)}, begin, end);
    }
    return c;
  }

  Expr ParseOr() {
    Expr l = ParseAnd();
    while (tok_.kind == Tok::kOr && !failed_) {
      Advance();
      Expr r = ParseAnd();
      uint32_t b = l.begin, e = r.end;
      l = Call("_||_", {std::move(l), std::move(r)}, b, e);
    }
    return l;
  }

  Expr ParseAnd() {
    Expr l = ParseRelation();
    while (tok_.kind == Tok::kAnd && !failed_) {
      Advance();
      Expr r = ParseRelation();
      uint32_t b = l.begin, e = r.end;
      l = Call("_&&_", {std::move(l), std::move(r)}, b, e);
    }
    return l;
  }

  Expr ParseRelation() {
    Expr l = ParseAddition();
    for (;;) {
      const char* fn = nullptr;
      switch (tok_.kind) {
        case Tok::kEq: fn = "_==_"; break;
        case Tok::kNe: fn = "_!=_"; break;
        case Tok::kLt: fn = "_<_"; break;
        case Tok::kLe: fn = "_<=_"; break;
        case Tok::kGt: fn = "_>_"; break;
        case Tok::kGe: fn = "_>=_"; break;
        case Tok::kIn: fn = "@in"; break;
        default: break;
      }
      if (!fn || failed_) return l;
      Advance();
      Expr r = ParseAddition();
      uint32_t b = l.begin, e = r.end;
      l = Call(fn, {std::move(l), std::move(r)}, b, e);
    }
  }

  Expr ParseAddition() {
    Expr l = ParseMultiplication();
    while ((tok_.kind == Tok::kPlus || tok_.kind == Tok::kMinus) && !failed_) {
      const char* fn = tok_.kind == Tok::kPlus ? "_+_" : "_-_";
      Advance();
      Expr r = ParseMultiplication();
      uint32_t b = l.begin, e = r.end;
      l = Call(fn, {std::move(l), std::move(r)}, b, e);
    }
    return l;
  }

  Expr ParseMultiplication() {
    Expr l = ParseUnary();
    while ((tok_.kind == Tok::kStar || tok_.kind == Tok::kSlash || tok_.kind == Tok::kPercent) && !failed_) {
      const char* fn = tok_.kind == Tok::kStar ? "_*_" : tok_.kind == Tok::kSlash ? "_/_" : "_%_";
      Advance();
      Expr r = ParseUnary();
      uint32_t b = l.begin, e = r.end;
      l = Call(fn, {std::move(l), std::move(r)}, b, e);
    }
    return l;
  }

  Expr ParseUnary() {
    if (tok_.kind == Tok::kBang || tok_.kind == Tok::kMinus) {
      DepthGuard g(this);
      if (depth_ > limits_.max_depth) return ParseExpr();  // reports CEL006
      return ParseUnaryOp();
    }
    return ParseMember();
  }

  Expr ParseUnaryOp() {
    if (tok_.kind == Tok::kBang) {
      uint32_t b = tok_.begin;
      Advance();
      Expr x = ParseUnary();
      uint32_t e = x.end;
      return Call("!_", {std::move(x)}, b, e);
    }
    if (tok_.kind == Tok::kMinus) {
      uint32_t b = tok_.begin;
      Advance();
      // Fold a negative int literal (so -9223372036854775808 is representable).
      if (tok_.kind == Tok::kInt) {
        Token t = tok_;
        Advance();
        if (t.u > static_cast<uint64_t>(INT64_MAX) + 1ull) {
          Fail(t, "integer literal out of range");
        }
        Expr c = Node(Expr::Kind::kConst, b, t.end);
        c.const_kind = Expr::ConstKind::kInt;
        c.i = t.u == static_cast<uint64_t>(INT64_MAX) + 1ull ? INT64_MIN : -static_cast<int64_t>(t.u);
        return ParseMemberSuffix(std::move(c));
      }
      Expr x = ParseUnary();
      uint32_t e = x.end;
      return Call("-_", {std::move(x)}, b, e);
    }
    return ParseMember();
  }

  std::vector<Expr> ParseArgs(Tok close, const char* what) {
    std::vector<Expr> args;
    if (tok_.kind == close) {
      Advance();
      return args;
    }
    for (;;) {
      args.push_back(ParseExpr());
      if (failed_) return args;
      if (tok_.kind == Tok::kComma) {
        Advance();
        if (tok_.kind == close) break;  // trailing comma
        continue;
      }
      break;
    }
    Expect(close, what);
    return args;
  }

  Expr ParseMember() { return ParseMemberSuffix(ParsePrimary()); }

  Expr ParseMemberSuffix(Expr e) {
    while (!failed_) {
      if (tok_.kind == Tok::kDot) {
        Advance();
        if (tok_.kind != Tok::kIdent) {
          Fail(tok_, "expected a field or method name after '.' but found " + Describe(tok_));
          return e;
        }
        Token name = tok_;
        Advance();
        if (tok_.kind == Tok::kLParen) {
          Advance();
          std::vector<Expr> args = ParseArgs(Tok::kRParen, "')' to close the call");
          uint32_t end = static_cast<uint32_t>(lex_.pos());
          end = args.empty() ? name.end + 2 : std::max(args.back().end + 1, name.end);
          if (IsComprehension(name.text, args)) {
            errors_.push_back({"CEL002", "the macro " + name.text + "() is a comprehension, and comprehensions are disabled "
                                         "in gRPC and Envoy (enable_comprehension = false); test the elements explicitly",
                               name.begin, name.end});
            failed_ = true;
            return e;
          }
          uint32_t b = e.begin;
          std::vector<Expr> all;
          all.push_back(std::move(e));
          for (auto& a : args) all.push_back(std::move(a));
          Expr c = Call(name.text, std::move(all), b, end);
          c.has_target = true;
          e = std::move(c);
        } else {
          uint32_t b = e.begin;
          Expr s = Node(Expr::Kind::kSelect, b, name.end);
          s.s = name.text;
          s.children.push_back(std::move(e));
          e = std::move(s);
        }
      } else if (tok_.kind == Tok::kLBracket) {
        Advance();
        Expr idx = ParseExpr();
        uint32_t end = tok_.end;
        Expect(Tok::kRBracket, "']' to close the index");
        uint32_t b = e.begin;
        e = Call("_[_]", {std::move(e), std::move(idx)}, b, end);
      } else {
        return e;
      }
    }
    return e;
  }

  static bool IsComprehension(const std::string& name, const std::vector<Expr>& args) {
    if (name == "all" || name == "exists" || name == "exists_one" || name == "filter")
      return args.size() == 2 && args[0].kind == Expr::Kind::kIdent;
    if (name == "map") return (args.size() == 2 || args.size() == 3) && args[0].kind == Expr::Kind::kIdent;
    return false;
  }

  Expr ParsePrimary() {
    Token t = tok_;
    switch (t.kind) {
      case Tok::kInt: case Tok::kUint: case Tok::kDouble: case Tok::kString: case Tok::kBytes:
      case Tok::kTrue: case Tok::kFalse: case Tok::kNull: {
        Advance();
        Expr c = Node(Expr::Kind::kConst, t.begin, t.end);
        switch (t.kind) {
          case Tok::kInt:
            if (t.u > static_cast<uint64_t>(INT64_MAX)) Fail(t, "integer literal out of range; int is 64-bit signed");
            c.const_kind = Expr::ConstKind::kInt; c.i = t.i; break;
          case Tok::kUint: c.const_kind = Expr::ConstKind::kUint; c.u = t.u; break;
          case Tok::kDouble: c.const_kind = Expr::ConstKind::kDouble; c.d = t.d; break;
          case Tok::kString: c.const_kind = Expr::ConstKind::kString; c.s = t.text; break;
          case Tok::kBytes: c.const_kind = Expr::ConstKind::kBytes; c.s = t.text; break;
          case Tok::kTrue: c.const_kind = Expr::ConstKind::kBool; c.b = true; break;
          case Tok::kFalse: c.const_kind = Expr::ConstKind::kBool; c.b = false; break;
          default: c.const_kind = Expr::ConstKind::kNull; break;
        }
        return c;
      }
      case Tok::kDot:
        Advance();
        if (tok_.kind != Tok::kIdent) {
          Fail(tok_, "expected an identifier after the leading '.'");
          return Node(Expr::Kind::kConst, t.begin, t.end);
        }
        return ParsePrimary();
      case Tok::kIdent: {
        Advance();
        if (tok_.kind == Tok::kLParen) {
          Advance();
          std::vector<Expr> args = ParseArgs(Tok::kRParen, "')' to close the call");
          uint32_t end = args.empty() ? t.end + 2 : args.back().end + 1;
          if (t.text == "has") {
            if (args.size() != 1 || args[0].kind != Expr::Kind::kSelect) {
              errors_.push_back({"CEL001", "has() takes one field selection such as has(request.headers.x); "
                                           "for a key with dashes use 'key' in request.headers", t.begin, end});
              failed_ = true;
              return Node(Expr::Kind::kConst, t.begin, end);
            }
            Expr s = std::move(args[0]);
            s.test_only = true;
            s.begin = t.begin;
            s.end = end;
            return s;
          }
          return Call(t.text, std::move(args), t.begin, end);
        }
        if (tok_.kind == Tok::kLBrace) {
          Fail(tok_, "message construction " + t.text + "{...} is not supported in A106 expressions; use a map literal {...}");
          return Node(Expr::Kind::kConst, t.begin, t.end);
        }
        Expr id = Node(Expr::Kind::kIdent, t.begin, t.end);
        id.s = t.text;
        return id;
      }
      case Tok::kLParen: {
        Advance();
        Expr e = ParseExpr();
        Expect(Tok::kRParen, "')'");
        return e;
      }
      case Tok::kLBracket: {
        Advance();
        std::vector<Expr> items = ParseArgs(Tok::kRBracket, "']' to close the list");
        Expr l = Node(Expr::Kind::kList, t.begin, items.empty() ? t.end + 1 : items.back().end + 1);
        l.children = std::move(items);
        return l;
      }
      case Tok::kLBrace: {
        Advance();
        Expr m = Node(Expr::Kind::kMap, t.begin, t.end);
        if (tok_.kind == Tok::kRBrace) {
          m.end = tok_.end;
          Advance();
          return m;
        }
        for (;;) {
          Expr k = ParseExpr();
          if (failed_) return m;
          Expect(Tok::kColon, "':' between a map key and its value");
          Expr v = ParseExpr();
          if (failed_) return m;
          m.children.push_back(std::move(k));
          m.children.push_back(std::move(v));
          if (tok_.kind == Tok::kComma) {
            Advance();
            if (tok_.kind == Tok::kRBrace) break;
            continue;
          }
          break;
        }
        m.end = tok_.end;
        Expect(Tok::kRBrace, "'}' to close the map");
        return m;
      }
      default:
        Fail(t, "expected an expression but found " + Describe(t));
        if (t.kind != Tok::kEnd) Advance();
        return Node(Expr::Kind::kConst, t.begin, t.end);
    }
  }

  Lexer lex_;
  std::vector<Error>& errors_;
  const Limits& limits_;
  std::string_view text_;
  Token tok_;
  bool failed_ = false;
  int depth_ = 0;
  bool depth_reported_ = false;
  size_t nodes_ = 0;
  bool size_reported_ = false;
};

// ---- cel.expr.Expr -> AST ----
class ProtoConverter {
 public:
  ProtoConverter(std::vector<Error>& errors, const Limits& limits) : errors_(errors), limits_(limits) {}

  Expr Convert(const ::cel::expr::Expr& e, int depth) {
    Expr x;
    // A checked AST is a tree without parentheses: a chain of 100 `&&` is 100 levels deep, so
    // its limit is the node limit, bounded for the recursion.
    const int max_depth = static_cast<int>(std::min<size_t>(limits_.max_nodes, 1000));
    if (depth > max_depth || ++nodes_ > limits_.max_nodes) {
      if (!limit_reported_)
        errors_.push_back({"CEL006", "the checked expression nests deeper than " + std::to_string(max_depth) +
                                         " levels or has more than " + std::to_string(limits_.max_nodes) + " nodes; simplify it", 0, 0});
      limit_reported_ = true;
      return x;
    }
    using K = ::cel::expr::Expr;
    switch (e.expr_kind_case()) {
      case K::kConstExpr: {
        const auto& c = e.const_expr();
        x.kind = Expr::Kind::kConst;
        switch (c.constant_kind_case()) {
          case ::cel::expr::Constant::kNullValue: x.const_kind = Expr::ConstKind::kNull; break;
          case ::cel::expr::Constant::kBoolValue: x.const_kind = Expr::ConstKind::kBool; x.b = c.bool_value(); break;
          case ::cel::expr::Constant::kInt64Value: x.const_kind = Expr::ConstKind::kInt; x.i = c.int64_value(); break;
          case ::cel::expr::Constant::kUint64Value: x.const_kind = Expr::ConstKind::kUint; x.u = c.uint64_value(); break;
          case ::cel::expr::Constant::kDoubleValue: x.const_kind = Expr::ConstKind::kDouble; x.d = c.double_value(); break;
          case ::cel::expr::Constant::kStringValue: x.const_kind = Expr::ConstKind::kString; x.s = c.string_value(); break;
          case ::cel::expr::Constant::kBytesValue: x.const_kind = Expr::ConstKind::kBytes; x.s = c.bytes_value(); break;
          default:
            errors_.push_back({"CEL008", "constant kind " + std::to_string(c.constant_kind_case()) +
                                             " (deprecated duration / timestamp constants) is not supported; use duration('...') / timestamp('...')", 0, 0});
        }
        return x;
      }
      case K::kIdentExpr:
        x.kind = Expr::Kind::kIdent;
        x.s = e.ident_expr().name();
        return x;
      case K::kSelectExpr:
        x.kind = Expr::Kind::kSelect;
        x.s = e.select_expr().field();
        x.test_only = e.select_expr().test_only();
        if (!e.select_expr().has_operand()) {
          errors_.push_back({"CEL008", "select_expr '" + x.s + "' has no operand; the CheckedExpr is malformed", 0, 0});
          return x;
        }
        x.children.push_back(Convert(e.select_expr().operand(), depth + 1));
        return x;
      case K::kCallExpr: {
        const auto& c = e.call_expr();
        x.kind = Expr::Kind::kCall;
        x.s = c.function();
        if (c.has_target()) {
          x.has_target = true;
          x.children.push_back(Convert(c.target(), depth + 1));
        }
        for (const auto& a : c.args()) x.children.push_back(Convert(a, depth + 1));
        return x;
      }
      case K::kListExpr:
        x.kind = Expr::Kind::kList;
        for (const auto& el : e.list_expr().elements()) x.children.push_back(Convert(el, depth + 1));
        return x;
      case K::kStructExpr:
        x.kind = Expr::Kind::kMap;
        if (!e.struct_expr().message_name().empty()) {
          errors_.push_back({"CEL008", "message construction " + e.struct_expr().message_name() +
                                           "{...} is not supported in A106 expressions", 0, 0});
          return x;
        }
        for (const auto& en : e.struct_expr().entries()) {
          if (!en.has_map_key()) {
            errors_.push_back({"CEL008", "a struct entry without map_key; only map literals are supported", 0, 0});
            continue;
          }
          x.children.push_back(Convert(en.map_key(), depth + 1));
          x.children.push_back(Convert(en.value(), depth + 1));
        }
        return x;
      case K::kComprehensionExpr:
        errors_.push_back({"CEL002", "comprehension expressions (all, exists, map, filter) are disabled in gRPC and "
                                     "Envoy (enable_comprehension = false); test the elements explicitly", 0, 0});
        return x;
      default:
        errors_.push_back({"CEL008", "the expression is empty (no expr_kind set); the CheckedExpr needs an expr", 0, 0});
        return x;
    }
  }

 private:
  std::vector<Error>& errors_;
  const Limits& limits_;
  size_t nodes_ = 0;
  bool limit_reported_ = false;
};

}  // namespace

Expr Parse(std::string_view text, std::vector<Error>& errors, const Limits& limits) {
  if (text.size() > limits.max_text_bytes) {
    errors.push_back({"CEL006", "the expression is " + std::to_string(text.size()) + " bytes, more than the limit of " +
                                    std::to_string(limits.max_text_bytes) + "; shorten it", 0, 0});
    return {};
  }
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    errors.push_back({"CEL001", "the expression is empty; write a boolean expression such as request.path == '/x'", 0, 0});
    return {};
  }
  Parser p(text, errors, limits);
  return p.ParseAll();
}

Expr FromProto(const ::cel::expr::Expr& e, std::vector<Error>& errors, const Limits& limits) {
  ProtoConverter c(errors, limits);
  return c.Convert(e, 0);
}

}  // namespace cfgi::cel
