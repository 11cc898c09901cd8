// app/live/dns_lookup.cpp: the DNS TXT live source (live.h) with c-ares, the library grpc-core's
// c-ares resolver uses. The query is grpc-core's: ares_query(name, ns_c_in, ns_t_txt) on a
// channel with c-ares' defaults (no EDNS; a UDP answer with TC set is asked again over TCP), and
// the strings are read with ares_parse_txt_reply_ext, where record_start marks the first string
// of each record (grpc src/core/resolver/dns/c_ares/grpc_ares_wrapper.cc, on_txt_done_locked).
// The whole answer is then written as `dig` prints it, so the txt engine reads it as it reads a
// pasted `dig` output (core/txt/txt_records.cpp) and every later finding points into it.
#include <ares.h>
#include <arpa/nameser.h>
#include <sys/select.h>
#include <sys/socket.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "app/live/live.h"
#include "core/doc/source.h"

namespace cfgi::live {

namespace {

using Clock = std::chrono::steady_clock;

struct Rr {
  std::string owner;
  int type = 0;
  int rclass = 1;
  uint32_t ttl = 0;
  std::vector<std::string> strings;  // TXT: the character-strings (from ares_parse_txt_reply_ext)
  std::string rdata;                 // other types: the raw RDATA
  std::string text;                  // other types: presentation form of the RDATA
  int section = 0;                   // 1 answer, 2 authority, 3 additional
};

struct Answer {
  bool have = false;
  int id = 0, flags = 0, qd = 0, an = 0, ns = 0, ar = 0;
  std::vector<Rr> rrs;
  size_t size = 0;
};

struct QueryState {
  bool done = false;
  int status = ARES_SUCCESS;
  std::string buf;
  bool tcp = false;  // a TCP socket was opened (the UDP answer was truncated)
};

const char* TypeName(int t) {
  switch (t) {
    case 1: return "A";
    case 2: return "NS";
    case 5: return "CNAME";
    case 6: return "SOA";
    case 12: return "PTR";
    case 15: return "MX";
    case 16: return "TXT";
    case 28: return "AAAA";
    case 33: return "SRV";
    case 41: return "OPT";
    default: return nullptr;
  }
}

std::string TypeText(int t) {
  const char* n = TypeName(t);
  return n ? n : "TYPE" + std::to_string(t);
}

const char* RcodeName(int rc) {
  static const char* kNames[] = {"NOERROR", "FORMERR", "SERVFAIL", "NXDOMAIN", "NOTIMP", "REFUSED",
                                 "YXDOMAIN", "YXRRSET", "NXRRSET", "NOTAUTH", "NOTZONE"};
  return rc >= 0 && rc < 11 ? kNames[rc] : "RCODE?";
}

// RFC 1035 presentation of one character-string: quoted, `"` and `\` escaped, bytes outside
// printable ASCII as \DDD (what dig prints and core/txt decodes).
std::string Quote(const std::string& s) {
  std::string o = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      o += '\\';
      o += static_cast<char>(c);
    } else if (c < 0x20 || c >= 0x7f) {
      char b[8];
      std::snprintf(b, sizeof b, "\\%03u", c);
      o += b;
    } else {
      o += static_cast<char>(c);
    }
  }
  return o + "\"";
}

uint16_t U16(const unsigned char* p) { return static_cast<uint16_t>((p[0] << 8) | p[1]); }
uint32_t U32(const unsigned char* p) {
  return (uint32_t{p[0]} << 24) | (uint32_t{p[1]} << 16) | (uint32_t{p[2]} << 8) | p[3];
}

std::string Name(const unsigned char* at, const unsigned char* buf, int len, long* used) {
  char* name = nullptr;
  if (ares_expand_name(at, buf, len, &name, used) != ARES_SUCCESS) return {};
  std::string n = name;
  ares_free_string(name);
  return n + ".";
}

