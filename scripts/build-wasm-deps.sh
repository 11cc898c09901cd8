#!/usr/bin/env bash
# Builds the WebAssembly dependencies of Config Inspector from Debian source packages
# (apt-get source) with Debian's emscripten, as static Release libraries with C++ exceptions
# enabled (native WebAssembly exceptions, -fwasm-exceptions, by default; WASM_EH=js for the
# JavaScript-based ones), into a cache outside the repository:
#   ${XDG_CACHE_HOME:-$HOME/.cache}/config-inspector/wasm-deps/<key>
# The key is a hash of the source versions, the emscripten version and the flags, so a prefix is
# reused as long as none of them changes. Nothing is downloaded except Debian source packages.
#
#   scripts/build-wasm-deps.sh                 build when missing, print the prefix (last line)
#   scripts/build-wasm-deps.sh --print-prefix  print the prefix path only, build nothing
#
# The prefix holds CMake configs for re2::re2, yaml-cpp, protobuf::libprotobuf,
# nlohmann_json::nlohmann_json, benchmark::benchmark and imgui::imgui (Dear ImGui 1.86 with the GLFW and OpenGL ES 3
# backends and imgui_stdlib); consume it with
#   -DCMAKE_FIND_ROOT_PATH=<prefix> -DCMAKE_PREFIX_PATH=<prefix>
# Cold build on 2 cores: about 3 minutes (protobuf is most of it).
set -euo pipefail

readonly SCRIPT_REV=2  # bump when this script changes what it builds
JOBS=${JOBS:-2}
OPT=${WASM_DEPS_OPT:--O2}
# Native WebAssembly exception handling: no JavaScript invoke_* trampoline around every call that
# may throw, so code that never throws runs at full speed (node 20 and Chromium run it). The
# project's CMakeLists.txt must use the same mode (CFGI_WASM_EH); the two cannot be mixed.
WASM_EH=${WASM_EH:-wasm}
case "$WASM_EH" in
  wasm) EH_CFLAGS="-fwasm-exceptions"; EH_LDFLAGS="-fwasm-exceptions" ;;
  js) EH_CFLAGS="-fexceptions"; EH_LDFLAGS="-fexceptions -sDISABLE_EXCEPTION_CATCHING=0" ;;
  *) echo "[wasm-deps] WASM_EH is wasm or js" >&2; exit 2 ;;
esac
# Threads (WASM_THREADS=1, the default, as CFGI_WASM_THREADS; 0 for the single-threaded build: docs/web.md): every object is compiled with -pthread (atomics and bulk memory, shared memory at
# link), so the app can evaluate on a worker thread; a module with shared memory cannot link
# objects built without it. Each setting has its own key. The project's CMakeLists.txt must match (CFGI_WASM_THREADS).
WASM_THREADS=${WASM_THREADS:-1}
case "$WASM_THREADS" in
  1) EH_CFLAGS+=" -pthread"; EH_LDFLAGS+=" -pthread" ;;
  0) ;;
  *) echo "[wasm-deps] WASM_THREADS is 1 or 0" >&2; exit 2 ;;
esac
CACHE_ROOT=${XDG_CACHE_HOME:-$HOME/.cache}/config-inspector/wasm-deps
export NODE_PATH=/usr/share/nodejs  # emscripten's JS tools need Debian's acorn & co.

# Source package -> binary package whose installed version we match (protobuf must match the
# host protoc exactly, the others match the native build so both builds run the same code).
declare -A MATCH=([imgui]=libimgui-dev [re2]=libre2-dev [yaml-cpp]=libyaml-cpp-dev
                  [protobuf]=protobuf-compiler [nlohmann-json3]=nlohmann-json3-dev
                  [benchmark]=libbenchmark-dev)
PKGS=(imgui re2 yaml-cpp protobuf nlohmann-json3 benchmark)

log() { printf '[wasm-deps] %s\n' "$*" >&2; }
SUDO=""; [[ $(id -u) -ne 0 ]] && SUDO="sudo"

