#!/usr/bin/env python3
"""The Google Benchmark JSON side of scripts/node-vs-native.sh (docs/web.md "Budgets"):
    node_vs_native.py short NATIVE.json NODE.json   the benchmarks under 0.5 s an iteration in both
                                                    (but those with their own min_time), as a
                                                    --benchmark_filter regex (empty: none)
    node_vs_native.py report OUT MAX_RATIO MAX_WORST  each benchmark's fastest run per side over the
                                                    rounds in OUT (<prog>.<native|node>.<round>.json),
                                                    the ratios, their geometric mean and the gate
"""
import glob
import json
import math
import os
import re
import sys

UNIT_NS = {'ns': 1, 'us': 1e3, 'ms': 1e6, 's': 1e9}


def times(path, quiet=False):
    """{benchmark name: real time per iteration in ns} of one program's JSON output."""
    text = open(path).read()
    try:  # a benchmark that prints its own summary to stdout must not break the comparison
        d, _ = json.JSONDecoder().raw_decode(text[text.index('{'):])
    except ValueError:
        if not quiet:
            print(f"node-vs-native: {os.path.basename(path)} is not benchmark JSON; skipped")
        return {}
    return {b['name']: b['real_time'] * UNIT_NS[b.get('time_unit', 'ns')]
            for b in d['benchmarks'] if b.get('run_type', 'iteration') == 'iteration'}


def short(native_path, node_path):
    a, b = times(native_path, quiet=True), times(node_path, quiet=True)
    # Those with their own minimum time (`/min_time:`, 1-2 s of runs) are measured long enough once.
    names = [n for n in a if n in b and a[n] < 0.5e9 and b[n] < 0.5e9 and '/min_time:' not in n]
    print('^(' + '|'.join(re.sub(r'([][().*+?{}|^$\\])', r'\\\1', n) for n in names) + ')$' if names else '')
    return 0


def report(out, max_ratio, max_worst):
    ratios = []
    print(f"{'benchmark':48} {'native':>12} {'node':>12} {'node/native':>11} {'runs':>5}")
    for native_first in sorted(glob.glob(os.path.join(out, '*.native.1.json'))):
        prog = native_first[:-len('.native.1.json')]
        runs = {}
        def fastest(side):  # each benchmark's fastest run over the rounds
            best = {}
            for p in sorted(glob.glob(f"{prog}.{side}.*.json")):
                for n, t in times(p).items():
                    best[n] = min(t, best.get(n, t))
                    runs[n] = runs.get(n, 0) + 1
            return best
        native, node = fastest('native'), fastest('node')
        for name, t in native.items():
            if name not in node or t <= 0:
                continue
            r = node[name] / t
            ratios.append((r, name))
            print(f"{name:48} {t/1e3:10.1f}us {node[name]/1e3:10.1f}us {r:10.2f}x {runs[name] // 2:5d}")
    if not ratios:
        print('node-vs-native: no benchmark ran in both builds'); return 2
    geo = math.exp(sum(math.log(r) for r, _ in ratios) / len(ratios))
    worst, worst_name = max(ratios)
    print(f"node-vs-native: geometric mean {geo:.2f}x, worst {worst:.2f}x ({worst_name}) over {len(ratios)} benchmarks "
          f"(budget {max_ratio:.2f}x, worst {max_worst:.2f}x)")
    failed = False
    if worst > max_worst:
        print(f"node-vs-native: WORST OVER BUDGET ({worst_name} {worst:.2f}x > {max_worst:.2f}x)")
        failed = True
    if geo > max_ratio:
        # Built with native WebAssembly exceptions this is about 1.2x; with emscripten's JavaScript
        # exceptions (WASM_EH=js) it was 1.7-3x, so a failure here first suggests a mixed build.
        print(f"node-vs-native: OVER BUDGET ({geo:.2f}x > {max_ratio:.2f}x)")
        failed = True
    return 1 if failed else 0


if __name__ == '__main__':
    if len(sys.argv) == 4 and sys.argv[1] == 'short':
        sys.exit(short(sys.argv[2], sys.argv[3]))
    if len(sys.argv) == 5 and sys.argv[1] == 'report':
        sys.exit(report(sys.argv[2], float(sys.argv[3]), float(sys.argv[4])))
    sys.exit(__doc__)
