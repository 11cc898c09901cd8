// tests/cli/cli_runner.h: runs config-inspector-cli (CFGI_CLI) from a test and captures its
// exit status, standard output and standard error; writes scratch input files. Shared by the CLI
// tests of every engine.
//
//   CliOutput r = RunCli("check --format json " + WriteTemp("a.yaml", "a: 1\n"));
//   EXPECT_EQ(r.exit_code, 0);
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

namespace cfgi::testing {

struct CliOutput {
  int exit_code;
  std::string out;  // stdout
  std::string err;  // stderr
};

// Runs `cmd` through the shell (`sh -c`) and captures its exit status, stdout and stderr;
// exit_code is -1 when the command did not exit normally (a crash). For a CLI run from another
// directory: RunShell("cd 'DIR' && " + std::string(CFGI_CLI) + " check a.yaml").
inline CliOutput RunShell(const std::string& cmd) {
  // ctest runs tests in parallel processes that share TempDir(): one stderr file per process.
  std::string err_path = ::testing::TempDir() + "cli_stderr_" + std::to_string(getpid()) + ".txt";
  FILE* p = popen(("{ " + cmd + "; } 2>'" + err_path + "'").c_str(), "r");
  std::string out;
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) out.append(buf.data(), n);
  int status = pclose(p);
  std::ostringstream err;
  err << std::ifstream(err_path).rdbuf();
  std::remove(err_path.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out, err.str()};
}

// Runs `CFGI_CLI args` through the shell (so `args` may quote).
inline CliOutput RunCli(const std::string& args) { return RunShell(std::string(CFGI_CLI) + " " + args); }

// Writes `text` to a file named `name` in the test's temporary directory; returns its path.
inline std::string WriteTemp(const std::string& name, const std::string& text) {
  std::string path = ::testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

}  // namespace cfgi::testing
