// app/cli/render_text.cpp: see render_text.h. One function per engine, each reading only that
// engine's typed result (the engines' own headers name the fields; their ToJson is never read).
#include "app/cli/render_text.h"

#include <cstdio>
#include <cstdlib>
#include <sstream>

#include <unistd.h>

#include "core/doc/utf8.h"
#include "core/matcher/matcher_engine.h"
#include "core/policy/policy_engine.h"
#include "core/policy/policy_release_rules.h"
#include "core/targeting/targeting_engine.h"
#include "core/txt/txt_engine.h"
#include "core/variants/variants_engine.h"

namespace cfgi::cli {

namespace {

using nlohmann::json;
using nlohmann::ordered_json;

// ANSI SGR: green, red, yellow, cyan, dim.
constexpr const char* kGreen = "\x1b[32m";
constexpr const char* kRed = "\x1b[31m";
constexpr const char* kYellow = "\x1b[33m";
constexpr const char* kCyan = "\x1b[36m";
constexpr const char* kDim = "\x1b[2m";
constexpr const char* kReset = "\x1b[0m";

std::string Paint(const TextStyle& st, const char* colour, const std::string& s) {
  return st.colour ? std::string(colour) + s + kReset : s;
}

const char* Mark(doc::Outcome o) {
  switch (o) {
    case doc::Outcome::kMatched: return "\u2713";
    case doc::Outcome::kNoMatch: return "\u2717";
    case doc::Outcome::kError: return "!";
    case doc::Outcome::kSkipped: return "-";
    case doc::Outcome::kInfo: return "\u00b7";
  }
  return " ";
}

const char* MarkColour(doc::Outcome o) {
  switch (o) {
    case doc::Outcome::kMatched: return kGreen;
    case doc::Outcome::kNoMatch: return kRed;
    case doc::Outcome::kError: return kRed;
    case doc::Outcome::kSkipped: return kDim;
    case doc::Outcome::kInfo: return kDim;
  }
  return kReset;
}

std::string Ok(const TextStyle& st) { return Paint(st, kGreen, "\u2713"); }
std::string NotOk(const TextStyle& st) { return Paint(st, kRed, "\u2717"); }

// A JSON value on one line (a service config, a typed_config), valid UTF-8.
std::string OneLine(const ordered_json& v) { return doc::JsonText(v); }
std::string OneLine(const json& v) { return doc::JsonText(v); }

// "env=prod, version=v1"; "(no parameters)" for none.
std::string Params(const std::map<std::string, std::string>& p) {
  if (p.empty()) return "(no parameters)";
  std::string out;
  for (const auto& kv : p)
    out += (out.empty() ? "" : ", ") + doc::ValidUtf8(kv.first) + "=" + (kv.second.empty() ? "\"\"" : doc::ValidUtf8(kv.second));
  return out;
}

// ---- variants: a line per subscription, a line per resource ----
std::string Variants(const variants::VariantsResult& r, const TextStyle& st) {
  const variants::Analysis& a = *r.analysis;
  const variants::Evaluation& e = r.evaluation;
  std::string out;
  if (e.subscriptions.empty()) return "no subscriptions (give --params k=v or inputs.subscriptions)\n";
  for (size_t si = 0; si < e.subscriptions.size(); ++si) {
    const variants::Subscription& sub = e.subscriptions[si];
    out += "subscription " + (sub.name.empty() ? "" : "'" + sub.name + "' ") + Params(sub.params) + "\n";
    if (si >= e.selections.size()) continue;
    for (const auto& entry : e.selections[si]) {
      const std::string& name = entry.first;
      const variants::Selection& sel = entry.second;
      const variants::ResourceVariants* res = a.final_state.Find(name);
      std::string answer;
      switch (sel.outcome) {
        case variants::Outcome::kMatch:
          answer = Paint(st, kGreen, "variant " + (res && sel.selected ? res->variants[*sel.selected].IdText() : "?"));
          break;
        case variants::Outcome::kNone:
          answer = Paint(st, kRed, "no variant");
          break;
        case variants::Outcome::kAmbiguous: {
          std::string ids;
          for (size_t i : sel.matching) ids += (ids.empty() ? "" : ", ") + (res ? res->variants[i].IdText() : "?");
          answer = Paint(st, kYellow, "ambiguous: " + ids);
          break;
        }
      }
      out += "  " + doc::ValidUtf8(name) + ": " + answer + "\n";
    }
  }
  return out;
}

// ---- matcher: a line per request with its actions and the deciding predicate ----
std::string RequestText(const matcher::Request& q) {
  std::string out;
  auto add = [&out](const std::string& k, const std::optional<std::string>& v) {
    if (v) out += (out.empty() ? "" : " ") + k + "=" + *v;
  };
  add("method", q.method);
  add("host", q.host);
  add("path", q.path);
  for (const auto& h : q.headers) out += (out.empty() ? "" : " ") + h.first + ": " + h.second;
  add("destination_ip", q.destination_ip);
  add("destination_port", q.destination_port);
  add("source_ip", q.source_ip);
  add("source_port", q.source_port);
  add("direct_source_ip", q.direct_source_ip);
  add("source_type", q.source_type);
  add("server_name", q.server_name);
  add("transport_protocol", q.transport_protocol);
  add("network_namespace", q.network_namespace);
  std::string alpn;
  for (const std::string& a : q.application_protocols) alpn += (alpn.empty() ? "" : ",") + a;
  if (!alpn.empty()) add("application_protocols", alpn);
  for (const std::string& s : q.uri_sans) out += (out.empty() ? "" : " ") + std::string("uri_san=") + s;
  for (const std::string& s : q.dns_sans) out += (out.empty() ? "" : " ") + std::string("dns_san=") + s;
  add("subject", q.subject);
  for (const auto& [k, v] : q.filter_state) out += (out.empty() ? "" : " ") + std::string("filter_state[") + k + "]=" + v;
  if (q.dynamic_metadata.is_object())
    for (const auto& [k, v] : q.dynamic_metadata.items()) out += (out.empty() ? "" : " ") + std::string("dynamic_metadata[") + k + "]=" + doc::JsonText(v);
  return out.empty() ? "(empty request)" : doc::ValidUtf8(out);
}

std::string Matcher(const matcher::MatcherResult& r, const TextStyle& st) {
  std::string out;
  const doc::Source* src = r.model ? r.model->sm.matcher.source.get() : nullptr;
  if (r.requests.empty()) return "no requests (give --path, --header, --destination-ip or inputs.requests)\n";
  for (size_t i = 0; i < r.requests.size(); ++i) {
    const matcher::MatcherResult::RequestResult& rr = r.requests[i];
    out += "request " + std::to_string(i) + ": " + RequestText(*rr.request) + "\n";
    std::string actions;
    for (const matcher::Action* a : rr.result.actions) actions += (actions.empty() ? "" : ", ") + doc::ValidUtf8(a->name);
    if (rr.result.actions.empty() && !rr.result.unevaluated.empty()) {
      out += "  " + Paint(st, kYellow, "not evaluated") + "\n";
    } else if (rr.result.actions.empty()) {
      out += "  " + Paint(st, kRed, rr.result.matched ? "matched, no action" : "no match") + "\n";
    } else {
      out += "  " + Paint(st, kGreen, "actions: " + actions) + (rr.result.matched ? "" : " (unsuccessful match)") + "\n";
    }
    if (r.model)
      if (std::optional<matcher::RbacDecision> d = matcher::RbacAnswer(r.model->sm, rr.result)) {
        const std::string answer = d->action + (d->name.empty() ? " (no matcher matched: Envoy's RBAC filter denies)" : " (" + doc::ValidUtf8(d->name) + ")");
        out += "  RBAC: " + Paint(st, d->action == "DENY" ? kRed : kGreen, answer) + "\n";
      }
    if (!rr.result.skipped.empty()) {
      std::string skipped;
      for (const matcher::Action* a : rr.result.skipped) skipped += (skipped.empty() ? "" : ", ") + doc::ValidUtf8(a->name);
      out += "  skipped (keep_matching): " + skipped + "\n";
    }
    if (rr.result.aborted) out += "  " + Paint(st, kRed, "aborted: the depth limit ended the evaluation") + "\n";
    const matcher::Result::Decision& d = rr.result.decided_by;
    if (!d.what.empty()) {
      std::string line = src && !(d.range.begin == 0 && d.range.end == 0)
                             ? " (line " + std::to_string(src->Locate(d.range.begin).line) + ")"
                             : "";
      out += "  decided by " + doc::ValidUtf8(d.what) + line + (d.detail.empty() ? "" : ": " + doc::ValidUtf8(d.detail)) + "\n";
    }
    for (const std::string& u : rr.result.unevaluated) out += "  not evaluated: " + doc::ValidUtf8(u) + " (MAT041)\n";
  }
  return out;
}

// ---- txt: the choice and the config, the rollout shares ----
std::string ShareName(int choice) {
  if (choice == -1) return "no service config";
  if (choice == -2) return "error";
  return "choice " + std::to_string(choice);
}

std::string Percent(double p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g%%", p);
  return buf;
}

std::string Txt(const txt::TxtResult& r, const TextStyle& st) {
  std::string out;
  const txt::Evaluation& ev = r.evaluation;
  out += "profile " + r.profile + (ev.language.empty() ? "" : ", language " + doc::ValidUtf8(ev.language)) +
         (r.client.hostname.empty() ? "" : ", hostname " + doc::ValidUtf8(r.client.hostname)) +
         ", draw " + std::to_string(r.client.rand) + "\n";
  // a2 without a language: by_language lists the outcomes when they differ; when they agree
  // (gRFC A2's own example: one choice without clientLanguage) the answer below holds for every
  // language and is named as the JSON names it ("choice": 0).
  if (ev.language_unknown && !ev.by_language.empty()) {
    out += "  the choice depends on the client's language (give --language):\n";
    for (const txt::LanguageOutcome& lo : ev.by_language) {
      std::string who = lo.other ? "any other language" : doc::ValidUtf8(lo.language);
      std::string what = lo.error ? Paint(st, kRed, "error: " + doc::ValidUtf8(*lo.error))
                         : lo.choice ? "choice " + std::to_string(*lo.choice) +
                                           (lo.service_config ? " " + OneLine(*lo.service_config) : "")
                                     : "no service config";
      out += "    " + who + ": " + what + "\n";
    }
  } else if (ev.error) {
    out += "  " + Paint(st, kRed, "error: " + doc::ValidUtf8(*ev.error)) + "\n";
  } else if (ev.choice) {
    out += "  " + Paint(st, kGreen, "choice " + std::to_string(*ev.choice)) +
           (ev.language_unknown ? " (for any client language)" : "") + "\n";
    out += "  service config: " + (ev.service_config ? OneLine(*ev.service_config) : "null") + "\n";
  } else {
    out += "  " + Paint(st, kYellow, "no choice applies: no service config") + "\n";
  }
  // Beside the selected config: does this implementation query TXT at all by default? A fact
  // about the profile (not a divergence; TxtEngine::profile_settings).
  const txt::LookupDefault& lookup = txt::LookupDefaultFor(r.id);
  out += std::string("  TXT lookup: ") + (lookup.queried_by_default ? std::string(lookup.how) : Paint(st, kYellow, lookup.how)) + "\n";
  if (!r.rollout.shares.empty()) {
    std::string shares;
    for (const txt::Share& s : r.rollout.shares) shares += (shares.empty() ? "" : ", ") + ShareName(s.choice) + " " + Percent(s.percent);
    out += "  rollout: " + shares + "\n";
  }
  for (const txt::TxtResult::NameOutcome& n : r.names) {
    std::string what = n.evaluation.error ? "error: " + doc::ValidUtf8(*n.evaluation.error)
                       : n.evaluation.choice ? "choice " + std::to_string(*n.evaluation.choice)
                                             : "no service config";
    out += "  name " + doc::ValidUtf8(n.owner) + " (line " + std::to_string(n.line) + "): " + what + "\n";
  }
  return out;
}

// ---- policy: per resource the merged conf as YAML, each field's origin at the end of its line ----
std::string Scalar(const json& v) {
  if (v.is_string()) {
    const std::string& s = v.get_ref<const std::string&>();
    bool plain = !s.empty() && s.find_first_not_of(
                                   "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./-") == std::string::npos;
    bool reserved = s == "true" || s == "false" || s == "null" || s == "yes" || s == "no" || s == "~" ||
                    s.find_first_not_of("0123456789.-") == std::string::npos;
    return plain && !reserved ? s : OneLine(v);
  }
  return OneLine(v);
}

std::string PointerToken(const std::string& k) {
  std::string out;
  for (char c : k) out += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
  return out;
}

std::string OriginText(const policy::FieldProvenance& p) {
  const policy::FieldProvenance::Write& w = p.set;
  std::string who = w.item && w.item->policy
                        ? w.item->policy->meta.name + " " + policy::DirectionName(w.item->direction) + "[" +
                              std::to_string(w.item->rule_index) + "]"
                        : "?";
  if (w.is_default) return "Kuma default (in " + who + ")";
  return p.appended ? who + ", appended" : who;
}

struct ConfWriter {
  const std::vector<policy::FieldProvenance>* prov;
  const TextStyle* st;
  std::string out;

