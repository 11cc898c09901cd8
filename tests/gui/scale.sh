#!/usr/bin/env bash
# The scale test and benchmark (ctest gui_scale, label scale; `make test`
# runs it, and `make scale` alone): the desktop app under Xvfb on the largest inputs, against the CLI in the same run.
#   scale.sh APP CLI SOURCE_DIR OUT_DIR
# For each input: the CLI's answer to the app's question under /usr/bin/time -v (wall time, peak
# RSS): `eval --profile all --dataplane NAME` when the app's steps switch the dataplane (the whole
# answer, every profile, as the app's policy view asks it), else `check --profile all`,
# then the app with --frame-stats and --step (a dataplane, a profile and a tab switched by the
# state hooks, keys typed in the Source panel) under /usr/bin/time -v. Fails when
#   - any UI-thread frame after the first exceeds 50 ms of CPU (max_frame_ms); for the two 30 MB
#     cases, the 99th percentile frame exceeds 50 ms or any frame 100 ms (frames over 50 ms are
#     printed as a warning: CI's virtual machine, below),
#   - the app's peak RSS (not while typing: two evaluations alive by design), less its own fixed cost (the same app with no document, measured once in
#     this run: window, GL context and driver, fonts: ~120 MB under Xvfb's llvmpipe), exceeds 2x
#     the CLI's (the raw ratio is reported beside it),
#   - the app's time to results (results_ms) exceeds 1.3x the CLI's wall time plus the app's own
#     start-up (first_frame_shown_ms: window, GL context, fonts, the first frame on screen, which
#     the CLI does not have) plus the one frame that shows them (16.7 ms, or the slowest frame);
# and, on the 3.5 MB large-mesh.yaml opened alone, when a typed key costs 4 ms or more of UI thread
# on average over the median idle frame, both less the rendering of their draw data (software GL's
# rasterising, reported apart; an idle frame that shows what the screen has is not rendered); the
# worst key frame, rendering included, is reported and is under the 50 ms rule. Writes OUT_DIR/scale.md (the README's table) and scale.json.
# SCALE_ONLY=name runs one input; SCALE_SKIP_BIG=1 leaves out the generated 30 MB file.
set -euo pipefail
app=$1 cli=$2 src=$3 out=$4
mkdir -p "$out"
out=$(cd "$out" && pwd)
if [[ -z "${DISPLAY:-}" ]]; then
  exec xvfb-run -a -s '-screen 0 1440x900x24' "$0" "$@"
fi
started=$(date +%s)

# The generated 30 MB file: a Kuma mesh by samples/policy/gen-large-mesh.py at a larger size
# (186,000 MeshServices, 2,000 policies: 30 MB), regenerated only when missing.
big=$out/mesh-30mb.yaml
if [[ -z "${SCALE_SKIP_BIG:-}" && ! -s $big ]]; then
  python3 - "$src/samples/policy/gen-large-mesh.py" > "$big" <<'EOF'
import importlib.util, sys
spec = importlib.util.spec_from_file_location("gen", sys.argv[1])
gen = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gen)
gen.SERVICES = 186000
gen.TEAMS = 18600
gen.main()
EOF
fi

# name | file | steps (space-separated --step values) [| the CLI's file, when not `file`]
cases=(
  "large-mesh|$src/samples/policy/large-mesh.scenario.yaml|dataplane=api-1 profile=madr view=tab=2"
  "prefix-100k|$src/samples/matcher/prefix-100k.scenario.yaml|profile=envoy view=tab=1 view=tab=4"
  "list-1000|$src/samples/matcher/list-1000.scenario.yaml|profile=envoy view=tab=2"
  "realistic-snapshot|$src/samples/variants/realistic-snapshot.scenario.yaml|view=tab=1 view=tab=3"
  "typing-3.5MB|$src/samples/policy/large-mesh.yaml|type=40"
)
[[ -z "${SCALE_SKIP_BIG:-}" ]] && cases+=("mesh-30mb|$big|dataplane=api-1 profile=madr")
# File > Open of the 30 MB file once the app runs (read on a thread of its own, its lines indexed by
# the evaluation): the frame that opens it and every frame after stay under the budget.
[[ -z "${SCALE_SKIP_BIG:-}" ]] && cases+=("open-30mb|$src/samples/txt/canary-50.zone|open=$big dataplane=api-1|$big")

