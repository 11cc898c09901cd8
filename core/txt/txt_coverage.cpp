// The txt engine's coverage (core/engine/coverage.h): every choice of the profile's choice list
// is one "choice" item (per `_grpc_config` name of a zone with several), reached when the
// scenario's client selects it (Evaluation::choice). A client reaches at most one choice per
// name: covering a list takes one scenario per client (language, hostname, draw) that should
// land on each choice, as gRPC's own resolver tests do (grpc-java DnsNameResolverTest
// maybeChooseServiceConfig_clientLanguageMatchesJava and its siblings: one client per case).
#include "core/txt/txt_engine.h"

namespace cfgi::txt {

namespace {

void AddChoices(const CompiledRecords& a, ProfileId p, const Evaluation& ev, std::vector<CoverageItem>& out) {
  const Compiled& c = a.of(p);
  for (const Choice& ch : c.choices) {
    doc::SourceRange range;
    if (ch.node && ch.attribute >= 0 && static_cast<size_t>(ch.attribute) < c.attributes.size())
      range = c.attributes[static_cast<size_t>(ch.attribute)].json.Map(ch.node->range().begin, ch.node->range().end);
    std::string owner = a.query_name.empty() ? "" : " of " + a.query_name;
    CoverageItem it = CoverageAt(a.source.get(), range, "choice", a.query_owner + "#" + std::to_string(ch.index),
                                 "choice " + std::to_string(ch.index) + owner);
    it.reached = ev.choice && *ev.choice == ch.index;
    if (!it.reached) it.why = "the client selects no service config from it";
    out.push_back(std::move(it));
  }
}

}  // namespace

std::vector<CoverageItem> TxtModel::Coverage(const EngineResult& r) const {
  std::vector<CoverageItem> out;
  const auto* tr = ResultAs<TxtResult>(&r);
  if (!tr || !tr->evaluated || !tr->analysis) return out;
  if (per_name.size() > 1 && tr->names.size() == per_name.size()) {
    for (size_t i = 0; i < per_name.size(); ++i) AddChoices(*per_name[i], tr->id, tr->names[i].evaluation, out);
    return out;
  }
  AddChoices(*tr->analysis, tr->id, tr->evaluation, out);
  return out;
}

}  // namespace cfgi::txt
