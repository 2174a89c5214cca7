// EmitterKit module: see docs/Architecture.md
