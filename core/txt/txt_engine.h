// core/txt/txt_engine.h: the "txt" engine (gRPC A2, service config in DNS TXT records) behind
// the Engine interface: profiles grpc-core (default), grpc-java, grpc-go and a2; query flags
// --language, --hostname, --rand. The model underneath (txt_model.h) is what a view uses.
//
//   const cfgi::Engine& e = cfgi::GetTxtEngine();
//   cfgi::Report r = e.Run(scenario, query, "grpc-java", /*evaluate=*/true);
//   r.result["service_config"], r.result["choice"], r.result["error"], r.result["rollout"]
#pragma once

#include <nlohmann/json.hpp>

#include "core/engine/engine.h"
#include "core/txt/txt_model.h"

namespace cfgi {

const Engine& GetTxtEngine();

namespace txt {
// The engine's JSON result for one profile (DESIGN.md "txt" plus records, choices, rollout).
nlohmann::ordered_json ResultJson(const Analysis& a, ProfileId p, const Client& c, const Evaluation& ev);
}  // namespace txt

}  // namespace cfgi
