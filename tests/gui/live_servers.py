#!/usr/bin/env python3
"""Loopback servers for tests/gui/live.sh (the desktop app's live sources), beside the real
dnsmasq the script starts:

  - flip DNS: a small UDP DNS server whose _grpc_config.flip.test TXT answer changes from one
    query to the next (round_robin, then pick_first), so a Refresh (F5) is seen to re-query;
    every other name is NXDOMAIN. It answers as a DNS server does (RFC 1035 4.1: the header with
    the query's id, QR/RD/RA, the question copied, one TXT answer with a name pointer);
  - silent DNS: a UDP socket that reads queries and never answers (the timeout);
  - Envoy admin: an HTTP server whose /config_dump is a config_dump in the shape Envoy's admin
    documents (envoy.admin.v3.ConfigDump with a ListenersConfigDump whose RBAC filter holds a
    matcher, and an error_state on the listener) that changes from one request to the next: the
    second (version "8") adds a listener "edge-2" with a matcher of its own (header x-team), so a
    refresh is seen in the matchers the app finds; /down/config_dump answers HTTP 500,
    /html/config_dump an HTML page (not JSON).

Prints {"flip": port, "silent": port, "http": port} on one line, then serves until killed.
"""
import json
import socket
import struct
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def flip_dns(sock):
    n = 0
    while True:
        data, peer = sock.recvfrom(4096)
        if len(data) < 12:
            continue
        qid = data[:2]
        # The question: labels up to the root, then QTYPE and QCLASS.
        i, labels = 12, []
        while i < len(data) and data[i] != 0:
            ln = data[i]
            labels.append(data[i + 1:i + 1 + ln].decode("ascii", "replace"))
            i += 1 + ln
        question = data[12:i + 5]
        qname = ".".join(labels).lower()
        if qname != "_grpc_config.flip.test":
            sock.sendto(qid + struct.pack(">HHHHH", 0x8183, 1, 0, 0, 0) + question, peer)
            continue
        policy = "round_robin" if n % 2 == 0 else "pick_first"
        n += 1
        txt = ('grpc_config=[{"serviceConfig":{"loadBalancingPolicy":"%s"}}]' % policy).encode()
        rdata = bytes([len(txt)]) + txt
        answer = struct.pack(">HHHIH", 0xC00C, 16, 1, 60, len(rdata)) + rdata
        sock.sendto(qid + struct.pack(">HHHHH", 0x8180, 1, 1, 0, 0) + question + answer, peer)


def silent_dns(sock):
    while True:
        sock.recvfrom(4096)


def listener(name, header, value):
    rbac = {
        "@type": "type.googleapis.com/envoy.extensions.filters.http.rbac.v3.RBAC",
        "matcher": {
            "matcher_list": {"matchers": [{
                "predicate": {"single_predicate": {
                    "input": {"name": "h", "typed_config": {
                        "@type": "type.googleapis.com/envoy.type.matcher.v3.HttpRequestHeaderMatchInput",
                        "header_name": header}},
                    "value_match": {"exact": value}}},
                "on_match": {"action": {"name": "allow", "typed_config": {
                    "@type": "type.googleapis.com/envoy.config.rbac.v3.Action", "name": "allow"}}}}]},
            "on_no_match": {"action": {"name": "deny", "typed_config": {
                "@type": "type.googleapis.com/envoy.config.rbac.v3.Action", "name": "deny", "action": "DENY"}}}}}
    hcm = {
        "@type": "type.googleapis.com/envoy.extensions.filters.network.http_connection_manager.v3.HttpConnectionManager",
        "stat_prefix": name, "route_config": {"name": "local"},
        "http_filters": [{"name": "envoy.filters.http.rbac", "typed_config": rbac},
                         {"name": "envoy.filters.http.router", "typed_config": {
                             "@type": "type.googleapis.com/envoy.extensions.filters.http.router.v3.Router"}}]}
    return {
        "@type": "type.googleapis.com/envoy.config.listener.v3.Listener", "name": name,
        "address": {"socket_address": {"address": "0.0.0.0", "port_value": 10000}},
        "filter_chains": [{"filters": [{"name": "envoy.filters.network.http_connection_manager", "typed_config": hcm}]}]}


def config_dump(version, second):
    listeners = [{
        "name": "edge",
        "active_state": {"version_info": version, "listener": listener("edge", "x-role", "admin"),
                         "last_updated": "2026-11-23T10:00:00Z"},
        "error_state": {
            "failed_configuration": {"@type": "type.googleapis.com/envoy.config.listener.v3.Listener", "name": "edge"},
            "last_update_attempt": "2026-11-23T10:05:00Z",
            "details": "Error adding/updating listener(s) edge: duplicate matcher name"}}]
    if second:
        listeners.append({"name": "edge-2", "active_state": {
            "version_info": version, "listener": listener("edge-2", "x-team", "payments"),
            "last_updated": "2026-11-23T10:10:00Z"}})
    return {"configs": [{"@type": "type.googleapis.com/envoy.admin.v3.ListenersConfigDump",
                         "version_info": version, "dynamic_listeners": listeners}]}


