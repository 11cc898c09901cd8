// app/live/http_get.h: the one HTTP GET of the live sources (libcurl), shared by Envoy's admin
// (admin_fetch.cpp) and a Kuma control plane's REST API (kuma_cp.cpp): a deadline on connect and
// on the whole answer, a cap on the body, no redirects, http and https only, and a Unix socket
// when asked (CURLOPT_UNIX_SOCKET_PATH, as `curl --unix-socket` does). Each caller turns the
// outcome into its own LIVE codes.
//
//   HttpAnswer a = HttpGet({"http://127.0.0.1:5681/", "", 5000});
//   if (a.rc == CURLE_OK && a.status == 200) Use(a.body);
#pragma once

#include <curl/curl.h>

#include <cstddef>
#include <string>

namespace cfgi::live {

struct HttpRequest {
  std::string url;          // what curl asks for (with a Unix socket: http://localhost/PATH)
  std::string unix_socket;  // empty: TCP
  int timeout_ms = 10000;   // connect, and the whole answer
  size_t max_body = 256u << 20;
  std::string accept;       // an Accept header; empty: none
};

struct HttpAnswer {
  CURLcode rc = CURLE_OK;
  std::string detail;        // curl's error text for rc
  long status = 0;           // the HTTP status (0 when none came)
  std::string content_type;  // empty when none
  std::string body;
  bool too_big = false;      // the body passed max_body: rc is CURLE_WRITE_ERROR
  long elapsed_ms = 0;
};

// Never throws; every failure is in rc / detail.
HttpAnswer HttpGet(const HttpRequest& r);

// The start of a body for a message: at most 120 bytes, control and non-ASCII bytes as spaces.
std::string Snippet(const std::string& body);

}  // namespace cfgi::live
