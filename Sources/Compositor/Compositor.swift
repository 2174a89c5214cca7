// Compositor module: see docs/Architecture.md
