# Emitter: the two commands of the README, plus a few conveniences.
#   make run    installs what is missing, builds, and plays Scenes/fire.json (window, or PNG headless)
#   make test   installs what is missing and runs the whole test suite
SWIFT ?= swift
SCENE ?= Scenes/fire.json
# Speed flags for benchmarks live here, never as unsafeFlags in Package.swift.
BENCH_FLAGS ?= -Xswiftc -target-cpu -Xswiftc haswell -Xcc -march=haswell

.PHONY: setup run test bench build clean

setup:
	@scripts/setup.sh

run: setup
	$(SWIFT) run -c release emitter $(SCENE)

test: setup
	$(SWIFT) test

build: setup
	$(SWIFT) build

bench: setup
	$(SWIFT) run -c release --scratch-path .build-bench $(BENCH_FLAGS) emitter bench

clean:
	rm -rf .build .build-bench
