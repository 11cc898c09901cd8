#!/usr/bin/env python3
"""The verdict on one Google Benchmark JSON report (`make bench`): exit 1 when a benchmark reported
an error (`error_occurred`) or a result different from its baseline's (a counter `identical` of 0,
set by the suites that compare their answer with the naive baseline's in the same run)."""
import json
import sys

path = sys.argv[1]
try:
    report = json.load(open(path))
except (OSError, ValueError) as e:
    print(f"bench: {path}: no readable report ({e})")
    sys.exit(1)
bad = []
for b in report.get("benchmarks", []):
    if b.get("error_occurred"):
        bad.append(f"{b['name']}: error: {b.get('error_message', '')}")
    elif "identical" in b and float(b["identical"]) == 0:
        bad.append(f"{b['name']}: identical=0 (its result differs from the baseline's)")
if not report.get("benchmarks"):
    bad.append("no benchmark ran")
for line in bad:
    print(f"bench FAIL {path}: {line}")
sys.exit(1 if bad else 0)
