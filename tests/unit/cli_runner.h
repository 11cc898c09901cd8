// tests/unit/cli_runner.h: runs config-inspector-cli (CFGI_CLI) from a test and captures its
// exit status and standard output; writes scratch input files. Shared by the CLI tests of every
// engine.
#pragma once

#include <array>
#include <cstdio>
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <sys/wait.h>

namespace cfgi::testing {

struct CliOutput {
  int exit_code;
  std::string out;  // stdout only; stderr is discarded
};

inline CliOutput RunCli(const std::string& args) {
  std::string cmd = std::string(CFGI_CLI) + " " + args + " 2>/dev/null";
  FILE* p = popen(cmd.c_str(), "r");
  std::string out;
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) out.append(buf.data(), n);
  int status = pclose(p);
  return {WEXITSTATUS(status), out};
}

// Writes `text` to a file named `name` in the test's temporary directory; returns its path.
inline std::string WriteTemp(const std::string& name, const std::string& text) {
  std::string path = ::testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

}  // namespace cfgi::testing
