// app/cli/test_cmd.cpp: `test FILE|DIR...`: runs every scenario's `expect` entries (checked by
// the engine contract's Inspect, core/engine/engine.h ExpectCheck) and prints a line per
// expectation, then what the scenarios' inputs reached of their configuration, per engine
// (EngineModel::Coverage, core/engine/coverage.h). Envoy's router_check_tool is the model: a
// line per test, "Current route coverage", `--covall` for the comprehensive list and
// `--fail-under` to fail below a percentage (test/tools/router_check/router_check.cc).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <set>
#include <sstream>
#include <tuple>

#include "app/cli/common.h"
#include "app/cli/subcommands.h"
#include "core/doc/utf8.h"
#include "core/engine/coverage.h"
#include "core/engine/engine.h"
#include "core/engine/scenario.h"

namespace cfgi::cli {

namespace {

namespace fs = std::filesystem;

// One expectation as `test` reports it.
struct Line {
  std::string name;     // "expect[1] /requests/0/actions equals [grpc-java]"
  bool passed = false;
  std::string expected, got, code, message;
  int line = 0, column = 0;
};

struct ScenarioRun {
  std::string file;
  std::string engine, profile;
  std::vector<Line> lines;
  size_t failures() const {
    size_t n = 0;
    for (const Line& l : lines) n += l.passed ? 0 : 1;
    return n;
  }
};

bool IsScenarioFile(const std::string& path, const std::string& text) {
  Scenario s = LoadScenario({{path, text}});
  return s.envelope.has_value();
}

bool HasScenarioExtension(const fs::path& p) {
  std::string ext = p.extension().string();
  return ext == ".yaml" || ext == ".yml" || ext == ".json";
}

std::string Shorten(const std::string& json) {
  constexpr size_t kMax = 400;
  return json.size() <= kMax ? json : json.substr(0, kMax - 3) + "...";
}

// What a failed `result` entry is compared with, as a person reads it: when both are objects,
// only the keys the expectation names (an entry of a matcher's result also has its trace).
std::string Projected(const std::string& expected, const std::string& got) {
  nlohmann::ordered_json e = nlohmann::ordered_json::parse(expected, nullptr, false);
  nlohmann::ordered_json g = nlohmann::ordered_json::parse(got, nullptr, false);
  if (!e.is_object() || !g.is_object()) return got;
  nlohmann::ordered_json p = nlohmann::ordered_json::object();
  for (auto it = e.begin(); it != e.end(); ++it)
    if (g.contains(it.key())) p[it.key()] = g[it.key()];
  return p.dump();
}

// What one scenario file yields: its expectation lines and its coverage.
ScenarioRun RunOne(const std::string& path, const std::string& text, CoverageSet* coverage) {
  ScenarioRun run;
  run.file = path;
  auto s = std::make_shared<Scenario>(LoadScenario({{path, text}}, ReadSibling));
  const Engine* e = SelectEngine(s.get());
  run.engine = std::string(e->name());
  // The scenario's profile (or the one that fits its sources, cfgi::ChooseProfile) checks the
  // entries without `profile:`; an entry naming another profile of the engine is checked under that one.
  std::string main = cfgi::ChooseProfile(*e, *s, "");
  if (!e->HasProfile(main)) main = e->DefaultProfileFor(*s);
  main = e->CanonicalProfile(main);  // an alias names its profile
  run.profile = main;
  std::vector<std::string> profiles{main};
  if (s->expect.is_seq()) {
    size_t i = 0;
    for (const doc::Node& x : s->expect.items()) {
      std::string p = x.is_map() ? x.GetString("profile") : "";
      if (!p.empty() && e->HasProfile(p)) p = e->CanonicalProfile(p);  // an alias: "kuma" is kuma-2.14
      if (!p.empty() && !e->HasProfile(p)) {
        Line l;
        l.name = "expect[" + std::to_string(i) + "] [" + p + "]";
        l.code = "SCN006";
        l.message = "'" + p + "' is not a profile of the " + run.engine + " engine";
        if (s->envelope_source()) {
          doc::Position at = s->envelope_source()->Locate(x.range().begin);
          l.line = at.line;
          l.column = at.column;
        }
        run.lines.push_back(std::move(l));
      } else if (!p.empty() && std::find(profiles.begin(), profiles.end(), p) == profiles.end()) {
        profiles.push_back(p);
      }
      ++i;
    }
  }
  InspectOptions o;
  o.mode = Mode::kEvaluate;
  o.profiles = profiles;
  o.explain = false;
  Inspection in = Inspect(*e, s, Query{}, o);
  // A scenario that does not load (a source it cannot read, a malformed envelope) fails.
  if (const Report* r = in.Find(main))
    for (const doc::Diagnostic& d : r->diagnostics)
      if (d.severity == doc::Severity::kError && d.code.rfind("SCN", 0) == 0 && d.path.rfind("expect", 0) != 0) {
        Line l;
        l.name = "scenario";
        l.code = d.code;
        l.message = d.message;
        l.line = d.begin.line;
        l.column = d.begin.column;
        run.lines.push_back(std::move(l));
      }
  std::vector<Line> checked;
  for (const Report& r : in.reports)
    for (const ExpectCheck& x : r.expectations) {
      bool mine = r.profile == main ? (x.only_profile.empty() || x.only_profile == main) : x.only_profile == r.profile;
      if (!mine) continue;
      Line l;
      l.name = "expect[" + std::to_string(x.index) + "] " + x.what;
      if (!x.only_profile.empty()) l.name += " [" + x.only_profile + "]";
      l.passed = x.passed;
      l.expected = x.expected;
      l.got = x.passed ? x.got : Projected(x.expected, x.got);
      l.code = x.code;
      l.message = x.message;
      l.line = x.at.line;
      l.column = x.at.column;
      checked.push_back(std::move(l));
    }
  // In file order (expect[i] under its own profile).
  run.lines.insert(run.lines.end(), checked.begin(), checked.end());
  std::stable_sort(run.lines.begin(), run.lines.end(), [](const Line& a, const Line& b) {
    return std::tie(a.line, a.column) < std::tie(b.line, b.column);
  });
  if (const Report* r = in.Find(main); r && r->typed && in.model)
    coverage->Add(run.engine, in.model->Coverage(*r->typed));
  return run;
}

void PrintRun(const ScenarioRun& run) {
  std::cout << run.file << " (" << run.engine << ", " << run.profile << ")\n";
  if (run.lines.empty()) std::cout << "  no expectations\n";
  for (const Line& l : run.lines) {
    std::cout << "  " << (l.passed ? "pass" : "FAIL") << "  " << l.name;
    if (!l.passed) {
      if (l.line) std::cout << " (" << run.file << ":" << l.line << ":" << l.column << ")";
      std::cout << "\n";
      if (!l.expected.empty()) {
        std::cout << "        expected: " << Shorten(l.expected) << "\n";
        std::cout << "        got:      " << (l.got.empty() ? "nothing" : Shorten(l.got)) << "\n";
      } else {
        std::cout << "        [" << l.code << "] " << l.message << "\n";
      }
      if (!l.expected.empty() && l.got.empty()) std::cout << "        [" << l.code << "] " << l.message << "\n";
    } else {
      std::cout << "\n";
    }
  }
}

std::string Percent(double p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", std::floor(p * 10 + 1e-9) / 10);  // never rounds up to a pass
  return buf;
}

// "branch" -> "branches": the heading of a coverage line.
std::string Plural(const std::string& kind) {
  if (kind == "branch") return "branches";
  return kind + "s";
}

void PrintCoverage(const CoverageSet& cov, bool all) {
  std::cout << "coverage:\n";
  size_t unreached = 0;
  for (const CoverageTally& t : cov.Tallies()) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "  %-10s %-13s %5zu/%-5zu %s\n", t.engine.c_str(), Plural(t.kind).c_str(), t.reached,
                  t.total, Percent(t.Percent()).c_str());
    std::cout << buf;
    unreached += t.unreached.size();
    if (!all) continue;
    for (const CoverageItem& it : t.unreached) {
      std::cout << "    unreached: " << it.file;
      if (it.line) std::cout << ":" << it.line << ":" << it.column;
      std::cout << " " << doc::ValidUtf8(it.label);
      if (!it.why.empty()) std::cout << " (" << doc::ValidUtf8(it.why) << ")";
      std::cout << "\n";
    }
  }
  char buf[160];
  std::snprintf(buf, sizeof buf, "  %-24s %5zu/%-5zu %s\n", "total", cov.reached(), cov.total(), Percent(cov.Percent()).c_str());
  std::cout << buf;
  if (!all && unreached) std::cout << "  (--covall lists the " << unreached << " unreached)\n";
}

