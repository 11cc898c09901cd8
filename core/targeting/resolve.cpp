// Dynamic targeting of factory instances and registry matching; see resolve.h for the rules
// and the CppMicroServices files they follow.
#include "core/targeting/resolve.h"

#include <re2/re2.h>

#include <algorithm>
#include <set>

namespace cfgi::targeting {

using nlohmann::ordered_json;

const char* MethodName(Method m) {
  switch (m) {
    case Method::kManifest: return "manifest";
    case Method::kConfigTarget: return "config-target";
    case Method::kPlaceholder: return "placeholder";
  }
  return "manifest";
}

std::vector<Substitution> FindPlaceholders(std::string_view target) {
  // The pattern of ReplacePlaceholdersInTarget (ComponentFactoryImpl.cpp), run with RE2.
  static const RE2 kPlaceholder(R"(\{\{([^{}]+)\}\})");
  std::vector<Substitution> out;
  re2::StringPiece text(target.data(), target.size());
  re2::StringPiece groups[2];
  size_t pos = 0;
  while (pos <= target.size() &&
         kPlaceholder.Match(text, pos, target.size(), RE2::UNANCHORED, groups, 2)) {
    Substitution s;
    s.begin = static_cast<size_t>(groups[0].data() - target.data());
    s.end = s.begin + groups[0].size();
    s.key = std::string(groups[1].data(), groups[1].size());
    out.push_back(std::move(s));
    pos = out.back().end;
  }
  return out;
}

std::string EffectiveFilter(const std::string& interface, const std::string& target, const std::string& scope) {
  // LDAPProp(OBJECTCLASS) == interface, then `&&` with the target and the scope clause; `&&`
  // with an empty expression returns the other side (LDAPProp.cpp operator&&).
  std::string expr = "(objectclass=" + interface + ")";
  if (!target.empty()) expr = "(&" + expr + target + ")";
  if (scope == "prototype-required") expr = "(&" + expr + "(service.scope=prototype))";
  return expr;
}

namespace {

// A piece of a resolved target: where its bytes came from, to map filter offsets back to files.
struct Segment {
  size_t begin = 0, end = 0;  // in the resolved target
  const StringLoc* loc = nullptr;
  size_t loc_offset = 0;      // offset in the located string of `begin`
};

class Emitter {
 public:
  Emitter(const std::vector<const doc::Source*>& sources, std::vector<doc::Diagnostic>* out)
      : sources_(sources), out_(out) {}
  // `path` as DiagnosticSink::Add reads it, below the open scope (the reference's "Comp/ref").
  void Add(doc::Severity sev, const std::string& code, const std::string& file, doc::SourceRange r,
           std::string message, std::string path = {}) {
    const doc::Source* src = nullptr;
    for (const doc::Source* s : sources_)
      if (s && s->name() == file) src = s;
    doc::DiagnosticSink sink = src ? doc::DiagnosticSink(src) : doc::DiagnosticSink::Named(file);
    doc::DiagnosticSink::ScopedField open(&sink, scope_.field_path());
    out_->push_back(sink.Add(sev, code, r, std::move(message), std::move(path)));
  }
  // The field path findings continue for a ScopedField's lifetime (its segments are pushed here).
  doc::DiagnosticSink* scope() { return &scope_; }

