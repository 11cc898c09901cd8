// Every diagnostic code the code can emit is documented in docs/diagnostics.md.
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <vector>
#include <sstream>
#include <vector>

#include "core/doc/codes.h"

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

// The code registry (core/doc/codes.cpp, behind `codes` and SARIF's rules) and the docs list the
// same codes in the same order; each title opens its entry, each engine is its section's, and an
// entry that opens with "Warning:" / "Error:" / "Note:" has that default severity.
TEST(DocsTest, CodeRegistryMatchesTheDocs) {
  const std::filesystem::path root = CFGI_SOURCE_DIR;
  std::string docs = Read(root / "docs/diagnostics.md");
  struct Entry {
    std::string code, section, text;
  };
  std::vector<Entry> entries;
  std::istringstream in(docs);
  std::string line, section;
  bool in_para = false;
  while (std::getline(in, line)) {
    if (line.rfind("## ", 0) == 0) section = line.substr(3);
    if (line.rfind("### ", 0) == 0) {
      entries.push_back({line.substr(4), section, ""});
      in_para = true;
    } else if (line.empty() || line[0] == '#') {
      in_para = false;
    } else if (in_para) {
      entries.back().text += (entries.back().text.empty() ? "" : " ") + line;
    }
  }
  const std::vector<cfgi::doc::CodeInfo>& codes = cfgi::doc::Codes();
  ASSERT_EQ(codes.size(), entries.size());
  for (size_t i = 0; i < codes.size(); ++i) {
    const cfgi::doc::CodeInfo& c = codes[i];
    const Entry& e = entries[i];
    SCOPED_TRACE(e.code);
    ASSERT_EQ(std::string(c.code), e.code);
    std::string text = e.text;
    for (auto [prefix, sev] : {std::pair{"Warning: ", cfgi::doc::Severity::kWarning},
                               std::pair{"Error: ", cfgi::doc::Severity::kError},
                               std::pair{"Note: ", cfgi::doc::Severity::kNote}}) {
      if (text.rfind(prefix, 0) == 0) {
        EXPECT_EQ(c.severity, sev);
        text = text.substr(std::string(prefix).size());
      }
    }
    std::string title(c.title);
    const std::string ellipsis = "\xE2\x80\xA6";
    if (title.size() >= ellipsis.size() && title.compare(title.size() - ellipsis.size(), ellipsis.size(), ellipsis) == 0)
      title.resize(title.size() - ellipsis.size());
    ASSERT_FALSE(title.empty());
    // The first letter may be capitalised in the registry.
    EXPECT_EQ(std::tolower(static_cast<unsigned char>(title[0])), std::tolower(static_cast<unsigned char>(text[0])));
    EXPECT_EQ(text.substr(1, title.size() - 1), title.substr(1)) << "the title does not open the entry";
    std::string engine = e.section.substr(0, e.section.find(' '));
    if (engine == "Documents" || engine == "Engine" || engine == "Scenarios" || engine == "Suppressions" ||
        engine == "Project" || engine == "Live")
      engine = "all";
    EXPECT_EQ(std::string(c.engine), engine);
  }
  EXPECT_EQ(cfgi::doc::FindCode("LDAP004")->engine, "targeting");
  EXPECT_EQ(cfgi::doc::FindCode("NOPE001"), nullptr);
  EXPECT_EQ(cfgi::doc::CodeAnchor("TXT021"), "txt021");
}

}  // namespace