// XML 1.0 text: escaped, valid UTF-8, without the control characters XML forbids.
std::string Xml(const std::string& s) {
  std::string in = doc::ValidUtf8(s), out;
  for (char c : in) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r')
          out += '?';
        else
          out += c;
    }
  }
  return out;
}

// JUnit XML (the shape Jenkins' junit plugin and GitLab read: testsuites > testsuite >
// testcase > failure): a testsuite per scenario file, a testcase per expectation, and a
// "coverage" testsuite whose one testcase fails below --fail-under.
std::string JunitXml(const std::vector<ScenarioRun>& runs, const CoverageSet& cov, std::optional<double> fail_under) {
  size_t tests = 0, failures = 0;
  for (const ScenarioRun& r : runs) {
    tests += r.lines.size();
    failures += r.failures();
  }
  bool cov_fails = fail_under && cov.Percent() < *fail_under;
  ++tests;
  failures += cov_fails ? 1 : 0;
  std::ostringstream x;
  x << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  x << "<testsuites name=\"config-inspector-cli test\" tests=\"" << tests << "\" failures=\"" << failures
    << "\" errors=\"0\">\n";
  for (const ScenarioRun& r : runs) {
    x << "  <testsuite name=\"" << Xml(r.file) << "\" tests=\"" << r.lines.size() << "\" failures=\"" << r.failures()
      << "\" errors=\"0\" skipped=\"0\">\n";
    x << "    <properties>\n      <property name=\"engine\" value=\"" << Xml(r.engine)
      << "\"/>\n      <property name=\"profile\" value=\"" << Xml(r.profile) << "\"/>\n    </properties>\n";
    for (const Line& l : r.lines) {
      x << "    <testcase classname=\"" << Xml(r.file) << "\" name=\"" << Xml(l.name) << "\"";
      if (l.line) x << " file=\"" << Xml(r.file) << "\" line=\"" << l.line << "\"";
      if (l.passed) {
        x << "/>\n";
        continue;
      }
      std::string msg = l.expected.empty() ? l.message : "expected " + Shorten(l.expected) + ", got " +
                                                           (l.got.empty() ? "nothing" : Shorten(l.got));
      x << ">\n      <failure type=\"" << Xml(l.code) << "\" message=\"" << Xml(msg) << "\">";
      if (!l.expected.empty()) x << Xml("expected: " + l.expected + "\ngot: " + (l.got.empty() ? "nothing" : l.got));
      else x << Xml(l.message);
      x << "</failure>\n    </testcase>\n";
    }
    x << "  </testsuite>\n";
  }
  x << "  <testsuite name=\"coverage\" tests=\"1\" failures=\"" << (cov_fails ? 1 : 0) << "\" errors=\"0\" skipped=\"0\">\n";
  x << "    <properties>\n";
  for (const CoverageTally& t : cov.Tallies())
    x << "      <property name=\"" << Xml(t.engine + " " + Plural(t.kind)) << "\" value=\"" << t.reached << "/" << t.total
      << "\"/>\n";
  x << "      <property name=\"total\" value=\"" << cov.reached() << "/" << cov.total() << "\"/>\n";
  x << "    </properties>\n";
  x << "    <testcase classname=\"coverage\" name=\"total " << Percent(cov.Percent()) << "\"";
  if (!cov_fails) {
    x << "/>\n";
  } else {
    std::string msg = "coverage " + Percent(cov.Percent()) + " is under --fail-under " + Percent(*fail_under);
    x << ">\n      <failure type=\"coverage\" message=\"" << Xml(msg) << "\">" << Xml(msg) << "</failure>\n    </testcase>\n";
  }
  x << "  </testsuite>\n</testsuites>\n";
  return x.str();
}

}  // namespace

