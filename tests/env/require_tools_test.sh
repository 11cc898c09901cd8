#!/usr/bin/env bash
# Hides each required tool from PATH in turn and checks that scripts/require-tools.sh (what
# `make test` runs first) fails naming the tool and its Debian package; with everything visible
# it passes. PATH is rebuilt as a directory of links to every command on it except the hidden one
# (the system directories are not on the new PATH, so /usr/bin/chromium is hidden too).
set -uo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
fail=0

farm() {  # farm DIR HIDDEN: links to every executable on PATH (+ /usr/sbin, /sbin) but HIDDEN
  local dir=$1 hidden=$2 d f
  mkdir -p "$dir"
  for d in ${PATH//:/ } /usr/sbin /sbin; do
    [[ -d "$d" ]] || continue
    for f in "$d"/*; do
      local n=${f##*/}
      [[ "$n" == "$hidden" || -e "$dir/$n" || ! -x "$f" ]] && continue
      ln -s "$f" "$dir/$n"
    done
  done
}

check() {  # check SET TOOL PACKAGE
  local set=$1 tool=$2 pkg=$3 dir="$work/$2" out rc
  farm "$dir" "$tool"
  out=$(env PATH="$dir" "$dir/bash" "$src/scripts/require-tools.sh" "$set" 2>&1); rc=$?
  if [[ $rc -ne 1 ]]; then echo "FAIL hide $tool: exit $rc, want 1"; fail=1; return; fi
  if ! grep -q "'$tool' is missing" <<< "$out" || ! grep -q "install Debian's $pkg" <<< "$out"; then
    echo "FAIL hide $tool: the message does not name it and $pkg: $out"; fail=1; return
  fi
  echo "ok   hide $tool: $out"
}

# With every tool visible, each set passes (the machine `make test` runs on has them all).
farm "$work/all" ""
for set in native; do
  if ! env PATH="$work/all" "$work/all/bash" "$src/scripts/require-tools.sh" "$set"; then
    echo "FAIL nothing hidden: require-tools.sh $set fails"; fail=1
  fi
done
check native dnsmasq dnsmasq-base
check native grpc_cpp_plugin protobuf-compiler-grpc
check native xvfb-run xvfb
check native jq jq
check web chromium chromium
exit $fail
