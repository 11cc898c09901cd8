// txt engine: each implementation's JSON decoding of a service config (core/txt/txt_json_profile.h)
// and the service config findings that name their field. The inputs are our own, in the shapes
// of grpc-go's examples/features/retry/client/main.go (a retry policy with "MaxAttempts" and
// ".01s"), grpc-core's src/core/client_channel/retry_service_config.cc cases and grpc-java's
// JsonParser.java (duplicate keys).
#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

#include "core/txt/txt_json_profile.h"
#include "core/txt/txt_model.h"

namespace cfgi::txt {
namespace {

std::string Record(const std::string& json) {
  std::string esc;
  for (char c : json) esc += c == '"' ? std::string("\\\"") : std::string(1, c);
  return "_grpc_config.echo 60 IN TXT \"grpc_config=" + esc + "\"\n";
}

CompiledRecords LoadText(const std::string& text) { return Compile(std::make_shared<doc::Source>("t.zone", text)); }

// The column (1-based) of `needle` in the record line, where the JSON's `"` is written `\"`.
int Col(const std::string& text, const std::string& needle) {
  std::string esc;
  for (char c : needle) esc += c == '"' ? std::string("\\\"") : std::string(1, c);
  size_t at = text.find(esc);
  EXPECT_NE(at, std::string::npos) << needle;
  return static_cast<int>(at) + 1;
}

using Located = std::tuple<std::string, int, int>;
std::vector<Located> Codes(const std::vector<doc::Diagnostic>& ds) {
  std::vector<Located> out;
  for (const auto& d : ds) out.emplace_back(d.code, d.begin.line, d.begin.column);
  return out;
}

const doc::Diagnostic* Find(const std::vector<doc::Diagnostic>& ds, const std::string& code, const std::string& path) {
  for (const auto& d : ds)
    if (d.code == code && d.path == path) return &d;
  return nullptr;
}

// grpc-go's retry example, in a TXT record: grpc-go matches "MaxAttempts" to maxAttempts and
// reads ".01s"; grpc-core and grpc-java see no maxAttempts (nor the other four fields) and reject
// the config. Every message names its field.
const char* kGoRetry =
    R"([{"serviceConfig":{"methodConfig":[{"name":[{"service":"grpc.examples.echo.Echo"}],"retryPolicy":{)"
    R"("MaxAttempts":4,"InitialBackoff":".01s","MaxBackoff":".01s","BackoffMultiplier":1.0,"RetryableStatusCodes":["UNAVAILABLE"]}}]}}])";

TEST(TxtJsonProfileTest, GoRetryExampleWorksOnlyInGrpcGo) {
  std::string text = Record(kGoRetry);
  CompiledRecords a = LoadText(text);
  Evaluation go = Evaluate(a, ProfileId::kGo, {std::nullopt, "h", 0});
  EXPECT_EQ(go.choice, 0);
  EXPECT_FALSE(go.error);
  ASSERT_TRUE(go.service_config);
  std::vector<doc::Diagnostic> gd = ProfileDiagnostics(a, ProfileId::kGo);
  // grpc-go: five notes, one per field it reads ignoring case, at each key; nothing else.
  std::vector<Located> want_go;
  for (const char* k : {"MaxAttempts", "InitialBackoff", "MaxBackoff", "BackoffMultiplier", "RetryableStatusCodes"})
    want_go.emplace_back("TXT031", 1, Col(text, std::string("\"") + k));
  EXPECT_EQ(Codes(gd), want_go);
  EXPECT_EQ(gd[0].message, "'methodConfig[0].retryPolicy.MaxAttempts' is read by grpc-go as 'maxAttempts' (encoding/json "
            "matches field names ignoring case); grpc-core ignores it and grpc-java does not read it: write 'maxAttempts'");
  EXPECT_EQ(gd[0].path, "[0].serviceConfig.methodConfig[0].retryPolicy.MaxAttempts");

  for (ProfileId p : {ProfileId::kCore, ProfileId::kJava}) {
    SCOPED_TRACE(Profiles().Name(p));
    Evaluation ev = Evaluate(a, p, {std::nullopt, "h", 0});
    EXPECT_EQ(ev.choice, 0);
    ASSERT_TRUE(ev.error);
    EXPECT_EQ(*ev.error, "failed to parse service config: [0].serviceConfig.methodConfig[0].retryPolicy.maxAttempts: "
              "'methodConfig[0].retryPolicy.maxAttempts' is required in a retryPolicy (gRFC A6) and missing "
              "('MaxAttempts' is spelt with another case; write 'maxAttempts')");
    std::vector<doc::Diagnostic> d = ProfileDiagnostics(a, p);
    // Five case warnings at the keys, five "required" errors at the retryPolicy object, each
    // naming its own field.
    int at_policy = Col(text, "{\"MaxAttempts");
    for (const char* k : {"maxAttempts", "initialBackoff", "maxBackoff", "backoffMultiplier", "retryableStatusCodes"}) {
      const doc::Diagnostic* e = Find(d, "TXT054", std::string("[0].serviceConfig.methodConfig[0].retryPolicy.") + k);
      ASSERT_NE(e, nullptr) << k;
      EXPECT_EQ(e->begin.line, 1);
      EXPECT_EQ(e->begin.column, at_policy);
      EXPECT_EQ(e->message.find(std::string("'methodConfig[0].retryPolicy.") + k + "' is required"), 0u) << e->message;
    }
    const doc::Diagnostic* w = Find(d, "TXT031", "[0].serviceConfig.methodConfig[0].retryPolicy.InitialBackoff");
    ASSERT_NE(w, nullptr);
    EXPECT_EQ(w->severity, doc::Severity::kWarning);
    EXPECT_EQ(w->begin.column, Col(text, "\"InitialBackoff"));
    EXPECT_EQ(d.size(), 10u);
  }
}

// Spelt as grpc-core reads it, the same policy still differs: ".01s" has no seconds, which
// grpc-core ("not a number of seconds") and grpc-java (Long.parseLong) reject and grpc-go reads.
TEST(TxtJsonProfileTest, DurationWithoutSecondsOnlyInGrpcGo) {
  std::string json = R"([{"serviceConfig":{"methodConfig":[{"name":[{"service":"e.Echo"}],"retryPolicy":{)"
                     R"("maxAttempts":4,"initialBackoff":".01s","maxBackoff":"1s","backoffMultiplier":2,"retryableStatusCodes":["UNAVAILABLE"]}}]}}])";
  std::string text = Record(json);
  CompiledRecords a = LoadText(text);
  EXPECT_TRUE(ProfileDiagnostics(a, ProfileId::kGo).empty());
  for (ProfileId p : {ProfileId::kCore, ProfileId::kJava}) {
    std::vector<doc::Diagnostic> d = ProfileDiagnostics(a, p);
    ASSERT_EQ(Codes(d), (std::vector<Located>{{"TXT053", 1, Col(text, "\".01s")}}));
    EXPECT_EQ(d[0].path, "[0].serviceConfig.methodConfig[0].retryPolicy.initialBackoff");
    EXPECT_EQ(d[0].message.find("'methodConfig[0].retryPolicy.initialBackoff' is not a duration: '.01s' (nothing before the '.'"), 0u) << d[0].message;
  }
}

// Number forms: 4.0 is an integer to grpc-java (a Double), not to grpc-core (SimpleAtoi) nor to
// grpc-go (a Go int); "4" (a string) is a number to grpc-core and grpc-java, not to grpc-go.
TEST(TxtJsonProfileTest, IntegerForms) {
  auto sc = [](const std::string& max) {
    return R"([{"serviceConfig":{"methodConfig":[{"name":[{"service":"e.Echo"}],"retryPolicy":{"maxAttempts":)" + max +
           R"(,"initialBackoff":"0.1s","maxBackoff":"1s","backoffMultiplier":2,"retryableStatusCodes":["UNAVAILABLE"]}}]}}])";
  };
  {
    std::string text = Record(sc("4.0"));
    CompiledRecords a = LoadText(text);
    EXPECT_TRUE(ProfileDiagnostics(a, ProfileId::kJava).empty());
    for (ProfileId p : {ProfileId::kCore, ProfileId::kGo}) {
      std::vector<doc::Diagnostic> d = ProfileDiagnostics(a, p);
      ASSERT_EQ(Codes(d), (std::vector<Located>{{"TXT055", 1, Col(text, "4.0")}})) << Profiles().Name(p);
      EXPECT_EQ(d[0].path, "[0].serviceConfig.methodConfig[0].retryPolicy.maxAttempts");
    }
  }
  {
    std::string text = Record(sc("\"4\""));
    CompiledRecords a = LoadText(text);
    EXPECT_TRUE(ProfileDiagnostics(a, ProfileId::kCore).empty());
    EXPECT_TRUE(ProfileDiagnostics(a, ProfileId::kJava).empty());
    EXPECT_EQ(Codes(ProfileDiagnostics(a, ProfileId::kGo)), (std::vector<Located>{{"TXT055", 1, Col(text, "\"4\"")}}));
  }
}

// Status codes: grpc-core reads names only (a std::vector<std::string>); grpc-java and grpc-go
// take 14 for UNAVAILABLE.
TEST(TxtJsonProfileTest, StatusCodeNumbers) {
  std::string text = Record(R"([{"serviceConfig":{"methodConfig":[{"name":[{"service":"e.Echo"}],"retryPolicy":{)"
                            R"("maxAttempts":3,"initialBackoff":"0.1s","maxBackoff":"1s","backoffMultiplier":2,"retryableStatusCodes":[14]}}]}}])");
  CompiledRecords a = LoadText(text);
  EXPECT_TRUE(ProfileDiagnostics(a, ProfileId::kJava).empty());
  EXPECT_TRUE(ProfileDiagnostics(a, ProfileId::kGo).empty());
  std::vector<doc::Diagnostic> d = ProfileDiagnostics(a, ProfileId::kCore);
  ASSERT_EQ(Codes(d), (std::vector<Located>{{"TXT054", 1, Col(text, "14]")}}));
  EXPECT_EQ(d[0].path, "[0].serviceConfig.methodConfig[0].retryPolicy.retryableStatusCodes[0]");
}

// Duplicate keys: grpc-core's reader and grpc-java's JsonParser reject the value; grpc-go keeps
// the last value, and so reads the second waitForReady.
TEST(TxtJsonProfileTest, DuplicateKeysPerImplementation) {
  std::string text = Record(R"([{"serviceConfig":{"loadBalancingPolicy":"pick_first","loadBalancingPolicy":"round_robin"}}])");
  CompiledRecords a = LoadText(text);
  int col = Col(text, "\"loadBalancingPolicy\":\"round_robin");
  for (ProfileId p : {ProfileId::kCore, ProfileId::kJava}) {
    EXPECT_EQ(Codes(ProfileDiagnostics(a, p)), (std::vector<Located>{{"TXT023", 1, col}})) << Profiles().Name(p);
    EXPECT_FALSE(Evaluate(a, p, {std::nullopt, "h", 0}).choice);
  }
  EXPECT_EQ(*Evaluate(a, ProfileId::kJava, {std::nullopt, "h", 0}).error,
            "failed to parse TXT records: Duplicate key found: loadBalancingPolicy");
  std::vector<doc::Diagnostic> go = ProfileDiagnostics(a, ProfileId::kGo);
  EXPECT_EQ(Codes(go), (std::vector<Located>{{"TXT023", 1, col}}));
  EXPECT_EQ(go[0].severity, doc::Severity::kWarning);
  EXPECT_EQ(Evaluate(a, ProfileId::kGo, {std::nullopt, "h", 0}).choice, 0);
}

// Two keys that only grpc-go takes for one field: the last wins there, and both are named.
TEST(TxtJsonProfileTest, CaseVariantsAreOneFieldInGrpcGo) {
  std::string text = Record(R"([{"serviceConfig":{"methodConfig":[{"name":[{"service":"e.Echo"}],"timeout":"1s","Timeout":"2s"}]}}])");
  CompiledRecords a = LoadText(text);
  std::vector<doc::Diagnostic> go = ProfileDiagnostics(a, ProfileId::kGo);
  EXPECT_EQ(Codes(go), (std::vector<Located>{{"TXT023", 1, Col(text, "\"timeout\"")}, {"TXT031", 1, Col(text, "\"Timeout\"")}}));
  EXPECT_EQ(Codes(ProfileDiagnostics(a, ProfileId::kCore)), (std::vector<Located>{{"TXT031", 1, Col(text, "\"Timeout\"")}}));
}

// A custom LB policy the application registers is not an error: each implementation takes the
// first registered entry of loadBalancingConfig and skips the others.
TEST(TxtJsonProfileTest, CustomLbPolicyIsANote) {
  std::string text = Record(R"([{"serviceConfig":{"loadBalancingConfig":[{"my_custom_lb":{}},{"round_robin":{}}]}}])");
  CompiledRecords a = LoadText(text);
  for (ProfileId p : {ProfileId::kCore, ProfileId::kJava, ProfileId::kGo}) {
    std::vector<doc::Diagnostic> d = ProfileDiagnostics(a, p);
    ASSERT_EQ(Codes(d), (std::vector<Located>{{"TXT050", 1, Col(text, "\"my_custom_lb")}})) << Profiles().Name(p);
    EXPECT_EQ(d[0].severity, doc::Severity::kNote);
    EXPECT_EQ(d[0].path, "[0].serviceConfig.loadBalancingConfig[0]");
    EXPECT_EQ(Evaluate(a, p, {std::nullopt, "h", 0}).choice, 0);
    EXPECT_FALSE(Evaluate(a, p, {std::nullopt, "h", 0}).error);
  }
  // Only custom policies: still a note each, and a note that a fallback keeps it working.
  std::string only = Record(R"([{"serviceConfig":{"loadBalancingPolicy":"my_custom_lb"}}])");
  CompiledRecords b = LoadText(only);
  std::vector<doc::Diagnostic> d = ProfileDiagnostics(b, ProfileId::kCore);
  ASSERT_EQ(Codes(d), (std::vector<Located>{{"TXT050", 1, Col(only, "\"my_custom_lb")}}));
  EXPECT_EQ(d[0].severity, doc::Severity::kNote);
  // A near miss of a built-in name stays an error (grpc-core, grpc-java) with the fix.
  CompiledRecords c = LoadText(Record(R"([{"serviceConfig":{"loadBalancingPolicy":"round_robbin"}}])"));
  std::vector<doc::Diagnostic> e = ProfileDiagnostics(c, ProfileId::kJava);
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].severity, doc::Severity::kError);
  EXPECT_NE(e[0].message.find("did you mean 'round_robin'?"), std::string::npos);
}

