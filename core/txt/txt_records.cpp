// Reading TXT records. The presentation format is RFC 1035 section 5.1 (zone files, which `dig`
// prints too): `;` comments, parentheses that continue a record over lines, character-strings
// quoted or bare, escapes \X and \DDD. A record's strings are concatenated (RFC 4408 3.1.3),
// which is what grpc-core does for the strings of one record (src/core/resolver/dns/c_ares/
// grpc_ares_wrapper.cc, on_txt_done_locked) and what grpc-java's JndiResourceResolverFactory
// `unquote` and Go's net.LookupTXT do.
#include "core/txt/txt_records.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>

namespace cfgi::txt {

using doc::SourceRange;

void MappedText::Append(const MappedText& o) {
  if (!origin.empty()) origin.pop_back();
  bytes += o.bytes;
  origin.insert(origin.end(), o.origin.begin(), o.origin.end());
}

SourceRange MappedText::Map(uint32_t b, uint32_t e) const {
  if (origin.empty()) return {0, 0};
  uint32_t n = static_cast<uint32_t>(origin.size() - 1);
  b = std::min(b, n);
  e = std::min(std::max(e, b), n);
  uint32_t sb = origin[b];
  uint32_t se = e > b ? origin[e - 1] + 1 : sb;
  return {sb, std::max(se, sb)};
}

const char* InputStyleName(InputStyle s) {
  switch (s) {
    case InputStyle::kNone: return "none";
    case InputStyle::kDig: return "dig";
    case InputStyle::kZone: return "zone";
    case InputStyle::kRaw: return "raw";
  }
  return "none";
}

std::string Printable(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size());
  for (char ch : bytes) {
    unsigned char c = static_cast<unsigned char>(ch);
    if (c >= 0x80 || (c < 0x20 && c != '\t' && c != '\n')) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\%03u", static_cast<unsigned>(c));
      out += buf;
    } else {
      out += ch;
    }
  }
  return out;
}

std::string NormalizeName(std::string_view name) {
  std::string r(name);
  for (char& c : r) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  while (r.size() > 1 && r.back() == '.') r.pop_back();
  return r;
}

namespace {

struct Token {
  bool quoted = false;
  MappedText text;
  SourceRange range;
};

struct Entry {
  std::vector<Token> tokens;
  bool leading_space = false;
  bool quote_split = false;  // TXT064 said for this record
  uint32_t begin = 0, end = 0;
};

enum class Section { kNone, kQuestion, kAnswer, kAuthority, kAdditional };

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::string Upper(std::string_view s) {
  std::string r(s);
  for (char& c : r) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return r;
}

bool IsTtl(std::string_view s) {
  // 3600, or BIND's 1h30m style.
  if (s.empty() || !std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c)) && !std::strchr("smhdwSMHDW", c)) return false;
  return true;
}

bool IsClass(std::string_view s) {
  std::string u = Upper(s);
  return u == "IN" || u == "CH" || u == "HS" || u == "CS" || u == "ANY" || u == "NONE";
}

