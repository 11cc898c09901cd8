// core/doc/codes.h: the one registry of diagnostic codes: each code's default severity, short
// title, engine and the anchor of its docs/diagnostics.md heading. `config-inspector-cli codes`
// lists it and SARIF's tool.driver.rules are built from it; tests/unit/docs_test.cpp checks it
// against docs/diagnostics.md (same codes, titles that open each entry, severities that agree
// with an entry's "Warning:" / "Error:" / "Note:" opening), so the two cannot drift.
//
//   if (const doc::CodeInfo* c = doc::FindCode("DOC001")) std::cout << c->title;
//   for (const doc::CodeInfo& c : doc::Codes()) ...
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/doc/diagnostic.h"

namespace cfgi::doc {

struct CodeInfo {
  std::string_view code;      // "DOC001"
  Severity severity;          // the default: a profile may report some codes at another level
  std::string_view engine;    // "variants", "matcher", "txt", "policy", "targeting"; "all" for DOC/ENG/SCN
  std::string_view title;     // the first sentence of the docs entry (cut with "…" past 110 bytes)
};

// Every code, in the order of docs/diagnostics.md.
const std::vector<CodeInfo>& Codes();
// The code's entry; null for a code the registry does not have.
const CodeInfo* FindCode(std::string_view code);
// The GitHub-style anchor of the code's heading in docs/diagnostics.md: "doc001".
std::string CodeAnchor(std::string_view code);

}  // namespace cfgi::doc