TEST(TxtJsonProfileTest, DecoderFunctions) {
  std::string err;
  EXPECT_EQ(ReadDuration(ProfileId::kGo, ".01s", &err), 0.01);
  EXPECT_EQ(ReadDuration(ProfileId::kGo, "1.s", &err), 1.0);
  EXPECT_FALSE(ReadDuration(ProfileId::kGo, ".s", &err));
  EXPECT_FALSE(ReadDuration(ProfileId::kCore, ".01s", &err));
  EXPECT_FALSE(ReadDuration(ProfileId::kJava, ".01s", &err));
  EXPECT_EQ(ReadDuration(ProfileId::kJava, "1.5s", &err), 1.5);
  doc::Node m = doc::Node::Map({0, 0});
  m.Put("maxattempts", {0, 1}, doc::Node::Scalar(doc::Node::Kind::kInt, "2", {1, 2}));
  m.Put("MaxAttempts", {2, 3}, doc::Node::Scalar(doc::Node::Kind::kInt, "3", {3, 4}));
  EXPECT_EQ(JsonField(ProfileId::kGo, m, "maxAttempts")->value.text(), "3");
  EXPECT_EQ(JsonField(ProfileId::kCore, m, "maxAttempts"), nullptr);
}

}  // namespace
}  // namespace cfgi::txt
