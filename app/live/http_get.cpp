// app/live/http_get.cpp: the live sources' HTTP GET with libcurl (http_get.h).
#include "app/live/http_get.h"

#include <chrono>
#include <memory>
#include <mutex>

namespace cfgi::live {

namespace {

struct Body {
  std::string text;
  size_t max = 0;
  bool too_big = false;
};

size_t OnData(char* data, size_t size, size_t n, void* user) {
  Body* b = static_cast<Body*>(user);
  if (b->text.size() + size * n > b->max) {
    b->too_big = true;
    return 0;  // curl stops with CURLE_WRITE_ERROR
  }
  b->text.append(data, size * n);
  return size * n;
}

void InitCurlOnce() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

}  // namespace

std::string Snippet(const std::string& body) {
  std::string s = body.substr(0, 120);
  for (char& c : s)
    if (c == '\n' || c == '\r' || c == '\t' || static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) c = ' ';
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s + (body.size() > 120 ? "..." : "");
}

HttpAnswer HttpGet(const HttpRequest& req) {
  HttpAnswer out;
  InitCurlOnce();
  std::unique_ptr<CURL, void (*)(CURL*)> curl(curl_easy_init(), curl_easy_cleanup);
  if (!curl) {
    out.rc = CURLE_FAILED_INIT;
    out.detail = "cannot start an HTTP client (curl_easy_init failed)";
    return out;
  }
  Body got;
  got.max = req.max_body;
  char error[CURL_ERROR_SIZE] = {0};
  curl_slist* headers = nullptr;
  if (!req.accept.empty()) headers = curl_slist_append(headers, ("Accept: " + req.accept).c_str());
  std::unique_ptr<curl_slist, void (*)(curl_slist*)> header_list(headers, curl_slist_free_all);
  curl_easy_setopt(curl.get(), CURLOPT_URL, req.url.c_str());
  if (!req.unix_socket.empty()) curl_easy_setopt(curl.get(), CURLOPT_UNIX_SOCKET_PATH, req.unix_socket.c_str());
  if (headers) curl_easy_setopt(curl.get(), CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(curl.get(), CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(curl.get(), CURLOPT_NOSIGNAL, 1L);  // called from worker threads
  curl_easy_setopt(curl.get(), CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(req.timeout_ms));
  curl_easy_setopt(curl.get(), CURLOPT_TIMEOUT_MS, static_cast<long>(req.timeout_ms));  // connect + whole answer
  curl_easy_setopt(curl.get(), CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(curl.get(), CURLOPT_WRITEFUNCTION, OnData);
  curl_easy_setopt(curl.get(), CURLOPT_WRITEDATA, &got);
  curl_easy_setopt(curl.get(), CURLOPT_ERRORBUFFER, error);
  curl_easy_setopt(curl.get(), CURLOPT_USERAGENT, "config-inspector");
  auto started = std::chrono::steady_clock::now();
  out.rc = curl_easy_perform(curl.get());
  out.elapsed_ms = static_cast<long>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count());
  out.detail = error[0] ? std::string(error) : curl_easy_strerror(out.rc);
  out.too_big = got.too_big;
  curl_easy_getinfo(curl.get(), CURLINFO_RESPONSE_CODE, &out.status);
  char* ctype = nullptr;
  curl_easy_getinfo(curl.get(), CURLINFO_CONTENT_TYPE, &ctype);
  out.content_type = ctype ? ctype : "";
  out.body = std::move(got.text);
  return out;
}

}  // namespace cfgi::live