measure() {  # measure OUT_PREFIX CMD...: runs CMD under time -v; prints "wall_ms rss_kb status"
  # The wall time to the millisecond from the shell's clock (time -v prints it in hundredths: a
  # CLI run of a few ms read as 0 ms, and 1.3x 0 left the app no frame to show its results in).
  local prefix=$1; shift
  local t0 t1
  t0=$(date +%s%N)
  # The command's own exit status, as time -v reports it (a crash after the frame statistics were
  # written is a failure, not a figure): "Exit status: N", or 128+N for "Command terminated by signal N".
  # (`|| true` only keeps set -e from stopping here: the status is read from time's report below.)
  /usr/bin/time -v -o "$prefix.time" "$@" > "$prefix.stdout" 2> "$prefix.stderr" || true
  t1=$(date +%s%N)
  python3 - "$prefix.time" "$(( (t1 - t0) / 1000000 ))" <<'EOF'
import re, sys
t = open(sys.argv[1]).read()
rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", t).group(1))
sig = re.search(r"Command terminated by signal (\d+)", t)
st = re.search(r"Exit status: (\d+)", t)
status = 128 + int(sig.group(1)) if sig else int(st.group(1)) if st else 255
print(int(sys.argv[2]), rss, status)
EOF
}

# The app's fixed cost: the same app, no document (the welcome page), same size and frames.
rm -rf "$out/idle.settings"
read -r idle_ms idle_kb idle_rc < <(measure "$out/idle.app" "$app" --settings-dir "$out/idle.settings" --size 1440x900 \
  --frames 5 --frame-stats "$out/idle.frames.json")
echo "the app with no document: peak RSS $((idle_kb / 1024)) MB, $idle_ms ms to quit"
if [[ "$idle_rc" != 0 ]]; then echo "FAIL idle: the app with no document exited with status $idle_rc"; cat "$out/idle.app.stderr"; exit 1; fi

