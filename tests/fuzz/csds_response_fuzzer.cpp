// Fuzz target: the CSDS answer reader of the live CSDS source (app/live/csds_read.cpp,
// DescribeClientStatus): any bytes as the ClientStatusResponse a gRPC admin server sent. The bytes
// are parsed with the CSDS protos of app/live/proto, each client scope written as a config_dump
// document and read by the matcher engine. Invariants: every diagnostic is a LIVE code lying
// inside its document (or the target), every document is valid JSON the matcher engine reads
// without a crash, and the results serialise.
#include <cstddef>
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "app/live/live.h"
#include "core/doc/utf8.h"
#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "core/matcher/matcher_engine.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 1 << 20) return 0;
  const std::string target = "127.0.0.1:50051";
  cfgi::live::LiveResult r =
      cfgi::live::DescribeClientStatus(target, std::string(reinterpret_cast<const char*>(data), size));
  std::vector<cfgi::InputFile> docs;
  if (!r.document.name.empty()) docs.push_back(r.document);
  docs.insert(docs.end(), r.more_documents.begin(), r.more_documents.end());
  for (const cfgi::doc::Diagnostic& d : r.diagnostics) {
    if (d.code.rfind("LIVE", 0) != 0) __builtin_trap();
    size_t limit = target.size();
    for (const cfgi::InputFile& f : docs)
      if (f.name == d.file) limit = f.text.size();
    if (d.range.end > limit || d.range.begin > d.range.end) __builtin_trap();
  }
  for (const cfgi::InputFile& f : docs)
    if (!nlohmann::json::accept(f.text)) __builtin_trap();
  if (!docs.empty()) {
    cfgi::Scenario s = cfgi::LoadScenario(docs);
    cfgi::Report rep = cfgi::RunScenario(cfgi::GetMatcherEngine(), s, cfgi::Query{}, "grpc-core", true);
    (void)cfgi::doc::JsonText(rep.result);
  }
  (void)cfgi::doc::JsonText(r.info);
  return 0;
}
