#!/usr/bin/env bash
# Counts the public declarations `import EmitterKit` brings (EmitterKit and the modules it re-exports),
# per module, from the symbol graphs SwiftPM writes (synthesized members left out). With --list, prints
# every declaration instead ("Module kind path"), for reviewing what is public.
#   scripts/public-surface.sh           # counts per module and the total
#   scripts/public-surface.sh --list    # one line per declaration
set -euo pipefail
cd "$(dirname "$0")/.."
log="${TMPDIR:-/tmp}/public-surface.log"
swift package dump-symbol-graph --skip-synthesized-members --minimum-access-level public >"$log" 2>&1 || {
    cat "$log" >&2
    exit 1
}
graphs=$(swift build --show-bin-path 2>/dev/null)/../symbolgraph
# EmitterKit and its @_exported imports (Sources/EmitterKit/EmitterKit.swift).
modules=(EmitterKit $(sed -n 's/^@_exported import \([A-Za-z]*\).*/\1/p' Sources/EmitterKit/EmitterKit.swift))
for module in "${modules[@]}"; do
    for graph in "$graphs/$module.symbols.json" "$graphs/$module"@*.symbols.json; do
        [ -f "$graph" ] || continue
        python3 -c '
import json, sys
module, path = sys.argv[1], sys.argv[2]
for s in json.load(open(path))["symbols"]:
    print(module, s["kind"]["identifier"], ".".join(s["pathComponents"]))
' "$module" "$graph"
    done
done | sort >"${TMPDIR:-/tmp}/public-surface.txt"
if [ "${1:-}" = "--list" ]; then
    cat "${TMPDIR:-/tmp}/public-surface.txt"
else
    awk '{ n[$1]++ } END { for (m in n) printf "%-12s %5d\n", m, n[m] }' "${TMPDIR:-/tmp}/public-surface.txt" | sort
    printf "%-12s %5d\n" total "$(wc -l <"${TMPDIR:-/tmp}/public-surface.txt")"
fi
