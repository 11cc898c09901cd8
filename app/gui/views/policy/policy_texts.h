// app/gui/views/policy/policy_texts.h: the policy view's worker-side step. Every JSON value the
// view shows (merged confs, field values and the values they overrode, item confs, listed rules'
// and RBAC matchers' matches, the comparison's values) is turned into text once per evaluation
// on the worker (BuildPolicyRows, registered in views.cpp; OpenDocument::view_rows), keyed by
// the value's address in the inspection; OnEvaluated and Draw only look the text up and draw it.
// The resource keys too: a 2.12+ profile's results are keyed by KRI (policy::KeyNames), and the
// chooser lists those.
//
//   const PolicyTexts* t = dynamic_cast<const PolicyTexts*>(d.view_rows());
//   ImGui::TextUnformatted(t->Json(&f.set.value).c_str());
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/gui/open_document.h"
#include "app/gui/views/policy/policy_profiles_rows.h"
#include "core/policy/policy_release_rules.h"

namespace cfgi::gui {

struct PolicyTexts final : ViewRows {
  // A value as JSON text ("(none)" for null): field values, item confs, comparison values.
  std::unordered_map<const void*, std::string> json;
  // A tree leaf as policy::LeafText prints it: the Resource tab's lines and what they overrode.
  std::unordered_map<const void*, std::string> leaf;
  // A merged conf as "path: value" lines (its leaves, YAML-like), for table cells.
  std::unordered_map<const void*, std::vector<std::string>> summary;
  // A listed inbound rule's or an RBAC matcher's match: "spiffeID Exact spiffe://..." or
  // "{every client}".
  std::unordered_map<const void*, std::string> match;

  // Per result (keyed by &PolicyResult::rules): the resource keys as its profile names them
  // (policy::KeyNames: a KRI under Kuma 2.12+, else the core_model key).
  std::unordered_map<const void*, policy::KeyNames> key_names;
  // Per result (keyed by &PolicyResult::resource_keys): the chooser's labels, one per key, in
  // the keys' order: the resource as a person reads it, then its key as the profile names it
  // ("MeshService backend :http (ns kuma-demo)  kri_msvc_...", policy::ReadableKey).
  std::unordered_map<const void*, std::vector<std::string>> chooser;
  // Per result (keyed by &PolicyResult::inspection): the inspected resource's label, the same.
  std::unordered_map<const void*, std::string> inspected;

  // Per policy type (index T of the results' rules): the Profiles tab's tree, a column per
  // profile (policy_profiles_rows.h).
  std::vector<ProfilesTree> profiles;
  const ProfilesTree* ProfilesOf(size_t t) const { return t < profiles.size() ? &profiles[t] : nullptr; }

  // The text of `v` (its address); "?" when the worker did not format it (a value the view
  // should not show).
  const std::string& Json(const void* v) const { return Find(json, v); }
  const std::string& Leaf(const void* v) const { return Find(leaf, v); }
  const std::string& Match(const void* v) const { return Find(match, v); }
  const std::vector<std::string>& Summary(const void* v) const;
  // `key` as result `rules` names it; the key itself when the worker named none.
  std::string KeyName(const void* rules, std::string_view key) const;
  // The chooser's labels for `keys` (a PolicyResult's resource_keys); the keys themselves when
  // the worker made none.
  const std::vector<std::string>& ChooserLabels(const std::vector<std::string>& keys) const;
  // The inspected resource's label (`inspection`: a PolicyResult's); empty when none was made.
  const std::string& InspectedLabel(const void* inspection) const;

 private:
  static const std::string& Find(const std::unordered_map<const void*, std::string>& m, const void* v);
};

// Every text the policy view shows for the inspection's results and comparison.
std::shared_ptr<const ViewRows> BuildPolicyRows(const Inspection& in);

// `text` cut to `max` bytes with "..." (a table cell's room).
std::string Clip(const std::string& text, size_t max);

}  // namespace cfgi::gui
