#include "core/txt/txt_service_config.h"

#include <algorithm>
#include <cctype>
#include <set>

#include <re2/re2.h>

#include "core/txt/txt_json_profile.h"

namespace cfgi::txt {

using doc::Node;
using doc::Severity;

namespace {

std::string Lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The built-in LB policies every profile knows by name (grpc-core's registry, grpc-java's
// LoadBalancerRegistry defaults, grpc-go's balancer.Register calls); an application may register
// more, so another name is a note unless it is a near miss of one of these.
const std::vector<std::string>& BuiltinPolicies() {
  static const std::vector<std::string> k = {
      "pick_first", "round_robin", "grpclb", "weighted_round_robin", "ring_hash_experimental",
      "least_request_experimental", "rls_experimental", "outlier_detection_experimental",
      "priority_experimental", "weighted_target_experimental", "xds_cluster_manager_experimental",
      "xds_cluster_impl_experimental", "xds_wrr_locality_experimental", "cds_experimental"};
  return k;
}

// The service config checks of one profile. Field paths come from the shared ScopedField
// mechanism (a DiagnosticSink used for its path only, as gRPC's ValidationErrors); Add is the
// one message builder, and it names the field every message is about: "'retryPolicy.maxAttempts'
// is required ...", so a finding read without its path still says which field it means.
class Checker {
 public:
  Checker(ProfileId p, doc::DiagnosticSink& out, std::string base) : p_(p), out_(out), base_(std::move(base)) {}

  using Scope = doc::DiagnosticSink::ScopedField;
  std::string Name() const { return Profiles().Name(p_); }
  doc::DiagnosticSink* scope() { return &paths_; }

  // `segment`: a path segment below the open scopes (".maxAttempts"), for a field that has no
  // scope of its own. `msg` is a predicate: "is required in a retryPolicy (gRFC A6)".
  void Add(const char* code, Severity sev, const Node& at, std::string_view segment, const std::string& msg) {
    std::string rel = paths_.field_path() + std::string(segment);
    if (!rel.empty() && rel[0] == '.') rel.erase(0, 1);
    std::string text = (rel.empty() ? std::string("the service config") : "'" + rel + "'") + " " + msg;
    std::string path = base_ + (rel.empty() || rel[0] == '[' ? rel : "." + rel);
    if (sev == Severity::kError && first_.empty()) first_ = path + ": " + text;
    out_.Add(sev, code, at.range(), std::move(text), path);
  }

  // The value this profile reads for `key` (grpc-go: any case, the last one); notes what only
  // grpc-go reads and what it overwrites.
  const Node* Get(const Node& m, const char* key) {
    std::vector<const Node::Entry*> all;
    const Node::Entry* e = JsonField(p_, m, key, &all);
    if (!e) return nullptr;
    if (p_ == ProfileId::kGo) {
      if (e->key != key) {
        Node k = Node::Scalar(Node::Kind::kString, e->key, e->key_range);
        Add("TXT031", Severity::kNote, k, "." + e->key, std::string("is read by grpc-go as '") + key +
            "' (encoding/json matches field names ignoring case); grpc-core ignores it and grpc-java does not read it: write '" +
            key + "'");
      }
      for (size_t i = 0; i + 1 < all.size(); ++i)
        if (all[i]->key != all.back()->key) {  // exact repeats are TXT023 of the JSON reader already
          Node k = Node::Scalar(Node::Kind::kString, all[i]->key, all[i]->key_range);
          Add("TXT023", Severity::kWarning, k, "." + all[i]->key, "and '" + all.back()->key + "' are the same field to grpc-go "
              "(names match ignoring case): it keeps the last value; keep one, spelt '" + std::string(key) + "'");
        }
    }
    return &e->value;
  }

  void UnknownKeys(const Node& m, const std::vector<std::string>& known, const char* what) {
    for (const auto& e : m.entries()) {
      if (IsKnownKey(p_, e.key, known)) continue;
      std::string s = Suggest(e.key, known);
      Node key = Node::Scalar(Node::Kind::kString, e.key, e.key_range);
      bool case_only = !s.empty() && Lower(s) == Lower(e.key);
      if (case_only)
        Add("TXT031", Severity::kWarning, key, "." + e.key, "is not a " + std::string(what) + " field to " + Name() +
            ", which matches names exactly and ignores it (grpc-go reads it as '" + s + "'); write '" + s + "'");
      else
        Add("TXT056", Severity::kWarning, key, "." + e.key, "is not a " + std::string(what) + " field; gRPC ignores it" +
            (s.empty() ? "; remove it" : "; did you mean '" + s + "'?"));
    }
  }

  bool Type(const Node& n, Node::Kind k, std::string_view seg, const char* want) {
    bool ok = n.kind() == k || (k == Node::Kind::kDouble && n.is_number());
    if (!ok) Add("TXT055", Severity::kError, n, seg, std::string("is a ") + n.kind_name() + ", must be " + want);
    return ok;
  }

  std::optional<double> Integer(const Node& n, std::string_view seg) {
    NumberRead r = ReadInteger(p_, n);
    if (!r.error.empty()) Add("TXT055", Severity::kError, n, seg, "is not an integer " + Name() + " reads: " + r.error);
    return r.value;
  }

  std::optional<double> Number(const Node& n, std::string_view seg) {
    NumberRead r = ReadDouble(p_, n);
    if (!r.error.empty()) Add("TXT055", Severity::kError, n, seg, "is not a number " + Name() + " reads: " + r.error);
    return r.value;
  }

  std::optional<double> Duration(const Node& n, std::string_view seg) {
    if (!n.is_string()) {
      Add("TXT053", Severity::kError, n, seg, std::string("is a ") + n.kind_name() + ", must be a duration string such as \"1.5s\"");
      return std::nullopt;
    }
    std::string err;
    std::optional<double> d = ReadDuration(p_, n.text(), &err);
    if (!d) Add("TXT053", Severity::kError, n, seg, err);
    return d;
  }

  // loadBalancingPolicy. grpc-core (client_channel_service_config.cc) and grpc-java
  // (ServiceConfigUtil / AutoConfiguredLoadBalancerFactory) fail when no registered policy has
  // the name, grpc-go (service_config.go, balancer.Get == nil) uses pick_first. A name that is
  // not a near miss of a built-in policy may be one the application registers: a note.
  void LbPolicy(const Node& n, bool* fallback) {
    if (!Type(n, Node::Kind::kString, "", "a string")) return;
    std::string name = Lower(n.text());
    const auto& known = BuiltinPolicies();
    if (std::find(known.begin(), known.end(), name) != known.end()) return;
    std::string s = Suggest(name, known);
    if (s.empty()) {
      Add("TXT050", Severity::kNote, n, "", "names '" + n.text() + "', not a built-in LB policy: the application must register it "
          "(" + std::string(p_ == ProfileId::kGo ? "else grpc-go silently uses pick_first" : "else " + Name() +
          " rejects the config") + ")");
      if (p_ == ProfileId::kGo && fallback) *fallback = true;
      return;
    }
    if (p_ == ProfileId::kGo) {
      if (fallback) *fallback = true;
      Add("TXT050", Severity::kWarning, n, "", "names unknown LB policy '" + n.text() +
          "': grpc-go silently uses pick_first instead; did you mean '" + s + "'?");
    } else {
      Add("TXT050", Severity::kError, n, "", "names unknown LB policy '" + n.text() + "', which rejects the whole config; did you mean '" + s + "'?");
    }
  }

  // loadBalancingConfig: every implementation takes the first entry whose policy is registered
  // and skips the others (grpc-core ParseLoadBalancingConfig, grpc-java
  // ServiceConfigUtil.selectLbPolicyFromList, grpc-go gracefulswitch.ParseConfig "no supported
  // policies found"). A custom name is a policy the application may register: a note.
  void LbConfig(const Node& n) {
    if (!Type(n, Node::Kind::kSeq, "", "a list of {policy_name: config} objects")) return;
    const auto& known = BuiltinPolicies();
    bool builtin = false;
    int i = 0;
    std::vector<std::string> custom;
    for (const Node& e : n.items()) {
      Scope item(scope(), "[" + std::to_string(i++) + "]");
      if (!e.is_map() || e.size() != 1) {
        Add("TXT051", Severity::kError, e, "", "must be an object with exactly one key, the policy name");
        continue;
      }
      const auto& entry = e.entries()[0];
      if (std::find(known.begin(), known.end(), entry.key) != known.end()) {
        builtin = true;
        continue;
      }
      Node key = Node::Scalar(Node::Kind::kString, entry.key, entry.key_range);
      std::string s = Suggest(entry.key, known);
      if (!s.empty()) {
        Add("TXT051", Severity::kWarning, key, "", "names unknown LB policy '" + entry.key + "', which gRPC skips; did you mean '" + s + "'?");
      } else {
        custom.push_back(entry.key);
        Add("TXT050", Severity::kNote, key, "", "names '" + entry.key + "', not a built-in LB policy: gRPC uses it when the "
            "application registers it, else skips to the next entry");
      }
    }
    if (n.size() == 0)
      Add("TXT051", Severity::kError, n, "", "is empty: gRPC finds no policy in it and rejects the config; list one, e.g. {\"round_robin\": {}}");
    else if (!builtin && custom.empty())
      Add("TXT051", Severity::kError, n, "", "holds no policy gRPC can use, so it rejects the config; add a known one (e.g. {\"round_robin\": {}})");
    else if (!builtin)
      Add("TXT051", Severity::kNote, n, "", "holds only policies the application must register; without them gRPC rejects the config "
          "(add a built-in fallback such as {\"round_robin\": {}} last)");
  }

  void Retry(const Node& r) {
    if (!Type(r, Node::Kind::kMap, "", "an object")) return;
    static const std::vector<std::string> kFields = {"maxAttempts", "initialBackoff", "maxBackoff", "backoffMultiplier",
                                                     "retryableStatusCodes", "perAttemptRecvTimeout"};
    UnknownKeys(r, kFields, "retryPolicy");
    auto need = [&](const char* k) -> const Node* {
      const Node* v = Get(r, k);
      if (!v || v->is_null()) {  // null is absent to every decoder
        std::string hint;
        for (const auto& e : r.entries())
          if (Lower(e.key) == Lower(k) && e.key != k) hint = " ('" + e.key + "' is spelt with another case; write '" + k + "')";
        Add("TXT054", Severity::kError, v ? *v : r, std::string(".") + k, "is required in a retryPolicy (gRFC A6) and missing" +
            (hint.empty() ? std::string("; add it") : hint));
        return nullptr;
      }
      return v;
    };
    if (const Node* v = need("maxAttempts")) {
      if (auto d = Integer(*v, ".maxAttempts")) {
        if (*d < 2) Add("TXT054", Severity::kError, *v, ".maxAttempts", "must be at least 2 (one try and one retry)");
        else if (*d > 5) Add("TXT054", Severity::kNote, *v, ".maxAttempts", "above 5 is treated as 5 by gRPC");
      }
    }
    for (const char* k : {"initialBackoff", "maxBackoff"})
      if (const Node* v = need(k))
        if (auto d = Duration(*v, std::string(".") + k); d && *d <= 0)
          Add("TXT054", Severity::kError, *v, std::string(".") + k, "must be greater than 0s");
    if (const Node* v = need("backoffMultiplier"))
      if (auto d = Number(*v, ".backoffMultiplier"); d && *d <= 0)
        Add("TXT054", Severity::kError, *v, ".backoffMultiplier", "must be greater than 0");
    if (const Node* v = need("retryableStatusCodes")) {
      Scope codes(scope(), ".retryableStatusCodes");
      if (Type(*v, Node::Kind::kSeq, "", "a list of status codes")) {
        if (v->size() == 0) Add("TXT054", Severity::kError, *v, "", "must not be empty");
        int i = 0;
        for (const Node& c : v->items()) {
          std::string seg = "[" + std::to_string(i++) + "]";
          std::string err = StatusCodeError(p_, c);
          if (!err.empty()) Add("TXT054", Severity::kError, c, seg, err);
        }
      }
    }
  }

  void Method(const Node& m, std::set<std::string>& names) {
    if (!Type(m, Node::Kind::kMap, "", "an object")) return;
    UnknownKeys(m, {"name", "timeout", "waitForReady", "maxRequestMessageBytes", "maxResponseMessageBytes",
                    "retryPolicy", "hedgingPolicy"}, "methodConfig");
    if (const Node* n = Get(m, "name")) {
      Scope name(scope(), ".name");
      if (Type(*n, Node::Kind::kSeq, "", "a list of {service, method} objects")) {
        int i = 0;
        for (const Node& e : n->items()) {
          Scope item(scope(), "[" + std::to_string(i++) + "]");
          if (!e.is_map()) {
            Add("TXT052", Severity::kError, e, "", "must be an object {\"service\": \"pkg.Svc\", \"method\": \"M\"}");
            continue;
          }
          UnknownKeys(e, {"service", "method"}, "name");
          const Node* s = Get(e, "service");
          const Node* me = Get(e, "method");
          if (s && !Type(*s, Node::Kind::kString, ".service", "a string")) continue;
          if (me && !Type(*me, Node::Kind::kString, ".method", "a string")) continue;
          std::string sv = s ? s->text() : "", mv = me ? me->text() : "";
          if (sv.empty() && !mv.empty()) {
            Add("TXT052", Severity::kError, e, "", "names a method without a service, which matches nothing; add \"service\"");
            // grpc-go service_config.go jsonName.generatePath: since v1.31.0 (#3684, "add default
            // method config support") the error errEmptyServiceNonEmptyMethod; before, a name
            // without a service was skipped and the config accepted.
            if (p_ == ProfileId::kGo)
              Add("TXT042", Severity::kNote, e, "", "has a version note: grpc-go releases before v1.31.0 accepted this config "
                  "(a name without a service was skipped); the grpc-go profile follows the current release, which rejects it "
                  "(cannot combine empty 'service' and non-empty 'method')");
          }
          std::string key = sv + "/" + mv;
          if (!names.insert(key).second)
            Add("TXT057", Severity::kError, e, "", "repeats the method name " + (sv.empty() ? std::string("(default)") : key) +
                " in methodConfig; each name may appear once");
        }
      }
    }
    if (const Node* t = Get(m, "timeout")) {
      if (auto d = Duration(*t, ".timeout"); d && *d < 0)
        Add("TXT053", Severity::kError, *t, ".timeout", "cannot be negative");
    }
    if (const Node* w = Get(m, "waitForReady")) Type(*w, Node::Kind::kBool, ".waitForReady", "true or false");
    for (const char* k : {"maxRequestMessageBytes", "maxResponseMessageBytes"})
      if (const Node* v = Get(m, k))
        if (auto d = Integer(*v, std::string(".") + k); d && *d < 0)
          Add("TXT055", Severity::kError, *v, std::string(".") + k, "must not be negative");
    const Node* rp = Get(m, "retryPolicy");
    if (rp) {
      Scope retry(scope(), ".retryPolicy");
      Retry(*rp);
    }
    if (const Node* h = Get(m, "hedgingPolicy")) {
      Type(*h, Node::Kind::kMap, ".hedgingPolicy", "an object");
      if (rp) Add("TXT058", Severity::kError, *h, ".hedgingPolicy", "excludes retryPolicy in the same method config; keep one");
    }
  }

  void Run(const Node& sc, bool* fallback) {
    if (!sc.is_map()) {
      Add("TXT036", Severity::kError, sc, "", std::string("is a ") + sc.kind_name() + ", it must be an object");
      return;
    }
    UnknownKeys(sc, {"loadBalancingPolicy", "loadBalancingConfig", "methodConfig", "retryThrottling",
                     "healthCheckConfig"}, "service config");
    if (const Node* lb = Get(sc, "loadBalancingPolicy")) {
      Scope f(scope(), ".loadBalancingPolicy");
      LbPolicy(*lb, fallback);
    }
    if (const Node* lc = Get(sc, "loadBalancingConfig")) {
      Scope f(scope(), ".loadBalancingConfig");
      LbConfig(*lc);
    }
    if (const Node* mc = Get(sc, "methodConfig")) {
      Scope f(scope(), ".methodConfig");
      if (Type(*mc, Node::Kind::kSeq, "", "a list")) {
        std::set<std::string> names;
        int i = 0;
        for (const Node& m : mc->items()) {
          Scope item(scope(), "[" + std::to_string(i++) + "]");
          Method(m, names);
        }
      }
    }
    if (const Node* rt = Get(sc, "retryThrottling")) {
      Scope f(scope(), ".retryThrottling");
      if (Type(*rt, Node::Kind::kMap, "", "an object")) {
        const Node* mt = Get(*rt, "maxTokens");
        const Node* tr = Get(*rt, "tokenRatio");
        if (!mt) Add("TXT059", Severity::kError, *rt, ".maxTokens", "is required in retryThrottling and missing; add it (1 to 1000)");
        // grpc-core loads maxTokens as a uint32_t (retry_service_config.cc); grpc-java and grpc-go as floating point.
        else if (auto d = p_ == ProfileId::kCore ? Integer(*mt, ".maxTokens") : Number(*mt, ".maxTokens"); d && (*d <= 0 || *d > 1000))
          Add("TXT059", Severity::kError, *mt, ".maxTokens", "must be in (0, 1000]");
        if (!tr) Add("TXT059", Severity::kError, *rt, ".tokenRatio", "is required in retryThrottling and missing; add it (e.g. 0.1)");
        else if (auto d = Number(*tr, ".tokenRatio"); d && *d <= 0)
          Add("TXT059", Severity::kError, *tr, ".tokenRatio", "must be greater than 0");
      }
    }
    if (const Node* hc = Get(sc, "healthCheckConfig")) {
      Scope f(scope(), ".healthCheckConfig");
      if (Type(*hc, Node::Kind::kMap, "", "an object"))
        if (const Node* s = Get(*hc, "serviceName")) Type(*s, Node::Kind::kString, ".serviceName", "a string");
    }
  }

  const std::string& first() const { return first_; }

 private:
  ProfileId p_;
  doc::DiagnosticSink& out_;
  std::string base_;
  doc::DiagnosticSink paths_;
  std::string first_;
};

}  // namespace

bool IsDuration(const std::string& s, double* seconds) {
  static const RE2 re("(-?[0-9]+)(\\.[0-9]{1,9})?s");
  std::string whole, frac;
  if (!RE2::FullMatch(s, re, &whole, &frac)) return false;
  if (whole.size() > 12) return false;
  if (seconds) *seconds = std::stod(whole + (frac.empty() ? "" : frac));
  return true;
}

std::string ValidateServiceConfig(const doc::Node& sc, ProfileId p, const std::string& path,
                                  doc::DiagnosticSink& sink, bool* lb_fallback) {
  Checker c(p, sink, path);
  c.Run(sc, lb_fallback);
  return c.first();
}

}  // namespace cfgi::txt
