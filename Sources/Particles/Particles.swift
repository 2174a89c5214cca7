// Particles module: see docs/Architecture.md
