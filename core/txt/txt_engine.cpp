#include "core/txt/txt_engine.h"

#include <algorithm>

namespace cfgi {

using nlohmann::ordered_json;

namespace txt {

namespace {

ordered_json ShareTarget(int choice) {
  return choice >= 0 ? ordered_json(choice) : ordered_json(nullptr);
}

}  // namespace

ordered_json ResultJson(const Analysis& a, ProfileId p, const Client& c, const Evaluation& ev, const Rollout& ro) {
  const Compiled& comp = a.of(p);
  ordered_json j;
  j["service_config"] = ev.service_config ? *ev.service_config : ordered_json(nullptr);
  j["choice"] = ev.choice ? ordered_json(*ev.choice) : ordered_json(nullptr);
  j["error"] = ev.error ? ordered_json(Printable(*ev.error)) : ordered_json(nullptr);
  std::vector<int> read;
  for (const Attribute& at : comp.attributes) read.insert(read.end(), at.records.begin(), at.records.end());
  ordered_json recs = ordered_json::array();
  for (size_t i = 0; i < a.records.records.size(); ++i) {
    const TxtRecord& r = a.records.records[i];
    ordered_json rj;
    rj["owner"] = Printable(r.owner);
    doc::Position pos = a.source->Locate(r.range.begin);
    rj["line"] = pos.line;
    if (r.ttl) rj["ttl"] = *r.ttl;
    ordered_json strs = ordered_json::array();
    for (const CharString& s : r.strings) {
      doc::Position sp = a.source->Locate(s.range.begin);
      strs.push_back({{"text", Printable(s.text.bytes)}, {"bytes", s.text.bytes.size()}, {"line", sp.line}, {"column", sp.column}});
    }
    rj["strings"] = std::move(strs);
    rj["bytes"] = r.value.bytes.size();
    rj["grpc_config"] = r.has_prefix();
    rj["read"] = std::find(read.begin(), read.end(), static_cast<int>(i)) != read.end();
    recs.push_back(std::move(rj));
  }
  j["records"] = std::move(recs);
  j["client"] = {{"language", Printable(ev.language)}, {"hostname", Printable(c.hostname)}, {"rand", c.rand}};
  ordered_json attrs = ordered_json::array();
  for (const Attribute& at : comp.attributes) attrs.push_back(Printable(at.json.bytes));
  j["attributes"] = std::move(attrs);
  ordered_json choices = ordered_json::array();
  for (const ChoiceTrace& t : ev.trace) {
    ordered_json cj;
    cj["index"] = t.index;
    cj["outcome"] = t.outcome;
    // A fixed order and all four criteria, so profiles compare key by key.
    ordered_json crit = ordered_json::object();
    for (Criterion k : {Criterion::kLanguage, Criterion::kHostname, Criterion::kPercentage, Criterion::kServiceConfig, Criterion::kKeys}) {
      Verdict v = k == Criterion::kKeys ? Verdict::kPass : Verdict::kNotReached;
      for (const auto& [kk, vv] : t.criteria)
        if (kk == k) v = vv;
      if (k != Criterion::kKeys || v == Verdict::kError) crit[CriterionName(k)] = VerdictName(v);
    }
    cj["criteria"] = std::move(crit);
    if (!t.details.empty()) {
      ordered_json tr = ordered_json::array();
      for (const std::string& d : t.details) tr.push_back(Printable(d));
      cj["trace"] = std::move(tr);
    }
    choices.push_back(std::move(cj));
  }
  j["choices"] = std::move(choices);
  ordered_json shares = ordered_json::array();
  for (const Share& s : ro.shares)
    shares.push_back({{"choice", ShareTarget(s.choice)}, {"error", s.choice == -2}, {"percent", s.percent}});
  ordered_json fixed = ordered_json::array();
  for (int r = 0; r < 100;) {
    int v = ro.fixed[static_cast<size_t>(r)], e = r;
    while (e + 1 < 100 && ro.fixed[static_cast<size_t>(e + 1)] == v) ++e;
    fixed.push_back({{"from", r}, {"to", e}, {"choice", ShareTarget(v)}, {"error", v == -2}});
    r = e + 1;
  }
  j["rollout"] = {{"shares", std::move(shares)}, {"fixed_draw", std::move(fixed)}};
  return j;
}

std::unique_ptr<TxtModel> LoadTxtModel(const Scenario& s, const Query& q, Mode mode) {
  auto m = std::make_unique<TxtModel>();
  m->mode = mode;
  const doc::Document* src = nullptr;
  for (const doc::Document& d : s.sources)
    if (d.source && (d.format == doc::Format::kText || !src)) {
      if (!src || src->format != doc::Format::kText) src = &d;
      if (d.format == doc::Format::kText) break;
    }
  if (!src) return m;
  m->analysis = std::make_shared<const Analysis>(Load(src->source));
  if (s.sources.size() > 1) {
    doc::DiagnosticSink sink(src->source.get());
    sink.Note("TXT018", {0, 0}, "only " + src->source->name() + " is read; the txt engine evaluates one DNS source per scenario");
    m->diagnostics.insert(m->diagnostics.end(), sink.list().begin(), sink.list().end());
  }
  // The simulated client: scenario inputs, then the command line.
  const doc::Source* env = s.envelope_source();
  doc::DiagnosticSink isink(env ? env : src->source.get());
  if (s.inputs.is_map()) {
    if (const doc::Node* l = s.inputs.Get("language")) {
      if (l->is_map()) {
        for (const doc::Node::Entry& e : l->entries()) m->language_per_profile.emplace(e.key, e.value.text());
      } else if (l->is_scalar()) {
        m->client.language = l->text();
      }
    }
    m->client.hostname = s.inputs.GetString("hostname");
    if (const doc::Node* r = s.inputs.Get("rand")) {
      auto v = r->as_int();
      if (!v || *v < 0 || *v > 99)
        isink.Error("TXT041", r->range(), "rand is the random draw, an integer from 0 to 99; got '" + Printable(r->text()) + "'", "inputs.rand");
      else
        m->client.rand = static_cast<int>(*v);
    }
  }
  if (auto l = q.Value("language")) {
    m->client.language = *l;
    m->language_from_query = true;
  }
  if (auto h = q.Value("hostname")) m->client.hostname = *h;
  if (auto r = q.Value("rand")) {
    int v = -1;
    try {
      size_t used = 0;
      v = std::stoi(*r, &used);
      if (used != r->size()) v = -1;
    } catch (const std::exception&) {
      v = -1;
    }
    if (v < 0 || v > 99)
      isink.Error("TXT041", {0, 0}, "--rand is the random draw, an integer from 0 to 99; got '" + Printable(*r) + "'");
    else
      m->client.rand = v;
  }
  m->diagnostics.insert(m->diagnostics.end(), isink.list().begin(), isink.list().end());
  return m;
}

Client TxtModel::ClientFor(ProfileId p) const {
  Client c = client;
  if (!language_from_query)
    if (auto it = language_per_profile.find(Profiles().Name(p)); it != language_per_profile.end()) c.language = it->second;
  return c;
}

std::unique_ptr<TxtResult> TxtModel::EvaluateClient(ProfileId p, const Client& c, doc::Explanation* why) const {
  auto r = std::make_unique<TxtResult>();
  r->id = p;
  r->analysis = analysis;
  r->client = c;
  if (!analysis) {
    r->evaluated = mode == Mode::kEvaluate;
    return r;
  }
  r->diagnostics = ProfileDiagnostics(*analysis, p);
  if (mode == Mode::kEvaluate) {
    if (p == ProfileId::kA2 && !c.language) {
      doc::DiagnosticSink sink(analysis->source.get());
      sink.Warning("TXT040", {0, 0}, "the a2 profile is the proposal text, which has no client language of its own; "
                   "pass --language (e.g. --language java) or set inputs.language");
      r->diagnostics.push_back(sink.list().front());
    }
    r->evaluation = txt::Evaluate(*analysis, p, c, why);
    r->rollout = ComputeRollout(*analysis, p, c);
    r->evaluated = true;
  }
  return r;
}

std::unique_ptr<EngineResult> TxtModel::Evaluate(std::string_view profile, doc::Explanation* why) const {
  ProfileId p = Profiles().Parse(profile);
  return EvaluateClient(p, ClientFor(p), why);
}

ordered_json TxtResult::ToJson() const {
  if (!evaluated) return ordered_json::object();
  if (!analysis)
    return {{"service_config", nullptr}, {"choice", nullptr}, {"error", "no input"}, {"records", ordered_json::array()}};
  return ResultJson(*analysis, id, client, evaluation, rollout);
}

}  // namespace txt

namespace {

class TxtEngine final : public Engine {
 public:
  std::string_view name() const override { return "txt"; }
  const std::vector<doc::Profile>& profiles() const override { return txt::Profiles().profiles(); }
  int Detect(const doc::Document& d) const override {
    if (d.format != doc::Format::kText || !d.source) return 0;
    const std::string& t = d.source->text();
    if (t.find("grpc_config") != std::string::npos) return 90;
    if (t.find("TXT") != std::string::npos) return 60;
    return 0;
  }
  std::vector<QueryFlag> query_flags() const override {
    return {{"language", "L", "the client language (default per profile: c++, java, GO; required for a2)", false},
            {"hostname", "H", "the client hostname compared with clientHostname", false},
            {"rand", "N", "the random draw 0..99 used for every percentage", false}};
  }
  std::unique_ptr<EngineModel> Load(const Scenario& s, const Query& q, Mode mode) const override {
    return txt::LoadTxtModel(s, q, mode);
  }
};

}  // namespace

const Engine& GetTxtEngine() {
  static const TxtEngine e;
  return e;
}

}  // namespace cfgi
