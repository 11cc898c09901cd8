#!/usr/bin/env bash
# Golden tests: for every sample under samples/, the CLI's JSON (`eval --format json
# --profile all`) must equal tests/golden/<engine>/<sample>.json. UPDATE_GOLDEN=1 rewrites them.
set -uo pipefail
cli="$1"
cd "$(dirname "$0")/../.."
fail=0; count=0
while IFS= read -r sample; do
  rel=${sample#samples/}
  golden="tests/golden/${rel%.*}.json"
  actual=$("$cli" eval --format json --profile all "$sample" 2>/dev/null)
  count=$((count+1))
  if [[ "${UPDATE_GOLDEN:-0}" == 1 ]]; then
    mkdir -p "$(dirname "$golden")"; printf '%s\n' "$actual" > "$golden"; continue
  fi
  if [[ ! -f "$golden" ]]; then echo "MISSING golden for $sample: run UPDATE_GOLDEN=1 make test"; fail=1; continue; fi
  if ! diff -u "$golden" <(printf '%s\n' "$actual") > /tmp/cfgi-golden.diff; then
    echo "DIFF $sample"; head -40 /tmp/cfgi-golden.diff; fail=1
  fi
done < <(find samples -name '*.scenario.yaml' | sort)
echo "golden: $count samples checked"
exit $fail
