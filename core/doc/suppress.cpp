// core/doc/suppress.cpp: see suppress.h.
#include "core/doc/suppress.h"

#include "core/doc/codes.h"

#include <algorithm>
#include <cctype>

namespace cfgi::doc {

namespace {

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::string_view Trim(std::string_view s) {
  while (!s.empty() && IsSpace(s.front())) s.remove_prefix(1);
  while (!s.empty() && IsSpace(s.back())) s.remove_suffix(1);
  return s;
}

// A glob, one element at a time.
struct GlobToken {
  enum Kind { kChar, kOne, kStar, kGlobStar, kGlobStarSlash, kClass } kind = kChar;
  char c = 0;
  std::string set;  // kClass: the characters and ranges ("a-z" kept as written)
  bool negate = false;
};

std::vector<GlobToken> Tokenize(std::string_view g) {
  std::vector<GlobToken> out;
  for (size_t i = 0; i < g.size(); ++i) {
    GlobToken t;
    char c = g[i];
    if (c == '*') {
      if (i + 1 < g.size() && g[i + 1] == '*') {
        ++i;
        if (i + 1 < g.size() && g[i + 1] == '/') {
          ++i;
          t.kind = GlobToken::kGlobStarSlash;
        } else {
          t.kind = GlobToken::kGlobStar;
        }
      } else {
        t.kind = GlobToken::kStar;
      }
    } else if (c == '?') {
      t.kind = GlobToken::kOne;
    } else if (c == '[' && g.find(']', i + 2) != std::string_view::npos) {
      size_t j = i + 1;
      t.kind = GlobToken::kClass;
      if (g[j] == '!' || g[j] == '^') {
        t.negate = true;
        ++j;
      }
      size_t close = g.find(']', j + 1);  // a ']' right after '[' or '[!' is a member
      if (close == std::string_view::npos) {
        t.kind = GlobToken::kChar;
        t.c = c;
        t.negate = false;
      } else {
        t.set = std::string(g.substr(j, close - j));
        i = close;
      }
    } else {
      t.c = c;
    }
    out.push_back(std::move(t));
  }
  return out;
}

bool ClassHas(const GlobToken& t, char c) {
  bool in = false;
  for (size_t k = 0; k < t.set.size(); ++k) {
    if (k + 2 < t.set.size() && t.set[k + 1] == '-') {
      in |= c >= t.set[k] && c <= t.set[k + 2];
      k += 2;
    } else {
      in |= c == t.set[k];
    }
  }
  return in != t.negate;
}

// Dynamic programming over (token, offset): linear in |glob| x |name|, no backtracking blow-up.
bool MatchTokens(const std::vector<GlobToken>& t, std::string_view s) {
  const size_t n = s.size();
  std::vector<char> next(n + 1, 0), cur(n + 1, 0);
  next[n] = 1;  // the empty glob matches the end
  for (size_t i = t.size(); i-- > 0;) {
    const GlobToken& tok = t[i];
    if (tok.kind == GlobToken::kGlobStarSlash) {
      // "" or "anything/": some k > j with s[k-1] == '/' and next[k].
      char any = 0;
      for (size_t j = n + 1; j-- > 0;) {
        if (j < n && s[j] == '/' && next[j + 1]) any = 1;
        cur[j] = next[j] || any;
      }
    } else {
      for (size_t j = n + 1; j-- > 0;) {
        bool m = false;
        switch (tok.kind) {
          case GlobToken::kChar: m = j < n && s[j] == tok.c && next[j + 1]; break;
          case GlobToken::kOne: m = j < n && s[j] != '/' && next[j + 1]; break;
          case GlobToken::kClass: m = j < n && s[j] != '/' && ClassHas(tok, s[j]) && next[j + 1]; break;
          case GlobToken::kStar: m = next[j] || (j < n && s[j] != '/' && cur[j + 1]); break;
          case GlobToken::kGlobStar: m = next[j] || (j < n && cur[j + 1]); break;
          case GlobToken::kGlobStarSlash: break;
        }
        cur[j] = m;
      }
    }
    std::swap(cur, next);
  }
  return next[0] != 0;
}

std::string WithoutDotSlash(std::string_view s) {
  while (s.size() > 2 && s.substr(0, 2) == "./") s.remove_prefix(2);
  return std::string(s);
}

Diagnostic Made(Severity sev, std::string code, std::string message, const Suppression& s) {
  Diagnostic d;
  d.code = std::move(code);
  d.severity = sev;
  d.message = std::move(message);
  d.file = s.file;
  d.range = s.range;
  d.begin = s.begin;
  if (s.file.empty()) d.begin = Position{0, 0};  // a flag: no place in any file
  return d;
}

// Where the comment of a line starts (the offset of '#' or ';' in `line`), or npos. `marker` is
// '#' for YAML and textproto, ';' for zone files and dig output. Quoted strings are skipped; YAML
// needs the '#' at the start or after a space.
size_t CommentStart(std::string_view line, char marker, bool yaml) {
  char quote = 0;
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (quote) {
      if (c == '\\' && quote == '"' && i + 1 < line.size()) {
        ++i;
      } else if (c == quote) {
        if (yaml && quote == '\'' && i + 1 < line.size() && line[i + 1] == '\'') {
          ++i;  // '' inside a single-quoted YAML scalar
        } else {
          quote = 0;
        }
      }
      continue;
    }
    if (c == marker && (!yaml || i == 0 || IsSpace(line[i - 1]))) return i;
    if (c == '"' || (c == '\'' && (!yaml || i == 0 || IsSpace(line[i - 1]) || line[i - 1] == ':' ||
                                   line[i - 1] == '[' || line[i - 1] == '{' || line[i - 1] == ',')))
      quote = c;
  }
  return std::string_view::npos;
}

int Indent(std::string_view line) {
  int n = 0;
  while (static_cast<size_t>(n) < line.size() && line[static_cast<size_t>(n)] == ' ') ++n;
  return n;
}

// True when a YAML line (without its comment) opens a block scalar: ends in '|' or '>' with
// optional chomping / indentation indicators.
bool OpensBlockScalar(std::string_view content) {
  content = Trim(content);
  while (!content.empty() && (content.back() == '-' || content.back() == '+' ||
                              std::isdigit(static_cast<unsigned char>(content.back()))))
    content.remove_suffix(1);
  if (content.empty() || (content.back() != '|' && content.back() != '>')) return false;
  content.remove_suffix(1);
  content = Trim(content);
  return content.empty() || content.back() == ':' || content.back() == '-';
}

constexpr std::string_view kMarker = "config-inspector:";

}  // namespace

