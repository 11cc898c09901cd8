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
#include <vector>

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

// The long flags every subcommand (check, eval, test, encode, ldap) reads the same way: a token
// `--name`, `--name=value`, or `--name` followed by its value as the next argument. Any other
// token (a command word, a file, `-` for stdin, a lone `--`) is positional.
//
//   ArgReader r(args);
//   while (r.Next()) {
//     if (!r.is_flag()) { files.push_back(r.arg()); continue; }
//     if (r.name() == "format") {
//       if (!r.TakeValue()) return UsageError("--format needs a value");
//       format = r.value();
//     }
//   }
class ArgReader {
 public:
  explicit ArgReader(const std::vector<std::string>& args) : args_(args) {}
  // Moves to the next token (past a value TakeValue consumed); false after the last.
  bool Next();
  const std::string& arg() const { return args_[i_]; }  // the token as given
  bool is_flag() const { return is_flag_; }
  bool is_help() const { return arg() == "--help" || arg() == "-h"; }
  const std::string& name() const { return name_; }      // without `--` and `=value`
  bool has_inline() const { return has_inline_; }        // `--name=value`
  // The flag's value: the inline one, else the next argument (consumed). False when there is
  // none (the flag is the last token); value() is then empty.
  bool TakeValue();
  const std::string& value() const { return value_; }

 private:
  const std::vector<std::string>& args_;
  size_t i_ = 0;
  bool started_ = false, is_flag_ = false, has_inline_ = false;
  std::string name_, value_;
};

// Sets `*error` to `msg` and returns false: how the argument parsers refuse an argument.
inline bool Refuse(std::string* error, const std::string& msg) {
  *error = msg;
  return false;
}

// Prints `j` indented by two spaces and a newline on stdout (through doc::JsonText, which never
// throws on invalid UTF-8).
void PrintJson(const nlohmann::ordered_json& j);

}  // namespace cfgi::cli
