// The matcher engine: scenario -> compiled matcher -> per-profile results, NACK reasons,
// coverage (router_check_tool's idea: which matchers no request reached) and dead matchers.
#include "core/matcher/matcher_engine.h"

#include "core/doc/explanation.h"
#include "core/doc/utf8.h"

#include <cctype>
#include <set>

namespace cfgi {
namespace matcher {

using nlohmann::ordered_json;

namespace {

std::string Describe(const Predicate& p) {
  if (p.kind != Predicate::Kind::kSingle) return p.kind == Predicate::Kind::kOr ? "or_matcher" : p.kind == Predicate::Kind::kAnd ? "and_matcher" : "not_matcher";
  if (p.test == Predicate::Test::kConstant) return p.constant ? "custom_match: true" : "custom_match: false";
  if (p.test == Predicate::Test::kValue && p.input.kind == Input::Kind::kHeader) return "header '" + p.input.header + "' " + p.value.Describe();
  if (p.test == Predicate::Test::kCel) return "CEL " + p.cel_text;
  return "custom_match";
}

}  // namespace

std::string DescribePredicate(const Predicate& p) { return Describe(p); }

namespace {

bool StringCovers(const StringMatch& a, const StringMatch& b) {
  if (a.ignore_case != b.ignore_case && !a.ignore_case) return false;
  if (a.kind == StringMatch::Kind::kRegex || b.kind == StringMatch::Kind::kRegex) return false;
  if (a.kind == StringMatch::Kind::kNone || b.kind == StringMatch::Kind::kNone) return false;
  std::string bp = a.ignore_case ? b.lowered : b.pattern;
  if (a.ignore_case && !b.ignore_case) {
    bp = b.pattern;
    for (char& c : bp) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  const std::string& ap = a.lowered;
  auto starts = [](const std::string& s, const std::string& p) { return s.compare(0, p.size(), p) == 0 && s.size() >= p.size(); };
  auto ends = [](const std::string& s, const std::string& p) { return s.size() >= p.size() && s.compare(s.size() - p.size(), p.size(), p) == 0; };
  switch (a.kind) {
    case StringMatch::Kind::kExact: return b.kind == StringMatch::Kind::kExact && ap == bp;
    case StringMatch::Kind::kPrefix: return (b.kind == StringMatch::Kind::kExact || b.kind == StringMatch::Kind::kPrefix) && starts(bp, ap);
    case StringMatch::Kind::kSuffix: return (b.kind == StringMatch::Kind::kExact || b.kind == StringMatch::Kind::kSuffix) && ends(bp, ap);
    case StringMatch::Kind::kContains: return bp.find(ap) != std::string::npos;
    default: return false;
  }
}

// True when every request that satisfies `b` also satisfies `a` (a sufficient check).
bool Covers(const Predicate& a, const Predicate& b) {
  if (a.kind == Predicate::Kind::kSingle && a.test == Predicate::Test::kConstant) return a.constant;
  if (b.kind == Predicate::Kind::kAnd)
    for (const Predicate& c : b.children)
      if (Covers(a, c)) return true;
  if (a.kind == Predicate::Kind::kOr)
    for (const Predicate& c : a.children)
      if (Covers(c, b)) return true;
  if (a.kind == Predicate::Kind::kSingle && b.kind == Predicate::Kind::kSingle && a.test == Predicate::Test::kValue &&
      b.test == Predicate::Test::kValue && a.input.kind == Input::Kind::kHeader && b.input.kind == Input::Kind::kHeader &&
      a.input.header == b.input.header)
    return StringCovers(a.value, b.value);
  return false;
}

void Shadowed(const Matcher& m, doc::DiagnosticSink& out) {
  auto recurse = [&](const OnMatch& om) {
    if (om.kind == OnMatch::Kind::kMatcher && om.matcher) Shadowed(*om.matcher, out);
  };
  for (const FieldMatcher& f : m.list) recurse(f.on_match);
  for (const MapEntry& e : m.entries) recurse(e.on_match);
  if (m.on_no_match) recurse(*m.on_no_match);
  if (m.kind != Matcher::Kind::kList) return;
  for (size_t j = 1; j < m.list.size(); ++j) {
    for (size_t i = 0; i < j; ++i) {
      const FieldMatcher& a = m.list[i];
      if (a.on_match.kind != OnMatch::Kind::kAction || a.on_match.keep_matching) continue;
      if (!Covers(a.predicate, m.list[j].predicate)) continue;
      const std::string ni = "matchers[" + std::to_string(i) + "]", nj = "matchers[" + std::to_string(j) + "]";
      out.Warning("MAT016", m.list[j].range,
                  nj + " (" + Describe(m.list[j].predicate) + ") can never be reached: " + ni + " (" + Describe(a.predicate) +
                      ") matches every request it matches and ends the list; put the more specific matcher first or remove " + nj,
                  m.list[j].predicate.path)
          .Relate(out.source(), a.range, ni + " (" + Describe(a.predicate) + ") matches first and ends the list");
      break;
    }
  }
}

}  // namespace

void FindShadowed(Compiled& m) {
  if (!m.root) return;
  doc::DiagnosticSink sink(m.source.get());
  Shadowed(*m.root, sink);
  m.diagnostics.insert(m.diagnostics.end(), sink.list().begin(), sink.list().end());
}

std::vector<doc::Diagnostic> ProfileDiagnostics(const Compiled& m, Profile p, const FoundMatcher* where) {
  std::vector<doc::Diagnostic> out;
  out.reserve(m.diagnostics.size());
  // A matcher in a field no gRPC implementation reads (envoy_config.h GrpcReadsMatcher): gRPC
  // never parses it, so its reasons to NACK are no finding under a gRPC profile.
  const bool unread = where && !where->grpc_reads && p != Profile::kEnvoy;
  for (size_t i = 0; i < m.diagnostics.size(); ++i) {
    const RejectedBy who = m.RejectedByOf(i);
    if (who == RejectedBy::kGrpcJava && p != Profile::kGrpcJava) continue;
    doc::Diagnostic& d = out.emplace_back(m.diagnostics[i]);
    if (who == RejectedBy::kAll) continue;
    auto note = [&d](const std::string& why) {
      d.severity = doc::Severity::kNote;
      d.message = why + d.message;
    };
    if (unread) note("gRPC does not read this field (" + where->context + "), so gRPC never rejects it: ");
    else if (p == Profile::kEnvoy) note("gRPC only: ");
    else if (who == RejectedBy::kGrpcCore && p == Profile::kGrpcJava) note("gRPC C-core only (grpc-java accepts it): ");
  }
  return out;
}

ordered_json TraceJson(const doc::Step& s, const doc::Source* src) {
  // A list of 1,000 predicates would give 1,000 sibling steps: the JSON keeps the first and last
  // 20 (the Step tree itself, for the view, keeps them all).
  doc::Step::JsonOptions o;
  o.source = src;
  o.max_children = 40;
  return s.ToJson(o);
}

CelText CompileCelText(const std::string& text, cel::Use use) {
  CountCelTextCompile();
  CelText t;
  t.compiled = cel::CompileText(text);
  if (t.compiled.ok()) t.type_error = cel::CheckResultType(*t.compiled.program, use);
  return t;
}

CelEvaluation EvaluateCel(const cel::Program& p, const Request& r, Profile profile) {
  CelEvaluation o;
  cel::Request cr = CelRequest(r, profile);
  o.value = cel::Evaluate(p, cr);
  o.match = cel::Matches(p, cr, &o.match_detail);
  o.extracted = cel::ExtractString(p, cr, std::nullopt, &o.extract_detail);
  o.sub = cel::EvaluateSubExpressions(p, cr);
  return o;
}

Request RequestFromText(std::string_view text) {
  auto trim = [](std::string_view v) {
    size_t b = v.find_first_not_of(" \t\r");
    if (b == std::string_view::npos) return std::string_view();
    return v.substr(b, v.find_last_not_of(" \t\r") - b + 1);
  };
  Request r;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string_view::npos) nl = text.size();
    std::string_view line = trim(text.substr(pos, nl - pos));
    pos = nl + 1;
    if (line.empty() || line[0] == '#') continue;
    size_t eq = line.find('=');
    if (eq == std::string_view::npos) eq = line.find(':', 1);
    std::string k(trim(line.substr(0, eq)));
    std::string v(eq == std::string_view::npos ? std::string_view() : trim(line.substr(eq + 1)));
    for (char& c : k) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (k == ":path") r.path = v;
    else if (k == ":method") r.method = v;
    else if (k == ":authority" || k == "host") r.host = v;
    else if (k == ":scheme") r.scheme = v;
    else if (k == "destination_ip") r.destination_ip = v;
    else if (k == "destination_port") r.destination_port = v;
    else if (k == "source_ip") r.source_ip = v;
    else if (k == "source_port") r.source_port = v;
    else if (k == "direct_source_ip") r.direct_source_ip = v;
    else if (k == "source_type") r.source_type = v;
    else if (k == "server_name") r.server_name = v;
    else if (k == "transport_protocol") r.transport_protocol = v;
    else if (k == "application_protocol") r.application_protocols.push_back(v);
    else r.headers.emplace_back(k, v);
  }
  return r;
}

CelTextWhatIf EvaluateCelText(const std::string& text, cel::Use use, const Request& request) {
  CelTextWhatIf o;
  o.text = text;
  o.use = use;
  CelText t = CompileCelText(text, use);
  o.compiled = std::move(t.compiled);
  o.errors = o.compiled.errors;
  if (t.type_error) {
    o.errors.push_back(std::move(*t.type_error));
    o.type_warning = use == cel::Use::kExtractString;  // a warning there, a gRPC NACK for a CelMatcher
  }
  if (o.compiled.ok())
    for (size_t i = 0; i < Profiles().entries().size(); ++i) o.per_profile.push_back(EvaluateCel(*o.compiled.program, request, Profiles().At(i)));
  return o;
}

RequestWhatIf EvaluateRequestEveryProfile(std::shared_ptr<const MatcherModel> model, const Request& request) {
  CountWhatIfEvaluation();
  RequestWhatIf o;
  o.request = request;
  o.model = std::move(model);
  if (!o.model) return o;
  const size_t n = Profiles().entries().size();
  o.results.reserve(n);
  o.why.resize(n);
  for (size_t i = 0; i < n; ++i) o.results.push_back(o.model->EvaluateRequest(request, Profiles().At(i), &o.why[i]));
  // Compared as `eval --profile all` compares the scenario's requests (the engine's
  // CompareResults): each profile's result of this one request.
  std::vector<MatcherResult> one(n);
  std::vector<ComparedResult> cmp;
  for (size_t i = 0; i < n; ++i) {
    one[i].id = Profiles().At(i);
    one[i].model = o.model.get();
    one[i].evaluated = true;
    one[i].requests.push_back({&o.request, o.results[i], {}, {}});
    cmp.push_back({Profiles().entries()[i].name, &one[i], nullptr});
  }
  o.diverges = GetMatcherEngine().CompareResults(cmp).size();
  return o;
}

namespace {

// inputs.filter: what the filter integrating the matcher supports.
void ReadFilterInputs(const Scenario& s, ScenarioMatcher& out) {
  if (const doc::Node* f = s.inputs.is_map() ? s.inputs.Get("filter") : nullptr) {
    if (const doc::Node* km = f->Get("keep_matching")) out.filter.keep_matching_supported = km->text() == "true";
    if (const doc::Node* acts = f->Get("actions"); acts && acts->is_seq())
      for (const doc::Node& a : acts->items()) {
        std::string t = a.text();
        size_t slash = t.rfind('/');
        out.filter.action_types.push_back(slash == std::string::npos ? t : t.substr(slash + 1));
      }
  }
}

// MAT044: an Envoy configuration without a Unified Matcher, as a note unless the search was not
// complete or the file declares itself a Matcher.
void ReportNoMatcher(const doc::Document& d, const EnvoyConfig& ec, ScenarioMatcher& out) {
  doc::DiagnosticSink ds(d.source.get());
  const doc::Node* root = ec.tree ? ec.tree.get() : d.root();
  // A note, not an error: the file is valid Envoy configuration this engine read and
  // searched; it has nothing to evaluate, and saying so is not a finding against the file
  // (an Envoy bootstrap or listener without matchers is the common case: envoyproxy/envoy
  // configs/, examples/, Istio's bootstrap goldens). An error when the search was not
  // complete (an Any in binary form, MAT042, may hold a matcher) or when the file says it
  // is a Matcher (`# proto-message: xds.type.matcher.v3.Matcher`) and is not one.
  std::string header = d.format == doc::Format::kTextProto ? doc::ReadTextProtoHeader(*d.source).message : "";
  bool declared_matcher = header == "xds.type.matcher.v3.Matcher" || header == "Matcher";
  doc::Severity sev = ec.opaque.empty() && !declared_matcher ? doc::Severity::kNote : doc::Severity::kError;
  std::string why = !ec.opaque.empty()
                        ? "; " + std::to_string(ec.opaque.size()) + " Any in binary form could not be searched (MAT042): write it expanded"
                    : declared_matcher ? "; the `# proto-message:` header says it is a Matcher: correct the header"
                                       : "; the rest of an Envoy configuration is not checked by this tool. Nothing to fix; give a file "
                                         "with a matcher to evaluate requests";
  ds.Add(sev, "MAT044", root ? doc::SourceRange{root->range().begin, root->range().begin + 1} : doc::SourceRange{},
         std::string("this Envoy configuration (") + EnvoyShapeName(ec.shape) +
             ") has no Unified Matcher (searched every field: ExtensionWithMatcher xds_matcher, RBAC matcher, "
             "rate limit quota bucket_matchers, Listener filter_chain_matcher, VirtualHost matcher, and any "
             "matcher_list / matcher_tree), so the matcher engine has nothing to evaluate here" + why);
  out.diagnostics.insert(out.diagnostics.end(), ds.list().begin(), ds.list().end());
}

// Envoy configuration as written: every embedded matcher (core/matcher/envoy_config.h) becomes a
// discovered matcher. False when `d` is not an Envoy configuration.
bool DiscoverInEnvoyConfig(const doc::Document& d, ScenarioMatcher& out) {
  EnvoyConfig ec = DiscoverEnvoyMatchers(d);
  if (ec.shape == EnvoyShape::kNone) return false;
  if (out.envoy_shape == EnvoyShape::kNone) out.envoy_shape = ec.shape;
  if (ec.tree) out.trees.push_back(ec.tree);
  out.diagnostics.insert(out.diagnostics.end(), ec.diagnostics.begin(), ec.diagnostics.end());
  out.opaque.insert(out.opaque.end(), ec.opaque.begin(), ec.opaque.end());
  for (const FoundMatcher& f : ec.matchers) {
    DiscoveredMatcher dm;
    dm.where = f;
    dm.matcher = LoadFound(d, ec, f, out.filter);
    dm.document = &d;
    dm.unevaluated = UnevaluatedInputs(dm.matcher);
    out.discovered.push_back(std::move(dm));
  }
  if (ec.matchers.empty() && !doc::HasErrors(d.diagnostics)) ReportNoMatcher(d, ec, out);
  return true;
}

// The matcher evaluated in full: --matcher PATH (or its index), else inputs.matcher, else the first.
void SelectDiscovered(const Scenario& s, const MatcherQuery& q, ScenarioMatcher& out) {
  const doc::Source* env = s.envelope_source();
  std::optional<std::string> want = q.matcher;
  doc::SourceRange at{};
  const doc::Source* where = nullptr;
  if (!want && s.inputs.is_map())
    if (const doc::Node* im = s.inputs.Get("matcher")) {
      want = im->text();
      at = im->range();
      where = env;
    }
  if (want) {
    bool found = false;
    for (size_t i = 0; i < out.discovered.size() && !found; ++i)
      if (out.discovered[i].where.path == *want || std::to_string(i) == *want) {
        out.selected = i;
        found = true;
      }
    if (!found) {
      std::string list;
      for (size_t i = 0; i < out.discovered.size() && i < 10; ++i) list += (i ? ", " : "") + out.discovered[i].where.path;
      if (out.discovered.size() > 10) list += ", ... (" + std::to_string(out.discovered.size()) + " in all)";
      doc::Source cmd("(command line)", "");
      doc::DiagnosticSink ms(where ? where : &cmd);
      ms.Error("MAT043", at, "no matcher at '" + *want + "'; this file's matchers are: " + list +
                                 ". Give one of these paths (or its index, 0 for the first) to --matcher");
      out.diagnostics.insert(out.diagnostics.end(), ms.list().begin(), ms.list().end());
    }
  }
  out.matcher = out.discovered[out.selected].matcher;
  out.document = out.discovered[out.selected].document;
}

// MAT043 for --matcher without several matchers; MAT001 when no document is a matcher.
void CheckFoundMatcher(const Scenario& s, const MatcherQuery& q, ScenarioMatcher& out) {
  if (out.discovered.empty() && out.envoy_shape == EnvoyShape::kNone && q.matcher) {
    doc::Source cmd("(command line)", "");
    doc::DiagnosticSink ms(&cmd);
    ms.Error("MAT043", {}, "--matcher " + *q.matcher +
                               ": these files hold one matcher, not an Envoy configuration with several; remove --matcher");
    out.diagnostics.insert(out.diagnostics.end(), ms.list().begin(), ms.list().end());
  }
  if (!out.document && out.envoy_shape != EnvoyShape::kNone) {
    // MAT044 already says why.
  } else if (!out.document && !s.sources.empty()) {
    const doc::Document& d = s.sources.front();
    doc::DiagnosticSink ds(d.source.get());
    if (!doc::HasErrors(d.diagnostics))
      ds.Error("MAT001", d.root() ? d.root()->range() : doc::SourceRange{}, "no matcher_list or matcher_tree specified; "
                                                                           "the document is not a Matcher");
    out.diagnostics.insert(out.diagnostics.end(), ds.list().begin(), ds.list().end());
  }
}

// The requests to evaluate: --request, else inputs.requests.
void ReadRequests(const Scenario& s, const MatcherQuery& q, ScenarioMatcher& out, doc::DiagnosticSink& sink) {
  if (q.request) {
    out.requests.push_back(*q.request);
  } else if (const doc::Node* reqs = s.inputs.is_map() ? s.inputs.Get("requests") : nullptr) {
    doc::DiagnosticSink::ScopedField at(&sink, "inputs.requests");
    if (!reqs->is_seq()) {
      sink.Error("MAT020", reqs->range(), "inputs.requests is a list of requests");
    } else {
      for (size_t i = 0; i < reqs->items().size(); ++i)
        if (auto r = ParseRequest(reqs->items()[i], sink, "[" + std::to_string(i) + "]")) out.requests.push_back(std::move(*r));
    }
  }
}

// inputs.extract: CelExtractString.
void ReadExtracts(const Scenario& s, ScenarioMatcher& out, doc::DiagnosticSink& sink) {
  if (const doc::Node* ex = s.inputs.is_map() ? s.inputs.Get("extract") : nullptr; ex && ex->is_seq()) {
    doc::DiagnosticSink::ScopedField list(&sink, "inputs.extract");
    for (size_t i = 0; i < ex->items().size(); ++i) {
      const doc::Node& e = ex->items()[i];
      doc::DiagnosticSink::ScopedField at(&sink, "[" + std::to_string(i) + "]");
      const doc::Node* expr = e.Get("expr");
      if (!expr) {
        sink.Error("MAT020", e.range(), "an extract entry needs expr (CEL text) and optionally default_value");
        continue;
      }
      CelText c = CompileCelText(expr->text(), cel::Use::kExtractString);
      for (const cel::Error& err : c.compiled.errors) sink.Error(err.code, expr->range(), err.message, ".expr");
      if (c.type_error) sink.Warning("CEL007", expr->range(), c.type_error->message, ".expr");
      ScenarioMatcher::Extract x;
      x.program = c.compiled.program;
      x.text = expr->text();
      if (const doc::Node* dv = e.Get("default_value")) x.default_value = dv->text();
      out.extracts.push_back(std::move(x));
    }
  }
}

}  // namespace

// The stages: the filter's inputs, the matchers (Envoy configurations' discovered ones, else one
// Matcher document), the one selected, the requests and extracts to evaluate.
ScenarioMatcher LoadScenarioMatcher(const Scenario& s, const MatcherQuery& q) {
  CountModelBuild();
  ScenarioMatcher out;
  const doc::Source* env = s.envelope_source();
  doc::DiagnosticSink sink(env);
  ReadFilterInputs(s, out);
  for (const doc::Document& d : s.sources) {
    if (DiscoverInEnvoyConfig(d, out)) continue;
    // A textproto with a syntax error: LoadDocument reported it (DOC004) once already.
    if (d.format == doc::Format::kTextProto && doc::HasErrors(d.diagnostics)) continue;
    bool mine = d.format == doc::Format::kTextProto || (d.root() && LooksLikeMatcher(*d.root()));
    if (!mine) continue;
    if (out.document) {
      sink.Warning("MAT021", {}, "the scenario has several matchers; only " + out.document->source->name() +
                                     " is evaluated. Put each matcher in its own scenario");
      break;
    }
    out.document = &d;
    out.matcher = Compile(d, out.filter);
  }
  if (!out.discovered.empty()) SelectDiscovered(s, q, out);
  CheckFoundMatcher(s, q, out);
  if (out.matcher.root && out.discovered.empty()) {  // LoadFound found the discovered ones' already
    FindShadowed(out.matcher);
  }
  ReadRequests(s, q, out, sink);
  ReadExtracts(s, out, sink);
  out.diagnostics.insert(out.diagnostics.end(), q.diagnostics.begin(), q.diagnostics.end());
  out.diagnostics.insert(out.diagnostics.end(), sink.list().begin(), sink.list().end());
  return out;
}

std::unique_ptr<EngineResult> MatcherModel::Evaluate(std::string_view profile, doc::Explanation* why) const {
  CountEvaluationWork();
  auto out = std::make_unique<MatcherResult>();
  out->id = Profiles().Parse(profile);
  out->model = this;
  const Profile p = out->id;
  std::vector<doc::Diagnostic> issues =
      ProfileDiagnostics(sm.matcher, p, sm.discovered.empty() ? nullptr : &sm.discovered[sm.selected].where);
  for (doc::Diagnostic& d : issues) {
    d.message = doc::ValidUtf8(d.message);
    d.path = doc::ValidUtf8(d.path);
  }
  out->diagnostics = issues;
  // The other matchers found in an Envoy configuration: their problems too (each is checked).
  for (size_t i = 0; i < sm.discovered.size(); ++i) {
    if (i == sm.selected) continue;
    for (doc::Diagnostic& d : ProfileDiagnostics(sm.discovered[i].matcher, p, &sm.discovered[i].where)) {
      d.message = doc::ValidUtf8(d.message);
      d.path = doc::ValidUtf8(d.path);
      out->diagnostics.push_back(std::move(d));
    }
  }
  if (mode == Mode::kEvaluate)
    for (const DiscoveredMatcher& dm : sm.discovered) {
      std::vector<Result> rs;
      for (const Request& r : sm.requests) rs.push_back(matcher::Evaluate(dm.matcher, r, p));
      out->discovered.push_back(std::move(rs));
    }
  if (!sm.matcher.root) return out;
  for (const doc::Diagnostic& d : issues)
    if (d.severity == doc::Severity::kError)
      out->nack.push_back(d.code + " " + std::to_string(d.begin.line) + ":" + std::to_string(d.begin.column) + " " + d.message);
  const bool evaluate = mode == Mode::kEvaluate;
  if (why) why->what = "requests";
  for (const Request& r : sm.requests) {
    MatcherResult::RequestResult rr;
    rr.request = &r;
    rr.result = matcher::Evaluate(sm.matcher, r, p, why ? &rr.why : nullptr);  // null: the fast path
    out->reached.insert(rr.result.reached.begin(), rr.result.reached.end());
    if (!sm.extracts.empty()) {
      cel::Request cr = CelRequest(r, p);
      for (const auto& x : sm.extracts)
        rr.extracts.push_back(x.program ? cel::ExtractString(*x.program, cr, x.default_value) : std::nullopt);
    }
    if (why) why->children.push_back(rr.why);
    out->requests.push_back(std::move(rr));
  }
  // Coverage: OnMatch nodes that no request reached. A prefix map of 100,000 keys would drown
  // the report: the notes stop at the one cap on repeated findings (doc::kMaxRepeats, applied
  // by Inspect) plus the last one, which CapRepeats turns into the count of the rest.
  const doc::Source* src = sm.matcher.source.get();
  if (!sm.requests.empty()) {
    const NodeInfo* last = nullptr;
    for (size_t i = 0; i < sm.matcher.nodes.size(); ++i) {
      if (out->reached.count(static_cast<int>(i))) continue;
      const NodeInfo& n = sm.matcher.nodes[i];
      ++out->unreached_count;
      if (!evaluate || query_requests) continue;
      if (out->unreached_count > doc::kMaxRepeats) {
        last = &n;
        continue;
      }
      doc::DiagnosticSink sink(src);
      sink.Note("MAT030", n.range, doc::ValidUtf8("no request reached " + n.label + "; add a request that exercises it"),
                doc::ValidUtf8(n.path));
      out->diagnostics.push_back(sink.list().front());
    }
    // One more, standing for the rest: CapRepeats turns it into their count.
    if (last) {
      doc::DiagnosticSink sink(src);
      doc::Diagnostic& d = sink.Note("MAT030", last->range, doc::ValidUtf8("no request reached " + last->label),
                                     doc::ValidUtf8(last->path));
      d.also = out->unreached_count - doc::kMaxRepeats - 1;
      out->diagnostics.push_back(d);
    }
  }
  out->evaluated = evaluate;
  out->explained = why != nullptr;
  return out;
}

ordered_json DecisionJson(const Result& r, const doc::Source* src) {
  const Result::Decision d = r.decided_by();
  if (d.what.empty()) return nullptr;
  ordered_json j;
  j["what"] = doc::ValidUtf8(d.what);
  j["detail"] = doc::ValidUtf8(d.detail);
  j["path"] = doc::ValidUtf8(d.path);
  doc::PutLocation(j, src, d.range.begin);
  return j;
}

bool IsRbacMatcher(const ScenarioMatcher& sm) {
  if (sm.discovered.empty()) return false;
  return sm.discovered[sm.selected].where.owner.find(".rbac.v3.RBAC") != std::string::npos;
}

std::optional<RbacDecision> RbacAnswer(const ScenarioMatcher& sm, const Result& r) {
  if (!r.actions.empty()) return RbacActionOf(*r.actions.back());
  // Envoy's RBAC filter with a matcher: "If the request cannot get matched, it will fallback to
  // DENY" (envoy api/envoy/config/rbac/v3/rbac.proto, Action.action).
  if (IsRbacMatcher(sm) && r.unevaluated.empty()) return RbacDecision{"DENY", ""};
  return std::nullopt;
}

ordered_json RequestResultJson(const Result& r) {
  ordered_json j;
  j["actions"] = ordered_json::array();
  for (const Action* a : r.actions) j["actions"].push_back(doc::ValidUtf8(a->name));
  j["skipped"] = ordered_json::array();
  for (const Action* a : r.skipped) j["skipped"].push_back(doc::ValidUtf8(a->name));
  j["matched"] = r.matched;
  return j;
}

ordered_json MatcherResult::ToJson() const {
  CountEvaluationWork();  // core/engine/build_count.h: none on the app's UI thread
  ordered_json j = ordered_json::object();
  if (!evaluated) return j;
  const ScenarioMatcher& sm = model->sm;
  const doc::Source* src = sm.matcher.source.get();
  ordered_json reqs = ordered_json::array();
  for (const RequestResult& rr : requests) {
    ordered_json one;
    one["request"] = rr.request->ToJson();
    one["actions"] = ordered_json::array();
    for (const Action* a : rr.result.actions) one["actions"].push_back(doc::ValidUtf8(a->name));
    // Actions are any TypedExtensionConfig: their types, in the same order ("" for the
    // simplified notation's plain names).
    one["action_types"] = ordered_json::array();
    for (const Action* a : rr.result.actions) one["action_types"].push_back(doc::ValidUtf8(a->type));
    one["skipped"] = ordered_json::array();
    for (const Action* a : rr.result.skipped) one["skipped"].push_back(doc::ValidUtf8(a->name));
    one["matched"] = rr.result.matched;
    if (rr.result.aborted) one["aborted"] = true;
    one["decided_by"] = DecisionJson(rr.result, src);
    if (std::optional<RbacDecision> d = RbacAnswer(sm, rr.result))
      one["rbac"] = {{"action", d->action}, {"name", d->name.empty() ? ordered_json(nullptr) : ordered_json(doc::ValidUtf8(d->name))}};
    if (!rr.result.unevaluated.empty()) {
      one["unevaluated"] = ordered_json::array();
      for (const std::string& u : rr.result.unevaluated) one["unevaluated"].push_back(doc::ValidUtf8(u));
    }
    if (!sm.extracts.empty()) {
      one["extract"] = ordered_json::array();
      for (const auto& v : rr.extracts) one["extract"].push_back(v ? ordered_json(doc::ValidUtf8(*v)) : ordered_json(nullptr));
    }
    if (explained) one["trace"] = ordered_json::array({TraceJson(rr.why, src)});
    reqs.push_back(std::move(one));
  }
  constexpr size_t kMaxListed = 20;
  ordered_json unreached = ordered_json::array();
  if (!sm.requests.empty()) {
    size_t listed = 0;
    for (size_t i = 0; i < sm.matcher.nodes.size() && listed < kMaxListed; ++i) {
      if (reached.count(static_cast<int>(i))) continue;
      ++listed;
      const NodeInfo& n = sm.matcher.nodes[i];
      ordered_json u = {{"path", doc::ValidUtf8(n.path)}, {"label", doc::ValidUtf8(n.label)}};
      doc::PutLocation(u, src, n.range.begin);
      unreached.push_back(std::move(u));
    }
  }
  ordered_json nacks = ordered_json::array();
  for (const std::string& n : nack) nacks.push_back(n);
  j["requests"] = std::move(reqs);
  j["nack"] = std::move(nacks);
  j["coverage"] = {{"on_match_nodes", sm.matcher.nodes.size()},
                   {"reached", sm.requests.empty() ? 0 : reached.size()},
                   {"unreached_count", unreached_count},
                   {"unreached", std::move(unreached)}};
  j["max_depth"] = sm.matcher.max_depth;
  if (sm.envoy_shape != EnvoyShape::kNone) {
    // Every matcher found in the Envoy configuration, each evaluated for every request.
    ordered_json found = ordered_json::array();
    for (size_t i = 0; i < sm.discovered.size(); ++i) {
      const DiscoveredMatcher& dm = sm.discovered[i];
      const doc::Source* s = dm.document ? dm.document->source.get() : nullptr;
      ordered_json one;
      one["path"] = doc::ValidUtf8(dm.where.path);
      one["context"] = doc::ValidUtf8(dm.where.context);
      one["resource"] = doc::ValidUtf8(dm.where.resource);
      doc::PutLocation(one, dm.where.node ? s : nullptr, dm.where.key_range.begin);
      one["selected"] = i == sm.selected;
      if (dm.where.rejected) one["rejected"] = true;
      one["unevaluated_inputs"] = ordered_json::array();
      for (const UnevaluatedInput& u : dm.unevaluated) one["unevaluated_inputs"].push_back(doc::ValidUtf8(u.Label()));
      one["requests"] = ordered_json::array();
      if (i < discovered.size())
        for (const Result& r : discovered[i]) one["requests"].push_back(RequestResultJson(r));
      found.push_back(std::move(one));
    }
    ordered_json opaque = ordered_json::array();
    for (const OpaqueAny& a : sm.opaque) opaque.push_back({{"path", doc::ValidUtf8(a.path)}, {"type_url", doc::ValidUtf8(a.type_url)}});
    j["envoy"] = {{"shape", EnvoyShapeName(sm.envoy_shape)},
                  {"selected", sm.discovered.empty() ? ordered_json(nullptr) : ordered_json(doc::ValidUtf8(sm.discovered[sm.selected].where.path))},
                  {"matchers", std::move(found)},
                  {"opaque", std::move(opaque)}};
  }
  return j;
}

}  // namespace matcher

