#!/usr/bin/env bash
# Installs the Debian packages Emitter needs, only those that are missing. Safe to run repeatedly.
# Uses sudo only when not root; never asks questions (DEBIAN_FRONTEND=noninteractive).
set -euo pipefail

packages=(
  pkg-config
  libchipmunk-dev   # Chipmunk2D 7.0.3: physics (CChipmunk)
  libsdl2-dev       # SDL2: the window (CSDL2)
  libpng-dev        # libpng: PNG images (CPNG)
  libfreetype-dev   # FreeType: CATextLayer glyphs (CFreeType)
  fonts-dejavu-core # DejaVu Sans: the default font
  zlib1g-dev        # zlib: gzip-compressed textures in Particle Designer files (CZlib)
  python3           # scripts/bench-tables.py: the benchmark tables of the docs (checked by the tests)
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq >&2
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

# Python's jsonschema: the test suite checks the scenes against scene.schema.json with it. pip serves
# a Python of one's own (pyenv, a virtualenv); Debian's python3 takes the Debian package.
if ! python3 -c 'import jsonschema' >/dev/null 2>&1; then
  echo "setup: installing Python's jsonschema" >&2
  if ! python3 -m pip install --quiet jsonschema >&2; then
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq >&2
    $sudo apt-get install -y -qq --no-install-recommends python3-jsonschema >&2
  fi
fi

if ! command -v swift >/dev/null 2>&1; then
  echo "setup: the Swift toolchain (6.0 or later) is not on PATH; install it from swift.org" >&2
  exit 1
fi
