// app/cli/lsp_hover.cpp: what the language server shows at a position (lsp.h): the hover's
// Markdown (the outline and go-to-definition are lsp_nav.cpp). Everything comes from the engines' typed results:
// the findings of the check, the explanation tree of the group's evaluation (doc::Step, the same
// tree `eval --explain` prints and the app's Explanation panel draws), and for Kuma the per-field
// provenance of the merged rules (policy_rules.h FieldProvenance).
#include <algorithm>
#include <filesystem>
#include <functional>
#include <set>

#include "app/cli/lsp.h"
#include "core/doc/codes.h"
#include "core/doc/utf8.h"
#include "core/policy/policy_engine.h"

namespace cfgi::cli {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// A Markdown-safe inline text: backticks become quotes, line breaks spaces.
std::string Inline(std::string s) {
  s = doc::ValidUtf8(s);
  for (char& c : s) {
    if (c == '`') c = '\'';
    if (c == '\n' || c == '\r') c = ' ';
  }
  return s;
}

// The outcome as the explanation's mark and name ("✓ matched", "✗ no-match"; info: "·"), as
// Step::ToText marks it: colour is never the only signal (here there is none).
std::string OutcomeWord(doc::Outcome o) {
  std::string mark = doc::OutcomeMark(o);
  return o == doc::Outcome::kInfo ? mark : mark + " " + doc::OutcomeName(o);
}

// Every deepest step of `root` whose range in `file` holds `offset`, with the chain of `what`s
// that leads to it; at most `cap`, in tree order.
struct Hit {
  std::vector<const doc::Step*> chain;
};
void FindSteps(const doc::Step& s, const std::string& file, const std::string& first_source, uint32_t offset,
               std::vector<const doc::Step*>& chain, std::vector<Hit>& hits, size_t cap) {
  if (hits.size() >= cap) return;
  chain.push_back(&s);
  size_t before = hits.size();
  for (const doc::Step& c : s.children) FindSteps(c, file, first_source, offset, chain, hits, cap);
  const std::string& f = s.file.empty() ? first_source : s.file;
  if (hits.size() == before && NormalPath(f) == file && RangeHolds(s.range, offset)) hits.push_back({chain});
  chain.pop_back();
}

// Kuma: the provenance writes (set or overridden) whose YAML holds `offset`, one line each.
// Every provenance write of `r` (set and overridden), for `each`.
void ForEachWrite(const policy::PolicyResult& r,
                  const std::function<void(const policy::FieldProvenance::Write&)>& each) {
  auto all = [&](const std::vector<policy::FieldProvenance>& prov) {
    for (const policy::FieldProvenance& fp : prov) {
      each(fp.set);
      for (const auto& w : fp.overrode) each(w);
    }
  };
  for (const policy::TypeRules& t : r.rules.types) {
    for (const policy::ResourceRule& rr : t.to_rules)
      if (rr.sparse) all(rr.provenance());
    for (const policy::InboundRule& ir : t.from_rules) all(ir.provenance);
    if (t.has_proxy_rule) all(t.proxy_rule.provenance);
  }
}

// A write's location is its value; on a key (`requestTimeout:` before `15s`) the value is the
// nearest one after the offset on the same line. `offset` itself when a value holds it or none follows.
uint32_t ValueAt(const policy::PolicyResult& r, const std::string& file, const doc::Source& src,
                 uint32_t offset) {
  bool held = false;
  uint32_t next = UINT32_MAX;
  int line = src.Locate(offset).line;
  ForEachWrite(r, [&](const policy::FieldProvenance::Write& w) {
    if (NormalPath(w.loc.file) != file || w.loc.range.end <= w.loc.range.begin) return;
    if (RangeHolds(w.loc.range, offset)) held = true;
    if (w.loc.range.begin > offset && w.loc.range.begin < next && src.Locate(w.loc.range.begin).line == line)
      next = w.loc.range.begin;
  });
  return held || next == UINT32_MAX ? offset : next;
}

void PolicyFieldLines(const policy::PolicyResult& r, const std::string& file, uint32_t offset,
                      std::vector<std::string>& lines, size_t cap) {
  std::set<std::string> seen;
  auto item_name = [](const policy::Item* it) {
    if (!it || !it->policy) return std::string("Kuma's default");
    const char* dir = it->direction == policy::Direction::kTo     ? "to"
                      : it->direction == policy::Direction::kFrom ? "from"
                                                                  : "rules";
    return it->policy->meta.type + " " + it->policy->meta.name + " " + dir + "[" +
           std::to_string(it->rule_index) + "]";
  };
  auto visit = [&](const std::string& type, const std::string& target,
                   const std::vector<policy::FieldProvenance>& prov) {
    for (const policy::FieldProvenance& fp : prov) {
      if (lines.size() >= cap) return;
      auto here = [&](const policy::FieldProvenance::Write& w) {
        return NormalPath(w.loc.file) == file && RangeHolds(w.loc.range, offset);
      };
      std::string line;
      if (here(fp.set)) {
        line = "`" + Inline(type) + "` for `" + Inline(target) + "`: `" + Inline(fp.path) + "` = `" +
               Inline(policy::LeafText(fp.set.value)) + "`, set by **" + Inline(item_name(fp.set.item)) +
               "** (the merged value)";
      } else {
        for (const auto& w : fp.overrode) {
          if (!here(w)) continue;
          line = "`" + Inline(type) + "` for `" + Inline(target) + "`: `" + Inline(fp.path) + "` = `" +
                 Inline(policy::LeafText(w.value)) + "` is overridden by **" +
                 Inline(item_name(fp.set.item)) + "** (merged value `" +
                 Inline(policy::LeafText(fp.set.value)) + "`)";
          break;
        }
      }
      if (!line.empty() && seen.insert(line).second) lines.push_back(line);
    }
  };
  for (const policy::TypeRules& t : r.rules.types) {
    for (const policy::ResourceRule& rr : t.to_rules)
      if (rr.sparse) visit(t.type, std::string(rr.key), rr.provenance());
    for (const policy::InboundRule& ir : t.from_rules)
      visit(t.type, "inbound " + (ir.inbound ? std::to_string(ir.inbound->port) : std::string("?")),
            ir.provenance);
    if (t.has_proxy_rule) visit(t.type, "the proxy", t.proxy_rule.provenance);
  }
}

}  // namespace