namespace {

using nlohmann::ordered_json;

class MatcherEngine final : public Engine {
 public:
  std::string_view name() const override { return "matcher"; }
  // A NACK is one answer (the config is rejected), whatever the number of its reasons; each
  // request's outcome is one (the default "/requests/N"), coverage one ("/coverage").
  std::vector<std::string> answer_units() const override { return {"/nack"}; }
  // Typed: only the outcomes that differ are serialised (matcher_compare.cpp).
  Comparison CompareResults(const std::vector<ComparedResult>& results) const override {
    return matcher::CompareTyped(*this, results);
  }
  // "request 2 (method=GET path=/api x-env: prod)", "the NACK (gRPC rejects the matcher)", "coverage".
  std::string AnswerTitle(std::string_view answer, const EngineResult& r) const override {
    if (answer == "/nack") return "the NACK (whether gRPC rejects the matcher)";
    if (answer == "/coverage") return "coverage";
    const auto* m = ResultAs<matcher::MatcherResult>(&r);
    constexpr std::string_view kRequests = "/requests/";
    if (!m || answer.substr(0, kRequests.size()) != kRequests) return ReadablePointer(answer);
    size_t i = 0;
    for (char c : answer.substr(kRequests.size())) {
      if (c < '0' || c > '9') return ReadablePointer(answer);
      i = i * 10 + static_cast<size_t>(c - '0');
    }
    std::string title = "request " + std::to_string(i);
    if (i >= m->requests.size() || !m->requests[i].request) return title;
    std::string what = matcher::RequestText(*m->requests[i].request);
    if (what.size() > 60) what = doc::ValidUtf8(what.substr(0, 57)) + "...";
    return title + " (" + what + ")";
  }

