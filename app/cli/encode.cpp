// app/cli/encode.cpp: `encode FILE`, the txt engine's encoder (core/txt/txt_encode.h): a gRPC
// service config (or a list of A2 choices) in JSON as DNS TXT records.
#include <cstdint>
#include <iostream>
#include <stdexcept>

#include "app/cli/common.h"
#include "app/cli/subcommands.h"
#include "core/doc/utf8.h"
#include "core/txt/txt_encode.h"

namespace cfgi::cli {

namespace {

using nlohmann::ordered_json;

ordered_json EncodeJson(const txt::EncodeOptions& opt, const txt::EncodeResult& r) {
  ordered_json j;
  j["name"] = opt.name;
  j["ttl"] = opt.ttl;
  j["json"] = r.json;
  j["strings"] = r.strings;
  j["zone"] = r.zone;
  j["dig"] = r.dig;
  j["rdata_bytes"] = r.rdata_bytes;
  j["message_bytes"] = r.message_bytes;
  j["diagnostics"] = DiagnosticsJson(r.diagnostics);
  return j;
}

// `--ttl` in seconds, 0 to 2^31-1 (RFC 2181 section 8); nullopt otherwise.
std::optional<uint32_t> ParseTtl(const std::string& v) {
  try {
    size_t used = 0;
    unsigned long t = std::stoul(v, &used);
    if (used != v.size() || t > 0x7fffffffUL) return std::nullopt;
    return static_cast<uint32_t>(t);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

}  // namespace

int RunEncode(const std::vector<std::string>& args) {
  txt::EncodeOptions opt;
  std::string format = "zone", file;
  ArgReader arg(args);  // common.h: `--name`, `--name=value`, `--name value`
  while (arg.Next()) {
    const std::string a = arg.arg();
    if (!arg.is_flag()) {
      if (!file.empty()) return UsageError("encode takes one FILE");
      file = a;
    } else if (arg.name() == "name" || arg.name() == "ttl" || arg.name() == "format") {
      if (!arg.TakeValue()) return UsageError("--" + arg.name() + " needs a value");
      const std::string& v = arg.value();
      if (arg.name() == "name") {
        opt.name = v;
      } else if (arg.name() == "format") {
        // One record format per run, so the output reads back with `eval` as it is: a zone-file
        // record (default), dig's ANSWER line, or the JSON report. "text" is the zone file.
        if (v != "zone" && v != "dig" && v != "json" && v != "text")
          return UsageError("--format for encode is zone (default), dig or json");
        format = v == "text" ? "zone" : v;
      } else if (std::optional<uint32_t> ttl = ParseTtl(v)) {
        opt.ttl = *ttl;
      } else {
        return UsageError("--ttl takes seconds, 0 to 2147483647");
      }
    } else {
      return UsageError("unknown option " + a + " for encode");
    }
  }
  if (file.empty()) return UsageError("encode needs a JSON FILE");
  std::optional<std::string> text = ReadFile(file);
  if (!text) return CannotRead(file);
  doc::Source src(file, std::move(*text));
  txt::EncodeResult r = txt::Encode(src, opt);
  if (format == "json") {
    PrintJson(EncodeJson(opt, r));
  } else {
    for (const auto& d : r.diagnostics) std::cerr << doc::FormatDiagnostic(d) << "\n";
    if (format == "dig" && !r.dig.empty()) std::cout << r.dig;
    else if (format == "zone" && !r.zone.empty()) std::cout << r.zone;
  }
  return doc::HasErrors(r.diagnostics) ? kExitFindings : kExitOk;
}

}  // namespace cfgi::cli
