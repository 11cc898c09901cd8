#!/usr/bin/env bash
# Corpus tests (docs/formats.md, "Corpus"): files in the shapes users really have.
#
#   tests/corpus/real/<engine>/<case>        one input file, or a directory of files given together
#   tests/corpus/real/<engine>/<case>.args   optional: extra CLI arguments, one per line
#   tests/corpus/real/<engine>/<case>.golden first line "exit N", then the stdout of
#                                            `eval --format json --profile all [args] <case>`,
#                                            then, when stderr is not empty, a line "--- stderr"
#                                            and stderr
#
#   tests/corpus/malformed/<engine>/<case>         one bad input (or a directory)
#   tests/corpus/malformed/<engine>/<case>.args    optional extra CLI arguments, one per line
#   tests/corpus/malformed/<engine>/<case>.expect  first line "exit N" (`check` exit status), then
#                                                  one "CODE LINE:COL" per line: exactly the set of
#                                                  the diagnostics of `check --format json` (a missing
#                                                  one and an extra one both fail; line and column
#                                                  1-based; "CODE -" for no position)
#
# usage: run.sh CLI [real|malformed|all] [ENGINE]   UPDATE_GOLDEN=1 rewrites the real goldens and
# the malformed expectations (read the diff: every changed line must be explained by the change).
# ENGINE limits the run to tests/corpus/<which>/ENGINE: ctest runs one test per engine directory
# (tests/CMakeLists.txt), so the cases are spread over the machine's cores.
set -uo pipefail
cli="$1"; which="${2:-all}"; engine="${3:-*}"
cd "$(dirname "$0")/../.."
fail=0; real=0; bad=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT   # one per run: several run at once under ctest -j

inputs() {  # the case's input: a file, or every file of a directory (sorted)
  if [[ -d "$1" ]]; then find "$1" -type f | LC_ALL=C sort; else printf '%s\n' "$1"; fi
}
args_of() { [[ -f "$1.args" ]] && grep -v '^[[:space:]]*$' "$1.args" || true; }
is_case() { case "$1" in *.args|*.golden|*.expect|*/README.md) return 1;; esac; return 0; }

if [[ "$which" == all || "$which" == real ]]; then
  while IFS= read -r c; do
    is_case "$c" || continue
    real=$((real+1))
    mapfile -t extra < <(args_of "$c"); mapfile -t files < <(inputs "$c")
    out=$("$cli" eval --format json --profile all "${extra[@]}" "${files[@]}" 2>"$tmp/err"); rc=$?
    actual=$(printf 'exit %d\n%s\n' "$rc" "$out"; if [[ -s "$tmp/err" ]]; then echo "--- stderr"; cat "$tmp/err"; fi)
    if [[ $rc -ge 124 ]]; then echo "CRASH/HANG $c (status $rc)"; fail=1; fi
    if [[ "${UPDATE_GOLDEN:-0}" == 1 ]]; then printf '%s\n' "$actual" > "$c.golden"; continue; fi
    if [[ ! -f "$c.golden" ]]; then echo "MISSING $c.golden: run UPDATE_GOLDEN=1 $0 $cli real"; fail=1; continue; fi
    if ! diff -u "$c.golden" <(printf '%s\n' "$actual") > "$tmp/diff"; then
      echo "DIFF $c"; head -40 "$tmp/diff"; fail=1
    fi
  done < <(find tests/corpus/real/$engine -mindepth 1 -maxdepth 1 | LC_ALL=C sort)
  echo "corpus real: $real cases checked"
  [[ $real -gt 0 ]] || { echo "corpus real: no cases found"; fail=1; }
fi

if [[ "$which" == all || "$which" == malformed ]]; then
  while IFS= read -r c; do
    is_case "$c" || continue
    bad=$((bad+1))
    if [[ ! -f "$c.expect" ]]; then echo "MISSING $c.expect"; fail=1; continue; fi
    mapfile -t extra < <(args_of "$c"); mapfile -t files < <(inputs "$c")
    out=$(timeout 20 "$cli" check --format json --profile all "${extra[@]}" "${files[@]}" 2>/dev/null); rc=$?
    if [[ $rc -ge 124 ]]; then echo "HANG/CRASH $c (status $rc)"; fail=1; continue; fi
    got=$(printf '%s' "$out" | jq -r '[.. | objects | select(has("code") and has("severity"))]
          | .[] | "\(.code) \(if .line then "\(.line):\(.column)" else "-" end)"' 2>/dev/null | sort -u)
    want_exit=$(sed -n '1s/^exit //p' "$c.expect")
    if [[ "${UPDATE_GOLDEN:-0}" != 1 && "$rc" != "$want_exit" ]]; then echo "EXIT $c: got $rc, want $want_exit"; fail=1; fi
    want=$(sed 1d "$c.expect" | grep -v '^[[:space:]]*$' | LC_ALL=C sort -u)
    got=$(printf '%s\n' "$got" | grep -v '^$' | LC_ALL=C sort -u)
    if [[ "${UPDATE_GOLDEN:-0}" == 1 ]]; then printf 'exit %d\n%s\n' "$rc" "$got" | sed '/^$/d' > "$c.expect"; continue; fi
    while IFS= read -r w; do
      [[ -n "$w" ]] && echo "MISSING-DIAG $c: want '$w'"
    done < <(LC_ALL=C comm -23 <(printf '%s\n' "$want") <(printf '%s\n' "$got"))
    while IFS= read -r g; do
      [[ -n "$g" ]] && echo "EXTRA-DIAG $c: got '$g', which $c.expect does not list"
    done < <(LC_ALL=C comm -13 <(printf '%s\n' "$want") <(printf '%s\n' "$got"))
    [[ "$want" == "$got" ]] || fail=1
  done < <(find tests/corpus/malformed/$engine -mindepth 1 -maxdepth 1 | LC_ALL=C sort)
  echo "corpus malformed: $bad cases checked"
  [[ $bad -gt 0 ]] || { echo "corpus malformed: no cases found"; fail=1; }
fi
exit $fail
