// The Kuma control plane live source (app/live/kuma_cp.cpp; docs/live-sources.md) against a
// loopback HTTP server (cpp-httplib) that answers as Kuma's API server does (kumahq/kuma v2.14.3
// pkg/api-server): the index `/` with {"product", "version", ...} (index_endpoints.go), the Mesh and
// the Dataplane in universal format, each type's list {"total", "items", "next"}, and the
// dataplane's `_rules` in the shape of pkg/api-server/testdata/resources/inspect/dataplanes/_rules/
// *.golden.json, and its `_policies` in the shape of .../dataplanes/_policies/*.golden.json
// (multiple_policies: {"policies": [{"conf", "kind", "origins": [{"kri"}]}]}; meshservice_disabled:
// a 400 when the Mesh's meshServices mode is not Exclusive); errors as {"type": "/std-errors",
// "status", "title", "detail"} (dp_not_found).
// The resources and answers are ours: a dataplane with one inbound and a MeshTimeout on it.
#include <gtest/gtest.h>
#include <httplib.h>

#include <chrono>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "app/live/live.h"
#include "tests/cli/cli_runner.h"

namespace {

using cfgi::testing::RunCli;

constexpr const char* kMesh = R"({"type": "Mesh", "name": "default", "creationTime": "2026-11-20T09:00:00Z",
 "modificationTime": "2026-11-20T09:00:00Z", "labels": {"kuma.io/origin": "zone"}})";
constexpr const char* kDataplane = R"({"type": "Dataplane", "mesh": "default", "name": "web-1",
 "creationTime": "2026-11-20T09:01:00Z", "modificationTime": "2026-11-20T09:01:00Z",
 "labels": {"app": "web"},
 "networking": {"address": "10.0.0.5",
   "inbound": [{"port": 8080, "name": "http", "tags": {"kuma.io/service": "web"}}]}})";
constexpr const char* kTimeouts = R"({"total": 1, "items": [{"type": "MeshTimeout", "mesh": "default", "name": "web-inbound",
 "creationTime": "2026-11-20T09:02:00Z", "modificationTime": "2026-11-20T09:02:00Z", "labels": {},
 "spec": {"targetRef": {"kind": "Dataplane", "labels": {"app": "web"}},
   "from": [{"targetRef": {"kind": "Mesh"}, "default": {"idleTimeout": "20s", "http": {"requestTimeout": "5s"}}}]}}],
 "next": null})";

// What Kuma 2.14 answers for web-1: the MeshTimeout's from[] item on the one inbound, as the
// legacy fromRules and as inboundRules (rulesForResource).
// With `trace`, the MeshTrace's proxyRule comes first, as overriding_meshtrace.golden.json prints one.
std::string Rules(const std::string& request_timeout = "5s", bool trace = false) {
  return R"({"httpMatches": [],
 "resource": {"labels": {"app": "web"}, "mesh": "default", "name": "web-1", "type": "Dataplane"},
 "rules": [)" + std::string(trace ? R"({"fromRules": [], "inboundRules": [],
  "proxyRule": {"conf": {"backends": [{"type": "Zipkin", "zipkin": {"url": "http://jaeger-collector:9411/api/v2/spans",
    "traceId128bit": false, "apiVersion": "httpJson", "sharedSpanContext": true}}]},
   "origin": [{"labels": {}, "mesh": "default", "name": "web-trace", "type": "MeshTrace"}]},
  "toResourceRules": [], "toRules": [], "type": "MeshTrace", "warnings": []}, )" : "") + R"({
  "fromRules": [{"inbound": {"name": "http", "port": 8080, "tags": {"kuma.io/service": "web"}},
    "rules": [{"conf": {"http": {"requestTimeout": ")" + request_timeout + R"("}, "idleTimeout": "20s"},
      "matchers": [], "origin": [{"labels": {}, "mesh": "default", "name": "web-inbound", "type": "MeshTimeout"}]}]}],
  "inboundRules": [{"inbound": {"name": "http", "port": 8080, "tags": {"kuma.io/service": "web"}},
    "rules": [{"conf": [{"http": {"requestTimeout": "5s"}, "idleTimeout": "20s"}],
      "origin": [{"resourceMeta": {"labels": {}, "mesh": "default", "name": "web-inbound", "type": "MeshTimeout"},
        "ruleIndex": 0}]}]}],
  "toResourceRules": [], "toRules": [], "type": "MeshTimeout", "warnings": []}]})";
}

