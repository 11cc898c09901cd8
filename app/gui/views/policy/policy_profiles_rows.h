// app/gui/views/policy/policy_profiles_rows.h: a policy type's Profiles tab as rows made on the
// worker (BuildProfilesTrees, with the view's other texts: policy_texts.h): every profile's rules
// of the type as ONE tree with a column per profile (the Kuma releases and the MADR), as the txt
// view's Config tab shows the service configs (txt::MergeConfigTrees). The rows follow the
// result's answers (RulesJson's "/rules/T/toResourceRules/J", "/rules/T/fromRules/J",
// "/rules/T/items/J", the proxy rule): a rule's row holds its key, who merged into it and its
// merged conf, line by line. A row is marked where the one profile comparison (core/engine/
// compare.h, Comparison) has a divergence; an answer row counts the differing answers it stands
// for, so the marked rows add up to the tab's count, Comparison::CountUnder("/rules/T"). An
// answer of another shape (the legacy toRules, RBAC matchers, a list only some profiles have)
// is a row of its own with the comparison's words for it (DifferingAnswer::groups).
//
//   const ProfilesTree& tree = texts.ProfilesOf(t);
//   for (const ProfilesRow& r : tree.rows) Draw(r.depth, r.key, r.cells, r.differs);
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/doc/explanation.h"
#include "core/engine/engine.h"

namespace cfgi::gui {

struct PolicyTexts;

struct ProfilesRow {
  int depth = 0;
  std::string key;           // "MeshService backend :http", "http", "requestTimeout", "[0]", "origins"
  bool container = false;
  int children = 0;          // the rows below it (what a folded node skips)
  std::vector<std::string> cells;  // one per profile: a value on one line (a container's: a summary)
  std::vector<bool> present;       // per profile: the profile has this row ("-" where not)
  bool differs = false;            // the comparison has a divergence at or below this row
  bool holds_difference = false;   // a container with a differing row below it
  size_t answers = 0;              // differing answers this row stands for (counted by the tab)
  bool answer = false;             // an answer's row (a rule, an item): selectable, explained
  std::string id;                  // an answer row's JSON pointer ("/rules/0/toResourceRules/3")
  doc::Step why;                   // an answer row's explanation: what each group of profiles gives
};

struct ProfilesTree {
  std::vector<std::string> profiles;  // the columns, in the reports' order
  std::vector<ProfilesRow> rows;
  size_t differing = 0;        // Comparison::CountUnder("/rules/T"): the tab's count
  size_t agreeing_omitted = 0; // rules or items the same in every profile beyond the listed ones
  size_t differing_omitted = 0;  // differing answers beyond the listed ones (counted, not drawn)
};

// Every policy type's tree (index T of RulesJson's "/rules/T"), from the reports' typed results
// and the inspection's comparison. `texts` names the keys (PolicyTexts::KeyName) and matches.
std::vector<ProfilesTree> BuildProfilesTrees(const Inspection& in, const PolicyTexts& texts);

}  // namespace cfgi::gui