bool ParseTestArgs(const std::vector<std::string>& args, TestArgs* out, std::string* error) {
  TestArgs& a = *out;
  ArgReader r(args);  // common.h: `--name`, `--name=value`, `--name value`
  while (r.Next()) {
    if (r.is_help()) {
      a.help = true;
      return true;
    }
    if (!r.is_flag()) {
      a.paths.push_back(r.arg());
      continue;
    }
    const std::string arg = r.arg(), name = r.name();
    if (name == "covall" && !r.has_inline()) {
      a.covall = true;
    } else if (name == "fail-under") {
      if (!r.TakeValue()) return Refuse(error, "--fail-under needs a percentage (0 to 100)");
      const std::string& value = r.value();
      char* end = nullptr;
      double v = std::strtod(value.c_str(), &end);
      if (value.empty() || *end != '\0' || !(v >= 0 && v <= 100))
        return Refuse(error, "--fail-under needs a percentage (0 to 100), not '" + value + "'");
      a.fail_under = v;
    } else if (name == "junit") {
      if (!r.TakeValue() || r.value().empty()) return Refuse(error, "--junit needs a file name");
      a.junit = r.value();
    } else {
      return Refuse(error, "unknown option " + arg + " for test");
    }
  }
  if (a.paths.empty()) return Refuse(error, "test: no scenario files or directories");
  return true;
}

