#include "core/txt/txt_service_config.h"

#include <algorithm>
#include <cctype>
#include <set>

#include <re2/re2.h>

namespace cfgi::txt {

using doc::Node;
using doc::Severity;

namespace {

std::string Lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

class Checker {
 public:
  Checker(ProfileId p, std::vector<Issue>& issues) : p_(p), issues_(issues) {}

  void Add(const char* code, Severity sev, const Node& at, const std::string& path, std::string msg) {
    if (sev == Severity::kError && first_.empty()) first_ = path + ": " + msg;
    issues_.push_back({code, sev, std::move(msg), path, at.range(), 0});
  }

  void UnknownKeys(const Node& m, const std::vector<std::string>& known, const std::string& path, const char* what) {
    for (const auto& e : m.entries()) {
      if (std::find(known.begin(), known.end(), e.key) != known.end()) continue;
      std::string s = Suggest(e.key, known);
      Node key = Node::Scalar(Node::Kind::kString, e.key, e.key_range);
      Add("TXT056", Severity::kWarning, key, path + "." + e.key,
          "unknown " + std::string(what) + " field '" + e.key + "' is ignored by gRPC" +
              (s.empty() ? "; remove it" : "; did you mean '" + s + "'?"));
    }
  }

  bool Type(const Node& n, Node::Kind k, const std::string& path, const char* want) {
    bool ok = n.kind() == k || (k == Node::Kind::kDouble && n.is_number());
    if (!ok) Add("TXT055", Severity::kError, n, path, std::string("is a ") + n.kind_name() + ", must be " + want);
    return ok;
  }

  // Numbers may be JSON numbers or strings holding them (proto3 JSON), as grpc-core accepts.
  std::optional<double> Number(const Node& n, const std::string& path) {
    if (n.is_number()) return n.as_double();
    if (n.is_string()) {
      try {
        size_t used = 0;
        double d = std::stod(n.text(), &used);
        if (used == n.text().size()) return d;
      } catch (const std::exception&) {
      }
    }
    Add("TXT055", Severity::kError, n, path, std::string("is a ") + n.kind_name() + ", must be a number");
    return std::nullopt;
  }

  std::optional<double> Duration(const Node& n, const std::string& path) {
    if (!n.is_string()) {
      Add("TXT053", Severity::kError, n, path, std::string("is a ") + n.kind_name() +
          ", must be a duration string such as \"1.5s\"");
      return std::nullopt;
    }
    double s = 0;
    if (!IsDuration(n.text(), &s)) {
      Add("TXT053", Severity::kError, n, path, "'" + n.text() +
          "' is not a duration: write seconds with an 's' suffix and at most 9 decimals, e.g. \"0.5s\"");
      return std::nullopt;
    }
    return s;
  }

  void LbPolicy(const Node& n, const std::string& path, bool* fallback) {
    if (!Type(n, Node::Kind::kString, path, "a string")) return;
    static const std::vector<std::string> kPolicies = {"pick_first", "round_robin", "grpclb",
                                                       "weighted_round_robin", "ring_hash_experimental",
                                                       "least_request_experimental"};
    std::string name = Lower(n.text());
    if (std::find(kPolicies.begin(), kPolicies.end(), name) != kPolicies.end()) return;
    std::string s = Suggest(name, kPolicies);
    std::string hint = s.empty() ? "use round_robin or pick_first" : "did you mean '" + s + "'?";
    if (p_ == ProfileId::kGo) {
      // grpc-go service_config.go: balancer.Get(name) == nil -> pick_first.
      if (fallback) *fallback = true;
      Add("TXT050", Severity::kWarning, n, path, "unknown LB policy '" + n.text() +
          "': grpc-go silently uses pick_first instead; " + hint);
    } else {
      Add("TXT050", Severity::kError, n, path, "unknown LB policy '" + n.text() + "' rejects the whole config; " + hint);
    }
  }

  void LbConfig(const Node& n, const std::string& path) {
    if (!Type(n, Node::Kind::kSeq, path, "a list of {policy_name: config} objects")) return;
    static const std::vector<std::string> kPolicies = {
        "pick_first", "round_robin", "grpclb", "weighted_round_robin", "ring_hash_experimental",
        "least_request_experimental", "rls_experimental", "outlier_detection_experimental",
        "priority_experimental", "weighted_target_experimental", "xds_cluster_manager_experimental",
        "xds_cluster_impl_experimental", "xds_wrr_locality_experimental", "cds_experimental"};
    bool any = false;
    int i = 0;
    for (const Node& e : n.items()) {
      std::string p = path + "[" + std::to_string(i++) + "]";
      if (!e.is_map() || e.size() != 1) {
        Add("TXT051", Severity::kError, e, p, "each entry must be an object with exactly one key, the policy name");
        continue;
      }
      const std::string& name = e.entries()[0].key;
      if (std::find(kPolicies.begin(), kPolicies.end(), name) != kPolicies.end()) any = true;
    }
    if (!any && n.size() > 0)
      Add("TXT051", Severity::kError, n, path, "no supported LB policy in the list; gRPC uses the first policy it knows (e.g. {\"round_robin\": {}})");
  }