# A Kuma control plane's API under /kuma (kumahq/kuma v2.14.3 pkg/api-server: the index, the Mesh,
# the Dataplane, each type's list, the dataplane's _rules), with one MeshTimeout on web-1's inbound.
# Its _rules says requestTimeout 6s where the resources give 5s: one differing answer (LIVE036).
KUMA_TIMEOUT = {"type": "MeshTimeout", "mesh": "default", "name": "web-inbound", "labels": {},
                "spec": {"targetRef": {"kind": "Dataplane", "labels": {"app": "web"}},
                         "from": [{"targetRef": {"kind": "Mesh"},
                                   "default": {"idleTimeout": "20s", "http": {"requestTimeout": "5s"}}}]}}
KUMA_INBOUND = {"name": "http", "port": 8080, "tags": {"kuma.io/service": "web"}}
KUMA_ORIGIN = {"labels": {}, "mesh": "default", "name": "web-inbound", "type": "MeshTimeout"}
KUMA = {
    "/kuma/": {"hostname": "kuma-cp-0", "product": "Kuma", "version": "2.14.3", "instanceId": "kuma-cp-0-1",
               "clusterId": "c1", "gui": "/gui"},
    "/kuma/meshes/default": {"type": "Mesh", "name": "default", "labels": {}},
    "/kuma/meshes/default/dataplanes/web-1": {
        "type": "Dataplane", "mesh": "default", "name": "web-1", "labels": {"app": "web"},
        "networking": {"address": "10.0.0.5", "inbound": [KUMA_INBOUND]}},
    "/kuma/meshes/default/meshtimeouts": {"total": 1, "items": [KUMA_TIMEOUT], "next": None},
    "/kuma/meshes/default/dataplanes/web-1/_rules": {
        "httpMatches": [],
        "resource": {"labels": {"app": "web"}, "mesh": "default", "name": "web-1", "type": "Dataplane"},
        "rules": [{
            "fromRules": [{"inbound": KUMA_INBOUND, "rules": [{
                "conf": {"http": {"requestTimeout": "6s"}, "idleTimeout": "20s"}, "matchers": [],
                "origin": [KUMA_ORIGIN]}]}],
            "inboundRules": [{"inbound": KUMA_INBOUND, "rules": [{
                "conf": [{"http": {"requestTimeout": "5s"}, "idleTimeout": "20s"}],
                "origin": [{"resourceMeta": KUMA_ORIGIN, "ruleIndex": 0}]}]}],
            "toResourceRules": [], "toRules": [], "type": "MeshTimeout", "warnings": []}]},
}


class Admin(BaseHTTPRequestHandler):
    served = 0

    def do_GET(self):
        path = self.path.split("?")[0]
        if path.startswith("/kuma/"):
            answer = KUMA.get(path)
            if answer is None and path.startswith("/kuma/meshes/default/") and path.count("/") == 4:
                answer = {"total": 0, "items": [], "next": None}  # another type's list: empty
            body = json.dumps(answer if answer is not None else {"status": 404, "title": "Not found"}).encode()
            self.send_response(200 if answer is not None else 404)
            self.send_header("Content-Type", "application/json")
        elif path == "/config_dump":
            first = Admin.served % 2 == 0
            Admin.served += 1
            body = json.dumps(config_dump("7" if first else "8", not first), indent=1).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
        elif path == "/down/config_dump":
            body = b"envoy: internal error while dumping"
            self.send_response(500)
            self.send_header("Content-Type", "text/plain")
        elif path == "/html/config_dump":
            body = b"<html><body>Sign in</body></html>"
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
        else:
            body = b"no such page"
            self.send_response(404)
            self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def main():
    flip = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    flip.bind(("127.0.0.1", 0))
    silent = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    silent.bind(("127.0.0.1", 0))
    http = ThreadingHTTPServer(("127.0.0.1", 0), Admin)
    for target, arg in ((flip_dns, flip), (silent_dns, silent)):
        threading.Thread(target=target, args=(arg,), daemon=True).start()
    threading.Thread(target=http.serve_forever, daemon=True).start()
    print(json.dumps({"flip": flip.getsockname()[1], "silent": silent.getsockname()[1],
                      "http": http.server_address[1]}), flush=True)
    threading.Event().wait()


if __name__ == "__main__":
    sys.exit(main())