source_version() {  # the source version of the installed binary package, else apt's candidate
  local src=$1 v
  v=$(dpkg-query -W -f='${source:Version}' "${MATCH[$src]}" 2>/dev/null || true)
  if [[ -z "$v" ]]; then
    v=$(apt-cache showsrc "$src" 2>/dev/null | awk '/^Version:/ {print $2; exit}')
  fi
  [[ -n "$v" ]] || { log "cannot find a version of source package $src"; exit 1; }
  echo "$v"
}

declare -A VER
for p in "${PKGS[@]}"; do VER[$p]=$(source_version "$p"); done
EMCC_VERSION=$(dpkg-query -W -f='${Version}' emscripten 2>/dev/null || emcc --version | head -1)
FLAGS="$OPT $EH_LDFLAGS IMGUI_IMPL_OPENGL_ES3"
KEY_TEXT="rev=$SCRIPT_REV emscripten=$EMCC_VERSION flags=$FLAGS"
for p in "${PKGS[@]}"; do KEY_TEXT+=" $p=${VER[$p]}"; done
KEY=$(printf '%s' "$KEY_TEXT" | sha256sum | cut -c1-16)
PREFIX=$CACHE_ROOT/$KEY

if [[ "${1:-}" == "--print-prefix" ]]; then echo "$PREFIX"; exit 0; fi
if [[ -f "$PREFIX/.complete" ]]; then
  log "reusing $PREFIX"
  echo "$PREFIX"
  exit 0
fi

start=$(date +%s)
for tool in emcmake em++ emar dpkg-source /usr/bin/python3 perl; do
  command -v "$tool" >/dev/null || { log "missing $tool: run scripts/setup.sh --web"; exit 1; }
done
[[ -f /usr/share/unicode/UnicodeData.txt ]] || { log "missing unicode-data: run scripts/setup.sh --web"; exit 1; }

# ---- fetch: apt-get source (adds a bookworm deb-src entry when apt knows no sources) ----
if ! apt-cache showsrc re2 2>/dev/null | grep -q '^Package:'; then
  log "adding a deb-src entry for bookworm main"
  echo 'deb-src http://deb.debian.org/debian bookworm main' | $SUDO tee /etc/apt/sources.list.d/deb-src.list >/dev/null
  $SUDO apt-get update -qq
fi
SRC=$CACHE_ROOT/src
mkdir -p "$SRC"
cd "$SRC"
specs=()
for p in "${PKGS[@]}"; do
  ls "${p}_${VER[$p]#*:}.dsc" >/dev/null 2>&1 || specs+=("$p=${VER[$p]}")
