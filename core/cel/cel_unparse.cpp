// core/cel/cel_unparse.cpp: an expression back to CEL text (Unparse, the form a proto-given
// expression is shown in) and its static type as gRPC's checker declares A106's variables
// (StaticType).
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/cel/cel.h"
#include "core/cel/cel_internal.h"

namespace cfgi::cel {

using namespace detail;

// ---- unparse ----
std::string Unparse(const Expr& e) {
  switch (e.kind) {
    case Expr::Kind::kConst: {
      Value v;
      switch (e.const_kind) {
        case Expr::ConstKind::kNull: return "null";
        case Expr::ConstKind::kBool: return e.b ? "true" : "false";
        case Expr::ConstKind::kInt: return std::to_string(e.i);
        case Expr::ConstKind::kUint: return std::to_string(e.u) + "u";
        case Expr::ConstKind::kDouble: return Value::Double(e.d).DebugString();
        case Expr::ConstKind::kString: return Value::String(e.s).DebugString();
        case Expr::ConstKind::kBytes: return Value::Bytes(e.s).DebugString();
      }
      return "?";
    }
    case Expr::Kind::kIdent: return e.s;
    case Expr::Kind::kSelect: {
      std::string inner = e.children.empty() ? "?" : Unparse(e.children[0]);
      if (!e.children.empty() && Precedence(e.children[0]) < 9) inner = "(" + inner + ")";
      return e.test_only ? "has(" + inner + "." + e.s + ")" : inner + "." + e.s;
    }
    case Expr::Kind::kList: {
      std::string out = "[";
      for (size_t i = 0; i < e.children.size(); ++i) out += (i ? ", " : "") + Unparse(e.children[i]);
      return out + "]";
    }
    case Expr::Kind::kMap: {
      std::string out = "{";
      for (size_t i = 0; i + 1 < e.children.size(); i += 2)
        out += (i ? ", " : "") + Unparse(e.children[i]) + ": " + Unparse(e.children[i + 1]);
      return out + "}";
    }
    case Expr::Kind::kCall: {
      int prec = Precedence(e);
      auto sub = [&](const Expr& c, bool right) {
        std::string s = Unparse(c);
        int cp = Precedence(c);
        return (cp < prec || (right && cp == prec && prec < 9)) ? "(" + s + ")" : s;
      };
      std::string sym = OpSymbol(e.s);
      if (!sym.empty() && e.children.size() == 2) return sub(e.children[0], false) + " " + sym + " " + sub(e.children[1], true);
      if ((e.s == "!_" || e.s == "-_") && e.children.size() == 1) return e.s.substr(0, 1) + sub(e.children[0], false);
      if (e.s == "_[_]" && e.children.size() == 2) return sub(e.children[0], false) + "[" + Unparse(e.children[1]) + "]";
      if (e.s == "_?_:_" && e.children.size() == 3)
        return sub(e.children[0], true) + " ? " + sub(e.children[1], true) + " : " + Unparse(e.children[2]);
      std::string out;
      size_t first = 0;
      if (e.has_target && !e.children.empty()) {
        out = sub(e.children[0], false) + ".";
        first = 1;
      }
      out += e.s + "(";
      for (size_t i = first; i < e.children.size(); ++i) out += (i > first ? ", " : "") + Unparse(e.children[i]);
      return out + ")";
    }
  }
  return "?";
}

namespace {

// CEL type names as the checker prints them: "list(string)", "map(string, string)".
std::string ListOf(const std::string& t) { return "list(" + t + ")"; }
std::string MapOf(const std::string& k, const std::string& v) { return "map(" + k + ", " + v + ")"; }
// The element type of "list(T)", the value type of "map(K, V)"; "dyn" for anything else.
std::string ElementType(const std::string& t) {
  if (t.rfind("list(", 0) == 0 && t.back() == ')') return t.substr(5, t.size() - 6);
  if (t.rfind("map(", 0) == 0 && t.back() == ')') {
    // map(K, V): K is a primitive type name (no comma inside).
    size_t comma = t.find(", ");
    if (comma != std::string::npos) return t.substr(comma + 2, t.size() - comma - 3);
  }
  return "dyn";
}
// One type for several expressions (a literal's elements, a conditional's branches): theirs
// when they agree, else dyn (cel-spec doc/langdef.md "Gradual Type Checking").
std::string Join(const std::vector<std::string>& ts) {
  if (ts.empty()) return "dyn";
  for (const std::string& t : ts)
    if (t != ts.front()) return "dyn";
  return ts.front();
}
bool IsNumeric(const std::string& t) { return t == "int" || t == "uint" || t == "double"; }

}  // namespace

// The declared types of A106's variables, as gRPC declares them for its checker: `request` is a
// message whose `headers` is map(string, string), `time` a google.protobuf.Timestamp and every
// other attribute a string (A106 "CEL: Supported Variables"; Envoy's attributes).
std::string StaticType(const Expr& e) {
  switch (e.kind) {
    case Expr::Kind::kConst:
      switch (e.const_kind) {
        case Expr::ConstKind::kNull: return "null_type";
        case Expr::ConstKind::kBool: return "bool";
        case Expr::ConstKind::kInt: return "int";
        case Expr::ConstKind::kUint: return "uint";
        case Expr::ConstKind::kDouble: return "double";
        case Expr::ConstKind::kString: return "string";
        case Expr::ConstKind::kBytes: return "bytes";
      }
      return "dyn";
    case Expr::Kind::kIdent: return e.s == "request" ? "request" : "dyn";
    case Expr::Kind::kList: {
      std::vector<std::string> ts;
      for (const Expr& c : e.children) ts.push_back(StaticType(c));
      return ListOf(Join(ts));
    }
    case Expr::Kind::kMap: {
      std::vector<std::string> ks, vs;
      for (size_t i = 0; i + 1 < e.children.size(); i += 2) {
        ks.push_back(StaticType(e.children[i]));
        vs.push_back(StaticType(e.children[i + 1]));
      }
      return MapOf(Join(ks), Join(vs));
    }
    case Expr::Kind::kSelect: {
      if (e.test_only) return "bool";
      if (e.children.empty()) return "dyn";
      std::string operand = StaticType(e.children[0]);
      if (operand == "request") {
        if (e.s == "headers") return MapOf("string", "string");
        if (e.s == "time") return "google.protobuf.Timestamp";
        return "string";
      }
      return ElementType(operand);  // a field of a map: its value type
    }
    case Expr::Kind::kCall: {
      static const std::set<std::string> kBool = {"_&&_", "_||_", "!_", "_==_", "_!=_", "_<_", "_<=_", "_>_", "_>=_",
                                                  "@in", "_in_", "matches", "contains", "startsWith", "endsWith", "bool"};
      if (kBool.count(e.s)) return "bool";
      if (e.s == "size" || TimeGetters().count(e.s) || e.s == "int") return "int";
      if (e.s == "uint" || e.s == "double" || e.s == "bytes") return e.s;
      if (e.s == "timestamp") return "google.protobuf.Timestamp";
      if (e.s == "duration") return "google.protobuf.Duration";
      if (e.s == "dyn") return "dyn";
      if (e.s == "_[_]" && e.children.size() == 2) return ElementType(StaticType(e.children[0]));
      if (e.s == "-_" && e.children.size() == 1) {
        std::string t = StaticType(e.children[0]);
        return IsNumeric(t) || t == "google.protobuf.Duration" ? t : "dyn";
      }
      if ((e.s == "_+_" || e.s == "_-_" || e.s == "_*_" || e.s == "_/_" || e.s == "_%_") && e.children.size() == 2) {
        std::string a = StaticType(e.children[0]), b = StaticType(e.children[1]);
        if (IsNumeric(a) && a == b) return a;
        const std::string ts = "google.protobuf.Timestamp", du = "google.protobuf.Duration";
        if (e.s == "_-_" && a == ts && b == ts) return du;
        if ((e.s == "_+_" || e.s == "_-_") && a == ts && b == du) return ts;
        if (e.s == "_+_" && a == du && b == ts) return ts;
        if ((e.s == "_+_" || e.s == "_-_") && a == du && b == du) return du;
        return "dyn";
      }
      if (e.s == "_?_:_" && e.children.size() == 3) return Join({StaticType(e.children[1]), StaticType(e.children[2])});
      return "dyn";
    }
  }
  return "dyn";
}

std::string Program::Unparse() const { return cel::Unparse(ast_); }
}  // namespace cfgi::cel
