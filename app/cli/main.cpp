// config-inspector-cli: the command-line form of Config Inspector (the contract is DESIGN.md's
// "Command line"). Reads files, hands bytes to the core, prints text or JSON.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "core/txt/txt_encode.h"
#include "core/ldap/filter.h"
#include "core/doc/utf8.h"

namespace {

using nlohmann::ordered_json;

constexpr int kExitOk = 0, kExitFindings = 1, kExitUsage = 2;

const char* kUsage = R"(config-inspector-cli: inspect xDS, gRPC, Kuma and CppMicroServices configuration

usage:
  config-inspector-cli check [--profile P|all] [--format text|json] FILE...
  config-inspector-cli eval  [--profile P|all] [--format text|json] [--explain] FILE... [query flags]
  config-inspector-cli encode [--name NAME] [--ttl T] [--format text|json] FILE
  config-inspector-cli ldap FILTER [--props JSON] [--match-case]
  config-inspector-cli --help | --version

The engine is detected from content: a scenario file names it (docs/formats.md); native files
are recognised. Several native files form one scenario (a manifest and its config, a mesh and
its policies). FILE may be '-' for standard input.

options:
  --profile P      evaluate under one implementation's semantics, or 'all' to compare them
  --format F       'text' (default) or 'json' (only JSON is printed on stdout)
  --explain        add the explanation tree to the output

encode writes a gRPC service config (or a list of A2 choices) in JSON as DNS TXT records:
a zone-file record and dig's ANSWER line, strings split at 255 bytes and escaped
(--name defaults to _grpc_config.example.com., --ttl to 3600).
ldap evaluates one CppMicroServices LDAP filter against a JSON object of properties (keys
case-insensitive unless --match-case) and prints {"matched", "error", "explanation"}.

exit status: 0 no error, 1 an error diagnostic was reported, 2 usage or I/O error.
)";

struct Args {
  std::string command;
  std::string profile;
  std::string format = "text";
  bool explain = false;
  std::vector<std::string> files;
  cfgi::Query query;
};

// Every engine's query flags, so `--params k=v` can be told from a file name before the engine
// is known. A flag whose value placeholder is empty takes no value.
std::map<std::string, cfgi::QueryFlag> AllQueryFlags() {
  std::map<std::string, cfgi::QueryFlag> m;
  for (const cfgi::Engine* e : cfgi::Engines())
    for (const cfgi::QueryFlag& f : e->query_flags()) m.emplace(f.name, f);
  return m;
}

void PrintHelp() {
  std::cout << kUsage << "\nengines, profiles and query flags:\n";
  for (const cfgi::Engine* e : cfgi::Engines()) {
    std::cout << "  " << e->name() << ":";
    for (const auto& p : e->profiles()) std::cout << " " << p.name;
    std::cout << "\n";
    for (const cfgi::QueryFlag& f : e->query_flags())
      std::cout << "      --" << f.name << (f.value.empty() ? "" : " " + f.value) << "  " << f.help
                << (f.repeatable ? " (repeatable)" : "") << "\n";
  }
}

int UsageError(const std::string& msg) {
  std::cerr << "config-inspector-cli: " << msg << "\n(try --help)\n";
  return kExitUsage;
}

