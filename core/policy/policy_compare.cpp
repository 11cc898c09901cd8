// The policy engine's profile comparison, typed (Engine::CompareResults): a dataplane of a large
// mesh has tens of thousands of toResourceRules rows per profile, each with its merged conf and
// every field's provenance, and most of it is the same under every Kuma release. SameParts finds
// those parts on the typed rules (a shared RuleBody, else the values RulesJson would print), and
// only the rest is serialised for the one leaf comparison (compare.h Compare). A masked part is
// present and equal in every profile, so the comparison's divergences, values and answers are
// exactly those of the results' full JSON (EngineContract.TypedComparisonEqualsJsonComparison).
#include <map>
#include <utility>

#include "core/policy/policy_engine.h"

namespace cfgi::policy {

namespace {

bool SameLoc(const Loc& a, const Loc& b) {
  // PutLoc prints the file and, with a source, the begin's line and column.
  return a.file == b.file && a.source == b.source && (!a.source || a.range.begin == b.range.begin);
}

// WriteJson's fields: the item's policy and rule index, path, kind, value (when printed), location.
bool SameWrite(const FieldProvenance::Write& a, const FieldProvenance::Write& b, bool with_value) {
  return a.item->policy == b.item->policy && a.item->rule_index == b.item->rule_index && a.path == b.path &&
         a.is_default == b.is_default && (!with_value || a.value == b.value) && SameLoc(a.loc, b.loc);
}

// FieldsJson's fields.
bool SameFields(const std::vector<FieldProvenance>& a, const std::vector<FieldProvenance>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    const FieldProvenance& x = a[i];
    const FieldProvenance& y = b[i];
    if (x.path != y.path || x.appended != y.appended || !SameWrite(x.set, y.set, false) ||
        x.overrode.size() != y.overrode.size())
      return false;
    for (size_t k = 0; k < x.overrode.size(); ++k)
      if (!SameWrite(x.overrode[k], y.overrode[k], true)) return false;
  }
  return true;
}

// OriginJson's fields.
bool SameOrigins(const std::vector<Origin>& a, const std::vector<Origin>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].policy != b[i].policy || a[i].rule_index != b[i].rule_index) return false;
  return true;
}

// MetaJson's fields.
bool SameMeta(const Meta* a, const Meta* b) {
  return a == b || (a->type == b->type && a->mesh == b->mesh && a->name == b->name && a->labels == b->labels);
}

// The body parts two rows share (kConf | kConfs | kOrigin | kFields), remembered per pair of
// bodies: the rows a labels targetRef or the fallback fans out share a few bodies.
uint8_t SameBodyParts(const RuleBody* a, const RuleBody* b, std::map<std::pair<const RuleBody*, const RuleBody*>, uint8_t>& seen) {
  constexpr uint8_t kAll = RowMask::kConf | RowMask::kConfs | RowMask::kOrigin | RowMask::kFields;
  if (a == b) return kAll;
  auto [it, added] = seen.emplace(std::make_pair(a, b), 0);
  if (!added) return it->second;
  uint8_t same = 0;
  if (a->conf == b->conf) same |= RowMask::kConf;
  if (a->confs == b->confs) same |= RowMask::kConfs;
  if (SameOrigins(a->origin, b->origin)) same |= RowMask::kOrigin;
  if (SameFields(a->provenance, b->provenance)) same |= RowMask::kFields;
  return it->second = same;
}

// Whether the result's JSON is RulesJson's (with "/rules/T/toResourceRules/R" as in its rules).
bool ListsRules(const PolicyResult& r) { return r.evaluated && !r.kuma_inspect && r.rules.dataplane; }

}  // namespace

RowMask SameParts(const std::vector<const PolicyResult*>& results) {
  RowMask mask;
  if (results.size() < 2) return mask;
  for (const PolicyResult* r : results)
    if (!r || !ListsRules(*r)) return mask;
  const PolicyResult& first = *results.front();
  size_t types = first.rules.types.size();
  for (const PolicyResult* r : results) types = std::min(types, r->rules.types.size());
  std::map<std::pair<const RuleBody*, const RuleBody*>, uint8_t> seen;
  mask.parts.resize(types);
  for (size_t t = 0; t < types; ++t) {
    size_t rows = first.rules.types[t].to_rules.size();
    for (const PolicyResult* r : results) rows = std::min(rows, r->rules.types[t].to_rules.size());
    mask.parts[t].assign(rows, 0);
    for (size_t j = 0; j < rows; ++j) {
      const ResourceRule& a = first.rules.types[t].to_rules[j];
      uint8_t same = RowMask::kMeta | RowMask::kConf | RowMask::kConfs | RowMask::kOrigin | RowMask::kFields;
      for (size_t k = 1; k < results.size() && same; ++k) {
        const ResourceRule& b = results[k]->rules.types[t].to_rules[j];
        if (!SameMeta(a.resource.get(), b.resource.get())) same &= static_cast<uint8_t>(~RowMask::kMeta);
        same &= static_cast<uint8_t>(SameBodyParts(a.body.get(), b.body.get(), seen) | RowMask::kMeta);
      }
      mask.parts[t][j] = same;
    }
  }
  return mask;
}

Comparison CompareTyped(const Engine& e, const std::vector<ComparedResult>& results) {
  std::vector<const PolicyResult*> typed;
  for (const ComparedResult& r : results) typed.push_back(ResultAs<PolicyResult>(r.typed));
  const RowMask mask = SameParts(typed);
  if (mask.parts.empty()) return CompareResultsJson(e, results);
  std::vector<nlohmann::ordered_json> json;
  json.reserve(results.size());
  for (const PolicyResult* r : typed) json.push_back(r->Json(&mask));
  std::vector<std::pair<std::string, const nlohmann::ordered_json*>> in;
  for (size_t i = 0; i < results.size(); ++i) in.emplace_back(results[i].profile, &json[i]);
  return Compare(in, e.profile_settings(), e.answer_units());
}

}  // namespace cfgi::policy
