// MeshHTTPRoute matches hashes (core/policy/policy_http_matches.h) and the SHA-256 / base64 under
// them (core/doc/sha256.h). Kuma's HashMatches (kumahq/kuma v2.14.3
// pkg/plugins/policies/meshhttproute/api/v1alpha1/meshhttproute.go) is base64(sha256(json.Marshal
// of []Match)); the expected digests below were computed with `openssl dgst -sha256 -binary |
// base64` over the JSON Go's encoder writes for each input (Match's field order, omitempty,
// HTML escaping), written out by hand from the struct tags. The "/api" PathPrefix digest is the
// one pkg/api-server/testdata/resources/inspect/dataplanes/_rules/meshhttproute.golden.json shows.
#include <gtest/gtest.h>

#include "core/doc/sha256.h"
#include "core/policy/policy_http_matches.h"

namespace cfgi::policy {
namespace {

using nlohmann::json;

TEST(Sha256Test, DigestsAcrossBlockBoundaries) {
  EXPECT_EQ(doc::Base64(doc::Sha256("")), "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=");
  EXPECT_EQ(doc::Base64(doc::Sha256("abc")), "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=");
  // 56 bytes: the length no longer fits the first padding block; 64: one full block; 119: two.
  EXPECT_EQ(doc::Base64(doc::Sha256(std::string(56, 'x'))), "BMJiYTcO51QVSdFt7jIMcj4/0UZx5moJmv4KN3wWiI4=");
  EXPECT_EQ(doc::Base64(doc::Sha256(std::string(64, 'a'))), "/+BU/nrgy23GXDr5th1SCfQ5hR20PQulmXM33xVGaOs=");
  EXPECT_EQ(doc::Base64(doc::Sha256(std::string(119, 'y'))), "DulkZg1JVuNBMrew9b3BX9DTZeJhhqyf2XoJDY1eVQg=");
}

TEST(Sha256Test, Base64Pads) {
  EXPECT_EQ(doc::Base64(""), "");
  EXPECT_EQ(doc::Base64("f"), "Zg==");
  EXPECT_EQ(doc::Base64("fo"), "Zm8=");
  EXPECT_EQ(doc::Base64("foo"), "Zm9v");
  EXPECT_EQ(doc::Base64("\xff\xfe"), "//4=");
}

TEST(PolicyHttpMatchesTest, HashesAPathPrefixAsKumaDoes) {
  // The YAML's key order (type before value) is not Go's: PathMatch declares value first.
  json m = json::parse(R"([{"path": {"type": "PathPrefix", "value": "/api"}}])");
  EXPECT_EQ(GoMatchesJson(m), R"([{"path":{"value":"/api","type":"PathPrefix"}}])");
  EXPECT_EQ(HashMatches(m), "waFsoIISmZDTfFWYqxvY265/GASHYEWvHQTwMh/bpuU=");
}

TEST(PolicyHttpMatchesTest, WritesEveryFieldInGoOrderWithHtmlEscaping) {
  json m = json::parse(R"([
    {"headers": [{"name": "x-id", "type": "RegularExpression", "value": "<[0-9]+>"}, {"name": "x-any", "value": ""}],
     "queryParams": [{"value": "a&b", "name": "q", "type": "Exact"}],
     "method": "GET", "path": {"value": "/v1", "type": "Exact"}, "unknown": 1},
    {"path": {"type": "PathPrefix", "value": "/"}}])");
  EXPECT_EQ(GoMatchesJson(m),
            R"([{"path":{"value":"/v1","type":"Exact"},"method":"GET","queryParams":[{"type":"Exact","name":"q","value":"a\u0026b"}],)"
            R"("headers":[{"type":"RegularExpression","name":"x-id","value":"\u003c[0-9]+\u003e"},{"name":"x-any"}]},)"
            R"({"path":{"value":"/","type":"PathPrefix"}}])");
  EXPECT_EQ(HashMatches(m), "hLEUnM0z78XfWEh3+CeH1ngVRdITtAOAEVNlrdgn6C4=");
  EXPECT_EQ(GoMatches(m)[0].begin().key(), "path");
}

TEST(PolicyHttpMatchesTest, AbsentMatchesAreNull) {
  EXPECT_EQ(GoMatchesJson(json()), "null");
  EXPECT_EQ(HashMatches(json()), "dCNOmK/nSY+12vHzasLXiswzlGT5UHA7jAGYkvmCuQs=");
  EXPECT_EQ(GoMatchesJson(json::array()), "[]");
}

}  // namespace
}  // namespace cfgi::policy
