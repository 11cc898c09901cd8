// core/targeting/targeting_query.cpp: see targeting_query.h.
#include "core/targeting/targeting_query.h"

namespace cfgi::targeting {

namespace {

bool LooksInline(const std::string& v) {
  size_t a = v.find_first_not_of(" \t\r\n");
  return a != std::string::npos && (v[a] == '{' || v[a] == '[');
}

std::optional<FileOrJson> FlagValue(const Query& flags, const std::string& flag) {
  std::optional<std::string> v = flags.Value(flag);
  if (!v) return std::nullopt;
  return LooksInline(*v) ? FileOrJson::Inline("--" + flag, *v) : FileOrJson::File(*v);
}

}  // namespace

FileOrJson FileOrJson::Inline(const std::string& flag, std::string text) {
  FileOrJson f;
  f.name = text;
  f.json = std::make_shared<const doc::Document>(doc::LoadDocumentAs(doc::Format::kJson, flag, std::move(text)));
  return f;
}

TargetingQuery ParseTargetingQuery(const Query& flags) {
  TargetingQuery q;
  q.config = FlagValue(flags, "config");
  q.services = FlagValue(flags, "services");
  q.pid = flags.Value("pid");
  q.instance = flags.Value("instance");
  return q;
}

}  // namespace cfgi::targeting
