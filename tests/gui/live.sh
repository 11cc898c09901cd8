#!/usr/bin/env bash
# The desktop app's live sources under Xvfb (docs/live-sources.md "In the desktop app"),
# driven by the app's --step hooks and checked through --dump-state:
#   live.sh APP PNG_CHECK SOURCE_DIR OUT_DIR [CSDS_SERVE]
# Servers on loopback: Debian's dnsmasq on 127.0.0.1 and a free port with local TXT data (one
# record; NXDOMAIN for the rest of .test), and tests/gui/live_servers.py: a DNS server whose
# answer changes between two queries (so Refresh is seen to re-query), a UDP socket that never
# answers (the timeout), and an HTTP server with a config_dump in the shape of Envoy's admin
# (which also changes between two requests), HTTP 500 and an HTML body.
#   1. dns: File > Connect... > DNS (step lookup=HOST,server=...) opens dns:_grpc_config.one.test read
#      by the txt engine (query name, NOERROR, the record, round_robin); flip.test, then Refresh
#      (F5): the same document, fetched twice, now pick_first; missing.test: NXDOMAIN, LIVE003 in
#      the Problems panel and no ENG002 beside it (core EmptySourceExplained, shared with the CLI).
#   2. faults: a timeout (LIVE002), a refused port (LIVE001), and a 30 s lookup cancelled while it
#      runs (step cancel): the app ends long before that lookup's timeout.
#   3. admin: File > Connect... > Envoy admin (step admin=URL) opens the config_dump with the matcher
#      engine, the NACK as MAT040 with Envoy's reason; Refresh gets the next dump (a second
#      listener's matcher appears); HTTP 500 (LIVE012)
#      and an HTML body (LIVE013) open documents that carry their diagnostic.
#   4. kuma: a Kuma control plane's API (step kuma=URL,mesh=M,dataplane=NAME): the resources
#      read by the policy engine under kuma-2.14 (its version) and one LIVE036 for the field its
#      _rules answers differently.
#   5. csds: File > Connect... > CSDS (step csds=HOST:PORT) against tests/csds_serve answering
#      tests/live/csds-answer.textproto (one client scope with TP2 variants): the scope opens as
#      the matcher engine's document and its variants with the client's subscription as the
#      variants engine's (the groups the CLI answers: the client with env=prod gets route-api's
#      variant 1); Refresh (F5) fetches both again into the same two documents.
# Screenshots at 1440x900 of the DNS answer, the admin config_dump and the Kuma mesh are left in OUT_DIR.
# The DNS runs skip, saying so, only when the dnsmasq binary is not installed.
set -euo pipefail
app=$1 check=$2 src=$3 out=$4 csds_serve=${5:-}
mkdir -p "$out"
run_xvfb() { xvfb-run -a -s '-screen 0 1440x900x24' "$@"; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done; }
trap cleanup EXIT

python3 "$src/tests/gui/live_servers.py" >"$out/live-servers.json" &
pids+=($!)
for _ in $(seq 50); do [[ -s "$out/live-servers.json" ]] && break; sleep 0.1; done
read -r flip silent http < <(python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); print(j["flip"], j["silent"], j["http"])' "$out/live-servers.json")

dnsmasq=""
dnsmasq=$(command -v dnsmasq || true)  # on PATH, as scripts/require-tools.sh finds it (make adds /usr/sbin)

if [[ -z "$dnsmasq" ]]; then
  echo "FAIL dns: dnsmasq is not installed: install Debian's dnsmasq-base (scripts/setup.sh does)"
  exit 1
else
  dport=$(free_port)
  cat >"$out/live-dnsmasq.conf" <<'CONF'
local-ttl=300
txt-record=_grpc_config.one.test,"grpc_config=[{\"serviceConfig\":{\"loadBalancingPolicy\":\"round_robin\"}}]"
CONF
  user=(); [[ $(id -u) == 0 ]] && user=(--user=root)
  "$dnsmasq" --keep-in-foreground --conf-file="$out/live-dnsmasq.conf" --no-resolv --no-hosts \
    --listen-address=127.0.0.1 --bind-interfaces --port="$dport" --pid-file= --local=/test/ \
    --log-facility=/dev/null "${user[@]}" &
  pids+=($!)
  for _ in $(seq 50); do
    python3 - "$dport" <<'PY' && break || sleep 0.1
