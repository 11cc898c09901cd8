// core/txt/txt_rollout.cpp: the real share of every choice for one client's language and
// hostname (ComputeRollout): the selection (txt_select.cpp) for each of the 100 draws.
#include <algorithm>
#include <string>
#include <vector>

#include "core/txt/txt_internal.h"
#include "core/txt/txt_model.h"

namespace cfgi::txt {

using namespace detail;

Rollout ComputeRollout(const CompiledRecords& a, ProfileId p, const Client& client) {
  Rollout ro;
  const Compiled& c = a.of(p);
  bool missing = false;
  std::string lang = ProfileLanguage(p, client, &missing);
  if (missing) lang = OtherLanguage(NamedLanguages(c));  // a2 without a language: any other language
  int none = p == ProfileId::kGo && c.found ? -2 : -1;  // grpc-go: no choice is an error
  if (c.found && !c.global_error.empty()) {
    ro.shares.push_back({-2, 100.0});
    ro.fixed.fill(-2);
    return ro;
  }
  if (!c.found) {
    ro.shares.push_back({-1, 100.0});
    ro.fixed.fill(-1);
    return ro;
  }
  std::vector<std::array<int, 100>> outcome(c.choices.size());
  for (size_t i = 0; i < c.choices.size(); ++i)
    for (int r = 0; r < 100; ++r) outcome[i][static_cast<size_t>(r)] = StageChoice(p, c.choices[i], lang, client.hostname, r, nullptr, nullptr);
  // Every draw independent (each implementation draws inside its loop over choices).
  double reach = 1.0, error = 0.0;
  for (size_t i = 0; i < c.choices.size(); ++i) {
    int sel = 0, err = 0;
    for (int o : outcome[i]) sel += o == 1, err += o == 2;
    bool bad = !c.choices[i].config_error.empty();
    double s = reach * sel / 100.0;
    if (s > 0) {
      if (bad) error += s;
      else ro.shares.push_back({c.choices[i].index, s * 100.0});
    }
    error += reach * err / 100.0;
    reach *= (100 - sel - err) / 100.0;
  }
  if (none == -2) error += reach;
  else if (reach > 0) ro.shares.push_back({-1, reach * 100.0});
  if (error > 0) ro.shares.push_back({-2, error * 100.0});
  for (Share& s : ro.shares) s.percent = std::round(s.percent * 10000.0) / 10000.0;
  for (int r = 0; r < 100; ++r) {
    int res = none;
    for (size_t i = 0; i < c.choices.size(); ++i) {
      int o = outcome[i][static_cast<size_t>(r)];
      if (o == 0) continue;
      res = o == 2 || !c.choices[i].config_error.empty() ? -2 : c.choices[i].index;
      break;
    }
    ro.fixed[static_cast<size_t>(r)] = res;
  }
  return ro;
}

}  // namespace cfgi::txt