 private:
  const std::vector<const doc::Source*>& sources_;
  std::vector<doc::Diagnostic>* out_;
  doc::DiagnosticSink scope_;  // used for its field path only
};

std::string Q(const std::string& s) { return ordered_json(s).dump(-1, ' ', false, ordered_json::error_handler_t::replace); }  // any bytes

std::string ServiceLabel(const Service& s) {
  return "service " + std::to_string(s.id) + (s.name.empty() ? "" : " (" + s.name + ")");
}

bool PidSelects(const Component& c, const std::optional<std::string>& pid) {
  if (!pid) return true;
  return std::find(c.configuration_pids.begin(), c.configuration_pids.end(), *pid) != c.configuration_pids.end();
}

std::string RefPath(const Component& c, const Reference& r) { return c.name + "/" + r.name; }

void ClearRanges(doc::Step& s) {
  s.range = {};
  for (doc::Step& c : s.children) ClearRanges(c);
}


// One reference of one component instance, resolved in stages (Resolve calls them in order):
// ChooseTarget (manifest target, method 1 `<ref>.target`, or method 2 {{placeholders}}),
// ValidateTarget (the target as an LDAP filter), BuildFilter (the service tracker's filter) and
// MatchRegistry (the registered services that satisfy it). The stages share this state.
struct ReferenceResolver {
  const Inputs& in;
  const ResolveOptions& opts;
  Emitter& emit;
  const Component& comp;
  InstanceSummary& inst;  // its `created` and `error` follow the reference's error
  const Reference& ref;
  const Config* config = in.config;
  const bool steps = opts.steps;
  ResolvedReference rr;
  std::vector<Segment> segments;  // where the resolved target's bytes came from
  const ConfigEntry* dyn = config ? config->Find(ref.name + ".target") : nullptr;
  std::string manifest_target = ref.target.value_or("");
  std::vector<Substitution> subs = FindPlaceholders(manifest_target);
  doc::Step ref_step;

  ReferenceResolver(const Inputs& i, const ResolveOptions& o, Emitter& e, const Component& c, InstanceSummary& s,
                    const Reference& r)
      : in(i), opts(o), emit(e), comp(c), inst(s), ref(r) {
    rr.component = &comp;
    rr.reference = &ref;
    rr.instance = inst.instance;
    rr.factory_instance = comp.is_factory();
    rr.target_before = ref.target;
    if (steps) ref_step = {"reference " + ref.name, doc::Outcome::kInfo, "", ref.range, ref.file};
  }

  // The first error is the one CppMicroServices throws.
  void fail(const std::string& code, const std::string& cpp_error) {
    if (!rr.error) {
      rr.error = cpp_error;
      rr.error_code = code;
    }
  }

  // Not a factory component: the manifest target applies as written.
  void ManifestOnly() {
    rr.method = Method::kManifest;
    rr.target = ref.target;
    if (ref.target) segments.push_back({0, manifest_target.size(), &ref.target_loc, 0});
    if (dyn)
      emit.Add(doc::Severity::kNote, "TGT013", config->file, dyn->key_range,
               "'" + dyn->key + "' is ignored: component '" + comp.name +
                   "' is not a factory component and dynamic targets are only valid for factory components (CppMicroServices logs an error); "
                   "add \"factory\" to the component or change the target in the manifest",
               "config." + dyn->key);
    for (const Substitution& s : subs)
      emit.Add(doc::Severity::kWarning, "TGT014", ref.file, ref.target_loc.Span(s.begin, s.end),
               "'{{" + s.key + "}}' is never replaced: placeholders apply only to factory instances, so the filter compares with the literal text; "
               "make the component a factory or write the value",
               ".target");
    if (steps) ref_step.detail = ref.target ? "manifest target " + manifest_target : "no target";
  }

  void ConfigTarget() {
    // Method 1 (ComponentFactoryImpl.cpp: `properties.find(ref.name + ".target")`).
    rr.method = Method::kConfigTarget;
    if (dyn->value.kind != ldap::Value::Kind::kString) {
      std::string msg = "cppmicroservices::BadAnyCastException: ref_any_cast<std::string> on '" + dyn->key +
                        "', whose value is " + dyn->value.type_name() + " " + dyn->value.ToString();
      fail("TGT012", msg);
      emit.Add(doc::Severity::kError, "TGT012", config->file, dyn->value_loc.range,
               "'" + dyn->key + "' must be a string filter, not " + std::string(dyn->value.type_name()) +
                   "; the factory instance is not created. Quote it: \"(key=value)\"",
               "config." + dyn->key);
    } else {
      rr.target = dyn->value.s;
      segments.push_back({0, dyn->value.s.size(), &dyn->value_loc, 0});
      if (dyn->value.s.empty())
        emit.Add(doc::Severity::kWarning, "TGT021", config->file, dyn->value_loc.range,
                 "'" + dyn->key + "' is empty: it clears the target, so any " + ref.interface +
                     " service satisfies reference '" + ref.name + "'; remove the key to keep the manifest target",
                 "config." + dyn->key);
    }
    if (!subs.empty())
      emit.Add(doc::Severity::kNote, "TGT016", config->file, dyn->key_range,
               "'" + dyn->key + "' overrides the manifest target " + Q(manifest_target) +
                   " of reference '" + ref.name + "'; its {{placeholders}} are not used (method 1 wins)",
               "config." + dyn->key);
    if (steps)
      ref_step.detail = "method 1: " + dyn->key + " = " + dyn->value.ToString() + " replaces " +
                        (ref.target ? Q(manifest_target) : std::string("no target"));
  }

