#include "core/variants/constraint.h"

#include <algorithm>

#include "core/engine/build_count.h"

#include "envoy/service/discovery/v3/discovery.pb.h"

namespace cfgi::variants {

using doc::Step;
namespace dv3 = envoy::service::discovery::v3;

Constraint Constraint::Value(std::string k, std::string v) {
  Constraint c;
  c.kind = Kind::kValue;
  c.key = std::move(k);
  c.value = std::move(v);
  return c;
}
Constraint Constraint::Exists(std::string k) {
  Constraint c;
  c.kind = Kind::kExists;
  c.key = std::move(k);
  return c;
}
Constraint Constraint::And(std::vector<Constraint> ch) {
  Constraint c;
  c.kind = Kind::kAnd;
  c.children = std::move(ch);
  return c;
}
Constraint Constraint::Or(std::vector<Constraint> ch) {
  Constraint c;
  c.kind = Kind::kOr;
  c.children = std::move(ch);
  return c;
}
Constraint Constraint::Not(Constraint inner) {
  Constraint c;
  c.kind = Kind::kNot;
  c.children.push_back(std::move(inner));
  return c;
}

bool Matches(const Constraint& c, const Params& p, Step* why) {
  CountEvaluationWork();  // core/engine/build_count.h: never on the app's UI thread
  using K = Constraint::Kind;
  switch (c.kind) {
    case K::kTrue:
      if (why) why->Add({"⊤", doc::Outcome::kMatched, "no constraints: matches every client", c.range, {}, {}});
      return true;
    case K::kValue: {
      auto it = p.find(c.key);
      bool ok = it != p.end() && it->second == c.value;
      if (why) {
        std::string d = it == p.end() ? "key " + c.key + " is absent"
                                      : "client sends " + c.key + "=" + it->second;
        why->Add({Render(c), ok ? doc::Outcome::kMatched : doc::Outcome::kNoMatch, d, c.range, {}, {}});
      }
      return ok;
    }
    case K::kExists: {
      auto it = p.find(c.key);
      bool ok = it != p.end();
      if (why)
        why->Add({Render(c), ok ? doc::Outcome::kMatched : doc::Outcome::kNoMatch,
                  ok ? "client sends " + c.key + "=" + it->second : "key " + c.key + " is absent", c.range, {}, {}});
      return ok;
    }
    case K::kAnd:
    case K::kOr: {
      bool is_and = c.kind == K::kAnd;
      Step* self = why ? &why->Add({is_and ? "and" : "or", doc::Outcome::kInfo, "", c.range, {}, {}}) : nullptr;
      bool result = is_and;
      for (const Constraint& ch : c.children) {
        bool r = Matches(ch, p, self);
        if (is_and && !r) { result = false; if (!why) break; }
        if (!is_and && r) { result = true; if (!why) break; }
      }
      if (self) {
        self->outcome = result ? doc::Outcome::kMatched : doc::Outcome::kNoMatch;
        self->detail = c.children.empty() ? (is_and ? "empty and-list: true" : "empty or-list: false")
                                          : (is_and ? (result ? "every item matched" : "an item did not match")
                                                    : (result ? "an item matched" : "no item matched"));
      }
      return result;
    }
    case K::kNot: {
      Step* self = why ? &why->Add({"not", doc::Outcome::kInfo, "", c.range, {}, {}}) : nullptr;
      bool inner = c.children.empty() ? true : Matches(c.children[0], p, self);
      if (self) {
        self->outcome = inner ? doc::Outcome::kNoMatch : doc::Outcome::kMatched;
        self->detail = inner ? "the inner constraint matched" : "the inner constraint did not match";
      }
      return !inner;
    }
  }
  return false;
}

void CollectKeys(const Constraint& c, std::set<std::string>& keys) {
  if (c.kind == Constraint::Kind::kValue || c.kind == Constraint::Kind::kExists) keys.insert(c.key);
  for (const Constraint& ch : c.children) CollectKeys(ch, keys);
}

std::set<std::string> Keys(const Constraint& c) {
  std::set<std::string> k;
  CollectKeys(c, k);
  return k;
}

void CollectValues(const Constraint& c, std::map<std::string, std::set<std::string>>& values) {
  if (c.kind == Constraint::Kind::kValue) values[c.key].insert(c.value);
  if (c.kind == Constraint::Kind::kExists) values[c.key];
  for (const Constraint& ch : c.children) CollectValues(ch, values);
}

int NodeCount(const Constraint& c) {
  int n = 1;
  for (const Constraint& ch : c.children) n += NodeCount(ch);
  return n;
}

int Depth(const Constraint& c) {
  int d = 0;
  for (const Constraint& ch : c.children) d = std::max(d, Depth(ch));
  return d + 1;
}

namespace {

bool Plain(const std::string& s) {
  if (s.empty()) return false;
  return std::all_of(s.begin(), s.end(), [](char ch) {
    unsigned char u = static_cast<unsigned char>(ch);
    return std::isalnum(u) || ch == '_' || ch == '-' || ch == '.' || ch == '/' || u >= 0x80;
  });
}

// A C-style quoted string, as textproto and our compact form write it.
std::string Quote(const std::string& s) {
  std::string out = "\"";
  for (char ch : s) {
    unsigned char u = static_cast<unsigned char>(ch);
    if (ch == '"' || ch == '\\') {
      out += '\\';
      out += ch;
    } else if (ch == '\n') {
      out += "\\n";
    } else if (u < 0x20 || u == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\%03o", u);
      out += buf;
    } else {
      out += ch;
    }
  }
  return out + "\"";
}

std::string Word(const std::string& s) { return Plain(s) ? s : Quote(s); }

// Precedence: 3 atom / not, 2 and, 1 or.
std::string RenderP(const Constraint& c, int parent) {
  using K = Constraint::Kind;
  switch (c.kind) {
    case K::kTrue: return "⊤";
    case K::kValue: return Word(c.key) + "=" + Word(c.value);
    case K::kExists: return "exists(" + Word(c.key) + ")";
    case K::kNot: {
      if (c.children.empty()) return "¬⊤";
      const Constraint& in = c.children[0];
      if (in.kind == K::kExists) return "¬" + RenderP(in, 3);
      return "¬(" + RenderP(in, 0) + ")";
    }
    case K::kAnd:
    case K::kOr: {
      bool is_and = c.kind == K::kAnd;
      if (c.children.empty()) return is_and ? "and[]" : "or[]";
      int mine = is_and ? 2 : 1;
      std::string s;
      for (size_t i = 0; i < c.children.size(); ++i) {
        if (i) s += is_and ? " ∧ " : " ∨ ";
        s += RenderP(c.children[i], mine);
      }
      return (parent > mine && c.children.size() > 1) ? "(" + s + ")" : s;
    }
  }
  return "";
}

void TextProtoBody(const Constraint& c, std::string& out) {
  using K = Constraint::Kind;
  switch (c.kind) {
    case K::kTrue: return;
    case K::kValue: out += "constraint { key: " + Quote(c.key) + " value: " + Quote(c.value) + " }"; return;
    case K::kExists: out += "constraint { key: " + Quote(c.key) + " exists {} }"; return;
    case K::kNot:
      out += "not_constraints {";
      if (!c.children.empty() && c.children[0].kind != K::kTrue) {
        out += " ";
        TextProtoBody(c.children[0], out);
      }
      out += " }";
      return;
    case K::kAnd:
    case K::kOr:
      out += c.kind == K::kAnd ? "and_constraints {" : "or_constraints {";
      for (const Constraint& ch : c.children) {
        out += " constraints {";
        if (ch.kind != K::kTrue) {
          out += " ";
          TextProtoBody(ch, out);
        }
        out += " }";
      }
      out += " }";
      return;
  }
}

}  // namespace

std::string Render(const Constraint& c) { return RenderP(c, 0); }

std::string CanonicalTextProto(const Constraint& c) {
  std::string out;
  TextProtoBody(c, out);
  return out;
}

std::string RenderParams(const Params& p) {
  std::string s = "{";
  bool first = true;
  for (const auto& [k, v] : p) {
    if (!first) s += ", ";
    first = false;
    s += Word(k) + "=" + (v.empty() ? std::string("\"\"") : Word(v));
  }
  return s + "}";
}

void ToProto(const Constraint& c, dv3::DynamicParameterConstraints* m) {
  using K = Constraint::Kind;
  switch (c.kind) {
    case K::kTrue: m->Clear(); return;
    case K::kValue:
      m->mutable_constraint()->set_key(c.key);
      m->mutable_constraint()->set_value(c.value);
      return;
    case K::kExists:
      m->mutable_constraint()->set_key(c.key);
      m->mutable_constraint()->mutable_exists();
      return;
    case K::kNot:
      if (!c.children.empty()) ToProto(c.children[0], m->mutable_not_constraints());
      else m->mutable_not_constraints();
      return;
    case K::kAnd:
    case K::kOr: {
      auto* list = c.kind == K::kAnd ? m->mutable_and_constraints() : m->mutable_or_constraints();
      for (const Constraint& ch : c.children) ToProto(ch, list->add_constraints());
      return;
    }
  }
}

}  // namespace cfgi::variants
