// The fuzz targets one replay executable holds (cmake/fuzz_replay.cmake generates the table).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace cfgi {

struct FuzzTarget {
  const char* name;  // the fuzzer's file name without _fuzzer.cpp: "txt", "variants_yaml"
  int (*run)(const uint8_t* data, size_t size);
};

const std::vector<FuzzTarget>& FuzzTargets();

}  // namespace cfgi
