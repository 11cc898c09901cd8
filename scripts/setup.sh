#!/usr/bin/env bash
# Installs every Debian package Config Inspector needs. Idempotent: a quick no-op when all
# packages are present; runs `apt-get update` only when something is missing.
#   scripts/setup.sh          native build, tests, desktop app
#   scripts/setup.sh --web    also emscripten, chromium and the npm packages of web/
set -euo pipefail
cd "$(dirname "$0")/.."

native=(build-essential cmake pkg-config make
        libimgui-dev libglfw3-dev libgl-dev nlohmann-json3-dev libyaml-cpp-dev
        libre2-dev libprotobuf-dev protobuf-compiler libgtest-dev libgmock-dev libbenchmark-dev
        xvfb xauth fonts-inter fonts-dejavu-core)
web=(emscripten chromium nodejs python3 unicode-data python3-six dpkg-dev)

want=("${native[@]}")
[[ "${1:-}" == "--web" ]] && want+=("${web[@]}")

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

if [[ "${1:-}" == "--web" && -f web/package-lock.json ]]; then
  if [[ ! -d web/node_modules/playwright-core ]]; then
    (cd web && npm ci --no-audit --no-fund --silent)
  fi
fi
