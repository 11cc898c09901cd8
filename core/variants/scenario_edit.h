// core/variants/scenario_edit.h: writes subscriptions into a variants scenario's YAML text, so
// the subscriptions a user adds in the app become part of the scenario (docs/gui.md, "The
// variants view"). A text edit, not a re-serialisation: comments, order and formatting of the
// rest of the file stay as they were; the new items go after the existing ones, so the indexes
// that `expect` entries use (`input: N`) keep naming the same subscriptions.
//
//   ScenarioEdit e = AddSubscriptions(text, {{{{"env", "prod"}}, "", {}}});
//   if (e.error.empty()) text = e.text;   // else e.error says why, in words
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/variants/constraint.h"

namespace cfgi::variants {

struct NewSubscription {
  Params params;
  std::string name;                    // empty: none written
  std::vector<std::string> resources;  // empty: every resource (none written)
};

struct ScenarioEdit {
  std::string text;   // the edited scenario (empty on error)
  std::string error;  // empty on success; else what prevents the edit and how to fix it
};

// Appends `subs` to `inputs.subscriptions` of a YAML scenario: after the last item of a block
// list, with its indentation; a new `subscriptions:` at the end of a block `inputs:` map; a new
// `inputs:` at the end of the file. Each item is a flow map, `{env: prod}` or `{params: {env:
// prod}, name: n, resources: [r]}`; values YAML would read as another type (true, 1, ~, ...) or
// with special characters are double-quoted. Bad input (text that does not parse, a JSON
// scenario, a flow-style `inputs` or `subscriptions`) returns an error and no text.
ScenarioEdit AddSubscriptions(std::string_view scenario_text, const std::vector<NewSubscription>& subs);

// One subscription as the flow-map item AddSubscriptions writes (no "- ", no newline).
std::string SubscriptionYaml(const NewSubscription& s);

}  // namespace cfgi::variants
