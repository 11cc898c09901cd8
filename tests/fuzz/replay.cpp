// Replays a fuzz target's inputs without libFuzzer: `make test` runs every seed corpus through
// its target (under ASan/UBSan in the native-asan preset), so a crash found once stays fixed.
// Each argument is a corpus directory (read recursively) or one input file, such as a crash
// libFuzzer saved under build/fuzz/artifacts/:
//   build/native/tests/variants_yaml_fuzzer_replay build/fuzz/artifacts/variants_yaml/crash-...
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

void RunOne(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  std::string s = ss.str();
  LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(s.data()), s.size());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s CORPUS_DIR|INPUT_FILE...\n", argv[0]);
    return 2;
  }
  int n = 0;
  for (int i = 1; i < argc; ++i) {
    std::error_code ec;
    if (std::filesystem::is_regular_file(argv[i], ec)) {
      RunOne(argv[i]);
      ++n;
      continue;
    }
    if (!std::filesystem::is_directory(argv[i], ec)) {
      std::fprintf(stderr, "%s: %s is neither a file nor a directory\n", argv[0], argv[i]);
      return 2;
    }
    for (const auto& e : std::filesystem::recursive_directory_iterator(argv[i])) {
      if (!e.is_regular_file()) continue;
      RunOne(e.path());
      ++n;
    }
  }
  std::printf("replayed %d inputs\n", n);
  return n > 0 ? 0 : 1;
}