import socket, sys
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.settimeout(0.2)
q = b"\x12\x34\x01\x00\x00\x01\x00\x00\x00\x00\x00\x00" + b"".join(bytes([len(l)]) + l for l in [b"_grpc_config", b"one", b"test"]) + b"\x00\x00\x10\x00\x01"
s.sendto(q, ("127.0.0.1", int(sys.argv[1])))
s.recvfrom(512)
PY
  done

  # 1. The answers, Refresh, NXDOMAIN.
  run_xvfb "$app" --settings-dir "$out/live-settings" --size 1440x900 --frames 5 \
    --step "lookup=flip.test,server=127.0.0.1:$flip,timeout=3000" --step refresh \
    --step "lookup=missing.test,server=127.0.0.1:$dport,timeout=3000" \
    --step "lookup=one.test,server=127.0.0.1:$dport,timeout=3000" \
    --screenshot "$out/live-dns.png" --dump-state "$out/live-dns.json"
  "$check" "$out/live-dns.png" 64 1440 900
  python3 - "$out/live-dns.json" "$dport" "$flip" <<'PY'
import json, sys
s = json.load(open(sys.argv[1])); dport, flip = sys.argv[2], sys.argv[3]
docs = {d["path"]: d for d in s["documents"]}
assert list(docs) == ["dns:_grpc_config.flip.test", "dns:_grpc_config.missing.test", "dns:_grpc_config.one.test"], list(docs)
assert s["documents"][s["active"]]["path"] == "dns:_grpc_config.one.test"
live = {d["path"]: d for d in s["live"]["documents"]}
# one.test: the query name, the server, NOERROR, one record of one string, TTL 300, read as gRPC C++ reads it.
one = docs["dns:_grpc_config.one.test"]
assert one["engine"] == "txt" and one["view"] == "txt", (one["engine"], one["view"])
info = live["dns:_grpc_config.one.test"]["info"]
assert info["query"] == "_grpc_config.one.test" and info["server"] == "127.0.0.1:" + dport, info
assert info["rcode"] == "NOERROR" and info["transport"] == "udp" and info["truncated"] is False, info
assert info["records"] == [{"owner": "_grpc_config.one.test.", "ttl": 300, "strings": 1}], info["records"]
res = one["report"]["result"]
assert res["service_config"] == {"loadBalancingPolicy": "round_robin"} and res["choice"] == 0, res
assert [r["ttl"] for r in res["records"]] == [300] and res["records"][0]["read"] is True, res["records"]
assert res["lookup"]["queried_by_default"] is False, res["lookup"]  # grpc-core: off by default
# "lookup" is a fact about each profile, not a divergence: one.test's profiles all pick round_robin.
assert one["divergences"] == [], one["divergences"]
assert s["problems"] == [], s["problems"]
assert one["view_shows"]["client"]["lookup"] == {"profile": "grpc-core", "queried_by_default": False}, one["view_shows"]["client"]
# flip.test: Refresh asked again (2 fetches) into the same document, which shows the new answer.
flip_doc = docs["dns:_grpc_config.flip.test"]
assert live["dns:_grpc_config.flip.test"]["fetches"] == 2, live["dns:_grpc_config.flip.test"]
assert live["dns:_grpc_config.flip.test"]["info"]["server"] == "127.0.0.1:" + flip
assert flip_doc["report"]["result"]["service_config"] == {"loadBalancingPolicy": "pick_first"}, flip_doc["report"]["result"]
assert flip_doc["files"][0]["dirty"] is False
# missing.test: NXDOMAIN is LIVE003 on the status line (3:1), and no ENG002 beside it.
miss = docs["dns:_grpc_config.missing.test"]
assert live["dns:_grpc_config.missing.test"]["info"]["rcode"] == "NXDOMAIN"
codes = [(d["code"], d["line"], d["column"]) for d in miss["report"]["diagnostics"]]
assert codes == [("LIVE003", 3, 1)], codes
assert s["live"]["running"] is None and s["live"]["cancelled"] == 0, s["live"]
print("live dns: one.test, flip.test refreshed, missing.test NXDOMAIN:", codes)
PY
  # The NXDOMAIN answer active: its LIVE003 in the Problems panel, no ENG002.
  run_xvfb "$app" --settings-dir "$out/live-settings" --size 1440x900 --frames 5 \
    --step "lookup=missing.test,server=127.0.0.1:$dport,timeout=3000" \
    --screenshot "$out/live-nxdomain.png" --dump-state "$out/live-nxdomain.json"
  python3 - "$out/live-nxdomain.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
p = [(x["code"], x["severity"], x["file"], x["line"], x["column"]) for x in s["problems"]]
assert p == [("LIVE003", "warning", "dns:_grpc_config.missing.test", 3, 1)], p
assert "NXDOMAIN" in s["problems"][0]["message"], s["problems"][0]["message"]
print("live nxdomain problems:", p)
PY
fi

