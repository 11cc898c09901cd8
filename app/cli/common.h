// app/cli/common.h: what every subcommand of config-inspector-cli shares: the exit codes of the
// command-line contract (README.md "Command line"), usage errors, reading files (the core takes
// bytes, never paths) and printing JSON.
//
//   std::optional<std::string> text = ReadFile(path);
//   if (!text) return CannotRead(path);
//   PrintJson(j);
//   return doc::HasErrors(diagnostics) ? kExitFindings : kExitOk;
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace cfgi::cli {

inline constexpr int kExitOk = 0;        // no error diagnostic
inline constexpr int kExitFindings = 1;  // an error diagnostic was reported
inline constexpr int kExitUsage = 2;     // a usage or I/O error

// Prints "config-inspector-cli: MSG" and "(try --help)" on stderr; returns kExitUsage.
int UsageError(const std::string& msg);

// Prints "PATH: error: cannot read the file" on stderr; returns kExitUsage.
int CannotRead(const std::string& path);

// The bytes of the file at `path` ('-' reads standard input); nullopt when it cannot be read.
std::optional<std::string> ReadFile(const std::string& path);

// A file that a scenario references (a cfgi::FileReader): `rel` relative to the directory of
// `scenario`, or as it is when absolute. Nullopt when it cannot be read.
std::optional<std::string> ReadSibling(const std::string& scenario, const std::string& rel);

// True for the output formats the subcommands accept: "text" and "json".
bool IsOutputFormat(const std::string& format);
inline constexpr const char* kFormatError = "--format is 'text' or 'json'";

// The usage error for `--engine NAME` naming no engine: "unknown engine 'x'; one of: ...".
std::string UnknownEngine(const std::string& name);

// Prints `j` indented by two spaces and a newline on stdout (through doc::JsonText, which never
// throws on invalid UTF-8).
void PrintJson(const nlohmann::ordered_json& j);

}  // namespace cfgi::cli
