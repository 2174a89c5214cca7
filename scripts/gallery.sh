#!/bin/sh
# Regenerates docs/gallery/: one still or contact sheet per catalogue scene, rendered headless by the
# emitter CLI (deterministic: the same pictures on every machine). Run from the package root:
#   scripts/gallery.sh            (debug build; CONFIGURATION=release for a faster one)
set -eu
CONFIGURATION=${CONFIGURATION:-debug}
swift build -c "$CONFIGURATION" --product emitter >/dev/null
EMITTER="$(swift build -c "$CONFIGURATION" --show-bin-path)/emitter"
OUT=docs/gallery
mkdir -p "$OUT"

# still NAME SECONDS WxH: the frame at SECONDS.
still() { $EMITTER render "Scenes/$1.json" --duration "$2" --size "$3" --out "$OUT/$1.png" >/dev/null; echo "$OUT/$1.png"; }
# sheet NAME SECONDS COLSxROWS WxH: frames spread evenly over SECONDS, each WxH.
sheet() { $EMITTER render "Scenes/$1.json" --duration "$2" --contact-sheet "$3" --size "$4" --out "$OUT/$1.png" >/dev/null; echo "$OUT/$1.png"; }

still fire 3 480x360
still smoke 4 480x360
still sparks 3 480x360
still rain 2.5 480x360
still fireworks 3.4 480x360
sheet confetti 6 3x1 320x240
still snow 3 480x300
still emitter-explosion 3 360x360
still emitter-book 3 300x300
sheet replicator-ring 1 4x1 200x240
still reflection 2 360x360
still gradients 1 600x220
sheet bounce 1 6x1 150x162
sheet cubes 6 4x1 240x160
still galaxy 6 480x360
still trail 3.2 480x300

# Effects beyond Core Animation (docs/Particles.md, "Effects").
still fireworks-bursts 3.4 480x360
still smoke-billow 4 480x360
still rain-streaks 2.5 480x360
still paint 3 480x300
still flipbook-explosion 3 480x360
still comets 2.2 480x300

# Scenes written with other parts of the engine (physics coupling, shapes, text).
sheet crates 1.2 4x1 160x240
still shapes 2 480x360
still text 2 480x360
