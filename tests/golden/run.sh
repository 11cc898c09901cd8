#!/usr/bin/env bash
# Golden tests: for every sample under samples/, the CLI's whole answer to `eval --format json
# --profile all SAMPLE` must equal its goldens:
#   tests/golden/<engine>/<sample>.json     stdout
#   tests/golden/<engine>/<sample>.status   "exit N", then stderr (so a changed exit code or a new
#                                           warning on stderr fails the test, not only new JSON)
# UPDATE_GOLDEN=1 rewrites them.
set -uo pipefail
cli="$1"
cd "$(dirname "$0")/../.."
fail=0; count=0
err=$(mktemp); trap 'rm -f "$err"' EXIT
while IFS= read -r sample; do
  rel=${sample#samples/}
  golden="tests/golden/${rel%.*}.json"
  status_golden="tests/golden/${rel%.*}.status"
  actual=$("$cli" eval --format json --profile all "$sample" 2>"$err"); rc=$?
  if [[ $rc -ge 124 ]]; then echo "CRASH/HANG $sample (status $rc)"; cat "$err"; fail=1; fi
  status=$(printf 'exit %d\n' "$rc"; cat "$err")
  count=$((count+1))
  if [[ "${UPDATE_GOLDEN:-0}" == 1 ]]; then
    mkdir -p "$(dirname "$golden")"; printf '%s\n' "$actual" > "$golden"; printf '%s\n' "$status" > "$status_golden"; continue
  fi
  for g in "$golden" "$status_golden"; do
    [[ -f "$g" ]] || { echo "MISSING $g: run UPDATE_GOLDEN=1 tests/golden/run.sh CLI"; fail=1; }
  done
  [[ -f "$golden" && -f "$status_golden" ]] || continue
  if ! diff -u "$golden" <(printf '%s\n' "$actual") > /tmp/cfgi-golden.diff; then
    echo "DIFF $sample"; head -40 /tmp/cfgi-golden.diff; fail=1
  fi
  if ! diff -u "$status_golden" <(printf '%s\n' "$status") > /tmp/cfgi-golden.diff; then
    echo "DIFF (exit status / stderr) $sample"; head -20 /tmp/cfgi-golden.diff; fail=1
  fi
done < <(find samples -name '*.scenario.yaml' | sort)
# A golden whose sample is gone is stale: it would keep a removed sample's answer "tested".
while IFS= read -r g; do
  base=${g#tests/golden/}; base=${base%.*}
  [[ -f "samples/$base.yaml" ]] || { echo "STALE $g: no samples/$base.yaml"; fail=1; }
done < <(find tests/golden -name '*.json' -o -name '*.status' | sort)
echo "golden: $count samples checked"
[[ $count -gt 0 ]] || { echo "golden: no samples found"; fail=1; }
exit $fail
