// app/cli/ldap.cpp: `ldap FILTER --props JSON [--match-case]`: one CppMicroServices LDAP filter
// against one property map (core/ldap/filter.h), JSON out.
#include "app/cli/common.h"
#include "app/cli/subcommands.h"
#include "core/ldap/filter.h"

namespace cfgi::cli {

int RunLdap(const std::vector<std::string>& args) {
  std::optional<std::string> filter;
  std::string props = "{}";
  bool match_case = false;
  ArgReader r(args);  // common.h: `--name`, `--name=value`, `--name value`
  while (r.Next()) {
    const std::string a = r.arg();
    if (!r.is_flag()) {
      if (filter) return UsageError("ldap takes one FILTER; quote it: ldap '(&(a=1)(b=2))'");
      filter = a;
    } else if (r.name() == "match-case" && !r.has_inline()) {
      match_case = true;
    } else if (r.name() == "props") {
      if (!r.TakeValue()) return UsageError("--props needs a JSON object");
      props = r.value();
    } else if (r.name() == "format") {  // the output is always JSON
      if (!r.TakeValue() || r.value() != "json") return UsageError("ldap prints JSON only: --format json");
    } else {
      return UsageError("unknown option " + a + " for ldap (--props JSON, --match-case)");
    }
  }
  if (!filter) return UsageError("ldap needs a FILTER, e.g. ldap '(port>=8080)' --props '{\"port\": 8080}'");
  nlohmann::ordered_json j = ldap::EvaluateJson(*filter, props, match_case);
  PrintJson(j);
  return j["error"].is_null() ? kExitOk : kExitFindings;
}

}  // namespace cfgi::cli
