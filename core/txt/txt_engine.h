// core/txt/txt_engine.h: the "txt" engine (gRPC A2, service config in DNS TXT records) behind
// the engine contract: profiles grpc-core (default), grpc-java, grpc-go and a2; query flags
// --language, --hostname, --rand. The model underneath (txt_model.h) is what a view draws.
//
//   auto m = cfgi::GetTxtEngine().Load(scenario, query, cfgi::Mode::kEvaluate);
//   auto r = m->Evaluate("grpc-java");
//   const auto* t = cfgi::ResultAs<cfgi::txt::TxtResult>(r.get());
//   t->evaluation.choice;  r->ToJson()["service_config"];
#pragma once

#include <memory>
#include <optional>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/engine/compare.h"
#include "core/engine/engine.h"
#include "core/txt/txt_model.h"
#include "core/txt/txt_query.h"

namespace cfgi {

const Engine& GetTxtEngine();

namespace txt {

class TxtResult;

// The engine's model: the DNS source read once (records decoded, every profile's choice list
// compiled) and the simulated client the scenario and the query describe.
class TxtModel final : public EngineModel {
 public:
  std::unique_ptr<EngineResult> Evaluate(std::string_view profile, doc::Explanation* why = nullptr) const override;
  // "choice" items: every choice of the profile's list, per name (txt_coverage.cpp).
  std::vector<CoverageItem> Coverage(const EngineResult& r) const override;
  // Evaluates another client (a view's what-if) on the same compiled analysis.
  std::unique_ptr<TxtResult> EvaluateClient(ProfileId p, const Client& c, doc::Explanation* why = nullptr) const;
  // The client the scenario and the query give for profile `p` (inputs.language may be a map
  // per profile; --language, --hostname, --rand override).
  Client ClientFor(ProfileId p) const;

  // Evaluates the client on another name of the source (index into `per_name`; a view's pick).
  std::unique_ptr<TxtResult> EvaluateName(size_t name, ProfileId p, const Client& c, doc::Explanation* why = nullptr) const;

  std::shared_ptr<const CompiledRecords> analysis;  // the evaluated name; null when the scenario has no source
  // One analysis per name with a grpc_config record (CompiledRecords::names order); `analysis` is one
  // of them (--name / inputs.name, else the first). Empty when the source has at most one name.
  std::vector<std::shared_ptr<const CompiledRecords>> per_name;
  size_t selected_name = 0;  // index of `analysis` in per_name
  Client client;                              // inputs + query, without a per-profile language
  std::map<std::string, std::string> language_per_profile;  // inputs.language as a map
  bool language_from_query = false;
};

// One profile's selection for one client.
class TxtResult final : public EngineResult {
 public:
  nlohmann::ordered_json ToJson() const override;
  // ToJson, with the records `same_records` marks (FindSameAnswers) written null: the
  // comparison's form of it.
  nlohmann::ordered_json Json(const std::vector<bool>* same_records) const;
  ProfileId id = ProfileId::kCore;
  std::shared_ptr<const CompiledRecords> analysis;
  bool evaluated = false;  // false in kCheck mode
  Client client;
  Evaluation evaluation;
  Rollout rollout;  // the real share of every choice for this client's language and hostname
  // Every name of the source evaluated for the same client (empty with at most one name).
  struct NameEvaluation {
    std::string owner;
    std::string file;
    doc::Position at{0, 0};  // the name's first grpc_config record; 0:0 when it has none
    Evaluation evaluation;
  };
  std::vector<NameEvaluation> names;
};

// A what-if on a loaded model: the app's edited client, or the scenario's client on another name
// of the source (`name` indexes TxtModel::per_name; nullopt: the model's own name), evaluated
// under every profile (`clients`: one per profile, Profiles() order) and compared as `eval
// --profile all` compares them. The txt view runs it as a job on the worker and only draws the
// outcome; `results` point into `model`'s analysis, which the outcome keeps alive. Never fails.
struct ClientWhatIf {
  std::shared_ptr<const TxtModel> model;
  std::vector<std::unique_ptr<TxtResult>> results;  // Profiles() order
  std::vector<doc::Step> why;                       // each result's explanation
  Comparison comparison;
};
ClientWhatIf EvaluateClientEveryProfile(std::shared_ptr<const TxtModel> model, std::optional<size_t> name,
                                         const std::vector<Client>& clients);

// Reads the scenario's DNS source and client (the engine's Load).
std::unique_ptr<TxtModel> LoadTxtModel(const Scenario& s, const TxtQuery& q, Mode mode);

// The engine's JSON result for one profile (docs/formats/txt.md: service_config, choice, error, records, choices, rollout).
// The records `same_records` marks are written null (the comparison's form, TxtResult::Json).
nlohmann::ordered_json ResultJson(const CompiledRecords& a, ProfileId p, const Client& c, const Evaluation& ev, const Rollout& ro,
                                  const std::vector<bool>* same_records = nullptr);

// The answers every profile gives alike, found on the typed results (txt_compare.cpp): per record
// of the source (whether the profile reads it; the rest of a record is the source's), per choice
// trace, per name of the source, and the rollout. `comparable` is false when the results are not
// evaluations of one analysis (the comparison then serialises them whole).
struct SameAnswers {
  bool comparable = false;
  std::vector<bool> records, choices, names;
  bool rollout = false;
};
SameAnswers FindSameAnswers(const std::vector<const TxtResult*>& results);

// The txt engine's Engine::CompareResults: each result as TxtResult::Json prints it with the
// records FindSameAnswers finds alike null and its other alike answers as one placeholder in
// every profile, compared by cfgi::Compare; the comparison of the full JSON exactly.
Comparison CompareTyped(const Engine& e, const std::vector<ComparedResult>& results);

}  // namespace txt
}  // namespace cfgi
