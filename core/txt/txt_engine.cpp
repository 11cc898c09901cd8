#include "core/txt/txt_engine.h"

#include "core/doc/explanation.h"
#include "core/engine/build_count.h"

#include <algorithm>

namespace cfgi {

using nlohmann::ordered_json;

namespace txt {

namespace {

ordered_json ShareTarget(int choice) {
  return choice >= 0 ? ordered_json(choice) : ordered_json(nullptr);
}

}  // namespace

ordered_json ResultJson(const CompiledRecords& a, ProfileId p, const Client& c, const Evaluation& ev, const Rollout& ro,
                        const std::vector<bool>* same_records) {
  const Compiled& comp = a.of(p);
  ordered_json j;
  j["name"] = a.query_owner.empty() && a.query_name.empty() ? ordered_json(nullptr) : ordered_json(Printable(a.query_name));
  j["service_config"] = ev.service_config ? *ev.service_config : ordered_json(nullptr);
  j["choice"] = ev.choice ? ordered_json(*ev.choice) : ordered_json(nullptr);
  j["error"] = ev.error ? ordered_json(Printable(*ev.error)) : ordered_json(nullptr);
  // Beside the selected config: would this implementation have asked DNS at all?
  const LookupDefault& lookup = LookupDefaultFor(p);
  // A fact about the profile, not about this input: TxtEngine::profile_settings() keeps it out of
  // the divergences (Comparison::settings).
  j["lookup"] = {{"queried_by_default", lookup.queried_by_default},
                 {"explanation", std::string(lookup.how) + " (" + lookup.source + ")"}};
  std::vector<int> read;
  for (const Attribute& at : comp.attributes) read.insert(read.end(), at.records.begin(), at.records.end());
  ordered_json recs = ordered_json::array();
  for (size_t i = 0; i < a.records.records.size(); ++i) {
    if (same_records && i < same_records->size() && (*same_records)[i]) {  // the comparison's: alike in every profile
      recs.push_back(nullptr);
      continue;
    }
    const TxtRecord& r = a.records.records[i];
    ordered_json rj;
    rj["owner"] = Printable(r.owner);
    doc::PutLocation(rj, a.source.get(), r.range.begin);
    if (r.ttl) rj["ttl"] = *r.ttl;
    ordered_json strs = ordered_json::array();
    for (const CharString& s : r.strings) {
      ordered_json sj = {{"text", Printable(s.text.bytes)}, {"bytes", s.text.bytes.size()}};
      doc::PutLocation(sj, a.source.get(), s.range.begin);
      strs.push_back(std::move(sj));
    }
    rj["strings"] = std::move(strs);
    rj["bytes"] = r.value.bytes.size();
    rj["grpc_config"] = r.has_prefix();
    rj["read"] = std::find(read.begin(), read.end(), static_cast<int>(i)) != read.end();
    recs.push_back(std::move(rj));
  }
  j["records"] = std::move(recs);
  j["client"] = {{"language", ev.language_unknown ? ordered_json(nullptr) : ordered_json(Printable(ev.language))},
                 {"hostname", Printable(c.hostname)}, {"rand", c.rand}};
  if (!ev.by_language.empty()) {
    ordered_json bl = ordered_json::array();
    for (const LanguageEvaluation& o : ev.by_language)
      bl.push_back({{"language", o.other ? ordered_json(nullptr) : ordered_json(Printable(o.language))},
                    {"choice", o.choice ? ordered_json(*o.choice) : ordered_json(nullptr)},
                    {"service_config", o.service_config ? *o.service_config : ordered_json(nullptr)},
                    {"error", o.error ? ordered_json(Printable(*o.error)) : ordered_json(nullptr)}});
    j["by_language"] = std::move(bl);
  }
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

std::unique_ptr<TxtModel> LoadTxtModel(const Scenario& s, const TxtQuery& q, Mode mode) {
  auto m = std::make_unique<TxtModel>();
  m->mode = mode;
  const doc::Document* src = nullptr;
  for (const doc::Document& d : s.sources)
    if (d.source && (d.format == doc::Format::kText || !src)) {
      if (!src || src->format != doc::Format::kText) src = &d;
      if (d.format == doc::Format::kText) break;
    }
  if (!src) return m;
  // The name to evaluate: --name, else inputs.name, else the first name with a grpc_config record.
  std::string name;
  if (q.name) name = *q.name;
  else if (s.inputs.is_map() && s.inputs.Get("name")) name = s.inputs.GetString("name");
  // A live answer without records (NXDOMAIN, a timeout) has its LIVE diagnostic: no TXT015 beside
  // it, as no ENG002 (EmptySourceExplained, the rule the engine choice uses too).
  const bool explained = EmptySourceExplained(s, src->source->name());
  auto chosen = std::make_shared<const CompiledRecords>(Compile(src->source, name, false, explained));
  m->analysis = chosen;
  if (chosen->names.size() > 1) {
    for (size_t i = 0; i < chosen->names.size(); ++i) {
      if (chosen->names[i].key == chosen->query_owner) {
        m->per_name.push_back(chosen);
        m->selected_name = i;
      } else {
        m->per_name.push_back(std::make_shared<const CompiledRecords>(Compile(src->source, chosen->names[i].key, /*exact_key=*/true, explained)));
      }
    }
  }
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
  if (q.language) {
    m->client.language = *q.language;
    m->language_from_query = true;
  }
  if (q.hostname) m->client.hostname = *q.hostname;
  if (q.rand) m->client.rand = *q.rand;
  for (const doc::Diagnostic& d : q.diagnostics) {
    doc::Diagnostic& placed = isink.list().emplace_back(d);
    if (placed.file.empty()) placed.file = (env ? env : src->source.get())->name();
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

namespace {

// The diagnostics of every name, each once: the record diagnostics are the same for every name,
// so one per code and position.
std::vector<doc::Diagnostic> AllNamesDiagnostics(const std::vector<std::shared_ptr<const CompiledRecords>>& per_name, ProfileId p) {
  std::vector<doc::Diagnostic> out;
  for (const auto& a : per_name)
    for (doc::Diagnostic& d : ProfileDiagnostics(*a, p)) {
      bool dup = std::any_of(out.begin(), out.end(), [&](const doc::Diagnostic& o) {
        return o.code == d.code && o.file == d.file && o.begin.line == d.begin.line && o.begin.column == d.begin.column &&
               o.path == d.path;
      });
      if (!dup) out.push_back(std::move(d));
    }
  doc::SortDiagnostics(out);
  return out;
}

std::string OutcomeText(const LanguageEvaluation& o) {
  return o.error ? "an error" : o.choice ? "choice " + std::to_string(*o.choice) : "no service config";
}

std::unique_ptr<TxtResult> EvaluateOn(const std::shared_ptr<const CompiledRecords>& analysis, Mode mode, ProfileId p,
                                      const Client& c, doc::Explanation* why) {
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
    r->evaluation = txt::Evaluate(*analysis, p, c, why);
    r->rollout = ComputeRollout(*analysis, p, c);
    r->evaluated = true;
    if (!r->evaluation.by_language.empty()) {
      std::string per;
      for (const LanguageEvaluation& o : r->evaluation.by_language)
        per += (per.empty() ? "" : ", ") + (o.other ? std::string("any other language") : "\"" + Printable(o.language) + "\"") +
               " gets " + OutcomeText(o);
      doc::DiagnosticSink sink(analysis->source.get());
      sink.Note("TXT040", {0, 0}, "without a client language the a2 answer depends on it: " + per +
                "; set the language (--language, inputs.language, or the view's language field) for one answer");
      r->diagnostics.push_back(sink.list().front());
    }
  }
  return r;
}

}  // namespace

std::unique_ptr<TxtResult> TxtModel::EvaluateName(size_t name, ProfileId p, const Client& c, doc::Explanation* why) const {
  if (name >= per_name.size()) return EvaluateClient(p, c, why);
  return EvaluateOn(per_name[name], mode, p, c, why);
}

std::unique_ptr<TxtResult> TxtModel::EvaluateClient(ProfileId p, const Client& c, doc::Explanation* why) const {
  std::unique_ptr<TxtResult> r = EvaluateOn(analysis, mode, p, c, why);
  if (per_name.size() > 1) {
    std::vector<doc::Diagnostic> extra;
    for (doc::Diagnostic& d : r->diagnostics)
      if (d.code == "TXT040") extra.push_back(d);
    r->diagnostics = AllNamesDiagnostics(per_name, p);
    r->diagnostics.insert(r->diagnostics.end(), extra.begin(), extra.end());
    if (mode == Mode::kEvaluate)
      for (const auto& a : per_name) {
        TxtResult::NameEvaluation o;
        o.owner = a->query_name;
        bool found = false;
        for (const TxtRecord& rec : a->records.records)
          if (!found && rec.has_prefix() && rec.owner_key == a->query_owner) {
            o.file = a->source->name();
            o.at = a->source->Locate(rec.range.begin);
            found = true;
          }
        o.evaluation = a == analysis ? r->evaluation : txt::Evaluate(*a, p, c, nullptr, false);
        r->names.push_back(std::move(o));
      }
  }
  return r;
}

std::unique_ptr<EngineResult> TxtModel::Evaluate(std::string_view profile, doc::Explanation* why) const {
  CountEvaluationWork();
  ProfileId p = Profiles().Parse(profile);
  return EvaluateClient(p, ClientFor(p), why);
}

ordered_json TxtResult::ToJson() const { return Json(nullptr); }

ordered_json TxtResult::Json(const std::vector<bool>* same_records) const {
  CountEvaluationWork();  // core/engine/build_count.h: none on the app's UI thread
  if (!evaluated) return ordered_json::object();
  if (!analysis)
    return {{"service_config", nullptr}, {"choice", nullptr}, {"error", "no input"}, {"records", ordered_json::array()}};
  ordered_json j = ResultJson(*analysis, id, client, evaluation, rollout, same_records);
  if (!names.empty()) {
    ordered_json ns = ordered_json::array();
    for (const NameEvaluation& n : names) {
      const Evaluation& ev = n.evaluation;
      ordered_json o;
      o["name"] = Printable(n.owner);
      doc::PutLocation(o, n.file, n.at);
      o["service_config"] = ev.service_config ? *ev.service_config : ordered_json(nullptr);
      o["choice"] = ev.choice ? ordered_json(*ev.choice) : ordered_json(nullptr);
      o["error"] = ev.error ? ordered_json(Printable(*ev.error)) : ordered_json(nullptr);
      if (!ev.by_language.empty()) o["depends_on_language"] = true;
      ns.push_back(std::move(o));
    }
    j["names"] = std::move(ns);
  }
  return j;
}

ClientWhatIf EvaluateClientEveryProfile(std::shared_ptr<const TxtModel> model, std::optional<size_t> name,
                                         const std::vector<Client>& clients) {
  CountWhatIfEvaluation();
  ClientWhatIf o;
  o.model = std::move(model);
  if (!o.model || !o.model->analysis) return o;
  const size_t n = Profiles().size();
  o.why.resize(n);
  std::vector<ComparedResult> cmp;
  for (size_t i = 0; i < n && i < clients.size(); ++i) {
    ProfileId p = Profiles().At(i);
    o.results.push_back(name && *name < o.model->per_name.size() ? o.model->EvaluateName(*name, p, clients[i], &o.why[i])
                                                                 : o.model->EvaluateClient(p, clients[i], &o.why[i]));
    cmp.push_back({Profiles().entries()[i].name, o.results.back().get(), nullptr});
  }
  o.comparison = GetTxtEngine().CompareResults(cmp);  // as Inspect compares ("lookup" is a profile setting)
  std::vector<std::string> names;
  for (const auto& c : cmp) names.push_back(c.profile);
  DescribeAnswers(&GetTxtEngine(), o.results.empty() ? nullptr : o.results.front().get(), names, o.comparison);
  return o;
}

}  // namespace txt

namespace {

class TxtEngine final : public Engine {
 public:
  std::string_view name() const override { return "txt"; }
  const std::vector<doc::Profile>& profiles() const override { return txt::Profiles().profiles(); }
  // Facts about each profile, shown beside its result, not divergences of the profiles' answers
  // for this input (docs/formats/txt.md "Is lookup even on?"): "lookup" (does this
  // implementation query TXT at all by default?) and the client's language, which defaults to
  // the string each implementation compares with (c++, java, GO; none for a2).
  std::vector<std::string> profile_settings() const override { return {"/lookup", "/client/language"}; }
  // Typed: only the answers that differ are serialised (txt_compare.cpp).
  Comparison CompareResults(const std::vector<ComparedResult>& results) const override {
    return txt::CompareTyped(*this, results);
  }
  int Detect(const doc::Document& d) const override {
    if (d.format != doc::Format::kText || !d.source) return 0;
    const std::string& t = d.source->text();
    if (t.find("grpc_config") != std::string::npos) return 90;
    if (t.find("TXT") != std::string::npos) return 60;
    return 0;
  }
  std::vector<QueryFlag> query_flags() const override {
    return {{"language", "L", "the client language (default per profile: c++, java, GO; a2 without one lists the outcome per language)", false},
            {"hostname", "H", "the client hostname compared with clientHostname", false},
            {"rand", "N", "the random draw 0..99 used for every percentage", false},
            {"name", "NAME", "txt: the DNS name to evaluate when the zone or dig output has several _grpc_config names", false}};
  }
  std::shared_ptr<const EngineQuery> ParseQuery(const Query& flags) const override {
    return std::make_shared<txt::TxtQuery>(txt::ParseTxtQuery(flags));
  }
  std::unique_ptr<EngineModel> Load(const Scenario& s, const Query& q, Mode mode) const override {
    std::optional<txt::TxtQuery> parsed;
    return txt::LoadTxtModel(s, TypedQuery<txt::TxtQuery>(q, parsed, txt::ParseTxtQuery), mode);
  }
};

}  // namespace

const Engine& GetTxtEngine() {
  static const TxtEngine e;
  return e;
}

}  // namespace cfgi