  const std::vector<doc::Profile>& profiles() const override { return matcher::Profiles().profiles(); }

  int Detect(const doc::Document& d) const override {
    if (d.root() && matcher::LooksLikeMatcher(*d.root())) return 80;
    // Envoy configuration as written: a bootstrap, a listener, /config_dump, a DiscoveryResponse.
    // Below variants' 90 for a DiscoveryResponse with TP2 dynamic parameters.
    matcher::EnvoyConfig ec = matcher::DiscoverEnvoyMatchers(d);
    if (ec.shape != matcher::EnvoyShape::kNone) return ec.matchers.empty() ? 40 : 85;
    if (d.format == doc::Format::kTextProto && (d.source->text().find("matcher_list") != std::string::npos ||
                                                d.source->text().find("matcher_tree") != std::string::npos))
      return 70;
    return 0;
  }

  // An Envoy configuration (a bootstrap, a listener, a config_dump, a DiscoveryResponse, a
  // resource) is judged as Envoy judges it (the envoy profile); a bare matcher keeps grpc-core.
  std::string DefaultProfileFor(const Scenario& s) const override {
    for (const doc::Document& d : s.sources)
      if (matcher::DiscoverEnvoyMatchers(d).shape != matcher::EnvoyShape::kNone)
        return matcher::Profiles().Name(matcher::Profile::kEnvoy);
    return profiles().front().name;
  }