const char* SuppressionOriginName(SuppressionOrigin o) {
  switch (o) {
    case SuppressionOrigin::kFlag: return "flag";
    case SuppressionOrigin::kProject: return "project";
    case SuppressionOrigin::kComment: return "comment";
    case SuppressionOrigin::kScenario: return "scenario";
    case SuppressionOrigin::kApp: return "app";
  }
  return "flag";
}

const char* SarifSuppressionKind(SuppressionOrigin o) {
  return o == SuppressionOrigin::kComment || o == SuppressionOrigin::kScenario ? "inSource" : "external";
}

bool GlobMatch(std::string_view glob, std::string_view name) {
  std::string n = WithoutDotSlash(name);
  std::string g = WithoutDotSlash(glob);
  std::vector<GlobToken> tokens = Tokenize(g);
  if (MatchTokens(tokens, n)) return true;
  if (g.find('/') == std::string::npos) {
    size_t slash = n.rfind('/');
    if (slash != std::string::npos) return MatchTokens(tokens, std::string_view(n).substr(slash + 1));
  }
  return false;
}

// The one code registry (core/doc/codes.h), which DocsTest keeps equal to docs/diagnostics.md.
bool IsKnownCode(std::string_view code) { return FindCode(code) != nullptr; }

bool Suppression::Matches(const Diagnostic& d) const {
  if (d.code != code) return false;
  if (line > 0 && (d.file != file || (d.begin.line != line && d.begin.line != line + 1))) return false;
  if (!file_glob.empty() && !GlobMatch(file_glob, file_name ? file_name(d.file) : d.file)) return false;
  if (!path_glob.empty() && !GlobMatch(path_glob, d.path)) return false;
  return true;
}