// A Mesh with MeshServices in Exclusive mode (the _policies endpoint needs it) and a MeshTrace
// targeting the whole mesh, whose conf Kuma shows with its defaults (multiple_policies.golden.json).
constexpr const char* kExclusiveMesh = R"({"type": "Mesh", "name": "default", "creationTime": "2026-11-20T09:00:00Z",
 "modificationTime": "2026-11-20T09:00:00Z", "labels": {"kuma.io/origin": "zone"}, "meshServices": {"mode": "Exclusive"}})";
constexpr const char* kTraces = R"({"total": 1, "items": [{"type": "MeshTrace", "mesh": "default", "name": "web-trace",
 "creationTime": "2026-11-20T09:03:00Z", "modificationTime": "2026-11-20T09:03:00Z", "labels": {},
 "spec": {"targetRef": {"kind": "Mesh"}, "default": {"backends": [{"type": "Zipkin",
   "zipkin": {"url": "http://jaeger-collector:9411/api/v2/spans", "apiVersion": "httpJson"}}]}}}], "next": null})";
std::string Policies(const std::string& url = "http://jaeger-collector:9411/api/v2/spans", bool passthrough = false) {
  std::string out = R"({"policies": [)";
  if (passthrough)
    out += R"({"conf": {"passthroughMode": "None"}, "kind": "MeshPassthrough",
      "origins": [{"kri": "kri_mp_default___disable-passthrough_"}]}, )";
  return out + R"({"conf": {"backends": [{"type": "Zipkin", "zipkin": {"url": ")" + url +
         R"(", "traceId128bit": false, "apiVersion": "httpJson", "sharedSpanContext": true}}]},
    "kind": "MeshTrace", "origins": [{"kri": "kri_mtr_default___web-trace_"}]}]})";
}

class KumaCp {
 public:
  std::string version = "2.14.3";
  std::string rules = Rules();
  std::string mesh = kMesh;
  std::string policies;  // empty: no such endpoint (404, as httplib answers a path it does not serve)
  int policies_status = 200;
  int rules_status = 200;
  int index_delay_ms = 0;
  bool not_kuma = false;

  KumaCp() {
    svr_.Get("/", [this](const httplib::Request&, httplib::Response& res) {
      std::lock_guard<std::mutex> l(mu_);
      if (index_delay_ms) std::this_thread::sleep_for(std::chrono::milliseconds(index_delay_ms));
      if (not_kuma) return res.set_content(R"({"status": "ok", "uptime": 12})", "application/json");
      res.set_content(R"({"hostname": "kuma-cp-0", "product": "Kuma", "version": ")" + version +
                          R"(", "instanceId": "kuma-cp-0-7b9d", "clusterId": "3f1c2a", "gui": "/gui"})",
                      "application/json");
    });
    svr_.Get("/meshes/default", [this](const httplib::Request&, httplib::Response& res) {
      std::lock_guard<std::mutex> l(mu_);
      res.set_content(mesh, "application/json");
    });
    svr_.Get("/meshes/default/dataplanes/web-1/_policies", [this](const httplib::Request&, httplib::Response& res) {
      std::lock_guard<std::mutex> l(mu_);
      if (policies.empty()) {
        res.status = 404;
        return;
      }
      res.status = policies_status;
      res.set_content(policies, "application/json");
    });
    svr_.Get("/meshes/default/dataplanes/web-1", [](const httplib::Request&, httplib::Response& res) {
      res.set_content(kDataplane, "application/json");
    });
    svr_.Get("/meshes/default/dataplanes/web-1/_rules", [this](const httplib::Request&, httplib::Response& res) {
      std::lock_guard<std::mutex> l(mu_);
      res.status = rules_status;
      if (rules_status != 200)
        return res.set_content(R"({"type": "/std-errors", "status": 500, "title": "Could not retrieve rules",
                                   "detail": "failed to build MeshContext"})",
                               "application/json");
      res.set_content(rules, "application/json");
    });
    svr_.Get(R"(/meshes/default/dataplanes/([^/]+))", [](const httplib::Request&, httplib::Response& res) {
      res.status = 404;  // dp_not_found.golden.json
      res.set_content(R"({"type": "/std-errors", "status": 404, "title": "Could not retrieve Dataplane",
                          "detail": "Not found", "details": "Not found"})",
                      "application/json");
    });
    svr_.Get(R"(/meshes/default/([a-z]+))", [this](const httplib::Request& req, httplib::Response& res) {
      std::lock_guard<std::mutex> l(mu_);
      lists_.push_back(req.matches[1].str() + "?size=" + req.get_param_value("size"));
      if (req.matches[1] == "meshtimeouts") return res.set_content(kTimeouts, "application/json");
      if (req.matches[1] == "meshtraces" && mesh == kExclusiveMesh) return res.set_content(kTraces, "application/json");
      res.set_content(R"({"total": 0, "items": [], "next": null})", "application/json");
    });
    port_ = svr_.bind_to_any_port("127.0.0.1");
    thread_ = std::thread([this] { svr_.listen_after_bind(); });
    while (!svr_.is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ~KumaCp() {
    svr_.stop();
    thread_.join();
  }
  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_); }
  std::vector<std::string> lists() {
    std::lock_guard<std::mutex> l(mu_);
    return lists_;
  }

 private:
  std::mutex mu_;
  std::vector<std::string> lists_;
  httplib::Server svr_;
  int port_ = 0;
  std::thread thread_;
};

