// Benchmarks module: see docs/Architecture.md