fail=0
rows=()
declare -A cli_seen cli_from  # a CLI question already measured: "ms kb status", and the case that did
echo "[" > "$out/scale.json"
first=1
for c in "${cases[@]}"; do
  IFS='|' read -r name file steps cli_file <<< "$c"
  [[ -n "${SCALE_ONLY:-}" && "$SCALE_ONLY" != "$name" ]] && continue
  size=$(stat -c %s "$file")
  # A case over budget is measured once more (CLI and app again, in the same conditions) before
  # it fails: both runs are printed; a budget missed twice fails the test.
  for attempt in 1 2; do
  # The CLI asks the question the app answers last: a case that switches the dataplane gets that
  # dataplane's whole answer under every profile (`eval --profile all --dataplane NAME`, printed as
  # text: the typed results and their comparison, as the app holds them); the others the
  # findings of every profile (`check --profile all --format json`).
  cli_args=(check --profile all --format json)
  for s in $steps; do
    [[ $s == dataplane=* ]] && cli_args=(eval --profile all --format text --dataplane "${s#dataplane=}")
  done
  # The same question on the same file was measured for an earlier case of this run (mesh-30mb
  # and open-30mb both ask the 30 MB mesh's whole answer, 65 s): its figures serve the first
  # attempt; a retry measures again beside the app's retry.
  key="${cli_args[*]}|${cli_file:-$file}"
  if [[ $attempt == 1 && -n "${cli_seen[$key]:-}" ]]; then
    read -r cli_ms cli_kb cli_rc <<< "${cli_seen[$key]}"
    echo "$name: the CLI's figures of ${cli_from[$key]} (the same question on the same file)"
  else
    read -r cli_ms cli_kb cli_rc < <(measure "$out/$name.cli" "$cli" "${cli_args[@]}" "${cli_file:-$file}")
    cli_seen[$key]="$cli_ms $cli_kb $cli_rc"
    cli_from[$key]=$name
  fi
  echo "$name: CLI ${cli_args[*]}" > "$out/$name.cli.args"
  # check and eval exit 0 (no error) or 1 (an error reported); anything else is a usage error or a crash.
  if [[ "$cli_rc" != 0 && "$cli_rc" != 1 ]]; then
    echo "FAIL $name: the CLI exited with status $cli_rc"; cat "$out/${cli_from[$key]}.cli.stderr" || true; fail=1; break
  fi
  step_args=()
  for s in $steps; do step_args+=(--step "$s"); done
  rm -rf "$out/$name.settings"
  read -r app_ms app_kb app_rc < <(measure "$out/$name.app" "$app" --settings-dir "$out/$name.settings" --size 1440x900 \
    --frames 5 --frame-stats "$out/$name.frames.json" "${step_args[@]}" "$file")
  if [[ "$app_rc" != 0 ]]; then
    echo "FAIL $name: the app exited with status $app_rc"; cat "$out/$name.app.stderr"; fail=1; break
  fi
  if [[ ! -s "$out/$name.frames.json" ]]; then
    echo "FAIL $name: the app wrote no frame statistics"; cat "$out/$name.app.stderr"; fail=1; break
  fi
  # The verdict: the table's row as JSON on stdout, the line for the log on stderr, exit 1 when
  # the case is over a budget.
  over=0
  verdict=$(python3 - "$out/$name.frames.json" "$name" "$size" "$cli_ms" "$cli_kb" "$app_ms" "$app_kb" "$idle_kb" <<'EOF'
import json, sys
stats = json.load(open(sys.argv[1]))
name, size, cli_ms, cli_kb, app_ms, app_kb, idle_kb = sys.argv[2], int(sys.argv[3]), *map(float, sys.argv[4:9])
problems = []
# The frame budget: 50 ms of UI-thread CPU for every frame after the first. The two 30 MB cases
# (186,000 MeshServices, 7.4 GB) are held to it on 99 % of their frames and to 100 ms (a freeze) on
# every frame until a CI run shows them under 50 ms: in CI's virtual machine (a paravirtualised
# guest: every system call and context switch is an exit to the hypervisor) their frames took
# 40-56 ms while this machine's took 0.5 ms; the causes found since (29 Nov, perf on the UI thread):
# four X round trips a frame in ImGui's GLFW backend, and the Source panel indexing the 30 MB file's
# lines in the frame that opened it (docs/performance.md "CI"). Their frames over 50 ms are printed
# as a warning with the same detail as a failure.
big_case = name.endswith("30mb")
max_budget = 100 if big_case else 50
def slowest():
    # Each with the part the kernel took (page faults; a paravirtualised hypervisor's exits), the
    # part rendering took and the wall clock.
    return ", ".join("%s ms (%s; kernel %s ms, rendering %s ms, wall %s ms)" % (
        s["ms"], s["tag"] or "load", s.get("kernel_ms", "?"), s.get("render_ms", "?"), s.get("wall_ms", "?"))
        for s in stats["slowest"][:3])
if big_case and stats["max_frame_ms"] > 50 and stats["p99_frame_ms"] <= 50:
    print("  WARN %s: %d frames over the 50 ms target (p99 %.1f ms, budget 50; every frame's 100): %s" % (
        name, stats["frames_over_50ms"], stats["p99_frame_ms"], slowest()), file=sys.stderr)
if big_case and stats["p99_frame_ms"] > 50:
    problems.append("the 99th percentile frame took %.1f ms > 50 ms" % stats["p99_frame_ms"])
if stats["max_frame_ms"] > max_budget:
    # With the machine's load average: a frame slow in the kernel on a loaded machine is the
    # machine's, one slow in the app's own code is a regression (both fail: the budget is the UI
    # thread's CPU).
    load = open("/proc/loadavg").read().split()[:3]
    problems.append("a UI-thread frame took %.1f ms > %d ms: %s; load average %s" % (stats["max_frame_ms"], max_budget, slowest(), " ".join(load)))
# The memory budget (docs/performance.md): the inputs opened (large-mesh, the 30 MB mesh, the others). The
# typing case keeps two evaluations alive by design (the view draws the last one while the worker
# makes the next): its memory is reported, its budget is the cost of a key.
if not name.startswith("typing") and app_kb - idle_kb > 2 * cli_kb:
    problems.append("peak RSS %.0f MB, %.0f MB over the app's own %.0f MB, > 2x the CLI's %.0f MB"
                    % (app_kb / 1024, (app_kb - idle_kb) / 1024, idle_kb / 1024, cli_kb / 1024))
results = stats["results_ms"]
# The app's own start-up: until its first frame is on screen (window, GL context, fonts, and the
# first frame's draw under Xvfb's software GL: ~60 ms), which the CLI does not have.
startup = stats.get("first_frame_shown_ms") or stats["first_frame_ms"]
# The results need one frame after they arrive (the CLI prints them): a 60 Hz frame, or the
# slowest frame's CPU when longer (at most the 50 ms budget above).
frame_ms = max(1000 / 60, min(50, stats["max_frame_ms"]))
if results is None:
    problems.append("no results were shown")
elif not name.startswith(("typing", "open")) and results > 1.3 * cli_ms + startup + frame_ms:
    problems.append("results after %.0f ms > 1.3x the CLI's %.0f ms + the app's start-up %.0f ms + one frame %.0f ms"
                    % (results, cli_ms, startup, frame_ms))
key = key_max = key_render = None
for tag, t in stats["tags"].items():
    # The key frames of a typing step (tagged "type=N keys" while the keys are typed): the UI
    # thread's mean cost per key over the median frame, and the worst key (also under the 50 ms
    # frame budget above: the first key after an evaluation copies the text it shares).
    # The app's work (the frame less the rendering of its draw data, which under Xvfb's software
    # GL is the driver's rasterising: a key's frame is rendered, the idle frame it is compared
    # with is not; reported apart as "render").
    if tag.startswith("type=") and tag.endswith(" keys"):
        key = t["mean_build_ms"] - stats["median_build_ms"]
        key_max = t["max_ms"] - stats["median_frame_ms"]
        key_render = t["mean_render_ms"]
        if key >= 4:
            problems.append("a typed key cost %.1f ms of UI thread on average over an idle frame (%.1f ms) >= 4 ms"
                            % (key, stats["median_build_ms"]))
if name.startswith("typing") and key is None:
    problems.append("no key frames were recorded (tag 'type=N keys')")
row = {"name": name, "bytes": size, "cli_ms": cli_ms, "cli_mb": round(cli_kb / 1024), "app_results_ms": results,
       "app_first_frame_ms": startup, "app_mb": round(app_kb / 1024),
       "app_idle_mb": round(idle_kb / 1024), "app_net_mb": round((app_kb - idle_kb) / 1024),
       "max_frame_ms": stats["max_frame_ms"], "p99_frame_ms": stats["p99_frame_ms"], "frames": stats["frames"],
       "key_ms": None if key is None else round(key, 2),
       "key_max_ms": None if key_max is None else round(key_max, 2),
       "key_render_ms": None if key_render is None else round(key_render, 2), "problems": problems}
print(json.dumps(row))
r = row
ratio = lambda a, b: "%.2f" % (a / b) if a and b else "-"
print("%-20s %6.1f MB  CLI %6.0f ms %5d MB | app results %6s ms (%s x) %5d MB (%s x; less its own %d MB: %s x) | frames %d max %.1f ms p99 %.1f ms%s"
      % (r["name"], r["bytes"] / 1e6, r["cli_ms"], r["cli_mb"], r["app_results_ms"], ratio(r["app_results_ms"], r["cli_ms"]),
         r["app_mb"], ratio(r["app_mb"], r["cli_mb"]), r["app_idle_mb"], ratio(r["app_net_mb"], r["cli_mb"]),
         r["frames"], r["max_frame_ms"], r["p99_frame_ms"],
         "" if r["key_ms"] is None else " | key %.2f ms + render %.2f ms (worst frame %.2f ms)" % (r["key_ms"], r["key_render_ms"], r["key_max_ms"])), file=sys.stderr)
for p in problems:
    print("  FAIL: " + p, file=sys.stderr)
sys.exit(1 if problems else 0)
EOF
) || over=1
  if [[ $over == 0 || $attempt == 2 ]]; then  # the table keeps the case's last measurement
    [[ $first == 1 ]] || echo "," >> "$out/scale.json"
    first=0
    echo "$verdict" >> "$out/scale.json"
  fi
  [[ $over == 0 ]] && break
  if [[ $attempt == 2 ]]; then fail=1; else echo "  $name over budget: measuring it again"; fi
  done