// Record types (IANA "Resource Record (RR) TYPEs"), and TYPEnnn (RFC 3597).
bool LooksLikeType(std::string_view s) {
  static const char* kTypes[] = {"A", "AAAA", "CNAME", "MX", "NS", "PTR", "SOA", "SRV", "TXT", "SPF", "CAA",
                                 "DS", "DNSKEY", "RRSIG", "NSEC", "NSEC3", "NSEC3PARAM", "TLSA", "HINFO",
                                 "NAPTR", "SSHFP", "OPT", "DNAME", "LOC", "SVCB", "HTTPS", "URI", "CERT",
                                 "DHCID", "KEY", "KX", "RP", "CDS", "CDNSKEY", "SMIMEA", "OPENPGPKEY"};
  std::string u = Upper(s);
  for (const char* t : kTypes)
    if (u == t) return true;
  if (u.size() > 4 && u.compare(0, 4, "TYPE") == 0)
    return std::all_of(u.begin() + 4, u.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
  return false;
}

std::optional<uint32_t> ParseTtl(std::string_view s) {
  uint64_t total = 0, cur = 0;
  for (char c : s) {
    if (std::isdigit(static_cast<unsigned char>(c))) {
      cur = cur * 10 + static_cast<uint64_t>(c - '0');
      if (cur > 0xFFFFFFFFull) return std::nullopt;
      continue;
    }
    uint64_t mult = 1;
    switch (std::tolower(static_cast<unsigned char>(c))) {
      case 's': mult = 1; break;
      case 'm': mult = 60; break;
      case 'h': mult = 3600; break;
      case 'd': mult = 86400; break;
      case 'w': mult = 604800; break;
    }
    total += cur * mult;
    cur = 0;
  }
  total += cur;
  if (total > 0xFFFFFFFFull) return std::nullopt;
  return static_cast<uint32_t>(total);
}

class Lexer {
 public:
  Lexer(const doc::Source& src, doc::DiagnosticSink& sink) : src_(src), t_(src.text()), sink_(sink) {}

  RecordSet Run() {
    size_t i = 0;
    bool line_start = true;
    while (i < t_.size() && !stop_) {
      char c = t_[i];
      if (line_start && depth_ == 0 && cur_.tokens.empty()) {
        line_start = false;
        cur_.leading_space = IsSpace(c);
        cur_.begin = static_cast<uint32_t>(i);
        size_t j = i;
        while (j < t_.size() && IsSpace(t_[j])) ++j;
        if (t_.compare(j, kAttributePrefix.size(), kAttributePrefix) == 0) {
          i = RawLine(j);
          continue;
        }
      }
      if (c == '\n') {
        if (depth_ == 0) Finish(static_cast<uint32_t>(i));
        line_start = true;
        ++i;
      } else if (IsSpace(c)) {
        ++i;
      } else if (c == ';') {
        size_t eol = t_.find('\n', i);
        if (eol == std::string::npos) eol = t_.size();
        Comment(std::string_view(t_).substr(i, eol - i));
        i = eol;
      } else if (c == '(') {
        if (depth_ > 0)
          sink_.Error("TXT005", {U(i), U(i + 1)}, "nested '(' in a record; a record opens one parenthesis and closes it once");
        ++depth_;
        paren_open_ = U(i);
        ++i;
      } else if (c == ')') {
        if (depth_ == 0)
          sink_.Error("TXT005", {U(i), U(i + 1)}, "')' without a matching '('; remove it or open the record with '('");
        else
          --depth_;
        ++i;
      } else if (c == '"') {
        i = Quoted(i);
      } else {
        i = Word(i);
      }
    }
    if (depth_ > 0)
      sink_.Error("TXT005", {paren_open_, paren_open_ + 1},
                  "'(' is never closed; close the record with ')' after its last string");
    Finish(U(t_.size()));
    if (rs_.style == InputStyle::kNone && !rs_.records.empty()) rs_.style = InputStyle::kRaw;
    return std::move(rs_);
  }

 private:
  static uint32_t U(size_t v) { return static_cast<uint32_t>(v); }

  // Appends the source bytes [b, e) unchanged, each mapped to its own offset: one append per run
  // of plain bytes instead of a push_back per byte (the allocator and the per-byte calls were
  // most of a 10,000-record read compiled to WebAssembly, docs/web.md).
  void AppendRun(MappedText& out, size_t b, size_t e) const {
    if (b >= e) return;
    out.bytes.append(t_, b, e - b);
    size_t at = out.origin.size();
    out.origin.resize(at + (e - b));
    for (size_t k = b; k < e; ++k) out.origin[at++] = U(k);
  }
  static bool IsWordEnd(char c) {
    return IsSpace(c) || c == '\n' || c == '(' || c == ')' || c == ';' || c == '"';
  }

  // \X and \DDD (RFC 1035 5.1). Returns the index after the escape.
  size_t Escape(size_t i, MappedText& out) {
    size_t n = t_.size();
    if (i + 1 >= n || t_[i + 1] == '\n') {
      sink_.Error("TXT002", {U(i), U(i + 1)}, "a backslash ends the line; escape it as \\\\ or remove it");
      return i + 1;
    }
    if (std::isdigit(static_cast<unsigned char>(t_[i + 1]))) {
      size_t k = i + 1;
      int v = 0, digits = 0;
      while (k < n && digits < 3 && std::isdigit(static_cast<unsigned char>(t_[k]))) {
        v = v * 10 + (t_[k] - '0');
        ++k;
        ++digits;
      }
      if (digits < 3) {
        sink_.Error("TXT002", {U(i), U(k)}, "'" + t_.substr(i, k - i) +
                    "' is not an escape: \\DDD takes exactly three decimal digits (\\034 for a quote)");
        return k;
      }
      if (v > 255) {
        sink_.Error("TXT002", {U(i), U(k)}, "'" + t_.substr(i, k - i) +
                    "' is past 255: \\DDD is one byte in decimal (000 to 255)");
        return k;
      }
      out.bytes.push_back(static_cast<char>(v));
      out.origin.push_back(U(i));
      return k;
    }
    out.bytes.push_back(t_[i + 1]);
    out.origin.push_back(U(i));
    return i + 2;
  }

  size_t Quoted(size_t i) {
    Token tok;
    tok.quoted = true;
    size_t j = i + 1;
    bool closed = false;
    while (j < t_.size()) {
      size_t run = t_.find_first_of("\"\n\\", j);
      if (run == std::string::npos) run = t_.size();
      AppendRun(tok.text, j, run);
      j = run;
      if (j == t_.size()) break;
      char c = t_[j];
      if (c == '"') {
        closed = true;
        break;
      }
      if (c == '\n') break;
      j = Escape(j, tok.text);  // c == '\\'
    }
    tok.text.origin.push_back(U(j));
    if (!closed)
      sink_.Error("TXT001", {U(i), U(i + 1)}, "this quoted string is never closed on its line; add the closing '\"' "
                  "(a quote inside the string is written \\\")");
    tok.range = {U(i), U(closed ? j + 1 : j)};
    cur_.tokens.push_back(std::move(tok));
    return closed ? j + 1 : j;
  }

  size_t Word(size_t i) {
    Token tok;
    size_t j = i;
    while (j < t_.size()) {
      size_t run = j;
      while (run < t_.size() && !IsWordEnd(t_[run]) && t_[run] != '\\') ++run;
      AppendRun(tok.text, j, run);
      j = run;
      if (j == t_.size() || IsWordEnd(t_[j])) break;
      j = Escape(j, tok.text);  // a backslash
    }
    tok.text.origin.push_back(U(j));
    tok.range = {U(i), U(j)};
    if (j == i) return i + 1;  // cannot happen (the caller saw a word character); never loop
    // A quote right after unquoted text starts a new quoted string: in a zone file '"' is one of
    // the lexer's three special characters with '(' and ')' (BIND lib/isc/lex.c
    // isc_lex_create's specials for master files), so `grpc_config=[{"a":1}]` is three strings
    // and its quotes are not data. Files written for a reader that keeps them (gRPC's test zone
    // test/cpp/naming/local_dns_server_records.zone, written for twisted's BindAuthority by
    // convert_json_records_to_bind_zone_format.py -g) then fail as JSON (TXT020): say why once
    // per record. tests/unit/txt_records_test.cpp QuoteAfterUnquotedText.
    if (j < t_.size() && t_[j] == '"' && !cur_.quote_split) {
      cur_.quote_split = true;
      sink_.Warning("TXT064", {U(j), U(j + 1)},
                    "this '\"' right after unquoted text starts a new quoted string, as BIND reads a zone file, "
                    "so the quotes are not part of the record's data; quote the whole string and write each "
                    "inner quote as \\\" (the `encode` command writes the record)");
    }
    cur_.tokens.push_back(std::move(tok));
    return j;
  }

  // A bare `grpc_config=...` line: the attribute as a resolver returns it, not a DNS record.
  size_t RawLine(size_t j) {
    size_t eol = t_.find('\n', j);
    if (eol == std::string::npos) eol = t_.size();
    size_t end = eol;
    while (end > j && IsSpace(t_[end - 1])) --end;
    TxtRecord r;
    CharString s;
    s.quoted = false;
    s.range = {U(j), U(end)};
    AppendRun(s.text, j, end);
    s.text.origin.push_back(U(end));
    r.range = s.range;
    r.raw_unquoted = true;
    r.value = s.text;
    r.strings.push_back(std::move(s));
    sink_.Note("TXT016", r.range, "a bare grpc_config= line is read as one record's value; in DNS it must be "
               "quoted and split into strings of at most 255 bytes (the `encode` command writes them)");
    if (rs_.style == InputStyle::kNone) rs_.style = InputStyle::kRaw;
    Push(std::move(r));
    cur_ = Entry{};
    return eol;
  }

  void Comment(std::string_view c) {
    if (c.find("<<>> DiG") != std::string_view::npos || c.find("->>HEADER<<-") != std::string_view::npos)
      rs_.style = InputStyle::kDig;
    auto has = [&](const char* s) { return c.find(s) != std::string_view::npos; };
    if (c.rfind(";;", 0) != 0) return;
    if (has("QUESTION SECTION")) section_ = Section::kQuestion;
    else if (has("ANSWER SECTION")) section_ = Section::kAnswer;
    else if (has("AUTHORITY SECTION")) section_ = Section::kAuthority;
    else if (has("ADDITIONAL SECTION")) section_ = Section::kAdditional;
    else return;
    rs_.style = InputStyle::kDig;
    saw_sections_ = true;
  }

  void Push(TxtRecord r) {
    if (rs_.records.size() >= kMaxRecords) {
      sink_.Error("TXT017", r.range, "more than " + std::to_string(kMaxRecords) +
                  " TXT records; the rest are not read (split the input)");
      stop_ = true;
      return;
    }
    rs_.records.push_back(std::move(r));
  }

  void CheckStrings(TxtRecord& r) {
    for (CharString& s : r.strings) {
      if (s.text.bytes.size() > kMaxStringBytes)
        sink_.Error("TXT003", s.range, "this string is " + std::to_string(s.text.bytes.size()) +
                    " bytes; a TXT character-string holds at most 255 (RFC 1035 3.3): split it into several "
                    "quoted strings, they are concatenated");
      for (size_t k = 0; k < s.text.bytes.size(); ++k) {
        if (static_cast<unsigned char>(s.text.bytes[k]) >= 0x80) {
          sink_.Warning("TXT004", s.text.Map(U(k), U(k + 1)),
                        "byte " + std::to_string(static_cast<unsigned char>(s.text.bytes[k])) +
                        " is not ASCII; A2 requires the service config in TXT records to be ASCII: write \\u escapes in the JSON");
          break;
        }
      }
      if (r.value.origin.empty()) {
        size_t total = 0;
        for (const CharString& x : r.strings) total += x.text.bytes.size();
        r.value.bytes.reserve(total);
        r.value.origin.reserve(total + 1);
        r.value = s.text;
      } else {
        r.value.Append(s.text);
      }
    }
  }

  void Finish(uint32_t end) {
    Entry e = std::move(cur_);
    cur_ = Entry{};
    if (e.tokens.empty()) return;
    e.end = end;
    if (saw_sections_ && section_ != Section::kAnswer) {
      ++rs_.other_records;
      return;
    }
    std::vector<Token>& tk = e.tokens;
    SourceRange whole{tk.front().range.begin, tk.back().range.end};
    if (tk[0].quoted) {  // raw character-strings, one record per line (dig +short)
      TxtRecord r;
      r.range = whole;
      for (Token& t : tk) r.strings.push_back({std::move(t.text), t.range, t.quoted});
      CheckStrings(r);
      if (rs_.style == InputStyle::kNone) rs_.style = InputStyle::kRaw;
      Push(std::move(r));
      return;
    }
    size_t idx = 0;
    std::string owner;
    SourceRange owner_range{};
    if (!e.leading_space) {
      const std::string& first = tk[0].text.bytes;
      if (!first.empty() && first[0] == '$') {
        Directive(tk);
        return;
      }
      owner = first;
      owner_range = tk[0].range;
      idx = 1;
    } else {
      owner = last_owner_;
      owner_range = last_owner_range_;
      if (owner.empty()) {
        sink_.Warning("TXT006", whole, "this record starts with blank space, so it repeats the previous owner name, "
                      "but there is none; write the name first");
      }
    }
    TxtRecord r;
    SourceRange class_range = tk[idx < tk.size() ? idx : 0].range;
    for (int k = 0; k < 2 && idx < tk.size() && !tk[idx].quoted; ++k) {
      const std::string& w = tk[idx].text.bytes;
      if (IsTtl(w)) {
        r.ttl = ParseTtl(w);
        ++idx;
      } else if (IsClass(w)) {
        r.rclass = Upper(w);
        class_range = tk[idx].range;
        ++idx;
      } else {
        break;
      }
    }
    if (idx >= tk.size() || tk[idx].quoted || !LooksLikeType(tk[idx].text.bytes)) {
      sink_.Warning("TXT006", whole, "not a resource record; expected `name [ttl] [class] TXT \"string\" ...` "
                    "(dig answer lines and zone files have this shape) or a line of quoted strings");
      return;
    }
    std::string type = Upper(tk[idx].text.bytes);
    last_owner_ = owner;
    last_owner_range_ = owner_range;
    if (type != "TXT") {
      ++rs_.other_records;
      return;
    }
    if (rs_.style == InputStyle::kNone) rs_.style = InputStyle::kZone;
    r.owner = owner;
    r.owner_range = owner_range;
    if (owner == "@") r.owner_key = origin_;
    else if (!owner.empty() && owner.back() != '.' && !origin_.empty()) r.owner_key = NormalizeName(owner + "." + origin_);
    else r.owner_key = NormalizeName(owner);
    r.range = {owner.empty() ? tk[idx].range.begin : (e.leading_space ? tk[0].range.begin : owner_range.begin), whole.end};
    for (size_t k = idx + 1; k < tk.size(); ++k) r.strings.push_back({std::move(tk[k].text), tk[k].range, tk[k].quoted});
    if (r.strings.empty()) {
      sink_.Warning("TXT006", whole, "a TXT record without strings; add at least one quoted string");
      return;
    }
    if (r.rclass != "IN")
      sink_.Warning("TXT007", class_range, "class " + r.rclass + " is not IN; gRPC resolvers query class IN only");
    CheckStrings(r);
    Push(std::move(r));
  }

  void Directive(const std::vector<Token>& tk) {
    std::string d = Upper(tk[0].text.bytes);
    if (d == "$ORIGIN" && tk.size() >= 2) {
      origin_ = NormalizeName(tk[1].text.bytes);
    } else if (d == "$TTL") {
      // The default TTL does not change what gRPC reads.
    } else {
      sink_.Note("TXT006", tk[0].range, "directive " + tk[0].text.bytes + " is not followed; only $ORIGIN and $TTL are read");
    }
  }

  const doc::Source& src_;
  const std::string& t_;
  doc::DiagnosticSink& sink_;
  RecordSet rs_;
  Entry cur_;
  int depth_ = 0;
  uint32_t paren_open_ = 0;
  Section section_ = Section::kNone;
  bool saw_sections_ = false;
  bool stop_ = false;
  std::string origin_;
  std::string last_owner_;
  SourceRange last_owner_range_{};
};

}  // namespace

RecordSet ParseRecords(const doc::Source& src, doc::DiagnosticSink& sink) {
  Lexer lx(src, sink);
  return lx.Run();
}

}  // namespace cfgi::txt