// The header and every resource record of a DNS message; TXT strings come from c-ares'
// parser (as grpc-core reads them), TTLs, owners and the other types from this walk.
Answer Parse(const std::string& m) {
  Answer a;
  const auto* buf = reinterpret_cast<const unsigned char*>(m.data());
  int len = static_cast<int>(m.size());
  a.size = m.size();
  if (len < 12) return a;
  a.have = true;
  a.id = U16(buf);
  a.flags = U16(buf + 2);
  a.qd = U16(buf + 4);
  a.an = U16(buf + 6);
  a.ns = U16(buf + 8);
  a.ar = U16(buf + 10);
  const unsigned char* p = buf + 12;
  const unsigned char* end = buf + len;
  for (int i = 0; i < a.qd && p < end; ++i) {
    long used = 0;
    if (Name(p, buf, len, &used).empty()) return a;
    p += used + 4;
  }
  int total = a.an + a.ns + a.ar;
  for (int i = 0; i < total && p < end; ++i) {
    long used = 0;
    Rr rr;
    rr.owner = Name(p, buf, len, &used);
    if (rr.owner.empty() || p + used + 10 > end) break;
    p += used;
    rr.type = U16(p);
    rr.rclass = U16(p + 2);
    rr.ttl = U32(p + 4);
    uint16_t rdlen = U16(p + 8);
    p += 10;
    if (p + rdlen > end) break;
    rr.rdata.assign(reinterpret_cast<const char*>(p), rdlen);
    rr.section = i < a.an ? 1 : i < a.an + a.ns ? 2 : 3;
    if (rr.type == 1 && rdlen == 4) {
      rr.text = std::to_string(p[0]) + "." + std::to_string(p[1]) + "." + std::to_string(p[2]) + "." +
                std::to_string(p[3]);
    } else if (rr.type == 5 || rr.type == 2 || rr.type == 12) {
      long u = 0;
      rr.text = Name(p, buf, len, &u);
    } else if (rr.type == 6) {
      long u1 = 0, u2 = 0;
      std::string mname = Name(p, buf, len, &u1);
      std::string rname = mname.empty() ? "" : Name(p + u1, buf, len, &u2);
      if (!rname.empty() && p + u1 + u2 + 20 <= p + rdlen) {
        const unsigned char* q = p + u1 + u2;
        rr.text = mname + " " + rname + " " + std::to_string(U32(q)) + " " + std::to_string(U32(q + 4)) + " " +
                  std::to_string(U32(q + 8)) + " " + std::to_string(U32(q + 12)) + " " + std::to_string(U32(q + 16));
      }
    }
    if (rr.text.empty() && rr.type != 16) {  // RFC 3597 generic form
      char b[4];
      rr.text = "\\# " + std::to_string(rdlen) + (rdlen ? " " : "");
      for (uint16_t k = 0; k < rdlen; ++k) {
        std::snprintf(b, sizeof b, "%02x", p[k]);
        rr.text += b;
      }
    }
    p += rdlen;
    if (rr.type != 41) a.rrs.push_back(std::move(rr));
  }
  // The TXT strings as grpc-core reads them: ares_parse_txt_reply_ext, a new record at each
  // record_start, in answer order.
  ares_txt_ext* reply = nullptr;
  if (ares_parse_txt_reply_ext(buf, len, &reply) == ARES_SUCCESS) {
    size_t rec = 0;
    std::vector<Rr*> txt;
    for (Rr& rr : a.rrs)
      if (rr.section == 1 && rr.type == 16) txt.push_back(&rr);
    bool first = true;
    for (ares_txt_ext* t = reply; t; t = t->next) {
      if (t->record_start && !first) ++rec;
      first = false;
      if (rec < txt.size()) txt[rec]->strings.emplace_back(reinterpret_cast<const char*>(t->txt), t->length);
    }
  }
  if (reply) ares_free_data(reply);
  return a;
}