std::optional<std::string> ReadFile(const std::string& path) {
  if (path == "-") {
    std::ostringstream ss;
    ss << std::cin.rdbuf();
    return ss.str();
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::optional<std::string> ReadSibling(const std::string& scenario, const std::string& rel) {
  if (!rel.empty() && rel[0] == '/') return ReadFile(rel);
  size_t slash = scenario.rfind('/');
  return ReadFile(slash == std::string::npos ? rel : scenario.substr(0, slash + 1) + rel);
}

void PrintText(const cfgi::Report& r, bool evaluate, bool explain) {
  for (const auto& d : r.diagnostics) std::cout << cfgi::doc::FormatDiagnostic(d) << "\n";
  if (evaluate) std::cout << cfgi::doc::JsonText(r.result, 2) << "\n";
  if (explain && !r.explanation.what.empty()) std::cout << r.explanation.ToText();
}

int Run(const Args& a) {
  std::vector<cfgi::InputFile> inputs;
  for (const std::string& f : a.files) {
    auto text = ReadFile(f);
    if (!text) {
      std::cerr << f << ": error: cannot read the file\n";
      return kExitUsage;
    }
    inputs.push_back({f, std::move(*text)});
  }
  cfgi::Scenario s = cfgi::LoadScenario(inputs, ReadSibling);
  const cfgi::Engine* e = cfgi::DetectEngine(s);
  if (!e) return UsageError("no engine can read these files");
  for (const auto& [k, v] : a.query.flags) {
    bool known = false;
    for (const auto& f : e->query_flags()) known |= f.name == k;
    if (!known) return UsageError("--" + k + " is not a flag of the " + std::string(e->name()) + " engine");
  }
  bool evaluate = a.command == "eval";
  std::string profile = a.profile.empty() ? (s.profile.empty() ? e->profiles()[0].name : s.profile) : a.profile;
  if (profile != "all" && !e->HasProfile(profile)) {
    std::string names;
    for (const auto& p : e->profiles()) names += " " + p.name;
    return UsageError("unknown profile '" + profile + "' for engine " + std::string(e->name()) + "; one of:" + names + " all");
  }
  bool errors = false;
  if (profile == "all") {
    ordered_json j = cfgi::AllProfilesJson(*e, s, a.query, evaluate);
    for (auto& [name, one] : j["profiles"].items())
      for (const auto& d : one["diagnostics"]) errors |= d["severity"] == "error";
    if (a.format == "json") {
      std::cout << cfgi::doc::JsonText(j, 2) << "\n";
    } else {
      for (auto& [name, one] : j["profiles"].items()) {
        std::cout << "== profile " << name << "\n";
        for (const auto& d : one["diagnostics"])
          std::cout << d["file"].get<std::string>() << ":" << d["line"] << ":" << d["column"] << ": "
                    << d["severity"].get<std::string>() << ": [" << d["code"].get<std::string>() << "] "
                    << d["message"].get<std::string>() << "\n";
        if (evaluate) std::cout << cfgi::doc::JsonText(one["result"], 2) << "\n";
      }
      std::cout << "== divergences: " << j["divergences"].size() << "\n";
      for (const auto& d : j["divergences"]) std::cout << d["path"].get<std::string>() << " " << cfgi::doc::JsonText(d["values"]) << "\n";
    }
  } else {
    cfgi::Report r = cfgi::RunScenario(*e, s, a.query, profile, evaluate);
    errors = cfgi::doc::HasErrors(r.diagnostics);
    if (a.format == "json") {
      ordered_json j = cfgi::ReportJson(*e, profile, r);
      if (a.explain) j["explanation"] = r.explanation.ToJson();
      std::cout << cfgi::doc::JsonText(j, 2) << "\n";
    } else {
      PrintText(r, evaluate, a.explain);
    }
  }
  return errors ? kExitFindings : kExitOk;
}

// `encode FILE`: the txt engine's encoder (core/txt/txt_encode.h).
int Encode(const std::vector<std::string>& args) {
  cfgi::txt::EncodeOptions opt;
  std::string format = "text", file;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](const char* flag) -> std::optional<std::string> {
      if (i + 1 >= args.size()) return std::nullopt;
      (void)flag;
      return args[++i];
    };
    if (a == "--name" || a == "--ttl" || a == "--format") {
      auto v = value(a.c_str());
      if (!v) return UsageError(a + " needs a value");
      if (a == "--name") {
        opt.name = *v;
      } else if (a == "--format") {
        if (*v != "text" && *v != "json") return UsageError("--format is 'text' or 'json'");
        format = *v;
      } else {
        try {
          size_t used = 0;
          unsigned long t = std::stoul(*v, &used);
          if (used != v->size() || t > 0x7fffffffUL) throw std::out_of_range("ttl");
          opt.ttl = static_cast<uint32_t>(t);
        } catch (const std::exception&) {
          return UsageError("--ttl takes seconds, 0 to 2147483647");
        }
      }
    } else if (a.rfind("--", 0) == 0) {
      return UsageError("unknown option " + a + " for encode");
    } else if (file.empty()) {
      file = a;
    } else {
      return UsageError("encode takes one FILE");
    }
  }
  if (file.empty()) return UsageError("encode needs a JSON FILE");
  auto text = ReadFile(file);
  if (!text) {
    std::cerr << file << ": error: cannot read the file\n";
    return kExitUsage;
  }
  cfgi::doc::Source src(file, std::move(*text));
  cfgi::txt::EncodeResult r = cfgi::txt::Encode(src, opt);
  if (format == "json") {
    ordered_json j;
    j["name"] = opt.name;
    j["ttl"] = opt.ttl;
    j["json"] = r.json;
    j["strings"] = r.strings;
    j["zone"] = r.zone;
    j["dig"] = r.dig;
    j["rdata_bytes"] = r.rdata_bytes;
    j["message_bytes"] = r.message_bytes;
    ordered_json ds = ordered_json::array();
    for (const auto& d : r.diagnostics)
      ds.push_back({{"code", d.code}, {"severity", cfgi::doc::SeverityName(d.severity)}, {"message", d.message},
                    {"file", d.file}, {"line", d.begin.line}, {"column", d.begin.column}});
    j["diagnostics"] = std::move(ds);
    std::cout << cfgi::doc::JsonText(j, 2) << "\n";
  } else {
    for (const auto& d : r.diagnostics) std::cerr << cfgi::doc::FormatDiagnostic(d) << "\n";
    if (!r.zone.empty()) std::cout << "; zone file\n" << r.zone << "\n; dig\n" << r.dig;
  }
  return cfgi::doc::HasErrors(r.diagnostics) ? kExitFindings : kExitOk;
}

