// core/engine/dead_config.cpp: see dead_config.h.
#include "core/engine/dead_config.h"

namespace cfgi {

const std::vector<std::string>& DeadConfigurationCodes() {
  // Each is documented as dead configuration in docs/diagnostics.md.
  static const std::vector<std::string> codes = {"VAR106", "VAR107", "MAT016", "TXT038", "POL018", "TGT022"};
  return codes;
}

std::vector<doc::Suppression> DeadConfigurationSuppressions() {
  std::vector<doc::Suppression> out;
  for (const std::string& code : DeadConfigurationCodes()) {
    doc::Suppression s;
    s.code = code;
    s.origin = doc::SuppressionOrigin::kApp;
    s.report_unused = false;
    s.reason = "Hide dead-configuration lints";
    s.label = "Hide dead-configuration lints (" + code + ")";
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace cfgi