void OnAnswer(void* arg, int status, int /*timeouts*/, unsigned char* abuf, int alen) {
  auto* st = static_cast<QueryState*>(arg);
  st->done = true;
  st->status = status;
  if (abuf && alen > 0) st->buf.assign(reinterpret_cast<const char*>(abuf), static_cast<size_t>(alen));
}

int OnSocket(ares_socket_t /*fd*/, int type, void* data) {
  if (type == SOCK_STREAM) static_cast<QueryState*>(data)->tcp = true;
  return 0;
}

// "127.0.0.1:5353" -> c-ares' CSV form ("127.0.0.1:5353", "[::1]:53"); empty when not an IP.
bool ValidServer(const std::string& s) {
  if (s.empty()) return false;
  std::string host = s;
  if (s[0] == '[') {
    size_t close = s.find(']');
    if (close == std::string::npos) return false;
    host = s.substr(1, close - 1);
    if (close + 1 < s.size() && s[close + 1] != ':') return false;
  } else if (std::count(s.begin(), s.end(), ':') == 1) {
    host = s.substr(0, s.find(':'));
  }
  unsigned char b[16];
  return ares_inet_pton(AF_INET, host.c_str(), b) == 1 || ares_inet_pton(AF_INET6, host.c_str(), b) == 1;
}

// Builds the document and the diagnostics as lines are written, so a diagnostic can point at
// the line it is about.
class Writer {
 public:
  size_t Line(const std::string& l) {
    size_t at = text.size();
    text += l;
    text += '\n';
    return at;
  }
  std::string text;
};


struct Pending {
  size_t offset;
  doc::Severity sev;
  std::string code, message;
};

// The answer document and its diagnostics, built line by line so that each diagnostic points at
// the line it is about.
struct AnswerDoc {
  LiveResult out;
  std::vector<Pending> pending;
  Writer w;
  void Start(const std::string& qname) {
    out.document.name = "dns:" + qname;
    out.info["source"] = "dns";
    out.info["query"] = qname;
    out.info["type"] = "TXT";
  }
  LiveResult Finish() {
    out.document.text = w.text;
    doc::Source src(out.document.name, out.document.text);
    doc::DiagnosticSink sink(&src);
    for (const Pending& p : pending) {
      // The whole line the finding is about.
      size_t e = out.document.text.find('\n', p.offset);
      if (e == std::string::npos) e = out.document.text.size();
      doc::SourceRange r{static_cast<uint32_t>(p.offset), static_cast<uint32_t>(e)};
      sink.Add(p.sev, p.code, r, p.message);
    }
    out.diagnostics = sink.list();
    return out;
  }
};

// Everything after the answer came (or did not): the dig-style document and the LIVE findings.
LiveResult Describe(AnswerDoc& d, const std::string& qname, const std::string& server_shown,
                    const std::string& server_used, int timeout, int status, const std::string& buf, bool tcp,
                    bool cancelled, long ms);

}  // namespace

bool Available() { return true; }

