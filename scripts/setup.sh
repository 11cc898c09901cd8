#!/usr/bin/env bash
# Installs every Debian package Config Inspector needs. Idempotent: a quick no-op when all
# packages are present; runs `apt-get update` only when something is missing.
#   scripts/setup.sh          native build, tests, desktop app
#   scripts/setup.sh --web    also emscripten, chromium and the npm packages of web/
#   scripts/setup.sh --fuzz   also clang and its libFuzzer runtime
set -euo pipefail
cd "$(dirname "$0")/.."

native=(build-essential cmake pkg-config make
        libimgui-dev libglfw3-dev libgl-dev nlohmann-json3-dev libyaml-cpp-dev
        libre2-dev libprotobuf-dev protobuf-compiler libgtest-dev libgmock-dev libbenchmark-dev
        libfreetype-dev xvfb xauth xdotool fonts-inter fonts-dejavu-core jq
        python3-junitparser libxml2-utils
        libc-ares-dev libcurl4-openssl-dev libcpp-httplib-dev dnsmasq-base ccache
        libgrpc++-dev protobuf-compiler-grpc)
# Live sources (app/live, docs/live-sources.md): c-ares for DNS (the library grpc-core's resolver
# uses), libcurl for Envoy's admin and Kuma's API (http, https, Unix sockets), gRPC C++ and its
# protoc plugin for CSDS (the app/live/proto service; the tests' CSDS server too), cpp-httplib for
# the tests' admin and control plane; dnsmasq-base is the real DNS server tests/cli/live_test.cpp
# starts on loopback. ccache: the native builds use it when present (CMakeLists.txt).
# Fuzzing (`make fuzz`): clang with libFuzzer and the sanitizer runtimes.
fuzz=(clang libclang-rt-14-dev)
# Web: emscripten and its tools; chromium for the browser tests; dpkg-dev (dpkg-source), perl,
# unicode-data and python3-six for scripts/build-wasm-deps.sh (apt-get source + RE2's tables);
# gzip for the size budget; the fonts are bundled into the page, cut by python3-fonttools
# (scripts/web-fonts.py) to the code points the app draws.
web=(emscripten binaryen chromium python3 python3-six unicode-data dpkg-dev perl ca-certificates
     fonts-inter fonts-dejavu-core python3-fonttools)
# node and npm: Debian's, unless the machine already has a node (npm then comes with it). The
# native tests need them too: tests/cli/sarif_test.cpp validates SARIF with ajv (tests/sarif/).
command -v node >/dev/null || native+=(nodejs)
command -v npm >/dev/null || native+=(npm)

want=("${native[@]}")
[[ "${1:-}" == "--web" ]] && want+=("${web[@]}")
[[ "${1:-}" == "--fuzz" ]] && want+=("${fuzz[@]}")

missing=()
for p in "${want[@]}"; do
  dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  SUDO=""; [[ $(id -u) -ne 0 ]] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The SARIF 2.1.0 schema (shipped by @microsoft/jest-sarif) and ajv, from tests/sarif's lockfile,
# for tests/cli/sarif_test.cpp. npm ci only when the installed ajv-draft-04 is not there yet.
if [[ ! -f tests/sarif/node_modules/ajv-draft-04/package.json ||
      ! -f tests/sarif/node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json ]]; then
  (cd tests/sarif && npm ci --no-audit --no-fund --ignore-scripts --silent)
fi

# The LSP client (vscode-languageserver-protocol over vscode-jsonrpc) of tests/lsp/*.test.mjs,
# which drive `config-inspector-cli lsp`, from tests/lsp's lockfile.
if [[ ! -f tests/lsp/node_modules/vscode-languageserver-protocol/package.json ]]; then
  (cd tests/lsp && npm ci --no-audit --no-fund --ignore-scripts --silent)
fi

# The VS Code extension's packages (vscode-languageclient; @vscode/vsce, which builds the .vsix),
# from editors/vscode's lockfile, for tests/lsp/vscode_extension.test.mjs.
if [[ ! -f editors/vscode/node_modules/@vscode/vsce/package.json ||
      ! -f editors/vscode/node_modules/vscode-languageclient/package.json ]]; then
  (cd editors/vscode && npm ci --no-audit --no-fund --ignore-scripts --silent)
fi

if [[ "${1:-}" == "--web" ]]; then
  # apt-get source needs a deb-src entry (scripts/build-wasm-deps.sh adds it too, when missing).
  if ! apt-cache showsrc re2 2>/dev/null | grep -q '^Package:'; then
    echo "setup: adding a deb-src entry for bookworm main"
    SUDO=""; [[ $(id -u) -ne 0 ]] && SUDO="sudo"
    echo 'deb-src http://deb.debian.org/debian bookworm main' | $SUDO tee /etc/apt/sources.list.d/deb-src.list >/dev/null
    $SUDO apt-get update -qq
  fi
  # playwright-core from the lockfile (no browser download: the tests drive /usr/bin/chromium).
  want_pw=$(sed -n 's/.*"playwright-core": "\([^"]*\)".*/\1/p' web/package.json)
  have_pw=""  # empty on a fresh clone: node_modules is not there yet
  if [[ -f web/node_modules/playwright-core/package.json ]]; then
    have_pw=$(sed -n 's/.*"version": "\([^"]*\)".*/\1/p' web/node_modules/playwright-core/package.json | head -1)
  fi
  if [[ "$have_pw" != "$want_pw" ]]; then
    (cd web && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --silent)
  fi
fi
