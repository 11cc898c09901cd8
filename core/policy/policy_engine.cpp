#include "core/policy/policy_json.h"
#include "core/policy/policy_engine.h"
#include "core/doc/explanation.h"

#include "core/policy/policy_schema.h"
#include "core/policy/policy_crd_table.h"

#include <algorithm>
#include <iterator>
#include <map>
#include <set>

#include "core/policy/policy_inspect_diff.h"
#include "core/policy/policy_k8s.h"
#include "core/policy/policy_release_rules.h"

namespace cfgi {

using nlohmann::ordered_json;

namespace policy {

namespace {

ordered_json MetaJson(const Meta& m) {
  ordered_json j;
  j["type"] = m.type;
  if (!m.mesh.empty()) j["mesh"] = m.mesh;
  j["name"] = m.name;
  j["labels"] = ordered_json::object();
  for (const auto& [k, v] : m.labels) j["labels"][k] = v;
  return j;
}

ordered_json OriginJson(const std::vector<Origin>& origin) {
  ordered_json a = ordered_json::array();
  for (const Origin& o : origin) a.push_back({{"policy", o.policy->meta.name}, {"ruleIndex", o.rule_index}});
  return a;
}

void PutLoc(ordered_json& j, const Loc& l) {
  doc::PutLocation(j, l.file, l.source ? l.source->Locate(l.range.begin) : doc::Position{0, 0});
}

ordered_json WriteJson(const FieldProvenance::Write& w, bool with_value) {
  ordered_json j;
  j["policy"] = w.item->policy->meta.name;
  j["ruleIndex"] = w.item->rule_index;
  if (w.path != "") j["path"] = w.path;
  if (w.is_default) j["kind"] = "default";
  if (with_value) j["value"] = ToOrdered(w.value);
  PutLoc(j, w.loc);
  return j;
}

ordered_json FieldsJson(const std::vector<FieldProvenance>& fields) {
  ordered_json a = ordered_json::array();
  for (const FieldProvenance& f : fields) {
    ordered_json j;
    j["path"] = f.path;
    j["policy"] = f.set.item->policy->meta.name;
    j["ruleIndex"] = f.set.item->rule_index;
    // The origin kind: absent = the policy item wrote it; "default" = Kuma's default filled into
    // that item's object (policy_defaults.h).
    if (f.set.is_default) j["kind"] = "default";
    if (f.appended) j["appended"] = true;
    PutLoc(j, f.set.loc);
    if (!f.overrode.empty()) {
      ordered_json o = ordered_json::array();
      for (const auto& w : f.overrode) o.push_back(WriteJson(w, true));
      j["overrode"] = std::move(o);
    }
    a.push_back(std::move(j));
  }
  return a;
}

// subsetutils.Subset as Kuma marshals it (rules_test goldens: Key, Value, Not).
ordered_json SubsetJson(const Subset& s) {
  ordered_json a = ordered_json::array();
  for (const SubsetTag& tg : s) a.push_back({{"key", tg.key}, {"value", tg.value}, {"not", tg.negated}});
  return a;
}

ordered_json ItemJson(const Item& it) {
  ordered_json j;
  j["rank"] = it.rank;
  j["policy"] = it.policy->meta.name;
  j["direction"] = DirectionName(it.direction);
  j["ruleIndex"] = it.rule_index;
  if (!it.inbound.empty()) j["inbound"] = it.inbound;
  j["topLevelKind"] = it.top_kind;
  if (it.top_kind == "Dataplane") j["dataplaneSpecificity"] = it.dataplane_specificity;
  j["origin"] = it.origin.empty() ? "unknown" : it.origin;
  j["role"] = it.role;
  if (it.direction != Direction::kRules) j["kind"] = it.item_kind;
  if (it.direction == Direction::kTo && it.item_kind == "MeshService") j["sectionName"] = it.has_section;
  j["name"] = it.name;
  return j;
}

}  // namespace

ordered_json PodJson(const Dataplane& d) {
  ordered_json j;
  j["name"] = d.meta.DisplayName();
  j["namespace"] = d.meta.Namespace();
  j["address"] = d.address;
  j["services"] = d.pod_services;
  j["labels"] = ordered_json::object();
  for (const auto& [k, v] : d.meta.labels) j["labels"][k] = v;
  ordered_json in = ordered_json::array();
  for (const Inbound& i : d.inbounds) {
    ordered_json x;
    if (!i.name.empty()) x["name"] = i.name;
    x["port"] = i.port;
    x["protocol"] = i.protocol;
    x["state"] = i.state;
    x["tags"] = ordered_json::object();
    for (const auto& [k, v] : i.tags) x["tags"][k] = v;
    in.push_back(std::move(x));
  }
  j["inbounds"] = std::move(in);
  return j;
}

PolicyQuery ParsePolicyQuery(const Query& flags) {
  PolicyQuery q;
  q.dataplane = flags.Value("dataplane");
  q.resources = flags.Values("resource");
  q.inspect = flags.Value("inspect");
  q.policy = flags.Value("policy");
  q.client = flags.Value("client");
  q.kuma_inspect = flags.Value("kuma-inspect");
  return q;
}

const Dataplane* ChooseDataplane(const ResourceSet& m, const Scenario& s, const PolicyQuery& q,
                                 std::vector<doc::Diagnostic>& diags) {
  std::optional<std::string> name = q.dataplane;
  const doc::Node* at = nullptr;
  if (!name && s.inputs.is_map()) {
    if (const doc::Node* n = s.inputs.Get("dataplane")) {
      name = n->text();
      at = n;
    }
  }
  doc::DiagnosticSink sink(at ? s.envelope_source() : nullptr);
  doc::SourceRange r = at ? at->range() : doc::SourceRange{};
  if (name) {
    if (const Dataplane* d = m.FindDataplane(*name)) return d;
    std::string names;
    for (const Dataplane& d : m.dataplanes) names += (names.empty() ? "" : ", ") + d.meta.name;
    sink.Error("POL014", r, "no Dataplane named '" + *name + "'" + (names.empty() ? " (the input has none)" : "; there are: " + names),
               at ? "inputs.dataplane" : "");
  } else if (m.dataplanes.size() == 1) {
    return &m.dataplanes[0];
  } else if (m.dataplanes.empty()) {
    sink.Error("POL014", r, "the input has no Dataplane to evaluate; add a 'type: Dataplane' resource, or give the "
               "Kubernetes pods with Kuma's sidecar and their Services (kubectl get pods,services -o yaml)");
  } else {
    std::string names;
    for (const Dataplane& d : m.dataplanes) names += (names.empty() ? "" : ", ") + d.meta.name;
    sink.Error("POL014", r, "several Dataplanes (" + names + "); choose one with --dataplane NAME or inputs.dataplane");
  }
  for (doc::Diagnostic& d : sink.list())
    if (d.file.empty() && !s.sources.empty()) d.file = s.sources[0].source->name();
  diags.insert(diags.end(), sink.list().begin(), sink.list().end());
  return nullptr;
}

// A finding about a flag's value, which has no text of its own (--kuma-inspect, --policy): at 1:1
// of the first source, as POL014 for --dataplane above, through the one diagnostics builder.
static void FlagError(const std::string& first_file, const char* code, std::string message, std::vector<doc::Diagnostic>& diags) {
  doc::DiagnosticSink sink = doc::DiagnosticSink::Named(first_file);
  sink.Error(code, {}, std::move(message));
  diags.insert(diags.end(), sink.list().begin(), sink.list().end());
}

static std::string FirstFile(const Scenario& s) { return s.sources.empty() ? std::string() : s.sources[0].source->name(); }

// The fix for Kuma's 404 / 400 on an endpoint's mesh or dataplane: the meshes, or the
// dataplanes of the mesh (and where a dataplane of that name is).
std::string KumaLookupHint(const KumaEndpoint& e, const ResourceSet& m, const KumaError& err) {
  if (err.status == 400) return "set the Mesh's meshServices.mode: Exclusive";
  for (const Dataplane& d : m.dataplanes)
    if (d.meta.name == e.dataplane && d.meta.mesh != e.mesh)
      return "dataplane '" + d.meta.name + "' is in mesh '" + d.meta.mesh + "': use /meshes/" + d.meta.mesh + "/dataplanes/" +
             d.meta.name + "/...";
  if (err.title.find("Mesh") != std::string::npos) {
    std::vector<std::string> names = m.implicit_meshes;
    for (const Resource& r : m.meshes) names.push_back(r.meta.name);
    std::sort(names.begin(), names.end());
    std::string list;
    for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
    return "no mesh '" + e.mesh + "'" + (list.empty() ? " (the input has none)" : "; the meshes are: " + list);
  }
  std::string list;
  for (const Dataplane& d : m.dataplanes)
    if (d.meta.mesh == e.mesh) list += (list.empty() ? "" : ", ") + d.meta.name;
  return "no Dataplane named '" + e.dataplane + "' in mesh '" + e.mesh + "'" +
         (list.empty() ? " (it has none)" : "; there are: " + list);
}

ordered_json ResourceConfJson(const ResourceConf& i) {
  CountEvaluationWork();  // core/engine/build_count.h: none on the app's UI thread
  ordered_json j;
  j["key"] = i.key;
  if (!i.resource.type.empty()) j["resource"] = MetaJson(i.resource);
  ordered_json pol = ordered_json::object();
  for (const TypeConf& t : i.types) {
    ordered_json e;
    e["conf"] = ToOrdered(t.rule->conf());
    e["origins"] = OriginJson(t.rule->origin());
    if (t.fallback) e["computedFrom"] = t.rule->sparse ? t.rule->key : t.rule->fallback_of();
    e["fields"] = FieldsJson(t.rule->provenance());
    pol[t.type] = std::move(e);
  }
  j["policies"] = std::move(pol);
  return j;
}

ordered_json RulesJson(const DataplaneRules& r, Profile p, const RowMask* mask) {
  ordered_json j;
  // The Kuma release the profile follows (a profile setting: never a divergence).
  j["release"] = IsKuma(p) ? ReleaseName(ReleaseOf(p)) : "madr";
  j["dataplane"] = r.dataplane ? ordered_json(r.dataplane->meta.name) : ordered_json();
  if (r.dataplane && !r.dataplane->pod.empty()) j["pod"] = PodJson(*r.dataplane);
  if (r.dataplane && r.dataplane->IsGateway()) {
    // A gateway Dataplane: its type, the MeshGateway serving it (builtin) and the listeners that
    // stand for its inbounds (named listener-<port>).
    const Dataplane& d = *r.dataplane;
    ordered_json g;
    g["type"] = d.gateway_type;
    g["tags"] = ordered_json::object();
    for (const auto& [k, v] : d.gateway_tags) g["tags"][k] = v;
    g["meshGateway"] = d.gateway ? ordered_json(d.gateway->meta.name) : ordered_json();
    ordered_json ls = ordered_json::array();
    if (d.gateway)
      for (const Listener& l : d.gateway->listeners) {
        ordered_json x = {{"port", l.port}, {"protocol", l.protocol}};
        if (!l.hostname.empty()) x["hostname"] = l.hostname;
        ls.push_back(std::move(x));
      }
    g["listeners"] = std::move(ls);
    j["gateway"] = std::move(g);
  }
  ordered_json rules = ordered_json::array();
  for (const TypeRules& t : r.types) {
    ordered_json tj;
    tj["type"] = t.type;
    ordered_json pol = ordered_json::array();
    for (const PolicySelection& s : t.selections)
      if (s.selected) pol.push_back(s.policy->meta.name);
    tj["policies"] = std::move(pol);
    ordered_json items = ordered_json::array();
    std::vector<bool> keep(t.to_items.size(), !r.filtered);
    for (const ResourceRule& rr : t.to_rules)
      for (const Item* it : rr.items()) keep[it->rank] = true;
    for (const Item& it : t.to_items)
      if (keep[it.rank]) items.push_back(ItemJson(it));
    tj["items"] = std::move(items);
    if (t.has_proxy_rule) {
      tj["proxyRule"] = {{"conf", ToOrdered(t.proxy_rule.conf)}, {"origin", OriginJson(t.proxy_rule.origin)},
                         {"fields", FieldsJson(t.proxy_rule.provenance)}};
    }
    ordered_json to = ordered_json::array();
    // Kuma 2.12+ key ResourceRules by KRI (pkg/core/kri); a computedFrom names a rule of the list.
    const KeyNames key_names(t, p);
    auto key_of = [&](std::string_view key) -> ordered_json { return key_names(key); };
    const size_t ti = static_cast<size_t>(&t - r.types.data());
    for (const ResourceRule& rr : t.to_rules) {
      const size_t ri = static_cast<size_t>(&rr - t.to_rules.data());
      auto masked = [&](RowMask::Part part) { return mask && mask->Masked(ti, ri, part); };
      ordered_json e;
      e["key"] = key_of(rr.key);
      e["resourceMeta"] = masked(RowMask::kMeta) ? ordered_json() : MetaJson(rr.meta());
      if (!rr.section.empty()) e["resourceSectionName"] = rr.section;
      e["conf"] = masked(RowMask::kConf) ? ordered_json() : ToOrdered(rr.conf());
      // A MeshHTTPRoute with hostnames: Kuma's Conf list, one merged conf per hostname.
      if (!rr.body->confs.empty()) {
        ordered_json confs = ordered_json::array();
        if (!masked(RowMask::kConfs))
          for (const nlohmann::json& c : rr.body->confs) confs.push_back(ToOrdered(c));
        e["confs"] = masked(RowMask::kConfs) ? ordered_json() : std::move(confs);
      }
      e["origin"] = masked(RowMask::kOrigin) ? ordered_json() : OriginJson(rr.origin());
      if (!rr.sparse) e["computedFrom"] = key_of(rr.fallback_of());
      e["fields"] = masked(RowMask::kFields) ? ordered_json() : FieldsJson(rr.provenance());
      to.push_back(std::move(e));
    }
    tj["toResourceRules"] = std::move(to);
    ordered_json from = ordered_json::array();
    for (const InboundRule& ir : t.from_rules) {
      ordered_json e;
      e["inbound"] = ir.inbound->Id();
      e["port"] = ir.inbound->port;
      e["source"] = DirectionName(ir.source);
      e["subset"] = SubsetJson(ir.subset);
      // Kuma 2.12+: a listed rule (one per rules[] item and match) and its match (null: every client).
      if (ir.listed) e["match"] = ToOrdered(ir.match);
      e["applied"] = ir.applied;
      e["conf"] = ToOrdered(ir.conf);
      e["origin"] = OriginJson(ir.origin);
      e["fields"] = FieldsJson(ir.provenance);
      from.push_back(std::move(e));
    }
    tj["fromRules"] = std::move(from);
    if (!t.rbac.empty()) {  // MeshTrafficPermission 2.12+: Envoy's matcher order, every Deny first
      ordered_json rbac = ordered_json::array();
      for (const RbacMatcher& m : t.rbac)
        rbac.push_back({{"inbound", m.inbound->Id()}, {"action", m.action}, {"match", ToOrdered(m.match)},
                        {"policy", m.origin.policy ? ordered_json(m.origin.policy->meta.name) : ordered_json()},
                        {"ruleIndex", m.origin.rule_index}});
      tj["rbac"] = std::move(rbac);
    }
    // The inspect API's legacy `toRules`: per kuma.io/service subset (the per-field provenance
    // stays in the typed result for the view; the JSON keeps it for toResourceRules only).
    constexpr size_t kMaxLegacyToRulesJson = 20;
    if (!t.legacy_to_rules.empty()) {
      ordered_json legacy = ordered_json::array();
      // A mesh of thousands of services has thousands of legacy rows: the JSON lists the first
      // kMaxLegacyToRulesJson (most specific first) and counts the rest; the view has them all.
      for (const SubsetRule& sr : t.legacy_to_rules) {
        if (legacy.size() >= kMaxLegacyToRulesJson) break;
        ordered_json e;
        e["subset"] = SubsetJson(sr.subset);
        e["conf"] = ToOrdered(sr.conf);
        e["origin"] = OriginJson(sr.origin);
        legacy.push_back(std::move(e));
      }
      tj["toRules"] = std::move(legacy);
      if (t.legacy_to_rules.size() > kMaxLegacyToRulesJson)
        tj["toRulesOmitted"] = t.legacy_to_rules.size() - kMaxLegacyToRulesJson;
    }
    ordered_json fitems = ordered_json::array();
    for (const Item& it : t.from_items)
      if (it.direction == Direction::kFrom || !it.inbound.empty()) fitems.push_back(ItemJson(it));
    if (!fitems.empty()) tj["fromItems"] = std::move(fitems);
    rules.push_back(std::move(tj));
  }
  j["rules"] = std::move(rules);
  return j;
}

namespace {
// What a query asks of a loaded mesh: --resource / --inspect / --dataplane, else the scenario's
// inputs (the query's flags replace them).
void ReadQuery(PolicyModel* m, const Scenario& s, const PolicyQuery& q, Mode mode) {
  m->only_keys = q.resources;
  if (q.inspect) {
    m->inspect_key = *q.inspect;
  } else if (!q.dataplane && s.inputs.is_map()) {
    if (const doc::Node* n = s.inputs.Get("inspect"); n && n->is_scalar()) {
      m->inspect_key = n->text();
      m->inspect_at = n->range();
      m->inspect_source = s.envelope_source();
    }
  }
  if (m->only_keys.empty() && !q.dataplane && s.inputs.is_map())
    if (const doc::Node* res = s.inputs.Get("resources"); res && res->is_seq())
      for (const doc::Node& k : res->items()) m->only_keys.push_back(k.text());
  // A 2.12+ result's KRI names the same resource as its core key: accept either.
  for (std::string& k : m->only_keys)
    if (std::optional<std::string> u = UniqueKeyOfKri(m->mesh, k)) k = *u;
  if (std::optional<std::string> u = UniqueKeyOfKri(m->mesh, m->inspect_key)) m->inspect_key = *u;
  if (q.policy) m->policy_name = *q.policy;
  if (q.client) m->client = *q.client;
  if (const std::optional<std::string>& e = q.kuma_inspect) {
    m->kuma_inspect = ParseKumaEndpoint(*e);
    if (!m->kuma_inspect) {
      FlagError(FirstFile(s), "POL085",
                "--kuma-inspect '" + *e + "' is not an inspect endpoint this tool answers; give " + std::string(kKumaEndpoints),
                m->diagnostics);
    } else if (!m->kuma_inspect->mesh.empty() && mode == Mode::kEvaluate) {
      // The endpoint names its mesh and dataplane: Kuma's lookup, and its 404 when either is not
      // there (its 400 first for `_layout` on a Mesh without meshServices Exclusive).
      KumaLookup found = LookupKumaDataplane(*m->kuma_inspect, m->mesh);
      m->chosen = found.dataplane;
      if (found.error) {
        const KumaError& err = *found.error;
        FlagError(FirstFile(s), "POL085",
                  "--kuma-inspect: Kuma answers " + std::to_string(err.status) + " '" +
                      (err.status == 404 ? err.title + ": " + err.detail : err.detail) + "'; " +
                      KumaLookupHint(*m->kuma_inspect, m->mesh, err),
                  m->diagnostics);
      }
    }
  }
  // --policy alone answers for every dataplane: no dataplane need be chosen.
  bool by_path = m->kuma_inspect && !m->kuma_inspect->mesh.empty();
  if (!by_path && mode == Mode::kEvaluate && (m->policy_name.empty() || q.dataplane))
    m->chosen = ChooseDataplane(m->mesh, s, q, m->diagnostics);
  // What Kuma answers 400 (or 500) to: the same code, with Kuma's own error text.
  if (m->chosen && m->kuma_inspect)
    if (std::optional<std::string> err = KumaEndpointError(*m->kuma_inspect, *m->chosen, m->mesh)) {
      bool exclusive = err->find("meshService enabled") != std::string::npos;
      FlagError(FirstFile(s), "POL085",
                "--kuma-inspect: Kuma answers " + std::string(*err == "inbound not found" ? "500" : "400") + " '" + *err + "'" +
                    (exclusive ? "; set the Mesh's meshServices.mode: Exclusive"
                               : "; give a KRI the dataplane has (eval --kuma-inspect _layout lists them)"),
                m->diagnostics);
      m->chosen = nullptr;
    }
}
}  // namespace

std::unique_ptr<PolicyModel> LoadPolicyModel(const Scenario& s, const Query& q, Mode mode) {
  std::optional<PolicyQuery> parsed;
  return LoadPolicyModel(s, TypedQuery<PolicyQuery>(q, parsed, ParsePolicyQuery), mode);
}

std::unique_ptr<PolicyModel> LoadPolicyModel(const Scenario& s, const PolicyQuery& q, Mode mode) {
  // The documents' own findings (a YAML syntax error, a duplicate key), as the matcher, variants
  // and targeting engines report them: with --engine policy a broken file must not pass silently.
  std::vector<doc::Diagnostic> diags;
  for (const doc::Document& d : s.sources) diags.insert(diags.end(), d.diagnostics.begin(), d.diagnostics.end());
  auto mesh = std::make_shared<ResourceSet>(ReadResources(s.sources, diags));
  std::vector<doc::Diagnostic> a = Analyze(*mesh);
  diags.insert(diags.end(), a.begin(), a.end());
  auto m = std::make_unique<PolicyModel>(std::move(mesh));
  m->mode = mode;
  m->diagnostics = std::move(diags);
  m->scenario_diagnostics = m->diagnostics.size();
  ReadQuery(m.get(), s, q, mode);
  return m;
}

std::unique_ptr<PolicyModel> RequeryPolicyModel(const PolicyModel& previous, const Scenario& s, const Query& query, Mode mode) {
  std::optional<PolicyQuery> parsed;
  const PolicyQuery& q = TypedQuery<PolicyQuery>(query, parsed, ParsePolicyQuery);
  auto m = std::make_unique<PolicyModel>(previous.shared_mesh);
  m->mode = mode;
  m->diagnostics.assign(previous.diagnostics.begin(),
                        previous.diagnostics.begin() + static_cast<std::ptrdiff_t>(previous.scenario_diagnostics));
  m->scenario_diagnostics = m->diagnostics.size();
  ReadQuery(m.get(), s, q, mode);
  return m;
}

DataplaneRules PolicyModel::EvaluateDataplane(const Dataplane& dp, Profile p, bool explain) const {
  EvalOptions o;
  o.profile = p;
  o.only_keys = only_keys;
  o.explain = explain;
  return policy::Evaluate(mesh, dp, o);
}

std::unique_ptr<EngineResult> PolicyModel::Evaluate(std::string_view profile, doc::Explanation* why) const {
  CountEvaluationWork();
  auto r = std::make_unique<PolicyResult>();
  r->id = Profiles().Parse(profile);
  // The schema findings of the profile's Kuma release (policy_schema.h ValidateResourceAllReleases).
  const std::vector<doc::Diagnostic>& by_release =
      mesh.release_diagnostics[policy::ReleaseIndex(policy::schema::ReleaseOfProfileName(profile))];
  if (mode == Mode::kCheck) {
    // `check`: evaluate every dataplane for its dead items, once per finding.
    EvalOptions co;
    co.profile = r->id;
    co.complete = false;
    co.explain = false;
    std::set<std::string> seen;
    for (const Dataplane& dp : mesh.dataplanes) {
      DataplaneRules dr = policy::Evaluate(mesh, dp, co);
      for (doc::Diagnostic& d : dr.diagnostics)
        if (seen.insert(d.code + d.file + std::to_string(d.range.begin) + d.message).second) r->diagnostics.push_back(d);
    }
    r->diagnostics.insert(r->diagnostics.begin(), by_release.begin(), by_release.end());
    return r;
  }
  r->evaluated = true;
  r->kuma_inspect = kuma_inspect;
  r->model = &mesh;
  if (!policy_name.empty()) {
    r->policy_asked = true;
    r->diagnostics = by_release;
    for (const Policy* p : FindPolicies(mesh, policy_name)) {
      r->affects.push_back(AffectsOf(mesh, *p, r->id));
      r->diagnostics.insert(r->diagnostics.end(), r->affects.back().diagnostics.begin(), r->affects.back().diagnostics.end());
    }
    if (r->affects.empty()) {
      std::string names;
      for (const Policy& p : mesh.policies)
        if (names.size() < 200) names += (names.empty() ? "" : ", ") + p.meta.name;
      FlagError(!mesh.docs.empty() && mesh.docs[0].source ? mesh.docs[0].source->name() : std::string(), "POL084",
                "--policy '" + policy_name + "' names no policy of the input" +
                    (names.empty() ? std::string(" (it has none)") : "; there are: " + names) +
                    "; give a policy's name (name.namespace on Kubernetes, or its display name)",
                r->diagnostics);
    }
    if (!chosen) return r;
    std::vector<doc::Diagnostic> keep = std::move(r->diagnostics);
    r->rules = EvaluateDataplane(*chosen, r->id, /*explain=*/why != nullptr);
    r->diagnostics = std::move(keep);
    r->diagnostics.insert(r->diagnostics.end(), r->rules.diagnostics.begin(), r->rules.diagnostics.end());
    return r;
  }
  if (!chosen) return r;
  r->rules = EvaluateDataplane(*chosen, r->id, /*explain=*/why != nullptr);
  if (HasShadowPolicies(mesh, chosen->meta.mesh)) {
    // The rules with the shadow policies applied (as `_config?shadow=true` computes them): only
    // what they would change is kept.
    EvalOptions so;
    so.profile = r->id;
    so.only_keys = only_keys;
    so.explain = false;
    so.provenance = false;
    so.include_shadow = true;
    r->has_shadow = true;
    r->shadow = ShadowDiff(r->rules, policy::Evaluate(mesh, *chosen, so), mesh, r->id);
  }
  if (!client.empty()) {
    r->client = client;
    r->decisions = DecideMtp(r->rules, client);
  }
  r->diagnostics = by_release;
  r->diagnostics.insert(r->diagnostics.end(), r->rules.diagnostics.begin(), r->rules.diagnostics.end());
  // The chooser's keys: every resource of the mesh (from the model) and every evaluated rule's
  // key (sections with rules of their own).
  r->resource_keys = MeshResourceKeys(mesh, chosen->meta.mesh);
  {
    std::vector<std::string> own = ResourceKeys(r->rules);
    std::vector<std::string> all;
    all.reserve(r->resource_keys.size() + own.size());
    std::set_union(r->resource_keys.begin(), r->resource_keys.end(), own.begin(), own.end(), std::back_inserter(all));
    r->resource_keys = std::move(all);
  }
  r->inspect_asked = !inspect_key.empty();
  r->inspection = ResourceConfOf(r->rules, mesh, r->inspect_asked ? inspect_key : DefaultResourceKey(r->rules), r->id,
                                  /*explain=*/why != nullptr);
  // A key naming no resource: Kuma's Compute would still fall back to the mesh's rule (and the
  // inspection shows that), but the key is most likely mistyped.
  if (r->inspect_asked && !std::binary_search(r->resource_keys.begin(), r->resource_keys.end(), inspect_key)) {
    doc::DiagnosticSink sink(inspect_source);
    std::string example = r->resource_keys.empty() ? std::string("none: no policy applies to a resource here")
                                                    : "e.g. " + r->resource_keys.front();
    sink.Error("POL048", inspect_at, std::string(inspect_source ? "inputs.inspect" : "--inspect") + " '" + inspect_key + "' names no resource of dataplane '" + chosen->meta.name +
               "' (keys: " + example + "); pass a toResourceRules key of `eval`", inspect_source ? "inputs.inspect" : "");
    for (doc::Diagnostic& d : sink.list()) {
      if (d.file.empty() && !mesh.docs.empty() && mesh.docs[0].source) d.file = mesh.docs[0].source->name();
      r->diagnostics.push_back(d);
    }
  }
  if (why) *why = r->rules.explanation;
  return r;
}

ordered_json PolicyResult::Json(const RowMask* mask) const {
  CountEvaluationWork();  // core/engine/build_count.h: none on the app's UI thread
  if (!evaluated) return ordered_json::object();
  if (kuma_inspect) return model ? KumaInspectJson(*kuma_inspect, rules, *model, id) : ordered_json::object();
  if (policy_asked) {
    ordered_json j;
    if (rules.dataplane) {
      j = RulesJson(rules, id, mask);
    } else {
      j["release"] = IsKuma(id) ? ReleaseName(ReleaseOf(id)) : "madr";
    }
    ordered_json a = ordered_json::array();
    for (const PolicyAffects& x : affects) a.push_back(AffectsJson(x));
    j["affects"] = std::move(a);
    return j;
  }
  if (!rules.dataplane) return {{"dataplane", nullptr}, {"rules", ordered_json::array()}};
  ordered_json j = RulesJson(rules, id, mask);
  if (inspect_asked) j["inspect"] = ResourceConfJson(inspection);
  if (has_shadow) j["shadow"] = ShadowJson(shadow);
  if (!client.empty()) j["client"] = MtpDecisionsJson(decisions, client);
  return j;
}

}  // namespace policy

namespace {

class PolicyEngine final : public Engine {
 public:
  std::string_view name() const override { return "policy"; }
  const std::vector<doc::Profile>& profiles() const override { return policy::Profiles().profiles(); }
  // The Kuma release each profile follows: a fact about the profile, not an answer.
  std::vector<std::string> profile_settings() const override { return {"/release"}; }
  // One answer per rule row of a policy type (an inbound rule, a to-resource rule, a from or to
  // rule with its subset): "/rules/0/fromRules/2" with its conf, fields and origins.
  std::vector<std::string> answer_units() const override { return {"/rules/*/*/*"}; }
  // "MeshTimeout: the rule for MeshService backend :http (ns kuma-demo)", "MeshHTTPRoute: item 2",
  // "MeshTrafficPermission rules" (RulesJson's "/rules/I[/KIND/J]"); other shapes (--kuma-inspect,
  // --policy) by their pointer.
  std::string AnswerTitle(std::string_view answer, const EngineResult& r) const override {
    const auto* pr = ResultAs<policy::PolicyResult>(&r);
    std::vector<std::string> seg;
    for (std::string_view rest = answer; !rest.empty() && rest[0] == '/';) {
      rest.remove_prefix(1);
      size_t n = rest.find('/');
      seg.emplace_back(rest.substr(0, n));
      rest = n == std::string_view::npos ? std::string_view() : rest.substr(n);
    }
    auto index = [](const std::string& x) -> std::optional<size_t> {
      if (x.empty() || x.size() > 9 || !std::all_of(x.begin(), x.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
      return static_cast<size_t>(std::stoul(x));
    };
    if (!pr || pr->kuma_inspect || pr->policy_asked || seg.size() < 2 || seg[0] != "rules") return ReadablePointer(answer);
    std::optional<size_t> ti = index(seg[1]);
    if (!ti || *ti >= pr->rules.types.size()) return ReadablePointer(answer);
    const policy::TypeRules& t = pr->rules.types[*ti];
    if (seg.size() == 2) return t.type + " rules";
    std::optional<size_t> j = seg.size() > 3 ? index(seg[3]) : std::nullopt;
    const std::string& kind = seg[2];
    if (!j) return t.type + ": " + ReadablePointer("/" + kind);
    if (kind == "toResourceRules")
      return t.type + ": the rule for " +
             (*j < t.to_rules.size() ? policy::ReadableKey(t.to_rules[*j].key) : "resource " + std::to_string(*j));
    if (kind == "fromRules" && *j < t.from_rules.size())
      return t.type + ": inbound " + t.from_rules[*j].inbound->Id() + " rule " + std::to_string(*j);
    if (kind == "items") return t.type + ": item " + std::to_string(*j);
    if (kind == "toRules") return t.type + ": legacy to-rule " + std::to_string(*j);
    return t.type + ": " + ReadablePointer("/" + kind + "/" + std::to_string(*j));
  }
  std::vector<ComparisonNote> ExplainComparison(const std::vector<std::pair<std::string, const EngineResult*>>& results,
                                                const Comparison&) const override {
    return policy::UpgradeNotes(results);
  }
  // Each Kuma release's inspected resource against the MADR's (policy_inspect_diff.h): the view's
  // Resource tab marks the leaves that differ.
  // Typed: the rows' parts every profile gives alike are not serialised (policy_compare.cpp).
  Comparison CompareResults(const std::vector<ComparedResult>& results) const override {
    return policy::CompareTyped(*this, results);
  }
  std::shared_ptr<const ComparisonDetail> CompareDetail(const std::vector<std::pair<std::string, const EngineResult*>>& results,
                                                        const Comparison&) const override {
    return policy::DiffEveryResourceConf(results);
  }
  int Detect(const doc::Document& d) const override {
    int score = 0;
    for (const doc::Node& root : d.roots) {
      if (!root.is_map()) continue;
      std::string api = root.GetString("apiVersion");
      std::string type = root.GetString("type");
      if (type.empty()) type = root.GetString("kind");
      if (api == "kuma.io/v1alpha1") return 90;
      // A pod with Kuma's sidecar (kubectl get pods -o yaml of a meshed namespace).
      if (api == "v1" && type == "Pod" && root.Get("metadata") &&
          root.Get("metadata")->Get("annotations") && root.Get("metadata")->Get("annotations")->Get("kuma.io/sidecar-injected"))
        score = std::max(score, 70);
      if (type == "Mesh" || type == "MeshService" || type == "Dataplane" || type == "MeshExternalService" ||
          policy::IsKnownPolicyType(type) || policy::IsKumaKind(type))
        score = 80;
    }
    return score;
  }
  // Kubernetes objects: Kuma's own (kuma.io/v1alpha1), and Pods, Services and Namespaces
  // (apiVersion v1), which become Dataplanes as Kuma's controller builds them (policy_k8s.h);
  // Deployments, ConfigMaps, ... of the same `kubectl get` or Kustomize output are skipped.
  bool UsesKubernetesObject(std::string_view api_version, std::string_view kind) const override {
    return api_version.rfind("kuma.io/", 0) == 0 || policy::IsConvertedKubeObject(api_version, kind);
  }
  std::vector<QueryFlag> query_flags() const override {
    return {{"dataplane", "NAME", "the Dataplane to evaluate (default: inputs.dataplane, or the only one)", false},
            {"resource", "KEY", "keep only this ResourceRules key in toResourceRules", true},
            {"inspect", "KEY", "everything this resource gets, across policy types, with each field's origin", false},
            {"policy", "NAME", "which dataplanes this policy affects and why (every dataplane of its mesh)", false},
            {"client", "SPIFFE-ID", "which MeshTrafficPermission rule allows or denies this client on each inbound (Kuma 2.12+: Deny wins)", false},
            {"kuma-inspect", "ENDPOINT", "Kuma's inspect API answer: /meshes/M/dataplanes/D/ and _rules, _policies, _layout, _inbounds/KRI/_policies, _outbounds/KRI/_policies, _outbounds/KRI/_routes[/ROUTE/_policies]", false}};
  }
  std::shared_ptr<const EngineQuery> ParseQuery(const Query& flags) const override {
    return std::make_shared<policy::PolicyQuery>(policy::ParsePolicyQuery(flags));
  }
  std::unique_ptr<EngineModel> Load(const Scenario& s, const Query& q, Mode mode) const override {
    return policy::LoadPolicyModel(s, q, mode);
  }
  std::unique_ptr<EngineModel> Requery(const EngineModel& previous, const Scenario& s, const Query& q,
                                       Mode mode) const override {
    const auto* p = ModelAs<policy::PolicyModel>(&previous);
    return p ? policy::RequeryPolicyModel(*p, s, q, mode) : nullptr;
  }
};

}  // namespace

const Engine& GetPolicyEngine() {
  static const PolicyEngine e;
  return e;
}

}  // namespace cfgi
