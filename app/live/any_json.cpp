// app/live/any_json.cpp: binary Anys opened as proto3 JSON (any_json.h).
#include "app/live/any_json.h"

#include <google/protobuf/descriptor.h>
#include <google/protobuf/descriptor.pb.h>
#include <google/protobuf/dynamic_message.h>
#include <google/protobuf/message.h>
#include <google/protobuf/stubs/logging.h>
#include <google/protobuf/util/json_util.h>
#include <google/protobuf/util/type_resolver.h>
#include <google/protobuf/util/type_resolver_util.h>

#include <cmath>
#include <memory>

#include "core/doc/sha256.h"

namespace cfgi::live {

// app/live/embed_bytes.cmake: the FileDescriptorSet app/live/CMakeLists.txt compiles.
extern const unsigned char kLiveSchemas[];
extern const unsigned long kLiveSchemasSize;

namespace {

namespace pb = google::protobuf;
using nlohmann::ordered_json;

// The type resolver over SchemaPool() that prints the well-known types (Duration, Struct...).
pb::util::TypeResolver* Resolver() {
  static pb::util::TypeResolver* const kResolver =
      pb::util::NewTypeResolverForDescriptorPool("type.googleapis.com", &SchemaPool());
  return kResolver;
}

// Thread-safe (GetPrototype locks); prototypes live as long as the process.
pb::DynamicMessageFactory& Factory() {
  static pb::DynamicMessageFactory* const kFactory = new pb::DynamicMessageFactory(&SchemaPool());
  return *kFactory;
}

class Writer {
 public:
  std::set<std::string> opaque;

  // An Any (type_url, value) as JSON: expanded with "@type", or kept binary.
  ordered_json Any(const std::string& type_url, const std::string& value, int depth, bool* known, bool* opened) {
    size_t slash = type_url.rfind('/');
    std::string name = slash == std::string::npos ? type_url : type_url.substr(slash + 1);
    const pb::Descriptor* d = SchemaPool().FindMessageTypeByName(name);
    if (known) *known = d != nullptr;
    std::unique_ptr<pb::Message> m;
    if (d && depth < 64) {
      if (const pb::Message* proto = Factory().GetPrototype(d)) m.reset(proto->New());
    }
    // A body that is not its type is said once as LIVE037 by the caller: protobuf's own log line
    // (invalid UTF-8 in a string field...) is silenced, not printed on stderr.
    bool parsed = false;
    if (m) {
      pb::LogSilencer quiet;
      parsed = m->ParseFromString(value);
    }
    if (!parsed) {
      opaque.insert(type_url);
      ordered_json j = ordered_json::object();
      j["type_url"] = type_url;
      j["value"] = doc::Base64(value);
      return j;
    }
    if (opened) *opened = true;
    ordered_json j = ordered_json::object();
    j["@type"] = type_url;
    ordered_json body = Message(*m, depth + 1);
    if (IsWellKnown(*d)) {
      j["value"] = std::move(body);  // proto3 JSON: a well-known type inside an Any is under "value"
    } else {
      for (auto& [k, v] : body.items()) j[k] = std::move(v);
    }
    return j;
  }

  ordered_json Message(const pb::Message& m, int depth) {
    const pb::Descriptor* d = m.GetDescriptor();
    if (d->full_name() == "google.protobuf.Any") {
      const pb::Reflection* r = m.GetReflection();
      return Any(r->GetString(m, d->FindFieldByNumber(1)), r->GetString(m, d->FindFieldByNumber(2)), depth, nullptr,
                 nullptr);
    }
    if (IsWellKnown(*d)) {  // Duration, Timestamp, wrappers, Struct...: protobuf's own JSON form
      std::string text;
      pb::util::JsonPrintOptions o;
      o.preserve_proto_field_names = true;
      if (pb::util::BinaryToJsonString(Resolver(), "type.googleapis.com/" + d->full_name(), m.SerializeAsString(),
                                       &text, o)
              .ok()) {
        ordered_json j = ordered_json::parse(text, nullptr, false);
        if (!j.is_discarded()) return j;
      }
      return ordered_json::object();
    }
    ordered_json out = ordered_json::object();
    if (depth > 64) return out;
    const pb::Reflection* r = m.GetReflection();
    std::vector<const pb::FieldDescriptor*> fields;
    r->ListFields(m, &fields);
    for (const pb::FieldDescriptor* f : fields) {
      if (f->is_map()) {
        ordered_json obj = ordered_json::object();
        const pb::FieldDescriptor* kf = f->message_type()->FindFieldByNumber(1);
        const pb::FieldDescriptor* vf = f->message_type()->FindFieldByNumber(2);
        for (int i = 0; i < r->FieldSize(m, f); ++i) {
          const pb::Message& e = r->GetRepeatedMessage(m, f, i);
          ordered_json k = Scalar(e, kf, -1);
          std::string key = k.is_string() ? k.get<std::string>() : k.dump();
          obj[key] = Value(e, vf, -1, depth);
        }
        out[f->name()] = std::move(obj);
      } else if (f->is_repeated()) {
        ordered_json arr = ordered_json::array();
        for (int i = 0; i < r->FieldSize(m, f); ++i) arr.push_back(Value(m, f, i, depth));
        out[f->name()] = std::move(arr);
      } else {
        out[f->name()] = Value(m, f, -1, depth);
      }
    }
    return out;
  }

