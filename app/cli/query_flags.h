// app/cli/query_flags.h: the engines' query flags (`--params k=v`, `--header name=value`) on the
// command line, read in two phases.
//
// Phase one runs before any file is read, so it cannot know the engine. It only splits
// `--name[=value]` and needs to know whether `--name` takes a value; every engine that defines a
// name gives it the same arity (tests/cli/query_flags_test.cpp checks it), so the answer never
// depends on the order of the engines. Phase two runs once the files are loaded and the engine is
// detected: each flag is checked against THAT engine's definitions only, and the files named by
// its file-valued flags are read.
//
//   if (!IsQueryFlag(name)) return UsageError("unknown option --" + name);
//   if (QueryFlagTakesValue(name)) ...take the next argument...
//   ...load the files, detect the engine...
//   if (auto error = CheckQueryFlags(*engine, query)) return UsageError(*error);
//   if (auto unread = ReadFileValuedQueryFlags(*engine, query, &inputs)) return CannotRead(*unread);
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/engine/engine.h"
#include "core/engine/scenario.h"

namespace cfgi::cli {

// The engines that define `--name`, in registry order; empty when no engine does.
std::vector<const Engine*> QueryFlagOwners(std::string_view name);

// True when some engine defines `--name`.
bool IsQueryFlag(std::string_view name);

// True when the engines that define `--name` give it a value placeholder (`--params k=v,...`);
// false for a switch, and false when no engine defines the name.
bool QueryFlagTakesValue(std::string_view name);

// The placeholder for a "needs a value" message: "k=v,..." when the owners agree on it, else
// each owner's, e.g. "NAME (variants) or KEY (policy)". Empty when no engine defines the name.
std::string QueryFlagPlaceholder(std::string_view name);

// Nullopt when every flag of `q` is one of `e`'s own; otherwise the usage error for the first
// flag that is not, naming the engine(s) that own it:
// "--header belongs to the matcher engine; these files were read as policy".
std::optional<std::string> CheckQueryFlags(const Engine& e, const Query& q);

// True for a flag whose value names a file or holds inline JSON (QueryFlag::file_or_json, as
// targeting's --config and --services declare).
bool IsFileValued(const QueryFlag& f);

// The one place where the CLI reads files named by query flags. For each of `e`'s file-valued
// flags in `q` (command-line order) whose value is an existing file, not inline JSON (first
// character '{' or '[') and not already in `inputs`, appends the file to `inputs`, where the
// engine finds it as a source by that name; other values are left to the engine (targeting
// parses inline JSON and reports TGT018 for the rest). Returns the path of a file that exists
// but cannot be read, else nullopt.
std::optional<std::string> ReadFileValuedQueryFlags(const Engine& e, const Query& q,
                                                    std::vector<InputFile>* inputs);

}  // namespace cfgi::cli
