#include "core/txt/txt_encode.h"

#include <nlohmann/json.hpp>

#include "core/doc/json.h"
#include "core/txt/txt_model.h"
#include "core/txt/txt_records.h"
#include "core/txt/txt_service_config.h"

namespace cfgi::txt {

std::string EscapeCharString(std::string_view bytes) {
  std::string out = "\"";
  for (char ch : bytes) {
    unsigned char c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += ch;
    } else if (c < 0x20 || c >= 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\%03u", static_cast<unsigned>(c));
      out += buf;
    } else {
      out += ch;
    }
  }
  return out + "\"";
}

EncodeResult Encode(const doc::Source& src, const EncodeOptions& options) {
  EncodeResult res;
  doc::DiagnosticSink sink(&src);
  JsonParse jp = ParseJsonPositions(src.text());
  if (!jp.root || jp.error != JsonParse::Error::kNone) {
    std::string why = jp.error == JsonParse::Error::kSingleQuote ? "single-quoted strings are not JSON; use double quotes"
                                                                 : jp.message;
    sink.Error("TXT062", {jp.error_offset, jp.error_offset + 1}, "cannot encode: the input is not JSON (" + Printable(why) +
               "); give a service config object or a list of choices");
    res.diagnostics = sink.list();
    return res;
  }
  const doc::Node& root = *jp.root;
  nlohmann::ordered_json list;
  std::vector<const doc::Node*> configs;
  std::vector<std::string> paths;
  if (root.is_seq()) {
    list = root.ToOrderedJson();
    int i = 0;
    for (const doc::Node& ch : root.items()) {
      if (!ch.is_map()) {
        sink.Error("TXT062", ch.range(), "a choice must be an object {\"serviceConfig\": {...}}");
      } else if (const doc::Node* sc = ch.Get("serviceConfig")) {
        configs.push_back(sc);
        paths.push_back("[" + std::to_string(i) + "].serviceConfig");
      }
      ++i;
    }
  } else if (root.is_map() && root.Get("serviceConfig")) {
    list = nlohmann::ordered_json::array({root.ToOrderedJson()});
    configs.push_back(root.Get("serviceConfig"));
    paths.push_back("serviceConfig");
  } else if (root.is_map()) {
    list = nlohmann::ordered_json::array({{{"serviceConfig", root.ToOrderedJson()}}});
    configs.push_back(&root);
    paths.push_back("");
  } else {
    sink.Error("TXT062", root.range(), std::string("cannot encode a ") + root.kind_name() +
               "; give a service config object or a list of choices");
    res.diagnostics = sink.list();
    return res;
  }
  for (size_t i = 0; i < configs.size(); ++i) {
    ValidateServiceConfig(*configs[i], ProfileId::kCore, paths[i], sink);
  }
  res.json = list.dump();  // compact; \u escapes keep it ASCII only when the input was
  std::string attr = std::string(kAttributePrefix) + res.json;
  for (size_t k = 0; k < attr.size(); ++k)
    if (static_cast<unsigned char>(attr[k]) >= 0x80) {
      sink.Warning("TXT063", {0, 0}, "the config has non-ASCII text; A2 requires ASCII in TXT records: "
                   "write \\u escapes in JSON strings");
      break;
    }
  for (size_t off = 0; off < attr.size(); off += kMaxStringBytes) res.strings.push_back(attr.substr(off, kMaxStringBytes));
  for (const std::string& s : res.strings) {
    res.quoted.push_back(EscapeCharString(s));
    res.rdata_bytes += 1 + s.size();
  }
  // Wire size: header 12, question (name + type + class), answer (compressed name pointer 2,
  // type 2, class 2, ttl 4, rdlength 2, rdata).
  std::string name = options.name;
  std::string fqdn = name.empty() || name.back() == '.' ? name : name + ".";
  size_t qname = 1;
  {
    size_t start = 0;
    std::string n = fqdn.empty() ? "" : fqdn.substr(0, fqdn.size() - 1);
    while (!n.empty() && start <= n.size()) {
      size_t dot = n.find('.', start);
      size_t len = (dot == std::string::npos ? n.size() : dot) - start;
      qname += len + 1;
      if (dot == std::string::npos) break;
      start = dot + 1;
    }
  }
  res.message_bytes = 12 + qname + 4 + 12 + res.rdata_bytes;
  if (res.rdata_bytes > 65535 || res.message_bytes > 65535)
    sink.Error("TXT061", {0, 0}, "the TXT record needs " + std::to_string(res.message_bytes) +
               " bytes on the wire, past the 65,535-byte DNS message limit; shrink the config (fewer methodConfig entries, shorter names)");
  else if (res.message_bytes > 512)
    sink.Warning("TXT060", {0, 0}, "the DNS answer is " + std::to_string(res.message_bytes) +
                 " bytes, over 512: it does not fit a plain UDP response, so resolvers retry over TCP (slower, and some "
                 "networks block it); shrink the config if you can");
  std::string head = name + " " + std::to_string(options.ttl) + " IN TXT ";
  if (res.quoted.size() == 1) {
    res.zone = head + res.quoted[0] + "\n";
  } else {
    res.zone = head + "(\n";
    for (size_t i = 0; i < res.quoted.size(); ++i) res.zone += "    " + res.quoted[i] + (i + 1 == res.quoted.size() ? " )\n" : "\n");
  }
  res.dig = ";; ANSWER SECTION:\n" + fqdn + "\t" + std::to_string(options.ttl) + "\tIN\tTXT\t";
  for (size_t i = 0; i < res.quoted.size(); ++i) res.dig += (i ? " " : "") + res.quoted[i];
  res.dig += "\n";
  res.ok = !sink.has_errors();
  res.diagnostics = sink.list();
  for (doc::Diagnostic& d : res.diagnostics) d.message = Printable(d.message);
  return res;
}

}  // namespace cfgi::txt
