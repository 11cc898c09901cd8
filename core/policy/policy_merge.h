// core/policy/policy_merge.h: Kuma's conf merge with per-field provenance.
//
// Kuma merges the `default` of every relevant item, in sorted order, as a chain of JSON merge
// patches (RFC 7396: objects merge recursively, null deletes, anything else, arrays included,
// replaces); afterwards every array whose field name starts with "append" is rebuilt as the
// concatenation of that array in every conf, in order (kumahq/kuma
// pkg/plugins/policies/core/rules/merge/merge.go: Confs, mergeViaJSON, clearAppendSlices,
// appendSlices). The merge itself is nlohmann::json::merge_patch. Alongside it we record, for
// every leaf of the result, which conf set it and which earlier confs it overrode.
//
//   std::vector<MergeInput> in = {{&conf1, 0}, {&conf2, 1}};
//   MergeResult r = MergeConfs(in, /*provenance=*/true);
//   r.conf;                 // merged
//   r.fields[0].path;       // "/http/requestTimeout", set by input r.fields[0].input
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace cfgi::policy {

struct MergeInput {
  const nlohmann::json* conf = nullptr;
  size_t id = 0;  // caller's identifier of the conf (an item rank)
};

struct Contribution {
  size_t id = 0;        // MergeInput::id
  std::string path;     // JSON pointer of the value this conf wrote
  nlohmann::json value;
};

struct FieldOrigin {
  std::string path;  // JSON pointer of a leaf of the merged conf ("" = the whole conf)
  size_t id = 0;     // the conf that set it
  std::string source_path;  // where the value sits in that conf (differs from path in by-key lists)
  nlohmann::json value;
  std::vector<Contribution> overrode;  // earlier values at this path (or below it), oldest first
  bool appended = false;               // an element of an append* array
};

struct MergeResult {
  nlohmann::json conf = nlohmann::json::object();
  std::vector<FieldOrigin> fields;     // sorted by path
  std::vector<Contribution> removed;   // values deleted by a later null
};

// Kuma's `policyMerge:"mergeValuesByKey"` fields (MeshHTTPRoute's `rules`, keyed by `matches`):
// the list is rebuilt from every conf's entries; entries with an equal key merge their `default`s
// in order and take the place of the key's last appearance (merge.go mergeByKey), in the list
// as Kuma reverses it (see reverse_entries).
struct MergeOptions {
  std::string by_key_list;   // e.g. "rules"; empty = none
  std::string by_key_field;  // e.g. "matches"
  // MeshHTTPRoute: each conf's list is read last entry first (To.GetDefault reverses `rules`) and
  // the merged list is reversed back (PolicyDefault.Transform), so within a route the first rule
  // keeps its place and a later route's rule with equal matches takes the earlier position.
  bool reverse_entries = false;
  // Kuma's `policyMerge:"mergeValues"` field (MeshHTTPRoute's `hostnames`): the confs are grouped
  // per value before merging (see MergeConfsByValues); empty = none.
  std::string merge_values;
};
// The options Kuma uses for a policy type.
MergeOptions MergeOptionsFor(const std::string& policy_type);

// Merges the confs in order. Confs that are not objects replace the whole result (RFC 7396).
// With provenance=false only `conf` is filled (the fast path).
MergeResult MergeConfs(const std::vector<MergeInput>& confs, bool provenance, const MergeOptions& opt = {});

// Kuma's Conf list for a type with a `mergeValues` field (merge.go Confs, handleMergeValues): each
// conf is put in the group of every value of that field it lists (a copy whose field holds just
// that value), a conf listing none in the "" group; groups in order of first appearance, each
// merged as MergeConfs does. Empty when opt.merge_values is empty or no conf lists a value (Kuma's
// list is then the one merged conf).
std::vector<nlohmann::json> MergeConfsByValues(const std::vector<MergeInput>& confs, const MergeOptions& opt);

// True when a key names an append-semantics array (Kuma's Go field prefix "Append", in JSON
// "append...").
bool IsAppendField(const std::string& key);

// JSON pointer helpers: "/a/b~1c" <-> {"a", "b/c"}.
std::vector<std::string> SplitPointer(const std::string& ptr);
std::string EscapePointerToken(const std::string& token);

}  // namespace cfgi::policy