  std::vector<std::string> proto_messages() const override {
    // What matcher_parse.cpp Load parses a textproto as.
    return {"xds.type.matcher.v3.Matcher"};
  }

  std::vector<QueryFlag> query_flags() const override {
    return {{"header", "name=value", "a request header (the request is built from the flags, not inputs.requests)", true},
            {"path", "P", "the request path (gRPC: the full method name /pkg.Service/Method)", false},
            {"host", "H", "the request host (authority)", false},
            {"method", "M", "the HTTP method (gRPC always uses POST)", false},
            {"request", "JSON", "a whole request as JSON: {\"headers\": {...}, \"path\": ...}", false},
            {"destination-ip", "IP", "the connection's destination (local) address: DestinationIPInput", false},
            {"destination-port", "PORT", "the connection's destination port: DestinationPortInput", false},
            {"source-ip", "IP", "the connection's source (remote) address: SourceIPInput", false},
            {"source-port", "PORT", "the connection's source port: SourcePortInput", false},
            {"direct-source-ip", "IP", "the directly connected peer's address (default: --source-ip): DirectSourceIPInput", false},
            {"source-type", "local|external", "SourceTypeInput (default: local when the source is loopback or the destination)", false},
            {"server-name", "SNI", "the TLS server name: ServerNameInput", false},
            {"transport-protocol", "P", "the detected transport protocol (tls, raw_buffer): TransportProtocolInput", false},
            {"network-namespace", "PATH", "the listener address's network namespace file path: NetworkNamespaceInput", false},
            {"application-protocol", "ALPN", "an ALPN protocol (repeat or h2,http/1.1): ApplicationProtocolInput", true},
            {"filter-state", "key=value", "a filter state object's serialized value: FilterStateInput", true},
            {"uri-san", "URI", "a URI SAN of the peer certificate (repeatable): UriSanInput", true},
            {"dns-san", "NAME", "a DNS SAN of the peer certificate (repeatable): DnsSanInput", true},
            {"subject", "DN", "the peer certificate's subject: SubjectInput", false},
            {"dynamic-metadata", "filter=JSON", "a filter's dynamic metadata (a JSON object): DynamicMetadataInput", true},
            {"matcher", "PATH", "which matcher of an Envoy configuration to evaluate in full: its path (as listed in the "
                                "result's envoy.matchers) or its index", false}};
  }