  void Placeholders() {
    // Method 2 (ReplacePlaceholdersInTarget).
    rr.method = Method::kPlaceholder;
    std::string out;
    size_t last = 0;
    bool ok = true;
    for (Substitution& s : subs) {
      if (s.begin > last) segments.push_back({out.size(), out.size() + s.begin - last, &ref.target_loc, last});
      out.append(manifest_target, last, s.begin - last);
      last = s.end;
      const ConfigEntry* e = config ? config->Find(s.key) : nullptr;
      doc::Step sub_step;
      if (steps) sub_step = {"{{" + s.key + "}}", doc::Outcome::kInfo, "", ref.target_loc.Span(s.begin, s.end), ref.file};
      if (!e) {
        ok = false;
        fail("TGT010", "reference target not in configuration " + s.key);
        std::string hint;
        if (s.key.find_first_of(" \t") != std::string::npos) hint = " (keys are not trimmed: the spaces are part of the key)";
        emit.Add(doc::Severity::kError, "TGT010", ref.file, ref.target_loc.Span(s.begin, s.end),
                 config ? "the configuration has no '" + s.key + "'" + hint +
                              "; the factory instance is not created. Add \"" + s.key + "\": \"...\" to the configuration"
                        : "{{" + s.key + "}} needs a configuration value but no configuration was given; pass one with --config "
                          "(or inputs.config) holding \"" + s.key + "\"",
                 ".target");
        if (steps) {
          sub_step.outcome = doc::Outcome::kError;
          sub_step.detail = "missing from the configuration";
        }
      } else if (e->value.kind != ldap::Value::Kind::kString) {
        ok = false;
        s.config_key = e->key;
        fail("TGT012", "cppmicroservices::BadAnyCastException: ref_any_cast<std::string> on '" + e->key +
                           "', whose value is " + e->value.type_name() + " " + e->value.ToString());
        emit.Add(doc::Severity::kError, "TGT012", config->file, e->value_loc.range,
                 "'" + e->key + "' fills {{" + s.key + "}} but is " + std::string(e->value.type_name()) +
                     ", not a string; the factory instance is not created. Write it as a string: \"" +
                     e->value.ToString() + "\"",
                 "config." + e->key);
        if (steps) {
          sub_step.outcome = doc::Outcome::kError;
          sub_step.detail = "not a string";
        }
      } else {
        s.value = e->value.s;
        s.config_key = e->key;
        s.injected = ldap::NeedsEscaping(e->value.s);
        s.escaped = ldap::EscapeValue(e->value.s);
        segments.push_back({out.size(), out.size() + e->value.s.size(), &e->value_loc, 0});
        out += e->value.s;
        if (steps) {
          sub_step.outcome = doc::Outcome::kMatched;
          sub_step.detail = "= " + Q(e->value.s) + " from '" + e->key + "'";
        }
        if (s.injected) {
          emit.Add(doc::Severity::kWarning, "TGT020", config->file, e->value_loc.range,
                   "the value of '" + e->key + "' contains * ( ) or \\, which CppMicroServices inserts unescaped into {{" +
                       s.key + "}}: it changes the filter instead of matching the text. To match it literally write " +
                       Q(s.escaped),
                   "config." + e->key);
          if (steps) sub_step.detail += " (not escaped: changes the filter; escaped form " + Q(s.escaped) + ")";
        }
      }
      if (steps) ref_step.Add(std::move(sub_step));
    }
    if (last < manifest_target.size())
      segments.push_back({out.size(), out.size() + manifest_target.size() - last, &ref.target_loc, last});
    out.append(manifest_target, last, std::string::npos);
    if (ok) rr.target = out;
    if (steps) ref_step.detail = "method 2: " + Q(manifest_target) + (ok ? " -> " + Q(out) : " cannot be resolved");
  }