LiveResult LookupTxt(const DnsRequest& req) {
  std::string qname = "_grpc_config." + req.host;
  while (!qname.empty() && qname.back() == '.') qname.pop_back();
  int timeout = req.timeout_ms > 0 ? req.timeout_ms : kDefaultDnsTimeoutMs;
  AnswerDoc d;
  LiveResult& out = d.out;
  d.Start(qname);
  out.info["timeout_ms"] = timeout;
  std::vector<Pending>& pending = d.pending;
  Writer& w = d.w;
  auto finish = [&d]() { return d.Finish(); };

  static const int init = ares_library_init(ARES_LIB_INIT_ALL);
  const std::string server_shown = req.server.empty() ? "the system resolver" : req.server;
  w.Line("; <<>> config-inspector-cli --lookup (c-ares " + std::string(ares_version(nullptr)) + ") <<>> " + qname +
         " TXT" + (req.server.empty() ? "" : " @" + req.server));
  if (req.host.empty() || req.host.find_first_of(" \t\r\n\"") != std::string::npos) {
    pending.push_back({w.Line(";; bad host name '" + req.host + "'"), doc::Severity::kError, "LIVE008",
                       "'" + req.host + "' is not a host name; give the host of the gRPC target (`dns:///HOST:PORT` -> "
                       "--lookup HOST)"});
    return finish();
  }
  if (!req.server.empty() && !ValidServer(req.server)) {
    pending.push_back({w.Line(";; bad server address '" + req.server + "'"), doc::Severity::kError, "LIVE008",
                       "--dns-server '" + req.server + "' is not IP, IP:PORT or [IPv6]:PORT (as grpc-core's "
                       "dns://IP:PORT/ authority); give the server's address, not its name"});
    return finish();
  }
  if (init != ARES_SUCCESS) {
    pending.push_back({w.Line(";; c-ares failed to start"), doc::Severity::kError, "LIVE007",
                       std::string("c-ares could not be initialised: ") + ares_strerror(init)});
    return finish();
  }

  ares_channel ch = nullptr;
  ares_options opts{};
  int mask = ARES_OPT_TIMEOUTMS | ARES_OPT_TRIES;
  // One try with the whole budget: the deadline below cancels the query in any case.
  opts.timeout = timeout;
  opts.tries = 1;
  int st = ares_init_options(&ch, &opts, mask);
  if (st != ARES_SUCCESS) {
    pending.push_back({w.Line(";; c-ares failed to start"), doc::Severity::kError, "LIVE007",
                       std::string("c-ares could not read the resolver configuration: ") + ares_strerror(st) +
                           "; give a server with --dns-server IP[:PORT]"});
    return finish();
  }
  if (!req.server.empty()) st = ares_set_servers_ports_csv(ch, req.server.c_str());
  std::string server_used = req.server;
  if (req.server.empty()) {
    ares_addr_port_node* servers = nullptr;
    if (ares_get_servers_ports(ch, &servers) == ARES_SUCCESS && servers) {
      char ip[64] = {0};
      ares_inet_ntop(servers->family, &servers->addr, ip, sizeof ip);
      server_used = std::string(ip) + (servers->udp_port ? ":" + std::to_string(servers->udp_port) : "");
    }
    if (servers) ares_free_data(servers);
  }
  out.info["server"] = server_used.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(server_used);
  QueryState qs;
  ares_set_socket_callback(ch, OnSocket, &qs);
  auto started = Clock::now();
  auto deadline = started + std::chrono::milliseconds(timeout);
  ares_query(ch, qname.c_str(), ns_c_in, ns_t_txt, OnAnswer, &qs);
  bool cancelled = false;
  while (!qs.done) {
    fd_set r, wr;
    FD_ZERO(&r);
    FD_ZERO(&wr);
    int nfds = ares_fds(ch, &r, &wr);
    if (nfds == 0) break;
    auto left = std::chrono::duration_cast<std::chrono::microseconds>(deadline - Clock::now());
    if (left.count() <= 0) {
      cancelled = true;
      ares_cancel(ch);
      break;
    }
    timeval max{static_cast<time_t>(left.count() / 1000000), static_cast<suseconds_t>(left.count() % 1000000)};
    timeval tv;
    timeval* tvp = ares_timeout(ch, &max, &tv);
    select(nfds, &r, &wr, nullptr, tvp);
    ares_process(ch, &r, &wr);
  }
  if (!qs.done) {  // ares_cancel runs the callback with ARES_ECANCELLED; be sure anyway
    cancelled = true;
    qs.status = ARES_ETIMEOUT;
  }
  ares_destroy(ch);
  long ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started).count();
  out.info["elapsed_ms"] = ms;
  out.info["transport"] = qs.tcp ? "udp+tcp" : "udp";

  return Describe(d, qname, server_shown, server_used, timeout, qs.status, qs.buf, qs.tcp, cancelled, ms);
}

