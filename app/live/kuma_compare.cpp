// app/live/kuma_compare.cpp: a Kuma control plane's `_rules` and `_policies` answers against ours
// (live.h CompareKumaLive), in the one profile comparison (core/engine/compare.h) with the live
// answer as the profile "kuma (live)", and the differing answers as LIVE036 notes for Problems and
// the CLI.
#include "app/live/live.h"
#include "core/doc/source.h"
#include "core/engine/engine.h"

namespace cfgi::live {

namespace {

// {"policies": [{"kind", "conf", "origins"}]} keyed by kind, so each policy type is one answer
// (a type only one side has is one divergence, not a shift of every later index).
nlohmann::ordered_json ByKind(const nlohmann::ordered_json& policies) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  if (!policies.is_object() || !policies.contains("policies") || !policies["policies"].is_array()) return out;
  for (const auto& p : policies["policies"]) {
    if (!p.is_object()) continue;
    std::string kind = p.value("kind", "");
    nlohmann::ordered_json v = p;
    v.erase("kind");
    out[kind] = std::move(v);
  }
  return out;
}

}  // namespace

std::optional<nlohmann::ordered_json> OurKumaPolicies(const Scenario& s, const Query& base, const std::string& profile,
                                                      const std::string& mesh, const std::string& dataplane) {
  const Engine* policy = FindEngine("policy");
  if (!policy) return std::nullopt;
  Query q;
  for (const auto& f : base.flags)
    if (f.first != "kuma-inspect") q.flags.push_back(f);
  q.flags.emplace_back("kuma-inspect", "/meshes/" + mesh + "/dataplanes/" + dataplane + "/_policies");
  Report r = RunScenario(*policy, s, q, profile, true);
  if (!r.result.is_object() || !r.result.contains("policies")) return std::nullopt;
  return r.result;
}

Comparison CompareKumaLive(const std::string& profile, const nlohmann::ordered_json& ours,
                           const nlohmann::ordered_json& live, const nlohmann::ordered_json* our_policies,
                           const nlohmann::ordered_json* live_policies) {
  const Engine* policy = FindEngine("policy");
  std::vector<std::string> units = policy ? policy->answer_units() : std::vector<std::string>{};
  if (!our_policies || !live_policies)
    return Compare({{profile, &ours}, {kKumaLiveProfile, &live}},
                   policy ? policy->profile_settings() : std::vector<std::string>{}, units);
  // Both answers side by side: _rules at the root as before, _policies under "/_policies/KIND".
  nlohmann::ordered_json a = ours, b = live;
  a[kKumaPoliciesKey] = ByKind(*our_policies);
  b[kKumaPoliciesKey] = ByKind(*live_policies);
  units.push_back(std::string("/") + kKumaPoliciesKey + "/*");
  return Compare({{profile, &a}, {kKumaLiveProfile, &b}}, policy ? policy->profile_settings() : std::vector<std::string>{},
                 units);
}

std::vector<doc::Diagnostic> KumaDivergenceNotes(const Comparison& c, const std::string& profile, const InputFile& document) {
  doc::Source src(document.name, document.text);
  doc::DiagnosticSink sink(&src);
  constexpr size_t kLeaves = 3;
  for (const DifferingAnswer& a : c.answers) {
    const bool policies = a.path.rfind(std::string("/") + kKumaPoliciesKey, 0) == 0;
    std::string msg = std::string("the control plane's ") + (policies ? "_policies" : "_rules") + " differs from " +
                      profile + "'s at " + ReadablePointer(a.path) + ":";
    for (size_t i = 0; i < a.divergences.size() && i < kLeaves; ++i) {
      const Divergence& d = c.divergences[a.divergences[i]];
      auto text = [&](const std::string& p) {
        auto it = d.texts.find(p);
        return it == d.texts.end() ? std::string("none") : it->second;
      };
      msg += std::string(i ? ";" : "") + " " + ReadablePointer(d.path) + " is " + text(kKumaLiveProfile) + " live, " +
             text(profile) + " here";
    }
    if (a.divergences.size() > kLeaves) msg += " and " + std::to_string(a.divergences.size() - kLeaves) + " more fields";
    sink.Note("LIVE036", {0, 1},
              msg + "; if the resources are what the control plane has, the difference is in how " + profile +
                  " models Kuma (or the control plane's release differs from it)");
  }
  return sink.list();
}

}  // namespace cfgi::live