std::vector<std::string> Codes(const nlohmann::json& diagnostics) {
  std::vector<std::string> out;
  for (const auto& d : diagnostics)
    if (d["code"].get<std::string>().rfind("LIVE", 0) == 0) out.push_back(d["code"]);
  return out;
}

TEST(LiveKumaCpTest, AgreementWithTheControlPlane) {
  KumaCp cp;
  auto r = RunCli("eval --format json --kuma-cp " + cp.url() + " --mesh default --dataplane web-1");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["engine"], "policy");
  EXPECT_EQ(j["profile"], "kuma-2.14");
  EXPECT_EQ(j["live"]["source"], "kuma-cp");
  EXPECT_EQ(j["live"]["version"], "2.14.3");
  EXPECT_EQ(j["live"]["profile"], "kuma-2.14");
  EXPECT_EQ(j["live"]["resources"], 3);
  EXPECT_EQ(j["divergences"], nlohmann::json::array()) << j["divergences"].dump(1);
  EXPECT_EQ(j["differing_answers"], nlohmann::json::array());
  EXPECT_TRUE(Codes(j["diagnostics"]).empty()) << j["diagnostics"].dump(1);
  // Our answer is Kuma's _rules shape, from the resources the API listed.
  EXPECT_EQ(j["result"]["rules"][0]["fromRules"][0]["rules"][0]["conf"]["http"]["requestTimeout"], "5s");
  std::vector<std::string> lists = cp.lists();
  EXPECT_NE(std::find(lists.begin(), lists.end(), "meshtimeouts?size=1000"), lists.end());
  EXPECT_NE(std::find(lists.begin(), lists.end(), "meshtrafficpermissions?size=1000"), lists.end());

  auto text = RunCli("eval --kuma-cp " + cp.url() + " --mesh default --dataplane web-1");
  EXPECT_NE(text.out.find("; Kuma control plane " + cp.url() + ": Kuma 2.14.3, profile kuma-2.14; mesh default, 3 "
                          "resources, _rules of dataplane web-1\n"),
            std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("== divergences: 0\n"), std::string::npos) << text.out;
}