  void Retry(const Node& r, const std::string& path) {
    if (!Type(r, Node::Kind::kMap, path, "an object")) return;
    UnknownKeys(r, {"maxAttempts", "initialBackoff", "maxBackoff", "backoffMultiplier", "retryableStatusCodes",
                    "perAttemptRecvTimeout"}, path, "retryPolicy");
    auto need = [&](const char* k) -> const Node* {
      const Node* v = r.Get(k);
      if (!v) Add("TXT054", Severity::kError, r, path + "." + k, std::string("is required in a retryPolicy (gRFC A6)"));
      return v;
    };
    if (const Node* v = need("maxAttempts")) {
      if (auto d = Number(*v, path + ".maxAttempts")) {
        if (*d < 2) Add("TXT054", Severity::kError, *v, path + ".maxAttempts", "must be at least 2 (one try and one retry)");
        else if (*d > 5) Add("TXT054", Severity::kNote, *v, path + ".maxAttempts", "values above 5 are treated as 5 by gRPC");
      }
    }
    for (const char* k : {"initialBackoff", "maxBackoff"})
      if (const Node* v = need(k))
        if (auto d = Duration(*v, path + "." + k); d && *d <= 0)
          Add("TXT054", Severity::kError, *v, path + "." + k, "must be greater than 0s");
    if (const Node* v = need("backoffMultiplier"))
      if (auto d = Number(*v, path + ".backoffMultiplier"); d && *d <= 0)
        Add("TXT054", Severity::kError, *v, path + ".backoffMultiplier", "must be greater than 0");
    if (const Node* v = need("retryableStatusCodes")) {
      std::string p = path + ".retryableStatusCodes";
      if (Type(*v, Node::Kind::kSeq, p, "a list of status codes")) {
        if (v->size() == 0) Add("TXT054", Severity::kError, *v, p, "must not be empty");
        static const std::vector<std::string> kCodes = {
            "OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND", "ALREADY_EXISTS",
            "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE",
            "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED"};
        int i = 0;
        for (const Node& c : v->items()) {
          std::string cp = p + "[" + std::to_string(i++) + "]";
          if (c.is_number()) {
            auto x = c.as_int();
            if (!x || *x < 0 || *x > 16) Add("TXT054", Severity::kError, c, cp, "status code numbers are 0 to 16");
          } else if (c.is_string()) {
            if (std::find(kCodes.begin(), kCodes.end(), c.text()) == kCodes.end()) {
              std::string s = Suggest(c.text(), kCodes);
              Add("TXT054", Severity::kError, c, cp, "'" + c.text() + "' is not a status code name" +
                  (s.empty() ? "; use e.g. UNAVAILABLE" : "; did you mean '" + s + "'?"));
            }
          } else {
            Add("TXT054", Severity::kError, c, cp, "a status code is a name (\"UNAVAILABLE\") or a number");
          }
        }
      }
    }
  }

