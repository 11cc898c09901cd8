// core/txt/txt_select.cpp: one client's choice under one profile (Evaluate): each choice's
// stages in the order the profile checks them, the first that selects wins; a2 without a client
// language evaluated per language the choices name. The rules are read from the implementations
// txt_compile.cpp names (service_config_helper.cc ChooseServiceConfig, DnsNameResolver.java
// maybeChooseServiceConfig, dns_resolver.go canaryingSC, the A2 proposal).
#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "core/txt/txt_internal.h"
#include "core/txt/txt_model.h"

namespace cfgi::txt {

using namespace detail;

namespace detail {

// The outcome of one choice for one draw: 0 skip, 1 select, 2 error (message in *why).
int StageChoice(ProfileId p, const Choice& ch, const std::string& lang, const std::string& host, int r,
                 ChoiceTrace* tr, std::string* err) {
  for (size_t k = 0; k < ch.stages.size(); ++k) {
    const Stage& s = ch.stages[k];
    // Without a trace (the many-clients fast path) no detail text is built at all.
    auto record = [&](Verdict v, std::string_view d) {
      if (!tr) return;
      tr->criteria.emplace_back(s.what, v);
      if (!d.empty()) tr->details.push_back(std::string(CriterionName(s.what)) + ": " + std::string(d));
    };
    auto rest = [&]() {
      if (!tr) return;
      for (size_t m = k + 1; m < ch.stages.size(); ++m) tr->criteria.emplace_back(ch.stages[m].what, Verdict::kNotReached);
    };
    if (!s.error.empty()) {
      record(Verdict::kError, s.error);
      rest();
      if (err) *err = s.error;
      return 2;
    }
    bool pass = true;
    std::string detail;
    switch (s.what) {
      case Criterion::kKeys:
        record(Verdict::kPass, "");
        continue;
      case Criterion::kLanguage:
      case Criterion::kHostname: {
        if (!s.present) {
          record(Verdict::kAbsent, "absent or empty: matches every client");
          continue;
        }
        const std::string& want = s.what == Criterion::kLanguage ? lang : host;
        bool ci = p == ProfileId::kJava && s.what == Criterion::kLanguage;
        pass = std::any_of(s.list.begin(), s.list.end(), [&](const std::string& x) {
          return ci ? Lower(x) == Lower(want) : x == want;
        });
        if (tr)
          detail = Quote(s.list) + (pass ? " contains " : " does not contain ") + "\"" + want + "\"" +
                   (ci ? " (ignoring case)" : " (exact)");
        break;
      }
      case Criterion::kPercentage: {
        if (!s.present) {
          record(Verdict::kAbsent, "absent: every draw");
          continue;
        }
        long pc = static_cast<long>(s.pct);
        switch (p) {
          case ProfileId::kCore: pass = !(r > pc || pc == 0); break;
          case ProfileId::kJava: pass = r < pc; break;
          case ProfileId::kGo: pass = r + 1 <= pc; break;
          case ProfileId::kA2: pass = r < pc; break;
        }
        if (!tr) break;
        std::ostringstream d;
        switch (p) {
          case ProfileId::kCore:
            d << "rand()%100 = " << r << (pass ? " <= " : (pc == 0 ? ", percentage is 0: " : " > ")) << pc;
            break;
          case ProfileId::kJava: d << "nextInt(100) = " << r << (pass ? " < " : " >= ") << pc; break;
          case ProfileId::kGo: d << "Intn(100)+1 = " << r + 1 << (pass ? " <= " : " > ") << pc; break;
          case ProfileId::kA2: d << "r = " << r << (pass ? " < " : " >= ") << pc; break;
        }
        detail = d.str();
        break;
      }
      case Criterion::kServiceConfig:
        pass = s.present;
        if (!pass) detail = "absent: the choice is skipped";
        break;
    }
    record(pass ? Verdict::kPass : Verdict::kFail, detail);
    if (!pass) {
      rest();
      return 0;
    }
  }
  return 1;
}

std::string ProfileLanguage(ProfileId p, const Client& c, bool* missing) {
  *missing = false;
  if (c.language) return *c.language;
  if (const char* d = DefaultLanguage(p)) return d;
  *missing = true;
  return "";
}

// The languages the choices of this profile name, in order of first appearance.
std::vector<std::string> NamedLanguages(const Compiled& c) {
  std::vector<std::string> out;
  for (const Choice& ch : c.choices)
    for (const Stage& s : ch.stages)
      if (s.what == Criterion::kLanguage)
        for (const std::string& l : s.list)
          if (std::find(out.begin(), out.end(), l) == out.end()) out.push_back(l);
  return out;
}

// A language no choice names (what "any other language" is compared as).
std::string OtherLanguage(const std::vector<std::string>& named) {
  std::string other = "*";
  while (std::find(named.begin(), named.end(), other) != named.end()) other += "*";
  return other;
}

}  // namespace detail

namespace {

// a2 without a language (gRFC A2: "a choice without clientLanguage applies to every client"):
// evaluate for every language a choice names and for any other; when they all agree the answer
// holds for every client, otherwise it is listed per language.
Evaluation EvaluateAnyLanguage(const CompiledRecords& a, ProfileId p, const Client& client, doc::Explanation* why, bool trace) {
  const Compiled& c = a.of(p);
  std::vector<std::string> named = NamedLanguages(c);
  Client other = client;
  other.language = OtherLanguage(named);
  Evaluation ev = Evaluate(a, p, other, why, trace);
  ev.language = "";
  ev.language_unknown = true;
  bool differs = false;
  std::vector<LanguageEvaluation> outcomes;
  for (const std::string& l : named) {
    Client one = client;
    one.language = l;
    Evaluation e = Evaluate(a, p, one, nullptr, false);
    differs |= e.choice != ev.choice || e.error != ev.error;
    outcomes.push_back({l, false, e.choice, e.service_config, e.error});
  }
  if (!differs) {
    if (why) why->what = std::string(Profiles().Name(p)) + ": any client language (no choice that decides depends on it), hostname=\"" +
                         Printable(client.hostname) + "\" r=" + std::to_string(client.rand);
    return ev;
  }
  outcomes.push_back({"", true, ev.choice, ev.service_config, ev.error});
  if (why) {
    why->what = std::string(Profiles().Name(p)) + ": no client language given; the answer depends on it";
    why->outcome = doc::Outcome::kInfo;
    for (const LanguageEvaluation& o : outcomes)
      why->Add({o.other ? "any other language" : "language \"" + Printable(o.language) + "\"", doc::Outcome::kInfo,
                o.error ? "error: " + Printable(*o.error) : o.choice ? "choice " + std::to_string(*o.choice) : "no service config",
                {}, a.source->name(), {}});
  }
  ev.by_language = std::move(outcomes);
  ev.choice.reset();
  ev.service_config.reset();
  ev.error.reset();
  return ev;
}

}  // namespace

Evaluation Evaluate(const CompiledRecords& a, ProfileId p, const Client& client, doc::Explanation* why, bool trace) {
  trace = trace || why;
  Evaluation ev;
  const Compiled& c = a.of(p);
  bool missing = false;
  ev.language = ProfileLanguage(p, client, &missing);
  doc::Step root;
  if (why) {
    root.what = std::string(Profiles().Name(p)) + ": client language=\"" + Printable(ev.language) + "\" hostname=\"" +
                Printable(client.hostname) + "\" r=" + std::to_string(client.rand);
    for (const std::string& n : c.notes) root.Add({n, doc::Outcome::kInfo, "", {}, a.source->name(), {}});
  }
  auto finish = [&]() {
    if (why) {
      root.outcome = ev.error ? doc::Outcome::kError : ev.choice ? doc::Outcome::kMatched : doc::Outcome::kNoMatch;
      root.detail = ev.error ? Printable(*ev.error) : ev.choice ? "choice " + std::to_string(*ev.choice) : "no service config";
      *why = std::move(root);
    }
    return ev;
  };
  if (missing) return EvaluateAnyLanguage(a, p, client, why, trace);
  if (!c.found) return finish();
  if (!c.global_error.empty()) {
    ev.error = c.global_error;
    return finish();
  }
  bool done = false;
  for (const Choice& ch : c.choices) {
    ChoiceTrace tr;
    tr.index = ch.index;
    if (done) {
      tr.outcome = "not-reached";
      if (trace) ev.trace.push_back(std::move(tr));
      continue;
    }
    std::string err;
    int o = StageChoice(p, ch, ev.language, client.hostname, client.rand, trace ? &tr : nullptr, &err);
    if (o == 1) {
      tr.outcome = "selected";
      ev.choice = ch.index;
      done = true;
      if (!ch.config_error.empty()) {
        ev.error = (p == ProfileId::kCore || p == ProfileId::kJava ? "failed to parse service config: " : "") + ch.config_error;
      } else if (ch.service_config_json) {
        ev.service_config = ch.service_config_json;
        ev.service_config_lines = ch.service_config_lines;
      }
    } else if (o == 2) {
      tr.outcome = "error";
      ev.error = (p == ProfileId::kJava ? "failed to pick service config choice: " : "") + err;
      done = true;
    } else {
      tr.outcome = "skipped";
    }
    if (why) {
      doc::Step st;
      st.what = "choice " + std::to_string(ch.index);
      st.outcome = tr.outcome == "selected" ? doc::Outcome::kMatched : tr.outcome == "error" ? doc::Outcome::kError : doc::Outcome::kNoMatch;
      st.detail = tr.outcome;
      const Attribute& at = c.attributes[static_cast<size_t>(ch.attribute)];
      st.range = at.json.Map(ch.node->range().begin, ch.node->range().end);
      st.file = a.source->name();
      size_t di = 0;
      for (const auto& [crit, v] : tr.criteria) {
        doc::Step cs;
        cs.what = CriterionName(crit);
        cs.outcome = v == Verdict::kPass ? doc::Outcome::kMatched : v == Verdict::kFail ? doc::Outcome::kNoMatch
                   : v == Verdict::kError ? doc::Outcome::kError : v == Verdict::kNotReached ? doc::Outcome::kSkipped
                   : doc::Outcome::kInfo;
        cs.detail = VerdictName(v);
        std::string head = std::string(CriterionName(crit)) + ": ";
        if (di < tr.details.size() && tr.details[di].rfind(head, 0) == 0) cs.detail = tr.details[di++].substr(head.size());
        st.Add(std::move(cs));
      }
      root.Add(std::move(st));
    }
    if (trace) ev.trace.push_back(std::move(tr));
    else if (done) break;
  }
  if (!ev.choice && !ev.error && p == ProfileId::kGo)
    ev.error = "no JSON service config provided (no choice matched; grpc-go passes \"\" to ParseServiceConfig)";
  return finish();
}
}  // namespace cfgi::txt
