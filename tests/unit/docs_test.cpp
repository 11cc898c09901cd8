// Every diagnostic code the code can emit is documented in docs/diagnostics.md.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <vector>
#include <sstream>

namespace {

std::string Read(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(DocsTest, EveryEmittedCodeIsDocumented) {
  const std::filesystem::path root = CFGI_SOURCE_DIR;
  std::string docs = Read(root / "docs/diagnostics.md");
  // A code is a quoted literal of 3-5 capitals and 3 digits ("DOC001", "LDAP004").
  std::regex code_re("\"([A-Z]{3,5}[0-9]{3})\"");
  std::set<std::string> missing;
  int seen = 0;
  // core/ and the live sources (app/live: LIVExxx).
  std::vector<std::filesystem::directory_entry> files;
  for (const char* dir : {"core", "app/live"})
    for (const auto& e : std::filesystem::recursive_directory_iterator(root / dir)) files.push_back(e);
  for (const auto& e : files) {
    if (!e.is_regular_file() || e.path().extension() != ".cpp") continue;
    std::string text = Read(e.path());
    for (std::sregex_iterator it(text.begin(), text.end(), code_re), end; it != end; ++it) {
      ++seen;
      std::string code = (*it)[1];
      if (docs.find("### " + code + "\n") == std::string::npos) missing.insert(code);
    }
  }
  EXPECT_GT(seen, 10);
  std::string list;
  for (const auto& m : missing) list += m + " ";
  EXPECT_TRUE(missing.empty()) << "undocumented diagnostic codes: " << list;
}

}  // namespace
