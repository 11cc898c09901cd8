// Fuzz target: the document layer (format detection, YAML, JSON and textproto loading).
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/doc/load.h"

#include "tests/fuzz/invariants.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  for (auto f : {cfgi::doc::Format::kYaml, cfgi::doc::Format::kJson, cfgi::doc::Format::kTextProto})
    cfgi::fuzz::CheckDocument(cfgi::doc::LoadDocumentAs(f, "fuzz", text));
  return 0;
}