 private:
  static bool IsWellKnown(const pb::Descriptor& d) {
    return d.file()->package() == "google.protobuf" && d.full_name() != "google.protobuf.Any";
  }

  ordered_json Value(const pb::Message& m, const pb::FieldDescriptor* f, int i, int depth) {
    if (f->cpp_type() == pb::FieldDescriptor::CPPTYPE_MESSAGE) {
      const pb::Reflection* r = m.GetReflection();
      return Message(i < 0 ? r->GetMessage(m, f) : r->GetRepeatedMessage(m, f, i), depth + 1);
    }
    return Scalar(m, f, i);
  }

  // i < 0: a singular field.
  static ordered_json Scalar(const pb::Message& m, const pb::FieldDescriptor* f, int i) {
    const pb::Reflection* r = m.GetReflection();
    const bool rep = i >= 0;
    switch (f->cpp_type()) {
      case pb::FieldDescriptor::CPPTYPE_INT32: return rep ? r->GetRepeatedInt32(m, f, i) : r->GetInt32(m, f);
      case pb::FieldDescriptor::CPPTYPE_UINT32: return rep ? r->GetRepeatedUInt32(m, f, i) : r->GetUInt32(m, f);
      case pb::FieldDescriptor::CPPTYPE_INT64:  // proto3 JSON: 64-bit integers are strings
        return std::to_string(rep ? r->GetRepeatedInt64(m, f, i) : r->GetInt64(m, f));
      case pb::FieldDescriptor::CPPTYPE_UINT64: return std::to_string(rep ? r->GetRepeatedUInt64(m, f, i) : r->GetUInt64(m, f));
      case pb::FieldDescriptor::CPPTYPE_BOOL: return rep ? r->GetRepeatedBool(m, f, i) : r->GetBool(m, f);
      case pb::FieldDescriptor::CPPTYPE_DOUBLE:
      case pb::FieldDescriptor::CPPTYPE_FLOAT: {
        double v = f->cpp_type() == pb::FieldDescriptor::CPPTYPE_DOUBLE
                       ? (rep ? r->GetRepeatedDouble(m, f, i) : r->GetDouble(m, f))
                       : (rep ? r->GetRepeatedFloat(m, f, i) : r->GetFloat(m, f));
        if (std::isnan(v)) return "NaN";
        if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
        return v;
      }
      case pb::FieldDescriptor::CPPTYPE_ENUM: {
        const pb::EnumValueDescriptor* e = rep ? r->GetRepeatedEnum(m, f, i) : r->GetEnum(m, f);
        return e->name();
      }
      case pb::FieldDescriptor::CPPTYPE_STRING: {
        std::string s = rep ? r->GetRepeatedString(m, f, i) : r->GetString(m, f);
        if (f->type() == pb::FieldDescriptor::TYPE_BYTES) return doc::Base64(s);
        return s;  // proto3 parsing checked UTF-8; the writer dumps with error_handler_t::replace anyway
      }
      default: return nullptr;
    }
  }
};

}  // namespace

const google::protobuf::DescriptorPool& SchemaPool() {
  static const pb::DescriptorPool* const kPool = [] {
    auto* pool = new pb::DescriptorPool();  // no underlay: nothing of the generated pool
    pb::FileDescriptorSet set;
    if (set.ParseFromArray(kLiveSchemas, static_cast<int>(kLiveSchemasSize))) {
      // protoc --include_imports writes every file after its imports.
      for (const pb::FileDescriptorProto& f : set.file()) pool->BuildFile(f);
    }
    return pool;
  }();
  return *kPool;
}

AnyJson OpenAny(const google::protobuf::Any& any) {
  Writer w;
  AnyJson out;
  out.json = w.Any(any.type_url(), any.value(), 0, &out.known, &out.opened);
  out.opaque = std::move(w.opaque);
  if (out.opened) out.opaque.erase(any.type_url());
  return out;
}

}  // namespace cfgi::live
