# Emitter: the two commands of the README, plus a few conveniences.
#   make run    installs what is missing, builds, and plays Scenes/fire.json (window, or PNG headless)
#   make test   installs what is missing and runs the whole test suite
#   make bench  release build with the speed flags, then every benchmark (BENCH_ARGS="--filter scenes --json")
SWIFT ?= swift
SCENE ?= Scenes/fire.json
# Speed flags for benchmarks live here, never as unsafeFlags in Package.swift.
BENCH_FLAGS ?= -Xswiftc -target-cpu -Xswiftc haswell -Xcc -march=haswell
BENCH_ARGS ?=

.PHONY: setup run test bench build clean

setup:
	@scripts/setup.sh

run: setup
	$(SWIFT) run -c release emitter $(SCENE)

test: setup
	$(SWIFT) test

build: setup
	$(SWIFT) build

# The binary reports the flags it was built with from EMITTER_BENCH_FLAGS. Only the report goes to
# stdout (the build's output goes to stderr), so `make bench BENCH_ARGS=--json > bench.json` is clean JSON.
bench: setup
	@echo "$(SWIFT) build -c release --scratch-path .build-bench $(BENCH_FLAGS) --product emitter" >&2
	@$(SWIFT) build -c release --scratch-path .build-bench $(BENCH_FLAGS) --product emitter >&2
	@EMITTER_BENCH_FLAGS="$(BENCH_FLAGS)" .build-bench/release/emitter bench $(BENCH_ARGS)

clean:
	rm -rf .build .build-bench
