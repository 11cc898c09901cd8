#include "core/doc/explanation.h"
#include "core/doc/utf8.h"

namespace cfgi::doc {

namespace {
thread_local uint64_t t_steps_built = 0;
}  // namespace

uint64_t ThreadStepsBuilt() { return t_steps_built; }
void internal::CountStep() { ++t_steps_built; }

void PutLocation(nlohmann::ordered_json& j, std::string_view file, Position p) {
  j["file"] = ValidUtf8(file);
  j["line"] = p.line;
  j["column"] = p.column;
}

void PutLocation(nlohmann::ordered_json& j, const Source* src, uint32_t offset) {
  if (!src) return PutLocation(j, "", Position{0, 0});
  PutLocation(j, src->name(), src->Locate(offset));
}

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

const char* OutcomeMark(Outcome o) {
  switch (o) {
    case Outcome::kMatched: return "\u2713";   // ✓
    case Outcome::kNoMatch: return "\u2717";   // ✗
    case Outcome::kError: return "!";
    case Outcome::kSkipped: return "-";
    case Outcome::kInfo: return "\u00b7";      // ·
  }
  return " ";
}

nlohmann::ordered_json Step::ToJson(const JsonOptions& o) const {
  nlohmann::ordered_json j;
  j["what"] = ValidUtf8(what);
  j["outcome"] = OutcomeName(outcome);
  if (!detail.empty()) j["detail"] = ValidUtf8(detail);
  if (!(range.begin == 0 && range.end == 0)) {
    const Source* src = nullptr;
    if (o.source && (file.empty() || file == o.source->name())) src = o.source;
    for (size_t i = 0; !src && i < o.sources.size(); ++i)
      if (o.sources[i] && (file.empty() ? i == 0 : o.sources[i]->name() == file)) src = o.sources[i];
    if (src) PutLocation(j, src, range.begin);
  }
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
  s += OutcomeMark(outcome);
  s += ' ';
  s += what;
  if (!detail.empty()) s += ": " + detail;
  s += '\n';
  for (const Step& c : children) s += c.ToText(indent + 1);
  return s;
}

std::vector<const Step*> DecidingPath(const Step& root) {
  std::vector<const Step*> path{&root};
  const Step* s = &root;
  while (!s->children.empty()) {
    const Step* next = nullptr;
    for (const Step& c : s->children) {
      bool same = s->outcome == Outcome::kInfo ? (c.outcome == Outcome::kMatched || c.outcome == Outcome::kError)
                                               : c.outcome == s->outcome;
      if (same) {
        next = &c;
        break;
      }
    }
    if (!next) break;
    path.push_back(next);
    s = next;
  }
  return path;
}

namespace {

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// "matchers[0]" .. "matchers[499]" -> "matchers[0..499]"; "variant 0: a" .. "variant 3: b" ->
// "variant 0..3"; otherwise "first … last".
std::string SpanLabel(const std::string& first, const std::string& last) {
  size_t p = 0;
  while (p < first.size() && p < last.size() && first[p] == last[p]) ++p;
  while (p > 0 && IsDigit(first[p - 1])) --p;  // back to the start of the number
  size_t a = p, b = p;
  while (a < first.size() && IsDigit(first[a])) ++a;
  while (b < last.size() && IsDigit(last[b])) ++b;
  if (a > p && b > p) {
    std::string out = first.substr(0, p) + first.substr(p, a - p) + ".." + last.substr(p, b - p);
    if (first.substr(a) == last.substr(b)) out += first.substr(a);
    return out;
  }
  return first + " \u2026 " + last;
}

}  // namespace

std::vector<StepRun> FoldRuns(const std::vector<Step>& steps, size_t min_run) {
  std::vector<StepRun> runs;
  if (min_run < 2) min_run = 2;
  size_t i = 0;
  while (i < steps.size()) {
    size_t j = i + 1;
    while (j < steps.size() && steps[j].outcome == steps[i].outcome) ++j;
    if (j - i >= min_run) {
      std::string word = OutcomeName(steps[i].outcome);
      for (char& c : word)
        if (c == '-') c = ' ';
      runs.push_back({i, j, SpanLabel(steps[i].what, steps[j - 1].what) + ": " + word});
    } else {
      for (size_t k = i; k < j; ++k) runs.push_back({k, k + 1, {}});
    }
    i = j;
  }
  return runs;
}

}  // namespace cfgi::doc
