// Fuzz target: Go's duration grammar as the policy schema reads it (core/policy/policy_schema.h
// ParseGoDuration / FormatGoDuration). Any text must parse or be rejected without a crash; what
// parses must print in Go's form and that form must parse back to the same value (the round trip
// the merged conf relies on: "111s" -> "1m51s" -> 111s).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/policy/policy_schema.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 4096) return 0;
  std::string text(reinterpret_cast<const char*>(data), size);
  std::string err;
  std::optional<int64_t> d = cfgi::policy::ParseGoDuration(text, &err);
  if (!d) {
    if (err.empty()) std::abort();  // every rejection carries Go's reason
    return 0;
  }
  std::string printed = cfgi::policy::FormatGoDuration(*d);
  std::optional<int64_t> again = cfgi::policy::ParseGoDuration(printed);
  if (!again || *again != *d) std::abort();
  if (cfgi::policy::FormatGoDuration(*again) != printed) std::abort();
  return 0;
}