SuppressionResult ApplySuppressions(std::vector<Diagnostic> diagnostics, const std::vector<Suppression>& sups) {
  SuppressionResult r;
  std::vector<char> used(sups.size(), 0);
  for (Diagnostic& d : diagnostics) {
    size_t hit = sups.size();
    for (size_t i = 0; i < sups.size() && hit == sups.size(); ++i)
      if (sups[i].Matches(d)) hit = i;
    if (hit == sups.size()) {
      r.kept.push_back(std::move(d));
    } else {
      used[hit] = 1;
      r.suppressed.push_back({std::move(d), sups[hit]});
    }
  }
  // The unused ones' notes; a note silenced by another suppression (`--suppress SUP001`) makes
  // that one used, so it gets no note of its own.
  std::vector<std::pair<size_t, Diagnostic>> notes;
  for (size_t i = 0; i < sups.size(); ++i) {
    const Suppression& s = sups[i];
    if (used[i] || !s.report_unused) continue;
    notes.emplace_back(i, Made(Severity::kNote, "SUP001",
                               "the suppression '" + s.label + "' matches no finding; remove it (or fix its code, " +
                                   (s.line > 0 ? "or move it onto the finding's line or the line above)" : "or its glob)"),
                               s));
  }
  std::vector<size_t> hits(notes.size(), sups.size());
  for (size_t n = 0; n < notes.size(); ++n)
    for (size_t k = 0; k < sups.size() && hits[n] == sups.size(); ++k)
      if (sups[k].line == 0 && sups[k].Matches(notes[n].second)) hits[n] = k;
  for (size_t n = 0; n < notes.size(); ++n)
    if (hits[n] != sups.size() && hits[n] != notes[n].first) used[hits[n]] = 1;
  for (size_t n = 0; n < notes.size(); ++n) {
    if (used[notes[n].first]) continue;  // it silenced another's note: it was used after all
    if (hits[n] == sups.size()) {
      r.kept.push_back(std::move(notes[n].second));
    } else {
      r.suppressed.push_back({std::move(notes[n].second), sups[hits[n]]});
    }
  }
  return r;
}

std::vector<Suppression> ReadCommentSuppressions(const Document& d, DiagnosticSink& sink) {
  std::vector<Suppression> out;
  if (!d.source || d.format == Format::kJson) return out;
  const Source& src = *d.source;
  if (src.text().find(kMarker) == std::string::npos) return out;  // the usual case, fast
  const bool yaml = d.format == Format::kYaml;
  const char marker = d.format == Format::kText ? ';' : '#';
  int block_indent = -1;  // YAML: inside a block scalar whose parent line has this indent
  for (int ln = 1; ln <= src.line_count(); ++ln) {
    std::string_view line = src.Line(ln);
    if (yaml && block_indent >= 0) {
      if (Trim(line).empty() || Indent(line) > block_indent) continue;  // block scalar content
      block_indent = -1;
    }
    size_t c = CommentStart(line, marker, yaml);
    if (yaml && OpensBlockScalar(line.substr(0, c))) block_indent = Indent(line);
    if (c == std::string_view::npos) continue;
    std::string_view comment = line.substr(c + 1);
    size_t at = comment.find(kMarker);
    if (at == std::string_view::npos) continue;
    const uint32_t line_start = src.Offset(ln, 1);
    const uint32_t marker_off = line_start + static_cast<uint32_t>(c + 1 + at);
    SourceRange marker_range{marker_off, marker_off + static_cast<uint32_t>(kMarker.size())};
    std::string_view rest = comment.substr(at + kMarker.size());
    size_t rest_off = c + 1 + at + kMarker.size();  // offset of `rest` in the line
    size_t skip = 0;
    while (skip < rest.size() && IsSpace(rest[skip])) ++skip;
    size_t word_end = skip;
    while (word_end < rest.size() && !IsSpace(rest[word_end])) ++word_end;
    std::string_view word = rest.substr(skip, word_end - skip);
    if (word != "ignore") {
      sink.Warning("SUP004", marker_range,
                   "a 'config-inspector:' comment must read 'config-inspector: ignore CODE[,CODE] -- reason'" +
                       std::string(word.empty() ? "" : "; got '" + std::string(word) + "'"));
      continue;
    }
    std::string_view after = rest.substr(word_end);
    size_t after_off = rest_off + word_end;
    size_t dash = after.find("--");
    std::string_view codes = dash == std::string_view::npos ? after : after.substr(0, dash);
    std::string reason = dash == std::string_view::npos ? "" : std::string(Trim(after.substr(dash + 2)));
    size_t count = 0;
    for (size_t i = 0; i < codes.size();) {
      while (i < codes.size() && (IsSpace(codes[i]) || codes[i] == ',')) ++i;
      size_t j = i;
      while (j < codes.size() && !IsSpace(codes[j]) && codes[j] != ',') ++j;
      if (j == i) break;
      std::string code(codes.substr(i, j - i));
      uint32_t b = line_start + static_cast<uint32_t>(after_off + i);
      SourceRange r{b, b + static_cast<uint32_t>(j - i)};
      ++count;
      if (!IsKnownCode(code)) {
        sink.Warning("SUP003", r, "unknown diagnostic code '" + code +
                                      "' in a suppression; use a code from docs/diagnostics.md (config-inspector-cli codes)");
      } else {
        Suppression s;
        s.code = code;
        s.line = ln;
        s.reason = reason;
        s.origin = SuppressionOrigin::kComment;
        s.label = "ignore " + code;
        s.file = src.name();
        s.range = r;
        s.begin = src.Locate(r.begin);
        out.push_back(std::move(s));
      }
      i = j;
    }
    if (count == 0) {
      sink.Warning("SUP004", marker_range,
                   "'config-inspector: ignore' names no code; write 'config-inspector: ignore CODE[,CODE] -- reason'");
    } else if (reason.empty()) {
      sink.Warning("SUP002", marker_range,
                   "a suppression without a reason; add one after ' -- ' (config-inspector: ignore CODE -- why)");
    }
  }
  return out;
}

