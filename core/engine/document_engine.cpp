// The fallback engine for files no engine claims: it reports the document's parse diagnostics
// and, for `eval`, its tree as JSON. This keeps the CLI contract testable for any document.
#include "core/engine/document_engine.h"

namespace cfgi {

namespace {

// The typed model is the scenario's parsed documents themselves.
class DocumentResult final : public EngineResult {
 public:
  explicit DocumentResult(const Scenario* s) : s_(s) {}
  nlohmann::ordered_json ToJson() const override {
    nlohmann::ordered_json docs = nlohmann::ordered_json::array();
    for (const doc::Document& d : s_->sources) {
      nlohmann::ordered_json one;
      one["file"] = d.source->name();
      one["format"] = doc::FormatName(d.format);
      nlohmann::ordered_json roots = nlohmann::ordered_json::array();
      for (const doc::Node& n : d.roots) roots.push_back(n.ToOrderedJson());
      one["documents"] = std::move(roots);
      docs.push_back(std::move(one));
    }
    return {{"files", std::move(docs)}};
  }

 private:
  const Scenario* s_;
};

class DocumentModel final : public EngineModel {
 public:
  explicit DocumentModel(const Scenario& s) : s_(&s) {
    for (const doc::Document& d : s.sources) diagnostics.insert(diagnostics.end(), d.diagnostics.begin(), d.diagnostics.end());
  }
  // The explanation: per file, how it was read (its format and documents) and that no engine
  // claimed it, the reason the answer is the parsed tree.
  std::unique_ptr<EngineResult> Evaluate(std::string_view, doc::Explanation* why) const override {
    if (why) {
      *why = doc::Step{"no engine reads these files: shown as parsed", doc::Outcome::kInfo};
      for (const doc::Document& d : s_->sources) {
        const size_t n = d.roots.size();
        doc::Step& f = why->Add({d.source->name(), d.diagnostics.empty() ? doc::Outcome::kInfo : doc::Outcome::kError,
                                 std::string("read as ") + doc::FormatName(d.format) + ", " + std::to_string(n) +
                                     (n == 1 ? " document" : " documents")});
        f.file = d.source->name();
      }
    }
    return std::make_unique<DocumentResult>(s_);
  }

 private:
  const Scenario* s_;
};

class DocumentEngine final : public Engine {
 public:
  std::string_view name() const override { return "document"; }
  const std::vector<doc::Profile>& profiles() const override {
    static const std::vector<doc::Profile> p = {{"document", "parse only"}};
    return p;
  }
  int Detect(const doc::Document&) const override { return 0; }
  std::unique_ptr<EngineModel> Load(const Scenario& s, const Query&, Mode) const override {
    return std::make_unique<DocumentModel>(s);
  }
};
}  // namespace

const Engine& GetDocumentEngine() {
  static const DocumentEngine e;
  return e;
}

}  // namespace cfgi
