// core/cel/cel_value.cpp: CEL values as text (type names, DebugString) and the request
// attributes A106 declares. The other sections: cel_unparse.cpp (expressions as text, static
// types), cel_compile.cpp (the checker), cel_eval.cpp (the evaluator).
#include <string>
#include <vector>

#include "core/cel/cel.h"
#include "core/cel/cel_internal.h"

namespace cfgi::cel {

using namespace detail;

const char* TypeName(Value::Type t) {
  switch (t) {
    case Value::Type::kNull: return "null_type";
    case Value::Type::kBool: return "bool";
    case Value::Type::kInt: return "int";
    case Value::Type::kUint: return "uint";
    case Value::Type::kDouble: return "double";
    case Value::Type::kString: return "string";
    case Value::Type::kBytes: return "bytes";
    case Value::Type::kList: return "list";
    case Value::Type::kMap: return "map";
    case Value::Type::kTimestamp: return "google.protobuf.Timestamp";
    case Value::Type::kDuration: return "google.protobuf.Duration";
    case Value::Type::kError: return "error";
  }
  return "?";
}

const char* Value::type_name() const { return TypeName(type); }

std::string Value::DebugString() const {
  switch (type) {
    case Type::kNull: return "null";
    case Type::kBool: return b ? "true" : "false";
    case Type::kInt: return std::to_string(i);
    case Type::kUint: return std::to_string(u) + "u";
    case Type::kDouble: return FormatDouble(d);
    case Type::kString: return Quote(s);
    case Type::kBytes: return "b" + Quote(s);
    case Type::kTimestamp: return "timestamp('" + FormatTimestamp(i, nanos) + "')";
    case Type::kDuration: return "duration('" + FormatDuration(i, nanos) + "')";
    case Type::kError: return "error: " + s;
    case Type::kList: {
      std::string out = "[";
      for (size_t k = 0; k < list->size(); ++k) out += (k ? ", " : "") + (*list)[k].DebugString();
      return out + "]";
    }
    case Type::kMap: {
      std::string out = "{";
      for (size_t k = 0; k < map->size(); ++k)
        out += (k ? ", " : "") + (*map)[k].first.DebugString() + ": " + (*map)[k].second.DebugString();
      return out + "}";
    }
  }
  return "?";
}

const std::vector<std::string>& RequestAttributes() {
  static const std::vector<std::string> v = {"path", "url_path", "host", "scheme", "method", "headers",
                                             "referer", "useragent", "time", "id", "protocol", "query"};
  return v;
}
}  // namespace cfgi::cel