TEST(LiveKumaCpTest, OneDifferingFieldIsADivergence) {
  KumaCp cp;
  cp.rules = Rules("6s");
  auto r = RunCli("eval --format json --kuma-cp " + cp.url() + " --mesh default --dataplane web-1");
  auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["divergences"].size(), 1u) << j["divergences"].dump(1);
  EXPECT_EQ(j["divergences"][0]["path"], "/rules/0/fromRules/0/rules/0/conf/http/requestTimeout");
  EXPECT_EQ(j["divergences"][0]["values"]["kuma-2.14"], "5s");
  EXPECT_EQ(j["divergences"][0]["values"]["kuma (live)"], "6s");
  ASSERT_EQ(j["differing_answers"].size(), 1u);
  // The answer named and its profiles grouped as the app's Profiles table shows them
  // (DescribeAnswers): one group per value, with the differing field as text.
  EXPECT_EQ(j["differing_answers"][0]["path"], "/rules/0/fromRules/0");
  EXPECT_EQ(j["differing_answers"][0]["leaves"], 1);
  EXPECT_FALSE(j["differing_answers"][0]["title"].get<std::string>().empty());
  EXPECT_EQ(j["differing_answers"][0]["groups"],
            nlohmann::json::parse(R"j([{"profiles": ["kuma-2.14"], "fields": [{"field": "rules[0].conf.http.requestTimeout", "text": "\"5s\""}]},
                                     {"profiles": ["kuma (live)"], "fields": [{"field": "rules[0].conf.http.requestTimeout", "text": "\"6s\""}]}])j"))
      << j["differing_answers"].dump(1);
  EXPECT_EQ(Codes(j["diagnostics"]), std::vector<std::string>{"LIVE036"});
  for (const auto& d : j["diagnostics"])
    if (d["code"] == "LIVE036")
      EXPECT_NE(d["message"].get<std::string>().find("the control plane's _rules differs from kuma-2.14's at "
                                                     "rules[0].fromRules[0]: rules[0].fromRules[0].rules[0].conf.http."
                                                     "requestTimeout is \"6s\" live, \"5s\" here"),
                std::string::npos)
          << d["message"];
  auto text = RunCli("eval --kuma-cp " + cp.url() + " --mesh default --dataplane web-1");
  EXPECT_NE(text.out.find("== divergences: 1 (1 field)\n"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("kuma (live) gives"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("\"6s\""), std::string::npos) << text.out;
}

TEST(LiveKumaCpTest, UnknownVersionSaysWhichProfile) {
  EXPECT_EQ(cfgi::live::KumaProfileForVersion("2.14.3").profile, "kuma-2.14");
  EXPECT_TRUE(cfgi::live::KumaProfileForVersion("2.13.10").exact);
  EXPECT_EQ(cfgi::live::KumaProfileForVersion("2.12.4").profile, "kuma-2.10");
  EXPECT_FALSE(cfgi::live::KumaProfileForVersion("2.12.4").exact);
  EXPECT_EQ(cfgi::live::KumaProfileForVersion("2.16.0").profile, "kuma-2.14");
  EXPECT_EQ(cfgi::live::KumaProfileForVersion("2.9.7").profile, "kuma-2.10");
  EXPECT_EQ(cfgi::live::KumaProfileForVersion("0.0.0-preview.v8e9c8a0").profile, "kuma-3.0-preview");  // main
  EXPECT_EQ(cfgi::live::KumaProfileForVersion("3.0.0").profile, "kuma-3.0-preview");

  KumaCp cp;
  cp.version = "2.16.0";
  auto r = RunCli("eval --format json --kuma-cp " + cp.url() + " --mesh default --dataplane web-1");
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(Codes(j["diagnostics"]), std::vector<std::string>{"LIVE034"});
  for (const auto& d : j["diagnostics"])
    if (d["code"] == "LIVE034") {
      EXPECT_EQ(d["severity"], "warning");
      EXPECT_EQ(d["file"], "kuma-cp:" + cp.url().substr(7) + "/meshes/default");
      EXPECT_NE(d["message"].get<std::string>().find("runs Kuma 2.16.0, a release this tool has no profile for; its "
                                                     "answer is compared with the kuma-2.14 profile's"),
                std::string::npos)
          << d["message"];
    }
  EXPECT_EQ(j["profile"], "kuma-2.14");
  // --profile chooses another.
  r = RunCli("eval --format json --profile kuma-2.13 --kuma-cp " + cp.url() + " --mesh default --dataplane web-1");
  EXPECT_EQ(nlohmann::json::parse(r.out)["profile"], "kuma-2.13");
}

TEST(LiveKumaCpTest, ApiErrorsAndNetworkFaults) {
  KumaCp cp;
  // 404: the dataplane does not exist; Kuma's title and detail are quoted.
  cfgi::live::LiveResult r = cfgi::live::FetchKumaCp({cp.url(), "default", "nope", 3000});
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].code, "LIVE032");
  EXPECT_TRUE(r.document.name.empty());
  EXPECT_NE(r.diagnostics[0].message.find("/meshes/default/dataplanes/nope answered HTTP 404 (\"Could not retrieve "
                                          "Dataplane\": \"Not found\"): check --mesh and --dataplane"),
            std::string::npos)
      << r.diagnostics[0].message;
  // 500 on _rules.
  cp.rules_status = 500;
  r = cfgi::live::FetchKumaCp({cp.url(), "default", "web-1", 3000});
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].code, "LIVE032");
  EXPECT_NE(r.diagnostics[0].message.find("answered HTTP 500 (\"Could not retrieve rules\": \"failed to build "
                                          "MeshContext\"): the control plane failed"),
            std::string::npos)
      << r.diagnostics[0].message;
  auto cli = RunCli("eval --kuma-cp " + cp.url() + " --mesh default --dataplane web-1");
  EXPECT_EQ(cli.exit_code, 1);
  EXPECT_NE(cli.out.find("error: [LIVE032]"), std::string::npos) << cli.out;

  // Not a Kuma control plane: an index without "version".
  cp.rules_status = 200;
  cp.not_kuma = true;
  r = cfgi::live::FetchKumaCp({cp.url(), "default", "web-1", 3000});
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].code, "LIVE033");
  // Slower than the timeout: LIVE031, bounded.
  cp.not_kuma = false;
  cp.index_delay_ms = 1500;
  auto t0 = std::chrono::steady_clock::now();
  r = cfgi::live::FetchKumaCp({cp.url(), "default", "web-1", 300});
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].code, "LIVE031");
  EXPECT_LT(ms, 1200);
  // Nothing there: LIVE030; a bad URL or name: LIVE035 before any request.
  r = cfgi::live::FetchKumaCp({"http://127.0.0.1:1", "default", "web-1", 2000});
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].code, "LIVE030");
  r = cfgi::live::FetchKumaCp({"ftp://cp:5681", "default", "web-1", 2000});
  EXPECT_EQ(r.diagnostics[0].code, "LIVE035");
  r = cfgi::live::FetchKumaCp({cp.url(), "default", "web 1", 2000});
  EXPECT_EQ(r.diagnostics[0].code, "LIVE035");
  // Usage: --kuma-cp needs --mesh and --dataplane.
  cli = RunCli("eval --kuma-cp " + cp.url() + " --mesh default");
  EXPECT_EQ(cli.exit_code, 2);
  EXPECT_NE(cli.err.find("--kuma-cp URL needs --mesh MESH and --dataplane NAME"), std::string::npos) << cli.err;
}

