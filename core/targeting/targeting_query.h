// core/targeting/targeting_query.h: what one targeting evaluation asks: the configuration, the
// service registry and the factory instance. The CLI's flags parse into it once
// (ParseTargetingQuery, the engine's ParseQuery); the app's views and the tests build it directly:
//
//   auto q = std::make_shared<targeting::TargetingQuery>();
//   q->config = targeting::FileOrJson::Inline("--config", R"({"region": "eu"})");
//   q->pid = "com.example.Factory";
//   Inspect(engine, scenario, Query{.typed = q}, options);
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "core/doc/load.h"
#include "core/engine/engine.h"

namespace cfgi::targeting {

// A value that names a file or holds inline JSON (QueryFlag::file_or_json), resolved as far as
// it can be without the scenario: `json` is the inline JSON, parsed once (a document named after
// its flag, "--config", so its diagnostics point into the flag's text); otherwise `name` is a
// file the CLI read into the scenario, found there by Load (TGT018 when it is not there).
struct FileOrJson {
  std::string name;                            // the value as given (a file name, or the JSON text)
  std::shared_ptr<const doc::Document> json;   // set when the value is inline JSON

  static FileOrJson File(std::string name) { return {std::move(name), nullptr}; }
  static FileOrJson Inline(const std::string& flag, std::string text);
};

struct TargetingQuery final : EngineQuery {
  // --config FILE|JSON: the configuration injected for the factory instance. Unset: a
  // configuration source, else inputs.config.
  std::optional<FileOrJson> config;
  // --services FILE|JSON: the service registry. Unset: registry sources, else inputs.services.
  std::optional<FileOrJson> services;
  // --pid P: the factory configuration pid. Unset: inputs.pid, else each factory's first.
  std::optional<std::string> pid;
  // --instance N: the factory instance name after '~'. Unset: inputs.instance, else instance1.
  std::optional<std::string> instance;
};

// The flags of the targeting engine (query_flags()) as a TargetingQuery: the last value of each
// flag; a --config or --services value whose first non-blank character is '{' or '[' is inline
// JSON (its syntax errors are the document's diagnostics, reported by Load).
TargetingQuery ParseTargetingQuery(const Query& flags);

}  // namespace cfgi::targeting