done
if ((${#specs[@]})); then
  log "apt-get source ${specs[*]}"
  apt-get source --download-only -qq "${specs[@]}" 2>&1 | grep -v 'unsandboxed' >&2 || true
fi
declare -A DIR
for p in "${PKGS[@]}"; do
  v=${VER[$p]#*:}; up=${v%-*}
  DIR[$p]=$SRC/$p-$up
  if [[ ! -d "${DIR[$p]}" ]]; then
    dpkg-source --no-check -x "${p}_${v}.dsc" >/dev/null  # applies Debian's patches
  fi
done

WORK=$(mktemp -d "$CACHE_ROOT/build.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
CXXFLAGS_ALL="$OPT $EH_CFLAGS"
# Each package goes into its own prefix keyed by its version and the flags, so a package added
# or upgraded later does not rebuild the others; the prefixes are then merged into $PREFIX.
PKG_PREFIXES=()
pkg_prefix() {  # source-package -> its prefix (also remembered for the merge)
  local k; k=$(printf 'rev=%s emscripten=%s flags=%s %s=%s' "$SCRIPT_REV" "$EMCC_VERSION" "$FLAGS" "$1" "${VER[$1]}" | sha256sum | cut -c1-12)
  echo "$CACHE_ROOT/pkgs/$1-$k"
}
cmake_build() {  # name source-package srcdir extra-args...
  local name=$1 pkg=$2 src=$3; shift 3
  local dest; dest=$(pkg_prefix "$pkg")
  PKG_PREFIXES+=("$dest")
  if [[ -f "$dest/.complete" ]]; then log "reusing $name ($dest)"; return; fi
  local t0; t0=$(date +%s)
  log "building $name"
  rm -rf "$dest"
  emcmake cmake -S "$src" -B "$WORK/$name" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_INSTALL_PREFIX="$dest" -DCMAKE_INSTALL_LIBDIR=lib -DBUILD_SHARED_LIBS=OFF \
    -DCMAKE_C_FLAGS_RELEASE="$OPT -DNDEBUG" -DCMAKE_CXX_FLAGS_RELEASE="$OPT -DNDEBUG" \
    -DCMAKE_CXX_FLAGS="$EH_CFLAGS" -DCMAKE_C_FLAGS="$EH_CFLAGS" \
    -DCMAKE_EXE_LINKER_FLAGS="$EH_LDFLAGS" \
    "$@" >"$WORK/$name.configure.log" 2>&1 || { cat "$WORK/$name.configure.log" >&2; exit 1; }
  cmake --build "$WORK/$name" -j"$JOBS" >"$WORK/$name.build.log" 2>&1 || { tail -50 "$WORK/$name.build.log" >&2; exit 1; }
  cmake --install "$WORK/$name" >/dev/null
  touch "$dest/.complete"
  log "built $name in $(($(date +%s) - t0)) s"
}

# ---- nlohmann_json (header-only) ----
cmake_build nlohmann_json nlohmann-json3 "${DIR[nlohmann-json3]}" -DJSON_BuildTests=OFF -DJSON_Install=ON

# ---- RE2: regenerate the tables the +dfsg tarball drops, as debian/rules (REBUILD_TABLES=1) does ----
(
  cd "${DIR[re2]}"
  [[ -s re2/perl_groups.cc ]] || perl re2/make_perl_groups.pl >re2/perl_groups.cc
  for t in groups casefold; do
    # Debian's python3 (python3-six); unicode.py is patched to read /usr/share/unicode.
    [[ -s re2/unicode_$t.cc ]] || /usr/bin/python3 re2/make_unicode_$t.py >re2/unicode_$t.cc
  done
)
cmake_build re2 re2 "${DIR[re2]}" -DRE2_BUILD_TESTING=OFF

# ---- yaml-cpp ----
cmake_build yaml-cpp yaml-cpp "${DIR[yaml-cpp]}" -DYAML_CPP_BUILD_TESTS=OFF -DYAML_CPP_BUILD_TOOLS=OFF \
  -DYAML_CPP_BUILD_CONTRIB=OFF -DYAML_BUILD_SHARED_LIBS=OFF

# ---- protobuf (full library: TextFormat and JSON are used; the host protoc generates code) ----
cmake_build protobuf protobuf "${DIR[protobuf]}" -Dprotobuf_BUILD_TESTS=OFF \
  -Dprotobuf_BUILD_PROTOC_BINARIES=OFF -Dprotobuf_BUILD_LIBPROTOC=OFF -Dprotobuf_WITH_ZLIB=OFF \
  -Dprotobuf_BUILD_EXAMPLES=OFF -Dprotobuf_INSTALL=ON

# ---- Google Benchmark (the core benchmarks also run under node: scripts/node-vs-native.sh) ----
cmake_build benchmark benchmark "${DIR[benchmark]}" -DGIT_VERSION=0.0.0 -DBENCHMARK_ENABLE_TESTING=OFF \
  -DBENCHMARK_ENABLE_GTEST_TESTS=OFF -DBENCHMARK_ENABLE_WERROR=OFF -DBENCHMARK_ENABLE_LTO=OFF \
  -DBENCHMARK_ENABLE_INSTALL=ON -DBENCHMARK_INSTALL_DOCS=OFF

# ---- Dear ImGui: Debian's source has no CMake for the library; compile it here ----
build_imgui() {
local STAGE=$1
t0=$(date +%s)
log "building imgui"
IM=${DIR[imgui]}
mkdir -p "$WORK/imgui" "$STAGE/include/imgui/backends" "$STAGE/lib/cmake/imgui"
im_srcs=(imgui.cpp imgui_draw.cpp imgui_tables.cpp imgui_widgets.cpp imgui_demo.cpp
         misc/cpp/imgui_stdlib.cpp backends/imgui_impl_glfw.cpp backends/imgui_impl_opengl3.cpp)
objs=()
pids=()
for s in "${im_srcs[@]}"; do
  o=$WORK/imgui/$(basename "${s%.cpp}").o
  objs+=("$o")
  em++ -std=c++11 $CXXFLAGS_ALL -DNDEBUG -DIMGUI_IMPL_OPENGL_ES3 \
    -I"$IM" -I"$IM/backends" -c "$IM/$s" -o "$o" &
  pids+=($!)
  if ((${#pids[@]} >= JOBS)); then wait "${pids[0]}"; pids=("${pids[@]:1}"); fi
done
for pid in "${pids[@]}"; do wait "$pid"; done
emar rcs "$STAGE/lib/libimgui.a" "${objs[@]}"
cp "$IM"/imgui.h "$IM"/imgui_internal.h "$IM"/imconfig.h "$IM"/imstb_*.h \
   "$IM"/misc/cpp/imgui_stdlib.h "$STAGE/include/imgui/"
cp "$IM"/backends/imgui_impl_glfw.h "$IM"/backends/imgui_impl_opengl3.h \
   "$IM"/backends/imgui_impl_opengl3_loader.h "$STAGE/include/imgui/backends/"
cat >"$STAGE/lib/cmake/imgui/imgui-config.cmake" <<'EOF'
# Dear ImGui 1.86 built for WebAssembly by scripts/build-wasm-deps.sh (GLFW + OpenGL ES 3).
# Include layout matches Debian's libimgui-dev: <imgui.h>, <imgui_stdlib.h>, <imgui_impl_glfw.h>.
get_filename_component(_imgui_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
if(NOT TARGET imgui::imgui)
  add_library(imgui::imgui STATIC IMPORTED)
  set_target_properties(imgui::imgui PROPERTIES
    IMPORTED_LOCATION "${_imgui_prefix}/lib/libimgui.a"
    INTERFACE_INCLUDE_DIRECTORIES "${_imgui_prefix}/include/imgui;${_imgui_prefix}/include/imgui/backends"
    INTERFACE_COMPILE_DEFINITIONS "IMGUI_IMPL_OPENGL_ES3"
    INTERFACE_LINK_OPTIONS "-sUSE_GLFW=3")
endif()
set(imgui_VERSION 1.86)
set(imgui_FOUND TRUE)
EOF
touch "$STAGE/.complete"
log "built imgui in $(($(date +%s) - t0)) s"
}
IMGUI_PREFIX=$(pkg_prefix imgui)
PKG_PREFIXES+=("$IMGUI_PREFIX")
if [[ -f "$IMGUI_PREFIX/.complete" ]]; then
  log "reusing imgui ($IMGUI_PREFIX)"
else
  rm -rf "$IMGUI_PREFIX"
  build_imgui "$IMGUI_PREFIX"
fi

# ---- merge the package prefixes into one, published atomically ----
STAGE=$WORK/prefix
mkdir -p "$STAGE"
for d in "${PKG_PREFIXES[@]}"; do cp -a "$d"/. "$STAGE"/; done
rm -f "$STAGE/.complete"
printf '%s\n' "$KEY_TEXT" >"$STAGE/KEY.txt"
# CMake configs that name their install prefix must name the merged one.
for d in "${PKG_PREFIXES[@]}"; do
  { grep -rlI "$d" "$STAGE" 2>/dev/null || true; } | xargs -r sed -i "s|$d|$PREFIX|g"
done
rm -rf "$PREFIX"
mv "$STAGE" "$PREFIX"
touch "$PREFIX/.complete"
log "done in $(($(date +%s) - start)) s: $PREFIX"
echo "$PREFIX"
