#include "core/policy/policy_route_hash.h"

#include <array>
#include <cstdint>

namespace cfgi::policy {

namespace {

// FIPS 180-4 SHA-256.
std::array<uint8_t, 32> Sha256(std::string_view data) {
  static constexpr uint32_t k[64] = {
      0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
      0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
      0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
      0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
      0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
      0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
      0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
      0xc67178f2};
  uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  std::string msg(data);
  const uint64_t bits = static_cast<uint64_t>(data.size()) * 8;
  msg.push_back(static_cast<char>(0x80));
  while (msg.size() % 64 != 56) msg.push_back('\0');
  for (int i = 7; i >= 0; --i) msg.push_back(static_cast<char>((bits >> (i * 8)) & 0xff));
  auto rotr = [](uint32_t x, int n) { return (x >> n) | (x << (32 - n)); };
  for (size_t off = 0; off < msg.size(); off += 64) {
    uint32_t w[64];
    for (int i = 0; i < 16; ++i)
      w[i] = (uint32_t(uint8_t(msg[off + 4 * i])) << 24) | (uint32_t(uint8_t(msg[off + 4 * i + 1])) << 16) |
             (uint32_t(uint8_t(msg[off + 4 * i + 2])) << 8) | uint32_t(uint8_t(msg[off + 4 * i + 3]));
    for (int i = 16; i < 64; ++i) {
      uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
      uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int i = 0; i < 64; ++i) {
      uint32_t t1 = hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + k[i] + w[i];
      uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
      hh = g;
      g = f;
      f = e;
      e = d + t1;
      d = c;
      c = b;
      b = a;
      a = t1 + t2;
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
    h[4] += e;
    h[5] += f;
    h[6] += g;
    h[7] += hh;
  }
  std::array<uint8_t, 32> out{};
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 4; ++j) out[static_cast<size_t>(4 * i + j)] = static_cast<uint8_t>(h[i] >> (24 - 8 * j));
  return out;
}

// Go's encoding/json string: nlohmann's escaping, plus the HTML-safe escapes Go applies.
std::string GoString(const nlohmann::json& v) {
  std::string s = nlohmann::json(v.is_string() ? v.get<std::string>() : v.dump()).dump();
  std::string out;
  for (char c : s) {
    if (c == '<') out += "\\u003c";
    else if (c == '>') out += "\\u003e";
    else if (c == '&') out += "\\u0026";
    else out += c;
  }
  return out;
}

// One struct: its fields in Go's order; `omitempty` fields only when present and non-empty.
struct Field {
  const char* name;
  bool omitempty;
};
std::string GoStruct(const nlohmann::json& o, std::initializer_list<Field> fields) {
  std::string out = "{";
  bool first = true;
  for (const Field& f : fields) {
    auto it = o.is_object() ? o.find(f.name) : o.end();
    bool present = o.is_object() && it != o.end() && !it->is_null();
    if (f.omitempty && (!present || (it->is_string() && it->get<std::string>().empty()))) continue;
    if (!first) out += ",";
    first = false;
    out += std::string("\"") + f.name + "\":" + (present ? GoString(*it) : std::string("\"\""));
  }
  return out + "}";
}

template <class F>
std::string GoList(const nlohmann::json& a, F item) {
  std::string out = "[";
  for (size_t i = 0; i < a.size(); ++i) out += (i ? "," : "") + item(a[i]);
  return out + "]";
}

std::string GoMatch(const nlohmann::json& m) {
  std::string out = "{";
  bool first = true;
  auto add = [&](const char* k, const std::string& v) {
    out += (first ? "" : ",") + std::string("\"") + k + "\":" + v;
    first = false;
  };
  auto has = [&](const char* k) { return m.is_object() && m.contains(k) && !m[k].is_null(); };
  if (has("path")) add("path", GoStruct(m["path"], {{"value", false}, {"type", false}}));
  if (has("method")) add("method", GoString(m["method"]));
  if (has("queryParams") && m["queryParams"].is_array())
    add("queryParams", GoList(m["queryParams"], [](const nlohmann::json& q) {
          return GoStruct(q, {{"type", false}, {"name", false}, {"value", false}});
        }));
  if (has("headers") && m["headers"].is_array())
    add("headers", GoList(m["headers"], [](const nlohmann::json& h) {
          return GoStruct(h, {{"type", true}, {"name", false}, {"value", true}});
        }));
  return out + "}";
}

}  // namespace

std::string Sha256Base64(std::string_view data) {
  static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const std::array<uint8_t, 32> d = Sha256(data);
  std::string out;
  for (size_t i = 0; i < d.size(); i += 3) {
    uint32_t n = uint32_t(d[i]) << 16;
    if (i + 1 < d.size()) n |= uint32_t(d[i + 1]) << 8;
    if (i + 2 < d.size()) n |= d[i + 2];
    out += kAlphabet[(n >> 18) & 63];
    out += kAlphabet[(n >> 12) & 63];
    out += i + 1 < d.size() ? kAlphabet[(n >> 6) & 63] : '=';
    out += i + 2 < d.size() ? kAlphabet[n & 63] : '=';
  }
  return out;
}

std::string HashMatches(const nlohmann::json& matches) {
  if (!matches.is_array()) return Sha256Base64("null");
  return Sha256Base64(GoList(matches, GoMatch));
}

}  // namespace cfgi::policy
