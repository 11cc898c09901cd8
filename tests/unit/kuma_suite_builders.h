// Builders shared by the ports of Kuma's rule-building suites (tests/unit/policy_kuma_*_test.cpp):
// one place for the topologies of resourcerules_test.go, the renaming of resources per cluster,
// the rows a result yields and the assembly of the expected rows, so the v2.14.3 ports and the
// ports of Kuma main's suites (kuma-3.0-preview) run the same code.
//
//   for (const Topology& t : Topologies()) CheckResourceRules(input, t, "kuma-3.0-preview");
//   CheckRulesCase(rules_case, "kuma-2.14");
//
// Follows kumahq/kuma pkg/plugins/policies/core/rules/outbound/resourcerules_test.go (metaFn,
// syncToUni, syncToK8s; the same at v2.14.3 and main) and rules_test.go ("BuildRules").
#pragma once

#include <gtest/gtest.h>

#include <cctype>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/engine/engine.h"
#include "core/engine/scenario.h"
#include "core/policy/policy_engine.h"

namespace cfgi::policy::kuma_suite {

using nlohmann::ordered_json;

// ---- outbound/testdata/resourcerules -------------------------------------------------------

// One resource: its type line, name, labels of its own (a flow map body, "" for none) and the
// rest of the document.
struct Doc {
  std::string type, name, labels, rest;
};

struct Row {
  std::string key;     // {Z} and {N}: the zone and namespace of the cluster the resources come from
  std::string conf;    // JSON: one conf, or a list (one per hostname)
  std::string origin;  // "display-name/ruleIndex,..."
  bool k8s_namespace_only = false;  // built only when the resources live in namespace ns-k8s
};

struct Input {
  std::string name;
  std::string policy_type;
  std::vector<Doc> docs;
  std::vector<Row> rows;
  bool gateway = false;  // a top-level MeshGateway targetRef: the stand-in is a builtin gateway
};

// resourcerules_test.go's metaFn: the name and labels a resource gets on a cluster.
struct Meta2 {
  std::string name;
  std::map<std::string, std::string> labels;
};
using MetaFn = std::function<Meta2(const std::string& name, const std::map<std::string, std::string>& own)>;

inline Meta2 Created(const std::string& name, const std::map<std::string, std::string>& own, bool global, bool k8s,
                     const std::string& zone) {
  Meta2 m;
  m.name = k8s ? name + ".ns-k8s" : name;  // k8s.K8sNamespacedNameToCoreName
  m.labels["kuma.io/origin"] = global ? "global" : "zone";
  if (!zone.empty()) m.labels["kuma.io/zone"] = zone;
  if (k8s) {
    m.labels["k8s.kuma.io/namespace"] = "ns-k8s";
    m.labels["kuma.io/mesh"] = "mesh-1";
  }
  m.labels["kuma.io/display-name"] = name;
  for (const auto& [k, v] : own) m.labels[k] = v;  // maps.Copy: the resource's own labels win
  return m;
}

// syncToUni / syncToK8s: KDS renames the copy (hash.HashedName of mesh, display name, zone and
// namespace; the hash itself is not part of any result, a fixed suffix stands in) and keeps the
// labels; on Kubernetes the copy lives in kuma-system.
inline MetaFn Sync(MetaFn f, bool to_k8s) {
  return [f, to_k8s](const std::string& name, const std::map<std::string, std::string>& own) {
    Meta2 m = f(name, own);
    m.name = m.labels["kuma.io/display-name"] + "-synced" + (to_k8s ? ".kuma-system" : "");
    return m;
  };
}

struct Topology {
  std::string golden;
  MetaFn meta;
  std::string zone, ns;  // the KRI's zone and namespace (from the cluster the resources come from)
};

// The 16 topologies of resourcerules_test.go, in its order.
inline const std::vector<Topology>& Topologies() {
  static const std::vector<Topology> kAll = [] {
    MetaFn gu = [](const std::string& n, const auto& l) { return Created(n, l, true, false, ""); };
    MetaFn gk = [](const std::string& n, const auto& l) { return Created(n, l, true, true, ""); };
    MetaFn zu = [](const std::string& n, const auto& l) { return Created(n, l, false, false, "zone-uni"); };
    MetaFn zk = [](const std::string& n, const auto& l) { return Created(n, l, false, true, "zone-k8s"); };
    return std::vector<Topology>{
        {"global-uni", gu, "", ""},
        {"global-k8s", gk, "", "ns-k8s"},
        {"zone-uni", zu, "zone-uni", ""},
        {"zone-k8s", zk, "zone-k8s", "ns-k8s"},
        {"zone-k8s-2-global-uni", Sync(zk, false), "zone-k8s", "ns-k8s"},
        {"zone-uni-2-global-uni", Sync(zu, false), "zone-uni", ""},
        {"zone-k8s-2-global-k8s", Sync(zk, true), "zone-k8s", "ns-k8s"},
        {"zone-uni-2-global-k8s", Sync(zu, true), "zone-uni", ""},
        {"global-k8s-2-zone-uni", Sync(gk, false), "", "ns-k8s"},
        {"global-uni-2-zone-uni", Sync(gu, false), "", ""},
        {"global-uni-2-zone-k8s", Sync(gu, true), "", ""},
        {"global-k8s-2-zone-k8s", Sync(gk, true), "", "ns-k8s"},
        {"zone-uni-2-zone-uni", Sync(Sync(zu, false), false), "zone-uni", ""},
        {"zone-uni-2-zone-k8s", Sync(Sync(zu, false), true), "zone-uni", ""},
        {"zone-k8s-2-zone-uni", Sync(Sync(zk, false), false), "zone-k8s", "ns-k8s"},
        {"zone-k8s-2-zone-k8s", Sync(Sync(zk, false), true), "zone-k8s", "ns-k8s"},
    };
  }();
  return kAll;
}

// "k: v, k2: v2" -> {k: v, k2: v2}.
inline std::map<std::string, std::string> ParseFlowLabels(const std::string& s) {
  std::map<std::string, std::string> out;
  auto trim = [](std::string x) {
    x.erase(0, x.find_first_not_of(' '));
    x.erase(x.find_last_not_of(' ') + 1);
    return x;
  };
  size_t i = 0;
  while (i < s.size()) {
    size_t comma = s.find(',', i);
    std::string kv = s.substr(i, comma == std::string::npos ? std::string::npos : comma - i);
    size_t colon = kv.find(": ");
    out[trim(kv.substr(0, colon))] = trim(kv.substr(colon + 2));
    if (comma == std::string::npos) break;
    i = comma + 1;
  }
  return out;
}

inline std::string Replace(std::string s, const std::string& from, const std::string& to) {
  for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) s.replace(at, from.size(), to);
  return s;
}

