// Live sources against real servers on loopback (docs/live-sources.md): Debian's dnsmasq, started
// here on 127.0.0.1 and a free port with local TXT data, answers the DNS lookups (one record,
// several strings, several records and names, a >512-byte answer that needs the TCP fallback,
// NXDOMAIN, a name without TXT); a silent UDP socket gives the timeout, a closed port the refusal,
// a fake server that only sets TC the failed TCP fallback. A cpp-httplib server on loopback
// serves a config_dump written here in the shape Envoy's admin documents (GET /config_dump:
// envoy.admin.v3.ConfigDump, `configs` of *ConfigDump with dynamic_* entries and error_state).
// Without the dnsmasq binary, or when it does not answer, every DNS test FAILS naming the package
// (dnsmasq-base): a test environment is complete or the run is red, never silently skipped. The
// readiness probe is a hand-built DNS query over a raw UDP socket (DnsAnswers below), not the code
// under test, so a broken LookupTxt fails LiveDnsTest instead of skipping it.
//
// What c-ares returns is read as grpc-core reads it (grpc src/core/resolver/dns/c_ares/
// grpc_ares_wrapper.cc, on_txt_done_locked: the first record whose first string starts with
// grpc_config=, its strings concatenated); the txt engine's grpc-core profile does the same.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>
#include <httplib.h>

#include <atomic>
#include <cstdlib>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <mutex>
#include <thread>

#include "app/live/live.h"
#include "tests/cli/cli_runner.h"

extern char** environ;