# 2. Faults: a timeout, a refused port, a lookup cancelled while it runs. The cancelled one has a
# 30 s timeout: the whole run must end long before.
refused=$(free_port)
t0=$(date +%s%N)
run_xvfb "$app" --settings-dir "$out/live-settings" --size 1440x900 --frames 5 \
  --step "lookup=slow.test,server=127.0.0.1:$silent,timeout=800" \
  --step "lookup=closed.test,server=127.0.0.1:$refused,timeout=2000" \
  --step "lookup=hang.test,server=127.0.0.1:$silent,timeout=30000" --step cancel \
  --screenshot "$out/live-faults.png" --dump-state "$out/live-faults.json"
ms=$(( ($(date +%s%N) - t0) / 1000000 ))
"$check" "$out/live-faults.png" 64 1440 900
python3 - "$out/live-faults.json" "$silent" "$refused" "$ms" <<'PY'
import json, sys
s = json.load(open(sys.argv[1])); silent, refused, ms = sys.argv[2], sys.argv[3], int(sys.argv[4])
docs = {d["path"]: d for d in s["documents"]}
assert list(docs) == ["dns:_grpc_config.slow.test", "dns:_grpc_config.closed.test"], list(docs)
slow = [(d["code"], d["line"], d["column"]) for d in docs["dns:_grpc_config.slow.test"]["report"]["diagnostics"]]
assert slow == [("LIVE002", 2, 1)], slow
assert "127.0.0.1:" + silent in docs["dns:_grpc_config.slow.test"]["report"]["diagnostics"][0]["message"]
# The refused lookup is active: its LIVE001 is what the Problems panel shows, nothing else.
assert s["documents"][s["active"]]["path"] == "dns:_grpc_config.closed.test"
p = [(x["code"], x["severity"], x["line"], x["column"]) for x in s["problems"]]
assert p == [("LIVE001", "error", 2, 1)], p
assert "127.0.0.1:" + refused in s["problems"][0]["message"], s["problems"][0]["message"]
# The cancelled lookup opened nothing, and the app did not wait for its 30 s timeout.
assert s["live"]["running"] is None and s["live"]["cancelled"] == 1, s["live"]
assert s["live"]["status"].startswith("cancelled: _grpc_config.hang.test"), s["live"]["status"]
assert ms < 20000, f"the run took {ms} ms: the cancelled 30 s lookup held the app"
print(f"live faults: LIVE002 {slow}, LIVE001 {p}, cancelled; run {ms} ms")
PY

# 3. Envoy admin: the config_dump, Refresh, HTTP 500, a body that is not JSON.
url="http://127.0.0.1:$http"
run_xvfb "$app" --settings-dir "$out/live-settings" --size 1440x900 --frames 5 \
  --step "admin=$url,timeout=3000" --step refresh \
  --screenshot "$out/live-admin.png" --dump-state "$out/live-admin.json"
"$check" "$out/live-admin.png" 64 1440 900
run_xvfb "$app" --settings-dir "$out/live-settings" --size 1440x900 --frames 5 \
  --step "admin=$url/down,timeout=3000" --step "admin=$url/html,timeout=3000" \
  --screenshot "$out/live-admin-faults.png" --dump-state "$out/live-admin-faults.json"
python3 - "$out/live-admin.json" "$out/live-admin-faults.json" "$http" <<'PY'
import json, sys
s = json.load(open(sys.argv[1])); f = json.load(open(sys.argv[2])); port = sys.argv[3]
name = "envoy-admin:127.0.0.1:%s/config_dump" % port
assert [d["path"] for d in s["documents"]] == [name], [d["path"] for d in s["documents"]]
d = s["documents"][0]
assert d["engine"] == "matcher", d["engine"]
live = s["live"]["documents"][0]
assert live["fetches"] == 2 and live["info"]["status"] == 200, live
# The refreshed dump (version 8, with listener edge-2) is the one shown: both RBAC matchers found.
codes = [(x["code"], x["line"]) for x in d["report"]["diagnostics"]]
mat040 = [x for x in d["report"]["diagnostics"] if x["code"] == "MAT040"]
assert mat040 and "duplicate matcher name" in mat040[0]["message"], codes
found = [(m["resource"], m["context"]) for m in d["report"]["result"]["envoy"]["matchers"]]
assert found == [("Listener edge", "RBAC filter matcher"), ("Listener edge-2", "RBAC filter matcher")], found
assert d["report"]["result"]["envoy"]["shape"] == "config_dump"
assert all(x["code"] != "ENG002" for x in d["report"]["diagnostics"]), codes
docs = {x["path"]: x for x in f["documents"]}
down = "http://127.0.0.1:%s/down" % port
html = "envoy-admin:127.0.0.1:%s/html/config_dump" % port
assert list(docs) == [down, html], list(docs)
c500 = [(x["code"], x["line"], x["column"]) for x in docs[down]["report"]["diagnostics"]]
assert c500 == [("LIVE012", 1, 1)], c500
assert "HTTP 500" in docs[down]["report"]["diagnostics"][0]["message"]
p = [(x["code"], x["file"], x["line"], x["column"]) for x in f["problems"]]
assert p == [("LIVE013", html, 1, 1)], p
assert "text/html" in f["problems"][0]["message"], f["problems"][0]["message"]
print("live admin: config_dump refreshed,", [x[0] for x in codes], "; HTTP 500", c500, "; HTML", p)
PY
# 4. A Kuma control plane (File > Connect..., step kuma=URL,mesh=M,dataplane=NAME): the mesh's
# resources open with the policy engine under the profile of its version, and its _rules, which
# differs from ours in one field, gives one LIVE036 note.
run_xvfb "$app" --settings-dir "$out/settings-kuma" --size 1440x900 --frames 40 \
  --step "kuma=http://127.0.0.1:$http/kuma,mesh=default,dataplane=web-1,timeout=5000" \
  --screenshot "$out/live-kuma.png" --dump-state "$out/live-kuma.json"
