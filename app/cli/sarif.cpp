// app/cli/sarif.cpp: see sarif.h. Property names and shapes follow the OASIS SARIF 2.1.0
// specification (sections 3.13 run, 3.19 toolComponent, 3.27 result, 3.28 location, 3.29
// physicalLocation, 3.30 region, 3.33 logicalLocation, 3.49 reportingDescriptor).
#include "app/cli/sarif.h"

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>

#include "core/doc/codes.h"

#ifndef CFGI_DOCS_DIR
#define CFGI_DOCS_DIR "docs"
#endif

namespace cfgi::cli {

namespace {

using nlohmann::ordered_json;

const char* Level(doc::Severity s) {
  switch (s) {
    case doc::Severity::kError: return "error";
    case doc::Severity::kWarning: return "warning";
    case doc::Severity::kNote: return "note";
  }
  return "none";
}

// FNV-1a, 64 bits: the same on every platform and build (std::hash is not).
uint64_t Fnv1a(const std::string& s) {
  uint64_t h = 14695981039346656037ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

std::string Hex(uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

std::string PercentEncode(const std::string& s) {
  static const char* kHex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : s) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

}  // namespace

std::string ArtifactUri(const std::string& p, const std::string& base_dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path path(p);
  if (path.is_relative()) return PercentEncode(path.lexically_normal().generic_string());
  fs::path rel = path.lexically_normal().lexically_relative(fs::path(base_dir).lexically_normal());
  if (!rel.empty() && rel.native().rfind("..", 0) != 0) return PercentEncode(rel.generic_string());
  return "file://" + PercentEncode(path.lexically_normal().generic_string());
}

doc::Position DiagnosticEnd(const doc::Diagnostic& d, const doc::Source* src) {
  if (src && d.range.end > d.range.begin && src->Locate(d.range.begin) == d.begin) return src->Locate(d.range.end);
  return d.begin;
}

std::string DocsUrl() {
  if (const char* env = std::getenv("CONFIG_INSPECTOR_DOCS_URL"); env && *env) return env;
  return "file://" + PercentEncode(std::string(CFGI_DOCS_DIR) + "/diagnostics.md");
}

ordered_json SarifLog(const std::vector<SarifFinding>& findings, const SourceLookup& sources,
                      const SarifOptions& o) {
  ordered_json rules = ordered_json::array();
  std::map<std::string, size_t> rule_index;
  for (const doc::CodeInfo& c : doc::Codes()) {
    rule_index[std::string(c.code)] = rules.size();
    ordered_json r;
    r["id"] = c.code;
    r["shortDescription"] = {{"text", c.title}};
    r["defaultConfiguration"] = {{"level", Level(c.severity)}};
    r["helpUri"] = o.docs_url + "#" + doc::CodeAnchor(c.code);
    r["properties"] = {{"engine", c.engine}};
    rules.push_back(std::move(r));
  }
  ordered_json results = ordered_json::array();
  std::map<std::string, int> seen;  // fingerprint key -> occurrences so far
  for (const SarifFinding& f : findings) {
    const doc::Diagnostic& d = f.diagnostic;
    ordered_json r;
    r["ruleId"] = d.code;
    if (auto it = rule_index.find(d.code); it != rule_index.end()) r["ruleIndex"] = it->second;
    r["level"] = Level(d.severity);
    r["message"] = {{"text", d.message}};
    ordered_json loc = ordered_json::object();
    if (!d.file.empty()) {
      doc::Position end = DiagnosticEnd(d, sources ? sources(d.file) : nullptr);
      ordered_json region;
      region["startLine"] = d.begin.line;
      region["startColumn"] = d.begin.column;
      region["endLine"] = end.line;
      region["endColumn"] = end.column;
      loc["physicalLocation"] = {{"artifactLocation", {{"uri", ArtifactUri(d.file, o.base_dir)}}},
                                 {"region", std::move(region)}};
    }
    if (!d.path.empty())
      loc["logicalLocations"] = ordered_json::array({{{"fullyQualifiedName", d.path}, {"kind", "member"}}});
    if (!loc.empty()) r["locations"] = ordered_json::array({std::move(loc)});
    // SARIF 2.1.0 3.27.22: the other places the message names, each a location with an id.
    if (!d.related.empty()) {
      ordered_json related = ordered_json::array();
      for (const doc::Related& x : d.related) {
        ordered_json region;
        region["startLine"] = x.begin.line;
        region["startColumn"] = x.begin.column;
        region["endLine"] = x.end.line;
        region["endColumn"] = x.end.column;
        related.push_back({{"id", related.size()},
                           {"physicalLocation",
                            {{"artifactLocation", {{"uri", ArtifactUri(x.file, o.base_dir)}}},
                             {"region", std::move(region)}}},
                           {"message", {{"text", x.message}}}});
      }
      r["relatedLocations"] = std::move(related);
    }
    // SARIF 2.1.0 3.27.30 / 3.55: the finding's machine-applicable fixes (doc::Fix), each one
    // artifactChange of the finding's file with a replacement per edit.
    if (!d.fixes.empty() && !d.file.empty()) {
      ordered_json fixes = ordered_json::array();
      for (const doc::Fix& f : d.fixes) {
        ordered_json replacements = ordered_json::array();
        for (const doc::Edit& e : f.edits)
          replacements.push_back({{"deletedRegion",
                                   {{"startLine", e.begin.line},
                                    {"startColumn", e.begin.column},
                                    {"endLine", e.end.line},
                                    {"endColumn", e.end.column}}},
                                  {"insertedContent", {{"text", e.text}}}});
        fixes.push_back({{"description", {{"text", f.title}}},
                         {"artifactChanges",
                          ordered_json::array({{{"artifactLocation", {{"uri", ArtifactUri(d.file, o.base_dir)}}},
                                                {"replacements", std::move(replacements)}}})}});
      }
      r["fixes"] = std::move(fixes);
    }
    std::string key = d.code + '\n' + ArtifactUri(d.file, o.base_dir) + '\n' + d.path + '\n' + d.message;
    int n = seen[key]++;
    r["partialFingerprints"] = {{"configInspector/v1", Hex(Fnv1a(key + '\n' + std::to_string(n)))}};
    if (f.suppressed_by) {
      // SARIF 2.1.0 3.27.23 / 3.35: a result with a suppression is one the user chose to hide.
      ordered_json sup = {{"kind", doc::SarifSuppressionKind(f.suppressed_by->origin)}, {"status", "accepted"}};
      if (!f.suppressed_by->reason.empty()) sup["justification"] = f.suppressed_by->reason;
      sup["properties"] = {{"origin", doc::SuppressionOriginName(f.suppressed_by->origin)}};
      r["suppressions"] = ordered_json::array({std::move(sup)});
    }
    if (!f.profiles.empty()) r["properties"] = {{"profiles", f.profiles}};
    results.push_back(std::move(r));
  }
  ordered_json driver;
  driver["name"] = "config-inspector-cli";
  driver["version"] = CFGI_VERSION;
  driver["rules"] = std::move(rules);
  ordered_json run;
  run["tool"] = {{"driver", std::move(driver)}};
  run["results"] = std::move(results);
  ordered_json log;
  log["$schema"] = "https://json.schemastore.org/sarif-2.1.0.json";
  log["version"] = "2.1.0";
  log["runs"] = ordered_json::array({std::move(run)});
  return log;
}

}  // namespace cfgi::cli
