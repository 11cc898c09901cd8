// txt engine: the encoder and the reader are inverse. Every service config found in the txt
// samples and corpus (samples/txt, tests/corpus/real/txt, tests/corpus/malformed/txt: each
// choice's serviceConfig object, under any profile that reads it) is encoded as a zone-file
// record and as dig's answer, read back, and must give the same config under every profile, with
// no finding other than the ones the config itself earns (ValidateServiceConfig on the original).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/doc/json.h"
#include "core/txt/txt_encode.h"
#include "core/txt/txt_model.h"
#include "core/txt/txt_service_config.h"

namespace cfgi::txt {
namespace {

namespace fs = std::filesystem;

std::string Read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

bool IsInput(const fs::path& p) {
  std::string ext = p.extension().string();
  return ext == ".zone" || ext == ".dig" || ext == ".txt";
}

// Every distinct serviceConfig object (compact JSON) that some profile reads in these files.
std::set<std::string> ServiceConfigs(size_t* files) {
  std::set<std::string> out;
  const fs::path root = CFGI_SOURCE_DIR;
  for (const char* dir : {"samples/txt", "tests/corpus/real/txt", "tests/corpus/malformed/txt"}) {
    for (const auto& e : fs::recursive_directory_iterator(root / dir)) {
      if (!e.is_regular_file() || !IsInput(e.path())) continue;
      ++*files;
      auto src = std::make_shared<doc::Source>(e.path().filename().string(), Read(e.path()));
      CompiledRecords a = Compile(src);
      std::vector<std::string> keys;
      for (const Name& n : a.names) keys.push_back(n.key);
      for (const std::string& k : keys) {
        CompiledRecords one = Compile(src, k, /*exact_key=*/true);
        for (const Compiled& c : one.profiles)
          for (const Choice& ch : c.choices)
            if (ch.service_config_json) {
              try {  // a config with invalid UTF-8 (a malformed case) has no JSON text to encode
                out.insert(ch.service_config_json->dump());
              } catch (const nlohmann::json::exception&) {
              }
            }
      }
    }
  }
  return out;
}

using Finding = std::tuple<std::string, std::string>;  // code, path

std::multiset<Finding> Own(const std::string& json, ProfileId p) {
  doc::JsonParse jp = doc::ParseJsonPositions(json);
  doc::DiagnosticSink sink;
  if (jp.root) ValidateServiceConfig(*jp.root, p, "[0].serviceConfig", sink);
  std::multiset<Finding> out;
  for (const doc::Diagnostic& i : sink.list()) out.emplace(i.code, i.path);
  return out;
}

TEST(TxtRoundTripTest, EveryServiceConfigOfTheSamplesAndCorpus) {
  size_t files = 0;
  std::set<std::string> configs = ServiceConfigs(&files);
  EXPECT_GE(files, 60u);
  ASSERT_GE(configs.size(), 25u);
  for (const std::string& json : configs) {
    SCOPED_TRACE(json);
    EncodeResult r = Encode(doc::Source("sc.json", json), {"_grpc_config.rt.example.com.", 300});
    // r.ok is false for a config with errors of its own; the record is written all the same.
    ASSERT_FALSE(r.zone.empty());
    // Non-ASCII text (encode's TXT063) is the record reader's TXT004 (A2 wants ASCII): the
    // config's own finding, the only record-level one a round trip may give.
    const bool ascii = std::all_of(json.begin(), json.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
    for (const std::string& text : {r.zone, r.dig}) {
      CompiledRecords back = Compile(std::make_shared<doc::Source>("back", text));
      std::multiset<Finding> records;
      for (const doc::Diagnostic& d : back.record_diagnostics) records.emplace(d.code, d.path);
      std::multiset<Finding> want_records;
      if (!ascii) want_records.emplace("TXT004", "");
      EXPECT_EQ(records, want_records) << text;
      for (const auto& entry : Profiles().entries()) {
        SCOPED_TRACE(Profiles().Name(entry.id));
        const Compiled& c = back.of(entry.id);
        ASSERT_EQ(c.choices.size(), 1u) << text;
        ASSERT_TRUE(c.choices[0].service_config_json);
        EXPECT_EQ(*c.choices[0].service_config_json, nlohmann::ordered_json::parse(json));
        std::multiset<Finding> got;
        for (const doc::Diagnostic& d : ProfileDiagnostics(back, entry.id)) got.emplace(d.code, d.path);
        std::multiset<Finding> want = Own(json, entry.id);
        want.insert(records.begin(), records.end());
        EXPECT_EQ(got, want);
      }
    }
  }
}

}  // namespace
}  // namespace cfgi::txt