namespace {

using cfgi::testing::RunCli;
using Clock = std::chrono::steady_clock;

int FreePort() {
  int s = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  bind(s, reinterpret_cast<sockaddr*>(&a), sizeof a);
  socklen_t len = sizeof a;
  getsockname(s, reinterpret_cast<sockaddr*>(&a), &len);
  int port = ntohs(a.sin_port);
  close(s);
  return port;
}

// The readiness probe, independent of the code under test: one DNS query for `name` TXT (RFC 1035
// 4.1: a 12-byte header with RD set, the name as labels, QTYPE 16, QCLASS 1) sent over a plain UDP
// socket; true when an answer with the same id and the QR bit comes back within `ms`.
bool DnsAnswers(int port, const std::string& name, int ms) {
  std::string q = {'\x4a', '\x21', '\x01', '\x00', '\x00', '\x01', '\x00', '\x00', '\x00', '\x00', '\x00', '\x00'};
  size_t start = 0;
  while (start <= name.size()) {
    size_t dot = name.find('.', start);
    if (dot == std::string::npos) dot = name.size();
    q += static_cast<char>(dot - start);
    q += name.substr(start, dot - start);
    start = dot + 1;
  }
  q += std::string("\x00\x00\x10\x00\x01", 5);
  int s = socket(AF_INET, SOCK_DGRAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = htons(static_cast<uint16_t>(port));
  bool ok = false;
  if (sendto(s, q.data(), q.size(), 0, reinterpret_cast<sockaddr*>(&a), sizeof a) == static_cast<ssize_t>(q.size())) {
    pollfd p{s, POLLIN, 0};
    unsigned char buf[1500];
    if (poll(&p, 1, ms) == 1) {
      ssize_t n = recv(s, buf, sizeof buf, 0);
      ok = n >= 12 && buf[0] == 0x4a && buf[1] == 0x21 && (buf[2] & 0x80) != 0;
    }
  }
  close(s);
  return ok;
}

// dnsmasq on PATH (the Makefile appends /usr/sbin, where Debian installs it), as
// scripts/require-tools.sh finds it.
std::string FindDnsmasq() {
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "";
  size_t start = 0;
  while (start <= dirs.size()) {
    size_t colon = dirs.find(':', start);
    if (colon == std::string::npos) colon = dirs.size();
    std::string p = dirs.substr(start, colon - start) + "/dnsmasq";
    if (colon > start && access(p.c_str(), X_OK) == 0) return p;
    start = colon + 1;
  }
  return {};
}

// The zone: every case the DNS tests read (a trailing comment names the test that reads it).
std::string Zone() {
  std::string a(200, 'a'), b(250, 'b'), c(100, 'c');
  return "local-ttl=300\n"
         // one record, one string
         "txt-record=_grpc_config.one.test,\"grpc_config=[{\\\"serviceConfig\\\":{\\\"loadBalancingPolicy\\\":\\\"round_robin\\\"}}]\"\n"
         // one record, three strings (split inside the JSON)
         "txt-record=_grpc_config.split.test,\"grpc_config=[{\\\"clientLanguage\\\":[\\\"c++\\\"],\",\"\\\"serviceConfig\\\":"
         "{\\\"loadBalancingPolicy\\\":\",\"\\\"pick_first\\\"}}]\"\n"
         // two records at one name: an SPF record and the config
         "txt-record=_grpc_config.two.test,\"v=spf1 -all\"\n"
         "txt-record=_grpc_config.two.test,\"grpc_config=[{\\\"percentage\\\":100,\\\"serviceConfig\\\":{\\\"loadBalancingPolicy\\\":\\\"pick_first\\\"}}]\"\n"
         // more than 512 bytes: three strings, 600 bytes of JSON
         "txt-record=_grpc_config.big.test,\"grpc_config=[{\\\"serviceConfig\\\":{\\\"methodConfig\\\":[{\\\"name\\\":[{\\\"service\\\":\\\"" + a +
         "\",\"" + b + "\",\"" + c + "\\\"}],\\\"timeout\\\":\\\"1s\\\"}]}}]\"\n"
         // a name without TXT records
         "host-record=_grpc_config.addr.test,127.0.0.2\n";
}

class DnsServer {
 public:
  bool Start(std::string* why) {
    std::string bin = FindDnsmasq();
    if (bin.empty()) {
      *why = "dnsmasq is not on PATH: install Debian's dnsmasq-base (scripts/setup.sh does) and run through make, which puts /usr/sbin on PATH; the DNS live-source tests need it";
      return false;
    }
    port_ = FreePort();
    conf_ = ::testing::TempDir() + "live_dnsmasq_" + std::to_string(getpid()) + ".conf";
    std::ofstream(conf_) << Zone();
    std::vector<std::string> args = {bin, "--keep-in-foreground", "--conf-file=" + conf_, "--no-resolv", "--no-hosts",
                                     "--listen-address=127.0.0.1", "--bind-interfaces",
                                     "--port=" + std::to_string(port_), "--pid-file=", "--local=/test/",
                                     "--user=" + std::string(getuid() == 0 ? "root" : ""), "--log-facility=/dev/null"};
    if (getuid() != 0) args.erase(args.end() - 2);
    std::vector<char*> argv;
    for (std::string& s : args) argv.push_back(s.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    int rc = posix_spawn(&pid_, bin.c_str(), &fa, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0) {
      *why = "cannot start " + bin;
      pid_ = 0;
      return false;
    }
    // Ready when it answers a hand-built query (at most 10 s).
    for (int i = 0; i < 50; ++i) {
      if (DnsAnswers(port_, "one.test", 200)) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    *why = "dnsmasq did not answer on 127.0.0.1:" + std::to_string(port_);
    return false;
  }
  ~DnsServer() {
    if (pid_ > 0) {
      kill(pid_, SIGTERM);
      waitpid(pid_, nullptr, 0);
    }
    if (!conf_.empty()) std::remove(conf_.c_str());
  }
  std::string server() const { return "127.0.0.1:" + std::to_string(port_); }

 private:
  pid_t pid_ = 0;
  int port_ = 0;
  std::string conf_;
};

class LiveDnsTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    server_ = new DnsServer();
    if (!server_->Start(&why_)) {
      delete server_;
      server_ = nullptr;
    }
  }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
  }
  void SetUp() override {
    if (!server_) FAIL() << why_;
  }
  static cfgi::live::LiveResult Lookup(const std::string& host) {
    return cfgi::live::LookupTxt({host, server_->server(), 3000});
  }
  static nlohmann::json Eval(const std::string& host, const std::string& more = "") {
    auto r = RunCli("eval --format json --lookup " + host + " --dns-server " + server_->server() + " " + more);
    return nlohmann::json::parse(r.out);
  }
  static DnsServer* server_;
  static std::string why_;
};
DnsServer* LiveDnsTest::server_ = nullptr;
std::string LiveDnsTest::why_;

std::vector<std::string> Codes(const cfgi::live::LiveResult& r) {
  std::vector<std::string> out;
  for (const auto& d : r.diagnostics)
    out.push_back(d.code + " " + std::to_string(d.begin.line) + ":" + std::to_string(d.begin.column));
  return out;
}

TEST_F(LiveDnsTest, OneRecordIsReadAsGrpcCoreReadsIt) {
  cfgi::live::LiveResult r = Lookup("one.test");
  EXPECT_TRUE(r.diagnostics.empty()) << r.document.text;
  EXPECT_EQ(r.document.name, "dns:_grpc_config.one.test");
  EXPECT_EQ(r.info["query"], "_grpc_config.one.test");
  EXPECT_EQ(r.info["rcode"], "NOERROR");
  EXPECT_EQ(r.info["transport"], "udp");
  EXPECT_EQ(r.info["records"], nlohmann::ordered_json::parse(R"([{"owner":"_grpc_config.one.test.","ttl":300,"strings":1}])"));
  EXPECT_NE(r.document.text.find(";; ->>HEADER<<- opcode: QUERY, status: NOERROR"), std::string::npos);
  EXPECT_NE(r.document.text.find("_grpc_config.one.test.\t300\tIN\tTXT\t\"grpc_config=[{\\\"serviceConfig\\\":{\\\"loadBalancingPolicy\\\":\\\"round_robin\\\"}}]\""),
            std::string::npos)
      << r.document.text;
  // Through the CLI: the txt engine reads the answer; the query name is shown.
  nlohmann::json j = Eval("one.test");
  EXPECT_EQ(j["engine"], "txt");
  EXPECT_EQ(j["result"]["service_config"]["loadBalancingPolicy"], "round_robin");
  EXPECT_EQ(j["result"]["records"][0]["ttl"], 300);
  EXPECT_EQ(j["live"]["query"], "_grpc_config.one.test");
  EXPECT_EQ(j["live"]["server"], server_->server());
  auto text = RunCli("eval --lookup one.test --dns-server " + server_->server());
  EXPECT_EQ(text.exit_code, 0);
  EXPECT_EQ(text.out.rfind("; query _grpc_config.one.test TXT at " + server_->server() + "\n", 0), 0u) << text.out;
}

TEST_F(LiveDnsTest, SeveralStringsAreConcatenated) {
  cfgi::live::LiveResult r = Lookup("split.test");
  EXPECT_TRUE(r.diagnostics.empty());
  EXPECT_EQ(r.info["records"][0]["strings"], 3);
  nlohmann::json j = Eval("split.test", "--profile grpc-core");
  EXPECT_EQ(j["result"]["choice"], 0);
  EXPECT_EQ(j["result"]["service_config"]["loadBalancingPolicy"], "pick_first");
  EXPECT_EQ(j["result"]["records"][0]["strings"].size(), 3u);
}

TEST_F(LiveDnsTest, SeveralRecordsAndSeveralNames) {
  cfgi::live::LiveResult r = Lookup("two.test");
  EXPECT_TRUE(r.diagnostics.empty());
  ASSERT_EQ(r.info["records"].size(), 2u);
  // The client picks the grpc_config record, whichever order the server sends them in.
  nlohmann::json j = Eval("two.test", "--profile grpc-core");
  EXPECT_EQ(j["result"]["service_config"]["loadBalancingPolicy"], "pick_first");
  int with_prefix = 0;
  for (const auto& rec : j["result"]["records"]) with_prefix += rec["grpc_config"].get<bool>();
  EXPECT_EQ(with_prefix, 1);
  // Another name of the same server gives its own config.
  EXPECT_EQ(Eval("one.test")["result"]["service_config"]["loadBalancingPolicy"], "round_robin");
}

TEST_F(LiveDnsTest, AnswerOver512BytesFallsBackToTcp) {
  cfgi::live::LiveResult r = Lookup("big.test");
  EXPECT_EQ(r.info["transport"], "udp+tcp");
  EXPECT_GT(r.info["size"].get<size_t>(), 512u);
  EXPECT_EQ(r.info["truncated"], false);  // the TCP answer is whole
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].code, "LIVE005");
  EXPECT_EQ(r.diagnostics[0].severity, cfgi::doc::Severity::kNote);
  // At the ";; SERVER:" line of the answer.
  size_t server_line = r.document.text.find(";; SERVER: ");
  EXPECT_EQ(r.diagnostics[0].range.begin, server_line);
  nlohmann::json j = Eval("big.test");
  EXPECT_EQ(j["result"]["service_config"]["methodConfig"][0]["timeout"], "1s");
  EXPECT_EQ(j["result"]["service_config"]["methodConfig"][0]["name"][0]["service"].get<std::string>().size(), 550u);
}

