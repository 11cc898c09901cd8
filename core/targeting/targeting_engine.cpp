// The targeting engine: finds the manifest, configuration and registry among the scenario's
// sources and inputs, resolves targets (resolve.h) and renders the CLI result.
#include "core/targeting/targeting_engine.h"

#include "core/engine/build_count.h"

#include <algorithm>

namespace cfgi {

namespace targeting {

namespace {

// The document a --config / --services value names: the scenario's source of that name (a file
// the CLI read), else its inline JSON (parsed by ParseTargetingQuery); else TGT018.
const doc::Document* FlagDocument(const Scenario& s, const std::string& flag, const FileOrJson& value,
                                  std::vector<doc::Diagnostic>& diags) {
  if (const doc::Document* d = s.FindSource(value.name)) return d;
  if (value.json) {
    diags.insert(diags.end(), value.json->diagnostics.begin(), value.json->diagnostics.end());
    return value.json.get();
  }
  doc::DiagnosticSink sink = doc::DiagnosticSink::Named("--" + flag);
  sink.Error("TGT018", {}, "--" + flag + " '" + value.name + "' is neither a readable file nor inline JSON; pass a file or '{\"key\": \"value\"}'");
  diags.insert(diags.end(), sink.list().begin(), sink.list().end());
  return nullptr;
}

}  // namespace

const ProfileSet<Profile>& Profiles() {
  static const ProfileSet<Profile> s({
      {Profile::kCppMicroServices, "cppmicroservices",
       "CppMicroServices Declarative Services (ComponentFactoryImpl.cpp) and LDAPExpr.cpp filters"},
  });
  return s;
}

Resolution Workspace::Resolve(bool steps) const { return ResolveWith(has_config ? &config : nullptr, steps); }

ldap::Value ValueFromEditedText(const std::string& text, ldap::Value::Kind loaded_as) {
  if (loaded_as != ldap::Value::Kind::kString) {
    nlohmann::ordered_json j = nlohmann::ordered_json::parse(text, nullptr, false);
    if (!j.is_discarded())
      if (std::optional<ldap::Value> v = ldap::ValueFromJson(j)) return *v;
  }
  return ldap::Value::String(text);
}

ConfigWhatIf ResolveEditedConfig(std::shared_ptr<const TargetingModel> model, const std::vector<EditedValue>& values) {
  CountWhatIfEvaluation();
  ConfigWhatIf o;
  o.model = std::move(model);
  if (!o.model) return o;
  const Workspace& ws = o.model->workspace;
  auto config = std::make_shared<Config>(ws.config);
  for (const EditedValue& v : values) config->Set(v.key, ValueFromEditedText(v.text, v.loaded_as));
  o.config = config;
  o.resolution = ws.ResolveWith(ws.has_config ? o.config.get() : nullptr);
  return o;
}

Resolution Workspace::ResolveWith(const Config* c, bool steps) const {
  Inputs in;
  in.manifest = &manifest;
  in.config = c;
  in.registry = registry.present ? &registry : nullptr;
  for (const doc::SourcePtr& s : sources) in.sources.push_back(s.get());
  ResolveOptions o = options;
  o.steps = steps;
  return targeting::ResolveRegistry(in, o);
}

std::unique_ptr<EngineResult> TargetingModel::Evaluate(std::string_view, doc::Explanation* why) const {
  CountEvaluationWork();
  auto r = std::make_unique<TargetingResult>();
  r->resolution = workspace.Resolve(/*steps=*/why != nullptr);
  r->evaluated = mode == Mode::kEvaluate;
  r->diagnostics = r->resolution.diagnostics;
  if (why && r->evaluated) *why = r->resolution.explanation;
  return r;
}

nlohmann::ordered_json TargetingResult::ToJson() const {
  CountEvaluationWork();  // core/engine/build_count.h: none on the app's UI thread
  return evaluated ? resolution.ToJson() : nlohmann::ordered_json::object();
}

Workspace LoadWorkspace(const Scenario& s, const TargetingQuery& q) {
  CountModelBuild();
  Workspace w;
  const doc::Document* config_doc = nullptr;
  const doc::Document* services_doc = nullptr;
  if (q.config) config_doc = FlagDocument(s, "config", *q.config, w.diagnostics);
  if (q.services) services_doc = FlagDocument(s, "services", *q.services, w.diagnostics);

  bool have_manifest = false;
  const doc::Document* auto_config = nullptr;
  for (const doc::Document& d : s.sources) {
    w.sources.push_back(d.source);
    w.diagnostics.insert(w.diagnostics.end(), d.diagnostics.begin(), d.diagnostics.end());
    if (&d == config_doc || &d == services_doc) continue;
    const doc::Node* root = d.root();
    if (!root) continue;
    doc::DiagnosticSink sink(d.source.get());
    switch (ClassifyRoot(*root)) {
      case Role::kManifest: {
        Manifest m = LoadManifest(*root, *d.source, sink);
        if (!have_manifest) w.manifest.file = m.file;
        have_manifest = true;
        ++w.manifest.bundles;
        for (Component& c : m.components) {
          c.index = static_cast<int>(w.manifest.components.size());
          w.manifest.components.push_back(std::move(c));
        }
        break;
      }
      case Role::kRegistry:
        if (!services_doc) LoadRegistry(*root, *d.source, sink, w.registry);
        break;
      case Role::kConfig:
        if (config_doc) break;
        if (auto_config) {
          sink.Warning("TGT009", root->range(),
                       "a second configuration; only the first (" + auto_config->source->name() +
                           ") is used: pass one with --config, or merge them");
          break;
        }
        auto_config = &d;
        break;
      case Role::kNone: break;
    }
    w.diagnostics.insert(w.diagnostics.end(), sink.list().begin(), sink.list().end());
  }
  // The inline JSON values' texts (--config, then --services), which are no scenario source.
  if (q.config && config_doc && config_doc == q.config->json.get()) w.sources.push_back(config_doc->source);
  if (q.services && services_doc && services_doc == q.services->json.get()) w.sources.push_back(services_doc->source);
  if (s.envelope) w.sources.push_back(s.envelope->source);

  // Configuration: --config, else a config source, else inputs.config.
  const doc::Node* inputs = s.inputs.is_map() ? &s.inputs : nullptr;
  auto load_config = [&](const doc::Node& root, const doc::Source& src) {
    doc::DiagnosticSink sink(&src);
    w.config = LoadConfig(root, src, sink);
    w.has_config = true;
    w.diagnostics.insert(w.diagnostics.end(), sink.list().begin(), sink.list().end());
  };
  if (config_doc) {
    if (config_doc->root()) load_config(*config_doc->root(), *config_doc->source);
  } else if (auto_config) {
    load_config(*auto_config->root(), *auto_config->source);
  } else if (inputs && inputs->Get("config") && s.envelope) {
    load_config(*inputs->Get("config"), *s.envelope->source);
  }

  // Registry: --services, else registry sources (loaded above), else inputs.services.
  auto load_registry = [&](const doc::Node& root, const doc::Source& src) {
    doc::DiagnosticSink sink(&src);
    LoadRegistry(root, src, sink, w.registry);
    w.diagnostics.insert(w.diagnostics.end(), sink.list().begin(), sink.list().end());
  };
  if (services_doc) {
    if (services_doc->root()) load_registry(*services_doc->root(), *services_doc->source);
  } else if (!w.registry.present && inputs && inputs->Get("services") && s.envelope) {
    load_registry(*inputs->Get("services"), *s.envelope->source);
  }

  // pid / instance: flags, else inputs.
  if (q.pid) w.options.pid = *q.pid;
  else if (inputs && inputs->Get("pid")) w.options.pid = inputs->GetString("pid");
  if (q.instance) w.options.instance = *q.instance;
  else if (inputs && inputs->Get("instance")) w.options.instance = inputs->GetString("instance");

  if (!have_manifest) {
    // At the start of the scenario file, or of its first source.
    doc::DiagnosticSink sink(s.envelope ? s.envelope->source.get() : (s.sources.empty() ? nullptr : s.sources[0].source.get()));
    sink.Error("TGT001", {}, "no Declarative Services manifest among the inputs; add a manifest.json with "
                             "{\"scr\": {\"version\": 1, \"components\": [...]}} or a component object");
    w.diagnostics.insert(w.diagnostics.end(), sink.list().begin(), sink.list().end());
  }
  return w;
}

}  // namespace targeting

namespace {

class TargetingEngine final : public Engine {
 public:
  std::string_view name() const override { return "targeting"; }
  const std::vector<doc::Profile>& profiles() const override { return targeting::Profiles().profiles(); }
  // Typed: results that resolve alike compare without serialising (targeting_compare.cpp).
  Comparison CompareResults(const std::vector<ComparedResult>& results) const override {
    return targeting::CompareTyped(*this, results);
  }
  int Detect(const doc::Document& d) const override {
    const doc::Node* root = d.root();
    if (!root) return 0;
    switch (targeting::ClassifyRoot(*root)) {
      case targeting::Role::kManifest: return 90;
      case targeting::Role::kRegistry: return 40;
      default: return 0;
    }
  }
  // A configuration map (any JSON object, targeting/model.h Role::kConfig) is read beside a
  // manifest: files given together with one stay in its group (core/engine/group.h).
  bool ReadsAlongside(const doc::Document& d) const override {
    return Detect(d) > 0 || (d.root() && targeting::ClassifyRoot(*d.root()) == targeting::Role::kConfig);
  }
  std::vector<QueryFlag> query_flags() const override {
    return {
        {"config", "FILE|JSON", "targeting: the configuration injected for the factory instance", false, true},
        {"pid", "P", "targeting: the factory configuration pid (default: each factory component's first configuration-pid)"},
        {"instance", "N", "targeting: the factory instance name after '~' (default instance1)"},
        {"services", "FILE|JSON", "targeting: a service registry to match the targets against", false, true},
    };
  }
  std::shared_ptr<const EngineQuery> ParseQuery(const Query& flags) const override {
    return std::make_shared<targeting::TargetingQuery>(targeting::ParseTargetingQuery(flags));
  }
  std::unique_ptr<EngineModel> Load(const Scenario& s, const Query& q, Mode mode) const override {
    std::optional<targeting::TargetingQuery> parsed;
    auto m = std::make_unique<targeting::TargetingModel>();
    m->workspace = targeting::LoadWorkspace(s, TypedQuery<targeting::TargetingQuery>(q, parsed, targeting::ParseTargetingQuery));
    m->workspace.options.explain = mode == Mode::kEvaluate;
    m->diagnostics = m->workspace.diagnostics;
    return m;
  }
};

}  // namespace

const Engine& GetTargetingEngine() {
  static const TargetingEngine e;
  return e;
}

}  // namespace cfgi
