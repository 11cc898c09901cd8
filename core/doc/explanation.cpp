#include "core/doc/explanation.h"
#include "core/doc/utf8.h"

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

nlohmann::ordered_json Step::ToJson(const JsonOptions& o) const {
  nlohmann::ordered_json j;
  j["what"] = ValidUtf8(what);
  j["outcome"] = OutcomeName(outcome);
  if (!detail.empty()) j["detail"] = ValidUtf8(detail);
  if (o.source && !(range.begin == 0 && range.end == 0)) j["line"] = o.source->Locate(range.begin).line;
  if (!children.empty()) {
    j["children"] = nlohmann::ordered_json::array();
    const size_t n = children.size(), edge = o.max_children / 2;
    for (size_t i = 0; i < n; ++i) {
      if (o.max_children && n > 2 * edge + 1 && i == edge) {
        j["children"].push_back({{"what", "..."}, {"outcome", "info"},
                                 {"detail", std::to_string(n - 2 * edge) + " more steps not shown"}});
        i = n - edge - 1;
        continue;
      }
      j["children"].push_back(children[i].ToJson(o));
    }
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