TEST_F(LiveDnsTest, NxdomainAndNoTxt) {
  cfgi::live::LiveResult r = Lookup("missing.test");
  EXPECT_EQ(r.info["rcode"], "NXDOMAIN");
  EXPECT_EQ(Codes(r), std::vector<std::string>{"LIVE003 3:1"});
  EXPECT_EQ(r.diagnostics[0].severity, cfgi::doc::Severity::kWarning);
  r = Lookup("addr.test");
  EXPECT_EQ(r.info["rcode"], "NOERROR");
  EXPECT_EQ(Codes(r), std::vector<std::string>{"LIVE004 3:1"});
  auto cli = RunCli("check --format json --lookup missing.test --dns-server " + server_->server());
  nlohmann::json j = nlohmann::json::parse(cli.out);
  bool found = false;
  for (const auto& d : j["diagnostics"])
    if (d["code"] == "LIVE003") {
      found = true;
      EXPECT_EQ(d["file"], "dns:_grpc_config.missing.test");
      EXPECT_EQ(d["line"], 3);
    }
  EXPECT_TRUE(found) << cli.out;
  // The answer holds no record: its LIVE003 says why, so neither ENG002 "the file is empty" nor
  // TXT015 "no TXT record found" beside it (core/engine EmptySourceExplained, the rule the app
  // shares: gui_live and DocumentTest.LiveAnswerWithoutRecordsHasItsLiveDiagnosticOnly check it).
  std::vector<std::string> codes;
  for (const auto& d : j["diagnostics"]) codes.push_back(d["code"]);
  EXPECT_EQ(codes, std::vector<std::string>{"LIVE003"}) << cli.out;
  EXPECT_EQ(cli.exit_code, 0) << cli.out;  // a warning only
}

