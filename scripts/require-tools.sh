#!/usr/bin/env bash
# The test environment is complete or the run fails: every tool a test needs is on PATH, else
# this names the tool and the Debian package that has it and exits 1 (`make test` runs it first,
# after scripts/setup.sh installed what the machine lacked). No test skips for a missing tool.
#   scripts/require-tools.sh native   the native tests (ctest in build/native, build/native-asan)
#   scripts/require-tools.sh web      the web tests (ctest in build/wasm, web/tests/)
# tests/env/require_tools_test.sh hides each tool from PATH and checks that this fails naming it.
set -uo pipefail
# Debian installs dnsmasq in /usr/sbin, which a non-root PATH may lack: the Makefile appends
# /usr/sbin:/sbin to PATH, and the tests find dnsmasq on PATH as this does.

# tool:package:what needs it
native=("dnsmasq:dnsmasq-base:the live DNS tests (tests/cli/live_test.cpp, tests/gui/live.sh)"
        "grpc_cpp_plugin:protobuf-compiler-grpc:the CSDS live source and its tests (app/live/proto, tests/cli/csds_test.cpp)"
        "xvfb-run:xvfb:the GUI tests (tests/gui/)"
        "xdotool:xdotool:the desktop input test (tests/gui/x_input_test.sh)"
        "jq:jq:the corpus tests (tests/corpus/run.sh)"
        "script:bsdutils:the terminal colour test (tests/cli/text_format_test.cpp)"
        "node:nodejs:the SARIF schema test (tests/cli/sarif_test.cpp)"
        "python3:python3:the scale test and the test summaries")
web=("chromium:chromium:the browser tests (web/tests/)"
     "node:nodejs:the browser tests and the wasm tests"
     "emcc:emscripten:the WebAssembly build")

case "${1:-}" in
  native) want=("${native[@]}") ;;
  web) want=("${web[@]}") ;;
  *) echo "usage: $0 native|web" >&2; exit 2 ;;
esac
fail=0
for t in "${want[@]}"; do
  IFS=: read -r tool pkg why <<< "$t"
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "make test: '$tool' is missing (needed by $why): install Debian's $pkg (scripts/setup.sh installs it)" >&2
    fail=1
  fi
done
exit $fail
