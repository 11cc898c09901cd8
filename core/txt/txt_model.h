// core/txt/txt_model.h: the A2 service-config choices as each gRPC implementation reads them,
// compiled once per profile, then evaluated for simulated clients (language, hostname, random
// draw), with the exact rules of grpc-core, grpc-java and grpc-go and the A2 text as a fourth
// profile. Also the rollout (the real share of every choice) and the service config checks gRPC
// runs on the chosen config.
//
//   txt::CompiledRecords a = txt::Compile(source);                          // parse + compile, once
//   txt::Evaluation ev = txt::Evaluate(a, txt::ProfileId::kJava, {"java", "host1", 42});
//   txt::Rollout ro = txt::ComputeRollout(a, txt::ProfileId::kGo, client);
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/doc/diagnostic.h"
#include "core/doc/explanation.h"
#include "core/doc/node.h"
#include "core/engine/profile.h"
#include "core/doc/json.h"
#include "core/txt/txt_config_tree.h"
#include "core/txt/txt_records.h"

namespace cfgi::txt {

// JSON with positions is core/doc/json.h, shared with every JSON document.
using doc::JsonParse;
using doc::ParseJsonPositions;

// The values index CompiledRecords::profiles.
enum class ProfileId { kCore = 0, kJava = 1, kGo = 2, kA2 = 3 };
// The engine's one profile set ("grpc-core" default, "grpc-java", "grpc-go", "a2"), core/engine/profile.h.
const ProfileSet<ProfileId>& Profiles();
// "Is lookup even on?": whether the implementation queries _grpc_config.<host> TXT at all by
// default, and the switch that turns it on or off, each read in the implementation's code
// (txt_model.cpp cites the files). A client whose lookup is off never sees the record.
struct LookupDefault {
  bool queried_by_default;
  const char* how;     // the switch, as a user sets it
  const char* source;  // the implementation file(s) that decide it
};
const LookupDefault& LookupDefaultFor(ProfileId p);

// The language string each implementation compares with ("c++", "java", "GO"); null for a2.
const char* DefaultLanguage(ProfileId p);

struct Client {
  std::optional<std::string> language;  // nullopt: the profile's default (a2 has none: error)
  std::string hostname;
  int rand = 0;                         // the draw r in 0..99, used for every draw
};

// What a profile makes of one criterion of one choice.
enum class Verdict { kAbsent, kPass, kFail, kError, kNotReached };
const char* VerdictName(Verdict v);  // "absent", "pass", "fail", "error", "not-reached"

// The grpc_config value one profile parses: one record's value (core, a2), every record with
// the prefix (java, one Attribute each), or all records concatenated (go).
struct Attribute {
  MappedText json;          // the text after "grpc_config="
  std::vector<int> records; // indices into RecordSet::records
  JsonParse parse;
  std::string pretty;       // `json` indented by 2 (as written when it is not JSON): the view shows it
};

enum class Criterion { kLanguage, kHostname, kPercentage, kServiceConfig, kKeys };
const char* CriterionName(Criterion c);  // "clientLanguage", "clientHostname", "percentage", "serviceConfig", "keys"

struct Stage {
  Criterion what;
  bool present = false;          // the field is there (as this profile defines "there")
  std::vector<std::string> list; // languages / hostnames
  double pct = 0;                // percentage (already truncated where the profile truncates)
  std::string error;             // non-empty: reaching this stage fails the whole resolution
  bool skip_when_absent = false; // serviceConfig in go / a2: an absent config skips the choice
};

struct Choice {
  int index = 0;        // position in the (merged) list
  int attribute = 0;
  const doc::Node* node = nullptr;
  std::vector<Stage> stages;                  // in the order the profile checks them
  const doc::Node* service_config = nullptr;  // the object that would be returned
  // service_config as JSON, built once at compile time and shared by every evaluation.
  std::shared_ptr<const nlohmann::ordered_json> service_config_json;
  // service_config_json as tree lines (txt_config_tree.h), built with it: what a view draws.
  std::shared_ptr<const std::vector<ConfigLine>> service_config_lines;
  std::string config_error;                   // first error of the config validation, if any
  bool lb_fallback = false;                   // go: unknown LB policy replaced with pick_first
};

struct Compiled {
  ProfileId profile = ProfileId::kCore;
  bool found = false;                 // a grpc_config attribute was read
  std::vector<Attribute> attributes;
  std::string global_error;           // the whole choice list fails (empty: none)
  std::vector<Choice> choices;
  // This profile's findings (JSON, fields, config), located in the source: a finding about an
  // attribute's JSON is mapped from the attribute's text (Attribute::json) when it is reported.
  std::vector<doc::Diagnostic> diagnostics;
  std::vector<std::string> notes;     // record-selection notes for the explanation
};

// One owner name of the source that carries a grpc_config record (a zone or dig output may
// hold several `_grpc_config.<host>` names, each evaluated on its own).
struct Name {
  std::string owner;        // as written in the first record with the attribute ("" for raw strings)
  std::string key;          // TxtRecord::owner_key
  doc::SourceRange range;   // that record's owner token (its whole range when it has none)
};

struct CompiledRecords {
  doc::SourcePtr source;
  RecordSet records;
  std::vector<doc::Diagnostic> record_diagnostics;  // decoding (same for every profile)
  std::string query_owner;                           // the owner name the config was found on
  std::string query_name;                            // that owner as written
  std::vector<Name> names;                           // every name with a grpc_config record, in input order
  std::array<Compiled, 4> profiles;
  const Compiled& of(ProfileId p) const { return profiles[static_cast<int>(p)]; }
};

// Parses and compiles a source for every profile. Never throws. `name` chooses which owner name
// is evaluated (NameMatches); empty: the first name that carries a grpc_config record. A name
// that matches none gets TXT019 and the first name is evaluated.
// `exact_key`: `name` is an owner key of CompiledRecords::names as it is (the empty key of raw strings
// included), not a user's name to normalise (the engine evaluating every name of a zone).
// `empty_explained`: the source came with a diagnostic that says why it holds no record (a live
// DNS answer's LIVE003 NXDOMAIN, LIVE002 timeout: cfgi::EmptySourceExplained), so no TXT015 "no
// TXT record found" (whose fix, "give dig output", is wrong for an answer) is added.
CompiledRecords Compile(doc::SourcePtr source, std::string_view name = {}, bool exact_key = false, bool empty_explained = false);

// True when `wanted` (as a user types it: any case, trailing dot or not, with or without the
// `_grpc_config.` label) names the owner `key` (a TxtRecord::owner_key).
bool NameMatches(std::string_view wanted, std::string_view key);

// The diagnostics of one profile, located in the original text.
std::vector<doc::Diagnostic> ProfileDiagnostics(const CompiledRecords& a, ProfileId p);

struct ChoiceTrace {
  int index = 0;
  std::string outcome;  // "selected", "skipped", "error", "not-reached"
  std::vector<std::pair<Criterion, Verdict>> criteria;
  std::vector<std::string> details;
};

// a2 without a client language: the outcome for one language the choices name, or for any
// other language (`other`).
struct LanguageEvaluation {
  std::string language;
  bool other = false;
  std::optional<int> choice;
  std::shared_ptr<const nlohmann::ordered_json> service_config;
  std::optional<std::string> error;
};

struct Evaluation {
  std::shared_ptr<const nlohmann::ordered_json> service_config;  // null: none (shared with the Choice)
  std::shared_ptr<const std::vector<ConfigLine>> service_config_lines;  // the same as tree lines; null with it
  std::optional<int> choice;
  std::optional<std::string> error;
  std::string language;  // the language compared
  std::vector<ChoiceTrace> trace;
  // The a2 profile without a language (the proposal has no language of its own): a choice
  // without clientLanguage applies to every client, so the answer is exact unless a choice with
  // clientLanguage is reached. Then the answer depends on the language: choice, service_config
  // and error stay empty and `by_language` lists the outcome per language the choices name and
  // for any other language (the trace is the one for any other language).
  bool language_unknown = false;
  std::vector<LanguageEvaluation> by_language;
};

// Evaluates one client under one profile; every random draw is client.rand. When `why` is set,
// it receives the explanation tree. With trace=false the per-choice trace is not built (the
// fast path for many evaluations).
Evaluation Evaluate(const CompiledRecords& a, ProfileId p, const Client& c, doc::Explanation* why = nullptr,
                    bool trace = true);

struct Share {
  int choice = -1;       // index, or -1 for no service config, -2 for an error
  double percent = 0;    // the real share, every draw independent
};
struct Rollout {
  std::vector<Share> shares;
  std::array<int, 100> fixed{};  // the outcome (choice, -1, -2) when every draw is r
};
// The rollout for this client's language and hostname (its rand is ignored).
Rollout ComputeRollout(const CompiledRecords& a, ProfileId p, const Client& c);

// The shared did-you-mean helper (core/doc/suggest.h), kept under this name for the txt code.
std::string Suggest(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace cfgi::txt
