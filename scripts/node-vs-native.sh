#!/usr/bin/env bash
# Runs every core benchmark natively and compiled to WebAssembly under node, in one run, and
# prints the slowdown of each (node time / native time) with their geometric mean. Fails when the
# geometric mean is past MAX_RATIO or the worst single ratio past MAX_WORST (docs/web.md "Budgets
# and measurements": the targets are 1.2x and 1.6x; the defaults are the figures measured on the
# 2-core machine plus a margin for its drift: mean 1.6, worst 3.0 since 7 Dec evening (two-round
# runs then 1.12-1.20x, worst 1.50-1.83x; one-round runs that day up to 1.25x, worst 2.12x),
# 2.5 and 5.0 before. The default
# WebAssembly build is threaded since 30 Nov, and its allocator takes a lock per call: with
# emscripten's dlmalloc behind a pthread mutex, mean 1.76x, worst 3.74x on 30 Nov and 1.35x, worst
# 3.16x on 6 Dec (idle machine); with dlmalloc's spin locks (CFGI_WASM_SPIN_MALLOC, CMakeLists.txt,
# the default since 6 Dec) 1.18x, worst 2.01x (BM_LoadTextProto/1000) in the same session and
# 1.24x, worst 2.32x in a second run: the targets NOT reached).
# Warm-up: each benchmark first runs BENCH_WARMUP seconds (default 0.5) unmeasured, natively and
# under node alike. Without it the first benchmarks of each program were timed on V8's baseline
# (Liftoff) code while the optimised (TurboFan) code was still compiling in the background: on a
# loaded machine BM_Compiled measured 27x and BM_DecodeFast 6.3x, the same code 1.7-1.9x warm.
# Both sides are measured in this run, one after the other, so a loaded machine slows both.
#   scripts/node-vs-native.sh [NATIVE_BENCH_DIR] [WASM_BENCH_DIR]
# defaults: build/native/tests/bench and build/wasm/tests/bench (make build / make web-build).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/.."
native_dir=${1:-build/native/tests/bench}
wasm_dir=${2:-build/wasm/tests/bench}
max_ratio=${MAX_RATIO:-1.6}
max_worst=${MAX_WORST:-3.0}
min_time=${BENCH_MIN_TIME:-0.2}
warmup=${BENCH_WARMUP:-0.5}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Rounds (BENCH_ROUNDS, default 2): each program runs natively and under node, then again for the
# benchmarks that took under 0.5 s an iteration on both sides (the long ones, seconds each, and
# those with their own minimum time of 1-2 s are measured once); each benchmark's time is its fastest run on each side. On 6 Dec two runs of one
# round each over the same builds gave means of 1.11x and 1.22x and single native times 40 %
# apart: the machine's speed drifts over minutes, and the fastest of two alternated runs is the
# least disturbed.
rounds=${BENCH_ROUNDS:-2}
found=0
for js in "$wasm_dir"/*_bench.js; do
  [[ -f "$js" ]] || continue
  name=$(basename "$js" .js)
  if [[ ! -x "$native_dir/$name" ]]; then echo "node-vs-native: no native $native_dir/$name" >&2; exit 2; fi
  found=1
  filter=${BENCH_FILTER:-}
  for ((round = 1; round <= rounds; round++)); do
    if ((round > 1)); then
      filter=$(/usr/bin/python3 "$here/node_vs_native.py" short "$out/$name.native.1.json" "$out/$name.node.1.json")
      [[ -n "$filter" ]] || break
    fi
    # Same filter, same minimum time; JSON on stdout.
    "$native_dir/$name" --benchmark_format=json --benchmark_min_time="$min_time" \
      --benchmark_min_warmup_time="$warmup" ${filter:+--benchmark_filter="$filter"} >"$out/$name.native.$round.json"
    /usr/bin/node --no-experimental-fetch "$js" --benchmark_format=json --benchmark_min_time="$min_time" \
      --benchmark_min_warmup_time="$warmup" ${filter:+--benchmark_filter="$filter"} >"$out/$name.node.$round.json"
  done
done
if ((!found)); then echo "node-vs-native: no benchmarks in $wasm_dir" >&2; exit 2; fi

/usr/bin/python3 "$here/node_vs_native.py" report "$out" "$max_ratio" "$max_worst"
