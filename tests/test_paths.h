// tests/test_paths.h: where a test program finds the source tree (samples/, tests/, docs/) and the
// CLI it runs. Included in every test program's files by cmake/test_paths.cmake (`-include`);
// the paths are compiled into one generated file (build/<preset>/test_paths/test_paths.cpp), not
// given as compile definitions: an absolute path on a compile line is part of the compiler
// cache's key, so every test file of a fresh clone (CI) missed the cache.
//   std::string path = std::string(CFGI_SOURCE_DIR) + "/samples/matcher/list-1000.scenario.yaml";
#pragma once

namespace cfgi_test_paths {
const char* SourceDir();  // the repository's root, absolute
const char* CliPath();    // config-inspector-cli of this build
}  // namespace cfgi_test_paths

#define CFGI_SOURCE_DIR (::cfgi_test_paths::SourceDir())
#define CFGI_CLI (::cfgi_test_paths::CliPath())
