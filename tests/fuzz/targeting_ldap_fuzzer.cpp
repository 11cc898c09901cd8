// Fuzz target: the LDAP filter parser and matcher (core/ldap). Any input must give a filter or a
// located error, never a crash or a hang; a parsed filter's canonical text must parse again to
// the same canonical text, and Match and Explain must agree.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/ldap/filter.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  cfgi::ldap::ParseResult r = cfgi::ldap::Parse(text);
  if (!r.filter) {
    if (!r.error || r.error->offset > text.size()) __builtin_trap();
    return 0;
  }
  std::string canonical = r.filter->ToString();
  cfgi::ldap::ParseResult again = cfgi::ldap::Parse(canonical);
  if (!again.filter || again.filter->ToString() != canonical) __builtin_trap();
  static const cfgi::ldap::Properties props = [] {
    cfgi::ldap::Properties p;
    p.Set("objectclass", cfgi::ldap::Value::StringList({"a::B", "c::D"}));
    p.Set("port", cfgi::ldap::Value::Int(8080));
    p.Set("id", cfgi::ldap::Value::Long(42));
    p.Set("ratio", cfgi::ldap::Value::Double(0.5));
    p.Set("on", cfgi::ldap::Value::Bool(true));
    p.Set("name", cfgi::ldap::Value::String("alpha beta"));
    p.Set("list", cfgi::ldap::Value::List({cfgi::ldap::Value::Int(1), cfgi::ldap::Value::String("x")}));
    return p;
  }();
  for (bool match_case : {false, true}) {
    cfgi::ldap::Trace t;
    if (r.filter->Match(props, match_case) != r.filter->Explain(props, match_case, &t)) __builtin_trap();
  }
  return 0;
}