// A gtest parameter name: every character that is not alphanumeric becomes '_'.
inline std::string TestName(std::string n) {
  for (char& c : n)
    if (!isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
}

// The key a release prints for a row's KRI key (after {Z}/{N} are filled in); nullptr: the KRI
// itself (Kuma 2.12+).
using KeyForm = std::string (*)(const std::string& kri);

struct Case {
  const Input* input;
  const Topology* topology;
  std::string profile;
  KeyForm key_form = nullptr;
};

inline std::string CaseName(const testing::TestParamInfo<Case>& i) {
  return TestName(i.param.input->name + "_" + i.param.topology->golden + "_" + i.param.profile);
}

// Every input under every topology, once per profile.
inline std::vector<Case> Cases(const std::vector<Input>& inputs, const std::vector<const char*>& profiles,
                               KeyForm key_form = nullptr) {
  std::vector<Case> out;
  for (const char* profile : profiles)
    for (const Input& in : inputs)
      for (const Topology& t : Topologies()) out.push_back({&in, &t, profile, key_form});
  return out;
}

// Runs one input under one topology and asserts the ResourceRules built from items (not those
// the fallback adds): exactly the input's rows with {Z}/{N} filled in (and written in key_form),
// each key's conf and its origins in merge order. The stand-in the policies select: a sidecar labelled app: my-app, or
// a builtin gateway served by MeshGateway gateway-1; both go through the topology like every
// resource of the input.
inline void CheckResourceRules(const Input& in, const Topology& topo, const std::string& profile,
                               KeyForm key_form = nullptr) {
  std::vector<Doc> docs = in.docs;
  if (in.gateway) {
    docs.push_back({"MeshGateway", "gateway-1", "",
                    "selectors: [{match: {kuma.io/service: gw}}]\nconf: {listeners: [{port: 80, protocol: HTTP}]}\n"});
    docs.push_back({"Dataplane", "dp-1", "app: my-app",
                    "networking: {address: 10.0.0.1, gateway: {type: BUILTIN, tags: {kuma.io/service: gw}}}\n"});
  } else {
    docs.push_back({"Dataplane", "dp-1", "app: my-app",
                    "networking: {address: 10.0.0.1, inbound: [{port: 8080, tags: {kuma.io/service: my-app}}]}\n"});
  }
  std::string yaml = "type: Mesh\nname: mesh-1\n";
  std::map<std::string, std::string> display;  // core name -> the input's name
  std::string dp_name;
  for (const Doc& d : docs) {
    Meta2 m = topo.meta(d.name, d.labels.empty() ? std::map<std::string, std::string>{} : ParseFlowLabels(d.labels));
    display[m.name] = d.name;
    if (d.type == "Dataplane") dp_name = m.name;
    yaml += "---\ntype: " + d.type + "\nname: " + m.name + "\nmesh: mesh-1\nlabels:\n";
    for (const auto& [k, v] : m.labels) yaml += "  " + k + ": " + v + "\n";
    yaml += d.rest;
  }
  Scenario s = LoadScenario({{"in.yaml", yaml}});
  Query q;
  q.flags.push_back({"dataplane", dp_name});
  Report r = RunScenario(GetPolicyEngine(), s, q, profile, true);
  for (const auto& d : r.diagnostics) EXPECT_NE(d.severity, doc::Severity::kError) << d.code << ": " << d.message;

  std::map<std::string, std::pair<ordered_json, std::string>> got;
  for (const auto& t : r.result["rules"]) {
    if (t["type"] != in.policy_type) continue;
    for (const auto& rr : t["toResourceRules"]) {
      if (rr.contains("computedFrom")) continue;  // added by the fallback; BuildRules has only these
      std::string origin;
      for (const auto& o : rr["origin"])
        origin += (origin.empty() ? "" : ",") + display[o["policy"].get<std::string>()] + "/" + std::to_string(o["ruleIndex"].get<int>());
      got[rr["key"].get<std::string>()] = {rr.contains("confs") ? rr["confs"] : rr["conf"], origin};
    }
  }
  std::map<std::string, std::pair<ordered_json, std::string>> want;
  for (const Row& row : in.rows) {
    if (row.k8s_namespace_only && topo.ns != "ns-k8s") continue;
    const std::string kri = Replace(Replace(row.key, "{Z}", topo.zone), "{N}", topo.ns);
    want[key_form ? key_form(kri) : kri] = {ordered_json::parse(row.conf), row.origin};
  }
  ASSERT_EQ(got.size(), want.size()) << yaml;
  for (const auto& [key, w] : want) {
    auto it = got.find(key);
    ASSERT_NE(it, got.end()) << key;
    EXPECT_EQ(it->second.first, w.first) << key;
    EXPECT_EQ(it->second.second, w.second) << key;
  }
}

// ---- rules/testdata/rules/{from,to,single} and inbound/testdata/inboundrules ----------------

struct RulesRow {
  std::string source;  // "from" (legacy Rules), "rules" (InboundRules), "to" (legacy Rules), "proxy"
  std::string subset;
  std::string conf;
  std::string origin;
};

struct RulesCase {
  std::string name;  // <folder>/<input>
  std::string mesh;
  std::string tags;  // the inbound's tags (JSON)
  std::string yaml;
  std::vector<RulesRow> rows;
  std::string dataplane = {};  // replaces the sidecar stand-in (with the resources it needs)
};

// "key=value,key!=value" of a row's subset.
inline std::string SubsetText(const ordered_json& s) {
  std::string out;
  for (const auto& t : s)
    out += (out.empty() ? "" : ",") + t["key"].get<std::string>() + (t["not"].get<bool>() ? "!=" : "=") + t["value"].get<std::string>();
  return out;
}

// "policy,policy" of an origin list ("policy/ruleIndex" with_index).
inline std::string Names(const ordered_json& origin, bool with_index) {
  std::string out;
  for (const auto& o : origin)
    out += (out.empty() ? "" : ",") + o["policy"].get<std::string>() +
           (with_index ? "/" + std::to_string(o["ruleIndex"].get<int>()) : "");
  return out;
}

// Runs a rules case (every policy selects dp-1: the case's dataplane, or a sidecar at
// 127.0.0.1:80 with the case's tags) and asserts every row of the first policy's type in
// order: Kuma's legacy Rules, then its InboundRules, then the legacy to-Rules, then the
// proxy-wide conf.
inline void CheckRulesCase(const RulesCase& c, const std::string& profile) {
  const std::string dp = c.dataplane.empty() ? "type: Dataplane\nname: dp-1\nmesh: " + c.mesh +
                                                   "\nnetworking: {address: 127.0.0.1, inbound: [{port: 80, tags: " + c.tags + "}]}\n"
                                             : c.dataplane;
  const std::string yaml = "type: Mesh\nname: " + c.mesh + "\n---\n" + dp + "---\n" + c.yaml;
  Scenario s = LoadScenario({{"in.yaml", yaml}});
  Query q;
  q.flags.push_back({"dataplane", "dp-1"});
  Report r = RunScenario(GetPolicyEngine(), s, q, profile, true);
  for (const auto& d : r.diagnostics) EXPECT_NE(d.severity, doc::Severity::kError) << d.code << ": " << d.message;
  const std::string type = c.yaml.substr(6, c.yaml.find('\n') - 6);
  ordered_json t;
  for (const auto& x : r.result["rules"])
    if (x["type"] == type) t = x;
  ASSERT_TRUE(t.is_object()) << type;
  std::vector<RulesRow> got;
  for (const bool listed : {false, true})
    for (const auto& x : t["fromRules"])
      if ((x["source"] == "rules") == listed)
        got.push_back({listed ? "rules" : "from", SubsetText(x["subset"]), x["conf"].dump(), Names(x["origin"], listed)});
  if (t.contains("toRules"))
    for (const auto& x : t["toRules"]) got.push_back({"to", SubsetText(x["subset"]), x["conf"].dump(), Names(x["origin"], false)});
  if (t.contains("proxyRule")) got.push_back({"proxy", "", t["proxyRule"]["conf"].dump(), Names(t["proxyRule"]["origin"], false)});
  ASSERT_EQ(got.size(), c.rows.size());
  for (size_t i = 0; i < got.size(); ++i) {
    SCOPED_TRACE("row " + std::to_string(i));
    EXPECT_EQ(got[i].source, c.rows[i].source);
    EXPECT_EQ(got[i].subset, c.rows[i].subset);
    EXPECT_EQ(ordered_json::parse(got[i].conf), ordered_json::parse(c.rows[i].conf));
    EXPECT_EQ(got[i].origin, c.rows[i].origin);
  }
}

}  // namespace cfgi::policy::kuma_suite