"$check" "$out/live-kuma.png" 64 1440 900
python3 - "$out/live-kuma.json" "$http" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
docs = s["live"]["documents"]
assert len(docs) == 1, docs
d = docs[0]
assert d["path"] == "kuma-cp:127.0.0.1:%s/meshes/default" % sys.argv[2], d["path"]
assert d["source"] == "kuma-cp" and d["mesh"] == "default" and d["dataplane"] == "web-1", d
assert d["codes"] == ["LIVE036"], d["codes"]
assert d["info"]["version"] == "2.14.3" and d["info"]["profile"] == "kuma-2.14", d["info"]
assert d["info"]["differing_answers"] == 1, d["info"]["differing_answers"]
assert d["info"]["divergences"][0]["path"] == "/rules/0/fromRules/0/rules/0/conf/http/requestTimeout", d["info"]["divergences"]
assert "1 answer differs from kuma-2.14" in s["live"]["status"], s["live"]["status"]
print("live kuma: policy engine under kuma-2.14, one differing answer (LIVE036)")
PY

# 5. CSDS: a gRPC client's xDS state, its TP2 variants in a document of the variants engine.
if [[ -n "$csds_serve" ]]; then
  "$csds_serve" "$src/tests/live/csds-answer.textproto" >"$out/csds.port" &
  pids+=($!)
  for _ in $(seq 100); do [[ -s "$out/csds.port" ]] && break; sleep 0.1; done
  target=$(cat "$out/csds.port")
  run_xvfb "$app" --settings-dir "$out/settings-csds" --size 1440x900 --frames 20 \
    --step "csds=$target,timeout=5000" --step refresh \
    --screenshot "$out/live-csds.png" --dump-state "$out/live-csds.json"
  "$check" "$out/live-csds.png" 64 1440 900
  python3 - "$out/live-csds.json" "$target" <<'PY'
import json, sys
s = json.load(open(sys.argv[1])); scope = "csds:%s/xds:///api.example.com" % sys.argv[2]
docs = [(d["path"], d["engine"], [f["name"] for f in d["files"]]) for d in s["documents"]]
assert docs == [(scope, "matcher", [scope]),
                (scope + "#variants", "variants", [scope + "#variants", scope + "#client"])], docs
live = [(d["path"], d["fetches"], d["codes"]) for d in s["live"]["documents"]]
assert live == [(scope, 2, ["LIVE026", "LIVE029", "LIVE037"]), (scope + "#variants", 2, ["LIVE026", "LIVE029", "LIVE037"])], live
v = s["documents"][1]["report"]
sub = v["result"]["subscriptions"]
assert [(x["params"], [(r["resource"], r["selected"], r["outcome"]) for r in x["resources"]]) for x in sub] == \
    [({"env": "prod"}, [("route-api", 1, "match")])], sub
assert [(x["code"], x["line"], x["column"]) for x in v["diagnostics"]] == [("VAR105", 7, 42)], v["diagnostics"]
m = s["documents"][0]["report"]
assert [x["code"] for x in m["diagnostics"]] == ["LIVE037", "LIVE029", "LIVE026"], m["diagnostics"]
print("live csds: the scope (matcher) and its TP2 variants (variants: env=prod gets route-api variant 1), refreshed twice")
PY
else
  echo "FAIL csds: no csds_serve given (tests/gui/CMakeLists.txt passes it)"; exit 1
fi

echo "live: screenshots in $out (live-dns.png, live-faults.png, live-admin.png)"