int RunTest(const TestArgs& a) {
  if (a.help) {
    std::cout << kTestUsage;
    return kExitOk;
  }
  // The scenario files: each FILE named, and every scenario envelope under each DIR (sorted).
  std::vector<std::pair<std::string, std::string>> files;
  for (const std::string& p : a.paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      std::vector<std::string> found;
      for (fs::recursive_directory_iterator it(p, ec), end; !ec && it != end; it.increment(ec))
        if (it->is_regular_file(ec) && HasScenarioExtension(it->path())) found.push_back(it->path().lexically_normal().generic_string());
      std::sort(found.begin(), found.end());
      size_t before = files.size();
      for (const std::string& f : found) {
        std::optional<std::string> text = ReadFile(f);
        if (text && IsScenarioFile(f, *text)) files.emplace_back(f, std::move(*text));
      }
      if (files.size() == before) return UsageError("test: no scenario file (a map with engine and sources) under " + p);
      continue;
    }
    std::optional<std::string> text = fs::exists(p, ec) ? ReadFile(p) : std::nullopt;
    if (!text) return CannotRead(p);
    if (!IsScenarioFile(p, *text))
      return UsageError("test: " + p + " is not a scenario file (a YAML or JSON map with engine and sources)");
    files.emplace_back(p, std::move(*text));
  }

  std::vector<ScenarioRun> runs;
  CoverageSet coverage;
  size_t passed = 0, failed = 0;
  for (const auto& [path, text] : files) {
    runs.push_back(RunOne(path, text, &coverage));
    PrintRun(runs.back());
    failed += runs.back().failures();
    passed += runs.back().lines.size() - runs.back().failures();
  }
  std::cout << "\nexpectations: " << passed << " passed, " << failed << " failed (" << runs.size()
            << (runs.size() == 1 ? " scenario" : " scenarios") << ")\n";
  PrintCoverage(coverage, a.covall);
  bool under = a.fail_under && coverage.Percent() < *a.fail_under;
  if (under)
    std::cout << "coverage " << Percent(coverage.Percent()) << " is under --fail-under " << Percent(*a.fail_under) << "\n";
  if (!a.junit.empty()) {
    std::ofstream out(a.junit, std::ios::binary);
    out << JunitXml(runs, coverage, a.fail_under);
    if (!out) {
      std::cerr << a.junit << ": error: cannot write the file\n";
      return kExitUsage;
    }
  }
  return failed || under ? kExitFindings : kExitOk;
}

}  // namespace cfgi::cli