// `ldap FILTER --props JSON [--match-case]`: one filter, one property map, JSON out.
int RunLdap(const std::vector<std::string>& args) {
  std::optional<std::string> filter;
  std::string props = "{}";
  bool match_case = false;
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--match-case") {
      match_case = true;
    } else if (a == "--props" || a.rfind("--props=", 0) == 0) {
      if (a == "--props") {
        if (i + 1 >= args.size()) return UsageError("--props needs a JSON object");
        props = args[++i];
      } else {
        props = a.substr(8);
      }
    } else if (a == "--format" && i + 1 < args.size() && args[i + 1] == "json") {
      ++i;  // the output is always JSON
    } else if (a.rfind("--", 0) == 0) {
      return UsageError("unknown option " + a + " for ldap (--props JSON, --match-case)");
    } else if (!filter) {
      filter = a;
    } else {
      return UsageError("ldap takes one FILTER; quote it: ldap '(&(a=1)(b=2))'");
    }
  }
  if (!filter) return UsageError("ldap needs a FILTER, e.g. ldap '(port>=8080)' --props '{\"port\": 8080}'");
  ordered_json j = cfgi::ldap::EvaluateJson(*filter, props, match_case);
  std::cout << cfgi::doc::JsonText(j, 2) << "\n";
  return j["error"].is_null() ? kExitOk : kExitFindings;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> argv_s(argv + 1, argv + argc);
  if (argv_s.empty()) {
    std::cerr << kUsage;
    return kExitUsage;
  }
  if (argv_s[0] == "encode") return Encode(std::vector<std::string>(argv_s.begin() + 1, argv_s.end()));
  if (argv_s[0] == "ldap") return RunLdap(argv_s);
  Args a;
  auto flags = AllQueryFlags();
  for (size_t i = 0; i < argv_s.size(); ++i) {
    std::string arg = argv_s[i];
    if (arg == "--help" || arg == "-h") {
      PrintHelp();
      return kExitOk;
    }
    if (arg == "--version") {
      std::cout << "config-inspector-cli " << CFGI_VERSION << "\n";
      return kExitOk;
    }
    if (arg.rfind("--", 0) == 0 && arg.size() > 2) {
      std::string name = arg.substr(2), value;
      bool has_inline = false;
      if (size_t eq = name.find('='); eq != std::string::npos) {
        value = name.substr(eq + 1);
        name = name.substr(0, eq);
        has_inline = true;
      }
      auto need_value = [&]() -> bool {
        if (has_inline) return true;
        if (i + 1 >= argv_s.size()) return false;
        value = argv_s[++i];
        return true;
      };
      if (name == "profile" || name == "format") {
        if (!need_value()) return UsageError("--" + name + " needs a value");
        (name == "profile" ? a.profile : a.format) = value;
        if (name == "format" && value != "text" && value != "json") return UsageError("--format is 'text' or 'json'");
      } else if (name == "explain") {
        a.explain = true;
      } else if (auto f = flags.find(name); f != flags.end()) {
        if (!f->second.value.empty() && !need_value()) return UsageError("--" + name + " needs a value " + f->second.value);
        if (f->second.value.empty() && !has_inline) value = "true";
        a.query.flags.emplace_back(name, value);
      } else {
        return UsageError("unknown option " + arg);
      }
      continue;
    }
    if (a.command.empty()) {
      a.command = arg;
      continue;
    }
    a.files.push_back(arg);
  }
  if (a.command != "check" && a.command != "eval")
    return UsageError(a.command.empty() ? "missing command" : "unknown command '" + a.command + "'");
  if (a.files.empty()) return UsageError("no input files");
  // targeting's --config / --services name a file (read like the others) or hold inline JSON.
  for (const auto& [k, v] : a.query.flags)
    if ((k == "config" || k == "services") && std::find(a.files.begin(), a.files.end(), v) == a.files.end() &&
        v.find_first_of("{[") != 0 && std::ifstream(v).good())
      a.files.push_back(v);
  return Run(a);
}
