# cmake/build_speed.cmake: what keeps a cold `make test` (three configurations on a 2-core
# machine: native, native-asan, wasm) short. docs/ci.md ("How long CI takes") has the figures.
#
#   cfgi_build_speed()   # once, at the end of the top-level CMakeLists.txt
#
# It walks every directory's targets and, for each of ours (defined under the source tree; not
# GoogleTest's or the generated protobuf code's):
#  - precompiles the headers nearly every file includes (the standard containers and
#    nlohmann/json.hpp: about 100,000 preprocessed lines and ~2.5 s of CPU per file before this;
#    plus gtest/gtest.h for targets that link GoogleTest). Only system headers: the layering
#    (cmake/core_library.cmake) still decides which project headers a library may include.
#    CFGI_PCH=OFF turns it off (e.g. to check that every file includes what it uses).
#  - compiles the test programs (GoogleTest, tests/fuzz/replay) at -O1 when the configuration
#    optimises more: a test asserts behaviour, the code under test (the core libraries) keeps the
#    configuration's level, and -O2 cost a third more time on the large test files. Benchmarks
#    keep the configuration's level: they are measured.
option(CFGI_PCH "Precompile the common system headers of every target" ON)
# Unity builds: each target's files compiled CFGI_UNITY_BATCH at a time as one translation unit,
# so the headers they share are parsed once per batch. For the configurations built once from
# cold (native-asan and wasm in `make test`); a developer's incremental native build keeps one
# file per unit (ccache per file). Files that must stay alone (their own anonymous-namespace
# helpers clash with a neighbour's) set SKIP_UNITY_BUILD_INCLUSION.
option(CFGI_UNITY "Compile each target's sources in batches (unity build)" OFF)
set(CFGI_UNITY_BATCH 8 CACHE STRING "Sources per unity translation unit")

set(CFGI_PCH_HEADERS <algorithm> <cstdint> <functional> <map> <memory> <optional> <set> <string>
    <string_view> <utility> <vector> <nlohmann/json.hpp>)

# clang (the wasm build: em++) is given the precompiled header as `-Xclang -include -Xclang
# /abs/build/.../cmake_pch.hxx`, a path ccache's base_dir does not rewrite: each clone of the
# repository missed the cache for every file (CI compiled the whole wasm tree cold although this
# machine had just built the same tree; measured 2026-11-29: 0 of 13 hits for cfgi_doc in a
# fresh clone, 13 of 13 without the header). With ccache, clang builds go without it; gcc's
# `-include` path is rewritten and keeps it.
set(_cfgi_pch_breaks_ccache OFF)
if(CFGI_CCACHE AND CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  set(_cfgi_pch_breaks_ccache ON)
endif()

function(_cfgi_is_test_program target out)
  get_target_property(libs ${target} LINK_LIBRARIES)
  set(r OFF)
  if(libs MATCHES "gtest" OR target MATCHES "^fuzz_replay")
    set(r ON)
  endif()
  set(${out} ${r} PARENT_SCOPE)
endfunction()

function(_cfgi_build_speed_dir dir)
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  foreach(t ${targets})
    get_target_property(type ${t} TYPE)
    get_target_property(src_dir ${t} SOURCE_DIR)
    if(NOT type MATCHES "^(STATIC_LIBRARY|OBJECT_LIBRARY|EXECUTABLE)$" OR t STREQUAL "cfgi_proto"
       OR NOT src_dir MATCHES "^${CMAKE_SOURCE_DIR}(/|$)")
      continue()
    endif()
    _cfgi_is_test_program(${t} is_test)
    if(CFGI_UNITY AND NOT t MATCHES "_proto$")  # generated protobuf code: file-level statics clash
      set_target_properties(${t} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE ${CFGI_UNITY_BATCH})
    endif()
    if(CFGI_PCH AND NOT _cfgi_pch_breaks_ccache)
      set(headers ${CFGI_PCH_HEADERS})
      if(is_test AND NOT t MATCHES "^fuzz_replay")
        list(APPEND headers <gtest/gtest.h>)
      endif()
      # CXX only: a target with C sources (none today) must not get a C++ header.
      list(TRANSFORM headers PREPEND "$<$<COMPILE_LANGUAGE:CXX>:")
      list(TRANSFORM headers APPEND ">")
      target_precompile_headers(${t} PRIVATE ${headers})
      if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
        # clang stamps a header's modification time into the .pch; ccache needs it out.
        target_compile_options(${t} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:SHELL:-Xclang -fno-pch-timestamp>)
      endif()
    endif()
    if(is_test AND CMAKE_BUILD_TYPE MATCHES "^(Release|RelWithDebInfo)$")
      target_compile_options(${t} PRIVATE -O1)  # after the configuration's -O2/-O3: the last wins
    endif()
  endforeach()
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(d ${subdirs})
    _cfgi_build_speed_dir(${d})
  endforeach()
endfunction()

function(cfgi_build_speed)
  _cfgi_build_speed_dir(${CMAKE_SOURCE_DIR})
endfunction()
