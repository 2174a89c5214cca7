#!/usr/bin/env bash
# Builds and runs the tiny package that depends on Emitter by path: the three library products must build as
# dependencies (no unsafeFlags); a headless prototype using only the EmitterKit product and a ported iOS view
# using only the UIKitCompat product must run without linking SDL2; a windowed one using the SDLHost product
# must play frames on SDL's dummy driver.
set -euo pipefail
cd "$(dirname "$0")"
scratch=(${DEPENDENT_SCRATCH:+--scratch-path "$DEPENDENT_SCRATCH"})
swift build "${scratch[@]}" --product HeadlessPrototype
swift build "${scratch[@]}" --product PortedPrototype
swift build "${scratch[@]}" --product WindowPrototype
bin=$(swift build "${scratch[@]}" --show-bin-path)

# The EmitterKit and UIKitCompat products hold no SDL module (ProductTests checks the manifest), so their
# binaries need no libSDL2; the window prototype's does, which shows this check can tell them apart.
if ldd "$bin/HeadlessPrototype" | grep -i 'libSDL2'; then
    echo "check.sh: HeadlessPrototype links SDL2, but the EmitterKit product must not need it" >&2
    exit 1
fi
if ldd "$bin/PortedPrototype" | grep -i 'libSDL2'; then
    echo "check.sh: PortedPrototype links SDL2, but the UIKitCompat product must not need it" >&2
    exit 1
fi
# grep reads ldd's whole output (no -q): with pipefail, -q's early exit can kill ldd with SIGPIPE and make
# the pipeline fail although SDL2 is there.
if ! ldd "$bin/WindowPrototype" | grep 'libSDL2' >/dev/null; then
    echo "check.sh: WindowPrototype does not link SDL2; this check can no longer tell the products apart" >&2
    exit 1
fi

swift run "${scratch[@]}" --skip-build HeadlessPrototype
swift run "${scratch[@]}" --skip-build PortedPrototype
swift run "${scratch[@]}" --skip-build WindowPrototype
