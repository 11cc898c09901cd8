// app/live/kuma_compare.cpp: a Kuma control plane's `_rules` answer against ours (live.h
// CompareKumaLive), in the one profile comparison (core/engine/compare.h) with the live answer as
// the profile "kuma (live)", and the differing answers as LIVE036 notes for Problems and the CLI.
#include "app/live/live.h"
#include "core/doc/source.h"
#include "core/engine/engine.h"

namespace cfgi::live {

Comparison CompareKumaLive(const std::string& profile, const nlohmann::ordered_json& ours,
                           const nlohmann::ordered_json& live) {
  const Engine* policy = FindEngine("policy");
  return Compare({{profile, &ours}, {kKumaLiveProfile, &live}}, policy ? policy->profile_settings() : std::vector<std::string>{},
                 policy ? policy->answer_units() : std::vector<std::string>{});
}

std::vector<doc::Diagnostic> KumaDivergenceNotes(const Comparison& c, const std::string& profile, const InputFile& document) {
  doc::Source src(document.name, document.text);
  doc::DiagnosticSink sink(&src);
  constexpr size_t kLeaves = 3;
  for (const DifferingAnswer& a : c.answers) {
    std::string msg = "the control plane's _rules differs from " + profile + "'s at " + ReadablePointer(a.path) + ":";
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