  std::shared_ptr<const EngineQuery> ParseQuery(const Query& flags) const override {
    return std::make_shared<matcher::MatcherQuery>(matcher::ParseMatcherQuery(flags));
  }

  std::unique_ptr<EngineModel> Load(const Scenario& s, const Query& query, Mode mode) const override {
    std::optional<matcher::MatcherQuery> parsed;
    const matcher::MatcherQuery& q = TypedQuery<matcher::MatcherQuery>(query, parsed, matcher::ParseMatcherQuery);
    auto m = std::make_unique<matcher::MatcherModel>();
    for (const doc::Document& d : s.sources) m->diagnostics.insert(m->diagnostics.end(), d.diagnostics.begin(), d.diagnostics.end());
    m->sm = matcher::LoadScenarioMatcher(s, q);
    m->query_requests = q.request_flags || q.request;
    m->diagnostics.insert(m->diagnostics.end(), m->sm.diagnostics.begin(), m->sm.diagnostics.end());
    // Messages quote the user's text: keep them valid UTF-8 for the JSON output.
    for (doc::Diagnostic& d : m->diagnostics)
      if (d.code.rfind("MAT", 0) == 0 || d.code.rfind("CEL", 0) == 0) {
        d.message = doc::ValidUtf8(d.message);
        d.path = doc::ValidUtf8(d.path);
      }
    return m;
  }
};

}  // namespace

const Engine& GetMatcherEngine() {
  static const MatcherEngine e;
  return e;
}

}  // namespace cfgi
