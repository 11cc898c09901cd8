// The fallback engine for files no engine claims: it reports the document's parse diagnostics
// and, for `eval`, its tree as JSON. This keeps the CLI contract testable for any document.
#include "core/engine/document_engine.h"

namespace cfgi {

namespace {
class DocumentEngine final : public Engine {
 public:
  std::string_view name() const override { return "document"; }
  const std::vector<doc::Profile>& profiles() const override {
    static const std::vector<doc::Profile> p = {{"document", "parse only"}};
    return p;
  }
  int Detect(const doc::Document&) const override { return 0; }
  Report Run(const Scenario& s, const Query&, std::string_view, bool evaluate) const override {
    Report r;
    nlohmann::ordered_json docs = nlohmann::ordered_json::array();
    for (const doc::Document& d : s.sources) {
      r.diagnostics.insert(r.diagnostics.end(), d.diagnostics.begin(), d.diagnostics.end());
      if (!evaluate) continue;
      nlohmann::ordered_json one;
      one["file"] = d.source->name();
      one["format"] = doc::FormatName(d.format);
      nlohmann::ordered_json roots = nlohmann::ordered_json::array();
      for (const doc::Node& n : d.roots) roots.push_back(n.ToOrderedJson());
      one["documents"] = std::move(roots);
      docs.push_back(std::move(one));
    }
    if (evaluate) r.result["files"] = std::move(docs);
    return r;
  }
};
}  // namespace

const Engine& GetDocumentEngine() {
  static const DocumentEngine e;
  return e;
}

}  // namespace cfgi
