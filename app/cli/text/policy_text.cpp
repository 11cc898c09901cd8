// app/cli/text/policy_text.cpp: `--format text` for the policy engine, drawn from its typed result
// (policy::PolicyResult; its ToJson is never read). Registered in render_text.cpp's table.
#include "app/cli/text/text_common.h"

#include <cstdio>
#include <sstream>

#include "core/policy/policy_engine.h"
#include "core/policy/policy_release_rules.h"

namespace cfgi::cli::text {

namespace {

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

}  // namespace

std::string RenderPolicyText(const EngineResult& result, const TextStyle& st) {
  const auto* r = ResultAs<policy::PolicyResult>(&result);
  return r && r->evaluated ? Policy(*r, st) : "";
}

}  // namespace cfgi::cli::text