TEST(LiveKumaCpTest, PoliciesAgreeWithTheControlPlane) {
  KumaCp cp;
  cp.mesh = kExclusiveMesh;
  cp.rules = Rules("5s", true);
  cp.policies = Policies();
  auto r = RunCli("eval --format json --kuma-cp " + cp.url() + " --mesh default --dataplane web-1");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["live"]["policies"]["policies"][0]["kind"], "MeshTrace");
  EXPECT_FALSE(j["live"].contains("policies_skipped"));
  EXPECT_EQ(j["divergences"], nlohmann::json::array()) << j["divergences"].dump(1);
  EXPECT_TRUE(Codes(j["diagnostics"]).empty()) << j["diagnostics"].dump(1);
  auto t = RunCli("eval --kuma-cp " + cp.url() + " --mesh default --dataplane web-1");
  EXPECT_NE(t.out.find(", 4 resources, _rules and _policies of dataplane web-1\n"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("== divergences: 0\n"), std::string::npos) << t.out;
}

TEST(LiveKumaCpTest, EachDifferingPolicyKindIsOneDivergence) {
  KumaCp cp;
  cp.mesh = kExclusiveMesh;
  cp.rules = Rules("5s", true);
  // The control plane's MeshTrace has another URL, and it has a MeshPassthrough we were not shown.
  cp.policies = Policies("http://zipkin.tracing:9411/api/v2/spans", true);
  auto r = RunCli("eval --format json --kuma-cp " + cp.url() + " --mesh default --dataplane web-1");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["differing_answers"].size(), 2u) << j["differing_answers"].dump(1);
  EXPECT_EQ(j["differing_answers"][0]["path"], "/_policies/MeshPassthrough");
  EXPECT_EQ(j["differing_answers"][1]["path"], "/_policies/MeshTrace");
  ASSERT_EQ(j["divergences"].size(), 2u) << j["divergences"].dump(1);
  EXPECT_EQ(j["divergences"][0]["path"], "/_policies/MeshPassthrough");
  EXPECT_EQ(j["divergences"][0]["values"]["kuma-2.14"], nullptr);
  EXPECT_EQ(j["divergences"][1]["path"], "/_policies/MeshTrace/conf/backends/0/zipkin/url");
  EXPECT_EQ(j["divergences"][1]["values"]["kuma (live)"], "http://zipkin.tracing:9411/api/v2/spans");
  EXPECT_EQ(j["divergences"][1]["values"]["kuma-2.14"], "http://jaeger-collector:9411/api/v2/spans");
  std::vector<std::string> notes;
  for (const auto& d : j["diagnostics"])
    if (d["code"] == "LIVE036") notes.push_back(d["message"]);
  ASSERT_EQ(notes.size(), 2u) << j["diagnostics"].dump(1);
  EXPECT_EQ(notes[0].rfind("the control plane's _policies differs from kuma-2.14's at _policies.MeshPassthrough: "
                           "_policies.MeshPassthrough is {2 keys} live, null here; ",
                           0),
            0u)
      << notes[0];
  EXPECT_EQ(notes[1].rfind("the control plane's _policies differs from kuma-2.14's at _policies.MeshTrace: "
                           "_policies.MeshTrace.conf.backends[0].zipkin.url is \"http://zipkin.tracing:9411/api/v2/spans\" live, "
                           "\"http://jaeger-collector:9411/api/v2/spans\" here",
                           0),
            0u)
      << notes[1];
  auto t = RunCli("eval --kuma-cp " + cp.url() + " --mesh default --dataplane web-1");
  EXPECT_NE(t.out.find("== divergences: 2 (2 fields)\n"), std::string::npos) << t.out;
}

