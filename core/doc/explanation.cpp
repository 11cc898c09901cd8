#include "core/doc/explanation.h"

namespace cfgi::doc {

const char* OutcomeName(Outcome o) {
  switch (o) {
    case Outcome::kMatched: return "matched";
    case Outcome::kNoMatch: return "no-match";
    case Outcome::kError: return "error";
    case Outcome::kSkipped: return "skipped";
    case Outcome::kInfo: return "info";
  }
  return "info";
}

namespace {
const char* Mark(Outcome o) {
  switch (o) {
    case Outcome::kMatched: return "\u2713";   // ✓
    case Outcome::kNoMatch: return "\u2717";   // ✗
    case Outcome::kError: return "!";
    case Outcome::kSkipped: return "-";
    case Outcome::kInfo: return "\u00b7";      // ·
  }
  return " ";
}
}  // namespace

nlohmann::ordered_json Step::ToJson() const {
  nlohmann::ordered_json j;
  j["what"] = what;
  j["outcome"] = OutcomeName(outcome);
  if (!detail.empty()) j["detail"] = detail;
  if (!children.empty()) {
    j["children"] = nlohmann::ordered_json::array();
    for (const Step& c : children) j["children"].push_back(c.ToJson());
  }
  return j;
}

std::string Step::ToText(int indent) const {
  std::string s(static_cast<size_t>(indent) * 2, ' ');
  s += Mark(outcome);
  s += ' ';
  s += what;
  if (!detail.empty()) s += ": " + detail;
  s += '\n';
  for (const Step& c : children) s += c.ToText(indent + 1);
  return s;
}

}  // namespace cfgi::doc
