# Config Inspector: the README's commands. Each target sets up what it needs.
#   make run     set up, build and open the desktop app with a sample
#   make test    set up, build and run every test (native, sanitizers, goldens, GUI smoke, web)
#   make check   the quick loop: build (native) and run the unit, CLI and golden tests only
#   make web     build the WebAssembly app and serve it at http://127.0.0.1:8080
#   make bench   run the benchmarks and print each ratio
#   make fuzz    run every fuzz target for FUZZ_SECONDS (default 60); FUZZ_TARGETS="txt cel" picks some
JOBS ?= $(shell nproc)
FUZZ_SECONDS ?= 60
FUZZ_MAX_LEN ?= 8192
FUZZ_TARGETS ?= $(notdir $(patsubst %_fuzzer.cpp,%,$(wildcard tests/fuzz/*_fuzzer.cpp)))
WEB_PORT ?= 8080
SAMPLE ?= samples/variants/basic-env.scenario.yaml

# Debian installs dnsmasq in /usr/sbin: on PATH for every target (the tests look it up there).
export PATH := $(PATH):/usr/sbin:/sbin

.PHONY: scale setup setup-web build run check test test-native test-asan test-web web web-build bench bench-build node-vs-native fuzz clean

setup:
	@scripts/setup.sh

setup-web:
	@scripts/setup.sh --web

build/native/CMakeCache.txt: | setup
	cmake --preset native

build: setup build/native/CMakeCache.txt
	cmake --build build/native -j$(JOBS)

run: build
	./build/native/app/gui/config-inspector $(SAMPLE)

test-native: build
	scripts/require-tools.sh native
	tests/env/require_tools_test.sh
	cd build/native && ctest --output-on-failure -j$(JOBS)

# The large-input scale test alone (tests/gui/scale.sh; `make test` runs it with the
# native tests): frames, time to results and RSS against the CLI's; then the web build's
# (web/tests/scale.mjs) when the wasm site is built.
scale: build
	cd build/native && ctest --output-on-failure -L scale
	@if [ -f build/wasm/site/index.html ]; then node --test web/tests/scale.mjs; else echo "scale: no build/wasm/site (make web-build): the web half is skipped"; fi

# A few minutes: no GUI smoke, sanitizers or web (ctest labels unit, cli, golden).
check: build
	cd build/native && ctest --output-on-failure -j$(JOBS) -L 'unit|cli|golden'

build/native-asan/CMakeCache.txt: | setup
	cmake --preset native-asan

test-asan: setup build/native-asan/CMakeCache.txt
	cmake --build build/native-asan -j$(JOBS)
	cd build/native-asan && ctest --output-on-failure -j$(JOBS) -L 'unit|cli|golden'

# ---- web: the WebAssembly app (preset wasm; dependencies from Debian source packages) ----
# scripts/build-wasm-deps.sh builds them once into ~/.cache/config-inspector/wasm-deps (about
# 3 minutes) and prints the prefix; the preset reads it from CFGI_WASM_DEPS.
web-build: setup-web
	@deps=$$(scripts/build-wasm-deps.sh | tail -1) && CFGI_WASM_DEPS=$$deps cmake --preset wasm >/dev/null
	cmake --build build/wasm -j$(JOBS)

web: web-build
	python3 scripts/serve-site.py --port $(WEB_PORT) --dir build/wasm/site

# Core unit tests, goldens and fuzz corpora compiled to WebAssembly under node; the core
# benchmarks under node against native (gate 2.5x on the mean, 5x worst; one round here, ~9 min:
# the script's default of two alternated rounds, ~12 min, is for measuring, docs/web.md); the
# browser tests in headless chromium, then the web half of the scale test (web/tests/scale.mjs).
# All run even when one fails; the target fails if any did.
test-web: web-build build
	scripts/require-tools.sh web
	@rc=0; \
	(cd build/wasm && ctest --output-on-failure -j$(JOBS)) || rc=1; \
	node --test web/tests/ || rc=1; \
	node --test web/tests/scale.mjs || rc=1; \
	BENCH_ROUNDS=$${BENCH_ROUNDS:-1} scripts/node-vs-native.sh build/native/tests/bench build/wasm/tests/bench || rc=1; \
	exit $$rc

bench-build: setup
	cmake --preset bench
	cmake --build build/bench -j$(JOBS)

node-vs-native: build web-build
	scripts/node-vs-native.sh build/native/tests/bench build/wasm/tests/bench

test: test-native test-asan test-web
	@echo "make test: all tests passed"

# Every suite; fails when one exits non-zero, reports an error, or reports a result different from
# its baseline's (a counter `identical` of 0): a faster wrong answer is not a figure.
bench: bench-build
	@rc=0; for b in build/bench/tests/bench/*_bench; do [ -x "$$b" ] || continue; \
	  "$$b" --benchmark_counters_tabular=true --benchmark_out=$$b.json --benchmark_out_format=json || rc=1; \
	  scripts/bench-verdict.py $$b.json || rc=1; done; exit $$rc

fuzz:
	@scripts/setup.sh --fuzz
	cmake --preset fuzz
	cmake --build build/fuzz -j$(JOBS)
	@# libFuzzer writes new inputs into the FIRST corpus directory: a scratch one under build/,
	@# the seeds in tests/fuzz/corpus/ are only read. Crash/timeout/OOM inputs go to
	@# build/fuzz/artifacts/<target>/; the loop stops at the first finding.
	@for n in $(FUZZ_TARGETS); do f=build/fuzz/tests/fuzz/$${n}_fuzzer; \
	  echo "== $$n ($(FUZZ_SECONDS) s)"; \
	  mkdir -p build/fuzz/corpus/$$n build/fuzz/artifacts/$$n; \
	  $$f -max_total_time=$(FUZZ_SECONDS) -timeout=5 -rss_limit_mb=2048 -max_len=$(FUZZ_MAX_LEN) \
	    -print_final_stats=1 -artifact_prefix=build/fuzz/artifacts/$$n/ \
	    build/fuzz/corpus/$$n tests/fuzz/corpus/$$n 2>&1 | tee build/fuzz/$$n.log | grep -v '^#[0-9]'; \
	  if ! grep -q 'Done [0-9]* runs' build/fuzz/$$n.log; then \
	    echo "fuzz: $$n found a problem; input saved in:"; ls -t build/fuzz/artifacts/$$n/ | sed "s|^|  build/fuzz/artifacts/$$n/|" | head -3; \
	    echo "  replay: $$f build/fuzz/artifacts/$$n/<file>"; exit 1; fi; \
	  grep -E '^#[0-9]+.*DONE' build/fuzz/$$n.log | tail -1; done

clean:
	rm -rf build
