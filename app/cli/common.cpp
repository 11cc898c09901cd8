// app/cli/common.cpp: see common.h.
#include "app/cli/common.h"

#include <fstream>
#include <iostream>
#include <sstream>

#include "core/doc/utf8.h"
#include "core/engine/engine.h"

namespace cfgi::cli {

int UsageError(const std::string& msg) {
  std::cerr << "config-inspector-cli: " << msg << "\n(try --help)\n";
  return kExitUsage;
}

int CannotRead(const std::string& path) {
  std::cerr << path << ": error: cannot read the file\n";
  return kExitUsage;
}

std::optional<std::string> ReadFile(const std::string& path) {
  std::ostringstream ss;
  if (path == "-") {
    ss << std::cin.rdbuf();
    return ss.str();
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  ss << in.rdbuf();
  return ss.str();
}

std::optional<std::string> ReadSibling(const std::string& scenario, const std::string& rel) {
  if (!rel.empty() && rel[0] == '/') return ReadFile(rel);
  size_t slash = scenario.rfind('/');
  return ReadFile(slash == std::string::npos ? rel : scenario.substr(0, slash + 1) + rel);
}

bool IsOutputFormat(const std::string& format) { return format == "text" || format == "json"; }

std::string UnknownEngine(const std::string& name) {
  std::string names;
  for (const Engine* e : Engines()) names += " " + std::string(e->name());
  return "unknown engine '" + name + "' for --engine; one of:" + names;
}

void PrintJson(const nlohmann::ordered_json& j) { std::cout << doc::JsonText(j, 2) << "\n"; }

bool ArgReader::Next() {
  if (started_) ++i_;
  started_ = true;
  if (i_ >= args_.size()) return false;
  const std::string& a = args_[i_];
  is_flag_ = a.rfind("--", 0) == 0 && a.size() > 2;
  has_inline_ = false;
  name_.clear();
  value_.clear();
  if (!is_flag_) return true;
  name_ = a.substr(2);
  if (size_t eq = name_.find('='); eq != std::string::npos) {
    value_ = name_.substr(eq + 1);
    name_.resize(eq);
    has_inline_ = true;
  }
  return true;
}

bool ArgReader::TakeValue() {
  if (has_inline_) return true;
  if (i_ + 1 >= args_.size()) return false;
  value_ = args_[++i_];
  return true;
}

}  // namespace cfgi::cli
