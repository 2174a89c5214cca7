// PathGeometry module: see docs/Architecture.md