std::string HoverMarkdown(const std::string& file, uint32_t offset,
                          const std::vector<doc::Diagnostic>& findings, const doc::Source& src,
                          const GroupRun& run, const Inspection* evaluated, const std::string& docs_url) {
  std::string md;
  // 1. The findings here, with the code's documentation.
  for (const doc::Diagnostic& d : findings) {
    doc::SourceRange r{d.range.begin, std::max(d.range.end, d.range.begin + 1)};
    if (!(r.begin <= offset && offset < r.end) &&
        !(d.range.empty() && src.Locate(offset).line == d.begin.line))
      continue;
    md += "**" + d.code + "** (" + doc::SeverityName(d.severity) + "): " + Inline(d.message) + "\n\n";
    if (const doc::CodeInfo* c = doc::FindCode(d.code))
      md += "*" + Inline(std::string(c->title)) + "* — [" + d.code + " in docs/diagnostics.md](" + docs_url +
            "#" + doc::CodeAnchor(d.code) + ")\n\n";
  }
  if (!evaluated || evaluated->reports.empty()) return md;
  const Report* chosen = evaluated->Find(run.profile);
  const Report& r = chosen ? *chosen : evaluated->reports.front();
  // 2. Kuma: the merged value of the field here and the policy item that set it.
  std::vector<std::string> fields;
  if (const auto* pr = ResultAs<policy::PolicyResult>(r.typed.get()); pr && pr->evaluated) {
    PolicyFieldLines(*pr, file, ValueAt(*pr, file, src, offset), fields, 8);
    if (!fields.empty()) {
      std::string dp = pr->rules.dataplane ? pr->rules.dataplane->meta.name : "";
      md += "**Merged for dataplane `" + Inline(dp) + "`** (profile " + r.profile + ")\n\n";
      for (const std::string& l : fields) md += "- " + l + "\n";
      md += "\n";
    }
  }
  // 3. The explanation steps whose source range holds the position, under every profile
  // evaluated: one line per distinct step, with the profiles that reached it (so a TXT choice
  // says which implementations pick it, a matcher predicate under which profiles it matched).
  std::string first = run.scenario->sources.empty() ? "" : run.scenario->sources.front().source->name();
  std::vector<std::pair<std::string, std::vector<std::string>>> lines;  // line -> profiles
  for (const Report& each : evaluated->reports) {
    std::vector<Hit> hits;
    std::vector<const doc::Step*> chain;
    FindSteps(each.explanation, file, first, offset, chain, hits, 6);
    for (const Hit& h : hits) {
      const doc::Step& s = *h.chain.back();
      std::string line;
      for (size_t i = 1; i + 1 < h.chain.size(); ++i) {
        line += Inline(h.chain[i]->what);
        // One of several inputs (requests, subscriptions, clients): which one.
        if (i == 1 && h.chain[0]->children.size() > 1)
          line += " " + std::to_string(h.chain[1] - h.chain[0]->children.data());
        line += " › ";
      }
      line += "**" + Inline(s.what) + "**: " + OutcomeWord(s.outcome);
      if (!s.detail.empty()) line += " — " + Inline(s.detail);
      auto it = std::find_if(lines.begin(), lines.end(), [&line](const auto& l) { return l.first == line; });
      if (it == lines.end()) {
        lines.push_back({line, {}});
        it = lines.end() - 1;
      }
      if (std::find(it->second.begin(), it->second.end(), each.profile) == it->second.end())
        it->second.push_back(each.profile);
    }
  }
  if (!lines.empty()) {
    md += "**Why** (" + std::string(run.engine->name()) + ", the scenario's inputs)\n\n";
    for (const auto& [line, profiles] : lines) {
      std::string who;
      for (const std::string& p : profiles) who += (who.empty() ? "" : ", ") + p;
      md += "- " + line + " *(" + who + ")*\n";
    }
  }
  return md;
}

}  // namespace cfgi::cli
