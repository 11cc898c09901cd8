#include "core/policy/policy_inspect_diff.h"

#include "core/policy/policy_inspect.h"
#include "core/policy/policy_merge.h"

namespace cfgi::policy {

ResourceConfDiff DiffResourceConfs(const PolicyResult& of, const PolicyResult& other) {
  ResourceConfDiff out;
  out.profile = Profiles().Name(of.id);
  out.other = Profiles().Name(other.id);
  nlohmann::ordered_json a = ResourceConfJson(of.inspection);
  nlohmann::ordered_json b = ResourceConfJson(other.inspection);
  Comparison c = Compare({{out.profile, &a}, {out.other, &b}});
  out.divergences = c.size();
  for (size_t ti = 0; ti < of.inspection.types.size(); ++ti) {
    const TypeConf& t = of.inspection.types[ti];
    const std::string base = "/policies/" + EscapePointerToken(t.type);
    const std::string conf = base + "/conf";
    std::vector<const Divergence*> divs = c.Under(conf);
    out.type_diffs[t.type] = divs.size();
    if (divs.empty() && c.CountUnder(base) > 0) out.other_merge.insert(t.type);
    for (size_t i = 0; i < t.lines.size(); ++i) {
      const ConfLine& l = t.lines[i];
      for (const Divergence* d : divs) {
        if (d->path.compare(0, conf.size(), conf) != 0) continue;
        std::string rest = d->path.substr(conf.size());
        if (rest == l.path) {
          auto v = d->values.find(out.other);
          out.line_diffs[{ti, i}] = v == d->values.end() || v->is_null() ? std::string("absent")
                                                                        : LeafText(nlohmann::json::parse(v->dump()));
          break;
        }
        if (l.path.compare(0, rest.size() + 1, rest + "/") == 0 ||
            (rest.compare(0, l.path.size() + 1, l.path + "/") == 0 && l.leaf)) {
          out.line_diffs[{ti, i}] = "differs";
          break;
        }
      }
    }
  }
  // Types only the other profile has.
  for (const Divergence& d : c.divergences) {
    if (d.path.compare(0, 10, "/policies/") != 0) continue;
    std::string t = d.path.substr(10, d.path.find('/', 10) - 10);
    if (!out.type_diffs.count(t)) out.type_diffs[t] += 1;
  }
  return out;
}

const ResourceConfDiff* ResourceConfDiffs::Find(std::string_view profile, std::string_view other) const {
  for (const ResourceConfDiff& d : diffs)
    if (d.profile == profile && d.other == other) return &d;
  return nullptr;
}

std::shared_ptr<const ResourceConfDiffs> DiffEveryResourceConf(
    const std::vector<std::pair<std::string, const EngineResult*>>& results) {
  const PolicyResult* madr = nullptr;
  std::vector<const PolicyResult*> kuma;
  for (const auto& [name, r] : results)
    if (const auto* pr = dynamic_cast<const PolicyResult*>(r); pr && pr->evaluated)
      (IsKuma(pr->id) ? kuma.push_back(pr) : void(madr = pr));
  if (!madr || kuma.empty()) return nullptr;
  auto out = std::make_shared<ResourceConfDiffs>();
  for (const PolicyResult* k : kuma) {
    out->diffs.push_back(DiffResourceConfs(*k, *madr));
    out->diffs.push_back(DiffResourceConfs(*madr, *k));
  }
  return out;
}

}  // namespace cfgi::policy
