// Fuzz target: the DNS answer reader of the live DNS source (app/live/dns_lookup.cpp,
// DescribeAnswer): any bytes as the message a server sent for _grpc_config.fuzz.test TXT, with and
// without the TCP fallback. The message is walked by our own parser (header, names through
// ares_expand_name, RRs) and by c-ares' ares_parse_txt_reply_ext, written as dig output and read
// back by the txt engine for every profile. Invariants: every LIVE diagnostic lies inside the
// document, the document is valid input for the txt engine (no crash), and the results serialise.
#include <cstddef>
#include <cstdint>
#include <string>

#include "app/live/live.h"
#include "core/doc/utf8.h"
#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "core/txt/txt_engine.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 70000) return 0;  // a DNS message is at most 65535 bytes
  std::string msg(reinterpret_cast<const char*>(data), size);
  bool tcp = size > 0 && (data[size - 1] & 1);
  cfgi::live::LiveResult r = cfgi::live::DescribeAnswer("_grpc_config.fuzz.test", msg, tcp);
  for (const cfgi::doc::Diagnostic& d : r.diagnostics) {
    if (d.code.rfind("LIVE", 0) != 0) __builtin_trap();
    if (d.range.end > r.document.text.size() || d.range.begin > d.range.end) __builtin_trap();
  }
  cfgi::Scenario s = cfgi::LoadScenario({r.document});
  cfgi::Report rep = cfgi::RunScenario(cfgi::GetTxtEngine(), s, cfgi::Query{}, "grpc-core", true);
  (void)cfgi::doc::JsonText(rep.result);
  (void)cfgi::doc::JsonText(r.info);
  return 0;
}
