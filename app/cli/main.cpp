// config-inspector-cli: the command-line form of Config Inspector (the contract is README.md's
// "Command line"). main() dispatches on the subcommand (subcommands.h, one file each) and prints
// --help and --version; the subcommands read files, hand bytes to the core and print text or JSON.
#include <iostream>
#include <string>
#include <vector>

#include "app/cli/common.h"
#include "app/cli/lsp.h"
#include "app/cli/subcommands.h"
#include "core/engine/engine.h"

namespace {

const char* kUsage = R"(config-inspector-cli: inspect xDS, gRPC, Kuma and CppMicroServices configuration

usage:
  config-inspector-cli check [--engine E] [--profile P|all] [--format text|json|sarif] FILE...
  config-inspector-cli eval  [--engine E] [--profile P|all] [--format text|json|sarif] [--explain] FILE... [query flags]
  config-inspector-cli encode [--name NAME] [--ttl T] [--format zone|dig|json] FILE
  config-inspector-cli ldap FILTER [--props JSON] [--match-case]
  config-inspector-cli codes [--format text|json]
  config-inspector-cli lsp [--debounce MS]
  config-inspector-cli test [--covall] [--fail-under PCT] [--junit FILE] FILE|DIR...
  config-inspector-cli --help | --version

The engine is chosen by the first rule that decides (docs/formats.md "How the engine is
chosen"): --engine; a scenario file's engine:; a textproto '# proto-message:' header; a
--profile only one engine has; the content. A file no engine recognises is an error (ENG001):
choose with --engine (document checks the syntax only). Several native files form one scenario
(a manifest and its config, a mesh and its policies). FILE may be '-' for standard input (a
multi-document YAML stream, kubectl or Kustomize output included).

options:
  --engine E       read the files with this engine: variants, matcher, txt, policy, targeting, document
  --profile P      evaluate under one implementation's semantics, or 'all' to compare them
  --format F       'text' (default: each engine's answer in a few lines; colour on a terminal
                   unless NO_COLOR is set), 'json' (only JSON is printed on stdout) or 'sarif'
                   (SARIF 2.1.0 for code scanning; only the log is printed on stdout)
  --explain        add the explanation tree to the output
  --fail-on S      exit 1 on a finding of severity S or above: error (default), warning, note, never
  --min-severity S hide findings below S from the output: error, warning, note (default)
  --suppress C[=G] silence code C (in files matching glob G); repeatable. In a file: a comment
                   'config-inspector: ignore CODE[,CODE] -- reason' on the line or the line above
  --show-suppressed  list the suppressed findings
  --project FILE   the project file (default: .config-inspector.yaml, from here upward)
  --no-project     ignore any project file

live sources, read instead of (or beside) FILE... (docs/live-sources.md; not in the web build):
  --lookup HOST [--dns-server IP[:PORT]]    the _grpc_config.HOST TXT records, as a gRPC client asks DNS
  --admin URL [--include-eds]               a running Envoy's /config_dump (http://, https://, unix:PATH)
  --csds HOST:PORT [--tls [--tls-ca FILE]]  a gRPC process's xDS clients and resources (CSDS, admin port)
  --kuma-cp URL --mesh M --dataplane NAME   a Kuma control plane's _rules for a dataplane against ours
                                            (the profile of its version), differences as divergences
  --timeout MS                              the network call's bound (DNS 5000, others 10000 by default)

encode writes a gRPC service config (or a list of A2 choices) in JSON as a DNS TXT record, strings
split at 255 bytes and escaped: a zone-file record (--format zone, the default), dig's ANSWER line
(--format dig) or both in JSON; `eval` reads either back to the same config
(--name defaults to _grpc_config.example.com., --ttl to 3600).
ldap evaluates one CppMicroServices LDAP filter against a JSON object of properties (keys
case-insensitive unless --match-case) and prints {"matched", "error", "explanation"}.
lsp runs the language server on stdin/stdout for an editor (docs/editors.md; `lsp --help`).
codes lists every diagnostic code: severity, engine, title and its docs/diagnostics.md anchor.
test runs the scenarios' expect entries and prints the coverage of their configuration
(docs/cli.md "test"; `test --help`).

exit status: 0 no error, 1 an error diagnostic was reported, 2 usage or I/O error.
)";

// The usage, then each engine's profiles and query flags.
void PrintHelp() {
  std::cout << kUsage << "\nengines, profiles and query flags:\n";
  for (const cfgi::Engine* e : cfgi::Engines()) {
    std::cout << "  " << e->name() << ":";
    for (const auto& p : e->profiles()) {
      std::cout << " " << p.name;
      for (const std::string& a : p.aliases) std::cout << " (" << a << ")";  // an alias of the profile before it
    }
    std::cout << "\n";
    for (const cfgi::QueryFlag& f : e->query_flags())
      std::cout << "      --" << f.name << (f.value.empty() ? "" : " " + f.value) << "  " << f.help
                << (f.repeatable ? " (repeatable)" : "") << "\n";
  }
}

}  // namespace

int main(int argc, char** argv) {
  using namespace cfgi::cli;
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    std::cerr << kUsage;
    return kExitUsage;
  }
  if (args[0] == "encode") return RunEncode({args.begin() + 1, args.end()});
  if (args[0] == "ldap") return RunLdap({args.begin() + 1, args.end()});
  if (args[0] == "codes") return RunCodes({args.begin() + 1, args.end()});
  if (args[0] == "lsp") {  // lsp_server.cpp: the language server on stdio
    LspArgs l;
    std::string error;
    if (!ParseLspArgs({args.begin() + 1, args.end()}, &l, &error)) return UsageError(error);
    return RunLsp(l);
  }
  if (args[0] == "test") {  // test_cmd.cpp
    TestArgs t;
    std::string error;
    if (!ParseTestArgs({args.begin() + 1, args.end()}, &t, &error)) return UsageError(error);
    return RunTest(t);
  }
  // check / eval: options may come before the command word, and --help / --version anywhere.
  CheckEvalArgs a;
  std::string error;
  if (!ParseCheckEvalArgs(args, &a, &error)) return UsageError(error);
  switch (a.action) {
    case CheckEvalArgs::Action::kHelp:
      PrintHelp();
      return kExitOk;
    case CheckEvalArgs::Action::kVersion:
      std::cout << "config-inspector-cli " << CFGI_VERSION << "\n";
      return kExitOk;
    case CheckEvalArgs::Action::kRun:
      break;
  }
  return RunCheckEval(a);
}