done
echo "]" >> "$out/scale.json"

python3 - "$out/scale.json" > "$out/scale.md" <<'EOF'
import json, sys
rows = json.load(open(sys.argv[1]))
print("| input | size | CLI (the same question: `eval --profile all --dataplane NAME` for a dataplane switch, else `check --profile all`) | app: results shown | app: first frame | CLI peak RSS | app peak RSS (÷ CLI) | app less its own cost (÷ CLI) | longest UI frame after the first (p99) | typed key |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for r in rows:
    res = "%.0f ms" % r["app_results_ms"] if r["app_results_ms"] is not None else "-"
    print("| %s | %.1f MB | %.0f ms | %s | %.0f ms | %d MB | %d MB (%.2fx) | %d MB (%.2fx) | %.1f ms (%.1f ms) | %s |" % (
        r["name"], r["bytes"] / 1e6, r["cli_ms"], res, r["app_first_frame_ms"], r["cli_mb"], r["app_mb"],
        r["app_mb"] / max(1, r["cli_mb"]), r["app_net_mb"], r["app_net_mb"] / max(1, r["cli_mb"]),
        r["max_frame_ms"], r["p99_frame_ms"],
        "-" if r["key_ms"] is None else "%.2f ms + render %.2f ms (worst frame %.2f ms)" % (r["key_ms"], r["key_render_ms"], r["key_max_ms"])))
EOF
echo "scale test took $(( $(date +%s) - started )) s; table in $out/scale.md"
exit $fail