// "Is lookup even on?" beside the selected config, per profile, and not a divergence: one.test's
// record is read alike by every profile, so --profile all has no divergence, and the profiles'
// lookup defaults are listed apart as profile settings (TxtEngine::profile_settings).
TEST_F(LiveDnsTest, LookupDefaultIsAProfileSettingNotADivergence) {
  nlohmann::json j = Eval("one.test", "--profile all");
  EXPECT_EQ(j["divergences"], nlohmann::json::array()) << j["divergences"];
  bool lookup = false;
  for (const auto& st : j["profile_settings"])
    if (st["path"] == "/lookup/queried_by_default") {
      lookup = true;
      EXPECT_EQ(st["values"], nlohmann::json::parse(R"({"grpc-core": false, "grpc-java": false, "grpc-go": true, "a2": true})"));
    }
  EXPECT_TRUE(lookup) << j.dump();
  EXPECT_EQ(j["profiles"]["grpc-go"]["result"]["lookup"]["queried_by_default"], true);
  auto text = RunCli("eval --lookup one.test --dns-server " + server_->server() + " --profile grpc-java");
  EXPECT_NE(text.out.find("  TXT lookup: off by default: start the JVM with "
                          "-Dio.grpc.internal.DnsNameResolverProvider.enable_service_config=true"),
            std::string::npos)
      << text.out;
  text = RunCli("eval --lookup one.test --dns-server " + server_->server() + " --profile all");
  EXPECT_NE(text.out.find("== divergences: 0\n"), std::string::npos) << text.out;
}