  void Method(const Node& m, const std::string& path, std::set<std::string>& names) {
    if (!Type(m, Node::Kind::kMap, path, "an object")) return;
    UnknownKeys(m, {"name", "timeout", "waitForReady", "maxRequestMessageBytes", "maxResponseMessageBytes",
                    "retryPolicy", "hedgingPolicy"}, path, "methodConfig");
    if (const Node* n = m.Get("name")) {
      std::string np = path + ".name";
      if (Type(*n, Node::Kind::kSeq, np, "a list of {service, method} objects")) {
        int i = 0;
        for (const Node& e : n->items()) {
          std::string ep = np + "[" + std::to_string(i++) + "]";
          if (!e.is_map()) {
            Add("TXT052", Severity::kError, e, ep, "a name is an object {\"service\": \"pkg.Svc\", \"method\": \"M\"}");
            continue;
          }
          UnknownKeys(e, {"service", "method"}, ep, "name");
          const Node* s = e.Get("service");
          const Node* me = e.Get("method");
          if (s && !Type(*s, Node::Kind::kString, ep + ".service", "a string")) continue;
          if (me && !Type(*me, Node::Kind::kString, ep + ".method", "a string")) continue;
          std::string sv = s ? s->text() : "", mv = me ? me->text() : "";
          if (sv.empty() && !mv.empty())
          {
            Add("TXT052", Severity::kError, e, ep, "a method without a service matches nothing; add \"service\"");
            // grpc-go service_config.go jsonName.generatePath: since v1.31.0 (#3684, "add default
            // method config support") the error errEmptyServiceNonEmptyMethod; before, a name
            // without a service was skipped and the config accepted.
            if (p_ == ProfileId::kGo)
              Add("TXT042", Severity::kNote, e, ep, "version note: grpc-go releases before v1.31.0 accepted this config "
                  "(a name without a service was skipped); the grpc-go profile follows the current release, which rejects it "
                  "(cannot combine empty 'service' and non-empty 'method')");
          }
          std::string key = sv + "/" + mv;
          if (!names.insert(key).second)
            Add("TXT057", Severity::kError, e, ep, "duplicate method name " + (sv.empty() ? std::string("(default)") : key) +
                " in methodConfig; each name may appear once");
        }
      }
    }
    if (const Node* t = m.Get("timeout")) {
      if (auto d = Duration(*t, path + ".timeout"); d && *d < 0)
        Add("TXT053", Severity::kError, *t, path + ".timeout", "a timeout cannot be negative");
    }
    if (const Node* w = m.Get("waitForReady")) Type(*w, Node::Kind::kBool, path + ".waitForReady", "true or false");
    for (const char* k : {"maxRequestMessageBytes", "maxResponseMessageBytes"})
      if (const Node* v = m.Get(k))
        if (auto d = Number(*v, path + "." + k); d && *d < 0)
          Add("TXT055", Severity::kError, *v, path + "." + k, "must not be negative");
    const Node* rp = m.Get("retryPolicy");
    if (rp) Retry(*rp, path + ".retryPolicy");
    if (const Node* h = m.Get("hedgingPolicy")) {
      Type(*h, Node::Kind::kMap, path + ".hedgingPolicy", "an object");
      if (rp) Add("TXT058", Severity::kError, *h, path + ".hedgingPolicy", "retryPolicy and hedgingPolicy exclude each other; keep one");
    }
  }

  void Run(const Node& sc, const std::string& path, bool* fallback) {
    if (!sc.is_map()) {
      Add("TXT036", Severity::kError, sc, path, std::string("the service config is a ") + sc.kind_name() + ", it must be an object");
      return;
    }
    UnknownKeys(sc, {"loadBalancingPolicy", "loadBalancingConfig", "methodConfig", "retryThrottling",
                     "healthCheckConfig"}, path, "service config");
    if (const Node* lb = sc.Get("loadBalancingPolicy")) LbPolicy(*lb, path + ".loadBalancingPolicy", fallback);
    if (const Node* lc = sc.Get("loadBalancingConfig")) LbConfig(*lc, path + ".loadBalancingConfig");
    if (const Node* mc = sc.Get("methodConfig")) {
      if (Type(*mc, Node::Kind::kSeq, path + ".methodConfig", "a list")) {
        std::set<std::string> names;
        int i = 0;
        for (const Node& m : mc->items()) Method(m, path + ".methodConfig[" + std::to_string(i++) + "]", names);
      }
    }
    if (const Node* rt = sc.Get("retryThrottling")) {
      std::string p = path + ".retryThrottling";
      if (Type(*rt, Node::Kind::kMap, p, "an object")) {
        const Node* mt = rt->Get("maxTokens");
        const Node* tr = rt->Get("tokenRatio");
        if (!mt) Add("TXT059", Severity::kError, *rt, p + ".maxTokens", "is required");
        else if (auto d = Number(*mt, p + ".maxTokens"); d && (*d <= 0 || *d > 1000))
          Add("TXT059", Severity::kError, *mt, p + ".maxTokens", "must be in (0, 1000]");
        if (!tr) Add("TXT059", Severity::kError, *rt, p + ".tokenRatio", "is required");
        else if (auto d = Number(*tr, p + ".tokenRatio"); d && *d <= 0)
          Add("TXT059", Severity::kError, *tr, p + ".tokenRatio", "must be greater than 0");
      }
    }
    if (const Node* hc = sc.Get("healthCheckConfig")) {
      if (Type(*hc, Node::Kind::kMap, path + ".healthCheckConfig", "an object"))
        if (const Node* s = hc->Get("serviceName")) Type(*s, Node::Kind::kString, path + ".healthCheckConfig.serviceName", "a string");
    }
  }

  const std::string& first() const { return first_; }

 private:
  ProfileId p_;
  std::vector<Issue>& issues_;
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
                                  std::vector<Issue>& issues, bool* lb_fallback) {
  Checker c(p, issues);
  c.Run(sc, path, lb_fallback);
  return c.first();
}

}  // namespace cfgi::txt