  std::string Note(const std::string& pointer) const {
    std::string notes;
    for (const policy::FieldProvenance& p : *prov)
      if (p.path == pointer) notes += (notes.empty() ? "" : "; ") + OriginText(p);
    return notes.empty() ? "" : "  " + Paint(*st, kCyan, "# " + notes);
  }
  void Line(int indent, const std::string& text, const std::string& pointer) {
    out += std::string(static_cast<size_t>(indent), ' ') + text + Note(pointer) + "\n";
  }
  static bool Inline(const json& v) {
    if (!v.is_structured() || v.empty()) return true;
    if (v.is_array())
      for (const json& e : v)
        if (e.is_structured() && !e.empty()) return false;
    return v.is_array();
  }
  void Value(const json& v, const std::string& pointer, int indent) {
    if (v.is_object()) {
      for (const auto& kv : v.items()) {
        std::string child = pointer + "/" + PointerToken(kv.key());
        std::string key = doc::ValidUtf8(kv.key()) + ":";
        if (Inline(kv.value())) {
          Line(indent, key + " " + (kv.value().is_array() ? OneLine(kv.value()) : Scalar(kv.value())), child);
        } else {
          Line(indent, key, child);
          Value(kv.value(), child, indent + 2);
        }
      }
    } else if (v.is_array()) {
      for (size_t i = 0; i < v.size(); ++i) {
        std::string child = pointer + "/" + std::to_string(i);
        if (Inline(v[i])) {
          Line(indent, "- " + Scalar(v[i]), child);
        } else {
          Line(indent, "-", child);
          Value(v[i], child, indent + 2);
        }
      }
    } else {
      Line(indent, Scalar(v), pointer);
    }
  }
};

std::string Conf(const json& conf, const std::vector<policy::FieldProvenance>& prov, int indent, const TextStyle& st) {
  ConfWriter w{&prov, &st, {}};
  if (conf.is_null() || (conf.is_object() && conf.empty())) return std::string(static_cast<size_t>(indent), ' ') + "{}\n";
  w.Value(conf, "", indent);
  return w.out;
}

// --policy NAME: per policy of that name, the dataplanes it selects (why, which inbounds), those
// it does not, and what each to[] targetRef resolves to.
std::string Affects(const policy::PolicyResult& r, const TextStyle& st) {
  std::string out;
  for (const policy::PolicyAffects& a : r.affects) {
    const policy::Policy& p = *a.policy;
    out += "policy " + doc::ValidUtf8(p.meta.name) + " (" + p.meta.type + ", mesh " + doc::ValidUtf8(p.meta.mesh) + ")\n";
    size_t n = 0;
    for (const policy::AffectedDataplane& d : a.dataplanes) n += d.selected;
    out += "  affects " + std::to_string(n) + " of " + std::to_string(a.dataplanes.size()) + " dataplane" +
           (a.dataplanes.size() == 1 ? "" : "s") + (a.nothing.empty() ? "" : ": " + doc::ValidUtf8(a.nothing)) + "\n";
    for (const policy::AffectedDataplane& d : a.dataplanes) {
      std::string ins;
      for (const std::string& i : d.inbounds) ins += (ins.empty() ? "" : ", ") + doc::ValidUtf8(i);
      out += "  " + (d.selected ? Ok(st) : NotOk(st)) + " " + doc::ValidUtf8(d.dataplane->meta.name) + ": " +
             doc::ValidUtf8(d.reason) + (d.selected && !ins.empty() ? Paint(st, kDim, " (inbounds " + ins + ")") : "") + "\n";
    }
    for (const policy::ItemTargets& it : a.items) {
      std::string res;
      for (const std::string& k : it.resources) res += (res.empty() ? "" : ", ") + doc::ValidUtf8(k);
      out += "  " + it.path + " " + it.kind + ": " +
             (it.nothing.empty() ? res : Paint(st, kRed, "matches nothing") + ", " + doc::ValidUtf8(it.nothing)) + "\n";
    }
  }
  if (r.affects.empty()) out += "no policy of that name\n";
  return out;
}

std::string Rules(const policy::PolicyResult& r, const TextStyle& st);

std::string Policy(const policy::PolicyResult& r, const TextStyle& st) {
  // --kuma-inspect: Kuma's own JSON, as kumactl / the API would print it.
  if (r.kuma_inspect)
    return r.rules.dataplane && r.model ? policy::KumaInspectJson(*r.kuma_inspect, r.rules, *r.model, r.id).dump(1) + "\n" : "";
  if (!r.policy_asked) return Rules(r, st);
  std::string out = Affects(r, st);
  return r.rules.dataplane ? out + Rules(r, st) : out;
}

std::string Rules(const policy::PolicyResult& r, const TextStyle& st) {
  const policy::DataplaneRules& rules = r.rules;
  if (!rules.dataplane) return "no dataplane (give --dataplane NAME or inputs.dataplane)\n";
  std::string out = "dataplane " + doc::ValidUtf8(rules.dataplane->meta.name) + "\n";
  if (const policy::Dataplane& d = *rules.dataplane; !d.pod.empty()) {
    // Derived from a pod as Kuma's controller does (policy_k8s.h): its inbounds and their services.
    std::string svcs;
    for (const std::string& s : d.pod_services) svcs += (svcs.empty() ? "" : ", ") + doc::ValidUtf8(s);
    out += Paint(st, kDim, "  from pod " + doc::ValidUtf8(d.pod) + (svcs.empty() ? ", no Service" : ", Services " + svcs)) + "\n";
    for (const policy::Inbound& i : d.inbounds) {
      auto svc = i.tags.find(policy::kServiceTag);
      out += Paint(st, kDim, "  inbound " + doc::ValidUtf8(i.Id()) + " port " + std::to_string(i.port) + " " + i.protocol +
                                 (svc == i.tags.end() ? "" : " " + doc::ValidUtf8(svc->second)) +
                                 (i.state == "Ready" ? "" : " (" + i.state + ")")) +
             "\n";
    }
  }
  bool any = false;
  for (const policy::TypeRules& t : rules.types) {
    bool has = !t.to_rules.empty() || !t.from_rules.empty() || t.has_proxy_rule;
    if (!has) continue;
    any = true;
    out += t.type + "\n";
    if (t.has_proxy_rule) {
      out += "  proxy\n" + Conf(t.proxy_rule.conf, t.proxy_rule.provenance, 4, st);
    }
    const policy::KeyNames key_names(t, r.id);  // KRI under Kuma 2.12+, as the JSON prints them
    for (const policy::ResourceRule& rr : t.to_rules) {
      out += "  to " + doc::ValidUtf8(key_names(rr.key)) +
             (rr.fallback_of().empty() ? "" : Paint(st, kDim, " (falls back to " + doc::ValidUtf8(key_names(rr.fallback_of())) + ")")) +
             "\n";
      out += Conf(rr.conf(), rr.provenance(), 4, st);
    }
    for (const policy::InboundRule& ir : t.from_rules) {
      if (!ir.applied) continue;
      std::string clients;
      for (const policy::SubsetTag& tag : ir.subset)
        clients += (clients.empty() ? "" : ", ") + doc::ValidUtf8(tag.key) + (tag.negated ? "!=" : "=") + doc::ValidUtf8(tag.value);
      out += "  from inbound " + (ir.inbound ? ir.inbound->Id() : std::string("?")) +
             (ir.source == policy::Direction::kFrom ? ", clients " + (clients.empty() ? "(every client)" : clients) : "") + "\n";
      out += Conf(ir.conf, ir.provenance, 4, st);
    }
  }
  if (!any) out += "  no policy applies\n";
  // --client: the MeshTrafficPermission matcher that decides, per inbound.
  if (!r.client.empty()) {
    out += "client " + doc::ValidUtf8(r.client) + "\n";
    for (const policy::MtpDecision& d : r.decisions) {
      out += "  inbound " + doc::ValidUtf8(d.inbound->Id()) + ": ";
      if (!d.has_rules) out += "no MeshTrafficPermission rules\n";
      else if (!d.by) out += Paint(st, kRed, "Deny") + " (no rule matches: the default deny)\n";
      else
        out += (d.action == "Deny" ? Paint(st, kRed, "Deny") : Paint(st, kGreen, d.action)) + " by " +
               doc::ValidUtf8(d.by->origin.policy ? d.by->origin.policy->meta.name : "?") + " rules[" +
               std::to_string(d.by->origin.rule_index) + "] " + doc::ValidUtf8(d.by->match.dump()) +
               Paint(st, kDim, " (matcher " + std::to_string(d.position + 1) + "; every deny is tried first)") + "\n";
    }
  }
  // Shadow policies (kuma.io/effect: shadow): not applied above; what they would change.
  if (r.has_shadow) {
    out += "shadow (kuma.io/effect: shadow, not applied): " +
           (r.shadow.empty() ? std::string("would change nothing") : "would change " + std::to_string(r.shadow.size()) + " row" + (r.shadow.size() == 1 ? "" : "s")) + "\n";
    for (const policy::ShadowChange& c : r.shadow) {
      std::string names;
      for (const policy::Policy* p : c.shadow) names += (names.empty() ? "" : ", ") + doc::ValidUtf8(p->meta.name);
      out += "  " + c.type + " " + c.place + (c.key.empty() ? "" : " " + doc::ValidUtf8(c.key)) +
             (names.empty() ? "" : Paint(st, kDim, " (" + names + ")")) + "\n";
      out += "    - " + (c.before.is_null() ? std::string("(no rule)") : doc::ValidUtf8(c.before.dump())) + "\n";
      out += "    + " + (c.after.is_null() ? std::string("(no rule)") : doc::ValidUtf8(c.after.dump())) + "\n";
    }
  }
  return out;
}

// ---- targeting: per reference the effective filter, per service ✓/✗ and the failing sub-filter ----
std::string Targeting(const targeting::TargetingResult& r, const TextStyle& st) {
  const targeting::Resolution& res = r.resolution;
  if (res.references.empty()) return "no references\n";
  std::string out;
  for (const targeting::ResolvedReference& ref : res.references) {
    out += (ref.component ? doc::ValidUtf8(ref.component->name) : std::string("?")) +
           (ref.instance.empty() ? "" : " instance " + doc::ValidUtf8(ref.instance)) + ", reference " +
           (ref.reference ? doc::ValidUtf8(ref.reference->name) : std::string("?")) + " (" +
           targeting::MethodName(ref.method) + ")\n";
    if (ref.error) {
      out += "  " + Paint(st, kRed, "error: " + doc::ValidUtf8(*ref.error)) + "\n";
      continue;
    }
    out += "  effective filter: " + (ref.effective_filter ? doc::ValidUtf8(*ref.effective_filter) : "(none)") + "\n";
    for (const targeting::ServiceMatch& m : ref.services) {
      if (!m.service) continue;
      std::string who = "service " + std::to_string(m.service->id) +
                        (m.service->name.empty() ? "" : " " + doc::ValidUtf8(m.service->name));
      if (m.matched) {
        out += "  " + Ok(st) + " " + who + (m.self_excluded ? " (the instance's own service: not used)" : "") + "\n";
      } else {
        std::string why;
        if (const ldap::Trace* f = m.trace.FirstFailure())
          why = ": " + doc::ValidUtf8(f->text) + (f->detail.empty() ? "" : " \u2014 " + doc::ValidUtf8(f->detail));
        out += "  " + NotOk(st) + " " + who + why + "\n";
      }
    }
    if (ref.satisfied)
      out += "  " + (*ref.satisfied ? Paint(st, kGreen, "satisfied") : Paint(st, kRed, "not satisfied")) + " (" +
             std::to_string(ref.matching.size()) + " matching, cardinality " +
             (ref.reference ? ref.reference->cardinality : std::string("?")) + ")\n";
  }
  return out;
}

}  // namespace

bool ShouldColour() {
  const char* no_colour = std::getenv("NO_COLOR");
  if (no_colour && *no_colour) return false;
  return isatty(STDOUT_FILENO) != 0;
}

std::string RenderDiagnostics(const std::vector<doc::Diagnostic>& ds, const TextStyle& st) {
  std::string out;
  for (const doc::Diagnostic& d : ds) {
    if (!st.colour) {
      out += doc::FormatDiagnostic(d) + "\n";
      continue;
    }
    const char* c = d.severity == doc::Severity::kError ? kRed : d.severity == doc::Severity::kWarning ? kYellow : kCyan;
    out += d.file + ":" + std::to_string(d.begin.line) + ":" + std::to_string(d.begin.column) + ": " +
           Paint(st, c, doc::SeverityName(d.severity)) + ": [" + d.code + "] " + d.message + "\n";
  }
  return out;
}

std::string RenderResult(const EngineResult& r, const TextStyle& st) {
  if (const auto* v = ResultAs<variants::VariantsResult>(&r)) return v->evaluated && v->analysis ? Variants(*v, st) : "";
  if (const auto* m = ResultAs<matcher::MatcherResult>(&r)) return m->evaluated ? Matcher(*m, st) : "";
  if (const auto* t = ResultAs<txt::TxtResult>(&r)) return t->evaluated && t->analysis ? Txt(*t, st) : "";
  if (const auto* p = ResultAs<policy::PolicyResult>(&r)) return p->evaluated ? Policy(*p, st) : "";
  if (const auto* g = ResultAs<targeting::TargetingResult>(&r)) return g->evaluated ? Targeting(*g, st) : "";
  return "";
}

std::string RenderExplanation(const doc::Step& s, const TextStyle& st, int indent) {
  if (s.what.empty() && s.children.empty()) return "";
  std::string out(static_cast<size_t>(indent) * 2, ' ');
  out += Paint(st, MarkColour(s.outcome), Mark(s.outcome));
  out += " " + doc::ValidUtf8(s.what);
  if (!s.detail.empty()) out += ": " + doc::ValidUtf8(s.detail);
  out += "\n";
  for (const doc::Step& c : s.children) out += RenderExplanation(c, st, indent + 1);
  return out;
}

}  // namespace cfgi::cli
