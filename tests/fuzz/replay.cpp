// Replays fuzz targets' inputs without libFuzzer: `make test` runs every seed corpus through its
// target (under ASan/UBSan in the native-asan preset), so a crash found once stays fixed. The
// first argument names the target; each further one is a corpus directory (read recursively) or
// one input file, such as a crash libFuzzer saved under build/fuzz/artifacts/:
//   build/native/tests/fuzz_replay variants_yaml build/fuzz/artifacts/variants_yaml/crash-...
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/fuzz/replay.h"

namespace {

void RunOne(const cfgi::FuzzTarget& t, const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  std::string s = ss.str();
  t.run(reinterpret_cast<const uint8_t*>(s.data()), s.size());
}

}  // namespace

int main(int argc, char** argv) {
  const cfgi::FuzzTarget* target = nullptr;
  for (const cfgi::FuzzTarget& t : cfgi::FuzzTargets())
    if (argc >= 2 && std::string(argv[1]) == t.name) target = &t;
  if (argc < 3 || !target) {
    std::fprintf(stderr, "usage: %s TARGET CORPUS_DIR|INPUT_FILE...\ntargets:", argv[0]);
    for (const cfgi::FuzzTarget& t : cfgi::FuzzTargets()) std::fprintf(stderr, " %s", t.name);
    std::fprintf(stderr, "\n");
    return 2;
  }
  int n = 0;
  for (int i = 2; i < argc; ++i) {
    std::error_code ec;
    if (std::filesystem::is_regular_file(argv[i], ec)) {
      RunOne(*target, argv[i]);
      ++n;
      continue;
    }
    if (!std::filesystem::is_directory(argv[i], ec)) {
      std::fprintf(stderr, "%s: %s is neither a file nor a directory\n", argv[0], argv[i]);
      return 2;
    }
    for (const auto& e : std::filesystem::recursive_directory_iterator(argv[i])) {
      if (!e.is_regular_file()) continue;
      RunOne(*target, e.path());
      ++n;
    }
  }
  std::printf("%s: replayed %d inputs\n", target->name, n);
  return n > 0 ? 0 : 1;
}