  // A factory component with neither a `.target` key nor placeholders.
  void ManifestTarget() {
    rr.method = Method::kManifest;
    rr.target = ref.target;
    if (ref.target) segments.push_back({0, manifest_target.size(), &ref.target_loc, 0});
    if (steps) ref_step.detail = ref.target ? "manifest target " + Q(manifest_target) : "no target";
  }

  void ChooseTarget() {
    if (!comp.is_factory()) ManifestOnly();
    else if (dyn) ConfigTarget();
    else if (!subs.empty()) Placeholders();
    else ManifestTarget();
    rr.substitutions = std::move(subs);

    if (rr.target && ref.target && ref.target->empty() && rr.method == Method::kManifest)
      emit.Add(doc::Severity::kWarning, "TGT021", ref.file, ref.target_loc.range,
               "reference '" + ref.name + "' has an empty target: any " + ref.interface +
                   " service satisfies it; remove \"target\" or write a filter",
               ".target");
  }

  void ValidateTarget() {
    // Validate the resulting target (CreateFactoryComponent: LDAPFilter(ref.target) when
    // non-empty; for other components the service tracker's LDAPFilter throws the same way).
    if (rr.target && !rr.target->empty()) {
      ldap::ParseResult pr = ldap::Parse(*rr.target);
      if (pr.error) {
        // Map the offset back to the file the failing byte came from.
        const StringLoc* loc = nullptr;
        uint32_t at = 0;
        for (const Segment& sg : segments) {
          if (pr.error->offset >= sg.begin && (pr.error->offset < sg.end || sg.end == rr.target->size())) {
            loc = sg.loc;
            at = loc->At(sg.loc_offset + pr.error->offset - sg.begin);
          }
        }
        if (!loc && !segments.empty()) {
          loc = segments.back().loc;
          at = loc->range.begin;
        }
        std::string where = rr.method == Method::kManifest ? "" : " (the resolved target " + Q(*rr.target) + ")";
        std::string code = rr.method == Method::kManifest ? pr.error->code : "TGT011";
        fail(code, pr.error->cpp_message);
        if (loc)
          emit.Add(doc::Severity::kError, code, loc->file, {at, at + 1},
                   (rr.method == Method::kManifest ? "invalid target filter: " : "invalid filter" + where + ": ") +
                       pr.error->message + (rr.factory_instance ? "; the factory instance is not created" : ""),
                   ".target");
        if (steps) ref_step.Add({"LDAP", doc::Outcome::kError, pr.error->cpp_message});
      } else if (rr.target->find(ldap::kWildcard) != std::string::npos && !segments.empty()) {
        emit.Add(doc::Severity::kWarning, "LDAP010", segments[0].loc->file, segments[0].loc->range,
                 "the target contains a DEL byte (0x7F), which CppMicroServices treats as the wildcard '*'; remove it",
                 ".target");
      }
    }
  }

  // The service tracker's filter; an error so far leaves the instance uncreated.
  void BuildFilter() {
    if (!rr.error) {
      rr.effective_filter = EffectiveFilter(ref.interface, rr.target.value_or(""), ref.scope);
      ldap::ParseResult pr = ldap::Parse(*rr.effective_filter);
      if (pr.filter) {
        rr.filter = std::move(pr.filter);
      } else {
        fail("TGT011", pr.error->cpp_message);
        emit.Add(doc::Severity::kError, "TGT011", ref.file, ref.range,
                 "the service tracker filter " + Q(*rr.effective_filter) + " is invalid (" + pr.error->message +
                     "); check the interface name '" + ref.interface + "'",
                 "");
        rr.effective_filter.reset();
      }
    }
    if (rr.error) {
      // `target` keeps a resolved but invalid filter so the user sees what was built.
      if (inst.created) {
        inst.created = false;
        inst.error = rr.error;
      }
      if (steps) {
        ref_step.outcome = doc::Outcome::kError;
        ref_step.detail += "; error: " + *rr.error;
      }
    }
  }

