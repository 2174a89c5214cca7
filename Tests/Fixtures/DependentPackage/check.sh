#!/usr/bin/env bash
# Builds and runs the tiny package that depends on Emitter by path: the library product must build as a
# dependency (no unsafeFlags) and a prototype using only its public API must run.
set -euo pipefail
cd "$(dirname "$0")"
swift build ${DEPENDENT_SCRATCH:+--scratch-path "$DEPENDENT_SCRATCH"}
swift run ${DEPENDENT_SCRATCH:+--scratch-path "$DEPENDENT_SCRATCH"} --skip-build Prototype