TEST(LiveKumaCpTest, PoliciesNotAnsweredAreSaidAndRulesStillCompared) {
  KumaCp cp;  // meshServices not Exclusive: Kuma answers 400 (meshservice_disabled.golden.json)
  cp.policies = R"({"type": "/std-errors", "status": 400, "title": "Bad Request",
    "detail": "bad request: can't use _policies endpoint without meshService enabled",
    "details": "bad request: can't use _policies endpoint without meshService enabled"})";
  cp.policies_status = 400;
  auto r = RunCli("eval --format json --kuma-cp " + cp.url() + " --mesh default --dataplane web-1");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["live"]["policies_skipped"]["status"], 400);
  EXPECT_EQ(j["live"]["policies_skipped"]["said"],
            "\"Bad Request\": \"bad request: can't use _policies endpoint without meshService enabled\"");
  EXPECT_EQ(j["divergences"], nlohmann::json::array());
  auto t = RunCli("eval --kuma-cp " + cp.url() + " --mesh default --dataplane web-1");
  EXPECT_NE(t.out.find("; _policies not compared: HTTP 400 \"Bad Request\": \"bad request: can't use _policies "
                       "endpoint without meshService enabled\"\n"),
            std::string::npos)
      << t.out;
  // A body that is not Kuma's answer: LIVE033.
  cp.policies = R"({"items": []})";
  cp.policies_status = 200;
  cp.mesh = kExclusiveMesh;
  cp.rules = Rules("5s", true);
  auto bad = RunCli("check --format json --kuma-cp " + cp.url() + " --mesh default --dataplane web-1");
  EXPECT_EQ(bad.exit_code, 1) << bad.out;
  EXPECT_NE(bad.out.find("_policies answered without \\\"policies\\\": not Kuma's inspect API"), std::string::npos)
      << bad.out;
}

}  // namespace