std::vector<Suppression> ReadSuppressList(const Node& list, SuppressionOrigin origin, DiagnosticSink& sink) {
  std::vector<Suppression> out;
  DiagnosticSink::ScopedField top(&sink, "suppress");
  if (list.is_null()) return out;
  if (!list.is_seq()) {
    sink.Warning("SUP004", list.range(),
                 "'suppress' must be a list of \"CODE\", \"CODE=FILE_GLOB\" or {code, file, path, reason}");
    return out;
  }
  const Source* src = sink.source();
  int i = 0;
  for (const Node& item : list.items()) {
    DiagnosticSink::ScopedField at(&sink, "[" + std::to_string(i++) + "]");
    Suppression s;
    s.origin = origin;
    s.range = item.range();
    if (src) {
      s.file = src->name();
      s.begin = src->Locate(item.range().begin);
    }
    SourceRange code_range = item.range();
    if (item.is_string()) {
      std::string_view text = item.text();
      size_t eq = text.find('=');
      s.code = std::string(Trim(text.substr(0, eq)));
      if (eq != std::string_view::npos) s.file_glob = std::string(Trim(text.substr(eq + 1)));
      if (eq != std::string_view::npos && s.file_glob.empty()) {
        sink.Warning("SUP004", item.range(), "'" + std::string(text) + "' has an empty glob after '='; write CODE=FILE_GLOB");
        continue;
      }
    } else if (item.is_map()) {
      bool bad = false;
      for (const auto& e : item.entries()) {
        if (e.key != "code" && e.key != "file" && e.key != "path" && e.key != "reason") {
          sink.Warning("SUP004", e.key_range, "unknown key '" + e.key + "' in a suppression; it has code, file, path, reason");
          bad = true;
        } else if (!e.value.is_scalar() || e.value.is_null()) {
          sink.Warning("SUP004", e.value.range(), "'" + e.key + "' of a suppression must be a string");
          bad = true;
        }
      }
      if (bad) continue;
      s.code = item.GetString("code");
      s.file_glob = item.GetString("file");
      s.path_glob = item.GetString("path");
      s.reason = item.GetString("reason");
      if (const Node* c = item.Get("code")) code_range = c->range();
    } else {
      sink.Warning("SUP004", item.range(),
                   "a suppression is \"CODE\", \"CODE=FILE_GLOB\" or {code, file, path, reason}; got a " +
                       std::string(item.kind_name()));
      continue;
    }
    if (s.code.empty()) {
      sink.Warning("SUP004", item.range(), "a suppression needs a code; write {code: CODE}");
      continue;
    }
    if (!IsKnownCode(s.code)) {
      sink.Warning("SUP003", code_range, "unknown diagnostic code '" + s.code +
                                            "' in a suppression; use a code from docs/diagnostics.md (config-inspector-cli codes)");
      continue;
    }
    s.label = s.code + (s.file_glob.empty() ? "" : "=" + s.file_glob) + (s.path_glob.empty() ? "" : " at " + s.path_glob);
    out.push_back(std::move(s));
  }
  return out;
}

std::optional<Suppression> ParseSuppressFlag(std::string_view arg, std::string* error) {
  Suppression s;
  s.origin = SuppressionOrigin::kFlag;
  size_t eq = arg.find('=');
  s.code = std::string(Trim(arg.substr(0, eq)));
  if (eq != std::string_view::npos) s.file_glob = std::string(Trim(arg.substr(eq + 1)));
  if (s.code.empty()) {
    *error = "--suppress needs a code: --suppress CODE or --suppress CODE=FILE_GLOB";
    return std::nullopt;
  }
  if (eq != std::string_view::npos && s.file_glob.empty()) {
    *error = "--suppress " + std::string(arg) + ": the glob after '=' is empty";
    return std::nullopt;
  }
  if (!IsKnownCode(s.code)) {
    *error = "--suppress: unknown diagnostic code '" + s.code + "' (docs/diagnostics.md lists them)";
    return std::nullopt;
  }
  s.label = "--suppress " + std::string(arg);
  return s;
}

}  // namespace cfgi::doc