namespace {

LiveResult Describe(AnswerDoc& d, const std::string& qname, const std::string& server_shown,
                    const std::string& server_used, int timeout, int status, const std::string& buf, bool tcp,
                    bool cancelled, long ms) {
  LiveResult& out = d.out;
  std::vector<Pending>& pending = d.pending;
  Writer& w = d.w;
  auto finish = [&d]() { return d.Finish(); };
  Answer a = Parse(buf);
  bool timed_out = cancelled || status == ARES_ETIMEOUT || status == ARES_ECANCELLED;
  const std::string where = "@" + (server_used.empty() ? server_shown : server_used);
  if (!a.have) {
    out.info["rcode"] = nullptr;
    if (timed_out) {
      pending.push_back({w.Line(";; connection timed out after " + std::to_string(ms) + " ms; no servers could be reached"),
                         doc::Severity::kError, "LIVE002",
                         "no answer from " + where + " for " + qname + " TXT within " + std::to_string(timeout) +
                             " ms; check the server address and port (dig " + where + " " + qname +
                             " TXT), or raise --timeout MS"});
    } else if (tcp) {
      pending.push_back({w.Line(";; the UDP answer was truncated and the TCP retry failed: " +
                                std::string(ares_strerror(status))),
                         doc::Severity::kError, "LIVE006",
                         "the answer for " + qname + " from " + where + " did not fit in 512 bytes (TC set) and "
                         "re-asking over TCP failed (" + ares_strerror(status) + "): open TCP port 53 on the "
                         "server (gRPC clients need it too), or make the records smaller"});
    } else if (status == ARES_ECONNREFUSED) {
      pending.push_back({w.Line(";; connection refused by " + where), doc::Severity::kError, "LIVE001",
                         "the DNS server " + where + " refused the connection (" + ares_strerror(status) +
                             "): nothing listens there; check --dns-server IP:PORT or the system's /etc/resolv.conf"});
    } else if (status == ARES_SUCCESS) {
      pending.push_back({w.Line(";; a " + std::to_string(buf.size()) + "-byte answer, shorter than a DNS header"),
                         doc::Severity::kError, "LIVE007",
                         "the answer from " + where + " for " + qname + " is " + std::to_string(buf.size()) +
                             " bytes, shorter than a DNS header (12): not a DNS server; check --dns-server"});
    } else {
      pending.push_back({w.Line(";; lookup failed: " + std::string(ares_strerror(status))), doc::Severity::kError,
                         "LIVE007",
                         "the lookup of " + qname + " TXT at " + where + " failed: " + ares_strerror(status) +
                             "; try dig " + where + " " + qname + " TXT"});
    }
    return finish();
  }

  int rcode = a.flags & 0xf;
  bool tc = a.flags & 0x0200;
  out.info["rcode"] = RcodeName(rcode);
  out.info["truncated"] = tc;
  out.info["size"] = a.size;
  std::string flags = ";; flags:";
  if (a.flags & 0x8000) flags += " qr";
  if (a.flags & 0x0400) flags += " aa";
  if (tc) flags += " tc";
  if (a.flags & 0x0100) flags += " rd";
  if (a.flags & 0x0080) flags += " ra";
  if (a.flags & 0x0020) flags += " ad";
  if (a.flags & 0x0010) flags += " cd";
  w.Line(";; Got answer:");
  size_t status_line = w.Line(";; ->>HEADER<<- opcode: QUERY, status: " + std::string(RcodeName(rcode)) +
                              ", id: " + std::to_string(a.id));
  w.Line(flags + "; QUERY: " + std::to_string(a.qd) + ", ANSWER: " + std::to_string(a.an) +
         ", AUTHORITY: " + std::to_string(a.ns) + ", ADDITIONAL: " + std::to_string(a.ar));
  w.Line("");
  w.Line(";; QUESTION SECTION:");
  w.Line(";" + qname + ".\t\tIN\tTXT");
  int txt = 0;
  std::vector<std::string> other_types;
  nlohmann::ordered_json records = nlohmann::ordered_json::array();
  for (int sec = 1; sec <= 3; ++sec) {
    bool header = false;
    for (const Rr& rr : a.rrs) {
      if (rr.section != sec) continue;
      if (!header) {
        w.Line("");
        w.Line(sec == 1 ? ";; ANSWER SECTION:" : sec == 2 ? ";; AUTHORITY SECTION:" : ";; ADDITIONAL SECTION:");
        header = true;
      }
      std::string line = rr.owner + "\t" + std::to_string(rr.ttl) + "\t" + (rr.rclass == 1 ? "IN" : "CLASS" + std::to_string(rr.rclass)) +
                         "\t" + TypeText(rr.type) + "\t";
      if (rr.type == 16) {
        for (size_t i = 0; i < rr.strings.size(); ++i) line += (i ? " " : "") + Quote(rr.strings[i]);
      } else {
        line += rr.text;
      }
      w.Line(line);
      if (sec == 1) {
        if (rr.type == 16) {
          ++txt;
          records.push_back({{"owner", rr.owner}, {"ttl", rr.ttl}, {"strings", rr.strings.size()}});
        } else {
          other_types.push_back(TypeText(rr.type));
        }
      }
    }
  }
  out.info["records"] = std::move(records);
  w.Line("");
  w.Line(";; Query time: " + std::to_string(ms) + " msec");
  size_t server_line = w.Line(";; SERVER: " + (server_used.empty() ? server_shown : server_used) + " (" +
                              (tcp ? "UDP, then TCP" : "UDP") + ")");
  w.Line(";; MSG SIZE  rcvd: " + std::to_string(a.size));

  if (tcp)
    pending.push_back({server_line, doc::Severity::kNote, "LIVE005",
                       "the UDP answer was truncated (TC: more than 512 bytes without EDNS), so c-ares asked again "
                       "over TCP and read this " + std::to_string(a.size) + "-byte answer, as grpc-core does; a client "
                       "that cannot reach TCP port 53 on " + where + " gets no service config"});
  if (tc && !tcp)
    pending.push_back({status_line, doc::Severity::kError, "LIVE006",
                       "the answer is truncated (TC set) and was not re-asked over TCP: the records shown are "
                       "incomplete; open TCP port 53 on " + where + " or make the records smaller"});
  if (rcode == 3) {
    pending.push_back({status_line, doc::Severity::kWarning, "LIVE003",
                       qname + " does not exist (NXDOMAIN at " + where + "): a gRPC client gets no service config "
                       "from DNS and uses its default; publish the TXT record at exactly _grpc_config.<host> (the "
                       "`encode` command writes it)"});
  } else if (rcode != 0) {
    pending.push_back({status_line, doc::Severity::kError, "LIVE007",
                       std::string("the server ") + where + " answered " + RcodeName(rcode) + " for " + qname +
                           " TXT; gRPC treats it as a failed TXT lookup; try dig " + where + " " + qname + " TXT"});
  } else if (txt == 0) {
    std::string types;
    for (const std::string& t : other_types) types += (types.empty() ? "" : ", ") + t;
    pending.push_back({status_line, doc::Severity::kWarning, "LIVE004",
                       qname + " exists but has no TXT record" + (types.empty() ? "" : " (the answer holds " + types + ")") +
                           ": a gRPC client gets no service config from DNS; add a TXT record \"grpc_config=[...]\" "
                           "at that name"});
  }
  return finish();
}

}  // namespace

LiveResult DescribeAnswer(const std::string& qname, const std::string& message, bool tcp) {
  AnswerDoc d;
  d.Start(qname);
  d.w.Line("; <<>> config-inspector-cli (a DNS message) <<>> " + qname + " TXT");
  return Describe(d, qname, "the server", "", kDefaultDnsTimeoutMs, ARES_SUCCESS, message, tcp, false, 0);
}

}  // namespace cfgi::live