// Faults without dnsmasq: a UDP socket that never answers, a port where nothing listens, a
// server that answers with TC set and has no TCP listener, a bad server address.
TEST(LiveDnsFaultTest, TimeoutIsBoundedAndCoded) {
  int s = socket(AF_INET, SOCK_DGRAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(bind(s, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
  socklen_t len = sizeof a;
  getsockname(s, reinterpret_cast<sockaddr*>(&a), &len);
  std::string server = "127.0.0.1:" + std::to_string(ntohs(a.sin_port));
  auto t0 = Clock::now();
  cfgi::live::LiveResult r = cfgi::live::LookupTxt({"example.com", server, 400});
  long ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count();
  close(s);
  EXPECT_EQ(Codes(r), std::vector<std::string>{"LIVE002 2:1"});
  EXPECT_NE(r.diagnostics[0].message.find(server), std::string::npos);
  // Bounded by the request's timeout: never sooner than it (less c-ares' clock granularity), and
  // within 10x of it, a margin for a loaded 2-core machine (a hang would be unbounded).
  EXPECT_GE(ms, 350);
  EXPECT_LT(ms, 400 * 10);
  EXPECT_EQ(r.info["rcode"], nullptr);
}

TEST(LiveDnsFaultTest, RefusedAndBadServer) {
  std::string server = "127.0.0.1:" + std::to_string(FreePort());
  cfgi::live::LiveResult r = cfgi::live::LookupTxt({"example.com", server, 2000});
  EXPECT_EQ(Codes(r), std::vector<std::string>{"LIVE001 2:1"}) << r.document.text;
  r = cfgi::live::LookupTxt({"example.com", "dns.example.com", 2000});
  EXPECT_EQ(Codes(r), std::vector<std::string>{"LIVE008 2:1"});
  // The CLI: exit 1, the diagnostic printed with the document's name.
  auto cli = RunCli("check --lookup example.com --dns-server " + server + " --timeout 1000");
  EXPECT_EQ(cli.exit_code, 1);
  EXPECT_NE(cli.out.find("dns:_grpc_config.example.com:2:1: error: [LIVE001]"), std::string::npos) << cli.out;
  // Usage errors.
  EXPECT_EQ(RunCli("eval --dns-server 127.0.0.1").exit_code, 2);
  EXPECT_EQ(RunCli("eval --lookup a.test --timeout 0").exit_code, 2);
  EXPECT_EQ(RunCli("eval --lookup a.test --admin http://127.0.0.1:1").exit_code, 2);
}

TEST(LiveDnsFaultTest, TruncatedAnswerWithoutTcpIsAnError) {
  // A UDP server that answers every query with the question and TC set, and no TCP listener on
  // its port (c-ares' TCP retry is refused).
  int s = socket(AF_INET, SOCK_DGRAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(bind(s, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
  socklen_t len = sizeof a;
  getsockname(s, reinterpret_cast<sockaddr*>(&a), &len);
  std::string server = "127.0.0.1:" + std::to_string(ntohs(a.sin_port));
  std::atomic<bool> stop{false};
  std::thread t([&] {
    timeval tv{0, 100000};
    setsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    while (!stop) {
      unsigned char buf[512];
      sockaddr_in from{};
      socklen_t fl = sizeof from;
      ssize_t n = recvfrom(s, buf, sizeof buf, 0, reinterpret_cast<sockaddr*>(&from), &fl);
      if (n < 12) continue;
      buf[2] = 0x83;  // QR, opcode 0, AA off, TC, RD
      buf[3] = 0x80;  // RA, NOERROR
      sendto(s, buf, static_cast<size_t>(n), 0, reinterpret_cast<sockaddr*>(&from), fl);
    }
  });
  cfgi::live::LiveResult r = cfgi::live::LookupTxt({"example.com", server, 2000});
  stop = true;
  t.join();
  close(s);
  EXPECT_EQ(r.info["transport"], "udp+tcp");
  EXPECT_EQ(Codes(r), std::vector<std::string>{"LIVE006 2:1"}) << r.document.text;
}

// ---- Envoy admin ----

// A config_dump in the shape of Envoy's admin (envoy.admin.v3.ConfigDump): a listener whose
// RBAC filter holds a matcher, and a NACKed listener update whose error_state carries Envoy's
// reason (envoy.admin.v3.UpdateFailureState: failed_configuration, last_update_attempt, details).
const char* kConfigDump = R"({
 "configs": [
  {
   "@type": "type.googleapis.com/envoy.admin.v3.ListenersConfigDump",
   "version_info": "7",
   "dynamic_listeners": [
    {
     "name": "edge",
     "active_state": {
      "version_info": "7",
      "listener": {
       "@type": "type.googleapis.com/envoy.config.listener.v3.Listener",
       "name": "edge",
       "address": {"socket_address": {"address": "0.0.0.0", "port_value": 10000}},
       "filter_chains": [{"filters": [{
        "name": "envoy.filters.network.http_connection_manager",
        "typed_config": {
         "@type": "type.googleapis.com/envoy.extensions.filters.network.http_connection_manager.v3.HttpConnectionManager",
         "stat_prefix": "edge",
         "route_config": {"name": "local"},
         "http_filters": [
          {"name": "envoy.filters.http.rbac",
           "typed_config": {
            "@type": "type.googleapis.com/envoy.extensions.filters.http.rbac.v3.RBAC",
            "matcher": {
             "matcher_list": {"matchers": [{
              "predicate": {"single_predicate": {
               "input": {"name": "role", "typed_config": {"@type": "type.googleapis.com/envoy.type.matcher.v3.HttpRequestHeaderMatchInput", "header_name": "x-role"}},
               "value_match": {"exact": "admin"}}},
              "on_match": {"action": {"name": "allow", "typed_config": {"@type": "type.googleapis.com/envoy.config.rbac.v3.Action", "name": "allow"}}}
             }]},
             "on_no_match": {"action": {"name": "deny", "typed_config": {"@type": "type.googleapis.com/envoy.config.rbac.v3.Action", "name": "deny", "action": "DENY"}}}
            }}},
          {"name": "envoy.filters.http.router", "typed_config": {"@type": "type.googleapis.com/envoy.extensions.filters.http.router.v3.Router"}}
         ]}}]}]
      },
      "last_updated": "2026-11-23T10:00:00Z"
     },
     "error_state": {
      "failed_configuration": {
       "@type": "type.googleapis.com/envoy.config.listener.v3.Listener",
       "name": "edge"
      },
      "last_update_attempt": "2026-11-23T10:05:00Z",
      "details": "Error adding/updating listener(s) edge: duplicate matcher name"
     }
    }
   ]
  }
 ]
})";

class AdminServer {
 public:
  AdminServer() {
    svr_.Get("/config_dump", [this](const httplib::Request& req, httplib::Response& res) {
      saw_include_eds_ = req.has_param("include_eds");
      res.set_content(kConfigDump, "application/json");
    });
    svr_.Get("/down/config_dump", [](const httplib::Request&, httplib::Response& res) {
      res.status = 503;
      res.set_content("envoy overloaded", "text/plain");
    });
    svr_.Get("/html/config_dump", [](const httplib::Request&, httplib::Response& res) {
      res.set_content("<html><body>login</body></html>", "text/html");
    });
    svr_.Get("/q/config_dump", [this](const httplib::Request& req, httplib::Response& res) {
      std::lock_guard<std::mutex> l(mu_);
      last_query_.clear();
      for (const auto& [k, v] : req.params) last_query_ += k + "=" + v + ";";
      res.set_content(R"({"configs": []})", "application/json");
    });
    svr_.Get("/slow/config_dump", [](const httplib::Request&, httplib::Response& res) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1500));
      res.set_content("{}", "application/json");
    });
    port_ = svr_.bind_to_any_port("127.0.0.1");
    thread_ = std::thread([this] { svr_.listen_after_bind(); });
    while (!svr_.is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ~AdminServer() {
    svr_.stop();
    thread_.join();
  }
  std::string url(const std::string& path = "") const { return "http://127.0.0.1:" + std::to_string(port_) + path; }
  bool saw_include_eds() const { return saw_include_eds_; }
  std::string last_query() {
    std::lock_guard<std::mutex> l(mu_);
    return last_query_;
  }

 private:
  std::mutex mu_;
  std::string last_query_;
  httplib::Server svr_;
  int port_ = 0;
  std::thread thread_;
  std::atomic<bool> saw_include_eds_{false};
};

TEST(LiveAdminTest, ConfigDumpOpensAsAFileDoes) {
  AdminServer s;
  cfgi::live::LiveResult r = cfgi::live::FetchConfigDump({s.url(), false, 3000});
  EXPECT_TRUE(r.diagnostics.empty());
  EXPECT_FALSE(s.saw_include_eds());
  EXPECT_EQ(r.info["status"], 200);
  EXPECT_EQ(r.document.text, kConfigDump);
  r = cfgi::live::FetchConfigDump({s.url("/config_dump"), true, 3000});
  EXPECT_TRUE(s.saw_include_eds());
  EXPECT_EQ(r.info["url"], s.url("/config_dump?include_eds"));

  // The CLI reads it with the matcher engine: the embedded matcher is found and evaluated, the
  // NACK is MAT040 with Envoy's reason.
  auto cli = RunCli("eval --format json --admin " + s.url() + " --header x-role=admin");
  nlohmann::json j = nlohmann::json::parse(cli.out);
  EXPECT_EQ(j["engine"], "matcher");
  EXPECT_EQ(j["live"]["status"], 200);
  bool nack = false;
  for (const auto& d : j["diagnostics"])
    if (d["code"] == "MAT040") {
      nack = true;
      EXPECT_NE(d["message"].get<std::string>().find("duplicate matcher name"), std::string::npos);
    }
  EXPECT_TRUE(nack) << cli.out;
  EXPECT_NE(cli.out.find("\"allow\""), std::string::npos) << cli.out;
}

TEST(LiveAdminTest, HttpErrorsNonJsonRefusedAndTimeout) {
  AdminServer s;
  cfgi::live::LiveResult r = cfgi::live::FetchConfigDump({s.url("/down"), false, 3000});
  EXPECT_EQ(Codes(r), std::vector<std::string>{"LIVE012 1:1"});
  EXPECT_NE(r.diagnostics[0].message.find("HTTP 503"), std::string::npos);
  EXPECT_NE(r.diagnostics[0].message.find("envoy overloaded"), std::string::npos);
  EXPECT_TRUE(r.document.name.empty());
  r = cfgi::live::FetchConfigDump({s.url("/html"), false, 3000});
  EXPECT_EQ(Codes(r), std::vector<std::string>{"LIVE013 1:1"});
  EXPECT_NE(r.diagnostics[0].message.find("text/html"), std::string::npos);
  r = cfgi::live::FetchConfigDump({"http://127.0.0.1:" + std::to_string(FreePort()), false, 2000});
  EXPECT_EQ(Codes(r), std::vector<std::string>{"LIVE010 1:1"});
  auto t0 = Clock::now();
  r = cfgi::live::FetchConfigDump({s.url("/slow"), false, 300});
  long ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count();
  EXPECT_EQ(Codes(r), std::vector<std::string>{"LIVE011 1:1"});
  EXPECT_LT(ms, 300 * 10);  // bounded by the 300 ms timeout, with the 10x margin of the DNS timeout test
  r = cfgi::live::FetchConfigDump({"ftp://x", false, 300});
  EXPECT_EQ(Codes(r), std::vector<std::string>{"LIVE014 1:1"});
  // The CLI: exit 1, nothing to evaluate, the diagnostic and the request in JSON.
  auto cli = RunCli("eval --format json --admin " + s.url("/down"));
  EXPECT_EQ(cli.exit_code, 1);
  nlohmann::json j = nlohmann::json::parse(cli.out);
  EXPECT_EQ(j["diagnostics"][0]["code"], "LIVE012");
  EXPECT_EQ(j["live"]["status"], 503);
}

// Envoy's /config_dump parameters (admin docs: resource=, mask=, name_regex=, include_eds) go to
// the admin as given; any other parameter, or one without its value, is LIVE014 before a request.
TEST(LiveAdminTest, QueryParametersAreEnvoysAndOnlyThose) {
  AdminServer s;
  cfgi::live::LiveResult r =
      cfgi::live::FetchConfigDump({s.url("/q/config_dump?resource=dynamic_active_clusters&mask=cluster.name"), true, 3000});
  EXPECT_TRUE(r.diagnostics.empty());
  // httplib's params are a multimap, sorted by name.
  EXPECT_EQ(s.last_query(), "include_eds=;mask=cluster.name;resource=dynamic_active_clusters;");
  EXPECT_EQ(r.info["url"], s.url("/q/config_dump?resource=dynamic_active_clusters&mask=cluster.name&include_eds"));
  EXPECT_EQ(r.info["query"].dump(), R"({"resource":"dynamic_active_clusters","mask":"cluster.name","include_eds":""})");
  EXPECT_EQ(r.info["include_eds"], true);
  r = cfgi::live::FetchConfigDump({s.url("/q?name_regex=.*inbound.*"), false, 3000});
  EXPECT_TRUE(r.diagnostics.empty());
  EXPECT_EQ(s.last_query(), "name_regex=.*inbound.*;");

  r = cfgi::live::FetchConfigDump({s.url("/config_dump?format=yaml"), false, 3000});
  ASSERT_EQ(Codes(r), std::vector<std::string>{"LIVE014 1:1"});
  EXPECT_NE(r.diagnostics[0].message.find("'format' is not a /config_dump parameter"), std::string::npos)
      << r.diagnostics[0].message;
  r = cfgi::live::FetchConfigDump({s.url("/config_dump?resource="), false, 3000});
  ASSERT_EQ(Codes(r), std::vector<std::string>{"LIVE014 1:1"});
  EXPECT_NE(r.diagnostics[0].message.find("resource= needs a value"), std::string::npos) << r.diagnostics[0].message;
}

// A server on a stream socket that reads one request and sends `reply` (a test fixture standing
// in for Envoy's admin on a pipe, or for a port that speaks another protocol).
class RawServer {
 public:
  // `unix_path` empty: TCP on 127.0.0.1 and a free port.
  RawServer(std::string unix_path, std::string reply) : path_(std::move(unix_path)), reply_(std::move(reply)) {
    if (!path_.empty()) {
      fd_ = socket(AF_UNIX, SOCK_STREAM, 0);
      sockaddr_un a{};
      a.sun_family = AF_UNIX;
      std::snprintf(a.sun_path, sizeof a.sun_path, "%s", path_.c_str());
      unlink(path_.c_str());
      EXPECT_EQ(bind(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
    } else {
      fd_ = socket(AF_INET, SOCK_STREAM, 0);
      sockaddr_in a{};
      a.sin_family = AF_INET;
      a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
      EXPECT_EQ(bind(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
      socklen_t len = sizeof a;
      getsockname(fd_, reinterpret_cast<sockaddr*>(&a), &len);
      port_ = ntohs(a.sin_port);
    }
    EXPECT_EQ(listen(fd_, 4), 0);
    thread_ = std::thread([this] {
      pollfd p{fd_, POLLIN, 0};
      while (!stop_) {
        if (poll(&p, 1, 50) <= 0) continue;
        int c = accept(fd_, nullptr, nullptr);
        if (c < 0) continue;
        std::string req;
        char buf[4096];
        pollfd pc{c, POLLIN, 0};
        while (req.find("\r\n\r\n") == std::string::npos && poll(&pc, 1, 1000) > 0) {
          ssize_t n = read(c, buf, sizeof buf);
          if (n <= 0) break;
          req.append(buf, static_cast<size_t>(n));
        }
        {
          std::lock_guard<std::mutex> l(mu_);
          request_ = req.substr(0, req.find("\r\n"));
        }
        if (!reply_.empty()) (void)!write(c, reply_.data(), reply_.size());
        close(c);
      }
    });
  }
  ~RawServer() {
    stop_ = true;
    thread_.join();
    close(fd_);
    if (!path_.empty()) unlink(path_.c_str());
  }
  int port() const { return port_; }
  std::string request_line() {
    std::lock_guard<std::mutex> l(mu_);
    return request_;
  }

 private:
  std::string path_, reply_;
  int fd_ = -1, port_ = 0;
  std::atomic<bool> stop_{false};
  std::mutex mu_;
  std::string request_;
  std::thread thread_;
};

std::string HttpOk(const std::string& body) {
  return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) +
         "\r\nConnection: close\r\n\r\n" + body;
}

// Envoy's admin on a Unix socket (bootstrap admin.address.pipe.path; a Kuma sidecar's is
// <workdir>/kuma-envoy-admin.sock, kumahq/kuma AdminSocketName): `--admin unix:PATH` as
// `curl --unix-socket PATH http://localhost/config_dump` reads it.
TEST(LiveAdminTest, UnixSocketAdminAsKumaSidecarsHaveIt) {
  std::string dir = ::testing::TempDir() + "cfgi-admin-" + std::to_string(getpid());
  std::filesystem::create_directories(dir);
  std::string sock = dir + "/kuma-envoy-admin.sock";
  {
    RawServer s(sock, HttpOk(kConfigDump));
    cfgi::live::LiveResult r = cfgi::live::FetchConfigDump({"unix:" + sock + "?resource=dynamic_listeners", true, 3000});
    EXPECT_TRUE(r.diagnostics.empty()) << (r.diagnostics.empty() ? "" : r.diagnostics[0].message);
    EXPECT_EQ(s.request_line(), "GET /config_dump?resource=dynamic_listeners&include_eds HTTP/1.1");
    EXPECT_EQ(r.document.text, kConfigDump);
    EXPECT_EQ(r.document.name, "envoy-admin:unix:" + sock + "/config_dump?resource=dynamic_listeners&include_eds");
    EXPECT_EQ(r.info["url"], "unix:" + sock + "/config_dump?resource=dynamic_listeners&include_eds");
    EXPECT_EQ(r.info["status"], 200);
    // unix:// and a path after the socket name are the same request.
    r = cfgi::live::FetchConfigDump({"unix://" + sock + "/config_dump", false, 3000});
    EXPECT_TRUE(r.diagnostics.empty());
    EXPECT_EQ(s.request_line(), "GET /config_dump HTTP/1.1");

    // The CLI reads it with the matcher engine, as the TCP admin: the NACK is MAT040.
    auto cli = RunCli("check --format json --admin unix:" + sock);
    nlohmann::json j = nlohmann::json::parse(cli.out);
    EXPECT_EQ(j["engine"], "matcher");
    EXPECT_EQ(j["live"]["url"], "unix:" + sock + "/config_dump");
    int nacks = 0;
    for (const auto& d : j["diagnostics"]) nacks += d["code"] == "MAT040";
    EXPECT_EQ(nacks, 1) << cli.out;
  }
  // No socket there: LIVE010, saying where a Kuma sidecar keeps it.
  cfgi::live::LiveResult r = cfgi::live::FetchConfigDump({"unix:" + sock, false, 2000});
  ASSERT_EQ(Codes(r), std::vector<std::string>{"LIVE010 1:1"});
  EXPECT_NE(r.diagnostics[0].message.find("cannot connect to the socket " + sock), std::string::npos)
      << r.diagnostics[0].message;
  EXPECT_NE(r.diagnostics[0].message.find("kuma-envoy-admin.sock"), std::string::npos);
  r = cfgi::live::FetchConfigDump({"unix:", false, 2000});
  EXPECT_EQ(Codes(r), std::vector<std::string>{"LIVE014 1:1"});
  std::filesystem::remove_all(dir);
}

// A port that is not HTTP (an SSH banner, a server that closes at once) or a TLS handshake with
// Envoy's plain-HTTP admin: LIVE016, never a timeout or a parse of the banner.
TEST(LiveAdminTest, WrongProtocolIsLive016) {
  {
    RawServer ssh("", "SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u3\r\n");
    cfgi::live::LiveResult r = cfgi::live::FetchConfigDump({"http://127.0.0.1:" + std::to_string(ssh.port()), false, 3000});
    ASSERT_EQ(Codes(r), std::vector<std::string>{"LIVE016 1:1"});
    EXPECT_NE(r.diagnostics[0].message.find("did not answer as an HTTP server"), std::string::npos) << r.diagnostics[0].message;
  }
  {
    RawServer silent_close("", "");
    cfgi::live::LiveResult r =
        cfgi::live::FetchConfigDump({"http://127.0.0.1:" + std::to_string(silent_close.port()), false, 3000});
    EXPECT_EQ(Codes(r), std::vector<std::string>{"LIVE016 1:1"});
  }
  AdminServer s;
  std::string https = s.url();
  https.replace(0, 4, "https");
  cfgi::live::LiveResult r = cfgi::live::FetchConfigDump({https, false, 3000});
  ASSERT_EQ(Codes(r), std::vector<std::string>{"LIVE016 1:1"});
  EXPECT_NE(r.diagnostics[0].message.find("TLS handshake failed"), std::string::npos) << r.diagnostics[0].message;
}

}  // namespace
