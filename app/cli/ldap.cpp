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
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--match-case") {
      match_case = true;
    } else if (a == "--props") {
      if (i + 1 >= args.size()) return UsageError("--props needs a JSON object");
      props = args[++i];
    } else if (a.rfind("--props=", 0) == 0) {
      props = a.substr(8);
    } else if (a == "--format" && i + 1 < args.size() && args[i + 1] == "json") {
      ++i;  // the output is always JSON
    } else if (a.rfind("--", 0) == 0) {
      return UsageError("unknown option " + a + " for ldap (--props JSON, --match-case)");
    } else if (!filter) {
      filter = a;
    } else {
      return UsageError("ldap takes one FILTER; quote it: ldap '(&(a=1)(b=2))'");
    }
  }
  if (!filter) return UsageError("ldap needs a FILTER, e.g. ldap '(port>=8080)' --props '{\"port\": 8080}'");
  nlohmann::ordered_json j = ldap::EvaluateJson(*filter, props, match_case);
  PrintJson(j);
  return j["error"].is_null() ? kExitOk : kExitFindings;
}

}  // namespace cfgi::cli