  void MatchRegistry() {
    // Registry matching.
    bool match_this = !in.registry_is_components_only ||
                      std::find(in.matched_interfaces.begin(), in.matched_interfaces.end(), ref.interface) !=
                          in.matched_interfaces.end();
    if (in.registry && in.registry->present && rr.filter && match_this) {
      int implementers = 0;
      const ServiceMatch* closest = nullptr;
      for (const Service& svc : in.registry->services) {
        ServiceMatch sm;
        sm.service = &svc;
        if (opts.explain) sm.matched = rr.filter->Explain(svc.properties, false, &sm.trace);
        else sm.matched = rr.filter->Match(svc.properties, false);
        bool implements = std::find(svc.interfaces.begin(), svc.interfaces.end(), ref.interface) != svc.interfaces.end();
        implementers += implements;
        if (sm.matched) {
          const ldap::Value* cn = svc.properties.Find("component.name", false);
          if (cn && cn->kind == ldap::Value::Kind::kString && cn->s == rr.instance) sm.self_excluded = true;
          else rr.matching.push_back(svc.id);
        }
        rr.services.push_back(std::move(sm));
      }
      for (const ServiceMatch& sm : rr.services) {
        bool implements = std::find(sm.service->interfaces.begin(), sm.service->interfaces.end(), ref.interface) !=
                          sm.service->interfaces.end();
        if (implements && !sm.matched && !closest) closest = &sm;
        if (steps && opts.explain) {
          doc::Step st = sm.trace.ToStep();
          ClearRanges(st);  // trace ranges are offsets into the filter text, not into a file
          st.what = ServiceLabel(*sm.service) + ": " + st.what;
          if (sm.self_excluded) {
            st.outcome = doc::Outcome::kSkipped;
            st.detail = "matches, but it is this instance's own service (component.name " + rr.instance + ")";
          }
          st.file = "";
          ref_step.Add(std::move(st));
        }
      }
      rr.satisfied = rr.matching.size() >= ref.min_cardinality;
      if (rr.matching.empty()) {
        std::string why;
        bool provided = std::find(in.matched_interfaces.begin(), in.matched_interfaces.end(), ref.interface) !=
                        in.matched_interfaces.end();
        if (implementers == 0 && provided) {
          why = "the components that provide " + ref.interface + " register no service (an instance is not created "
                "or a mandatory reference of it is unsatisfied)";
        } else if (implementers == 0) {
          why = "no registered service implements " + ref.interface;
        } else if (closest && opts.explain) {
          const ldap::Trace* f = closest->trace.FirstFailure();
          why = std::to_string(implementers) + " service(s) implement " + ref.interface + " but none passes the target; " +
                ServiceLabel(*closest->service) + " fails " + (f ? f->text + ": " + f->detail : std::string("the target"));
        } else {
          why = std::to_string(implementers) + " service(s) implement " + ref.interface + " but none passes the target";
        }
        const StringLoc* loc = rr.method == Method::kConfigTarget && dyn ? &dyn->value_loc
                               : ref.target                              ? &ref.target_loc
                                                                         : nullptr;
        emit.Add(doc::Severity::kWarning, "TGT022", loc ? loc->file : ref.file, loc ? loc->range : ref.range,
                 "no registered service satisfies reference '" + ref.name + "' of " + inst.instance + " (" +
                     *rr.effective_filter + "): " + why +
                     (ref.min_cardinality > 0 ? "; the component stays unsatisfied" : "; the optional reference stays unbound") +
                     ". Fix the target or register a matching service",
                 "");
      }
      if (steps) {
        ref_step.outcome = rr.matching.empty() ? doc::Outcome::kNoMatch : doc::Outcome::kMatched;
        // The effective filter and the services that satisfy it (the editor's hover on a
        // reference shows this step).
        if (rr.effective_filter) ref_step.detail += "; effective filter " + *rr.effective_filter;
        ref_step.detail += "; " + std::to_string(rr.matching.size()) + " matching service(s)";
        std::string names;
        for (const ServiceMatch& sm : rr.services)
          if (sm.matched && !sm.self_excluded) names += (names.empty() ? ": " : ", ") + ServiceLabel(*sm.service);
        ref_step.detail += names;
      }
    }
  }
};

// TGT019: --pid names no component's configuration-pid.
void CheckPidSelectsSome(const Inputs& in, const ResolveOptions& opts, Emitter& emit) {
  std::string pids;
  for (const Component& c : in.manifest->components)
    for (const std::string& p : c.configuration_pids) pids += (pids.empty() ? "" : ", ") + p;
  emit.Add(doc::Severity::kError, "TGT019", in.manifest->file, {0, 0},
           "no component has configuration-pid '" + *opts.pid + "'; use one of: " + (pids.empty() ? "(none)" : pids),
           "");
}

// TGT017: `.target` keys that name no reference of the selected components (a typo retargets nothing).
void CheckTargetKeys(const Inputs& in, const ResolveOptions& opts, const std::set<std::string>& ref_names_in_scope,
                     Emitter& emit) {
  const Config* config = in.config;
  static const std::string kSuffix = ".target";
  for (const ConfigEntry& e : config->entries()) {
    if (e.key.size() <= kSuffix.size()) continue;
    std::string folded = ldap::ToLowerAscii(e.key);
    if (folded.compare(folded.size() - kSuffix.size(), kSuffix.size(), kSuffix) != 0) continue;
    std::string ref = folded.substr(0, folded.size() - kSuffix.size());
    if (ref_names_in_scope.count(ref)) continue;
    std::string names;
    std::set<std::string> seen;
    for (const Component& c : in.manifest->components)
      if (PidSelects(c, opts.pid))
        for (const Reference& r : c.references)
          if (seen.insert(r.name).second) names += (names.empty() ? "" : ", ") + r.name;
    emit.Add(doc::Severity::kWarning, "TGT017", config->file, e.key_range,
             "'" + e.key + "' names no reference, so it retargets nothing; reference names are: " +
                 (names.empty() ? "(none)" : names),
             "config." + e.key);
  }
}

}  // namespace

Resolution Resolve(const Inputs& in, const ResolveOptions& opts) {
  Resolution res;
  Emitter emit(in.sources, &res.diagnostics);
  // The step tree (Resolution::explanation) only when asked: ResolveOptions::steps false is the fast path.
  const bool steps = opts.steps;
  if (steps) {
    res.explanation.what = "dynamic targeting";
    res.explanation.outcome = doc::Outcome::kInfo;
  }
  if (!in.manifest) return res;
  const Config* config = in.config;

  bool any_selected = false;
  std::set<std::string> ref_names_in_scope;  // lower-case, for unknown `.target` keys
  for (const Component& comp : in.manifest->components) {
    if (!PidSelects(comp, opts.pid)) continue;
    any_selected = true;
    std::string pid = opts.pid ? *opts.pid
                               : (!comp.configuration_pids.empty() ? comp.configuration_pids[0] : comp.name);
    InstanceSummary inst;
    inst.component = &comp;
    inst.factory_instance = comp.is_factory();
    // CreateFactoryComponent: newMetadata->name = name + "_" + pid (pid = factoryPid~instance).
    inst.instance = comp.is_factory() ? comp.name + "_" + pid + "~" + opts.instance : comp.name;
    doc::Step unexplained;
    doc::Step& comp_step = !steps ? unexplained : res.explanation.Add(
        {"component " + comp.name, doc::Outcome::kInfo,
         comp.is_factory() ? "factory '" + comp.factory + "': instance " + inst.instance + " from configuration " + pid +
                                 "~" + opts.instance
                           : "not a factory component: the manifest targets apply, configuration targets are ignored",
         comp.range, comp.file});

    for (const Reference& ref : comp.references) {
      ref_names_in_scope.insert(ldap::ToLowerAscii(ref.name));
      doc::DiagnosticSink::ScopedField ref_field(emit.scope(), RefPath(comp, ref));
      ReferenceResolver r(in, opts, emit, comp, inst, ref);
      r.ChooseTarget();
      r.ValidateTarget();
      r.BuildFilter();
      r.MatchRegistry();
      if (steps) comp_step.Add(std::move(r.ref_step));
      res.references.push_back(std::move(r.rr));
    }
    if (steps && !inst.created) comp_step.outcome = doc::Outcome::kError;
    res.instances.push_back(std::move(inst));
  }

  if (opts.pid && !any_selected) CheckPidSelectsSome(in, opts, emit);
  if (config) CheckTargetKeys(in, opts, ref_names_in_scope, emit);
  return res;
}

Resolution ResolveRegistry(const Inputs& in, const ResolveOptions& opts) {
  // Pass 1: which instances are created, with their references' filters (no matching).
  Inputs first = in;
  first.registry = nullptr;
  ResolveOptions quiet = opts;
  quiet.explain = false;
  quiet.steps = false;
  Resolution pass1 = Resolve(first, quiet);
  if (!in.manifest) return pass1;

  // One candidate service per created instance that declares interfaces.
  int64_t next_id = 1;
  if (in.registry)
    for (const Service& s : in.registry->services) next_id = std::max(next_id, s.id + 1);
  struct Candidate {
    size_t instance;
    Service service;
  };
  std::vector<Candidate> candidates;
  std::vector<std::string> provided;
  for (size_t i = 0; i < pass1.instances.size(); ++i) {
    const InstanceSummary& inst = pass1.instances[i];
    const Component& comp = *inst.component;
    if (comp.interfaces.empty()) continue;
    for (const std::string& itf : comp.interfaces)
      if (std::find(provided.begin(), provided.end(), itf) == provided.end()) provided.push_back(itf);
    if (!inst.created) continue;
    Service svc;
    svc.id = next_id++;
    svc.name = inst.instance;
    svc.interfaces = comp.interfaces;
    svc.range = comp.range;
    svc.file = comp.file;
    // ComponentConfigurationImpl::GetProperties: the component properties merged with the
    // configuration's (a configured instance), then component.name and component.id; the
    // framework adds objectclass, service.id and service.scope at registration.
    for (const auto& e : comp.properties.entries()) svc.properties.Set(e.first, e.second);
    bool configured = in.config && (comp.is_factory() || (!comp.configuration_pids.empty() && comp.configuration_policy != "ignore"));
    if (configured)
      for (const ConfigEntry& e : in.config->entries()) {
        const std::string* prev = svc.properties.FindKey(e.key);
        svc.properties.Set(prev ? *prev : e.key, e.value);
      }
    svc.properties.Set("component.name", ldap::Value::String(inst.instance));
    svc.properties.Set("component.id", ldap::Value::Long(static_cast<int64_t>(i) + 1));
    svc.properties.Set("objectclass", ldap::Value::StringList(comp.interfaces));
    svc.properties.Set("service.id", ldap::Value::Long(svc.id));
    svc.properties.Set("service.scope", ldap::Value::String(comp.service_scope));
    candidates.push_back({i, std::move(svc)});
  }

  // The least fixed point: start with no component service registered; register the services
  // of instances whose mandatory references are satisfied; repeat until nothing changes.
  std::vector<bool> active(candidates.size(), false);
  auto satisfied = [&](size_t inst_index) {
    const std::string& self = pass1.instances[inst_index].instance;
    for (const ResolvedReference& rr : pass1.references) {
      if (rr.instance != self || rr.component != pass1.instances[inst_index].component) continue;
      if (rr.reference->min_cardinality == 0) continue;
      if (!rr.filter) return false;
      bool known = in.registry || std::find(provided.begin(), provided.end(), rr.reference->interface) != provided.end();
      if (!known) continue;  // nothing known provides it: assume the environment does
      size_t n = 0;
      if (in.registry)
        for (const Service& s : in.registry->services) {
          if (!rr.filter->Match(s.properties, false)) continue;
          const ldap::Value* cn = s.properties.Find("component.name", false);
          if (cn && cn->kind == ldap::Value::Kind::kString && cn->s == self) continue;
          ++n;
        }
      for (size_t k = 0; k < candidates.size(); ++k)
        if (active[k] && candidates[k].service.name != self && rr.filter->Match(candidates[k].service.properties, false)) ++n;
      if (n < rr.reference->min_cardinality) return false;
    }
    return true;
  };
  for (size_t round = 0; round <= candidates.size(); ++round) {
    std::vector<bool> next(candidates.size());
    for (size_t k = 0; k < candidates.size(); ++k) next[k] = satisfied(candidates[k].instance);
    if (next == active) break;
    active = std::move(next);
  }

  // Pass 2: match every reference against the given services and the registered ones.
  auto reg = std::make_shared<Registry>();
  reg->present = true;
  if (in.registry) reg->services = in.registry->services;
  for (size_t k = 0; k < candidates.size(); ++k)
    if (active[k]) reg->services.push_back(candidates[k].service);
  Inputs second = in;
  second.registry = reg.get();
  second.registry_is_components_only = !in.registry;
  second.matched_interfaces = provided;
  Resolution res = Resolve(second, opts);
  res.registry = reg;
  for (size_t k = 0; k < candidates.size(); ++k) {
    InstanceSummary& inst = res.instances[candidates[k].instance];
    inst.service_id = candidates[k].service.id;
    inst.registered = active[k];
  }
  return res;
}

ordered_json Resolution::ToJson() const {
  ordered_json refs = ordered_json::array();
  for (const ResolvedReference& rr : references) {
    ordered_json j;
    j["component"] = rr.component->name;
    j["instance"] = rr.instance;
    j["reference"] = rr.reference->name;
    j["method"] = MethodName(rr.method);
    j["target"] = rr.target ? ordered_json(*rr.target) : ordered_json();
    j["effective_filter"] = rr.effective_filter ? ordered_json(*rr.effective_filter) : ordered_json();
    j["error"] = rr.error ? ordered_json(*rr.error) : ordered_json();
    ordered_json ids = ordered_json::array();
    for (int64_t id : rr.matching) ids.push_back(id);
    j["matching_services"] = std::move(ids);
    j["interface"] = rr.reference->interface;
    j["cardinality"] = rr.reference->cardinality;
    j["target_before"] = rr.target_before ? ordered_json(*rr.target_before) : ordered_json();
    j["satisfied"] = rr.satisfied ? ordered_json(*rr.satisfied) : ordered_json();
    if (rr.method == Method::kPlaceholder) {
      ordered_json subs = ordered_json::array();
      for (const Substitution& s : rr.substitutions) {
        ordered_json o;
        o["key"] = s.key;
        o["value"] = s.value ? ordered_json(*s.value) : ordered_json();
        if (s.injected) o["escaped"] = s.escaped;
        subs.push_back(std::move(o));
      }
      j["substitutions"] = std::move(subs);
    }
    ordered_json rejected = ordered_json::array();
    for (const ServiceMatch& sm : rr.services) {
      bool implements = std::find(sm.service->interfaces.begin(), sm.service->interfaces.end(),
                                  rr.reference->interface) != sm.service->interfaces.end();
      if (!implements || (sm.matched && !sm.self_excluded)) continue;
      ordered_json o;
      o["service"] = sm.service->id;
      if (sm.self_excluded) {
        o["why"] = "it is this instance's own service";
      } else if (const ldap::Trace* f = sm.trace.FirstFailure()) {
        o["why"] = f->text + ": " + ldap::ReasonName(f->reason) + ": " + f->detail;
      } else {
        o["why"] = "the target does not match";
      }
      rejected.push_back(std::move(o));
    }
    if (!rr.services.empty()) j["rejected_services"] = std::move(rejected);
    refs.push_back(std::move(j));
  }
  ordered_json insts = ordered_json::array();
  for (const InstanceSummary& i : instances) {
    ordered_json o;
    o["component"] = i.component->name;
    o["instance"] = i.instance;
    o["factory_instance"] = i.factory_instance;
    o["created"] = i.created;
    o["error"] = i.error ? ordered_json(*i.error) : ordered_json();
    if (!i.component->interfaces.empty()) {
      o["provides"] = i.component->interfaces;
      o["service_id"] = i.service_id ? ordered_json(*i.service_id) : ordered_json();
      o["registered"] = i.registered;
    }
    insts.push_back(std::move(o));
  }
  ordered_json out;
  out["references"] = std::move(refs);
  out["instances"] = std::move(insts);
  return out;
}

}  // namespace cfgi::targeting
