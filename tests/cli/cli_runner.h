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
// ctest runs each test in a process of its own, two at a time, and several tests write the same
// file: it is written under a name of this process and renamed into place, so a test never reads
// a file another test is half-way through writing (CI saw TextFormatTest.Targeting... read an
// empty scenario while TextFormatTest.ColourOnlyOnATerminal... rewrote it).
inline std::string WriteTemp(const std::string& name, const std::string& text) {
  std::string path = ::testing::TempDir() + name;
  std::string part = path + ".part" + std::to_string(getpid());
  {
    std::ofstream out(part, std::ios::binary);
    out << text;
  }
  std::rename(part.c_str(), path.c_str());
  return path;
}

}  // namespace cfgi::testing
