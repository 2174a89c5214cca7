# Emitter: the two commands of the README, plus a few conveniences.
#   make run    installs what is missing, builds, and plays Scenes/fire.json (window, or PNG headless)
#   make test   installs what is missing and runs the whole test suite
#   make bench  release build with the speed flags, then every benchmark, recorded in
#               benchmarks/results/<machine>/latest.json with the docs' tables regenerated from it;
#               BENCH_ARGS="--filter scenes" runs only those figures and records nothing
SWIFT ?= swift
SCENE ?= Scenes/fire.json
# Speed flags for benchmarks live here, never as unsafeFlags in Package.swift.
BENCH_FLAGS ?= -Xswiftc -target-cpu -Xswiftc haswell -Xcc -march=haswell
BENCH_ARGS ?=
# Where full runs are recorded (one folder per machine), and the documents whose tables come from them.
BENCH_RESULTS ?= benchmarks/results
BENCH_DOCS ?= docs/Performance.md docs/Design.md README.md

.PHONY: setup run test bench build clean

setup:
	@scripts/setup.sh

run: setup
	$(SWIFT) run -c release emitter $(SCENE)

test: setup
	$(SWIFT) test

build: setup
	$(SWIFT) build

# The binary reports the flags it was built with (EMITTER_BENCH_FLAGS) and the commit it measured
# (EMITTER_BENCH_COMMIT, "+" when the tree has uncommitted changes). Only the report goes to stdout (the
# build's output goes to stderr), so `make bench BENCH_ARGS=--json > bench.json` is clean JSON. Without
# BENCH_ARGS the run is recorded (also when a figure could not run: the report lists it under failures)
# and the documents' tables are regenerated from the results; the command's exit status is kept.
bench: setup
	@echo "$(SWIFT) build -c release --scratch-path .build-bench $(BENCH_FLAGS) --product emitter" >&2
	@$(SWIFT) build -c release --scratch-path .build-bench $(BENCH_FLAGS) --product emitter >&2
	@status=0; \
	EMITTER_BENCH_FLAGS="$(BENCH_FLAGS)" EMITTER_BENCH_COMMIT="$$(git describe --always --dirty=+ --abbrev=12 2>/dev/null)" \
		.build-bench/release/emitter bench $(if $(BENCH_ARGS),$(BENCH_ARGS),--record $(BENCH_RESULTS)) || status=$$?; \
	if [ -z "$(BENCH_ARGS)" ]; then \
		scripts/bench-tables.py --results $(BENCH_RESULTS) --write $(BENCH_DOCS) || status=1; \
	fi; \
	exit $$status

clean:
	rm -rf .build .build-bench
